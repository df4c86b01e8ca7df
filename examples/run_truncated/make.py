"""run_truncated: a small character-level GPT trained for a planned 500 steps
and printed in the format of the modded-nanogpt speedrun logs
("step:N/T train_loss:X train_time:Tms step_avg:Ams", val_loss every 100
steps; train_time starts after 10 warm-up steps, so step_avg is "nan" before).
Partway through, the training process is killed with SIGKILL, as the kernel's
OOM killer or a scheduler kills a job: SIGKILL cannot be caught, so the log
just stops, with no traceback and no message. Here a parent process (this same
script) delivers the SIGKILL after step 310 has been printed.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math
import os
import random
import signal
import subprocess
import sys
import time

import torch
from torch import nn
from torch.nn import functional as F

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


def train():
    torch.manual_seed(0)
    text = make_corpus(6000, seed=5)
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    data = torch.tensor([stoi[c] for c in text])
    n = int(0.95 * len(data))
    train_data, val_data = data[:n], data[n:]
    STEPS, WARMUP, PEAK_LR, BATCH, BLOCK, VAL_EVERY = 500, 25, 3e-3, 8, 32, 100
    model = GPT(len(chars), block_size=BLOCK)
    opt = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.95), weight_decay=0.0)
    gen, val_gen = torch.Generator().manual_seed(1), torch.Generator()
    training_time_ms, t0 = 0.0, time.time()
    for step in range(STEPS + 1):
        if step == 10:  # the clock starts after the warm-up steps
            training_time_ms, t0 = 0.0, time.time()
        timed_steps = float("nan") if step <= 11 else step - 10
        if step % VAL_EVERY == 0 or step == STEPS:
            training_time_ms += 1000 * (time.time() - t0)
            model.eval()
            val_gen.manual_seed(3)
            with torch.no_grad():
                v = sum(model(*get_batch(val_data, BATCH, BLOCK, val_gen))[1].item() for _ in range(8)) / 8
            model.train()
            print(f"step:{step}/{STEPS} val_loss:{v:.4f} train_time:{training_time_ms:.0f}ms "
                  f"step_avg:{training_time_ms / (timed_steps - 1):.2f}ms", flush=True)
            t0 = time.time()
        if step == STEPS:
            break
        lr = PEAK_LR * min(1.0, (step + 1) / WARMUP, (STEPS - step) / (0.3 * STEPS))  # trapezoid schedule
        for g in opt.param_groups:
            g["lr"] = lr
        _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        approx_ms = training_time_ms + 1000 * (time.time() - t0)
        print(f"step:{step + 1}/{STEPS} train_loss:{loss.item():.4f} train_time:{approx_ms:.0f}ms "
              f"step_avg:{approx_ms / timed_steps:.2f}ms", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        train()
    else:
        child = subprocess.Popen([sys.executable, __file__, "--child"], stdout=subprocess.PIPE, text=True)
        for line in child.stdout:
            sys.stdout.write(line)
            if line.startswith("step:310/"):
                child.send_signal(signal.SIGKILL)  # the OOM killer / the scheduler
                break
        child.wait()
        sys.stdout.flush()
