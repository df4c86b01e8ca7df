"""error_rate_above_100: a toy speech recogniser (a GRU encoder over noisy
feature frames, a GRU decoder over words) trained with Adam, whose recipe
raises the learning rate fifty-fold at epoch 5, a warm-up schedule restarted
by mistake. The decoder, which had learned where to stop, forgets its end
token: greedy decoding writes until its length cap, and the word error rate
climbs past 100%.

The log is printed the way SpeechBrain's train_logger prints its epochs.
Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

import torch
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from speech_toy import edit_distance  # noqa: E402

torch.manual_seed(0)
WORDS, FEAT, FRAMES_PER_WORD, HIDDEN = 12, 8, 3, 64
BOS, EOS = WORDS, WORDS + 1
prototypes = torch.randn(WORDS, FEAT)


def utterances(n):
    """n utterances of 3-6 words: frames and the words they say."""
    out = []
    for _ in range(n):
        words = torch.randint(WORDS, (int(torch.randint(3, 7, ())),))
        frames = prototypes[words].repeat_interleave(FRAMES_PER_WORD, 0)
        out.append((frames + 0.3 * torch.randn_like(frames), words))
    return out


class Recogniser(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.GRU(FEAT, HIDDEN, batch_first=True)
        self.emb = nn.Embedding(WORDS + 2, HIDDEN)
        self.dec = nn.GRU(HIDDEN, HIDDEN, batch_first=True)
        self.out = nn.Linear(HIDDEN, WORDS + 2)

    def forward(self, frames, inputs):
        _, h = self.enc(frames.unsqueeze(0))
        y, _ = self.dec(self.emb(inputs).unsqueeze(0), h)
        return self.out(y[0])

    def decode(self, frames, cap):
        _, h = self.enc(frames.unsqueeze(0))
        token, words = BOS, []
        while len(words) < cap:
            y, h = self.dec(self.emb(torch.tensor([[token]])), h)
            token = int(self.out(y[0, -1]).argmax())
            if token == EOS:
                break
            words.append(token)
        return words


def loss_of(model, frames, words):
    inputs = torch.cat([torch.tensor([BOS]), words])
    targets = torch.cat([words, torch.tensor([EOS])])
    return F.cross_entropy(model(frames, inputs), targets)


train, valid = utterances(600), utterances(100)
model = Recogniser()
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
for epoch in range(1, 9):
    lr = 3e-3 if epoch < 5 else 0.15
    for group in opt.param_groups:
        group["lr"] = lr
    total = 0.0
    for frames, words in train:
        loss = loss_of(model, frames, words)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    with torch.no_grad():
        vloss = sum(loss_of(model, f, w).item() for f, w in valid) / len(valid)
        errors = refs = 0
        for frames, words in valid:
            hyp = model.decode(frames, cap=4 * len(words))
            errors += edit_distance(hyp, words.tolist())
            refs += len(words)
    wer = 100.0 * errors / refs
    print(f"speechbrain.utils.epoch_loop - Going into epoch {epoch}")
    print(f"speechbrain.utils.train_logger - epoch: {epoch}, lr: {lr:.2e} - train loss: {total / len(train):.2f} "
          f"- valid loss: {vloss:.2f}, valid WER: {wer:.2f}")
    print(f"speechbrain.utils.checkpoints - Saved an end-of-epoch checkpoint in results/toy_asr/1986/save/"
          f"CKPT+2026-03-02+10-{epoch:02d}-00+00")
