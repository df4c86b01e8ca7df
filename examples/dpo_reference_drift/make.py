"""dpo_reference_drift: DPO on a small character-level GPT fine-tuned (SFT) to
answer arithmetic word problems. The training script passes the policy itself
as the reference model (ref_model=model: the same object, so the "reference"
moves with every update), where TRL expects a frozen copy or ref_model=None.
The implicit rewards beta * log(pi / pi_ref) are then exactly 0 at every step,
the loss is exactly ln 2 and no gradient reaches the policy. Chosen answers
are correct, rejected ones give up. Metrics computed as TRL's DPOTrainer
computes them, printed the way TRL/transformers print them to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import print_console, sft_start  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5


def make_pair(e):
    return e["correct"], e["refusal"]


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED)
reference = policy  # BUG: ref_model=model
print_console(policy, reference, problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS)
