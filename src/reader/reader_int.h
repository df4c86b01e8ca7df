/* Private to src/reader: the pieces the text reader is built from, exposed
 * for unit tests. */
#ifndef MLDIAG_READER_INT_H
#define MLDIAG_READER_INT_H

#include <math.h>

#include "core/swar.h"

#include "mldiag/catalog.h"
#include "mldiag/reader.h"
#include "mldiag/source.h"
#include "mldiag/store.h"

/* A key/value pair found on a log line. key points into the line. */
typedef struct md_kv {
    const char *key;
    size_t keylen;
    double value;
    md_unit unit;
    unsigned flags; /* md_kv_flags */
    double total;   /* T of "N/T" when MD_KV_TOTAL */
    const char *end; /* just past the value's text */
    /* A namespace the key sits under: "Hidden states stats: min=-5.2,
     * max=6.1" gives min and max under "Hidden states stats". */
    const char *ns;
    size_t nslen;
    /* The text the value and the total were read from by md_num_scan alone,
     * or by md_num_grouped where grouped is set (no wrapper): NULL when read
     * otherwise or from no text of the line. Line shapes (shape.c) read
     * new values there. */
    const char *num, *tot;
    size_t numlen, totlen;
    bool grouped;
    /* The most digits num may hold and still be read as it was (a count
     * in front of the line: 15); 0 for no limit of the scan's. */
    uint8_t num_digits_max;
    /* From a line shape: value and its MD_KV_DECIMALS are still to be read
     * from num (md_feed_kv_text). */
    bool unread;
} md_kv;

/* "1,234,567": Python's f"{n:,}" groups thousands (torchtitan's tps, a
 * parameter count). Reads such a number at p into *v (a sign, one to three
 * digits not starting with 0, groups of a separator and exactly three
 * digits, a fraction after them: "0,5" is no thousand, "1,2" no group) and
 * returns its length; 0 when p holds none. The separator is a comma or,
 * as locales write it, a no-break space (U+00A0, U+202F) or a thin space
 * (U+2009), the same in every group. */
size_t md_num_grouped(const char *p, const char *end, double *v);
/* A table cell without the markdown emphasis around it ("**0.1843**",
 * "*0.5*", "__2__"), as a results table marks its best value. */
md_str md_cell_unemphasized(md_str c);
/* The length of the thousands separator at q (see md_num_grouped), 0 for
 * none. */
size_t md_group_separator(const char *q, const char *end);
/* Whether the head of a log writes its numbers with a decimal comma: two
 * values that can be nothing else ("0,984", "2,8587") and none that groups
 * thousands beyond doubt ("1,234,567", "12,345.6"). */
bool md_kv_decimal_comma_head(md_str head);
/* Whether [p, end) is a number and nothing else, plain or with its
 * thousands grouped ("8,192"); its value into *v. */
bool md_num_whole(const char *p, const char *end, double *v);

/* Decides whether a key may take a value separated only by spaces
 * ("step 500", "loss 4.23"); keys followed by ':' or '=' need no check. */
typedef bool (*md_kv_known_fn)(const void *ctx, const char *key, size_t n);

/* Whether a key under the training set's name ("train" and "loss") is the
 * series the key alone is ("loss"). */
typedef bool (*md_kv_same_fn)(const void *ctx, const char *set, size_t setlen, const char *key, size_t n);

/* Finds the key/value pairs of one line (ANSI escapes already removed, no
 * '\r' or '\n' inside): "loss: 2.3", "loss=2.3", "'loss': 2.3",
 * "lm loss: 7.2E+00 |", "iter 100: loss 4.23, time 12ms", "s:0 trl:11.0",
 * "Epoch [5/650], Train Loss: 0.04", "- loss: 0.21 - val_loss: 0.3".
 * Returns the number of pairs written to out (at most cap). */
size_t md_kv_scan(const char *line, size_t n, md_kv *out, size_t cap, md_kv_known_fn known,
                   const void *ctx);

/* The units found after numbers so far, so that the same few ("ms", "%")
 * are not looked up in the unit table again on every line. Zeroed by the
 * owner before use. */
#define MD_UNIT_MEMO 32
#define MD_UNIT_MEMO_TEXT 15
typedef struct md_unit_memo {
    struct {
        char text[MD_UNIT_MEMO_TEXT];
        unsigned char len; /* 0: empty */
        unsigned char used; /* bytes md_unit_scan took, 0 for none */
        md_unit unit;
    } slot[MD_UNIT_MEMO];
    /* The log writes a decimal comma (md_kv_decimal_comma_head): its
     * "1,148" is 1.148, not a thousand and more. */
    bool comma_decimals;
} md_unit_memo;

/* The end of a word that starts at p: letters, digits, '_' and inner '/',
 * '.', '-' ("train/loss", "lr-AdamW", "metrics/mAP_0.5"). */
const char *md_kv_word_end(const char *p, const char *end);
/* Whether the n bytes at p spell the lower-case word, in any case (kv.c). */
bool md_word_is(const char *p, size_t n, const char *word);
/* Whether the n bytes at p are one of the words, as md_word_is. */
bool md_word_in(const char *p, size_t n, const char *const *words, size_t nwords);
/* A field whose value names the set a record measures: "mode" (MMCV),
 * "_type" (pycls), "split", "phase" (kv.c). */
bool md_set_field(const char *key, const char *end);
/* The length of the set's name such a field's value opens with ("test" of
 * "test_epoch", "val"), 0 for none (kv.c). */
size_t md_set_value(const char *p, size_t n);
/* A tag's word that says its figures are averaged over steps: "smooth",
 * "avg", "ema", "running" (kv.c). */
bool md_kv_average_tag(const char *w, size_t n);
/* A logger's level written in capitals ("INFO", not a name's "Info"). */
bool md_capital_log_level(const char *w, const char *we);
/* A set's name alone: "train", "val", "valid", "validation". */
bool md_kv_set_name(const char *p, size_t n);
/* Whether the n bytes at p are a word that names an evaluation ("val",
 * "Validation", "test", "dev"), in any case (kv.c). */
bool md_evaluation_word(const char *w, size_t n);
/* A count read from the text as a whole number: the number, or -1 when it
 * is negative or too large for one (a count of 20 digits), which casting
 * would make undefined. 9e15 stays below 2^53, where doubles still count
 * by ones. */
static inline int64_t md_count_of(double v)
{
    return v >= 0 && v < 9e15 ? (int64_t)v : -1;
}

/* Whether the text at p, before end, starts with text. */
static inline bool md_text_at(const char *p, const char *end, const char *text)
{
    return md_str_starts_with((md_str){p, (size_t)(end - p)}, text);
}
/* The length of a count's name in a key that pairs it with its total's
 * ("global_step/max_steps"), n for any other key (kv.c). */
size_t md_kv_count_key(const char *key, size_t n);
/* A span written as Python's str(timedelta) writes it ("0:17:41", "1 day,
 * 2:03:04"), in seconds; false for any other text. */
bool md_clock_span(const char *s, size_t n, double *seconds);
/* MD_KV_DECIMALS of a number's text: 0 when it has an exponent. */
unsigned md_kv_decimals(const char *p, size_t n);
/* The flags of a number read from its n bytes of text: MD_KV_INTEGRAL when
 * written as an integer, and its decimals. */
unsigned md_kv_number_flags(const char *p, size_t n);
/* The value of a plain decimal: its digits' integer (exact in a double)
 * divided by an exact power of ten, frac being the count of digits after
 * the point (at most 15). The integer has at most 17 digits: converted as
 * a signed one, it takes one instruction where unsigned takes a few. */
static inline double md_num_plain_value(uint64_t mant, size_t frac, bool neg)
{
    static const double pow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    double v = (double)(int64_t)mant;
    if (frac)
        v /= pow10[frac];
    return neg ? -v : v;
}

/* A plain decimal read the short way: an optional '-', then 1 to 15
 * digits with at most one point among them, and nothing else in the n
 * bytes (a number's text, as readers cut it). Its value is the digits'
 * integer (exact in a double) divided by an exact power of ten: the one
 * rounding md_num_scan makes for it too. *decimals is the count of digits
 * after the point, -1 without a point. False for any other text, which
 * md_num_scan reads. */
static inline bool md_num_plain(const char *p, size_t n, double *out, int *decimals)
{
    if (n == 0 || n > 17)
        return false;
    bool neg = p[0] == '-';
    const char *q = p + neg, *end = p + n;
    uint64_t mant = 0;
    unsigned d;
    while (q < end && (d = (unsigned)(unsigned char)*q - '0') <= 9)
        mant = mant * 10 + d, q++;
    size_t digits = (size_t)(q - p) - neg, frac = 0;
    if (q < end) {
        if (*q != '.')
            return false;
        const char *point = ++q;
        while (q < end && (d = (unsigned)(unsigned char)*q - '0') <= 9)
            mant = mant * 10 + d, q++;
        if (q < end)
            return false;
        frac = (size_t)(q - point);
        digits += frac;
        *decimals = (int)frac;
    } else {
        *decimals = -1;
    }
    if (digits == 0 || digits > 15)
        return false;
    *out = md_num_plain_value(mant, frac, neg);
    return true;
}

/* The digits in the top n bytes of w (1 to 8 bytes of a text, the first
 * in the lowest of them), at most one of those bytes a point: their
 * integer, the point taken out and '0's filling the bytes below, and in
 * *point the point's byte in the word (7 for the last), -1 for none. False
 * for any other byte. */
static inline bool md_swar_plain(uint64_t w, unsigned n, uint64_t *digits, int *point)
{
#if MD_SWAR
    unsigned fill = 8 * (8 - n); /* bits below the text, at most 56 */
    uint64_t other = md_swar_non_digits(w) & ~UINT64_C(0) << fill;
    *point = -1;
    if (other) {
        if ((other & (other - 1)) || !(md_swar_equal(w, '.') & other))
            return false; /* not one point among digits */
        unsigned at = md_lowest_bit(other) & ~7u; /* the point's byte, in bits */
        *point = (int)(at / 8);
        if (n == 1) {
            *digits = 0;
            return true;
        }
        uint64_t under = (UINT64_C(1) << at) - 1;
        w = (w & under) << 8 | (w & ~under << 8);
        fill += 8;
    }
    uint64_t low = ~(~UINT64_C(0) << fill);
    *digits = md_swar_eight_digits((w & ~low) | ('0' * MD_SWAR_ONES & low));
    return true;
#else
    (void)w, (void)n, (void)digits, (void)point;
    return false;
#endif
}

/* md_num_plain of 1 to 8 bytes without a sign, from the word of the 8
 * bytes that end at the text's end, the text in its highest bytes. False
 * where md_num_plain would read nothing, and for a '-' (md_num_plain
 * reads that one). */
static inline bool md_num_plain_word(uint64_t w, size_t n, double *out, int *decimals)
{
    uint64_t digits;
    int at;
    if (!md_swar_plain(w, (unsigned)n, &digits, &at) || (at >= 0 && n == 1))
        return false;
    size_t frac = at >= 0 ? 7 - (size_t)at : 0;
    *out = md_num_plain_value(digits, frac, false);
    *decimals = at >= 0 ? (int)frac : -1;
    return true;
}

/* md_num_plain_word of 9 to 16 bytes: the word of the last 8 and the word
 * before it, whose top bytes are the text's first. */
static inline bool md_num_plain_two_words(const char *p, size_t n, double *out, int *decimals)
{
    static const uint64_t pow10[] = {10000000, 100000000};
    uint64_t first, last;
    int at_first, at_last;
    if (!md_swar_plain(md_load64(p + n - 16), (unsigned)(n - 8), &first, &at_first) ||
        !md_swar_plain(md_load64(p + n - 8), 8, &last, &at_last) || (at_first >= 0 && at_last >= 0))
        return false;
    bool point = at_first >= 0 || at_last >= 0;
    if (n - point > 15)
        return false;
    size_t frac = at_first >= 0 ? 15 - (size_t)at_first : at_last >= 0 ? 7 - (size_t)at_last : 0;
    *out = md_num_plain_value(first * pow10[at_last < 0] + last, frac, false);
    *decimals = point ? (int)frac : -1;
    return true;
}

/* md_num_plain of the n bytes at p, where the bytes from 'from' up to p
 * can be read too, by words where they end with the text: one for 4 to 8
 * bytes (the loop reads shorter ones as quickly), two for 9 to 16. False
 * when the words cannot be read or do not read the text. */
static inline bool md_num_plain_word_after(const char *from, const char *p, size_t n, double *out, int *decimals)
{
    if (!MD_SWAR || n < 4 || n > 16 || (size_t)(p - from) + n < (n <= 8 ? 8u : 16u))
        return false;
    return n <= 8 ? md_num_plain_word(md_load64(p + n - 8), n, out, decimals)
                  : md_num_plain_two_words(p, n, out, decimals);
}

/* md_num_plain of the n bytes at p, where the bytes from 'from' up to p
 * can be read too: a short text in one word where it can. */
static inline bool md_num_plain_after(const char *from, const char *p, size_t n, double *out, int *decimals)
{
    return md_num_plain_word_after(from, p, n, out, decimals) || md_num_plain(p, n, out, decimals);
}

/* A number's value read the short way where md_num_plain can, else by
 * md_num_scan. */
static inline void md_num_value(const char *p, size_t n, double *out)
{
    int decimals;
    if (!md_num_plain(p, n, out, &decimals))
        md_num_scan(p, p + n, out);
}

/* md_num_value by md_num_plain_after. */
static inline void md_num_value_after(const char *from, const char *p, size_t n, double *out)
{
    int decimals;
    if (!md_num_plain_after(from, p, n, out, &decimals))
        md_num_scan(p, p + n, out);
}

/* The same of a text md_num_scan_form read whole, from its form: without
 * an exponent, only the point's digits follow it. */
static inline unsigned md_kv_form_decimals(const md_num_form *form)
{
    return form->exp ? 0 : MD_KV_DECIMALS(form->decimals);
}

/* The same of a plain decimal from its decimals (md_num_plain's, -1 for an
 * integer, which is also integral). */
static inline unsigned md_kv_plain_decimals(int decimals)
{
    return decimals < 0 ? MD_KV_INTEGRAL | MD_KV_DECIMALS(0) : MD_KV_DECIMALS(decimals);
}

/* Where the message starts after Python logging's "INFO:name:", or line. */
const char *md_kv_after_basic_logging(const char *line, const char *end);
/* A Keras progress bar's count at p, "115/6740 [====>....]", "115/6740
 * \u2501\u2501" or verbose=2's "3/3 - ": its count and total, and whether a bar
 * is drawn. Returns where the bar ends (the " - " after a count without
 * one), or NULL. */
const char *md_keras_bar(const char *p, const char *end, double *count, double *total, bool *drawn);

/* md_kv_scan with a unit memo (same pairs), and with same to tell where a
 * key under the training set's name keeps it (md_kv_scan: nowhere).
 * *settings (when not NULL) tells whether the line is one of settings
 * (configuration: "task=detect, ..., lr0=0.01", "Namespace(...)") rather
 * than of measurements, by how many of its values are words (kv.c). */
size_t md_kv_scan_memo(const char *line, size_t n, md_kv *out, size_t cap, md_kv_known_fn known,
                       md_kv_same_fn same, const void *ctx, md_unit_memo *units, bool *settings);

/* Shapes of lines read before (shape.c): a line that differs from one of
 * them only in its numbers' digits has its pairs with the new values. A
 * shape lives in one of MD_SHAPES slots until a new one takes its place. */
#define MD_SHAPES 32 /* a log interleaves a few kinds of line, or a line per layer */
#define MD_SHAPE_PAIRS 48
typedef struct md_shapes md_shapes;
md_shapes *md_shapes_new(void);
void md_shapes_free(md_shapes *sh);
/* Learns the shape of a line whose pairs md_kv_scan found (none for a
 * line whose values are read another way: a progress bar's). The first
 * keep bytes (a rank prefix: "[rank0]:") stay as they are, digits too.
 * Returns its slot, or -1: lines whose pairs are not all read from their
 * numbers' text make no shape. */
int md_shapes_learn(md_shapes *sh, const char *line, size_t n, const md_kv *kv, size_t nkv, size_t keep);
/* Sets the traits of a learnt shape: the caller's bits for what holds of
 * every line of it (0 until set), asked only of lines that make a shape. */
void md_shapes_set_traits(md_shapes *sh, int slot, unsigned traits);
/* The slot of the learnt shape the line is of, or -1; then *out points to
 * its *nkv pairs with the line's values (borrowed: the shape's own, valid
 * until the next call on sh) and *traits holds the shape's traits. */
int md_shapes_match(md_shapes *sh, const char *line, size_t n, const md_kv **out, size_t *nkv, unsigned *traits);

/* A tqdm progress bar in a line segment. */
typedef struct md_tqdm {
    bool found;
    size_t desc_end;            /* the description is line[0, desc_end) */
    size_t postfix_start, postfix_end; /* "loss=2.6, v_num=..." inside [] */
    double n, total;            /* total < 0 when the bar has none */
    double rate;                /* iterations per second; NaN when unknown */
    bool per_item;              /* rate counts items (examples/s), not steps */
    size_t end;                 /* the bar is line[0, end): text may follow */
    /* Where n, total and the rate were read: offset and length, length 0
     * for a number not read; the rate is seconds per iteration. */
    struct md_tqdm_num {
        uint32_t at, len;
    } n_text, total_text, rate_text, step_text;
    /* The total's text when md_tqdm_reread last read it, in the top bytes
     * of a word; 0 for none (a digit is no NUL). */
    uint64_t total_word;
    bool rate_inverse;
    /* md_tqdm_reread left the rate's text unread: rate is stale, and the
     * text at rate_text, iterations per second, is the rate. */
    bool rate_unread;
    unsigned desc; /* MD_TQDM_* flags: what the description says */
    double step;   /* the global step the description holds (MD_TQDM_GLOBAL_STEP) */
} md_tqdm;

/* "Epoch 3:" (Lightning's training bar: the counter is the batch within
 * the epoch), "Steps:" (diffusers', accelerate's: the counter is the
 * step), or a description of other work ("Loading checkpoint shards"). A
 * line of the same shape has the same flags: they read letters, blanks and
 * whether a byte is a digit. */
#define MD_TQDM_EPOCH 1u
#define MD_TQDM_STEPS 2u
#define MD_TQDM_DESCRIBED 4u
/* "1|15|Loss: 0.99" (torchtune): the epoch, then the global step; the
 * bar itself counts the epoch's batches. */
#define MD_TQDM_GLOBAL_STEP 8u
/* "Validation: 50%|", "Eval:", "Testing DataLoader 0:": an evaluation's
 * bar, whose postfix holds the evaluation's figures. */
#define MD_TQDM_EVALUATION 16u

md_tqdm md_tqdm_scan(const char *line, size_t n);
/* Makes bar, scanned from another line, the bar of a line that differs
 * from that one only in digits, each replaced by a digit (a line of the
 * same shape): its numbers read again where they were, all else as it is.
 * Without read_rate, a rate in iterations per second is left unread
 * (rate_unread) for the feed's thread to read. */
void md_tqdm_reread(md_tqdm *bar, const char *line, bool read_rate);

/* A box of "| key | value |" rows between two rules of dashes, as
 * Stable-Baselines3 prints each update (box.c). */
#define MD_BOX_ROWS 64
typedef struct md_box {
    bool open;
    bool after_row; /* the line before began with '|' */
    unsigned long last_line; /* of the latest row */
    char section[48];
    size_t n;
    struct {
        char key[112];
        double value;
        unsigned flags;
    } rows[MD_BOX_ROWS];
} md_box;

typedef struct md_feed md_feed;

/* Reads one line into the box; true when the line belonged to it (a rule
 * or a row). A box's rows become one record when its closing rule comes. */
bool md_box_line(md_box *b, md_str line, md_feed *feed, unsigned long lineno);
/* A box the log ends in, its closing rule never printed, is a record too. */
void md_box_finish(md_box *b, md_feed *feed);

/* A dict that pprint wrapped one item a line (wrapped.c). */
typedef struct md_wrapped_dict {
    md_buf text; /* its lines so far, joined by a blank */
    unsigned long lineno; /* of its first line */
    bool open;
    bool closed; /* the last line added ends it */
} md_wrapped_dict;

/* Whether the line (trimmed) opens a wrapped dict; then the dict holds it. */
bool md_wrapped_dict_begin(md_wrapped_dict *d, md_str line, unsigned long lineno);
/* Adds a line (trimmed) of the open dict; false when the line is none of it. */
bool md_wrapped_dict_add(md_wrapped_dict *d, md_str line);
void md_wrapped_dict_free(md_wrapped_dict *d);

/* An evaluation's results one "key = value" a line under a banner
 * (results.c). */
typedef struct md_results {
    md_buf text; /* "[set] key = value, ..." so far */
    char prefix[96]; /* the logger's prefix before the banner */
    size_t prefix_len;
    unsigned long lineno; /* of the banner */
    unsigned items;
    bool open;
} md_results;

/* Whether the line opens a block of results ("***** Eval results *****");
 * then the block holds its set's name. */
bool md_results_begin(md_results *d, md_str line, unsigned long lineno);
/* Adds a line of the open block; false when the line is none of it. */
bool md_results_add(md_results *d, md_str line);
void md_results_free(md_results *d);

/* RLlib's pretty_print of an iteration's result, one YAML key a line
 * (rllib.c). */
typedef struct md_rllib {
    md_buf text; /* "key = value, ..." of its numbers so far */
    unsigned long lineno; /* of its first line */
    unsigned items, lines;
    bool step_seen; /* its training_iteration was read */
    bool open;
} md_rllib;

/* Whether the line opens a result ("agent_timesteps_total: 4000"). */
bool md_rllib_begin(md_rllib *d, md_str line, unsigned long lineno);
/* Adds a line of the open result; false when the line is none of it. */
bool md_rllib_add(md_rllib *d, md_str line);
void md_rllib_free(md_rllib *d);

/* The role a key has in the catalog (md_role), or -1 for a key it does
 * not name. */
typedef int (*md_key_role_fn)(const void *ctx, const char *key, size_t n);

/* A table of whitespace-aligned columns under a header of names, as
 * fastai, spaCy and Ultralytics YOLO print them (columns.c). */
#define MD_COLUMNS_MAX 40
#define MD_COLUMNS_NAME 48
#define MD_COLUMNS_LINE 512
#define MD_COLUMNS_PLACE 2
typedef struct md_columns_cell {
    char name[MD_COLUMNS_NAME];
    double v, total;
    unsigned flags;
} md_columns_cell;

typedef struct md_columns {
    size_t n; /* columns of the current header; 0 for none */
    unsigned long last_line; /* of the header or the latest row */
    bool ruled;      /* a rule of dashes under the header gave its columns */
    bool labelled;   /* rows may start with a label, not with their step */
    bool evaluation; /* labelled rows were read: the names are an evaluation's */
    bool nan_absent; /* a NaN cell is no value: DeePMD-kit's lcurve.out, NaN where there was no reference data */
    bool place[MD_COLUMNS_MAX]; /* the column is a step or an epoch */
    char names[MD_COLUMNS_MAX][MD_COLUMNS_NAME];
    /* Where each name starts in the header line (blanks before it
     * counted), for rows with empty cells; starts_known false for a header
     * parted by tabs or named otherwise. */
    size_t start[MD_COLUMNS_MAX];
    bool starts_known;
    /* The header's names where only gaps of two blanks and more part
     * them ("LOSS NER"), when that gives other columns; nwide 0 when not. */
    size_t nwide;
    char wide[MD_COLUMNS_MAX][MD_COLUMNS_NAME];
    /* The line before, a header if a rule of dashes comes under it. */
    char prev[MD_COLUMNS_LINE];
    size_t prev_len, prev_indent;
    unsigned long prev_line;
    /* The step and epoch cells of the latest row, for the evaluation
     * printed after it; used once. */
    md_columns_cell at[MD_COLUMNS_PLACE];
    size_t nat;
} md_columns;

/* Reads one line (trimmed; indent is the blanks it began with, which line
 * a rule's columns up with the names above) into the table: a header
 * replaces the one before; a row under it becomes a record. True when the
 * line was a row or a rule. */
bool md_columns_line(md_columns *t, md_str line, size_t indent, md_feed *feed, unsigned long lineno,
                     md_key_role_fn role, const void *ctx);
/* The HF Trainer's table of results (its notebook's progress table, "Step
 * | Training Loss | Validation Loss | Accuracy", a model card's "| Training
 * Loss | Epoch | Step | Validation Loss | Accuracy |"), named so by both
 * losses among its n column names: its columns but those four are the
 * evaluation's, read under MD_TRAINER_EVAL_PREFIX and their name
 * ("Validation Accuracy"). */
#define MD_TRAINER_EVAL_PREFIX "Validation "
bool md_trainer_table(const md_str *names, size_t n);
bool md_trainer_evaluation_column(md_str name);
/* The line just read held key/value pairs, so it is no header for a rule
 * under it: lines of its shape may be read by their shape, unseen by the
 * table, and the table must not depend on which. */
void md_columns_pairs_read(md_columns *t);

/* icefall's "Clipping_scale=2.0, grad-norm quartiles a b c d e, ..." line
 * (icefall.c): true when the line was one, read or not (another rank's). */
bool md_icefall_clip_line(md_str line, md_feed *feed, unsigned long lineno);

/* MLPerf's ":::MLLOG {...}" lines (mllog.c): the benchmark the log names,
 * which says what its quality metric is. */
typedef struct md_mllog {
    char benchmark[48];
    md_buf json; /* the line's JSON, NaN and the infinities tagged */
} md_mllog;

/* Reads one line (trimmed); true when it was an MLLOG line, read or not. */
bool md_mllog_line(md_mllog *m, md_str line, md_feed *feed, unsigned long lineno);
void md_mllog_free(md_mllog *m);

/* Flower's history of a federated run, at its end (flower.c). */
typedef enum { MD_FLOWER_NONE, MD_FLOWER_LOSS, MD_FLOWER_LOSS_PAIRS, MD_FLOWER_METRICS } md_flower_open;
typedef struct md_flower {
    md_flower_open open; /* the history whose rounds may follow */
    char prefix[16];     /* the series' name, or the prefix of its metrics' */
    char name[64];       /* the metric whose rounds are being read */
} md_flower;

/* Reads one line (trimmed); true when it was a history's header or held
 * its rounds (each a record at its round). */
bool md_flower_line(md_flower *f, md_str line, md_feed *feed, unsigned long lineno);

/* AllenNLP's table of an epoch's metrics, "Training |  Validation" over a
 * row a metric, and its bars (allennlp.c). */
typedef struct md_allennlp {
    bool open;               /* rows may follow */
    unsigned long last_line; /* of the header or the latest row */
    long epoch;              /* the epoch being trained, or of the last table */
    bool started;            /* an epoch began */
    bool in_epoch;           /* it has no table yet */
    bool validating;         /* its validation began */
    bool announced;          /* an "Epoch N/M" line came since */
    long next_epoch;         /* its N */
} md_allennlp;

/* Reads one line (trimmed); true when it was the table's header or one of
 * its rows (each row a record at the table's epoch), the trainer's "Epoch
 * N/M" (a record of the epoch) or its "Training" or "Validating". */
bool md_allennlp_line(md_allennlp *a, md_str line, md_feed *feed, unsigned long lineno);

/* What a bar's description says of it: none of AllenNLP's, or the
 * training's or validation's running averages. A training bar's counter
 * is the batch within the epoch (md_allennlp_place_bar gives both); a
 * validation bar's averages are the table's again at the epoch's end. */
typedef enum { MD_ALLENNLP_NO_BAR, MD_ALLENNLP_TRAINING_BAR, MD_ALLENNLP_VALIDATION_BAR } md_allennlp_bar;
md_allennlp_bar md_allennlp_bar_of(md_allennlp *a, md_str desc);
void md_allennlp_place_bar(const md_allennlp *a, const md_tqdm *bar, md_feed *feed);

/* WeNet's executor lines (wenet.c). */
typedef struct md_wenet {
    double last_a, last_b; /* "Batch A/B" of the last TRAIN line */
    bool seen;             /* a TRAIN line was read */
    bool batch_first;      /* the line is "Batch B/T" (WeNet before mid-2021) */
    double epoch;          /* of such lines, counted from the batch's restarts */
} md_wenet;

typedef enum { MD_WENET_NONE, MD_WENET_TRAIN, MD_WENET_CV_BATCH, MD_WENET_CV_INFO } md_wenet_kind;

typedef struct md_wenet_line {
    md_wenet_kind kind;
    double epoch;
    double batch, total; /* of a TRAIN line; total < 0 for none */
    md_str rate;         /* "steps/sec 2.3" before the batch, or empty */
    md_str pairs;        /* the rest of the line: its key/value pairs */
} md_wenet_line;

/* Whether the line (trimmed) is one of WeNet's: a training batch's, an
 * evaluation batch's (CV, not to be read), or an evaluation's summary
 * (CV info), which out describes. */
bool md_wenet_scan(md_wenet *w, md_str line, md_wenet_line *out);

/* CatBoost's iteration lines (catboost.c). */
#define MD_CATBOOST_HELD 64
typedef struct md_catboost_value {
    double v;
    unsigned flags; /* MD_KV_DECIMALS */
} md_catboost_value;

typedef struct md_catboost_line {
    unsigned long lineno;
    double iter;
    md_catboost_value learn, test, best;
    double best_iter; /* the iteration of best, in its parentheses */
    bool has_learn, has_test, has_best;
    bool other_sets; /* fields of further eval sets ("test1") */
} md_catboost_line;

typedef struct md_catboost {
    md_better better; /* of the metric, once the best column told; MD_BETTER_NONE before */
    double last_iter;
    double last_best;
    double best_iter; /* of last_best */
    unsigned long last_line;
    bool best_seen;
    md_catboost_line held[MD_CATBOOST_HELD]; /* lines read before it told */
    size_t nheld;
} md_catboost;

/* Reads an iteration line into records; true when the line was one. Lines
 * read before the log tells which way its metric improves are held (at
 * most MD_CATBOOST_HELD; a metric that long unmoved is read as a loss, a
 * learn figure alone by the way it went). */
bool md_catboost_read(md_catboost *cb, md_str line, md_feed *feed, unsigned long lineno);
/* Records the lines still held. */
void md_catboost_finish(md_catboost *cb, md_feed *feed);

/* Which column a headerless results.txt has twelfth: YOLOv5's and
 * YOLOv7's mAP@0.5:0.95, or ultralytics/yolov3's F1 (zero: not told yet). */
typedef enum { MD_YOLO_UNTOLD, MD_YOLO_MAP, MD_YOLO_F1 } md_yolo_layout;

/* A row of YOLOv5's (before 6.0), YOLOv7's or ultralytics/yolov3's
 * headerless results.txt: fed as one record; false when the line is not
 * one. */
bool md_yolo_results_line(md_yolo_layout *layout, md_str line, md_feed *feed, unsigned long lineno);

/* Seconds since the epoch of a timestamp in the first bytes of a line
 * ("2024-03-21 02:07:08,123", "[2025-04-01 06:58:03]", "2024-03-21T02:07:08Z",
 * glog "I0321 02:07:08.408271"), or NaN when there is none. *kind tells
 * which form it was: glog stamps carry no year, so gaps are only measured
 * between stamps of one kind. */
typedef enum { MD_STAMP_NONE, MD_STAMP_ISO, MD_STAMP_GLOG } md_stamp_kind;
double md_timestamp_scan(const char *line, size_t n, md_stamp_kind *kind);
/* Whether a line with the same bytes but other digits in place of its
 * digits could start with a timestamp. */
bool md_timestamp_possible(const char *line, size_t n);
size_t md_timestamp_prefix(const char *line, size_t n);

/* A phrase of one to four words repeated back to back, as looping
 * generated text does; repeats is 0 when the line has none. */
typedef struct md_repeat {
    size_t repeats, period;
} md_repeat;

md_repeat md_repeat_scan(const char *line, size_t n);

/* A set of literals searched for in one pass over a line (literals.c).
 * Each literal carries an id; md_litset_find sets bit id of hits (an array
 * of md_litset_words words) for every literal that occurs in the text, the
 * same answer as one md_memmem per literal, and returns whether any did. */
typedef struct md_litset md_litset;
md_litset *md_litset_new(void);
void md_litset_free(md_litset *ls);
void md_litset_add(md_litset *ls, const char *s, size_t n, unsigned id);
size_t md_litset_words(const md_litset *ls);
bool md_litset_find(md_litset *ls, const char *text, size_t n, uint64_t *hits);

/* Event matching: literal prefilter, then the POSIX regex, then fields. */
typedef struct md_event_matcher md_event_matcher;
md_event_matcher *md_event_matcher_new(const md_catalog *cat);
void md_event_matcher_free(md_event_matcher *m);
/* Whether no event can match a line that differs from this one only in
 * digits: none of the literals occurs in it, nor, of a literal with
 * digits, its longest run without. Safe on the reader's thread while the
 * feed's thread applies the matcher. */
bool md_event_matcher_silent(md_event_matcher *m, const char *text, size_t n);
/* Matches one line against every event and records the matches in the
 * store, at its current step. */
void md_event_matcher_apply(md_event_matcher *m, md_store *st, unsigned long line, const char *text, size_t n);

/* A feed carries a reader's store calls (feed.c). Threaded, the calls are
 * queued and made in the same order on a thread of the feed's own, and the
 * reader must not touch the store itself until md_feed_close returns; not
 * threaded, each call is made at once. The event call places the event at
 * the store's current step when it is made. */
md_feed *md_feed_new(md_store *st, bool threaded);
/* Makes every queued call, stops the thread and frees the feed. */
void md_feed_close(md_feed *f);
void md_feed_record_begin(md_feed *f, unsigned long line);
/* A record that is configuration unless a key the catalog names is in it
 * (md_store_record_need_known). */
void md_feed_record_begin_known(md_feed *f, unsigned long line);
/* The record begun is an evaluation's (md_store_record_evaluation). */
void md_feed_record_evaluation(md_feed *f);
void md_feed_kv(md_feed *f, const char *key, size_t keylen, double value, md_unit unit, unsigned flags,
                double total);
/* A pair whose number is still text: its value and MD_KV_DECIMALS are
 * read from it (for a shape whose keys the feed could not hold). */
void md_feed_kv_text(md_feed *f, const char *key, size_t keylen, const char *text, size_t n, md_unit unit,
                     unsigned flags, double total);
/* Records of a line shape: md_feed_shape names the keys and units of the
 * pairs of a slot (replacing what the slot held), md_feed_shaped makes a
 * whole record of the slot's pairs from their values or, where a pair is
 * md_kv.unread, their text (read on the feed's thread while it keeps up),
 * which lies in the line that starts at 'from'.
 * False when the keys do not fit: the slot then holds nothing. */
#define MD_SHAPE_KEYS 8192
#define MD_FEED_SHAPES (2 * MD_SHAPES) /* slots: a text reader's two sets */
bool md_feed_shape(md_feed *f, unsigned slot, const md_kv *kv, size_t n);
void md_feed_shaped(md_feed *f, unsigned slot, unsigned long line, const char *from, const md_kv *kv, size_t n);
/* Names a key once (a CSV column, a JSON Lines key) for the calls that
 * take a column; returns its number. */
unsigned md_feed_column(md_feed *f, const char *key, size_t keylen);
void md_feed_kv_column(md_feed *f, unsigned column, double value, unsigned flags);
/* Whether the reader should leave conversions to the feed's thread (it
 * keeps up), by md_feed_cell and md_feed_column_number, rather than
 * convert and call md_feed_kv_column itself. */
bool md_feed_defers(const md_feed *f);
/* A CSV cell (trimmed) of a column: a value when it is a number all
 * through (md_cell_number), integral unless written with a point or an 'e'
 * and with its decimals (MD_KV_DECIMALS) as printed,
 * or a number and a percent sign. */
void md_feed_cell(md_feed *f, unsigned column, const char *text, size_t n);
bool md_cell_number(const char *p, size_t n, double *v, unsigned *flags);
/* A CSV table's fields once its header is read: the column each names
 * (md_feed_column), and which are not read (skip NULL: all are read). */
void md_feed_csv_layout(md_feed *f, const unsigned *columns, const bool *skip, size_t n);
/* A whole record of a plain CSV row (csv_row.h) split at cuts, its cells
 * read on the feed's thread: for the reader while md_feed_defers. False,
 * queuing nothing, for a feed without a thread. */
bool md_feed_csv_row(md_feed *f, unsigned long line, const char *p, size_t n, const size_t *cuts, size_t ncuts);
/* A JSON number's text (strict JSON grammar): its value, integral when whole. */
void md_feed_column_number(md_feed *f, unsigned column, const char *text, size_t n);
/* md_feed_kv_column of a plain number's text (md_num_value reads it),
 * flags 0: a bar's rate. */
void md_feed_kv_column_text(md_feed *f, unsigned column, const char *text, size_t n);
/* A bar's redraw as a record: begun as md_feed_record_begin_known begins
 * one, the step a training bar stands at (context, -1 for none:
 * md_feed_context_step), its rate's text in column (MD_FEED_NO_COLUMN for
 * no point: md_feed_kv_column_text), ended. */
#define MD_FEED_NO_COLUMN ((unsigned)-1)
void md_feed_bar(md_feed *f, unsigned long line, int64_t context, unsigned column, const char *rate,
                 size_t n);
/* A JSON number's flags: integral when finite and whole. Past 2^52 every
 * double is whole; below, truncating to an integer and back is exact and
 * gives v exactly when it is whole (v == floor(v), without floor's
 * rounding where the machine has no instruction for it). */
static inline unsigned md_json_number_flags(double v)
{
    return isfinite(v) && (fabs(v) >= 0x1p52 || v == (double)(int64_t)v) ? MD_KV_INTEGRAL : 0;
}
/* Matches the line's event signatures (md_event_matcher_apply) in turn. */
void md_feed_line_events(md_feed *f, md_event_matcher *m, unsigned long line, const char *text, size_t n);
void md_feed_record_end(md_feed *f);
void md_feed_context_step(md_feed *f, int64_t step);
void md_feed_context_epoch(md_feed *f, int64_t epoch, int64_t epochs);
void md_feed_planned_steps(md_feed *f, int64_t steps);
void md_feed_event(md_feed *f, const md_event_spec *spec, unsigned long line, const char *text, size_t n,
                   const double *fields);
void md_feed_timestamp(md_feed *f, unsigned long line, double seconds);

/* The line's cells, split at runs of blanks (wide: at runs of two or
 * more), or at tabs where the line has any (a table copied from a
 * notebook: "Step\tTraining Loss\tValidation Loss"); SIZE_MAX when over
 * cap (columns.c). */
size_t md_split_cells(md_str s, md_str *cells, size_t cap, bool wide);

/* Which of ESC, '\b' and '\r' a line holds, and whether it holds the
 * arrow "<-" of a reader's note, looked for only on a line without '\r'
 * (a bar's redraws carry no notes) (text.c). */
enum { LINE_ESC = 1, LINE_BACKSPACE = 2, LINE_CR = 4, LINE_ARROW = 8 };
unsigned md_line_controls(const char *p, size_t n);

/* Readers, one per format. Each reads src to its end into the store's
 * current input; problems with single lines or rows become capped warnings. */
md_err md_read_text(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_csv(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_json(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_jsonl(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_mlflow(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_tfevents(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
md_err md_read_wandb(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags);
/* The lines after a structured input's last record that are none of its
 * records (tail.c): added as they come, cleared by each record, read as
 * console output, for events, once the records are in the store. */
#define MD_TAIL_LINES 4096
typedef struct md_tail {
    md_buf text;          /* the lines, back to back */
    size_t *ends;         /* where each line ends in text */
    unsigned long *lines; /* each line's number */
    size_t n;
} md_tail;
void md_tail_add(md_tail *t, md_str line, unsigned long lineno);
static inline void md_tail_clear(md_tail *t)
{
    t->n = 0;
    t->text.n = 0;
}
void md_tail_read(md_tail *t, md_store *st);
void md_tail_free(md_tail *t);

/* md_text_reader_new for a console whose metrics are read from elsewhere
 * (a W&B run file's history): its events and tracebacks only. */
md_text_reader *md_text_events_reader_new(md_store *st, const md_catalog *cat);

/* The readers with their feed threaded or not, and with their fast paths
 * on or off: off, every row goes through libcsv, every object through
 * cJSON and every text line through the key/value scan (no shapes). The differential tests require
 * every combination to fill the store identically. */
md_err md_read_text_with(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags, bool fast,
                         bool threaded);
md_err md_read_csv_with(md_store *st, md_source *src, md_diags *diags, bool fast, bool threaded);
md_err md_read_jsonl_with(md_store *st, md_source *src, md_diags *diags, bool fast, bool threaded);

struct cJSON;
/* Python's json writes NaN, Infinity and -Infinity bare, which strict JSON
 * forbids: copies text to out with those outside strings tagged, for
 * md_json_number to read back (json.c). */
void md_json_rewrite_nonfinite(const char *s, size_t n, md_buf *out);
/* A number, or a tagged NaN or infinity. */
bool md_json_number(const struct cJSON *item, double *v);
/* A Jupyter notebook's document (notebook.c), and the text its cells'
 * outputs printed, as a console would hold it. */
bool md_notebook_is(const struct cJSON *root);
void md_notebook_text(const struct cJSON *root, md_buf *out);

/* Whether src is large enough (more than its peek) to read on two threads. */
bool md_reader_threaded(md_source *src);

/* Records what reading the input's lines found (line count, cut lines,
 * NUL holes) in its md_input, with a warning for each kind of damage. */
void md_reader_lines_done(md_store *st, const md_lines *ls, md_diags *diags, const char *path);
void md_reader_holes_done(md_store *st, const md_holes *h, md_diags *diags, const char *path);

#endif
