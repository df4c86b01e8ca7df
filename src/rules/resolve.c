/* Which canonical series a normalised key names.
 *
 * The key is looked up among the aliases; failing that, a unit at its end is
 * stripped ("time_ms"), an evaluation prefix maps it to the val_ form of the
 * rest ("eval_g0_loss" -> val_loss), and up to three leading words are
 * dropped one at a time ("attempted_loss_scale" -> loss_scale). Evaluation
 * words are never dropped: "eval_rewards_chosen" must not become the
 * training series rewards_chosen. Nor are words that make the rest a
 * different quantity: max_grad_norm is a setting, best_loss a running
 * minimum, non_score_reward the KL penalty and not the reward, an
 * ema_reward_score a smoothed copy that lags the reward and hides its
 * falls. After a dropped "loss" only a loss or a step may follow
 * (loss_or_step).
 *
 * An evaluation may be of one of several held-out sets, named or numbered
 * (set_words, is_eval_word, without_dataloader_suffix): a set's key maps
 * to the val_ series as if the set's name were not there, and the store
 * keeps a series per spelling, so two sets are never merged.
 *
 * A unit at the key's end is the unit of its numbers; failing that, the
 * unit its alias was given ("aliases MiB = max_mem"). */
#include <stdio.h>
#include <string.h>

#include "mldiag/catalog.h"

#define NORM_MAX 128
#define STRIP_WORDS 3

/* "testing psnr = 34.14" (MST's logger) is the test set's; "testing_time"
 * the evaluation's time, no step's. */
/* "vali": Time-Series-Library's (Informer, Autoformer) "Vali Loss". */
/* Korean writes its words apart: "검증 손실" (validation loss), "테스트
 * 정확도", "평가 손실". */
/* German too: "Validierungs-Loss", "Test-Genauigkeit". */
/* validate: SQLFlow's XGBoost runs name their evaluation set so
 * ("validate-rmse:17.1167"). */
static const char *const eval_prefixes[] = {"eval", "evaluation", "val",  "vali", "valid", "validation", "validate",
                                            "test", "testing", "predict", "dev",  "검증", "테스트", "평가",       "validierung",
                                            "validierungs"};

/* Romance languages name the set after the quantity: "pérdida de
 * validación", "perda de validação", "perte de validation", "perdita di
 * validazione", "precisión de entrenamiento". The set's words after "de",
 * "di", "du", "da", "do". */
static const char *const romance_of[] = {"de", "di", "du", "da", "do"};
static const char *const romance_eval_words[] = {"validación", "validacion", "validação", "validacao", "validation",
                                                 "validazione", "prueba", "pruebas", "teste", "test", "évaluation"};
static const char *const romance_train_words[] = {"entrenamiento", "treino", "treinamento", "entraînement",
                                                  "entrainement", "addestramento", "training"};

/* A training set's names: "Train / Val" is a ratio of two losses, not the
 * validation's. */
static const char *const training_sets[] = {"train", "training", "trn"};

/* Words that name an evaluation set rather than a quantity ("test set
 * average loss" is the test loss). Past the generic ones, the names of the
 * sets that toolkits evaluate side by side under one prefix: LibriSpeech's
 * dev_clean, dev_other, test_clean and test_other (ESPnet, NeMo, k2,
 * SpeechBrain), MNLI's validation_matched and validation_mismatched. Only
 * names no loss term is called: a word after an evaluation prefix is a
 * loss term by default ("val_box_loss" is one term of YOLO's loss), and
 * any other name needs the evidence the store looks for (keys.c). */
static const char *const set_words[] = {"set",   "split", "data",    "dataset",
                                        "clean", "other", "matched", "mismatched"};

/* "rev_kl" is MiniLLM's distillation objective, the student's KL to its
 * teacher, no KL to a reference; an "inner" loop's figures are not the
 * run's (MiniLLM's "inner iter" within its "global iter", MAML's
 * inner_loss). */
static const char *const qualifiers[] = {"max",  "min",  "best",    "worst",   "std",  "var",    "non",
                                         "neg",  "delta", "diff",   "inv",     "target", "init", "initial",
                                         "prev", "clip", "warmup",  "ema",     "rev",  "reverse", "inner"};

/* Words that count what follows: "num_epoch: 200" in a configuration's
 * dump is how many epochs the run plans, not the one it is in. */
static const char *const count_words[] = {"num", "n", "nb", "number", "total"};

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

/* A catalog entry that is a measured series (not the step, the epoch, a
 * plan's setting or a key ignored): one a unit, a set's name or a suffix
 * may qualify. */
static bool is_series(const md_catalog *cat, int idx)
{
    return idx >= 0 && md_catalog_series(cat, (size_t)idx)->role == MD_ROLE_SERIES;
}

static bool unit_fits(const md_catalog *cat, int idx, md_unit unit)
{
    md_kind kind = md_catalog_series(cat, (size_t)idx)->kind;
    switch (md_unit_dim(unit)) {
    case MD_DIM_TIME:
        return kind == MD_KIND_TIME;
    case MD_DIM_BYTES:
        return kind == MD_KIND_MEMORY;
    default:
        return true;
    }
}

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
            /* A count has no unit: "steps/s" is a rate, not the step. A
             * unit of time or bytes names a time or a memory: MMEngine's
             * "coco/bbox_mAP_s" is the mAP on small objects. */
            if ((whole || !exact) && is_series(cat, idx) && unit_fits(cat, idx, key_units[i].unit)) {
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

/* An evaluation word, or one with the set's number glued to it: fairseq's
 * --valid-subset valid,valid1 logs "valid1_loss", WSJ recipes dev93 and
 * eval92, COCO val2017. Only digits: "validity" and "device" are no
 * evaluation. */
static bool is_eval_word(const char *w, size_t n)
{
    while (n > 1 && md_is_digit(w[n - 1]))
        n--;
    return word_in(w, n, eval_prefixes, MD_COUNT(eval_prefixes));
}

/* Lightning logs the values of several evaluation dataloaders with the
 * dataloader's index after the name ("val_loss/dataloader_idx_1"), and
 * only in an evaluation loop. Returns the length of the key without that
 * suffix, or n when it has none. */
static size_t without_dataloader_suffix(const char *norm, size_t n)
{
    static const char suffix[] = "_dataloader_idx_";
    size_t k = n;
    while (k > 0 && md_is_digit(norm[k - 1]))
        k--;
    size_t sn = sizeof suffix - 1;
    if (k == n || k <= sn || memcmp(norm + k - sn, suffix, sn) != 0)
        return n;
    return k - sn;
}

static bool has_digit(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (md_is_digit(p[i]))
            return true;
    return false;
}

/* An evaluation set's measure that the catalog names only as the training
 * set's: gradient boosting's "valid_0's l2" and "eval-rmse" beside
 * "training's l2" and "train-rmse". */
static int lookup_training_twin(const md_catalog *cat, const char *p, size_t n, md_unit *unit)
{
    char twin[NORM_MAX + 8];
    if (n + 6 >= sizeof twin)
        return -1;
    memcpy(twin, "train_", 6);
    memcpy(twin + 6, p, n);
    return lookup_with_unit(cat, twin, n + 6, unit, true);
}

/* What a key may name once a "loss" word was dropped from its front: a
 * loss ("Loss/total_loss", TF's object detection API) or the step a loss
 * was taken at (Megatron's "validation loss at iteration 2500"), not
 * what a loss term is named after ("loss_dice" is no Dice score,
 * "loss_kl" no KL, Lightning's "train_loss_epoch" no epoch). */
static bool loss_or_step(const md_catalog *cat, int idx)
{
    const md_series_spec *spec = md_catalog_series(cat, (size_t)idx);
    return spec->kind == MD_KIND_LOSS || spec->role == MD_ROLE_STEP;
}

static int evaluation_series(const md_catalog *cat, int idx);

/* Tries the key, then the key without up to STRIP_WORDS leading words.
 * Exact aliases match the whole key only, except, after an evaluation
 * prefix, when every dropped word holds a digit or is "set": those words
 * name an eval set ("eval_g0_loss", "test_set_loss"), not a different
 * quantity ("eval_kl_loss"); there the training set's name of the rest
 * counts too (lookup_training_twin). */
static int lookup_stripping(const md_catalog *cat, const char *norm, size_t n, md_unit *unit,
                            bool after_eval)
{
    const char *p = norm, *end = norm + n;
    bool ids_only = true, after_loss = false, counted = false, metric_before = false;
    for (int k = 0; k <= STRIP_WORDS && p < end; k++) {
        int idx = lookup_with_unit(cat, p, (size_t)(end - p), unit, k == 0 || (after_eval && ids_only));
        if (idx < 0 && after_eval && ids_only)
            idx = lookup_training_twin(cat, p, (size_t)(end - p), unit);
        if (idx >= 0 && counted && md_catalog_series(cat, (size_t)idx)->role == MD_ROLE_EPOCH)
            return -1;
        /* Lightning names a metric's value per step and per epoch by
         * suffix: "aeloss_step", "train_acc_epoch" are the metric's; so
         * does RLlib a count within one: "episodes_this_iter". */
        if (idx >= 0 && metric_before && md_catalog_series(cat, (size_t)idx)->role != MD_ROLE_SERIES)
            return -1;
        if (idx >= 0)
            return !after_loss || loss_or_step(cat, idx) ? idx : -1;
        const char *us = memchr(p, '_', (size_t)(end - p));
        size_t wn = (size_t)(us ? us - p : 0);
        /* An evaluation's word after words dropped (an average's,
         * "durchschnittlicher_validierungs_loss"): the rest, a measurement,
         * is that evaluation's ("epoch_validation_steps" counts nothing of
         * it). */
        if (us && k > 0 && !after_eval && !after_loss && is_eval_word(p, wn)) {
            int rest = lookup_stripping(cat, us + 1, (size_t)(end - us - 1), unit, true);
            return is_series(cat, rest) ? evaluation_series(cat, rest) : -1;
        }
        if (!us || is_eval_word(p, wn) || word_in(p, wn, qualifiers, MD_COUNT(qualifiers)))
            break;
        ids_only &= has_digit(p, (size_t)(us - p)) || word_in(p, wn, set_words, MD_COUNT(set_words));
        after_loss |= wn == 4 && memcmp(p, "loss", 4) == 0;
        counted |= word_in(p, wn, count_words, MD_COUNT(count_words));
        /* Words after the metric's still name it ("train/loss_simple_step",
         * latent diffusion's), until "at" says a count follows ("loss at
         * iteration"). */
        if (wn == 2 && memcmp(p, "at", 2) == 0)
            metric_before = false;
        else
            metric_before |= (wn >= 4 && memcmp(p + wn - 4, "loss", 4) == 0) ||
                             (wn >= 3 && memcmp(p + wn - 3, "acc", 3) == 0) || (wn == 4 && memcmp(p, "this", 4) == 0);
        p = us + 1;
    }
    return -1;
}

/* Chinese and Japanese write a compound's modifiers before its head and
 * no space between: "在线平均损失" (online average loss) is a loss; Korean
 * does too at times ("검증손실"). The key's last word, without up to
 * IDEOGRAPH_DROP leading characters of three bytes (kana, CJK ideographs,
 * Hangul), is tried as a whole key; where the dropped characters hold an
 * evaluation's word ("验证损失", "検証精度", "整体测试集上的loss"), it is
 * that evaluation's series. */
#define IDEOGRAPH_DROP 8

static const char *const ideographic_eval_words[] = {"验证", "校验", "測試", "测试", "検証", "評価", "评估", "テスト",
                                                     "검증", "평가", "테스트"};

static int lookup_ideographic_head(const md_catalog *cat, const char *norm, size_t n, md_unit *unit)
{
    const char *end = norm + n, *head = end;
    while (head > norm && head[-1] != '_')
        head--;
    bool eval = false;
    const char *p = head;
    for (int k = 0; k < IDEOGRAPH_DROP && end - p > 3; k++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0xE3 || c > 0xED)
            return -1;
        /* The evaluation's word may follow a modifier of its own:
         * "整体测试集上的loss" (the loss on the whole test set). */
        for (size_t i = 0; i < MD_COUNT(ideographic_eval_words); i++) {
            size_t wn = strlen(ideographic_eval_words[i]);
            eval |= (size_t)(end - p) > wn && memcmp(p, ideographic_eval_words[i], wn) == 0;
        }
        p += 3;
        int idx = lookup_with_unit(cat, p, (size_t)(end - p), unit, true);
        if (idx >= 0)
            return eval ? evaluation_series(cat, idx) : idx;
    }
    return -1;
}

/* The evaluation's series of what idx names: val_loss for loss; a step,
 * an epoch or a val_ series as it is; -1 when the catalog has none. */
static int evaluation_series(const md_catalog *cat, int idx)
{
    if (idx < 0)
        return -1;
    const md_series_spec *spec = md_catalog_series(cat, (size_t)idx);
    if (spec->role != MD_ROLE_SERIES || strncmp(spec->name, "val_", 4) == 0)
        return idx;
    char val[NORM_MAX + 8];
    snprintf(val, sizeof val, "val_%s", spec->name);
    return md_catalog_find_series(cat, val);
}

static resolved resolve_name(const md_catalog *cat, const char *norm, size_t n);

/* "perdida_de_validacion" as val_loss, "precision_de_entrenamiento" as
 * accuracy: the quantity before the last "_de_" (or "_di_", ...), the set
 * after it. -1 where the key has no such ending. */
static int lookup_romance_set(const md_catalog *cat, const char *norm, size_t n, md_unit *unit)
{
    const char *end = norm + n, *of = NULL;
    for (const char *p = norm + 1; p + 4 < end; p++)
        if (*p == '_' && p[3] == '_' && word_in(p + 1, 2, romance_of, MD_COUNT(romance_of)))
            of = p;
    if (!of)
        return -1;
    const char *set = of + 4;
    size_t sn = (size_t)(end - set);
    bool eval = word_in(set, sn, romance_eval_words, MD_COUNT(romance_eval_words));
    if (!eval && !word_in(set, sn, romance_train_words, MD_COUNT(romance_train_words)))
        return -1;
    resolved head = resolve_name(cat, norm, (size_t)(of - norm));
    *unit = head.unit;
    return eval ? evaluation_series(cat, head.cat) : head.cat;
}

/* Avalanche's metric names, "Loss_Epoch/train_phase/train_stream/Task000"
 * and "Top1_Acc_Stream/eval_phase/test_stream/Task000": the metric, how
 * much of the run it averages, the phase, the stream and the task. The
 * training's epoch means are the training's series, the evaluation's
 * means over the whole stream the evaluation's; the means over one
 * experience or minibatch, and the task's alone, stay series of their
 * own. */
static resolved resolve_avalanche(const md_catalog *cat, const char *norm, size_t n, resolved r)
{
    static const char train[] = "_epoch_train_phase_", eval[] = "_stream_eval_phase_";
    const char *end = norm + n, *at;
    if ((at = md_memmem(norm, n, train, sizeof train - 1)) != NULL) {
        resolved stem = resolve_name(cat, norm, (size_t)(at - norm));
        return is_series(cat, stem.cat) ? stem : r;
    }
    if ((at = md_memmem(norm, n, eval, sizeof eval - 1)) != NULL && at + sizeof eval - 1 < end) {
        resolved stem = resolve_name(cat, norm, (size_t)(at - norm));
        if (is_series(cat, stem.cat))
            return (resolved){evaluation_series(cat, stem.cat), stem.unit};
    }
    return r;
}

/* XGBoost's documentation names its DMatrix objects dtrain, dtest and
 * dvalid, and its evaluation list after them: "[3]\tdtrain-rmse:316.27
 * dtest-rmse:345.42". Where the set's word follows a 'd', the length of
 * the 'd', else 0. */
static size_t dmatrix_prefix(const char *norm, size_t n)
{
    static const char *const sets[] = {"dtrain", "dtest", "dval", "dvalid", "deval"};
    const char *us = memchr(norm, '_', n);
    return us && norm[0] == 'd' && word_in(norm, (size_t)(us - norm), sets, MD_COUNT(sets)) ? 1 : 0;
}

static resolved resolve_name(const md_catalog *cat, const char *norm, size_t n)
{
    resolved r = {-1, MD_UNIT_NONE};
    r.cat = lookup_with_unit(cat, norm, n, &r.unit, true);
    if (r.cat >= 0)
        return r;
    size_t d = dmatrix_prefix(norm, n);
    if (d)
        return resolve_name(cat, norm + d, n - d);
    size_t base = without_dataloader_suffix(norm, n);
    if (base < n) {
        r = resolve_name(cat, norm, base);
        r.cat = evaluation_series(cat, r.cat);
        return r;
    }
    const char *us = memchr(norm, '_', n);
    if (us && is_eval_word(norm, (size_t)(us - norm))) {
        const char *rest = us + 1;
        r.cat = evaluation_series(cat, lookup_stripping(cat, rest, n - (size_t)(rest - norm), &r.unit, true));
        return r;
    }
    r.cat = lookup_stripping(cat, norm, n, &r.unit, false);
    /* A loss's short name after the training set's (Neural Monkey's
     * "train_xent", "train_cost"): the loss, as "val_xent" is the
     * validation's. Other short names ("train_data", "train_size") name
     * something else, and "train_val" no loss of the training's. */
    if (r.cat < 0 && us && word_in(norm, (size_t)(us - norm), training_sets, MD_COUNT(training_sets))) {
        md_unit unit = MD_UNIT_NONE;
        int loss = lookup_stripping(cat, us + 1, n - (size_t)(us + 1 - norm), &unit, true);
        const md_series_spec *spec = loss >= 0 ? md_catalog_series(cat, (size_t)loss) : NULL;
        if (spec && spec->kind == MD_KIND_LOSS && strncmp(spec->name, "val_", 4) != 0)
            r.cat = loss, r.unit = unit;
    }
    if (r.cat < 0)
        r.cat = lookup_ideographic_head(cat, norm, n, &r.unit);
    if (r.cat < 0)
        r.cat = lookup_romance_set(cat, norm, n, &r.unit);
    /* An evaluation's word after the metric's name (TorchRec's "AUROC
     * (Validation): 0.4999", "acc_val", "f1_test"): the metric's
     * evaluation series. */
    size_t word = n; /* where the last word starts */
    while (word > 0 && norm[word - 1] != '_')
        word--;
    if (r.cat < 0 && word > 1 && is_eval_word(norm + word, n - word) &&
        !word_in(norm, word - 1, training_sets, MD_COUNT(training_sets))) {
        resolved head = resolve_name(cat, norm, word - 1);
        if (is_series(cat, head.cat)) {
            r.cat = evaluation_series(cat, head.cat);
            r.unit = head.unit;
        }
    }
    /* Lightning's value of a metric at each step ("aeloss_step" beside
     * "discloss_step", an autoencoder's): the metric's, where the catalog
     * names it (not "_epoch", the epoch's mean, a series of its own). */
    if (r.cat < 0 && n > 5 && memcmp(norm + n - 5, "_step", 5) == 0) {
        resolved stem = resolve_name(cat, norm, n - 5);
        if (is_series(cat, stem.cat))
            r = stem;
    }
    if (r.cat < 0)
        r = resolve_avalanche(cat, norm, n, r);
    /* rllab's and rlpyt's tables give each diagnostic's average, then its
     * spread ("loss/Average", "loss/Std", "loss/Median"): a loss's average
     * is the loss (a gradient norm's average beside the norm, VERSE's
     * "norm_average", is a smoothing of its own). */
    if (r.cat < 0 && n > 8 && memcmp(norm + n - 8, "_average", 8) == 0) {
        resolved stem = resolve_name(cat, norm, n - 8);
        if (stem.cat >= 0 && md_catalog_series(cat, (size_t)stem.cat)->kind == MD_KIND_LOSS)
            r = stem;
    }
    return r;
}

int md_catalog_resolve(const md_catalog *cat, const char *norm, size_t n, md_unit *unit)
{
    resolved r = resolve_name(cat, norm, n);
    *unit = r.unit;
    return r.cat;
}

int md_catalog_resolve_key(const md_catalog *cat, const char *key, size_t n)
{
    char norm[NORM_MAX];
    md_unit unit;
    size_t len = md_key_normalise(key, n, norm, sizeof norm);
    return len ? md_catalog_resolve(cat, norm, len, &unit) : -1;
}

/* A tracker's object around every metric of a record (verl's
 * metrics.jsonl: {"step": 3, "data": {"val-core/...": ...}}) names no set:
 * the word after it does. */
static const char *const wrappers[] = {"data", "metrics"};

bool md_key_is_eval(const char *norm)
{
    const char *us = strchr(norm, '_');
    if (us && word_in(norm, (size_t)(us - norm), wrappers, MD_COUNT(wrappers))) {
        norm = us + 1;
        us = strchr(norm, '_');
    }
    size_t n = strlen(norm);
    return (us && is_eval_word(norm, (size_t)(us - norm))) || without_dataloader_suffix(norm, n) < n;
}

bool md_key_is_validation(const md_catalog *cat, const char *norm)
{
    if (md_key_is_eval(norm))
        return true;
    md_unit unit;
    int idx = md_catalog_resolve(cat, norm, strlen(norm), &unit);
    return idx >= 0 && strncmp(md_catalog_series(cat, (size_t)idx)->name, "val_", 4) == 0;
}

bool md_key_has_word(const char *norm, const char *word, bool digits)
{
    size_t wn = strlen(word);
    for (const char *p = norm; (p = strstr(p, word)) != NULL; p += wn) {
        const char *q = p + wn;
        while (digits && md_is_digit(*q))
            q++;
        bool start = p == norm || p[-1] == '_';
        bool end = *q == '\0' || *q == '_';
        if (start && end)
            return true;
    }
    return false;
}
