"""loss_spike: the small character-level GPT of healthy_pretraining reads its
training stream shard by shard; one shard (iterations 260-279) is corrupted
(random bytes where text should be, as a truncated or mis-decoded file gives).
The loss jumps far above its running level while the model trains on it and
needs a while to come back. Printed the way Megatron-LM's training_log prints
(one line per log interval of 5 iterations, losses averaged over the interval,
a validation block every 100 iterations).

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import datetime
import math
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


torch.manual_seed(1234)
text = make_corpus(6000, seed=3)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
n = int(0.95 * len(data))
train_data, val_data = data[:n], data[n:]

TRAIN_ITERS, WARMUP, PEAK_LR, MIN_LR = 500, 50, 3e-3, 3e-4
MICRO, BLOCK, LOG_INTERVAL, EVAL_INTERVAL = 8, 32, 5, 100
BAD_SHARD = range(260, 280)  # iterations whose shard is corrupted
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.95), weight_decay=0.1)
gen = torch.Generator().manual_seed(0)
val_gen = torch.Generator()
clock = datetime.datetime(2024, 5, 13, 10, 21, 3)


def lr_at(it):
    if it < WARMUP:
        return PEAK_LR * (it + 1) / WARMUP
    return MIN_LR + 0.5 * (1 + math.cos(math.pi * (it - WARMUP) / (TRAIN_ITERS - WARMUP))) * (PEAK_LR - MIN_LR)


@torch.no_grad()
def evaluate():
    model.eval()
    val_gen.manual_seed(5)
    losses = [model(*get_batch(val_data, MICRO, BLOCK, val_gen))[1].item() for _ in range(8)]
    model.train()
    return sum(losses) / len(losses)


print("> building GPT model ...")
print(f" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): "
      f"{sum(p.numel() for p in model.parameters())}")
print("[after model, optimizer, and learning rate scheduler are built] datetime: "
      + clock.strftime("%Y-%m-%d %H:%M:%S"))
print("training ...")
acc_loss, acc_time = 0.0, 0.0
for it in range(1, TRAIN_ITERS + 1):
    t0 = time.time()
    lr = lr_at(it - 1)
    for g in opt.param_groups:
        g["lr"] = lr
    x, y = get_batch(train_data, MICRO, BLOCK, gen)
    if it in BAD_SHARD:
        x = torch.randint(len(chars), x.shape, generator=gen)
        y = torch.randint(len(chars), y.shape, generator=gen)
    _, loss = model(x, y)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    dt = time.time() - t0
    acc_loss += loss.item()
    acc_time += dt
    if it % LOG_INTERVAL == 0:
        clock += datetime.timedelta(seconds=acc_time * 40)  # wall clock of the full-size job
        print(f" [{clock:%Y-%m-%d %H:%M:%S}] iteration {it:8d}/{TRAIN_ITERS:8d} | consumed samples: {it * MICRO:12d} "
              f"| elapsed time per iteration (ms): {1000 * acc_time / LOG_INTERVAL:.1f} | learning rate: {lr:.6E} "
              f"| global batch size: {MICRO:5d} | lm loss: {acc_loss / LOG_INTERVAL:.6E} | loss scale: 1.0 "
              f"| grad norm: {norm.item():.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")
        acc_loss, acc_time = 0.0, 0.0
    if it % EVAL_INTERVAL == 0:
        v = evaluate()
        line = f" validation loss at iteration {it} | lm loss value: {v:.6E} | lm loss PPL: {math.exp(v):.6E} | "
        print("-" * (len(line) + 1))
        print(line)
        print("-" * (len(line) + 1))
