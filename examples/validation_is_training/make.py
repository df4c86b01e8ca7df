"""validation_is_training: the classifier examples' ten-class task, split
into training and validation sets, but the evaluation after each epoch is
given the training split twice (the script's split unpacks x_tr, x_va, y_tr,
y_va and then builds the validation pair from the first and third). The
training and validation figures are computed the same way on the same
examples, so they agree to the last digit at every epoch: a curve that
cannot show overfitting. Printed the way a hand-written loop prints one
line an epoch.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_classifier import evaluate, make, mlp, seed, train_epoch  # noqa: E402

SEED, N, EPOCHS, BATCH, HIDDEN = 0, 1200, 20, 32, 128
prototypes = seed(SEED)
g = torch.Generator().manual_seed(1)
x, y = make(prototypes, N, g, 0.08)
x_tr, x_va, y_tr, y_va = x[:900], x[900:], y[:900], y[900:]
train, val = (x_tr, y_tr), (x_tr, y_tr)  # the bug: should be (x_va, y_va)
model = mlp(HIDDEN, 0.1)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
print(f"train samples: {len(x_tr)}, val samples: {len(val[0])}")
for epoch in range(1, EPOCHS + 1):
    train_epoch(model, opt, *train, BATCH)
    tl, ta = evaluate(model, *train)
    vl, va = evaluate(model, *val)
    print(f"Epoch {epoch:02d}: train_loss={tl:.4f} train_acc={ta:.4f} val_loss={vl:.4f} val_acc={va:.4f}")
