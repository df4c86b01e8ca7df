/* bench/gen: writes a large, realistic training log to stdout, for the
 * benchmark. The same seed gives the same bytes.
 *
 *   gen FORMAT SIZE [--seed N] [--nan] [--spike]
 *
 * FORMAT: hf (HF Trainer console: tqdm bars redrawn with '\r', dict lines,
 * warnings, evaluations), nanogpt, megatron, csv (Lightning CSVLogger, sparse
 * cells), jsonl (detectron2 metrics.json). SIZE: bytes, with an optional
 * k, M or G suffix (powers of 1024). --nan: the loss turns NaN at 70% of the
 * run and stays NaN; --spike: the loss jumps 3x for a few steps at 40%.
 * The loss curve depends on the position in the file, not on the step, so
 * every size holds the same shape. */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gen {
    FILE *out;
    uint64_t target, written;
    uint64_t rng;
    bool nan, spike;
    int spike_left; /* values still to spike; -1 once done */
    uint64_t step, total_steps;
} gen;

static uint64_t next_u64(gen *g)
{
    /* splitmix64 */
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double uniform(gen *g)
{
    return (double)(next_u64(g) >> 11) / 9007199254740992.0;
}

static double gauss(gen *g)
{
    double u = uniform(g), v = uniform(g);
    return sqrt(-2 * log(u + 1e-300)) * cos(6.283185307179586 * v);
}

static void out(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void out(gen *g, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    fwrite(line, 1, len, g->out);
    g->written += len;
}

static double progress(const gen *g)
{
    return (double)g->written / (double)g->target;
}

/* The loss at the current position: exponential decay to a floor, noise,
 * and the optional spike and NaN. */
static double loss_now(gen *g, double start, double floor)
{
    double f = progress(g);
    if (g->nan && f >= 0.7) return NAN;
    double v = floor + (start - floor) * exp(-6 * f);
    v *= 1 + 0.02 * gauss(g);
    if (g->spike && f >= 0.4 && g->spike_left == 0) g->spike_left = 5;
    if (g->spike_left > 0) {
        v *= 3;
        g->spike_left = g->spike_left == 1 ? -1 : g->spike_left - 1;
    }
    return v;
}

static double lr_now(const gen *g, double peak)
{
    double f = progress(g);
    if (f < 0.01) return peak * f / 0.01;
    return peak * 0.5 * (1 + cos(3.141592653589793 * f));
}

static const char *const warnings[] = {
    "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:464: UserWarning: "
    "torch.utils.checkpoint: "
    "the use_reentrant parameter should be passed explicitly.",
    "  warnings.warn(",
    "/usr/local/lib/python3.10/dist-packages/torch/_dynamo/eval_frame.py:600: FutureWarning: "
    "`torch.cuda.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cuda', "
    "args...)` instead.",
    "[WARNING|trainer.py:2345] 2024-06-01 12:00:00,123 >> Checkpoint destination directory "
    "output/checkpoint-500 "
    "already exists and is non-empty.",
};

static void bar(gen *g, uint64_t n, uint64_t total)
{
    unsigned pct = (unsigned)(100 * n / total);
    static const char *const fill[] = {"          ", "█         ", "██        ", "███       ",
                                       "████      ", "█████     ", "██████    ", "███████   ",
                                       "████████  ", "█████████ ", "██████████"};
    double rate = 1.1 + 0.2 * uniform(g);
    unsigned el = (unsigned)((double)n / rate), rem = (unsigned)((double)(total - n) / rate);
    out(g, "\r%3u%%|%s| %llu/%llu [%02u:%02u:%02u<%02u:%02u:%02u,  %.2fit/s]", pct, fill[pct / 10],
        (unsigned long long)n, (unsigned long long)total, el / 3600, el / 60 % 60, el % 60,
        rem / 3600, rem / 60 % 60, rem % 60, rate);
}

static void gen_hf(gen *g)
{
    g->total_steps = g->target / 70 + 10;
    out(g, "[INFO|trainer.py:2134] 2024-06-01 12:00:00,000 >> ***** Running training *****\n");
    out(g, "[INFO|trainer.py:2135] 2024-06-01 12:00:00,000 >>   Num examples = %llu\n",
        (unsigned long long)g->total_steps * 8);
    out(g, "[INFO|trainer.py:2140] 2024-06-01 12:00:00,000 >>   Total optimization steps = %llu\n",
        (unsigned long long)g->total_steps);
    for (g->step = 1; g->written < g->target; g->step++) {
        bar(g, g->step, g->total_steps);
        if (g->step % 10 == 0) {
            double loss = loss_now(g, 2.6, 0.9);
            double gn = isnan(loss) ? NAN : 0.5 + 2 * exp(-4 * progress(g)) + 0.1 * fabs(gauss(g));
            out(g, "\n{'loss': %.4f, 'grad_norm': %.17g, 'learning_rate': %.15g, 'epoch': %.2f}\n",
                loss, gn, lr_now(g, 5e-5), 3.0 * (double)g->step / (double)g->total_steps);
        }
        if (g->step % 500 == 0) {
            out(g, "\n%s\n", warnings[next_u64(g) % 4]);
            for (unsigned k = 1; k <= 20; k++)
                out(g, "\r%3u%%|%s| %u/20 [00:%02u<00:%02u, 9.%02uit/s]", k * 5,
                    k == 20 ? "██████████" : "█████     ", k, k, 20 - k, k);
            out(g,
                "\n{'eval_loss': %.17g, 'eval_runtime': %.4f, 'eval_samples_per_second': %.3f, "
                "'eval_steps_per_second': %.3f, 'epoch': %.2f}\n",
                loss_now(g, 2.5, 1.0), 12 + uniform(g), 80 + uniform(g), 10 + uniform(g),
                3.0 * (double)g->step / (double)g->total_steps);
        }
    }
    out(g, "\n");
}

static void gen_nanogpt(gen *g)
{
    out(g, "Overriding config with config/train_gpt2.py:\n");
    out(g, "tokens per iteration will be: 491,520\n");
    out(g, "found vocab_size = 50257 (inside data/openwebtext/meta.pkl)\n");
    out(g, "Initializing a new model from scratch\nnumber of parameters: 123.59M\n");
    out(g, "compiling the model... (takes a ~minute)\n");
    for (g->step = 0; g->written < g->target; g->step++) {
        if (g->step % 2000 == 0) {
            out(g, "step %llu: train loss %.4f, val loss %.4f\n", (unsigned long long)g->step,
                loss_now(g, 10.9, 2.9), loss_now(g, 10.9, 3.0));
            if (g->step) out(g, "saving checkpoint to out\n");
        }
        double ms = g->step == 0 ? 48213.5 : 230 + 20 * uniform(g);
        out(g, "iter %llu: loss %.4f, time %.2fms, mfu %.2f%%\n", (unsigned long long)g->step,
            loss_now(g, 10.9, 2.9), ms, g->step < 5 ? -100.0 : 38 + 2 * uniform(g));
    }
}

static void gen_megatron(gen *g)
{
    g->total_steps = g->target / 420 + 10;
    out(g, "using world size: 64, data-parallel size: 8, context-parallel size: 1, "
           "tensor-model-parallel size: 8\n");
    out(g, "> building GPT2BPETokenizer tokenizer ...\n");
    out(g, "[after dataloaders are built] datetime: 2024-03-21 02:07:08 \n");
    out(g, "training ...\n");
    for (g->step = 1; g->written < g->target; g->step++) {
        unsigned sec = (unsigned)(g->step * 3);
        double loss = loss_now(g, 11.0, 2.1);
        double gn = isnan(loss) ? NAN : 0.3 + 5 * exp(-8 * progress(g)) + 0.05 * fabs(gauss(g));
        out(g,
            " [2024-03-%02u %02u:%02u:%02u] iteration %8llu/%8llu | consumed samples: %12llu | "
            "elapsed time per "
            "iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | "
            "global batch "
            "size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped "
            "iterations:   0 | "
            "number of nan iterations:   0 |\n",
            21 + sec / 86400 % 7, sec / 3600 % 24, sec / 60 % 60, sec % 60,
            (unsigned long long)g->step, (unsigned long long)g->total_steps,
            (unsigned long long)g->step * 512, 2900 + 200 * uniform(g), 180 + 10 * uniform(g),
            lr_now(g, 3e-4), loss, gn);
        if (g->step % 1000 == 0) {
            double v = loss_now(g, 11.0, 2.2);
            out(g, "-------------------------------------------------------------------------------"
                   "-------------\n");
            out(g,
                " validation loss at iteration %llu | lm loss value: %.6E | lm loss PPL: %.6E | \n",
                (unsigned long long)g->step, v, exp(v));
            out(g, "-------------------------------------------------------------------------------"
                   "-------------\n");
        }
        if (g->step == 10)
            out(g, "[Rank 0] (after 10 iterations) memory (MB) | allocated: 21934.5 | max "
                   "allocated: 60312.1 | "
                   "reserved: 65012.0 | max reserved: 65012.0\n");
    }
}

/* Lightning's CSVLogger: one row per logging call, every metric a column,
 * cells empty where a row did not log that metric. */
static void gen_csv(gen *g)
{
    out(g,
        "epoch,lr-AdamW,step,train_acc_step,train_loss_epoch,train_loss_step,val_acc,val_loss\n");
    uint64_t per_epoch = 5000;
    for (g->step = 0; g->written < g->target; g->step++) {
        unsigned long long epoch = g->step / per_epoch, s = g->step;
        out(g, "%llu,%.10g,%llu,%.6f,,%.17g,,\n", epoch, lr_now(g, 1e-3), s,
            0.2 + 0.7 * progress(g) + 0.02 * gauss(g), loss_now(g, 2.3, 0.4));
        if ((g->step + 1) % per_epoch == 0) {
            out(g, "%llu,,%llu,,,,%.6f,%.17g\n", epoch, s, 0.3 + 0.6 * progress(g),
                loss_now(g, 2.3, 0.5));
            out(g, "%llu,,%llu,,%.17g,,,\n", epoch, s, loss_now(g, 2.3, 0.45));
        }
    }
}

static void gen_jsonl(gen *g)
{
    for (g->step = 19; g->written < g->target; g->step += 20) {
        double total = loss_now(g, 2.2, 0.3);
        double f = progress(g);
        char tl[32];
        if (isnan(total))
            snprintf(tl, sizeof tl, "NaN");
        else
            snprintf(tl, sizeof tl, "%.17g", total);
        out(g,
            "{\"data_time\": %.17g, \"eta_seconds\": %.17g, \"fast_rcnn/cls_accuracy\": %.17g, "
            "\"fast_rcnn/false_negative\": %.17g, \"fast_rcnn/fg_cls_accuracy\": %.17g, "
            "\"iteration\": %llu, "
            "\"loss_box_reg\": %.17g, \"loss_cls\": %.17g, \"loss_mask\": %.17g, \"loss_rpn_cls\": "
            "%.17g, "
            "\"loss_rpn_loc\": %.17g, \"lr\": %.17g, \"mask_rcnn/accuracy\": %.17g, "
            "\"rank_data_time\": %.17g, "
            "\"roi_head/num_bg_samples\": %.1f, \"roi_head/num_fg_samples\": %.1f, \"time\": "
            "%.17g, "
            "\"total_loss\": %s}\n",
            0.002 + 0.001 * uniform(g), 12000 * (1 - f), 0.8 + 0.15 * f, 0.6 - 0.5 * f,
            0.3 + 0.6 * f, (unsigned long long)g->step, 0.4 - 0.3 * f, 0.6 - 0.5 * f,
            0.69 - 0.5 * f, 0.03 * uniform(g), 0.01 * uniform(g), lr_now(g, 2.5e-4), 0.6 + 0.3 * f,
            0.002 + 0.001 * uniform(g), 480 + 20 * uniform(g), 20 + 20 * uniform(g),
            0.3 + 0.05 * uniform(g), tl);
    }
}

static uint64_t parse_size(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    uint64_t mult = 1;
    if (*end == 'k' || *end == 'K')
        mult = 1024;
    else if (*end == 'm' || *end == 'M')
        mult = 1024 * 1024;
    else if (*end == 'g' || *end == 'G')
        mult = 1024 * 1024 * 1024;
    return v > 0 ? (uint64_t)(v * (double)mult) : 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: gen hf|nanogpt|megatron|csv|jsonl SIZE [--seed N] [--nan] [--spike]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 3) return usage();
    gen g = {stdout, parse_size(argv[2]), 0, 42, false, false, 0, 0, 0};
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            g.rng = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--nan") == 0)
            g.nan = true;
        else if (strcmp(argv[i], "--spike") == 0)
            g.spike = true;
        else
            return usage();
    }
    if (!g.target) return usage();
    static char buf[1 << 20];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    g.total_steps = g.target / 100 + 10;
    const char *f = argv[1];
    if (strcmp(f, "hf") == 0)
        gen_hf(&g);
    else if (strcmp(f, "nanogpt") == 0)
        gen_nanogpt(&g);
    else if (strcmp(f, "megatron") == 0)
        gen_megatron(&g);
    else if (strcmp(f, "csv") == 0)
        gen_csv(&g);
    else if (strcmp(f, "jsonl") == 0)
        gen_jsonl(&g);
    else
        return usage();
    return fflush(stdout) == 0 ? 0 : 1;
}
