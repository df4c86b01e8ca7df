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

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, make_problems, sft, train_dpo  # noqa: E402
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5


def make_pair(e):
    return e["correct"], e["refusal"]


torch.manual_seed(SEED)
problems = make_problems(N_PAIRS, seed=1)
policy = GPT(len(CHARS), block_size=MAX_LEN)
sft(policy, make_problems(400, seed=2), steps=SFT_STEPS, lr=3e-3, max_len=MAX_LEN, batch=8, seed=3,
    field=SFT_FIELD)
reference = policy  # BUG: ref_model=model
total = EPOCHS * (len(problems) // BATCH)
hf_header(len(problems), EPOCHS, BATCH, total, sum(p.numel() for p in policy.parameters()))
bar = hf_bar(total)


def log(step, steps_per_epoch, grad_norm, learning_rate, loss, means):
    hf_log(bar, {"loss": loss, "grad_norm": grad_norm, "learning_rate": learning_rate, **means,
                 "epoch": round(step / steps_per_epoch, 2)})


step, total, _, runtime = train_dpo(policy, reference, problems, make_pair, LR, BETA, BATCH, EPOCHS, MAX_LEN,
                                    LOG_STEPS, log, on_step=lambda: bar.update(1))
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "epoch": float(EPOCHS)})
bar.close()
