/* Private to src/rules: compiled rules and causes. */
#ifndef MLDIAG_RULES_RULE_H
#define MLDIAG_RULES_RULE_H

#include "mldiag/finding.h"
#include "rules/rules_int.h"
#include "rules/template.h"

typedef struct cause {
    char *id; /* RULE.NAME */
    char *text_src;
    md_template *text;
    md_expr *score;
    md_template **checks;
    char **check_src;
    size_t nchecks;
    md_template **fixes;
    char **fix_src;
    size_t nfixes;
} cause;

typedef struct rule {
    char *id;
    char *title;
    char *symptom;
    md_severity severity;
    char **tags;
    size_t ntags;
    md_expr_lets lets; /* "let NAME = ..." */
    md_expr *when, *confidence, *step, *line, *benign;
    md_template **benign_texts; /* the first that renders complete is used */
    size_t nbenign_texts;
    md_template **evidence;
    size_t nevidence;
    char **suppresses;
    size_t nsuppresses;
    cause *causes;
    size_t ncauses, capcauses;
    const char *path; /* borrowed from the parsed file */
    unsigned long line_no;
    bool builtin; /* of a rule file built into the binary */
} rule;

/* Compiles a [rule] section into r, adding the operations its lets'
 * uses copy to *let_copies (shared by the rules loaded together). Returns
 * the number of errors. */
size_t rule_load(rule *r, const rf_section *s, const md_catalog *cat, size_t *let_copies, md_diags *diags);
/* Compiles a [cause RULE.NAME] section into c; its expressions may use
 * the rule's lets. */
size_t cause_load(cause *c, const rf_section *s, const md_catalog *cat, const md_expr_lets *lets,
                  md_diags *diags);
void rule_fini(rule *r);

struct md_ruleset;
/* The compiled rules of a ruleset, for the engine. */
const rule *md_ruleset_rules(const struct md_ruleset *rs, size_t *n);
void cause_fini(cause *c);

#endif
