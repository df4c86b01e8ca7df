/* Wiring of the pipeline: the one place that knows every stage. */
#ifndef MLDIAG_RUN_H
#define MLDIAG_RUN_H

#include "mldiag/diag.h"
#include "mldiag/rules.h"
#include "mldiag/store.h"

/* Reads every path (file, run directory, or "-" for stdin) into one store.
 * Files inside directories that are not logs (checkpoints, images, code,
 * configs) are skipped. Returns MD_OK; MD_ERR_IO or MD_ERR_FORMAT when a
 * path given explicitly could not be read; MD_ERR_NODATA when the inputs
 * held no metric and no event. *out is set in every case but MD_ERR_IO on
 * the first path, and is the caller's to free. */
md_err md_run_load(const char *const *paths, size_t n, const md_catalog *cat, md_diags *diags,
                   md_store **out);

/* Whether a directory walk reads the file at path as a log: not a file a
 * run directory holds besides its logs (weights, code, configs), nor a
 * report mldiag wrote. */
bool md_run_dir_reads(const char *path);

/* Whether a store holds a metric (a series other than settings) or an
 * event: a log without either is no training log. */
bool md_run_found_data(const md_store *st);

/* md_run_load, then every rule: *st and *findings are set when the result
 * is MD_OK, and are the caller's to free. */
md_err md_run_analyze(const char *const *paths, size_t n, const md_ruleset *rs, md_diags *diags,
                      md_store **st, md_findings *findings);

#endif
