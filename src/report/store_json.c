/* What the readers found, as JSON: the inputs, series and events that the
 * JSON report and `mldiag series --format json` both write. */
#include <math.h>

#include "report/store_json.h"

void store_json_inputs(jsonw *w, const md_store *st)
{
    jsonw_key(w, "inputs");
    jsonw_array(w);
    for (size_t i = 0; i < md_store_ninputs(st); i++) {
        const md_input *in = md_store_input(st, i);
        jsonw_object(w);
        jsonw_key(w, "path");
        jsonw_str(w, in->path);
        jsonw_key(w, "format");
        jsonw_str(w, md_format_name(in->format));
        jsonw_key(w, "bytes");
        jsonw_int(w, (int64_t)in->bytes);
        jsonw_key(w, "lines");
        jsonw_int(w, (int64_t)in->lines);
        jsonw_key(w, "points");
        jsonw_int(w, (int64_t)in->points);
        jsonw_key(w, "cut_short");
        jsonw_bool(w, in->cut_short);
        jsonw_object_end(w);
    }
    jsonw_array_end(w);
}

/* A step, or null where there is none (-1). */
static void step_or_null(jsonw *w, int64_t step)
{
    if (step >= 0)
        jsonw_int(w, step);
    else
        jsonw_null(w);
}

static void buckets(jsonw *w, const md_series *s)
{
    jsonw_key(w, "buckets");
    jsonw_array(w);
    for (size_t b = 0; b < s->nbuckets; b++) {
        const md_bucket *k = &s->buckets[b];
        jsonw_array(w);
        jsonw_int(w, k->lo_step);
        jsonw_int(w, k->hi_step);
        jsonw_int(w, k->n);
        jsonw_int(w, k->nonfinite);
        jsonw_num(w, k->n ? k->sum / k->n : NAN);
        jsonw_num(w, k->n ? k->min : NAN);
        jsonw_num(w, k->n ? k->max : NAN);
        jsonw_array_end(w);
    }
    jsonw_array_end(w);
}

void store_json_series(jsonw *w, const md_store *st, unsigned flags)
{
    jsonw_key(w, "series");
    jsonw_array(w);
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        jsonw_object(w);
        jsonw_key(w, "name");
        jsonw_str(w, s->name);
        jsonw_key(w, "source_names");
        jsonw_array(w);
        for (size_t k = 0; k < s->nsources; k++)
            jsonw_str(w, s->sources[k]);
        jsonw_array_end(w);
        if (flags & STORE_JSON_DETAIL) {
            jsonw_key(w, "kind");
            jsonw_str(w, md_kind_name(s->kind));
        }
        jsonw_key(w, "count");
        jsonw_int(w, (int64_t)s->count);
        jsonw_key(w, "runs");
        jsonw_int(w, (int64_t)s->runs);
        if (flags & STORE_JSON_DETAIL) {
            jsonw_key(w, "steps");
            jsonw_str(w, s->ordinal ? "entries" : "steps");
        }
        jsonw_key(w, "first_step");
        jsonw_int(w, s->first_step);
        jsonw_key(w, "last_step");
        jsonw_int(w, s->last_step);
        if (!(flags & STORE_JSON_DETAIL)) {
            jsonw_key(w, "steps_are_entries");
            jsonw_bool(w, s->ordinal);
        }
        jsonw_key(w, "first");
        jsonw_num(w, s->first);
        jsonw_key(w, "last");
        jsonw_num(w, s->last);
        jsonw_key(w, "min");
        jsonw_num(w, s->finite ? s->min : NAN);
        jsonw_key(w, "max");
        jsonw_num(w, s->finite ? s->max : NAN);
        jsonw_key(w, "nonfinite");
        jsonw_int(w, (int64_t)(s->nan + s->inf));
        if (flags & STORE_JSON_DETAIL) {
            jsonw_key(w, "first_nonfinite_step");
            step_or_null(w, s->first_nonfinite_step);
        }
        if (flags & STORE_JSON_BUCKETS)
            buckets(w, s);
        jsonw_object_end(w);
    }
    jsonw_array_end(w);
}

void store_json_events(jsonw *w, const md_store *st)
{
    jsonw_key(w, "events");
    jsonw_array(w);
    for (size_t i = 0; i < md_store_nevents(st); i++) {
        const md_event *e = md_store_event_at(st, i);
        jsonw_object(w);
        jsonw_key(w, "id");
        jsonw_str(w, e->id);
        jsonw_key(w, "count");
        jsonw_int(w, (int64_t)e->count);
        jsonw_key(w, "first_line");
        jsonw_int(w, (int64_t)e->first_line);
        jsonw_key(w, "first_step");
        step_or_null(w, e->first_step);
        jsonw_key(w, "text");
        jsonw_str(w, e->first_text);
        jsonw_key(w, "fields");
        jsonw_object(w);
        for (size_t f = 0; f < e->nfields; f++) {
            if (!e->fields[f].n)
                continue;
            jsonw_key(w, e->fields[f].name);
            jsonw_num(w, e->fields[f].last);
        }
        jsonw_object_end(w);
        jsonw_object_end(w);
    }
    jsonw_array_end(w);
}
