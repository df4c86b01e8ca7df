/* Spikes, as the store's streaming detector found them, and values pinned
 * at a bound. */
#include <math.h>

#include "signals/signals_int.h"

MD_FEATURE(spikes)
{
    (void)sig;
    return s->finite ? md_known((double)s->spike_count) : md_unknown();
}

MD_FEATURE(max_spike)
{
    (void)sig;
    if (!s->finite)
        return md_unknown();
    return md_known(s->nspikes ? s->spikes[0].ratio : 1.0);
}

MD_FEATURE(max_spike_step)
{
    (void)sig;
    return s->nspikes ? md_known((double)s->spikes[0].peak_step) : md_unknown();
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

/* Share of points in buckets that sit wholly at the series' extreme value
 * (within one part in a million): a clipped norm, an accuracy stuck at 1. */
static md_value pinned(const md_series *s, bool at_max)
{
    if (s->finite == 0)
        return md_unknown();
    double bound = at_max ? s->max : s->min;
    double tol = 1e-6 * fabs(bound);
    double pinned_points = 0;
    for (size_t i = 0; i < s->nbuckets; i++) {
        const md_bucket *b = &s->buckets[i];
        if (b->n && fabs(b->min - bound) <= tol && fabs(b->max - bound) <= tol)
            pinned_points += b->n;
    }
    return md_known(pinned_points / (double)s->finite);
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
