"""training_crash: a small intent classifier trained with a Lightning-style loop
reads its examples from JSON records; one record in the second epoch was
written without its "label" field, and the collate function raises KeyError
in the middle of the epoch. Printed the way PyTorch Lightning's TQDM progress
bar prints to a file, followed by the Python traceback on stderr.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import json
import random
import sys

import torch
from torch import nn
from torch.nn import functional as F
from tqdm import tqdm

random.seed(0)
torch.manual_seed(0)
INTENTS = ["book_flight", "cancel_order", "check_balance", "play_music", "set_alarm", "weather"]
KEYWORDS = {
    "book_flight": ["flight", "fly", "ticket", "airport"], "cancel_order": ["cancel", "order", "refund", "return"],
    "check_balance": ["balance", "account", "money", "bank"], "play_music": ["play", "song", "music", "album"],
    "set_alarm": ["alarm", "wake", "remind", "morning"], "weather": ["rain", "sunny", "weather", "forecast"],
}
FILLER = ["please", "can", "you", "i", "want", "to", "my", "the", "a", "now", "for", "me", "tomorrow"]
VOCAB = {w: i for i, w in enumerate(sorted({w for ws in KEYWORDS.values() for w in ws} | set(FILLER)))}


def record(i):
    intent = random.choice(INTENTS)
    text = " ".join(random.choices(FILLER, k=5) + random.choices(KEYWORDS[intent], k=2))
    rec = {"id": i, "text": text, "label": intent}
    if i == 1737:  # written by an older export script: no label field
        del rec["label"]
    return json.dumps(rec)


LINES = [record(i) for i in range(2400)]  # the JSONL file, one record per line


def collate(lines):
    recs = [json.loads(l) for l in lines]
    x = torch.zeros(len(recs), len(VOCAB))
    for r, rec in enumerate(recs):
        for w in rec["text"].split():
            x[r, VOCAB[w]] += 1
    y = torch.tensor([INTENTS.index(rec["label"]) for rec in recs])
    return x, y


class IntentClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(), nn.Linear(64, len(INTENTS)))

    def training_step(self, batch):
        x, y = batch
        return F.cross_entropy(self.net(x), y)


def fit(model, epochs, batch_size):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    n_batches = len(LINES) // batch_size
    for epoch in range(epochs):
        order = list(range(len(LINES)))
        random.shuffle(order)
        bar = tqdm(total=n_batches, file=sys.stdout, ncols=100, desc=f"Epoch {epoch}", mininterval=0)
        running = None
        for b in range(n_batches):
            batch = collate([LINES[i] for i in order[b * batch_size:(b + 1) * batch_size]])
            loss = model.training_step(batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running = loss.item()
            bar.set_postfix_str(f"v_num=0, train_loss={running:.3f}", refresh=False)
            bar.update(1)
        bar.close()


print("GPU available: False (cuda), used: False")
print("TPU available: False, using: 0 TPU cores")
print("")
print("  | Name | Type       | Params")
print("------------------------------------")
print("0 | net  | Sequential | 2.2 K ")
print("------------------------------------")
print("2.2 K     Trainable params")
print("0         Non-trainable params")
print("2.2 K     Total params")
print("0.009     Total estimated model params size (MB)")
sys.stdout.flush()
fit(IntentClassifier(), epochs=3, batch_size=32)
