"""Shared by the DPO examples' make.py: arithmetic preference pairs, SFT and
one DPO step (for the GPT of toy_gpt.py) with the metrics TRL's DPOTrainer
logs."""
import copy
import json
import math
import random
import sys
import time
import torch
from torch import nn
from torch.nn import functional as F
from tqdm import tqdm


# ---- preference data: arithmetic word problems, answered well or badly ----
CHARS = sorted(set("abcdefghijklmnopqrstuvwxyz0123456789 .,?:'"))
STOI = {c: i for i, c in enumerate(CHARS)}
NAMES = ["anna", "ben", "carla", "dmitri", "eva", "farid", "gita", "hugo"]
THINGS = ["apples", "books", "coins", "kites", "shells", "stamps", "cards", "pens"]


def make_problems(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        who, what, a, b = rng.choice(NAMES), rng.choice(THINGS), rng.randint(1, 9), rng.randint(1, 9)
        wrong = a + b + rng.choice([-2, -1, 1, 2])
        out.append({"prompt": f"{who} has {a} {what} and finds {b} more. how many {what}?",
                    "correct": f" {who} has {a + b} {what} now.",
                    "wrong": f" {who} has {wrong} {what} now.",
                    "refusal": " i do not know, sorry.",
                    "explained": f" {who} had {a} {what} and found {b} more, so {who} has {a + b} {what} now.",
                    "rambling": " i am sorry, but i cannot work that out. maybe ask someone else about it."})
    return out


def encode_batch(prompts, responses, max_len):
    """Token ids, next-token targets and the response mask (prompt tokens are not scored)."""
    rows = []
    for p, r in zip(prompts, responses):
        ids = [STOI[c] for c in p + r][:max_len + 1]
        mask = ([0] * len(p) + [1] * len(r))[:max_len + 1]
        rows.append((ids, mask))
    n = max(len(ids) for ids, _ in rows) - 1
    x = torch.zeros(len(rows), n, dtype=torch.long)
    y = torch.zeros(len(rows), n, dtype=torch.long)
    m = torch.zeros(len(rows), n)
    for i, (ids, mask) in enumerate(rows):
        k = len(ids) - 1
        x[i, :k], y[i, :k], m[i, :k] = torch.tensor(ids[:-1]), torch.tensor(ids[1:]), torch.tensor(mask[1:], dtype=torch.float)
    return x, y, m


def batch_logps(logits, y, m, average=False):
    """Summed (or, for IPO, averaged) log-probabilities of the response tokens, as TRL's get_batch_logps."""
    per_token = torch.gather(logits.log_softmax(-1), 2, y[..., None]).squeeze(-1)
    logps = (per_token * m).sum(-1)
    return logps / m.sum(-1) if average else logps


def sft(model, problems, steps, lr, max_len, batch, seed, field="correct"):
    """The supervised warm start every DPO run begins from (not logged here)."""
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    rng = random.Random(seed)
    for _ in range(steps):
        ex = rng.sample(problems, batch)
        x, y, m = encode_batch([e["prompt"] for e in ex], [e[field] for e in ex], max_len)
        logits, _ = model(x)
        loss = (F.cross_entropy(logits.transpose(1, 2), y, reduction="none") * m).sum() / m.sum()
        opt.zero_grad()
        loss.backward()
        opt.step()


def dpo_step(policy, reference, prompts, chosen, rejected, beta, max_len, average=False):
    """One DPOTrainer step (loss_type="sigmoid"): the loss and TRL's logged metrics."""
    n = len(prompts)
    x, y, m = encode_batch(prompts + prompts, chosen + rejected, max_len)  # concatenated_forward
    logits, _ = policy(x)
    logps = batch_logps(logits, y, m, average)
    with torch.no_grad():
        ref_logps = batch_logps(reference(x)[0], y, m, average)
    pc, pr, rc, rr = logps[:n], logps[n:], ref_logps[:n], ref_logps[n:]
    losses = -F.logsigmoid(beta * ((pc - pr) - (rc - rr)))
    chosen_rewards, rejected_rewards = beta * (pc - rc).detach(), beta * (pr - rr).detach()
    mc, mr = m[:n], m[n:]
    metrics = {
        "rewards/chosen": chosen_rewards.mean().item(),
        "rewards/rejected": rejected_rewards.mean().item(),
        "rewards/accuracies": (chosen_rewards > rejected_rewards).float().mean().item(),
        "rewards/margins": (chosen_rewards - rejected_rewards).mean().item(),
        "logps/rejected": pr.detach().mean().item(),
        "logps/chosen": pc.detach().mean().item(),
        "logits/rejected": ((logits[n:].detach().mean(-1) * mr).sum() / mr.sum()).item(),
        "logits/chosen": ((logits[:n].detach().mean(-1) * mc).sum() / mc.sum()).item(),
    }
    return losses.mean(), metrics


def window_mean(rows):
    return {k: sum(r[k] for r in rows) / len(rows) for k in rows[0]}
