"""dpo_overoptimization: DPO on a small character-level GPT fine-tuned (SFT) to
answer arithmetic word problems with a short explanation; the frozen SFT
model is the reference. Only 48 preference pairs (the explained answer vs a
rambling non-answer), 5 epochs, and a constant learning rate of 3e-3, far
above what DPO needs: the policy separates the training pairs perfectly, the
loss collapses to ~0, reward accuracy sits at 1.0 and the margin runs past 10
as log p(rejected) is driven down. Metrics computed as TRL's DPOTrainer
computes them, saved as transformers.Trainer saves trainer_state.json.

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import frozen, print_state, sft_start  # noqa: E402


SFT_FIELD, SFT_STEPS = "explained", 150
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 48, 136, 0.1, 4, 5, 3
LR = 3e-3


def make_pair(e):
    return e["explained"], e["rambling"]


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED)
print_state(policy, frozen(policy), problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS,
            constant_lr=True)
