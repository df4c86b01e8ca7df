"""low_gpu_utilization: a small GPT fine-tuned on text that the Dataset
tokenises sample by sample in Python (a naive byte-pair pass over each
window of raw text), in the main process (DataLoader(num_workers=0)). The model's
step is short; most of each second goes to preparing the next batch.

The loop logs what torch.cuda.utilization() reports on a GPU: NVML's share
of the last sampling period in which a kernel ran. On this CPU run the
same share is measured directly: the time inside forward, backward and the
optimizer step over the wall time of each logging window. Printed the way a
plain PyTorch loop prints it ("step N/T | loss X | lr Y | gpu_util Z%").

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import re
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import GPT, make_corpus  # noqa: E402

torch.manual_seed(0)
STEPS, BATCH, CTX, LR, EVERY = 300, 16, 32, 1e-3, 10
text = make_corpus(4000, seed=0)
vocab = sorted(set(text))
index = {ch: i for i, ch in enumerate(vocab)}
MERGES = [(a, b) for a in "etaoinshrdlcu" for b in "etaoinshrdlcu ."]


class RawText(Dataset):
    """Cuts a window of the raw text and tokenises it on every access."""

    def __len__(self):
        return len(text) - 4 * CTX

    def __getitem__(self, i):
        raw = re.sub(r"\s+", " ", text[i:i + 4 * CTX])
        pieces = list(raw)
        for a, b in MERGES:                                   # a naive BPE pass in Python, then back to characters
            merged, k = [], 0
            while k < len(pieces):
                if k + 1 < len(pieces) and pieces[k] == a and pieces[k + 1] == b:
                    merged.append(a + b)
                    k += 2
                else:
                    merged.append(pieces[k])
                    k += 1
            pieces = merged
        ids = [index.get(ch, 0) for ch in "".join(pieces)][:CTX + 1]
        ids += [0] * (CTX + 1 - len(ids))
        t = torch.tensor(ids)
        return t[:-1], t[1:]


model = GPT(len(vocab), d=32, n_layer=2, n_head=4, block_size=CTX)
opt = torch.optim.AdamW(model.parameters(), lr=LR)
loader = DataLoader(RawText(), batch_size=BATCH, shuffle=True, num_workers=0)
busy, window_start, step = 0.0, time.perf_counter(), 0
while step < STEPS:
    for x, y in loader:
        t0 = time.perf_counter()
        _, loss = model(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        busy += time.perf_counter() - t0
        step += 1
        if step % EVERY == 0:
            now = time.perf_counter()
            util = 100 * busy / (now - window_start)
            print(f"step {step}/{STEPS} | loss {loss.item():.4f} | lr {LR:.1e} | gpu_util {util:.0f}%", flush=True)
            busy, window_start = 0.0, now
        if step == STEPS:
            break
