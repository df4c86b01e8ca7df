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
import math
import random
import sys

import torch
from torch import nn
from torch.nn import functional as F

# ---- data: a synthetic corpus from a toy grammar (nothing is downloaded) ----
def make_corpus(n_sentences, seed):
    rng = random.Random(seed)
    subj = ["the cat", "a dog", "the old man", "my sister", "the farmer", "a small bird",
            "the teacher", "our neighbour", "the children", "a tired horse"]
    verb = ["sees", "likes", "finds", "follows", "paints", "carries", "watches", "feeds",
            "remembers", "chases"]
    obj = ["the red ball", "a green apple", "the river", "an old boat", "the tall tree",
           "a quiet house", "the morning bread", "a yellow kite", "the broken gate", "a letter"]
    adv = ["today", "at night", "in the garden", "by the sea", "slowly", "again",
           "every morning", "before dinner", "with great care", "without a word"]
    lines = []
    for _ in range(n_sentences):
        s = f"{rng.choice(subj)} {rng.choice(verb)} {rng.choice(obj)}"
        if rng.random() < 0.6:
            s += " " + rng.choice(adv)
        lines.append(s + ".")
    return "\n".join(lines) + "\n"


# ---- model: a two-layer GPT in the spirit of nanoGPT, small enough for a CPU ----
class Block(nn.Module):
    def __init__(self, d, n_head, block_size):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, n_head, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.register_buffer("mask", torch.triu(torch.ones(block_size, block_size, dtype=torch.bool), 1))

    def forward(self, x):
        t = x.size(1)
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=self.mask[:t, :t], need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab_size, d=32, n_layer=2, n_head=4, block_size=32):
        super().__init__()
        self.block_size = block_size
        self.tok = nn.Embedding(vocab_size, d)
        self.pos = nn.Embedding(block_size, d)
        self.blocks = nn.Sequential(*[Block(d, n_head, block_size) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab_size, bias=False)

    def forward(self, idx, targets=None):
        t = idx.size(1)
        x = self.tok(idx) + self.pos(torch.arange(t))
        logits = self.head(self.ln_f(self.blocks(x)))
        if targets is None:
            return logits, None
        return logits, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


def get_batch(data, batch_size, block_size, gen):
    ix = torch.randint(len(data) - block_size - 1, (batch_size,), generator=gen)
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + block_size] for i in ix])
    return x, y


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
