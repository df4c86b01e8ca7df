"""val_score_decline: a wide MLP trained for 80 epochs on 1000 samples of a
10-class problem whose training labels are 40% wrong (crowd-sourced labels),
validated on a clean, hand-checked set of 2000. The network first learns
the classes, so validation accuracy climbs; then it memorises the wrong
labels and validation accuracy falls back. The script evaluates accuracy
only (no validation loss), once per epoch, through Python's logging module.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import logging
import math

import torch
from torch import nn
from torch.nn import functional as F

logging.basicConfig(format="%(asctime)s %(levelname)s %(message)s", level=logging.INFO)
log = logging.getLogger()
torch.manual_seed(0)
torch.set_num_threads(1)
N_TRAIN, NOISE, EPOCHS, BATCH, HIDDEN, LR = 1000, 0.4, 80, 32, 512, 2e-4
prototypes = torch.randn(10, 64)


def make(n, g, noise):
    y = torch.randint(10, (n,), generator=g)
    x = prototypes[y] * 0.35 + torch.randn(n, 64, generator=g)
    wrong = torch.rand(n, generator=g) < noise
    return x, torch.where(wrong, torch.randint(10, (n,), generator=g), y)


g = torch.Generator().manual_seed(1)
x_train, y_train = make(N_TRAIN, g, NOISE)
x_val, y_val = make(2000, g, 0.0)
model = nn.Sequential(nn.Linear(64, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, 10))
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.0)
steps = math.ceil(N_TRAIN / BATCH)
log.info("train samples %d (label noise unknown), val samples %d, lr %g", N_TRAIN, len(x_val), LR)
for epoch in range(1, EPOCHS + 1):
    model.train()
    perm = torch.randperm(N_TRAIN)
    total, correct = 0.0, 0
    for b in range(steps):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        logits = model(x_train[idx])
        loss = F.cross_entropy(logits, y_train[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(idx)
        correct += (logits.argmax(1) == y_train[idx]).sum().item()
    model.eval()
    with torch.no_grad():
        val_acc = (model(x_val).argmax(1) == y_val).float().mean().item()
    log.info("epoch %d/%d | train_loss %.4f | train_acc %.4f | val_acc %.4f", epoch, EPOCHS, total / N_TRAIN,
             correct / N_TRAIN, val_acc)
