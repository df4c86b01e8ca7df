"""idle_gpus: a fine-tune started with `python train.py` on a node of four
A100s. The script builds one model on cuda:0 and never starts the other
ranks (torchrun was meant): nvidia-smi, logging every 30 s beside the job
(`nvidia-smi --query-gpu=timestamp,index,name,utilization.gpu,
utilization.memory,memory.used,memory.total,temperature.gpu,power.draw
--format=csv -l 30`), shows GPU 0 busy and the other three idle for the
whole run, an evaluation every 20 minutes dipping GPU 0.

Hand-written in nvidia-smi's CSV format (units after each number, a row
per GPU and sample); the numbers are seeded.

Regenerate:  python3 make.py > gpu.csv
"""
import datetime
import random

r = random.Random(7)
start = datetime.datetime(2024, 6, 3, 9, 0, 5)
print("timestamp, index, name, utilization.gpu [%], utilization.memory [%], memory.used [MiB], "
      "memory.total [MiB], temperature.gpu, power.draw [W]")
for k in range(180):
    t = start + datetime.timedelta(seconds=30 * k)
    evaluating = k % 40 in (38, 39)
    loading = k < 3
    for gpu in range(4):
        stamp = (t + datetime.timedelta(milliseconds=gpu)).strftime("%Y/%m/%d %H:%M:%S.%f")[:-3]
        if gpu == 0 and not loading:
            util = r.randint(55, 70) if evaluating else r.randint(93, 100)
            mem_util = util // 2 + r.randint(0, 6)
            used = 71342 + r.randint(0, 40)
            temp = r.randint(61, 67)
            power = r.uniform(330, 395)
        else:
            util, mem_util = 0, 0
            used = 4 if gpu else 1824
            temp = r.randint(31, 34)
            power = r.uniform(58, 63)
        print("%s, %d, NVIDIA A100-SXM4-80GB, %d %%, %d %%, %d MiB, 81920 MiB, %d, %.2f W"
              % (stamp, gpu, util, mem_util, used, temp, power))
