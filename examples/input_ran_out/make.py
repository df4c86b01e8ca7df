"""input_ran_out: an image classifier fed by a generator of batches that is
not repeated, with steps_per_epoch set one batch short of the data. The
first epoch leaves one batch in the generator; the second trains on that
one batch, runs out and is cut short, and the next epoch starts a fresh
pass: every other epoch's figures are one batch's, not an epoch's. Printed
the way tf.keras model.fit(..., steps_per_epoch=...) prints with verbose=1
and its warning.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_classifier import evaluate, make, mlp, seed  # noqa: E402

SEED, N_TRAIN, EPOCHS, BATCH = 0, 4000, 12, 64
prototypes = seed(SEED)
g = torch.Generator().manual_seed(SEED + 1)
x, y = make(prototypes, N_TRAIN, g, 0.08)
val = make(prototypes, 1000, g, 0.08)
model = mlp(128, 0.1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
batches = math.ceil(N_TRAIN / BATCH)
steps_per_epoch = batches - 1  # BUG: one short, and the generator does not repeat


def generator():
    perm = torch.randperm(N_TRAIN, generator=g)
    for i in range(0, N_TRAIN, BATCH):
        idx = perm[i:i + BATCH]
        yield x[idx], y[idx]


it = generator()
for epoch in range(1, EPOCHS + 1):
    print(f"Epoch {epoch}/{EPOCHS}")
    t0 = time.time()
    model.train()
    loss_sum = correct = seen = 0
    for _ in range(steps_per_epoch):
        try:
            xb, yb = next(it)
        except StopIteration:
            print("WARNING:tensorflow:Your input ran out of data; interrupting training. Make sure that your "
                  f"dataset or generator can generate at least `steps_per_epoch * epochs` batches (in this case, "
                  f"{steps_per_epoch * EPOCHS} batches). You may need to use the repeat() function when building "
                  "your dataset.")
            it = generator()
            break
        out = model(xb)
        loss = torch.nn.functional.cross_entropy(out, yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
        loss_sum += loss.item() * len(yb)
        correct += (out.argmax(1) == yb).sum().item()
        seen += len(yb)
    val_loss, val_acc = evaluate(model, *val)
    dt = time.time() - t0
    print(f"{steps_per_epoch}/{steps_per_epoch} [==============================] - {dt:.0f}s "
          f"{1000 * dt / steps_per_epoch:.0f}ms/step - loss: {loss_sum / seen:.4f} - accuracy: {correct / seen:.4f} "
          f"- val_loss: {val_loss:.4f} - val_accuracy: {val_acc:.4f}")
