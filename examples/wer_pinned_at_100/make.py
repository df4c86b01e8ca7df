"""wer_pinned_at_100: a toy CTC speech recogniser (a GRU encoder over noisy
feature frames, a linear head over letters and the blank) fine-tuned the way
a wav2vec2 CTC head is, but at a learning rate of 1e-6 where the recipes use
1e-4 to 3e-4. Its head starts where a CTC head is after its first updates,
with the blank most likely at every frame: greedy decoding writes nothing,
every word is deleted, and at this rate the model never learns the letters.
The word error rate is exactly 1.0 at every evaluation.

The log is printed the way transformers.Trainer prints to the console.
Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys
import time

import torch
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from speech_toy import edit_distance  # noqa: E402

torch.manual_seed(0)
LETTERS, FEAT, FRAMES_PER_LETTER, HIDDEN = 8, 12, 3, 48
BLANK = 0  # letters are 1..LETTERS
prototypes = torch.randn(LETTERS + 1, FEAT)


def utterances(n):
    """n utterances of 2-4 words of 2-4 letters: frames, letters, words."""
    out = []
    for _ in range(n):
        words = [torch.randint(1, LETTERS + 1, (int(torch.randint(2, 5, ())),)).tolist()
                 for _ in range(int(torch.randint(2, 5, ())))]
        letters, frames = [], []
        for w, word in enumerate(words):
            if w:  # a pause between words: silence frames
                frames.append(prototypes[0].repeat(FRAMES_PER_LETTER, 1))
            for c in word:
                frames.append(prototypes[c].repeat(FRAMES_PER_LETTER, 1))
            letters += word + ([LETTERS] if w < len(words) - 1 else [])  # the last letter doubles as space
        x = torch.cat(frames)
        out.append((x + 0.4 * torch.randn_like(x), torch.tensor(letters), words))
    return out


class CTCModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.GRU(FEAT, HIDDEN, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * HIDDEN, LETTERS + 1)
        with torch.no_grad():  # the blank already wins every frame
            self.head.bias.fill_(-2.0)
            self.head.bias[BLANK] = 4.0

    def forward(self, frames):
        y, _ = self.enc(frames.unsqueeze(0))
        return F.log_softmax(self.head(y[0]), -1)


def greedy_words(logp):
    out, prev = [], BLANK
    for t in logp.argmax(-1).tolist():
        if t != prev and t != BLANK:
            out.append(t)
        prev = t
    text, word = [], []
    for c in out + [LETTERS]:
        if c == LETTERS:
            if word:
                text.append(tuple(word))
            word = []
        else:
            word.append(c)
    return text


def ctc_loss(model, frames, letters):
    logp = model(frames)
    return F.ctc_loss(logp.unsqueeze(1), letters.unsqueeze(0), torch.tensor([len(logp)]),
                      torch.tensor([len(letters)]), blank=BLANK)


train, valid = utterances(400), utterances(60)
model = CTCModel()
LR, STEPS, EPOCHS = 1e-6, 1200, 3
opt = torch.optim.AdamW(model.parameters(), lr=LR)
hf_header(len(train), EPOCHS, 1, STEPS, sum(p.numel() for p in model.parameters()))
bar = hf_bar(STEPS)
total, logged = 0.0, 0
for step in range(1, STEPS + 1):
    frames, letters, _ = train[(step - 1) % len(train)]
    lr = LR * min(1.0, step / 100)  # warm-up over 100 steps, then constant
    for group in opt.param_groups:
        group["lr"] = lr
    loss = ctc_loss(model, frames, letters)
    opt.zero_grad()
    loss.backward()
    grad_norm = float(torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0))
    opt.step()
    total += loss.item()
    logged += 1
    bar.update(1)
    epoch = step / len(train)
    if step % 50 == 0:
        hf_log(bar, {"loss": round(total / logged, 4), "grad_norm": grad_norm, "learning_rate": lr,
                     "epoch": round(epoch, 2)})
        total, logged = 0.0, 0
    if step % 200 == 0:
        start = time.time()
        with torch.no_grad():
            vloss = sum(ctc_loss(model, f, l).item() for f, l, _ in valid) / len(valid)
            errors = refs = 0
            for f, _, words in valid:
                ref = [tuple(w) for w in words]
                errors += edit_distance(greedy_words(model(f)), ref)
                refs += len(ref)
        took = time.time() - start
        hf_log(bar, {"eval_loss": round(vloss, 4), "eval_wer": errors / refs, "eval_runtime": round(took, 4),
                     "eval_samples_per_second": round(len(valid) / took, 3),
                     "eval_steps_per_second": round(len(valid) / took, 3), "epoch": round(epoch, 2)})
bar.close()
