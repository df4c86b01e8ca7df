/* Generated text that loops ("the the the the", "I am sorry. I am sorry.
 * I am sorry."): a phrase of one to eight words repeated back to back. */
#include <string.h>

#include "reader/reader_int.h"

#define MAX_WORDS 256
#define MAX_PERIOD 8

typedef struct word {
    const char *p;
    size_t n;
} word;

static bool word_byte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80 || c == '\'';
}

static bool letter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

/* A tokenizer's special token, <unk>, </s>, <|endoftext|>, [PAD]: a run of
 * them is padding, not text that loops. */
static bool special_token(const char *line, size_t n, size_t start, size_t end)
{
    if (start == 0 || end >= n)
        return false;
    char before = line[start - 1], after = line[end];
    return ((before == '<' || before == '/' || before == '|') && (after == '>' || after == '|')) ||
           (before == '[' && after == ']');
}

/* A bracket or '=' between two words: they are a data structure's print
 * ("[array([10., 13.]), array([16., 30.]), ...]", "tensor(1.), tensor(2.)"),
 * whose repeated names are no loop of text. An underscore joins the parts
 * of an identifier: a list of parameter names ("conv1_1_weight,
 * conv1_1_bias,conv1_2_weight") repeats its parts, not a phrase. */
static bool structure_byte(char c)
{
    return c == '(' || c == '[' || c == '{' || c == '=' || c == '_';
}

/* A sentence's end glued to the next word ("saving model ...saving model
 * ..."): processes printing without a newline into one stream, whose
 * lines run together; generated text puts a blank after its stops. */
static bool glued_stop(const char *gap, size_t n)
{
    for (; n > 0 && !md_is_blank(gap[n - 1]); n--)
        if (gap[n - 1] == '.' || gap[n - 1] == '!' || gap[n - 1] == '?')
            return true;
    return false;
}

/* A value spelled as a word: a tensor of NaN ("[nan, nan, nan, ..., nan]",
 * a policy's standard deviation gone NaN) or a list of flags repeats its
 * values, not a phrase. */
static bool value_word(const char *p, size_t n)
{
    static const char *const values[] = {"nan", "inf", "infinity", "true", "false", "none", "null"};
    char c = (char)(p[0] | 0x20);
    return (c == 'n' || c == 'i' || c == 't' || c == 'f') && md_word_in(p, n, values, MD_COUNT(values));
}

/* Words: runs of letters (and apostrophes, for "don't") holding at least
 * one letter, so quoted numbers ('64', '64') are not words, nor are
 * values spelled out (value_word). A gap that
 * holds a structure_byte, or a glued_stop, is a word that matches none
 * (n == 0, p NULL). */
static size_t split_words(const char *line, size_t n, word *w)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < MAX_WORDS;) {
        bool structure = false;
        size_t gap = i;
        while (i < n && !word_byte((unsigned char)line[i]))
            structure |= structure_byte(line[i++]);
        structure |= i < n && glued_stop(line + gap, i - gap);
        if (structure && k > 0 && w[k - 1].p)
            w[k++] = (word){NULL, 0};
        if (k == MAX_WORDS)
            break;
        size_t start = i;
        bool letters = false;
        while (i < n && word_byte((unsigned char)line[i]))
            letters |= letter((unsigned char)line[i++]);
        if (letters && !special_token(line, n, start, i) && !value_word(line + start, i - start))
            w[k++] = (word){line + start, i - start};
    }
    return k;
}

static bool same(word a, word b)
{
    return a.p && b.p && a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}

md_repeat md_repeat_scan(const char *line, size_t n)
{
    md_repeat best = {0, 0};
    word w[MAX_WORDS];
    size_t k = split_words(line, n, w);
    if (k < 8)
        return best;
    for (size_t period = 1; period <= MAX_PERIOD; period++) {
        size_t run = 0;
        for (size_t i = 0; i + period < k; i++) {
            run = same(w[i], w[i + period]) ? run + 1 : 0;
            size_t repeats = run / period + 1;
            if (repeats > best.repeats) {
                best.repeats = repeats;
                best.period = period;
            }
        }
    }
    /* Prose repeats a word twice now and then; six times in a row for a
     * single word, four times for a phrase of up to four words, or three
     * for a longer one (a sentence: "I am a good model. I am a good
     * model. ..."), it does not. */
    if (best.repeats < (best.period == 1 ? 6u : best.period <= 4 ? 4u : 3u))
        best.repeats = best.period = 0;
    return best;
}
