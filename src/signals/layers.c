/* Per-layer gradient norms ("grad_norm/layer3", Lightning's
 * "grad_2.0_norm/encoder.weight"): the layer whose gradient vanished while
 * the global norm, dominated by the last layers, looks fine. */
#include <math.h>
#include <string.h>

#include "signals/signals_int.h"

static const char *const layer_prefixes[] = {"grad_norm_", "grad_2_0_norm_", "gradient_norm_", "grad_l2_norm_"};

/* A grad-norm prefix followed by a layer's name; not the total, and not a
 * second series of the global norm (grad_norm_2). */
static bool is_layer_grad(const char *name)
{
    for (size_t i = 0; i < MD_COUNT(layer_prefixes); i++) {
        size_t n = strlen(layer_prefixes[i]);
        if (strncmp(name, layer_prefixes[i], n) != 0)
            continue;
        const char *rest = name + n;
        if (strcmp(rest, "total") == 0 || strspn(rest, "0123456789") == strlen(rest))
            return false;
        return true;
    }
    return false;
}

/* The layer series with the smallest end level, skipping layers whose
 * gradient is mostly exactly 0 (frozen, not vanishing). Sets *count to the
 * layer series seen and *largest to the largest end level; -1 when none. */
static long weakest_layer(md_sigset *sig, double *count, double *smallest, double *largest)
{
    const md_store *st = md_sigset_store(sig);
    int end = md_series_feature_find("end_level"), zero = md_series_feature_find("zero_frac");
    long weakest = -1;
    *count = 0;
    *smallest = INFINITY;
    *largest = -INFINITY;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        if (!is_layer_grad(s->name))
            continue;
        md_value level = md_signal_series(sig, s->name, end), zeros = md_signal_series(sig, s->name, zero);
        if (!level.known || (zeros.known && zeros.v >= 0.5))
            continue;
        (*count)++;
        if (level.v < *smallest) {
            *smallest = level.v;
            weakest = (long)i;
        }
        if (level.v > *largest)
            *largest = level.v;
    }
    return weakest;
}

md_value md_layer_grad_signal(md_sigset *sig, const char *feature)
{
    double count, smallest, largest;
    long weakest = weakest_layer(sig, &count, &smallest, &largest);
    if (strcmp(feature, "layer_grads") == 0)
        return md_known(count);
    if (weakest < 0)
        return md_unknown();
    if (strcmp(feature, "layer_grad_min") == 0)
        return md_known(smallest);
    if (strcmp(feature, "layer_grad_max") == 0)
        return md_known(largest);
    return md_unknown();
}

const char *md_layer_grad_weakest(md_sigset *sig)
{
    double count, smallest, largest;
    long weakest = weakest_layer(sig, &count, &smallest, &largest);
    return weakest < 0 ? NULL : md_store_series(md_sigset_store(sig), (size_t)weakest)->name;
}
