/* mldiag series PATH... : the series and events the readers found. */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/run.h"
#include "mldiag/report.h"
#include "mldiag/signal.h"

static const char usage[] =
    "Usage: mldiag series [OPTIONS] PATH...\n"
    "Print the series and events mldiag reads from PATH (a log, a metrics file,\n"
    "a run directory, or - for standard input).\n"
    "\n"
    "  -f, --format FMT        csv (default) or json\n"
    "      --buckets           also print every series' bucket summaries\n"
    "      --signals           print every signal of every series instead\n"
    "  -o, --output FILE       write to FILE instead of standard output\n"
    "      --rules PATH        add rule files (series aliases, event signatures)\n"
    "      --no-default-rules  use only the rules given with --rules (built-in series\n"
    "                          and events stay)\n"
    "  -h, --help              show this help\n";

int cmd_series(int argc, char **argv)
{
    static const struct option opts[] = {
        {"format", required_argument, NULL, 'f'}, {"buckets", no_argument, NULL, 'b'},
        {"signals", no_argument, NULL, 's'},
        {"output", required_argument, NULL, 'o'}, {"rules", required_argument, NULL, 'r'},
        {"no-default-rules", no_argument, NULL, 'n'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    md_series_format fmt = MD_SERIES_CSV;
    bool buckets = false, signals = false;
    const char *output = NULL;
    cli_rules rules = {0};
    int c;
    while ((c = getopt_long(argc, argv, "f:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (strcmp(optarg, "csv") == 0)
                fmt = MD_SERIES_CSV;
            else if (strcmp(optarg, "json") == 0)
                fmt = MD_SERIES_JSON;
            else {
                cli_rules_free(&rules);
                return cli_usage_error("series", "unknown format '%s' (csv or json)", optarg);
            }
            break;
        case 'b':
            buckets = true;
            break;
        case 's':
            signals = true;
            break;
        case 'o':
            output = optarg;
            break;
        case 'r':
            cli_rules_add(&rules, optarg);
            break;
        case 'n':
            rules.no_default = true;
            break;
        case 'h':
            fputs(usage, stdout);
            cli_rules_free(&rules);
            return EXIT_CLEAN;
        default:
            cli_rules_free(&rules);
            return cli_usage_error("series", NULL);
        }
    }
    if (optind >= argc) {
        cli_rules_free(&rules);
        return cli_usage_error("series", "no input given");
    }
    if (cli_output_is_input("series", output, (const char *const *)argv + optind, (size_t)(argc - optind))) {
        cli_rules_free(&rules);
        return EXIT_USAGE;
    }
    int code;
    md_ruleset *rs = cli_load_rules(&rules, &code);
    cli_rules_free(&rules);
    if (!rs)
        return code;
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = NULL;
    md_err err = md_run_load((const char *const *)argv + optind, (size_t)(argc - optind),
                             md_ruleset_catalog(rs), &diags, &st);
    cli_print_diags(&diags);
    code = cli_exit_for(err);
    if (err == MD_OK || err == MD_ERR_FORMAT || err == MD_ERR_IO) {
        md_buf out = {0};
        if (md_store_nseries(st) || md_store_nevents(st)) {
            if (signals) {
                md_sigset *sig = md_sigset_new(st);
                md_render_signals(sig, fmt, &out);
                md_sigset_free(sig);
            } else {
                md_render_series(st, fmt, buckets, &out);
            }
            if (!cli_write_output(output, &out))
                code = EXIT_INPUT;
        }
        md_buf_free(&out);
    }
    md_store_free(st);
    md_diags_free(&diags);
    md_ruleset_free(rs);
    return code;
}
