/* Shared by tests/check_fastpath.c and fuzz_fastpath.c: an input read the
 * slow way and a fast way (each reader with its fast path on or off, its
 * feed threaded or not), and the first difference between the stores and
 * diagnostics the two leave. The fast paths must leave both alike, to the
 * bit. */
#ifndef MLDIAG_SAME_STORE_H
#define MLDIAG_SAME_STORE_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mldiag/reader.h"
#include "mldiag/source.h"
#include "mldiag/store.h"
#include "reader/reader_int.h"

typedef struct reading {
    md_store *st;
    md_diags diags;
    md_err err;
} reading;

/* Reads data as one input of format fmt (text, CSV or JSON Lines). */
static inline reading read_input(const md_catalog *cat, const void *data, size_t n, md_format fmt, bool fast,
                                 bool threaded)
{
    reading out;
    md_diags_init(&out.diags);
    out.st = md_store_new(cat);
    out.err = MD_ERR_IO;
    md_source *src = md_source_memory(data, n, "input");
    if (!src)
        return out;
    md_store_begin_input(out.st, "input", fmt);
    if (fmt == MD_FMT_CSV)
        out.err = md_read_csv_with(out.st, src, &out.diags, fast, threaded);
    else if (fmt == MD_FMT_JSONL)
        out.err = md_read_jsonl_with(out.st, src, &out.diags, fast, threaded);
    else
        out.err = md_read_text_with(out.st, src, cat, &out.diags, fast, threaded);
    md_store_input_mut(out.st, 0)->bytes = md_source_bytes(src);
    md_source_close(src);
    return out;
}

static inline void reading_free(reading *r)
{
    md_store_free(r->st);
    md_diags_free(&r->diags);
}

/* Writes what differs into why; always true, for "return differ(...)". */
static inline bool differ(char *why, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return true;
}

/* Doubles alike to the bit: NaN equals NaN, 0.0 differs from -0.0. */
static inline bool same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

#define DIFF_INT(a, b, what)                                                                       \
    do {                                                                                           \
        if ((a) != (b))                                                                            \
            return differ(why, cap, "%s differs", what);                                           \
    } while (0)
#define DIFF_F64(a, b, what)                                                                       \
    do {                                                                                           \
        if (!same_bits((a), (b)))                                                                  \
            return differ(why, cap, "%s differs: %.17g %.17g", what, (double)(a), (double)(b));   \
    } while (0)

static inline bool series_differ(const md_series *a, const md_series *b, char *why, size_t cap)
{
    if (strcmp(a->name, b->name) != 0)
        return differ(why, cap, "series %s and %s", a->name, b->name);
    DIFF_INT(a->nsources, b->nsources, "sources");
    for (size_t i = 0; i < a->nsources; i++)
        if (strcmp(a->sources[i], b->sources[i]) != 0)
            return differ(why, cap, "%s: source names differ", a->name);
    DIFF_INT(a->input, b->input, "input");
    DIFF_INT(a->kind, b->kind, "kind");
    DIFF_INT(a->ordinal, b->ordinal, "ordinal");
    DIFF_INT(a->count, b->count, "count");
    DIFF_INT(a->finite, b->finite, "finite");
    DIFF_INT(a->nan, b->nan, "nan");
    DIFF_INT(a->inf, b->inf, "inf");
    DIFF_INT(a->zeros, b->zeros, "zeros");
    DIFF_INT(a->first_zero_step, b->first_zero_step, "first_zero_step");
    DIFF_INT(a->first_positive_step, b->first_positive_step, "first_positive_step");
    DIFF_INT(a->first_step, b->first_step, "first_step");
    DIFF_INT(a->last_step, b->last_step, "last_step");
    DIFF_INT(a->first_nonfinite_step, b->first_nonfinite_step, "first_nonfinite_step");
    DIFF_INT(a->last_nonfinite_step, b->last_nonfinite_step, "last_nonfinite_step");
    DIFF_INT(a->trailing_nonfinite, b->trailing_nonfinite, "trailing_nonfinite");
    DIFF_INT(a->at_min, b->at_min, "at_min");
    DIFF_INT(a->at_max, b->at_max, "at_max");
    DIFF_INT(a->better, b->better, "better");
    for (size_t i = 0; i < MD_PRINT_SLOTS; i++)
        DIFF_INT(a->printed_decimals[i], b->printed_decimals[i], "printed decimals");
    for (size_t i = 0; i < MD_PRINT_SLOTS; i++)
        DIFF_INT(a->printed_zero_decimals[i], b->printed_zero_decimals[i], "printed zero decimals");
    DIFF_INT(a->min_step, b->min_step, "min_step");
    DIFF_INT(a->max_step, b->max_step, "max_step");
    DIFF_INT(a->restarts, b->restarts, "restarts");
    DIFF_F64(a->first, b->first, "first");
    DIFF_F64(a->last, b->last, "last");
    DIFF_F64(a->last_raw, b->last_raw, "last_raw");
    DIFF_F64(a->min, b->min, "min");
    DIFF_F64(a->max, b->max, "max");
    DIFF_F64(a->mean, b->mean, "mean");
    DIFF_F64(a->m2, b->m2, "m2");
    DIFF_INT(a->nbuckets, b->nbuckets, "nbuckets");
    DIFF_INT(a->width, b->width, "bucket width");
    if (memcmp(a->buckets, b->buckets, a->nbuckets * sizeof *a->buckets) != 0)
        return differ(why, cap, "%s: buckets differ", a->name);
    DIFF_INT(a->nspikes, b->nspikes, "spikes");
    for (size_t i = 0; i < a->nspikes; i++) {
        const md_spike *x = &a->spikes[i], *y = &b->spikes[i];
        DIFF_INT(x->step, y->step, "spike step");
        DIFF_INT(x->peak_step, y->peak_step, "spike peak step");
        DIFF_INT(x->length, y->length, "spike length");
        DIFF_INT(x->recovered, y->recovered, "spike recovery");
        DIFF_F64(x->peak, y->peak, "spike peak");
        DIFF_F64(x->level, y->level, "spike level");
        DIFF_F64(x->ratio, y->ratio, "spike ratio");
    }
    DIFF_INT(a->spike_count, b->spike_count, "spike count");
    DIFF_INT(a->spike_points, b->spike_points, "spike points");
    DIFF_INT(a->spikes_fast + 2 * a->spikes_slow + 3 * a->spikes_open,
             b->spikes_fast + 2 * b->spikes_slow + 3 * b->spikes_open, "spike recoveries");
    return false;
}

static inline bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static inline bool event_differs(const md_event *a, const md_event *b, char *why, size_t cap)
{
    if (strcmp(a->id, b->id) != 0)
        return differ(why, cap, "events %s and %s", a->id, b->id);
    DIFF_INT(a->count, b->count, "event count");
    DIFF_INT(a->first_line, b->first_line, "event first line");
    DIFF_INT(a->last_line, b->last_line, "event last line");
    DIFF_INT(a->first_step, b->first_step, "event first step");
    DIFF_INT(a->last_step, b->last_step, "event last step");
    if (!same_text(a->first_text, b->first_text) || !same_text(a->last_text, b->last_text))
        return differ(why, cap, "%s: event text differs", a->id);
    DIFF_INT(a->nfields, b->nfields, "event fields");
    for (size_t i = 0; i < a->nfields; i++) {
        DIFF_INT(a->fields[i].n, b->fields[i].n, "event field count");
        DIFF_F64(a->fields[i].first, b->fields[i].first, "event field first");
        DIFF_F64(a->fields[i].last, b->fields[i].last, "event field last");
        DIFF_F64(a->fields[i].min, b->fields[i].min, "event field min");
        DIFF_F64(a->fields[i].max, b->fields[i].max, "event field max");
    }
    return false;
}

static inline bool input_differs(const md_input *a, const md_input *b, char *why, size_t cap)
{
    DIFF_INT(a->format, b->format, "format");
    DIFF_INT(a->bytes, b->bytes, "bytes");
    DIFF_INT(a->lines, b->lines, "lines");
    DIFF_INT(a->records, b->records, "records");
    DIFF_INT(a->points, b->points, "points");
    DIFF_INT(a->events, b->events, "events");
    DIFF_INT(a->cut_lines, b->cut_lines, "cut lines");
    DIFF_INT(a->bad_records, b->bad_records, "bad records");
    DIFF_INT(a->cut_short, b->cut_short, "cut short");
    DIFF_INT(a->declared_total, b->declared_total, "declared total");
    DIFF_INT(a->last_step_seen, b->last_step_seen, "last step seen");
    DIFF_INT(a->time.stamps, b->time.stamps, "stamps");
    DIFF_F64(a->time.first, b->time.first, "first stamp");
    DIFF_F64(a->time.last, b->time.last, "last stamp");
    DIFF_F64(a->time.max_gap, b->time.max_gap, "max gap");
    DIFF_INT(a->time.max_gap_line, b->time.max_gap_line, "max gap line");
    if (memcmp(a->time.gap_hist, b->time.gap_hist, sizeof a->time.gap_hist) != 0)
        return differ(why, cap, "gaps differ");
    return false;
}

/* The first difference between two readings of one input, into why;
 * false when they are alike. Sorts both stores' series. */
static inline bool readings_differ(reading *a, reading *b, char *why, size_t cap)
{
    if (a->err != b->err)
        return differ(why, cap, "error %d, want %d", b->err, a->err);
    DIFF_INT(a->diags.n, b->diags.n, "diagnostics");
    DIFF_INT(a->diags.warnings, b->diags.warnings, "warnings");
    for (size_t i = 0; i < a->diags.n; i++) {
        DIFF_INT(a->diags.v[i].level, b->diags.v[i].level, "diagnostic level");
        DIFF_INT(a->diags.v[i].line, b->diags.v[i].line, "diagnostic line");
        DIFF_INT(a->diags.v[i].col, b->diags.v[i].col, "diagnostic column");
        if (strcmp(a->diags.v[i].msg, b->diags.v[i].msg) != 0)
            return differ(why, cap, "\"%s\" and \"%s\"", a->diags.v[i].msg, b->diags.v[i].msg);
    }
    md_store_sort(a->st);
    md_store_sort(b->st);
    DIFF_INT(md_store_nseries(a->st), md_store_nseries(b->st), "number of series");
    for (size_t i = 0; i < md_store_nseries(a->st); i++)
        if (series_differ(md_store_series(a->st, i), md_store_series(b->st, i), why, cap))
            return true;
    DIFF_INT(md_store_nevents(a->st), md_store_nevents(b->st), "number of events");
    for (size_t i = 0; i < md_store_nevents(a->st); i++)
        if (event_differs(md_store_event_at(a->st, i), md_store_event_at(b->st, i), why, cap))
            return true;
    DIFF_INT(md_store_ninputs(a->st), md_store_ninputs(b->st), "inputs");
    for (size_t i = 0; i < md_store_ninputs(a->st); i++)
        if (input_differs(md_store_input(a->st, i), md_store_input(b->st, i), why, cap))
            return true;
    DIFF_INT(md_store_dropped_series(a->st), md_store_dropped_series(b->st), "dropped series");
    DIFF_INT(md_store_total_points(a->st), md_store_total_points(b->st), "total points");
    return false;
}

#undef DIFF_INT
#undef DIFF_F64

#endif
