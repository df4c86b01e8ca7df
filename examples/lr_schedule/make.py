"""lr_schedule: a bag-of-words topic classifier trained for 3 epochs with a
linear warm-up/decay schedule that was given the number of steps of ONE epoch
(len(train_dataloader)) instead of epochs * len(train_dataloader). The rate
reaches 0 at the end of the first epoch and stays there (the schedule clamps
at 0): two thirds of the run train nothing. Printed the way
transformers.Trainer prints to a file.

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
TOPICS = {
    "sport": ["match", "goal", "team", "coach", "season", "league", "score", "player"],
    "tech": ["chip", "software", "phone", "cloud", "robot", "data", "startup", "battery"],
    "food": ["recipe", "bread", "sauce", "chef", "oven", "spice", "market", "dinner"],
    "travel": ["flight", "hotel", "island", "museum", "train", "beach", "visa", "map"],
}
COMMON = ["the", "a", "new", "report", "says", "this", "week", "more", "people", "city", "year", "big"]
WORDS = sorted({w for ws in TOPICS.values() for w in ws} | set(COMMON))
VOCAB = {w: i for i, w in enumerate(WORDS)}
NAMES = sorted(TOPICS)


def article(label):
    own = TOPICS[NAMES[label]]
    other = TOPICS[NAMES[random.randrange(len(NAMES))]]
    words = random.choices(COMMON, k=14) + random.choices(own, k=2) + random.choices(other, k=2)
    v = torch.zeros(len(VOCAB))
    for w in words:
        v[VOCAB[w]] += 1
    return v


labels = [random.randrange(len(NAMES)) for _ in range(3200)]
X = torch.stack([article(y) for y in labels])
Y = torch.tensor(labels)

EPOCHS, BATCH, LR, WARMUP, LOG_STEPS = 3, 32, 2e-3, 10, 10
model = nn.Sequential(nn.Linear(len(VOCAB), 32), nn.ReLU(), nn.Linear(32, len(NAMES)))
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.01)
steps_per_epoch = len(X) // BATCH
total = EPOCHS * steps_per_epoch
num_training_steps = steps_per_epoch  # BUG: should be EPOCHS * steps_per_epoch


def linear_with_warmup(s):  # transformers.get_linear_schedule_with_warmup
    if s < WARMUP:
        return s / max(1, WARMUP)
    return max(0.0, (num_training_steps - s) / max(1, num_training_steps - WARMUP))


sched = torch.optim.lr_scheduler.LambdaLR(opt, linear_with_warmup)
hf_header(len(X), EPOCHS, BATCH, total, sum(p.numel() for p in model.parameters()))
bar = hf_bar(total)
step, tr_loss, sum_loss, t_start = 0, 0.0, 0.0, time.time()
for epoch in range(EPOCHS):
    perm = torch.randperm(len(X))
    for b in range(steps_per_epoch):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        loss = F.cross_entropy(model(X[idx]), Y[idx])
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
             "train_steps_per_second": round(total / runtime, 3), "train_loss": sum_loss / total,
             "epoch": float(EPOCHS)})
bar.close()
