"""dpo_margin_explosion: DPO on a small character-level GPT fine-tuned (SFT) to
answer arithmetic word problems with a short explanation; the frozen SFT
model is the reference. The preference set mixes two sources: "helpfulness"
pairs (the explained answer vs a rambling non-answer) and, for 15% of the
problems, "correctness" pairs (the same explanation with a wrong result). With
a constant learning rate of 3e-3 (TRL's default is 1e-6) the policy drives the
rambling answers' probability into the ground and the mean margin runs past
10, while the correctness pairs keep the loss away from 0. log p(chosen) falls
too. Metrics computed as TRL's DPOTrainer computes them, printed the way
TRL/transformers print them to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import copy
import os
import random
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, dpo_step, make_problems, sft, window_mean  # noqa: E402
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "explained", 150
HARD_PCT = 15  # share of correctness pairs
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 120, 136, 0.1, 4, 3, 4
LR = 0.003
CORRECTNESS = set(random.Random(9).sample(range(N_PAIRS), N_PAIRS * HARD_PCT // 100))  # the other source


def make_pair(e):
    if e["index"] in CORRECTNESS:  # same explanation, wrong result
        right, wrong = e["correct"].split()[2], e["wrong"].split()[2]
        return e["explained"], e["explained"].replace(f" has {right} ", f" has {wrong} ")
    return e["explained"], e["rambling"]


torch.manual_seed(SEED)
problems = make_problems(N_PAIRS, seed=1)
for i, e in enumerate(problems):
    e["index"] = i
policy = GPT(len(CHARS), block_size=MAX_LEN)
sft(policy, make_problems(400, seed=2), steps=SFT_STEPS, lr=3e-3, max_len=MAX_LEN, batch=8, seed=3,
    field=SFT_FIELD)
reference = copy.deepcopy(policy).eval().requires_grad_(False)
opt = torch.optim.AdamW(policy.parameters(), lr=LR, weight_decay=0.0)
steps_per_epoch = len(problems) // BATCH
total = EPOCHS * steps_per_epoch
warmup = max(1, total // 10)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 1.0)  # lr_scheduler_type="constant"

hf_header(len(problems), EPOCHS, BATCH, total, sum(p.numel() for p in policy.parameters()))
bar = hf_bar(total)
rng = random.Random(4)
step, rows, t_start = 0, [], time.time()
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
        bar.update(1)
        if step % LOG_STEPS == 0:
            mean = window_mean(rows)
            logs = {"loss": round(mean.pop("loss"), 4), "grad_norm": grad_norm.item(),
                    "learning_rate": sched.get_last_lr()[0], **mean, "epoch": round(step / steps_per_epoch, 2)}
            hf_log(bar, logs)
            rows = []
runtime = time.time() - t_start
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "epoch": float(EPOCHS)})
bar.close()
