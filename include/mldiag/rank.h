/* Ranking: orders findings by severity, then confidence, then earliest
 * step (the earliest symptom is most often the root cause), and drops the
 * findings another finding explains (`suppresses`). */
#ifndef MLDIAG_RANK_H
#define MLDIAG_RANK_H

#include "mldiag/finding.h"

/* suppresses(ctx, a, b): whether the finding with id a suppresses b. */
typedef bool (*md_suppress_fn)(const void *ctx, const char *a, const char *b);

void md_rank(md_findings *f, md_suppress_fn suppresses, const void *ctx);

#endif
