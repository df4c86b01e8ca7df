"""loss_oscillation: an MLP classifier (10 classes of noisy 64-feature
prototypes, as in the overfitting example) trained with SGD, momentum 0.9 and
a learning rate of 0.2, about ten times what this model trains well with. Each
update overshoots: the loss swings up and down by a large share of its level
from one log line to the next and makes no net progress after the first
steps. Printed through Python's logging module, one line every 20 steps.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import logging

import torch
from torch import nn
from torch.nn import functional as F

logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)
log = logging.getLogger("trainer")
torch.manual_seed(0)
LR = 0.2
STEPS, BATCH, LOG_EVERY = 800, 64, 20
prototypes = torch.randn(10, 64)
g = torch.Generator().manual_seed(1)
y_all = torch.randint(10, (8000,), generator=g)
x_all = prototypes[y_all] * 0.35 + torch.randn(8000, 64, generator=g)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 10))
opt = torch.optim.SGD(model.parameters(), lr=LR, momentum=0.9)
log.info("optimizer=SGD lr=%g momentum=0.9 batch_size=%d max_steps=%d", LR, BATCH, STEPS)
for step in range(1, STEPS + 1):
    idx = torch.randint(len(x_all), (BATCH,), generator=g)
    logits = model(x_all[idx])
    loss = F.cross_entropy(logits, y_all[idx])
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % LOG_EVERY == 0:
        acc = (logits.argmax(1) == y_all[idx]).float().mean().item()
        log.info("step %d/%d loss %.4f acc %.4f lr %g", step, STEPS, loss.item(), acc, LR)
