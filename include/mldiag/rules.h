/* Rules: the symptom -> cause -> fix tables, loaded from rule files (the
 * default set is compiled into the binary), checked and compiled once, then
 * evaluated against a run's signals. */
#ifndef MLDIAG_RULES_H
#define MLDIAG_RULES_H

#include "mldiag/catalog.h"
#include "mldiag/diag.h"
#include "mldiag/finding.h"
#include "mldiag/signal.h"

typedef struct md_ruleset md_ruleset;

md_ruleset *md_ruleset_new(void);
void md_ruleset_free(md_ruleset *rs);

/* Queues the default rule files compiled into the binary; or of them only
 * the catalog (series and events), which rules of one's own refer to. */
void md_ruleset_add_builtin(md_ruleset *rs);
void md_ruleset_add_builtin_catalog(md_ruleset *rs);
/* Queues a rule file, or every *.rules file of a directory in name order.
 * Returns false (with a diagnostic) when the path cannot be read. */
bool md_ruleset_add_path(md_ruleset *rs, const char *path, md_diags *diags);
/* Queues rule text under a name used in diagnostics. */
void md_ruleset_add_text(md_ruleset *rs, const char *name, const char *text, size_t n);

/* Parses and compiles everything queued. Returns MD_OK, or MD_ERR_RULES with
 * every error in diags; a ruleset that failed to compile must not be used. */
md_err md_ruleset_compile(md_ruleset *rs, md_diags *diags);

const md_catalog *md_ruleset_catalog(const md_ruleset *rs);

/* Read-only views of the compiled rules, for `mldiag rules list|show`. */
typedef struct md_cause_view {
    const char *id;
    const char *text;
    const char *score; /* the expression's source, or NULL */
    const char *const *checks;
    size_t nchecks;
    const char *const *fixes;
    size_t nfixes;
} md_cause_view;

typedef struct md_rule_view {
    const char *id, *title, *symptom;
    md_severity severity;
    const char *when, *confidence, *step, *benign;
    const char *const *tags;
    size_t ntags;
    const char *const *suppresses;
    size_t nsuppresses;
    size_t ncauses;
    size_t nlets; /* named expressions: md_ruleset_let */
    const char *path;
    unsigned long line;
    bool builtin; /* of a rule file built into the binary */
} md_rule_view;

size_t md_ruleset_nrules(const md_ruleset *rs);
void md_ruleset_rule(const md_ruleset *rs, size_t i, md_rule_view *out);
void md_ruleset_cause(const md_ruleset *rs, size_t rule, size_t i, md_cause_view *out);
/* The rule's i-th "let NAME = expression": its name and text. */
void md_ruleset_let(const md_ruleset *rs, size_t rule, size_t i, const char **name, const char **text);
/* Index of a rule by id, or -1. */
long md_ruleset_find(const md_ruleset *rs, const char *id);

/* Evaluates every rule against the run's signals and ranks the findings:
 * by severity, then confidence, then earliest step; a finding's
 * `suppresses` drops the findings it explains. out is the caller's to free
 * with md_findings_free. */
void md_rules_eval(const md_ruleset *rs, md_sigset *sig, md_findings *out);

#endif
