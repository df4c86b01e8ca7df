"""dist_not_initialized: a classifier trained by a script adapted from the
PyTorch ImageNet example (pytorch/examples imagenet/main.py), written for
torchrun: it calls init_process_group and wraps the model in DDP only when
WORLD_SIZE > 1. Started with plain `python train.py`, it trains epoch 0 in one
process without complaint; at the end of the epoch validate() sums the
correct predictions over the ranks with dist.all_reduce, a call the author did
not guard with args.distributed, and the run fails with "Default process group
has not been initialized". Printed as the example's ProgressMeter prints
("Epoch: [0][ 10/125] ...").

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import os
import sys
import time
from types import SimpleNamespace

import torch
import torch.distributed as dist
from torch.nn import functional as F

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import toy_classifier  # noqa: E402

sys.stdout.reconfigure(line_buffering=True)  # keep the prints in order with the traceback on stderr


class AverageMeter:
    def __init__(self, name, fmt):
        self.name, self.fmt = name, fmt
        self.val = self.avg = self.sum = self.count = 0

    def update(self, val, n=1):
        self.val, self.sum, self.count = val, self.sum + val * n, self.count + n
        self.avg = self.sum / self.count

    def __str__(self):
        return ("{name} {val" + self.fmt + "} ({avg" + self.fmt + "})").format(**self.__dict__)


class ProgressMeter:
    def __init__(self, num_batches, meters, prefix=""):
        width = len(str(num_batches))
        self.batch_fmtstr = "[{:" + str(width) + "d}/" + str(num_batches) + "]"
        self.meters, self.prefix = meters, prefix

    def display(self, batch):
        print("\t".join([self.prefix + self.batch_fmtstr.format(batch)] + [str(m) for m in self.meters]))


def accuracy(output, target, topk=(1,)):
    pred = output.topk(max(topk), 1).indices.t()
    correct = pred.eq(target.view(1, -1))
    return [correct[:k].reshape(-1).float().sum() * 100.0 / target.size(0) for k in topk]


def train(x, y, model, optimizer, epoch, args):
    n_batches = len(x) // args.batch_size
    batch_time, data_time = AverageMeter("Time", ":6.3f"), AverageMeter("Data", ":6.3f")
    losses, top1, top5 = AverageMeter("Loss", ":.4e"), AverageMeter("Acc@1", ":6.2f"), AverageMeter("Acc@5", ":6.2f")
    progress = ProgressMeter(n_batches, [batch_time, data_time, losses, top1, top5], prefix=f"Epoch: [{epoch}]")
    model.train()
    perm = torch.randperm(len(x))
    end = time.time()
    for i in range(n_batches):
        idx = perm[i * args.batch_size:(i + 1) * args.batch_size]
        images, target = x[idx], y[idx]
        data_time.update(time.time() - end)
        output = model(images)
        loss = F.cross_entropy(output, target)
        acc1, acc5 = accuracy(output, target, topk=(1, 5))
        losses.update(loss.item(), images.size(0))
        top1.update(acc1.item(), images.size(0))
        top5.update(acc5.item(), images.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        batch_time.update(time.time() - end)
        end = time.time()
        if i % args.print_freq == 0:
            progress.display(i + 1)


def validate(x, y, model, args):
    n_batches = len(x) // args.batch_size
    batch_time = AverageMeter("Time", ":6.3f")
    losses, top1, top5 = AverageMeter("Loss", ":.4e"), AverageMeter("Acc@1", ":6.2f"), AverageMeter("Acc@5", ":6.2f")
    progress = ProgressMeter(n_batches, [batch_time, losses, top1, top5], prefix="Test: ")
    model.eval()
    correct = torch.zeros(2)
    with torch.no_grad():
        end = time.time()
        for i in range(n_batches):
            images = x[i * args.batch_size:(i + 1) * args.batch_size]
            target = y[i * args.batch_size:(i + 1) * args.batch_size]
            output = model(images)
            loss = F.cross_entropy(output, target)
            acc1, acc5 = accuracy(output, target, topk=(1, 5))
            losses.update(loss.item(), images.size(0))
            top1.update(acc1.item(), images.size(0))
            top5.update(acc5.item(), images.size(0))
            correct += torch.stack([acc1, acc5]) * images.size(0) / 100
            batch_time.update(time.time() - end)
            end = time.time()
            if i % args.print_freq == 0:
                progress.display(i + 1)
    # BUG: the ranks' counts are summed unconditionally; the example guards this with `if args.distributed:`
    dist.all_reduce(correct, dist.ReduceOp.SUM)
    total = torch.tensor([float(len(x))])
    dist.all_reduce(total, dist.ReduceOp.SUM)
    acc1, acc5 = (correct / total * 100).tolist()
    print(f" *   Acc@1 {acc1:.3f} Acc@5 {acc5:.3f}")
    return acc1


def main():
    args = SimpleNamespace(epochs=30, batch_size=64, lr=1e-3, print_freq=5,
                           distributed=int(os.environ.get("WORLD_SIZE", "1")) > 1)
    if args.distributed:
        dist.init_process_group(backend="nccl")
    prototypes = toy_classifier.seed(0)
    g = torch.Generator().manual_seed(1)
    x_train, y_train = toy_classifier.make(prototypes, 8000, g, noise=0.1)
    x_val, y_val = toy_classifier.make(prototypes, 2000, g, noise=0.1)
    model = toy_classifier.mlp(256, 0.1)
    if args.distributed:
        model = torch.nn.parallel.DistributedDataParallel(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    print(f"=> training a 3-layer MLP on {len(x_train)} samples, {toy_classifier.CLASSES} classes "
          f"(distributed: {args.distributed})")
    for epoch in range(args.epochs):
        train(x_train, y_train, model, optimizer, epoch, args)
        validate(x_val, y_val, model, args)


if __name__ == "__main__":
    main()
