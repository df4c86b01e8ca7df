/* CSV and TSV metric tables (Lightning's CSVLogger, YOLO's results.csv):
 * the header row names the series, each row is a record, empty cells are
 * absent points.
 *
 * Tokenising is libcsv's, with a fast path for the rows that make up
 * nearly every metrics file: a line without a quote character or a carriage
 * return inside it, read while libcsv is between rows. For such a line
 * libcsv's fields are exactly the pieces between delimiters with spaces and
 * tabs trimmed, and a line of nothing but blanks is no row at all, so the
 * fast path splits it itself. Any other line, and everything while libcsv
 * is inside a quoted field that spans lines, goes to libcsv. */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "reader/csv_row.h"

#define CSV_BLOCK (1u << 18)
#define CSV_BUF (1u << 20) /* lines longer than this go to libcsv in pieces */

typedef struct csv_reader {
    md_feed *feed;
    md_diags *diags;
    const char *path;
    char **names;
    size_t *name_lens;
    unsigned *columns; /* the feed's number for each name */
    size_t nnames, capnames;
    size_t col;
    unsigned long row; /* 0 is the header */
    unsigned long ragged;
    bool header_done;
    unsigned char delim;
    bool decimal_comma; /* cells write "2,4752" for 2.4752 (see decimal_comma_cells) */
    uint64_t constant_counts; /* columns (the first 64) of a count that never changes: constant_counts */
    md_buf points;      /* a line with its decimal commas made points */
    bool *skip;        /* columns not read: a W&B export's other runs */
    /* The row's cells go to the feed as text: asked once a row, and either
     * way the store gets the same values. */
    bool defer;
    struct csv_parser parser;
    int row_start_state; /* libcsv's state between rows */
    bool failed;         /* libcsv reported an error */
    struct gpu_sample *gpu; /* nvidia-smi's rows, a GPU each: see gpu_sample */
    bool monitor;           /* a Gym Monitor's episodes (monitor_comment) */
    unsigned long lineno;   /* the line being taken */
    md_tail tail;           /* lines since the last whole row that are no rows */
    struct tall_table *tall; /* a row a value, named by a cell (tall_table) */
} csv_reader;

/* A table in long form, a row a value: "run,tag,step,value" (TensorBoard's
 * dataframe export, tbparse), "metric,step,value" (Comet's and MLflow's
 * exports). The row's tag names its value; each tag is a column of the
 * feed, named once. */
typedef struct tall_table {
    size_t tag_col, step_col, value_col;
    unsigned step_column;
    md_map columns; /* tag -> the feed's column + 1 */
    md_buf tag, step, value;
} tall_table;

static void tall_field(csv_reader *r, size_t col, md_str f);
static void tall_row_end(csv_reader *r);

/* nvidia-smi --query-gpu=index,... --format=csv -l N writes a row per GPU
 * and sample. The rows of one sample (their index counts up from the
 * sample's first) make one record: each column's largest value, the
 * busiest and fullest GPU's (the job's, where nvidia-smi shows a node's
 * GPUs of which the job has some), and beside it the least busy GPU's
 * utilisation (gpu_util_min) and how many GPUs there were (gpus). */
typedef struct gpu_sample {
    size_t index_col, util_col; /* util_col SIZE_MAX when there is none */
    double *cell;               /* the row's numbers, NaN where none */
    bool *percent;
    double *max; /* the sample's largest, NaN where none */
    bool *max_percent;
    double util_min, last_index;
    unsigned gpus;
    unsigned long line; /* the sample's first row */
} gpu_sample;

static const char *const gpu_query_prefixes[] = {"utilization.", "memory.", "temperature.", "power.", "clocks."};

static bool is_gpu_query(const char *name, size_t n)
{
    for (size_t i = 0; i < MD_COUNT(gpu_query_prefixes); i++)
        if (md_str_starts_with((md_str){name, n}, gpu_query_prefixes[i]))
            return true;
    return false;
}

/* A sample's state when the header is nvidia-smi's with an index column;
 * NULL otherwise. */
static gpu_sample *gpu_sample_new(const csv_reader *r)
{
    size_t index_col = SIZE_MAX, util_col = SIZE_MAX;
    bool query = false;
    for (size_t i = 0; i < r->nnames; i++) {
        if (md_word_is(r->names[i], r->name_lens[i], "index"))
            index_col = i;
        else if (is_gpu_query(r->names[i], r->name_lens[i]))
            query = true;
        if (md_str_starts_with((md_str){r->names[i], r->name_lens[i]}, "utilization.gpu"))
            util_col = i;
    }
    if (index_col == SIZE_MAX || !query)
        return NULL;
    gpu_sample *g = md_xcalloc(1, sizeof *g);
    g->index_col = index_col;
    g->util_col = util_col;
    g->cell = md_xmalloc(r->nnames * sizeof *g->cell);
    g->percent = md_xcalloc(r->nnames, sizeof *g->percent);
    g->max = md_xmalloc(r->nnames * sizeof *g->max);
    g->max_percent = md_xcalloc(r->nnames, sizeof *g->max_percent);
    for (size_t i = 0; i < r->nnames; i++)
        g->cell[i] = g->max[i] = NAN;
    g->util_min = NAN;
    return g;
}

static void gpu_sample_free(gpu_sample *g)
{
    if (!g)
        return;
    free(g->cell);
    free(g->percent);
    free(g->max);
    free(g->max_percent);
    free(g);
}

static void gpu_cell(gpu_sample *g, size_t col, md_str f)
{
    double v;
    unsigned flags;
    if (md_cell_number(f.p, f.n, &v, &flags))
        g->cell[col] = v, g->percent[col] = false;
    else if (md_csv_percent_number(f.p, f.n, &v))
        g->cell[col] = v, g->percent[col] = true;
}

/* The sample's record, once its last row is in. */
static void gpu_flush(csv_reader *r)
{
    gpu_sample *g = r->gpu;
    if (!g->gpus)
        return;
    md_feed_record_begin(r->feed, g->line);
    for (size_t i = 0; i < r->nnames; i++) {
        if (i == g->index_col || isnan(g->max[i]) || (r->skip && r->skip[i]))
            continue;
        double v = g->max[i];
        md_feed_kv(r->feed, r->names[i], r->name_lens[i], v, g->max_percent[i] ? MD_UNIT_PERCENT : MD_UNIT_NONE,
                   g->max_percent[i] ? 0 : md_json_number_flags(v), NAN);
        g->max[i] = NAN;
    }
    if (g->gpus >= 2) {
        if (!isnan(g->util_min))
            md_feed_kv(r->feed, "gpu_util_min", 12, g->util_min,
                       g->max_percent[g->util_col] ? MD_UNIT_PERCENT : MD_UNIT_NONE, 0, NAN);
        md_feed_kv(r->feed, "gpus", 4, g->gpus, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    }
    md_feed_record_end(r->feed);
    g->gpus = 0;
    g->util_min = NAN;
}

/* A row's end: an index no larger than the last row's starts a sample. */
static void gpu_row_end(csv_reader *r)
{
    gpu_sample *g = r->gpu;
    double index = g->cell[g->index_col];
    if (g->gpus && !(index > g->last_index))
        gpu_flush(r);
    if (!g->gpus)
        g->line = r->row + 1;
    g->gpus++;
    g->last_index = index;
    if (g->util_col != SIZE_MAX && !isnan(g->cell[g->util_col]) &&
        (isnan(g->util_min) || g->cell[g->util_col] < g->util_min))
        g->util_min = g->cell[g->util_col];
    for (size_t i = 0; i < r->nnames; i++) {
        double v = g->cell[i];
        if (isnan(v))
            continue;
        if (isnan(g->max[i]) || v > g->max[i])
            g->max[i] = v, g->max_percent[i] = g->percent[i];
        g->cell[i] = NAN;
    }
}

static void take_name(csv_reader *r, md_str f)
{
    if (r->nnames == r->capnames) {
        r->capnames = r->capnames ? 2 * r->capnames : 8;
        r->names = md_xrealloc(r->names, r->capnames * sizeof *r->names);
        r->name_lens = md_xrealloc(r->name_lens, r->capnames * sizeof *r->name_lens);
    }
    r->names[r->nnames] = md_xstrndup(f.p, f.n);
    r->name_lens[r->nnames] = strlen(r->names[r->nnames]);
    r->nnames++;
    r->columns = md_xrealloc(r->columns, r->capnames * sizeof *r->columns);
}

static void take_field(csv_reader *r, const char *p, size_t n)
{
    md_str f = md_csv_trim(p, n);
    if (!r->header_done) {
        take_name(r, f);
        return;
    }
    if (r->gpu) {
        size_t col = r->col++;
        if (col < r->nnames && f.n)
            gpu_cell(r->gpu, col, f);
        else if (col == r->nnames)
            r->ragged++;
        return;
    }
    if (r->tall) {
        tall_field(r, r->col++, f);
        return;
    }
    if (r->col == 0) {
        md_feed_record_begin(r->feed, r->row + 1);
        r->defer = md_feed_defers(r->feed);
    }
    size_t col = r->col++;
    if (col >= r->nnames) {
        if (col == r->nnames)
            r->ragged++;
        return;
    }
    if (!f.n || (r->skip && r->skip[col]))
        return;
    double v;
    unsigned flags;
    if (r->defer || md_csv_percent_cell(f))
        md_feed_cell(r->feed, r->columns[col], f.p, f.n);
    else if (md_cell_number(f.p, f.n, &v, &flags))
        md_feed_kv_column(r->feed, r->columns[col], v, flags);
}

/* The last " - " in a name: W&B's panel export names its columns
 * "<run> - <metric>", with "<run> - <metric>__MIN" and "__MAX" beside. */
static const char *run_separator(const char *name, size_t n)
{
    for (size_t i = n; i >= 3; i--)
        if (memcmp(name + i - 3, " - ", 3) == 0)
            return name + i - 3;
    return NULL;
}

static bool is_panel_export(const csv_reader *r)
{
    for (size_t i = 0; i < r->nnames; i++)
        if (md_str_ends_with((md_str){r->names[i], r->name_lens[i]}, "__MIN") &&
            run_separator(r->names[i], r->name_lens[i]))
            return true;
    return false;
}

/* A panel export holds one column a run and metric: the first run's are
 * read under the metric's own name (a long run name would bury it), the
 * bucket bounds and the other runs' columns are not. */
static void name_panel_columns(csv_reader *r)
{
    r->skip = md_xcalloc(r->nnames, sizeof *r->skip);
    const char *run = NULL, *other = NULL;
    size_t runlen = 0, otherlen = 0;
    unsigned long others = 0;
    for (size_t i = 0; i < r->nnames; i++) {
        const char *name = r->names[i];
        size_t n = r->name_lens[i];
        const char *sep = run_separator(name, n);
        if (!sep) {
            r->columns[i] = md_feed_column(r->feed, name, n);
            continue;
        }
        size_t len = (size_t)(sep - name);
        md_str whole = {name, n};
        if (md_str_ends_with(whole, "__MIN") || md_str_ends_with(whole, "__MAX")) {
            r->skip[i] = true;
        } else if (run && (len != runlen || memcmp(name, run, len) != 0)) {
            r->skip[i] = true;
            if (!other || len != otherlen || memcmp(name, other, len) != 0)
                others++;
            other = name;
            otherlen = len;
        } else {
            run = name;
            runlen = len;
            r->columns[i] = md_feed_column(r->feed, sep + 3, n - len - 3);
        }
    }
    if (others)
        md_diags_add(r->diags, MD_DIAG_WARNING, r->path, 1, 0,
                     "a W&B export of %lu runs; read the first, %.*s (export one run a file to analyse each)",
                     others + 1, (int)runlen, run);
}

/* W&B's runs table ("Name","State","Notes","User","Tags","Created",
 * "Runtime","Sweep", then each run's config and summary): one row a run,
 * no run's history. Its columns are not read: a config's eval_iters would
 * be taken for a step, the runs' last values for one run's curve. */
static bool is_runs_table(const csv_reader *r)
{
    static const char *const header[] = {"name", "state", "notes", "user", "tags", "created", "runtime"};
    if (r->nnames < MD_COUNT(header))
        return false;
    for (size_t i = 0; i < MD_COUNT(header); i++)
        if (!md_word_is(r->names[i], r->name_lens[i], header[i]))
            return false;
    return true;
}

static void skip_runs_table(csv_reader *r)
{
    r->skip = md_xcalloc(r->nnames, sizeof *r->skip);
    for (size_t i = 0; i < r->nnames; i++)
        r->skip[i] = true;
    md_diags_add(r->diags, MD_DIAG_WARNING, r->path, 1, 0,
                 "a W&B runs table (one row a run: its config and last values), not a run's history; "
                 "export a run's history from its page, or analyse its run directory (wandb/run-*/)");
}

static size_t column_named(const csv_reader *r, const char *const *names, size_t n)
{
    for (size_t i = 0; i < r->nnames; i++)
        if (md_word_in(r->names[i], r->name_lens[i], names, n))
            return i;
    return SIZE_MAX;
}

/* A header of at most six names among which a tag's, a step's and a
 * value's, the rest a run's and a time's. */
static tall_table *tall_table_new(const csv_reader *r)
{
    static const char *const tags[] = {"tag", "metric", "metric_name", "key", "name", "series"};
    static const char *const steps[] = {"step", "global_step", "iteration", "iter"};
    static const char *const values[] = {"value", "metric_value", "scalar_value"};
    static const char *const others[] = {"run", "run_id", "experiment", "wall_time", "wall time", "timestamp",
                                         "time", "dir_name", "context", "epoch"};
    if (r->nnames < 3 || r->nnames > 6)
        return NULL;
    size_t tag = column_named(r, tags, MD_COUNT(tags)), step = column_named(r, steps, MD_COUNT(steps)),
           value = column_named(r, values, MD_COUNT(values));
    if (tag == SIZE_MAX || step == SIZE_MAX || value == SIZE_MAX)
        return NULL;
    for (size_t i = 0; i < r->nnames; i++)
        if (i != tag && i != step && i != value && !md_word_in(r->names[i], r->name_lens[i], others, MD_COUNT(others)))
            return NULL;
    tall_table *t = md_xcalloc(1, sizeof *t);
    t->tag_col = tag;
    t->step_col = step;
    t->value_col = value;
    return t;
}

static void tall_table_free(tall_table *t)
{
    if (!t)
        return;
    md_map_free(&t->columns);
    md_buf_free(&t->tag);
    md_buf_free(&t->step);
    md_buf_free(&t->value);
    free(t);
}

static void tall_field(csv_reader *r, size_t col, md_str f)
{
    tall_table *t = r->tall;
    md_buf *into = col == t->tag_col ? &t->tag : col == t->step_col ? &t->step : col == t->value_col ? &t->value : NULL;
    if (into)
        md_buf_put(into, f.p, f.n);
}

/* The row as a record of its step and its tag's value. */
static void tall_row_end(csv_reader *r)
{
    tall_table *t = r->tall;
    if (t->tag.n && t->value.n) {
        intptr_t column;
        if (!md_map_get(&t->columns, t->tag.p, t->tag.n, &column)) {
            column = (intptr_t)md_feed_column(r->feed, t->tag.p, t->tag.n) + 1;
            md_map_put(&t->columns, t->tag.p, t->tag.n, column);
        }
        md_feed_record_begin(r->feed, r->row + 1);
        if (t->step.n)
            md_feed_cell(r->feed, t->step_column, t->step.p, t->step.n);
        md_feed_cell(r->feed, (unsigned)(column - 1), t->value.p, t->value.n);
        md_feed_record_end(r->feed);
    }
    md_buf_reset(&t->tag);
    md_buf_reset(&t->step);
    md_buf_reset(&t->value);
}

/* TensorBoard's "Download CSV" of one scalar: "Wall time,Step,Value",
 * the tag only in the file's name. */
static bool is_scalar_export(const csv_reader *r)
{
    static const char *const header[] = {"wall time", "step", "value"};
    if (r->nnames != MD_COUNT(header))
        return false;
    for (size_t i = 0; i < MD_COUNT(header); i++)
        if (!md_word_is(r->names[i], r->name_lens[i], header[i]))
            return false;
    return true;
}

/* The run's last word when it names an evaluation ("validation" in
 * Keras' "20230101-120000_validation"), else an empty string: the tag
 * alone names the scalar, whatever directories the run sits in. */
static md_str evaluation_run(md_str run)
{
    size_t at = run.n;
    while (at > 0 && md_is_letter(run.p[at - 1]))
        at--;
    md_str last = {run.p + at, run.n - at};
    return md_evaluation_word(last.p, last.n) ? last : (md_str){NULL, 0};
}

/* Where the run's name starts, after its mark at the file name's start or
 * after a prefix the user put before it ("exp3_run-train-tag-loss.csv"). */
static const char *run_mark(md_str stem, const char *mark)
{
    size_t n = strlen(mark);
    for (const char *p = stem.p; (p = md_memmem(p, (size_t)(stem.p + stem.n - p), mark, n)) != NULL; p++)
        if (p == stem.p || p[-1] == '_' || p[-1] == '-' || p[-1] == '.' || p[-1] == ' ')
            return p + n;
    return NULL;
}

/* The scalar's name from its file's: "run-validation-tag-epoch_loss.csv"
 * (TensorBoard 2, '/' made '_') is validation/epoch_loss, and
 * "run_.,tag_loss.csv" (TensorBoard 1) is loss; a file renamed by hand
 * ("val_loss.csv") is what it says. Empty for standard input. */
static md_str scalar_name(const char *path, md_buf *name)
{
    if (strcmp(path, "<stdin>") == 0)
        return (md_str){NULL, 0};
    const char *base = strrchr(path, '/');
    md_str stem = md_str_c(base ? base + 1 : path);
    static const char *const exts[] = {".gz", ".csv"};
    for (size_t i = 0; i < MD_COUNT(exts); i++)
        if (md_str_ends_with(stem, exts[i]))
            stem.n -= strlen(exts[i]);
    static const char *const marks[][2] = {{"run-", "-tag-"}, {"run_", ",tag_"}};
    for (size_t i = 0; i < MD_COUNT(marks); i++) {
        const char *run = run_mark(stem, marks[i][0]);
        if (!run)
            continue;
        const char *tag = md_memmem(run, (size_t)(stem.p + stem.n - run), marks[i][1], strlen(marks[i][1]));
        if (!tag)
            continue;
        md_str eval = evaluation_run((md_str){run, (size_t)(tag - run)});
        const char *t = tag + strlen(marks[i][1]);
        if (eval.n)
            md_buf_printf(name, "%.*s/", (int)eval.n, eval.p);
        md_buf_put(name, t, (size_t)(stem.p + stem.n - t));
        return (md_str){name->p, name->n};
    }
    return stem;
}

/* CatBoost writes each fit's metrics to catboost_info/learn_error.tsv
 * and, for the eval set, test_error.tsv, both under the metric's bare name
 * ("iter\tLogloss"): the file says whose they are, also when a copy's name
 * says which fit it was ("churn_test_error.tsv"). */
static bool catboost_eval_file(const char *path)
{
    const char *base = strrchr(path, '/');
    md_str name = md_str_c(base ? base + 1 : path);
    return md_str_ends_with(name, "test_error.tsv") || md_str_ends_with(name, "test_error.tsv.gz");
}

/* The HF Trainer's table pasted as text ("Step\tTraining Loss\tValidation
 * Loss\tAccuracy"), whose evaluation's columns are named as a notebook's. */
static bool trainer_table(const csv_reader *r)
{
    md_str *names = md_xmalloc(r->nnames * sizeof *names);
    for (size_t i = 0; i < r->nnames; i++)
        names[i] = (md_str){r->names[i], r->name_lens[i]};
    bool trainer = md_trainer_table(names, r->nnames);
    free(names);
    return trainer;
}

/* A column's feed name: the header's, under "test_" in CatBoost's eval
 * file (its "iter" stays the step), under MD_TRAINER_EVAL_PREFIX for the
 * evaluation's columns of the Trainer's table. */
/* A column named like `repeats` columns before it ("step,loss,loss") is
 * kept apart as pandas does, "loss.1", not merged into one series. */
static unsigned column_of(csv_reader *r, size_t i, bool eval, bool trainer, size_t repeats)
{
    const char *name = r->names[i];
    size_t n = r->name_lens[i];
    const char *prefix = eval && !md_word_is(name, n, "iter")                        ? "test_"
                         : trainer && md_trainer_evaluation_column((md_str){name, n}) ? MD_TRAINER_EVAL_PREFIX
                                                                                      : NULL;
    if (!prefix && !repeats)
        return md_feed_column(r->feed, name, n);
    md_buf key = {0};
    md_buf_printf(&key, "%s%.*s", prefix ? prefix : "", (int)n, name);
    if (repeats)
        md_buf_printf(&key, ".%zu", repeats);
    unsigned c = md_feed_column(r->feed, key.p, key.n);
    md_buf_free(&key);
    return c;
}

/* A Monitor's row is an episode: "r" its return, "l" its length in
 * steps, "t" the seconds since the Monitor started. */
static void name_monitor_columns(csv_reader *r)
{
    static const struct {
        const char *column, *name;
    } names[] = {{"r", "episode_reward"}, {"l", "episode_length"}, {"t", "elapsed_time"}};
    for (size_t i = 0; i < r->nnames; i++) {
        const char *name = r->names[i];
        size_t n = r->name_lens[i];
        for (size_t k = 0; k < MD_COUNT(names); k++)
            if (md_str_eq((md_str){name, n}, names[k].column))
                name = names[k].name, n = strlen(name);
        r->columns[i] = md_feed_column(r->feed, name, n);
    }
}

static void take_row(csv_reader *r)
{
    if (!r->header_done) {
        r->header_done = true;
        r->row++;
        tall_table_free(r->tall);
        r->tall = NULL;
        md_buf scalar = {0};
        md_str tag = {NULL, 0};
        if (is_scalar_export(r))
            tag = scalar_name(r->path, &scalar);
        if (tag.n) {
            r->columns[0] = md_feed_column(r->feed, r->names[0], r->name_lens[0]);
            r->columns[1] = md_feed_column(r->feed, r->names[1], r->name_lens[1]);
            r->columns[2] = md_feed_column(r->feed, tag.p, tag.n);
        } else if ((r->tall = tall_table_new(r)) != NULL) {
            r->tall->step_column = md_feed_column(r->feed, r->names[r->tall->step_col], r->name_lens[r->tall->step_col]);
            r->skip = md_xcalloc(r->nnames, sizeof *r->skip);
            for (size_t i = 0; i < r->nnames; i++) {
                r->columns[i] = r->tall->step_column;
                r->skip[i] = true;
            }
        } else if (is_runs_table(r)) {
            skip_runs_table(r);
        } else if (is_panel_export(r)) {
            name_panel_columns(r);
        } else if (r->monitor) {
            name_monitor_columns(r);
        } else {
            bool eval = catboost_eval_file(r->path), trainer = trainer_table(r);
            md_map seen = {0};
            for (size_t i = 0; i < r->nnames; i++) {
                intptr_t repeats = 0;
                md_map_get(&seen, r->names[i], r->name_lens[i], &repeats);
                md_map_put(&seen, r->names[i], r->name_lens[i], repeats + 1);
                r->columns[i] = column_of(r, i, eval, trainer, (size_t)repeats);
            }
            md_map_free(&seen);
            if (r->constant_counts) {
                r->skip = md_xcalloc(r->nnames, sizeof *r->skip);
                for (size_t i = 0; i < r->nnames && i < 64; i++)
                    r->skip[i] = r->constant_counts >> i & 1;
            }
        }
        md_buf_free(&scalar);
        md_feed_csv_layout(r->feed, r->columns, r->skip, r->nnames);
        r->gpu = gpu_sample_new(r);
        return;
    }
    if (r->gpu && r->col > 0)
        gpu_row_end(r);
    else if (r->tall && r->col > 0)
        tall_row_end(r);
    else if (r->col > 0)
        md_feed_record_end(r->feed);
    r->col = 0;
    r->row++;
}

static void on_field(void *field, size_t len, void *data)
{
    take_field(data, field ? field : "", field ? len : 0);
}

static void on_row(int c, void *data)
{
    (void)c;
    take_row(data);
}

/* Lines before the header that start with '#' are comments: Stable
 * Baselines3's and OpenAI Baselines' Monitor open monitor.csv with
 * '#{"t_start": 1758041572.96, "env_id": "LunarLander-v3"}'. */
static bool comment_line(const char *p, size_t n)
{
    return n && p[0] == '#';
}

static bool monitor_comment(const char *p, size_t n)
{
    static const char sig[] = "#{\"t_start\"";
    return n >= sizeof sig - 1 && memcmp(p, sig, sizeof sig - 1) == 0;
}

/* The header's most frequent of ',', '\t' and ';' (spreadsheets in
 * locales with a decimal comma write ';'); ',' on a tie. */
static unsigned char pick_delimiter(md_str head)
{
    for (;;) {
        const char *eol = memchr(head.p, '\n', head.n);
        if (!eol || !comment_line(head.p, head.n))
            break;
        head.n -= (size_t)(eol + 1 - head.p);
        head.p = eol + 1;
    }
    const char *nl = memchr(head.p, '\n', head.n);
    size_t n = nl ? (size_t)(nl - head.p) : head.n;
    size_t commas = 0, tabs = 0, semicolons = 0;
    for (size_t i = 0; i < n; i++) {
        commas += head.p[i] == ',';
        tabs += head.p[i] == '\t';
        semicolons += head.p[i] == ';';
    }
    if (tabs > commas && tabs >= semicolons)
        return '\t';
    return semicolons > commas ? ';' : ',';
}

/* The cell of a line of the head that starts at *c, trimmed (its '\r'
 * too), *c moved past the delimiter after it; stop is the line's end. */
static md_str head_cell(const char **c, const char *stop, unsigned char delim)
{
    const char *cut = memchr(*c, delim, (size_t)(stop - *c));
    cut = cut ? cut : stop;
    md_str cell = md_csv_trim(*c, (size_t)(cut - *c));
    *c = cut + 1;
    return cell;
}

/* Whether a file parted by ';' or tabs writes decimal commas, as
 * spreadsheets in such locales do ("step;loss" over "1;2,4752"): a cell
 * of its first lines holds a comma number that no thousands group is
 * ("2,4752", "0,5"), and none groups thousands beyond doubt
 * ("1,234,567"). Then every comma between digits is a decimal point. */
static bool decimal_comma_cells(md_str head, unsigned char delim)
{
    if (delim == ',')
        return false;
    size_t decimal = 0, grouped = 0;
    const char *p = head.p, *end = head.p + head.n;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            break; /* a line the head cut */
        for (const char *c = p; c <= eol;) {
            md_str f = head_cell(&c, eol, delim);
            double v;
            if (md_comma_number(f.p, f.n))
                decimal += md_num_grouped(f.p, f.p + f.n, &v) != f.n;
            else if (md_num_grouped(f.p, f.p + f.n, &v) == f.n && f.n)
                grouped++;
        }
        p = eol + 1;
    }
    return decimal > 0 && grouped == 0;
}

/* A file's columns named for a count (epoch, step, iteration) that hold
 * one value in every row, the whole file seen: Keras' CSVLogger under a
 * loop that calls fit() for one epoch at a time writes epoch 0 on every
 * row. Such a column places nothing: read by it, a run's points would
 * all stand at one step and its curve would vanish; without it they
 * stand in their rows' order. Three rows at least. A bit per column. */
static uint64_t constant_counts(md_str head, bool whole, unsigned char delim)
{
    static const char *const counts[] = {"epoch", "step", "iter", "iteration", "global_step", "_step"};
    if (!whole)
        return 0;
    const char *p = head.p, *end = head.p + head.n;
    while (p < end && comment_line(p, (size_t)(end - p))) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        p = eol ? eol + 1 : end;
    }
    md_str cells[64], first[64];
    size_t ncols = 0, rows = 0;
    uint64_t named = 0, same = 0;
    for (; p < end; rows++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *stop = eol ? eol : end;
        size_t n = 0;
        for (const char *c = p; c <= stop && n < 64;)
            cells[n++] = head_cell(&c, stop, delim);
        p = eol ? eol + 1 : end;
        if (rows == 0) {
            ncols = n;
            for (size_t i = 0; i < n; i++)
                if (md_word_in(cells[i].p, cells[i].n, counts, MD_COUNT(counts)))
                    named |= (uint64_t)1 << i;
            same = named;
            if (!named)
                return 0;
            continue;
        }
        if (n != ncols)
            return 0; /* ragged: nothing is told */
        for (size_t i = 0; i < n; i++) {
            if (!(same >> i & 1))
                continue;
            if (rows == 1)
                first[i] = cells[i];
            else if (cells[i].n != first[i].n || memcmp(cells[i].p, first[i].p, cells[i].n) != 0)
                same &= ~((uint64_t)1 << i);
        }
    }
    return rows >= 4 ? same : 0;
}

/* The line with each comma between two digits made a point. */
static const char *with_points(csv_reader *r, const char *p, size_t n)
{
    md_buf_reset(&r->points);
    md_buf_put(&r->points, p, n);
    char *q = r->points.p;
    for (size_t i = 1; i + 1 < n; i++)
        if (q[i] == ',' && md_is_digit(q[i - 1]) && md_is_digit(q[i + 1]))
            q[i] = '.';
    return q;
}

static bool between_rows(const csv_reader *r)
{
    return r->parser.pstate == r->row_start_state && r->parser.entry_pos == 0;
}

static void to_libcsv(csv_reader *r, const char *p, size_t n)
{
    if (r->failed || !n)
        return;
    if (csv_parse(&r->parser, p, n, on_field, on_row, r) != n) {
        md_diags_add(r->diags, MD_DIAG_WARNING, r->path, r->row + 1, 0, "%s",
                     csv_strerror(csv_error(&r->parser)));
        r->failed = true;
    }
}

static bool blank_line(const csv_reader *r, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((p[i] != ' ' && p[i] != '\t') || p[i] == (char)r->delim)
            return false;
    return true;
}

/* Whether a line starts as a row of figures does: a number, a sign, a
 * point or an empty first cell ("1,2.5", ",2.5", "\"3\",..."). */
static bool starts_like_row(const csv_reader *r, const char *p, size_t n)
{
    size_t i = 0;
    while (i < n && p[i] == ' ')
        i++;
    if (i < n && p[i] == '"')
        i++;
    return i == n || p[i] == (char)r->delim || md_is_digit(p[i]) || p[i] == '-' || p[i] == '+' || p[i] == '.';
}

/* A line after the header with as many fields as it has, starting as a
 * row does, is a row: it ends the tail. Any other may be none (a
 * traceback, "Killed", PyTorch's out-of-memory message with as many
 * commas as the header): it joins the tail, and is read as a row all the
 * same. */
static void note_fields(csv_reader *r, const char *p, size_t n, size_t fields)
{
    if (fields == r->nnames && starts_like_row(r, p, n)) {
        if (r->tail.n)
            md_tail_clear(&r->tail);
    } else {
        md_tail_add(&r->tail, (md_str){p, n}, r->lineno);
    }
}

/* The fields of a line libcsv reads, its delimiters outside quotes
 * counted: what md_csv_split gives a line without quotes. */
static size_t fields_in_line(const csv_reader *r, const char *p, size_t n)
{
    size_t fields = 1;
    bool quoted = false;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '"')
            quoted = !quoted;
        else if (p[i] == (char)r->delim && !quoted)
            fields++;
    }
    return fields;
}

/* The fields of a data row split at cuts, converted here (the feed's
 * thread reads the rows handed to it whole): what take_field does with
 * each, the reader's state held in locals across the row. */
static void fast_cells(csv_reader *r, const char *p, size_t n, const size_t *cuts, size_t ncuts)
{
    md_feed *feed = r->feed;
    const unsigned *columns = r->columns;
    const bool *skip = r->skip;
    size_t names = r->nnames, from = 0, fields = ncuts + 1;
    md_feed_record_begin(feed, r->row + 1);
    for (size_t k = 0; k < fields; k++) {
        if (k >= names) {
            r->ragged++;
            break;
        }
        size_t to = k < ncuts ? cuts[k] : n;
        md_str f = md_csv_trim(p + from, to - from);
        from = to + 1;
        if (!f.n || (skip && skip[k]))
            continue;
        double v;
        unsigned flags;
        if (md_csv_cell_number(p, f, &v, &flags))
            md_feed_kv_column(feed, columns[k], v, flags);
        else if (md_csv_percent_cell(f))
            md_feed_cell(feed, columns[k], f.p, f.n);
    }
    r->col = fields;
}

/* The fast path: a line without a quote character and without a carriage
 * return but at its end (libcsv ends a row at either), split where the
 * delimiter is. Returns false, having taken nothing, for any other line. */
static bool fast_row(csv_reader *r, const char *p, size_t n)
{
    while (n && p[n - 1] == '\r')
        n--;
    size_t cuts[MD_CSV_FIELDS];
    size_t ncuts;
    if (!md_csv_split(p, n, (char)r->delim, cuts, &ncuts))
        return false;
    if (!ncuts && blank_line(r, p, n))
        return true;
    if (r->header_done)
        note_fields(r, p, n, ncuts + 1);
    if (r->header_done && md_feed_defers(r->feed) && md_feed_csv_row(r->feed, r->row + 1, p, n, cuts, ncuts)) {
        /* The whole row is the feed's thread's to read: the reader's
         * thread only splits the input into rows. */
        r->ragged += ncuts >= r->nnames;
        r->row++;
        return true;
    }
    if (r->header_done) {
        fast_cells(r, p, n, cuts, ncuts);
    } else {
        size_t from = 0;
        for (size_t k = 0; k < ncuts; k++) {
            take_field(r, p + from, cuts[k] - from);
            from = cuts[k] + 1;
        }
        take_field(r, p + from, n - from);
    }
    take_row(r);
    return true;
}

static bool is_name(const csv_reader *r, md_str f)
{
    for (size_t i = 0; i < r->nnames; i++)
        if (md_str_eq(f, r->names[i]))
            return true;
    return false;
}

/* The header written again below rows: a table appended to after a
 * resume, or Stable Baselines3's progress.csv, whose header is written
 * anew, wider, once a key first appears ("rollout/ep_rew_mean" after the
 * first episode). A line of two or more cells, no number among them, and
 * half or more of them the header's names. Rows of numbers fail at their
 * first cell, before any name is looked up. */
static bool header_again(const csv_reader *r, const char *p, size_t n)
{
    size_t cells = 0, names = 0, from = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && p[i] != (char)r->delim)
            continue;
        md_str f = md_csv_trim(p + from, i - from);
        if (f.n >= 2 && f.p[0] == '"' && f.p[f.n - 1] == '"')
            f.p++, f.n -= 2;
        double v;
        unsigned flags;
        if (f.n && md_cell_number(f.p, f.n, &v, &flags))
            return false;
        cells++;
        names += is_name(r, f);
        from = i + 1;
    }
    return cells >= 2 && 2 * names >= cells;
}

/* Forgets the header, so that the next line is read as one. */
static void drop_header(csv_reader *r)
{
    for (size_t i = 0; i < r->nnames; i++)
        free(r->names[i]);
    r->nnames = 0;
    free(r->skip);
    r->skip = NULL;
    r->header_done = false;
}

/* One line and the '\n' after it (nl is false for a last line without). */
static void take_line(csv_reader *r, const char *p, size_t n, bool nl, bool fast)
{
    if (r->decimal_comma && memchr(p, ',', n))
        p = with_points(r, p, n + nl);
    if (!r->header_done && r->nnames == 0 && between_rows(r) && comment_line(p, n)) {
        r->monitor |= monitor_comment(p, n);
        r->row++;
        return;
    }
    /* A name starts with a letter, a quote or an underscore; a row of
     * figures with a digit, a sign, a point or an empty cell, and goes no
     * further than this first test. */
    if (n && (md_is_letter(p[0]) || p[0] == '"' || p[0] == '_') && r->header_done && !r->gpu && between_rows(r) &&
        r->row > 1 && header_again(r, p, n))
        drop_header(r);
    if (fast && !r->gpu && !r->tall && !r->failed && between_rows(r) && fast_row(r, p, n))
        return;
    if (r->header_done && !r->gpu && !r->failed && between_rows(r)) {
        size_t k = n;
        while (k && p[k - 1] == '\r')
            k--;
        if (k && !blank_line(r, p, k))
            note_fields(r, p, k, fields_in_line(r, p, k));
    }
    to_libcsv(r, p, n + nl);
}

/* Splits the input into lines; a line longer than the buffer goes to
 * libcsv in pieces, which leaves libcsv inside that row until its end. */
static md_err read_lines(csv_reader *r, md_source *src, md_holes *holes, bool fast)
{
    char *buf = md_xmalloc(CSV_BUF);
    size_t start = 0, end = 0;
    uint64_t base = 0; /* input offset of buf[0] */
    unsigned long lineno = 0;
    md_err err = MD_OK;
    while (!r->failed) {
        char *nl = memchr(buf + start, '\n', end - start);
        if (nl) {
            md_holes_line(holes, base + (uint64_t)(nl - buf), ++lineno);
            r->lineno = lineno;
            take_line(r, buf + start, (size_t)(nl - (buf + start)), true, fast);
            start = (size_t)(nl - buf) + 1;
            continue;
        }
        if (start > 0) {
            memmove(buf, buf + start, end - start);
            base += start;
            end -= start;
            start = 0;
        }
        if (end == CSV_BUF) {
            to_libcsv(r, buf, end);
            base += end;
            end = 0;
        }
        size_t want = CSV_BUF - end < CSV_BLOCK ? CSV_BUF - end : CSV_BLOCK;
        long got = md_source_read(src, buf + end, want);
        if (got <= 0) {
            err = got < 0 ? MD_ERR_IO : MD_OK;
            md_holes_end(holes);
            if (end > start) {
                md_holes_line(holes, base + end, ++lineno);
                r->lineno = lineno;
                take_line(r, buf + start, end - start, false, fast);
            }
            break;
        }
        md_holes_scan(holes, buf + end, (size_t)got, base + end);
        end += (size_t)got;
    }
    free(buf);
    return err;
}

md_err md_read_csv_with(md_store *st, md_source *src, md_diags *diags, bool fast, bool threaded)
{
    csv_reader r = {0};
    if (csv_init(&r.parser, 0) != 0)
        return MD_ERR_INTERNAL;
    r.feed = md_feed_new(st, threaded);
    r.diags = diags;
    r.path = md_source_path(src);
    r.row_start_state = r.parser.pstate;
    r.delim = pick_delimiter(md_source_peek(src));
    r.decimal_comma = decimal_comma_cells(md_source_peek(src), r.delim);
    r.constant_counts =
        constant_counts(md_source_peek(src), md_source_peek(src).n < MD_SOURCE_PEEK && !md_source_is_gzip(src), r.delim);
    csv_set_delim(&r.parser, r.delim);
    md_holes holes = {0};
    md_err err = read_lines(&r, src, &holes, fast);
    /* A quote that never closes swallowed the rest of the file: say so,
     * rather than let its rows vanish without a word. */
    csv_set_opts(&r.parser, CSV_STRICT | CSV_STRICT_FINI);
    if (!r.failed && csv_fini(&r.parser, on_field, on_row, &r) != 0)
        md_diags_add(diags, MD_DIAG_WARNING, r.path, r.row + 1, 0,
                     "a quoted field starts here and never closes: the rest of the file was not read");
    csv_free(&r.parser);
    md_buf_free(&r.points);
    if (r.gpu)
        gpu_flush(&r);
    md_feed_close(r.feed);
    md_tail_read(&r.tail, st);
    md_tail_free(&r.tail);
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    in->lines = r.row;
    in->bad_records = r.ragged;
    if (r.ragged)
        md_diags_add(diags, MD_DIAG_WARNING, r.path, 0, 0,
                     "%lu row%s more fields than the header; the extra fields were ignored", r.ragged,
                     r.ragged == 1 ? " has" : "s have");
    md_reader_holes_done(st, &holes, diags, r.path);
    for (size_t i = 0; i < r.nnames; i++)
        free(r.names[i]);
    free(r.names);
    free(r.name_lens);
    free(r.columns);
    free(r.skip);
    gpu_sample_free(r.gpu);
    tall_table_free(r.tall);
    return err;
}

md_err md_read_csv(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    (void)cat;
    return md_read_csv_with(st, src, diags, true, md_reader_threaded(src));
}
