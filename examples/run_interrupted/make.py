"""run_interrupted: causal-LM training of a small character-level GPT printed
the way transformers.Trainer prints to a file (run_clm.py style: tqdm bar and
a dict per logging step). At step 180 of 400 the run gets SIGINT, which is
what pressing Ctrl-C sends (here the script sends it to itself), and Python
ends it with a KeyboardInterrupt traceback.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import math
import os
import signal
import sys
import threading
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


torch.manual_seed(42)
text = make_corpus(5000, seed=11)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
MAX_STEPS, BATCH, BLOCK, LR, WARMUP, LOG_STEPS, CTRL_C_AT = 400, 8, 32, 2e-3, 20, 10, 180
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.01)
sched = torch.optim.lr_scheduler.LambdaLR(
    opt, lambda s: s / WARMUP if s < WARMUP else max(0.0, (MAX_STEPS - s) / (MAX_STEPS - WARMUP)))
gen = torch.Generator().manual_seed(0)
steps_per_epoch = len(data) // (BATCH * BLOCK)

hf_header(steps_per_epoch * BATCH, math.ceil(MAX_STEPS / steps_per_epoch), BATCH, MAX_STEPS,
          sum(p.numel() for p in model.parameters()))
ctrl_c = threading.Event()


def terminal():  # Ctrl-C: the terminal sends SIGINT while a training step runs
    ctrl_c.wait()
    time.sleep(0.005)
    os.kill(os.getpid(), signal.SIGINT)


threading.Thread(target=terminal, daemon=True).start()
bar = hf_bar(MAX_STEPS)
tr_loss = 0.0
for step in range(1, MAX_STEPS + 1):
    if step == CTRL_C_AT:
        ctrl_c.set()
    _, loss = model(*get_batch(data, BATCH, BLOCK, gen))
    loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    sched.step()
    opt.zero_grad()
    tr_loss += loss.item()
    bar.update(1)
    if step % LOG_STEPS == 0:
        hf_log(bar, {"loss": round(tr_loss / LOG_STEPS, 4), "grad_norm": grad_norm.item(),
                     "learning_rate": sched.get_last_lr()[0], "epoch": round(step / steps_per_epoch, 2)})
        tr_loss = 0.0
bar.close()
