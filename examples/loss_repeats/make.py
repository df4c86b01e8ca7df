"""loss_repeats: a LoRA-style fine-tune of the small GPT on six fixed batches
(a tiny instruction set, not shuffled), two micro-batches per optimizer step,
where the optimizer was built on a copy of the model (as when it is made
before a wrapper replaces the parameters): the model's own weights never
change, so each batch gives the same loss every time it comes round.
Printed in the format of LitGPT's finetune scripts.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import copy
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


torch.manual_seed(1337)
text = make_corpus(400, seed=5)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])

BATCH, BLOCK, ACCUM, ITERS = 4, 32, 2, 96
model = GPT(len(chars), block_size=BLOCK)
gen = torch.Generator().manual_seed(7)
batches = [get_batch(data, BATCH, BLOCK, gen) for _ in range(6)]
# The mistake: the optimizer holds a copy's parameters, not the model's.
opt = torch.optim.AdamW(copy.deepcopy(model).parameters(), lr=3e-4)
print(f"Number of trainable parameters: {sum(p.numel() for p in model.parameters()):,}")
print(f"The longest sequence length in the train data is {BLOCK}")
for it in range(ITERS):
    t0 = time.time()
    x, y = batches[it % len(batches)]
    _, loss = model(x, y)
    (loss / ACCUM).backward()
    stepped = (it + 1) % ACCUM == 0
    if stepped:
        opt.step()
        opt.zero_grad(set_to_none=True)
        model.zero_grad(set_to_none=True)
    dt = time.time() - t0
    print(f"iter {it} step {it // ACCUM}: loss {loss.item():.4f}, iter time: {dt * 1000:.2f}ms"
          + (" (optimizer.step)" if stepped else ""))
