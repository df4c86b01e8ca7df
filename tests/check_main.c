/* Runs every suite and holds the helpers the suites share. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/run.h"
#include "mldiag/rules.h"
#include "tests.h"

static md_ruleset *default_rules;
static char *tmp_root;

t_rng t_rng_seed(uint64_t seed)
{
    return (t_rng){seed * UINT64_C(0x9E3779B97F4A7C15) + 1};
}

/* Knuth's MMIX generator, top 53 bits. */
double t_rng_unif(t_rng *r)
{
    r->s = r->s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return (double)(r->s >> 11) / 9007199254740992.0;
}

/* The Irwin-Hall sum of 12 uniforms. */
double t_rng_normal(t_rng *r)
{
    double s = 0;
    for (int i = 0; i < 12; i++)
        s += t_rng_unif(r);
    return s - 6;
}

const md_ruleset *t_rules(void)
{
    if (!default_rules) {
        md_diags diags;
        md_diags_init(&diags);
        default_rules = md_ruleset_new();
        md_ruleset_add_builtin(default_rules);
        if (md_ruleset_compile(default_rules, &diags) != MD_OK) {
            md_buf out = {0};
            md_diags_render(&diags, &out);
            fprintf(stderr, "the built-in rules do not compile:\n%s", md_buf_cstr(&out));
            abort();
        }
        md_diags_free(&diags);
    }
    return default_rules;
}

const md_catalog *t_catalog(void)
{
    return md_ruleset_catalog(t_rules());
}

char *t_path(const char *dir, const char *name)
{
    md_buf b = {0};
    md_buf_printf(&b, "%s/%s", dir, name);
    return md_buf_steal(&b);
}

static const char *root_dir(void)
{
    if (!tmp_root) {
        const char *base = getenv("TMPDIR");
        md_buf b = {0};
        md_buf_printf(&b, "%s/mldiag-tests.XXXXXX", base && *base ? base : "/tmp");
        tmp_root = md_buf_steal(&b);
        if (!mkdtemp(tmp_root)) {
            perror("mkdtemp");
            abort();
        }
    }
    return tmp_root;
}

char *t_tmpdir(void)
{
    char *dir = t_path(root_dir(), "t.XXXXXX");
    ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp: %s", strerror(errno));
    return dir;
}

void t_rmtree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d) {
            struct dirent *e;
            while ((e = readdir(d)) != NULL) {
                if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                    continue;
                char *child = t_path(path, e->d_name);
                t_rmtree(child);
                free(child);
            }
            closedir(d);
        }
        rmdir(path);
    } else {
        unlink(path);
    }
}

char *t_write(const char *dir, const char *name, const void *data, size_t n)
{
    char *path = t_path(dir, name);
    FILE *f = fopen(path, "wb");
    ck_assert_msg(f != NULL, "cannot create %s: %s", path, strerror(errno));
    ck_assert(n == 0 || fwrite(data, 1, n, f) == n);
    ck_assert(fclose(f) == 0);
    return path;
}

char *t_write_str(const char *dir, const char *name, const char *text)
{
    return t_write(dir, name, text, strlen(text));
}

md_err t_load(const char *path, md_store **st, md_diags *diags)
{
    md_diags local;
    md_diags_init(&local);
    const char *paths[] = {path};
    md_err err = md_run_load(paths, 1, t_catalog(), diags ? diags : &local, st);
    md_diags_free(&local);
    return err;
}

const md_diag *t_find_diag(const md_diags *d, md_diag_level level, const char *text)
{
    for (size_t i = 0; i < d->n; i++)
        if (d->v[i].level == level && strstr(d->v[i].msg, text))
            return &d->v[i];
    return NULL;
}

const md_finding *t_find_finding(const md_findings *f, const char *id)
{
    for (size_t i = 0; i < f->n; i++)
        if (strcmp(f->v[i].id, id) == 0)
            return &f->v[i];
    return NULL;
}

/* The CLI tests run the mldiag of the same build as this binary (build/ or
 * build/asan/) unless MLDIAG names one. */
static void export_binary_path(const char *argv0)
{
    if (getenv("MLDIAG") || !strchr(argv0, '/'))
        return;
    md_buf b = {0};
    char cwd[4096];
    /* Absolute, since the tests run it from other directories. */
    if (argv0[0] != '/' && getcwd(cwd, sizeof cwd))
        md_buf_printf(&b, "%s/", cwd);
    md_buf_put(&b, argv0, (size_t)(strrchr(argv0, '/') - argv0));
    md_buf_puts(&b, "/mldiag");
    if (access(md_buf_cstr(&b), X_OK) == 0)
        setenv("MLDIAG", b.p, 1);
    md_buf_free(&b);
}

typedef struct named_suite {
    const char *name;
    Suite *(*make)(void);
} named_suite;

static const named_suite suites[] = {
    {"core", suite_core},         {"sniff", suite_sniff},       {"reader", suite_reader},
    {"store", suite_store},       {"rulesfile", suite_rulesfile}, {"corpus", suite_corpus},
    {"cli", suite_cli},           {"report", suite_report},     {"hostile", suite_hostile},
    {"signals", suite_signals},   {"fastpath", suite_fastpath}, {"sweep", suite_sweep},
};

static bool named(int n, char **names, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* check_mldiag [SUITE...] runs the suites named, or every one;
 * check_mldiag --except SUITE... every other (so that make -j runs the
 * slowest suite beside the rest). */
int main(int argc, char **argv)
{
    bool except = argc > 1 && strcmp(argv[1], "--except") == 0;
    int nnames = argc - 1 - except;
    char **names = argv + 1 + except;
    for (int i = 0; i < nnames; i++) {
        bool known = false;
        for (size_t k = 0; k < MD_COUNT(suites); k++)
            known |= strcmp(names[i], suites[k].name) == 0;
        if (!known) {
            fprintf(stderr, "usage: check_mldiag [--except] [SUITE...]: no suite '%s'\n", names[i]);
            return EXIT_FAILURE;
        }
    }
    export_binary_path(argv[0]);
    /* Built before the tests fork, so that each test inherits it. */
    t_catalog();
    root_dir();

    SRunner *sr = NULL;
    for (size_t k = 0; k < MD_COUNT(suites); k++) {
        if (nnames && named(nnames, names, suites[k].name) == except)
            continue;
        if (!sr)
            sr = srunner_create(suites[k].make());
        else
            srunner_add_suite(sr, suites[k].make());
    }
    int failed = 0;
    if (sr) {
        srunner_run_all(sr, CK_NORMAL);
        failed = srunner_ntests_failed(sr);
        srunner_free(sr);
    }

    t_rmtree(tmp_root);
    free(tmp_root);
    md_ruleset_free(default_rules);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
