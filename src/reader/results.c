/* An evaluation's results logged one "key = value" a line under a banner,
 * as google-research/bert's run_classifier.py and its PyTorch ports do:
 *
 *   INFO:tensorflow:***** Eval results *****
 *   INFO:tensorflow:  eval_accuracy = 0.84
 *   INFO:tensorflow:  eval_loss = 0.43
 *   INFO:tensorflow:  global_step = 343
 *   INFO:tensorflow:  loss = 0.43
 *
 * and as the Hugging Face Trainer's log_metrics prints an evaluation's
 * (run_clm.py adds the perplexity of its loss):
 *
 *   ***** eval metrics *****
 *     epoch                   =        3.0
 *     eval_loss               =     2.6832
 *     perplexity              =    14.6333
 *
 * Its lines are one record of the set the banner names, "[Eval]
 * eval_accuracy = 0.84, ...": the step places every value, a bare
 * "loss" is no training loss and a bare "perplexity" the evaluation's. */
#include <string.h>

#include "reader/reader_int.h"

#define RESULTS_MAX (16u << 10)
#define BANNER "*****"
#define BANNER_LEN (sizeof BANNER - 1)

static bool evaluation_word(md_str w)
{
    static const char *const words[] = {"eval", "evaluation", "valid", "validation", "dev", "test"};
    return md_word_in(w.p, w.n, words, MD_COUNT(words));
}

/* The title between the banner's stars names an evaluation's results
 * ("Eval results", "Eval results sst-2", "eval metrics", "eval squad
 * metrics"): its evaluation word, or an empty string. The training's
 * block ("train metrics") repeats the run's summary line and stays lines
 * of their own. */
static md_str results_set(md_str title)
{
    md_str set = {0};
    bool results = false;
    const char *p = title.p, *end = title.p + title.n;
    while (p < end) {
        p = md_skip_blanks(p, end);
        const char *w = p;
        while (p < end && !md_is_blank(*p))
            p++;
        md_str word = {w, (size_t)(p - w)};
        if (!set.n && evaluation_word(word))
            set = word;
        else if (set.n && (md_word_is(word.p, word.n, "results") || md_word_is(word.p, word.n, "metrics")))
            results = true;
    }
    return results ? set : (md_str){0};
}

bool md_results_begin(md_results *d, md_str line, unsigned long lineno)
{
    if (line.n < 2 * BANNER_LEN + 2 || memcmp(line.p + line.n - BANNER_LEN, BANNER, BANNER_LEN) != 0)
        return false;
    const char *open = md_memmem(line.p, line.n - BANNER_LEN, BANNER, BANNER_LEN);
    if (!open || (size_t)(open - line.p) > sizeof d->prefix)
        return false;
    const char *title = open + BANNER_LEN, *title_end = line.p + line.n - BANNER_LEN;
    while (title < title_end && *title == '*')
        title++;
    while (title_end > title && title_end[-1] == '*')
        title_end--;
    md_str set = results_set((md_str){title, (size_t)(title_end - title)});
    if (!set.n)
        return false;
    d->prefix_len = (size_t)(open - line.p);
    memcpy(d->prefix, line.p, d->prefix_len);
    md_buf_reset(&d->text);
    md_buf_printf(&d->text, "[%.*s] ", (int)set.n, set.p);
    d->lineno = lineno;
    d->items = 0;
    d->open = true;
    return true;
}

/* The banner's logger prefix again, but for its digits (a later clock). */
static bool same_prefix(const md_results *d, md_str line)
{
    if (line.n <= d->prefix_len)
        return false;
    for (size_t i = 0; i < d->prefix_len; i++) {
        char a = d->prefix[i], b = line.p[i];
        if (a != b && !(md_is_digit(a) && md_is_digit(b)))
            return false;
    }
    return true;
}

/* "  key = value": an indented name, " = ", and a value with no other
 * pair after it. The Trainer pads the names to one width and the values to
 * another ("  epoch      =        3.0"). */
static bool item(md_str rest, md_str *key, md_str *value)
{
    const char *p = rest.p, *end = rest.p + rest.n;
    if (p == end || !md_is_blank(*p))
        return false;
    p = md_skip_blanks(p, end);
    if (p == end || !md_is_letter(*p))
        return false;
    key->p = p;
    while (p < end && !md_is_blank(*p) && *p != '=')
        p++;
    key->n = (size_t)(p - key->p);
    while (p < end && *p == ' ')
        p++;
    if (end - p < 3 || p[0] != '=' || p[1] != ' ')
        return false;
    p += 2;
    while (p < end && *p == ' ')
        p++;
    *value = (md_str){p, (size_t)(end - p)};
    return value->n && !md_memmem(p, value->n, " = ", 3);
}

bool md_results_add(md_results *d, md_str line)
{
    while (line.n && (line.p[line.n - 1] == ' ' || line.p[line.n - 1] == '\t'))
        line.n--;
    if (!same_prefix(d, line))
        return false;
    md_str key, value;
    if (!item((md_str){line.p + d->prefix_len, line.n - d->prefix_len}, &key, &value) ||
        d->text.n + 5 + key.n + value.n > RESULTS_MAX)
        return false;
    if (d->items++)
        md_buf_puts(&d->text, ", ");
    md_buf_printf(&d->text, "%.*s = %.*s", (int)key.n, key.p, (int)value.n, value.p);
    return true;
}

void md_results_free(md_results *d)
{
    md_buf_free(&d->text);
}
