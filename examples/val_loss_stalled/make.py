"""val_loss_stalled: an MLP trained for 80 epochs on 1500 samples of a
10-class problem (10% of the labels wrong) with dropout 0.5 and weight decay
0.3, validated on 2000 more. Validation loss stops improving around epoch
30 and holds within 1% of its best while the training loss keeps falling by
a third: the regularisation keeps it from turning up (overfitting), and the
last half of the run buys nothing the validation set measures. The script
records each epoch with tf.keras' CSVLogger layout (float32 values printed
as Python floats).

Regenerate:  /usr/bin/python3 make.py > history.csv
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_classifier import evaluate, make, mlp, seed, train_epoch  # noqa: E402

torch.set_num_threads(1)
N_TRAIN, NOISE, EPOCHS, BATCH, HIDDEN, DROPOUT, WEIGHT_DECAY, LR = 1500, 0.1, 80, 32, 128, 0.5, 0.3, 2e-4
prototypes = seed(0)
g = torch.Generator().manual_seed(1)
x_train, y_train = make(prototypes, N_TRAIN, g, NOISE)
val = make(prototypes, 2000, g, NOISE)
model = mlp(HIDDEN, DROPOUT)
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)


def f32(v):
    """A value as Keras logs it: a float32, printed as a Python float."""
    return repr(torch.tensor(v, dtype=torch.float32).item())


print("epoch,accuracy,loss,val_accuracy,val_loss")
for epoch in range(EPOCHS):
    loss, acc = train_epoch(model, opt, x_train, y_train, BATCH)
    val_loss, val_acc = evaluate(model, *val)
    print(f"{epoch},{f32(acc)},{f32(loss)},{f32(val_acc)},{f32(val_loss)}")
