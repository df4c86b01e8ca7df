/* Which canonical series a normalised key names.
 *
 * The key is looked up among the aliases; failing that, a unit at its end is
 * stripped ("time_ms"), an evaluation prefix maps it to the val_ form of the
 * rest ("eval_g0_loss" -> val_loss), and up to three leading words are
 * dropped one at a time ("attempted_loss_scale" -> loss_scale). Evaluation
 * words are never dropped: "eval_rewards_chosen" must not become the
 * training series rewards_chosen. Nor are words that make the rest a
 * different quantity: max_grad_norm is a setting, best_loss a running
 * minimum, non_score_reward the KL penalty and not the reward.
 *
 * A unit at the key's end is the unit of its numbers; failing that, the
 * unit its alias was given ("aliases MiB = max_mem"). */
#include <stdio.h>
#include <string.h>

#include "mldiag/catalog.h"

#define NORM_MAX 128
#define STRIP_WORDS 3

static const char *const eval_prefixes[] = {"eval", "val", "valid", "validation", "test", "dev"};

/* Words that name an evaluation set rather than a quantity ("test set
 * average loss" is the test loss). */
static const char *const set_words[] = {"set", "split", "data", "dataset"};

static const char *const qualifiers[] = {"max", "min", "best", "worst", "std", "var", "non", "neg",
                                         "delta", "diff", "inv", "target", "init", "initial", "prev",
                                         "clip", "warmup"};

static const struct {
    const char *suffix;
    md_unit unit;
} key_units[] = {
    {"_ms", MD_UNIT_MS},       {"_us", MD_UNIT_US},     {"_ns", MD_UNIT_NS},
    {"_sec", MD_UNIT_S},       {"_secs", MD_UNIT_S},    {"_seconds", MD_UNIT_S},
    {"_s", MD_UNIT_S},         {"_bytes", MD_UNIT_B},   {"_gib", MD_UNIT_GIB},
    {"_gb", MD_UNIT_GB},       {"_mib", MD_UNIT_MIB},   {"_mb", MD_UNIT_MB},
    {"_pct", MD_UNIT_PERCENT}, {"_percent", MD_UNIT_PERCENT},
};

typedef struct resolved {
    int cat;      /* catalog series, or -1 */
    md_unit unit; /* unit named by the key */
} resolved;

/* whole: the key is the whole key, not a part left after dropping words;
 * only then may an exact alias match. */
static int lookup_with_unit(const md_catalog *cat, const char *norm, size_t n, md_unit *unit, bool whole)
{
    bool exact = false;
    int idx = md_catalog_lookup(cat, norm, n, &exact);
    if (idx >= 0 && (whole || !exact)) {
        *unit = md_catalog_alias_unit(cat, norm, n);
        return idx;
    }
    for (size_t i = 0; i < MD_COUNT(key_units); i++) {
        size_t sn = strlen(key_units[i].suffix);
        if (n > sn && memcmp(norm + n - sn, key_units[i].suffix, sn) == 0) {
            idx = md_catalog_lookup(cat, norm, n - sn, &exact);
            if (idx >= 0 && (whole || !exact)) {
                *unit = key_units[i].unit;
                return idx;
            }
        }
    }
    return -1;
}

static bool word_in(const char *w, size_t n, const char *const *words, size_t nwords)
{
    for (size_t i = 0; i < nwords; i++)
        if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0)
            return true;
    return false;
}

static bool is_eval_word(const char *w, size_t n)
{
    return word_in(w, n, eval_prefixes, MD_COUNT(eval_prefixes));
}

static bool has_digit(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] >= '0' && p[i] <= '9')
            return true;
    return false;
}

/* Tries the key, then the key without up to STRIP_WORDS leading words.
 * Exact aliases match the whole key only, except, after an evaluation
 * prefix, when every dropped word holds a digit or is "set": those words
 * name an eval set ("eval_g0_loss", "test_set_loss"), not a different
 * quantity ("eval_kl_loss"). */
static int lookup_stripping(const md_catalog *cat, const char *norm, size_t n, md_unit *unit,
                            bool after_eval)
{
    const char *p = norm, *end = norm + n;
    bool ids_only = true;
    for (int k = 0; k <= STRIP_WORDS && p < end; k++) {
        int idx = lookup_with_unit(cat, p, (size_t)(end - p), unit, k == 0 || (after_eval && ids_only));
        if (idx >= 0)
            return idx;
        const char *us = memchr(p, '_', (size_t)(end - p));
        size_t wn = (size_t)(us ? us - p : 0);
        if (!us || is_eval_word(p, wn) || word_in(p, wn, qualifiers, MD_COUNT(qualifiers)))
            break;
        ids_only &= has_digit(p, (size_t)(us - p)) || word_in(p, wn, set_words, MD_COUNT(set_words));
        p = us + 1;
    }
    return -1;
}

static resolved resolve_name(const md_catalog *cat, const char *norm, size_t n)
{
    resolved r = {-1, MD_UNIT_NONE};
    r.cat = lookup_with_unit(cat, norm, n, &r.unit, true);
    if (r.cat >= 0)
        return r;
    const char *us = memchr(norm, '_', n);
    if (us && is_eval_word(norm, (size_t)(us - norm))) {
        const char *rest = us + 1;
        int idx = lookup_stripping(cat, rest, n - (size_t)(rest - norm), &r.unit, true);
        if (idx < 0)
            return r;
        const md_series_spec *spec = md_catalog_series(cat, (size_t)idx);
        if (spec->role != MD_ROLE_SERIES || strncmp(spec->name, "val_", 4) == 0) {
            r.cat = idx;
            return r;
        }
        char val[NORM_MAX + 8];
        snprintf(val, sizeof val, "val_%s", spec->name);
        r.cat = md_catalog_find_series(cat, val);
        return r;
    }
    r.cat = lookup_stripping(cat, norm, n, &r.unit, false);
    return r;
}

int md_catalog_resolve(const md_catalog *cat, const char *norm, size_t n, md_unit *unit)
{
    resolved r = resolve_name(cat, norm, n);
    *unit = r.unit;
    return r.cat;
}

bool md_key_is_eval(const char *norm)
{
    const char *us = strchr(norm, '_');
    return us && is_eval_word(norm, (size_t)(us - norm));
}

bool md_key_has_word(const char *norm, const char *word, bool digits)
{
    size_t wn = strlen(word);
    for (const char *p = norm; (p = strstr(p, word)) != NULL; p += wn) {
        const char *q = p + wn;
        while (digits && *q >= '0' && *q <= '9')
            q++;
        bool start = p == norm || p[-1] == '_';
        bool end = *q == '\0' || *q == '_';
        if (start && end)
            return true;
    }
    return false;
}
