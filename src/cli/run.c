#include <errno.h>
#include <string.h>

#include "mldiag/reader.h"
#include "mldiag/signal.h"
#include "mldiag/sniff.h"
#include "mldiag/source.h"
#include "cli/run.h"

typedef struct loader {
    const md_catalog *cat;
    md_diags *diags;
    md_store *run;
    size_t files_read;
    size_t unopened; /* files a directory walk found and could not open */
} loader;

/* Files in a run directory that are never logs: weights, media, code,
 * configs and tokenizer data. Reading them wastes time and, for code, finds
 * "OutOfMemoryError" in an except clause. */
static bool skipped_in_dir(const char *path)
{
    static const char *const exts[] = {
        ".bin", ".safetensors", ".pt", ".pth", ".ckpt", ".npy", ".npz", ".pkl", ".pickle", ".h5",
        ".hdf5", ".onnx", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".mp4", ".wav", ".pdf", ".zip",
        ".tar", ".py", ".pyc", ".sh", ".ipynb", ".yaml", ".yml", ".toml", ".cfg", ".ini",
        ".lock", ".model", ".spm", ".tiktoken", ".parquet", ".arrow", ".html", ".css", ".js"};
    static const char *const names[] = {
        "config.json", "generation_config.json", "tokenizer.json", "tokenizer_config.json",
        "special_tokens_map.json", "adapter_config.json", "vocab.json", "vocab.txt", "merges.txt",
        "preprocessor_config.json", "added_tokens.json", "requirements.txt", "wandb-metadata.json",
        "conda-environment.yaml", "LICENSE", "README.md"};
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (size_t i = 0; i < MD_COUNT(exts); i++)
        if (md_str_ends_with(md_str_c(base), exts[i]))
            return true;
    for (size_t i = 0; i < MD_COUNT(names); i++)
        if (strcmp(base, names[i]) == 0)
            return true;
    return md_str_ends_with(md_str_c(base), ".index.json");
}

/* Reads one file into a store of its own, then merges it into the run.
 * in_dir: a file found by walking a directory, whose failures are quiet. */
static md_err load_file(loader *l, const char *path, bool in_dir)
{
    md_err err;
    int sys;
    md_source *src = md_source_open(path, &err, &sys);
    if (!src) {
        /* In a run directory the run is read without it, and says so: a
         * log that cannot be read must not pass as a clean one. */
        md_diags_add(l->diags, in_dir ? MD_DIAG_WARNING : MD_DIAG_ERROR, path, 0, 0, "cannot open: %s%s",
                     sys                     ? strerror(sys)
                     : err == MD_ERR_FORMAT && strcmp(path, "-") == 0
                         ? "standard input is a device, not a log file (pipe a log in, or name the file)"
                     : err == MD_ERR_FORMAT ? "a device, not a log file (give a file, a pipe or - for stdin)"
                                            : md_err_str(err),
                     in_dir ? "; the run is judged without it" : "");
        l->unopened += in_dir;
        return err;
    }
    if (md_sniff_own_report(md_source_peek(src))) {
        if (in_dir)
            md_diags_add(l->diags, MD_DIAG_NOTE, path, 0, 0, "skipped: a report written by mldiag");
        else
            md_diags_add(l->diags, MD_DIAG_ERROR, path, 0, 0,
                         "a report written by mldiag, not a training log");
        md_source_close(src);
        return in_dir ? MD_OK : MD_ERR_FORMAT;
    }
    md_store *file = md_store_new(l->cat);
    md_diags local;
    md_diags_init(&local);
    md_format fmt;
    err = md_read(file, src, l->cat, &local, &fmt);
    md_source_close(src);
    bool quiet = in_dir && (fmt == MD_FMT_BINARY || fmt == MD_FMT_EMPTY);
    if (quiet) {
        md_diags_free(&local);
        md_store_free(file);
        return MD_OK;
    }
    md_diags_move(l->diags, &local);
    md_store_merge(l->run, file);
    l->files_read++;
    return in_dir ? MD_OK : err;
}

static void on_dir_file(const char *path, void *ctx)
{
    if (!skipped_in_dir(path))
        load_file(ctx, path, true);
}

static void on_dir_note(const char *path, const char *why, void *ctx)
{
    loader *l = ctx;
    md_diags_add(l->diags, MD_DIAG_NOTE, path, 0, 0, "%s", why);
}

static md_err load_path(loader *l, const char *path)
{
    if (!md_source_is_dir(path))
        return load_file(l, path, false);
    size_t before = l->files_read, unopened = l->unopened;
    int sys;
    if (md_source_walk(path, on_dir_file, on_dir_note, l, &sys) != MD_OK) {
        md_diags_add(l->diags, MD_DIAG_ERROR, path, 0, 0, "cannot read directory: %s", strerror(sys));
        return MD_ERR_IO;
    }
    if (l->files_read == before && l->unopened > unopened) {
        md_diags_add(l->diags, MD_DIAG_ERROR, path, 0, 0, "no file in this directory could be read (%zu could not be opened)",
                     l->unopened - unopened);
        return MD_ERR_IO;
    }
    if (l->files_read == before) {
        md_diags_add(l->diags, MD_DIAG_ERROR, path, 0, 0,
                     "no log, CSV, JSON or event file in this directory");
        return MD_ERR_NODATA;
    }
    return MD_OK;
}

bool md_run_dir_reads(const char *path)
{
    if (skipped_in_dir(path))
        return false;
    md_err err;
    int sys;
    md_source *src = md_source_open(path, &err, &sys);
    if (!src)
        return false;
    bool report = md_sniff_own_report(md_source_peek(src));
    md_source_close(src);
    return !report;
}

/* Series other than settings: a file of configuration values alone is not
 * a training log. */
static size_t metrics(const md_store *st)
{
    size_t n = 0;
    for (size_t i = 0; i < md_store_nseries(st); i++)
        n += md_store_series(st, i)->kind != MD_KIND_SETTING;
    return n;
}

bool md_run_found_data(const md_store *st)
{
    return metrics(st) > 0 || md_store_nevents(st) > 0;
}

md_err md_run_load(const char *const *paths, size_t n, const md_catalog *cat, md_diags *diags,
                   md_store **out)
{
    loader l = {cat, diags, md_store_new(cat), 0, 0};
    /* Named in messages as the readers name standard input. */
    const char *only = n == 1 ? (strcmp(paths[0], "-") == 0 ? "<stdin>" : paths[0]) : NULL;
    md_err result = MD_OK;
    for (size_t i = 0; i < n; i++) {
        md_err err = load_path(&l, paths[i]);
        if (err != MD_OK && result == MD_OK)
            result = err;
    }
    md_store_sort(l.run);
    /* Limits are warnings: the report covers what fitted. */
    if (md_store_dropped_series(l.run))
        md_diags_add(diags, MD_DIAG_WARNING, only, 0, 0,
                     "%llu series over the limit of %d were not kept",
                     (unsigned long long)md_store_dropped_series(l.run), MD_MAX_SERIES);
    if (md_store_unread_values(l.run))
        md_diags_add(diags, MD_DIAG_WARNING, only, 0, 0,
                     "%llu values were not read: their keys came after the first %d distinct keys of an input",
                     (unsigned long long)md_store_unread_values(l.run), MD_MAX_KEYS);
    if (result == MD_OK && !md_run_found_data(l.run)) {
        md_diags_add(diags, MD_DIAG_ERROR, only, 0, 0,
                     "no metric and no event found%s", n == 1 ? "" : " in any input");
        result = MD_ERR_NODATA;
    }
    *out = l.run;
    return result;
}

md_err md_run_analyze(const char *const *paths, size_t n, const md_ruleset *rs, md_diags *diags,
                      md_store **st, md_findings *findings)
{
    md_err err = md_run_load(paths, n, md_ruleset_catalog(rs), diags, st);
    if (err != MD_OK) {
        md_store_free(*st);
        *st = NULL;
        return err;
    }
    md_sigset *sig = md_sigset_new(*st);
    md_rules_eval(rs, sig, findings);
    md_sigset_free(sig);
    return MD_OK;
}
