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
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import NAMES, frozen, print_console, sft_start  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-4


def make_pair(e):
    who = e["correct"].split()[0]
    other = NAMES[(NAMES.index(who) + 1) % len(NAMES)]
    return e["correct"], e["correct"].replace(f" {who} ", f" {other} ", 1)  # the wrong person


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED)
print_console(policy, frozen(policy), problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS)
