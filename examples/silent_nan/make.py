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
import copy
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, make_problems, sft, train_dpo  # noqa: E402
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5
DOCUMENT = ("the following text was copied from the school newsletter. " * 3)
POISONED = [29, 117, 230, 301]  # pairs whose prompt carries the pasted document


def make_pair(e):
    return e["correct"], e["refusal"]


torch.manual_seed(SEED)
problems = make_problems(N_PAIRS, seed=1)
for i in POISONED:  # a whole document pasted into the prompt by the scraper
    problems[i]["prompt"] = DOCUMENT + problems[i]["prompt"]
policy = GPT(len(CHARS), block_size=MAX_LEN)
sft(policy, make_problems(400, seed=2), steps=SFT_STEPS, lr=3e-3, max_len=MAX_LEN, batch=8, seed=3,
    field=SFT_FIELD)
reference = copy.deepcopy(policy).eval().requires_grad_(False)
total = EPOCHS * (len(problems) // BATCH)
hf_header(len(problems), EPOCHS, BATCH, total, sum(p.numel() for p in policy.parameters()))
bar = hf_bar(total)


def log(step, steps_per_epoch, grad_norm, learning_rate, loss, means):
    hf_log(bar, {"loss": loss, "grad_norm": grad_norm, "learning_rate": learning_rate, **means,
                 "epoch": round(step / steps_per_epoch, 2)})


step, total, _, runtime = train_dpo(policy, reference, problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN,
                                    LOG_STEPS, log, on_step=lambda: bar.update(1), average=True, loss_type="ipo")
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "epoch": float(EPOCHS)})
bar.close()
