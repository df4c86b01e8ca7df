"""init_mismatch: a GPT-2-style model whose __init__ calls
self.apply(self._init_weights) BEFORE the transformer blocks are created, so
the intended initialisation (normal, std 0.02; residual projections
0.02 / sqrt(2 * n_layer)) only reaches the embeddings, and every Linear layer
keeps PyTorch's default uniform init. The init check the script runs before
training prints, per layer, the weight std it finds next to the one it
expects (this log ends with the check).

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import math

import torch
from torch import nn

N_LAYER, D, VOCAB = 4, 128, 512


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.c_attn, self.c_proj = nn.Linear(D, 3 * D), nn.Linear(D, D)
        self.c_fc, self.mlp_c_proj = nn.Linear(D, 4 * D), nn.Linear(4 * D, D)


class GPT2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D)
        self.wpe = nn.Embedding(64, D)
        self.apply(self._init_weights)  # BUG: runs before the blocks below exist
        self.h = nn.ModuleList([Block() for _ in range(N_LAYER)])

    @staticmethod
    def expected_std(name):
        return 0.02 / math.sqrt(2 * N_LAYER) if name.endswith("c_proj.weight") else 0.02

    def _init_weights(self, module):
        if isinstance(module, (nn.Linear, nn.Embedding)):
            nn.init.normal_(module.weight, mean=0.0, std=0.02)
            if isinstance(module, nn.Linear) and module.bias is not None:
                nn.init.zeros_(module.bias)


torch.manual_seed(0)
model = GPT2()
print(f"number of parameters: {sum(p.numel() for p in model.parameters()) / 1e6:.2f}M")
print("init check (weight std per parameter):")
for name, p in model.named_parameters():
    if name.endswith("weight") and p.dim() == 2:
        print(f"  {name}: {p.std().item():.4f} (expected {model.expected_std(name):.4f})")
