/* The terminal report's curves: one sparkline per main series, built from
 * the store's buckets, with the top finding's step marked under it. */
#include <math.h>
#include <string.h>

#include "mldiag/report.h"
#include "report/chart_int.h"
#include "report/text_int.h"

#define SPARK_COLS 40
#define SPARK_MIN_COLS 16

static const char *const blocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};

const char *text_severity_colour(md_severity sev)
{
    switch (sev) {
    case MD_SEV_CRITICAL:
        return "\x1b[1;31m";
    case MD_SEV_ERROR:
        return "\x1b[31m";
    case MD_SEV_WARNING:
        return "\x1b[33m";
    case MD_SEV_INFO:
        break;
    }
    return "\x1b[36m";
}

/* The step axis every sparkline shares, so that columns line up. */
typedef struct axis {
    double lo, hi, h; /* first and last cell centres, cell width */
    size_t n;         /* cells */
    int lead;         /* columns before the first cell */
    bool ordinal;
} axis;

static int display_width(const char *s)
{
    int w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xc0) != 0x80;
    return w;
}

static void pad(md_buf *out, int n)
{
    for (int i = 0; i < n; i++)
        md_buf_putc(out, ' ');
}

/* "first 3.5\tmin 0.9\tlast nan\t(! nan/inf from 200)": items split by
 * tabs, laid out by put_figures. */
static void figures(md_buf *fig, const md_series *s)
{
    char a[32], b[32], c[32];
    if (!s->finite)
        md_buf_puts(fig, "no finite value");
    else
        md_buf_printf(fig, "first %s\tmin %s\tlast %s", md_num_fmt(s->first, a, sizeof a),
                      md_num_fmt(s->min, b, sizeof b),
                      md_num_fmt(isfinite(s->last_raw) ? s->last : s->last_raw, c, sizeof c));
    if (s->first_nonfinite_step >= 0)
        md_buf_printf(fig, "\t(! nan/inf from %s)", md_num_fmt((double)s->first_nonfinite_step, a, sizeof a));
}

/* The items two spaces apart, from column col on, starting a new line at
 * lead when the next would pass the width. */
static void put_figures(md_buf *out, const char *fig, int col, int lead, int width)
{
    bool first = true;
    while (*fig) {
        size_t n = strcspn(fig, "\t");
        md_buf item = {0};
        md_buf_put(&item, fig, n);
        int w = display_width(item.p);
        if (!first && col + 2 + w > width) {
            md_buf_putc(out, '\n');
            pad(out, lead);
            col = lead;
        } else if (!first) {
            md_buf_puts(out, "  ");
            col += 2;
        }
        md_buf_puts(out, item.p);
        col += w;
        first = false;
        md_buf_free(&item);
        fig += n + (fig[n] == '\t');
    }
    md_buf_putc(out, '\n');
}

/* Columns of the first three figures (first, min, last) side by side:
 * what must fit after the sparkline; the nan/inf note may wrap. */
static int core_width(const char *fig)
{
    int w = 0, items = 0;
    for (; *fig && items < 3; items++) {
        size_t n = strcspn(fig, "\t");
        md_buf item = {0};
        md_buf_put(&item, fig, n);
        w += display_width(item.p) + (items ? 2 : 0);
        md_buf_free(&item);
        fig += n + (fig[n] == '\t');
    }
    return w;
}

/* The glyph of cell i: a block scaled between lo and hi, '!' where the
 * cell holds a nan or inf, blank outside the series' span [from, to]. */
static const char *glyph(const axis *ax, const chart_col *cell, double v, double lo, double hi, double from,
                         double to, size_t i)
{
    double centre = ax->lo + ax->h * (double)i;
    if (centre + ax->h / 2 < from || centre - ax->h / 2 > to)
        return " ";
    if (cell->nonfinite)
        return "!";
    if (isnan(v))
        return " ";
    return blocks[hi > lo ? (int)lround((v - lo) / (hi - lo) * 7) : 3];
}

/* A cell no bucket fell in, between cells holding only nan/inf (or after
 * the last of them), is nan/inf too: the run was already broken there. */
static void mark_gaps(chart_col *cells, size_t n)
{
    long prev = -1;
    for (size_t i = 0; i < n; i++) {
        if (!cells[i].n && !cells[i].nonfinite)
            continue;
        bool broken = !cells[i].n;
        for (size_t k = (size_t)(prev + 1); prev >= 0 && k < i; k++)
            cells[k].nonfinite = broken && !cells[prev].n;
        prev = (long)i;
    }
    for (size_t k = (size_t)(prev + 1); prev >= 0 && k < n; k++)
        cells[k].nonfinite = !cells[prev].n;
}

/* Evenly spaced points leave about n / points - 1 empty cells between
 * two; a run of empty cells three times that, and 3 at least, is a gap
 * in the log (lines cut out of a paste, a long stretch not logged), left
 * blank: drawn as a slope across, it shows a trend no point shows. */
static void blank_gaps(const chart_col *cells, size_t n, uint64_t points, double *vals)
{
    double spacing = points ? (double)n / (double)points : (double)n;
    long prev = -1;
    for (size_t i = 0; i < n; i++) {
        if (!cells[i].n && !cells[i].nonfinite)
            continue;
        size_t run = prev < 0 ? 0 : i - (size_t)prev - 1;
        if (run >= 3 && (double)run >= 3 * spacing)
            for (size_t k = (size_t)prev + 1; k < i; k++)
                vals[k] = NAN;
        prev = (long)i;
    }
}

static void spark_line(md_buf *out, const md_series *s, const axis *ax, long mark, md_severity sev,
                       const md_report_opts *o)
{
    chart_col cells[SPARK_COLS];
    double vals[SPARK_COLS], lo = INFINITY, hi = -INFINITY;
    chart_cells(s, ax->lo, ax->hi, ax->n, cells);
    chart_fill(cells, ax->n, vals);
    blank_gaps(cells, ax->n, s->count, vals);
    for (size_t i = 0; i < ax->n; i++) {
        lo = vals[i] < lo ? vals[i] : lo;
        hi = vals[i] > hi ? vals[i] : hi;
    }
    /* A swing below the resolution of the figures printed beside the line
     * (four digits: a loss at 8.0066 +- 0.0002) is drawn flat, not across
     * the whole height. */
    double least = 1e-3 * fmax(fabs(lo), fabs(hi));
    if (lo <= hi && hi - lo < least) {
        double mid = lo / 2 + hi / 2; /* drawn as a constant is, "▄" */
        lo = mid - least * 3 / 7;
        hi = mid + least * 4 / 7;
    }
    mark_gaps(cells, ax->n);
    double from, to;
    chart_step_span(s, &from, &to);
    for (size_t i = 0; i < ax->n; i++) {
        const char *g = glyph(ax, &cells[i], vals[i], lo, hi, from, to, i);
        const char *code = (long)i == mark ? text_severity_colour(sev) : *g == '!' ? "\x1b[31m" : NULL;
        if (o->color && code)
            md_buf_puts(out, code);
        md_buf_puts(out, g);
        if (o->color && code)
            md_buf_puts(out, "\x1b[0m");
    }
}

/* "step 401 ... 12030" under the cells. */
static void axis_line(md_buf *out, const axis *ax, int namew)
{
    char a[32], b[32];
    md_num_fmt(ax->lo, a, sizeof a);
    md_num_fmt(ax->hi, b, sizeof b);
    md_buf_printf(out, "  %s", ax->ordinal ? "entry" : "step");
    pad(out, namew - 5 + !ax->ordinal);
    int gap = (int)ax->n - display_width(a) - display_width(b);
    if (gap >= 1) {
        md_buf_puts(out, a);
        pad(out, gap);
        md_buf_printf(out, "%s\n", b);
    } else {
        md_buf_printf(out, "%s..%s\n", a, b);
    }
}

/* "^ step 500: finding 1 (nan_loss)" under the finding's cell, the label
 * left of the caret when it would pass the width. */
static void caret_line(md_buf *out, const axis *ax, long mark, const md_finding *f,
                       const md_report_opts *o)
{
    char b[32];
    md_buf label = {0};
    md_buf_printf(&label, "%s %s: finding 1 (%s)", f->ordinal_step ? "log entry" : "step",
                  md_num_fmt(f->step, b, sizeof b), f->id);
    int at = ax->lead + (int)mark;
    int w = display_width(md_buf_cstr(&label));
    if (at + 2 + w > o->width && at - 1 - w < 0) {
        md_buf_reset(&label);
        md_buf_printf(&label, "%s", md_num_fmt(f->step, b, sizeof b));
        w = display_width(label.p);
    }
    bool left = at + 2 + w > o->width && at - 1 - w >= 0;
    pad(out, left ? at - 1 - w : at);
    if (o->color)
        md_buf_puts(out, text_severity_colour(f->severity));
    md_buf_printf(out, left ? "%s ^" : "^ %s", label.p);
    if (o->color)
        md_buf_puts(out, "\x1b[0m");
    md_buf_putc(out, '\n');
    md_buf_free(&label);
}

/* The cell of the top finding's step, or -1. */
static long mark_of(const axis *ax, const md_findings *f)
{
    if (!f->n || isnan(f->v[0].step) || f->v[0].ordinal_step != ax->ordinal)
        return -1;
    double cell = floor((f->v[0].step - ax->lo) / ax->h + 0.5);
    return cell < 0 || cell >= (double)ax->n ? -1 : (long)cell;
}

#define SPARK_ROWS 8

/* Adds the series called name unless it is missing, empty, already shown,
 * or on another kind of step axis than the first. */
static void show(const md_store *st, const char *name, const md_series **ss, size_t *n, axis *ax)
{
    const md_series *s = md_store_find(st, name);
    if (*n == SPARK_ROWS || !s || !s->nbuckets || (*n && s->ordinal != ss[0]->ordinal))
        return;
    for (size_t i = 0; i < *n; i++)
        if (ss[i] == s)
            return;
    double lo, hi;
    chart_step_range(&s, 1, &lo, &hi);
    ax->lo = *n && ax->lo < lo ? ax->lo : lo;
    ax->hi = *n && ax->hi > hi ? ax->hi : hi;
    ss[(*n)++] = s;
}

/* The series shown: the main ones present, then the series the findings
 * at warning and above are about (memory for a leak, the reward for a
 * collapse), on the first one's kind of step axis. */
static size_t shown_series(const md_store *st, const md_findings *f, const md_series **ss, axis *ax)
{
    size_t n = 0;
    for (size_t i = 0; i < chart_nspark_names; i++)
        show(st, chart_spark_names[i], ss, &n, ax);
    for (size_t i = 0; i < f->n; i++)
        if (f->v[i].subject && f->v[i].severity >= MD_SEV_WARNING)
            show(st, f->v[i].subject, ss, &n, ax);
    ax->ordinal = n && ss[0]->ordinal;
    return n;
}

/* Columns beyond the most buckets a series has would only repeat them. */
static size_t most_buckets(const md_series **ss, size_t n)
{
    size_t most = 1;
    for (size_t i = 0; i < n; i++)
        most = ss[i]->nbuckets > most ? ss[i]->nbuckets : most;
    return most;
}

void text_sparklines(const md_store *st, const md_findings *f, const md_report_opts *o, md_buf *out)
{
    const md_series *ss[SPARK_ROWS];
    axis ax = {0};
    size_t n = shown_series(st, f, ss, &ax);
    if (!n)
        return;
    md_buf fig[SPARK_ROWS] = {{0}};
    int namew = 7, figw = 0;
    for (size_t i = 0; i < n; i++) {
        figures(&fig[i], ss[i]);
        namew = display_width(ss[i]->name) + 2 > namew ? display_width(ss[i]->name) + 2 : namew;
        int w = core_width(fig[i].p);
        figw = w > figw ? w : figw;
    }
    int room = o->width - 2 - namew - 2 - figw;
    bool inline_fig = room >= SPARK_MIN_COLS;
    int cols = inline_fig ? room : o->width - 2 - namew;
    cols = cols > SPARK_COLS ? SPARK_COLS : cols < SPARK_MIN_COLS ? SPARK_MIN_COLS : cols;
    double span = ax.hi - ax.lo + 1;
    ax.n = span < cols ? (size_t)span : (size_t)cols;
    ax.n = ax.n < most_buckets(ss, n) ? ax.n : most_buckets(ss, n);
    ax.h = ax.n > 1 ? (ax.hi - ax.lo) / (double)(ax.n - 1) : 1;
    ax.lead = 2 + namew;
    long mark = mark_of(&ax, f);
    for (size_t i = 0; i < n; i++) {
        md_buf_printf(out, "  %s", ss[i]->name);
        pad(out, namew - display_width(ss[i]->name));
        spark_line(out, ss[i], &ax, mark, f->n ? f->v[0].severity : MD_SEV_INFO, o);
        if (inline_fig) {
            md_buf_puts(out, "  ");
            int col = ax.lead + (int)ax.n + 2;
            put_figures(out, fig[i].p, col, col, o->width);
        } else {
            md_buf_putc(out, '\n');
            pad(out, ax.lead);
            put_figures(out, fig[i].p, ax.lead, ax.lead, o->width);
        }
        md_buf_free(&fig[i]);
    }
    axis_line(out, &ax, namew);
    if (mark >= 0)
        caret_line(out, &ax, mark, &f->v[0], o);
    md_buf_putc(out, '\n');
}
