"""healthy_pretraining: a small character-level GPT pre-trained on a synthetic
corpus with AdamW, linear warm-up and cosine decay, logged in the format of
llm.c's main.log ("s:STEP trl:TRAIN_LOSS lr:LR norm:GRAD_NORM", and
"s:STEP tel:VAL_LOSS" at each evaluation). A run that learns: loss falls from
ln(vocab) to about 1.0 nats per character and validation follows.

Regenerate:  /usr/bin/python3 make.py > main.log
"""
import math
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


torch.manual_seed(1337)
text = make_corpus(6000, seed=1)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
n = int(0.9 * len(data))
train_data, val_data = data[:n], data[n:]

MAX_STEPS, WARMUP, PEAK_LR, MIN_LR = 300, 30, 3e-3, 3e-4
BATCH, BLOCK, EVAL_EVERY = 8, 32, 50
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.95), weight_decay=0.1)
gen = torch.Generator().manual_seed(42)
val_gen = torch.Generator()


def lr_at(step):
    if step < WARMUP:
        return PEAK_LR * (step + 1) / WARMUP
    ratio = (step - WARMUP) / (MAX_STEPS - WARMUP)
    return MIN_LR + 0.5 * (1 + math.cos(math.pi * ratio)) * (PEAK_LR - MIN_LR)


@torch.no_grad()
def val_loss():
    model.eval()
    val_gen.manual_seed(7)
    losses = [model(*get_batch(val_data, BATCH, BLOCK, val_gen))[1].item() for _ in range(10)]
    model.train()
    return sum(losses) / len(losses)


for step in range(MAX_STEPS + 1):
    if step % EVAL_EVERY == 0 or step == MAX_STEPS:
        print(f"s:{step} tel:{val_loss():.4f}")
    if step == MAX_STEPS:
        break
    lr = lr_at(step)
    for g in opt.param_groups:
        g["lr"] = lr
    x, y = get_batch(train_data, BATCH, BLOCK, gen)
    _, loss = model(x, y)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    print(f"s:{step} trl:{loss.item():.4f} lr:{lr:.6f} norm:{norm.item():.2f}")
