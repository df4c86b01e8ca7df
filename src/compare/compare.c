/* Two runs side by side: loss curves aligned by step, findings added and
 * resolved, speed. Values between logged steps come from the buckets'
 * means, interpolated, so runs that logged at different intervals still
 * meet on the same steps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/compare.h"
#include "mldiag/signal.h"

/* Steps sampled across the common range for the mean gap; the last tenth
 * of them gives the end gap, so one noisy log entry does not decide it. */
#define SAMPLES 64
#define END_SAMPLES 8

static double bucket_mid(const md_bucket *b)
{
    return ((double)b->lo_step + (double)b->hi_step) / 2;
}

/* The series' level at step: bucket means interpolated between their
 * middle steps, flat beyond the ends. */
static double value_at(const md_series *s, double step)
{
    double prev_mid = NAN, prev = NAN;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (!b->n)
            continue;
        double mid = bucket_mid(b), v = b->sum / b->n;
        if (step <= mid) {
            if (isnan(prev_mid) || mid == prev_mid)
                return v;
            return prev + (step - prev_mid) / (mid - prev_mid) * (v - prev);
        }
        prev_mid = mid;
        prev = v;
    }
    return prev;
}

static double signal(md_sigset *sig, const char *series, const char *feature)
{
    md_value v = md_signal_series(sig, series, md_series_feature_find(feature));
    return v.known ? v.v : NAN;
}

/* NEW's gap to BASE relative to BASE, positive where NEW is worse; from a
 * BASE of 0 any difference is infinitely far (a loss logged as 0.0000). */
static double gap(double base, double next, int sign)
{
    if (isnan(base) || isnan(next))
        return NAN;
    if (base == 0)
        return next == 0 ? 0 : sign * next > 0 ? INFINITY : -INFINITY;
    return sign * (next - base) / fabs(base);
}

/* The first step at which NEW's level, over about 64 stretches so one
 * lucky batch does not count, reached target. */
static double first_reach(const md_series *s, double target, int sign)
{
    uint64_t per = s->finite / 64 + 1, n = 0;
    double sum = 0;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        n += b->n;
        sum += b->sum;
        if (n >= per || i + 1 == s->nbuckets) {
            if (n && sign * (sum / (double)n) <= sign * target)
                return (double)b->hi_step;
            n = 0;
            sum = 0;
        }
    }
    return NAN;
}

static void diff_curve(const char *name, const md_store *base, md_sigset *sb, const md_store *next,
                       md_sigset *sn, md_curve_diff *d)
{
    memset(d, 0, sizeof *d);
    d->series = name;
    d->mean_gap = d->end_gap = d->best_gap = d->new_reaches_base_final = NAN;
    const md_series *a = md_store_find(base, name), *b = md_store_find(next, name);
    if (!a || !b || !a->finite || !b->finite)
        return;
    d->present = true;
    int sign = a->better == MD_BETTER_HIGHER ? -1 : 1;
    d->base_best = signal(sb, name, sign > 0 ? "min_smooth" : "max");
    d->new_best = signal(sn, name, sign > 0 ? "min_smooth" : "max");
    d->best_gap = gap(d->base_best, d->new_best, sign);
    if (a->ordinal != b->ordinal) {
        d->unaligned = true;
        d->base_end = signal(sb, name, "end_level");
        d->new_end = signal(sn, name, "end_level");
        d->end_gap = gap(d->base_end, d->new_end, sign);
        return;
    }
    d->common_lo = fmax((double)a->first_step, (double)b->first_step);
    d->common_hi = fmin((double)a->last_step, (double)b->last_step);
    d->base_last_step = (double)a->last_step;
    double sum = 0, base_end = 0, next_end = 0;
    size_t n = 0, ends = 0;
    for (size_t i = 0; i < SAMPLES && d->common_hi >= d->common_lo; i++) {
        double step = d->common_lo + (d->common_hi - d->common_lo) * (double)i / (SAMPLES - 1);
        double va = value_at(a, step), vb = value_at(b, step), g = gap(va, vb, sign);
        if (isfinite(g)) {
            sum += g;
            n++;
        }
        if (i >= SAMPLES - END_SAMPLES) {
            base_end += va;
            next_end += vb;
            ends++;
        }
    }
    d->matched = n;
    d->mean_gap = n ? sum / (double)n : NAN;
    d->base_end = ends ? base_end / (double)ends : NAN;
    d->new_end = ends ? next_end / (double)ends : NAN;
    d->end_gap = gap(d->base_end, d->new_end, sign);
    d->new_reaches_base_final = first_reach(b, signal(sb, name, "end_level"), sign);
}

/* Speed in steps (or tokens, samples) per second: a rate series, or the
 * inverse of the step time. */
static void diff_speed(md_sigset *sb, md_sigset *sn, md_comparison *c)
{
    static const char *const rates[] = {"tokens_per_s", "samples_per_s", "it_per_s", "step_time"};
    c->base_speed = c->new_speed = c->speed_ratio = NAN;
    for (size_t i = 0; i < MD_COUNT(rates); i++) {
        double a = signal(sb, rates[i], "median"), b = signal(sn, rates[i], "median");
        if (isnan(a) || isnan(b) || a <= 0 || b <= 0)
            continue;
        bool is_time = strcmp(rates[i], "step_time") == 0;
        c->speed_series = rates[i];
        c->base_speed = is_time ? 1 / a : a;
        c->new_speed = is_time ? 1 / b : b;
        c->speed_ratio = c->new_speed / c->base_speed;
        return;
    }
}

static bool has_finding(const md_findings *f, const char *id)
{
    for (size_t i = 0; i < f->n; i++)
        if (strcmp(f->v[i].id, id) == 0)
            return true;
    return false;
}

static void add_diff(md_finding_diff **v, size_t *n, const md_finding *f)
{
    *v = md_xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = (md_finding_diff){f->id, f->title, f->severity};
}

static void worse(md_comparison *c, const char *fmt, ...) MD_PRINTF(2, 3);

static void worse(md_comparison *c, const char *fmt, ...)
{
    md_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    md_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    c->worse.v = md_xrealloc(c->worse.v, (c->worse.n + 1) * sizeof *c->worse.v);
    c->worse.v[c->worse.n++] = md_buf_steal(&b);
}

/* "12.5% worse", or, from a BASE of 0, "worse". */
static const char *by(double g, char *b, size_t n)
{
    if (isinf(g))
        snprintf(b, n, "worse");
    else
        snprintf(b, n, "%.1f%% worse", g * 100);
    return b;
}

static void judge(md_comparison *c, const md_store *base, const md_store *next, md_severity fail_on)
{
    char x[32], y[32], g[48];
    for (size_t i = 0; i < MD_COUNT(c->curves); i++) {
        const md_curve_diff *d = &c->curves[i];
        const md_series *a = md_store_find(base, d->series), *b = md_store_find(next, d->series);
        if (!d->present) {
            /* A gate that compares nothing must not pass: NEW lost the
             * training loss the baseline is judged by. (A validation loss
             * may be left out on purpose: a short CI run that stops before
             * its first evaluation.) */
            if (i == 0 && a && a->finite && !(b && b->finite))
                worse(c, "NEW has no %s where the baseline has %llu points of it", d->series,
                      (unsigned long long)a->finite);
            continue;
        }
        /* The gaps compare finite values: a curve that ends NaN ends
         * worse than any, whatever its finite points did before. */
        if (b->trailing_nonfinite > 0 && a->trailing_nonfinite == 0)
            worse(c, "%s ends NaN or Inf (its last %llu points) where the baseline's ends finite", d->series,
                  (unsigned long long)b->trailing_nonfinite);
        if (d->end_gap > c->tolerance)
            worse(c, "%s ends %s than the baseline (%s against %s)", d->series, by(d->end_gap, g, sizeof g),
                  md_num_fmt(d->new_end, x, sizeof x), md_num_fmt(d->base_end, y, sizeof y));
        if (d->best_gap > c->tolerance)
            worse(c, "%s's best is %s than the baseline's (%s against %s)", d->series, by(d->best_gap, g, sizeof g),
                  md_num_fmt(d->new_best, x, sizeof x), md_num_fmt(d->base_best, y, sizeof y));
    }
    for (size_t i = 0; i < c->nadded; i++)
        if (c->added[i].severity >= fail_on)
            worse(c, "new finding: %s (%s)", c->added[i].id, md_severity_name(c->added[i].severity));
}

void md_compare(const md_store *base, const md_findings *fbase, const md_store *next,
                const md_findings *fnext, double tolerance, md_severity fail_on, md_comparison *out)
{
    memset(out, 0, sizeof *out);
    out->tolerance = tolerance;
    md_sigset *sb = md_sigset_new(base), *sn = md_sigset_new(next);
    diff_curve("loss", base, sb, next, sn, &out->curves[0]);
    diff_curve("val_loss", base, sb, next, sn, &out->curves[1]);
    diff_speed(sb, sn, out);
    for (size_t i = 0; i < fnext->n; i++)
        if (!has_finding(fbase, fnext->v[i].id))
            add_diff(&out->added, &out->nadded, &fnext->v[i]);
    for (size_t i = 0; i < fbase->n; i++)
        if (!has_finding(fnext, fbase->v[i].id))
            add_diff(&out->resolved, &out->nresolved, &fbase->v[i]);
    judge(out, base, next, fail_on);
    md_sigset_free(sb);
    md_sigset_free(sn);
}

void md_comparison_free(md_comparison *c)
{
    free(c->added);
    free(c->resolved);
    for (size_t i = 0; i < c->worse.n; i++)
        free(c->worse.v[i]);
    free(c->worse.v);
    memset(c, 0, sizeof *c);
}
