#include <stdlib.h>
#include <string.h>

#include "mldiag/finding.h"

static const char *const severity_names[] = {"info", "warning", "error", "critical"};

const char *md_severity_name(md_severity sev)
{
    return (size_t)sev < MD_COUNT(severity_names) ? severity_names[sev] : "info";
}

bool md_severity_parse(const char *s, md_severity *sev)
{
    for (size_t i = 0; i < MD_COUNT(severity_names); i++) {
        if (strcmp(s, severity_names[i]) == 0) {
            *sev = (md_severity)i;
            return true;
        }
    }
    return false;
}

static void strs_free(md_strs *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

void md_finding_fini(md_finding *f)
{
    free(f->benign);
    strs_free(&f->evidence);
    strs_free(&f->tags);
    for (size_t i = 0; i < f->ncauses; i++) {
        free(f->causes[i].text);
        strs_free(&f->causes[i].checks);
        strs_free(&f->causes[i].fixes);
    }
    free(f->causes);
}

void md_findings_free(md_findings *f)
{
    for (size_t i = 0; i < f->n; i++)
        md_finding_fini(&f->v[i]);
    free(f->v);
    for (size_t i = 0; i < f->nskipped; i++)
        free(f->skipped[i].reason);
    free(f->skipped);
    free(f->suppressed);
    free(f->results);
    memset(f, 0, sizeof *f);
}

size_t md_findings_count(const md_findings *f, md_severity sev)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; i++)
        n += f->v[i].severity == sev;
    return n;
}

size_t md_findings_at_least(const md_findings *f, md_severity sev)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; i++)
        n += f->v[i].severity >= sev;
    return n;
}
