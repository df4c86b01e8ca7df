/* Line shapes: a log repeats a few kinds of line that differ only in their
 * numbers ("iter 412: loss 3.2512, time 241.02ms, mfu 39.12%"). Once the
 * key/value scan has read a line, a later line that differs from it only
 * in digits, where digits may differ, holds the same pairs with new
 * values: it is read by comparing it with the learnt line, not scanned.
 *
 * A shape is the learnt line's text, in which
 *  - each value's and total's number text (md_kv.num, .tot) may hold
 *    other digits and more or fewer of them (the other bytes of it, such
 *    as '.', 'e' and '-', stay);
 *  - other digits may differ one for one (a clock, a date, a counter the
 *    scan skipped), except inside words and keys: "top1" and "top5" are
 *    different keys, and whether a word is a known key decides pairs;
 *  - every other byte is the same.
 * The scan decides on which bytes are digits and on the bytes that are not;
 * digits' values and counts matter only to the number that holds them,
 * and that is read again. The exceptions are kept out: a number followed
 * by ",ddd" (a thousands group, decided by digit counts) makes no shape,
 * and so do pairs read other than by md_num_scan on their text (groups,
 * tensors, counts in brackets). tests/check_fastpath.c and
 * tests/fuzz/fuzz_fastpath.c hold the text reader with and without shapes to
 * the same store. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/swar.h"
#include "reader/reader_int.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define SHAPE_SSE2 1
#else
#define SHAPE_SSE2 0
#endif

#define SHAPE_TEXT 2048 /* longer lines are scanned each time (a TRL dict of 30 keys is 1.2 KB) */
#define SHAPE_NAMES 256 /* keys and namespaces not in the line ("iter", "eval") */
#define SPAN_DIGITS 40  /* longer runs in a number make no match */
#define SPAN_TOKENS 12  /* "-1.5e-05" is 7: runs of digits and the bytes between */

typedef struct span {
    uint16_t start, end; /* in the shape's text */
    uint16_t pair;
    bool total;
    bool digits; /* "nan" has none: its value and flags stay */
    bool grouped; /* "5,123" (md_num_grouped): read here, not left unread */
    uint8_t digits_max; /* the most digits a run may hold: the pair's, else SPAN_DIGITS */
    uint8_t ntokens;
    char tokens[SPAN_TOKENS]; /* the number's bytes, '\0' for each run of digits */
} span;

typedef struct shape {
    size_t n;                  /* 0: an empty slot */
    char text[SHAPE_TEXT + 8]; /* padded as varies is */
    /* 0xff over a digit outside spans that may differ, else 0; padded so
     * that it is read 8 bytes at a time */
    unsigned char varies[SHAPE_TEXT + 8];
    span spans[2 * MD_SHAPE_PAIRS];
    size_t nspans;
    md_kv pairs[MD_SHAPE_PAIRS]; /* keys and namespaces point into text or names */
    size_t npairs;
    char names[SHAPE_NAMES];
    size_t nnames;
    unsigned traits;
    /* The last line matched, its numbers' places, and 0xff over each of
     * its digits that may differ: in a number or where varies says. */
    size_t last_n; /* 0: none since the shape was learnt */
    char last[SHAPE_TEXT + 8];
    unsigned char last_varies[SHAPE_TEXT + 8];
    size_t last_start[2 * MD_SHAPE_PAIRS], last_end[2 * MD_SHAPE_PAIRS];
    bool grouped; /* a span is grouped */
    int next; /* the slot of the line after this shape's last, -1 for none */
} shape;

/* A log that prints a line per layer or per task cycles through more
 * shapes than the most recent few: after the last line's shape, the shape
 * that followed it last time is tried. */
struct md_shapes {
    shape slot[MD_SHAPES];
    unsigned order[MD_SHAPES]; /* most recently matched or learnt first */
};

static bool is_word_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

md_shapes *md_shapes_new(void)
{
    /* A slot's next is read only once the slot was learnt, which sets it:
     * the slots stay untouched, zero pages, until a line needs one. */
    md_shapes *sh = md_xcalloc(1, sizeof *sh);
    for (unsigned i = 0; i < MD_SHAPES; i++)
        sh->order[i] = i;
    return sh;
}

void md_shapes_free(md_shapes *sh)
{
    free(sh);
}

/* The shape at rank (not 0) was matched or learnt: it follows the first
 * and goes before it. */
static void promote(md_shapes *sh, size_t rank)
{
    unsigned slot = sh->order[rank];
    sh->slot[sh->order[0]].next = (int)slot;
    memmove(sh->order + 1, sh->order, rank * sizeof *sh->order);
    sh->order[0] = slot;
}

static bool inside(const char *line, size_t n, const char *p, size_t len)
{
    uintptr_t a = (uintptr_t)line, b = (uintptr_t)p;
    return b >= a && b + len <= a + n;
}

/* Where text a pair refers to lives in the shape: at its offset in the
 * copy of the line, or copied into names. NULL when names is full. */
static const char *rebase(shape *s, const char *line, size_t n, const char *p, size_t len)
{
    if (inside(line, n, p, len)) return s->text + (p - line);
    if (s->nnames + len > SHAPE_NAMES) return NULL;
    char *copy = s->names + s->nnames;
    memcpy(copy, p, len);
    s->nnames += len;
    return copy;
}

/* A number's bytes as tokens: each run of digits one, the rest as they are. */
static bool tokenise(span *sp, const char *p, size_t n)
{
    sp->ntokens = 0;
    sp->digits = false;
    for (size_t i = 0; i < n;) {
        if (sp->ntokens == SPAN_TOKENS) return false;
        if (md_is_digit(p[i])) {
            while (i < n && md_is_digit(p[i]))
                i++;
            sp->tokens[sp->ntokens++] = '\0';
            sp->digits = true;
        } else {
            sp->tokens[sp->ntokens++] = p[i++];
        }
    }
    return true;
}

/* The number texts of the pairs, in the order of the line; false when a
 * pair was not read from one or they overlap. */
static bool find_spans(shape *s, const char *line, size_t n, const md_kv *kv, size_t nkv)
{
    s->nspans = 0;
    s->grouped = false;
    for (size_t i = 0; i < nkv; i++) {
        const char *texts[2] = {kv[i].num, kv[i].flags & MD_KV_TOTAL ? kv[i].tot : NULL};
        size_t lens[2] = {kv[i].numlen, kv[i].totlen};
        for (int t = 0; t < 2; t++) {
            if (t == 1 && !(kv[i].flags & MD_KV_TOTAL)) break;
            if (!texts[t] || !lens[t] || !inside(line, n, texts[t], lens[t])) return false;
            size_t start = (size_t)(texts[t] - line), end = start + lens[t];
            if (start && md_is_digit(line[start - 1])) return false;
            if (end + 1 < n && line[end] == ',' && md_is_digit(line[end + 1]))
                return false; /* "1234,567" and "0,123" are no thousands; "1,234" is */
            size_t k = s->nspans++;
            while (k && s->spans[k - 1].start > start) {
                s->spans[k] = s->spans[k - 1];
                k--;
            }
            if (!tokenise(&s->spans[k], texts[t], lens[t])) return false;
            s->spans[k].start = (uint16_t)start;
            s->spans[k].end = (uint16_t)end;
            s->spans[k].pair = (uint16_t)i;
            s->spans[k].total = t == 1;
            s->spans[k].grouped = t == 0 && kv[i].grouped;
            s->grouped |= s->spans[k].grouped;
            s->spans[k].digits_max = t == 0 && kv[i].num_digits_max ? kv[i].num_digits_max : SPAN_DIGITS;
        }
    }
    for (size_t k = 1; k < s->nspans; k++)
        if (s->spans[k].start < s->spans[k - 1].end) return false;
    return true;
}

/* Digits outside words and keys may differ. */
static void mark_varying(shape *s, const md_kv *kv, size_t nkv)
{
    const char *t = s->text, *end = s->text + s->n;
    size_t i = 0;
    while (i < s->n) {
        if (is_word_start(t[i])) {
            size_t e = (size_t)(md_kv_word_end(t + i, end) - t);
            memset(s->varies + i, 0, e - i);
            i = e;
        } else {
            s->varies[i] = md_is_digit(t[i]) ? 0xff : 0;
            i++;
        }
    }
    for (size_t k = 0; k < nkv; k++) {
        if (inside(t, s->n, kv[k].key, kv[k].keylen))
            memset(s->varies + (kv[k].key - t), 0, kv[k].keylen);
        if (kv[k].ns && inside(t, s->n, kv[k].ns, kv[k].nslen))
            memset(s->varies + (kv[k].ns - t), 0, kv[k].nslen);
    }
}

/* A comma between digits that no grouped span holds, past the bytes kept
 * as they are (a rank prefix's "[1,0]") and not in a clock: a number the
 * scan read as no value ("0,1" of a list, "00,000.0") whose digits
 * another line of the same length may fill with one it reads
 * ("12,345.6"). */
static bool loose_comma(const shape *s, const char *line, size_t n, size_t keep)
{
    for (const char *c = memchr(line, ',', n); c; c = memchr(c + 1, ',', n - (size_t)(c + 1 - line))) {
        size_t at = (size_t)(c - line);
        if (at < keep || at == 0 || at + 1 >= n || !md_is_digit(c[-1]) || !md_is_digit(c[1])) continue;
        size_t b = at;
        while (b > 0 && md_is_digit(line[b - 1]))
            b--;
        if (b > 0 && line[b - 1] == ':') continue; /* a clock's milliseconds: "10:00:01,001" */
        bool held = false;
        for (size_t k = 0; k < s->nspans && !held; k++)
            held = s->spans[k].start < at && at < s->spans[k].end;
        if (!held) return true;
    }
    return false;
}

int md_shapes_learn(md_shapes *sh, const char *line, size_t n, const md_kv *kv, size_t nkv, size_t keep)
{
    if (!n || n > SHAPE_TEXT || nkv > MD_SHAPE_PAIRS) return -1;
    unsigned slot = sh->order[MD_SHAPES - 1];
    shape *s = &sh->slot[slot];
    s->n = 0;
    if (!find_spans(s, line, n, kv, nkv) || loose_comma(s, line, n, keep)) return -1;
    memcpy(s->text, line, n);
    s->nnames = 0;
    for (size_t i = 0; i < nkv; i++) {
        md_kv p = kv[i];
        p.key = rebase(s, line, n, kv[i].key, kv[i].keylen);
        p.ns = kv[i].ns ? rebase(s, line, n, kv[i].ns, kv[i].nslen) : NULL;
        if (!p.key || (kv[i].ns && !p.ns)) return -1;
        p.num = p.tot = p.end = NULL;
        s->pairs[i] = p;
    }
    s->n = n;
    s->npairs = nkv;
    s->traits = 0;
    s->last_n = 0;
    s->next = -1;
    mark_varying(s, s->pairs, nkv);
    memset(s->varies, 0, keep < n ? keep : n);
    promote(sh, MD_SHAPES - 1);
    return (int)slot;
}

void md_shapes_set_traits(md_shapes *sh, int slot, unsigned traits)
{
    sh->slot[slot].traits = traits;
}

/* Eight bytes of the line against the shape's, those of keep only. Bytes
 * equal to the shape's pass: where the mask allows, the shape has digits. */
static bool same_word(const char *t, const unsigned char *m, const char *p, uint64_t keep)
{
    uint64_t got = md_load64(p), diff = (md_load64(t) ^ got) & keep;
    if (!diff) return true;
    uint64_t mask = md_load64(m) & keep;
    return !(diff & ~mask) && !md_swar_non_digits((got & mask) | ('0' * MD_SWAR_ONES & ~mask));
}

/* The bytes of a line outside numbers: the same as the shape's, but for
 * digits that may differ. Eight bytes at a time: where the mask allows,
 * the line's byte must be a digit, elsewhere equal to the shape's. The
 * line has avail bytes from p; the shape's arrays are padded. */
static bool same_outside(const shape *s, size_t at, const char *p, size_t len, size_t avail)
{
    const char *t = s->text + at;
    const unsigned char *m = s->varies + at;
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        if (!same_word(t + i, m + i, p + i, ~UINT64_C(0))) return false;
    if (i == len) return true;
#if MD_SWAR
    if (avail - i >= 8) return same_word(t + i, m + i, p + i, (UINT64_C(1) << 8 * (len - i)) - 1);
#else
    (void)avail;
#endif
    for (; i < len; i++)
        if (t[i] != p[i] && !(m[i] && md_is_digit(p[i]))) return false;
    return true;
}

/* Reads a span's number from *pos in the line: the span's bytes, each run
 * of digits replaced by a run of any length. */
static bool read_span(const span *sp, const char *line, size_t n, size_t *pos)
{
    size_t j = *pos;
    for (size_t t = 0; t < sp->ntokens; t++) {
        if (sp->tokens[t] == '\0') {
            size_t max = n - j < (size_t)sp->digits_max + 1 ? n - j : (size_t)sp->digits_max + 1;
            size_t run = md_digit_run(line + j, max);
            if (run == 0 || run > sp->digits_max) return false;
            j += run;
        } else {
            if (j >= n || line[j] != sp->tokens[t]) return false;
            j++;
        }
    }
    *pos = j;
    return true;
}

#if SHAPE_SSE2
/* same_word for sixteen bytes: each equal to the shape's, or a digit
 * where the mask allows. */
static bool same_block(const char *t, const unsigned char *m, const char *p)
{
    __m128i got = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i equal = _mm_cmpeq_epi8(got, _mm_loadu_si128((const __m128i *)(const void *)t));
    __m128i above = _mm_subs_epu8(_mm_sub_epi8(got, _mm_set1_epi8('0')), _mm_set1_epi8(9));
    __m128i digit = _mm_cmpeq_epi8(above, _mm_setzero_si128());
    __m128i mask = _mm_loadu_si128((const __m128i *)(const void *)m);
    return _mm_movemask_epi8(_mm_or_si128(equal, _mm_and_si128(digit, mask))) == 0xffff;
}

/* same_layout sixteen bytes at a time, the last block ending with the line
 * (so overlapping the one before); lines shorter than a block are the
 * caller's. */
static bool same_layout_blocks(const shape *s, const char *line, size_t n)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        if (!same_block(s->last + i, s->last_varies + i, line + i)) return false;
    return i == n || same_block(s->last + n - 16, s->last_varies + n - 16, line + n - 16);
}
#endif

/* Whether the line has the layout of the last line matched: the same
 * length, digits where that line's bytes may differ, its bytes elsewhere.
 * Each run of digits in a number then ends where it ended in that line
 * (the byte after it is no digit there, and the same here), so the line
 * is of the shape with its numbers in the same places. The last word may
 * overlap the one before: the line is not padded. */
static bool same_layout(const shape *s, const char *line, size_t n)
{
    if (n != s->last_n) return false;
#if SHAPE_SSE2
    if (n >= 16) return same_layout_blocks(s, line, n);
#endif
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        if (!same_word(s->last + i, s->last_varies + i, line + i, ~UINT64_C(0))) return false;
    if (i == n) return true;
    if (n >= 8) {
        size_t at = n - 8;
        return same_word(s->last + at, s->last_varies + at, line + at, ~UINT64_C(0));
    }
    for (; i < n; i++)
        if (s->last[i] != line[i] && !(s->last_varies[i] && md_is_digit(line[i]))) return false;
    return true;
}

/* Finds the line's numbers by the shape's text; false when the line is
 * not of the shape. */
static bool find_numbers(const shape *s, const char *line, size_t n, size_t *starts, size_t *ends)
{
    size_t at = 0, j = 0;
    for (size_t k = 0; k <= s->nspans; k++) {
        size_t stop = k < s->nspans ? s->spans[k].start : s->n;
        size_t len = stop - at;
        if (n - j < len || !same_outside(s, at, line + j, len, n - j)) return false;
        j += len;
        if (k == s->nspans) break;
        starts[k] = j;
        if (!read_span(&s->spans[k], line, n, &j)) return false;
        ends[k] = j;
        at = s->spans[k].end;
    }
    return j == n;
}

/* Keeps a matched line as the last (see same_layout); lines longer than a
 * shape's text are matched the long way. */
static void keep_layout(shape *s, const char *line, size_t n, const size_t *starts,
                        const size_t *ends)
{
    s->last_n = 0;
    if (n > SHAPE_TEXT) return;
    size_t at = 0, j = 0;
    for (size_t k = 0; k <= s->nspans; k++) {
        size_t stop = k < s->nspans ? s->spans[k].start : s->n;
        memcpy(s->last_varies + j, s->varies + at, stop - at);
        if (k == s->nspans) break;
        for (j = starts[k]; j < ends[k]; j++)
            s->last_varies[j] = md_is_digit(line[j]) ? 0xff : 0;
        at = s->spans[k].end;
    }
    memcpy(s->last, line, n);
    memcpy(s->last_start, starts, s->nspans * sizeof *starts);
    memcpy(s->last_end, ends, s->nspans * sizeof *ends);
    s->last_n = n;
}

/* The values of the line's grouped numbers ("5,123"), read first: false,
 * before any pair changes, when one is no such number ("0,123") as the
 * scan would not have read it so. */
static bool grouped_values(const shape *s, const char *line, const size_t *starts, const size_t *ends,
                           double *values)
{
    for (size_t k = 0; k < s->nspans; k++)
        if (s->spans[k].grouped &&
            md_num_grouped(line + starts[k], line + ends[k], &values[k]) != ends[k] - starts[k])
            return false;
    return true;
}

static void take_grouped(md_kv *p, const char *text, size_t len, double value)
{
    p->value = value;
    p->num = text;
    p->numlen = len;
    p->flags = (p->flags & ~MD_KV_DECIMALS_MASK) | md_kv_decimals(text, len);
}

/* The pairs take the numbers' text at starts and ends in the line: a
 * value's number is left unread (the feed may read it on its own thread),
 * a total and a grouped number are read here, a number without digits
 * ("nan") is the shape's. False, the pairs as they were, when a grouped
 * number is no such number. */
static bool take_numbers(shape *s, const char *line, const size_t *starts, const size_t *ends)
{
    double grouped[2 * MD_SHAPE_PAIRS];
    if (s->grouped && !grouped_values(s, line, starts, ends, grouped)) return false;
    for (size_t k = 0; k < s->nspans; k++) {
        md_kv *p = &s->pairs[s->spans[k].pair];
        const char *text = line + starts[k];
        size_t len = ends[k] - starts[k];
        if (s->spans[k].total) {
            md_num_scan(text, text + len, &p->total);
        } else if (s->spans[k].grouped) {
            take_grouped(p, text, len, grouped[k]);
        } else if (s->spans[k].digits) {
            p->num = text;
            p->numlen = len;
            p->unread = true;
            p->flags &= ~MD_KV_DECIMALS_MASK;
        }
    }
    return true;
}

/* take_numbers for a line of the last one's layout: its numbers have the
 * same places and lengths, so only where their text is changes. */
static bool move_numbers(shape *s, const char *line)
{
    if (s->grouped) return take_numbers(s, line, s->last_start, s->last_end);
    for (size_t k = 0; k < s->nspans; k++) {
        md_kv *p = &s->pairs[s->spans[k].pair];
        const char *text = line + s->last_start[k];
        if (s->spans[k].total)
            md_num_scan(text, line + s->last_end[k], &p->total);
        else if (s->spans[k].digits)
            p->num = text;
    }
    return true;
}

/* On a match the shape's own pairs hold the line's values: only what
 * depends on the numbers' text is rewritten. */
static bool match(shape *s, const char *line, size_t n)
{
    if (same_layout(s, line, n) && move_numbers(s, line)) return true;
    size_t starts[2 * MD_SHAPE_PAIRS], ends[2 * MD_SHAPE_PAIRS];
    if (!find_numbers(s, line, n, starts, ends) || !take_numbers(s, line, starts, ends)) return false;
    keep_layout(s, line, n, starts, ends);
    return true;
}

/* The shape at rank matched: its pairs hold the line's values. */
static int matched(md_shapes *sh, size_t rank, const md_kv **out, size_t *nkv, unsigned *traits)
{
    unsigned slot = sh->order[rank];
    const shape *s = &sh->slot[slot];
    *out = s->pairs;
    *nkv = s->npairs;
    *traits = s->traits;
    if (rank)
        promote(sh, rank);
    return (int)slot;
}

int md_shapes_match(md_shapes *sh, const char *line, size_t n, const md_kv **out, size_t *nkv,
                    unsigned *traits)
{
    shape *first = &sh->slot[sh->order[0]];
    if (!first->n)
        return -1;
    if (match(first, line, n))
        return matched(sh, 0, out, nkv, traits);
    int next = first->next;
    if (next >= 0 && sh->slot[next].n && match(&sh->slot[next], line, n)) {
        size_t rank = 1;
        while (sh->order[rank] != (unsigned)next)
            rank++;
        return matched(sh, rank, out, nkv, traits);
    }
    for (size_t rank = 1; rank < MD_SHAPES; rank++) {
        unsigned slot = sh->order[rank];
        if (!sh->slot[slot].n) break;
        if ((int)slot != next && match(&sh->slot[slot], line, n))
            return matched(sh, rank, out, nkv, traits);
    }
    return -1;
}
