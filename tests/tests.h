/* The unit test suites of mldiag, one per tests/check_*.c file, and the few
 * helpers they share (defined in check_main.c). */
#ifndef MLDIAG_TESTS_H
#define MLDIAG_TESTS_H

#include <check.h>

#include "mldiag/catalog.h"
#include "mldiag/diag.h"
#include "mldiag/rules.h"
#include "mldiag/store.h"

Suite *suite_core(void);
Suite *suite_sniff(void);
Suite *suite_reader(void);
Suite *suite_store(void);
Suite *suite_corpus(void);
Suite *suite_rulesfile(void);
Suite *suite_cli(void);
Suite *suite_report(void);
Suite *suite_hostile(void);
Suite *suite_signals(void);
Suite *suite_fastpath(void);
Suite *suite_sweep(void);

/* The built-in rule files, compiled once and kept for the life of the
 * process, and their catalog. */
const md_ruleset *t_rules(void);
const md_catalog *t_catalog(void);

/* A fresh directory for one test, inside a root that main() removes when the
 * run ends, so that failed tests leave nothing behind. Caller frees. */
char *t_tmpdir(void);
/* Removes a file or a directory tree (symbolic links are not followed). */
void t_rmtree(const char *path);
/* dir/name, allocated. */
char *t_path(const char *dir, const char *name);
/* Writes n bytes to dir/name and returns the path (caller frees). */
char *t_write(const char *dir, const char *name, const void *data, size_t n);
char *t_write_str(const char *dir, const char *name, const char *text);

/* md_run_load of one path with the default catalog. diags may be NULL. */
md_err t_load(const char *path, md_store **st, md_diags *diags);
/* The first diagnostic of the level whose message contains text, or NULL. */
const md_diag *t_find_diag(const md_diags *d, md_diag_level level, const char *text);
/* The finding of rule id, or NULL. */
const md_finding *t_find_finding(const md_findings *f, const char *id);

/* A seeded random stream for generated test data. */
typedef struct t_rng {
    uint64_t s;
} t_rng;

t_rng t_rng_seed(uint64_t seed);
/* Uniform in [0, 1). */
double t_rng_unif(t_rng *r);
/* About N(0, 1) and never beyond 6. */
double t_rng_normal(t_rng *r);

/* Relative closeness for doubles read from text. */
#define T_CLOSE(a, b) (fabs((double)(a) - (double)(b)) <= 1e-9 + 1e-9 * fabs((double)(b)))

#endif
