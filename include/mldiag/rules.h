/* Rules: the symptom -> cause -> fix tables, loaded from rule files (the
 * default set is compiled into the binary), checked and compiled once, then
 * evaluated against a run's signals. */
#ifndef MLDIAG_RULES_H
#define MLDIAG_RULES_H

#include "mldiag/catalog.h"
#include "mldiag/diag.h"

typedef struct md_ruleset md_ruleset;

md_ruleset *md_ruleset_new(void);
void md_ruleset_free(md_ruleset *rs);

/* Queues the default rule files compiled into the binary. */
void md_ruleset_add_builtin(md_ruleset *rs);
/* Queues a rule file, or every *.rules file of a directory in name order.
 * Returns false (with a diagnostic) when the path cannot be read. */
bool md_ruleset_add_path(md_ruleset *rs, const char *path, md_diags *diags);
/* Queues rule text under a name used in diagnostics. */
void md_ruleset_add_text(md_ruleset *rs, const char *name, const char *text, size_t n);

/* Parses and compiles everything queued. Returns MD_OK, or MD_ERR_RULES with
 * every error in diags; a ruleset that failed to compile must not be used. */
md_err md_ruleset_compile(md_ruleset *rs, md_diags *diags);

const md_catalog *md_ruleset_catalog(const md_ruleset *rs);

#endif
