"""loss_divergence: the same small character-level GPT as healthy_pretraining,
but with a long warm-up to a peak learning rate of 0.3, held constant after it, and no
gradient clipping. The loss falls at first, then the optimizer climbs out of
the basin it found and the loss rises for the rest of the run (it never turns
NaN). Printed in the format of Karpathy's build-nanogpt train_gpt2.py.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


torch.manual_seed(1337)
text = make_corpus(6000, seed=1)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])

MAX_STEPS, WARMUP = 300, 150
LR_PEAK = 0.3  # far above what AdamW tolerates here (healthy_pretraining peaks at 3e-3)
BATCH, BLOCK = 8, 32
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=LR_PEAK, betas=(0.9, 0.95), weight_decay=0.1)
gen = torch.Generator().manual_seed(42)
print(f"total desired batch size: {BATCH * BLOCK}")
print("=> calculated gradient accumulation steps: 1")
print(f"found {len(data)} tokens, vocab size {len(chars)}")
for step in range(MAX_STEPS):
    t0 = time.time()
    lr = LR_PEAK * min(1.0, (step + 1) / WARMUP)  # warm-up, then held: no decay
    for g in opt.param_groups:
        g["lr"] = lr
    x, y = get_batch(data, BATCH, BLOCK, gen)
    _, loss = model(x, y)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters()]))
    opt.step()
    dt = time.time() - t0
    print(f"step {step:5d} | loss: {loss.item():.6f} | lr {lr:.4e} | norm: {norm.item():.4f} "
          f"| dt: {dt * 1000:.2f}ms | tok/sec: {BATCH * BLOCK / dt:.2f}")
