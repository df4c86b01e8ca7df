"""run_interrupted: causal-LM training of a small character-level GPT printed
the way transformers.Trainer prints to a file (run_clm.py style: tqdm bar and
a dict per logging step). At step 180 of 400 the run gets SIGINT, which is
what pressing Ctrl-C sends (here the script sends it to itself), and Python
ends it with a KeyboardInterrupt traceback.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import math
import os
import random
import signal
import sys
import threading
import time

import torch
from torch import nn
from torch.nn import functional as F
from tqdm import tqdm

# ---- data: a synthetic corpus from a toy grammar (nothing is downloaded) ----
def make_corpus(n_sentences, seed):
    rng = random.Random(seed)
    subj = ["the cat", "a dog", "the old man", "my sister", "the farmer", "a small bird",
            "the teacher", "our neighbour", "the children", "a tired horse"]
    verb = ["sees", "likes", "finds", "follows", "paints", "carries", "watches", "feeds",
            "remembers", "chases"]
    obj = ["the red ball", "a green apple", "the river", "an old boat", "the tall tree",
           "a quiet house", "the morning bread", "a yellow kite", "the broken gate", "a letter"]
    adv = ["today", "at night", "in the garden", "by the sea", "slowly", "again",
           "every morning", "before dinner", "with great care", "without a word"]
    lines = []
    for _ in range(n_sentences):
        s = f"{rng.choice(subj)} {rng.choice(verb)} {rng.choice(obj)}"
        if rng.random() < 0.6:
            s += " " + rng.choice(adv)
        lines.append(s + ".")
    return "\n".join(lines) + "\n"


# ---- model: a two-layer GPT in the spirit of nanoGPT, small enough for a CPU ----
class Block(nn.Module):
    def __init__(self, d, n_head, block_size):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, n_head, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.register_buffer("mask", torch.triu(torch.ones(block_size, block_size, dtype=torch.bool), 1))

    def forward(self, x):
        t = x.size(1)
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=self.mask[:t, :t], need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab_size, d=32, n_layer=2, n_head=4, block_size=32):
        super().__init__()
        self.block_size = block_size
        self.tok = nn.Embedding(vocab_size, d)
        self.pos = nn.Embedding(block_size, d)
        self.blocks = nn.Sequential(*[Block(d, n_head, block_size) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab_size, bias=False)

    def forward(self, idx, targets=None):
        t = idx.size(1)
        x = self.tok(idx) + self.pos(torch.arange(t))
        logits = self.head(self.ln_f(self.blocks(x)))
        if targets is None:
            return logits, None
        return logits, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


def get_batch(data, batch_size, block_size, gen):
    ix = torch.randint(len(data) - block_size - 1, (batch_size,), generator=gen)
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + block_size] for i in ix])
    return x, y
# ---- console output in the shape transformers.Trainer prints it ----
def hf_header(num_examples, epochs, batch, total_steps, n_params):
    print("***** Running training *****")
    print(f"  Num examples = {num_examples:,}")
    print(f"  Num Epochs = {epochs:,}")
    print(f"  Instantaneous batch size per device = {batch:,}")
    print(f"  Total train batch size (w. parallel, distributed & accumulation) = {batch:,}")
    print("  Gradient Accumulation steps = 1")
    print(f"  Total optimization steps = {total_steps:,}")
    print(f"  Number of trainable parameters = {n_params:,}")


def hf_bar(total_steps):
    return tqdm(total=total_steps, file=sys.stdout, ncols=120)


def hf_log(bar, logs):
    # ProgressCallback.on_log: the dict is written above the bar
    bar.write(str(logs), file=sys.stdout)


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
