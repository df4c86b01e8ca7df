"""dpo_no_signal: DPO on a small character-level GPT fine-tuned (SFT) to answer
arithmetic word problems; the frozen SFT model is the reference. The
preference labels came from an annotation pass that turned out to be coin
flips: for each problem, which of two answers (the correct one, or one with a
wrong number) is "chosen" is random. There is no preference to learn: the
loss stays at ln 2 = 0.693, the margin at ~0 and the reward accuracy near 0.5,
while the policy itself does move (the rewards are not exactly 0). Metrics
computed as TRL's DPOTrainer computes them, saved as transformers.Trainer
saves trainer_state.json.

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


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5
COIN = random.Random(7)


def make_pair(e):
    if COIN.random() < 0.5:  # the "annotator"
        return e["correct"], e["wrong"]
    return e["wrong"], e["correct"]


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
