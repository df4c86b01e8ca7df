"""rl_reward_collapse: GRPO on sums of two digits ("3+4?") for a small
character-level GPT after a short supervised warm start, rewarded 1 for the
right total, at a learning rate of 1e-2 (ten times what the same run learns
at). The reward hovers near 0.1 for a hundred steps while the policy's
entropy collapses to a fifth of its start; then the policy breaks: entropy
blows up to five times its start, the completions turn to noise, and from
step ~170 the reward is 0 for good. Metrics computed as GRPO computes them
(KL loss coefficient 0.001), printed the way verl's console logger prints
them.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from grpo_toy import correct_answer, train_grpo, warm_start  # noqa: E402


SFT_STEPS, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW = 150, 1e-2, 0.001, 8, 300, 8, 24
PID = "(TaskRunner pid=48213)"

policy, reference, prompts = warm_start(SFT_STEPS)
print(f"{PID} Training from scratch", flush=True)


def log(step, grad_norm, learning_rate, loss, means):
    metrics = {"actor/entropy": means["entropy"], "actor/kl_loss": means["kl"], "actor/pg_loss": loss,
               "actor/grad_norm": grad_norm, "actor/lr": learning_rate, "training/global_step": step,
               "critic/score/mean": means["reward"], "critic/rewards/mean": means["reward"],
               "response_length/mean": means["completions/mean_length"],
               "response_length/max": means["completions/max_length"],
               "response_length/clip_ratio": means["completions/clipped_ratio"]}
    print(f"{PID} step:{step} - " + " - ".join(f"{k}:{v:.3f}" for k, v in metrics.items()), flush=True)


train_grpo(policy, reference, prompts, correct_answer, LR, BETA, BATCH, STEPS, GENERATIONS, MAX_NEW, 1.0, 1, log)
