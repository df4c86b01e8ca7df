"""loss_detached: LoRA fine-tuning of a small character-level GPT in two
stages, as adapter recipes that add tokens often do it. The chat markers
<|user|> and <|bot|> are new tokens, so stage 1 trains the token embeddings
(modules_to_save) together with LoRA adapters on the MLPs; stage 2 freezes
the embeddings and trains the adapters alone. Gradient checkpointing
(torch.utils.checkpoint, reentrant, PyTorch's default) is on throughout. In
stage 1 the embedding output requires grad, so the checkpointed blocks build
a graph; in stage 2 nothing that enters them does: PyTorch warns "None of the
inputs have requires_grad=True", the blocks' output has no grad_fn, nor has
the loss (the head is frozen), and the first backward() of stage 2 fails.
Printed through Python's logging module.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import logging
import math
import os
import random
import sys
import time

import torch
from torch import nn
from torch.nn import functional as F
from torch.utils.checkpoint import checkpoint

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import GPT, get_batch, make_corpus  # noqa: E402

logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s - %(message)s", level=logging.INFO)
log = logging.getLogger("sft")
torch.manual_seed(0)


class LoRALinear(nn.Module):
    """y = W x + (alpha / r) B A x with W frozen, as peft's lora.Linear."""

    def __init__(self, base, r=4, alpha=8):
        super().__init__()
        self.base, self.scale = base, alpha / r
        self.lora_A = nn.Parameter(torch.randn(r, base.in_features) / math.sqrt(base.in_features))
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, r))

    def forward(self, x):
        return self.base(x) + self.scale * (x @ self.lora_A.t() @ self.lora_B.t())


def forward(model, idx, targets):
    x = model.tok(idx) + model.pos(torch.arange(idx.size(1)))
    for block in model.blocks:  # gradient_checkpointing_enable(): each block recomputed in backward
        x = checkpoint(block, x)
    logits = model.head(model.ln_f(x))
    return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


# ---- the base model: a character-level GPT pretrained on the toy corpus (not logged) ----
text = make_corpus(5000, seed=3)
chars = sorted(set(text))
BLOCK = 32
base = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(base.parameters(), lr=3e-3)
data = torch.tensor([chars.index(c) for c in text])
gen = torch.Generator().manual_seed(0)
for _ in range(250):
    _, loss = base(*get_batch(data, 8, BLOCK, gen))
    opt.zero_grad()
    loss.backward()
    opt.step()

# ---- SFT data: the user says a sentence, the bot answers with its subject ----
rng = random.Random(7)
SPECIAL = ["<|user|>", "<|bot|>"]
vocab = chars + SPECIAL
stoi = {c: i for i, c in enumerate(vocab)}


def encode(s):
    ids = []
    while s:
        tok = next((t for t in SPECIAL if s.startswith(t)), s[0])
        ids.append(stoi[tok])
        s = s[len(tok):]
    return ids


dialogues = []
for line in make_corpus(3000, seed=11).splitlines():
    words = line.split()
    subject = " ".join(words[:3] if words[1] in ("old", "small", "tired") else words[:2])
    dialogues.append(f"<|user|>{line}<|bot|>{subject}.\n")
sft = torch.tensor(encode("".join(dialogues)))

# resize_token_embeddings: two new rows, initialised to the mean of the others
model = GPT(len(vocab), block_size=BLOCK)
with torch.no_grad():
    for name, p in base.state_dict().items():
        if name in ("tok.weight", "head.weight"):
            model.state_dict()[name][:len(chars)] = p
            model.state_dict()[name][len(chars):] = p.mean(0)
        else:
            model.state_dict()[name].copy_(p)
model.requires_grad_(False)
for block in model.blocks:  # get_peft_model(target_modules=["mlp.0", "mlp.2"], r=4, lora_alpha=8)
    block.mlp[0] = LoRALinear(block.mlp[0])
    block.mlp[2] = LoRALinear(block.mlp[2])
model.tok.weight.requires_grad_(True)  # modules_to_save=["tok"]: the new tokens need embeddings

STAGE1, STAGE2, BATCH, LR, LOG_STEPS = 250, 250, 8, 2e-3, 10
log.info("base model: %d parameters, vocab %d -> %d after adding %s", sum(p.numel() for p in base.parameters()),
         len(chars), len(vocab), SPECIAL)
log.info("dialogues=%d tokens=%d block_size=%d batch_size=%d gradient_checkpointing=True",
         len(dialogues), len(sft), BLOCK, BATCH)
step, t_log = 0, time.time()
for stage, steps in ((1, STAGE1), (2, STAGE2)):
    if stage == 2:  # stage 2: adapters only
        model.tok.weight.requires_grad_(False)
    params = [p for p in model.parameters() if p.requires_grad]
    log.info("stage %d: %d steps, trainable params: %d (%s)", stage, steps, sum(p.numel() for p in params),
             "lora + tok" if stage == 1 else "lora")
    opt = torch.optim.AdamW(params, lr=LR, weight_decay=0.0)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 20) * (1 - s / steps))
    tr_loss = 0.0
    for _ in range(steps):
        loss = forward(model, *get_batch(sft, BATCH, BLOCK, gen))
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        step += 1
        tr_loss += loss.item()
        if step % LOG_STEPS == 0:
            dt = (time.time() - t_log) / LOG_STEPS
            log.info("step %d loss %.4f grad_norm %.4f lr %.2e time %.1fms", step, tr_loss / LOG_STEPS,
                     grad_norm.item(), sched.get_last_lr()[0], 1000 * dt)
            tr_loss, t_log = 0.0, time.time()
