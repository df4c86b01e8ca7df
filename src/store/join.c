/* One series read from two inputs of a run: a log rotated into a new file,
 * or a run resumed from a checkpoint into one, is joined into one series. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store/store_int.h"

/* A resumed run repeats the steps since its last checkpoint; a second copy
 * of the same run (a console log beside trainer_state.json) repeats them
 * all, perhaps sampled otherwise. So a later part continues an earlier one
 * when it starts after it starts, ends after it ends, and repeats less
 * than half of its span; anything else is a copy or another run. */
bool series_continues(const md_series *earlier, const md_series *later)
{
    if (earlier->ordinal || later->ordinal || !earlier->count || !later->count)
        return false;
    if (later->first_step <= earlier->first_step || later->last_step <= earlier->last_step)
        return false;
    double span = (double)earlier->last_step - (double)earlier->first_step;
    double repeated = (double)earlier->last_step - (double)later->first_step;
    return 2 * repeated < span;
}

/* The earlier part's points that stay: its buckets before the later part's
 * first step (a bucket reaching past it goes whole, so no step is counted
 * twice), summed. */
typedef struct kept_part {
    size_t nbuckets;
    md_bucket sum;
    int64_t hi_step;          /* last step kept */
    int64_t last_nonfinite;   /* -1 when none kept */
    bool whole;
} kept_part;

static kept_part keep_before(const md_series *a, int64_t cut)
{
    kept_part k = {0};
    k.last_nonfinite = -1;
    while (k.nbuckets < a->nbuckets) {
        const md_bucket *b = &a->buckets[k.nbuckets];
        if (b->lo_step >= cut || b->hi_step >= cut)
            break;
        bucket_combine(&k.sum, b);
        k.hi_step = b->hi_step;
        if (b->nonfinite)
            k.last_nonfinite = b->hi_step;
        k.nbuckets++;
    }
    k.whole = k.nbuckets == a->nbuckets;
    if (k.whole)
        k.last_nonfinite = a->last_nonfinite_step;
    return k;
}

/* The kept part's minimum (or maximum): the earlier series' own where it
 * lies among the kept points, else the extreme bucket's, at its first step. */
static void kept_extreme(const md_series *a, const kept_part *k, bool max, double *v, int64_t *step,
                         uint64_t *at)
{
    int64_t s = max ? a->max_step : a->min_step;
    if (s <= k->hi_step) {
        *v = max ? a->max : a->min;
        *step = s;
        *at = max ? a->at_max : a->at_min;
        return;
    }
    *v = max ? -INFINITY : INFINITY;
    *step = a->first_step;
    for (size_t i = 0; i < k->nbuckets; i++) {
        const md_bucket *b = &a->buckets[i];
        double e = max ? b->max : b->min;
        if (b->n && (max ? e > *v : e < *v))
            *v = e, *step = b->lo_step;
    }
    *at = 1;
}

static void join_extreme(const md_series *a, const kept_part *k, md_series *b, bool max)
{
    double av;
    int64_t astep;
    uint64_t aat;
    kept_extreme(a, k, max, &av, &astep, &aat);
    double *bv = max ? &b->max : &b->min;
    int64_t *bstep = max ? &b->max_step : &b->min_step;
    uint64_t *bat = max ? &b->at_max : &b->at_min;
    double sign = max ? 1 : -1;
    if (!b->finite || sign * (av - *bv) > EXTREME_TOL * fabs(*bv)) {
        *bv = av, *bstep = astep, *bat = aat;
    } else if (fabs(av - *bv) <= EXTREME_TOL * fabs(*bv)) {
        *bat += aat;
        if (sign * (av - *bv) > 0)
            *bv = av, *bstep = astep;
    }
}

/* Spikes whose onset is kept. Counts come from the kept list when it holds
 * every spike the earlier part had, else from the part's share of points. */
static void join_spikes(const md_series *a, const kept_part *k, md_series *b)
{
    uint64_t count = 0, points = 0, fast = 0, slow = 0, open = 0;
    for (size_t i = 0; i < a->nspikes; i++) {
        const md_spike *sp = &a->spikes[i];
        if (sp->step > k->hi_step)
            continue;
        series_keep_spike(b, sp);
        count++;
        points += sp->length;
        if (!sp->recovered)
            open++;
        else if (sp->length <= MD_SPIKE_FAST_POINTS)
            fast++;
        else
            slow++;
    }
    if (k->whole || a->spike_count > a->nspikes) {
        double share = k->whole ? 1 : (double)(k->sum.n + k->sum.nonfinite) / (double)a->count;
        count = (uint64_t)llround(share * (double)a->spike_count);
        points = (uint64_t)llround(share * (double)a->spike_points);
        fast = (uint64_t)llround(share * (double)a->spikes_fast);
        slow = (uint64_t)llround(share * (double)a->spikes_slow);
        open = (uint64_t)llround(share * (double)a->spikes_open);
    }
    b->spike_count += count;
    b->spike_points += points;
    b->spikes_fast += fast;
    b->spikes_slow += slow;
    b->spikes_open += open;
}

/* Buckets of both parts at one width, at most as many as the part that
 * may keep more. */
static void join_buckets(md_series *a, const kept_part *k, md_series *b)
{
    uint64_t width = a->width > b->width ? a->width : b->width;
    size_t na = k->nbuckets;
    for (uint64_t w = a->width; w < width; w *= 2)
        na = buckets_coarsen(a->buckets, na);
    for (uint64_t w = b->width; w < width; w *= 2)
        b->nbuckets = buckets_coarsen(b->buckets, b->nbuckets);
    size_t n = na + b->nbuckets;
    md_bucket *all = md_xmalloc((n ? n : 1) * sizeof *all);
    if (na)
        memcpy(all, a->buckets, na * sizeof *all);
    if (b->nbuckets)
        memcpy(all + na, b->buckets, b->nbuckets * sizeof *all);
    free(b->buckets);
    b->buckets = all;
    b->capbuckets = n;
    if (a->maxbuckets > b->maxbuckets)
        b->maxbuckets = a->maxbuckets;
    while (n > b->maxbuckets) {
        n = buckets_coarsen(all, n);
        width *= 2;
    }
    b->nbuckets = n;
    b->width = width;
    series_buckets_changed(b);
}

static void add_print_counts(const uint32_t *from, uint32_t *to)
{
    for (size_t i = 0; i < MD_PRINT_SLOTS; i++) {
        uint64_t sum = (uint64_t)from[i] + to[i];
        to[i] = sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
    }
}

md_series *series_join(md_series *a, md_series *b)
{
    kept_part k = keep_before(a, b->first_step);
    b->restarts += a->restarts + (b->first_step <= a->last_step);
    b->fresh_starts += a->fresh_starts;
    for (size_t i = 0; i < a->nsources; i++)
        series_add_source(b, a->sources[i], strlen(a->sources[i]));
    if (k.nbuckets == 0) {
        series_free(a);
        return b;
    }
    const md_bucket *kept = &k.sum;
    uint64_t nonfinite = kept->nonfinite;
    uint64_t nan = k.whole ? a->nan : (a->nan < nonfinite ? a->nan : nonfinite);
    /* Zeros are not kept per bucket: a cut part has its share of them. */
    uint64_t zeros = k.whole || !a->finite ? a->zeros
                                           : (uint64_t)llround((double)a->zeros * kept->n / (double)a->finite);

    join_spikes(a, &k, b);
    if (kept->n) {
        join_extreme(a, &k, b, false);
        join_extreme(a, &k, b, true);
        double n = (double)kept->n + (double)b->finite;
        double mean_a = kept->sum / kept->n;
        double delta = b->mean - mean_a;
        if (b->finite) {
            b->m2 += kept->m2 + delta * delta * (double)kept->n * (double)b->finite / n;
            b->mean = mean_a + delta * (double)b->finite / n;
        } else {
            b->m2 = kept->m2;
            b->mean = mean_a;
            b->last = kept->last;
            b->trailing_nonfinite += k.whole ? a->trailing_nonfinite : 0;
        }
        b->first = a->first;
    }
    /* b's count of finite points before its first NaN grows by the kept
     * part's, unless the kept part holds a NaN of its own. */
    b->finite_before_nonfinite =
        nonfinite ? (a->finite_before_nonfinite < kept->n ? a->finite_before_nonfinite : kept->n)
                  : kept->n + b->finite_before_nonfinite;
    if (nonfinite) {
        b->first_nonfinite_step = a->first_nonfinite_step;
        if (b->last_nonfinite_step < 0)
            b->last_nonfinite_step = k.last_nonfinite;
    }
    /* The kept part's NaNs before its first finite point lead the whole;
     * a part of NaNs alone runs into b's leading ones. */
    b->leading_nonfinite = kept->n ? (a->leading_nonfinite < nonfinite ? a->leading_nonfinite : nonfinite)
                                   : nonfinite + b->leading_nonfinite;
    b->count += kept->n + nonfinite;
    b->finite += kept->n;
    b->nan += nan;
    b->inf += nonfinite - nan;
    b->zeros += zeros;
    if (a->first_zero_step >= 0 && a->first_zero_step < b->first_step) {
        b->first_zero_step = a->first_zero_step;
        b->before_zero = a->before_zero;
    }
    if (a->first_positive_step >= 0 && a->first_positive_step < b->first_step)
        b->first_positive_step = a->first_positive_step;
    b->first_step = a->first_step;
    add_print_counts(a->printed_decimals, b->printed_decimals);
    add_print_counts(a->printed_zero_decimals, b->printed_zero_decimals);
    join_buckets(a, &k, b);
    series_free(a);
    return b;
}
