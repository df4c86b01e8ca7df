/* Expressions of the rule language, compiled once and evaluated against a
 * run's signals:
 *
 *   numbers, signals (loss.plateau_frac, event.cuda_oom.tried_gib,
 *   log.max_gap_s, run.progress), + - * /, < <= > >= == !=,
 *   && || ! (and or not), parentheses, true, false, and the functions
 *   has(series), defined(expr), default(expr, fallback), min(a, b, ...),
 *   max(a, b, ...), abs(x), ln(x), exp(x), sqrt(x), clamp(x, lo, hi).
 *
 * Values are numbers or unknown. Arithmetic and comparisons with unknown
 * are unknown, as are division by zero and ln of a non-positive number;
 * && and || follow Kleene's logic (false && unknown is false, true ||
 * unknown is true); defined() and has() are always known, and default()
 * is known when its fallback is. */
#ifndef MLDIAG_EXPR_H
#define MLDIAG_EXPR_H

#include "mldiag/catalog.h"
#include "mldiag/signal.h"

typedef struct md_expr md_expr;

typedef struct md_expr_error {
    size_t offset; /* byte in the text where the problem is */
    size_t width;  /* bytes to underline */
    char msg[160];
    char help[160]; /* a suggestion, or empty */
} md_expr_error;

/* Compiles text against the catalog's series and events. Returns NULL and
 * fills *err on a syntax error or an unknown name. */
md_expr *md_expr_compile(const char *text, const md_catalog *cat, md_expr_error *err);
void md_expr_free(md_expr *e);
const char *md_expr_text(const md_expr *e);

/* Why a value came out unknown: the first unknown signal evaluation met,
 * e.g. "no grad_norm series" or "loss.plateau_frac is unknown". */
typedef struct md_expr_why {
    char text[160];
} md_expr_why;

/* Evaluates e; why may be NULL. */
md_value md_expr_eval(const md_expr *e, md_sigset *sig, md_expr_why *why);

/* Whether a step expression gives log entry numbers, not steps: it names a
 * series whose steps are entry numbers, or it names no series (a run
 * signal such as run.worst_val_best_step) and the run gave no step at all.
 * e may be NULL. */
bool md_expr_counts_entries(const md_expr *e, md_sigset *sig);

/* The first series e names that the run holds, directly or through a run
 * feature that ranks series (run.worst_val_best_step), or NULL: the series
 * a finding's step expression reads it from. The name is e's or the
 * store's. e may be NULL. */
const char *md_expr_first_series(const md_expr *e, md_sigset *sig);

/* The signals e reads and their values, "loss.rise_z = 2.13, lr.max =
 * unknown", each once and in order, appended to out: what a failed
 * condition held. */
void md_expr_signal_values(const md_expr *e, md_sigset *sig, md_buf *out);

/* Whether the expression is only numbers and operators (no signal). */
bool md_expr_is_constant(const md_expr *e);

#endif
