"""dtype_mismatch_logged: a small character-level GPT trained under
torch.autocast(device_type="cpu", dtype=torch.bfloat16). A dtype check the
author added prints each intermediate tensor's dtype at the first step: the
logits come out of the autocast matmul in bfloat16, while the embeddings, the
residual stream, the LayerNorm output and the loss are float32, so one
forward pass mixes precisions. Training itself goes on.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

import torch
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


torch.manual_seed(0)
text = make_corpus(4000, seed=13)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
model = GPT(len(chars), block_size=32)
opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=0.1)
gen = torch.Generator().manual_seed(1)
for step in range(1, 201):
    x, y = get_batch(data, 8, 32, gen)
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        emb = model.tok(x) + model.pos(torch.arange(x.size(1)))
        h = model.blocks(emb)
        normed = model.ln_f(h)
        logits = model.head(normed)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
    if step == 1:
        for name, t in [("embeddings", emb), ("block output", h), ("final norm output", normed),
                        ("logits", logits), ("loss", loss)]:
            print(f"{name} dtype: {t.dtype}")
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    if step % 10 == 0:
        print(f"step {step} loss {loss.item():.4f}")
