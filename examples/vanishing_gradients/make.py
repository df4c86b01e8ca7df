"""vanishing_gradients: a 12-layer MLP with sigmoid activations everywhere and
PyTorch's default initialisation, trained with SGD and a mean-squared error on
sigmoid outputs for a 5-label tagging task. A sigmoid's derivative is at most
0.25, and with small weights each layer shrinks the gradient flowing back
through it by another order of magnitude: the first layers' gradient norms are
many orders of magnitude below the last layer's and the early layers never
learn, and the loss stays at 0.25 (every tag predicted at ~0.5). The global
norm is dominated by the output layer's gradient, which is not small. Run in
float64 so the tiny values are not flushed to 0. Logged as JSON lines, one
record per 10 steps, with the global gradient norm and the norm of each Linear
layer's weight gradient, as a custom trainer's metrics.jsonl.

Regenerate:  /usr/bin/python3 make.py > metrics.jsonl
"""
import json

import torch
from torch import nn
from torch.nn import functional as F

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
N, D, LABELS, DEPTH, WIDTH = 4096, 32, 5, 12, 128
X = torch.randn(N, D)
W = torch.randn(D, LABELS)
Y = (X @ W > 0).double()  # five binary tags per example

layers, d = [], D
for _ in range(DEPTH):
    lin = nn.Linear(d, WIDTH)  # default init: U(-1/sqrt(fan_in), 1/sqrt(fan_in))
    layers += [lin, nn.Sigmoid()]
    d = WIDTH
head = nn.Linear(d, LABELS)
model = nn.Sequential(*layers, head, nn.Sigmoid())
opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
g = torch.Generator().manual_seed(1)
for step in range(1, 501):
    idx = torch.randint(N, (64,), generator=g)
    out = model(X[idx])
    loss = F.mse_loss(out, Y[idx])
    opt.zero_grad()
    loss.backward()
    grad_norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters()]))
    opt.step()
    if step % 10 == 0:
        acc = ((out > 0.5).double() == Y[idx]).double().mean().item()
        record = {"step": step, "loss": loss.item(), "grad_norm": grad_norm.item(), "lr": 0.5,
                  "tag_accuracy": acc}
        linears = [m for m in model if isinstance(m, nn.Linear)]
        record.update({f"grad_norm/layer{i}": m.weight.grad.norm().item() for i, m in enumerate(linears)})
        print(json.dumps(record))
