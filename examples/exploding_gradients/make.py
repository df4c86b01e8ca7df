"""exploding_gradients: causal-LM training of a small character-level GPT with
AdamW warmed up over 150 steps to a learning rate of 0.2 (about seventy times
what healthy_pretraining uses) and max_grad_norm=0, i.e. no clipping. Once the
rate passes what the model tolerates, the gradient norm repeatedly jumps far
above its running level, once (step 233) to more than ten times it, and the
loss spikes with it. Saved as transformers.Trainer saves
trainer_state.json with logging_steps=1 (grad_norm before clipping).

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hf_trainer import print_trainer_state  # noqa: E402
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


torch.manual_seed(1337)
text = make_corpus(6000, seed=1)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
MAX_STEPS, WARMUP, PEAK_LR, BATCH, BLOCK, LOG_STEPS = 300, 150, 0.2, 8, 32, 1
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.95), weight_decay=0.1)
gen = torch.Generator().manual_seed(42)
history, tr_loss, sum_loss = [], 0.0, 0.0
for step in range(1, MAX_STEPS + 1):
    lr = PEAK_LR * min(1.0, step / WARMUP)
    for g in opt.param_groups:
        g["lr"] = lr
    _, loss = model(*get_batch(data, BATCH, BLOCK, gen))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    grad_norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters()]))
    opt.step()
    tr_loss += loss.item()
    sum_loss += loss.item()
    if step % LOG_STEPS == 0:
        history.append({"epoch": round(step * BATCH * BLOCK / len(data), 4), "grad_norm": grad_norm.item(),
                        "learning_rate": lr, "loss": round(tr_loss / LOG_STEPS, 4), "step": step})
        tr_loss = 0.0
history.append({"epoch": round(MAX_STEPS * BATCH * BLOCK / len(data), 4), "step": MAX_STEPS, "total_flos": 0.0,
                "train_loss": sum_loss / MAX_STEPS, "train_runtime": 0.0, "train_samples_per_second": 0.0,
                "train_steps_per_second": 0.0})
print_trainer_state(history, MAX_STEPS, MAX_STEPS, 1, LOG_STEPS, None, BATCH)
