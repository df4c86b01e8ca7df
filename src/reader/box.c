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
 * the section of the rows under it ("train/loss"). A paste that starts
 * inside a box, or that lost its rules, opens one at its first row: a row
 * of a name and a number (or a section) with no table line above it, which
 * a markdown table's header ("| Metric | Value |") never is (opens_box). */
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

/* A row that may open a box without its rule: "| approxkl | 6.66e-16 |",
 * "| rollout/ |  |". An indented row ("|    loss   | 11.3  |") is in a
 * section whose name the paste cut off: no record of its own. */
static bool opens_box(md_str line, md_str key, md_str value)
{
    if (!md_is_letter(key.p[0]) || key.p - line.p > 2)
        return false;
    for (size_t i = 0; i < key.n; i++)
        if (!md_is_letter(key.p[i]) && !md_is_digit(key.p[i]) && !strchr("_/ %.-", key.p[i]))
            return false;
    double v;
    return value.n ? md_num_scan(value.p, value.p + value.n, &v) == value.n : key.p[key.n - 1] == '/';
}

/* Whether the box holds a row of that key already: the next box's, where
 * boxes lost the rules between them. */
static bool holds_key(const md_box *b, const char *key)
{
    for (size_t i = 0; i < b->n; i++)
        if (strcmp(b->rows[i].key, key) == 0)
            return true;
    return false;
}

bool md_box_line(md_box *b, md_str line, md_feed *feed, unsigned long lineno)
{
    bool after_row = b->after_row;
    b->after_row = line.n && line.p[0] == '|';
    if (is_rule(line)) {
        /* A rule closes a box with rows, and opens one otherwise. */
        bool rows = b->open && b->n > 0;
        if (rows)
            emit(b, feed, lineno);
        b->open = !rows;
        return true;
    }
    md_str key, value;
    bool row = split_row(line, &key, &value);
    if (row && !b->open && !after_row && opens_box(line, key, value))
        b->open = true;
    if (!b->open || !row) {
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
    char name[sizeof b->rows[0].key];
    if (step)
        snprintf(name, sizeof name, "step");
    else if (b->section[0])
        snprintf(name, sizeof name, "%s/%.*s", b->section, (int)key.n, key.p);
    else
        snprintf(name, sizeof name, "%.*s", (int)key.n, key.p);
    if (holds_key(b, name)) {
        char section[sizeof b->section];
        memcpy(section, b->section, sizeof section);
        emit(b, feed, lineno);
        memcpy(b->section, section, sizeof section);
    }
    memcpy(b->rows[b->n].key, name, sizeof name);
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
