"""Shared by the GRPO examples' make.py: GRPO on sums of two digits ("3+4?"
answered " 3 plus 4 is 7.") for the GPT of toy_gpt.py, after a short
supervised warm start, with the metrics TRL's GRPOTrainer logs. A
completion ends at its first '.', the toy's end-of-sequence."""
import copy
import math
import random
import time

import torch
from torch.nn import functional as F

from dpo_toy import window_mean
from hf_trainer import hf_bar, hf_header, hf_log
from toy_gpt import GPT


# ---- data: sums of two digits ----
CHARS = sorted(set("0123456789+?. abeilnprsuwx"))
STOI = {c: i for i, c in enumerate(CHARS)}
EOS = STOI["."]


def make_sums(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        a, b = rng.randint(1, 9), rng.randint(1, 9)
        out.append({"prompt": f"{a}+{b}?", "total": a + b, "answer": f" {a} plus {b} is {a + b}."})
    return out


def correct_answer(problem, completion):
    """1.0 when the completion ends with the right total, else 0.0."""
    return 1.0 if completion.endswith(f" is {problem['total']}.") else 0.0


def answer_after_label(problem, completion):
    """1.0 when the completion says "answer: N" with the right N: a reward
    written for another prompt format."""
    return 1.0 if f"answer: {problem['total']}" in completion else 0.0


def encode(prompt, completion):
    return [STOI[c] for c in prompt + completion]


def sft(model, problems, steps, lr, batch, seed):
    """The supervised warm start every GRPO run begins from (not logged)."""
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    rng = random.Random(seed)
    for _ in range(steps):
        ex = rng.sample(problems, batch)
        rows = [encode(e["prompt"], e["answer"]) for e in ex]
        n = max(len(r) for r in rows) - 1
        x = torch.zeros(batch, n, dtype=torch.long)
        y = torch.full((batch, n), -100, dtype=torch.long)
        for i, (r, e) in enumerate(zip(rows, ex)):
            x[i, :len(r) - 1] = torch.tensor(r[:-1])
            y[i, len(e["prompt"]) - 1:len(r) - 1] = torch.tensor(r[len(e["prompt"]):])
        logits, _ = model(x)
        loss = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def sample(policy, prompts, n, max_new, temperature, gen):
    """n completions of each prompt (all of one length), each up to max_new
    tokens or its first '.': a list of (tokens, terminated) per prompt."""
    ids = torch.tensor([[STOI[c] for c in p] for p in prompts for _ in range(n)])
    done = torch.zeros(len(ids), dtype=torch.bool)
    out = []
    for _ in range(max_new):
        logits, _ = policy(ids[:, -policy.block_size:])
        probs = F.softmax(logits[:, -1, :] / temperature, dim=-1)
        nxt = torch.multinomial(probs, 1, generator=gen).squeeze(1)
        nxt = torch.where(done, torch.full_like(nxt, EOS), nxt)
        out.append(nxt)
        ids = torch.cat([ids, nxt[:, None]], 1)
        done |= nxt == EOS
        if done.all():
            break
    tokens = torch.stack(out, 1)
    rows = []
    for i in range(len(ids)):
        t = tokens[i].tolist()
        end = t.index(EOS) + 1 if EOS in t else len(t)
        rows.append((t[:end], EOS in t))
    return [rows[k * n:(k + 1) * n] for k in range(len(prompts))]


def token_logps(model, prompt, completions, max_len):
    """Per-token log-probabilities and entropies of the completions, padded,
    with their mask."""
    p = [STOI[c] for c in prompt]
    n = max(len(c) for c in completions)
    x = torch.zeros(len(completions), len(p) + n, dtype=torch.long)
    m = torch.zeros(len(completions), n)
    for i, c in enumerate(completions):
        x[i, :len(p) + len(c)] = torch.tensor(p + c)
        m[i, :len(c)] = 1
    logits, _ = model(x[:, :max_len])
    logits = logits[:, len(p) - 1:len(p) - 1 + n]
    logp_all = logits.log_softmax(-1)
    logps = torch.gather(logp_all, 2, x[:, len(p):len(p) + n, None]).squeeze(-1)
    entropy = -(logp_all.exp() * logp_all).sum(-1)
    return logps, entropy, m


def grpo_step(policy, reference, problems, reward_fn, beta, num_generations, max_new, temperature, gen):
    """One GRPOTrainer step (num_iterations 1, loss_type "dapo", rewards
    scaled by the group's std): the loss and TRL's logged metrics."""
    total_loss_terms, total_tokens = [], 0
    lengths, terminated, rewards, group_std, kls, entropies = [], [], [], [], [], []
    groups = sample(policy, [e["prompt"] for e in problems], num_generations, max_new, temperature, gen)
    for e, rows in zip(problems, groups):
        comps = [c for c, _ in rows]
        r = torch.tensor([reward_fn(e, "".join(CHARS[t] for t in c)) for c in comps])
        std = r.std()
        adv = (r - r.mean()) / (std + 1e-4)
        logps, entropy, m = token_logps(policy, e["prompt"], comps, policy.block_size)
        # ratio exp(logp - logp.detach()) is 1 but carries the gradient
        per_token = -torch.exp(logps - logps.detach()) * adv[:, None]
        if beta:
            with torch.no_grad():
                ref_logps, _, _ = token_logps(reference, e["prompt"], comps, policy.block_size)
            kl = torch.exp(ref_logps - logps) - (ref_logps - logps) - 1
            per_token = per_token + beta * kl
            kls.append(((kl * m).sum() / m.sum()).item())
        total_loss_terms.append((per_token * m).sum())
        total_tokens += int(m.sum().item())
        entropies.append(((entropy.detach() * m).sum() / m.sum()).item())
        lengths += [len(c) for c in comps]
        terminated += [t for _, t in rows]
        rewards += r.tolist()
        group_std.append(std.item())
    loss = torch.stack(total_loss_terms).sum() / max(1, total_tokens)
    term_lengths = [n for n, t in zip(lengths, terminated) if t]
    mean_r = sum(rewards) / len(rewards)
    metrics = {
        "num_tokens": float(total_tokens),
        "completions/mean_length": sum(lengths) / len(lengths),
        "completions/min_length": float(min(lengths)),
        "completions/max_length": float(max(lengths)),
        "completions/clipped_ratio": 1 - sum(terminated) / len(terminated),
        "completions/mean_terminated_length": sum(term_lengths) / len(term_lengths) if term_lengths else 0.0,
        "completions/min_terminated_length": float(min(term_lengths)) if term_lengths else 0.0,
        "completions/max_terminated_length": float(max(term_lengths)) if term_lengths else 0.0,
        f"rewards/{reward_fn.__name__}/mean": mean_r,
        f"rewards/{reward_fn.__name__}/std": math.sqrt(sum((x - mean_r) ** 2 for x in rewards) / (len(rewards) - 1)),
        "reward": mean_r,
        "reward_std": sum(group_std) / len(group_std),
        "frac_reward_zero_std": sum(1 for s in group_std if s < 1e-8) / len(group_std),
    }
    if beta:
        metrics["kl"] = sum(kls) / len(kls)
    metrics["entropy"] = sum(entropies) / len(entropies)
    metrics.update({"clip_ratio/low_mean": 0.0, "clip_ratio/low_min": 0.0, "clip_ratio/high_mean": 0.0,
                    "clip_ratio/high_max": 0.0, "clip_ratio/region_mean": 0.0})
    return loss, metrics


def train_grpo(policy, reference, problems, reward_fn, lr, beta, batch, steps, num_generations, max_new,
               temperature, log_steps, on_log, seed=5, on_step=None):
    """AdamW (no weight decay), constant learning rate after a 5% warm-up,
    gradients clipped at 1.0; each step takes `batch` prompts of a shuffled
    list. Every log_steps steps on_log(step, grad_norm, learning_rate,
    loss, means) gets the window's mean loss, rounded as Trainer logs it,
    and its mean metrics. Returns the wall time."""
    opt = torch.optim.AdamW(policy.parameters(), lr=lr, weight_decay=0.0)
    warmup = max(1, steps // 20)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warmup))
    rng = random.Random(seed)
    gen = torch.Generator().manual_seed(seed)
    order, rows, tr_loss, t_start = [], [], 0.0, time.time()
    for step in range(1, steps + 1):
        if len(order) < batch:
            order = list(range(len(problems)))
            rng.shuffle(order)
        ex = [problems[order.pop()] for _ in range(batch)]
        loss, metrics = grpo_step(policy, reference, ex, reward_fn, beta, num_generations, max_new, temperature,
                                  gen)
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        lr_now = sched.get_last_lr()[0]
        opt.step()
        sched.step()
        tr_loss += loss.item()
        rows.append(metrics)
        if on_step:
            on_step()
        if step % log_steps == 0:
            on_log(step, grad_norm.item(), lr_now, round(tr_loss / log_steps, 4), window_mean(rows))
            rows, tr_loss = [], 0.0
    return time.time() - t_start


def warm_start(sft_steps, seed=0):
    """The policy after its supervised warm start, a frozen copy as the
    reference, and the training prompts."""
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    policy = GPT(len(CHARS), block_size=32)
    sft(policy, make_sums(2000, seed=2), steps=sft_steps, lr=3e-3, batch=16, seed=3)
    reference = copy.deepcopy(policy).eval().requires_grad_(False)
    return policy, reference, make_sums(2000, seed=1)


def print_console_run(reward_fn, sft_steps, lr, beta, batch, steps, num_generations, max_new, log_steps):
    """A whole run from its warm start, printed the way TRL/transformers
    print it to a file: the header, the bar and a dict per log."""
    policy, reference, prompts = warm_start(sft_steps)
    hf_header(len(prompts), 1, batch, steps, sum(p.numel() for p in policy.parameters()))
    bar = hf_bar(steps)
    epoch_of = lambda step: round(step * batch / len(prompts), 2)  # noqa: E731

    def log(step, grad_norm, learning_rate, loss, means):
        hf_log(bar, {"loss": loss, "grad_norm": grad_norm, "learning_rate": learning_rate, **means,
                     "epoch": epoch_of(step)})

    runtime = train_grpo(policy, reference, prompts, reward_fn, lr, beta, batch, steps, num_generations, max_new,
                         1.0, log_steps, log, on_step=lambda: bar.update(1))
    hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(steps * batch / runtime, 3),
                 "train_steps_per_second": round(steps / runtime, 3), "train_loss": 0.0, "epoch": epoch_of(steps)})
    bar.close()
