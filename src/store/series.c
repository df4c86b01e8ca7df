#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store/store_int.h"

/* The running level a spike is measured against is an exponential moving
 * average over about SPIKE_WINDOW points, with the mean absolute deviation
 * from it as the noise scale (ZClip's EMA z-score, made robust by freezing
 * both while a spike lasts so the spike does not raise its own bar). The
 * level carries a damped trend (Holt's method): early in training the loss
 * falls faster than a plain average follows, and the lag would count as
 * noise, widening the band until a real spike fits inside it. */
#define SPIKE_WINDOW 32
#define SPIKE_WARMUP 8
#define TREND_WINDOW 16
#define TREND_DAMPING 0.9
/* Onset: more than SPIKE_K mean absolute deviations (about 6.4 sigma for
 * Gaussian noise, near OLMo 2's 7-sigma spike score) and SPIKE_REL above the
 * level. The relative floor keeps quantised or near-constant series, whose
 * deviation is ~0, from calling every wobble a spike. */
#define SPIKE_K 8.0
#define SPIKE_REL 0.10
/* And a thousandth of the level the warm-up found: a loss that fell a
 * thousandfold, to near zero (training data memorised, a DPO margin of 9),
 * moves by multiples of itself from batch to batch, as one example decides
 * the batch, and a jump of 0.0001 is no spike. */
#define SPIKE_START_REL 0.001

/* A print of a step's value again comes a few prints late where ranks
 * share a stdout: rank 1's "step 7 | loss 2.41" after rank 0's step 8. */
#define RECENT_POINTS 4

struct md_series_state {
    double level, trend, dev;
    double warm[SPIKE_WARMUP]; /* the warm-up's points */
    double start_floor; /* SPIKE_START_REL of the warm-up's |mean| */
    double bucket_mean; /* the last bucket's sum / n, as last divided */
    uint64_t nbase;
    bool in_spike;
    md_spike cur;
    double cur_peak_y;
    /* The points since the last fresh start, NULL before one. */
    md_series *run;
    int64_t run_after; /* the step the runs before it had reached */
    bool is_run;       /* this series is such a run: it starts none */
    double prev_last;  /* the finite value before last */
    double *early;     /* a loss's first MD_EARLY_VALUES finite values */
    uint32_t nearly;
    /* The last RECENT_POINTS points' steps and values, the newest at
     * (nrecent - 1) % RECENT_POINTS. */
    int64_t recent_step[RECENT_POINTS];
    double recent_raw[RECENT_POINTS];
    uint32_t nrecent;
    /* A running mean not yet added (MD_KV_RUNNING): the next one at its
     * step replaces it. */
    bool held;
    int64_t held_step;
    double held_value;
    unsigned held_flags;
    unsigned long held_line;
};

/* The fields of a series with no points. */
static void series_clear(md_series *s)
{
    s->ordinal = false;
    s->count = s->finite = s->nan = s->inf = s->zeros = 0;
    s->first_step = s->last_step = s->min_step = s->max_step = 0;
    s->first_line = 0;
    s->first_nonfinite_step = s->last_nonfinite_step = -1;
    s->trailing_nonfinite = s->leading_nonfinite = s->finite_before_nonfinite = 0;
    s->first_zero_step = -1;
    s->before_zero = s->before_zero_prev = NAN;
    s->first_positive_step = -1;
    s->min = INFINITY;
    s->max = -INFINITY;
    s->first = s->last = s->last_raw = NAN;
    s->at_min = s->at_max = 0;
    memset(s->printed_decimals, 0, sizeof s->printed_decimals);
    memset(s->printed_zero_decimals, 0, sizeof s->printed_zero_decimals);
    s->mean = s->m2 = 0;
    s->restarts = 0;
    s->fresh_starts = 0;
    s->runs = 1;
    s->earlier_points = 0;
    s->nbuckets = 0;
    s->width = 1;
    s->nspikes = 0;
    s->spike_count = s->spike_points = s->spikes_fast = s->spikes_slow = s->spikes_open = 0;
    s->repeated_points = s->repeated_values = s->repeated_isolated = s->repeated_adjacent = 0;
    bool is_run = s->state->is_run;
    series_free(s->state->run);
    free(s->state->early);
    memset(s->state, 0, sizeof *s->state);
    s->state->is_run = is_run;
}

md_series *series_new(const char *name, md_kind kind, md_better better, int input, size_t maxbuckets)
{
    md_series *s = md_xcalloc(1, sizeof *s);
    s->name = md_xstrdup(name);
    s->kind = kind;
    s->better = better;
    s->input = input;
    s->maxbuckets = maxbuckets;
    s->state = md_xcalloc(1, sizeof *s->state);
    series_clear(s);
    return s;
}

void series_free(md_series *s)
{
    if (!s)
        return;
    free(s->name);
    for (size_t i = 0; i < s->nsources; i++)
        free(s->sources[i]);
    free(s->sources);
    free(s->buckets);
    if (s->state) {
        series_free(s->state->run);
        free(s->state->early);
    }
    free(s->state);
    free(s);
}

md_series *series_copy(const md_series *s)
{
    md_series *c = md_xmalloc(sizeof *c);
    *c = *s;
    c->name = md_xstrdup(s->name);
    c->sources = s->nsources ? md_xmalloc(s->nsources * sizeof *c->sources) : NULL;
    for (size_t i = 0; i < s->nsources; i++)
        c->sources[i] = md_xstrdup(s->sources[i]);
    c->buckets = s->capbuckets ? md_xmalloc(s->capbuckets * sizeof *c->buckets) : NULL;
    if (s->nbuckets)
        memcpy(c->buckets, s->buckets, s->nbuckets * sizeof *c->buckets);
    c->state = md_xmalloc(sizeof *c->state);
    *c->state = *s->state;
    c->state->run = s->state->run ? series_copy(s->state->run) : NULL;
    if (s->state->early) {
        c->state->early = md_xmalloc(MD_EARLY_VALUES * sizeof *c->state->early);
        memcpy(c->state->early, s->state->early, s->state->nearly * sizeof *c->state->early);
    }
    return c;
}

void series_add_source(md_series *s, const char *name, size_t n)
{
    char *text = md_text_dup(name, n);
    for (size_t i = 0; i < s->nsources; i++)
        if (strcmp(s->sources[i], text) == 0) {
            free(text);
            return;
        }
    if (s->nsources >= 8) {
        free(text);
        return;
    }
    s->sources = md_xrealloc(s->sources, (s->nsources + 1) * sizeof *s->sources);
    s->sources[s->nsources++] = text;
}

void bucket_combine(md_bucket *into, const md_bucket *b)
{
    const md_bucket a = *into;
    into->hi_step = b->hi_step;
    into->n = a.n + b->n;
    into->nonfinite = a.nonfinite + b->nonfinite;
    into->sum = a.sum + b->sum;
    if (a.n && b->n) {
        /* Chan's parallel update of the sum of squared deviations. */
        double delta = b->sum / b->n - a.sum / a.n;
        into->m2 = a.m2 + b->m2 + delta * delta * a.n * b->n / into->n;
    } else {
        into->m2 = a.m2 + b->m2;
    }
    into->min = a.n && (!b->n || a.min < b->min) ? a.min : b->min;
    into->max = a.n && (!b->n || a.max > b->max) ? a.max : b->max;
    into->first = a.n ? a.first : b->first;
    into->last = b->n ? b->last : a.last;
}

size_t buckets_coarsen(md_bucket *b, size_t n)
{
    size_t half = n / 2;
    for (size_t i = 0; i < half; i++) {
        md_bucket merged = b[2 * i];
        bucket_combine(&merged, &b[2 * i + 1]);
        b[i] = merged;
    }
    if (n % 2)
        b[half++] = b[n - 1];
    return half;
}

/* A bucket opened for the next point: once every width points. */
static MD_NOINLINE md_bucket *new_bucket(md_series *s, int64_t step)
{
    if (s->nbuckets == s->maxbuckets) {
        s->nbuckets = buckets_coarsen(s->buckets, s->nbuckets);
        s->width *= 2;
    }
    if (s->nbuckets == s->capbuckets) {
        s->capbuckets = s->capbuckets ? s->capbuckets * 2 : 16;
        s->buckets = md_xrealloc(s->buckets, s->capbuckets * sizeof *s->buckets);
    }
    md_bucket *b = &s->buckets[s->nbuckets++];
    memset(b, 0, sizeof *b);
    b->lo_step = b->hi_step = step;
    return b;
}

static inline md_bucket *bucket_for_next(md_series *s, int64_t step)
{
    if (s->nbuckets) {
        md_bucket *b = &s->buckets[s->nbuckets - 1];
        if (b->n + b->nonfinite < s->width)
            return b;
    }
    return new_bucket(s, step);
}

/* A finite point into the last bucket. */
static void bucket_add(md_series *s, int64_t step, double v)
{
    md_bucket *b = bucket_for_next(s, step);
    b->hi_step = step;
    /* Welford's update; m2 holds the squared deviations from the mean. The
     * mean before this point is the one the last point divided out: the
     * same sum over the same count, so the same double as dividing again. */
    double next_mean = (b->sum + v) / (b->n + 1);
    if (b->n == 0) {
        b->min = b->max = b->first = v;
    } else {
        b->m2 += (v - s->state->bucket_mean) * (v - next_mean);
        if (v < b->min)
            b->min = v;
        if (v > b->max)
            b->max = v;
    }
    b->n++;
    b->sum += v;
    b->last = v;
    s->state->bucket_mean = next_mean;
}

void series_buckets_changed(md_series *s)
{
    const md_bucket *b = s->nbuckets ? &s->buckets[s->nbuckets - 1] : NULL;
    s->state->bucket_mean = b && b->n ? b->sum / b->n : 0;
}

void series_keep_spike(md_series *s, const md_spike *sp)
{
    size_t n = s->nspikes, pos = n;
    while (pos > 0 && !(s->spikes[pos - 1].ratio >= sp->ratio))
        pos--;
    if (pos >= MD_TOP_SPIKES)
        return;
    if (n == MD_TOP_SPIKES)
        n--;
    memmove(&s->spikes[pos + 1], &s->spikes[pos], (n - pos) * sizeof *sp);
    s->spikes[pos] = *sp;
    s->nspikes = n + 1;
}

static void close_spike(md_series *s, bool recovered)
{
    md_series_state *st = s->state;
    st->in_spike = false;
    st->cur.recovered = recovered;
    s->spike_points += st->cur.length;
    if (!recovered)
        s->spikes_open++;
    else if (st->cur.length <= MD_SPIKE_FAST_POINTS)
        s->spikes_fast++;
    else
        s->spikes_slow++;
    series_keep_spike(s, &st->cur);
}

/* The spike's size as a ratio to the level, NaN where a ratio means
 * nothing: a level (or, higher-is-better, a dip) at or below 0. A ratio
 * past the largest double (a loss of 1e308 over a level of 0.5) is the
 * largest: the spike is there, and its step with it. */
static double ratio_of(double peak, double level, md_better better)
{
    double r = better == MD_BETTER_HIGHER ? (peak > 0 && level > 0 ? level / peak : NAN)
                                          : (level > 0 ? peak / level : NAN);
    return r > DBL_MAX ? DBL_MAX : r;
}

/* The tracker learns its level anew from this point on. */
static void spike_warm_up(md_series_state *st)
{
    st->nbase = 0;
    st->level = st->trend = st->dev = 0;
}

/* The median of v's n values, which it sorts. */
static double median_sorting(double *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The level, trend and deviation from the warm-up's points: their mean,
 * their mean absolute deviation from the running mean, and the average
 * slope from the first to the last, the level moved from the points'
 * middle to the last along it. A first point far above the others is left
 * out: a first step's time that holds the compilation or the cache's
 * warming (nanoGPT's "iter 0: ... time 10506ms" before steps of 1445)
 * would give a slope seven times the level and a band no straggler after
 * it reaches for hundreds of steps. */
static void spike_learn_level(md_series_state *st)
{
    size_t from = 0;
    double rest[SPIKE_WARMUP - 1];
    memcpy(rest, st->warm + 1, sizeof rest);
    double mid = median_sorting(rest, SPIKE_WARMUP - 1), spread = 0;
    for (size_t i = 1; i < SPIKE_WARMUP; i++)
        spread += fabs(st->warm[i] - mid) / (SPIKE_WARMUP - 1);
    double first_excess = st->warm[0] - mid;
    if (first_excess > SPIKE_K * spread && first_excess > SPIKE_REL * fabs(mid))
        from = 1;
    size_t n = 0;
    st->level = st->dev = 0;
    for (size_t i = from; i < SPIKE_WARMUP; i++) {
        n++;
        st->level += (st->warm[i] - st->level) / (double)n;
        st->dev += (fabs(st->warm[i] - st->level) - st->dev) / (double)n;
    }
    st->start_floor = SPIKE_START_REL * fabs(st->level);
    st->trend = (st->warm[SPIKE_WARMUP - 1] - st->warm[from]) / (double)(n - 1);
    st->level += st->trend * (double)(n - 1) / 2.0;
}

/* from_start: the step went back to the series' first, as when a second
 * run writes into the same log (or a requeued job starts over): a jump
 * there is that run's start, not a spike. */
static void spike_track(md_series *s, int64_t step, double v, bool from_start)
{
    md_series_state *st = s->state;
    double y = s->better == MD_BETTER_HIGHER ? -v : v;
    if (st->nbase < SPIKE_WARMUP) {
        st->warm[st->nbase++] = y;
        if (st->nbase == SPIKE_WARMUP)
            spike_learn_level(st);
        return;
    }
    /* The level expected at this point, from the level and trend so far. */
    double expect = st->level + TREND_DAMPING * st->trend;
    double band = SPIKE_K * st->dev;
    double floor = SPIKE_REL * fabs(expect);
    if (floor < st->start_floor)
        floor = st->start_floor;
    if (st->in_spike) {
        st->cur.length++;
        if (y > st->cur_peak_y) {
            st->cur_peak_y = y;
            st->cur.peak = v;
            st->cur.peak_step = step;
            st->cur.ratio = ratio_of(v, st->cur.level, s->better);
        }
        if (y - expect > band / 2 && y - expect > floor / 2)
            return;
        st->cur.length--; /* this point is back in the band */
        close_spike(s, true);
    } else if (y - expect > band && y - expect > floor) {
        if (from_start) {
            spike_warm_up(st);
            spike_track(s, step, v, false);
            return;
        }
        st->in_spike = true;
        s->spike_count++;
        double level = s->better == MD_BETTER_HIGHER ? -expect : expect;
        st->cur = (md_spike){step, step, v, level, ratio_of(v, level, s->better), 1, false};
        st->cur_peak_y = y;
        return;
    }
    const double alpha = 2.0 / (SPIKE_WINDOW + 1), beta = 2.0 / (TREND_WINDOW + 1);
    st->dev += alpha * (fabs(y - expect) - st->dev);
    double level = expect + alpha * (y - expect);
    st->trend = beta * (level - st->level) + (1 - beta) * TREND_DAMPING * st->trend;
    st->level = level;
    st->nbase++;
}

/* A setting printed with the run's arguments ("Namespace(..., lr=0.1)",
 * "num_train=3200 lr=0.001") comes before the first step: the configured
 * value, not a measurement. When the same key is then logged at every
 * step, those few points are dropped and the series is placed by steps,
 * its schedule starting where the run's did (a warm-up from 0, not the
 * configured peak). An evaluation before the first step is a measurement
 * (the model before training), as a loss or a score is (a pasted log's
 * first line, above its first step): their points move to the first step. More
 * points than that were a series logged without steps, which keeps its
 * entry numbers. */
#define EARLY_POINTS_MAX 4

bool series_settle_early_points(md_series *s, int64_t first_step)
{
    if (!s->ordinal || s->count > EARLY_POINTS_MAX || s->finite != s->count)
        return false;
    if (first_step < 0) {
        series_clear(s);
        return true;
    }
    /* So few finite points, in the order they came: only their steps
     * change (no spike is tracked before the tracker's warm-up ends). */
    s->ordinal = false;
    s->first_step = s->last_step = s->min_step = s->max_step = first_step;
    if (s->first_zero_step >= 0)
        s->first_zero_step = first_step;
    if (s->first_positive_step >= 0)
        s->first_positive_step = first_step;
    for (size_t i = 0; i < s->nbuckets; i++)
        s->buckets[i].lo_step = s->buckets[i].hi_step = first_step;
    return true;
}

/* How a finite value was written: its digits after the point. */
static void note_print(md_series *s, double v, unsigned flags)
{
    int d = MD_KV_DECIMALS_OF(flags);
    if (d < 0 || d >= MD_PRINT_SLOTS - 1)
        d = MD_PRINT_SLOTS - 1;
    uint32_t *slots = v == 0 ? s->printed_zero_decimals : s->printed_decimals;
    if (slots[d] < UINT32_MAX)
        slots[d]++;
}

/* A NaN or an infinity: counted, in its bucket and the series. Rare, so
 * out of the common path. */
static MD_NOINLINE void add_nonfinite(md_series *s, int64_t step, double v)
{
    md_bucket *b = bucket_for_next(s, step);
    b->hi_step = step;
    b->nonfinite++;
    if (isnan(v))
        s->nan++;
    else
        s->inf++;
    if (s->first_nonfinite_step < 0) {
        s->first_nonfinite_step = step;
        s->finite_before_nonfinite = s->finite;
    }
    s->last_nonfinite_step = step;
    s->trailing_nonfinite++;
    if (s->finite == 0)
        s->leading_nonfinite++;
}

/* A fresh start begins the run the series will be judged by, if it
 * proves to be one (series_take_last_run). */
static MD_NOINLINE void run_begin(md_series *s)
{
    md_series_state *st = s->state;
    if (st->run) {
        series_clear(st->run);
    } else {
        st->run = series_new(s->name, s->kind, s->better, s->input, s->maxbuckets);
        st->run->state->is_run = true;
    }
    st->run->share = s->share;
    st->run_after = s->last_step;
}

/* A run's second point past where the runs before it had reached is no
 * new run: one misread step in a run ("[5000] [1] [5002]", a progress bar
 * cut mid-number) and the run going on. A new run's second point follows
 * its first (step 0, then 1 or 10). */
static MD_NOINLINE md_series *run_to_add(md_series *s, int64_t step)
{
    md_series_state *st = s->state;
    if (st->run->count == 1 && step > st->run_after) {
        series_free(st->run);
        st->run = NULL;
    }
    return st->run;
}

static bool add_point(md_series *s, int64_t step, double v, unsigned flags, unsigned long line);

static bool same_raw(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

/* Whether one of the last few points was this one: the same value at the
 * same step, printed again. */
static bool printed_again(const md_series_state *st, int64_t step, double v)
{
    uint32_t n = st->nrecent < RECENT_POINTS ? st->nrecent : RECENT_POINTS;
    for (uint32_t i = 0; i < n; i++)
        if (st->recent_step[i] == step && same_raw(st->recent_raw[i], v))
            return true;
    return false;
}

static void note_recent(md_series_state *st, int64_t step, double v)
{
    uint32_t at = st->nrecent++ % RECENT_POINTS;
    st->recent_step[at] = step;
    st->recent_raw[at] = v;
}

static void note_early(md_series_state *st, double v)
{
    if (!st->early)
        st->early = md_xmalloc(MD_EARLY_VALUES * sizeof *st->early);
    st->early[st->nearly++] = v;
}

/* The point goes to the series, then to its run (which starts none of
 * its own): one call of add_point, which the compiler inlines here. */
static bool add_now(md_series *s, int64_t step, double v, unsigned flags, unsigned long line)
{
    md_series *t = s;
    do {
        if (!add_point(t, step, v, flags, line))
            return t != s;
        t = t == s && s->state->run ? run_to_add(s, step) : NULL;
    } while (t);
    return true;
}

void series_flush_held(md_series *s)
{
    md_series_state *st = s->state;
    if (!st || !st->held)
        return;
    st->held = false;
    series_add(s, st->held_step, st->held_value, st->held_flags & ~(unsigned)MD_KV_RUNNING, st->held_line);
}

/* A running mean waits for the next point: one at its step replaces it (a
 * later mean of the same evaluation, or the evaluation's own figure).
 * Whether this point was held back. Rare: kept out of series_add's way. */
static bool hold_running(md_series *s, int64_t step, double v, unsigned flags, unsigned long line)
{
    md_series_state *st = s->state;
    if (st->held) {
        if (step == st->held_step)
            st->held = false;
        else
            series_flush_held(s);
    }
    if (!(flags & MD_KV_RUNNING))
        return false;
    st->held = true;
    st->held_step = step;
    st->held_value = v;
    st->held_flags = flags;
    st->held_line = line;
    return true;
}

bool series_add(md_series *s, int64_t step, double v, unsigned flags, unsigned long line)
{
    if (((flags & MD_KV_RUNNING) || s->state->held) && hold_running(s, step, v, flags, line))
        return true;
    return add_now(s, step, v, flags, line);
}

static bool add_point(md_series *s, int64_t step, double v, unsigned flags, unsigned long line)
{
    bool from_start = false;
    if (s->count == 0) {
        s->first_step = step;
        s->first_line = line;
    } else if (step < s->last_step) {
        from_start = step <= s->first_step;
        /* Another rank's copy of a step already read, a few lines late;
         * but back at the first step after two points and more, a job
         * relaunched with the same seed, which prints the same values. */
        if (!s->ordinal && !(flags & MD_KV_SAMPLED) && (!from_start || s->count <= 2) &&
            printed_again(s->state, step, v))
            return false;
        s->restarts++;
        s->fresh_starts += from_start;
        if (from_start && !s->ordinal && !s->state->is_run)
            run_begin(s);
    } else if (step == s->last_step && !s->ordinal && !(flags & MD_KV_SAMPLED) && same_raw(s->last_raw, v)) {
        /* The same value at the same step again is the same print again:
         * each rank of a job that every rank logs (torchtitan's "step:  4
         * loss:  7.62585 ..." seven times), a bar's last redraw beside the
         * epoch's summary. */
        return false;
    }
    s->count++;
    s->last_step = step;
    s->last_raw = v;
    note_recent(s->state, step, v);
    if (!isfinite(v)) {
        add_nonfinite(s, step, v);
        return true;
    }
    bucket_add(s, step, v);
    s->trailing_nonfinite = 0;
    if (v == 0) {
        if (s->zeros == 0) {
            s->first_zero_step = step;
            s->before_zero = s->finite ? s->last : NAN;
            s->before_zero_prev = s->finite >= 2 ? s->state->prev_last : NAN;
        }
        s->zeros++;
    }
    if (s->finite == 0)
        s->first = v;
    s->finite++;
    s->state->prev_last = s->last;
    s->last = v;
    /* Points at the extreme are counted as they come: once buckets merge,
     * a bucket's min and max no longer say how many of its points sat at
     * a clipping value. A new extreme within the tolerance of the old one
     * keeps the count. */
    if (v < s->min) {
        s->at_min = s->min - v <= EXTREME_TOL * fabs(v) ? s->at_min + 1 : 1;
        s->min = v;
        s->min_step = step;
    } else if (v - s->min <= EXTREME_TOL * fabs(s->min)) {
        s->at_min++;
    }
    if (v > s->max) {
        /* No value so far was above 0 (the first one meets -inf): taken
         * here, where a new maximum is rare, not on every point. */
        if (v > 0 && s->max <= 0)
            s->first_positive_step = step;
        s->at_max = v - s->max <= EXTREME_TOL * fabs(v) ? s->at_max + 1 : 1;
        s->max = v;
        s->max_step = step;
    } else if (s->max - v <= EXTREME_TOL * fabs(s->max)) {
        s->at_max++;
    }
    double delta = v - s->mean;
    /* The count as a signed integer converts to the same double, more cheaply. */
    s->mean += delta / (double)(int64_t)s->finite;
    s->m2 += delta * (v - s->mean);
    spike_track(s, step, v, from_start);
    note_print(s, v, flags);
    if (s->kind == MD_KIND_LOSS && s->state->nearly < MD_EARLY_VALUES)
        note_early(s->state, v);
    return true;
}

/* Moves counts of values written with d decimals to d + 2, as dividing
 * them by 100 would have printed them. */
static void shift_printed(uint32_t *slots)
{
    for (int d = MD_PRINT_SLOTS - 2; d >= 0; d--) {
        int to = d + 2 < MD_PRINT_SLOTS - 1 ? d + 2 : MD_PRINT_SLOTS - 1;
        uint64_t sum = (uint64_t)slots[to] + slots[d];
        slots[to] = sum < UINT32_MAX ? (uint32_t)sum : UINT32_MAX;
        slots[d] = 0;
    }
}

/* A fraction logged in percent without a sign: nanochat's "mfu: 74.13"
 * where torchtitan writes "mfu: 34.29%" (an accuracy, a share by the
 * catalog: "Acc@1 67.9" beside "Acc@1: 70.52%"). No fraction passes 1, so a
 * series of one that does, up to 100, was written in percent; so was one
 * whose points came with the sign. Every figure kept of it is divided by
 * 100. */
static void percent_to_fraction(md_series *s)
{
    s->first /= 100, s->last /= 100, s->min /= 100, s->max /= 100, s->mean /= 100;
    s->last_raw /= 100, s->before_zero /= 100, s->before_zero_prev /= 100;
    s->m2 /= 100 * 100;
    for (size_t i = 0; i < s->nbuckets; i++) {
        md_bucket *b = &s->buckets[i];
        b->sum /= 100, b->min /= 100, b->max /= 100, b->first /= 100, b->last /= 100;
        b->m2 /= 100 * 100;
    }
    for (size_t i = 0; i < s->nspikes; i++)
        s->spikes[i].peak /= 100, s->spikes[i].level /= 100;
    for (uint32_t i = 0; i < s->state->nearly; i++)
        s->state->early[i] /= 100;
    shift_printed(s->printed_decimals);
}

/* A spike the last point alone makes, below ten times the level, cannot be
 * told from a noisy last batch (an epoch's smaller remainder: MONAI's
 * "158/157, train_loss: 0.2379" after 0.09): nothing after it says whether
 * it recovered, so it is no spike. A blow-up that large at the end is one. */
#define LAST_POINT_SPIKE_RATIO 10.0

/* Points a log's last run needs to be judged alone: as many as the curve
 * rules' shortest windows use. A shorter last run (a requeued job that
 * just began, a sweep's trial of two epochs) leaves the series whole,
 * where the rules know the steps start over. */
#define RUN_MIN_POINTS 8

md_series *series_take_last_run(md_series *s)
{
    md_series *run = s->state->run;
    if (!run)
        return s;
    s->state->run = NULL;
    if (run->count < RUN_MIN_POINTS) {
        series_free(run);
        return s;
    }
    run->runs = s->fresh_starts + 1;
    run->earlier_points = s->count - run->count;
    /* The store settles names and shares after the points came. */
    free(run->name);
    run->name = s->name;
    s->name = NULL;
    run->kind = s->kind;
    run->better = s->better;
    run->share = s->share;
    run->percent_signed = s->percent_signed;
    run->sources = s->sources;
    run->nsources = s->nsources;
    s->sources = NULL;
    s->nsources = 0;
    run->state->is_run = false;
    series_free(s);
    return run;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The quantum the values were printed to: 10^-d for the most digits after
 * the point any of them needs (a log that rounds to four decimals writes
 * 0.043 and 0.0417 alike), up to twelve: values printed in full have no
 * neighbour a quantum away. */
static double print_quantum(const double *v, uint32_t n)
{
    int most = 0;
    for (uint32_t i = 0; i < n; i++) {
        double scaled = fabs(v[i]);
        int d = 0;
        while (d < 12 && fabs(scaled - nearbyint(scaled)) > 1e-9 * (scaled > 1 ? scaled : 1))
            scaled *= 10, d++;
        if (d > most)
            most = d;
    }
    return pow(10, -most);
}

/* The significant digits v needs, up to 17. */
static int significant_digits(double v)
{
    double a = fabs(v);
    if (a == 0 || !isfinite(a))
        return 0;
    double scale = pow(10, -floor(log10(a)));
    for (int k = 1; k < 17; k++, scale *= 10)
        if (fabs(nearbyint(a * scale) / scale - a) <= 1e-9 * a)
            return k;
    return 17;
}

/* The most significant digits any value needs: a logger that prints a
 * fixed number of them (Stable-Baselines3's tables, three: "23.4", "112")
 * has a quantum that grows with the value, 1 at 112 where it is 0.1 at
 * 23.4. */
static int print_significant(const double *v, uint32_t n)
{
    int most = 0;
    for (uint32_t i = 0; i < n; i++) {
        int k = significant_digits(v[i]);
        if (k > most)
            most = k;
    }
    return most;
}

/* Whether v lies on the grid of floats with the given significand bits,
 * to within half the quantum q it was printed to. */
static bool on_grid(double v, int bits, double q)
{
    int e;
    double m = frexp(fabs(v), &e) * ldexp(1.0, bits);
    return fabs(m - nearbyint(m)) * ldexp(1.0, e - bits) <= 0.5 * q * (1 + 1e-9);
}

/* The significand bits of the half-precision grid every value lies on:
 * 8 for bfloat16, 11 for float16, 0 for none. A loss computed in bf16
 * takes few distinct values, 1/64 apart between 2 and 4, whether printed
 * in full ("4.03125", "3.921875") or rounded (HF's four decimals: 1.9219
 * for 1.921875): its quantum is the grid's, not the print's. An fp32
 * loss rounded to four decimals lands within a print's half-quantum of
 * the bf16 grid one time in about 80 between 1 and 2, so a run of them
 * is no grid. */
static int grid_bits(const double *v, uint32_t n, double q)
{
    bool bf16 = true, fp16 = true;
    for (uint32_t i = 0; i < n && (bf16 || fp16); i++) {
        if (v[i] == 0)
            continue;
        bf16 = bf16 && on_grid(v[i], 8, q);
        fp16 = fp16 && on_grid(v[i], 11, q);
    }
    return bf16 ? 8 : fp16 ? 11 : 0;
}

/* A loss whose values come back exactly, to the last digit printed, with
 * none of them a quantum from another, repeats itself rather than
 * scattering: the same batches through the same weights. Noise that
 * repeats a value by chance fills the quanta around it too. */
static void count_repeats(md_series *s)
{
    md_series_state *st = s->state;
    s->repeated_points = s->repeated_values = s->repeated_isolated = s->repeated_adjacent = 0;
    if (!st || st->nearly < 2)
        return;
    for (uint32_t i = 1; i < st->nearly; i++)
        s->repeated_adjacent += st->early[i] == st->early[i - 1] && st->early[i] != 0;
    double *v = md_xmalloc(st->nearly * sizeof *v);
    memcpy(v, st->early, st->nearly * sizeof *v);
    qsort(v, st->nearly, sizeof *v, compare_doubles);
    double q = print_quantum(v, st->nearly);
    int bits = grid_bits(v, st->nearly, q), digits = print_significant(v, st->nearly);
    for (uint32_t i = 0, j; i < st->nearly; i = j) {
        for (j = i + 1; j < st->nearly && v[j] == v[i];)
            j++;
        if (j - i < 2 || v[i] == 0) /* exact zeros are zero_loss's */
            continue;
        s->repeated_points += j - i - 1;
        s->repeated_values++;
        int e;
        frexp(fabs(v[i]), &e);
        double qi = bits && ldexp(1.0, e - bits) > q ? ldexp(1.0, e - bits) : q;
        double sq = pow(10, floor(log10(fabs(v[i]))) - (digits - 1));
        if (sq > qi)
            qi = sq;
        bool below = i > 0 && v[i] - v[i - 1] <= 1.5 * qi;
        bool above = j < st->nearly && v[j] - v[i] <= 1.5 * qi;
        s->repeated_isolated += !below && !above;
    }
    free(v);
}

void series_finish(md_series *s)
{
    if (s->state && s->state->in_spike && s->state->cur.length == 1 &&
        !(s->state->cur.ratio >= LAST_POINT_SPIKE_RATIO)) {
        s->state->in_spike = false;
        s->spike_count--;
    }
    if (s->state && s->state->in_spike)
        close_spike(s, false);
    /* Once: a store copied after it finished is finished again. */
    if ((s->kind == MD_KIND_FRACTION || s->share) && s->finite && (s->percent_signed || (s->max > 1 && s->max <= 100)))
        percent_to_fraction(s);
    s->percent_signed = false;
    count_repeats(s);
}

size_t series_bytes(const md_series *s)
{
    size_t n = sizeof *s + sizeof *s->state + strlen(s->name) + 1;
    n += s->capbuckets * sizeof *s->buckets;
    if (s->state && s->state->early)
        n += MD_EARLY_VALUES * sizeof *s->state->early;
    for (size_t i = 0; i < s->nsources; i++)
        n += strlen(s->sources[i]) + 1 + sizeof(char *);
    return n;
}
