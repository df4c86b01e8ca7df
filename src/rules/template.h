/* Evidence, check and fix texts with {expression} interpolation:
 * "first NaN at step {loss.first_nonfinite_step}", "{loss.plateau_frac:%}
 * of the run", "{event.exception.text}". Formats after ':' are % (a share
 * as a percentage), x (a ratio, "3.2x"), int, dur (seconds as "2h 5m") and
 * step ("step 120", or "log entry 120" when the run's steps are entries).
 * "{{" and "}}" are literal braces. */
#ifndef MLDIAG_RULES_TEMPLATE_H
#define MLDIAG_RULES_TEMPLATE_H

#include "rules/expr_int.h"

typedef struct md_template md_template;

/* lets: the rule's named expressions, or NULL. */
md_template *md_template_compile(const char *text, const md_catalog *cat, const md_expr_lets *lets,
                                 md_expr_error *err);
/* A template compiled at its first render: the built-in rules' texts,
 * which the tests compile, most of which a run never shows. text, cat and
 * lets are borrowed and must outlive it. */
md_template *md_template_defer(const char *text, const md_catalog *cat, const md_expr_lets *lets);
void md_template_free(md_template *t);
/* Appends the text with every value filled in. Returns false (and leaves
 * "?" in place) when a value is unknown. */
bool md_template_render(md_template *t, md_sigset *sig, md_buf *out);

#endif
