/* The terminal report: what was read, then the numbered checklist. Words
 * wrap at the width with hanging indents; colour only when asked. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mldiag/report.h"
#include "report/chart_int.h"
#include "report/plain_int.h"
#include "report/text_int.h"

static void colour(md_buf *out, const md_report_opts *o, const char *code)
{
    if (o->color)
        md_buf_puts(out, code);
}

static void put_step(md_buf *out, double step, bool entry)
{
    char b[32];
    md_buf_printf(out, "%s %s", entry ? "log entry" : "step", md_num_fmt(step, b, sizeof b));
}

#define SERIES_LISTED 12

/* "Series (33): loss, val_loss, lr, ... and 21 more", catalog order. */
static void series_list(const md_store *st, md_buf *out, const md_report_opts *o)
{
    size_t n = md_store_nseries(st);
    if (!n) {
        text_wrap(out, PLAIN_NO_SERIES " (-v lists the rules not evaluated).", 0, 2, o->width);
        return;
    }
    md_buf line = {0};
    md_buf_printf(&line, "Series (%zu):", n);
    for (size_t i = 0; i < n && i < SERIES_LISTED; i++)
        md_buf_printf(&line, " %s%s", md_store_series(st, i)->name, i + 1 < n ? "," : "");
    if (n > SERIES_LISTED)
        md_buf_printf(&line, " and %zu more", n - SERIES_LISTED);
    text_wrap(out, md_buf_cstr(&line), 0, 2, o->width);
    md_buf_free(&line);
    if (!md_store_has_loss(st))
        text_wrap(out, PLAIN_NO_LOSS " (-v lists the rules not evaluated).", 0, 2, o->width);
}

static void header(const md_store *st, const md_findings *f, md_buf *out, const md_report_opts *o)
{
    for (size_t i = 0; i < md_store_ninputs(st); i++) {
        const md_input *in = md_store_input(st, i);
        size_t nseries = in->series;
        md_buf line = {0};
        md_buf_printf(&line, "%s: %s, %llu %s, %zu series, %llu event%s", in->path,
                      md_format_name(in->format), (unsigned long long)in->lines,
                      in->format == MD_FMT_TFEVENTS || in->format == MD_FMT_WANDB ? "records" : "lines", nseries,
                      (unsigned long long)in->events, in->events == 1 ? "" : "s");
        if (in->cut_short)
            md_buf_puts(&line, " (input cut short: the findings cover what was read)");
        text_wrap(out, md_buf_cstr(&line), 0, 2, o->width);
        md_buf_free(&line);
    }
    const md_series *loss = chart_run_series(st);
    if (loss) {
        char a[32], b[32];
        md_buf line = {0};
        double from, to;
        chart_step_span(loss, &from, &to);
        md_buf_printf(&line, "Run: %s %s..%s", loss->ordinal ? "log entries" : "steps", md_num_fmt(from, a, sizeof a),
                      md_num_fmt(to, b, sizeof b));
        md_buf_printf(&line, " (%s: %llu point%s", loss->name, (unsigned long long)loss->count,
                      loss->count == 1 ? "" : "s");
        chart_run_restarts(&line, loss);
        md_buf_putc(&line, ')');
        text_wrap(out, md_buf_cstr(&line), 0, 2, o->width);
        md_buf_free(&line);
    }
    series_list(st, out, o);
    md_buf_putc(out, '\n');
    text_sparklines(st, f, o, out);
}

static void finding_head(md_buf *out, size_t n, const md_finding *f, const md_report_opts *o)
{
    md_buf line = {0};
    md_buf_printf(&line, "%zu. ", n);
    int hang = (int)line.n;
    colour(&line, o, text_severity_colour(f->severity));
    md_buf_puts(&line, md_severity_name(f->severity));
    colour(&line, o, "\x1b[0m");
    md_buf_putc(&line, ' ');
    colour(&line, o, "\x1b[1m");
    md_buf_puts(&line, f->title);
    colour(&line, o, "\x1b[0m");
    md_buf_printf(&line, " [%s]", f->id);
    if (!isnan(f->step)) {
        md_buf_puts(&line, " at ");
        put_step(&line, f->step, f->ordinal_step);
    }
    md_buf_printf(&line, ", confidence %.0f%%", f->confidence * 100);
    text_wrap(out, md_buf_cstr(&line), 0, hang, o->width);
    md_buf_free(&line);
}

static void causes(md_buf *out, const md_finding *f, const md_report_opts *o)
{
    if (!f->ncauses)
        return;
    text_wrap(out, "Likely causes, most likely first:", 3, 3, o->width);
    for (size_t i = 0; i < f->ncauses; i++) {
        const md_cause *c = &f->causes[i];
        char share[16];
        snprintf(share, sizeof share, "%3.0f%%  ", c->share * 100);
        text_item(out, share, c->text, 3, o->width);
        for (size_t k = 0; k < c->checks.n; k++)
            text_item(out, "[ ] ", c->checks.v[k], 9, o->width);
        for (size_t k = 0; k < c->fixes.n; k++)
            text_item(out, "fix: ", c->fixes.v[k], 9, o->width);
    }
}

static void finding_body(md_buf *out, const md_finding *f, const md_report_opts *o)
{
    if (f->symptom)
        text_item(out, "Symptom: ", f->symptom, 3, o->width);
    if (f->benign)
        text_item(out, "Probably harmless: ", f->benign, 3, o->width);
    if (f->evidence.n) {
        text_wrap(out, "Evidence:", 3, 3, o->width);
        for (size_t i = 0; i < f->evidence.n; i++)
            text_item(out, "- ", f->evidence.v[i], 5, o->width);
    }
    causes(out, f, o);
}

/* What was checked, so that "no problems" is an answer with figures. */
static void all_clear(const md_store *st, md_buf *out, const md_report_opts *o)
{
    md_buf line = {0};
    md_buf_puts(&line, "No problems found. Checked:");
    size_t shown = 0;
    bool all = plain_checks_all(st);
    for (size_t i = 0; i < md_store_nseries(st) && shown < 6; i++) {
        const md_series *s = md_store_series(st, i);
        if (!plain_checked(st, s, all))
            continue;
        char a[32], b[32];
        md_buf_printf(&line, "%s %s (%llu point%s, %s -> %s)", shown ? "," : "", s->name,
                      (unsigned long long)s->count, s->count == 1 ? "" : "s", md_num_fmt(s->first, a, sizeof a),
                      md_num_fmt(s->last, b, sizeof b));
        shown++;
    }
    if (md_store_nevents(st))
        md_buf_printf(&line, "%s %zu kind%s of log event", shown ? "; and" : "", md_store_nevents(st),
                      md_store_nevents(st) == 1 ? "" : "s");
    text_wrap(out, md_buf_cstr(&line), 0, 2, o->width);
    md_buf_free(&line);
}

static void quiet(const md_findings *f, md_buf *out)
{
    for (size_t i = 0; i < f->n; i++) {
        const md_finding *x = &f->v[i];
        md_buf_printf(out, "%s %s", md_severity_name(x->severity), x->id);
        if (!isnan(x->step)) {
            md_buf_putc(out, ' ');
            put_step(out, x->step, x->ordinal_step);
        }
        md_buf_printf(out, ": %s\n", x->title);
    }
}

static void summary(const md_findings *f, md_buf *out)
{
    md_buf_printf(out, "%zu finding%s", f->n, f->n == 1 ? "" : "s");
    plain_severity_counts(out, f, ": ");
    md_buf_puts(out, ".\n");
}

static void skipped(const md_findings *f, md_buf *out, const md_report_opts *o)
{
    if (!f->nskipped && !f->nsuppressed)
        return;
    md_buf_puts(out, "\nRules not evaluated:\n");
    for (size_t i = 0; i < f->nskipped; i++) {
        md_buf line = {0};
        md_buf_printf(&line, "%s: %s", f->skipped[i].id, f->skipped[i].reason);
        text_wrap(out, md_buf_cstr(&line), 2, 4, o->width);
        md_buf_free(&line);
    }
    for (size_t i = 0; i < f->nsuppressed; i++)
        md_buf_printf(out, "  %s: fired, but explained by another finding\n", f->suppressed[i]);
}

void md_render_text(const md_store *st, const md_findings *f, const md_report_opts *o, md_buf *out)
{
    if (o->quiet) {
        quiet(f, out);
        return;
    }
    header(st, f, out, o);
    if (f->n == 0)
        all_clear(st, out, o);
    for (size_t i = 0; i < f->n; i++) {
        finding_head(out, i + 1, &f->v[i], o);
        finding_body(out, &f->v[i], o);
        md_buf_putc(out, '\n');
    }
    if (f->n)
        summary(f, out);
    if (o->verbose)
        skipped(f, out, o);
}
