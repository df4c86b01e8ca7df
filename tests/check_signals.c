/* Series features (src/signals): each on a curve that shows it and on a
 * healthy run where it stays quiet, then on series that are very short,
 * constant, partly or wholly NaN, or long enough that the store merges
 * buckets. Expected values follow from the definitions in
 * src/signals/registry.c; a comment above each test names the property it
 * pins down and, where a number is not obvious, how it follows. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/expr.h"
#include "mldiag/signal.h"
#include "reader/reader_int.h"
#include "signals/signals_int.h"
#include "tests.h"

/* ---- deterministic noise ------------------------------------------------ */

/* ---- curves, as functions of the share x of the run, 0 <= x < 1 --------- */

/* A healthy loss: falls fast, then keeps improving ever more slowly. */
static double healthy(double x)
{
    return 0.5 + 2.5 * exp(-3 * x);
}

/* Falls linearly from 3 to 1 over the first 60% of the run, then flat. */
static double plateau(double x)
{
    return x < 0.6 ? 3 - 2 * x / 0.6 : 1;
}

/* A discriminator that wins less and less: 0.2, tripled by the end. */
static double rises_threefold(double x)
{
    return 0.2 * (1 + 2 * x);
}

/* Falls from 3 to 1 by 30%, stays there to 40%, climbs 50% back to 1.5
 * by 80%, then holds. */
static double diverge(double x)
{
    if (x < 0.3)
        return 3 - 2 * x / 0.3;
    if (x < 0.4)
        return 1;
    return x < 0.8 ? 1 + 0.5 * (x - 0.4) / 0.4 : 1.5;
}

/* Falls from 3 to 1 at 40% and climbs back to 1.5 by 80%: a sharp V. */
static double vee(double x)
{
    if (x < 0.4)
        return 3 - 2 * x / 0.4;
    return x < 0.8 ? 1 + 0.5 * (x - 0.4) / 0.4 : 1.5;
}

/* A healthy accuracy: rises towards 0.9 ever more slowly. */
static double acc_healthy(double x)
{
    return 0.9 - 0.4 * exp(-5 * x);
}

/* An accuracy that rises to 0.9 at 40%, falls to 0.6 by 80% and holds. */
static double acc_peak(double x)
{
    if (x < 0.4)
        return 0.5 + 0.4 * x / 0.4;
    return x < 0.8 ? 0.9 - 0.3 * (x - 0.4) / 0.4 : 0.6;
}

/* An accuracy that rises to 0.9 over the first 60%, then flat. */
static double acc_plateau(double x)
{
    return x < 0.6 ? 0.5 + 0.4 * x / 0.6 : 0.9;
}

static double flat2(double x)
{
    (void)x;
    return 2;
}

static double line_down(double x)
{
    return 2 - x;
}

/* Falls 10% over the run at a steady rate: 5% over its second half. */
static double slow_decline(double x)
{
    return 2 - 0.2 * x;
}

/* ---- runs --------------------------------------------------------------- */

/* A store with one input and, once complete, the signal set over it. */
typedef struct run {
    md_store *st;
    md_sigset *sig;
    unsigned long line; /* of the last record put */
} run;

static run run_new(void)
{
    run r = {md_store_new(t_catalog()), NULL, 0};
    md_store_begin_input(r.st, "signals.log", MD_FMT_TEXT);
    return r;
}

/* One record: key = v at step, or with no step key when step < 0. */
static void put(run *r, const char *key, int64_t step, double v)
{
    md_store_record_begin(r->st, ++r->line);
    if (step >= 0)
        md_store_record_kv(r->st, "step", 4, (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    md_store_record_kv(r->st, key, strlen(key), v, MD_UNIT_NONE, 0, NAN);
    md_store_record_end(r->st, NULL);
}

/* The value of a curve at point i of n, times log-normal noise of spread
 * sigma (0: exact). */
static double curve_at(double (*shape)(double), size_t i, size_t n, double sigma, t_rng *g)
{
    double v = shape((double)i / (double)n);
    return sigma > 0 ? v * exp(sigma * t_rng_normal(g)) : v;
}

static void put_curve(run *r, const char *key, double (*shape)(double), size_t n, double sigma)
{
    t_rng g = t_rng_seed(n);
    for (size_t i = 0; i < n; i++)
        put(r, key, (int64_t)i, curve_at(shape, i, n, sigma, &g));
}

static void put_values(run *r, const char *key, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put(r, key, (int64_t)i, v[i]);
}

/* Closes spikes still open at the end of the input and opens the signals. */
static void run_done(run *r)
{
    md_store_sort(r->st);
    r->sig = md_sigset_new(r->st);
}

static void run_free(run *r)
{
    md_sigset_free(r->sig);
    md_store_free(r->st);
}

static run curve_run(const char *key, double (*shape)(double), size_t n, double sigma)
{
    run r = run_new();
    put_curve(&r, key, shape, n, sigma);
    run_done(&r);
    return r;
}

static run values_run(const char *key, const double *v, size_t n)
{
    run r = run_new();
    put_values(&r, key, v, n);
    run_done(&r);
    return r;
}

/* ---- reading features --------------------------------------------------- */

static md_value feat(run *r, const char *series, const char *name)
{
    int f = md_series_feature_find(name);
    ck_assert_msg(f >= 0, "no series feature '%s'", name);
    return md_signal_series(r->sig, series, f);
}

static double known_at(run *r, const char *series, const char *name, int line)
{
    md_value v = feat(r, series, name);
    ck_assert_msg(v.known, "line %d: %s.%s is unknown", line, series, name);
    return v.v;
}

static void in_at(run *r, const char *series, const char *name, double lo, double hi, int line)
{
    double v = known_at(r, series, name, line);
    ck_assert_msg(v >= lo && v <= hi, "line %d: %s.%s = %.9g, want [%.9g, %.9g]", line, series,
                  name, v, lo, hi);
}

static void unknown_at(run *r, const char *series, const char *name, int line)
{
    md_value v = feat(r, series, name);
    ck_assert_msg(!v.known, "line %d: %s.%s = %.9g, want unknown", line, series, name, v.v);
}

#define T_VAL(r, s, f) known_at(r, s, f, __LINE__)
#define T_IN(r, s, f, lo, hi) in_at(r, s, f, lo, hi, __LINE__)
#define T_NEAR(r, s, f, want, tol) in_at(r, s, f, (want) - (tol), (want) + (tol), __LINE__)
#define T_IS(r, s, f, want) T_NEAR(r, s, f, (double)(want), 1e-9 + 1e-9 * fabs((double)(want)))
#define T_UNKNOWN(r, s, f) unknown_at(r, s, f, __LINE__)

/* One expected feature: known and within [lo, hi] (to 1e-9 when lo == hi),
 * or unknown when lo is NaN. */
typedef struct expect {
    const char *feature;
    double lo, hi;
} expect;

#define IS(f, v) {f, v, v}
#define RANGE(f, lo, hi) {f, lo, hi}
#define UNKNOWN(f) {f, NAN, NAN}

static void check_table(run *r, const char *series, const expect *e, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++) {
        md_value v = feat(r, series, e[i].feature);
        if (isnan(e[i].lo)) {
            ck_assert_msg(!v.known, "%s: %s.%s = %.9g, want unknown", what, series,
                          e[i].feature, v.v);
            continue;
        }
        ck_assert_msg(v.known, "%s: %s.%s is unknown", what, series, e[i].feature);
        bool ok = e[i].lo == e[i].hi ? T_CLOSE(v.v, e[i].lo) : v.v >= e[i].lo && v.v <= e[i].hi;
        ck_assert_msg(ok, "%s: %s.%s = %.9g, want [%.9g, %.9g]", what, series, e[i].feature, v.v,
                      e[i].lo, e[i].hi);
    }
}

/* ---- exact figures ------------------------------------------------------ */

/* Counts, extremes, moments and non-finite figures over NaN, +Inf, -Inf and
 * a zero, at steps 10..70: only the four finite points enter the moments,
 * and only the -Inf at the end trails them. */
static int cmp_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median by selection against the middle of a sorted copy, on arrays
 * of every length up to 300 with many ties, runs and signed zeros. */
START_TEST(test_median_selects_as_sorting)
{
    t_rng r = t_rng_seed(11);
    double v[300], sorted[300];
    for (int round = 0; round < 2000; round++) {
        size_t n = 1 + (size_t)(t_rng_unif(&r) * 300);
        int kind = round % 4;
        for (size_t i = 0; i < n; i++) {
            double u = t_rng_unif(&r);
            v[i] = kind == 0   ? t_rng_normal(&r)
                   : kind == 1 ? floor(u * 5) - 2                     /* ties */
                   : kind == 2 ? (double)(round % 2 ? i : n - i)      /* sorted runs */
                               : (u < 0.5 ? -0.0 : 0.0) + floor(u * 3); /* zeros of both signs */
        }
        memcpy(sorted, v, n * sizeof *v);
        qsort(sorted, n, sizeof *sorted, cmp_doubles);
        double want = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double got = md_median(v, n);
        ck_assert_msg(got == want, "round %d, %zu values: %.17g, sorting gives %.17g", round, n, got, want);
    }
    /* With a NaN there is no order to select by: the sort decides, as it
     * did before. */
    double with_nan[] = {3, NAN, 1, 2, 5}, copy[5];
    memcpy(copy, with_nan, sizeof copy);
    qsort(copy, 5, sizeof *copy, cmp_doubles);
    double want = copy[2], got = md_median(with_nan, 5);
    ck_assert_msg(got == want || (isnan(got) && isnan(want)), "%g, sorting gives %g", got, want);
    ck_assert(isnan(md_median(v, 0)));
}
END_TEST

START_TEST(test_exact_figures)
{
    run r = run_new();
    const double v[] = {3, 1, NAN, 0, INFINITY, 2, -INFINITY};
    for (size_t i = 0; i < MD_COUNT(v); i++)
        put(&r, "loss", 10 * ((int64_t)i + 1), v[i]);
    run_done(&r);
    /* Finite points 3, 1, 0, 2: mean 1.5, squared deviations 2.25 + 0.25 +
     * 2.25 + 0.25 = 5 over 3 degrees of freedom. */
    const expect e[] = {
        IS("count", 7),           IS("finite", 4),               IS("first", 3),
        IS("last", 2),            IS("min", 0),                  IS("max", 3),
        IS("min_step", 40),       IS("max_step", 10),            IS("mean", 1.5),
        IS("std", sqrt(5.0 / 3)), IS("median", 1.5),             IS("first_step", 10),
        IS("last_step", 70),      IS("steps", 60),               IS("ordinal", 0),
        IS("restarts", 0),        IS("nonfinite", 3),            IS("nan", 1),
        IS("inf", 2),             IS("nonfinite_frac", 3.0 / 7), IS("first_nonfinite_step", 30),
        IS("last_nonfinite_step", 70), IS("trailing_nonfinite", 1), IS("leading_nonfinite", 0),
        IS("finite_before_nonfinite", 2),
        IS("zero_frac", 0.25),    IS("best", 0),                 IS("best_step", 40),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "mixed points");
    run_free(&r);
}
END_TEST

/* best is the minimum of a loss and the maximum of an accuracy. */
START_TEST(test_best_follows_direction)
{
    const double v[] = {0.5, 0.7, 0.6, 0.8, 0.75};
    run r = run_new();
    put_values(&r, "loss", v, MD_COUNT(v));
    put_values(&r, "accuracy", v, MD_COUNT(v));
    run_done(&r);
    T_IS(&r, "loss", "best", 0.5);
    T_IS(&r, "loss", "best_step", 0);
    T_IS(&r, "accuracy", "best", 0.8);
    T_IS(&r, "accuracy", "best_step", 3);
    run_free(&r);
}
END_TEST

/* restarts counts each time the step goes backwards; a series that starts
 * without step numbers after the input's records carried them stands at
 * the step they reached: the accuracy's five after the loss's steps up to
 * 199 (a test set's figures printed at the end), not past them. */
START_TEST(test_restarts_and_ordinal)
{
    run r = run_new();
    for (int64_t s = 0; s < 100; s++)
        put(&r, "loss", s, 2.0);
    for (int64_t s = 50; s < 150; s++)
        put(&r, "loss", s, 1.5);
    for (int64_t s = 120; s < 200; s++)
        put(&r, "loss", s, 1.0);
    for (int i = 0; i < 5; i++)
        put(&r, "accuracy", -1, 0.5);
    /* Two more runs from scratch in one log (folds, a second model): the
     * last is judged alone; runs too short for that keep the series whole. */
    for (int pass = 0; pass < 3; pass++)
        for (int64_t s = 1; s <= 20; s++)
            put(&r, "val_loss", s, 3.0 / (double)s);
    for (int pass = 0; pass < 3; pass++)
        for (int64_t s = 1; s <= 5; s++)
            put(&r, "val_accuracy", s, 0.1 * (double)s);
    run_done(&r);
    T_IS(&r, "val_loss", "runs", 3);
    /* Its last run's first point: after 100 + 100 + 80 + 5 loss and
     * accuracy records and two runs of 20. */
    T_IS(&r, "val_loss", "first_line", 100 + 100 + 80 + 5 + 2 * 20 + 1);
    T_IS(&r, "loss", "first_line", 1);
    T_IS(&r, "val_loss", "count", 20);
    T_IS(&r, "val_loss", "restarts", 0);
    T_IS(&r, "val_loss", "fresh_starts", 0);
    T_IS(&r, "val_accuracy", "runs", 1);
    T_IS(&r, "val_accuracy", "count", 15);
    T_IS(&r, "val_accuracy", "restarts", 2);
    T_IS(&r, "val_accuracy", "fresh_starts", 2);
    T_IS(&r, "loss", "runs", 1);
    T_IS(&r, "loss", "restarts", 2);
    T_IS(&r, "loss", "fresh_starts", 0);
    T_IS(&r, "loss", "ordinal", 0);
    T_IS(&r, "accuracy", "ordinal", 0);
    T_IS(&r, "accuracy", "first_step", 199);
    T_IS(&r, "accuracy", "last_step", 199);
    T_IS(&r, "accuracy", "steps", 0);
    T_IS(&r, "accuracy", "restarts", 0);
    run_free(&r);
}
END_TEST

/* ---- levels and slope --------------------------------------------------- */

/* A loss of 5 for the first half and 1 for the second: the levels are the
 * two plateaus, rel_change = (1 - 5) / 5, and the median of the bucket means
 * sits between the halves. */
START_TEST(test_levels_step_change)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "loss", s, s < 500 ? 5 : 1);
    run_done(&r);
    T_IS(&r, "loss", "start_level", 5);
    T_IS(&r, "loss", "end_level", 1);
    T_IS(&r, "loss", "rel_change", -0.8);
    T_IS(&r, "loss", "median", 3);
    run_free(&r);
}
END_TEST

/* first_zero_step and before_zero: where a series first reads exactly 0,
 * and what it read the point before; unknown without a zero. */
START_TEST(test_first_zero)
{
    const double v[] = {2.0, 1.8, 1.7, 0.0, 0.0, 0.0};
    run r = values_run("loss", v, MD_COUNT(v));
    T_IS(&r, "loss", "first_zero_step", 3);
    T_IS(&r, "loss", "before_zero", 1.7);
    T_NEAR(&r, "loss", "zero_approach", 1.7 / 1.8, 1e-12);
    run_free(&r);
    const double w[] = {2.0, 1.8, 1.7};
    r = values_run("loss", w, MD_COUNT(w));
    T_UNKNOWN(&r, "loss", "first_zero_step");
    T_UNKNOWN(&r, "loss", "before_zero");
    T_UNKNOWN(&r, "loss", "zero_approach");
    run_free(&r);
    /* A margin loss tapering into its 0; a zero right after the first
     * value has nothing to compare. */
    const double taper[] = {0.5, 0.094, 0.032, 0.012, 0.0, 0.0};
    r = values_run("loss", taper, MD_COUNT(taper));
    T_NEAR(&r, "loss", "zero_approach", 0.012 / 0.032, 1e-12);
    run_free(&r);
    const double at_once[] = {0.1, 0.0, 0.0};
    r = values_run("loss", at_once, MD_COUNT(at_once));
    T_UNKNOWN(&r, "loss", "zero_approach");
    run_free(&r);
}
END_TEST

/* first_positive_step: where a counter (Megatron's NaN iterations) first
 * counts; a series that starts above 0 has it at its first point, one never
 * above 0 has none. */
START_TEST(test_first_positive)
{
    const double v[] = {0, 0, 0, -1, 0, 3, 0, 5};
    run r = values_run("nan_iterations", v, MD_COUNT(v));
    T_IS(&r, "nan_iterations", "first_positive_step", 5);
    run_free(&r);
    const double w[] = {0.5, 0, 2};
    r = values_run("nan_iterations", w, MD_COUNT(w));
    T_IS(&r, "nan_iterations", "first_positive_step", 0);
    run_free(&r);
    const double z[] = {0, -2, 0};
    r = values_run("nan_iterations", z, MD_COUNT(z));
    T_UNKNOWN(&r, "nan_iterations", "first_positive_step");
    run_free(&r);
}
END_TEST

/* Falls from 3 to 1 by 30%, climbs to 2 by 60%, then falls back to 1.5:
 * half of its climb given back. */
static double bump(double x)
{
    if (x < 0.3)
        return 3 - 2 * x / 0.3;
    return x < 0.6 ? 1 + (x - 0.3) / 0.3 : 2 - 0.5 * (x - 0.6) / 0.4;
}

/* retreat: the share of the climb from the best stretch given back by the
 * end. A curve that ends at its top gave none back, a bump about half;
 * one that never climbed has none to give. */
START_TEST(test_retreat)
{
    run r = run_new();
    put_curve(&r, "loss", diverge, 200, 0);
    put_curve(&r, "val_loss", bump, 200, 0);
    put_curve(&r, "train_loss", healthy, 200, 0);
    run_done(&r);
    T_NEAR(&r, "loss", "retreat", 0, 0.02);
    T_NEAR(&r, "val_loss", "retreat", 0.5, 0.1);
    T_UNKNOWN(&r, "train_loss", "retreat");
    run_free(&r);
}
END_TEST

/* chance_classes: the K whose ln K the loss ends within 0.5% of. 6.905 is
 * ImageNet's ln 1000 (6.908), 10.825 GPT-2's ln 50257, 8.0066 SwAV's ln
 * 3000, 11.0902 DINO's ln 65536, 2.993 PASCAL VOC's ln 20 (2.996), 5.30
 * CUB's ln 200, 6.2384 lightly's SwaV head of 512 prototypes, 5.9914
 * Kinetics-400's ln 400, 6.9287 a contrastive batch's ln 1024 (not ln
 * 1000's 6.9078); 2.0 is no ln K of the list. */
START_TEST(test_chance_classes)
{
    static const struct {
        double level, want; /* want 0: unknown */
    } cases[] = {{6.905, 1000}, {10.825, 50257}, {0.6931, 2},  {2.303, 10}, {8.0066, 3000},
                 {11.0902, 65536}, {2.993, 20}, {5.30, 200}, {6.2384, 512}, {5.9914, 400}, {6.9287, 1024}, {2.0, 0},   {6.80, 0},   {-0.5, 0}};
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        run r = run_new();
        for (int64_t s = 0; s < 100; s++)
            put(&r, "loss", s, cases[i].level);
        run_done(&r);
        if (cases[i].want > 0)
            T_IS(&r, "loss", "chance_classes", cases[i].want);
        else
            T_UNKNOWN(&r, "loss", "chance_classes");
        run_free(&r);
    }
}
END_TEST

/* Levels are medians: a single spike inside the first or last tenth moves
 * neither level nor rel_change. */
START_TEST(test_levels_ignore_single_spikes)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "loss", s, s == 20 || s == 980 ? 100 : s < 500 ? 5 : 1);
    run_done(&r);
    T_IS(&r, "loss", "start_level", 5);
    T_IS(&r, "loss", "end_level", 1);
    T_IS(&r, "loss", "rel_change", -0.8);
    T_IS(&r, "loss", "max", 100);
    run_free(&r);
}
END_TEST

/* slope_end is the change across the last 20% of points relative to the end
 * level. y = 2 - 0.001 i over 1000 points changes by -0.2 there, and the end
 * level, the median of points 900..999, is 2 - 0.9495; the rising line
 * 1 + 0.001 i ends at 1.9495; a flat series has slope 0. */
START_TEST(test_slope_end_lines)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++) {
        put(&r, "loss", s, 2 - 0.001 * (double)s);
        put(&r, "val_loss", s, 1 + 0.001 * (double)s);
        put(&r, "grad_norm", s, 3);
    }
    run_done(&r);
    T_NEAR(&r, "loss", "slope_end", -0.2 / 1.0505, 1e-6);
    T_NEAR(&r, "val_loss", "slope_end", 0.2 / 1.9495, 1e-6);
    T_NEAR(&r, "grad_norm", "slope_end", 0, 1e-12);
    run_free(&r);
}
END_TEST

/* Theil-Sen tolerates outliers: three points at +5 inside the last fifth of
 * the falling line move slope_end by well under 5%. */
START_TEST(test_slope_end_ignores_outliers)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "loss", s, 2 - 0.001 * (double)s + (s == 850 || s == 900 || s == 950 ? 5 : 0));
    run_done(&r);
    double clean = -0.2 / 1.0505;
    T_IN(&r, "loss", "slope_end", clean * 1.05, clean * 0.95);
    run_free(&r);
}
END_TEST

/* ---- plateaus ----------------------------------------------------------- */

/* A loss flat from step 600 of 1000: the plateau starts within a segment
 * (1000 / 64, about 16 points) before 600, and plateau_frac is the share of
 * points from there on. With 5% noise the band widens to about 3 standard
 * errors of a 16-point mean, 4% of the level, which the falling stretch
 * leaves 12 steps before 600: a second segment of slack. */
START_TEST(test_plateau_after_600)
{
    static const double sigmas[] = {0, 0.05};
    for (size_t k = 0; k < MD_COUNT(sigmas); k++) {
        run r = curve_run("loss", plateau, 1000, sigmas[k]);
        double slack = sigmas[k] > 0 ? 32 : 16;
        T_IN(&r, "loss", "plateau_start_step", 600 - slack, 600);
        double start = T_VAL(&r, "loss", "plateau_start_step");
        T_IS(&r, "loss", "plateau_frac", (1000 - start) / 1000);
        T_IN(&r, "loss", "plateau_frac", 0.4, 0.4 + slack / 1000);
        run_free(&r);
    }
}
END_TEST

/* For a higher-is-better series the plateau is where it stops rising. */
START_TEST(test_plateau_higher_is_better)
{
    run r = curve_run("accuracy", acc_plateau, 1000, 0);
    T_IN(&r, "accuracy", "plateau_start_step", 584, 600);
    T_IN(&r, "accuracy", "plateau_frac", 0.4, 0.416);
    run_free(&r);
}
END_TEST

/* A constant series is one plateau from its first step; a series whose
 * noise (30%) hides a 10% change of its level has no plateau verdict. */
START_TEST(test_plateau_constant_and_too_noisy)
{
    run r = curve_run("loss", flat2, 1000, 0);
    T_IS(&r, "loss", "plateau_frac", 1);
    T_IS(&r, "loss", "plateau_start_step", 0);
    run_free(&r);

    r = curve_run("loss", plateau, 1000, 0.3);
    T_UNKNOWN(&r, "loss", "plateau_frac");
    T_UNKNOWN(&r, "loss", "plateau_start_step");
    run_free(&r);
}
END_TEST

/* A loss still falling 5% over the second half of the run, under 10%
 * noise, has no plateau there. One segment (16 to 47 points) beside the
 * end's tenth barely sees the fall, and at 2000 points the walk back took
 * half the run as flat; a fit over the second half sees it at 3.4
 * standard errors (1000 points) to 6 (3000). Lengths give seeds. */
START_TEST(test_plateau_not_slow_steady_gain)
{
    static const size_t lengths[] = {1000, 1500, 2000, 3000};
    for (size_t k = 0; k < MD_COUNT(lengths); k++) {
        run r = curve_run("loss", slow_decline, lengths[k], 0.1);
        T_IN(&r, "loss", "plateau_frac", 0, 0.45);
        run_free(&r);
    }
}
END_TEST

/* ---- best stretch, rise and fall ---------------------------------------- */

/* The diverging loss sits at 1 from step 300 to 400: min_smooth is the
 * mean of a segment there (16 points with 5% noise: a standard error of
 * 0.0125, and the luck of the best of six) and its step lies there. One
 * lucky batch of 0.01 at step 200 sets min but not min_smooth. */
START_TEST(test_min_smooth_ignores_lucky_batch)
{
    run r = run_new();
    t_rng g = t_rng_seed(7);
    for (size_t i = 0; i < 1000; i++)
        put(&r, "loss", (int64_t)i, i == 200 ? 0.01 : curve_at(diverge, i, 1000, 0.05, &g));
    run_done(&r);
    T_IS(&r, "loss", "min", 0.01);
    T_IS(&r, "loss", "min_step", 200);
    T_IN(&r, "loss", "min_smooth", 0.96, 1.01);
    T_IN(&r, "loss", "min_smooth_step", 300, 400);
    run_free(&r);
}
END_TEST

/* When segments are single points, a running median of three smooths them
 * first: in 5, 4, 3, 0.1, 2, 1.9, 1.8, 1.7 the 0.1 is one lucky batch and
 * the best stretch is the last point. */
START_TEST(test_min_smooth_short_series)
{
    const double v[] = {5, 4, 3, 0.1, 2, 1.9, 1.8, 1.7};
    run r = values_run("loss", v, MD_COUNT(v));
    T_IS(&r, "loss", "min", 0.1);
    T_IS(&r, "loss", "min_smooth", 1.7);
    T_IS(&r, "loss", "min_smooth_step", 7);
    run_free(&r);
}
END_TEST

/* A loss that falls to 1 and climbs back 50% to 1.5: rise_from_min is near
 * 0.5 (the best segment's luck, down to 0.96, and the end level's, 1%, make
 * it 0.45 to 0.56), and rise_z is large: even at twice the 5% noise put in,
 * se = 0.15 * sqrt(1/16 + 1/100) = 0.04, so a gap of 0.45 is 11 standard
 * errors, 8 after the sqrt(2 ln 64) luck allowance. */
START_TEST(test_rise_after_min)
{
    run r = curve_run("loss", diverge, 1000, 0.05);
    T_IN(&r, "loss", "rise_from_min", 0.45, 0.56);
    T_IN(&r, "loss", "rise_z", 8, INFINITY);
    run_free(&r);
}
END_TEST

/* best_smooth is the stretch rise_z measures from: the lowest for a loss,
 * the highest for a reward (higher is better), which rises from 0.2 to 0.6
 * by step 100 and falls back to 0.1; the end's own tenth is left out. */
START_TEST(test_best_smooth_follows_direction)
{
    run r = curve_run("loss", diverge, 1000, 0.05);
    T_IN(&r, "loss", "best_smooth", 0.96, 1.01);
    run_free(&r);

    double v[200];
    for (size_t i = 0; i < MD_COUNT(v); i++)
        v[i] = i < 100 ? 0.2 + 0.4 * (double)i / 99 : 0.6 - 0.5 * (double)(i - 100) / 99;
    r = values_run("reward", v, MD_COUNT(v));
    T_IN(&r, "reward", "best_smooth", 0.55, 0.6);
    T_IN(&r, "reward", "best_smooth_step", 90, 110);
    T_IN(&r, "reward", "rise_z", 3, INFINITY);
    run_free(&r);
}
END_TEST

/* run.nonfinite_loss_terms: training loss terms holding NaN (spaCy's
 * "LOSS NER"), not the loss itself and not a validation loss term. */
START_TEST(test_run_nonfinite_loss_terms)
{
    run r = run_new();
    for (int64_t i = 0; i < 10; i++) {
        put(&r, "LOSS NER", i * 200, i >= 6 ? NAN : 100.0 / (double)(i + 1));
        put(&r, "LOSS TOK2VEC", i * 200, 30.0);
        put(&r, "val_box_loss", i * 200, i >= 2 ? NAN : 1.0);
    }
    run_done(&r);
    md_value n = md_signal_run(r.sig, "nonfinite_loss_terms");
    md_value step = md_signal_run(r.sig, "nonfinite_loss_terms_step");
    ck_assert(n.known && n.v == 1);
    ck_assert(step.known && step.v == 1200);
    run_free(&r);
}
END_TEST

/* run.lr_restart_spikes: SGDR's warm restarts bump the loss each time; a
 * warm-up's rise is no restart; a spike mid-cycle began at none. */
START_TEST(test_run_lr_restart_spikes)
{
    for (int extra = 0; extra < 2; extra++) {
        run r = run_new();
        t_rng g = t_rng_seed(7);
        for (int64_t i = 1; i <= 1200; i++) {
            int64_t c = i % 300;
            double loss = 0.8 + 1.5 * exp(-(double)i / 400) - 0.15 * (1 - cos(3.14159265358979 * (double)c / 300)) +
                          0.15 * (c < 20) + 0.02 * t_rng_normal(&g);
            if (extra && i >= 450 && i < 460)
                loss += 0.6;
            double warm = i < 50 ? (double)i / 50 : 1;
            put(&r, "loss", i, loss);
            put(&r, "lr", i, warm * 1e-3 * 0.5 * (1 + cos(3.14159265358979 * (double)c / 300)) + 1e-6);
        }
        run_done(&r);
        md_value v = md_signal_run(r.sig, "lr_restart_spikes");
        ck_assert(v.known);
        if (extra)
            ck_assert_msg(v.v < 1, "%g", v.v);
        else
            ck_assert_msg(v.v == 1, "%g", v.v);
        /* The last restart, at step 1200, stands at the bucket before the
         * rate's jump. */
        v = md_signal_run(r.sig, "lr_last_restart_step");
        ck_assert_msg(v.known && v.v >= 1160 && v.v < 1200, "%d %g", v.known, v.v);
        run_free(&r);
    }
    /* No learning rate: unknown; a rate that never restarts: unknown. */
    run r = run_new();
    for (int64_t i = 1; i <= 100; i++)
        put(&r, "loss", i, i == 50 ? 9 : 1);
    run_done(&r);
    ck_assert(!md_signal_run(r.sig, "lr_restart_spikes").known);
    ck_assert(!md_signal_run(r.sig, "lr_last_restart_step").known);
    run_free(&r);
    r = run_new();
    for (int64_t i = 1; i <= 100; i++) {
        put(&r, "loss", i, 1);
        put(&r, "lr", i, 1e-3 * (101 - (double)i) / 100);
    }
    run_done(&r);
    ck_assert(!md_signal_run(r.sig, "lr_last_restart_step").known);
    run_free(&r);
}
END_TEST

/* run.loss_fall_since_val_plateau: the training loss's fall, as a share
 * of its level, from where val_loss went flat to the end. */
START_TEST(test_run_loss_fall_since_val_plateau)
{
    run r = run_new();
    for (int64_t e = 0; e < 60; e++) {
        put(&r, "loss", e, 0.3 + 2.0 * exp(-(double)e / 10.0));
        put(&r, "val_loss", e, e < 20 ? 1.0 + 1.5 * exp(-(double)e / 4.0) : 1.03);
    }
    run_done(&r);
    md_value flat = md_signal_series(r.sig, "val_loss", md_series_feature_find("plateau_start_step"));
    md_value fall = md_signal_run(r.sig, "loss_fall_since_val_plateau");
    ck_assert(flat.known && fall.known);
    /* The loss at the flat stretch's start against its end level. */
    double from = 0.3 + 2.0 * exp(-flat.v / 10.0), to = 0.3 + 2.0 * exp(-59.0 / 10.0);
    ck_assert_msg(fabs(fall.v - (from - to) / from) < 0.1, "fall %g from step %g, want about %g", fall.v, flat.v,
                  (from - to) / from);
    ck_assert(fall.v > 0.1);
    run_free(&r);
    /* No validation loss: unknown. */
    r = run_new();
    for (int64_t e = 0; e < 20; e++)
        put(&r, "loss", e, 1.0 / (double)(e + 1));
    run_done(&r);
    ck_assert(!md_signal_run(r.sig, "loss_fall_since_val_plateau").known);
    run_free(&r);
}
END_TEST

/* run.epoch_steps: values placed by "Epoch 3" alone count epochs; a step
 * key on any record, or none at all, does not. */
START_TEST(test_run_epoch_steps)
{
    static const struct {
        bool epoch, step;
        double want;
    } cases[] = {{true, false, 1}, {false, true, 0}, {true, true, 0}, {false, false, 0}};
    for (size_t k = 0; k < MD_COUNT(cases); k++) {
        run r = run_new();
        for (int i = 1; i <= 20; i++) {
            md_store_record_begin(r.st, (unsigned long)i);
            if (cases[k].epoch)
                md_store_record_kv(r.st, "epoch", 5, i, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
            if (cases[k].step)
                md_store_record_kv(r.st, "step", 4, 100.0 * i, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
            md_store_record_kv(r.st, "loss", 4, 2.0 / i, MD_UNIT_NONE, 0, NAN);
            md_store_record_end(r.st, NULL);
        }
        run_done(&r);
        md_value v = md_signal_run(r.sig, "epoch_steps");
        ck_assert_msg(v.known && v.v == cases[k].want, "case %zu: %g", k, v.v);
        run_free(&r);
    }
}
END_TEST

/* run.epoch_plan_done: the last "Epoch N/M" header is the last epoch
 * planned (M, or M - 1 where the headers count from 0) and values came
 * after it; unknown without a header that gives M. */
START_TEST(test_run_epoch_plan_done)
{
    static const struct {
        int first, last, planned;
        bool values_after_last;
        double want; /* -1: unknown */
    } cases[] = {
        {1, 3, 3, true, 1}, {1, 2, 3, true, 0}, {0, 2, 3, true, 1},
        {1, 3, 3, false, 0}, {1, 3, -1, true, -1}, {0, 3, 3, true, 1},
    };
    for (size_t k = 0; k < MD_COUNT(cases); k++) {
        run r = run_new();
        unsigned long line = 0;
        for (int e = cases[k].first; e <= cases[k].last; e++) {
            md_store_context_step(r.st, e);
            md_store_context_epoch(r.st, e, cases[k].planned);
            if (e == cases[k].last && !cases[k].values_after_last)
                break;
            md_store_record_begin(r.st, ++line);
            md_store_record_kv(r.st, "loss", 4, 2.0 / (e + 1), MD_UNIT_NONE, 0, NAN);
            md_store_record_end(r.st, NULL);
        }
        run_done(&r);
        md_value v = md_signal_run(r.sig, "epoch_plan_done");
        if (cases[k].want < 0)
            ck_assert_msg(!v.known, "case %zu: known", k);
        else
            ck_assert_msg(v.known && v.v == cases[k].want, "case %zu: %g", k, v.v);
        run_free(&r);
    }
}
END_TEST

/* run.worst_score_*: of the higher-is-better scores measured on held-out
 * data (val_accuracy, a set-named eval_f1, mAP, BLEU), the one that fell
 * furthest from its best stretch. Training accuracy is no
 * such score: it falls further here, and is not chosen. */
START_TEST(test_run_worst_score)
{
    static const struct {
        const char *key;
        double peak, end;
    } series[] = {
        {"val_accuracy", 0.8, 0.75}, {"eval_f1", 0.7, 0.5}, {"metrics/mAP50(B)", 0.6, 0.55},
        {"accuracy", 0.9, 0.3},
    };
    run r = run_new();
    for (size_t k = 0; k < MD_COUNT(series); k++)
        for (int64_t i = 0; i < 40; i++) {
            double x = (double)i / 39, base = series[k].peak * 0.6;
            double v = x < 0.5 ? base + (series[k].peak - base) * x / 0.5
                               : series[k].peak + (series[k].end - series[k].peak) * (x - 0.5) / 0.5;
            put(&r, series[k].key, i * 10, v);
        }
    run_done(&r);
    ck_assert_str_eq(md_signal_text(r.sig, "run.worst_score_name"), "val_f1");
    ck_assert_str_eq(md_signal_run_series(r.sig, "worst_score_fall_from_max"), "val_f1");
    md_value fall = md_signal_run(r.sig, "worst_score_fall_from_max");
    ck_assert(fall.known && fall.v > 0.2 && fall.v < 0.3);
    md_value best = md_signal_run(r.sig, "worst_score_best_step");
    ck_assert(best.known && best.v >= 150 && best.v <= 250);
    /* The span the sustained fall is measured over: that score's first step. */
    md_value first = md_signal_run(r.sig, "worst_score_first_step");
    ck_assert(first.known && first.v == 0);
    ck_assert_ptr_null(md_signal_run_series(r.sig, "progress"));
    run_free(&r);

    r = run_new();
    for (int64_t i = 0; i < 40; i++)
        put(&r, "accuracy", i * 10, 0.9 - 0.01 * (double)i);
    run_done(&r);
    ck_assert(!md_signal_run(r.sig, "worst_score_fall_from_max").known);
    ck_assert_ptr_null(md_signal_text(r.sig, "run.worst_score_name"));
    run_free(&r);
}
END_TEST

/* An error rate is a score that improves downwards: a WER that climbs
 * from 6 back to 12 got 100% worse, as an accuracy falling by half did;
 * worse_from_best takes each the way it improves. */
START_TEST(test_worse_from_best)
{
    run r = run_new();
    for (int64_t i = 0; i < 40; i++) {
        double x = (double)i / 39;
        put(&r, "eval_wer", i * 10, x < 0.5 ? 30 - 48 * x : 6 + 12 * (x - 0.5));
        put(&r, "eval_accuracy", i * 10, x < 0.5 ? 0.5 + 0.8 * x : 0.9 - 0.1 * (x - 0.5));
        put(&r, "eval_speed", i * 10, 10 + x);
    }
    run_done(&r);
    T_IN(&r, "val_wer", "worse_from_best", 0.6, 1.1);
    T_IN(&r, "val_accuracy", "worse_from_best", 0.04, 0.07);
    ck_assert(!md_signal_by_name(r.sig, "eval_speed.worse_from_best").known);
    ck_assert_str_eq(md_signal_text(r.sig, "run.worst_score_name"), "val_wer");
    md_value worse = md_signal_run(r.sig, "worst_score_worse_from_best");
    ck_assert(worse.known && worse.v > 0.6);
    run_free(&r);
}
END_TEST

/* A loss term exactly 0 in every log beside a loss that is not: the
 * detector's box loss with no boxes. A term at 0 only at first, or a run
 * whose every loss is 0, has no silent term. */
START_TEST(test_run_zero_term)
{
    run r = run_new();
    for (int64_t i = 1; i <= 8; i++) {
        put(&r, "box_loss", i, 0);
        put(&r, "cls_loss", i, 1.0 / (double)i);
        put(&r, "kl_loss", i, i < 3 ? 0 : 0.1 * (double)i);
    }
    run_done(&r);
    ck_assert_str_eq(md_signal_text(r.sig, "run.zero_term_name"), "box_loss");
    md_value n = md_signal_run(r.sig, "zero_term_count"), first = md_signal_run(r.sig, "zero_term_first_step");
    ck_assert(n.known && n.v == 8 && first.known && first.v == 1);
    run_free(&r);

    r = run_new();
    for (int64_t i = 1; i <= 8; i++) {
        put(&r, "box_loss", i, 0);
        put(&r, "cls_loss", i, 0);
    }
    run_done(&r);
    ck_assert_ptr_null(md_signal_text(r.sig, "run.zero_term_name"));
    ck_assert(!md_signal_run(r.sig, "zero_term_count").known);
    run_free(&r);
}
END_TEST

/* The training loss term with the most NaN logs (mmdetection's loss_bbox
 * over batches with no boxes), beside terms that stayed finite; a run
 * with no NaN term has none. */
START_TEST(test_run_nonfinite_term)
{
    run r = run_new();
    for (int64_t i = 1; i <= 6; i++) {
        put(&r, "loss_bbox", i * 50, i <= 2 ? NAN : 0.4);
        put(&r, "loss_cls", i * 50, i == 4 ? INFINITY : 0.2);
        put(&r, "loss_rpn_cls", i * 50, 0.5 / (double)i);
    }
    run_done(&r);
    ck_assert_str_eq(md_signal_text(r.sig, "run.nonfinite_term_name"), "loss_bbox");
    md_value n = md_signal_run(r.sig, "nonfinite_term_nonfinite");
    md_value first = md_signal_run(r.sig, "nonfinite_term_first_nonfinite_step");
    md_value finite = md_signal_run(r.sig, "nonfinite_term_finite");
    ck_assert(n.known && n.v == 2 && first.known && first.v == 50 && finite.known && finite.v == 4);
    run_free(&r);

    r = run_new();
    for (int64_t i = 1; i <= 6; i++)
        put(&r, "loss_cls", i, 0.2);
    run_done(&r);
    ck_assert_ptr_null(md_signal_text(r.sig, "run.nonfinite_term_name"));
    ck_assert(!md_signal_run(r.sig, "nonfinite_term_nonfinite").known);
    run_free(&r);
}
END_TEST

/* A value that stopped moving: the same at each of the last logs, to a
 * hundred-thousandth, each at a step of its own; ranks that print the
 * step's one value again at that step add nothing. */
START_TEST(test_last_repeats)
{
    run r = run_new();
    const double loss[] = {0.9, 0.5, 0.35977894, 0.35977894, 0.35977891, 0.35977894};
    for (int64_t i = 0; i < 6; i++) {
        put(&r, "loss", i, loss[i]);
        put(&r, "ranked", i, 1.5);
        put(&r, "ranked", i, 1.5);
    }
    put(&r, "ranked", 6, 1.6);
    run_done(&r);
    T_IN(&r, "loss", "last_repeats", 4, 4);
    T_IS(&r, "loss", "last_repeats_step", 2);
    T_IN(&r, "ranked", "last_repeats", 1, 1);
    T_UNKNOWN(&r, "ranked", "last_repeats_step");
    run_free(&r);
}
END_TEST

/* The last value against the best, where the last is the worst: WER 58,
 * 102, 118 keeps 49% of its best; an accuracy whose last is not its
 * lowest keeps all of it. */
START_TEST(test_last_worst_share)
{
    run r = run_new();
    const double wer[] = {58.27, 101.72, 118.31}, acc[] = {0.6, 0.5, 0.55};
    for (int64_t i = 0; i < 3; i++) {
        put(&r, "wer", i * 1000, wer[i]);
        put(&r, "val_accuracy", i * 1000, acc[i]);
    }
    run_done(&r);
    T_IN(&r, "wer", "last_worst_share", 0.49, 0.50);
    T_IN(&r, "val_accuracy", "last_worst_share", 1, 1);
    md_value n = md_signal_run(r.sig, "worst_score_count");
    ck_assert(n.known && n.v == 3);
    run_free(&r);
}
END_TEST

/* run.reinforcement: a reward with no DPO margin. A reward series that
 * holds only NaN does not count, as has() would not count it. */
START_TEST(test_run_reinforcement)
{
    static const struct {
        const char *keys[2];
        double v;
        double want;
    } cases[] = {
        {{"reward", NULL}, 0.4, 1},
        {{"reward", "rewards/margins"}, 0.4, 0},
        {{"loss", NULL}, 0.4, 0},
        {{"reward", NULL}, NAN, 0},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        run r = run_new();
        for (size_t k = 0; k < 2 && cases[i].keys[k]; k++)
            put(&r, cases[i].keys[k], 1, cases[i].v);
        run_done(&r);
        md_value v = md_signal_run(r.sig, "reinforcement");
        ck_assert_msg(v.known && v.v == cases[i].want, "case %zu: %g", i, v.v);
        run_free(&r);
    }
}
END_TEST

/* run.worst_val_*: of several evaluation sets, the loss that climbed the
 * most, whatever names the set: a number glued to the evaluation word
 * (fairseq's valid1), Lightning's dataloader index, a set's name before
 * "val" (NeMo), LibriSpeech's dev_other. A loss that is no evaluation's
 * (a training loss term), or a GAN's adversarial one, never counts. */
START_TEST(test_worst_val_over_sets)
{
    static const char *const sets[] = {"valid1_loss", "val_loss/dataloader_idx_1", "librispeech_val_loss",
                                       "dev_other_loss"};
    for (size_t i = 0; i < MD_COUNT(sets); i++) {
        run r = run_new();
        put_curve(&r, "loss", healthy, 200, 0);
        put_curve(&r, "val_loss", healthy, 200, 0);
        put_curve(&r, sets[i], diverge, 200, 0);
        put_curve(&r, "train_aux_loss", diverge, 200, 0);
        /* A GAN's evaluated discriminator and generator losses fight by
         * design: never the worst. */
        put_curve(&r, "eval_avg_loss_disc_real_1", rises_threefold, 200, 0);
        put_curve(&r, "val_loss_gen", rises_threefold, 200, 0);
        run_done(&r);
        char norm[64];
        md_key_normalise(sets[i], strlen(sets[i]), norm, sizeof norm);
        const char *worst = md_signal_text(r.sig, "run.worst_val_name");
        ck_assert_msg(worst && strcmp(worst, norm) == 0, "%s: worst is %s", sets[i], worst ? worst : "(none)");
        md_value rise = md_signal_run(r.sig, "worst_val_rise_from_min");
        ck_assert_msg(rise.known && rise.v > 0.4, "%s: rise %g", sets[i], rise.v);
        /* Its span: the first and the last step of that loss's points. */
        md_value first = md_signal_run(r.sig, "worst_val_first_step");
        md_value last = md_signal_run(r.sig, "worst_val_last_step");
        const md_series *w = md_store_find(r.st, worst);
        ck_assert(first.known && last.known && first.v == (double)w->first_step && last.v == (double)w->last_step);
        ck_assert(last.v > first.v);
        run_free(&r);
    }
}
END_TEST

/* run.worst_val_train_rel_change: the training series of the same term
 * (val_box_loss: train_box_loss), the loss for val_loss, unknown without
 * one. */
START_TEST(test_worst_val_train_counterpart)
{
    run r = run_new();
    put_curve(&r, "loss", healthy, 200, 0);
    put_curve(&r, "train/box_loss", diverge, 200, 0);
    put_curve(&r, "val/box_loss", diverge, 200, 0);
    run_done(&r);
    md_value train = md_signal_run(r.sig, "worst_val_train_rel_change");
    md_value box = md_signal_series(r.sig, "train_box_loss", md_series_feature_find("rel_change"));
    ck_assert(train.known && box.known && train.v == box.v);
    run_free(&r);

    r = run_new();
    put_curve(&r, "loss", healthy, 200, 0);
    put_curve(&r, "val_loss", diverge, 200, 0);
    run_done(&r);
    train = md_signal_run(r.sig, "worst_val_train_rel_change");
    ck_assert(train.known && train.v < 0);
    run_free(&r);

    r = run_new();
    put_curve(&r, "loss", healthy, 200, 0);
    put_curve(&r, "val/dfl_loss", diverge, 200, 0);
    run_done(&r);
    ck_assert(!md_signal_run(r.sig, "worst_val_train_rel_change").known);
    run_free(&r);

    /* A training loss that ended before the validation loss's lowest is
     * another run's: no change while the validation loss rose. */
    r = run_new();
    put_curve(&r, "loss", healthy, 40, 0);
    put_curve(&r, "val_loss", diverge, 200, 0);
    run_done(&r);
    train = md_signal_run(r.sig, "worst_val_train_rel_change");
    ck_assert(train.known && train.v == 0);
    run_free(&r);
}
END_TEST

/* run.worst_val_train_since_best: the training loss's move from the
 * validation loss's best to its last evaluation, each the mean over the
 * evaluation interval before it. Evaluations every 10 steps, best at 500:
 * a training loss falling as 1/step moves (1/1000 - 1/500) / (1/500),
 * about -50%; one that rises 20% after step 500 with the validation loss
 * moves +20%; on another axis of steps, unknown. */
START_TEST(test_worst_val_train_since_best)
{
    for (int rising = 0; rising <= 1; rising++) {
        run r = run_new();
        for (int64_t s = 1; s <= 1000; s++)
            put(&r, "loss", s, rising ? (s <= 500 ? 10.0 : 10.0 * (1 + 0.2 * (double)(s - 500) / 500)) : 1000.0 / (double)s);
        for (int64_t s = 10; s <= 1000; s += 10)
            put(&r, "val_loss", s, s <= 500 ? 2.0 - (double)s / 1000 : 1.5 + (double)(s - 500) / 1000);
        run_done(&r);
        md_value best = md_signal_series(r.sig, "val_loss", md_series_feature_find("min_smooth_step"));
        ck_assert(best.known && fabs(best.v - 500) <= 20);
        md_value since = md_signal_run(r.sig, "worst_val_train_since_best");
        ck_assert(since.known);
        if (rising)
            ck_assert_msg(since.v > 0.18 && since.v < 0.21, "%g", since.v);
        else
            ck_assert_msg(since.v > -0.53 && since.v < -0.47, "%g", since.v);
        run_free(&r);
    }
    run r = run_new();
    for (int64_t s = 1; s <= 10; s++)
        put(&r, "val_loss", -1, s < 5 ? 2.0 - 0.1 * (double)s : 1.0 + 0.1 * (double)s);
    for (int64_t s = 1; s <= 100; s++)
        put(&r, "loss", s, 1.0 / (double)s);
    run_done(&r);
    ck_assert(md_store_find(r.st, "val_loss")->ordinal && !md_store_find(r.st, "loss")->ordinal);
    ck_assert(!md_signal_run(r.sig, "worst_val_train_since_best").known);
    run_free(&r);
}
END_TEST

/* run.reference_free: rewards that are 2 times their log-probabilities,
 * chosen and rejected alike (SimPO's, CPO's), against DPO's, whose
 * rewards measure the move from a reference; unknown without them. */
START_TEST(test_reference_free)
{
    for (int dpo = 0; dpo <= 1; dpo++) {
        run r = run_new();
        for (int64_t s = 1; s <= 20; s++) {
            double chosen = -1.1 - 0.01 * (double)s, rejected = -1.3 - 0.05 * (double)s;
            put(&r, "logps/chosen", s, chosen);
            put(&r, "logps/rejected", s, rejected);
            put(&r, "rewards/chosen", s, dpo ? 0.1 * (chosen + 1.1) : 2 * chosen);
            put(&r, "rewards/rejected", s, dpo ? 0.1 * (rejected + 1.3) : 2 * rejected);
        }
        run_done(&r);
        md_value v = md_signal_run(r.sig, "reference_free");
        ck_assert(v.known && v.v == !dpo);
        run_free(&r);
    }
    run r = run_new();
    for (int64_t s = 1; s <= 20; s++)
        put(&r, "rewards/chosen", s, -0.1 * (double)s);
    run_done(&r);
    ck_assert(!md_signal_run(r.sig, "reference_free").known);
    run_free(&r);
}
END_TEST

/* run.term_on_step: a perceptual term exactly 0 for its first 20 logs,
 * then positive from step 200 (its weight switched on); a term positive
 * from the start, or one 0 at a single first log, switches nothing on. */
START_TEST(test_term_on_step)
{
    run r = run_new();
    for (int64_t s = 0; s < 60; s++) {
        put(&r, "loss_perceptual", s * 10, s < 20 ? 0.0 : 2.5 - 0.01 * (double)s);
        put(&r, "loss_rec", s * 10, 1.0 - 0.005 * (double)s);
    }
    run_done(&r);
    md_value v = md_signal_run(r.sig, "term_on_step");
    ck_assert(v.known && v.v == 200);
    run_free(&r);
    r = run_new();
    for (int64_t s = 0; s < 60; s++)
        put(&r, "loss_rec", s * 10, s == 0 ? 0.0 : 1.0 - 0.005 * (double)s);
    run_done(&r);
    ck_assert(!md_signal_run(r.sig, "term_on_step").known);
    run_free(&r);
}
END_TEST

/* A validation perplexity is the exponential of the validation loss beside
 * it and rises further: the loss is the one judged. Alone, the perplexity
 * is. */
START_TEST(test_worst_val_prefers_loss_to_perplexity)
{
    for (int with_loss = 0; with_loss < 2; with_loss++) {
        run r = run_new();
        for (int64_t i = 0; i < 100; i++) {
            double v = 2.0 + 0.3 * fabs((double)i - 50) / 50;
            if (with_loss)
                put(&r, "valid loss", i * 10, v);
            put(&r, "valid ppl", i * 10, exp(v));
        }
        run_done(&r);
        const char *worst = md_signal_text(r.sig, "run.worst_val_name");
        ck_assert_str_eq(worst, with_loss ? "val_loss" : "val_perplexity");
        run_free(&r);
    }
}
END_TEST

/* A falling loss with a sawtooth of +-40% over each 24-step epoch (data
 * sorted by length, no shuffling): its lowest segment is a trough of the
 * sawtooth. Point noise is small (the sawtooth is smooth from one step to
 * the next), so only the segments' own wobble keeps rise_z below 3; the
 * same curve without the sawtooth that turns up by 50% stays far above. */
START_TEST(test_sawtooth_is_not_a_rise)
{
    double v[600];
    for (size_t i = 0; i < MD_COUNT(v); i++)
        v[i] = (0.35 + 0.9 * exp(-(double)i / 180)) * (0.6 + 0.8 * (double)(i % 24) / 23);
    run r = values_run("loss", v, MD_COUNT(v));
    T_IN(&r, "loss", "rise_from_min", 0.2, INFINITY);
    T_IN(&r, "loss", "rise_z", -INFINITY, 3);
    run_free(&r);

    for (size_t i = 0; i < MD_COUNT(v); i++)
        v[i] = (i < 300 ? 0.35 + 0.9 * exp(-(double)i / 60) : 0.35 + 0.35 * 0.5 * (double)(i - 300) / 300) *
               (1 + 0.02 * ((double)(i % 7) - 3) / 3);
    r = values_run("loss", v, MD_COUNT(v));
    T_IN(&r, "loss", "rise_z", 8, INFINITY);
    run_free(&r);
}
END_TEST

/* Ten evaluations of a loss that falls fast, bottoms at the sixth and
 * climbs 0.04 an evaluation, with noise of 0.005: the fall's bend sets the
 * second differences (a noise of 0.028), the fourth read 0.008, and the
 * climb of 9% stands 5 standard errors out past the luck of the best of
 * ten, where second differences made it -0.4. */
START_TEST(test_rise_after_bend)
{
    double v[10];
    for (size_t i = 0; i < MD_COUNT(v); i++)
        v[i] = 0.7 + 1.2 * exp(-(double)i / 2) + 0.04 * fmax(0, (double)i - 5) + (i % 2 ? 0.005 : -0.005);
    run r = values_run("val_loss", v, MD_COUNT(v));
    T_IN(&r, "val_loss", "rise_z", 2, INFINITY);
    T_IN(&r, "val_loss", "rise_from_min", 0.08, 0.1);
    run_free(&r);
}
END_TEST

/* 100 points in 64 segments of one or two: a loss falls from 3 to 2 by
 * point 60 and climbs to 2.6 by the end, with 0.05 of noise and one lucky
 * batch of 1.5 at point 55. The running median leaves the lucky batch
 * out of the best stretch: the rise is measured from about 2 (not 1.5 or
 * a two-point mean with it) and stands 4 standard errors out. */
START_TEST(test_rise_ignores_lucky_batch_in_short_segments)
{
    double v[100];
    for (size_t i = 0; i < MD_COUNT(v); i++) {
        double x = (double)i;
        v[i] = (i < 60 ? 3 - x / 60 : 2 + 0.6 * (x - 60) / 39) + (i % 2 ? 0.05 : -0.05);
    }
    v[55] = 1.5;
    run r = values_run("loss", v, MD_COUNT(v));
    T_IN(&r, "loss", "min_smooth", 1.9, 2.1);
    T_IN(&r, "loss", "rise_z", 4, INFINITY);
    run_free(&r);
}
END_TEST

/* rise_z follows the direction of improvement: an accuracy that peaks at 0.9
 * and falls to 0.6 got worse (rise_z large), and fall_from_max is
 * (0.9 - 0.6) / 0.9 less what averaging the peak segment costs (0.008). */
START_TEST(test_fall_from_peak)
{
    run r = curve_run("accuracy", acc_peak, 1000, 0.02);
    T_IN(&r, "accuracy", "rise_z", 8, INFINITY);
    T_IN(&r, "accuracy", "fall_from_max", 0.31, 0.34);
    run_free(&r);
}
END_TEST

/* A short run that bounces between 1 and 1.3 is not divergence. From the
 * definition: the running median leaves the bounce as it is, so the best
 * stretch is 1 and the end level (its last three points) 1.3, a gap of
 * 0.3. Point noise and the wobble of the smoothed points are both
 * 1.4826 * 0.6 / sqrt(6) from second differences of 0.6 (the fourth, 2.4,
 * read more). The luck of the best of 10 is 1.5388 wobbles; the error is
 * a wobble for the best and one over sqrt(3) for the end. rise_z is about
 * -0.62, while rise_from_min is 0.3. */
START_TEST(test_short_bounce_is_not_a_rise)
{
    double v[10];
    for (size_t i = 0; i < MD_COUNT(v); i++)
        v[i] = i % 2 ? 1.3 : 1.0;
    run r = values_run("loss", v, MD_COUNT(v));
    double wobble = 1.4826 * 0.6 / sqrt(6);
    T_NEAR(&r, "loss", "rise_z", (0.3 - 1.5388 * wobble) / (wobble * sqrt(1 + 1.0 / 3)), 1e-6);
    T_NEAR(&r, "loss", "rise_from_min", 0.3, 1e-9);
    run_free(&r);
}
END_TEST

/* ---- convergence and direction ------------------------------------------ */

/* converge_frac, converge_step: a loss that collapses from 10 to 0.01 at step 60 of 1000
 * covered 90% of the way in the segments before the first one after 60
 * (0.064); a straight line 3 -> 1 reaches 90% of the way from its start level
 * (2.9) to its best segment (1.009) at 1.198, at 0.9 of the run (0.896 at
 * 16-point segments); a constant series has no way to cover. */
START_TEST(test_converge_frac)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++) {
        put(&r, "loss", s, s < 60 ? 10 : 0.01);
        put(&r, "val_loss", s, 3 - 2 * (double)s / 1000);
        put(&r, "grad_norm", s, 2);
    }
    run_done(&r);
    T_IN(&r, "loss", "converge_frac", 0.06, 0.08);
    T_NEAR(&r, "val_loss", "converge_frac", 0.896, 0.02);
    T_UNKNOWN(&r, "grad_norm", "converge_frac");
    /* converge_step: the end of the segment that got there, 16 points wide:
     * the first one wholly after step 60, and the one about step 896. */
    T_IN(&r, "loss", "converge_step", 63, 80);
    T_IN(&r, "val_loss", "converge_step", 880, 930);
    T_UNKNOWN(&r, "grad_norm", "converge_step");
    run_free(&r);
}
END_TEST

/* increasing_frac: 1 for a cumulative clock, 0 for a falling series, and 0.5
 * for one that alternates (1001 points: 500 rises in 1000 pairs). */
START_TEST(test_increasing_frac)
{
    run r = run_new();
    for (int64_t s = 0; s < 1001; s++) {
        put(&r, "train_time", s, 1.5 * (double)s);
        put(&r, "loss", s, 3 - 0.001 * (double)s);
        put(&r, "grad_norm", s, s % 2 ? 2 : 1);
    }
    run_done(&r);
    T_IS(&r, "train_time", "increasing_frac", 1);
    T_IS(&r, "loss", "increasing_frac", 0);
    T_IS(&r, "grad_norm", "increasing_frac", 0.5);
    T_IS(&r, "train_time", "falling_frac", 0);
    T_IS(&r, "loss", "falling_frac", 1);
    T_IS(&r, "grad_norm", "falling_frac", 0.5);
    run_free(&r);
    /* A warm-up printed with six decimals: mostly ties, never a fall. */
    r = run_new();
    for (int64_t s = 0; s < 600; s++)
        put(&r, "lr", s, round(5e-6 * (double)s / 600 * 1e6) / 1e6);
    run_done(&r);
    md_value up = md_signal_series(r.sig, "lr", md_series_feature_find("increasing_frac"));
    ck_assert(up.known && up.v < 0.9);
    T_IS(&r, "lr", "falling_frac", 0);
    run_free(&r);
}
END_TEST

/* rising_to_end: a warm-up read before it ends, finely or coarsely
 * printed; not a warm-up followed by a constant rate, nor a decay. */
START_TEST(test_rising_to_end)
{
    run r = run_new();
    for (int64_t s = 0; s < 30; s++) {
        put(&r, "lr", s, 1e-3 * (double)(s + 1) / 30);
        put(&r, "lr_then_flat", s, s == 0 ? 0.0006666666666666666 : 0.001);
        put(&r, "lr_decay", s, 1e-3 * (1 - (double)s / 30));
        put(&r, "lr_coarse_early", s, s < 5 ? 0.000001 : 0.000002);
    }
    /* DINO's six decimals: a warm-up to 2e-6 shows as three levels. */
    for (int64_t s = 0; s < 30; s++) {
        md_store_record_begin(r.st, 1);
        md_store_record_kv(r.st, "step", 4, (double)s, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        md_store_record_kv(r.st, "lr_coarse", 9, round(2.4e-6 * (double)s / 30 * 1e6) / 1e6, MD_UNIT_NONE,
                           MD_KV_DECIMALS(6), NAN);
        md_store_record_end(r.st, NULL);
    }
    run_done(&r);
    T_IS(&r, "lr_coarse", "rising_to_end", 1);
    T_IS(&r, "lr", "rising_to_end", 1);
    T_IS(&r, "lr_then_flat", "rising_to_end", 0);
    T_IS(&r, "lr_decay", "rising_to_end", 0);
    T_IS(&r, "lr_coarse_early", "rising_to_end", 0);
    run_free(&r);
}
END_TEST

/* ---- noise and movement ------------------------------------------------- */

/* noise is the point spread relative to the level: 5% log-normal noise on a
 * flat series reads about 0.05, from second differences (2000 points, one
 * per bucket) and from within-bucket deviations: 3000 points, 2 a bucket,
 * whose median sample deviation is 0.67 of the truth until corrected, 6000
 * with 4 and 100000 with 64. A straight line without noise has none:
 * second differences cancel a linear trend. */
START_TEST(test_noise_level)
{
    static const size_t sizes[] = {2000, 3000, 6000, 100000};
    for (size_t k = 0; k < MD_COUNT(sizes); k++) {
        run r = curve_run("loss", flat2, sizes[k], 0.05);
        T_IN(&r, "loss", "noise", 0.045, 0.055);
        run_free(&r);
    }
    run r = curve_run("loss", line_down, 1000, 0);
    T_IN(&r, "loss", "noise", 0, 1e-9);
    run_free(&r);
}
END_TEST

/* A square wave between 1 and 2, half a period per segment (960 points, 48
 * segments of 20): 47 moves of 1 and a net move of 1 give oscillation
 * 1 - 1/47, and swing is the median move over the median level, 1 / 1.5. */
START_TEST(test_oscillation_square_wave)
{
    run r = run_new();
    for (int64_t s = 0; s < 960; s++)
        put(&r, "loss", s, (s / 20) % 2 ? 2 : 1);
    run_done(&r);
    T_IS(&r, "loss", "oscillation", 1 - 1.0 / 47);
    T_IS(&r, "loss", "swing", 1 / 1.5);
    run_free(&r);
}
END_TEST

/* swing_z: the same square wave with 5% point noise moves its segment
 * means by 1 where noise alone moves them by 0.6745 * 0.05 * sqrt(2 / 20)
 * = 0.0107, so far above 3; pure noise of 5% around 1.5 swings as much as
 * its scatter predicts, about 1; 40 points in 48 segments cannot tell
 * scatter from swing. */
START_TEST(test_swing_z)
{
    run r = run_new();
    t_rng g = t_rng_seed(7);
    for (int64_t s = 0; s < 960; s++)
        put(&r, "loss", s, ((s / 20) % 2 ? 2 : 1) + 0.05 * t_rng_normal(&g));
    run_done(&r);
    T_IN(&r, "loss", "swing_z", 50, INFINITY);
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 960; s++)
        put(&r, "loss", s, 1.5 + 0.075 * t_rng_normal(&g));
    run_done(&r);
    T_IN(&r, "loss", "swing_z", 0.5, 2);
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 40; s++)
        put(&r, "loss", s, (s % 2) ? 2 : 1);
    run_done(&r);
    T_UNKNOWN(&r, "loss", "swing_z");
    run_free(&r);
}
END_TEST

/* A sine between 1 and 2 over six periods moves back and forth: oscillation
 * near 1. The diverging loss, down from 3 to 1 and up to 1.5, has net 1.5
 * of total 2.5, 0.4, or with its first 21-point segment at 2.933 rather
 * than 3, 1 - 1.433 / 2.433 = 0.411. A straight line only moves one way: 0,
 * and its swing is one segment's move (21 points of 0.001) over the median
 * level 1.5. */
START_TEST(test_oscillation_shapes)
{
    run r = run_new();
    for (int64_t s = 0; s < 960; s++)
        put(&r, "loss", s, 1.5 + 0.5 * sin(2 * acos(-1.0) * (double)s / 160));
    run_done(&r);
    T_IN(&r, "loss", "oscillation", 0.9, 1);
    run_free(&r);

    r = curve_run("loss", diverge, 1000, 0);
    T_NEAR(&r, "loss", "oscillation", 0.411, 0.002);
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "loss", s, 2 - 0.001 * (double)s);
    run_done(&r);
    T_NEAR(&r, "loss", "oscillation", 0, 1e-12);
    T_NEAR(&r, "loss", "swing", 0.021 / 1.5, 0.001);
    run_free(&r);
}
END_TEST

/* shift_step: throughput falls from 1000 to 300 at step 600, and a
 * sequence length logged every 10 steps goes from 512 to 2048 at step 4100,
 * in the middle of a segment (1001 / 48, 21 points); a bucket holds a
 * point, so both are found to the step. One outlier inside the segments
 * moves nothing. */
START_TEST(test_shift_step)
{
    run r = run_new();
    t_rng g = t_rng_seed(3);
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "tokens_per_s", s, s == 590 ? 50 : (s < 600 ? 1000 : 300) * exp(0.01 * t_rng_normal(&g)));
    for (int64_t s = 0; s <= 10000; s += 10)
        put(&r, "seq_len", s, s < 4100 ? 512 : 2048);
    run_done(&r);
    T_IS(&r, "tokens_per_s", "shift_step", 600);
    T_IS(&r, "seq_len", "shift_step", 4100);
    run_free(&r);
}
END_TEST

/* rise_jump_step and rise_jump_share: 60 epochs whose loss falls, sits at
 * 0.31 and jumps to 0.95 at epoch 38, and 3000 steps that do the same at
 * step 2000 (a segment holds many points): the jump is where it happened
 * and makes the whole rise; a loss that climbs steadily from its bottom
 * has no one step change; one that never rose has none. */
START_TEST(test_rise_jump)
{
    run r = run_new();
    t_rng g = t_rng_seed(5);
    for (int64_t e = 1; e <= 60; e++)
        put(&r, "loss", e, (e < 38 ? 0.3 + 1.3 * exp(-(double)e / 6) : 0.95) * exp(0.01 * t_rng_normal(&g)));
    run_done(&r);
    T_NEAR(&r, "loss", "rise_jump_step", 38, 0);
    T_IN(&r, "loss", "rise_jump_share", 0.8, 1.2);
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 3000; s++)
        put(&r, "loss", s, (s < 2000 ? 3 + 5 * exp(-(double)s / 300) : 6.0) * exp(0.02 * t_rng_normal(&g)));
    run_done(&r);
    T_IN(&r, "loss", "rise_jump_step", 2000, 2000 + 3000 / 64);
    T_IN(&r, "loss", "rise_jump_share", 0.8, 1.2);
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 3000; s++)
        put(&r, "loss", s, (s < 1500 ? 3 + 5 * exp(-(double)s / 300) : 3 + (double)(s - 1500) / 1000) *
                               exp(0.02 * t_rng_normal(&g)));
    run_done(&r);
    T_IN(&r, "loss", "rise_jump_share", 0, 0.3);
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 100; s++)
        put(&r, "loss", s, 2 - 0.01 * (double)s);
    run_done(&r);
    T_UNKNOWN(&r, "loss", "rise_jump_step");
    run_free(&r);

    /* A score gets worse as it falls: an accuracy at 0.85 that reads 0.11
     * from evaluation 12 of 20 on fell there. */
    r = run_new();
    for (int64_t e = 1; e <= 20; e++)
        put(&r, "val_accuracy", e * 250, (e < 12 ? 0.84 + 0.001 * (double)e : 0.11) + 0.003 * t_rng_normal(&g));
    run_done(&r);
    T_NEAR(&r, "val_accuracy", "rise_jump_step", 3000, 0);
    T_IN(&r, "val_accuracy", "rise_jump_share", 0.8, 1.2);
    run_free(&r);
}
END_TEST

/* growth_start_step: a gradient norm flat at 0.3 to step 600, then growing
 * tenfold every 100 steps, left its level within one segment (1000 / 64,
 * 16 points) after step 600, not at its peak at the end; one that came back
 * down, a falling one and a flat one have none. */
START_TEST(test_growth_start_step)
{
    run r = run_new();
    t_rng g = t_rng_seed(11);
    for (int64_t s = 0; s < 1000; s++) {
        double v = 0.3 * exp(0.05 * t_rng_normal(&g));
        put(&r, "grad_norm", s, s < 600 ? v : v * pow(10, (double)(s - 600) / 100));
        put(&r, "loss", s, 2 - 0.001 * (double)s);
        put(&r, "lr", s, s < 600 || s > 700 ? 1e-4 : 1e-2);
        put(&r, "it_per_s", s, 5 * exp(0.05 * t_rng_normal(&g)));
    }
    run_done(&r);
    T_IN(&r, "grad_norm", "growth_start_step", 600, 600 + 32);
    T_UNKNOWN(&r, "loss", "growth_start_step");
    T_UNKNOWN(&r, "lr", "growth_start_step");
    T_UNKNOWN(&r, "it_per_s", "growth_start_step");
    run_free(&r);
}
END_TEST

/* climb_from_min: the points after the lowest when each rose, else 0. */
START_TEST(test_climb_from_min)
{
    static const double rebound[] = {15.5, 13.0, 3.8, 2.39, 1.43, 5.82, 7.05, 10.03};
    static const double fell_back[] = {15.5, 13.0, 3.8, 2.39, 1.43, 5.82, 4.0, 10.03};
    static const double lowest_last[] = {3.0, 2.0, 1.0};
    run r = run_new();
    put_values(&r, "loss", rebound, MD_COUNT(rebound));
    put_values(&r, "val_loss", fell_back, MD_COUNT(fell_back));
    put_values(&r, "grad_norm", lowest_last, MD_COUNT(lowest_last));
    run_done(&r);
    T_IS(&r, "loss", "climb_from_min", 3);
    T_IS(&r, "val_loss", "climb_from_min", 0);
    T_IS(&r, "grad_norm", "climb_from_min", 0);
    run_free(&r);
}
END_TEST

/* Exact repeats of a loss: five batches' losses through frozen weights come
 * back to the digit, none a quantum from another; a noisy loss printed to
 * two decimals repeats values too, but crowds the quanta beside them; a
 * series that is no loss is not counted. */
START_TEST(test_loss_repeats)
{
    static const double frozen[] = {3.7451, 3.5551, 3.1906, 3.5086, 3.9202};
    run r = run_new();
    t_rng g = t_rng_seed(17);
    for (int64_t s = 0; s < 40; s++) {
        put(&r, "loss", s, frozen[(s * 3) % 5]);
        put(&r, "val_loss", s, floor((1.5 + 0.2 * t_rng_normal(&g)) * 100 + 0.5) / 100);
        put(&r, "accuracy", s, frozen[s % 5] / 10);
    }
    run_done(&r);
    T_NEAR(&r, "loss", "repeat_frac", 35.0 / 40, 1e-12);
    T_IS(&r, "loss", "repeated_values", 5);
    T_IS(&r, "loss", "repeats_isolated_frac", 1);
    ck_assert(T_VAL(&r, "val_loss", "repeat_frac") > 0.25);
    ck_assert(T_VAL(&r, "val_loss", "repeats_isolated_frac") < 0.5);
    T_UNKNOWN(&r, "accuracy", "repeat_frac");
    T_IS(&r, "loss", "repeats_adjacent_frac", 0);
    run_free(&r);

    /* A noisy loss computed in bfloat16 and printed in full ("4.03125",
     * "3.921875") repeats values on its grid, 1/64 apart between 2 and 4,
     * and crowds the grid's steps beside them; frozen weights in bf16 keep
     * their few values apart. */
    r = run_new();
    for (int64_t s = 0; s < 200; s++) {
        double v = 1.0 + 3.0 * exp(-4.0 * (double)s / 200) + 0.05 * t_rng_normal(&g);
        int e;
        double m = frexp(v, &e);
        put(&r, "loss", s, ldexp(nearbyint(ldexp(m, 8)), e - 8));
        put(&r, "val_loss", s, ldexp(nearbyint(ldexp(frexp(frozen[(s * 3) % 5], &e), 8)), e - 8));
    }
    run_done(&r);
    ck_assert(T_VAL(&r, "loss", "repeat_frac") > 0.25);
    ck_assert(T_VAL(&r, "loss", "repeats_isolated_frac") < 0.5);
    T_IS(&r, "val_loss", "repeats_isolated_frac", 1);
    run_free(&r);

    /* The same bf16 loss rounded to four decimals, as HF's Trainer prints
     * it (1.9219 for 1.921875), still lies on the grid; an fp32 loss so
     * rounded scatters over the print's quanta and repeats few. */
    r = run_new();
    for (int64_t s = 0; s < 200; s++) {
        double v = 1.0 + 0.9 * exp(-4.0 * (double)s / 200) + 0.02 * t_rng_normal(&g);
        int e;
        double m = frexp(v, &e);
        put(&r, "loss", s, nearbyint(ldexp(nearbyint(ldexp(m, 8)), e - 8) * 1e4) / 1e4);
        put(&r, "val_loss", s, nearbyint(v * 1e4) / 1e4);
    }
    run_done(&r);
    ck_assert(T_VAL(&r, "loss", "repeat_frac") > 0.25);
    ck_assert(T_VAL(&r, "loss", "repeats_isolated_frac") < 0.5);
    ck_assert(T_VAL(&r, "val_loss", "repeat_frac") < 0.25);
    run_free(&r);

    /* A windowed median holds its value from one log to the next: each
     * repeat is of the point just before. */
    r = run_new();
    for (int64_t s = 0; s < 40; s++)
        put(&r, "loss", s, 3.0 - 0.0137 * (double)(s / 2));
    run_done(&r);
    T_IS(&r, "loss", "repeat_frac", 0.5);
    T_IS(&r, "loss", "repeats_adjacent_frac", 1);
    run_free(&r);
}
END_TEST

/* Whether a step expression counts log entries follows the operand its
 * value came from: default() the one it took, not any series it names. */
static bool step_counts_entries(const char *text, md_sigset *sig)
{
    md_expr_error err;
    md_expr *e = md_expr_compile(text, t_catalog(), &err);
    ck_assert_msg(e != NULL, "%s: %s", text, err.msg);
    bool entries = md_expr_counts_entries(e, sig);
    md_expr_free(e);
    return entries;
}

START_TEST(test_step_counts_entries_of_operand_taken)
{
    run r = run_new();
    for (int64_t s = 0; s < 20; s++)
        put(&r, "reward", -1, (double)s);
    run_done(&r);
    ck_assert(md_store_find(r.st, "reward")->ordinal);
    ck_assert(step_counts_entries("reward.max_step", r.sig));
    ck_assert(step_counts_entries("default(event.cuda_oom.first_step, reward.first_step)", r.sig));
    ck_assert(step_counts_entries("default(reward.first_step, event.cuda_oom.first_step)", r.sig));
    ck_assert(!step_counts_entries("event.cuda_oom.first_step", r.sig));
    ck_assert(step_counts_entries("run.last_step", r.sig));
    /* A step gated by a truth value is the step's: a message's iteration
     * where the loss counts entries (detectron2's "at iteration=1029"). */
    ck_assert(!step_counts_entries("12 / (reward.ordinal == 1)", r.sig));
    ck_assert(!step_counts_entries("12 * (reward.count > 3 && reward.max > 0)", r.sig));
    ck_assert(step_counts_entries("reward.max_step * (reward.ordinal == 1)", r.sig));
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 20; s++)
        put(&r, "loss", 10 * s, 1.0 / (double)(s + 1));
    run_done(&r);
    ck_assert(!step_counts_entries("loss.max_step", r.sig));
    ck_assert(!step_counts_entries("default(event.cuda_oom.first_step, loss.first_step)", r.sig));
    ck_assert(!step_counts_entries("run.last_step", r.sig));
    run_free(&r);
}
END_TEST

/* ---- spikes and pinned values ------------------------------------------- */

/* Three one-point spikes (2x, 5x, 3x) on a loss at 1 with 1% noise: three
 * spikes, all back at once (fast, one point each), the largest 5x its level
 * at step 500. */
START_TEST(test_spikes_fast)
{
    run r = run_new();
    t_rng g = t_rng_seed(5);
    for (int64_t s = 0; s < 1000; s++) {
        double v = exp(0.01 * t_rng_normal(&g));
        put(&r, "loss", s, s == 300 ? 2 : s == 500 ? 5 : s == 700 ? 3 : v);
    }
    run_done(&r);
    const expect e[] = {
        IS("spikes", 3),         RANGE("max_spike", 4.9, 5.1), IS("max_spike_step", 500),
        IS("max_spike_start", 500), IS("spikes_fast", 3),    IS("spikes_slow", 0),         IS("spikes_open", 0),
        IS("spike_frac", 0.003),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "three one-point spikes");
    run_free(&r);

    /* A spike past any ratio a double holds (1e308 over a level of 1) is
     * the largest there is, at its step. */
    r = run_new();
    for (int64_t s = 0; s < 300; s++)
        put(&r, "loss", s, s == 299 ? 1e308 : 0.5 + 0.001 * (double)(s % 7));
    run_done(&r);
    const expect huge[] = {IS("spikes", 1), IS("max_spike_step", 299), IS("max_spike_start", 299)};
    check_table(&r, "loss", huge, MD_COUNT(huge), "a spike to 1e308");
    run_free(&r);
}
END_TEST

/* A first step's time that holds the compilation (nanoGPT's iter 0, seven
 * times the others) sets no slope for the warm-up: the evaluation steps
 * every 20 prints after it, as slow, are four stragglers, not one; with no
 * slow step after it, none. */
START_TEST(test_spikes_after_slow_first_point)
{
    for (int periodic = 0; periodic <= 1; periodic++) {
        run r = run_new();
        t_rng g = t_rng_seed(12);
        for (int64_t s = 0; s < 90; s++) {
            double v = 1.445 * (1 + 0.003 * t_rng_normal(&g));
            if (s == 0 || (periodic && s % 20 == 0))
                v = 10.5;
            put(&r, "step_time", s, v);
        }
        run_done(&r);
        const expect stragglers[] = {IS("spikes", 4), IS("max_spike_step", 20), RANGE("max_spike", 7.0, 7.5)};
        const expect none[] = {IS("spikes", 0)};
        if (periodic)
            check_table(&r, "step_time", stragglers, MD_COUNT(stragglers), "periodic slow steps");
        else
            check_table(&r, "step_time", none, MD_COUNT(none), "one slow first step");
        run_free(&r);
    }
}
END_TEST

/* A spike that lasts 20 points recovers slowly and keeps the series inside
 * a spike for 2% of the run; a jump to 3x for the last 100 points never
 * recovers: 10% of the run. */
START_TEST(test_spikes_slow_and_open)
{
    run r = run_new();
    t_rng g = t_rng_seed(6);
    for (int64_t s = 0; s < 1000; s++) {
        double v = exp(0.01 * t_rng_normal(&g));
        put(&r, "loss", s, s >= 400 && s < 420 ? 3 * v : v);
        put(&r, "grad_norm", s, s >= 900 ? 3 * v : v);
    }
    run_done(&r);
    const expect slow[] = {
        IS("spikes", 1),      IS("spikes_slow", 1),   IS("spikes_fast", 0),
        IS("spikes_open", 0), IS("spike_frac", 0.02), RANGE("max_spike", 2.8, 3.2),
        IS("max_spike_start", 400),
    };
    check_table(&r, "loss", slow, MD_COUNT(slow), "20-point spike");
    /* The peak of the open spike is its largest point, which need not be
     * the first: any step of the shifted stretch. */
    const expect open[] = {
        IS("spikes", 1),      IS("spikes_open", 1),  IS("spikes_fast", 0),
        IS("spikes_slow", 0), IS("spike_frac", 0.1), RANGE("max_spike", 2.8, 3.2),
        RANGE("max_spike_step", 900, 999), IS("max_spike_start", 900),
    };
    check_table(&r, "grad_norm", open, MD_COUNT(open), "level shift");
    run_free(&r);
}
END_TEST

/* The last point alone above the band, under ten times the level, is a
 * noisy last batch as much as a spike: none. Fifty times the level there
 * is a blow-up: an open spike. */
START_TEST(test_last_point_spike)
{
    for (int big = 0; big < 2; big++) {
        run r = run_new();
        t_rng g = t_rng_seed(7);
        for (int64_t s = 0; s < 300; s++) {
            double v = 0.1 * exp(0.01 * t_rng_normal(&g));
            put(&r, "loss", s, s == 299 ? (big ? 50 : 2.6) * v : v);
        }
        run_done(&r);
        md_value spikes = md_signal_by_name(r.sig, "loss.spikes"), open = md_signal_by_name(r.sig, "loss.spikes_open");
        ck_assert(spikes.known && spikes.v == big && open.known && open.v == big);
        run_free(&r);
    }
}
END_TEST

/* A second run written into the same log starts over at step 0, its loss
 * back at the start's level: no spike, one restart (a run too short to be
 * judged alone, so the series holds both). The same jump where the steps
 * go on is a spike. */
START_TEST(test_restart_from_step_zero_is_no_spike)
{
    for (int go_on = 0; go_on < 2; go_on++) {
        run r = run_new();
        t_rng g = t_rng_seed(10);
        for (int attempt = 0; attempt < 2; attempt++)
            for (int64_t s = 0; s < (attempt ? 6 : 500); s++)
                put(&r, "loss", s + (go_on && attempt ? 500 : 0),
                    (3 * exp(-(double)s / 100) + 1) * exp(0.01 * t_rng_normal(&g)));
        run_done(&r);
        T_IS(&r, "loss", "restarts", go_on ? 0 : 1);
        T_IS(&r, "loss", "spikes", go_on ? 1 : 0);
        run_free(&r);
    }
}
END_TEST

/* A spike that builds over ten points, from 1.4x to 5x its level, begins
 * where it leaves the band and peaks at its last point. */
START_TEST(test_spike_start_before_peak)
{
    run r = run_new();
    t_rng g = t_rng_seed(9);
    for (int64_t s = 0; s < 1000; s++) {
        double v = exp(0.01 * t_rng_normal(&g));
        put(&r, "grad_norm", s, s >= 600 && s < 610 ? v * (1.4 + 0.4 * (double)(s - 600)) : v);
    }
    run_done(&r);
    T_IS(&r, "grad_norm", "spikes", 1);
    T_IS(&r, "grad_norm", "max_spike_start", 600);
    T_IS(&r, "grad_norm", "max_spike_step", 609);
    run_free(&r);
}
END_TEST

/* For a higher-is-better series a spike is a dip: throughput at 250 for one
 * point of a run at 1000 is a spike of level / peak = 4. */
START_TEST(test_spike_is_a_dip_when_higher_is_better)
{
    run r = run_new();
    t_rng g = t_rng_seed(8);
    for (int64_t s = 0; s < 500; s++)
        put(&r, "tokens_per_s", s, s == 250 ? 250 : 1000 * exp(0.01 * t_rng_normal(&g)));
    run_done(&r);
    T_IS(&r, "tokens_per_s", "spikes", 1);
    T_IN(&r, "tokens_per_s", "max_spike", 3.9, 4.1);
    T_IS(&r, "tokens_per_s", "max_spike_step", 250);
    run_free(&r);
}
END_TEST

/* at_max_frac / at_min_frac: a gradient norm clipped at 1 for the last 70%
 * of the run, or for 7 of every 10 steps, sits at its maximum 70% of the
 * time; a learning rate held at its floor for the last quarter, wobbling by
 * one part in a billion, sits at its minimum 25% of the time. */
START_TEST(test_pinned_at_bounds)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++) {
        put(&r, "grad_norm", s, s >= 300 ? 1 : 0.5 + 0.4 * (double)s / 300);
        put(&r, "lr", s, s >= 750 ? 1e-5 * (1 + 1e-9 * (double)(s % 3)) : 1e-3 - 1e-6 * (double)s);
    }
    run_done(&r);
    T_IS(&r, "grad_norm", "at_max_frac", 0.7);
    T_IS(&r, "grad_norm", "at_min_frac", 0.001);
    T_IS(&r, "lr", "at_min_frac", 0.25);
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "grad_norm", s, s % 10 < 7 ? 1 : 0.5);
    run_done(&r);
    T_IS(&r, "grad_norm", "at_max_frac", 0.7);
    T_IS(&r, "grad_norm", "at_min_frac", 0.3);
    run_free(&r);
}
END_TEST

/* zero_frac is the share of finite points exactly 0: 100 of 1000, the NaN
 * point counting in neither. */
START_TEST(test_zero_frac)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "lr", s, s < 100 ? 0 : 1e-4);
    put(&r, "lr", 1000, NAN);
    run_done(&r);
    T_IS(&r, "lr", "zero_frac", 0.1);
    run_free(&r);
}
END_TEST

static bool any_key(const void *ctx, const char *key, size_t n)
{
    (void)ctx, (void)key, (void)n;
    return true;
}

/* A run whose lr was printed as texts, through format ("lr: %s"). */
static run printed_rate(const char *format, const char *const texts[4])
{
    run r = run_new();
    for (int64_t k = 0; k < 4; k++) {
        char line[64];
        snprintf(line, sizeof line, format, texts[k]);
        md_kv kv[4];
        ck_assert_uint_eq(md_kv_scan(line, strlen(line), kv, 4, any_key, NULL), 1);
        md_store_record_begin(r.st, 1);
        md_store_record_kv(r.st, "step", 4, (double)k, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        md_store_record_kv(r.st, "lr", 2, kv[0].value, MD_UNIT_NONE, kv[0].flags, NAN);
        md_store_record_end(r.st, NULL);
    }
    run_done(&r);
    return r;
}

/* want: NaN for unknown. */
static void check_precision(run *r, const char *feature, double want)
{
    if (isnan(want))
        T_UNKNOWN(r, "lr", feature);
    else
        T_NEAR(r, "lr", feature, want, want * 1e-9);
}

/* resolution: a rate written "%.6f" has a print precision of 1e-6; values
 * written with varying digits (Python's shortest repr) or an exponent have
 * none, and zeros say nothing either way. */
START_TEST(test_resolution)
{
    static const struct {
        const char *texts[4];
        double want; /* NaN: unknown */
    } cases[] = {
        {{"0.000100", "0.000050", "0.000000", "0.000001"}, 1e-6},
        {{"3", "2", "0", "1"}, 1},
        {{"0.0001", "0.00015", "0.0", "0.001"}, NAN},
        {{"5e-07", "0.000001", "0.0", "0.000002"}, NAN},
        {{"0.0", "0.0", "0.0", "0.0"}, NAN},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        run r = printed_rate("lr: %s", cases[i].texts);
        check_precision(&r, "resolution", cases[i].want);
        run_free(&r);
    }
}
END_TEST

/* zero_resolution: zeros padded by a fixed-point print ("0.000") are only
 * below its precision; "0.0" and "0" are the shortest print of an exact
 * zero. One zero is enough to tell; none tells nothing. */
START_TEST(test_zero_resolution)
{
    static const struct {
        const char *texts[4];
        double want; /* NaN: unknown */
    } cases[] = {
        {{"0.000", "0.000", "0.000", "0.000"}, 1e-3},
        {{"0.001", "0.000", "0.000", "0.000"}, 1e-3},
        {{"0.002", "0.001", "0.000", "0.001"}, 1e-3},
        {{"0.0", "0.0", "0.0", "0.0"}, 0},
        {{"0", "0", "0", "0"}, 0},
        {{"0.000", "0.0", "0.000000", "0.0"}, NAN},
        {{"1e-06", "2e-06", "0.0", "3e-06"}, 0},
        {{"1e-06", "2e-06", "3e-06", "4e-06"}, NAN},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        run r = printed_rate("actor/lr:%s", cases[i].texts);
        check_precision(&r, "zero_resolution", cases[i].want);
        run_free(&r);
    }
}
END_TEST

/* ---- before the first NaN ----------------------------------------------- */

/* Over n steps: a loss flat at 2 that climbs to 3.2 over the 2% of the run
 * before it turns NaN at n/2, and a gradient norm at 1 that grows
 * geometrically to 50 over the same stretch (both with 1% noise on the flat
 * part, NaN from n/2 on). When growth is false, both stay flat until the
 * NaN. */
static void put_nan_run(run *r, size_t n, bool growth)
{
    t_rng g = t_rng_seed(11);
    size_t nan_at = n / 2, grow = n / 50;
    for (size_t i = 0; i < n; i++) {
        double loss = NAN, gnorm = NAN;
        if (i < nan_at) {
            double noise = exp(0.01 * t_rng_normal(&g));
            loss = 2 * noise;
            gnorm = noise;
            if (growth && i >= nan_at - grow) {
                double k = (double)(i - (nan_at - grow) + 1) / (double)grow;
                loss = 2 + 1.2 * k;
                gnorm = pow(50, k);
            }
        }
        put(r, "loss", (int64_t)i, loss);
        put(r, "grad_norm", (int64_t)i, gnorm);
    }
}

/* The window is the last tenth of the points before the loss's first NaN,
 * the baseline the tenth before it: grad_norm peaks at 50 over a baseline
 * of 1 (growth 50, rise 49), and the loss ends at 3.2 over a baseline of 2
 * (growth 1.6, rise 0.6), with 1% of slack for the noise in the baselines. */
START_TEST(test_growth_before_nonfinite)
{
    run r = run_new();
    put_nan_run(&r, 1000, true);
    run_done(&r);
    T_IN(&r, "grad_norm", "growth_before_nonfinite", 50 / 1.01, 50 / 0.99);
    T_IN(&r, "grad_norm", "rise_before_nonfinite", 50 / 1.01 - 1, 50 / 0.99 - 1);
    T_IN(&r, "loss", "growth_before_nonfinite", 1.6 / 1.01, 1.6 / 0.99);
    T_IN(&r, "loss", "rise_before_nonfinite", 3.2 / 2.02 - 1, 3.2 / 1.98 - 1);
    T_IS(&r, "loss", "first_nonfinite_step", 500);
    run_free(&r);
}
END_TEST

/* A sudden NaN (a log of zero) shows no growth: ratios near 1, rises near 0
 * (the peak of 50 points with 1% noise stays within 4% of the level). */
START_TEST(test_sudden_nonfinite)
{
    run r = run_new();
    put_nan_run(&r, 1000, false);
    run_done(&r);
    T_IN(&r, "grad_norm", "growth_before_nonfinite", 1, 1.04);
    T_NEAR(&r, "grad_norm", "rise_before_nonfinite", 0, 0.04);
    T_NEAR(&r, "loss", "rise_before_nonfinite", 0, 0.04);
    run_free(&r);
}
END_TEST

/* Unknown without a NaN in the loss (a NaN elsewhere does not count), and
 * when the loss turns NaN before 6 finite points (two windows of 3). */
START_TEST(test_nonfinite_window_needs_a_loss_nan)
{
    run r = run_new();
    for (int64_t s = 0; s < 100; s++) {
        put(&r, "loss", s, 2);
        put(&r, "grad_norm", s, s == 50 ? NAN : 1);
    }
    run_done(&r);
    T_UNKNOWN(&r, "grad_norm", "growth_before_nonfinite");
    T_UNKNOWN(&r, "grad_norm", "rise_before_nonfinite");
    T_UNKNOWN(&r, "loss", "growth_before_nonfinite");
    run_free(&r);

    r = run_new();
    for (int64_t s = 0; s < 100; s++) {
        put(&r, "loss", s, s < 5 ? 2 : NAN);
        put(&r, "grad_norm", s, 1);
    }
    run_done(&r);
    T_UNKNOWN(&r, "grad_norm", "growth_before_nonfinite");
    T_UNKNOWN(&r, "loss", "rise_before_nonfinite");
    run_free(&r);
}
END_TEST

/* ---- healthy runs ------------------------------------------------------- */

/* The healthy loss 0.5 + 2.5 exp(-3x) over 2000 points with 5% noise. From
 * the curve: start level L(0.05) = 2.652, end level L(0.95) = 0.644, mean
 * 0.5 + 2.5 (1 - e^-3) / 3 = 1.292, median L(0.5) = 1.058, change over the
 * last fifth (L(1) - L(0.8)) / L(0.95) = -0.159, best stretch about
 * L(0.99) = 0.628, 90% of the way from start to best at L = 0.830, x = 0.67;
 * first segment mean about 2.94, so fall_from_max = 0.78; the median segment
 * move of 7.5 e^-1.5 / 48 over the median level is a swing of 0.033. The
 * point noise of 0.05 L over the run, relative to the level of the last
 * half (0.76), is about 0.07. A plateau is only the tail where the loss is
 * within about 3 standard errors of its end (x > 0.89). */
START_TEST(test_healthy_loss_is_quiet)
{
    const size_t n = 2000;
    run r = curve_run("loss", healthy, n, 0.05);
    const expect e[] = {
        IS("count", n),
        IS("nonfinite", 0),
        IS("nonfinite_frac", 0),
        UNKNOWN("first_nonfinite_step"),
        IS("restarts", 0),
        IS("ordinal", 0),
        IS("zero_frac", 0),
        IS("steps", n - 1),
        RANGE("mean", 1.292 * 0.98, 1.292 * 1.02),
        RANGE("median", 1.058 * 0.97, 1.058 * 1.03),
        RANGE("start_level", 2.652 * 0.97, 2.652 * 1.03),
        RANGE("end_level", 0.644 * 0.97, 0.644 * 1.03),
        RANGE("rel_change", -0.78, -0.74),
        RANGE("slope_end", -0.19, -0.13),
        RANGE("plateau_frac", 0, 0.2),
        RANGE("plateau_start_step", 0.8 * n, n),
        RANGE("min_smooth", 0.61, 0.645),
        RANGE("min_smooth_step", 0.9 * n, n),
        /* the best stretch before the last tenth, near x = 0.89 (0.673),
         * is above the end level of a curve still falling: -0.043 */
        RANGE("rise_from_min", -0.07, 0),
        RANGE("rise_z", -INFINITY, 3),
        RANGE("fall_from_max", 0.76, 0.80),
        RANGE("converge_frac", 0.64, 0.71),
        RANGE("increasing_frac", 0.3, 0.6),
        RANGE("noise", 0.05, 0.09),
        RANGE("oscillation", 0, 0.2),
        RANGE("swing", 0.02, 0.05),
        /* the steepest relative fall is at the start (5% per segment) but
         * the middle still falls 3.7%, within the noise of segment means
         * (1.1%): anywhere in the first half */
        RANGE("shift_step", 0, n / 2),
        IS("spikes", 0),
        IS("max_spike", 1),
        UNKNOWN("max_spike_step"),
        UNKNOWN("max_spike_start"),
        IS("spike_frac", 0),
        IS("spikes_fast", 0),
        IS("spikes_slow", 0),
        IS("spikes_open", 0),
        IS("at_max_frac", 1.0 / n),
        IS("at_min_frac", 1.0 / n),
        UNKNOWN("growth_before_nonfinite"),
        UNKNOWN("rise_before_nonfinite"),
        IS("trailing_nonfinite", 0),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "healthy loss");
    run_free(&r);
}
END_TEST

/* A healthy accuracy 0.9 - 0.4 exp(-5x) with 2% noise: best is its
 * maximum, it never got worse (rise_z below 3), has not fallen from its
 * best stretch, and has no spikes (dips); it rose from A(0.05) = 0.589 to
 * A(0.95) = 0.897, by 52%. */
START_TEST(test_healthy_accuracy_is_quiet)
{
    const size_t n = 2000;
    run r = curve_run("accuracy", acc_healthy, n, 0.02);
    T_IS(&r, "accuracy", "best", T_VAL(&r, "accuracy", "max"));
    T_IS(&r, "accuracy", "best_step", T_VAL(&r, "accuracy", "max_step"));
    T_IN(&r, "accuracy", "rise_z", -INFINITY, 3);
    T_IN(&r, "accuracy", "fall_from_max", -0.02, 0.02);
    T_IS(&r, "accuracy", "spikes", 0);
    T_IS(&r, "accuracy", "max_spike", 1);
    T_IN(&r, "accuracy", "rel_change", 0.50, 0.55);
    run_free(&r);
}
END_TEST

/* ---- edge cases --------------------------------------------------------- */

/* One point at step 7: exact figures and the levels are that point; what
 * needs a spread, a trend or neighbours is unknown. */
START_TEST(test_one_point)
{
    run r = run_new();
    put(&r, "loss", 7, 2.5);
    run_done(&r);
    const expect e[] = {
        IS("count", 1),                     IS("finite", 1),
        IS("first", 2.5),                   IS("last", 2.5),
        IS("min", 2.5),                     IS("max", 2.5),
        IS("mean", 2.5),                    UNKNOWN("std"),
        IS("median", 2.5),                  IS("min_step", 7),
        IS("first_step", 7),                IS("steps", 0),
        IS("best", 2.5),                    IS("best_step", 7),
        IS("start_level", 2.5),             IS("end_level", 2.5),
        UNKNOWN("rel_change"),              UNKNOWN("slope_end"),
        UNKNOWN("plateau_frac"),            UNKNOWN("plateau_start_step"),
        IS("min_smooth", 2.5),              IS("min_smooth_step", 7),
        UNKNOWN("rise_from_min"),           UNKNOWN("rise_z"),
        UNKNOWN("fall_from_max"),           UNKNOWN("converge_frac"),
        UNKNOWN("increasing_frac"),         UNKNOWN("noise"),
        UNKNOWN("oscillation"),             UNKNOWN("swing"),
        UNKNOWN("shift_step"),              IS("spikes", 0),
        IS("max_spike", 1),                 UNKNOWN("max_spike_step"),
        UNKNOWN("max_spike_start"),
        IS("spike_frac", 0),                IS("at_max_frac", 1),
        IS("at_min_frac", 1),               IS("zero_frac", 0),
        UNKNOWN("growth_before_nonfinite"),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "one point");
    run_free(&r);
}
END_TEST

/* Two points 3, 1: a spread (std sqrt 2), levels at each end, a fall, a
 * best stretch (too few points to smooth); no relative change, rise, noise
 * or movement yet (they need 3, 4 or 6 points). */
START_TEST(test_two_points)
{
    const double v[] = {3, 1};
    run r = values_run("loss", v, MD_COUNT(v));
    const expect e[] = {
        IS("std", sqrt(2)),       IS("median", 2),          IS("start_level", 3),
        IS("end_level", 1),       UNKNOWN("rel_change"),    IS("min_smooth", 1),
        IS("min_smooth_step", 1), UNKNOWN("rise_from_min"), UNKNOWN("fall_from_max"),
        IS("increasing_frac", 0), UNKNOWN("noise"),         UNKNOWN("shift_step"),
        UNKNOWN("oscillation"),   IS("at_max_frac", 0.5),   IS("at_min_frac", 0.5),
        UNKNOWN("plateau_frac"),  UNKNOWN("rise_z"),        IS("spikes", 0),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "two points");
    run_free(&r);
}
END_TEST

/* Three points 3, 1, 2: rel_change -1/3; the running median of three makes
 * the middle point 2, so the best stretch is 2 at step 1 and nothing rose
 * from it, while the fall from 3 is 1/3; the largest relative move is 1 -> 2
 * at step 2. */
/* The ends of a short series are smoothed by Tukey's end-point rule: a
 * first value far below the line its neighbours make (one batch's loss
 * where every later row sums hundreds) is no minimum, but a series that
 * rises from its first value keeps it as its best. */
START_TEST(test_lone_first_value)
{
    double v[60];
    v[0] = 49.75;
    for (size_t i = 1; i < 60; i++)
        v[i] = 150 + 1900 * exp(-(double)i / 8);
    run r = values_run("loss", v, 60);
    md_value at = feat(&r, "loss", "min_smooth_step");
    ck_assert(at.known && at.v > 0);
    md_value rise = feat(&r, "loss", "rise_from_min");
    ck_assert_msg(rise.known && rise.v < 0.05, "rise_from_min %g", rise.v);
    run_free(&r);

    for (size_t i = 0; i < 60; i++)
        v[i] = 2 + 0.05 * (double)i;
    r = values_run("loss", v, 60);
    at = feat(&r, "loss", "min_smooth_step");
    ck_assert(at.known && at.v == 0);
    rise = feat(&r, "loss", "rise_from_min");
    ck_assert_msg(rise.known && rise.v > 1, "rise_from_min %g", rise.v);
    run_free(&r);

    /* Fine-tuning that only hurt: the evaluation before it was the best. */
    const double evals[] = {1.0, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1};
    r = values_run("val_loss", evals, MD_COUNT(evals));
    at = feat(&r, "val_loss", "min_smooth_step");
    ck_assert(at.known && at.v == 0);
    run_free(&r);
}
END_TEST

START_TEST(test_three_points)
{
    const double v[] = {3, 1, 2};
    run r = values_run("loss", v, MD_COUNT(v));
    const expect e[] = {
        IS("mean", 2),                IS("std", 1),               IS("median", 2),
        IS("rel_change", -1.0 / 3),   UNKNOWN("slope_end"),       UNKNOWN("plateau_frac"),
        IS("min_smooth", 2),          IS("min_smooth_step", 1),   IS("rise_from_min", 0),
        IS("fall_from_max", 0),        UNKNOWN("rise_z"),          UNKNOWN("converge_frac"),
        IS("increasing_frac", 0.5),   UNKNOWN("noise"),           UNKNOWN("oscillation"),
        IS("shift_step", 2),          IS("at_max_frac", 1.0 / 3), IS("at_min_frac", 1.0 / 3),
        IS("best", 1),                IS("best_step", 1),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "three points");
    run_free(&r);
}
END_TEST

/* Eight points 4, 3, 2.5, 2, 1.8, 1.9, 2.2, 2.6, every figure from the
 * definitions. Smoothed by a running median of three: 4, 3, 2.5, 2, 1.9,
 * 1.9, 2.2, 2.6, so the best stretch is 1.9 at step 4. Second differences
 * 0.25, 0, 0.15, 0.15, 0.1, 0.05 have median 0.125: point noise
 * 1.4826 * 0.125 / sqrt(1.5). Levels are single points (a tenth of 8), the
 * last half's level is the median of 1.8, 1.9, 2.2, 2.6. The last fifth is
 * two points, too few for a slope. */
START_TEST(test_eight_points)
{
    const double v[] = {4, 3, 2.5, 2, 1.8, 1.9, 2.2, 2.6};
    run r = values_run("loss", v, MD_COUNT(v));
    double noise = 1.4826 * 0.125 / sqrt(1.5);
    double wobble = 1.4826 * 0.2 / sqrt(6);
    const expect e[] = {
        IS("mean", 2.5),
        IS("median", 2.35),
        IS("start_level", 4),
        IS("end_level", 2.6),
        IS("rel_change", -0.35),
        UNKNOWN("slope_end"),
        /* 3 * noise * sqrt(1 + 1) is 25% of the end level: no verdict. */
        UNKNOWN("plateau_frac"),
        IS("min_smooth", 1.9),
        IS("min_smooth_step", 4),
        IS("rise_from_min", 0.7 / 1.9),
        /* From the best stretch, 1.9, to the median of the last three
         * points, 2.2, less the luck of the best of 8 (1.4236 deviations),
         * in errors of the smoothed points' wobble: second differences 0.5,
         * 0, 0.4, 0.1, 0.3, 0.1, median 0.2. The end's error is one over
         * sqrt(3) of it, the best's one. */
        IS("rise_z", (0.3 - 1.4236 * wobble) / (wobble * sqrt(1 + 1.0 / 3))),
        IS("fall_from_max", 1.4 / 4),
        /* 90% of the way from 4 to 1.9 is 2.11, first reached at step 3. */
        IS("converge_frac", 3.0 / 8),
        IS("increasing_frac", 3.0 / 7),
        IS("noise", noise / 2.05),
        /* Moves 1, .5, .5, .2, .1, .3, .4 (total 3), net 1.4. */
        IS("oscillation", 1 - 1.4 / 3),
        IS("swing", 0.4 / 2.35),
        IS("shift_step", 1),
        IS("spikes", 0),
        IS("at_max_frac", 1.0 / 8),
        IS("at_min_frac", 1.0 / 8),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "eight points");
    run_free(&r);
}
END_TEST

/* A constant 2: no change, no slope, one plateau, no rise or fall, no
 * noise or movement, no spikes, every point at both bounds; nothing to
 * converge to. */
START_TEST(test_constant_series)
{
    run r = curve_run("loss", flat2, 1000, 0);
    const expect e[] = {
        IS("std", 0),                IS("start_level", 2),     IS("end_level", 2),
        IS("rel_change", 0),         IS("slope_end", 0),       IS("plateau_frac", 1),
        IS("min_smooth", 2),         IS("rise_from_min", 0),   IS("rise_z", 0),
        IS("fall_from_max", 0),      UNKNOWN("converge_frac"), IS("increasing_frac", 0),
        IS("noise", 0),              IS("oscillation", 0),     IS("swing", 0),
        RANGE("shift_step", 0, 999), IS("spikes", 0),          IS("max_spike", 1),
        IS("spike_frac", 0),         IS("at_max_frac", 1),     IS("at_min_frac", 1),
        IS("zero_frac", 0),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "constant 2");
    run_free(&r);
}
END_TEST

/* A constant 0: every ratio to the level is unknown rather than a division
 * by zero; the shares and counts still hold. */
START_TEST(test_zero_series)
{
    run r = run_new();
    for (int64_t s = 0; s < 1000; s++)
        put(&r, "loss", s, 0);
    run_done(&r);
    const expect e[] = {
        IS("zero_frac", 1),       UNKNOWN("rel_change"),    UNKNOWN("slope_end"),
        UNKNOWN("noise"),         UNKNOWN("swing"),         UNKNOWN("rise_from_min"),
        UNKNOWN("fall_from_max"), IS("plateau_frac", 1),    IS("rise_z", 0),
        IS("oscillation", 0),     IS("spikes", 0),          IS("at_max_frac", 1),
        IS("at_min_frac", 1),     IS("increasing_frac", 0),
    };
    check_table(&r, "loss", e, MD_COUNT(e), "constant 0");
    run_free(&r);
}
END_TEST

/* Ten NaN points: counts and steps are known, every value feature unknown. */
START_TEST(test_all_nan_series)
{
    run r = run_new();
    for (int64_t s = 0; s < 10; s++)
        put(&r, "loss", s, NAN);
    run_done(&r);
    size_t n;
    const md_feature *f = md_series_features(&n);
    static const char *const known_names[] = {
        "count",      "finite",    "nonfinite", "nan",     "inf",      "nonfinite_frac",
        "first_step", "last_step", "steps",     "ordinal", "restarts", "first_nonfinite_step",
        "last_nonfinite_step", "trailing_nonfinite", "last_repeats", "leading_nonfinite", "fresh_starts", "runs",
        "finite_before_nonfinite", "first_line",
    };
    for (size_t i = 0; i < n; i++) {
        bool want = false;
        for (size_t k = 0; k < MD_COUNT(known_names); k++)
            want |= strcmp(f[i].name, known_names[k]) == 0;
        md_value v = md_signal_series(r.sig, "loss", (int)i);
        ck_assert_msg(v.known == want, "all NaN: loss.%s is %s", f[i].name,
                      v.known ? "known" : "unknown");
    }
    T_IS(&r, "loss", "count", 10);
    T_IS(&r, "loss", "finite", 0);
    T_IS(&r, "loss", "nonfinite_frac", 1);
    T_IS(&r, "loss", "first_nonfinite_step", 0);
    T_IS(&r, "loss", "trailing_nonfinite", 10);
    T_IS(&r, "loss", "leading_nonfinite", 10);
    T_IS(&r, "loss", "finite_before_nonfinite", 0);
    run_free(&r);
}
END_TEST

/* NaNs before the first finite point lead; later ones do not. */
START_TEST(test_leading_nonfinite)
{
    run r = run_new();
    const double v[] = {NAN, NAN, INFINITY, 0.9, NAN, 0.8, 0.7};
    for (size_t i = 0; i < MD_COUNT(v); i++)
        put(&r, "loss", (int64_t)i, v[i]);
    run_done(&r);
    T_IS(&r, "loss", "leading_nonfinite", 3);
    T_IS(&r, "loss", "nonfinite", 4);
    T_IS(&r, "loss", "trailing_nonfinite", 0);
    run_free(&r);
}
END_TEST

/* NaN and Inf points sprinkled through a healthy loss (every 37th and
 * every 101st point) are counted and otherwise ignored: the trend features
 * match the same curve without them. */
START_TEST(test_sprinkled_nonfinite_is_ignored)
{
    const size_t n = 2000;
    run clean = curve_run("loss", healthy, n, 0.05);
    run r = run_new();
    t_rng g = t_rng_seed(n);
    uint64_t nan = 0, inf = 0;
    for (size_t i = 0; i < n; i++) {
        double v = curve_at(healthy, i, n, 0.05, &g);
        if (i % 37 == 5) {
            v = NAN;
            nan++;
        } else if (i % 101 == 7) {
            v = i % 2 ? INFINITY : -INFINITY;
            inf++;
        }
        put(&r, "loss", (int64_t)i, v);
    }
    run_done(&r);
    T_IS(&r, "loss", "nan", (double)nan);
    T_IS(&r, "loss", "inf", (double)inf);
    T_IS(&r, "loss", "first_nonfinite_step", 5);
    static const struct {
        const char *feature;
        double tol;
    } same[] = {
        {"start_level", 0.03},   {"end_level", 0.01},  {"rel_change", 0.01},
        {"slope_end", 0.02},     {"min_smooth", 0.01}, {"rise_from_min", 0.02},
        {"converge_frac", 0.03}, {"noise", 0.005},     {"oscillation", 0.05},
        {"swing", 0.01},         {"spikes", 0},        {"fall_from_max", 0.01},
    };
    for (size_t k = 0; k < MD_COUNT(same); k++) {
        double want = T_VAL(&clean, "loss", same[k].feature);
        T_NEAR(&r, "loss", same[k].feature, want, same[k].tol);
    }
    T_IN(&r, "loss", "rise_z", -INFINITY, 3);
    run_free(&r);
    run_free(&clean);
}
END_TEST

/* Every feature of every edge-case series is unknown or a finite number:
 * never NaN or Inf. */
START_TEST(test_every_feature_finite_on_edges)
{
    run r = run_new();
    put(&r, "loss", 0, 1.5);                                  /* one point */
    for (int64_t s = 0; s < 3; s++)
        put(&r, "val_loss", s, s == 1 ? 0 : 1);               /* touches 0 */
    for (int64_t s = 0; s < 8; s++)
        put(&r, "grad_norm", s, s % 2 ? INFINITY : 1e-30);    /* tiny, Inf */
    for (int64_t s = 0; s < 50; s++)
        put(&r, "accuracy", s, s < 45 ? NAN : 0.5);           /* mostly NaN */
    for (int64_t s = 0; s < 300; s++)
        put(&r, "reward", s, -2 + 0.01 * sin((double)s));     /* negative level */
    for (int64_t s = 0; s < 300; s++)
        put(&r, "margin", s, s % 2 ? 1 : -1);                 /* mean 0 */
    for (int64_t s = 0; s < 40; s++)
        put(&r, "tokens_per_s", s, s % 3 ? 1e30 : 1e-30);     /* extreme range */
    run_done(&r);
    size_t n;
    const md_feature *f = md_series_features(&n);
    for (size_t k = 0; k < md_store_nseries(r.st); k++) {
        const char *name = md_store_series(r.st, k)->name;
        for (size_t i = 0; i < n; i++) {
            md_value v = md_signal_series(r.sig, name, (int)i);
            ck_assert_msg(!v.known || isfinite(v.v), "%s.%s = %g", name, f[i].name, v.v);
        }
    }
    run_free(&r);
}
END_TEST

/* ---- bucket merging ----------------------------------------------------- */

/* Scenarios that exist at any length n. */
static void put_healthy(run *r, size_t n)
{
    put_curve(r, "loss", healthy, n, 0.05);
}

static void put_plateau(run *r, size_t n)
{
    put_curve(r, "loss", plateau, n, 0.05);
}

static void put_diverge(run *r, size_t n)
{
    put_curve(r, "loss", diverge, n, 0.05);
}

/* A flat loss with 1% noise and three one-point spikes at 30%, 50% and
 * 70% of the run. */
static void put_spiky(run *r, size_t n)
{
    t_rng g = t_rng_seed(n);
    for (size_t i = 0; i < n; i++) {
        double v = exp(0.01 * t_rng_normal(&g));
        if (i == 3 * n / 10 || i == n / 2 || i == 7 * n / 10)
            v = i == n / 2 ? 5 : 3;
        put(r, "loss", (int64_t)i, v);
    }
}

static void put_nan_growth(run *r, size_t n)
{
    put_nan_run(r, n, true);
}

/* One feature of one scenario, compared between 2000 points (one per
 * bucket) and 100000 (64 per bucket): equal within tol, after dividing
 * step features by the length of the run. */
typedef struct agree {
    const char *scenario;
    void (*put)(run *r, size_t n);
    const char *series, *feature;
    double tol;
    bool per_step;
} agree;

/* The same curve, 50 times as long, so that buckets merge: features that
 * describe the curve's shape agree with the short version. Tolerances allow
 * for the short run's noise (5% per point over 2000 points) and for
 * segments of about 1/64 of the run. */
START_TEST(test_long_series_agree_with_short)
{
    static const agree rows[] = {
        {"healthy", put_healthy, "loss", "start_level", 0.06, false},
        {"healthy", put_healthy, "loss", "end_level", 0.015, false},
        {"healthy", put_healthy, "loss", "median", 0.02, false},
        {"healthy", put_healthy, "loss", "rel_change", 0.02, false},
        {"healthy", put_healthy, "loss", "slope_end", 0.03, false},
        {"healthy", put_healthy, "loss", "min_smooth", 0.015, false},
        {"healthy", put_healthy, "loss", "fall_from_max", 0.01, false},
        {"healthy", put_healthy, "loss", "converge_frac", 0.03, false},
        {"healthy", put_healthy, "loss", "noise", 0.01, false},
        {"healthy", put_healthy, "loss", "swing", 0.01, false},
        {"healthy", put_healthy, "loss", "oscillation", 0.05, false},
        {"healthy", put_healthy, "loss", "spikes", 0, false},
        {"plateau", put_plateau, "loss", "plateau_frac", 0.02, false},
        {"plateau", put_plateau, "loss", "plateau_start_step", 0.02, true},
        {"plateau", put_plateau, "loss", "end_level", 0.01, false},
        {"diverge", put_diverge, "loss", "rise_from_min", 0.04, false},
        {"diverge", put_diverge, "loss", "min_smooth", 0.04, false},
        /* Anywhere in the flat bottom, a tenth of the run. */
        {"diverge", put_diverge, "loss", "min_smooth_step", 0.1, true},
        /* Segment means of a longer run hold less noise: the same allowance
         * as for the healthy curve. */
        {"diverge", put_diverge, "loss", "oscillation", 0.05, false},
        {"diverge", put_diverge, "loss", "plateau_frac", 0.02, false},
        {"diverge", put_diverge, "loss", "converge_frac", 0.03, false},
        {"diverge", put_diverge, "loss", "shift_step", 0.03, true},
        {"spiky", put_spiky, "loss", "spikes", 0, false},
        {"spiky", put_spiky, "loss", "spikes_fast", 0, false},
        {"spiky", put_spiky, "loss", "max_spike", 0.1, false},
        {"spiky", put_spiky, "loss", "max_spike_step", 0.001, true},
        {"nan", put_nan_growth, "grad_norm", "growth_before_nonfinite", 1, false},
        {"nan", put_nan_growth, "grad_norm", "rise_before_nonfinite", 1, false},
        {"nan", put_nan_growth, "loss", "rise_before_nonfinite", 0.02, false},
        {"nan", put_nan_growth, "loss", "first_nonfinite_step", 0, true},
    };
    const size_t short_n = 2000, long_n = 100000;
    run s = {0}, l = {0};
    const char *built = NULL;
    for (size_t k = 0; k < MD_COUNT(rows); k++) {
        const agree *a = &rows[k];
        if (!built || strcmp(built, a->scenario) != 0) {
            if (built) {
                run_free(&s);
                run_free(&l);
            }
            s = run_new();
            a->put(&s, short_n);
            run_done(&s);
            l = run_new();
            a->put(&l, long_n);
            run_done(&l);
            const md_series *ls = md_store_find(l.st, a->series);
            ck_assert_uint_gt(ls->width, 1);
            built = a->scenario;
        }
        double sv = T_VAL(&s, a->series, a->feature);
        double lv = T_VAL(&l, a->series, a->feature);
        if (a->per_step) {
            sv /= (double)short_n;
            lv /= (double)long_n;
        }
        ck_assert_msg(fabs(sv - lv) <= a->tol + 1e-12,
                      "%s: %s.%s is %.6g at %zu points, %.6g at %zu", a->scenario, a->series,
                      a->feature, sv, short_n, lv, long_n);
    }
    run_free(&s);
    run_free(&l);
}
END_TEST

/* ---- definitions that hold at any length --------------------------------- */

/* A loss that falls steadily to the very end never got worse: its end level
 * (the median of the last tenth) is compared with the best stretch before
 * that tenth, so the shrinking standard error of a long run cannot turn the
 * last tenth's own slope into a rise. */
START_TEST(test_rise_z_of_long_healthy_run)
{
    static const double sigmas[] = {0.05, 0.03};
    for (size_t k = 0; k < MD_COUNT(sigmas); k++) {
        run r = curve_run("loss", healthy, 100000, sigmas[k]);
        T_IN(&r, "loss", "rise_z", -INFINITY, 3);
        T_IN(&r, "loss", "rise_from_min", -INFINITY, 0);
        run_free(&r);
    }
}
END_TEST

/* A gradient norm clipped at 1 on 7 of every 10 steps sits at its maximum
 * 70% of the time at any length, also once buckets merge points. */
START_TEST(test_at_max_frac_after_merging)
{
    run r = run_new();
    for (int64_t s = 0; s < 100000; s++)
        put(&r, "grad_norm", s, s % 10 < 7 ? 1 : 0.5);
    run_done(&r);
    T_NEAR(&r, "grad_norm", "at_max_frac", 0.7, 0.01);
    T_NEAR(&r, "grad_norm", "at_min_frac", 0.3, 0.01);
    run_free(&r);
}
END_TEST

/* A spike over a level at or below 0 (a learning rate at 0 through warm-up
 * that steps to 1e-3; a reward, higher is better, at -1 that dips to -4)
 * has no ratio: max_spike is unknown, never +Inf, which a rule such as
 * grad_norm.max_spike > 10 would read as an explosion. */
START_TEST(test_max_spike_over_level_not_positive)
{
    run r = run_new();
    for (int64_t s = 0; s < 300; s++) {
        put(&r, "lr", s, s < 150 ? 0 : 1e-3);
        put(&r, "reward", s, s == 200 ? -4 : -1 + 0.01 * sin((double)s));
    }
    run_done(&r);
    T_IS(&r, "lr", "spikes", 1);
    T_IS(&r, "reward", "spikes", 1);
    md_value lr = feat(&r, "lr", "max_spike"), reward = feat(&r, "reward", "max_spike");
    ck_assert_msg(!lr.known, "lr.max_spike = %g", lr.v);
    ck_assert_msg(!reward.known, "reward.max_spike = %g", reward.v);
    run_free(&r);
}
END_TEST

/* Whether plateau_frac has a verdict does not depend on how the run's
 * length divides into 64 segments: segments take equal shares of the
 * points, so none is left with the last few points and a band too wide
 * to judge. */
START_TEST(test_plateau_verdict_at_any_length)
{
    static const size_t sizes[] = {1024, 1025, 1040, 1056, 1088};
    for (size_t k = 0; k < MD_COUNT(sizes); k++) {
        run r = curve_run("loss", healthy, sizes[k], 0.05);
        md_value v = feat(&r, "loss", "plateau_frac");
        ck_assert_msg(v.known, "%zu points: loss.plateau_frac is unknown", sizes[k]);
        ck_assert_msg(v.v < 0.25, "%zu points: loss.plateau_frac = %g", sizes[k], v.v);
        run_free(&r);
    }
}
END_TEST

/* The lowest of the 64 equal-share segment means of the curve. */
static double lowest_segment_mean(double (*shape)(double), size_t n)
{
    double sum[64] = {0}, count[64] = {0}, lowest = INFINITY;
    for (size_t i = 0; i < n; i++) {
        size_t k = (size_t)(((double)i + 0.5) * 64 / (double)n);
        sum[k] += shape((double)i / (double)n);
        count[k]++;
    }
    for (size_t k = 0; k < 64; k++)
        if (count[k] && sum[k] / count[k] < lowest)
            lowest = sum[k] / count[k];
    return lowest;
}

/* min_smooth is the lowest segment mean once segments hold several points
 * (the running median smooths only single-point segments), so a sharp V
 * reads its bottom segment, and 2048 and 2049 points agree. */
START_TEST(test_min_smooth_of_a_sharp_minimum)
{
    run r = curve_run("loss", vee, 1000, 0);
    T_NEAR(&r, "loss", "min_smooth", lowest_segment_mean(vee, 1000), 1e-9);
    run_free(&r);
    r = curve_run("loss", vee, 2048, 0);
    run l = curve_run("loss", vee, 2049, 0);
    T_NEAR(&r, "loss", "min_smooth", T_VAL(&l, "loss", "min_smooth"), 2e-3);
    run_free(&r);
    run_free(&l);
}
END_TEST

/* oscillation is a share: 0 for a series that only moves one way, never
 * below 0 from rounding in 1 - net / total. */
START_TEST(test_oscillation_is_never_negative)
{
    static const size_t sizes[] = {2000, 100000};
    for (size_t k = 0; k < MD_COUNT(sizes); k++) {
        run r = curve_run("loss", healthy, sizes[k], 0);
        T_IN(&r, "loss", "oscillation", 0, 1);
        run_free(&r);
    }
}
END_TEST

/* ---- coverage ----------------------------------------------------------- */

/* Every feature in the registry is exercised by a test above, with a
 * summary. */
START_TEST(test_every_feature_is_tested)
{
    static const char *const tested[] = {
        "count", "finite", "first", "last", "min", "max", "min_step", "max_step", "mean", "std",
        "median", "first_step", "last_step", "steps", "ordinal", "restarts", "fresh_starts", "runs", "first_line", "nonfinite", "nan",
        "inf", "nonfinite_frac", "first_nonfinite_step", "last_nonfinite_step", "trailing_nonfinite", "last_repeats",
        "last_repeats_step", "leading_nonfinite", "finite_before_nonfinite", "zero_frac",
        "first_zero_step", "before_zero", "zero_approach", "first_positive_step",
        "resolution", "zero_resolution", "chance_classes", "best",
        "best_step",
        "start_level", "end_level", "rel_change", "growth_start_step", "slope_end", "plateau_frac",
        "plateau_start_step", "min_smooth", "min_smooth_step", "rise_from_min", "retreat", "rise_z", "best_smooth", "best_smooth_step",
        "fall_from_max", "worse_from_best", "last_worst_share", "converge_frac", "converge_step", "increasing_frac", "falling_frac", "climb_from_min", "rising_to_end", "noise", "oscillation", "swing", "swing_z",
        "shift_step", "rise_jump_step", "rise_jump_share", "spikes", "max_spike", "max_spike_step", "max_spike_start", "spike_frac", "spikes_fast",
        "spikes_slow", "spikes_open", "at_max_frac", "at_min_frac", "repeat_frac", "repeated_values", "repeats_isolated_frac", "repeats_adjacent_frac", "growth_before_nonfinite",
        "rise_before_nonfinite",
    };
    size_t n;
    const md_feature *f = md_series_features(&n);
    for (size_t i = 0; i < n; i++) {
        bool found = false;
        for (size_t k = 0; k < MD_COUNT(tested) && !found; k++)
            found = strcmp(f[i].name, tested[k]) == 0;
        ck_assert_msg(found, "series feature '%s' has no test in check_signals.c", f[i].name);
        ck_assert_msg(f[i].summary && *f[i].summary, "series feature '%s' has no summary",
                      f[i].name);
        ck_assert_int_eq(md_series_feature_find(f[i].name), (int)i);
    }
    ck_assert_int_eq(md_series_feature_find("no_such_feature"), -1);
}
END_TEST

Suite *suite_signals(void)
{
    Suite *s = suite_create("signals");
    TCase *exact = tcase_create("exact");
    tcase_add_test(exact, test_exact_figures);
    tcase_add_test(exact, test_leading_nonfinite);
    tcase_add_test(exact, test_run_loss_fall_since_val_plateau);
    tcase_add_test(exact, test_run_lr_restart_spikes);
    tcase_add_test(exact, test_rising_to_end);
    tcase_add_test(exact, test_median_selects_as_sorting);
    tcase_add_test(exact, test_best_follows_direction);
    tcase_add_test(exact, test_restarts_and_ordinal);
    tcase_add_test(exact, test_every_feature_is_tested);
    suite_add_tcase(s, exact);

    TCase *trend = tcase_create("trend");
    tcase_add_test(trend, test_levels_step_change);
    tcase_add_test(trend, test_levels_ignore_single_spikes);
    tcase_add_test(trend, test_slope_end_lines);
    tcase_add_test(trend, test_slope_end_ignores_outliers);
    tcase_add_test(trend, test_plateau_after_600);
    tcase_add_test(trend, test_plateau_higher_is_better);
    tcase_add_test(trend, test_plateau_constant_and_too_noisy);
    tcase_add_test(trend, test_plateau_not_slow_steady_gain);
    tcase_add_test(trend, test_min_smooth_ignores_lucky_batch);
    tcase_add_test(trend, test_min_smooth_short_series);
    tcase_add_test(trend, test_rise_after_min);
    tcase_add_test(trend, test_best_smooth_follows_direction);
    tcase_add_test(trend, test_run_worst_score);
    tcase_add_test(trend, test_worse_from_best);
    tcase_add_test(trend, test_last_worst_share);
    tcase_add_test(trend, test_run_zero_term);
    tcase_add_test(trend, test_run_nonfinite_term);
    tcase_add_test(trend, test_last_point_spike);
    tcase_add_test(trend, test_last_repeats);
    tcase_add_test(trend, test_run_epoch_steps);
    tcase_add_test(trend, test_run_epoch_plan_done);
    tcase_add_test(trend, test_spikes_after_slow_first_point);
    tcase_add_test(trend, test_run_nonfinite_loss_terms);
    tcase_add_test(trend, test_run_reinforcement);
    tcase_add_test(trend, test_worst_val_over_sets);
    tcase_add_test(trend, test_worst_val_prefers_loss_to_perplexity);
    tcase_add_test(trend, test_worst_val_train_counterpart);
    tcase_add_test(trend, test_worst_val_train_since_best);
    tcase_add_test(trend, test_reference_free);
    tcase_add_test(trend, test_term_on_step);
    tcase_add_test(trend, test_fall_from_peak);
    tcase_add_test(trend, test_rise_after_bend);
    tcase_add_test(trend, test_rise_ignores_lucky_batch_in_short_segments);
    tcase_add_test(trend, test_short_bounce_is_not_a_rise);
    tcase_add_test(trend, test_sawtooth_is_not_a_rise);
    tcase_add_test(trend, test_converge_frac);
    tcase_add_test(trend, test_increasing_frac);
    suite_add_tcase(s, trend);

    TCase *noise = tcase_create("noise");
    tcase_add_test(noise, test_noise_level);
    tcase_add_test(noise, test_oscillation_square_wave);
    tcase_add_test(noise, test_swing_z);
    tcase_add_test(noise, test_oscillation_shapes);
    tcase_add_test(noise, test_shift_step);
    tcase_add_test(noise, test_rise_jump);
    tcase_add_test(noise, test_growth_start_step);
    tcase_add_test(noise, test_climb_from_min);
    tcase_add_test(noise, test_loss_repeats);
    tcase_add_test(noise, test_step_counts_entries_of_operand_taken);
    tcase_set_timeout(noise, 60);
    suite_add_tcase(s, noise);

    TCase *spike = tcase_create("spikes");
    tcase_add_test(spike, test_spikes_fast);
    tcase_add_test(spike, test_spikes_slow_and_open);
    tcase_add_test(spike, test_spike_is_a_dip_when_higher_is_better);
    tcase_add_test(spike, test_spike_start_before_peak);
    tcase_add_test(spike, test_restart_from_step_zero_is_no_spike);
    tcase_add_test(spike, test_pinned_at_bounds);
    tcase_add_test(spike, test_zero_frac);
    tcase_add_test(spike, test_resolution);
    tcase_add_test(spike, test_zero_resolution);
    tcase_add_test(spike, test_chance_classes);
    tcase_add_test(spike, test_retreat);
    tcase_add_test(spike, test_first_zero);
    tcase_add_test(spike, test_first_positive);
    suite_add_tcase(s, spike);

    TCase *nonfinite = tcase_create("nonfinite");
    tcase_add_test(nonfinite, test_growth_before_nonfinite);
    tcase_add_test(nonfinite, test_sudden_nonfinite);
    tcase_add_test(nonfinite, test_nonfinite_window_needs_a_loss_nan);
    suite_add_tcase(s, nonfinite);

    TCase *healthy_tc = tcase_create("healthy");
    tcase_add_test(healthy_tc, test_healthy_loss_is_quiet);
    tcase_add_test(healthy_tc, test_healthy_accuracy_is_quiet);
    suite_add_tcase(s, healthy_tc);

    TCase *edges = tcase_create("edges");
    tcase_add_test(edges, test_one_point);
    tcase_add_test(edges, test_two_points);
    tcase_add_test(edges, test_three_points);
    tcase_add_test(edges, test_lone_first_value);
    tcase_add_test(edges, test_eight_points);
    tcase_add_test(edges, test_constant_series);
    tcase_add_test(edges, test_zero_series);
    tcase_add_test(edges, test_all_nan_series);
    tcase_add_test(edges, test_sprinkled_nonfinite_is_ignored);
    tcase_add_test(edges, test_every_feature_finite_on_edges);
    suite_add_tcase(s, edges);

    TCase *merged = tcase_create("merged");
    tcase_add_test(merged, test_long_series_agree_with_short);
    tcase_set_timeout(merged, 120);
    suite_add_tcase(s, merged);

    TCase *lengths = tcase_create("any_length");
    tcase_add_test(lengths, test_rise_z_of_long_healthy_run);
    tcase_add_test(lengths, test_at_max_frac_after_merging);
    tcase_add_test(lengths, test_max_spike_over_level_not_positive);
    tcase_add_test(lengths, test_plateau_verdict_at_any_length);
    tcase_add_test(lengths, test_min_smooth_of_a_sharp_minimum);
    tcase_add_test(lengths, test_oscillation_is_never_negative);
    tcase_set_timeout(lengths, 120);
    suite_add_tcase(s, lengths);
    return s;
}
