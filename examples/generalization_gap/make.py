"""generalization_gap: a wide MLP trained for 40 epochs on 120 samples of a
10-class problem (noisy class prototypes, 5% wrong labels) and validated on
2000 more. It reaches 100% on its training set within a few epochs while
validation accuracy levels off near 60% and stays there: the model learns
its 120 examples by heart, and most of what it learns does not carry over.
The script logs the training loss and both accuracies, one line per epoch,
as many hand-written PyTorch loops do: with no validation loss there is
none to turn up, and the validation accuracy never falls from its best.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_classifier import evaluate, make, mlp, seed, train_epoch  # noqa: E402

torch.set_num_threads(1)
N_TRAIN, NOISE, EPOCHS, BATCH, HIDDEN, DROPOUT, WEIGHT_DECAY, LR = 120, 0.05, 40, 16, 512, 0.0, 0.01, 1e-3
prototypes = seed(3)
g = torch.Generator().manual_seed(4)
x_train, y_train = make(prototypes, N_TRAIN, g, NOISE)
val = make(prototypes, 2000, g, NOISE)
model = mlp(HIDDEN, DROPOUT)
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)

for epoch in range(1, EPOCHS + 1):
    loss, acc = train_epoch(model, opt, x_train, y_train, BATCH)
    _, val_acc = evaluate(model, *val)
    print(f"Epoch [{epoch}/{EPOCHS}] train_loss: {loss:.4f} train_acc: {acc:.4f} val_acc: {val_acc:.4f}")
