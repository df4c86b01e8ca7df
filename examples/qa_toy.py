"""Shared by the examples' make.py that fine-tune on question/answer pairs
(SFT with the loss on the answer only): the pairs and their encoding."""
import random

import torch


# ---- SFT data: "question: ... answer: ..." pairs; the loss covers the answer only ----
def make_pairs(n, seed, long_frac):
    rng = random.Random(seed)
    names = ["anna", "ben", "carla", "dmitri", "eva", "farid", "gita", "hugo"]
    things = ["apples", "books", "coins", "kites", "shells", "stamps", "cards", "pens"]
    pairs = []
    for _ in range(n):
        who, what = rng.choice(names), rng.choice(things)
        a, b = rng.randint(1, 9), rng.randint(1, 9)
        q = f"{who} has {a} {what} and finds {b} more. how many {what}?"
        if rng.random() < long_frac:  # a long preamble pushes the answer past MAX_LEN
            q = "read the story carefully before you answer. " + q
        pairs.append((q, f" {a + b}."))
    return pairs


CHARS = sorted(set("abcdefghijklmnopqrstuvwxyz0123456789 .,?:"))
STOI = {c: i for i, c in enumerate(CHARS)}


def encode(pair, max_len):
    """Prompt tokens are masked with -100; truncation keeps the first max_len tokens."""
    q, a = pair
    ids = [STOI[c] for c in q + a]
    labels = [-100] * len(q) + [STOI[c] for c in a]
    ids, labels = ids[:max_len + 1], labels[:max_len + 1]
    return torch.tensor(ids[:-1]), torch.tensor(labels[1:])
