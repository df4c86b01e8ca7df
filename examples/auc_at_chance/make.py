"""auc_at_chance: a click-through-rate model (an MLP over 32 features) whose
labels were shuffled apart from their rows when the training table was built
(the bug: the label column was sorted on its own before the join), so the
features say nothing about the clicks. The loss settles near the entropy of
the click rate and the validation AUC stays at 0.5 for all 40 epochs.
Printed as PyTorch Geometric's and many tabular scripts' examples print it.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
N, D, EPOCHS, BATCH = 20000, 32, 40, 512
X = torch.randn(N, D)
w = torch.randn(D)
y = (X @ w + 0.5 * torch.randn(N) > 0).float()
y = y[torch.randperm(N)]  # BUG: labels shuffled apart from their rows
train, val = slice(0, 16000), slice(16000, N)

model = nn.Sequential(nn.Linear(D, 64), nn.ReLU(), nn.Linear(64, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def auc(scores, labels):
    """Mann-Whitney: the chance a positive outranks a negative."""
    ranks = torch.empty_like(scores)
    ranks[scores.argsort()] = torch.arange(1, len(scores) + 1, dtype=scores.dtype)
    pos = labels.bool()
    n_pos, n_neg = pos.sum().item(), (~pos).sum().item()
    return (ranks[pos].sum().item() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


g = torch.Generator().manual_seed(1)
for epoch in range(1, EPOCHS + 1):
    perm = torch.randperm(16000, generator=g)
    total = 0.0
    for i in range(0, 16000, BATCH):
        idx = perm[i:i + BATCH]
        loss = F.binary_cross_entropy_with_logits(model(X[idx]).squeeze(1), y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(idx)
    with torch.no_grad():
        val_scores = model(X[val]).squeeze(1)
        val_loss = F.binary_cross_entropy_with_logits(val_scores, y[val]).item()
    print(f"Epoch: {epoch:03d}, Loss: {total / 16000:.4f}, Val Loss: {val_loss:.4f}, "
          f"Val AUC: {auc(val_scores, y[val]):.4f}")
