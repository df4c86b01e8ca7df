#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/rank.h"

static int compare(const md_finding *a, const md_finding *b)
{
    if (a->severity != b->severity)
        return a->severity > b->severity ? -1 : 1;
    if (a->confidence != b->confidence)
        return a->confidence > b->confidence ? -1 : 1;
    bool sa = !isnan(a->step), sb = !isnan(b->step);
    if (sa != sb)
        return sa ? -1 : 1;
    if (sa && a->step != b->step)
        return a->step < b->step ? -1 : 1;
    return strcmp(a->id, b->id);
}

/* Insertion sort: stable, and a report has a handful of findings. */
static void sort_findings(md_findings *f)
{
    for (size_t i = 1; i < f->n; i++) {
        md_finding x = f->v[i];
        size_t j = i;
        while (j > 0 && compare(&x, &f->v[j - 1]) < 0) {
            f->v[j] = f->v[j - 1];
            j--;
        }
        f->v[j] = x;
    }
}

static bool is_suppressed(const md_findings *f, const char *id)
{
    for (size_t i = 0; i < f->nsuppressed; i++)
        if (strcmp(f->suppressed[i], id) == 0)
            return true;
    return false;
}

void md_rank(md_findings *f, md_suppress_fn suppresses, const void *ctx)
{
    sort_findings(f);
    /* In rank order, a kept finding drops every later one it suppresses; a
     * dropped finding suppresses nothing, so mutual suppression keeps the
     * higher-ranked of the two. */
    size_t kept = 0;
    for (size_t i = 0; i < f->n; i++) {
        md_finding *cur = &f->v[i];
        bool dropped = false;
        for (size_t k = 0; k < kept && !dropped; k++)
            dropped = suppresses(ctx, f->v[k].id, cur->id);
        if (dropped) {
            if (!is_suppressed(f, cur->id)) {
                MD_GROW(f->suppressed, f->nsuppressed, f->capsuppressed);
                f->suppressed[f->nsuppressed++] = cur->id;
            }
            md_finding_fini(cur);
            continue;
        }
        f->v[kept++] = *cur;
    }
    f->n = kept;
}
