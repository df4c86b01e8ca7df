"""segmentation_no_overlap: a small fully convolutional network segments
lesions that cover about 1% of each 48x48 image, trained with a plain
pixel-wise binary cross-entropy and no class weighting. Predicting
background everywhere is what that loss rewards first: the loss falls
from 0.69 to a few hundredths while not one lesion pixel is predicted, so
the validation Dice and IoU stay at 0. Printed the way a hand-written
PyTorch loop prints one block an epoch.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_segmentation import evaluate, train_epoch  # noqa: E402

SIZE, N_TRAIN, N_VAL, EPOCHS, BATCH, LR = 48, 256, 64, 20, 16, 0.01


def images(n, g):
    """Noisy images, each with one faint disc of radius 2-3 (about 1% of the
    pixels) a bit brighter than the background."""
    yy, xx = torch.meshgrid(torch.arange(SIZE), torch.arange(SIZE), indexing="ij")
    x = torch.randn(n, 1, SIZE, SIZE, generator=g) * 0.5
    y = torch.zeros(n, 1, SIZE, SIZE)
    for i in range(n):
        cy, cx = torch.randint(6, SIZE - 6, (2,), generator=g).tolist()
        r = 2 + torch.rand(1, generator=g).item()
        disc = ((yy - cy) ** 2 + (xx - cx) ** 2) <= r * r
        y[i, 0][disc] = 1
        x[i, 0][disc] += 0.6
    return x, y


def overlap(logits, y):
    pred = (torch.sigmoid(logits) > 0.5).float()
    inter = (pred * y).sum()
    dice = (2 * inter / (pred.sum() + y.sum()).clamp(min=1)).item()
    iou = (inter / (pred.sum() + y.sum() - inter).clamp(min=1)).item()
    return dice, iou


torch.manual_seed(0)
g = torch.Generator().manual_seed(1)
xt, yt = images(N_TRAIN, g)
xv, yv = images(N_VAL, g)
model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
                      nn.Conv2d(8, 1, 1))
opt = torch.optim.SGD(model.parameters(), lr=LR, momentum=0.9)
for epoch in range(1, EPOCHS + 1):
    train_loss = train_epoch(model, opt, xt, yt, BATCH, F.binary_cross_entropy_with_logits)
    out, val_loss = evaluate(model, xv, yv, F.binary_cross_entropy_with_logits)
    dice, iou = overlap(out, yv)
    print("Epoch %d/%d" % (epoch, EPOCHS))
    print("  Train Loss: %.4f" % train_loss)
    print("  Val Loss:   %.4f" % val_loss)
    print("  Val Dice:   %.4f" % dice)
    print("  Val IoU:    %.4f" % iou)
    print()
