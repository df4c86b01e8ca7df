/* Signals: named numbers computed from the store, never from raw points.
 *
 * A signal is "series.feature" (loss.plateau_frac), "event.ID.feature"
 * (event.cuda_oom.count, event.cuda_oom.tried_gib), "log.feature" or
 * "run.feature". Its value is a number or unknown: the series is absent,
 * has too few points, or the feature does not apply. */
#ifndef MLDIAG_SIGNAL_H
#define MLDIAG_SIGNAL_H

#include "mldiag/store.h"

typedef struct md_value {
    double v;
    bool known;
} md_value;

static inline md_value md_known(double v)
{
    return (md_value){v, true};
}

static inline md_value md_unknown(void)
{
    return (md_value){0, false};
}

typedef struct md_sigset md_sigset;

/* A feature of a series: name, one-line definition, and how it is
 * computed. The table drives `mldiag rules signals`, the rule checker and
 * the README's list. */
typedef md_value (*md_feature_fn)(md_sigset *sig, const md_series *s);

typedef struct md_feature {
    const char *name;
    const char *summary;
    md_feature_fn fn;
} md_feature;

/* Features of the other signal families, evaluated by name. */
typedef struct md_named {
    const char *name;
    const char *summary;
} md_named;

const md_feature *md_series_features(size_t *n);
const md_named *md_event_features(size_t *n);
const md_named *md_log_features(size_t *n);
const md_named *md_run_features(size_t *n);
int md_series_feature_find(const char *name);

/* The signal set of one run: borrows the store, caches what it computes. */
md_sigset *md_sigset_new(const md_store *st);
void md_sigset_free(md_sigset *sig);
const md_store *md_sigset_store(const md_sigset *sig);

/* series.feature; unknown when the series is absent. */
md_value md_signal_series(md_sigset *sig, const char *series, int feature);
/* event.ID.feature, where feature is a name from md_event_features or the
 * name of one of the event's fields (optionally with _first, _min, _max). */
md_value md_signal_event(md_sigset *sig, const char *id, const char *feature);
md_value md_signal_log(md_sigset *sig, const char *feature);
md_value md_signal_run(md_sigset *sig, const char *feature);
/* The series a run feature is read from: run.worst_val_* the validation
 * loss that climbed most, run.worst_score_* the score that fell most; NULL
 * for other features or when there is none. The name is the store's. */
const char *md_signal_run_series(md_sigset *sig, const char *feature);

/* Evaluates any signal by its full name ("loss.last"); unknown when the
 * name is not a signal. For --expect and tests; rules resolve names once. */
md_value md_signal_by_name(md_sigset *sig, const char *name);

/* The last text an event matched ("TypeError: ..."), or NULL. */
const char *md_signal_event_text(md_sigset *sig, const char *id, bool first);

/* Text signals, for evidence templates: event.ID.text, event.ID.last_text,
 * run.worst_val_name. NULL when unknown. */
const char *md_signal_text(md_sigset *sig, const char *name);
const md_named *md_text_signals(size_t *n);

#endif
