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
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import frozen, print_console, sft_start  # noqa: E402


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


def number(problems):
    for i, e in enumerate(problems):
        e["index"] = i


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED, edit=number)
print_console(policy, frozen(policy), problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS,
              constant_lr=True)
