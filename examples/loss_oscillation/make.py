"""loss_oscillation: an MLP classifier (10 classes of noisy 64-feature
prototypes, as in the overfitting example) trained with SGD and momentum 0.9
under a triangular cyclical learning rate whose peak, 0.2, is about ten times
what this model trains well with. Each time the rate climbs to its peak the
updates overshoot and the epoch's loss climbs with it; each time it falls the
loss recovers. After the first epochs the loss goes up and down with the
cycle, from about 0.23 to 0.64, and makes no net progress. One line per
epoch, the epoch's mean training loss and the rate.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
LR_MIN, LR_MAX, CYCLE = 0.005, 0.2, 4
EPOCHS, BATCH = 40, 64
prototypes = torch.randn(10, 64)
g = torch.Generator().manual_seed(1)
y_all = torch.randint(10, (8000,), generator=g)
x_all = prototypes[y_all] * 0.35 + torch.randn(8000, 64, generator=g)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 10))
opt = torch.optim.SGD(model.parameters(), lr=LR_MIN, momentum=0.9)
for epoch in range(1, EPOCHS + 1):
    t = ((epoch - 1) % CYCLE) / CYCLE
    lr = LR_MIN + (LR_MAX - LR_MIN) * (1 - abs(2 * t - 1))
    for group in opt.param_groups:
        group["lr"] = lr
    perm = torch.randperm(len(x_all), generator=g)
    total = 0.0
    for i in range(0, len(x_all), BATCH):
        idx = perm[i:i + BATCH]
        loss = F.cross_entropy(model(x_all[idx]), y_all[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(idx)
    print("Epoch %d/%d - loss: %.4f - lr: %.4f" % (epoch, EPOCHS, total / len(x_all), lr))
