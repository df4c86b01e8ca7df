/* tqdm progress bars: "desc:  6%|██ | 32040/500150 [6:28:43<94:39:17,
 * 1.37it/s, loss=2.6]" and, without a total, "18703it [02:21, 55.23it/s]".
 * The rate is the only measure of speed many logs hold. */
#include <math.h>
#include <string.h>
#include <strings.h>

#include "reader/reader_int.h"

static void note_text(struct md_tqdm_num *at, const char *line, const char *p, size_t k)
{
    *at = (struct md_tqdm_num){(uint32_t)(p - line), (uint32_t)k};
}

/* A description that ends in "epoch N" ("Train step of epoch 0:", as
 * OpenRLHF's trainers describe the bar of an epoch's batches). */
static bool ends_in_epoch(md_str d)
{
    if (d.n && d.p[d.n - 1] == ':')
        d.n--;
    size_t i = d.n;
    while (i > 0 && md_is_digit(d.p[i - 1]))
        i--;
    if (i == d.n || i < 7 || d.p[i - 1] != ' ')
        return false;
    return strncasecmp(d.p + i - 7, " epoch ", 7) == 0;
}

/* "Epoch N:" (Lightning's training bar), or a description that ends in
 * "epoch N". */
static bool epoch_bar(const char *desc, size_t n)
{
    md_str d = md_str_trim((md_str){desc, n});
    if (ends_in_epoch(d))
        return true;
    /* ColossalAI's "[Epoch 0 / Train]:". */
    if (d.n && d.p[0] == '[') {
        d.p++;
        d.n--;
    }
    if (d.n < 7 || (strncmp(d.p, "Epoch ", 6) != 0 && strncmp(d.p, "epoch ", 6) != 0))
        return false;
    size_t i = 6;
    while (i < d.n && d.p[i] >= '0' && d.p[i] <= '9')
        i++;
    return i > 6 && (i == d.n || d.p[i] == ':' || d.p[i] == ' ');
}

/* "Steps: 45%| 225/500", as diffusers' and accelerate's training scripts
 * describe their bar ("Epoch 38/65, Steps:" as SimpleTuner's does), and
 * "Training progress:  44%| 22000/50000" as Gaussian splatting's does: the
 * counter is the optimizer step. */
static bool steps_bar(const char *desc, size_t n)
{
    md_str d = md_str_trim((md_str){desc, n});
    if (d.n && d.p[d.n - 1] == ':')
        d.n--;
    if (d.n > 7 && memcmp(d.p + d.n - 7, ", ", 2) == 0) {
        d.p += d.n - 5;
        d.n = 5;
    }
    return (d.n == 5 && (d.p[0] == 'S' || d.p[0] == 's') && memcmp(d.p + 1, "teps", 4) == 0) ||
           md_str_eq(d, "Training progress");
}

/* Whether a bar's description names some work other than the training
 * loop's ("Epoch N", "Steps"). */
static bool described(const char *desc, size_t n)
{
    md_str d = md_str_trim((md_str){desc, n});
    if ((d.n >= 5 && (strncmp(d.p, "Epoch", 5) == 0 || strncmp(d.p, "epoch", 5) == 0)) || steps_bar(desc, n) ||
        ends_in_epoch(d))
        return false;
    for (size_t i = 0; i < d.n; i++)
        if ((d.p[i] >= 'a' && d.p[i] <= 'z') || (d.p[i] >= 'A' && d.p[i] <= 'Z'))
            return true;
    return false;
}

/* A description whose first word names an evaluation ("Validation",
 * "Eval", "test") or says one runs ("Validating", "Evaluating",
 * "Testing"). */
static bool evaluation_bar(const char *desc, size_t n)
{
    md_str d = md_str_trim((md_str){desc, n});
    size_t w = 0;
    while (w < d.n && md_is_letter(d.p[w]))
        w++;
    static const char *const running[] = {"validating", "evaluating", "testing"};
    return w > 0 && (md_evaluation_word(d.p, w) || md_word_in(d.p, w, running, MD_COUNT(running)));
}

/* torchtune: "EPOCH|STEP|Loss: 0.99". Returns where the step's digits
 * start and sets *len, or returns 0 with *len 0. */
static size_t global_step_text(const char *desc, size_t n, size_t *len)
{
    size_t i = 0, mark = 0;
    *len = 0;
    for (int field = 0; field < 2; field++) {
        mark = i;
        while (i < n && md_is_digit(desc[i]))
            i++;
        if (i == mark || i - mark > 15 || i >= n || desc[i] != '|')
            return 0;
        i++;
    }
    *len = i - 1 - mark;
    return mark;
}

/* "[14:02:11]", "[STDERR]": a tag with no lower-case letter, as a wrapper
 * puts a clock and the stream before each line it relays. */
static size_t tag_length(const char *p, const char *end)
{
    if (p >= end || *p != '[')
        return 0;
    for (const char *q = p + 1; q < end; q++) {
        if (*q == ']')
            return (size_t)(q + 1 - p);
        if (*q >= 'a' && *q <= 'z')
            return 0;
    }
    return 0;
}

/* The description starts after the tags in front of it ("[14:02:11]
 * [STDERR] steps:  45%|"). */
static size_t after_tags(const char *desc, size_t n)
{
    const char *p = desc, *end = desc + n;
    for (size_t k; (k = tag_length(p, end)) > 0;)
        p = md_skip_blanks(p + k, end);
    return (size_t)(p - desc);
}

/* What the description line[0, t->desc_end) says, and the global step it
 * holds. */
static void describe(md_tqdm *t, const char *line)
{
    size_t skip = after_tags(line, t->desc_end);
    const char *desc = line + skip;
    size_t n = t->desc_end - skip, len, at = global_step_text(desc, n, &len);
    t->desc = (epoch_bar(desc, n) ? MD_TQDM_EPOCH : 0) | (steps_bar(desc, n) ? MD_TQDM_STEPS : 0) |
              (described(desc, n) ? MD_TQDM_DESCRIBED : 0) | (len ? MD_TQDM_GLOBAL_STEP : 0) |
              (evaluation_bar(desc, n) ? MD_TQDM_EVALUATION : 0);
    if (len) {
        md_num_scan(desc + at, desc + at + len, &t->step);
        note_text(&t->step_text, line, desc + at, len);
    }
}

/* The rate in "RATE," or "RATE]" at r, as tqdm prints it ("1.37it/s",
 * "?it/s", "2.10s/it", "12.5ex/s"); returns where the slot ends. */
static const char *parse_rate(const char *line, const char *r, const char *close, md_tqdm *t)
{
    double rate;
    size_t k = md_num_scan(r, close, &rate);
    const char *unit = k ? r + k : r;
    if (!k && r < close && *r == '?')
        unit = r + 1;
    const char *unit_end = unit;
    while (unit_end < close && *unit_end != ',' && *unit_end != ']')
        unit_end++;
    md_str u = md_str_trim((md_str){unit, (size_t)(unit_end - unit)});
    if (u.n == 4 && memcmp(u.p, "it/s", 4) == 0) {
        t->rate = k ? rate : NAN;
        note_text(&t->rate_text, line, r, k);
    } else if (u.n == 4 && memcmp(u.p, "s/it", 4) == 0) {
        t->rate = k && rate > 0 ? 1 / rate : NAN;
        note_text(&t->rate_text, line, r, k);
        t->rate_inverse = true;
    } else {
        t->per_item = true;
    }
    return unit_end;
}

/* Parses "[elapsed<remaining, RATE, postfix]" starting at '['. A bar
 * format without {rate} (NeMo's "[00:40<32:40, reduced_train_loss=10.80,
 * global_step=19.00]") has the postfix right after the times. */
static void parse_bracket(const char *line, const char *p, const char *end, md_tqdm *t)
{
    const char *close = memchr(p, ']', (size_t)(end - p));
    bool unclosed = !close;
    if (unclosed) {
        /* A print that cut into the redraw ("[00:28<54:33:11, 15.11s/it{'loss':
         * 0.25, ...}"): the bar ends at its rate's unit, the rest is the print. */
        const char *unit = md_memmem(p, (size_t)(end - p), "s/it", 4);
        if (!unit)
            unit = md_memmem(p, (size_t)(end - p), "it/s", 4);
        close = unit ? unit + 4 : end;
    }
    const char *comma = memchr(p, ',', (size_t)(close - p));
    if (!comma)
        return;
    const char *r = md_skip_blanks(comma + 1, close);
    const char *slot_end = memchr(r, ',', (size_t)(close - r));
    if (!slot_end)
        slot_end = close;
    const char *postfix = memchr(r, '=', (size_t)(slot_end - r)) ? comma : parse_rate(line, r, close, t);
    if (postfix < close && *postfix == ',') {
        t->postfix_start = (size_t)(postfix + 1 - line);
        t->postfix_end = (size_t)(close - line);
    }
    t->end = (size_t)(close < end && !unclosed ? close + 1 - line : close - line);
}

/* Where a bar's counter starts after its percentage at pct: past the
 * bar's cells, "45%|████      | 225/500", or, as Colab's output renders a
 * bar without its cells, right after it, "45% 225/500 [00:10<00:12, ..."
 * (the counter, its total, then the bracket of the time elapsed and
 * left). NULL for none. */
static const char *counter_start(const char *pct, const char *end)
{
    if (pct[1] == '|') {
        const char *bar_end = pct + 2 < end ? memchr(pct + 2, '|', (size_t)(end - pct - 2)) : NULL;
        return bar_end ? bar_end + 1 : NULL;
    }
    const char *p = pct + 2, *q = p;
    while (q < end && md_is_digit(*q))
        q++;
    if (q == p || q >= end || *q != '/')
        return NULL;
    const char *r = ++q;
    while (q < end && md_is_digit(*q))
        q++;
    if (q == r || end - q < 4 || q[0] != ' ' || q[1] != '[')
        return NULL;
    const char *close = memchr(q + 2, ']', (size_t)(end - q - 2));
    const char *lt = memchr(q + 2, '<', (size_t)((close ? close : end) - q - 2));
    return lt ? p : NULL;
}

static md_tqdm scan_with_total(const char *line, const char *bar, const char *end)
{
    md_tqdm t = {0};
    t.rate = NAN;
    t.total = -1;
    /* The percentage before "%|" and the description before it. */
    const char *d = bar;
    while (d > line && (md_is_digit(d[-1]) || d[-1] == '.'))
        d--;
    if (d == bar)
        return t;
    while (d > line && d[-1] == ' ')
        d--;
    const char *counter = counter_start(bar, end);
    if (!counter)
        return t;
    const char *p = md_skip_blanks(counter, end);
    size_t k = md_num_scan(p, end, &t.n);
    if (!k || p + k >= end || p[k] != '/')
        return t;
    note_text(&t.n_text, line, p, k);
    p += k + 1;
    k = md_num_scan(p, end, &t.total);
    if (!k)
        return t;
    note_text(&t.total_text, line, p, k);
    p = md_skip_blanks(p + k, end);
    t.found = true;
    t.desc_end = (size_t)(d - line);
    describe(&t, line);
    t.end = (size_t)(p - line);
    if (p < end && *p == '[')
        parse_bracket(line, p, end, &t);
    return t;
}

/* "12345it [02:21, 55.23it/s]" */
static md_tqdm scan_without_total(const char *line, const char *it, const char *end)
{
    md_tqdm t = {0};
    t.rate = NAN;
    t.total = -1;
    const char *d = it;
    while (d > line && md_is_digit(d[-1]))
        d--;
    if (d == it || md_num_scan(d, it, &t.n) != (size_t)(it - d))
        return t;
    note_text(&t.n_text, line, d, (size_t)(it - d));
    t.found = true;
    t.desc_end = (size_t)(d - line);
    describe(&t, line);
    t.end = (size_t)(it + 3 - line);
    parse_bracket(line, it + 3, end, &t);
    return t;
}

/* The first occurrence of two bytes, by memchr on the first. */
static const char *find2(const char *p, const char *end, char a, char b)
{
    while (p + 1 < end && (p = memchr(p, a, (size_t)(end - 1 - p))) != NULL) {
        if (p[1] == b)
            return p;
        p++;
    }
    return NULL;
}

/* The first percentage that a bar's counter follows (counter_start). */
static const char *find_bar(const char *p, const char *end)
{
    while (p + 2 < end && (p = memchr(p, '%', (size_t)(end - 2 - p))) != NULL) {
        if (p[1] == '|' || (p[1] == ' ' && md_is_digit(p[2]) && counter_start(p, end)))
            return p;
        p++;
    }
    return NULL;
}

md_tqdm md_tqdm_scan(const char *line, size_t n)
{
    const char *end = line + n;
    const char *bar = find_bar(line, end);
    if (bar)
        return scan_with_total(line, bar, end);
    const char *it = line;
    while ((it = find2(it, end, 'i', 't')) != NULL && !(end - it >= 4 && it[2] == ' ' && it[3] == '['))
        it++;
    if (it)
        return scan_without_total(line, it, end);
    md_tqdm none = {0};
    none.rate = NAN;
    return none;
}

/* Digits for digits keep every byte md_tqdm_scan looks for where it was
 * and every number as long as it was (md_num_scan stops at the same
 * non-digit), so only the values can differ: a value read from no text
 * stays as it was. */
static void reread(const char *line, struct md_tqdm_num at, double *v)
{
    if (at.len)
        md_num_value_after(line, line + at.at, at.len, v);
}

/* A bar's total stays the same redraw after redraw: it is read again only
 * when its bytes differ from those it was last read from. */
static void reread_total(md_tqdm *bar, const char *line)
{
    struct md_tqdm_num at = bar->total_text;
    if (MD_SWAR && at.len && at.len <= 8 && at.at + at.len >= 8) {
        uint64_t word = md_load64(line + at.at + at.len - 8) & ~UINT64_C(0) << 8 * (8 - at.len);
        if (word == bar->total_word)
            return;
        bar->total_word = word;
    }
    reread(line, at, &bar->total);
}

void md_tqdm_reread(md_tqdm *bar, const char *line, bool read_rate)
{
    reread(line, bar->n_text, &bar->n);
    reread_total(bar, line);
    reread(line, bar->step_text, &bar->step);
    /* A rate's text that starts with a digit holds a number, never NaN
     * (read_bar skips a NaN rate). */
    bar->rate_unread =
        !read_rate && bar->rate_text.len && !bar->rate_inverse && md_is_digit(line[bar->rate_text.at]);
    if (bar->rate_text.len && !bar->rate_unread) {
        double rate = NAN;
        reread(line, bar->rate_text, &rate);
        bar->rate = !bar->rate_inverse ? rate : rate > 0 ? 1 / rate : NAN;
    }
}
