/* Reports: renderers from the engine's models into bytes. The CLI decides
 * where the bytes go. */
#ifndef MLDIAG_REPORT_H
#define MLDIAG_REPORT_H

#include "mldiag/compare.h"
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

/* A condition mldiag check judged the run by besides its findings: an
 * --expect expression, or a --baseline run. */
typedef enum { MD_GATE_EXPECT, MD_GATE_BASELINE } md_gate_kind;
typedef struct md_gate {
    md_gate_kind kind;
    const char *name; /* the expression, or the baseline's path */
    bool passed;
    char *why;        /* why it failed ("false", "unknown: no grad_norm series", the ways it is worse); NULL when passed */
} md_gate;

/* The findings as JSON, schema 1 (documented in README.md). */
void md_render_json(const md_store *st, const md_findings *f, md_buf *out);
/* The same with the gates check judged the run by, under "gates". */
void md_render_json_gated(const md_store *st, const md_findings *f, const md_gate *gates, size_t ngates,
                          md_buf *out);

/* The findings as GitHub-flavoured Markdown: a summary table, a Mermaid
 * chart of the main curves with the findings' steps called out, then each
 * finding with evidence, causes, a "- [ ]" checklist and fixes. Uses only
 * o->verbose (list the rules not evaluated); o may be NULL. */
void md_render_markdown(const md_store *st, const md_findings *f, const md_report_opts *o,
                        md_buf *out);
/* The same, with check's failed gates first, under "Failed checks". */
void md_render_markdown_gated(const md_store *st, const md_findings *f, const md_report_opts *o,
                              const md_gate *gates, size_t ngates, md_buf *out);

/* What the JUnit report needs besides the findings. tag, when set, gives a
 * rule's first tag (or NULL) for its test case's classname "mldiag.TAG";
 * without it every classname is "mldiag.rules". */
typedef struct md_junit_opts {
    md_severity fail_on; /* findings at or above this are failures */
    const char *(*tag)(const void *ctx, const char *rule_id);
    const void *ctx;
    const md_gate *gates; /* each one more test case, classname mldiag.expect or mldiag.baseline */
    size_t ngates;
} md_junit_opts;

/* JUnit XML for CI: one testsuite named after the inputs, one testcase per
 * rule in f->results. Findings at or above o->fail_on fail, those below
 * pass with their text in <system-out>, rules not evaluated are skipped. */
void md_render_junit(const md_store *st, const md_findings *f, const md_junit_opts *o, md_buf *out);

/* GitHub Actions workflow commands: one "::error file=...,line=...,
 * title=...::message" line per finding (notice for info, warning for
 * warning, error for error and critical), escaped as GitHub requires. */
void md_render_github(const md_store *st, const md_findings *f, md_buf *out);
/* The same, and an "::error title=expectation failed::..." (or "baseline
 * failed") line per failed gate. */
void md_render_github_gated(const md_store *st, const md_findings *f, const md_gate *gates, size_t ngates,
                            md_buf *out);

/* A standalone SVG plot of the main curves (the markdown chart's choice):
 * one panel per series with its own y axis, the buckets' min..max band and
 * mean line, a shared step axis, and the findings' steps as dashed lines. */
void md_render_svg(const md_store *st, const md_findings *f, md_buf *out);

/* s as one Markdown code span (a path, a name), safe in a table cell when
 * table_cell is set: its line breaks blanks, its controls '?', its '|'
 * escaped. */
void md_render_code_span(md_buf *out, const char *s, bool table_cell);

/* A comparison of two runs (mldiag compare): the verdict first, then the
 * aligned curves, speed, and the findings added and resolved. base_name
 * and new_name label the runs. */
typedef enum { MD_COMPARE_TEXT, MD_COMPARE_MARKDOWN, MD_COMPARE_JSON } md_compare_format;
void md_render_compare(const md_comparison *c, const char *base_name, const char *new_name,
                       md_compare_format fmt, md_buf *out);

#endif
