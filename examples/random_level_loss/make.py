"""random_level_loss: an MLP image-feature classifier whose labels were
shuffled separately from the inputs during preprocessing (labels =
random.sample(labels, len(labels)) on a copy that was then zipped back with
the features), so inputs and labels no longer belong together. The network
cannot do better than predicting every class equally often: the loss sits at
ln(10) = 2.303 for the whole run and accuracy at 10%. The run prints its
argparse Namespace (num_classes=10) and then one line per 100 iterations.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import argparse
import random

import torch
from torch import nn
from torch.nn import functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--data", default="/data/features/cifar10_resnet_pool5.pt")
parser.add_argument("--num_classes", type=int, default=10)
parser.add_argument("--epochs", type=int, default=4)
parser.add_argument("--batch_size", type=int, default=128)
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--seed", type=int, default=0)
args = parser.parse_args([])
print(args)
random.seed(args.seed)
torch.manual_seed(args.seed)

prototypes = torch.randn(args.num_classes, 64)
g = torch.Generator().manual_seed(1)
y_true = torch.randint(args.num_classes, (20000,), generator=g)
x = prototypes[y_true] * 0.5 + torch.randn(20000, 64, generator=g)
labels = y_true.tolist()
labels = random.sample(labels, len(labels))  # BUG: shuffled apart from the features
y = torch.tensor(labels)
print(f"loaded {len(x)} examples, {args.num_classes} classes")

model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, args.num_classes))
opt = torch.optim.Adam(model.parameters(), lr=args.lr)
it = 0
for epoch in range(args.epochs):
    perm = torch.randperm(len(x))
    run_loss, run_acc = 0.0, 0.0
    for b in range(len(x) // args.batch_size):
        idx = perm[b * args.batch_size:(b + 1) * args.batch_size]
        logits = model(x[idx])
        loss = F.cross_entropy(logits, y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        it += 1
        run_loss += loss.item()
        run_acc += (logits.argmax(1) == y[idx]).float().mean().item()
        if it % 20 == 0:
            print(f"epoch {epoch} iter {it}: loss {run_loss / 20:.4f}, acc {run_acc / 20:.3f}")
            run_loss, run_acc = 0.0, 0.0
