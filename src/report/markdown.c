/* The Markdown report, for a pull-request comment or a wiki page: a
 * summary table, a Mermaid chart of the main curves, then each finding
 * with its evidence, causes, a checklist and fixes. Written for GitHub's
 * renderer: no raw HTML, every table cell escaped. */
#include <math.h>
#include <string.h>

#include "mldiag/report.h"
#include "report/chart_int.h"
#include "report/mdtext_int.h"
#include "report/plain_int.h"

#define CHART_POINTS 60
#define CHART_LINES 2
#define SERIES_LISTED 12

static const char *const palette[CHART_LINES][2] = {{"#1f77b4", "blue"}, {"#ff7f0e", "orange"}};

static const char *icon(md_severity sev)
{
    switch (sev) {
    case MD_SEV_CRITICAL:
        return "🔴";
    case MD_SEV_ERROR:
        return "🟠";
    case MD_SEV_WARNING:
        return "🟡";
    case MD_SEV_INFO:
        break;
    }
    return "🔵";
}

static void esc(md_buf *out, const char *s, bool table)
{
    mdtext_escape(out, s, strlen(s), table);
}

static void code(md_buf *out, const char *s)
{
    mdtext_code(out, s, strlen(s), false);
}

void md_render_code_span(md_buf *out, const char *s, bool table_cell)
{
    mdtext_code(out, s, strlen(s), table_cell);
}

static void put_step(md_buf *out, double step, bool entry)
{
    char b[32];
    md_buf_printf(out, "%s%s", entry ? "entry " : "", md_num_fmt(step, b, sizeof b));
}

static void inputs(const md_store *st, md_buf *out)
{
    for (size_t i = 0; i < md_store_ninputs(st); i++) {
        const md_input *in = md_store_input(st, i);
        md_buf_puts(out, "- **Input:** ");
        code(out, in->path);
        md_buf_printf(out, ": %s, %llu %s, %llu event%s%s\n", md_format_name(in->format),
                      (unsigned long long)in->lines,
                      in->format == MD_FMT_TFEVENTS || in->format == MD_FMT_WANDB ? "records" : "lines",
                      (unsigned long long)in->events, in->events == 1 ? "" : "s",
                      in->cut_short ? " (cut short: the findings cover what was read)" : "");
    }
}

static void header(const md_store *st, md_buf *out)
{
    md_buf_puts(out, "# mldiag report\n\n");
    inputs(st, out);
    const md_series *loss = chart_run_series(st);
    if (loss) {
        char a[32], b[32];
        double from, to;
        chart_step_span(loss, &from, &to);
        md_buf_printf(out, "- **Run:** %s %s..%s (`%s`: %llu point%s",
                      loss->ordinal ? "log entries" : "steps", md_num_fmt(from, a, sizeof a),
                      md_num_fmt(to, b, sizeof b), loss->name,
                      (unsigned long long)loss->count, loss->count == 1 ? "" : "s");
        chart_run_restarts(out, loss);
        md_buf_puts(out, ")\n");
    }
    size_t n = md_store_nseries(st);
    if (n) {
        md_buf_printf(out, "- **Series (%zu):** ", n);
        for (size_t i = 0; i < n && i < SERIES_LISTED; i++) {
            md_buf_puts(out, i ? ", " : "");
            code(out, md_store_series(st, i)->name);
        }
        if (n > SERIES_LISTED)
            md_buf_printf(out, " and %zu more", n - SERIES_LISTED);
        md_buf_putc(out, '\n');
        if (!md_store_has_loss(st))
            md_buf_puts(out, "- **" PLAIN_NO_LOSS ".**\n");
    } else {
        md_buf_puts(out, "- **" PLAIN_NO_SERIES ".**\n");
    }
    md_buf_putc(out, '\n');
}

static void summary_row(md_buf *out, size_t i, const md_finding *x)
{
    md_buf_printf(out, "| %zu | %s %s | ", i + 1, icon(x->severity), md_severity_name(x->severity));
    esc(out, x->title, true);
    md_buf_puts(out, " (");
    code(out, x->id);
    md_buf_puts(out, ") | ");
    if (isnan(x->step))
        md_buf_puts(out, "–");
    else
        put_step(out, x->step, x->ordinal_step);
    md_buf_puts(out, " | ");
    if (x->ncauses) {
        esc(out, x->causes[0].text, true);
        md_buf_printf(out, " (%.0f%%)", x->causes[0].share * 100);
    } else {
        md_buf_puts(out, "–");
    }
    md_buf_puts(out, " |\n");
}

static void summary(const md_findings *f, md_buf *out)
{
    md_buf_puts(out, "## Summary\n\n| # | Severity | Finding | Step | Top cause |\n"
                     "|--:|:--|:--|--:|:--|\n");
    for (size_t i = 0; i < f->n; i++)
        summary_row(out, i, &f->v[i]);
    md_buf_printf(out, "\n**%zu finding%s:** ", f->n, f->n == 1 ? "" : "s");
    plain_severity_counts(out, f, "");
    md_buf_puts(out, ".\n\n");
}

/* The chart's step range: where its series have points. */
static void chart_range(const md_series **ss, size_t n, double *lo, double *hi)
{
    chart_step_range(ss, n, lo, hi);
}

static void chart_line(md_buf *out, const md_series *s, double lo, double hi, size_t npts)
{
    double vals[CHART_POINTS];
    chart_grid(s, lo, hi, npts, vals);
    md_buf_puts(out, "    line [");
    for (size_t i = 0; i < npts; i++) {
        md_buf_puts(out, i ? ", " : "");
        chart_plain_num(out, vals[i]);
    }
    md_buf_puts(out, "]\n");
}

static void legend(md_buf *out, const md_series **ss, size_t n)
{
    char a[32], b[32];
    md_buf_puts(out, "Lines: ");
    for (size_t i = 0; i < n; i++) {
        const md_series *s = ss[i];
        md_buf_printf(out, "%s**%s** (%s; %s %s..%s", i ? "; " : "", s->name, palette[i][1],
                      s->ordinal ? "log entries" : "steps",
                      md_num_fmt((double)s->first_step, a, sizeof a),
                      md_num_fmt((double)s->last_step, b, sizeof b));
        if (s->first_nonfinite_step >= 0)
            md_buf_printf(out, "; nan/inf from %s on, not drawn",
                          md_num_fmt((double)s->first_nonfinite_step, a, sizeof a));
        md_buf_putc(out, ')');
    }
    md_buf_puts(out, ". Means over buckets of steps; flat where a line has no points.\n");
}

/* The findings whose steps fall on the chart, called out under it. */
static void chart_marks(md_buf *out, const md_findings *f, const md_series *s, double lo, double hi)
{
    bool any = false;
    for (size_t i = 0; i < f->n; i++) {
        const md_finding *x = &f->v[i];
        if (!chart_step_comparable(x, s) || x->step < lo || x->step > hi)
            continue;
        md_buf_puts(out, any ? "\n" : "\nMarked steps:\n\n");
        md_buf_printf(out, "- **step ");
        put_step(out, x->step, false);
        md_buf_printf(out, "**: finding %zu, %s %s ", i + 1, icon(x->severity),
                      md_severity_name(x->severity));
        code(out, x->id);
        md_buf_puts(out, ": ");
        esc(out, x->title, false);
        any = true;
    }
    if (any)
        md_buf_putc(out, '\n');
}

static void chart(const md_store *st, const md_findings *f, md_buf *out)
{
    const md_series *ss[CHART_LINES];
    size_t n = chart_main(st, ss, CHART_LINES);
    if (!n)
        return;
    double lo, hi;
    chart_range(ss, n, &lo, &hi);
    size_t npts = hi - lo + 1 < CHART_POINTS ? (size_t)(hi - lo + 1) : CHART_POINTS;
    for (size_t i = 0, most = 0; i < n; i++) {
        most = ss[i]->nbuckets > most ? ss[i]->nbuckets : most;
        npts = i + 1 == n && most < npts ? most : npts;
    }
    if (npts < 2) {
        npts = 2;
        hi = lo + 1;
    }
    md_buf_puts(out, "## Curves\n\n```mermaid\n%%{init: {\"themeVariables\": {\"xyChart\": "
                     "{\"plotColorPalette\": \"");
    for (size_t i = 0; i < n; i++)
        md_buf_printf(out, "%s%s", i ? ", " : "", palette[i][0]);
    md_buf_printf(out, "\"}}}}%%%%\nxychart-beta\n    title \"%s%s%s by %s\"\n", ss[0]->name,
                  n > 1 ? " and " : "", n > 1 ? ss[1]->name : "", ss[0]->ordinal ? "log entry" : "step");
    md_buf_printf(out, "    x-axis \"%s\" %.0f --> %.0f\n", ss[0]->ordinal ? "log entry" : "step", lo, hi);
    md_buf_printf(out, "    y-axis \"%s\"\n", n > 1 ? "loss" : ss[0]->name);
    for (size_t i = 0; i < n; i++)
        chart_line(out, ss[i], lo, hi, npts);
    md_buf_puts(out, "```\n\n");
    legend(out, ss, n);
    chart_marks(out, f, ss[0], lo, hi);
    md_buf_putc(out, '\n');
}

/* A fix: inline with code spans, or a fenced block for commands. */
static void fix(md_buf *out, const char *text, int indent)
{
    md_buf_printf(out, "%*s- Fix:", indent, "");
    if (mdtext_is_block(text)) {
        md_buf_puts(out, "\n\n");
        mdtext_fence(out, text, indent + 2);
        md_buf_putc(out, '\n');
        return;
    }
    md_buf_putc(out, ' ');
    mdtext_inline(out, text);
    md_buf_putc(out, '\n');
}

static void causes(md_buf *out, const md_finding *x)
{
    if (!x->ncauses)
        return;
    md_buf_puts(out, "**Likely causes**, most likely first:\n\n");
    for (size_t i = 0; i < x->ncauses; i++) {
        const md_cause *c = &x->causes[i];
        size_t mark = out->n;
        md_buf_printf(out, "%zu. ", i + 1);
        int indent = (int)(out->n - mark);
        md_buf_printf(out, "**%.0f%%** ", c->share * 100);
        mdtext_inline(out, c->text);
        md_buf_putc(out, '\n');
        for (size_t k = 0; k < c->checks.n; k++) {
            md_buf_printf(out, "%*s- [ ] ", indent, "");
            mdtext_inline(out, c->checks.v[k]);
            md_buf_putc(out, '\n');
        }
        for (size_t k = 0; k < c->fixes.n; k++)
            fix(out, c->fixes.v[k], indent);
    }
    md_buf_putc(out, '\n');
}

static void meta(const md_store *st, md_buf *out, const md_finding *x)
{
    code(out, x->id);
    if (!isnan(x->step)) {
        md_buf_printf(out, " · %s ", x->ordinal_step ? "log entry" : "step");
        put_step(out, x->step, false);
    }
    md_buf_printf(out, " · confidence %.0f%%", x->confidence * 100);
    for (size_t i = 0; i < x->tags.n; i++) {
        md_buf_puts(out, i ? ", " : " · tags: ");
        esc(out, x->tags.v[i], false);
    }
    if (!isnan(x->line) && x->input >= 0 && (size_t)x->input < md_store_ninputs(st)) {
        md_buf_puts(out, " · ");
        code(out, md_store_input(st, (size_t)x->input)->path);
        md_buf_printf(out, " line %.0f", x->line);
    }
    if (x->severity != x->declared)
        md_buf_printf(out, " · declared %s", md_severity_name(x->declared));
    md_buf_puts(out, "\n\n");
}

static void finding(const md_store *st, md_buf *out, size_t i, const md_finding *x)
{
    md_buf_printf(out, "### %zu. %s %s: ", i + 1, icon(x->severity), md_severity_name(x->severity));
    esc(out, x->title, false);
    md_buf_puts(out, "\n\n");
    meta(st, out, x);
    if (x->symptom) {
        md_buf_puts(out, "> ");
        esc(out, x->symptom, true);
        md_buf_puts(out, "\n\n");
    }
    if (x->benign) {
        md_buf_puts(out, "**Probably harmless:** ");
        mdtext_inline(out, x->benign);
        md_buf_puts(out, "\n\n");
    }
    if (x->evidence.n) {
        md_buf_puts(out, "**Evidence**\n\n");
        for (size_t k = 0; k < x->evidence.n; k++) {
            md_buf_puts(out, "- ");
            mdtext_inline(out, x->evidence.v[k]);
            md_buf_putc(out, '\n');
        }
        md_buf_putc(out, '\n');
    }
    causes(out, x);
}

/* What was checked, so that "no problems" is an answer with figures. */
static void all_clear(const md_store *st, const md_findings *f, bool gate_failed, md_buf *out)
{
    md_buf_printf(out, "## %s\n\n%zu rule%s checked against:\n\n", gate_failed ? "No findings" : "No problems found",
                  f->evaluated, f->evaluated == 1 ? "" : "s");
    bool all = plain_checks_all(st);
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        if (!plain_checked(st, s, all))
            continue;
        char a[32], b[32], c[32];
        md_buf_puts(out, "- ");
        code(out, s->name);
        md_buf_printf(out, ": %llu point%s, %s → %s (min %s)\n", (unsigned long long)s->count, s->count == 1 ? "" : "s",
                      md_num_fmt(s->first, a, sizeof a), md_num_fmt(s->last, b, sizeof b),
                      md_num_fmt(s->min, c, sizeof c));
    }
    if (md_store_nevents(st))
        md_buf_printf(out, "- %zu kind%s of log event\n", md_store_nevents(st),
                      md_store_nevents(st) == 1 ? "" : "s");
    md_buf_putc(out, '\n');
}

static void not_evaluated(const md_findings *f, const md_report_opts *o, md_buf *out)
{
    if (!f->nskipped && !f->nsuppressed)
        return;
    md_buf_printf(out, "## Rules not reported\n\n%zu rule%s could not be evaluated (the series or "
                       "events they need are missing)",
                  f->nskipped, f->nskipped == 1 ? "" : "s");
    if (f->nsuppressed)
        md_buf_printf(out, "; %zu fired but %s explained by another finding", f->nsuppressed,
                      f->nsuppressed == 1 ? "is" : "are");
    md_buf_puts(out, o && o->verbose ? ":\n\n" : ". Run with `-v` to list them.\n");
    for (size_t i = 0; o && o->verbose && i < f->nskipped; i++) {
        md_buf_puts(out, "- ");
        code(out, f->skipped[i].id);
        md_buf_puts(out, ": ");
        esc(out, f->skipped[i].reason, false);
        md_buf_putc(out, '\n');
    }
    for (size_t i = 0; o && o->verbose && i < f->nsuppressed; i++) {
        md_buf_puts(out, "- ");
        code(out, f->suppressed[i]);
        md_buf_puts(out, ": fired, but explained by another finding\n");
    }
}

/* check's --expect and --baseline that failed, each with why. */
static bool failed_gates(const md_gate *gates, size_t ngates, md_buf *out)
{
    size_t failed = 0;
    for (size_t i = 0; i < ngates; i++) {
        if (gates[i].passed)
            continue;
        if (!failed++)
            md_buf_puts(out, "## Failed checks\n\n");
        md_buf_puts(out, gates[i].kind == MD_GATE_EXPECT ? "- expectation " : "- baseline ");
        code(out, gates[i].name);
        md_buf_puts(out, ": ");
        esc(out, gates[i].why ? gates[i].why : "failed", false);
        md_buf_putc(out, '\n');
    }
    if (failed)
        md_buf_putc(out, '\n');
    return failed > 0;
}

void md_render_markdown_gated(const md_store *st, const md_findings *f, const md_report_opts *o,
                              const md_gate *gates, size_t ngates, md_buf *out)
{
    header(st, out);
    bool gate_failed = failed_gates(gates, ngates, out);
    if (f->n)
        summary(f, out);
    chart(st, f, out);
    if (!f->n)
        all_clear(st, f, gate_failed, out);
    else
        md_buf_puts(out, "## Findings\n\n");
    for (size_t i = 0; i < f->n; i++)
        finding(st, out, i, &f->v[i]);
    not_evaluated(f, o, out);
    while (out->n >= 2 && out->p[out->n - 1] == '\n' && out->p[out->n - 2] == '\n')
        out->p[--out->n] = '\0';
}

void md_render_markdown(const md_store *st, const md_findings *f, const md_report_opts *o, md_buf *out)
{
    md_render_markdown_gated(st, f, o, NULL, 0, out);
}
