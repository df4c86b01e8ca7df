"""rl_reference_mismatch: GRPO on sums of two digits ("3+4?") for a small
character-level GPT after a short supervised warm start, rewarded 1 for the
right total. The reference model was built before the warm start, not from
its result: it is the base model the SFT weights were never loaded into.
Policy and reference disagree on every token from the first step, so the
KL to the reference, near 0 in a healthy run's first log, is already above
1, and its penalty pulls the policy back towards the base while the reward
pulls it on. Metrics computed as TRL's GRPOTrainer computes them, printed
the way TRL/transformers print them to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import copy
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import grpo_toy  # noqa: E402
from grpo_toy import CHARS, correct_answer, make_sums, print_console_run, sft  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS = 150, 1e-3, 0.04, 8, 120, 8, 24, 10


def warm_start_with_base_reference(sft_steps, seed=0):
    """The policy after its warm start, and as the reference a copy taken
    before it: the base model."""
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    policy = GPT(len(CHARS), block_size=32)
    reference = copy.deepcopy(policy).eval().requires_grad_(False)
    sft(policy, make_sums(2000, seed=2), steps=sft_steps, lr=3e-3, batch=16, seed=3)
    return policy, reference, make_sums(2000, seed=1)


grpo_toy.warm_start = warm_start_with_base_reference
print_console_run(correct_answer, SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS)
