/* Key/value pairs on a console log line.
 *
 * The scan walks the line once. Words accumulate into a pending key
 * ("lm loss", "elapsed time per iteration (ms)"); a ':' or '=' followed by
 * a number emits the pair; a number after the key and only spaces emits it
 * when the key is one the catalog knows ("step 500", "loss 4.23"), which
 * keeps prose such as "Tried to allocate 20 MiB" out. Any other character
 * ends the pending key. Numbers with no key (dates, clocks, bar counters)
 * are skipped whole, so "2024-01-01" does not become three numbers. */
#include <math.h>
#include <string.h>
#include <strings.h>

#include "reader/reader_int.h"

#define KEY_MAX_WORDS 6
#define KEY_MAX_LEN 80

typedef struct scan {
    const char *line, *p, *end;
    md_kv *out;
    size_t cap, n;
    size_t evict_below; /* once out is full: pairs from here on are known (make_room) */
    md_kv_known_fn known;
    md_kv_same_fn same;
    const void *ctx;
    const char *key; /* pending key, or NULL */
    const char *key_end;
    int words;
    const char *ns; /* namespace for "name: k=v, k=v" */
    size_t nslen;
    bool ns_eval; /* "Test set: Average loss: 0.03": the namespace holds every pair */
    bool ns_bracket; /* "tot_loss[loss=0.6, ...]": the namespace ends at ']' */
    bool ns_averaged; /* "Test: [ 50/196] Loss 1.2 (0.9)": the running mean in parentheses is the evaluation's */
    bool ns_score;    /* "Accs: Train: 0.73, Val: 0.70": the namespace names the sets' score (score_over_sets) */
    bool quoted_key; /* the pending key was in quotes ("'model': ...") */
    bool arguments;  /* argparse's "Namespace(" opened the line's pairs */
    const char *set; /* "| valid |", "[valid]": the data set of the rest of the line */
    size_t setlen;
    bool set_training;
    unsigned word_values; /* pairs whose value is no number (settings_line) */
    unsigned options;     /* command-line options, "--name" (settings_line) */
    bool results;         /* a dict of results opened ("results": {...}; settings_line) */
    const char *owner; /* "training" in "training's binary_logloss: 0.5" */
    size_t ownerlen;
    const char *owned; /* the key the owner names ("binary_logloss") */
    bool loss_repeated; /* a bare "loss" is the evaluation's again (estimator_summary, names_set_loss) */
    bool openmmlab; /* OpenMMLab's logger wrote the line: its bare "memory" is MiB (openmmlab_memory) */
    bool set_in_field; /* a dict's field named the set (on_quoted_set_value): its name stands before the pairs' */
    bool espnet;    /* ESPnet's trainer wrote the line ("7epoch:train:...", "7epoch results:") */
    size_t eval_at; /* 1 + the index in out of the line's first evaluation key ("Val Loss"), 0 for none */
    bool piped;     /* a '|' parted fields before the scan's place */
    bool lead_seen; /* the message's first word was met (lead_evaluation) */
    bool lead_paired; /* a pair came before the first '|' of a line that lead_evaluation names */
    const char *lead_end; /* where the message's first word, an evaluation's, ends; NULL for none */
    const char *lead_ns;  /* the evaluation that word names, the namespace of the pairs after it */
    size_t lead_nslen;
    md_unit_memo *units; /* may be NULL */
} scan;

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_alnum(char c)
{
    return is_alpha(c) || md_is_digit(c);
}

/* The length of a UTF-8 letter at p of the scripts keys are written in
 * (accented Latin, Greek, Cyrillic, kana, CJK ideographs and Hangul:
 * "Verlust", "pérdida", "Эпоха", "损失", "손실"), or 0. Box drawing, blocks
 * and arrows (a bar's "█", a table's "│", all E2), CJK punctuation (E3 80),
 * surrogates (ED A0 and above), emoji (F0), the micro sign and the degree
 * (C2), × and ÷ are no letters. */
static size_t utf8_letter(const char *p, const char *end)
{
    unsigned char c = (unsigned char)*p;
    size_t n = c >= 0xC3 && c < 0xE0 ? 2 : c >= 0xE3 && c <= 0xED ? 3 : 0;
    if (!n || (size_t)(end - p) < n)
        return 0;
    for (size_t i = 1; i < n; i++)
        if (((unsigned char)p[i] & 0xC0) != 0x80)
            return 0;
    unsigned char c1 = (unsigned char)p[1];
    if (n == 3)
        return (c == 0xE3 && c1 == 0x80) || (c == 0xED && c1 >= 0xA0) ? 0 : 3;
    if (c == 0xC3)
        return c1 == 0x97 || c1 == 0xB7 ? 0 : 2;
    return c <= 0xC5 || (c >= 0xCE && c <= 0xD1) ? 2 : 0;
}

/* Back from p over the blanks before it, not past from. */
static const char *blanks_before(const char *from, const char *p)
{
    while (p > from && md_is_blank(p[-1]))
        p--;
    return p;
}

static bool key_pair_at(const char *p, const char *end, char sep);

/* The set a value was measured on, glued to it in parentheses: the
 * PyTorch text classification tutorial's "Loss: 0.0261(train) | Acc:
 * 84.7%(train)" and "Loss: 0.0001(valid)". Its length, its word at *set. */
static size_t glued_set(const char *p, const char *end, const char **set)
{
    static const char *const sets[] = {"train", "valid", "val", "test", "dev", "eval"};
    const char *q = p + 1;
    while (q < end && q - p <= 6 && *q >= 'a' && *q <= 'z')
        q++;
    if (q >= end || *q != ')' || !md_word_in(p + 1, (size_t)(q - p - 1), sets, MD_COUNT(sets)))
        return 0;
    if (set)
        *set = p + 1;
    return (size_t)(q - p - 1);
}

/* Characters that may end a value. */
static bool is_value_end(const char *p, const char *end)
{
    if (p == end)
        return true;
    switch (*p) {
    case ' ':
    case '\t':
    case ',':
    case ';':
    case '|':
    case ')':
    case ']':
    case '}':
    case '\'':
    case '"':
        return true;
    case ':':
        return p + 1 == end || !md_is_digit(p[1]); /* "12:00:00" is a clock */
    case '/': /* "epoch=0/micro_step=10/global_step=10" (DeepSpeed's timer) */
        return key_pair_at(p + 1, end, '=');
    case '.':
        return p + 1 == end || p[1] == ' ' || p[1] == '\t'; /* the end of a sentence */
    case '>': /* old BasicSR's "<epoch: 99, iter:   5,000> psnr: 2.9862e+01." */
        return p + 1 == end || p[1] == ' ';
    case '(':
        /* The same figure another way, glued on: torchtitan's "memory:
         * 49.66GiB(52.28%)" (of the device's), NeMo's "tps
         * 31346.32(3918.29/gpu)"; or the set it was measured on
         * (glued_set). */
        return (p + 1 < end && md_is_digit(p[1]) && memchr(p, ')', (size_t)(end - p)) != NULL) ||
               glued_set(p, end, NULL);
    default:
        return (unsigned char)*p >= 0x80;
    }
}

/* At the ':' of "mAP@0.5:0.95": a threshold under 1 after '@' before it
 * ("0.5", ".5") and after it ("0.95", ".95"), so "Acc@1:95.3" and verl's
 * "reward/mean@4:0.42" stay pairs. */
static bool iou_range_end(const char *p, const char *end)
{
    const char *q = p;
    while (q > p - 6 && (md_is_digit(q[-1]) || q[-1] == '.'))
        q--;
    if (q == p || q[-1] != '@' || !memchr(q, '.', (size_t)(p - q)) || (q[0] != '0' && q[0] != '.'))
        return false;
    q = p + 1;
    if (q < end && *q == '0')
        q++;
    return end - q >= 2 && q[0] == '.' && md_is_digit(q[1]);
}

const char *md_kv_word_end(const char *p, const char *end)
{
    size_t k;
    while (p < end) {
        if (is_alnum(*p))
            p++;
        else if ((unsigned char)*p >= 0xC3 && (k = utf8_letter(p, end)) != 0)
            p += k;
        else if ((*p == '/' || *p == '.' || *p == '-') && p + 1 < end && is_alnum(p[1]))
            p++;
        else if (*p == '@' && p + 1 < end && (is_alnum(p[1]) || p[1] == '.'))
            p++; /* a rank's cut-off: "Acc@1", "Recall@10", "mAP@.5" */
        else if (*p == ':' && iou_range_end(p, end))
            p++; /* COCO's range of IoU thresholds: "mAP@0.5:0.95", "mAP@.5:.95" */
        else
            break;
    }
    return p;
}

/* A key and its separator at p: "micro_step=", "loss:". */
static bool key_pair_at(const char *p, const char *end, char sep)
{
    if (p >= end || !is_alpha(*p))
        return false;
    const char *w = md_kv_word_end(p, end);
    return w < end && *w == sep;
}

/* Module paths and file names ("modeling_utils.py:3729",
 * "llamafactory.hparams.parser:373") are not metric names: a line number
 * follows them. An abbreviation ("L.r.", on_abbreviation) ends in its
 * point, and a dotted name with a fraction is a metric's (fastText's
 * "avg.loss:  0.512345"). */
static bool key_acceptable(const char *key, size_t n, unsigned flags)
{
    if (n == 0 || n > KEY_MAX_LEN)
        return false;
    /* A verb alone names nothing: "time consuming of epoch 13 is: 29.9"
     * (the name lies before the count). */
    static const char *const verbs[] = {"is", "are", "was", "were"};
    if (n <= 4 && md_word_in(key, n, verbs, MD_COUNT(verbs)))
        return false;
    /* PyTorch's OOM message, "Of the allocated memory 14.24 GiB is
     * allocated by PyTorch" (a line of its own where the message wraps),
     * measures no memory of the run's own. */
    if (n > 17 && strncasecmp(key, "of the allocated ", 17) == 0)
        return false;
    bool dotted = false;
    for (size_t i = 0; i + 1 < n; i++)
        dotted |= key[i] == '.' && is_alpha(key[i + 1]);
    return !dotted || key[n - 1] == '.' || !(flags & MD_KV_INTEGRAL);
}

typedef struct value {
    double v;
    md_unit unit;
    unsigned flags;
    double total;
    const char *end;
    const char *num, *tot; /* see md_kv */
    size_t numlen, totlen;
    bool grouped;
    bool elapsed; /* a span of days, hours and minutes: how long, not a step's time */
    bool listed;  /* the first of a list of two numbers or more; mean is theirs */
    uint8_t num_digits_max;
    /* The list's finite numbers, and those at zero on its scale (under 1%
     * of 1, or of 100 where a number is above 1); list_scored is 0 where a
     * number is negative: no list of scores. */
    uint16_t list_scored, list_zeros;
    bool list_nonfinite; /* a number of the list is NaN or infinite */
    double mean;         /* the mean of the list's finite numbers, NaN when none is */
    double list_best; /* the largest of them */
} value;

/* fairseq's JSON log spells the set into its keys ("| valid |
 * {\"valid_loss\": ...}"): a key that starts with the set's name is not
 * named again. */
static bool names_own_set(const scan *s, const char *key, size_t keylen)
{
    return keylen > s->setlen && key[s->setlen] == '_' && strncasecmp(key, s->set, s->setlen) == 0;
}

/* Under the training set's name ("| train | loss 11.2 | ...", fairseq's
 * epoch summary, beside its per-update "loss=") a key takes the name, to
 * keep a series of its own, only where the catalog reads it as the same
 * series: "train time" is the run's total time, not the step's "time",
 * and "train norm" no series at all. A logger named "train" prints every
 * line so. */
static bool keeps_own_spelling(const scan *s, const char *key, size_t keylen)
{
    return s->set_training && (!s->same || !s->same(s->ctx, s->set, s->setlen, key, keylen));
}

/* An evaluation set's own loss ("[Eval] eval_loss = 0.43, ..., loss =
 * 0.43", BERT's results) makes a bare "loss" after it the same value
 * again, or in BERT's PyTorch ports the training's average: not read. */
static bool names_set_loss(const scan *s, const char *key, size_t keylen)
{
    return !s->set_training && keylen == s->setlen + 5 && names_own_set(s, key, keylen) &&
           memcmp(key + s->setlen, "_loss", 5) == 0;
}

/* A line of more pairs than out holds (a dict of per-layer norms, the
 * loss last): a key the catalog knows takes the place of the last one it
 * does not, the pairs' order kept. Each pair is asked about once. */
static MD_NOINLINE bool make_room(scan *s, const char *key, size_t keylen)
{
    if (!s->known || !s->known(s->ctx, key, keylen))
        return false;
    while (s->evict_below > 0) {
        size_t i = --s->evict_below;
        if (!s->known(s->ctx, s->out[i].key, s->out[i].keylen)) {
            memmove(&s->out[i], &s->out[i + 1], (s->n - i - 1) * sizeof *s->out);
            s->n--;
            return true;
        }
    }
    return false;
}

/* OLMo's logger starts a line "2025-12-12 11:05:02.009\thost-03:0\t...":
 * its time, then the host and the local rank (spaces for the tabs where a
 * paste turned them so: "... 09:59:26.181 intern-studio-160750:0
 * olmo.train:908"). A field of an unknown name and a whole number right
 * after a time field at the line's start says where the line comes from. */
static bool host_rank_field(const scan *s, const char *key, size_t keylen, const value *v)
{
    /* A key the scan names itself ("epoch") is no field of the line
     * (compared as addresses: it points into another object). */
    uintptr_t at = (uintptr_t)key - (uintptr_t)s->line, len = (uintptr_t)(s->end - s->line);
    if (at >= len || at < 8 || at + keylen >= len || !(v->flags & MD_KV_INTEGRAL) || !md_is_blank(key[-1]) ||
        key[keylen] != ':' || v->end >= s->end || !md_is_blank(*v->end) || !md_is_digit(*s->line))
        return false;
    for (const char *p = s->line; p < key - 1; p++)
        if (!md_is_digit(*p) && !strchr("-:.,/ TZ+", *p))
            return false;
    return !s->known || !s->known(s->ctx, key, keylen);
}

/* Which process wrote the line, "rank=0" in OLMo's "[olmo.train:816,
 * rank=0]", a launcher's "local_rank=3": an identity, not a measurement. */
static bool process_rank(const char *key, size_t keylen, const value *v)
{
    static const char *const ranks[] = {"rank", "local_rank", "global_rank", "node_rank"};
    return keylen >= 4 && (key[keylen - 1] | 0x20) == 'k' && (v->flags & MD_KV_INTEGRAL) &&
           strncasecmp(key + keylen - 4, "rank", 4) == 0 && md_word_in(key, keylen, ranks, MD_COUNT(ranks));
}

/* A device and its index, "TPU:0", "cuda:1", "device GPU:3" (torch_xla's
 * "Waiting on device barrier for device TPU:0"): a name, not a measurement. */
static bool device_index(const scan *s, const char *key, size_t keylen, const value *v)
{
    static const char *const devices[] = {"cpu", "cuda", "device", "gpu", "hpu", "mps", "npu", "tpu", "xla", "xpu"};
    uintptr_t at = (uintptr_t)key - (uintptr_t)s->line, len = (uintptr_t)(s->end - s->line);
    if (at >= len || at + keylen + 1 >= len || !(v->flags & MD_KV_INTEGRAL) || v->unit != MD_UNIT_NONE || key[keylen] != ':' ||
        !md_is_digit(key[keylen + 1]))
        return false;
    size_t w = keylen;
    while (w > 0 && md_is_letter(key[w - 1]))
        w--;
    return md_word_in(key + w, keylen - w, devices, MD_COUNT(devices));
}

/* The training set is only the bare word: fairseq's "train_inner" is its
 * per-update record, whose keys are the plain spellings. */
static bool training_set_name(const char *w, const char *we)
{
    size_t n = (size_t)(we - w);
    return md_word_is(w, n, "train") || md_word_is(w, n, "training");
}

/* The length of the key's first word, its leading ASCII letters ("Val" of
 * "Val Loss" and of "Val_Auc"). */
static size_t first_word_len(const char *key, size_t keylen)
{
    size_t w = 0;
    while (w < keylen && md_is_letter(key[w]))
        w++;
    return w;
}

/* Whether the key's first word names an evaluation ("Val Loss", "test_acc"). */
static bool evaluation_named(const char *key, size_t keylen)
{
    return md_evaluation_word(key, first_word_len(key, keylen));
}

/* Whether one of the first n pairs, outside any namespace, has the key. */
static bool plain_pair_before(const scan *s, size_t n, const char *key, size_t keylen)
{
    for (size_t i = 0; i < n; i++)
        if (!s->out[i].ns && s->out[i].keylen == keylen && memcmp(s->out[i].key, key, keylen) == 0)
            return true;
    return false;
}

/* "Train Loss: 11.2 | Token Acc: 0.05 | Val Loss: 10.9 | Token Acc: 0.07":
 * a key the line gave before its evaluation's first, given again after
 * it, is the evaluation's. */
static bool repeated_after_evaluation(const scan *s, const char *key, size_t keylen)
{
    return s->eval_at > 0 && plain_pair_before(s, s->eval_at - 1, key, keylen);
}

/* SIGN's "Train Auc: 0.92,Train Acc: 0.89, Val Auc: 0.91, Acc: 0.88, Test
 * Auc: 0.91, Acc: 0.89": a bare key the line gave before under the
 * training set's name ("Train Acc"), given after an evaluation's key, is
 * that evaluation's. Returns the length of the evaluation's set word,
 * pointed to by *set, or 0. */
static size_t evaluation_set_of(const scan *s, const char *key, size_t keylen, const char **set)
{
    size_t last_eval = s->n;
    for (size_t i = s->n; i-- > 0;)
        if (!s->out[i].ns && evaluation_named(s->out[i].key, s->out[i].keylen)) {
            last_eval = i;
            break;
        }
    if (last_eval == s->n)
        return 0;
    for (size_t i = 0; i < last_eval; i++) {
        const md_kv *o = &s->out[i];
        const char *we = o->key + first_word_len(o->key, o->keylen);
        if (o->ns || !training_set_name(o->key, we) || we + 1 + keylen != o->key + o->keylen ||
            (*we != ' ' && *we != '_') || memcmp(we + 1, key, keylen) != 0)
            continue;
        *set = s->out[last_eval].key;
        return first_word_len(s->out[last_eval].key, s->out[last_eval].keylen);
    }
    return 0;
}

/* LeRobot's "step:2K smpl:819K ep:916 epch:22.90 loss:0.170 grdn:4.703":
 * beside its epochs ("epch"), its "ep" counts episodes, not epochs. */
static void lerobot_episodes(scan *s)
{
    if (s->n && s->out[s->n - 1].keylen == 2 && memcmp(s->out[s->n - 1].key, "ep", 2) == 0)
        s->out[s->n - 1].key = "episodes", s->out[s->n - 1].keylen = 8;
}

bool md_kv_set_name(const char *p, size_t n)
{
    static const char *const sets[] = {"train", "val", "valid", "validation"};
    return md_word_in(p, n, sets, MD_COUNT(sets));
}

/* A learning rate's name: "lr", "learning_rate", "Learning Rate",
 * "lr-AdamW". */
static bool names_learning_rate(const char *key, size_t keylen)
{
    for (size_t i = 0; i + 2 <= keylen; i++) {
        bool starts = i == 0 || !md_is_letter(key[i - 1]);
        if (starts && strncasecmp(key + i, "lr", 2) == 0 && (i + 2 == keylen || !md_is_letter(key[i + 2])))
            return true;
        if (starts && i + 8 <= keylen && strncasecmp(key + i, "learning", 8) == 0)
            return true;
    }
    return false;
}

/* Whether a word of the key (letters and digits) is one of the words. */
static bool has_word_of(const char *key, size_t keylen, const char *const *words, size_t nwords)
{
    const char *end = key + keylen;
    for (const char *w = key; w < end;) {
        while (w < end && !md_is_letter(*w) && !md_is_digit(*w))
            w++;
        const char *we = w;
        while (we < end && (md_is_letter(*we) || md_is_digit(*we)))
            we++;
        if (we > w && md_word_in(w, (size_t)(we - w), words, nwords))
            return true;
        w = we;
    }
    return false;
}

/* A name a per-class score list goes by: "Pseudo dice", "Average global
 * foreground Dice", "IoU per class", "class_acc". */
static bool names_scores(const char *key, size_t keylen)
{
    static const char *const scores[] = {"dice", "dsc", "iou", "miou", "jaccard", "acc", "accuracy",
                                         "f1",   "ap",  "map", "auc",  "recall",  "precision"};
    return has_word_of(key, keylen, scores, MD_COUNT(scores));
}

static void emit_class_scores(scan *s, const value *v);
static bool loss_word(const char *w, const char *end);

static void emit(scan *s, const char *key, size_t keylen, const value *v, bool in_ns)
{
    if (host_rank_field(s, key, keylen, v) || process_rank(key, keylen, v) || device_index(s, key, keylen, v))
        return;
    /* A list is one number per parameter group for a learning rate (the
     * first group's is the run's), one per class or head for anything else
     * (nnU-Net's "Pseudo dice [0.8102, 0.0, nan]"): their mean, NaN ones
     * left out, is the figure. */
    value averaged;
    if (v->listed && !names_learning_rate(key, keylen)) {
        averaged = *v;
        /* One per rank for a loss (PaddlePaddle's "loss [nan 9.2111 nan]",
         * eight trainers'): a rank's NaN is the run's. */
        averaged.v = v->list_nonfinite && loss_word(key, key + keylen) ? NAN : v->mean;
        averaged.num = NULL;
        v = &averaged;
    }
    if (keylen == 4 && memcmp(key, "epch", 4) == 0)
        lerobot_episodes(s);
    /* HF datasets' progress, "Map: 100%" above its bar in a notebook's
     * output (or "Map (num_proc=4): 45%"): the share of examples mapped,
     * no mAP, which is spelled so. */
    if (keylen >= 3 && memcmp(key, "Map", 3) == 0 && (keylen == 3 || key[3] == ' ') && v->unit == MD_UNIT_PERCENT)
        return;
    /* StyleGAN's "time 2d 07h 06m": the time so far, not the step's. */
    if (v->elapsed && md_word_is(key, keylen, "time"))
        key = "elapsed_time", keylen = 12;
    /* ESPnet's timings: iter_time waits for the data iterator, train_time
     * is the whole iteration's, time the epoch's ("time=3 hours, 11
     * minutes and 16.97 seconds"). */
    if (s->espnet) {
        if (keylen == 9 && memcmp(key, "iter_time", 9) == 0)
            key = "data_time", keylen = 9;
        else if (keylen == 10 && memcmp(key, "train_time", 10) == 0)
            key = "step_time", keylen = 9;
        else if (md_word_is(key, keylen, "time"))
            key = "epoch_time", keylen = 10;
    }
    /* A set's name alone is its loss's ("Train: 0.8123, Val: 1.5817") only
     * before a number with a point and no unit: "Train: 5000 samples" and
     * "valid 050" count. */
    if (((v->flags & MD_KV_INTEGRAL) || v->unit != MD_UNIT_NONE) && md_kv_set_name(key, keylen))
        return;
    bool under_set = in_ns && s->set && s->ns == s->set;
    s->loss_repeated |= under_set && names_set_loss(s, key, keylen);
    if (under_set && (names_own_set(s, key, keylen) || keeps_own_spelling(s, key, keylen)))
        in_ns = false;
    /* "Val loss: 0.69, Val acc: 0.64": a key that names its evaluation
     * itself is not the first one's again. */
    else if (in_ns && s->ns_eval && !s->ns_bracket && evaluation_named(key, keylen))
        in_ns = false;
    if (s->loss_repeated && keylen == 4 && memcmp(key, "loss", 4) == 0)
        return;
    if (!key_acceptable(key, keylen, v->flags) || (s->n == s->cap && !make_room(s, key, keylen)))
        return;
    const char *ns = in_ns ? s->ns : key == s->owned ? s->owner : NULL;
    size_t nslen = in_ns ? s->nslen : key == s->owned ? s->ownerlen : 0;
    const char *set;
    size_t setlen;
    if (!ns && s->eval_at && repeated_after_evaluation(s, key, keylen))
        ns = "val", nslen = 3;
    else if (!ns && s->eval_at && (setlen = evaluation_set_of(s, key, keylen, &set)))
        ns = set, nslen = setlen;
    /* CenterNet's logger writes the evaluation's figures after the
     * training's on one line of '|'-parted fields, under the same names:
     * "epoch: 20 |loss 0.241926 | ... | time 3.45 | loss 0.164422 | ...". */
    else if (!ns && s->piped && plain_pair_before(s, s->n, key, keylen))
        ns = "val", nslen = 3;
    else if (!ns && !s->eval_at && evaluation_named(key, keylen))
        s->eval_at = s->n + 1;
    else if (!ns && s->lead_end && (!s->piped || s->lead_paired) && key >= s->lead_end && key < s->end &&
             !evaluation_named(key, keylen))
        ns = s->lead_ns, nslen = s->lead_nslen;
    s->lead_paired |= s->lead_end && !s->piped;
    s->out[s->n++] = (md_kv){.key = key,
                             .keylen = keylen,
                             .value = v->v,
                             .unit = v->unit,
                             .flags = v->flags,
                             .total = v->total,
                             .end = v->end,
                             .ns = ns,
                             .nslen = nslen,
                             .num = v->num,
                             .tot = v->tot,
                             .numlen = v->numlen,
                             .totlen = v->totlen,
                             .grouped = v->grouped,
                             .num_digits_max = v->num_digits_max};
    if (v->listed && v->list_scored >= 2 && names_scores(key, keylen))
        emit_class_scores(s, v);
}

/* A list of scores, one per class (nnU-Net's "Pseudo dice [0.0, 0.0, 0.0,
 * 0.8057, 0.0, 0.0]"), beside its mean: how many classes it scores, how
 * many of them are at zero and the best one's score, the line's first
 * such list's only. */
static void emit_class_scores(scan *s, const value *v)
{
    static const char scored[] = "classes_scored";
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].key == scored)
            return;
    value c = {.unit = MD_UNIT_NONE, .flags = MD_KV_INTEGRAL, .total = NAN, .end = v->end};
    c.v = v->list_scored;
    emit(s, scored, sizeof scored - 1, &c, false);
    c.v = v->list_zeros;
    emit(s, "classes_at_zero", 15, &c, false);
    value best = {.v = v->list_best, .unit = MD_UNIT_NONE, .total = NAN, .end = v->end};
    emit(s, "best_class_score", 16, &best, false);
}

/* Where md_num_scan read a count and its total, each from one text of
 * the line ("[ 50/500]": "50" and "500"), so that a line shape reads them
 * again; NULL where it read none. */
typedef struct count_text {
    const char *num, *tot;
    size_t numlen, totlen;
    bool grouped;           /* see md_kv */
    uint8_t num_digits_max; /* see md_kv */
} count_text;

/* A count read from brackets or a prefix ("[3][ 50/500]", "[1000]"):
 * integral, with its total when it has one, and where it was read (t, or
 * NULL: no line shape reads it again). */
static void emit_count(scan *s, const char *key, size_t keylen, double v, double total, const char *end,
                       const count_text *t)
{
    value c = {.v = v,
               .unit = MD_UNIT_NONE,
               .flags = MD_KV_INTEGRAL | (isnan(total) ? 0 : MD_KV_TOTAL),
               .total = total,
               .end = end};
    if (t && t->num && (isnan(total) || t->tot)) {
        c.num = t->num, c.numlen = t->numlen;
        c.tot = t->tot, c.totlen = t->totlen;
        c.grouped = t->grouped;
        c.num_digits_max = t->num_digits_max;
    }
    emit(s, key, keylen, &c, false);
}

/* The count of a batch within its epoch, so written ("[3][50/500]"). */
static void emit_batch_in_epoch(scan *s, double v, double total, const char *end, const count_text *t)
{
    size_t n = s->n;
    emit_count(s, "iter", 4, v, total, end, t);
    if (s->n > n && !isnan(total))
        s->out[s->n - 1].flags |= MD_KV_IN_EPOCH;
}

/* Units are spelled with letters, '/', '%' and non-ASCII bytes ("\xc2\xb5s")
 * and start with one of those but '/' (tests/check_fastpath.c checks the
 * table for both). So md_unit_scan is asked only after such a byte, and
 * what it finds depends only on the run of such bytes there: the answer
 * for a short run is remembered. */
static bool unit_byte(char c)
{
    return is_alpha(c) || c == '%' || c == '/' || (unsigned char)c >= 0x80;
}

static size_t unit_at(md_unit_memo *memo, const char *p, const char *end, md_unit *u)
{
    if (p >= end || *p == '/' || !unit_byte(*p))
        return 0;
    if (!memo)
        return md_unit_scan(p, end, u);
    size_t run = 1;
    while (p + run < end && run <= MD_UNIT_MEMO_TEXT && unit_byte(p[run]))
        run++;
    if (run > MD_UNIT_MEMO_TEXT)
        return md_unit_scan(p, end, u);
    unsigned h = (unsigned)run;
    for (size_t i = 0; i < run; i++)
        h = h * 31 + (unsigned char)p[i];
    size_t k = h % MD_UNIT_MEMO;
    if (memo->slot[k].len != run || memcmp(memo->slot[k].text, p, run) != 0) {
        md_unit found = MD_UNIT_NONE;
        size_t used = md_unit_scan(p, p + run, &found);
        memcpy(memo->slot[k].text, p, run);
        memo->slot[k].len = (unsigned char)run;
        memo->slot[k].used = (unsigned char)used;
        memo->slot[k].unit = found;
    }
    *u = memo->slot[k].unit;
    return memo->slot[k].used;
}

static bool unit_after_space(md_unit u)
{
    md_dim d = md_unit_dim(u);
    return (d == MD_DIM_BYTES && u != MD_UNIT_B) || u == MD_UNIT_MS || u == MD_UNIT_S ||
           u == MD_UNIT_US || u == MD_UNIT_MIN;
}

static bool is_integral_text(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!md_is_digit(p[i]) && p[i] != '-' && p[i] != '+')
            return false;
    return n > 0;
}

unsigned md_kv_decimals(const char *p, size_t n)
{
    size_t after_point = n; /* numbers are short: one pass, no memchr call */
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '.')
            after_point = i + 1;
        else if ((p[i] | 0x20) == 'e')
            return 0;
    }
    return MD_KV_DECIMALS(n - after_point);
}

unsigned md_kv_number_flags(const char *p, size_t n)
{
    return (is_integral_text(p, n) ? MD_KV_INTEGRAL : 0) | md_kv_decimals(p, n);
}

/* The value md_num_scan read as v from the n bytes at p, in unit, the
 * pair's text ending at end. */
static value text_number(const char *p, size_t n, double v, md_unit unit, const char *end)
{
    return (value){
        .v = v, .unit = unit, .flags = md_kv_number_flags(p, n), .total = NAN, .end = end, .num = p, .numlen = n};
}

/* The value md_num_scan read as v from the n bytes at p, with no unit,
 * ending where its text does. */
static value scanned_value(const char *p, size_t n, double v)
{
    return (value){.v = v, .unit = MD_UNIT_NONE, .flags = md_kv_decimals(p, n), .total = NAN, .end = p + n};
}

/* A list's number at q, bare or as NumPy 2 prints its scalars ("Pseudo
 * dice [np.float32(0.1527), np.float32(0.0)]", nnU-Net's under numpy 2):
 * the bytes it takes, 0 for none; *num and *numlen are its digits. */
static size_t list_element(const char *q, const char *end, double *v, const char **num, size_t *numlen)
{
    const char *p = q;
    if (md_text_at(p, end, "np.float")) {
        p += 8;
        while (p < end && md_is_digit(*p))
            p++;
        if (p >= end || *p != '(')
            return 0;
        p++;
    }
    size_t k = md_num_scan(p, end, v);
    if (!k)
        return 0;
    *num = p;
    *numlen = k;
    if (p == q)
        return k;
    return p + k < end && p[k] == ')' ? (size_t)(p + k + 1 - q) : 0;
}

/* What a list's finite numbers add up to, for its mean and, where they
 * are scores, how many are at zero. */
typedef struct list_tally {
    double sum, best;
    size_t finite, negative, under_hundredth, under_one;
} list_tally;

static void tally(list_tally *t, double x)
{
    if (!isfinite(x))
        return;
    t->sum += x;
    t->finite++;
    t->best = x > t->best ? x : t->best;
    t->negative += x < 0;
    t->under_hundredth += x <= 0.01;
    t->under_one += x <= 1;
}

/* DeepSpeed's "lr=[1.000000e-05, 1.000000e-05]", one number per parameter
 * group: the first group's; BasicSR prints a tuple, "lr:(2.000e-04,)" or
 * "lr:(2.000e-04,2.000e-05,)". Only lists of fractions: integers in
 * brackets are coordinates ("block: [218,0,0]") or counts. */
static bool parse_first_of_list(const char *p, const char *end, value *out)
{
    char close = *p == '(' ? ')' : ']';
    /* NumPy prints an array with blanks between its numbers and pads them
     * to one width: "[     nan 9.211133      nan]". */
    const char *q = close == ']' ? md_skip_blanks(p + 1, end) : p + 1, *num;
    double first, next;
    size_t numlen, k = list_element(q, end, &first, &num, &numlen);
    if (!k || is_integral_text(num, numlen))
        return false;
    *out = (value){.v = first, .unit = MD_UNIT_NONE, .flags = md_kv_decimals(num, numlen), .total = NAN,
                   .num = num, .numlen = numlen};
    bool trailing_comma = false;
    list_tally t = {.best = -INFINITY};
    tally(&t, first);
    size_t numbers = 1;
    q += k;
    if (close == ']' && q < end && md_is_blank(*q)) {
        while ((q = md_skip_blanks(q, end)) < end && *q != close) {
            size_t n = list_element(q, end, &next, &num, &numlen);
            if (!n || (q + n < end && !md_is_blank(q[n]) && q[n] != close))
                return false;
            q += n;
            numbers++;
            tally(&t, next);
        }
    }
    for (; q < end && *q == ',';) {
        q++;
        while (q < end && *q == ' ')
            q++;
        if ((trailing_comma = q < end && *q == close))
            break;
        size_t n = list_element(q, end, &next, &num, &numlen);
        if (!n)
            return false;
        q += n;
        numbers++;
        tally(&t, next);
    }
    out->listed = numbers >= 2;
    out->list_nonfinite = t.finite < numbers;
    out->mean = t.finite ? t.sum / (double)t.finite : NAN;
    if (t.finite && !t.negative && t.finite <= UINT16_MAX) {
        out->list_scored = (uint16_t)t.finite;
        out->list_zeros = (uint16_t)(t.best > 1 ? t.under_one : t.under_hundredth);
        out->list_best = t.best;
    }
    /* A tuple only as BasicSR writes it, with a comma after each number: a
     * setting's pair ("'betas': (0.9, 0.95)") is no rate. */
    if (q >= end || *q != close || !is_value_end(q + 1, end) || (close == ')' && !trailing_comma))
        return false;
    out->end = q + 1;
    return true;
}

/* Reads "[N/T]" ("Epoch [5/650]"). */
static bool parse_bracket_fraction(const char *p, const char *end, value *out)
{
    double n, t;
    const char *q = md_skip_blanks(p + 1, end); /* MindFormers pads both: "[  180/  234]" */
    size_t k = md_num_scan(q, end, &n);
    if (!k || !is_integral_text(q, k))
        return false;
    q += k;
    if (q >= end || *q != '/')
        return false;
    q = md_skip_blanks(q + 1, end);
    k = md_num_scan(q, end, &t);
    if (!k)
        return false;
    const char *close = md_skip_blanks(q + k, end);
    if (close >= end || *close != ']')
        return false;
    *out = (value){.v = n,
                   .unit = MD_UNIT_NONE,
                   .flags = MD_KV_INTEGRAL | MD_KV_TOTAL,
                   .total = t,
                   .end = close + 1};
    return true;
}

bool md_num_whole(const char *p, const char *end, double *v)
{
    size_t n = (size_t)(end - p);
    return n && (md_num_scan(p, end, v) == n || md_num_grouped(p, end, v) == n);
}

md_str md_cell_unemphasized(md_str c)
{
    for (int round = 0; round < 2 && c.n >= 3 && (c.p[0] == '*' || c.p[0] == '_') && c.p[c.n - 1] == c.p[0]; round++)
        c.p++, c.n -= 2;
    return c;
}

size_t md_group_separator(const char *q, const char *end)
{
    if (q < end && *q == ',')
        return 1;
    if (end - q >= 2 && (unsigned char)q[0] == 0xC2 && (unsigned char)q[1] == 0xA0)
        return 2;
    if (end - q >= 3 && (unsigned char)q[0] == 0xE2 && (unsigned char)q[1] == 0x80 &&
        ((unsigned char)q[2] == 0xAF || (unsigned char)q[2] == 0x89))
        return 3;
    return 0;
}

size_t md_num_grouped(const char *p, const char *end, double *v)
{
    size_t sign = p < end && (*p == '-' || *p == '+');
    size_t lead = md_digit_run(p + sign, (size_t)(end - p) - sign), k = sign + lead;
    if (lead == 0 || lead > 3 || p[sign] == '0')
        return 0;
    char digits[64];
    size_t n = k;
    memcpy(digits, p, k);
    const char *q = p + k, *sep = q;
    size_t w = md_group_separator(q, end); /* every group after the same separator */
    while (w && (size_t)(end - q) >= w + 3 && memcmp(q, sep, w) == 0 && md_is_digit(q[w]) &&
           md_is_digit(q[w + 1]) && md_is_digit(q[w + 2]) && ((size_t)(end - q) == w + 3 || !md_is_digit(q[w + 3])) &&
           n + 3 < 40) {
        memcpy(digits + n, q + w, 3);
        n += 3;
        q += w + 3;
    }
    if (q == p + k)
        return 0;
    if (end - q >= 2 && q[0] == '.' && md_is_digit(q[1])) {
        const char *f = q + 1;
        while (f < end && md_is_digit(*f) && n + (size_t)(f - q) < sizeof digits)
            f++;
        memcpy(digits + n, q, (size_t)(f - q));
        n += (size_t)(f - q);
        q = f;
    }
    md_num_scan(digits, digits + n, v);
    return (size_t)(q - p);
}

/* A scalar as PyTorch, NumPy or JAX print it: "tensor(2.3456,
 * device='cuda:0', grad_fn=<NllLossBackward0>)", "tensor([2.3456])",
 * "np.float32(2.3456)", "Array(2.3456, dtype=float32)". The number inside
 * is the value, which ends with the call. */
static bool parse_wrapped(const char *p, const char *end, value *out)
{
    static const char *const calls[] = {"tensor(", "np.float16(", "np.float32(", "np.float64(", "array(",
                                        "Array(", "DeviceArray("};
    /* Most values are numbers: one test of the first byte passes them. */
    if (p >= end || (*p != 't' && *p != 'n' && *p != 'a' && *p != 'A' && *p != 'D'))
        return false;
    size_t len = 0;
    size_t i = 0;
    for (; i < MD_COUNT(calls); i++) {
        len = strlen(calls[i]);
        if ((size_t)(end - p) > len && memcmp(p, calls[i], len) == 0)
            break;
    }
    if (i == MD_COUNT(calls))
        return false;
    const char *q = p + len;
    bool list = *q == '[';
    q += list;
    size_t k = md_num_scan(q, end, &out->v);
    if (!k)
        return false;
    out->flags = md_kv_number_flags(q, k);
    q += k;
    if (list && (q >= end || *q++ != ']'))
        return false;
    if (q >= end || (*q != ')' && *q != ','))
        return false;
    const char *close = memchr(q, ')', (size_t)(end - q));
    if (!close || !is_value_end(close + 1, end))
        return false;
    out->unit = MD_UNIT_NONE;
    out->total = NAN;
    out->end = close + 1;
    return true;
}

/* A unit of time spelled out, singular or plural ("minute", "seconds"):
 * its length, or 0. */
static size_t time_word(const char *p, const char *end, double *seconds, md_unit *unit)
{
    static const struct {
        const char *word;
        double seconds;
        md_unit unit;
    } words[] = {{"millisecond", 1e-3, MD_UNIT_MS}, {"second", 1, MD_UNIT_S}, {"minute", 60, MD_UNIT_MIN},
                 {"hour", 3600, MD_UNIT_H},          {"day", 86400, MD_UNIT_NONE}, {"week", 604800, MD_UNIT_NONE}};
    for (size_t i = 0; i < MD_COUNT(words); i++) {
        size_t n = strlen(words[i].word);
        if ((size_t)(end - p) < n || memcmp(p, words[i].word, n) != 0)
            continue;
        if (p + n < end && p[n] == 's')
            n++;
        if (p + n < end && is_alpha(p[n]))
            return 0;
        *seconds = words[i].seconds;
        *unit = words[i].unit;
        return n;
    }
    return 0;
}

/* A span of time in words, as Python's humanfriendly.format_timespan
 * writes it (ESPnet's epoch times): "44.19 seconds", "1 minute and 44.19
 * seconds", "2 hours, 3 minutes and 4.5 seconds". A span of one number
 * keeps its unit; the sum of several, in seconds, has no one number's
 * text for a line shape to read again. */
static bool parse_timespan(const char *p, const char *end, value *out)
{
    double sum = 0, v, seconds;
    md_unit unit = MD_UNIT_NONE;
    const char *q = p, *span_end = NULL;
    size_t parts = 0, k, w;
    while ((k = md_num_scan(q, end, &v)) && q + k + 1 < end && q[k] == ' ' &&
           (w = time_word(q + k + 1, end, &seconds, &unit))) {
        sum += v * seconds;
        parts++;
        span_end = q + k + 1 + w;
        if (md_text_at(span_end, end, " and "))
            q = span_end + 5;
        else if (md_text_at(span_end, end, ", "))
            q = span_end + 2;
        else
            break;
    }
    if (!span_end || !is_value_end(span_end, end))
        return false;
    if (parts == 1 && unit != MD_UNIT_NONE) {
        k = md_num_scan(p, end, &v);
        *out = text_number(p, k, v, unit, span_end);
        return true;
    }
    *out = (value){.v = sum, .unit = MD_UNIT_S, .total = NAN, .end = span_end};
    return true;
}

/* A span of units glued to their numbers, largest first: "08h 36m 42s"
 * (a script's elapsed time), ms-swift's "1d 13h 2m 1s". One part is a
 * number and its unit, which parse_value reads. */
static bool parse_glued_span(const char *p, const char *end, value *out)
{
    double sum = 0, v;
    const char *q = p, *span_end = NULL;
    int parts = 0, last_rank = 5;
    size_t k;
    while ((k = md_num_scan(q, end, &v)) != 0) {
        const char *u = q + k;
        int rank = u >= end ? 0 : *u == 'd' ? 4 : *u == 'h' ? 3 : *u == 'm' ? 2 : *u == 's' ? 1 : 0;
        if (!rank || rank >= last_rank || (u + 1 < end && is_alnum(u[1])))
            break;
        static const double seconds[] = {0, 1, 60, 3600, 86400};
        sum += v * seconds[rank];
        last_rank = rank;
        parts++;
        span_end = u + 1;
        if (span_end + 1 >= end || *span_end != ' ' || !md_is_digit(span_end[1]))
            break;
        q = span_end + 1;
    }
    if (parts < 2 || !is_value_end(span_end, end))
        return false;
    *out = (value){.v = sum, .unit = MD_UNIT_S, .total = NAN, .end = span_end, .elapsed = true};
    return true;
}

/* A span on a clock's face, as Python's str(timedelta) writes it:
 * MMEngine's, detectron2's and YOLOX's "eta: 0:17:41", "eta: 1 day,
 * 2:03:04". Read only for an estimate of the time left, where a clock's
 * reading is a span, not a time of day. */
static bool parse_clock_span(const char *p, const char *end, value *out)
{
    double days = 0, v, seconds = 0;
    size_t k = md_num_scan(p, end, &v);
    const char *q = p;
    if (k && q + k < end && q[k] == ' ') {
        const char *w = q + k + 1;
        size_t word = md_text_at(w, end, "days, ") ? 6 : md_text_at(w, end, "day, ") ? 5 : 0;
        if (!word)
            return false;
        days = v;
        q = w + word;
    }
    size_t parts = 0;
    for (;;) {
        const char *digits = q;
        double part = 0;
        while (q < end && md_is_digit(*q))
            part = part * 10 + (*q++ - '0');
        if (q == digits || q - digits > 2 + (parts == 0) * 6)
            return false;
        seconds = seconds * 60 + part;
        parts++;
        if (parts == 3 || q >= end || *q != ':')
            break;
        q++;
    }
    if (parts < 2 || !is_value_end(q, end))
        return false;
    *out = (value){.v = days * 86400 + seconds, .unit = MD_UNIT_S, .total = NAN, .end = q};
    return true;
}

bool md_clock_span(const char *s, size_t n, double *seconds)
{
    value v;
    if (!n || !parse_clock_span(s, s + n, &v) || v.end != s + n)
        return false;
    *seconds = v.v;
    return true;
}

/* What a number with a comma is taken for a decimal comma in. */
typedef enum {
    COMMA_ALONE,        /* no thousands group can be: not three decimals but after a 0 */
    COMMA_LOG,          /* the log writes decimal commas: three decimals too ("1,148") */
    COMMA_UNMISTAKABLE, /* no list of integers either ("64,64"): a 0 and three, four and more */
} comma_form;

/* A number written with a decimal comma, as .NET and Java print in
 * locales that use one: ML.NET's "Accuracy:  0,4882352, Cross-Entropy:
 * 7,081955E+12". p holds k digits (a sign allowed) and a comma; only
 * what no thousands group or list can be: two decimals or more but not
 * three ("1,234" groups thousands, unless the log writes decimal commas),
 * three after a 0 ("0,123"), or an exponent (for COMMA_UNMISTAKABLE, no
 * list of integers either: four decimals and more, three after a 0, or an
 * exponent); and no comma and digit after it ("0,5,1" lists). Reads the
 * value into *v and returns the length, or 0. */
static size_t decimal_comma(const char *p, size_t k, const char *end, double *v, comma_form form)
{
    const char *q = p + k + 1;
    size_t decimals = md_digit_run(q, (size_t)(end - q));
    q += decimals;
    bool exponent = false;
    if (q < end && (*q | 0x20) == 'e') {
        const char *e = q + 1 + (q + 1 < end && (q[1] == '+' || q[1] == '-'));
        size_t digits = md_digit_run(e, (size_t)(end - e));
        if (digits) {
            exponent = true;
            q = e + digits;
        }
    }
    const char *digits = p + (*p == '-' || *p == '+');
    bool zero = digits[0] == '0' && k - (size_t)(digits - p) == 1;
    bool taken = form == COMMA_UNMISTAKABLE ? decimals >= 4 || (decimals == 3 && zero)
                                            : (decimals >= 2 && decimals != 3) || (decimals == 3 && (zero || form == COMMA_LOG));
    if (!exponent && !taken)
        return 0;
    if (q < end && ((q + 1 < end && *q == ',' && md_is_digit(q[1])) || !is_value_end(q, end)))
        return 0;
    char text[64];
    size_t n = (size_t)(q - p);
    if (n >= sizeof text)
        return 0;
    memcpy(text, p, n);
    text[k] = '.';
    text[n] = '\0';
    if (md_num_scan(text, text + n, v) != n)
        return 0;
    return n;
}

bool md_kv_decimal_comma_head(md_str head)
{
    size_t decimal = 0, grouped = 0;
    const char *end = head.p + head.n;
    for (const char *c = head.p; (c = memchr(c, ',', (size_t)(end - c))) != NULL; c++) {
        if (c == head.p || !md_is_digit(c[-1]) || c + 1 >= end || !md_is_digit(c[1]))
            continue;
        const char *s = c;
        while (s > head.p && md_is_digit(s[-1]))
            s--;
        if (s > head.p && (s[-1] == '-' || s[-1] == '+'))
            s--;
        /* A value after its key: "loss: 0,984", "acc=2,85". */
        if (s > head.p && s[-1] != ' ' && s[-1] != ':' && s[-1] != '=' && s[-1] != '\t')
            continue;
        const char *eol = memchr(c, '\n', (size_t)(end - c));
        eol = eol ? eol : end;
        if (eol > c && eol[-1] == '\r')
            eol--;
        double v;
        size_t g = md_num_grouped(s, eol, &v);
        /* Only forms no list of integers takes ("input_size: 64,64" and
         * "lr_steps: 30,60" are configuration). */
        if (decimal_comma(s, (size_t)(c - s), eol, &v, COMMA_UNMISTAKABLE) && !g)
            decimal++;
        else if (g && (memchr(c + 1, ',', g - (size_t)(c - s) - 1) || memchr(s, '.', g)))
            grouped++;
    }
    return decimal >= 2 && grouped == 0;
}

/* The whole number at r, a count's total ("50/500", "1 of 500"), into
 * out; returns where it ends, or NULL where r holds none. */
static const char *read_total(value *out, const char *r, const char *end)
{
    double t;
    size_t tk = md_num_scan(r, end, &t);
    if (!tk || !is_integral_text(r, tk) || !is_value_end(r + tk, end))
        return NULL;
    out->total = t;
    out->flags |= MD_KV_TOTAL;
    out->tot = r;
    out->totlen = tk;
    return r + tk;
}

/* A mean's spread glued after it, as xgb.cv prints its folds'
 * ("test-logloss:0.529975+0.002922", and once the folds diverged
 * "nan+nan") and tables print "0.85±0.02": where it ends, or q where there
 * is none. The mean, written with a point, is the value ("3+1" is a sum). */
static const char *after_spread(const char *q, const char *end)
{
    const char *r = q < end && *q == '+' ? q + 1 : md_text_at(q, end, "\xc2\xb1") ? q + 2 : NULL;
    double spread;
    size_t k = r && r < end && (md_is_digit(*r) || (*r | 0x20) == 'n') ? md_num_scan(r, end, &spread) : 0;
    return k && is_value_end(r + k, end) ? r + k : q;
}

/* A value: number, optional unit, optional "/ total", then a delimiter. */
static bool parse_value(md_unit_memo *memo, const char *p, const char *end, value *out)
{
    *out = (value){0};
    if (p < end && *p == '[')
        return parse_bracket_fraction(p, end, out) || parse_first_of_list(p, end, out);
    if (p < end && *p == '(' && p + 1 < end && md_is_digit(p[1]))
        return parse_first_of_list(p, end, out);
    if (parse_wrapped(p, end, out))
        return true;
    double v;
    size_t k = md_num_scan(p, end, &v);
    if (!k)
        return false;
    if (p + k + 1 < end && p[k] == ' ' && is_alpha(p[k + 1]) && parse_timespan(p, end, out))
        return true;
    if (p + k + 2 < end && (p[k] == 'd' || p[k] == 'h' || p[k] == 'm') && p[k + 1] == ' ' &&
        parse_glued_span(p, end, out))
        return true;
    bool integral = is_integral_text(p, k);
    double grouped;
    size_t g;
    out->num = p;
    if (integral && p + k + 1 < end && p[k] == ',' && md_is_digit(p[k + 1])) {
        bool comma_decimals = memo && memo->comma_decimals;
        if (comma_decimals && (g = decimal_comma(p, k, end, &grouped, COMMA_LOG)) != 0) {
            integral = false;
            out->num = NULL;
        } else if ((g = md_num_grouped(p, end, &grouped)) != 0) {
            integral = memchr(p + k, '.', g - k) == NULL;
            out->grouped = true;
        } else if ((g = decimal_comma(p, k, end, &grouped, COMMA_ALONE)) != 0) {
            integral = false;
            out->num = NULL; /* no text md_num_scan reads back */
        } else {
            return false; /* a list ("gpus: 0,1"), no number */
        }
        k = g;
        v = grouped;
    } else if (integral && md_group_separator(p + k, end) > 1 && (g = md_num_grouped(p, end, &grouped)) != 0) {
        /* Thousands parted by a no-break space, as a French locale writes
         * them ("13 065 tokens/s"): one number, not 13 and 65. */
        integral = memchr(p + k, '.', g - k) == NULL;
        out->grouped = true;
        k = g;
        v = grouped;
    }
    out->numlen = k;
    out->v = v;
    out->unit = MD_UNIT_NONE;
    out->flags = (integral ? MD_KV_INTEGRAL : 0) | md_kv_decimals(p, k);
    out->total = NAN;
    const char *q = p + k;
    md_unit u;
    size_t un = unit_at(memo, q, end, &u);
    if (un && is_value_end(q + un, end)) {
        out->unit = u;
        q += un;
    } else if (q + 1 < end && *q == ' ' && (un = unit_at(memo, q + 1, end, &u)) && unit_after_space(u) &&
               is_value_end(q + 1 + un, end)) {
        out->unit = u;
        q += 1 + un;
    } else if ((out->flags & MD_KV_INTEGRAL) && q < end && *q == '/') {
        const char *r = q + 1;
        while (r < end && *r == ' ')
            r++;
        const char *t = read_total(out, r, end);
        if (t)
            q = t;
    }
    if (!(out->flags & MD_KV_INTEGRAL) && (memchr(p, '.', k) || isnan(v)))
        q = after_spread(q, end);
    if (!is_value_end(q, end))
        return false;
    out->end = q;
    return true;
}

/* A number in quotes, and nothing else in them: fairseq's JSON log writes
 * every statistic as a string ("loss": "9.123"). */
/* A value quoted, or in angle brackets as MADlib prints it ("Loss:
 * <1.57403083382>"). */
static bool parse_quoted(md_unit_memo *memo, const char *p, const char *end, value *out)
{
    if (p >= end || (*p != '"' && *p != '\'' && *p != '<'))
        return false;
    char close = *p == '<' ? '>' : *p;
    if (!parse_value(memo, p + 1, end, out) || out->end >= end || *out->end != close)
        return false;
    out->end++;
    return is_value_end(out->end, end);
}

static void clear_key(scan *s)
{
    s->key = NULL;
    s->words = 0;
}

/* The pairs after this point are an evaluation's, named for it (the
 * namespace holds every pair, "Test set: Average loss: 0.03"). */
static void eval_namespace(scan *s, const char *name, size_t len)
{
    s->ns = name;
    s->nslen = len;
    s->ns_eval = true;
}

static const char *skip_token(const char *p, const char *end)
{
    const char *start = p;
    while (p < end && !is_value_end(p, end))
        p++;
    /* Python logging's clock keeps its milliseconds after a comma,
     * "00:20:20,461": no number of its own. */
    if (end - p >= 4 && *p == ',' && memchr(start, ':', (size_t)(p - start)) && md_is_digit(p[1]) &&
        md_is_digit(p[2]) && md_is_digit(p[3]) && (end - p == 4 || !md_is_digit(p[4])))
        p += 4;
    return p;
}

/* "09:56:00 PM": the half of the day after a clock (DARTS' logger,
 * datefmt '%m/%d %I:%M:%S %p'), no word of a key. */
static bool meridiem_after_clock(const char *line, const char *p, const char *end)
{
    if (end - p < 2 || !((p[0] == 'A' || p[0] == 'P') && p[1] == 'M') || (end - p > 2 && !md_is_blank(p[2])))
        return false;
    const char *q = p;
    while (q > line && q[-1] == ' ')
        q--;
    return q - line >= 8 && q < p && md_is_digit(q[-1]) && md_is_digit(q[-2]) && q[-3] == ':' &&
           md_is_digit(q[-4]) && md_is_digit(q[-5]) && q[-6] == ':';
}

static bool starts_number(const char *p, const char *end);

/* After a key: "(ms)" joins it when a separator follows; so does a
 * parameter glued to it, FuxiCTR's "NDCG(k=20): 0.228186". */
static bool extend_with_paren(scan *s)
{
    const char *q = s->p + 1;
    const char *limit = q + 24 < s->end ? q + 24 : s->end;
    /* One call inside, glued: DCGAN's "D(G(z)): 0.0097 / 0.0027", the
     * discriminator's score of the generator's samples. */
    int depth = 0;
    while (q < limit && (is_alnum(*q) || *q == ' ' || *q == '/' || (*q == '=' && s->p == s->key_end) ||
                         (*q == '(' && s->p == s->key_end && depth == 0 && is_alnum(q[-1])) || (*q == ')' && depth))) {
        depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
        q++;
    }
    if (q >= limit || *q != ')' || q == s->p + 1 || depth)
        return false;
    /* tensor2tensor's "Validation (step 250000): loss = 1.33851": the step
     * the pairs after it were measured at, no part of their name. */
    double step;
    size_t k;
    if (q - s->p > 6 && md_word_is(s->p + 1, 4, "step") && s->p[5] == ' ' &&
        (k = md_num_scan(s->p + 6, q, &step)) == (size_t)(q - s->p - 6) && is_integral_text(s->p + 6, k)) {
        emit_count(s, "step", 4, step, NAN, q, NULL);
        s->p = q + 1;
        return true;
    }
    const char *after = md_skip_blanks(q + 1, s->end);
    /* A remark before the separator, no part of the name: DeepSpeed-Chat's
     * "acc (higher is better) : 0.61". */
    if (s->p == s->key_end + 1 && q - s->p > 10 && memcmp(q - 9, "is better", 9) == 0 && after < s->end &&
        (*after == ':' || *after == '=')) {
        s->p = q + 1;
        return true;
    }
    /* Or a remark before the step the value was measured at: the Keras
     * guide's "Training loss (for one batch) at step 200: 2.4446"
     * (on_at_step leaves the remark out of the name). Or the average of a
     * classification report before its value: Flair's "DEV : loss 0.174 -
     * f1-score (micro avg)  0.62". */
    bool averaged = q - s->p > 4 && memcmp(q - 4, " avg", 4) == 0 && after < s->end && starts_number(after, s->end);
    if (after >= s->end || (*after != ':' && *after != '=' && !md_text_at(after, s->end, "at step ") && !averaged))
        return false;
    s->key_end = q + 1;
    s->p = q + 1;
    return true;
}

bool md_word_is(const char *p, size_t n, const char *word)
{
    size_t k = 0;
    while (k < n && word[k] && (p[k] | 0x20) == word[k])
        k++;
    return k == n && word[k] == '\0';
}

bool md_word_in(const char *p, size_t n, const char *const *words, size_t nwords)
{
    for (size_t i = 0; i < nwords; i++)
        if (md_word_is(p, n, words[i]))
            return true;
    return false;
}

/* "nan", "NaN", "inf", "Infinity": a value where a number could stand. */
static bool nonfinite_word(const char *w, const char *we, double *v)
{
    static const char *const words[] = {"nan", "inf", "infinity"};
    for (size_t i = 0; i < MD_COUNT(words); i++) {
        if (md_word_is(w, (size_t)(we - w), words[i])) {
            *v = i == 0 ? NAN : INFINITY;
            return true;
        }
    }
    return false;
}

static bool only_blanks(const char *p, const char *end)
{
    for (; p < end; p++)
        if (!md_is_blank(*p))
            return false;
    return true;
}

static const char *integral_count(const char *p, const char *end, bool blank_total, double *n, double *total);

/* A Chinese ordinal count names what it counts after its number: "第 3
 * 轮" (the third round, an epoch), "第3/10轮", "第 120 步" (step 120),
 * "第1个epoch" (个 a measure word). */
static bool on_ordinal(scan *s, const char *w)
{
    if (s->end - w < 4 || memcmp(w, "\xE7\xAC\xAC", 3) != 0) /* 第 */
        return false;
    const char *p = md_skip_blanks(w + 3, s->end);
    double n, total = NAN;
    const char *q = integral_count(p, s->end, true, &n, &total);
    if (!q) {
        size_t k = md_num_scan(p, s->end, &n);
        if (!k || !is_integral_text(p, k))
            return false;
        q = p + k;
        total = NAN;
    }
    q = md_skip_blanks(q, s->end);
    if (s->end - q >= 3 && memcmp(q, "\xE4\xB8\xAA", 3) == 0) /* 个 */
        q = md_skip_blanks(q + 3, s->end);
    const char *name_end = q;
    while (name_end < s->end && is_alpha(*name_end))
        name_end++;
    if (name_end == q && q < s->end)
        name_end = q + utf8_letter(q, s->end);
    if (name_end == q)
        return false;
    emit_count(s, q, (size_t)(name_end - q), n, total, name_end, NULL);
    s->p = name_end;
    clear_key(s);
    return true;
}

static bool named_metric(const scan *s, size_t keylen);

static bool log_level_word(const char *w, const char *we)
{
    static const char *const levels[] = {"debug", "info", "warning", "warn", "error", "critical"};
    return md_word_in(w, (size_t)(we - w), levels, MD_COUNT(levels));
}

/* Whether a dash comes before w, blanks aside. */
static bool dash_before(const char *line, const char *w)
{
    while (w > line && md_is_blank(w[-1]))
        w--;
    return w > line && w[-1] == '-';
}

/* "Validation epoch 3 loss 0.5", DeepSpeech's "I Validation of Epoch 0 -
 * loss: 188.4", DLRM's "Testing at - 150/150 of epoch 0, loss 0.46": a
 * message that opens with an evaluation's word (behind a logger's level)
 * measures the evaluation, whatever its pairs are called. Keys that hold
 * an evaluation's word themselves ("Validation loss 0.5", "Val loss: 0.69,
 * Val acc: 0.64") name their series alone, and
 * fields parted by '|' name their own sets (lone_set_name), unless the
 * first field gave a pair: old Megatron's "validation loss at iteration
 * 1000 | LM loss: 4.50 | LM PPL: 90.3". */
static void lead_evaluation(scan *s, const char *w, const char *we)
{
    size_t n = (size_t)(we - w);
    if (n == 1)
        return;
    /* A logger's name between dashes after its level ("... - INFO -
     * __main__ - Val. Total Loss: 1.79, ..."): the message opens after it. */
    const char *next = md_skip_blanks(we, s->end);
    if (next > we && next + 1 < s->end && *next == '-' && next[1] == ' ' && dash_before(s->line, w) &&
        !md_evaluation_word(w, n))
        return;
    /* Most messages open with a word that starts as none of the levels'
     * and evaluations' words do: one test, no word comparison. */
    char c = (char)(*w | 0x20);
    if (c != 't' && c != 'v' && c != 'e' && c != 'd' && c != 'i' && c != 'w' && c != 'c') {
        s->lead_seen = true;
        return;
    }
    if (log_level_word(w, we))
        return;
    s->lead_seen = true;
    /* An abbreviation's point: ESIM's "-> Valid. time: 3.02s, loss: 0.38". */
    const char *after = we < s->end && *we == '.' ? we + 1 : we;
    if (s->n > 0 || s->ns || after == s->end || *after != ' ')
        return;
    /* Named as the word would name a key of its own ("Validation loss"),
     * so that both spellings make one series. */
    if (md_evaluation_word(w, n) || md_word_is(w, n, "testing"))
        s->lead_ns = w, s->lead_nslen = n;
    else if (md_word_is(w, n, "validating"))
        s->lead_ns = "validation", s->lead_nslen = 10;
    else if (md_word_is(w, n, "evaluating"))
        s->lead_ns = "evaluation", s->lead_nslen = 10;
    else
        return;
    s->lead_end = after;
}

/* Whether a word or two, then "is", follow blanks at p: the next phrase of
 * a line that says "name is value" more than once. */
static bool copula_follows(const char *p, const char *end)
{
    for (int words = 0; words < 3; words++) {
        const char *w = md_skip_blanks(p, end);
        if (w == p || w >= end)
            return false;
        const char *we = md_kv_word_end(w, end);
        if (we == w)
            return false;
        if (words > 0 && md_word_is(w, (size_t)(we - w), "is"))
            return true;
        p = we;
    }
    return false;
}

bool md_capital_log_level(const char *w, const char *we)
{
    for (const char *p = w; p < we; p++)
        if (*p < 'A' || *p > 'Z')
            return false;
    return log_level_word(w, we);
}


/* "EPOCH 62 VAL   - Loss: 1.4579, Acc: 65.78%": an evaluation's word
 * right after the epoch the message opens with, before a dash, names the
 * pairs after it as lead_evaluation's does. */
static void evaluation_after_epoch(scan *s, const char *w, const char *we)
{
    if (s->n != 1 || s->lead_ns || s->ns || !md_word_is(s->out[0].key, s->out[0].keylen, "epoch") ||
        !md_evaluation_word(w, (size_t)(we - w)))
        return;
    const char *q = md_skip_blanks(we, s->end);
    if (q == we || q + 1 >= s->end || *q != '-' || q[1] != ' ')
        return;
    s->lead_ns = w;
    s->lead_nslen = (size_t)(we - w);
    s->lead_end = we;
    s->lead_paired = true; /* behind a logger's '|' fields too */
}

static void on_word(scan *s, const char *w, const char *we)
{
    if (!s->lead_seen)
        lead_evaluation(s, w, we);
    else if (s->n == 1 && !s->key)
        evaluation_after_epoch(s, w, we);
    /* The logging cookbook's "%(asctime)s - %(name)s - %(levelname)s -
     * %(message)s": the logger's name comes before the level, and the
     * message starts after it ("... - Model - INFO - Test Instance
     * Accuracy: 0.80, Class Accuracy: 0.74"). */
    else if (s->n == 0 && !s->key && !s->lead_ns && log_level_word(w, we))
        s->lead_seen = false;
    /* A logger named after an evaluation ("... - test -INFO - Train loss
     * nan"): the level after it says the name was the logger's. */
    else if (s->n == 0 && !s->key && s->lead_ns && md_capital_log_level(w, we) && dash_before(s->line, w)) {
        s->lead_seen = false;
        s->lead_ns = s->lead_end = NULL;
        s->lead_nslen = 0;
    }
    if ((unsigned char)*w == 0xE7 && on_ordinal(s, w))
        return;
    /* A command line's flags ("python train.py --n_epoch=100 --lr=5e-4"):
     * its settings, as argparse's Namespace print is. */
    if (w - s->line >= 2 && w[-1] == '-' && w[-2] == '-' && (w - s->line == 2 || md_is_blank(w[-3])) &&
        we < s->end && *we == '=')
        s->arguments = true;
    /* "iter 3: loss nan", "step 1655 - loss        nan": the word stands
     * where the known key's number would, as "loss: nan" and "loss=nan"
     * already read. */
    double nf;
    if (s->key && w > s->key_end && only_blanks(s->key_end, w) && is_value_end(we, s->end) &&
        nonfinite_word(w, we, &nf) &&
        (s->known(s->ctx, s->key, (size_t)(s->key_end - s->key)) || named_metric(s, (size_t)(s->key_end - s->key)))) {
        value v = {.v = nf, .unit = MD_UNIT_NONE, .flags = 0, .total = NAN, .end = we};
        double again;
        if (md_num_scan(w, we, &again) == (size_t)(we - w)) {
            v.num = w; /* the same value, read by md_num_scan */
            v.numlen = (size_t)(we - w);
        }
        emit(s, s->key, (size_t)(s->key_end - s->key), &v, false);
        s->p = we;
        clear_key(s);
        return;
    }
    /* A tensor printed after a known key with no separator, as print()
     * writes it: "Epoch 3, loss tensor(2.3010, device='cuda:0', ...)". */
    value wrapped = {0};
    if (s->key && w > s->key_end && only_blanks(s->key_end, w) && parse_wrapped(w, s->end, &wrapped) &&
        (s->known(s->ctx, s->key, (size_t)(s->key_end - s->key)) || named_metric(s, (size_t)(s->key_end - s->key)))) {
        emit(s, s->key, (size_t)(s->key_end - s->key), &wrapped, false);
        s->p = wrapped.end;
        clear_key(s);
        return;
    }
    /* MindSpore's LossMonitor: "epoch: 1 step: 1875, loss is 0.1234".
     * Only after pairs, or from the line's start to its end or to another
     * such phrase ("Avg Loss is 3.577977", "Total loss is 236.61 ETA is
     * 7:57:00"): a message ("FloatingPointError: loss is nan") is no
     * measurement. */
    value v;
    if (s->key && w == s->key_end + 1 && *s->key_end == ' ' && md_word_is(w, (size_t)(we - w), "is") &&
        s->known(s->ctx, s->key, (size_t)(s->key_end - s->key)) &&
        parse_value(s->units, md_skip_blanks(we, s->end), s->end, &v) &&
        (s->n > 0 ||
         (s->key == md_skip_blanks(s->line, s->end) && (md_skip_blanks(v.end, s->end) == s->end || copula_follows(v.end, s->end))))) {
        emit(s, s->key, (size_t)(s->key_end - s->key), &v, false);
        s->p = v.end;
        clear_key(s);
        return;
    }
    /* A logger's level in capitals is no word of a name: FuxiCTR's
     * "2021-01-25 07:49:46,239 P8266 INFO Train loss: 0.105449". */
    if (md_capital_log_level(w, we)) {
        clear_key(s);
        s->p = we;
        return;
    }
    /* "... with lr 0.0008 and aux_lr 0.005": a conjunction joins pairs, it
     * names none; nor does a verb before one ("Val epoch 0 has acc 0.249
     * and loss 1.386", R2C). */
    static const char *const joins[] = {"and", "with", "or", "has"};
    if (s->key && w == s->key_end + 1 && *s->key_end == ' ' &&
        !(s->words == 1 && md_word_in(s->key, (size_t)(s->key_end - s->key), joins, MD_COUNT(joins)))) {
        s->key_end = we;
        if (++s->words > KEY_MAX_WORDS) {
            const char *sp = memchr(s->key, ' ', (size_t)(s->key_end - s->key));
            s->key = sp ? sp + 1 : w;
            s->words--;
        }
    } else {
        s->key = w;
        s->key_end = we;
        s->words = 1;
    }
    s->p = we;
}

/* "name: word=" opens a namespace for the '=' pairs that follow. */
static bool opens_namespace(const char *q, const char *end)
{
    const char *w = q;
    while (q < end && (is_alnum(*q)))
        q++;
    return q > w && q < end && *q == '=' && is_alpha(*w);
}

static bool set_name(const char *w, const char *we);

/* A score's name over the sets it was measured on, each with its value
 * after a colon: "Accs: Train: 0.7351, Val: 0.7079, Test: 0.6753". The
 * sets' names there are the score's, not their losses'. */
static bool score_over_sets(const char *key, const char *key_end, const char *q, const char *end)
{
    static const char *const scores[] = {"acc", "accs", "accuracy", "accuracies", "auc", "aucs", "f1", "f1s",
                                         "score", "scores", "map", "iou", "miou", "dice", "precision", "recall"};
    if (!md_word_in(key, (size_t)(key_end - key), scores, MD_COUNT(scores)))
        return false;
    const char *we = q;
    while (we < end && is_alpha(*we))
        we++;
    return we > q && we < end && *we == ':' && set_name(q, we);
}

bool md_evaluation_word(const char *w, size_t n)
{
    static const char *const words[] = {"test", "val", "vali", "valid", "validation", "eval", "evaluation", "dev"};
    return md_word_in(w, n, words, MD_COUNT(words));
}

/* "Test set:", "Validation:", "eval:": the pairs after it on the line
 * measure the evaluation, not training ("Average loss" there is a test
 * loss). */
static bool evaluation_key(const char *key, const char *end)
{
    const char *we = key;
    while (we < end && is_alpha(*we))
        we++;
    return md_evaluation_word(key, (size_t)(we - key));
}

/* Whether the word names a data set. An evaluation set may carry its own
 * name or number after the word ("valid1", "dev_other", "test-clean":
 * fairseq names a record by its subset, as --valid-subset spells it).
 * The training set is only the bare word (training_set_name). */
static bool set_name(const char *w, const char *we)
{
    const char *letters = w;
    while (letters < we && is_alpha(*letters) && *letters != '_')
        letters++;
    size_t n = (size_t)(letters - w);
    if (training_set_name(w, we))
        return true;
    if (letters < we && !md_is_digit(*letters) && *letters != '_' && *letters != '-')
        return false;
    return md_evaluation_word(w, n);
}

/* "[N]" or "[ I/T]", blanks allowed inside, and after the count a share
 * in parentheses ("[  50/1251 (  4%)]"); *total is NaN without "/T". *t
 * (when not NULL) says where they were read, once all of it was. */
static const char *count_bracket(const char *p, const char *end, double *n, double *total, count_text *t)
{
    count_text read = {0};
    if (p >= end || *p != '[')
        return NULL;
    p = md_skip_blanks(p + 1, end);
    size_t k = md_num_scan(p, end, n);
    if (!k || !is_integral_text(p, k))
        return NULL;
    read.num = p, read.numlen = k;
    p += k;
    *total = NAN;
    if (p < end && *p == '/') {
        p = md_skip_blanks(p + 1, end); /* MindFormers pads both: "[  180/  234]" */
        k = md_num_scan(p, end, total);
        if (!k || !is_integral_text(p, k))
            return NULL;
        read.tot = p, read.totlen = k;
        p += k;
    }
    p = md_skip_blanks(p, end);
    if (p < end && *p == '(') {
        const char *close = memchr(p, ')', (size_t)(end - p));
        if (!close)
            return NULL;
        p = close + 1;
    }
    if (p >= end || *p != ']')
        return NULL;
    if (t)
        *t = read;
    return p + 1;
}

/* timm: "Train: 3 [  50/1251 (  4%)]" is the epoch, then the batch within
 * it. PyTorch's examples and open_clip print "Train Epoch: 3 [640/60000
 * (1%)]", counting samples within the epoch: they place the values as a
 * batch's count would, in samples (placed by the epoch, or by a header
 * such as open_clip's "Start epoch 0", a whole epoch's points would share
 * one step). */
static bool on_epoch_batch(scan *s, const value *v)
{
    size_t keylen = (size_t)(s->key_end - s->key);
    bool timm = s->words == 1 && md_word_is(s->key, keylen, "train");
    bool samples = s->words == 2 && md_word_is(s->key, keylen, "train epoch");
    if (!(timm || samples) || !(v->flags & MD_KV_INTEGRAL) || !isnan(v->total))
        return false;
    const char *q = md_skip_blanks(v->end, s->end);
    double batch, total;
    count_text bt;
    const char *after = count_bracket(q, s->end, &batch, &total, &bt);
    if (!after || isnan(total))
        return false;
    count_text et = {.num = v->num, .numlen = v->numlen, .grouped = v->grouped};
    emit_count(s, "epoch", 5, v->v, NAN, v->end, &et);
    if (timm)
        emit_count(s, "iter", 4, batch, total, after, &bt);
    else
        emit_batch_in_epoch(s, batch, total, after, &bt);
    s->p = after;
    clear_key(s);
    return true;
}

/* PyTorch's quickstart: "loss: 2.304085  [ 6464/60000]", the samples seen
 * within the epoch after the line's pairs, ending the line: placed as a
 * batch's count within the epoch is. */
static bool on_trailing_count(scan *s)
{
    double n, total;
    count_text t;
    const char *after = count_bracket(s->p, s->end, &n, &total, &t);
    if (!after || isnan(total) || n > total || md_skip_blanks(after, s->end) != s->end)
        return false;
    emit_batch_in_epoch(s, n, total, after, &t);
    s->p = after;
    return true;
}

/* "100/24681" at p, whole numbers both, blanks after the '/' only where
 * blank_total allows them ("200/ 2983"): where the total's digits end, or
 * NULL. */
static const char *integral_count(const char *p, const char *end, bool blank_total, double *n, double *total)
{
    size_t k = md_num_scan(p, end, n);
    if (!k || !is_integral_text(p, k) || p + k >= end || p[k] != '/')
        return NULL;
    p += k + 1;
    if (blank_total)
        p = md_skip_blanks(p, end);
    k = md_num_scan(p, end, total);
    return k && is_integral_text(p, k) ? p + k : NULL;
}

/* "(100/24681)": a count and its total in parentheses, no blanks. */
static const char *count_parens(const char *p, const char *end, double *n, double *total)
{
    const char *q = integral_count(p + 1, end, false, n, total);
    return q && q < end && *q == ')' ? q + 1 : NULL;
}

/* The last word of a key of several ("INFO Train" behind a logger's
 * prefix). */
static const char *last_word(const char *key, const char *key_end)
{
    const char *w = key_end;
    while (w > key && !md_is_blank(w[-1]))
        w--;
    return w;
}

/* MXNet's Module: "Epoch[3] Batch [200]\tSpeed: 1234.5 samples/sec": the
 * batch within the epoch, with no total. Its Speedometer, resetting its
 * figures at each print, names the batches they cover, "Batch
 * [3420-3440]": the last is the batch reached. */
static const char *mxnet_batch(const char *p, const char *end, double *batch, double *total)
{
    p = md_skip_blanks(p, end);
    if (end - p < 5 || memcmp(p, "Batch", 5) != 0)
        return NULL;
    const char *open = md_skip_blanks(p + 5, end);
    const char *after = count_bracket(open, end, batch, total, NULL);
    if (after)
        return isnan(*total) ? after : NULL;
    double from;
    size_t k = open < end && *open == '[' ? md_num_scan(open + 1, end, &from) : 0;
    const char *q = open + 1 + k;
    if (!k || !is_integral_text(open + 1, k) || q >= end || *q != '-')
        return NULL;
    k = md_num_scan(q + 1, end, batch);
    if (!k || !is_integral_text(q + 1, k) || q + 1 + k >= end || q[1 + k] != ']' || *batch < from)
        return NULL;
    *total = NAN;
    return q + 2 + k;
}

/* mmcv's runners (MMDetection 2.x, MMSegmentation 0.x) end their counts
 * with a tab: "Epoch [3][50/1749]\tlr: ...", "Iter [50/80000]\tlr: ...";
 * torchvision's MetricLogger and Swin put blanks there. A log pasted into
 * an issue has blanks for the tab, "Epoch [1][240/3712]    lr: 1.000e-03":
 * there the rate's name, right after them, tells. */
static bool mmcv_counts(const scan *s, const char *after)
{
    if (!after || after >= s->end || s->words != 1 || *s->key_end == ':')
        return false;
    if (*after == '\t')
        return true;
    const char *w = md_skip_blanks(after, s->end);
    return w - after >= 2 && md_text_at(w, s->end, "lr: ");
}

static bool mmcv_iter(const scan *s)
{
    double n, total;
    return md_word_is(s->key, (size_t)(s->key_end - s->key), "iter") &&
           mmcv_counts(s, count_bracket(s->p, s->end, &n, &total, NULL));
}

/* "Step [2000]  train Loss : 0.59": a step's count alone in brackets after
 * its name (a TF1 script's print), as "Epoch [5/650]" gives one with its
 * total; so is an epoch's, "epoch [3]: training loss: 1.07 - acc: 0.51"
 * (where no batch's count follows: on_epoch_counts reads those). */
static bool on_bracketed_step(scan *s)
{
    if (s->words != 1 || s->p != s->key_end + 1 || s->key_end[0] != ' ' ||
        !(md_word_is(s->key, (size_t)(s->key_end - s->key), "step") ||
          md_word_is(s->key, (size_t)(s->key_end - s->key), "iteration") ||
          md_word_is(s->key, (size_t)(s->key_end - s->key), "epoch")))
        return false;
    double v, total;
    count_text t;
    const char *after = count_bracket(s->p, s->end, &v, &total, &t);
    if (!after || !isnan(total))
        return false;
    emit_count(s, s->key, (size_t)(s->key_end - s->key), v, NAN, after, &t);
    s->p = after;
    clear_key(s);
    return true;
}

/* "Epoch: [3]  [ 50/1251]" (torchvision's MetricLogger, which its
 * reference scripts, DETR, DeiT and MAE print with; DINO's "Epoch:
 * [3/100]  [ 50/1562]" names the epochs planned too), "Epoch
 * [3][50/1749]" (MMDetection 1.x and 2.x; mmengine's later form is
 * on_mm_phase's), Swin Transformer's "Train: [30/300][210/2859]",
 * MiniMind's "Epoch:[0/19](100/24681)", LAVIS's "data epoch: [0]  [ 50/500]"
 * and MXNet's "Epoch[3] Batch [200]":
 * the epoch, then the batch within it and the epoch's length (where the
 * line gives it). q is the first bracket. */
static bool on_epoch_counts(scan *s, const char *q)
{
    double epoch, epochs, batch, total;
    count_text et, bt = {0};
    const char *word = last_word(s->key, s->key_end);
    size_t n = (size_t)(s->key_end - word);
    /* LAVIS (BLIP-2, InstructBLIP, MiniGPT-4) says "Train: data epoch: [0]
     * [ 50/500]". */
    bool data_epoch = s->words == 2 && md_word_is(s->key, 4, "data") && s->key[4] == ' ';
    bool swin = md_word_is(word, n, "train"),
         epoch_key = (s->words == 1 || data_epoch) && md_word_is(word, n, "epoch");
    bool training = s->words == 1 && md_word_is(word, n, "training");
    if (!epoch_key && !swin && !training)
        return false;
    const char *after = count_bracket(q, s->end, &epoch, &epochs, &et);
    if (!after)
        return false;
    /* DINOv2's MetricLogger header, "Training  [   1250/2500000]": the
     * run's iteration and its planned iterations, no epoch. */
    if (training) {
        if (isnan(epochs) || (after < s->end && *after == '['))
            return false;
        emit_count(s, "iter", 4, epoch, epochs, after, &et);
        s->p = after;
        clear_key(s);
        return true;
    }
    const char *after2 = after < s->end && *after == '(' ? count_parens(after, s->end, &batch, &total) : NULL;
    if (!after2)
        after2 = count_bracket(md_skip_blanks(after, s->end), s->end, &batch, &total, &bt);
    /* SwAV's and DeepCluster's "Epoch: [163][50]" give the batch alone,
     * glued to the epoch's bracket. */
    bool glued = after < s->end && *after == '[';
    if (after2 && isnan(total) && !(glued && epoch_key))
        after2 = NULL, bt = (count_text){0};
    if (!after2 && epoch_key && isnan(epochs))
        after2 = mxnet_batch(after, s->end, &batch, &total);
    if (!after2 && !(epoch_key && q == s->key_end && isnan(epochs)))
        return false;
    emit_count(s, "epoch", 5, epoch, epochs, after, &et);
    s->openmmlab |= mmcv_counts(s, after2);
    /* Without a batch, MXNet's "Epoch[3] Train-accuracy=0.61": the epoch.
     * MetricLogger's "Epoch: [8]  [ 200/2293]" (and DINO's, LAVIS's,
     * MiniMind's: a colon, the batch apart from the epoch) and Swin's
     * "Train: [30/300][210/2859]" count epochs from 0, as their scripts
     * loop over range(start_epoch, epochs): a log that starts at "Epoch:
     * [8]" is in its ninth epoch. MMDetection's "Epoch [3][50/1749]" and
     * deepspeech.pytorch's "Epoch: [1][1/40]" count from 1. */
    size_t emitted = s->n;
    const char *colon = md_skip_blanks(s->key_end, s->end);
    if (after2)
        emit_batch_in_epoch(s, batch, total, after2, &bt);
    if (s->n > emitted && colon < q && *colon == ':' && (!glued || swin))
        s->out[s->n - 1].flags |= MD_KV_EPOCH_FROM_0;
    s->p = after2 ? after2 : after;
    clear_key(s);
    return true;
}

/* "Test: [ 50/196]" (PyTorch's ImageNet example, Swin; MetricLogger's
 * "Test:  [ 50/261]"): the batch within an evaluation, which places
 * nothing; the pairs after it are the evaluation's. timm evaluates its
 * weights' moving average after the weights, "Test (EMA): [ 50/195]": the
 * qualifier stays in the pairs' names (test_ema_loss), another model's
 * figures than the validation's. */
static bool on_evaluation_counts(scan *s, const char *q)
{
    double batch, total;
    const char *word = last_word(s->key, s->key_end), *ns_end = NULL;
    if (s->key_end - s->key > 3 && s->key_end[-1] == ')' && word[0] == '(') {
        ns_end = s->key_end;
        const char *w = blanks_before(s->key, word);
        word = last_word(s->key, w);
        if (word == w)
            return false;
    }
    const char *word_end = md_kv_word_end(word, s->key_end);
    if (s->words > 2 || !evaluation_key(word, word_end))
        return false;
    const char *after = count_bracket(q, s->end, &batch, &total, NULL);
    if (!after || isnan(total))
        return false;
    eval_namespace(s, word, (size_t)((ns_end ? ns_end : word_end) - word));
    s->ns_averaged = true;
    s->p = after;
    clear_key(s);
    return true;
}

/* ms-swift's "'global_step/max_steps': '78/176'": two names over a count
 * and its total; the count is the first name's. Only a total's name
 * (max_, total_, num_) after the slash: "train/step: 3/10" is a namespace.
 * Returns the length of the count's name, n when the key is no such pair. */
size_t md_kv_count_key(const char *key, size_t n)
{
    const char *slash = memchr(key, '/', n);
    if (!slash || slash == key)
        return n;
    size_t rest = (size_t)(key + n - slash - 1);
    static const char *const totals[] = {"max_", "total_", "num_"};
    for (size_t i = 0; i < MD_COUNT(totals); i++) {
        size_t k = strlen(totals[i]);
        if (rest > k && memcmp(slash + 1, totals[i], k) == 0)
            return (size_t)(slash - key);
    }
    return n;
}

/* "(trainer:732)" in ESPnet's logging prefix is a module and a line
 * number: an integer glued in brackets to a key no catalog knows. So is
 * loguru's "yolox.core.trainer:after_iter:246 - " (a module, a function
 * and a line, glued by colons): a known word ("iter") can end the
 * function's name; and a line number with its function glued after it,
 * torchtitan's "[components/metrics:437:log]"; and a function and its line
 * alone in a field between pipes. */
static bool is_source_location(const scan *s, const value *v)
{
    if (!(v->flags & MD_KV_INTEGRAL) || s->key == s->line || s->key_end != s->p || v->num != s->p + 1 ||
        v->grouped)
        return false;
    char open = s->key[-1], close = v->end < s->end ? *v->end : ' ';
    if (close == ':' && v->end + 1 < s->end && is_alpha(v->end[1]))
        return true;
    if (open == ':' && s->key - 1 > s->line && is_alnum(s->key[-2]))
        return md_is_blank(close);
    /* NeMo's logger prefix, "[NeMo I 2024-06-17 08:36:41 nlp_overrides:480]":
     * a module and its line after the clock, before the bracket closes. */
    if (open == ' ' && close == ']' && s->key - 4 >= s->line && md_is_digit(s->key[-2]) && md_is_digit(s->key[-3]) &&
        s->key[-4] == ':' &&
        memchr(s->key, '_', (size_t)(s->key_end - s->key)) && !s->known(s->ctx, s->key, (size_t)(s->key_end - s->key)))
        return true;
    /* A field of its own between pipes, "| on_train_epoch_end:383 |": a
     * logger's function and line. */
    if (open == ' ' && s->key - 2 >= s->line && s->key[-2] == '|' && md_text_at(v->end, s->end, " |") &&
        memchr(s->key, '_', (size_t)(s->key_end - s->key)) && !memchr(s->key, ' ', (size_t)(s->key_end - s->key)))
        return !s->known(s->ctx, s->key, (size_t)(s->key_end - s->key));
    return ((open == '(' && close == ')') || (open == '[' && close == ']')) && v->end < s->end &&
           !s->known(s->ctx, s->key, (size_t)(s->key_end - s->key));
}

/* In "tot_loss[loss=0.6, simple_loss=0.3]" (icefall), the key that the
 * bracket's name ends with is the bracket's own value: tot_loss. */
static bool names_bracket(const scan *s)
{
    size_t k = (size_t)(s->key_end - s->key);
    if (k > s->nslen || memcmp(s->ns + s->nslen - k, s->key, k) != 0)
        return false;
    char before = k < s->nslen ? s->ns[s->nslen - k - 1] : ' ';
    return before == '_' || !is_alnum(before);
}

/* What a namespace ends in: the line's set, when a field named one. */
static void end_namespace(scan *s)
{
    s->ns = s->set;
    s->nslen = s->setlen;
    s->ns_eval = s->set != NULL;
    s->ns_bracket = false;
}

/* fairseq's older evaluation field, "valid on 'valid' subset": the
 * subset's name in quotes, after the word; where the field ends, or NULL. */
static const char *subset_field(const char *we, const char *end, const char **name, const char **name_end)
{
    static const char on[] = " on '", subset[] = "' subset";
    if (!md_text_at(we, end, on))
        return NULL;
    const char *q = we + sizeof on - 1, *close = memchr(q, '\'', (size_t)(end - q));
    if (!close || close == q || !md_text_at(close, end, subset))
        return NULL;
    *name = q;
    *name_end = close;
    return close + sizeof subset - 1;
}

/* A set's name alone in a field of the line, from p up to close or the
 * line's end: where it starts, or NULL; *after is the close or the end. */
static const char *lone_set_name(const char *p, const char *end, char close, const char **name_end,
                                 const char **after)
{
    p = md_skip_blanks(p, end);
    if (p >= end || !is_alpha(*p))
        return NULL;
    const char *we = md_kv_word_end(p, end), *quoted, *quoted_end, *field_end;
    if ((field_end = subset_field(we, end, &quoted, &quoted_end)) != NULL && set_name(quoted, quoted_end)) {
        p = quoted;
        we = quoted_end;
        *after = md_skip_blanks(field_end, end);
    } else {
        *after = md_skip_blanks(we, end);
    }
    if ((*after < end && **after != close) || !set_name(p, we))
        return NULL;
    *name_end = we;
    return p;
}

/* A field that is only a set's name ("... | INFO | valid | epoch 001 |
 * loss 9.876 | ..." in fairseq's text log, "[valid] Ep. 1 : Up. 1500 :
 * perplexity : 45.67" in Marian's) says whose the pairs after it are:
 * they take its name before theirs, as fairseq's JSON log spells them
 * ("valid_loss"), so an evaluation's loss is val_loss. Under the training
 * set's name, fairseq's epoch summary ("train_loss") keeps apart from the
 * per-update "loss": the store gives the canonical name to the spelling
 * with the most points (keeps_own_spelling). */
static void name_set(scan *s, const char *name, const char *name_end)
{
    s->set = name;
    s->setlen = (size_t)(name_end - name);
    s->set_training = training_set_name(name, name_end);
    end_namespace(s);
}

/* The line's first field, when it names a set ("- Valid | Epoch 1 | 1/3
 * | Loss 0.2213", "- Valid Summary | Epoch 1 | Loss=0.2223": Demucs's
 * logger, a bullet before it, or its logger's prefix, "[08-13
 * 12:24:40][demucs.solver][INFO] - Valid | ..."): where the name starts,
 * or NULL. */
static const char *leading_set_name(const scan *s, const char **name_end)
{
    const char *bar = s->p;
    if (memchr(s->line, '|', (size_t)(bar - s->line)))
        return NULL;
    const char *p = md_skip_blanks(s->line, bar);
    for (const char *q = bar; q - p >= 3; q--)
        if (q[-1] == ' ' && q[-2] == '-' && q[-3] == ' ' && q - 3 > p && q[-4] == ']') {
            p = q;
            break;
        }
    if (p < bar && *p == '-')
        p = md_skip_blanks(p + 1, bar);
    if (p >= bar || !is_alpha(*p))
        return NULL;
    const char *we = md_kv_word_end(p, bar), *rest = md_skip_blanks(we, bar);
    if (!set_name(p, we))
        return NULL;
    if (rest < bar) {
        const char *re = md_kv_word_end(rest, bar);
        if (!md_word_is(rest, (size_t)(re - rest), "summary") || md_skip_blanks(re, bar) != bar)
            return NULL;
    }
    *name_end = we;
    return p;
}

/* A field that is only a duration, after the line's pairs: llama2.c's
 * step time, "490 | loss 5.7543 | lr 4.9e-05 | 8060.78ms | mfu 0.21%". */
static bool on_lone_duration(scan *s)
{
    const char *q = md_skip_blanks(s->p + 1, s->end);
    value v;
    if (s->n == 0 || q >= s->end || !md_is_digit(*q) || !parse_value(s->units, q, s->end, &v) ||
        md_unit_dim(v.unit) != MD_DIM_TIME)
        return false;
    const char *after = md_skip_blanks(v.end, s->end);
    if (after < s->end && *after != '|')
        return false;
    emit(s, "time", 4, &v, s->ns != NULL); /* an evaluation's field: its time */
    s->p = v.end;
    return true;
}

/* trax's training loop: "Step    100: train CrossEntropyLoss |  0.51940256",
 * "Step    100: eval          Accuracy |  0.94081764": after the step, the
 * set and the metric's name, a pipe, then its value alone. */
static bool on_trax_metric(scan *s)
{
    if (s->n != 1 || !s->key || !md_word_is(s->out[0].key, s->out[0].keylen, "step"))
        return false;
    /* The set's word starts the key, or was taken as the line's lead
     * ("eval" before the name). */
    const char *start = s->key, *we = md_kv_word_end(start, s->key_end);
    if (!md_word_is(start, (size_t)(we - start), "train") && !md_word_is(start, (size_t)(we - start), "eval")) {
        const char *pe = blanks_before(s->out[0].end, s->key), *pw = pe;
        while (pw > s->out[0].end && is_alpha(pw[-1]))
            pw--;
        if (pw == pe || !md_word_is(pw, (size_t)(pe - pw), "eval"))
            return false;
        start = pw;
    }
    value v;
    const char *q = md_skip_blanks(s->p + 1, s->end);
    if (!parse_value(s->units, q, s->end, &v) || md_skip_blanks(v.end, s->end) != s->end)
        return false;
    emit(s, start, (size_t)(s->key_end - start), &v, false);
    clear_key(s);
    s->p = s->end;
    return true;
}

/* fairseq's older progress of an evaluation, "| epoch 004 | valid on
 * 'valid' subset  1000 / 1311 loss=3.24": a running mean part of the way
 * through, which the subset's own line ("| valid on 'valid' subset |
 * valid loss 3.69") gives whole. */
static bool evaluation_progress_field(const char *p, const char *end)
{
    p = md_skip_blanks(p, end);
    const char *name, *name_end, *field_end = subset_field(md_kv_word_end(p, end), end, &name, &name_end);
    if (!field_end || !set_name(name, name_end) || training_set_name(name, name_end))
        return false;
    field_end = md_skip_blanks(field_end, end);
    return field_end < end && md_is_digit(*field_end);
}

static void on_field(scan *s)
{
    if (evaluation_progress_field(s->p + 1, s->end)) {
        s->p = s->end;
        return;
    }
    const char *name_end, *after, *name = lone_set_name(s->p + 1, s->end, '|', &name_end, &after);
    if (!name && !s->set)
        name = leading_set_name(s, &name_end);
    if (name)
        name_set(s, name, name_end);
}

/* A field whose value names the set the line measures: ML.NET's
 * "Phase: Training, Dataset used: Validation, ..., Accuracy: 0,47":
 * the pairs after it are that set's, as after a "[valid]" tag. So are
 * those after a set named by an evaluation's word: graphdeco's Gaussian
 * splatting, "[ITER 7000] Evaluating test: L1 0.0266 PSNR 30.84". */
static bool on_set_value(scan *s, const char *q)
{
    static const char *const fields[] = {"dataset", "used", "split", "subset"};
    static const char *const evaluating[] = {"evaluating", "evaluation", "testing", "validating"};
    const char *w = last_word(s->key, s->key_end);
    if (s->words == 2 && md_word_in(s->key, (size_t)(md_kv_word_end(s->key, s->key_end) - s->key), evaluating,
                                    MD_COUNT(evaluating)) &&
        set_name(w, s->key_end)) {
        name_set(s, w, s->key_end);
        clear_key(s);
        s->p = q;
        return true;
    }
    if (!md_word_in(w, (size_t)(s->key_end - w), fields, MD_COUNT(fields)))
        return false;
    const char *name_end, *after, *name = lone_set_name(q, s->end, ',', &name_end, &after);
    if (!name)
        return false;
    name_set(s, name, name_end);
    clear_key(s);
    s->p = after < s->end ? after + 1 : after;
    return true;
}

bool md_set_field(const char *key, const char *end)
{
    static const char *const fields[] = {"mode", "type", "split", "phase"};
    key += key < end && *key == '_';
    return md_word_in(key, (size_t)(end - key), fields, MD_COUNT(fields));
}

size_t md_set_value(const char *p, size_t n)
{
    size_t w = 0;
    while (w < n && md_is_letter(p[w]))
        w++;
    return w && (w == n || p[w] == '_' || p[w] == '-') && set_name(p, p + w) ? w : 0;
}

/* A dict's field that names its set in a quoted string, as pycls prints
 * its json_stats ({"_type": "test_epoch", ..., "top1_err": 23.5}) and
 * MMCV's logger its records ({"mode": "val", ...}): the pairs after it are
 * that set's. Such a record's bare "mem" and "memory" are MiB, as
 * OpenMMLab's text logs' are (openmmlab_memory). */
static bool on_quoted_set_value(scan *s, const char *q)
{
    if (!s->quoted_key || q >= s->end || (*q != '"' && *q != '\'') || !md_set_field(s->key, s->key_end))
        return false;
    const char *w = q + 1, *close = memchr(w, *q, (size_t)(s->end - w));
    size_t n = close ? md_set_value(w, (size_t)(close - w)) : 0;
    if (!n)
        return false;
    name_set(s, w, w + n);
    s->openmmlab = s->set_in_field = true;
    clear_key(s);
    s->p = close + 1;
    return true;
}

bool md_kv_average_tag(const char *w, size_t n)
{
    static const char *const averaged[] = {"smooth", "smoothed", "avg", "average", "ema", "running"};
    return md_word_in(w, n, averaged, MD_COUNT(averaged));
}

/* A message's lead tag of how its figures were taken, TensorVision's
 * "(raw)  Acc. : 0.40" and "(smooth)  Acc. : 0.25" (the text reader keeps
 * one of the two, text.c averaged_restatement): no part of their names. */
static bool on_lead_paren_tag(scan *s)
{
    const char *w = s->p + 1, *we = w;
    while (we < s->end && is_alpha(*we))
        we++;
    size_t n = (size_t)(we - w);
    if (we == w || we + 1 >= s->end || *we != ')' || !md_is_blank(we[1]) ||
        !(md_word_is(w, n, "raw") || md_kv_average_tag(w, n)))
        return false;
    clear_key(s);
    s->p = we + 1;
    return true;
}

static bool on_set_tag(scan *s)
{
    const char *name_end, *after, *name = lone_set_name(s->p + 1, s->end, ']', &name_end, &after);
    if (!name || after == s->end)
        return false;
    name_set(s, name, name_end);
    clear_key(s);
    s->p = after + 1;
    return true;
}

/* FuxiCTR (and the BARS benchmark's logs) tags an evaluation's figures
 * "[Metrics]": the validation set's after each epoch, "[Metrics] logloss:
 * 0.440696 - AUC: 0.811085", beside the training's "Train loss: 0.436594". */
static bool on_metrics_tag(scan *s)
{
    if (!md_text_at(s->p, s->end, "[Metrics] "))
        return false;
    static const char val[] = "val";
    name_set(s, val, val + 3);
    clear_key(s);
    s->p += 10;
    return true;
}

/* nanotron tags each line "[INFO|DP=0|PP=0|TP=0|lm_head]": a level, then
 * the ranks and module that logged it. Those fields say where the line
 * comes from, not what was measured. */
static bool on_logger_tag(scan *s)
{
    const char *w = s->p + 1, *we = md_kv_word_end(w, s->end);
    if (we >= s->end || *we != '|' || !log_level_word(w, we))
        return false;
    const char *close = memchr(we, ']', (size_t)(s->end - we));
    if (!close)
        return false;
    s->p = close + 1;
    return true;
}

/* The key names the pairs in the bracket at s->p, up to its ']'; every
 * pair there when every_pair, else its '=' pairs. */
static void open_bracket_namespace(scan *s, bool every_pair)
{
    s->ns = s->key;
    s->nslen = (size_t)(s->key_end - s->key);
    s->ns_eval = every_pair;
    s->ns_bracket = true;
    clear_key(s);
    s->p++;
}

/* "loss[loss=0.5, over 6000 frames. ]": a name glued to a bracket of pairs
 * is their namespace. */
static bool on_bracket_group(scan *s)
{
    const char *q = s->p + 1;
    if (q >= s->end || !is_alpha(*q))
        return false;
    while (q < s->end && is_alnum(*q))
        q++;
    if (q >= s->end || *q != '=')
        return false;
    open_bracket_namespace(s, false);
    return true;
}

/* "epoch: 1 Train [loss: 1.0697, accuracy: 0.6957], Valid [loss: 0.9598,
 * ...]": a data set's name, then a bracket of its pairs. */
static bool on_set_bracket(scan *s)
{
    const char *q = s->p + 1;
    if (s->words != 1 || !set_name(s->key, s->key_end) || q >= s->end || !is_alpha(*q))
        return false;
    const char *we = md_kv_word_end(q, s->end);
    if (we >= s->end || (*we != ':' && *we != '='))
        return false;
    open_bracket_namespace(s, true);
    return true;
}

/* Python's and JSON's constants: "'resume': None", "'amp': False". */
static bool constant_word(const char *q, const char *end)
{
    static const char *const words[] = {"none", "true", "false", "null"};
    return md_word_in(q, (size_t)(md_kv_word_end(q, end) - q), words, MD_COUNT(words));
}

/* A value that is no number but a word, a path, a quoted string or a
 * nested mapping: "task=detect", "save=True", "model='gpt2'",
 * "data=/content/data.yaml", "'name': 'gpt2'", "'optim': {", "'resume':
 * None" (pprint's dict of parsed arguments). Settings have many; a line of
 * measurements next to none ("v_num=a1b2"). Only '=' pairs and quoted
 * keys: "note: the loss" is prose. */
static bool word_value(const scan *s, const char *q)
{
    if (q >= s->end)
        return false;
    /* A quoted clock or count ("eta": "12:18:36", "1 day, 8:26:06") is a
     * measurement written as text, no setting's word. */
    if ((*q == '\'' || *q == '"') && q + 1 < s->end && md_is_digit(q[1]))
        return false;
    if (*s->p == '=')
        return is_alpha(*q) || *q == '\'' || *q == '"' || *q == '/';
    return s->quoted_key && (*q == '\'' || *q == '"' || *q == '{' || constant_word(q, s->end));
}

/* Keras's progress bar writes its values as " - name: value" and no newline
 * until the epoch ends, so what another writer prints meanwhile is glued
 * to the last value: "- loss: 0.4441Batch 12/100". Keras writes the value
 * whole before the other text starts, and a capitalised word cannot
 * continue a number: the value is read up to it, with no unit (the "B" of
 * "Batch" is no byte), and the rest of the line is the other writer's, not
 * read ("Batch 12/100" is no step of the bar's). */
static bool on_keras_glued(scan *s, const char *q)
{
    double v;
    if (*s->p != ':' || s->key - s->line < 3 || memcmp(s->key - 3, " - ", 3) != 0 || q != s->p + 2)
        return false;
    size_t k = md_num_scan(q, s->end, &v);
    const char *w = q + k;
    if (!k || s->end - w < 2 || !(*w >= 'A' && *w <= 'Z') || !(w[1] >= 'a' && w[1] <= 'z'))
        return false;
    value val = text_number(q, k, v, MD_UNIT_NONE, w);
    emit(s, s->key, (size_t)(s->key_end - s->key), &val, false);
    clear_key(s);
    s->p = s->end;
    return true;
}

/* BasicSR's "time (data): 1.663 (0.247)": two names, two values, the
 * second of each in parentheses (the step's time, then the part of it
 * spent loading data). */
static bool on_paired_paren(scan *s, const value *v)
{
    const char *open = s->key_end - 1;
    if (s->key_end - s->key < 5 || *open != ')')
        return false;
    while (open > s->key && *open != '(')
        open--;
    if (open - s->key < 2 || open[-1] != ' ')
        return false;
    const char *q = md_skip_blanks(v->end, s->end);
    if (q >= s->end || *q != '(')
        return false;
    double second;
    size_t k = md_num_scan(q + 1, s->end, &second);
    if (!k || q + 1 + k >= s->end || q[1 + k] != ')')
        return false;
    emit(s, s->key, (size_t)(open - 1 - s->key), v, false);
    value in_parens = text_number(q + 1, k, second, MD_UNIT_NONE, q + 1 + k);
    emit(s, open + 1, (size_t)(s->key_end - 1 - (open + 1)), &in_parens, false);
    s->p = q + 2 + k;
    clear_key(s);
    return true;
}

/* Whether the key's last word is a log level in capitals ("DBNet INFO"). */
static bool upper_log_level(const scan *s)
{
    return md_capital_log_level(last_word(s->key, s->key_end), s->key_end);
}

/* A line of the three sets' figures alone, each under its bare name: the
 * training set's, a validation set's and the test set's ("Train: 0.5455,
 * Val: 0.5342, Test: 0.4670", PyTorch Geometric's sampled-training examples
 * after their "Epoch 01, Loss: 2.2190, Approx. Train: 0.3943" line). Those
 * are scores; a loss is named so. */
static bool three_sets_line(const char *line, const char *end)
{
    bool train = false, val = false, test = false;
    for (const char *p = line; p < end;) {
        if (!md_is_letter(*p)) {
            p++;
            continue;
        }
        const char *w = p;
        while (p < end && md_is_letter(*p))
            p++;
        size_t n = (size_t)(p - w);
        if (loss_word(w, p))
            return false;
        bool bare = w == line || w[-1] == ' ' || w[-1] == ',' || w[-1] == '|' || w[-1] == '\t';
        if (!bare || p == end || *p != ':')
            continue;
        if (training_set_name(w, p))
            train = true;
        else if (md_word_is(w, n, "test"))
            test = true;
        else if (md_evaluation_word(w, n))
            val = true;
    }
    return train && val && test;
}

/* PyTorch Geometric's examples print a set's score under the set's bare
 * name after the loss: "Epoch: 001, Loss: 1.9490, Train: 0.1786, Val:
 * 0.1140, Test: 0.1120" (accuracies, or a link predictor's AUC). */
static bool set_score(const scan *s)
{
    size_t n = (size_t)(s->key_end - s->key);
    if (s->words != 1 || s->ns || !(training_set_name(s->key, s->key_end) || md_evaluation_word(s->key, n)))
        return false;
    for (size_t i = 0; i < s->n; i++)
        if (!s->out[i].ns && loss_word(s->out[i].key, s->out[i].key + s->out[i].keylen))
            return true;
    return three_sets_line(s->line, s->end);
}

/* The set's score: "score" under the set's name (val_score, a validation
 * score; train_score). */
static void emit_set_score(scan *s, const value *v)
{
    const char *ns = s->ns;
    size_t nslen = s->nslen;
    s->ns = s->key;
    s->nslen = (size_t)(s->key_end - s->key);
    emit(s, "score", 5, v, true);
    s->ns = ns;
    s->nslen = nslen;
}

/* The fullwidth colon U+FF1A that Chinese and Japanese text puts after a
 * key ("损失：0.52"), or 0. */
static size_t fullwidth_colon(const char *p, const char *end)
{
    return end - p >= 3 && memcmp(p, "\xEF\xBC\x9A", 3) == 0 ? 3 : 0;
}

/* Flower's server: "fit progress: (3, 0.524, {'cen_accuracy': 0.80},
 * 13.29)", the round, the loss of the server's evaluation on held-out
 * data, that evaluation's metrics and the seconds since the start. The
 * metrics are the evaluation's to the line's end. */
static bool flower_round(scan *s, double round, const char *round_end, const char *p)
{
    value loss;
    if (!parse_value(s->units, p, s->end, &loss))
        return false;
    emit_count(s, "round", 5, round, NAN, round_end, NULL);
    emit(s, "val_loss", 8, &loss, false);
    eval_namespace(s, "eval", 4);
    clear_key(s);
    s->p = loss.end;
    return true;
}

static bool on_flower_progress(scan *s, const char *q)
{
    static const char progress[] = "fit progress";
    size_t keylen = (size_t)(s->key_end - s->key);
    if (keylen != sizeof progress - 1 || memcmp(s->key, progress, keylen) != 0 || *q != '(')
        return false;
    const char *p = md_skip_blanks(q + 1, s->end);
    double round;
    size_t k = md_num_scan(p, s->end, &round);
    if (!k || !is_integral_text(p, k) || p + k >= s->end || p[k] != ',')
        return false;
    return flower_round(s, round, p + k, md_skip_blanks(p + k + 1, s->end));
}

/* Round 0's: "initial parameters (loss, other metrics): 2.30,
 * {'cen_accuracy': 0.09}". */
static bool on_flower_initial(scan *s)
{
    static const char key[] = "initial parameters", rest[] = "(loss, other metrics):";
    size_t keylen = (size_t)(s->key_end - s->key);
    if (keylen != sizeof key - 1 || memcmp(s->key, key, keylen) != 0 || (size_t)(s->end - s->p) < sizeof rest ||
        memcmp(s->p, rest, sizeof rest - 1) != 0)
        return false;
    return flower_round(s, 0, s->p, md_skip_blanks(s->p + sizeof rest - 1, s->end));
}

static bool rate_named_after(scan *s, const value *v);

/* An evaluation's batch line gives the batch's figure, then the mean over
 * the batches so far: "Loss 5.8634 (3.9768)  Acc@1 3.7500 (21.2400)". The
 * last batch's mean is the evaluation's result; one batch's figure says
 * little (the last batch is often a few examples). */
static void running_mean(const scan *s, value *v)
{
    const char *q = md_skip_blanks(v->end, s->end);
    double mean;
    if (q >= s->end || *q != '(')
        return;
    const char *num = md_skip_blanks(q + 1, s->end);
    size_t k = md_num_scan(num, s->end, &mean);
    if (!k || num + k >= s->end || num[k] != ')')
        return;
    *v = text_number(num, k, mean, v->unit, num + k + 1);
    v->flags |= MD_KV_RUNNING;
}

/* A line of code, as Python's warnings print the line that warned under
 * their message ("utils.py:128: RuntimeWarning: divide by zero ..." over
 * "  norm = 1.0 / in_deg"): the number after '=' is multiplied or divided
 * by a name. No measurement is written so; the line is not read. */
static bool assigns_expression(const char *p, const char *end)
{
    p = md_skip_blanks(p, end);
    if (end - p < 3 || (*p != '*' && *p != '/') || !md_is_blank(p[1]))
        return false;
    p = md_skip_blanks(p + 1, end);
    return p < end && is_alpha(*p);
}

/* Emits a pair; a value with an evaluation's set glued to it ("Loss:
 * 0.0001(valid)") is that set's. */
static void emit_in_set(scan *s, const char *key, size_t keylen, const value *v, bool in_ns)
{
    const char *set;
    size_t n = v->end < s->end && *v->end == '(' ? glued_set(v->end, s->end, &set) : 0;
    if (!n || !md_evaluation_word(set, n)) {
        emit(s, key, keylen, v, in_ns);
        return;
    }
    const char *ns = s->ns;
    size_t nslen = s->nslen;
    s->ns = set, s->nslen = n;
    emit(s, key, keylen, v, true);
    s->ns = ns, s->nslen = nslen;
}

/* A known name in brackets before its number, as LION's trainer prints
 * its fields: "| [Loss] 51566519.44 | [exp] ./exp/... | [step]    89 |":
 * the number ends the field. A bracket of any other word ("[INFO] 2024",
 * "[R0]") is not a key, nor is a tag before prose ("[data] 104,960
 * training pages"). */
static bool on_bracket_key(scan *s)
{
    const char *w = s->p + 1, *we = w;
    while (we < s->end && (is_alpha(*we) || *we == '_'))
        we++;
    if (we == w || we + 1 >= s->end || *we != ']' || we[1] != ' ')
        return false;
    const char *num = md_skip_blanks(we + 1, s->end);
    value v;
    if (!parse_value(s->units, num, s->end, &v))
        return false;
    const char *after = md_skip_blanks(v.end, s->end);
    if ((after < s->end && *after != '|') || !s->known(s->ctx, w, (size_t)(we - w)))
        return false;
    emit_in_set(s, w, (size_t)(we - w), &v, s->ns_eval);
    s->p = v.end;
    return true;
}

/* The separator at s->p, ':' or '=' (a fullwidth colon reads as ':'), and
 * its width. */
static void on_separator(scan *s)
{
    size_t wide = fullwidth_colon(s->p, s->end);
    char sep = wide ? ':' : *s->p;
    size_t width = wide ? wide : 1;
    const char *q = s->p + width, *last;
    /* "train loss :: 3.686": a doubled colon between blanks is one (C++'s
     * "c10::Error" has none around it). */
    if (sep == ':' && !wide && q + 1 < s->end && *q == ':' && md_is_blank(q[1]) && s->p > s->line &&
        md_is_blank(s->p[-1]))
        q++;
    if (s->key) {
        q = md_skip_blanks(q, s->end);
        if (sep == ':' && q < s->end && *q == '[' && (on_epoch_counts(s, q) || on_evaluation_counts(s, q)))
            return;
        if (sep == ':' && q < s->end && on_flower_progress(s, q))
            return;
        /* A logger's name and level: "DBNet INFO: [38/200], [5/604], ...". */
        if (sep == ':' && q < s->end && *q == '[' && s->words >= 2 && upper_log_level(s)) {
            clear_key(s);
            s->p = q;
            return;
        }
        value v;
        bool eta = md_word_is(s->key, (size_t)(s->key_end - s->key), "eta");
        if ((eta && parse_clock_span(q, s->end, &v)) || parse_value(s->units, q, s->end, &v) ||
            parse_quoted(s->units, q, s->end, &v)) {
            /* An index between the name and its value, "Throughput: 0:
             * 3098.6" (sample-factory's policy 0): the value is the number
             * after it. */
            value indexed;
            if (sep == ':' && (v.flags & MD_KV_INTEGRAL) && v.unit == MD_UNIT_NONE && v.end + 2 < s->end &&
                v.end[0] == ':' && v.end[1] == ' ' && md_is_digit(v.end[2]) &&
                parse_value(s->units, v.end + 2, s->end, &indexed))
                v = indexed;
            if (on_epoch_batch(s, &v) || on_paired_paren(s, &v) || rate_named_after(s, &v))
                return;
            if (sep == '=' && assigns_expression(v.end, s->end)) {
                s->p = s->end;
                return;
            }
            if (s->ns_averaged)
                running_mean(s, &v);
            if (s->ns_bracket && names_bracket(s))
                emit(s, s->ns, s->nslen, &v, false);
            else if (set_score(s) || (s->ns_score && s->words == 1 && set_name(s->key, s->key_end)))
                emit_set_score(s, &v);
            else if (!is_source_location(s, &v)) {
                size_t keylen = (size_t)(s->key_end - s->key);
                if (v.flags & MD_KV_TOTAL)
                    keylen = md_kv_count_key(s->key, keylen);
                emit_in_set(s, s->key, keylen, &v, s->ns && (sep == '=' || s->ns_eval));
            }
            /* "test epoch: 3, loss: 0.2" (Flax's examples): a line that
             * begins with an evaluation's count measures the evaluation. */
            if (s->n == 1 && s->words == 2 && !s->ns && sep == ':' && evaluation_key(s->key, s->key_end)) {
                eval_namespace(s, s->key, (size_t)(md_kv_word_end(s->key, s->key_end) - s->key));
            }
            s->p = v.end;
            clear_key(s);
            return;
        }
        if (on_keras_glued(s, q))
            return;
        if (sep == ':' && (on_set_value(s, q) || on_quoted_set_value(s, q)))
            return;
        s->word_values += word_value(s, q);
        /* StyleGAN's metric record, {"results": {"fid50k_full": 447.9},
         * "metric": "fid50k_full", "snapshot_pkl": "network-...pkl"}: a
         * dict of results holds measurements, however many words beside. */
        static const char *const results[] = {"results", "metrics", "scores"};
        s->results |= *q == '{' && md_word_in(s->key, (size_t)(s->key_end - s->key), results, MD_COUNT(results));
        /* "tie_embeddings:True embed_lr:0.05": a constant is the pair's
         * value, not the next key's first word. */
        if (q == s->p + width && constant_word(q, s->end)) {
            clear_key(s);
            s->p = md_kv_word_end(q, s->end);
            return;
        }
        /* A function that prints its state is no namespace: llama.cpp's
         * "train_opt_callback: iter=  70 sample=72/5608 loss=4.948237". */
        bool scores = sep == ':' && score_over_sets(s->key, s->key_end, q, s->end);
        if (sep == ':' && (opens_namespace(q, s->end) || scores) &&
            !md_str_ends_with((md_str){s->key, (size_t)(s->key_end - s->key)}, "_callback")) {
            s->ns_score = scores;
            s->ns = s->key;
            s->nslen = (size_t)(s->key_end - s->key);
            /* YOLOv5's "hyperparameters: lr0=0.01, lrf=0.1, ...": the pairs
             * under it are the run's configuration. */
            static const char *const configs[] = {"hyperparameters", "hyp", "args", "arguments", "config", "opt"};
            s->arguments |= md_word_in(s->key, s->nslen, configs, MD_COUNT(configs));
        } else if (sep == ':' && s->words <= 2 && evaluation_key(s->key, s->key_end)) {
            eval_namespace(s, s->key, (size_t)(s->key_end - s->key));
        } else if (sep == ':' && s->words == 2 && (last = last_word(s->key, s->key_end)) &&
                   evaluation_key(last, s->key_end)) {
            /* DPR's "NLL Validation: loss = 0.899356": the evaluation's
             * kind, then its word. */
            eval_namespace(s, last, (size_t)(s->key_end - last));
        }
    }
    clear_key(s);
    s->p += width;
}

/* Marian's "Up. 500 : ... : Time 123.45s" is the time since its last
 * display, --disp-freq updates before, not one step's time (the catalog's
 * interval_time). Its update count is the key spelled "Up.". */
static bool marian_display_time(const scan *s, size_t keylen)
{
    if (keylen != 4 || !md_word_is(s->key, 4, "time"))
        return false;
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].keylen == 3 && memcmp(s->out[i].key, "Up.", 3) == 0)
            return true;
    return false;
}

/* A rate's name after its value: Marian's "12345.67 words/s", TF's
 * "(1234.5 examples/sec; 0.104 sec/batch)", TF-slim's "(0.41 sec/step)".
 * Only a name per second or of seconds per something: "trained 100 steps"
 * is no step. */
static bool rate_name(const char *w, const char *we)
{
    static const char *const per_second[] = {"/s", "/sec"};
    static const char *const seconds_per[] = {"s/", "sec/"};
    size_t n = (size_t)(we - w);
    for (size_t i = 0; i < MD_COUNT(per_second); i++) {
        size_t k = strlen(per_second[i]);
        if (n > k && memcmp(we - k, per_second[i], k) == 0)
            return true;
    }
    for (size_t i = 0; i < MD_COUNT(seconds_per); i++) {
        size_t k = strlen(seconds_per[i]);
        if (n > k && memcmp(w, seconds_per[i], k) == 0)
            return true;
    }
    return false;
}

/* Sockeye's and MXNet's "Speed: 1293.60 samples/sec 36902.07 tokens/sec":
 * a value whose rate's name follows it is that rate's, where the key
 * before it names nothing the catalog knows (it heads the rates; PaddleDetection's "ips:
 * 10.4 images/s" is the samples a second by its key). */
static bool rate_named_after(scan *s, const value *v)
{
    const char *w = v->end;
    if (w + 1 >= s->end || *w != ' ' || !is_alpha(w[1]) || s->known(s->ctx, s->key, (size_t)(s->key_end - s->key)))
        return false;
    w++;
    const char *we = md_kv_word_end(w, s->end);
    /* "iter time (s): 5.024 samples/sec: 50.953": a name with a separator
     * after it is the next pair's key. */
    if (!rate_name(w, we) || !is_value_end(we, s->end) || (we < s->end && (*we == ':' || *we == '=')) ||
        !s->known(s->ctx, w, (size_t)(we - w)))
        return false;
    emit(s, w, (size_t)(we - w), v, s->ns_eval);
    clear_key(s);
    s->p = we;
    return true;
}

/* At a number with no key that ends at token_end. */
static bool on_value_before_rate(scan *s, const char *token_end)
{
    const char *w = token_end + 1;
    if (w >= s->end || *token_end != ' ' || !is_alpha(*w))
        return false;
    const char *we = md_kv_word_end(w, s->end);
    value v;
    if (!rate_name(w, we) || !is_value_end(we, s->end) || !parse_value(s->units, s->p, s->end, &v) ||
        v.end != token_end || !s->known(s->ctx, w, (size_t)(we - w)))
        return false;
    emit(s, w, (size_t)(we - w), &v, s->ns_eval);
    s->p = we;
    return true;
}

/* Whether "loss" is one of the name's words ("loss_att", "ctc_loss"). */
static bool loss_word(const char *w, const char *end)
{
    for (const char *p = w; end - p >= 4; p++) {
        bool starts = p == w || p[-1] == '_' || p[-1] == '/', ends = p + 4 == end || p[4] == '_' || p[4] == '/';
        if (starts && ends && md_word_is(p, 4, "loss"))
            return true;
    }
    return false;
}

/* A name with a rank's cut-off ("Acc@5", "NDCG@10") is a metric's: PyTorch's
 * ImageNet example prints "Acc@5   0.39 (  0.46)". So is a loss term's
 * ("loss_att", "ctc_loss"): WeNet prints "loss 45.2 loss_att 40.1 loss_ctc
 * 57.3 lr 0.0004"; fairseq's "best_loss 6.756" is the best so far again.
 * So is a statistic of a loss in rllab's and rlpyt's tables ("loss/Average
 * nan"). */
static bool named_metric(const scan *s, size_t keylen)
{
    if (s->words != 1)
        return false;
    if (memchr(s->key, '@', keylen))
        return true;
    /* Under an evaluation's name, its score: Flair's "DEV : loss 8.37 -
     * score 0.5564" (older: "f-score 0.5586"; newer: "f1-score (micro avg)
     * 0.62", its classification report's average after it). */
    size_t n = keylen;
    const char *open = n > 6 && s->key[n - 1] == ')' && memcmp(s->key + n - 5, " avg)", 5) == 0
                           ? memchr(s->key, '(', n)
                           : NULL;
    if (open && open > s->key + 1 && open[-1] == ' ')
        n = (size_t)(open - 1 - s->key);
    if (s->ns_eval && s->ns && n >= 5 && md_word_is(s->key + n - 5, 5, "score") &&
        (n == 5 || s->key[n - 6] == '-' || s->key[n - 6] == '_'))
        return true;
    return (memchr(s->key, '_', keylen) || memchr(s->key, '/', keylen)) && loss_word(s->key, s->key + keylen) &&
           !(keylen > 5 && s->key[4] == '_' && md_word_is(s->key, 4, "best"));
}

/* CSRA's "Epoch 1[1616/5011]: loss:0.20306, ...": the epoch, then glued
 * to it the count within the epoch and its total. */
static bool on_epoch_glued_count(scan *s)
{
    if (s->words != 1 || !md_word_is(s->key, (size_t)(s->key_end - s->key), "epoch") || s->p != s->key_end + 1)
        return false;
    double epoch, batch, total;
    size_t k = md_num_scan(s->p, s->end, &epoch);
    count_text bt;
    const char *after = k && is_integral_text(s->p, k) ? count_bracket(s->p + k, s->end, &batch, &total, &bt) : NULL;
    if (!after || isnan(total))
        return false;
    emit_count(s, "epoch", 5, epoch, NAN, s->p + k, NULL);
    emit_batch_in_epoch(s, batch, total, after, &bt);
    s->p = after;
    clear_key(s);
    return true;
}

/* KGE's and DGL-KE's "Training average loss at step 100: 0.52", "Valid
 * MRR at step 10000: 0.33": the name, the step it was measured at, then
 * the value. */
static bool on_at_step(scan *s)
{
    static const char *const tails[] = {" at step", " at iteration", " at epoch"};
    size_t keylen = (size_t)(s->key_end - s->key), tail = 0;
    for (size_t i = 0; i < MD_COUNT(tails) && !tail; i++) {
        size_t n = strlen(tails[i]);
        if (s->words >= 3 && keylen > n && strncasecmp(s->key_end - n, tails[i], n) == 0)
            tail = n;
    }
    if (!tail || s->p != s->key_end + 1)
        return false;
    double step;
    size_t k = md_num_scan(s->p, s->end, &step);
    const char *colon = s->p + k;
    if (!k || !is_integral_text(s->p, k) || colon >= s->end)
        return false;
    /* "...: 0.53", or pytorch-ts' "Training loss at epoch 25 - 0.5312" (a
     * dash, then the value alone to the line's end). */
    bool dash = s->end - colon >= 3 && memcmp(colon, " - ", 3) == 0;
    if (*colon != ':' && !dash)
        return false;
    value v;
    if (!parse_value(s->units, md_skip_blanks(colon + (dash ? 3 : 1), s->end), s->end, &v) ||
        (dash && md_skip_blanks(v.end, s->end) != s->end))
        return false;
    const char *name = s->key_end - tail + 4; /* "step", "iteration", "epoch" */
    emit_count(s, name, (size_t)(s->key_end - name), step, NAN, colon, NULL);
    size_t n = keylen - tail;
    if (s->key[n - 1] == ')') {
        const char *open = memchr(s->key, '(', n);
        if (open && open > s->key)
            n = (size_t)(open - s->key);
        while (n > 0 && s->key[n - 1] == ' ')
            n--;
    }
    emit(s, s->key, n, &v, false);
    s->p = v.end;
    clear_key(s);
    return true;
}

/* TF Estimator sums up each evaluation as "Saving dict for global step
 * 200: eval_accuracy = 0.845, eval_loss = 0.432, global_step = 200, loss =
 * 0.432": its loss is the evaluation's, eval_loss again. */
static bool estimator_summary(const char *key, size_t keylen)
{
    static const char phrase[] = "Saving dict for global step";
    return keylen == sizeof phrase - 1 && memcmp(key, phrase, keylen) == 0;
}

/* Lasagne's examples: "Epoch 1 of 500 took 1.858s": the time a count took,
 * right after it ("took 5 s" alone is prose); FourCastNet's "Time taken
 * for epoch 1 is 268.29 sec" says it with "is". */
static bool count_took(const scan *s, size_t keylen, const value *v)
{
    if (s->n == 0 || md_unit_dim(v->unit) != MD_DIM_TIME)
        return false;
    const md_kv *prev = &s->out[s->n - 1];
    if (!(keylen == 4 && md_word_is(s->key, 4, "took")) &&
        !(keylen == 2 && md_word_is(s->key, 2, "is") && prev->keylen > 15 && strncasecmp(prev->key, "time taken for ", 15) == 0))
        return false;
    const char *last = last_word(prev->key, prev->key + prev->keylen);
    static const char *const counts[] = {"epoch", "step", "iter", "iteration"};
    return (prev->flags & MD_KV_INTEGRAL) && prev->end && md_skip_blanks(prev->end, s->end) == s->key &&
           md_word_in(last, (size_t)(prev->key + prev->keylen - last), counts, MD_COUNT(counts));
}

/* Lasagne's examples: "Epoch 1 of 500 took 1.858s", a count out of a total
 * written in words. */
static void count_of_total(const scan *s, value *v)
{
    const char *q = v->end, *t;
    if ((v->flags & MD_KV_INTEGRAL) && !(v->flags & MD_KV_TOTAL) && s->end - q >= 5 && memcmp(q, " of ", 4) == 0 &&
        (t = read_total(v, q + 4, s->end)) != NULL)
        v->end = t;
}

/* DLRM's "Finished training it 16/150 of epoch 0": "it" names the step
 * only as a whole key, lest "it" in a sentence count; a count out of a
 * total after it is the iteration, whatever words come before. */
static bool iteration_of_total(const char *key, size_t keylen, const value *v)
{
    return (v->flags & (MD_KV_INTEGRAL | MD_KV_TOTAL)) == (MD_KV_INTEGRAL | MD_KV_TOTAL) && keylen > 3 &&
           memcmp(key + keylen - 3, " it", 3) == 0;
}

/* "setting loss value to 0" (deepspeech.pytorch, after "received a nan
 * loss"): a loss set to a number is a value put in place of a NaN, no
 * measurement; a learning rate or a loss scale set to one is a setting. */
static bool loss_set_to(const scan *s)
{
    static const char *const loss[] = {"loss"}, *const scale[] = {"scale", "scaler"};
    size_t keylen = (size_t)(s->key_end - s->key);
    if (s->words < 2 || keylen <= 3 || memcmp(s->key_end - 3, " to", 3) != 0)
        return false;
    return has_word_of(s->key, keylen - 3, loss, 1) && !has_word_of(s->key, keylen - 3, scale, MD_COUNT(scale));
}

/* ST-GCN's "Mean test loss of 155 batches: 3.10.": how many things the
 * figure was taken over, between its name and its value. Returns where
 * the value starts, with *keylen cut to the name, or NULL. */
static const char *counted_over(const scan *s, size_t *keylen)
{
    size_t n = *keylen;
    if (s->words < 2 || n <= 3 || memcmp(s->key + n - 3, " of", 3) != 0 || !md_is_digit(*s->p))
        return NULL;
    const char *q = s->p;
    while (q < s->end && md_is_digit(*q))
        q++;
    const char *w = q < s->end && *q == ' ' ? q + 1 : q, *we = w;
    while (we < s->end && *we >= 'a' && *we <= 'z')
        we++;
    if (w == q || we - w < 3 || we[-1] != 's' || we == s->end || (*we != ':' && *we != '='))
        return NULL;
    *keylen = n - 3;
    return md_skip_blanks(we + 1, s->end);
}

static void on_number(scan *s)
{
    if (s->key && (s->p > s->key_end || (*s->p == '[' && s->words == 1)) && !loss_set_to(s)) {
        bool blanks = true;
        for (const char *q = s->key_end; q < s->p; q++)
            blanks &= md_is_blank(*q);
        size_t keylen = (size_t)(s->key_end - s->key);
        /* Keras: "LearningRateScheduler setting learning rate to 0.008." */
        if (s->words >= 2 && keylen > 3 && memcmp(s->key_end - 3, " to", 3) == 0)
            keylen -= 3;
        const char *over = counted_over(s, &keylen);
        if (over)
            s->p = over;
        value v;
        bool iteration = false, took = false;
        if (blanks && parse_value(s->units, s->p, s->end, &v) &&
            (s->known(s->ctx, s->key, keylen) || named_metric(s, keylen) ||
             (iteration = iteration_of_total(s->key, keylen, &v)) || (took = count_took(s, keylen, &v)))) {
            /* nerf-pytorch's "VAL PSNR 144: 22.38": a count (the image)
             * between the name and its value, which ends the line. */
            static const char *const counts[] = {"epoch", "step", "iter", "iteration", "batch", "round"};
            const char *last = last_word(s->key, s->key + keylen);
            const char *after = v.end < s->end && *v.end == ':' ? md_skip_blanks(v.end + 1, s->end) : NULL;
            /* MMPose's "coco/AP .5: 0.000000": a fraction written without
             * its 0 and glued to the colon is the name's threshold (AP at
             * OKS 0.5), not its value ("Acc@5 11.045: 100%|" before a bar
             * is one). */
            if (after && *s->p == '.' && v.unit == MD_UNIT_NONE) {
                clear_key(s);
                s->p = after;
                return;
            }
            value counted;
            if (after && (v.flags & MD_KV_INTEGRAL) && after > v.end + 1 &&
                !md_word_in(last, (size_t)(s->key + keylen - last), counts, MD_COUNT(counts)) &&
                parse_value(s->units, after, s->end, &counted) && counted.unit == MD_UNIT_NONE &&
                md_skip_blanks(counted.end, s->end) == s->end)
                v = counted;
            else if (md_word_in(last, (size_t)(s->key + keylen - last), counts, MD_COUNT(counts)))
                count_of_total(s, &v);
            if (s->ns_averaged)
                running_mean(s, &v);
            if (iteration)
                emit(s, "iter", 4, &v, false);
            else if (took)
                emit(s, "time", 4, &v, false);
            else if (marian_display_time(s, keylen))
                emit(s, "interval_time", 13, &v, s->ns_eval);
            else
                emit_in_set(s, s->key, keylen, &v, s->ns_eval);
            s->loss_repeated |= estimator_summary(s->key, keylen);
            s->p = v.end;
            clear_key(s);
            return;
        }
    }
    /* A name nothing knows before the number leaves it to its unit:
     * insightface's "-Speed 463.03 samples/sec". */
    bool keyless = !s->key || !(s->known(s->ctx, s->key, (size_t)(s->key_end - s->key)) ||
                                named_metric(s, (size_t)(s->key_end - s->key)));
    clear_key(s);
    const char *token_end = skip_token(s->p + 1, s->end);
    if (!(keyless && on_value_before_rate(s, token_end)))
        s->p = token_end;
}

/* The typographic quote at p, U+2018/U+2019 or U+201C/U+201D, that a blog's
 * editor puts in place of a dict's "'loss'"; 1 for an opening one, 2 for a
 * closing one, 0 for none. */
static int curly_quote(const char *p, const char *end)
{
    if (end - p < 3 || (unsigned char)p[0] != 0xE2 || (unsigned char)p[1] != 0x80)
        return 0;
    unsigned char c = (unsigned char)p[2];
    return c == 0x98 || c == 0x9C ? 1 : c == 0x99 || c == 0x9D ? 2 : 0;
}

/* The end of the quoted text from start, its closing quote at *close, or
 * NULL. */
static const char *closing_curly_quote(const char *start, const char *end, const char **close)
{
    for (const char *q = start; (q = memchr(q, 0xE2, (size_t)(end - q))) != NULL; q++)
        if (curly_quote(q, end) == 2) {
            *close = q;
            return q + 3;
        }
    return NULL;
}

/* Whether [p, end) is a dict's separator alone, ": " or ", ". */
static bool separator_only(const char *p, const char *end)
{
    p = md_skip_blanks(p, end);
    if (p == end || (*p != ':' && *p != ','))
        return false;
    return md_skip_blanks(p + 1, end) == end && end - p <= 3;
}

static void on_quote(scan *s)
{
    const char *start, *close, *after;
    bool straight = *s->p == '\'' || *s->p == '"';
    if (straight) {
        start = s->p + 1;
        close = memchr(start, *s->p, (size_t)(s->end - start));
        after = close ? close + 1 : NULL;
    } else {
        start = s->p + 3;
        after = closing_curly_quote(start, s->end, &close);
    }
    if (!after) {
        clear_key(s);
        s->p = straight ? s->end : s->p + 3;
        return;
    }
    /* "'loss': 2.3" in a dict; GluonTS's "Evaluation metric
     * 'epoch_loss'=0.188573", the '=' right after the quote. */
    const char *q = md_skip_blanks(after, s->end);
    if (q < s->end && (*q == ':' || (*q == '=' && q == after)) && close > start) {
        s->key = start;
        s->key_end = close;
        s->words = 1;
        s->p = q;
        s->quoted_key = true;
        on_separator(s);
        s->quoted_key = false;
        return;
    }
    /* Lightning's ModelCheckpoint: "Epoch 3, global step 772: 'val_loss'
     * reached 2.67954 (best 2.67954), saving model to ...": the monitored
     * metric's value at that step. */
    value v;
    if (close > start && md_text_at(q, s->end, "reached ") &&
        parse_value(s->units, md_skip_blanks(q + 8, s->end), s->end, &v)) {
        emit(s, start, (size_t)(close - start), &v, false);
        clear_key(s);
        s->p = v.end;
        return;
    }
    /* "': '" or "', '" taken for a quoted text right after a word: a stray
     * quote before it (a terminal's redraw inside a key, "'l  's0
     * eogps_train/rejected':") put the quotes out of step. Its closing
     * quote opens the next string, so the pairs after it are read. After
     * anything else it is a value ("csv_sep=','", "split on ':'"). */
    if (straight && s->p > s->line && (is_alnum(s->p[-1]) || s->p[-1] == '_') && separator_only(start, close)) {
        clear_key(s);
        s->p = close;
        return;
    }
    clear_key(s);
    s->p = after;
}

/* ST-GCN's and its descendants' "Batch(100/1879) done. Loss: 5.96": a
 * count within the epoch, glued to its name in parentheses. */
static bool on_paren_count(scan *s)
{
    static const char *const names[] = {"batch", "iter", "iteration", "step"};
    if (!md_word_in(s->key, (size_t)(s->key_end - s->key), names, MD_COUNT(names)))
        return false;
    count_text t = {0};
    double n, total;
    const char *q = s->p + 1;
    size_t k = md_num_scan(q, s->end, &n);
    if (!k || !is_integral_text(q, k))
        return false;
    t.num = q, t.numlen = k;
    q += k;
    if (q >= s->end || *q != '/')
        return false;
    q++;
    k = md_num_scan(q, s->end, &total);
    if (!k || !is_integral_text(q, k) || q + k >= s->end || q[k] != ')')
        return false;
    t.tot = q, t.totlen = k;
    q += k + 1;
    emit_batch_in_epoch(s, n, total, q, &t);
    clear_key(s);
    s->p = q;
    return true;
}

/* OpenMMLab's mmengine: "Epoch(train) [3][ 50/500]" (the epoch, then the
 * iteration within it), "Iter(train) [ 50/90000]". A "(val)" or "(test)"
 * line measures the evaluation: its pairs go under it, and its brackets
 * count evaluation batches, which place nothing. */
static bool on_mm_phase(scan *s)
{
    static const char *const phases[] = {"(train)", "(val)", "(test)"};
    size_t i = 0, len = 0;
    for (; i < MD_COUNT(phases); i++) {
        len = strlen(phases[i]);
        if ((size_t)(s->end - s->p) >= len && memcmp(s->p, phases[i], len) == 0)
            break;
    }
    if (i == MD_COUNT(phases))
        return false;
    const char *q = md_skip_blanks(s->p + len, s->end);
    double a, a_total, b, b_total;
    count_text at, bt;
    const char *after = count_bracket(q, s->end, &a, &a_total, &at);
    if (!after)
        return false;
    const char *after2 = count_bracket(after, s->end, &b, &b_total, &bt);
    size_t keylen = (size_t)(s->key_end - s->key);
    bool epoch = keylen == 5 && (s->key[0] | 0x20) == 'e';
    /* mmcv's runners (MMDetection 2.x) name a phase only off the training
     * loop and count its batches without a total: "Epoch(train)
     * [14][525]" is a validation workflow's line, whatever mode it names,
     * where mmengine's training says "Epoch(train) [14][ 50/1350]". */
    bool evaluation = i > 0 || (epoch && after2 && isnan(b_total));
    if (!evaluation && epoch && after2 && isnan(a_total)) {
        emit_count(s, s->key, keylen, a, NAN, after, &at);
        emit_batch_in_epoch(s, b, b_total, after2, &bt);
    } else if (!evaluation && !epoch && !after2) {
        emit_count(s, s->key, keylen, a, a_total, after, &at);
    } else if (evaluation) {
        if (epoch && after2 && isnan(a_total))
            emit_count(s, s->key, keylen, a, NAN, after, &at);
        eval_namespace(s, "eval", 4);
    }
    s->openmmlab = true;
    clear_key(s);
    s->p = after2 ? after2 : after;
    return true;
}

/* TensorFlow's LoggingTensorHook (Estimator's "loss = 0.51, step = 100
 * (32.0 sec)") ends its "tag = value" pairs with the seconds since its last
 * line, every_n_iter steps or every_n_secs before: the time of the logging
 * interval, not a step's (the hook's interval is not on the line;
 * Estimator's "global_step/sec" is the rate). */
static bool on_interval_seconds(scan *s)
{
    static const char sec[] = " sec)";
    const md_kv *last = &s->out[s->n - 1];
    /* A key the scan named itself ("iter" for a leading count) is no
     * text of the line's. */
    if (last->key < s->line || last->key >= s->end)
        return false;
    const char *sep = last->key + last->keylen, *q = s->p + 1;
    if (last->ns || last->end != s->p - 1 || !md_is_blank(s->p[-1]) || s->end - sep < 3 ||
        memcmp(sep, " = ", 3) != 0)
        return false;
    double v;
    size_t k = md_num_scan(q, s->end, &v);
    if (!k || !md_text_at(q + k, s->end, sec) || !only_blanks(q + k + strlen(sec), s->end))
        return false;
    value val = text_number(q, k, v, MD_UNIT_S, q + k);
    emit(s, "interval_time", 13, &val, false);
    s->p = s->end;
    return true;
}

/* Whether [p, end) is "name=" and more: a keyword argument. */
static bool keyword_argument(const char *p, const char *end)
{
    const char *q = p;
    while (q < end && (is_alnum(*q) || *q == '_'))
        q++;
    return q > p && q < end && *q == '=' && is_alpha(*p);
}

/* argparse prints its arguments as "Namespace(k=v, ...)": a line of
 * settings (settings_line). So does a script that logs the call of its
 * entry point, "main(rmq_port=5672, epochs=4, ...)": the first word of
 * the line, glued to its parenthesis, then keyword arguments to the
 * line's end; not a call that reports metrics (Determined's
 * "report_training_metrics(steps_completed=100, metrics={'loss': ...})").
 * Notes it and reads on; returns false. */
static bool on_arguments(scan *s)
{
    if (s->words != 1)
        return false;
    size_t n = (size_t)(s->key_end - s->key);
    if (md_memmem(s->key, n, "metrics", 7))
        return false;
    const char *last = s->end;
    while (last > s->p && md_is_blank(last[-1]))
        last--;
    s->arguments |= (n == 9 && md_word_is(s->key, 9, "namespace")) ||
                    (s->n == 0 && last[-1] == ')' && keyword_argument(s->p + 1, s->end) && memchr(s->p, ',', (size_t)(last - s->p)));
    return false;
}

/* The cells of a rich progress bar: U+2501 (drawn), U+2578 and U+257A
 * (its ends), U+2500. */
static size_t rich_cell(const char *p, const char *end)
{
    if (end - p < 3 || (unsigned char)p[0] != 0xE2)
        return 0;
    unsigned char b = (unsigned char)p[1], c = (unsigned char)p[2];
    return (b == 0x94 && (c == 0x81 || c == 0x80)) || (b == 0x95 && (c == 0xB8 || c == 0xBA)) ? 3 : 0;
}

/* Lightning's RichProgressBar: "Epoch 3/9 ━━━━━━━━╺━━━ 450/1000 0:00:10 ...":
 * after the epoch, the count under the bar is the batch within it. */
static bool on_rich_bar(scan *s)
{
    const char *q = s->p;
    size_t k;
    while ((k = rich_cell(q, s->end)) != 0)
        q += k;
    if (q == s->p)
        return false;
    s->p = q;
    clear_key(s);
    if (s->n == 0 || !md_word_is(s->out[s->n - 1].key, s->out[s->n - 1].keylen, "epoch"))
        return true;
    q = md_skip_blanks(q, s->end);
    value v;
    if (q < s->end && md_is_digit(*q) && parse_value(s->units, q, s->end, &v) && (v.flags & MD_KV_TOTAL)) {
        size_t n = s->n;
        emit(s, "iter", 4, &v, false);
        /* Lightning's RichProgressBar counts epochs from 0, to max_epochs
         * - 1: "Epoch 4/23" is the fifth of 24, as its tqdm bar's "Epoch
         * 4:" is. */
        if (s->n > n)
            s->out[s->n - 1].flags |= MD_KV_EPOCH_FROM_0;
        s->p = v.end;
    }
    return true;
}

/* "training's binary_logloss" (LightGBM): the word before "'s" owns the
 * key after it, as a namespace does. Returns where that key starts, or
 * NULL. */
static const char *possessive(const char *p, const char *end)
{
    if (end - p < 4 || p[0] != '\'' || p[1] != 's' || !md_is_blank(p[2]))
        return NULL;
    p = md_skip_blanks(p + 2, end);
    return p < end && is_alpha(*p) ? p : NULL;
}

/* Marian writes its keys short: "Ep. 1 : Up. 500 : Sen. 123,456 : ... :
 * L.r. 3.0000e-04". A point right after a key that is one capitalised word
 * of two or three characters, before a blank, abbreviates it; a longer
 * word before a point ends a sentence, and "took 5 s. 3 left" has no step.
 * The point stays in the key. */
static bool on_abbreviation(scan *s)
{
    size_t n = (size_t)(s->key_end - s->key);
    if (s->words != 1 || n < 2 || n > 3 || !(*s->key >= 'A' && *s->key <= 'Z') || s->p + 1 >= s->end ||
        !md_is_blank(s->p[1]))
        return false;
    s->key_end = ++s->p;
    return true;
}

static bool on_possessive(scan *s)
{
    const char *owned = possessive(s->p, s->end);
    if (!owned)
        return false;
    s->owner = s->key;
    s->ownerlen = (size_t)(s->key_end - s->key);
    s->owned = owned;
    clear_key(s);
    s->p = owned;
    return true;
}

#define BRACKET_STEP_DIGITS 15

/* A count in front of the line, and its total or NaN, as the step, which
 * a step key on the line overrides (MD_KV_LEADING_COUNT). */
static void emit_leading_count(scan *s, double v, double total, const char *end, const count_text *t)
{
    emit_count(s, "step", 4, v, total, end, t);
    if (s->n)
        s->out[s->n - 1].flags |= MD_KV_LEADING_COUNT;
}

/* The step a line starts with, its digits in [digits, digits_end), the
 * pair ending at end. */
static void emit_leading_step(scan *s, const char *digits, const char *digits_end, const char *end)
{
    double step;
    md_num_scan(digits, digits_end, &step);
    count_text t = {.num = digits, .numlen = (size_t)(digits_end - digits), .num_digits_max = BRACKET_STEP_DIGITS};
    emit_leading_count(s, step, NAN, end, &t);
}

/* A bracketed count right before the first pair is the step: Google's CLU
 * writes "[1000] loss=2.3, learning_rate=0.001" (behind an absl prefix),
 * XGBoost "[12]\ttrain-logloss:0.41" and LightGBM "[12]\ttraining's l2:
 * 0.3". Only right before a pair, and a ':' pair only after a tab, as both
 * boosting libraries write it: NCCL's "host:pid:tid [1] NCCL WARN" counts a
 * GPU, and "[1] loss: 0.5" in a script's own print may count epochs. A
 * step key on the line wins over the count, which then numbers the line
 * (an issue's paste, "[1745] global_step=10, loss=2.3"). */
/* Dreamer's "[5000] expl_amount 0.0 / model_grad_norm nan / ...": after
 * the first name, a blank, its value, and " / " before the next. */
static bool dreamer_fields(const char *key_end, const char *end)
{
    if (end - key_end < 4 || key_end[0] != ' ')
        return false;
    const char *v = key_end + 1, *ve = md_kv_word_end(v, end);
    double x;
    if (ve == v || !(md_num_scan(v, ve, &x) == (size_t)(ve - v) || nonfinite_word(v, ve, &x)))
        return false;
    return end - ve >= 3 && memcmp(ve, " / ", 3) == 0;
}

/* big_vision's and scenic's "[3000] training_loss = 3.1342": a name, " =
 * ", a number, one measurement a line. */
static bool spaced_assignment(const char *key_end, const char *end)
{
    return end - key_end >= 4 && memcmp(key_end, " = ", 3) == 0 && starts_number(key_end + 3, end);
}

static bool on_bracket_step(scan *s)
{
    const char *q = s->p + 1, *digits = q;
    while (q < s->end && md_is_digit(*q))
        q++;
    /* LightGBM's R package writes a colon after the round:
     * "[31]:  train's auc:1  test's auc:0.45". */
    bool colon = q + 1 < s->end && q[0] == ']' && q[1] == ':';
    if (q == digits || q - digits > BRACKET_STEP_DIGITS || q + 2 + colon >= s->end || q[0] != ']' ||
        (q[1 + colon] != ' ' && q[1 + colon] != '\t'))
        return false;
    const char *key = md_skip_blanks(q + 1 + colon, s->end);
    if (key >= s->end || !is_alpha(*key))
        return false;
    const char *key_end = md_kv_word_end(key, s->end);
    if (key_end >= s->end)
        return false;
    /* A paste turns the boosting libraries' tab into blanks; their keys
     * still say what they are: a set's metric, "train-logloss:" or
     * "valid_0's auc:". */
    bool boosting = q[1] == '\t' || possessive(key_end, s->end) ||
                    (*key_end == ':' && memchr(key, '-', (size_t)(key_end - key)) != NULL);
    if (colon && !possessive(key_end, s->end))
        return false;
    if (!(((key == q + 2 || boosting) && *key_end == '=') || (boosting && (*key_end == ':' || possessive(key_end, s->end))) ||
          (key == q + 2 && (dreamer_fields(key_end, s->end) || spaced_assignment(key_end, s->end)))))
        return false;
    emit_leading_step(s, digits, q, q + 1 + colon);
    s->p = q + 1 + colon;
    return true;
}

const char *md_keras_bar(const char *p, const char *end, double *count, double *total, bool *drawn)
{
    /* An epoch over a data set of unknown size, tf.data's first: "402/Unknown - 8s ...". */
    size_t k = md_num_scan(p, end, count);
    if (k && p + k + 9 < end && is_integral_text(p, k) && memcmp(p + k, "/Unknown ", 9) == 0) {
        *total = NAN;
        *drawn = true;
        return p + k + 9;
    }
    const char *q = integral_count(p, end, false, count, total);
    if (!q || *total < 1 || *count > *total || end - q < 4 || *q != ' ')
        return NULL;
    const char *after = q + 1;
    *drawn = true;
    if (*after == '[') {
        after++;
        while (after < end && (*after == '=' || *after == '>' || *after == '.'))
            after++;
        return after < end && *after == ']' && after > q + 2 ? after + 1 : NULL;
    }
    if (md_text_at(after, end, "\xe2\x94\x81")) {
        while (md_text_at(after, end, "\xe2\x94\x81"))
            after += 3;
        return after;
    }
    *drawn = false;
    return md_text_at(q, end, " - ") ? q + 1 : NULL;
}

/* Keras' progress bar, "  115/6740 [=====>......] - ETA: 1:23 - loss: 0.0234"
 * (Keras 3 draws it with U+2501: " 115/6740 \u2501\u2501\u2501 2:01:30 1s/step -
 * iou: nan"), and fit(verbose=2)'s "3/3 - 0s - loss: ...": the count of
 * the epoch's batches, a step within the epoch (MD_KV_LEADING_COUNT and
 * MD_KV_IN_EPOCH both: the text reader keeps it only where the log's bars
 * count batches under epoch headers). A drawn bar may follow a prefix (a
 * timestamp, mpirun's "[1,0]<stdout>:"); verbose=2's count starts the
 * line; a first epoch of unknown size is "402/Unknown - ...".
 * The bar and its ETA, a time left, are no figures. */
static bool on_keras_bar(scan *s)
{
    double n, total;
    bool drawn;
    const char *after = md_keras_bar(s->p, s->end, &n, &total, &drawn);
    if (!after || (!drawn && !only_blanks(s->line, s->p)))
        return false;
    const char *slash = memchr(s->p, '/', (size_t)(after - s->p));
    const char *q = slash + 1;
    while (q < after && md_is_digit(*q))
        q++;
    bool known = !isnan(total);
    count_text t = {.num = s->p, .numlen = (size_t)(slash - s->p), .tot = known ? slash + 1 : NULL,
                    .totlen = known ? (size_t)(q - slash - 1) : 0, .num_digits_max = BRACKET_STEP_DIGITS};
    emit_leading_count(s, n, total, q, &t);
    if (s->n)
        s->out[s->n - 1].flags |= MD_KV_IN_EPOCH;
    if (md_text_at(after, s->end, " - ETA: ")) {
        const char *next = md_memmem(after + 8, (size_t)(s->end - after - 8), " - ", 3);
        after = next ? next : s->end;
    }
    s->p = after;
    return true;
}

/* llama2.c's train.py: "490 | loss 5.7543 | lr 4.900000e-05 | 8060.78ms |
 * mfu 0.21%": the iteration alone at the line's start, then the fields,
 * the first a name and its number (a table's row, Lightning's model
 * summary "1 | loss | CrossEntropyLoss | 0", is none). */
static bool on_leading_count_field(scan *s)
{
    if (!only_blanks(s->line, s->p))
        return false;
    const char *q = s->p;
    while (q < s->end && md_is_digit(*q))
        q++;
    if (q - s->p > BRACKET_STEP_DIGITS)
        return false;
    const char *bar = md_skip_blanks(q, s->end);
    if (bar == q || bar + 2 >= s->end || *bar != '|' || !md_is_blank(bar[1]))
        return false;
    const char *key = md_skip_blanks(bar + 1, s->end);
    if (key >= s->end || !is_alpha(*key))
        return false;
    const char *key_end = md_kv_word_end(key, s->end);
    bool separator = key_end < s->end && (*key_end == ':' || *key_end == '=');
    const char *num = md_skip_blanks(separator ? key_end + 1 : key_end, s->end);
    double nf;
    if (num >= s->end || !(starts_number(num, s->end) || nonfinite_word(num, md_kv_word_end(num, s->end), &nf)))
        return false;
    emit_leading_step(s, s->p, q, q);
    s->p = bar;
    return true;
}

/* The PyTorch CIFAR-10 tutorial prints "[1,  2000] loss: 2.180": the
 * epoch, then the batch within it, right before the first pair. */
static bool on_epoch_batch_pair(scan *s)
{
    double epoch, batch;
    const char *q = s->p + 1;
    size_t k = md_num_scan(q, s->end, &epoch);
    if (!k || !is_integral_text(q, k) || q + k >= s->end || q[k] != ',')
        return false;
    q = md_skip_blanks(q + k + 1, s->end);
    k = md_num_scan(q, s->end, &batch);
    if (!k || !is_integral_text(q, k))
        return false;
    const char *close = q + k;
    if (close + 2 >= s->end || close[0] != ']' || close[1] != ' ' || !key_pair_at(close + 2, s->end, ':'))
        return false;
    emit_count(s, "epoch", 5, epoch, NAN, close, NULL);
    emit_count(s, "iter", 4, batch, NAN, close + 1, NULL);
    s->p = close + 1;
    return true;
}

/* PyTorch's DCGAN example and tutorial print "[0/5][50/1583]\tLoss_D:
 * 0.3774\tLoss_G: 13.1007": the epoch of those planned, then the batch
 * within it of the epoch's, right before the first pair. */
static bool on_epoch_batch_brackets(scan *s)
{
    double epoch, epochs, batch, total;
    count_text et, bt;
    const char *after = count_bracket(s->p, s->end, &epoch, &epochs, &et);
    if (!after || isnan(epochs) || after >= s->end || *after != '[')
        return false;
    const char *after2 = count_bracket(after, s->end, &batch, &total, &bt);
    if (!after2 || isnan(total) || after2 >= s->end || !md_is_blank(*after2) ||
        !key_pair_at(md_skip_blanks(after2, s->end), s->end, ':'))
        return false;
    emit_count(s, "epoch", 5, epoch, epochs, after, &et);
    emit_batch_in_epoch(s, batch, total, after2, &bt);
    s->p = after2;
    return true;
}

/* A name of up to four words at p, then ':' or '=': "Training loss:". */
static bool named_pair_at(const char *p, const char *end)
{
    for (int words = 0; words < 4 && p < end && is_alpha(*p); words++) {
        const char *w = md_kv_word_end(p, end);
        if (w < end && (*w == ':' || *w == '='))
            return true;
        if (w >= end || *w != ' ')
            return false;
        p = w + 1;
    }
    return false;
}

/* Whether p follows a logger's source location, "convert_frame.py:964] "
 * (glog's prefix, which PyTorch's C++ and torch._dynamo write). */
static bool after_source_location(const char *line, const char *p)
{
    p = blanks_before(line, p);
    if (p - line < 6 || p[-1] != ']' || !md_is_digit(p[-2]))
        return false;
    p -= 2;
    while (p > line && md_is_digit(p[-1]))
        p--;
    return p - line >= 4 && p[-1] == ':' && p[-2] != ' ' && p[-2] != ']';
}

/* "[1/6] Training loss: 22.5337\t Validation loss: 29.1374": a count of
 * its total right before the first pair, the run's progress (epochs or
 * iterations). A step key on the line wins over it. Not torch._dynamo's
 * frame and compile ids after its source location ("convert_frame.py:964]
 * [0/8] last reason: 0/7: ..."). */
static bool on_bracket_count(scan *s)
{
    double n, total;
    count_text t;
    const char *after = count_bracket(s->p, s->end, &n, &total, &t);
    if (!after || isnan(total) || after >= s->end || !md_is_blank(*after) || after_source_location(s->line, s->p) ||
        !named_pair_at(md_skip_blanks(after, s->end), s->end))
        return false;
    emit_leading_count(s, n, total, after, &t);
    s->p = after;
    return true;
}

/* VITS and the voice models built on it (Bert-VITS2, so-vits-svc,
 * GPT-SoVITS) log a list under "Train Epoch: 2 [11%]": the losses by
 * position, then the step and the rate, "[loss_disc, loss_gen, loss_fm,
 * loss_mel, loss_dur, loss_kl, 1200, 0.0002]" (so-vits-svc has no
 * duration loss; GPT-SoVITS's fifth is its kl_ssl). The list must be the
 * whole line, its step an integer and its rate below 1. RVC logs the step
 * and the rate alone, "[110200, 9.421142503636453e-05]", its losses as
 * pairs on the next line: two numbers are read so only with a rate below
 * 0.01 (a voice model's 1e-4), which few other pairs of numbers are. */
#define VITS_LIST_MAX 8
static bool on_vits_list(scan *s)
{
    static const char *const names[][6] = {
        {"loss_disc", "loss_gen", "loss_fm", "loss_mel", "loss_kl"},
        {"loss_disc", "loss_gen", "loss_fm", "loss_mel", "loss_dur", "loss_kl"},
    };
    double v[VITS_LIST_MAX];
    const char *text[VITS_LIST_MAX];
    size_t len[VITS_LIST_MAX], n = 0;
    const char *p = s->p + 1;
    for (;;) {
        p = md_skip_blanks(p, s->end);
        size_t k = md_num_scan(p, s->end, &v[n]);
        const char *we = md_kv_word_end(p, s->end);
        if (!k && we > p && nonfinite_word(p, we, &v[n]))
            k = (size_t)(we - p);
        if (!k)
            return false;
        text[n] = p, len[n] = k;
        p = md_skip_blanks(p + k, s->end);
        n++;
        if (p < s->end && *p == ']')
            break;
        if (p >= s->end || *p != ',' || n == VITS_LIST_MAX)
            return false;
        p++;
    }
    if ((n != 2 && n != 7 && n != 8) || md_skip_blanks(p + 1, s->end) != s->end)
        return false;
    double step = v[n - 2], lr = v[n - 1];
    if (!is_integral_text(text[n - 2], len[n - 2]) || step < 0 || !(lr > 0 && lr < (n == 2 ? 0.01 : 1)))
        return false;
    emit_count(s, "step", 4, step, NAN, text[n - 2] + len[n - 2], NULL);
    for (size_t i = 0; i + 2 < n; i++) {
        const char *name = names[n - 7][i];
        value loss = scanned_value(text[i], len[i], v[i]);
        emit(s, name, strlen(name), &loss, false);
    }
    value rate = scanned_value(text[n - 1], len[n - 1], lr);
    emit(s, "lr", 2, &rate, false);
    s->p = s->end;
    return true;
}

/* Darknet (YOLO v2-v4): " 1000: 2.345678, 2.456789 avg loss, 0.001000
 * rate, 3.4 seconds, 64000 images" ("avg," in pjreddie's original). The
 * iteration, the batch's loss, and the running average it plots as the
 * loss; values before their names. */
static bool on_darknet(scan *s)
{
    const char *p = s->p;
    double it, batch_loss, avg, rate;
    size_t k = md_num_scan(p, s->end, &it);
    if (!k || !is_integral_text(p, k) || p + k >= s->end || p[k] != ':')
        return false;
    p = md_skip_blanks(p + k + 1, s->end);
    if (!(k = md_num_scan(p, s->end, &batch_loss)) || p + k >= s->end || p[k] != ',')
        return false;
    const char *avg_text = md_skip_blanks(p + k + 1, s->end);
    if (!(k = md_num_scan(avg_text, s->end, &avg)))
        return false;
    if (md_text_at(avg_text + k, s->end, " avg loss"))
        p = avg_text + k + strlen(" avg loss");
    else if (md_text_at(avg_text + k, s->end, " avg,"))
        p = avg_text + k + strlen(" avg");
    else
        return false;
    emit_count(s, "iter", 4, it, NAN, p, NULL);
    value v = {.v = avg, .unit = MD_UNIT_NONE, .flags = md_kv_decimals(avg_text, k), .total = NAN, .end = p};
    emit(s, "loss", 4, &v, false);
    if (p < s->end && *p == ',') {
        const char *r = md_skip_blanks(p + 1, s->end);
        if ((k = md_num_scan(r, s->end, &rate)) && md_text_at(r + k, s->end, " rate")) {
            v = scanned_value(r, k, rate);
            emit(s, "lr", 2, &v, false);
            p = r + k + strlen(" rate");
        }
    }
    s->p = p;
    return true;
}

/* The loss's key for a set's name alone: "train" for the training set,
 * each evaluation set's own. NULL for a word that names no set. */
static const char *set_loss_key(const char *w, size_t n)
{
    static const char *const sets[][2] = {{"train", "train_loss"},         {"training", "train_loss"},
                                          {"val", "val_loss"},             {"valid", "valid_loss"},
                                          {"validation", "validation_loss"}, {"eval", "eval_loss"},
                                          {"test", "test_loss"},           {"dev", "dev_loss"}};
    for (size_t i = 0; i < MD_COUNT(sets); i++)
        if (md_word_is(w, n, sets[i][0]))
            return sets[i][1];
    return NULL;
}

/* build-nanogpt's log.txt: a line of a step, a name and a number, "250
 * train 3.402812", "250 val 3.5120", "250 hella 0.2961". A set's name
 * there stands for its loss; any other name is the number's own. The
 * whole line must be those three, so that no sentence reads as one. */
static bool on_step_name_value(scan *s)
{
    const char *p = s->p;
    double step, v;
    size_t k = md_num_scan(p, s->end, &step);
    if (!k || !is_integral_text(p, k) || p + k >= s->end || !md_is_blank(p[k]))
        return false;
    const char *step_end = p + k;
    const char *w = md_skip_blanks(step_end, s->end);
    if (w >= s->end || !is_alpha(*w))
        return false;
    const char *we = w;
    while (we < s->end && is_alnum(*we))
        we++;
    /* "1328 Loss : 0.0562": a separator may part the name from its value
     * where the step starts the line. */
    const char *num = md_skip_blanks(we, s->end);
    if (num < s->end && (*num == ':' || *num == '=') && num + 1 < s->end && md_is_blank(num[1]) &&
        only_blanks(s->line, p))
        num = md_skip_blanks(num + 1, s->end);
    if (num == we || num >= s->end || !(k = md_num_scan(num, s->end, &v)) || md_skip_blanks(num + k, s->end) != s->end)
        return false;
    static const char *const months[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                         "jul", "aug", "sep", "oct", "nov", "dec"};
    if (md_word_in(w, (size_t)(we - w), months, MD_COUNT(months))) /* a date: "28 Nov 2026" */
        return false;
    const char *key = set_loss_key(w, (size_t)(we - w));
    emit_count(s, "step", 4, step, NAN, step_end, NULL);
    value pair = scanned_value(num, k, v);
    emit(s, key ? key : w, key ? strlen(key) : (size_t)(we - w), &pair, false);
    s->p = s->end;
    return true;
}

/* StyleGAN2 (TensorFlow, ADA's too) prints a metric of each snapshot,
 * "network-snapshot-005734        time 4m 26s       fid50k_full 46.5633":
 * the time is the metric's own, no training's; the metric is the last
 * name and value. */
static bool on_stylegan_snapshot(scan *s)
{
    static const char prefix[] = "network-snapshot-";
    const size_t n = sizeof prefix - 1;
    if ((size_t)(s->end - s->p) <= n || memcmp(s->p, prefix, n) != 0 || !md_is_digit(s->p[n]))
        return false;
    const char *number = last_word(s->p, blanks_before(s->p, s->end));
    const char *name = last_word(s->p, blanks_before(s->p, number));
    if (name <= s->p + n || !is_alpha(*name))
        return false;
    s->p = name;
    return true;
}

/* A line that is a scalar tensor alone, as print(loss) writes it:
 * "tensor(3.2207, device='cuda:0')". Its value is the tensor's, under the
 * name "tensor"; one whose grad_fn names a loss ("grad_fn=
 * <NllLossBackward0>") is the loss. A bare NaN there (ChatGLM's LoRA
 * fine-tune printing tensor(nan, ...) at every step) is a run gone NaN. */
static bool on_printed_tensor(scan *s)
{
    static const char call[] = "tensor(";
    const size_t n = sizeof call - 1;
    value v = {0};
    if ((size_t)(s->end - s->p) <= n || memcmp(s->p, call, n) != 0 || s->p != md_skip_blanks(s->line, s->end) ||
        !parse_wrapped(s->p, s->end, &v) || md_skip_blanks(v.end, s->end) != s->end)
        return false;
    const char *grad_fn = md_memmem(s->p, (size_t)(v.end - s->p), "grad_fn=<", 9);
    bool loss = grad_fn && md_memmem(grad_fn, (size_t)(v.end - grad_fn), "LossBackward", 12);
    emit(s, loss ? "loss" : s->p, loss ? 4 : n - 1, &v, false);
    s->p = s->end;
    return true;
}

/* DARTS and the searches built on it (PC-DARTS, P-DARTS, GDAS): "train
 * 050 1.983369e+00 26.164217 81.127457", the batch within the epoch, then
 * the loss, top-1 and top-5 accuracy averaged over the epoch so far;
 * "valid 050 ..." the same of the evaluation. The batch places nothing:
 * the values stand at the epoch reached ("epoch 6 lr 4.8e-01"). */
static bool on_darts_line(scan *s)
{
    const char *w = s->p, *we = md_kv_word_end(w, s->end);
    bool train = md_word_is(w, (size_t)(we - w), "train"), valid = md_word_is(w, (size_t)(we - w), "valid");
    if (!(train || valid) || we >= s->end || !md_is_blank(*we))
        return false;
    const char *p = md_skip_blanks(we, s->end);
    const char *digits = p;
    while (p < s->end && md_is_digit(*p))
        p++;
    if (p == digits || p >= s->end || !md_is_blank(*p))
        return false;
    double v[3];
    const char *at[3];
    size_t len[3];
    for (int i = 0; i < 3; i++) {
        p = md_skip_blanks(p, s->end);
        at[i] = p;
        len[i] = md_num_scan(p, s->end, &v[i]);
        if (!len[i] || (p + len[i] < s->end && !md_is_blank(p[len[i]])))
            return false;
        p += len[i];
    }
    if (md_skip_blanks(p, s->end) != s->end)
        return false;
    static const char *const train_keys[] = {"loss", "accuracy", "top5"};
    static const char *const valid_keys[] = {"val_loss", "val_accuracy", "val_top5"};
    for (int i = 0; i < 3; i++) {
        const char *key = train ? train_keys[i] : valid_keys[i];
        value pair = scanned_value(at[i], len[i], v[i]);
        emit(s, key, strlen(key), &pair, false);
    }
    s->p = s->end;
    return true;
}

/* NVIDIA's Tacotron 2 and WaveGlow: "Train loss 64999 0.314525 Grad Norm
 * 0.615372 4.37s/it" and "Validation loss 64000:  0.323265": a set's
 * name, "loss", the iteration, then the loss. */
static bool on_set_loss_step(scan *s)
{
    if (!only_blanks(s->line, s->p))
        return false;
    const char *w = s->p, *we = md_kv_word_end(w, s->end);
    const char *key = set_loss_key(w, (size_t)(we - w));
    const char *l = md_skip_blanks(we, s->end), *le = md_kv_word_end(l, s->end);
    if (!key || l == we || !md_word_is(l, (size_t)(le - l), "loss"))
        return false;
    const char *p = md_skip_blanks(le, s->end);
    double step, v;
    size_t k = p > le ? md_num_scan(p, s->end, &step) : 0;
    if (!k || !is_integral_text(p, k) || *p == '-' || *p == '+')
        return false;
    const char *step_end = p + k, *num = step_end;
    if (num < s->end && *num == ':')
        num++;
    num = md_skip_blanks(num, s->end);
    if (num == step_end || num >= s->end || !(k = md_num_scan(num, s->end, &v)) ||
        (num + k < s->end && !md_is_blank(num[k])))
        return false;
    emit_count(s, "step", 4, step, NAN, step_end, NULL);
    value pair = scanned_value(num, k, v);
    emit(s, key, strlen(key), &pair, false);
    s->p = num + k;
    return true;
}

/* PyTorch's word_language_model example: "| epoch   1 |   200/ 2983
 * batches | lr 20.00 | ... | loss 5.74": the count comes before its name,
 * the batch within the epoch and the epoch's length. */
static bool on_batches_count(scan *s)
{
    double batch, total;
    const char *p = integral_count(s->p, s->end, true, &batch, &total);
    if (!p)
        return false;
    const char *w = md_skip_blanks(p, s->end), *we = md_kv_word_end(w, s->end);
    if (w == p || !md_word_is(w, (size_t)(we - w), "batches"))
        return false;
    emit_count(s, "iter", 4, batch, total, we, NULL);
    s->p = we;
    return true;
}

/* HAKE's "000 epoch, 06000 iter, average time 0.6607, loss 37.2": a
 * counter printed zero-padded ("%05d") before its name, then a comma; the
 * Lua fairseq's "| epoch 004 | 0021028 updates | words/s 7781 |" before a
 * '|'. The padding says it is a counter: "3 epochs" in prose is not one. */
static bool on_padded_count(scan *s)
{
    static const char *const counts[] = {"epoch", "iter", "iteration", "step", "updates"};
    const char *p = s->p, *q = p;
    while (q < s->end && md_is_digit(*q))
        q++;
    if (q - p < 3 || *p != '0' || q >= s->end || !md_is_blank(*q))
        return false;
    const char *w = md_skip_blanks(q, s->end), *we = md_kv_word_end(w, s->end);
    const char *after = md_skip_blanks(we, s->end);
    if (we == w || !md_word_in(w, (size_t)(we - w), counts, MD_COUNT(counts)) ||
        (we < s->end && *we != ',' && (after == s->end || *after != '|')))
        return false;
    double v;
    if (md_num_scan(p, q, &v) != (size_t)(q - p))
        return false;
    emit_count(s, w, (size_t)(we - w), v, NAN, we, NULL);
    s->p = we;
    return true;
}

/* MONAI's research trainers (Swin UNETR, UNETR): "Epoch 31/300 200/1000
 * loss: 0.2830 time 1.49s", the epoch of those planned, then the batch of
 * the epoch's, bare. */
static bool on_count_after_epoch(scan *s)
{
    if (s->n != 1 || !md_word_is(s->out[0].key, s->out[0].keylen, "epoch") || isnan(s->out[0].total))
        return false;
    double batch, total;
    const char *p = integral_count(s->p, s->end, false, &batch, &total);
    if (!p || batch > total || p >= s->end || !md_is_blank(*p))
        return false;
    emit_batch_in_epoch(s, batch, total, p, NULL);
    s->p = p;
    return true;
}

/* Where "(epoch 1) " ends at p, or NULL. */
static const char *epoch_in_parens(const char *p, const char *end)
{
    if (p >= end || *p != '(' || end - p < 9 || !md_word_is(p + 1, 5, "epoch") || !md_is_blank(p[6]))
        return NULL;
    const char *d = md_skip_blanks(p + 6, end), *e = d;
    while (e < end && md_is_digit(*e))
        e++;
    return e > d && e < end && *e == ')' ? md_skip_blanks(e + 1, end) : NULL;
}

/* MONAI's tutorials print "1/16, train_loss: 0.1162 step time: 0.9368"
 * under "epoch 14/300": the batch of the epoch's, alone at the line's
 * start before a comma, then the pairs. Bayou's "1920/191900 (epoch 1)
 * loss: 8.237" counts the run's batches, before the epoch in parentheses;
 * keras-rl's " 11087/50000: episode: 81, ..." the run's steps, before a
 * colon. */
static bool on_leading_batch_count(scan *s)
{
    double batch, total;
    const char *p = only_blanks(s->line, s->p) ? integral_count(s->p, s->end, false, &batch, &total) : NULL;
    if (!p || p + 2 >= s->end || batch > total)
        return false;
    const char *pairs = NULL;
    bool mark = (p[0] == ',' || p[0] == ':') && md_is_blank(p[1]);
    if (mark)
        pairs = md_skip_blanks(p + 1, s->end);
    else if (md_is_blank(p[0]))
        pairs = epoch_in_parens(md_skip_blanks(p, s->end), s->end);
    if (!pairs || !key_pair_at(pairs, s->end, ':'))
        return false;
    emit_count(s, "iter", 4, batch, total, p, NULL);
    s->p = mark ? p + 1 : p;
    return true;
}

/* Whether "Epoch  1, " ends at p: the epoch's word, its number, a comma
 * (or blanks alone, where spaced is set: the Lua-era fairseq's "| epoch
 * 005  1000 / 8223 loss=2.17"). */
static bool after_epoch_number(const char *line, const char *p, bool spaced)
{
    p = blanks_before(line, p);
    if (p == line || (p[-1] != ',' && !spaced))
        return false;
    p -= p[-1] == ',';
    const char *digits = p;
    while (p > line && md_is_digit(p[-1]))
        p--;
    if (p == digits)
        return false;
    p = blanks_before(line, p);
    if (p - line < 5 || (p - line > 5 && is_alnum(p[-6])))
        return false;
    return md_word_is(p - 5, 5, "epoch");
}

/* Old OpenNMT-py: "Epoch  1, 12900/37527; acc:   4.48; ppl: 35173.75",
 * "Epoch  2,   550/  725; acc: ...": the count after the epoch is the
 * batch within it, of the epoch's. So is one with blanks around its '/'
 * after the epoch's number alone (fairseq's "| epoch 005  1000 / 8223"). */
static bool on_epoch_count(scan *s)
{
    double batch, total;
    const char *t = integral_count(s->p, s->end, true, &batch, &total);
    bool spaced = false;
    if (!t) {
        size_t k = md_num_scan(s->p, s->end, &batch);
        const char *slash = k && is_integral_text(s->p, k) ? md_skip_blanks(s->p + k, s->end) : s->end;
        spaced = slash < s->end && *slash == '/' && slash > s->p + k;
        if (spaced) {
            const char *num = md_skip_blanks(slash + 1, s->end);
            k = md_num_scan(num, s->end, &total);
            t = k && is_integral_text(num, k) ? num + k : NULL;
        }
    }
    if (!t || batch > total || !after_epoch_number(s->line, s->p, spaced) ||
        (t < s->end && *t != ';' && *t != ',' && !md_is_blank(*t)))
        return false;
    emit_count(s, "iter", 4, batch, total, t, NULL);
    s->p = t;
    return true;
}

/* ESPnet2: "7epoch:train:7126-7500batch: iter_time=..., loss=1.601" is
 * epoch 7 up to its batch 7500; "7epoch results: [train] ... [valid]
 * loss=1.854" the epoch's. */
static bool on_espnet_epoch(scan *s)
{
    double epoch, first, last;
    const char *p = s->p;
    size_t k = md_num_scan(p, s->end, &epoch);
    if (!k || !is_integral_text(p, k) || !md_text_at(p + k, s->end, "epoch"))
        return false;
    p += k + 5;
    /* Nor a word that goes on in another script: kohya's "num batches per
     * epoch / 1epochのバッチ数: 93" ("batches per epoch"). */
    if (p < s->end && (is_alnum(*p) || (unsigned char)*p >= 0x80))
        return false;
    emit_count(s, "epoch", 5, epoch, NAN, p, NULL);
    s->p = p;
    s->espnet = true;
    if (!md_text_at(p, s->end, ":train:"))
        return true;
    const char *q = p + 7;
    if (!(k = md_num_scan(q, s->end, &first)) || q + k >= s->end || q[k] != '-')
        return true;
    q += k + 1;
    if (!(k = md_num_scan(q, s->end, &last)) || !is_integral_text(q, k) || !md_text_at(q + k, s->end, "batch"))
        return true;
    emit_count(s, "iter", 4, last, NAN, q + k, NULL);
    s->p = q + k + 5;
    return true;
}

/* A digit, a point or sign before one, or a sign before nan or inf (C's
 * printf writes "-nan"). */
static bool starts_number(const char *p, const char *end)
{
    if (md_is_digit(*p))
        return true;
    if ((*p == '.' || *p == '-' || *p == '+') && p + 1 < end) {
        if (md_is_digit(p[1]) || (p[1] == '.' && p + 2 < end && md_is_digit(p[2])))
            return true;
        double v;
        return *p != '.' && nonfinite_word(p + 1, md_kv_word_end(p + 1, end), &v);
    }
    return false;
}

/* " * Acc@1 76.130 Acc@5 92.862" (" *   Acc@1 62.918" in its later
 * releases) closes an evaluation in PyTorch's ImageNet
 * example, torchvision's references, DeiT, MAE and Swin ("* Acc@1 81.8
 * Acc@5 95.6 loss 0.812"): a lone '*' before the line's first pair (behind
 * a logger's level at most) and a top-k accuracy says the pairs after it
 * are the test set's, named as its batches' lines ("Test: [ 50/196] ...
 * Acc@1 ...") name them. */
static bool on_summary_bullet(scan *s)
{
    const char *name = md_skip_blanks(s->p + 1, s->end);
    bool alone = (s->p == s->line || md_is_blank(s->p[-1])) && name > s->p + 1 && name < s->end && is_alpha(*name);
    if (!alone || s->words > 1)
        return false;
    const char *name_end = md_kv_word_end(name, s->end);
    if (!memchr(name, '@', (size_t)(name_end - name)))
        return false;
    eval_namespace(s, "Test", 4);
    clear_key(s);
    s->p++;
    return true;
}

/* Caffe prints each output of its nets: "Test net output #1: loss = 0.09
 * (* 1 = 0.09 loss)" is the test net's, after "Iteration 300, Testing
 * net"; "Train net output #0: loss = ..." repeats, weighted, what the
 * iteration's own line ("Iteration 300 (4.7 iter/s, ...), loss = 0.18")
 * sums, and is not read; the training net's other outputs are
 * ("Train net output #1: accuracy = 0.001"). */
static bool on_net_output(scan *s)
{
    static const char net_output[] = "net output";
    size_t k = sizeof net_output - 1, keylen = (size_t)(s->key_end - s->key);
    const char *q = s->p + 1;
    while (q < s->end && md_is_digit(*q))
        q++;
    if (s->words != 3 || q == s->p + 1 || q >= s->end || *q != ':' || keylen <= k ||
        !md_word_is(s->key_end - k, k, net_output))
        return false;
    if (!evaluation_key(s->key, s->key_end)) {
        if (md_str_ends_with(md_str_trim((md_str){q, (size_t)(s->end - q)}), "loss)")) {
            s->p = s->end;
            return true;
        }
        clear_key(s);
        s->p = q + 1;
        return true;
    }
    eval_namespace(s, s->key, (size_t)(md_kv_word_end(s->key, s->key_end) - s->key));
    clear_key(s);
    s->p = q + 1;
    return true;
}

/* PaddleOCR prints each evaluation as "cur metric, acc: 0.61, norm_edit_dis:
 * 0.88, fps: 1234.5" (detection: "precision: ..., recall: ..., hmean:
 * ..."), then the best one so far, "best metric, acc: 0.61, ...,
 * best_epoch: 1": a repeat, which is not read. */
static bool on_metric_label(scan *s)
{
    const char *second = last_word(s->key, s->key_end);
    size_t first = (size_t)(md_kv_word_end(s->key, s->key_end) - s->key);
    if (s->words != 2 || !md_word_is(second, (size_t)(s->key_end - second), "metric"))
        return false;
    if (md_word_is(s->key, first, "cur")) {
        eval_namespace(s, "eval", 4);
        clear_key(s);
        s->p++;
        return true;
    }
    if (!md_word_is(s->key, first, "best"))
        return false;
    s->p = s->end;
    return true;
}

size_t md_kv_scan(const char *line, size_t n, md_kv *out, size_t cap, md_kv_known_fn known,
                   const void *ctx)
{
    return md_kv_scan_memo(line, n, out, cap, known, NULL, ctx, NULL, NULL);
}

/* A line of settings: argparse's print of its arguments, a command line
 * with two options and more ("cmd = deepspeed main.py --data_path ...
 * --learning_rate 9.65e-6"), or one with at least three values that are no
 * numbers and at least half as many as pairs with numbers, none of them
 * under a namespace of results. Ultralytics'
 * "engine/trainer: task=detect, mode=train, model=yolo11n.pt, ...,
 * lr0=0.01, ..." holds more words than numbers, a config dict printed on
 * one line enough. A logfmt record
 * ("level=info msg=step step=10 loss=2.3") has two, and a line of
 * measurements at most one (Lightning's "v_num=a1b2"). */
static bool settings_line(const scan *s)
{
    return s->arguments || s->options >= 2 || (s->word_values >= 3 && 2 * s->word_values >= s->n && !s->results);
}

/* OpenMMLab's loggers (mmcv's TextLoggerHook, mmengine's LogProcessor)
 * print "memory: 3834", the peak of torch.cuda.max_memory_allocated() in
 * MiB with no unit; a memory series with no unit is read in GiB. So do
 * dicts that name their set in a field (pycls' "mem": 5123), in whole MiB:
 * a fraction there is another logger's GB. */
static void openmmlab_memory(scan *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].unit == MD_UNIT_NONE &&
            (s->set_in_field ? (s->out[i].flags & MD_KV_INTEGRAL) != 0 : !s->out[i].ns) &&
            (md_word_is(s->out[i].key, s->out[i].keylen, "memory") || md_word_is(s->out[i].key, s->out[i].keylen, "mem")))
            s->out[i].unit = MD_UNIT_MIB;
}

/* MACE logs each epoch's evaluation on the validation set, and nothing of
 * the training's: "Epoch 12: loss=0.1103, MAE_E_per_atom=1.6 meV, MAE_F=21.1
 * meV / A" (or RMSE_E_per_atom, RMSE_F, ...) holds valid_loss. Its error
 * names in capitals, the force's above all, say so. */
static void mace_validation(scan *s)
{
    bool mace = false;
    for (size_t i = 0; i < s->n && !mace; i++) {
        const md_kv *kv = &s->out[i];
        mace = !kv->ns && ((kv->keylen == 6 && memcmp(kv->key, "RMSE_F", 6) == 0) ||
                           (kv->keylen == 5 && memcmp(kv->key, "MAE_F", 5) == 0));
    }
    if (!mace)
        return;
    for (size_t i = 0; i < s->n; i++)
        if (!s->out[i].ns && !md_word_is(s->out[i].key, s->out[i].keylen, "epoch"))
            s->out[i].ns = "val", s->out[i].nslen = 3;
}

/* Python logging's default format, "INFO:Kobo-Kanaeru:loss_disc=3.859":
 * the level in capitals, the logger's name, each before a colon. The
 * message starts after them. */
const char *md_kv_after_basic_logging(const char *line, const char *end)
{
    const char *we = line;
    while (we < end && *we >= 'A' && *we <= 'Z')
        we++;
    if (we == end || *we != ':' || !log_level_word(line, we))
        return line;
    const char *name = we + 1, *ne = name;
    while (ne < end && (is_alnum(*ne) || *ne == '_' || *ne == '-' || *ne == '.'))
        ne++;
    return ne > name && ne < end && *ne == ':' ? ne + 1 : line;
}

/* A count after its number sign: "Step #50\tLoss: 0.678521" (a known
 * key's, "Step", "Epoch", "Iteration"). */
static bool on_numbered(scan *s)
{
    size_t keylen = (size_t)(s->key_end - s->key);
    const char *digits = s->p + 1;
    size_t k = md_digit_run(digits, (size_t)(s->end - digits));
    if (!k || !is_value_end(digits + k, s->end) || !s->known(s->ctx, s->key, keylen))
        return false;
    double v;
    md_num_scan(digits, digits + k, &v);
    emit_count(s, s->key, keylen, v, NAN, digits + k, NULL);
    s->p = digits + k;
    clear_key(s);
    return true;
}

/* A key that a data set's index starts, glued to it by '_': MMOCR 0.x's
 * "0_word_acc: 0.0000, 0_char_recall: 0.79" (its first test set's), after
 * a word boundary. */
static bool indexed_key(const char *p, const char *end)
{
    const char *q = p;
    while (q < end && q - p < 2 && md_is_digit(*q))
        q++;
    return q > p && q + 2 < end && *q == '_' && is_alpha(q[1]) && q[1] != '_' && (q + 2 >= end || is_alpha(q[2]));
}

size_t md_kv_scan_memo(const char *line, size_t n, md_kv *out, size_t cap, md_kv_known_fn known,
                       md_kv_same_fn same, const void *ctx, md_unit_memo *units, bool *settings)
{
    if (n > 6 && line[0] >= 'A' && line[0] <= 'Z') {
        const char *msg = md_kv_after_basic_logging(line, line + n);
        n -= (size_t)(msg - line);
        line = msg;
    }
    scan s = {.line = line, .p = line, .end = line + n, .out = out, .cap = cap, .evict_below = cap, .known = known,
              .same = same, .ctx = ctx, .units = units};
    while (s.p < s.end) {
        char c = *s.p;
        if (md_is_blank(c)) {
            s.p++;
        } else if (is_alpha(c) || ((unsigned char)c >= 0xC3 && utf8_letter(s.p, s.end))) {
            if (s.n == 0 && !s.key &&
                (on_set_loss_step(&s) || on_darts_line(&s) || on_stylegan_snapshot(&s) || on_printed_tensor(&s)))
                continue;
            if (!s.key && meridiem_after_clock(s.line, s.p, s.end)) {
                s.p += 2;
                continue;
            }
            on_word(&s, s.p, md_kv_word_end(s.p, s.end));
        } else if (c == ':' || c == '=' || ((unsigned char)c == 0xEF && fullwidth_colon(s.p, s.end))) {
            on_separator(&s);
        } else if (md_is_digit(c) && !s.key && indexed_key(s.p, s.end)) {
            on_word(&s, s.p, md_kv_word_end(s.p, s.end));
        } else if (starts_number(s.p, s.end)) {
            if (s.n == 0 && !s.key && md_is_digit(c) &&
                (on_darknet(&s) || on_espnet_epoch(&s) || on_step_name_value(&s) || on_leading_count_field(&s) ||
                 on_keras_bar(&s)))
                continue;
            if (!s.key && md_is_digit(c) &&
                (on_batches_count(&s) || on_epoch_count(&s) || on_leading_batch_count(&s) || on_count_after_epoch(&s) ||
                 on_padded_count(&s)))
                continue;
            if (s.key && md_is_digit(c) && (on_at_step(&s) || on_epoch_glued_count(&s)))
                continue;
            on_number(&s);
        } else if (c == '.' && s.key && s.p == s.key_end && on_abbreviation(&s)) {
            continue;
        } else if (c == '\'' && s.key && s.p == s.key_end && on_possessive(&s)) {
            continue;
        } else if (c == '\'' || c == '"' || ((unsigned char)c == 0xE2 && curly_quote(s.p, s.end) == 1)) {
            on_quote(&s);
        } else if (c == '(' && s.key && s.p == s.key_end + 1 && s.key_end[0] == ' ' &&
                   (extend_with_paren(&s) || on_flower_initial(&s))) {
            continue;
        } else if (c == '(' && s.key && s.p == s.key_end &&
                   (on_mm_phase(&s) || on_paren_count(&s) || on_arguments(&s) || extend_with_paren(&s))) {
            continue;
        } else if (c == '(' && s.n > 0 && on_interval_seconds(&s)) {
            continue;
        } else if (c == '(' && s.n == 0 && !s.set && on_lead_paren_tag(&s)) {
            continue;
        } else if ((unsigned char)c == 0xE2 && on_rich_bar(&s)) {
            continue;
        } else if (c == '[' && s.key && s.p > s.key_end && log_level_word(s.key, s.key_end)) {
            clear_key(&s); /* OLMo's "...\tINFO\t[step=100/739328,epoch=0]": a level, no key */
        } else if (c == '[' && !s.key && (on_set_tag(&s) || on_logger_tag(&s) || on_metrics_tag(&s) || on_bracket_key(&s))) {
            continue;
        } else if (c == '[' && !s.key && s.n == 0 &&
                   (on_bracket_step(&s) || on_epoch_batch_pair(&s) || on_epoch_batch_brackets(&s) ||
                    on_bracket_count(&s) || on_vits_list(&s))) {
            continue;
        } else if (c == '[' && !s.key && s.n > 0 && on_trailing_count(&s)) {
            continue;
        } else if (c == '[' && s.key && s.p == s.key_end && on_bracket_group(&s)) {
            continue;
        } else if (c == '[' && s.key && s.p == s.key_end + 1 && s.key_end[0] == ' ' && on_set_bracket(&s)) {
            continue;
        } else if (c == '[' && s.key && (on_epoch_counts(&s, s.p) || on_bracketed_step(&s))) {
            continue;
        } else if (c == '[' && s.key) {
            s.openmmlab |= mmcv_iter(&s);
            on_number(&s); /* "Epoch [5/650]" */
        } else if (c == '-' && s.p + 2 < s.end && s.p[1] == '-' && is_alpha(s.p[2]) &&
                   (s.p == s.line || md_is_blank(s.p[-1]))) {
            s.options++; /* "--learning_rate 9.65e-6": a command line's option */
            clear_key(&s);
            s.p += 2;
        } else if (c == '*' && s.n == 0 && on_summary_bullet(&s)) {
            continue;
        } else if (c == '#' && s.key && s.p == s.key_end + 1 && on_numbered(&s)) {
            continue;
        } else if (c == '#' && s.key && s.n == 0 && on_net_output(&s)) {
            continue;
        } else if (c == ',' && s.key && s.n == 0 && on_metric_label(&s)) {
            continue;
        } else {
            /* '|' separates fields: litgpt's "val: n/a | iter time: 112 ms"
             * is no validation time. */
            if (c == '|' || (c == ']' && s.ns_bracket))
                end_namespace(&s);
            if (c == '|' && on_trax_metric(&s))
                continue;
            if (c == '|') {
                s.piped = true;
                on_field(&s);
                if (on_lone_duration(&s)) {
                    clear_key(&s);
                    continue;
                }
            }
            clear_key(&s);
            s.p++;
        }
    }
    if (s.openmmlab)
        openmmlab_memory(&s);
    if (s.n >= 2)
        mace_validation(&s);
    if (settings)
        *settings = settings_line(&s);
    return s.n;
}
