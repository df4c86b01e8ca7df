#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store_int.h"

md_store *md_store_new(const md_catalog *cat)
{
    md_store *st = md_xcalloc_alone(sizeof *st);
    st->cat = cat;
    size_t n = md_catalog_nseries(cat);
    st->bound = md_xmalloc((n ? n : 1) * sizeof *st->bound);
    for (size_t i = 0; i < n; i++)
        st->bound[i] = -1;
    st->cur = -1;
    st->current_step = -1;
    st->context_step = -1;
    st->context_epoch = st->context_epochs = -1;
    st->context_by_epoch = false;
    for (size_t i = 0; i < KEY_GUESSES; i++)
        st->guess[i] = -1;
    return st;
}

static void event_fini(md_event *e)
{
    free(e->id);
    free(e->first_text);
    free(e->last_text);
    for (size_t i = 0; i < e->nfields; i++)
        free(e->fields[i].name);
}

void md_store_free(md_store *st)
{
    if (!st)
        return;
    for (size_t i = 0; i < st->nseries; i++)
        series_free(st->series[i]);
    free(st->series);
    md_map_free(&st->by_name);
    free(st->bound);
    for (size_t i = 0; i < st->nevents; i++)
        event_fini(&st->events[i]);
    free(st->events);
    for (size_t i = 0; i < st->ninputs; i++)
        free(st->inputs[i].path);
    free(st->inputs);
    keys_reset(st);
    free(st->keys);
    free(st->kv);
    free(st);
}

static char *copy_text(const char *s)
{
    return s ? md_xstrdup(s) : NULL;
}

md_store *md_store_copy(const md_store *st)
{
    md_store *c = md_store_new(st->cat);
    memcpy(c->bound, st->bound, md_catalog_nseries(st->cat) * sizeof *c->bound);
    for (size_t i = 0; i < st->nseries; i++) {
        md_series *s = series_copy(st->series[i]);
        MD_GROW(c->series, c->nseries, c->capseries);
        md_map_put(&c->by_name, s->name, strlen(s->name), (intptr_t)c->nseries);
        c->series[c->nseries++] = s;
    }
    for (size_t i = 0; i < st->nevents; i++) {
        MD_GROW(c->events, c->nevents, c->capevents);
        md_event *e = &c->events[c->nevents++];
        *e = st->events[i];
        e->id = md_xstrdup(e->id);
        e->first_text = copy_text(e->first_text);
        e->last_text = copy_text(e->last_text);
        for (size_t k = 0; k < e->nfields; k++)
            e->fields[k].name = md_xstrdup(e->fields[k].name);
    }
    for (size_t i = 0; i < st->ninputs; i++) {
        MD_GROW(c->inputs, c->ninputs, c->capinputs);
        c->inputs[c->ninputs] = st->inputs[i];
        c->inputs[c->ninputs++].path = copy_text(st->inputs[i].path);
    }
    /* The keys settle which series takes a canonical name (finish). */
    for (size_t i = 0; i < st->nkeys; i++) {
        MD_GROW(c->keys, c->nkeys, c->capkeys);
        key_info *k = &c->keys[c->nkeys++];
        *k = st->keys[i];
        k->norm = copy_text(k->norm);
        k->raw = copy_text(k->raw);
    }
    c->unread_key = st->unread_key;
    c->cur = st->cur;
    c->current_step = st->current_step;
    c->dropped_series = st->dropped_series;
    c->unread_values = st->unread_values;
    c->total_points = st->total_points;
    return c;
}

/* s, named, as the store's last series. */
static void append_series(md_store *st, md_series *s)
{
    MD_GROW(st->series, st->nseries, st->capseries);
    md_map_put(&st->by_name, s->name, strlen(s->name), (intptr_t)st->nseries);
    st->series[st->nseries++] = s;
}

int store_add_series(md_store *st, const char *name, md_kind kind, md_better better, bool named)
{
    if (st->nseries >= MD_MAX_SERIES) {
        st->dropped_series++;
        return -1;
    }
    size_t maxbuckets = named || st->nseries < MD_FULL_SERIES ? MD_BUCKETS : MD_BUCKETS_FEW;
    append_series(st, series_new(name, kind, better, st->cur, maxbuckets));
    return (int)st->nseries - 1;
}

int md_store_begin_input(md_store *st, const char *path, md_format fmt)
{
    MD_GROW(st->inputs, st->ninputs, st->capinputs);
    st->points_line = 0;
    md_input *in = &st->inputs[st->ninputs];
    memset(in, 0, sizeof *in);
    in->path = md_text_dup(path, strlen(path)); /* shown, never opened */
    in->format = fmt;
    in->declared_total = in->settings_plan = -1;
    in->best_checkpoint_step = -1;
    in->last_step_seen = -1;
    in->first_epoch = in->last_epoch = in->last_count = in->steps_per_epoch = in->epochs_total = -1;
    in->header_epochs = in->header_first_epoch = in->header_last_epoch = -1;
    in->stepped_context_epoch = -1;
    in->alone_epoch = in->count_rounds = in->round_count = -1;
    in->epoch_base = 0;
    in->time.max_gap_step = in->time.max_gap_step_after = -1;
    in->time.last_step_stamp = NAN;
    in->time.back_at = NAN;
    in->progress_first = in->progress_last = NAN;
    st->cur = (int)st->ninputs++;
    /* Spellings resolve per input: one file's "loss" is not another's. */
    keys_reset(st);
    st->context_step = -1;
    st->context_epoch = st->context_epochs = -1;
    st->context_by_epoch = false;
    st->current_step = -1;
    st->nstepless = 0;
    return st->cur;
}

md_input *md_store_input_mut(md_store *st, int input)
{
    return input >= 0 && (size_t)input < st->ninputs ? &st->inputs[input] : NULL;
}

void md_store_record_begin(md_store *st, unsigned long line)
{
    st->nkv = 0;
    st->rec_total = 0;
    st->records++;
    st->rec_line = line;
    st->rec_need_known = false;
    st->rec_keyed_evaluation = false;
}

void md_store_record_need_known(md_store *st)
{
    st->rec_need_known = true;
}

void md_store_record_evaluation(md_store *st)
{
    st->rec_keyed_evaluation = true;
}

/* A key the record already holds: spelt the same, the same key twice;
 * spelt otherwise ("loss" and "Loss" on one line), a key of its own. */
static MD_NOINLINE int key_again(md_store *st, int k, const char *key, size_t keylen)
{
    for (size_t i = 0; i < st->nkv; i++) {
        const key_info *ki = &st->keys[st->kv[i].key];
        if (st->kv[i].key == k && !(ki->rawlen == keylen && memcmp(ki->raw, key, keylen) == 0))
            return keys_split(st, k, key, keylen);
    }
    return k;
}

static inline void append_kv(md_store *st, int k, double value, md_unit unit, unsigned flags, double total)
{
    st->kv[st->nkv++] = (record_kv){k, value, unit, flags, total};
    st->keys[k].record = st->records;
    st->rec_total |= st->keys[k].total;
}

/* A count the record holds already, counted on past, with values after
 * it: records printed without their line breaks (lightly's "epoch: 00,
 * loss: 6.28696 epoch: 01, loss: 6.23867 ..." on one line). */
static bool count_again(const md_store *st, int k, double value)
{
    md_role role = st->keys[k].role;
    if (role != MD_ROLE_STEP && role != MD_ROLE_EPOCH)
        return false;
    size_t i = 0;
    while (i < st->nkv && st->kv[i].key != k)
        i++;
    if (i == st->nkv || !(value > st->kv[i].value))
        return false;
    for (i++; i < st->nkv; i++)
        if (st->keys[st->kv[i].key].role == MD_ROLE_SERIES)
            return true;
    return false;
}

/* Ends the record so far and begins the next on the same line. */
static void split_record(md_store *st)
{
    bool need_known = st->rec_need_known;
    unsigned long line = st->rec_line;
    md_store_record_end(st, NULL);
    md_store_record_begin(st, line);
    st->rec_need_known = need_known;
}

/* record's rare cases: a key the record holds already, a full array. */
static MD_NOINLINE void record_rare(md_store *st, int k, const char *key, size_t keylen, double value,
                                    md_unit unit, unsigned flags, double total)
{
    if (st->keys[k].role == MD_ROLE_SERIES && st->keys[k].record == st->records)
        k = key_again(st, k, key, keylen);
    else if (st->keys[k].record == st->records && count_again(st, k, value))
        split_record(st);
    MD_GROW(st->kv, st->nkv, st->capkv);
    append_kv(st, k, value, unit, flags, total);
}

/* The common case calls nothing, or ends in a call: it saves no
 * registers. */
static inline void record(md_store *st, int k, const char *key, size_t keylen, double value, md_unit unit,
                          unsigned flags, double total)
{
    const key_info *ki = &st->keys[k];
    if (ki->role == MD_ROLE_IGNORE || ki->dropped)
        return;
    if (ki->record == st->records || st->nkv >= st->capkv) {
        record_rare(st, k, key, keylen, value, unit, flags, total);
        return;
    }
    append_kv(st, k, value, unit, flags, total);
}

void md_store_record_kv(md_store *st, const char *key, size_t keylen, double value, md_unit unit,
                        unsigned flags, double total)
{
    if (st->cur >= 0 && keylen)
        record(st, keys_resolve(st, key, keylen, true), key, keylen, value, unit, flags, total);
}

int md_store_key(md_store *st, const char *key, size_t keylen)
{
    if (st->cur < 0 || keylen == 0)
        return -1;
    int k = keys_resolve(st, key, keylen, false);
    return keys_spelled(&st->keys[k], key, keylen) ? k : -1;
}

void md_store_record_key(md_store *st, int k, double value, md_unit unit, unsigned flags, double total)
{
    record(st, k, st->keys[k].raw, st->keys[k].rawlen, value, unit, flags, total);
}

void md_store_context_step(md_store *st, int64_t step)
{
    /* The number of the record that sets it (the header's own line). */
    st->context_record = st->cur >= 0 ? st->inputs[st->cur].records + 1 : 0;
    st->context_step = step;
    st->context_by_epoch = false;
}

/* A plan of steps ("step 5/100", a training bar's total): the longest
 * stands, unless the steps count within epochs, whose plan the epochs
 * make (epoch_step). */
static void plan_steps(md_input *in, int64_t steps)
{
    if (steps > in->declared_total && !in->per_epoch)
        in->declared_total = steps;
}

void md_store_context_epoch(md_store *st, int64_t epoch, int64_t epochs)
{
    st->context_epoch = epoch;
    st->context_epochs = epochs;
    st->context_by_epoch = true; /* the header set its step just before */
    if (st->cur < 0 || epoch < 0 || epochs <= 0)
        return;
    md_input *in = &st->inputs[st->cur];
    if (in->header_first_epoch < 0)
        in->header_first_epoch = epoch;
    in->header_last_epoch = epoch;
    if (epochs > in->header_epochs)
        in->header_epochs = epochs;
    in->header_points = in->points;
}

void md_store_planned_steps(md_store *st, int64_t steps)
{
    plan_steps(&st->inputs[st->cur], steps);
}

/* The unit of a value that has one, beside the one its key names. A multiple's
 * letter on a key that names binary bytes is that unit's (detectron2's
 * "max_mem: 2433M" is MiB, as the key says; the letter alone would be
 * millions of bytes). So is a decimal unit where the key's alias names the
 * binary one: DeepSpeed's "MemAllocated=5.53GB" divides by 1024**3. */
static md_unit value_unit(md_unit own, md_unit key)
{
    md_unit binary = own == MD_UNIT_KILO   ? MD_UNIT_KIB
                     : own == MD_UNIT_MEGA ? MD_UNIT_MIB
                     : own == MD_UNIT_GIGA ? MD_UNIT_GIB
                     : own == MD_UNIT_TERA ? MD_UNIT_TIB
                                           : MD_UNIT_NONE;
    if (binary != MD_UNIT_NONE && md_unit_dim(key) == MD_DIM_BYTES)
        return binary;
    md_unit written_for = own == MD_UNIT_KB   ? MD_UNIT_KIB
                          : own == MD_UNIT_MB ? MD_UNIT_MIB
                          : own == MD_UNIT_GB ? MD_UNIT_GIB
                          : own == MD_UNIT_TB ? MD_UNIT_TIB
                                              : MD_UNIT_NONE;
    return written_for != MD_UNIT_NONE && written_for == key ? key : own;
}

static double convert(md_kind kind, double v, md_unit unit)
{
    if (unit == MD_UNIT_NONE)
        return v; /* most points: no call to look the unit up */
    switch (md_unit_dim(unit)) {
    case MD_DIM_PERCENT:
        /* A loss is no share: "Loss: 2.303%" is a print's slip. */
        return kind == MD_KIND_LOSS ? v : v / 100;
    case MD_DIM_TIME:
        if (kind == MD_KIND_RATE)
            return unit == MD_UNIT_S_PER_IT && v != 0 ? 1 / v : v;
        return kind == MD_KIND_TIME ? v * md_unit_factor(unit) : v;
    case MD_DIM_BYTES:
        return kind == MD_KIND_MEMORY ? v * md_unit_factor(unit) / (1024.0 * 1024 * 1024) : v;
    case MD_DIM_RATE:
        return kind == MD_KIND_TIME && v != 0 ? 1 / v : v;
    case MD_DIM_SCALE:
        /* A memory series' "2.1G" counts bytes; any other's "1.2M" a number. */
        return kind == MD_KIND_MEMORY ? v * md_unit_factor(unit) / (1024.0 * 1024 * 1024)
                                      : v * md_unit_factor(unit);
    case MD_DIM_NONE:
        break;
    }
    return v;
}

/* A value in its series' unit. A multiple's letter on a key that names
 * another unit multiplies that unit: nanotron's
 * "elapsed_time_per_iteration_ms: 4.71K" is 4710 ms. */
static double value_of(md_kind kind, double v, md_unit own, md_unit key)
{
    if (own == MD_UNIT_NONE)
        return convert(kind, v, key);
    if (key != MD_UNIT_NONE && md_unit_dim(own) == MD_DIM_SCALE && md_unit_dim(key) != MD_DIM_BYTES)
        return convert(kind, v * md_unit_factor(own), key);
    return convert(kind, v, value_unit(own, key));
}

/* The kind of the catalog series a key names; MD_KIND_OTHER for a key no
 * alias names. */
static md_kind key_kind(const md_store *st, const key_info *ki)
{
    return ki->cat >= 0 ? md_catalog_series(st->cat, (size_t)ki->cat)->kind : MD_KIND_OTHER;
}

static bool timed_value(md_unit unit)
{
    md_dim d = md_unit_dim(unit);
    return d == MD_DIM_TIME || d == MD_DIM_RATE;
}

/* A span of 1e9 s is 32 years: a time series' value that large is a
 * clock's reading, the Unix time a record was written ("time":
 * 1754068201.3), no duration. */
static bool clock_reading(const md_store *st, const key_info *ki, const record_kv *kv)
{
    return kv->value >= 1e9 && key_kind(st, ki) == MD_KIND_TIME;
}

/* A whole number in [0, 9e15): below 2^53, so truncating it to an integer
 * and back is exact exactly when it is whole (as v == floor(v), without
 * the rounding floor costs where the machine has no instruction for it). */
static bool usable_step(double v)
{
    return v >= 0 && v < 9e15 && v == (double)(int64_t)v;
}

/* A count with its total beside an epoch with its total ("epoch: 296/300,
 * iter: 20/47") counts within the epoch when, read as the run's count, it
 * would place the line more than two epochs away from where the epoch
 * does: 20 of 47 is 43% of the run, epoch 296 of 300 is 99%. A count of
 * the whole run ("epoch 3/10, step 2500/10000") agrees with its epoch. */
static bool count_disagrees_with_epoch(int64_t count, int64_t total, int64_t epoch, int64_t epochs)
{
    if (total <= 0 || epochs < 3 || count > total)
        return false;
    return fabs((double)count / (double)total - (double)epoch / (double)epochs) > 2.0 / (double)epochs;
}

/* A step counted within its epoch: the count restarts (or stays at the
 * epoch's last batch, where each epoch logs only that) while the epoch
 * grows, or the line says so (a flag
 * or its totals). From then on, the step is the epochs before it times
 * the steps per epoch (the count's total, or the largest count seen) plus
 * the count. Known from the first line, the epochs count from 0 or 1 (1
 * when the log starts past epoch 0), so the tail of a run, or a resumed
 * run's log, stands at the run's own steps; learnt at a restart, they
 * count from the log's first epoch, where its first points already stand. */
static int64_t epoch_step(md_input *in, int64_t count, int64_t total, int64_t epoch, int64_t epochs, bool in_epoch,
                          bool from_zero)
{
    bool first = in->first_epoch < 0;
    if (first)
        in->first_epoch = in->last_epoch = epoch;
    /* An excerpt whose first line is the next-to-last batch of the
     * next-to-last epoch, "[24/25][937/938]", is the run's last batch
     * counted from 0 (PyTorch's examples print "[%d/%d][%d/%d]" % (epoch,
     * num_epochs, i, len(dataloader))): counted from 1, it would be the
     * one line of the run that is neither an epoch's end nor the run's. */
    if (first && total > 1 && count == total - 1 && epochs > 1 && epoch == epochs - 1)
        from_zero = true;
    if (!in->per_epoch) {
        if (total > 0 && (in_epoch || count_disagrees_with_epoch(count, total, epoch, epochs))) {
            in->per_epoch = true;
            in->epoch_base = first ? (epoch > 0 && !from_zero) : in->first_epoch;
        } else if (epoch > in->last_epoch && (count < in->last_count || (count == in->last_count && !in->count_moved))) {
            /* A count that moved within the epoch and carries the same
             * value over into the next counts the run ("Epoch: 54 ...
             * Step: 424k" then "Epoch: 55 ... Step: 424k"). */
            in->per_epoch = true;
            in->epoch_base = in->first_epoch;
        }
    }
    if (!first)
        in->count_moved = epoch == in->last_epoch ? in->count_moved || count != in->last_count : false;
    if (total > in->steps_per_epoch)
        in->steps_per_epoch = total;
    /* "Epoch 0, Batch 300" then "Epoch 1, Batch 0": the epoch held 301
     * batches at least, or epoch 1's first would stand on epoch 0's last.
     * A count out of a total is a bar's, from 0 to the total. */
    if (count == 0)
        in->counts_from_zero = true;
    if (count > in->max_count)
        in->max_count = count;
    if (total <= 0 && in->max_count + in->counts_from_zero > in->steps_per_epoch)
        in->steps_per_epoch = in->max_count + in->counts_from_zero;
    else if (count > in->steps_per_epoch)
        in->steps_per_epoch = count;
    if (epochs > in->epochs_total)
        in->epochs_total = epochs;
    in->last_epoch = epoch;
    in->last_count = count;
    if (!in->per_epoch)
        return count;
    /* Without the epochs planned, the run planned at least to finish the
     * epoch it is in, whose length the count's total gives: a log that
     * stops at 73 of its epoch's 704 batches stopped short. */
    in->declared_total = in->epochs_total > 0 ? in->epochs_total * in->steps_per_epoch
                         : total > 0          ? (epoch - in->epoch_base + 1) * in->steps_per_epoch
                                              : -1;
    in->declared_floor = in->epochs_total <= 0 && total > 0;
    return (epoch - in->epoch_base) * in->steps_per_epoch + count;
}

/* A step the run counts beside its epoch (Lightning's "Epoch 1, global
 * step 782: 'val_loss' reached ..." between bars that count within the
 * epoch): the epoch is noted, the step stands as written. */
static int64_t global_step(md_input *in, int64_t step, int64_t epoch)
{
    if (in->first_epoch < 0)
        in->first_epoch = epoch;
    in->last_epoch = epoch;
    return step;
}

/* A value of an evaluation's ("Test: [ 50/196]  Loss 1.25 ...  Acc@1
 * 71.9 ..."). */
static bool evaluation_key(const md_store *st, const key_info *ki)
{
    return ki->norm && md_key_is_validation(st->cat, ki->norm);
}

/* A rate or a timing: TF Estimator's "global_step/sec: 61.4" between its
 * "loss = ..., step = N" lines, the rate since the step before. */
static bool timing_key(const md_store *st, const key_info *ki)
{
    md_kind kind = key_kind(st, ki);
    return kind == MD_KIND_RATE || kind == MD_KIND_TIME;
}

/* A loss or a score is measured, never configured: its few points before
 * the first step are the run's own (a pasted Keras log's first line, above
 * its first "Epoch 34/400"), and move to that step as an evaluation's do. */
static bool measured_kind(md_kind kind)
{
    return kind == MD_KIND_LOSS || kind == MD_KIND_METRIC;
}

/* A key that names the training set: "train_loss", "training/acc". */
static bool training_key(const key_info *ki)
{
    const char *n = ki->norm;
    return n && strncmp(n, "train", 5) == 0 && (n[5] == '_' || strncmp(n + 5, "ing_", 4) == 0);
}

/* What an evaluation measures: a loss, a score, a share, or a key the
 * catalog does not know (detection's bbox_mAP). */
static bool evaluated_kind(md_kind kind)
{
    return measured_kind(kind) || kind == MD_KIND_FRACTION || kind == MD_KIND_OTHER;
}

/* A value written with a unit of time or of speed ("Cost: 30.35s") is no
 * loss, score, rate of learning or gradient, whatever its key's name says:
 * the key names something else in this log. */
static bool untimed_key(const md_store *st, const key_info *ki)
{
    md_kind kind = key_kind(st, ki);
    return kind == MD_KIND_LOSS || kind == MD_KIND_METRIC || kind == MD_KIND_LR || kind == MD_KIND_GRAD ||
           kind == MD_KIND_FRACTION || kind == MD_KIND_SCALE;
}

static bool is_canonical(const md_store *st, const key_info *ki, const char *name)
{
    return ki->cat >= 0 && strcmp(md_catalog_series(st->cat, (size_t)ki->cat)->name, name) == 0;
}

/* A reward: an RL trainer may print its step's mean reward on a line of
 * its own after the step's losses (DeepSpeed-Chat's "Average reward
 * score: 1.53 | EMA reward score: 1.21"). */
static bool reward_key(const md_store *st, const key_info *ki)
{
    if (ki->cat >= 0)
        return is_canonical(st, ki, "reward");
    return ki->norm && md_key_has_word(ki->norm, "reward", false);
}

/* The step the run has reached when every value of the record is of a key
 * with the flag; -1 otherwise. An epoch on such a record placed nothing
 * (record_step): it is the run's progress written as a fraction
 * ("eval_loss: 2.1, ..., epoch: 0.5", PaddleNLP's evaluation), not a value
 * of the record. */
static MD_NOINLINE int64_t step_reached_if_all(const md_store *st, const md_input *in, unsigned flag)
{
    if (in->last_step_seen < 0 || st->nkv == 0)
        return -1;
    bool any = false;
    for (size_t i = 0; i < st->nkv; i++) {
        const key_info *ki = &st->keys[st->kv[i].key];
        if (ki->role == MD_ROLE_EPOCH)
            continue;
        if (ki->role != MD_ROLE_SERIES || !(ki->total & flag))
            return -1;
        any = true;
    }
    return any ? in->last_step_seen : -1;
}

/* W&B's _step counts wandb.log() calls, a count in front of a line may
 * number the line, an RL trainer counts the environment's steps beside its
 * iterations: a trainer's own step key on the record is the step. A step
 * written with an exponent is rounded (NeMo's bar shows "global_step=
 * 3.2e+4" beside its exact count, 32040). */
static bool step_gives_way(const md_store *st, const record_kv *kv)
{
    return (st->keys[kv->key].total & (KEY_WANDB_STEP | KEY_ENV_STEPS)) || (kv->flags & MD_KV_LEADING_COUNT) ||
           (!(kv->flags & MD_KV_INTEGRAL) && MD_KV_DECIMALS_OF(kv->flags) < 0 && kv->value >= 1000);
}

/* Where the records carry both a step and an epoch, one with a step alone
 * that equals the epoch reached, below the step reached, is an evaluation
 * keyed by its epoch: MMEngine's scalars.json writes {"coco/bbox_mAP":
 * 0.038, "time": 0.45, "step": 5} after epoch 5's iteration 105. */
static bool epoch_as_step(const md_input *in, int64_t step)
{
    return in->first_epoch >= 0 && step == in->last_epoch && step < in->last_step_seen;
}

/* Where the training records carry two counts (MMEngine's iteration-based
 * loop: "iter": 1000, "step": 1000), one with a single count, at the step
 * reached, is an evaluation keyed by it: {"accuracy/top1": 71.3, "time":
 * 0.1, "step": 1000}. */
static bool count_alone(const md_input *in, int64_t step, unsigned counts)
{
    return counts == 1 && in->paired_step_records >= 2 && step == in->last_step_seen;
}

/* Whether a key of the record has the role: MD_ROLE_SERIES, the record
 * holds a value, not only counts; MD_ROLE_STEP, it names its step itself
 * (not a header's, not the step reached); MD_ROLE_EPOCH, it gives its
 * epoch. Out of line: only some records ask, and the record loop runs for
 * every line of every log. */
static MD_NOINLINE bool record_has_role(const md_store *st, md_role role)
{
    for (size_t i = 0; i < st->nkv; i++)
        if (st->keys[st->kv[i].key].role == role)
            return true;
    return false;
}

/* The counts of an input's records started over under a new epoch
 * header: they count within the epoch, and those before it counted the
 * header's epoch before. With no total, an epoch holds at least the
 * largest count seen plus one (counts from 0: Keras' guide prints "at
 * step 0" to "at step 800"). */
static void count_within_epochs(md_input *in)
{
    in->counts_in_epoch = true;
    in->first_epoch = in->last_epoch = in->stepped_context_epoch;
    in->last_count = in->last_step_seen;
    in->steps_per_epoch = in->last_step_seen + 1;
    in->per_epoch = true;
    in->epoch_base = in->stepped_context_epoch;
}

/* A count that starts over right after lines that gave a greater epoch
 * alone counts within the epoch: PccAI's "Training at epoch 9 (total 9)
 * with lr 0.0008" heads its epoch's counts, its "Epoch: 8/8 --- time:
 * 1375.5, avg_loss: 0.09" sums up the epoch before (an excerpt may open
 * between the two: two epochs, one line each). A relaunched job's log
 * prints epochs between its counts (they count the run's steps), or its
 * counts go on past the epoch's line. Returns the epoch the record's count
 * belongs to, counted from 0 where the log's first counts stand, or -1
 * while the counts are the run's. */
static int64_t count_round(const md_store *st, md_input *in, int64_t count)
{
    if (in->round_count < 0 || count < in->round_count) {
        if (!record_has_role(st, MD_ROLE_SERIES))
            return in->count_rounds;
        bool by_epoch = in->round_count >= 0 && in->epoch_rises_after_count > 0 &&
                        in->epoch_rises_after_count <= 2 && in->epoch_rises == in->epoch_rises_after_count;
        in->epoch_rises = 0;
        if (by_epoch && in->count_rounds < 0) {
            in->first_epoch = in->last_epoch = in->epoch_base = 0;
            in->last_count = in->round_count;
            in->steps_per_epoch = in->round_count + 1;
            in->per_epoch = true;
            in->count_rounds = 0;
        }
        if (by_epoch)
            in->count_rounds++;
    }
    in->epoch_rises_after_count = 0;
    in->round_count = count;
    return in->count_rounds;
}

/* A record of the epoch alone (count_round). */
static void note_alone_epoch(md_input *in, int64_t epoch)
{
    if (epoch > in->alone_epoch) {
        in->alone_epoch = epoch;
        in->epoch_rises++;
        in->epoch_rises_after_count++;
    }
}

/* A bit no kv flag uses: the step's key names it global (KEY_GLOBAL_STEP). */
#define STEP_GLOBAL (1u << 31)

/* The record's step: a step key wins, then an epoch written as an integer
 * ("Epoch 3/10"; HF's fractional 'epoch': 0.38 is progress, not a step),
 * then the step an earlier line set, then the step an evaluation's line
 * stands at. -1 when none. Of two step keys the first wins, but one that
 * gives way (step_gives_way) loses to the other, whatever their order. */
static int64_t record_step(md_store *st, bool *had_step, bool *by_key, bool *by_epoch, bool *evaluation)
{
    int64_t step = -1, epoch = -1, total = -1, epochs = -1, plan = -1;
    bool gives_way = false;
    unsigned step_flags = 0; /* the step's kv's flags, and KEY_GLOBAL_STEP's bit of its key's */
    unsigned counts = 0;     /* step keys on the record */
    md_input *in = &st->inputs[st->cur];
    /* An evaluation's record, so named by a field, that gives its epoch
     * beside a count: MMDetection 2's {"mode": "val", "epoch": 1, "iter":
     * 500, ...}, whose iter is the validation loader's length, no step of
     * training. It stands at the step its epoch reached. */
    bool eval_count = st->rec_keyed_evaluation && record_has_role(st, MD_ROLE_EPOCH);
    for (size_t i = 0; i < st->nkv; i++) {
        const record_kv *kv = &st->kv[i];
        md_role role = st->keys[kv->key].role;
        if (role == MD_ROLE_STEP && eval_count)
            continue;
        counts += role == MD_ROLE_STEP;
        if (role == MD_ROLE_STEP && (step < 0 || (gives_way && !step_gives_way(st, kv)))) {
            /* LeRobot's "step:2K": a count in thousands, rounded. */
            double at = md_unit_dim(kv->unit) == MD_DIM_SCALE ? kv->value * md_unit_factor(kv->unit) : kv->value;
            if (!usable_step(at)) {
                /* fairseq's "update": 1.842 is progress in epochs,
                 * "num_updates" the step: a key that held a fraction is
                 * no step from then on, not even at "update": 2.0. */
                if (kv->value > 0 && kv->value < 9e15)
                    st->keys[kv->key].role = MD_ROLE_IGNORE;
                continue;
            }
            step = (int64_t)at;
            gives_way = step_gives_way(st, kv);
            step_flags = kv->flags | (st->keys[kv->key].total & KEY_GLOBAL_STEP ? STEP_GLOBAL : 0);
            total = -1;
            if ((kv->flags & MD_KV_TOTAL) && usable_step(kv->total))
                total = (int64_t)kv->total;
        } else if (role == MD_ROLE_PLAN && usable_step(kv->value)) {
            plan = (int64_t)kv->value;
        } else if (role == MD_ROLE_EPOCH && !(kv->flags & MD_KV_INTEGRAL)) {
            /* HF's "epoch": 0.2, ..., then "1" where the values are
             * printed as strings ('epoch': '1'): a key that held a
             * fraction beside values says progress in epochs, its whole
             * values too. A note's "epoch 19,20 collapsed" alone says
             * nothing of the key. */
            if (!st->keys[kv->key].progress && record_has_role(st, MD_ROLE_SERIES))
                st->keys[kv->key].progress = true;
        } else if (role == MD_ROLE_EPOCH && epoch < 0 && !st->keys[kv->key].progress && usable_step(kv->value)) {
            epoch = (int64_t)kv->value;
            if ((kv->flags & MD_KV_TOTAL) && usable_step(kv->total))
                epochs = (int64_t)kv->total;
        }
    }
    if (plan > 0 && step >= 0 && total < 0)
        total = plan;
    /* A plan on a line without a step, a configuration's ("max_iter:
     * 10000" in Caffe's solver, fairseq's 'max_update': 400000), is the
     * run's length only where steps come in its units (sigset). */
    if (plan > 0 && step < 0 && plan > in->settings_plan)
        in->settings_plan = plan;
    *had_step = step >= 0 || epoch >= 0;
    /* A count under an epoch header ("Training epoch: 3", then
     * "Batch(100/1879) done. Loss: ..."; paddle's "Epoch 2/10", then "step
     * 10/614 - loss: ...") is placed as if the line gave the epoch too:
     * epoch_step tells a count within the epoch from the run's. A line of
     * counts alone (Coqui's "--> STEP: 23/36 -- GLOBAL_STEP: 1006000") is a
     * header of its own. */
    bool in_epoch = step_flags & MD_KV_IN_EPOCH;
    if (st->context_epoch >= 0 && step >= 0 && epoch < 0 && !(step_flags & STEP_GLOBAL)) {
        bool restarted = total < 0 && !in_epoch && !in->counts_in_epoch && in->stepped_context_epoch >= 0 &&
                         st->context_epoch > in->stepped_context_epoch && step <= in->last_step_seen;
        if ((restarted || in_epoch || total > 0 || in->counts_in_epoch) && record_has_role(st, MD_ROLE_SERIES)) {
            if (restarted)
                count_within_epochs(in);
            epoch = st->context_epoch;
            epochs = st->context_epochs;
        }
    }
    if (step >= 0 && epoch < 0 && !(step_flags & STEP_GLOBAL))
        epoch = count_round(st, in, step);
    if (step >= 0 && epoch >= 0)
        step = step_flags & STEP_GLOBAL ? global_step(in, step, epoch)
                                        : epoch_step(in, step, total, epoch, epochs, in_epoch, step_flags & MD_KV_EPOCH_FROM_0);
    else if (step >= 0 && (epoch_as_step(in, step) || count_alone(in, step, counts))) {
        *evaluation = true;
        st->rec_keyed_evaluation = true;
        step = in->last_step_seen;
    }
    in->paired_step_records += counts >= 2;
    if (step >= 0) {
        plan_steps(in, total);
        in->last_stepped_record = in->records + 1; /* this record's number */
    }
    *by_key = step >= 0;
    if (step >= 0)
        return step;
    if (epoch >= 0)
        note_alone_epoch(in, epoch);
    /* Where steps come with their epoch, a line with the epoch alone (its
     * evaluation) stands at the step the run has reached; its time is the
     * epoch's or the evaluation's, no step's (word_language_model's "| end
     * of epoch 1 | time: 36.93s | valid loss 5.53", after "ms/batch 12.12"
     * on its steps' lines). */
    if (epoch >= 0 && in->first_epoch >= 0 && in->last_step_seen >= 0) {
        *evaluation = true;
        return in->last_step_seen;
    }
    *by_epoch = epoch >= 0;
    if (epoch >= 0)
        return epoch;
    /* A header's step ("Step 100" over its values), but for an evaluation's
     * values once lines under the header carried steps of their own: they
     * stand at the step reached ("Epoch 1/10" over paddle's "step 10/614 -
     * loss: ..." lines, then its evaluation's); so do rewards alone
     * (DeepSpeed-Chat's "average reward score: nan" under its "epoch:
     * 0|step: 3721|..." after "Grad overflow on iteration 1860", the
     * optimizer's own count). */
    if (st->context_step >= 0 && in->last_stepped_record > st->context_record) {
        int64_t reached = step_reached_if_all(st, in, KEY_EVALUATION);
        if (reached < 0)
            reached = step_reached_if_all(st, in, KEY_REWARD);
        if (reached >= 0)
            return reached;
    }
    /* The header of the epoch just counted, after its lines ("Test on
     * Epoch 1" over CSRA's "mAP: 0.8607", after "Epoch 1[4816/5011]:
     * ..."): where the steps count within epochs, its values stand at the
     * step the epoch reached, not at the epoch's number. */
    if (st->context_step >= 0 && st->context_by_epoch && in->first_epoch >= 0 &&
        in->last_epoch == st->context_epoch && in->last_step_seen > st->context_step)
        return in->last_step_seen;
    /* So does an evaluation's block under its epoch's header ("Validation
     * epoch: 2" over "loss: 1.42"), where lines of steps of their own
     * ("iter 100 loss 1.56") already went past the epoch's number. */
    if (st->context_step >= 0 && st->context_by_epoch && in->step_records > 0 &&
        in->last_step_seen > st->context_step) {
        int64_t reached = step_reached_if_all(st, in, KEY_EVALUATION);
        if (reached >= 0)
            return reached;
    }
    /* A step's header that lines with later steps of their own went past
     * places nothing after them ("Grad overflow on iteration 18" between
     * DeepSpeed's "step=18, ..." and "step=19, ..." lines, each followed by
     * an HF dict without a step): those records stand at the step reached
     * (record_end), not at 18 for the rest of the run. */
    bool header_passed = !st->context_by_epoch && in->last_stepped_record > st->context_record &&
                         in->last_step_seen > st->context_step;
    if (st->context_step >= 0 && !header_passed) {
        /* An epoch's header places its lines by the epoch (Keras' "Epoch
         * 2/40" over the epoch's last bar). */
        *by_key = !st->context_by_epoch;
        *by_epoch = st->context_by_epoch;
        return st->context_step;
    }
    /* So does a record of an evaluation's values alone, one of rates and
     * timings alone, and one of rewards alone: a log whose training lines
     * carry steps prints them between two of those lines. */
    int64_t at = step_reached_if_all(st, in, KEY_EVALUATION);
    if (at < 0)
        at = step_reached_if_all(st, in, KEY_TIMING);
    return at >= 0 ? at : step_reached_if_all(st, in, KEY_REWARD);
}

/* A figure of an evaluation keyed by its epoch or iteration is the
 * validation set's, whatever its key says: MMEngine's {"accuracy/top1":
 * 70.96, "step": 2} is the top-1 accuracy on the validation set after
 * epoch 2, which training's records never hold. Its timings are left out
 * (record_end). Its learning rate and memory, and the training set's
 * figures an epoch's summary carries beside the evaluation's ("phase":
 * "val" over "train_loss" and "val_loss"), stay the training's. */
static MD_NOINLINE int evaluation_figure(md_store *st, int k)
{
    const key_info *ki = &st->keys[k];
    if (ki->role != MD_ROLE_SERIES || (ki->total & (KEY_EVALUATION | KEY_TIMING)) || evaluation_key(st, ki) ||
        !evaluated_kind(key_kind(st, ki)) || training_key(ki))
        return k;
    return keys_evaluation_twin(st, k);
}

static bool is_setting(const md_store *st, const key_info *ki)
{
    return ki->role == MD_ROLE_SERIES && key_kind(st, ki) == MD_KIND_SETTING;
}

/* A message on a line that also names a step and gives its training
 * values (fcos's "iter: 40 loss: 23.3687 (nan)") was met before them: it
 * stands at that step, not the step of the line before. (An evaluation's
 * bar counts its own batches: a message glued to it stands at the step
 * reached.) */
static void line_events(md_store *st, int64_t step)
{
    for (size_t i = 0; i < st->nline_events; i++) {
        md_event *e = &st->events[st->line_events[i]];
        if (e->first_line == st->rec_line && e->first_input == st->cur)
            e->first_step = step;
        if (e->last_line == st->rec_line && e->last_input == st->cur)
            e->last_step = step;
    }
    st->nline_events = 0;
}

/* The records a step's header heads, at most, one a line. */
#define STEP_BLOCK_RECORDS 64

/* A key the catalog names, other than a setting: a line of settings
 * ("batch_size: 32") is configuration, not measurements. */
static bool has_known_key(const md_store *st)
{
    for (size_t i = 0; i < st->nkv; i++) {
        const key_info *ki = &st->keys[st->kv[i].key];
        if (ki->role != MD_ROLE_SERIES)
            return true;
        if (ki->cat >= 0 && md_catalog_series(st->cat, (size_t)ki->cat)->kind != MD_KIND_SETTING)
            return true;
    }
    /* An evaluation's scores the catalog has no names for ("Eval:
     * precision: 0.84, recall: 0.95, hmean: 0.89") are no configuration;
     * nor are the losses and scores a block under a step's header lists one
     * a line (Coqui TTS's "--> STEP: 23/36 -- GLOBAL_STEP: 1006000" over
     * "| > loss_mel: 14.65377  (14.90142)"). */
    bool under_step_header = st->context_step >= 0 && !st->context_by_epoch && st->cur >= 0 &&
                             st->inputs[st->cur].records < st->context_record + STEP_BLOCK_RECORDS;
    for (size_t i = 0; i < st->nkv; i++) {
        const key_info *ki = &st->keys[st->kv[i].key];
        if (keys_measure(ki) && (under_step_header || md_key_is_eval(ki->norm)))
            return true;
    }
    /* Nor a record of loss terms alone on the line after one that gave
     * points: the rest of a step's losses on a line of their own
     * (Bert-VITS2's "loss_mel=15.999, loss_dur=0.107, loss_kl=1.762" under
     * its "loss_disc=..., loss_gen=..."). A configuration comes before
     * training; prose that names a loss ("setting loss scale to") is no
     * term; detectron2's loss_dict after its exception is not the step's. */
    if (st->points_line == 0 || st->rec_line != st->points_line + 1)
        return false;
    for (size_t i = 0; i < st->nkv; i++) {
        const key_info *ki = &st->keys[st->kv[i].key];
        if (!keys_measure(ki) || strncmp(ki->norm, "loss_", 5) != 0)
            return false;
    }
    return true;
}

/* A term named after "loss_" (ALBEF's loss_mlm, loss_ita and loss_itm,
 * whose sum is its loss), as a program's loss dict spells it: a table's
 * column "LOSS NER" is spaCy's, summed over the updates since the row
 * before. Not a statistic of the loss nor a setting ("loss_avg",
 * "loss_weight"). */
static bool loss_prefixed_term(const key_info *ki)
{
    const char *norm = ki->norm;
    if (!md_memmem(ki->raw, ki->rawlen, "loss_", 5))
        return false;
    static const char *const not_terms[] = {"avg",  "mean",   "ema",   "smooth", "smoothed", "sum",   "total",
                                            "std",  "min",    "max",   "var",    "cur",      "last",  "step",
                                            "epoch", "scale", "weight", "coef",  "coeff",    "rate",  "ratio",
                                            "best", "running", "raw",  "iter",   "batch",    "avg5",  "moving"};
    const char *rest = strncmp(norm, "loss_", 5) == 0         ? norm + 5
                       : strncmp(norm, "train_loss_", 11) == 0 ? norm + 11
                                                               : NULL;
    /* A head's term, as OpenMMLab's models name them: mmseg's
     * "decode.loss_seg", "aux.loss_ce", DAFormer's "mix.decode.loss_seg". */
    const char *in_norm;
    if (!rest && md_memmem(ki->raw, ki->rawlen, ".loss_", 6) && (in_norm = strstr(norm, "_loss_")) != NULL)
        rest = in_norm + 6;
    if (!rest || !md_is_letter(*rest) || md_key_is_eval(norm))
        return false;
    for (size_t i = 0; i < MD_COUNT(not_terms); i++)
        if (md_key_has_word(rest, not_terms[i], false))
            return false;
    return true;
}

static bool is_loss_component(const key_info *ki, bool val)
{
    if (ki->role != MD_ROLE_SERIES || ki->cat >= 0 || !ki->norm)
        return false;
    md_str norm = md_str_c(ki->norm);
    if (!val && loss_prefixed_term(ki))
        return true;
    if (!md_str_ends_with(norm, "_loss"))
        return false;
    if (val)
        return md_key_is_eval(ki->norm);
    return training_key(ki);
}

/* A term of a GAN's two losses (VITS' loss_disc beside loss_gen, loss_fm,
 * loss_mel): the discriminator's and the generator's are no one sum. */
static bool adversarial_term(const char *norm)
{
    static const char *const words[] = {"d", "dis", "disc", "discriminator", "critic", "g", "gen", "generator", "adv", "gan"};
    for (size_t i = 0; i < MD_COUNT(words); i++)
        if (md_key_has_word(norm, words[i], false))
            return true;
    return false;
}

unsigned store_total_flags(const md_store *st, const key_info *ki)
{
    unsigned flags = 0;
    flags |= is_canonical(st, ki, "loss") ? KEY_LOSS : 0;
    flags |= is_canonical(st, ki, "val_loss") ? KEY_VAL_LOSS : 0;
    flags |= is_loss_component(ki, false) ? KEY_TRAIN_TERM : 0;
    flags |= is_loss_component(ki, true) ? KEY_VAL_TERM : 0;
    flags |= ki->role == MD_ROLE_STEP && strcmp(ki->raw, "_step") == 0 ? KEY_WANDB_STEP : 0;
    flags |= evaluation_key(st, ki) ? KEY_EVALUATION : 0;
    flags |= timing_key(st, ki) ? KEY_TIMING : 0;
    flags |= reward_key(st, ki) ? KEY_REWARD : 0;
    flags |= untimed_key(st, ki) ? KEY_UNTIMED : 0;
    flags |= is_canonical(st, ki, "env_steps") ? KEY_ENV_STEPS : 0;
    /* fairseq's num_updates counts the run's updates beside its epoch. */
    flags |= ki->role == MD_ROLE_STEP && (md_key_has_word(ki->norm, "global", false) || strcmp(ki->norm, "num_updates") == 0)
                 ? KEY_GLOBAL_STEP
                 : 0;
    flags |= is_canonical(st, ki, "mfu") ? KEY_MFU : 0;
    flags |= (flags & (KEY_TRAIN_TERM | KEY_VAL_TERM)) && md_key_has_word(ki->norm, "total", false) ? KEY_TOTAL_TERM : 0;
    flags |= is_canonical(st, ki, "d_loss") || is_canonical(st, ki, "g_loss") ||
                     ((flags & (KEY_TRAIN_TERM | KEY_VAL_TERM)) && adversarial_term(ki->norm))
                 ? KEY_ADVERSARIAL
                 : 0;
    flags |= ki->norm && (strcmp(ki->norm, "damp") == 0 || strcmp(ki->norm, "damp_percent") == 0) ? KEY_QUANTIZATION : 0;
    return flags;
}

/* Detectors such as YOLO log the terms of their loss (train/box_loss,
 * train/cls_loss, ...) and no total. The loss that is optimised is their
 * sum, so a record with two or more terms and no total gets one; not a
 * GAN's. */
static void add_component_total(md_store *st, bool val)
{
    unsigned canonical = val ? KEY_VAL_LOSS : KEY_LOSS, term = val ? KEY_VAL_TERM : KEY_TRAIN_TERM;
    /* A record with the total keeps it (detectron2's total_loss after its
     * loss_cls, loss_box_reg, ...), and a GAN's terms make none, nor on a
     * line of their own (Bert-VITS2's loss_mel, loss_dur, loss_kl under its
     * loss_disc and loss_gen). */
    if ((st->rec_total & canonical) || st->inputs[st->cur].adversarial)
        return;
    double sum = 0, total = 0;
    size_t terms = 0, totals = 0, n = st->nkv;
    for (size_t i = 0; i < n; i++) {
        const key_info *ki = &st->keys[st->kv[i].key];
        if (ki->total & term) {
            sum += st->kv[i].value;
            terms++;
            /* TorchMD-Net's train_total_mse_loss beside its parts: the
             * total is logged, not to be summed with them. */
            if (ki->total & KEY_TOTAL_TERM) {
                total = st->kv[i].value;
                totals++;
            }
        }
    }
    const char *name = val ? "val_total_loss" : "total_loss";
    if (totals == 1)
        md_store_record_kv(st, name, strlen(name), total, MD_UNIT_NONE, 0, NAN);
    else if (terms >= 2 && totals == 0)
        md_store_record_kv(st, name, strlen(name), sum, MD_UNIT_NONE, 0, NAN);
}

/* The record's progress in epochs (HF's "epoch": 0.38), or NAN. */
static double progress_epoch(const md_store *st)
{
    for (size_t i = 0; i < st->nkv; i++) {
        const key_info *ki = &st->keys[st->kv[i].key];
        if (ki->role == MD_ROLE_EPOCH && (ki->progress || !(st->kv[i].flags & MD_KV_INTEGRAL)))
            return st->kv[i].value;
    }
    return NAN;
}

/* A progress that went back to where the input's first was (twice that at
 * most) is another run's first log: a sweep's next trial printed into the
 * same log, a notebook cell run again. Entry numbers start over for it, so
 * that the points of a series placed by them go back as a relaunched run's
 * steps do, and the last run is the one judged. */
static void note_progress(md_input *in, double epoch)
{
    if (isnan(epoch))
        return;
    if (isnan(in->progress_first))
        in->progress_first = epoch;
    else if (epoch < in->progress_last && epoch <= 2 * in->progress_first)
        in->ordinal_base = in->records;
    in->progress_last = epoch;
}

/* A console log's record without a step, of three values and more, that
 * repeats one of the two records before the last, key for key and value
 * for value, is another rank's copy a line or two late (a script whose
 * every rank prints its dict): read once. The record right before is no
 * copy: a run whose values froze prints the same record again; nor are a
 * table's rows (nvidia-smi's samples of idle GPUs repeat). */
static bool record_copy(md_store *st)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < st->nkv; i++) {
        uint64_t bits;
        memcpy(&bits, &st->kv[i].value, sizeof bits);
        h = (h ^ (uint64_t)(unsigned)st->kv[i].key) * UINT64_C(1099511628211);
        h = (h ^ bits) * UINT64_C(1099511628211);
    }
    bool again = st->nstepless && st->stepless[(st->nstepless - 1) % STEPLESS_RECENT] == h;
    for (uint64_t back = 2; !again && back <= STEPLESS_RECENT && back <= st->nstepless; back++)
        if (st->stepless[(st->nstepless - back) % STEPLESS_RECENT] == h)
            return true;
    st->stepless[st->nstepless++ % STEPLESS_RECENT] = h;
    return false;
}

int64_t md_store_record_end(md_store *st, bool *had_step)
{
    bool had = false;
    if (had_step)
        *had_step = false;
    if (st->cur < 0 || st->nkv == 0)
        return -1;
    if (st->rec_total & KEY_QUANTIZATION) {
        st->nkv = 0;
        st->rec_total = 0;
        return -1;
    }
    if (st->rec_need_known && !has_known_key(st)) {
        /* Configuration: keep the settings the catalog names (a clipping
         * threshold, a batch size), drop the rest. Settings are no loss
         * terms. */
        size_t kept = 0;
        for (size_t i = 0; i < st->nkv; i++)
            if (is_setting(st, &st->keys[st->kv[i].key]))
                st->kv[kept++] = st->kv[i];
        st->nkv = kept;
        st->rec_total = 0;
        if (kept == 0)
            return -1;
    }
    md_input *in = &st->inputs[st->cur];
    bool by_key = false, by_epoch = false, evaluation = false;
    int64_t step = record_step(st, &had, &by_key, &by_epoch, &evaluation);
    evaluation |= st->rec_keyed_evaluation; /* record_step's, or a field's (md_store_record_evaluation) */
    if (had_step)
        *had_step = had;
    if (step < 0 && !had && st->nkv >= 3 && st->inputs[st->cur].format == MD_FMT_TEXT && record_copy(st))
        return -1;
    if (st->rec_total & KEY_ADVERSARIAL)
        in->adversarial = true;
    if (st->rec_total & KEY_TRAIN_TERM)
        add_component_total(st, false);
    if (st->rec_total & KEY_VAL_TERM)
        add_component_total(st, true);
    size_t values = 0;
    /* Under records an epoch placed, a record without a count stands at
     * the epoch reached, unless it says its own progress in epochs (HF's
     * "epoch": 0.38). */
    double progress = step < 0 ? progress_epoch(st) : NAN;
    note_progress(in, progress);
    bool gives_progress = in->epoch_records > 0 && !isnan(progress);
    for (size_t i = 0; i < st->nkv; i++) {
        const record_kv *kv = &st->kv[i];
        int key = st->rec_keyed_evaluation ? evaluation_figure(st, kv->key) : kv->key;
        const key_info *ki = &st->keys[key];
        /* An evaluation's timings are not the training steps'. */
        if (ki->role != MD_ROLE_SERIES || (evaluation && (ki->total & KEY_TIMING)) || clock_reading(st, ki, kv) ||
            ((ki->total & KEY_MFU) && kv->value < 0) ||
            ((ki->total & KEY_UNTIMED) && kv->unit != MD_UNIT_NONE && timed_value(kv->unit)))
            continue;
        int sidx = ki->series >= 0 ? ki->series : keys_series(st, key);
        if (sidx < 0)
            continue;
        md_series *s = st->series[sidx];
        /* A share's '%' is kept to its end (series_finish), where the
         * points written in percent without one are divided alike: a log
         * that prints "Accuracy: 67.97%" for each fold and "66.45" for
         * their average would have its signed points divided twice. */
        bool percent = (kv->unit == MD_UNIT_PERCENT || (kv->unit == MD_UNIT_NONE && ki->unit == MD_UNIT_PERCENT)) &&
                       (s->kind == MD_KIND_FRACTION || s->share);
        if (percent)
            s->percent_signed = true;
        double v = percent ? kv->value : value_of(s->kind, kv->value, kv->unit, ki->unit);
        /* And a fraction among those points ("Validation accuracy: 0.8246"
         * after MATLAB's table of "82.46%") is put in percent with them. */
        if (!percent && s->percent_signed && kv->unit == MD_UNIT_NONE && v >= 0 && v <= 1 && s->max > 1)
            v *= 100;
        /* "Accuracy: 9919/10000": a score counted out of a total. */
        if ((kv->flags & MD_KV_TOTAL) && (s->kind == MD_KIND_METRIC || s->kind == MD_KIND_FRACTION) &&
            kv->total > 0 && v <= kv->total)
            v /= kv->total;
        int64_t at = step;
        /* A measurement's few points without a step may also have come
         * after the first stepped record and before the step context that
         * places the rest (a pasted Keras log: a callback's "Epoch 00086:
         * ReduceLROnPlateau ..." above the first "Epoch 87/5000"). */
        if (s->ordinal && step >= 0) {
            bool measured = (ki->total & KEY_EVALUATION) || measured_kind(s->kind);
            if (in->first_stepped_record == 0 || (uint64_t)s->last_step < in->first_stepped_record || measured)
                series_settle_early_points(s, !measured                  ? -1
                                              : in->first_stepped_record ? in->first_step_seen
                                                                         : step);
        }
        /* A point without a step where the input's records carried steps
         * before stands at the step they reached (a model's activations
         * printed under each step's line, a test set's figures at the
         * end), also when its series starts so. */
        bool reached = step < 0 && in->last_step_seen >= 0 &&
                       (in->step_records > 0 || (in->epoch_records > 0 && !gives_progress));
        if (s->count == 0)
            s->ordinal = step < 0 && !reached;
        /* Without steps, a point's place is its record's among the input's
         * records, so a validation loss logged every tenth record lines up
         * with the training loss rather than crowding its first tenth. */
        if (s->ordinal)
            at = (int64_t)(in->records - in->ordinal_base) + 1;
        else if (reached)
            at = s->count && s->last_step > in->last_step_seen ? s->last_step : in->last_step_seen;
        else if (step < 0)
            at = s->last_step;
        values += series_add(s, at, v, kv->flags, st->rec_line);
    }
    in->records++;
    in->points += values;
    if (values)
        st->points_line = st->rec_line;
    st->total_points += values;
    if (values) {
        in->step_records += by_key;
        in->epoch_records += by_epoch;
    }
    if (step >= 0) {
        st->current_step = step;
        if (values && st->events_line == st->rec_line && !(st->rec_total & KEY_EVALUATION) && record_has_role(st, MD_ROLE_STEP))
            line_events(st, step);
        /* A record that gave no value is no step the run reached: "1 epoch
         * = 876 batches" says how long an epoch is, SpeechBrain's "Going
         * into epoch 1" heads the epoch whose values follow. */
        if (values && in->first_stepped_record == 0) {
            in->first_stepped_record = in->records;
            in->first_step_seen = step;
        }
        if (step > in->last_step_seen && values)
            in->last_step_seen = step;
        /* Not an epoch header's own values (ST-GCN's "Training epoch:
         * 43, LR: 0.0100"): the counts under it have yet to come. */
        if (values && by_key)
            in->stepped_context_epoch = st->context_epoch;
        if (values && in->time.stamps)
            in->time.last_step_stamp = in->time.last;
        if (in->time.gap_open && values) {
            in->time.max_gap_step_after = step;
            in->time.gap_open = false;
        }
    } else if (values && in->time.gap_open && in->last_step_seen >= 0) {
        /* Figures without a step after the silence (a final evaluation's
         * "eval loss 3.21") stand at the step the run had reached: it came
         * back and logged. */
        in->time.max_gap_step_after = in->last_step_seen;
        in->time.gap_open = false;
    }
    return values ? step : -1;
}

int64_t md_store_current_step(const md_store *st)
{
    return st->current_step;
}

static int find_event_index(const md_store *st, const char *id)
{
    for (size_t i = 0; i < st->nevents; i++)
        if (strcmp(st->events[i].id, id) == 0)
            return (int)i;
    return -1;
}

static md_event *find_event(md_store *st, const char *id)
{
    int i = find_event_index(st, id);
    return i >= 0 ? &st->events[i] : NULL;
}

static char *event_text(const char *text, size_t n)
{
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\r'))
        n--;
    while (n && (*text == ' ' || *text == '\t'))
        text++, n--;
    if (n > MD_EVENT_TEXT_MAX)
        n = MD_EVENT_TEXT_MAX;
    return md_xstrndup(text, n);
}

void md_store_event(md_store *st, const md_event_spec *spec, unsigned long line, int64_t step,
                    const char *text, size_t n, const double *fields)
{
    md_event *e = find_event(st, spec->id);
    if (!e) {
        if (st->nevents >= MD_MAX_EVENT_KINDS)
            return;
        MD_GROW(st->events, st->nevents, st->capevents);
        e = &st->events[st->nevents++];
        memset(e, 0, sizeof *e);
        e->id = md_xstrdup(spec->id);
        e->first_input = st->cur;
        e->first_line = line;
        e->first_step = step;
        e->first_text = event_text(text, n);
        e->nfields = spec->nfields;
        for (size_t i = 0; i < spec->nfields; i++) {
            e->fields[i].name = md_xstrdup(spec->fields[i].name);
            e->fields[i].first = e->fields[i].last = NAN;
        }
    }
    if (line != st->events_line) {
        st->events_line = line;
        st->nline_events = 0;
    }
    if (st->nline_events < LINE_EVENTS)
        st->line_events[st->nline_events++] = (int)(e - st->events);
    e->count++;
    e->last_input = st->cur;
    e->last_line = line;
    e->last_step = step;
    e->last_records = st->cur >= 0 ? st->inputs[st->cur].records : 0;
    free(e->last_text);
    e->last_text = event_text(text, n);
    for (size_t i = 0; i < e->nfields && fields; i++) {
        double v = fields[i];
        md_event_field *f = &e->fields[i];
        if (isnan(v))
            continue;
        if (f->n == 0) {
            f->first = f->min = f->max = v;
        } else {
            f->min = v < f->min ? v : f->min;
            f->max = v > f->max ? v : f->max;
        }
        f->last = v;
        f->n++;
    }
    if (st->cur >= 0)
        st->inputs[st->cur].events++;
}

/* The gap among the three longest: what was the longest moves down. */
static void keep_runner_up_gap(md_timeline *t, double gap)
{
    double *up = t->runner_up_gaps;
    if (gap > t->max_gap)
        up[1] = up[0], up[0] = t->max_gap;
    else if (gap > up[0])
        up[1] = up[0], up[0] = gap;
    else if (gap > up[1])
        up[1] = gap;
}

#define CLOCK_SET_BACK_S 1800

void md_store_timestamp(md_store *st, unsigned long line, double seconds)
{
    if (st->cur < 0 || !isfinite(seconds))
        return;
    md_timeline *t = &st->inputs[st->cur].time;
    bool adjacent = line <= t->last_line + 1;
    t->last_line = line;
    /* Stamps a little behind the latest are lines of processes written out
     * of order: they count from the latest. Two in a row half an hour and
     * more behind, the second going on from the first, are the clock set
     * back (local time's fall-back from summer time, an hour): the time
     * goes on from the latest, or every silence in the hour after would
     * hide under it. One alone is a line of a process whose clock is
     * another (a rank logging in UTC among ranks in local time). */
    seconds += t->shift;
    double back_at = NAN; /* a first stamp far behind: out of order, until the next confirms it */
    if (t->stamps && seconds < t->last - CLOCK_SET_BACK_S) {
        if (isnan(t->back_at) || seconds < t->back_at || seconds - t->back_at > CLOCK_SET_BACK_S) {
            back_at = seconds;
        } else {
            t->shift += t->last - t->back_at;
            seconds += t->last - t->back_at;
        }
    }
    t->back_at = back_at;
    if (t->stamps == 0) {
        t->first = t->last = seconds;
    } else if (seconds > t->last && !adjacent) {
        t->last = seconds;
    } else if (seconds > t->last) {
        double gap = seconds - t->last;
        keep_runner_up_gap(t, gap);
        if (gap > t->max_gap) {
            t->max_gap = gap;
            t->max_gap_line = line;
            t->max_gap_step = st->current_step;
            t->max_gap_step_after = -1;
            t->gap_open = true;
        }
        size_t bin = 0;
        for (double g = gap; g >= 1 && bin + 1 < MD_COUNT(t->gap_hist); g /= 2)
            bin++;
        t->gap_hist[bin]++;
        t->last = seconds;
    } else {
        t->gap_hist[0]++;
    }
    t->stamps++;
}

static void finish(md_store *st)
{
    if (st->finished)
        return;
    keys_settle_names(st);
    for (size_t i = 0; i < st->nseries; i++) {
        series_flush_held(st->series[i]);
        st->series[i] = series_take_last_run(st->series[i]);
        series_finish(st->series[i]);
    }
    st->finished = true;
}

static int find_series_index(const md_store *st, const char *name)
{
    intptr_t idx;
    return md_map_get(&st->by_name, name, strlen(name), &idx) ? (int)idx : -1;
}

static void merge_event(md_store *st, md_event *e, int input_offset)
{
    md_event *have = find_event(st, e->id);
    e->first_input += input_offset;
    e->last_input += input_offset;
    if (!have) {
        if (st->nevents >= MD_MAX_EVENT_KINDS) {
            event_fini(e);
            return;
        }
        MD_GROW(st->events, st->nevents, st->capevents);
        st->events[st->nevents++] = *e;
        return;
    }
    have->count += e->count;
    have->last_input = e->last_input;
    have->last_line = e->last_line;
    have->last_step = e->last_step;
    have->last_records = e->last_records;
    free(have->last_text);
    have->last_text = e->last_text;
    e->last_text = NULL;
    for (size_t i = 0; i < have->nfields && i < e->nfields; i++) {
        md_event_field *a = &have->fields[i], *b = &e->fields[i];
        if (!b->n)
            continue;
        if (!a->n) {
            a->first = b->first, a->min = b->min, a->max = b->max;
        } else {
            a->min = b->min < a->min ? b->min : a->min;
            a->max = b->max > a->max ? b->max : a->max;
        }
        a->last = b->last;
        a->n += b->n;
    }
    event_fini(e);
}

/* The normalised spelling of the key a series was first read from
 * ("test_loss" for "Test/Loss"); empty when it has none. */
static size_t first_spelling(const md_series *s, char *out, size_t cap)
{
    out[0] = '\0';
    return s->nsources ? md_key_normalise(s->sources[0], strlen(s->sources[0]), out, cap) : 0;
}

/* Whether a series was read from a test set's keys: a test set's figures
 * and a validation set's reach one canonical name (val_loss), but two
 * files of a run, one of each, hold two sets' figures, not one copied. */
static bool from_test_set(const md_series *s)
{
    char norm[64];
    size_t n = first_spelling(s, norm, sizeof norm);
    return n >= 4 && memcmp(norm, "test", 4) == 0 && (n == 4 || norm[4] == '_');
}

/* Two files of one series from the same first step, that do not continue
 * each other, one with NaN or Inf points and one without, are two
 * attempts at the run, not two copies of it (a copy of a run that
 * diverged holds its NaN too): a requeued job's train.log beside
 * attempt1.log. Whichever holds more points, the older must not hide the
 * newer's NaN, nor its NaN a healthy retry's. A few points are no
 * attempt: the last dict a crashed run's console printed beside its W&B
 * history. */
#define ATTEMPT_MIN_POINTS 8

static bool another_attempt(const md_store *st, const md_series *a, const md_series *b)
{
    int64_t ta = st->inputs[a->input].mtime_ns, tb = st->inputs[b->input].mtime_ns;
    return ta && tb && ta != tb && a->first_step == b->first_step && a->count >= ATTEMPT_MIN_POINTS &&
           b->count >= ATTEMPT_MIN_POINTS && (a->count > a->finite) != (b->count > b->finite);
}

/* s under the name it was spelled with, or that name numbered. */
static void add_as_spelled(md_store *st, md_series *s)
{
    char base[64], name[80];
    if (!first_spelling(s, base, sizeof base))
        snprintf(base, sizeof base, "%s", s->name);
    keys_unique_name(st, base, name, sizeof name);
    free(s->name);
    s->name = md_xstrdup(name);
    append_series(st, s);
}

void md_store_merge(md_store *st, md_store *src)
{
    finish(src);
    int offset = (int)st->ninputs;
    /* Before a series read from several inputs becomes one, whose input
     * is the last, each input counts the series it gave points to (once:
     * a run merged again keeps its inputs' counts). */
    for (size_t i = 0; i < src->nseries; i++) {
        const md_series *s = src->series[i];
        if (s->count && s->input >= 0 && !src->inputs[s->input].series_counted)
            src->inputs[s->input].series++;
    }
    for (size_t i = 0; i < src->ninputs; i++) {
        src->inputs[i].series_counted = true;
        MD_GROW(st->inputs, st->ninputs, st->capinputs);
        st->inputs[st->ninputs++] = src->inputs[i];
        src->inputs[i].path = NULL;
    }
    for (size_t i = 0; i < src->nseries; i++) {
        md_series *s = src->series[i];
        src->series[i] = NULL;
        s->input += offset;
        int have = find_series_index(st, s->name);
        bool other_set = have >= 0 && from_test_set(st->series[have]) != from_test_set(s);
        if ((have < 0 || other_set) && st->nseries >= MD_MAX_SERIES) {
            st->dropped_series++;
            series_free(s);
        } else if (have < 0) {
            append_series(st, s);
        } else if (other_set) {
            /* The validation set's keeps the canonical name. */
            md_series *test = s;
            if (!from_test_set(s)) {
                test = st->series[have];
                st->series[have] = s;
                char *name = s->name;
                s->name = test->name;
                test->name = name;
            }
            add_as_spelled(st, test);
        } else {
            md_series *old = st->series[have];
            if (series_continues(old, s)) {
                st->series[have] = series_join(old, s);
            } else if (series_continues(s, old)) {
                st->series[have] = series_join(s, old);
            } else if (another_attempt(st, old, s)) {
                /* The run as it stands is the file written last. */
                if (st->inputs[s->input].mtime_ns > st->inputs[old->input].mtime_ns) {
                    series_free(old);
                    st->series[have] = s;
                } else {
                    series_free(s);
                }
            } else if (s->count > old->count || (s->count == old->count && old->ordinal && !s->ordinal)) {
                /* A copy of the same points, or another run: the fuller
                 * one; of two as full, the one placed by steps (a W&B
                 * run's history beside the console that printed it). */
                series_free(old);
                st->series[have] = s;
            } else {
                series_free(s);
            }
        }
    }
    src->nseries = 0;
    for (size_t i = 0; i < src->nevents; i++)
        merge_event(st, &src->events[i], offset);
    src->nevents = 0;
    st->dropped_series += src->dropped_series;
    st->unread_values += src->unread_values;
    st->total_points += src->total_points;
    md_store_free(src);
}

size_t md_store_nseries(const md_store *st)
{
    return st->nseries;
}

const md_series *md_store_series(const md_store *st, size_t i)
{
    return st->series[i];
}

long md_store_find_index(const md_store *st, const char *name)
{
    return find_series_index(st, name);
}

const md_series *md_store_find(const md_store *st, const char *name)
{
    int idx = find_series_index(st, name);
    return idx >= 0 ? st->series[idx] : NULL;
}

bool md_store_has_points(const md_store *st, const char *name)
{
    const md_series *s = md_store_find(st, name);
    return s && s->finite > 0;
}

bool md_store_has_loss(const md_store *st)
{
    for (size_t i = 0; i < st->nseries; i++)
        if (st->series[i]->kind == MD_KIND_LOSS && st->series[i]->count)
            return true;
    return false;
}

size_t md_store_nevents(const md_store *st)
{
    return st->nevents;
}

const md_event *md_store_event_at(const md_store *st, size_t i)
{
    return &st->events[i];
}

const md_event *md_store_find_event(const md_store *st, const char *id)
{
    int i = find_event_index(st, id);
    return i >= 0 ? &st->events[i] : NULL;
}

size_t md_store_ninputs(const md_store *st)
{
    return st->ninputs;
}

const md_input *md_store_input(const md_store *st, size_t i)
{
    return &st->inputs[i];
}

const md_catalog *md_store_catalog(const md_store *st)
{
    return st->cat;
}

uint64_t md_store_dropped_series(const md_store *st)
{
    return st->dropped_series;
}

uint64_t md_store_unread_values(const md_store *st)
{
    return st->unread_values;
}

uint64_t md_store_total_points(const md_store *st)
{
    return st->total_points;
}

size_t md_store_bytes(const md_store *st)
{
    size_t n = sizeof *st + st->capseries * sizeof *st->series;
    for (size_t i = 0; i < st->nseries; i++)
        n += series_bytes(st->series[i]);
    n += st->by_name.cap * sizeof *st->by_name.slots;
    n += st->key_cache.cap * sizeof *st->key_cache.slots;
    for (size_t i = 0; i < st->key_cache.cap; i++)
        n += st->key_cache.slots[i].key ? st->key_cache.slots[i].len + 1 : 0;
    n += st->capkeys * sizeof *st->keys + st->capkv * sizeof *st->kv;
    for (size_t i = 0; i < st->nkeys; i++)
        n += st->keys[i].rawlen + 1 + (st->keys[i].norm ? strlen(st->keys[i].norm) + 1 : 0);
    n += st->capevents * sizeof *st->events + st->nevents * 2 * MD_EVENT_TEXT_MAX;
    n += st->capinputs * sizeof *st->inputs;
    return n;
}

typedef struct sort_item {
    int cat_pos; /* position in the catalog, INT32_MAX when not there */
    md_series *series;
} sort_item;

static int series_order(const void *a, const void *b)
{
    const sort_item *x = a, *y = b;
    if (x->cat_pos != y->cat_pos)
        return x->cat_pos < y->cat_pos ? -1 : 1;
    return strcmp(x->series->name, y->series->name);
}

/* A "time" that only ever grows, ending several times where it started, is
 * a cumulative clock (Ultralytics' results.csv), not seconds per step. */
static bool cumulative(const md_series *s)
{
    if (s->finite < 5 || !(s->first > 0) || s->last < 3 * s->first)
        return false;
    size_t up = 0, pairs = 0;
    double prev = NAN;
    for (size_t i = 0; i < s->nbuckets; i++) {
        if (!s->buckets[i].n)
            continue;
        double m = s->buckets[i].sum / s->buckets[i].n;
        if (!isnan(prev)) {
            pairs++;
            up += m > prev;
        }
        prev = m;
    }
    return pairs && up * 20 >= pairs * 19;
}

static void rename_cumulative_clock(md_store *st)
{
    int idx = find_series_index(st, "step_time");
    if (idx < 0 || !cumulative(st->series[idx]) || find_series_index(st, "train_time") >= 0)
        return;
    md_series *s = st->series[idx];
    free(s->name);
    s->name = md_xstrdup("train_time");
}

/* Whether a glued name is one of words and "loss" ("valloss" is ValLoss
 * normalised). */
static bool glued_loss(const char *name, size_t n, const char *const *words, size_t nwords)
{
    for (size_t i = 0; i < nwords; i++)
        if (n == strlen(words[i]) + 4 && strncmp(name, words[i], n - 4) == 0)
            return true;
    return false;
}

/* An evaluation's words, glued before "loss". */
static const char *const evaluation_words[] = {"val", "valid", "validation", "test", "eval", "evaluation", "dev"};

/* A whole objective's: a total, the training's, or a loss function's own
 * name (MXNet's MultiLogisticLoss, CTCLoss, NLLLoss). A term's
 * ("ValueLoss", "KLLoss", "GLoss") may rise by design. */
static const char *const objective_words[] = {"total", "train", "training", "ctc", "nll", "ce", "crossentropy",
                                              "xent", "bce", "bcewithlogits", "softmax", "softmaxcrossentropy",
                                              "multilogistic", "logistic", "focal", "mse", "l1", "l2",
                                              "smoothl1", "huber", "dice", "lm"};

/* A log whose one loss goes by a name of one word of its own (MXNet's
 * "MultiLogisticLoss=", PaddleOCR's "CTCLoss: " alone, "TotalLoss=") and
 * no other loss: that series is the loss every rule judges, where the
 * name is a whole objective's. Not where two such series leave it open
 * which one is, nor an evaluation's; not beside a loss the catalog names
 * (PPO's value loss) or a term named apart ("train/entropy_loss"). */
static void rename_sole_loss(md_store *st)
{
    md_series *sole = NULL;
    for (size_t i = 0; i < st->nseries; i++) {
        md_series *s = st->series[i];
        if (s->kind != MD_KIND_LOSS || md_key_is_eval(s->name))
            continue;
        size_t n = strlen(s->name);
        bool glued = !strchr(s->name, '_') && n > 4 && strcmp(s->name + n - 4, "loss") == 0;
        if (glued && glued_loss(s->name, n, evaluation_words, MD_COUNT(evaluation_words)))
            continue;
        if (sole || !glued || md_catalog_find_series(st->cat, s->name) >= 0)
            return;
        sole = s;
    }
    if (!sole || sole->count == 0 ||
        !glued_loss(sole->name, strlen(sole->name), objective_words, MD_COUNT(objective_words)))
        return;
    free(sole->name);
    sole->name = md_xstrdup("loss");
}

void md_store_sort(md_store *st)
{
    finish(st);
    rename_cumulative_clock(st);
    rename_sole_loss(st);
    sort_item *items = md_xmalloc((st->nseries + 1) * sizeof *items);
    for (size_t i = 0; i < st->nseries; i++) {
        int pos = md_catalog_find_series(st->cat, st->series[i]->name);
        items[i] = (sort_item){pos >= 0 ? pos : INT32_MAX, st->series[i]};
    }
    qsort(items, st->nseries, sizeof *items, series_order);
    for (size_t i = 0; i < st->nseries; i++)
        st->series[i] = items[i].series;
    free(items);
    md_map_free(&st->by_name);
    for (size_t i = 0; i < st->nseries; i++)
        md_map_put(&st->by_name, st->series[i]->name, strlen(st->series[i]->name), (intptr_t)i);
    /* Key resolutions point at old positions; no input may follow a sort. */
    keys_reset(st);
    st->cur = -1;
}
