"""debug_logging_on: a small character-level GPT trained for 300 steps with a
debugging hook still switched on (MODEL_DEBUG=1 left in the job script): a
forward hook prints a [DEBUG] block with the hidden states' shape, dtype and
statistics on every step, to the end of the run. Printed as the script
prints it (a loss line per step, the debug block before it).

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


os.environ.setdefault("MODEL_DEBUG", "1")  # left on from a debugging session
torch.manual_seed(0)
text = make_corpus(4000, seed=12)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
model = GPT(len(chars), block_size=32)
opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=0.1)
gen = torch.Generator().manual_seed(1)


def debug_hook(module, inputs, output):
    if os.environ.get("MODEL_DEBUG") == "1":
        h = output.detach()
        print(f"[DEBUG] blocks output shape: {h.shape} dtype: {h.dtype}")
        print(f"[DEBUG] Hidden states stats: min={h.min().item():.4f}, max={h.max().item():.4f}, "
              f"mean={h.mean().item():.4f}")


model.blocks.register_forward_hook(debug_hook)
for step in range(1, 301):
    t0 = time.time()
    _, loss = model(*get_batch(data, 8, 32, gen))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    print(f"step {step}/300 loss {loss.item():.4f} time {1000 * (time.time() - t0):.1f}ms")
