/* Diagnostics: problems found in the user's input (rule files, log lines),
 * gathered while work goes on and rendered by the CLI at the end. */
#ifndef MLDIAG_DIAG_H
#define MLDIAG_DIAG_H

#include "mldiag/base.h"

typedef enum { MD_DIAG_ERROR, MD_DIAG_WARNING, MD_DIAG_NOTE } md_diag_level;

typedef struct md_diag {
    md_diag_level level;
    char *path;          /* NULL when the problem has no file */
    unsigned long line;  /* 1-based; 0 when unknown */
    unsigned long col;   /* 1-based; 0 when unknown */
    unsigned long width; /* length of the underlined span, 0 for none */
    char *msg;
    char *excerpt; /* the offending source line, or NULL */
    char *help;    /* a suggestion such as "did you mean 'loss.plateau_frac'?" */
} md_diag;

/* Warnings are capped per path; what is over the cap is only counted. */
#define MD_DIAG_WARN_CAP 20

typedef struct md_diag_overflow {
    char *path;
    size_t count;
} md_diag_overflow;

typedef struct md_diags {
    md_diag *v;
    size_t n, cap;
    size_t errors, warnings;
    md_diag_overflow *over;
    size_t nover, capover;
} md_diags;

void md_diags_init(md_diags *d);
void md_diags_free(md_diags *d);

/* Records a diagnostic and returns it (borrowed) so that an excerpt or help
 * can be attached, or NULL when a warning went over the per-path cap. */
md_diag *md_diags_add(md_diags *d, md_diag_level level, const char *path, unsigned long line,
                      unsigned long col, const char *fmt, ...) MD_PRINTF(6, 7);
void md_diag_set_excerpt(md_diag *g, const char *text, size_t n, unsigned long width);
void md_diag_set_help(md_diag *g, const char *fmt, ...) MD_PRINTF(2, 3);

/* Moves every diagnostic of src to the end of dst, leaving src empty. */
void md_diags_move(md_diags *dst, md_diags *src);

/* Renders every diagnostic as GNU-style "mldiag: path:line:col: level: msg"
 * lines with the excerpt, a caret underline and help, then the
 * "...and K more" summaries. */
void md_diags_render(const md_diags *d, md_buf *out);

#endif
