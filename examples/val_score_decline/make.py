"""val_score_decline: a wide MLP trained for 80 epochs on 1000 samples of a
10-class problem whose training labels are 40% wrong (crowd-sourced labels),
validated on a clean, hand-checked set of 2000. The network first learns
the classes, so validation accuracy climbs; then it memorises the wrong
labels and validation accuracy falls back. The script evaluates accuracy
only (no validation loss), once per epoch, through Python's logging module.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import logging
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_classifier import evaluate, make, mlp, seed, train_epoch  # noqa: E402

logging.basicConfig(format="%(asctime)s %(levelname)s %(message)s", level=logging.INFO)
log = logging.getLogger()
torch.set_num_threads(1)
N_TRAIN, NOISE, EPOCHS, BATCH, HIDDEN, LR = 1000, 0.4, 80, 32, 512, 2e-4
prototypes = seed(0)
g = torch.Generator().manual_seed(1)
x_train, y_train = make(prototypes, N_TRAIN, g, NOISE)
val = make(prototypes, 2000, g, 0.0)
model = mlp(HIDDEN, 0.0)
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.0)
log.info("train samples %d (label noise unknown), val samples %d, lr %g", N_TRAIN, len(val[0]), LR)
for epoch in range(1, EPOCHS + 1):
    loss, acc = train_epoch(model, opt, x_train, y_train, BATCH)
    _, val_acc = evaluate(model, *val)
    log.info("epoch %d/%d | train_loss %.4f | train_acc %.4f | val_acc %.4f", epoch, EPOCHS, loss, acc, val_acc)
