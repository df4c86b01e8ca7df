"""grad_clip_saturated: an MLP classifier trained with AdamW and gradient
clipping at max_norm=0.1, while the gradient norm of this model is around 1
for the whole run. The script logs the norm of the gradients after clipping
(it recomputes the norm once clip_grad_norm_ has rescaled them), so every
logged value sits at the 0.1 ceiling: clipping acts on every single step.
Printed through Python's logging module.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import logging

import torch
from torch import nn
from torch.nn import functional as F

logging.basicConfig(format="%(asctime)s | %(levelname)s | %(name)s | %(message)s", level=logging.INFO)
log = logging.getLogger("train")
torch.manual_seed(0)
# Ten classes of noisy 64-feature prototypes (the task of the overfitting example).
prototypes = torch.randn(10, 64)
g = torch.Generator().manual_seed(1)
y_all = torch.randint(10, (6000,), generator=g)
x_all = prototypes[y_all] * 0.35 + torch.randn(6000, 64, generator=g)
MAX_NORM, STEPS, BATCH, LR = 0.1, 600, 64, 3e-3
model = nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10))
opt = torch.optim.AdamW(model.parameters(), lr=LR)
log.info("max_grad_norm=%g lr=%g batch_size=%d", MAX_NORM, LR, BATCH)
for step in range(1, STEPS + 1):
    idx = torch.randint(len(x_all), (BATCH,), generator=g)
    loss = F.cross_entropy(model(x_all[idx]), y_all[idx])
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)
    grad_norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters()]))  # after clipping
    opt.step()
    if step % 20 == 0:
        log.info("step %d | loss %.4f | grad_norm %s | lr %g", step, loss.item(), f"{grad_norm.item():.6f}", LR)
