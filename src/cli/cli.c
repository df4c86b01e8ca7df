/* realpath is POSIX's XSI option. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/run.h"

void cli_rules_add(cli_rules *r, const char *path)
{
    r->paths = md_xrealloc(r->paths, (r->npaths + 1) * sizeof *r->paths);
    r->paths[r->npaths++] = path;
}

void cli_rules_free(cli_rules *r)
{
    free(r->paths);
    r->paths = NULL;
    r->npaths = 0;
}

void cli_print_diags(const md_diags *d)
{
    md_buf out = {0};
    md_diags_render(d, &out);
    if (out.n)
        fwrite(out.p, 1, out.n, stderr);
    md_buf_free(&out);
}

md_ruleset *cli_load_rules(const cli_rules *r, int *exit_code)
{
    md_ruleset *rs = md_ruleset_new();
    md_diags diags;
    md_diags_init(&diags);
    if (!r->no_default)
        md_ruleset_add_builtin(rs);
    else
        md_ruleset_add_builtin_catalog(rs);
    bool readable = true;
    for (size_t i = 0; i < r->npaths; i++)
        readable &= md_ruleset_add_path(rs, r->paths[i], &diags);
    md_err err = readable ? md_ruleset_compile(rs, &diags) : MD_ERR_RULES;
    cli_print_diags(&diags);
    if (err != MD_OK) {
        if (diags.errors)
            fprintf(stderr, "mldiag: %zu error%s in rule files; nothing was run\n", diags.errors,
                    diags.errors == 1 ? "" : "s");
        md_diags_free(&diags);
        md_ruleset_free(rs);
        *exit_code = EXIT_RULES;
        return NULL;
    }
    md_diags_free(&diags);
    return rs;
}

int cli_stdin_once(const char *cmd, const char *const *inputs, size_t n)
{
    static const char *const names[] = {"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"};
    size_t dashes = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; inputs[i] && k < MD_COUNT(names); k++)
            dashes += strcmp(inputs[i], names[k]) == 0;
    return dashes > 1 ? cli_usage_error(cmd, "standard input (-, /dev/stdin) can be read once; it is given %zu times",
                                        dashes)
                      : 0;
}

md_ruleset *cli_load_rules_to_run(const cli_rules *r, const char *cmd, int *exit_code)
{
    md_ruleset *rs = cli_load_rules(r, exit_code);
    if (rs && md_ruleset_nrules(rs) == 0) {
        /* A gate that evaluated nothing must not pass. */
        md_ruleset_free(rs);
        *exit_code = cli_usage_error(cmd, "no rules to run: --no-default-rules, and no rule in the --rules given");
        return NULL;
    }
    return rs;
}

static bool write_stdout(const md_buf *out)
{
    /* A full device takes the buffered write and refuses the flush. */
    if ((out->n && fwrite(out->p, 1, out->n, stdout) != out->n) || fflush(stdout) != 0) {
        fprintf(stderr, "mldiag: cannot write to standard output: %s\n", strerror(errno));
        return false;
    }
    return true;
}

/* Writes out to f and closes it. */
static bool write_and_close(FILE *f, const md_buf *out)
{
    bool ok = out->n == 0 || fwrite(out->p, 1, out->n, f) == out->n;
    ok &= fclose(f) == 0;
    return ok;
}

/* A device or a FIFO is written where it is: a file renamed onto it would
 * take its place (-o /dev/null, run as root, would replace /dev/null). */
static bool write_in_place(const char *path, const md_buf *out)
{
    FILE *f = fopen(path, "wb");
    return f && write_and_close(f, out);
}

/* A temporary file renamed onto path, so that path is never half written. */
static bool write_replacing(const char *path, const md_buf *out)
{
    md_buf tmp = {0};
    md_buf_printf(&tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp.p, "wb");
    bool ok = f && write_and_close(f, out) && rename(tmp.p, path) == 0;
    if (!ok) {
        int saved = errno;
        remove(tmp.p);
        errno = saved;
    }
    md_buf_free(&tmp);
    return ok;
}

/* The file that output to path lands in: path, or what a symbolic link
 * there points to, so that the link stays a link. NULL for a link that
 * cannot be resolved (dangling, or a loop). Caller frees. */
static char *output_target(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
        return md_xstrdup(path);
    return realpath(path, NULL);
}

/* Whether the file at path lies under the directory dir (both existing):
 * where its name is, not where a link there points, since a walk of dir
 * reads it by that name. */
static bool under_dir(const char *path, const char *dir)
{
    const char *slash = strrchr(path, '/');
    char *parent = slash ? md_xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : md_xstrdup(".");
    char *where = realpath(parent, NULL), *top = realpath(dir, NULL);
    size_t n = top ? strlen(top) : 0;
    bool under = where && top && strncmp(where, top, n) == 0 &&
                 (where[n] == '\0' || where[n] == '/' || (n == 1 && top[0] == '/'));
    free(parent);
    free(where);
    free(top);
    return under;
}

bool cli_output_is_input(const char *cmd, const char *path, const char *const *inputs, size_t n)
{
    if (path && !*path) {
        cli_usage_error(cmd, "an empty file name for -o or --plot");
        return true;
    }
    struct stat out;
    if (!path || strcmp(path, "-") == 0 || stat(path, &out) != 0 || !S_ISREG(out.st_mode))
        return false;
    for (size_t i = 0; i < n; i++) {
        struct stat in;
        if (strcmp(inputs[i], "-") == 0 || stat(inputs[i], &in) != 0)
            continue;
        /* A log the walk of an input directory reads is an input too; a
         * report written there before is not, and is replaced. */
        bool same = in.st_dev == out.st_dev && in.st_ino == out.st_ino;
        if (same || (S_ISDIR(in.st_mode) && under_dir(path, inputs[i]) && md_run_dir_reads(path))) {
            fprintf(stderr, "mldiag %s: %s is %s: writing there would replace it\n", cmd, path,
                    same ? "also an input" : "a log in an input directory");
            return true;
        }
    }
    return false;
}

bool cli_write_output(const char *path, const md_buf *out)
{
    if (!path || strcmp(path, "-") == 0)
        return write_stdout(out);
    char *target = output_target(path);
    struct stat st;
    bool replace = target && (stat(target, &st) != 0 || S_ISREG(st.st_mode));
    bool ok = replace ? write_replacing(target, out) : write_in_place(target ? target : path, out);
    if (!ok)
        fprintf(stderr, "mldiag: cannot write %s: %s\n", path, strerror(errno));
    free(target);
    return ok;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        fputs("mldiag: ", stderr);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    fprintf(stderr, "Try 'mldiag %s%s--help' for more information.\n", cmd ? cmd : "", cmd ? " " : "");
    return EXIT_USAGE;
}

bool cli_parse_tolerance(const char *cmd, const char *arg, double *out)
{
    char *end;
    *out = strtod(arg, &end);
    /* A gap of 10 is a run eleven times worse: a tolerance past it judges
     * nothing. */
    if (end == arg || *end || !(*out >= 0 && *out <= 10)) {
        cli_usage_error(cmd, "--tolerance takes a fraction from 0 to 10 such as 0.02, not '%s'", arg);
        return false;
    }
    return true;
}

bool cli_parse_severity(const char *cmd, const char *opt, const char *arg, md_severity *out)
{
    if (!md_severity_parse(arg, out)) {
        cli_usage_error(cmd, "--%s takes critical, error, warning or info, not '%s'", opt, arg);
        return false;
    }
    return true;
}

int cli_exit_for(md_err err)
{
    switch (err) {
    case MD_OK:
        return EXIT_CLEAN;
    case MD_ERR_IO:
    case MD_ERR_FORMAT:
    case MD_ERR_NODATA:
        return EXIT_INPUT;
    case MD_ERR_RULES:
        return EXIT_RULES;
    case MD_ERR_USAGE:
        return EXIT_USAGE;
    case MD_ERR_INTERNAL:
        break;
    }
    return EXIT_INTERNAL;
}
