"""throughput_drop: a binary click-prediction MLP whose training loop shows a
"running AUROC" in its log. To compute it, every step appends the batch's
scores and labels to two growing tensors and sorts all of them again, so each
step does more work than the last: samples per second fall steadily over the
run while the model step itself stays the same. Printed through Python's
logging module, one line per 25 steps.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import logging
import time

import torch
from torch import nn
from torch.nn import functional as F

logging.basicConfig(format="[%(asctime)s] %(levelname)s %(message)s", level=logging.INFO)
log = logging.getLogger()
torch.manual_seed(0)
STEPS, BATCH, LR = 500, 512, 1e-3
w = torch.randn(40)
X = torch.randn(200000, 40)
Y = ((X @ w + 2.0 * torch.randn(len(X))) > 1.5).float()
model = nn.Sequential(nn.Linear(40, 64), nn.ReLU(), nn.Linear(64, 1))
opt = torch.optim.Adam(model.parameters(), lr=LR)
all_scores, all_labels = torch.empty(0), torch.empty(0)


def auroc(scores, labels):
    order = scores.argsort()
    ranks = torch.empty_like(scores)
    ranks[order] = torch.arange(1, len(scores) + 1, dtype=scores.dtype)
    pos = labels.sum()
    return ((ranks * labels).sum() - pos * (pos + 1) / 2) / (pos * (len(labels) - pos))


g = torch.Generator().manual_seed(1)
t_window, n_window = time.perf_counter(), 0
for step in range(1, STEPS + 1):
    idx = torch.randint(len(X), (BATCH,), generator=g)
    logits = model(X[idx]).squeeze(1)
    loss = F.binary_cross_entropy_with_logits(logits, Y[idx])
    opt.zero_grad()
    loss.backward()
    opt.step()
    all_scores = torch.cat([all_scores, logits.detach()])  # everything seen so far ...
    all_labels = torch.cat([all_labels, Y[idx]])
    running_auc = auroc(all_scores, all_labels)            # ... sorted again every step
    n_window += BATCH
    if step % 25 == 0:
        dt = time.perf_counter() - t_window
        log.info("step %d/%d loss=%.4f running_auroc=%.4f samples_per_sec=%.1f step_time=%.4f", step, STEPS,
                 loss.item(), running_auc.item(), n_window / dt, dt / 25)
        t_window, n_window = time.perf_counter(), 0
