/* Where a series is heading: levels, relative change, plateaus, rises. */
#include <math.h>
#include <stdlib.h>

#include "signals/signals_int.h"

/* Levels are medians of bucket means over the first and last tenth of the
 * points: robust to the odd spike, and a tenth is long enough to average
 * out per-batch noise yet short enough to see where the run ended. */
#define LEVEL_SHARE 0.10
/* Plateau: an earlier stretch counts as worse than the end only when the
 * gap passes this many standard errors of the two means, and 1% of the end
 * level: with hundreds of points a 0.4% drift is statistically real, but a
 * run that moved its loss by less than 1% over half its length made no
 * progress worth the compute (healthy LLM runs still gain 2% or more over
 * their last fifth; see the corpus figures in README). */
#define PLATEAU_SIGMAS 3.0
#define PLATEAU_MIN_GAIN 0.01
/* A series so noisy that a 5% change of its level between two of its
 * tenths is not three standard errors has no plateau verdict: unknown,
 * rather than "flat" by default. Healthy runs gain 2% a fifth, so a test
 * blind to 5% would call half of a noisy healthy run flat. */
#define PLATEAU_MAX_BAND 0.05
/* A fitted gain to the end counts from two standard errors: the cost of
 * missing a gain is a false "stopped improving". */
#define PLATEAU_TREND_SIGMAS 2.0
#define MIN_TREND_POINTS 8

MD_FEATURE(start_level)
{
    (void)sig;
    if (s->finite == 0)
        return md_unknown();
    return md_known(md_level_start(s, LEVEL_SHARE, NULL));
}

MD_FEATURE(end_level)
{
    (void)sig;
    if (s->finite == 0)
        return md_unknown();
    return md_known(md_level_end(s, LEVEL_SHARE, NULL));
}

/* Label and vocabulary counts K whose uniform guess scores ln K: small
 * label sets, CIFAR-10 and -100, PASCAL VOC's 20, COCO's 80 and 91, CUB's
 * and Tiny ImageNet's 200, ImageNet's 1000 and 21843, the action classes
 * of HMDB51, UCF101, Something-Something v2 (174) and Kinetics (400,
 * 600, 700), a contrastive batch's 1024 candidates, and the vocabularies of BERT, LLaMA (32000, 32768), GPT-2
 * (50257, padded 50304), cl100k, Llama 3, Qwen (151936, 152064) and
 * Gemma. Self-supervised heads collapse to the same loss over their
 * outputs: SwAV's 3000 prototypes (512 in lightly's examples), iBOT's 8192, DINO's 65536 outputs and
 * MoCo's queue of 65536 keys (4096 in small configurations). */
static const double chance_counts[] = {2,      3,      4,     5,     10,    20,    51,    80,     91,     100,   101,
                                       174,    200,    400,   512,   600,   700,   1000,  1024,   3000,   4096,
                                       8192,   21843,  30522, 32000, 32768, 50257, 50304, 65536,  100277, 128256,
                                       151936, 152064, 256000};

/* The K of chance_counts whose ln K the loss ends within 0.5% of, the
 * nearest; unknown when none. The label counts' ln K lie 2% and more
 * apart, so half a percent names one; the vocabularies crowd together
 * between 10.3 and 12.5, where the nearest says what any of them would:
 * the model is no better than a uniform guess over its vocabulary. */
#define CHANCE_TOL 0.005

MD_FEATURE(chance_classes)
{
    md_value end = md_feat_end_level(sig, s);
    if (!end.known || end.v <= 0)
        return md_unknown();
    double best = 0, gap = CHANCE_TOL;
    for (size_t i = 0; i < MD_COUNT(chance_counts); i++) {
        double d = fabs(end.v - log(chance_counts[i])) / log(chance_counts[i]);
        if (d < gap) {
            gap = d;
            best = chance_counts[i];
        }
    }
    return best > 0 ? md_known(best) : md_unknown();
}

MD_FEATURE(median)
{
    (void)sig;
    if (s->finite == 0)
        return md_unknown();
    return md_known(md_level_end(s, 1.0, NULL));
}

/* The levels at the series' start and end; false for fewer than three
 * points. */
static bool start_and_end(const md_series *s, double *start, double *end)
{
    if (s->finite < 3)
        return false;
    *start = md_level_start(s, LEVEL_SHARE, NULL);
    *end = md_level_end(s, LEVEL_SHARE, NULL);
    return true;
}

MD_FEATURE(rel_change)
{
    (void)sig;
    double start, end;
    if (!start_and_end(s, &start, &end) || start == 0 || !isfinite(start))
        return md_unknown();
    return md_known((end - start) / fabs(start));
}

/* A series that ends above twice its start level left that level for
 * good at the first segment after the last one within it: where growth
 * began, not where it peaked (a gradient norm 0.3, 0.4, 5.5, 231, 3779
 * rose from the third log). Twice, because a positive series' noise and a
 * warm-up's bump stay within it; unknown for a series that came back, or
 * one at or below 0. */
#define GROWTH_FACTOR 2.0

MD_FEATURE(growth_start_step)
{
    (void)sig;
    double start, end;
    if (!start_and_end(s, &start, &end) || !(start > 0) || !(end > GROWTH_FACTOR * start))
        return md_unknown();
    seg segs[MD_TREND_SEGMENTS];
    size_t n = md_segments(s, MD_TREND_SEGMENTS, segs), from = n;
    while (from > 0 && segs[from - 1].mean > GROWTH_FACTOR * start)
        from--;
    return from < n ? md_known((double)segs[from].lo) : md_unknown();
}

MD_FEATURE(slope_end)
{
    (void)sig;
    if (s->finite < MIN_TREND_POINTS)
        return md_unknown();
    double want = 0.2 * (double)s->finite, got = 0, pos = (double)s->finite;
    double *x = md_xmalloc((s->nbuckets + 1) * sizeof *x);
    double *y = md_xmalloc((s->nbuckets + 1) * sizeof *y);
    size_t k = 0;
    for (size_t i = s->nbuckets; i-- > 0 && got < want;) {
        const md_bucket *b = &s->buckets[i];
        if (b->n == 0)
            continue;
        pos -= b->n;
        x[k] = pos + b->n / 2.0;
        y[k++] = b->sum / b->n;
        got += b->n;
    }
    double slope = k >= 3 ? md_theil_sen(x, y, k) : NAN;
    free(x);
    free(y);
    double level = md_level_end(s, LEVEL_SHARE, NULL);
    if (!isfinite(slope) || level == 0)
        return md_unknown();
    return md_known(slope * got / fabs(level));
}

/* Windows shorter than this many segments are left to the segment test:
 * their spread is too poor a check on the noise estimate. */
#define TREND_MIN_SEGMENTS 4

/* The fitted change from the first to the last of segments j to the end
 * (weighted least squares on segment means placed at their middle point)
 * and its standard error. Points are taken to spread by noise or by what
 * the segment means scatter about the fit, whichever is more: a noise
 * read from the whole series can be too small for its flat tail. */
static double trend_from(const seg *segs, size_t n, size_t j, double noise, double *se)
{
    double w = 0, sx = 0, sy = 0, x = 0;
    for (size_t k = j; k < n; k++) {
        sx += segs[k].n * (x + segs[k].n / 2);
        sy += segs[k].n * segs[k].mean;
        w += segs[k].n;
        x += segs[k].n;
    }
    double mx = sx / w, my = sy / w, sxx = 0, sxy = 0;
    x = 0;
    for (size_t k = j; k < n; k++) {
        double dx = x + segs[k].n / 2 - mx;
        sxx += segs[k].n * dx * dx;
        sxy += segs[k].n * dx * (segs[k].mean - my);
        x += segs[k].n;
    }
    double slope = sxy / sxx, scatter = 0;
    x = 0;
    for (size_t k = j; k < n; k++) {
        double r = segs[k].mean - my - slope * (x + segs[k].n / 2 - mx);
        scatter += segs[k].n * r * r;
        x += segs[k].n;
    }
    double spread = fmax(noise, sqrt(scatter / (double)(n - j - 2)));
    double across = x - segs[j].n / 2 - segs[n - 1].n / 2;
    *se = spread / sqrt(sxx) * across;
    return slope * across;
}

/* How far the best of n independent normal draws lies beyond their mean,
 * in standard deviations: exact to 10, then the expansion of the expected
 * maximum of n normals (Cramer), 0.09 above the exact value at 11 and
 * 0.055 at 64 (2.40 for 2.34). sqrt(2 ln n), its leading term alone,
 * overstates it by 0.54 to 0.64 at every n a series has segments. */
static double expected_best_of(size_t n)
{
    static const double exact[] = {0,      0,      0.5642, 0.8463, 1.0294, 1.1630,
                                   1.2672, 1.3522, 1.4236, 1.4850, 1.5388};
    if (n < MD_COUNT(exact))
        return exact[n];
    double a = sqrt(2 * log((double)n));
    return a - (log(log((double)n)) + log(4 * 3.14159265358979)) / (2 * a) + 0.5772 / a;
}

typedef struct plateau_test {
    double end, end_points, noise;
    double sigmas; /* for one segment beside the end */
    int dir;
} plateau_test;

static double plateau_band(const plateau_test *t, double points)
{
    double band = t->sigmas * t->noise * sqrt(1 / points + 1 / t->end_points);
    return fmax(band, PLATEAU_MIN_GAIN * fabs(t->end));
}

static bool worse_than_end(const plateau_test *t, double mean, double points)
{
    return t->dir * (mean - t->end) > plateau_band(t, points);
}

static bool improving_from(const plateau_test *t, const seg *segs, size_t n, size_t j)
{
    if (n - j < TREND_MIN_SEGMENTS)
        return false;
    double se;
    double change = trend_from(segs, n, j, t->noise, &se);
    return -t->dir * change > fmax(PLATEAU_TREND_SIGMAS * se, PLATEAU_MIN_GAIN * fabs(t->end));
}

/* Walks back from the end while each earlier segment is no worse than the
 * end beyond noise, which places a sudden change. Then the stretch from
 * there to the end must show no steady gain either: a line fitted over all
 * its points sees a slow gain that no one short segment shows beside the
 * end's tenth (else half of a still-improving run would read as flat).
 * While it does, the stretch starts a segment later. Testing the longest
 * stretch first keeps a chance dip at the end from splitting a flat one.
 * Returns the index of the first plateau segment, or -1 when the series is
 * too short or too noisy to tell. */
static long plateau_start(const md_series *s, seg *segs, size_t *nseg)
{
    if (s->finite < MIN_TREND_POINTS)
        return -1;
    size_t n = md_segments(s, MD_TREND_SEGMENTS, segs);
    *nseg = n;
    if (n < 4)
        return -1;
    /* Of 64 segments of noise alone, the worst lies 2.3 deviations out:
     * one segment breaks a flat stretch only 1.5 beyond that, or 3. */
    plateau_test t = {.dir = md_improve_sign(s), .sigmas = fmax(PLATEAU_SIGMAS, expected_best_of(n) + 1.5)};
    t.end = md_level_end(s, LEVEL_SHARE, &t.end_points);
    t.noise = md_point_noise(s);
    if (!isfinite(t.noise))
        t.noise = 0;
    if (PLATEAU_SIGMAS * t.noise * sqrt(2 / t.end_points) > PLATEAU_MAX_BAND * fabs(t.end))
        return -1;
    size_t start = n;
    while (start > 0 && !worse_than_end(&t, segs[start - 1].mean, segs[start - 1].n))
        start--;
    while (improving_from(&t, segs, n, start))
        start++;
    return (long)start;
}

MD_FEATURE(plateau_frac)
{
    (void)sig;
    seg segs[MD_TREND_SEGMENTS];
    size_t n = 0;
    long start = plateau_start(s, segs, &n);
    if (start < 0)
        return md_unknown();
    double flat = 0;
    for (size_t j = (size_t)start; j < n; j++)
        flat += segs[j].n;
    return md_known(flat / (double)s->finite);
}

MD_FEATURE(plateau_start_step)
{
    (void)sig;
    seg segs[MD_TREND_SEGMENTS];
    size_t n = 0;
    long start = plateau_start(s, segs, &n);
    if (start < 0 || (size_t)start >= n)
        return md_unknown();
    return md_known((double)segs[start].lo);
}

static double median3(double a, double b, double c)
{
    return a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
}

/* Tukey's end-point rule: the median of an end value, its smoothed
 * neighbour and the line through that one and the next extended to the
 * end. It may only make the end a worse candidate for the best (dir as
 * smooth_min's), so a best shared with the end stays inside. */
static double end_point(double end, double next, double after, int dir)
{
    double m = median3(end, next, 3 * next - 2 * after);
    return dir * m > dir * end ? m : end;
}

/* Segments of one or two points (series of up to 128) are smoothed with a
 * running median of three before their best is taken: a mean of so few
 * points is one lucky batch. The ends, which have one neighbour, follow
 * Tukey's end-point rule (end_point), so a first value that stands apart
 * (one batch's loss where the rows after it average many) is no minimum,
 * while a curve that rises from its start keeps its first value. */
static bool smoothed_segments(const md_series *s, size_t n)
{
    return n >= 3 && (double)s->finite < 3.0 * (double)n;
}

/* How many of the n segments come before the end level's window. */
static size_t segments_before_end(const md_series *s, const seg *segs, size_t n)
{
    double points = 0, limit = (1 - LEVEL_SHARE) * (double)s->finite;
    size_t j = 0;
    while (j < n && points + segs[j].n <= limit)
        points += segs[j++].n;
    return j;
}

/* The lowest stretch of the series: the smallest segment mean, so one
 * lucky batch does not count as the minimum, after smoothed_segments.
 * Replaces each segment's mean with the smoothed value; returns the
 * index of the best one, among the segments before the end level's window
 * when before_end (a curve still improving at its end has not climbed back
 * from its last stretch). */
static long smooth_min(const md_series *s, seg *segs, size_t *n, int dir, bool before_end)
{
    *n = md_segments(s, MD_TREND_SEGMENTS, segs);
    if (*n == 0)
        return -1;
    if (smoothed_segments(s, *n)) {
        size_t last = *n - 1;
        double prev = segs[0].mean;
        for (size_t j = 1; j < last; j++) {
            double cur = segs[j].mean;
            segs[j].mean = median3(prev, cur, segs[j + 1].mean);
            prev = cur;
        }
        segs[0].mean = end_point(segs[0].mean, segs[1].mean, segs[2].mean, dir);
        segs[last].mean = end_point(segs[last].mean, segs[last - 1].mean, segs[last - 2].mean, dir);
    }
    size_t candidates = *n;
    if (before_end) {
        size_t j = segments_before_end(s, segs, *n);
        if (j > 0)
            candidates = j;
    }
    long best = 0;
    for (size_t j = 1; j < candidates; j++)
        if (dir * segs[j].mean < dir * segs[best].mean)
            best = (long)j;
    return best;
}

MD_FEATURE(min_smooth)
{
    (void)sig;
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    long j = smooth_min(s, segs, &n, 1, false);
    return j < 0 ? md_unknown() : md_known(segs[j].mean);
}

MD_FEATURE(min_smooth_step)
{
    (void)sig;
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    long j = smooth_min(s, segs, &n, 1, false);
    return j < 0 ? md_unknown() : md_known((double)(segs[j].lo + (segs[j].hi - segs[j].lo) / 2));
}

/* The best (lowest) stretch before the end level's window, as smooth_min
 * finds it; -1 below three points. */
static long best_before_end(const md_series *s, seg *segs, size_t *n)
{
    return s->finite < 3 ? -1 : smooth_min(s, segs, n, 1, true);
}

MD_FEATURE(rise_from_min)
{
    (void)sig;
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    long j = best_before_end(s, segs, &n);
    if (j < 0 || segs[j].mean == 0)
        return md_unknown();
    double end = md_level_end(s, LEVEL_SHARE, NULL);
    return md_known((end - segs[j].mean) / fabs(segs[j].mean));
}

/* How much of its climb from the best stretch the series gave back by its
 * end: 0 at the top of the climb (or still climbing), 1 back at the best.
 * The top is the highest stretch between the best and the end level's
 * window, which the end level itself stands for; unknown without a climb.
 * A loss that rose after its warm-up and is falling again has a bump
 * behind it, not a divergence ahead. */
MD_FEATURE(retreat)
{
    (void)sig;
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    long j = best_before_end(s, segs, &n);
    if (j < 0)
        return md_unknown();
    double peak = segs[j].mean;
    size_t before = segments_before_end(s, segs, n);
    for (size_t k = (size_t)j + 1; k < before; k++)
        peak = segs[k].mean > peak ? segs[k].mean : peak;
    double end = md_level_end(s, LEVEL_SHARE, NULL);
    peak = end > peak ? end : peak;
    double climb = peak - segs[j].mean;
    if (!(climb > 0))
        return md_unknown();
    return md_known((peak - end) / climb);
}

/* How far segment means stray from a smooth curve through them, as a
 * standard deviation. Point noise alone predicts this wobble when points
 * are independent; a loss that swings with a period of a few segments (an
 * unshuffled epoch, a cyclic schedule) wobbles far more, and its lowest
 * segment is a trough of the swing, not a best stretch. NaN below five
 * segments. */
static double segment_wobble(const seg *segs, size_t n)
{
    if (n < 5)
        return NAN;
    double m[MD_TREND_SEGMENTS];
    for (size_t j = 0; j < n; j++)
        m[j] = segs[j].mean;
    return md_scatter(m, n);
}

/* The climb from the best stretch to the end, in standard errors of point
 * noise: below 3 the "rise" is what noise alone would draw. The best of n
 * stretches is lower than a typical one by the expected minimum of n
 * normal draws, in standard errors, when noise alone sets it, so that much
 * is taken off: on a short run whose segments are
 * single batches, the luckiest batch is not a best stretch to climb from.
 * The error is at least what the segments' own wobble gives: the best
 * segment strays by one wobble, the end level by one over the square root
 * of the segments it averages. */
MD_FEATURE(rise_z)
{
    (void)sig;
    if (s->finite < MIN_TREND_POINTS)
        return md_unknown();
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    long j = smooth_min(s, segs, &n, md_improve_sign(s), true);
    /* The end level over three points at least, so that one last spike
     * makes no rise of a short series. */
    double end_points;
    double end = md_level_end(s, fmax(LEVEL_SHARE, 3.0 / (double)s->finite), &end_points);
    double noise = md_point_noise(s);
    if (j < 0 || !isfinite(noise))
        return md_unknown();
    /* A smoothed best stretch is a running median of three, whose spread
     * is 0.67 of one segment mean's (variance 0.449). */
    double best_var = (smoothed_segments(s, n) ? 0.449 : 1) / segs[j].n;
    double luck = expected_best_of(n) * noise * sqrt(best_var);
    double se = noise * sqrt(best_var + 1 / end_points);
    double wobble = segment_wobble(segs, n);
    double end_segments = end_points / ((double)s->finite / (double)n);
    if (isfinite(wobble) && end_segments > 0) {
        luck = fmax(luck, expected_best_of(n) * wobble);
        se = fmax(se, wobble * sqrt(1 + 1 / end_segments));
    }
    double gap = md_improve_sign(s) * (end - segs[j].mean);
    if (se == 0)
        return md_known(gap > 0 ? 1e9 : 0);
    return md_known((gap - luck) / se);
}

/* The stretch rise_z measures from: the best segment mean before the last
 * tenth (the lowest, or the highest for a higher-is-better series). */
static md_value best_segment(const md_series *s, bool step)
{
    if (s->finite < 3)
        return md_unknown();
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    long j = smooth_min(s, segs, &n, md_improve_sign(s), true);
    if (j < 0)
        return md_unknown();
    return md_known(step ? (double)(segs[j].lo + (segs[j].hi - segs[j].lo) / 2) : segs[j].mean);
}

MD_FEATURE(best_smooth)
{
    (void)sig;
    return best_segment(s, false);
}

MD_FEATURE(best_smooth_step)
{
    (void)sig;
    return best_segment(s, true);
}

MD_FEATURE(fall_from_max)
{
    (void)sig;
    if (s->finite < 3)
        return md_unknown();
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    long j = smooth_min(s, segs, &n, -1, true);
    double end = md_level_end(s, LEVEL_SHARE, NULL);
    if (j < 0 || segs[j].mean == 0)
        return md_unknown();
    return md_known((segs[j].mean - end) / fabs(segs[j].mean));
}

/* How much worse than its best stretch a score ended, as a share of that
 * best, whichever way the score improves: an accuracy's fall_from_max, an
 * error rate's (WER, CER, EER) rise_from_min. */
MD_FEATURE(worse_from_best)
{
    if (s->better == MD_BETTER_HIGHER)
        return md_feat_fall_from_max(sig, s);
    if (s->better == MD_BETTER_LOWER)
        return md_feat_rise_from_min(sig, s);
    return md_unknown();
}

/* The last value as a share of the best (an accuracy's last / max, an
 * error rate's min / last), where the last is the series' worst; 1 where
 * it is not: a score that ended at its worst, and how far below its best. */
MD_FEATURE(last_worst_share)
{
    (void)sig;
    if (s->finite < 2 || s->better == MD_BETTER_NONE || !isfinite(s->last))
        return md_unknown();
    bool higher = s->better == MD_BETTER_HIGHER;
    double best = higher ? s->max : s->min, worst = higher ? s->min : s->max;
    if (s->last != worst)
        return md_known(1);
    double share = higher ? s->last / best : best / s->last;
    return best > 0 && s->last > 0 ? md_known(share) : md_unknown();
}

/* The share of consecutive bucket means that went up (sign 1) or down
 * (sign -1). */
static md_value moving_frac(const md_series *s, int sign)
{
    size_t moved = 0, pairs = 0;
    double prev = NAN;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (b->n == 0)
            continue;
        double m = b->sum / b->n;
        if (!isnan(prev)) {
            pairs++;
            moved += sign > 0 ? m > prev : m < prev;
        }
        prev = m;
    }
    return pairs ? md_known((double)moved / (double)pairs) : md_unknown();
}

MD_FEATURE(increasing_frac)
{
    (void)sig;
    return moving_frac(s, 1);
}

/* The points after the series' lowest bucket when each is higher than the
 * one before it, to the end: a climb from the best point (a short log's
 * 1.43, 5.82, 7.05, 10.03); 0 when any fell back, or the lowest is last. */
MD_FEATURE(climb_from_min)
{
    (void)sig;
    size_t lowest = SIZE_MAX;
    double low = INFINITY;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (b->n > 0 && b->sum / b->n < low)
            low = b->sum / b->n, lowest = i;
    }
    if (lowest == SIZE_MAX)
        return md_unknown();
    double prev = low;
    size_t climbed = 0;
    for (size_t i = lowest + 1; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (b->n == 0)
            continue;
        double m = b->sum / b->n;
        if (!(m > prev))
            return md_known(0);
        climbed += b->n;
        prev = m;
    }
    return md_known((double)climbed);
}

/* A value printed with few decimals ("lr: 0.000001") repeats itself on
 * its way up: ties are no rise, and no fall either. */
MD_FEATURE(falling_frac)
{
    (void)sig;
    return moving_frac(s, -1);
}

/* 1 when the series rose over the whole log and is still at its top: it
 * rose in 90% of its steps and ended within 1% of its maximum; or, printed
 * too coarsely to show each step (its top within ten print quanta: DINO's
 * "lr: 0.000002"), it never fell, ended at its maximum above where it
 * began, and reached that only in the log's second half. A warm-up read
 * before it ends; not a warm-up followed by a constant rate. */
MD_FEATURE(rising_to_end)
{
    md_value up = moving_frac(s, 1), down = moving_frac(s, -1), res = md_feat_resolution(sig, s);
    if (!up.known || s->finite < 2)
        return md_unknown();
    if (up.v > 0.9 && s->last >= 0.99 * s->max)
        return md_known(1);
    if (down.v > 0 || !(s->last >= s->max && s->last > s->first))
        return md_known(0);
    bool coarse = res.known && s->max <= 10 * res.v;
    bool late = 2 * (s->max_step - s->first_step) >= s->last_step - s->first_step;
    return md_known(coarse && late);
}

/* The first segment by which the series had covered 90% of the way from
 * its start level to its best stretch (the best one at the latest), and
 * the points before it; -1 when it never improved. The start is the first
 * segment when that is worse than the start level: a collapse inside the
 * first tenth of the run would otherwise put the start level halfway down
 * and measure only the slow tail after it. */
static long converged_segment(const md_series *s, seg *segs, size_t *n, double *points)
{
    int dir = md_improve_sign(s);
    long best = smooth_min(s, segs, n, dir, false);
    double start = md_level_start(s, LEVEL_SHARE, NULL);
    if (*n > 0 && dir * (segs[0].mean - start) > 0)
        start = segs[0].mean;
    if (best < 0 || dir * (start - segs[best].mean) <= 0)
        return -1;
    double target = start - 0.9 * (start - segs[best].mean);
    *points = 0;
    for (size_t j = 0; j < *n; j++) {
        if (dir * segs[j].mean <= dir * target)
            return (long)j;
        *points += segs[j].n;
    }
    return (long)*n - 1;
}

/* Share of the run it took to cover 90% of the distance from the start
 * to the best stretch: near 0 when the loss collapsed at once. */
MD_FEATURE(converge_frac)
{
    (void)sig;
    if (s->finite < MIN_TREND_POINTS)
        return md_unknown();
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    double points;
    long j = converged_segment(s, segs, &n, &points);
    return j < 0 ? md_unknown() : md_known(points / (double)s->finite);
}

MD_FEATURE(converge_step)
{
    (void)sig;
    if (s->finite < MIN_TREND_POINTS)
        return md_unknown();
    seg segs[MD_TREND_SEGMENTS];
    size_t n;
    double points;
    long j = converged_segment(s, segs, &n, &points);
    return j < 0 ? md_unknown() : md_known((double)segs[j].hi);
}
