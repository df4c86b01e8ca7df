/* Chart data from the store's buckets: columns for sparklines and plots,
 * an even step grid for charts whose lines share one x axis. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/catalog.h"
#include "report/chart_int.h"

const char *const chart_spark_names[] = {"loss",          "val_loss",       "grad_norm", "lr",
                                         "reward_margin", "reward_accuracy"};
const size_t chart_nspark_names = MD_COUNT(chart_spark_names);

static void merge(chart_col *c, const md_bucket *b)
{
    if (b->lo_step < c->lo_step)
        c->lo_step = b->lo_step;
    if (b->hi_step > c->hi_step)
        c->hi_step = b->hi_step;
    if (b->n) {
        c->min = c->n && c->min < b->min ? c->min : b->min;
        c->max = c->n && c->max > b->max ? c->max : b->max;
    }
    c->n += b->n;
    c->nonfinite += b->nonfinite;
    c->sum += b->sum;
}

size_t chart_columns(const md_series *s, chart_col *cols, size_t max)
{
    size_t nb = s->nbuckets;
    size_t n = nb < max ? nb : max;
    for (size_t c = 0; c < n; c++) {
        size_t from = c * nb / n, to = (c + 1) * nb / n;
        chart_col *col = &cols[c];
        memset(col, 0, sizeof *col);
        col->lo_step = s->buckets[from].lo_step;
        col->hi_step = s->buckets[from].hi_step;
        for (size_t k = from; k < to; k++)
            merge(col, &s->buckets[k]);
    }
    return n;
}

double chart_mean(const chart_col *c)
{
    if (!c->n)
        return NAN;
    /* The sum of n equal values divided by n can miss the value by an ulp,
     * which a chart scaled to the cells' spread would show as a step. */
    double mean = c->sum / (double)c->n;
    return mean < c->min ? c->min : mean > c->max ? c->max : mean;
}

long chart_column_of(const chart_col *cols, size_t n, double step)
{
    if (!n || isnan(step) || step < (double)cols[0].lo_step || step > (double)cols[n - 1].hi_step)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (step <= (double)cols[i].hi_step) {
            if (step >= (double)cols[i].lo_step || i == 0)
                return (long)i;
            /* Between two columns: the nearer one. */
            double gap_prev = step - (double)cols[i - 1].hi_step;
            double gap_next = (double)cols[i].lo_step - step;
            return gap_prev < gap_next ? (long)i - 1 : (long)i;
        }
    }
    return (long)n - 1;
}

static bool drawable(const md_series *s)
{
    return s && s->finite > 0 && s->nbuckets > 0;
}

size_t chart_main(const md_store *st, const md_series **out, size_t max)
{
    size_t n = 0;
    const md_series *loss = md_store_find(st, "loss");
    const md_series *val = md_store_find(st, "val_loss");
    if (drawable(loss) && n < max)
        out[n++] = loss;
    if (drawable(val) && n < max && (!n || out[0]->ordinal == val->ordinal))
        out[n++] = val;
    for (size_t i = 2; i < chart_nspark_names && !n && max; i++) {
        const md_series *s = md_store_find(st, chart_spark_names[i]);
        if (drawable(s))
            out[n++] = s;
    }
    for (size_t i = 0; i < md_store_nseries(st) && !n && max; i++) {
        const md_series *s = md_store_series(st, i);
        if (drawable(s) && s->finite > 1)
            out[n++] = s;
    }
    return n;
}

void chart_cells(const md_series *s, double lo, double hi, size_t n, chart_col *cells)
{
    memset(cells, 0, n * sizeof *cells);
    double h = n > 1 && hi > lo ? (hi - lo) / (double)(n - 1) : 1;
    for (size_t k = 0; k < s->nbuckets; k++) {
        const md_bucket *b = &s->buckets[k];
        double mid = ((double)b->lo_step + (double)b->hi_step) / 2;
        double cell = floor((mid - lo) / h + 0.5);
        size_t i = cell < 0 ? 0 : cell >= (double)n ? n - 1 : (size_t)cell;
        if (!cells[i].n && !cells[i].nonfinite) {
            cells[i].lo_step = b->lo_step;
            cells[i].hi_step = b->hi_step;
        }
        merge(&cells[i], b);
    }
}

/* Cells without finite points: linear between the nearest cells with
 * some, flat at the ends. */
void chart_fill(const chart_col *cells, size_t n, double *vals)
{
    long prev = -1;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && !cells[i].n)
            continue;
        double here = i < n ? chart_mean(&cells[i]) : NAN;
        for (size_t k = (size_t)(prev + 1); k < i; k++) {
            if (prev < 0)
                vals[k] = here;
            else if (i == n)
                vals[k] = vals[prev];
            else
                vals[k] = vals[prev] +
                          (here - vals[prev]) * (double)(k - (size_t)prev) / (double)(i - (size_t)prev);
        }
        if (i < n)
            vals[i] = here;
        prev = (long)i;
    }
}

bool chart_grid(const md_series *s, double lo, double hi, size_t n, double *vals)
{
    if (!drawable(s) || n == 0)
        return false;
    chart_col *cells = md_xcalloc(n, sizeof *cells);
    chart_cells(s, lo, hi, n, cells);
    chart_fill(cells, n, vals);
    free(cells);
    return true;
}

const md_series *chart_run_series(const md_store *st)
{
    const md_series *best = md_store_find(st, "loss");
    if (best && best->count)
        return best;
    best = md_store_find(st, "val_loss");
    if (best && best->count)
        return best;
    best = md_store_find(st, "reward"); /* a reinforcement-learning run's */
    if (best && best->count)
        return best;
    best = NULL;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        if (s->count > 1 && (!best || s->count > best->count))
            best = s;
    }
    return best;
}

void chart_step_span(const md_series *s, double *from, double *to)
{
    *from = (double)s->first_step;
    *to = (double)s->last_step;
    for (size_t i = 0; s->restarts && i < s->nbuckets; i++) {
        if ((double)s->buckets[i].lo_step < *from)
            *from = (double)s->buckets[i].lo_step;
        if ((double)s->buckets[i].hi_step > *to)
            *to = (double)s->buckets[i].hi_step;
    }
}

void chart_run_restarts(md_buf *out, const md_series *s)
{
    if (s->runs > 1)
        md_buf_printf(out, "; the last of %llu runs in one log, judged alone: the %llu points before it are not",
                      (unsigned long long)s->runs, (unsigned long long)s->earlier_points);
    if (s->fresh_starts)
        md_buf_printf(out, "; the steps start over %llu time%s: several runs in one log",
                      (unsigned long long)s->fresh_starts, s->fresh_starts == 1 ? "" : "s");
    else if (s->restarts)
        md_buf_printf(out, "; the steps go back %llu time%s: a run resumed from a checkpoint",
                      (unsigned long long)s->restarts, s->restarts == 1 ? "" : "s");
}

bool chart_step_comparable(const md_finding *f, const md_series *s)
{
    return !isnan(f->step) && f->ordinal_step == s->ordinal;
}

void chart_plain_num(md_buf *out, double v)
{
    if (!isfinite(v) || fabs(v) < 1e-15) {
        md_buf_putc(out, '0');
        return;
    }
    if (fabs(v) > 1e30)
        v = v < 0 ? -1e30 : 1e30;
    int dec = 3 - (int)floor(log10(fabs(v)));
    dec = dec < 0 ? 0 : dec > 15 ? 15 : dec;
    size_t start = out->n;
    md_buf_printf(out, "%.*f", dec, v);
    if (dec > 0) {
        while (out->p[out->n - 1] == '0')
            out->n--;
        if (out->p[out->n - 1] == '.')
            out->n--;
        out->p[out->n] = '\0';
    }
    if (strcmp(out->p + start, "-0") == 0) {
        out->n = start;
        md_buf_putc(out, '0');
    }
}

void chart_step_range(const md_series *const *ss, size_t n, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        for (size_t b = 0; b < ss[i]->nbuckets; b++) {
            const md_bucket *k = &ss[i]->buckets[b];
            *lo = (double)k->lo_step < *lo ? (double)k->lo_step : *lo;
            *hi = (double)k->hi_step > *hi ? (double)k->hi_step : *hi;
        }
    }
    if (*lo > *hi)
        *lo = *hi = 0;
}
