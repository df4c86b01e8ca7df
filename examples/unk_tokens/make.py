"""unk_tokens: a review-sentiment classifier whose tokenizer (a word-level
vocabulary built from English reviews) is applied to a Spanish review
dataset. Most words are not in the vocabulary and become [UNK]; the few that
survive are names, numbers and loanwords, so the model has little to learn
from. Printed in the format of Google BERT's run_classifier.py
(INFO:tensorflow lines, the first examples dumped as "*** Example ***" with
their tokens, then "loss = ..., step = ..." every 10 steps).

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import random

import torch
from torch import nn
from torch.nn import functional as F

random.seed(0)
torch.manual_seed(0)
EN_VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "film", "movie", "was", "great", "good", "bad", "boring",
            "and", "but", "very", "not", "i", "it", "a", "of", "actor", "story", "music", "ok", "netflix", "2", "10"]
TOKEN = {w: i for i, w in enumerate(EN_VOCAB)}
POS = ["excelente", "genial", "buena", "me encanto", "divertida", "preciosa"]
NEG = ["aburrida", "mala", "lenta", "horrible", "floja", "pesada"]
BODY = ["la pelicula fue", "el actor estuvo", "la historia es", "la musica es", "vi esta pelicula en netflix y es",
        "la serie es", "el final es", "le doy un 10 porque es", "le doy un 2 porque es"]
MAX_LEN = 16


def review():
    label = random.randint(0, 1)
    return f"{random.choice(BODY)} {random.choice(POS if label else NEG)}", label


def tokenize(text):
    return ["[CLS]"] + [w if w in TOKEN else "[UNK]" for w in text.split()][:MAX_LEN - 2] + ["[SEP]"]


def log(msg):
    print(f"INFO:tensorflow:{msg}")


data = [review() for _ in range(3000)]
log("Writing example 0 of 3000")
for i, (text, label) in enumerate(data[:5]):
    toks = tokenize(text)
    ids = [TOKEN[t] for t in toks] + [0] * (MAX_LEN - len(toks))
    log("*** Example ***")
    log(f"guid: train-{i}")
    log(f"tokens: {' '.join(toks)}")
    log(f"input_ids: {' '.join(map(str, ids))}")
    log(f"input_mask: {' '.join('1' if t else '0' for t in ids)}")
    log(f"label: {label} (id = {label})")

X = torch.zeros(len(data), len(EN_VOCAB))
for r, (text, _) in enumerate(data):
    for t in tokenize(text):
        X[r, TOKEN[t]] += 1
Y = torch.tensor([label for _, label in data])
model = nn.Sequential(nn.Linear(len(EN_VOCAB), 32), nn.ReLU(), nn.Linear(32, 2))
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
log("***** Running training *****")
log("  Num examples = 3000")
log("  Batch size = 32")
log("  Num steps = 280")
for step in range(1, 281):
    idx = torch.randint(len(data), (32,))
    loss = F.cross_entropy(model(X[idx]), Y[idx])
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 10 == 0:
        log(f"loss = {loss.item():.6f}, step = {step}")
