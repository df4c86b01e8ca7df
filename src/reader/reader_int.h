/* Private to src/reader: the pieces the text reader is built from, exposed
 * for unit tests. */
#ifndef MLDIAG_READER_INT_H
#define MLDIAG_READER_INT_H

#include "mldiag/catalog.h"
#include "mldiag/source.h"
#include "mldiag/store.h"

/* A key/value pair found on a log line. key points into the line. */
typedef struct md_kv {
    const char *key;
    size_t keylen;
    double value;
    md_unit unit;
    unsigned flags; /* md_kv_flags */
    double total;   /* T of "N/T" when MD_KV_TOTAL */
    const char *end; /* just past the value's text */
    /* A namespace the key sits under: "Hidden states stats: min=-5.2,
     * max=6.1" gives min and max under "Hidden states stats". */
    const char *ns;
    size_t nslen;
} md_kv;

/* Decides whether a key may take a value separated only by spaces
 * ("step 500", "loss 4.23"); keys followed by ':' or '=' need no check. */
typedef bool (*md_kv_known_fn)(const void *ctx, const char *key, size_t n);

/* Finds the key/value pairs of one line (ANSI escapes already removed, no
 * '\r' or '\n' inside): "loss: 2.3", "loss=2.3", "'loss': 2.3",
 * "lm loss: 7.2E+00 |", "iter 100: loss 4.23, time 12ms", "s:0 trl:11.0",
 * "Epoch [5/650], Train Loss: 0.04", "- loss: 0.21 - val_loss: 0.3".
 * Returns the number of pairs written to out (at most cap). */
size_t md_kv_scan(const char *line, size_t n, md_kv *out, size_t cap, md_kv_known_fn known,
                   const void *ctx);

/* A tqdm progress bar in a line segment. */
typedef struct md_tqdm {
    bool found;
    size_t desc_end;            /* the description is line[0, desc_end) */
    size_t postfix_start, postfix_end; /* "loss=2.6, v_num=..." inside [] */
    double n, total;            /* total < 0 when the bar has none */
    double rate;                /* iterations per second; NaN when unknown */
    bool per_item;              /* rate counts items (examples/s), not steps */
} md_tqdm;

md_tqdm md_tqdm_scan(const char *line, size_t n);

/* Seconds since the epoch of a timestamp in the first bytes of a line
 * ("2024-03-21 02:07:08,123", "[2025-04-01 06:58:03]", "2024-03-21T02:07:08Z",
 * glog "I0321 02:07:08.408271"), or NaN when there is none. *kind tells
 * which form it was: glog stamps carry no year, so gaps are only measured
 * between stamps of one kind. */
typedef enum { MD_STAMP_NONE, MD_STAMP_ISO, MD_STAMP_GLOG } md_stamp_kind;
double md_timestamp_scan(const char *line, size_t n, md_stamp_kind *kind);

/* A phrase of one to four words repeated back to back, as looping
 * generated text does; repeats is 0 when the line has none. */
typedef struct md_repeat {
    size_t repeats, period;
} md_repeat;

md_repeat md_repeat_scan(const char *line, size_t n);

/* Event matching: literal prefilter, then the POSIX regex, then fields. */
typedef struct md_event_matcher md_event_matcher;
md_event_matcher *md_event_matcher_new(const md_catalog *cat);
void md_event_matcher_free(md_event_matcher *m);
/* Matches one line against every event and records matches in the store. */
void md_event_matcher_run(md_event_matcher *m, md_store *st, unsigned long line, const char *text,
                          size_t n);

/* Readers, one per format. Each reads src to its end into the store's
 * current input; problems with single lines or rows become capped warnings. */
md_err md_read_text(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_csv(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_json(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_jsonl(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_mlflow(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_tfevents(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);

#endif
