/* mldiag compare BASE NEW: did a change make training worse? */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/run.h"
#include "mldiag/report.h"

static const char usage[] =
    "Usage: mldiag compare [OPTIONS] BASE NEW\n"
    "Compare a run with a known-good baseline: loss and val_loss at matched steps\n"
    "(relative gap over the run, at the end, at the best), the step at which NEW\n"
    "reaches BASE's final loss, findings NEW has that BASE had not, and speed.\n"
    "BASE and NEW are each a log, a metrics file or a run directory.\n"
    "\n"
    "  -f, --format FMT        text (default), markdown or json\n"
    "  -o, --output FILE       write the report to FILE (atomically)\n"
    "      --tolerance X       gaps up to X (a fraction 0..10, default 0.02) are not worse\n"
    "      --fail-on SEV       a new finding at least SEV counts as worse (default error)\n"
    "      --exit-status       exit 1 when NEW is worse\n"
    "      --rules PATH        add rule files\n"
    "      --no-default-rules  use only the rules given with --rules (built-in series\n"
    "                          and events stay)\n"
    "  -h, --help              show this help\n";

typedef struct compare_opts {
    md_compare_format format;
    const char *output;
    double tolerance;
    md_severity fail_on;
    bool exit_status;
    cli_rules rules;
} compare_opts;

enum { OPT_TOLERANCE = 256, OPT_FAIL_ON, OPT_EXIT_STATUS, OPT_RULES, OPT_NO_DEFAULT };

static int parse(int argc, char **argv, compare_opts *o)
{
    static const struct option opts[] = {{"format", required_argument, NULL, 'f'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"tolerance", required_argument, NULL, OPT_TOLERANCE},
                                         {"fail-on", required_argument, NULL, OPT_FAIL_ON},
                                         {"exit-status", no_argument, NULL, OPT_EXIT_STATUS},
                                         {"rules", required_argument, NULL, OPT_RULES},
                                         {"no-default-rules", no_argument, NULL, OPT_NO_DEFAULT},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "f:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (strcmp(optarg, "text") == 0)
                o->format = MD_COMPARE_TEXT;
            else if (strcmp(optarg, "markdown") == 0)
                o->format = MD_COMPARE_MARKDOWN;
            else if (strcmp(optarg, "json") == 0)
                o->format = MD_COMPARE_JSON;
            else
                return cli_usage_error("compare", "unknown format '%s' (text, markdown or json)", optarg);
            break;
        case 'o':
            o->output = optarg;
            break;
        case OPT_TOLERANCE:
            if (!cli_parse_tolerance("compare", optarg, &o->tolerance))
                return EXIT_USAGE;
            break;
        case OPT_FAIL_ON:
            if (!cli_parse_severity("compare", "fail-on", optarg, &o->fail_on))
                return EXIT_USAGE;
            break;
        case OPT_EXIT_STATUS:
            o->exit_status = true;
            break;
        case OPT_RULES:
            cli_rules_add(&o->rules, optarg);
            break;
        case OPT_NO_DEFAULT:
            o->rules.no_default = true;
            break;
        case 'h':
            fputs(usage, stdout);
            return -1;
        default:
            return cli_usage_error("compare", NULL);
        }
    }
    if (argc - optind != 2)
        return cli_usage_error("compare", "compare takes two runs: BASE and NEW");
    return 0;
}

/* Loads and analyses one run; prints its diagnostics. */
static md_err analyse(const char *path, const md_ruleset *rs, md_store **st, md_findings *f)
{
    md_diags diags;
    md_diags_init(&diags);
    md_err err = md_run_analyze(&path, 1, rs, &diags, st, f);
    cli_print_diags(&diags);
    md_diags_free(&diags);
    return err;
}

int cmd_compare(int argc, char **argv)
{
    compare_opts o = {MD_COMPARE_TEXT, NULL, 0.02, MD_SEV_ERROR, false, {0}};
    int code = parse(argc, argv, &o);
    if (code) {
        cli_rules_free(&o.rules);
        return code < 0 ? EXIT_CLEAN : code;
    }
    if (cli_output_is_input("compare", o.output, (const char *const *)argv + optind, 2) ||
        cli_stdin_once("compare", (const char *const *)argv + optind, 2)) {
        cli_rules_free(&o.rules);
        return EXIT_USAGE;
    }
    md_ruleset *rs = cli_load_rules_to_run(&o.rules, "compare", &code);
    cli_rules_free(&o.rules);
    if (!rs)
        return code;
    const char *base_path = argv[optind], *new_path = argv[optind + 1];
    md_store *base = NULL, *next = NULL;
    md_findings fb = {0}, fn = {0};
    md_err err = analyse(base_path, rs, &base, &fb);
    if (err == MD_OK)
        err = analyse(new_path, rs, &next, &fn);
    code = cli_exit_for(err);
    if (err == MD_OK) {
        md_comparison c;
        md_compare(base, &fb, next, &fn, o.tolerance, o.fail_on, &c);
        md_buf out = {0};
        md_render_compare(&c, base_path, new_path, o.format, &out);
        code = cli_write_output(o.output, &out) ? EXIT_CLEAN : EXIT_INPUT;
        if (code == EXIT_CLEAN && o.exit_status && c.worse.n)
            code = EXIT_FINDINGS;
        md_buf_free(&out);
        md_comparison_free(&c);
    }
    md_findings_free(&fb);
    md_findings_free(&fn);
    md_store_free(base);
    md_store_free(next);
    md_ruleset_free(rs);
    return code;
}
