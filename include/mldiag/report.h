/* Reports: renderers from the engine's models into bytes. The CLI decides
 * where the bytes go. */
#ifndef MLDIAG_REPORT_H
#define MLDIAG_REPORT_H

#include "mldiag/finding.h"
#include "mldiag/store.h"

typedef enum { MD_SERIES_CSV, MD_SERIES_JSON } md_series_format;

/* What the readers found: inputs, series and events, optionally with every
 * series' buckets. */
void md_render_series(const md_store *st, md_series_format fmt, bool buckets, md_buf *out);

struct md_sigset;
/* Every series feature of every series, as CSV (series,feature,value) or
 * JSON ({"series": {"feature": value}}); unknown values are empty / null. */
void md_render_signals(struct md_sigset *sig, md_series_format fmt, md_buf *out);

typedef struct md_report_opts {
    bool color;   /* ANSI colours (the CLI decides: tty, NO_COLOR, --color) */
    int width;    /* wrap text at this many columns */
    bool verbose; /* also list the rules that could not be evaluated */
    bool quiet;   /* one line per finding */
} md_report_opts;

/* The findings for a terminal: inputs, then the numbered checklist. */
void md_render_text(const md_store *st, const md_findings *f, const md_report_opts *o, md_buf *out);

/* The findings as JSON, schema 1 (documented in README.md). */
void md_render_json(const md_store *st, const md_findings *f, md_buf *out);

#endif
