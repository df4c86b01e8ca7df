"""dpo_negative_chosen_reward: DPO on a small character-level GPT fine-tuned (SFT)
to answer arithmetic word problems; the frozen SFT model is the reference.
Chosen answers are correct, rejected ones give up ("i do not know, sorry.").
With a learning rate of 2e-4 the margin and the reward accuracy grow as they
should, while rewards/chosen drifts below zero: the policy lowers both
responses, the rejected one much faster. log p(chosen) stays where it was, so
this is the benign pattern (eric-mitchell/direct-preference-optimization#8),
not likelihood displacement. Metrics computed as TRL's DPOTrainer computes
them, saved as transformers.Trainer saves trainer_state.json.

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import frozen, print_state, sft_start  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 2e-4


def make_pair(e):
    return e["correct"], e["refusal"]


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED)
print_state(policy, frozen(policy), problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS)
