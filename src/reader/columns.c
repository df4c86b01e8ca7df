/* Tables of whitespace-aligned columns: a header line of names, then rows
 * of numbers under it, as fastai's fit prints them
 *
 *   epoch     train_loss  valid_loss  accuracy  time
 *   0         0.160734    0.053902    0.983000  00:12
 *
 * spaCy's `spacy train` (names with a blank inside, a rule of dashes
 * marking each column)
 *
 *   E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE
 *   ---  ------  ------------  --------  ------  ------  ------  ------
 *     0     200         25.23   2011.27   45.12   50.23   40.96    0.45
 *
 * and Ultralytics YOLO its epochs ("Epoch GPU_mem box_loss cls_loss ..."
 * over "1/30 2.1G 1.234 ... 640: 100%|###| 10/10 [...]"; the bar is cut
 * off first), each followed by its validation: a bar described by a
 * header ("Class Images Instances Box(P R mAP50 mAP50-95): 100%|###|
 * 4/4"), then a row for all classes ("all 128 929 0.64 ...") and one per
 * class.
 *
 * A header is three or more names, none a number, one of them a series
 * or step the catalog knows, so a line of prose is no header; a rule of
 * dashes under it, or a table it follows as a bar's description, is proof
 * enough. A row has as many cells, the first and at least half of them
 * numbers; a cell that is no number (a clock) is skipped. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "reader/reader_int.h"

#define COLUMNS_GAP_LINES 64
#define COLUMNS_MIN 3

/* Where a cell that reaches p ends: at a tab where the line has tabs, at a
 * blank otherwise, and for wide cells at a run of two blanks or the line's
 * end (a single blank is inside a name: "LOSS NER"). */
static bool cell_ends(const char *p, const char *end, bool tabs, bool wide)
{
    if (tabs)
        return *p == '\t';
    if (!md_is_blank(*p))
        return false;
    return !wide || p + 1 == end || md_is_blank(p[1]);
}

size_t md_split_cells(md_str s, md_str *cells, size_t cap, bool wide)
{
    size_t n = 0;
    const char *p = s.p, *end = s.p + s.n;
    bool tabs = memchr(s.p, '\t', s.n) != NULL;
    while (p < end) {
        p = md_skip_blanks(p, end);
        if (p == end)
            break;
        const char *start = p;
        while (p < end && !cell_ends(p, end, tabs, wide))
            p++;
        if (tabs)
            while (p > start && p[-1] == ' ')
                p--; /* the cell without trailing spaces */
        if (n == cap)
            return SIZE_MAX;
        cells[n++] = (md_str){start, (size_t)(p - start)};
    }
    return n;
}

typedef struct cell_value {
    double v, total;
    md_unit unit;
    unsigned flags;
} cell_value;

/* A number, with an optional unit ("2.1G") or total ("1/30"). */
static bool cell_number(md_str c, cell_value *out)
{
    c = md_cell_unemphasized(c);
    const char *end = c.p + c.n;
    if (c.n && end[-1] == ':')
        end--; /* YOLO's last cell before its bar: "640:" */
    size_t k = md_num_scan(c.p, end, &out->v);
    if (!k)
        return false;
    /* A count with its thousands grouped: a model card's "| 1,000 |". */
    if (c.p + k < end && c.p[k] == ',') {
        size_t g = md_num_grouped(c.p, end, &out->v);
        if (g && c.p + g == end) {
            out->flags = (memchr(c.p, '.', g) ? 0 : MD_KV_INTEGRAL) | md_kv_decimals(c.p, g);
            out->unit = MD_UNIT_NONE;
            out->total = NAN;
            return true;
        }
    }
    out->flags = md_kv_number_flags(c.p, k);
    out->unit = MD_UNIT_NONE;
    out->total = NAN;
    const char *q = c.p + k;
    if (q == end)
        return true;
    if (*q == '/' && (out->flags & MD_KV_INTEGRAL)) {
        double t;
        size_t tk = md_num_scan(q + 1, end, &t);
        if (tk && q + 1 + tk == end) {
            out->total = t;
            out->flags |= MD_KV_TOTAL;
            return true;
        }
        return false;
    }
    md_unit u;
    size_t un = md_unit_scan(q, end, &u);
    if (un && q + un == end) {
        out->unit = u;
        return true;
    }
    return false;
}

static bool has_digit(md_str c)
{
    for (size_t i = 0; i < c.n; i++)
        if (md_is_digit(c.p[i]))
            return true;
    return false;
}

/* Names, none a number and each short enough to keep; a header proven by
 * its layout may also have names that start with no letter (spaCy's "#"). */
static bool header_names(const md_str *cells, size_t n, bool proven)
{
    if (n < COLUMNS_MIN || n > MD_COLUMNS_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        double v;
        if (md_num_scan(cells[i].p, cells[i].p + cells[i].n, &v) || cells[i].n >= MD_COLUMNS_NAME ||
            (!proven && !md_is_letter(cells[i].p[0])))
            return false;
    }
    return true;
}

/* A name the catalog knows, but a set's alone ("train", "valid": a loss's
 * name only before its number, and a word of prose: "We train the
 * model"). */
static bool any_known(const md_str *cells, size_t n, md_key_role_fn role, const void *ctx)
{
    for (size_t i = 0; i < n; i++)
        if (role(ctx, cells[i].p, cells[i].n) >= 0 && !md_kv_set_name(cells[i].p, cells[i].n))
            return true;
    return false;
}

/* The one-character counters spaCy heads its table with: E is the epoch
 * and # the updates so far, the step. */
static const char *abbreviation(md_str name)
{
    if (md_str_eq(name, "E"))
        return "epoch";
    if (md_str_eq(name, "#"))
        return "step";
    return NULL;
}

/* spaCy's table is E and #, a "LOSS <component>" column per component, then
 * the scores of its score_weights and the weighted SCORE: every score is
 * measured on the dev corpus at that step, none on the training data, so
 * they are named for the dev set ("dev_ents_f"), as an evaluation's are. */
static void name_dev_scores(md_columns *t)
{
    for (size_t i = 2; i < t->n; i++) {
        size_t len = strlen(t->names[i]);
        if ((len >= 4 && strncasecmp(t->names[i], "loss", 4) == 0) || len + 4 >= MD_COLUMNS_NAME)
            continue;
        memmove(t->names[i] + 4, t->names[i], len + 1);
        memcpy(t->names[i], "dev_", 4);
    }
}

bool md_trainer_table(const md_str *names, size_t n)
{
    bool training = false, validation = false;
    for (size_t i = 0; i < n; i++) {
        training |= md_str_eq(names[i], "Training Loss");
        validation |= md_str_eq(names[i], "Validation Loss");
    }
    return training && validation;
}

bool md_trainer_evaluation_column(md_str name)
{
    static const char *const own[] = {"Training Loss", "Epoch", "Step", "Validation Loss"};
    return !md_str_in(name, own, MD_COUNT(own));
}

/* The Trainer's table in a notebook: its evaluation's columns named as
 * md_trainer_table says. */
static void name_trainer_scores(md_columns *t, const md_str *cells, size_t n)
{
    if (!md_trainer_table(cells, n))
        return;
    static const size_t prefix = sizeof MD_TRAINER_EVAL_PREFIX - 1;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(t->names[i]);
        if (!md_trainer_evaluation_column(cells[i]) || len + prefix >= MD_COLUMNS_NAME)
            continue;
        memmove(t->names[i] + prefix, t->names[i], len + 1);
        memcpy(t->names[i], MD_TRAINER_EVAL_PREFIX, prefix);
    }
}

/* Ultralytics' training table: its box_loss, cls_loss and dfl_loss are the
 * terms of the training loss, named as its results.csv names them. */
static void name_yolo_terms(md_columns *t)
{
    for (size_t i = 0; i < t->n; i++) {
        /* YOLOv5 heads its terms "box obj cls" (and "seg"), which its
         * results.csv calls train/box_loss, ..., and their sum "total"
         * (train/total_loss: the loss as logged, not a term); its first
         * releases and YOLOR head the box term "GIoU". */
        if (strcmp(t->names[i], "GIoU") == 0)
            memcpy(t->names[i], "box", 4);
        static const char *const v5[] = {"box", "obj", "cls", "seg", "total"};
        for (size_t k = 0; k < MD_COUNT(v5); k++)
            if (strcmp(t->names[i], v5[k]) == 0)
                memcpy(t->names[i] + strlen(v5[k]), "_loss", 6);
        size_t len = strlen(t->names[i]);
        if (len > 5 && md_str_ends_with((md_str){t->names[i], len}, "_loss") && len + 6 < MD_COLUMNS_NAME) {
            memmove(t->names[i] + 6, t->names[i], len + 1);
            memcpy(t->names[i], "train/", 6);
        }
    }
}

/* Detection tables abbreviate precision and recall; a header the
 * terminal's width cut after "mAP50-" meant mAP50-95, the last column. */
static const char *metric_name(const char *member)
{
    if (strcmp(member, "P") == 0)
        return "precision";
    if (strcmp(member, "R") == 0)
        return "recall";
    if (strcmp(member, "mAP50-") == 0)
        return "mAP50-95";
    return member;
}

/* The columns of a table of labelled rows are an evaluation's figures,
 * named as Ultralytics' results.csv names them: "Box(P R mAP50 mAP50-95)"
 * are metrics/precision(B), metrics/recall(B), metrics/mAP50(B) and
 * metrics/mAP50-95(B) (a group's initial in brackets: "Mask(P ..." gives
 * (M)), YOLOv5's ungrouped "P R" metrics/precision and metrics/recall.
 * Counts the catalog ignores (Images, Instances) keep their names. */
static void name_evaluation(md_columns *t, md_key_role_fn role, const void *ctx)
{
    char group = 0;
    for (size_t i = 1; i < t->n; i++) {
        char member[MD_COLUMNS_NAME];
        const char *name = t->names[i], *open = strchr(name, '(');
        if (role(ctx, name, strlen(name)) == MD_ROLE_IGNORE)
            continue;
        if (open) {
            group = name[0] >= 'a' && name[0] <= 'z' ? (char)(name[0] - 'a' + 'A') : name[0];
            name = open + 1;
        }
        size_t len = strlen(name);
        bool closes = len && name[len - 1] == ')';
        snprintf(member, sizeof member, "%.*s", (int)(len - closes), name);
        if (group)
            snprintf(t->names[i], MD_COLUMNS_NAME, "metrics/%.30s(%c)", metric_name(member), group);
        else
            snprintf(t->names[i], MD_COLUMNS_NAME, "metrics/%.38s", metric_name(member));
        if (closes)
            group = 0;
    }
}

/* Makes cells the header's columns. */
static void set_columns(md_columns *t, const md_str *cells, size_t n, md_key_role_fn role, const void *ctx)
{
    bool yolo = false;
    for (size_t i = 0; i < n; i++) {
        const char *abbr = abbreviation(cells[i]);
        md_str name = abbr ? md_str_c(abbr) : cells[i];
        memcpy(t->names[i], name.p, name.n);
        t->names[i][name.n] = '\0';
        int r = role(ctx, name.p, name.n);
        t->place[i] = r == MD_ROLE_STEP || r == MD_ROLE_EPOCH;
        yolo |= md_str_eq(name, "GPU_mem") || md_str_eq(name, "gpu_mem");
        /* A first column the catalog does not name (YOLO's "Class") may
         * hold the rows' labels. */
        if (i == 0)
            t->labelled = r < 0;
    }
    t->n = n;
    t->nwide = 0;
    t->starts_known = false;
    t->ruled = false;
    t->evaluation = false;
    if (yolo)
        name_yolo_terms(t);
    if (n > 2 && md_str_eq(cells[0], "E") && md_str_eq(cells[1], "#"))
        name_dev_scores(t);
    name_trainer_scores(t, cells, n);
}

static void keep_wide_names(md_columns *t, const md_str *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        memcpy(t->wide[i], cells[i].p, cells[i].n);
        t->wide[i][cells[i].n] = '\0';
    }
    t->nwide = n;
}

static void use_wide_names(md_columns *t, md_key_role_fn role, const void *ctx)
{
    md_str cells[MD_COLUMNS_MAX];
    size_t n = t->nwide;
    for (size_t i = 0; i < n; i++)
        cells[i] = md_str_c(t->wide[i]);
    set_columns(t, cells, n, role, ctx);
}

/* A notebook's table of the training loss alone, as Unsloth's runs
 * print it ("Step\tTraining Loss" over "1\t3.0197"): two names at a tab
 * or a column's gap of blanks ("Step   Loss", a TensorBoard scalar pasted
 * as text), the first a step and the second a series the catalog knows.
 * Two words parted by one blank are too often prose to be a header. */
static bool step_and_series(md_str line, const md_str *cells, size_t n, md_key_role_fn role, const void *ctx)
{
    md_str wide[3];
    if (n != 2 || (!memchr(line.p, '\t', line.n) && md_split_cells(line, wide, 3, true) != 2))
        return false;
    for (size_t i = 0; i < n; i++)
        if (md_num_scan(cells[i].p, cells[i].p + cells[i].n, &(double){0}) || cells[i].n >= MD_COLUMNS_NAME)
            return false;
    return role(ctx, cells[0].p, cells[0].n) == MD_ROLE_STEP && role(ctx, cells[1].p, cells[1].n) == MD_ROLE_SERIES;
}

/* The header's names are also kept as single blanks leave them ("Epoch
 * Train Loss  Valid Loss"), for rows of that many cells to choose. */
static bool read_header(md_columns *t, md_str line, size_t indent, const md_str *cells, size_t n,
                        md_key_role_fn role, const void *ctx)
{
    if (step_and_series(line, cells, n, role, ctx)) {
        set_columns(t, cells, n, role, ctx);
        t->nwide = 0;
        return true;
    }
    if (!header_names(cells, n, false))
        return false;
    md_str wide[MD_COLUMNS_MAX];
    size_t nwide = md_split_cells(line, wide, MD_COLUMNS_MAX, true);
    if (nwide == SIZE_MAX || nwide == n || !header_names(wide, nwide, false))
        nwide = 0;
    if (!any_known(cells, n, role, ctx) && !(nwide && any_known(wide, nwide, role, ctx)))
        return false;
    set_columns(t, cells, n, role, ctx);
    keep_wide_names(t, wide, nwide);
    t->starts_known = !memchr(line.p, '\t', line.n);
    for (size_t i = 0; i < n; i++)
        t->start[i] = indent + (size_t)(cells[i].p - line.p);
    return true;
}

/* Most log lines start with no letter or hold a ':' or '=': no header. */
static bool may_be_header(md_str line)
{
    char c = line.n ? line.p[0] : 0;
    if (!md_is_letter(c) && c != '#')
        return false;
    for (size_t i = 0; i < line.n; i++)
        if (line.p[i] == ':' || line.p[i] == '=' || line.p[i] == '|' || line.p[i] == '{')
            return false;
    return true;
}

static void feed_cell(md_feed *feed, const char *name, const cell_value *c)
{
    md_feed_kv(feed, name, strlen(name), c->v, c->unit, c->flags, c->total);
}

/* Keeps the row's step and epoch cells for the evaluation after it. */
static void keep_place(md_columns *t, const cell_value *vals, const bool *ok)
{
    t->nat = 0;
    for (size_t i = 0; i < t->n && t->nat < MD_COLUMNS_PLACE; i++) {
        if (!t->place[i] || !ok[i])
            continue;
        md_columns_cell *c = &t->at[t->nat++];
        memcpy(c->name, t->names[i], sizeof c->name);
        c->v = vals[i].v;
        c->total = vals[i].total;
        c->flags = vals[i].flags;
    }
}

/* Labels of a row that covers the whole evaluated set (YOLO's "all");
 * other labels name a part of it, a class, and are not the run's figure. */
static bool overall_label(md_str label)
{
    static const char *const labels[] = {"all", "overall", "mean", "average"};
    return md_str_in(label, labels, MD_COUNT(labels));
}

/* A labelled row: its numbers are the evaluation's, at the step of the row
 * it follows. The final evaluation of a saved checkpoint comes after no
 * new row, so it is not read. */
static bool read_labelled_row(md_columns *t, md_str label, const cell_value *vals, const bool *ok, md_feed *feed,
                              unsigned long lineno, md_key_role_fn role, const void *ctx)
{
    for (size_t i = 1; i < t->n; i++)
        if (!ok[i])
            return false;
    if (!t->evaluation) {
        name_evaluation(t, role, ctx);
        t->evaluation = true;
    }
    if (!overall_label(label) || !t->nat)
        return true;
    md_feed_record_begin(feed, lineno);
    for (size_t i = 0; i < t->nat; i++) {
        cell_value c = {t->at[i].v, t->at[i].total, MD_UNIT_NONE, t->at[i].flags};
        feed_cell(feed, t->at[i].name, &c);
    }
    for (size_t i = 1; i < t->n; i++)
        feed_cell(feed, t->names[i], &vals[i]);
    md_feed_record_end(feed);
    t->nat = 0;
    return true;
}

/* A cell that stands for no value: HF Trainer's "No log" under Training
 * Loss until its first logging step (TRL's GRPO table writes "No Log"), a
 * table's "N/A" or "-", Flair's loss.tsv "_" for a score it did not
 * compute. */
static bool placeholder_cell(md_str c)
{
    static const char *const placeholders[] = {"No log", "No Log", "N/A", "-", "_"};
    return md_str_in(c, placeholders, MD_COUNT(placeholders));
}

/* Whether a column's name holds one of words, in any case. */
static bool column_named(const char *name, const char *const *words, size_t nwords)
{
    char low[MD_COLUMNS_NAME];
    size_t n = 0;
    for (; name[n] && n + 1 < sizeof low; n++)
        low[n] = (char)(name[n] >= 'A' && name[n] <= 'Z' ? name[n] + 32 : name[n]);
    low[n] = '\0';
    for (size_t i = 0; i < nwords; i++)
        if (strstr(low, words[i]))
            return true;
    return false;
}

static bool loss_column(const char *name)
{
    static const char *const words[] = {"loss"};
    return column_named(name, words, MD_COUNT(words));
}

static bool measure_column(const char *name)
{
    static const char *const words[] = {"loss", "acc", "error", "score", "auc"};
    return column_named(name, words, MD_COUNT(words));
}

static bool evaluation_column(const char *name)
{
    static const char *const words[] = {"val", "test"};
    return column_named(name, words, MD_COUNT(words));
}

/* A NaN under a loss or a score of one set (training, or an evaluation)
 * in a row where a loss of the other set has a value is the cell of a
 * figure the row does not report: pandas prints Lightning's metrics.csv
 * with NaN in the validation columns of a training row and in the training
 * columns of a validation row, as Casanovo's history table does. Returns
 * which set's NaN cells are so: 1 the evaluation's, 2 training's, 0 none.
 * A row whose losses are all NaN diverged, whatever its accuracy
 * (Chainer's "nan  nan  0.08"); so did one term of a loss beside another
 * (spaCy's "LOSS NER" beside "LOSS TOK2VEC"). */
static int row_reports_one_set(const md_columns *t, const cell_value *vals, const bool *ok, size_t n)
{
    bool any_nan = false;
    for (size_t i = 1; i < n; i++)
        any_nan |= ok[i] && isnan(vals[i].v);
    if (!any_nan)
        return 0; /* most rows: no name is looked at */
    int placeholders = 0;
    for (size_t i = 1; i < n; i++)
        if (ok[i] && isfinite(vals[i].v) && loss_column(t->names[i]))
            placeholders |= evaluation_column(t->names[i]) ? 2 : 1;
    return placeholders == 3 ? 0 : placeholders;
}

static bool placeholder_nan(const md_columns *t, size_t i, int placeholders)
{
    return placeholders && measure_column(t->names[i]) &&
           evaluation_column(t->names[i]) == (placeholders == 1);
}

/* The row's cells as a record; false when the cells are no row. */
static bool read_row(md_columns *t, const md_str *cells, size_t n, md_feed *feed, unsigned long lineno,
                     md_key_role_fn role, const void *ctx)
{
    cell_value vals[MD_COLUMNS_MAX];
    bool ok[MD_COLUMNS_MAX];
    size_t numbers = 0;
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        ok[i] = cells[i].n && cell_number(cells[i], &vals[i]);
        if (!ok[i] && cells[i].n && !has_digit(cells[i]) && i > 0 && !placeholder_cell(cells[i]))
            return false;
        numbers += ok[i];
    }
    /* Once a table's rows are labelled, a number first is a class's
     * label too ("0", "1": a dataset's classes named by number). */
    if (t->labelled && (!ok[0] || t->evaluation))
        return read_labelled_row(t, cells[0], vals, ok, feed, lineno, role, ctx);
    if (!ok[0] || 2 * numbers < n)
        return false;
    int placeholders = row_reports_one_set(t, vals, ok, n);
    md_feed_record_begin(feed, lineno);
    for (size_t i = 0; i < n; i++)
        if (ok[i] && !(isnan(vals[i].v) && (t->nan_absent || placeholder_nan(t, i, placeholders))))
            feed_cell(feed, t->names[i], &vals[i]);
    md_feed_record_end(feed);
    keep_place(t, vals, ok);
    return true;
}

/* A row with empty cells, as Chainer's PrintReport leaves a column whose
 * value the iteration did not report ("validation/main/loss" between
 * evaluations): each cell starts where its column's name starts, and the
 * first is the first column's. A value wider than its column
 * ("-0.00548435" under "main/loss") pushes the columns after it right,
 * two blanks past its end, as PrintReport pads each cell to its width and
 * no further. Fills all with the header's columns, the missing ones
 * empty. */
static bool spread_cells(const md_columns *t, const md_str *cells, size_t n, md_str line, size_t indent,
                         md_str *all)
{
    if (!t->starts_known || n < 2 || n >= t->n)
        return false;
    size_t k = 0, shift = 0;
    for (size_t i = 0; i < n; i++) {
        size_t at = indent + (size_t)(cells[i].p - line.p);
        while (k < t->n && t->start[k] + shift < at)
            all[k++] = (md_str){cells[i].p, 0};
        if (k == t->n || t->start[k] + shift != at || (i == 0 && k != 0))
            return false;
        all[k++] = cells[i];
        size_t pushed = at + cells[i].n + 2;
        if (k < t->n && pushed > t->start[k] + shift)
            shift = pushed - t->start[k];
    }
    while (k < t->n)
        all[k++] = (md_str){line.p + line.n, 0};
    return true;
}

/* pandas prints a DataFrame with its index before each row and none in the
 * header, which it indents past the index:
 *
 *        epoch  step  train_loss  val_loss
 *     0      0    49    0.693100       NaN
 *
 * The row's first cell, a count that ends before the header's first name
 * starts, is the index. */
static bool index_cell(const md_columns *t, md_str c, md_str line, size_t indent)
{
    size_t end = indent + (size_t)(c.p - line.p) + c.n;
    if (!t->starts_known || !c.n || end > t->start[0])
        return false;
    for (size_t i = 0; i < c.n; i++)
        if (!md_is_digit(c.p[i]))
            return false;
    return true;
}

/* A row under the header, read by its names or, when only those match its
 * cells, by the header's names with blanks inside, or by where its cells
 * start when some are empty. */
static bool read_header_row(md_columns *t, const md_str *cells, size_t n, md_str line, size_t indent,
                            md_feed *feed, unsigned long lineno, md_key_role_fn role, const void *ctx)
{
    if (n != t->n && t->nwide && n == t->nwide) {
        md_columns wide = *t;
        use_wide_names(&wide, role, ctx);
        if (!read_row(&wide, cells, n, feed, lineno, role, ctx))
            return false;
        *t = wide;
        return true;
    }
    md_str all[MD_COLUMNS_MAX];
    if (spread_cells(t, cells, n, line, indent, all))
        return read_row(t, all, t->n, feed, lineno, role, ctx);
    if (n == t->n + 1 && index_cell(t, cells[0], line, indent))
        return read_row(t, cells + 1, t->n, feed, lineno, role, ctx);
    /* A note after the row's cells ("0.2118  0.4383   <- best, saved", "*"
     * by the best epoch) is no column: it starts with no digit or sign. */
    if (n > t->n && t->n && !md_is_digit(cells[t->n].p[0]) && cells[t->n].p[0] != '-' &&
        cells[t->n].p[0] != '+' && cells[t->n].p[0] != '.' && !md_is_letter(cells[t->n].p[0]))
        n = t->n;
    return n == t->n && read_row(t, cells, n, feed, lineno, role, ctx);
}

/* spaCy's rule under its header: a run of dashes per column, blanks
 * between. Returns the runs' extents, counted from where the line began
 * before its indent, or 0 when it is none. */
static size_t rule_runs(md_str line, size_t indent, size_t *from, size_t *to)
{
    size_t n = 0;
    for (size_t i = 0; i < line.n;) {
        if (md_is_blank(line.p[i])) {
            i++;
            continue;
        }
        if (line.p[i] != '-' || n == MD_COLUMNS_MAX)
            return 0;
        from[n] = indent + i;
        while (i < line.n && line.p[i] == '-')
            i++;
        to[n++] = indent + i;
    }
    return n >= COLUMNS_MIN ? n : 0;
}

/* The header's names by the rule's columns: the words over each run of
 * dashes, a name. Returns how many, 0 when a word lies over no run or
 * two, or a run has none. */
static size_t ruled_names(md_str header, size_t indent, const md_str *words, size_t nwords, const size_t *from,
                          const size_t *to, size_t runs, md_str *names)
{
    for (size_t k = 0; k < runs; k++)
        names[k] = (md_str){NULL, 0};
    for (size_t w = 0, k = 0; w < nwords; w++) {
        size_t start = indent + (size_t)(words[w].p - header.p), end = start + words[w].n;
        while (k < runs && to[k] <= start)
            k++;
        if (k == runs || from[k] >= end || (k + 1 < runs && from[k + 1] < end))
            return 0;
        if (!names[k].p)
            names[k].p = words[w].p;
        names[k].n = (size_t)(words[w].p + words[w].n - names[k].p);
    }
    for (size_t k = 0; k < runs; k++)
        if (!names[k].p)
            return 0;
    return runs;
}

/* A rule of dashes under the line before makes that line a header, its
 * columns the rule's, with no name the catalog need know: the layout is
 * proof of a table. Where the rule does not line up with the names (wide
 * characters), the names parted by two blanks are taken if as many. */
static bool read_rule(md_columns *t, md_str line, size_t indent, unsigned long lineno, md_key_role_fn role,
                      const void *ctx)
{
    size_t from[MD_COLUMNS_MAX], to[MD_COLUMNS_MAX];
    size_t runs = rule_runs(line, indent, from, to);
    if (!runs)
        return false;
    md_str header = {t->prev, t->prev_len}, words[MD_COLUMNS_MAX + 1], names[MD_COLUMNS_MAX + 1];
    size_t nwords = md_split_cells(header, words, MD_COLUMNS_MAX + 1, false);
    if (nwords == SIZE_MAX || !header_names(words, nwords, true))
        return false;
    size_t n = ruled_names(header, t->prev_indent, words, nwords, from, to, runs, names);
    if (n != runs && md_split_cells(header, names, MD_COLUMNS_MAX + 1, true) != runs)
        return false;
    if (!header_names(names, runs, true))
        return false;
    set_columns(t, names, runs, role, ctx);
    t->ruled = true;
    t->last_line = lineno;
    return true;
}

static void keep_line(md_columns *t, md_str line, size_t indent, unsigned long lineno)
{
    t->prev_len = line.n <= sizeof t->prev ? line.n : 0;
    memcpy(t->prev, line.p, t->prev_len);
    t->prev_indent = indent;
    t->prev_line = lineno;
}

/* A header that is the description of a progress bar, under a table (the
 * validation YOLO runs after each epoch): its last name ends in the bar's
 * colon. A table under a rule keeps its header: spaCy's bars redraw
 * between its rows. */
static void read_described_header(md_columns *t, md_str *cells, size_t n, unsigned long lineno,
                                  md_key_role_fn role, const void *ctx)
{
    if (t->ruled || n < COLUMNS_MIN)
        return;
    md_str *last = &cells[n - 1];
    if (last->n > 1 && last->p[last->n - 1] == ':')
        last->n--;
    if (!header_names(cells, n, true))
        return;
    set_columns(t, cells, n, role, ctx);
    t->last_line = lineno;
}

/* A cell of a bar's glyphs alone ("━━━━━━━━━━━━"): bytes past ASCII. */
static bool glyph_cell(md_str c)
{
    for (size_t i = 0; i < c.n; i++)
        if ((unsigned char)c.p[i] < 0x80)
            return false;
    return c.n > 0;
}

/* YOLO's bar without tqdm's '|' around it: where the output is no terminal
 * (Colab, a file), "448: 100% 1626/1626 [22:57<00:00,  1.18it/s]", and
 * Ultralytics 8.3's own, "640: 100% ━━━━━━━━━━━━ 12/12 3.5it/s 3.5s0.2s".
 * The cells come before the percentage, after a cell whose colon ends the
 * bar's description. Returns how many, or 0 for a line with no such bar. */
static size_t cells_before_barless(const md_str *cells, size_t n)
{
    for (size_t k = COLUMNS_MIN; k + 1 < n; k++) {
        const md_str *pct = &cells[k], *desc = &cells[k - 1];
        if (!(pct->n >= 2 && pct->p[pct->n - 1] == '%' && md_is_digit(pct->p[0]) && desc->p[desc->n - 1] == ':'))
            continue;
        size_t c = k + 1;
        while (c < n && glyph_cell(cells[c]))
            c++;
        if (c < n && memchr(cells[c].p, '/', cells[c].n) && md_is_digit(cells[c].p[0]))
            return k;
    }
    return 0;
}

/* A line whose bar the terminal's width cut short, a row's "640: 100%|███▌
 * | 2" or "640: 10", a header's "mAP50-95: 100%|█": cells, the last ending
 * in the bar's colon, then a number the bar's percentage begins with and
 * nothing but what a bar draws. Returns how many cells come before the
 * bar, or 0. */
static size_t cells_before_cut_bar(const md_str *cells, size_t n)
{
    size_t k = COLUMNS_MIN;
    while (k < n && !(cells[k - 1].n >= 2 && cells[k - 1].p[cells[k - 1].n - 1] == ':' && md_is_digit(cells[k].p[0])))
        k++;
    if (k >= n)
        return 0;
    for (size_t c = k; c < n; c++)
        for (size_t i = 0; i < cells[c].n; i++) {
            unsigned char b = (unsigned char)cells[c].p[i];
            if (!(b >= 0x80 || md_is_digit((char)b) || strchr("%|#/[]<>:,.?its", b)))
                return 0;
        }
    return k;
}

/* The line before a bar of block characters (U+2580-U+259F) drawn after
 * two blanks and more: a notebook's download bar glued to fastai's header,
 * "epoch  train_loss  valid_loss  accuracy  time    ███| 100.00% [...]".
 * The line itself where it has none. */
static md_str before_block_bar(md_str line)
{
    const char *p = line.p, *end = line.p + line.n;
    while ((p = memchr(p, '\xe2', (size_t)(end - p))) != NULL && end - p >= 3) {
        if ((unsigned char)p[1] == 0x96 && (unsigned char)p[2] >= 0x80 && (unsigned char)p[2] <= 0x9f &&
            p - line.p >= 2 && p[-1] == ' ' && p[-2] == ' ')
            return md_str_trim((md_str){line.p, (size_t)(p - line.p)});
        p++;
    }
    return line;
}

void md_columns_pairs_read(md_columns *t)
{
    t->prev_len = 0;
}

bool md_columns_line(md_columns *t, md_str line, size_t indent, md_feed *feed, unsigned long lineno,
                     md_key_role_fn role, const void *ctx)
{
    /* A table's rows follow its header closely (YOLO prints it again each
     * epoch); a header with no row for many lines is something else. */
    if (t->n && lineno > t->last_line + COLUMNS_GAP_LINES)
        t->n = 0;
    if (line.n && line.p[0] == '-' && t->prev_len && lineno == t->prev_line + 1 &&
        read_rule(t, line, indent, lineno, role, ctx))
        return true;
    md_str unbarred = before_block_bar(line);
    if (unbarred.n < line.n && may_be_header(unbarred)) {
        line = unbarred;
        t->n = 0; /* a new header, not a row of the table before */
    }
    if (!t->n && !may_be_header(line))
        return false;
    /* DeePMD-kit's lcurve.out comments its header out: "#  step
     * rmse_val    rmse_trn ...    lr"; its next comment says a property
     * with no reference data prints nan. Only a header that starts with
     * the step: NequIP's "# Epoch batch loss ..." heads a batch's rows of
     * the training's and the validation's alike. */
    bool commented = line.n > 2 && line.p[0] == '#' && md_is_blank(line.p[1]);
    md_str uncommented = commented ? md_str_trim((md_str){line.p + 1, line.n - 1}) : line;
    commented = commented && md_str_starts_with(uncommented, "step ");
    if (commented && (!t->n || lineno != t->last_line + 1))
        line = uncommented;
    md_str cells[MD_COLUMNS_MAX + 1];
    size_t n = md_split_cells(line, cells, MD_COLUMNS_MAX + 1, false);
    bool described = false, barless = false;
    if (t->n && n != t->n && n != SIZE_MAX && memchr(line.p, '|', line.n)) {
        /* A YOLO row ends in its epoch's progress bar: the cells come before it. */
        md_tqdm bar = md_tqdm_scan(line.p, line.n);
        size_t cut = bar.found ? 0 : cells_before_cut_bar(cells, n);
        if (bar.found)
            n = md_split_cells((md_str){line.p, bar.desc_end}, cells, MD_COLUMNS_MAX + 1, false);
        n = cut ? cut : n;
        described = bar.found || cut;
    } else if (t->n && n != t->n && n != SIZE_MAX) {
        size_t before = cells_before_barless(cells, n);
        described = barless = before > 0;
        size_t cut = described ? 0 : cells_before_cut_bar(cells, n);
        described |= cut > 0;
        n = before ? before : cut ? cut : n;
    }
    if (n == SIZE_MAX || n == 0)
        return false;
    if (t->n && read_header_row(t, cells, n, line, indent, feed, lineno, role, ctx)) {
        t->last_line = lineno;
        return true;
    }
    if (described) {
        read_described_header(t, cells, n, lineno, role, ctx);
        /* A header over a bar without its bar is no line of pairs either:
         * "mAP@.5:.95: 100% 350/350" holds no mAP of 100%. */
        if (barless && t->last_line == lineno)
            return true;
    } else if (may_be_header(line)) {
        keep_line(t, line, indent, lineno);
        if (read_header(t, line, indent, cells, n, role, ctx)) {
            t->last_line = lineno;
            t->nan_absent = commented && n > 1 && strncmp(t->names[1], "rmse_", 5) == 0;
        }
    }
    return false;
}
