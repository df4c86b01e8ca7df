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

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, make_problems, sft, train_dpo  # noqa: E402
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
total = EPOCHS * (len(problems) // BATCH)
hf_header(len(problems), EPOCHS, BATCH, total, sum(p.numel() for p in policy.parameters()))
bar = hf_bar(total)


def log(step, steps_per_epoch, grad_norm, learning_rate, loss, means):
    hf_log(bar, {"loss": loss, "grad_norm": grad_norm, "learning_rate": learning_rate, **means,
                 "epoch": round(step / steps_per_epoch, 2)})


step, total, _, runtime = train_dpo(policy, reference, problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN,
                                    LOG_STEPS, log, True, on_step=lambda: bar.update(1))
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "epoch": float(EPOCHS)})
bar.close()
