/* The SVG plot: the main curves as panels over one step axis, each with
 * its own y axis, the buckets' min..max band and mean line, and the
 * findings' steps as dashed lines. Hand-written SVG 1.1, no scripts, no
 * external resources, the same bytes for the same input. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "mldiag/report.h"
#include "report/chart_int.h"
#include "report/xml_int.h"

#define PANELS 2
#define COLS 200
#define W 800.0
#define LEFT 72.0
#define RIGHT 24.0
#define TOP 48.0
#define PANEL_H 150.0
#define GAP 34.0
#define BOTTOM 44.0

static const char *const colours[PANELS] = {"#1f77b4", "#ff7f0e"};

typedef struct frame {
    double lo, hi;      /* steps */
    double ylo, yhi;    /* values of the current panel */
    double top;         /* of the current panel */
    double height;      /* of the whole image */
    size_t npanels;
} frame;

static double px(const frame *fr, double step)
{
    return LEFT + (step - fr->lo) / (fr->hi - fr->lo) * (W - LEFT - RIGHT);
}

/* Values past ±1e300 are drawn at it: the span between ±1e308 would
 * overflow to inf and every coordinate to nan. */
#define Y_LIMIT 1e300

static double py(const frame *fr, double v)
{
    v = v < fr->ylo ? fr->ylo : v > fr->yhi ? fr->yhi : v;
    return fr->top + PANEL_H - (v - fr->ylo) / (fr->yhi - fr->ylo) * PANEL_H;
}

static double mid_step(const chart_col *c)
{
    return ((double)c->lo_step + (double)c->hi_step) / 2;
}

static const char *sev_colour(md_severity sev)
{
    return sev >= MD_SEV_ERROR ? "#d62728" : sev == MD_SEV_WARNING ? "#b8860b" : "#17becf";
}

static double nice_step(double span, int target)
{
    double raw = span / target;
    double mag = pow(10, floor(log10(raw)));
    double r = raw / mag;
    return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
}

static void text(md_buf *out, double x, double y, const char *anchor, const char *extra, const char *s)
{
    md_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, extra);
    xml_escape(out, s, false);
    md_buf_puts(out, "</text>\n");
}

static void y_range(const chart_col *cols, size_t n, frame *fr)
{
    fr->ylo = INFINITY;
    fr->yhi = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (!cols[i].n)
            continue;
        fr->ylo = cols[i].min < fr->ylo ? cols[i].min : fr->ylo;
        fr->yhi = cols[i].max > fr->yhi ? cols[i].max : fr->yhi;
    }
    fr->ylo = fr->ylo < -Y_LIMIT ? -Y_LIMIT : fr->ylo > Y_LIMIT ? Y_LIMIT : fr->ylo;
    fr->yhi = fr->yhi > Y_LIMIT ? Y_LIMIT : fr->yhi < -Y_LIMIT ? -Y_LIMIT : fr->yhi;
    if (!(fr->yhi > fr->ylo)) {
        /* A tenth of the value, or half a unit where that is no normal
         * number (0, a denormal: the span would be 0). */
        double pad = isfinite(fr->ylo) && fabs(fr->ylo) * 0.1 >= DBL_MIN ? fabs(fr->ylo) * 0.1 : 0.5;
        fr->ylo = isfinite(fr->ylo) ? fr->ylo - pad : 0;
        fr->yhi = fr->ylo + 2 * pad;
    }
}

static void y_axis(md_buf *out, const frame *fr)
{
    char b[32];
    for (int i = 0; i <= 2; i++) {
        double v = fr->ylo + (fr->yhi - fr->ylo) * i / 2;
        double y = py(fr, v);
        md_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
                      LEFT, y, W - RIGHT, y);
        text(out, LEFT - 6, y + 4, "end", "", md_num_fmt(v, b, sizeof b));
    }
    md_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                       "stroke=\"#999\"/>\n",
                  LEFT, fr->top, W - LEFT - RIGHT, PANEL_H);
}

/* The min..max band, one polygon per run of columns with points. */
static void band(md_buf *out, const chart_col *cols, size_t n, const frame *fr, const char *colour)
{
    for (size_t a = 0; a < n;) {
        if (!cols[a].n) {
            a++;
            continue;
        }
        size_t b = a;
        while (b < n && cols[b].n)
            b++;
        md_buf_printf(out, "<polygon fill=\"%s\" fill-opacity=\"0.2\" stroke=\"none\" points=\"", colour);
        for (size_t i = a; i < b; i++)
            md_buf_printf(out, "%.1f,%.1f ", px(fr, mid_step(&cols[i])), py(fr, cols[i].max));
        for (size_t i = b; i-- > a;)
            md_buf_printf(out, "%.1f,%.1f%s", px(fr, mid_step(&cols[i])), py(fr, cols[i].min),
                          i > a ? " " : "");
        md_buf_puts(out, "\"/>\n");
        a = b;
    }
}

static void mean_line(md_buf *out, const chart_col *cols, size_t n, const frame *fr, const char *colour)
{
    md_buf_printf(out, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" d=\"", colour);
    bool pen = false;
    for (size_t i = 0; i < n; i++) {
        if (!cols[i].n) {
            pen = false;
            continue;
        }
        md_buf_printf(out, "%s%.1f %.1f ", pen ? "L" : "M", px(fr, mid_step(&cols[i])),
                      py(fr, chart_mean(&cols[i])));
        pen = true;
    }
    if (out->p[out->n - 1] == ' ')
        out->p[--out->n] = '\0';
    md_buf_puts(out, "\"/>\n");
    for (size_t i = 0; i < n; i++)
        if (cols[i].nonfinite)
            md_buf_printf(out, "<path d=\"M%.1f %.1f l-4 -7 h8 z\" fill=\"#d62728\"><title>nan/inf"
                               "</title></path>\n",
                          px(fr, mid_step(&cols[i])), fr->top + 8);
}

static void panel(md_buf *out, const md_series *s, frame *fr, size_t i)
{
    chart_col cols[COLS];
    size_t n = chart_columns(s, cols, COLS);
    fr->top = TOP + (double)i * (PANEL_H + GAP);
    y_range(cols, n, fr);
    y_axis(out, fr);
    band(out, cols, n, fr, colours[i]);
    mean_line(out, cols, n, fr, colours[i]);
    char a[32], b[32], c[32];
    md_buf label = {0};
    md_buf_printf(&label, "%s: first %s, min %s, last %s", s->name, md_num_fmt(s->first, a, sizeof a),
                  md_num_fmt(s->min, b, sizeof b),
                  md_num_fmt(isfinite(s->last_raw) ? s->last : s->last_raw, c, sizeof c));
    if (s->first_nonfinite_step >= 0)
        md_buf_printf(&label, ", nan/inf from step %s",
                      md_num_fmt((double)s->first_nonfinite_step, a, sizeof a));
    md_buf line = {0};
    md_buf_printf(&line, " font-weight=\"bold\" fill=\"%s\"", colours[i]);
    text(out, LEFT, fr->top - 8, "start", line.p, label.p);
    md_buf_free(&line);
    md_buf_free(&label);
}

static void x_axis(md_buf *out, const frame *fr, bool entries)
{
    char b[32];
    double step = nice_step(fr->hi - fr->lo, 8);
    double base = TOP + (double)fr->npanels * (PANEL_H + GAP) - GAP;
    /* Ticks by their index: past 2^52 a tick's step of 0.1 or 1 adds
     * nothing to a step's double, and t += step would never end. A tick
     * no larger than the one before is the same tick. */
    double first = ceil(fr->lo / step), last = -INFINITY;
    for (int k = 0; k <= 16; k++) {
        double t = (first + k) * step;
        if (t > fr->hi + step * 1e-9)
            break;
        if (t <= last)
            continue;
        last = t;
        double x = px(fr, t);
        md_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>\n",
                      x, base, x, base + 5);
        text(out, x, base + 18, "middle", "", md_num_fmt(t, b, sizeof b));
    }
    text(out, (LEFT + W - RIGHT) / 2, base + 36, "middle", "", entries ? "log entry" : "step");
}

static void marks(md_buf *out, const md_findings *f, const md_series *s, const frame *fr)
{
    double bottom = TOP + (double)fr->npanels * (PANEL_H + GAP) - GAP;
    size_t shown = 0;
    for (size_t i = 0; i < f->n; i++) {
        const md_finding *x = &f->v[i];
        if (!chart_step_comparable(x, s) || x->step < fr->lo || x->step > fr->hi)
            continue;
        double xx = px(fr, x->step);
        const char *colour = sev_colour(x->severity);
        md_buf_printf(out, "<line class=\"finding\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                           "stroke=\"%s\" stroke-dasharray=\"5 4\"/>\n",
                      xx, TOP - 4, xx, bottom, colour);
        char b[32];
        md_buf label = {0}, attrs = {0};
        md_buf_printf(&label, "%zu. %s (step %s)", i + 1, x->id, md_num_fmt(x->step, b, sizeof b));
        md_buf_printf(&attrs, " fill=\"%s\"", colour);
        bool right = xx > W / 2;
        text(out, right ? xx - 4 : xx + 4, 14 + 12 * (double)(shown % 2), right ? "end" : "start",
             attrs.p, label.p);
        md_buf_free(&label);
        md_buf_free(&attrs);
        shown++;
    }
}

void md_render_svg(const md_store *st, const md_findings *f, md_buf *out)
{
    const md_series *ss[PANELS];
    frame fr = {0};
    fr.npanels = chart_main(st, ss, PANELS);
    fr.height = TOP + (double)(fr.npanels ? fr.npanels : 1) * (PANEL_H + GAP) - GAP + BOTTOM;
    md_buf_printf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                       "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
                       "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" "
                       "font-size=\"11\">\n<title>mldiag: training curves</title>\n"
                       "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
                  W, fr.height, W, fr.height);
    if (!fr.npanels) {
        const md_series *loss = md_store_find(st, "loss");
        text(out, W / 2, TOP + PANEL_H / 2, "middle", "",
             loss && loss->count && !loss->finite ? "No curve to plot: every loss value is NaN or Inf"
                                                  : "No curve to plot: no loss or other main series");
        md_buf_puts(out, "</svg>\n");
        return;
    }
    chart_step_range(ss, fr.npanels, &fr.lo, &fr.hi);
    if (fr.hi <= fr.lo)
        fr.hi = fr.lo + 1;
    for (size_t i = 0; i < fr.npanels; i++)
        panel(out, ss[i], &fr, i);
    x_axis(out, &fr, ss[0]->ordinal);
    marks(out, f, ss[0], &fr);
    md_buf_puts(out, "</svg>\n");
}
