/* The console-log reader. Per line: strip ANSI escapes, split on '\r' and
 * '\b' (progress bars redraw with them), then per segment: timestamp, traceback
 * tracking, event signatures, and the metric values, from a markdown table
 * row, a tqdm bar or key/value pairs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/crc32c.h"
#include "core/map.h"
#include "mldiag/reader.h"
#include "reader/reader_int.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define KV_MAX 256
/* Pairs are looked for in a segment's first 64 KiB: what follows is a
 * dump ("step 51 loss nan preds=[0.0, 0.001, ...]" for 70 KiB), whose
 * start may still hold the step's figures. */
#define KV_SCAN_MAX (64u << 10)
#define TABLE_MAX_CELLS 64
#define INDEX_CACHE_MAX 4096 /* distinct keys remembered; prose has no end of them */
#define RECENT_KEYS 64
#define BAR_COLUMNS 8 /* bar keys a log names (training, evaluation, ...) */
#define BAR_KEYS 16   /* keys a training bar's postfix carries */
#define PROSE_SEEN 64 /* lines without pairs remembered by prose_recurs */
#define RECENT_KEY_MAX 32

typedef struct recent_key {
    char key[RECENT_KEY_MAX];
    size_t len; /* 0: empty */
    int idx;
} recent_key;

/* What md_kv_scan needs to ask whether a key is known: the catalog and
 * its answers so far (normalising and resolving a key costs more than the
 * rest of a line), the latest of them in a small table found without
 * hashing, since a log repeats the same few keys line after line. */
typedef struct key_index {
    const md_catalog *cat;
    md_map *cache; /* key bytes -> catalog index */
    recent_key *recent;
} key_index;

typedef struct table {
    bool header_seen, active;
    char *names[TABLE_MAX_CELLS];
    size_t ncells;
    /* Ray Tune's status table has a row per trial: the first trial's rows
     * are the run's, kept across the tables it prints (another trial's
     * numbers would mix two runs in one series). */
    char trial[128];
    size_t iter_column; /* the iteration's column of a Ray table, 0 for none */
    bool boxed;         /* inside Ray Tune 2's box (read_box_table_row) */
    unsigned continued; /* rows that finished the header's names (header_continues) */
} table;

struct md_text_reader {
    md_feed *feed; /* the store, through a feed */
    const md_catalog *cat;
    md_event_matcher *events;
    const md_event_spec *exception;  /* source = traceback */
    const md_event_spec *repetition; /* source = repetition */
    long base_rank;  /* the first rank seen in "[rankN]:" prefixes, -1 before */
    bool srun_labels; /* each line starts with its Slurm task's number */
    size_t compose_bar; /* docker compose's "service  | " before each line: the bar's column, 0 if none */
    bool line_numbered; /* a viewer's "[1746] " before each line (line_numbered) */
    bool quoted;        /* a paste quoted as a whole, "> " or "# " before each line */
    bool octal_escaped; /* control characters written "#011" (syslog, CloudWatch) */
    bool caret_escaped; /* "^M" for a carriage return ("cat -v", a pasted log) */
    md_buf unescaped;   /* the line with those written back */
    md_buf unquoted;    /* the text of R's print() with its escapes written back */
    md_buf keys;     /* other ranks' keys, "rankN/key" */
    md_kv kv[KV_MAX];
    md_buf clean;  /* the line without ANSI escapes */
    bool events_only; /* a console whose metrics another record holds */
    bool in_traceback;
    bool traceback_ignored; /* printed by Python for an exception it ignored */
    bool in_lsf_report;     /* between LSF's job report and the job's output */
    char coco_type[12];     /* what pycocotools' summary scores: "bbox", "segm", "keypoints" */
    enum { DEEPXDE_NONE, DEEPXDE_TABLE, DEEPXDE_BEST } deepxde; /* where in DeepXDE's display (deepxde_line) */
    unsigned long traceback_line;
    unsigned long glued_line; /* of the last exception glued to a frame's source line */
    unsigned traceback_others; /* lines since it that are none of its frames */
    /* IPython's header names the exception ("ResourceExhaustedError
     * Traceback (most recent call last)"); its frames start at the line's
     * start ("~/.../session.py in _do_call(self, fn)"). */
    char traceback_named[96];
    bool traceback_headless;    /* started at a frame: no header above it */
    size_t traceback_prefix;    /* a logger's prefix before the header ("[11:17:04] [INFO] "), its length */
    unsigned long stack_line;   /* of logging's "Call stack:" or "Stack (most recent call last):" */
    unsigned long ignored_line; /* of the last "Exception ignored in" */
    unsigned long best_round_line; /* of the last "best iteration is:" */
    table tab;
    md_box box;
    md_columns cols;
    md_catboost catboost;
    md_allennlp allennlp;
    md_flower flower;
    md_yolo_layout yolo;
    md_mllog mllog;
    /* After training, FuxiCTR evaluates the best model again, "******
     * Validation evaluation ******" (its best epoch's figures once more),
     * then "******** Test evaluation ********": the "[Metrics]" line after
     * such a banner is no further validation epoch. */
    enum { FUXI_NONE, FUXI_VALIDATION, FUXI_TEST } fuxi_final;
    md_wenet wenet;
    double last_bar_n, last_bar_total;
    uint32_t last_bar_desc; /* a hash of the last bar's description, 0 for none */
    double planned_steps; /* HF's "Total optimization steps = 4,096"; 0 when unknown */
    bool train_bar_seen;  /* a bar of the planned steps was drawn */
    bool scanned;         /* a line was scanned for pairs (dicts_wait) */
    /* The bar with the training loss in its postfix ("lokr-test-2: 10%|
     * 299/3000 [..., loss: 5.2e-01]", loss_bar_step): its total, its last
     * count, and the steps of the bars drawn before it (a bar of each
     * epoch's batches). */
    double loss_bar_total, loss_bar_n, loss_bar_base;
    double bare_bar_total; /* of the last bar read, when it was bare; 0 when not */
    /* The bare bar drawn before the pending dict, when the header was not
     * seen; -1 for a dict that opens the log. */
    double dict_bar_total;
    /* The count of the bar drawn last before the pending dict, and its
     * total; NAN where none was, or where tqdm.write cleared it. */
    double dict_bar_n, dict_bar_of;
    double bar_since_dict; /* the count of a bar drawn since the last dict was held, NAN for none */
    /* tqdm.write cleared the bar ("\r<blanks>\r") since it was drawn: the
     * dict it writes is followed by the bar's redraw at the dict's step. */
    bool bar_cleared;
    double dict_step; /* the step the last dict placed by a bar was given, -1 before one */
    bool settings;        /* the last scan_pairs read a line of settings */
    bool measured;        /* a line's pairs other than settings were read */
    md_buf pending;       /* a log dict waiting for the bar drawn after it */
    unsigned long pending_line;
    bool pending_set;
    md_wrapped_dict wrapped; /* a dict pprint printed over several lines */
    md_results results;      /* an evaluation's "key = value" lines under a banner */
    md_rllib rllib;          /* RLlib's result, one YAML key a line */
    bool eval_open;          /* inside paddle's "Eval begin..." block (read_eval_block) */
    unsigned long eval_header_line; /* a line that was only an evaluation's name ("Test Error:"), 0 for none */
    char eval_header_set[12];       /* that name's first word, for the pairs of the line after it */
    /* An evaluation's epoch or step header ("Eval epoch: 47", ST-GCN's)
     * names the pairs of the lines under it by eval_header_set, up to a
     * line with a step of its own or the next header. */
    bool eval_block;
    bool epoch_headers;      /* a line was only an epoch ("Epoch 3/10"), as Keras prints them */
    bool raw_tagged;         /* a line's figures were tagged "(raw)" (averaged_restatement) */
    bool count_headers;      /* a line was only a count of steps other than the environment's */
    char result_set[12];     /* the set a banner named for the lines after it (result_banner), or "" */
    char result_lead[40];    /* what the banner's first line began with, before its pairs (a time stamp) */
    size_t result_leadlen;
    bool result_pairs;       /* a line under the banner gave figures */
    bool result_read;        /* a line under the banner was read */
    bool result_repeat;      /* the banner's lines repeat figures the log gives elsewhere: not read */
    long keras_total;        /* the batches of the epoch's Keras bars, 0 before one (keras_evaluation) */
    bool keras_validated;    /* the epoch's last bar gave its validation figures */
    /* Whether the log's Keras bars count the epoch's batches (its first
     * bar, "1/6740 [>....]", was drawn before the epoch's end: fit() wrote
     * its redraws to the file), so each bar stands at its batch; else
     * (verbose=2's one line an epoch, a paste of the epochs' last bars) at
     * its epoch. Decided at the first bar (keras_decided). */
    bool keras_counted, keras_decided;
    bool keras_headerless; /* keras_counted was decided by a bar before any epoch header */
    bool keras_epoch_closed; /* a bar closed an epoch (its count its total) */
    md_buf eval_last;        /* an evaluation's figures, "[Eval] loss: 0.14 - acc: 0.8" (its last line's) */
    unsigned long eval_line;
    md_str line_text;        /* the line being read, its ANSI codes stripped */
    bool line_judged;        /* binary_segment has judged line_text */
    bool line_binary;
    char bar_key[48]; /* the last bar's rate key: printing it per redraw showed in profiles */
    int bar_key_len;
    bool bar_key_named;
    double bar_key_total;
    int bar_column; /* the feed's column for bar_key, -1 for none */
    struct {
        char key[48];
        int len;
        unsigned column;
    } bar_columns[BAR_COLUMNS]; /* the bar keys named to the feed */
    size_t nbar_columns;
    struct {
        char key[48];
        size_t len;
        bool evaluation;
        bool shown; /* value holds the last redraw's */
        double value;
    } bar_keys[BAR_KEYS]; /* the postfix keys seen, and the last value shown */
    size_t nbar_keys;
    md_stamp_kind stamp_kind; /* the first kind of timestamp seen */
    md_map index_cache;
    recent_key recent[RECENT_KEYS];
    md_unit_memo units;
    key_index index;
    md_shapes *shapes; /* NULL: every line is scanned */
    bool fed_shape[MD_SHAPES]; /* the feed holds the keys of the slot's shape */
    long shape_rank[MD_SHAPES]; /* the rank whose prefix the slot's shape keeps, -1 for none */
    md_tqdm shape_bar[MD_SHAPES]; /* the bar of a bar's shape, as last read */
    uint32_t prose_seen[PROSE_SEEN]; /* prose_recurs: recent lines without pairs */
    /* Shapes of the dicts that waited for their bar, a set of their own:
     * such a dict is only read for its pairs, so its shape says nothing
     * of what else a line of it would have done. Feed slots MD_SHAPES on. */
    md_shapes *dict_shapes;
    bool fed_dict_shape[MD_SHAPES];
    /* Shapes of the parts of progress bars with pairs, read for those
     * alone: descriptions ("Epoch 3"), postfixes ("loss=2.81, v_num=0"). */
    md_shapes *bar_shapes;
};

typedef md_text_reader text_reader;

static intptr_t resolve_key(const key_index *ki, const char *key, size_t n);

static int catalog_index(const key_index *ki, const char *key, size_t n)
{
    recent_key *rk = NULL;
    if (n && n <= RECENT_KEY_MAX) {
        rk = &ki->recent[(n ^ (unsigned char)key[0] * 7u ^ (unsigned char)key[n - 1] * 13u) % RECENT_KEYS];
        if (rk->len == n && memcmp(rk->key, key, n) == 0)
            return rk->idx;
    }
    intptr_t idx;
    if (!md_map_get(ki->cache, key, n, &idx))
        idx = resolve_key(ki, key, n);
    if (rk) {
        memcpy(rk->key, key, n);
        rk->len = n;
        rk->idx = (int)idx;
    }
    return (int)idx;
}

static intptr_t resolve_key(const key_index *ki, const char *key, size_t n)
{
    intptr_t idx = md_catalog_resolve_key(ki->cat, key, n);
    if (ki->cache->count < INDEX_CACHE_MAX)
        md_map_put(ki->cache, key, n, idx);
    return idx;
}

static bool known_key(const void *ctx, const char *key, size_t n)
{
    return catalog_index(ctx, key, n) >= 0;
}

static bool same_series(const void *ctx, const char *set, size_t setlen, const char *key, size_t n)
{
    char named[160];
    int len = snprintf(named, sizeof named, "%.*s %.*s", (int)setlen, set, (int)n, key);
    if (len < 0 || (size_t)len >= sizeof named)
        return false;
    int idx = catalog_index(ctx, named, (size_t)len);
    return idx >= 0 && idx == catalog_index(ctx, key, n);
}

/* What the catalog says of a key: its series, or NULL. */
static const md_series_spec *key_spec(const key_index *ki, const char *key, size_t n)
{
    int idx = catalog_index(ki, key, n);
    return idx >= 0 ? md_catalog_series(ki->cat, (size_t)idx) : NULL;
}

static int key_role(const void *ctx, const char *key, size_t n)
{
    const md_series_spec *spec = key_spec(ctx, key, n);
    return spec ? (int)spec->role : -1;
}

/* What a timestamp leaves before a line's text: digits, punctuation, and
 * ISO's T and Z ("2024-01-01 10:00:00.000000: Epoch 5", nnU-Net's log;
 * "2024-07-02T13:49:41.054991827Z Epoch 1/40", docker logs -t). */
#define STAMP_PREFIX_MAX 40

static bool stamp_prefix(const char *p, const char *end)
{
    if (end - p > STAMP_PREFIX_MAX)
        return false;
    for (; p < end; p++)
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z' && *p != 'T' && *p != 'Z'))
            return false;
    return true;
}

/* Coqui's trainer stamps its step header: "--> TIME: 2024-02-25 01:58:59
 * -- STEP: 652/652 -- GLOBAL_STEP: 191450". */
static bool coqui_time_prefix(const char *p, const char *end)
{
    while (p < end && *p == ' ')
        p++;
    if (end - p < 10 || memcmp(p, "--> TIME: ", 10) != 0)
        return false;
    while (end > p && end[-1] == ' ')
        end--;
    return end - p >= 12 && end[-1] == '-' && end[-2] == '-' && stamp_prefix(p + 10, end - 2);
}

/* The start of a logger's level in capitals that ends at end ("INFO"),
 * after p or a blank; NULL for none. */
static const char *level_before(const char *p, const char *end)
{
    const char *w = end;
    while (w > p && w[-1] >= 'A' && w[-1] <= 'Z')
        w--;
    return w < end && (w == p || w[-1] == ' ') && md_capital_log_level(w, end) ? w : NULL;
}

/* A logger's prefix that ends in ']': absl's "I0523 10:12:01.123456 140234
 * model_lib_v2.py:705] ", "[INFO] "; or in " - ", Python logging's
 * separator ("2024-01-02 10:00:00,123 - root - INFO - ", SpeechBrain's
 * "speechbrain.utils.epoch_loop - "); or in a level in capitals after a
 * timestamp or a bracket ("2024-01-02 10:00:00,123 INFO  ", "[2024-01-02
 * 10:00:00] INFO: "). */
static bool logger_prefix(const char *p, const char *key)
{
    while (key > p && key[-1] == ' ')
        key--;
    if (key - p >= 3 && key[-1] == '-' && key[-2] == ' ')
        return true;
    if (key > p && key[-1] == ']')
        return true;
    const char *w = level_before(p, key > p && key[-1] == ':' ? key - 1 : key);
    if (!w)
        return false;
    while (w > p && w[-1] == ' ')
        w--;
    return w == p || w[-1] == ']' || stamp_prefix(p, w);
}

/* Whether the line's message, after a logger's prefix or a timestamp
 * where it has one ("2023-05-07 12:08:52,563 [INFO] Averaged stats: ..."),
 * starts with the phrase. */
static bool message_starts_with(md_str t, const char *phrase)
{
    size_t n = strlen(phrase);
    const char *at = md_memmem(t.p, t.n < 96 + n ? t.n : 96 + n, phrase, n);
    return at && (at == t.p || logger_prefix(t.p, at) || stamp_prefix(t.p, at));
}

/* A pair's value: a shape's pair holds its number's text, unread, for
 * the feed's thread to convert. */
static double pair_value(const md_kv *kv)
{
    double v = kv->value;
    if (kv->unread)
        md_num_value(kv->num, kv->numlen, &v);
    return v;
}

/* A step may come with the time it took: TF's Object Detection API prints
 * "Step 100 per-step time 0.347s", then the step's losses in a dict of
 * their own; with its epoch: OLMo's "[step=100/739328,epoch=0]"; or with
 * another count: Coqui's "--> STEP: 23/36 -- GLOBAL_STEP: 1006000". An
 * epoch comes with its time alone (counts false). */
static bool only_timings(text_reader *r, const md_kv *kv, size_t n, bool counts)
{
    for (size_t i = 0; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, kv[i].key, kv[i].keylen);
        if (!spec || (spec->kind != MD_KIND_TIME &&
                      !(counts && (spec->role == MD_ROLE_EPOCH || spec->role == MD_ROLE_STEP))))
            return false;
    }
    return true;
}

/* The setting or two an epoch's header may carry, its learning rate
 * among them: ST-GCN's "Training epoch: 43, LR: 0.0100" heads the epoch's
 * "Mean training loss: 0.1378." (A script's arguments, "epochs=3, ...,
 * lr0=0.02, ...", head nothing.) */
static bool only_settings(text_reader *r, const md_kv *kv, size_t n)
{
    bool lr = false;
    for (size_t i = 0; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, kv[i].key, kv[i].keylen);
        if (!spec || spec->role != MD_ROLE_SERIES || (spec->kind != MD_KIND_LR && spec->kind != MD_KIND_SETTING))
            return false;
        lr |= spec->kind == MD_KIND_LR;
    }
    return lr && n <= 2;
}

/* Of a header's counts (Coqui TTS's "--> STEP: 23/36 -- GLOBAL_STEP:
 * 1006000"), the run's: the largest, not the count within the epoch. */
static double header_step(text_reader *r, const md_kv *kv, size_t n)
{
    double step = pair_value(&kv[0]);
    for (size_t i = 1; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, kv[i].key, kv[i].keylen);
        double v = pair_value(&kv[i]);
        if (spec && spec->role == MD_ROLE_STEP && v > step)
            step = v;
    }
    return step;
}

/* "...olmo.train:816\t[step=100/739328,epoch=0]": a bracket that holds the
 * rest of the line, whatever the logger wrote before it. */
static bool bracketed_rest(md_str t, const char *key)
{
    return key > t.p && key[-1] == '[' && t.p[t.n - 1] == ']';
}

/* What a step header's line sets for the lines under it: the step (the
 * largest of its counts, header_step), and for an epoch's ("Training
 * epoch: 3") the epoch their counts within it belong to. A shape's replay
 * comes here as the first reading did. rsl_rl's block counts its
 * iterations ("Learning iteration 17/1500") and then the environment's
 * steps ("Total timesteps: 1769472"): the iterations place the block. */
static void set_header_context(text_reader *r, const md_kv *kv, size_t n)
{
    const md_series_spec *spec = key_spec(&r->index, kv->key, kv->keylen);
    bool counts = spec && spec->role == MD_ROLE_STEP, env_steps = counts && strcmp(spec->name, "env_steps") == 0;
    if (env_steps && r->count_headers)
        return;
    r->count_headers |= counts && !env_steps;
    const char *first_end = md_kv_word_end(kv->key, kv->key + kv->keylen);
    size_t first = (size_t)(first_end - kv->key);
    r->eval_block = first < kv->keylen && first < sizeof r->eval_header_set && md_evaluation_word(kv->key, first);
    if (r->eval_block) {
        memcpy(r->eval_header_set, kv->key, first);
        r->eval_header_set[first] = '\0';
    }
    double value = header_step(r, kv, n);
    md_feed_context_step(r->feed, md_count_of(value));
    if (spec && spec->role == MD_ROLE_EPOCH) {
        md_feed_context_epoch(r->feed, md_count_of(value),
                              (kv->flags & MD_KV_TOTAL) && kv->total > 0 ? md_count_of(kv->total) : -1);
        r->epoch_headers = true;
        r->keras_total = 0;
        r->keras_validated = false;
    }
}

static bool rule_char(char c)
{
    return c == '-' || c == '=' || c == '*' || c == '#' || c == '~' || c == '<' || c == '>';
}

/* A name joined with '_' and assigned with '=' is a setting a script's
 * configuration printed (nanoGPT's "eval_iters = 40" among its overrides),
 * no count of the run's. */
static bool assignment(const md_kv *kv, const char *end)
{
    if (!memchr(kv->key, '_', kv->keylen))
        return false;
    const char *p = kv->key + kv->keylen;
    while (p < end && *p == ' ')
        p++;
    return p < end && *p == '=';
}

/* A line that is only a step or epoch ("Epoch 3/10", "Step 500:", "[Epoch
 * 2]"), after a timestamp or a logger's prefix or not, places the metric
 * lines after it, as Keras and nnU-Net print them; so does a step and its
 * timings (only_timings). */
static bool step_header(text_reader *r, md_str seg, const md_kv *kv, size_t n)
{
    if (n == 0 || !(kv->flags & MD_KV_INTEGRAL) || kv->value < 0 || assignment(kv, seg.p + seg.n))
        return false;
    md_str t = md_str_trim(seg);
    const char *end = t.p + t.n, *last = kv[n - 1].end, *start = kv->key;
    t.p = md_kv_after_basic_logging(t.p, end);
    t.n = (size_t)(end - t.p);
    while (end > last && (end[-1] == ':' || end[-1] == ']' || end[-1] == ' ' || rule_char(end[-1])))
        end--;
    /* A rule drawn around it: "-----------Step 1400:-------------". */
    while (start > t.p && rule_char(start[-1]))
        start--;
    /* Caffe's logger announces its evaluation with the step: "...
     * solver.cpp:330] Iteration 300, Testing net (#0)", then a line per
     * output. */
    bool announcing = n == 1 && end > last && *last == ',' && logger_prefix(t.p, kv->key);
    /* The time the epoch took after it: the PyTorch text classification
     * tutorial's "Epoch: 1  | time in 0 minutes, 27 seconds"; Avalanche's
     * "Epoch 30 ended." over the epoch's means. */
    md_str rest = md_str_trim((md_str){last, (size_t)(end - last)});
    if (n == 1 && ((rest.n > 6 && rest.p[0] == '|' &&
                    md_str_starts_with(md_str_trim((md_str){rest.p + 1, rest.n - 1}), "time in ")) ||
                   md_str_eq(rest, "ended.")))
        end = last;
    if ((end != last && !announcing) ||
        (t.p + 1 < start && !stamp_prefix(t.p, start) && !logger_prefix(t.p, start) &&
         !bracketed_rest(t, kv->key) && !coqui_time_prefix(t.p, kv->key)))
        return false;
    const md_series_spec *spec = key_spec(&r->index, kv->key, kv->keylen);
    md_role role = spec ? spec->role : MD_ROLE_SERIES;
    /* An epoch and the run's step in it: Composer's "[epoch=1][batch=5/5]:"
     * over "Train loss/train/total: 8.4213", a line a figure. Its batch
     * counts the run's, and places them; not "Epoch 3/100, Batch 16/293",
     * whose batch is the epoch's. */
    if (role == MD_ROLE_EPOCH && n == 2 && !announcing && (kv[1].flags & MD_KV_INTEGRAL) && kv->key > t.p &&
        kv->key[-1] == '[' && kv[1].key > t.p && kv[1].key[-1] == '[') {
        const md_series_spec *next = key_spec(&r->index, kv[1].key, kv[1].keylen);
        if (next && next->role == MD_ROLE_STEP) {
            set_header_context(r, kv + 1, 1);
            return true;
        }
    }
    /* An epoch of those planned with the time it took heads its lines as
     * well: Lasagne's "Epoch 1 of 500 took 1.858s" over "training loss:
     * 1.23". ("Epoch 8 time: 45.9 seconds" after a bar's lines closes
     * the epoch they counted.) */
    if (!(role == MD_ROLE_STEP && only_timings(r, kv + 1, n - 1, true)) &&
        !(role == MD_ROLE_EPOCH && !announcing &&
          (n == 1 || ((kv->flags & MD_KV_TOTAL) && only_timings(r, kv + 1, n - 1, false)) ||
           only_settings(r, kv + 1, n - 1))))
        return false;
    set_header_context(r, kv, n);
    return true;
}

static bool key_is(const md_kv *kv, const char *key)
{
    size_t n = strlen(key);
    return kv->keylen == n && memcmp(kv->key, key, n) == 0;
}

/* HF Trainer's header says how many steps the run plans: "  Total
 * optimization steps = 4,096". Its training bar has that total. BasicSR's
 * "Total epochs: 40000; iters: 200000." plans its iterations: the line is
 * no record at step 200000. Returns the planned steps' pair, or NULL. */
static const md_kv *planned_steps_line(const md_kv *kv, size_t n)
{
    if (n == 1 && key_is(kv, "Total optimization steps"))
        return kv;
    if (n == 2 && key_is(kv, "Total epochs") && key_is(kv + 1, "iters"))
        return kv + 1;
    return NULL;
}

/* Notes the steps a header plans; whether the line is such a header,
 * whatever its number (a line of its shape with another number may plan
 * some: it makes no shape). */
static bool planned_steps(text_reader *r, const md_kv *kv, size_t n)
{
    const md_kv *plan = planned_steps_line(kv, n);
    if (!plan)
        return false;
    if (plan->value > 0)
        r->planned_steps = plan->value;
    return true;
}

/* rsyslog, and so SageMaker's CloudWatch logs, write a control character
 * as '#' and its three octal digits: XGBoost's "[0]#011train-rmse:18.79",
 * Keras' bar redrawn with "#010" and "#015". The file says so in its first
 * lines. */
static bool octal_escaped(md_str head)
{
    static const char *const codes[] = {"#011", "#015", "#010", "#033"};
    for (size_t i = 0; i < MD_COUNT(codes); i++)
        if (md_memmem(head.p, head.n, codes[i], 4))
            return true;
    return false;
}

static md_str unescape_octal(md_buf *out, md_str line)
{
    md_buf_reset(out);
    const char *p = line.p, *end = line.p + line.n;
    while (p < end) {
        const char *hash = memchr(p, '#', (size_t)(end - p));
        if (!hash) {
            md_buf_put(out, p, (size_t)(end - p));
            break;
        }
        md_buf_put(out, p, (size_t)(hash - p));
        if (end - hash >= 4 && hash[1] == '0' && hash[2] >= '0' && hash[2] <= '3' && hash[3] >= '0' && hash[3] <= '7') {
            md_buf_putc(out, (char)((hash[2] - '0') * 8 + (hash[3] - '0')));
            p = hash + 4;
        } else {
            md_buf_putc(out, '#');
            p = hash + 1;
        }
    }
    return (md_str){md_buf_cstr(out), out->n};
}

/* "cat -v", "less" and many pastes show a carriage return as "^M", a
 * backspace as "^H" and an escape as "^[": tqdm's redraws of a bar pasted
 * so ("^M  4%|3  | 1318/36234 [...]^M"). Where the first lines hold two
 * "^M" and more, those are the bytes. */
static bool caret_escaped(md_str head)
{
    const char *first = md_memmem(head.p, head.n, "^M", 2);
    return first && md_memmem(first + 2, (size_t)(head.p + head.n - first - 2), "^M", 2);
}

static md_str unescape_caret(md_buf *out, md_str line)
{
    md_buf_reset(out);
    const char *p = line.p, *end = line.p + line.n;
    while (p < end) {
        const char *caret = memchr(p, '^', (size_t)(end - p));
        if (!caret || caret + 1 >= end) {
            md_buf_put(out, p, (size_t)(end - p));
            break;
        }
        md_buf_put(out, p, (size_t)(caret - p));
        char c = caret[1] == 'M' ? '\r' : caret[1] == 'H' ? '\b' : caret[1] == '[' ? '\x1b' : 0;
        md_buf_putc(out, c ? c : '^');
        p = caret + (c ? 2 : 1);
    }
    return (md_str){md_buf_cstr(out), out->n};
}

/* Removes CSI ("\x1b[1;31m"), OSC ("\x1b]...\x07") and two-byte escapes. */
static md_str strip_ansi(md_buf *out, md_str line)
{
    md_buf_reset(out);
    const char *p = line.p, *end = line.p + line.n;
    while (p < end) {
        const char *esc = memchr(p, 0x1b, (size_t)(end - p));
        if (!esc) {
            md_buf_put(out, p, (size_t)(end - p));
            break;
        }
        md_buf_put(out, p, (size_t)(esc - p));
        p = esc + 1;
        if (p < end && *p == '[') {
            for (p++; p < end && !(*p >= 0x40 && *p <= 0x7e); p++)
                ;
            p += p < end;
        } else if (p < end && *p == ']') {
            while (p < end && *p != 0x07 && !(*p == 0x1b && p + 1 < end && p[1] == '\\'))
                p++;
            p += p < end ? (*p == 0x07 ? 1 : 2) : 0;
        } else if (p < end) {
            p++;
        }
    }
    return (md_str){md_buf_cstr(out), out->n};
}

/* Open MPI's --tag-output (Horovod, mpirun): "[1,3]<stdout>:", the job
 * and the rank, then the stream. Returns the rank, -1 when not one. */
static long mpi_rank(const char *open, const char *close, const char *end, const char **after)
{
    static const char *const streams[] = {"<stdout>:", "<stderr>:"};
    const char *comma = memchr(open, ',', (size_t)(close - open));
    double job, r;
    if (!comma || md_num_scan(open + 1, comma, &job) != (size_t)(comma - open - 1))
        return -1;
    /* SageMaker's mpirun writes "[1,mpirank:0,algo-1]": the rank, then the
     * host. */
    const char *rank = comma + 1, *rank_end = close;
    if ((size_t)(close - rank) > 8 && memcmp(rank, "mpirank:", 8) == 0) {
        rank += 8;
        const char *host = memchr(rank, ',', (size_t)(close - rank));
        if (host)
            rank_end = host;
    }
    if (md_num_scan(rank, rank_end, &r) != (size_t)(rank_end - rank))
        return -1;
    for (size_t i = 0; i < MD_COUNT(streams); i++) {
        size_t n = strlen(streams[i]);
        if ((size_t)(end - close - 1) >= n && memcmp(close + 1, streams[i], n) == 0) {
            *after = close + 1 + n;
            return (long)md_count_of(r);
        }
    }
    return -1;
}

/* Slurm's srun --label: the task's number, padded, then ": " (" 3: "). */
static const char *srun_label(md_str s, long *task)
{
    const char *p = s.p, *end = s.p + s.n;
    while (p < end && *p == ' ')
        p++;
    const char *digits = p;
    long n = 0;
    for (; p < end && *p >= '0' && *p <= '9' && p - digits < 6; p++)
        n = n * 10 + (*p - '0');
    if (p == digits || p - digits >= 6 || end - p < 2 || p[0] != ':' || p[1] != ' ')
        return NULL;
    *task = n;
    return p + 2;
}

/* A log is labelled by srun when 9 in 10 of its first lines carry a label
 * and the labels go down (task 1's line after task 3's) at least three
 * times: a script's own "1: loss=0.5" counts epochs, and only goes up. */
#define SRUN_DOWNS 3

/* The head's next whole line into *line, without its "\r\n"; false at the
 * end, where the last line may be cut. */
static bool next_head_line(md_str *head, md_str *line)
{
    const char *nl = memchr(head->p, '\n', head->n);
    if (!nl)
        return false;
    *line = (md_str){head->p, (size_t)(nl - head->p)};
    if (line->n && line->p[line->n - 1] == '\r')
        line->n--;
    head->n -= (size_t)(nl + 1 - head->p);
    head->p = nl + 1;
    return true;
}

static bool srun_labelled(md_str head)
{
    size_t lines = 0, labelled = 0, downs = 0;
    long last = -1;
    md_str s;
    while (next_head_line(&head, &s)) {
        long task;
        if (s.n) {
            lines++;
            if (srun_label(s, &task)) {
                labelled++;
                downs += last >= 0 && task < last;
                last = task;
            }
        }
    }
    return downs >= SRUN_DOWNS && labelled * 10 >= lines * 9;
}

/* A log pasted into an issue as a quote, "> " before each line, or into a
 * script as a comment, "# " before each line. */
static size_t quote_mark_at(md_str s)
{
    return s.n && (s.p[0] == '>' || s.p[0] == '#') && (s.n == 1 || s.p[1] == ' ' || s.p[1] == '\t') ? (s.n == 1 ? 1 : 2)
                                                                                                       : 0;
}

/* Quoted as a whole: 9 in 10 of its first lines, two or more, start with
 * the mark. A log's own lines that start so are rare and few (Coqui's
 * " > Training Environment:" is indented). */
static bool quoted(md_str head)
{
    size_t lines = 0, marked = 0;
    md_str s;
    while (next_head_line(&head, &s))
        if (s.n) {
            lines++;
            marked += quote_mark_at(s) > 0;
        }
    return lines >= 2 && marked * 10 >= lines * 9;
}

/* docker compose's logs prefix each line with its service's name, padded
 * to the longest one's: "train_yolox_container | ". Returns the column of
 * the bar, 0 where the line has no such prefix. */
static size_t compose_bar_at(md_str s)
{
    size_t i = 0;
    if (s.n == 0 || !md_is_letter(s.p[0]))
        return 0;
    while (i < s.n && i < 64 && (md_is_letter(s.p[i]) || md_is_digit(s.p[i]) || s.p[i] == '_' || s.p[i] == '-' ||
                                 s.p[i] == '.'))
        i++;
    while (i < s.n && s.p[i] == ' ')
        i++;
    return i + 1 < s.n && s.p[i] == '|' && s.p[i + 1] == ' ' && s.p[i - 1] == ' ' ? i : 0;
}

/* A log is one of docker compose's when 9 in 10 of its first lines (five
 * or more) carry the prefix with the bar at one column, and a quarter of
 * them no other bar or they differ in their other bars: a table's rows
 * ("train | 0.52 | 0.61") have as many bars each. */
static size_t compose_labelled(md_str head)
{
    size_t lines = 0, labelled = 0, plain = 0, bar = 0, least = SIZE_MAX, most = 0;
    md_str s;
    while (next_head_line(&head, &s)) {
        if (s.n) {
            lines++;
            size_t at = compose_bar_at(s);
            if (at && (bar == 0 || at == bar)) {
                bar = at;
                labelled++;
                size_t bars = 0;
                for (size_t k = at + 1; k < s.n; k++)
                    bars += s.p[k] == '|';
                plain += bars == 0;
                least = bars < least ? bars : least;
                most = bars > most ? bars : most;
            }
        }
    }
    return lines >= 5 && labelled * 10 >= lines * 9 && (4 * plain >= labelled || least != most) ? bar : 0;
}

/* A line number's digits (ten at most) and its "] ", as a viewer that
 * numbers the lines it copies writes them after a '['; an excerpt's first
 * line may start there, inside the number ("1743] {'loss': ...}"). The
 * length of that prefix, 0 for none; *number is -2 where no digit
 * stands before the ']'. */
static size_t cut_line_number_at(md_str s, long *number)
{
    size_t i = 0;
    while (i < s.n && i < 10 && md_is_digit(s.p[i]))
        i++;
    if (i + 1 >= s.n || s.p[i] != ']' || s.p[i + 1] != ' ')
        return 0;
    *number = i ? strtol(s.p, NULL, 10) : -2;
    return i + 2;
}

/* The whole prefix, "[1746] ", at the line's start: its length, 0 for
 * none. */
static size_t line_number_at(md_str s, long *number)
{
    if (!s.n || s.p[0] != '[')
        return 0;
    size_t k = cut_line_number_at((md_str){s.p + 1, s.n - 1}, number);
    return k > 2 ? k + 1 : 0; /* a digit at least */
}

/* A log whose first lines (five or more) are numbered so, nine in ten, each
 * number one more than the line's before: a tag ("[2024] ", a year) would
 * not count up. The first line may start inside its number. */
static bool line_numbered(md_str head)
{
    size_t lines = 0, numbered = 0, counting = 0;
    long last = -2, number;
    md_str s;
    while (next_head_line(&head, &s)) {
        lines++;
        if (line_number_at(s, &number) || (lines == 1 && cut_line_number_at(s, &number))) {
            numbered++;
            counting += number == last + 1;
            last = number;
        }
    }
    return lines >= 5 && numbered * 10 >= lines * 9 && counting * 10 >= (numbered - 1) * 9;
}

/* Ray prefixes each line a worker prints with the worker's actor and
 * process: "(RayTrainWorker pid=49388, ip=10.128.15.201) ", "(pid=812) ",
 * SkyPilot's "(worker1, rank=1, pid=15406, ip=10.164.0.57) ". Returns the
 * line after it, *rank the rank where it says one, else the process id;
 * NULL for none. */
static const char *ray_worker_prefix(md_str s, long *rank)
{
    const char *close = s.p[0] == '(' ? memchr(s.p, ')', s.n < 96 ? s.n : 96) : NULL;
    if (!close)
        return NULL;
    const char *pid = md_memmem(s.p, (size_t)(close - s.p), "pid=", 4);
    if (!pid || (pid[-1] != '(' && pid[-1] != ' ') || !md_is_digit(pid[4]))
        return NULL;
    const char *ranked = md_memmem(s.p, (size_t)(close - s.p), " rank=", 6);
    *rank = strtol(ranked && md_is_digit(ranked[6]) ? ranked + 6 : pid + 4, NULL, 10);
    const char *p = close + 1;
    return p < s.p + s.n && *p == ' ' ? p + 1 : p;
}

/* torchrun and DeepSpeed prefix each line with its rank: "[rank3]: ",
 * "[default0]:"; Open MPI "[1,3]<stdout>:"; srun --label " 3: " when the
 * log is labelled. Returns the line without it and sets *rank (-1 when the
 * line has none). */
static md_str rank_prefix(const text_reader *r, md_str s, long *rank)
{
    *rank = -1;
    const char *body;
    if (r->srun_labels && (body = srun_label(s, rank)) != NULL)
        return (md_str){body, s.n - (size_t)(body - s.p)};
    if (s.n >= 8 && s.p[0] == '(' && (body = ray_worker_prefix(s, rank)) != NULL)
        return (md_str){body, s.n - (size_t)(body - s.p)};
    if (s.n < 4 || s.p[0] != '[')
        return s;
    const char *close = memchr(s.p, ']', s.n < 64 ? s.n : 64);
    if (!close || (size_t)(close - s.p) + 1 >= s.n)
        return s;
    const char *after;
    if (close[1] == '<' && (*rank = mpi_rank(s.p, close, s.p + s.n, &after)) >= 0)
        return (md_str){after, s.n - (size_t)(after - s.p)};
    if (close[1] != ':')
        return s;
    /* "[rank3]:", torchrun's "[default0]:" and, with a role, its
     * "[trainer0|5]:": a word, the local rank, then the global one. */
    const char *q = s.p + 1;
    while (q < close && md_is_letter(*q))
        q++;
    const char *num = q;
    while (q < close && md_is_digit(*q))
        q++;
    if (num == s.p + 1 || q == num)
        return s;
    const char *global = NULL;
    if (q < close && *q == '|') {
        global = ++q;
        while (q < close && md_is_digit(*q))
            q++;
        if (q == global)
            return s;
    }
    if (q != close)
        return s;
    *rank = strtol(global ? global : num, NULL, 10);
    const char *p = close + 2;
    if (p < s.p + s.n && *p == ' ')
        p++;
    return (md_str){p, s.n - (size_t)(p - s.p)};
}

static md_str strip_rank_prefix(const text_reader *r, md_str s)
{
    long rank;
    return rank_prefix(r, s, &rank);
}

/* Whether "]:" or "]<" occurs in [p, end): every rank prefix but srun's,
 * which starts no '[', ends so (rank_prefix). */
static bool rank_prefix_end(const char *p, const char *end)
{
    while (p < end && (p = memchr(p, ']', (size_t)(end - p))) != NULL && p + 1 < end) {
        if (p[1] == ':' || p[1] == '<')
            return true;
        p++;
    }
    return false;
}

/* The line that names a Python exception: a dotted identifier whose last
 * part is capitalised, alone or before ": message" ("KeyboardInterrupt",
 * "torch.OutOfMemoryError: CUDA out of memory"). */
static bool exception_line(md_str s)
{
    size_t i = 0, last_part = 0;
    bool upper = false;
    while (i < s.n) {
        char c = s.p[i];
        if (c == '.') {
            last_part = i + 1;
        } else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
            break;
        }
        i++;
    }
    if (i == 0 || last_part >= i)
        return false;
    upper = s.p[last_part] >= 'A' && s.p[last_part] <= 'Z';
    md_str rest = md_str_trim((md_str){s.p + i, s.n - i});
    return upper && (rest.n == 0 || (s.p[i] == ':' && (i + 1 == s.n || s.p[i + 1] == ' ')));
}

/* An error's name: "OutOfMemoryError", "ValueError", "CUDAException". */
static bool error_name(md_str name)
{
    return md_str_ends_with(name, "Error") || md_str_ends_with(name, "Exception");
}

/* An exception's message ("torch.OutOfMemoryError: CUDA out of memory.
 * ... Of the allocated memory 71.38 GiB is allocated by PyTorch") is prose:
 * its figures are no metrics. */
static bool error_message_line(md_str s)
{
    const char *colon = exception_line(s) ? memchr(s.p, ':', s.n) : NULL;
    return colon && error_name((md_str){s.p, (size_t)(colon - s.p)});
}

/* An exception glued to the end of a frame's source line, where stderr's
 * message came before the line's break ("    main(args)RuntimeError:  [!]
 * NaN loss with decoder_loss."): from the error's name on, after the ')'
 * that closes the call; s itself where there is none. */
static md_str glued_exception(md_str s)
{
    if (s.n == 0 || (s.p[0] != ' ' && s.p[0] != '\t'))
        return s;
    /* The name after each ')' is read once: names after two ')' never
     * overlap, so the line is read once however many it holds. */
    for (const char *p = s.p, *end = s.p + s.n; (p = memchr(p, ')', (size_t)(end - p))) != NULL; p++) {
        const char *name = p + 1, *q = name;
        while (q < end && (md_is_letter(*q) || md_is_digit(*q) || *q == '_' || *q == '.'))
            q++;
        if (q == name || q >= end || *q != ':' || *name < 'A' || *name > 'Z' ||
            !error_name((md_str){name, (size_t)(q - name)}))
            continue;
        md_str rest = {name, (size_t)(end - name)};
        if (error_message_line(rest))
            return rest;
    }
    return s;
}

/* A frame of a Python traceback: '  File "path", line 123, in name'. */
static bool frame_line(md_str s)
{
    md_str t = md_str_trim(s);
    if (t.n == s.n || !md_str_starts_with(t, "File \""))
        return false;
    const char *q = memchr(t.p + 6, '"', t.n - 6);
    return q && md_text_at(q, t.p + t.n, "\", line ");
}

/* The box drawing that rich draws tracebacks in, and Ray Tune its status
 * table (read_box_table_row): its corners, its side and its rules. */
static const char box_top[] = "\xe2\x95\xad", box_side[] = "\xe2\x94\x82", box_rule[] = "\xe2\x94\x9c",
                  box_bottom[] = "\xe2\x95\xb0";

/* A frame as rich draws a traceback, in a box:
 * "│ /opt/conda/bin/accelerate:8 in <module>      │". */
static bool rich_frame_line(md_str s)
{
    if (!md_str_starts_with(s, box_side) || s.n < 4 || s.p[3] != ' ')
        return false;
    const char *p = s.p + 4, *end = s.p + s.n;
    const char *in = md_memmem(p, (size_t)(end - p), " in ", 4);
    if (!in)
        return false;
    const char *q = in;
    while (q > p && q[-1] >= '0' && q[-1] <= '9')
        q--;
    return q < in && q - p > 4 && q[-1] == ':' && md_text_at(q - 4, end, ".py:");
}

/* A traceback runs from "Traceback (most recent call last):" over indented
 * frame lines to the line that names the exception. Lines of other output
 * can interleave (stdout and stderr share the log); after this many the
 * traceback is given up. */
#define TRACEBACK_MAX_LINES 400

static void open_traceback(text_reader *r, unsigned long line, bool ignored, bool headless)
{
    r->in_traceback = true;
    r->traceback_ignored = ignored;
    r->traceback_headless = headless;
    r->traceback_line = line;
    r->traceback_others = 0;
    r->traceback_named[0] = '\0';
    r->traceback_prefix = 0;
}

static void track_traceback(text_reader *r, md_str seg, unsigned long line)
{
    md_str s = strip_rank_prefix(r, seg);
    /* Python prints these before the traceback of an exception that did
     * not propagate (in a __del__, a logging handler): no crash. */
    if (md_str_starts_with(s, "Exception ignored in") || md_str_starts_with(s, "--- Logging error ---")) {
        r->ignored_line = line;
        return;
    }
    /* A progress bar redrawn without a newline can hold the start of the
     * traceback at its end. detectron2's trainer announces one: "ERROR
     * [04/27 13:03:54 d2.engine.train_loop]: Exception during training:". */
    if (md_str_starts_with(s, "Call stack:") || md_str_starts_with(s, "Stack (most recent call last):")) {
        r->stack_line = line;
        return;
    }
    const char *head = md_memmem(s.p, s.n, "Traceback (most recent call last)", 33);
    if (head || md_memmem(s.p, s.n, "Exception during training:", 26)) {
        open_traceback(r, line, r->ignored_line && line - r->ignored_line <= 2, false);
        md_str name = md_str_trim((md_str){s.p, head ? (size_t)(head - s.p) : 0});
        if (name.n && name.n < sizeof r->traceback_named && !memchr(name.p, ' ', name.n) && error_name(name)) {
            size_t n = (size_t)(head + 33 - name.p);
            n = n < sizeof r->traceback_named - 1 ? n : sizeof r->traceback_named - 1;
            memcpy(r->traceback_named, name.p, n);
            r->traceback_named[n] = '\0';
        } else if (head && name.n && name.p[0] == '[') {
            /* A logger that writes its prefix before each line of the
             * traceback, indentation gone (sd-scripts' "[2024-10-21
             * 11:17:04] [INFO] Traceback (most recent call last):"): its
             * exception stands after the same prefix. One it logs as a
             * warning was handled (torch._dynamo's "[WARNING] Traceback",
             * then "WON'T CONVERT": the frame runs eagerly). */
            r->traceback_prefix = (size_t)(head - s.p);
            if (md_memmem(name.p, name.n, "WARN", 4))
                r->traceback_ignored = true;
        }
        return;
    }
    /* A traceback pasted without its header starts at its first frame:
     * '  File "/.../booster.py", line 167, in backward'; not a stack that
     * logging prints under "Call stack:", which no exception ends. */
    /* Frames right after an exception glued to a source line are that
     * traceback's own, its stderr and stdout interleaved: no second one. */
    if (!r->in_traceback && (frame_line(s) || rich_frame_line(s)) && !(r->stack_line && line == r->stack_line + 1)) {
        open_traceback(r, line, r->glued_line && line - r->glued_line <= 2, true);
        return;
    }
    if (!r->in_traceback)
        return;
    if (line - r->traceback_line > TRACEBACK_MAX_LINES) {
        r->in_traceback = false;
        return;
    }
    if (r->traceback_prefix && s.n > r->traceback_prefix && s.p[0] == '[' &&
        !exception_line(s)) /* the prefix's brackets, then the exception */
        s = (md_str){s.p + r->traceback_prefix, s.n - r->traceback_prefix};
    if (!exception_line(s)) {
        md_str glued = glued_exception(s);
        if (glued.p != s.p)
            r->glued_line = line;
        s = glued;
    }
    if (!exception_line(s))
        return;
    r->in_traceback = false;
    /* Without the header, only an error's name ends it as an exception. */
    if (r->traceback_headless && !error_message_line(s) && !error_name(md_str_trim(s)))
        return;
    if (r->exception && !r->traceback_ignored)
        md_feed_event(r->feed, r->exception, line, s.p, s.n, NULL);
}

/* Frames and source lines of a traceback carry no metrics. */
static bool traceback_body(const text_reader *r, md_str seg)
{
    if (!r->in_traceback)
        return false;
    md_str s = strip_rank_prefix(r, seg);
    /* rich's box: its sides and its bottom. */
    return s.n == 0 || s.p[0] == ' ' || s.p[0] == '\t' || md_str_starts_with(s, box_side) ||
           md_str_starts_with(s, box_bottom);
}

static void emit_pair(text_reader *r, const md_kv *kv, const char *key, size_t keylen)
{
    if (kv->unread)
        md_feed_kv_text(r->feed, key, keylen, kv->num, kv->numlen, kv->unit, kv->flags, kv->total);
    else
        md_feed_kv(r->feed, key, keylen, kv->value, kv->unit, kv->flags, kv->total);
}

static void emit_pairs(text_reader *r, const md_kv *kv, size_t n)
{
    if (n && !r->settings)
        r->measured = true;
    for (size_t i = 0; i < n; i++) {
        if (!kv[i].ns) {
            emit_pair(r, &kv[i], kv[i].key, kv[i].keylen);
            continue;
        }
        md_buf_reset(&r->keys);
        md_buf_printf(&r->keys, "%.*s %.*s", (int)kv[i].nslen, kv[i].ns, (int)kv[i].keylen, kv[i].key);
        emit_pair(r, &kv[i], r->keys.p, r->keys.n);
    }
}

/* Every rank of a data-parallel job may print its own loss. The first
 * rank seen keeps the plain names; the others get "rankN/" in front, so
 * their curves stay apart and can be compared. */
static void put_ranked_key(md_buf *b, long rank, const md_kv *kv)
{
    md_buf_printf(b, "rank%ld/%.*s%s%.*s", rank, (int)kv->nslen, kv->ns ? kv->ns : "", kv->ns ? " " : "",
                  (int)kv->keylen, kv->key);
}

/* XGBoost's scikit-learn API names the sets of its eval_set validation_0,
 * validation_1, ...; with two, the first is by the documented habit the
 * training set (eval_set=[(X_train, y_train), (X_val, y_val)]) and the
 * second the set early stopping watches: read as train- and validation-,
 * which name them as XGBoost's own train() does; one alone is the set
 * held out (eval_set=[(X_test, y_test)]). Returns whether the pairs were
 * such and were emitted. */
#define BOOSTING_SET_LEN 13 /* "validation_N-" */

/* Which of validation_0-, validation_1-, validation_2- the key starts
 * with, -1 for none. */
static int boosting_set(const md_kv *kv)
{
    static const char prefix[] = "validation_";
    if (kv->ns || kv->keylen <= BOOSTING_SET_LEN || memcmp(kv->key, prefix, sizeof prefix - 1) != 0 ||
        kv->key[BOOSTING_SET_LEN - 1] != '-' || kv->key[sizeof prefix - 1] < '0' || kv->key[sizeof prefix - 1] > '2')
        return -1;
    return kv->key[sizeof prefix - 1] - '0';
}

static bool emit_boosting_sets(text_reader *r, const md_kv *kv, size_t n)
{
    static const char *const names[] = {"train-", "validation-"};
    bool seen[3] = {false, false, false};
    for (size_t i = 0; i < n; i++) {
        int k = boosting_set(&kv[i]);
        if (k >= 0)
            seen[k] = true;
    }
    if (!seen[0] || seen[2])
        return false;
    bool alone = !seen[1];
    for (size_t i = 0; i < n; i++) {
        int k = boosting_set(&kv[i]);
        if (k < 0) {
            emit_pairs(r, &kv[i], 1);
            continue;
        }
        md_buf_reset(&r->keys);
        md_buf_printf(&r->keys, "%s%.*s", names[alone ? 1 : k], (int)(kv[i].keylen - BOOSTING_SET_LEN),
                      kv[i].key + BOOSTING_SET_LEN);
        emit_pair(r, &kv[i], r->keys.p, r->keys.n);
    }
    return true;
}

/* Whether a pair measures something: not a count that places the others
 * (a step, an epoch). */
static bool measures(const text_reader *r, const md_kv *kv, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, kv[i].key, kv[i].keylen);
        if (!spec || (spec->role != MD_ROLE_STEP && spec->role != MD_ROLE_EPOCH))
            return true;
    }
    return false;
}

static void emit_ranked(text_reader *r, const md_kv *kv, size_t n, long rank)
{
    if (rank < 0 || r->base_rank < 0 || rank == r->base_rank) {
        /* The first rank to log a measurement is the run's; rank 0 is as
         * soon as it says anything, before another rank's first one. A
         * count alone ("[1,1]<stdout>:Epoch 0/100, Batch 16/29316" before
         * rank 0's loss) settles nothing. */
        if (rank >= 0 && r->base_rank < 0 && (rank == 0 || measures(r, kv, n)))
            r->base_rank = rank;
        emit_pairs(r, kv, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        md_buf_reset(&r->keys);
        put_ranked_key(&r->keys, rank, &kv[i]);
        emit_pair(r, &kv[i], r->keys.p, r->keys.n);
    }
}

/* Whether the line is text that loops; then its event is fed. Words are
 * runs of letters, so a line that differs only in digits loops alike. */
static bool find_repetition(text_reader *r, md_str seg, unsigned long line)
{
    if (!r->repetition || seg.n < 40)
        return false;
    md_repeat rep = md_repeat_scan(seg.p, seg.n);
    if (!rep.repeats)
        return false;
    double fields[MD_EVENT_MAX_FIELDS];
    for (size_t i = 0; i < r->repetition->nfields; i++) {
        const char *name = r->repetition->fields[i].name;
        fields[i] = strcmp(name, "repeats") == 0 ? (double)rep.repeats
                    : strcmp(name, "period") == 0 ? (double)rep.period
                                                  : NAN;
    }
    md_feed_event(r->feed, r->repetition, line, seg.p, seg.n, fields);
    return true;
}

/* Whether a line without pairs (a warning, a message) came before in the
 * last few such lines, digits aside: a line that recurs is worth a shape,
 * a line of prose seen once would only push a shape of pairs out. */
static bool prose_recurs(text_reader *r, md_str seg)
{
    uint32_t h = 2166136261u; /* FNV-1a, every digit read as '0' */
    for (size_t i = 0; i < seg.n; i++)
        h = (h ^ (unsigned char)(md_is_digit(seg.p[i]) ? '0' : seg.p[i])) * 16777619u;
    h |= 1; /* 0 marks an empty entry */
    uint32_t *seen = &r->prose_seen[h % PROSE_SEEN];
    if (*seen == h)
        return true;
    *seen = h;
    return false;
}

static void table_reset(table *t)
{
    for (size_t i = 0; i < t->ncells; i++)
        free(t->names[i]);
    t->ncells = 0;
    t->continued = 0;
    t->header_seen = t->active = t->boxed = false;
}

static size_t split_cells(md_str line, md_str *cells, size_t cap)
{
    size_t n = 0;
    const char *p = line.p + (line.n && line.p[0] == '|'), *end = line.p + line.n;
    /* The closing bar goes, and blanks after it; an empty last cell
     * before it stays a cell (MATLAB's validation columns between
     * validations). */
    while (end > p && end[-1] == ' ')
        end--;
    if (end > p && end[-1] == '|')
        end--;
    while (p <= end && n < cap) {
        const char *bar = memchr(p, '|', (size_t)(end - p));
        const char *cell_end = bar ? bar : end;
        cells[n++] = md_str_trim((md_str){p, (size_t)(cell_end - p)});
        if (!bar)
            break;
        p = bar + 1;
    }
    return n;
}

static bool is_separator_row(const md_str *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (cells[i].n == 0)
            return false;
        for (size_t k = 0; k < cells[i].n; k++)
            if (cells[i].p[k] != '-' && cells[i].p[k] != ':')
                return false;
    }
    return n > 0;
}

/* tabulate's psql format (Ray Tune's status table) joins the separator's
 * cells with '+': "|------+--------|" is one cell of a row of ncells. */
static bool is_psql_separator(const md_str *cells, size_t n, size_t ncells)
{
    if (n != 1 || cells[0].n == 0)
        return false;
    size_t joins = 0;
    for (size_t k = 0; k < cells[0].n; k++) {
        char c = cells[0].p[k];
        if (c == '+')
            joins++;
        else if (c != '-' && c != ':')
            return false;
    }
    return joins + 1 == ncells;
}

/* Whether a row is the trial's whose rows are read: the first row that
 * reported a result names it (a pending or just started trial's row has
 * its iteration's cell empty). */
static bool same_trial(table *t, const md_str *cells)
{
    if (!t->trial[0]) {
        if (t->iter_column && cells[t->iter_column].n == 0)
            return false;
        snprintf(t->trial, sizeof t->trial, "%.*s", (int)cells[0].n, cells[0].p);
    }
    return strlen(t->trial) == cells[0].n && memcmp(t->trial, cells[0].p, cells[0].n) == 0;
}

/* A number alone, or a count with its thousands grouped ("| 1,000 |"). */
static bool is_number_cell(md_str c, double *v)
{
    c = md_cell_unemphasized(c);
    return md_num_whole(c.p, c.p + c.n, v);
}

/* "50.80%": a number and its percent sign. */
static bool is_percent_cell(md_str c, double *v)
{
    return c.n > 1 && c.p[c.n - 1] == '%' && md_num_scan(c.p, c.p + c.n - 1, v) == c.n - 1;
}

/* A row of a table of items, not of steps: its first cell names a class,
 * a task or a dataset (mmsegmentation's "| road | 76.84 | 87.05 |" under
 * "| Class | IoU | Acc |"), whose figures are no series over time. A first
 * column the catalog names holds measurements, text or not (HF's "No log"
 * under "Training Loss"). */
static bool labels_row(const text_reader *r, const table *t, md_str first)
{
    double v;
    if (!first.n || is_number_cell(first, &v) || is_percent_cell(first, &v))
        return false;
    char norm[128];
    size_t n = md_key_normalise(t->names[0], strlen(t->names[0]), norm, sizeof norm);
    return n && md_catalog_lookup(r->cat, norm, n, NULL) < 0;
}

/* A rule under a table's header: dashes, with '|', '+' or ':' between
 * columns or not ("-----", "|---|---|", "+-----+"). */
static bool rule_line(md_str s)
{
    size_t dashes = 0;
    for (size_t i = 0; i < s.n; i++) {
        char c = s.p[i];
        if (c == '-' || c == '=')
            dashes++;
        else if (c != '|' && c != '+' && c != ':' && c != ' ')
            return false;
    }
    return dashes >= 3;
}

/* A table whose columns are parted by '|' with none at the line's start:
 *
 *    Epoch | TrainLoss | TrainAcc |  ValLoss |  ValAcc |       LR |   Time
 *   ----------------------------------------------------------------------
 *        1 |    1.0164 |   50.80% |   0.8634 |  60.67% | 0.001000 |  19.6s
 *
 * A header holds three names or more and no digit: a log line's fields
 * ("... | INFO | train_inner | epoch 001: ...") hold numbers. The rule
 * under a header is unframed_table_rule's, read before this. */
static bool unframed_table_line(const table *t, md_str s)
{
    if (t->active || t->header_seen)
        return memchr(s.p, '|', s.n) != NULL;
    size_t bars = 0;
    for (size_t i = 0; i < s.n; i++) {
        if (md_is_digit(s.p[i]))
            return false;
        bars += s.p[i] == '|';
    }
    return bars >= 2;
}

/* Ray Tune's status table lists a trial's configuration after its status
 * (and location), then what it reported from the iteration count on:
 * "| Trial name | status | loc | alpha | beta | iter | total time (s) |".
 * The configuration is the search's draw, no measurement: the index of its
 * first column, with *end past its last, or 0 when the table is no Ray
 * table or has no iteration count. */
static size_t ray_config_columns(const table *t, size_t *end)
{
    static const char *const reported[] = {"iter", "total time (s)", "ts", "training_iteration"};
    if (t->ncells == 0 || strcasecmp(t->names[0], "trial name") != 0)
        return 0;
    size_t first = 1;
    while (first < t->ncells && (strcmp(t->names[first], "status") == 0 || strcmp(t->names[first], "loc") == 0))
        first++;
    for (size_t i = first; i < t->ncells; i++)
        for (size_t k = 0; k < MD_COUNT(reported); k++)
            if (strcmp(t->names[i], reported[k]) == 0) {
                *end = i;
                return first;
            }
    return 0;
}

/* A metric a Ray table shows before its iteration's column, among the
 * configuration's ("| activation | height | loss | iter |": the
 * metric_columns a reporter was given come first): a word of its name
 * is a loss ("val_loss", "trainloss"), an accuracy ("mean_accuracy",
 * "acc"), a reward or a score. Words, not substrings: "accum_steps" and
 * "glossary_size" are settings. */
static bool metric_word(const char *w, size_t n)
{
    static const char *const words[] = {"acc", "accuracy", "reward", "rewards", "score", "scores", "loss", "losses"};
    for (size_t i = 0; i < MD_COUNT(words); i++)
        if (strlen(words[i]) == n && strncasecmp(w, words[i], n) == 0)
            return true;
    return n > 4 && strncasecmp(w + n - 4, "loss", 4) == 0;
}

static bool reported_before_iteration(const char *name)
{
    for (const char *p = name; *p;) {
        while (*p && !md_is_letter(*p) && !md_is_digit(*p))
            p++;
        const char *w = p;
        while (md_is_letter(*p) || md_is_digit(*p))
            p++;
        if (p > w && metric_word(w, (size_t)(p - w)))
            return true;
    }
    return false;
}

/* A table's header: its cells name the columns. */
static void table_header(table *t, const md_str *cells, size_t n)
{
    bool trainer = md_trainer_table(cells, n);
    for (size_t i = 0; i < n; i++) {
        if (trainer && md_trainer_evaluation_column(cells[i])) {
            md_buf name = {0};
            md_buf_printf(&name, MD_TRAINER_EVAL_PREFIX "%.*s", (int)cells[i].n, cells[i].p);
            t->names[i] = md_buf_steal(&name);
        } else {
            t->names[i] = md_xstrndup(cells[i].p, cells[i].n);
        }
    }
    t->ncells = n;
    t->header_seen = true;
    size_t end = 0;
    for (size_t i = ray_config_columns(t, &end); i < end; i++) {
        if (reported_before_iteration(t->names[i]))
            continue;
        free(t->names[i]);
        t->names[i] = NULL;
    }
    t->iter_column = end;
}

static bool emphasis_char(char c)
{
    return c == '*' || c == '_' || c == '`';
}

/* A cell's number as a Markdown table shows it off: "**72.80%**" (the best
 * epoch in bold), "**74.04%** ✅" (a mark after it). The emphasis goes, and
 * what follows the number may be blanks and marks past ASCII alone. */
static md_str undecorated_cell(md_str c)
{
    size_t a = 0, b = c.n;
    while (a < b && emphasis_char(c.p[a]))
        a++;
    if (a == 0)
        return c;
    size_t end = a;
    while (end < b && !emphasis_char(c.p[end]))
        end++;
    for (size_t k = end; k < b; k++)
        if (!emphasis_char(c.p[k]) && !md_is_blank(c.p[k]) && (unsigned char)c.p[k] < 0x80)
            return c;
    return (md_str){c.p + a, end - a};
}

/* Whether every cell is a number. */
static bool number_row(const md_str *cells, size_t n)
{
    double v;
    for (size_t i = 0; i < n; i++)
        if (!is_number_cell(cells[i], &v))
            return false;
    return n > 0;
}

/* A table's row: its number cells, under their columns' names. */
static void feed_table_row(text_reader *r, const table *t, const md_str *cells)
{
    double v;
    for (size_t i = 0; i < t->ncells; i++) {
        md_str cell = undecorated_cell(cells[i]);
        if (!t->names[i])
            continue;
        else if (is_number_cell(cell, &v))
            md_feed_kv(r->feed, t->names[i], strlen(t->names[i]), v, MD_UNIT_NONE,
                       memchr(cell.p, '.', cell.n) ? 0 : MD_KV_INTEGRAL, NAN);
        else if (is_percent_cell(cell, &v))
            md_feed_kv(r->feed, t->names[i], strlen(t->names[i]), v, MD_UNIT_PERCENT, 0, NAN);
    }
}

/* Ray Tune 2 draws its status table in a box, the cells parted by runs of
 * blanks:
 *
 *   ╭─────────────────────────────────────────────────────────╮
 *   │ Trial name                    status       iter    reward │
 *   ├─────────────────────────────────────────────────────────┤
 *   │ PPO_CartPole-v1_7b1eb_00000   RUNNING         6    150.2 │
 *   ╰─────────────────────────────────────────────────────────╯
 *
 * Read as the psql table is, the first trial's rows only. A box whose
 * header does not start with "Trial name" is another tool's: not read. */

/* Whether the line (trimmed) belongs to such a box; its rows are fed. */
static bool read_box_table_row(text_reader *r, md_str s)
{
    table *t = &r->tab;
    if (md_str_starts_with(s, box_top)) {
        table_reset(t);
        t->boxed = true;
        return true;
    }
    if (!t->boxed)
        return false;
    if (!md_str_starts_with(s, box_side)) {
        bool rule = md_str_starts_with(s, box_rule);
        if (rule && t->header_seen)
            t->active = true;
        else
            table_reset(t);
        return rule || md_str_starts_with(s, box_bottom);
    }
    md_str in = {s.p + 3, s.n - 3};
    if (md_str_ends_with(in, box_side))
        in.n -= 3;
    md_str cells[TABLE_MAX_CELLS];
    size_t n = md_split_cells(in, cells, TABLE_MAX_CELLS, true);
    if (!t->header_seen) {
        if (n < 2 || n == SIZE_MAX || !(cells[0].n == 10 && strncasecmp(cells[0].p, "trial name", 10) == 0)) {
            table_reset(t);
            return false;
        }
        table_header(t, cells, n);
        return true;
    }
    if (t->active && n == t->ncells && same_trial(t, cells))
        feed_table_row(r, t, cells);
    return true;
}

/* The rule under an unframed table's header (unframed_table_line), which
 * would otherwise open a Stable-Baselines3 box (md_box_line). */
static bool unframed_table_rule(text_reader *r, md_str s)
{
    table *t = &r->tab;
    if (!t->header_seen || t->active || (s.n && s.p[0] == '|') || !rule_line(s))
        return false;
    t->active = true;
    return true;
}

#define HEADER_ROWS_MAX 3

/* MATLAB's trainNetwork writes its header's names over two rows, the
 * second's cells empty under a name that fits one:
 *
 *   |  Epoch  |  Iteration  |  Time Elapsed  |  Mini-batch  |  Validation  |
 *   |         |             |   (hh:mm:ss)   |   Accuracy   |   Accuracy   |
 *
 * A row of words and empty cells, under a header and before its rule,
 * finishes the names above it ("Mini-batch Accuracy"). */
static bool header_continues(table *t, const md_str *cells, size_t n)
{
    double v;
    size_t words = 0;
    /* MATLAB's names take two rows, a unit's a third: more rows of words
     * are no header (and would grow every name with each). */
    if (t->continued >= HEADER_ROWS_MAX - 1)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (is_number_cell(cells[i], &v))
            return false;
        words += cells[i].n > 0;
    }
    if (words == 0 || words == n)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (cells[i].n == 0 || !t->names[i])
            continue;
        md_buf name = {0};
        md_buf_printf(&name, "%s %.*s", t->names[i], (int)cells[i].n, cells[i].p);
        free(t->names[i]);
        t->names[i] = md_buf_steal(&name);
    }
    t->continued++;
    return true;
}

/* Markdown tables ("| Training Loss | Epoch | Step | Validation Loss |"):
 * the header names the columns of the rows under the separator. Returns
 * true for separator and data rows; a candidate header line is still read
 * as key/value pairs, since "| epoch 1 | loss 7.3 |" logs look alike. */
static bool read_table_row(text_reader *r, md_str seg)
{
    md_str s = md_str_trim(seg);
    table *t = &r->tab;
    if (read_box_table_row(r, s))
        return true;
    /* Turi Create rules off each row, "+-----+-----+", as the header. */
    if (t->active && s.n && s.p[0] == '+' && rule_line(s))
        return true;
    bool framed = s.n && s.p[0] == '|';
    if (s.n < 3 || (!framed && !unframed_table_line(t, s))) {
        if (t->ncells)
            table_reset(t);
        return false;
    }
    md_str cells[TABLE_MAX_CELLS];
    size_t n = split_cells(s, cells, TABLE_MAX_CELLS);
    double v;
    if (t->active && n == t->ncells) {
        /* The header again, the table printed anew (Ray Tune's status,
         * after its closing rule): its separator follows. */
        if (t->names[0] && cells[0].n == strlen(t->names[0]) && strncasecmp(cells[0].p, t->names[0], cells[0].n) == 0)
            t->active = false;
        else if (strcasecmp(t->names[0], "trial name") == 0 ? same_trial(t, cells) : !labels_row(r, t, cells[0]))
            feed_table_row(r, t, cells);
        return true;
    }
    if (t->header_seen && !t->active &&
        ((n == t->ncells && is_separator_row(cells, n)) || is_psql_separator(cells, n, t->ncells) ||
         (n == 1 && rule_line(s)))) {
        t->active = true;
        return true;
    }
    if (t->header_seen && !t->active && n == t->ncells && header_continues(t, cells, n))
        return true;
    /* A header straight over rows of numbers, no rule between (OpenAI
     * baselines' PPO1: "pol_surr | pol_entpen | vf_loss | kl | ent" over
     * "0.95906 | 0.00000 | 1.73e+05 | 0.01685 | -0.34684"). */
    if (t->header_seen && !t->active && n == t->ncells && number_row(cells, n)) {
        t->active = true;
        feed_table_row(r, t, cells);
        return true;
    }
    table_reset(t);
    for (size_t i = 0; i < n; i++)
        if (cells[i].n == 0 || is_number_cell(cells[i], &v))
            return false;
    table_header(t, cells, n);
    return false;
}

/* The feed's column for the bar key, named to it on first use: a rate
 * goes to the store's thread by number, its key resolved there once. */
static int bar_column(text_reader *r)
{
    size_t i = 0, len = (size_t)r->bar_key_len;
    while (i < r->nbar_columns && !(r->bar_columns[i].len == r->bar_key_len &&
                                    memcmp(r->bar_columns[i].key, r->bar_key, len) == 0))
        i++;
    if (i == r->nbar_columns) {
        if (i == BAR_COLUMNS)
            return -1;
        memcpy(r->bar_columns[i].key, r->bar_key, len);
        r->bar_columns[i].len = r->bar_key_len;
        r->bar_columns[i].column = md_feed_column(r->feed, r->bar_key, len);
        r->nbar_columns++;
    }
    return (int)r->bar_columns[i].column;
}

static void bar_key(text_reader *r, bool named, double total)
{
    char *key = r->bar_key;
    size_t cap = sizeof r->bar_key;
    int len = named ? snprintf(key, cap, "bar_%.0f_rate", total)
              : total >= 0 ? snprintf(key, cap, "tqdm_%.0f_it_per_s", total)
                           : snprintf(key, cap, "tqdm_it_per_s");
    r->bar_key_len = len < (int)cap ? len : (int)cap - 1;
    r->bar_key_named = named;
    r->bar_key_total = total;
    r->bar_column = bar_column(r);
}

/* HF Trainer prints its log dicts with tqdm.write between redraws of a
 * bare bar of the planned steps; other bars (an evaluation's) have other
 * totals. The redraw right after a dict shows its step, which the redraw
 * before may not (tqdm redraws at most every 0.1 s), so a dict waits for
 * the next redraw (read_segment). */
static bool training_bar(text_reader *r, const md_tqdm *bar)
{
    if (r->planned_steps <= 0 || bar->total != r->planned_steps || bar->n < 0 || (bar->desc & MD_TQDM_DESCRIBED))
        return false;
    if (!r->train_bar_seen)
        md_feed_planned_steps(r->feed, md_count_of(r->planned_steps));
    r->train_bar_seen = true;
    return true;
}

static bool bare_bar(const md_tqdm *bar)
{
    return bar->desc == 0 && bar->total > 0 && bar->n >= 0;
}

/* The header is logged at INFO, which transformers does not show by
 * default. Its training bar is then the bare bar that a log dict (HF's
 * have an 'epoch') is printed between two redraws of: the bar's total is
 * the planned steps. */
static bool headerless_training_bar(text_reader *r, const md_tqdm *bar)
{
    /* A log that starts with a dict: the bar drawn again after it, mid-run. */
    bool first = r->dict_bar_total < 0 && bar->n > 0 && bar->n < bar->total;
    if (r->planned_steps > 0 || !bare_bar(bar) ||
        (!first && (r->dict_bar_total <= 0 || bar->total != r->dict_bar_total)))
        return false;
    r->planned_steps = bar->total;
    return training_bar(r, bar);
}

/* A line of settings (Ultralytics' "engine/trainer: task=detect, ...,
 * imgsz=640, ..., lr0=0.01, ...", argparse's "Namespace(...)") is
 * configuration: of its pairs only the settings the catalog names stay
 * (a batch size, an image size, a clipping threshold), under their own
 * names rather than the logger's ("engine/trainer imgsz" is imgsz), as
 * they would on a line of settings alone. Its rates, steps and epochs are
 * what was asked for, not measured: Ultralytics' lr0 is the schedule's
 * start, which optimizer=auto even ignores, and batch=16 no step; its
 * plan (fairseq's max_update=100000) is what was asked for, and stays. */
static MD_NOINLINE size_t keep_settings(text_reader *r, md_kv *kv, size_t n)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, kv[i].key, kv[i].keylen);
        if (!spec || (spec->role != MD_ROLE_PLAN && (spec->role != MD_ROLE_SERIES || spec->kind != MD_KIND_SETTING)))
            continue;
        kv[kept] = kv[i];
        kv[kept].ns = NULL;
        kv[kept].nslen = 0;
        kept++;
    }
    return kept;
}

/* The pairs of the n bytes at p, in r->kv; returns how many. Sets
 * r->settings to whether they were a line of settings. */
static size_t scan_pairs(text_reader *r, const char *p, size_t n)
{
    r->scanned = true;
    size_t got = md_kv_scan_memo(p, n, r->kv, KV_MAX, known_key, same_series, &r->index, &r->units, &r->settings);
    /* A Keras bar's count (on_keras_bar), where the bars are placed by their
     * epochs. An excerpt whose epoch header scrolled away, its first bar
     * drawn before the epoch's end ("   7/1000 [....] - ETA: 4:13:02 -
     * loss: nan"), is placed by its counts. */
    unsigned keras_count = MD_KV_LEADING_COUNT | MD_KV_IN_EPOCH;
    if (got && (r->kv[0].flags & keras_count) == keras_count) {
        if (!r->epoch_headers && !r->keras_decided) {
            r->keras_counted = !(r->kv[0].flags & MD_KV_TOTAL) || r->kv[0].value < r->kv[0].total;
            r->keras_decided = r->keras_headerless = true;
        }
        if (!(r->keras_counted && (r->epoch_headers || r->keras_headerless)))
            memmove(r->kv, r->kv + 1, --got * sizeof *r->kv);
    }
    return r->settings ? keep_settings(r, r->kv, got) : got;
}

/* A record of the pairs of body; returns how many, left in r->kv. */
static size_t read_pairs(text_reader *r, md_str body, unsigned long line)
{
    md_feed_record_begin_known(r->feed, line);
    size_t n = scan_pairs(r, body.p, body.n);
    emit_pairs(r, r->kv, n);
    md_feed_record_end(r->feed);
    return n;
}

static void read_dict(text_reader *r, md_str dict, unsigned long line)
{
    size_t n;
    unsigned traits;
    const md_kv *kv;
    int slot = -1;
    if (r->dict_shapes)
        slot = md_shapes_match(r->dict_shapes, dict.p, dict.n, &kv, &n, &traits);
    if (slot >= 0 && r->fed_dict_shape[slot]) {
        md_feed_shaped(r->feed, MD_SHAPES + (unsigned)slot, line, dict.p, kv, n);
        return;
    }
    n = read_pairs(r, dict, line);
    if (r->dict_shapes && slot < 0 && n > 0) {
        slot = md_shapes_learn(r->dict_shapes, dict.p, dict.n, r->kv, n, 0);
        if (slot >= 0)
            r->fed_dict_shape[slot] = md_feed_shape(r->feed, MD_SHAPES + (unsigned)slot, r->kv, n);
    }
}

static void hold_dict(text_reader *r, md_str dict, unsigned long line)
{
    md_buf_reset(&r->pending);
    md_buf_put(&r->pending, dict.p, dict.n);
    r->pending_line = line;
    r->pending_set = true;
    r->dict_bar_total = r->train_bar_seen ? 0 : !r->scanned && r->bare_bar_total <= 0 ? -1 : r->bare_bar_total;
    r->dict_bar_n = r->bar_cleared ? NAN : r->bar_since_dict;
    r->dict_bar_of = r->last_bar_total;
    r->bar_since_dict = NAN;
}

static void flush_pending(text_reader *r)
{
    if (!r->pending_set)
        return;
    r->pending_set = false;
    read_dict(r, (md_str){r->pending.p, r->pending.n}, r->pending_line);
}

static void close_wrapped_dict(text_reader *r)
{
    if (!r->wrapped.open)
        return;
    r->wrapped.open = false;
    read_dict(r, (md_str){r->wrapped.text.p, r->wrapped.text.n}, r->wrapped.lineno);
}

/* A line of the open wrapped dict, or the end of it; true when the line
 * was read. */
static bool continue_wrapped_dict(text_reader *r, md_str seg)
{
    bool part = md_wrapped_dict_add(&r->wrapped, md_str_trim(strip_rank_prefix(r, seg)));
    if (!part || r->wrapped.closed)
        close_wrapped_dict(r);
    return part;
}

/* The first line of a wrapped dict, unless a rank wrote it: the ranks'
 * lines may interleave. */
static bool begin_wrapped_dict(text_reader *r, md_str seg, md_str trimmed, unsigned long line)
{
    long rank;
    if (trimmed.n == 0 || (trimmed.p[trimmed.n - 1] != ',' && !(trimmed.n == 1 && trimmed.p[0] == '{')))
        return false;
    rank_prefix(r, seg, &rank);
    return rank < 0 && md_wrapped_dict_begin(&r->wrapped, trimmed, line);
}

/* Reads a block of lines gathered into one record ("key = value, ..."),
 * once, as it closes. */
static void close_block(text_reader *r, bool *open, unsigned items, const md_buf *text, unsigned long lineno)
{
    if (!*open)
        return;
    *open = false;
    if (items)
        read_pairs(r, (md_str){text->p, text->n}, lineno);
}

static void close_results(text_reader *r)
{
    close_block(r, &r->results.open, r->results.items, &r->results.text, r->results.lineno);
}

/* A line of the open block of results, or the end of it; true when the
 * line was read. */
static bool continue_results(text_reader *r, md_str seg)
{
    bool part = md_results_add(&r->results, strip_rank_prefix(r, seg));
    if (!part)
        close_results(r);
    return part;
}

static void close_rllib(text_reader *r)
{
    close_block(r, &r->rllib.open, r->rllib.items, &r->rllib.text, r->rllib.lineno);
}

/* A line of the open RLlib result, or the end of it (then the line may
 * open the next); true when the line was read. */
static bool continue_rllib(text_reader *r, md_str seg, unsigned long line)
{
    if (md_rllib_add(&r->rllib, seg))
        return true;
    close_rllib(r);
    return md_rllib_begin(&r->rllib, seg, line);
}

static bool begin_results(text_reader *r, md_str seg, md_str trimmed, unsigned long line)
{
    if (trimmed.n == 0 || trimmed.p[trimmed.n - 1] != '*')
        return false;
    md_str s = strip_rank_prefix(r, seg);
    return md_results_begin(&r->results, md_str_trim(s), line);
}

/* The bar key slot of a postfix key, added on first sight; -1 when full. */
static int bar_key_slot(text_reader *r, const md_kv *kv)
{
    size_t i = 0;
    while (i < r->nbar_keys &&
           !(r->bar_keys[i].len == kv->keylen && memcmp(r->bar_keys[i].key, kv->key, kv->keylen) == 0))
        i++;
    if (i < r->nbar_keys)
        return (int)i;
    char norm[64];
    if (i == BAR_KEYS || kv->keylen > sizeof r->bar_keys[0].key)
        return -1;
    size_t n = md_key_normalise(kv->key, kv->keylen, norm, sizeof norm);
    memcpy(r->bar_keys[i].key, kv->key, kv->keylen);
    r->bar_keys[i].len = kv->keylen;
    r->bar_keys[i].evaluation = n && md_key_is_eval(norm);
    r->bar_keys[i].shown = false;
    r->nbar_keys++;
    return (int)i;
}

/* Whether a bar's postfix shows this evaluation key's value as the last
 * redraw did; notes the value. */
static bool repeated_evaluation(text_reader *r, const md_kv *kv)
{
    int slot = bar_key_slot(r, kv);
    if (slot < 0 || !r->bar_keys[slot].evaluation)
        return false;
    double v = pair_value(kv), was = r->bar_keys[slot].value;
    /* "val_loss=nan" shown again is the same NaN. */
    bool same = r->bar_keys[slot].shown && (was == v || (isnan(was) && isnan(v)));
    r->bar_keys[slot].value = v;
    r->bar_keys[slot].shown = true;
    return same;
}

/* Lightning's training bar shows the last evaluation's values in every
 * redraw ("..., train_loss=2.81, val_loss=2.95]") until the next one: the
 * value is new once, then a repeat. */
static size_t drop_repeated_evaluations(text_reader *r, md_kv *kv, size_t n)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (!repeated_evaluation(r, &kv[i]))
            kv[kept++] = kv[i];
    return kept;
}

/* NeMo's bar keeps Lightning's "loss" slot, which it never fills
 * ("loss=nan, v_num=, ..., reduced_train_loss=3.910"): the loss is the
 * reduced one, the NaN no value of the run's. */
static size_t take_reduced_loss(md_kv *kv, size_t n)
{
    size_t unfilled = n, reduced = n;
    for (size_t i = 0; i < n; i++) {
        if (key_is(&kv[i], "loss") && isnan(kv[i].value))
            unfilled = i;
        else if (key_is(&kv[i], "reduced_train_loss") && !isnan(kv[i].value))
            reduced = i;
    }
    if (unfilled == n || reduced == n)
        return n;
    kv[reduced].key = kv[unfilled].key;
    kv[reduced].keylen = kv[unfilled].keylen;
    memmove(kv + unfilled, kv + unfilled + 1, (n - unfilled - 1) * sizeof *kv);
    return n - 1;
}

/* scan_pairs of a part of a bar: a bar is redrawn with new numbers in
 * the same words, so the part is most often of a shape read before. */
static size_t bar_part_pairs(text_reader *r, md_str part)
{
    const md_kv *kv;
    size_t n;
    unsigned traits;
    if (r->bar_shapes && md_shapes_match(r->bar_shapes, part.p, part.n, &kv, &n, &traits) >= 0) {
        memcpy(r->kv, kv, n * sizeof *kv);
        r->settings = false; /* as when the shape was learnt */
        return n;
    }
    n = scan_pairs(r, part.p, part.n);
    if (r->bar_shapes && n > 0 && !r->settings)
        md_shapes_learn(r->bar_shapes, part.p, part.n, r->kv, n, 0);
    return n;
}

/* What a bar's postfix held besides its figures (read_postfix). */
enum { POSTFIX_LOSS = 1, POSTFIX_EPOCH = 2 };

/* Reads a bar's postfix, an evaluation's figures where the bar is one;
 * whether it held a training loss, an epoch. */
static MD_NOINLINE unsigned read_postfix(text_reader *r, md_str seg, const md_tqdm *bar, bool evaluation)
{
    size_t n = bar_part_pairs(r, (md_str){seg.p + bar->postfix_start, bar->postfix_end - bar->postfix_start});
    n = take_reduced_loss(r->kv, drop_repeated_evaluations(r, r->kv, n));
    for (size_t i = 0; evaluation && i < n; i++)
        if (!r->kv[i].ns) {
            r->kv[i].ns = "eval";
            r->kv[i].nslen = 4;
        }
    emit_pairs(r, r->kv, n);
    unsigned held = 0;
    for (size_t i = 0; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, r->kv[i].key, r->kv[i].keylen);
        if (spec && spec->kind == MD_KIND_LOSS && !md_key_is_eval(spec->name))
            held |= POSTFIX_LOSS;
        if (spec && spec->role == MD_ROLE_EPOCH)
            held |= POSTFIX_EPOCH;
    }
    return held;
}

/* A bar that shows the training loss, bare or named for the job rather
 * than a loop ("lokr-test-2: 10%| 299/3000", ostris' ai-toolkit), counts
 * the steps (a bare one under an epoch's or a step's header line counts
 * within it, which the header places, unless its postfix names its epoch
 * too: GluonTS' "4000/4000 [..., epoch=1/100, avg_epoch_loss=0.348]"
 * under "Epoch[1] Learning rate is 0.0001"): set_postfix redraws the same
 * count with the new loss, which then stands at that count. Where its
 * count starts over, it is a bar of each epoch's batches, and the step
 * adds the bars drawn before. A count a few behind the last is a second
 * process drawing the same bar (a DDP script without a rank guard; its
 * ranks step together, and tqdm redraws each at most ten times a second),
 * not a new bar. Returns the step, -1 for none. */
static double loss_bar_step(text_reader *r, const md_tqdm *bar, unsigned postfix)
{
    if (bar->n < 0 || bar->total <= 0 ||
        (!(bar->desc & MD_TQDM_DESCRIBED) && !(postfix & POSTFIX_EPOCH) && (r->epoch_headers || r->count_headers)))
        return -1;
    double lag = fmax(bar->total / 50, fmin(2, bar->total / 8));
    if (r->loss_bar_total <= 0 || bar->total > 2 * r->loss_bar_total) {
        r->loss_bar_base = 0;
    } else if (bar->n < r->loss_bar_n - lag) {
        r->loss_bar_base += r->loss_bar_total;
    } else if (bar->n < r->loss_bar_n) {
        return r->loss_bar_base + bar->n;
    }
    /* An epoch's bar may hold a batch more or less than the last. */
    r->loss_bar_total = bar->total;
    r->loss_bar_n = bar->n;
    return r->loss_bar_base + bar->n;
}

/* An evaluation's bar: described so, or a bare bar that counts less than
 * half what the training loss's bar counted (a validation set's batches
 * after each epoch's), whose postfix holds the evaluation's loss. */
static bool evaluation_bar(const text_reader *r, const md_tqdm *bar)
{
    if (bar->desc & MD_TQDM_EVALUATION)
        return true;
    return !bar->desc && bar->total > 0 && r->loss_bar_total > 0 && 2 * bar->total < r->loss_bar_total;
}

/* A bar's rate as a point of its series, once per counter value (a bar
 * redraws many times per step), and once per bar where each epoch draws
 * one that ends at the same count (tianshou's "Epoch #2: 10001it [00:12,
 * 920.00it/s, ...]": its description tells it from the last). Bars of
 * other loops (evaluation, tokenising) have other totals and get series of
 * their own, so the first bar's total names it_per_s. A bar that says what
 * it does ("Loading checkpoint shards") is not the training loop, whose
 * bar is bare or says "Epoch N". */
static bool bar_rate_point(text_reader *r, md_str seg, const md_tqdm *bar, bool steps)
{
    uint32_t desc = bar->desc_end ? md_crc32c(seg.p, bar->desc_end) | 1 : 0;
    if (bar->per_item || (!bar->rate_unread && isnan(bar->rate)) ||
        (bar->n == r->last_bar_n && bar->total == r->last_bar_total && desc == r->last_bar_desc))
        return false;
    r->last_bar_desc = desc;
    bool named = (bar->desc & MD_TQDM_DESCRIBED) && !steps;
    if (!r->bar_key_len || named != r->bar_key_named || bar->total != r->bar_key_total)
        bar_key(r, named, bar->total);
    r->last_bar_n = r->bar_since_dict = bar->n;
    r->last_bar_total = bar->total;
    r->bar_cleared = false;
    return true;
}

static void emit_bar_rate(text_reader *r, md_str seg, const md_tqdm *bar)
{
    const char *rate_text = seg.p + bar->rate_text.at;
    double rate = bar->rate;
    if (r->bar_column >= 0 && bar->rate_unread) {
        md_feed_kv_column_text(r->feed, (unsigned)r->bar_column, rate_text, bar->rate_text.len);
        return;
    }
    if (bar->rate_unread)
        md_num_value_after(seg.p, rate_text, bar->rate_text.len, &rate);
    if (r->bar_column >= 0)
        md_feed_kv_column(r->feed, (unsigned)r->bar_column, rate, 0);
    else
        md_feed_kv(r->feed, r->bar_key, (size_t)r->bar_key_len, rate, MD_UNIT_NONE, 0, NAN);
}

/* The total of a bare bar seen before the planned steps are known
 * (headerless_training_bar). */
static void note_bare_bar(text_reader *r, const md_tqdm *bar)
{
    if (r->planned_steps <= 0)
        r->bare_bar_total = bare_bar(bar) ? bar->total : 0;
}

/* A bar of nothing but its counter and rate: no description, no postfix. */
static bool plain_bar(const md_tqdm *bar)
{
    return !bar->desc_end && !bar->desc && bar->postfix_end <= bar->postfix_start;
}

/* A plain bar's redraw as a record of one feed call (md_feed_bar), the
 * calls read_bar makes. */
static void read_plain_bar(text_reader *r, md_str seg, const md_tqdm *bar, unsigned long line)
{
    int64_t context = training_bar(r, bar) ? md_count_of(bar->n) : -1;
    note_bare_bar(r, bar);
    bool point = bar_rate_point(r, seg, bar, false);
    if (!point || (r->bar_column >= 0 && bar->rate_unread)) {
        md_feed_bar(r->feed, line, context, point ? (unsigned)r->bar_column : MD_FEED_NO_COLUMN,
                    seg.p + bar->rate_text.at, bar->rate_text.len);
        return;
    }
    md_feed_record_begin_known(r->feed, line);
    if (context >= 0)
        md_feed_context_step(r->feed, context);
    emit_bar_rate(r, seg, bar);
    md_feed_record_end(r->feed);
}

/* Lightning's bar shows its logger's version, "v_num=3", among its
 * metrics; its epochs count from 0 ("Epoch 1:" is the second), where a
 * script's own "Epoch {epoch + 1}" bar counts from 1. */
static bool lightning_bar(md_str seg, const md_tqdm *bar)
{
    return md_memmem(seg.p + bar->desc_end, seg.n - bar->desc_end, "v_num=", 6) != NULL;
}

static void read_bar(text_reader *r, md_str seg, const md_tqdm *bar)
{
    /* Most bars have no description to scan. */
    md_allennlp_bar allennlp =
        bar->desc_end ? md_allennlp_bar_of(&r->allennlp, (md_str){seg.p, bar->desc_end}) : MD_ALLENNLP_NO_BAR;
    size_t n = 0;
    if (bar->desc_end && allennlp != MD_ALLENNLP_VALIDATION_BAR)
        n = bar_part_pairs(r, (md_str){seg.p, bar->desc_end});
    /* A bar of the run's steps described with its epoch ("Epoch 52/65,
     * Steps: 75%| 7500/10000", SimpleTuner's) places its values by the
     * step: the epoch would make it a count within the epoch. */
    bool steps_bar = (bar->desc & MD_TQDM_STEPS) && !(bar->desc & MD_TQDM_EPOCH), epoch_named = false;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, r->kv[i].key, r->kv[i].keylen);
        bool epoch = spec && spec->role == MD_ROLE_EPOCH;
        epoch_named |= epoch;
        if (!(epoch && steps_bar))
            r->kv[kept++] = r->kv[i];
    }
    n = kept;
    emit_pairs(r, r->kv, n);
    if (allennlp == MD_ALLENNLP_TRAINING_BAR)
        md_allennlp_place_bar(&r->allennlp, bar, r->feed);
    bool evaluation = evaluation_bar(r, bar);
    unsigned postfix = bar->postfix_end > bar->postfix_start ? read_postfix(r, seg, bar, evaluation) : 0;
    bool loss = (postfix & POSTFIX_LOSS) && !evaluation;
    double loss_step = -1;
    /* torchtune's "1|15|Loss: 0.99" holds the step itself. "Epoch 3: 45%|
     * 450/1000": the counter is the batch within the epoch (the store turns
     * it into a step); "Steps: 45%| 225/500" counts steps. A global_step in
     * the postfix, read above, wins. */
    if (bar->desc & MD_TQDM_GLOBAL_STEP)
        md_feed_kv(r->feed, "step", 4, bar->step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    else if ((bar->desc & (MD_TQDM_EPOCH | MD_TQDM_STEPS)) && bar->n >= 0)
        md_feed_kv(r->feed, "step", 4, bar->n, MD_UNIT_NONE,
                   MD_KV_INTEGRAL | (bar->total > 0 ? MD_KV_TOTAL : 0) |
                       (bar->desc & MD_TQDM_EPOCH ? MD_KV_IN_EPOCH : 0) |
                       (bar->desc & MD_TQDM_EPOCH && lightning_bar(seg, bar) ? MD_KV_EPOCH_FROM_0 : 0),
                   bar->total > 0 ? bar->total : NAN);
    else if (training_bar(r, bar))
        md_feed_context_step(r->feed, md_count_of(bar->n));
    else if (loss && !epoch_named && (loss_step = loss_bar_step(r, bar, postfix)) >= 0)
        md_feed_kv(r->feed, "step", 4, loss_step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    else if (loss && !epoch_named && bar->n >= 0 && bar->total > 0 && r->epoch_headers && !(postfix & POSTFIX_EPOCH))
        /* Under "Epoch 4/5": the bar counts the epoch's batches, which
         * the store places in the header's epoch. */
        md_feed_kv(r->feed, "step", 4, bar->n, MD_UNIT_NONE, MD_KV_INTEGRAL | MD_KV_TOTAL | MD_KV_IN_EPOCH,
                   bar->total);
    note_bare_bar(r, bar);
    if (bar_rate_point(r, seg, bar, loss_step >= 0))
        emit_bar_rate(r, seg, bar);
}

/* A WeNet line (wenet.c) as a record: a training batch's at its epoch and
 * batch, an evaluation's summary at its epoch, its figures but the
 * learning rate and its cv_ ones named for the evaluation ("acc" is
 * val_acc); an evaluation batch's running figures are not read. */
static bool read_wenet(text_reader *r, md_str t, unsigned long line)
{
    md_wenet_line w;
    if (!md_wenet_scan(&r->wenet, t, &w))
        return false;
    if (w.kind == MD_WENET_CV_BATCH)
        return true;
    md_feed_record_begin_known(r->feed, line);
    md_feed_kv(r->feed, "epoch", 5, w.epoch, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    if (w.kind == MD_WENET_TRAIN)
        md_feed_kv(r->feed, "iter", 4, w.batch, MD_UNIT_NONE, MD_KV_INTEGRAL | (w.total >= 0 ? MD_KV_TOTAL : 0),
                   w.total >= 0 ? w.total : NAN);
    size_t n = w.rate.n ? scan_pairs(r, w.rate.p, w.rate.n) : 0;
    emit_pairs(r, r->kv, n);
    n = scan_pairs(r, w.pairs.p, w.pairs.n);
    for (size_t i = 0; i < n && w.kind == MD_WENET_CV_INFO; i++) {
        const md_kv *kv = &r->kv[i];
        if ((kv->keylen == 2 && memcmp(kv->key, "lr", 2) == 0) || (kv->keylen > 3 && memcmp(kv->key, "cv_", 3) == 0)) {
            emit_pair(r, kv, kv->key, kv->keylen);
        } else {
            md_buf_reset(&r->keys);
            md_buf_printf(&r->keys, "val_%.*s", (int)kv->keylen, kv->key);
            emit_pair(r, kv, r->keys.p, r->keys.n);
        }
    }
    if (w.kind == MD_WENET_TRAIN)
        emit_pairs(r, r->kv, n);
    md_feed_record_end(r->feed);
    return true;
}

/* A pretty-printed JSON configuration ('    "loss_scale": 0,') is settings,
 * not measurements: a line (trimmed) that is one double-quoted key and its
 * value. */
static bool config_line(md_str t)
{
    if (t.n < 4 || t.p[0] != '"')
        return false;
    const char *close = memchr(t.p + 1, '"', t.n - 1);
    if (!close || close + 1 >= t.p + t.n || close[1] != ':')
        return false;
    for (const char *p = close + 2; p < t.p + t.n; p++)
        if (*p == '"' || *p == '{' || *p == '[')
            return false;
    return true;
}

/* pycocotools' summary, printed under "Evaluate annotation type *bbox*"
 * (torchvision's "IoU metric: bbox"): twelve lines of " Average Precision
 * (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.377". The first,
 * the AP over IoU 0.50:0.95 of all areas, is the headline mAP, read as the
 * type's (a bounding box's is val_map); the others, and the settings in
 * the brackets, are not read. -1 is pycocotools' "no such objects". */
static bool coco_summary_line(text_reader *r, md_str t, unsigned long line)
{
    static const char *const types[] = {"bbox", "segm", "keypoints"};
    const char *type = md_str_starts_with(t, "Evaluate annotation type *") ? t.p + 26
                       : md_str_starts_with(t, "IoU metric: ")              ? t.p + 12
                                                                            : NULL;
    for (size_t i = 0; type && i < MD_COUNT(types); i++)
        if (md_str_starts_with((md_str){type, t.n - (size_t)(type - t.p)}, types[i]))
            snprintf(r->coco_type, sizeof r->coco_type, "%s", types[i]);
    bool precision = md_str_starts_with(t, "Average Precision");
    if (!precision && !md_str_starts_with(t, "Average Recall"))
        return false;
    const char *at = md_memmem(t.p, t.n, ") @[ IoU=", 9);
    if (!at)
        return false;
    const char *end = t.p + t.n, *settings = at + 9;
    const char *close = memchr(settings, ']', (size_t)(end - settings));
    md_str inside = {settings, close ? (size_t)(close - settings) : 0};
    if (!close || !precision || !md_str_starts_with(inside, "0.50:0.95") || !md_memmem(inside.p, inside.n, "=   all", 7))
        return true;
    const char *num = close + 1;
    while (num < end && (*num == ' ' || *num == '='))
        num++;
    double v;
    size_t k = md_num_scan(num, end, &v);
    if (!k || v < 0)
        return true;
    char key[32];
    int keylen = snprintf(key, sizeof key, "coco_%s_map", r->coco_type[0] ? r->coco_type : "bbox");
    md_feed_record_begin(r->feed, line);
    md_feed_kv(r->feed, key, (size_t)keylen, v, MD_UNIT_NONE, md_kv_decimals(num, k), NAN);
    md_feed_record_end(r->feed);
    return true;
}

/* The sum of a bracketed list of numbers, "[3.75e-02, 1.59e+00]" (NaN
 * when one is; *present false for "[]"); returns the text after it, or
 * NULL when p holds no such list. */
static const char *bracket_sum(const char *p, const char *end, double *sum, bool *present)
{
    p = md_skip_blanks(p, end);
    if (p >= end || *p != '[')
        return NULL;
    p++;
    *sum = 0;
    *present = false;
    while (p < end && *p != ']') {
        double v;
        size_t k = md_num_scan(p, end, &v);
        if (!k)
            return NULL;
        *sum += v;
        *present = true;
        p += k;
        while (p < end && (*p == ',' || md_is_blank(*p)))
            p++;
    }
    return p < end ? p + 1 : NULL;
}

/* scikit-learn's SGDClassifier, SGDRegressor and Perceptron (verbose=1):
 * "Norm: 9.52, NNZs: 20, Bias: -1.010000, T: 800, Avg. loss: 0.094381"
 * under "-- Epoch 3". Norm is the weights' norm, which grows as a linear
 * model separates the data, no gradient's; NNZs, Bias and T (the samples
 * seen) are no series. */
static bool sklearn_linear_line(text_reader *r, md_str t, unsigned long line)
{
    if (!md_str_starts_with(t, "Norm: ") || !md_memmem(t.p, t.n, ", NNZs: ", 8))
        return false;
    md_feed_record_begin_known(r->feed, line);
    size_t n = scan_pairs(r, t.p, t.n), kept = 0;
    for (size_t i = 0; i < n; i++) {
        md_kv *kv = &r->kv[i];
        if (kv->ns)
            continue;
        if (kv->keylen == 4 && memcmp(kv->key, "Norm", 4) == 0) {
            kv->key = "param_norm";
            kv->keylen = 10;
        } else if (!(kv->keylen == 9 && memcmp(kv->key, "Avg. loss", 9) == 0)) {
            continue;
        }
        r->kv[kept++] = *kv;
    }
    emit_pairs(r, r->kv, kept);
    md_feed_record_end(r->feed);
    return true;
}

/* DeepXDE's training display: under "Step      Train loss    Test loss
 * Test metric", a row a display, "1000      [2.92e+02, 4.68e+01]    [3.00e+02,
 * 3.39e+01]    []": the step, then the loss terms on the training points,
 * on the test points and the metrics. The loss DeepXDE minimises is the
 * sum of its (weighted) terms; the test points' is the validation loss.
 * The table ends at the first line that is no row. After training, "Best
 * model at step 9000:" repeats that row's figures, one a line: not read. */
static bool deepxde_line(text_reader *r, md_str t, unsigned long line)
{
    md_str body = md_str_starts_with(t, "`") ? (md_str){t.p + 1, t.n - 1} : t;
    if (md_str_starts_with(body, "Step ") && md_memmem(body.p, body.n, "Train loss", 10) &&
        md_memmem(body.p, body.n, "Test loss", 9)) {
        r->deepxde = DEEPXDE_TABLE;
        return true;
    }
    if (r->deepxde != DEEPXDE_NONE && md_str_starts_with(t, "Best model at step ")) {
        r->deepxde = DEEPXDE_BEST;
        return true;
    }
    if (r->deepxde == DEEPXDE_BEST) {
        if (md_str_starts_with(t, "train loss") || md_str_starts_with(t, "test loss") ||
            md_str_starts_with(t, "test metric"))
            return true;
        r->deepxde = DEEPXDE_NONE;
    }
    /* Rows pasted without their header ("31000     [1.70e+00, 4.35e+00]
     * [1.13e+00, 2.73e+00]    []"): a step and three lists to the line's
     * end, the first not empty, are a row too. */
    if (r->deepxde != DEEPXDE_TABLE && (r->deepxde != DEEPXDE_NONE || t.n < 8 || !md_is_digit(t.p[0])))
        return false;
    const char *p = t.p, *end = t.p + t.n;
    double step, train, test, metric;
    bool has_train, has_test, has_metric;
    size_t k = md_num_scan(p, end, &step);
    const char *q = k ? bracket_sum(p + k, end, &train, &has_train) : NULL;
    q = q ? bracket_sum(q, end, &test, &has_test) : NULL;
    const char *after = q ? bracket_sum(q, end, &metric, &has_metric) : NULL;
    if (!after || step < 0 || step != floor(step) ||
        (r->deepxde == DEEPXDE_NONE && (!has_train || md_str_trim((md_str){after, (size_t)(end - after)}).n))) {
        r->deepxde = DEEPXDE_NONE;
        return false;
    }
    r->deepxde = DEEPXDE_TABLE;
    md_feed_record_begin(r->feed, line);
    md_feed_kv(r->feed, "step", 4, step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    if (has_train)
        md_feed_kv(r->feed, "loss", 4, train, MD_UNIT_NONE, 0, NAN);
    if (has_test)
        md_feed_kv(r->feed, "val_loss", 8, test, MD_UNIT_NONE, 0, NAN);
    if (has_metric)
        md_feed_kv(r->feed, "test_metric", 11, metric, MD_UNIT_NONE, 0, NAN);
    md_feed_record_end(r->feed);
    return true;
}

/* Deeplearning4j's ScoreIterationListener: "o.d.o.l.ScoreIterationListener
 * - Score at iteration 10 is 1.1818027856870121". The score is the loss the
 * network minimises (its regularisation included). */
static bool dl4j_score_line(text_reader *r, md_str t, unsigned long line)
{
    static const char lead[] = "Score at iteration ";
    const char *at = md_memmem(t.p, t.n, lead, sizeof lead - 1);
    if (!at)
        return false;
    const char *p = at + sizeof lead - 1, *end = t.p + t.n;
    double iter, v;
    size_t k = md_num_scan(p, end, &iter);
    if (!k || iter < 0 || iter != floor(iter) || !md_str_starts_with((md_str){p + k, (size_t)(end - p - k)}, " is "))
        return false;
    const char *num = p + k + 4;
    size_t kv = md_num_scan(num, end, &v);
    if (!kv || num + kv != end)
        return false;
    md_feed_record_begin(r->feed, line);
    md_feed_kv(r->feed, "iter", 4, iter, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    md_feed_kv(r->feed, "loss", 4, v, MD_UNIT_NONE, md_kv_decimals(num, kv), NAN);
    md_feed_record_end(r->feed);
    return true;
}

/* Optuna's study log: "[I 2020-12-16 12:46:55,364] Trial 42 finished with
 * value: 0.934 and parameters: {'lr': 0.0023, ...}. Best is trial 31 with
 * value: 0.95." (before 2.0: "Finished trial#42 resulted in value: 0.934.
 * Current best value is ..."). The trial's objective is trial_value, at
 * the trial's number; its parameters are the search's draws, not
 * measurements, and the best so far repeats an earlier trial's: neither
 * is read. A pruned or failed trial gives no value (its message still
 * counts as an event). */
static bool optuna_trial_line(text_reader *r, md_str t, unsigned long line)
{
    md_str body = t;
    if (md_str_starts_with(t, "[I ") || md_str_starts_with(t, "[W ")) {
        const char *close = memchr(t.p, ']', t.n);
        if (!close)
            return false;
        body = md_str_trim((md_str){close + 1, t.n - (size_t)(close + 1 - t.p)});
    }
    size_t lead = md_str_starts_with(body, "Trial ") ? 6 : md_str_starts_with(body, "Finished trial#") ? 15 : 0;
    if (!lead)
        return false;
    const char *p = body.p + lead, *end = body.p + body.n;
    const char *digits = p;
    while (p < end && md_is_digit(*p))
        p++;
    if (p == digits || p - digits > 9)
        return false;
    md_str rest = {p, (size_t)(end - p)};
    static const char *const valued[] = {" finished with value: ", " resulted in value: "};
    for (size_t i = 0; i < MD_COUNT(valued); i++) {
        if (!md_str_starts_with(rest, valued[i]))
            continue;
        const char *num = p + strlen(valued[i]);
        double v;
        size_t k = md_num_scan(num, end, &v);
        if (!k)
            return true;
        md_feed_record_begin(r->feed, line);
        md_feed_kv(r->feed, "iter", 4, strtod(digits, NULL), MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        md_feed_kv(r->feed, "trial_value", 11, v, MD_UNIT_NONE, md_kv_decimals(num, k), NAN);
        md_feed_record_end(r->feed);
        return true;
    }
    return md_str_starts_with(rest, " finished with values: ") || md_str_starts_with(rest, " pruned") ||
           md_str_starts_with(rest, " failed");
}

/* Lines a job scheduler writes into the output: their numbers are job
 * ids ("*** STEP 4471203.0 ON gpu-017 CANCELLED"), not steps, and LSF's
 * report ("CPU time : 171302.00 sec.", "Max Memory : 14211 MB") sums up
 * the job, not a training step. Their messages still count as events. */
static bool scheduler_line(text_reader *r, md_str t)
{
    if (md_str_starts_with(t, "Resource usage summary:") || md_str_starts_with(t, "Sender: LSF System")) {
        r->in_lsf_report = true;
        return true;
    }
    if (r->in_lsf_report) {
        if (md_str_starts_with(t, "The output (if any) follows:"))
            r->in_lsf_report = false;
        return true;
    }
    return md_str_starts_with(t, "slurmstepd:") || md_str_starts_with(t, "srun:") || md_str_starts_with(t, "=>> PBS:") ||
           md_str_starts_with(t, "PBS:");
}

static MD_NOINLINE bool hf_log_dict(md_str t)
{
    static const char epoch[] = "'epoch': ";
    return md_memmem(t.p, t.n, epoch, sizeof epoch - 1) != NULL;
}

/* HF Trainer's log dict, once its header planned the steps or its
 * training bar was drawn (or, with no header, right after a bare bar),
 * waits for the next redraw (training_bar, headerless_training_bar). So
 * does a dict that opens the log: a paste that starts with one, before
 * any bar, has the bar that places it next (tqdm.write clears the bar,
 * prints the dict, and draws the bar again). */
static inline bool dicts_wait(const text_reader *r)
{
    return r->train_bar_seen || r->planned_steps > 0 || r->bare_bar_total > 0 || !r->scanned;
}

static inline bool waiting_dict(const text_reader *r, md_str seg)
{
    if (!dicts_wait(r))
        return false;
    /* Bars, most segments here, fail at their first byte that is not blank. */
    const char *p = seg.p, *end = seg.p + seg.n;
    p = md_skip_blanks(p, end);
    if (p == end || *p != '{')
        return false;
    md_str t = md_str_trim(seg);
    return t.n > 1 && t.p[t.n - 1] == '}' && (r->train_bar_seen || hf_log_dict(t));
}

/* Whether a segment may hold a waiting dict at all, by its first bytes:
 * past blanks, the dict's '{', a rank prefix's '[' or a label's digits and
 * colon. Most segments of a log whose dicts wait are bars (" 45%|"),
 * which fail here before any prefix is parsed. */
static inline bool may_hold_dict(md_str seg)
{
    const char *p = seg.p, *end = seg.p + seg.n;
    while (p < end && *p == ' ')
        p++;
    if (p < end && (*p == '{' || *p == '['))
        return true;
    const char *digits = p;
    while (p < end && md_is_digit(*p))
        p++;
    return p > digits && p < end && *p == ':';
}

static md_str dict_body(const text_reader *r, md_str seg, long *rank)
{
    long task;
    md_str body = md_str_trim(rank_prefix(r, seg, rank));
    /* Task 0's label where tqdm's bars, on stderr, were left unlabelled,
     * so that the log did not read as labelled (srun_labelled). */
    const char *after;
    if (*rank < 0 && (after = srun_label(seg, &task)) != NULL && task == 0)
        body = md_str_trim((md_str){after, seg.n - (size_t)(after - seg.p)});
    return body;
}

/* A waiting dict (waiting_dict) behind a launcher's rank prefix ("0: "
 * from srun --label, "[rank0]: "), the first rank's alone: the prefix
 * goes, *dict is the dict. Other ranks' dicts are read where they are,
 * under their rank (emit_ranked). */
static inline bool ranked_dict_waits(const text_reader *r, md_str seg, md_str *dict, long *rank)
{
    if (!dicts_wait(r) || !may_hold_dict(seg))
        return false;
    *dict = dict_body(r, seg, rank);
    return waiting_dict(r, *dict);
}

static bool waiting_ranked_dict(text_reader *r, md_str seg, md_str *dict)
{
    long rank;
    if (!ranked_dict_waits(r, seg, dict, &rank) || (rank >= 0 && r->base_rank >= 0 && rank != r->base_rank))
        return false;
    if (rank >= 0)
        r->base_rank = rank;
    return true;
}

/* No construct of several lines but a dict waiting for its bar
 * (traceback, table, box, scheduler report, wrapped dict, results block,
 * an evaluation's block under its banner) is open. */
static inline bool no_open_construct(const text_reader *r)
{
    return !r->in_traceback && !r->in_lsf_report && !r->box.open && !r->cols.n && !r->tab.ncells &&
           !r->tab.boxed && !r->wrapped.open && !r->results.open && !r->rllib.open && !r->allennlp.open && !r->flower.open &&
           !r->fuxi_final && !r->result_set[0];
}

/* No construct of several lines is open: a line is read on its own. */
static inline bool reading_plain_lines(const text_reader *r)
{
    return !r->pending_set && no_open_construct(r);
}

/* What holds of every line of a shape (md_shapes_learn): no event can
 * match (md_event_matcher_silent), no timestamp can start it, it is a
 * progress bar and nothing after it (read_bar reads its values), no rank
 * prefix can be glued in it (rank_prefix_end reads bytes a shape keeps),
 * it is a step header (step_header: its first pair's sign and point stay,
 * and what it asks of the rest are keys and bytes a shape keeps). A shape
 * of neither pairs nor a bar is a line of prose that recurs. */
enum { SHAPE_SILENT = 1, SHAPE_STAMPLESS = 2, SHAPE_BAR = 4, SHAPE_UNRANKED = 8, SHAPE_HEADER = 16 };

/* A clock needs two colons, and a shape's colons stay; in a shape without
 * pairs (a bar's, a line of prose's) every byte also stays where it is, so
 * a layout that no digits make a stamp of has none. */
static bool stampless(md_str seg, bool stamped, bool pairs)
{
    if (stamped)
        return false;
    if (!pairs)
        return !md_timestamp_possible(seg.p, seg.n);
    const char *colon = memchr(seg.p, ':', seg.n);
    return !colon || !memchr(colon + 1, ':', seg.n - (size_t)(colon + 1 - seg.p));
}

static unsigned shape_traits(text_reader *r, md_str seg, bool stamped, bool pairs, bool bar)
{
    return (md_event_matcher_silent(r->events, seg.p, seg.n) ? SHAPE_SILENT : 0) |
           (stampless(seg, stamped, pairs) ? SHAPE_STAMPLESS : 0) | (bar ? SHAPE_BAR : 0) |
           (seg.n && !rank_prefix_end(seg.p + 1, seg.p + seg.n) ? SHAPE_UNRANKED : 0);
}

/* Whether the line starts with a timestamp. */
static bool read_stamp(text_reader *r, md_str seg, unsigned long line)
{
    md_stamp_kind kind;
    double stamp = md_timestamp_scan(seg.p, seg.n, &kind);
    if (!isnan(stamp) && (r->stamp_kind == MD_STAMP_NONE || r->stamp_kind == kind)) {
        r->stamp_kind = kind;
        md_feed_timestamp(r->feed, line, stamp);
    }
    return !isnan(stamp);
}

/* The redraw a waiting dict waited for places it (read_segment): a line
 * of a bar's shape is a bar, one of a shape of pairs none. */
static void place_pending(text_reader *r, const md_tqdm *bar)
{
    /* The Trainer logs after the bar counted the step. Where tqdm.write
     * cleared the bar, the redraw after the dict shows its step (the bar
     * before may be stale: tqdm redraws at most every 0.1 s); in a paste
     * that lost the redraw, a dict between "1/16" and "2/16" is step 1's.
     * Not a bar before that gave the dict before it its step, nor the
     * first draw ("0/5196 [00:00<?, ?it/s]", no rate, no bar seen). */
    if (bar->found && (training_bar(r, bar) || headerless_training_bar(r, bar))) {
        bool before = r->dict_bar_n >= 1 && r->dict_bar_n <= bar->n && bar->total == r->dict_bar_of &&
                      r->dict_bar_n > r->dict_step;
        r->dict_step = before ? r->dict_bar_n : bar->n;
        md_feed_context_step(r->feed, md_count_of(r->dict_step));
    }
    flush_pending(r);
}

/* What read_shaped made of a line: nothing (no shape it could be read
 * by), nothing (its shape lacks a trait asked for), or all. */
typedef enum { NO_SHAPE, SHAPE_LACKS, READ_BY_SHAPE } shaped_read;

/* A line of a shape learnt before (shape.c): its pairs without a scan, its
 * timestamp and events only when the shape's line could have had them.
 * What else read_segment does to a line depends on bytes a shape keeps, so
 * it comes out as it did for the learnt line: nothing, but for placing a
 * dict that waits for it. Only a shape with the traits in need reads it. */
static shaped_read read_shaped(text_reader *r, md_str seg, unsigned long line, unsigned need)
{
    long rank;
    md_str dict;
    if (!r->shapes || !no_open_construct(r) || ranked_dict_waits(r, seg, &dict, &rank))
        return NO_SHAPE;
    size_t n;
    unsigned traits;
    const md_kv *kv;
    int slot = md_shapes_match(r->shapes, seg.p, seg.n, &kv, &n, &traits);
    if (slot < 0)
        return NO_SHAPE;
    if ((traits & need) != need)
        return SHAPE_LACKS;
    static const md_tqdm no_bar = {0};
    const md_tqdm *bar = &no_bar;
    if (traits & SHAPE_BAR) {
        md_tqdm_reread(&r->shape_bar[slot], seg.p, !md_feed_defers(r->feed));
        bar = &r->shape_bar[slot];
    }
    if (!(traits & SHAPE_STAMPLESS))
        read_stamp(r, seg, line);
    if (!(traits & SHAPE_SILENT))
        md_feed_line_events(r->feed, r->events, line, seg.p, seg.n);
    if (r->pending_set)
        place_pending(r, bar);
    if (!(traits & SHAPE_BAR) && r->fed_shape[slot]) {
        md_feed_shaped(r->feed, (unsigned)slot, line, seg.p, kv, n);
        return READ_BY_SHAPE;
    }
    if ((traits & SHAPE_BAR) && !(traits & SHAPE_HEADER) && plain_bar(bar)) {
        read_plain_bar(r, seg, bar, line);
        return READ_BY_SHAPE;
    }
    md_feed_record_begin_known(r->feed, line);
    if (traits & SHAPE_BAR)
        read_bar(r, seg, bar);
    else
        emit_ranked(r, kv, n, r->shape_rank[slot]);
    if (traits & SHAPE_HEADER)
        set_header_context(r, kv, n);
    md_feed_record_end(r->feed);
    return READ_BY_SHAPE;
}

/* The pairs a shape reads again: a pair of no one number's text whose key
 * the store ignores (mmengine's "eta: 1 day, 2:01:00") is left out, which
 * changes nothing the store keeps. Into out, at most MD_SHAPE_PAIRS;
 * SIZE_MAX for more, or for none left (a line of pairs is no bar). */
static size_t shape_pairs(text_reader *r, const md_kv *kv, size_t n, md_kv *out)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (!kv[i].num && !kv[i].ns && key_role(&r->index, kv[i].key, kv[i].keylen) == MD_ROLE_IGNORE)
            continue;
        if (kept == MD_SHAPE_PAIRS)
            return SIZE_MAX;
        out[kept++] = kv[i];
    }
    return kept ? kept : SIZE_MAX;
}

/* md_feed_shape for a shape of another rank than the first: its keys named
 * as emit_ranked names them ("rank3/loss"). */
static bool feed_ranked_shape(text_reader *r, unsigned slot, const md_kv *kv, size_t n, long rank)
{
    md_kv named[MD_SHAPE_PAIRS];
    size_t ends[MD_SHAPE_PAIRS];
    if (n > MD_SHAPE_PAIRS)
        return false;
    md_buf_reset(&r->keys);
    for (size_t i = 0; i < n; i++) {
        put_ranked_key(&r->keys, rank, &kv[i]);
        ends[i] = r->keys.n;
    }
    for (size_t i = 0; i < n; i++) {
        size_t start = i ? ends[i - 1] : 0;
        named[i] = kv[i];
        named[i].key = r->keys.p + start;
        named[i].keylen = ends[i] - start;
        named[i].ns = NULL;
        named[i].nslen = 0;
    }
    return md_feed_shape(r->feed, slot, named, n);
}

/* A line as a shape: its pairs, or the bar it is (then n is 0). A line
 * under a rank's prefix keeps the prefix (keep bytes) and the rank, whose
 * pairs emit_ranked names. A step header's shape (header) sets the context
 * step inside its record, as step_header does: not as one op. */
static void learn_shape(text_reader *r, md_str seg, const md_kv *kv, size_t n, const md_tqdm *bar, bool stamped,
                        size_t keep, long rank, bool header)
{
    md_kv read_again[MD_SHAPE_PAIRS];
    if (n > 0) {
        n = shape_pairs(r, kv, n, read_again);
        if (n == SIZE_MAX)
            return;
        kv = read_again;
    }
    int slot = md_shapes_learn(r->shapes, seg.p, seg.n, kv, n, keep);
    if (slot < 0)
        return;
    md_shapes_set_traits(r->shapes, slot,
                         shape_traits(r, seg, stamped, n > 0, bar != NULL) | (header ? SHAPE_HEADER : 0));
    r->shape_rank[slot] = rank;
    if (header)
        r->fed_shape[slot] = false;
    else if (rank >= 0 && rank != r->base_rank)
        r->fed_shape[slot] = n > 0 && feed_ranked_shape(r, (unsigned)slot, kv, n, rank);
    else
        r->fed_shape[slot] = n > 0 && md_feed_shape(r->feed, (unsigned)slot, kv, n);
    if (bar)
        r->shape_bar[slot] = *bar;
}

/* Whether a line read now may become a shape: shapes are on, no construct
 * of several lines was open before it or is open after it, and it was not
 * ignored (ignored_line as it was before the line). */
static bool may_learn(const text_reader *r, bool plain_before, unsigned long ignored_line)
{
    return r->shapes && plain_before && reading_plain_lines(r) && r->ignored_line == ignored_line;
}

/* The length of the first of the tails s ends with, case aside; 0 for
 * none. */
static size_t tail_of(md_str s, const char *const *tails, size_t ntails)
{
    for (size_t i = 0; i < ntails; i++) {
        size_t n = strlen(tails[i]);
        if (s.n >= n && strncasecmp(s.p + s.n - n, tails[i], n) == 0)
            return n;
    }
    return 0;
}

/* Early stopping in LightGBM ("Early stopping, best iteration is:") and
 * XGBoost ("Stopping. Best iteration:") prints the best round's line again
 * under this header: a repeat, out of order. */
static bool best_round_header(md_str s)
{
    static const char *const tails[] = {"best iteration is:", "best iteration:"};
    if (s.n == 0 || s.p[s.n - 1] != ':') /* both tails end so */
        return false;
    return tail_of(s, tails, MD_COUNT(tails)) != 0;
}

/* "Best validation at epoch 0: Average loss: inf" (pytorch-flows), "Best
 * model at iteration 2000: ...": the best so far again, under the count it
 * came from, not this step's figures. */
static bool best_so_far_line(md_str s)
{
    static const char *const at[] = {" at epoch ", " at step ", " at iteration ", " at iter "};
    /* DBNet's "DBNet INFO: current best:recall: 0.0, ..., train_loss: inf,
     * best_model_epoch: 0.0": the best model's record, inf before there is
     * one. */
    if (s.n >= 13 && md_memmem(s.p, s.n, "current best:", 13))
        return true;
    /* OpenNMT's early stopping: "Model is improving ppl: inf --> 5.45281.",
     * the best before (inf at first) and the validation's figure again. */
    if (s.n >= 20 && (md_memmem(s.p, s.n, "Model is improving ", 19) ||
                      md_memmem(s.p, s.n, "Model is not improving", 22)))
        return true;
    if (s.n < 8 || strncasecmp(s.p, "best ", 5) != 0)
        return false;
    const char *colon = memchr(s.p, ':', s.n);
    if (!colon || colon + 1 == s.p + s.n) /* a header over figures on the lines after (DeepXDE's) */
        return false;
    for (size_t i = 0; i < MD_COUNT(at); i++)
        if (md_memmem(s.p, (size_t)(colon - s.p), at[i], strlen(at[i])))
            return true;
    return false;
}

/* A banner of words alone that names an evaluation, behind a logger's
 * prefix or not: "TEST SET EVALUATION", "Validation Results" (a script's
 * final test over "Loss      : 0.5793", "Accuracy  : 0.8871", a figure a
 * line). Two to four words, one an evaluation's, another saying these are
 * its figures ("Starting evaluation" announces one, with no figures yet).
 * Sets set to the evaluation's word. */
static bool word_banner(md_str t, char *set, size_t cap)
{
    static const char *const figures[] = {"evaluation", "results", "result", "metrics", "performance", "scores"};
    const char *end = t.p + t.n, *p = end, *start = end, *name = NULL, *figure = NULL;
    size_t words = 0, namelen = 0;
    while (words < 5) {
        const char *we = p;
        while (p > t.p && md_is_letter(p[-1]))
            p--;
        if (p == we)
            break;
        words++;
        size_t n = (size_t)(we - p);
        if (md_evaluation_word(p, n) || md_word_is(p, n, "testing"))
            name = p, namelen = n;
        if (!figure && md_word_in(p, n, figures, MD_COUNT(figures)))
            figure = p;
        start = p;
        while (p > t.p && p[-1] == ' ')
            p--;
        if (p == start || p == t.p || !md_is_letter(p[-1]))
            break;
    }
    if (words < 2 || words > 4 || !name || namelen >= cap || !figure || figure == name ||
        !(start == t.p || logger_prefix(t.p, start) || stamp_prefix(t.p, start)))
        return false;
    memcpy(set, name, namelen);
    set[namelen] = '\0';
    return true;
}

/* A banner over an evaluation's figures, which name no set of their own:
 * RecBole's "valid result:" ("test result:") over one line, "recall@10 :
 * 0.2183    ndcg@10 : 0.1202"; Coqui TTS's "--> EVAL PERFORMANCE" over a
 * line a figure, "| > avg_loss_mel: 14.85233 (+0.08066)". Notes the set. */
static bool result_banner(text_reader *r, md_str s)
{
    static const char *const tails[] = {" result:", " performance"};
    /* The Trainer's model card: "It achieves the following results on the
     * evaluation set:" over "- Loss: 0.2148", "- Wer: 118.3054", the last
     * row of the "Training results" table below it again. */
    static const char *const card[] = {"following results on the evaluation set:"};
    r->result_repeat = tail_of(s, card, MD_COUNT(card)) != 0;
    if (r->result_repeat) {
        memcpy(r->result_set, "eval", 5);
        r->result_read = false;
        return true;
    }
    /* DeepSpeed-Chat's "***** Evaluating reward, Epoch 1/3 *****" over
     * "chosen_last_scores (higher is better) : 1.13, acc (higher is
     * better) : 0.61" ("***** Evaluating perplexity, ..." over "ppl:
     * 4998.3"). A block of "key = value" lines under "***** Eval results
     * *****" is results.c's. */
    /* PaddleOCR's tools/eval.py: "ppocr INFO: metric eval ***************"
     * over "ppocr INFO: precision:0.81", "recall:", "hmean:", a line each. */
    if ((md_str_starts_with(s, "***** Evaluating ") && md_str_ends_with(s, " *****")) ||
        md_str_ends_with(s, " metric eval ***************")) {
        memcpy(r->result_set, "eval", 5);
        r->result_read = false;
        return true;
    }
    if (word_banner(s, r->result_set, sizeof r->result_set)) {
        r->result_read = false;
        return true;
    }
    size_t n = tail_of(s, tails, MD_COUNT(tails));
    if (n == 0 || n == s.n)
        return false;
    const char *end = s.p + s.n - n, *w = end;
    while (w > s.p && w[-1] != ' ' && w[-1] != '\t')
        w--;
    if (!md_evaluation_word(w, (size_t)(end - w)) || (size_t)(end - w) >= sizeof r->result_set)
        return false;
    memcpy(r->result_set, w, (size_t)(end - w));
    r->result_set[end - w] = '\0';
    r->result_read = false;
    return true;
}

/* Whether the n bytes at a and b are the same but for digits, which may
 * differ one for one: a time stamp's. */
static bool same_but_digits(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i] && !(md_is_digit(a[i]) && md_is_digit(b[i])))
            return false;
    return true;
}

/* A line under the banner: its pairs are the set's. The first line read
 * sets what the block's lines begin with; a line that begins otherwise,
 * or a blank one after a line was read, ends the block (RecBole's single
 * line begins with its pairs: it is a block of one). Not learnt as a
 * shape: the set is not in the line. */
static bool read_result_line(text_reader *r, md_str seg, unsigned long line)
{
    md_str t = md_str_trim(seg);
    if (t.n == 0) {
        if (!r->result_read)
            return true; /* blank lines between the banner and its figures */
        r->result_set[0] = '\0';
        return false;
    }
    size_t lead = 0; /* up to the first letter of the line's first key */
    while (lead < seg.n && !md_is_letter(seg.p[lead]) && (unsigned char)seg.p[lead] < 0xC3)
        lead++;
    if (r->result_read &&
        (lead != r->result_leadlen || r->result_leadlen == 0 || !same_but_digits(seg.p, r->result_lead, lead))) {
        r->result_set[0] = '\0';
        return false;
    }
    if (!r->result_read)
        r->result_pairs = false;
    if (!r->result_repeat) {
        size_t n = scan_pairs(r, t.p, t.n);
        /* A line of no figures after figures ends the block (a rule drawn
         * under them, the next run's banner). */
        if (n == 0 && r->result_pairs) {
            r->result_set[0] = '\0';
            return false;
        }
        r->result_pairs |= n > 0;
        md_feed_record_begin_known(r->feed, line);
        for (size_t i = 0; i < n; i++)
            if (!r->kv[i].ns) {
                r->kv[i].ns = r->result_set;
                r->kv[i].nslen = strlen(r->result_set);
            }
        emit_pairs(r, r->kv, n);
        md_feed_record_end(r->feed);
    }
    if (!r->result_read) {
        r->result_read = true;
        r->result_leadlen = lead < sizeof r->result_lead ? lead : 0;
        memcpy(r->result_lead, seg.p, r->result_leadlen);
    }
    if (r->result_leadlen == 0)
        r->result_set[0] = '\0';
    return true;
}

/* Messages whose numbers are no metrics and whose words would be read as
 * a step: DeepSpeed ZeRO-3's "Invalidate trace cache @ step 1: expected
 * module 25, but got module 323" (its own count of the module trace, not
 * the training's step), Slurm's "slurmstepd: error: *** STEP 6053.0 ON
 * node CANCELLED AT ..." (a job step's id), and the Trainer's result as a
 * notebook shows it, "TrainOutput(global_step=5064, training_loss=2.829,
 * ...)" (the run's mean loss, no point of it): a line that starts with
 * one, or the rest of a line after a bar redrawn without a newline. */
static bool chatter(md_str s)
{
    /* Megatron's summary at the end, "validation loss at the end of
     * training for val data | lm loss value: ...", repeats the last
     * evaluation, or gives the test set's beside it. */
    static const char *const messages[] = {"Invalidate trace cache @ step", "slurmstepd: ", "TrainOutput(",
                                           "validation loss at the end of training"};
    s = md_str_trim(s);
    for (size_t i = 0; i < MD_COUNT(messages); i++)
        if (md_str_starts_with(s, messages[i]))
            return true;
    return false;
}

/* The end of a dotted Python name from p ("tf.keras.optimizers.SGD"),
 * and where its last part starts; p itself when none starts there. */
static const char *dotted_name(const char *p, const char *end, const char **last)
{
    const char *q = p;
    *last = p;
    while (q < end && (md_is_letter(*q) || *q == '_')) {
        *last = q;
        while (q < end && (md_is_letter(*q) || md_is_digit(*q) || *q == '_'))
            q++;
        if (q + 1 < end && *q == '.' && (md_is_letter(q[1]) || q[1] == '_'))
            q++;
        else
            break;
    }
    return q;
}

/* A line of Python that builds an object, as a notebook's export or a
 * blog post shows its code above the output: "optimizer =
 * tf.keras.optimizers.SGD(lr = 5e-5, momentum = 0.9)". Its numbers are
 * arguments, no measurement. The class is told by its capital; a value
 * printed in a wrapper ("loss = Tensor(0.52)") is none. */
static bool constructor_line(md_str s)
{
    static const char *const wrappers[] = {"Tensor", "Variable", "Parameter", "Decimal", "Fraction"};
    const char *end = s.p + s.n, *last;
    const char *q = dotted_name(s.p, end, &last);
    if (q == s.p)
        return false;
    q = md_skip_blanks(q, end);
    if (q >= end || *q != '=' || q + 1 >= end || q[1] == '=')
        return false;
    const char *callee = md_skip_blanks(q + 1, end);
    q = dotted_name(callee, end, &last);
    if (q == callee || q >= end || *q != '(' || !(*last >= 'A' && *last <= 'Z'))
        return false;
    for (size_t i = 0; i < MD_COUNT(wrappers); i++)
        if ((size_t)(q - last) == strlen(wrappers[i]) && memcmp(last, wrappers[i], (size_t)(q - last)) == 0)
            return false;
    return true;
}

/* mmengine's "... - INFO - resumed epoch: 2, iter: 8" names where a
 * resumed run restarts; its next "Epoch(train) [3][1/4]" places itself.
 * Told by its pairs, so no other line pays for a search. */
static bool resume_notice(const md_kv *kv, size_t n)
{
    return n == 2 && !kv[0].ns && kv[0].keylen == 13 && memcmp(kv[0].key, "resumed epoch", 13) == 0;
}

/* Text after a bar on its segment; a log dict there waits, as on a
 * segment of its own, for the redraw that shows its step. Redraws whose
 * '\r' was lost glue bars together: the last one drawn holds. */
static void read_after_bar(text_reader *r, md_str rest, unsigned long line)
{
    md_tqdm bar = md_tqdm_scan(rest.p, rest.n), last = {0};
    md_str drawn = rest;
    while (bar.found) {
        last = bar;
        drawn = rest;
        rest = (md_str){rest.p + bar.end, rest.n - bar.end};
        bar = md_tqdm_scan(rest.p, rest.n);
    }
    if (last.found)
        read_bar(r, drawn, &last);
    md_str dict = md_str_trim(rest);
    if (waiting_dict(r, dict)) {
        r->bar_cleared = true; /* glued to a live bar: the redraw after it places it */
        hold_dict(r, dict, line);
        return;
    }
    if (chatter(rest))
        return;
    /* A bar cut at the terminal's width ends unclosed: its postfix is here. */
    size_t n = take_reduced_loss(r->kv, scan_pairs(r, rest.p, rest.n));
    emit_pairs(r, r->kv, n);
}

/* The round early stopping kept, "[1]\tvalid_0's auc: 0.512" under its
 * header: best_iteration. */
static MD_NOINLINE void read_best_round(text_reader *r, md_str seg, unsigned long line)
{
    md_str t = md_str_trim(seg);
    size_t digits = t.n > 2 && t.p[0] == '[' ? md_digit_run(t.p + 1, t.n - 1) : 0;
    double round;
    if (digits && digits + 1 < t.n && t.p[digits + 1] == ']' && md_num_scan(t.p + 1, t.p + 1 + digits, &round)) {
        md_feed_record_begin(r->feed, line);
        md_feed_kv(r->feed, "best_iteration", 14, round, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        md_feed_record_end(r->feed);
    }
}

/* The line after a best round's header repeats it (best_round_header):
 * not read again but for its round (read_best_round). */
static inline bool repeated_round(text_reader *r, md_str seg, unsigned long line)
{
    if (!r->best_round_line || line != r->best_round_line + 1)
        return false;
    read_best_round(r, seg, line);
    return true;
}

/* Keeps an evaluation's figures, the text from p to end ("loss: 0.2042 -
 * acc: 0.81 - 3s/step"), as a line of the evaluation set's: "[Eval] ...". */
static void keep_evaluation(text_reader *r, const char *p, const char *end, unsigned long line)
{
    md_buf_reset(&r->eval_last);
    md_buf_printf(&r->eval_last, "[Eval] %.*s", (int)(end - p), p);
    r->eval_line = line;
}

/* paddle.Model.fit evaluates between "Eval begin..." and "Eval samples:
 * N", a line every few batches of running figures whose count is the
 * evaluation's batch ("step 20/88 - loss: 0.2042 - acc: 0.81 - 3s/step").
 * The last line's figures are the evaluation's, at the training step
 * reached; the others are read as nothing. Any other line ends the block. */
static bool read_eval_block(text_reader *r, md_str t, unsigned long line)
{
    if (!r->eval_open) {
        if (!md_str_eq(t, "Eval begin..."))
            return false;
        r->eval_open = true;
        md_buf_reset(&r->eval_last);
        return true;
    }
    if (md_str_starts_with(t, "Eval samples:")) {
        r->eval_open = false;
        if (r->eval_last.n)
            read_pairs(r, (md_str){r->eval_last.p, r->eval_last.n}, r->eval_line);
        return true;
    }
    const char *dash = md_str_starts_with(t, "step ") ? md_memmem(t.p, t.n, " - ", 3) : NULL;
    if (!dash) {
        r->eval_open = false;
        return false;
    }
    keep_evaluation(r, dash + 3, t.p + t.n, line);
    return true;
}

/* TensorFlow's message behind its logger's prefix: "INFO:tensorflow:..."
 * or absl's "I0625 16:06:14.123456 140 estimator.py:2049] ..."; none for
 * another line. */
static md_str tensorflow_message(md_str t)
{
    static const char tf[] = "INFO:tensorflow:";
    if (md_str_starts_with(t, tf))
        return (md_str){t.p + sizeof tf - 1, t.n - (sizeof tf - 1)};
    if (t.n > 2 && t.p[0] == 'I' && md_is_digit(t.p[1])) {
        const char *close = memchr(t.p, ']', t.n < 96 ? t.n : 96);
        if (close)
            return md_str_trim((md_str){close + 1, t.n - (size_t)(close + 1 - t.p)});
    }
    return (md_str){NULL, 0};
}

/* An Estimator's evaluation ends with "Saving dict for global step 10000:
 * accuracy = 0.7628, global_step = 10000, loss = 1.0683168": the
 * evaluation's figures at that step, not the training's. */
static bool estimator_evaluation(text_reader *r, md_str t, unsigned long line)
{
    static const char mark[] = "Saving dict for global step ";
    md_str m = tensorflow_message(t);
    if (!m.n || !md_str_starts_with(m, mark))
        return false;
    const char *colon = memchr(m.p, ':', m.n);
    if (!colon)
        return false;
    md_buf pairs = {0};
    md_buf_printf(&pairs, "[Eval] %.*s", (int)(m.p + m.n - colon - 1), colon + 1);
    read_pairs(r, (md_str){pairs.p, pairs.n}, line);
    md_buf_free(&pairs);
    return true;
}

/* The line a Ray actor printed, after the tag Ray puts before it
 * ("(TaskRunner pid=1271585) wandb: Run history:"); the line itself when
 * it has none. */
static md_str ray_actor_body(md_str s)
{
    long pid;
    const char *body = s.n >= 8 ? ray_worker_prefix(s, &pid) : NULL;
    return body ? md_str_trim((md_str){body, s.n - (size_t)(body - s.p)}) : s;
}

/* PyTorch's quickstart prints "Test Error:" alone, then " Accuracy: 47.3%,
 * Avg loss: 2.149917": a line that is only an evaluation's name (its word
 * first, three words at most, a colon at the end) names the pairs of the
 * line after it. Sets set to the name's first word. */
static bool evaluation_header(md_str t, char *set, size_t cap)
{
    if (t.n < 4 || t.n > 40 || t.p[t.n - 1] != ':')
        return false;
    size_t words = 1, first = 0;
    while (first < t.n - 1 && md_is_letter(t.p[first]))
        first++;
    for (size_t i = first; i < t.n - 1; i++) {
        if (t.p[i] == ' ' && i + 1 < t.n - 1 && t.p[i + 1] != ' ')
            words++;
        else if (!md_is_letter(t.p[i]) && t.p[i] != ' ')
            return false;
    }
    if (words > 3 || first >= cap || !(md_evaluation_word(t.p, first) || md_word_is(t.p, first, "testing")))
        return false;
    memcpy(set, t.p, first);
    set[first] = '\0';
    return true;
}

/* The pairs of FuxiCTR's "[Metrics]" line after a final evaluation's
 * banner (the kv scan names them "val"): the best model's validation
 * figures again are not read, the test's are the test set's. Returns how
 * many pairs stay. */
static size_t fuxi_final_metrics(text_reader *r, md_kv *kv, size_t n)
{
    bool metrics = false;
    for (size_t i = 0; i < n; i++)
        if (kv[i].ns && kv[i].nslen == 3 && memcmp(kv[i].ns, "val", 3) == 0) {
            metrics = true;
            kv[i].ns = "test";
            kv[i].nslen = 4;
        }
    if (!metrics)
        return n;
    bool drop = r->fuxi_final == FUXI_VALIDATION;
    r->fuxi_final = FUXI_NONE;
    return drop ? 0 : n;
}

/* Whether a pair is a step or an epoch. */
static bool counts_steps(const text_reader *r, const md_kv *kv, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const md_series_spec *spec = key_spec(&r->index, kv[i].key, kv[i].keylen);
        if (spec && (spec->role == MD_ROLE_STEP || spec->role == MD_ROLE_EPOCH))
            return true;
    }
    return false;
}

/* Names the pairs by the evaluation a header line just named. */
static void under_evaluation_header(const text_reader *r, md_kv *kv, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!kv[i].ns) {
            kv[i].ns = r->eval_header_set;
            kv[i].nslen = strlen(r->eval_header_set);
        }
}

/* A segment's first KV_SCAN_MAX bytes after the NULs of a hole before
 * it, cut at the last blank or comma within them, so that no number is
 * read cut short. */
static md_str scan_window(md_str seg)
{
    while (seg.n && seg.p[0] == '\0')
        seg.p++, seg.n--;
    if (seg.n <= KV_SCAN_MAX)
        return seg;
    size_t n = KV_SCAN_MAX;
    while (n > 0 && seg.p[n - 1] != ' ' && seg.p[n - 1] != ',' && seg.p[n - 1] != '\t')
        n--;
    return (md_str){seg.p, n};
}

/* Binary data in a log (a checkpoint or a core written into it): a piece
 * with two control bytes and more that no text holds (ESC, backspace and
 * the line ends are text; NULs are holes, read around), or of 8 bytes and
 * more a quarter of them no UTF-8 (random bytes: half; Latin-1 text: a
 * few), is neither values nor a message, and its bytes must not pass for
 * either ("^C" among them for a keyboard interrupt). */
static bool binary_segment(md_str seg)
{
    size_t controls = 0, invalid = 0;
    for (size_t i = 0; i < seg.n;) {
        unsigned char c = (unsigned char)seg.p[i];
        if (c < 0x80) {
            controls += c && md_binary_byte(c);
            if (controls >= 2)
                return true;
            i++;
            continue;
        }
        size_t len = md_utf8_char(seg.p + i, seg.n - i);
        invalid += len == 0;
        i += len ? len : 1;
    }
    return seg.n >= 8 && invalid * 4 > seg.n;
}

/* A control byte no text holds, or a byte that starts no UTF-8 character:
 * eight bytes at a time while they are printable ASCII. */
static bool suspect_bytes(md_str seg)
{
    size_t i = 0;
#if MD_SWAR
    for (; i + 8 <= seg.n; i += 8) {
        uint64_t w = md_load64(seg.p + i);
        /* A byte below 0x20 or at 0x80 and above: its high bit after the
         * sum, or its own (0x7f is caught below). */
        if (((w - 0x20 * MD_SWAR_ONES) | w) & MD_SWAR_HIGHS)
            break;
    }
#endif
    for (; i < seg.n;) {
        unsigned char c = (unsigned char)seg.p[i];
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7f)
                return true;
            i++;
            continue;
        }
        size_t len = md_utf8_char(seg.p + i, seg.n - i);
        if (!len)
            return true;
        i += len;
    }
    return false;
}

/* TensorVision's loggers (KittiSeg, KittiBox) print each evaluation twice
 * under its step, "(raw)  Acc. : 0.40, xentropy: 20.71" and "(smooth)  Acc.
 * : 0.25, ...": in a log that writes raw lines, a line of averaged figures
 * ("(smooth)", "(ema)", ...) restates them as a running average and is
 * not read; without raw lines it is all the log gives. The tag opens the
 * message: at the line's start or after a logger's level ("root INFO"). */
static bool averaged_restatement(text_reader *r, md_str seg, const char *open)
{
    const char *end = seg.p + (seg.n < 96 ? seg.n : 96), *w = open + 1, *we = w;
    while (we < end && md_is_letter(*we))
        we++;
    if (we == w || we == end || *we != ')')
        return false;
    const char *before = open;
    while (before > seg.p && before[-1] == ' ')
        before--;
    if (before > seg.p && !level_before(seg.p, before))
        return false;
    size_t n = (size_t)(we - w);
    if (md_word_is(w, n, "raw"))
        r->raw_tagged = true;
    return r->raw_tagged && md_kv_average_tag(w, n);
}

/* A table's line, behind the prefix every line of the log carries (a CI
 * runner's or docker's timestamp, a rank's tag): its cells stand where
 * they stand after it. */
static bool read_columns(text_reader *r, md_str seg, md_str trimmed, unsigned long line)
{
    md_str body = seg;
    size_t stamp = md_timestamp_prefix(body.p, body.n);
    body = strip_rank_prefix(r, (md_str){body.p + stamp, body.n - stamp});
    if (body.p != seg.p)
        trimmed = md_str_trim(body);
    return md_columns_line(&r->cols, trimmed, (size_t)(trimmed.p - body.p), r->feed, line, key_role, &r->index);
}

/* try_shapes is false for a segment read_shaped found no shape for. */
static void read_segment(text_reader *r, md_str seg, unsigned long line, bool try_shapes)
{
    /* The line under an evaluation's header is read as the evaluation's,
     * not by a shape, which would read it as a training line. */
    bool under_header = (r->eval_header_line && line == r->eval_header_line + 1) || r->eval_block;
    try_shapes &= !under_header;
    if (r->in_traceback && !traceback_body(r, seg))
        r->traceback_others++;
    if (r->result_set[0] && read_result_line(r, seg, line))
        return;
    const char *open = seg.n ? memchr(seg.p, '(', seg.n < 96 ? seg.n : 96) : NULL;
    if (open && averaged_restatement(r, seg, open))
        return;
    if (repeated_round(r, seg, line) || (try_shapes && read_shaped(r, seg, line, 0) == READ_BY_SHAPE))
        return;
    /* Asked of the whole line, once, where the piece holds a byte no text
     * does: its redraws may cut binary data into pieces too short to tell. */
    if (!r->line_judged && suspect_bytes(seg)) {
        r->line_binary = binary_segment(r->line_text);
        r->line_judged = true;
    }
    if (r->line_judged && r->line_binary)
        return;
    bool stamped = read_stamp(r, seg, line);
    bool plain = reading_plain_lines(r);
    unsigned long ignored_line = r->ignored_line;
    track_traceback(r, seg, line);
    md_feed_line_events(r->feed, r->events, line, seg.p, seg.n);
    if (r->events_only)
        return;
    if (r->wrapped.open && continue_wrapped_dict(r, seg))
        return;
    if (r->results.open && continue_results(r, seg))
        return;
    /* Its opening keys start with 'a' or 'c': most lines are not asked. */
    if ((r->rllib.open && continue_rllib(r, seg, line)) ||
        (seg.n && (seg.p[0] == 'a' || seg.p[0] == 'c') && md_rllib_begin(&r->rllib, seg, line)))
        return;
    if (seg.n > KV_SCAN_MAX)
        seg = scan_window(seg);
    if (traceback_body(r, seg) || error_message_line(strip_rank_prefix(r, seg)))
        return;
    md_str trimmed = md_str_trim(seg);
    if (config_line(trimmed) || read_eval_block(r, trimmed, line) || chatter(trimmed) || constructor_line(trimmed) ||
        estimator_evaluation(r, trimmed, line))
        return;
    if (md_str_starts_with(ray_actor_body(trimmed), "wandb:"))
        return; /* W&B's end-of-run summary repeats final values out of order */
    if (best_round_header(trimmed)) {
        r->best_round_line = line;
        return;
    }
    /* torchvision's MetricLogger (DeiT, MAE, DETR, LAVIS) closes an epoch
     * with "Averaged stats: lr: 0.0001  loss: 0.2326", MONAI's research
     * trainers (Swin UNETR) with "Final training  31/299 loss: 0.2942 time
     * 1477.11s": the epoch's figures again, which its last batch's line
     * already gave at that step (its time is the epoch's, no step's). A log
     * of those lines alone (ALBEF's epochs, pasted) has no other. */
    if (best_so_far_line(trimmed) ||
        (r->measured && (message_starts_with(trimmed, "Averaged stats:") || message_starts_with(trimmed, "Final training "))))
        return;
    if (result_banner(r, trimmed))
        return;
    if (evaluation_header(trimmed, r->eval_header_set, sizeof r->eval_header_set)) {
        r->eval_header_line = line;
        return;
    }
    if (md_str_ends_with(trimmed, "* Validation evaluation ******")) {
        r->fuxi_final = FUXI_VALIDATION;
        return;
    }
    if (md_str_ends_with(trimmed, "* Test evaluation ********")) {
        r->fuxi_final = FUXI_TEST;
        return;
    }
    if (r->pending_set && trimmed.n) {
        md_tqdm bar = md_tqdm_scan(seg.p, seg.n);
        place_pending(r, &bar);
    }
    md_str dict;
    if (waiting_ranked_dict(r, trimmed, &dict)) {
        hold_dict(r, dict, line);
        return;
    }
    if (scheduler_line(r, trimmed) || coco_summary_line(r, trimmed, line) || optuna_trial_line(r, trimmed, line) ||
        dl4j_score_line(r, trimmed, line) ||
        deepxde_line(r, trimmed, line) || sklearn_linear_line(r, trimmed, line) ||
        md_allennlp_line(&r->allennlp, trimmed, r->feed, line) || md_flower_line(&r->flower, trimmed, r->feed, line) ||
        md_mllog_line(&r->mllog, trimmed, r->feed, line) || md_icefall_clip_line(trimmed, r->feed, line) ||
        read_wenet(r, trimmed, line) || md_yolo_results_line(&r->yolo, trimmed, r->feed, line) ||
        unframed_table_rule(r, trimmed) ||
        md_box_line(&r->box, trimmed, r->feed, line) ||
        read_columns(r, seg, trimmed, line) ||
        md_catboost_read(&r->catboost, trimmed, r->feed, line) || begin_wrapped_dict(r, seg, trimmed, line) ||
        begin_results(r, seg, trimmed, line))
        return;
    md_feed_record_begin_known(r->feed, line);
    if (!read_table_row(r, seg)) {
        md_tqdm bar = md_tqdm_scan(seg.p, seg.n);
        long bar_rank = -1;
        md_str bar_body = bar.found && seg.p[0] == '[' ? rank_prefix(r, seg, &bar_rank) : seg;
        if (bar_rank >= 0) {
            /* A launcher's rank prefix before a bar ("[trainer0|0]:1|54|Loss:
             * 1.09:  54%|..."): rank 0's bar is read without it, not
             * learnt as a shape; the other ranks' draw the same steps. */
            bar = md_tqdm_scan(bar_body.p, bar_body.n);
            if (bar.found) {
                if (bar_rank == 0)
                    read_bar(r, bar_body, &bar);
                md_feed_record_end(r->feed);
                return;
            }
        }
        if (bar.found) {
            read_bar(r, seg, &bar);
            if (may_learn(r, plain, ignored_line) && bar.end == seg.n)
                learn_shape(r, seg, NULL, 0, &bar, stamped, 0, -1, false);
            /* A line printed before the bar's newline ("...1.62it/s]{'loss':
             * 0.61, ...}") ends up after it. */
            if (bar.end < seg.n)
                read_after_bar(r, (md_str){seg.p + bar.end, seg.n - bar.end}, line);
        } else {
            long rank;
            md_str body = rank_prefix(r, seg, &rank);
            size_t n = scan_pairs(r, body.p, body.n);
            if (r->eval_block && counts_steps(r, r->kv, n))
                r->eval_block = under_header = false;
            if (under_header)
                under_evaluation_header(r, r->kv, n);
            if (r->fuxi_final)
                n = fuxi_final_metrics(r, r->kv, n);
            if (resume_notice(r->kv, n))
                n = 0;
            bool planned = planned_steps(r, r->kv, n);
            /* A line whose keys are renamed is not learnt as a shape,
             * which would read its keys as they stand. */
            bool renamed = !planned && emit_boosting_sets(r, r->kv, n);
            if (!planned && !renamed)
                emit_ranked(r, r->kv, n, rank);
            if (n)
                md_columns_pairs_read(&r->cols);
            bool header = step_header(r, body, r->kv, n);
            if (n == 0 && !r->settings) {
                /* A blank line places no waiting dict, which a shape's line would. */
                if (!find_repetition(r, body, line) && trimmed.n && may_learn(r, plain, ignored_line) &&
                    prose_recurs(r, seg))
                    learn_shape(r, seg, NULL, 0, NULL, stamped, (size_t)(body.p - seg.p), rank, false);
            } else if (may_learn(r, plain, ignored_line) && !planned && !renamed && !r->settings && !under_header)
                learn_shape(r, seg, r->kv, n, NULL, stamped, (size_t)(body.p - seg.p), rank, header);
        }
    }
    md_feed_record_end(r->feed);
}

/* The longest prefix before a Keras bar: an ISO timestamp with its zone
 * and a logger's name. */
#define KERAS_PREFIX_MAX 64

/* Keras prints model.evaluate() after fit() as one more bar, "31/31
 * [==============================] - 151s 5s/step - loss: 0.3682 -
 * accuracy: 0.8669" (Keras 3 draws it with U+2501), whose count is the
 * evaluation's batches: a bar whose total is not that of the epoch's bars
 * (or of fit(verbose=2)'s lines, "3/3 - 0s - loss: ...") since the last
 * "Epoch N/M" measures an evaluation; so does any bar after the one that
 * closed the epoch with its validation figures, but for that bar again
 * ("1/1 ... - loss: 15.67 - val_loss: 27.39", then evaluate()'s "1/1 ...
 * - loss: 34.65" on a set as small). Its last frame's figures are read as
 * the evaluation's; its other frames, running figures, as nothing. */
static bool keras_evaluation(text_reader *r, md_str seg, unsigned long line)
{
    if (!r->epoch_headers) /* Keras heads each epoch's bars with one */
        return false;
    if (r->eval_open)
        return false;
    md_str body = strip_rank_prefix(r, seg);
    const char *p = body.p, *end = body.p + body.n;
    while (p < end && *p == ' ')
        p++;
    /* The bar, or fit(verbose=2)'s line without one: "3/3 - 0s - loss:
     * ...", at the line's start; a drawn bar also after a prefix, a
     * timestamp ("2024-03-12 10:00:00  115/6740 [===>..."). Most lines fail
     * at their first byte, or hold no '/' near it. */
    double count, total;
    bool drawn;
    const char *bar = p < end && md_is_digit(*p) ? md_keras_bar(p, end, &count, &total, &drawn) : NULL;
    const char *window = end - p > KERAS_PREFIX_MAX ? p + KERAS_PREFIX_MAX : end;
    for (const char *slash = memchr(p, '/', (size_t)(window - p)); !bar && slash;
         slash = memchr(slash + 1, '/', (size_t)(window - slash - 1))) {
        const char *digits = slash;
        while (digits > p && md_is_digit(digits[-1]))
            digits--;
        if (digits < slash && digits > p && digits[-1] == ' ' &&
            (bar = md_keras_bar(digits, end, &count, &total, &drawn)) != NULL && !drawn)
            bar = NULL;
    }
    if (!bar)
        return false;
    p = bar;
    bool validated = md_memmem(p, (size_t)(end - p), " - val_", 7) != NULL;
    long batches = (long)md_count_of(total);
    if (r->keras_total <= 0 || (batches == r->keras_total && (!r->keras_validated || validated))) {
        if (!r->keras_decided)
            r->keras_counted = isnan(total) || count < total;
        r->keras_decided = true;
        /* A bar's figures are the means over the epoch's batches so far:
         * at its first batches, the mean of a few. After an epoch whose
         * mean is known, those are no level to judge a spike by (a single
         * batch's loss 10% over the last epoch's mean would be one), so
         * the bars of an epoch's first quarter are left out, but for a NaN
         * or an infinity, which no mean hides, and an exact 0 (Keras
         * writes "0.0000e+00"), a mean of zeros. */
        bool early = r->keras_counted && r->keras_epoch_closed && count * 4 < total;
        r->keras_epoch_closed |= count == total;
        size_t rest = (size_t)(end - p);
        if (early && !md_memmem(p, rest, "nan", 3) && !md_memmem(p, rest, "inf", 3) &&
            !md_memmem(p, rest, " 0.0000e+00", 11))
            return true;
        r->keras_total = batches;
        r->keras_validated |= count == total && validated;
        return false;
    }
    const char *dash = md_memmem(p, (size_t)(end - p), " - ", 3);
    if (count == total && dash) {
        keep_evaluation(r, dash + 3, end, line);
        read_pairs(r, (md_str){r->eval_last.p, r->eval_last.n}, line);
    }
    return true;
}

static bool blanks_only(const char *p, const char *end)
{
    while (p < end && *p == ' ')
        p++;
    return p == end;
}

/* Ranks that write to one file without line buffering glue their lines:
 * "...loss 1.0026[default1]:epoch 0 step 30 loss 1.8226". A rank prefix
 * inside a segment starts a segment of its own. */
static void read_ranked_segments(text_reader *r, md_str seg, unsigned long line)
{
    /* A line of a shape that holds no rank prefix's end is one segment. */
    if (repeated_round(r, seg, line) || keras_evaluation(r, seg, line))
        return;
    shaped_read whole = r->eval_open ? NO_SHAPE : read_shaped(r, seg, line, SHAPE_UNRANKED);
    if (whole == READ_BY_SHAPE)
        return;
    const char *start = seg.p, *end = seg.p + seg.n, *q = seg.p + 1;
    if (!rank_prefix_end(q, end))
        q = end;
    while (q < end && (q = memchr(q, '[', (size_t)(end - q))) != NULL) {
        long rank;
        md_str rest = {q, (size_t)(end - q)};
        if (rank_prefix(r, rest, &rank).p != q) {
            read_segment(r, (md_str){start, (size_t)(q - start)}, line, true);
            start = q;
        }
        q++;
    }
    read_segment(r, (md_str){start, (size_t)(end - start)}, line, start != seg.p || whole == SHAPE_LACKS);
}

static const char *redraw_at(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p == '\r' || *p == '\b')
            return p;
    return NULL;
}

/* On a short line one pass costs less than a memchr call for each
 * control; on a long one the library's wider loads win. */
#define CONTROLS_ONE_PASS_MAX 128

unsigned md_line_controls(const char *p, size_t n)
{
    unsigned found = 0;
    size_t i = 0;
    if (n > CONTROLS_ONE_PASS_MAX) {
        found = (memchr(p, 0x1b, n) ? LINE_ESC : 0) | (memchr(p, '\b', n) ? LINE_BACKSPACE : 0) |
                (memchr(p, '\r', n) ? LINE_CR : 0);
        return found | (!(found & LINE_CR) && md_memmem(p, n, "<-", 2) ? LINE_ARROW : 0);
    }
#if defined(__SSE2__)
    if (n > 16) {
        const __m128i esc = _mm_set1_epi8(0x1b), bs = _mm_set1_epi8('\b'), cr = _mm_set1_epi8('\r'),
                      lt = _mm_set1_epi8('<'), dash = _mm_set1_epi8('-');
        __m128i any_esc = _mm_setzero_si128(), any_bs = any_esc, any_cr = any_esc, any_arrow = any_esc, v, next;
        for (; i + 16 < n; i += 16) {
            v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
            next = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 1));
            any_esc = _mm_or_si128(any_esc, _mm_cmpeq_epi8(v, esc));
            any_bs = _mm_or_si128(any_bs, _mm_cmpeq_epi8(v, bs));
            any_cr = _mm_or_si128(any_cr, _mm_cmpeq_epi8(v, cr));
            any_arrow = _mm_or_si128(any_arrow, _mm_and_si128(_mm_cmpeq_epi8(v, lt), _mm_cmpeq_epi8(next, dash)));
        }
        /* The last block is the line's last 16 bytes, overlapping the one
         * before: a byte seen twice changes no answer. An arrow's two
         * bytes are the 16 pairs that end there. */
        v = _mm_loadu_si128((const __m128i *)(const void *)(p + n - 16));
        next = _mm_loadu_si128((const __m128i *)(const void *)(p + n - 17));
        any_esc = _mm_or_si128(any_esc, _mm_cmpeq_epi8(v, esc));
        any_bs = _mm_or_si128(any_bs, _mm_cmpeq_epi8(v, bs));
        any_cr = _mm_or_si128(any_cr, _mm_cmpeq_epi8(v, cr));
        any_arrow = _mm_or_si128(any_arrow, _mm_and_si128(_mm_cmpeq_epi8(next, lt), _mm_cmpeq_epi8(v, dash)));
        found = (_mm_movemask_epi8(any_esc) ? LINE_ESC : 0) | (_mm_movemask_epi8(any_bs) ? LINE_BACKSPACE : 0) |
                (_mm_movemask_epi8(any_cr) ? LINE_CR : 0);
        return found | (!(found & LINE_CR) && _mm_movemask_epi8(any_arrow) ? LINE_ARROW : 0);
    }
#endif
    for (; i < n; i++)
        found |= p[i] == 0x1b                           ? LINE_ESC
                 : p[i] == '\b'                         ? LINE_BACKSPACE
                 : p[i] == '\r'                         ? LINE_CR
                 : p[i] == '<' && i + 1 < n && p[i + 1] == '-' ? LINE_ARROW
                                                        : 0;
    return found & LINE_CR ? found & ~(unsigned)LINE_ARROW : found;
}

/* Frames of a Keras bar on one line, as if a '\r' parted them: Keras 1
 * writing to a file whose redraws were lost, a callback's message glued
 * after a frame, then the epoch's last frame ("22912/23000 [===>.] - ETA:
 * 1s - loss: 0.6010 - acc: 0.7000Epoch 00000: val_loss improved ...,
 * saving model to w.hdf523000/23000 [=====] - 377s - loss: 0.6000 - ...");
 * or a paste that lost them, after the epoch's header ("Epoch 1/20 1/632
 * [....] - ETA: 4:08:27 - loss: 5.1723 2/632 [....] - ETA: 2:07:20 - loss:
 * nan"). A frame is "N/T [" with its bar drawn ('=', '.', '>': tqdm's
 * "[00:10<" is no frame), the same T as the first, its count as many
 * digits as T at most (Keras pads it so) whatever digits are glued before
 * it. Where two frames and more are found, the starts of the parts after
 * the first go to at (the first frame's too when text comes before it);
 * returns how many. */
#define KERAS_FRAMES_MAX 64

/* Lines of frames start with a frame's count, or with the epoch's header
 * the frames were pasted after. */
static inline bool may_hold_keras_frames(md_str s)
{
    const char *p = s.p, *end = s.p + s.n;
    while (p < end && *p == ' ')
        p++;
    return p < end && (md_is_digit(*p) || *p == 'E');
}

static size_t keras_frames(md_str s, size_t *at)
{
    const char *p = s.p, *end = s.p + s.n;
    size_t n = 0, frames = 0;
    const char *first_total = NULL;
    size_t first_width = 0;
    for (const char *q = memchr(p, '[', s.n); q && n < KERAS_FRAMES_MAX;
         q = memchr(q + 1, '[', (size_t)(end - q - 1))) {
        if (q - p < 4 || q[-1] != ' ' || !md_is_digit(q[-2]) || q + 1 >= end ||
            (q[1] != '=' && q[1] != '.' && q[1] != '>'))
            continue;
        const char *total = q - 2;
        while (total > p && md_is_digit(total[-1]))
            total--;
        size_t width = (size_t)(q - 1 - total);
        if (total == p || total[-1] != '/')
            continue;
        if (first_total && (width != first_width || memcmp(total, first_total, width) != 0))
            continue;
        const char *slash = total - 1, *count = slash;
        while (count > p && (size_t)(slash - count) < width && md_is_digit(count[-1]))
            count--;
        if (count == slash)
            continue;
        if (!first_total) {
            first_total = total;
            first_width = width;
        }
        if (count > p)
            at[n++] = (size_t)(count - p);
        frames++;
    }
    return frames >= 2 ? n : 0;
}

/* R's print() of a string: "[1] \"Epoch 3 loss 0.52\"" (a script's
 * print(paste(...)), LightGBM's evaluation printed so). The text between
 * the quotes is the line, with the escapes print() wrote ("\t", "\"",
 * "\\") written back. */
static md_str r_print_text(md_buf *out, md_str s)
{
    if (s.n < 7 || s.p[0] != '[' || s.p[1] != '1' || s.p[2] != ']' || s.p[3] != ' ' || s.p[4] != '"')
        return s;
    size_t n = s.n;
    while (n > 5 && (s.p[n - 1] == ' ' || s.p[n - 1] == '\r'))
        n--;
    if (s.p[n - 1] != '"' || n <= 6)
        return s;
    md_str text = {s.p + 5, n - 6};
    if (!memchr(text.p, '\\', text.n))
        return text;
    md_buf_reset(out);
    for (size_t i = 0; i < text.n; i++) {
        char c = text.p[i];
        if (c == '\\' && i + 1 < text.n && strchr("t\"\\", text.p[i + 1])) {
            c = text.p[++i] == 't' ? '\t' : text.p[i];
        }
        md_buf_putc(out, c);
    }
    return (md_str){md_buf_cstr(out), out->n};
}

/* A reader's note on a pasted log, behind an arrow ("{'loss': 1.14,
 * 'grad_norm': 92.1}    <-- spike #1 (step 4)"): its words and numbers
 * are not the run's. Returns the length of the line before it: an arrow
 * "<-" after a blank, followed by another '-', a blank or the line's end. */
static size_t before_annotation(md_str s)
{
    for (const char *p = s.p, *end = s.p + s.n; (p = memchr(p, '<', (size_t)(end - p))) != NULL; p++) {
        if (p == s.p || (p[-1] != ' ' && p[-1] != '\t') || end - p < 2 || p[1] != '-' ||
            (end - p > 2 && p[2] != '-' && p[2] != ' ' && p[2] != '\t'))
            continue;
        while (p > s.p && (p[-1] == ' ' || p[-1] == '\t'))
            p--;
        return (size_t)(p - s.p);
    }
    return s.n;
}

static void read_line(text_reader *r, md_str raw, unsigned long line)
{
    size_t mark = r->quoted ? quote_mark_at(raw) : 0;
    raw.p += mark;
    raw.n -= mark;
    if (r->compose_bar && compose_bar_at(raw) == r->compose_bar) {
        raw.p += r->compose_bar + 2; /* past "| " */
        raw.n -= r->compose_bar + 2;
    }
    long number;
    size_t numbered = !r->line_numbered                     ? 0
                      : line == 1 && raw.n && raw.p[0] != '[' ? cut_line_number_at(raw, &number)
                                                              : line_number_at(raw, &number);
    raw.p += numbered;
    raw.n -= numbered;
    if (r->octal_escaped && md_memmem(raw.p, raw.n, "#0", 2))
        raw = unescape_octal(&r->unescaped, raw);
    else if (r->caret_escaped && memchr(raw.p, '^', raw.n))
        raw = unescape_caret(&r->unescaped, raw);
    raw = r_print_text(&r->unquoted, raw);
    md_str clean = raw;
    unsigned controls = md_line_controls(raw.p, raw.n);
    if (controls & LINE_ESC) {
        clean = strip_ansi(&r->clean, raw);
        controls = md_line_controls(clean.p, clean.n);
    }
    if (controls & LINE_ARROW)
        clean.n = before_annotation(clean);
    r->line_text = clean;
    r->line_judged = false;
    if (!(controls & (LINE_BACKSPACE | LINE_CR))) {
        size_t at[KERAS_FRAMES_MAX];
        size_t frames = may_hold_keras_frames(clean) ? keras_frames(clean, at) : 0, from = 0;
        for (size_t i = 0; i < frames; i++) {
            read_ranked_segments(r, md_str_trim((md_str){clean.p + from, at[i] - from}), line);
            from = at[i];
        }
        if (clean.n > from)
            read_ranked_segments(r, (md_str){clean.p + from, clean.n - from}, line);
        return;
    }
    const char *p = clean.p, *end = clean.p + clean.n;
    /* Keras redraws its bar with backspaces before the '\r', even into a
     * file: a backspace ends what was drawn as '\r' does. */
    bool backspaces = controls & LINE_BACKSPACE;
    while (p <= end) {
        const char *cr = backspaces ? redraw_at(p, end) : memchr(p, '\r', (size_t)(end - p));
        const char *seg_end = cr ? cr : end;
        if (seg_end > p && *p == ' ' && seg_end[-1] == ' ' && cr && blanks_only(p, seg_end))
            r->bar_cleared = true; /* tqdm.write's clearing of the bar */
        else if (seg_end > p)
            read_ranked_segments(r, (md_str){p, (size_t)(seg_end - p)}, line);
        if (!cr)
            break;
        p = cr + 1;
    }
}

static md_text_reader *reader_new(md_store *st, const md_catalog *cat, bool fast, bool threaded)
{
    md_text_reader *r = md_xcalloc_alone(sizeof *r);
    r->shapes = fast ? md_shapes_new() : NULL;
    r->dict_shapes = fast ? md_shapes_new() : NULL;
    r->bar_shapes = fast ? md_shapes_new() : NULL;
    r->feed = md_feed_new(st, threaded);
    r->index = (key_index){cat, &r->index_cache, r->recent};
    r->cat = cat;
    r->events = md_event_matcher_new(cat);
    for (size_t i = 0; i < md_catalog_nevents(cat); i++) {
        const md_event_spec *e = md_catalog_event(cat, i);
        if (e->source == MD_SOURCE_TRACEBACK && !r->exception)
            r->exception = e;
        else if (e->source == MD_SOURCE_REPETITION && !r->repetition)
            r->repetition = e;
    }
    r->base_rank = -1;
    r->last_bar_n = r->bar_since_dict = NAN;
    r->dict_step = -1;
    return r;
}

md_text_reader *md_text_reader_new(md_store *st, const md_catalog *cat)
{
    return reader_new(st, cat, true, false);
}

md_text_reader *md_text_events_reader_new(md_store *st, const md_catalog *cat)
{
    md_text_reader *r = reader_new(st, cat, false, false);
    r->events_only = true;
    return r;
}

void md_text_reader_line(md_text_reader *r, md_str line, unsigned long lineno)
{
    read_line(r, line, lineno);
}

void md_text_reader_head(md_text_reader *r, md_str head)
{
    r->units.comma_decimals = md_kv_decimal_comma_head(head);
    r->srun_labels = srun_labelled(head);
    r->compose_bar = compose_labelled(head);
    r->line_numbered = line_numbered(head);
    r->quoted = quoted(head);
    r->octal_escaped = octal_escaped(head);
    r->caret_escaped = !r->octal_escaped && caret_escaped(head);
}

/* A log that ends inside a traceback, before the line naming the
 * exception (a paste cut short, a process killed while it printed), ended
 * on an exception all the same: it is reported at the traceback's start.
 * Not when other output followed its frames (three lines, as many records
 * as say training went on): that process died, and the log went on. */
static void close_traceback(text_reader *r)
{
    static const char cut[] =
        "a traceback the log ends inside, before the line naming its exception (an error, or Ctrl-C on a hang)";
    bool named = r->traceback_named[0] != '\0';
    const char *text = named ? r->traceback_named : cut;
    if (r->in_traceback && r->exception && !r->traceback_ignored && (named || r->traceback_others < 3))
        md_feed_event(r->feed, r->exception, r->traceback_line, text, strlen(text), NULL);
    r->in_traceback = false;
}

void md_text_reader_finish(md_text_reader *r)
{
    close_traceback(r);
    close_wrapped_dict(r);
    close_results(r);
    close_rllib(r);
    flush_pending(r);
    md_catboost_finish(&r->catboost, r->feed);
    md_box_finish(&r->box, r->feed);
}

void md_text_reader_free(md_text_reader *r)
{
    if (!r)
        return;
    md_text_reader_finish(r);
    md_feed_close(r->feed);
    md_map_free(&r->index_cache);
    md_event_matcher_free(r->events);
    md_shapes_free(r->shapes);
    md_shapes_free(r->dict_shapes);
    md_shapes_free(r->bar_shapes);
    md_buf_free(&r->clean);
    md_buf_free(&r->unescaped);
    md_buf_free(&r->unquoted);
    md_buf_free(&r->keys);
    md_buf_free(&r->pending);
    md_buf_free(&r->eval_last);
    md_wrapped_dict_free(&r->wrapped);
    md_results_free(&r->results);
    md_mllog_free(&r->mllog);
    md_rllib_free(&r->rllib);
    table_reset(&r->tab);
    free(r);
}

md_err md_read_text(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    return md_read_text_with(st, src, cat, diags, true, md_reader_threaded(src));
}

md_err md_read_text_with(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags, bool fast,
                         bool threaded)
{
    md_text_reader *r = reader_new(st, cat, fast, threaded);
    md_text_reader_head(r, md_source_peek(src));
    md_lines lines;
    md_lines_init(&lines, src);
    md_str line;
    while (md_lines_next(&lines, &line))
        read_line(r, line, lines.lineno);
    md_text_reader_free(r);

    md_reader_lines_done(st, &lines, diags, md_source_path(src));
    bool error = lines.error;
    md_lines_fini(&lines);
    return error ? MD_ERR_IO : MD_OK;
}
