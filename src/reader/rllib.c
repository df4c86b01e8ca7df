/* RLlib's result of an iteration as its pretty_print writes it (the
 * getting-started loop, `print(pretty_print(algo.train()))`): YAML, one
 * key a line, nested by indent, keys sorted, so the iteration's number
 * comes after its figures:
 *
 *   agent_timesteps_total: 4000
 *   custom_metrics: {}
 *   episode_reward_mean: -819.93
 *   info:
 *     learner:
 *       default_policy:
 *         learner_stats:
 *           vf_loss: 132067.53125
 *   ...
 *   training_iteration: 27
 *
 * Read line by line, each figure would stand at the iteration before.
 * The block is one record, "key = value, ..." of its numbers (a nested
 * key by its own name), read when a line that is no part of it, or the
 * next block, ends it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader/reader_int.h"

#define RLLIB_MAX (16u << 10)
#define RLLIB_LINES 20000

/* The keys a result starts with, by release: custom_metrics before Ray
 * 1.0, agent_timesteps_total after (connector_metrics where a release
 * dropped that). */
static bool opening_key(md_str line)
{
    static const char *const keys[] = {"agent_timesteps_total: ", "custom_metrics:", "connector_metrics:"};
    for (size_t i = 0; i < MD_COUNT(keys); i++)
        if (md_str_starts_with(line, keys[i]))
            return true;
    return false;
}

bool md_rllib_begin(md_rllib *d, md_str line, unsigned long lineno)
{
    if (!opening_key(line))
        return false;
    md_buf_reset(&d->text);
    d->lineno = lineno;
    d->items = 0;
    d->step_seen = false;
    d->lines = 0;
    d->open = true;
    md_rllib_add(d, line);
    return true;
}

/* "  key: value", "key:" over a nested block, "- item" of a list. */
static bool yaml_line(md_str line, md_str *key, md_str *value)
{
    const char *p = line.p, *end = line.p + line.n;
    while (p < end && *p == ' ')
        p++;
    *key = *value = (md_str){0};
    if (p < end && *p == '-')
        return p + 1 == end || p[1] == ' ';
    if (p == end || !(md_is_letter(*p) || *p == '_'))
        return false;
    const char *k = p;
    while (p < end && *p != ':' && *p != ' ')
        p++;
    if (p == end || *p != ':')
        return false;
    *key = (md_str){k, (size_t)(p - k)};
    p++;
    if (p == end)
        return true;
    if (*p != ' ')
        return false;
    while (p < end && *p == ' ')
        p++;
    *value = (md_str){p, (size_t)(end - p)};
    return true;
}

/* A number as YAML writes one: 1.5, -3, 1.0e-05, .nan, .inf. */
static bool yaml_number(md_str v, char *out, size_t cap)
{
    if (v.n == 0 || v.n >= cap)
        return false;
    if (md_str_eq(v, ".nan") || md_str_eq(v, ".inf") || md_str_eq(v, "-.inf")) {
        snprintf(out, cap, "%s", v.p[0] == '-' ? "-inf" : v.p[1] == 'n' ? "nan" : "inf");
        return true;
    }
    memcpy(out, v.p, v.n);
    out[v.n] = '\0';
    char *e;
    strtod(out, &e);
    return e == out + v.n && (md_is_digit(out[0]) || out[0] == '-' || out[0] == '.');
}

bool md_rllib_add(md_rllib *d, md_str line)
{
    while (line.n && (line.p[line.n - 1] == ' ' || line.p[line.n - 1] == '\r'))
        line.n--;
    md_str key, value;
    if (line.n == 0 || !yaml_line(line, &key, &value))
        return false;
    /* After the iteration's number only the keys sorted after it
     * (trial_id, warmup_time); then the next result, or other output. A
     * result is some hundred lines, a few thousand with its histograms'
     * lists: past that, lines of "key: value" are another log's. */
    if (d->step_seen && line.p[0] != ' ' && !md_str_starts_with(line, "trial_id:") &&
        !md_str_starts_with(line, "warmup_time:"))
        return false;
    if (++d->lines > RLLIB_LINES)
        return false;
    if (line.p[0] != ' ' && md_str_eq(key, "training_iteration"))
        d->step_seen = true;
    char num[64];
    if (key.n && yaml_number(value, num, sizeof num) && d->text.n + key.n + strlen(num) + 5 <= RLLIB_MAX) {
        if (d->items++)
            md_buf_puts(&d->text, ", ");
        md_buf_printf(&d->text, "%.*s = %s", (int)key.n, key.p, num);
    }
    return true;
}

void md_rllib_free(md_rllib *d)
{
    md_buf_free(&d->text);
}
