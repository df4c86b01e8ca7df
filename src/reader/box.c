/* Stable-Baselines3's logger prints each update's metrics as a box:
 *
 *   ------------------------------------
 *   | rollout/            |            |
 *   |    ep_rew_mean      | -1.22e+03  |
 *   | time/               |            |
 *   |    total_timesteps  | 2048       |
 *   | train/              |            |
 *   |    loss             | 5.18e+03   |
 *   ------------------------------------
 *
 * The rows between two rules are one record; a row without a value names
 * the section of the rows under it ("train/loss"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reader/reader_int.h"

static bool is_rule(md_str s)
{
    if (s.n < 10)
        return false;
    for (size_t i = 0; i < s.n; i++)
        if (s.p[i] != '-')
            return false;
    return true;
}

/* "| key | value |": the two cells, trimmed. */
static bool split_row(md_str s, md_str *key, md_str *value)
{
    if (s.n < 5 || s.p[0] != '|' || s.p[s.n - 1] != '|')
        return false;
    const char *mid = memchr(s.p + 1, '|', s.n - 2);
    if (!mid || memchr(mid + 1, '|', (size_t)(s.p + s.n - 1 - (mid + 1))))
        return false;
    *key = md_str_trim((md_str){s.p + 1, (size_t)(mid - s.p - 1)});
    *value = md_str_trim((md_str){mid + 1, (size_t)(s.p + s.n - 1 - (mid + 1))});
    return key->n > 0;
}

static void emit(md_box *b, md_feed *feed, unsigned long line)
{
    if (b->n) {
        md_feed_record_begin(feed, line);
        for (size_t i = 0; i < b->n; i++)
            md_feed_kv(feed, b->rows[i].key, strlen(b->rows[i].key), b->rows[i].value, MD_UNIT_NONE,
                       b->rows[i].flags, NAN);
        md_feed_record_end(feed);
    }
    b->n = 0;
    b->section[0] = '\0';
}

bool md_box_line(md_box *b, md_str line, md_feed *feed, unsigned long lineno)
{
    if (is_rule(line)) {
        /* A rule closes a box with rows, and opens one otherwise. */
        bool rows = b->open && b->n > 0;
        if (rows)
            emit(b, feed, lineno);
        b->open = !rows;
        return true;
    }
    md_str key, value;
    if (!b->open || !split_row(line, &key, &value)) {
        if (b->open)
            emit(b, feed, lineno);
        b->open = false;
        return false;
    }
    b->last_line = lineno;
    if (value.n == 0) {
        if (key.p[key.n - 1] == '/')
            key.n--;
        snprintf(b->section, sizeof b->section, "%.*s", (int)key.n, key.p);
        return true;
    }
    double v;
    if (b->n == MD_BOX_ROWS || md_num_scan(value.p, value.p + value.n, &v) != value.n)
        return true;
    /* SB3 counts environment steps; they place the update's values. */
    bool step = key.n == 15 && memcmp(key.p, "total_timesteps", 15) == 0;
    if (step)
        snprintf(b->rows[b->n].key, sizeof b->rows[b->n].key, "step");
    else if (b->section[0])
        snprintf(b->rows[b->n].key, sizeof b->rows[b->n].key, "%s/%.*s", b->section, (int)key.n, key.p);
    else
        snprintf(b->rows[b->n].key, sizeof b->rows[b->n].key, "%.*s", (int)key.n, key.p);
    b->rows[b->n].flags = md_kv_number_flags(value.p, value.n);
    b->rows[b->n++].value = v;
    return true;
}

void md_box_finish(md_box *b, md_feed *feed)
{
    if (b->open)
        emit(b, feed, b->last_line);
    b->open = false;
}
