/* The command line: the only code that touches argv, stdout, stderr and
 * exit codes. Each subcommand is one file; this header holds what they
 * share. */
#ifndef MLDIAG_CLI_H
#define MLDIAG_CLI_H

#include <stdio.h>

#include "mldiag/diag.h"
#include "mldiag/rules.h"

/* Exit status, documented in README and mldiag.1; never renumbered. */
enum {
    EXIT_CLEAN = 0,    /* report produced, nothing at or above --fail-on */
    EXIT_FINDINGS = 1, /* findings at or above --fail-on, or a failed --expect */
    EXIT_USAGE = 2,
    EXIT_RULES = 3,
    EXIT_INPUT = 4, /* input unreadable, or no metric and no event in it */
    EXIT_INTERNAL = 5
};

/* Options every subcommand that reads rules accepts. */
typedef struct cli_rules {
    const char **paths; /* --rules */
    size_t npaths;
    bool no_default; /* --no-default-rules */
} cli_rules;

void cli_rules_add(cli_rules *r, const char *path);
void cli_rules_free(cli_rules *r);
/* Loads and compiles the rule set; on errors prints them and returns NULL
 * with *exit_code set. */
md_ruleset *cli_load_rules(const cli_rules *r, int *exit_code);

/* Prints diagnostics to stderr. */
void cli_print_diags(const md_diags *d);
/* Writes out to path atomically (a temporary file renamed into place), or
 * to stdout when path is NULL or "-". Returns false with a message on
 * stderr when that fails. */
bool cli_write_output(const char *path, const md_buf *out);

int cli_usage_error(const char *cmd, const char *fmt, ...) MD_PRINTF(2, 3);
int cli_exit_for(md_err err);

int cmd_series(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_rules(int argc, char **argv);

#endif
