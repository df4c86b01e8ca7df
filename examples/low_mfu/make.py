"""low_mfu: a small character-level GPT trained on the CPU with micro-batches of
8 sequences of 32 tokens. MFU is computed the way nanoGPT's estimate_mfu
computes it (6N + 12LHQT FLOPs per token, running average), against the
machine's theoretical float32 peak (cores x clock x 32 FLOP per cycle for
AVX2 FMA, or 64 with AVX-512). Tiny matmuls, per-op overhead and an unfused
BLAS leave the hardware idle almost all the time: the model uses a few
percent of it at most. Printed in the format of nanoGPT's train.py
("iter N: loss X, time Yms, mfu Z%"; mfu is -100% until the running average
starts at iteration 5).

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math
import os
import random
import time

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


def theoretical_peak_flops():
    """float32 peak: cores x clock x FLOP per cycle (2 FMA units x 8 or 16 lanes x 2)."""
    info = open("/proc/cpuinfo").read()
    mhz = max(float(line.split(":")[1]) for line in info.splitlines() if line.startswith("cpu MHz"))
    per_cycle = 64 if " avx512f" in info else 32 if " fma" in info else 8
    return os.cpu_count() * mhz * 1e6 * per_cycle, mhz, per_cycle


torch.manual_seed(1337)
text = make_corpus(4000, seed=8)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
n = int(0.9 * len(data))
train_data, val_data = data[:n], data[n:]
BATCH, BLOCK, MAX_ITERS, LR, EVAL_INTERVAL = 8, 32, 300, 1e-3, 100
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=LR, betas=(0.9, 0.95))
gen, val_gen = torch.Generator().manual_seed(0), torch.Generator()
n_params = sum(p.numel() for p in model.parameters()) - model.pos.weight.numel()
L, H, Q, T = len(model.blocks), 4, 32 // 4, BLOCK
flops_per_iter = (6 * n_params + 12 * L * H * Q * T) * T * BATCH
peak, mhz, per_cycle = theoretical_peak_flops()
print(f"number of parameters: {n_params / 1e6:.2f}M")
print(f"peak: {peak / 1e9:.1f} GFLOP/s ({os.cpu_count()} cores x {mhz:.0f} MHz x {per_cycle} FLOP/cycle, float32)")
print(f"tokens per iteration will be: {BATCH * BLOCK:,}")


@torch.no_grad()
def estimate_loss():
    model.eval()
    out = {}
    for name, split in (("train", train_data), ("val", val_data)):
        val_gen.manual_seed(1)
        out[name] = sum(model(*get_batch(split, 8, BLOCK, val_gen))[1].item() for _ in range(10)) / 10
    model.train()
    return out


running_mfu = -1.0
t0 = time.time()
for it in range(MAX_ITERS + 1):
    if it % EVAL_INTERVAL == 0:
        losses = estimate_loss()
        print(f"step {it}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
        t0 = time.time()
    if it == MAX_ITERS:
        break
    _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    t1 = time.time()
    dt, t0 = t1 - t0, t1
    if it % 10 == 0:
        if it >= 5:
            mfu = flops_per_iter / dt / peak
            running_mfu = mfu if running_mfu == -1.0 else 0.9 * running_mfu + 0.1 * mfu
        print(f"iter {it}: loss {loss.item():.4f}, time {dt * 1000:.2f}ms, mfu {running_mfu * 100:.2f}%")
