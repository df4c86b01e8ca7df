/* JSON documents and JSON Lines, parsed with cJSON.
 *
 * Shapes read: HF trainer_state.json (log_history), a top-level array of
 * objects, Megatron's golden values ({metric: {values: {step: v}}}), any
 * object holding an array of objects (the largest one), and a flat object
 * such as W&B's wandb-summary.json (one record). A root array and a
 * log_history are parsed an entry at a time (doc_walk). Python's json writes NaN,
 * Infinity and -Infinity bare, which strict JSON forbids; they are rewritten
 * to tagged strings before cJSON sees them. Numbers written as strings
 * ("nan" placeholders for steps never run) are not values. */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "core/swar.h"
#include "mldiag/reader.h"
#include "mldiag/sniff.h"
#include "reader/reader_int.h"

#define NONFINITE_TAG '\x01'

typedef struct json_reader {
    md_feed *feed;
    md_diags *diags;
    const char *path;
    md_input *in; /* for a whole document; NULL for JSON Lines */
    const md_catalog *cat;
    md_map quoted; /* keys whose values came as quoted decimals */
    bool set_named; /* the record names its set in a field (record_set): its bare memory is MiB */
} json_reader;

/* The spellings of a non-finite number outside strings: Python's json
 * writes NaN, Infinity and -Infinity; a line written with an f-string or
 * printf, nan, inf and -inf. */
static const struct nonfinite_word {
    const char *word;
    size_t len;
    int sign; /* 0: NaN */
} nonfinite_words[] = {
    {"NaN", 3, 0},  {"nan", 3, 0},  {"-nan", 4, 0},       {"-NaN", 4, 0},       {"Infinity", 8, 1},
    {"inf", 3, 1},  {"Inf", 3, 1},  {"-Infinity", 9, -1}, {"-inf", 4, -1},      {"-Inf", 4, -1},
};

/* The length of the non-finite word at p, 0 when none; its value in *v. */
static size_t nonfinite_at(const char *p, const char *end, double *v)
{
    if (p == end || (*p != 'N' && *p != 'n' && *p != 'I' && *p != 'i' && *p != '-'))
        return 0;
    for (size_t i = 0; i < MD_COUNT(nonfinite_words); i++) {
        const struct nonfinite_word *w = &nonfinite_words[i];
        size_t n = w->len;
        if ((size_t)(end - p) < n || memcmp(p, w->word, n) != 0)
            continue;
        /* C's payload after a NaN: Microsoft's "-nan(ind)", "nan(snan)". */
        if (w->sign == 0)
            n += md_num_nan_payload(p + n, end);
        if (p + n < end && !((unsigned char)p[n] <= ' ' || p[n] == ',' || p[n] == '}' || p[n] == ']'))
            continue;
        *v = w->sign == 0 ? NAN : w->sign * INFINITY;
        return n;
    }
    return 0;
}

/* The index of the quote that closes the string opened at s[open], or n
 * when the text ends inside it. */
static size_t string_end(const char *s, size_t n, size_t open)
{
    for (size_t i = open + 1; i < n; i++) {
        if (s[i] == '\\')
            i++;
        else if (s[i] == '"')
            return i;
    }
    return n;
}

/* 1 for a high surrogate's escape at p ("\ud83d"), 2 for a low one's
 * ("\udcff"), 0 for anything else. */
static int surrogate_at(const char *p, const char *end)
{
    if (end - p < 6 || p[0] != '\\' || p[1] != 'u' || (p[2] | 0x20) != 'd' || !isxdigit((unsigned char)p[4]) ||
        !isxdigit((unsigned char)p[5]))
        return 0;
    char c = (char)(p[3] | 0x20);
    return c >= '8' && c <= 'b' ? 1 : (c >= 'c' && c <= 'f') ? 2 : 0;
}

/* Copies the string between open and close (its quotes) with each lone
 * surrogate's escape, which cJSON refuses (Python writes a byte it could
 * not decode as "\udcff"), written as U+FFFD: the record keeps its numbers. */
static void put_string(md_buf *out, const char *open, const char *close)
{
    const char *copied = open;
    for (const char *p = open + 1; p < close; p++) {
        if (*p != '\\')
            continue;
        int kind = surrogate_at(p, close);
        if (kind == 1 && surrogate_at(p + 6, close) == 2) {
            p += 11; /* a pair */
        } else if (kind) {
            md_buf_put(out, copied, (size_t)(p - copied));
            md_buf_puts(out, "\\ufffd");
            copied = p + 6;
            p += 5;
        } else {
            p++;
        }
    }
    md_buf_put(out, copied, (size_t)(close - copied));
}

/* Copies text to out with bare non-finite numbers outside strings turned
 * into "\u0001NaN", "\u0001Inf", "\u0001-Inf", and lone surrogates in
 * strings into U+FFFD. */
void md_json_rewrite_nonfinite(const char *s, size_t n, md_buf *out)
{
    md_buf_reset(out);
    size_t copied = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"') {
            size_t close = string_end(s, n, i);
            if (md_memmem(s + i, close - i, "\\u", 2)) {
                md_buf_put(out, s + copied, i - copied);
                put_string(out, s + i, s + close);
                copied = close;
            }
            i = close;
            continue;
        }
        double v;
        size_t len = nonfinite_at(s + i, s + n, &v);
        if (len) {
            md_buf_put(out, s + copied, i - copied);
            md_buf_puts(out, isnan(v) ? "\"\\u0001NaN\"" : v > 0 ? "\"\\u0001Inf\"" : "\"\\u0001-Inf\"");
            i += len - 1;
            copied = i + 1;
        }
    }
    md_buf_put(out, s + copied, n - copied);
}

static bool tagged_nonfinite(const cJSON *item, double *v)
{
    const char *s = cJSON_IsString(item) ? item->valuestring : NULL;
    if (!s || s[0] != NONFINITE_TAG)
        return false;
    *v = strcmp(s + 1, "NaN") == 0 ? NAN : strcmp(s + 1, "-Inf") == 0 ? -INFINITY : INFINITY;
    return true;
}

bool md_json_number(const cJSON *item, double *v)
{
    if (cJSON_IsNumber(item)) {
        *v = item->valuedouble;
        return true;
    }
    return tagged_nonfinite(item, v);
}

/* A fraction written as a string, X-VLM's {"train_loss_itc": "3.29523"}:
 * the whole text one finite number, with a point or an exponent (a quoted
 * integer is as often an id or a seed). */
static bool decimal_text(const char *s, size_t n, double *v)
{
    return n > 0 && n <= 32 && (md_is_digit(s[0]) || s[0] == '-' || s[0] == '.') && md_num_scan(s, s + n, v) == n &&
           isfinite(*v) &&
           (memchr(s, '.', n) || memchr(s, 'e', n) || memchr(s, 'E', n));
}

static bool quoted_decimal(const cJSON *item, double *v)
{
    const char *s = cJSON_IsString(item) ? item->valuestring : NULL;
    return s && decimal_text(s, strlen(s), v);
}

/* A quoted integer under a key the catalog reads as the step or the
 * epoch: fairseq's json log quotes every figure of its training records,
 * {"epoch": 12, "loss": "3.160", "num_updates": "21497"}. Under any other
 * key a quoted integer is as often an id or a seed. */
static bool quoted_count(const json_reader *r, const cJSON *item, const char *key, size_t keylen, double *v)
{
    const char *s = cJSON_IsString(item) ? item->valuestring : NULL;
    size_t n = s ? strlen(s) : 0;
    if (!r->cat || n == 0 || n > 18 || strspn(s, "0123456789") != n)
        return false;
    int idx = md_catalog_resolve_key(r->cat, key, keylen);
    if (idx < 0)
        return false;
    md_role role = md_catalog_series(r->cat, (size_t)idx)->role;
    return (role == MD_ROLE_STEP || role == MD_ROLE_EPOCH) && md_num_scan(s, s + n, v) == n;
}

/* "nan" in quotes where the key's values came as quoted decimals before
 * (ALBEF's {"train_loss_ita": "nan"} after "2.727"): the print of a NaN,
 * not a word. A key never seen with a number may hold "nan" as a label. */
static bool quoted_nonfinite(const json_reader *r, const cJSON *item, const char *key, size_t keylen, double *v)
{
    const char *s = cJSON_IsString(item) ? item->valuestring : NULL;
    intptr_t seen;
    if (!s)
        return false;
    size_t n = strlen(s);
    return nonfinite_at(s, s + n, v) == n && md_map_get(&r->quoted, key, keylen, &seen);
}

/* A span written as a clock's face under a key that names a span, not a
 * time of day: LLaMA-Factory's {"elapsed_time": "0:00:19",
 * "remaining_time": "0:16:09"}. */
static bool quoted_span(const cJSON *item, const char *key, double *v)
{
    static const char *const spans[] = {"elapsed", "remaining", "eta"};
    const char *s = cJSON_IsString(item) ? item->valuestring : NULL;
    if (!s || !md_is_digit(s[0]))
        return false;
    bool span = false;
    for (size_t i = 0; i < MD_COUNT(spans); i++)
        span |= md_key_has_word(key, spans[i], false);
    return span && md_clock_span(s, strlen(s), v);
}

/* A record that names its set in a field is MMCV's log.json or pycls'
 * json_stats: their "memory" and "mem" are torch.cuda.max_memory_allocated()
 * in whole MiB, written with no unit (a fraction is another logger's GB). */
static bool mib_memory_key(const json_reader *r, const char *key, size_t keylen)
{
    return r->set_named &&
           ((keylen == 6 && memcmp(key, "memory", 6) == 0) || (keylen == 3 && memcmp(key, "mem", 3) == 0));
}

static md_unit record_unit(const json_reader *r, const char *key, size_t keylen, double v)
{
    return v == floor(v) && mib_memory_key(r, key, keylen) ? MD_UNIT_MIB : MD_UNIT_NONE;
}

static void put_kv(json_reader *r, const char *key, size_t keylen, double v)
{
    md_feed_kv(r->feed, key, keylen, v, record_unit(r, key, keylen, v), md_json_number_flags(v), NAN);
}

/* A count and its total written as a string under a key that names both,
 * ms-swift's "global_step/max_steps": "100/438": the count, under the
 * count's name, with its total. */
static bool put_count(json_reader *r, const cJSON *item, const char *key, size_t keylen)
{
    size_t name = md_kv_count_key(key, keylen);
    const char *s = cJSON_IsString(item) ? item->valuestring : NULL;
    if (name == keylen || !s)
        return false;
    const char *end = s + strlen(s), *slash = memchr(s, '/', (size_t)(end - s));
    double count, total;
    if (!slash || md_num_scan(s, slash, &count) != (size_t)(slash - s) ||
        md_num_scan(slash + 1, end, &total) != (size_t)(end - slash - 1) || count < 0 || count > total ||
        count != floor(count) || total != floor(total))
        return false;
    md_feed_kv(r->feed, key, name, count, MD_UNIT_NONE, md_json_number_flags(count) | MD_KV_TOTAL, total);
    return true;
}

/* DETR, Deformable-DETR and DINO log each epoch's COCO evaluation of boxes
 * as the twelve numbers of COCOeval.stats ("test_coco_eval_bbox": [0.42,
 * 0.62, ...]), the first of them the mAP over IoU 0.5:0.95 (the catalog's
 * val_map); COCO writes -1 where the set has nothing to score. Other
 * arrays are not values. */
#define COCO_STATS 12

static bool coco_box_map(const cJSON *item, const char *key, size_t n, double *v)
{
    static const char name[] = "coco_eval_bbox";
    size_t k = sizeof name - 1;
    if (!cJSON_IsArray(item) || n < k || memcmp(key + n - k, name, k) != 0 ||
        cJSON_GetArraySize(item) != COCO_STATS || !md_json_number(item->child, v))
        return false;
    return *v >= 0;
}

/* A statistic collected over many samples, StyleGAN's and EDM's
 * stats.jsonl ({"Loss/G/loss": {"num": 1024, "mean": 0.71, "std": 0.2}}):
 * its mean is the value. */
static bool stat_mean(const cJSON *item, double *v)
{
    if (!cJSON_IsObject(item) || cJSON_GetArraySize(item) != 3 ||
        !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(item, "num")) ||
        !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(item, "std")))
        return false;
    return md_json_number(cJSON_GetObjectItemCaseSensitive(item, "mean"), v);
}

/* The numbers of an object, nested objects' under "outer/inner" keys (a
 * logger's {"metrics": {"train": {"loss": 2.3}}} is metrics/train/loss).
 * Keys starting with '_' are W&B's bookkeeping (_runtime, _timestamp,
 * _wandb), except _step. */
#define NESTED_DEPTH 4
#define NESTED_KEY_MAX 256

static void object_values(json_reader *r, const cJSON *obj, char *key, size_t keylen, int depth)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, obj)
    {
        double v;
        if (!item->string || (item->string[0] == '_' && strcmp(item->string, "_step") != 0))
            continue;
        size_t n = strlen(item->string);
        if (keylen + n + 1 >= NESTED_KEY_MAX)
            continue;
        memcpy(key + keylen, item->string, n + 1);
        if (md_json_number(item, &v) || coco_box_map(item, key, keylen + n, &v) || stat_mean(item, &v)) {
            put_kv(r, key, keylen + n, v);
        } else if (quoted_decimal(item, &v)) {
            /* Its text says its print's precision: TCL's "train_lr": "0.000"
             * is a rate below 0.0005, no 0. */
            const char *text = item->valuestring;
            md_feed_kv(r->feed, key, keylen + n, v, MD_UNIT_NONE, md_kv_number_flags(text, strlen(text)), NAN);
            md_map_put(&r->quoted, key, keylen + n, 1);
        } else if (quoted_nonfinite(r, item, key, keylen + n, &v) || quoted_count(r, item, key, keylen + n, &v)) {
            put_kv(r, key, keylen + n, v);
        } else if (quoted_span(item, key, &v)) {
            md_feed_kv(r->feed, key, keylen + n, v, MD_UNIT_S, 0, NAN);
        } else if (!put_count(r, item, key, keylen + n) && cJSON_IsObject(item) && depth < NESTED_DEPTH &&
                   !cJSON_GetObjectItemCaseSensitive(item, "_type")) {
            /* W&B's typed values (images, tables, histograms) carry a _type. */
            key[keylen + n] = '/';
            object_values(r, item, key, keylen + n + 1, depth + 1);
        }
    }
}

/* The set a record measures, where a field names it: MMCV's "mode":
 * "train" or "val", pycls' "_type": "train_iter" or "test_epoch", a
 * "split" or a "phase". */
typedef enum { SET_UNNAMED, SET_TRAINING, SET_EVALUATION } record_set;

static record_set field_set(const char *key, size_t keylen, md_str text)
{
    size_t word = text.n && md_set_field(key, key + keylen) ? md_set_value(text.p, text.n) : 0;
    return !word                               ? SET_UNNAMED
           : md_evaluation_word(text.p, word) ? SET_EVALUATION
                                               : SET_TRAINING;
}

/* Notes the set a record's field names, in the reader and, for an
 * evaluation's, in the store. */
static void note_set(json_reader *r, record_set set)
{
    r->set_named = set != SET_UNNAMED;
    if (set == SET_EVALUATION)
        md_feed_record_evaluation(r->feed);
}

static record_set object_set(const cJSON *obj)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, obj)
    {
        record_set set = item->string && cJSON_IsString(item) && item->valuestring
                             ? field_set(item->string, strlen(item->string), md_str_c(item->valuestring))
                             : SET_UNNAMED;
        if (set != SET_UNNAMED)
            return set;
    }
    return SET_UNNAMED;
}

/* One object as one record. */
static void object_record(json_reader *r, const cJSON *obj, unsigned long index)
{
    char key[NESTED_KEY_MAX];
    md_feed_record_begin(r->feed, index);
    note_set(r, object_set(obj));
    object_values(r, obj, key, 0, 1);
    md_feed_record_end(r->feed);
}

static void array_records(json_reader *r, const cJSON *arr)
{
    unsigned long index = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        index++;
        if (cJSON_IsObject(item))
            object_record(r, item, index);
    }
}

/* Metrics stored by column, one member a metric:
 * - Megatron-LM's golden values, {"lm loss": {"values": {"1": 12.6, ...}}},
 *   and before them a list from start_step every step_interval steps,
 *   {"lm loss": {"start_step": 0, "step_interval": 5, "values": [10.5, ...]}};
 * - pandas' DataFrame.to_json(), {"loss": {"0": 2.3, "1": 2.1}};
 * - Sacred's metrics.json, {"loss": {"steps": [0, 10], "values": [2.3, 2.1]}};
 * - Keras's History.history as json.dump writes it, {"loss": [2.3, 2.1]},
 *   a point's place its position (a log entry).
 * A column's null is a hole. */
typedef enum { NOT_COLUMNS, COLUMNS_BY_STEP, COLUMNS_IN_ORDER } column_kind;

static bool is_integer_key(const char *key)
{
    double v;
    size_t n = strlen(key);
    return n > 0 && md_num_scan(key, key + n, &v) == n && v == floor(v);
}

/* Numbers and nulls; at least one number. Object members: their keys
 * must be steps. */
static bool is_column(const cJSON *c, bool keyed)
{
    const cJSON *item;
    bool any = false;
    cJSON_ArrayForEach(item, c)
    {
        double v;
        if (keyed && (!item->string || !is_integer_key(item->string)))
            return false;
        if (md_json_number(item, &v))
            any = true;
        else if (!cJSON_IsNull(item) && !cJSON_IsString(item))
            return false;
    }
    return any;
}

/* Where a column's values stand when they are a list: a list of steps
 * beside them (Sacred), or a grid from a first step every interval
 * (Megatron's older golden values); neither (list NULL, first NaN) for
 * values keyed by step or placed by position. */
typedef struct column_steps {
    const cJSON *list;
    double first, interval;
} column_steps;

/* The member of a metric that maps steps to values, and where its values
 * stand when they are a list. */
static const cJSON *metric_values(const cJSON *metric, column_steps *steps)
{
    *steps = (column_steps){NULL, NAN, NAN};
    if (cJSON_IsArray(metric))
        return is_column(metric, false) ? metric : NULL;
    if (!cJSON_IsObject(metric))
        return NULL;
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(metric, "values");
    if (cJSON_IsObject(values))
        return is_column(values, true) ? values : NULL;
    if (cJSON_IsArray(values)) {
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(metric, "steps");
        const cJSON *start = cJSON_GetObjectItemCaseSensitive(metric, "start_step");
        const cJSON *every = cJSON_GetObjectItemCaseSensitive(metric, "step_interval");
        if (cJSON_IsArray(list))
            steps->list = list;
        else if (cJSON_IsNumber(start) && cJSON_IsNumber(every) && every->valuedouble > 0)
            *steps = (column_steps){NULL, start->valuedouble, every->valuedouble};
        else
            return NULL;
        return is_column(values, false) ? values : NULL;
    }
    return is_column(metric, true) ? metric : NULL;
}

static column_kind columns_of(const cJSON *root)
{
    const cJSON *metric;
    column_steps steps;
    column_kind kind = NOT_COLUMNS;
    cJSON_ArrayForEach(metric, root)
    {
        if (!metric_values(metric, &steps))
            return NOT_COLUMNS;
        column_kind k = cJSON_IsArray(metric) ? COLUMNS_IN_ORDER : COLUMNS_BY_STEP;
        if (kind != NOT_COLUMNS && k != kind)
            return NOT_COLUMNS;
        kind = k;
    }
    return kind;
}

/* A script's own history beside its settings: {"backbone": "b0",
 * "img_size": 112, "classes": [...], "train_loss": [...90 values],
 * "val_loss": [...], "test_acc": 77.6}. Its columns are the lists of
 * numbers of the longest length, two or more of them and at least three
 * long, one of them a series the catalog knows (a configuration's
 * "hidden_sizes" and "dropouts" are no history); shorter lists
 * ("phase_starts": [0, 30, 60]) and single numbers (a final test score)
 * are settings and summaries, not points. Returns that length, or 0. */
static int history_width(const json_reader *r, const cJSON *root)
{
    const cJSON *member;
    int width = 0, columns = 0;
    bool known = false;
    cJSON_ArrayForEach(member, root)
    {
        if (!cJSON_IsArray(member) || !is_column(member, false))
            continue;
        int n = cJSON_GetArraySize(member);
        if (n > width)
            width = n, columns = 0, known = false;
        if (n < width)
            continue;
        columns++;
        known |= r->cat && member->string && md_catalog_resolve_key(r->cat, member->string, strlen(member->string)) >= 0;
    }
    return width >= 3 && columns >= 2 && known ? width : 0;
}

static bool in_history(const cJSON *member, int width)
{
    return !width || (cJSON_IsArray(member) && cJSON_GetArraySize(member) == width && is_column(member, false));
}

static void put_point(json_reader *r, unsigned long index, const char *name, double v, double step)
{
    md_feed_record_begin(r->feed, index);
    put_kv(r, name, strlen(name), v);
    md_feed_kv(r->feed, "step", 4, step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    md_feed_record_end(r->feed);
}

static void columns_by_step(json_reader *r, const cJSON *root)
{
    const cJSON *metric;
    column_steps steps;
    cJSON_ArrayForEach(metric, root)
    {
        const cJSON *values = metric_values(metric, &steps);
        const cJSON *point, *step = steps.list ? steps.list->child : NULL;
        unsigned long index = 0;
        cJSON_ArrayForEach(point, values)
        {
            double v, at;
            index++;
            const cJSON *here = step;
            if (step)
                step = step->next;
            if (!md_json_number(point, &v))
                continue;
            if (!isnan(steps.first)) {
                at = steps.first + (double)(index - 1) * steps.interval;
            } else if (steps.list) {
                if (!here || !cJSON_IsNumber(here))
                    break;
                at = here->valuedouble;
            } else if (md_num_scan(point->string, point->string + strlen(point->string), &at) == 0) {
                continue;
            }
            put_point(r, index, metric->string, v, at);
        }
    }
}

/* Row by row, a cursor a column: cJSON's arrays are lists. Only the
 * members in_history counts when width is not 0. */
static void columns_in_order(json_reader *r, const cJSON *root, int width)
{
    int ncols = cJSON_GetArraySize(root);
    const cJSON **cursor = md_xcalloc((size_t)ncols, sizeof *cursor);
    const cJSON *metric;
    int c = 0;
    cJSON_ArrayForEach(metric, root)
        cursor[c++] = in_history(metric, width) ? metric->child : NULL;
    for (unsigned long index = 1;; index++) {
        bool more = false;
        for (c = 0; c < ncols; c++)
            more |= cursor[c] != NULL;
        if (!more)
            break;
        md_feed_record_begin(r->feed, index);
        c = 0;
        cJSON_ArrayForEach(metric, root)
        {
            const cJSON *point = cursor[c];
            double v;
            if (point) {
                if (md_json_number(point, &v))
                    put_kv(r, metric->string, strlen(metric->string), v);
                cursor[c] = point->next;
            }
            c++;
        }
        md_feed_record_end(r->feed);
    }
    free(cursor);
}

static const cJSON *largest_object_array(const cJSON *root)
{
    const cJSON *best = NULL, *item;
    int best_n = 0;
    cJSON_ArrayForEach(item, root)
    {
        if (!cJSON_IsArray(item))
            continue;
        int n = cJSON_GetArraySize(item);
        if (n > best_n && cJSON_IsObject(cJSON_GetArrayItem(item, 0))) {
            best = item;
            best_n = n;
        }
    }
    return best;
}

/* The step of the checkpoint HF's Trainer kept as its best: its
 * best_global_step, else the number its best_model_checkpoint's folder
 * ends in ("results/checkpoint-28292"); -1 when it kept none. */
static int64_t best_checkpoint_step(const cJSON *root)
{
    const cJSON *step = cJSON_GetObjectItemCaseSensitive(root, "best_global_step");
    if (cJSON_IsNumber(step) && step->valuedouble > 0)
        return md_count_of(step->valuedouble);
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(root, "best_model_checkpoint");
    const char *s = cJSON_IsString(path) ? path->valuestring : NULL;
    const char *dash = s ? strrchr(s, '-') : NULL;
    double v;
    if (!dash || dash - s < 10 || memcmp(dash - 10, "checkpoint", 10) != 0 ||
        md_num_scan(dash + 1, dash + 1 + strlen(dash + 1), &v) != strlen(dash + 1) || !(v > 0))
        return -1;
    return md_count_of(v);
}

/* HF's trainer_state.json: its log_history, its planned length (a run
 * that stopped early ends before it) and the best checkpoint it kept. */
static void trainer_state(json_reader *r, const cJSON *root)
{
    const cJSON *max_steps = cJSON_GetObjectItemCaseSensitive(root, "max_steps");
    if (cJSON_IsNumber(max_steps) && max_steps->valuedouble > 0)
        r->in->declared_total = md_count_of(max_steps->valuedouble);
    r->in->best_checkpoint_step = best_checkpoint_step(root);
    r->in->snapshot = true;
}

/* The step the trainer reached, which its log need not show (a run of 12
 * steps that logs every 10 logs step 10 last); once its records are read. */
static void trainer_state_reached(json_reader *r, const cJSON *root)
{
    const cJSON *global = cJSON_GetObjectItemCaseSensitive(root, "global_step");
    if (cJSON_IsNumber(global) && global->valuedouble > (double)r->in->last_step_seen && global->valuedouble < 9e15)
        r->in->last_step_seen = md_count_of(global->valuedouble);
}

static void read_document(json_reader *r, const cJSON *root)
{
    if (cJSON_IsArray(root)) {
        array_records(r, root);
        return;
    }
    if (!cJSON_IsObject(root))
        return;
    column_kind kind;
    int width;
    const cJSON *history = cJSON_GetObjectItemCaseSensitive(root, "log_history");
    if (cJSON_IsArray(history)) {
        trainer_state(r, root);
        array_records(r, history);
        trainer_state_reached(r, root);
    } else if ((kind = columns_of(root)) == COLUMNS_BY_STEP) {
        columns_by_step(r, root);
    } else if (kind == COLUMNS_IN_ORDER) {
        columns_in_order(r, root, 0);
    } else if ((history = largest_object_array(root)) != NULL) {
        array_records(r, history);
    } else if ((width = history_width(r, root)) > 0) {
        columns_in_order(r, root, width);
    } else {
        object_record(r, root, 1);
    }
}

/* Where a document cut mid-write can be closed: just after the last
 * object or array that ended inside a container. Writes the brackets that
 * close what is still open into closing. Returns 0 when there is none. */
static size_t salvage_point(const char *s, size_t n, md_buf *closing)
{
    char stack[512];
    size_t depth = 0, cut = 0;
    char cut_stack[512];
    size_t cut_depth = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '"') {
            i = string_end(s, n, i);
        } else if (c == '{' || c == '[') {
            if (depth == sizeof stack)
                return 0;
            stack[depth++] = c;
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                return 0;
            depth--;
            if (depth > 0) {
                cut = i + 1;
                cut_depth = depth;
                memcpy(cut_stack, stack, depth);
            }
        }
    }
    if (!cut)
        return 0;
    md_buf_reset(closing);
    for (size_t k = cut_depth; k > 0; k--)
        md_buf_putc(closing, cut_stack[k - 1] == '{' ? '}' : ']');
    return cut;
}

static void position_of(const char *s, size_t at, unsigned long *line, unsigned long *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < at; i++) {
        if (s[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

/* The whole of s as one JSON value. On failure, *error_at is where it
 * broke and *more (where asked) whether a complete value stood before
 * it: more text after a value, not a value broken or cut short. */
static cJSON *parse(const char *s, size_t n, size_t *error_at, bool *more)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(s, n, &end, 0);
    if (more)
        *more = false;
    if (!root) {
        *error_at = end && end >= s ? (size_t)(end - s) : 0;
        return NULL;
    }
    while (end < s + n && (*end == ' ' || *end == '\n' || *end == '\r' || *end == '\t'))
        end++;
    if (end != s + n) {
        *error_at = (size_t)(end - s);
        if (more)
            *more = true;
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

/* How many arrays and objects are open at byte at, outside strings. */
static size_t nesting_at(const char *p, size_t at)
{
    size_t depth = 0;
    for (size_t i = 0; i < at; i++) {
        if (p[i] == '"') {
            i = string_end(p, at, i);
        } else if (p[i] == '[' || p[i] == '{') {
            depth++;
        } else if ((p[i] == ']' || p[i] == '}') && depth) {
            depth--;
        }
    }
    return depth;
}

/* A document that failed to parse at error_at is read up to its last
 * complete entry when it was cut short (a run killed mid-write);
 * otherwise it is an error. */
static cJSON *salvage(json_reader *r, md_buf *text, size_t error_at)
{
    cJSON *root = NULL;
    unsigned long line, col;
    position_of(text->p, error_at, &line, &col);
    md_buf closing = {0};
    size_t cut = salvage_point(text->p, text->n, &closing);
    if (cut) {
        md_buf fixed = {0};
        md_buf_put(&fixed, text->p, cut);
        md_buf_put(&fixed, closing.p, closing.n);
        size_t ignored;
        root = parse(fixed.p, fixed.n, &ignored, NULL);
        md_buf_free(&fixed);
    }
    md_buf_free(&closing);
    if (root) {
        r->in->cut_short = true;
        md_diags_add(r->diags, MD_DIAG_WARNING, r->path, line, col,
                     "JSON ends early or breaks here; read the complete entries before it");
    } else if (nesting_at(text->p, error_at) >= CJSON_NESTING_LIMIT) {
        md_diags_add(r->diags, MD_DIAG_ERROR, r->path, line, col, "JSON nested deeper than %d levels",
                     CJSON_NESTING_LIMIT);
    } else {
        md_diags_add(r->diags, MD_DIAG_ERROR, r->path, line, col, "invalid JSON");
    }
    return root;
}

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (unsigned char)*p <= ' ')
        p++;
    return p;
}

/* A document's entries one at a time: the entries of its root array, or
 * of its root object's log_history (a long run's trainer_state.json), are
 * parsed and read one by one, so memory holds one entry, not the tree of
 * the whole (cJSON takes 5 to 40 times the text). Only a document that
 * walks through whole goes this way; a broken one is read as before, by
 * salvage. */
typedef enum walk_kind {
    WALK_NONE,    /* broken, or text after it: parsed whole, or salvaged */
    WALK_ARRAY,   /* a root array, entry by entry */
    WALK_HISTORY, /* a root object with a log_history array, entry by entry */
    WALK_WHOLE    /* a root object without one, in rest */
} walk_kind;

typedef struct doc_walk {
    walk_kind kind;
    const char *entries; /* the '[' of the array streamed */
    const char *end;
    cJSON *rest;        /* the root object, without its log_history */
    size_t rest_values; /* the values rest holds */
    bool too_large;     /* a tree of more than MD_JSON_TREE_VALUES was next */
    bool broken;        /* the walk broke: the document is read whole, or salvaged */
    const char *cut;    /* where the text ends inside an entry (a run killed mid-write), or NULL */
} doc_walk;

/* The values in the JSON value at p, counted without parsing it: 1 for a
 * scalar; for an array or object, one more for each comma inside it.
 * *closed (where given) says whether an array or object closes before
 * end: one that does not was cut short. */
static size_t values_in(const char *p, const char *end, bool *closed)
{
    if (closed)
        *closed = true;
    if (p >= end || (*p != '[' && *p != '{'))
        return 1;
    size_t commas;
    size_t close = md_sniff_json_value_end((md_str){p, (size_t)(end - p)}, &commas);
    if (closed)
        *closed = close != 0;
    return commas + 1;
}

/* The value at p through cJSON, unless its tree would hold more than
 * MD_JSON_TREE_VALUES values together with the *held already built: then
 * NULL and *too_large. *held counts the values parsed. */
static cJSON *parse_value(const char *p, const char *end, const char **after, size_t *held, bool *too_large)
{
    size_t values = values_in(p, end, NULL);
    if (*held + values > MD_JSON_TREE_VALUES) {
        *too_large = true;
        return NULL;
    }
    cJSON *value = cJSON_ParseWithLengthOpts(p, (size_t)(end - p), after, 0);
    *held += value ? values : 0;
    return value;
}

/* The entry after *p in the array whose '[' or last entry ends at *p:
 * parsed into *item, NULL when the array closes; *p is left after it.
 * False when the text breaks there (w->cut where it ends there), or the
 * entry is too large (w->too_large). */
static bool array_next(const char **p, const char *end, bool first, cJSON **item, doc_walk *w)
{
    const char *q = skip_ws(*p, end);
    *item = NULL;
    if (q < end && *q == ']') {
        *p = q + 1;
        return true;
    }
    if (!first) {
        if (q == end || *q != ',') {
            w->cut = q == end ? q : NULL;
            return false;
        }
        q = skip_ws(q + 1, end);
    }
    const char *after = NULL;
    size_t held = 0; /* an entry's tree of its own */
    *item = parse_value(q, end, &after, &held, &w->too_large);
    if (!*item) {
        bool closed;
        values_in(q, end, &closed);
        w->cut = !w->too_large && (q == end || !closed) ? q : NULL;
        return false;
    }
    *p = after;
    return true;
}

/* Walks the array opening at open, reading each object as a record when r
 * is given. Returns where the array ends, NULL when it breaks. */
static const char *array_entries(json_reader *r, const char *open, const char *end, doc_walk *w)
{
    const char *p = open + 1;
    unsigned long index = 0;
    cJSON *item;
    for (bool first = true;; first = false) {
        if (!array_next(&p, end, first, &item, w))
            return NULL;
        if (!item)
            return p;
        index++;
        if (r && cJSON_IsObject(item))
            object_record(r, item, index);
        cJSON_Delete(item);
    }
}

/* The root object member by member into w->rest, but for the first
 * log_history array, which is only walked through. */
static bool object_members(const char *p, const char *end, doc_walk *w)
{
    w->rest = cJSON_CreateObject();
    for (bool first = true;; first = false) {
        p = skip_ws(p, end);
        if (p < end && *p == '}')
            return skip_ws(p + 1, end) == end;
        if (!first) {
            if (p == end || *p != ',')
                return false;
            p = skip_ws(p + 1, end);
        }
        const char *after = NULL;
        cJSON *key = p < end && *p == '"' ? cJSON_ParseWithLengthOpts(p, (size_t)(end - p), &after, 0) : NULL;
        if (!cJSON_IsString(key)) {
            cJSON_Delete(key);
            return false;
        }
        p = skip_ws(after, end);
        bool history = !w->entries && strcmp(key->valuestring, "log_history") == 0;
        p = p < end && *p == ':' ? skip_ws(p + 1, end) : NULL;
        if (!p || p == end || (history && *p != '[')) {
            cJSON_Delete(key);
            return false;
        }
        if (history) {
            w->entries = p;
            p = array_entries(NULL, p, end, w);
            if (!p && w->cut) {
                cJSON_Delete(key);
                return true; /* the entries before the cut are read */
            }
        } else {
            cJSON *value = parse_value(p, end, &after, &w->rest_values, &w->too_large);
            if (value)
                cJSON_AddItemToObject(w->rest, key->valuestring, value);
            p = value ? after : NULL;
        }
        cJSON_Delete(key);
        if (!p)
            return false;
    }
}

/* Whether the text holds more values than a tree may: commas outside
 * strings, counted only where there is room for that many. */
static bool too_many_values(const md_buf *text)
{
    if (text->n / 2 < MD_JSON_TREE_VALUES)
        return false;
    size_t values = 1;
    for (size_t i = 0; i < text->n; i++) {
        if (text->p[i] == '"')
            i = string_end(text->p, text->n, i);
        else
            values += text->p[i] == ',';
    }
    return values > MD_JSON_TREE_VALUES;
}

/* Whether the document can be read entry by entry (see doc_walk). One
 * that cannot is parsed whole, where its values allow: too_large else. */
static bool walk_document(const md_buf *text, doc_walk *w)
{
    const char *end = text->p + text->n, *p = skip_ws(text->p, end);
    *w = (doc_walk){.end = end};
    if (p < end && *p == '[') {
        const char *after = array_entries(NULL, p, end, w);
        if ((after && skip_ws(after, end) == end) || (!after && w->cut)) {
            w->kind = WALK_ARRAY;
            w->entries = p;
        }
    } else if (p < end && *p == '{') {
        if (object_members(p + 1, end, w))
            w->kind = w->entries ? WALK_HISTORY : WALK_WHOLE;
    }
    if (w->kind == WALK_NONE) {
        cJSON_Delete(w->rest);
        w->rest = NULL;
        w->broken = !w->too_large;
        w->too_large = w->too_large || too_many_values(text);
    }
    return w->kind != WALK_NONE;
}

/* JSON Lines whose first line outgrew the sniffer's window (a W&B history
 * row with its histograms): a whole object on the first line, and another
 * object opening the next. */
static bool is_json_lines(const md_buf *text)
{
    /* The first record, after blank lines or blanks, ends at '\n', or at
     * a '\r' alone before it. */
    const char *end = text->p + text->n, *first = skip_ws(text->p, end);
    if (first >= end || *first != '{')
        return false;
    const char *nl = memchr(first, '\n', (size_t)(end - first));
    const char *cr = memchr(first, '\r', nl ? (size_t)(nl - first) : (size_t)(end - first));
    nl = cr ? cr : nl;
    if (!nl)
        return false;
    const char *next = skip_ws(nl, end);
    if (next >= end || *next != '{')
        return false;
    size_t error_at;
    cJSON *one = parse(first, (size_t)(nl - first), &error_at, NULL);
    cJSON_Delete(one);
    return one != NULL;
}

/* What follows a complete JSON value, from at, is text that is no more
 * JSON: a console log whose script printed its settings as JSON first
 * (LightGBM's parameters, then "[20]\tvalid's binary_logloss: 0.533").
 * More JSON after it is not. */
static bool text_after_value(const md_buf *text, size_t at)
{
    const char *stop = text->p + text->n, *end = skip_ws(text->p + at, stop);
    return end < stop && *end != '{' && *end != ',';
}

static unsigned long count_lines(const md_buf *text)
{
    unsigned long lines = 1;
    for (size_t i = 0; i < text->n; i++)
        lines += text->p[i] == '\n';
    return lines;
}

/* A notebook's outputs are read as the console they are (notebook.c). */
static md_err read_notebook(md_store *st, json_reader *r, cJSON *root, const md_catalog *cat)
{
    md_buf console = {0};
    md_notebook_text(root, &console);
    cJSON_Delete(root);
    md_source *outputs = md_source_memory(console.p ? console.p : "", console.n, r->path);
    r->in->format = MD_FMT_TEXT;
    r->in->lines = 0;
    md_err err = md_read_text(st, outputs, cat, r->diags);
    md_source_close(outputs);
    md_buf_free(&console);
    return err;
}

md_err md_read_json(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    json_reader r = {.diags = diags,
                     .path = md_source_path(src),
                     .in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1),
                     .cat = cat};
    char *data;
    size_t n;
    md_err err = md_source_slurp(src, MD_JSON_MAX, &data, &n);
    if (err == MD_ERR_FORMAT) {
        md_diags_add(diags, MD_DIAG_ERROR, r.path, 0, 0, "JSON document larger than %zu MiB",
                     MD_JSON_MAX >> 20);
        return MD_ERR_FORMAT;
    }
    if (err != MD_OK)
        return err;
    md_buf text = {0};
    md_json_rewrite_nonfinite(data, n, &text);
    if (is_json_lines(&text)) {
        md_buf_free(&text);
        md_source *lines = md_source_memory(data, n, r.path);
        r.in->format = MD_FMT_JSONL;
        err = md_read_jsonl_with(st, lines, diags, true, false);
        md_source_close(lines);
        free(data);
        return err;
    }
    doc_walk walk;
    if (walk_document(&text, &walk) && walk.kind != WALK_WHOLE) {
        free(data);
        r.in->lines = count_lines(&text);
        r.feed = md_feed_new(st, false);
        if (walk.kind == WALK_HISTORY)
            trainer_state(&r, walk.rest);
        array_entries(&r, walk.entries, walk.end, &walk);
        md_feed_close(r.feed);
        if (walk.kind == WALK_HISTORY)
            trainer_state_reached(&r, walk.rest);
        if (walk.cut) {
            unsigned long line, col;
            position_of(text.p, (size_t)(walk.cut - text.p), &line, &col);
            r.in->cut_short = true;
            md_diags_add(diags, MD_DIAG_WARNING, r.path, line, col,
                         "JSON ends early or breaks here; read the complete entries before it");
        }
        cJSON_Delete(walk.rest);
        md_buf_free(&text);
        md_map_free(&r.quoted);
        return MD_OK;
    }
    if (walk.too_large) {
        md_diags_add(diags, MD_DIAG_ERROR, r.path, 0, 0,
                     walk.broken ? "JSON document that is not whole (cut short, or broken) and holds more than %zu "
                                   "values: too large to be salvaged whole, at about %zu bytes a value"
                                 : "JSON document with more than %zu values in one entry or outside its entries: "
                                   "their tree would take about %zu bytes a value (a root array and a log_history "
                                   "are read an entry at a time)",
                     MD_JSON_TREE_VALUES, (size_t)100);
        md_buf_free(&text);
        free(data);
        return MD_ERR_FORMAT;
    }
    size_t error_at = 0;
    bool more = false;
    cJSON *root = walk.kind == WALK_WHOLE ? walk.rest : parse(text.p, text.n, &error_at, &more);
    if (more && text_after_value(&text, error_at)) {
        md_buf_free(&text);
        md_source *console = md_source_memory(data, n, r.path);
        r.in->format = MD_FMT_TEXT;
        err = md_read_text(st, console, cat, diags);
        md_source_close(console);
        free(data);
        return err;
    }
    free(data);
    r.in->lines = count_lines(&text);
    if (!root)
        root = salvage(&r, &text, error_at);
    md_buf_free(&text);
    if (!root)
        return MD_ERR_FORMAT;
    if (md_notebook_is(root)) {
        err = read_notebook(st, &r, root, cat);
    } else {
        r.feed = md_feed_new(st, false);
        read_document(&r, root);
        md_feed_close(r.feed);
        cJSON_Delete(root);
    }
    md_map_free(&r.quoted);
    return err;
}

/* The fast path for JSON Lines: a flat object whose values are numbers,
 * strings, true, false, null, NaN, Infinity or -Infinity, with no escape
 * in any string, is read here with exactly the values cJSON would give
 * (numbers in JSON's strict grammar, which md_num_scan reads as strtod
 * does, as cJSON does). Anything else returns false, having recorded
 * nothing, and the line goes to cJSON. */
#define FLAT_MAX 256
#define NUMBER_MAX 63 /* cJSON copies at most this many bytes of a number */

typedef struct flat_item {
    /* The bytes from the end of the value before (or the line's start)
     * to this value, and the end of this value. */
    const char *lead, *value_end;
    size_t leadlen;
    const char *key;
    size_t keylen;
    int column; /* the feed's column for the key, NO_COLUMN, or COLUMN_UNKNOWN */
    double value;   /* NaN and the infinities */
    const char *text; /* a number's text, NULL for the words */
    size_t len;
    md_str string; /* a string's text, without its quotes */
    bool number;
} flat_item;

static bool ends_value(const char *p, const char *end)
{
    return p == end || (unsigned char)*p <= ' ' || *p == ',' || *p == '}';
}

/* A string without escapes; *p at its opening quote, left after the
 * closing one. */
static bool plain_string(const char **p, const char *end, md_str *out)
{
    const char *start = *p + 1, *q = start;
#if MD_SWAR
    for (; end - q >= 8; q += 8) {
        uint64_t w = md_load64(q), stop = md_swar_equal(w, '"') | md_swar_equal(w, '\\');
        if (stop) {
            q += md_swar_first(stop);
            break;
        }
    }
#endif
    while (q < end && *q != '"' && *q != '\\')
        q++;
    if (q == end || *q != '"')
        return false;
    *out = (md_str){start, (size_t)(q - start)};
    *p = q + 1;
    return true;
}

/* Past one or more digits at *q; false for none. */
static inline bool digits(const char **q, const char *end)
{
    size_t run = md_digit_run(*q, (size_t)(end - *q));
    *q += run;
    return run > 0;
}

static bool strict_number(const char *p, const char *end, size_t *len)
{
    const char *q = p;
    q += q < end && *q == '-';
    if (!digits(&q, end))
        return false;
    if (q < end && *q == '.') {
        q++;
        if (!digits(&q, end))
            return false;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        q++;
        q += q < end && (*q == '+' || *q == '-');
        if (!digits(&q, end))
            return false;
    }
    *len = (size_t)(q - p);
    return *len <= NUMBER_MAX && ends_value(q, end);
}

static bool word_at(const char *p, const char *end, const char *word, size_t n)
{
    return (size_t)(end - p) >= n && memcmp(p, word, n) == 0 && ends_value(p + n, end);
}

/* One value at *p into *it; false when cJSON must decide. */
static bool flat_value(const char **p, const char *end, flat_item *it)
{
    const char *q = *p;
    size_t len;
    it->number = true;
    it->text = NULL;
    if (*q == '"') {
        md_str str;
        double v;
        /* A number, a NaN, a clock's span or a quoted integer (a step, in
         * fairseq's json log) in quotes is object_values' to read. */
        if (!plain_string(&q, end, &str) || (str.n && str.p[0] == NONFINITE_TAG) || decimal_text(str.p, str.n, &v) ||
            (str.n && strspn(str.p, "0123456789") >= str.n) ||
            (str.n && nonfinite_at(str.p, str.p + str.n, &v) == str.n) ||
            (str.n && md_is_digit(str.p[0]) && md_clock_span(str.p, str.n, &v)))
            return false;
        it->number = false;
        it->string = str;
        len = (size_t)(q - *p);
    } else if (strict_number(q, end, &len)) { /* the words hold no digit */
        it->text = q;
        it->len = len;
    } else if (word_at(q, end, "true", 4) || word_at(q, end, "null", 4) || word_at(q, end, "false", 5)) {
        it->number = false;
        len = *q == 'f' ? 5 : 4;
        it->string = (md_str){NULL, 0};
    } else if ((len = nonfinite_at(q, end, &it->value)) == 0) {
        return false;
    }
    *p += len;
    return true;
}

/* A log writes the same keys line after line: each key is named to the
 * feed once, as a column, and sent by number. The keys of the last flat
 * line are compared first, in order, which also spares scanning them. */
#define KEY_COLUMNS 4096 /* distinct keys past this many go as text */
#define NO_COLUMN (-1)
#define COLUMN_UNKNOWN (-2)

typedef struct key_columns {
    md_map by_key;
    size_t named;
    md_buf last; /* the last flat line's keys, one after another */
    size_t off[FLAT_MAX], len[FLAT_MAX];
    int column[FLAT_MAX];
    size_t nlast;
} key_columns;

/* Whether the key at p (its opening quote) is the last line's i-th; then
 * it is plain (no escape, no NUL) as that one was. */
static bool same_key(const key_columns *kc, size_t i, const char *p, const char *end)
{
    if (i >= kc->nlast)
        return false;
    size_t len = kc->len[i];
    return (size_t)(end - p) > len + 1 && p[len + 1] == '"' &&
           md_same_bytes(p + 1, kc->last.p + kc->off[i], len);
}

static int column_of(md_feed *feed, key_columns *kc, const char *key, size_t keylen)
{
    intptr_t col;
    if (md_map_get(&kc->by_key, key, keylen, &col))
        return (int)col;
    if (kc->named == KEY_COLUMNS)
        return NO_COLUMN;
    kc->named++;
    col = (intptr_t)md_feed_column(feed, key, keylen);
    md_map_put(&kc->by_key, key, keylen, col);
    return (int)col;
}

/* Columns for the keys not seen at their place on the last line, and
 * this line's keys kept for the next when any was new there. */
static void resolve_columns(md_feed *feed, key_columns *kc, flat_item *items, size_t n)
{
    bool changed = n != kc->nlast;
    for (size_t i = 0; i < n; i++) {
        if (items[i].column == COLUMN_UNKNOWN) {
            items[i].column = column_of(feed, kc, items[i].key, items[i].keylen);
            changed = true;
        }
    }
    if (!changed)
        return;
    md_buf_reset(&kc->last);
    for (size_t i = 0; i < n; i++) {
        kc->off[i] = kc->last.n;
        kc->len[i] = items[i].keylen;
        kc->column[i] = items[i].column;
        md_buf_put(&kc->last, items[i].key, items[i].keylen);
    }
    kc->nlast = n;
}

/* Parses a flat object into items; false when cJSON must decide. */
static bool flat_object(const key_columns *kc, const char *s, size_t n, flat_item *items, size_t *nitems)
{
    const char *p = s, *end = s + n, *lead = s;
    size_t count = 0;
    if (p == end || *p != '{')
        return false;
    p = skip_ws(p + 1, end);
    if (p < end && *p == '}') {
        p++;
    } else {
        for (;;) {
            md_str key;
            int column = COLUMN_UNKNOWN;
            if (count == FLAT_MAX || p == end || *p != '"')
                return false;
            if (same_key(kc, count, p, end)) {
                key = (md_str){p + 1, kc->len[count]};
                column = kc->column[count];
                p += key.n + 2;
            } else if (!plain_string(&p, end, &key) || memchr(key.p, '\0', key.n)) {
                return false;
            }
            p = skip_ws(p, end);
            if (p == end || *p != ':')
                return false;
            p = skip_ws(p + 1, end);
            flat_item *it = &items[count++];
            it->lead = lead;
            it->leadlen = (size_t)(p - lead);
            it->key = key.p;
            it->keylen = key.n;
            it->column = column;
            /* A count over its total in a string is put_count's. */
            if (p == end || !flat_value(&p, end, it) ||
                (!it->number && md_kv_count_key(key.p, key.n) < key.n))
                return false;
            lead = it->value_end = p;
            p = skip_ws(p, end);
            if (p < end && *p == ',') {
                p = skip_ws(p + 1, end);
                continue;
            }
            if (p == end || *p != '}')
                return false;
            p++;
            break;
        }
    }
    for (; p < end; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            return false;
    *nitems = count;
    return true;
}

/* The bytes of the last line flat_object read, but for its values: a line
 * with the same bytes around its values parses as that one did up to each
 * value (the same keys, in the same places), so only the values are read.
 * Keys come with the columns resolve_columns gave them. */
typedef struct flat_layout {
    md_buf bytes; /* each item's lead, then the tail after the last value */
    size_t n;     /* items */
    bool set;     /* a line was read */
    size_t off[FLAT_MAX], len[FLAT_MAX], key_at[FLAT_MAX], keylen[FLAT_MAX];
    int column[FLAT_MAX];
    size_t tail_off, tail_len;
} flat_layout;

static void keep_layout(flat_layout *lay, const char *s, size_t n, const flat_item *items, size_t nitems)
{
    md_buf_reset(&lay->bytes);
    for (size_t i = 0; i < nitems; i++) {
        lay->off[i] = lay->bytes.n;
        lay->len[i] = items[i].leadlen;
        lay->key_at[i] = (size_t)(items[i].key - items[i].lead);
        lay->keylen[i] = items[i].keylen;
        lay->column[i] = items[i].column;
        md_buf_put(&lay->bytes, items[i].lead, items[i].leadlen);
    }
    const char *tail = nitems ? items[nitems - 1].value_end : s;
    lay->tail_off = lay->bytes.n;
    lay->tail_len = (size_t)(s + n - tail);
    md_buf_put(&lay->bytes, tail, lay->tail_len);
    lay->n = nitems;
    lay->set = true;
}

/* Reads a line of the layout's bytes around its values into items; false
 * when it is none (flat_object then decides). */
static bool flat_object_as_layout(const flat_layout *lay, const char *s, size_t n, flat_item *items, size_t *nitems)
{
    const char *p = s, *end = s + n;
    if (!lay->set)
        return false;
    for (size_t i = 0; i < lay->n; i++) {
        size_t len = lay->len[i];
        if ((size_t)(end - p) < len || !md_same_bytes(p, lay->bytes.p + lay->off[i], len))
            return false;
        flat_item *it = &items[i];
        it->key = p + lay->key_at[i];
        it->keylen = lay->keylen[i];
        it->column = lay->column[i];
        p += len;
        if (p == end || !flat_value(&p, end, it))
            return false;
    }
    if ((size_t)(end - p) != lay->tail_len || !md_same_bytes(p, lay->bytes.p + lay->tail_off, lay->tail_len))
        return false;
    *nitems = lay->n;
    return true;
}

static void flat_record(json_reader *r, const flat_item *items, size_t n, unsigned long index)
{
    md_feed_record_begin(r->feed, index);
    bool defer = md_feed_defers(r->feed); /* asked once a line: the store gets the same values */
    record_set set = SET_UNNAMED;
    for (size_t i = 0; i < n && set == SET_UNNAMED; i++)
        if (!items[i].number)
            set = field_set(items[i].key, items[i].keylen, items[i].string);
    note_set(r, set);
    for (size_t i = 0; i < n; i++) {
        const flat_item *it = &items[i];
        bool bookkeeping = it->keylen && it->key[0] == '_' &&
                           !(it->keylen == 5 && memcmp(it->key, "_step", 5) == 0);
        /* A key too long for object_values' nested names is not read there
         * either. */
        if (!it->number || bookkeeping || it->keylen + 1 >= NESTED_KEY_MAX)
            continue;
        /* A column has no unit: a value that may have one goes by its name. */
        int column = mib_memory_key(r, it->key, it->keylen) ? NO_COLUMN : it->column;
        if (it->text && column >= 0 && defer) {
            md_feed_column_number(r->feed, (unsigned)column, it->text, it->len);
            continue;
        }
        double v = it->value;
        if (it->text)
            md_num_value(it->text, it->len, &v);
        if (column >= 0)
            md_feed_kv_column(r->feed, (unsigned)column, v, md_json_number_flags(v));
        else
            put_kv(r, it->key, it->keylen, v);
    }
    md_feed_record_end(r->feed);
}

/* One line through cJSON. Returns false for a line that is not an object.
 * cut: the line was cut where lines are cut (its blanks trimmed after). */
static bool cjson_line(json_reader *r, md_str s, bool cut, unsigned long lineno, md_buf *text)
{
    md_json_rewrite_nonfinite(s.p, s.n, text);
    size_t error_at;
    cJSON *obj = parse(text->p, text->n, &error_at, NULL);
    if (!cJSON_IsObject(obj)) {
        if (obj)
            md_diags_add(r->diags, MD_DIAG_WARNING, r->path, lineno, 1, "not a JSON object");
        else if (nesting_at(text->p, error_at) >= CJSON_NESTING_LIMIT)
            md_diags_add(r->diags, MD_DIAG_WARNING, r->path, lineno, error_at + 1,
                         "JSON nested deeper than %d levels; line skipped", CJSON_NESTING_LIMIT);
        else if (cut) /* valid or not, its end is lost */
            md_diags_add(r->diags, MD_DIAG_WARNING, r->path, lineno, 1, "%s longer than %d MiB; line skipped",
                         s.p[0] == '{' ? "JSON object" : "line", MD_LINE_MAX >> 20);
        else
            md_diags_add(r->diags, MD_DIAG_WARNING, r->path, lineno, error_at + 1, "invalid JSON; line skipped");
        cJSON_Delete(obj);
        return false;
    }
    object_record(r, obj, lineno);
    cJSON_Delete(obj);
    return true;
}

/* Records that end in '\r' alone (classic Mac line endings, or a '\r'
 * left where the '\n' was lost): each piece is a record. JSON has a raw
 * '\r' only as blank space between tokens, and a record of JSON Lines
 * holds no line break. Returns the pieces that were no object. */
static unsigned long cr_records(json_reader *r, md_str s, unsigned long lineno, md_buf *text, md_tail *tail)
{
    unsigned long bad = 0;
    const char *p = s.p, *end = s.p + s.n;
    while (p < end) {
        const char *cr = memchr(p, '\r', (size_t)(end - p));
        md_str piece = md_str_trim((md_str){p, (size_t)((cr ? cr : end) - p)});
        if (piece.n && !cjson_line(r, piece, false, lineno, text)) {
            bad++;
            md_tail_add(tail, piece, lineno);
        } else if (piece.n && tail->n) {
            md_tail_clear(tail);
        }
        p = cr ? cr + 1 : end;
    }
    return bad;
}

md_err md_read_jsonl_with(md_store *st, md_source *src, md_diags *diags, bool fast, bool threaded)
{
    json_reader r = {.feed = md_feed_new(st, threaded), .diags = diags, .path = md_source_path(src), .cat = md_store_catalog(st)};
    md_lines lines;
    md_lines_init(&lines, src);
    md_buf text = {0};
    flat_item *items = md_xmalloc(FLAT_MAX * sizeof *items);
    key_columns *kc = md_xcalloc(1, sizeof *kc);
    flat_layout *layout = md_xcalloc(1, sizeof *layout);
    unsigned long bad = 0;
    md_str line;
    bool last_cut = false; /* the last record is an object that does not close */
    md_tail tail = {0};
    while (md_lines_next(&lines, &line)) {
        md_str s = md_str_trim(line);
        size_t n;
        if (!s.n || s.p[0] == '\0') /* nothing, or a hole md_lines counts */
            continue;
        last_cut = false;
        if (fast && flat_object_as_layout(layout, s.p, s.n, items, &n)) {
            flat_record(&r, items, n, lines.lineno);
        } else if (fast && flat_object(kc, s.p, s.n, items, &n)) {
            resolve_columns(r.feed, kc, items, n);
            keep_layout(layout, s.p, s.n, items, n);
            flat_record(&r, items, n, lines.lineno);
        } else if (memchr(s.p, '\r', s.n)) {
            bad += cr_records(&r, s, lines.lineno, &text, &tail);
            continue;
        } else if (!cjson_line(&r, s, line.n >= MD_LINE_MAX, lines.lineno, &text)) {
            bad++;
            /* An object the 1 MiB limit cut ends in the file all the same. */
            last_cut = line.n < MD_LINE_MAX && s.p[0] == '{' && md_sniff_json_value_end(s, NULL) == 0;
            md_tail_add(&tail, line, lines.lineno);
            continue;
        }
        if (tail.n)
            md_tail_clear(&tail);
    }
    md_feed_close(r.feed);
    md_tail_read(&tail, st);
    md_tail_free(&tail);
    md_map_free(&r.quoted);
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    in->bad_records += bad;
    /* A log whose last record stops mid-object was cut there (a run killed
     * while it wrote). */
    in->cut_short |= last_cut;
    md_reader_lines_done(st, &lines, diags, r.path);
    bool error = lines.error;
    md_lines_fini(&lines);
    md_buf_free(&text);
    free(items);
    md_map_free(&kc->by_key);
    md_buf_free(&kc->last);
    free(kc);
    md_buf_free(&layout->bytes);
    free(layout);
    return error ? MD_ERR_IO : MD_OK;
}

md_err md_read_jsonl(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    (void)cat;
    return md_read_jsonl_with(st, src, diags, true, md_reader_threaded(src));
}
