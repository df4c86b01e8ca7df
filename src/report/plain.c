#include <math.h>

#include "report/plain_int.h"

void plain_headline(md_buf *out, const md_finding *x)
{
    char b[32];
    md_buf_puts(out, x->title);
    if (!isnan(x->step))
        md_buf_printf(out, " at %s %s", x->ordinal_step ? "log entry" : "step",
                      md_num_fmt(x->step, b, sizeof b));
    md_buf_printf(out, " (%s, confidence %.0f%%)", md_severity_name(x->severity), x->confidence * 100);
}

void plain_body(md_buf *out, const md_finding *x)
{
    if (x->symptom)
        md_buf_printf(out, "Symptom: %s\n", x->symptom);
    if (x->benign)
        md_buf_printf(out, "Probably harmless: %s\n", x->benign);
    if (x->evidence.n)
        md_buf_puts(out, "Evidence:\n");
    for (size_t i = 0; i < x->evidence.n; i++)
        md_buf_printf(out, "- %s\n", x->evidence.v[i]);
    if (x->ncauses)
        md_buf_puts(out, "Likely causes, most likely first:\n");
    for (size_t i = 0; i < x->ncauses; i++) {
        const md_cause *c = &x->causes[i];
        md_buf_printf(out, "- %.0f%% %s\n", c->share * 100, c->text);
        for (size_t k = 0; k < c->checks.n; k++)
            md_buf_printf(out, "  [ ] %s\n", c->checks.v[k]);
        for (size_t k = 0; k < c->fixes.n; k++)
            md_buf_printf(out, "  fix: %s\n", c->fixes.v[k]);
    }
}

const char *plain_input(const md_store *st, const md_finding *x)
{
    if (x->input < 0 || (size_t)x->input >= md_store_ninputs(st))
        return NULL;
    return md_store_input(st, (size_t)x->input)->path;
}

bool plain_checked(const md_store *st, const md_series *s, bool all)
{
    return s->finite && (all || md_catalog_find_series(md_store_catalog(st), s->name) >= 0);
}

bool plain_checks_all(const md_store *st)
{
    for (size_t i = 0; i < md_store_nseries(st); i++)
        if (plain_checked(st, md_store_series(st, i), false))
            return false;
    return true;
}

void plain_severity_counts(md_buf *out, const md_findings *f, const char *sep)
{
    for (int sev = MD_SEV_CRITICAL; sev >= MD_SEV_INFO; sev--) {
        size_t n = md_findings_count(f, (md_severity)sev);
        if (n) {
            md_buf_printf(out, "%s%zu %s", sep, n, md_severity_name((md_severity)sev));
            sep = ", ";
        }
    }
}
