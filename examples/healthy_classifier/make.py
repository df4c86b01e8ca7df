"""healthy_classifier: the 10-class problem of the overfitting example (noisy
class prototypes, 8% wrong labels) with 20000 training samples, dropout 0.2 and
weight decay, trained for 15 epochs with a 2000-sample validation split. Both
losses fall and level off together; validation accuracy tracks training
accuracy. Printed the way tf.keras model.fit(..., validation_data=...) prints
with verbose=1.

Regenerate:  /usr/bin/python3 make.py > train.log
(An argument sets the number of epochs; insufficient_data runs this with 3.)
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_classifier import keras_fit, make, mlp, seed  # noqa: E402

SEED, N_TRAIN, BATCH, HIDDEN, DROPOUT, WEIGHT_DECAY = 0, 20000, 128, 64, 0.2, 0.05
EPOCHS = int(sys.argv[1]) if len(sys.argv) > 1 else 15
# Ten classes of 64-feature vectors: noisy prototypes, 8% of the labels wrong.
prototypes = seed(SEED)
g = torch.Generator().manual_seed(1)
train = make(prototypes, N_TRAIN, g, 0.08)
val = make(prototypes, 2000, g, 0.08)
model = mlp(HIDDEN, DROPOUT)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=WEIGHT_DECAY)
keras_fit(model, opt, train, val, EPOCHS, BATCH)
