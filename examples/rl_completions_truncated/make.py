"""rl_completions_truncated: GRPO on sums of two digits ("3+4?") for a small
character-level GPT after a short supervised warm start, rewarded 1 for the
right total. The length budget (max_completion_length) is 15 tokens, but
" 3 plus 9 is 12." is 16: every answer with a two-digit total is cut before
its last token, so about a third of the completions end at the cap and the
reward those prompts could earn is lost. Metrics computed as TRL's
GRPOTrainer computes them, printed the way TRL/transformers print them to a
file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from grpo_toy import correct_answer, print_console_run  # noqa: E402


SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS = 150, 1e-3, 0.04, 8, 200, 8, 15, 10

print_console_run(correct_answer, SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS)
