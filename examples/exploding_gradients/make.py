"""exploding_gradients: causal-LM training of a small character-level GPT with
AdamW warmed up over 150 steps to a learning rate of 0.2 (about seventy times
what healthy_pretraining uses) and max_grad_norm=0, i.e. no clipping. Once the
rate passes what the model tolerates, the gradient norm repeatedly jumps far
above its running level, once (step 233) to more than ten times it, and the
loss spikes with it. Saved as transformers.Trainer saves
trainer_state.json with logging_steps=1 (grad_norm before clipping).

Regenerate:  /usr/bin/python3 make.py > trainer_state.json
"""
import json
import math
import random

import torch
from torch import nn
from torch.nn import functional as F

# ---- data: a synthetic corpus from a toy grammar (nothing is downloaded) ----
def make_corpus(n_sentences, seed):
    rng = random.Random(seed)
    subj = ["the cat", "a dog", "the old man", "my sister", "the farmer", "a small bird",
            "the teacher", "our neighbour", "the children", "a tired horse"]
    verb = ["sees", "likes", "finds", "follows", "paints", "carries", "watches", "feeds",
            "remembers", "chases"]
    obj = ["the red ball", "a green apple", "the river", "an old boat", "the tall tree",
           "a quiet house", "the morning bread", "a yellow kite", "the broken gate", "a letter"]
    adv = ["today", "at night", "in the garden", "by the sea", "slowly", "again",
           "every morning", "before dinner", "with great care", "without a word"]
    lines = []
    for _ in range(n_sentences):
        s = f"{rng.choice(subj)} {rng.choice(verb)} {rng.choice(obj)}"
        if rng.random() < 0.6:
            s += " " + rng.choice(adv)
        lines.append(s + ".")
    return "\n".join(lines) + "\n"


# ---- model: a two-layer GPT in the spirit of nanoGPT, small enough for a CPU ----
class Block(nn.Module):
    def __init__(self, d, n_head, block_size):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, n_head, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.register_buffer("mask", torch.triu(torch.ones(block_size, block_size, dtype=torch.bool), 1))

    def forward(self, x):
        t = x.size(1)
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=self.mask[:t, :t], need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab_size, d=32, n_layer=2, n_head=4, block_size=32):
        super().__init__()
        self.block_size = block_size
        self.tok = nn.Embedding(vocab_size, d)
        self.pos = nn.Embedding(block_size, d)
        self.blocks = nn.Sequential(*[Block(d, n_head, block_size) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab_size, bias=False)

    def forward(self, idx, targets=None):
        t = idx.size(1)
        x = self.tok(idx) + self.pos(torch.arange(t))
        logits = self.head(self.ln_f(self.blocks(x)))
        if targets is None:
            return logits, None
        return logits, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


def get_batch(data, batch_size, block_size, gen):
    ix = torch.randint(len(data) - block_size - 1, (batch_size,), generator=gen)
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + block_size] for i in ix])
    return x, y
# ---- transformers.TrainerState, saved the way Trainer saves it ----
def print_trainer_state(log_history, global_step, max_steps, epochs, logging_steps, eval_steps,
                        train_batch_size, save_steps=500):
    state = {
        "best_metric": None, "best_model_checkpoint": None, "epoch": log_history[-1]["epoch"],
        "eval_steps": eval_steps, "global_step": global_step, "is_hyper_param_search": False,
        "is_local_process_zero": True, "is_world_process_zero": True, "log_history": log_history,
        "logging_steps": logging_steps, "max_steps": max_steps, "num_input_tokens_seen": 0,
        "num_train_epochs": epochs, "save_steps": save_steps,
        "stateful_callbacks": {"TrainerControl": {"args": {
            "should_epoch_stop": False, "should_evaluate": False, "should_log": False,
            "should_save": True, "should_training_stop": True}, "attributes": {}}},
        "total_flos": 0.0, "train_batch_size": train_batch_size, "trial_name": None, "trial_params": None,
    }
    print(json.dumps(state, indent=2, sort_keys=True))  # NaN is written bare, as Trainer writes it


torch.manual_seed(1337)
text = make_corpus(6000, seed=1)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
MAX_STEPS, WARMUP, PEAK_LR, BATCH, BLOCK, LOG_STEPS = 300, 150, 0.2, 8, 32, 1
model = GPT(len(chars), block_size=BLOCK)
opt = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.95), weight_decay=0.1)
gen = torch.Generator().manual_seed(42)
history, tr_loss, sum_loss = [], 0.0, 0.0
for step in range(1, MAX_STEPS + 1):
    lr = PEAK_LR * min(1.0, step / WARMUP)
    for g in opt.param_groups:
        g["lr"] = lr
    _, loss = model(*get_batch(data, BATCH, BLOCK, gen))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    grad_norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters()]))
    opt.step()
    tr_loss += loss.item()
    sum_loss += loss.item()
    if step % LOG_STEPS == 0:
        history.append({"epoch": round(step * BATCH * BLOCK / len(data), 4), "grad_norm": grad_norm.item(),
                        "learning_rate": lr, "loss": round(tr_loss / LOG_STEPS, 4), "step": step})
        tr_loss = 0.0
history.append({"epoch": round(MAX_STEPS * BATCH * BLOCK / len(data), 4), "step": MAX_STEPS, "total_flos": 0.0,
                "train_loss": sum_loss / MAX_STEPS, "train_runtime": 0.0, "train_samples_per_second": 0.0,
                "train_steps_per_second": 0.0})
print_trainer_state(history, MAX_STEPS, MAX_STEPS, 1, LOG_STEPS, None, BATCH)
