"""slow_dataloader: a small CNN trained on images that the data pipeline
decodes at full size (3x256x256) and resizes to 64x64 sample by sample, in
the main process (DataLoader(num_workers=0)). The model step is quick; the
wait for the next batch is most of every iteration. Logged as detectron2's
JSONWriter writes output/metrics.json: one JSON object per 20 iterations with
the median data_time and time over the window.

Regenerate:  /usr/bin/python3 make.py > metrics.json
"""
import json
import statistics
import time

import torch
from torch import nn
from torch.nn import functional as F
from torch.utils.data import DataLoader, Dataset

torch.manual_seed(0)
MAX_ITER, BATCH, BASE_LR, PERIOD = 300, 8, 0.02, 20


class FullSizeImages(Dataset):
    def __init__(self, n):
        self.labels = torch.randint(5, (n,))

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(int(i))
        raw = torch.rand(3, 256, 256, generator=g) + 0.3 * self.labels[i]     # "decode"
        img = F.interpolate(raw[None], size=(64, 64), mode="bilinear", antialias=True)[0]  # resize
        img = (img - 0.5) / 0.29                                              # normalise
        return img, self.labels[i]


loader = DataLoader(FullSizeImages(4000), batch_size=BATCH, shuffle=True, num_workers=0)
model = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, 16, 3, stride=2, padding=1),
                      nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 5))
opt = torch.optim.SGD(model.parameters(), lr=BASE_LR, momentum=0.9)
window = {"data_time": [], "time": [], "loss": []}
it, t_end, t_start = 0, time.perf_counter(), time.perf_counter()
while it < MAX_ITER:
    for x, y in loader:
        data_time = time.perf_counter() - t_end
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        t_now = time.perf_counter()
        window["data_time"].append(data_time)
        window["time"].append(t_now - t_end)
        window["loss"].append(loss.item())
        t_end = t_now
        if (it + 1) % PERIOD == 0:
            med = {k: statistics.median(v) for k, v in window.items()}
            lr = BASE_LR * min(1.0, (it + 1) / 100)
            print(json.dumps({"data_time": med["data_time"], "eta_seconds": med["time"] * (MAX_ITER - it - 1),
                              "iteration": it, "loss_cls": med["loss"], "lr": lr, "rank_data_time": med["data_time"],
                              "time": med["time"], "total_loss": med["loss"]}))
            window = {k: [] for k in window}
        it += 1
        if it >= MAX_ITER:
            break
