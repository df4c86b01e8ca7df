/* mldiag: diagnose machine learning training runs from the logs they left. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char usage[] =
    "Usage: mldiag COMMAND [OPTIONS] PATH...\n"
    "Diagnose a training run from its logs: what went wrong, the evidence, the\n"
    "likely causes and how to fix them.\n"
    "\n"
    "Commands:\n"
    "  analyze  PATH...    report on a run (files, run directories, - for stdin)\n"
    "  check    PATH...    the same, terse, for CI: --fail-on SEV, --expect EXPR\n"
    "  compare  BASE NEW   what got worse against a known-good run\n"
    "  watch    PATH       follow a growing log, report findings as they appear\n"
    "  series   PATH...    the series and events mldiag reads (csv or json)\n"
    "  rules    list | show ID... | lint FILE... | signals\n"
    "\n"
    "Run 'mldiag COMMAND --help' for a command's options.\n"
    "\n"
    "Exit status: 0 report produced, 1 findings at or above --fail-on,\n"
    "2 usage error, 3 rule-file errors, 4 unreadable input or no data,\n"
    "5 internal error.\n";

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"analyze", cmd_analyze},
    {"check", cmd_check},
    {"compare", cmd_compare},
    {"watch", cmd_watch},
    {"series", cmd_series},
    {"rules", cmd_rules},
};

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error(NULL, "no command given");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        fputs(usage, stdout);
        return EXIT_CLEAN;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        puts("mldiag " MD_VERSION);
        return EXIT_CLEAN;
    }
    for (size_t i = 0; i < MD_COUNT(commands); i++) {
        if (strcmp(name, commands[i].name) == 0) {
            /* getopt names the program in its messages: "mldiag analyze:". */
            char prog[32];
            snprintf(prog, sizeof prog, "mldiag %s", name);
            argv[1] = prog;
            return commands[i].run(argc - 1, argv + 1);
        }
    }
    return cli_usage_error(NULL, "unknown command '%s'", name);
}

int main(int argc, char **argv)
{
    int code = dispatch(argc, argv);
    /* What went to stdout unchecked (--help, --version) must have been
     * written too: a full disk is no success. Reports check their own
     * writes and say so. */
    if (fflush(stdout) != 0 && code == EXIT_CLEAN) {
        fprintf(stderr, "mldiag: cannot write to standard output: %s\n", strerror(errno));
        code = EXIT_INPUT;
    }
    return code;
}
