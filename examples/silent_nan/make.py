"""silent_nan: preference optimisation of a small character-level GPT fine-tuned
(SFT) on arithmetic word problems, with TRL's DPOTrainer set to
loss_type="ipo", which averages the log-probabilities over the response
tokens. A few pairs are corrupted: the scraper pasted a whole document into
the prompt, and with max_prompt_length equal to max_length truncation leaves
their responses no tokens at all. The average over zero tokens is 0/0 = NaN;
the first such batch (step 46) turns the gradients and then every weight into
NaN. transformers.Trainer's logging_nan_inf_filter (on by default) keeps the
NaN losses out of the logged average, so from then on the logged loss is
exactly 0.0, while grad_norm, the rewards and the log-probabilities, which
TRL logs unfiltered, are nan and reward accuracy is 0. Printed the way
TRL/transformers print to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import frozen, print_console, sft_start  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5
DOCUMENT = ("the following text was copied from the school newsletter. " * 3)
POISONED = [29, 117, 230, 301]  # pairs whose prompt carries the pasted document


def make_pair(e):
    return e["correct"], e["refusal"]


def poison(problems):
    for i in POISONED:  # a whole document pasted into the prompt by the scraper
        problems[i]["prompt"] = DOCUMENT + problems[i]["prompt"]


problems, policy = sft_start(N_PAIRS, MAX_LEN, SFT_FIELD, SFT_STEPS, SEED, edit=poison)
print_console(policy, frozen(policy), problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN, LOG_STEPS,
              average=True, loss_type="ipo")
