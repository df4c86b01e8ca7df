/* How a series moves around its trend: point noise, and the back-and-forth
 * of its coarse segments. */
#include <math.h>

#include "signals/signals_int.h"

/* Oscillation and swing read about this many segments: fine enough to see
 * a loss bouncing over hundreds of steps, coarse enough that per-batch
 * noise averages out within a segment. */
#define SWING_SEGMENTS 48

MD_FEATURE(noise)
{
    (void)sig;
    if (s->finite < 4)
        return md_unknown();
    double level = md_level_end(s, 0.5, NULL);
    double noise = md_point_noise(s);
    if (!isfinite(noise) || level == 0)
        return md_unknown();
    return md_known(noise / fabs(level));
}

/* 1 - net movement / total movement of the segment means: 0 for a series
 * that only ever moves one way, near 1 for one that goes back and forth as
 * much as it goes anywhere. */
MD_FEATURE(oscillation)
{
    (void)sig;
    seg segs[SWING_SEGMENTS];
    size_t n = md_segments(s, SWING_SEGMENTS, segs);
    if (n < 6)
        return md_unknown();
    double tv = 0;
    for (size_t j = 1; j < n; j++)
        tv += fabs(segs[j].mean - segs[j - 1].mean);
    if (tv == 0)
        return md_known(0);
    double net = fabs(segs[n - 1].mean - segs[0].mean) / tv;
    return md_known(net >= 1 ? 0 : 1 - net); /* rounding can put net past 1 */
}

/* The typical move between neighbouring segments, relative to the level. */
MD_FEATURE(swing)
{
    (void)sig;
    seg segs[SWING_SEGMENTS];
    size_t n = md_segments(s, SWING_SEGMENTS, segs);
    if (n < 6)
        return md_unknown();
    double moves[SWING_SEGMENTS], levels[SWING_SEGMENTS];
    for (size_t j = 0; j < n; j++)
        levels[j] = segs[j].mean;
    for (size_t j = 1; j < n; j++)
        moves[j - 1] = fabs(segs[j].mean - segs[j - 1].mean);
    double level = md_median(levels, n);
    if (level == 0)
        return md_unknown();
    return md_known(md_median(moves, n - 1) / fabs(level));
}

/* The swing in units of what noise alone gives: segment means of k points
 * whose points scatter by sigma around them move by a median of 0.6745 *
 * sigma * sqrt(2 / k) between neighbours. Below 3, the back-and-forth is
 * per-batch noise (a small batch logged every step), not an oscillation.
 * Unknown when segments hold fewer than 3 points: their scatter cannot be
 * told from the swing. */
MD_FEATURE(swing_z)
{
    (void)sig;
    seg segs[SWING_SEGMENTS];
    size_t n = md_segments(s, SWING_SEGMENTS, segs);
    if (n < 6 || (double)s->finite < 3.0 * (double)n)
        return md_unknown();
    double moves[SWING_SEGMENTS], m2 = 0, dof = 0;
    for (size_t j = 0; j < n; j++) {
        m2 += segs[j].m2;
        dof += segs[j].n - 1;
    }
    for (size_t j = 1; j < n; j++)
        moves[j - 1] = fabs(segs[j].mean - segs[j - 1].mean);
    double k = (double)s->finite / (double)n;
    double expected = 0.6745 * sqrt(m2 / dof) * sqrt(2 / k);
    if (!(expected > 0))
        return md_unknown();
    return md_known(md_median(moves, n - 1) / expected);
}

/* The bucket boundary from lo to hi (steps) that splits the points between
 * them into the two parts whose means differ most, weighed by their sizes
 * (binary segmentation: one outlier moves no boundary): the first step
 * after it. With a bucket a point, the step the level changed. */
static bool in_window(const md_bucket *b, int64_t lo, int64_t hi)
{
    return b->n > 0 && b->lo_step >= lo && b->hi_step <= hi;
}

static int64_t split_step(const md_series *s, int64_t lo, int64_t hi)
{
    double n = 0, sum = 0;
    for (size_t i = 0; i < s->nbuckets; i++)
        if (in_window(&s->buckets[i], lo, hi)) {
            n += s->buckets[i].n;
            sum += s->buckets[i].sum;
        }
    int64_t best_step = lo;
    double left_n = 0, left_sum = 0, best = -1;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (!in_window(b, lo, hi))
            continue;
        if (left_n > 0) {
            double right_n = n - left_n;
            double gap = left_sum / left_n - (sum - left_sum) / right_n;
            double score = left_n * right_n / n * gap * gap;
            if (score > best) {
                best = score;
                best_step = b->lo_step;
            }
        }
        left_n += b->n;
        left_sum += b->sum;
    }
    return best_step;
}

/* Where the level moved most between neighbouring segments: the step a
 * throughput collapse or a level shift happened, found to the bucket
 * within the two segments. */
MD_FEATURE(shift_step)
{
    (void)sig;
    seg segs[SWING_SEGMENTS];
    size_t n = md_segments(s, SWING_SEGMENTS, segs);
    if (n < 3)
        return md_unknown();
    size_t best = 1;
    double best_move = -1;
    for (size_t j = 1; j < n; j++) {
        double base = fabs(segs[j - 1].mean) > 0 ? fabs(segs[j - 1].mean) : 1;
        double move = fabs(segs[j].mean - segs[j - 1].mean) / base;
        if (move > best_move) {
            best_move = move;
            best = j;
        }
    }
    return md_known((double)split_step(s, segs[best - 1].lo, segs[best].hi));
}

/* On fewer segments, a climb over three logs (1.5, 5.1, 7.4, 9.9) is as
 * much a jump as a step change. */
#define RISE_JUMP_SEGMENTS_MIN 12

/* Of a series' rise from its lowest segment to its end (a score's fall
 * from its highest), the largest climb
 * from one segment to the next (over two where segments merge points: a
 * step change inside one splits between the two): its share of the rise,
 * and the first bucket past the middle of that climb, where the series
 * jumped. A loss that sat at 0.31 and from epoch 38 at 0.95 jumped there,
 * which the level tracker misses on a short log whose fall before left
 * its noise band wide. */
static bool rise_jump(const md_series *s, int64_t *step, double *share)
{
    seg segs[MD_TREND_SEGMENTS];
    size_t n = md_segments(s, MD_TREND_SEGMENTS, segs);
    if (n < RISE_JUMP_SEGMENTS_MIN)
        return false;
    /* A score got worse as it fell: its means are read negated. */
    if (s->better == MD_BETTER_HIGHER)
        for (size_t j = 0; j < n; j++)
            segs[j].mean = -segs[j].mean;
    size_t low = 0;
    for (size_t j = 1; j < n; j++)
        if (segs[j].mean < segs[low].mean)
            low = j;
    double rise = segs[n - 1].mean - segs[low].mean;
    if (!(rise > 0) || low + 1 >= n)
        return false;
    size_t best = 0, from = 0;
    double climb = 0;
    /* Segments of one point each hold a step change between two of them;
     * merged segments may split it. */
    size_t span = n < MD_TREND_SEGMENTS ? 1 : 2;
    for (size_t j = low + 1; j < n; j++) {
        size_t k = j >= low + span ? j - span : low;
        if (segs[j].mean - segs[k].mean > climb) {
            climb = segs[j].mean - segs[k].mean;
            best = j;
            from = k;
        }
    }
    if (!best)
        return false;
    double middle = (segs[from].mean + segs[best].mean) / 2;
    double sign = s->better == MD_BETTER_HIGHER ? -1 : 1;
    *step = segs[best].lo;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (b->n && b->lo_step > segs[from].lo && b->lo_step <= segs[best].lo && sign * b->sum / b->n > middle) {
            *step = b->lo_step;
            break;
        }
    }
    *share = climb / rise;
    return true;
}

MD_FEATURE(rise_jump_step)
{
    (void)sig;
    int64_t step;
    double share;
    return rise_jump(s, &step, &share) ? md_known((double)step) : md_unknown();
}

MD_FEATURE(rise_jump_share)
{
    (void)sig;
    int64_t step;
    double share;
    return rise_jump(s, &step, &share) ? md_known(share) : md_unknown();
}
