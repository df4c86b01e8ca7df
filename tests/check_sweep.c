/* Seeded families of generated runs through the whole rule set: healthy
 * runs of every length and noise level raise no warning, and each failure
 * grafted onto one is reported by its rule. A rule tuned to one curve
 * fails here on the next seed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mldiag/rules.h"
#include "mldiag/signal.h"
#include "tests.h"

#define SEEDS 40

typedef enum fault {
    HEALTHY,
    NAN_LOSS,
    DIVERGE,
    OVERFIT,
    EXPLODE,
    PLATEAU,
    SLOWDOWN,
    IDLE_GPU,
    DPO_STUCK,
    DPO_OVERFIT,
    RL_NO_SIGNAL,
    RL_COLLAPSE
} fault;

/* What one run is made of, drawn from its seed. */
typedef struct run_shape {
    int points;          /* logged training steps */
    int every;           /* steps between two logged ones */
    double start, floor; /* loss at step 0 and the level it heads for */
    double tau, alpha;   /* power-law decay: (1 + i / tau) ^ -alpha */
    double noise;        /* per-point relative noise of the loss */
    double lr, grad, tps;
    int evals;                                          /* evaluations over the run */
    double onset;                                       /* share of the run where a fault starts */
    enum { PRETRAINING_RUN, DPO_RUN, GRPO_RUN } family; /* of a healthy run */
} run_shape;

static double decay(const run_shape *r, double i)
{
    return r->floor + (r->start - r->floor) * pow(1 + i / r->tau, -r->alpha);
}

/* Healthy as engineers see one: the loss falls by at least 40% and still
 * gains 2% or more of its level over the last fifth (the pace of healthy
 * LLM runs in the corpus), under 0.5-8% noise a point. */
static run_shape draw_shape(t_rng *g)
{
    static const int lengths[] = {40, 100, 300, 1000, 3000};
    run_shape r;
    for (;;) {
        r.points = lengths[(int)(t_rng_unif(g) * 5)];
        r.every = t_rng_unif(g) < 0.5 ? 1 : 10;
        r.start = 2 + 9 * t_rng_unif(g);
        r.floor = r.start * (0.05 + 0.4 * t_rng_unif(g));
        r.tau = r.points * (0.02 + 0.3 * t_rng_unif(g));
        r.alpha = 0.4 + 0.8 * t_rng_unif(g);
        double end = decay(&r, r.points), fifth = decay(&r, 0.8 * r.points);
        if (end < 0.6 * r.start && fifth - end >= 0.02 * end) break;
    }
    r.noise = 0.005 + 0.075 * t_rng_unif(g);
    r.lr = pow(10, -5 + 2.5 * t_rng_unif(g));
    r.grad = 0.3 + 4 * t_rng_unif(g);
    r.tps = 1e3 * pow(10, 2 * t_rng_unif(g));
    r.evals = t_rng_unif(g) < 0.3 ? 0 : 10 + (int)(10 * t_rng_unif(g));
    r.onset = 0.5 + 0.2 * t_rng_unif(g);
    double u = t_rng_unif(g);
    r.family = u < 0.2 ? DPO_RUN : u < 0.4 ? GRPO_RUN : PRETRAINING_RUN;
    return r;
}

static void put(md_store *st, const char *key, double v)
{
    md_store_record_kv(st, key, strlen(key), v, MD_UNIT_NONE, 0, NAN);
}

/* Warm-up over the first 5%, then cosine decay to a tenth. */
static double lr_at(const run_shape *r, int i)
{
    double warm = 0.05 * r->points, x = (i - warm) / (r->points - warm);
    if (i < warm) return r->lr * (i + 1) / warm;
    return r->lr * (0.1 + 0.45 * (1 + cos(3.14159265358979 * x)));
}

static void write_run(md_store *st, const run_shape *r, fault f, t_rng *g)
{
    int at = (int)(r->onset * r->points);
    int eval_every = r->evals ? r->points / r->evals : 0;
    unsigned long entry = 0;
    for (int i = 0; i < r->points; i++) {
        int64_t step = (int64_t)(i + 1) * r->every;
        double past = i > at ? (double)(i - at) / (r->points - at) : 0;
        double loss = decay(r, i);
        if (f == DIVERGE) loss *= 1 + past;
        if (f == PLATEAU && i > 0.3 * r->points) loss = decay(r, 0.3 * r->points);
        loss *= exp(r->noise * t_rng_normal(g));
        if (f == NAN_LOSS && i >= at) loss = NAN;
        double grad = r->grad * exp(0.3 * t_rng_normal(g)) * (f == EXPLODE ? pow(1000, past) : 1);
        double tps = r->tps * exp(0.03 * t_rng_normal(g)) * (f == SLOWDOWN && i > at ? 0.5 : 1);
        /* Idle while the model loads (the first 2%), then 85-100% busy, or
         * 35-65% when the input pipeline starves it. */
        double busy =
            f == IDLE_GPU ? 50 + 15 * (2 * t_rng_unif(g) - 1) : fmin(100, 93 + 4 * t_rng_normal(g));
        double util = i < 0.02 * r->points ? 0 : busy;
        md_store_record_begin(st, ++entry);
        md_store_record_kv(st, "step", 4, (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        put(st, "loss", loss);
        put(st, "learning_rate", lr_at(r, i));
        put(st, "grad_norm", grad);
        put(st, "tokens_per_s", tps);
        put(st, "gpu_util", util);
        md_store_record_end(st, NULL);
        if (eval_every && (i + 1) % eval_every == 0) {
            /* A large evaluation set: 1% noise, 5% above the training loss. */
            double val = 1.05 * decay(r, i) * exp(0.01 * t_rng_normal(g));
            if (f == OVERFIT && i > at)
                val = 1.05 * decay(r, at) * (1 + 0.4 * past) * exp(0.01 * t_rng_normal(g));
            md_store_record_begin(st, ++entry);
            md_store_record_kv(st, "step", 4, (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
            put(st, "eval_loss", val);
            md_store_record_end(st, NULL);
        }
    }
}

/* A DPO run as TRL logs it, its margin rising to 1-4 with accuracy to
 * 0.65-0.9 and the loss from ln 2 down, the chosen reward drifting a
 * little either way (beta 0.1). Or one that learns nothing (the policy
 * stays the reference: margin 0, loss ln 2, and accuracy 0, as TRL counts
 * a tie), or one driven to a loss of 0 (margin 12, accuracy 1). */
static void write_dpo_run(md_store *st, const run_shape *r, fault f, t_rng *g)
{
    double speed = 2 + 3 * t_rng_unif(g), margin_end = 1 + 3 * t_rng_unif(g);
    double acc_end = 0.65 + 0.25 * t_rng_unif(g), chosen_end = -0.3 + 0.8 * t_rng_unif(g);
    double logp = -80 - 300 * t_rng_unif(g);
    if (f == DPO_STUCK) margin_end = 0, chosen_end = 0;
    if (f == DPO_OVERFIT) margin_end = 12, acc_end = 1, chosen_end = -4, speed = 10;
    for (int i = 0; i < r->points; i++) {
        double p = 1 - exp(-speed * (i + 1) / r->points);
        double margin = margin_end * p + (0.002 + 0.1 * margin_end) * t_rng_normal(g);
        double chosen = chosen_end * p + 0.03 * t_rng_normal(g), rejected = chosen - margin;
        md_store_record_begin(st, (unsigned long)i + 1);
        md_store_record_kv(st, "step", 4, (double)(i + 1) * r->every, MD_UNIT_NONE, MD_KV_INTEGRAL,
                           NAN);
        put(st, "loss", log1p(exp(-margin)) * exp(0.01 * margin_end * t_rng_normal(g)));
        put(st, "grad_norm", r->grad * exp(0.3 * t_rng_normal(g)));
        put(st, "learning_rate", lr_at(r, i));
        put(st, "rewards/chosen", chosen);
        put(st, "rewards/rejected", rejected);
        put(st, "rewards/margins", margin);
        double acc = f == DPO_STUCK
                         ? 0
                         : 0.5 + (acc_end - 0.5) * p; /* of a batch of pairs: binomial noise */
        put(st, "rewards/accuracies",
            fmin(1, fmax(0, acc + 0.1 * sqrt(acc * (1 - acc)) * t_rng_normal(g))));
        put(st, "logps/chosen", logp + chosen / 0.1);
        put(st, "logps/rejected", logp - 5 + rejected / 0.1);
        md_store_record_end(st, NULL);
    }
}

/* A GRPO run as TRL logs it: the reward climbs from 0-0.3 to 0.5-0.9,
 * a fifth to two fifths of the groups tie (frac_reward_zero_std), the KL
 * to the reference grows, the surrogate loss hovers near 0. Or one whose
 * groups all tie from the start (no signal), or one whose reward peaks at
 * the onset and falls back to where it began (collapse). */
static void write_grpo_run(md_store *st, const run_shape *r, fault f, t_rng *g)
{
    double r0 = 0.3 * t_rng_unif(g), r1 = 0.5 + 0.4 * t_rng_unif(g), speed = 2 + 4 * t_rng_unif(g);
    double noise = 0.02 + 0.06 * t_rng_unif(g), ties = 0.2 + 0.2 * t_rng_unif(g);
    int at = (int)(r->onset * r->points);
    for (int i = 0; i < r->points; i++) {
        double p = 1 - exp(-speed * (i + 1) / r->points);
        if (f == RL_COLLAPSE)
            p = i <= at ? 1 - exp(-6.0 * (i + 1) / at)
                        : (1 - exp(-6.0)) * (r->points - 1 - i) / (r->points - 1 - at);
        double reward = r0 + (r1 - r0) * p + noise * t_rng_normal(g);
        double tied = f == RL_NO_SIGNAL ? 1 : fmin(1, fmax(0, ties + 0.05 * t_rng_normal(g)));
        md_store_record_begin(st, (unsigned long)i + 1);
        md_store_record_kv(st, "step", 4, (double)(i + 1) * r->every, MD_UNIT_NONE, MD_KV_INTEGRAL,
                           NAN);
        put(st, "loss", 0.01 * t_rng_normal(g) + 0.001 * p);
        put(st, "grad_norm", r->grad * exp(0.3 * t_rng_normal(g)));
        put(st, "learning_rate", lr_at(r, i));
        put(st, "reward", f == RL_NO_SIGNAL ? r0 : reward);
        put(st, "reward_std", f == RL_NO_SIGNAL ? 0 : 0.3 + 0.03 * t_rng_normal(g));
        put(st, "frac_reward_zero_std", tied);
        put(st, "kl", 0.001 + 0.05 * p * exp(0.2 * t_rng_normal(g)));
        put(st, "completions/mean_length", 200 + 80 * p + 15 * t_rng_normal(g));
        md_store_record_end(st, NULL);
    }
}

static void analyze(const run_shape *r, fault f, t_rng *g, md_findings *out)
{
    md_store *st = md_store_new(t_catalog());
    md_store_begin_input(st, "sweep.log", MD_FMT_TEXT);
    if (f == DPO_STUCK || f == DPO_OVERFIT || (f == HEALTHY && r->family == DPO_RUN))
        write_dpo_run(st, r, f, g);
    else if (f == RL_NO_SIGNAL || f == RL_COLLAPSE || (f == HEALTHY && r->family == GRPO_RUN))
        write_grpo_run(st, r, f, g);
    else
        write_run(st, r, f, g);
    md_store_sort(st);
    md_sigset *sig = md_sigset_new(st);
    md_rules_eval(t_rules(), sig, out);
    md_sigset_free(sig);
    md_store_free(st);
}

static void describe(const run_shape *r, char *buf, size_t n)
{
    snprintf(buf, n,
             "%d points every %d, loss %.3g -> %.3g (tau %.3g, alpha %.2f), noise %.1f%%, %d evals",
             r->points, r->every, r->start, decay(r, r->points), r->tau, r->alpha, 100 * r->noise,
             r->evals);
}

START_TEST(test_healthy_runs_raise_no_warning)
{
    for (uint64_t seed = 0; seed < SEEDS; seed++) {
        t_rng g = t_rng_seed(seed);
        run_shape r = draw_shape(&g);
        md_findings f;
        analyze(&r, HEALTHY, &g, &f);
        char what[200];
        describe(&r, what, sizeof what);
        for (size_t i = 0; i < f.n; i++)
            ck_assert_msg(f.v[i].severity < MD_SEV_WARNING, "seed %llu (%s): %s fired",
                          (unsigned long long)seed, what, f.v[i].id);
        md_findings_free(&f);
    }
}
END_TEST

/* Each failure, grafted onto the healthy run of every seed from its onset
 * (50-70% of the run) on, is found by its rule:
 * - the loss turns NaN;
 * - the loss climbs to twice its level by the end;
 * - the validation loss climbs 40% from where the onset left it;
 * - the gradient norm grows a thousandfold;
 * - throughput halves;
 * - the GPU is 35-65% busy;
 * - the loss stops falling at 30% of the run. A plateau is called only
 *   where the run could have shown a 5% gain beyond its noise: from 1000
 *   points on at every noise level drawn here (up to 8% a point). */
START_TEST(test_failures_are_found)
{
    static const struct {
        fault f;
        const char *rule;
        int min_points;
    } cases[] = {{NAN_LOSS, "nan_loss", 0},         {DIVERGE, "loss_divergence", 0},
                 {OVERFIT, "overfitting", 0},       {EXPLODE, "exploding_gradients", 0},
                 {SLOWDOWN, "throughput_drop", 0},  {IDLE_GPU, "low_gpu_utilization", 0},
                 {DPO_STUCK, "dpo_no_signal", 0},   {DPO_OVERFIT, "dpo_overoptimization", 0},
                 {RL_NO_SIGNAL, "rl_no_signal", 0}, {RL_COLLAPSE, "rl_reward_collapse", 0},
                 {PLATEAU, "loss_plateau", 1000}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (uint64_t seed = 0; seed < SEEDS; seed++) {
            t_rng g = t_rng_seed(seed);
            run_shape r = draw_shape(&g);
            if ((cases[k].f == OVERFIT && r.evals == 0) || r.points < cases[k].min_points) continue;
            md_findings f;
            analyze(&r, cases[k].f, &g, &f);
            char what[200];
            describe(&r, what, sizeof what);
            ck_assert_msg(t_find_finding(&f, cases[k].rule), "seed %llu (%s): %s not found",
                          (unsigned long long)seed, what, cases[k].rule);
            md_findings_free(&f);
        }
    }
}
END_TEST

Suite *suite_sweep(void)
{
    Suite *s = suite_create("sweep");
    TCase *tc = tcase_create("families");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_healthy_runs_raise_no_warning);
    tcase_add_test(tc, test_failures_are_found);
    suite_add_tcase(s, tc);
    return s;
}
