"""dtype_mismatch: a small tabular classifier trains fine in float32; its
evaluate() was later changed to run the model in bfloat16 "to save memory",
but the validation features are still float32. The first evaluation, at the
end of epoch 1, fails with a dtype mismatch inside the first Linear layer.
Printed through Python's logging module, as many hand-written training
scripts do.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import logging

import torch
from torch import nn
from torch.nn import functional as F

logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s - %(message)s", level=logging.INFO)
log = logging.getLogger("train")
torch.manual_seed(0)

# Credit-default-like tabular data: 20 standardised features, 2 classes.
N, D = 4000, 20
w = torch.randn(D)
X = torch.randn(N, D)
Y = ((X @ w + 0.5 * torch.randn(N)) > 0).long()
Xtr, Ytr, Xva, Yva = X[:3200], Y[:3200], X[3200:], Y[3200:]

EPOCHS, BATCH, LR = 5, 64, 1e-3
model = nn.Sequential(nn.Linear(D, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 2))
opt = torch.optim.AdamW(model.parameters(), lr=LR)
log.info("num_train=%d num_val=%d epochs=%d batch_size=%d lr=%g", len(Xtr), len(Xva), EPOCHS, BATCH, LR)


@torch.no_grad()
def evaluate():
    model.eval()
    model.to(torch.bfloat16)  # "evaluation in bf16 saves memory" - but Xva stays float32
    logits = model(Xva)
    model.to(torch.float32)
    model.train()
    return F.cross_entropy(logits.float(), Yva).item(), (logits.argmax(1) == Yva).float().mean().item()


step = 0
for epoch in range(1, EPOCHS + 1):
    perm = torch.randperm(len(Xtr))
    for b in range(len(Xtr) // BATCH):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        loss = F.cross_entropy(model(Xtr[idx]), Ytr[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 10 == 0:
            log.info("epoch %d step %d loss %.4f lr %.2e", epoch, step, loss.item(), LR)
    val_loss, val_acc = evaluate()
    log.info("epoch %d step %d val_loss %.4f val_acc %.4f", epoch, step, val_loss, val_acc)
