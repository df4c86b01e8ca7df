/* icefall's ScaledAdam reports the gradient norms of the last batches
 * from every rank, every 50 batches:
 *
 *   2023-11-01 01:36:43,503 WARNING [optim.py:484] (0/4) Clipping_scale=2.0,
 *   grad-norm quartiles 1.848e+02 2.113e+02 2.296e+02 2.533e+02 3.593e+02,
 *   threshold=4.593e+02, percent-clipped=0.0
 *
 * the minimum, quartiles and maximum of the norms, the clipping threshold
 * (Clipping_scale times the median) and the share of batches it clipped.
 * The median is the run's gradient norm at the step the log reached, the
 * maximum its largest; another rank's line ("(2/4)") says the same of its
 * own batches and is not read. */
#include <math.h>
#include <string.h>

#include "reader/reader_int.h"

#define QUARTILES "grad-norm quartiles "
#define NORMS 5

/* "(r/n) " just before p: the rank r, or -1 without one. */
static long rank_before(const char *line, const char *p)
{
    while (p > line && p[-1] == ' ')
        p--;
    if (p == line || p[-1] != ')')
        return -1;
    const char *close = p - 1, *open = close;
    while (open > line && open[-1] != '(')
        open--;
    if (open == line)
        return -1;
    const char *slash = memchr(open, '/', (size_t)(close - open));
    double r, n;
    if (!slash || md_num_scan(open, slash, &r) != (size_t)(slash - open) ||
        md_num_scan(slash + 1, close, &n) != (size_t)(close - slash - 1) || r < 0 || r >= n)
        return -1;
    return (long)md_count_of(r);
}

/* The number after "name=" in [p, end), or NaN. */
static double named_value(const char *p, const char *end, const char *name)
{
    size_t n = strlen(name);
    const char *at = md_memmem(p, (size_t)(end - p), name, n);
    double v;
    if (!at || md_num_scan(at + n, end, &v) == 0)
        return NAN;
    return v;
}

bool md_icefall_clip_line(md_str line, md_feed *feed, unsigned long lineno)
{
    const char *end = line.p + line.n;
    const char *q = md_memmem(line.p, line.n, QUARTILES, sizeof QUARTILES - 1);
    if (!q)
        return false;
    const char *scale = md_memmem(line.p, (size_t)(q - line.p), "Clipping_scale=", 15);
    if (!scale)
        return false;
    if (rank_before(line.p, scale) > 0)
        return true;
    double norms[NORMS];
    const char *p = q + sizeof QUARTILES - 1;
    for (size_t i = 0; i < NORMS; i++) {
        p = md_skip_blanks(p, end);
        size_t k = md_num_scan(p, end, &norms[i]);
        if (k == 0)
            return false;
        p += k;
    }
    md_feed_record_begin(feed, lineno);
    md_feed_kv(feed, "grad_norm", 9, norms[2], MD_UNIT_NONE, 0, NAN);
    md_feed_kv(feed, "grad_norm_max", 13, norms[4], MD_UNIT_NONE, 0, NAN);
    double clipped = named_value(p, end, "percent-clipped=");
    if (!isnan(clipped))
        md_feed_kv(feed, "grad_clipped_percent", 20, clipped, MD_UNIT_NONE, 0, NAN);
    md_feed_record_end(feed);
    return true;
}
