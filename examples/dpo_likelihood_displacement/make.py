"""dpo_likelihood_displacement: DPO on a small character-level GPT fine-tuned
(SFT) to answer arithmetic word problems; the frozen SFT model is the
reference. Chosen and rejected answers differ in one word only, the person's
name ("anna has 7 apples now." for a question about anna, vs "ben has 7
apples now."). DPO widens the margin, but with pairs this similar the
cheapest way to do so lowers both: log p(chosen) falls along with
log p(rejected), rewards/chosen goes negative while the margin and the reward
accuracy grow. Learning rate 5e-4. Metrics computed as TRL's DPOTrainer
computes them, printed the way TRL/transformers print them to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import copy
import os
import random
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, dpo_step, make_problems, NAMES, sft, window_mean  # noqa: E402
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-4


def make_pair(e):
    who = e["correct"].split()[0]
    other = NAMES[(NAMES.index(who) + 1) % len(NAMES)]
    return e["correct"], e["correct"].replace(f" {who} ", f" {other} ", 1)  # the wrong person


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
sched = torch.optim.lr_scheduler.LambdaLR(
    opt, lambda s: s / warmup if s < warmup else max(0.0, (total - s) / (total - warmup)))

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
