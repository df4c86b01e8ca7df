"""rank_divergence: data-parallel training on two CPU processes (torch.distributed,
gloo backend, gradients averaged with all_reduce as DDP does). The dataset
file is sorted by source: a curated half first, then a web-scraped half with
40% wrong labels, and each rank takes its part with contiguous sharding
(dataset.shard(num_shards=2, index=rank, contiguous=True) in HF datasets), so
rank 0 trains on the curated half only and rank 1 on the noisy half only.
The shared model fits the curated data, and the two ranks' losses drift far
apart. Each process prints its own loss; the lines carry torchrun's
"[defaultN]:" prefix (torchrun --tee 3).

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1
"""
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn
from torch.nn import functional as F
from torch.utils.data import DataLoader, Subset, TensorDataset

WORLD, EPOCHS, BATCH, LR = 2, 3, 32, 2e-3


def dataset():
    g = torch.Generator().manual_seed(1)
    prototypes = torch.randn(10, 64, generator=g)
    y = torch.randint(10, (8000,), generator=g)
    x = prototypes[y] * 0.5 + torch.randn(8000, 64, generator=g)
    noisy = torch.arange(8000) >= 4000                       # the web-scraped half, stored second
    flip = noisy & (torch.rand(8000, generator=g) < 0.4)
    y = torch.where(flip, torch.randint(10, (8000,), generator=g), y)
    return TensorDataset(x, y)


def worker(rank):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", "29512"
    dist.init_process_group("gloo", rank=rank, world_size=WORLD)
    torch.manual_seed(0)  # same initial weights on every rank
    model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    ds = dataset()
    shard = len(ds) // WORLD
    ds = Subset(ds, range(rank * shard, (rank + 1) * shard))  # BUG: contiguous shards of a sorted file
    loader = DataLoader(ds, batch_size=BATCH, shuffle=True, generator=torch.Generator().manual_seed(rank))
    p = f"[default{rank}]:"
    if rank == 0:
        print(f"{p}world_size={WORLD} backend=gloo batch_size_per_rank={BATCH} lr={LR}", flush=True)
    step = 0
    for epoch in range(EPOCHS):
        perm_loader = list(loader)
        g = torch.Generator().manual_seed(epoch)  # same order on both ranks
        for b in torch.randperm(len(perm_loader), generator=g).tolist():
            x, y = perm_loader[b]
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            for prm in model.parameters():  # what DDP's reducer does
                dist.all_reduce(prm.grad)
                prm.grad /= WORLD
            opt.step()
            step += 1
            if step % 10 == 0:
                print(f"{p}epoch {epoch} step {step} loss {loss.item():.4f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    mp.spawn(worker, nprocs=WORLD)
