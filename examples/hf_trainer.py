"""Shared by the examples' make.py: what transformers.Trainer leaves behind,
its console output (header, tqdm bar, log dicts) and its trainer_state.json."""
import json
import sys

from tqdm import tqdm


# ---- console output in the shape transformers.Trainer prints it ----
def hf_header(num_examples, epochs, batch, total_steps, n_params):
    print("***** Running training *****")
    print(f"  Num examples = {num_examples:,}")
    print(f"  Num Epochs = {epochs:,}")
    print(f"  Instantaneous batch size per device = {batch:,}")
    print(f"  Total train batch size (w. parallel, distributed & accumulation) = {batch:,}")
    print("  Gradient Accumulation steps = 1")
    print(f"  Total optimization steps = {total_steps:,}")
    print(f"  Number of trainable parameters = {n_params:,}")


def hf_bar(total_steps):
    return tqdm(total=total_steps, file=sys.stdout, ncols=120)


def hf_log(bar, logs):
    # ProgressCallback.on_log: the dict is written above the bar
    bar.write(str(logs), file=sys.stdout)


# ---- transformers.TrainerState, saved the way Trainer saves it ----
def print_trainer_state(log_history, global_step, max_steps, epochs, logging_steps, eval_steps,
                        train_batch_size, save_steps=500):
    state = {
        "best_metric": None, "best_model_checkpoint": None, "epoch": log_history[-1]["epoch"],
        "eval_steps": eval_steps, "global_step": global_step, "is_hyper_param_search": False,
        "is_local_process_zero": True, "is_world_process_zero": True, "log_history": log_history,
        "logging_steps": logging_steps, "max_steps": max_steps, "num_input_tokens_seen": 0,
        "num_train_epochs": epochs, "save_steps": save_steps,
        "stateful_callbacks": {"TrainerControl": {"args": {
            "should_epoch_stop": False, "should_evaluate": False, "should_log": False,
            "should_save": True, "should_training_stop": True}, "attributes": {}}},
        "total_flos": 0.0, "train_batch_size": train_batch_size, "trial_name": None, "trial_params": None,
    }
    print(json.dumps(state, indent=2, sort_keys=True))  # NaN is written bare, as Trainer writes it
