"""nan_metrics: supervised fine-tuning of a small character-level GPT on
question/answer pairs (loss on the answer tokens only). The training split was
filtered to examples that fit MAX_LEN, the evaluation split was not: one eval
example has a preamble so long that truncation cuts its answer away, all its
labels are -100, its loss is NaN, and so is eval_loss at every evaluation,
while the training loss is fine. Written as transformers.Trainer writes
trainer_state.json (bare NaN included).

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import os
import sys
import time

import torch
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hf_trainer import print_trainer_state  # noqa: E402
from qa_toy import CHARS, encode, make_pairs  # noqa: E402
from toy_gpt import GPT  # noqa: E402


def fits(pair):
    return len(pair[0]) + len(pair[1]) <= MAX_LEN


torch.manual_seed(0)
MAX_LEN, EPOCHS, BATCH, LR, LOG_STEPS, EVAL_STEPS = 64, 3, 8, 1e-3, 10, 50
train = [p for p in make_pairs(800, seed=1, long_frac=0.125) if fits(p)]  # filtered ...
evals = make_pairs(40, seed=2, long_frac=0.05)                             # ... this one is not
model = GPT(len(CHARS), d=32, block_size=MAX_LEN)
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.0)
steps_per_epoch = len(train) // BATCH
total = EPOCHS * steps_per_epoch
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 20) * max(0.0, 1 - s / total))


def collate(pairs):
    xs, ys = zip(*(encode(p, MAX_LEN) for p in pairs))
    n = max(len(x) for x in xs)
    x = torch.stack([F.pad(x, (0, n - len(x))) for x in xs])
    y = torch.stack([F.pad(y, (0, n - len(y)), value=-100) for y in ys])
    return x, y


@torch.no_grad()
def evaluate(step):
    model.eval()
    t0 = time.time()
    losses = [model(*collate([p]))[1].item() for p in evals]  # per_device_eval_batch_size=1
    dt = time.time() - t0
    model.train()
    return {"epoch": round(step / steps_per_epoch, 4), "eval_loss": sum(losses) / len(losses),
            "eval_runtime": round(dt, 4), "eval_samples_per_second": round(len(evals) / dt, 3),
            "eval_steps_per_second": round(len(evals) / dt, 3), "step": step}


history, step, tr_loss, sum_loss, t_start = [], 0, 0.0, 0.0, time.time()
for epoch in range(EPOCHS):
    perm = torch.randperm(len(train)).tolist()
    for b in range(steps_per_epoch):
        x, y = collate([train[i] for i in perm[b * BATCH:(b + 1) * BATCH]])
        _, loss = model(x, y)
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        tr_loss += loss.item()
        sum_loss += loss.item()
        if step % LOG_STEPS == 0:
            history.append({"epoch": round(step / steps_per_epoch, 4), "grad_norm": grad_norm.item(),
                            "learning_rate": sched.get_last_lr()[0], "loss": round(tr_loss / LOG_STEPS, 4),
                            "step": step})
            tr_loss = 0.0
        if step % EVAL_STEPS == 0:
            history.append(evaluate(step))
runtime = time.time() - t_start
history.append({"epoch": float(EPOCHS), "step": step, "total_flos": 0.0, "train_loss": sum_loss / step,
                "train_runtime": round(runtime, 4), "train_samples_per_second": round(step * BATCH / runtime, 3),
                "train_steps_per_second": round(step / runtime, 3)})
print_trainer_state(history, step, total, EPOCHS, LOG_STEPS, EVAL_STEPS, BATCH)
