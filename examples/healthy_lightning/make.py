"""healthy_lightning: a small CNN classifying 16x16 synthetic shapes (ten
classes of random strokes plus noise), trained with Adam for 8 epochs and
logged as PyTorch Lightning's CSVLogger writes lightning_logs/version_0/
metrics.csv (train_loss/train_acc every 50 steps, val_loss/val_acc once per
epoch, sparse rows). The run learns and generalises: both losses fall,
validation accuracy climbs to the level the label noise allows.

Regenerate:  /usr/bin/python3 make.py > metrics.csv
"""
import csv
import sys

import torch
from torch import nn
from torch.nn import functional as F

N_TRAIN, BATCH, MAX_EPOCHS, LOG_EVERY_N_STEPS, NOISE = 4800, 32, 8, 50, 1.0


def make_optimizer(model):
    return torch.optim.Adam(model.parameters(), lr=1e-3)


# ---- a LightningModule-style loop, logged as lightning's CSVLogger writes metrics.csv ----
class CSVLogger:
    def __init__(self):
        self.rows = []

    def log_metrics(self, metrics, step, epoch):
        self.rows.append({**metrics, "epoch": epoch, "step": step})

    def save(self):
        keys = sorted({k for r in self.rows for k in r})
        w = csv.DictWriter(sys.stdout, fieldnames=keys, lineterminator="\n")
        w.writeheader()
        for r in self.rows:
            w.writerow({k: r.get(k, "") for k in keys})


torch.manual_seed(0)
# 16x16 single-channel "shapes": ten classes of fixed random strokes plus noise.
templates = (torch.rand(10, 1, 16, 16) < 0.25).float()


def make(n, g):
    y = torch.randint(10, (n,), generator=g)
    return templates[y] + NOISE * torch.randn(n, 1, 16, 16, generator=g), y


g = torch.Generator().manual_seed(1)
x_train, y_train = make(N_TRAIN, g)
x_val, y_val = make(1000, g)
model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                      nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                      nn.Flatten(), nn.Linear(16 * 4 * 4, 10))
opt = make_optimizer(model)
logger = CSVLogger()
step = 0
for epoch in range(MAX_EPOCHS):
    perm = torch.randperm(N_TRAIN)
    for b in range(N_TRAIN // BATCH):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        logits = model(x_train[idx])
        loss = F.cross_entropy(logits, y_train[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % LOG_EVERY_N_STEPS == 0:  # self.log("train_loss", ...), on_step=True
            acc = (logits.argmax(1) == y_train[idx]).float().mean().item()
            logger.log_metrics({"train_loss": loss.item(), "train_acc": acc}, step - 1, epoch)
    with torch.no_grad():  # validation_step / on_validation_epoch_end
        vl = model(x_val)
        logger.log_metrics({"val_loss": F.cross_entropy(vl, y_val).item(),
                            "val_acc": (vl.argmax(1) == y_val).float().mean().item()}, step - 1, epoch)
logger.save()
