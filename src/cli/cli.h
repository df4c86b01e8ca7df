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
/* EXIT_USAGE, its message printed, when - (stdin) is among the inputs more
 * than once; 0 otherwise. */
int cli_stdin_once(const char *cmd, const char *const *inputs, size_t n);
/* The same for a command that runs the rules: none to run is a usage error. */
md_ruleset *cli_load_rules_to_run(const cli_rules *r, const char *cmd, int *exit_code);

/* Prints diagnostics to stderr. */
void cli_print_diags(const md_diags *d);
/* Writes out to path atomically (a temporary file renamed into place), or
 * to stdout when path is NULL or "-". A symbolic link is written through
 * (its target is replaced), and a device or FIFO is written to in place.
 * Returns false with a message on stderr when that fails. */
bool cli_write_output(const char *path, const md_buf *out);
/* Whether an output path names one of the inputs (the same file, by
 * device and inode): writing the report there would replace the log; or
 * is empty, no file at all. Prints a usage error naming cmd when so. */
bool cli_output_is_input(const char *cmd, const char *path, const char *const *inputs, size_t n);

/* Several runs at once: one summary row per run (src/cli/many.c). */
typedef enum { CLI_MANY_TEXT, CLI_MANY_MARKDOWN, CLI_MANY_JSON } cli_many_format;
typedef struct cli_many_opts {
    cli_many_format format;
    const char *output;
    int fail_on; /* md_severity, or -1 */
    int jobs;
} cli_many_opts;
/* Analyses each path as a run of its own. Exit status: 4 when a run could
 * not be read, else 1 when a run has a finding at or above fail_on. */
int cli_many_runs(const char *const *paths, size_t n, const md_ruleset *rs, const cli_many_opts *o);

/* Prints "mldiag: message" (when fmt is not NULL: getopt has already
 * described a bad option) and the pointer to --help; returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) MD_PRINTF(2, 3);
/* Option values the subcommands share: --tolerance (a fraction, 0 or more)
 * and --fail-on or --exit-on (a severity, named by opt). Return true, or
 * false with cli_usage_error's message printed. */
bool cli_parse_tolerance(const char *cmd, const char *arg, double *out);
bool cli_parse_severity(const char *cmd, const char *opt, const char *arg, md_severity *out);
int cli_exit_for(md_err err);

int cmd_series(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_watch(int argc, char **argv);

#endif
