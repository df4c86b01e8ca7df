"""slow_convergence: continued pre-training of a small character-level GPT.
The run resumes from a checkpoint (made here by a short pre-training phase at
3e-3 that is not logged) and continues at a constant learning rate of 2e-4,
fifteen times lower than the pre-training peak. The loss keeps going down, but
slowly, and the last fifth of the run gains almost nothing. Logged as
PyTorch Lightning's CSVLogger writes metrics.csv (train_loss averaged over
each 20-step logging interval, val_loss every 100 steps).

Regenerate:  /usr/bin/python3 make.py > metrics.csv
"""
import csv
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


def write_metrics_csv(rows):
    keys = sorted({k for r in rows for k in r})
    w = csv.DictWriter(sys.stdout, fieldnames=keys, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: r.get(k, "") for k in keys})


torch.manual_seed(0)
text = make_corpus(8000, seed=21)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
n = int(0.95 * len(data))
train_data, val_data = data[:n], data[n:]
BATCH, BLOCK = 8, 32
PRE_STEPS, PRE_LR = 200, 3e-3
STEPS, LR, LOG_EVERY_N_STEPS, VAL_EVERY = 400, 2e-4, 20, 100
model = GPT(len(chars), block_size=BLOCK)
gen, val_gen = torch.Generator().manual_seed(1), torch.Generator()

# The checkpoint this run resumes from.
opt = torch.optim.AdamW(model.parameters(), lr=PRE_LR, weight_decay=0.1)
for s in range(PRE_STEPS):
    for g in opt.param_groups:
        g["lr"] = PRE_LR * min(1.0, (s + 1) / 20)
    _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
    opt.zero_grad()
    loss.backward()
    opt.step()

# The logged run: the same optimizer state, a much lower constant rate.
for g in opt.param_groups:
    g["lr"] = LR
rows, window = [], []
for step in range(1, STEPS + 1):
    _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
    opt.zero_grad()
    loss.backward()
    opt.step()
    window.append(loss.item())
    if step % LOG_EVERY_N_STEPS == 0:
        rows.append({"train_loss": sum(window) / len(window), "lr-AdamW": LR, "epoch": 0,
                     "step": PRE_STEPS + step - 1})
        window = []
    if step % VAL_EVERY == 0:
        model.eval()
        val_gen.manual_seed(3)
        with torch.no_grad():
            v = sum(model(*get_batch(val_data, BATCH, BLOCK, val_gen))[1].item() for _ in range(10)) / 10
        model.train()
        rows.append({"val_loss": v, "epoch": 0, "step": PRE_STEPS + step - 1})
write_metrics_csv(rows)
