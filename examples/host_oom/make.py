"""host_oom: a pseudo-labelling (semi-supervised) loop trains a small
classifier on labelled data, then after the first epoch embeds the whole
unlabelled pool (2 million samples x 768 floats = 6.1 GB) into one tensor in
host memory. The job is allowed 3 GiB (set here with RLIMIT_AS, as a
scheduler's --mem limit would cap it), and PyTorch's CPU allocator fails.
Printed as the script prints it, with the traceback on stderr.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import resource
import time

import torch
from torch import nn
from torch.nn import functional as F

resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))  # the job's memory limit
torch.manual_seed(0)
D, EMB, N_UNLABELLED = 64, 768, 2_000_000
w = torch.randn(D, 5)
X = torch.randn(6000, D)
Y = (X @ w + 0.8 * torch.randn(6000, 5)).argmax(1)
Xtr, Ytr, Xva, Yva = X[:5000], Y[:5000], X[5000:], Y[5000:]
encoder = nn.Sequential(nn.Linear(D, EMB), nn.GELU())
head = nn.Linear(EMB, 5)
opt = torch.optim.AdamW(list(encoder.parameters()) + list(head.parameters()), lr=1e-3)
print(f"labelled: {len(Xtr)} train / {len(Xva)} val, unlabelled pool: {N_UNLABELLED:,} samples", flush=True)

for epoch in range(1, 6):
    t0 = time.time()
    perm = torch.randperm(len(Xtr))
    total = 0.0
    for b in range(0, len(Xtr), 100):
        idx = perm[b:b + 100]
        loss = F.cross_entropy(head(encoder(Xtr[idx])), Ytr[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(idx)
    with torch.no_grad():
        logits = head(encoder(Xva))
        val_loss = F.cross_entropy(logits, Yva).item()
        val_acc = (logits.argmax(1) == Yva).float().mean().item()
    print(f"[epoch {epoch}/5] train_loss={total / len(Xtr):.4f} val_loss={val_loss:.4f} val_acc={val_acc:.4f} "
          f"time={time.time() - t0:.1f}s", flush=True)
    print(f"pseudo-labelling: embedding {N_UNLABELLED:,} unlabelled samples ...", flush=True)
    with torch.no_grad():
        pool_emb = torch.empty(N_UNLABELLED, EMB)  # the whole pool at once
        for b in range(0, N_UNLABELLED, 100_000):
            pool_emb[b:b + 100_000] = encoder(torch.randn(100_000, D))
