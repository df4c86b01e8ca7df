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

/* Whether a suppresses b once ranked (a and b are rank positions). When
 * two findings suppress each other, only the higher-ranked one does. A
 * finding reported as harmless (benign) explains nothing away. */
static bool explains(const md_findings *f, size_t a, size_t b, md_suppress_fn suppresses,
                     const void *ctx)
{
    if (a == b || f->v[a].benign || !suppresses(ctx, f->v[a].id, f->v[b].id))
        return false;
    return !(b < a && suppresses(ctx, f->v[b].id, f->v[a].id));
}

void md_rank(md_findings *f, md_suppress_fn suppresses, const void *ctx)
{
    sort_findings(f);
    /* A finding is dropped when a kept finding explains it, whatever their
     * ranks: a specific diagnosis (a CUDA error) replaces the generic one it
     * explains (the crash) even when the generic one is more severe. A
     * dropped finding explains nothing. The states settle in one pass over
     * chains in rank order and in a few over chains against it; the bound
     * stops a cycle of three or more from alternating forever. */
    bool *dropped = md_xcalloc(f->n ? f->n : 1, sizeof *dropped);
    bool changed = true;
    for (size_t pass = 0; changed && pass <= f->n; pass++) {
        changed = false;
        for (size_t b = 0; b < f->n; b++) {
            bool now = false;
            for (size_t a = 0; a < f->n && !now; a++)
                now = !dropped[a] && explains(f, a, b, suppresses, ctx);
            changed |= now != dropped[b];
            dropped[b] = now;
        }
    }
    size_t kept = 0;
    for (size_t i = 0; i < f->n; i++) {
        if (dropped[i]) {
            MD_GROW(f->suppressed, f->nsuppressed, f->capsuppressed);
            f->suppressed[f->nsuppressed++] = f->v[i].id;
            md_finding_fini(&f->v[i]);
            continue;
        }
        f->v[kept++] = f->v[i];
    }
    f->n = kept;
    free(dropped);
}
