"""slow_steps: a small character-level GPT whose training loop runs a
validation pass (40 batches) every 50 steps from inside the training step,
before the step's timer stops, as a callback on the step would. Those steps
take many times longer than the others. Printed through Python's logging
module, one line per step.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import logging
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


logging.basicConfig(format="%(asctime)s %(levelname)s %(message)s", level=logging.INFO)
log = logging.getLogger()
torch.manual_seed(0)
text = make_corpus(4000, seed=9)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
n = int(0.9 * len(data))
train_data, val_data = data[:n], data[n:]
BATCH, BLOCK, STEPS, EVAL_EVERY = 8, 32, 300, 50
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=0.1)
gen, val_gen = torch.Generator().manual_seed(1), torch.Generator()
for step in range(1, STEPS + 1):
    t0 = time.perf_counter()
    _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    val_msg = ""
    if step % EVAL_EVERY == 0:  # the validation callback, inside the timed step
        model.eval()
        val_gen.manual_seed(2)
        with torch.no_grad():
            v = sum(model(*get_batch(val_data, BATCH, BLOCK, val_gen))[1].item() for _ in range(40)) / 40
        model.train()
        val_msg = f" val_loss {v:.4f}"
    dt = time.perf_counter() - t0
    log.info("step %d/%d loss %.4f time %.1fms%s", step, STEPS, loss.item(), dt * 1000, val_msg)
