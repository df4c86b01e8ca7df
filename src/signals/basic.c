/* Exact figures the store keeps while reading. */
#include <math.h>

#include "signals/signals_int.h"

#define NEED_FINITE(s)                                                                             \
    do {                                                                                           \
        if ((s)->finite == 0)                                                                      \
            return md_unknown();                                                                   \
    } while (0)

MD_FEATURE(count)
{
    (void)sig;
    return md_known((double)s->count);
}

MD_FEATURE(finite)
{
    (void)sig;
    return md_known((double)s->finite);
}

MD_FEATURE(first)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known(s->first);
}

MD_FEATURE(last)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known(s->last);
}

MD_FEATURE(min)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known(s->min);
}

MD_FEATURE(max)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known(s->max);
}

MD_FEATURE(mean)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known(s->mean);
}

MD_FEATURE(std)
{
    (void)sig;
    if (s->finite < 2)
        return md_unknown();
    return md_known(sqrt(s->m2 / (double)(s->finite - 1)));
}

MD_FEATURE(first_step)
{
    (void)sig;
    return s->count ? md_known((double)s->first_step) : md_unknown();
}

MD_FEATURE(last_step)
{
    (void)sig;
    return s->count ? md_known((double)s->last_step) : md_unknown();
}

MD_FEATURE(steps)
{
    (void)sig;
    return s->count ? md_known((double)(s->last_step - s->first_step)) : md_unknown();
}

MD_FEATURE(ordinal)
{
    (void)sig;
    return md_known(s->ordinal);
}

MD_FEATURE(restarts)
{
    (void)sig;
    return md_known((double)s->restarts);
}

MD_FEATURE(fresh_starts)
{
    (void)sig;
    return md_known((double)s->fresh_starts);
}

MD_FEATURE(first_line)
{
    (void)sig;
    return s->first_line ? md_known((double)s->first_line) : md_unknown();
}

MD_FEATURE(runs)
{
    (void)sig;
    return md_known((double)s->runs);
}

MD_FEATURE(nonfinite)
{
    (void)sig;
    return md_known((double)(s->nan + s->inf));
}

MD_FEATURE(nan)
{
    (void)sig;
    return md_known((double)s->nan);
}

MD_FEATURE(inf)
{
    (void)sig;
    return md_known((double)s->inf);
}

MD_FEATURE(nonfinite_frac)
{
    (void)sig;
    return s->count ? md_known((double)(s->nan + s->inf) / (double)s->count) : md_unknown();
}

/* The print precision of a log that writes its nonzero values with the
 * same digits after the point ("%.6f"): values below half of it print as
 * 0. Nine in ten nonzero values, at least three, must agree (a settings
 * line may echo the rate as 1e-06 once). */
static int common_decimals(const uint32_t *printed, double least)
{
    double total = 0, most = 0;
    int mode = -1;
    for (int d = 0; d < MD_PRINT_SLOTS; d++) {
        total += printed[d];
        if (d < MD_PRINT_SLOTS - 1 && printed[d] > most) {
            most = printed[d];
            mode = d;
        }
    }
    return mode < 0 || most < least || most < 0.9 * total ? -1 : mode;
}

MD_FEATURE(resolution)
{
    (void)sig;
    int d = common_decimals(s->printed_decimals, 3);
    return d < 0 ? md_unknown() : md_known(pow(10, -d));
}

/* The same for the zeros. "0" and "0.0" are how a shortest print (%g,
 * Python's repr) writes an exact zero: 0. Fixed-point prints pad a
 * rate of 3e-5 to "0.000" (verl's "%.3f"): that zero is only below half
 * of 0.001. One zero says how zeros print: a log writes them all alike
 * (mlx's "Train loss 0.000" twice among 0.001s is a small loss rounded). */
MD_FEATURE(zero_resolution)
{
    (void)sig;
    int d = common_decimals(s->printed_zero_decimals, 1);
    if (d < 0)
        return md_unknown();
    return md_known(d <= 1 ? 0 : pow(10, -d));
}

MD_FEATURE(last_nonfinite_step)
{
    (void)sig;
    return s->last_nonfinite_step >= 0 ? md_known((double)s->last_nonfinite_step) : md_unknown();
}

MD_FEATURE(first_nonfinite_step)
{
    (void)sig;
    return s->first_nonfinite_step >= 0 ? md_known((double)s->first_nonfinite_step) : md_unknown();
}

MD_FEATURE(leading_nonfinite)
{
    (void)sig;
    return md_known((double)s->leading_nonfinite);
}

MD_FEATURE(finite_before_nonfinite)
{
    (void)sig;
    return s->first_nonfinite_step >= 0 ? md_known((double)s->finite_before_nonfinite) : md_unknown();
}

MD_FEATURE(trailing_nonfinite)
{
    (void)sig;
    return md_known((double)s->trailing_nonfinite);
}

/* The logs at the end holding the last value, and the bucket where that
 * run of them begins (nbuckets when none does): the same value again (to
 * a hundred-thousandth of itself: the last printed digits of "0.35977894"
 * may still move), read from the buckets at the end that hold nothing
 * else; a bucket whose points share one step counts once (ranks that each
 * print the step's one all-reduced loss). */
static double last_run(const md_series *s, size_t *first)
{
    double tol = 1e-5 * fabs(s->last), repeats = 0;
    *first = s->nbuckets;
    for (size_t i = s->nbuckets; i-- > 0;) {
        const md_bucket *b = &s->buckets[i];
        if (b->nonfinite > 0 || b->n == 0 || fabs(b->min - s->last) > tol || fabs(b->max - s->last) > tol)
            break;
        bool same_step = i + 1 < s->nbuckets && s->buckets[i + 1].lo_step == b->hi_step;
        repeats += b->hi_step > b->lo_step ? b->n : !same_step;
        *first = i;
    }
    return repeats;
}

MD_FEATURE(last_repeats)
{
    (void)sig;
    if (!s->count)
        return md_unknown();
    if (s->trailing_nonfinite > 0)
        return md_known(1);
    size_t first;
    return md_known(fmax(last_run(s, &first), 1));
}

MD_FEATURE(last_repeats_step)
{
    (void)sig;
    size_t first;
    if (!s->count || s->trailing_nonfinite > 0 || last_run(s, &first) < 2 || first == s->nbuckets)
        return md_unknown();
    return md_known((double)s->buckets[first].lo_step);
}

MD_FEATURE(first_zero_step)
{
    (void)sig;
    return s->first_zero_step >= 0 ? md_known((double)s->first_zero_step) : md_unknown();
}

MD_FEATURE(first_positive_step)
{
    (void)sig;
    return s->first_positive_step >= 0 ? md_known((double)s->first_positive_step) : md_unknown();
}

MD_FEATURE(before_zero)
{
    (void)sig;
    return isfinite(s->before_zero) ? md_known(s->before_zero) : md_unknown();
}

/* How far the loss came down into its first 0 at the log before: the
 * finite value before it over the one before that (0.37: it was falling
 * threefold a log, a margin loss tapering to its exact 0; near 1: it sat
 * there and dropped). */
MD_FEATURE(zero_approach)
{
    (void)sig;
    return isfinite(s->before_zero) && s->before_zero_prev > 0 ? md_known(s->before_zero / s->before_zero_prev)
                                                              : md_unknown();
}

MD_FEATURE(zero_frac)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known((double)s->zeros / (double)s->finite);
}

MD_FEATURE(best)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known(s->better == MD_BETTER_HIGHER ? s->max : s->min);
}

MD_FEATURE(best_step)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known((double)(s->better == MD_BETTER_HIGHER ? s->max_step : s->min_step));
}

MD_FEATURE(min_step)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known((double)s->min_step);
}

MD_FEATURE(max_step)
{
    (void)sig;
    NEED_FINITE(s);
    return md_known((double)s->max_step);
}
