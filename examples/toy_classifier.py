"""The classification task of the classifier examples: ten classes of
64-feature vectors drawn around noisy class prototypes, a share of the labels
wrong, an MLP trained by epochs with AdamW. Each example's make.py sets the
sizes, the label noise and the regularisation, and prints the log."""
import math
import time

import torch
from torch import nn
from torch.nn import functional as F

CLASSES, FEATURES = 10, 64


def seed(value):
    """Seeds torch and draws the class prototypes (in that order)."""
    torch.manual_seed(value)
    return torch.randn(CLASSES, FEATURES)


def make(prototypes, n, g, noise):
    """n samples and their labels, a share noise of the labels redrawn at random."""
    y = torch.randint(CLASSES, (n,), generator=g)
    x = prototypes[y] * 0.35 + torch.randn(n, FEATURES, generator=g)
    wrong = torch.rand(n, generator=g) < noise
    return x, torch.where(wrong, torch.randint(CLASSES, (n,), generator=g), y)


def mlp(hidden, dropout):
    return nn.Sequential(nn.Linear(FEATURES, hidden), nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, hidden),
                         nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, CLASSES))


def train_epoch(model, opt, x, y, batch):
    """One pass over (x, y) in shuffled batches: the mean loss and accuracy."""
    model.train()
    n = len(x)
    perm = torch.randperm(n)
    total, correct = 0.0, 0
    for b in range(math.ceil(n / batch)):
        idx = perm[b * batch:(b + 1) * batch]
        logits = model(x[idx])
        loss = F.cross_entropy(logits, y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(idx)
        correct += (logits.argmax(1) == y[idx]).sum().item()
    return total / n, correct / n


def evaluate(model, x, y):
    """The loss and accuracy on (x, y)."""
    model.eval()
    with torch.no_grad():
        logits = model(x)
        return F.cross_entropy(logits, y).item(), (logits.argmax(1) == y).float().mean().item()


def keras_fit(model, opt, train, val, epochs, batch):
    """Trains for epochs, printing each the way tf.keras model.fit(...,
    validation_data=...) prints with verbose=1."""
    x, y = train
    steps = math.ceil(len(x) / batch)
    print(f"Train on {len(x)} samples, validate on {len(val[0])} samples")
    for epoch in range(1, epochs + 1):
        print(f"Epoch {epoch}/{epochs}")
        t0 = time.time()
        loss, acc = train_epoch(model, opt, x, y, batch)
        dt = time.time() - t0
        val_loss, val_acc = evaluate(model, *val)
        print(f"{steps}/{steps} [==============================] - {dt:.0f}s {1000 * dt / steps:.0f}ms/step "
              f"- loss: {loss:.4f} - accuracy: {acc:.4f} - val_loss: {val_loss:.4f} - val_accuracy: {val_acc:.4f}")
