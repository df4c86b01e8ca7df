"""nan_loss: a regression MLP trained with SGD at a learning rate that is too
high for its unnormalised inputs. The updates grow step by step until the
loss overflows to inf and then nan; Keras' TerminateOnNaN stops the run.

The log is printed the way tf.keras (verbose=1) prints it to a file.
Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math
import time

import torch
from torch import nn

torch.manual_seed(0)

# Synthetic house-price data: 8 raw features on very different scales
# (rooms, square metres, year built, ...), target in units of 100k.
N_TRAIN, N_VAL, BATCH, EPOCHS = 1024, 256, 32, 30
scales = torch.tensor([3.0, 120.0, 30.0, 2.0, 1500.0, 3.0, 8.0, 40.0])
true_w = torch.randn(8) / scales


def make(n):
    x = torch.rand(n, 8) * scales
    y = (x @ true_w + 0.3 * torch.randn(n)).unsqueeze(1)
    return x, y


x_train, y_train = make(N_TRAIN)
x_val, y_val = make(N_VAL)

model = nn.Sequential(nn.Linear(8, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1))
PEAK_LR, WARMUP_EPOCHS = 0.08, 10  # the peak is far above what this model tolerates
opt = torch.optim.SGD(model.parameters(), lr=PEAK_LR / WARMUP_EPOCHS, momentum=0.9)
loss_fn = nn.MSELoss()
steps = N_TRAIN // BATCH

print("Model: \"sequential\"")
print("_________________________________________________________________")
print(" Layer (type)                Output Shape              Param #   ")
print("=================================================================")
print(" dense (Dense)               (None, 64)                576       ")
print(" dense_1 (Dense)             (None, 64)                4160      ")
print(" dense_2 (Dense)             (None, 1)                 65        ")
print("=================================================================")
print("Total params: 4,801")
print("Trainable params: 4,801")
print("Non-trainable params: 0")
print("_________________________________________________________________")

stop = False
for epoch in range(1, EPOCHS + 1):
    print(f"Epoch {epoch}/{EPOCHS}")
    lr = PEAK_LR * min(1.0, epoch / WARMUP_EPOCHS)  # linear warm-up, then constant
    for g in opt.param_groups:
        g["lr"] = lr
    print(f"\nEpoch {epoch:05d}: LearningRateScheduler setting learning rate to {lr}.")
    perm = torch.randperm(N_TRAIN)
    total, seen, t0 = 0.0, 0, time.time()
    for b in range(steps):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        loss = loss_fn(model(x_train[idx]), y_train[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
        seen += 1
        if not math.isfinite(loss.item()):
            # keras.callbacks.TerminateOnNaN
            print(f"{seen}/{steps} [{'=' * (30 * seen // steps - 1)}>{'.' * (30 - 30 * seen // steps)}] "
                  f"- ETA: 0s - loss: nan")
            print(f"Batch {b}: Invalid loss, terminating training")
            stop = True
            break
    if stop:
        break
    dt = time.time() - t0
    with torch.no_grad():
        val = loss_fn(model(x_val), y_val).item()
    print(f"{steps}/{steps} [==============================] - {max(dt, 0.0):.0f}s "
          f"{1000 * dt / steps:.0f}ms/step - loss: {total / seen:.4f} - val_loss: {val:.4f}")
