/* mldiag analyze and mldiag check: read a run, evaluate the rules, report. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/run.h"
#include "mldiag/expr.h"
#include "mldiag/report.h"
#include "mldiag/source.h"

typedef enum { FMT_DEFAULT, FMT_TEXT, FMT_JSON, FMT_MARKDOWN, FMT_JUNIT, FMT_GITHUB } out_format;

static const char *const format_names[] = {"", "text", "json", "markdown", "junit", "github"};

typedef struct analyze_opts {
    const char *cmd;
    out_format format;
    const char *output;
    const char *plot; /* --plot FILE.svg */
    bool verbose, quiet;
    int color; /* -1 auto, 0 never, 1 always */
    int fail_on; /* md_severity, or -1 for never */
    const char **expects;
    size_t nexpects;
    const char *baseline; /* --baseline PATH */
    double tolerance;
    int jobs;             /* --jobs N, for several runs */
    cli_rules rules;
} analyze_opts;

static const char analyze_usage[] =
    "Usage: mldiag analyze [OPTIONS] PATH...\n"
    "Diagnose a training run: what went wrong, the evidence from the run's own\n"
    "numbers, the likely causes and how to fix them. PATH is a log, a metrics\n"
    "file (CSV, JSON, JSONL, TensorBoard events), a Jupyter notebook (its\n"
    "cells' outputs), a run directory, or - for standard input; several paths\n"
    "are read as one run, except that two or more directories are that many\n"
    "runs, summarised one row each.\n"
    "\n"
    "  -f, --format FMT        text (default), json, markdown, junit or github\n"
    "                          (github when GITHUB_ACTIONS=true and no -o)\n"
    "  -o, --output FILE       write the report to FILE (atomically)\n"
    "      --plot FILE.svg     also write an SVG plot of the main curves\n"
    "  -q, --quiet             one line per finding\n"
    "  -j, --jobs N            analyse several runs in N processes at once\n"
    "  -v, --verbose           also list the rules that could not be evaluated\n"
    "      --color WHEN        auto (default), always or never; NO_COLOR is honoured\n"
    "      --fail-on SEV       exit 1 when a finding is at least SEV\n"
    "                          (critical, error, warning, info; default: never);\n"
    "                          junit failures too (default there: error)\n"
    "      --rules PATH        add rule files (a file or a directory of *.rules)\n"
    "      --no-default-rules  use only the rules given with --rules (built-in series\n"
    "                          and events stay)\n"
    "  -h, --help              show this help\n";

static const char check_usage[] =
    "Usage: mldiag check [OPTIONS] PATH...\n"
    "Gate CI on a training run: print one line per finding and exit 1 when a\n"
    "finding is at or above --fail-on, or when an --expect is false or unknown.\n"
    "\n"
    "      --fail-on SEV       critical, error (default), warning or info; also\n"
    "                          the level of junit failures\n"
    "      --expect EXPR       a condition the run must meet, in the rule language,\n"
    "                          e.g. 'loss.last < 2.5' (repeatable)\n"
    "      --baseline PATH     also fail when the run is worse than this known-good\n"
    "                          run (see mldiag compare) beyond --tolerance\n"
    "      --tolerance X       relative loss gap allowed against --baseline, 0 to 10 (0.02)\n"
    "  -f, --format FMT        text (default), json, markdown, junit or github\n"
    "                          (github when GITHUB_ACTIONS=true and no -o)\n"
    "  -o, --output FILE       write the report to FILE (atomically)\n"
    "      --plot FILE.svg     also write an SVG plot of the main curves\n"
    "  -v, --verbose           the full checklist instead of one line per finding\n"
    "      --color WHEN        auto (default), always or never\n"
    "      --rules PATH        add rule files\n"
    "      --no-default-rules  use only the rules given with --rules (built-in series\n"
    "                          and events stay)\n"
    "  -h, --help              show this help\n";

enum { OPT_COLOR = 256, OPT_FAIL_ON, OPT_EXPECT, OPT_RULES, OPT_NO_DEFAULT, OPT_PLOT, OPT_BASELINE, OPT_TOLERANCE };

static bool parse_format(const char *name, out_format *fmt)
{
    for (size_t i = FMT_TEXT; i < MD_COUNT(format_names); i++) {
        if (strcmp(name, format_names[i]) == 0) {
            *fmt = (out_format)i;
            return true;
        }
    }
    return false;
}

/* parse_options' result when --help was printed: stop, exit 0. */
#define HELP_SHOWN (-1)

static int parse_options(int argc, char **argv, analyze_opts *o)
{
    static const struct option opts[] = {
        {"format", required_argument, NULL, 'f'},  {"output", required_argument, NULL, 'o'},
        {"quiet", no_argument, NULL, 'q'},         {"verbose", no_argument, NULL, 'v'},
        {"color", required_argument, NULL, OPT_COLOR}, {"colour", required_argument, NULL, OPT_COLOR},
        {"fail-on", required_argument, NULL, OPT_FAIL_ON}, {"expect", required_argument, NULL, OPT_EXPECT},
        {"rules", required_argument, NULL, OPT_RULES}, {"no-default-rules", no_argument, NULL, OPT_NO_DEFAULT},
        {"plot", required_argument, NULL, OPT_PLOT}, {"help", no_argument, NULL, 'h'},
        {"baseline", required_argument, NULL, OPT_BASELINE}, {"tolerance", required_argument, NULL, OPT_TOLERANCE},
        {"jobs", required_argument, NULL, 'j'},
        {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "f:o:qvhj:", opts, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (!parse_format(optarg, &o->format))
                return cli_usage_error(o->cmd, "unknown format '%s' (text, json, markdown, junit or github)",
                                       optarg);
            break;
        case OPT_BASELINE:
            o->baseline = optarg;
            break;
        case OPT_TOLERANCE:
            if (!cli_parse_tolerance(o->cmd, optarg, &o->tolerance))
                return EXIT_USAGE;
            break;
        case 'j': {
            char *end;
            long jobs = strtol(optarg, &end, 10);
            if (*end || jobs < 1 || jobs > 256)
                return cli_usage_error(o->cmd, "--jobs takes a number from 1 to 256, not '%s'", optarg);
            o->jobs = (int)jobs;
            break;
        }
        case OPT_PLOT:
            o->plot = optarg;
            break;
        case 'o':
            o->output = optarg;
            break;
        case 'q':
            o->quiet = true;
            break;
        case 'v':
            o->verbose = true;
            o->quiet = false;
            break;
        case OPT_COLOR:
            if (strcmp(optarg, "auto") == 0)
                o->color = -1;
            else if (strcmp(optarg, "always") == 0)
                o->color = 1;
            else if (strcmp(optarg, "never") == 0)
                o->color = 0;
            else
                return cli_usage_error(o->cmd, "--color takes auto, always or never, not '%s'", optarg);
            break;
        case OPT_FAIL_ON: {
            md_severity sev;
            if (!cli_parse_severity(o->cmd, "fail-on", optarg, &sev))
                return EXIT_USAGE;
            o->fail_on = (int)sev;
            break;
        }
        case OPT_EXPECT:
            o->expects = md_xrealloc(o->expects, (o->nexpects + 1) * sizeof *o->expects);
            o->expects[o->nexpects++] = optarg;
            break;
        case OPT_RULES:
            cli_rules_add(&o->rules, optarg);
            break;
        case OPT_NO_DEFAULT:
            o->rules.no_default = true;
            break;
        case 'h':
            fputs(strcmp(o->cmd, "check") == 0 ? check_usage : analyze_usage, stdout);
            return HELP_SHOWN;
        default:
            return cli_usage_error(o->cmd, NULL);
        }
    }
    if (optind >= argc)
        return cli_usage_error(o->cmd, "no input given");
    return 0;
}

/* Compiles every --expect before reading anything: a typo is a usage
 * error (exit 2) and must not cost a read of a large log. */
static int compile_expects(const analyze_opts *o, const md_ruleset *rs, md_expr **out)
{
    for (size_t i = 0; i < o->nexpects; i++) {
        md_expr_error err;
        out[i] = md_expr_compile(o->expects[i], md_ruleset_catalog(rs), &err);
        if (!out[i]) {
            /* Shown as text a terminal can take: a byte that is no UTF-8
             * as U+FFFD, a control as '?'. */
            char *msg = md_text_dup(err.msg, strlen(err.msg)), *text = md_text_dup(o->expects[i], strlen(o->expects[i]));
            fprintf(stderr, "mldiag: --expect: %s\n    %s\n    %*s^\n", msg, text, (int)err.offset, "");
            free(msg);
            free(text);
            if (err.help[0])
                fprintf(stderr, "    help: %s\n", err.help);
            return EXIT_USAGE;
        }
    }
    return 0;
}

static bool use_colour(const analyze_opts *o)
{
    if (o->color >= 0)
        return o->color == 1;
    const char *no = getenv("NO_COLOR");
    if (no && no[0])
        return false;
    return !o->output && isatty(STDOUT_FILENO);
}

static int terminal_width(void)
{
    const char *cols = getenv("COLUMNS");
    int w = cols ? atoi(cols) : 0;
    return w >= 20 && w <= 1000 ? w : 80;
}

/* Each --expect as a gate: passed when it is known and true. */
static void judge_expects(const analyze_opts *o, md_expr **exprs, md_sigset *sig, md_gate *gates)
{
    for (size_t i = 0; i < o->nexpects; i++) {
        md_expr_why why;
        md_value v = md_expr_eval(exprs[i], sig, &why);
        md_gate *g = &gates[i];
        *g = (md_gate){MD_GATE_EXPECT, o->expects[i], v.known && v.v != 0, NULL};
        if (g->passed)
            continue;
        md_buf b = {0};
        if (v.known) {
            /* What the signals held: "false (loss.last = 2.71)". */
            md_buf_puts(&b, "false");
            md_buf values = {0};
            md_expr_signal_values(exprs[i], sig, &values);
            if (values.n)
                md_buf_printf(&b, " (%s)", md_buf_cstr(&values));
            md_buf_free(&values);
        } else if (why.text[0])
            md_buf_printf(&b, "unknown (%s)", why.text);
        else
            md_buf_puts(&b, "unknown");
        g->why = md_buf_steal(&b);
    }
}

/* Each failed or unknown --expect is one line on stderr. */
static void print_expects(const md_gate *gates, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (gates[i].passed)
            continue;
        const char *why = gates[i].why;
        if (strncmp(why, "false", 5) == 0)
            fprintf(stderr, "mldiag: expectation failed: %s%s\n", gates[i].name, why + strlen("false"));
        else /* "unknown", or "unknown (the reason)" */
            fprintf(stderr, "mldiag: expectation unknown: %s%s\n", gates[i].name, why + strlen("unknown"));
    }
}

/* Without --format: github inside GitHub Actions when the report goes to
 * standard output (workflow commands work only there), else text. */
static out_format chosen_format(const analyze_opts *o)
{
    if (o->format != FMT_DEFAULT)
        return o->format;
    const char *gha = getenv("GITHUB_ACTIONS");
    bool to_stdout = !o->output || strcmp(o->output, "-") == 0;
    return gha && strcmp(gha, "true") == 0 && to_stdout ? FMT_GITHUB : FMT_TEXT;
}

/* The rule's first tag, for JUnit classnames. */
static const char *rule_tag(const void *ctx, const char *id)
{
    const md_ruleset *rs = ctx;
    long i = md_ruleset_find(rs, id);
    if (i < 0)
        return NULL;
    md_rule_view v;
    md_ruleset_rule(rs, (size_t)i, &v);
    return v.ntags ? v.tags[0] : NULL;
}

static void render(const analyze_opts *o, const md_ruleset *rs, const md_store *st,
                   const md_findings *f, const md_gate *gates, size_t ngates, md_buf *out)
{
    md_report_opts ro = {use_colour(o), terminal_width(), o->verbose, o->quiet};
    md_junit_opts jo = {o->fail_on >= 0 ? (md_severity)o->fail_on : MD_SEV_ERROR, rule_tag, rs, gates, ngates};
    switch (chosen_format(o)) {
    case FMT_JSON:
        md_render_json_gated(st, f, gates, ngates, out);
        break;
    case FMT_MARKDOWN:
        md_render_markdown_gated(st, f, &ro, gates, ngates, out);
        break;
    case FMT_JUNIT:
        md_render_junit(st, f, &jo, out);
        break;
    case FMT_GITHUB:
        md_render_github_gated(st, f, gates, ngates, out);
        break;
    case FMT_DEFAULT:
    case FMT_TEXT:
        md_render_text(st, f, &ro, out);
        /* One line per finding has no room for it, and a CI gate that
         * passes because it read no loss must say so. */
        if (o->quiet && !md_store_has_loss(st))
            fputs("mldiag: note: no loss was found, so the checks of the loss curve did not run\n", stderr);
        break;
    }
}

/* The same name, or two names of one existing file. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, b) == 0)
        return true;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static bool write_plot(const analyze_opts *o, const md_store *st, const md_findings *f)
{
    if (!o->plot)
        return true;
    md_buf svg = {0};
    md_render_svg(st, f, &svg);
    bool ok = cli_write_output(o->plot, &svg);
    md_buf_free(&svg);
    return ok;
}

/* --baseline as a gate: failed with the ways the run is worse (why, one
 * a line). False when the baseline could not be read. */
static bool judge_baseline(const analyze_opts *o, const md_ruleset *rs, const md_store *st,
                           const md_findings *findings, md_gate *g)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *base = NULL;
    md_findings fb = {0};
    md_err err = md_run_analyze(&o->baseline, 1, rs, &diags, &base, &fb);
    cli_print_diags(&diags);
    md_diags_free(&diags);
    if (err != MD_OK)
        return false;
    md_comparison c;
    md_severity fail_on = o->fail_on >= 0 ? (md_severity)o->fail_on : MD_SEV_ERROR;
    md_compare(base, &fb, st, findings, o->tolerance, fail_on, &c);
    *g = (md_gate){MD_GATE_BASELINE, o->baseline, c.worse.n == 0, NULL};
    if (c.worse.n) {
        md_buf b = {0};
        for (size_t i = 0; i < c.worse.n; i++)
            md_buf_printf(&b, "%s%s", i ? "\n" : "", c.worse.v[i]);
        g->why = md_buf_steal(&b);
    }
    md_comparison_free(&c);
    md_findings_free(&fb);
    md_store_free(base);
    return true;
}

static int report(const analyze_opts *o, md_ruleset *rs, md_store *st, md_expr **exprs)
{
    md_sigset *sig = md_sigset_new(st);
    md_findings findings;
    md_rules_eval(rs, sig, &findings);
    /* The gates are judged first, so that the report (JUnit, JSON) holds
     * them; their lines on stderr still come after the findings'. */
    size_t ngates = o->nexpects + (o->baseline != NULL);
    md_gate *gates = md_xcalloc(ngates + 1, sizeof *gates);
    judge_expects(o, exprs, sig, gates);
    bool baseline_read = !o->baseline || judge_baseline(o, rs, st, &findings, &gates[o->nexpects]);
    int code = EXIT_INPUT;
    if (baseline_read) {
        md_buf out = {0};
        render(o, rs, st, &findings, gates, ngates, &out);
        bool written = cli_write_output(o->output, &out) && write_plot(o, st, &findings);
        code = written ? EXIT_CLEAN : EXIT_INPUT;
        md_buf_free(&out);
    }
    if (code == EXIT_CLEAN && o->fail_on >= 0) {
        size_t bad = md_findings_at_least(&findings, (md_severity)o->fail_on);
        if (bad && strcmp(o->cmd, "check") == 0)
            fprintf(stderr, "mldiag: %zu finding%s at or above %s\n", bad, bad == 1 ? "" : "s",
                    md_severity_name((md_severity)o->fail_on));
        if (bad)
            code = EXIT_FINDINGS;
    }
    if (code != EXIT_INPUT) {
        print_expects(gates, o->nexpects);
        if (o->baseline && !gates[o->nexpects].passed)
            for (const char *p = gates[o->nexpects].why; p && *p;) {
                size_t n = strcspn(p, "\n");
                fprintf(stderr, "mldiag: worse than the baseline: %.*s\n", (int)n, p);
                p += n + (p[n] == '\n');
            }
        for (size_t i = 0; i < ngates; i++)
            if (!gates[i].passed)
                code = EXIT_FINDINGS;
    }
    for (size_t i = 0; i < ngates; i++)
        free(gates[i].why);
    free(gates);
    md_findings_free(&findings);
    md_sigset_free(sig);
    return code;
}

/* Two or more directories are that many runs: one summary row each. */
static bool several_runs(int argc, char **argv)
{
    if (argc - optind < 2)
        return false;
    for (int i = optind; i < argc; i++)
        if (!md_source_is_dir(argv[i]))
            return false;
    return true;
}

static int many(int argc, char **argv, const analyze_opts *o, const md_ruleset *rs)
{
    cli_many_opts m = {CLI_MANY_TEXT, o->output, o->fail_on, o->jobs};
    if (o->format == FMT_JSON)
        m.format = CLI_MANY_JSON;
    else if (o->format == FMT_MARKDOWN)
        m.format = CLI_MANY_MARKDOWN;
    else if (o->format != FMT_TEXT && o->format != FMT_DEFAULT)
        return cli_usage_error(o->cmd, "several runs are summarised as text, markdown or json");
    return cli_many_runs((const char *const *)argv + optind, (size_t)(argc - optind), rs, &m);
}

static int run(int argc, char **argv, analyze_opts *o)
{
    int code = parse_options(argc, argv, o);
    if (code)
        return code == HELP_SHOWN ? EXIT_CLEAN : code;
    /* The baseline is read as much as the run. */
    size_t ninputs = (size_t)(argc - optind);
    const char **inputs = md_xcalloc(ninputs + 1, sizeof *inputs);
    memcpy(inputs, argv + optind, ninputs * sizeof *inputs);
    if (o->baseline)
        inputs[ninputs++] = o->baseline;
    /* The report and the plot in one file: the plot would replace the
     * report without a word. */
    if (o->output && o->plot && same_file(o->output, o->plot)) {
        free(inputs);
        return cli_usage_error(o->cmd, "-o and --plot name the same file");
    }
    bool clobbers = cli_output_is_input(o->cmd, o->output, inputs, ninputs) ||
                    cli_output_is_input(o->cmd, o->plot, inputs, ninputs) || cli_stdin_once(o->cmd, inputs, ninputs);
    free(inputs);
    if (clobbers)
        return EXIT_USAGE;
    md_ruleset *rs = cli_load_rules_to_run(&o->rules, o->cmd, &code);
    if (!rs)
        return code;
    if (several_runs(argc, argv)) {
        /* A gate on one run's figures would judge the runs merged into
         * one, which is no run: refused, not passed. */
        if (o->baseline || o->nexpects || o->plot)
            code = cli_usage_error(o->cmd, "--expect, --baseline and --plot judge one run; several run directories "
                                           "are summarised a row each: give them one directory at a time");
        else
            code = many(argc, argv, o, rs);
        md_ruleset_free(rs);
        return code;
    }
    md_expr **exprs = md_xcalloc(o->nexpects + 1, sizeof *exprs);
    code = compile_expects(o, rs, exprs);
    if (code == 0) {
        md_diags diags;
        md_diags_init(&diags);
        md_store *st = NULL;
        md_err err = md_run_load((const char *const *)argv + optind, (size_t)(argc - optind),
                                 md_ruleset_catalog(rs), &diags, &st);
        cli_print_diags(&diags);
        md_diags_free(&diags);
        code = err == MD_OK ? report(o, rs, st, exprs) : cli_exit_for(err);
        md_store_free(st);
    }
    for (size_t i = 0; i < o->nexpects; i++)
        md_expr_free(exprs[i]);
    free(exprs);
    md_ruleset_free(rs);
    return code;
}

int cmd_analyze(int argc, char **argv)
{
    analyze_opts o = {"analyze", FMT_DEFAULT, NULL, NULL, false, false, -1, -1, NULL, 0, NULL, 0.02, 1, {0}};
    int code = run(argc, argv, &o);
    free(o.expects);
    cli_rules_free(&o.rules);
    return code;
}

int cmd_check(int argc, char **argv)
{
    analyze_opts o = {"check", FMT_DEFAULT, NULL, NULL, false, true, -1, MD_SEV_ERROR, NULL, 0, NULL, 0.02, 1, {0}};
    int code = run(argc, argv, &o);
    free(o.expects);
    cli_rules_free(&o.rules);
    return code;
}
