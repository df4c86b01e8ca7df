"""healthy_dpo: DPO on a small character-level GPT that was first fine-tuned
(SFT) to answer arithmetic word problems; the frozen SFT model is the
reference. Chosen answers are correct ("anna has 7 apples now."), rejected
ones give up ("i do not know, sorry."). With beta=0.1 and a moderate learning
rate (5e-5) the policy learns the preference: the loss falls from ln 2, reward
accuracy climbs, the margin grows steadily, and the chosen log-probability
rises. The metrics are computed as TRL's DPOTrainer computes them and printed
the way TRL/transformers print them to a file.

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


def make_pair(e):
    return e["correct"], e["refusal"]


torch.manual_seed(SEED)
problems = make_problems(N_PAIRS, seed=1)
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
                                    LOG_STEPS, log, on_step=lambda: bar.update(1))
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "epoch": float(EPOCHS)})
bar.close()
