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
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


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
