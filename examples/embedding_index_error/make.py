"""embedding_index_error: a small character-level GPT whose tokenizer assigns
a new id to every character it has not seen yet (stoi.setdefault) instead of
mapping it to an unknown token. The model's embedding is sized from the
vocabulary after the training text was encoded (26 characters). The held-out
sentences come from a newer export of the corpus that writes counts as digits
("3 old boats"); encoding them gives the digits ids 26, 27, ... past the
embedding's last row, and the first evaluation, at iteration 300, fails on
the CPU with "IndexError: index out of range in self". Printed in the format
of minGPT's chargpt project ("iter_dt ...ms; iter N: train loss X").

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import os
import random
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from toy_gpt import GPT, get_batch, make_corpus  # noqa: E402

sys.stdout.reconfigure(line_buffering=True)  # keep the prints in order with the traceback on stderr
torch.manual_seed(0)


class CharTokenizer:
    def __init__(self):
        self.stoi = {}

    def encode(self, s):
        return [self.stoi.setdefault(c, len(self.stoi)) for c in s]  # BUG: unseen characters get new ids


def newer_export(n, seed):
    """The same kind of sentences, but some objects come with a count in digits."""
    rng = random.Random(seed)
    counted = {"the red ball": "the {} red balls", "a green apple": "{} green apples", "an old boat": "{} old boats",
               "a yellow kite": "{} yellow kites", "a letter": "{} letters"}
    lines = []
    for line in make_corpus(n, seed).splitlines():
        for obj, plural in counted.items():
            if obj in line and rng.random() < 0.3:
                line = line.replace(obj, plural.format(rng.randint(2, 9)))
        lines.append(line)
    return "\n".join(lines) + "\n"


tok = CharTokenizer()
train_data = torch.tensor(tok.encode(make_corpus(5000, seed=5)))
vocab_size = len(tok.stoi)
BATCH, BLOCK, LR, MAX_ITERS, EVAL_EVERY = 8, 32, 3e-3, 1000, 300
model = GPT(vocab_size, block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=LR, betas=(0.9, 0.95), weight_decay=0.1)
print(f"data has {len(train_data)} characters, {vocab_size} unique.")
print(f"number of parameters: {sum(p.numel() for p in model.parameters()) / 1e6:.2f}M")
print("running on device cpu")


@torch.no_grad()
def evaluate(text):
    model.eval()
    data = torch.tensor(tok.encode(text))
    g = torch.Generator().manual_seed(1)
    losses = [model(*get_batch(data, BATCH, BLOCK, g))[1].item() for _ in range(20)]
    model.train()
    return sum(losses) / len(losses)


val_text = newer_export(500, seed=99)
gen = torch.Generator().manual_seed(0)
t0 = time.time()
for it in range(MAX_ITERS + 1):
    if it > 0 and it % EVAL_EVERY == 0:
        print(f"iter {it}: evaluating on {len(val_text)} held-out characters")
        val_loss = evaluate(val_text)
        print(f"iter {it}: val loss {val_loss:.5f}")
    _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    t1 = time.time()
    iter_dt, t0 = t1 - t0, t1
    if it % 10 == 0:
        print(f"iter_dt {iter_dt * 1000:.2f}ms; iter {it}: train loss {loss.item():.5f}")
