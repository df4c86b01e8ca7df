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
from grpo_toy import correct_answer, train_grpo, warm_start  # noqa: E402
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402


SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS = 150, 1e-3, 0.04, 8, 300, 8, 24, 10

policy, reference, prompts = warm_start(SFT_STEPS)
hf_header(len(prompts), 1, BATCH, STEPS, sum(p.numel() for p in policy.parameters()))
bar = hf_bar(STEPS)


def log(step, grad_norm, learning_rate, loss, means):
    hf_log(bar, {"loss": loss, "grad_norm": grad_norm, "learning_rate": learning_rate, **means,
                 "epoch": round(step * BATCH / len(prompts), 2)})


runtime = train_grpo(policy, reference, prompts, correct_answer, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW,
                     1.0, LOG_STEPS, log, on_step=lambda: bar.update(1))
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(STEPS * BATCH / runtime, 3),
             "train_steps_per_second": round(STEPS / runtime, 3), "train_loss": 0.0,
             "epoch": round(STEPS * BATCH / len(prompts), 2)})
bar.close()
