"""healthy_grpo: GRPO on sums of two digits ("3+4?") for a small
character-level GPT after a short supervised warm start, rewarded 1 for the
right total. Learning rate 1e-3 after a 5% warm-up, KL coefficient 0.04, eight
completions per prompt: the reward climbs from ~0.13 to ~0.3 while entropy
eases down and the KL to the reference stays small. Metrics computed as TRL's
GRPOTrainer computes them, printed the way TRL/transformers print them to a
file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from grpo_toy import correct_answer, print_console_run  # noqa: E402


SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS = 150, 1e-3, 0.04, 8, 300, 8, 24, 10

print_console_run(correct_answer, SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS)
