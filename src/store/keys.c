/* Key resolution: which series (or step) a key that a log wrote names.
 * md_catalog_resolve finds the canonical series. Each spelling that reaches
 * it gets a series of its own ("train_loss" in HF's end-of-run summary next
 * to "loss"), so one series never mixes two quantities; once the input is
 * read, the canonical name goes to the one with the most points. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/swar.h"
#include "store/store_int.h"

#define NORM_MAX 128

/* Kind and direction for a series no alias names, from the words in it.
 * Among scores, "f" is an F-score (spaCy's ents_f), "uas" and "las" are
 * parsers' attachment scores, "ndcg", "mrr" and "hit" (hits) rank a
 * recommender's or a link predictor's items. */
static void guess_kind(const char *norm, md_kind *kind, md_better *better)
{
    /* nloglik and deviance: XGBoost's objectives' metrics ("gamma-nloglik",
     * "poisson-nloglik", "gamma-deviance"), negative log-likelihoods. */
    static const char *const lower[] = {"loss", "error", "err",  "ppl",   "perplexity", "nll", "mse",
                                        "mae",  "rmse",  "mape", "smape", "nloglik",    "deviance"};
    /* Error rates: a speech recogniser's word and character error rates, a
     * speaker verifier's equal error rate. Scores, not losses: nothing
     * descends them, and they are judged as the evaluation's accuracy is. */
    static const char *const error_rates[] = {"wer", "cer", "eer"};
    static const char *const higher[] = {"acc",   "accuracy", "map",    "f1",     "precision", "recall",
                                         "rouge", "rouge1",   "rouge2", "rougel", "bleu",      "chrf",
                                         "auc",   "score",    "f",      "uas",    "las",       "ndcg",
                                         "mrr",   "hit",      "hits",   "ssim",   "psnr",      "hmean",
                                         /* rank and linear correlations with gold scores: STS
                                          * benchmarks' Spearman and Pearson, GLUE CoLA's Matthews */
                                         "spearman", "spearmanr", "pearson", "pearsonr", "kendall",
                                         "matthews", "correlation", "mcc"};
    *kind = MD_KIND_OTHER;
    *better = MD_BETTER_NONE;
    /* verl files under "val-core/" only an evaluation's headline score
     * (the mean, majority vote or best of N samples' accuracy or reward on
     * a data set), whatever the reward is called; the rest of what it
     * measured there goes under "val-aux/" and is guessed by its words.
     * Its metrics.jsonl nests them all under "data" ("data/val-core/..."). */
    if (md_key_has_word(norm, "val_core", false)) {
        *kind = MD_KIND_METRIC;
        *better = MD_BETTER_HIGHER;
        return;
    }
    /* A spread is no score and no loss: "acc/std@4" falling is the samples
     * agreeing, not the accuracy falling. */
    if (md_key_has_word(norm, "std", true))
        return;
    /* BasicSR's terms: l_percep, l_style, a GAN's l_g_gan, l_d_real. */
    if (norm[0] == 'l' && norm[1] == '_' && norm[2]) {
        *kind = MD_KIND_LOSS;
        *better = MD_BETTER_LOWER;
        return;
    }
    for (size_t i = 0; i < MD_COUNT(error_rates); i++) {
        if (md_key_has_word(norm, error_rates[i], false)) {
            *kind = MD_KIND_METRIC;
            *better = MD_BETTER_LOWER;
            return;
        }
    }
    /* A loss named in CamelCase comes here lowercased, its words glued:
     * PaddleOCR's "CTCLoss" and "SARLoss". */
    size_t len = strlen(norm);
    if (len > 4 && strcmp(norm + len - 4, "loss") == 0) {
        *kind = MD_KIND_LOSS;
        *better = MD_BETTER_LOWER;
        return;
    }
    /* A timing is no score whatever it times: m4's "fwd_bwd_time_no_acc"
     * (without gradient accumulation) holds seconds, not an accuracy. */
    if (md_key_has_word(norm, "time", false))
        return;
    for (size_t i = 0; i < MD_COUNT(lower); i++) {
        if (md_key_has_word(norm, lower[i], false)) {
            *kind = MD_KIND_LOSS;
            *better = MD_BETTER_LOWER;
            return;
        }
    }
    for (size_t i = 0; i < MD_COUNT(higher); i++) {
        if (strstr(norm, higher[i]) && md_key_has_word(norm, higher[i], true)) {
            *kind = MD_KIND_METRIC;
            *better = MD_BETTER_HIGHER;
            return;
        }
    }
}

bool keys_measure(const key_info *ki)
{
    if (ki->role != MD_ROLE_SERIES || ki->cat >= 0 || !ki->norm)
        return false;
    md_kind kind;
    md_better better;
    guess_kind(ki->norm, &kind, &better);
    return kind == MD_KIND_METRIC || kind == MD_KIND_LOSS;
}

void keys_unique_name(const md_store *st, const char *base, char *out, size_t cap)
{
    snprintf(out, cap, "%s", base);
    intptr_t have;
    for (int k = 2; md_map_get(&st->by_name, out, strlen(out), &have); k++)
        snprintf(out, cap, "%s_%d", base, k);
}

static int add_key(md_store *st, md_role role, int cat, md_unit unit, const char *norm,
                   const char *raw, size_t rawlen)
{
    MD_GROW(st->keys, st->nkeys, st->capkeys);
    key_info *ki = &st->keys[st->nkeys];
    *ki = (key_info){.role = role,
                     .cat = cat,
                     .series = -1,
                     .evaluation_twin = -1,
                     .unit = unit,
                     .norm = norm ? md_xstrdup(norm) : NULL,
                     .raw = md_xstrndup(raw, rawlen)};
    ki->rawlen = rawlen; /* the whole key: one with a NUL byte is not the key before the NUL */
    ki->total = store_total_flags(st, ki);
    return (int)st->nkeys++;
}

/* HF's Trainer, evaluating a dict of data sets, spells each set's name
 * after "eval_" in every figure of that evaluation: eval_squad_loss,
 * eval_squad_runtime, eval_squad_samples_per_second. A loss term has no
 * runtime of its own (YOLO's val/box_loss comes with no val/box_runtime),
 * so a name followed by its evaluation's runtime or throughput is a data
 * set's, and the keys under it name the val_ series of the rest, as
 * eval_g0_loss names val_loss (md_catalog_resolve knows numbered sets and
 * a few well-known names; this is how any other name becomes one). */
static const char *const eval_figures[] = {"_runtime", "_samples_per_second", "_steps_per_second"};

/* The length of the set's prefix ("eval_squad_") when norm is a figure of
 * a named set's evaluation, or 0. */
static size_t named_set_prefix(const char *norm, size_t n)
{
    const char *us = memchr(norm, '_', n);
    if (!us || !md_key_is_eval(norm))
        return 0;
    size_t word = (size_t)(us - norm);
    for (size_t i = 0; i < MD_COUNT(eval_figures); i++) {
        size_t fn = strlen(eval_figures[i]);
        if (n > fn + word + 1 && memcmp(norm + n - fn, eval_figures[i], fn) == 0)
            return n - fn + 1;
    }
    return 0;
}

/* The catalog series of a key under a named set: the rest after the set's
 * name, under the evaluation word ("eval_squad_loss" is "eval_loss"). */
static int in_named_set(const md_store *st, const char *norm, size_t n, md_unit *unit)
{
    for (size_t i = 0; i < st->nsets; i++) {
        const char *set = st->eval_sets[i];
        size_t sn = strlen(set);
        if (n <= sn || memcmp(norm, set, sn) != 0)
            continue;
        size_t word = (size_t)((const char *)memchr(set, '_', sn) - set) + 1;
        char key[NORM_MAX + 1];
        int len = snprintf(key, sizeof key, "%.*s%.*s", (int)word, set, (int)(n - sn), norm + sn);
        if (len > 0 && (size_t)len < sizeof key)
            return md_catalog_resolve(st->cat, key, (size_t)len, unit);
    }
    return -1;
}

/* A newly named set: keys already under it that no series holds yet (the
 * record's eval_squad_loss, read before its eval_squad_runtime) are
 * resolved again. */
static void note_named_set(md_store *st, const char *norm, size_t prefix)
{
    for (size_t i = 0; i < st->nsets; i++)
        if (strlen(st->eval_sets[i]) == prefix && memcmp(st->eval_sets[i], norm, prefix) == 0)
            return;
    MD_GROW(st->eval_sets, st->nsets, st->capsets);
    st->eval_sets[st->nsets++] = md_xstrndup(norm, prefix);
    for (size_t i = 0; i < st->nkeys; i++) {
        key_info *ki = &st->keys[i];
        if (ki->cat >= 0 || ki->series >= 0 || ki->dropped || !ki->norm || ki->role != MD_ROLE_SERIES)
            continue;
        md_unit unit = MD_UNIT_NONE;
        int cat = in_named_set(st, ki->norm, strlen(ki->norm), &unit);
        if (cat < 0)
            continue;
        ki->cat = cat;
        ki->role = md_catalog_series(st->cat, (size_t)cat)->role;
        if (ki->unit == MD_UNIT_NONE)
            ki->unit = unit;
        ki->total = store_total_flags(st, ki);
    }
}

/* The key past MD_MAX_KEYS: ignored, and spelled as no key is (keys_spelled
 * never takes it for another). */
static int unread_key(md_store *st, md_role role, bool value)
{
    if (value && role == MD_ROLE_SERIES)
        st->unread_values++;
    if (st->unread_key < 0)
        st->unread_key = add_key(st, MD_ROLE_IGNORE, -1, MD_UNIT_NONE, NULL, "", 0);
    return st->unread_key;
}

/* The length of "rankN_" that a rank's copy of a key starts with, 0 when
 * none. */
static size_t ranked_prefix(const char *norm)
{
    if (strncmp(norm, "rank", 4) != 0 || !md_is_digit(norm[4]))
        return 0;
    const char *p = norm + 4;
    while (md_is_digit(*p))
        p++;
    return *p == '_' ? (size_t)(p + 1 - norm) : 0;
}

/* The catalog's series for a key, also for a rank's copy of it: where the
 * rank that printed first logs no values (a torchrun job whose rank 1
 * printed its mesh before rank 0 its loss; Megatron's last pipeline stage,
 * the only one to print the loss), its "rank0_loss" is the run's loss.
 * Where the run's own series is logged too, the copy gives way (claim). */
static int catalog_resolve(const md_store *st, const char *norm, size_t n, md_unit *unit)
{
    int cat = md_catalog_resolve(st->cat, norm, n, unit);
    size_t ranked = cat < 0 ? ranked_prefix(norm) : 0;
    if (ranked && ranked < n)
        cat = md_catalog_resolve(st->cat, norm + ranked, n - ranked, unit);
    return cat;
}

static int resolve(md_store *st, const char *key, size_t keylen, bool value)
{
    intptr_t idx;
    if (md_map_get(&st->key_cache, key, keylen, &idx))
        return (int)idx;
    bool full = st->nkeys >= MD_MAX_KEYS;
    char norm[NORM_MAX + 1];
    norm[0] = '\x01'; /* tags normalised entries apart from raw ones */
    size_t n = md_key_normalise(key, keylen, norm + 1, sizeof norm - 1);
    if (n == 0 || md_is_digit(norm[1])) {
        if (full)
            return unread_key(st, MD_ROLE_IGNORE, value);
        idx = add_key(st, MD_ROLE_IGNORE, -1, MD_UNIT_NONE, NULL, key, keylen);
    } else if (md_map_get(&st->key_cache, norm, n + 1, &idx)) {
        if (st->keys[idx].series >= 0)
            series_add_source(st->series[st->keys[idx].series], key, keylen);
        if (full)
            return (int)idx; /* another spelling: not cached */
    } else {
        md_unit unit = MD_UNIT_NONE;
        int cat = catalog_resolve(st, norm + 1, n, &unit);
        if (cat < 0 && st->nsets)
            cat = in_named_set(st, norm + 1, n, &unit);
        md_role role = cat >= 0 ? md_catalog_series(st->cat, (size_t)cat)->role : MD_ROLE_SERIES;
        if (full && (cat < 0 || st->nkeys >= 2 * MD_MAX_KEYS))
            return unread_key(st, role, value);
        idx = add_key(st, role, cat, unit, norm + 1, key, keylen);
        md_map_put(&st->key_cache, norm, n + 1, idx);
        size_t prefix = named_set_prefix(norm + 1, n);
        if (prefix)
            note_named_set(st, norm + 1, prefix);
    }
    md_map_put(&st->key_cache, key, keylen, idx);
    return (int)idx;
}

/* Eight bytes at a time; names are a few words long. */
static bool same_bytes(const char *a, const char *b, size_t n)
{
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if (md_load64(a + i) != md_load64(b + i))
                return false;
        return md_load64(a + n - 8) == md_load64(b + n - 8);
    }
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

bool keys_spelled(const key_info *ki, const char *key, size_t keylen)
{
    return ki->rawlen == keylen && same_bytes(ki->raw, key, keylen);
}

int keys_resolve(md_store *st, const char *key, size_t keylen, bool value)
{
    int *guess = st->nkv < KEY_GUESSES ? &st->guess[st->nkv] : NULL;
    if (guess && *guess >= 0 && (size_t)*guess < st->nkeys && keys_spelled(&st->keys[*guess], key, keylen))
        return *guess;
    int k = resolve(st, key, keylen, value);
    if (guess)
        *guess = k;
    return k;
}

int keys_evaluation_twin(md_store *st, int k)
{
    if (st->keys[k].evaluation_twin >= 0)
        return st->keys[k].evaluation_twin;
    static const char prefix[] = "val/";
    size_t n = sizeof prefix - 1 + st->keys[k].rawlen;
    char *name = md_xmalloc(n);
    memcpy(name, prefix, sizeof prefix - 1);
    memcpy(name + sizeof prefix - 1, st->keys[k].raw, st->keys[k].rawlen);
    int twin = resolve(st, name, n, true);
    free(name);
    st->keys[k].evaluation_twin = twin;
    return twin;
}

/* A record that holds two spellings of one normalised key ("train_loss" and
 * "train/loss" in a W&B summary: HF's run average and the last step's loss)
 * holds two quantities: the second spelling gets a key of its own. */
int keys_split(md_store *st, int k, const char *key, size_t keylen)
{
    char name[NORM_MAX + 16];
    keys_unique_name(st, st->keys[k].norm, name, sizeof name);
    for (size_t i = 0; i < st->nkeys; i++)
        if (st->keys[i].raw && keys_spelled(&st->keys[i], key, keylen) && (int)i != k)
            return (int)i;
    int idx = add_key(st, st->keys[k].role, -1, st->keys[k].unit, name, key, keylen);
    md_map_put(&st->key_cache, key, keylen, idx);
    return idx;
}

/* An accuracy no alias names is a share as the catalog's are, printed in
 * percent or not: DeiT's test_acc5 beside its test_acc1, mmsegmentation's
 * aux.acc_seg beside decode.acc_seg. */
static bool guessed_share(const char *norm, md_kind kind)
{
    return kind == MD_KIND_METRIC && ((strstr(norm, "acc") && md_key_has_word(norm, "acc", true)) ||
                                      (strstr(norm, "accuracy") && md_key_has_word(norm, "accuracy", true)));
}

int keys_series(md_store *st, int k)
{
    key_info *ki = &st->keys[k];
    if (ki->series >= 0 || ki->dropped)
        return ki->series;
    md_kind kind;
    md_better better;
    char name[NORM_MAX + 16];
    const char *base = ki->norm;
    if (ki->cat >= 0) {
        const md_series_spec *spec = md_catalog_series(st->cat, (size_t)ki->cat);
        kind = spec->kind;
        better = spec->better;
        /* The canonical name goes to the first spelling that reaches it. */
        if (st->bound[ki->cat] < 0)
            base = spec->name;
    } else {
        guess_kind(ki->norm, &kind, &better);
    }
    /* Keys the catalog does not name leave room for those it does: a log
     * that prints a thousand figures of its own before its loss keeps
     * the loss. */
    if (ki->cat < 0 && st->nseries + md_catalog_nseries(st->cat) >= MD_MAX_SERIES) {
        st->dropped_series++;
        ki->dropped = true;
        return -1;
    }
    /* The name as reports print it (md_buf_put_text), so that two keys
     * that differ only in a byte no report shows get names of their own;
     * cut at a character to the length of a key. */
    md_buf clean = {0};
    md_buf_put_text(&clean, base, strlen(base));
    if (clean.n > NORM_MAX)
        clean.p[md_utf8_cut(clean.p, NORM_MAX)] = '\0';
    keys_unique_name(st, clean.p ? clean.p : "", name, sizeof name);
    md_buf_free(&clean);
    ki->series = store_add_series(st, name, kind, better, ki->cat >= 0);
    if (ki->series < 0) {
        ki->dropped = true;
        return -1;
    }
    st->series[ki->series]->share =
        ki->cat >= 0 ? md_catalog_series(st->cat, (size_t)ki->cat)->share : guessed_share(ki->norm, kind);
    if (ki->cat >= 0 && st->bound[ki->cat] < 0)
        st->bound[ki->cat] = ki->series;
    series_add_source(st->series[ki->series], ki->raw, strlen(ki->raw));
    return ki->series;
}

/* "rank3_loss": another rank's copy of a series (the reader's "rankN/"). */
static bool ranked_name(const char *norm)
{
    return ranked_prefix(norm) > 0;
}

static bool critic_name(const char *norm)
{
    return strncmp(norm, "critic_", 7) == 0;
}

/* Whether every key of the series is named so. */
static bool keys_all(const md_store *st, int series, bool (*named)(const char *))
{
    bool any = false;
    for (size_t i = 0; i < st->nkeys; i++) {
        const key_info *ki = &st->keys[i];
        if (ki->series != series || !ki->norm)
            continue;
        if (!named(ki->norm))
            return false;
        any = true;
    }
    return any;
}

/* A series' claim to its canonical name: its points, doubled when one of
 * its keys is an alias of the name as a whole (not reached by dropping
 * words: "rewards/accuracy_reward/mean" reaches reward, "reward" is it),
 * and doubled again when a key is spelled as the name itself: of
 * "test_loss" and "val_loss" with as many points, "val_loss" is val_loss.
 * A test set's figures claim half: training watches its validation split
 * (Time-Series-Library's "Vali Loss: 0.49 Test Loss: 3.54"). */
static double claim(const md_store *st, int series, size_t cat)
{
    const char *name = md_catalog_series(st->cat, cat)->name;
    double weight = 1;
    bool test_only = true;
    for (size_t i = 0; i < st->nkeys; i++) {
        const key_info *ki = &st->keys[i];
        bool exact;
        if (ki->series != series || !ki->norm)
            continue;
        if (strcmp(ki->norm, name) == 0)
            weight = 4;
        else if (weight < 2 && md_catalog_lookup(st->cat, ki->norm, strlen(ki->norm), &exact) == (int)cat)
            weight = 2;
        test_only &= strncmp(ki->norm, "test_", 5) == 0 || strncmp(ki->norm, "testing_", 8) == 0;
    }
    if (test_only && strncmp(name, "val_", 4) == 0)
        weight /= 2;
    /* An actor-critic logs its critic's gradient norm and learning rate
     * beside its actor's (verl's critic/grad_norm: 42.7 beside
     * actor/grad_norm: 3.8): the policy's are the ones its rules judge. */
    md_kind kind = md_catalog_series(st->cat, cat)->kind;
    if ((kind == MD_KIND_GRAD || kind == MD_KIND_LR) && keys_all(st, series, critic_name))
        weight /= 2;
    /* Another rank's copy gives way to the run's own series (its first
     * rank's, read without a prefix), whichever logged first. */
    if (keys_all(st, series, ranked_name))
        weight /= 8;
    return (double)st->series[series]->count * weight;
}

static bool name_taken(const md_store *st, const char *name)
{
    for (size_t i = 0; i < st->nseries; i++)
        if (strcmp(st->series[i]->name, name) == 0)
            return true;
    return false;
}

/* A series that gave up its canonical name is named by its own key
 * ("train_loss"), not by the numbered name it was handed ("loss_2"), when
 * no other series has that name. */
static void rename_as_spelled(md_store *st, int series)
{
    for (size_t i = 0; i < st->nkeys; i++) {
        const key_info *ki = &st->keys[i];
        if (ki->series != series || !ki->norm)
            continue;
        if (!name_taken(st, ki->norm)) {
            free(st->series[series]->name);
            st->series[series]->name = md_xstrdup(ki->norm);
        }
        return;
    }
}

/* The first spelling to reach a canonical name took it; the name moves to
 * the series with the strongest claim: nanoGPT's loss of every iteration
 * over the "train loss" estimated every 250, the rate a log prints every
 * step over a settings line that echoes it once. */
void keys_settle_names(md_store *st)
{
    bool moved = false;
    for (size_t c = 0; c < md_catalog_nseries(st->cat); c++) {
        int bound = st->bound[c];
        if (bound < 0)
            continue;
        int best = bound;
        double best_claim = claim(st, bound, c);
        for (size_t i = 0; i < st->nkeys; i++) {
            int s = st->keys[i].series;
            if (st->keys[i].cat != (int)c || s < 0 || s == best)
                continue;
            double cl = claim(st, s, c);
            if (cl > best_claim) {
                best = s;
                best_claim = cl;
            }
        }
        if (best == bound)
            continue;
        char *name = st->series[bound]->name;
        st->series[bound]->name = st->series[best]->name;
        st->series[best]->name = name;
        st->bound[c] = best;
        rename_as_spelled(st, bound);
        moved = true;
    }
    if (!moved)
        return;
    md_map_free(&st->by_name);
    for (size_t i = 0; i < st->nseries; i++)
        md_map_put(&st->by_name, st->series[i]->name, strlen(st->series[i]->name), (intptr_t)i);
}

void keys_reset(md_store *st)
{
    for (size_t i = 0; i < st->nkeys; i++) {
        free(st->keys[i].norm);
        free(st->keys[i].raw);
    }
    st->nkeys = 0;
    st->unread_key = -1;
    for (size_t i = 0; i < st->nsets; i++)
        free(st->eval_sets[i]);
    free(st->eval_sets);
    st->eval_sets = NULL;
    st->nsets = st->capsets = 0;
    md_map_free(&st->key_cache);
    for (size_t i = 0; i < KEY_GUESSES; i++)
        st->guess[i] = -1;
}
