"""rl_no_signal: GRPO on sums of two digits ("3+4?") for a small
character-level GPT after a short supervised warm start. The reward function
was written for another prompt format: it looks for "answer: N", which the
model never writes, so every completion scores 0. Every group of eight
completions ties, its advantages are 0 and no gradient flows: the loss and
the gradient norm sit at 0 and frac_reward_zero_std at 1. Metrics computed as
TRL's GRPOTrainer computes them, saved as transformers.Trainer saves
trainer_state.json.

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from grpo_toy import answer_after_label, train_grpo, warm_start  # noqa: E402
from hf_trainer import print_trainer_state  # noqa: E402


SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, LOG_STEPS = 150, 1e-3, 0.0, 8, 60, 8, 24, 5

policy, reference, prompts = warm_start(SFT_STEPS)
history = []


def log(step, grad_norm, learning_rate, loss, means):
    history.append({"epoch": round(step * BATCH / len(prompts), 4), "grad_norm": grad_norm,
                    "learning_rate": learning_rate, "loss": loss, **means, "step": step})


runtime = train_grpo(policy, reference, prompts, answer_after_label, LR, BETA, BATCH, STEPS, GENERATIONS,
                     MAX_NEW, 1.0, LOG_STEPS, log)
history.append({"epoch": round(STEPS * BATCH / len(prompts), 4), "step": STEPS, "total_flos": 0.0,
                "train_loss": sum(h["loss"] for h in history) / len(history),
                "train_runtime": round(runtime, 4), "train_samples_per_second": round(STEPS * BATCH / runtime, 3),
                "train_steps_per_second": round(STEPS / runtime, 3)})
print_trainer_state(history, STEPS, STEPS, 1, LOG_STEPS, None, BATCH)
