"""The epoch loop of the segmentation examples (segmentation_no_overlap,
classes_not_learned): a pass over the training images in order, then the
loss on the validation images. Each example's make.py draws its images,
builds its network and prints its log."""
import torch


def train_epoch(model, opt, x, y, batch, loss_fn):
    """One pass over (x, y) in batches: the mean loss."""
    model.train()
    total = 0.0
    for i in range(0, len(x), batch):
        loss = loss_fn(model(x[i:i + batch]), y[i:i + batch])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * batch
    return total / len(x)


def evaluate(model, x, y, loss_fn):
    """The network's output on (x, y) and its loss."""
    model.eval()
    with torch.no_grad():
        out = model(x)
        return out, loss_fn(out, y).item()
