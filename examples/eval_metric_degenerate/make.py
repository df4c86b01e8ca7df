"""eval_metric_degenerate: a 10-class intent classifier fine-tuned with a
compute_metrics that decodes the predictions to label names
(id2label[pred] -> "play_music") and compares them with the gold labels,
which the dataset stores as integer ids. A string never equals an int, so
eval_accuracy is exactly 0.0 at every evaluation, while eval_loss falls as
the model learns. Saved as transformers.Trainer saves trainer_state.json.

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import os
import sys

import torch
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hf_trainer import print_trainer_state  # noqa: E402


torch.manual_seed(0)
# Ten classes of noisy 64-feature prototypes (the task of the overfitting example).
prototypes = torch.randn(10, 64)
g = torch.Generator().manual_seed(1)
y_all = torch.randint(10, (6000,), generator=g)
x_all = prototypes[y_all] * 0.35 + torch.randn(6000, 64, generator=g)
ID2LABEL = ["book_flight", "cancel_order", "check_balance", "play_music", "set_alarm", "weather",
            "find_recipe", "call_contact", "translate", "smalltalk"]
x_train, y_train, x_val, y_val = x_all[:5000], y_all[:5000], x_all[5000:], y_all[5000:]
EPOCHS, BATCH, LR, LOG_STEPS, EVAL_STEPS = 3, 32, 1e-3, 10, 50


def compute_metrics(predictions, label_ids):
    preds = [ID2LABEL[p] for p in predictions.tolist()]  # names ...
    labels = label_ids.tolist()                          # ... against integer ids
    return {"accuracy": sum(p == l for p, l in zip(preds, labels)) / len(labels)}


model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10))
opt = torch.optim.AdamW(model.parameters(), lr=LR)
steps_per_epoch = len(x_train) // BATCH
total = EPOCHS * steps_per_epoch
history, step, tr_loss, sum_loss = [], 0, 0.0, 0.0
for epoch in range(EPOCHS):
    perm = torch.randperm(len(x_train))
    for b in range(steps_per_epoch):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        loss = F.cross_entropy(model(x_train[idx]), y_train[idx])
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1
        tr_loss += loss.item()
        sum_loss += loss.item()
        if step % LOG_STEPS == 0:
            history.append({"epoch": round(step / steps_per_epoch, 4), "grad_norm": grad_norm.item(),
                            "learning_rate": LR, "loss": round(tr_loss / LOG_STEPS, 4), "step": step})
            tr_loss = 0.0
        if step % EVAL_STEPS == 0:
            with torch.no_grad():
                logits = model(x_val)
            history.append({"epoch": round(step / steps_per_epoch, 4),
                            "eval_accuracy": compute_metrics(logits.argmax(1), y_val)["accuracy"],
                            "eval_loss": F.cross_entropy(logits, y_val).item(), "eval_runtime": 0.0131,
                            "eval_samples_per_second": 76335.878, "eval_steps_per_second": 2385.5, "step": step})
history.append({"epoch": float(EPOCHS), "step": step, "total_flos": 0.0, "train_loss": sum_loss / step,
                "train_runtime": 3.4, "train_samples_per_second": 4411.8, "train_steps_per_second": 137.9})
print_trainer_state(history, step, total, EPOCHS, LOG_STEPS, EVAL_STEPS, BATCH)
