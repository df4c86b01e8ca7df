"""run_truncated: a small character-level GPT trained for a planned 500 steps
and printed in the format of the modded-nanogpt speedrun logs
("step:N/T train_loss:X train_time:Tms step_avg:Ams", val_loss every 100
steps; train_time starts after 10 warm-up steps, so step_avg is "nan" before).
Partway through, the training process is killed with SIGKILL, as the kernel's
OOM killer or a scheduler kills a job: SIGKILL cannot be caught, so the log
just stops, with no traceback and no message. Here a parent process (this same
script) delivers the SIGKILL after step 310 has been printed.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import signal
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from toy_gpt import get_batch, GPT, make_corpus  # noqa: E402


def train():
    torch.manual_seed(0)
    text = make_corpus(6000, seed=5)
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    data = torch.tensor([stoi[c] for c in text])
    n = int(0.95 * len(data))
    train_data, val_data = data[:n], data[n:]
    STEPS, WARMUP, PEAK_LR, BATCH, BLOCK, VAL_EVERY = 500, 25, 3e-3, 8, 32, 100
    model = GPT(len(chars), block_size=BLOCK)
    opt = torch.optim.AdamW(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.95), weight_decay=0.0)
    gen, val_gen = torch.Generator().manual_seed(1), torch.Generator()
    training_time_ms, t0 = 0.0, time.time()
    for step in range(STEPS + 1):
        if step == 10:  # the clock starts after the warm-up steps
            training_time_ms, t0 = 0.0, time.time()
        timed_steps = float("nan") if step <= 11 else step - 10
        if step % VAL_EVERY == 0 or step == STEPS:
            training_time_ms += 1000 * (time.time() - t0)
            model.eval()
            val_gen.manual_seed(3)
            with torch.no_grad():
                v = sum(model(*get_batch(val_data, BATCH, BLOCK, val_gen))[1].item() for _ in range(8)) / 8
            model.train()
            print(f"step:{step}/{STEPS} val_loss:{v:.4f} train_time:{training_time_ms:.0f}ms "
                  f"step_avg:{training_time_ms / (timed_steps - 1):.2f}ms", flush=True)
            t0 = time.time()
        if step == STEPS:
            break
        lr = PEAK_LR * min(1.0, (step + 1) / WARMUP, (STEPS - step) / (0.3 * STEPS))  # trapezoid schedule
        for g in opt.param_groups:
            g["lr"] = lr
        _, loss = model(*get_batch(train_data, BATCH, BLOCK, gen))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        approx_ms = training_time_ms + 1000 * (time.time() - t0)
        print(f"step:{step + 1}/{STEPS} train_loss:{loss.item():.4f} train_time:{approx_ms:.0f}ms "
              f"step_avg:{approx_ms / timed_steps:.2f}ms", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        train()
    else:
        child = subprocess.Popen([sys.executable, __file__, "--child"], stdout=subprocess.PIPE, text=True)
        for line in child.stdout:
            sys.stdout.write(line)
            if line.startswith("step:310/"):
                child.send_signal(signal.SIGKILL)  # the OOM killer / the scheduler
                break
        child.wait()
        sys.stdout.flush()
