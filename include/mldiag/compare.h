/* Comparing two runs: did a change make training worse? The loss curves
 * are aligned by step, and the findings and throughput set side by side. */
#ifndef MLDIAG_COMPARE_H
#define MLDIAG_COMPARE_H

#include "mldiag/finding.h"
#include "mldiag/store.h"

/* One curve of both runs, aligned on the steps they share. Gaps are
 * relative, (new - base) / |base|, signed so that positive is worse (for
 * a higher-is-better series the sign is flipped). NaN when unknown. */
typedef struct md_curve_diff {
    const char *series;
    bool present; /* both runs have it */
    /* One run places its points by step, the other by log entry: no step
     * is common, so the ends and bests are compared, not the curves. */
    bool unaligned;
    double common_lo, common_hi; /* the steps both runs cover */
    size_t matched;              /* steps compared */
    double mean_gap;             /* mean gap over the matched steps */
    double base_end, new_end, end_gap;    /* at the last common step */
    double base_best, new_best, best_gap; /* best stretches, each over its whole run */
    double base_last_step;
    /* The first step at which NEW reached BASE's final level, or NaN. */
    double new_reaches_base_final;
} md_curve_diff;

typedef struct md_finding_diff {
    const char *id, *title;
    md_severity severity;
} md_finding_diff;

typedef struct md_comparison {
    md_curve_diff curves[2]; /* loss, val_loss */
    /* Speed: steps (or tokens, samples) per second, median; ratio new/base
     * (above 1 is faster). NaN when a run logs none. */
    const char *speed_series;
    double base_speed, new_speed, speed_ratio;
    md_finding_diff *added, *resolved;
    size_t nadded, nresolved;
    double tolerance;
    /* Why NEW is worse than BASE beyond the tolerance; empty when it is not. */
    md_strs worse;
} md_comparison;

/* Compares NEW with BASE. The findings are those of each run, as
 * md_rules_eval left them; a new finding at or above fail_on counts as
 * worse. out owns what it holds: free it with md_comparison_free. */
void md_compare(const md_store *base, const md_findings *fbase, const md_store *next,
                const md_findings *fnext, double tolerance, md_severity fail_on, md_comparison *out);
void md_comparison_free(md_comparison *c);

#endif
