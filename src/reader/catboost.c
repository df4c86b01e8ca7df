/* CatBoost's console, one line per iteration (or per metric_period):
 *
 *   0:	learn: 0.6805428	test: 0.6812735	best: 0.6812735 (0)	total: 57.2ms	remaining: 57.2s
 *
 * The iteration, then the metric on the learning set and on the eval set,
 * the best eval value so far with its iteration, and the times. Without an
 * eval set only learn, total and remaining follow; with an eval metric not
 * computed on the learning set (AUC), learn is missing.
 *
 * The line does not name its metric. By default it is the loss CatBoost
 * optimises (Logloss, RMSE, MultiClass: lower is better), but an eval_metric
 * such as AUC or Accuracy is higher-is-better, and read as a loss its rise
 * would look like overfitting. The best column tells: it moves down for a
 * loss and up for a score, and a test value worse than the best lies on
 * the loss's side or the score's. Lines are held until one tells, then
 * placed in order: learn and test as the loss and the validation loss, or
 * as train_metric and val_metric. A run without an eval set has no best
 * column: its learn figures tell (learn_direction). */
#include <math.h>
#include <string.h>

#include "core/swar.h"
#include "reader/reader_int.h"

typedef struct field {
    md_str name, value;
} field;

/* The next word from *p on, past the blanks before it; empty at the end. */
static md_str next_word(const char **p, const char *end)
{
    const char *q = md_skip_blanks(*p, end);
    const char *start = q;
    while (q < end && !md_is_blank(*q))
        q++;
    *p = q;
    return (md_str){start, (size_t)(q - start)};
}

/* A field's name as a word: letters and digits, then ':' ("learn:"). */
static bool field_name(md_str word)
{
    if (word.n < 2 || word.p[word.n - 1] != ':')
        return false;
    for (size_t i = 0; i + 1 < word.n; i++)
        if (!md_is_digit(word.p[i]) && !md_is_letter(word.p[i]))
            return false;
    return true;
}

/* CatBoost 0.x wrote its sets' names without a colon ("learn 0.6355974416")
 * and glued the next field to the value ("0.6355974416passed: 17.4 sec"). */
static bool bare_set_name(md_str word)
{
    return md_str_eq(word, "learn") || md_str_eq(word, "test");
}

#define GLUED_FIELD "passed:"

/* The next field from *p on: a name word, then the words up to the next
 * name ("best: 0.68 (0)", "remaining: 1h 39m 38s"). Tabs part the fields
 * as CatBoost prints them, blanks where a paste turned its tabs into
 * spaces. */
static bool next_field(const char **p, const char *end, field *f)
{
    md_str word = next_word(p, end);
    bool bare = bare_set_name(word);
    if (!field_name(word) && !bare)
        return false;
    f->name = (md_str){word.p, word.n - !bare};
    f->value = (md_str){NULL, 0};
    for (;;) {
        const char *at = *p;
        md_str w = next_word(p, end);
        size_t glued = sizeof GLUED_FIELD - 1;
        bool ends_glued = w.n > glued && md_str_ends_with(w, GLUED_FIELD); /* "nanpassed:" too */
        if (!w.n || (field_name(w) && !ends_glued)) {
            *p = at;
            break;
        }
        if (ends_glued)
            w.n -= glued;
        if (!f->value.p)
            f->value.p = w.p;
        f->value.n = (size_t)(w.p + w.n - f->value.p);
        if (ends_glued) {
            *p = w.p + w.n;
            break;
        }
    }
    return f->value.n > 0;
}

/* A value that is one number, or for best one number and " (iteration)",
 * whose iteration goes to *iter. */
static bool field_number(md_str value, double *iter, md_catboost_value *out, bool *has)
{
    size_t k = md_num_scan(value.p, value.p + value.n, &out->v);
    if (!k)
        return false;
    out->flags = md_kv_decimals(value.p, k);
    if (iter) {
        *has = value.n >= k + 3 && value.p[k] == ' ' && value.p[k + 1] == '(' && value.p[value.n - 1] == ')';
        const char *digits = value.p + k + 2, *close = value.p + value.n - 1;
        *iter = NAN;
        if (*has && close > digits && md_digit_run(digits, (size_t)(close - digits)) == (size_t)(close - digits))
            md_num_scan(digits, close, iter);
    } else {
        *has = k == value.n;
    }
    return *has;
}

static bool iteration_prefix(md_str *line, double *iter)
{
    size_t i = md_digit_run(line->p, line->n);
    if (i == 0 || i + 1 >= line->n || line->p[i] != ':' || !md_is_blank(line->p[i + 1]))
        return false;
    md_num_scan(line->p, line->p + i, iter);
    line->p += i + 1;
    line->n -= i + 1;
    return true;
}

/* One field into the line's reading; false when it is none of CatBoost's.
 * Fields of other eval sets are skipped, and so is the test column's
 * comparison with best, which may then track another set. */
static bool read_field(const field *f, md_catboost_line *l, bool *timed)
{
    if (md_str_eq(f->name, "learn"))
        return field_number(f->value, NULL, &l->learn, &l->has_learn);
    if (md_str_eq(f->name, "test"))
        return field_number(f->value, NULL, &l->test, &l->has_test);
    if (md_str_eq(f->name, "best"))
        return field_number(f->value, &l->best_iter, &l->best, &l->has_best);
    if (md_str_eq(f->name, "total") || md_str_eq(f->name, "remaining") || md_str_eq(f->name, "passed")) {
        *timed = true;
        return true;
    }
    bool other_set = f->name.n > 4 && md_str_starts_with(f->name, "test") && md_is_digit(f->name.p[4]);
    l->other_sets |= other_set;
    return other_set;
}

/* The fields of an iteration line: at least learn or test, and the
 * elapsed time CatBoost always prints. */
static bool parse_line(md_str s, md_catboost_line *l)
{
    *l = (md_catboost_line){0};
    if (!iteration_prefix(&s, &l->iter))
        return false;
    bool timed = false;
    const char *p = s.p, *end = s.p + s.n;
    while (p < end) {
        field f;
        if (!next_field(&p, end, &f) || !read_field(&f, l, &timed))
            return false;
        p = md_skip_blanks(p, end);
    }
    return timed && (l->has_learn || l->has_test);
}

/* Which way the metric improves, when the line tells. */
static md_better direction(const md_catboost *cb, const md_catboost_line *l)
{
    if (!isfinite(l->best.v))
        return MD_BETTER_NONE;
    if (l->has_test && !l->other_sets && isfinite(l->test.v) && l->test.v != l->best.v)
        return l->test.v > l->best.v ? MD_BETTER_LOWER : MD_BETTER_HIGHER;
    if (cb->best_seen && isfinite(cb->last_best) && l->best.v != cb->last_best)
        return l->best.v < cb->last_best ? MD_BETTER_LOWER : MD_BETTER_HIGHER;
    return MD_BETTER_NONE;
}

/* Without an eval set, which way the held learn figures went: trees fitted
 * to the learning set lower its loss round after round (subsampling lets
 * it rise now and then), while an eval_metric such as Accuracy computed on
 * it rises (0.6114702 at round 0, 0.6940124 at 99). More than twice as
 * many rises as falls, and three moves at least, is a score. */
static md_better learn_direction(const md_catboost *cb)
{
    size_t up = 0, down = 0;
    for (size_t i = 1; i < cb->nheld; i++) {
        double before = cb->held[i - 1].learn.v, now = cb->held[i].learn.v;
        up += now > before;
        down += now < before;
    }
    return up + down >= 3 && up > 2 * down ? MD_BETTER_HIGHER : MD_BETTER_LOWER;
}

static void feed_value(md_feed *feed, const char *key, const md_catboost_value *v)
{
    md_feed_kv(feed, key, strlen(key), v->v, MD_UNIT_NONE, v->flags, NAN);
}

static void feed_line(md_feed *feed, const md_catboost_line *l, bool score)
{
    md_feed_record_begin(feed, l->lineno);
    md_feed_kv(feed, "iter", 4, l->iter, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    if (l->has_learn)
        feed_value(feed, score ? "train_metric" : "loss", &l->learn);
    if (l->has_test)
        feed_value(feed, score ? "val_metric" : "val_loss", &l->test);
    md_feed_record_end(feed);
}

static void feed_held(md_catboost *cb, md_feed *feed)
{
    for (size_t i = 0; i < cb->nheld; i++)
        feed_line(feed, &cb->held[i], cb->better == MD_BETTER_HIGHER);
    cb->nheld = 0;
}

/* A fit's end: the iteration its best column last named, the one the
 * model keeps, once, where the fit ended, under the name CatBoost prints
 * it by at the end of a fit with an eval set ("bestIteration = 937"). */
static void end_fit(md_catboost *cb, md_feed *feed)
{
    if (cb->better == MD_BETTER_NONE && !cb->best_seen)
        cb->better = learn_direction(cb);
    feed_held(cb, feed);
    if (cb->best_seen && isfinite(cb->best_iter)) {
        md_feed_record_begin(feed, cb->last_line);
        md_feed_kv(feed, "bestIteration", 13, cb->best_iter, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        md_feed_record_end(feed);
    }
}

/* Iteration 0 again: another model's training (a fold, a grid point),
 * whose metric may go the other way. */
static void start_fit(md_catboost *cb, md_feed *feed)
{
    end_fit(cb, feed);
    cb->better = MD_BETTER_NONE;
    cb->best_seen = false;
}

bool md_catboost_read(md_catboost *cb, md_str line, md_feed *feed, unsigned long lineno)
{
    md_catboost_line l;
    if (line.n == 0 || !md_is_digit(line.p[0]) || !parse_line(line, &l))
        return false;
    l.lineno = lineno;
    if (l.iter <= cb->last_iter)
        start_fit(cb, feed);
    cb->last_iter = l.iter;
    if (l.has_best && cb->better == MD_BETTER_NONE)
        cb->better = direction(cb, &l);
    if (l.has_best) {
        cb->last_best = l.best.v;
        cb->best_iter = l.best_iter;
        cb->best_seen = true;
    }
    cb->last_line = lineno;
    if (!l.has_best && !cb->best_seen && cb->better == MD_BETTER_NONE && l.has_learn && !l.has_test) {
        if (cb->nheld == MD_CATBOOST_HELD) {
            cb->better = learn_direction(cb);
            feed_held(cb, feed);
            feed_line(feed, &l, cb->better == MD_BETTER_HIGHER);
        } else {
            cb->held[cb->nheld++] = l;
        }
        return true;
    }
    if (!l.has_best || cb->better != MD_BETTER_NONE) {
        feed_held(cb, feed);
        feed_line(feed, &l, cb->better == MD_BETTER_HIGHER);
        return true;
    }
    /* A run whose best never moved: whichever way, its curve is flat. */
    if (cb->nheld == MD_CATBOOST_HELD) {
        cb->better = MD_BETTER_LOWER;
        feed_held(cb, feed);
        feed_line(feed, &l, false);
        return true;
    }
    cb->held[cb->nheld++] = l;
    return true;
}

void md_catboost_finish(md_catboost *cb, md_feed *feed)
{
    end_fit(cb, feed);
}
