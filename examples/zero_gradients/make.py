"""zero_gradients: a small bag-of-words sentiment classifier trained with a
custom compute_loss whose loss is built from detached logits. Autograd then
refuses to backpropagate ("element 0 of tensors does not require grad"), and
the bug was "fixed" with loss.requires_grad_(True): backward() now runs, but no
parameter receives a gradient. The gradient norm is exactly 0 at every log and
the loss never moves. Printed the way transformers.Trainer prints to a file
(tqdm bar, one dict per logging step).

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import random
import sys
import time

import torch
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402


torch.manual_seed(0)
random.seed(0)
POS = ["great", "wonderful", "loved", "excellent", "fun", "moving", "brilliant", "charming"]
NEG = ["boring", "awful", "hated", "dull", "weak", "messy", "tedious", "clumsy"]
NEUTRAL = ["the", "film", "plot", "actors", "was", "and", "a", "story", "music", "ending", "it", "very"]
VOCAB = {w: i for i, w in enumerate(POS + NEG + NEUTRAL)}


def review(label):
    words = random.choices(NEUTRAL, k=12) + random.choices(POS if label else NEG, k=2) \
        + random.choices(NEG if label else POS, k=random.randint(0, 1))
    v = torch.zeros(len(VOCAB))
    for w in words:
        v[VOCAB[w]] += 1
    return v


labels = [random.randint(0, 1) for _ in range(4000)]
X = torch.stack([review(y) for y in labels])
Y = torch.tensor(labels)

EPOCHS, BATCH, LR, LOG_STEPS = 3, 32, 5e-4, 10
model = nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(), nn.Linear(64, 2))
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.0)
steps_per_epoch = len(X) // BATCH
total = EPOCHS * steps_per_epoch
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.0, 1 - s / total))


def compute_loss(logits, labels):
    # BUG: the logits are detached (to "save memory"); requires_grad_ was added
    # afterwards to silence the autograd error, so backward() reaches nothing.
    loss = F.cross_entropy(logits.detach(), labels)
    loss.requires_grad_(True)
    return loss


hf_header(len(X), EPOCHS, BATCH, total, sum(p.numel() for p in model.parameters()))
bar = hf_bar(total)
step, tr_loss, sum_loss, t_start = 0, 0.0, 0.0, time.time()
for epoch in range(EPOCHS):
    perm = torch.randperm(len(X))
    for b in range(steps_per_epoch):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        loss = compute_loss(model(X[idx]), Y[idx])
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        tr_loss += loss.item()
        sum_loss += loss.item()
        bar.update(1)
        if step % LOG_STEPS == 0:
            hf_log(bar, {"loss": round(tr_loss / LOG_STEPS, 4), "grad_norm": grad_norm.item(),
                         "learning_rate": sched.get_last_lr()[0], "epoch": round(step / steps_per_epoch, 2)})
            tr_loss = 0.0
runtime = time.time() - t_start
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "train_loss": sum_loss / total, "epoch": float(EPOCHS)})
bar.close()
