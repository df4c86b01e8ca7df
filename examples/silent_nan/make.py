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
import json
import math
import random
import sys
import time

import torch
from torch import nn
from torch.nn import functional as F
from tqdm import tqdm

import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import GPT  # noqa: E402
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
# ---- console output in the shape transformers.Trainer prints it ----
def hf_header(num_examples, epochs, batch, total_steps, n_params):
    print("***** Running training *****")
    print(f"  Num examples = {num_examples:,}")
    print(f"  Num Epochs = {epochs:,}")
    print(f"  Instantaneous batch size per device = {batch:,}")
    print(f"  Total train batch size (w. parallel, distributed & accumulation) = {batch:,}")
    print("  Gradient Accumulation steps = 1")
    print(f"  Total optimization steps = {total_steps:,}")
    print(f"  Number of trainable parameters = {n_params:,}")


def hf_bar(total_steps):
    return tqdm(total=total_steps, file=sys.stdout, ncols=120)


def hf_log(bar, logs):
    # ProgressCallback.on_log: the dict is written above the bar
    bar.write(str(logs), file=sys.stdout)


SFT_FIELD, SFT_STEPS = "correct", 100
SEED, N_PAIRS, MAX_LEN, BETA, BATCH, EPOCHS, LOG_STEPS = 0, 400, 80, 0.1, 4, 1, 5
LR = 5e-5
DOCUMENT = ("the following text was copied from the school newsletter. " * 3)
POISONED = [29, 117, 230, 301]  # pairs whose prompt carries the pasted document


def ipo_step(policy, reference, prompts, chosen, rejected, beta, max_len):
    """DPOTrainer with loss_type="ipo": averaged log-probabilities, squared loss."""
    n = len(prompts)
    x, y, m = encode_batch(prompts + prompts, chosen + rejected, max_len)
    logits, _ = policy(x)
    logps = batch_logps(logits, y, m, average=True)
    with torch.no_grad():
        ref_logps = batch_logps(reference(x)[0], y, m, average=True)
    pc, pr, rc, rr = logps[:n], logps[n:], ref_logps[:n], ref_logps[n:]
    losses = ((pc - pr) - (rc - rr) - 1 / (2 * beta)) ** 2
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
opt = torch.optim.AdamW(policy.parameters(), lr=LR, weight_decay=0.0)
steps_per_epoch = len(problems) // BATCH
total = EPOCHS * steps_per_epoch
warmup = max(1, total // 10)
sched = torch.optim.lr_scheduler.LambdaLR(
    opt, lambda s: s / warmup if s < warmup else max(0.0, (total - s) / (total - warmup)))

hf_header(len(problems), EPOCHS, BATCH, total, sum(p.numel() for p in policy.parameters()))
bar = hf_bar(total)
rng = random.Random(4)
step, rows, t_start = 0, [], time.time()
tr_loss, last_logged = 0.0, 0
for epoch in range(EPOCHS):
    order = list(range(len(problems)))
    rng.shuffle(order)
    for b in range(steps_per_epoch):
        ex = [problems[i] for i in order[b * BATCH:(b + 1) * BATCH]]
        chosen, rejected = zip(*(make_pair(e) for e in ex))
        loss, metrics = ipo_step(policy, reference, [e["prompt"] for e in ex], list(chosen), list(rejected),
                                 BETA, MAX_LEN)
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        if math.isnan(loss.item()) or math.isinf(loss.item()):  # Trainer's logging_nan_inf_filter
            tr_loss = tr_loss + tr_loss / (1 + step - last_logged)
        else:
            tr_loss += loss.item()
        rows.append(metrics)
        bar.update(1)
        if step % LOG_STEPS == 0:
            mean = window_mean(rows)
            logs = {"loss": round(tr_loss / (step - last_logged), 4), "grad_norm": grad_norm.item(),
                    "learning_rate": sched.get_last_lr()[0], **mean, "epoch": round(step / steps_per_epoch, 2)}
            hf_log(bar, logs)
            rows = []
            tr_loss, last_logged = 0.0, step
runtime = time.time() - t_start
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * BATCH / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3), "epoch": float(EPOCHS)})
bar.close()
