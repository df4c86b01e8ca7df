"""reward_hacking: RL from a reward model on a small word-level GPT that was
first fine-tuned (SFT) on short synthetic movie reviews. The reward model is
a lexicon scorer: it adds up how positive each word is, so it pays more for a
review that repeats "great" than for a real one. With a weak KL penalty
(kl_coef=0.01) the RLOO policy-gradient loop finds that: the score climbs,
the policy's entropy collapses and its KL from the SFT reference grows far
past TRL's adaptive target of 6 nats. Metrics named and logged as TRL's
RLOOTrainer/PPOTrainer log them (objective/scores, objective/kl,
objective/entropy, ...), printed the way transformers prints them to a file.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import random
import sys
import time

import torch
from tqdm import tqdm

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import GPT  # noqa: E402


random.seed(0)
torch.manual_seed(0)
OPENERS = ["the film", "this movie", "the story", "the cast", "the ending", "the music"]
VERBS = ["was", "felt", "seemed", "is"]
ADJ_POS = ["great", "good", "moving", "funny", "clever"]
ADJ_NEG = ["slow", "dull", "weak", "messy", "long"]
TAILS = ["overall", "at times", "for me", "in the end", "i think"]
SENTIMENT = {"great": 1.0, "good": 0.6, "moving": 0.5, "funny": 0.5, "clever": 0.5,
             "slow": -0.5, "dull": -0.8, "weak": -0.6, "messy": -0.5, "long": -0.2}
WORDS = ["<review>", "<eos>", "and", "but"] + sorted(
    {w for p in OPENERS + TAILS for w in p.split()} | set(VERBS) | set(ADJ_POS) | set(ADJ_NEG))
ID = {w: i for i, w in enumerate(WORDS)}
GEN_LEN = 12


def review():
    words = f"{random.choice(OPENERS)} {random.choice(VERBS)} {random.choice(ADJ_POS + ADJ_NEG)}".split()
    if random.random() < 0.5:
        words += [random.choice(["and", "but"]), random.choice(ADJ_POS + ADJ_NEG)]
    if random.random() < 0.5:
        words += random.choice(TAILS).split()
    return ["<review>"] + words + ["<eos>"]


def reward_model(tokens):
    """The flawed scorer: sum of word sentiments, tanh-squashed per 4 words."""
    words = [WORDS[t] for t in tokens]
    if "<eos>" in words:
        words = words[:words.index("<eos>")]
    return torch.tanh(torch.tensor(sum(SENTIMENT.get(w, 0.0) for w in words) / 4))


# ---- SFT: the policy and the frozen reference start as the same review model ----
policy = GPT(len(WORDS), d=32, n_layer=2, n_head=4, block_size=GEN_LEN + 1)
sft_opt = torch.optim.AdamW(policy.parameters(), lr=3e-3)
for _ in range(300):
    seqs = [review() for _ in range(32)]
    x = torch.full((32, GEN_LEN + 1), ID["<eos>"])
    for i, s in enumerate(seqs):
        x[i, :len(s)] = torch.tensor([ID[w] for w in s])
    _, loss = policy(x[:, :-1], x[:, 1:].contiguous())
    sft_opt.zero_grad()
    loss.backward()
    sft_opt.step()
reference = GPT(len(WORDS), d=32, n_layer=2, n_head=4, block_size=GEN_LEN + 1)
reference.load_state_dict(policy.state_dict())
reference.eval().requires_grad_(False)


def sample(model, n):
    x = torch.full((n, 1), ID["<review>"])
    with torch.no_grad():
        for _ in range(GEN_LEN):
            logits, _ = model(x)
            x = torch.cat([x, torch.multinomial(logits[:, -1].softmax(-1), 1)], 1)
    return x


def seq_stats(model, x):
    logits, _ = model(x[:, :-1])
    logp_all = logits.log_softmax(-1)
    logp = torch.gather(logp_all, 2, x[:, 1:, None]).squeeze(-1)
    ent = -(logp_all.exp() * logp_all).sum(-1)
    return logp, ent


# ---- RLOO: k samples per prompt, each baselined by the mean reward of the others ----
STEPS, K, N_PROMPTS, LR, KL_COEF, LOG_EVERY = 90, 4, 8, 1e-3, 0.01, 5
opt = torch.optim.AdamW(policy.parameters(), lr=LR)
print("===training policy===")
bar = tqdm(total=STEPS, file=sys.stdout, ncols=120)
rows, t0 = [], time.time()
for step in range(1, STEPS + 1):
    x = sample(policy, K * N_PROMPTS)
    scores = torch.stack([reward_model(row[1:].tolist()) for row in x])
    logp, ent = seq_stats(policy, x)
    with torch.no_grad():
        ref_logp, _ = seq_stats(reference, x)
    kl = (logp.detach() - ref_logp).sum(1)
    rlhf_reward = scores - KL_COEF * kl
    r = rlhf_reward.view(K, N_PROMPTS)
    advantages = (r - (r.sum(0, keepdim=True) - r) / (K - 1)).view(-1)
    pg_loss = -(advantages * logp.sum(1)).mean()
    opt.zero_grad()
    pg_loss.backward()
    opt.step()
    bar.update(1)
    rows.append({"objective/kl": kl.mean().item(), "objective/entropy": ent.sum(1).mean().item(),
                 "objective/non_score_reward": (-KL_COEF * kl).mean().item(),
                 "objective/rlhf_reward": rlhf_reward.mean().item(), "objective/scores": scores.mean().item(),
                 "loss/policy_avg": pg_loss.item()})
    if step % LOG_EVERY == 0:
        logs = {"eps": int(step * K * N_PROMPTS / (time.time() - t0))}
        logs.update({k: sum(row[k] for row in rows) / len(rows) for k in rows[0]})
        logs.update({"lr": LR, "episode": step * K * N_PROMPTS, "epoch": round(step / STEPS, 4)})
        bar.write(str(logs), file=sys.stdout)
        rows = []
bar.close()
