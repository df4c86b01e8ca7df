"""metric_pinned: a recurrent "refine until confident" model: each input chunk
is refined by the same block up to MAX_REFINEMENT_STEPS times, and a
confidence head decides when to stop (halt once confidence > 0.9). The
confidence head's input was detached and its loss term left out, so it never
trains: its bias keeps it near 0.3, it never halts a chunk early, and every
chunk runs the full 8 refinement steps for the whole run. The model prints
its refinement statistics every 20 steps, as research code of this kind does.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
MAX_REFINEMENT_STEPS, HALT_AT, D = 8, 0.9, 32
X = torch.randn(4096, D)
Y = (X[:, :8].sum(1) > 0).long()


class Refiner(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Sequential(nn.Linear(2 * D, D), nn.Tanh())
        self.confidence = nn.Linear(D, 1)
        nn.init.constant_(self.confidence.bias, -0.85)
        self.out = nn.Linear(D, 2)

    def forward(self, x):
        h, steps, conf = torch.zeros_like(x), torch.zeros(len(x)), torch.zeros(len(x))
        active = torch.ones(len(x), dtype=torch.bool)
        for _ in range(MAX_REFINEMENT_STEPS):
            h = torch.where(active[:, None], self.step(torch.cat([h, x], 1)), h)
            steps += active.float()
            conf = torch.sigmoid(self.confidence(h.detach())).squeeze(1)  # BUG: detached, never trained
            active = active & (conf < HALT_AT)
            if not active.any():
                break
        return self.out(h), steps, conf


model = Refiner()
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
g = torch.Generator().manual_seed(1)
print(f"max_refinement_steps: {MAX_REFINEMENT_STEPS}, halt_at_confidence: {HALT_AT}")
for it in range(1, 401):
    idx = torch.randint(len(X), (64,), generator=g)
    logits, steps, conf = model(X[idx])
    loss = F.cross_entropy(logits, Y[idx])  # the confidence head's loss term is missing
    opt.zero_grad()
    loss.backward()
    opt.step()
    if it % 20 == 0:
        print(f"iter {it}: loss {loss.item():.4f} | Avg refinement steps: {steps.mean().item():.2f} "
              f"| Chunk confidence: {conf.mean().item():.3f}")
