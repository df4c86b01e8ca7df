/* mldiag rules list | show ID... | lint FILE... | signals */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"
#include "mldiag/signal.h"

static const char usage[] =
    "Usage: mldiag rules [OPTIONS] COMMAND\n"
    "  list           every rule: id, severity, title\n"
    "  show ID...     each rule named, with its causes, checks and fixes\n"
    "  lint FILE...   check rule files and report every error (file:line:col)\n"
    "  signals        every signal a rule can use, with its definition\n"
    "\n"
    "      --rules PATH        add rule files\n"
    "      --no-default-rules  use only the rules given with --rules (built-in series\n"
    "                          and events stay)\n"
    "  -h, --help              show this help\n";

static void list(const md_ruleset *rs, md_buf *out)
{
    for (size_t i = 0; i < md_ruleset_nrules(rs); i++) {
        md_rule_view r;
        md_ruleset_rule(rs, i, &r);
        md_buf_printf(out, "%-28s %-9s %s\n", r.id, md_severity_name(r.severity), r.title);
    }
}

static void show_cause(const md_ruleset *rs, size_t ri, size_t ci, md_buf *out)
{
    md_cause_view c;
    md_ruleset_cause(rs, ri, ci, &c);
    md_buf_printf(out, "\n  cause %s\n    %s\n", c.id, c.text);
    if (c.score)
        md_buf_printf(out, "    score: %s\n", c.score);
    for (size_t k = 0; k < c.nchecks; k++)
        md_buf_printf(out, "    [ ] %s\n", c.checks[k]);
    for (size_t k = 0; k < c.nfixes; k++)
        md_buf_printf(out, "    fix: %s\n", c.fixes[k]);
}

static void show(const md_ruleset *rs, size_t i, md_buf *out)
{
    md_rule_view r;
    md_ruleset_rule(rs, i, &r);
    md_buf_printf(out, "rule %s (%s:%lu)\n", r.id, r.path, r.line);
    md_buf_printf(out, "  title:      %s\n", r.title);
    if (r.symptom)
        md_buf_printf(out, "  symptom:    %s\n", r.symptom);
    md_buf_printf(out, "  severity:   %s\n", md_severity_name(r.severity));
    for (size_t k = 0; k < r.nlets; k++) {
        const char *name, *text;
        md_ruleset_let(rs, i, k, &name, &text);
        md_buf_printf(out, "  let:        %s = %s\n", name, text);
    }
    md_buf_printf(out, "  when:       %s\n", r.when);
    if (r.confidence)
        md_buf_printf(out, "  confidence: %s\n", r.confidence);
    if (r.step)
        md_buf_printf(out, "  step:       %s\n", r.step);
    if (r.benign)
        md_buf_printf(out, "  benign:     %s\n", r.benign);
    if (r.ntags) {
        md_buf_puts(out, "  tags:      ");
        for (size_t k = 0; k < r.ntags; k++)
            md_buf_printf(out, " %s", r.tags[k]);
        md_buf_putc(out, '\n');
    }
    if (r.nsuppresses) {
        md_buf_puts(out, "  suppresses:");
        for (size_t k = 0; k < r.nsuppresses; k++)
            md_buf_printf(out, " %s", r.suppresses[k]);
        md_buf_putc(out, '\n');
    }
    for (size_t k = 0; k < r.ncauses; k++)
        show_cause(rs, i, k, out);
}

/* The rule id closest to a misspelt one, if close enough to be meant. */
static const char *nearest_rule(const md_ruleset *rs, const char *typed)
{
    const char *best = NULL;
    size_t best_d = 3; /* at most two edits: a typo, not another rule */
    for (size_t i = 0; i < md_ruleset_nrules(rs); i++) {
        md_rule_view r;
        md_ruleset_rule(rs, i, &r);
        size_t d = md_edit_distance(typed, r.id);
        if (d < best_d) {
            best_d = d;
            best = r.id;
        }
    }
    return best;
}

/* Every rule named, a blank line between them; none when one is unknown. */
static int show_each(const md_ruleset *rs, int n, char **ids, md_buf *out)
{
    for (int k = 0; k < n; k++)
        if (md_ruleset_find(rs, ids[k]) < 0) {
            const char *near = nearest_rule(rs, ids[k]);
            if (near)
                fprintf(stderr, "mldiag: no rule '%s'; did you mean '%s'?\n", ids[k], near);
            else
                fprintf(stderr, "mldiag: no rule '%s'; 'mldiag rules list' shows them\n", ids[k]);
            return EXIT_USAGE;
        }
    for (int k = 0; k < n; k++) {
        if (k)
            md_buf_putc(out, '\n');
        show(rs, (size_t)md_ruleset_find(rs, ids[k]), out);
    }
    return EXIT_CLEAN;
}

static void signals(md_buf *out)
{
    size_t n;
    const md_feature *f = md_series_features(&n);
    md_buf_puts(out, "SERIES.FEATURE (SERIES is any [series] name: loss, val_loss, grad_norm, lr, ...)\n");
    for (size_t i = 0; i < n; i++)
        md_buf_printf(out, "  %-26s %s\n", f[i].name, f[i].summary);
    const md_named *e = md_event_features(&n);
    md_buf_puts(out, "\nevent.ID.FEATURE (ID is any [event] id: cuda_oom, nccl_timeout, ...)\n");
    for (size_t i = 0; i < n; i++)
        md_buf_printf(out, "  %-26s %s\n", e[i].name, e[i].summary);
    const md_named *l = md_log_features(&n);
    md_buf_puts(out, "\nlog.FEATURE\n");
    for (size_t i = 0; i < n; i++)
        md_buf_printf(out, "  %-26s %s\n", l[i].name, l[i].summary);
    const md_named *r = md_run_features(&n);
    md_buf_puts(out, "\nrun.FEATURE\n");
    for (size_t i = 0; i < n; i++)
        md_buf_printf(out, "  %-26s %s\n", r[i].name, r[i].summary);
    const md_named *t = md_text_signals(&n);
    md_buf_puts(out, "\nText signals (evidence templates only)\n");
    for (size_t i = 0; i < n; i++)
        md_buf_printf(out, "  %-26s %s\n", t[i].name, t[i].summary);
}

/* Lints files on top of the default rules (so that their series and
 * events resolve), or alone with --no-default-rules. */
static int lint(int argc, char **argv, const cli_rules *base)
{
    if (argc == 0) {
        fputs("mldiag: rules lint needs a FILE\n", stderr);
        return EXIT_USAGE;
    }
    cli_rules all = {0};
    all.no_default = base->no_default;
    for (size_t i = 0; i < base->npaths; i++)
        cli_rules_add(&all, base->paths[i]);
    for (int i = 0; i < argc; i++)
        cli_rules_add(&all, argv[i]);
    int code;
    md_ruleset *rs = cli_load_rules(&all, &code);
    cli_rules_free(&all);
    if (!rs)
        return code;
    /* The files' own rules, beside the built-in ones they were read with. */
    size_t builtin = 0;
    for (size_t i = 0; i < md_ruleset_nrules(rs); i++) {
        md_rule_view v;
        md_ruleset_rule(rs, i, &v);
        builtin += v.builtin;
    }
    size_t own = md_ruleset_nrules(rs) - builtin;
    printf("%d file%s: no errors, %zu rule%s", argc, argc == 1 ? "" : "s", own, own == 1 ? "" : "s");
    if (builtin)
        printf(" (beside the %zu built in)", builtin);
    putchar('\n');
    md_ruleset_free(rs);
    return EXIT_CLEAN;
}

int cmd_rules(int argc, char **argv)
{
    static const struct option opts[] = {{"rules", required_argument, NULL, 'r'},
                                         {"no-default-rules", no_argument, NULL, 'n'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    cli_rules rules = {0};
    int c, code = EXIT_CLEAN;
    while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
        if (c == 'r') {
            cli_rules_add(&rules, optarg);
        } else if (c == 'n') {
            rules.no_default = true;
        } else {
            cli_rules_free(&rules);
            if (c == 'h') {
                fputs(usage, stdout);
                return EXIT_CLEAN;
            }
            return cli_usage_error("rules", NULL);
        }
    }
    const char *sub = optind < argc ? argv[optind] : NULL;
    if (sub && strcmp(sub, "lint") == 0) {
        code = lint(argc - optind - 1, argv + optind + 1, &rules);
        cli_rules_free(&rules);
        return code;
    }
    md_buf out = {0};
    if (sub && strcmp(sub, "signals") == 0) {
        signals(&out);
    } else if (sub && (strcmp(sub, "list") == 0 || strcmp(sub, "show") == 0)) {
        md_ruleset *rs = cli_load_rules(&rules, &code);
        if (rs && sub[0] == 'l')
            list(rs, &out);
        else if (rs && optind + 1 < argc)
            code = show_each(rs, argc - optind - 1, argv + optind + 1, &out);
        else if (rs)
            code = cli_usage_error("rules", "show needs a rule id");
        md_ruleset_free(rs);
    } else {
        code = cli_usage_error("rules", sub ? "unknown rules command '%s'" : "no rules command given%s",
                               sub ? sub : "");
    }
    if (code == EXIT_CLEAN && !cli_write_output(NULL, &out))
        code = EXIT_INPUT;
    md_buf_free(&out);
    cli_rules_free(&rules);
    return code;
}
