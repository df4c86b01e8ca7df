/* The signal set of one run: series features cached per series, event,
 * log and run features computed from the store's figures. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "signals/signals_int.h"

struct md_sigset {
    const md_store *st;
    size_t nfeat;
    md_value *cache; /* nseries x nfeat */
    bool *done;
};

md_sigset *md_sigset_new(const md_store *st)
{
    md_sigset *sig = md_xcalloc(1, sizeof *sig);
    sig->st = st;
    md_series_features(&sig->nfeat);
    size_t cells = md_store_nseries(st) * sig->nfeat;
    sig->cache = md_xcalloc(cells ? cells : 1, sizeof *sig->cache);
    sig->done = md_xcalloc(cells ? cells : 1, sizeof *sig->done);
    return sig;
}

void md_sigset_free(md_sigset *sig)
{
    if (!sig)
        return;
    free(sig->cache);
    free(sig->done);
    free(sig);
}

const md_store *md_sigset_store(const md_sigset *sig)
{
    return sig->st;
}

md_value md_signal_series(md_sigset *sig, const char *series, int feature)
{
    long i = md_store_find_index(sig->st, series);
    if (i < 0 || feature < 0 || (size_t)feature >= sig->nfeat)
        return md_unknown();
    size_t cell = (size_t)i * sig->nfeat + (size_t)feature;
    if (!sig->done[cell]) {
        size_t n;
        const md_feature *f = md_series_features(&n);
        sig->cache[cell] = f[feature].fn(sig, md_store_series(sig->st, (size_t)i));
        if (sig->cache[cell].known && isnan(sig->cache[cell].v))
            sig->cache[cell] = md_unknown();
        sig->done[cell] = true;
    }
    return sig->cache[cell];
}

static md_value field_feature(const md_event *e, const char *feature)
{
    for (size_t i = 0; i < e->nfields; i++) {
        const md_event_field *f = &e->fields[i];
        size_t n = strlen(f->name);
        if (strncmp(feature, f->name, n) != 0)
            continue;
        const char *rest = feature + n;
        if (*rest && *rest != '_')
            continue;
        if (f->n == 0)
            return md_unknown();
        if (!*rest)
            return md_known(f->last);
        if (strcmp(rest, "_first") == 0)
            return md_known(f->first);
        if (strcmp(rest, "_min") == 0)
            return md_known(f->min);
        if (strcmp(rest, "_max") == 0)
            return md_known(f->max);
    }
    return md_unknown();
}

/* Steps the event's own input logged after its last occurrence: a crash
 * log next to a metrics file of the whole run says nothing about what
 * followed the crash. An event before the input's first step (-1)
 * precedes all of them. Unknown when the input has no steps. */
static md_value steps_after(md_sigset *sig, const md_event *e)
{
    const md_input *in = md_store_input(sig->st, (size_t)e->last_input);
    if (in->last_step_seen < 0)
        return md_unknown();
    double after = (double)in->last_step_seen - (double)e->last_step;
    return md_known(after > 0 ? after : 0);
}

/* Records of metrics its input logged after its last occurrence. */
static double entries_after(md_sigset *sig, const md_event *e)
{
    const md_input *in = md_store_input(sig->st, (size_t)e->last_input);
    return in->records > e->last_records ? (double)(in->records - e->last_records) : 0;
}

md_value md_signal_event(md_sigset *sig, const char *id, const char *feature)
{
    const md_event *e = md_store_find_event(sig->st, id);
    if (strcmp(feature, "count") == 0)
        return md_known(e ? (double)e->count : 0);
    if (!e)
        return md_unknown();
    if (strcmp(feature, "first_step") == 0)
        return e->first_step >= 0 ? md_known((double)e->first_step) : md_unknown();
    if (strcmp(feature, "last_step") == 0)
        return e->last_step >= 0 ? md_known((double)e->last_step) : md_unknown();
    if (strcmp(feature, "first_line") == 0)
        return md_known((double)e->first_line);
    if (strcmp(feature, "last_line") == 0)
        return md_known((double)e->last_line);
    if (strcmp(feature, "steps_after") == 0)
        return steps_after(sig, e);
    if (strcmp(feature, "entries_after") == 0)
        return md_known(entries_after(sig, e));
    if (strcmp(feature, "went_on") == 0) {
        /* Three entries: more than the last lines other ranks print as a
         * job goes down; and where the loss gives the logging interval,
         * two intervals and more: the other ranks' copies of the step
         * already in flight (1740, printed by three ranks after rank 2's
         * OOM at 1730) are no training that went on. */
        md_value steps = steps_after(sig, e);
        const md_series *loss = md_store_find(sig->st, "loss");
        bool interval_known = steps.known && loss && loss->input == e->last_input && !loss->ordinal &&
                              loss->count >= 3 && loss->last_step > loss->first_step;
        double interval = interval_known ? (double)(loss->last_step - loss->first_step) / (double)(loss->count - 1) : 0;
        return md_known((!steps.known || steps.v > 0) && entries_after(sig, e) >= 3 &&
                        (!interval_known || steps.v >= 2 * interval));
    }
    if (strcmp(feature, "earlier_run") == 0) {
        /* Lines compare within one input only: a run directory's console
         * log and its metrics file number their lines apart. */
        const md_series *loss = md_store_find(sig->st, "loss");
        return md_known(loss && loss->runs > 1 && loss->input == e->last_input && e->last_line < loss->first_line);
    }
    if (strcmp(feature, "same_text") == 0)
        return md_known(e->first_text && e->last_text && strcmp(e->first_text, e->last_text) == 0);
    if (strcmp(feature, "tail_lines") == 0) {
        const md_input *in = md_store_input(sig->st, (size_t)e->last_input);
        return md_known(in->lines >= e->last_line ? (double)(in->lines - e->last_line) : 0);
    }
    return field_feature(e, feature);
}

const char *md_signal_event_text(md_sigset *sig, const char *id, bool first)
{
    const md_event *e = md_store_find_event(sig->st, id);
    return e ? (first ? e->first_text : e->last_text) : NULL;
}

/* The median gap from the log2 histogram: the geometric middle of the bin
 * that holds the middle gap. */
static double typical_gap(const md_timeline *t)
{
    uint64_t total = 0, seen = 0;
    for (size_t b = 0; b < MD_COUNT(t->gap_hist); b++)
        total += t->gap_hist[b];
    if (total == 0)
        return NAN;
    for (size_t b = 0; b < MD_COUNT(t->gap_hist); b++) {
        seen += t->gap_hist[b];
        if (seen * 2 >= total)
            return b == 0 ? 0.5 : ldexp(1.5, (int)b - 1);
    }
    return NAN;
}

md_value md_signal_log(md_sigset *sig, const char *feature)
{
    const md_store *st = sig->st;
    double lines = 0, stamps = 0, duration = 0, gap = -1, gap_line = 0, gap_step = -1, gap_step_after = -1;
    double typical = NAN, tail = -1, third_gap = 0;
    double holes = 0, hole_end = 0, hole_line = 0, hole_at_end = 0, growing = 0;
    for (size_t i = 0; i < md_store_ninputs(st); i++) {
        const md_input *in = md_store_input(st, i);
        lines += (double)in->lines;
        holes += (double)in->hole_bytes;
        hole_end += (double)in->hole_end_bytes;
        hole_line = in->hole_line ? (double)in->hole_line : hole_line;
        hole_at_end += in->hole_at_end;
        growing += in->growing;
        if (in->format != MD_FMT_TEXT || in->time.stamps < 2)
            continue;
        stamps += (double)in->time.stamps;
        duration += in->time.last - in->time.first;
        if (!isnan(in->time.last_step_stamp) && in->time.last - in->time.last_step_stamp > tail)
            tail = in->time.last - in->time.last_step_stamp;
        if (in->time.max_gap > gap) {
            gap = in->time.max_gap;
            gap_line = (double)in->time.max_gap_line;
            gap_step = (double)in->time.max_gap_step;
            gap_step_after = (double)in->time.max_gap_step_after;
            typical = typical_gap(&in->time);
            third_gap = in->time.runner_up_gaps[1];
        }
    }
    if (strcmp(feature, "lines") == 0)
        return md_known(lines);
    if (strcmp(feature, "stamps") == 0)
        return md_known(stamps);
    if (strcmp(feature, "hole_bytes") == 0)
        return md_known(holes);
    if (strcmp(feature, "hole_end_bytes") == 0)
        return md_known(hole_end);
    if (strcmp(feature, "hole_line") == 0)
        return hole_line > 0 ? md_known(hole_line) : md_unknown();
    if (strcmp(feature, "hole_at_end") == 0)
        return md_known(hole_at_end > 0);
    if (strcmp(feature, "growing") == 0)
        return md_known(growing > 0);
    if (stamps == 0)
        return md_unknown();
    if (strcmp(feature, "duration_s") == 0)
        return md_known(duration);
    if (strcmp(feature, "max_gap_s") == 0)
        return md_known(gap);
    if (strcmp(feature, "third_gap_s") == 0)
        return md_known(third_gap);
    if (strcmp(feature, "max_gap_line") == 0)
        return md_known(gap_line);
    if (strcmp(feature, "max_gap_step") == 0)
        return gap_step >= 0 ? md_known(gap_step) : md_unknown();
    if (strcmp(feature, "max_gap_step_after") == 0)
        return gap_step_after >= 0 ? md_known(gap_step_after) : md_unknown();
    if (strcmp(feature, "tail_s") == 0)
        return tail >= 0 ? md_known(tail) : md_unknown();
    if (strcmp(feature, "typical_gap_s") == 0)
        return isnan(typical) ? md_unknown() : md_known(typical);
    return md_unknown();
}

/* Metric series holding NaN or Inf: not the loss, not the gradient norm
 * (their own rules), not clocks, rates, memory or counters, whose NaN is a
 * timing placeholder such as "step_avg:nanms". A quantity the catalog
 * names (val_loss, DPO log-probabilities and rewards) counts at its first
 * NaN; another key only when its last three values (or all, when fewer)
 * are NaN, since a NaN among finite values there is a placeholder: a
 * correlation before training (eval_on_start), the mean of a reward
 * function that skipped a batch. So does a score's (accuracy, F1): a
 * share of a set is NaN only when the set was empty (MXNet prints
 * "Epoch[3] Train-Acc=nan" from a metric reset before the epoch's end),
 * and a model gone NaN still scores a number. */
static bool nonfinite_metric(const md_store *st, const md_series *s)
{
    if (strcmp(s->name, "loss") == 0 || s->nan + s->inf == 0)
        return false;
    bool stays = s->trailing_nonfinite >= 3 || s->trailing_nonfinite == s->count;
    bool score = s->kind == MD_KIND_METRIC || s->kind == MD_KIND_FRACTION;
    if (!stays && (score || md_catalog_find_series(md_store_catalog(st), s->name) < 0))
        return false;
    return !(s->kind == MD_KIND_TIME || s->kind == MD_KIND_RATE || s->kind == MD_KIND_MEMORY ||
             s->kind == MD_KIND_COUNT || s->kind == MD_KIND_LR || s->kind == MD_KIND_SCALE ||
             s->kind == MD_KIND_GRAD);
}

/* Of those, one NaN after a finite value: a metric that went NaN, not one
 * that was NaN at every evaluation (which measured an empty set:
 * detectron2's COCO AP of a size bucket or class no object falls in) or
 * only in its first logs (a window before anything was measured). */
static bool nonfinite_metric_once_finite(const md_store *st, const md_series *s)
{
    return s->finite > 0 && s->nan + s->inf > s->leading_nonfinite && nonfinite_metric(st, s);
}

/* How far the training loss fell, as a share of its level, from where the
 * validation loss stopped improving (val_loss.plateau_start_step) to the
 * end: the mean of the loss's segment that holds that step, against its
 * end level. Positive when it fell. */
static md_value loss_fall_since_val_plateau(md_sigset *sig)
{
    const md_series *loss = md_store_find(sig->st, "loss");
    md_value from = md_signal_series(sig, "val_loss", md_series_feature_find("plateau_start_step"));
    md_value end = md_signal_series(sig, "loss", md_series_feature_find("end_level"));
    if (!loss || !from.known || !end.known || loss->ordinal)
        return md_unknown();
    seg segs[MD_TREND_SEGMENTS];
    size_t n = md_segments(loss, MD_TREND_SEGMENTS, segs);
    size_t i = 0;
    while (i < n && (double)segs[i].hi < from.v)
        i++;
    if (i == n || segs[i].mean == 0)
        return md_unknown();
    return md_known((segs[i].mean - end.v) / fabs(segs[i].mean));
}

/* The warm restarts of the learning rate: a bucket whose rate is twice
 * the one before or more, after the rate fell to half its peak (a
 * warm-up's rise is no restart). Restart r lies between from[r] and
 * to[r], the two buckets' ends. */
#define RESTART_MAX 64

static size_t lr_restarts(const md_series *lr, int64_t *from, int64_t *to)
{
    size_t restarts = 0;
    double peak = -INFINITY, prev = NAN;
    int64_t prev_hi = 0;
    for (size_t i = 0; i < lr->nbuckets && restarts < RESTART_MAX; i++) {
        const md_bucket *b = &lr->buckets[i];
        if (b->n == 0)
            continue;
        double m = b->sum / (double)b->n;
        if (prev > 0 && m >= 2 * prev && prev <= 0.5 * peak) {
            from[restarts] = prev_hi;
            to[restarts++] = b->hi_step;
        }
        peak = m > peak ? m : peak;
        prev = m;
        prev_hi = b->hi_step;
    }
    return restarts;
}

/* The share of the loss's spikes that began at a warm restart of the
 * learning rate, or within 2% of the run's steps after it: they rose with
 * the rate. */
static md_value lr_restart_spikes(md_sigset *sig)
{
    const md_series *lr = md_store_find(sig->st, "lr"), *loss = md_store_find(sig->st, "loss");
    if (!lr || !loss || lr->ordinal || loss->ordinal || !loss->nspikes || loss->spike_count > loss->nspikes)
        return md_unknown();
    int64_t from[RESTART_MAX], to[RESTART_MAX];
    size_t restarts = lr_restarts(lr, from, to);
    double margin = 0.02 * (double)(loss->last_step - loss->first_step);
    size_t matched = 0;
    for (size_t k = 0; k < loss->nspikes; k++) {
        double at = (double)loss->spikes[k].step;
        for (size_t r = 0; r < restarts; r++)
            if (at >= (double)from[r] && at <= (double)to[r] + margin) {
                matched++;
                break;
            }
    }
    return md_known((double)matched / (double)loss->nspikes);
}

/* Where the learning rate last restarted (lr_restarts): the step of the
 * bucket before the jump, unknown with no restart. */
static md_value lr_last_restart_step(md_sigset *sig)
{
    const md_series *lr = md_store_find(sig->st, "lr");
    if (!lr || lr->ordinal)
        return md_unknown();
    int64_t from[RESTART_MAX], to[RESTART_MAX];
    size_t restarts = lr_restarts(lr, from, to);
    return restarts ? md_known((double)from[restarts - 1]) : md_unknown();
}

/* How many series pass, or the earliest step at which one of them was NaN
 * or Inf. */
static md_value count_nonfinite(const md_store *st, bool (*pass)(const md_store *, const md_series *),
                                bool first_step)
{
    double n = 0, first = -1;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        if (!pass(st, s))
            continue;
        n++;
        if (first < 0 || (double)s->first_nonfinite_step < first)
            first = (double)s->first_nonfinite_step;
    }
    if (first_step)
        return first >= 0 ? md_known(first) : md_unknown();
    return md_known(n);
}

/* Whether one of the words is a word of the series' name (digits after
 * it allowed: "loss_disc_real_1"). */
static bool named_with_any(const md_series *s, const char *const *words, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (md_key_has_word(s->name, words[i], true))
            return true;
    return false;
}

/* A GAN's discriminator and generator losses (VITS's "avg_loss_disc_real_1",
 * "avg_loss_gen") fight each other by design: one rising is no sign of
 * memorising the training set. */
static bool adversarial(const md_series *s)
{
    static const char *const words[] = {"disc", "discriminator", "gen", "generator", "adv", "adversarial"};
    return named_with_any(s, words, MD_COUNT(words));
}

/* A loss of an evaluation: val_loss, another set's ("valid1_loss",
 * "eval_squad_loss", "dev_other_val_loss") or an evaluation's loss term
 * ("val_box_loss"). */
static bool is_validation_loss(const md_store *st, const md_series *s)
{
    return s->kind == MD_KIND_LOSS && s->finite >= 3 && !adversarial(s) &&
           (strcmp(s->name, "val_loss") == 0 || md_key_is_validation(md_store_catalog(st), s->name));
}

/* A training loss term: a loss other than the total and the evaluations'
 * (spaCy's "LOSS NER", a VAE's "KL_loss", a detector's "loss_cls"). */
static bool training_loss_term(const md_store *st, const md_series *s)
{
    /* The best so far ("best loss: nan" in hyperopt's bar, FLAML's "best
     * lgbm's error") repeats an earlier value: no term of this step's. */
    return s->kind == MD_KIND_LOSS && strcmp(s->name, "loss") != 0 && strncmp(s->name, "best_", 5) != 0 &&
           !md_key_is_validation(md_store_catalog(st), s->name);
}

/* A training loss term holding NaN or Inf: where no total loss is logged,
 * the terms are the loss. */
static bool nonfinite_loss_term(const md_store *st, const md_series *s)
{
    return s->nan + s->inf > 0 && training_loss_term(st, s);
}

static bool finite_loss_term(const md_store *st, const md_series *s)
{
    return s->finite >= 3 && training_loss_term(st, s);
}

/* A recall that fell while the precision of the same name rose (or the
 * reverse; sensitivity and specificity alike): the two trade off at a
 * fixed threshold, and a classifier that stops calling everything
 * positive loses recall as it gains precision. Its partner must have
 * risen by a tenth from its first value. */
static bool traded_off(const md_store *st, const md_series *s)
{
    static const char *const pairs[][2] = {{"recall", "precision"}, {"sensitivity", "specificity"}};
    for (size_t i = 0; i < MD_COUNT(pairs); i++)
        for (int k = 0; k < 2; k++) {
            const char *word = pairs[i][k], *other = pairs[i][1 - k];
            const char *at = strstr(s->name, word);
            size_t n = strlen(word);
            char partner[128];
            if (!at || strlen(s->name) - n + strlen(other) >= sizeof partner)
                continue;
            snprintf(partner, sizeof partner, "%.*s%s%s", (int)(at - s->name), s->name, other, at + n);
            const md_series *p = md_store_find(st, partner);
            if (p && p->finite >= 2 && p->first > 0 && p->last > 1.1 * p->first)
                return true;
        }
    return false;
}

/* A score measured on held-out data: a metric named for an evaluation
 * (val_accuracy, eval_f1, valid_bleu, eval_wer), or one only an evaluation
 * computes (mAP, BLEU, chrF, ROUGE: detection and generation are scored
 * on held-out data; so is an error rate, which needs a decode, unless
 * named for the training set: ESPnet's train cer_ctc). */
static bool is_validation_score(const md_store *st, const md_series *s)
{
    static const char *const evaluation_only[] = {"map", "bleu", "chrf", "rouge", "rougel", "wer",
                                                  "cer", "eer", "fid", "kid"};
    if (s->kind != MD_KIND_METRIC || s->better == MD_BETTER_NONE || traded_off(st, s))
        return false;
    if (md_key_is_validation(md_store_catalog(st), s->name))
        return true;
    if (md_key_has_word(s->name, "train", false) || md_key_has_word(s->name, "training", false))
        return false;
    for (size_t i = 0; i < MD_COUNT(evaluation_only); i++)
        if (md_key_has_word(s->name, evaluation_only[i], true))
            return true;
    return false;
}

/* Of the series that pass, the one whose feature is largest: the store
 * index, or -1. */
static long worst_of(md_sigset *sig, bool (*pass)(const md_store *, const md_series *), const char *feature)
{
    int f = md_series_feature_find(feature);
    long worst = -1;
    double most = -INFINITY;
    for (size_t i = 0; i < md_store_nseries(sig->st); i++) {
        const md_series *s = md_store_series(sig->st, i);
        if (!pass(sig->st, s))
            continue;
        md_value v = md_signal_series(sig, s->name, f);
        if (v.known && v.v > most) {
            most = v.v;
            worst = (long)i;
        }
    }
    return worst;
}

/* The validation loss (of several eval sets or loss terms: val_loss,
 * eval_g1_loss, val_box_loss) that climbed furthest from its best stretch.
 * Returns its store index, or -1. */
static bool is_perplexity(const md_series *s)
{
    return md_key_has_word(s->name, "ppl", false) || md_key_has_word(s->name, "perplexity", false);
}

static bool is_validation_cross_entropy(const md_store *st, const md_series *s)
{
    return is_validation_loss(st, s) && !is_perplexity(s);
}

static bool is_validation_perplexity(const md_store *st, const md_series *s)
{
    return is_validation_loss(st, s) && is_perplexity(s);
}

/* A perplexity is the exponential of a loss the log often prints beside
 * it, and exponentiating magnifies a rise (a loss of 2 up 5% is a
 * perplexity up 10.5%): perplexities count only where no other validation
 * loss is logged. */
static long worst_validation(md_sigset *sig)
{
    long w = worst_of(sig, is_validation_cross_entropy, "rise_from_min");
    return w >= 0 ? w : worst_of(sig, is_validation_perplexity, "rise_from_min");
}

/* The training series the worst validation loss measures on held-out
 * data: val_box_loss's train_box_loss (or box_loss), val_loss's loss.
 * NULL where the log has none; *val is that validation loss. */
static const md_series *worst_val_train(md_sigset *sig, const md_series **val)
{
    long w = worst_validation(sig);
    if (w < 0)
        return NULL;
    *val = md_store_series(sig->st, (size_t)w);
    const char *name = (*val)->name;
    const char *rest = strchr(name, '_');
    if (!md_key_is_eval(name) || !rest)
        return NULL;
    rest++;
    char train[160];
    snprintf(train, sizeof train, "train_%s", rest);
    /* val_loss's is the loss, not a train_loss the log prints beside it. */
    const char *candidates[] = {strcmp(rest, "loss") == 0 ? rest : train, train, rest};
    for (size_t i = 0; i < MD_COUNT(candidates); i++)
        if (md_store_has_points(sig->st, candidates[i]))
            return md_store_find(sig->st, candidates[i]);
    /* Or one the catalog renamed: a VAE's kl_loss is vae_kl, its
     * validation's val_kl_loss is not. */
    for (size_t i = 0; i < md_store_nseries(sig->st); i++) {
        const md_series *s = md_store_series(sig->st, i);
        for (size_t k = 0; k < s->nsources && s->count > 0; k++)
            if (strcmp(s->sources[k], rest) == 0 || strcmp(s->sources[k], train) == 0)
                return s;
    }
    return NULL;
}

/* rel_change of that training series. Unknown where the log has none. */
static md_value worst_val_train_rel_change(md_sigset *sig)
{
    const md_series *val = NULL, *train_s = worst_val_train(sig, &val);
    if (!train_s)
        return md_unknown();
    /* A training loss that ended before the validation loss was at its
     * best is another run's (a notebook's second lgb.train on all the
     * rows): it did not change while this one rose. */
    if (train_s->ordinal == val->ordinal && !train_s->restarts && !val->restarts && train_s->last_step < val->min_step)
        return md_known(0);
    return md_signal_series(sig, train_s->name, md_series_feature_find("rel_change"));
}

/* The mean of a series' points over the steps (to - span, to], or of its
 * last bucket at or before 'to' where none lies there; NAN for none. */
static double mean_before(const md_series *s, int64_t to, double span)
{
    double n = 0, sum = 0, last = NAN;
    for (size_t i = 0; i < s->nbuckets && s->buckets[i].hi_step <= to; i++) {
        const md_bucket *b = &s->buckets[i];
        if (b->n == 0)
            continue;
        last = b->sum / b->n;
        if ((double)b->lo_step > (double)to - span) {
            n += b->n;
            sum += b->sum;
        }
    }
    return n > 0 ? sum / n : last;
}

/* How that training series moved while the validation loss rose: from its
 * mean over the evaluation interval before the validation loss's best
 * stretch to its mean over the interval before the last evaluation,
 * relative. Unknown where the two are not on one axis of steps. */
static md_value worst_val_train_since_best(md_sigset *sig)
{
    const md_series *val = NULL, *train_s = worst_val_train(sig, &val);
    if (!train_s || train_s->ordinal || val->ordinal || train_s->restarts || val->restarts || val->count < 2)
        return md_unknown();
    md_value best = md_signal_series(sig, val->name, md_series_feature_find("min_smooth_step"));
    if (!best.known)
        return md_unknown();
    double span = (double)(val->last_step - val->first_step) / (double)(val->count - 1);
    double from = mean_before(train_s, (int64_t)best.v, span), to = mean_before(train_s, val->last_step, span);
    if (!isfinite(from) || !isfinite(to) || from == 0)
        return md_unknown();
    return md_known((to - from) / fabs(from));
}

/* The first step where a training loss term that was exactly 0 at its
 * first logs (three and more) turned positive: a term a schedule switched
 * on (taming-transformers' discriminator from disc_start, a perceptual
 * term's warm-up). Unknown where no term did. */
static md_value term_on_step(const md_store *st)
{
    double first = INFINITY;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        if (!training_loss_term(st, s) || s->finite < 3 || s->first != 0 || s->min < 0 || s->zeros < 3 ||
            s->first_positive_step <= s->first_step || s->ordinal)
            continue;
        if ((double)s->first_positive_step < first)
            first = (double)s->first_positive_step;
    }
    return isfinite(first) ? md_known(first) : md_unknown();
}

/* Whether the preference rewards are beta times the policy's own
 * log-probabilities (SimPO, CPO, ORPO: no reference model), so negative
 * from the start: the chosen and the rejected reward over their
 * log-probabilities, first and last, one factor to 2% (four printed
 * decimals). Unknown without the four series. */
static md_value reference_free(const md_store *st)
{
    static const char *const pairs[][2] = {{"reward_chosen", "logps_chosen"}, {"reward_rejected", "logps_rejected"}};
    double factor = NAN;
    for (size_t i = 0; i < MD_COUNT(pairs); i++) {
        const md_series *reward = md_store_find(st, pairs[i][0]), *logps = md_store_find(st, pairs[i][1]);
        if (!reward || !logps || reward->finite < 3 || logps->finite < 3)
            return md_unknown();
        const double ratios[] = {reward->first / logps->first, reward->last / logps->last};
        for (size_t k = 0; k < MD_COUNT(ratios); k++) {
            if (!(ratios[k] > 0) || !isfinite(ratios[k]))
                return md_known(0);
            if (isnan(factor))
                factor = ratios[k];
            else if (fabs(ratios[k] - factor) > 0.02 * factor)
                return md_known(0);
        }
    }
    return md_known(1);
}

/* The validation score that got the most worse from its best stretch. */
static long worst_score(md_sigset *sig)
{
    return worst_of(sig, is_validation_score, "worse_from_best");
}

/* Whether another rank's series ("rank3/loss") logs the key the loss was
 * read from: a rank whose loss is under another name (its cross_entropy
 * where the first rank printed no loss) is no copy of it to compare. */
static bool same_key_as_loss(const md_store *st, const md_series *ranked)
{
    const md_series *loss = md_store_find(st, "loss");
    for (size_t i = 0; loss && i < ranked->nsources; i++) {
        const char *slash = strchr(ranked->sources[i], '/');
        for (size_t k = 0; slash && k < loss->nsources; k++)
            if (strcmp(loss->sources[k], slash + 1) == 0)
                return true;
    }
    return false;
}

/* Other ranks' losses ("rankN/loss") against the main loss: the largest
 * relative gap between end levels, or the number of ranks that logged. A
 * rank whose last step is not the main loss's ended elsewhere in the run
 * (an excerpt that cuts the workers' interleaved lines, a rank that
 * stopped first): its end level is no measure of drift. */
static md_value rank_spread(md_sigset *sig, bool spread)
{
    int end = md_series_feature_find("end_level");
    md_value base = md_signal_series(sig, "loss", end);
    const md_series *loss = md_store_find(sig->st, "loss");
    double worst = 0, ranks = 0;
    for (size_t i = 0; i < md_store_nseries(sig->st); i++) {
        const md_series *s = md_store_series(sig->st, i);
        const char *name = s->name;
        size_t n = strlen(name);
        if (strncmp(name, "rank", 4) != 0 || n < 10 || strcmp(name + n - 5, "_loss") != 0 ||
            !same_key_as_loss(sig->st, s))
            continue;
        ranks++;
        if (!loss || s->last_step != loss->last_step)
            continue;
        md_value v = md_signal_series(sig, name, end);
        if (v.known && base.known && base.v != 0 && fabs(v.v / base.v - 1) > worst)
            worst = fabs(v.v / base.v - 1);
    }
    if (!spread)
        return md_known(ranks + (base.known ? 1 : 0));
    return ranks && base.known ? md_known(worst) : md_unknown();
}

/* The training loss term that climbed the most from its best stretch. */
static long worst_term(md_sigset *sig)
{
    return worst_of(sig, finite_loss_term, "rise_from_min");
}

/* The term of a PPO run's pretraining mix (DeepSpeed-Chat's
 * "unsuper_loss", InstructGPT's "ptx_loss"): 0 by design where the run was
 * given no such data, which is the default. */
static bool optional_mix_term(const md_series *s)
{
    static const char *const words[] = {"unsup", "unsuper", "unsupervised", "ptx"};
    return named_with_any(s, words, MD_COUNT(words));
}

/* A detector's L1 box term beside an IoU term that is not 0: boxes are
 * matched, so the L1 term is switched off, as YOLOX's "l1_loss: 0.0" is
 * until its last epochs without augmentation. */
static bool scheduled_l1_term(const md_store *st, const md_series *s)
{
    static const char *const l1[] = {"l1"}, *const iou[] = {"iou", "giou", "ciou", "diou"};
    if (!named_with_any(s, l1, MD_COUNT(l1)))
        return false;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *o = md_store_series(st, i);
        if (o->kind == MD_KIND_LOSS && o->max > 0 && named_with_any(o, iou, MD_COUNT(iou)))
            return true;
    }
    return false;
}

/* A training loss term that is exactly 0 in each of five logs and more
 * (a detector's box loss with no boxes to match), where some other loss
 * is not: nothing reaches it. */
static bool silent_loss_term(const md_store *st, const md_series *s)
{
    if (s->count < 5 || s->zeros != s->count || !training_loss_term(st, s) || optional_mix_term(s) ||
        scheduled_l1_term(st, s))
        return false;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *o = md_store_series(st, i);
        if (o != s && o->kind == MD_KIND_LOSS && o->finite > 0 && (o->max > 0 || o->min < 0))
            return true;
    }
    return false;
}

/* The silent term with the most logs. */
static long zero_term(md_sigset *sig)
{
    return worst_of(sig, silent_loss_term, "count");
}

/* The training loss term with the most NaN or Inf logs. */
static long nonfinite_term(md_sigset *sig)
{
    return worst_of(sig, nonfinite_loss_term, "nonfinite");
}

/* Run features that rank series: "worst_val_rise_z" is the rise_z of the
 * validation loss that climbed the most; "best_step" there is the step of
 * that series' best stretch. */
static const struct ranking {
    const char *prefix, *best_step;
    long (*worst)(md_sigset *);
} rankings[] = {
    {"worst_val_", "min_smooth_step", worst_validation},
    {"worst_score_", "best_smooth_step", worst_score},
    {"worst_term_", "min_smooth_step", worst_term},
    {"zero_term_", "first_step", zero_term},
    {"nonfinite_term_", "first_nonfinite_step", nonfinite_term},
};

/* The worst series a run feature ranks and its feature there; -1 for a
 * feature no ranking has. */
static long ranked_series(md_sigset *sig, const char *feature, const char **series_feature)
{
    for (size_t i = 0; i < MD_COUNT(rankings); i++) {
        size_t n = strlen(rankings[i].prefix);
        if (strncmp(feature, rankings[i].prefix, n) == 0) {
            *series_feature = strcmp(feature + n, "best_step") == 0 ? rankings[i].best_step : feature + n;
            return rankings[i].worst(sig);
        }
    }
    return -1;
}

const char *md_signal_run_series(md_sigset *sig, const char *feature)
{
    const char *f;
    long w = ranked_series(sig, feature, &f);
    return w < 0 ? NULL : md_store_series(sig->st, (size_t)w)->name;
}

md_value md_signal_run(md_sigset *sig, const char *feature)
{
    const md_store *st = sig->st;
    /* Before the ranked features, whose "worst_val_" it starts with. */
    if (strcmp(feature, "worst_val_train_rel_change") == 0)
        return worst_val_train_rel_change(sig);
    if (strcmp(feature, "worst_val_train_since_best") == 0)
        return worst_val_train_since_best(sig);
    const char *ranked_feature = NULL;
    long ranked = ranked_series(sig, feature, &ranked_feature);
    if (ranked_feature) {
        int f = md_series_feature_find(ranked_feature);
        if (ranked < 0 || f < 0)
            return md_unknown();
        return md_signal_series(sig, md_store_series(st, (size_t)ranked)->name, f);
    }
    if (strcmp(feature, "rank_loss_spread") == 0 || strcmp(feature, "ranks") == 0)
        return rank_spread(sig, strcmp(feature, "rank_loss_spread") == 0);
    if (strncmp(feature, "layer_grad", 10) == 0)
        return md_layer_grad_signal(sig, feature);
    if (strcmp(feature, "loss_fall_since_val_plateau") == 0)
        return loss_fall_since_val_plateau(sig);
    if (strcmp(feature, "term_on_step") == 0)
        return term_on_step(st);
    if (strcmp(feature, "lr_restart_spikes") == 0)
        return lr_restart_spikes(sig);
    if (strcmp(feature, "lr_last_restart_step") == 0)
        return lr_last_restart_step(sig);
    if (strcmp(feature, "reference_free") == 0)
        return reference_free(st);
    if (strcmp(feature, "reinforcement") == 0)
        return md_known(md_store_has_points(st, "reward") && !md_store_has_points(st, "reward_margin"));
    if (strcmp(feature, "nonfinite_metrics") == 0)
        return count_nonfinite(st, nonfinite_metric, false);
    if (strcmp(feature, "nonfinite_metrics_step") == 0)
        return count_nonfinite(st, nonfinite_metric, true);
    if (strcmp(feature, "nonfinite_metrics_once_finite") == 0)
        return count_nonfinite(st, nonfinite_metric_once_finite, false);
    if (strcmp(feature, "nonfinite_loss_terms") == 0)
        return count_nonfinite(st, nonfinite_loss_term, false);
    if (strcmp(feature, "nonfinite_loss_terms_step") == 0)
        return count_nonfinite(st, nonfinite_loss_term, true);
    double cut = 0, declared = -1, last = -1, snapshot = 0, by_step = 0, by_epoch = 0, best = -1, epoch_steps = -1,
           epoch_plan = -1;
    bool floor = false;
    for (size_t i = 0; i < md_store_ninputs(st); i++) {
        const md_input *in = md_store_input(st, i);
        epoch_steps = (double)in->steps_per_epoch > epoch_steps ? (double)in->steps_per_epoch : epoch_steps;
        cut += in->cut_short;
        snapshot += in->snapshot;
        best = (double)in->best_checkpoint_step > best ? (double)in->best_checkpoint_step : best;
        by_step += (double)in->step_records;
        by_epoch += (double)in->epoch_records;
        if ((double)in->declared_total > declared) {
            declared = (double)in->declared_total;
            floor = in->declared_floor;
        }
        /* A configuration's plan counts the steps its keys count, where
         * every record of values was placed by one and none went past it
         * (a log of epochs or entries counts in other units). */
        if (in->declared_total < 0 && in->settings_plan > 0 && in->step_records > 0 && in->epoch_records == 0 &&
            in->last_step_seen <= in->settings_plan && (double)in->settings_plan > declared) {
            declared = (double)in->settings_plan;
            floor = false;
        }
        last = (double)in->last_step_seen > last ? (double)in->last_step_seen : last;
        /* Headers counted from 0 end at "Epoch 9/10". */
        if (in->header_epochs > 0) {
            bool done = in->header_last_epoch >= in->header_epochs - (in->header_first_epoch == 0) &&
                        in->points > in->header_points;
            epoch_plan = done || epoch_plan > 0 ? 1 : 0;
        }
    }
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        if (!s->ordinal && s->count && (double)s->last_step > last)
            last = (double)s->last_step;
    }
    if (strcmp(feature, "inputs") == 0)
        return md_known((double)md_store_ninputs(st));
    if (strcmp(feature, "cut_short") == 0)
        return md_known(cut > 0);
    if (strcmp(feature, "snapshot") == 0)
        return md_known(snapshot > 0);
    if (strcmp(feature, "best_checkpoint_step") == 0)
        return best >= 0 ? md_known(best) : md_unknown();
    if (strcmp(feature, "declared_steps") == 0)
        return declared > 0 ? md_known(declared) : md_unknown();
    if (strcmp(feature, "declared_floor") == 0)
        return declared > 0 ? md_known(floor) : md_unknown();
    if (strcmp(feature, "last_step") == 0)
        return last >= 0 ? md_known(last) : md_unknown();
    if (strcmp(feature, "progress") == 0)
        return declared > 0 && last >= 0 ? md_known(last / declared) : md_unknown();
    if (strcmp(feature, "epoch_plan_done") == 0)
        return epoch_plan >= 0 ? md_known(epoch_plan) : md_unknown();
    if (strcmp(feature, "epoch_steps") == 0)
        return md_known(by_epoch > 0 && by_step == 0);
    if (strcmp(feature, "steps_per_epoch") == 0)
        return epoch_steps > 0 ? md_known(epoch_steps) : md_unknown();
    if (strcmp(feature, "series") == 0)
        return md_known((double)md_store_nseries(st));
    if (strcmp(feature, "points") == 0)
        return md_known((double)md_store_total_points(st));
    return md_unknown();
}

md_value md_signal_by_name(md_sigset *sig, const char *name)
{
    const char *dot = strchr(name, '.');
    if (!dot)
        return md_unknown();
    size_t head = (size_t)(dot - name);
    if (head == 5 && strncmp(name, "event", 5) == 0) {
        const char *dot2 = strchr(dot + 1, '.');
        if (!dot2)
            return md_unknown();
        char id[128];
        size_t n = (size_t)(dot2 - dot - 1);
        if (n >= sizeof id)
            return md_unknown();
        memcpy(id, dot + 1, n);
        id[n] = '\0';
        return md_signal_event(sig, id, dot2 + 1);
    }
    if (head == 3 && strncmp(name, "log", 3) == 0)
        return md_signal_log(sig, dot + 1);
    if (head == 3 && strncmp(name, "run", 3) == 0)
        return md_signal_run(sig, dot + 1);
    char series[128];
    if (head >= sizeof series)
        return md_unknown();
    memcpy(series, name, head);
    series[head] = '\0';
    return md_signal_series(sig, series, md_series_feature_find(dot + 1));
}

const char *md_signal_text(md_sigset *sig, const char *name)
{
    if (strcmp(name, "run.layer_grad_min_name") == 0)
        return md_layer_grad_weakest(sig);
    /* "run.worst_val_name": the name of the series a ranking picks. */
    size_t len = strlen(name);
    if (strncmp(name, "run.", 4) == 0 && len > 9 && strcmp(name + len - 5, "_name") == 0)
        return md_signal_run_series(sig, name + 4);
    if (strncmp(name, "event.", 6) != 0)
        return NULL;
    const char *dot = strrchr(name, '.');
    if (dot <= name + 6)
        return NULL;
    char id[128];
    size_t n = (size_t)(dot - name - 6);
    if (n >= sizeof id)
        return NULL;
    memcpy(id, name + 6, n);
    id[n] = '\0';
    if (strcmp(dot + 1, "text") == 0)
        return md_signal_event_text(sig, id, true);
    if (strcmp(dot + 1, "last_text") == 0)
        return md_signal_event_text(sig, id, false);
    return NULL;
}
