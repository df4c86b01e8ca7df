/* Findings: what the rules concluded about a run, ranked. Plain data that
 * the report stage renders. */
#ifndef MLDIAG_FINDING_H
#define MLDIAG_FINDING_H

#include "mldiag/base.h"

/* Ordered so that a larger value is more severe. */
typedef enum { MD_SEV_INFO, MD_SEV_WARNING, MD_SEV_ERROR, MD_SEV_CRITICAL } md_severity;

const char *md_severity_name(md_severity sev);
bool md_severity_parse(const char *s, md_severity *sev);

typedef struct md_strs {
    char **v;
    size_t n;
} md_strs;

typedef struct md_cause {
    const char *id; /* RULE.NAME, borrowed from the ruleset */
    char *text;
    double score; /* the cause's score expression; unknown counts as 0 */
    double share; /* score / sum of the finding's scores */
    md_strs checks, fixes;
} md_cause;

typedef struct md_finding {
    const char *id; /* borrowed from the ruleset, as are title and symptom */
    const char *title;
    const char *symptom;
    md_severity severity;
    md_severity declared; /* before a benign downgrade */
    char *benign;         /* why the pattern is harmless here, or NULL */
    double confidence;    /* 0..1 */
    double step;          /* NaN when unknown */
    bool ordinal_step;    /* step counts log entries, not training steps */
    const char *subject;  /* the series the step is read from, or NULL; borrowed from
                             the ruleset or the store */
    double line;          /* log line of the evidence, NaN when unknown */
    int input;            /* input the line is in, -1 when unknown */
    md_strs evidence;
    md_strs tags;
    md_cause *causes;
    size_t ncauses;
} md_finding;

/* A rule that could not be evaluated, and why ("no grad_norm series"). */
typedef struct md_skipped {
    const char *id;
    char *reason;
} md_skipped;

/* What became of each rule, in rule-file order: for per-rule reports such
 * as JUnit's one test case per rule. */
typedef enum { MD_RULE_CLEAN, MD_RULE_FIRED, MD_RULE_SKIPPED, MD_RULE_SUPPRESSED } md_rule_status;

typedef struct md_rule_result {
    const char *id, *title; /* borrowed from the ruleset */
    md_rule_status status;
    md_severity severity; /* of the finding, when it fired */
} md_rule_result;

typedef struct md_findings {
    md_finding *v;
    size_t n, cap;
    md_skipped *skipped;
    size_t nskipped, capskipped;
    const char **suppressed; /* ids dropped by another finding's suppresses */
    size_t nsuppressed, capsuppressed;
    size_t evaluated; /* rules evaluated */
    md_rule_result *results;
    size_t nresults;
} md_findings;

void md_findings_free(md_findings *f);
/* Frees what one finding owns (not the finding itself). */
void md_finding_fini(md_finding *f);
/* Counts findings of severity sev. */
size_t md_findings_count(const md_findings *f, md_severity sev);
/* Counts findings at or above sev. */
size_t md_findings_at_least(const md_findings *f, md_severity sev);

#endif
