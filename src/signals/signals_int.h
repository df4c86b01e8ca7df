/* Private to src/signals: views of a series' buckets and the robust
 * statistics the features share. */
#ifndef MLDIAG_SIGNALS_INT_H
#define MLDIAG_SIGNALS_INT_H

#include "mldiag/signal.h"

/* A run of consecutive points: a bucket, or several merged. */
typedef struct seg {
    int64_t lo, hi;
    double n; /* finite points */
    double mean, min, max, m2;
} seg;

/* Segments coarse enough to read a trend: at most this many. */
#define MD_TREND_SEGMENTS 64

/* Merges the series' non-empty buckets into at most max segments of about
 * equal point counts (fewer when there are fewer buckets). Returns the
 * count; out must hold max. */
size_t md_segments(const md_series *s, size_t max, seg *out);

/* The spread of single points around the local trend, robust to spikes:
 * the median within-bucket standard deviation once buckets hold several
 * points, else md_scatter of the points. */
double md_point_noise(const md_series *s);
/* The spread of independent noise on the smooth curve x follows: 1.4826 *
 * MAD of its second (or, where the curve bends, fourth) differences scaled
 * to one value. */
double md_scatter(const double *x, size_t n);

/* The median of the bucket means over the first or last `share` of the
 * points (at least one bucket). Sets *points to the points it covers. */
double md_level_start(const md_series *s, double share, double *points);
double md_level_end(const md_series *s, double share, double *points);

/* The median of v[0, n), NaN for none; v's order is changed. */
double md_median(double *v, size_t n);
/* Theil-Sen slope of y against x (median of pairwise slopes). */
double md_theil_sen(const double *x, const double *y, size_t n);

/* run.layer_grads, run.layer_grad_min, run.layer_grad_max (layers.c), and
 * the name of the layer series with the smallest gradient norm. */
md_value md_layer_grad_signal(md_sigset *sig, const char *feature);
const char *md_layer_grad_weakest(md_sigset *sig);

/* Direction in which a series improves: -1 when higher is better. */
int md_improve_sign(const md_series *s);

/* Feature functions, defined by family in basic.c, trend.c, noise.c,
 * spike.c and nonfinite.c; listed in registry.c. */
#define MD_FEATURE(name) md_value md_feat_##name(md_sigset *sig, const md_series *s)
MD_FEATURE(count);
MD_FEATURE(finite);
MD_FEATURE(first);
MD_FEATURE(last);
MD_FEATURE(min);
MD_FEATURE(max);
MD_FEATURE(min_step);
MD_FEATURE(max_step);
MD_FEATURE(mean);
MD_FEATURE(std);
MD_FEATURE(median);
MD_FEATURE(first_step);
MD_FEATURE(last_step);
MD_FEATURE(steps);
MD_FEATURE(ordinal);
MD_FEATURE(restarts);
MD_FEATURE(fresh_starts);
MD_FEATURE(first_line);
MD_FEATURE(runs);
MD_FEATURE(nonfinite);
MD_FEATURE(nan);
MD_FEATURE(inf);
MD_FEATURE(nonfinite_frac);
MD_FEATURE(first_nonfinite_step);
MD_FEATURE(last_nonfinite_step);
MD_FEATURE(trailing_nonfinite);
MD_FEATURE(last_repeats);
MD_FEATURE(last_repeats_step);
MD_FEATURE(leading_nonfinite);
MD_FEATURE(finite_before_nonfinite);
MD_FEATURE(resolution);
MD_FEATURE(zero_resolution);
MD_FEATURE(chance_classes);
MD_FEATURE(first_zero_step);
MD_FEATURE(before_zero);
MD_FEATURE(zero_approach);
MD_FEATURE(first_positive_step);
MD_FEATURE(zero_frac);
MD_FEATURE(best);
MD_FEATURE(best_step);
MD_FEATURE(start_level);
MD_FEATURE(end_level);
MD_FEATURE(rel_change);
MD_FEATURE(slope_end);
MD_FEATURE(plateau_frac);
MD_FEATURE(plateau_start_step);
MD_FEATURE(growth_start_step);
MD_FEATURE(climb_from_min);
MD_FEATURE(repeat_frac);
MD_FEATURE(repeated_values);
MD_FEATURE(repeats_isolated_frac);
MD_FEATURE(repeats_adjacent_frac);
MD_FEATURE(rise_from_min);
MD_FEATURE(retreat);
MD_FEATURE(min_smooth);
MD_FEATURE(min_smooth_step);
MD_FEATURE(best_smooth);
MD_FEATURE(best_smooth_step);
MD_FEATURE(fall_from_max);
MD_FEATURE(worse_from_best);
MD_FEATURE(last_worst_share);
MD_FEATURE(rise_z);
MD_FEATURE(converge_frac);
MD_FEATURE(converge_step);
MD_FEATURE(increasing_frac);
MD_FEATURE(falling_frac);
MD_FEATURE(rising_to_end);
MD_FEATURE(noise);
MD_FEATURE(oscillation);
MD_FEATURE(swing);
MD_FEATURE(swing_z);
MD_FEATURE(shift_step);
MD_FEATURE(rise_jump_step);
MD_FEATURE(rise_jump_share);
MD_FEATURE(spikes);
MD_FEATURE(max_spike);
MD_FEATURE(max_spike_step);
MD_FEATURE(max_spike_start);
MD_FEATURE(spike_frac);
MD_FEATURE(spikes_fast);
MD_FEATURE(spikes_slow);
MD_FEATURE(spikes_open);
MD_FEATURE(at_max_frac);
MD_FEATURE(at_min_frac);
MD_FEATURE(growth_before_nonfinite);
MD_FEATURE(rise_before_nonfinite);

#endif
