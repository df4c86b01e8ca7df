/* The store: records into series (steps, units, canonical names, loss
 * totals), buckets, spikes, events, merging and bounded memory. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/catalog.h"
#include "mldiag/signal.h"
#include "mldiag/store.h"
#include "tests.h"

static md_store *new_store(void)
{
    md_store *st = md_store_new(t_catalog());
    md_store_begin_input(st, "test.log", MD_FMT_TEXT);
    return st;
}

static void put(md_store *st, const char *key, double v, md_unit unit, unsigned flags)
{
    md_store_record_kv(st, key, strlen(key), v, unit, flags, NAN);
}

/* One record: the step (when >= 0) and one value. */
static void record(md_store *st, int64_t step, const char *key, double v)
{
    md_store_record_begin(st, 1);
    if (step >= 0)
        put(st, "step", (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, key, v, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
}

static const md_series *series(const md_store *st, const char *name)
{
    const md_series *s = md_store_find(st, name);
    ck_assert_msg(s != NULL, "no series '%s'", name);
    return s;
}

/* A running mean (MD_KV_RUNNING) gives way to the next one at its step and
 * to the evaluation's own figure there; the last stands. */
START_TEST(test_running_mean_replaced)
{
    md_store *st = new_store();
    static const struct {
        int64_t step;
        double v;
        unsigned flags;
    } points[] = {{100, 0.9, MD_KV_RUNNING}, {100, 0.7, MD_KV_RUNNING}, {100, 0.62, 0},
                  {200, 0.8, MD_KV_RUNNING}, {200, 0.66, MD_KV_RUNNING}};
    for (size_t i = 0; i < MD_COUNT(points); i++) {
        md_store_record_begin(st, i + 1);
        put(st, "step", (double)points[i].step, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "val_accuracy", points[i].v, MD_UNIT_NONE, points[i].flags);
        md_store_record_end(st, NULL);
    }
    md_store_sort(st);
    const md_series *acc = series(st, "val_accuracy");
    ck_assert_uint_eq(acc->count, 2);
    ck_assert(acc->first == 0.62 && acc->last == 0.66);
    ck_assert(acc->max == 0.66);
    ck_assert_int_eq(acc->last_step, 200);
    md_store_free(st);
}
END_TEST

/* A step that moved within its epoch and carries its value over into the
 * next counts the run; one that restarts, or stays at each epoch's only
 * (last) batch, counts within the epoch. */
/* The loss's last step after records of an epoch, a step and a loss. */
static int64_t last_step_after(const int64_t (*rows)[2], size_t n)
{
    md_store *st = new_store();
    for (size_t i = 0; i < n; i++) {
        md_store_record_begin(st, i + 1);
        put(st, "epoch", (double)rows[i][0], MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "step", (double)rows[i][1], MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "loss", 1.0 - 0.1 * (double)i, MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
    }
    md_store_sort(st);
    int64_t last = series(st, "loss")->last_step;
    md_store_free(st);
    return last;
}

START_TEST(test_step_carried_over_an_epoch)
{
    static const int64_t carried[][2] = {{1, 423000}, {1, 424000}, {2, 424000}, {2, 425000}};
    ck_assert_int_eq(last_step_after(carried, MD_COUNT(carried)), 425000);
    static const int64_t last_only[][2] = {{1, 300}, {2, 300}, {3, 300}};
    ck_assert_int_eq(last_step_after(last_only, MD_COUNT(last_only)), 900);
}
END_TEST

START_TEST(test_step_keys)
{
    md_store *st = new_store();
    record(st, 10, "loss", 2.0);
    record(st, 20, "loss", 1.5);
    bool had;
    md_store_record_begin(st, 3);
    put(st, "global_step", 30, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "loss", 1.25, MD_UNIT_NONE, 0);
    ck_assert_int_eq(md_store_record_end(st, &had), 30);
    ck_assert(had);
    ck_assert_int_eq(md_store_current_step(st), 30);

    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 10);
    ck_assert_int_eq(loss->last_step, 30);
    ck_assert(loss->first == 2.0 && loss->last == 1.25);
    ck_assert_ptr_null(md_store_find(st, "step"));
    ck_assert_ptr_null(md_store_find(st, "global_step"));
    ck_assert_uint_eq(md_store_input(st, 0)->records, 3);
    ck_assert_uint_eq(md_store_input(st, 0)->points, 3);
    ck_assert_int_eq(md_store_input(st, 0)->last_step_seen, 30);
    md_store_free(st);
}
END_TEST

/* A count that comes again on a record, counted on, with values after
 * its first: records printed without line breaks ("epoch: 00, loss:
 * 6.28696 epoch: 01, loss: 6.23867" on one line) are records of their
 * own. A count again at the same value or a lower one ("best at epoch 2")
 * does not part the record, nor one with no value before it. */
START_TEST(test_count_again_parts_record)
{
    md_store *st = new_store();
    md_store_record_begin(st, 1);
    for (int e = 0; e < 4; e++) {
        put(st, "epoch", e, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "loss", 6.3 - 0.01 * e, MD_UNIT_NONE, 0);
    }
    ck_assert_int_eq(md_store_record_end(st, NULL), 3);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert_uint_eq(md_store_input(st, 0)->records, 4);

    md_store_record_begin(st, 2);
    put(st, "epoch", 5, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "val_acc", 0.91, MD_UNIT_NONE, 0);
    put(st, "epoch", 2, MD_UNIT_NONE, MD_KV_INTEGRAL);
    md_store_record_end(st, NULL);
    md_store_record_begin(st, 3);
    put(st, "step", 7, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "step", 8, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "loss", 6.0, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    ck_assert_int_eq(series(st, "val_accuracy")->last_step, 5);
    ck_assert_uint_eq(md_store_input(st, 0)->records, 6);
    ck_assert_int_eq(series(st, "loss")->last_step, 7);
    md_store_free(st);
}
END_TEST

/* A fraction written in percent without its sign (nanochat's "mfu:
 * 74.13") is divided by 100 once the input is read: every figure, its
 * buckets and how its values were printed. A fraction up to 1, and
 * numbers past 100, stay as they are. */
static void add_printed(md_store *st, int64_t step, const char *key, double v, int decimals)
{
    md_store_record_begin(st, 1);
    put(st, "step", (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, key, v, MD_UNIT_NONE, MD_KV_DECIMALS(decimals));
    md_store_record_end(st, NULL);
}

/* The same value at the same step again is the same print again (each
 * rank echoing one line); another value at that step, or a sample taken on
 * a clock, is a point of its own. */
START_TEST(test_repeated_print_is_one_point)
{
    md_store *st = new_store();
    for (int rank = 0; rank < 7; rank++)
        record(st, 4, "loss", 7.62585);
    record(st, 4, "loss", 7.5);
    record(st, 5, "loss", 7.5);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    for (int k = 0; k < 3; k++) {
        md_store_record_begin(st, 9);
        put(st, "step", 5, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "gpu_util", 0.97, MD_UNIT_NONE, MD_KV_SAMPLED);
        md_store_record_end(st, NULL);
    }
    ck_assert_uint_eq(series(st, "gpu_util")->count, 3);
    md_store_free(st);
}
END_TEST

/* A sign of percent turns a share's value into a fraction; after a loss,
 * which is no share ("Loss: 2.303%"), it is a slip of the print. */
START_TEST(test_percent_sign_after_a_loss)
{
    md_store *st = new_store();
    md_store_record_begin(st, 1);
    put(st, "epoch", 10, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "loss", 2.303, MD_UNIT_PERCENT, 0);
    put(st, "accuracy", 10, MD_UNIT_PERCENT, 0);
    md_store_record_end(st, NULL);
    md_store_sort(st);
    ck_assert(series(st, "loss")->last == 2.303);
    ck_assert(series(st, "accuracy")->last == 0.1);
    md_store_free(st);

    /* A share's points with the sign and those in percent without it
     * (each fold's "Accuracy: 67.97%", their average's "66.45") are
     * divided once. */
    st = new_store();
    static const struct {
        double v;
        md_unit unit;
    } acc[] = {{67.97, MD_UNIT_PERCENT}, {67.03, MD_UNIT_PERCENT}, {66.45, MD_UNIT_NONE}};
    for (size_t i = 0; i < MD_COUNT(acc); i++) {
        md_store_record_begin(st, 1);
        put(st, "epoch", (double)i + 1, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "accuracy", acc[i].v, acc[i].unit, 0);
        md_store_record_end(st, NULL);
    }
    md_store_sort(st);
    const md_series *a = series(st, "accuracy");
    ck_assert(T_CLOSE(a->first, 0.6797) && T_CLOSE(a->last, 0.6645) && T_CLOSE(a->min, 0.6645));
    md_store_free(st);
}
END_TEST

START_TEST(test_fraction_in_percent)
{
    md_store *st = new_store();
    static const double mfu[] = {10.5, 12.25, 11.75, 12, 40};
    for (size_t i = 0; i < MD_COUNT(mfu); i++) {
        add_printed(st, (int64_t)i + 1, "mfu", mfu[i], 2);
        add_printed(st, (int64_t)i + 1, "completion_clipped", 0.25 * (double)i, 2);
        add_printed(st, (int64_t)i + 1, "frac_reward_zero_std", 50.0 * (double)i, 2);
    }
    md_store_sort(st);
    const md_series *s = series(st, "mfu");
    ck_assert(s->first == 0.105 && s->last == 0.4 && s->min == 0.105 && s->max == 0.4);
    ck_assert(T_CLOSE(s->mean, 0.173));
    ck_assert_uint_eq(s->printed_decimals[4], 5);
    ck_assert_uint_eq(s->printed_decimals[2], 0);
    double sum = 0;
    for (size_t i = 0; i < s->nbuckets; i++)
        sum += s->buckets[i].sum;
    ck_assert(T_CLOSE(sum, 0.865));
    ck_assert(series(st, "completion_clipped")->max == 1.0);
    ck_assert(series(st, "frac_reward_zero_std")->max == 200.0);
    md_store_free(st);

    /* An accuracy the catalog does not name is a share as well (DeiT's
     * test_acc5 beside test_acc1); another score in percent is not. */
    st = new_store();
    static const double acc5[] = {2.02, 45.5, 79.42};
    for (size_t i = 0; i < MD_COUNT(acc5); i++) {
        add_printed(st, (int64_t)i + 1, "test_acc5", acc5[i], 2);
        add_printed(st, (int64_t)i + 1, "aux.acc_seg", acc5[i], 2);
        add_printed(st, (int64_t)i + 1, "ents_f", acc5[i], 2);
    }
    md_store_sort(st);
    ck_assert(T_CLOSE(series(st, "test_acc5")->last, 0.7942));
    ck_assert(T_CLOSE(series(st, "aux_acc_seg")->first, 0.0202));
    ck_assert(series(st, "ents_f")->last == 79.42);
    md_store_free(st);
}
END_TEST

START_TEST(test_ordinal_steps)
{
    md_store *st = new_store();
    bool had = true;
    md_store_record_begin(st, 1);
    put(st, "loss", 3.0, MD_UNIT_NONE, 0);
    ck_assert_int_eq(md_store_record_end(st, &had), -1);
    ck_assert(!had);
    record(st, -1, "loss", 2.0);
    record(st, -1, "loss", 1.0);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 3);
    md_store_free(st);
}
END_TEST

/* A setting printed before the first step ("lr=0.5" with the arguments)
 * is dropped once the key comes with steps; a series logged without steps
 * for longer keeps its entries. */
START_TEST(test_setting_before_steps_is_dropped)
{
    md_store *st = new_store();
    record(st, -1, "lr", 0.5);
    for (int i = 0; i < 6; i++)
        record(st, -1, "loss", 3.0 - 0.1 * i);
    for (int i = 1; i <= 3; i++) {
        record(st, 10 * i, "lr", 0.1 * i);
        record(st, 10 * i, "loss", 2.0 - 0.1 * i);
    }
    const md_series *lr = series(st, "lr"), *loss = series(st, "loss");
    ck_assert(!lr->ordinal);
    ck_assert_uint_eq(lr->count, 3);
    ck_assert_int_eq(lr->first_step, 10);
    ck_assert(lr->first == 0.1 && lr->max == 0.1 * 3);
    ck_assert_uint_eq(lr->nbuckets, 3);
    ck_assert(loss->ordinal);
    ck_assert_uint_eq(loss->count, 9);
    md_store_free(st);
}
END_TEST

/* GPTQ's report of one module's quantization, its dampening beside its
 * reconstruction "loss", is no training record; the records around it are. */
START_TEST(test_quantization_record_is_dropped)
{
    md_store *st = new_store();
    record(st, 1, "loss", 2.0);
    md_store_record_begin(st, 2);
    put(st, "layer", 7, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "loss", 8.12, MD_UNIT_NONE, 0);
    put(st, "damp", 0.01, MD_UNIT_NONE, 0);
    ck_assert_int_eq(md_store_record_end(st, NULL), -1);
    record(st, 2, "loss", 1.9);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->count == 2 && loss->max == 2.0 && loss->last == 1.9);
    md_store_free(st);
}
END_TEST

/* Without steps, a point's place is its record's among the input's: a
 * validation loss after every fourth training record sits at records 5,
 * 10 and 15, where it was logged, not at 1, 2 and 3. */
START_TEST(test_ordinal_steps_shared)
{
    md_store *st = new_store();
    for (int i = 1; i <= 15; i++)
        record(st, -1, i % 5 ? "loss" : "val_loss", 1.0 / i);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert(loss->ordinal && val->ordinal);
    ck_assert_uint_eq(val->count, 3);
    ck_assert_int_eq(val->first_step, 5);
    ck_assert_int_eq(val->last_step, 15);
    ck_assert_uint_eq(loss->count, 12);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 14);
    md_store_free(st);
}
END_TEST

START_TEST(test_epoch_as_step)
{
    md_store *st = new_store();
    /* "Epoch 3/10" style: an integral epoch places the record. */
    md_store_record_begin(st, 1);
    put(st, "epoch", 3, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "val_loss", 0.5, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert(!val->ordinal);
    ck_assert_int_eq(val->last_step, 3);

    /* HF's fractional 'epoch': 0.38 is progress, not a step; nor is 1.0
     * written with a point. */
    md_store_record_begin(st, 2);
    put(st, "epoch", 0.38, MD_UNIT_NONE, 0);
    put(st, "loss", 0.7, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    md_store_record_begin(st, 3);
    put(st, "epoch", 1.0, MD_UNIT_NONE, 0);
    put(st, "loss", 0.6, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->ordinal);
    ck_assert_int_eq(loss->first_step, 2); /* the input's second record */
    ck_assert_int_eq(loss->last_step, 3);

    /* A step key wins over an epoch. */
    md_store_record_begin(st, 4);
    put(st, "epoch", 2, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "step", 500, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "lr", 0.1, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    ck_assert_int_eq(series(st, "lr")->last_step, 500);
    md_store_free(st);
}
END_TEST

/* One record: epoch E of T epochs, step S of N ("Epoch [E/T], Step [S/N]"). */
static void epoch_record(md_store *st, int64_t e, double epochs, int64_t s, double n, double loss)
{
    md_store_record_begin(st, 1);
    md_store_record_kv(st, "epoch", 5, (double)e, MD_UNIT_NONE,
                       MD_KV_INTEGRAL | (isnan(epochs) ? 0 : MD_KV_TOTAL), epochs);
    md_store_record_kv(st, "step", 4, (double)s, MD_UNIT_NONE, MD_KV_INTEGRAL | (isnan(n) ? 0 : MD_KV_TOTAL), n);
    put(st, "loss", loss, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
}

/* Steps counted within each epoch become steps of the run once the count
 * restarts; a global step that keeps growing across epochs stays as it is. */
START_TEST(test_steps_within_epochs)
{
    md_store *st = new_store();
    for (int64_t e = 1; e <= 4; e++)
        epoch_record(st, e, 120, 600, 600, 1.0 / (double)e); /* once per epoch, at its end */
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 600);
    ck_assert_int_eq(loss->last_step, 2400);
    ck_assert_uint_eq(loss->restarts, 0);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 120 * 600);
    md_store_free(st);

    st = new_store();
    for (int64_t e = 0; e < 3; e++)
        for (int64_t s = 100; s <= 1000; s += 100)
            epoch_record(st, e, NAN, s, 1000, 1.0);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->last_step, 3000);
    ck_assert_uint_eq(loss->restarts, 0);
    /* Without the epochs planned, the plan known is the end of the epoch
     * reached, and only that. */
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 3000);
    ck_assert(md_store_input(st, 0)->declared_floor);
    md_store_free(st);

    st = new_store();
    for (int64_t s = 500; s <= 5000; s += 500)
        epoch_record(st, s / 2000, NAN, s, 5000, 1.0);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->last_step, 5000);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 5000);
    md_store_free(st);

    /* Counts from 0 without a total ("Epoch 0, Batch 300" then "Epoch 1,
     * Batch 0"): an epoch holds one more than the largest, so no two
     * records share a step. */
    st = new_store();
    for (int64_t e = 0; e < 3; e++)
        for (int64_t s = 0; s <= 300; s += 100)
            epoch_record(st, e, NAN, s, NAN, 1.0 / (double)(e * 4 + s / 100 + 1));
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 12);
    ck_assert_int_eq(loss->last_step, 2 * 301 + 300);
    md_store_free(st);
}
END_TEST

START_TEST(test_context_step)
{
    md_store *st = new_store();
    md_store_context_step(st, 7);
    record(st, -1, "loss", 0.21);
    record(st, -1, "val_loss", 0.3);
    md_store_context_step(st, 8);
    record(st, -1, "loss", 0.19);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 7);
    ck_assert_int_eq(loss->last_step, 8);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 7);
    md_store_free(st);
}
END_TEST

/* Ranks sharing a stdout: each step printed twice, the second copy one to
 * three lines late ("step 2", "step 1" again, "step 3", ...). A copy is the
 * point already read, not a restart; a relaunch with the same seed, back at
 * the first step after more than two points, is one (so a copy of the
 * first step two lines late is taken for one: those copies start at step
 * 2 here). */
START_TEST(test_copies_a_few_points_late)
{
    for (int64_t late = 1; late <= 3; late++) {
        md_store *st = new_store();
        for (int64_t s = 1; s <= 300 + late; s++) {
            if (s <= 300)
                record(st, s, "loss", 5.0 / (double)s + 1.0);
            if (s - late >= (late == 1 ? 1 : 2))
                record(st, s - late, "loss", 5.0 / (double)(s - late) + 1.0);
        }
        const md_series *loss = series(st, "loss");
        ck_assert_uint_eq(loss->count, 300);
        ck_assert_uint_eq(loss->restarts, 0);
        ck_assert_int_eq(loss->last_step, 300);
        md_store_free(st);
    }
    md_store *st = new_store();
    for (int run = 0; run < 2; run++)
        for (int64_t s = 1; s <= 6; s++)
            record(st, s, "loss", 5.0 / (double)s + 1.0);
    ck_assert_uint_eq(series(st, "loss")->count, 12);
    ck_assert_uint_eq(series(st, "loss")->restarts, 1);
    ck_assert_uint_eq(series(st, "loss")->fresh_starts, 1);
    md_store_free(st);
    /* A value other than the one read at that step is another print. */
    st = new_store();
    record(st, 1, "loss", 3.0);
    record(st, 2, "loss", 2.5);
    record(st, 3, "loss", 2.0);
    record(st, 2, "loss", 2.6);
    ck_assert_uint_eq(series(st, "loss")->count, 4);
    ck_assert_uint_eq(series(st, "loss")->restarts, 1);
    md_store_free(st);
}
END_TEST

START_TEST(test_declared_total_and_restarts)
{
    md_store *st = new_store();
    static const int64_t steps[] = {1, 2, 3, 1, 2, 3, 4};
    for (size_t i = 0; i < MD_COUNT(steps); i++) {
        md_store_record_begin(st, i + 1);
        md_store_record_kv(st, "step", 4, (double)steps[i], MD_UNIT_NONE, MD_KV_INTEGRAL | MD_KV_TOTAL,
                           i < 3 ? 100 : 6200);
        put(st, "loss", 1.0, MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
    }
    ck_assert_uint_eq(series(st, "loss")->restarts, 1);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 6200);
    ck_assert_int_eq(md_store_input(st, 0)->last_step_seen, 4);
    md_store_free(st);
}
END_TEST

/* A log of several runs is judged by its last run, when that run has
 * enough points to stand alone; a step misread once is no new run. */
static md_store *runs_store(const int64_t *steps, size_t n)
{
    md_store *st = new_store();
    for (size_t i = 0; i < n; i++)
        record(st, steps[i], "loss", 10.0 - (double)i / 100);
    md_store_sort(st);
    return st;
}

START_TEST(test_last_run_judged)
{
    int64_t steps[30];
    for (size_t i = 0; i < 30; i++)
        steps[i] = i < 20 ? (int64_t)i : (int64_t)i - 20;
    md_store *st = runs_store(steps, 30);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 10);
    ck_assert_uint_eq(loss->runs, 2);
    ck_assert_uint_eq(loss->earlier_points, 20);
    ck_assert_uint_eq(loss->fresh_starts, 0);
    ck_assert(fabs(loss->first - 9.8) < 1e-9);
    ck_assert_int_eq(loss->last_step, 9);
    md_store_free(st);

    /* Too short a last run: the series stays whole. */
    st = runs_store(steps, 25);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 25);
    ck_assert_uint_eq(loss->runs, 1);
    ck_assert_uint_eq(loss->fresh_starts, 1);
    md_store_free(st);

    /* One step misread as 0 inside a run. */
    for (size_t i = 0; i < 30; i++)
        steps[i] = i == 12 ? 0 : (int64_t)i;
    st = runs_store(steps, 30);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 30);
    ck_assert_uint_eq(loss->runs, 1);
    md_store_free(st);

    /* Three runs: the last. */
    for (size_t i = 0; i < 30; i++)
        steps[i] = (int64_t)(i % 10);
    st = runs_store(steps, 30);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 10);
    ck_assert_uint_eq(loss->runs, 3);
    ck_assert_uint_eq(loss->earlier_points, 20);
    md_store_free(st);
}
END_TEST

START_TEST(test_unit_conversion)
{
    md_store *st = new_store();
    md_store_record_begin(st, 1);
    put(st, "step", 1, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "time", 450, MD_UNIT_MS, 0);
    put(st, "train_time", 2, MD_UNIT_MIN, 0);
    put(st, "data_time", 250, MD_UNIT_US, 0);
    put(st, "acc", 85.3, MD_UNIT_PERCENT, 0);
    put(st, "mfu", 41.5, MD_UNIT_PERCENT, 0);
    put(st, "memory", 1536, MD_UNIT_MIB, 0);
    put(st, "lr", 3e-4, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    md_store_record_begin(st, 2);
    put(st, "step", 2, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "it_per_s", 4, MD_UNIT_S_PER_IT, 0);
    md_store_record_end(st, NULL);
    md_store_sort(st); /* a share's '%' is settled when the input is read */

    ck_assert(T_CLOSE(series(st, "step_time")->last, 0.45));
    ck_assert(T_CLOSE(series(st, "train_time")->last, 120));
    ck_assert(T_CLOSE(series(st, "data_time")->last, 250e-6));
    ck_assert(T_CLOSE(series(st, "accuracy")->last, 0.853));
    ck_assert(T_CLOSE(series(st, "mfu")->last, 0.415));
    ck_assert(T_CLOSE(series(st, "memory")->last, 1.5));
    ck_assert(T_CLOSE(series(st, "lr")->last, 3e-4));
    ck_assert(T_CLOSE(series(st, "it_per_s")->last, 0.25));
    ck_assert_int_eq(series(st, "step_time")->kind, MD_KIND_TIME);
    md_store_free(st);

    /* K, M, G: a memory series counts bytes ("2.1G" of GPU memory), any
     * other a number ("1.2M" tokens a second). */
    st = new_store();
    md_store_record_begin(st, 1);
    put(st, "step", 1, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "GPU_mem", 2.5, MD_UNIT_GIGA, 0);
    put(st, "tokens_per_s", 1.2, MD_UNIT_MEGA, 0);
    put(st, "samples_per_s", 980.5, MD_UNIT_KILO, 0);
    md_store_record_end(st, NULL);
    ck_assert(T_CLOSE(series(st, "memory")->last, 2.5e9 / (1024.0 * 1024 * 1024)));
    ck_assert(T_CLOSE(series(st, "tokens_per_s")->last, 1.2e6));
    ck_assert(T_CLOSE(series(st, "samples_per_s")->last, 980500));
    md_store_free(st);

    /* A unit named by the key itself. */
    st = new_store();
    record(st, 1, "time_ms", 250);
    ck_assert(T_CLOSE(series(st, "step_time")->last, 0.25));
    md_store_free(st);
}
END_TEST

/* Reinforcement learning's names: verl's and TRL's reward, the KL to the
 * reference apart from PPO's KL between the policy before and after an
 * update, and the GRPO group and length figures. */
START_TEST(test_rl_names)
{
    static const struct {
        const char *key, *series;
    } cases[] = {
        {"critic/score/mean", "reward"},
        {"reward", "reward"},
        {"actor/kl_loss", "kl"},
        {"objective/kl", "kl"},
        {"actor/ppo_kl", "update_kl"},
        {"train/approx_kl", "update_kl"},
        {"frac_reward_zero_std", "frac_reward_zero_std"},
        {"completions/clipped_ratio", "completion_clipped"},
        {"response_length/clip_ratio", "completion_clipped"},
        {"response_length/mean", "completion_length"},
        {"actor/entropy", "entropy"},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_store *st = new_store();
        record(st, 1, cases[i].key, 0.25);
        const md_series *s = series(st, cases[i].series);
        ck_assert_msg(s && s->last == 0.25, "%s is not %s", cases[i].key, cases[i].series);
        md_store_free(st);
    }
}
END_TEST

START_TEST(test_canonical_binding)
{
    md_store *st = new_store();
    record(st, 1, "loss", 2.0);
    record(st, 2, "loss", 1.8);
    record(st, 2, "train_loss", 1.9); /* HF's end-of-run mean */
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 1.8);
    ck_assert_uint_eq(loss->nsources, 1);
    ck_assert_str_eq(loss->sources[0], "loss");
    const md_series *mean = series(st, "train_loss");
    ck_assert_uint_eq(mean->count, 1);
    ck_assert(mean->last == 1.9);
    ck_assert_int_eq(mean->kind, MD_KIND_LOSS);
    md_store_free(st);

    /* The canonical name goes to the spelling with the most points. */
    st = new_store();
    record(st, 1, "Train Loss", 2.0);
    record(st, 2, "train/loss", 1.5); /* the same key once normalised */
    record(st, 3, "loss", 1.2);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 1.5);
    ck_assert_uint_eq(loss->nsources, 2);
    ck_assert_uint_eq(md_store_nseries(st), 2);
    const md_series *other = md_store_series(st, md_store_series(st, 0) == loss ? 1 : 0);
    ck_assert_str_eq(other->sources[0], "loss");
    ck_assert(other->count == 1 && other->last == 1.2);
    md_store_free(st);

    /* nanoGPT: an estimate every 250 iterations comes first, the loss of
     * every iteration after it; once read, the name is the latter's, and
     * the estimate is named as it was spelled. */
    st = new_store();
    for (int i = 0; i < 1000; i += 10) {
        if (i % 250 == 0)
            record(st, i, "train loss", 3.0 - i / 1000.0);
        record(st, i, "loss", 3.1 - i / 1000.0);
    }
    md_store_sort(st);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 100);
    ck_assert_str_eq(loss->sources[0], "loss");
    ck_assert_uint_eq(series(st, "train_loss")->count, 4);
    ck_assert_ptr_null(md_store_find(st, "loss_2"));
    md_store_free(st);

    /* Equal points: a key that is an alias as a whole ("reward") wins over
     * one that reaches it by dropping words. */
    st = new_store();
    for (int i = 0; i < 5; i++) {
        record(st, i, "rewards/accuracy_reward/mean", 0.5);
        record(st, i, "reward", 0.4);
    }
    md_store_sort(st);
    ck_assert_str_eq(series(st, "reward")->sources[0], "reward");
    ck_assert_str_eq(series(st, "rewards_accuracy_reward_mean")->sources[0], "rewards/accuracy_reward/mean");
    md_store_free(st);
}
END_TEST

START_TEST(test_component_totals)
{
    md_store *st = new_store();
    md_store_record_begin(st, 1);
    put(st, "epoch", 0, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "train/box_loss", 0.5, MD_UNIT_NONE, 0);
    put(st, "train/cls_loss", 0.25, MD_UNIT_NONE, 0);
    put(st, "train/dfl_loss", 0.125, MD_UNIT_NONE, 0);
    put(st, "val/box_loss", 0.75, MD_UNIT_NONE, 0);
    put(st, "val/cls_loss", 0.5, MD_UNIT_NONE, 0);
    put(st, "metrics/mAP50(B)", 0.7, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 1);
    ck_assert(loss->last == 0.875);
    ck_assert_int_eq(loss->last_step, 0);
    ck_assert(series(st, "val_loss")->last == 1.25);
    ck_assert(series(st, "train_box_loss")->last == 0.5);
    md_store_free(st);

    /* A record that has the total keeps it; one term alone makes none. */
    st = new_store();
    md_store_record_begin(st, 1);
    put(st, "train/box_loss", 0.5, MD_UNIT_NONE, 0);
    put(st, "train/cls_loss", 0.25, MD_UNIT_NONE, 0);
    put(st, "loss", 5.0, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    md_store_record_begin(st, 2);
    put(st, "val/box_loss", 0.75, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 1);
    ck_assert(loss->last == 5.0);
    ck_assert_ptr_null(md_store_find(st, "val_loss"));
    md_store_free(st);

    /* A term named the total (TorchMD-Net's train_total_mse_loss beside
     * its parts) is the loss, not summed with them; two totals of the
     * evaluation (an L1 and an MSE) make no val_loss. */
    st = new_store();
    md_store_record_begin(st, 1);
    put(st, "train_neg_dy_mse_loss", 0.5, MD_UNIT_NONE, 0);
    put(st, "train_total_mse_loss", 5.0, MD_UNIT_NONE, 0);
    put(st, "train_y_mse_loss", 0.25, MD_UNIT_NONE, 0);
    put(st, "val_total_l1_loss", 5.5, MD_UNIT_NONE, 0);
    put(st, "val_total_mse_loss", 1.0, MD_UNIT_NONE, 0);
    put(st, "val_y_mse_loss", 0.25, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    ck_assert(series(st, "loss")->last == 5.0);
    ck_assert_ptr_null(md_store_find(st, "val_loss"));
    md_store_free(st);

    /* Terms named after "loss_" (ALBEF's) are summed; a statistic of the
     * loss (loss_std) is no term. */
    st = new_store();
    md_store_record_begin(st, 1);
    put(st, "epoch", 0, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "loss_mlm", 2.5, MD_UNIT_NONE, 0);
    put(st, "loss_ita", 4.0, MD_UNIT_NONE, 0);
    put(st, "loss_itm", 0.5, MD_UNIT_NONE, 0);
    put(st, "loss_std", 9.0, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    ck_assert(series(st, "loss")->last == 7.0);
    md_store_free(st);

    /* The loss's running average beside its terms (a trainer's
     * {"loss_avg": total.avg, "loss_l1": ..., "loss_vgg": ...}) is the
     * loss, as avg_loss is: the terms are not summed into another. */
    st = new_store();
    md_store_record_begin(st, 1);
    put(st, "step", 10, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "loss_avg", 9.0, MD_UNIT_NONE, 0);
    put(st, "loss_l1", 2.5, MD_UNIT_NONE, 0);
    put(st, "loss_vgg", 4.0, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    ck_assert(series(st, "loss")->last == 9.0);
    ck_assert(series(st, "loss_l1")->last == 2.5);
    md_store_free(st);

    /* A GAN's: the discriminator's loss beside the generator's terms makes
     * no total, nor do the generator's terms on a line of their own after
     * it (Bert-VITS2). */
    st = new_store();
    for (int line = 1; line <= 3; line += 2) {
        md_store_record_begin(st, (unsigned long)line);
        put(st, "step", line, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "loss_disc", 2.6, MD_UNIT_NONE, 0);
        put(st, "loss_gen", 2.0, MD_UNIT_NONE, 0);
        put(st, "loss_fm", 3.2, MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
        md_store_record_begin(st, (unsigned long)line + 1);
        put(st, "step", line, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "loss_mel", 16.0, MD_UNIT_NONE, 0);
        put(st, "loss_dur", 0.1, MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
    }
    ck_assert_ptr_null(md_store_find(st, "loss"));
    ck_assert_uint_eq(series(st, "loss_mel")->count, 2);
    md_store_free(st);
}
END_TEST

/* Several evaluation sets: each keeps a series of its own, never one
 * merged or summed from two, and each set's loss is the val_ series'
 * (val_loss goes to the first, as eval_g0_loss takes it over eval_g1_loss;
 * the others are named as spelled, with val_loss's kind and direction). */
static void eval_record(md_store *st, int epoch, const char *const *keys, const double *v, size_t n)
{
    md_store_record_begin(st, (unsigned long)epoch);
    put(st, "epoch", epoch, MD_UNIT_NONE, MD_KV_INTEGRAL);
    for (size_t i = 0; i < n; i++)
        put(st, keys[i], v[i], MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
}

START_TEST(test_eval_sets)
{
    /* LibriSpeech's sets in one record (ESPnet, NeMo): two sets, not two
     * terms of one loss; their accuracy is val_accuracy's. */
    static const char *const libri[] = {"loss", "dev_clean_loss", "dev_other_loss", "dev_clean_acc"};
    md_store *st = new_store();
    for (int e = 1; e <= 3; e++)
        eval_record(st, e, libri, (double[]){3.0 - e, 2.0 - 0.1 * e, 3.0 - 0.1 * e, 0.8}, 4);
    md_store_sort(st);
    const md_series *val = series(st, "val_loss");
    ck_assert_str_eq(val->sources[0], "dev_clean_loss");
    ck_assert(val->count == 3 && T_CLOSE(val->last, 1.7));
    const md_series *other = series(st, "dev_other_loss");
    ck_assert(other->kind == MD_KIND_LOSS && other->better == MD_BETTER_LOWER);
    ck_assert(T_CLOSE(other->last, 2.7));
    ck_assert_str_eq(series(st, "val_accuracy")->sources[0], "dev_clean_acc");
    ck_assert_uint_eq(md_store_nseries(st), 4);
    md_store_free(st);

    /* fairseq's --valid-subset valid,valid1 (its JSON log spells the set
     * into the key) and a set numbered after the word; "testing_time" and
     * "validity_loss" name no evaluation. */
    static const char *const fairseq[] = {"valid_loss",  "valid1_loss", "valid1_ppl",
                                          "valid_2_loss", "testing_time", "validity_loss"};
    st = new_store();
    for (int e = 1; e <= 3; e++)
        eval_record(st, e, fairseq, (double[]){2.0, 3.0, 20.0, 4.0, 1.0, 0.5}, 6);
    md_store_sort(st);
    ck_assert_str_eq(series(st, "val_loss")->sources[0], "valid_loss");
    const md_series *valid1 = series(st, "valid1_loss");
    ck_assert(valid1->kind == MD_KIND_LOSS && valid1->better == MD_BETTER_LOWER && valid1->last == 3.0);
    ck_assert_str_eq(series(st, "val_perplexity")->sources[0], "valid1_ppl");
    ck_assert(series(st, "valid_2_loss")->last == 4.0);
    ck_assert_ptr_null(md_store_find(st, "val_step_time"));
    ck_assert_int_ne(series(st, "testing_time")->kind, MD_KIND_TIME);
    ck_assert_uint_eq(md_store_nseries(st), 6);
    md_store_free(st);

    /* HF's Trainer with a dict of eval datasets: any name, since its
     * evaluation's runtime follows it (here after the loss, as HF's
     * trainer_state.json sorts the keys). */
    static const char *const squad[] = {"eval_squad_loss", "eval_squad_runtime", "eval_squad_samples_per_second"};
    static const char *const en[] = {"eval_en_f1", "eval_en_loss", "eval_en_runtime", "eval_en_steps_per_second"};
    st = new_store();
    for (int e = 1; e <= 3; e++) {
        eval_record(st, e, squad, (double[]){1.0 + e, 3.1, 100}, 3);
        eval_record(st, e, en, (double[]){0.7, 2.0, 2.0, 12.5}, 4);
    }
    md_store_sort(st);
    ck_assert_str_eq(series(st, "val_loss")->sources[0], "eval_squad_loss");
    ck_assert(series(st, "val_loss")->last == 4.0);
    const md_series *en_loss = series(st, "eval_en_loss");
    ck_assert(en_loss->kind == MD_KIND_LOSS && en_loss->better == MD_BETTER_LOWER && en_loss->last == 2.0);
    /* A score the catalog names takes its name from the only set that has it. */
    ck_assert_str_eq(series(st, "val_f1")->sources[0], "eval_en_f1");
    ck_assert_int_eq(series(st, "val_f1")->kind, MD_KIND_METRIC);
    md_store_free(st);

    /* A loss term has no runtime of its own: YOLO's val/ terms still add
     * up to the evaluation's loss. */
    static const char *const yolo[] = {"val/box_loss", "val/cls_loss", "val/dfl_loss"};
    st = new_store();
    eval_record(st, 1, yolo, (double[]){0.5, 0.25, 0.125}, 3);
    md_store_sort(st);
    ck_assert(series(st, "val_loss")->last == 0.875);
    md_store_free(st);
}
END_TEST

/* A console log's stepless records printed by two ranks, each copy a
 * line late (A B A C B D C ...), are read once; a frozen run's same record
 * again and again is not a copy; nor are a table's repeating rows. */
static void stepless_record(md_store *st, double loss, double lr, double epoch)
{
    md_store_record_begin(st, 1);
    put(st, "loss", loss, MD_UNIT_NONE, 0);
    put(st, "learning_rate", lr, MD_UNIT_NONE, 0);
    put(st, "epoch", epoch, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
}

START_TEST(test_stepless_copies_a_line_late)
{
    md_store *st = new_store();
    for (int i = 0; i <= 100; i++) {
        if (i < 100)
            stepless_record(st, 2.0 - 0.01 * i, 2e-5, 0.01 * (i + 1));
        if (i >= 1)
            stepless_record(st, 2.0 - 0.01 * (i - 1), 2e-5, 0.01 * i);
    }
    /* The last copy comes right after its original: kept, as a frozen
     * run's record again would be. */
    ck_assert_uint_eq(series(st, "loss")->count, 101);
    md_store_free(st);

    st = new_store();
    for (int i = 0; i < 50; i++)
        stepless_record(st, 0.6931, 2e-5, 1.0);
    ck_assert_uint_eq(series(st, "loss")->count, 50);
    md_store_free(st);

    st = md_store_new(t_catalog());
    md_store_begin_input(st, "table.csv", MD_FMT_CSV);
    for (int i = 0; i < 30; i++)
        stepless_record(st, i % 2 ? 0.5 : 0.4, 2e-5, 1.0);
    ck_assert_uint_eq(series(st, "loss")->count, 30);
    md_store_free(st);
}
END_TEST

/* A log's one loss under a glued name of its own is the loss; two such,
 * an evaluation's, or one beside a loss the catalog names stay as named. */
START_TEST(test_sole_glued_loss_is_the_loss)
{
    static const struct {
        const char *keys[2];
        const char *want, *kept;
    } cases[] = {
        {{"MultiLogisticLoss", NULL}, "loss", NULL},
        {{"TotalLoss", "Speed"}, "loss", NULL},
        {{"CTCLoss", "SARLoss"}, NULL, "ctcloss"},
        {{"ValLoss", NULL}, NULL, "val_loss"},
        {{"CTCLoss", "loss"}, "loss", "ctcloss"},
        {{"entropyloss", "value_loss"}, NULL, "entropyloss"},
        {{"KLLoss", "ReconError"}, NULL, "klloss"},
        {{"GLoss", NULL}, NULL, "gloss"},
        {{"NLLLoss", NULL}, "loss", NULL},
    };
    for (size_t c = 0; c < MD_COUNT(cases); c++) {
        md_store *st = new_store();
        for (int64_t s = 1; s <= 3; s++)
            for (size_t k = 0; k < 2 && cases[c].keys[k]; k++)
                record(st, s, cases[c].keys[k], 2.0 / (double)s);
        md_store_sort(st);
        if (cases[c].want)
            ck_assert_msg(md_store_find(st, cases[c].want), "case %zu: no %s", c, cases[c].want);
        else
            ck_assert_msg(!md_store_find(st, "loss"), "case %zu: a loss", c);
        if (cases[c].kept)
            ck_assert_msg(md_store_find(st, cases[c].kept), "case %zu: no %s", c, cases[c].kept);
        md_store_free(st);
    }
}
END_TEST

START_TEST(test_guessed_kinds)
{
    /* Keys no alias names take a kind and a direction from their words:
     * spaCy's F-score and attachment scores, Ultralytics' mAP at an IoU
     * threshold ("map" and its digits), correlations with gold scores
     * (STS's Spearman, CoLA's Matthews), and not a single letter that may
     * be anything (top_p, lora_r). */
    static const struct {
        const char *key, *name;
        md_kind kind;
        md_better better;
    } want[] = {
        {"ENTS_F", "ents_f", MD_KIND_METRIC, MD_BETTER_HIGHER},
        {"DEP_UAS", "dep_uas", MD_KIND_METRIC, MD_BETTER_HIGHER},
        {"DEP_LAS", "dep_las", MD_KIND_METRIC, MD_BETTER_HIGHER},
        {"metrics/mAP50(B)", "metrics_map50_b", MD_KIND_METRIC, MD_BETTER_HIGHER},
        {"LOSS NER", "loss_ner", MD_KIND_LOSS, MD_BETTER_LOWER},
        {"ENTS_P", "ents_p", MD_KIND_OTHER, MD_BETTER_NONE},
        {"lora_r", "lora_r", MD_KIND_OTHER, MD_BETTER_NONE},
        {"mapping_time_frac", "mapping_time_frac", MD_KIND_OTHER, MD_BETTER_NONE},
        {"fwd_bwd_time_no_acc", "fwd_bwd_time_no_acc", MD_KIND_OTHER, MD_BETTER_NONE},
        {"eval_stsb_spearman", "eval_stsb_spearman", MD_KIND_METRIC, MD_BETTER_HIGHER},
        {"train_matthews_correlation", "train_matthews_correlation", MD_KIND_METRIC, MD_BETTER_HIGHER},
        {"sts-dev_pearson_cosine", "sts_dev_pearson_cosine", MD_KIND_METRIC, MD_BETTER_HIGHER},
        {"l_percep", "l_percep", MD_KIND_LOSS, MD_BETTER_LOWER},
        {"l_g_fea", "l_g_fea", MD_KIND_LOSS, MD_BETTER_LOWER},
        /* CamelCase losses, lowercased whole: PaddleOCR's terms. */
        {"CTCLoss", "ctcloss", MD_KIND_LOSS, MD_BETTER_LOWER},
        {"SARLoss", "sarloss", MD_KIND_LOSS, MD_BETTER_LOWER},
        {"loss", "loss", MD_KIND_LOSS, MD_BETTER_LOWER},
    };
    md_store *st = new_store();
    for (size_t i = 0; i < MD_COUNT(want); i++)
        record(st, 1, want[i].key, 0.5);
    for (size_t i = 0; i < MD_COUNT(want); i++) {
        const md_series *s = series(st, want[i].name);
        ck_assert_msg(s->kind == want[i].kind && s->better == want[i].better, "%s: kind %d, better %d",
                      want[i].key, (int)s->kind, (int)s->better);
    }
    md_store_free(st);
}
END_TEST

START_TEST(test_unknown_records_dropped)
{
    md_store *st = new_store();
    /* A line with no catalog key is prose or a configuration dump. */
    md_store_record_begin(st, 1);
    md_store_record_need_known(st);
    put(st, "num_layers", 12, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "hidden_dim", 768, MD_UNIT_NONE, MD_KV_INTEGRAL);
    ck_assert_int_eq(md_store_record_end(st, NULL), -1);
    ck_assert_uint_eq(md_store_nseries(st), 0);

    /* Of a line of settings, only those the catalog names are kept. */
    md_store_record_begin(st, 1);
    md_store_record_need_known(st);
    put(st, "max_grad_norm", 1.0, MD_UNIT_NONE, 0);
    put(st, "hidden_dim", 768, MD_UNIT_NONE, MD_KV_INTEGRAL);
    md_store_record_end(st, NULL);
    ck_assert_uint_eq(series(st, "max_grad_norm")->count, 1);
    ck_assert_ptr_null(md_store_find(st, "hidden_dim"));
    ck_assert_uint_eq(md_store_nseries(st), 1);

    md_store_record_begin(st, 2);
    md_store_record_need_known(st);
    put(st, "custom_metric", 3, MD_UNIT_NONE, 0);
    put(st, "loss", 2, MD_UNIT_NONE, 0);
    put(st, "timestamp", 1.7e9, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    ck_assert_uint_eq(series(st, "custom_metric")->count, 1);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    ck_assert_ptr_null(md_store_find(st, "timestamp"));
    ck_assert_uint_eq(md_store_nseries(st), 3);
    md_store_free(st);
}
END_TEST

START_TEST(test_nonfinite_points)
{
    md_store *st = new_store();
    record(st, 1, "loss", 2.0);
    record(st, 2, "loss", 0.0);
    record(st, 3, "loss", NAN);
    record(st, 4, "loss", INFINITY);
    record(st, 5, "loss", 1.0);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 5);
    ck_assert_uint_eq(loss->finite, 3);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_uint_eq(loss->inf, 1);
    ck_assert_uint_eq(loss->zeros, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 3);
    ck_assert(loss->min == 0.0 && loss->max == 2.0);
    ck_assert_int_eq(loss->min_step, 2);
    ck_assert_int_eq(loss->max_step, 1);
    ck_assert(loss->last == 1.0 && loss->last_raw == 1.0);
    ck_assert(T_CLOSE(loss->mean, 1.0));
    md_store_free(st);
}
END_TEST

START_TEST(test_series_limit)
{
    md_store *st = new_store();
    char key[32];
    md_store_record_begin(st, 1);
    for (int i = 0; i < MD_MAX_SERIES + 6; i++) {
        int n = snprintf(key, sizeof key, "metric_%d", i);
        md_store_record_kv(st, key, (size_t)n, i, MD_UNIT_NONE, 0, NAN);
    }
    md_store_record_end(st, NULL);
    /* Keys of the log's own leave the catalog's share free... */
    size_t own = MD_MAX_SERIES - md_catalog_nseries(t_catalog());
    ck_assert_uint_eq(md_store_nseries(st), own);
    ck_assert_uint_eq(md_store_dropped_series(st), MD_MAX_SERIES + 6 - own);
    /* ...for the loss that comes after them. */
    record(st, 5, "loss", 2.5);
    record(st, 5, "val_loss", 2.7);
    ck_assert_uint_eq(md_store_nseries(st), own + 2);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);
}
END_TEST

/* Deterministic noise in [-1, 1]. */
static double noise(uint64_t i)
{
    return (double)((i * 2654435761u) % 2001) / 1000.0 - 1.0;
}

START_TEST(test_bucket_merging)
{
    md_store *st = new_store();
    const uint64_t n = 100003;
    double sum = 0, min = INFINITY, max = -INFINITY, first = NAN, last = NAN;
    uint64_t nonfinite = 0;
    for (uint64_t i = 0; i < n; i++) {
        /* Integers, so that every partial sum is exact. */
        double v = (double)((i * 7919) % 1000) - 400.0 + (double)(i % 97 == 0) * 5000.0;
        if (i % 1013 == 5)
            v = i % 2 ? NAN : INFINITY;
        record(st, (int64_t)i * 10, "loss", v);
        if (!isfinite(v)) {
            nonfinite++;
            continue;
        }
        sum += v;
        min = v < min ? v : min;
        max = v > max ? v : max;
        if (isnan(first))
            first = v;
        last = v;
    }
    const md_series *s = series(st, "loss");
    ck_assert_uint_le(s->nbuckets, MD_BUCKETS);
    ck_assert_uint_gt(s->nbuckets, MD_BUCKETS / 2);
    ck_assert_uint_eq(s->width & (s->width - 1), 0);

    uint64_t count = 0, bad = 0;
    double bsum = 0, mean_sum = 0, bmin = INFINITY, bmax = -INFINITY;
    for (size_t b = 0; b < s->nbuckets; b++) {
        const md_bucket *k = &s->buckets[b];
        ck_assert_uint_le(k->n + k->nonfinite, s->width);
        if (b > 0)
            ck_assert_int_gt(k->lo_step, s->buckets[b - 1].hi_step);
        count += k->n + k->nonfinite;
        bad += k->nonfinite;
        bsum += k->sum;
        if (k->n) {
            mean_sum += k->sum / k->n * k->n;
            bmin = k->min < bmin ? k->min : bmin;
            bmax = k->max > bmax ? k->max : bmax;
        }
    }
    ck_assert_uint_eq(count, n);
    ck_assert_uint_eq(bad, nonfinite);
    ck_assert(bsum == sum);
    ck_assert(fabs(mean_sum - sum) <= 1e-9 * fabs(sum) + 1e-6);
    ck_assert(bmin == min && bmax == max);
    ck_assert(s->buckets[0].first == first);
    ck_assert(s->buckets[s->nbuckets - 1].last == last);
    ck_assert_int_eq(s->buckets[0].lo_step, 0);
    ck_assert_int_eq(s->buckets[s->nbuckets - 1].hi_step, (int64_t)(n - 1) * 10);
    ck_assert(s->min == min && s->max == max && s->first == first && s->last == last);
    ck_assert_uint_eq(s->nan + s->inf, nonfinite);
    md_store_free(st);
}
END_TEST

/* The buckets' (n, mean, m2) combine to the exact variance of the points. */
/* A key resolved once and recorded by its number reads as its text does;
 * a second spelling of it gets no number until it has a key of its own. */
START_TEST(test_record_by_key)
{
    md_store *by_text = new_store(), *by_key = new_store();
    int loss = md_store_key(by_key, "loss", 4), step = md_store_key(by_key, "step", 4);
    ck_assert(loss >= 0 && step >= 0 && loss != step);
    ck_assert_int_eq(md_store_key(by_key, "loss", 4), loss);
    for (int i = 0; i < 3000; i++) {
        double v = 2.0 + noise((uint64_t)i) - i * 1e-4;
        record(by_text, i, "loss", v);
        md_store_record_begin(by_key, 1);
        md_store_record_key(by_key, step, i, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        md_store_record_key(by_key, loss, v, MD_UNIT_NONE, 0, NAN);
        md_store_record_end(by_key, NULL);
    }
    const md_series *a = series(by_text, "loss"), *b = series(by_key, "loss");
    ck_assert(a->count == b->count && a->mean == b->mean && a->m2 == b->m2 && a->last == b->last);
    ck_assert(a->nbuckets == b->nbuckets && memcmp(a->buckets, b->buckets, a->nbuckets * sizeof *a->buckets) == 0);
    md_store_free(by_text);
    md_store_free(by_key);

    md_store *st = new_store();
    int first = md_store_key(st, "train_loss", 10);
    ck_assert(first >= 0);
    ck_assert_int_eq(md_store_key(st, "train/loss", 10), -1);
    /* A W&B summary: the run's mean and the last step's loss, one record. */
    md_store_record_begin(st, 1);
    md_store_record_key(st, first, 1.9, MD_UNIT_NONE, 0, NAN);
    put(st, "train/loss", 1.7, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    int second = md_store_key(st, "train/loss", 10);
    ck_assert(second >= 0 && second != first);
    ck_assert_uint_eq(md_store_nseries(st), 2);
    md_store_free(st);

    st = md_store_new(t_catalog()); /* no input begun */
    ck_assert_int_eq(md_store_key(st, "loss", 4), -1);
    md_store_free(st);
}
END_TEST

START_TEST(test_bucket_variance)
{
    md_store *st = new_store();
    const uint64_t n = 50000;
    double mean = 0, m2 = 0;
    for (uint64_t i = 0; i < n; i++) {
        double v = 3.0 + noise(i) + (double)i * 1e-4;
        record(st, (int64_t)i, "loss", v);
        double delta = v - mean;
        mean += delta / (double)(i + 1);
        m2 += delta * (v - mean);
    }
    const md_series *s = series(st, "loss");
    double cn = 0, cmean = 0, cm2 = 0;
    for (size_t b = 0; b < s->nbuckets; b++) {
        const md_bucket *k = &s->buckets[b];
        double bm = k->sum / k->n, delta = bm - cmean, total = cn + k->n;
        cm2 += k->m2 + delta * delta * cn * k->n / total;
        cmean += delta * k->n / total;
        cn = total;
    }
    ck_assert(fabs(cm2 - m2) <= 1e-6 * m2);
    ck_assert(fabs(s->m2 - m2) <= 1e-6 * m2);
    ck_assert(fabs(s->mean - mean) <= 1e-9);
    md_store_free(st);
}
END_TEST

static void finish(md_store *st)
{
    md_store_sort(st); /* closes spikes still open at the end */
}

START_TEST(test_spike_recovers_fast)
{
    md_store *st = new_store();
    for (int i = 0; i < 200; i++)
        record(st, i, "loss", i == 100 ? 3.0 : 1.0 + 0.01 * noise((uint64_t)i));
    finish(st);
    const md_series *s = series(st, "loss");
    ck_assert_uint_eq(s->spike_count, 1);
    ck_assert_uint_eq(s->nspikes, 1);
    ck_assert_uint_eq(s->spikes_fast, 1);
    ck_assert_uint_eq(s->spikes_open, 0);
    const md_spike *sp = &s->spikes[0];
    ck_assert_int_eq(sp->step, 100);
    ck_assert_int_eq(sp->peak_step, 100);
    ck_assert(sp->peak == 3.0);
    ck_assert(sp->recovered);
    ck_assert_uint_le(sp->length, MD_SPIKE_FAST_POINTS);
    ck_assert(fabs(sp->level - 1.0) < 0.02);
    ck_assert(fabs(sp->ratio - 3.0) < 0.1);
    md_store_free(st);
}
END_TEST

START_TEST(test_level_shift_never_recovers)
{
    md_store *st = new_store();
    for (int i = 0; i < 200; i++)
        record(st, i, "loss", (i < 100 ? 1.0 : 3.0) + 0.01 * noise((uint64_t)i));
    finish(st);
    const md_series *s = series(st, "loss");
    ck_assert_uint_eq(s->spike_count, 1);
    ck_assert_uint_eq(s->nspikes, 1);
    ck_assert_uint_eq(s->spikes_open, 1);
    ck_assert_uint_eq(s->spikes_fast + s->spikes_slow, 0);
    ck_assert_int_eq(s->spikes[0].step, 100);
    ck_assert(!s->spikes[0].recovered);
    ck_assert_uint_eq(s->spikes[0].length, 100);
    md_store_free(st);
}
END_TEST

START_TEST(test_spike_higher_is_better)
{
    md_store *st = new_store();
    for (int i = 0; i < 100; i++)
        record(st, i, "accuracy", i == 60 ? 0.2 : 0.8 + 0.001 * noise((uint64_t)i));
    finish(st);
    const md_series *s = series(st, "accuracy");
    ck_assert_int_eq(s->better, MD_BETTER_HIGHER);
    ck_assert_uint_eq(s->spike_count, 1);
    ck_assert_int_eq(s->spikes[0].step, 60);
    ck_assert(s->spikes[0].peak == 0.2);
    ck_assert(fabs(s->spikes[0].ratio - 4.0) < 0.05);
    ck_assert(s->spikes[0].recovered);
    md_store_free(st);
}
END_TEST

/* A loss that fell from 0.6 to a ten-thousandth of it: a jump to 3 times
 * that level is 0.0002, a third of a thousandth of where the run began,
 * and no spike. Three times a level only ten times below the start is. */
START_TEST(test_no_spike_near_zero)
{
    static const double floors[] = {0.00006, 0.06};
    static const uint64_t want[] = {0, 1};
    for (size_t k = 0; k < MD_COUNT(floors); k++) {
        md_store *st = new_store();
        for (int i = 0; i < 600; i++) {
            double v = i < 8 ? 0.6 : floors[k] * (1 + 0.01 * noise((uint64_t)i));
            record(st, i, "loss", i == 500 ? 3 * floors[k] : v);
        }
        finish(st);
        ck_assert_uint_eq(series(st, "loss")->spike_count, want[k]);
        md_store_free(st);
    }
}
END_TEST

START_TEST(test_noise_is_not_a_spike)
{
    md_store *st = new_store();
    for (int i = 0; i < 5000; i++)
        record(st, i, "loss", 2.0 + 0.05 * noise((uint64_t)i));
    finish(st);
    ck_assert_uint_eq(series(st, "loss")->spike_count, 0);
    md_store_free(st);
}
END_TEST

/* Early in training the loss falls fast; a spike there stands out from
 * the trend, not from a lagging average whose lag would widen the band. */
START_TEST(test_spike_during_fast_descent)
{
    md_store *st = new_store();
    for (int i = 0; i < 400; i++) {
        double base = 2.0 + 8.0 * exp(-i / 80.0);
        double v = base * (1 + 0.03 * noise((uint64_t)i));
        record(st, i, "loss", i == 160 ? 2.7 * base : v);
    }
    finish(st);
    const md_series *s = series(st, "loss");
    ck_assert_uint_eq(s->spike_count, 1);
    ck_assert_int_eq(s->spikes[0].step, 160);
    ck_assert(s->spikes[0].recovered);
    ck_assert_msg(fabs(s->spikes[0].ratio - 2.7) < 0.2, "ratio %g", s->spikes[0].ratio);
    md_store_free(st);
}
END_TEST

/* Fast descents that turn flat (a knee), a warm-up that ends, and a step
 * decay of the learning rate are trends, not spikes. */
START_TEST(test_trends_are_not_spikes)
{
    for (int shape = 0; shape < 3; shape++) {
        md_store *st = new_store();
        for (int i = 0; i < 2000; i++) {
            double base = shape == 0   ? 1.0 + 9.0 * exp(-i / 30.0)
                          : shape == 1 ? (i < 100 ? 8.0 - 0.06 * i : 2.0 - 0.0002 * i)
                                       : (i < 1000 ? 2.0 : 1.4) - 0.0001 * i;
            record(st, i, "loss", base * (1 + 0.03 * noise((uint64_t)i)));
        }
        finish(st);
        ck_assert_msg(series(st, "loss")->spike_count == 0, "shape %d: %lu spikes", shape,
                      (unsigned long)series(st, "loss")->spike_count);
        md_store_free(st);
    }
}
END_TEST

static const md_event_spec *event_spec(const char *id)
{
    int idx = md_catalog_find_event(t_catalog(), id);
    ck_assert_int_ge(idx, 0);
    return md_catalog_event(t_catalog(), (size_t)idx);
}

static size_t field_index(const md_event_spec *spec, const char *name)
{
    for (size_t i = 0; i < spec->nfields; i++)
        if (strcmp(spec->fields[i].name, name) == 0)
            return i;
    ck_abort_msg("no field %s", name);
    return 0;
}

static void oom(md_store *st, unsigned long line, int64_t step, double tried)
{
    const md_event_spec *spec = event_spec("cuda_oom");
    double fields[MD_EVENT_MAX_FIELDS];
    for (size_t i = 0; i < MD_EVENT_MAX_FIELDS; i++)
        fields[i] = NAN;
    fields[field_index(spec, "tried_gib")] = tried;
    const char *text = "  torch.OutOfMemoryError: CUDA out of memory.  \r";
    md_store_event(st, spec, line, step, text, strlen(text), fields);
}

START_TEST(test_event_fields)
{
    md_store *st = new_store();
    oom(st, 10, 5, 2.0);
    oom(st, 20, 6, NAN);
    oom(st, 30, 7, 0.5);
    oom(st, 40, 8, 1.0);
    const md_event *e = md_store_find_event(st, "cuda_oom");
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->count, 4);
    ck_assert_uint_eq(e->first_line, 10);
    ck_assert_uint_eq(e->last_line, 40);
    ck_assert_int_eq(e->first_step, 5);
    ck_assert_int_eq(e->last_step, 8);
    ck_assert_str_eq(e->first_text, "torch.OutOfMemoryError: CUDA out of memory.");
    const md_event_field *f = &e->fields[field_index(event_spec("cuda_oom"), "tried_gib")];
    ck_assert_str_eq(f->name, "tried_gib");
    ck_assert_uint_eq(f->n, 3);
    ck_assert(f->first == 2.0 && f->last == 1.0 && f->min == 0.5 && f->max == 2.0);
    ck_assert_uint_eq(md_store_input(st, 0)->events, 4);

    /* Long lines keep their first MD_EVENT_TEXT_MAX bytes. */
    char text[1000];
    memset(text, 'x', sizeof text);
    md_store_event(st, event_spec("nccl_error"), 50, -1, text, sizeof text, NULL);
    ck_assert_uint_eq(strlen(md_store_find_event(st, "nccl_error")->first_text), MD_EVENT_TEXT_MAX);
    md_store_free(st);
}
END_TEST

/* What its input logged after an event: steps, and records of metrics,
 * all that a log without steps (HF Trainer's console dicts) shows. */
START_TEST(test_event_after)
{
    md_store *st = new_store();
    for (int s = 1; s <= 3; s++)
        record(st, s, "loss", 2.0);
    oom(st, 10, 3, 2.0);
    for (int s = 4; s <= 5; s++)
        record(st, s, "loss", 1.9);
    finish(st);
    md_sigset *sig = md_sigset_new(st);
    md_value v = md_signal_event(sig, "cuda_oom", "steps_after");
    ck_assert(v.known && v.v == 2);
    v = md_signal_event(sig, "cuda_oom", "entries_after");
    ck_assert(v.known && v.v == 2);
    v = md_signal_event(sig, "cuda_oom", "went_on");
    ck_assert(v.known && v.v == 0); /* two entries: another rank's last lines */
    md_sigset_free(sig);
    md_store_free(st);

    st = new_store();
    record(st, -1, "loss", 2.0);
    oom(st, 10, -1, 2.0);
    for (int i = 0; i < 4; i++)
        record(st, -1, "loss", 1.9);
    finish(st);
    sig = md_sigset_new(st);
    ck_assert(!md_signal_event(sig, "cuda_oom", "steps_after").known);
    v = md_signal_event(sig, "cuda_oom", "entries_after");
    ck_assert(v.known && v.v == 4);
    v = md_signal_event(sig, "cuda_oom", "went_on");
    ck_assert(v.known && v.v == 1);
    md_sigset_free(sig);
    md_store_free(st);
}
END_TEST

static void record_at(md_store *st, unsigned long line, int64_t step, double v)
{
    md_store_record_begin(st, line);
    put(st, "step", (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL);
    put(st, "loss", v, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
}

/* An event before the last run's first loss, in the loss's own input, was
 * an earlier attempt's; lines of another input compare with nothing. */
START_TEST(test_event_earlier_run)
{
    for (int where = 0; where < 3; where++) {
        md_store *st = new_store();
        unsigned long line = 1;
        if (where == 2) { /* a console log beside the metrics */
            oom(st, 40, -1, 2.0);
            md_store_begin_input(st, "metrics.jsonl", MD_FMT_JSONL);
        }
        for (int s = 1; s <= 10; s++)
            record_at(st, line++, s, 2.0 - s / 100.0);
        if (where == 0)
            oom(st, line++, 10, 2.0);
        for (int s = 1; s <= 10; s++) {
            if (where == 1 && s == 5)
                oom(st, line++, 4, 2.0);
            record_at(st, line++, s, 1.5 - s / 100.0);
        }
        finish(st);
        md_sigset *sig = md_sigset_new(st);
        ck_assert_uint_eq(series(st, "loss")->runs, 2);
        md_value v = md_signal_event(sig, "cuda_oom", "earlier_run");
        ck_assert_msg(v.known && v.v == (where == 0), "case %d: earlier_run %g", where, v.v);
        md_sigset_free(sig);
        md_store_free(st);
    }
}
END_TEST

START_TEST(test_timestamps_and_gaps)
{
    md_store *st = new_store();
    md_store_timestamp(st, 1, 1000.0);
    md_store_timestamp(st, 2, 1001.0);
    md_store_timestamp(st, 3, 1001.5);
    md_store_timestamp(st, 4, 4601.5); /* an hour of silence */
    md_store_timestamp(st, 5, 4600.0); /* clocks of other ranks lag */
    md_store_timestamp(st, 6, NAN);
    const md_timeline *t = &md_store_input(st, 0)->time;
    ck_assert_uint_eq(t->stamps, 5);
    ck_assert(t->first == 1000.0 && t->last == 4601.5);
    ck_assert(t->max_gap == 3600.0);
    ck_assert_uint_eq(t->max_gap_line, 4);
    uint64_t hist = 0;
    for (size_t i = 0; i < MD_COUNT(t->gap_hist); i++)
        hist += t->gap_hist[i];
    ck_assert_uint_eq(hist, 4);
    md_store_free(st);

    /* The clock set back an hour (summer time's end): the time goes on
     * from the latest stamp, so a silence after it still counts. */
    st = new_store();
    for (int i = 0; i < 10; i++)
        md_store_timestamp(st, (unsigned long)i + 1, 7000.0 + 10 * i); /* ... 7090 */
    md_store_timestamp(st, 11, 3500.0);                                 /* set back? */
    md_store_timestamp(st, 12, 3510.0);                                 /* yes: as 7100 */
    md_store_timestamp(st, 13, 6210.0);                                 /* 45 minutes silent */
    t = &md_store_input(st, 0)->time;
    ck_assert(t->max_gap == 2700.0);
    ck_assert_uint_eq(t->max_gap_line, 13);
    ck_assert(t->last - t->first == 2800.0);
    md_store_free(st);

    /* One line an hour behind among the others, or a rank whose every line
     * is (its clock in UTC): no clock was set back. */
    st = new_store();
    for (int i = 0; i < 40; i++)
        md_store_timestamp(st, (unsigned long)i + 1, 7000.0 + 10 * (i / 2) - (i % 2 ? 3600 : 0));
    t = &md_store_input(st, 0)->time;
    ck_assert(t->last - t->first == 190.0);
    ck_assert(t->max_gap == 10.0);
    md_store_free(st);

    /* The steps on each side of the longest silence: the first step a
     * record gives after it (not a record without values), known only
     * once one came. */
    st = new_store();
    md_store_timestamp(st, 1, 1000.0);
    record(st, 40, "loss", 2.0);
    md_store_timestamp(st, 3, 1001.0);
    md_store_timestamp(st, 4, 99001.0); /* a day later, another launch */
    t = &md_store_input(st, 0)->time;
    ck_assert(t->max_gap_step == 40 && t->max_gap_step_after == -1);
    record(st, 13099, "loss", 0.9);
    record(st, 13100, "loss", 0.8);
    ck_assert(t->max_gap_step == 40 && t->max_gap_step_after == 13099);
    finish(st);
    md_sigset *sig = md_sigset_new(st);
    md_value after = md_signal_log(sig, "max_gap_step_after");
    ck_assert(after.known && after.v == 13099);
    md_value third = md_signal_log(sig, "third_gap_s");
    ck_assert(third.known && third.v == 0);
    md_sigset_free(sig);
    md_store_free(st);

    /* The second and third longest silences, whichever order they come in. */
    st = new_store();
    static const double gaps[] = {50, 6100, 0.5, 6000, 200, 7000, 6050};
    double at = 0;
    md_store_timestamp(st, 1, at);
    for (size_t i = 0; i < MD_COUNT(gaps); i++)
        md_store_timestamp(st, i + 2, at += gaps[i]);
    t = &md_store_input(st, 0)->time;
    ck_assert(t->max_gap == 7000 && t->runner_up_gaps[0] == 6100 && t->runner_up_gaps[1] == 6050);
    finish(st);
    sig = md_sigset_new(st);
    third = md_signal_log(sig, "third_gap_s");
    ck_assert(third.known && third.v == 6050);
    md_sigset_free(sig);
    md_store_free(st);
}
END_TEST

static md_store *store_with_loss(const char *input, int points)
{
    md_store *st = md_store_new(t_catalog());
    md_store_begin_input(st, input, MD_FMT_TEXT);
    for (int i = 0; i < points; i++)
        record(st, i, "loss", 10.0 - i);
    return st;
}

START_TEST(test_merge_keeps_longer_series)
{
    md_store *run = store_with_loss("a.log", 3);
    oom(run, 1, 1, 1.0);
    record(run, 1, "lr", 0.1);

    md_store *b = store_with_loss("b.log", 5);
    oom(b, 7, 2, 0.5);
    oom(b, 9, 3, 2.0);
    md_store_merge(run, b);
    ck_assert_uint_eq(md_store_ninputs(run), 2);
    const md_series *loss = series(run, "loss");
    ck_assert_uint_eq(loss->count, 5);
    ck_assert_int_eq(loss->input, 1);
    ck_assert_str_eq(md_store_input(run, (size_t)loss->input)->path, "b.log");
    ck_assert_uint_eq(series(run, "lr")->count, 1);

    const md_event *e = md_store_find_event(run, "cuda_oom");
    ck_assert_uint_eq(e->count, 3);
    ck_assert_int_eq(e->first_input, 0);
    ck_assert_int_eq(e->last_input, 1);
    ck_assert_uint_eq(e->last_line, 9);
    const md_event_field *f = &e->fields[field_index(event_spec("cuda_oom"), "tried_gib")];
    ck_assert_uint_eq(f->n, 3);
    ck_assert(f->first == 1.0 && f->last == 2.0 && f->min == 0.5 && f->max == 2.0);

    md_store_merge(run, store_with_loss("c.log", 2));
    ck_assert_uint_eq(md_store_ninputs(run), 3);
    loss = series(run, "loss");
    ck_assert_uint_eq(loss->count, 5);
    ck_assert_int_eq(loss->input, 1);
    ck_assert_uint_eq(md_store_total_points(run), 3 + 1 + 5 + 2);
    md_store_free(run);
}
END_TEST

/* Two files of a run, a test set's loss in one and a validation set's in
 * the other (MLflow's metrics/test_loss and metrics/val_loss): both reach
 * val_loss, neither is a copy of the other. Both are kept, the validation
 * set's under the canonical name, whichever file came first. */
START_TEST(test_merge_keeps_test_and_val_sets)
{
    for (int order = 0; order < 2; order++) {
        md_store *test = md_store_new(t_catalog());
        md_store_begin_input(test, "metrics/test_loss", MD_FMT_MLFLOW);
        record(test, 0, "test_loss", 0.39);
        md_store *val = md_store_new(t_catalog());
        md_store_begin_input(val, "metrics/val_loss", MD_FMT_MLFLOW);
        record(val, 0, "val_loss", 0.37);
        md_store *run = md_store_new(t_catalog());
        md_store_merge(run, order ? val : test);
        md_store_merge(run, order ? test : val);
        ck_assert_double_eq(series(run, "val_loss")->last, 0.37);
        ck_assert_double_eq(series(run, "test_loss")->last, 0.39);
        md_store_free(run);
    }
}
END_TEST

/* In one record, "val_loss" is val_loss and "test_loss" its own series. */
START_TEST(test_exact_spelling_keeps_name)
{
    md_store *st = md_store_new(t_catalog());
    md_store_begin_input(st, "run.log", MD_FMT_TEXT);
    for (int i = 0; i < 3; i++) {
        md_store_record_begin(st, (unsigned long)i + 1);
        put(st, "step", i, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "test_loss", 0.5 - 0.05 * i, MD_UNIT_NONE, 0);
        put(st, "val_loss", 0.4 - 0.05 * i, MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
    }
    md_store_sort(st);
    ck_assert_double_eq_tol(series(st, "val_loss")->first, 0.4, 1e-12);
    ck_assert_double_eq_tol(series(st, "test_loss")->first, 0.5, 1e-12);
    md_store_free(st);
}
END_TEST

/* A W&B run directory: the console printed the loss without steps, the
 * run file holds the same points with them. The stepped copy is kept,
 * whichever file came first. */
START_TEST(test_merge_prefers_stepped_copy)
{
    for (int order = 0; order < 2; order++) {
        md_store *console = md_store_new(t_catalog());
        md_store_begin_input(console, "files/output.log", MD_FMT_TEXT);
        md_store *history = md_store_new(t_catalog());
        md_store_begin_input(history, "run-abc.wandb", MD_FMT_WANDB);
        for (int i = 0; i < 3; i++) {
            record(console, -1, "loss", 3.0 - i);
            record(history, 30 * (i + 1), "loss", 3.0 - i);
        }
        md_store *run = order ? history : console;
        md_store_merge(run, order ? console : history);
        const md_series *loss = series(run, "loss");
        ck_assert(!loss->ordinal);
        ck_assert_int_eq(loss->last_step, 90);
        md_store_free(run);
    }
}
END_TEST

/* A noisy falling loss, the same in every part of a run. */
static double loss_at(int64_t step)
{
    return 2.0 + 8.0 / (1.0 + 0.01 * (double)step) + 0.1 * (double)(step % 7);
}

/* One file of a run: steps from..to, with a NaN at nan_at (-1 for none). */
static md_store *part(const char *input, int64_t from, int64_t to, int64_t nan_at)
{
    md_store *st = md_store_new(t_catalog());
    md_store_begin_input(st, input, MD_FMT_TEXT);
    for (int64_t i = from; i <= to; i++)
        record(st, i, "loss", i == nan_at ? NAN : loss_at(i));
    return st;
}

/* What a series of steps from..to holds when read in one piece. */
static void assert_whole_run(const md_series *s, int64_t from, int64_t to)
{
    double mean = 0, m2 = 0, min = INFINITY;
    int64_t min_step = -1;
    uint64_t n = 0;
    for (int64_t i = from; i <= to; i++) {
        double v = loss_at(i), delta = v - mean;
        mean += delta / (double)++n;
        m2 += delta * (v - mean);
        if (v < min)
            min = v, min_step = i;
    }
    ck_assert_uint_eq(s->count, n);
    ck_assert_uint_eq(s->finite, n);
    ck_assert_int_eq(s->first_step, from);
    ck_assert_int_eq(s->last_step, to);
    ck_assert_double_eq_tol(s->mean, mean, 1e-9 * mean);
    ck_assert_double_eq_tol(s->m2, m2, 1e-6 * m2);
    ck_assert_double_eq(s->min, min);
    ck_assert_int_eq(s->min_step, min_step);
    ck_assert_double_eq(s->first, loss_at(from));
    ck_assert_double_eq(s->last, loss_at(to));
    ck_assert_uint_le(s->nbuckets, MD_BUCKETS);
    uint64_t in_buckets = 0;
    for (size_t i = 0; i < s->nbuckets; i++) {
        in_buckets += s->buckets[i].n;
        ck_assert_int_le(s->buckets[i].lo_step, s->buckets[i].hi_step);
        if (i)
            ck_assert_int_lt(s->buckets[i - 1].hi_step, s->buckets[i].lo_step);
    }
    ck_assert_uint_eq(in_buckets, n);
}

START_TEST(test_merge_joins_resumed_run)
{
    /* The first attempt went to step 149 and hit a NaN at 120; the run
     * resumed from the checkpoint at step 100 in a new log. */
    md_store *run = part("attempt1.log", 0, 149, 120);
    md_store_merge(run, part("attempt2.log", 100, 299, -1));
    const md_series *loss = series(run, "loss");
    assert_whole_run(loss, 0, 299);
    ck_assert_uint_eq(loss->nan, 0);
    ck_assert_int_eq(loss->first_nonfinite_step, -1);
    ck_assert_uint_eq(loss->restarts, 1);
    ck_assert_str_eq(md_store_input(run, (size_t)loss->input)->path, "attempt2.log");
    md_store_free(run);

    /* The parts may come in either order. */
    run = part("attempt2.log", 100, 299, -1);
    md_store_merge(run, part("attempt1.log", 0, 149, 120));
    assert_whole_run(series(run, "loss"), 0, 299);
    md_store_free(run);
}
END_TEST

START_TEST(test_merge_joins_rotated_log)
{
    /* Three files of one log, each long enough to have merged buckets. */
    md_store *run = part("train.log", 0, 4999, -1);
    md_store_merge(run, part("train.log.1", 5000, 10999, -1));
    md_store_merge(run, part("train.log.2", 11000, 11999, 11500));
    const md_series *loss = series(run, "loss");
    ck_assert_uint_eq(loss->count, 12000);
    ck_assert_uint_eq(loss->finite, 11999);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 11500);
    ck_assert_uint_eq(loss->restarts, 0);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 11999);
    ck_assert_uint_le(loss->nbuckets, MD_BUCKETS);
    md_store_free(run);

    run = part("train.log", 0, 4999, -1);
    md_store_merge(run, part("train.log.1", 5000, 10999, -1));
    assert_whole_run(series(run, "loss"), 0, 10999);
    md_store_free(run);
}
END_TEST

/* NaNs that lead a joined series: a first file of placeholders alone runs
 * into the second's; a first file with finite points keeps its own. The
 * finite points before the first NaN add up the same way. */
START_TEST(test_merge_leading_nonfinite)
{
    md_store *run = md_store_new(t_catalog());
    md_store_begin_input(run, "train.log", MD_FMT_TEXT);
    for (int64_t i = 0; i < 3; i++)
        record(run, i, "loss", NAN);
    md_store *next = md_store_new(t_catalog());
    md_store_begin_input(next, "train.log.1", MD_FMT_TEXT);
    record(next, 3, "loss", NAN);
    for (int64_t i = 4; i < 10; i++)
        record(next, i, "loss", loss_at(i));
    record(next, 10, "loss", NAN);
    md_store_merge(run, next);
    const md_series *loss = series(run, "loss");
    ck_assert_uint_eq(loss->count, 11);
    ck_assert_uint_eq(loss->leading_nonfinite, 4);
    ck_assert_uint_eq(loss->nan, 5);
    md_store_free(run);

    run = part("train.log", 0, 4, 0);
    md_store_merge(run, part("train.log.1", 5, 9, 5));
    loss = series(run, "loss");
    ck_assert_uint_eq(loss->leading_nonfinite, 1);
    ck_assert_uint_eq(loss->nan, 2);
    ck_assert_uint_eq(loss->finite_before_nonfinite, 0);
    md_store_free(run);

    /* The finite points before the first NaN count across the files. */
    run = part("train.log", 0, 4, -1);
    md_store_merge(run, part("train.log.1", 5, 9, 7));
    ck_assert_uint_eq(series(run, "loss")->finite_before_nonfinite, 7);
    md_store_free(run);
    run = part("train.log", 0, 4, 2);
    md_store_merge(run, part("train.log.1", 5, 9, 8));
    ck_assert_uint_eq(series(run, "loss")->finite_before_nonfinite, 2);
    md_store_free(run);
}
END_TEST

START_TEST(test_merge_keeps_copy_once)
{
    /* The console log and trainer_state.json of one run: the same steps,
     * sampled otherwise. The fuller one stays; nothing is counted twice. */
    md_store *run = part("train.log", 0, 99, -1);
    md_store *state = md_store_new(t_catalog());
    md_store_begin_input(state, "trainer_state.json", MD_FMT_JSON);
    for (int64_t i = 10; i <= 100; i += 10)
        record(state, i, "loss", loss_at(i));
    md_store_merge(run, state);
    const md_series *loss = series(run, "loss");
    assert_whole_run(loss, 0, 99);
    ck_assert_uint_eq(loss->restarts, 0);
    md_store_free(run);
}
END_TEST

START_TEST(test_sort_order)
{
    md_store *st = new_store();
    md_store_record_begin(st, 1);
    put(st, "zeta", 1, MD_UNIT_NONE, 0);
    put(st, "lr", 1, MD_UNIT_NONE, 0);
    put(st, "alpha", 1, MD_UNIT_NONE, 0);
    put(st, "loss", 1, MD_UNIT_NONE, 0);
    md_store_record_end(st, NULL);
    md_store_sort(st);
    /* Catalog series in catalog order, then the others by name. */
    bool loss_first = md_catalog_find_series(t_catalog(), "loss") < md_catalog_find_series(t_catalog(), "lr");
    const char *order[] = {loss_first ? "loss" : "lr", loss_first ? "lr" : "loss", "alpha", "zeta"};
    ck_assert_uint_eq(md_store_nseries(st), 4);
    for (size_t i = 0; i < MD_COUNT(order); i++)
        ck_assert_str_eq(md_store_series(st, i)->name, order[i]);
    ck_assert_ptr_eq(md_store_find(st, "alpha"), md_store_series(st, 2));
    md_store_free(st);
}
END_TEST

/* A copy finishes (names settled, open spikes closed, percent made a
 * fraction) on its own, while the store it came from goes on taking
 * points: what mldiag watch evaluates. */
START_TEST(test_copy_finishes_alone)
{
    md_store *st = new_store();
    for (int i = 0; i < 150; i++) {
        record(st, i, "loss", (i < 140 ? 1.0 : 3.0) + 0.01 * noise((uint64_t)i));
        add_printed(st, i, "mfu", 40 + 0.1 * i, 1);
    }
    oom(st, 151, 149, 2.0);
    md_store *copy = md_store_copy(st);
    finish(copy);
    for (int i = 150; i < 200; i++)
        record(st, i, "loss", 1.0 + 0.01 * noise((uint64_t)i));
    oom(st, 201, 199, 1.0);

    const md_series *loss = series(copy, "loss");
    ck_assert_uint_eq(loss->count, 150);
    ck_assert_uint_eq(loss->spikes_open, 1);
    ck_assert_uint_eq(loss->nspikes, 1);
    ck_assert(series(copy, "mfu")->max <= 1.0);
    ck_assert_uint_eq(md_store_find_event(copy, "cuda_oom")->count, 1);
    ck_assert_str_eq(md_store_input(copy, 0)->path, "test.log");

    ck_assert(series(st, "mfu")->max > 1.0); /* st is not finished */
    finish(st);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 200);
    ck_assert_uint_eq(loss->spikes_open, 0);
    ck_assert_uint_eq(loss->spike_count, 1);
    ck_assert_uint_eq(md_store_find_event(st, "cuda_oom")->count, 2);
    ck_assert_uint_eq(series(copy, "loss")->count, 150);
    md_store_free(copy);
    md_store_free(st);
}
END_TEST

/* ---- bounded memory ------------------------------------------------------ */

/* Per series: the fixed struct, the private state, its name and sources
 * (well under 1 KiB), and at most MD_BUCKETS buckets. The store's own maps
 * and key tables for a few hundred keys stay under 256 KiB. */
#define SERIES_SLACK 1024
#define STORE_SLACK (256 * 1024)

static size_t series_bound(size_t nseries)
{
    return nseries * (sizeof(md_series) + MD_BUCKETS * sizeof(md_bucket) + SERIES_SLACK) + STORE_SLACK;
}

static md_store *feed_one(uint64_t points)
{
    md_store *st = new_store();
    for (uint64_t i = 0; i < points; i++) {
        md_store_record_begin(st, 1);
        put(st, "step", (double)i, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, "loss", 2.0 + noise(i), MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
    }
    return st;
}

START_TEST(test_bounded_one_series)
{
    md_store *small = feed_one(1000000);
    md_store *big = feed_one(10000000);
    ck_assert_uint_eq(series(big, "loss")->count, 10000000);
    ck_assert_uint_le(series(big, "loss")->nbuckets, MD_BUCKETS);
    size_t a = md_store_bytes(small), b = md_store_bytes(big);
    /* One series: about 128 KiB of buckets, not 10M points. */
    ck_assert_msg(b <= series_bound(1), "%zu bytes for one series, bound %zu", b, series_bound(1));
    ck_assert_uint_ge(b, MD_BUCKETS * sizeof(md_bucket));
    ck_assert_msg(b <= a + a / 100 && a <= b + b / 100, "1M points: %zu bytes, 10M: %zu", a, b);
    md_store_free(small);
    md_store_free(big);
}
END_TEST

START_TEST(test_bounded_many_series)
{
    enum { NSERIES = 200, POINTS = 50000 };
    md_store *st = new_store();
    char keys[NSERIES][16];
    size_t lens[NSERIES];
    for (int k = 0; k < NSERIES; k++)
        lens[k] = (size_t)snprintf(keys[k], sizeof keys[k], "metric_%d", k);
    for (uint64_t i = 0; i < POINTS; i++) {
        md_store_record_begin(st, 1);
        put(st, "step", (double)i, MD_UNIT_NONE, MD_KV_INTEGRAL);
        for (int k = 0; k < NSERIES; k++)
            md_store_record_kv(st, keys[k], lens[k], noise(i + (uint64_t)k), MD_UNIT_NONE, 0, NAN);
        put(st, "loss", 2.0 + noise(i), MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
    }
    ck_assert_uint_eq(md_store_nseries(st), NSERIES + 1);
    /* The first MD_FULL_SERIES keep MD_BUCKETS buckets, the rest of the
     * log's own MD_BUCKETS_FEW; the loss, named by the catalog, came last
     * and keeps MD_BUCKETS. */
    for (size_t i = 0; i < NSERIES; i++) {
        char name[16];
        snprintf(name, sizeof name, "metric_%zu", i);
        const md_series *s = series(st, name);
        ck_assert_uint_eq(s->count, POINTS);
        size_t most = i < MD_FULL_SERIES ? MD_BUCKETS : MD_BUCKETS_FEW;
        ck_assert_uint_le(s->nbuckets, most);
        ck_assert_uint_gt(s->nbuckets, most / 2);
    }
    ck_assert_uint_gt(series(st, "loss")->nbuckets, MD_BUCKETS / 2);
    size_t bytes = md_store_bytes(st), full = MD_FULL_SERIES + 1, few = NSERIES - MD_FULL_SERIES;
    size_t bound = series_bound(full) + few * (sizeof(md_series) + MD_BUCKETS_FEW * sizeof(md_bucket) + SERIES_SLACK);
    /* 65 x 2048 buckets of 72 bytes and 136 x 128: about 10 MB for 10M points. */
    ck_assert_msg(bytes <= bound, "%zu bytes, bound %zu", bytes, bound);
    ck_assert_uint_ge(bytes, (full * MD_BUCKETS + few * MD_BUCKETS_FEW) / 2 * sizeof(md_bucket));
    md_store_free(st);
}
END_TEST

/* A record per line whose one value is under a key of its own ("sample_7:
 * 0.93"), then the loss: values of keys past MD_MAX_KEYS are counted and
 * not kept; the loss, which the catalog names, still gets its series. */
static md_store *feed_new_keys(int n)
{
    md_store *st = new_store();
    char key[32];
    for (int i = 0; i < n; i++) {
        md_store_record_begin(st, 1);
        put(st, "step", i, MD_UNIT_NONE, MD_KV_INTEGRAL);
        put(st, (snprintf(key, sizeof key, "sample_%d", i), key), 0.5, MD_UNIT_NONE, 0);
        md_store_record_end(st, NULL);
    }
    for (int i = n; i < n + 10; i++)
        record(st, i, "loss", 2.0 - i * 1e-6);
    return st;
}

START_TEST(test_bounded_keys)
{
    md_store *small = feed_new_keys(2 * MD_MAX_KEYS), *big = feed_new_keys(8 * MD_MAX_KEYS);
    /* "step" and MD_MAX_KEYS - 1 samples are kept as keys, the rest
     * unread; the samples' series stop short of the catalog's share. */
    size_t own = MD_MAX_SERIES - md_catalog_nseries(t_catalog());
    ck_assert_uint_eq(md_store_unread_values(small), MD_MAX_KEYS + 1);
    ck_assert_uint_eq(md_store_unread_values(big), 7 * MD_MAX_KEYS + 1);
    ck_assert_uint_eq(md_store_nseries(big), own + 1);
    ck_assert_uint_eq(md_store_dropped_series(big), MD_MAX_KEYS - 1 - own);
    ck_assert_uint_eq(series(big, "loss")->count, 10);
    ck_assert_int_eq(series(big, "loss")->first_step, 8 * MD_MAX_KEYS);
    size_t a = md_store_bytes(small), b = md_store_bytes(big);
    ck_assert_msg(a == b, "%zu bytes after %d keys, %zu after %d", a, 2 * MD_MAX_KEYS, b, 8 * MD_MAX_KEYS);
    md_store_free(small);
    md_store_free(big);
}
END_TEST

Suite *suite_store(void)
{
    Suite *s = suite_create("store");
    TCase *rec = tcase_create("records");
    tcase_add_test(rec, test_step_keys);
    tcase_add_test(rec, test_step_carried_over_an_epoch);
    tcase_add_test(rec, test_running_mean_replaced);
    tcase_add_test(rec, test_count_again_parts_record);
    tcase_add_test(rec, test_repeated_print_is_one_point);
    tcase_add_test(rec, test_fraction_in_percent);
    tcase_add_test(rec, test_percent_sign_after_a_loss);
    tcase_add_test(rec, test_ordinal_steps);
    tcase_add_test(rec, test_ordinal_steps_shared);
    tcase_add_test(rec, test_setting_before_steps_is_dropped);
    tcase_add_test(rec, test_quantization_record_is_dropped);
    tcase_add_test(rec, test_epoch_as_step);
    tcase_add_test(rec, test_steps_within_epochs);
    tcase_add_test(rec, test_context_step);
    tcase_add_test(rec, test_declared_total_and_restarts);
    tcase_add_test(rec, test_copies_a_few_points_late);
    tcase_add_test(rec, test_sole_glued_loss_is_the_loss);
    tcase_add_test(rec, test_stepless_copies_a_line_late);
    tcase_add_test(rec, test_last_run_judged);
    tcase_add_test(rec, test_unit_conversion);
    tcase_add_test(rec, test_canonical_binding);
    tcase_add_test(rec, test_rl_names);
    tcase_add_test(rec, test_component_totals);
    tcase_add_test(rec, test_eval_sets);
    tcase_add_test(rec, test_guessed_kinds);
    tcase_add_test(rec, test_record_by_key);
    tcase_add_test(rec, test_unknown_records_dropped);
    tcase_add_test(rec, test_nonfinite_points);
    tcase_add_test(rec, test_series_limit);
    tcase_add_test(rec, test_sort_order);
    suite_add_tcase(s, rec);

    TCase *sum = tcase_create("summaries");
    tcase_add_test(sum, test_bucket_merging);
    tcase_add_test(sum, test_bucket_variance);
    tcase_add_test(sum, test_spike_recovers_fast);
    tcase_add_test(sum, test_level_shift_never_recovers);
    tcase_add_test(sum, test_spike_higher_is_better);
    tcase_add_test(sum, test_no_spike_near_zero);
    tcase_add_test(sum, test_noise_is_not_a_spike);
    tcase_add_test(sum, test_spike_during_fast_descent);
    tcase_add_test(sum, test_trends_are_not_spikes);
    tcase_add_test(sum, test_event_fields);
    tcase_add_test(sum, test_event_after);
    tcase_add_test(sum, test_event_earlier_run);
    tcase_add_test(sum, test_timestamps_and_gaps);
    tcase_add_test(sum, test_merge_keeps_longer_series);
    tcase_add_test(sum, test_merge_keeps_test_and_val_sets);
    tcase_add_test(sum, test_exact_spelling_keeps_name);
    tcase_add_test(sum, test_merge_prefers_stepped_copy);
    tcase_add_test(sum, test_merge_joins_resumed_run);
    tcase_add_test(sum, test_merge_joins_rotated_log);
    tcase_add_test(sum, test_merge_leading_nonfinite);
    tcase_add_test(sum, test_merge_keeps_copy_once);
    tcase_add_test(sum, test_copy_finishes_alone);
    tcase_set_timeout(sum, 60);
    suite_add_tcase(s, sum);

    TCase *bound = tcase_create("bounded");
    tcase_add_test(bound, test_bounded_one_series);
    tcase_add_test(bound, test_bounded_many_series);
    tcase_add_test(bound, test_bounded_keys);
    tcase_set_timeout(bound, 300);
    suite_add_tcase(s, bound);
    return s;
}
