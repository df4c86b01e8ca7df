"""repetitive_output: a small character-level GPT pre-trained on a synthetic
corpus, printing in the format of Karpathy's build-nanogpt train_gpt2.py,
including its periodic "rank 0 sample i: ..." generations. The sampling code
was switched to greedy decoding (top-k = 1): from a short prompt the model
follows its single most likely continuation, which soon becomes a loop that
repeats the same phrase to the end of the sample.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math
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
itos = dict(enumerate(chars))
data = torch.tensor([stoi[c] for c in text])
n = int(0.95 * len(data))
train_data, val_data = data[:n], data[n:]
MAX_STEPS, WARMUP, PEAK_LR, BATCH, BLOCK, EVAL_EVERY = 300, 20, 3e-3, 8, 32, 100
PROMPTS = ["the ", "my sister ", "a dog ", "the farmer "]
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.95), weight_decay=0.1)
gen, val_gen = torch.Generator().manual_seed(42), torch.Generator()


@torch.no_grad()
def greedy(prompt, n_chars=110):
    idx = torch.tensor([[stoi[c] for c in prompt]])
    for _ in range(n_chars):
        logits, _ = model(idx[:, -BLOCK:])
        idx = torch.cat([idx, logits[:, -1].argmax(-1, keepdim=True)], 1)  # top-k = 1
    return "".join(itos[i] for i in idx[0].tolist()).replace("\n", " ")


print(f"loaded {len(train_data)} tokens")
print(f"1 epoch = {len(train_data) // (BATCH * BLOCK)} batches")
for step in range(MAX_STEPS):
    last = step == MAX_STEPS - 1
    if step % EVAL_EVERY == 0 or last:
        model.eval()
        val_gen.manual_seed(3)
        with torch.no_grad():
            v = sum(model(*get_batch(val_data, BATCH, BLOCK, val_gen))[1].item() for _ in range(10)) / 10
        print(f"validation loss: {v:.4f}")
    if (step > 0 and step % EVAL_EVERY == 0) or last:
        for i, p in enumerate(PROMPTS):
            print(f"rank 0 sample {i}: {greedy(p)}")
        model.train()
    t0 = time.time()
    lr = PEAK_LR * min(1.0, (step + 1) / WARMUP)
    lr = lr if step < WARMUP else 3e-4 + 0.5 * (1 + math.cos(math.pi * (step - WARMUP) / (MAX_STEPS - WARMUP))) * (PEAK_LR - 3e-4)
    for g in opt.param_groups:
        g["lr"] = lr
    _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    dt = time.time() - t0
    print(f"step {step:5d} | loss: {loss.item():.6f} | lr {lr:.4e} | norm: {norm.item():.4f} "
          f"| dt: {dt * 1000:.2f}ms | tok/sec: {BATCH * BLOCK / dt:.2f}")
