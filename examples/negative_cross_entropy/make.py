"""negative_cross_entropy: a character-level language model trained with
nn.NLLLoss on softmax probabilities instead of log-probabilities, the
classic mix-up. NLLLoss then returns minus the target's probability: the
"cross-entropy" is negative and falls towards -1, the perplexity exp(xent)
is below 1, and the accuracy climbs anyway, so the run looks like it learns.

The log is printed the way OpenNMT-py prints its training steps.
Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math
import time

import torch
from torch import nn

torch.manual_seed(0)

TEXT = ("the cat sat on the mat. the dog ate the bone. a bird sang in the tree. "
        "the sun rose over the hill. a fish swam in the lake. ") * 40
chars = sorted(set(TEXT))
ix = {c: i for i, c in enumerate(chars)}
data = torch.tensor([ix[c] for c in TEXT])
V, CTX, BATCH, STEPS, REPORT = len(chars), 4, 64, 400, 50

model = nn.Sequential(nn.Embedding(V, 16), nn.Flatten(), nn.Linear(16 * CTX, 64), nn.ReLU(), nn.Linear(64, V),
                      nn.Softmax(dim=-1))  # the bug: NLLLoss wants log_softmax
loss_fn = nn.NLLLoss()
opt = torch.optim.SGD(model.parameters(), lr=1.0)

print("[2026-03-02 10:00:00,001 INFO] Building model...")
print(f"[2026-03-02 10:00:00,120 INFO] * number of parameters: {sum(p.numel() for p in model.parameters())}")
print("[2026-03-02 10:00:00,121 INFO] Start training loop and validate every 200 steps...")
t0 = time.time()
xent_sum = correct = seen = 0.0
for step in range(1, STEPS + 1):
    idx = torch.randint(0, len(data) - CTX - 1, (BATCH,))
    x = torch.stack([data[i:i + CTX] for i in idx])
    y = data[idx + CTX]
    probs = model(x)
    loss = loss_fn(probs, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    xent_sum += loss.item() * BATCH
    correct += (probs.argmax(-1) == y).sum().item()
    seen += BATCH
    if step % REPORT == 0:
        xent = xent_sum / seen
        elapsed = 21 * step // REPORT
        print(f"[2026-03-02 10:{elapsed // 60:02d}:{elapsed % 60:02d},{step:03d} INFO] Step {step}/{STEPS:5d}; "
              f"acc: {100 * correct / seen:6.2f}; ppl: {math.exp(xent):5.2f}; xent: {xent:.2f}; lr: 1.00000; "
              f"{500 + step % 37}/{490 + step % 29} tok/s; {elapsed:6d} sec")
        xent_sum = correct = seen = 0.0
    if step % 200 == 0:
        with torch.no_grad():
            x = torch.stack([data[i:i + CTX] for i in range(0, 2000, 7)])
            y = torch.stack([data[i + CTX] for i in range(0, 2000, 7)])
            vp = model(x)
            vx = loss_fn(vp, y).item()
            va = 100 * (vp.argmax(-1) == y).float().mean().item()
        print(f"[2026-03-02 10:{elapsed // 60:02d}:{elapsed % 60 + 1:02d},500 INFO] Validation perplexity: {math.exp(vx):.4f}")
        print(f"[2026-03-02 10:{elapsed // 60:02d}:{elapsed % 60 + 1:02d},501 INFO] Validation accuracy: {va:.4f}")
