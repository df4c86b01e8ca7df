"""ppo_update_too_large: PPO on a contextual bandit (8 context features, 4
actions, reward 1 for the action the context calls for), with a learning
rate of 3e-2 (a hundred times Stable-Baselines3's 3e-4) and 30 epochs of
updates over each rollout. Every update moves the policy far past what its
clipping is meant to allow: approx_kl climbs past 0.1 and most samples are
clipped. Printed as Stable-Baselines3's PPO prints its logger tables.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import torch
from torch import nn

torch.manual_seed(0)
FEATURES, ACTIONS, N_STEPS, N_EPOCHS, BATCH, LR, CLIP = 8, 4, 2048, 30, 256, 3e-2, 0.2
W = torch.randn(FEATURES, ACTIONS)
policy = nn.Sequential(nn.Linear(FEATURES, 64), nn.Tanh(), nn.Linear(64, ACTIONS))
value = nn.Sequential(nn.Linear(FEATURES, 64), nn.Tanh(), nn.Linear(64, 1))
opt = torch.optim.Adam(list(policy.parameters()) + list(value.parameters()), lr=LR)
g = torch.Generator().manual_seed(1)


def table(rows):
    width = max(len(k) for k, _ in rows) + 4
    vals = [v if isinstance(v, str) else f"{v:.3g}" if isinstance(v, float) else str(v) for _, v in rows]
    vwidth = max(len(v) for v in vals) + 1
    line = "-" * (width + vwidth + 5)
    out = [line]
    for (k, _), v in zip(rows, vals):
        if k.endswith("/"):
            out.append(f"| {k:<{width}} | {'':<{vwidth}}|")
        else:
            out.append(f"|    {k:<{width - 4}} | {v:<{vwidth}}|")
    out.append(line)
    print("\n".join(out))


print("Using cpu device")
for it in range(1, 25):
    ctx = torch.randn(N_STEPS, FEATURES, generator=g)
    with torch.no_grad():
        dist = torch.distributions.Categorical(logits=policy(ctx))
        act = dist.sample()
        old_logp = dist.log_prob(act)
        reward = (act == (ctx @ W).argmax(1)).float()
        adv = reward - value(ctx).squeeze(1)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    rows = [("rollout/", ""), ("ep_len_mean", 1.0), ("ep_rew_mean", round(reward.mean().item(), 3)),
            ("time/", ""), ("iterations", it), ("total_timesteps", it * N_STEPS)]
    if it > 1:
        kls, clips, pls, vls, ents = [], [], [], [], []
        for _ in range(N_EPOCHS):
            perm = torch.randperm(N_STEPS, generator=g)
            for i in range(0, N_STEPS, BATCH):
                idx = perm[i:i + BATCH]
                dist = torch.distributions.Categorical(logits=policy(ctx[idx]))
                logp = dist.log_prob(act[idx])
                ratio = torch.exp(logp - old_logp[idx])
                pl = -torch.min(ratio * adv[idx], ratio.clamp(1 - CLIP, 1 + CLIP) * adv[idx]).mean()
                vl = (value(ctx[idx]).squeeze(1) - reward[idx]).pow(2).mean()
                ent = dist.entropy().mean()
                opt.zero_grad()
                (pl + 0.5 * vl - 0.0 * ent).backward()
                opt.step()
                with torch.no_grad():
                    log_ratio = logp - old_logp[idx]
                    kls.append(((ratio - 1) - log_ratio).mean().item())
                    clips.append(((ratio - 1).abs() > CLIP).float().mean().item())
                pls.append(pl.item())
                vls.append(vl.item())
                ents.append(ent.item())
        mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
        rows += [("train/", ""), ("approx_kl", round(mean(kls), 6)), ("clip_fraction", round(mean(clips), 3)),
                 ("clip_range", CLIP), ("entropy_loss", round(-mean(ents), 3)), ("learning_rate", LR),
                 ("n_updates", (it - 1) * N_EPOCHS), ("policy_gradient_loss", round(mean(pls), 4)),
                 ("value_loss", round(mean(vls), 4))]
    table(rows)
