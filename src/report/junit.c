/* JUnit XML for CI systems (Jenkins, GitLab): each rule is a test case,
 * so a CI's test view shows which checks a run passed, failed or could
 * not evaluate, with a stable identity across runs. */
#include <math.h>
#include <string.h>

#include "mldiag/report.h"
#include "report/plain_int.h"
#include "report/xml_int.h"

typedef struct counts {
    size_t tests, failures, skipped;
} counts;

static const md_finding *finding_of(const md_findings *f, const char *id)
{
    for (size_t i = 0; i < f->n; i++)
        if (strcmp(f->v[i].id, id) == 0)
            return &f->v[i];
    return NULL;
}

static const char *skip_reason(const md_findings *f, const char *id)
{
    for (size_t i = 0; i < f->nskipped; i++)
        if (strcmp(f->skipped[i].id, id) == 0)
            return f->skipped[i].reason;
    return "could not be evaluated";
}

static bool has_result(const md_findings *f, const char *id)
{
    for (size_t i = 0; i < f->nresults; i++)
        if (strcmp(f->results[i].id, id) == 0)
            return true;
    return false;
}

static void case_open(md_buf *out, const char *id, const md_junit_opts *o)
{
    const char *tag = o->tag ? o->tag(o->ctx, id) : NULL;
    md_buf_puts(out, "    <testcase classname=\"mldiag.");
    xml_escape(out, tag && *tag ? tag : "rules", true);
    md_buf_puts(out, "\" name=\"");
    xml_escape(out, id, true);
    md_buf_puts(out, "\"");
}

static void finding_text(md_buf *out, const md_store *st, const md_finding *x)
{
    md_buf text = {0};
    plain_headline(&text, x);
    md_buf_putc(&text, '\n');
    const char *path = plain_input(st, x);
    if (path && !isnan(x->line))
        md_buf_printf(&text, "At %s:%.0f\n", path, x->line);
    plain_body(&text, x);
    xml_escape(out, md_buf_cstr(&text), false);
    md_buf_free(&text);
}

static void fired(md_buf *out, const md_store *st, const md_finding *x, const md_junit_opts *o,
                  counts *c)
{
    if (x->severity >= o->fail_on) {
        c->failures++;
        md_buf_printf(out, ">\n      <failure type=\"%s\" message=\"", md_severity_name(x->severity));
        md_buf headline = {0};
        plain_headline(&headline, x);
        xml_escape(out, md_buf_cstr(&headline), true);
        md_buf_free(&headline);
        md_buf_puts(out, "\">");
        finding_text(out, st, x);
        md_buf_puts(out, "</failure>\n    </testcase>\n");
    } else {
        md_buf_puts(out, ">\n      <system-out>");
        finding_text(out, st, x);
        md_buf_puts(out, "</system-out>\n    </testcase>\n");
    }
}

static void one_case(md_buf *out, const md_store *st, const md_findings *f, const md_rule_result *r,
                     const md_junit_opts *o, counts *c)
{
    c->tests++;
    case_open(out, r->id, o);
    const md_finding *x = finding_of(f, r->id);
    if (x) {
        fired(out, st, x, o, c);
    } else if (r->status == MD_RULE_SKIPPED) {
        c->skipped++;
        md_buf_puts(out, ">\n      <skipped message=\"");
        xml_escape(out, skip_reason(f, r->id), true);
        md_buf_puts(out, "\"/>\n    </testcase>\n");
    } else if (r->status == MD_RULE_SUPPRESSED) {
        md_buf_puts(out, ">\n      <system-out>Fired, but explained by another finding."
                         "</system-out>\n    </testcase>\n");
    } else {
        md_buf_puts(out, "/>\n");
    }
}

static void suite_name(md_buf *out, const md_store *st)
{
    for (size_t i = 0; i < md_store_ninputs(st); i++) {
        md_buf_puts(out, i ? ", " : "");
        xml_escape(out, md_store_input(st, i)->path, true);
    }
    if (!md_store_ninputs(st))
        md_buf_puts(out, "mldiag");
}

/* An --expect or a --baseline: a test case of its own, which fails with
 * the run's exit status. */
static void gate_case(md_buf *out, const md_gate *g, counts *c)
{
    c->tests++;
    md_buf_printf(out, "    <testcase classname=\"mldiag.%s\" name=\"",
                  g->kind == MD_GATE_EXPECT ? "expect" : "baseline");
    xml_escape(out, g->name, true);
    if (g->passed) {
        md_buf_puts(out, "\"/>\n");
        return;
    }
    c->failures++;
    md_buf_puts(out, "\">\n      <failure type=\"");
    md_buf_puts(out, g->kind == MD_GATE_EXPECT ? "expectation" : "baseline");
    md_buf_puts(out, "\" message=\"");
    xml_escape(out, g->why ? g->why : "failed", true);
    md_buf_puts(out, "\">");
    xml_escape(out, g->why ? g->why : "failed", false);
    md_buf_puts(out, "</failure>\n    </testcase>\n");
}

void md_render_junit(const md_store *st, const md_findings *f, const md_junit_opts *o, md_buf *out)
{
    counts c = {0, 0, 0};
    md_buf cases = {0};
    for (size_t i = 0; i < o->ngates; i++)
        gate_case(&cases, &o->gates[i], &c);
    for (size_t i = 0; i < f->nresults; i++)
        one_case(&cases, st, f, &f->results[i], o, &c);
    /* Findings without a result (reports built by hand) still count. */
    for (size_t i = 0; i < f->n; i++) {
        if (has_result(f, f->v[i].id))
            continue;
        md_rule_result r = {f->v[i].id, f->v[i].title, MD_RULE_FIRED, f->v[i].severity};
        one_case(&cases, st, f, &r, o, &c);
    }
    md_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    md_buf_printf(out, "<testsuites name=\"mldiag\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
                       "skipped=\"%zu\">\n  <testsuite name=\"",
                  c.tests, c.failures, c.skipped);
    suite_name(out, st);
    md_buf_printf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", c.tests,
                  c.failures, c.skipped);
    md_buf_put(out, cases.p ? cases.p : "", cases.n);
    md_buf_puts(out, "  </testsuite>\n</testsuites>\n");
    md_buf_free(&cases);
}
