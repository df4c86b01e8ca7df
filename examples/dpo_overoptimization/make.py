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
import copy
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, make_problems, sft, train_dpo  # noqa: E402
from hf_trainer import print_trainer_state  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "explained", 150
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 48, 136, 0.1, 4, 5, 3
LR = 3e-3


def make_pair(e):
    return e["explained"], e["rambling"]


torch.manual_seed(SEED)
problems = make_problems(N_PAIRS, seed=1)
policy = GPT(len(CHARS), block_size=MAX_LEN)
sft(policy, make_problems(400, seed=2), steps=SFT_STEPS, lr=3e-3, max_len=MAX_LEN, batch=8, seed=3,
    field=SFT_FIELD)
reference = copy.deepcopy(policy).eval().requires_grad_(False)
history = []


def log(step, steps_per_epoch, grad_norm, learning_rate, loss, means):
    history.append({"epoch": round(step / steps_per_epoch, 4), "grad_norm": grad_norm,
                    "learning_rate": learning_rate, "loss": loss, **means, "step": step})


step, total, sum_loss, runtime = train_dpo(policy, reference, problems, make_pair, LR, BETA, BATCH, EPOCHS,
                                           MAX_LEN, LOG_STEPS, log, True)
history.append({"epoch": float(EPOCHS), "step": step, "total_flos": 0.0,
                "train_loss": sum_loss / step, "train_runtime": round(runtime, 4),
                "train_samples_per_second": round(total * BATCH / runtime, 3),
                "train_steps_per_second": round(total / runtime, 3)})
print_trainer_state(history, step, total, EPOCHS, LOG_STEPS, None, BATCH)
