"""dpo_overoptimization: DPO on a small character-level GPT fine-tuned (SFT) to
answer arithmetic word problems with a short explanation; the frozen SFT
model is the reference. Only 48 preference pairs (the explained answer vs a
rambling non-answer), 5 epochs, and a constant learning rate of 3e-3, far
above what DPO needs: the policy separates the training pairs perfectly, the
loss collapses to ~0, reward accuracy sits at 1.0 and the margin runs past 10
as log p(rejected) is driven down. Metrics computed as TRL's DPOTrainer
computes them, saved as transformers.Trainer saves trainer_state.json.

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import copy
import os
import random
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, dpo_step, make_problems, sft, window_mean  # noqa: E402
from hf_trainer import print_trainer_state  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "explained", 150
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 48, 136, 0.1, 4, 5, 3
LR = 3e-3


def make_pair(e):
    return e["explained"], e["rambling"]


torch.manual_seed(SEED)
problems = make_problems(N_PAIRS, seed=1)
policy = GPT(len(CHARS), block_size=MAX_LEN)
sft(policy, make_problems(400, seed=2), steps=SFT_STEPS, lr=3e-3, max_len=MAX_LEN, batch=8, seed=3,
    field=SFT_FIELD)
reference = copy.deepcopy(policy).eval().requires_grad_(False)
opt = torch.optim.AdamW(policy.parameters(), lr=LR, weight_decay=0.0)
steps_per_epoch = len(problems) // BATCH
total = EPOCHS * steps_per_epoch
warmup = max(1, total // 10)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 1.0)  # lr_scheduler_type="constant"

history = []
rng = random.Random(4)
step, rows, sum_loss, t_start = 0, [], 0.0, time.time()
for epoch in range(EPOCHS):
    order = list(range(len(problems)))
    rng.shuffle(order)
    for b in range(steps_per_epoch):
        ex = [problems[i] for i in order[b * BATCH:(b + 1) * BATCH]]
        chosen, rejected = zip(*(make_pair(e) for e in ex))
        loss, metrics = dpo_step(policy, reference, [e["prompt"] for e in ex], list(chosen), list(rejected),
                                 BETA, MAX_LEN)
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        rows.append({"loss": loss.item(), **metrics})
        sum_loss += loss.item()
        if step % LOG_STEPS == 0:
            mean = window_mean(rows)
            history.append({"epoch": round(step / steps_per_epoch, 4), "grad_norm": grad_norm.item(),
                            "learning_rate": sched.get_last_lr()[0], "loss": round(mean.pop("loss"), 4),
                            **mean, "step": step})
            rows = []
runtime = time.time() - t_start
history.append({"epoch": float(EPOCHS), "step": step, "total_flos": 0.0,
                "train_loss": sum_loss / step, "train_runtime": round(runtime, 4),
                "train_samples_per_second": round(total * BATCH / runtime, 3),
                "train_steps_per_second": round(total / runtime, 3)})
print_trainer_state(history, step, total, EPOCHS, LOG_STEPS, None, BATCH)
