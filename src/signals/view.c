#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "signals/signals_int.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The k-th smallest of v[lo, hi] into v[k], the smaller values before it
 * and the larger after (Hoare's selection, a median of three as each
 * pivot): linear time where sorting all of v took n log n, which the
 * Theil-Sen slope's median of tens of thousands of pairwise slopes paid
 * on every run. v holds no NaN, so every comparison orders. */
static void select_kth(double *v, size_t lo, size_t hi, size_t k)
{
    while (lo < hi) {
        double a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi];
        double pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        size_t i = lo, j = hi;
        for (;;) {
            while (v[i] < pivot)
                i++;
            while (pivot < v[j])
                j--;
            if (i >= j)
                break;
            double t = v[i];
            v[i++] = v[j];
            v[j--] = t;
        }
        /* v[lo, j] <= pivot <= v[j + 1, hi], with lo <= j < hi. */
        if (k <= j)
            hi = j;
        else
            lo = j + 1;
    }
}

double md_median(double *v, size_t n)
{
    if (n == 0)
        return NAN;
    for (size_t i = 0; i < n; i++) {
        if (isnan(v[i])) { /* no order to select by: the sort's answer, as it always was */
            qsort(v, n, sizeof *v, cmp_double);
            return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        }
    }
    size_t mid = n / 2;
    select_kth(v, 0, n - 1, mid);
    if (n % 2)
        return v[mid];
    double below = v[0]; /* the largest of the smaller half */
    for (size_t i = 1; i < mid; i++)
        if (v[i] > below)
            below = v[i];
    return (below + v[mid]) / 2;
}

double md_theil_sen(const double *x, const double *y, size_t n)
{
    if (n < 2)
        return NAN;
    size_t cap = n * (n - 1) / 2, k = 0;
    double *slopes = md_xmalloc(cap * sizeof *slopes);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (x[j] != x[i])
                slopes[k++] = (y[j] - y[i]) / (x[j] - x[i]);
    double m = md_median(slopes, k);
    free(slopes);
    return m;
}

int md_improve_sign(const md_series *s)
{
    return s->better == MD_BETTER_HIGHER ? -1 : 1;
}

static void seg_add(seg *into, const md_bucket *b)
{
    double n = into->n + b->n;
    double bmean = b->sum / b->n;
    if (into->n == 0) {
        into->lo = b->lo_step;
        into->mean = bmean;
        into->min = b->min;
        into->max = b->max;
        into->m2 = b->m2;
    } else {
        double delta = bmean - into->mean;
        into->m2 += b->m2 + delta * delta * into->n * b->n / n;
        into->mean += delta * b->n / n;
        into->min = b->min < into->min ? b->min : into->min;
        into->max = b->max > into->max ? b->max : into->max;
    }
    into->hi = b->hi_step;
    into->n = n;
}

/* A bucket goes to the segment its middle point falls in when the points
 * are cut into max equal shares, so no segment is left with a few points
 * at the end (whose wide error band would decide a whole verdict). */
size_t md_segments(const md_series *s, size_t max, seg *out)
{
    size_t n = 0, last = 0;
    double seen = 0;
    memset(out, 0, max * sizeof *out);
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (b->n == 0)
            continue;
        double middle = seen + b->n / 2.0;
        seen += b->n;
        size_t share = (size_t)(middle * (double)max / (double)s->finite);
        if (share >= max)
            share = max - 1;
        if (n == 0 || share != last)
            n++;
        last = share;
        seg_add(&out[n - 1], b);
    }
    return n;
}

/* The spread of differences of order 2 or 4 (coefficients 1 -2 1 or
 * 1 -4 6 -4 1), as an estimate of the noise that they alone would give:
 * the median absolute difference over its value for normal noise. */
static double difference_spread(const double *x, size_t n, int order)
{
    double *d = md_xmalloc(n * sizeof *d);
    size_t k = 0;
    for (size_t i = 0; i + (size_t)order < n; i++)
        d[k++] = fabs(order == 2 ? x[i] - 2 * x[i + 1] + x[i + 2]
                                 : x[i] - 4 * x[i + 1] + 6 * x[i + 2] - 4 * x[i + 3] + x[i + 4]);
    double m = 1.4826 * md_median(d, k) / sqrt(order == 2 ? 6.0 : 70.0);
    free(d);
    return m;
}

/* The spread of independent noise on a smooth curve. Second differences
 * cancel a line and are the steadier estimate; fourth differences cancel a
 * cubic. Where the fourth read less than half what the second do, the bend
 * of the curve, not noise, sets the second: an evaluation loss that falls
 * fast, turns and climbs over ten points, all of them curve, would read as
 * noise ten times its own. Fourth differences need ten values for a median
 * of six. NaN below three. */
double md_scatter(const double *x, size_t n)
{
    if (n < 3)
        return NAN;
    double second = difference_spread(x, n, 2);
    if (n < 10)
        return second;
    double fourth = difference_spread(x, n, 4);
    return fourth < 0.5 * second ? fourth : second;
}

/* The median of a sample variance over its expectation, for normal data
 * and dof degrees of freedom: median(chi2(dof)) / dof. Exact to 3, then
 * Wilson and Hilferty's cube (within 0.3% from 4 on). */
static double variance_median_share(double dof)
{
    static const double exact[] = {0, 0.45494, 0.69315, 0.78866};
    if (dof < 4)
        return exact[(int)dof];
    double c = 1 - 2 / (9 * dof);
    return c * c * c;
}

/* Within buckets of several points, the median of their variances, each
 * over the share of the truth its median is: with two points a bucket the
 * median sample deviation is 0.67 of the spread, and noise read so would
 * narrow every band built on it by a third. With one point a bucket, how
 * far the points stray from their curve. */
double md_point_noise(const md_series *s)
{
    size_t nb = s->nbuckets, k = 0;
    double *v = md_xmalloc((nb + 1) * sizeof *v);
    double m;
    if (s->width >= 2) {
        for (size_t i = 0; i < nb; i++)
            if (s->buckets[i].n >= 2) {
                double dof = s->buckets[i].n - 1;
                v[k++] = s->buckets[i].m2 / dof / variance_median_share(dof);
            }
        m = sqrt(md_median(v, k));
    } else {
        for (size_t i = 0; i < nb; i++)
            if (s->buckets[i].n > 0)
                v[k++] = s->buckets[i].sum;
        m = md_scatter(v, k);
    }
    free(v);
    return m;
}

static double level_over(const md_series *s, double share, double *points, bool from_end)
{
    double want = share * (double)s->finite;
    double *v = md_xmalloc((s->nbuckets + 1) * sizeof *v);
    size_t k = 0;
    double got = 0;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[from_end ? s->nbuckets - 1 - i : i];
        if (b->n == 0)
            continue;
        if (k > 0 && got >= want)
            break;
        v[k++] = b->sum / b->n;
        got += b->n;
    }
    double m = md_median(v, k);
    free(v);
    if (points)
        *points = got;
    return m;
}

double md_level_start(const md_series *s, double share, double *points)
{
    return level_over(s, share, points, false);
}

double md_level_end(const md_series *s, double share, double *points)
{
    return level_over(s, share, points, true);
}
