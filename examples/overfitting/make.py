"""overfitting: a wide two-layer MLP trained for 60 epochs on only 300
labelled samples of a 10-class problem (noisy class prototypes, 8% wrong
labels), with no dropout or weight decay and a 2000-sample validation split.
The training loss heads for 0 as the model memorises the training set; the
validation loss bottoms out after a few epochs and then climbs. Printed the
way tf.keras model.fit(..., validation_data=...) prints with verbose=1.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_classifier import keras_fit, make, mlp, seed  # noqa: E402

SEED, N_TRAIN, EPOCHS, BATCH, HIDDEN, DROPOUT, WEIGHT_DECAY = 0, 300, 60, 32, 256, 0.0, 0.0
# Ten classes of 64-feature vectors: noisy prototypes, 8% of the labels wrong.
prototypes = seed(SEED)
g = torch.Generator().manual_seed(1)
train = make(prototypes, N_TRAIN, g, 0.08)
val = make(prototypes, 2000, g, 0.08)
model = mlp(HIDDEN, DROPOUT)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=WEIGHT_DECAY)
keras_fit(model, opt, train, val, EPOCHS, BATCH)
