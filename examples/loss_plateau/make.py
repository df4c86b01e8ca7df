"""loss_plateau: an MLP classifier (10 classes of noisy 64-feature prototypes,
as in the overfitting example) trained with Adam at a learning rate of 1e-6,
a thousand times lower than this model needs. Each step moves the weights too
little: over 8 epochs the training loss stays where it started, and so does
the validation loss. Written the way MLflow's file store keeps a run
(mlflow.log_metric / log_param into mlruns/<experiment>/<run>/), with
wall-clock timestamps in milliseconds.

Regenerate:  /usr/bin/python3 make.py      (rewrites mlruns/ next to this file)
"""
import os
import shutil
import time

import torch
from torch import nn
from torch.nn import functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "mlruns", "1", "3f6c2a9d8e7b4c1f9a0d5e2b7c8f1a64")
shutil.rmtree(os.path.join(HERE, "mlruns"), ignore_errors=True)
os.makedirs(os.path.join(RUN, "metrics"))
os.makedirs(os.path.join(RUN, "params"))
files = {}


def log_metric(key, value, step):  # mlflow.log_metric with the file store
    if key not in files:
        files[key] = open(os.path.join(RUN, "metrics", key), "w")
    files[key].write(f"{int(time.time() * 1000)} {value} {step}\n")


def log_param(key, value):
    with open(os.path.join(RUN, "params", key), "w") as f:
        f.write(str(value))


torch.manual_seed(0)
LR, EPOCHS, BATCH, LOG_EVERY = 1e-6, 8, 64, 20
prototypes = torch.randn(10, 64)
g = torch.Generator().manual_seed(1)
y_all = torch.randint(10, (6000,), generator=g)
x_all = prototypes[y_all] * 0.35 + torch.randn(6000, 64, generator=g)
x_train, y_train, x_val, y_val = x_all[:5000], y_all[:5000], x_all[5000:], y_all[5000:]
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 10))
opt = torch.optim.Adam(model.parameters(), lr=LR)
for k, v in {"lr": LR, "epochs": EPOCHS, "batch_size": BATCH, "optimizer": "Adam", "hidden": 128}.items():
    log_param(k, v)
start = int(time.time() * 1000)
step = 0
for epoch in range(EPOCHS):
    perm = torch.randperm(len(x_train))
    for b in range(len(x_train) // BATCH):
        idx = perm[b * BATCH:(b + 1) * BATCH]
        loss = F.cross_entropy(model(x_train[idx]), y_train[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % LOG_EVERY == 0:
            log_metric("loss", loss.item(), step)
    with torch.no_grad():
        logits = model(x_val)
        log_metric("val_loss", F.cross_entropy(logits, y_val).item(), step)
        log_metric("val_accuracy", (logits.argmax(1) == y_val).float().mean().item(), step)
for f in files.values():
    f.close()
with open(os.path.join(RUN, "meta.yaml"), "w") as f:
    f.write(f"""artifact_uri: file:///home/ml/project/mlruns/1/{os.path.basename(RUN)}/artifacts
end_time: {int(time.time() * 1000)}
entry_point_name: ''
experiment_id: '1'
lifecycle_stage: active
run_id: {os.path.basename(RUN)}
run_name: mlp-adam-lr1e-6
run_uuid: {os.path.basename(RUN)}
source_name: ''
source_type: 4
source_version: ''
start_time: {start}
status: 3
tags: []
user_id: ml
""")
