/* What the readers found, as the JSON outputs' "inputs", "series" and
 * "events" arrays (store_json.c). */
#ifndef MLDIAG_REPORT_STORE_JSON_H
#define MLDIAG_REPORT_STORE_JSON_H

#include "mldiag/store.h"
#include "report/jsonw.h"

enum {
    /* `mldiag series`: each series' kind, "steps" as a word and its first
     * non-finite step, where the report says steps_are_entries. */
    STORE_JSON_DETAIL = 1,
    STORE_JSON_BUCKETS = 2 /* each series' bucket summaries */
};

void store_json_inputs(jsonw *w, const md_store *st);
void store_json_series(jsonw *w, const md_store *st, unsigned flags);
void store_json_events(jsonw *w, const md_store *st);

#endif
