/* mldiag compare: what got worse from BASE to NEW, as text, markdown or
 * JSON. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mldiag/report.h"
#include "report/jsonw.h"
#include "report/mdtext_int.h"

static const char *num(double v, char *b, size_t n)
{
    return isnan(v) ? "-" : md_num_fmt(v, b, n);
}

static void pct(md_buf *out, double v)
{
    if (isnan(v))
        md_buf_puts(out, "-");
    else if (isinf(v)) /* from a BASE of 0 */
        md_buf_puts(out, v > 0 ? "worse than 0" : "better than 0");
    else
        md_buf_printf(out, "%+.1f%%", v * 100);
}

static void verdict(const md_comparison *c, md_buf *out, const char *bullet)
{
    if (!c->worse.n) {
        md_buf_printf(out, "NEW is not worse than BASE beyond the %.1f%% tolerance.\n", c->tolerance * 100);
        return;
    }
    md_buf_printf(out, "NEW is worse than BASE:\n");
    for (size_t i = 0; i < c->worse.n; i++)
        md_buf_printf(out, "%s%s\n", bullet, c->worse.v[i]);
}

static void curve_rows(const md_comparison *c, md_buf *out, bool markdown)
{
    char a[32], b[32], s[32];
    for (size_t i = 0; i < MD_COUNT(c->curves); i++) {
        const md_curve_diff *d = &c->curves[i];
        if (!d->present)
            continue;
        md_buf_printf(out, markdown ? "| %s | " : "  %-10s", d->series);
        md_buf_printf(out, markdown ? "%s | %s | " : "end %s -> %s (", num(d->base_end, a, sizeof a),
                      num(d->new_end, b, sizeof b));
        pct(out, d->end_gap);
        md_buf_printf(out, markdown ? " | %s | %s | " : ")   best %s -> %s (", num(d->base_best, a, sizeof a),
                      num(d->new_best, b, sizeof b));
        pct(out, d->best_gap);
        md_buf_puts(out, markdown ? " | " : ")\n              mean gap ");
        pct(out, d->mean_gap);
        md_buf_puts(out, markdown ? " | " : "; ");
        if (d->unaligned)
            md_buf_puts(out, markdown ? "- |\n" : "one run counts steps, the other log entries: ends and bests compared\n");
        else if (isnan(d->new_reaches_base_final))
            md_buf_puts(out, markdown ? "never |\n" : "NEW never reached BASE's final level\n");
        else
            md_buf_printf(out, markdown ? "step %s of %s |\n" : "NEW reached BASE's final level at step %s (BASE took %s)\n",
                          md_num_fmt(d->new_reaches_base_final, s, sizeof s), md_num_fmt(d->base_last_step, a, sizeof a));
    }
}

static void findings_lists(const md_comparison *c, md_buf *out, const char *head, const char *bullet)
{
    if (c->nadded) {
        md_buf_printf(out, "%sNew findings\n", head);
        for (size_t i = 0; i < c->nadded; i++)
            md_buf_printf(out, "%s%s %s: %s\n", bullet, md_severity_name(c->added[i].severity), c->added[i].id,
                          c->added[i].title);
    }
    if (c->nresolved) {
        md_buf_printf(out, "%sResolved findings\n", head);
        for (size_t i = 0; i < c->nresolved; i++)
            md_buf_printf(out, "%s%s %s: %s\n", bullet, md_severity_name(c->resolved[i].severity), c->resolved[i].id,
                          c->resolved[i].title);
    }
}

static void speed(const md_comparison *c, md_buf *out)
{
    char a[32], b[32];
    if (isnan(c->speed_ratio))
        return;
    bool steps = strcmp(c->speed_series, "step_time") == 0 || strcmp(c->speed_series, "it_per_s") == 0;
    md_buf_printf(out, "Speed: %s -> %s %s per second (%.2fx, from %s)\n", md_num_fmt(c->base_speed, a, sizeof a),
                  md_num_fmt(c->new_speed, b, sizeof b),
                  steps ? "steps" : strcmp(c->speed_series, "tokens_per_s") == 0 ? "tokens" : "samples",
                  c->speed_ratio, c->speed_series);
}

static void text(const md_comparison *c, const char *bn, const char *nn, md_buf *out)
{
    md_buf_puts(out, "BASE: ");
    md_buf_put_text(out, bn, strlen(bn));
    md_buf_puts(out, "\nNEW:  ");
    md_buf_put_text(out, nn, strlen(nn));
    md_buf_puts(out, "\n\n");
    verdict(c, out, "  - ");
    md_buf_putc(out, '\n');
    bool any = c->curves[0].present || c->curves[1].present;
    if (any)
        md_buf_puts(out, "Curves (gaps are relative; positive is worse):\n");
    else
        md_buf_puts(out, "No loss curve that both runs share.\n");
    curve_rows(c, out, false);
    speed(c, out);
    if (c->nadded || c->nresolved)
        md_buf_putc(out, '\n');
    findings_lists(c, out, "", "  - ");
}

static void markdown(const md_comparison *c, const char *bn, const char *nn, md_buf *out)
{
    md_buf_puts(out, "# mldiag compare\n\n- BASE: ");
    mdtext_code(out, bn, strlen(bn), false);
    md_buf_puts(out, "\n- NEW: ");
    mdtext_code(out, nn, strlen(nn), false);
    md_buf_puts(out, "\n\n");
    verdict(c, out, "- ");
    md_buf_putc(out, '\n');
    if (c->curves[0].present || c->curves[1].present) {
        md_buf_puts(out, "| series | BASE end | NEW end | end gap | BASE best | NEW best | best gap | mean gap | "
                         "NEW reaches BASE's final |\n|---|---|---|---|---|---|---|---|---|\n");
        curve_rows(c, out, true);
        md_buf_putc(out, '\n');
    }
    speed(c, out);
    findings_lists(c, out, "\n## ", "- ");
}

static void json_curve(jsonw *w, const md_curve_diff *d)
{
    jsonw_object(w);
    jsonw_key(w, "series");
    jsonw_str(w, d->series);
    jsonw_key(w, "present");
    jsonw_bool(w, d->present);
    jsonw_key(w, "unaligned");
    jsonw_bool(w, d->unaligned);
    const char *keys[] = {"base_end", "new_end", "end_gap", "base_best", "new_best", "best_gap", "mean_gap",
                          "new_reaches_base_final", "base_last_step"};
    double vals[] = {d->base_end, d->new_end, d->end_gap, d->base_best, d->new_best, d->best_gap, d->mean_gap,
                     d->new_reaches_base_final, d->base_last_step};
    for (size_t i = 0; i < MD_COUNT(keys); i++) {
        jsonw_key(w, keys[i]);
        jsonw_num(w, d->present ? vals[i] : NAN);
    }
    jsonw_object_end(w);
}

static void json_findings(jsonw *w, const char *key, const md_finding_diff *v, size_t n)
{
    jsonw_key(w, key);
    jsonw_array(w);
    for (size_t i = 0; i < n; i++) {
        jsonw_object(w);
        jsonw_key(w, "id");
        jsonw_str(w, v[i].id);
        jsonw_key(w, "severity");
        jsonw_str(w, md_severity_name(v[i].severity));
        jsonw_key(w, "title");
        jsonw_str(w, v[i].title);
        jsonw_object_end(w);
    }
    jsonw_array_end(w);
}

static void json(const md_comparison *c, const char *bn, const char *nn, md_buf *out)
{
    jsonw w;
    jsonw_init(&w, out);
    jsonw_object(&w);
    jsonw_key(&w, "schema");
    jsonw_int(&w, 1);
    jsonw_key(&w, "base");
    jsonw_str(&w, bn);
    jsonw_key(&w, "new");
    jsonw_str(&w, nn);
    jsonw_key(&w, "tolerance");
    jsonw_num(&w, c->tolerance);
    jsonw_key(&w, "worse");
    jsonw_bool(&w, c->worse.n > 0);
    jsonw_key(&w, "reasons");
    jsonw_array(&w);
    for (size_t i = 0; i < c->worse.n; i++)
        jsonw_str(&w, c->worse.v[i]);
    jsonw_array_end(&w);
    jsonw_key(&w, "curves");
    jsonw_array(&w);
    for (size_t i = 0; i < MD_COUNT(c->curves); i++)
        json_curve(&w, &c->curves[i]);
    jsonw_array_end(&w);
    jsonw_key(&w, "speed");
    jsonw_object(&w);
    jsonw_key(&w, "series");
    jsonw_str(&w, c->speed_series);
    jsonw_key(&w, "base");
    jsonw_num(&w, c->base_speed);
    jsonw_key(&w, "new");
    jsonw_num(&w, c->new_speed);
    jsonw_key(&w, "ratio");
    jsonw_num(&w, c->speed_ratio);
    jsonw_object_end(&w);
    json_findings(&w, "added", c->added, c->nadded);
    json_findings(&w, "resolved", c->resolved, c->nresolved);
    jsonw_object_end(&w);
    md_buf_putc(out, '\n');
}

void md_render_compare(const md_comparison *c, const char *base_name, const char *new_name,
                       md_compare_format fmt, md_buf *out)
{
    switch (fmt) {
    case MD_COMPARE_TEXT:
        text(c, base_name, new_name, out);
        break;
    case MD_COMPARE_MARKDOWN:
        markdown(c, base_name, new_name, out);
        break;
    case MD_COMPARE_JSON:
        json(c, base_name, new_name, out);
        break;
    }
}
