#!/usr/bin/env python3
"""Generate the near-miss logs under tests/near_miss/<rule>/.

Each near miss is a healthy run that shares surface features with the
symptom of <rule> (a "nan" in a config line, a caught OOM, a slow step)
without being that problem: <rule> must not report it at warning or above.
The logs imitate what the frameworks print (HF Trainer, TRL, Megatron,
DeepSpeed, Lightning, Keras, nanoGPT, fairseq, mmdetection, detectron2,
Slurm); noise is seeded, so the output is reproducible.

    python3 tests/near_miss/make.py          # rewrite every file
"""
import json
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = {}


def near_miss(rule, name):
    def wrap(fn):
        FILES[(rule, name)] = fn
        return fn
    return wrap


def note(*lines):
    return "".join("# " + s + "\n" for s in lines)


def cosine(step, total, peak, warmup, floor=0.0):
    if step < warmup:
        return peak * (step + 1) / warmup
    t = (step - warmup) / max(1, total - warmup)
    return floor + (peak - floor) * 0.5 * (1 + math.cos(math.pi * min(t, 1.0)))


def linear(step, total, peak, warmup):
    if step < warmup:
        return peak * (step + 1) / warmup
    return peak * max(0.0, (total - step) / max(1, total - warmup))


def hf(d):
    """An HF Trainer log dict as print() shows it."""
    parts = []
    for k, v in d.items():
        if isinstance(v, str):
            parts.append("'%s': '%s'" % (k, v))
        elif isinstance(v, float) and math.isnan(v):
            parts.append("'%s': nan" % k)
        elif isinstance(v, float) and math.isinf(v):
            parts.append("'%s': %s" % (k, "inf" if v > 0 else "-inf"))
        else:
            parts.append("'%s': %r" % (k, v))
    return "{" + ", ".join(parts) + "}"


def bar(i, n, elapsed_s, rate_s_per_it, desc=""):
    pct = int(100 * i / n)
    fill = int(10 * i / n)
    b = "\u2588" * fill + " " * (10 - fill)
    rem = (n - i) * rate_s_per_it

    def hms(s):
        s = int(s)
        return "%d:%02d:%02d" % (s // 3600, s % 3600 // 60, s % 60) if s >= 3600 else "%02d:%02d" % (s // 60, s % 60)
    if rate_s_per_it >= 1:
        rate = "%.2fs/it" % rate_s_per_it
    else:
        rate = "%.2fit/s" % (1 / rate_s_per_it)
    return "%s%3d%%|%s| %d/%d [%s<%s, %s]" % (desc, pct, b, i, n, hms(elapsed_s), hms(rem), rate)



def hf_finish(runtime, samples_per_s, steps_per_s, train_loss, epoch):
    """The Trainer's lines when training ends: its banner and summary dict."""
    return ["", "", "Training completed. Do not forget to share your model on huggingface.co/models =)", "", "",
            hf({"train_runtime": runtime, "train_samples_per_second": samples_per_s,
                "train_steps_per_second": steps_per_s, "train_loss": train_loss, "epoch": epoch})]


def trainer_banner(examples, epochs, batch, steps, accumulation=None, total_batch=None):
    """The Trainer's banner before training, its figures as printed ("9,846")."""
    lines = ["***** Running training *****", "  Num examples = %s" % examples, "  Num Epochs = %s" % epochs,
             "  Instantaneous batch size per device = %s" % batch]
    if total_batch is not None:
        lines.append("  Total train batch size (w. parallel, distributed & accumulation) = %s" % total_batch)
    if accumulation is not None:
        lines.append("  Gradient Accumulation steps = %s" % accumulation)
    lines.append("  Total optimization steps = %s" % steps)
    return lines

def ts(t0, secs, fmt="%Y-%m-%d %H:%M:%S"):
    import datetime
    return (datetime.datetime(*t0) + datetime.timedelta(seconds=secs)).strftime(fmt)


def hf_args_dump(overrides):
    """The TrainingArguments repr HF example scripts log at start."""
    base = {
        "_n_gpu": 1, "adafactor": False, "adam_beta1": 0.9, "adam_beta2": 0.999,
        "adam_epsilon": 1e-08, "auto_find_batch_size": False, "bf16": True,
        "ddp_timeout": 1800, "disable_tqdm": False, "eval_strategy": "steps",
        "fp16": False, "gradient_accumulation_steps": 4,
        "gradient_checkpointing": True, "label_smoothing_factor": 0.0,
        "learning_rate": 2e-05, "log_level": "passive", "log_level_replica": "warning",
        "logging_first_step": False, "logging_nan_inf_filter": True,
        "logging_steps": 10, "lr_scheduler_type": "cosine", "max_grad_norm": 1.0,
        "max_steps": -1, "num_train_epochs": 3.0, "optim": "adamw_torch",
        "output_dir": "out", "per_device_eval_batch_size": 8,
        "per_device_train_batch_size": 4, "report_to": ["tensorboard"],
        "save_steps": 500, "save_total_limit": 2, "seed": 42,
        "warmup_ratio": 0.03, "weight_decay": 0.0,
    }
    base.update(overrides)
    out = ["TrainingArguments("]
    for k in sorted(base):
        v = base[k]
        out.append("%s=%s," % (k, v))
    out.append(")")
    return "\n".join(out) + "\n"


def allennlp_epochs(r, caught_query, tb_warnings, epochs=6):
    """AllenNLP's trainer over several epochs, each closed by its table of
    training and validation figures; at each epoch's start a failing
    nvidia-smi query it logs with its traceback and goes on from, and
    tensorboardX's warnings of a NaN in a value it was given."""
    out = []
    loss, vloss, acc = 0.69, 0.66, 0.55
    t0 = (2023, 3, 14, 10, 0, 0)
    for ep in range(1, epochs + 1):
        at = (ep - 1) * 300
        stamp = lambda secs: ts(t0, at + secs) + ",%03d" % r.randint(100, 999)
        out.append("%s - INFO - allennlp.training.trainer - Epoch %d/%d" % (stamp(1), ep, epochs))
        out.append("%s - INFO - allennlp.training.trainer - Peak CPU memory usage MB: %.3f" % (stamp(1), 5800 + ep * 37.125))
        if caught_query:
            out.append("%s - ERROR - allennlp.common.util - unable to check gpu_memory_mb(), continuing" % stamp(2))
            out += ["Traceback (most recent call last):",
                    '  File "/usr/lib/python3/site-packages/allennlp/common/util.py", line 376, in gpu_memory_mb',
                    "    result = subprocess.check_output(['nvidia-smi', '--query-gpu=memory.used',",
                    '  File "/usr/lib/python3.8/subprocess.py", line 516, in run',
                    "    raise CalledProcessError(retcode, process.args,",
                    "subprocess.CalledProcessError: Command '['nvidia-smi', '--query-gpu=memory.used', "
                    "'--format=csv,nounits,noheader']' returned non-zero exit status 9."]
        out.append("%s - INFO - allennlp.training.trainer - Training" % stamp(3))
        if tb_warnings:
            for k in range(3):
                out.append("%s - WARNING - tensorboardX.x2num - NaN or Inf found in input tensor." % stamp(60 + 60 * k))
        loss *= 0.86 + r.gauss(0, 0.01)
        vloss *= 0.92 + r.gauss(0, 0.01)
        acc = min(0.95, acc + 0.06)
        w = "%s - INFO - allennlp.training.tensorboard_writer - " % stamp(290)
        out.append(w + "                  Training |  Validation")
        out.append(w + "loss          |     %.3f  |     %.3f" % (loss, vloss))
        out.append(w + "accuracy      |     %.3f  |     %.3f" % (acc, acc - 0.04))
        out.append(w + "precision     |     %.3f  |     %.3f" % (acc + 0.01, acc - 0.03))
        out.append(w + "recall        |     %.3f  |     %.3f" % (acc - 0.01, acc - 0.05))
        out.append("%s - INFO - allennlp.training.checkpointer - Best validation performance so far. "
                   "Copying weights to 'out/best.th'." % stamp(291))
        out.append("%s - INFO - allennlp.training.trainer - Epoch duration: 0:04:51.%06d" % (stamp(291), r.randint(0, 999999)))
    out.append("%s - INFO - allennlp.training.checkpointer - loading best weights" % ts(t0, epochs * 300))
    return out


# --------------------------------------------------------------------------
# numerical


@near_miss("nan_loss", "nan_guard_skipped_one_batch.log")
def _(r):
    out = [note("A trainer whose guard drops a batch with a non-finite loss and trains on: once in",
                "3000 steps it says so, and every loss it logs, before and after, is finite and falling.",
                "The weights never took the NaN in.")]
    for s in range(100, 3001, 100):
        out.append("step %d | loss %.4f | lr 3.0e-04 | grad_norm %.3f" % (s, 2.2 * math.exp(-s / 900) + 1.1 + r.gauss(0, 0.01),
                                                                      0.8 + abs(r.gauss(0, 0.05))))
        if s == 1200:
            out.append("[rank0] Skipping step 1251 due to NaN loss (1 so far)")
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "ocr_valid_loss_only_metric_nan.log")
def _(r):
    out = [note("A text recogniser's log that prints only its evaluations: the validation loss",
                "falls and stays finite; one evaluation's edit distance is nan (no word in that",
                "sample set). The model did not go NaN; a metric's average over nothing did.")]
    loss = 3.9
    for k in range(1, 13):
        loss = loss * 0.86 + r.gauss(0, 0.01)
        ed = "nan" if k == 7 else "%.2f" % (900000 / k)
        out.append("[%d/300000] valid loss: %.5f accuracy: %.3f, norm_ED: %s" % (2000 * k, loss, min(80.0, 7.0 * k), ed))
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "detectron2_nan_then_relaunch.log")
def _(r):
    out = [note("detectron2 stopped on a NaN at iteration 305 (FloatingPointError), and the",
                "job was relaunched from scratch with a lower rate into the same file: the",
                "last run, which the report judges, is healthy to its end.")]
    for it in range(19, 320, 20):
        out.append("[03/01 10:%02d:00 d2.utils.events]:  iter: %d  total_loss: %.3f  lr: 0.02" % (it // 20, it, 3.2 * (0.995 ** it) + r.gauss(0, 0.02)))
    out += ["Traceback (most recent call last):",
            '  File "tools/train_net.py", line 88, in <module>',
            "FloatingPointError: Loss became infinite or NaN at iteration=305!",
            "[03/01 11:00:00 d2.engine.train_loop]: Starting training from iteration 0"]
    for it in range(19, 2000, 20):
        out.append("[03/01 12:%02d:00 d2.utils.events]:  iter: %d  total_loss: %.3f  lr: 0.002" % (it // 40, it, 1.1 + 2.1 * (0.997 ** it) + r.gauss(0, 0.02)))
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "megatron_nan_check_enabled.log")
def _(r):
    out = [note("Megatron-LM GPT pre-training with --check-for-nan-in-loss-and-grad on: the",
                "arguments dump and every iteration line mention NaN, but no iteration was NaN",
                "(number of nan iterations stays 0) and the loss falls normally.")]
    out.append("using world size: 8, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 1, pipeline-model-parallel size: 1")
    out.append("------------------------ arguments ------------------------")
    args = [("accumulate_allreduce_grads_in_fp32", "False"), ("bf16", "True"),
            ("check_for_nan_in_loss_and_grad", "True"), ("check_for_spiky_loss", "False"),
            ("clip_grad", "1.0"), ("eval_interval", "1000"), ("eval_iters", "10"),
            ("global_batch_size", "256"), ("hidden_size", "1024"), ("init_method_std", "0.02"),
            ("log_interval", "10"), ("lr", "0.0003"), ("lr_decay_style", "cosine"),
            ("lr_warmup_iters", "200"), ("micro_batch_size", "4"), ("min_lr", "3e-05"),
            ("num_attention_heads", "16"), ("num_layers", "24"), ("seq_length", "2048"),
            ("train_iters", "3000"), ("weight_decay", "0.1")]
    for k, v in args:
        out.append("  %s %s %s" % (k, "." * (48 - len(k)), v))
    out.append("-------------------- end of arguments ---------------------")
    out.append("> building GPT2BPETokenizer tokenizer ...")
    out.append(" > padded vocab (size: 50257) with 47 dummy tokens (new size: 50304)")
    out.append("[after dataloaders are built] datetime: 2024-06-11 09:14:02 ")
    out.append("done with setup ...")
    out.append("training ...")
    loss = 10.9
    total = 3000
    for it in range(10, total + 1, 10):
        lr = cosine(it, total, 3e-4, 200, 3e-5)
        target = 2.85 + 8.0 * math.exp(-it / 180.0) + 0.9 * math.exp(-it / 1500.0)
        loss = target + r.gauss(0, 0.025)
        gn = 0.35 + 2.5 * math.exp(-it / 120.0) + abs(r.gauss(0, 0.04))
        ms = 812.0 + r.gauss(0, 6)
        out.append(" [2024-06-11 %s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
                   "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
                   "number of skipped iterations: %3d | number of nan iterations: %3d |"
                   % (ts((2024, 6, 11, 9, 14, 10), it * 0.81, "%H:%M:%S"), it, total, it * 256, ms, lr, 256, loss, gn, 0, 0))
        if it % 1000 == 0:
            vl = loss + 0.03 + r.gauss(0, 0.01)
            out.append("-" * 100)
            out.append(" validation loss at iteration %d | lm loss value: %.6E | lm loss PPL: %.6E | " % (it, vl, math.exp(vl)))
            out.append("-" * 100)
    out.append("[after training is done] datetime: 2024-06-11 09:55:01 ")
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "megatron_fp16_scale_search_skips_loss.log")
def _(r):
    out = [note("Megatron-LM in fp16 with log-interval 1: the dynamic loss scaler starts at 2^32",
                "and overflows until it finds a scale, so the first iteration lines count a",
                "skipped iteration and print no lm loss; later the grown scale overflows once",
                "more, on the last line. The loss is finite and falls throughout.")]
    out.append("training ...")
    scale = 2.0 ** 32
    total = 400
    for it in range(1, total + 1):
        skipped = it <= 6 or it == total
        if skipped:
            scale /= 2
        fields = [" iteration %8d/%8d" % (it, total), " consumed samples: %12d" % (it * 64),
                  " elapsed time per iteration (ms): %.1f" % (655.0 + r.gauss(0, 5)),
                  " learning rate: %.3E" % cosine(it, total, 1.5e-4, 40), " global batch size: %5d" % 64]
        if not skipped:
            loss = 3.1 + 7.6 * math.exp(-it / 70.0) + r.gauss(0, 0.04)
            fields.append(" lm loss: %.6E" % loss)
        fields += [" loss scale: %.1f" % scale, " number of skipped iterations: %3d" % (1 if skipped else 0),
                   " number of nan iterations: %3d" % 0]
        out.append("|".join(fields) + " |")
        if it % 100 == 0 and it < total and r.random() < 2:
            scale *= 2
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "tensorboardx_nan_in_other_value.log")
def _(r):
    out = [note("tensorboardX warns of a NaN or Inf in a value it was given, three times an epoch",
                "(a histogram, a metric with an empty denominator), while the losses the epoch tables",
                "print stay finite to the end of the run. The loss did not become NaN.")]
    return "\n".join(out + allennlp_epochs(r, caught_query=False, tb_warnings=True)) + "\n"


@near_miss("nan_loss", "opennmt_best_so_far_inf.log")
def _(r):
    out = [note("OpenNMT-py with early stopping: each validation says how the model compares",
                "with its best so far, which is inf (ppl) and -inf (acc) before the first one.",
                "Those are the scorer's starting bests, not a loss gone infinite.")]
    best_ppl, best_acc = "inf", "-inf"
    for step in range(50, 2001, 50):
        xent = 0.05 + 3.2 * math.exp(-step / 300.0) + abs(r.gauss(0, 0.02))
        out.append("[2024-05-08 04:%02d:%02d,463 INFO] Step %d/ 2000; acc: %.2f; ppl: %.2f; xent: %.2f; lr: 0.00100; "
                   "sents: 4096; bsz: 512/ 512/ 64; 21345/ 19866 tok/s; %d sec;"
                   % (step // 100, step % 60, step, min(99.0, 40 + step / 25.0), math.exp(xent), xent, step // 10))
        if step % 200 == 0:
            ppl = 1.05 + 4.4 * math.exp(-step / 400.0)
            acc = min(99.0, 45 + step / 30.0)
            out.append("[2024-05-08 04:%02d:%02d,463 INFO] validation at step %d" % (step // 100, step % 60, step))
            out.append("[2024-05-08 04:%02d:%02d,463 INFO] Validation perplexity: %.4f" % (step // 100, step % 60, ppl))
            out.append("[2024-05-08 04:%02d:%02d,463 INFO] Validation accuracy: %.4f" % (step // 100, step % 60, acc))
            out.append("[2024-05-08 04:%02d:%02d,463 INFO] Model is improving ppl: %s --> %.5f." % (step // 100, step % 60, best_ppl, ppl))
            out.append("[2024-05-08 04:%02d:%02d,463 INFO] Model is improving acc: %s --> %.4f." % (step // 100, step % 60, best_acc, acc))
            best_ppl, best_acc = "%.5f" % ppl, "%.4f" % acc
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "dbnet_current_best_placeholder.log")
def _(r):
    out = [note("DBNet's trainer prints the best model's record after each evaluation; before the",
                "first best it holds train_loss: inf. A placeholder, the run's own losses are finite.")]
    for epoch in range(1, 41):
        loss = 0.6 + 3 * math.exp(-epoch / 6.0) + abs(r.gauss(0, 0.05))
        out.append("2020-12-07 10:%02d:00,000 DBNet INFO: [%d/40], train_loss: %.4f, time: 120.3, lr: 0.001"
                   % (epoch % 60, epoch, loss))
        hmean = 0.0 if epoch < 3 else min(0.85, 0.3 + epoch / 60.0)
        out.append("2020-12-07 10:%02d:01,000 DBNet INFO: test: recall: %.6f, precision: %.6f, hmean: %.6f"
                   % (epoch % 60, hmean, hmean, hmean))
        out.append("2020-12-07 10:%02d:01,500 DBNet INFO: current best:recall: %.6f, precision: %.6f, hmean: %.6f, "
                   "train_loss: %s, best_model_epoch: %.6f, " % (epoch % 60, hmean, hmean, hmean,
                                                                  "inf" if epoch < 3 else "%.4f" % loss, epoch))
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "anomalib_patchcore_memory_bank_loss_nan.log")
def _(r):
    out = [note("anomalib 0.x PatchCore on MVTec: the model fits a memory bank of features, its",
                "training_step returns None, and Lightning's bar shows loss=nan throughout; the",
                "evaluation's pixel AUROC is 0.98. No loss to optimise, not a NaN model.")]
    out.append("  | Name                  | Type                     | Params")
    out.append("0 | model                 | PatchcoreModel           | 24.9 M")
    for i in range(1, 14):
        out.append("Epoch 0:  %d%%|          | %d/13 [00:%02d<00:%02d,  4.67s/it, loss=nan]"
                   % (i * 100 // 13, i, i * 4, (13 - i) * 4))
    out.append("Epoch 0: 100%%|##########| 13/13 [01:00<00:00,  4.67s/it, loss=nan, pixel_F1Score=%.3f, pixel_AUROC=%.3f]"
               % (0.548, 0.986))
    out.append("2022-11-16 11:53:53,628 - anomalib.utils.callbacks.timer - INFO - Training took 61.15 seconds")
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "hf_args_nan_filter_and_eval_placeholder.log")
def _(r):
    out = [note("HF Trainer fine-tune: TrainingArguments print logging_nan_inf_filter=True and",
                "torch prints a warning mentioning NaN checks; every loss is finite and falls.")]
    out.append("06/02/2024 14:02:11 - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: False, 16-bits training: False")
    out.append("06/02/2024 14:02:11 - INFO - __main__ - Training/evaluation parameters " + hf_args_dump({"logging_steps": 10}))
    out.append("06/02/2024 14:02:15 - INFO - datasets.builder - Using custom data configuration default")
    out.append("/usr/local/lib/python3.10/site-packages/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. In version 2.4 we will raise an exception if use_reentrant is not passed.")
    out += trainer_banner("12,000", "3", "4", "2,250", accumulation="4")
    total = 2250
    for s in range(10, total + 1, 10):
        lr = cosine(s, total, 2e-5, 68)
        loss = 0.95 + 0.75 * math.exp(-s / 250.0) - 0.08 * (s / total) + r.gauss(0, 0.035)
        gn = 0.55 + 0.9 * math.exp(-s / 200.0) + abs(r.gauss(0, 0.08))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(3 * s / total, 2)}))
        if s % 750 == 0:
            ev = 1.02 + 0.55 * math.exp(-s / 300.0) + r.gauss(0, 0.01)
            out.append(hf({"eval_loss": ev, "eval_runtime": 41.2 + r.random(), "eval_samples_per_second": 48.5,
                           "eval_steps_per_second": 6.07, "epoch": round(3 * s / total, 2)}))
    out.append(hf({"train_runtime": 5402.1, "train_samples_per_second": 6.664, "train_steps_per_second": 0.417,
                   "train_loss": 1.0412, "epoch": 3.0}))
    return "\n".join(out) + "\n"


@near_miss("grad_norm_nonfinite", "hf_fp16_scaler_warmup_inf.log")
def _(r):
    out = [note("HF Trainer fp16 fine-tune, logging_steps=5: the GradScaler starts at 65536 and",
                "skips the first overflowing steps, so the first two logged grad norms are inf/nan;",
                "from then on every norm is finite and the loss falls (the scaler found its level).")]
    out += trainer_banner("8,000", "2", "16", "1,000")
    total = 1000
    for s in range(5, total + 1, 5):
        lr = linear(s, total, 3e-5, 50)
        loss = 0.32 + 0.38 * math.exp(-s / 120.0) + r.gauss(0, 0.03)
        if s == 5:
            gn = float("inf")
        elif s == 10:
            gn = float("nan")
        else:
            gn = 2.1 + 4.0 * math.exp(-s / 90.0) + abs(r.gauss(0, 0.4))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(2 * s / total, 2)}))
    out.append(hf({"train_runtime": 1290.4, "train_samples_per_second": 12.4, "train_steps_per_second": 0.775,
                   "train_loss": 0.3721, "epoch": 2.0}))
    return "\n".join(out) + "\n"


@near_miss("grad_norm_nonfinite", "trl_dpo_fp16_scaler_start_then_rare_nan_trainer_state.json")
def _(r):
    # TRL's DPO in fp16, logging every step: the scaler searches for its scale at steps 1 and 2
    # (NaN norms), then skips two more overflowing steps, 18 and 74 of 80; the learning rate is
    # held at each skipped step (the scheduler steps only when the optimizer did), the loss falls
    # from ln 2 and the reward accuracy climbs.
    hist = []
    lr_step = 0
    for s in range(1, 81):
        skipped = s in (1, 2, 18, 74)
        lr = 5e-5 * min(1.0, (lr_step + 1) / 10.0) * (1 - lr_step / 80.0)
        if not skipped:
            lr_step += 1
        loss = 0.6931 if s == 1 else 0.18 + 0.5 * math.exp(-s / 20.0) + abs(r.gauss(0, 0.03))
        hist.append({"epoch": round(s / 80.0, 4), "grad_norm": float("nan") if skipped else round(15 + r.gauss(0, 4), 4),
                     "learning_rate": lr, "logits/chosen": round(-1.2 + r.gauss(0, 0.1), 4),
                     "logits/rejected": round(-1.3 + r.gauss(0, 0.1), 4), "logps/chosen": round(-310 + r.gauss(0, 20), 2),
                     "logps/rejected": round(-330 - s * 0.5 + r.gauss(0, 20), 2), "loss": round(loss, 4),
                     "rewards/accuracies": round(min(1.0, 0.5 + s / 100.0), 4),
                     "rewards/chosen": round(0.02 * s / 8 + r.gauss(0, 0.05), 4),
                     "rewards/margins": round(0.04 * s / 8 + r.gauss(0, 0.05), 4),
                     "rewards/rejected": round(-0.02 * s / 8 + r.gauss(0, 0.05), 4), "step": s})
    state = {"best_metric": None, "best_model_checkpoint": None, "epoch": 1.0, "eval_steps": 500, "global_step": 80,
             "is_hyper_param_search": False, "log_history": hist, "logging_steps": 1, "max_steps": 80,
             "num_train_epochs": 1, "save_steps": 500, "train_batch_size": 2}
    return json.dumps(state, indent=2, sort_keys=True).replace("NaN", "NaN") + "\n"


@near_miss("grad_norm_nonfinite", "hf_fp16_settled_one_inf_midrun.log")
def _(r):
    out = [note("A long HF fp16 fine-tune logged every 100 steps, its loss already low and still",
                "easing down; one log in the middle has an Inf gradient norm, a step the",
                "GradScaler skipped when its raised scale overflowed. Norms before and after are",
                "finite, the loss does not move.")]
    out += trainer_banner("120,000", "1", "8", "15,000")
    total = 15000
    for s in range(100, total + 1, 100):
        lr = linear(s, total, 5e-5, 0)
        loss = 0.115 - 0.02 * s / total + r.gauss(0, 0.004)
        gn = float("inf") if s == 6600 else 0.2 + abs(r.gauss(0, 0.08))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 8078.2, "train_samples_per_second": 14.9, "train_steps_per_second": 1.86,
                   "train_loss": 0.1071, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("grad_norm_nonfinite", "step0_gradnorm_placeholder.log")
def _(r):
    out = [note("Custom PyTorch loop that logs an initial evaluation at step 0, before any",
                "backward pass: grad_norm is printed as its nan placeholder there and is finite at",
                "every training step after it.")]
    out.append("2024-09-03 08:00:01,112 INFO model: 124.4M parameters")
    out.append("2024-09-03 08:00:04,870 INFO step 0 | loss 10.9871 | grad_norm nan | lr 0.00e+00 | tok/s 0")
    total = 5000
    for s in range(25, total + 1, 25):
        lr = cosine(s, total, 6e-4, 250, 6e-5)
        loss = 3.2 + 7.6 * math.exp(-s / 220.0) + 0.6 * math.exp(-s / 2000.0) + r.gauss(0, 0.04)
        gn = 0.28 + 1.2 * math.exp(-s / 150.0) + abs(r.gauss(0, 0.05))
        secs = 4.87 + s * 0.42
        out.append("2024-09-03 %s INFO step %d | loss %.4f | grad_norm %.4f | lr %.2e | tok/s %d"
                   % (ts((2024, 9, 3, 8, 0, 0), secs, "%H:%M:%S,000"), s, loss, gn, lr, int(1.25e6 + r.gauss(0, 8e3))))
    return "\n".join(out) + "\n"


@near_miss("nan_metrics", "hf_eval_on_start_spearman_nan.log")
def _(r):
    out = [note("HF regression fine-tune (STS-B) with eval_on_start=True: before training the",
                "fresh regression head predicts a constant, so Pearson/Spearman are undefined (nan,",
                "scipy warns); every later evaluation is finite and the correlation climbs to 0.88.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 5,749")
    out.append("  Num Epochs = 4")
    out.append("  Total optimization steps = 1,440")
    out.append("/usr/local/lib/python3.10/site-packages/scipy/stats/_stats_py.py:4781: ConstantInputWarning: An input array is constant; the correlation coefficient is not defined.")
    out.append("  warnings.warn(stats.ConstantInputWarning(msg))")
    out.append(hf({"eval_loss": 8.2143, "eval_pearson": float("nan"), "eval_spearmanr": float("nan"),
                   "eval_combined_score": float("nan"), "eval_runtime": 9.81, "eval_samples_per_second": 152.9,
                   "eval_steps_per_second": 19.1, "epoch": 0}))
    total = 1440
    for s in range(20, total + 1, 20):
        lr = linear(s, total, 2e-5, 86)
        loss = 0.45 + 6.5 * math.exp(-s / 60.0) + 0.5 * math.exp(-s / 600) + r.gauss(0, 0.06)
        gn = 9 + 30 * math.exp(-s / 150) + abs(r.gauss(0, 2))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(4 * s / total, 2)}))
        if s % 360 == 0:
            k = s // 360
            p = [0.842, 0.871, 0.879, 0.884][k - 1] + r.gauss(0, 0.002)
            out.append(hf({"eval_loss": round(0.62 - 0.04 * k + r.gauss(0, 0.01), 4), "eval_pearson": p,
                           "eval_spearmanr": p - 0.004, "eval_combined_score": p - 0.002, "eval_runtime": 9.7,
                           "eval_samples_per_second": 154.6, "eval_steps_per_second": 19.3, "epoch": float(k)}))
    out.append(hf({"train_runtime": 1021.2, "train_samples_per_second": 22.52, "train_steps_per_second": 1.41,
                   "train_loss": 0.8734, "epoch": 4.0}))
    return "\n".join(out) + "\n"


def grpo_lines(r, total, beta, nan_fn_every, loss_zero, every=5):
    out = []
    for s in range(every, total + 1, every):
        reward = 0.35 + 0.4 * (1 - math.exp(-s / 120.0)) + r.gauss(0, 0.06)
        acc = clamp01(reward * 0.8 + r.gauss(0, 0.05))
        fmt = min(1.0, 0.55 + 0.45 * (1 - math.exp(-s / 40.0)) + r.gauss(0, 0.03))
        kl = 0.0004 * s ** 0.9 * (1 + r.gauss(0, 0.08))
        if loss_zero:
            loss = 0.0
        else:
            loss = round(beta * kl, 4)
        d = {"loss": loss, "grad_norm": 0.18 + 0.1 * math.exp(-s / 60) + abs(r.gauss(0, 0.04)),
             "learning_rate": linear(s, total, 1e-6, 10),
             "num_tokens": float(s * 98304 + int(r.gauss(0, 900))),
             "completions/mean_length": 310 - 0.2 * s + r.gauss(0, 12),
             "completions/min_length": float(41 + r.randint(0, 20)),
             "completions/max_length": 1024.0 if r.random() < 0.3 else float(r.randint(700, 1000)),
             "completions/clipped_ratio": max(0.0, 0.06 - 0.0001 * s + r.gauss(0, 0.01)),
             "rewards/accuracy_reward/mean": acc,
             "rewards/accuracy_reward/std": 0.45 + r.gauss(0, 0.03),
             "rewards/format_reward/mean": fmt,
             "rewards/format_reward/std": 0.2 + r.gauss(0, 0.03)}
        if nan_fn_every and (s // every) % nan_fn_every == 0:
            d["rewards/code_reward/mean"] = float("nan")
            d["rewards/code_reward/std"] = float("nan")
        else:
            d["rewards/code_reward/mean"] = max(0.0, 0.2 + 0.3 * (1 - math.exp(-s / 150)) + r.gauss(0, 0.08))
            d["rewards/code_reward/std"] = 0.38 + r.gauss(0, 0.03)
        d["reward"] = reward
        d["reward_std"] = 0.31 + r.gauss(0, 0.03)
        d["frac_reward_zero_std"] = max(0.0, 0.12 + r.gauss(0, 0.05))
        if beta > 0:
            d["kl"] = kl
        d["clip_ratio/region_mean"] = 0.0
        d["epoch"] = round(s / total, 2)
        out.append(hf(d))
    return out


@near_miss("nan_metrics", "mxnet_epoch_metric_reset_nan.log")
def _(r):
    out = [note("An MXNet SSD script (Module.fit with a Speedometer every 20 batches) whose",
                "metric is reset by the batch callback just before the epoch ends, so the",
                "epoch's summary line prints Train-Acc=nan and Train-SmoothL1=nan for a set of",
                "no batches. Every batch and validation value is finite; the model is fine.")]
    out.append("Start training with (gpu(0)) from pretrained model model/ssd_300")
    acc, obj, l1 = 0.86, 0.60, 23.4
    for ep in range(4):
        for b in range(20, 220, 20):
            acc = min(0.97, acc + 0.002 + r.gauss(0, 0.002))
            obj = min(0.9, obj + 0.003 + r.gauss(0, 0.003))
            l1 = max(5.0, l1 - 0.12 + r.gauss(0, 0.3))
            speed = 20.2 + r.gauss(0, 0.3)
            for name, v in (("Acc", acc), ("ObjectAcc", obj), ("SmoothL1", l1)):
                out.append("Epoch[%d] Batch [%d]\tSpeed: %.2f samples/sec\tTrain-%s=%.6f" % (ep, b, speed, name, v))
        for name in ("Acc", "ObjectAcc", "SmoothL1"):
            out.append("Epoch[%d] Train-%s=nan" % (ep, name))
        out.append("Epoch[%d] Time cost=%.3f" % (ep, 211.4 + r.gauss(0, 2)))
        out.append("Saved checkpoint to \"model/ssd_300-%04d.params\"" % (ep + 1))
        out.append("Epoch[%d] Validation-Acc=%.6f" % (ep, acc - 0.03 + r.gauss(0, 0.004)))
        out.append("Epoch[%d] Validation-SmoothL1=%.6f" % (ep, l1 * 0.85 + r.gauss(0, 0.2)))
    return "\n".join(out) + "\n"


@near_miss("nan_metrics", "trl_grpo_reward_fn_returns_none.log")
def _(r):
    out = [note("TRL GRPO on a mixed math/code prompt set: the code reward function returns None",
                "for non-code prompts (documented TRL behaviour), so its per-function mean is nan on",
                "steps whose batch held no code prompt. Rewards rise, the run is healthy.")]
    out.append("INFO 05-14 10:22:31 [__init__.py:239] Automatically detected platform cuda.")
    out.append("GRPOConfig(beta=0.04, loss_type='grpo', num_generations=8, num_iterations=1, max_completion_length=1024, use_vllm=True)")
    out.append("***** Running training *****")
    out.append("  Num examples = 7,500")
    out.append("  Total optimization steps = 400")
    out += grpo_lines(r, 400, 0.04, 7, False)
    out.append(hf({"train_runtime": 30211.0, "train_samples_per_second": 0.106, "train_steps_per_second": 0.013,
                   "train_loss": 0.0006, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("nan_metrics", "swift_grpo_first_window_kl_nan.log")
def _(r):
    out = [note("ms-swift GRPO: the first logging window's KL and clip ratios are NaN (no",
                "completion token had been scored against the reference yet), then finite for",
                "the rest of the run; rewards rise. A window with nothing in it, not a NaN policy.")]
    for s in range(5, 301, 5):
        first = s == 5
        d = {"loss": round(0.04 * 0.0004 * s ** 0.9, 5), "grad_norm": 0.2 + abs(r.gauss(0, 0.04)),
             "reward": 0.35 + 0.4 * (1 - math.exp(-s / 120.0)) + r.gauss(0, 0.06),
             "kl": float("nan") if first else 0.0004 * s ** 0.9 * (1 + r.gauss(0, 0.08)),
             "clip_ratio/region_mean": float("nan") if first else max(0.0, r.gauss(0.002, 0.001)),
             "learning_rate": linear(s, 300, 1e-6, 10),
             "global_step/max_steps": "%d/300" % s}
        out.append(json.dumps(d).replace("NaN", "NaN"))
    return "\n".join(out) + "\n"


@near_miss("rl_reward_collapse", "lightning_dqn_running_mean_lucky_start.csv")
def _(r):
    rows = ["avg_reward,epoch,step,train_loss"]
    for e in range(50):
        step = 30 + e * 72
        if e < 2:
            reward = (-9.0, -4.2)[e]
        elif e < 6:
            reward = -4.2 - 15.5 * ((e - 1) / 4.0) + r.gauss(0, 0.5)
        elif e < 30:
            reward = -17.0 + 2.0 * math.sin(e / 4.0) + r.gauss(0, 0.4)
        else:
            reward = -17.2 + 7.0 * ((e - 30) / 19.0) ** 1.5 + r.gauss(0, 0.25)
        rows.append("%.4f,%d,%d," % (reward, e, step))
        rows.append(",%d,%d,%.4f" % (e, step + 19, 2.0 * math.exp(-e / 15.0) + 0.2 + abs(r.gauss(0, 0.1))))
    sidecar = ("Lightning's DQN example on Pong: avg_reward is a running mean over the episodes so far,\n"
               "so its first values rest on a few lucky episodes (-9, -4.2), then it falls to -19 as episodes\n"
               "accumulate, holds, and climbs back to -10 by the end: the agent is learning.\n")
    return "\n".join(rows) + "\n", sidecar


@near_miss("loss_unbounded_below", "reinforce_cartpole_loss_scales_with_return.log")
def _(r):
    out = [note("PyTorch's REINFORCE example on CartPole, printing its policy loss too: the loss",
                "is -sum(log p * return), so it grows in size with the returns as the agent learns",
                "(-8 at first, -900 once episodes last 500 steps). A reward is logged beside it.")]
    running = 10.0
    for ep in range(10, 1010, 10):
        last = min(500.0, 9.0 + 491.0 / (1 + math.exp(-(ep - 500) / 90.0)) + r.gauss(0, 8))
        running = 0.05 * last + 0.95 * running
        loss = -(1.8 * last + r.gauss(0, 3))
        out.append("Episode %d\tLast reward: %.2f\tAverage reward: %.2f\tloss: %.3f" % (ep, last, running, loss))
    return "\n".join(out) + "\n"


@near_miss("nan_metrics", "yolov5_first_val_nan.csv")
def _(r):
    cols = ["epoch", "train/box_loss", "train/obj_loss", "train/cls_loss", "metrics/precision",
            "metrics/recall", "metrics/mAP_0.5", "metrics/mAP_0.5:0.95", "val/box_loss", "val/obj_loss",
            "val/cls_loss", "x/lr0"]
    out = [",".join("%20s" % c for c in cols)]
    for e in range(24):
        box = 0.03 + 0.07 * math.exp(-e / 6.0) + r.gauss(0, 0.001)
        obj = 0.02 + 0.015 * math.exp(-e / 5.0)
        vbox, vobj = 0.025 + 0.06 * math.exp(-e / 6.0) + r.gauss(0, 0.001), 0.012 + 0.01 * math.exp(-e / 5.0)
        mapv = 0.8 * (1 - math.exp(-e / 5.0))
        row = [e, box, obj, 0, 0.9 * mapv + 0.01, 0.85 * mapv + 0.02, mapv, 0.6 * mapv,
               float("nan") if e == 1 else vbox, float("nan") if e == 1 else vobj, 0, 0.07 * (1 - e / 30.0)]
        out.append(",".join("%20s" % (str(v) if isinstance(v, int) else "%.5g" % v) for v in row))
    sidecar = ("YOLOv5's results.csv of a single-class detector: the validation box and objectness\n"
               "losses are nan at the second epoch, before the model predicts any box, and finite at\n"
               "every epoch after it; the training losses stay finite and mAP climbs to 0.8.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("nan_metrics", "jsonl_val_loss_nan_between_evals.jsonl")
def _(r):
    out = []
    for s in range(10, 1001, 10):
        loss = 1.9 + 2.1 * math.exp(-s / 180.0) + r.gauss(0, 0.03)
        val = 2.0 + 2.0 * math.exp(-s / 200.0) + r.gauss(0, 0.01) if s % 100 == 0 else float("nan")
        out.append(json.dumps({"step": s, "loss": round(loss, 4), "val_loss": val if val != val else round(val, 4),
                               "lr": 3e-4}))
    sidecar = ("A training script's JSON Lines log, one record per ten steps, that writes val_loss\n"
               "as NaN at every record where no evaluation ran (evaluations every hundred steps,\n"
               "the last record's included); both losses fall. NaN there means not measured.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("nan_metrics", "trl_grpo_one_kl_nan_window.log")
def _(r):
    out = [note("TRL GRPO on a Colab GPU: one logging window's KL is nan (its batches held no",
                "completion token, so the mean is over nothing); the KL is finite before and",
                "after it and the reward holds. A policy gone NaN would stay NaN.")]
    for s in range(1, 41):
        d = {"loss": r.choice([0.0, -0.0]), "grad_norm": 0.05 + abs(r.gauss(0, 0.02)),
             "learning_rate": linear(s, 40, 2e-5, 0), "reward": 0.6 + r.gauss(0, 0.1),
             "reward_std": 0.3 + r.gauss(0, 0.05), "completion_length": 220 + r.gauss(0, 12),
             "kl": float("nan") if s == 17 else 0.001 * (1 + r.gauss(0, 0.3)), "epoch": round(s * 0.0025, 3)}
        out.append(hf(d))
    return "\n".join(out) + "\n"


@near_miss("silent_nan", "trl_grpo_beta0_loss_zero.log")
def _(r):
    out = [note("TRL GRPO with beta=0.0 (no KL term), loss_type grpo and num_iterations=1: the policy",
                "ratio is 1 and group-normalised advantages average to 0, so the logged loss is 0.0 by",
                "construction (TRL FAQ); the nan per-function metric is a reward function returning",
                "None for prompts it does not apply to. Rewards and accuracy rise.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 7,500")
    out.append("GRPOConfig(beta=0.0, loss_type='grpo', num_generations=8, num_iterations=1, max_completion_length=1024)")
    out.append("  Total optimization steps = 300")
    out += grpo_lines(r, 300, 0.0, 6, True)
    out.append(hf({"train_runtime": 22501.0, "train_samples_per_second": 0.107, "train_steps_per_second": 0.013,
                   "train_loss": 0.0, "epoch": 1.0}))
    return "\n".join(out) + "\n"


def megatron_fp16_run(r, total, log_every, overflow_steps, scale0, start_dt, hysteresis=1, first=1):
    """Megatron-DeepSpeed fp16 run from iteration first to total: iteration
    lines plus the DeepSpeed loss scaler's OVERFLOW lines at the given steps.
    With a hysteresis of h the scale halves on every h-th overflow (the
    others "reduce" it to itself)."""
    out = []
    scale = scale0
    skipped = 0
    ov = sorted(overflow_steps)
    oi = 0
    clean = 0
    pending = hysteresis
    for it in range(first, total + 1):
        if oi < len(ov) and ov[oi] == it:
            pending -= 1
            new = scale // 2 if pending == 0 else scale
            out.append("[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. "
                       "Attempted loss scale: %d, reducing to %d" % (ts(start_dt, it * 1.1, "%Y-%m-%d %H:%M:%S,000"), scale, new))
            if pending == 0:
                pending = hysteresis
            scale = new
            skipped += 1
            oi += 1
            clean = 0
        else:
            clean += 1
            if clean == 1000:
                scale *= 2
                clean = 0
        if it % log_every == 0:
            loss = 2.6 + 8.2 * math.exp(-it / 900.0) + 0.8 * math.exp(-it / 12000.0) + r.gauss(0, 0.02)
            gn = 0.25 + 3.0 * math.exp(-it / 600.0) + abs(r.gauss(0, 0.03))
            lr = cosine(it, total, 1.5e-4, 500, 1.5e-5)
            out.append(" iteration %8d/%8d | consumed samples: %12d | consumed tokens: %14d | elapsed time per iteration (ms): %.1f | "
                       "learning rate: %.3E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | "
                       "actual seqlen:  2048 | number of skipped iterations: %3d | number of nan iterations: %3d | samples per second: %.3f | "
                       "TFLOPs: %.2f |"
                       % (it, total, it * 512, it * 512 * 2048, 1105 + r.gauss(0, 9), lr, 512, loss, scale, gn,
                          skipped, 0, 463.5 + r.gauss(0, 3), 148.1 + r.gauss(0, 1)))
            skipped = 0
    return out


def periodic_overflows(r, start, end):
    """One overflow per ~1000 clean steps from start: the scaler's steady state."""
    ovs = []
    step = start
    while True:
        step += 1000 + r.randint(1, 60)
        if step > end:
            return ovs
        ovs.append(step)


@near_miss("fp16_overflow_frequent", "megatron_ds_fp16_200k_iterations.log")
def _(r):
    out = [note("Megatron-DeepSpeed fp16, 200k iterations from Megatron's initial scale of 2^32: 17",
                "overflows of the start-up search, then one per ~1000-step growth window, about 210 in",
                "all: many overflows, but 0.1% of the steps, the scaler's steady state.")]
    out.append("  initial_loss_scale .............................. 4294967296.0")
    out.append("  loss_scale_window ............................... 1000")
    ovs = list(range(1, 18)) + periodic_overflows(r, 17, 200000)
    out += megatron_fp16_run(r, 200000, 1000, ovs, 2 ** 32, (2024, 4, 8, 0, 0, 0))
    return "\n".join(out) + "\n"


@near_miss("fp16_overflow_frequent", "apex_amp_cifar_200_epochs.log")
def _(r):
    out = [note("CIFAR ResNet with Apex amp (O1), 200 epochs of 500 steps, logged once per epoch:",
                "4 overflows while the scaler falls from 2^16 to 2^12, then one per ~1000 steps when",
                "it doubles to 2^13, about 100 in all; the log's steps are epochs, so 100 overflows",
                "in '200 steps' is no share of the steps.")]
    scale = 65536.0
    ovs = list(range(1, 5)) + periodic_overflows(r, 4, 100000)
    oi = 0
    for ep in range(1, 201):
        while oi < len(ovs) and ovs[oi] <= ep * 500:
            scale = scale / 2 if ovs[oi] <= 4 else 4096.0
            out.append("Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to %.1f" % scale)
            oi += 1
        tl = 0.05 + 1.9 * math.exp(-ep / 30.0) + r.gauss(0, 0.01)
        vl = 0.25 + 1.7 * math.exp(-ep / 30.0) + r.gauss(0, 0.01)
        out.append("Epoch %d: train loss %.4f, val loss %.4f, val acc %.4f, lr %.5f"
                   % (ep, tl, vl, 0.95 - vl / 10, 0.1 * 0.5 * (1 + math.cos(math.pi * ep / 200))))
    return "\n".join(out) + "\n"


@near_miss("fp16_overflow_frequent", "megatron_ds_fp16_resumed_twice_hysteresis.log")
def _(r):
    out = [note("Megatron-DeepSpeed fp16 with hysteresis 2, started from 2^32 and resumed from",
                "checkpoints twice: each start redoes the scaler's search (two overflows a halving, 34 in",
                "all), so about 100 overflows in 9000 steps, each run then at its steady state.")]
    out.append("[2024-03-01 11:59:58,000] [INFO] [config.py:1000:print] dynamic_loss_scale_args ...... {'init_scale': 4294967296, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}")
    for first, last in ((1, 3000), (3001, 6000), (6001, 9000)):
        ovs = list(range(first, first + 34)) + periodic_overflows(r, first + 34, last)
        out += megatron_fp16_run(r, last, 100, ovs, 2 ** 32, (2024, 3, 1, 12, 0, 0), hysteresis=2, first=first)
    return "\n".join(out) + "\n"


@near_miss("stalled_before_first_step", "ultralytics_starts_and_trains.log")
def _(r):
    # Ultralytics' start line, its table header and a bar at 0, then the epochs' bars and validation:
    # the first batch came.
    out = ["Logging results to runs/detect/train", "Starting training for 3 epochs...", "",
           "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size"]
    for ep in range(1, 4):
        box, cls, dfl = 1.6 * 0.85 ** ep, 2.9 * 0.7 ** ep, 1.5 * 0.9 ** ep
        out.append("        %d/3      3.21G      %.4f      %.4f      %.4f         41        640: 100%%|##########| "
                   "172/172 [01:02<00:00,  2.77it/s]" % (ep, box, cls, dfl))
        out.append("                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): 100%|"
                   "##########| 22/22 [00:05<00:00,  4.11it/s]")
        out.append("                   all        686       1925      %.3f      %.3f      %.3f      %.3f"
                   % (0.5 + 0.1 * ep, 0.4 + 0.1 * ep, 0.45 + 0.1 * ep, 0.25 + 0.06 * ep))
    out.append("")
    out.append("3 epochs completed in 0.061 hours.")
    return "\n".join(out) + "\n"


@near_miss("stalled_before_first_step", "hf_excerpt_cut_at_header.log")
def _(r):
    # A README's log of a job that succeeded, pasted up to HF Trainer's header and no further:
    # nothing after the header says the loop started and stuck.
    out = []
    for k, line in enumerate(("***** Running training *****", "  Num examples = 27,210", "  Num Epochs = 2",
                              "  Instantaneous batch size per device = 8",
                              "  Total train batch size (w. parallel, distributed & accumulation) = 64",
                              "  Gradient Accumulation steps = 1", "  Total optimization steps = 852",
                              "  Number of trainable parameters = 7,840,794")):
        out.append("[INFO|trainer.py:%d] 2025-04-24 20:44:49,%03d >> %s" % (2128 + k, 900 + k, line))
    return "\n".join(out) + "\n"


@near_miss("stalled_before_first_step", "start_then_cuda_oom.log")
def _(r):
    # The first batch ran out of GPU memory a line after the start: an OOM, which cuda_oom reports,
    # not a stall; and prose that tells the reader to start training starts nothing.
    out = ["Preprocessing finished. Run train.py to start training.",
           "2024-03-02 10:11:02 INFO Start training",
           "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.69 GiB total capacity)"]
    return "\n".join(out) + "\n"


@near_miss("stalled_before_first_step", "detectron2_crash_right_after_start.log")
def _(r):
    # detectron2 says it starts, then its first step raises: a crash with its traceback, which
    # training_crash reports; the run did not hang.
    out = ["[11/30 10:02:11 d2.engine.train_loop]: Starting training from iteration 0",
           "ERROR [11/30 10:02:14 d2.engine.train_loop]: Exception during training:",
           "Traceback (most recent call last):",
           '  File "/opt/detectron2/detectron2/engine/train_loop.py", line 149, in train',
           "    self.run_step()",
           '  File "/opt/detectron2/detectron2/engine/train_loop.py", line 494, in run_step',
           "    loss_dict = self.model(data)",
           "AssertionError: Box regression deltas become infinite or NaN!"]
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_w2v_finetune_scale_below_one_recovers.log")
def _(r):
    # A wav2vec 2.0 CTC fine-tune under hydra's logging: its scale sits at 0.25 through the first
    # epochs, then climbs to 0.5 and 8 as the loss falls; a scale that found its level.
    out = []
    scale_at = [(600, 0.25), (800, 0.25), (1000, 0.5), (1200, 0.5), (1400, 1), (1600, 2), (1800, 4), (2000, 8)]
    for k, (upd, scale) in enumerate(scale_at):
        loss = 335 * 0.8 ** k + r.gauss(0, 2)
        out.append('[2020-12-19 18:%02d:34,685][train_inner][INFO] - {"epoch": %d, "update": %.3f, "loss": "%.3f", '
                   '"ntokens": "1473.5", "nsentences": "44", "wps": "620.1", "ups": "0.42", "wpb": "1473.5", '
                   '"bsz": "44", "num_updates": "%d", "lr": "5e-05", "gnorm": "%.3f", "loss_scale": "%g", '
                   '"train_wall": "46", "wall": "%d"}'
                   % (10 + 5 * k, 5 + k, 5 + k + 0.123, loss, upd, 400 + r.gauss(0, 20), scale, 1200 + 470 * k))
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_w2v_pretrain_overflow_warmup_only.log")
def _(r):
    # The first lines of a wav2vec 2.0 pre-training: the scaler halves 64 to 4 as it finds its level,
    # and the excerpt logs no loss yet ("normal, just ignore this warning").
    out = ["2020-10-12 09:11:02 | INFO | fairseq.trainer | begin training epoch 1"]
    for k, scale in enumerate((32, 16, 8, 4, 4)):
        out.append("2020-10-12 09:11:%02d | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: %s"
                   % (9 + 4 * k, float(scale)))
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_json_scale_halves_once.jsonl")
def _(r):
    # fairseq's --log-format json epoch records: the scale halves once, 16 to 8, between two epochs
    # of a translation run whose losses keep falling; a scaler's probing, not a collapse.
    out = []
    updates = 0
    for ep in range(1, 7):
        updates += 2150
        loss = 3.9 * 0.93 ** ep
        out.append(json.dumps({"epoch": ep, "loss": "%.3f" % loss, "nll_loss": "%.3f" % (loss * 0.78),
                               "ppl": "%.2f" % (2 ** (loss * 0.78)), "wps": "%.0f" % (41000 + r.gauss(0, 300)),
                               "ups": "1.21", "wpb": "33800", "bsz": "1100", "num_updates": str(updates),
                               "lr": "0.0007", "gnorm": "%.3f" % (0.41 + r.gauss(0, 0.02)),
                               "loss_scale": "%.3f" % (16 if ep <= 2 else 8), "wall": str(900 * ep)}))
        out.append(json.dumps({"epoch": ep, "valid_loss": loss * 0.98, "valid_nll_loss": loss * 0.77,
                               "valid_ppl": 2 ** (loss * 0.77), "valid_num_updates": updates}))
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "megatron_ds_fp16_periodic_overflow.log")
def _(r):
    out = [note("Megatron-DeepSpeed fp16, 30k iterations: the dynamic loss scaler doubles after every",
                "1000 clean steps and overflows once when it overshoots, so one OVERFLOW line per ~1000",
                "steps is its steady state (the scale saw-tooths around 2^15-2^16, never collapses).")]
    out.append("[2024-02-20 06:00:01,000] [INFO] [config.py:1000:print] fp16_enabled ................. True")
    out.append("[2024-02-20 06:00:01,000] [INFO] [config.py:1000:print] dynamic_loss_scale_args ...... {'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}")
    ovs = [3, 6] + periodic_overflows(r, 6, 30000)
    out += megatron_fp16_run(r, 30000, 250, ovs, 262144, (2024, 2, 20, 6, 0, 5))
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "megatron_fp16_init_scale_2e32.log")
def _(r):
    out = [note("Megatron-DeepSpeed fp16 starting from 2^32 (Megatron-LM's default initial loss",
                "scale): the scaler halves 17 times in the first iterations to reach 2^15 (the expected",
                "start-up search), then overflows only when its 1000-step window doubles it again.")]
    out.append("  fp16 ............................................ True")
    out.append("  initial_loss_scale .............................. 4294967296.0")
    out.append("  loss_scale_window ............................... 1000")
    out.append("  min_loss_scale .................................. 1.0")
    out.append("[2024-03-01 11:59:58,000] [INFO] [config.py:1000:print] dynamic_loss_scale_args ...... {'init_scale': 4294967296, 'scale_window': 1000, 'delayed_shift': 1, 'consecutive_hysteresis': False, 'min_scale': 1}")
    ovs = list(range(1, 18)) + [1018 + 17, 2400, 3907]
    out += megatron_fp16_run(r, 5000, 50, ovs, 2 ** 32, (2024, 3, 1, 12, 0, 0))
    return "\n".join(out) + "\n"



# --------------------------------------------------------------------------
# optimization


@near_miss("lr_schedule", "one_cycle_peak_at_a_third.log")
def _(r):
    out = [note("PyTorch's OneCycleLR over a finished run of 3000 steps: the rate climbs from a",
                "25th of its peak to 0.01 at 30% of the steps, then anneals to near 0. A warm-up",
                "of a third of the run is the schedule's design, not one that took most of it.")]
    total = 3000
    for s in range(50, total + 1, 50):
        t = s / float(total)
        lr = 0.01 * (0.04 + 0.96 * t / 0.3) if t <= 0.3 else 0.01 * 0.5 * (1 + math.cos(math.pi * (t - 0.3) / 0.7))
        loss = 2.2 * math.exp(-s / 700.0) + 0.35 + r.gauss(0, 0.01)
        out.append("step %d/%d | loss %.4f | lr %.6f" % (s, total, loss, lr))
    return "\n".join(out) + "\n"


@near_miss("lr_schedule", "cosine_tail_tiny_rates.log")
def _(r):
    out = [note("The last logs of a 20,000-step cosine schedule to 0: the rate is 4e-11, then",
                "smaller, as a cosine is a step from its end. Where a schedule ends, not one that",
                "decayed past any use while the run went on.")]
    total = 20000
    for s in range(19960, total, 10):
        lr = 1e-4 * 0.5 * (1 + math.cos(math.pi * s / total))
        out.append(hf({"loss": round(1.82 + r.gauss(0, 0.01), 4), "grad_norm": round(0.4 + abs(r.gauss(0, 0.03)), 4),
                       "learning_rate": lr, "epoch": round(3 * s / total, 4)}))
    return "\n".join(out) + "\n"


@near_miss("lr_schedule", "accessory_warmup_printed_6_decimals.log")
def _(r):
    out = [note("The first 40 iterations of a multimodal fine-tune whose rate warms up to 2e-5, stepped",
                "once every 40 iterations (its gradient-accumulation steps) and printed with six",
                "decimals: it reads 0.000000 until the first optimizer step and 0.000003 at iteration",
                "40, where the log ends. Zeros at the print's precision while a warm-up starts are no",
                "zero rate.")]
    for it in range(0, 41, 10):
        lr = 2e-5 * (it // 40) * 40 / 267.0
        out.append("[01:%02d:%02d.%06d] Epoch: [0]  [%d/1504]  lr: %.6f  closs: %.4f (%.4f)  time: 4.5%03d  data: 0.0002  "
                   "max mem: 39297" % (33 + it // 10, r.randint(0, 59), r.randint(0, 999999), it, lr,
                                       1.54 - 0.0004 * it + r.uniform(-0.004, 0.004), 1.54 - 0.0002 * it,
                                       r.randint(0, 999)))
    return "\n".join(out) + "\n"


@near_miss("boosting_best_at_first_round", "lightgbm_early_stopping_keeps_round_87.log")
def _(r):
    out = [note("LightGBM with early stopping (patience 20): the validation log loss falls to its",
                "lowest at round 87 and rises a little after it, so early stopping keeps round 87 of",
                "107. A best round that late is how early stopping should end a run.")]
    out.append("Training until validation scores don't improve for 20 rounds")
    rows = []
    for it in range(1, 108):
        tr = 0.45 * math.exp(-it / 40.0) + 0.08
        va = 0.2 + 0.27 * math.exp(-it / 30.0) + 0.00002 * max(0, it - 87) ** 2 + r.uniform(-0.0003, 0.0003)
        rows.append("[%d]\ttraining's binary_logloss: %.6g\tvalid_1's binary_logloss: %.6g" % (it, tr, va))
    out += rows[9::10]
    out.append("Early stopping, best iteration is:")
    out.append(rows[86])
    return "\n".join(out) + "\n"


@near_miss("boosting_best_at_first_round", "xgboost16_val_best_at_round_40_no_best_line.log")
def _(r):
    out = [note("XGBoost 2 with early_stopping_rounds=10, which prints no best iteration: the",
                "held-out log loss falls for 40 rounds and creeps up after, so early stopping keeps",
                "round 40 of 51. The first round was not the best.")]
    for it in range(51):
        tr = 0.6931 * math.exp(-it / 30.0) + 0.2
        va = 0.45 + 0.24 * math.exp(-it / 12.0) + 0.00004 * max(0, it - 40) ** 2 + r.uniform(-0.0002, 0.0002)
        out.append("[%d]\tvalidation_0-logloss:%.5f\tvalidation_1-logloss:%.5f" % (it, tr, va))
    return "\n".join(out) + "\n"


@near_miss("boosting_best_at_first_round", "catboost_best_column_follows_each_round.log")
def _(r):
    out = [note("CatBoost on a validation set: the best column's iteration follows the current one",
                "as the test loss keeps improving through all 40 logged rounds. A best column at",
                "(0) on the first line only is the first round, not a model stuck at it.")]
    best = None
    for it in range(0, 400, 10):
        learn = 0.69 * math.exp(-it / 150.0) + 0.1
        test = 0.69 * math.exp(-it / 170.0) + 0.13 + r.uniform(-0.0005, 0.0005)
        if best is None or test < best[0]:
            best = (test, it)
        out.append("%d:\tlearn: %.7f\ttest: %.7f\tbest: %.7f (%d)\ttotal: %dms\tremaining: %.1fs"
                   % (it, learn, test, best[0], best[1], 40 * (it + 1), (1000 - it) * 0.04))
    return "\n".join(out) + "\n"


@near_miss("grad_clip_saturated", "clipped_only_while_warming_up.log")
def _(r):
    out = [note("A run that logs its gradient norm after clipping at 1.0: the first half of its logs",
                "are clipped (large early gradients), then the norms settle at 0.5-0.85 and no step is",
                "clipped to the end. Clipping did its job early; the run's end is not scaled down.")]
    for i in range(1, 41):
        gn = 1.0 if i <= 22 else round(0.55 + 0.3 * r.random(), 4)
        out.append("step %d loss %.4f grad_norm %.4f" % (i * 10, 2.5 * math.exp(-i / 15.0) + 0.8 + r.gauss(0, 0.01), gn))
    return "\n".join(out) + "\n"


@near_miss("loss_spike", "curriculum_next_stage_harder_data.log")
def _(r):
    out = [note("A curriculum trains on easy examples, then says it moves to its next stage (harder",
                "examples, longer sequences): the loss starts from the harder data's level, three",
                "times the old one, and falls again from there. No instability.")]
    for s in range(50, 1501, 50):
        if s == 800:
            out.append("Curriculum: advancing to stage 2/2 (harder examples, len<=512)")
        level = 2.2 * math.exp(-s / 400.0) + 0.9 if s < 800 else 2.4 * math.exp(-(s - 800) / 500.0) + 1.1
        out.append("step %d | loss %.4f" % (s, level + r.gauss(0, 0.015)))
    return "\n".join(out) + "\n"


@near_miss("loss_spike", "sequence_length_steps_up.log")
def _(r):
    out = [note("Sequence-length warm-up: 128 tokens for the first half of the run, then 512; the",
                "loss per token jumps with the longer context and falls again. The log's seq_len",
                "says where the data changed.")]
    for s in range(50, 1501, 50):
        seq = 128 if s < 800 else 512
        level = 2.2 * math.exp(-s / 400.0) + 0.9 if s < 800 else 2.4 * math.exp(-(s - 800) / 500.0) + 1.1
        out.append("step %d | loss %.4f | seq_len %d" % (s, level + r.gauss(0, 0.015), seq))
    return "\n".join(out) + "\n"


@near_miss("loss_spike", "vqgan_discriminator_switched_on.jsonl")
def _(r):
    # A VQGAN trainer's metrics: its adversarial term is exactly 0 until
    # disc_start at step 2000, when the discriminator joins; the total jumps
    # with the new term and falls after, the reconstruction term smooth.
    out = []
    for s in range(20, 4001, 20):
        rec = 0.8 + 0.6 * math.exp(-s / 800.0) + r.gauss(0, 0.01)
        gan = 0.0 if s < 2000 else 0.9 * math.exp(-(s - 2000) / 600.0) + 0.25 + r.gauss(0, 0.01)
        out.append(json.dumps({"step": s, "loss": round(rec + gan, 4), "loss_rec": round(rec, 4),
                               "loss_gan": round(gan, 4) if s >= 2000 else 0.0}))
    return "\n".join(out) + "\n"


@near_miss("loss_spike", "sequence_length_steps_up_mid_segment.log")
def _(r):
    out = [note("Sequence-length curriculum logged every 10 steps over 10,000: 512 tokens, then",
                "2048 from step 4100, inside one of the stretches the run is cut into to find a",
                "shift; the loss per token jumps a fifth with the longer context and falls again.")]
    for s in range(0, 10001, 10):
        seq = 512 if s < 4100 else 2048
        level = 3.0 + 5.0 * math.exp(-s / 700.0) if s < 4100 else 3.0 + 0.6 * math.exp(-(s - 4100) / 300.0)
        out.append("step %d | seqlen %d | loss %.4f" % (s, seq, level + r.gauss(0, 0.02)))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "lora_sft_noisy_batches_converged.log")
def _(r):
    out = [note("A LoRA SFT at lr 2e-4 logs its per-batch loss every step: it falls by a fifth in its",
                "first fifty logs and then holds, each log 0.05 off the level by the batch's luck. Over",
                "200 logs the fall is many times the error of the levels compared: converged.")]
    r = random.Random(103)  # a draw whose flat stretch the plateau detector finds
    for s in range(1, 201):
        out.append(hf({"loss": round(0.95 + 0.5 * math.exp(-s / 20.0) + r.gauss(0, 0.05), 4),
                       "learning_rate": 2e-4, "epoch": round(s / 200, 2)}))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "litgpt_lora_first_21_microbatches.log")
def _(r):
    out = [note("The first 21 micro-batches of a LitGPT LoRA fine-tune (two per optimizer step,",
                "ten steps, still in the warm-up): each micro-batch's loss lies some 8% from the",
                "next, so its 3.3 at the start and 3.25 at the end say nothing of progress yet.")]
    swing = (0.21, -0.03, -0.17, 0.52, 0.17, -0.19, 0.29, 0.33, 0.09, -0.28, 0.03, 0.18, 0.33, -0.07, -0.12,
             -0.15, -0.01, -0.04, 0.06, -0.05, -0.02)
    for it in range(1, 22):
        step = it // 2
        loss = 3.33 + swing[it - 1] + r.gauss(0, 0.005)
        ms = 1069.5 if it == 1 else (715 + r.gauss(0, 10) if it % 2 == 0 else 530 + r.gauss(0, 10))
        out.append("iter %d step %d: loss %.4f, iter time: %.2fms%s"
                   % (it, step, loss, ms, " (optimizer.step)" if it % 2 == 0 else ""))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "kohya_lora_denoising_loss_flat.log")
def _(r):
    out = [note("A LoRA for Stable Diffusion trained with kohya's sd-scripts: its bar's running mean of",
                "the denoising loss sits near 0.072 from the first hundred steps to the last, as a",
                "diffusion loss does while the samples improve; each checkpoint is saved.")]
    level = 0.0728
    for step in range(100, 2001, 100):
        level += r.gauss(-0.00012, 0.0012)
        el = step * 0.574
        left = (2000 - step) * 0.574
        out.append("steps: %3d%%|%s| %d/2000 [%02d:%02d<%02d:%02d,  1.74it/s, avr_loss=%.4f]"
                   % (step * 100 // 2000, "#" * (step // 200), step, el // 60, el % 60, left // 60, left % 60, level))
        out.append("saving checkpoint: /content/outputs/style-step%08d.safetensors" % step)
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "diffusers_text_to_image_step_loss.log")
def _(r):
    out = [note("diffusers' train_text_to_image.py fine-tuning Stable Diffusion on 833 images: its",
                "\"Steps\" bar shows each step's denoising loss, which the noise level drawn for the",
                "batch sets, so it scatters around 0.1 from the first step to the last while the",
                "samples improve. The script prints nothing that names the model.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 833")
    out.append("  Total optimization steps = 6000")
    for step in range(0, 6001, 50):
        el = step // 1.2
        out.append("Steps: %3d%%|%-10s| %d/6000 [%02d:%02d:%02d<00:00:00,  1.20it/s, lr=1e-05, step_loss=%.4f]"
                   % (step * 100 // 6000, "#" * (step // 600), step, el // 3600, el % 3600 // 60, el % 60,
                      min(0.9, r.lognormvariate(-2.4, 0.9))))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "painn_mse_below_print_digits.log")
def _(r):
    out = [note("A molecular property regressor trained on normalised targets: its MSE falls from 0.021",
                "below 0.00005 in a few epochs, and the script prints it with four decimals, so it reads",
                "0.0000 from then on while the L1 error beside it keeps falling. The digits hide the",
                "curve; they do not show a plateau.")]
    for e in range(1, 41):
        mse = 0.021 * math.exp(-(e - 1) * 1.4) + 0.00002 * math.exp(-e / 30.0)
        l1 = 0.03 + 0.15 * math.exp(-(e - 1) / 6.0) + r.uniform(0, 0.002)
        out.append("Epoch [%d/650], Train Loss: %.4f, Train L1 Loss: %.4f" % (e, mse, l1))
        out.append("Epoch [%d/650], Validation Loss: %.4f, Validation L1: %.4f" % (e, mse * 1.1, l1 * 0.95))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "hf_lora_sft_one_epoch_cosine.log")
def _(r):
    out = [note("LoRA instruction tuning of a 7B chat model, 1 epoch, cosine to 0: the loss drops",
                "fast while the model learns the format, then declines slowly under per-batch noise.",
                "This is the normal SFT curve of a pretrained model, not a stalled run.")]
    out.append(hf_args_dump({"learning_rate": 0.0002, "logging_steps": 5, "num_train_epochs": 1.0,
                             "per_device_train_batch_size": 8, "gradient_accumulation_steps": 2}))
    out.append("trainable params: 39,976,960 || all params: 6,778,392,576 || trainable%: 0.5898")
    out.append("***** Running training *****")
    out.append("  Num examples = 19,200")
    out.append("  Num Epochs = 1")
    out.append("  Total optimization steps = 1,200")
    total = 1200
    for s in range(5, total + 1, 5):
        lr = cosine(s, total, 2e-4, 36)
        loss = 1.075 + 0.55 * math.exp(-s / 45.0) + 0.05 * (1 - s / total) + r.gauss(0, 0.055)
        gn = 0.32 + 0.5 * math.exp(-s / 60.0) + abs(r.gauss(0, 0.05))
        if s % 50 == 0:
            out.append(bar(s, total, s * 2.9, 2.9))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 3481.7, "train_samples_per_second": 5.514, "train_steps_per_second": 0.345,
                   "train_loss": 1.1207, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "megatron_resumed_chunk.log")
def _(r):
    out = [note("One 10k-iteration job of a long Megatron pre-training run, resumed from iteration",
                "240000: at this stage a chunk gains ~2% of loss, exactly what a healthy run's",
                "power-law curve gives; the learning rate is mid-way through its cosine decay.")]
    out.append(" loading checkpoint from /lustre/ckpt/gpt-1.3b at iteration 240000")
    out.append("  checkpoint version 3.0")
    out.append("  successfully loaded checkpoint from /lustre/ckpt/gpt-1.3b [ t 0, p 0 ] at iteration 240000")
    out.append("(min, max) time across ranks (ms):")
    out.append("    load-checkpoint ................................: (31820.11, 31822.72)")
    out.append("training ...")
    total = 500000
    for it in range(240050, 250001, 50):
        lr = cosine(it, total, 2e-4, 2000, 2e-5)
        loss = 1.85 + 4.0 * (it / 1000.0) ** -0.33 + r.gauss(0, 0.012)
        gn = 0.21 + abs(r.gauss(0, 0.012))
        out.append(" iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
                   "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
                   "number of skipped iterations: %3d | number of nan iterations: %3d |"
                   % (it, total, it * 512, 2310.5 + r.gauss(0, 12), lr, 512, loss, gn, 0, 0))
        if it % 2000 == 0:
            vl = loss + 0.02 + r.gauss(0, 0.004)
            out.append(" validation loss at iteration %d | lm loss value: %.6E | lm loss PPL: %.6E | " % (it, vl, math.exp(vl)))
    out.append("[after training is done] datetime: 2024-04-19 03:12:55 ")
    out.append(" saving checkpoint at iteration  250000 to /lustre/ckpt/gpt-1.3b")
    out.append("  successfully saved checkpoint at iteration  250000 to /lustre/ckpt/gpt-1.3b")
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "nanogpt_converged_cosine_to_min.log")
def _(r):
    out = [note("nanoGPT shakespeare-char, cosine decay to min_lr: the loss converges and sits at",
                "its final level for the last part of the run. Converged, not stuck: the rule's",
                "benign clause allows at most an info finding.")]
    out.append("tokens per iteration will be: 16,384")
    out.append("found vocab_size = 65 (inside data/shakespeare_char/meta.pkl)")
    out.append("Initializing a new model from scratch")
    out.append("number of parameters: 10.65M")
    out.append("compiling the model... (takes a ~minute)")
    total = 5000
    for it in range(0, total + 1, 10):
        lossv = 1.02 + 3.2 * math.exp(-it / 180.0) + 0.35 * math.exp(-it / 900.0) + r.gauss(0, 0.02)
        if it % 250 == 0:
            tl = lossv - 0.01
            vl = 1.47 + 2.8 * math.exp(-it / 200.0) + 0.1 * math.exp(-it / 900)
            out.append("step %d: train loss %.4f, val loss %.4f" % (it, tl, vl))
            if it > 0:
                out.append("saving checkpoint to out-shakespeare-char")
        mfu = -100.0 if it < 50 else 8.9 + r.gauss(0, 0.2)
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, lossv, 31.2 + r.gauss(0, 0.8) if it else 14012.3, mfu))
    return "\n".join(out) + "\n"


def llmc_run(r, total, spikes):
    out = []
    for s in range(total):
        lr = cosine(s, total, 6e-4, 700, 0.0)
        loss = 3.05 + 7.9 * math.exp(-s / 260.0) + 0.75 * math.exp(-s / 2500.0) + r.gauss(0, 0.03)
        norm = 0.27 + 1.4 * math.exp(-s / 300.0) + abs(r.gauss(0, 0.03))
        if s in spikes:
            loss *= spikes[s]
            norm *= 3.0 * spikes[s]
        out.append("s:%d trl:%.4f lr:%.6f norm:%.2f" % (s, loss, lr, norm))
        if s % 250 == 0:
            out.append("s:%d tel:%.4f" % (s, loss + 0.02 + r.gauss(0, 0.005)))
    return out


@near_miss("loss_spike", "llmc_single_spike_recovered.log")
def _(r):
    out = [note("llm.c GPT-2 124M run, 2000 logged steps: one batch sends the loss to 1.9x its level",
                "at step 1337 and the next step is back on the curve. A fast-recovering single spike in",
                "a long healthy run; the benign clause allows info at most.")]
    out += llmc_run(r, 2000, {1337: 1.9})
    return "\n".join(out) + "\n"


@near_miss("loss_spike", "hf_logging_steps_50_two_blips.log")
def _(r):
    out = [note("HF Trainer, 7500 steps logged every 50 (150 logs): two single logs come out 1.4-1.5x",
                "high (hard batches) and the next log is back on the curve. The same two blips in a",
                "densely logged run would be benign; here each is ~0.7% of the logs.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 240,000")
    out.append("  Total optimization steps = 7,500")
    total = 7500
    for s in range(50, total + 1, 50):
        lr = cosine(s, total, 3e-5, 225)
        loss = 1.55 + 0.9 * math.exp(-s / 900.0) + r.gauss(0, 0.02)
        if s == 2650:
            loss *= 1.47
        if s == 5900:
            loss *= 1.41
        gn = 0.8 + 0.6 * math.exp(-s / 800) + abs(r.gauss(0, 0.06))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 20231.9, "train_samples_per_second": 11.86, "train_steps_per_second": 0.371,
                   "train_loss": 1.7023, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("exploding_gradients", "hf_grad_norm_surge_at_warmup_peak.log")
def _(r):
    out = [note("An HF fine-tune logging every 10 steps: as the linear warm-up reaches its peak",
                "rate at step 100 the pre-clip gradient norm surges to 12 times its level for 70",
                "steps, then settles for good; the loss falls smoothly throughout.")]
    total = 1000
    for s in range(10, total + 1, 10):
        gn = 7.2 * (1 + r.gauss(0, 0.05)) if 100 <= s <= 160 else 0.6 * (1 + r.gauss(0, 0.08))
        lr = 3e-4 * s / 100 if s < 100 else 3e-4 * 0.5 * (1 + math.cos(math.pi * (s - 100) / (total - 100)))
        out.append(hf({"loss": round(1.7 + 1.5 * math.exp(-s / 250.0) + r.gauss(0, 0.01), 4),
                       "grad_norm": round(gn, 4), "learning_rate": lr, "epoch": round(s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("exploding_gradients", "megatron_large_norm_small_beside_params.log")
def _(r):
    out = [note("Megatron-LM pretraining a 13B model, its first iterations: the gradient norm is",
                "above 100 while the loss falls from its initial 11, and a sixtieth of the",
                "parameters' norm (params norm 9400): large, as a new model's are, not exploded.")]
    loss = 11.0
    for it in range(10, 301, 10):
        loss = loss * 0.985 + r.gauss(0, 0.02)
        out.append(" iteration %8d/  500000 | consumed samples: %12d | elapsed time per iteration (ms): 4210.3 | "
                   "learning rate: %.6E | global batch size:  1024 | lm loss: %.6E | loss scale: 1.0 | "
                   "grad norm: %.3f | params norm: %.3f | number of skipped iterations:   0 | "
                   "number of nan iterations:   0 |"
                   % (it, it * 1024, 3e-4 * it / 2000, loss, 160 + r.gauss(0, 12), 9400 + it * 0.05))
    return "\n".join(out) + "\n"


@near_miss("val_loss_unstable", "small_val_set_wobbles.log")
def _(r):
    out = [note("A Keras fine-tune evaluated on 200 validation images: its validation loss",
                "wobbles by 10-20% from epoch to epoch around a falling trend, as so small a set",
                "does; the training loss falls steadily. Noisy, not unstable.")]
    for e in range(1, 21):
        loss = 1.9 * 0.9 ** e
        val = 2.0 * 0.93 ** e * (1 + 0.15 * (1 if e % 2 else -1) * r.random())
        out.append("Epoch %d/20" % e)
        out.append("63/63 [==============================] - 4s 61ms/step - loss: %.4f - accuracy: %.4f"
                   " - val_loss: %.4f - val_accuracy: %.4f" % (loss, 1 - loss / 3, val, 1 - val / 3))
    return "\n".join(out) + "\n"


@near_miss("val_loss_unstable", "settled_finetune_small_val_set_wobbles.log")
def _(r):
    out = [note("The last epochs of a fine-tune whose training loss has settled at 0.34, judged",
                "on 300 validation images: its validation loss wobbles by 15-25% around 0.6 from",
                "one evaluation to the next, as so small a set does. Noisy, not unstable.")]
    for i, ep in enumerate(range(70, 90)):
        val = 0.6 * (1 + (0.2 if i % 2 else -0.15) * (0.5 + r.random()))
        out.append("Epoch %d/100 - Train Loss: %.4f, Train Accuracy: 85.%02d%%, Validation Loss: %.4f, "
                   "Validation Accuracy: %.2f%%" % (ep, 0.345 + r.gauss(0, 0.002), 50 + i, val, 80 - 10 * (val - 0.6)))
    return "\n".join(out) + "\n"


@near_miss("val_loss_unstable", "overfitting_val_rises_steadily.log")
def _(r):
    out = [note("An MLP memorising 300 samples: the validation loss bottoms out by epoch 4 and",
                "then climbs steadily to three times its best while the training loss heads for",
                "0. Overfitting's, moving one way, not back and forth.")]
    for e in range(1, 31):
        loss = 2.3 * 0.8 ** e
        val = 1.2 + 0.15 * (e - 4) ** 2 / 8 if e > 4 else 2.3 - 0.27 * e
        out.append("epoch %d train_loss %.4f val_loss %.4f" % (e, loss, val * (1 + 0.01 * r.random())))
    return "\n".join(out) + "\n"


@near_miss("val_loss_unstable", "four_short_runs_one_log.log")
def _(r):
    out = [note("Four GPT variants trained one after the other for 400 steps each into one log,",
                "each evaluated three times: every run's validation loss falls from a fresh",
                "model's 10.5 to about 2.7, then the next run starts again at 10.5.")]
    for arch in range(4):
        out.append("Starting training, variant %d" % (arch + 1))
        for step in range(0, 401, 20):
            loss = 2.6 + 8.0 * math.exp(-step / 70) + r.gauss(0, 0.03)
            out.append("Step %d: loss %.4f, lr 6.00e-04, 182.3ms" % (step, loss))
            if step % 200 == 0:
                val = 2.65 + 7.9 * math.exp(-step / 75) + r.gauss(0, 0.02)
                out.append("Step %d: val loss %.4f" % (step, val))
    return "\n".join(out) + "\n"


@near_miss("rl_negative_kl", "trl_ppo_kl_noise_around_zero_early.log")
def _(r):
    out = [note("TRL's PPOTrainer with plain sampling: the first logs' KL estimate (a mean of",
                "log p - log p_ref over a batch) dips a few hundredths below 0 by noise while",
                "the policy is still its reference, then grows as it learns. No warning.")]
    for step in range(1, 41):
        kl = -0.04 + 0.012 * step + r.gauss(0, 0.02)
        out.append("{'objective/kl': %.4f, 'ppo/mean_scores': %.4f, 'ppo/loss/total': %.4f, 'ppo/learning_rate': 1.41e-05, 'step': %d}"
                   % (kl, 0.5 + 0.01 * step + r.gauss(0, 0.02), 0.2 + r.gauss(0, 0.03), step))
    return "\n".join(out) + "\n"


@near_miss("lr_schedule", "keras_lr_range_test_then_fit.log")
def _(r):
    out = [note("A notebook's learning-rate range test (LearningRateScheduler raising the rate",
                "from 1e-8 to 1e-3 over 30 epochs, lr printed) followed by the real fit at",
                "the rate it chose, which prints no lr: the rising rate is the test's.")]
    for e in range(1, 31):
        lr = 1e-8 * 10 ** (e / 6.0)
        loss = 190 * 0.9 ** e + 5 + (0 if e < 27 else 40 * (e - 26)) + r.gauss(0, 0.5)
        out.append("Epoch %d/30" % e)
        out.append("8/8 [==============================] - 0s 44ms/step - loss: %.4f - mae: %.4f - lr: %.4e"
                   % (loss, loss + 0.5, lr))
    for e in range(1, 21):
        loss = 40 * 0.85 ** e + 4 + r.gauss(0, 0.2)
        out.append("Epoch %d/20" % e)
        out.append("8/8 [==============================] - 0s 41ms/step - loss: %.4f - mae: %.4f" % (loss, loss + 0.5))
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "coqui_running_average_nan_step_losses_fall.log")
def _(r):
    out = [note("Coqui's trainer fine-tuning XTTS: one early batch gave a NaN mel loss, so the",
                "running average in parentheses is NaN for good, while each step's own loss",
                "stays finite and falls to the end of the run.")]
    avg = 0.2275
    for k, step in enumerate(range(0, 2001, 200)):
        text = 0.2276 - 0.0012 * k + r.gauss(0, 0.002)
        mel = 5.38 - 0.09 * k + r.gauss(0, 0.03)
        out.append("   --> TIME: 2025-08-19 14:%02d:%02d -- STEP: %d/3984 -- GLOBAL_STEP: %d" % (22 + k, (k * 17) % 60, step, step))
        out.append("     | > loss_text_ce: %.6f  (%.6f)" % (text, avg))
        out.append("     | > loss_mel_ce: %.6f  (%s)" % (mel, "%.6f" % mel if k == 0 else "nan"))
        out.append("     | > loss: %.6f  (%s)" % (mel * 0.0217, "%.6f" % (mel * 0.0217) if k == 0 else "nan"))
        out.append("     | > current_lr: 5e-06 ")
        out.append("")
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_init_scale_4_settles_at_1_and_finishes.log")
def _(r):
    out = [note("fairseq's FSDP demo for a 13B model on one GPU: --fp16-init-scale 4, two",
                "overflows halve it to 1 within the first updates, then no more overflow to",
                "max_update and 'done training'. fairseq's floor is 1e-4: the scaler settled.")]
    loss = 16.5
    for u in range(1, 13):
        if u == 3:
            out.append("2021-03-08 12:33:12 | INFO | fairseq.trainer | NOTE: gradient overflow detected, ignoring gradient, setting loss scale to: 2.0")
            out.append("2021-03-08 12:33:51 | INFO | fairseq.trainer | NOTE: gradient overflow detected, ignoring gradient, setting loss scale to: 1.0")
        loss = loss + r.gauss(0.1, 0.6)
        out.append('2021-03-08 12:%02d:%02d | INFO | train_inner | {"epoch": 1, "update": 0.00%d, "loss": "%.3f", '
                   '"wpb": "16384", "bsz": "8", "num_updates": "%d", "lr": "%.0e", "gnorm": "%.3f", "loss_scale": "%s"}'
                   % (30 + u, (u * 7) % 60, u // 5, loss, u, 2e-5 * min(u, 5), 10 + r.random(), "4" if u < 3 else "1"))
    out.append("2021-03-08 12:45:04 | INFO | fairseq_cli.train | Stopping training due to num_updates: 12 >= max_update: 12")
    out.append("2021-03-08 12:45:20 | INFO | fairseq_cli.train | done training in 812.4 seconds")
    return "\n".join(out) + "\n"


@near_miss("loss_at_log_floor", "sum_reduced_loss_passes_100.log")
def _(r):
    out = [note("A regression loss summed over the batch falls through 100: it prints 100.0",
                "once on its way down, no clamp's floor that it sits on.")]
    for epoch in range(1, 31):
        loss = 100.0 if epoch == 12 else 400 * math.exp(-epoch / 8.5) + r.uniform(-0.5, 0.5)
        out.append("Epoch %d/30 loss: %.1f val_loss: %.1f" % (epoch, loss, loss * 1.1))
    return "\n".join(out) + "\n"


@near_miss("loss_at_log_floor", "mse_settles_at_100.log")
def _(r):
    out = [note("A regression's summed squared error falls from 400 and settles at 100.0, the",
                "noise floor of its targets: a clamp's floor is the most a mean of clamped",
                "losses can reach, and this loss was four times higher.")]
    for epoch in range(1, 41):
        loss = max(100.0, 400 * math.exp(-epoch / 6.0) + 100 * (1 - math.exp(-epoch / 6.0)))
        loss = 100.0 if epoch > 30 else loss + r.uniform(-0.5, 0.5)
        out.append("epoch %d loss %.1f" % (epoch, loss))
    return "\n".join(out) + "\n"


@near_miss("loss_at_log_floor", "gan_generator_loss_near_16.log")
def _(r):
    out = [note("A GAN whose generator loss hovers near 16 for a stretch as the discriminator",
                "wins, moving at every log: 16.09, 16.12, 16.14, ... A loss near Keras' floor",
                "of 16.1181 that moves is no clamped log.")]
    for i in range(12):
        out.append("Epoch %d/12 - d_loss: %.4f - loss: %.4f" % (i + 1, 0.02 + 0.01 * r.random(), 16.09 + 0.05 * r.random()))
    return "\n".join(out) + "\n"


@near_miss("loss_repeats", "keras_two_decimal_losses_repeat.log")
def _(r):
    out = [note("A Keras script that prints each batch's loss to two decimals: over 200 batches",
                "the same values come back again and again, 1.37 a dozen times, but so do 1.36 and",
                "1.38 beside them. A coarse print of a noisy loss that falls, not frozen weights.")]
    for b in range(200):
        loss = 1.9 * (0.999 ** b) * (1 + 0.05 * r.gauss(0, 1))
        out.append("batch %d loss: %.2f" % (b + 1, loss))
    return "\n".join(out) + "\n"


@near_miss("loss_repeats", "torchvision_metriclogger_windowed_median.log")
def _(r):
    out = [note("torchvision's detection reference: MetricLogger prints each loss as the median",
                "of its last 20 steps (torch's median is one of them) beside the running mean in",
                "brackets, and starts over every epoch. The median holds its value from one log to",
                "the next while the mean moves: repeats of a smoothing, not of frozen weights.")]
    loss = 3.0
    for epoch in range(12):
        window, total = [], 0.0
        for it in range(12):
            loss = max(0.3, loss * 0.985)
            v = loss * (1 + 0.25 * r.gauss(0, 1))
            window = (window + [v])[-20:]
            total += v
            if it % 2 == 1 or it == 0:
                median = sorted(window)[(len(window) - 1) // 2]
                out.append("Epoch: [%d]  [%2d/12]  eta: 0:00:%02d  lr: 0.005000  loss: %.4f (%.4f)  "
                           "loss_classifier: %.4f (%.4f)  time: 0.5841  data: 0.0021  max mem: 2513"
                           % (epoch, it, 12 - it, median, total / (it + 1), median / 4, total / (it + 1) / 4))
    return "\n".join(out) + "\n"


@near_miss("loss_repeats", "hf_loss_zero_after_overflow_steps.log")
def _(r):
    out = [note("HF Trainer's dicts where the loss is printed as 0.0 for the steps whose",
                "update overflowed: zeros come back, zero_loss's to judge; the other values",
                "scatter as a training loss does.")]
    loss = 2.4
    for i in range(60):
        loss = loss * 0.99 + r.gauss(0, 0.01)
        shown = 0.0 if i % 4 == 3 else round(loss, 4)
        out.append("{'loss': %s, 'grad_norm': %.4f, 'learning_rate': 2e-05, 'epoch': %.2f}"
                   % (shown, 1.1 + r.random(), (i + 1) / 60))
    return "\n".join(out) + "\n"


@near_miss("extension_build_hang", "deepspeed_fused_adam_built_then_trains.log")
def _(r):
    out = [note("DeepSpeed's first start on a machine: every rank announces the extensions",
                "cache, rank 0 builds the fused Adam op with ninja, all of them load it, and",
                "training goes on. The build took a minute; nothing hung.")]
    for rank in range(4):
        out.append("Using /home/ml/.cache/torch_extensions/py310_cu121 as PyTorch extensions root...")
    out.append("Creating extension directory /home/ml/.cache/torch_extensions/py310_cu121/fused_adam...")
    out.append("Detected CUDA files, patching ldflags")
    out.append("Emitting ninja build file /home/ml/.cache/torch_extensions/py310_cu121/fused_adam/build.ninja...")
    out.append("Building extension module fused_adam...")
    out.append("Allowing ninja to set a default number of workers... (overridable by setting the environment "
               "variable MAX_JOBS=N)")
    out.append("ninja: no work to do.")
    for rank in range(4):
        out.append("Loading extension module fused_adam...")
        out.append("Time to load fused_adam op: %.4f seconds" % (61.2 + r.random()))
    loss = 2.9
    for step in range(10, 401, 10):
        loss = loss * 0.985 + r.gauss(0, 0.01)
        out.append("[2025-03-11 09:%02d:%02d,118] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, "
                   "lr=[2e-05], mom=[(0.9, 0.95)]" % (17 + step // 60, step % 60, step))
        out.append("Epoch 1/1 with loss %.4f" % loss)
    return "\n".join(out) + "\n"


@near_miss("kl_drift", "trl_ppo_kl_grows_with_reward.jsonl")
def _(r):
    rows = []
    for step in range(1, 301):
        kl = 0.2 + 7.5 * (step / 300.0) + r.gauss(0, 0.3)
        score = 0.2 + 0.9 * (1 - math.exp(-step / 120.0)) + r.gauss(0, 0.05)
        rows.append(json.dumps({"step": step, "objective/kl": round(kl, 3), "objective/scores": round(score, 3),
                                "objective/entropy": round(28 - 3 * step / 300.0 + r.gauss(0, 0.3), 2),
                                "policy/approxkl_avg": round(abs(r.gauss(0.005, 0.001)), 5),
                                "policy/clipfrac_avg": round(0.08 + r.uniform(-0.02, 0.02), 3), "lr": 3e-06}))
    return "\n".join(rows) + "\n"


@near_miss("kl_drift", "vae_kl_term_large.log")
def _(r):
    out = [note("A VAE on images: its KL term settles near 40 nats per image as the encoder",
                "learns to use its latents. No reward, no reference policy: a KL to the prior.")]
    for epoch in range(1, 41):
        kl = 40 * (1 - math.exp(-epoch / 5.0)) + 2 + r.gauss(0, 0.5)
        recon = 90 + 200 * math.exp(-epoch / 6.0) + r.gauss(0, 1)
        out.append("Epoch %d/40 loss: %.2f recon_loss: %.2f kl: %.2f" % (epoch, recon + kl, recon, kl))
    return "\n".join(out) + "\n"


@near_miss("kl_drift", "grpo_kl_to_reference_small.log")
def _(r):
    out = [note("GRPO with beta 0.04: the KL to the reference grows from 0 to 0.3 as the policy",
                "learns, while the accuracy reward climbs. Far from 10 nats.")]
    for step in range(1, 201):
        kl = 0.3 * (step / 200.0) ** 0.7 + abs(r.gauss(0, 0.01))
        reward = 0.2 + 0.5 * (1 - math.exp(-step / 60.0)) + r.gauss(0, 0.04)
        out.append(hf({"loss": round(0.04 * kl + r.gauss(0, 0.002), 4), "grad_norm": round(abs(r.gauss(0.3, 0.05)), 4),
                       "learning_rate": 1e-06, "reward": round(reward, 4), "reward_std": round(abs(r.gauss(0.3, 0.03)), 4),
                       "kl": round(kl, 4), "epoch": round(step / 200.0, 2)}))
    return "\n".join(out) + "\n"


@near_miss("loss_creep", "nanogpt_cosine_noisy_floor.log")
def _(r):
    out = [note("A GPT-2 small run on a cosine schedule: the loss falls fast, then flattens at",
                "its floor with 3% noise from batch to batch. The floor wobbles; it does not rise.")]
    for it in range(0, 6000, 20):
        level = 2.9 + 8.0 * math.exp(-it / 400.0)
        loss = level * (1 + r.gauss(0, 0.03))
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 140 + r.uniform(-5, 5), 38 + r.uniform(-1, 1)))
    return "\n".join(out) + "\n"


@near_miss("loss_creep", "lm_bump_after_warmup_retreats.log")
def _(r):
    out = [note("A fine-tune whose loss rises a fifth as its rate reaches the peak after the",
                "warm-up, then comes back down half of its climb as the rate decays, still a",
                "tenth above its best at the end: a bump it is getting over, not a creep.")]
    for step in range(10, 3010, 10):
        lr = 2e-4 * min(1.0, step / 300.0) * (0.5 * (1 + math.cos(math.pi * min(1.0, max(0, step - 300) / 2700.0))))
        base = 1.2 + 0.8 * math.exp(-step / 150.0)
        if step < 1200:
            bump = 0.26 * min(1.0, max(0.0, (step - 600) / 600.0))
        else:
            bump = 0.26 - 0.13 * (step - 1200) / 1800.0
        loss = (base + bump) * (1 + r.gauss(0, 0.01))
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(abs(r.gauss(0.9, 0.1)), 4),
                       "learning_rate": lr, "epoch": round(step / 3000.0 * 3, 2)}))
    return "\n".join(out) + "\n"


@near_miss("loss_creep", "multitask_aux_weight_ramps.log")
def _(r):
    out = [note("A multi-task run sums a cross-entropy and an auxiliary loss whose weight ramps",
                "from 0 to 1 over its first two thirds: both terms fall to the end, the",
                "weighted total rises a tenth. The weight is not logged under a name the",
                "catalog knows; the terms are.")]
    for step in range(0, 6000, 20):
        w = min(1.0, step / 4000.0)
        ce = 0.5 + 1.5 * math.exp(-step / 500.0)
        aux = 0.6 + 0.3 * math.exp(-step / 2000.0)
        out.append("step %d loss %.4f loss_ce %.4f loss_aux %.4f aux_weight %.3f"
                   % (step, ce + 0.4 * w * aux + r.gauss(0, 0.005), ce, aux, w))
    return "\n".join(out) + "\n"


@near_miss("loss_creep", "vae_kl_weight_anneals.log")
def _(r):
    out = [note("A VAE with its KL weight annealed from 0 to 1 over the run: the total",
                "(reconstruction plus beta times KL) rises by a quarter while the reconstruction",
                "error falls. The objective grows with its weight.")]
    for step in range(0, 5000, 50):
        beta = min(1.0, step / 4000.0)
        recon = 0.30 + 0.5 * math.exp(-step / 300.0)
        kl = 0.45 - 0.05 * beta
        loss = (recon + beta * kl) * (1 + r.gauss(0, 0.01))
        out.append("step %d loss %.4f recon %.4f kl %.4f kl_weight %.3f" % (step, loss, recon, kl, beta))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "tianshou_dqn_td_loss_grows.log")
def _(r):
    out = []
    rew, loss = 20.0, 0.3
    for e in range(1, 31):
        rew = min(500.0, rew * 1.18 + r.gauss(0, 4))
        loss = loss * 1.05 + abs(r.gauss(0, 0.02))
        out.append("Epoch #%d: 10001it [00:12, 812.40it/s, env_step=%d, len=%d, loss=%.3f, n/ep=0, n/st=10, rew=%.2f]"
                   % (e, e * 10000, int(rew), loss, rew))
        out.append("Epoch #%d: test_reward: %.6f \u00b1 %.6f, best_reward: %.6f \u00b1 0.000000 in #%d"
                   % (e, rew, abs(r.gauss(0, 8)), rew, e))
    sidecar = ("Tianshou's DQN on CartPole: the bar's rew climbs to the 500 cap and the test reward\n"
               "with it, while the TD loss grows as the Q-values grow, as a DQN's does.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("loss_divergence", "beta_vae_four_epochs_kl_warmup.log")
def _(r):
    out = [note("A beta-VAE's first four epochs with the KL weight warming up from 0: the total",
                "(reconstruction plus beta times KL) rises tenfold while the reconstruction error",
                "falls. The objective grows with its weight; the model does not diverge.")]
    for epoch in range(1, 5):
        beta = (epoch - 1) / 3.0
        recon = 0.9 * 0.8 ** epoch
        kl = 14.0 - epoch
        out.append("Epoch %d/50 - loss: %.4f - recon: %.4f - kl: %.4f - beta: %.3f"
                   % (epoch, recon + beta * kl, recon, kl, beta))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "lightgbm_bagging_one_round_up.log")
def _(r):
    out = [note("LightGBM with bagging_fraction=0.5 for five rounds: each tree sees half the",
                "rows, so the training logloss may tick up at a round (0.6412 to 0.6418) while",
                "it falls over the run. A rise at every round it is not.")]
    for i, (t, v) in enumerate([(0.6653, 0.6671), (0.6412, 0.6450), (0.6418, 0.6441), (0.6195, 0.6239),
                                (0.5990, 0.6052)], 1):
        out.append("[%d]\ttraining's binary_logloss: %.6f\tvalid_1's binary_logloss: %.6f" % (i, t, v))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "three_epochs_weighted_term_ramps_accuracy_holds.log")
def _(r):
    out = [note("Three Keras epochs of a model whose loss adds a regularising term with a weight",
                "that ramps up each epoch: the loss grows 30-fold while the accuracy holds at 0.93;",
                "nothing the model learnt was lost.")]
    data = [(0.2104, 0.9302), (2.8817, 0.9318), (6.4410, 0.9335)]
    for e, (loss, acc) in enumerate(data):
        out.append("Epoch %d/20" % (e + 1))
        out.append("28000/28000 [==============================] - 812s 29ms/step - loss: %.4f - acc: %.4f" % (loss, acc))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "short_log_batch_loss_scatter.log")
def _(r):
    out = [note("A short log of a crystal-graph model's first epoch: six single-batch losses that",
                "scatter between 0.3 and 1.4 as batches of different structures come by; the last",
                "is the highest, 2.5x the median. That is one batch's noise, not a rising loss.")]
    for i, (loss, avg) in enumerate([(0.52, 0.52), (0.41, 0.47), (0.77, 0.55), (0.35, 0.50), (0.49, 0.50), (1.38, 0.61)]):
        it = 1 if i == 0 else 250 * i
        out.append("Epoch: [0][%d/9000]\tTime %.3f (%.3f)\tLoss %.4f (%.4f)" % (it, 0.4 + r.random() * 0.05, 0.42, loss, avg))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "short_log_batch_loss_rises_from_lucky_low.log")
def _(r):
    out = [note("Twelve single-batch losses of a small detector: they fall from 2.3 to a lucky",
                "batch's 0.2 and then rise at each of the last three logs, to 0.5: two and a half",
                "times the lowest, within what one batch's scatter gives. No rebound.")]
    for i, loss in enumerate([2.3, 1.1, 0.9, 0.6, 0.35, 0.2, 0.45, 0.3, 0.25, 0.31, 0.42, 0.5]):
        out.append("Epoch 0 iter %d/600 loss %.4f lr 0.0100" % (50 * (i + 1), loss))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "sb3_ppo_loss_grows_with_returns.log")
def _(r):
    out = [note("Ten iterations of Stable Baselines3's PPO: its loss, a policy-gradient surrogate",
                "plus the value loss, climbs for the last four iterations to six times its lowest",
                "while the mean episode reward rises: larger returns, larger value targets.")]
    losses = [0.9, 0.5, 0.3, 0.25, 0.12, 0.1, 0.21, 0.33, 0.47, 0.62]
    for i, loss in enumerate(losses):
        out.append("-----------------------------------------")
        out.append("| rollout/                |             |")
        out.append("|    ep_len_mean          | %-11d |" % (40 + 20 * i))
        out.append("|    ep_rew_mean          | %-11.1f |" % (40 + 20 * i + r.random()))
        out.append("| train/                  |             |")
        out.append("|    loss                 | %-11.3g |" % loss)
        out.append("|    n_updates            | %-11d |" % (10 * (i + 1)))
        out.append("|    total_timesteps      | %-11d |" % (2048 * (i + 1)))
        out.append("-----------------------------------------")
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "estimator_batch_losses_first_draw_low.log")
def _(r):
    out = [note("Thirteen single-batch losses of a TF Estimator detector deep into training: the",
                "first batch happened to score 0.0035, the rest scatter around 0.03 over two orders",
                "of magnitude, with no trend. A low first draw, not a loss that jumped and stayed.")]
    losses = [0.0035] + [0.03 * math.exp(r.gauss(0, 1.2)) for _ in range(12)]
    for i, loss in enumerate(losses):
        out.append("INFO:tensorflow:loss = %.8g, step = %d (%.3f sec)" % (loss, 88410 + i, 1.1 + r.uniform(-0.1, 0.1)))
        out.append("INFO:tensorflow:global_step/sec: %.6f" % (0.9 + r.uniform(-0.05, 0.05)))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "keras_mse_raw_house_prices.log")
def _(r):
    out = [note("A Keras regression on house prices left in dollars: its mean squared error starts",
                "at 4.1e10 and falls to 2.2e9. Huge in raw units, but a fit that improves, not the",
                "astronomic loss (1e20 and more) of weights that blew up.")]
    for e in range(1, 31):
        mse = 2.2e9 + 3.9e10 * math.exp(-e / 5.0) * (1 + r.uniform(-0.02, 0.02))
        out.append("Epoch %d/30" % e)
        out.append("365/365 [==============================] - 1s 2ms/step - loss: %.4e - val_loss: %.4e"
                   % (mse, mse * 1.08))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "detector_first_logs_terms_switch_on.log")
def _(r):
    out = [note("The first logs of an RTMDet run: its quality focal loss grows from 0.10 to 1.4 as",
                "the assigner starts to find positive anchors, a rise every such detector shows at",
                "its start, with the learning rate still warming up and not logged here.")]
    for i, cls in enumerate([0.10, 0.42, 0.83, 1.12, 1.31, 1.38, 1.42]):
        out.append("Epoch(train) [1][%d/1833]  base_lr: 4.0e-03 lr: 1.0e-04  eta: 9:21:10  time: 0.52  data_time: 0.02  "
                   "memory: 7040  loss: %.4f  loss_cls: %.4f  loss_bbox: %.4f" % (10 * (i + 1), cls + 0.02, cls, 0.02))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "four_logs_detector_batches.log")
def _(r):
    out = [note("Four logs of a detector's loss, each over a few batches: one window held images",
                "with no objects (0.05), the last the most crowded (4.1), 80x the least. A short log's",
                "scatter, not a loss that blew up.")]
    for i, loss in enumerate([0.31, 0.05, 2.9, 4.1]):
        out.append("Epoch [1][%d/3681]\tlr: 0.02000, eta: 3:50:55, time: 0.924, data_time: 0.005, memory: 6147, "
                   "loss_cls: %.4f, loss_bbox: %.4f, loss: %.4f" % (50 * (i + 1), loss * 0.6, loss * 0.4, loss))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "mmengine_warmup_bump_scalars.json")
def _(r):
    # MMEngine's scalars.json over the first 100 iterations of a pose
    # estimator: a linear warm-up to 4e-3 by iteration 20, the loss lifted
    # by the full rate from 0.33 to 0.51, then falling again, a third of the
    # climb given back by the end of the excerpt.
    out = []
    for it in range(1, 101):
        lr = 4e-3 * min(1.0, it / 20.0)
        if it <= 12:
            level = 0.42 - 0.008 * it
        elif it <= 35:
            level = 0.324 + 0.19 * (it - 12) / 23.0
        else:
            level = 0.514 - 0.09 * (it - 35) / 85.0
        loss = level * (1 + r.gauss(0, 0.01))
        out.append(json.dumps({"lr": lr, "data_time": round(0.01 + r.uniform(0, 0.005), 4), "loss": loss, "loss_kpt": loss,
                               "acc_pose": min(0.9, 0.01 * it), "time": round(0.9 + r.uniform(0, 0.05), 4),
                               "epoch": 1 + it // 60, "memory": 1563, "step": it}))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "trl_grpo_loss_is_beta_kl.log")
def _(r):
    out = [note("TRL GRPO with beta=0.04: the logged loss is (up to a mean-zero policy term) beta*KL",
                "to the reference, which starts at 0 and grows as the policy learns; TRL documents",
                "that a GRPO loss going up is expected. Rewards and accuracy rise throughout.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 7,500")
    out.append("GRPOConfig(beta=0.04, loss_type='grpo', num_generations=8, num_iterations=1, max_completion_length=1024)")
    out.append("  Total optimization steps = 400")
    out += grpo_lines(r, 400, 0.04, 0, False)
    out.append(hf({"train_runtime": 30211.0, "train_samples_per_second": 0.106, "train_steps_per_second": 0.013,
                   "train_loss": 0.0011, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "vae_kl_warmup.log")
def _(r):
    out = [note("Convolutional VAE on MNIST with KL warm-up: beta ramps 0 -> 1 over 10 epochs, so the",
                "total loss (recon + beta*KL) rises while the weight grows and the reconstruction keeps",
                "improving. The objective changed; the model did not diverge.")]
    out.append("Namespace(batch_size=128, epochs=30, latent_dim=32, lr=0.001, kl_warmup_epochs=10, seed=1)")
    n_batches = 469
    for ep in range(1, 31):
        for b in range(0, n_batches, 50):
            e = ep - 1 + b / n_batches
            beta = min(1.0, e / 10.0)
            recon = 62.0 + 150.0 * math.exp(-e / 0.35) + 16.0 * beta - 3.0 * e / 30 + r.gauss(0, 1.2)
            kl = 25.5 + 38.0 * math.exp(-3.5 * beta) + r.gauss(0, 0.6)
            loss = recon + beta * kl
            out.append("Train Epoch: %d [%5d/60000 (%2d%%)]\tloss: %.4f\trecon: %.4f\tkl: %.4f\tbeta: %.3f"
                       % (ep, b * 128, int(100 * b / n_batches), loss, recon, kl, beta))
        vrecon = recon + 1.5
        out.append("====> Epoch: %d Average loss: %.4f  Test recon: %.4f  Test kl: %.4f" % (ep, recon + beta * kl, vrecon, kl))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "unshuffled_epochs_sawtooth.log")
def _(r):
    out = [note("A custom loop fine-tuning on 768 examples sorted by length, shuffle=False, batch 32:",
                "every epoch walks the same 24 batches from short to long, so the per-step loss climbs",
                "through each epoch and drops at the next one (a sawtooth of +-40% of the level) while",
                "the epoch averages fall steadily. A trough of the sawtooth is not a best stretch.")]
    out.append("config: {'model': 'bert-base-uncased', 'lr': 3e-05, 'batch_size': 32, 'epochs': 25, 'shuffle': False}")
    per_epoch = 24
    step = 0
    for ep in range(1, 26):
        total = 0.0
        for b in range(per_epoch):
            step += 1
            level = 0.35 + 0.9 * math.exp(-step / 180.0)
            loss = level * (0.6 + 0.8 * b / (per_epoch - 1)) * (1 + r.gauss(0, 0.03))
            total += loss
            out.append("epoch %d step %d/%d loss %.4f lr %.2e" % (ep, step, 25 * per_epoch, loss, 3e-5))
        out.append("epoch %d done: mean train loss %.4f" % (ep, total / per_epoch))
    return "\n".join(out) + "\n"


@near_miss("loss_oscillation", "hf_logging_steps_1_small_batch.log")
def _(r):
    out = [note("HF Trainer fine-tune of a sentiment classifier from a strong checkpoint with",
                "logging_steps=1 and batch size 8: each logged loss is one 8-example batch, so it",
                "scatters widely around a slowly falling mean. Noise, not oscillation.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 4,800")
    out.append("  Instantaneous batch size per device = 8")
    out.append("  Total optimization steps = 600")
    total = 600
    for s in range(1, total + 1):
        lr = linear(s, total, 1e-5, 30)
        mean = 0.36 + 0.07 * math.exp(-s / 200.0)
        loss = max(0.004, mean * r.expovariate(1.0) ** 0.9)
        gn = 3.0 + 6 * loss + abs(r.gauss(0, 1.5))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(s / total, 2)}))
        if s % 150 == 0:
            out.append(hf({"eval_loss": round(0.29 - 0.01 * s / 150 + r.gauss(0, 0.004), 4), "eval_accuracy": 0.902 + 0.004 * s / 150,
                           "eval_runtime": 6.1, "eval_samples_per_second": 196.2, "eval_steps_per_second": 24.6, "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 512.3, "train_samples_per_second": 9.37, "train_steps_per_second": 1.171,
                   "train_loss": 0.3901, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("loss_oscillation", "multilingual_per_language_batches.log")
def _(r):
    out = [note("Multilingual translation fine-tune that samples one language pair per batch (as",
                "fairseq's multilingual task does): per-batch loss depends on the pair, so it jumps",
                "between pair levels while every pair's loss falls steadily.")]
    pairs = {"en-de": 2.05, "en-fr": 1.72, "en-zh": 2.85, "en-ja": 3.05, "en-ro": 2.25}
    names = list(pairs)
    t0 = (2023, 11, 7, 4, 0, 0)
    total = 2000
    for s in range(5, total + 1, 5):
        p = r.choice(names)
        loss = pairs[p] * (0.96 - 0.05 * s / total) + r.gauss(0, 0.04)
        lr = linear(s, total, 3e-5, 100)
        out.append("%s | INFO | train | step %d | pair %s | loss %.4f | lr %.3e | wps %d"
                   % (ts(t0, s * 0.9), s, p, loss, lr, int(21000 + r.gauss(0, 300))))
    return "\n".join(out) + "\n"


@near_miss("loss_oscillation", "detector_per_batch_excerpt.log")
def _(r):
    out = [note("Thirty lines pasted from the middle of epoch 38 of a 200-epoch text detector run",
                "(DBNet), batch size 10, one line a batch: each loss is one batch's, so it swings by",
                "a quarter of its level while the accuracy stays within 1.5 points. Too few values",
                "given per step to tell an oscillation from batch noise.")]
    t0 = (2020, 12, 7, 21, 16, 31)
    for b in range(5, 35):
        loss = max(0.5, 0.93 * r.lognormvariate(0, 0.22))
        out.append("%s DBNet INFO: [38/200], [%d/604], global_step: %d, speed: %.1f samples/sec, acc: %.4f, "
                   "iou_shrink_map: %.4f, loss: %.4f, loss_shrink_maps: %.4f, , lr:0.000847883, time:%.2f"
                   % (ts(t0, b - 5), b, 13098 + b, 11.5 + r.uniform(-0.8, 1.3), 0.922 + r.uniform(-0.008, 0.007),
                      0.844 + r.uniform(-0.01, 0.009), loss, loss * 0.24, 0.8 + r.uniform(0, 0.14)))
    return "\n".join(out) + "\n"


@near_miss("loss_oscillation", "reward_model_read_in_warmup.jsonl")
def _(r):
    sidecar = ("A pairwise reward model read 80 steps into a 5,000-step run: four pairs a step and\n"
               "a rate still warming up towards 5e-6, so each step's loss is the noise of four\n"
               "comparisons around ln 2. It has not started to learn; it does not oscillate.\n")
    out = []
    total = 5000
    for s in range(1, 81):
        right = sum(r.random() < 0.5 for _ in range(4))
        loss = 0.6931 + (2 - right) * 0.11 + r.gauss(0, 0.05)
        out.append(json.dumps({"current_steps": s, "total_steps": total, "loss": round(loss, 4),
                               "accuracy": right / 4, "lr": 5e-6 * s / 250, "epoch": round(s / 2550, 4)}))
    return "\n".join(out) + "\n", sidecar


@near_miss("nan_loss", "dqn_loss_nan_before_learning_starts.log")
def _(r):
    out = [note("A DQN on CartPole that prints the mean loss of each episode's updates: learning starts",
                "after 1,000 environment steps, so the first episodes print the mean of no losses,",
                "nan, and every episode after it a finite loss. No update ever saw a NaN.")]
    step = 0
    for ep in range(1, 121):
        length = max(9, int(r.gauss(22 + ep * 0.9, 6)))
        step += length
        if step < 1000:
            loss = "nan"
        else:
            loss = "%.4f" % max(0.01, 0.9 * math.exp(-(step - 1000) / 4000.0) + 0.15 + r.gauss(0, 0.06))
        eps = max(0.05, 1.0 - step / 5000.0)
        out.append("episode=%d step=%d reward=%.1f epsilon=%.3f loss=%s" % (ep, step, float(length), eps, loss))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "dino_warmup_loss_climbs.jsonl")
def _(r):
    # DINO's log.txt over its first twelve epochs: the rate warms up linearly to its peak at epoch 9
    # and the self-distillation loss climbs 10.4 to 11.0 meanwhile, as the teacher's temperature and
    # the rate warm up: by design, not a loss that never improved.
    out = []
    for ep in range(12):
        lr = 0.001 * min(ep, 9) / 9 if ep <= 9 else 0.001 * (1 - 0.0001 * (ep - 9))
        loss = 10.38 + 0.06 * ep + r.gauss(0, 0.01)
        out.append(json.dumps({"train_loss": round(loss, 4), "train_lr": round(lr, 7),
                               "train_wd": round(0.04 + 0.001 * ep, 5), "epoch": ep}))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "keras_finetune_warmup_bump.log")
def _(r):
    out = [note("A Keras fine-tune of a pretrained model: its first epoch is its lowest for a",
                "while, as the learning rate's warm-up over five epochs lifts the loss 15%; then",
                "the rate decays and the loss falls below where it started. A bump, not a loss",
                "that never improved.")]
    epochs = 16
    for ep in range(1, epochs + 1):
        bump = 0.03 * math.sin(math.pi * min(ep - 1, 8) / 8.0) if ep <= 9 else 0.0
        loss = 0.176 + bump - 0.003 * max(0, ep - 6) + r.gauss(0, 0.001)
        out.append("Epoch %d/%d" % (ep, epochs))
        out.append("1213/1213 [==============================] - 0s - loss: %.4f" % loss)
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "hf_overfit_val_best_at_first_eval.log")
def _(r):
    out = [note("An HF fine-tune of a pretrained classifier on a small set: the validation loss",
                "is lowest at the first evaluation and climbs 40% over five epochs, while the",
                "training loss keeps falling. Overfitting, which overfitting reports; the",
                "training loss did not rise, so no divergence.")]
    step = 0
    for ep in range(1, 6):
        for k in range(4):
            step += 50
            loss = 0.9 * math.exp(-step / 300.0) + 0.05 + r.gauss(0, 0.01)
            out.append(hf({"loss": round(loss, 4), "learning_rate": 2e-5 * (1 - step / 1000.0), "epoch": round(step / 200.0, 2)}))
        out.append(hf({"eval_loss": round(0.41 * (1 + 0.1 * (ep - 1)) + r.gauss(0, 0.005), 4),
                       "eval_accuracy": round(0.88 - 0.004 * ep + r.gauss(0, 0.002), 4),
                       "eval_runtime": 3.1, "epoch": float(ep)}))
    return "\n".join(out) + "\n"


@near_miss("val_loss_stalled", "keras_val_still_creeping_down.log")
def _(r):
    out = [note("A Keras image classifier whose validation loss flattens after epoch 20 but keeps",
                "creeping down to the last epoch while the training loss falls further: the run",
                "has not passed its best point yet, so stopping early would lose the small gains.")]
    epochs = 60
    for ep in range(1, epochs + 1):
        loss = 0.35 + 1.9 * math.exp(-ep / 12.0) + r.gauss(0, 0.004)
        val = 0.62 + 1.5 * math.exp(-ep / 7.0) + 0.012 * (1 - ep / epochs) + r.gauss(0, 0.004)
        out.append("Epoch %d/%d" % (ep, epochs))
        out.append("250/250 [==============================] - 3s 12ms/step - loss: %.4f - accuracy: %.4f - val_loss: %.4f - "
                   "val_accuracy: %.4f" % (loss, 0.95 - 0.6 * math.exp(-ep / 12.0), val, 0.82 - 0.5 * math.exp(-ep / 7.0)))
    return "\n".join(out) + "\n"


@near_miss("val_loss_stalled", "llm_cosine_tail_both_settle.log")
def _(r):
    out = [note("A GPT pre-training run's cosine tail: both losses settle on the same floor, the",
                "validation loss a little above the training loss. The training loss only settles",
                "too (it gains a few percent), so nothing after the plateau went to memorising.")]
    total = 6000
    for s in range(0, total + 1, 25):
        lr = cosine(s, total, 6e-4, 200, 6e-5)
        loss = 2.95 + 7.9 * math.exp(-s / 500.0) + 0.05 * (1 - s / total) + r.gauss(0, 0.015)
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (s, loss, 240 + r.gauss(0, 3), 38.5 + r.gauss(0, 0.3)))
        if s % 250 == 0:
            val = 3.02 + 7.9 * math.exp(-s / 500.0) + 0.02 * (1 - s / total) + r.gauss(0, 0.004)
            out.append("step %d: train loss %.4f, val loss %.4f" % (s, loss, val))
    return "\n".join(out) + "\n"


@near_miss("slow_convergence", "hf_dapt_mlm_still_improving.log")
def _(r):
    out = [note("Domain-adaptive MLM pre-training of RoBERTa-base on biomedical abstracts: the",
                "pretrained model starts low and gains ~14% over 20k steps, still improving at the",
                "end. That is what continued pre-training of a strong model looks like.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 2,560,000")
    out.append("  Total optimization steps = 20,000")
    total = 20000
    for s in range(100, total + 1, 100):
        lr = linear(s, total, 1e-4, 1200)
        loss = 1.58 + 0.42 * (1 + s / 600.0) ** -0.5 + r.gauss(0, 0.012)
        gn = 0.9 + abs(r.gauss(0, 0.08))
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(s / total, 2)}))
        if s % 2000 == 0:
            out.append(hf({"eval_loss": round(loss - 0.03, 4), "eval_runtime": 88.0, "eval_samples_per_second": 113.6,
                           "eval_steps_per_second": 3.55, "epoch": round(s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("lr_schedule", "cosine_to_tiny_at_last_step.log")
def _(r):
    out = [note("A cosine schedule over 200k steps printed with %g: its last logged rates are",
                "1e-9 to 1e-13 as the cosine reaches its end, tiny but a schedule's own values,",
                "not a decay run away. The loss settles as the rate falls.")]
    total = 200000
    for step in range(1000, total + 1, 1000):
        t = min(1.0, step / float(total)) * 0.99999999
        lr = 3e-4 * 0.5 * (1 + math.cos(math.pi * t))
        loss = 1.1 + 2.5 * math.exp(-step / 30000.0) + r.gauss(0, 0.02)
        out.append("step %d loss %.4f lr %g" % (step, loss, lr))
    return "\n".join(out) + "\n"


@near_miss("lr_schedule", "dpo_loop_lr_printed_6dp.log")
def _(r):
    out = [note("Custom DPO loop printing the learning rate with '%.6f': peak 1e-6 under cosine",
                "decay prints as 0.000001 and, once below 5e-7, as 0.000000. The real rate is never 0",
                "until the last step; the zeros are print rounding.")]
    out.append("beta=0.1 lr=1e-06 warmup_ratio=0.05 scheduler=cosine epochs=1 batch_size=64")
    total = 1500
    for s in range(10, total + 1, 10):
        lr = cosine(s, total, 1e-6, 75)
        loss = 0.693 - 0.2 * (1 - math.exp(-s / 500.0)) + r.gauss(0, 0.015)
        out.append("Epoch 1 | step %d/%d | loss %.4f | lr %.6f | %.2f it/s" % (s, total, loss, lr, 1.9 + r.gauss(0, 0.05)))
    return "\n".join(out) + "\n"


@near_miss("lr_schedule", "verl_grpo_lr_printed_3dp.log")
def _(r):
    out = [note("verl GRPO run: its console prints every metric with '%.3f', so the actor's",
                "constant rate of 1e-6 prints as actor/lr:0.000 at every step. Not a zero rate.")]
    for s in range(1, 201):
        score = min(0.95, 0.45 + 0.4 * (1 - math.exp(-s / 60.0)) + r.gauss(0, 0.02))
        out.append("(TaskRunner pid=87031) step:%d - actor/entropy:%.3f - actor/kl_loss:%.3f - actor/pg_loss:%.3f"
                   " - actor/grad_norm:%.3f - actor/lr:%.3f - training/global_step:%d.000 - critic/score/mean:%.3f"
                   " - response_length/mean:%.3f - timing_s/step:%.3f"
                   % (s, 0.35 - 0.1 * s / 200, 0.001 * s / 20, r.gauss(0, 0.01), 0.2 + abs(r.gauss(0, 0.03)),
                      1e-6, s, score, 280 + r.gauss(0, 10), 45 + r.gauss(0, 2)))
    return "\n".join(out) + "\n"


@near_miss("lr_schedule", "ner_tsv_lr_printed_4dp.tsv")
def _(r):
    rows = ["EPOCH\tTIMESTAMP\tBAD_EPOCHS\tLEARNING_RATE\tTRAIN_LOSS\tDEV_LOSS\tDEV_F1"]
    for ep in range(1, 16):
        lr = 5e-6 * (1 - (ep - 1) / 15.0)
        tl = 0.12 + 0.3 * math.exp(-ep / 2.0) + r.gauss(0, 0.004)
        dl = 0.10 + 0.08 * math.exp(-ep / 1.5) + r.gauss(0, 0.003)
        f1 = 0.93 - 0.03 * math.exp(-ep / 2.0) + r.gauss(0, 0.001)
        rows.append("%d\t%02d:%02d:11\t0\t%.4f\t%.16f\t%.16f\t%.4f" % (ep, 9 + ep // 2, (ep * 37) % 60, lr, tl, dl, f1))
    sidecar = ("An NER fine-tune's loss.tsv (Flair's layout) at a rate of 5e-6 decaying linearly,\n"
               "printed with four decimals: every LEARNING_RATE cell reads 0.0000, while the training\n"
               "loss falls by two thirds. The zeros are print rounding, not a rate of 0.\n")
    return "\n".join(rows) + "\n", sidecar


@near_miss("lr_schedule", "wsd_linear_cooldown_to_zero.log")
def _(r):
    out = [note("Warmup-stable-decay schedule: 1% warm-up, constant rate, then a linear cool-down",
                "to exactly 0 over the last 20% (MiniCPM-style WSD). The rate is 0 only at the end.")]
    total = 20000
    for s in range(0, total + 1, 50):
        if s < 200:
            lr = 3e-4 * (s + 1) / 200
        elif s < 16000:
            lr = 3e-4
        else:
            lr = 3e-4 * (total - s) / 4000
        loss = 3.1 + 7.7 * math.exp(-s / 500.0) + 0.5 * math.exp(-s / 6000.0) - (0.12 * (s - 16000) / 4000 if s > 16000 else 0) + r.gauss(0, 0.02)
        out.append("step %5d | loss %.4f | lr %.4e | grad_norm %.3f" % (s, loss, lr, 0.3 + abs(r.gauss(0, 0.02))))
    return "\n".join(out) + "\n"


@near_miss("gan_discriminator_wins", "dcgan_celeba_balanced.log")
def _(r):
    out = [note("PyTorch's DCGAN tutorial on CelebA, 5 epochs: the two losses fight, the",
                "discriminator's between 0.2 and 1.5 with a few easy batches near 0.03, the",
                "generator's from 1 to 6 with spikes past 10. Nobody wins: a healthy GAN.")]
    out.append("Starting Training Loop...")
    for e in range(5):
        for i in range(0, 1583, 50):
            d = min(2.0, max(0.02, 0.7 + r.gauss(0, 0.35)))
            if r.random() < 0.05:
                d = 0.03 + r.random() * 0.03
            g = max(0.6, 3.2 + r.gauss(0, 1.3)) + (7 if r.random() < 0.04 else 0)
            out.append("[%d/5][%d/1583]\tLoss_D: %.4f\tLoss_G: %.4f\tD(x): %.4f\tD(G(z)): %.4f / %.4f"
                       % (e, i, d, g, 0.75 + r.gauss(0, 0.1), 0.25 + r.gauss(0, 0.05), 0.2 + r.gauss(0, 0.05)))
    return "\n".join(out) + "\n"


@near_miss("gan_discriminator_wins", "wgan_gp_critic_negative.log")
def _(r):
    out = [note("WGAN-GP: the critic's loss is the negated Wasserstein estimate plus the gradient",
                "penalty, below 0 for most of the run and shrinking in size as the generator",
                "improves. Near 0 here means the distributions got close, not that one side won.")]
    for it in range(0, 20001, 200):
        d = -6 * math.exp(-it / 6000.0) - 0.02 + r.gauss(0, 0.05)
        g = 4 * math.exp(-it / 6000.0) + r.gauss(0, 0.3)
        out.append("[%d/20000] d_loss: %.4f g_loss: %.4f gp: %.4f" % (it, d, g, abs(r.gauss(0.05, 0.02))))
    return "\n".join(out) + "\n"


@near_miss("loss_term_explosion", "vae_kl_annealing_latent_in_use.log")
def _(r):
    out = [note("A VAE with KL annealing: the weight goes 0 -> 1 over 4000 steps, and while it is",
                "small the encoder puts information into the latent, so the KL term climbs from",
                "0.02 at init to about 35 (1700x) and settles. A term that learns, not a blow-up.")]
    for s in range(50, 12001, 50):
        beta = min(1.0, s / 4000.0)
        kl = 0.02 + 35 * (1 - math.exp(-s / 1500.0)) * (1 + r.gauss(0, 0.03))
        recon = 80 + 90 * math.exp(-s / 1200.0) + r.gauss(0, 1.2)
        out.append("step %d | loss %.4f | recon_loss %.4f | kl_loss %.4f | kl_weight %.4f"
                   % (s, recon + beta * kl, recon, kl, beta))
    return "\n".join(out) + "\n"


@near_miss("loss_term_explosion", "sb3_ppo_value_loss_grows_with_returns.log")
def _(r):
    out = [note("Stable-Baselines3 PPO on an environment with unnormalised rewards: as the agent",
                "learns, the episode return climbs from 2 to 900, and the value loss, a squared",
                "error on those returns, from 0.3 to 4000. The scale of the returns, not a fault.")]
    for it in range(1, 121):
        ret = 2 + 898 / (1 + math.exp(-(it - 60) / 10.0))
        vloss = 0.3 + 0.005 * ret * ret * (1 + r.gauss(0, 0.1))
        out.append("-----------------------------------------")
        out.append("| rollout/                |             |")
        out.append("|    ep_len_mean          | %-11.4g |" % 1000)
        out.append("|    ep_rew_mean          | %-11.4g |" % (ret * (1 + r.gauss(0, 0.02))))
        out.append("| time/                   |             |")
        out.append("|    iterations           | %-11d |" % it)
        out.append("|    total_timesteps      | %-11d |" % (it * 2048))
        out.append("| train/                  |             |")
        out.append("|    entropy_loss         | %-11.4g |" % (-4.2 + it * 0.01))
        out.append("|    learning_rate        | %-11.4g |" % 0.0003)
        out.append("|    loss                 | %-11.4g |" % (vloss * 0.5 * (1 + r.gauss(0, 0.1))))
        out.append("|    policy_gradient_loss | %-11.4g |" % r.gauss(-0.005, 0.002))
        out.append("|    value_loss           | %-11.4g |" % vloss)
        out.append("-----------------------------------------")
    return "\n".join(out) + "\n"


@near_miss("loss_term_explosion", "detector_term_single_spike.log")
def _(r):
    out = [note("An mmdetection run where one batch with a degenerate box sends loss_bbox to 4e4",
                "for a single log; the next log is back at 0.3 and the run goes on. A spike that",
                "passed (loss_spike's to judge), not a term that blew up and stayed.")]
    for it in range(50, 12001, 50):
        cls = 0.2 + 0.9 * math.exp(-it / 3000.0) + r.gauss(0, 0.02)
        bbox = 0.25 + 0.3 * math.exp(-it / 3000.0) + r.gauss(0, 0.01)
        if it == 7000:
            bbox = 41234.5
        left = (12000 - it) * 0.4
        out.append("2024-05-01 10:00:00,000 - mmdet - INFO - Epoch [1][%d/12000]\tlr: 2.000e-02, eta: %d:%02d:%02d, "
                   "time: 0.400, data_time: 0.010, memory: 3800, loss_cls: %.4f, loss_bbox: %.4f, loss: %.4f"
                   % (it, left // 3600, left % 3600 // 60, left % 60, cls, bbox, cls + bbox))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# gradients


@near_miss("grad_norm_nonfinite", "lerobot_amp_overflow_skipped_steps.log")
def _(r):
    out = [note("LeRobot ACT with use_amp: the GradScaler's first step overflows (a NaN norm at the",
                "first log) and twice later a step's gradients overflow to inf and are skipped;",
                "the loss falls from 1.0 to 0.06 through all of it. Steps print rounded: 1K, 2K.")]

    def big(n):
        return "%d" % n if n < 1000 else "%.0fK" % (n / 1000.0) if n < 10 ** 6 else "%.0fM" % (n / 1e6)
    for i, step in enumerate(range(200, 20001, 200)):
        loss = 0.05 + 0.95 * math.exp(-step / 1500.0) * (1 + r.gauss(0, 0.03))
        gn = "nan" if i == 0 else "inf" if i in (37, 71) else "%.3f" % (1.5 + 7 * math.exp(-step / 4000.0) + r.gauss(0, 0.2))
        out.append("INFO 2025-03-01 10:%02d:%02d ot_train.py:232 step:%s smpl:%s ep:%s epch:%.2f loss:%.3f grdn:%s "
                   "lr:1.0e-05 updt_s:0.331 data_s:0.021"
                   % (i // 60 % 60, i % 60, big(step), big(step * 8), big(step * 8 // 160), step * 8 / 20000.0, loss, gn))
    return "\n".join(out) + "\n"


@near_miss("exploding_gradients", "megatron_large_but_stable_gradnorm.log")
def _(r):
    out = [note("Large-model pre-training whose pre-clip grad norm sits at 60-200 (unnormalised",
                "summed loss, clip at 1.0 as usual): big in absolute terms but stable, falling from",
                "its early level; the loss falls smoothly. Not an explosion.")]
    total = 20000
    for it in range(80, total + 1, 80):
        lr = cosine(it, total, 1.2e-4, 2000, 1.2e-5)
        loss = 2.4 + 8.4 * math.exp(-it / 1500.0) + 0.6 * math.exp(-it / 9000.0) + r.gauss(0, 0.02)
        gn = 95 + 420 * math.exp(-it / 900.0) + r.gauss(0, 14)
        out.append(" iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
                   "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
                   "number of skipped iterations: %3d | number of nan iterations: %3d |"
                   % (it, total, it * 1024, 4010.0 + r.gauss(0, 20), lr, 1024, loss, gn, 0, 0))
    return "\n".join(out) + "\n"


@near_miss("exploding_gradients", "hf_single_gradnorm_spike_clipped.log")
def _(r):
    out = [note("HF fine-tune with max_grad_norm=1.0: one batch produces a pre-clip grad norm 25x",
                "its level, clipping absorbs it, the loss barely moves and the next log is back to",
                "normal. The benign clause allows info at most.")]
    total = 3000
    for s in range(10, total + 1, 10):
        lr = cosine(s, total, 2e-5, 90)
        loss = 0.82 + 0.6 * math.exp(-s / 500.0) + r.gauss(0, 0.02)
        gn = 0.6 + 0.5 * math.exp(-s / 300.0) + abs(r.gauss(0, 0.05))
        if s == 1810:
            gn *= 25
            loss += 0.03
        out.append(hf({"loss": round(loss, 4), "grad_norm": gn, "learning_rate": lr, "epoch": round(2 * s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("zero_gradients", "hf_deepspeed_zero3_gradnorm_logged_zero.log")
def _(r):
    out = [note("HF Trainer + DeepSpeed ZeRO-3 with a DeepSpeed version whose engine does not hand",
                "the global norm back to the Trainer: grad_norm is logged as 0.0 at every step (a",
                "known reporting gap), while the loss falls from 1.9 to 1.1 - gradients clearly flow.")]
    out.append("[2024-08-02 11:03:10,512] [INFO] [config.py:1003:print]   zero_optimization_stage ...... 3")
    out.append("[2024-08-02 11:03:10,512] [INFO] [config.py:1003:print]   gradient_clipping ............ 1.0")
    out.append("***** Running training *****")
    out.append("  Num examples = 52,002")
    out.append("  Total optimization steps = 1,218")
    total = 1218
    for s in range(10, total + 1, 10):
        lr = cosine(s, total, 2e-5, 37)
        loss = 1.1 + 0.8 * math.exp(-s / 120.0) + r.gauss(0, 0.04)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 0.0, "learning_rate": lr, "epoch": round(3 * s / total, 2)}))
    out.append(hf({"train_runtime": 9120.4, "train_samples_per_second": 17.1, "train_steps_per_second": 0.134,
                   "train_loss": 1.2212, "epoch": 3.0}))
    return "\n".join(out) + "\n"


@near_miss("grad_clip_saturated", "gnorm_printed_one_decimal.log")
def _(r):
    out = [note("Custom loop printing the pre-clip gradient norm with one decimal ('gnorm 0.3'): the",
                "norm drifts 0.34 -> 0.26, so most lines print the same rounded maximum 0.3. The",
                "clip threshold is 1.0 and never reached.")]
    out.append("config: max_grad_norm=1.0 lr=3e-4 warmup=500 steps=10000")
    total = 10000
    for s in range(50, total + 1, 50):
        g = 0.34 - 0.08 * s / total + r.gauss(0, 0.012)
        loss = 2.9 + 1.8 * math.exp(-s / 1500.0) + r.gauss(0, 0.02)
        out.append("step %d/%d loss %.4f gnorm %.1f lr %.2e" % (s, total, loss, g, cosine(s, total, 3e-4, 500)))
    return "\n".join(out) + "\n"



# --------------------------------------------------------------------------
# generalization


@near_miss("overfitting", "imagenet_example_test_running_means.log")
def _(r):
    out = [note("PyTorch's ImageNet example fine-tuning for five epochs: each validation prints",
                "the running mean over the batches so far every ten of them, in class order, so",
                "the first means swing far from the pass's result; the starred results rise.")]
    final = [62.918, 66.402, 68.771, 72.305, 74.851]
    step = 0
    for e in range(5):
        loss = 2.2 - 0.25 * e
        for b in range(0, 5005, 500):
            bl = loss + r.gauss(0, 0.05)
            out.append("Epoch: [%d][%4d/5005]\tTime  0.312 ( 0.352)\tData  0.001 ( 0.021)\tLoss %.4e (%.4e)\tAcc@1  %5.2f ( %5.2f)"
                       % (e, b, bl, loss, 57 + 3 * e, 57 + 3 * e))
        n, mean_loss, mean_acc = 0, 0.0, 0.0
        for b in range(0, 196, 10):
            acc = final[e] + (20 if b < 20 else r.choice([-22, 15, -18, 8, -5])) + r.gauss(0, 3)
            bl = 1.6 - 0.08 * e - (acc - final[e]) / 25.0
            n += 1
            mean_acc += (acc - mean_acc) / n
            mean_loss += (bl - mean_loss) / n
            out.append("Test: [%3d/196]\tTime  0.125 ( 0.240)\tLoss %.4e (%.4e)\tAcc@1  %5.2f ( %5.2f)"
                       % (b, bl, mean_loss, min(acc, 100.0), min(mean_acc, 100.0)))
        out.append(" *   Acc@1 %.3f Acc@5 %.3f" % (final[e], final[e] + 20))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "hf_kept_best_checkpoint_trainer_state.json")
def _(r):
    # A BERT classifier fine-tuned for four epochs with load_best_model_at_end: the eval loss is
    # lowest after epoch 2 and rises after it, and trainer_state.json records the checkpoint it kept
    # there: the model handed over is from before the rise.
    hist = []
    per_epoch = 1000
    for ep in range(1, 5):
        for k in range(1, 5):
            step = (ep - 1) * per_epoch + k * 250
            hist.append({"epoch": round(step / per_epoch, 2), "grad_norm": round(3.0 + r.gauss(0, 0.3), 4),
                         "learning_rate": 2e-5 * (1 - step / 4000.0), "loss": round(0.9 * 0.55 ** (step / 1000.0) + 0.02, 4),
                         "step": step})
        eval_loss = (0.62, 0.55, 0.61, 0.71)[ep - 1]
        hist.append({"epoch": float(ep), "eval_accuracy": (0.78, 0.81, 0.81, 0.80)[ep - 1], "eval_loss": eval_loss,
                     "eval_runtime": 12.1, "eval_samples_per_second": 160.2, "eval_steps_per_second": 20.0,
                     "step": ep * per_epoch})
    state = {"best_global_step": 2000, "best_metric": 0.55, "best_model_checkpoint": "out/checkpoint-2000",
             "epoch": 4.0, "eval_steps": 1000, "global_step": 4000, "is_hyper_param_search": False,
             "log_history": hist, "logging_steps": 250, "max_steps": 4000, "num_train_epochs": 4,
             "save_steps": 1000, "train_batch_size": 16}
    return json.dumps(state, indent=2, sort_keys=True) + "\n"


@near_miss("overfitting", "keras_unet_val_jumps_then_falls_back.log")
def _(r):
    out = [note("A U-Net on a small road-segmentation set, five epochs: the validation loss is",
                "0.004 at epoch 2 (an easy batch of empty masks), jumps to 0.036, then falls back,",
                "0.031, 0.022, while the training loss falls. No rise that lasts.")]
    rows = [(0.3984, 0.0573), (0.0611, 0.0041), (0.0200, 0.0364), (0.0106, 0.0312), (0.0071, 0.0221)]
    for ep, (loss, val) in enumerate(rows, 1):
        out.append("Epoch %d/50" % ep)
        out.append("25/25 [==============================] - %ds %dms/step - loss: %.4f - binary_accuracy: %.4f - "
                   "val_loss: %.4f - val_binary_accuracy: %.4f" % (25 + r.randint(-1, 1), 980 + r.randint(-20, 20),
                                                                loss, 0.9 + 0.02 * ep, val, 0.995 + 0.001 * ep))
        out.append("")
        out.append("Epoch %05d: saving model to weights/road_%03d.h5" % (ep, ep))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "stgcn_three_epoch_excerpt.log")
def _(r):
    out = [note("Three epochs of an MS-G3D run pasted from the middle (40 to 42 of 50, before",
                "its learning rate drops): its test set's loss goes up by a sixth while the",
                "training loss eases a little. Two evaluations after the best are no rise",
                "that lasts; the full log ends at 86% top-1.")]
    rows = [(0.1378, 0.6990684733618444, 81.29), (0.1355, 0.7958477632184724, 79.64),
            (0.1314, 0.821840450167656, 79.39)]
    for ep, (loss, val, top1) in enumerate(rows, 40):
        stamp = "[ Fri Oct 18 %02d:%02d:52 2019 ] " % (2 + ep % 3, r.randint(10, 59))
        out.append(stamp + "Training epoch: %d, LR: 0.0100" % ep)
        out.append(stamp + "\tMean training loss: %.4f (BS 32: %.4f)." % (loss, loss))
        out.append(stamp + "\tTime consumption: [Data]00%, [Network]97%")
        out.append(stamp + "Eval epoch: %d" % ep)
        out.append(stamp + "\tMean test loss of 398 batches: %s." % val)
        out.append(stamp + "\tTop1: %.2f%%" % top1)
        out.append(stamp + "\tTop5: %.2f%%" % (top1 + 14.3))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "autogluon_parallel_trials_same_round.log")
def _(r):
    out = [note("AutoGluon tunes LightGBM with trials in parallel: each prints its validation",
                "RMSE at round 1000, the round they all stop at. Three trials' scores at one round",
                "are no curve; one is worse than another because its settings are.")]
    out.append("Hyperparameter tuning model: LightGBM ... Tuning model for up to 13.49s of the 106.55s of remaining time.")
    for rmse in (2.3145, 2.38521, 2.4471, 2.59759):
        out.append("[1000]\tvalid_set's rmse: %s" % rmse)
    for t, score in enumerate((-2.5882, -2.6243, -2.3183, -2.4471)):
        out.append("Fitted model: LightGBM/T%d ..." % (t + 1))
        out.append("\t%.4f\t = Validation score   (-root_mean_squared_error)" % score)
        out.append("\t%.2fs\t = Training   runtime" % r.uniform(0.2, 1.4))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "lightning_val_noise_flat.csv")
def _(r):
    rows = ["epoch,step,train_loss_step,train_loss_epoch,val_loss,val_acc"]
    spe = 50
    for ep in range(40):
        tl_epoch = []
        for b in range(0, spe, 10):
            st = ep * spe + b + 9
            tl = 0.58 - 0.12 * (ep / 40.0) + 0.25 * math.exp(-ep / 2.0) + r.gauss(0, 0.03)
            tl_epoch.append(tl)
            rows.append("%d,%d,%.6f,,," % (ep, st, tl))
        st = ep * spe + spe - 1
        vl = 0.615 + 0.2 * math.exp(-ep / 1.5) + r.gauss(0, 0.045)
        va = 0.78 - 0.1 * math.exp(-ep / 1.5) + r.gauss(0, 0.012)
        rows.append("%d,%d,,,%.6f,%.6f" % (ep, st, vl, va))
        rows.append("%d,%d,,%.6f,," % (ep, st, sum(tl_epoch) / len(tl_epoch)))
    sidecar = ("Lightning CSVLogger metrics.csv of an image classifier on a small validation set (600\n"
               "images): after epoch 5 val_loss only scatters (+-7%) around a flat level while the\n"
               "training loss keeps falling slowly. Validation did not turn up; that is noise.\n")
    return "\n".join(rows) + "\n", sidecar


@near_miss("generalization_gap", "lightning_cifar100_resnet_gap_0.21.csv")
def _(r):
    # A ResNet-18 on CIFAR-100 with the standard recipe (crop, flip, weight decay 5e-4, a cosine
    # schedule over 100 epochs): training accuracy ends near 0.99, test accuracy near 0.78. A gap
    # of 0.21 is what the state of the art leaves on this data, no fault to fix.
    rows = ["epoch,step,train_loss,train_acc,val_loss,val_acc"]
    spe = 391
    for ep in range(100):
        t = ep / 99.0
        acc = min(0.995, 0.30 + 0.69 * (1 - math.exp(-ep / 22.0)) + 0.05 * t * t + r.gauss(0, 0.003))
        loss = max(0.02, 3.2 * math.exp(-ep / 14.0) + 0.03 + r.gauss(0, 0.01))
        va = 0.25 + 0.53 * (1 - math.exp(-ep / 12.0)) + r.gauss(0, 0.006)
        vl = 0.95 + 2.6 * math.exp(-ep / 10.0) + r.gauss(0, 0.02)
        rows.append("%d,%d,%.6f,%.6f,%.6f,%.6f" % (ep, (ep + 1) * spe - 1, loss, acc, vl, va))
    return "\n".join(rows) + "\n"


@near_miss("generalization_gap", "keras_first_epochs_val_still_climbing.log")
def _(r):
    out = [note("The first eight epochs of a 100-epoch image classifier: training accuracy is at",
                "0.96 already, validation accuracy climbs four to five points an epoch, 0.35 to 0.66:",
                "the gap is closing, not a model that stopped learning what carries over.")]
    for ep in range(1, 9):
        out.append("Epoch %d/100" % ep)
        out.append("390/390 [==============================] - 41s 105ms/step - loss: %.4f - accuracy: %.4f - "
                   "val_loss: %.4f - val_accuracy: %.4f" % (0.9 * 0.6 ** ep + 0.02, min(0.99, 0.8 + 0.02 * ep),
                                                            1.6 * 0.9 ** ep, 0.31 + 0.044 * ep + r.gauss(0, 0.003)))
    return "\n".join(out) + "\n"


@near_miss("generalization_gap", "keras_bert_mnli_finetune_six_evals.log")
def _(r):
    out = [note("A BERT-base fine-tune on MNLI, evaluated every half epoch: training accuracy",
                "reaches 0.96 and validation accuracy levels off at 0.84, the published figure:",
                "a gap of 0.12 on a task with noisy labels is the model doing its best.")]
    for k in range(1, 7):
        acc = (0.71, 0.80, 0.86, 0.90, 0.94, 0.96)[k - 1] + r.gauss(0, 0.002)
        val = (0.79, 0.82, 0.835, 0.838, 0.841, 0.842)[k - 1] + r.gauss(0, 0.002)
        out.append("Epoch %d/6" % k)
        out.append("6136/6136 [==============================] - 1510s 246ms/step - loss: %.4f - accuracy: %.4f - "
                   "val_loss: %.4f - val_accuracy: %.4f" % (1.2 * (1 - acc) + 0.05, acc, 0.52 - 0.015 * k, val))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "yolov5_obb_box_terms_rise_together.csv")
def _(r):
    cols = ["epoch", "train/box_loss", "train/obj_loss", "train/cls_loss", "train/theta_loss",
            "metrics/precision", "metrics/recall", "val/box_loss", "val/obj_loss", "val/cls_loss",
            "val/theta_loss", "x/lr0"]
    out = [",".join("%20s" % c for c in cols)]
    for e in range(12):
        box = 0.062 + 0.0015 * e + r.gauss(0, 0.002)
        theta = 0.12 + 0.4 * math.exp(-e / 1.5)
        vbox = 0.065 + 0.0016 * e + r.gauss(0, 0.002)
        row = [e, box, 0.01 + 0.025 * math.exp(-e / 2.0), 0.014, theta, 0.02 * e, 0.03 * e, vbox,
               0.007 + 0.012 * math.exp(-e / 2.0), 0.017, theta + 0.02, 0.0033 + 0.0005 * e]
        out.append(",".join("%20s" % (str(v) if isinstance(v, int) else "%.5g" % v) for v in row))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "xgboost_gap_widens_eval_flat.log")
def _(r):
    out = []
    for i in range(400):
        train = 0.08 + 0.58 * math.exp(-i / 60.0) - 0.00004 * i + r.gauss(0, 0.0008)
        val = 0.27 + 0.42 * math.exp(-i / 45.0) + r.gauss(0, 0.0015)
        out.append("[%d]\ttrain-logloss:%.5f\teval-logloss:%.5f" % (i, train, val))
    sidecar = ("xgb.train(..., evals=[(dtrain, 'train'), (deval, 'eval')]) with verbose_eval: the training\n"
               "logloss keeps falling while the eval logloss levels off at 0.27; the gap widens, but\n"
               "the eval loss never turns up.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("overfitting", "xgboost_sklearn_patience_window.log")
def _(r):
    out = []
    for i in range(176):
        train = 0.012 + 0.64 * math.exp(-i / 25.0) + r.gauss(0, 0.0003)
        val = 0.255 + 0.41 * math.exp(-i / 22.0) + (0.0002 * (i - 126) if i > 126 else 0) + r.gauss(0, 0.0004)
        out.append("[%d]\tvalidation_0-logloss:%.5f\tvalidation_1-logloss:%.5f" % (i, train, val))
    sidecar = ("XGBClassifier(early_stopping_rounds=50) on a small tabular set: the eval logloss is best\n"
               "at round 126 and creeps up 3% over the 50 rounds of patience before the fit stops; the\n"
               "scikit-learn API prints no stopping line. The model kept is round 126's.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("overfitting", "hf_small_eval_set_noise.log")
def _(r):
    out = [note("HF fine-tune evaluated every 200 steps on a 150-example eval set: eval_loss",
                "scatters by several percent between evaluations around a level that is flat after",
                "step 2000, while eval accuracy holds. No evaluation trend turns up.")]
    total = 6000
    for s in range(20, total + 1, 20):
        loss = 0.55 + 0.6 * math.exp(-s / 700.0) - 0.1 * s / total + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 1.1 + abs(r.gauss(0, 0.2)),
                       "learning_rate": cosine(s, total, 3e-5, 180), "epoch": round(4 * s / total, 2)}))
        if s % 200 == 0:
            ev = 0.72 + 0.5 * math.exp(-s / 600.0) + r.gauss(0, 0.05)
            out.append(hf({"eval_loss": round(ev, 4), "eval_accuracy": round(0.74 + 0.06 * (1 - math.exp(-s / 800)) + r.gauss(0, 0.02), 4),
                           "eval_runtime": 2.1, "eval_samples_per_second": 71.3, "eval_steps_per_second": 9.0,
                           "epoch": round(4 * s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "fairseq_valid_subsets_healthy.log")
def _(r):
    # fairseq-train --valid-subset valid,valid1: 10 epochs of 500 updates.
    out = []
    clock = [10 * 3600]

    def stamp():
        clock[0] += 61
        return "2023-05-02 %02d:%02d:%02d" % (clock[0] // 3600, clock[0] // 60 % 60, clock[0] % 60)

    out.append("%s | INFO | fairseq_cli.train | num. shared model params: 39,469,056 (num. trained: 39,469,056)"
               % stamp())
    upd, wall, best = 0, 0, None
    for ep in range(1, 11):
        out.append("%s | INFO | fairseq.trainer | begin training epoch %d" % (stamp(), ep))
        for k in range(5):
            upd += 100
            wall += 41
            l = (3.2 + 8.5 * math.exp(-upd / 1200.0)) * (1 + r.gauss(0, 0.01))
            lr = 5e-4 * min(1.0, upd / 4000.0) if upd <= 4000 else 5e-4 * math.sqrt(4000.0 / upd)
            out.append("%s | INFO | train_inner | epoch %03d:    %d / 500 loss=%.3f, nll_loss=%.3f, ppl=%.2f, "
                       "wps=%.1f, ups=2.44, wpb=4096.3, bsz=128.4, num_updates=%d, lr=%.5g, gnorm=%.3f, "
                       "loss_scale=64, train_wall=41, gb_free=11.2, wall=%d"
                       % (stamp(), ep, (k + 1) * 100, l, l * 0.93, 2 ** (l * 0.93), 9981.4 + r.gauss(0, 40), upd,
                          lr, 1.1 + r.gauss(0, 0.05), wall))
        v = 4.1 + 5.0 * math.exp(-ep / 1.6) + r.gauss(0, 0.01)
        v1 = 4.6 + 5.0 * math.exp(-ep / 1.6) + r.gauss(0, 0.01)
        best = v if best is None else min(best, v)
        for name, val in (("valid", v), ("valid1", v1)):
            out.append("%s | INFO | %s | epoch %03d | valid on '%s' subset | loss %.3f | nll_loss %.3f | ppl %.2f | "
                       "wps 28104.5 | wpb 3870.1 | bsz 120 | num_updates %d | best_loss %.3f"
                       % (stamp(), name, ep, name, val, val * 0.93, 2 ** (val * 0.93), upd, best))
        out.append("%s | INFO | fairseq_cli.train | end of epoch %d (average epoch stats below)" % (stamp(), ep))
        el = 3.2 + 8.5 * math.exp(-(upd - 250) / 1200.0)
        out.append("%s | INFO | train | epoch %03d | loss %.3f | nll_loss %.3f | ppl %.2f | wps 9975.2 | ups 2.44 | "
                   "wpb 4096.3 | bsz 128.4 | num_updates %d | lr %.5g | gnorm 1.102 | train_wall 205 | wall %d"
                   % (stamp(), ep, el, el * 0.93, 2 ** (el * 0.93), upd, lr, wall))
    sidecar = ("fairseq-train --valid-subset valid,valid1 (10 epochs of 500 updates): both subsets'\n"
               "losses fall and level off, valid1 0.5 nats above valid. Two evaluation sets, neither\n"
               "turns up: no overfitting. Its twin, tests/golden/data/fairseq_valid_subsets_overfit.log,\n"
               "has valid1 climbing from epoch 5 on, and overfitting fires there.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("overfitting", "hf_eval_datasets_healthy.json")
def _(r):
    # transformers.Trainer with eval_dataset={"squad": ..., "en": ...}: each
    # evaluation logs eval_<name>_* in a record of its own; the state file
    # sorts the keys.
    hist = []
    for step in range(50, 3001, 50):
        loss = 0.25 + 2.2 * math.exp(-step / 600.0)
        hist.append({"epoch": round(step / 1000.0, 2), "grad_norm": round(4.0 + r.gauss(0, 0.4), 4),
                     "learning_rate": 3e-5 * (1 - step / 3000.0), "loss": round(loss * (1 + r.gauss(0, 0.02)), 4),
                     "step": step})
        if step % 250 == 0:
            k = step / 250
            for name, v, n in (("squad", 1.1 + 1.2 * math.exp(-k / 2.0), 1200),
                               ("en", 1.4 + 1.0 * math.exp(-k / 2.5), 800)):
                rt = n / 150.0 * (1 + r.gauss(0, 0.02))
                hist.append({"epoch": round(step / 1000.0, 2), "eval_%s_loss" % name: round(v + r.gauss(0, 0.005), 4),
                             "eval_%s_runtime" % name: round(rt, 4),
                             "eval_%s_samples_per_second" % name: round(n / rt, 3),
                             "eval_%s_steps_per_second" % name: round(n / rt / 8, 3), "step": step})
    state = {"epoch": 3.0, "eval_steps": 250, "global_step": 3000, "log_history": hist, "logging_steps": 50,
             "max_steps": 3000, "num_train_epochs": 3, "save_steps": 500, "train_batch_size": 16}
    sidecar = ("transformers.Trainer's trainer_state.json with eval_dataset={\"squad\": ..., \"en\": ...}:\n"
               "every evaluation logs eval_squad_* and eval_en_* in records of their own, keys sorted.\n"
               "Both losses fall and level off: no overfitting. Its twin,\n"
               "tests/golden/data/hf_eval_datasets_overfit.json, has eval_squad_loss climbing after\n"
               "step 1250, and overfitting fires there.\n")
    return json.dumps(state, indent=2, sort_keys=True) + "\n", sidecar


@near_miss("shortcut_learning", "pytorch_examples_mnist.log")
def _(r):
    out = [note("pytorch/examples MNIST CNN, 14 epochs: the loss falls from 2.30 to ~0.3 within the",
                "first couple of hundred batches and ends near 0.01. MNIST is that easy; no shortcut.")]
    for ep in range(1, 15):
        for b in range(0, 938, 10):
            step = (ep - 1) * 938 + b
            mean = 0.012 + 0.09 * math.exp(-step / 2500.0) + 2.29 * math.exp(-step / 45.0)
            loss = mean * r.lognormvariate(0, 0.8) if step > 100 else mean * (1 + r.gauss(0, 0.05))
            out.append("Train Epoch: %d [%d/60000 (%.0f%%)]\\tLoss: %.6f" % (ep, b * 64, 100.0 * b / 938, loss))
        tl = 0.045 - 0.0015 * ep + r.gauss(0, 0.002)
        acc = 9850 + 5 * ep + r.randint(-5, 5)
        out.append("")
        out.append("Test set: Average loss: %.4f, Accuracy: %d/10000 (%.0f%%)" % (tl, acc, acc / 100.0))
        out.append("")
    return "\n".join(out).replace("\\t", "\t") + "\n"


@near_miss("loss_divergence", "mmengine_rtmdet_warmup_scalars.json")
def _(r):
    # MMEngine's vis_data/scalars.json: a row per logged iteration, an
    # evaluation row keyed by its epoch after each epoch's last iteration.
    rows = []
    for it in range(1, 106):
        lr = 4e-8 + 4e-6 * (it - 1)
        loss = 0.1 + 1.35 / (1 + math.exp(-(it - 30) / 8.0)) + r.gauss(0, 0.02)
        rows.append(json.dumps({"lr": lr, "data_time": 0.5 + abs(r.gauss(0, 0.05)), "loss": loss,
                                "loss_cls": 0.45 * loss, "loss_bbox": 0.55 * loss,
                                "time": 0.85 + abs(r.gauss(0, 0.05)), "epoch": (it - 1) // 21 + 1,
                                "memory": 2663, "step": it}))
        if it % 21 == 0:
            rows.append(json.dumps({"coco/bbox_mAP": round(0.01 * it / 21, 3), "data_time": 0.38, "time": 0.45,
                                    "step": it // 21}))
    sidecar = ("MMDetection 3's RTMDet-tiny read 105 iterations into training, its learning rate still\n"
               "warming up from 4e-8. Its quality focal loss grows from 0.10 to 1.45 as the\n"
               "assigner finds positives, then levels off; the full run brings it down to 0.55.\n"
               "A loss best at its first points while the rate rises to the end of the log is no\n"
               "divergence. Each epoch's evaluation row is keyed by the epoch (\"step\": 5).\n")
    return "\n".join(rows) + "\n", sidecar


@near_miss("dpo_reference_mismatch", "dpo_large_margin_from_first_log.log")
def _(r):
    out = [note("A DPO run whose SFT model already tells chosen from rejected: at the first log the",
                "rejected reward is -7.7 while the chosen one is -0.3 (a margin of 7.4, accuracy 0.88),",
                "and both move further apart. A large reward with a large margin is preference, not",
                "an offset the reference gives every response.")]
    for i in range(1, 41):
        ch = -0.28 - 0.02 * i + r.gauss(0, 0.05)
        rej = -7.67 - 0.08 * i + r.gauss(0, 0.2)
        out.append(hf({"loss": round(0.24 - 0.003 * i + r.gauss(0, 0.01), 4), "grad_norm": round(3 + r.gauss(0, 0.5), 4),
                       "learning_rate": 5e-7, "rewards/chosen": round(ch, 4), "rewards/rejected": round(rej, 4),
                       "rewards/accuracies": round(min(1.0, 0.88 + 0.002 * i), 3), "rewards/margins": round(ch - rej, 4),
                       "logps/chosen": round(-250 + r.gauss(0, 10), 2), "logps/rejected": round(-320 + r.gauss(0, 10), 2),
                       "epoch": round(i / 40, 3)}))
    return "\n".join(out) + "\n"


@near_miss("search_trials_failed", "ray_tune_asha_all_terminated.log")
def _(r):
    out = [note("A Ray Tune search of 6 trials under ASHA: the scheduler stops the weak trials early",
                "(TERMINATED, not ERROR) and every trial ends cleanly. Stopped is not failed.")]
    for final in (False, True):
        done = 6 if final else 3
        out.append("== Status ==")
        out.append("Using AsyncHyperBand: num_stopped=%d" % (4 if final else 1))
        out.append("Number of trials: 6/6 (%s)" % ("6 TERMINATED" if final else "3 RUNNING, 3 TERMINATED"))
        out.append("+---------------------+------------+-----------------+----------+--------+------------------+---------+")
        out.append("| Trial name          | status     | loc             |       lr |   iter |   total time (s) |    loss |")
        out.append("|---------------------+------------+-----------------+----------+--------+------------------+---------|")
        for t in range(6):
            status = "TERMINATED" if final or t < done else "RUNNING"
            it = (8 if t < 2 else 2) if final else 2
            out.append("| train_fn_a1b2c_%05d | %-10s | 10.0.0.7:%d  | %.6f |     %2d |          %7.1f | %.4f  |"
                       % (t, status, 51200 + t, 10 ** r.uniform(-4, -2), it, it * 21.3, 2.3 - 0.1 * it + r.uniform(0, 0.05)))
        out.append("+---------------------+------------+-----------------+----------+--------+------------------+---------+")
    return "\n".join(out) + "\n"


@near_miss("search_trials_failed", "optuna_study_trials_pruned.log")
def _(r):
    out = [note("An Optuna study of 12 trials with a median pruner: 7 trials are pruned early, which is",
                "the pruner saving compute, not trials failing.")]
    for t in range(12):
        if t >= 4 and t % 3 != 0:
            out.append("[I 2024-03-01 14:%02d:%02d,%03d] Trial %d pruned. " % (t * 2, r.randint(0, 59), r.randint(0, 999), t))
        else:
            out.append("[I 2024-03-01 14:%02d:%02d,%03d] Trial %d finished with value: %.4f and parameters: {'lr': %.6f, "
                       "'dropout': %.3f}. Best is trial 0 with value: 0.9012." % (t * 2, r.randint(0, 59), r.randint(0, 999),
                                                                                 t, 0.85 + r.uniform(0, 0.05),
                                                                                 10 ** r.uniform(-4, -2), r.uniform(0.1, 0.5)))
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_nmt_scale_at_1_loss_falling.log")
def _(r):
    out = [note("A fairseq translation model in fp16 whose scale came down to 1.0: it overflows once an",
                "epoch of some 250 updates, fairseq skips that one update and goes on (its minimum",
                "scale is 1e-4), and the training and validation losses reach a new best every epoch.",
                "A scaler at fp16's edge, not stuck: reported as harmless.")]
    upd, scale = 1520, 4.0
    for epoch in range(6, 15):
        upd += 254
        if epoch >= 7:
            scale = max(scale / 2, 1.0)
            out.append("| WARNING: overflow detected, setting loss scale to: %.1f" % scale)
        loss = 4.1 + 1.2 * math.exp(-(epoch - 6) / 4.0) + r.gauss(0, 0.005)
        out.append("| epoch %03d | loss %.3f | nll_loss %.3f | ppl %.2f | wps 4%05d | ups 0.7 | wpb 606100 | "
                   "bsz 20489 | num_updates %d | lr 0.0005 | gnorm %.3f | clip 0%% | oom 0 | loss_scale %.3f | "
                   "wall %d | train_wall %d" % (epoch, loss, loss - 1.6, 2 ** (loss - 1.6), r.randint(0, 99999), upd,
                                                0.3 + r.uniform(0, 0.05), scale, 380 * epoch, 360 * epoch))
        out.append("| epoch %03d | valid on 'valid' subset | valid_loss %.5f | valid_nll_loss %.5f | valid_ppl %.2f | "
                   "num_updates %d" % (epoch, loss + 0.4, loss - 1.2, 2 ** (loss - 1.2), upd))
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_wav2vec2_scale_dips_to_8_then_16.log")
def _(r):
    out = [note("fairseq wav2vec 2.0 pre-training in fp16: the scaler dips to 8 once, then probes 32",
                "and falls back to 16 every few hundred updates while the loss keeps falling. A scale",
                "that came back up and holds is the scaler at work, not a collapse.")]
    scale = 16
    t = 0
    for upd in range(200, 6001, 200):
        loss = 3.4 + 1.2 * math.exp(-upd / 2500.0) + r.gauss(0, 0.01)
        for _k in range(2 if upd % 600 == 0 else 0):
            t += 7
            new = 8 if upd == 1200 and _k == 0 else 16
            out.append("[2022-04-08 20:%02d:%02d,553][fairseq.trainer][INFO] - NOTE: gradient overflow detected, "
                       "ignoring gradient, setting loss scale to: %.1f" % (t // 60 % 60, t % 60, new))
            scale = new
        t += 30
        out.append('[2022-04-08 20:%02d:%02d,565][train_inner][INFO] - {"epoch": %d, "update": %.3f, "loss": "%.3f", '
                   '"accuracy": "%.5f", "wps": "57849.3", "ups": "0.5", "num_updates": "%d", "lr": "%.4e", '
                   '"gnorm": "%.3f", "loss_scale": "%d", "train_wall": "399", "wall": "%d"}'
                   % (t // 60 % 60, t % 60, upd // 500 + 1, upd / 500.0, loss, 0.39 + upd / 60000.0, upd,
                      min(5e-4, 5e-4 * upd / 3200.0), 0.6 + r.gauss(0, 0.05), scale if upd % 600 else 32, t))
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_w2v_finetune_one_overflow_at_4.log")
def _(r):
    out = [note("fairseq wav2vec 2.0 CTC fine-tuning in fp16, the tail of its second epoch: the loss",
                "is a sum over tokens (thousands) and the scaler sits at 4; one overflow halves it to",
                "2 at the log's end. One halving is the scaler probing, not a scale that keeps",
                "falling; 'update' is the epoch's progress (1.842, ..., 2.0), num_updates the step.")]
    t = 0
    for upd in range(60, 112):
        epoch = 1 if upd < 55 else 2 if upd <= 109 else 3
        progress = 1 + (upd - 54) / 55.0 if upd <= 109 else 2 + (upd - 109) / 55.0
        loss = 2600 - 6 * upd + r.gauss(0, 60)
        t += 2
        out.append('[2021-04-30 07:%02d:%02d,402][train_inner][INFO] - {"epoch": %d, "update": %s, "loss": "%.2f", '
                   '"ntokens": "9230", "nll_loss": "%.3f", "wps": "%.1f", "ups": "0.45", "bsz": "180", '
                   '"num_updates": "%d", "lr": "%.4e", "gnorm": "%.3f", "loss_scale": "4", "train_wall": "2", '
                   '"wall": "%d"}'
                   % (t // 60 % 60, t % 60, epoch, ("%.3f" % progress).rstrip("0").rstrip(".") + (".0" if progress == int(progress) else ""),
                      loss, loss / 48, 4000 + r.gauss(0, 150), upd, 3e-6 + upd * 2.5e-9, 900 + r.gauss(0, 80), t))
    out.append("[2021-04-30 07:16:59,759][fairseq.trainer][INFO] - NOTE: gradient overflow detected, ignoring "
               "gradient, setting loss scale to: 2.0")
    return "\n".join(out) + "\n"


@near_miss("loss_oscillation", "keras_sweep_four_runs_one_log.log")
def _(r):
    out = [note("A hyperparameter sweep printing four Keras runs of 15 epochs into one log: each",
                "loss falls from about 2.5 (to 0.2, 0.3, 0.8 and, with the heaviest dropout, 1.9),",
                "then the next run starts over at epoch 1. Read as one curve it goes back and forth",
                "and ends near where it began; each run is a descent of its own.")]
    for run, (units, drop, floor) in enumerate(((64, 0.1, 0.2), (128, 0.2, 0.3), (256, 0.3, 0.8), (512, 0.5, 1.9))):
        out.append("Building and compiling model ...")
        out.append("('Cell type: LSTM', 'Drop Input: %.1f', 'Cell Count: %d')" % (drop, units))
        out.append("Train on 8000 samples, validate on 2000 samples")
        for ep in range(1, 16):
            loss = floor + (2.5 - floor) * math.exp(-(ep - 1) / 3.0) + r.gauss(0, 0.06)
            val = 1.9 + 0.4 * math.exp(-(ep - 1) / 2.0) + r.gauss(0, 0.02)
            out.append("Epoch %d/15" % ep)
            out.append("65s - loss: %.4f - acc: %.4f - val_loss: %.4f - val_acc: %.4f"
                       % (loss, min(0.95, 0.25 + 0.05 * ep), val, 0.45 + r.gauss(0, 0.01)))
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "opennmt_lua_ppl_last_print_of_epoch.log")
def _(r):
    out = [note("OpenNMT (Lua) trains three epochs of 213 iterations and prints every",
                "fifty: the last print of each epoch is at iteration 200, the run's too.",
                "It prints a perplexity, no loss; the run finished.")]
    ppl = 9000.0
    for e in range(1, 4):
        for i in range(50, 201, 50):
            ppl = max(40.0, ppl * 0.45 + r.gauss(0, 3))
            out.append("Epoch %d ; Iter %d/213 ; LR 1.0000 ; Target tokens/s %d ; PPL %.2f ;"
                       % (e, i, 1300 + r.randrange(30), ppl))
        out.append("Validation perplexity: %.4f" % (ppl * 1.3))
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "sklearn_mlp_stopped_by_tolerance.log")
def _(r):
    out = [note("scikit-learn MLP printed with max_iter=200; its stopping rule ended it at iteration",
                "37, when the training loss had not improved by tol for 10 iterations. Not cut short.")]
    out.append("MLPClassifier(hidden_layer_sizes=(100,), max_iter=200, random_state=1, verbose=True)")
    for i in range(1, 38):
        out.append("Iteration %d, loss = %.8f" % (i, 0.7 * math.exp(-i / 6) + 0.05 + abs(r.gauss(0, 0.0005))))
    out.append("Training loss did not improve more than tol=0.000100 for 10 consecutive epochs. Stopping.")
    out.append("Test accuracy: 0.9412")
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "inner_solver_max_iter_below_steps.log")
def _(r):
    out = [note("A physics-informed run whose configuration gives its inner L-BFGS solver max_iter: 20",
                "per outer step; the log's steps go to 3000, its planned length, well past 20. The",
                "setting is no plan of the run's steps.")]
    out += ["optimizer: lbfgs", "max_iter: 20", "history_size: 50", "total_epochs: 3000"]
    for s in range(100, 3001, 100):
        out.append("step %d | loss %.6f | lr 1.0" % (s, 0.3 * math.exp(-s / 800) + 0.01 + abs(r.gauss(0, 0.0005))))
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "detectron2_finished_eta_seconds.log")
def _(r):
    out = [note("detectron2 to its last iteration: its estimate of the time left falls from 2 hours",
                "to 8 seconds at the last logged iteration; no line announces the end before the",
                "final evaluation, which this log does not reach. Seconds left is a finished run.")]
    total = 9010
    for it in range(19, total, 20):
        left = (total - 1 - it) * 0.8
        eta = "%d:%02d:%02d" % (left // 3600, left % 3600 // 60, left % 60)
        loss = 0.6 + 1.2 * math.exp(-it / 1500.0) + r.gauss(0, 0.02)
        out.append("[04/05 %02d:%02d:%02d d2.utils.events]:  eta: %s  iter: %d  total_loss: %.3f  loss_cls: %.3f  "
                   "time: %.4f  data_time: 0.0110  lr: 0.0025  max_mem: 2433M"
                   % (1 + it // 4500, it // 75 % 60, it % 60, eta, it, loss, 0.4 * loss, 0.8 + r.gauss(0, 0.01)))
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "mmengine_excerpt_then_final_checkpoint.log")
def _(r):
    out = [note("An MMEngine excerpt pasted into an issue: the first iterations, their estimate of",
                "the time left about 41 hours, then a blank line and the run's last lines 42 hours",
                "later saving its final checkpoint. The time it said was left has passed.")]
    t0 = 15 * 3600 + 15 * 60
    for i, it in enumerate(range(50, 1300, 50)):
        left = 41 * 3600 + 2 * 60 - i * 40
        t = t0 + it * 0.32 + 60
        eta = "1 day, %d:%02d:%02d" % (left // 3600 - 24, left % 3600 // 60, left % 60)
        out.append("2022/12/22 %02d:%02d:%02d - mmengine - INFO - Epoch(train) [%d][%d/230]  lr: %.4e  eta: %s  "
                   "time: 0.3213  data_time: 0.0024  memory: 3548  loss: %.4f"
                   % (t // 3600, t % 3600 // 60, t % 60, 1 + it // 230, it % 230 or 230, 1.1e-4 * it, eta,
                      13.9 - 1.6 * i / 25 + r.gauss(0, 0.05)))
    out.append("")
    out.append("2022/12/24 09:26:20 - mmengine - INFO - Exp name: mocov3_resnet50_pretrain_8xb512-amp-coslr-800e_in1k")
    out.append("2022/12/24 09:26:20 - mmengine - INFO - Saving checkpoint at 800 epochs")
    return "\n".join(out) + "\n"


@near_miss("shortcut_learning", "mmseg_small_dataset_acc_touches_100.log")
def _(r):
    out = [note("mmsegmentation on a small two-class dataset, 8000 iterations planned: by iteration 400",
                "the pixel accuracy averaged over 50 iterations reaches 100.0000 now and then, but most",
                "windows hold a hard batch (99.9x), and the loss is still well above 0.")]
    for it in range(50, 801, 50):
        acc = 100.0 if it in (400, 550, 700) else min(99.99, 97.5 + 2.4 * (1 - math.exp(-it / 250.0)) + r.gauss(0, 0.02))
        loss = 0.09 * math.exp(-it / 300.0) + 0.012 + abs(r.gauss(0, 0.002))
        out.append("2023-03-01 10:%02d:%02d,100 - mmseg - INFO - Iter [%d/8000]\tlr: %.3e, eta: 1:02:03, time: 0.140, "
                   "data_time: 0.005, memory: 970, decode.loss_ce: %.4f, decode.acc_seg: %.4f, loss: %.4f"
                   % (it // 60 % 60, it % 60, it, 6e-05 * (1 - it / 8000.0), loss, acc, loss))
    return "\n".join(out) + "\n"


@near_miss("shortcut_learning", "negative_objective_clustering.log")
def _(r):
    out = [note("A deep clustering model's objective: a reconstruction term less a likelihood bonus,",
                "which falls from 50 past 0 to about -1.5 within its first tenth. The loss has no floor",
                "at 0, so reaching 1% of its start is no collapse to ~0; the clustering accuracy",
                "is printed each epoch.")]
    it = 0
    for ep in range(12):
        for _b in range(10):
            loss = -1.5 + 51.6 * math.exp(-it / 150.0) + r.gauss(0, 0.03)
            out.append("Iteration: %d\tLoss: %.3f\tRc Loss: %.3f\tKL Loss: %.3f" %
                       (it, loss, loss - 0.1, 0.9 * math.exp(-it / 900.0) + 0.05))
            it += 100
        out.append("Epoch %d\tAcc: %.4f\tnmi: %.4f" % (ep, 0.91 - 0.003 * ep + r.gauss(0, 0.002),
                                                     0.86 - 0.002 * ep))
    return "\n".join(out).replace("\\t", "\t") + "\n"


@near_miss("zero_loss", "grpo_two_logs_loss_zero_by_design.log")
def _(r):
    # Two logs of a TRL GRPO run at beta 0: its loss is the policy-gradient surrogate, 0.0 by
    # construction once the group's advantages centre, while the reward climbs.
    out = [hf({"loss": 1.0412, "grad_norm": 0.83, "learning_rate": 1e-06, "reward": 0.41, "reward_std": 0.22,
               "kl": 0.0, "epoch": 0.01}),
           hf({"loss": 0.0, "grad_norm": 0.79, "learning_rate": 1e-06, "reward": 0.48, "reward_std": 0.21,
               "kl": 0.0, "epoch": 0.02})]
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "sklearn_mlp_early_stopping_converged.log")
def _(r):
    out = [note("scikit-learn's MLPClassifier(verbose=True, early_stopping=True): the loss falls by a",
                "fifth, then flattens until the validation score stops improving and the estimator",
                "stops itself, keeping the coefficients of its best validation score.")]
    loss = 0.52
    for it in range(1, 41):
        loss = 0.40 + 0.12 * math.exp(-it / 4.0) + r.gauss(0, 0.0008)
        out.append("Iteration %d, loss = %.8f" % (it, loss))
        out.append("Validation score: %.6f" % (0.88 + 0.03 * (1 - math.exp(-it / 5.0)) + r.gauss(0, 0.0015)))
    out.append("Validation score did not improve more than tol=0.000100 for 10 consecutive epochs. Stopping.")
    return "\n".join(out) + "\n"


@near_miss("cuda_oom", "elastic_restart_after_rank_oom_completes.log")
def _(r):
    out = [note("torchrun --max-restarts=3: rank 2 runs out of memory, the agent restarts the worker",
                "group, the run resumes from its checkpoint and finishes. The OOM cost one restart",
                "(workers_restarted says so), not the run.")]
    for s in range(10, 1001, 10):
        out.append("[rank0]: step %d loss %.4f" % (s, 3 * math.exp(-s / 400) + 1.2 + r.gauss(0, 0.01)))
        if s == 400:
            out.append("[rank2]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 2 has a "
                       "total capacity of 79.15 GiB of which 1.20 GiB is free.")
            out.append("E0301 12:00:01.000000 140 torch/distributed/elastic/multiprocessing/api.py:826] failed "
                       "(exitcode: 1) local_rank: 2 (pid: 4242) of binary: /usr/bin/python")
            out.append("WARNING:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. 2/3 "
                       "attempts left; will restart worker group")
            out.append("Resuming from checkpoint at step 400")
    out.append("Training completed. Saving final model.")
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "sklearn_perceptron_separable_reaches_zero.log")
def _(r):
    out = [note("scikit-learn's Perceptron(verbose=1) on data it separates: the hinge-type loss falls",
                "threefold an epoch and reaches an exact 0, as a margin loss does once every sample",
                "is on its side.")]
    loss = 0.52
    for e in range(1, 16):
        loss = 0.0 if e >= 7 else loss / (2.8 + r.random())
        out.append("-- Epoch %d" % e)
        out.append("Norm: %.2f, NNZs: 20, Bias: %.6f, T: %d, Avg. loss: %.6f" % (9.5 + 0.1 * e, -1.0 - 0.01 * e, 800 * e, loss))
        out.append("Total training time: %.2f seconds." % (0.01 * e))
    return "\n".join(out) + "\n"


@near_miss("exploding_gradients", "sklearn_sgd_weight_norm_grows.log")
def _(r):
    out = [note("scikit-learn's SGDClassifier(verbose=1) with little regularisation on data it nearly",
                "separates: the weights' norm grows epoch after epoch while the loss falls. Norm is no",
                "gradient norm.")]
    loss = 0.9
    for e in range(1, 41):
        loss = max(0.0005, loss * 0.93 + r.gauss(0, 0.004))
        out.append("-- Epoch %d" % e)
        out.append("Norm: %.2f, NNZs: 120, Bias: %.6f, T: %d, Avg. loss: %.6f" % (2.0 * e ** 1.2, -0.5 - 0.01 * e, 50000 * e, loss))
        out.append("Total training time: %.2f seconds." % (0.3 * e))
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "sklearn_sgd_hinge_loss_zero_on_separable_data.log")
def _(r):
    out = [note("scikit-learn's SGDClassifier(loss='hinge', verbose=1) on separable data: the hinge loss",
                "falls by about a third an epoch, then every sample clears the margin and it is exactly",
                "0, which a margin loss reaches by learning.")]
    loss = 2.1
    for e in range(1, 16):
        loss = 0.0 if e >= 10 else (2.1 if e == 1 else loss * (0.68 + 0.04 * r.random()))
        out.append("-- Epoch %d" % e)
        out.append("Norm: %.2f, NNZs: 20, Bias: %.6f, T: %d, Avg. loss: %.6f" % (3.0 + 0.2 * e, -0.12, 1000 * e, loss))
        out.append("Total training time: 0.01 seconds.")
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "script_six_decimals_converges_to_zero.log")
def _(r):
    out = [note("A script that prints its loss with six decimals, overfitting a small set on purpose:",
                "the loss reaches zeros by way of every value between, a converged loss, not one",
                "cut off.")]
    for it in range(1, 121):
        loss = 0.9 * math.exp(-it / 8.0) * (1 + r.gauss(0, 0.03))
        out.append("iter %d | loss %.6f | lr 0.001" % (it * 10, loss))
    return "\n".join(out) + "\n"


@near_miss("loss_divergence", "mxnet_ctc_loss_only_falls.log")
def _(r):
    out = [note("MXNet's Speedometer over an OCR model whose one loss is its CTCLoss metric: that",
                "series is the run's loss, and it falls as a healthy one does.")]
    for e in range(1, 6):
        for b in range(50, 501, 50):
            it = (e - 1) * 10 + b // 50
            loss = 0.6 + 14.0 * math.exp(-it / 9.0) * (1 + r.gauss(0, 0.03))
            out.append("INFO:root:Epoch[%d] Batch [%d]\tSpeed: %.2f samples/sec\tCTCLoss=%.6f"
                       % (e - 1, b, 410 + r.gauss(0, 6), loss))
        out.append("INFO:root:Epoch[%d] Time cost=%.3f" % (e - 1, 58 + r.random()))
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "hf_memorise_small_set_rounds_to_zero.log")
def _(r):
    out = [note("Fine-tuning on 64 examples for 200 epochs: the model memorises them and the loss",
                "falls by way of 0.01 and 0.0002 to what HF's four-decimal log rounds to 0.0. A",
                "converged loss, not one cut off.")]
    for s in range(1, 201):
        loss = 2.1 * math.exp(-s / 14.0) * (1 + r.gauss(0, 0.03))
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(4.0 * math.exp(-s / 18.0) + 1e-4, 6),
                       "learning_rate": 5e-5, "epoch": float(s)}))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "trl_grpo_noisy_reward_loss_near_zero.log")
def _(r):
    out = [note("TRL GRPO over 200 steps with five reward functions: the loss is beta times the KL",
                "plus a clipped surrogate whose advantages average to 0, so it sits near 0 and changes",
                "sign; the mean reward swings between -0.5 and 1.5 from batch to batch, too noisy to",
                "say it stalled. From step 100 most groups score alike and the loss is often exactly 0.",
                "The loss is no quality measure here: no plateau.")]
    for s in range(5, 201, 5):
        loss = r.gauss(-0.015, 0.03) if s < 100 else (0.0 if r.random() < 0.75 else r.gauss(0, 0.02))
        rew = 0.45 + r.gauss(0, 0.5)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.3 + abs(r.gauss(0, 0.1)), 4),
                       "learning_rate": 5e-5 * (1 - s / 200.0), "reward": round(rew, 4),
                       "reward_std": round(0.6 + abs(r.gauss(0, 0.1)), 4), "kl": round(0.0002 * s, 5),
                       "completions/mean_length": round(900 + r.gauss(0, 40), 1), "epoch": round(s / 200.0, 3)}))
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "overfit_one_batch_fast_but_gradual.log")
def _(r):
    out = [note("The classic check: overfit one batch. The loss starts at 2.3 and, with a large",
                "learning rate, falls tenfold at each of its logs, 0.21, 0.019, 0.0017, before it",
                "prints 0.0 at the fifth: fast, but the way learning goes, not cut off in one step.")]
    loss = 2.3
    for s in range(1, 11):
        out.append("step %d | loss %s | grad_norm %.4g" % (s, repr(round(loss, 4)), 3.0 * loss))
        loss = loss / 11.0 if loss > 1e-4 else 0.0
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "trl_grpo_beta0_loss_zero.log")
def _(r):
    out = [note("TRL GRPO with beta = 0: the loss is exactly 0 at every step by construction (no",
                "KL term, advantages that sum to zero), and the reward rises. Judged by the reward.")]
    for s in range(1, 151):
        rew = min(1.0, 0.25 + 0.6 * (1 - math.exp(-s / 50.0)) + r.gauss(0, 0.03))
        out.append(hf({"loss": 0.0, "grad_norm": round(0.15 + abs(r.gauss(0, 0.04)), 4), "learning_rate": 1e-6,
                       "num_tokens": 2048.0 * s, "completions/mean_length": round(220 + r.gauss(0, 15), 1),
                       "rewards/accuracy_reward/mean": round(rew, 3), "reward": round(rew, 3),
                       "reward_std": 0.35, "kl": 0.0, "epoch": round(s / 150, 3)}))
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "keras_loss_prints_four_decimals.log")
def _(r):
    out = [note("Keras on an easy task: the loss falls below 5e-5 and its four-decimal print reads",
                "0.0000, which is rounding, not an exact 0.")]
    for e in range(1, 41):
        out.append("Epoch %d/40" % e)
        out.append("938/938 [==============================] - 3s 3ms/step - loss: %.4f - accuracy: %.4f"
                   % (0.45 * math.exp(-e / 2.5), min(1.0, 0.86 + 0.004 * e)))
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "hf_two_logs_memorised_grad_small.log")
def _(r):
    out = [note("Two logs pasted from a run that memorised a tiny set: the second loss rounds to 0.0",
                "at HF's four decimals, and the gradient norm beside it is as small as such a loss",
                "gives. A 0 the gradient agrees with.")]
    out.append(hf({"loss": 0.0021, "grad_norm": 0.0134, "learning_rate": 2e-05, "epoch": 40.0}))
    out.append(hf({"loss": 0.0, "grad_norm": 0.00041, "learning_rate": 2e-05, "epoch": 50.0}))
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "mlx_dpo_three_decimals_rounds_to_zero.log")
def _(r):
    out = [note("Eight iterations pasted from an mlx-lm DPO run, which prints its loss with three",
                "decimals: a loss near 0.0005 prints 0.001 or 0.000. A print's rounding, not a loss",
                "cut off to an exact 0.")]
    for it, loss in zip(range(31, 39), (0.0021, 0.0012, 0.0008, 0.0006, 0.0004, 0.0003, 0.0007, 0.0006)):
        chosen = -5.4 - 0.3 * (it - 31) + r.gauss(0, 0.4)
        out.append("Iter %d: Train loss %.3f, Chosen reward %.3f, Rejected reward %.3f, Learning Rate 1.000e-05, "
                   "It/sec %.3f, Tokens/sec %.3f, Trained Tokens %.1f, Peak mem 2.334 GB"
                   % (it, loss, chosen, 2 * chosen - 1.0, 1.05 + r.gauss(0, 0.04), 580 + r.gauss(0, 10), 530.0 * it))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "seq2seq_exact_match_zero_early.log")
def _(r):
    out = [note("A small seq2seq model's first epoch: the exact-match accuracy of whole",
                "answers is 0 at every log while the token cross-entropy falls from 3.4",
                "to 2.9, well above ln 10: it gets no whole answer right yet.")]
    loss = 3.4
    for s in range(100, 1300, 100):
        loss = loss * 0.985 + r.gauss(0, 0.01)
        out.append("step %d | loss %.4f | exact_match_accuracy 0.0000 | lr 3.0e-04" % (s, loss))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "auc_two_decimals_near_one.log")
def _(r):
    out = [note("A fraud classifier whose script prints the validation AUC to two decimals:",
                "it reads 0.97 at every evaluation while the training loss keeps falling",
                "and the validation loss with it: the model improves in digits not shown.")]
    loss = 0.41
    for e in range(1, 13):
        for b in range(100, 401, 100):
            loss = max(0.05, loss * 0.97 + r.gauss(0, 0.003))
            out.append("epoch %d step %d loss %.4f" % (e, (e - 1) * 400 + b, loss))
        out.append("epoch %d val_loss %.4f val_auc 0.97" % (e, 0.2 * 0.96 ** e + 0.05))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "keras_small_val_set_all_right.log")
def _(r):
    out = [note("A Keras classifier on an easy task with a validation set of 40 images: every one",
                "is right from the first epoch, and the validation loss falls from 0.35 to 0.12 as",
                "the model grows surer of them. A task learned, not a metric that cannot move.")]
    for ep in range(1, 13):
        acc = 0.75 + 0.21 * (1 - math.exp(-ep / 4.0))
        loss = 0.6 * math.exp(-ep / 5.0) + 0.08 + r.gauss(0, 0.005)
        vl = 0.35 * math.exp(-(ep - 1) / 10.0) + r.gauss(0, 0.003)
        vl = max(vl, 0.121) if ep == 12 else vl
        out.append("Epoch %d/12" % ep)
        out.append("8/8 [==============================] - 1s 95ms/step - loss: %.4f - accuracy: %.4f - "
                   "val_loss: %.4f - val_accuracy: 1.0000" % (loss, acc, vl))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "trl_dpo_easy_pairs_accuracy_one.log")
def _(r):
    out = [note("TRL DPO with LoRA on pairs whose rejected answers are far longer than the chosen",
                "ones: every pair is told apart from the first logs, rewards/accuracies reads 1.0 at each",
                "log while the margins grow from 1 to 3 and the loss falls from 0.37 to 0.2. Easy",
                "pairs learned, not a metric that cannot move.")]
    for s in range(10, 200, 10):
        m = 1.0 + 2.2 * (1 - math.exp(-s / 40.0)) + r.gauss(0, 0.1)
        ch = -0.1 - 0.1 * s / 200 + r.gauss(0, 0.03)
        out.append(hf({"loss": round(math.log(1 + math.exp(-m)) + 0.15 * math.exp(-s / 30.0), 4),
                       "grad_norm": round(0.4 + abs(r.gauss(0, 0.2)), 4), "learning_rate": 5e-6 * (1 - s / 400.0),
                       "rewards/chosen": round(ch, 4), "rewards/rejected": round(ch - m, 4), "rewards/accuracies": 1.0,
                       "rewards/margins": round(m, 4), "logps/chosen": round(-285 + r.gauss(0, 8), 2),
                       "logps/rejected": round(-1160 + r.gauss(0, 20), 2), "epoch": round(s / 200.0, 2)}))
    return "\n".join(out) + "\n"


@near_miss("gan_discriminator_wins", "pix2pix_lsgan_halves_balanced.log")
def _(r):
    out = [note("pix2pix with an LSGAN loss: the discriminator's halves on real and on generated",
                "images dip to 0.002 on easy batches but hover around 0.2 over the run, and the",
                "generator's GAN loss stays near 0.5. Neither network wins.")]
    for epoch in range(1, 11):
        for it in range(100, 501, 100):
            dr = max(0.0, 0.2 + r.gauss(0, 0.08)) if r.random() > 0.1 else 0.002
            df = max(0.0, 0.2 + r.gauss(0, 0.08)) if r.random() > 0.1 else 0.002
            out.append("(epoch: %d, iters: %d, time: %.3f, data: %.3f) G_GAN: %.3f G_L1: %.3f D_real: %.3f D_fake: %.3f "
                       % (epoch, it, 0.07 + abs(r.gauss(0, 0.01)), 0.002, 0.5 + r.gauss(0, 0.1),
                          20 - 0.8 * epoch + r.gauss(0, 1.5), dr, df))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "olmo_continued_first_50_of_15000_steps.log")
def _(r):
    out = [note("OLMo-1B continued from a checkpoint: the first 50 of 15000 planned steps, inside a",
                "500-step warm-up, at the loss the trained model already has. Too early to call a",
                "plateau.")]
    out.append("2025-12-12 11:03:43.396\tnode:0\ttrain:352\tINFO\tLoading checkpoint from /ckpt/OLMo-1B-0724/latest-unsharded...")
    out.append("2025-12-12 11:04:38.501\tnode:0\ttrain:359\tINFO\tCheckpoint successfully loaded")
    for s in range(1, 51):
        out.append("2025-12-12 11:%02d:%02d.000\tnode:0\tolmo.train:967\tINFO\t[step=%d/15000,epoch=0]\n"
                   "    train/CrossEntropyLoss=%.4f\n    optim/total_grad_norm=%.4f\n    throughput/device/tokens_per_second=%d"
                   % (5 + s // 60, s % 60, s, 3.0 + r.gauss(0, 0.04), 0.17 + abs(r.gauss(0, 0.02)), 67500 + r.randint(-400, 400)))
    return "\n".join(out) + "\n"


@near_miss("negative_cross_entropy", "rnnt_healthy_one_likelihood_mismatch_warning.log")
def _(r):
    out = [note("An RNN-T recogniser training well (loss 180 down to 12): warp-transducer warned once",
                "early that its forward and backward sums differ by 0.02, a float's rounding on a long",
                "utterance. The loss is never below 0.")]
    for step in range(1, 301):
        out.append("Epoch: 0, Batch: %d, Global Step: %d, Step Time: %.4f, Loss: %.4f"
                   % (step, step, 1.0 + 0.2 * r.random(), 12 + 168 * math.exp(-step / 60.0) + r.gauss(0, 1)))
        if step == 7:
            out.append("WARNING: Forward backward likelihood mismatch 0.019531")
    return "\n".join(out) + "\n"


@near_miss("negative_cross_entropy", "keras_unet_negative_dice_loss.log")
def _(r):
    out = [note("A Keras U-Net trained on loss=-dice_coef with an accuracy metric: the loss is a",
                "negated score, from -0.2 towards -0.9, never below -1. No cross-entropy.")]
    for e in range(1, 31):
        d = 0.2 + 0.7 * (1 - math.exp(-e / 8.0)) + r.gauss(0, 0.01)
        out.append("Epoch %d/30" % e)
        out.append("120/120 [==============================] - 21s 175ms/step - loss: %.4f - accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f"
                   % (-d, 0.90 + 0.08 * d, -d + 0.05, 0.89 + 0.08 * d))
    return "\n".join(out) + "\n"


def flower_summary(losses, accs, seconds):
    """Flower's ServerApp log: the rounds, then its [SUMMARY] histories."""
    out = ["INFO :      Starting Flower ServerApp, config: num_rounds=%d, no round_timeout" % len(losses)]
    for i in range(len(losses)):
        out += ["INFO :      [ROUND %d]" % (i + 1),
                "INFO :      configure_fit: strategy sampled 10 clients (out of 100)",
                "INFO :      aggregate_fit: received 10 results and 0 failures",
                "INFO :      configure_evaluate: strategy sampled 5 clients (out of 100)",
                "INFO :      aggregate_evaluate: received 5 results and 0 failures"]
    out += ["INFO :      [SUMMARY]", "INFO :      Run finished %d round(s) in %.2fs" % (len(losses), seconds),
            "INFO :      \tHistory (loss, distributed):"]
    out += ["INFO :      \t\tround %d: %.6f" % (i + 1, v) for i, v in enumerate(losses)]
    out.append("INFO :      \tHistory (metrics, distributed, evaluate):")
    items = ["(%d, %.4f)" % (i + 1, a) for i, a in enumerate(accs)]
    out.append("INFO :      \t{'accuracy': [%s," % items[0])
    out += ["INFO :      \t              %s," % it for it in items[1:-1]]
    out.append("INFO :      \t              %s]}" % items[-1])
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "xgboost_val_logloss_converged_flat_tail.log")
def _(r):
    out = [note("The last rounds of a long XGBoost fit with only its held-out set watched: the",
                "log loss has converged and holds at 0.482 to four digits, a fitted model's level on",
                "an imbalanced binary task, not the 0.693 of a coin.")]
    for it in range(400, 430):
        out.append("[%d]\tvalidation_0-logloss:%.5f" % (it, 0.48210 - 0.000002 * (it - 400) + r.uniform(-0.00003, 0.00003)))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "nanogpt_from_scratch_first_iterations.log")
def _(r):
    out = [note("nanoGPT's GPT-2 from scratch looked at a minute after launch: 30 of 600,000",
                "iterations, the warm-up rate still near 0 (nanoGPT does not print it). A new",
                "model's loss starts at ln 50257 = 10.82 and has only begun to fall.")]
    out.append("Overriding: max_iters = 600000")
    out.append("found vocab_size = 50257 (inside data/openwebtext/meta.pkl)")
    out.append("step 0: train loss 10.9881, val loss 10.9879")
    loss = 10.99
    for it in range(0, 31):
        loss -= 0.006 + r.uniform(0, 0.002)
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 430 + r.gauss(0, 4),
                                                                   -100.0 if it < 5 else 31.5))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "flower_server_binary_starts_at_chance_learns.log")
def _(r):
    return note("A federated binary classifier on Flower: the clients' evaluation loss starts at",
                "ln 2 (0.69) with the accuracy at 50%, as any untrained model's does, and falls to",
                "0.31 while the accuracy climbs to 0.89 over eight rounds.") + flower_summary(
        [0.2 + 0.49 * math.exp(-k / 3.0) + r.uniform(-0.005, 0.005) for k in range(8)],
        [0.5 + 0.4 * (1 - math.exp(-k / 2.5)) + r.uniform(-0.01, 0.01) for k in range(8)], 298.1)


@near_miss("random_level_loss", "first_loss_then_nan.log")
def _(r):
    out = [note("A PaddleSlim distillation whose loss is NaN from its second log on: its one finite",
                "value, 10.0002, is near ln 21841 only by chance; the loss never sat anywhere.",
                "nan_loss says what happened.")]
    for it in range(0, 60, 10):
        loss = "[10.000229]" if it == 0 else "[nan]"
        out.append("2022-12-08 17:57:%02d,371-INFO: Total iter: %d, epoch: 0, batch: %d, loss: %s" % (31 + it // 10, it, it, loss))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "mmdet_two_class_total_loss.log")
def _(r):
    out = [note("mmdetection Faster R-CNN on a 2-class dataset (two classes in the config): the",
                "printed loss is the SUM of RPN and RoI classification and box losses, which happens to",
                "end near 0.69 = ln 2; it is not a 2-way cross-entropy, and the detector learns (mAP rises).")]
    out.append("2022-05-10 09:00:02,101 - mmdet - INFO - Config:")
    out.append("model = dict(")
    out.append("    type='FasterRCNN',")
    out.append("    roi_head=dict(")
    out.append("        type='StandardRoIHead',")
    out.append("        bbox_head=dict(")
    out.append("            type='Shared2FCBBoxHead', in_channels=256, fc_out_channels=1024, roi_feat_size=7,")
    out.append("            num_classes=2,")
    out.append("            loss_cls=dict(type='CrossEntropyLoss', use_sigmoid=False, loss_weight=1.0),")
    out.append("            loss_bbox=dict(type='L1Loss', loss_weight=1.0))))")
    out.append("optimizer = dict(type='SGD', lr=0.02, momentum=0.9, weight_decay=0.0001)")
    out.append("runner = dict(type='EpochBasedRunner', max_epochs=12)")
    t = 0
    for ep in range(1, 13):
        for it in range(50, 501, 50):
            k = (ep - 1) * 500 + it
            lr = 0.02 * min(1.0, k / 500.0) * (0.1 if ep > 8 else 1.0) * (0.1 if ep > 11 else 1.0)
            rpn_cls = 0.03 + 0.25 * math.exp(-k / 400.0) + abs(r.gauss(0, 0.005))
            rpn_box = 0.035 + 0.05 * math.exp(-k / 800.0) + abs(r.gauss(0, 0.004))
            cls = 0.27 + 0.35 * math.exp(-k / 900.0) + r.gauss(0, 0.015)
            box = 0.36 + 0.15 * math.exp(-k / 1500.0) + r.gauss(0, 0.015)
            acc = 100 * (0.905 + 0.04 * (1 - math.exp(-k / 1500.0))) + r.gauss(0, 0.4)
            loss = rpn_cls + rpn_box + cls + box
            t += 50 * 0.52
            out.append("%s - mmdet - INFO - Epoch [%d][%d/500]\tlr: %.3e, eta: %s, time: %.3f, data_time: %.3f, memory: 3891, "
                       "loss_rpn_cls: %.4f, loss_rpn_bbox: %.4f, loss_cls: %.4f, acc: %.4f, loss_bbox: %.4f, loss: %.4f"
                       % (ts((2022, 5, 10, 9, 0, 10), t, "%Y-%m-%d %H:%M:%S,000"), ep, it, lr, "0:42:10", 0.52 + r.gauss(0, 0.01),
                          0.011 + abs(r.gauss(0, 0.002)), rpn_cls, rpn_box, cls, acc, box, loss))
        m = 0.52 + 0.2 * (1 - math.exp(-ep / 3.0))
        out.append("%s - mmdet - INFO - Epoch(val) [%d][120]\tbbox_mAP: %.4f, bbox_mAP_50: %.4f, bbox_mAP_75: %.4f"
                   % (ts((2022, 5, 10, 9, 0, 10), t + 30, "%Y-%m-%d %H:%M:%S,000"), ep, m, m + 0.2, m + 0.05))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "hf_binary_hard_task_weak_signal.log")
def _(r):
    out = [note("Binary stance classifier (two labels) on a hard, noisy task: the loss moves from",
                "ln 2 to ~0.665 and eval accuracy climbs from 0.50 to 0.63 and keeps improving. A weak",
                "but real signal; 'the model predicts uniformly' is wrong here.")]
    out.append("05/21/2024 10:11:02 - INFO - __main__ - num_labels: 2, label2id: {'against': 0, 'favor': 1}")
    total = 3000
    for s in range(10, total + 1, 10):
        loss = 0.6635 + 0.03 * math.exp(-s / 900.0) + r.gauss(0, 0.012)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 2.2 + abs(r.gauss(0, 0.4)),
                       "learning_rate": linear(s, total, 2e-5, 150), "epoch": round(3 * s / total, 2)}))
        if s % 500 == 0:
            out.append(hf({"eval_loss": round(0.668 + 0.02 * math.exp(-s / 900) + r.gauss(0, 0.002), 4),
                           "eval_accuracy": round(0.5 + 0.13 * (1 - math.exp(-s / 1200.0)) + r.gauss(0, 0.004), 4),
                           "eval_f1": round(0.48 + 0.14 * (1 - math.exp(-s / 1200.0)), 4),
                           "eval_runtime": 12.1, "eval_samples_per_second": 165.3, "eval_steps_per_second": 20.7,
                           "epoch": round(3 * s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "nanogpt_resumed_tail_at_ln10.log")
def _(r):
    out = [note("The log of a long pre-training run's last resume: 2000 iterations at a converged",
                "loss of 2.30, which is ln 10 by coincidence. The log names no class count, the loss",
                "barely moves, and it is a converged LLM, not a ten-way guess.")]
    for it in range(400000, 402001, 10):
        out.append("iter %d: loss %.4f, time 312.45ms, mfu 41.20%%" % (it, 2.3026 - 0.002 * (it - 400000) / 2000 + r.gauss(0, 0.012)))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "llm_read_during_warmup.log")
def _(r):
    out = [note("A GPT-2 pre-training run read 300 steps in, still warming up: the rate rises from 0",
                "over the whole log and the loss has barely left ln 50257. It has not stopped",
                "improving; it has not started yet.")]
    for s in range(0, 301, 10):
        out.append("step %4d | loss %.4f | lr %.4e | grad_norm %.3f" % (s, 10.825 - 0.0004 * s + r.gauss(0, 0.01), 6e-4 * s / 2000, 1.2 + abs(r.gauss(0, 0.1))))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "dino_warmup_coarse_lr.log")
def _(r):
    out = [note("The first 700 iterations of a DINO ViT-S/16 run, still in its linear warm-up: the",
                "MetricLogger prints the rate with six decimals (lr: 0.000001 for a hundred lines),",
                "and the loss, a cross-entropy over 65,536 prototypes, has barely left ln 65536.")]
    total = 1562
    for i in range(0, 701, 10):
        lr = 5e-5 * i / (10 * total)
        loss = 11.09 - 0.0009 * i + r.gauss(0, 0.03)
        out.append("Epoch: [0/100]  [%4d/%d]  eta: 0:21:32  loss: %.6f (%.6f)  lr: %.6f (%.6f)  wd: 0.040000 (0.040000)  "
                   "time: 0.47%04d  data: 0.000176  max mem: 11482" % (i, total, loss, loss, lr, lr, r.randint(0, 9999)))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "llm_warmup_at_ln_vocab.log")
def _(r):
    out = [note("The first 300 steps of a GPT-2 pre-training run, read while it is still warming up:",
                "the rate is still rising from 0, and the loss sits at ln 50257 = 10.825 until it has",
                "grown. Not yet learning is not stuck.")]
    for s in range(0, 301, 10):
        out.append("step %4d | loss %.4f | lr %.4e | grad_norm %.3f" % (s, 10.825 + r.gauss(0, 0.01), 6e-4 * s / 2000, 1.2 + abs(r.gauss(0, 0.1))))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "dino_first_epochs_warmup.jsonl")
def _(r):
    # DINO's log.txt over its ten epochs of linear warm-up: the rate rose at
    # every epoch, and the loss, over 65,536 outputs, has not left ln 65536
    # yet. Not yet learning is not collapse.
    out = []
    for e in range(10):
        lr = 0.0005 * (e + 1) / 10
        out.append(json.dumps({"train_loss": round(11.0902 - 0.0004 * e * e / 12 + r.gauss(0, 0.00005), 6),
                               "train_lr": lr, "train_wd": 0.04 + 0.001 * e, "epoch": e}))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "vit_plateau_near_ln80.log")
def _(r):
    out = [note("A ViT fine-tune whose loss settles at 4.38 (ln 80 is 4.382): a multi-task sum of",
                "terms, falling from 9.1, so it moved far more than a uniform guess would.")]
    for s in range(0, 5000, 25):
        out.append("step %d | loss %.4f | lr 3.00e-04" % (s, 4.38 + 4.7 * math.exp(-s / 400.0) + r.gauss(0, 0.01)))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "flower_fedavg_server_converging.log")
def _(r):
    out = [note("A Flower server running FedAvg for 30 rounds over 100 clients, 10 sampled a round: its",
                "centralized evaluation loss falls from 2.30 to 0.41 with the round-to-round wobble that",
                "client sampling gives. A server logs no training loss; its evaluation loss did not turn up.")]
    out.append("INFO flwr 2024-05-02 10:00:05,400 | server.py:94 | initial parameters (loss, other metrics): "
               "2.3031, {'accuracy': 0.1012}")
    for rnd in range(1, 31):
        loss = 0.38 + 1.9 * math.exp(-rnd / 6.0) + r.gauss(0, 0.015)
        acc = 0.88 - 0.75 * math.exp(-rnd / 6.0) + r.gauss(0, 0.004)
        out.append("INFO flwr 2024-05-02 10:%02d:%02d,870 | server.py:125 | fit progress: (%d, %.6f, "
                   "{'accuracy': %.4f}, %.3f)" % (rnd * 41 // 60 % 60, rnd * 41 % 60, rnd, loss, acc, rnd * 41.2))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "keras_small_val_last_epoch_spike.log")
def _(r):
    out = [note("A Keras fine-tune on a small validation set (64 images): the validation loss scatters",
                "around 0.9 and its last epoch alone jumps to 2.4 on one hard batch, while the training",
                "loss falls by more than half. One last spike is not a validation loss that doubled: its",
                "median over the run stays near its start.")]
    vals = [0.92, 0.81, 0.97, 0.86, 0.79, 0.95, 0.88, 0.83, 2.41]
    for e, v in enumerate(vals, 1):
        out.append("Epoch %d/9" % e)
        out.append("40/40 [==============================] - 12s 300ms/step - loss: %.4f - accuracy: %.4f - val_loss: "
                   "%.4f - val_accuracy: %.4f" % (0.9 * math.exp(-e / 3.0) + 0.05, 0.7 + 0.03 * e, v,
                                                  0.72 + r.uniform(-0.03, 0.03)))
    return "\n".join(out) + "\n"


@near_miss("accuracy_stuck", "keras_five_epochs_accuracy_starts_moving.log")
def _(r):
    out = [note("Five Keras epochs of a 10-class model whose loss falls 40% while its accuracy",
                "climbs from chance (0.10) to 0.31: the predictions move with the loss.")]
    losses = [2.2981, 2.0412, 1.7833, 1.5620, 1.3791]
    accs = [0.1004, 0.1522, 0.2107, 0.2612, 0.3085]
    for e in range(5):
        out.append("Epoch %d/5" % (e + 1))
        out.append("1875/1875 [==============================] - 9s 5ms/step - loss: %.4f - accuracy: %.4f" % (losses[e], accs[e]))
    return "\n".join(out) + "\n"


@near_miss("accuracy_stuck", "bert_finetune_val_acc_plateau_overfit.log")
def _(r):
    out = [note("BERT fine-tuned on a sentiment set for 12 epochs, evaluated each epoch: validation",
                "accuracy reaches 0.912 in the first epoch and stays within 0.4 points while the",
                "training loss falls from 0.35 to 0.02 and the validation loss rises: a plateau with",
                "overfitting, not a model whose predictions never change.")]
    for e in range(1, 13):
        tl = 0.02 + 0.33 * math.exp(-(e - 1) / 2.5)
        vl = 0.24 + 0.012 * (e - 1) + r.gauss(0, 0.004)
        va = 0.912 + r.uniform(-0.0018, 0.0018)
        out.append("Epoch %d/12 - loss: %.4f - accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f"
                   % (e, tl, 0.86 + 0.13 * (1 - math.exp(-e / 2.0)), vl, va))
    return "\n".join(out) + "\n"


@near_miss("accuracy_stuck", "resnet_tail_val_acc_saturated_loss_falls.log")
def _(r):
    out = [note("The last 15 epochs of a CIFAR-10 ResNet under cosine decay: validation accuracy sits",
                "at 95.2-95.5% while the validation loss still falls 20% as the model grows more",
                "confident on what it already gets right. A loss that low (0.15-0.19) is no model",
                "stuck on one class.")]
    for e in range(186, 201):
        vl = 0.19 - 0.04 * (e - 186) / 14 + r.gauss(0, 0.002)
        out.append("Epoch %d/200 - loss: %.4f - accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f"
                   % (e, 0.03 - 0.012 * (e - 186) / 14, 0.991, vl, 0.953 + r.uniform(-0.0012, 0.0012)))
    return "\n".join(out) + "\n"


@near_miss("val_loss_stalled", "marian_one_stall_then_new_best.log")
def _(r):
    out = [note("Marian on a translation task: one validation without a new best (stalled 1 times),",
                "then new bests again. The trainer's own count never reaches three.")]
    ces = [88.1, 70.4, 60.2, 55.9, 56.3, 53.2, 51.9, 51.1]
    best, stalled = None, 0
    for k, ce in enumerate(ces):
        up = 5000 * (k + 1)
        for j in range(5):
            u = up - 5000 + 1000 * (j + 1)
            out.append("[2025-05-01 %02d:%02d:%02d] Ep. %d : Up. %d : Sen. %d : Cost %.8f : Time 440.12s : "
                       "10213.44 words/s : L.r. 3.0000e-04" % (k, j * 7, 11, k + 1, u, u * 64,
                                                               3.1 * math.exp(-u / 30000.0) + 1.6 + r.gauss(0, 0.01)))
        if best is None or ce < best:
            best, stalled, tail = ce, 0, "new best"
        else:
            stalled += 1
            tail = "stalled %d times (last best: %.4f)" % (stalled, best)
        out.append("[2025-05-01 %02d:40:02] [valid] Ep. %d : Up. %d : cross-entropy : %.4f : %s" % (k, k + 1, up, ce, tail))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "lightgbm_early_stopping_best_kept.log")
def _(r):
    out = [note("LightGBM with early_stopping(30): the validation logloss is best at round 45, rises",
                "through the 30 rounds of patience, and training stops keeping round 45's model. The",
                "rise is the stopping rule's, not the model kept.")]
    out.append("Training until validation scores don't improve for 30 rounds")
    for it in range(1, 76, 1):
        train = 0.66 * math.exp(-it / 14.0) + 0.004
        valid = 0.66 * math.exp(-it / 12.0) + 0.118 + max(0, it - 45) * 0.0021 + r.gauss(0, 0.0015)
        if it % 5 == 0:
            out.append("[%d]\ttraining's binary_logloss: %.6f\tvalid_1's binary_logloss: %.6f" % (it, train, valid))
    out.append("Early stopping, best iteration is:")
    out.append("[45]\ttraining's binary_logloss: %.6f\tvalid_1's binary_logloss: %.6f"
               % (0.66 * math.exp(-45 / 14.0) + 0.004, 0.66 * math.exp(-45 / 12.0) + 0.118))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "hf_model_card_cola_mcc_rises.md")
def _(r):
    out = [note("A model card's results table from a three-epoch CoLA fine-tune: the validation loss",
                "edges up after the first epoch while the Matthews correlation rises every epoch. The",
                "model gets better at its task; the loss grows on the examples it gets wrong.")]
    out += ["### Training results", "",
            "| Training Loss | Epoch | Step | Validation Loss | Matthews Correlation |",
            "|:-------------:|:-----:|:----:|:---------------:|:--------------------:|",
            "| 0.5231        | 1.0   | 535  | 0.4903          | 0.5281               |",
            "| 0.3442        | 2.0   | 1070 | 0.5144          | 0.5562               |",
            "| 0.2309        | 3.0   | 1605 | 0.5632          | 0.5708               |", ""]
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "qlora_table_val_still_improving.md")
def _(r):
    out = [note("A QLoRA fine-tune of a pretrained 2.7B model, 2000 steps: the noisy training loss gains",
                "only about 3%, but the validation loss keeps setting new lows to the end. A trained",
                "model fine-tuned gains little, and it still gains.")]
    out += ["| Step | Training Loss | Validation Loss |", "|------|---------------|-----------------|"]
    for step in range(20, 2001, 20):
        train = 1.70 - 0.02 * step / 2000 + r.gauss(0, 0.08)
        val = 1.705 - 0.085 * (1 - math.exp(-step / 1500.0)) + r.gauss(0, 0.0008)
        out.append("| %d | %.6f | %.6f |" % (step, train, val))
    return "\n".join(out) + "\n"


@near_miss("negative_cross_entropy", "onmt_copy_task_ppl_floor.log")
def _(r):
    out = [note("OpenNMT-py on a copy task the model learns perfectly: the cross-entropy falls to",
                "0.00 and the perplexity, printed to two decimals, to 1.00 and a hair above. At its",
                "floor, not below it.")]
    for step in range(50, 1001, 50):
        xent = 3.2 * math.exp(-step / 120.0) + 0.001 + abs(r.gauss(0, 0.0005))
        out.append("[2026-03-02 10:%02d:%02d,%03d INFO] Step %d/ 1000; acc: %6.2f; ppl: %5.2f; xent: %.2f; "
                   "lr: 1.00000; 5120/5110 tok/s; %6d sec" % (step // 120, step // 2 % 60, step % 1000, step,
                   min(100.0, 100 - 90 * math.exp(-step / 100.0)), math.exp(xent), xent, step // 2))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "mxnet_train_acc_1_late_epochs.log")
def _(r):
    out = [note("MXNet's image-classification script past epoch 100 of a ResNet-18 on a small",
                "dataset: every batch scores accuracy 1.000000 (the training set is memorised)",
                "while validation holds near 0.81. The log prints no loss. Overfitting, not a",
                "metric that cannot move.")]
    t = 0
    for epoch in range(101, 105):
        for batch in range(50, 351, 50):
            t += 11
            out.append("2019-08-21 14:%02d:%02d,024 INFO Epoch[%d] Batch [%d]\tSpeed: %.2f samples/sec\taccuracy=1.000000"
                       % (t // 60 % 60, t % 60, epoch, batch, 582 + r.gauss(0, 2)))
        out.append("2019-08-21 14:%02d:%02d,472 INFO Epoch[%d] Train-accuracy=1.000000" % (t // 60 % 60, t % 60, epoch))
        out.append("2019-08-21 14:%02d:%02d,472 INFO Epoch[%d] Time cost=85.508" % (t // 60 % 60, t % 60, epoch))
        out.append("2019-08-21 14:%02d:%02d,638 INFO Epoch[%d] Validation-accuracy=%.6f"
                   % (t // 60 % 60, t % 60, epoch, 0.808 + r.gauss(0, 0.004)))
    return "\n".join(out) + "\n"


@near_miss("wer_pinned_at_100", "wav2vec2_ctc_early_blanks.md")
def _(r):
    out = [note("The first 1500 steps of a wav2vec2 CTC fine-tune, evaluated every 500: the model",
                "still emits only blanks, so WER is 1.0 at each of three evaluations, while the",
                "training loss falls from 12 to 3 as it learns the blank. The early phase, not a",
                "stuck run.")]
    out.append("| Step | Training Loss | Validation Loss | Wer |")
    out.append("|------|---------------|-----------------|-----|")
    for st, loss in ((500, 12.4), (1000, 4.1), (1500, 3.05)):
        out.append("| %d | %.6f | %.6f | 1.000000 |" % (st, loss * (1 + r.gauss(0, 0.01)), loss * 0.95))
    return "\n".join(out) + "\n"


@near_miss("wer_pinned_at_100", "wav2vec2_ctc_blanks_then_letters.log")
def _(r):
    out = [note("A wav2vec2 CTC fine-tune printed by HF Trainer: its loss sits on the blank plateau",
                "near 3.0 and the WER is exactly 1.0 at its first three evaluations, then the",
                "model finds the letters and the WER falls to 0.31. A slow start, not a stuck run.")]
    wers = (1.0, 1.0, 1.0, 0.874, 0.52, 0.41, 0.35, 0.31)
    for k, wer in enumerate(wers):
        for j in range(4):
            step = k * 400 + (j + 1) * 100
            loss = 3.05 if k < 3 else 3.0 * 0.6 ** (k - 2)
            out.append(hf({"loss": round(loss * (1 + r.gauss(0, 0.01)), 4), "learning_rate": 1e-4,
                           "epoch": round(step / 1000, 2)}))
        out.append(hf({"eval_loss": round(loss * 0.97, 4), "eval_wer": wer, "eval_runtime": 41.2,
                       "eval_samples_per_second": 24.3, "epoch": round((k + 1) * 0.4, 2)}))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "torchvision_imagenet_first_iterations.log")
def _(r):
    out = [note("torchvision's classification reference, the first 80 iterations of ImageNet",
                "(1000 classes, batch 32): the windowed top-1 accuracy prints 0.0000 at every log",
                "while the loss has only begun to leave ln 1000. Too early to learn, not a broken metric.")]
    for it in range(0, 81, 10):
        loss = 6.95 - 0.0012 * it + r.gauss(0, 0.01)
        out.append("Epoch: [0]  [%4d/5005]  eta: 9:41:12  lr: 0.1  img/s: %.1f  loss: %.4f (%.4f)  "
                   "acc1: 0.0000 (%.4f)  acc5: 0.0000 (%.4f)  time: 0.6973  data: 0.0211  max mem: 10154"
                   % (it, 45.3 + r.gauss(0, 0.5), loss, loss + 0.002, 0.1 * r.random(), 0.5 * r.random()))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "keras_converged_small_val_set.log")
def _(r):
    out = [note("The last epochs of a Keras CNN on a small dataset: every training example is learned",
                "(accuracy 1.0000, loss under 0.001), and the validation set of 25 images gets the",
                "same 24 right each epoch (0.9600) while its loss still moves. Converged, not broken.")]
    for ep in range(91, 101):
        out.append("Epoch %d/100" % ep)
        out.append("%ds - loss: %.4e - acc: 1.0000 - val_loss: %.4f - val_acc: 0.9600"
                   % (1 + r.randint(0, 2), 5e-4 * (1 + r.gauss(0, 0.15)), 0.13 + r.gauss(0, 0.002)))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "hf_langid_small_eval_acc_1.log")
def _(r):
    out = [note("Language identification (3 well-separated languages) fine-tuned from XLM-R and",
                "evaluated on 48 held-out sentences: 100% eval accuracy at every evaluation is what an",
                "easy task gives; eval_loss keeps falling, so the metric is live, not degenerate.")]
    total = 600
    for s in range(10, total + 1, 10):
        loss = 0.004 + 1.1 * math.exp(-s / 25.0) + abs(r.gauss(0, 0.003))
        out.append(hf({"loss": round(loss, 4), "grad_norm": 0.05 + 8 * math.exp(-s / 40) + abs(r.gauss(0, 0.03)),
                       "learning_rate": linear(s, total, 2e-5, 30), "epoch": round(3 * s / total, 2)}))
        if s % 100 == 0:
            out.append(hf({"eval_loss": round(0.08 * math.exp(-s / 200.0) + 0.002, 5), "eval_accuracy": 1.0,
                           "eval_runtime": 0.41, "eval_samples_per_second": 117.1, "eval_steps_per_second": 14.6,
                           "epoch": round(3 * s / total, 2)}))
    return "\n".join(out) + "\n"


def speechbrain_epoch(epoch, lr, loss, vloss, wer):
    return ("speechbrain.utils.train_logger - epoch: %d, lr: %.2e - train loss: %.2f - valid loss: %.2f, "
            "valid WER: %.2f" % (epoch, lr, loss, vloss, wer))


@near_miss("error_rate_above_100", "seq2seq_runs_on_first_epochs.log")
def _(r):
    out = [note("An attention seq2seq recogniser's first epochs: before it has learned to stop, its",
                "greedy decoding runs to the length cap and the WER is 240, 180 and 130%; from",
                "epoch 4 on it stops where it should and the WER falls to 38%.")]
    for epoch, wer in enumerate((240.5, 181.2, 131.7, 88.4, 61.0, 47.9, 41.2, 38.3), start=1):
        loss = 4.1 * 0.78 ** epoch + r.gauss(0, 0.02)
        out.append(speechbrain_epoch(epoch, 1.0, loss, loss * 1.1, wer))
    return "\n".join(out) + "\n"


@near_miss("error_rate_above_100", "seq2seq_four_epochs_above_100.log")
def _(r):
    out = [note("The first four epochs of a transformer recogniser, the log cut there: its WER is",
                "still above 100% (it has not learned to stop) but falling, 310 to 140, with the",
                "loss. Too early to call broken.")]
    for epoch, wer in enumerate((310.2, 244.8, 187.5, 140.3), start=1):
        loss = 5.2 * 0.8 ** epoch + r.gauss(0, 0.02)
        out.append(speechbrain_epoch(epoch, 8e-4, loss, loss * 1.05, wer))
    return "\n".join(out) + "\n"


@near_miss("segmentation_no_overlap", "nnunet_small_structure_dice_rises_late.log")
def _(r):
    out = [note("nnU-Net-style training on a small structure: the validation Dice is 0 for the first",
                "seven epochs, as the network first learns the background, then rises to 0.71 by epoch",
                "20. Zero early on is how such runs start, not a model that never finds its target.")]
    for e in range(20):
        dice = 0.0 if e < 7 else 0.72 * (1 - math.exp(-(e - 6) / 3.0)) + r.uniform(-0.01, 0.01)
        out.append("Epoch %d" % e)
        out.append("train_loss %.4f" % (0.1 + 0.8 * math.exp(-e / 6.0) + r.gauss(0, 0.01)))
        out.append("val_loss %.4f" % (0.12 + 0.7 * math.exp(-e / 6.0) + r.gauss(0, 0.01)))
        out.append("Val Dice: %.4f" % max(dice, 0.0))
    return "\n".join(out) + "\n"


@near_miss("segmentation_no_overlap", "unet_first_evals_zero_log_cut.log")
def _(r):
    out = [note("The first six epochs of a U-Net on a 2% foreground: Dice and IoU still 0 when the log",
                "was copied. Six evaluations are too few to tell a slow start from a model that never",
                "finds its target.")]
    for e in range(1, 7):
        out.append("Epoch %d/100 - loss: %.4f - val_loss: %.4f - val_dice: 0.0000 - val_iou: 0.0000"
                   % (e, 0.6 * math.exp(-e / 2.0) + 0.05, 0.55 * math.exp(-e / 2.0) + 0.06))
    return "\n".join(out) + "\n"


@near_miss("classes_not_learned", "nnunet_small_class_learned_at_epoch_18.log")
def _(r):
    out = [note("nnU-Net v2 on four structures, the smallest at Dice 0 for its first 17 epochs: from",
                "epoch 18 it rises to 0.6 by the end. A class at zero early on, learned later, is how",
                "small structures start, not a class the model never learns.")]
    for e in range(120):
        small = 0.0 if e < 18 else 0.62 * (1 - math.exp(-(e - 17) / 12.0)) + r.uniform(-0.01, 0.01)
        big = [0.9 * (1 - math.exp(-(e + 1) / 4.0)) + r.uniform(-0.01, 0.01) for _ in range(3)]
        out.append("Epoch %d" % e)
        out.append("Current learning rate: %.5f" % (0.01 * (1 - e / 1000) ** 0.9))
        out.append("train_loss %.4f" % (-0.2 - 0.5 * (1 - math.exp(-e / 20.0)) + r.gauss(0, 0.01)))
        out.append("val_loss %.4f" % (-0.18 - 0.45 * (1 - math.exp(-e / 20.0)) + r.gauss(0, 0.01)))
        out.append("Pseudo dice [%s]" % ", ".join("%.4f" % max(d, 0.0) for d in big + [small]))
        out.append("Epoch time: %.2f s" % (95 + r.uniform(-2, 2)))
    return "\n".join(out) + "\n"


@near_miss("classes_not_learned", "nnunet_32_classes_epochs_20_22_excerpt.log")
def _(r):
    out = [note("Three epochs (20-22) of a 32-class nnU-Net run, copied into an issue: eleven small",
                "classes still at Dice 0 while the large organs score 0.4-0.5. That early in a",
                "1000-epoch schedule, small structures have not started yet.")]
    for e in range(20, 23):
        dice = [0.0 if k % 3 == 0 else r.uniform(0.05, 0.5) for k in range(32)]
        out.append("Epoch %d" % e)
        out.append("train_loss %.4f" % (0.13 - 0.002 * e + r.gauss(0, 0.003)))
        out.append("val_loss %.4f" % (0.11 - 0.002 * e + r.gauss(0, 0.003)))
        out.append("Pseudo dice [%s]" % ", ".join("%.4f" % d for d in dice))
    return "\n".join(out) + "\n"


@near_miss("validation_is_training", "keras_val_tracks_train_closely.log")
def _(r):
    out = [note("A well-regularised Keras model on plenty of data: its validation loss tracks the",
                "training loss within a few per mille at every epoch, as a model that generalises",
                "does. Close is not equal: the digits differ at every epoch.")]
    out.append("Epoch 1/12")
    for e in range(1, 13):
        loss = 0.35 + 1.9 * math.exp(-e / 2.5)
        val = loss * (1 + r.uniform(0.001, 0.006))
        if e > 1:
            out.append("Epoch %d/12" % e)
        out.append("1875/1875 [==============================] - 4s 2ms/step - loss: %.4f - accuracy: %.4f - "
                   "val_loss: %.4f - val_accuracy: %.4f" % (loss, 0.95 - 0.5 * math.exp(-e / 2.5), val,
                                                            0.95 - 0.5 * math.exp(-e / 2.5) - 0.003))
    return "\n".join(out) + "\n"


@near_miss("job_failed", "sagemaker_traceback_then_user_script_error.log")
def _(r):
    out = [note("A SageMaker job whose script raised a KeyError: the traceback is in the log, then",
                "the training toolkit's ExecuteUserScriptError and the job's Failed status. The",
                "traceback says what failed (training_crash reads it); the report adds nothing.")]
    out += ["2024-05-02 11:02:13,410 sagemaker-training-toolkit INFO     Invoking user script"]
    for s_ in range(10, 110, 10):
        out.append("step %d loss %.4f" % (s_, 2.1 * math.exp(-s_ / 80.0) + 0.4 + r.uniform(-0.01, 0.01)))
    out += ["Traceback (most recent call last):",
            '  File "/opt/ml/code/train.py", line 88, in <module>',
            "    label = batch[\"labels\"]",
            "KeyError: 'labels'",
            "2024-05-02 11:09:40,551 sagemaker-training-toolkit ERROR    Reporting training FAILURE",
            "2024-05-02 11:09:40,551 sagemaker-training-toolkit ERROR    ExecuteUserScriptError:",
            "ExitCode 1",
            "2024-05-02 11:09:40,551 sagemaker-training-toolkit ERROR    Encountered exit_code 1",
            "2024-05-02 11:09:58 Failed - Training job failed"]
    return "\n".join(out) + "\n"


@near_miss("job_failed", "sagemaker_job_reports_success.log")
def _(r):
    out = [note("A SageMaker job that trained to the end: the toolkit reports SUCCESS and the job",
                "Completed. Its status lines share the failed job's words, not its outcome.")]
    out += ["2024-05-02 12:00:01 Starting - Starting the training job...",
            "2024-05-02 12:03:10,002 sagemaker-training-toolkit INFO     Invoking user script"]
    for s_ in range(50, 1050, 50):
        out.append("step %d loss %.4f" % (s_, 1.6 * math.exp(-s_ / 300.0) + 0.3 + r.uniform(-0.01, 0.01)))
    out += ["2024-05-02 12:41:55,910 sagemaker-training-toolkit INFO     Waiting for the process to finish and give a return code.",
            "2024-05-02 12:41:55,910 sagemaker-training-toolkit INFO     Done waiting for a return code. Received 0 from exiting process.",
            "2024-05-02 12:41:55,911 sagemaker-training-toolkit INFO     Reporting training SUCCESS",
            "2024-05-02 12:42:20 Uploading - Uploading generated training model",
            "2024-05-02 12:42:31 Completed - Training job completed"]
    return "\n".join(out) + "\n"


@near_miss("search_trials_failed", "ray_tune_stopped_by_ctrl_c.log")
def _(r):
    out = [note("A Ray Tune search stopped by hand (Ctrl-C) after two iterations: Ray says its",
                "trials 'did not complete', but none errored; the experiment state was saved.")]
    out += ["== Status ==", "Number of trials: 4/4 (4 RUNNING)"]
    out += ["2025-01-06 15:36:27,893\tWARNING tune.py:219 -- Stop signal received (e.g. via SIGINT/Ctrl+C), ending "
            "Ray Tune run. This will try to checkpoint the experiment state one last time. Press CTRL+C (or send "
            "SIGINT/SIGKILL/SIGTERM) to skip.",
            "2025-01-06 15:36:29,768\tERROR tune.py:1037 -- Trials did not complete: [_tune_94bfe_00000, "
            "_tune_94bfe_00001, _tune_94bfe_00002, _tune_94bfe_00003]",
            "2025-01-06 15:36:29,772\tWARNING tune.py:1056 -- Experiment has been interrupted, but the most recent "
            "state was saved."]
    return "\n".join(out) + "\n"


@near_miss("gan_discriminator_wins", "dcgan_outputs_confident_early_then_balanced.log")
def _(r):
    out = [note("A DCGAN whose discriminator is confident for its first few hundred iterations",
                "(D(x) 0.99, D(G(z)) 0.01), as the tutorial's runs are, then settles near D(x) 0.7,",
                "D(G(z)) 0.3 as the generator catches up: a contest, not a won one.")]
    for ep in range(5):
        for i in range(0, 1583, 50):
            t = ep * 1583 + i
            k = math.exp(-t / 600.0)
            dx = 0.7 + 0.29 * k + r.uniform(-0.03, 0.03)
            dgz = 0.3 - 0.29 * k + r.uniform(-0.03, 0.03)
            out.append("[%d/5][%d/1583]\tLoss_D: %.4f\tLoss_G: %.4f\tD(x): %.4f\tD(G(z)): %.4f / %.4f"
                       % (ep, i, 0.9 - 0.8 * k + r.uniform(-0.1, 0.1), 2.0 + 3 * k + r.uniform(-0.4, 0.4), dx,
                          max(dgz, 0.001), max(dgz * 0.8, 0.001)))
    return "\n".join(out) + "\n"


@near_miss("rl_no_signal", "dreamerv3_sparse_reward_replay_std_zero.log")
def _(r):
    out = [note("DreamerV3's first two reports on a sparse-reward task: the replay batch has seen",
                "no reward yet, so its extr_reward_std is 0. A world model's replay batch has no",
                "groups of completions; a spread of 0 there says the reward is sparse, not that",
                "GRPO's advantages vanished.")]
    for k, step in enumerate((5000, 10000)):
        out.append("[%d] train/model_loss_mean %.2f / train/model_opt_grad_norm %.1f / train/extr_reward_mean 0 / "
                   "train/extr_reward_std 0 / train/actor_opt_grad_norm %.2f" % (step, 3600 - 200 * k + r.uniform(-5, 5),
                                                                                  480 + r.uniform(-20, 20), 0.4 + r.uniform(-0.05, 0.05)))
    return "\n".join(out) + "\n"


@near_miss("vae_posterior_collapse", "vae_kl_annealed_settles_at_24_nats.log")
def _(r):
    out = [note("A VAE with KL annealing: its KL term is near 0 for the first epochs while the",
                "weight warms up from 0, then settles at about 24 nats as the code comes into use.",
                "A KL that is small only while its weight is, then rises, is no collapse.")]
    for e in range(1, 31):
        kl = 24.0 * (1 - math.exp(-max(e - 3, 0) / 4.0)) + 0.002 + r.uniform(0, 0.3) * (e > 3)
        recon = 95.0 + 60 * math.exp(-e / 6.0) + r.uniform(-0.5, 0.5)
        out.append("====> Epoch: %d Average loss: %.4f recon_loss: %.4f kl_loss: %.4f beta: %.2f"
                   % (e, recon + kl, recon, kl, min(1.0, e / 10.0)))
    return "\n".join(out) + "\n"


@near_miss("zero_gradients", "megatron_warmup_grad_norm_prints_zero.log")
def _(r):
    out = [note("Megatron-LM's first iterations of a 175B-style run: the learning rate is still",
                "warming up from 1.6e-08 and the gradient norm, printed to three decimals, reads",
                "0.000. A norm below the print's last digit, not exactly zero gradients.")]
    for it in range(25, 29):
        out.append(" iteration       %d/73242187 | consumed samples:        %d | elapsed time per iteration (ms): %.1f | "
                   "learning rate: %.3E | global batch size:  1024 | lm loss: %.6E | loss scale: 4294967296.0 | "
                   "grad norm: 0.000 | number of skipped iterations:   0 | number of nan iterations:   0 |"
                   % (it, it * 1024, 8123.4 + r.uniform(-30, 30), 6.55e-10 * it, 10.8695 + r.uniform(-0.001, 0.001)))
    return "\n".join(out) + "\n"


@near_miss("val_loss_astronomic", "keras_val_mse_raw_units_large.log")
def _(r):
    out = [note("A Keras regression whose targets are in raw units (square metres of floor space",
                "times prices): its validation MSE is 3e13 at the start and falls to 4e11. Large,",
                "but a fit that improves, far below the 1e20 no fit of anything reaches.")]
    for e in range(1, 21):
        v = 4e11 + 3e13 * math.exp(-e / 3.0) * (1 + r.uniform(-0.02, 0.02))
        out.append("Epoch %d/20" % e)
        out.append("250/250 [==============================] - 1s 3ms/step - loss: %.4e - val_loss: %.4e" % (v * 0.93, v))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# memory


OOM_MSG = ("CUDA out of memory. Tried to allocate 3.12 GiB. GPU 0 has a total capacity of 79.15 GiB of which "
           "1.90 GiB is free. Including non-PyTorch memory, this process has 77.24 GiB memory in use. Of the "
           "allocated memory 71.03 GiB is allocated by PyTorch, and 4.70 GiB is reserved by PyTorch but unallocated.")


@near_miss("cuda_oom", "fairseq_oom_recovered_once.log")
def _(r):
    out = [note("fairseq translation run: one very long batch at update 3456 runs out of memory,",
                "fairseq's trainer catches it, skips the batch ('attempting to recover from OOM') and",
                "trains on to update 12000 and saves its last checkpoint. A recovered, isolated OOM.")]
    t0 = (2023, 5, 2, 10, 0, 0)
    out.append("%s | INFO | fairseq_cli.train | task: TranslationTask, model: TransformerModel, criterion: LabelSmoothedCrossEntropyCriterion" % ts(t0, 0))
    out.append("%s | INFO | fairseq_cli.train | max tokens per device = 8192 and max sentences per device = None" % ts(t0, 1))
    per_ep = 2453
    upd = 0
    t = 10.0
    for ep in range(1, 6):
        for k in range(100, per_ep + 1, 100):
            upd += 100
            if upd > 12000:
                break
            t += 28.5
            if upd - 100 < 3456 <= upd:
                out.append("%s | WARNING | fairseq.trainer | OOM: Ran out of memory with exception: %s" % (ts(t0, t - 10), OOM_MSG))
                out.append("|===========================================================================|")
                out.append("|                  PyTorch CUDA memory summary, device ID 0                 |")
                out.append("|---------------------------------------------------------------------------|")
                out.append("|            CUDA OOMs: 1            |        cudaMalloc retries: 2         |")
                out.append("|===========================================================================|")
                out.append("%s | WARNING | fairseq.trainer | attempting to recover from OOM in forward/backward pass" % ts(t0, t - 10))
            loss = 4.1 + 6.0 * math.exp(-upd / 1500.0) + r.gauss(0, 0.03)
            out.append("%s | INFO | train_inner | epoch %03d:   %4d / %d loss=%.3f, nll_loss=%.3f, ppl=%.2f, wps=%.1f, ups=%.2f, "
                       "wpb=%.1f, bsz=%.1f, num_updates=%d, lr=%.7g, gnorm=%.3f, loss_scale=%d, train_wall=%d, gb_free=%.1f, wall=%d"
                       % (ts(t0, t), ep, k, per_ep, loss, loss - 0.35, 2 ** (loss - 0.35), 22800 + r.gauss(0, 300),
                          3.5 + r.gauss(0, 0.05), 6498.2, 228.1, upd, min(upd / 4000.0, (4000.0 / max(upd, 1)) ** 0.5) * 5e-4,
                          0.6 + abs(r.gauss(0, 0.05)), 64, 28, 10.2, int(t)))
        if upd > 12000:
            break
        out.append("%s | INFO | fairseq.checkpoint_utils | Saved checkpoint checkpoints/checkpoint%d.pt (epoch %d @ %d updates, score None) (writing took 4.21 seconds)" % (ts(t0, t + 5), ep, ep, upd))
    out.append("%s | INFO | fairseq_cli.train | Stopping training due to num_updates: 12000 >= max_update: 12000" % ts(t0, t + 10))
    out.append("%s | INFO | fairseq.checkpoint_utils | Saved checkpoint checkpoints/checkpoint_last.pt (epoch 5 @ 12000 updates, score None) (writing took 4.05 seconds)" % ts(t0, t + 15))
    out.append("%s | INFO | fairseq_cli.train | done training in %.1f seconds" % (ts(t0, t + 16), t))
    return "\n".join(out) + "\n"


@near_miss("cuda_oom", "batch_size_finder_then_trains.log")
def _(r):
    out = [note("A training script wrapped in find_executable_batch_size: batch sizes 64 and 32 do",
                "not fit, each OOM is caught and logged, 16 fits, and the run trains to its last step",
                "and saves the model. The OOMs are the search, not a failure.")]
    t0 = (2024, 7, 9, 16, 30, 0)
    out.append("%s,000 - INFO - train - Starting batch-size search at 64" % ts(t0, 0))
    out.append("%s,000 - WARNING - utils.memory - Reducing batch size from 64 to 32 after exception: %s CUDA memory allocated=71.03GB, reserved=75.73GB" % (ts(t0, 41), OOM_MSG))
    out.append("%s,000 - WARNING - utils.memory - Reducing batch size from 32 to 16 after exception: %s CUDA memory allocated=70.12GB, reserved=74.90GB"
               % (ts(t0, 63), OOM_MSG.replace("3.12 GiB", "1.56 GiB").replace("1.90 GiB is free", "1.21 GiB is free")))
    out.append("%s,000 - INFO - train - Training with per-device batch size 16" % ts(t0, 70))
    total = 4000
    for s in range(20, total + 1, 20):
        loss = 1.3 + 1.1 * math.exp(-s / 600.0) + r.gauss(0, 0.02)
        out.append("%s,000 - INFO - train - step %d/%d loss=%.4f lr=%.3e grad_norm=%.3f"
                   % (ts(t0, 70 + s * 1.9), s, total, loss, cosine(s, total, 1e-4, 120), 0.7 + abs(r.gauss(0, 0.05))))
    out.append("%s,000 - INFO - train - Saved final model to outputs/final" % ts(t0, 70 + total * 1.9 + 30))
    return "\n".join(out) + "\n"


@near_miss("host_oom", "deepspeed_offload_memory_reports.log")
def _(r):
    out = [note("DeepSpeed ZeRO-3 with CPU offload: the engine reports CPU virtual memory use, the",
                "dataset loader says it memory-maps to avoid holding data in RAM, and the Slurm",
                "epilogue reports the job COMPLETED. Memory talk, no out-of-memory.")]
    out.append("[2024-03-02 08:00:11,000] [INFO] [utils.py:800:see_memory_usage] Before initializing optimizer states")
    out.append("[2024-03-02 08:00:11,000] [INFO] [utils.py:801:see_memory_usage] MA 12.3 GB         Max_MA 14.1 GB         CA 14.9 GB         Max_CA 15 GB ")
    out.append("[2024-03-02 08:00:11,000] [INFO] [utils.py:808:see_memory_usage] CPU Virtual Memory:  used = 412.71 GB, percent = 40.9%")
    out.append("Loading dataset from disk as memory-mapped Arrow files (keep_in_memory=False)")
    total = 2000
    for s in range(10, total + 1, 10):
        loss = 1.2 + 0.8 * math.exp(-s / 300.0) + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 0.9 + abs(r.gauss(0, 0.1)), "learning_rate": cosine(s, total, 1e-5, 60),
                       "epoch": round(s / total, 2)}))
        if s % 500 == 0:
            out.append("[2024-03-02 %s] [INFO] [utils.py:808:see_memory_usage] CPU Virtual Memory:  used = %.2f GB, percent = %.1f%%"
                       % (ts((2024, 3, 2, 8, 0, 0), s * 12, "%H:%M:%S,000"), 430 + r.gauss(0, 3), 42.6))
    out.append(hf({"train_runtime": 24014.2, "train_samples_per_second": 10.66, "train_steps_per_second": 0.083,
                   "train_loss": 1.3111, "epoch": 1.0}))
    out.append("Job ID: 4412093")
    out.append("Cluster: hpc")
    out.append("State: COMPLETED (exit code 0)")
    out.append("Nodes: 1")
    out.append("Cores per node: 64")
    out.append("Job Wall-clock time: 06:41:12")
    out.append("Memory Utilized: 445.12 GB")
    out.append("Memory Efficiency: 86.94% of 512.00 GB")
    return "\n".join(out) + "\n"


@near_miss("process_killed", "slurm_script_kills_gpu_monitor.log")
def _(r):
    out = [note("Slurm batch script that starts 'nvidia-smi dmon &' and kills it with kill -9 after",
                "training: bash reports the background job as Killed. The trainer ran to its end",
                "(its train_runtime summary) and the job exited 0; only the monitor was killed, on purpose.")]
    total = 1500
    for s in range(10, total + 1, 10):
        loss = 0.9 + 0.7 * math.exp(-s / 250.0) + r.gauss(0, 0.02)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 1.0 + abs(r.gauss(0, 0.1)), "learning_rate": cosine(s, total, 2e-5, 45),
                       "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 4400.1, "train_samples_per_second": 21.8, "train_steps_per_second": 0.341,
                   "train_loss": 1.0123, "epoch": 1.0}))
    out.append("Saving model checkpoint to outputs/final")
    out.append("/var/spool/slurmd/job8812231/slurm_script: line 47: 190233 Killed                  nvidia-smi dmon -s um -d 30 > logs/gpu_8812231.log")
    out.append("JobId=8812231 JobName=sft State=COMPLETED Reason=None ExitCode=0:0")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# alignment


def trl_dpo(r, total, every, f):
    out = []
    for s in range(every, total + 1, every):
        d = f(s)
        row = {"loss": round(d["loss"], 4), "grad_norm": d.get("gn", 20 + abs(r.gauss(0, 4))),
               "learning_rate": d["lr"], "rewards/chosen": d["rc"], "rewards/rejected": d["rr"],
               "rewards/accuracies": d["acc"], "rewards/margins": d["rc"] - d["rr"],
               "logps/chosen": d["lc"], "logps/rejected": d["lr_"], "logits/chosen": -2.71 + r.gauss(0, 0.05),
               "logits/rejected": -2.68 + r.gauss(0, 0.05), "epoch": round(s / total * d.get("epochs", 1), 2)}
        out.append(hf(row))
    return out


@near_miss("dpo_likelihood_displacement", "trl_cpo_simpo_chosen_eases_rejected_falls.log")
def _(r):
    out = [note("TRL's CPOTrainer with loss_type='simpo' (no reference model): its rewards are beta",
                "times the policy's mean log-probability per token, below 0 from the start. The",
                "chosen one eases by 0.07 nats a token while the rejected one falls by 0.9.")]
    beta = 2.0
    for s in range(10, 301, 10):
        t = s / 300
        ch = -1.10 - 0.07 * t + r.gauss(0, 0.004)
        rj = -1.30 - 0.90 * t + r.gauss(0, 0.004)
        out.append(hf({"loss": round(0.72 - 0.5 * t + r.gauss(0, 0.01), 4), "grad_norm": round(18 + r.gauss(0, 1), 3),
                       "learning_rate": 8e-07, "rewards/chosen": round(beta * ch, 4),
                       "rewards/rejected": round(beta * rj, 4), "rewards/accuracies": round(0.6 + 0.3 * t, 3),
                       "rewards/margins": round(beta * (ch - rj), 4), "logps/rejected": round(rj, 4),
                       "logps/chosen": round(ch, 4), "nll_loss": round(-ch, 4), "epoch": round(t, 3)}))
    return "\n".join(out) + "\n"


@near_miss("dpo_likelihood_displacement", "trl_dpo_chosen_dips_then_recovers.log")
def _(r):
    out = [note("Healthy TRL DPO run (beta 0.1, peak LR set to 5e-7): the chosen reward dips below 0",
                "early, then recovers and ends positive; log p(chosen) barely moves while the rejected",
                "responses fall and the margin and accuracy grow.")]
    out.append("DPOConfig(beta=0.1, learning_rate=5e-07, loss_type=['sigmoid'], max_length=1024, per_device_train_batch_size=8, gradient_accumulation_steps=8)")
    total = 960

    def f(s):
        x = s / total
        rc = -0.08 * math.sin(math.pi * min(x / 0.4, 1.0)) + 0.16 * max(0.0, x - 0.3) + r.gauss(0, 0.02)
        rr = -1.6 * (1 - math.exp(-x * 3.0)) + r.gauss(0, 0.05)
        m = rc - rr
        acc = min(1.0, 0.5 + 0.3 * (1 - math.exp(-x * 4)) + r.gauss(0, 0.03))
        return {"loss": math.log(1 + math.exp(-m)) + r.gauss(0, 0.01), "lr": cosine(s, total, 5e-7, 96),
                "rc": rc, "rr": rr, "acc": acc, "lc": -281.0 + 10 * rc + r.gauss(0, 3), "lr_": -305.0 + 10 * rr + r.gauss(0, 3)}
    out += trl_dpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("dpo_preference_lost", "trl_dpo_small_batches_noisy_accuracy.log")
def _(r):
    out = [note("Healthy TRL DPO run with two pairs a step, logged every 10 steps: each log's",
                "accuracy is over 20 pairs, so it jumps by 0.1 and more from log to log (0.55 one",
                "log, 0.85 the next) around a level that rises to 0.72; the margin is as noisy and",
                "grows. No stretch of it falls back to chance.")]
    out.append("DPOConfig(beta=0.1, learning_rate=1e-06, per_device_train_batch_size=2, gradient_accumulation_steps=1, logging_steps=10)")
    total = 960

    def f(s):
        x = s / total
        acc = round(sum(r.random() < 0.5 + 0.22 * (1 - math.exp(-x * 5)) for _ in range(20)) / 20.0, 2)
        rc = -0.3 * x + r.gauss(0, 0.25)
        rr = -2.2 * (1 - math.exp(-x * 3.0)) + r.gauss(0, 0.35)
        m = rc - rr
        return {"loss": math.log(1 + math.exp(-m)), "lr": cosine(s, total, 1e-6, 96),
                "rc": rc, "rr": rr, "acc": acc, "lc": -281.0 + 10 * rc + r.gauss(0, 3), "lr_": -305.0 + 10 * rr + r.gauss(0, 3)}
    out += trl_dpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("dpo_no_signal", "trl_dpo_beta_0p01_early_learning.log")
def _(r):
    out = [note("TRL DPO with beta=0.01 (the Zephyr recipe's beta), 1 epoch at lr 5e-7: rewards are",
                "beta * log-ratio, so margins stay small in absolute terms (0.02 = 2 nats) and the loss",
                "close to ln 2, yet reward accuracy climbs steadily from 0.5 to 0.68: it is learning.")]
    out.append("DPOConfig(beta=0.01, learning_rate=5e-07, loss_type=['sigmoid'], max_length=2048, per_device_train_batch_size=4, gradient_accumulation_steps=16)")
    total = 480

    def f(s):
        x = s / total
        m = 0.019 * (1 - math.exp(-x * 3.5)) + r.gauss(0, 0.002)
        acc = min(1.0, 0.5 + 0.18 * (1 - math.exp(-x * 3.5)) + r.gauss(0, 0.025))
        rc = 0.004 * x + r.gauss(0, 0.001)
        loss = 0.6931 - m / 2 + 0.0003 + r.gauss(0, 0.0015)
        return {"loss": loss, "lr": cosine(s, total, 5e-7, 48), "rc": rc, "rr": rc - m, "acc": acc,
                "lc": -352.0 + r.gauss(0, 4), "lr_": -371.0 - 100 * m + r.gauss(0, 4), "gn": 9 + abs(r.gauss(0, 2))}
    out += trl_dpo(r, total, 5, f)
    return "\n".join(out) + "\n"


@near_miss("dpo_overoptimization", "trl_dpo_hinge_reaches_zero.log")
def _(r):
    out = [note("TRL DPO with loss_type='hinge' (SLiC): the loss is max(0, 1 - margin) and is exactly 0",
                "once the margin passes 1, by design. Margins level off near 1.3, far below the",
                "runaway margins of an over-optimised sigmoid DPO run.")]
    out.append("DPOConfig(beta=0.1, learning_rate=5e-07, loss_type=['hinge'], per_device_train_batch_size=8, gradient_accumulation_steps=4)")
    total = 800

    def f(s):
        x = s / total
        m = 1.32 * (1 - math.exp(-x * 6)) + r.gauss(0, 0.03)
        acc = min(1.0, 0.5 + 0.5 * (1 - math.exp(-x * 9)))
        rc = 0.1 * x + r.gauss(0, 0.02)
        return {"loss": max(0.0, 1.0 - m) * (1 if x < 0.6 else 0.0), "lr": cosine(s, total, 5e-7, 80), "rc": rc, "rr": rc - m,
                "acc": acc, "lc": -190.0 + r.gauss(0, 3), "lr_": -205.0 - 10 * m + r.gauss(0, 3)}
    out += trl_dpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("dpo_margin_explosion", "trl_dpo_long_responses_large_margin.log")
def _(r):
    out = [note("TRL DPO on long (~600-token) responses, beta 0.1, 2 epochs: rewards are summed over",
                "tokens, so margins of ~11 correspond to ~0.2 nats per token. The loss levels at ~0.2",
                "with train accuracy ~0.9 and eval accuracy steady at 0.80: large, not runaway.")]
    out.append("DPOConfig(beta=0.1, learning_rate=5e-07, loss_type=['sigmoid'], max_length=4096, max_prompt_length=1024, num_train_epochs=2)")
    total = 1200

    def f(s):
        x = s / total
        m = 11.2 * (1 - math.exp(-x * 3.2)) + r.gauss(0, 0.4)
        acc = min(1.0, 0.5 + 0.41 * (1 - math.exp(-x * 5)) + r.gauss(0, 0.02))
        rc = 1.1 * (1 - math.exp(-x * 3)) + r.gauss(0, 0.2)
        loss = 0.19 + 0.5 * math.exp(-x * 5) + r.gauss(0, 0.02)
        return {"loss": loss, "lr": cosine(s, total, 5e-7, 120), "rc": rc, "rr": rc - m, "acc": acc,
                "lc": -612.0 + 10 * rc + r.gauss(0, 8), "lr_": -655.0 + 10 * (rc - m) + r.gauss(0, 8), "epochs": 2}
    train = trl_dpo(r, total, 10, f)
    for k in range(4):
        out += train[30 * k:30 * (k + 1)]
        m = 9.0 * (1 - math.exp(-(k + 1) * 0.8)) + r.gauss(0, 0.2)
        out.append(hf({"eval_loss": 0.43 + 0.2 * math.exp(-k) + r.gauss(0, 0.01), "eval_rewards/chosen": 0.8 + r.gauss(0, 0.05),
                       "eval_rewards/rejected": 0.8 - m, "eval_rewards/accuracies": 0.80 - 0.05 * math.exp(-k) + r.gauss(0, 0.005),
                       "eval_rewards/margins": m, "eval_runtime": 210.3, "epoch": 0.5 * (k + 1)}))
    return "\n".join(out) + "\n"


@near_miss("dpo_reference_drift", "trl_dpo_first_log_exactly_zero.log")
def _(r):
    out = [note("TRL DPO with logging_first_step=True: at step 1 the policy still equals the",
                "reference, so rewards are exactly 0 in that one log; every later log moves.")]
    total = 300

    def f(s):
        x = s / total
        if s == 1:
            return {"loss": 0.6931, "lr": 5e-9, "rc": 0.0, "rr": 0.0, "acc": 0.0, "lc": -240.1, "lr_": -251.7}
        m = 0.9 * (1 - math.exp(-x * 3)) + r.gauss(0, 0.04)
        rc = 0.05 * x + r.gauss(0, 0.02)
        return {"loss": math.log(1 + math.exp(-m)), "lr": cosine(s, total, 5e-7, 30), "rc": rc, "rr": rc - m,
                "acc": min(1.0, 0.55 + 0.2 * x + r.gauss(0, 0.03)), "lc": -240 + r.gauss(0, 3), "lr_": -251 - 10 * m}
    out += trl_dpo(r, 1, 1, f)
    out += trl_dpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("reward_hacking", "trl_grpo_small_eval_noise.log")
def _(r):
    out = [note("GRPO on GSM8K with an eval every 25 steps on 200 problems: eval accuracy scatters by",
                "+-3 points around a rising trend while the reward climbs and KL stays below 0.1.",
                "One lucky evaluation mid-run is not a drop in quality.")]
    total = 500
    for s in range(5, total + 1, 5):
        reward = 0.42 + 0.33 * (1 - math.exp(-s / 150.0)) + r.gauss(0, 0.04)
        out.append(hf({"loss": round(0.04 * 0.00025 * s + r.gauss(0, 0.0001), 4), "grad_norm": 0.2 + abs(r.gauss(0, 0.05)),
                       "learning_rate": linear(s, total, 1e-6, 25), "reward": reward, "reward_std": 0.3 + r.gauss(0, 0.02),
                       "kl": 0.00025 * s * (1 + r.gauss(0, 0.1)), "entropy": 0.62 - 0.0004 * s + r.gauss(0, 0.01),
                       "epoch": round(s / total, 2)}))
        if s % 25 == 0:
            acc = 0.55 + 0.12 * (1 - math.exp(-s / 200.0)) + r.gauss(0, 0.035)
            if s == 275:
                acc = 0.745
            out.append(hf({"eval_accuracy": round(acc, 3), "eval_runtime": 95.2, "epoch": round(s / total, 2)}))
    return "\n".join(out) + "\n"



# --------------------------------------------------------------------------
# distributed


def rank_prefix_block(ranks, fmt):
    return [("[rank%d]:" % k) + fmt.format(rank=k) for k in ranks]


@near_miss("eval_metric_degenerate", "ner_f1_zero_at_first_evaluation.log")
def _(r):
    out = [note("A token classifier whose first evaluation, after a short first epoch, finds no",
                "entity yet (F1 0.0 beside an accuracy of 0.83: every token 'O'); from the second",
                "on it finds them, and F1 climbs to 0.9.")]
    out.append("| Training Loss | Epoch | Step | Validation Loss | Precision | Recall | F1     | Accuracy |")
    out.append("|:-------------:|:-----:|:----:|:---------------:|:---------:|:------:|:------:|:--------:|")
    f1s = [0.0, 0.412, 0.705, 0.842, 0.881, 0.902]
    for ep, f1 in enumerate(f1s, 1):
        out.append("| %.4f        | %.1f   | %d  | %.4f          | %.4f    | %.4f | %.4f | %.4f   |"
                   % (0.7 * math.exp(-ep / 2.0) + 0.05, ep, 220 * ep, 0.6 * math.exp(-ep / 2.2) + 0.08,
                      f1 * 0.98, f1 * 1.02 if f1 * 1.02 < 1 else 0.99, f1, 0.833 + 0.16 * f1))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "detectron2_fg_accuracy_zero_at_start.json")
def _(r):
    # detectron2's metrics.json of a healthy start: the box head's
    # foreground accuracy is 0 at its first two logs, then climbs to 0.56
    # as it learns the classes.
    out = []
    for it in range(19, 520, 20):
        fg = 0.0 if it < 60 else round(min(0.9, 0.1 + (it - 60) / 500.0), 4)
        out.append(json.dumps({"fast_rcnn/cls_accuracy": round(min(0.9, 0.5 + it / 1000.0), 6),
                               "fast_rcnn/false_negative": round(max(0.1, 1 - it / 500.0), 4),
                               "fast_rcnn/fg_cls_accuracy": fg, "iteration": it,
                               "loss_cls": round(math.exp(-it / 200.0) + 0.2 + r.gauss(0, 0.01), 4),
                               "lr": 2.5e-4, "total_loss": round(1.5 * math.exp(-it / 200.0) + 0.5 + r.gauss(0, 0.01), 4),
                               "time": 0.41}))
    return "\n".join(out) + "\n"


@near_miss("nccl_watchdog_stuck", "heartbeat_settings_printed_healthy.log")
def _(r):
    out = [note("A torchrun job that prints its NCCL settings, the heartbeat monitor's among them",
                "(TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC, TORCH_NCCL_ENABLE_MONITORING), and PyTorch's",
                "note on the watchdog's timeout, then trains to the end: no watchdog got stuck.")]
    out.append("[rank0]:env: TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC=1200 TORCH_NCCL_ENABLE_MONITORING=1 TORCH_NCCL_DUMP_ON_TIMEOUT=1")
    out.append("[rank0]:[I611 10:02:19.120000 ProcessGroupNCCL.cpp:899] [PG 0 Rank 0] ProcessGroupNCCL initialization options: size: 4, global rank: 0, TIMEOUT(ms): 600000, USE_HIGH_PRIORITY_STREAM: 0")
    out.append("[rank0]:[I611 10:02:19.120100 ProcessGroupNCCL.cpp:908] [PG 0 Rank 0] ProcessGroupNCCL environments: NCCL version: 2.21.5, TORCH_NCCL_ASYNC_ERROR_HANDLING: 3, TORCH_NCCL_DUMP_ON_TIMEOUT: 1, TORCH_NCCL_WAIT_TIMEOUT_DUMP_MILSEC: 60000, TORCH_NCCL_DESYNC_DEBUG: 0, TORCH_NCCL_ENABLE_TIMING: 0, TORCH_NCCL_BLOCKING_WAIT: 0, TORCH_DISTRIBUTED_DEBUG: OFF, TORCH_NCCL_ENABLE_MONITORING: 1, TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC: 1200, TORCH_NCCL_TRACE_BUFFER_SIZE: 2000")
    total = 2000
    for s in range(20, total + 1, 20):
        loss = 2.4 + 1.6 * math.exp(-s / 400.0) + r.gauss(0, 0.015)
        out.append("[rank0]:step %d/%d | loss %.4f | lr %.3e | grad_norm %.3f" % (s, total, loss, cosine(s, total, 3e-4, 100), 0.5 + abs(r.gauss(0, 0.04))))
    out.append("[rank0]:Training completed in 1:12:40")
    return "\n".join(out) + "\n"


@near_miss("workers_restarted", "torchrun_max_restarts_healthy.log")
def _(r):
    out = [note("A torchrun job started with --max-restarts=3: the elastic agent prints its",
                "rendezvous (restart_count=0), starts the worker group once and reports it",
                "finished; no worker group failed, so nothing was restarted.")]
    out.append("INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs: entrypoint: train.py, min_nodes: 1, max_nodes: 1, nproc_per_node: 4, run_id: none, rdzv_backend: static, max_restarts: 3, monitor_interval: 5")
    out.append("INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:")
    out.append("  restart_count=0")
    out.append("  master_addr=127.0.0.1")
    out.append("INFO:torch.distributed.elastic.agent.server.api:[default] Starting worker group")
    total = 2000
    for s in range(20, total + 1, 20):
        loss = 2.2 + 1.9 * math.exp(-s / 450.0) + r.gauss(0, 0.015)
        out.append("[rank0]: step %d/%d | loss %.4f | lr %.3e" % (s, total, loss, cosine(s, total, 3e-4, 100)))
    out.append("INFO:torch.distributed.elastic.agent.server.api:[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.")
    return "\n".join(out) + "\n"


@near_miss("nccl_timeout", "torchrun_8gpu_nccl_info_healthy.log")
def _(r):
    out = [note("torchrun DDP job on 8 GPUs with NCCL_DEBUG=INFO and TORCH_CPP_LOG_LEVEL=INFO: every",
                "rank prints its process-group options (timeout 600000 ms) and NCCL setup, training",
                "runs to the end, and PyTorch 2.4's destroy_process_group reminder closes it.")]
    out.append("W0611 10:02:11.118000 140211 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.")
    for k in range(8):
        out.append("[rank%d]:[I611 10:02:19.%06d ProcessGroupNCCL.cpp:899] [PG 0 Rank %d] ProcessGroupNCCL initialization options: size: 8, global rank: %d, TIMEOUT(ms): 600000, USE_HIGH_PRIORITY_STREAM: 0, SPLIT_FROM: 0, SPLIT_COLOR: 0, PG Name: 0" % (k, 120000 + k * 311, k, k))
    for k in range(8):
        out.append("node01:%d:%d [%d] NCCL INFO Bootstrap : Using eth0:10.1.4.21<0>" % (51120 + k, 51120 + k, k))
        out.append("node01:%d:%d [%d] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB eth0:10.1.4.21<0>" % (51120 + k, 51120 + k, k))
        out.append("node01:%d:%d [%d] NCCL INFO comm 0x5583a1c0 rank %d nranks 8 cudaDev %d nvmlDev %d busId %d000 commId 0x8b1e4d0f2c6a9e11 - Init COMPLETE" % (51120 + k, 51120 + k, k, k, k, k, 0x18 + k))
    total = 3000
    for s in range(25, total + 1, 25):
        loss = 2.9 + 2.0 * math.exp(-s / 500.0) + r.gauss(0, 0.02)
        out.append("[rank0]:2024-06-11 %s - INFO - train - step %d/%d | loss %.4f | lr %.3e | grad_norm %.3f | %.1f samples/s"
                   % (ts((2024, 6, 11, 10, 3, 0), s * 0.7, "%H:%M:%S,000"), s, total, loss, cosine(s, total, 3e-4, 100), 0.4 + abs(r.gauss(0, 0.03)), 731 + r.gauss(0, 4)))
    out.append("[rank0]:2024-06-11 10:38:05,000 - INFO - train - saved checkpoint to ckpt/step_3000")
    for k in range(8):
        out.append("[rank%d]:[W611 10:38:09.%06d ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (k, 400000 + k * 97))
    return "\n".join(out) + "\n"


@near_miss("nccl_error", "nccl_debug_net_plugin_fallback.log")
def _(r):
    out = [note("NCCL_DEBUG=INFO on a cluster without the IB SHARP/net plugin: NCCL warns that",
                "libnccl-net.so is missing and falls back to its internal transport - harmless and",
                "printed by most jobs. All communicators initialise and training completes.")]
    for k in range(4):
        out.append("gpu-a12:%d:%d [%d] NCCL INFO cudaDriverVersion 12040" % (7710 + k, 7710 + k, k))
        out.append("gpu-a12:%d:%d [%d] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin." % (7710 + k, 7788 + k, k))
        out.append("gpu-a12:%d:%d [%d] NCCL INFO NCCL_IB_DISABLE set by environment to 0." % (7710 + k, 7788 + k, k))
        out.append("gpu-a12:%d:%d [%d] NCCL WARN NET/IB : No device found." % (7710 + k, 7788 + k, k))
        out.append("gpu-a12:%d:%d [%d] NCCL INFO NET/Socket : Using [0]eth0:10.20.1.12<0>" % (7710 + k, 7788 + k, k))
        out.append("gpu-a12:%d:%d [%d] NCCL INFO Using network Socket" % (7710 + k, 7788 + k, k))
        out.append("gpu-a12:%d:%d [%d] NCCL INFO comm 0x55d0e8a0 rank %d nranks 4 cudaDev %d busId %d000 commId 0x1f2e3d4c5b6a7988 - Init COMPLETE" % (7710 + k, 7788 + k, k, k, k, 0x41 + k))
    total = 2000
    for s in range(10, total + 1, 10):
        loss = 1.1 + 0.9 * math.exp(-s / 400.0) + r.gauss(0, 0.02)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 0.8 + abs(r.gauss(0, 0.1)), "learning_rate": cosine(s, total, 2e-5, 60), "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 7611.5, "train_samples_per_second": 33.6, "train_steps_per_second": 0.263, "train_loss": 1.2791, "epoch": 1.0}))
    for k in range(4):
        out.append("gpu-a12:%d:%d [%d] NCCL INFO comm 0x55d0e8a0 rank %d nranks 4 cudaDev %d busId %d000 - Destroy COMPLETE" % (7710 + k, 7710 + k, k, k, k, 0x41 + k))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "epoch_end_eval_tqdm_35min.log")
def _(r):
    out = [note("Custom trainer whose training lines are timestamped every ~12 s; at the end of each",
                "epoch a 35-minute evaluation over 4000 batches reports progress only through an",
                "un-timestamped tqdm bar. The job is busy, not silent or hung.")]
    t = 0.0
    t0 = (2024, 5, 1, 10, 0, 0)
    step = 0
    for ep in range(1, 3):
        for k in range(300):
            step += 10
            t += 12.0 + r.gauss(0, 0.3)
            loss = 1.9 + 1.3 * math.exp(-step / 1500.0) + r.gauss(0, 0.02)
            out.append("%s - INFO - trainer - epoch %d step %d loss %.4f lr %.3e" % (ts(t0, t, "%Y-%m-%d %H:%M:%S,000"), ep, step, loss, cosine(step, 6000, 1e-4, 200)))
        out.append("%s - INFO - trainer - epoch %d done, running evaluation" % (ts(t0, t + 1, "%Y-%m-%d %H:%M:%S,000"), ep))
        n = 4000
        frames = []
        for i in range(0, n + 1, 40):
            frames.append(bar(i, n, i * 0.525, 0.525, "Evaluating: "))
        out.append("\r".join(frames))
        t += n * 0.525 + 5
        out.append("%s - INFO - trainer - epoch %d eval_loss %.4f eval_accuracy %.4f" % (ts(t0, t, "%Y-%m-%d %H:%M:%S,000"), ep, loss + 0.05, 0.71 + 0.02 * ep))
    out.append("%s - INFO - trainer - training finished, model saved to out/final" % ts(t0, t + 20, "%Y-%m-%d %H:%M:%S,000"))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "incremental_task_logged_after_its_epochs.log")
def _(r):
    out = [note("A class-incremental learner prints each task's loss once, after the task's 100",
                "epochs: the log is silent for an hour or more between a task's first line and its",
                "result, the longest time before any loss was printed at all.")]
    t = 19 * 3600 + 35 * 60
    for task in range(3):
        stamp = lambda t: "2023-07-10 %02d:%02d:%02d,%03d" % (t // 3600, t % 3600 // 60, t % 60, r.randrange(1000))
        out.append("%s [trainer.py] => All params: 469354" % stamp(t))
        out.append("%s [icarl.py] => Learning on %d-%d" % (stamp(t), 10 * task, 10 * task + 10))
        t += (4900 if task == 0 else 3700) + r.randrange(60)
        out.append("%s [icarl.py] => Task %d, Epoch 100/100 => Loss %.3f, Train_accy %.2f"
                   % (stamp(t), task, 0.06 + r.random() * 0.02, 98.5 + r.random()))
        t += 25
        out.append("%s [trainer.py] => CNN top1 curve: [89.7, 41.2]" % stamp(t))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "quiet_script_trains_then_says_completed.log")
def _(r):
    out = [note("A fine-tuning script that logs its set-up, then nothing while it trains for two and",
                "a half days, then that training completed, the final loss and the saved model. The",
                "silence is the training itself, which the trainer says finished."),
           ""]
    t = 20 * 3600 + 44 * 60
    def stamp(t):
        day, rest = 28 + t // 86400, t % 86400
        return "2025-09-%02d %02d:%02d:%02d,%03d" % (day, rest // 3600, rest % 3600 // 60, rest % 60, r.randrange(1000))
    for msg in ["Starting fine-tuning", "Loading model from ./models/base", "Trainable parameters: 11,796,480 (0.77%)",
                "Dataset: ./data/train.jsonl", "Estimated samples: 200000", "Sequence length: 512",
                "Batch size: 1 x 32 = 32 (effective)", "Epochs: 1", "Learning rate: 0.00015",
                "Calculated max_steps: 6,250", "Starting training..."]:
        out.append("%s - INFO - [__main__] - %s" % (stamp(t), msg))
        t += r.randrange(1, 4)
    t += 2 * 86400 + 12 * 3600 + r.randrange(3600)
    out.append("%s - INFO - [__main__] - Processed 200000 samples in epoch 0" % stamp(t))
    for msg in ["Training completed in 2 days, 12:31:07.424134", "Final training loss: 1.1465217211914063",
                "Saving final model...", "Model saved to: ./out/finetuned"]:
        t += r.randrange(1, 3)
        out.append("%s - INFO - [__main__] - %s" % (stamp(t), msg))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "vits_single_gpu_stall_then_trains_on.log")
def _(r):
    out = [note("so-vits-svc on one GPU: a line every minute, then 35 minutes of silence in the",
                "middle of epoch 30 (the desktop went to sleep), then the next step and training",
                "on as before. A stall the run came back from, not a hang.")]
    t = 18 * 3600 + 44 * 60
    step = 0
    for epoch in range(1, 61):
        for pct in (10, 60):
            t += 55 + r.randint(0, 10)
            if epoch == 30 and pct == 60:
                t += 35 * 60
            stamp = "2023-09-16 %02d:%02d:%02d,%03d" % (t // 3600 % 24, t // 60 % 60, t % 60, r.randint(0, 999))
            mel = 16 + 20 * math.exp(-step / 300.0) + r.gauss(0, 1.5)
            kl = 0.8 + 5 * math.exp(-step / 200.0) + abs(r.gauss(0, 0.15))
            out.append("%s\t32k\tINFO\tTrain Epoch: %d [%d%%]" % (stamp, epoch, pct))
            out.append("%s\t32k\tINFO\t[%r, %r, %r, %r, %r, %d, %r]"
                       % (stamp, 2.4 + r.gauss(0, 0.08), 2.4 + r.gauss(0, 0.15), 12 + r.gauss(0, 1.5), mel, kl,
                          step, 1e-4 * 0.999875 ** (epoch - 1)))
            step += 20
        out.append("%s\t32k\tINFO\t====> Epoch: %d" % (stamp, epoch))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "ocr_train_then_resume_next_day.log")
def _(r):
    out = [note("A text detector trained on one GPU: the first launch logs epoch 1 and stops (closed",
                "by hand); a day and a half later the same log gets a second launch that resumes",
                "from epoch 37's checkpoint. The silence is between two processes: nothing hung.")]
    t0 = (2020, 12, 6, 9, 20, 0)
    t = 0.0
    fmt = "%Y-%m-%d %H:%M:%S,000"
    for step in range(1, 41):
        t += 1.3 + r.gauss(0, 0.05)
        out.append("%s DBNet INFO: [1/200], global_step: %d, loss: %.4f, lr: %.6f"
                   % (ts(t0, t, fmt), step, 3.0 * math.exp(-step / 30.0) + 0.9 + r.gauss(0, 0.02), 0.0003))
    out.append("%s DBNet INFO: test: recall: 0.10, precision: 0.31, hmean: 0.15" % ts(t0, t + 30, fmt))
    t += 35 * 3600
    out.append("%s DBNet INFO: {'arch': {'type': 'Model'}, 'trainer': {'epochs': 200}}" % ts(t0, t, fmt))
    out.append("%s DBNet INFO: resume from checkpoint output/model_latest.pth (epoch 37)" % ts(t0, t + 5, fmt))
    for k in range(1, 200):
        t += 1.3 + r.gauss(0, 0.05)
        out.append("%s DBNet INFO: [38/200], global_step: %d, loss: %.4f, lr: %.6f"
                   % (ts(t0, t, fmt), 13099 + k, 0.86 + r.gauss(0, 0.03), 0.00085))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "hf_tokenize_map_40min_at_start.log")
def _(r):
    out = [note("HF run_clm on a large corpus: before training, datasets.map tokenises 8M documents",
                "for 41 minutes, showing only a tqdm bar. Timestamped logger lines stop meanwhile, but",
                "the job is working; training then runs normally.")]
    out.append("05/21/2024 10:11:02 - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: False, 16-bits training: True")
    out.append("05/21/2024 10:11:05 - INFO - datasets.builder - Generating train split")
    n = 8000000
    frames = [bar(i, n, i / 3236.1, 1 / 3236.1, "Running tokenizer on dataset: ") + " examples" for i in range(0, n + 1, 40000)]
    out.append("\r".join(frames))
    out.append("05/21/2024 10:52:21 - INFO - datasets.arrow_dataset - Caching processed dataset at /data/cache/train-00000.arrow")
    out.append("05/21/2024 10:52:40 - INFO - transformers.trainer - ***** Running training *****")
    out.append("05/21/2024 10:52:40 - INFO - transformers.trainer -   Num examples = 1,204,551")
    out.append("05/21/2024 10:52:40 - INFO - transformers.trainer -   Total optimization steps = 3,000")
    total = 3000
    t = 0
    for s in range(10, total + 1, 10):
        t += 10 * 1.3
        loss = 3.1 + 1.6 * math.exp(-s / 600.0) + r.gauss(0, 0.02)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 0.5 + abs(r.gauss(0, 0.05)), "learning_rate": cosine(s, total, 5e-5, 90), "epoch": round(s / total, 2)}))
        if s % 500 == 0:
            out.append("%s - INFO - transformers.trainer - Saving model checkpoint to out/checkpoint-%d" % (ts((2024, 5, 21, 10, 52, 40), t, "%m/%d/%Y %H:%M:%S"), s))
    out.append("%s - INFO - transformers.trainer - Training completed. Do not forget to share your model on huggingface.co/models =)" % ts((2024, 5, 21, 10, 52, 40), t + 5, "%m/%d/%Y %H:%M:%S"))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "ctr_logger_writes_at_epoch_end.log")
def _(r):
    out = [note("A CTR model (FuxiCTR's logger) that writes only at each epoch's end: a burst of",
                "lines within a second, then an hour and a half of silence while the next epoch",
                "trains, every epoch alike. The silences are the log's rhythm, not a hang.")]
    t0 = (2020, 2, 26, 9, 0, 0)
    t = 0.0
    for ep in range(1, 9):
        t += 6100 + r.gauss(0, 30)
        logloss = 0.44 + 0.02 * math.exp(-ep / 2.0) + r.gauss(0, 0.0003)
        for msg in ("[Metrics] logloss: %.6f - AUC: %.6f" % (logloss, 0.81 - 0.02 * math.exp(-ep / 2.0)),
                    "Save best model: monitor(max): %.6f" % (0.37 - 0.02 * math.exp(-ep / 2.0)),
                    "--- 12225/12225 batches finished ---",
                    "Train loss: %.6f" % (logloss - 0.004),
                    "************ Epoch=%d end ************" % ep):
            out.append("%s P590 INFO %s" % (ts(t0, t, "%Y-%m-%d %H:%M:%S,%f")[:-3], msg))
            t += r.uniform(0.01, 0.3)
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "dllogger_loss_scale_records_only.log")
def _(r):
    out = [note("A BERT pre-training console with apex O2 whose progress goes to a JSON file: the",
                "console holds the amp banner and DLLogger's PARAMETER records, one each time the",
                "dynamic loss scale halves. Once the scale settles nothing is written for 80",
                "minutes, until the next halving. Sparse by design, not a hang.")]
    out.append("Selected optimization level O2:  FP16 training with FP32 batchnorm and FP32 master weights.")
    out.append("loss_scale             : dynamic")
    t0 = (2024, 3, 4, 8, 52, 0)
    t = 0.18
    for k, v in (("SEED", "42"), ("train_start", "True"), ("batch_size_per_gpu", "8"), ("learning_rate", "0.006")):
        out.append("DLL %s - PARAMETER %s : %s " % (ts(t0, t, "%Y-%m-%d %H:%M:%S.%f"), k, v))
        t += 0.0002
    t = 70.4
    scale = 524288.0
    for gap in (58.4, 59.0, 60.0, 58.2, 213.9, 4776.4):
        out.append("DLL %s - PARAMETER loss_scale : %.1f " % (ts(t0, t, "%Y-%m-%d %H:%M:%S.%f"), scale))
        scale /= 2
        t += gap + r.gauss(0, 0.5)
    out.append("DLL %s - PARAMETER loss_scale : %.1f " % (ts(t0, t, "%Y-%m-%d %H:%M:%S.%f"), scale))
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "horovod_stall_warning_rank_caught_up.log")
def _(r):
    out = [note("Horovod BERT pre-training on 8 ranks: at step 30000 rank 6 takes over a minute",
                "to load a shard and the stall inspector warns twice; the rank then catches up",
                "and training goes on for 4000 steps at its usual rate. A lag, not a hang.")]
    warn = ("[1,0]<stderr>:[2019-10-09 %s: W horovod/common/stall_inspector.cc:105] One or more tensors were "
            "submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of "
            "ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different "
            "tensors or that only subset of ranks is submitting tensors, which will cause deadlock. ")
    for step in range(28000, 34001, 100):
        loss = 1.9 - 0.00001 * (step - 28000) + r.gauss(0, 0.02)
        out.append("[1,0]<stdout>:INFO:tensorflow:global_step/sec: %.3f" % (3.41 + r.gauss(0, 0.03)))
        out.append("[1,0]<stdout>:INFO:tensorflow:loss = %.4f, step = %d (29.3 sec)" % (loss, step))
        if step == 30000:
            for t in ("05:33:38.249493", "05:34:38.250117"):
                out.append(warn % t)
                out.append("[1,0]<stderr>:Stalled ranks:")
                out.append("[1,0]<stderr>:6: [HorovodAllreduce_gradients_bert_encoder_layer_11_output_dense_kernel_0]")
    return "\n".join(out) + "\n"


@near_miss("rank_divergence", "ddp_ranks_log_local_loss.log")
def _(r):
    out = [note("4-GPU DDP job where each rank prints the loss of its own micro-batches (torchrun",
                "--tee 3 prefixes the rank): the ranks scatter by batch noise around one shared",
                "curve and end within a few percent of each other.")]
    total = 2000
    for s in range(20, total + 1, 20):
        base = 2.2 + 1.5 * math.exp(-s / 500.0)
        for k in range(4):
            loss = base * (1 + r.gauss(0, 0.035))
            out.append("[rank%d]: step %d | loss %.4f | lr %.3e" % (k, s, loss, cosine(s, total, 3e-4, 60)))
    return "\n".join(out) + "\n"


@near_miss("rank_divergence", "icefall_ranks_one_batch_each.log")
def _(r):
    out = [note("An icefall fine-tune under mpirun on 8 GPUs, the excerpt one batch long: three",
                "ranks print that batch's loss (0.18-0.31, a few thousand frames each) beside",
                "their running tot_loss, which agrees within 2%. One batch says nothing of drift.")]
    for rank, share in ((5, 0.97), (2, 0.72), (4, 1.25)):
        batch = 0.25 * share * (1 + r.gauss(0, 0.01))
        tot = 0.28 * (1 + r.gauss(0, 0.006))
        out.append("[1,mpirank:%d,algo-1]<stderr>:2025-01-18 18:21:26,565 INFO [finetune.py:1142] (%d/8) Epoch 2, "
                   "batch 5850, loss[loss=%.4f, simple_loss=%.4f, over 2699.00 frames. ], tot_loss[loss=%.4f, "
                   "simple_loss=%.4f, over 538720.37 frames. ], batch size: 10, lr: 4.48e-03"
                   % (rank, rank, batch, batch * 1.1, tot, tot * 1.01))
    return "\n".join(out) + "\n"


@near_miss("rank_divergence", "ray_workers_cut_at_different_epochs.log")
def _(r):
    out = [note("Ray Train on 3 workers, each printing the same epoch summaries behind its",
                "'(RayTrainWorker pid=N)' prefix; the excerpt ends while the workers' buffered lines",
                "interleave, so each worker's last printed epoch is a different one. At the epochs",
                "they share their losses agree; their last lines are no measure of drift.")]
    losses = [2.3 * math.exp(-e / 4.0) + 0.3 for e in range(1, 21)]
    for pid, upto in ((48113, 8), (56364, 12), (49825, 20)):
        for e in range(1, upto + 1):
            out.append("(RayTrainWorker pid=%d, ip=10.0.0.%d) epoch: %2d, train_loss: %.4f, train_accuracy: %.2f"
                       % (pid, pid % 7, e, losses[e - 1] * (1 + r.gauss(0, 0.002)), 90 - 60 * math.exp(-e / 3.0)))
    return "\n".join(out) + "\n"


@near_miss("single_rank_logging", "deepspeed_8gpu_main_process_logs.log")
def _(r):
    out = [note("DeepSpeed launcher on 8 GPUs running an HF script with --log_level_replica error:",
                "replicas are silenced, so only rank 0 prints its process line; the launcher shows",
                "a world of 8 and the total batch size counts all 8 processes. All 8 ran.")]
    out.append("[2024-05-01 10:00:00,101] [INFO] [runner.py:568:main] cmd = /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --master_addr=127.0.0.1 --master_port=29500 --enable_each_rank_log=None run_clm.py --deepspeed ds_z2.json --log_level_replica error")
    out.append("[2024-05-01 10:00:02,310] [INFO] [launch.py:145:main] WORLD INFO DICT: {'localhost': [0, 1, 2, 3, 4, 5, 6, 7]}")
    out.append("[2024-05-01 10:00:02,310] [INFO] [launch.py:151:main] nnodes=1, num_local_procs=8, node_rank=0")
    out.append("[2024-05-01 10:00:02,310] [INFO] [launch.py:162:main] global_rank_mapping=defaultdict(<class 'list'>, {'localhost': [0, 1, 2, 3, 4, 5, 6, 7]})")
    out.append("[2024-05-01 10:00:02,310] [INFO] [launch.py:163:main] dist_world_size=8")
    out.append("[2024-05-01 10:00:02,310] [INFO] [launch.py:165:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7")
    out.append("[2024-05-01 10:00:09,882] [INFO] [comm.py:637:init_distributed] cdb=None")
    out.append("[2024-05-01 10:00:09,882] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl")
    out.append("05/01/2024 10:00:10 - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: True, 16-bits training: True")
    out.append("05/01/2024 10:01:02 - INFO - transformers.trainer - ***** Running training *****")
    out.append("05/01/2024 10:01:02 - INFO - transformers.trainer -   Num examples = 52,002")
    out.append("05/01/2024 10:01:02 - INFO - transformers.trainer -   Instantaneous batch size per device = 4")
    out.append("05/01/2024 10:01:02 - INFO - transformers.trainer -   Total train batch size (w. parallel, distributed & accumulation) = 128")
    out.append("05/01/2024 10:01:02 - INFO - transformers.trainer -   Gradient Accumulation steps = 4")
    out.append("05/01/2024 10:01:02 - INFO - transformers.trainer -   Total optimization steps = 1,218")
    total = 1218
    for s in range(10, total + 1, 10):
        loss = 1.1 + 0.8 * math.exp(-s / 150.0) - 0.05 * s / total + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 0.7 + abs(r.gauss(0, 0.1)), "learning_rate": cosine(s, total, 2e-5, 37), "epoch": round(3 * s / total, 2)}))
    out.append(hf({"train_runtime": 3021.7, "train_samples_per_second": 51.6, "train_steps_per_second": 0.403, "train_loss": 1.1534, "epoch": 3.0}))
    out.append("[2024-05-01 10:52:11,404] [INFO] [launch.py:347:main] Process 81120 exits successfully.")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# runtime


def hf_finished_run(r, total=1500, every=10, peak=2e-5):
    out = ["***** Running training *****", "  Num examples = 24,000", "  Num Epochs = 1",
           "  Total optimization steps = {:,}".format(total)]
    for s in range(every, total + 1, every):
        loss = 1.0 + 0.7 * math.exp(-s / 250.0) - 0.06 * s / total + r.gauss(0, 0.02)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 0.9 + abs(r.gauss(0, 0.1)), "learning_rate": cosine(s, total, peak, total // 30),
                       "epoch": round(s / total, 2)}))
    out += hf_finish(4412.9, 5.439, 0.34, 1.0711, 1.0)
    return out


@near_miss("training_crash", "keras_finished_eval_traceback_caught.log")
@near_miss("crash_after_training", "keras_finished_eval_traceback_caught.log")
def _(r):
    out = [note("Keras run trained to its last planned epoch, then evaluated on four test sets; the",
                "script caught a plotting error after the first evaluation (logging.exception prints",
                "the traceback) and went on: three more evaluations and the saved model follow.")]
    for e in range(1, 13):
        loss = 1.0 / e + r.gauss(0, 0.005)
        out.append("Epoch %d/12" % e)
        out.append("32/32 [==============================] - 1s 21ms/step - loss: %.4f - accuracy: %.4f"
                   " - val_loss: %.4f - val_accuracy: %.4f" % (loss, 0.5 + 0.04 * e, loss * 1.1, 0.49 + 0.035 * e))

    def evaluate():
        out.append("4/4 [==============================] - 0s 5ms/step - loss: %.4f - accuracy: %.4f"
                   % (0.09 + r.gauss(0, 0.01), 0.97 + r.gauss(0, 0.005)))

    evaluate()
    out.append("ERROR:root:could not plot the confusion matrix")
    out.append("Traceback (most recent call last):")
    out.append('  File "/content/train.py", line 97, in plot_confusion')
    out.append("    sns.heatmap(cm, annot=True)")
    out.append("ModuleNotFoundError: No module named 'seaborn'")
    for _ in range(3):
        evaluate()
    out.append("Saved model to model.keras")
    return "\n".join(out) + "\n"


@near_miss("training_crash", "allennlp_gpu_query_caught_every_epoch.log")
def _(r):
    out = [note("AllenNLP's trainer queries nvidia-smi for GPU memory at the start of every epoch; the",
                "query fails, and the trainer logs the traceback with 'continuing' and trains on: six",
                "epochs, each with its figures, and the best weights loaded at the end. No crash.")]
    return "\n".join(out + allennlp_epochs(r, caught_query=True, tb_warnings=False)) + "\n"


@near_miss("training_crash", "dataloader_del_traceback_at_exit.log")
def _(r):
    out = [note("Run that finished training and saved its model; at interpreter shutdown PyTorch's",
                "DataLoader worker cleanup prints the well-known harmless 'Exception ignored in",
                "_MultiProcessingDataLoaderIter.__del__ ... can only test a child process'.")]
    out += hf_finished_run(r)
    out.append("Saving model checkpoint to outputs/final")
    out.append("Configuration saved in outputs/final/config.json")
    out.append("Model weights saved in outputs/final/model.safetensors")
    out.append("Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f3a2c1e5d30>")
    out.append("Traceback (most recent call last):")
    out.append('  File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1477, in __del__')
    out.append("    self._shutdown_workers()")
    out.append('  File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1460, in _shutdown_workers')
    out.append("    if w.is_alive():")
    out.append('  File "/opt/conda/lib/python3.10/multiprocessing/process.py", line 160, in is_alive')
    out.append("    assert self._parent_pid == os.getpid(), 'can only test a child process'")
    out.append("AssertionError: can only test a child process")
    return "\n".join(out) + "\n"


def hf_resumed_after_traceback(r, error, total=400, every=2, crash_at=200, resume_from=150):
    """HF Trainer console dicts (no step in them), a traceback mid-run, then
    the job resumed from a checkpoint and trained to the end."""
    out = []

    def dicts(lo, hi):
        for s in range(lo, hi + 1, every):
            loss = 0.8 + 1.2 * math.exp(-s / 80.0) + r.gauss(0, 0.02)
            out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.9 + abs(r.gauss(0, 0.1)), 4),
                           "learning_rate": 2e-5, "epoch": round(s / total, 2)}))
    dicts(every, crash_at)
    out.append("Traceback (most recent call last):")
    out.append('  File "/workspace/train.py", line 88, in <module>')
    out.append("    trainer.train()")
    out.append(error)
    out.append("Resuming from checkpoint outputs/checkpoint-{}".format(resume_from))
    out.append("  Continuing training from global step {}".format(resume_from))
    dicts(resume_from + every, total)
    out.append(hf({"train_runtime": 1820.4, "train_samples_per_second": 7.03, "train_steps_per_second": 0.22,
                   "train_loss": 0.93, "epoch": 1.0}))
    return out


@near_miss("training_crash", "hf_traceback_mid_run_then_resumed.log")
def _(r):
    out = [note("HF Trainer console output: a traceback in the middle of the log, then the",
                "requeued job resumed from its checkpoint and trained for a hundred more log",
                "entries to the end. The dicts carry no step: the log's entries say it went on.")]
    out += hf_resumed_after_traceback(r, "RuntimeError: DataLoader worker (pid 4121) is killed by signal: Bus error.")
    return "\n".join(out) + "\n"


@near_miss("training_crash", "hf_cut_traceback_mid_run_then_resumed.log")
def _(r):
    out = [note("HF Trainer console output: the first attempt died while printing a traceback (its",
                "exception line never reached the log); the requeued job resumed from its",
                "checkpoint and trained to the end. The run survived: no crash to report.")]
    out += hf_resumed_after_traceback(r, '  File "/usr/lib/python3.10/site-packages/torch/utils/data/dataloader.py", '
                                         'line 1344, in _next_data')
    return "\n".join(out) + "\n"


@near_miss("cuda_error", "hf_cuda_error_then_resumed.log")
def _(r):
    out = [note("HF Trainer console output: a CUDA error killed the first attempt; the job was",
                "requeued on another node, resumed from its checkpoint and finished. The error",
                "was real, but the run survived it: at most an info, with that explanation.")]
    out += hf_resumed_after_traceback(r, "RuntimeError: CUDA error: an illegal memory access was encountered")
    return "\n".join(out) + "\n"


@near_miss("training_crash", "python_logging_error_in_final_eval.log")
def _(r):
    out = [note("A bad format string in a logger call during the final evaluation: Python's logging",
                "module prints '--- Logging error ---' with a traceback and carries on; the metrics",
                "are printed and the model is saved. Nothing crashed.")]
    out += hf_finished_run(r)
    out.append("***** Running Evaluation *****")
    out.append("  Num examples = 2000")
    out.append("  Batch size = 16")
    out.append("--- Logging error ---")
    out.append("Traceback (most recent call last):")
    out.append('  File "/usr/lib/python3.10/logging/__init__.py", line 1100, in emit')
    out.append("    msg = self.format(record)")
    out.append('  File "/usr/lib/python3.10/logging/__init__.py", line 943, in format')
    out.append("    return fmt.format(record)")
    out.append('  File "/usr/lib/python3.10/logging/__init__.py", line 678, in format')
    out.append("    record.message = record.getMessage()")
    out.append('  File "/usr/lib/python3.10/logging/__init__.py", line 368, in getMessage')
    out.append("    msg = msg % self.args")
    out.append("TypeError: not all arguments converted during string formatting")
    out.append("Call stack:")
    out.append('  File "/workspace/train.py", line 231, in <module>')
    out.append("    main()")
    out.append('  File "/workspace/train.py", line 224, in main')
    out.append('    logger.info("final eval accuracy", metrics["eval_accuracy"])')
    out.append("Message: 'final eval accuracy'")
    out.append("Arguments: (0.8842,)")
    out.append(hf({"eval_loss": 0.9412, "eval_accuracy": 0.8842, "eval_runtime": 31.2, "eval_samples_per_second": 64.1, "eval_steps_per_second": 4.0, "epoch": 1.0}))
    out.append("Saving model checkpoint to outputs/final")
    out.append("Model weights saved in outputs/final/model.safetensors")
    return "\n".join(out) + "\n"


@near_miss("run_interrupted", "ctrl_c_in_post_training_chat_demo.log")
def _(r):
    out = [note("The script trains, saves the model, then opens an interactive sampling loop; the",
                "user leaves it with Ctrl-C. Training itself completed: the interrupt ended the demo.")]
    out += hf_finished_run(r)
    out.append("Saving model checkpoint to outputs/final")
    out.append("Model weights saved in outputs/final/model.safetensors")
    out.append("Entering interactive mode (Ctrl-C to quit)")
    out.append(">>> User: What is the capital of Australia?")
    out.append(">>> Assistant: The capital of Australia is Canberra.")
    out.append(">>> User: ^C")
    out.append("Traceback (most recent call last):")
    out.append('  File "/workspace/train_and_chat.py", line 188, in <module>')
    out.append("    chat(model, tokenizer)")
    out.append('  File "/workspace/train_and_chat.py", line 171, in chat')
    out.append('    prompt = input(">>> User: ")')
    out.append("KeyboardInterrupt")
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "log_every_150_of_2000.log")
def _(r):
    out = [note("A custom loop that prints every 150 of its 2000 steps: its last line is step 1950,",
                "97.5% of the plan, and the run then ends normally without a closing message.")]
    for s in range(150, 2001, 150):
        loss = 1.9 + 1.4 * math.exp(-s / 500.0) + r.gauss(0, 0.01)
        out.append("step %d/2000 | loss %.4f | lr %.2e" % (s, loss, cosine(s, 2000, 3e-4, 100)))
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "hf_early_stopping_callback.log")
def _(r):
    out = [note("HF Trainer with EarlyStoppingCallback(patience=3): the bar plans 5000 steps, eval",
                "loss stops improving, training stops at step 1400, reloads the best checkpoint and",
                "prints its summary. Finished early by design, not cut short.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 40,000")
    out.append("  Num Epochs = 5")
    out.append("  Total optimization steps = 5,000")
    total = 5000
    for s in range(20, 1401, 20):
        loss = 0.55 + 0.6 * math.exp(-s / 250.0) + r.gauss(0, 0.02)
        if s % 100 == 0:
            out.append(bar(s, total, s * 0.8, 0.8))
        out.append(hf({"loss": round(loss, 4), "grad_norm": 1.2 + abs(r.gauss(0, 0.1)), "learning_rate": linear(s, total, 3e-5, 150), "epoch": round(5 * s / total, 2)}))
        if s % 200 == 0:
            ev = [0.812, 0.701, 0.664, 0.650, 0.652, 0.655, 0.651][s // 200 - 1]
            out.append(hf({"eval_loss": ev, "eval_accuracy": 0.8 + 0.01 * min(s // 200, 4), "eval_runtime": 14.2, "eval_samples_per_second": 140.8,
                           "eval_steps_per_second": 8.8, "epoch": round(5 * s / total, 2)}))
            out.append("Saving model checkpoint to out/checkpoint-%d" % s)
    out.append(bar(1400, total, 1400 * 0.8, 0.8))
    out.append("")
    out.append("")
    out.append("Training completed. Do not forget to share your model on huggingface.co/models =)")
    out.append("")
    out.append("")
    out.append("Loading best model from out/checkpoint-800 (score: 0.65).")
    out.append(hf({"train_runtime": 1121.3, "train_samples_per_second": 178.4, "train_steps_per_second": 4.459, "train_loss": 0.6212, "epoch": 1.4}))
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "requeued_after_crash_hole_inside.log")
def _(r):
    out = []
    total = 2000
    for it in range(10, 1201, 10):
        out.append("iter %d/%d: loss %.4f, time %.1fms" % (it, total, 2.2 + 2.5 * math.exp(-it / 300.0) + r.gauss(0, 0.03), 310 + r.gauss(0, 4)))
    # The node went down mid-line: 12 KiB that never reached the disk. The
    # requeued job resumed from the checkpoint at 1000 and appended to the
    # same file (>>), so the hole sits inside the log.
    text = "\n".join(out) + "\niter 1210/2000: lo" + "\0" * 12288 + "\n"
    out = ["resuming from checkpoint out/ckpt_1000.pt"]
    for it in range(1010, total + 1, 10):
        out.append("iter %d/%d: loss %.4f, time %.1fms" % (it, total, 2.2 + 2.5 * math.exp(-it / 300.0) + r.gauss(0, 0.03), 310 + r.gauss(0, 4)))
    out.append("training done: %d iterations" % total)
    sidecar = ("A nanoGPT-style log whose node crashed at iteration 1210: the file holds 12 KiB of NUL\n"
               "bytes where its last blocks were never written. The requeued job resumed from the\n"
               "checkpoint at 1000, appended to the same log and reached all 2000 iterations.\n")
    return text + "\n".join(out) + "\n", sidecar


@near_miss("run_truncated", "keras_early_stopping.log")
def _(r):
    out = [note("Keras fit(epochs=100) with EarlyStopping(patience=5, restore_best_weights=True):",
                "validation loss bottoms at epoch 18, Keras stops after epoch 23 and restores the best",
                "weights. The declared 100 epochs were an upper bound.")]
    for ep in range(1, 24):
        loss = 0.32 + 0.9 * math.exp(-ep / 4.0) + r.gauss(0, 0.005)
        acc = 0.88 - 0.3 * math.exp(-ep / 4.0)
        vl = 0.39 + 0.8 * math.exp(-ep / 4.0) + (0.004 * (ep - 18) if ep > 18 else 0) + r.gauss(0, 0.002)
        out.append("Epoch %d/100" % ep)
        out.append("1563/1563 [==============================] - 9s 6ms/step - loss: %.4f - accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f"
                   % (loss, acc, vl, acc - 0.03))
    out.append("Restoring model weights from the end of the best epoch: 18.")
    out.append("Epoch 23: early stopping")
    return "\n".join(out) + "\n"


@near_miss("run_truncated", "megatron_exit_interval_job_chunk.log")
def _(r):
    out = [note("Megatron-LM job with --exit-interval 10000 inside a 500k-iteration run: it saves a",
                "checkpoint and exits on purpose at iteration 250000; the next job resumes there.",
                "The planned 500000 iterations span many jobs.")]
    out.append("  exit_interval ................................... 10000")
    out.append("  train_iters ..................................... 500000")
    out.append("  successfully loaded checkpoint from /lustre/ckpt/gpt-1.3b [ t 0, p 0 ] at iteration 240000")
    total = 500000
    for it in range(240100, 250001, 100):
        loss = 1.85 + 4.0 * (it / 1000.0) ** -0.33 + r.gauss(0, 0.012)
        out.append(" iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
                   % (it, total, it * 512, 2310.5 + r.gauss(0, 12), cosine(it, total, 2e-4, 2000, 2e-5), 512, loss, 0.21 + abs(r.gauss(0, 0.01)), 0, 0))
    out.append(" saving checkpoint at iteration  250000 to /lustre/ckpt/gpt-1.3b")
    out.append("  successfully saved checkpoint at iteration  250000 to /lustre/ckpt/gpt-1.3b")
    out.append("exiting program at iteration 250000")
    return "\n".join(out) + "\n"


def step_lines(r, first, last, total):
    """A plain loop's lines every 20 steps from first to last of total."""
    out = []
    for s in range(first, last + 1, 20):
        loss = 2.4 + 1.6 * math.exp(-s / 1200.0) + r.gauss(0, 0.015)
        out.append("step %d/%d | loss %.4f | lr %.3e" % (s, total, loss, cosine(s, total, 3e-4, 200)))
    return out


def slurm_requeue(r, banner, resume_at=4200, total=8000):
    out = step_lines(r, 20, resume_at, total)
    out.append("saved checkpoint ckpt/step_%d" % (resume_at - 200))
    out += banner
    out.append("Resuming from checkpoint ckpt/step_%d (restart 1)" % (resume_at - 200))
    out += step_lines(r, resume_at - 180, total, total)
    out.append("saved checkpoint ckpt/step_%d" % total)
    out.append("training complete")
    return out


@near_miss("job_time_limit", "slurm_requeue_after_time_limit.log")
def _(r):
    out = [note("Slurm job with --requeue and --open-mode=append: the first allocation hits its",
                "24 h limit, the job is requeued into the same output file, resumes from its last",
                "checkpoint and finishes all 8000 steps. The time limit was planned for.")]
    out += slurm_requeue(r, ["slurmstepd: error: *** JOB 771203 ON gpu-031 CANCELLED AT 2024-07-02T09:14:03 DUE TO TIME LIMIT ***",
                             "slurmstepd: error: *** STEP 771203.0 ON gpu-031 CANCELLED AT 2024-07-02T09:14:03 DUE TO TIME LIMIT ***",
                             "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                             "== requeued: SLURM_RESTART_COUNT=1 on gpu-044 =="])
    return "\n".join(out) + "\n"


@near_miss("job_cancelled", "slurm_preempted_then_resumed.log")
def _(r):
    out = [note("Job on a preemptible partition: it is preempted, Slurm requeues it into the same",
                "output file, it resumes from its checkpoint and completes every step.")]
    out += slurm_requeue(r, ["slurmstepd: error: *** JOB 771203 ON gpu-031 CANCELLED AT 2024-07-02T09:14:03 DUE TO PREEMPTION ***",
                             "== requeued: SLURM_RESTART_COUNT=1 on gpu-044 =="])
    return "\n".join(out) + "\n"


@near_miss("job_cancelled", "slurm_monitor_step_cancelled_after_training.log")
def _(r):
    out = [note("An sbatch script starts nvidia-smi as a background srun step, trains with HF's",
                "Trainer and exits: Slurm cancels the monitor step still running (STEP N.1), after",
                "the trainer printed its summary and saved the model.")]
    total = 400
    for s in range(10, total + 1, 10):
        out.append(hf({"loss": round(0.4 + 1.2 * math.exp(-s / 90.0) + r.gauss(0, 0.02), 4),
                       "grad_norm": round(2.5 + r.gauss(0, 0.3), 3), "learning_rate": cosine(s, total, 2e-5, 20),
                       "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 812.4, "train_samples_per_second": 15.8, "train_steps_per_second": 0.49,
                   "train_loss": 0.61, "epoch": 1.0}))
    out.append("Saving model checkpoint to out/final")
    out.append("slurmstepd: error: *** STEP 4412345.1 ON node01 CANCELLED AT 2024-05-01T12:12:30 ***")
    return "\n".join(out) + "\n"


@near_miss("job_cancelled", "slurm_preempted_still_running.log")
def _(r):
    out = [note("Preempted, requeued into the same output file and resumed from its checkpoint;",
                "the log is read while the job still runs, 2000 steps past the preemption, before it",
                "prints that it finished.")]
    out += slurm_requeue(r, ["slurmstepd: error: *** JOB 771203 ON gpu-031 CANCELLED AT 2024-07-02T09:14:03 DUE TO PREEMPTION ***",
                             "== requeued: SLURM_RESTART_COUNT=1 on gpu-044 =="])[:-(1 + (8000 - 6200) // 20 + 1)]
    return "\n".join(out) + "\n"


@near_miss("job_cancelled", "srun_step_ends_after_task_oom_kill.log")
def _(r):
    out = [note("srun launches 4 tasks; the cgroup OOM killer kills task 0 at step 1460 and srun",
                "ends the step itself ('_step_signal: Terminating', then STEP ... CANCELLED). Nobody",
                "cancelled the job: the host OOM is the finding.")]
    out += step_lines(r, 20, 1460, 8000)
    out += ["slurmstepd-gpu20-15: error: Detected 1 oom-kill event(s) in StepId=9411285.0. Some of your processes "
            "may have been killed by the cgroup out-of-memory handler.",
            "srun: error: gpu20-15: task 0: Out Of Memory",
            "srun: launch/slurm: _step_signal: Terminating StepId=9411285.0",
            "slurmstepd-gpu20-15: error: *** STEP 9411285.0 ON gpu20-15 CANCELLED AT 2022-05-17T17:58:10 ***",
            "srun: error: gpu20-15: tasks 1-3: Terminated"]
    return "\n".join(out) + "\n"


@near_miss("job_cancelled", "srun_step_ends_after_task_exception.log")
def _(r):
    out = [note("One task raises (a bad sample), srun sees it exit with code 1 and ends the step:",
                "the STEP line says CANCELLED, but the crash is what happened.")]
    out += step_lines(r, 20, 900, 8000)
    out += ["Traceback (most recent call last):",
            '  File "train.py", line 211, in <module>',
            "    main()",
            '  File "train.py", line 188, in main',
            "    batch = next(it)",
            "ValueError: could not broadcast input array from shape (3,224,224) into shape (3,256,256)",
            "srun: error: gpu-031: task 2: Exited with exit code 1",
            "srun: launch/slurm: _step_signal: Terminating StepId=771203.0",
            "slurmstepd: error: *** STEP 771203.0 ON gpu-031 CANCELLED AT 2024-07-02T09:14:03 ***"]
    return "\n".join(out) + "\n"


@near_miss("node_failure", "slurm_node_fail_requeued_resumed.log")
def _(r):
    out = [note("A node fails mid-run; Slurm requeues the job (JobRequeue=1), it resumes from its",
                "checkpoint on another node and completes every step.")]
    out += slurm_requeue(r, ["slurmstepd: error: *** JOB 771203 ON gpu-031 CANCELLED AT 2024-07-02T09:14:03 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
                             "== requeued: SLURM_RESTART_COUNT=1 on gpu-044 =="])
    return "\n".join(out) + "\n"


@near_miss("dtype_mismatch", "dynamo_recompile_dtype_guard.log")
def _(r):
    out = [note("torch.compile'd model run with TORCH_LOGS=recompiles: the eval pass under autocast",
                "feeds half-precision inputs, dynamo logs the dtype guard that failed (Float vs Half)",
                "and recompiles. A recompile, not an error.")]
    total = 2000
    for s in range(20, total + 1, 20):
        loss = 1.8 + 1.2 * math.exp(-s / 500.0) + r.gauss(0, 0.02)
        out.append("2024-08-01 12:%02d:%02d,000 INFO step %d loss %.4f lr %.3e" % ((s // 60) % 60, s % 60, s, loss, cosine(s, total, 3e-4, 60)))
        if s == 500:
            out.append("V0801 12:08:21.114000 7712 torch/_dynamo/guards.py:2791] [0/1] [__recompiles] Recompiling function forward in /workspace/model.py:112")
            out.append("V0801 12:08:21.114000 7712 torch/_dynamo/guards.py:2791] [0/1] [__recompiles]     triggered by the following guard failure(s):")
            out.append("V0801 12:08:21.114000 7712 torch/_dynamo/guards.py:2791] [0/1] [__recompiles]     - 0/0: tensor 'L['x']' dtype mismatch. expected Float, actual Half")
            out.append("2024-08-01 12:08:40,000 INFO eval loss %.4f" % (loss + 0.04))
    out.append("2024-08-01 12:40:00,000 INFO training done, saved to out/final.pt")
    return "\n".join(out) + "\n"


@near_miss("shape_mismatch", "dynamo_recompile_size_guard.log")
def _(r):
    out = [note("torch.compile with variable-length batches: dynamo logs size guard failures on",
                "dimension 1 as it recompiles for new sequence lengths (then marks the dimension",
                "dynamic). Slower first steps, no shape error; training completes.")]
    total = 3000
    lens = [512, 384, 448, 256]
    for s in range(10, total + 1, 10):
        loss = 2.2 + 1.4 * math.exp(-s / 600.0) + r.gauss(0, 0.02)
        out.append("2024-08-01 %s,000 INFO step %d loss %.4f tok/s %d" % (ts((2024, 8, 1, 14, 0, 0), s * 0.5, "%H:%M:%S"), s, loss, 98000 + int(r.gauss(0, 900))))
        if s in (20, 30, 40):
            a, b = lens[s // 10 - 2], lens[s // 10 - 1]
            out.append("V0801 14:00:%02d.000000 7712 torch/_dynamo/guards.py:2791] [0/%d] [__recompiles] Recompiling function forward in /workspace/model.py:112" % (s // 2, s // 10 - 1))
            out.append("V0801 14:00:%02d.000000 7712 torch/_dynamo/guards.py:2791] [0/%d] [__recompiles]     triggered by the following guard failure(s):" % (s // 2, s // 10 - 1))
            out.append("V0801 14:00:%02d.000000 7712 torch/_dynamo/guards.py:2791] [0/%d] [__recompiles]     - 0/0: tensor 'L['input_ids']' size mismatch at index 1. expected %d, actual %d" % (s // 2, s // 10 - 1, a, b))
    out.append("2024-08-01 14:25:10,000 INFO training done, saved to out/final.pt")
    return "\n".join(out) + "\n"


@near_miss("cuda_error", "cudnn_plan_failed_userwarning.log")
def _(r):
    out = [note("PyTorch 2.3 prints a UserWarning 'Plan failed with a cudnnException' (cuDNN status",
                "not supported) for some convolutions and falls back to another plan",
                "(pytorch#121834: harmless). The ResNet trains all 90 epochs.")]
    out.append("/opt/conda/lib/python3.10/site-packages/torch/nn/modules/conv.py:456: UserWarning: Plan failed with a cudnnException: CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR: cudnnFinalize Descriptor Failed cudnn_status: CUDNN_STATUS_NOT_SUPPORTED (Triggered internally at /opt/conda/conda-bld/pytorch_1712608935911/work/aten/src/ATen/native/cudnn/Conv_v8.cpp:919.)")
    out.append("  return F.conv2d(input, weight, bias, self.stride,")
    out.append("/opt/conda/lib/python3.10/site-packages/torch/autograd/graph.py:744: UserWarning: Plan failed with a cudnnException: CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR: cudnnFinalize Descriptor Failed cudnn_status: CUDNN_STATUS_NOT_SUPPORTED (Triggered internally at /opt/conda/conda-bld/pytorch_1712608935911/work/aten/src/ATen/native/cudnn/Conv_v8.cpp:919.)")
    out.append("  return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")
    for ep in range(90):
        loss = 1.25 + 5.6 * math.exp(-ep / 8.0) - 0.3 * (ep >= 30) - 0.15 * (ep >= 60) + r.gauss(0, 0.01)
        acc1 = 76.1 - 60 * math.exp(-ep / 10.0) + 3 * (ep >= 30) + 1.5 * (ep >= 60) + r.gauss(0, 0.2)
        out.append("Epoch: [%d] train loss %.4f lr %.4f" % (ep, loss, 0.1 * (0.1 ** (ep // 30))))
        out.append(" * Acc@1 %.3f Acc@5 %.3f" % (min(acc1, 76.4), min(acc1 + 17, 93.0)))
    return "\n".join(out) + "\n"


@near_miss("model_load_mismatch", "bertmodel_drops_pretraining_heads.log")
def _(r):
    out = [note("BertModel.from_pretrained('bert-base-uncased') under a custom classification head:",
                "transformers reports the masked-LM and NSP heads of the checkpoint as unused and says",
                "'This IS expected'. The body loaded completely; fine-tuning proceeds normally.")]
    out.append("Some weights of the model checkpoint at bert-base-uncased were not used when initializing BertModel: ['cls.predictions.bias', 'cls.predictions.transform.LayerNorm.bias', 'cls.predictions.transform.LayerNorm.weight', 'cls.predictions.transform.dense.bias', 'cls.predictions.transform.dense.weight', 'cls.seq_relationship.bias', 'cls.seq_relationship.weight']")
    out.append("- This IS expected if you are initializing BertModel from the checkpoint of a model trained on another task or with another architecture (e.g. initializing a BertForSequenceClassification model from a BertForPreTraining model).")
    out.append("- This IS NOT expected if you are initializing BertModel from the checkpoint of a model that you expect to be exactly identical (initializing a BertForSequenceClassification model from a BertForSequenceClassification model).")
    for ep in range(1, 5):
        for b in range(100, 2001, 100):
            s = (ep - 1) * 2000 + b
            loss = 0.22 + 0.5 * math.exp(-s / 1500.0) + r.gauss(0, 0.02)
            out.append("epoch %d batch %d/2000 loss %.4f" % (ep, b, loss))
        out.append("epoch %d val_loss %.4f val_acc %.4f" % (ep, 0.3 + 0.1 * math.exp(-ep), 0.9 + 0.005 * ep))
    return "\n".join(out) + "\n"


@near_miss("model_load_mismatch", "wav2vec2_ctc_drops_quantizer.log")
def _(r):
    out = [note("Wav2Vec2ForCTC.from_pretrained('facebook/wav2vec2-base'), as the ASR fine-tuning",
                "guides do: the checkpoint's contrastive-pretraining parts (quantizer, project_q,",
                "project_hid) go unused and the CTC head lm_head is new. The body loaded whole.")]
    out.append("Some weights of the model checkpoint at facebook/wav2vec2-base were not used when initializing "
               "Wav2Vec2ForCTC: ['quantizer.weight_proj.weight', 'project_q.weight', 'project_hid.weight', "
               "'quantizer.codevectors', 'project_q.bias', 'quantizer.weight_proj.bias', 'project_hid.bias']")
    out.append("- This IS expected if you are initializing Wav2Vec2ForCTC from the checkpoint of a model trained on "
               "another task or with another architecture (e.g. initializing a BertForSequenceClassification model "
               "from a BertForPreTraining model).")
    out.append("Some weights of Wav2Vec2ForCTC were not initialized from the model checkpoint at "
               "facebook/wav2vec2-base and are newly initialized: ['lm_head.weight', 'lm_head.bias']")
    out.append("You should probably TRAIN this model on a down-stream task to be able to use it for predictions "
               "and inference.")
    for s in range(100, 3001, 100):
        loss = 0.35 + 3.0 * math.exp(-s / 600.0) + r.gauss(0, 0.02)
        out.append(hf({"loss": round(loss, 4), "learning_rate": 1e-4, "epoch": round(s / 1000, 2)}))
        if s % 500 == 0:
            out.append(hf({"eval_loss": round(loss + 0.1, 4), "eval_wer": round(0.2 + 0.8 * math.exp(-s / 800.0), 4),
                           "epoch": round(s / 1000, 2)}))
    return "\n".join(out) + "\n"


@near_miss("model_load_mismatch", "bert_ner_head_resized_ignore_mismatched_sizes.log")
def _(r):
    out = [note("A BERT NER checkpoint for 9 tags fine-tuned for 5 with ignore_mismatched_sizes=True:",
                "transformers re-initialises the classifier whose shape changed, a tensor a line, as",
                "asked. The body loaded whole.")]
    out.append("Some weights of BertForTokenClassification were not initialized from the model checkpoint at "
               "dslim/bert-base-NER and are newly initialized because the shapes did not match:")
    out.append("- classifier.weight: found shape torch.Size([9, 768]) in the checkpoint and torch.Size([5, 768]) "
               "in the model instantiated")
    out.append("- classifier.bias: found shape torch.Size([9]) in the checkpoint and torch.Size([5]) in the model "
               "instantiated")
    out.append("You should probably TRAIN this model on a down-stream task to be able to use it for predictions "
               "and inference.")
    for s in range(50, 1501, 50):
        loss = 0.05 + 0.9 * math.exp(-s / 250.0) + r.gauss(0, 0.01)
        out.append(hf({"loss": round(loss, 4), "learning_rate": 2e-5, "epoch": round(s / 500, 2)}))
    return "\n".join(out) + "\n"


@near_miss("model_load_mismatch", "mmseg_cityscapes_ckpt_two_classes.log")
def _(r):
    out = [note("MMSegmentation fine-tunes a PSPNet trained on Cityscapes (19 classes) for a 2-class",
                "task: mmcv loads the checkpoint with strict=False and reports the class layers' size",
                "mismatches; they start fresh and training goes on normally.")]
    out.append("2023-04-01 10:00:00,000 - mmseg - INFO - load checkpoint from local path: pspnet_r50_cityscapes.pth")
    out.append("2023-04-01 10:00:01,000 - mmseg - WARNING - The model and loaded state dict do not match exactly")
    out.append("")
    for head, ch in (("decode_head", 512), ("auxiliary_head", 256)):
        out.append("size mismatch for %s.conv_seg.weight: copying a param with shape torch.Size([19, %d, 1, 1]) "
                   "from checkpoint, the shape in current model is torch.Size([2, %d, 1, 1])." % (head, ch, ch))
        out.append("size mismatch for %s.conv_seg.bias: copying a param with shape torch.Size([19]) from "
                   "checkpoint, the shape in current model is torch.Size([2])." % head)
    t = 2.0
    for it in range(50, 2001, 50):
        t += 25
        loss = 0.12 + 0.5 * math.exp(-it / 500.0) + r.gauss(0, 0.01)
        out.append("2023-04-01 10:%02d:%02d,000 - mmseg - INFO - Iter [%d/2000]\tlr: %.3e, eta: 0:10:00, time: 0.500, "
                   "data_time: 0.010, memory: 3100, decode.loss_ce: %.4f, decode.acc_seg: %.4f, loss: %.4f"
                   % (int(t) // 60 % 60, int(t) % 60, it, 0.005 * (1 - it / 2000.0) ** 0.9 + 1e-4, loss * 0.7,
                      90 + 5 * (1 - math.exp(-it / 500.0)), loss))
    return "\n".join(out) + "\n"


@near_miss("model_load_mismatch", "t5_unused_relative_attention_bias.log")
def _(r):
    out = [note("T5ForConditionalGeneration.from_pretrained('t5-base'): the original checkpoint holds",
                "one decoder relative-attention bias the HF class does not use, so transformers lists it",
                "as unused - a long-known harmless message. Summarisation fine-tuning proceeds normally.")]
    out.append("Some weights of the model checkpoint at t5-base were not used when initializing T5ForConditionalGeneration: ['decoder.block.0.layer.1.EncDecAttention.relative_attention_bias.weight']")
    out.append("- This IS expected if you are initializing T5ForConditionalGeneration from the checkpoint of a model trained on another task or with another architecture (e.g. initializing a BertForSequenceClassification model from a BertForPreTraining model).")
    out.append("- This IS NOT expected if you are initializing T5ForConditionalGeneration from the checkpoint of a model that you expect to be exactly identical (initializing a BertForSequenceClassification model from a BertForSequenceClassification model).")
    total = 3000
    for s in range(20, total + 1, 20):
        loss = 1.6 + 0.9 * math.exp(-s / 400.0) + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 1.5 + abs(r.gauss(0, 0.2)), "learning_rate": linear(s, total, 3e-4, 0), "epoch": round(3 * s / total, 2)}))
        if s % 1000 == 0:
            out.append(hf({"eval_loss": round(1.7 + 0.4 * math.exp(-s / 800), 4), "eval_rouge1": 41.2 + s / 1000, "eval_rouge2": 18.8, "eval_rougeL": 29.1, "eval_gen_len": 61.3,
                           "eval_runtime": 120.3, "epoch": round(3 * s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("dataloader_crash", "ngc_container_shm_banner.log")
def _(r):
    out = [note("Training inside an NGC PyTorch container: the banner warns that the default 64MB",
                "shared-memory limit 'may be insufficient' (the job runs with --ipc=host). No worker",
                "dies; training with 8 DataLoader workers completes.")]
    out.append("=============")
    out.append("== PyTorch ==")
    out.append("=============")
    out.append("")
    out.append("NVIDIA Release 24.03 (build 85286408)")
    out.append("PyTorch Version 2.3.0a0+40ec155")
    out.append("")
    out.append("NOTE: The SHMEM allocation limit is set to the default of 64MB.  This may be")
    out.append("   insufficient for PyTorch.  NVIDIA recommends the use of the following flags:")
    out.append("   docker run --gpus all --ipc=host --ulimit memlock=-1 --ulimit stack=67108864 ...")
    out.append("")
    out.append("DataLoader(num_workers=8, pin_memory=True, persistent_workers=True)")
    for ep in range(1, 31):
        loss = 0.4 + 1.8 * math.exp(-ep / 5.0) + r.gauss(0, 0.01)
        out.append("Epoch %d/30 train_loss=%.4f val_loss=%.4f val_acc=%.4f" % (ep, loss, loss + 0.08, 0.93 - 0.4 * math.exp(-ep / 5)))
    return "\n".join(out) + "\n"



@near_miss("loss_plateau", "hf_t5_summarization_converged.log")
def _(r):
    out = [note("T5-base summarisation fine-tune with linear decay: the loss falls from 2.3 to 1.55",
                "in the first third and then holds there while ROUGE settles. The run converged at",
                "the data's floor (a seq2seq loss does not fall 50%); the tail only costs compute.")]
    total = 4500
    for s in range(25, total + 1, 25):
        loss = 1.55 + 0.75 * math.exp(-s / 420.0) + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": 1.3 + abs(r.gauss(0, 0.15)), "learning_rate": linear(s, total, 3e-4, 0),
                       "epoch": round(3 * s / total, 2)}))
        if s % 1500 == 0:
            out.append(hf({"eval_loss": round(1.62 + 0.05 * math.exp(-s / 1000), 4), "eval_rouge1": 41.9, "eval_rouge2": 19.1,
                           "eval_rougeL": 29.4, "eval_gen_len": 60.2, "eval_runtime": 118.2, "epoch": round(3 * s / total, 2)}))
    out.append(hf({"train_runtime": 7010.3, "train_samples_per_second": 20.5, "train_steps_per_second": 0.642, "train_loss": 1.6345, "epoch": 3.0}))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# output


@near_miss("unk_tokens", "bert_examples_emoji_and_accents.log")
def _(r):
    out = [note("BERT's run_classifier prints its first examples' tokens: an uncased WordPiece",
                "vocabulary has no emoji, so one or two [UNK] stand where the reviews had them;",
                "every word around them is spelled. Then a healthy fine-tune.")]
    examples = ["[CLS] i love this movie [UNK] [UNK] best film of the year [SEP]",
                "[CLS] the cafe was great [UNK] will come back [SEP]",
                "[CLS] 10 / 10 [UNK] [SEP]",
                "[CLS] what a twist [UNK] did not see it coming [SEP]"]
    for i, t in enumerate(examples):
        out.append("INFO:tensorflow:*** Example ***")
        out.append("INFO:tensorflow:guid: train-%d" % i)
        out.append("INFO:tensorflow:tokens: %s" % t)
    for s in range(100, 3001, 100):
        out.append("INFO:tensorflow:loss = %.4f, step = %d" % (0.25 + 0.45 * math.exp(-s / 600.0) + r.gauss(0, 0.02), s))
    return "\n".join(out) + "\n"


@near_miss("repetitive_output", "nanogpt_untrained_sample_at_iter_0.log")
def _(r):
    out = [note("nanoGPT with a sample every 500 iterations: at iter 0 the untrained model (loss 11)",
                "repeats one word; the samples after it read as text. A loop before training is",
                "no degenerate decoding of the trained model.")]
    for it in range(0, 2001, 20):
        loss = 3.2 + 7.8 * math.exp(-it / 300.0) + r.gauss(0, 0.03)
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 420 + r.gauss(0, 3), 38.0))
        if it % 500 == 0:
            out.append("sample at iter %d:" % it)
            if it == 0:
                out.append(" ".join(["the"] * 24))
            else:
                out.append("The old man walked to the harbour and looked at the boats coming in with the tide.")
    return "\n".join(out) + "\n"


@near_miss("repetitive_output", "sft_decoded_example_right_padding.log")
def _(r):
    out = [note("SFT script that prints one decoded, right-padded training example per epoch",
                "(pad_token = eos_token, a common choice for Mistral): the tail of each example is",
                "padding. No generated text loops; the model's samples at the end are fluent.")]
    ex = ("<s> [INST] Summarize the following paragraph in one sentence: The city council met on Tuesday to discuss "
          "the new budget, which increases funding for public transport and parks while cutting administrative costs. "
          "[/INST] The council discussed a budget that funds transport and parks and trims administration.</s>")
    for ep in range(1, 4):
        out.append("Example batch[0] after collation (epoch %d):" % ep)
        out.append(ex + "</s>" * 37)
        for s in range(10, 401, 10):
            k = (ep - 1) * 400 + s
            out.append(hf({"loss": round(1.2 + 0.5 * math.exp(-k / 200.0) + r.gauss(0, 0.03), 4), "grad_norm": 0.9 + abs(r.gauss(0, 0.1)),
                           "learning_rate": cosine(k, 1200, 2e-5, 36), "epoch": round(k / 400, 2)}))
    out.append("Sample generation: The committee approved the proposal after a short debate, citing lower costs.")
    return "\n".join(out) + "\n"


@near_miss("unk_tokens", "llama2_pad_token_set_to_unk.log")
def _(r):
    out = [note("Llama-2 fine-tune that sets pad_token = unk_token (a widespread recipe) and prints",
                "the tokenizer and three left-padded examples: the unk markers are padding and the",
                "special-token table, not unknown characters in the data.")]
    out.append("Using pad_token, but it is not set yet.")
    out.append("LlamaTokenizerFast(name_or_path='meta-llama/Llama-2-7b-hf', vocab_size=32000, model_max_length=1000000000000000019884624838656, is_fast=True, padding_side='left', truncation_side='right', special_tokens={'bos_token': '<s>', 'eos_token': '</s>', 'unk_token': '<unk>', 'pad_token': '<unk>'}, clean_up_tokenization_spaces=False),  added_tokens_decoder={")
    out.append('\t0: AddedToken("<unk>", rstrip=False, lstrip=False, single_word=False, normalized=False, special=True),')
    out.append('\t1: AddedToken("<s>", rstrip=False, lstrip=False, single_word=False, normalized=False, special=True),')
    out.append('\t2: AddedToken("</s>", rstrip=False, lstrip=False, single_word=False, normalized=False, special=True),')
    out.append("}")
    prompts = ["[INST] Translate to French: Good morning [/INST] Bonjour",
               "[INST] What is 12 times 7? [/INST] 84",
               "[INST] Name a primary colour. [/INST] Red"]
    for i, p in enumerate(prompts):
        out.append("example %d: %s<s> %s</s>" % (i, "<unk>" * (9 + 3 * i), p))
    total = 900
    for s in range(10, total + 1, 10):
        out.append(hf({"loss": round(1.1 + 0.6 * math.exp(-s / 150.0) - 0.05 * s / total + r.gauss(0, 0.03), 4), "grad_norm": 0.6 + abs(r.gauss(0, 0.08)),
                       "learning_rate": cosine(s, total, 2e-4, 27), "epoch": round(s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("unk_tokens", "bert_tokenizer_repr_special_tokens.log")
def _(r):
    out = [note("BERT NER fine-tune that prints its tokenizer and special-token map at start: the",
                "UNK token appears as a declared special token; no input text maps to it.")]
    out.append("BertTokenizerFast(name_or_path='bert-base-cased', vocab_size=28996, model_max_length=512, is_fast=True, padding_side='right', truncation_side='right', special_tokens={'unk_token': '[UNK]', 'sep_token': '[SEP]', 'pad_token': '[PAD]', 'cls_token': '[CLS]', 'mask_token': '[MASK]'}, clean_up_tokenization_spaces=False),  added_tokens_decoder={")
    for i, t in [(0, "[PAD]"), (100, "[UNK]"), (101, "[CLS]"), (102, "[SEP]"), (103, "[MASK]")]:
        out.append('\t%d: AddedToken("%s", rstrip=False, lstrip=False, single_word=False, normalized=False, special=True),' % (i, t))
    out.append("}")
    out.append("special token ids: pad=0 unk=100 cls=101 sep=102 mask=103 ([PAD] [UNK] [CLS] [SEP] [MASK])")
    out.append("Example: [CLS] EU rejects German call to boycott British lamb . [SEP]")
    total = 2634
    for s in range(20, total + 1, 20):
        out.append(hf({"loss": round(0.03 + 0.5 * math.exp(-s / 200.0) + abs(r.gauss(0, 0.01)), 4), "grad_norm": 0.5 + abs(r.gauss(0, 0.3)),
                       "learning_rate": linear(s, total, 5e-5, 0), "epoch": round(3 * s / total, 2)}))
        if s % 878 == 0:
            out.append(hf({"eval_loss": 0.06, "eval_precision": 0.94, "eval_recall": 0.95, "eval_f1": 0.945, "eval_accuracy": 0.986, "epoch": round(3 * s / total, 2)}))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# performance


def d2_train_row(it, total, step_s, t, dt, losses, accuracy, **extra):
    """One training record of detectron2's metrics.json: the named loss terms
    and the RPN's, their total, the rate warming up over 100 iterations."""
    row = {"data_time": dt, "eta_seconds": (total - it) * step_s, "fast_rcnn/cls_accuracy": accuracy, "iteration": it}
    row.update(losses)
    row.update({"loss_rpn_cls": 0.02, "loss_rpn_loc": 0.01, "lr": 0.00025 * min(1, it / 100), "time": t,
                "total_loss": sum(losses.values()) + 0.03})
    row.update(extra)
    return json.dumps(row)


@near_miss("slow_dataloader", "detectron2_metrics_eval_worker_restart.json")
def _(r):
    rows = []
    total = 3000
    for it in range(19, total, 20):
        dt = 0.004 + abs(r.gauss(0, 0.0015))
        if it % 500 == 19 and it > 19:
            dt = 2.8 + r.random()
        t = 0.281 + r.gauss(0, 0.006) + dt
        lb = 0.3 + 0.25 * math.exp(-it / 900.0) + r.gauss(0, 0.02)
        lc = 0.15 + 0.5 * math.exp(-it / 500.0) + r.gauss(0, 0.02)
        lm = 0.2 + 0.45 * math.exp(-it / 700.0) + r.gauss(0, 0.02)
        rows.append(d2_train_row(it, total, 0.29, t, dt, {"loss_box_reg": lb, "loss_cls": lc, "loss_mask": lm}, 0.95,
                                 rank_data_time=dt))
        if it % 500 == 499:
            rows.append(json.dumps({"bbox/AP": 60 + it / 300, "bbox/AP50": 80.2, "segm/AP": 65 + it / 400, "iteration": it}))
    sidecar = ("detectron2 metrics.json (one JSON object per line) of a Mask R-CNN run evaluated every\n"
               "500 iterations: after each evaluation the first iteration waits ~3 s while DataLoader\n"
               "workers restart; data_time is ~4 ms (1.5% of the step) everywhere else.\n")
    return "\n".join(rows) + "\n", sidecar


@near_miss("nan_metrics", "detectron2_coco_ap_empty_size_bucket.json")
def _(r):
    rows = []
    total = 2000
    for it in range(19, total, 20):
        t = 0.52 + r.gauss(0, 0.004)
        lb = 0.25 + 0.3 * math.exp(-it / 700.0) + r.gauss(0, 0.015)
        lc = 0.10 + 0.6 * math.exp(-it / 400.0) + r.gauss(0, 0.015)
        rows.append(d2_train_row(it, total, 0.52, t, 0.004, {"loss_box_reg": lb, "loss_cls": lc}, 0.97))
        if it % 500 == 499:
            ap = 40 + it / 100
            rows.append(json.dumps({"bbox/AP": ap, "bbox/AP-satellite": ap, "bbox/AP50": ap + 30, "bbox/AP75": ap - 10,
                                    "bbox/APl": float("nan"), "bbox/APm": ap + 3, "bbox/APs": ap - 5,
                                    "iteration": it}))
    sidecar = ("detectron2 metrics.json of a one-class detector on small and medium objects: its COCO\n"
               "evaluation writes bbox/APl = NaN at every evaluation, as no object in the set is large.\n"
               "An empty size bucket, not a model gone NaN: at most an info, with that explanation.\n")
    return "\n".join(rows) + "\n", sidecar


@near_miss("slow_steps", "steady_clock_eleven_percent_step.log")
def _(r):
    out = [note("A very steady step time (0.3% jitter) with one step 11% slower than the rest: the",
                "store's spike detector calls it a spike, but no one would call it a straggler.")]
    for it in range(10, 2010, 10):
        t = 1.518 * (1 + r.gauss(0, 0.003))
        if it == 1200:
            t = 1.518 * 1.11
        loss = 1.5 + 2.0 * math.exp(-it / 500.0) + r.gauss(0, 0.01)
        out.append("iter %d: loss %.4f, time %.2fms" % (it, loss, t * 1000))
    return "\n".join(out) + "\n"


@near_miss("low_gpu_utilization", "nvidia_smi_loading_and_eval_pauses.csv")
def _(r):
    # nvidia-smi --query-gpu=timestamp,name,utilization.gpu,memory.used --format=csv,nounits -l 5
    rows = ["timestamp, name, utilization.gpu [%], memory.used [MiB]"]
    for k in range(720):
        secs = 5 * k
        if secs < 240:
            util, mem = 0, 1200 + 60 * k            # loading the checkpoint
        elif secs % 900 < 60:
            util, mem = r.randint(5, 30), 61200     # the evaluation every 15 minutes
        else:
            util, mem = min(100, int(r.gauss(96, 3))), 61200
        rows.append("%s, NVIDIA A100-SXM4-80GB, %d, %d" % (ts((2024, 6, 3, 9, 0, 0), secs, "%Y/%m/%d %H:%M:%S.000"), util, mem))
    sidecar = ("nvidia-smi sampled every 5 s over an hour of fine-tuning: 0% for the first 4 minutes\n"
               "while the checkpoint loads, 5-30% for a minute at each evaluation, 96% otherwise.\n")
    return "\n".join(rows) + "\n", sidecar


@near_miss("low_gpu_utilization", "gpu_util_logged_as_a_fraction.log")
def _(r):
    out = []
    for step in range(10, 2001, 10):
        loss = 1.2 + 1.5 * math.exp(-step / 500.0) + r.gauss(0, 0.02)
        out.append("step %d loss=%.4f lr=%.2e gpu_util=%.2f mem_gb=%.1f" % (
            step, loss, cosine(step, 2000, 2e-4, 100), min(1.0, r.gauss(0.95, 0.02)), 38.5))
    sidecar = ("A custom loop that logs pynvml's utilisation divided by 100: 0.95 is 95%.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("slow_dataloader", "mindspore_autotune_queue_mostly_full.log")
def _(r):
    out = [note("MindSpore's dataset autotune on a ResNet: the device queue is 68% full after the",
                "first epoch, under its 75% threshold, so it warns and adds a worker; from then on",
                "the queue stays full. The pipeline keeps the device fed.")]
    for ep in range(1, 6):
        util = 68.4 if ep == 1 else 96.0 + r.random() * 3
        out.append("[INFO] [auto_tune.cc:231 IsDSaBottleneck] Epoch #%d, Device Connector Size: %.4f, Connector "
                   "Capacity: 1, Utilization: %.2f%%, Empty Freq: %.2f%%" % (ep, util / 100, util, 100 - util))
        out.append("epoch: %d step: %d, loss is %.7f" % (ep, 1875 * ep, 1.15 * 0.8 ** ep + r.gauss(0, 0.02)))
        out.append("epoch time: %.3f ms, per step time: %.3f ms" % (17100 + r.gauss(0, 200), 9.12 + r.gauss(0, 0.1)))
        if ep == 1:
            out.append("[WARNING] [auto_tune.cc:236 IsDSaBottleneck] Utilization: 68.4% < 75% threshold, dataset "
                       "pipeline performance needs tuning.")
            out.append("[WARNING] [auto_tune.cc:253 RequestNumWorkerChange] Added request to change "
                       "\"num_parallel_workers\" of Operator: MapOp(ID:3)From old value: [8] to new value: [10].")
    return "\n".join(out) + "\n"


@near_miss("slow_dataloader", "mmaction_first_batch_after_eval.log")
def _(r):
    out = [note("An mmaction2 excerpt of five logs: data loading takes 0.03 s of a 1.7 s step,",
                "then an evaluation of 56 minutes, and the first log after it waits 0.69 s while",
                "the loader's workers start over. One log at the end of five is no trend.")]
    for k, it in enumerate((20, 40, 60, 80)):
        out.append("2021-03-01 10:%02d:00,000 - mmaction - INFO - Epoch [9][%d/1730]\tlr: 1.000e-02, eta: 1 day, 2:00:00, "
                   "time: %.3f, data_time: %.3f, memory: 8800, top1_acc: 0.3250, top5_acc: 0.5750, loss_cls: %.4f, loss: %.4f"
                   % (k, it, 1.68 + r.random() * 0.05, 0.031 + r.random() * 0.006, 2.61 - k * 0.01, 2.61 - k * 0.01))
    out.append("2021-03-01 10:59:00,000 - mmaction - INFO - Epoch(val) [9][1730]\ttop1_acc: 0.0661, top5_acc: 0.1539, mean_class_accuracy: 0.0661")
    out.append("2021-03-01 11:00:00,000 - mmaction - INFO - Epoch [10][20/1730]\tlr: 1.000e-02, eta: 1 day, 1:30:00, "
               "time: 2.424, data_time: 0.691, memory: 8800, top1_acc: 0.3500, top5_acc: 0.6000, loss_cls: 2.5800, loss: 2.5800")
    return "\n".join(out) + "\n"


@near_miss("slow_dataloader", "ppdet_three_logs_first_waits.log")
def _(r):
    out = [note("A PaddleDetection excerpt of three logs: the first, as the reader's workers start,",
                "waited 6.1 s of a 6.8 s batch; the next two wait 0.02 s of 0.75 s. Every log must",
                "wait for a log this short to say data loading dominates.")]
    for k, (data, batch) in enumerate(((6.1, 6.8), (0.02, 0.75), (0.02, 0.75))):
        data += r.random() * 0.004
        batch += r.random() * 0.02
        out.append("[03/14 09:%02d:00] ppdet.engine INFO: Epoch: [0] [%3d/800] learning_rate: 0.000125 loss: %.6f "
                   "eta: 2:10:11 batch_cost: %.4f data_cost: %.4f ips: %.4f images/s"
                   % (k, 20 * (k + 1), 3.1 - 0.1 * k, batch, data, 8 / batch))
    return "\n".join(out) + "\n"


@near_miss("slow_dataloader", "paddleocr_reader_warmup.log")
def _(r):
    out = []
    for step in range(10, 3001, 10):
        # The first window holds the DataLoader workers' start-up; after it
        # the reader takes ~2% of the batch.
        reader = 1.9 + r.random() if step == 10 else 0.004 + abs(r.gauss(0, 0.001))
        batch = 0.21 + r.gauss(0, 0.005) + reader
        loss = 0.8 + 2.1 * math.exp(-step / 900.0) + r.gauss(0, 0.03)
        out.append("[2024/05/14 09:%02d:%02d] ppocr INFO: epoch: [%d/100], global_step: %d, lr: %.6f, loss: %.6f, "
                   "avg_reader_cost: %.5f s, avg_batch_cost: %.5f s, avg_samples: 16.0, ips: %.5f samples/s, "
                   "eta: 3:%02d:00" % (step // 60 % 60, step % 60, step // 300 + 1, step, cosine(step, 3000, 0.001, 100),
                                       loss, reader, batch, 16 / batch, 59 - step // 60 % 60))
    sidecar = ("PaddleOCR training log: avg_reader_cost is high only in the first logging window, while\n"
               "the DataLoader workers start; afterwards it is ~2% of avg_batch_cost.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("slow_dataloader", "torchvision_data_time_grows_small.log")
def _(r):
    out = []
    for ep in range(3):
        for i in range(0, 5005, 100):
            g = ep * 5005 + i
            # The page cache holds the first epoch; later ones read from
            # disk: the wait grows sevenfold, to 6% of the step.
            data = (0.004 if ep == 0 else 0.03) + abs(r.gauss(0, 0.001))
            t = 0.47 + data + r.gauss(0, 0.005)
            loss = 1.5 + 5.4 * math.exp(-g / 4000.0) + r.gauss(0, 0.05)
            out.append("Epoch: [%d][%4d/5005]\tTime  %.3f ( %.3f)\tData  %.3f ( %.3f)\tLoss %.4e (%.4e)\tAcc@1  %5.2f ( %5.2f)\tAcc@5  %5.2f ( %5.2f)"
                       % (ep, i, t, t, data, data, loss, loss, 10 + g / 300, 10 + g / 300, 30 + g / 200, 30 + g / 200))
        out.append(" * Acc@1 %.3f Acc@5 %.3f" % (50 + ep, 75 + ep))
    sidecar = ("torchvision's ImageNet reference (MetricLogger lines): the data wait grows sevenfold after\n"
               "the first epoch, from 4 ms to 30 ms, but stays at 6% of a 0.5 s step.\n")
    return "\n".join(out) + "\n", sidecar


def megatron_line(it, total, gbs, ms, loss, extra=""):
    return (" iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | "
            "global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | %snumber of skipped iterations: %3d | "
            "number of nan iterations: %3d |" % (it, total, 0, ms, cosine(it, total, 3e-4, 500, 3e-5), gbs, loss, 0.3, extra, 0, 0))


@near_miss("throughput_drop", "grpo_completions_grow_with_reward.log")
def _(r):
    out = [note("TRL GRPO: as the reward rises the completions grow from about 300 to 1200 tokens, and",
                "each step, which generates them, takes longer in proportion: 20 s to 75 s a step. Per",
                "completion token the run is as fast at its end as at its start.")]
    total = 60
    for s in range(1, total + 1):
        length = 300 + 900 * (s - 1) / (total - 1) + r.gauss(0, 10)
        secs = 0.062 * length + r.gauss(0, 0.4)
        out.append(" %d%%|##| %d/%d [%02d:%02d<%02d:%02d, %.1fs/it]" % (100 * s // total, s, total, s // 60, s % 60,
                                                                       (total - s) // 60, (total - s) % 60, secs))
        out.append(hf({"loss": round(0.0005 + abs(r.gauss(0, 0.0003)), 4), "grad_norm": round(0.2 + abs(r.gauss(0, 0.03)), 3),
                       "learning_rate": 1e-6, "reward": round(0.2 + 0.6 * s / total + r.gauss(0, 0.02), 3),
                       "completion_length": round(length, 1), "kl": round(0.0004 * s, 4), "epoch": round(s / total, 3)}))
    return "\n".join(out) + "\n"


@near_miss("throughput_drop", "bar_rate_sags_before_checkpoint.log")
def _(r):
    out = [note("A LoRA trainer's bar redrawn every quarter thousand steps runs at five to seven",
                "steps a second throughout, then under two at the last redraw, taken while the",
                "checkpoint was being written. One slow redraw of a smoothed rate is no slowdown.")]
    for i, step in enumerate(range(5250, 8000, 250)):
        shown = step if step < 7750 else 7999
        rate = 1.9 if step == 7750 else 5.6 if i == 0 else 5.0 + 2.0 * r.random()
        out.append("Epoch %d/65, Steps:  %d%%|#####      | %d/10000 [18:09<12:43,  %.2fit/s, grad_norm=0.005, "
                   "lr=1.04e-5, step_loss=%.3f]" % (38 + 2 * i, shown // 100, shown, rate, 0.45 + r.gauss(0, 0.08)))
    return "\n".join(out) + "\n"


@near_miss("throughput_drop", "rl_games_fps_coarse_timer.log")
def _(r):
    out = [note("rl_games PPO on a Brax environment, twelve epochs: each epoch's 524288 samples",
                "take 1.2-1.4 s, timed on a clock that ticks every half second, so the rate jumps",
                "between 524288 and 349525 samples a second. The last two epochs land on the slow",
                "tick: jitter of a coarse timer, not a slowdown.")]
    ticks = [2, 2, 3, 2, 3, 3, 2, 3, 2, 2, 3, 3]
    for epoch, tick in enumerate(ticks, start=3):
        t = tick * 0.5
        step = t * (0.5 + 0.1 * r.random())
        out.append("fps step: %.1f fps step and policy inference: %.1f  fps total: %.1f epoch: %d/1000"
                   % (524288 / step, 524288 / (step * 1.4), 524288 / t, epoch))
    return "\n".join(out) + "\n"


@near_miss("throughput_drop", "megatron_batch_size_rampup.log")
def _(r):
    out = [note("Megatron GPT pre-training with --rampup-batch-size 32 32 4000000: the global batch",
                "grows from 32 to 512 sequences over the first part of the run, so each iteration",
                "takes longer in proportion; samples per second stay flat. Planned, not a slowdown.")]
    out.append("  rampup_batch_size ............................... ['32', '32', '4000000']")
    out.append("  global_batch_size ............................... 512")
    total = 20000
    consumed = 0
    for it in range(100, total + 1, 100):
        gbs = min(512, 32 + 32 * (consumed * 15 // 4000000))
        consumed += gbs * 100
        ms = gbs * 2.05 + 40 + r.gauss(0, 4)
        loss = 2.9 + 7.9 * math.exp(-it / 1200.0) + r.gauss(0, 0.02)
        out.append(megatron_line(it, total, gbs, ms, loss, "samples per second: %.1f | " % (gbs / ms * 1000)))
    return "\n".join(out) + "\n"


@near_miss("throughput_drop", "megatron_ds_seqlen_curriculum.log")
def _(r):
    out = [note("Megatron-DeepSpeed with curriculum learning (sequence-length warm-up 64 -> 2048",
                "tokens over 15k steps): samples per second fall as sequences lengthen while tokens",
                "per second and TFLOPs hold. The batch changed shape; the hardware did not slow down.")]
    out.append('  curriculum_learning ............................. {"enabled": true, "curriculum_type": "seqlen", "min_difficulty": 64, "max_difficulty": 2048, "schedule_type": "fixed_linear", "schedule_config": {"total_curriculum_step": 15000, "difficulty_step": 8}}')
    total = 40000
    for it in range(200, total + 1, 200):
        seq = min(2048, 64 + int((2048 - 64) * it / 15000) // 8 * 8)
        tok_s = 1.02e6 * (0.9 + 0.1 * min(1, seq / 512)) * (1 + r.gauss(0, 0.01))
        sps = tok_s / seq
        ms = 256 * seq / tok_s * 1000
        loss = 2.8 + 8.0 * math.exp(-it / 2500.0) + r.gauss(0, 0.02)
        out.append(megatron_line(it, total, 256, ms, loss, "actual seqlen: %5d | samples per second: %.3f | TFLOPs: %.2f | " % (seq, sps, 151.0 * tok_s / 1.02e6)))
    return "\n".join(out) + "\n"


@near_miss("low_mfu", "torchtitan_small_model_smoke_test.log")
def _(r):
    out = [note("A torchtitan smoke test of a small model (about 12M parameters: 0.52 TFLOPS at",
                "7,300 tokens a second is 7e7 FLOPs a token, 6 a parameter) on a 15 GiB GPU, its",
                "memory mostly the activations of a long sequence: MFU 0.17% is no stack to tune.")]
    for step in range(1, 41):
        tps = 7300 + r.randint(-60, 60)
        out.append("[rank0]:[titan] 2026-05-18 16:04:%02d,338 - root - INFO - step: %2d  loss: %8.5f  "
                   "grad_norm: %7.4f  memory:  9.46GiB(64.99%%)  tps: %s  tflops: %.2f  mfu: 0.17%%"
                   % (step % 60, step, 3.0 + 7.0 * math.exp(-step / 6.0) + r.gauss(0, 0.05),
                      0.8 + abs(r.gauss(0, 0.1)), "{:,}".format(tps), 0.52 * tps / 7300))
    return "\n".join(out) + "\n"


@near_miss("low_mfu", "nanochat_mfu_not_computed.log")
def _(r):
    out = [note("nanochat's base_train on a GPU it knows no peak FLOPs for: it prints an",
                "MFU of 0.00 at every step, a figure it could not compute, while the run",
                "trains at 105k tokens a second and its loss falls.")]
    out.append("Autodetected device type: cuda")
    total = 500
    for s in range(0, total, 10):
        loss = 3.7 + 6.7 * math.exp(-s / 80.0) + r.gauss(0, 0.03)
        out.append("step %05d/%05d (%.2f%%) | loss: %.6f | lrm: 1.00 | dt: %.2fms | tok/sec: %s | mfu: 0.00 | total time: %.2fm"
                   % (s, total, 100.0 * s / total, loss, 155 + r.uniform(-5, 5), format(105000 + r.randint(-900, 900), ","),
                      s * 0.0026))
    return "\n".join(out) + "\n"


@near_miss("low_mfu", "nanogpt_mfu_placeholder_first_iters.log")
def _(r):
    out = [note("nanoGPT GPT-2 124M on 8xA100: MFU prints as -100.00% for the first iterations",
                "(nanoGPT's placeholder until the loop settles), then ~41%."),]
    out.append("tokens per iteration will be: 491,520")
    out.append("Initializing from OpenAI GPT-2 weights: gpt2")
    total = 5000
    for it in range(0, total + 1, 10):
        loss = 2.95 + 0.3 * math.exp(-it / 800.0) + r.gauss(0, 0.02)
        mfu = -100.0 if it < 50 else 41.2 + r.gauss(0, 0.3)
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 112.4 + r.gauss(0, 1.5) if it else 38112.7, mfu))
        if it % 500 == 0:
            out.append("step %d: train loss %.4f, val loss %.4f" % (it, loss - 0.01, loss + 0.02))
    return "\n".join(out) + "\n"


@near_miss("low_mfu", "nanogpt_char_model_on_apple_mps.log")
def _(r):
    out = [note("nanoGPT's shakespeare_char config on a laptop's Apple GPU (device='mps'): nanoGPT",
                "divides by an A100's peak, so the 10.65M-parameter model reads 0.15-0.25%, a",
                "tenth of what it reaches on the A100 the estimate assumes. Other hardware.")]
    out += ["tokens per iteration will be: 16,384", "found vocab_size = 65 (inside data/shakespeare_char/meta.pkl)",
            "Initializing a new model from scratch", "number of parameters: 10.65M"]
    for it in range(0, 501, 10):
        loss = 1.9 + 2.3 * math.exp(-it / 150.0) + r.gauss(0, 0.02)
        mfu = -100.0 if it < 50 else 0.2 + r.gauss(0, 0.02)
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 1700 + r.gauss(0, 40), mfu))
        if it % 250 == 0:
            out.append("step %d: train loss %.4f, val loss %.4f" % (it, loss - 0.01, loss + 0.03))
    return "\n".join(out) + "\n"


@near_miss("low_mfu", "nanogpt_char_model_10m_on_a100.log")
def _(r):
    out = [note("nanoGPT's shakespeare_char config (a 10.65M-parameter character model) on one",
                "A100: MFU settles at 11-13%. Matmuls of a 384-wide model cannot fill the tensor",
                "cores; that is what a model this size reaches, not a stack to tune.")]
    out += ["tokens per iteration will be: 16,384", "found vocab_size = 65 (inside data/shakespeare_char/meta.pkl)",
            "Initializing a new model from scratch", "number of parameters: 10.65M", "compiling the model... (takes a ~minute)"]
    for it in range(0, 2001, 10):
        loss = 0.95 + 3.2 * math.exp(-it / 250.0) + r.gauss(0, 0.02)
        mfu = -100.0 if it < 50 else 12.0 + r.gauss(0, 0.4)
        out.append("iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 30.5 + r.gauss(0, 0.6) if it else 21300.2, mfu))
        if it % 250 == 0:
            out.append("step %d: train loss %.4f, val loss %.4f" % (it, loss - 0.02, loss + 0.15))
    return "\n".join(out) + "\n"


@near_miss("slow_steps", "checkpoint_every_500_steps.log")
def _(r):
    out = [note("Custom loop logging per-step time: every 500 steps the checkpoint save makes one",
                "step take ~25 s instead of ~0.4 s. Periodic and expected; info at most.")]
    total = 6000
    for s in range(10, total + 1, 10):
        st = 0.41 + r.gauss(0, 0.01)
        if s % 500 == 0:
            st = 24.5 + r.gauss(0, 1)
        out.append("step %d | loss %.4f | step_time %.3fs | lr %.3e" % (s, 2.3 + 1.2 * math.exp(-s / 900.0) + r.gauss(0, 0.02), st, cosine(s, total, 3e-4, 100)))
        if s % 500 == 0:
            out.append("saved checkpoint to ckpt/step_%d.pt" % s)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# debug


@near_miss("dtype_mismatch_logged", "bf16_model_fp32_softmax_logits.log")
def _(r):
    out = [note("bf16 Llama fine-tune with a dtype probe for the first two steps: hidden states are",
                "bfloat16, while attention softmax and the final logits/loss are upcast to float32",
                "on purpose (transformers does this for stability). Mixed dtypes by design.")]
    total = 1200
    for s in range(1, total + 1):
        if s <= 2:
            out.append("[probe step %d] input embeds dtype: torch.bfloat16" % s)
            out.append("[probe step %d] hidden states dtype: torch.bfloat16" % s)
            out.append("[probe step %d] attn weights dtype: torch.float32" % s)
            out.append("[probe step %d] logits dtype: torch.float32" % s)
            out.append("[probe step %d] loss dtype: torch.float32" % s)
        if s % 10 == 0:
            out.append(hf({"loss": round(1.2 + 0.6 * math.exp(-s / 200.0) - 0.05 * s / total + r.gauss(0, 0.03), 4), "grad_norm": 0.7 + abs(r.gauss(0, 0.1)),
                           "learning_rate": cosine(s, total, 2e-5, 36), "epoch": round(s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("dtype_mismatch_logged", "fsdp_mixed_precision_settings_printed.log")
def _(r):
    out = [note("An FSDP fine-tune prints its MixedPrecision policy and its LoRA adapters' dtype:",
                "parameters in bfloat16, gradient reduction and buffers in float32, the adapters",
                "float32 beside a bfloat16 body. Mixed precision as configured.")]
    out.append("FSDP MixedPrecision config:")
    out.append("  param dtype: torch.bfloat16")
    out.append("  reduce dtype: torch.float32")
    out.append("  buffer dtype: torch.float32")
    out.append("base model dtype: torch.bfloat16")
    out.append("lora_A dtype: torch.float32")
    out.append("master weights dtype: torch.float32")
    total = 600
    for s in range(10, total + 1, 10):
        out.append(hf({"loss": round(1.4 + 0.7 * math.exp(-s / 150.0) + r.gauss(0, 0.03), 4),
                       "learning_rate": cosine(s, total, 1e-4, 30), "epoch": round(s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("metric_pinned", "fixed_iteration_refiner_eval.log")
def _(r):
    out = [note("Optical-flow model with a recurrent refiner run at a fixed 12 iterations",
                "(adaptive exit disabled in this config): the per-eval refinement count is 12 every",
                "time by construction, while the end-point error keeps improving.")]
    out.append("config: refiner_iters=12 adaptive_exit=False lr=4e-4 batch=8 crop=368x496")
    total = 100000
    for s in range(100, total + 1, 100):
        loss = 1.1 + 6.0 * math.exp(-s / 12000.0) + r.gauss(0, 0.05)
        out.append("[%6d] loss %.4f epe %.4f lr %.2e" % (s, loss, loss * 0.9, linear(s, total, 4e-4, 1000)))
        if s % 5000 == 0:
            out.append("eval step %d | val_epe %.3f | 1px %.3f | avg_refinement_steps 12.0" % (s, 1.5 + 2.5 * math.exp(-s / 20000.0), 0.6 + 0.2 * (1 - math.exp(-s / 20000.0))))
    return "\n".join(out) + "\n"


@near_miss("debug_logging_on", "debug_dump_first_50_steps_only.log")
def _(r):
    out = [note("Model with DEBUG on for the first 50 steps only (debug_steps=50): five tensor",
                "summaries per step early, none after; the run continues for 5000 steps.")]
    total = 5000
    for s in range(1, total + 1):
        if s <= 50:
            for layer in range(5):
                out.append("[DEBUG] step %d layer %d hidden mean=%.4f std=%.4f" % (s, layer, r.gauss(0, 0.01), 1.0 + r.gauss(0, 0.02)))
        if s % 20 == 0:
            out.append("step %d | loss %.4f | lr %.3e" % (s, 2.6 + 1.3 * math.exp(-s / 700.0) + r.gauss(0, 0.02), cosine(s, total, 3e-4, 100)))
    return "\n".join(out) + "\n"


@near_miss("wandb_not_logging", "wandb_transient_network_retry.log")
def _(r):
    out = [note("W&B online run: once mid-run the client hits a network timeout and retries; the",
                "run keeps logging and at the end W&B syncs every file and prints the run URL.")]
    out.append("wandb: Currently logged in as: alice (ml-team). Use `wandb login --relogin` to force relogin")
    out.append("wandb: Tracking run with wandb version 0.17.0")
    out.append("wandb: Run data is saved locally in /work/wandb/run-20240611_101010-3kq8w2x1")
    out.append("wandb: Run `wandb offline` to turn off syncing.")
    out.append("wandb: Syncing run swift-river-42")
    out.append("wandb: View project at https://wandb.ai/ml-team/sft")
    out.append("wandb: View run at https://wandb.ai/ml-team/sft/runs/3kq8w2x1")
    total = 2000
    for s in range(10, total + 1, 10):
        out.append(hf({"loss": round(1.0 + 0.7 * math.exp(-s / 300.0) - 0.04 * s / total + r.gauss(0, 0.02), 4), "grad_norm": 0.8 + abs(r.gauss(0, 0.1)),
                       "learning_rate": cosine(s, total, 2e-5, 60), "epoch": round(s / total, 2)}))
        if s == 1130:
            out.append("wandb: Network error (ReadTimeout), entering retry loop.")
    out.append("wandb: ")
    out.append("wandb: Run history:")
    out.append("wandb:    train/loss \u2588\u2586\u2585\u2584\u2583\u2583\u2582\u2582\u2581\u2581")
    out.append("wandb: ")
    out.append("wandb: View run swift-river-42 at: https://wandb.ai/ml-team/sft/runs/3kq8w2x1")
    out.append("wandb: Synced 6 W&B file(s), 0 media file(s), 2 artifact file(s) and 0 other file(s)")
    out.append("wandb: Find logs at: ./wandb/run-20240611_101010-3kq8w2x1/logs")
    return "\n".join(out) + "\n"


@near_miss("init_mismatch", "zero_init_projections_checked.log")
def _(r):
    out = [note("Init check of a GPT with zero-initialised residual projections (as modded-nanogpt",
                "does): those layers report an std of exactly 0 against an expected 0, every other",
                "layer matches its target within 1%."),]
    for layer in range(12):
        for name, exp in [("attn.c_attn.weight", 0.02), ("attn.c_proj.weight", 0.0), ("mlp.c_fc.weight", 0.02), ("mlp.c_proj.weight", 0.0)]:
            act = exp * (1 + r.gauss(0, 0.003))
            out.append("init check transformer.h.%d.%s std: %.4f (expected %.4f)" % (layer, name, act, exp))
    out.append("init check lm_head.weight std: %.4f (expected %.4f)" % (0.0, 0.0))
    total = 3000
    for s in range(0, total + 1, 10):
        out.append("step:%d/%d train_loss:%.4f train_time:%dms step_avg:%.2fms" % (s, total, 3.3 + 7.5 * math.exp(-s / 250.0) + r.gauss(0, 0.02), s * 95, 95.0 + r.gauss(0, 0.5)))
    return "\n".join(out) + "\n"


@near_miss("activation_blowup", "zero_init_readout_logit_stats.log")
def _(r):
    out = [note("muP-style model with a zero-initialised readout layer: the logged logit range starts",
                "at exactly 0 and grows to about +-20 as the readout learns - ordinary logit scale for a",
                "trained LM, reached from a zero start. The loss falls throughout.")]
    total = 4000
    for s in range(0, total + 1, 50):
        scale = 21.0 * (1 - math.exp(-s / 600.0))
        out.append("step %d | loss %.4f | readout act_min=%.4f act_max=%.4f act_mean=%.4f"
                   % (s, 3.2 + 7.6 * math.exp(-s / 400.0) + r.gauss(0, 0.02), -scale * (0.9 + 0.05 * r.random()), scale * (1 + 0.05 * r.random()), -0.02 * scale))
    return "\n".join(out) + "\n"



@near_miss("repetitive_output", "megatron_args_quoted_number_list.log")
def _(r):
    out = [note("Megatron-LM arguments dump: list-valued options print as Python lists of quoted",
                "numbers (rampup batch size, data split weights). No generated text in this log.")]
    out.append("------------------------ arguments ------------------------")
    for k, v in [("adam_beta2", "0.95"), ("bf16", "True"), ("data_path", "['0.7', '/data/web_text_document', '0.3', '/data/code_text_document']"),
                 ("global_batch_size", "1024"), ("lr", "0.0003"), ("micro_batch_size", "2"),
                 ("rampup_batch_size", "['64', '64', '6000000']"), ("seq_length", "4096"), ("split", "969,30,1"),
                 ("tensor_model_parallel_size", "2"), ("train_iters", "4000")]:
        out.append("  %s %s %s" % (k, "." * (48 - len(k)), v))
    out.append("-------------------- end of arguments ---------------------")
    total = 4000
    for it in range(20, total + 1, 20):
        out.append(megatron_line(it, total, 1024, 5210 + r.gauss(0, 20), 2.7 + 8.1 * math.exp(-it / 500.0) + r.gauss(0, 0.02)))
    return "\n".join(out) + "\n"


@near_miss("vanishing_gradients", "pinn_converged_to_1e-7.log")
def _(r):
    out = [note("Physics-informed network fitted with Adam then L-BFGS: the residual loss reaches",
                "1e-7 and the gradient norm follows it down. For a PINN that is convergence (the",
                "solution error printed alongside is 2e-4), not gradients that fail to flow.")]
    out.append("Adam phase: 20000 iterations, lr=1e-3; then L-BFGS (max_iter=50000, tolerance_grad=1e-9)")
    for it in range(0, 70001, 250):
        if it <= 20000:
            loss = 2e-4 + 0.8 * math.exp(-it / 1500.0)
        else:
            loss = 2e-4 * math.exp(-(it - 20000) / 6000.0) + 1.2e-7
        loss *= math.exp(r.gauss(0, 0.1))
        gn = 1.6 * math.sqrt(loss) * math.exp(r.gauss(0, 0.15)) * (1.0 if it <= 20000 else 0.2)
        out.append("It: %d, Loss: %.3e, grad_norm: %.3e, Time: %.2f" % (it, loss, gn, 0.021 + r.gauss(0, 0.001)))
    out.append("Error u: 2.143e-04")
    return "\n".join(out) + "\n"


@near_miss("single_rank_logging", "qlora_70b_device_map_two_gpus.log")
def _(r):
    out = [note("QLoRA on a 70B model that does not fit one GPU: a single process places the layers",
                "over both GPUs with device_map='auto' (naive model parallel, the standard QLoRA",
                "recipe). The script sees 2 GPUs without torch.distributed; nothing is replicated.")]
    out.append("05/03/2024 09:12:01 - WARNING - __main__ - Process rank: -1, device: cuda:0, n_gpu: 2, distributed training: False, 16-bits training: False")
    out.append("Loading checkpoint shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 15/15 [04:12<00:00, 16.83s/it]")
    out.append("model.hf_device_map: {'model.embed_tokens': 0, 'model.layers.0': 0, 'model.layers.39': 0, 'model.layers.40': 1, 'model.layers.79': 1, 'model.norm': 1, 'lm_head': 1}")
    out.append("trainable params: 207,093,760 || all params: 69,184,007,168 || trainable%: 0.2993")
    total = 1000
    for s in range(10, total + 1, 10):
        out.append(hf({"loss": round(1.05 + 0.5 * math.exp(-s / 150.0) - 0.04 * s / total + r.gauss(0, 0.03), 4), "grad_norm": 0.3 + abs(r.gauss(0, 0.05)),
                       "learning_rate": cosine(s, total, 1e-4, 30), "epoch": round(s / total, 2)}))
    return "\n".join(out) + "\n"


@near_miss("dataloader_crash", "epilogue_dmesg_corrected_pcie.log")
def _(r):
    out = [note("Job epilogue that dumps the node's recent kernel messages: a corrected PCIe",
                "physical-layer error (AER, severity Corrected) was logged by the kernel. No",
                "DataLoader worker died; the run finished and saved its model.")]
    total = 2000
    for s in range(10, total + 1, 10):
        out.append(hf({"loss": round(1.0 + 0.6 * math.exp(-s / 300.0) - 0.05 * s / total + r.gauss(0, 0.02), 4), "grad_norm": 0.8 + abs(r.gauss(0, 0.1)),
                       "learning_rate": cosine(s, total, 2e-5, 60), "epoch": round(s / total, 2)}))
    out.append("Saving model checkpoint to outputs/final")
    out.append("==== epilogue: node health (gpu-027) ====")
    out.append("[1203311.412201] pcieport 0000:40:01.1: AER: Corrected error received: 0000:41:00.0")
    out.append("[1203311.412215] nvidia 0000:41:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)")
    out.append("[1203311.412219] nvidia 0000:41:00.0:   device [10de:20b0] error status/mask=00000001/0000e000")
    out.append("[1203311.412222] nvidia 0000:41:00.0:    [ 0] RxErr")
    out.append("State: COMPLETED (exit code 0)")
    return "\n".join(out) + "\n"


def clamp01(x):
    return min(1.0, max(0.0, x))


def trl_grpo(r, total, every, f):
    """TRL GRPOTrainer log dicts as Trainer prints them; f(step) gives
    reward, frac (frac_reward_zero_std), clipped, length, entropy, kl and
    optionally loss."""
    out = ["GRPOConfig(beta=0.04, learning_rate=1e-06, num_generations=8, max_completion_length=1024, temperature=1.0)"]
    for s in range(every, total + 1, every):
        d = f(s)
        row = {"loss": round(d.get("loss", 0.002 + r.gauss(0, 0.004)), 4), "grad_norm": 0.12 + abs(r.gauss(0, 0.04)),
               "learning_rate": cosine(s, total, 1e-6, total // 20), "num_tokens": float(s * 65536),
               "completions/mean_length": d["length"], "completions/min_length": round(d["length"] / 4),
               "completions/max_length": 1024.0 if d["clipped"] > 0 else round(d["length"] * 2.2),
               "completions/clipped_ratio": d["clipped"],
               "rewards/accuracy_reward/mean": d["reward"], "rewards/accuracy_reward/std": 0.45,
               "reward": d["reward"], "reward_std": 0.38 * (1 - d["frac"]), "frac_reward_zero_std": d["frac"],
               "kl": d.get("kl", 0.001 * s / every), "entropy": d["entropy"],
               "clip_ratio/region_mean": 0.0, "epoch": round(s / total, 2)}
        out.append(hf(row))
    return out


def verl(r, total, f):
    """verl's console lines ('%.3f' for every metric) for steps 1..total."""
    out = []
    for s in range(1, total + 1):
        d = f(s)
        m = {"actor/entropy": d["entropy"], "actor/kl_loss": d.get("kl", 0.0005 * s), "actor/pg_loss": r.gauss(0, 0.01),
             "actor/grad_norm": 0.2 + abs(r.gauss(0, 0.05)), "actor/lr": 1e-6, "training/global_step": s,
             "critic/score/mean": d["reward"], "response_length/mean": d["length"],
             "response_length/clip_ratio": d["clipped"], "timing_s/step": 45 + r.gauss(0, 2)}
        out.append("(TaskRunner pid=51077) step:%d - " % s + " - ".join("%s:%.3f" % kv for kv in m.items()))
    return out


@near_miss("rl_no_signal", "trl_grpo_hard_prompts_learning.log")
def _(r):
    out = [note("TRL GRPO on hard math prompts: at first nine groups in ten fail every sample",
                "(frac_reward_zero_std 0.92), but the few that succeed teach, and the share of tied",
                "groups falls to ~0.45 as the reward climbs from 0.03 to 0.35.")]
    total = 600

    def f(s):
        x = s / total
        reward = clamp01(0.03 + 0.32 * (1 - math.exp(-x * 3)) + r.gauss(0, 0.02))
        return {"reward": reward, "frac": clamp01(0.93 - 0.5 * (1 - math.exp(-x * 3)) + r.gauss(0, 0.03)),
                "clipped": clamp01(0.02 + r.gauss(0, 0.01)), "length": 610 + r.gauss(0, 20),
                "entropy": 0.42 - 0.1 * x + r.gauss(0, 0.01)}
    out += trl_grpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("rl_no_signal", "trl_grpo_easy_data_near_ceiling.log")
def _(r):
    out = [note("TRL GRPO on prompts the model mostly solves: the reward climbs to ~0.92 and the",
                "share of groups that all succeed rises to ~0.8, yet one group in five still",
                "disagrees and teaches. The run is converging, not starved.")]
    total = 500

    def f(s):
        x = s / total
        reward = clamp01(0.62 + 0.3 * (1 - math.exp(-x * 4)) + r.gauss(0, 0.015))
        return {"reward": reward, "frac": clamp01(0.25 + 0.55 * (1 - math.exp(-x * 4)) + r.gauss(0, 0.03)),
                "clipped": 0.0, "length": 240 + r.gauss(0, 10), "entropy": 0.3 - 0.08 * x + r.gauss(0, 0.01)}
    out += trl_grpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("rl_no_signal", "trl_grpo_three_logs_one_untied.log")
def _(r):
    out = [note("Three logs of TRL GRPO on hard prompts: every group tied at the first two, but at",
                "the third an eighth of the groups disagree. Too few logs to call it starved when the",
                "last one already learns.")]
    fracs = {10: 1.0, 20: 1.0, 30: 0.875}
    out += trl_grpo(r, 30, 10, lambda s: {"reward": 0.0 if s < 30 else 0.04, "frac": fracs[s], "clipped": 0.01,
                                          "length": 640 + r.gauss(0, 10), "entropy": 0.45})
    return "\n".join(out) + "\n"


@near_miss("rl_no_signal", "verl_grpo_hard_start_some_zero_batches.log")
def _(r):
    out = [note("verl GRPO on hard prompts, 8 samples a prompt, 16 prompts a batch: in the first",
                "steps no sample of a batch is right and every advantage is 0; from step 9 on a",
                "few prompts have a winner, the advantages spread and the score climbs.")]
    for s in range(1, 61):
        score = 0.0 if s < 9 else min(0.6, 0.01 * (s - 8) + r.gauss(0, 0.01))
        spread = 0.0 if s < 9 else 0.6 + r.gauss(0, 0.05)
        out.append("(TaskRunner pid=2211) step:%d - actor/entropy:%.3f - actor/pg_loss:%.4f - actor/grad_norm:%.4f - "
                   "critic/score/mean:%.4f - critic/advantages/mean:0.0 - critic/advantages/max:%.4f - "
                   "critic/advantages/min:%.4f - response_length/mean:%.1f - response_length/clip_ratio:%.3f"
                   % (s, 0.9 - 0.004 * s, 0.0 if s < 9 else r.gauss(0, 0.02), 0.0 if s < 9 else 0.3 + r.gauss(0, 0.05),
                      max(0.0, score), 2.4 * spread, -1.1 * spread, 380 + r.gauss(0, 15), 0.02))
    return "\n".join(out) + "\n"


@near_miss("rl_reward_collapse", "mlagents_short_exploration_dip.log")
def _(r):
    out = [note("Five summaries of an ML-Agents run whose shaped reward dips while the agent explores:",
                "each summary a little lower than the one before, the last the lowest, yet the fall is",
                "under twice the first summary's size: too small to call a collapse from five logs.")]
    t = 0.0
    for step, reward in zip(range(10000, 60000, 10000), [2.1, 1.6, 0.4, -0.3, -1.2]):
        t += 61.3 + r.random()
        out.append("INFO:mlagents.trainers: Pyramids: Step: %d. Time Elapsed: %.3f s Mean Reward: %.3f. "
                   "Std of Reward: %.3f. Training." % (step, t, reward, 0.9 + r.random()))
    return "\n".join(out) + "\n"


@near_miss("rl_reward_collapse", "trl_grpo_peak_then_settle.log")
def _(r):
    out = [note("TRL GRPO with large batches (a smooth reward curve): the reward climbs from 0.2 to",
                "a peak of ~0.62 at 60% of the run and settles near 0.56 as the KL penalty pulls",
                "back. The fall is real, far beyond the noise, but a sixth of the gain given back",
                "is not a collapse.")]
    total = 800

    def f(s):
        x = s / total
        reward = 0.2 + 0.42 * min(1.0, x / 0.6) ** 0.7 - (0.07 * (x - 0.6) / 0.4 if x > 0.6 else 0.0)
        return {"reward": clamp01(reward + r.gauss(0, 0.004)), "frac": clamp01(0.3 + r.gauss(0, 0.04)),
                "clipped": 0.01, "length": 380 + r.gauss(0, 15), "entropy": 0.35 - 0.1 * x + r.gauss(0, 0.01),
                "kl": 0.02 + 0.05 * x}
    out += trl_grpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("rl_reward_collapse", "verl_grpo_flat_noisy_reward.log")
def _(r):
    out = [note("verl GRPO on a saturated task: the batch reward wanders around 0.45 with a per-step",
                "spread of 0.06 and a ten-step dip to 0.36 midway, then back: noise, not a collapse.")]
    total = 300

    def f(s):
        dip = -0.09 if 140 <= s < 150 else 0.0
        return {"reward": clamp01(0.45 + dip + r.gauss(0, 0.06)), "clipped": 0.01 + abs(r.gauss(0, 0.005)),
                "length": 520 + r.gauss(0, 25), "entropy": 0.31 + r.gauss(0, 0.01)}
    out += verl(r, total, f)
    return "\n".join(out) + "\n"


@near_miss("rl_reward_collapse", "verl_curriculum_stage_two_recovering.log")
def _(r):
    out = [note("verl GRPO with a two-stage curriculum: the reward climbs to 0.7 on easy prompts,",
                "drops to 0.3 when the hard stage starts at step 200, and climbs back to ~0.63 by",
                "the end. The drop is the data changing, and the run recovers.")]
    total = 400

    def f(s):
        if s < 200:
            reward = 0.2 + 0.5 * (1 - math.exp(-s / 50))
        else:
            reward = 0.3 + 0.35 * (1 - math.exp(-(s - 200) / 60))
        return {"reward": clamp01(reward + r.gauss(0, 0.03)), "clipped": 0.02 + abs(r.gauss(0, 0.01)),
                "length": 700 + (300 if s >= 200 else 0) + r.gauss(0, 30), "entropy": 0.33 + r.gauss(0, 0.01)}
    out += verl(r, total, f)
    return "\n".join(out) + "\n"


@near_miss("rl_reference_mismatch", "vae_latent_kl_falls.log")
def _(r):
    out = [note("A convolutional VAE on MNIST: its KL is the latent code's distance from the",
                "prior, tens of nats at the first batches, falling as the encoder learns; beside",
                "it, the reconstruction loss. No policy, no reference model.")]
    for step in range(0, 6000, 200):
        kl = 25.0 + 40.0 * math.exp(-step / 900.0) + r.gauss(0, 0.6)
        recon = 75.0 + 140.0 * math.exp(-step / 600.0) + r.gauss(0, 1.0)
        out.append("step %5d  loss: %.3f  recon: %.3f  kl: %.3f" % (step, recon + kl, recon, kl))
    return "\n".join(out) + "\n"


@near_miss("rl_reference_mismatch", "trl_grpo_resumed_at_step_1200.log")
def _(r):
    out = [note("TRL GRPO resumed from its checkpoint at step 1200 after a preemption: the KL to",
                "the reference had grown to 1.6 over the first 1200 steps, and the resumed log",
                "starts there. The policy drifted, by design, from a reference it began as.")]
    out.append("***** Running training *****")
    out.append("  Continuing training from checkpoint, will skip to saved global_step")
    out.append("  Continuing training from global step 1200")
    for s in range(1210, 1601, 10):
        d = {"loss": round(0.04 * (1.6 + 0.001 * (s - 1200)) + r.gauss(0, 0.004), 4),
             "grad_norm": 0.3 + abs(r.gauss(0, 0.05)), "learning_rate": linear(s, 1600, 1e-6, 10),
             "reward": 0.78 + 0.0001 * (s - 1200) + r.gauss(0, 0.03), "reward_std": 0.3 + r.gauss(0, 0.03),
             "frac_reward_zero_std": max(0.0, 0.1 + r.gauss(0, 0.03)),
             "kl": (1.6 + 0.001 * (s - 1200)) * (1 + r.gauss(0, 0.05)), "epoch": round(s / 1600, 3)}
        out.append(bar(s, 1600, s * 14.2, 14.2) + hf(d))
    return "\n".join(out) + "\n"


@near_miss("rl_reference_mismatch", "trl_ppo_sequence_kl_grows.log")
def _(r):
    out = [note("TRL's PPOTrainer logs objective/kl summed over a completion's tokens: 4 at its",
                "first log, ten updates in, then growing to 9 as the policy moves away from the",
                "reference it started as, while the score rises. No mismatch: the KL grows.")]
    for ep in range(1, 41):
        kl = 3.9 + 0.12 * ep + r.gauss(0, 0.3)
        score = 1.5 + 0.02 * ep + r.gauss(0, 0.2)
        d = {"eps": ep, "objective/kl": kl, "objective/entropy": 110 - 0.3 * ep + r.gauss(0, 2),
             "objective/non_score_reward": -0.05 * kl, "objective/rlhf_reward": score - 0.05 * kl,
             "objective/scores": score, "policy/approxkl_avg": 0.0025 + r.gauss(0, 0.0002),
             "policy/clipfrac_avg": 0.009 + r.gauss(0, 0.001), "loss/policy_avg": r.gauss(-0.01, 0.005),
             "loss/value_avg": 0.3 * math.exp(-ep / 15) + 0.05, "lr": 3e-6, "episode": ep * 640,
             "epoch": round(ep / 40, 3)}
        out.append(hf(d))
    return "\n".join(out) + "\n"


@near_miss("rl_completions_truncated", "trl_grpo_learns_to_stop.log")
def _(r):
    out = [note("TRL GRPO from a base model that rambles: 45% of the first completions hit the",
                "1024-token cap, but the model learns to finish, and by the end 3% are cut while",
                "the mean length falls from 900 to 420 tokens.")]
    total = 600

    def f(s):
        x = s / total
        return {"reward": clamp01(0.1 + 0.4 * (1 - math.exp(-x * 4)) + r.gauss(0, 0.02)),
                "frac": clamp01(0.5 - 0.2 * x + r.gauss(0, 0.03)),
                "clipped": clamp01(0.03 + 0.42 * math.exp(-x * 6) + r.gauss(0, 0.01)),
                "length": 420 + 480 * math.exp(-x * 5) + r.gauss(0, 15), "entropy": 0.5 - 0.15 * x + r.gauss(0, 0.01)}
    out += trl_grpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("rl_completions_truncated", "verl_long_cot_some_cut.log")
def _(r):
    out = [note("verl GRPO that grows its reasoning: the mean response length climbs from 600 to",
                "1400 tokens of an 8k budget, and 8-15% of responses are cut at the cap throughout:",
                "some loss to truncation, but far from one in five.")]
    total = 300

    def f(s):
        x = s / total
        return {"reward": clamp01(0.35 + 0.2 * x + r.gauss(0, 0.03)), "clipped": clamp01(0.08 + 0.05 * x + r.gauss(0, 0.015)),
                "length": 600 + 800 * x + r.gauss(0, 40), "entropy": 0.36 + r.gauss(0, 0.01)}
    out += verl(r, total, f)
    return "\n".join(out) + "\n"


@near_miss("rl_entropy_collapse", "sb2_ppo2_converged_still_updating.log")
def _(r):
    out = [note("Stable Baselines' PPO2 on a small discrete task near its end: the policy is",
                "almost sure of its actions (its entropy under a thousandth of a nat), but each",
                "update still moves it a little (a KL of a few millionths, never exactly zero),",
                "and the return sits at the task's cap.")]
    keys = ["approxkl", "clipfrac", "ep_reward_mean", "explained_variance", "fps", "nupdates",
            "policy_entropy", "policy_loss", "serial_timesteps", "time_elapsed", "total_timesteps", "value_loss"]
    for k in range(1, 6):
        ent = 0.69 * 0.2 ** k if k < 5 else 0.00041
        vals = ["%.4g" % (2e-6 * (1 + r.random())), "0.0", "%.1f" % min(500.0, 120.0 * k),
                "%.3f" % (0.9 + 0.01 * r.random()), "%d" % (1400 + r.randint(0, 90)), "%d" % (100 * k),
                "%.3g" % ent, "%.3g" % (-1e-4 * r.random()), "%d" % (12800 * k), "%.3g" % (9.1 * k),
                "%d" % (12800 * k), "%.4g" % (0.01 * r.random())]
        out.append("-" * 37)
        for key, v in zip(keys, vals):
            out.append("| %-18s | %-12s |" % (key, v))
        out.append("-" * 37)
    return "\n".join(out) + "\n"


@near_miss("rl_entropy_collapse", "trl_grpo_entropy_eases.log")
def _(r):
    out = [note("TRL GRPO on a saturated task: the reward stays near 0.55 while the policy's token",
                "entropy eases from 0.85 to ~0.11 over 400 steps. It has sharpened a lot, but",
                "it still samples: a tenth of a nat a token is not yet a collapse.")]
    total = 400

    def f(s):
        x = s / total
        return {"reward": clamp01(0.55 + r.gauss(0, 0.02)), "frac": clamp01(0.35 + r.gauss(0, 0.03)),
                "clipped": 0.01, "length": 480 + r.gauss(0, 12), "entropy": 0.108 + 0.75 * math.exp(-x * 5) + r.gauss(0, 0.003)}
    out += trl_grpo(r, total, 10, f)
    return "\n".join(out) + "\n"


@near_miss("rl_entropy_collapse", "verl_grpo_converges_low_entropy.log")
def _(r):
    out = [note("verl GRPO on arithmetic the model learns to solve: the score climbs from 0.2 to",
                "~0.85 and, as it does, the token entropy falls from 0.9 to ~0.05. A policy that",
                "is right and sure of it, not one that stopped exploring before it learnt.")]
    total = 300

    def f(s):
        x = s / total
        return {"reward": clamp01(0.2 + 0.65 * (1 - math.exp(-x * 5)) + r.gauss(0, 0.02)), "clipped": 0.01,
                "length": 300 - 120 * x + r.gauss(0, 8), "entropy": max(0.0, 0.05 + 0.85 * math.exp(-x * 6) + r.gauss(0, 0.005))}
    out += verl(r, total, f)
    return "\n".join(out) + "\n"


@near_miss("rl_entropy_collapse", "verl_late_window_sure_policy.log")
def _(r):
    out = [note("The last 30 steps of a long verl GRPO run on arithmetic it has learnt: the",
                "score sits at ~0.85 and the token entropy at 0.02-0.04, low because the policy is",
                "sure of answers that are right. Low, but not one completion per prompt.")]

    def f(s):
        return {"reward": clamp01(0.85 + r.gauss(0, 0.02)), "clipped": 0.01, "length": 180 + r.gauss(0, 6),
                "entropy": 0.03 + r.uniform(-0.01, 0.01), "kl": 0.12 + r.gauss(0, 0.005)}
    out += [line.replace("step:%d " % s, "step:%d " % (s + 470), 1) for s, line in enumerate(verl(r, 30, f), 1)]
    return "\n".join(out) + "\n"


@near_miss("rl_entropy_collapse", "ppo_continuous_entropy_negative.log")
def _(r):
    out = [note("PPO on a continuous-control task (a Gaussian policy): the entropy the script",
                "prints is the policy's differential entropy, which falls from 1.4 through 0 to -1.1",
                "as the action noise shrinks while the return holds near -150. Below 0 it says",
                "nothing of collapse.")]
    for u in range(1, 301):
        x = u / 300
        ret = -150 + r.gauss(0, 12)
        ent = 1.42 - 2.5 * x + r.gauss(0, 0.02)
        out.append("update %d/300 | global_step %d | episodic_return %.1f | policy_loss %.4f | value_loss %.2f | entropy %.4f | approx_kl %.5f"
                   % (u, u * 2048, ret, r.gauss(-0.005, 0.004), 40 + r.gauss(0, 4), ent, abs(r.gauss(0.008, 0.003))))
    return "\n".join(out) + "\n"


@near_miss("loss_spike", "trl_grpo_loss_jumps_with_advantages.log")
def _(r):
    out = [note("TRL GRPO: the logged loss is the policy-gradient surrogate, centred on 0, and",
                "jumps to 20x its typical size on six batches whose advantages line up; the",
                "reward climbs steadily. Not a loss spike in the pre-training sense.")]
    total = 600

    def f(s):
        x = s / total
        loss = r.gauss(0, 0.003) + (0.06 if s in (60, 180, 250, 330, 410, 520) else 0.0)
        return {"loss": loss, "reward": clamp01(0.2 + 0.4 * x + r.gauss(0, 0.02)), "frac": clamp01(0.3 + r.gauss(0, 0.04)),
                "clipped": 0.01, "length": 350 + r.gauss(0, 12), "entropy": 0.4 - 0.1 * x + r.gauss(0, 0.01)}
    out += trl_grpo(r, total, 10, f)
    return "\n".join(out) + "\n"



@near_miss("memory_growth", "mmengine_memory_settles_after_first_eval.log")
def _(r):
    out = [note("MMEngine detector training: the peak memory it prints (MiB) climbs while the",
                "allocator warms up, jumps once when the first validation allocates its buffers,",
                "and stays there for the remaining eleven epochs. It grew, then settled: no leak.")]
    t, peak = 0.0, 3100.0
    for ep in range(1, 13):
        for it in range(50, 501, 50):
            k = (ep - 1) * 500 + it
            peak = max(peak, 3900 - 800 * math.exp(-k / 60.0) + r.gauss(0, 5))
            if ep > 1:
                peak = max(peak, 4900 + r.gauss(0, 3))
            loss = 0.9 + 1.2 * math.exp(-k / 1500.0) + r.gauss(0, 0.03)
            t += 50 * 0.43
            out.append("%s - mmengine - INFO - Epoch(train)  [%d][%3d/500]  lr: 2.0000e-02  eta: 0:41:12  time: %.4f  "
                       "data_time: %.4f  memory: %d  grad_norm: %.4f  loss: %.4f"
                       % (ts((2024, 5, 1, 10, 0, 0), t, "%Y/%m/%d %H:%M:%S"), ep, it, 0.43 + r.gauss(0, 0.01),
                          0.012 + abs(r.gauss(0, 0.002)), int(peak), 4.0 + r.gauss(0, 0.3), loss))
        out.append("%s - mmengine - INFO - Epoch(val) [%d][125/125]    coco/bbox_mAP: %.4f"
                   % (ts((2024, 5, 1, 10, 0, 0), t + 40, "%Y/%m/%d %H:%M:%S"), ep, 0.3 + 0.1 * (1 - math.exp(-ep / 3.0))))
    return "\n".join(out) + "\n"


@near_miss("memory_growth", "metriclogger_peak_memory_new_records.log")
def _(r):
    out = [note("torchvision detection reference (MetricLogger): images of varying size, so the",
                "peak memory ('max mem', MiB) sets a new record whenever a larger batch than any",
                "before comes along; records grow rarer as the run goes on. A peak counter, not a leak.")]
    peak, t = 0.0, 0.0
    for ep in range(26):
        for it in range(0, 7330, 20):
            need = 2600 + 450 * max(r.expovariate(1.0), r.expovariate(1.0))  # two images a batch
            peak = max(peak, need)
            t += 20 * 0.35
            loss = 0.6 + 0.8 * math.exp(-(ep * 7330 + it) / 40000.0) + r.gauss(0, 0.05)
            out.append("Epoch: [%d]  [%4d/7330]  eta: 0:42:10  lr: 0.020000  loss: %.4f (%.4f)  time: %.4f  data: 0.0021  max mem: %d"
                       % (ep, it, loss, loss + 0.01, 0.35 + r.gauss(0, 0.02), int(peak)))
    return "\n".join(out) + "\n"


@near_miss("memory_growth", "deepspeed_memory_wobbles_with_batch_length.log")
def _(r):
    out = [note("DeepSpeed SFT with dynamic padding, after 200 steps on 512-token sequences at the",
                "start: the memory allocated at each report depends on the longest sequence in the",
                "batch, so it swings by a fifth from report to report around a steady level. It",
                "stepped up once with the sequence length, and wobbles; it does not grow.")]
    for step in range(10, 3001, 10):
        mem = (22.0 + 4.0 * r.random()) if step <= 200 else (38.0 + 8.0 * r.random())
        loss = 1.1 + 0.6 * math.exp(-step / 400.0) - 0.1 * step / 3000 + r.gauss(0, 0.04)
        out.append("[Rank 0] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=31.2, "
                   "CurrSamplesPerSec=%.1f, MemAllocated=%.2fGB, MaxMemAllocated=%.2fGB"
                   % (step * 4, step, 31 + r.gauss(0, 1), mem, 47.9))
        out.append("step=%d loss=%.4f" % (step, loss))
    return "\n".join(out) + "\n"


@near_miss("memory_growth", "epoch_sawtooth_metric_buffers.log")
def _(r):
    out = [note("Four epochs; each keeps its predictions (detached, on the host) for the epoch's",
                "metrics and frees them when the epoch ends. Resident memory climbs within each",
                "epoch and falls back at its end: a sawtooth, the same every epoch.")]
    per = 500
    for ep in range(4):
        for i in range(10, per + 1, 10):
            step = ep * per + i
            mem = 10.0 + 4.0 * i / per + r.gauss(0, 0.03)
            loss = 0.5 + 1.5 * math.exp(-step / 500.0) + r.gauss(0, 0.03)
            out.append("epoch %d step %d loss=%.4f lr=0.0003 mem=%.2fGB" % (ep, step, loss, mem))
        out.append("epoch %d done: val_loss=%.4f" % (ep, 0.55 + 1.2 * math.exp(-ep / 2.0)))
    return "\n".join(out) + "\n"


@near_miss("memory_growth", "torchtune_reserved_memory_creeps.log")
def _(r):
    out = [note("torchtune LoRA fine-tune on unpacked, variable-length samples: the caching",
                "allocator keeps blocks of the sizes it meets, so the reserved peak creeps up by",
                "a tenth over the run: fragmentation, far from the card's limit. Not a leak.")]
    reserved = 14.1
    for step in range(1, 2001):
        reserved += 0.0017 * r.random()
        loss = 0.95 + 0.9 * math.exp(-step / 300.0) + r.gauss(0, 0.05)
        out.append("Step %d | loss:%.6f lr:2e-05 tokens_per_second_per_gpu:%.1f peak_memory_active:12.3 "
                   "peak_memory_alloc:12.3 peak_memory_reserved:%.2f" % (step, loss, 1234.5 + r.gauss(0, 20), reserved))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "keras_csvlogger_four_runs_appended.csv")
def _(r):
    # tf.keras' CSVLogger(append=True): four trainings of an image classifier written to one
    # training_log.csv, each from epoch 0, the third the best (0.81), the fourth a fresh model
    # still climbing when it stopped. No run's score fell; a later run starts below an earlier one's best.
    rows = ["epoch,accuracy,loss,lr,val_accuracy,val_loss"]
    for best, epochs in ((0.72, 6), (0.76, 6), (0.81, 8), (0.66, 4)):
        for ep in range(epochs):
            g = 1 - math.exp(-(ep + 1) / 2.5)
            acc = 0.45 + (best + 0.05 - 0.45) * g + r.gauss(0, 0.01)
            va = 0.40 + (best - 0.40) * g + r.gauss(0, 0.01)
            rows.append("%d,%.4f,%.4f,1e-04,%.4f,%.4f" % (ep, acc, 1.25 - 0.7 * g + r.gauss(0, 0.02), va,
                                                         1.10 - 0.6 * g + r.gauss(0, 0.02)))
    return "\n".join(rows) + "\n"


@near_miss("val_score_decline", "hf_accuracy_on_a_small_eval_set.log")
def _(r):
    out = [note("HF Trainer evaluated every 100 steps on a 50-example eval split: accuracy moves in",
                "steps of 0.02 and scatters by 0.07 around a level the run reached early. Its last",
                "evaluations sit below its luckiest ones, by no more than the scatter.")]
    out.append("***** Running training *****")
    out.append("  Num examples = 8,000")
    out.append("  Total optimization steps = 3,000")
    for s in range(10, 3001, 10):
        out.append(hf({"loss": round(0.62 + 0.5 * math.exp(-s / 300.0) + r.gauss(0, 0.05), 4),
                       "grad_norm": round(3.0 + r.gauss(0, 0.4), 4), "learning_rate": linear(s, 3000, 2e-5, 100),
                       "epoch": round(s / 250.0, 2)}))
        if s % 100 == 0:
            p = 0.6 + 0.08 * (1 - math.exp(-s / 300.0))
            correct = sum(r.random() < p for _ in range(50))
            out.append(hf({"eval_loss": round(0.9 - 0.1 * (1 - math.exp(-s / 300.0)) + r.gauss(0, 0.03), 4),
                           "eval_accuracy": correct / 50, "eval_runtime": 1.2, "eval_samples_per_second": 41.7,
                           "eval_steps_per_second": 5.2, "epoch": round(s / 250.0, 2)}))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "keras_f1_slips_while_val_loss_falls.csv")
def _(r):
    out = ["epoch,f1_score,accuracy,loss,val_f1_score,val_accuracy,val_loss"]
    for e in range(48):
        vl = 0.7 + 7.3 * math.exp(-e / 9.0) + r.gauss(0, 0.01)
        vf = 1.0 + 0.03 * math.sin(e / 4.0) - (0.0012 * (e - 16) if e > 16 else 0) + r.gauss(0, 0.008)
        out.append("%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f" % (e, 1.05 - 0.002 * e, 0.89 + 0.002 * e, 7.2 * math.exp(-e / 8.0) + 0.3,
                                                       vf, 0.77 + 0.08 * (1 - math.exp(-e / 12.0)), vl))
    sidecar = ("tf.keras CSVLogger of a classifier with a custom F1 metric (it reads above 1): the validation\n"
               "F1 slips a few percent over the last two thirds while the validation loss keeps falling\n"
               "and the validation accuracy keeps rising. The score's wobble, not a model getting worse.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("val_score_decline", "ctr_two_evals_auc_slips.log")
def _(r):
    out = [note("A CTR model evaluated twice in its first epoch: the validation AUC slips from",
                "0.8031 to 0.7968 while the logloss falls, a wobble of a point on a fixed set,",
                "nowhere near a coin's 0.5.")]
    step = 0
    for auc in (0.8031, 0.7968):
        for _k in range(6):
            step += 100
            out.append("  epoch 0 step %d lr 0.001 logloss %.6f gN %.2f" %
                       (step, 0.44 + 0.08 * math.exp(-step / 900) + r.gauss(0, 0.001), 0.2 + 0.3 * math.exp(-step / 400)))
        out.append("# Eval time %.2fs Eval AUC %.6f. Best AUC 0.803100." % (340 + r.uniform(0, 20), auc))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "three_evals_small_set_dip.log")
def _(r):
    out = [note("Three evaluations of a fine-tuned classifier on 60 held-out examples: 0.80, 0.85,",
                "then 0.72. The last is the lowest, 15% under the best: a small set's scatter, not",
                "a collapse to guessing.")]
    for ep, acc in enumerate([0.8, 0.85, 0.72], 1):
        for k in range(4):
            out.append(hf({"loss": round(0.55 - 0.1 * ep + r.gauss(0, 0.03), 4), "learning_rate": 3e-5,
                           "epoch": round(ep - 1 + (k + 1) / 4, 2)}))
        out.append(hf({"eval_loss": round(0.5 + r.gauss(0, 0.02), 4), "eval_accuracy": acc, "eval_runtime": 1.1,
                       "epoch": float(ep)}))
    return "\n".join(out) + "\n"


@near_miss("loss_term_zero", "yolox_l1_loss_off_before_no_aug_epochs.log")
def _(r):
    out = [note("YOLOX in its first epochs: it adds its L1 box loss only for the last epochs",
                "without mosaic augmentation, so l1_loss is 0.0 until then while the IoU box loss,",
                "computed on the same matched boxes, falls. A term switched off by the schedule.")]
    total, it = 15.0, 0
    for epoch in range(1, 4):
        for i in range(10, 201, 10):
            it += 10
            iou = 4.2 * 0.996 ** it + r.gauss(0, 0.05)
            conf = 6.0 * 0.995 ** it + r.gauss(0, 0.08)
            cls = 3.1 * 0.996 ** it + r.gauss(0, 0.04)
            total = iou + conf + cls
            out.append("2021-08-24 10:%02d:%02d | INFO     | yolox.core.trainer:237 - epoch: %d/300, iter: %d/200, "
                       "mem: 7420Mb, iter_time: %.3fs, data_time: 0.004s, total_loss: %.1f, iou_loss: %.1f, "
                       "l1_loss: 0.0, conf_loss: %.1f, cls_loss: %.1f, lr: %.3e, size: 640, ETA: 1 day, 2:%02d:11"
                       % (it // 60 % 60, it % 60, epoch, i, 0.52 + r.random() * 0.05, total, iou, conf, cls,
                          1e-2 * min(1.0, it / 600.0), 59 - it // 20 % 60))
    return "\n".join(out) + "\n"


@near_miss("loss_term_zero", "yolov5_v7_console_one_class_map_rises.log")
def _(r):
    out = [note("YOLOv5 v7.0's console on a one-class dataset, twelve epochs, with no word of the",
                "class count: cls_loss is exactly 0 (nothing to classify) while the box and",
                "objectness losses fall and mAP50-95 climbs from 0.15 to 0.6.")]
    for epoch in range(12):
        out.append("")
        out.append("      Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size")
        box = 0.1 * 0.9 ** epoch + r.gauss(0, 0.0005)
        obj = 0.05 * 0.92 ** epoch + r.gauss(0, 0.0003)
        out.append("      %d/11      3.72G    %.5f    %.5f          0        %d        640: 100%%|##########| "
                   "120/120 [00:30<00:00,  3.95it/s]" % (epoch, box, obj, 190 + r.randrange(30)))
        out.append("                 Class     Images  Instances          P          R      mAP50   mAP50-95: "
                   "100%|##########| 10/10 [00:02<00:00,  4.5it/s]")
        m = 0.6 - 0.45 * 0.8 ** epoch
        out.append("                   all        300       1350      %.3f      %.3f      %.3f      %.3f"
                   % (m + 0.25, m + 0.2, m + 0.15, m))
    return "\n".join(out) + "\n"


@near_miss("loss_term_zero", "yolov5_single_class_cls_zero.log")
def _(r):
    out = [note("YOLOv5 trained on a single class (one kind of object), its first eight epochs:",
                "with one class there is nothing to classify, so the cls column is exactly 0,",
                "while the box and objectness losses fall and mAP starts to climb.")]
    out.append("$ python train.py --single-cls --img 640 --batch 16 --epochs 100 --data starfish.yaml --weights yolov5s.pt")
    out.append("Overriding model.yaml nc=80 with nc=1")
    for epoch in range(8):
        out.append("     Epoch   gpu_mem       box       obj       cls    labels  img_size")
        box = 0.09 * 0.93 ** epoch + r.gauss(0, 0.001)
        obj = 0.035 * 0.95 ** epoch + r.gauss(0, 0.0005)
        out.append("     %d/99     3.21G   %.5f   %.5f         0        %d       640: 100%%|##########| 98/98 "
                   "[00:41<00:00,  2.38it/s]" % (epoch, box, obj, 20 + epoch))
        out.append("               Class     Images     Labels          P          R     mAP@.5 mAP@.5:.95: "
                   "100%|##########| 7/7 [00:03<00:00,  2.10it/s]")
        m = 0.004 * (epoch + 1)
        out.append("                 all        200        731     %.4f     %.4f     %.4f     %.4f"
                   % (0.05 + 0.03 * epoch, 0.02 + 0.02 * epoch, 2.2 * m, m))
    return "\n".join(out) + "\n"


@near_miss("loss_term_zero", "vae_kl_warmup_starts_at_zero.log")
def _(r):
    out = [note("A VAE whose KL term is weighted by a warm-up that starts at 0: the weighted KL",
                "prints as 0 for the first epochs, then grows with its weight. A term that is 0",
                "only at the start is switched on later, not starved.")]
    for ep in range(1, 31):
        beta = min(1.0, max(0.0, (ep - 4) / 10.0))
        rec = 120.0 * math.exp(-ep / 10.0) + 40 + r.gauss(0, 0.5)
        kl = beta * (8 + r.gauss(0, 0.2))
        out.append("epoch %d  recon_loss %.4g  kl_loss %.4g  loss %.4g" % (ep, rec, kl, rec + kl))
    return "\n".join(out) + "\n"


@near_miss("loss_term_zero", "detector_small_box_loss.log")
def _(r):
    out = [note("A detector near convergence on an easy set: its box loss is small, 0.0004 and",
                "below, but never exactly 0, and its mAP climbs.")]
    for ep in range(1, 21):
        out.append("Epoch %d/20  box_loss %.4g  obj_loss %.4g  mAP@.5:.95 %.4g" %
                   (ep, 0.004 * math.exp(-ep / 5.0) + 0.0001 + abs(r.gauss(0, 0.00002)),
                    0.3 * math.exp(-ep / 6.0) + 0.02, 0.6 * (1 - math.exp(-ep / 5.0))))
    return "\n".join(out) + "\n"


@near_miss("loss_term_zero", "aux_term_rounds_to_zero_at_four_decimals.log")
def _(r):
    out = [note("A small auxiliary term printed at four decimals: 0.0000 at every log is a",
                "print's rounding of a term below 5e-5, not a term that is exactly 0 (six",
                "decimals and more would say that).")]
    for step in range(50, 1050, 50):
        main = 2.5 * math.exp(-step / 400.0) + 0.8 + r.gauss(0, 0.02)
        aux = 0.00002 * (1 + r.random())
        out.append("step %d | ce_loss %.4f | aux_loss %.4f | loss %.4f" % (step, main, aux, main + aux))
    return "\n".join(out) + "\n"


@near_miss("loss_term_zero", "dschat_ppo_no_unsupervised_data.log")
def _(r):
    out = [note("DeepSpeed-Chat step 3 (PPO) without an unsupervised dataset, the default: the",
                "pretraining-mix term unsuper_loss is 0.0 at every step by design while the actor",
                "and critic losses move and the reward climbs.")]
    for step in range(0, 60):
        reward = -0.7 + 5.0 * (1 - math.exp(-step / 25.0)) + r.gauss(0, 0.2)
        out.append("epoch: 0|step: %d|ppo_ep: 1|act_loss: %r|cri_loss: %r|unsuper_loss: 0.0" %
                   (step, round(r.gauss(0, 0.15), 6), round(abs(r.gauss(0.1, 0.05)), 6)))
        out.append("average reward score: %r" % round(reward, 6))
        out.append("-------------------------------------------------------------------------------------")
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "swav_running_average_settled.log")
def _(r):
    out = [note("Late in a SwAV epoch the printed loss is the epoch's running average over",
                "thousands of batches: it holds to a hundredth of a percent from one print to the",
                "next, at 4.1727, where the model is learning. No ln K of any head size.")]
    for i, it in enumerate(range(2000, 2351, 50)):
        avg = 4.1727 - 0.00001 * i
        out.append("INFO - 03/02/24 12:%02d:%02d - 1:%02d:%02d - Epoch: [41][%d]\tTime %.3f (0.905)\tData 0.000 (0.010)"
                   "\tLoss %.4f (%.4f)\tLr: %.4f" % (i, 12 + i, i, 10 + i, it, 0.89 + r.uniform(0, 0.02),
                                                   avg + r.uniform(-0.0003, 0.0003), avg, 3.6 - 0.0006 * it))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "four_way_choice_learning_five_epochs.log")
def _(r):
    out = [note("Five epochs of a four-way multiple-choice model: the loss starts at ln 4 and",
                "falls below it, and the accuracy climbs to a third, past a quarter. Early, but",
                "learning.")]
    for ep in range(5):
        out.append("TRAIN EPOCH %2d:" % ep)
        out.append("loss             %.6f" % (1.3863 - 0.03 * ep + r.gauss(0, 0.002)))
        out.append("accuracy         %.6f" % (0.25 + 0.022 * ep + r.gauss(0, 0.002)))
    return "\n".join(out) + "\n"


@near_miss("gan_discriminator_wins", "studiogan_discriminator_low_between_wins.log")
def _(r):
    out = [note("Ten logs of a GAN whose discriminator's loss runs low, 0.004 to 0.05, while the",
                "generator still gets batches past it now and then: low, not pinned at 0.")]
    for k in range(1, 11):
        d = 0.004 + 0.046 * (k % 3 == 0) + abs(r.gauss(0, 0.002))
        out.append("[INFO] 2021-11-28 11:%02d:00 > Step: %6d Progress: %.1f%% Elapsed: 0:%02d:00 Gen_loss: %.4f "
                   "Dis_loss: %.4f Cls_loss: N/A" % (k, 100 * k, 0.1 * k, k, 4 + r.gauss(0, 0.4), d))
    return "\n".join(out) + "\n"


@near_miss("loss_plateau", "keras_converged_loss_repeats_at_four_decimals.log")
def _(r):
    out = [note("A Keras classifier on an easy task: its loss reaches 0.0012 and prints the same",
                "four decimals at its last epochs. Rounding, not a model that stopped changing: at",
                "two significant digits a loss that still moves prints alike.")]
    for e in range(1, 9):
        out.append("Epoch %d/8" % e)
        out.append("469/469 [==============================] - 2s 4ms/step - loss: %.4f - accuracy: %.4f"
                   % (max(0.0012, 0.35 * math.exp(-2 * e)), min(0.9998, 0.9 + 0.03 * e)))
    return "\n".join(out) + "\n"


@near_miss("exploding_gradients", "megatron_init_norm_falls.log")
def _(r):
    out = [note("A Megatron pre-training run from scratch: the gradient norm is largest at its",
                "first iterations, as an initialisation's is, and falls to a fraction as the loss",
                "falls. No burst after the start.")]
    for it in range(1, 16):
        gn = 450.0 * math.exp(-it / 1.5) + 0.3 + abs(r.gauss(0, 0.02))
        loss = 11.0 * math.exp(-it / 20.0) + r.gauss(0, 0.02)
        out.append(" iteration %8d/  500000 | consumed samples:     %d | elapsed time per iteration (ms): %.1f | "
                   "learning rate: %.3E | global batch size:   512 | lm loss: %.6E | grad norm: %.3f | "
                   "number of skipped iterations:   0 | number of nan iterations:   0 |"
                   % (it, 512 * it, 1200 + r.gauss(0, 10), 1e-6 * it, loss, gn))
    return "\n".join(out) + "\n"


@near_miss("rl_reward_collapse", "rsl_rl_early_bump_first_fifth.log")
def _(r):
    out = [note("The first 16 of 150 iterations of a legged robot's PPO run (rsl_rl): the reward",
                "climbs from 0.4 to 1.4 and falls back to 0.5 while the policy finds its feet. Too",
                "early in a run that says how long it is to call a collapse.")]
    for it in range(1, 17):
        rew = 0.4 + 1.0 * math.exp(-((it - 6) / 2.5) ** 2) + 0.1 * it / 16 + r.gauss(0, 0.02)
        out.append("#" * 80)
        out.append("                        Learning iteration %d/150" % it)
        out.append("")
        out.append("            Computation: %d steps/s (collection: 0.381s, learning 0.138s)" % (189000 + 500 * it))
        out.append("            Value function loss: %.4f" % (0.005 + r.gauss(0, 0.0005)))
        out.append("                 Surrogate loss: %.4f" % r.gauss(0, 0.004))
        out.append("          Mean action noise std: 1.00")
        out.append("              Mean total reward: %.2f" % rew)
        out.append("            Mean episode length: %.2f" % (40 + 5 * it + r.gauss(0, 2)))
        out.append("-" * 80)
        out.append("                Total timesteps: %d" % (98304 * it))
        out.append("                 Iteration time: 0.52s")
        out.append("                     Total time: %.2fs" % (0.52 * it))
        out.append("                            ETA: %.1fs" % (0.52 * (150 - it)))
        out.append("")
    return "\n".join(out) + "\n"


@near_miss("input_ran_out", "keras_dataset_repeats.log")
def _(r):
    out = [note("A Keras fit with steps_per_epoch over a dataset built with .repeat(): every",
                "epoch trains its full count of batches, and no warning is printed. The config",
                "line names the pipeline's repeat().")]
    out.append("dataset = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(4000).batch(64).repeat()")
    for e in range(1, 11):
        out.append("Epoch %d/10" % e)
        out.append("62/62 [==============================] - 1s 9ms/step - loss: %.4f - accuracy: %.4f - "
                   "val_loss: %.4f - val_accuracy: %.4f" % (1.9 * math.exp(-e / 3) + 0.2 + r.gauss(0, 0.01),
                                                          0.5 + 0.04 * e, 1.3 * math.exp(-e / 3) + 0.45, 0.6 + 0.02 * e))
    return "\n".join(out) + "\n"


@near_miss("ppo_update_too_large", "sb3_ppo_kl_within_target.log")
def _(r):
    out = [note("Stable-Baselines3 PPO on a control task with its defaults: approx_kl runs at",
                "0.005-0.03, once 0.08 on a hard rollout, as PPO's clipping keeps it.")]
    for it in range(1, 31):
        kl = 0.08 if it == 17 else 0.01 + 0.01 * math.sin(it / 3.0) ** 2 + abs(r.gauss(0, 0.003))
        rows = [("rollout/", ""), ("ep_len_mean", "200"), ("ep_rew_mean", "%.1f" % (-1200 + 35 * it + r.gauss(0, 20))),
                ("time/", ""), ("iterations", str(it)), ("total_timesteps", str(2048 * it))]
        if it > 1:
            rows += [("train/", ""), ("approx_kl", "%.6f" % kl), ("clip_fraction", "%.3f" % (0.05 + 2 * kl)),
                     ("clip_range", "0.2"), ("learning_rate", "0.0003"), ("value_loss", "%.1f" % (500 / it))]
        out.append("-" * 40)
        for k, v in rows:
            out.append("| %-22s | %-12s|" % (k if k.endswith("/") else "   " + k, v))
        out.append("-" * 40)
    return "\n".join(out) + "\n"


@near_miss("auc_at_chance", "lightgbm_auc_at_half_then_learns.log")
def _(r):
    # LightGBM's first rounds on a hard task score 0.50 to two digits, then the trees find the signal:
    # chance for a while, not throughout.
    aucs = (0.5001, 0.5004, 0.5012, 0.5093, 0.5521, 0.6187, 0.6712, 0.7034, 0.7188)
    out = ["[LightGBM] [Info] Number of positive: 4312, number of negative: 95688"]
    for k, auc in enumerate(aucs, 1):
        out.append("[%d]\ttraining's auc: %.6f\tvalid_1's auc: %.6f" % (k, min(0.99, auc + 0.05 * k), auc))
    return "\n".join(out) + "\n"


@near_miss("auc_at_chance", "weak_ranker_learns_slowly.log")
def _(r):
    out = [note("A click model on a hard task: its validation AUC starts at chance and climbs",
                "slowly to about 0.6. A weak ranker, but one that learns: it leaves the band",
                "around 0.5 in its first third.")]
    for ep in range(1, 41):
        val_auc = 0.5 + 0.11 * (1 - math.exp(-ep / 8.0)) + r.gauss(0, 0.006)
        loss = 0.69 - 0.002 * ep + r.gauss(0, 0.001)
        out.append("Epoch: %03d, Loss: %.4f, Val Loss: %.4f, Val AUC: %.4f" %
                   (ep, loss, loss + 0.004 + r.gauss(0, 0.002), val_auc))
    return "\n".join(out) + "\n"


@near_miss("auc_at_chance", "keras_auc_few_evaluations.log")
def _(r):
    out = [note("Five epochs of a Keras binary classifier whose validation AUC hovers near 0.5:",
                "too few evaluations to call it chance.")]
    for ep in range(1, 6):
        out.append("Epoch %d/5" % ep)
        out.append("250/250 [==============================] - 2s 6ms/step - loss: %.4f - auc: %.4f - "
                   "val_loss: %.4f - val_auc: %.4f" % (0.69 - 0.002 * ep, 0.5 + 0.01 * ep, 0.693, 0.51 + r.gauss(0, 0.01)))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "whisper_wer_scatters_on_a_small_test_set.log")
def _(r):
    out = [note("A Whisper fine-tune evaluated every 500 steps on 100 utterances: the word error",
                "rate levels off early and its evaluations scatter around that level by about a",
                "point. Its last sit above its luckiest ones, by no more than the scatter.")]
    for s in range(25, 8001, 25):
        out.append(hf({"loss": round(0.25 + 1.2 * math.exp(-s / 800.0) + r.gauss(0, 0.03), 4),
                       "grad_norm": round(2.5 + r.gauss(0, 0.3), 4), "learning_rate": linear(s, 8000, 1e-5, 500),
                       "epoch": round(s / 1000.0, 2)}))
        if s % 500 == 0:
            wer = 18 + 20 * math.exp(-s / 700.0) + r.gauss(0, 1.0)
            out.append(hf({"eval_loss": round(0.42 + 0.3 * math.exp(-s / 700.0) + r.gauss(0, 0.01), 4),
                           "eval_wer": round(wer, 4), "eval_runtime": 95.3, "eval_samples_per_second": 1.05,
                           "epoch": round(s / 1000.0, 2)}))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "three_evals_wer_recovers.log")
def _(r):
    out = [note("Three evaluations of a speech fine-tune: the word error rate starts at 100 (the",
                "untrained decoder writes nothing right), falls to 41, then 35. Its worst is its",
                "first, not its last.")]
    for ep, wer in enumerate([100.0, 41.2, 35.3], 1):
        for k in range(4):
            out.append(hf({"loss": round(3.0 - 0.8 * ep + r.gauss(0, 0.05), 4), "learning_rate": 1e-4,
                           "epoch": round(ep - 1 + (k + 1) / 4, 2)}))
        out.append(hf({"eval_loss": round(2.6 - 0.6 * ep + r.gauss(0, 0.02), 4), "eval_wer": wer,
                       "eval_runtime": 60.2, "epoch": float(ep)}))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "yolo_map_settles_after_close_mosaic.log")
def _(r):
    out = [note("Ultralytics YOLOv8 for 60 epochs: mosaic augmentation stops for the last 10",
                "(close_mosaic=10), the training loss drops and validation mAP settles about 5%",
                "under its best: a small, known shift, not a collapse.")]
    head = "%11s%11s%11s%11s%11s%11s%11s" % ("Epoch", "GPU_mem", "box_loss", "cls_loss", "dfl_loss", "Instances", "Size")
    val = "%22s%11s%11s%11s%11s%11s%11s" % ("Class", "Images", "Instances", "Box(P", "R", "mAP50", "mAP50-95)")
    for ep in range(1, 61):
        late = ep > 50
        box = 1.1 + 0.5 * math.exp(-ep / 12.0) - (0.12 if late else 0) + r.gauss(0, 0.01)
        cls = 0.9 + 1.6 * math.exp(-ep / 10.0) - (0.1 if late else 0) + r.gauss(0, 0.01)
        dfl = 1.05 + 0.3 * math.exp(-ep / 12.0) - (0.03 if late else 0) + r.gauss(0, 0.005)
        out.append("")
        out.append(head)
        out.append("%11s%11s%11.4g%11.4g%11.4g%11d%11d: 100%%|##########| 120/120 [00:41<00:00,  2.91it/s]"
                   % ("%d/60" % ep, "3.71G", box, cls, dfl, 40 + r.randint(0, 30), 640))
        m = 0.46 * (1 - math.exp(-ep / 9.0)) * (0.945 if late else 1.0) + r.gauss(0, 0.003)
        out.append(val + ": 100%|##########| 8/8 [00:03<00:00,  2.40it/s]")
        out.append("%22s%11d%11d%11.3g%11.3g%11.3g%11.3g" % ("all", 500, 3712, 0.71 + r.gauss(0, 0.01),
                                                              0.62 + r.gauss(0, 0.01), m * 1.45, m))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "marian_bleu_dips_during_rewarmup.log")
def _(r):
    out = [note("Marian NMT resumed with a fresh learning-rate warm-up: BLEU on the dev set dips",
                "for a few validations while the rate climbs again, then recovers and ends at its",
                "best. It fell, but it did not stay down.")]
    t = 0
    for up in range(1000, 60001, 1000):
        t += 300
        stamp = ts((2024, 3, 1, 8, 0, 0), t, "[%Y-%m-%d %H:%M:%S]")
        cost = 2.2 + 2.0 * math.exp(-up / 8000.0) + r.gauss(0, 0.02)
        out.append("%s Ep. %d : Up. %d : Sen. %s : Cost %.8f * 1,234,567 after %s : Time %.2fs : %.2f words/s : L.r. 3.0000e-04"
                   % (stamp, 1 + up // 20000, up, "{:,}".format(up * 120), cost, "{:,}".format(up * 1234567),
                      300 + r.gauss(0, 3), 41000 + r.gauss(0, 300)))
        if up % 2000 == 0:
            bleu = 30.0 * (1 - math.exp(-up / 9000.0))
            if 30000 <= up <= 36000:
                bleu -= 4.0 * math.sin(math.pi * (up - 30000) / 6000.0)
            out.append("%s [valid] Ep. %d : Up. %d : bleu : %.4f : new best" % (stamp, 1 + up // 20000, up, bleu + r.gauss(0, 0.1)))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "stylegan_fid_wobbles_at_its_floor.log")
def _(r):
    out = [note("StyleGAN2-ADA (TensorFlow) on a mid-sized set: FID falls, then wobbles at its",
                "floor as the last snapshots trade a little quality for diversity; the last",
                "stands 6% above the luckiest one. A floor reached, not a climb back.")]
    tick, kimg = 0, 0.0
    for snap in range(0, 16):
        for _ in range(10):
            tick += 1
            kimg += 4.0
            out.append("tick %-5d kimg %-8.1f time 1d 06h %02dm   sec/tick %-7.1f sec/kimg %-7.2f maintenance %-6.1f gpumem %.1f   augment %.3f"
                       % (tick, kimg, tick % 60, 71.0 + r.gauss(0, 0.2), 17.35 + r.gauss(0, 0.02), 0.0, 8.9,
                          min(0.6, 0.02 * snap) + r.gauss(0, 0.002)))
        fid = 28.0 + 260.0 * math.exp(-snap / 1.6) + (0.9 * math.sin(snap * 1.7) if snap > 8 else 0) + r.gauss(0, 0.2)
        if snap == 15:
            fid = 29.9
        out.append("network-snapshot-%06d        time 4m 26s       fid50k_full %.4f" % (int(kimg), fid))
    return "\n".join(out) + "\n"


@near_miss("accuracy_stuck", "chainer_regression_error_named_accuracy.log")
def _(r):
    out = [note("chainer-chemistry's regression example: its 'accuracy' column is a mean absolute",
                "error of a few hundredths, falling with the loss from 0.032 to 0.028, a tenth of",
                "itself. Under half a point, yet no accuracy stuck at its level.")]
    out.append("epoch       main/loss   main/accuracy  validation/main/loss  validation/main/accuracy  elapsed_time")
    for e in range(1, 14):
        l = 0.54 + 0.2 * math.exp(-(e - 1) / 3.0) + r.gauss(0, 0.002)
        vl = 0.54 + 0.14 * math.exp(-(e - 1) / 3.5) + r.gauss(0, 0.004)
        out.append("%-11d %-11.6f %-14.7f %-21.6f %-25.7f %.3f" % (e, l, 0.028 + 0.0056 * math.exp(-(e - 1) / 3.0),
                                                                vl, 0.0282 + 0.0042 * math.exp(-(e - 1) / 3.5) + r.gauss(0, 0.0004),
                                                                55.2 * e + r.gauss(0, 1)))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "vae_kl_weight_annealed_both_rise.log")
def _(r):
    out = [note("A VAE whose KL weight beta is annealed from 0 to 1 over 40 epochs: the total",
                "training and validation losses bottom out at epoch 26 and then rise together, by the",
                "same few percent, as the KL term's weight grows. The gap between them does not.")]
    for ep in range(1, 101):
        beta = min(1.0, ep / 40.0)
        recon = 95.0 + 90.0 * math.exp(-ep / 6.0)
        kl = 12.0 + 3.0 * math.exp(-ep / 30.0)
        loss = recon + beta * kl
        val = loss * 1.03
        out.append("Epoch %d: loss %.3f val_loss %.3f" % (ep, loss + r.gauss(0, 0.15), val + r.gauss(0, 0.3)))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "nine_epochs_val_loss_wobbles_at_its_floor.log")
def _(r):
    out = [note("A Keras classifier's validation loss reaches its floor by the fourth of nine epochs,",
                "then wobbles a few percent around it on a small validation set; the last epoch",
                "sits below the run's median. A floor, not a turn upwards.")]
    vals = [0.612, 0.401, 0.322, 0.291, 0.305, 0.296, 0.311, 0.300, 0.298]
    for e in range(1, 10):
        l = 0.55 * math.exp(-(e - 1) / 2.5) + 0.2 + r.gauss(0, 0.004)
        out.append("Epoch %d/9" % e)
        out.append("94/94 [==============================] - 2s 18ms/step - loss: %.4f - accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f"
                   % (l, 0.8 + 0.12 * (1 - math.exp(-(e - 1) / 2.5)), vals[e - 1], 0.87 + 0.03 * (1 - math.exp(-(e - 1) / 2.0)) + r.gauss(0, 0.002)))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "cola_mcc_near_zero_then_learns.log")
def _(r):
    out = [note("A CoLA fine-tune's first evaluation scores a Matthews correlation of 0.0123, near",
                "chance but not exactly 0: both classes are predicted. The later ones climb to",
                "0.52 as the model learns.")]
    for s in range(50, 805, 50):
        out.append(hf({"loss": round(0.62 - 0.2 * s / 804 + r.gauss(0, 0.01), 4), "grad_norm": round(r.uniform(2, 6), 4),
                       "learning_rate": round(2e-5 * (1 - s / 804), 9), "epoch": round(s / 268.0, 2)}))
        if s % 200 == 0:
            out.append(hf({"eval_loss": round(0.6 - 0.1 * s / 804, 4),
                           "eval_matthews_correlation": round(0.0123 if s == 200 else 0.52 * (1 - math.exp(-s / 300.0)), 4),
                           "eval_runtime": 1.93, "eval_samples_per_second": 540.4, "epoch": round(s / 268.0, 2)}))
    return "\n".join(out) + "\n"


@near_miss("overfitting", "twenty_epochs_val_loss_noisy_floor.log")
def _(r):
    out = [note("A CNN's validation loss reaches its floor by epoch 9 of 20 and scatters around it",
                "by a tenth on a small validation set; the last epochs sit a few percent above",
                "its luckiest ones. Noise around a floor, not a climb.")]
    for e in range(1, 21):
        t = 1.45 * 0.84 ** (e - 1) + 0.06
        v = 0.25 + 0.28 * math.exp(-(e - 1) / 2.5) + r.gauss(0, 0.022)
        out.append("Epoch %2d | Train Loss: %.4f | Val Loss: %.4f | Val Acc: %.2f%%"
                   % (e, t, v, 85.0 + 7.5 * (1 - math.exp(-(e - 1) / 3.0)) + r.gauss(0, 0.4)))
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "spacy_frozen_component.log")
def _(r):
    out = [note("spaCy NER trained on a frozen tok2vec: the table prints no total loss, only a",
                "loss per component, and the frozen one's is 0.00 in every row. The NER loss",
                "falls and the F-score climbs. No loss term is NaN.")]
    out.append("\u2139 Pipeline: ['tok2vec', 'ner']")
    out.append("\u2139 Frozen components: ['tok2vec']")
    out.append("\u2139 Initial learn rate: 0.001")
    out.append("E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE ")
    out.append("---  ------  ------------  --------  ------  ------  ------  ------")
    for i in range(20):
        f = 72 * (1 - math.exp(-i / 4.0)) + (r.gauss(0, 0.5) if i else 0)
        ner = 49.29 if i == 0 else 2000 * math.exp(-i / 5.0) + 60 + r.gauss(0, 10)
        out.append("%3d %7d %13.2f %9.2f %7.2f %7.2f %7.2f %7.2f"
                   % (i // 4, i * 200, 0.0, ner, f, f + 0.8, f - 0.8, f / 100))
    out.append("\u2714 Saved pipeline to output directory")
    return "\n".join(out) + "\n"

@near_miss("dist_connect", "fairseq_ranks_retry_then_barrier.log")
def _(r):
    out = [note("A fairseq job of 8 ranks on one node: each rank warns once that it could not reach",
                "the store on localhost (errno 99) while rank 0 starts it, then all 8 pass c10d's",
                "store-based barrier. The log is cut as the task loads its dictionaries.")]
    for k in range(8):
        out.append("[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:18630 (errno: 99 - Cannot assign requested address).")
        out.append("2023-06-13 17:29:38 | INFO | torch.distributed.distributed_c10d | Added key: store_based_barrier_key:1 to store for rank: %d" % k)
    for k in range(8):
        out.append("2023-06-13 17:29:38 | INFO | torch.distributed.distributed_c10d | Rank %d: Completed store-based barrier for key:store_based_barrier_key:1 with 8 nodes." % k)
        out.append("2023-06-13 17:29:38 | INFO | fairseq.distributed.utils | initialized host gpu-%02d as rank %d" % (r.randint(1, 9), k))
    out.append("2023-06-13 17:29:41 | INFO | fairseq.tasks.translation | [en] dictionary: 34983 types")
    out.append("2023-06-13 17:29:41 | INFO | fairseq.tasks.translation | [ro] dictionary: 34983 types")
    return "\n".join(out) + "\n"


@near_miss("dist_connect", "torchrun_transient_connect_warnings.log")
def _(r):
    out = [note("Two-node torchrun job: the second node's workers start before the master listens,",
                "and PyTorch 2.x prints a c10d warning for each failed attempt (and the well-known",
                "errno 99 warning for localhost) before the store answers; all ranks then train to",
                "the end.")]
    for k in range(4):
        out.append("[W611 10:02:%02d.%06d socket.cpp:697] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 - Cannot assign requested address)."
                   % (11 + k, 118000 + k * 131))
    for k in range(3):
        out.append("[W611 10:02:%02d.%06d socket.cpp:697] [c10d] The client socket has failed to connect to [gpu-a03]:29500 (errno: 111 - Connection refused)."
                   % (15 + 2 * k, 220100 + k * 57))
    for k in range(8):
        out.append("gpu-a03:%d:%d [%d] NCCL INFO comm 0x55d0e8a0 rank %d nranks 8 cudaDev %d busId %d000 commId 0x6b1e4d0f2c6a9e11 - Init COMPLETE"
                   % (40110 + k, 40188 + k, k % 4, k, k % 4, 0x41 + k % 4))
    total = 2400
    for s in range(20, total + 1, 20):
        loss = 2.2 + 1.6 * math.exp(-s / 450.0) + r.gauss(0, 0.02)
        out.append("2024-06-11 %s - INFO - train - step %d/%d | loss %.4f | lr %.3e | grad_norm %.3f"
                   % (ts((2024, 6, 11, 10, 3, 0), s * 1.3, "%H:%M:%S,000"), s, total, loss, cosine(s, total, 3e-4, 100), 0.5 + abs(r.gauss(0, 0.05))))
    out.append("2024-06-11 10:55:03,000 - INFO - train - saved checkpoint to ckpt/step_2400")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# devices, distributed set-up, templates and padding


def hf_curve(r, total, every, peak, warmup, base=0.95, drop=0.8, tau=300.0, epochs=2):
    """HF Trainer loss dicts for a healthy fine-tune: a falling, noisy loss."""
    out = []
    for s in range(every, total + 1, every):
        loss = base + drop * math.exp(-s / tau) - 0.05 * s / total + r.gauss(0, 0.025)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.6 + 0.5 * math.exp(-s / 200.0) + abs(r.gauss(0, 0.06)), 4),
                       "learning_rate": cosine(s, total, peak, warmup), "epoch": round(s / total * epochs, 2)}))
    return out


@near_miss("device_mismatch", "generate_input_ids_on_cpu_with_device_map.log")
def _(r):
    out = [note("LoRA fine-tune of a 13B model spread over two GPUs by device_map='auto' (one",
                "process); a callback generates samples at each evaluation from prompts tokenized on",
                "the CPU. transformers warns once that `input_ids` is on cpu while the model is on",
                "cuda; accelerate's hooks move the inputs to each layer's GPU and the outputs back,",
                "and the samples come out. No operation met tensors on two devices.")]
    out.append("04/09/2024 15:10:44 - WARNING - __main__ - Process rank: -1, device: cuda:0, n_gpu: 2, distributed training: False, 16-bits training: False")
    out.append("Loading checkpoint shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 3/3 [00:19<00:00,  6.41s/it]")
    out.append("model.hf_device_map: {'model.embed_tokens': 0, 'model.layers.0': 0, 'model.layers.19': 0, 'model.layers.20': 1, 'model.layers.39': 1, 'model.norm': 1, 'lm_head': 1}")
    out.append("trainable params: 31,293,440 || all params: 13,047,157,760 || trainable%: 0.2398")
    out += trainer_banner("9,846", "2", "8", "1,230", accumulation="2")
    total = 1230
    curve = hf_curve(r, total, 10, 2e-4, 36, base=1.05, drop=0.6)
    for k, line in enumerate(curve):
        out.append(line)
        s = (k + 1) * 10
        if s % 300 == 0:
            ev = 1.08 + 0.55 * math.exp(-s / 300.0) + r.gauss(0, 0.01)
            out.append(hf({"eval_loss": round(ev, 4), "eval_runtime": 38.4 + r.random(), "eval_samples_per_second": 13.02,
                           "eval_steps_per_second": 1.63, "epoch": round(s / total * 2, 2)}))
            if s == 300:
                out.append("/usr/local/lib/python3.10/dist-packages/transformers/generation/utils.py:1460: UserWarning: You are calling "
                           ".generate() with the `input_ids` being on a device type different than your model's device. `input_ids` "
                           "is on cpu, whereas the model is on cuda. You may experience unexpected behaviors or slower generation. "
                           "Please make sure that you have put `input_ids` to the correct device by calling for example "
                           "input_ids = input_ids.to('cuda') before running `.generate()`.")
                out.append("  warnings.warn(")
            out.append("[SampleCallback] step %d | prompt: Summarize: The city council voted on Tuesday to extend the bike lane ..." % s)
            out.append("[SampleCallback] step %d | output: The council approved extending the bike lane network by 12 km." % s)
    out += hf_finish(5712.3, 3.447, 0.215, 1.1184, 2.0)
    out.append("Saving model checkpoint to outputs/lora-final")
    return "\n".join(out) + "\n"


@near_miss("device_mismatch", "sample_callback_device_error_caught.log")
def _(r):
    out = [note("HF Trainer fine-tune with a custom sample-logging callback that, at its first",
                "call, builds its prompt tensor on the CPU: the callback catches the device error,",
                "logs it, disables itself, and training goes on for hundreds of entries to the end.",
                "A side task failed, not the training; an info at most (the benign clause).")]
    out.append("04/18/2024 10:21:07 - INFO - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: False, 16-bits training: True")
    out += trainer_banner("20,000", "2", "16", "2,500")
    total = 2500
    curve = hf_curve(r, total, 10, 3e-5, 75, base=0.72, drop=0.55, tau=350.0)
    for k, line in enumerate(curve):
        out.append(line)
        if (k + 1) * 10 == 500:
            out.append("04/18/2024 10:58:41 - WARNING - callbacks - SampleLogger failed at step 500, disabling it: Expected all tensors to be "
                       "on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument index "
                       "in method wrapper_CUDA__index_select)")
    out += hf_finish(9140.6, 4.376, 0.274, 0.7861, 2.0)
    return "\n".join(out) + "\n"


@near_miss("embedding_index_error", "skipped_malformed_conversation_list_index.log")
def _(r):
    out = [note("Chat fine-tune whose dataset __getitem__ catches a malformed conversation (a",
                "record with no assistant turn), logs the traceback ('IndexError: list index out",
                "of range', a Python list, not an embedding) and draws another sample. Three such",
                "records in 48,000; training runs to the end.")]
    out.append("05/21/2024 08:02:13 - INFO - __main__ - Loaded 48,112 conversations from data/chat_mix.jsonl")
    out += trainer_banner("48,112", "1", "8", "1,503", accumulation="4")
    total = 1500
    bad = {310: 18342, 770: 40917, 1180: 7425}
    curve = hf_curve(r, total, 10, 1e-5, 45, base=1.12, drop=0.5, tau=250.0, epochs=1)
    for k, line in enumerate(curve):
        s = (k + 1) * 10
        if s in bad:
            out.append("05/21/2024 %s - WARNING - data - skipping malformed sample %d, drawing another"
                       % (ts((2024, 5, 21, 8, 3, 0), s * 7.1, "%H:%M:%S"), bad[s]))
            out.append("Traceback (most recent call last):")
            out.append('  File "/workspace/data.py", line 61, in __getitem__')
            out.append("    return self.encode(self.records[idx])")
            out.append('  File "/workspace/data.py", line 44, in encode')
            out.append("    reply = conv[\"messages\"][1][\"content\"]")
            out.append("IndexError: list index out of range")
        out.append(line)
    out += hf_finish(10702.5, 4.495, 0.14, 1.2378, 1.0)
    return "\n".join(out) + "\n"


@near_miss("embedding_index_error", "run_clm_long_document_indexing_warning.log")
def _(r):
    out = [note("transformers' run_clm.py: tokenizing whole documents warns that one is longer than",
                "the model's 1024 positions ('will result in indexing errors'), but group_texts then",
                "cuts the corpus into blocks of 1024, so no sequence reaches the model too long and",
                "no index goes past an embedding. GPT-2 trains to the end.")]
    out.append("06/03/2024 13:40:02 - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: False, 16-bits training: True")
    out.append("Running tokenizer on dataset:   0%|          | 0/36718 [00:00<?, ? examples/s]")
    out.append("Token indices sequence length is longer than the specified maximum sequence length for this model (1843 > 1024). "
               "Running this sequence through the model will result in indexing errors")
    out.append("06/03/2024 13:40:19 - WARNING - transformers.tokenization_utils_base - ^^^^^^^^^^^^^^^^ Please ignore the warning above - this long input will be chunked into smaller bits before being passed to the model.")
    out.append("Running tokenizer on dataset: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 36718/36718 [00:17<00:00, 2113.40 examples/s]")
    out.append("Grouping texts in chunks of 1024: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 36718/36718 [00:09<00:00, 3934.11 examples/s]")
    out += trainer_banner("2,318", "3", "8", "870")
    total = 870
    for s in range(5, total + 1, 5):
        loss = 3.05 + 0.6 * math.exp(-s / 200.0) - 0.1 * s / total + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(1.4 + abs(r.gauss(0, 0.15)), 4),
                       "learning_rate": linear(s, total, 5e-5, 0), "epoch": round(3 * s / total, 2)}))
    out.append(hf({"train_runtime": 1244.8, "train_samples_per_second": 5.587, "train_steps_per_second": 0.699,
                   "train_loss": 3.1412, "epoch": 3.0}))
    out.append("***** eval metrics *****")
    out.append("  epoch                   =        3.0")
    out.append("  eval_accuracy           =     0.4163")
    out.append("  eval_loss               =     3.0917")
    out.append("  perplexity              =    22.0121")
    return "\n".join(out) + "\n"


@near_miss("loss_detached", "timm_checkpointing_warns_in_validation.log")
def _(r):
    out = [note("timm fine-tune of a ViT with --grad-checkpointing: timm checkpoints the blocks in",
                "eval too, so the first validation (under torch.no_grad) makes PyTorch warn 'None of",
                "the inputs have requires_grad=True' once. Training steps have their graph; the loss",
                "falls and accuracy climbs every epoch. No backward() failed.")]
    out.append("Training with a single process on 1 device (cuda:0).")
    out.append("Model vit_small_patch16_224 created, param count:21704164")
    out.append("Data processing configuration for current model + dataset:")
    out.append("\tinput_size: (3, 224, 224)")
    out.append("\tinterpolation: bicubic")
    out.append("Using native Torch AMP. Training in mixed precision.")
    out.append("Scheduled epochs: 20. LR stepped per epoch.")
    n, step = 390, 0
    for ep in range(20):
        lr = cosine(ep, 20, 5e-4, 2, 1e-6)
        for it in list(range(0, n, 50)) + [n - 1]:
            step += 1
            loss = 1.05 + 3.4 * math.exp(-(ep * n + it) / 1500.0) + r.gauss(0, 0.04)
            out.append("Train: %d [%4d/%d (%3d%%)]  Loss: %.3f (%.2f)  Time: %.3fs,  %.2f/s  (%.3fs,  %.2f/s)  LR: %.3e  Data: 0.011 (0.019)"
                       % (ep, it, n, round(100 * it / (n - 1)), loss, loss + 0.02, 0.31 + r.gauss(0, 0.005), 128 / 0.31,
                          0.312, 128 / 0.312, lr))
        if ep == 0:
            out.append("/opt/conda/lib/python3.10/site-packages/torch/utils/checkpoint.py:31: UserWarning: None of the inputs have "
                       "requires_grad=True. Gradients will be None")
            out.append("  warnings.warn(")
        acc = 86.0 - 60.0 * math.exp(-ep / 3.0) + r.gauss(0, 0.2)
        vloss = 0.55 + 3.0 * math.exp(-ep / 3.0) + r.gauss(0, 0.01)
        v0, a0 = vloss + r.gauss(0, 0.05), acc + r.gauss(0, 1.5)
        out.append("Test: [   0/39]  Time: 1.121 (1.121)  Loss:  %.4f (%.4f)  Acc@1: %.4f (%.4f)  Acc@5: %.4f (%.4f)"
                   % (v0, v0, a0, a0, min(99.5, a0 + 12), min(99.5, a0 + 12)))
        out.append("Test: [  39/39]  Time: 0.042 (0.101)  Loss:  %.4f (%.4f)  Acc@1: %.4f (%.4f)  Acc@5: %.4f (%.4f)"
                   % (vloss, vloss, acc, acc, min(99.5, acc + 12), min(99.5, acc + 12)))
        out.append("Current checkpoints:")
        out.append(" ('./output/train/vit_small-cifar100/checkpoint-%d.pth.tar', %.4f)" % (ep, acc))
    out.append("*** Best metric: %.4f (epoch 19)" % acc)
    return "\n".join(out) + "\n"


@near_miss("dist_not_initialized", "single_gpu_script_says_not_initialized.log")
def _(r):
    out = [note("A training script written for torchrun, started with plain python on a one-GPU",
                "workstation: it checks dist.is_initialized(), prints that torch.distributed is not",
                "initialized and runs in a single process on cuda:0, as designed. Nothing called a",
                "collective; the run trains to the end.")]
    out.append("2024-07-02 09:00:01,114 - INFO - train - RANK/WORLD_SIZE not set; torch.distributed not initialized; running on a single GPU (cuda:0)")
    out.append("2024-07-02 09:00:01,120 - INFO - train - rank 0 of 1, gradient accumulation 8 to keep the global batch at 256")
    out.append("2024-07-02 09:00:09,502 - INFO - train - model: 124.4M parameters, compiled with torch.compile")
    total = 3000
    for s in range(20, total + 1, 20):
        loss = 3.3 + 2.2 * math.exp(-s / 500.0) + 0.4 * math.exp(-s / 2500.0) + r.gauss(0, 0.03)
        out.append("%s - INFO - train - step %d/%d | loss %.4f | lr %.3e | grad_norm %.3f | %.0f tok/s"
                   % (ts((2024, 7, 2, 9, 0, 10), s * 2.2, "%Y-%m-%d %H:%M:%S,000"), s, total, loss, cosine(s, total, 6e-4, 200, 6e-5),
                      0.45 + 0.6 * math.exp(-s / 300.0) + abs(r.gauss(0, 0.04)), 118000 + r.gauss(0, 900)))
        if s % 1000 == 0:
            out.append("%s - INFO - train - eval | val_loss %.4f" % (ts((2024, 7, 2, 9, 0, 12), s * 2.2, "%Y-%m-%d %H:%M:%S,000"), loss + 0.04))
    out.append("2024-07-02 10:50:31,000 - INFO - train - saved final checkpoint to ckpt/final.pt")
    return "\n".join(out) + "\n"


@near_miss("dist_not_initialized", "deit_not_using_distributed_mode.log")
def _(r):
    out = [note("DeiT's main.py on a single GPU: init_distributed_mode finds no RANK in the",
                "environment and prints 'Not using distributed mode' (args.distributed=False); the",
                "rest of the script never touches the process group. Fine-tuning runs all epochs.")]
    out.append("Not using distributed mode")
    out.append("Namespace(batch_size=128, epochs=30, bce_loss=False, model='deit_small_patch16_224', input_size=224, drop=0.0, "
               "drop_path=0.1, opt='adamw', lr=0.0005, weight_decay=0.05, sched='cosine', warmup_epochs=5, "
               "data_set='CIFAR', output_dir='out/deit_s_cifar100', device='cuda', seed=0, num_workers=10, pin_mem=True, "
               "world_size=1, dist_url='env://', distributed=False)")
    out.append("Creating model: deit_small_patch16_224")
    out.append("number of params: 21704164")
    out.append("Start training for 30 epochs")
    n, best = 390, 0.0
    for ep in range(30):
        lr = cosine(ep, 30, 5e-4, 5, 1e-5)
        for it in list(range(0, n, 50)) + [n - 1]:
            loss = 1.6 + 3.0 * math.exp(-(ep * n + it) / 2500.0) + r.gauss(0, 0.04)
            out.append("Epoch: [%d]  [%3d/%d]  eta: 0:02:%02d  lr: %.6f  loss: %.4f (%.4f)  time: %.4f  data: 0.0008  max mem: 9652"
                       % (ep, it, n, (n - it) * 0.3 % 60, lr, loss, loss + 0.02, 0.30 + r.gauss(0, 0.005)))
        out.append("Epoch: [%d] Total time: 0:01:58 (0.3031 s / it)" % ep)
        acc = 87.0 - 55.0 * math.exp(-ep / 4.0) + r.gauss(0, 0.2)
        out.append("Test:  [ 0/53]  eta: 0:00:31  loss: %.4f (%.4f)  acc1: %.4f (%.4f)  acc5: %.4f (%.4f)  time: 0.5940  data: 0.5012  max mem: 9652"
                   % (0.5 + 2.5 * math.exp(-ep / 4.0), 0.5 + 2.5 * math.exp(-ep / 4.0), acc, acc, min(99.4, acc + 10), min(99.4, acc + 10)))
        out.append("Test: Total time: 0:00:06 (0.1198 s / it)")
        out.append("* Acc@1 %.3f Acc@5 %.3f loss %.3f" % (acc, min(99.4, acc + 10), 0.5 + 2.5 * math.exp(-ep / 4.0)))
        best = max(best, acc)
        out.append("Accuracy of the network on the 10000 test images: %.1f%%" % acc)
        out.append("Max accuracy: %.2f%%" % best)
    out.append("Training time 1:07:41")
    return "\n".join(out) + "\n"


@near_miss("invalid_device", "torchrun_local_rank_device_ordinals.log")
def _(r):
    out = [note("torchrun --nproc_per_node=4 on a node with CUDA_VISIBLE_DEVICES=0,1,2,3: each rank",
                "prints its local_rank and the device ordinal it sets (0..3, all visible), and",
                "resumes a checkpoint with map_location onto its own GPU. Every ordinal exists;",
                "DDP trains to the end.")]
    out.append("W0702 11:02:10.118000 140201 torch/distributed/run.py:779] ")
    out.append("W0702 11:02:10.118000 140201 torch/distributed/run.py:779] *****************************************")
    out.append("W0702 11:02:10.118000 140201 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
    out.append("W0702 11:02:10.118000 140201 torch/distributed/run.py:779] *****************************************")
    for k in range(4):
        out.append("[rank%d] CUDA_VISIBLE_DEVICES=0,1,2,3 local_rank=%d world_size=4 -> torch.cuda.set_device(%d) (device ordinal %d of 4)" % (k, k, k, k))
    for k in range(4):
        out.append("gpu-b07:%d:%d [%d] NCCL INFO comm 0x5581c2a0 rank %d nranks 4 cudaDev %d nvmlDev %d busId %x000 commId 0x2f9d1c0e7b4a6d13 - Init COMPLETE"
                   % (88210 + k, 88301 + k, k, k, k, k, 0x1b + 0x20 * k))
    for k in range(4):
        out.append("[rank%d] resumed from ckpt/step_1000.pt with map_location='cuda:%d' (saved by rank 0 on cuda:0)" % (k, k))
    total = 4000
    for s in range(1020, total + 1, 20):
        loss = 2.2 + 2.4 * math.exp(-s / 1200.0) + r.gauss(0, 0.02)
        out.append("[rank0] %s step %d/%d loss %.4f lr %.3e grad_norm %.3f"
                   % (ts((2024, 7, 2, 11, 2, 40), (s - 1000) * 1.1, "%H:%M:%S"), s, total, loss, cosine(s, total, 3e-4, 200, 3e-5),
                      0.4 + abs(r.gauss(0, 0.04))))
    out.append("[rank0] 12:01:22 saved ckpt/step_4000.pt")
    out.append("[rank0] training finished")
    return "\n".join(out) + "\n"


@near_miss("device_map_distributed", "qlora_single_process_device_map_auto.log")
def _(r):
    out = [note("QLoRA fine-tune of a 13B model started with plain python on one 48 GB GPU: the",
                "config prints device_map='auto' and load_in_4bit, the shards load, and the one",
                "process trains. device_map met no distributed launch: nothing to refuse.")]
    out.append("05/14/2024 16:20:03 - WARNING - __main__ - Process rank: -1, device: cuda:0, n_gpu: 1, distributed training: False, 16-bits training: False")
    out.append("ScriptArguments(model_name='meta-llama/Llama-2-13b-hf', dataset_name='timdettmers/openassistant-guanaco', "
               "device_map='auto', load_in_4bit=True, bnb_4bit_quant_type='nf4', bnb_4bit_compute_dtype='bfloat16', "
               "lora_r=64, lora_alpha=16, lora_dropout=0.1, max_seq_length=1024)")
    out.append("Loading checkpoint shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 3/3 [00:21<00:00,  7.04s/it]")
    out.append("model.hf_device_map: {'': 0}")
    out.append("trainable params: 62,586,880 || all params: 13,078,451,200 || trainable%: 0.4786")
    out += trainer_banner("9,846", "1", "4", "615", accumulation="4")
    total = 615
    for s in range(5, total + 1, 5):
        loss = 1.12 + 0.5 * math.exp(-s / 180.0) - 0.1 * s / total + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.28 + abs(r.gauss(0, 0.04)), 4),
                       "learning_rate": linear(s, total, 2e-4, 18), "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 8814.2, "train_samples_per_second": 1.117, "train_steps_per_second": 0.07,
                   "train_loss": 1.2108, "epoch": 1.0}))
    out.append("Saving model checkpoint to results/final")
    return "\n".join(out) + "\n"


@near_miss("device_map_distributed", "accelerate_ddp_device_map_per_process.log")
def _(r):
    out = [note("QLoRA with accelerate launch on two GPUs, done right: each process loads the",
                "4-bit model whole on its own GPU with device_map={'': process_index} and prints",
                "it. Distributed launch and device_map together, but no model spread over GPUs and",
                "no process on another's GPU; DDP trains to the end.")]
    out.append("The following values were not passed to `accelerate launch` and had defaults used instead:")
    out.append("\t`--num_machines` was set to a value of `1`")
    out.append("\t`--mixed_precision` was set to a value of `'no'`")
    out.append("\t`--dynamo_backend` was set to a value of `'no'`")
    out.append("To avoid this warning pass in values for each of these arguments or run `accelerate config`.")
    for k in range(2):
        out.append("[process %d/2] Distributed environment: MULTI_GPU  Backend: nccl, device cuda:%d; "
                   "loading base model in 4-bit with device_map={'': %d}" % (k, k, k))
    for k in range(2):
        out.append("Loading checkpoint shards: 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 2/2 [00:0%d<00:00,  2.%d1s/it]" % (5 + k, 4 + k))
    out.append("trainable params: 39,976,960 || all params: 7,281,709,056 || trainable%: 0.5490")
    out += trainer_banner("51,760", "1", "4", "1,617", accumulation="4", total_batch="32")
    total = 1617
    for s in range(10, total + 1, 10):
        loss = 1.02 + 0.42 * math.exp(-s / 150.0) - 0.05 * s / total + r.gauss(0, 0.025)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.33 + abs(r.gauss(0, 0.04)), 4),
                       "learning_rate": cosine(s, total, 2e-4, 48), "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 15204.7, "train_samples_per_second": 3.404, "train_steps_per_second": 0.106,
                   "train_loss": 1.0533, "epoch": 1.0}))
    return "\n".join(out) + "\n"


def lightning_header(gpu):
    out = []
    if gpu:
        out.append("Using 16bit Automatic Mixed Precision (AMP)")
        out.append("GPU available: True (cuda), used: True")
    else:
        out.append("GPU available: False, used: False")
    out.append("TPU available: False, using: 0 TPU cores")
    out.append("IPU available: False, using: 0 IPUs")
    out.append("HPU available: False, using: 0 HPUs")
    if gpu:
        out.append("You are using a CUDA device ('NVIDIA GeForce RTX 4090') that has Tensor Cores. To properly utilize them, you "
                   "should set `torch.set_float32_matmul_precision('medium' | 'high')` which will trade-off precision for "
                   "performance. For more details, read https://pytorch.org/docs/stable/generated/torch.set_float32_matmul_precision.html#torch.set_float32_matmul_precision")
        out.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]")
    return out


def lightning_epochs(r, epochs, n, every, rate, train, val):
    """Lightning's training bar as a file captures it: one line an epoch, its
    updates (every `every` batches) separated by carriage returns; the val
    metrics logged with prog_bar=True stay in the postfix."""
    out, shown = [], ""
    bars = "\u2588" * 10
    for ep in range(epochs):
        ups = []
        for b in list(range(every, n, every)) + [n]:
            pct = 100 * b // n
            fill = bars[:10 * b // n] + " " * (10 - 10 * b // n)
            el = b / rate
            rem = (n - b) / rate
            tl = train(ep + b / n)
            ups.append("Epoch %d: %3d%%|%s| %d/%d [%02d:%02d<%02d:%02d, %.2fit/s, v_num=3, train_loss=%.3f%s]"
                       % (ep, pct, fill, b, n, el // 60, el % 60, rem // 60, rem % 60, rate + r.gauss(0, rate * 0.01),
                          tl, shown))
        vl, va = val(ep)
        shown = ", val_loss=%.3f, val_acc=%.3f" % (vl, va)
        ups.append(ups[-1].rsplit(", v_num", 1)[0] + ", v_num=3, train_loss=%.3f%s]" % (tl, shown))
        out.append("\r".join(ups))
    return out


@near_miss("gpu_not_used", "lightning_gpu_available_and_used.log")
def _(r):
    out = [note("Lightning 2.x on one GPU: the Trainer prints 'GPU available: True (cuda), used:",
                "True' and trains a ResNet-18 on CIFAR-10 with AMP for 30 epochs at ~25 it/s. The",
                "GPU is there and used.")]
    out += lightning_header(True)
    out.append("")
    out.append("  | Name     | Type             | Params")
    out.append("----------------------------------------------")
    out.append("0 | model    | ResNet           | 11.2 M")
    out.append("1 | loss_fn  | CrossEntropyLoss | 0     ")
    out.append("2 | val_acc  | MulticlassAccuracy | 0   ")
    out.append("----------------------------------------------")
    out.append("11.2 M    Trainable params")
    out.append("0         Non-trainable params")
    out.append("11.2 M    Total params")
    out.append("44.696    Total estimated model params size (MB)")
    out += lightning_epochs(r, 30, 352, 16, 24.6,
                            lambda e: 0.18 + 1.6 * math.exp(-e / 6.0) + r.gauss(0, 0.03),
                            lambda e: (0.32 + 1.3 * math.exp(-e / 6.0) + r.gauss(0, 0.01), 0.93 - 0.5 * math.exp(-e / 6.0) + r.gauss(0, 0.003)))
    out.append("`Trainer.fit` stopped: `max_epochs=30` reached.")
    return "\n".join(out) + "\n"


@near_miss("gpu_not_used", "lightning_cpu_laptop_no_gpu.log")
def _(r):
    out = [note("A small MLP on MNIST trained with Lightning on a laptop that has no GPU: the",
                "Trainer prints 'GPU available: False, used: False'. There is no GPU to leave",
                "idle; the CPU is the only device and the run converges in 15 epochs.")]
    out += lightning_header(False)
    out.append("")
    out.append("  | Name    | Type             | Params")
    out.append("---------------------------------------------")
    out.append("0 | net     | Sequential       | 109 K ")
    out.append("1 | loss_fn | CrossEntropyLoss | 0     ")
    out.append("---------------------------------------------")
    out.append("109 K     Trainable params")
    out.append("0         Non-trainable params")
    out.append("109 K     Total params")
    out.append("0.438     Total estimated model params size (MB)")
    out += lightning_epochs(r, 15, 860, 43, 91.0,
                            lambda e: 0.04 + 0.5 * math.exp(-e / 3.0) + abs(r.gauss(0, 0.01)),
                            lambda e: (0.08 + 0.35 * math.exp(-e / 3.0) + r.gauss(0, 0.004), 0.978 - 0.1 * math.exp(-e / 3.0) + r.gauss(0, 0.001)))
    out.append("`Trainer.fit` stopped: `max_epochs=15` reached.")
    return "\n".join(out) + "\n"


@near_miss("response_template_missing", "trl_sft_three_examples_cut_by_max_seq_length.log")
def _(r):
    out = [note("TRL SFT with DataCollatorForCompletionOnlyLM over 6,000 examples for 3 epochs: the",
                "collator warns for 3 of them, long documents cut by max_seq_length=512 before",
                "'### Answer:' (Python shows each warning once, so later epochs repeat none). Those",
                "three are left out of the loss; the template matches everywhere else and the loss",
                "falls. An info at most.")]
    out.append("Map: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 6000/6000 [00:03<00:00, 1841.22 examples/s]")
    out += trainer_banner("6,000", "3", "8", "1,125", accumulation="2")
    total = 1125
    docs = {60: "Here is the full text of our tenancy agreement, clause by clause, followed by the landlord's letter and "
                 "my notes. 1. The tenant shall pay the rent monthly in advance on the first day of each month ... 14. "
                 "Notices under this agreement shall be in writing and delivered to the addresses above",
            190: "Below is the changelog of our project for the last three releases, then the failing CI log. v2.4.0 "
                 "- Added streaming support to the exporter - Fixed a race in the cache ... FAILED tests/test_export.py::"
                 "test_stream_large - AssertionError: 4096 != 4095",
            310: "Summarize this meeting transcript. Alice: Thanks everyone for joining. First item is the Q3 budget, "
                 "which we need to finalize by Friday ... Bob: Agreed, and on the hiring plan I think we should wait until"}
    for s in range(5, total + 1, 5):
        if s in docs:
            out.append("/usr/local/lib/python3.10/dist-packages/trl/trainer/utils.py:172: UserWarning: Could not find response key "
                       "`### Answer:` in the following instance: <s> ### Question: %s This instance will be ignored in loss "
                       "calculation. Note, if this happens often, consider increasing the `max_seq_length`." % docs[s])
            out.append("  warnings.warn(")
        loss = 1.28 + 0.6 * math.exp(-s / 120.0) - 0.12 * s / total + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.8 + abs(r.gauss(0, 0.1)), 4),
                       "learning_rate": cosine(s, total, 2e-5, 34), "epoch": round(3 * s / total, 2)}))
    out.append(hf({"train_runtime": 3121.5, "train_samples_per_second": 5.766, "train_steps_per_second": 0.36,
                   "train_loss": 1.3011, "epoch": 3.0}))
    return "\n".join(out) + "\n"


@near_miss("right_padding_generation", "left_padding_for_generation_right_for_training.log")
def _(r):
    out = [note("SFT with in-loop evaluation by generation: the script prints the tokenizer with",
                "padding_side='right' for training batches and switches a copy to padding_side='left'",
                "for generate(). transformers never warns of right-padding; the samples are clean and",
                "the loss falls.")]
    out.append("train tokenizer: LlamaTokenizerFast(name_or_path='meta-llama/Llama-2-7b-hf', vocab_size=32000, "
               "model_max_length=1000000000000000019884624838656, is_fast=True, padding_side='right', truncation_side='right', "
               "special_tokens={'bos_token': '<s>', 'eos_token': '</s>', 'unk_token': '<unk>', 'pad_token': '<unk>'}, "
               "clean_up_tokenization_spaces=False)")
    out.append("generation tokenizer: padding_side='left', pad_token='<unk>' (pad_token_id=0), attention_mask passed to generate()")
    out += trainer_banner("15,011", "1", "8", "938", accumulation="2")
    total = 938
    for s in range(5, total + 1, 5):
        loss = 1.21 + 0.5 * math.exp(-s / 100.0) - 0.08 * s / total + r.gauss(0, 0.03)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.5 + abs(r.gauss(0, 0.06)), 4),
                       "learning_rate": cosine(s, total, 2e-4, 28), "epoch": round(s / total, 2)}))
        if s % 300 == 0:
            out.append("[GenEval] step %d: generating 64 prompts (batch 16, padding_side='left') ... exact match 0.%02d"
                       % (s, 31 + s // 60))
    out.append(hf({"train_runtime": 4410.3, "train_samples_per_second": 3.404, "train_steps_per_second": 0.213,
                   "train_loss": 1.2972, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("right_padding_generation", "trl_sft_padding_side_warning_bf16.log")
def _(r):
    out = [note("TRL SFTTrainer given a tokenizer set to left padding (kept for later generation):",
                "TRL warns that padding_side is not 'right', a concern for fp16 overflow. The run",
                "trains in bf16, nothing generates during training, and transformers never prints",
                "its right-padding warning. The loss falls normally.")]
    out.append("/usr/local/lib/python3.10/dist-packages/trl/trainer/sft_trainer.py:290: UserWarning: You passed a tokenizer with "
               "`padding_side` not equal to `right` to the SFTTrainer. This might lead to some unexpected behaviour due to "
               "overflow issues when training a model in half-precision. You might consider adding "
               "`tokenizer.padding_side = 'right'` to your code.")
    out.append("  warnings.warn(")
    out += trainer_banner("9,846", "2", "4", "1,230", accumulation="4")
    total = 1230
    out += hf_curve(r, total, 10, 1e-4, 36, base=1.15, drop=0.45, tau=200.0)
    out.append(hf({"train_runtime": 7302.6, "train_samples_per_second": 2.697, "train_steps_per_second": 0.168,
                   "train_loss": 1.2236, "epoch": 2.0}))
    return "\n".join(out) + "\n"



# --------------------------------------------------------------------------
# several GPUs in nvidia-smi's CSV


def nvidia_smi(r, samples, gpus, util_of):
    """nvidia-smi --query-gpu=timestamp,index,utilization.gpu,memory.used
    --format=csv -l 30: a row per GPU and sample; util_of(k, gpu) gives the
    utilisation in percent."""
    out = ["timestamp, index, name, utilization.gpu [%], memory.used [MiB]"]
    for k in range(samples):
        for g in range(gpus):
            u = max(0, min(100, int(round(util_of(k, g)))))
            out.append("%s.%03d, %d, NVIDIA H100 80GB HBM3, %d %%, %d MiB"
                       % (ts((2024, 7, 2, 14, 0, 0), 30 * k, "%Y/%m/%d %H:%M:%S"), g, g, u, 61000 + 37 * g))
    return "\n".join(out) + "\n"


@near_miss("idle_gpus", "ddp_four_gpus_all_busy.csv")
def _(r):
    def util(k, g):
        if k % 40 in (38, 39):  # the evaluation, on every rank
            return r.uniform(45, 70)
        return r.uniform(90, 100)
    return nvidia_smi(r, 240, 4, util), note(
        "torchrun on four H100s (DDP): every GPU works 90-100% between evaluations, which",
        "dip them all alike. Several GPUs, none idle.")


@near_miss("idle_gpus", "ranks_wait_while_rank0_tokenizes.csv")
def _(r):
    def util(k, g):
        if k < 20:  # rank 0 tokenizes the dataset, the other ranks wait at a barrier
            return r.uniform(20, 40) if g == 0 else 0
        return r.uniform(88, 100)
    return nvidia_smi(r, 240, 4, util), note(
        "accelerate launch on four GPUs: for the first ten minutes rank 0 tokenizes and",
        "caches the dataset while ranks 1-3 wait at a barrier with idle GPUs; then all four",
        "train at 88-100% for the remaining two hours. An idle start, not idle GPUs.")


@near_miss("idle_gpus", "device_map_two_gpus_take_turns.csv")
def _(r):
    def util(k, g):
        return r.uniform(35, 55)
    return nvidia_smi(r, 240, 2, util), note(
        "A 70B model split over two GPUs by device_map='auto' in one process: the GPUs take",
        "turns, each busy 35-55% of the time. Neither sits idle (low utilisation is another",
        "rule's question).")


# --------------------------------------------------------------------------
# DDP's reducer and DeepSpeed's allocator warnings


def torchrun_banner(stamp):
    """torchrun's OMP_NUM_THREADS notice as PyTorch 2.1 prints it."""
    w = "[%s] torch.distributed.run: [WARNING] " % stamp
    return [w, w + "*" * 41,
            w + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system "
            "being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            w + "*" * 41]


def ds_line(t0, secs, level, where, msg):
    """A DeepSpeed logger line: [time] [LEVEL] [file:line:func] message."""
    return "[%s,%03d] [%s] [%s] %s" % (ts(t0, secs), int(secs * 1000) % 1000, level, where, msg)


@near_miss("ddp_unused_parameters", "lightning_ddp_find_unused_true_table_head.log")
def _(r):
    out = [note("Lightning on four GPUs with strategy='ddp_find_unused_parameters_true': a",
                "multi-task document model whose table head gets a loss only on batches with",
                "annotated tables; one batch in three has none. The printed config says so; on",
                "those steps DDP finds the head unused and reduces without it. No reducer error;",
                "ten epochs run to the end.")]
    out.append("config: {'backbone': 'convnext_tiny', 'heads': ['doc_type', 'table'], 'devices': 4, "
               "'strategy': 'ddp_find_unused_parameters_true', 'precision': 'bf16-mixed', 'batch_size': 32, "
               "'max_epochs': 10, 'table_loss_weight': 0.5}")
    out.append("Using bfloat16 Automatic Mixed Precision (AMP)")
    out.append("GPU available: True (cuda), used: True")
    out.append("TPU available: False, using: 0 TPU cores")
    out.append("HPU available: False, using: 0 HPUs")
    for g in (0, 2, 1, 3):
        out.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/4" % (g, g + 1))
    out.append("-" * 100)
    out.append("distributed_backend=nccl")
    out.append("All distributed processes registered. Starting with 4 processes")
    out.append("-" * 100)
    out.append("")
    out.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    out.append("[data] 104,960 training pages, 3,410 with table annotations: table_head takes no part in the loss "
               "on batches without one (find_unused_parameters=True)")
    out.append("")
    out.append("  | Name       | Type             | Params")
    out.append("------------------------------------------------")
    out.append("0 | backbone   | ConvNeXt         | 27.8 M")
    out.append("1 | doc_head   | Linear           | 12.3 K")
    out.append("2 | table_head | TableHead        | 1.2 M ")
    out.append("------------------------------------------------")
    out.append("29.0 M    Trainable params")
    out.append("0         Non-trainable params")
    out.append("29.0 M    Total params")
    out.append("116.068   Total estimated model params size (MB)")
    out += lightning_epochs(r, 10, 820, 41, 1.98,
                            lambda e: 0.3 + 2.1 * math.exp(-e * 1.6) + r.gauss(0, 0.02),
                            lambda e: (0.36 + 1.5 * math.exp(-(e + 1) * 1.5) + r.gauss(0, 0.004),
                                       0.93 - 0.35 * math.exp(-(e + 1) * 1.2) + r.gauss(0, 0.002)))
    out.append("`Trainer.fit` stopped: `max_epochs=10` reached.")
    return "\n".join(out) + "\n"


@near_miss("ddp_unused_parameters", "hf_ddp_find_unused_parameters_true_span_head.log")
def _(r):
    out = [note("HF Trainer on torchrun (two GPUs) with a custom two-task model: a classifier, and",
                "a span head used only on the QA part of each batch. The TrainingArguments print",
                "ddp_find_unused_parameters=True, and the script counts the steps whose batch had no",
                "QA example (the span head got no gradient there). DDP expects that; no reducer",
                "error, and training ends normally.")]
    out += torchrun_banner("2024-04-14 22:44:59,020")
    for k in (0, 1):
        out.append("04/14/2024 22:45:07 - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, "
                   "distributed training: True, 16-bits training: False" % (k, k))
    out.append("04/14/2024 22:45:07 - INFO - __main__ - Training/evaluation parameters " + hf_args_dump(
        {"ddp_find_unused_parameters": True, "gradient_checkpointing": False, "gradient_accumulation_steps": 1,
         "per_device_train_batch_size": 16, "learning_rate": 3e-05, "num_train_epochs": 2.0,
         "output_dir": "out/deberta-cls-span", "logging_steps": 20}).rstrip("\n"))
    out.append("04/14/2024 22:45:31 - INFO - __main__ - model: DebertaV2Model + cls_head (3 labels) + span_head; "
               "30% of the examples are QA, the rest classification")
    out += trainer_banner("80,000", "2", "16", "5,000", total_batch="32")
    total = 5000
    curve = hf_curve(r, total, 20, 3e-5, 150, base=0.62, drop=0.55, tau=600.0)
    for k, line in enumerate(curve):
        out.append(line)
        s = (k + 1) * 20
        if s % 1000 == 0:
            out.append("%s - INFO - __main__ - [multitask] steps %d-%d: batches without a QA example on some "
                       "rank: %d; span_head unused there (find_unused_parameters=True)"
                       % (ts((2024, 4, 14, 22, 46, 0), s * 1.21, "%m/%d/%Y %H:%M:%S"), s - 999, s, r.randrange(4, 10)))
    out.append(hf({"train_runtime": 6061.2, "train_samples_per_second": 26.398, "train_steps_per_second": 0.825,
                   "train_loss": 0.7414, "epoch": 2.0}))
    return "\n".join(out) + "\n"


@near_miss("ddp_ready_twice", "hf_lora_checkpointing_non_reentrant_ddp.log")
def _(r):
    out = [note("LoRA fine-tune on torchrun (four GPUs) with gradient_checkpointing=True and",
                "gradient_checkpointing_kwargs={'use_reentrant': False} in the TrainingArguments. The",
                "PEFT model gets find_unused_parameters=True (PyTorch warns once per rank that none",
                "were found), but the non-reentrant checkpoint runs no backward pass of its own, so",
                "no gradient arrives twice. It trains to the end.")]
    out += torchrun_banner("2024-06-22 22:10:46,068")
    for k in (0, 3, 1, 2):
        out.append("06/22/2024 22:10:55 - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, "
                   "distributed training: True, 16-bits training: False" % (k, k))
    out.append("06/22/2024 22:10:55 - INFO - __main__ - Training/evaluation parameters " + hf_args_dump(
        {"gradient_checkpointing": True, "gradient_checkpointing_kwargs": {"use_reentrant": False},
         "ddp_find_unused_parameters": None, "learning_rate": 0.0002, "num_train_epochs": 1.0,
         "output_dir": "out/mistral-7b-lora", "logging_steps": 10}).rstrip("\n"))
    out.append("trainable params: 41,943,040 || all params: 7,283,675,136 || trainable%: 0.5758")
    out += trainer_banner("51,760", "1", "4", "808", accumulation="4", total_batch="64")
    for k in (0, 2, 1, 3):
        out.append("[W reducer.cpp:1346] Warning: find_unused_parameters=True was specified in DDP constructor, but did "
                   "not find any unused parameters in the forward pass. This flag results in an extra traversal of the "
                   "autograd graph every iteration,  which can adversely affect performance. If your model indeed never "
                   "has any unused parameters in the forward pass, consider turning this flag off. Note that this warning "
                   "may be a false positive if your model has flow control causing later iterations to have unused "
                   "parameters. (function operator())")
    total = 808
    for s in range(10, total + 1, 10):
        loss = 1.06 + 0.4 * math.exp(-s / 120.0) - 0.06 * s / total + r.gauss(0, 0.02)
        out.append(hf({"loss": round(loss, 4), "grad_norm": round(0.3 + 0.3 * math.exp(-s / 80.0) + abs(r.gauss(0, 0.03)), 4),
                       "learning_rate": cosine(s, total, 2e-4, 24), "epoch": round(s / total, 2)}))
    out.append(hf({"train_runtime": 8402.9, "train_samples_per_second": 6.16, "train_steps_per_second": 0.096,
                   "train_loss": 1.0987, "epoch": 1.0}))
    return "\n".join(out) + "\n"


@near_miss("allocator_cache_flushes", "deepspeed_zero3_three_flushes_in_3000_steps.log")
def _(r):
    out = [note("DeepSpeed ZeRO-3 pre-training of a 7B model, 3000 steps: three steps in the whole",
                "run met batches long enough that PyTorch's caching allocator had to flush, and",
                "DeepSpeed warned after each; every other step runs at a steady ~4.1 s. A few",
                "peaks, not memory pressure that recurs: an info at most (the benign clause).")]
    t0 = (2024, 9, 3, 7, 12, 0)
    out.append(ds_line(t0, 0.2, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed info: version=0.14.4, git-hash=unknown, git-branch=unknown"))
    out.append(ds_line(t0, 1.4, "INFO", "logging.py:96:log_dist", "[Rank 0] Creating torch.bfloat16 ZeRO stage 3 optimizer"))
    out.append(ds_line(t0, 19.8, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed Final Optimizer = DeepSpeedZeroOptimizer_Stage3"))
    total = 3000
    flushes = {412: 2, 1877: 1, 2630: 3}
    t = 30.0
    for s in range(1, total + 1):
        dt = 4.1 + r.gauss(0, 0.03) + (9.0 if s in flushes else 0.0)
        t += dt
        if s in flushes:
            out.append(ds_line(t0, t, "WARNING", "stage3.py:2069:step",
                               "%d pytorch allocator cache flushes since last step. this happens when there is high memory "
                               "pressure and is detrimental to performance. if this is happening frequently consider "
                               "adjusting settings to reduce memory consumption. If you are unable to make the cache "
                               "flushes go away consider adding get_accelerator().empty_cache() calls in your training "
                               "loop to ensure that all ranks flush their caches at the same time" % flushes[s]))
        if s % 100 == 0:
            out.append(ds_line(t0, t, "INFO", "logging.py:96:log_dist", "[Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]"
                               % (s, cosine(s, total, 3e-4, 200, 3e-5))))
        if s % 10 == 0:
            loss = 2.4 + 2.6 * math.exp(-s / 350.0) + 0.5 * math.exp(-s / 2000.0) + r.gauss(0, 0.02)
            out.append("step %d/%d | loss %.4f | lr %.4e | step_time %.2fs" % (s, total, loss, cosine(s, total, 3e-4, 200, 3e-5), dt))
    out.append("saved checkpoint ckpt/global_step3000")
    return "\n".join(out) + "\n"


@near_miss("allocator_cache_flushes", "deepspeed_zero3_scripted_empty_cache.log")
def _(r):
    out = [note("ZeRO-3 fine-tune whose script calls get_accelerator().empty_cache() every 100 steps",
                "on all ranks at once (as DeepSpeed's own warning advises) and logs the cached memory",
                "it returned. The logs are full of 'cache' and 'flush', but DeepSpeed never warns of",
                "allocator cache flushes during a step: nothing for the rule to report.")]
    t0 = (2024, 10, 8, 15, 30, 0)
    out.append(ds_line(t0, 0.3, "INFO", "logging.py:96:log_dist", "[Rank 0] Creating torch.bfloat16 ZeRO stage 3 optimizer"))
    out.append(ds_line(t0, 0.3, "INFO", "stage3.py:166:__init__", "Reduce bucket size 500000000"))
    out.append(ds_line(t0, 0.3, "INFO", "stage3.py:167:__init__", "Prefetch bucket size 50000000"))
    out.append(ds_line(t0, 14.2, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed Final Optimizer = DeepSpeedZeroOptimizer_Stage3"))
    out.append("train.py: empty_cache_every=100 (flush the CUDA caching allocator on every rank at the same step)")
    total = 2000
    t = 20.0
    for s in range(10, total + 1, 10):
        t += 10 * (6.2 + r.gauss(0, 0.05))
        loss = 1.15 + 0.5 * math.exp(-s / 300.0) - 0.05 * s / total + r.gauss(0, 0.02)
        out.append("step %d/%d | loss %.4f | lr %.4e | step_time %.2fs"
                   % (s, total, loss, cosine(s, total, 1e-5, 60), 6.2 + r.gauss(0, 0.05)))
        if s % 100 == 0:
            out.append(ds_line(t0, t, "INFO", "logging.py:96:log_dist", "[Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.999)]"
                               % (s, cosine(s, total, 1e-5, 60))))
            out.append("[mem] step %d: get_accelerator().empty_cache() on all ranks, reserved %.1f -> %.1f GB (cache flushed)"
                       % (s, 66.0 + 3.0 * r.random(), 41.0 + r.random()))
    out.append("done: 2000 steps, model saved to out/ft-zero3")
    return "\n".join(out) + "\n"


@near_miss("ddp_find_unused_wasted", "hf_ddp_find_unused_parameters_false.log")
def _(r):
    out = [note("HF Trainer on torchrun (two GPUs) with ddp_find_unused_parameters=False in the",
                "TrainingArguments: DDP does not search the graph for unused parameters, so PyTorch",
                "has nothing to warn about. The arguments dump and the script mention the flag; the",
                "reducer never does. An info rule without a benign clause: it must not fire at all.")]
    out += torchrun_banner("2024-03-12 08:22:45,549")
    for k in (1, 0):
        out.append("03/12/2024 08:22:54 - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, "
                   "distributed training: True, 16-bits training: True" % (k, k))
    out.append("03/12/2024 08:22:54 - INFO - __main__ - Training/evaluation parameters " + hf_args_dump(
        {"ddp_find_unused_parameters": False, "gradient_checkpointing": False, "fp16": True, "bf16": False,
         "gradient_accumulation_steps": 1, "per_device_train_batch_size": 32, "learning_rate": 2e-05,
         "num_train_epochs": 3.0, "output_dir": "out/bert-base-sst2", "logging_steps": 50,
         "eval_strategy": "epoch"}).rstrip("\n"))
    out.append("03/12/2024 08:23:20 - INFO - __main__ - DDP: find_unused_parameters=False (every parameter of "
               "BertForSequenceClassification is used in each step)")
    out += trainer_banner("67,349", "3", "32", "3,159", total_batch="64")
    total = 3159
    evals = [(0.2311, 0.9209), (0.2204, 0.9278), (0.2186, 0.9301)]
    for k, line in enumerate(hf_curve(r, total, 50, 2e-5, 190, base=0.12, drop=0.45, tau=400.0, epochs=3)):
        out.append(line)
        s = (k + 1) * 50
        if s // 1053 != (s + 50) // 1053 or s + 50 > total:
            ep = min(s // 1053, 2)
            out.append(hf({"eval_loss": evals[ep][0], "eval_accuracy": evals[ep][1], "eval_runtime": 3.91,
                           "eval_samples_per_second": 223.0, "eval_steps_per_second": 3.58, "epoch": float(ep + 1)}))
    out.append(hf({"train_runtime": 1730.4, "train_samples_per_second": 116.763, "train_steps_per_second": 1.826,
                   "train_loss": 0.2047, "epoch": 3.0}))
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "tabular_nan_imputed_before_training.log")
def _(r):
    out = [note("A tabular pipeline that reports the NaN cells it found while preparing the data",
                "and imputes them, then trains: every loss it logs is finite and falls. The NaN",
                "was in the input table, not in training.")]
    out.append("Loaded adult.csv: 32561 rows, 15 columns")
    out.append("Detected NaN in column 'workclass' (1836 rows); imputing with the mode")
    out.append("Detected NaN in column 'occupation' (1843 rows); imputing with the mode")
    for e in range(1, 21):
        tl = 0.31 + 0.22 * math.exp(-e / 4) + r.gauss(0, 0.003)
        out.append("epoch %d train_loss %.4f val_loss %.4f val_acc %.4f" % (e, tl, tl + 0.02 + r.gauss(0, 0.003), 0.85 - 0.1 * math.exp(-e / 4)))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "llm_warmup_vocab_size_printed.log")
def _(r):
    out = [note("The first 120 steps of a 7B pre-training run: the learning rate is still",
                "warming up (it only rose), so the loss sits near ln(32000) = 10.37, where every",
                "new LLM starts. Too early to call it stuck.")]
    out.append("vocab_size: 32000")
    for s in range(1, 121):
        lr = 3e-4 * s / 2000
        out.append("step %d | loss %.4f | lr %.3e" % (s, 10.42 - 0.002 * s + r.gauss(0, 0.004), lr))
    return "\n".join(out) + "\n"


@near_miss("random_level_loss", "word_lm_converged_at_ppl_100.log")
def _(r):
    out = [note("The tail of PyTorch's word_language_model example on WikiText-2, resumed at",
                "epoch 31: converged at perplexity ~100, so the loss sits at 4.61 = ln 100. A",
                "language model's uniform guess is over its ~33k words (ln 33278 = 10.4), not 100.")]
    for ep in range(31, 36):
        for b in range(200, 2983, 400):
            loss = 4.61 + r.gauss(0, 0.006)
            out.append("| epoch %3d | %5d/ 2983 batches | lr 0.31 | ms/batch 10.52 | loss %5.2f | ppl %8.2f" % (ep, b, loss, math.exp(loss)))
        vl = 4.79 + r.gauss(0, 0.003)
        out.append("-" * 89)
        out.append("| end of epoch %3d | time: 31.40s | valid loss %5.2f | valid ppl %8.2f" % (ep, vl, math.exp(vl)))
        out.append("-" * 89)
    return "\n".join(out) + "\n"


@near_miss("wandb_not_logging", "network_error_resolved_new_footer.log")
def _(r):
    out = [note("wandb 0.19: a network error, which the client says it resolved twelve seconds",
                "later; the run ends with the footer of new versions (\"View run NAME at:\"), which",
                "no longer prints \"Synced N W&B file(s)\". Nothing was lost.")]
    out += ["wandb: Tracking run with wandb version 0.19.8",
            "wandb: Run data is saved locally in /workspace/wandb/run-20250312_142859-i31zyslt",
            "wandb: Syncing run frosty-shape-3",
            "wandb: \U0001F680 View run at https://wandb.ai/u/p/runs/i31zyslt"]
    curve = hf_curve(r, 600, 20, 5e-5, 30)
    for k, line in enumerate(curve):
        out.append(line)
        if k == 12:
            out.append("wandb: Network error (ReadTimeout), entering retry loop.")
        if k == 13:
            out.append("wandb: Network error resolved after 0:00:12.345678, resuming normal operation.")
    out.append(hf({"train_runtime": 640.2, "train_samples_per_second": 74.9, "train_steps_per_second": 0.94, "train_loss": 1.02, "epoch": 2.0}))
    out += ["wandb: \U0001F680 View run frosty-shape-3 at: https://wandb.ai/u/p/runs/i31zyslt",
            "wandb: Find logs at: wandb/run-20250312_142859-i31zyslt/logs"]
    return "\n".join(out) + "\n"


@near_miss("model_load_mismatch", "bart_classification_head.log")
def _(r):
    out = [note("BART fine-tuned for classification: its new head is classification_head.*,",
                "which fine-tuning initialises and trains, as it does BERT's classifier.")]
    out.append("Some weights of BartForSequenceClassification were not initialized from the model checkpoint at facebook/bart-base and are newly initialized: ['classification_head.dense.bias', 'classification_head.dense.weight', 'classification_head.out_proj.bias', 'classification_head.out_proj.weight']")
    out.append("You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.")
    out += hf_curve(r, 600, 20, 3e-5, 30)
    return "\n".join(out) + "\n"


@near_miss("model_load_mismatch", "resnet_numbered_classifier_resized.log")
def _(r):
    out = [note("ResNet-50 from ImageNet fine-tuned on 10 classes with ignore_mismatched_sizes:",
                "its head is classifier.1 (behind a Flatten), re-initialised for the new count.")]
    out.append("Some weights of ResNetForImageClassification were not initialized from the model checkpoint at microsoft/resnet-50 and are newly initialized because the shapes did not match:")
    out.append("- classifier.1.weight: found shape torch.Size([1000, 2048]) in the checkpoint and torch.Size([10, 2048]) in the model instantiated")
    out.append("- classifier.1.bias: found shape torch.Size([1000]) in the checkpoint and torch.Size([10]) in the model instantiated")
    out.append("You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.")
    out += hf_curve(r, 600, 20, 3e-4, 30)
    return "\n".join(out) + "\n"


@near_miss("dtype_mismatch_logged", "qlora_norms_and_router_fp32.log")
def _(r):
    out = [note("A QLoRA fine-tune of a MoE model prints its modules' dtypes: the body is",
                "bfloat16, while k-bit preparation keeps the layer norms float32 and the router",
                "computes in float32, by design.")]
    out += ["hidden_states dtype: torch.bfloat16", "LayerNorm dtype: torch.float32",
            "model.layers.0.block_sparse_moe.router dtype: torch.float32", "lora_A dtype: torch.float32"]
    out += hf_curve(r, 400, 10, 2e-4, 20)
    return "\n".join(out) + "\n"


@near_miss("nccl_timeout", "config_prints_nccl_timeout.log")
def _(r):
    out = [note("A run that prints its distributed settings, NCCL's collective timeout among",
                "them, at its start and again in the summary at its end. No collective timed out.")]
    out += ["Distributed settings:", "  backend: nccl", "  world size: 8", "  NCCL timeout: 1800s"]
    out += hf_curve(r, 400, 10, 2e-4, 20)
    out += ["Run summary:", "  NCCL timeout: 1800s", "  steps: 400"]
    return "\n".join(out) + "\n"


@near_miss("distributed_hang", "deepspeed_long_final_evaluation.log")
def _(r):
    out = [note("DeepSpeed pre-training that ends with a 40-minute evaluation on a held-out set,",
                "which prints nothing until its result; then the launcher says the process exited",
                "successfully. A long evaluation, not a hang.")]
    t = 0
    for s in range(10, 510, 10):
        t += 20
        out.append("[2024-05-01 10:%02d:%02d,000] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[3.000000e-04], mom=[(0.9, 0.95)]" % (t // 60 % 60, t % 60, s))
        out.append("steps: %d loss: %.4f iter time (s): 1.998 samples/sec: 128.1" % (s, 3.2 + 3.7 * math.exp(-s / 120) + r.gauss(0, 0.02)))
    out.append("[2024-05-01 10:16:41,000] [INFO] [eval.py:12:main] Running final evaluation on 2M held-out documents")
    out.append("[2024-05-01 10:58:20,000] [INFO] [eval.py:40:main] eval loss 3.21, ppl 24.8")
    out.append("[2024-05-01 10:58:21,000] [INFO] [launch.py:351:main] Process 4121 exits successfully.")
    return "\n".join(out) + "\n"


@near_miss("zero_loss", "loss_printed_one_decimal.log")
def _(r):
    out = [note("A small classifier whose script prints its loss to one decimal: the loss falls",
                "smoothly through 0.3, 0.2 and 0.1 to what rounds to 0.0 as the training set is",
                "learned. One quantum of the print, not a collapse.")]
    for e in range(1, 31):
        loss = 2.1 * math.exp(-e / 5.5)
        out.append("Epoch %d loss %.1f acc %.2f" % (e, loss, min(1.0, 0.3 + e * 0.03)))
    return "\n".join(out) + "\n"


@near_miss("eval_metric_degenerate", "keras_label_smoothing_train_acc_1.log")
def _(r):
    out = [note("The last ten epochs of a Keras classifier trained with label smoothing 0.1 on",
                "ten classes: it gets every training example right (accuracy 1.0000), and the",
                "smoothed cross-entropy cannot go below ~0.50, where it has settled.")]
    for e in range(41, 51):
        out.append("Epoch %d/50" % e)
        out.append("390/390 [==============================] - 12s 31ms/step - loss: %.4f - accuracy: 1.0000" % (0.5015 + r.gauss(0, 0.0004)))
    return "\n".join(out) + "\n"


@near_miss("nan_loss", "tensorboardx_warning_after_training.log")
def _(r):
    out = [note("tensorboardX warns that a value it was given was NaN or Inf once, after the",
                "script said training finished (a final evaluation's metric over an empty",
                "class); every training loss it logged was finite and falling.")]
    for s in range(100, 5001, 100):
        out.append("step %d loss %.4f" % (s, 0.4 + 1.9 * math.exp(-s / 1200) + r.gauss(0, 0.005)))
    out.append("Training finished.")
    out.append("warning: NaN or Inf found in input tensor.")
    return "\n".join(out) + "\n"


@near_miss("loss_scale_collapse", "fairseq_scale_probing_16_32.log")
def _(r):
    out = [note("fairseq in fp16: the dynamic scale halves from 128 to 16 in its first updates,",
                "then probes between 16 and 32 for the rest of the run (doubling after a clean",
                "window, halving at the next overflow); the last log happens to catch 16.")]
    scales = [128, 64, 32, 16] + [32, 16] * 12
    for k, sc in enumerate(scales):
        u = 100 * (k + 1)
        out.append("epoch 001:  %5d / 5000 loss=%.3f, nll_loss=%.3f, num_updates=%d, lr=0.0005, gnorm=%.2f, loss_scale=%d"
                   % (u, 4.1 + 5.5 * math.exp(-u / 600) + r.gauss(0, 0.02), 3.9 + 5 * math.exp(-u / 600), u, 0.45 + abs(r.gauss(0, 0.05)), sc))
    return "\n".join(out) + "\n"


@near_miss("negative_cross_entropy", "scan_clustering_entropy_bonus.log")
def _(r):
    out = [note("SCAN's clustering step: its total loss is the consistency loss minus five times",
                "the clusters' entropy, negative by design, while the clustering accuracy (after",
                "Hungarian matching) climbs.")]
    for e in range(1, 21):
        cons = 0.25 + 0.75 * math.exp(-e / 6)
        ent = 2.29 + r.gauss(0, 0.004)
        out.append("Epoch %d/20 Total loss %.4f Consistency loss %.4f Entropy %.4f ACC %.4f" % (e, cons - 5 * ent, cons, ent, 0.6 + 0.2 * (1 - math.exp(-e / 6))))
    return "\n".join(out) + "\n"


@near_miss("loss_unbounded_below", "flow_nll_converges_below_zero.log")
def _(r):
    out = [note("A masked autoregressive flow on BSDS300: its loss is a negative log-likelihood",
                "in nats of a continuous density, which goes below zero, and it levels off near",
                "-147, where published models sit (it is still easing down at -141 when the log",
                "ends). It has a floor; it is not running away.")]
    for e in range(1, 41):
        tl = -150 + 260 * math.exp(-e / 12) + r.gauss(0, 0.3)
        out.append("Epoch %d: train_loss=%.3f val_loss=%.3f" % (e, tl, tl + 2.0))
    return "\n".join(out) + "\n"


@near_miss("memory_growth", "sequence_length_curriculum.log")
def _(r):
    out = [note("DeepSpeed's sequence-length warm-up (curriculum learning) grows the length from",
                "256 to 2048 over 400 steps, as it announces; the memory grows with it, slower than",
                "the length (the weights and optimizer state stay the same). Not a leak.")]
    out.append("[INFO] curriculum learning enabled: seqlen warmup from 256 to 2048 over 400 steps (difficulty_type=value, schedule=fixed_linear)")
    for s in range(5, 401, 5):
        sl = int(256 + (2048 - 256) * s / 400)
        out.append("step %d | seqlen %d | loss %.4f | lr 3.0e-04 | memory %.2f" % (s, sl, 3.1 + 3.9 * math.exp(-s / 110) + r.gauss(0, 0.01), 4.5 + 0.0098 * sl))
    return "\n".join(out) + "\n"


@near_miss("cuda_oom", "lm_eval_batch_size_auto_after_training.log")
def _(r):
    out = [note("After training, lm-evaluation-harness with batch_size=auto searches for the",
                "largest batch that fits: one attempt runs out of memory, as the search expects,",
                "and it settles on 16 and prints its results.")]
    out += hf_curve(r, 600, 20, 5e-5, 30)
    out.append(hf({"train_runtime": 1234.5, "train_samples_per_second": 116.6, "train_steps_per_second": 1.82, "train_loss": 1.02, "epoch": 2.0}))
    out.append("Passed argument batch_size = auto. Detecting largest batch size")
    out.append("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.10 GiB is free.")
    out.append("Determined Largest batch size: 16")
    out.append("|  Tasks  |Version|Filter|n-shot| Metric |Value |   |Stderr|")
    out.append("|hellaswag|      1|none  |     0|acc     |0.4120|\u00b1  |0.0049|")
    return "\n".join(out) + "\n"


@near_miss("training_crash", "hub_upload_retried_after_training.log")
def _(r):
    out = [note("After training, the upload to the Hub fails once with a 503 (the script logs the",
                "traceback), is retried ten seconds later and completes. The run did not crash.")]
    out += hf_curve(r, 600, 20, 5e-5, 30)
    out.append(hf({"train_runtime": 1234.5, "train_samples_per_second": 116.6, "train_steps_per_second": 1.82, "train_loss": 1.02, "epoch": 2.0}))
    out += ["Uploading to hub...", "Traceback (most recent call last):",
            '  File "push.py", line 12, in push', "    api.upload_folder(folder_path='out')",
            "requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: https://huggingface.co/api/models/org/model/preupload/main",
            "push_to_hub failed (attempt 1/5), retrying in 10s",
            "Upload complete: https://huggingface.co/org/model/commit/abc123"]
    return "\n".join(out) + "\n"


@near_miss("crash_after_training", "mlflow_upload_retried.log")
def _(r):
    out = [note("mmdetection's last epoch ends; its upload of the metrics to MLflow times out once",
                "(the traceback is logged), is retried and succeeds.")]
    t = 0
    for ep in range(1, 4):
        for it in range(50, 501, 50):
            t += 50
            out.append("2024/02/01 %02d:%02d:%02d - mmengine - INFO - Epoch(train) [%d][%3d/500]  lr: 1.0000e-02  eta: 0:07:30  time: 0.4512  data_time: 0.0123  memory: 5123  loss: %.4f  loss_cls: 0.3000  loss_bbox: 0.2000"
                       % (9 + t // 3600, t // 60 % 60, t % 60, ep, it, 0.55 + 0.6 * math.exp(-(ep * 500 + it) / 500) + r.gauss(0, 0.01)))
        out.append("2024/02/01 %02d:%02d:%02d - mmengine - INFO - Saving checkpoint at %d epochs" % (9 + t // 3600, t // 60 % 60, t % 60, ep))
        out.append("2024/02/01 %02d:%02d:%02d - mmengine - INFO - Epoch(val) [%d][100/100]    coco/bbox_mAP: %.4f  data_time: 0.0020  time: 0.1000" % (9 + t // 3600, t // 60 % 60, t % 60, ep, 0.25 + 0.05 * ep))
    out += ["2024/02/01 11:25:10 - mmengine - ERROR - Failed to upload metrics to MLflow (attempt 1/3)",
            "Traceback (most recent call last):",
            '  File "log.py", line 120, in http_request',
            "mlflow.exceptions.MlflowException: API request failed: Read timed out. (read timeout=120)",
            "2024/02/01 11:25:20 - mmengine - INFO - Retrying upload (attempt 2/3)",
            "2024/02/01 11:25:21 - mmengine - INFO - Metrics uploaded to MLflow run 4b1c2d"]
    return "\n".join(out) + "\n"


@near_miss("overfitting", "vae_kl_term_rises_on_both_sets.log")
def _(r):
    out = [note("A VAE on MNIST: its KL term grows as the encoder starts using the latent space,",
                "on the training set (kl_loss, which the catalog names vae_kl) as on the",
                "validation set (val_kl_loss), while both total losses fall. A held-out term that",
                "rises with its training twin is the objective's trade-off, not overfitting.")]
    for e in range(1, 21):
        kl = 25 - 17 * math.exp(-e / 5)
        rec = 90 + 95 * math.exp(-e / 6)
        out.append("Epoch %d: loss=%.2f recon_loss=%.2f kl_loss=%.3f val_loss=%.2f val_recon_loss=%.2f val_kl_loss=%.3f"
                   % (e, rec + kl, rec, kl, rec + kl + 4, rec + 4, kl + r.gauss(0, 0.01)))
    return "\n".join(out) + "\n"


@near_miss("grad_norm_nonfinite", "fp16_finetune_from_low_loss_inf_norms.log")
def _(r):
    out = [note("An fp16 fine-tune that starts from a low loss (0.51) and falls a little: the loss",
                "scaler overflows three times in 60 logs, each an Inf norm (never NaN) with finite",
                "norms after it. The scaler skipped those steps.")]
    for k in range(1, 61):
        gn = "inf" if k in (12, 30, 45) else "%.3f" % (0.95 + r.gauss(0, 0.03))
        out.append("{'loss': %.4f, 'grad_norm': %s, 'learning_rate': %.3e, 'epoch': %.2f}"
                   % (0.45 + 0.06 * math.exp(-k / 20) + r.gauss(0, 0.006), gn, 2e-5 * (1 - k / 61), k * 0.05))
    return "\n".join(out) + "\n"


@near_miss("dpo_reference_mismatch", "trl_cpo_rewards_reference_free.log")
def _(r):
    out = [note("TRL's CPO: its rewards are beta times the policy's own log-probabilities, so",
                "they sit near -29 from the first log by design; there is no reference model.")]
    for k in range(1, 21):
        lc, lr_ = -289.0 + k, -303.0 - 3 * k
        out.append(hf({"loss": round(0.52 - 0.012 * k + r.gauss(0, 0.01), 4), "rewards/chosen": round(lc / 10, 2),
                       "rewards/rejected": round(lr_ / 10, 2), "rewards/accuracies": round(0.61 + 0.012 * k, 3),
                       "rewards/margins": round((lc - lr_) / 10, 2), "logps/chosen": lc, "logps/rejected": lr_,
                       "nll_loss": 0.3, "epoch": round(0.05 * k, 2)}))
    return "\n".join(out) + "\n"


@near_miss("rl_reference_mismatch", "distillation_kl_to_teacher_falls.log")
def _(r):
    out = [note("Knowledge distillation: the student's KL to the teacher starts at 4.2 and falls",
                "as it learns. No reward, no policy: a KL that falls is the objective working.")]
    for s_ in range(0, 2001, 50):
        kl = 0.6 + 3.6 * math.exp(-s_ / 500)
        out.append("step %d | loss %.4f | kl %.4f" % (s_, 0.8 * kl + 0.5 + r.gauss(0, 0.01), kl + r.gauss(0, 0.01)))
    return "\n".join(out) + "\n"


@near_miss("throughput_drop", "long_context_stage_tokens_per_s.log")
def _(r):
    out = [note("Continued pre-training in two stages: 4096-token sequences, then a long-context",
                "stage at 32768. Tokens per second fall as attention's cost per token grows with",
                "the length, as the log's own seq_len shows.")]
    for s_ in range(0, 4000, 50):
        sl = 4096 if s_ < 2000 else 32768
        tps = (410000 if sl == 4096 else 228000) * (1 + r.gauss(0, 0.01))
        out.append("step %d | loss %.4f | seq_len %d | tokens_per_sec %d" % (s_, 2.6 + 3 * math.exp(-s_ / 800) + r.gauss(0, 0.02), sl, tps))
    return "\n".join(out) + "\n"


@near_miss("exploding_gradients", "backbone_unfrozen_norm_steps_up.log")
def _(r):
    out = [note("Fine-tuning with a frozen backbone for four epochs, then unfreezing it, as the",
                "log says: the gradient norm is the whole model's from then on, 30x the head's,",
                "and holds there while the loss goes on falling.")]
    for s_ in range(50, 2001, 50):
        if s_ == 1050:
            out.append("Epoch 5: unfreezing backbone (all layers trainable)")
        gn = (0.055 if s_ < 1050 else 1.65) * (1 + r.gauss(0, 0.05))
        out.append("step %d loss %.4f grad_norm %.4f" % (s_, 0.35 + 0.9 * math.exp(-s_ / 600) + r.gauss(0, 0.01), gn))
    return "\n".join(out) + "\n"


def curriculum_log(r, total, change, every=25, after=(1.3, 0.15)):
    out = []
    for s_ in range(0, total, every):
        if s_ == change:
            out.append("Curriculum: moving to stage 2/2 (harder examples, len<=2048)")
        base = 1.0 + 0.8 * math.exp(-s_ / 400) if s_ < change else after[0] + after[1] * math.exp(-(s_ - change) / 2000)
        out.append("step %d | loss %.4f" % (s_, base + r.gauss(0, 0.01)))
    return out


@near_miss("loss_divergence", "curriculum_harder_stage_jump.log")
def _(r):
    out = [note("A two-stage curriculum: at step 3000 the run moves to harder, longer examples, as",
                "it says; the loss steps up to the new data's level once and falls from there.")]
    return "\n".join(out + curriculum_log(r, 6000, 3000)) + "\n"


@near_miss("loss_creep", "curriculum_harder_stage_jump.log")
def _(r):
    out = [note("A two-stage curriculum: at step 1000 the run moves to harder examples, as it",
                "says; the loss steps up to the new data's level once and eases down from there.")]
    return "\n".join(out + curriculum_log(r, 2040, 1000, every=40, after=(1.4, 0.05))) + "\n"


@near_miss("dpo_overoptimization", "three_logs_one_low_batch.log")
def _(r):
    out = [note("The first three logs of a DPO run: the loss swings (0.33, 4.34, 0.0076) with a",
                "negative margin between; the last is one batch's low, not a loss that stays at 0.")]
    rows = [(0.3271, 9.77, 5.69, 1.0), (4.337, 10.38, 14.29, 0.5), (0.0076, 9.01, 3.83, 1.0)]
    for k, (loss, c, j, acc) in enumerate(rows):
        out.append(hf({"loss": loss, "learning_rate": 2.86e-06 * (k + 1), "rewards/chosen": c, "rewards/rejected": j,
                       "rewards/accuracies": acc, "rewards/margins": round(c - j, 3), "epoch": round(0.01 * k, 2)}))
    return "\n".join(out) + "\n"


@near_miss("loss_spike", "hf_sweep_two_trials_one_log.log")
def _(r):
    out = [note("A learning-rate sweep printed into one console log: two HF Trainer runs of three",
                "epochs each, their dicts without a bar. The second trial's first loss stands above",
                "the first trial's last because it starts over, not because it spiked.")]
    for trial, peak in ((1, 5e-5), (2, 3e-5)):
        out.append("***** Running training *****")
        out.append("  Total optimization steps = 600")
        for k in range(1, 31):
            out.append("{'loss': %.4f, 'learning_rate': %.3e, 'epoch': %.1f}" % (0.31 + 0.38 * math.exp(-k / 9) + r.gauss(0, 0.003), peak * (1 - k / 30), k * 0.1))
    return "\n".join(out) + "\n"


@near_miss("val_score_decline", "keras_recall_falls_as_precision_rises.log")
def _(r):
    out = []
    for e in range(1, 21):
        t = e / 20.0
        prec = 0.25 + 0.65 * (1 - math.exp(-4 * t)) + r.gauss(0, 0.01)
        rec = 0.99 - 0.16 * (1 - math.exp(-4 * t)) + r.gauss(0, 0.006)
        auc = 0.88 + 0.11 * (1 - math.exp(-4 * t)) + r.gauss(0, 0.003)
        loss = 0.12 + 0.3 * math.exp(-3 * t) + r.gauss(0, 0.004)
        vloss = 0.11 + 0.23 * math.exp(-3 * t) + r.gauss(0, 0.004)
        out.append("Epoch %d/20" % e)
        out.append("891/891 [==============================] - 4s 4ms/step - loss: %.4f - precision: %.4f - recall: %.4f - auc: %.4f"
                   " - val_loss: %.4f - val_precision: %.4f - val_recall: %.4f - val_auc: %.4f"
                   % (loss, prec - 0.02, rec + 0.01, auc - 0.01, vloss, prec, rec, min(auc, 0.995)))
    sidecar = ("A Keras fraud classifier (1% positives) that at first calls nearly every transaction\n"
               "positive: validation recall starts near 0.99 and settles near 0.83 as precision rises\n"
               "from 0.25 to 0.9, the AUC to 0.99 and the validation loss falls: a threshold's trade-off.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("throughput_drop", "progressive_resizing_res_grows.log")
def _(r):
    out = []
    for ep in range(16):
        res = 160 + 64 * ep // 15
        for it in range(0, 2500, 625):
            ips = 27800 * (160.0 / res) ** 2 * (1 + r.gauss(0, 0.008))
            out.append("ep=%d it=%d/2500 res=%d loss=%.4f img/s=%d"
                       % (ep, it, res, 6.9 * math.exp(-(ep * 2500 + it) / 14000.0) + 1.2, int(ips)))
    sidecar = ("An FFCV-style ResNet-50 recipe with progressive resizing: the resolution grows from\n"
               "160 to 224 pixels a side over sixteen epochs, and images per second fall as the\n"
               "pixels grow, (160/224) squared: the work per image the schedule planned.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("overfitting", "vae_kl_weight_anneals_after_best.log")
def _(r):
    out = []
    for s in range(0, 30001, 1000):
        beta = min(1.0, s / 15000.0)
        recon = 79.5 + 100 * math.exp(-s / 2500.0) + r.gauss(0, 0.6)
        kl = 26 - 23 * math.exp(-s / 2500.0) + r.gauss(0, 0.1)
        out.append("step %6d | loss %8.3f | recon %8.3f | kl %7.3f | beta %.4f" % (s, recon + beta * kl, recon, kl, beta))
        if s and s % 3000 == 0:
            vrecon = recon + 1.1 + r.gauss(0, 0.2)
            out.append("[eval] step %6d | val_loss %8.3f | val_recon %8.3f | val_kl %7.3f" % (s, vrecon + beta * kl, vrecon, kl))
    sidecar = ("A VAE whose KL weight (beta, logged) anneals from 0 to 1 over 15000 steps: the total\n"
               "loss rises on both sets while beta grows, though the reconstruction keeps falling and\n"
               "the validation's stays 1.1 above the training's. The objective changed, not the gap.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("run_truncated", "composer_console_batch_blocks.log")
def _(r):
    out = []
    for b in range(10, 101, 10):
        out.append("[batch=%d/100]:" % b)
        out.append("\t Train time/epoch: 0")
        out.append("\t Train time/batch: %d" % (b - 1))
        out.append("\t Train time/sample: %d" % (b * 8))
        out.append("\t Train loss/train/total: %.4f" % (2.2 + 8 * math.exp(-b / 25.0) + r.gauss(0, 0.03)))
    sidecar = ("Composer's ConsoleLogger through a one-epoch run of 100 batches: each block under its\n"
               "[batch=N/100] header also prints Train time/epoch: 0. The run reached its last batch.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("grad_clip_saturated", "fairseq_clips_warmup_updates_only.log")
def _(r):
    out = []
    loss = 11.2
    for u in range(50, 2001, 50):
        loss = max(4.5, loss - 0.16 + r.gauss(0, 0.03))
        clip = 100 if u <= 400 else max(0, int(40 - u / 40 + r.gauss(0, 3)))
        out.append("| epoch 001:  %4d / 2248 loss=%.3f, nll_loss=%.3f, ppl=%.2f, wps=%d, ups=3, wpb=3450, bsz=118, "
                   "num_updates=%d, lr=0.0005, gnorm=%.3f, clip=%d%%, oom=0, wall=%d, train_wall=%d"
                   % (u, loss, loss - 0.4, 2 ** (loss - 0.4), 8100 + r.randrange(300), u,
                      0.3 + 3 * math.exp(-u / 300.0) + abs(r.gauss(0, 0.05)), clip, u // 3, u // 3 - 2))
    sidecar = ("fairseq's transformer on IWSLT: the warm-up's first 400 updates are all clipped\n"
               "(clip=100%), then the share of clipped updates falls to none as the norm settles.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("nan_loss", "xgboost_gblinear_train_logloss_nan.log")
def _(r):
    out = []
    tl, ta, vl, va = 0.45, 0.86, 0.46, 0.855
    for k in range(0, 60):
        tl, ta = tl * 0.985, ta + 0.0004
        vl, va = vl * 0.986 + 0.0012, va + 0.0004
        out.append("[%d]\ttrain-logloss:%s\ttrain-auc:%.6f\tvalid-logloss:%.6f\tvalid-auc:%.6f"
                   % (k, "-nan" if k >= 44 else "%.6f" % tl, ta, vl, va))
        out.append("boosting round %d, %d sec elapsed" % (k + 1, 2 * k + 3))
    sidecar = ("XGBoost's gblinear with a logistic objective: from round 44 the training logloss prints\n"
               "-nan (a training prediction reached 0 or 1, and the metric takes log 0), while the\n"
               "validation logloss goes on falling and both AUCs rise. The trees are fine.\n")
    return "\n".join(out) + "\n", sidecar


def hf_short_run(r):
    out = ["***** Running training *****", "  Num examples = 25,000", "  Num Epochs = 1",
           "  Total optimization steps = 782"]
    for k, lr in enumerate([2e-5, 1.5e-5, 1e-5, 5e-6, 0.0]):
        out.append("{'loss': %.4f, 'grad_norm': %.1f, 'learning_rate': %s, 'epoch': %.2f}"
                   % (0.69 - 0.1 * k + r.gauss(0, 0.01), 5.5 - k * 0.8, lr, 0.2 * (k + 1)))
    out.append("{'eval_loss': 0.2712, 'eval_accuracy': 0.9021, 'eval_runtime': 95.1, 'epoch': 1.0}")
    out.append("{'train_runtime': 512.3, 'train_samples_per_second': 48.8, 'train_steps_per_second': 0.39, "
               "'train_loss': 0.4233, 'epoch': 1.0}")
    out.append("Saving model checkpoint to distilbert-imdb")
    out.append("Training completed. Do not forget to share your model on huggingface.co/models =)")
    return out


@near_miss("host_oom", "slurm_memory_note_after_completion.log")
def _(r):
    out = hf_short_run(r)
    out.append("slurmstepd: error: Exceeded step memory limit at some point.")
    sidecar = ("A finished HF Trainer job whose Slurm accounting notes that the step's cgroup reached its\n"
               "memory limit at some point (page cache counts): no process was killed, the run completed.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("training_crash", "hf_console_push_to_hub_fails_after_training.log")
def _(r):
    out = hf_short_run(r)
    out += ["Traceback (most recent call last):",
            '  File "/workspace/train.py", line 212, in <module>',
            "    trainer.push_to_hub()",
            '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 3812, in push_to_hub',
            "    return upload_folder(",
            "huggingface_hub.utils._errors.HfHubHTTPError: 401 Client Error: Unauthorized for url: "
            "https://huggingface.co/api/repos/create"]
    sidecar = ("HF Trainer dicts without a bar: training completed and saved its model, then push_to_hub\n"
               "failed for want of a token. The training is done; only the upload failed.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("segfault", "segfault_at_exit_after_completion.log")
def _(r):
    out = hf_short_run(r)
    out.append("Segmentation fault (core dumped)")
    sidecar = ("A finished HF Trainer run that segfaults at interpreter exit, after it said training\n"
               "completed and saved the model: a crash at teardown, no metric after it.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("lr_schedule", "steplr_printed_four_decimals.log")
def _(r):
    out = []
    tl, vl = 1.18, 1.15
    for e in range(1, 31):
        lr = 1e-3 * 0.1 ** ((e - 1) // 10)
        tl = tl * (0.91 if e <= 10 else 0.96 if e <= 20 else 0.985) + r.gauss(0, 0.003)
        vl = max(0.3, vl * (0.92 if e <= 10 else 0.97 if e <= 20 else 0.99))
        out.append("Epoch %3d/30 | lr %.4f | train_loss %.4f | val_loss %.4f" % (e, lr, tl, vl))
    sidecar = ("StepLR(step_size=10, gamma=0.1) from 1e-3, printed with %.4f: the last ten epochs run at\n"
               "1e-5, which prints as 0.0000, while both losses keep falling. A step decay, no zero rate.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("loss_repeats", "sb3_ppo_three_significant_digits.log")
def _(r):
    out = []
    loss, rew = 20.0, -230.0
    for k in range(1, 151):
        loss = loss * 1.06 + r.gauss(0, 3) if k < 30 else min(260.0, max(110.0, loss + r.gauss(0, 12)))
        rew = min(1500.0, rew + 35 + r.gauss(0, 10))
        out += ["-------------------------------------",
                "| rollout/            |             |",
                "|    ep_rew_mean      | %-11s |" % ("%.3g" % rew),
                "| time/               |             |",
                "|    total_timesteps  | %-11d |" % (2048 * k),
                "| train/              |             |",
                "|    loss             | %-11s |" % ("%.3g" % loss),
                "|    learning_rate    | 0.0003      |",
                "|    n_updates        | %-11d |" % (10 * k),
                "-------------------------------------"]
    sidecar = ("Stable-Baselines3's PPO tables print three significant digits: a value loss above 100\n"
               "prints as an integer (112, 134), so equal prints come by chance as the loss grows with\n"
               "the returns; the reward rises the whole run.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("zero_gradients", "grad_norm_two_decimals_fades_to_zero.log")
def _(r):
    out = []
    for s in range(10, 3001, 10):
        gn = 0.56 * math.exp(-s / 250.0)
        loss = 0.66 * math.exp(-s / 300.0) + 0.0008 + abs(r.gauss(0, 0.0004))
        out.append("step %5d | loss %.4f | grad_norm %.2f | lr %.2e" % (s, loss, gn, 2e-5 * (1 - s / 3000.0)))
    sidecar = ("A fine-tune that converges: its gradient norm, printed to two decimals, falls from 0.56\n"
               "to 0.01 and then prints as 0.00 for the rest of the run as the loss reaches 0.001.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("vanishing_gradients", "grad_norm_two_decimals_reads_zero_at_end.log")
def _(r):
    out = []
    for s in range(20, 2001, 20):
        gn = 0.55 * math.exp(-s / 350.0) + (0.004 if s < 1900 else 0.0)
        loss = 0.62 * math.exp(-s / 380.0) + 0.0015 + abs(r.gauss(0, 0.0003))
        out.append("step %5d | loss %.4f | grad_norm %.2f" % (s, loss, gn))
    sidecar = ("A converging fine-tune whose gradient norm, printed to two decimals, reads 0.01 and then\n"
               "0.00 at its last logs: a norm below 0.005, not one that vanished to 1e-4 of its start.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("loss_plateau", "diffusers_dreambooth_loss_lr_postfix.log")
def _(r):
    out = ["12/01/2023 10:00:00 - INFO - __main__ - ***** Running training *****",
           "12/01/2023 10:00:00 - INFO - __main__ -   Num examples = 5",
           "12/01/2023 10:00:00 - INFO - __main__ -   Total optimization steps = 400"]
    for s in range(1, 401, 4):
        out.append("Steps: %3d%%|%s| %d/400 [00:%02d<04:00,  1.40it/s, loss=%.3g, lr=5e-06]"
                   % (s * 100 // 400, "#" * (s // 40), s, s % 60, abs(0.12 + r.gauss(0, 0.1)) + 0.005))
    sidecar = ("diffusers' DreamBooth script: its bar's postfix is the loss and the rate alone. A\n"
               "denoising loss depends on the noise level drawn for each batch and stays near its start\n"
               "while the model learns the subject; judge the run by its samples.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("throughput_drop", "probe_then_unfreeze_backbone.log")
def _(r):
    out = []
    loss = 2.1
    for e in range(1, 11):
        if e == 6:
            out.append("==> Unfreezing backbone, switching to full fine-tuning (lr=1e-4)")
        for it in range(200, 1001, 200):
            loss = loss * 0.985 + r.gauss(0, 0.01)
            sps = (2380 if e < 6 else 1330) + r.gauss(0, 40)
            out.append("[%s] epoch %d it %d/1000 loss %.4f samples_per_sec: %.1f"
                       % ("probe" if e < 6 else "finetune", e, it, loss, sps))
    sidecar = ("A linear probe for five epochs, then the backbone is unfrozen for full fine-tuning:\n"
               "samples per second fall from 2380 to 1330 where the log says so, by plan.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("overfitting", "hf_console_loads_best_model_at_end.log")
def _(r):
    out = ["***** Running training *****", "  Num examples = 8,551", "  Num Epochs = 5",
           "  Total optimization steps = 1,340"]
    evals = [0.4630, 0.4389, 0.4812, 0.5733, 0.6315]
    for e in range(5):
        for k in range(3):
            out.append("{'loss': %.4f, 'grad_norm': %.2f, 'learning_rate': %.3e, 'epoch': %.2f}"
                       % (0.55 * 0.7 ** (e + k / 3.0) + r.gauss(0, 0.01), 4 + r.random(), 2e-5 * (1 - (e * 3 + k) / 15.0),
                          e + (k + 1) / 3.0))
        out.append("{'eval_loss': %.4f, 'eval_runtime': 3.1, 'epoch': %.1f}" % (evals[e], e + 1.0))
    out.append("Loading best model from out/checkpoint-536 (score: 0.4389).")
    out.append("{'train_runtime': 412.3, 'train_samples_per_second': 103.7, 'train_loss': 0.2631, 'epoch': 5.0}")
    sidecar = ("HF Trainer on CoLA with load_best_model_at_end: the evaluation loss is best at the second\n"
               "epoch and rises after it, and the Trainer loads that checkpoint once training ends.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("overfitting", "keras_modelcheckpoint_save_best_only.log")
def _(r):
    out = []
    for e in range(1, 31):
        vl = 0.55 * math.exp(-e / 3.0) + 0.3 + (0.012 * (e - 10) if e > 10 else 0)
        va = 0.78 + 0.1 * (1 - math.exp(-e / 3.0)) - (0.007 * (e - 10) if e > 10 else 0)
        out.append("Epoch %d/30" % e)
        out.append("469/469 [==============================] - 3s 6ms/step - loss: %.4f - accuracy: %.4f"
                   " - val_loss: %.4f - val_accuracy: %.4f"
                   % (0.6 * math.exp(-e / 5.0) + 0.02, min(0.999, 0.8 + 0.2 * (1 - math.exp(-e / 5.0))), vl, va))
        if e <= 10:
            out.append("Epoch %d: val_loss improved from %s to %.5f, saving model to best_model.keras"
                       % (e, "inf" if e == 1 else "%.5f" % prev, vl))
        else:
            out.append("Epoch %d: val_loss did not improve from %.5f" % (e, best))
        prev = vl
        if e == 10:
            best = vl
    sidecar = ("Keras with ModelCheckpoint(save_best_only=True): validation loss and accuracy are best at\n"
               "epoch 10 and worsen after it; the best model was saved to disk at that epoch.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("loss_repeats", "dcgan_losses_move.log")
def _(r):
    out = []
    d, g = 1.2, 3.5
    for epoch in range(5):
        for i in range(0, 1600, 50):
            d = max(0.05, d + r.gauss(0, 0.15))
            g = max(0.5, g + r.gauss(0, 0.4))
            out.append("[%d/5][%d/1583]\tLoss_D: %.4f\tLoss_G: %.4f\tD(x): %.4f\tD(G(z)): %.4f / %.4f"
                       % (epoch, i, d, g, 0.5 + r.random() * 0.4, r.random() * 0.3, r.random() * 0.2))
    sidecar = ("PyTorch's DCGAN tutorial on CelebA: the discriminator's and the generator's losses move at\n"
               "every print, as an adversarial game's do; neither repeats.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("eval_metric_degenerate", "yolov8_scratch_map_zero_first_epochs.log")
def _(r):
    out = []
    b, c, d = 3.9, 5.2, 4.1
    for e in range(1, 7):
        b, c, d = b * 0.9, c * 0.8, d * 0.92
        out.append("")
        out.append("      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size")
        out.append("      %d/300      6.2G      %.3f      %.3f      %.3f        112        640: 100%%|##########| 120/120 [01:02<00:00,  1.93it/s]" % (e, b, c, d))
        out.append("                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): 100%|##########| 8/8 [00:03<00:00,  2.41it/s]")
        out.append("                   all        250       1840          0          0          0          0")
    sidecar = ("YOLOv8 trained from scratch (no pretrained weights): its first six epochs detect nothing\n"
               "yet (mAP 0) while every loss falls by a third and more, as a detector from scratch does.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("slow_dataloader", "timm_first_batch_waits_for_workers.log")
def _(r):
    out = []
    for b in range(0, 5004, 250):
        data = 31.5 if b == 0 else 0.012 + r.random() * 0.01
        t = data + 0.2 + r.random() * 0.02
        out.append("Train: 0 [%4d/5004 (%3d%%)]  Loss:  %.6f (%.4f)  Time: %.3fs, %7.2f/s  (0.231s, 1108.20/s)  LR: 1.000e-01  Data: %.3f (0.021)"
                   % (b, b * 100 // 5004, 6.9 - b / 4000 + r.gauss(0, 0.05), 6.9 - b / 5000, t, 256 / t, data))
    sidecar = ("timm's first batch of a run waits half a minute for its DataLoader workers to start;\n"
               "every later batch waits about 0.02 s of a 0.22 s step. One start-up wait, no slow loader.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("negative_cross_entropy", "keras_negated_dice_towards_minus_one.log")
def _(r):
    out = []
    for e in range(1, 16):
        dice = 0.1 + 0.83 * (1 - math.exp(-e / 4.0)) + r.gauss(0, 0.005)
        out.append("Epoch %d/15" % e)
        out.append("120/120 [==============================] - 14s 117ms/step - loss: %.4f - accuracy: %.4f"
                   " - val_loss: %.4f - val_accuracy: %.4f"
                   % (-dice, 0.9 + 0.08 * dice, -dice + 0.03, 0.89 + 0.08 * dice))
    sidecar = ("A Keras U-Net trained on the negated Dice coefficient: the loss goes from -0.1 towards\n"
               "-0.93 and can never pass -1; a score written as a loss, not a cross-entropy below 0.\n")
    return "\n".join(out) + "\n", sidecar


@near_miss("slow_dataloader", "timm_each_epoch_first_batch_waits.log")
def _(r):
    out = []
    for ep in range(12):
        for b in range(0, 1251, 175):
            data = 2.9 if b == 0 else 0.012 + r.random() * 0.004
            t = data + 0.3 + r.random() * 0.02
            out.append("Train: %d [%4d/1251 (%3d%%)]  Loss: %.3f (%.2f)  Time: %.3fs, %7.2f/s  (0.345s,  742.10/s)  LR: 3.333e-04  Data: %.3f (0.025)"
                       % (ep, b, b * 100 // 1251, 6.9 - 0.3 * ep - b / 5000 + r.gauss(0, 0.03), 6.9 - 0.3 * ep, t, 256 / t, data))
    sidecar = ("timm logging every 175th of an epoch's 1251 batches: each epoch's first batch waits 2.9 s\n"
               "for its workers to start and is one log in eight, though it is one batch in 1251.\n")
    return "\n".join(out) + "\n", sidecar


if __name__ == "__main__":
    import sys
    only = sys.argv[1:]
    for (rule, name), fn in sorted(FILES.items()):
        if only and rule not in only and name not in only:
            continue
        d = os.path.join(HERE, rule)
        os.makedirs(d, exist_ok=True)
        seed = sum(ord(c) for c in rule + name)
        text = fn(random.Random(seed))
        if isinstance(text, tuple):
            text, sidecar = text
            stem = os.path.splitext(name)[0]
            with open(os.path.join(d, stem + ".txt"), "w") as f:
                f.write(sidecar)
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
