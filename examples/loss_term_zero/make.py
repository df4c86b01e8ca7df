"""loss_term_zero: a toy one-stage detector (a grid of anchors, each with an
objectness score and a box) trained on images whose label files were written
to the wrong folder, so every image loads with no boxes. No anchor is ever
matched to a box: the box loss, averaged over the matched anchors, is exactly
0 at every epoch, and the model only learns to call everything background
(its objectness loss falls). The loader warns once, as Ultralytics does.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
N, GRID, EPOCHS, BATCH = 512, 8, 20, 32
images = torch.randn(N, 3, 32, 32)
boxes = [torch.zeros(0, 4) for _ in range(N)]  # BUG: label files not found, every image has no box

model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(GRID), nn.Conv2d(16, 5, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
print("train: Scanning /data/train/labels.cache... 0 images, 512 backgrounds, 0 corrupt")
print("WARNING No labels found in /data/train/labels.cache, training may not work correctly.")


def targets(batch_boxes):
    obj = torch.zeros(len(batch_boxes), GRID, GRID)
    reg = torch.zeros(len(batch_boxes), 4, GRID, GRID)
    for i, b in enumerate(batch_boxes):
        for x, y, w, h in b.tolist():
            gx, gy = min(int(x * GRID), GRID - 1), min(int(y * GRID), GRID - 1)
            obj[i, gy, gx] = 1
            reg[i, :, gy, gx] = torch.tensor([x, y, w, h])
    return obj, reg


g = torch.Generator().manual_seed(1)
for epoch in range(1, EPOCHS + 1):
    perm = torch.randperm(N, generator=g)
    box_sum = obj_sum = 0.0
    for i in range(0, N, BATCH):
        idx = perm[i:i + BATCH]
        out = model(images[idx])
        obj_t, reg_t = targets([boxes[j] for j in idx.tolist()])
        positive = obj_t.bool()
        obj_loss = F.binary_cross_entropy_with_logits(out[:, 0], obj_t)
        pred_boxes = out[:, 1:].permute(0, 2, 3, 1)[positive]
        true_boxes = reg_t.permute(0, 2, 3, 1)[positive]
        box_loss = F.l1_loss(pred_boxes, true_boxes, reduction="sum") / max(1, int(positive.sum()))
        opt.zero_grad()
        (obj_loss + box_loss).backward()
        opt.step()
        box_sum += box_loss.item()
        obj_sum += obj_loss.item()
    steps = N // BATCH
    print(f"Epoch {epoch}/{EPOCHS}  box_loss {box_sum / steps:.4g}  obj_loss {obj_sum / steps:.4g}  "
          f"mAP@.5:.95 {0:.4g}")
