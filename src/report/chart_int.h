/* Private to src/report: what the renderers that draw curves share. They
 * draw from the store's buckets, never from points, so a chart costs the
 * same for a run of a hundred steps and one of a million. */
#ifndef MLDIAG_REPORT_CHART_INT_H
#define MLDIAG_REPORT_CHART_INT_H

#include "mldiag/finding.h"
#include "mldiag/store.h"

/* One column of a chart: neighbouring buckets merged. */
typedef struct chart_col {
    int64_t lo_step, hi_step;
    uint64_t n, nonfinite; /* finite and non-finite points */
    double sum, min, max;  /* over the finite points */
} chart_col;

/* Merges s's buckets into at most max columns holding about as many
 * buckets each; returns the number of columns. */
size_t chart_columns(const md_series *s, chart_col *cols, size_t max);
/* The mean of a column's finite points, NaN when it has none. */
double chart_mean(const chart_col *c);
/* The column whose step range holds step (the nearest one when step falls
 * between two), or -1 when step is outside the series. */
long chart_column_of(const chart_col *cols, size_t n, double step);

/* The step range the series span, over all buckets: a resumed run's steps
 * go backwards, so last_step can be below first_step. n >= 1. */
void chart_step_range(const md_series *const *ss, size_t n, double *lo, double *hi);

/* The series the sparklines show, in this order when present. */
extern const char *const chart_spark_names[];
extern const size_t chart_nspark_names;

/* The curves the markdown chart and the SVG plot show: loss and val_loss
 * when either is present, else the first main series with finite points.
 * Returns how many were put in out (at most max). */
size_t chart_main(const md_store *st, const md_series **out, size_t max);

/* Sorts s's buckets into n cells centred on n evenly spaced steps from lo
 * to hi (the first and last cells reach half a cell beyond), each bucket
 * by its middle step. A cell no bucket falls in is all zero. */
void chart_cells(const md_series *s, double lo, double hi, size_t n, chart_col *cells);
/* vals[i]: the mean of cell i; for cells without finite points, linear
 * between the nearest cells with some and flat beyond them (NaN when no
 * cell has any). */
void chart_fill(const chart_col *cells, size_t n, double *vals);

/* The value of s at n evenly spaced steps from lo to hi: the mean of the
 * buckets whose middle falls in each step's cell, interpolated between
 * buckets where a cell has none and held flat beyond the series' ends.
 * Returns false when s has no finite point. */
bool chart_grid(const md_series *s, double lo, double hi, size_t n, double *vals);

/* The series whose steps give the run's length: loss, else val_loss, else
 * the series with the most points (two at least); or NULL. */
const md_series *chart_run_series(const md_store *st);

/* The steps a series spans: its first to its last, or, where its steps
 * went back, its lowest to its highest. */
void chart_step_span(const md_series *s, double *from, double *to);

/* Appends, when the run series' steps went back, how often and what that
 * says ("; the steps start over 2 times: several runs in one log"), so
 * that the step range beside it is not read as one run's. */
void chart_run_restarts(md_buf *out, const md_series *s);

/* Whether a finding's step can be placed on a series' step axis. */
bool chart_step_comparable(const md_finding *f, const md_series *s);

/* Appends v in plain decimal (no exponent) with about four significant
 * digits: what parsers of chart data that know no exponents accept. */
void chart_plain_num(md_buf *out, double v);

#endif
