"""Shared by the DPO examples' make.py: arithmetic preference pairs, SFT and
one DPO step (for the GPT of toy_gpt.py) with the metrics TRL's DPOTrainer
logs."""
import copy
import math
import random
import time

import torch
from torch.nn import functional as F

from hf_trainer import hf_bar, hf_header, hf_log, print_trainer_state
from toy_gpt import GPT


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


def dpo_step(policy, reference, prompts, chosen, rejected, beta, max_len, average=False, loss_type="sigmoid"):
    """One DPOTrainer step: the loss and TRL's logged metrics. loss_type is
    TRL's: "sigmoid" (DPO) or "ipo" (squared, on averaged log-probabilities)."""
    n = len(prompts)
    x, y, m = encode_batch(prompts + prompts, chosen + rejected, max_len)  # concatenated_forward
    logits, _ = policy(x)
    logps = batch_logps(logits, y, m, average)
    with torch.no_grad():
        ref_logps = batch_logps(reference(x)[0], y, m, average)
    pc, pr, rc, rr = logps[:n], logps[n:], ref_logps[:n], ref_logps[n:]
    if loss_type == "ipo":
        losses = ((pc - pr) - (rc - rr) - 1 / (2 * beta)) ** 2
    else:
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


# ---- the training loop, as TRL's DPOTrainer runs it ----
def train_dpo(policy, reference, problems, make_pair, lr, beta, batch, epochs, max_len, log_steps, on_log,
              constant_lr=False, on_step=None, average=False, loss_type="sigmoid"):
    """AdamW without weight decay, a linear schedule with 10% warm-up (or, with
    constant_lr, lr_scheduler_type="constant"), gradients clipped at 1.0, the
    pairs of a shuffled epoch `batch` at a time, each step dpo_step with
    average and loss_type. Every log_steps steps on_log(step,
    steps_per_epoch, grad_norm, learning_rate, loss, means) gets the window's
    mean loss, rounded and NaN/inf-filtered as Trainer logs it, and its mean
    metrics; on_step() runs after every step. Returns the steps taken, the
    steps planned, the sum of the losses and the wall time."""
    opt = torch.optim.AdamW(policy.parameters(), lr=lr, weight_decay=0.0)
    steps_per_epoch = len(problems) // batch
    total = epochs * steps_per_epoch
    warmup = max(1, total // 10)
    if constant_lr:
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 1.0)
    else:
        sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda s: s / warmup if s < warmup else max(0.0, (total - s) / (total - warmup)))
    rng = random.Random(4)
    step, rows, sum_loss, t_start = 0, [], 0.0, time.time()
    tr_loss, last_logged = 0.0, 0
    for epoch in range(epochs):
        order = list(range(len(problems)))
        rng.shuffle(order)
        for b in range(steps_per_epoch):
            ex = [problems[i] for i in order[b * batch:(b + 1) * batch]]
            chosen, rejected = zip(*(make_pair(e) for e in ex))
            loss, metrics = dpo_step(policy, reference, [e["prompt"] for e in ex], list(chosen), list(rejected),
                                     beta, max_len, average=average, loss_type=loss_type)
            opt.zero_grad()
            loss.backward()
            grad_norm = torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
            opt.step()
            sched.step()
            step += 1
            # Trainer's logging_nan_inf_filter: a NaN or inf loss counts as
            # the mean of the window so far.
            if math.isnan(loss.item()) or math.isinf(loss.item()):
                tr_loss = tr_loss + tr_loss / (1 + step - last_logged)
            else:
                tr_loss += loss.item()
            rows.append(metrics)
            sum_loss += loss.item()
            if on_step:
                on_step()
            if step % log_steps == 0:
                loss_mean = round(tr_loss / (step - last_logged), 4)
                on_log(step, steps_per_epoch, grad_norm.item(), sched.get_last_lr()[0], loss_mean, window_mean(rows))
                rows = []
                tr_loss, last_logged = 0.0, step
    return step, total, sum_loss, time.time() - t_start


# ---- what every DPO example's make.py does around train_dpo ----
def sft_start(n_pairs, max_len, field, sft_steps, seed=0, edit=None):
    """The preference problems (after edit(problems), if given) and a policy
    fine-tuned on sft_steps batches of `field` answers, with torch seeded
    first, as each example starts."""
    torch.manual_seed(seed)
    problems = make_problems(n_pairs, seed=1)
    if edit:
        edit(problems)
    policy = GPT(len(CHARS), block_size=max_len)
    sft(policy, make_problems(400, seed=2), steps=sft_steps, lr=3e-3, max_len=max_len, batch=8, seed=3,
        field=field)
    return problems, policy


def frozen(policy):
    """The reference model: a frozen copy of the SFT policy."""
    return copy.deepcopy(policy).eval().requires_grad_(False)


def print_console(policy, reference, problems, make_pair, lr, beta, batch, epochs, max_len, log_steps, **train):
    """Trains with train_dpo and prints what transformers.Trainer prints to
    the console: its header, the tqdm bar, a dict every log_steps steps and
    the run's summary."""
    total = epochs * (len(problems) // batch)
    hf_header(len(problems), epochs, batch, total, sum(p.numel() for p in policy.parameters()))
    bar = hf_bar(total)

    def log(step, steps_per_epoch, grad_norm, learning_rate, loss, means):
        hf_log(bar, {"loss": loss, "grad_norm": grad_norm, "learning_rate": learning_rate, **means,
                     "epoch": round(step / steps_per_epoch, 2)})

    step, total, _, runtime = train_dpo(policy, reference, problems, make_pair, lr, beta, batch, epochs, max_len,
                                        log_steps, log, on_step=lambda: bar.update(1), **train)
    hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total * batch / runtime, 3),
                 "train_steps_per_second": round(total / runtime, 3), "epoch": float(epochs)})
    bar.close()


def print_state(policy, reference, problems, make_pair, lr, beta, batch, epochs, max_len, log_steps, **train):
    """Trains with train_dpo and prints the trainer_state.json that
    transformers.Trainer saves at the end."""
    history = []

    def log(step, steps_per_epoch, grad_norm, learning_rate, loss, means):
        history.append({"epoch": round(step / steps_per_epoch, 4), "grad_norm": grad_norm,
                        "learning_rate": learning_rate, "loss": loss, **means, "step": step})

    step, total, sum_loss, runtime = train_dpo(policy, reference, problems, make_pair, lr, beta, batch, epochs,
                                               max_len, log_steps, log, **train)
    history.append({"epoch": float(epochs), "step": step, "total_flos": 0.0,
                    "train_loss": sum_loss / step, "train_runtime": round(runtime, 4),
                    "train_samples_per_second": round(total * batch / runtime, 3),
                    "train_steps_per_second": round(total / runtime, 3)})
    print_trainer_state(history, step, total, epochs, log_steps, None, batch)
