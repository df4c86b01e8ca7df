"""activation_blowup: a 16-block residual MLP (x = x + W2 relu(W1 x)) with no
normalisation layers, trained with Adam at a learning rate of 3e-2 on a
regression task. Every block adds to the residual stream and nothing rescales
it; at this rate the weights grow quickly, and the hidden states with them,
block after block. A debug print reports the final hidden states' statistics
at step 1 and every 20 steps: their range grows from ~5 to ~1e14 (never
inf), and the loss explodes with them.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
LR = 3e-2
X = torch.randn(4096, 32)
Y = torch.sin(X[:, :4]).sum(1, keepdim=True)


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

    def forward(self, x):
        return x + self.fc2(F.relu(self.fc1(x)))  # no norm anywhere


class Net(nn.Module):
    def __init__(self, d=32, depth=16):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(d) for _ in range(depth)])
        self.out = nn.Linear(d, 1)

    def forward(self, x):
        h = self.blocks(x)
        return self.out(h), h


model = Net()
opt = torch.optim.Adam(model.parameters(), lr=LR)
g = torch.Generator().manual_seed(1)
for step in range(1, 401):
    idx = torch.randint(len(X), (64,), generator=g)
    pred, h = model(X[idx])
    loss = F.mse_loss(pred, Y[idx])
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 20 == 0 or step == 1:
        print(f"step {step} loss {loss.item():.4f}")
        print(f"[DEBUG] Hidden states stats: min={h.min().item():.4g}, max={h.max().item():.4g}, "
              f"mean={h.mean().item():.4g}")
