"""healthy_classifier: the 10-class problem of the overfitting example (noisy
class prototypes, 8% wrong labels) with 20000 training samples, dropout 0.2 and
weight decay, trained for 15 epochs with a 2000-sample validation split. Both
losses fall and level off together; validation accuracy tracks training
accuracy. Printed the way tf.keras model.fit(..., validation_data=...) prints
with verbose=1.

Regenerate:  /usr/bin/python3 make.py > train.log
(An argument sets the number of epochs; insufficient_data runs this with 3.)
"""
import math
import sys
import time

import torch
from torch import nn
from torch.nn import functional as F

SEED, N_TRAIN, BATCH, HIDDEN, DROPOUT, WEIGHT_DECAY = 0, 20000, 128, 64, 0.2, 0.05
EPOCHS = int(sys.argv[1]) if len(sys.argv) > 1 else 15
torch.manual_seed(SEED)
# Ten classes of 64-feature vectors: noisy prototypes, 8% of the labels wrong.
prototypes = torch.randn(10, 64)


def make(n, g):
    y = torch.randint(10, (n,), generator=g)
    x = prototypes[y] * 0.35 + torch.randn(n, 64, generator=g)
    flip = torch.rand(n, generator=g) < 0.08
    y = torch.where(flip, torch.randint(10, (n,), generator=g), y)
    return x, y


g = torch.Generator().manual_seed(1)
x_train, y_train = make(N_TRAIN, g)
x_val, y_val = make(2000, g)
model = nn.Sequential(nn.Linear(64, HIDDEN), nn.ReLU(), nn.Dropout(DROPOUT), nn.Linear(HIDDEN, HIDDEN), nn.ReLU(),
                      nn.Dropout(DROPOUT), nn.Linear(HIDDEN, 10))
opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=WEIGHT_DECAY)
steps = math.ceil(N_TRAIN / BATCH)
print(f"Train on {N_TRAIN} samples, validate on {len(x_val)} samples")
for epoch in range(1, EPOCHS + 1):
    print(f"Epoch {epoch}/{EPOCHS}")
    model.train()
    perm = torch.randperm(N_TRAIN)
    total, correct, t0 = 0.0, 0, time.time()
    for b in range(steps):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        logits = model(x_train[idx])
        loss = F.cross_entropy(logits, y_train[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(idx)
        correct += (logits.argmax(1) == y_train[idx]).sum().item()
    dt = time.time() - t0
    model.eval()
    with torch.no_grad():
        vl = model(x_val)
        val_loss = F.cross_entropy(vl, y_val).item()
        val_acc = (vl.argmax(1) == y_val).float().mean().item()
    print(f"{steps}/{steps} [==============================] - {dt:.0f}s {1000 * dt / steps:.0f}ms/step "
          f"- loss: {total / N_TRAIN:.4f} - accuracy: {correct / N_TRAIN:.4f} "
          f"- val_loss: {val_loss:.4f} - val_accuracy: {val_acc:.4f}")
