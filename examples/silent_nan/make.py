"""silent_nan: preference optimisation of a small character-level GPT fine-tuned
(SFT) on arithmetic word problems, with TRL's DPOTrainer set to
loss_type="ipo", which averages the log-probabilities over the response
tokens. A few pairs are corrupted: the scraper pasted a whole document into
the prompt, and with max_prompt_length equal to max_length truncation leaves
their responses no tokens at all. The average over zero tokens is 0/0 = NaN;
the first such batch (step 46) turns the gradients and then every weight into
NaN. transformers.Trainer's logging_nan_inf_filter (on by default) keeps the
NaN losses out of the logged average, so from then on the logged loss is
exactly 0.0, while grad_norm, the rewards and the log-probabilities, which
TRL logs unfiltered, are nan and reward accuracy is 0. Printed the way
TRL/transformers print to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import copy
import math
import os
import random
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, dpo_step, make_problems, sft, window_mean  # noqa: E402
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5
DOCUMENT = ("the following text was copied from the school newsletter. " * 3)
POISONED = [29, 117, 230, 301]  # pairs whose prompt carries the pasted document


def make_pair(e):
    return e["correct"], e["refusal"]


torch.manual_seed(SEED)
problems = make_problems(N_PAIRS, seed=1)
for i in POISONED:  # a whole document pasted into the prompt by the scraper
    problems[i]["prompt"] = DOCUMENT + problems[i]["prompt"]
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
tr_loss, last_logged = 0.0, 0
for epoch in range(EPOCHS):
    order = list(range(len(problems)))
    rng.shuffle(order)
    for b in range(steps_per_epoch):
        ex = [problems[i] for i in order[b * BATCH:(b + 1) * BATCH]]
        chosen, rejected = zip(*(make_pair(e) for e in ex))
        loss, metrics = dpo_step(policy, reference, [e["prompt"] for e in ex], list(chosen), list(rejected),
                                 BETA, MAX_LEN, average=True, loss_type="ipo")
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        if math.isnan(loss.item()) or math.isinf(loss.item()):  # Trainer's logging_nan_inf_filter
            tr_loss = tr_loss + tr_loss / (1 + step - last_logged)
        else:
            tr_loss += loss.item()
        rows.append(metrics)
        bar.update(1)
        if step % LOG_STEPS == 0:
            mean = window_mean(rows)
            logs = {"loss": round(tr_loss / (step - last_logged), 4), "grad_norm": grad_norm.item(),
                    "learning_rate": sched.get_last_lr()[0], **mean, "epoch": round(step / steps_per_epoch, 2)}
            hf_log(bar, logs)
            rows = []
            tr_loss, last_logged = 0.0, step
runtime = time.time() - t_start
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "epoch": float(EPOCHS)})
bar.close()
