"""healthy_dpo: DPO on a small character-level GPT that was first fine-tuned
(SFT) to answer arithmetic word problems; the frozen SFT model is the
reference. Chosen answers are correct ("anna has 7 apples now."), rejected
ones give up ("i do not know, sorry."). With beta=0.1 and a moderate learning
rate (5e-5) the policy learns the preference: the loss falls from ln 2, reward
accuracy climbs, the margin grows steadily, and the chosen log-probability
rises. The metrics are computed as TRL's DPOTrainer computes them and printed
the way TRL/transformers print them to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import frozen, print_console, sft_start  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5


def make_pair(e):
    return e["correct"], e["refusal"]


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED)
print_console(policy, frozen(policy), problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS)
