"""memory_growth: an MLP classifier whose loop also scores a fixed probe
batch at every step and keeps the scores for a plot of the probe accuracy at
the end of training. The probe's forward pass runs with autograd on and its
output is kept as it is (not detached), so each step's graph stays alive
with the activations it saved: the process grows by a few MB a step, for
the whole run, until the machine runs out. The log line reports the
process's resident memory (from /proc/self/statm), as a training script
that prints its memory use does. Printed through Python's logging module.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import logging
import os

import torch
from torch import nn
from torch.nn import functional as F

logging.basicConfig(format="%(asctime)s | %(levelname)s | %(name)s | %(message)s", level=logging.INFO)
log = logging.getLogger("train")
torch.manual_seed(0)
torch.set_num_threads(1)
# Ten classes of noisy 64-feature prototypes (the task of the overfitting example).
prototypes = torch.randn(10, 64)
g = torch.Generator().manual_seed(1)
y_all = torch.randint(10, (6000,), generator=g)
x_all = prototypes[y_all] * 0.35 + torch.randn(6000, 64, generator=g)
probe_x, probe_y = x_all[:512], y_all[:512]
STEPS, BATCH, LR = 600, 64, 1e-3
model = nn.Sequential(nn.Linear(64, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
opt = torch.optim.AdamW(model.parameters(), lr=LR)
PAGE_MB = os.sysconf("SC_PAGE_SIZE") / 2**20


def resident_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE_MB


probe_scores = []  # for the plot at the end of training
log.info("lr=%g batch_size=%d", LR, BATCH)
for step in range(1, STEPS + 1):
    idx = torch.randint(len(x_all), (BATCH,), generator=g)
    loss = F.cross_entropy(model(x_all[idx]), y_all[idx])
    opt.zero_grad()
    loss.backward()
    opt.step()
    probe_scores.append(model(probe_x))  # kept with its graph: never detached
    if step % 10 == 0:
        acc = (probe_scores[-1].argmax(1) == probe_y).float().mean().item()
        log.info("step %d | loss %.4f | probe_acc %.4f | lr %g | mem %.1fMB", step, loss.item(), acc, LR,
                 resident_mb())
