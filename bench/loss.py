"""What a user writes instead of mldiag: pull the loss series out of a log
with the standard library and print it, one "step loss" line per point.

    python3 bench/loss.py FORMAT FILE      (FORMAT: hf nanogpt megatron csv jsonl)
    python3 bench/loss.py --pandas FORMAT FILE   (csv and jsonl, with pandas)
"""
import csv
import json
import re
import sys


def hf(f):
    pat = re.compile(r"'loss': ([^,}]+)")
    n = 0
    for line in f:
        for seg in line.split("\r"):
            m = pat.search(seg)
            if m:
                n += 1
                yield n, float(m.group(1))


def nanogpt(f):
    pat = re.compile(r"^iter (\d+): loss ([^,]+),")
    for line in f:
        m = pat.match(line)
        if m:
            yield int(m.group(1)), float(m.group(2))


def megatron(f):
    pat = re.compile(r"iteration +(\d+)/.*\| lm loss: ([^ |]+)")
    for line in f:
        m = pat.search(line)
        if m:
            yield int(m.group(1)), float(m.group(2))


def csv_rows(f):
    for row in csv.DictReader(f):
        v = row.get("train_loss_step")
        if v:
            yield int(row["step"]), float(v)


def jsonl(f):
    for line in f:
        if line.strip():
            d = json.loads(line)
            if "total_loss" in d:
                yield d["iteration"], float(d["total_loss"])


def with_pandas(fmt, path):
    import pandas as pd

    if fmt == "csv":
        df = pd.read_csv(path)
        s = df[["step", "train_loss_step"]].dropna()
    elif fmt == "jsonl":
        df = pd.read_json(path, lines=True)
        s = df[["iteration", "total_loss"]]
    else:
        sys.exit("pandas reads csv and jsonl only")
    out = sys.stdout
    for step, v in s.itertuples(index=False):
        out.write("%d %r\n" % (step, v))


def main():
    args = sys.argv[1:]
    if args and args[0] == "--pandas":
        with_pandas(args[1], args[2])
        return
    fmt, path = args
    reader = {"hf": hf, "nanogpt": nanogpt, "megatron": megatron, "csv": csv_rows, "jsonl": jsonl}[fmt]
    out = sys.stdout
    with open(path, newline="" if fmt == "csv" else None, encoding="utf-8", errors="replace") as f:
        for step, v in reader(f):
            out.write("%d %r\n" % (step, v))


if __name__ == "__main__":
    main()
