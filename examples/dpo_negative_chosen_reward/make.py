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
import copy
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dpo_toy import CHARS, make_problems, sft, train_dpo  # noqa: E402
from hf_trainer import print_trainer_state  # noqa: E402
from toy_gpt import GPT  # noqa: E402


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 2e-4


def make_pair(e):
    return e["correct"], e["refusal"]


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
                                           MAX_LEN, LOG_STEPS, log)
history.append({"epoch": float(EPOCHS), "step": step, "total_flos": 0.0,
                "train_loss": sum_loss / step, "train_runtime": round(runtime, 4),
                "train_samples_per_second": round(total * BATCH / runtime, 3),
                "train_steps_per_second": round(total / runtime, 3)})
print_trainer_state(history, step, total, EPOCHS, LOG_STEPS, None, BATCH)
