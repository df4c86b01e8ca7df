/* How a series moved just before the loss first went NaN or Inf: a
 * learning rate that is too high shows as growth (of the gradient norm,
 * of the loss itself); a log of zero or a division by zero is sudden. */
#include <math.h>
#include <string.h>

#include "signals/signals_int.h"

/* The window is the last tenth of the finite points before the NaN, at
 * least 3, compared with the window of equal length before it. */
#define WINDOW_SHARE 0.10
#define WINDOW_MIN 3

typedef struct before {
    double peak;     /* largest value in the window */
    double last;     /* last finite value before the NaN */
    double baseline; /* median of bucket means in the window before */
} before;

static bool window_before(md_sigset *sig, const md_series *s, before *out)
{
    const md_series *loss = md_store_find(md_sigset_store(sig), "loss");
    if (!loss || loss->first_nonfinite_step < 0)
        return false;
    int64_t at = loss->first_nonfinite_step;
    size_t end = 0;
    double points = 0;
    while (end < s->nbuckets && s->buckets[end].hi_step < at) {
        points += s->buckets[end].n;
        end++;
    }
    /* A bucket that straddles the NaN still holds finite points before it. */
    if (end < s->nbuckets && s->buckets[end].lo_step < at && s->buckets[end].n) {
        points += s->buckets[end].n;
        end++;
    }
    double want = WINDOW_SHARE * points;
    if (want < WINDOW_MIN)
        want = WINDOW_MIN;
    if (points < 2 * WINDOW_MIN)
        return false;
    double got = 0, peak = -INFINITY, last = NAN;
    size_t i = end;
    while (i > 0 && got < want) {
        const md_bucket *b = &s->buckets[--i];
        if (!b->n)
            continue;
        if (isnan(last))
            last = b->last;
        peak = b->max > peak ? b->max : peak;
        got += b->n;
    }
    double vals[MD_BUCKETS];
    size_t k = 0;
    double base = 0;
    while (i > 0 && base < want) {
        const md_bucket *b = &s->buckets[--i];
        if (!b->n)
            continue;
        vals[k++] = b->sum / b->n;
        base += b->n;
    }
    if (k == 0)
        return false;
    out->peak = peak;
    out->last = last;
    out->baseline = md_median(vals, k);
    return true;
}

MD_FEATURE(growth_before_nonfinite)
{
    before b;
    if (!window_before(sig, s, &b) || b.baseline == 0)
        return md_unknown();
    return md_known(b.peak / fabs(b.baseline));
}

MD_FEATURE(rise_before_nonfinite)
{
    before b;
    if (!window_before(sig, s, &b) || b.baseline == 0)
        return md_unknown();
    return md_known((b.last - b.baseline) / fabs(b.baseline));
}
