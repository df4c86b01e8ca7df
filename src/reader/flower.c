/* Flower's history of a federated run, printed when the server ends it:
 *
 *   INFO :      [SUMMARY]
 *   INFO :      Run finished 3 round(s) in 10.75s
 *   INFO :          History (loss, distributed):
 *   INFO :                  round 1: 2.1557
 *   INFO :                  round 2: 1.9623
 *   INFO :          History (metrics, distributed, evaluate):
 *   INFO :          {'accuracy': [(1, 0.1844),
 *   INFO :                        (2, 0.2989)]}
 *
 * and before flwr 1.6 on one line a history, "app_fit: losses_distributed
 * [(1, 2.1557), (2, 1.9623)]", "app_fit: metrics_distributed {'accuracy':
 * [(1, 0.1844), (2, 0.2989)]}". Each (round, value) is a record at that
 * round. The distributed loss and the metrics of the clients' evaluate()
 * are the evaluation's (val_loss, val_accuracy); the metrics of their
 * fit() the training's; the centralized ones, the server's evaluation of
 * the global model on its own set, the test set's. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reader/reader_int.h"

static bool starts(md_str s, const char *word)
{
    return md_str_starts_with(s, word);
}

/* Past Flower's logger prefix: "INFO :      ", "WARNING :   ", and with
 * a time between the level and the colon, "INFO 2024-09-24
 * 17:36:40,412:      " (flwr 1.10 and 1.11). */
static md_str message(md_str line)
{
    static const char *const levels[] = {"INFO ", "DEBUG ", "WARNING "};
    for (size_t i = 0; i < MD_COUNT(levels); i++) {
        if (!starts(line, levels[i]))
            continue;
        const char *p = line.p + strlen(levels[i]), *end = line.p + line.n;
        while (p < end && (md_is_digit(*p) || *p == '-' || *p == ' ' || *p == ',' || *p == '.' ||
                           (*p == ':' && p + 1 < end && md_is_digit(p[1]))))
            p++;
        if (p < end && *p == ':')
            return md_str_trim((md_str){p + 1, (size_t)(end - p - 1)});
    }
    return line;
}

/* A history's opening text, what follows it, and the series' name (or
 * its metrics' prefix). */
typedef struct history {
    const char *text;
    md_flower_open open;
    const char *prefix;
} history;

/* The history the text starts (whole: the text is all of it), opened. */
static const history *open_history(md_flower *f, md_str m, const history *h, size_t n, bool whole)
{
    for (size_t i = 0; i < n; i++)
        if (starts(m, h[i].text) && (!whole || m.n == strlen(h[i].text))) {
            f->open = h[i].open;
            snprintf(f->prefix, sizeof f->prefix, "%s", h[i].prefix);
            f->name[0] = '\0';
            return &h[i];
        }
    return NULL;
}

/* The history a header names: "History (loss, distributed):". */
static bool history_header(md_flower *f, md_str m)
{
    static const history headers[] = {
        {"History (loss, distributed):", MD_FLOWER_LOSS, "val_loss"},
        {"History (loss, centralized):", MD_FLOWER_LOSS, "test_loss"},
        {"History (metrics, distributed, evaluate):", MD_FLOWER_METRICS, "val_"},
        {"History (metrics, distributed, fit):", MD_FLOWER_METRICS, ""},
        {"History (metrics, centralized):", MD_FLOWER_METRICS, "test_"},
    };
    return open_history(f, m, headers, MD_COUNT(headers), true) != NULL;
}

/* The one-line histories of flwr before 1.6: "app_fit: losses_distributed
 * [(1, 2.15), ...]"; what follows the name is read as the metrics are. */
static const char *history_line(md_flower *f, md_str m)
{
    static const history lines[] = {
        {"app_fit: losses_distributed ", MD_FLOWER_LOSS_PAIRS, "val_loss"},
        {"app_fit: losses_centralized ", MD_FLOWER_LOSS_PAIRS, "test_loss"},
        {"app_fit: metrics_distributed_fit ", MD_FLOWER_METRICS, ""},
        {"app_fit: metrics_distributed ", MD_FLOWER_METRICS, "val_"},
        {"app_fit: metrics_centralized ", MD_FLOWER_METRICS, "test_"},
    };
    const char *at = md_memmem(m.p, m.n, "app_fit: ", 9);
    if (!at)
        return NULL;
    const history *h = open_history(f, (md_str){at, m.n - (size_t)(at - m.p)}, lines, MD_COUNT(lines), false);
    return h ? at + strlen(h->text) : NULL;
}

static void record(md_flower *f, md_feed *feed, unsigned long lineno, double round, const char *num, size_t k,
                   double v)
{
    char key[sizeof f->prefix + sizeof f->name];
    int n = snprintf(key, sizeof key, "%s%s", f->prefix, f->open == MD_FLOWER_METRICS ? f->name : "");
    md_feed_record_begin(feed, lineno);
    md_feed_kv(feed, "round", 5, round, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    md_feed_kv(feed, key, (size_t)n, v, MD_UNIT_NONE, md_kv_decimals(num, k), NAN);
    md_feed_record_end(feed);
}

/* "round 3: 2.15": a round of the loss's history; flwr 1.7 and 1.8 print
 * the history's text as Python's repr of it, a line a string:
 * "('\tround 1: 7.4586\n'" ... "'\tround 5: 0.8426\n')". */
static bool loss_round(md_flower *f, md_str m, md_feed *feed, unsigned long lineno)
{
    while (m.n && (m.p[0] == '(' || m.p[0] == '\''))
        m.p++, m.n--;
    if (m.n >= 2 && m.p[0] == '\\' && m.p[1] == 't')
        m.p += 2, m.n -= 2;
    while (m.n && (m.p[m.n - 1] == ')' || m.p[m.n - 1] == '\''))
        m.n--;
    if (m.n >= 2 && m.p[m.n - 2] == '\\' && m.p[m.n - 1] == 'n')
        m.n -= 2;
    if (!starts(m, "round "))
        return false;
    const char *p = m.p + 6, *end = m.p + m.n;
    double round, v;
    size_t k = md_num_scan(p, end, &round);
    if (!k || p + k + 2 > end || p[k] != ':' || p[k + 1] != ' ')
        return false;
    const char *num = p + k + 2;
    size_t vk = md_num_scan(num, end, &v);
    if (!vk || num + vk != end)
        return false;
    record(f, feed, lineno, round, num, vk, v);
    return true;
}

/* The pairs of a metrics history, or part of one: "{'accuracy': [(1,
 * 0.18), (2, 0.29)], 'loss': [(1, 2.3)]}", one name's rounds may go on
 * over lines. Returns whether the text was of that form. */
static bool metric_rounds(md_flower *f, const char *p, const char *end, md_feed *feed, unsigned long lineno)
{
    bool any = false;
    while (p < end) {
        char c = *p;
        if (c == '\'' || c == '"') {
            const char *close = memchr(p + 1, c, (size_t)(end - p - 1));
            if (!close)
                return false;
            snprintf(f->name, sizeof f->name, "%.*s", (int)(close - p - 1), p + 1);
            p = close + 1;
            any = true;
        } else if (c == '(') {
            double round, v;
            const char *q = p + 1;
            size_t k = md_num_scan(q, end, &round);
            if (!k || q + k + 2 > end || q[k] != ',')
                return false;
            const char *num = q + k + 1;
            while (num < end && *num == ' ')
                num++;
            size_t vk = md_num_scan(num, end, &v);
            if (!vk || num + vk >= end || num[vk] != ')')
                return false;
            if (f->open == MD_FLOWER_LOSS_PAIRS || f->name[0])
                record(f, feed, lineno, round, num, vk, v);
            p = num + vk + 1;
            any = true;
        } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',' || c == ' ') {
            p++;
        } else {
            return false;
        }
    }
    return any;
}

bool md_flower_line(md_flower *f, md_str line, md_feed *feed, unsigned long lineno)
{
    md_str m = message(line);
    if (f->open == MD_FLOWER_LOSS && loss_round(f, m, feed, lineno))
        return true;
    if (f->open == MD_FLOWER_METRICS && m.n && (m.p[0] == '{' || m.p[0] == '(' || m.p[0] == '\'') &&
        metric_rounds(f, m.p, m.p + m.n, feed, lineno))
        return true;
    f->open = MD_FLOWER_NONE;
    if (m.n < 20 || (m.p[0] != 'H' && !md_memmem(m.p, m.n, "app_fit: ", 9)))
        return false;
    if (history_header(f, m))
        return true;
    const char *rest = history_line(f, m);
    if (!rest)
        return false;
    const char *end = m.p + m.n;
    while (rest < end && *rest == ' ')
        rest++;
    metric_rounds(f, rest, end, feed, lineno);
    f->open = MD_FLOWER_NONE;
    return true;
}
