"""dataloader_crash: a small CNN trained on synthetic 3x32x32 images with two
DataLoader workers, printed in the format of torchvision's classification
reference script (references/classification/train.py, MetricLogger). In
epoch 1 one worker dies of SIGBUS, the signal the kernel sends when a worker
writes a batch into a full /dev/shm (a container's default 64 MB). Here the
worker raises that signal itself, because this machine's /dev/shm is large;
everything printed after it (the worker's "Unexpected bus error" line, the
RuntimeError naming the worker and its signal) is PyTorch's own output.

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import datetime
import os
import signal
import sys
import time

import torch
from torch import nn
from torch.nn import functional as F
from torch.utils.data import DataLoader, Dataset

PRINT_FREQ, EPOCHS, BATCH, LR = 10, 3, 32, 0.05
CRASH_AT = (1, 800)  # (epoch, samples this worker has loaded) when worker 1 gets SIGBUS
EPOCH = 0


class SyntheticImages(Dataset):
    """Ten classes, each a fixed colour pattern plus noise."""

    def __init__(self, n):
        g = torch.Generator().manual_seed(0)
        self.labels = torch.randint(10, (n,), generator=g)
        self.patterns = torch.rand(10, 3, 32, 32, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        self.loaded = getattr(self, "loaded", 0) + 1  # counted in each worker process
        info = torch.utils.data.get_worker_info()
        if info is not None and info.id == 1 and (EPOCH, self.loaded) == CRASH_AT:
            time.sleep(0.5)
            os.kill(os.getpid(), signal.SIGBUS)  # stands in for the kernel's SIGBUS on a full /dev/shm
        g = torch.Generator().manual_seed(EPOCH * 100003 + i)
        y = self.labels[i]
        return self.patterns[y] + 0.8 * torch.randn(3, 32, 32, generator=g), y


model = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, 16, 3, stride=2, padding=1),
                      nn.ReLU(), nn.AdaptiveAvgPool2d(4), nn.Flatten(), nn.Linear(16 * 4 * 4, 10))
opt = torch.optim.SGD(model.parameters(), lr=LR, momentum=0.9, weight_decay=1e-4)
torch.manual_seed(0)
data = SyntheticImages(2560)
print("Namespace(data_path='/datasets/synthetic10', model='smallcnn', device='cpu', batch_size=32, epochs=3, "
      "workers=2, opt='sgd', lr=0.05, momentum=0.9, weight_decay=0.0001, print_freq=10, output_dir='.')")
print("Loading data")
print("Creating data loaders")
print("Creating model")
print("Start training")
sys.stdout.flush()
t_train = time.time()
for epoch in range(EPOCHS):
    EPOCH = epoch
    loader = DataLoader(data, batch_size=BATCH, shuffle=True, num_workers=2,
                        generator=torch.Generator().manual_seed(epoch))
    n = len(loader)
    t_epoch = end = time.time()
    for i, (x, y) in enumerate(loader):
        data_time = time.time() - end
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        batch_time = time.time() - end
        if i % PRINT_FREQ == 0:
            top5 = logits.topk(5, 1).indices
            acc1 = 100.0 * (top5[:, 0] == y).float().mean().item()
            acc5 = 100.0 * (top5 == y[:, None]).any(1).float().mean().item()
            eta = datetime.timedelta(seconds=int(batch_time * (n - i)))
            print(f"Epoch: [{epoch}]  [{i:3d}/{n}]  eta: {eta}  lr: {LR}  img/s: {BATCH / batch_time:.2f}  "
                  f"loss: {loss.item():.4f}  acc1: {acc1:.4f}  acc5: {acc5:.4f}  "
                  f"time: {batch_time:.4f}  data: {data_time:.4f}", flush=True)
        end = time.time()
    print(f"Epoch: [{epoch}] Total time: {datetime.timedelta(seconds=int(time.time() - t_epoch))}", flush=True)
