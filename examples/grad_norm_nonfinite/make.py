"""grad_norm_nonfinite: supervised fine-tuning of a small character-level GPT
on question/answer pairs, with the loss on the answer tokens only. About one
pair in eight has a long preamble, and truncation to MAX_LEN cuts its answer
away: every label of that example is -100, and the masked mean
(per_token * mask).sum() / mask.sum() is 0/0: the loss is NaN, and so is the
gradient norm. As the fp16 GradScaler does, the
loop skips the optimizer step when the gradients are not finite, and as
transformers.Trainer does by default (logging_nan_inf_filter=True) the NaN loss
is left out of the logged average: the loss looks normal while grad_norm is
nan whenever a logging window ends on such an example.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math
import os
import sys
import time

import torch
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hf_trainer import hf_bar, hf_header, hf_log  # noqa: E402
from qa_toy import CHARS, encode, make_pairs  # noqa: E402
from toy_gpt import GPT  # noqa: E402


torch.manual_seed(0)
MAX_LEN, EPOCHS, LR, LOG_STEPS = 64, 1, 1e-3, 10
train = make_pairs(400, seed=1, long_frac=0.125)
model = GPT(len(CHARS), d=32, block_size=MAX_LEN)
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.0)
total = EPOCHS * len(train)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 20) * max(0.0, 1 - s / total))

hf_header(len(train), EPOCHS, 1, total, sum(p.numel() for p in model.parameters()))
bar = hf_bar(total)
step, tr_loss, n_in_window, t_start, all_losses = 0, 0.0, 0, time.time(), []
for epoch in range(EPOCHS):
    for i in torch.randperm(len(train)).tolist():
        x, y = encode(train[i], MAX_LEN)
        logits, _ = model(x[None])
        mask = (y != -100).float()
        per_token = F.cross_entropy(logits[0], y.clamp(min=0), reduction="none")
        loss = (per_token * mask).sum() / mask.sum()  # 0/0 = NaN when every label is masked
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        if torch.isfinite(grad_norm):
            opt.step()  # a non-finite step is skipped, as GradScaler skips it
        sched.step()
        opt.zero_grad()
        step += 1
        bar.update(1)
        if math.isfinite(loss.item()):  # logging_nan_inf_filter
            tr_loss += loss.item()
            n_in_window += 1
            all_losses.append(loss.item())
        if step % LOG_STEPS == 0:
            hf_log(bar, {"loss": round(tr_loss / max(n_in_window, 1), 4), "grad_norm": grad_norm.item(),
                         "learning_rate": sched.get_last_lr()[0], "epoch": round(step / len(train), 2)})
            tr_loss, n_in_window = 0.0, 0
runtime = time.time() - t_start
hf_log(bar, {"train_runtime": round(runtime, 4), "train_samples_per_second": round(total / runtime, 3),
             "train_steps_per_second": round(total / runtime, 3),
             "train_loss": sum(all_losses) / len(all_losses), "epoch": float(EPOCHS)})
bar.close()
