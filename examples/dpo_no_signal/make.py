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
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import frozen, print_state, sft_start  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5
COIN = random.Random(7)


def make_pair(e):
    if COIN.random() < 0.5:  # the "annotator"
        return e["correct"], e["wrong"]
    return e["wrong"], e["correct"]


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED)
print_state(policy, frozen(policy), problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS)
