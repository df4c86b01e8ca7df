/* Spikes, as the store's streaming detector found them, and values pinned
 * at a bound. */
#include <math.h>

#include "signals/signals_int.h"

MD_FEATURE(spikes)
{
    (void)sig;
    return s->finite ? md_known((double)s->spike_count) : md_unknown();
}

/* The kept spike with the largest ratio; -1 when none has one (no spike,
 * or spikes over a level at or below 0). */
static long largest_spike(const md_series *s)
{
    long best = -1;
    for (size_t i = 0; i < s->nspikes; i++)
        if (isfinite(s->spikes[i].ratio) && (best < 0 || s->spikes[i].ratio > s->spikes[best].ratio))
            best = (long)i;
    return best;
}

MD_FEATURE(max_spike)
{
    (void)sig;
    if (!s->finite)
        return md_unknown();
    long i = largest_spike(s);
    if (i < 0)
        return s->nspikes ? md_unknown() : md_known(1.0);
    return md_known(s->spikes[i].ratio);
}

MD_FEATURE(max_spike_step)
{
    (void)sig;
    long i = largest_spike(s);
    return i >= 0 ? md_known((double)s->spikes[i].peak_step) : md_unknown();
}

MD_FEATURE(max_spike_start)
{
    (void)sig;
    long i = largest_spike(s);
    return i >= 0 ? md_known((double)s->spikes[i].step) : md_unknown();
}

MD_FEATURE(spike_frac)
{
    (void)sig;
    return s->finite ? md_known((double)s->spike_points / (double)s->finite) : md_unknown();
}

MD_FEATURE(spikes_fast)
{
    (void)sig;
    return s->finite ? md_known((double)s->spikes_fast) : md_unknown();
}

MD_FEATURE(spikes_slow)
{
    (void)sig;
    return s->finite ? md_known((double)s->spikes_slow) : md_unknown();
}

MD_FEATURE(spikes_open)
{
    (void)sig;
    return s->finite ? md_known((double)s->spikes_open) : md_unknown();
}

/* Share of points at the series' extreme value (within one part in a
 * million): a clipped norm, an accuracy stuck at 1. */
static md_value pinned(const md_series *s, bool at_max)
{
    if (s->finite == 0)
        return md_unknown();
    return md_known((double)(at_max ? s->at_max : s->at_min) / (double)s->finite);
}

MD_FEATURE(at_max_frac)
{
    (void)sig;
    return pinned(s, true);
}

MD_FEATURE(at_min_frac)
{
    (void)sig;
    return pinned(s, false);
}

/* Exact repeats among a loss's first MD_EARLY_VALUES points (the store
 * counts them: series_finish). Unknown for other series. */
static uint64_t early_points(const md_series *s)
{
    return s->kind == MD_KIND_LOSS ? (s->finite < MD_EARLY_VALUES ? s->finite : MD_EARLY_VALUES) : 0;
}

MD_FEATURE(repeat_frac)
{
    (void)sig;
    uint64_t n = early_points(s);
    return n >= 2 ? md_known((double)s->repeated_points / (double)n) : md_unknown();
}

MD_FEATURE(repeated_values)
{
    (void)sig;
    return early_points(s) >= 2 ? md_known((double)s->repeated_values) : md_unknown();
}

MD_FEATURE(repeats_adjacent_frac)
{
    (void)sig;
    return early_points(s) >= 2 && s->repeated_points
               ? md_known((double)s->repeated_adjacent / (double)s->repeated_points)
               : md_unknown();
}

MD_FEATURE(repeats_isolated_frac)
{
    (void)sig;
    return early_points(s) >= 2 && s->repeated_values ? md_known((double)s->repeated_isolated / (double)s->repeated_values)
                                                       : md_unknown();
}
