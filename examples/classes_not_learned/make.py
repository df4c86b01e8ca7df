"""classes_not_learned: a small fully convolutional network segments three
structures in 48x48 images: a large square, a disc and a faint dot of a
few pixels. Trained with a plain pixel-wise cross-entropy and no class
weighting, it learns the square and the disc within a few epochs, but the
dot covers under 0.3% of the pixels and the loss is lowest calling it
background: its Dice stays at 0 epoch after epoch while the mean over the
classes looks like a slowly improving run. Printed the way a hand-written
PyTorch loop prints one line an epoch, with the Dice of each class in a
list as nnU-Net prints its pseudo Dice.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_segmentation import evaluate, train_epoch  # noqa: E402

SIZE, N_TRAIN, N_VAL, EPOCHS, BATCH, LR, CLASSES = 48, 256, 64, 30, 16, 0.05, 4


def images(n, g):
    """Noisy images, each with a bright square (class 1), a dimmer disc
    (class 2) and a faint dot of radius 1 (class 3)."""
    yy, xx = torch.meshgrid(torch.arange(SIZE), torch.arange(SIZE), indexing="ij")
    x = torch.randn(n, 1, SIZE, SIZE, generator=g) * 0.5
    y = torch.zeros(n, SIZE, SIZE, dtype=torch.long)
    for i in range(n):
        sy, sx = torch.randint(2, SIZE - 16, (2,), generator=g).tolist()
        y[i, sy:sy + 14, sx:sx + 14] = 1
        x[i, 0, sy:sy + 14, sx:sx + 14] += 1.5
        cy, cx = torch.randint(6, SIZE - 6, (2,), generator=g).tolist()
        disc = ((yy - cy) ** 2 + (xx - cx) ** 2) <= 16
        y[i][disc] = 2
        x[i, 0][disc] += 1.0
        dy, dx = torch.randint(3, SIZE - 3, (2,), generator=g).tolist()
        dot = ((yy - dy) ** 2 + (xx - dx) ** 2) <= 1
        y[i][dot] = 3
        x[i, 0][dot] += 0.4
    return x, y


def dice_per_class(logits, y):
    pred = logits.argmax(1)
    out = []
    for c in range(1, CLASSES):
        p, t = pred == c, y == c
        inter = (p & t).sum().item()
        out.append(2 * inter / max(p.sum().item() + t.sum().item(), 1))
    return out


torch.manual_seed(0)
g = torch.Generator().manual_seed(1)
xt, yt = images(N_TRAIN, g)
xv, yv = images(N_VAL, g)
model = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(),
                      nn.Conv2d(16, CLASSES, 1))
opt = torch.optim.SGD(model.parameters(), lr=LR, momentum=0.9)
for epoch in range(1, EPOCHS + 1):
    train_loss = train_epoch(model, opt, xt, yt, BATCH, F.cross_entropy)
    out, val_loss = evaluate(model, xv, yv, F.cross_entropy)
    dice = dice_per_class(out, yv)
    print("epoch %d train_loss %.4f val_loss %.4f mean_dice %.4f per-class dice: [%s]"
          % (epoch, train_loss, val_loss, sum(dice) / len(dice), ", ".join("%.4f" % d for d in dice)))
