/* Readers: key/value pairs, progress bars and timestamps on single lines,
 * then whole inputs of every format read through md_run_load. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "core/crc32c.h"
#include "mldiag/source.h"
#include "reader/reader_int.h"
#include "tests.h"

/* ---- md_kv_scan ---------------------------------------------------------- */

/* Accepts the keys the default catalog names, as the text reader does. */
static bool known(const void *ctx, const char *key, size_t n)
{
    char norm[128];
    size_t len = md_key_normalise(key, n, norm, sizeof norm);
    md_unit unit;
    return len && md_catalog_resolve(ctx, norm, len, &unit) >= 0;
}

typedef struct want_kv {
    const char *key;
    double value;
    md_unit unit;
} want_kv;

static const char *describe(const md_kv *kv, size_t n, md_buf *b)
{
    md_buf_reset(b);
    for (size_t i = 0; i < n; i++)
        md_buf_printf(b, " [%.*s=%g unit %d]", (int)kv[i].keylen, kv[i].key, kv[i].value, (int)kv[i].unit);
    return md_buf_cstr(b);
}

static bool same_value(double got, double want)
{
    if (isnan(want))
        return isnan(got);
    if (isinf(want))
        return got == want;
    return T_CLOSE(got, want);
}

/* Scans line and checks the pairs found against want, in order. kv (32
 * entries) receives the pairs, for checks of their flags. */
static void check_line(const char *line, const want_kv *want, size_t n, md_kv *kv)
{
    md_buf b = {0};
    size_t got = md_kv_scan(line, strlen(line), kv, 32, known, t_catalog());
    ck_assert_msg(got == n, "\"%s\": %zu pairs, want %zu:%s", line, got, n, describe(kv, got, &b));
    for (size_t i = 0; i < n; i++) {
        bool key_ok = kv[i].keylen == strlen(want[i].key) &&
                      memcmp(kv[i].key, want[i].key, kv[i].keylen) == 0;
        ck_assert_msg(key_ok && same_value(kv[i].value, want[i].value) && kv[i].unit == want[i].unit,
                      "\"%s\": pair %zu is%s, want [%s=%g unit %d]", line, i, describe(kv + i, 1, &b),
                      want[i].key, want[i].value, (int)want[i].unit);
    }
    md_buf_free(&b);
}

#define CHECK_LINE(line, ...)                                                                     \
    do {                                                                                          \
        static const want_kv want_[] = {__VA_ARGS__};                                             \
        check_line(line, want_, MD_COUNT(want_), kv);                                             \
    } while (0)

static void check_no_pairs(const char *line)
{
    md_kv kv[32];
    md_buf b = {0};
    size_t got = md_kv_scan(line, strlen(line), kv, 32, known, t_catalog());
    ck_assert_msg(got == 0, "\"%s\": found%s", line, describe(kv, got, &b));
    md_buf_free(&b);
}

START_TEST(test_kv_hf_dict)
{
    md_kv kv[32];
    CHECK_LINE("{'loss': 0.6914, 'grad_norm': 0.26893723011016846, 'learning_rate': "
               "9.605263157894737e-07, 'epoch': 0.02}",
               {"loss", 0.6914, MD_UNIT_NONE}, {"grad_norm", 0.26893723011016846, MD_UNIT_NONE},
               {"learning_rate", 9.605263157894737e-07, MD_UNIT_NONE}, {"epoch", 0.02, MD_UNIT_NONE});
    ck_assert(!(kv[3].flags & MD_KV_INTEGRAL));
    CHECK_LINE("{'train_runtime': 1594.9832, 'train_samples_per_second': 243.965, "
               "'train_steps_per_second': 0.476, 'train_loss': 0.26900792780675387, 'epoch': 0.39}",
               {"train_runtime", 1594.9832, MD_UNIT_NONE},
               {"train_samples_per_second", 243.965, MD_UNIT_NONE},
               {"train_steps_per_second", 0.476, MD_UNIT_NONE},
               {"train_loss", 0.26900792780675387, MD_UNIT_NONE}, {"epoch", 0.39, MD_UNIT_NONE});
    /* A terminal's redraw left a stray quote inside a key: the pairs after
     * it are read, not the quotes taken out of step. */
    CHECK_LINE("{'rewards/chosen': 'nan', 'l  's0     eogps/rejected': 'nan', 'loss/train': 'nan', 'grad_norm': 1.5}",
               {"rewards/chosen", NAN, MD_UNIT_NONE}, {"loss/train", NAN, MD_UNIT_NONE},
               {"grad_norm", 1.5, MD_UNIT_NONE});
    /* A separator quoted as a value is no stray quote. */
    CHECK_LINE("data: csv_sep=',' step: 5 loss: 2.5", {"step", 5, MD_UNIT_NONE}, {"loss", 2.5, MD_UNIT_NONE});
    CHECK_LINE("cfg={'sep': ', '} metrics={'step': 5, 'loss': 2.5}", {"step", 5, MD_UNIT_NONE},
               {"loss", 2.5, MD_UNIT_NONE});
    /* Pasted from a blog whose editor turned the quotes typographic; a lone
     * apostrophe hides no key. */
    CHECK_LINE("{\u2018loss\u2019: 1.45, \u2018learning_rate\u2019: 2e-05, \u2018epoch\u2019: 0.1}",
               {"loss", 1.45, MD_UNIT_NONE}, {"learning_rate", 2e-05, MD_UNIT_NONE}, {"epoch", 0.1, MD_UNIT_NONE});
    CHECK_LINE("{\u201closs\u201d: 1.45, \u201clr\u201d: 2e-05}", {"loss", 1.45, MD_UNIT_NONE},
               {"lr", 2e-05, MD_UNIT_NONE});
    CHECK_LINE("the \u201890s run: loss 2.5", {"loss", 2.5, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_terse)
{
    md_kv kv[32];
    CHECK_LINE("s:0 trl:11.0", {"s", 0, MD_UNIT_NONE}, {"trl", 11.0, MD_UNIT_NONE});
    ck_assert(kv[0].flags & MD_KV_INTEGRAL);
    ck_assert(!(kv[1].flags & MD_KV_INTEGRAL));
    CHECK_LINE("s:19560 tel:3.2722", {"s", 19560, MD_UNIT_NONE}, {"tel", 3.2722, MD_UNIT_NONE});
}
END_TEST

/* MindSpore's LossMonitor: after pairs, "is" parts a known key from its
 * value; in prose and messages it stays a word. */
START_TEST(test_kv_mindspore)
{
    md_kv kv[32];
    CHECK_LINE("epoch: 1 step: 1875, loss is 0.1234567", {"epoch", 1, MD_UNIT_NONE}, {"step", 1875, MD_UNIT_NONE},
               {"loss", 0.1234567, MD_UNIT_NONE});
    CHECK_LINE("epoch: 3 step: 12, loss is nan", {"epoch", 3, MD_UNIT_NONE}, {"step", 12, MD_UNIT_NONE},
               {"loss", NAN, MD_UNIT_NONE});
    check_no_pairs("the answer is 42");
    check_no_pairs("FloatingPointError: loss is nan");
    /* From the line's start, to another such phrase (a Horovod script's
     * print), not to prose. */
    CHECK_LINE("Total loss is  236.6146 ETA is  7:57:00.494483", {"Total loss", 236.6146, MD_UNIT_NONE});
    /* Hangul is a script keys are written in. */
    CHECK_LINE("반복 10 || 손실: 16.5876", {"반복", 10, MD_UNIT_NONE}, {"손실", 16.5876, MD_UNIT_NONE});
    check_no_pairs("loss is 0.5 since the data was shuffled");
    /* A device and its index are a name (torch_xla's barrier), also after
     * a step's figures; a utilisation with its unit is a figure. */
    check_no_pairs("Waiting on device barrier for device TPU:0 ...");
    CHECK_LINE("Iter: 18, Batch_loss: 2.4670, Speed: 0.00 steps/s Waiting on device barrier for device TPU:0 ...",
               {"Iter", 18, MD_UNIT_NONE}, {"Batch_loss", 2.467, MD_UNIT_NONE}, {"steps/s", 0, MD_UNIT_NONE});
    CHECK_LINE("epoch 2 loss 1.9 cuda:1 acc:0.5 GPU:95%", {"epoch", 2, MD_UNIT_NONE}, {"loss", 1.9, MD_UNIT_NONE},
               {"acc", 0.5, MD_UNIT_NONE}, {"GPU", 95, MD_UNIT_PERCENT});
}
END_TEST

/* A command line's options are its settings, not measurements: the line
 * is one of settings (md_kv_scan_memo's *settings). */
START_TEST(test_kv_command_line)
{
    md_kv kv[32];
    static const char line[] = "cmd = deepspeed main.py --per_device_train_batch_size 8 --learning_rate 9.65e-6";
    bool settings = false;
    size_t n = md_kv_scan_memo(line, strlen(line), kv, 32, known, NULL, t_catalog(), NULL, &settings);
    ck_assert_uint_ge(n, 1);
    ck_assert(settings);
    /* A minus sign is no option: "loss -0.5 --" keeps its pair. */
    CHECK_LINE("step 3 loss -0.5123", {"step", 3, MD_UNIT_NONE}, {"loss", -0.5123, MD_UNIT_NONE});
}
END_TEST

/* A verb alone is no name: "is: 29.9011" holds no series "is". */
START_TEST(test_kv_verb_is_no_key)
{
    md_kv kv[32];
    CHECK_LINE("time consuming of epoch 13 is: 29.9011", {"time consuming of epoch", 13, MD_UNIT_NONE});
}
END_TEST

/* A list of numbers: a learning rate's first group, anything else's mean
 * over its finite numbers (a Dice per class). A list of scores adds the
 * classes it scores, those at zero (1% or less of its scale) and its
 * best. */
START_TEST(test_kv_lists)
{
    md_kv kv[32];
    CHECK_LINE("step=10, skipped=0, lr=[2.5e-06, 1.0e-06]", {"step", 10, MD_UNIT_NONE}, {"skipped", 0, MD_UNIT_NONE},
               {"lr", 2.5e-06, MD_UNIT_NONE});
    CHECK_LINE("val_loss: -0.5342, Pseudo dice: [0.8, 0.0, nan, 0.4]", {"val_loss", -0.5342, MD_UNIT_NONE},
               {"Pseudo dice", 0.4, MD_UNIT_NONE}, {"classes_scored", 3, MD_UNIT_NONE},
               {"classes_at_zero", 1, MD_UNIT_NONE}, {"best_class_score", 0.8, MD_UNIT_NONE});
    CHECK_LINE("Average global foreground Dice: [0.8667, 0.0009, 0.0002, 0.0]",
               {"Average global foreground Dice", (0.8667 + 0.0009 + 0.0002) / 4, MD_UNIT_NONE},
               {"classes_scored", 4, MD_UNIT_NONE}, {"classes_at_zero", 3, MD_UNIT_NONE},
               {"best_class_score", 0.8667, MD_UNIT_NONE});
    /* nnU-Net under NumPy 2, which prints its scalars as calls. */
    CHECK_LINE("2025-06-23 16:29:13.182576: Pseudo dice [np.float32(0.1527), np.float32(0.4852)]",
               {"Pseudo dice", (0.1527 + 0.4852) / 2, MD_UNIT_NONE}, {"classes_scored", 2, MD_UNIT_NONE},
               {"classes_at_zero", 0, MD_UNIT_NONE}, {"best_class_score", 0.4852, MD_UNIT_NONE});
    CHECK_LINE("Pseudo dice [np.float32(0.1527)]", {"Pseudo dice", 0.1527, MD_UNIT_NONE});
    /* On a percent scale, zero is 1 or less. */
    CHECK_LINE("class IoU: [92.31, 0.95, 71.4, 1.5]", {"class IoU", (92.31 + 0.95 + 71.4 + 1.5) / 4, MD_UNIT_NONE},
               {"classes_scored", 4, MD_UNIT_NONE}, {"classes_at_zero", 1, MD_UNIT_NONE},
               {"best_class_score", 92.31, MD_UNIT_NONE});
    /* NumPy's print of an array, blanks between its padded numbers; a
     * rank's NaN in a loss's is the run's. */
    CHECK_LINE("Pass 0, batch 500, loss [     nan 9.211133      nan 9.210888]", {"batch", 500, MD_UNIT_NONE},
               {"loss", NAN, MD_UNIT_NONE});
    CHECK_LINE("test acc: [0.2974 0.4016 0.5 ]", {"test acc", (0.2974 + 0.4016 + 0.5) / 3, MD_UNIT_NONE},
               {"classes_scored", 3, MD_UNIT_NONE}, {"classes_at_zero", 0, MD_UNIT_NONE},
               {"best_class_score", 0.5, MD_UNIT_NONE});
    check_no_pairs("block: [218 0 0]");
    /* Only scores: no count of zero losses or weights. */
    CHECK_LINE("loss_weights: [0.5, 0.0, 0.25]", {"loss_weights", 0.25, MD_UNIT_NONE});
    CHECK_LINE("per-class acc: [0.9, -0.1]", {"per-class acc", 0.4, MD_UNIT_NONE});
    /* The line's first list of scores only. */
    CHECK_LINE("dice: [0.5, 0.0], iou: [0.3, 0.0]", {"dice", 0.25, MD_UNIT_NONE}, {"classes_scored", 2, MD_UNIT_NONE},
               {"classes_at_zero", 1, MD_UNIT_NONE}, {"best_class_score", 0.5, MD_UNIT_NONE}, {"iou", 0.15, MD_UNIT_NONE});
}
END_TEST

/* What stands beside a name or a value without naming it: a remark in
 * parentheses, a classification report's average, the step of an
 * evaluation, the set glued to a value, a logger named after a set. */
START_TEST(test_kv_remarks_and_sets)
{
    md_kv kv[32];
    CHECK_LINE("chosen_last_scores (higher is better) : 2.17, acc (higher is better) : 0.486",
               {"chosen_last_scores", 2.17, MD_UNIT_NONE}, {"acc", 0.486, MD_UNIT_NONE});
    CHECK_LINE("2022-12-14 00:02:05,176 DEV : loss 0.17423786222934723 - f1-score (micro avg)  0.62",
               {"loss", 0.17423786222934723, MD_UNIT_NONE}, {"f1-score (micro avg)", 0.62, MD_UNIT_NONE});
    ck_assert(kv[1].ns && kv[1].nslen == 3 && memcmp(kv[1].ns, "DEV", 3) == 0);
    CHECK_LINE("INFO:tensorflow:Validation (step 250000): loss = 1.33851, metrics/accuracy = 0.698445",
               {"step", 250000, MD_UNIT_NONE}, {"loss", 1.33851, MD_UNIT_NONE},
               {"metrics/accuracy", 0.698445, MD_UNIT_NONE});
    ck_assert(kv[1].ns && kv[1].nslen == 10 && memcmp(kv[1].ns, "Validation", 10) == 0);
    CHECK_LINE("\tLoss: 0.0001(valid)\t|\tAcc: 89.3%(valid)", {"Loss", 0.0001, MD_UNIT_NONE},
               {"Acc", 89.3, MD_UNIT_PERCENT});
    ck_assert(kv[0].ns && kv[0].nslen == 5 && memcmp(kv[0].ns, "valid", 5) == 0);
    ck_assert(kv[1].ns && kv[1].nslen == 5 && memcmp(kv[1].ns, "valid", 5) == 0);
    CHECK_LINE("\tLoss: 0.0261(train)\t|\tAcc: 84.7%(train)", {"Loss", 0.0261, MD_UNIT_NONE},
               {"Acc", 84.7, MD_UNIT_PERCENT});
    ck_assert(!kv[0].ns && !kv[1].ns);
    /* xgb.cv's folds, once they diverged: "nan+nan", a NaN mean and spread. */
    CHECK_LINE("[180]\tcv-test-logloss:nan+nan\tcv-train-logloss:nan+nan", {"step", 180, MD_UNIT_NONE},
               {"cv-test-logloss", NAN, MD_UNIT_NONE}, {"cv-train-logloss", NAN, MD_UNIT_NONE});
    /* MMOCR 0.x's first test set's figures, its index glued to each key. */
    CHECK_LINE("Epoch(val) [1][63]\t0_char_recall: 0.7937, 0_word_acc: 0.0000", {"Epoch", 1, MD_UNIT_NONE},
               {"0_char_recall", 0.7937, MD_UNIT_NONE}, {"0_word_acc", 0, MD_UNIT_NONE});
    CHECK_LINE("Step #50\tLoss: 0.678521", {"Step", 50, MD_UNIT_NONE}, {"Loss", 0.678521, MD_UNIT_NONE});
    check_no_pairs("GiB memory in use. Of the allocated memory 14.24 GiB is allocated by PyTorch,");
    /* NeMo's logger prefix glued after a bar's postfix: its module and line. */
    CHECK_LINE("val_loss=0.212][NeMo I 2024-06-17 08:36:41 nlp_overrides:480] Removing checkpoint",
               {"val_loss", 0.212, MD_UNIT_NONE});
    /* A call that reports metrics is no line of settings. */
    CHECK_LINE("INFO: [233] determined.core: report_training_metrics(steps_completed=100, metrics={'loss': 19812.2})",
               {"steps_completed", 100, MD_UNIT_NONE}, {"loss", 19812.2, MD_UNIT_NONE});
    /* A logger named "test" in "%(asctime)s - %(name)s -%(levelname)s". */
    CHECK_LINE("2018-12-05 10:24:24,209 - test -INFO - Train loss nan, accuracy 0.0000%",
               {"Train loss", NAN, MD_UNIT_NONE}, {"accuracy", 0, MD_UNIT_PERCENT});
    ck_assert(!kv[0].ns);
}
END_TEST

/* An index before a value ("Throughput: 0: 3098.6", sample-factory's
 * policy 0) is no value; a clock ("eta: 0:12:34") stays one. */
START_TEST(test_kv_indexed_value)
{
    md_kv kv[32];
    CHECK_LINE("Total num frames: 241664. Throughput: 0: 3098.6. Samples: 54300.",
               {"Total num frames", 241664, MD_UNIT_NONE}, {"Throughput", 3098.6, MD_UNIT_NONE},
               {"Samples", 54300, MD_UNIT_NONE});
    CHECK_LINE("loss: 0.5 eta: 0:12:34", {"loss", 0.5, MD_UNIT_NONE}, {"eta", 754, MD_UNIT_S});
}
END_TEST

START_TEST(test_kv_speedrun)
{
    md_kv kv[32];
    CHECK_LINE("step:1/6200 train_loss:10.9 train_time:285ms step_avg:nanms",
               {"step", 1, MD_UNIT_NONE}, {"train_loss", 10.9, MD_UNIT_NONE},
               {"train_time", 285, MD_UNIT_MS}, {"step_avg", NAN, MD_UNIT_MS});
    ck_assert_uint_eq(kv[0].flags, MD_KV_INTEGRAL | MD_KV_TOTAL | MD_KV_DECIMALS(0));
    ck_assert(kv[0].total == 6200);
    ck_assert_int_eq(MD_KV_DECIMALS_OF(kv[1].flags), 1);
}
END_TEST

START_TEST(test_kv_megatron)
{
    md_kv kv[32];
    CHECK_LINE(" iteration        2/    5000 | consumed samples:           32 | elapsed time per "
               "iteration (ms): 54568.1 | learning rate: 2.500E-08 | lm loss: 1.519366E+00 | loss "
               "scale: 1.0 | grad norm: 41.408 |",
               {"iteration", 2, MD_UNIT_NONE}, {"consumed samples", 32, MD_UNIT_NONE},
               {"elapsed time per iteration (ms)", 54568.1, MD_UNIT_NONE},
               {"learning rate", 2.5e-08, MD_UNIT_NONE}, {"lm loss", 1.519366, MD_UNIT_NONE},
               {"loss scale", 1.0, MD_UNIT_NONE}, {"grad norm", 41.408, MD_UNIT_NONE});
    ck_assert(kv[0].flags & MD_KV_TOTAL);
    ck_assert(kv[0].total == 5000);
}
END_TEST

/* MADlib prints a value in angle brackets; a comparison is no value. */
START_TEST(test_kv_angle_brackets)
{
    md_kv kv[32];
    CHECK_LINE("INFO:  Iteration: 1, Loss: <1.57403083382>", {"Iteration", 1, MD_UNIT_NONE},
               {"Loss", 1.57403083382, MD_UNIT_NONE});
    CHECK_LINE("Loss: <nan>", {"Loss", NAN, MD_UNIT_NONE});
    check_no_pairs("loss: <1.5 of the budget");
}
END_TEST

START_TEST(test_kv_keras)
{
    md_kv kv[32];
    /* The bar's count is the batch within the epoch (the text reader
     * keeps it where the bars count batches); its ETA is no figure. */
    unsigned in_epoch = MD_KV_LEADING_COUNT | MD_KV_IN_EPOCH | MD_KV_TOTAL;
    CHECK_LINE("32/32 [==============================] - 1s 3ms/step - loss: 0.2100 - val_loss: 0.3000",
               {"step", 32, MD_UNIT_NONE}, {"loss", 0.21, MD_UNIT_NONE}, {"val_loss", 0.3, MD_UNIT_NONE});
    ck_assert(kv[0].total == 32 && (kv[0].flags & in_epoch) == in_epoch);
    /* Another writer's text glued to the bar's last value: the value is
     * read up to the capitalised word, with no unit from its letters, and
     * the glued text is not ("Batch 12/100" is no step). */
    CHECK_LINE(" 12/100 [==>...........................] - ETA: 1s - loss: 0.4441Batch 12/100",
               {"step", 12, MD_UNIT_NONE}, {"loss", 0.4441, MD_UNIT_NONE});
    ck_assert(kv[0].total == 100 && (kv[0].flags & in_epoch) == in_epoch);
    ck_assert_uint_eq(MD_KV_DECIMALS_OF(kv[1].flags), 4);
    CHECK_LINE(" 13/100 [==>...........................] - ETA: 1s - loss: 44.41Batch 13/100",
               {"step", 13, MD_UNIT_NONE}, {"loss", 44.41, MD_UNIT_NONE});
    CHECK_LINE(" 14/100 [==>....] - ETA: 1s - loss: 0.4441 - accuracy: 1.2345e-04Saving model to /tmp/m.h5",
               {"step", 14, MD_UNIT_NONE}, {"loss", 0.4441, MD_UNIT_NONE}, {"accuracy", 1.2345e-04, MD_UNIT_NONE});
    /* Keras 3 draws it with U+2501; fit(verbose=2) writes no bar. */
    CHECK_LINE(" 115/6740 \xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 2:01:30 1s/step - iou: 0.5012 - loss: 0.0234",
               {"step", 115, MD_UNIT_NONE}, {"iou", 0.5012, MD_UNIT_NONE}, {"loss", 0.0234, MD_UNIT_NONE});
    ck_assert(kv[0].total == 6740 && (kv[0].flags & in_epoch) == in_epoch);
    CHECK_LINE("3/3 - 0s - loss: 0.9000 - val_loss: 1.0000", {"step", 3, MD_UNIT_NONE}, {"loss", 0.9, MD_UNIT_NONE},
               {"val_loss", 1.0, MD_UNIT_NONE});
    /* A drawn bar after a prefix (a timestamp); a bare count only at the
     * line's start, and a tqdm bar's count no Keras bar's. */
    CHECK_LINE("2024-03-12 10:00:00  115/6740 [===>.....] - ETA: 1:23 - loss: 0.0234", {"step", 115, MD_UNIT_NONE},
               {"loss", 0.0234, MD_UNIT_NONE});
    CHECK_LINE("12:00:01 3/3 - loss: 0.9000", {"loss", 0.9, MD_UNIT_NONE});
    CHECK_LINE("45%|####5     | 450/1000 [00:10<00:12, 43.1it/s, loss: 0.5]", {"loss", 0.5, MD_UNIT_NONE});
    /* An epoch over a data set of unknown size (tf.data's first). */
    CHECK_LINE("    402/Unknown - 8s 20ms/step - loss: nan", {"step", 402, MD_UNIT_NONE}, {"loss", NAN, MD_UNIT_NONE});
    ck_assert(!(kv[0].flags & MD_KV_TOTAL) && (kv[0].flags & MD_KV_IN_EPOCH));
    /* A count past its total, or a fraction, is no bar's. */
    CHECK_LINE("7/3 - loss: 0.9000", {"loss", 0.9, MD_UNIT_NONE});
    CHECK_LINE("12/100 accuracy: 0.9000", {"accuracy", 0.9, MD_UNIT_NONE});
    /* Letters that may continue a word, and a pair outside Keras's layout,
     * give no value. */
    check_no_pairs(" - loss: 0.4441batch");
    check_no_pairs(" - loss: 0.4441GB2");
    check_no_pairs("version: 1.2345Beta");
}
END_TEST

START_TEST(test_kv_epoch_bracket)
{
    md_kv kv[32];
    CHECK_LINE("Epoch [5/650], Train Loss: 0.0401", {"Epoch", 5, MD_UNIT_NONE},
               {"Train Loss", 0.0401, MD_UNIT_NONE});
    ck_assert_uint_eq(kv[0].flags, MD_KV_INTEGRAL | MD_KV_TOTAL);
    ck_assert(kv[0].total == 650);
}
END_TEST

START_TEST(test_kv_imagenet_family)
{
    md_kv kv[32];
    /* A rank's cut-off is part of a metric's name, and such a name needs
     * no catalog entry to take a number after blanks. */
    CHECK_LINE("Epoch: [2][ 40/2503]\tTime  0.412 ( 0.530)\tLoss 5.1250e+00 (5.2031e+00)\tAcc@1   7.81 (  6.25)"
               "\tAcc@5  21.09 ( 18.75)",
               {"epoch", 2, MD_UNIT_NONE}, {"iter", 40, MD_UNIT_NONE}, {"Time", 0.412, MD_UNIT_NONE},
               {"Loss", 5.125, MD_UNIT_NONE}, {"Acc@1", 7.81, MD_UNIT_NONE}, {"Acc@5", 21.09, MD_UNIT_NONE});
    /* An evaluation's batch counter, with or without blanks in it, puts
     * what follows under the evaluation, each figure by its running mean
     * over the evaluation's batches so far. */
    CHECK_LINE("Test: [120/391]\tLoss 2.5000e+00 (2.6250e+00)\tAcc@1  43.75 ( 41.50)",
               {"Loss", 2.625, MD_UNIT_NONE}, {"Acc@1", 41.5, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[0].ns);
    ck_assert(kv[0].flags & MD_KV_RUNNING);
    ck_assert_ptr_nonnull(kv[1].ns);
    CHECK_LINE("INFO Test: [ 12/391]  loss: 2.25 (2.3)", {"loss", 2.3, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[0].ns);
    /* The summary after it, bulleted, behind a logger's level or not. */
    CHECK_LINE(" * Acc@1 42.625 Acc@5 70.250", {"Acc@1", 42.625, MD_UNIT_NONE}, {"Acc@5", 70.25, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[0].ns);
    CHECK_LINE(" *   Acc@1 62.918 Acc@5 82.918", {"Acc@1", 62.918, MD_UNIT_NONE}, {"Acc@5", 82.918, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[0].ns);
    ck_assert(!(kv[0].flags & MD_KV_RUNNING));
    CHECK_LINE("INFO  * Acc@1 55.5 Acc@5 80.5 loss 1.875", {"Acc@1", 55.5, MD_UNIT_NONE},
               {"Acc@5", 80.5, MD_UNIT_NONE}, {"loss", 1.875, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[2].ns);
    CHECK_LINE("lr = 0.5 * 2", {"lr", 0.5, MD_UNIT_NONE});
    check_no_pairs("lr = 0.5 * base_lr"); /* a line of code (assigns_expression) */
    CHECK_LINE(" * step: 12", {"step", 12, MD_UNIT_NONE});
    ck_assert_ptr_null(kv[0].ns);
    /* Swin Transformer: the epoch of the planned epochs, the batch within it. */
    CHECK_LINE("INFO Train: [7/300][150/1251]\teta 0:10:00 lr 0.000500\tloss 3.2500 (3.3125)",
               {"epoch", 7, MD_UNIT_NONE}, {"iter", 150, MD_UNIT_NONE}, {"lr", 0.0005, MD_UNIT_NONE},
               {"loss", 3.25, MD_UNIT_NONE});
    ck_assert(kv[0].total == 300);
    ck_assert(kv[1].total == 1251);
    /* A logger's function and line in a field of their own; an evaluation's
     * word after the epoch the message opens with, before a dash. */
    CHECK_LINE("2025-11-02 01:00:08 |     INFO | on_validation_epoch_end:413 | \U0001F4CA EPOCH 62 VAL   - "
               "Loss: 1.4579, Acc: 65.78%, F1: N/A",
               {"EPOCH", 62, MD_UNIT_NONE}, {"Loss", 1.4579, MD_UNIT_NONE}, {"Acc", 65.78, MD_UNIT_PERCENT});
    ck_assert_ptr_null(kv[0].ns);
    ck_assert_ptr_nonnull(kv[1].ns);
    ck_assert_ptr_nonnull(kv[2].ns);
    CHECK_LINE("2025-11-02 01:00:08 |     INFO | on_train_epoch_end:383 | \U0001F4C8 EPOCH 62 TRAIN - Loss: 2.3013",
               {"EPOCH", 62, MD_UNIT_NONE}, {"Loss", 2.3013, MD_UNIT_NONE});
    ck_assert_ptr_null(kv[1].ns);
    CHECK_LINE("| train_loss:3 | lr: 0.1", {"train_loss", 3, MD_UNIT_NONE}, {"lr", 0.1, MD_UNIT_NONE});
    /* trax: the set and the metric's name, a pipe, its value. */
    CHECK_LINE("Step    100: train CrossEntropyLoss |  0.51940256", {"Step", 100, MD_UNIT_NONE},
               {"train CrossEntropyLoss", 0.51940256, MD_UNIT_NONE});
    CHECK_LINE("Step    100: eval          Accuracy |  0.94081764", {"Step", 100, MD_UNIT_NONE},
               {"eval          Accuracy", 0.94081764, MD_UNIT_NONE});
    /* The logging cookbook's format puts the logger's name before the level:
     * the message after them opens with the evaluation's word. */
    CHECK_LINE("2021-03-26 21:05:51,538 - Model - INFO - Test Instance Accuracy: 0.803641, Class Accuracy: 0.738575",
               {"Test Instance Accuracy", 0.803641, MD_UNIT_NONE}, {"Class Accuracy", 0.738575, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[1].ns);
    CHECK_LINE("2021-03-26 21:05:15,349 - Model - INFO - Train Instance Accuracy: 0.781606, Loss: 0.52",
               {"Train Instance Accuracy", 0.781606, MD_UNIT_NONE}, {"Loss", 0.52, MD_UNIT_NONE});
    ck_assert_ptr_null(kv[1].ns);
    /* Or after it, between dashes. */
    CHECK_LINE("09-02 20:39:12 - INFO - __main__ - Val. Total Loss: 1.79, KL: 0.24, AUC: 49.90%",
               {"Val. Total Loss", 1.79, MD_UNIT_NONE}, {"KL", 0.24, MD_UNIT_NONE}, {"AUC", 49.90, MD_UNIT_PERCENT});
    ck_assert_ptr_nonnull(kv[1].ns);
    ck_assert_ptr_nonnull(kv[2].ns);
}
END_TEST

START_TEST(test_kv_epoch_counts_in_parens)
{
    md_kv kv[32];
    CHECK_LINE("Epoch:[2/8](300/5120) loss:3.125 lr:0.000400000000 epoch_Time:41.0min:", {"epoch", 2, MD_UNIT_NONE},
               {"iter", 300, MD_UNIT_NONE}, {"loss", 3.125, MD_UNIT_NONE}, {"lr", 0.0004, MD_UNIT_NONE},
               {"epoch_Time", 41, MD_UNIT_MIN});
    ck_assert(kv[0].total == 8);
    ck_assert(kv[1].total == 5120);
}
END_TEST

START_TEST(test_kv_build_nanogpt)
{
    md_kv kv[32];
    CHECK_LINE("step 0001, loss: 9.50, norm: 10.6, lr: 1.2e-04, time: 449.89ms, tokens/sec: 36418.0",
               {"step", 1, MD_UNIT_NONE}, {"loss", 9.5, MD_UNIT_NONE}, {"norm", 10.6, MD_UNIT_NONE},
               {"lr", 1.2e-04, MD_UNIT_NONE}, {"time", 449.89, MD_UNIT_MS},
               {"tokens/sec", 36418.0, MD_UNIT_NONE});
    ck_assert(kv[0].flags & MD_KV_INTEGRAL);
    CHECK_LINE("step 0, loss: 10.823673248291016, time: 49277.36 ms, tokens/sec: 332.49",
               {"step", 0, MD_UNIT_NONE}, {"loss", 10.823673248291016, MD_UNIT_NONE},
               {"time", 49277.36, MD_UNIT_MS}, {"tokens/sec", 332.49, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_space_separated)
{
    md_kv kv[32];
    CHECK_LINE("iter 100: loss 4.23, time 12ms", {"iter", 100, MD_UNIT_NONE},
               {"loss", 4.23, MD_UNIT_NONE}, {"time", 12, MD_UNIT_MS});
    CHECK_LINE("step 500: train loss 1.9, val loss 2.0", {"step", 500, MD_UNIT_NONE},
               {"train loss", 1.9, MD_UNIT_NONE}, {"val loss", 2.0, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_custom_console)
{
    md_kv kv[32];
    CHECK_LINE("Step 0 -- Train loss: 2.81, Train Acc: 0.12 Test Acc: 0.10", {"Step", 0, MD_UNIT_NONE},
               {"Train loss", 2.81, MD_UNIT_NONE}, {"Train Acc", 0.12, MD_UNIT_NONE},
               {"Test Acc", 0.10, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_python_logging)
{
    md_kv kv[32];
    CHECK_LINE("2024-01-01 12:00:00,123 - INFO - Step 100: loss=2.3", {"Step", 100, MD_UNIT_NONE},
               {"loss", 2.3, MD_UNIT_NONE});
    /* ESPnet's "(module:lineno)" is where the line was logged; a step in
     * brackets is still a step. */
    CHECK_LINE("[host] 2024-01-01 10:00:00,000 (trainer:732) INFO: 3epoch:train:1-100batch: loss=65.3",
               {"epoch", 3, MD_UNIT_NONE}, {"iter", 100, MD_UNIT_NONE}, {"loss", 65.3, MD_UNIT_NONE});
    CHECK_LINE("[iter:100] loss: 0.5", {"iter", 100, MD_UNIT_NONE}, {"loss", 0.5, MD_UNIT_NONE});
    /* A count of its total in front of the pairs is the run's progress;
     * a build tool's "[1/6] Building CXX object" has no pair after it. */
    CHECK_LINE("[1/6] Training loss: 22.5337\t Validation loss: 29.1374", {"step", 1, MD_UNIT_NONE},
               {"Training loss", 22.5337, MD_UNIT_NONE}, {"Validation loss", 29.1374, MD_UNIT_NONE});
    CHECK_LINE("[0/5][50/1583]\tLoss_D: 0.3774\tLoss_G: 13.1007", {"epoch", 0, MD_UNIT_NONE},
               {"iter", 50, MD_UNIT_NONE}, {"Loss_D", 0.3774, MD_UNIT_NONE}, {"Loss_G", 13.1007, MD_UNIT_NONE});
    check_no_pairs("[1/6] Building CXX object src/core/buf.c.o");
    /* torch._dynamo's frame and compile ids after its source location. */
    CHECK_LINE("W0311 02:14:09.118000 2231 torch/_dynamo/convert_frame.py:964] [0/8]    last reason: 0/7: tensor "
               "'idx' size mismatch at index 1. expected 1024, actual 977",
               {"last reason", 0, MD_UNIT_NONE});
    /* A decimal comma (.NET and Java in such locales) where no thousands
     * group or list can be meant; a comma and a digit after a number that
     * is neither make no value ("0,1" lists GPUs); "4,096" groups. */
    CHECK_LINE("Phase: Training, Dataset used:      Train, Batch Processed Count:  17, Epoch:   0, Accuracy:  "
               "0,4882352, Cross-Entropy: 7,081955E+12",
               {"Batch Processed Count", 17, MD_UNIT_NONE}, {"Epoch", 0, MD_UNIT_NONE},
               {"Accuracy", 0.4882352, MD_UNIT_NONE}, {"Cross-Entropy", 7.081955e12, MD_UNIT_NONE});
    CHECK_LINE("loss: 0,123 acc: 12,75", {"loss", 0.123, MD_UNIT_NONE}, {"acc", 12.75, MD_UNIT_NONE});
    CHECK_LINE("gpus: 0,1 loss: 2.5", {"loss", 2.5, MD_UNIT_NONE});
    CHECK_LINE("tokens: 4,096 loss: 2.5", {"tokens", 4096, MD_UNIT_NONE}, {"loss", 2.5, MD_UNIT_NONE});
    CHECK_LINE("ids: 0,12,5 loss: 2.5", {"loss", 2.5, MD_UNIT_NONE});
    /* A bar's blocks and a table's rules are no letters of a key. */
    CHECK_LINE("██│loss: 0.5", {"loss", 0.5, MD_UNIT_NONE});
    /* GluonTS on MXNet: a quoted name, then '=' right after it. */
    CHECK_LINE("Epoch[1] Evaluation metric 'epoch_loss'=-0.131554", {"epoch", 1, MD_UNIT_NONE},
               {"epoch_loss", -0.131554, MD_UNIT_NONE});
}
END_TEST

/* Darknet writes values before their names; its loss is the average. */
START_TEST(test_kv_darknet)
{
    md_kv kv[32];
    CHECK_LINE(" 1000: 2.345678, 2.456789 avg loss, 0.001000 rate, 3.456789 seconds, 64000 images",
               {"iter", 1000, MD_UNIT_NONE}, {"loss", 2.456789, MD_UNIT_NONE}, {"lr", 0.001, MD_UNIT_NONE});
    CHECK_LINE("1010: -nan, -nan avg loss, 0.001000 rate, 3.2 seconds, 64640 images", {"iter", 1010, MD_UNIT_NONE},
               {"loss", NAN, MD_UNIT_NONE}, {"lr", 0.001, MD_UNIT_NONE});
    /* pjreddie's original: "avg," without "loss" */
    CHECK_LINE(" 2267: nan, nan avg, 0.001000 rate, 3.430528 seconds, 145088 images", {"iter", 2267, MD_UNIT_NONE},
               {"loss", NAN, MD_UNIT_NONE}, {"lr", 0.001, MD_UNIT_NONE});
    CHECK_LINE("12: 610.2, 650.1 avg, 0.000010 rate, 5.1 seconds, 768 images", {"iter", 12, MD_UNIT_NONE},
               {"loss", 650.1, MD_UNIT_NONE}, {"lr", 0.00001, MD_UNIT_NONE});
    check_no_pairs("2024-01-01 10:00:00: 5, 6 were read");
    check_no_pairs("3: 4, 5 avg");
}
END_TEST

/* llama2.c: the iteration alone before the first field; a field that is
 * only a duration is the step's time. */
START_TEST(test_kv_leading_count_field)
{
    md_kv kv[32];
    CHECK_LINE("490 | loss 5.7543 | lr 4.900000e-05 | 8060.78ms | mfu 0.21%", {"step", 490, MD_UNIT_NONE},
               {"loss", 5.7543, MD_UNIT_NONE}, {"lr", 4.9e-05, MD_UNIT_NONE}, {"time", 8060.78, MD_UNIT_MS},
               {"mfu", 0.21, MD_UNIT_PERCENT});
    check_no_pairs("| 12.5ms |");
    check_no_pairs("2024 | 17 | 9");
    check_no_pairs("1 | loss  | CrossEntropyLoss | 0");
    CHECK_LINE("500 | loss nan | lr 5.000000e-04", {"step", 500, MD_UNIT_NONE}, {"loss", NAN, MD_UNIT_NONE},
               {"lr", 5e-04, MD_UNIT_NONE});
}
END_TEST

/* Old OpenNMT-py: the count after "Epoch N," is the batch within it. */
START_TEST(test_kv_epoch_count)
{
    md_kv kv[32];
    CHECK_LINE("Epoch  1, 12900/37527; acc:   4.48; ppl: 35173.75; xent:  10.47",
               {"Epoch", 1, MD_UNIT_NONE}, {"iter", 12900, MD_UNIT_NONE}, {"acc", 4.48, MD_UNIT_NONE},
               {"ppl", 35173.75, MD_UNIT_NONE}, {"xent", 10.47, MD_UNIT_NONE});
    /* Its total padded to the batch's width; fairseq's Lua-era "| epoch
     * 005  1000 / 8223" with blanks around the '/' and no comma. */
    CHECK_LINE("Epoch  2,   550/  725; acc:   0.00; ppl:  11.85", {"Epoch", 2, MD_UNIT_NONE},
               {"iter", 550, MD_UNIT_NONE}, {"acc", 0, MD_UNIT_NONE}, {"ppl", 11.85, MD_UNIT_NONE});
    ck_assert(kv[1].total == 725);
    CHECK_LINE("| epoch 005  1000 / 8223 loss=2.17 (3.20), wps=959", {"epoch", 5, MD_UNIT_NONE},
               {"iter", 1000, MD_UNIT_NONE}, {"loss", 2.17, MD_UNIT_NONE}, {"wps", 959, MD_UNIT_NONE});
    ck_assert(kv[1].total == 8223);
    /* An evaluation part of the way through is no pair of the training's,
     * nor of the evaluation's, whose own line gives it whole. */
    CHECK_LINE("| epoch 004 | valid on 'valid' subset  1000 / 1311 loss=3.24", {"epoch", 4, MD_UNIT_NONE});
    check_no_pairs("Repoch 1, 5/10;");
    check_no_pairs("see page 1, 5/10;");
    check_no_pairs("see page 1  5 / 10;");
}
END_TEST

/* build-nanogpt's log.txt: a step, a name, a number; a set's name stands
 * for its loss. */
START_TEST(test_kv_step_name_value)
{
    md_kv kv[32];
    CHECK_LINE("250 train 3.402812", {"step", 250, MD_UNIT_NONE}, {"train_loss", 3.402812, MD_UNIT_NONE});
    CHECK_LINE("250 val 3.5120", {"step", 250, MD_UNIT_NONE}, {"val_loss", 3.512, MD_UNIT_NONE});
    CHECK_LINE("250 hella 0.2961", {"step", 250, MD_UNIT_NONE}, {"hella", 0.2961, MD_UNIT_NONE});
    CHECK_LINE("12 loss nan", {"step", 12, MD_UNIT_NONE}, {"loss", NAN, MD_UNIT_NONE});
    /* Not the whole line, a date, a count of things: no such record. */
    check_no_pairs("28 Nov 2026");
    check_no_pairs("3 workers started on 2 GPUs");
}
END_TEST

START_TEST(test_kv_units_and_specials)
{
    md_kv kv[32];
    CHECK_LINE("acc: 85.3%", {"acc", 85.3, MD_UNIT_PERCENT});
    CHECK_LINE("tps: 12.3k mem: 2.1G params: 124M", {"tps", 12.3, MD_UNIT_KILO}, {"mem", 2.1, MD_UNIT_GIGA},
               {"params", 124, MD_UNIT_MEGA});
    CHECK_LINE("loss: -inf", {"loss", -INFINITY, MD_UNIT_NONE});
    CHECK_LINE("loss=NaN", {"loss", NAN, MD_UNIT_NONE});
    CHECK_LINE("mem: 12.5 GiB, data_time: 3.4 s", {"mem", 12.5, MD_UNIT_GIB},
               {"data_time", 3.4, MD_UNIT_S});
    CHECK_LINE("\"loss\": 1.5, \"lr\": 3e-4", {"loss", 1.5, MD_UNIT_NONE}, {"lr", 3e-4, MD_UNIT_NONE});
    /* Keras's schedulers: "setting learning rate to X", "reducing learning rate to X" */
    CHECK_LINE("Epoch 00001: LearningRateScheduler setting learning rate to 0.008.", {"Epoch", 1, MD_UNIT_NONE},
               {"LearningRateScheduler setting learning rate", 0.008, MD_UNIT_NONE});
    /* ... but a loss set to a number stands in for a NaN (deepspeech.pytorch);
     * a loss scale set to one is a setting. */
    check_no_pairs("WARNING: received a nan loss, setting loss value to 0");
    CHECK_LINE("fp16: setting loss scale to 1024", {"setting loss scale", 1024, MD_UNIT_NONE});
    /* nanoGPT's "iter N: loss nan": a word where the known key's number goes */
    CHECK_LINE("iter 7: loss nan, time 10ms", {"iter", 7, MD_UNIT_NONE}, {"loss", NAN, MD_UNIT_NONE},
               {"time", 10, MD_UNIT_MS});
    CHECK_LINE("step 2 | loss Infinity | lr 0.1", {"step", 2, MD_UNIT_NONE}, {"loss", INFINITY, MD_UNIT_NONE},
               {"lr", 0.1, MD_UNIT_NONE});
    /* Columns padded by printf ("%10.4f"), and C's "-nan". */
    CHECK_LINE("step 1655 - loss        nan - moving ave        nan", {"step", 1655, MD_UNIT_NONE},
               {"loss", NAN, MD_UNIT_NONE});
    CHECK_LINE("step 3 loss   -nan lr -inf", {"step", 3, MD_UNIT_NONE}, {"loss", NAN, MD_UNIT_NONE},
               {"lr", -INFINITY, MD_UNIT_NONE});
    check_no_pairs("run -inference with --loss-nan-guard");
}
END_TEST

START_TEST(test_kv_thousands_groups)
{
    md_kv kv[32];
    /* torchtitan: Python's f"{tps:,}" */
    CHECK_LINE("step:  2  loss: 11.6  tps: 1,234,567  mfu: 12.34%", {"step", 2, MD_UNIT_NONE},
               {"loss", 11.6, MD_UNIT_NONE}, {"tps", 1234567, MD_UNIT_NONE}, {"mfu", 12.34, MD_UNIT_PERCENT});
    ck_assert(kv[2].flags & MD_KV_INTEGRAL);
    CHECK_LINE("tokens: -12,345.5, lr: 1e-4", {"tokens", -12345.5, MD_UNIT_NONE}, {"lr", 1e-4, MD_UNIT_NONE});
    ck_assert(!(kv[0].flags & MD_KV_INTEGRAL));
    /* No thousand: a leading 0, a group of other than three digits (a
     * decimal comma, see test_kv_python_logging), a list of pairs. */
    CHECK_LINE("a=0,123 b=1,23 c=1,2345", {"a", 0.123, MD_UNIT_NONE}, {"b", 1.23, MD_UNIT_NONE},
               {"c", 1.2345, MD_UNIT_NONE});
    CHECK_LINE("{'loss': 1,'step': 5}", {"loss", 1, MD_UNIT_NONE}, {"step", 5, MD_UNIT_NONE});
    /* A French locale parts thousands with a narrow no-break space
     * (U+202F), others with a no-break space (U+00A0): one number each. */
    CHECK_LINE("perte : 2,4506 | d\xC3\xA9\x62it : 13\xE2\x80\xAF" "065 tokens/s", {"perte", 2.4506, MD_UNIT_NONE},
               {"tokens/s", 13065, MD_UNIT_NONE});
    ck_assert(kv[1].flags & MD_KV_INTEGRAL);
    CHECK_LINE("throughput: 12\xC2\xA0" "505\xC2\xA0" "001.5 loss: 0.5", {"throughput", 12505001.5, MD_UNIT_NONE},
               {"loss", 0.5, MD_UNIT_NONE});
    /* Separators must agree, and a space alone parts two numbers. */
    CHECK_LINE("a: 12\xC2\xA0" "505\xE2\x80\xAF" "001 b: 12 505", {"a", 12505, MD_UNIT_NONE}, {"b", 12, MD_UNIT_NONE});
}
END_TEST

/* A value with the same figure another way glued on in brackets: the
 * device's share (torchtitan), the rate per GPU (NeMo Automodel). */
START_TEST(test_kv_glued_bracket)
{
    md_kv kv[32];
    CHECK_LINE("step: 14  loss:  3.24  memory:  9.46GiB(64.99%)  tps: 7,282", {"step", 14, MD_UNIT_NONE},
               {"loss", 3.24, MD_UNIT_NONE}, {"memory", 9.46, MD_UNIT_GIB}, {"tps", 7282, MD_UNIT_NONE});
    CHECK_LINE("step 8 | loss 0.78 | tps 31346.32(3918.29/gpu) | grad_norm 1.7", {"step", 8, MD_UNIT_NONE},
               {"loss", 0.78, MD_UNIT_NONE}, {"tps", 31346.32, MD_UNIT_NONE},
               {"grad_norm", 1.7, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_mmengine)
{
    md_kv kv[32];
    CHECK_LINE("Epoch(train)  [3][  50/500]  lr: 2.0000e-02  loss: 1.2340", {"Epoch", 3, MD_UNIT_NONE},
               {"iter", 50, MD_UNIT_NONE}, {"lr", 0.02, MD_UNIT_NONE}, {"loss", 1.234, MD_UNIT_NONE});
    ck_assert(kv[1].flags & MD_KV_TOTAL);
    ck_assert(kv[1].total == 500);
    CHECK_LINE("Iter(train) [  50/90000]  loss: 1.5", {"Iter", 50, MD_UNIT_NONE}, {"loss", 1.5, MD_UNIT_NONE});
    ck_assert(kv[0].total == 90000);
    /* The evaluation's brackets count its batches: the epoch alone, and
     * the pairs under the evaluation. */
    CHECK_LINE("Epoch(val) [3][100/100]  coco/bbox_mAP: 0.4", {"Epoch", 3, MD_UNIT_NONE},
               {"coco/bbox_mAP", 0.4, MD_UNIT_NONE});
    ck_assert_ptr_null(kv[0].ns);
    ck_assert_ptr_nonnull(kv[1].ns);
    CHECK_LINE("Epoch(val) [100/100]  loss: 0.4", {"loss", 0.4, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[0].ns);
    /* mmcv's validation workflow counts its batches without a total,
     * whatever mode it names: no training step. */
    CHECK_LINE("Epoch(train) [14][525]\tloss_cls: 0.3091, acc: 87.2452, loss: 1.1425", {"Epoch", 14, MD_UNIT_NONE},
               {"loss_cls", 0.3091, MD_UNIT_NONE}, {"acc", 87.2452, MD_UNIT_NONE}, {"loss", 1.1425, MD_UNIT_NONE});
    ck_assert_ptr_nonnull(kv[3].ns);
}
END_TEST

/* OpenMMLab's loggers print the peak allocated memory in MiB with no unit
 * (mmengine's LogProcessor, mmcv's TextLoggerHook for its epoch and
 * iteration runners); elsewhere a bare memory figure keeps no unit. */
START_TEST(test_kv_openmmlab_memory)
{
    md_kv kv[32];
    CHECK_LINE("2023/05/01 10:00:00 - mmengine - INFO - Epoch(train)  [1][ 50/500]  lr: 1.0000e-02  eta: "
               "0:10:00  time: 0.5000  data_time: 0.0100  memory: 3456  loss: 1.2000",
               {"Epoch", 1, MD_UNIT_NONE}, {"iter", 50, MD_UNIT_NONE}, {"lr", 0.01, MD_UNIT_NONE},
               {"eta", 600, MD_UNIT_S}, {"time", 0.5, MD_UNIT_NONE}, {"data_time", 0.01, MD_UNIT_NONE},
               {"memory", 3456, MD_UNIT_MIB}, {"loss", 1.2, MD_UNIT_NONE});
    /* The time left, as str(timedelta) writes it; only an estimate's. */
    CHECK_LINE("[04/05 01:30:24 d2.utils.events]:  eta: 1 day, 0:03:35  iter: 19  total_loss: 1.36",
               {"eta", 86615, MD_UNIT_S}, {"iter", 19, MD_UNIT_NONE}, {"total_loss", 1.36, MD_UNIT_NONE});
    CHECK_LINE("epoch: 296/300, iter: 20/47, total_loss: 2.0, ETA: 0:00:19", {"epoch", 296, MD_UNIT_NONE},
               {"iter", 20, MD_UNIT_NONE}, {"total_loss", 2.0, MD_UNIT_NONE}, {"ETA", 19, MD_UNIT_S});
    CHECK_LINE("Iter(train) [  50/90000]  memory: 2048  loss: 1.5", {"Iter", 50, MD_UNIT_NONE},
               {"memory", 2048, MD_UNIT_MIB}, {"loss", 1.5, MD_UNIT_NONE});
    CHECK_LINE("2020-08-01 01:10:31,475 - mmdet - INFO - Epoch [1][50/1759]\tlr: 2.000e-02, memory: 3834, loss: "
               "0.7339",
               {"epoch", 1, MD_UNIT_NONE}, {"iter", 50, MD_UNIT_NONE}, {"lr", 0.02, MD_UNIT_NONE},
               {"memory", 3834, MD_UNIT_MIB}, {"loss", 0.7339, MD_UNIT_NONE});
    /* Pasted into an issue, the tab became blanks. */
    CHECK_LINE("2022-08-20 09:33:05,035 - mmdet - INFO - Epoch [1][240/3712]    lr: 1.000e-03, memory: 5295, loss: "
               "2.904",
               {"epoch", 1, MD_UNIT_NONE}, {"iter", 240, MD_UNIT_NONE}, {"lr", 1e-3, MD_UNIT_NONE},
               {"memory", 5295, MD_UNIT_MIB}, {"loss", 2.904, MD_UNIT_NONE});
    CHECK_LINE("2021-01-01 10:00:00,000 - mmseg - INFO - Iter [50/80000]\tlr: 9.997e-03, memory: 3834, loss: 1.5",
               {"Iter", 50, MD_UNIT_NONE}, {"lr", 9.997e-03, MD_UNIT_NONE}, {"memory", 3834, MD_UNIT_MIB},
               {"loss", 1.5, MD_UNIT_NONE});
    /* A unit written after the number stays; MetricLogger and a plain line
     * are not OpenMMLab's. */
    CHECK_LINE("Iter(train) [  50/90000]  memory: 2.5GB", {"Iter", 50, MD_UNIT_NONE}, {"memory", 2.5, MD_UNIT_GB});
    CHECK_LINE("Epoch: [3]  [ 50/1251]  memory: 12", {"epoch", 3, MD_UNIT_NONE}, {"iter", 50, MD_UNIT_NONE},
               {"memory", 12, MD_UNIT_NONE});
    CHECK_LINE("step 5 memory: 12", {"step", 5, MD_UNIT_NONE}, {"memory", 12, MD_UNIT_NONE});
    /* HAKE's counters, zero-padded before their names; a count in prose is
     * none. */
    CHECK_LINE("000 epoch, 06000 iter, average time 0.6607, loss 37.2", {"epoch", 0, MD_UNIT_NONE},
               {"iter", 6000, MD_UNIT_NONE}, {"loss", 37.2, MD_UNIT_NONE});
    CHECK_LINE("trained 3 epochs, loss 0.5", {"loss", 0.5, MD_UNIT_NONE});
    /* PyTorch's word_language_model names its count after it, and its
     * step time's unit before its name. */
    CHECK_LINE("| epoch   2 |   200/ 2983 batches | lr 20.0000 | ms/batch 11.32 | loss 19.46 | ppl 281452956.39",
               {"epoch", 2, MD_UNIT_NONE}, {"iter", 200, MD_UNIT_NONE}, {"lr", 20, MD_UNIT_NONE},
               {"ms/batch", 11.32, MD_UNIT_NONE}, {"loss", 19.46, MD_UNIT_NONE}, {"ppl", 281452956.39, MD_UNIT_NONE});
    /* torchtitan's logger prints its module, line and function first. */
    CHECK_LINE("[2025-09-11 14:09:46,954794][I][components/metrics:437:log] step:  1  loss: 10.8595",
               {"step", 1, MD_UNIT_NONE}, {"loss", 10.8595, MD_UNIT_NONE});
    /* BasicSR names two values at once, the second of each in brackets. */
    CHECK_LINE("[eta: 4:06:17, time (data): 1.663 (0.247)] l_pix: 8.1951e-03", {"eta", 14777, MD_UNIT_S},
               {"time", 1.663, MD_UNIT_NONE},
               {"data", 0.247, MD_UNIT_NONE}, {"l_pix", 8.1951e-03, MD_UNIT_NONE});
    /* MindFormers pads the count and its total alike. */
    CHECK_LINE("{ Epoch:[  5/  5], step:[  180/  234], loss: 0.874, per_step_time: 3171ms, lr: 5.782753e-07",
               {"Epoch", 5, MD_UNIT_NONE}, {"step", 180, MD_UNIT_NONE}, {"loss", 0.874, MD_UNIT_NONE},
               {"per_step_time", 3171, MD_UNIT_MS}, {"lr", 5.782753e-07, MD_UNIT_NONE});
    /* DINO's MetricLogger names the epochs planned: the batch still follows. */
    CHECK_LINE("Epoch: [0/100]  [  10/1562]  eta: 0:30:15  loss: 10.884450 (10.884587)", {"epoch", 0, MD_UNIT_NONE},
               {"iter", 10, MD_UNIT_NONE}, {"eta", 1815, MD_UNIT_S}, {"loss", 10.88445, MD_UNIT_NONE});
    /* SwAV's and DeepCluster's batch without its total, glued to the epoch. */
    CHECK_LINE("Epoch: [163][50]    Time 0.890 (0.919)    Loss 8.0065 (8.0066)", {"epoch", 163, MD_UNIT_NONE},
               {"iter", 50, MD_UNIT_NONE}, {"Time", 0.89, MD_UNIT_NONE}, {"Loss", 8.0065, MD_UNIT_NONE});
    /* A logger's name and level before a count: no key. */
    CHECK_LINE("DBNet INFO: [38/200], [5/604], global_step: 13103, loss: 0.8613", {"global_step", 13103, MD_UNIT_NONE},
               {"loss", 0.8613, MD_UNIT_NONE});
    /* KGE's name, the step it was measured at, then the value. */
    CHECK_LINE("INFO     Training average loss at step 100: 0.52", {"step", 100, MD_UNIT_NONE},
               {"Training average loss", 0.52, MD_UNIT_NONE});
    CHECK_LINE("Valid MRR at step 10000: 0.331", {"step", 10000, MD_UNIT_NONE}, {"Valid MRR", 0.331, MD_UNIT_NONE});
    /* pytorch-ts: a dash before the value alone; not before another pair. */
    CHECK_LINE("Training loss at epoch 25 - 0.5312", {"epoch", 25, MD_UNIT_NONE}, {"Training loss", 0.5312, MD_UNIT_NONE});
    CHECK_LINE("loss at epoch 3 - lr 0.1", {"lr", 0.1, MD_UNIT_NONE});
    /* PyG's examples: a set's bare name after the loss holds the set's
     * score; without a loss on the line, no. */
    CHECK_LINE("Epoch: 001, Loss: 1.9490, Train: 0.1786, Val: 0.1140, Test: 0.1120", {"Epoch", 1, MD_UNIT_NONE},
               {"Loss", 1.949, MD_UNIT_NONE}, {"score", 0.1786, MD_UNIT_NONE}, {"score", 0.114, MD_UNIT_NONE},
               {"score", 0.112, MD_UNIT_NONE});
    ck_assert(kv[3].ns && kv[3].nslen == 3 && memcmp(kv[3].ns, "Val", 3) == 0);
    CHECK_LINE("Epoch: 001, Val: 0.1140", {"Epoch", 1, MD_UNIT_NONE}, {"Val", 0.114, MD_UNIT_NONE});
    /* big_vision's and scenic's "[3000] training_loss = 3.13": the step in
     * brackets, one measurement after it with blanks around its '='. */
    CHECK_LINE("[3000] training_loss = 3.1342", {"step", 3000, MD_UNIT_NONE}, {"training_loss", 3.1342, MD_UNIT_NONE});
    check_no_pairs("[3] loss = x");
    /* Nor alone, but for the three sets' figures on a line of their own
     * (the sampled-training examples, after "Epoch 01, Loss: 2.2190,
     * Approx. Train: 0.3943"); two sets, or a loss among them, are not. */
    CHECK_LINE("Train: 0.5455, Val: 0.5342, Test: 0.4670", {"score", 0.5455, MD_UNIT_NONE},
               {"score", 0.5342, MD_UNIT_NONE}, {"score", 0.467, MD_UNIT_NONE});
    ck_assert(kv[2].ns && kv[2].nslen == 4 && memcmp(kv[2].ns, "Test", 4) == 0);
    CHECK_LINE("Train: 0.5455, Val: 0.5342", {"Train", 0.5455, MD_UNIT_NONE}, {"Val", 0.5342, MD_UNIT_NONE});
    /* A score's name before the sets it was measured on names their
     * figures, two sets or three; a loss's name does not. */
    CHECK_LINE("Accs: Train: 0.7351, Val: 0.7079", {"score", 0.7351, MD_UNIT_NONE}, {"score", 0.7079, MD_UNIT_NONE});
    ck_assert(kv[1].ns && kv[1].nslen == 3 && memcmp(kv[1].ns, "Val", 3) == 0);
    CHECK_LINE("AUC: Val: 0.91", {"score", 0.91, MD_UNIT_NONE});
    CHECK_LINE("Losses: Train: 0.7351, Val: 0.7079", {"Train", 0.7351, MD_UNIT_NONE}, {"Val", 0.7079, MD_UNIT_NONE});
    CHECK_LINE("Train: 0.5455, Val: 0.5342, Test: 0.4670, Test loss: 1.2",
               {"Train", 0.5455, MD_UNIT_NONE}, {"Val", 0.5342, MD_UNIT_NONE}, {"Test", 0.467, MD_UNIT_NONE},
               {"Test loss", 1.2, MD_UNIT_NONE});
    /* The pairs after an evaluation's loss are the evaluation's, but for
     * one that names its evaluation itself, after ',' or '|'. */
    CHECK_LINE("Val loss: 0.6921, acc: 0.6413", {"Val loss", 0.6921, MD_UNIT_NONE}, {"acc", 0.6413, MD_UNIT_NONE});
    ck_assert(kv[1].ns && kv[1].nslen == 3 && memcmp(kv[1].ns, "Val", 3) == 0);
    CHECK_LINE("Val loss: 0.6921, Val acc: 0.6413", {"Val loss", 0.6921, MD_UNIT_NONE},
               {"Val acc", 0.6413, MD_UNIT_NONE});
    ck_assert(kv[0].ns == NULL && kv[1].ns == NULL);
    CHECK_LINE("Val loss: 0.6921 | Val acc: 0.6413", {"Val loss", 0.6921, MD_UNIT_NONE},
               {"Val acc", 0.6413, MD_UNIT_NONE});
    ck_assert(kv[0].ns == NULL && kv[1].ns == NULL);
    /* FuxiCTR: a process id and a level before the message, a parameter
     * glued to a metric's name, and the evaluation's "[Metrics]" tag. */
    CHECK_LINE("P8266 INFO Train loss: 0.105449", {"Train loss", 0.105449, MD_UNIT_NONE});
    CHECK_LINE("P8266 INFO [Metrics] F1(k=20): 0.141451 - NDCG(k=20): 0.228186 - AUC: 0.811085",
               {"F1(k=20)", 0.141451, MD_UNIT_NONE}, {"NDCG(k=20)", 0.228186, MD_UNIT_NONE},
               {"AUC", 0.811085, MD_UNIT_NONE});
    ck_assert(kv[0].ns && kv[0].nslen == 3 && memcmp(kv[0].ns, "val", 3) == 0 && kv[2].ns == kv[0].ns);
    CHECK_LINE("Info loss: 0.5", {"Info loss", 0.5, MD_UNIT_NONE});
    /* HF datasets' "Map: 100%" is progress; "mAP: 71.3%" a score. */
    check_no_pairs("Map: 100%");
    CHECK_LINE("mAP: 71.3%", {"mAP", 71.3, MD_UNIT_PERCENT});
    /* MACE's epoch line is its validation's. */
    CHECK_LINE("Epoch 12: loss=0.1103, MAE_E_per_atom=1.6 meV, MAE_F=21.1 meV / A", {"Epoch", 12, MD_UNIT_NONE},
               {"loss", 0.1103, MD_UNIT_NONE}, {"MAE_E_per_atom", 1.6, MD_UNIT_NONE}, {"MAE_F", 21.1, MD_UNIT_NONE});
    ck_assert(kv[1].ns && kv[1].nslen == 3 && memcmp(kv[1].ns, "val", 3) == 0 && kv[0].ns == NULL);
    CHECK_LINE("epoch 12: loss=0.1103, mae_f=21.1", {"epoch", 12, MD_UNIT_NONE}, {"loss", 0.1103, MD_UNIT_NONE},
               {"mae_f", 21.1, MD_UNIT_NONE});
    ck_assert(kv[1].ns == NULL);
    /* A conjunction joins pairs: it names none. */
    CHECK_LINE("Training at epoch 9 (total 9) with lr 0.0008 and aux_lr 0.005", {"Training at epoch", 9, MD_UNIT_NONE},
               {"lr", 0.0008, MD_UNIT_NONE}, {"aux_lr", 0.005, MD_UNIT_NONE});
    CHECK_LINE("Saved model at epoch 4 with loss: 0.0625", {"Saved model at epoch", 4, MD_UNIT_NONE},
               {"loss", 0.0625, MD_UNIT_NONE});
    CHECK_LINE("epoch 0: train loss :: 3.686, train acc :: 0.272, dev acc :: 0.252", {"epoch", 0, MD_UNIT_NONE},
               {"train loss", 3.686, MD_UNIT_NONE}, {"train acc", 0.272, MD_UNIT_NONE}, {"dev acc", 0.252, MD_UNIT_NONE});
    CHECK_LINE("Val epoch 0 has acc 0.249 and loss 1.386", {"Val epoch", 0, MD_UNIT_NONE}, {"acc", 0.249, MD_UNIT_NONE},
               {"loss", 1.386, MD_UNIT_NONE});
    /* CenterNet writes the evaluation's figures after the training's, under
     * the same names, on one line of '|'-parted fields. */
    CHECK_LINE("epoch: 20 |loss 0.241926 | hm_loss 0.607374 | time 3.45 | loss 0.164422 | hm_loss 1.432 | time 4.81 | ",
               {"epoch", 20, MD_UNIT_NONE}, {"loss", 0.241926, MD_UNIT_NONE}, {"hm_loss", 0.607374, MD_UNIT_NONE},
               {"time", 3.45, MD_UNIT_NONE}, {"loss", 0.164422, MD_UNIT_NONE}, {"hm_loss", 1.432, MD_UNIT_NONE},
               {"time", 4.81, MD_UNIT_NONE});
    ck_assert(kv[1].ns == NULL && kv[4].ns && kv[4].nslen == 3 && memcmp(kv[4].ns, "val", 3) == 0);
    ck_assert(kv[5].ns && kv[6].ns);
}
END_TEST

START_TEST(test_kv_rich_bar)
{
    md_kv kv[32];
    /* Lightning's RichProgressBar: the count after the bar is the batch. */
    CHECK_LINE("Epoch 3/9  \xe2\x94\x81\xe2\x94\x81\xe2\x95\xb8\xe2\x94\x81 450/1000 0:00:10 \xe2\x80\xa2 "
               "0:00:12 40.10it/s v_num: 0 train_loss: 0.123",
               {"Epoch", 3, MD_UNIT_NONE}, {"iter", 450, MD_UNIT_NONE}, {"v_num", 0, MD_UNIT_NONE},
               {"train_loss", 0.123, MD_UNIT_NONE});
    ck_assert(kv[1].total == 1000);
    /* Its epochs count from 0, to max_epochs - 1. */
    ck_assert(kv[1].flags & MD_KV_EPOCH_FROM_0);
    /* A bar after no epoch (validation) places nothing. */
    CHECK_LINE("Validation \xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 50/100 0:00:02 val_loss: 0.5",
               {"val_loss", 0.5, MD_UNIT_NONE});
}
END_TEST

/* A known name in brackets before its number (LION's trainer); a bracket of
 * another word before a number is a tag, not a key. */
START_TEST(test_kv_bracketed_names)
{
    md_kv kv[32];
    CHECK_LINE("| E5 iter[ 14/ 15] | [Loss] 51566519.44 | [exp] ./exp/0125/car | [step]    89 |",
               {"Loss", 51566519.44, MD_UNIT_NONE}, {"step", 89, MD_UNIT_NONE});
    CHECK_LINE("| [Loss] nan | [step] 104 |", {"Loss", NAN, MD_UNIT_NONE}, {"step", 104, MD_UNIT_NONE});
    check_no_pairs("[R0] 2023 [INFO] 12 [exp] 3");
    /* A count glued to its one-word name's bracket, as "Iter [2860/6000]". */
    CHECK_LINE("Iter[2860/6000] TotalLoss=3.2031", {"Iter", 2860, MD_UNIT_NONE}, {"TotalLoss", 3.2031, MD_UNIT_NONE});
    ck_assert(kv[0].total == 6000);
    check_no_pairs("[data] 104,960 training pages (26,412 with table annotations)");
    /* A step's count alone in brackets after its name. */
    CHECK_LINE("Step [2000]  train Loss : 0.594193, training accuracy :  0.75", {"Step", 2000, MD_UNIT_NONE},
               {"train Loss", 0.594193, MD_UNIT_NONE}, {"training accuracy", 0.75, MD_UNIT_NONE});
    /* So is an epoch's. */
    CHECK_LINE("epoch [3]: training loss: 1.07 - acc: 0.51 - val_loss: 1.43", {"epoch", 3, MD_UNIT_NONE},
               {"training loss", 1.07, MD_UNIT_NONE}, {"acc", 0.51, MD_UNIT_NONE}, {"val_loss", 1.43, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_printed_tensors)
{
    md_kv kv[32];
    CHECK_LINE("step 3 loss: tensor(2.3456, device='cuda:0', grad_fn=<NllLossBackward0>) lr: 0.1",
               {"step", 3, MD_UNIT_NONE}, {"loss", 2.3456, MD_UNIT_NONE}, {"lr", 0.1, MD_UNIT_NONE});
    CHECK_LINE("loss = tensor([nan], grad_fn=<MeanBackward0>), acc = 0.5", {"loss", NAN, MD_UNIT_NONE},
               {"acc", 0.5, MD_UNIT_NONE});
    CHECK_LINE("loss: np.float32(0.25) grad_norm: Array(1.5, dtype=float32)", {"loss", 0.25, MD_UNIT_NONE},
               {"grad_norm", 1.5, MD_UNIT_NONE});
    /* Not one number: a tensor of several, a call cut short. */
    CHECK_LINE("loss: tensor([2.3, 1.2]) lr: 0.1", {"lr", 0.1, MD_UNIT_NONE});
    CHECK_LINE("lr: 0.1 loss: tensor(2.3", {"lr", 0.1, MD_UNIT_NONE});
    /* print("Epoch", epoch, "loss", loss): a known key, a blank, the tensor;
     * after a word no series names, no pair. */
    CHECK_LINE("Epoch 3, loss tensor(2.3010, device='cuda:0', grad_fn=<AddBackward0>)", {"Epoch", 3, MD_UNIT_NONE},
               {"loss", 2.301, MD_UNIT_NONE});
    check_no_pairs("weights tensor(0.5000, requires_grad=True)");
    /* A tensor alone on its line, as print(loss) writes it: "tensor", or
     * the loss where its grad_fn names one; not with text after it. */
    CHECK_LINE("tensor(3.2207, device='cuda:0')", {"tensor", 3.2207, MD_UNIT_NONE});
    CHECK_LINE("  tensor(nan, device='cuda:0')", {"tensor", NAN, MD_UNIT_NONE});
    CHECK_LINE("tensor(2.9000, device='cuda:0', grad_fn=<NllLossBackward0>)", {"loss", 2.9, MD_UNIT_NONE});
    check_no_pairs("tensor(3.2207, device='cuda:0') is the mean");
}
END_TEST

START_TEST(test_kv_clu_step)
{
    md_kv kv[32];
    /* Google's CLU LoggingWriter behind an absl prefix. */
    CHECK_LINE("I0101 12:00:00.123456 140000 train.py:123] [1000] loss=2.3, learning_rate=0.001",
               {"step", 1000, MD_UNIT_NONE}, {"loss", 2.3, MD_UNIT_NONE}, {"learning_rate", 0.001, MD_UNIT_NONE});
    /* NCCL's "[1]" counts a GPU: no pair follows it. */
    CHECK_LINE("node-b05:31877:32011 [1] NCCL WARN NET/IB : Got completion with status=12",
               {"Got completion with status", 12, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_marian)
{
    md_kv kv[32];
    /* Keys abbreviated with a point, a rate after its value, and the time
     * of the display interval, which is no step's time. */
    CHECK_LINE("[2019-05-13 12:00:00] Ep. 1 : Up. 500 : Sen. 123,456 : Cost 5.12345678 * 1,234,567 after "
               "12,345,678 : Time 123.45s : 12345.67 words/s : L.r. 3.0000e-04",
               {"Ep.", 1, MD_UNIT_NONE}, {"Up.", 500, MD_UNIT_NONE}, {"Cost", 5.12345678, MD_UNIT_NONE},
               {"interval_time", 123.45, MD_UNIT_S}, {"words/s", 12345.67, MD_UNIT_NONE},
               {"L.r.", 3e-4, MD_UNIT_NONE});
    /* A set's name in brackets names the pairs after it. */
    CHECK_LINE("[2019-05-13 12:04:10] [valid] Ep. 1 : Up. 1500 : cross-entropy : 123.456 : new best",
               {"Ep.", 1, MD_UNIT_NONE}, {"Up.", 1500, MD_UNIT_NONE}, {"cross-entropy", 123.456, MD_UNIT_NONE});
    ck_assert(kv[2].ns && kv[2].nslen == 5 && memcmp(kv[2].ns, "valid", 5) == 0);
    /* Without Marian's update count, "Time" is a step's. */
    CHECK_LINE("iter 100: loss 4.23, Time 0.5s", {"iter", 100, MD_UNIT_NONE}, {"loss", 4.23, MD_UNIT_NONE},
               {"Time", 0.5, MD_UNIT_S});
}
END_TEST

START_TEST(test_kv_fasttext_progress)
{
    md_kv kv[32];
    /* A dotted name before a fraction is a metric's; before a line number
     * it is a file's (test_kv_prose_is_not_metrics). The time left is its
     * parts' sum. */
    CHECK_LINE("Progress:  62.5% words/sec/thread:  181234 lr:  0.037500 avg.loss:  1.406250 ETA:   1h 0m 2s",
               {"Progress", 62.5, MD_UNIT_PERCENT}, {"words/sec/thread", 181234, MD_UNIT_NONE},
               {"lr", 0.0375, MD_UNIT_NONE}, {"avg.loss", 1.40625, MD_UNIT_NONE}, {"ETA", 3602, MD_UNIT_S});
}
END_TEST

START_TEST(test_kv_mxnet_module)
{
    md_kv kv[32];
    CHECK_LINE("INFO:root:Epoch[4] Batch [300]\tSpeed: 2048.50 samples/sec\taccuracy=0.562500",
               {"epoch", 4, MD_UNIT_NONE}, {"iter", 300, MD_UNIT_NONE}, {"samples/sec", 2048.5, MD_UNIT_NONE},
               {"accuracy", 0.5625, MD_UNIT_NONE});
    CHECK_LINE("INFO:root:Epoch[4] Validation-accuracy=0.593750", {"epoch", 4, MD_UNIT_NONE},
               {"Validation-accuracy", 0.59375, MD_UNIT_NONE});
    CHECK_LINE("INFO:root:Epoch[4] Time cost=95.125", {"epoch", 4, MD_UNIT_NONE}, {"Time cost", 95.125, MD_UNIT_NONE});
    /* StyleGAN2's snapshot metric: its time is the metric's own. */
    CHECK_LINE("network-snapshot-005734        time 4m 26s       fid50k_full 46.5633",
               {"fid50k_full", 46.5633, MD_UNIT_NONE});
    /* A function that prints its state names no set. */
    CHECK_LINE("train_opt_callback: iter=    70 sample=72/5608 sched=0.700000 loss=4.948237",
               {"iter", 70, MD_UNIT_NONE}, {"sample", 72, MD_UNIT_NONE}, {"sched", 0.7, MD_UNIT_NONE},
               {"loss", 4.948237, MD_UNIT_NONE});
    ck_assert_ptr_null(kv[3].ns);
    /* The Speedometer that resets names the batches its figures cover. */
    CHECK_LINE("INFO:root:Epoch[0] Batch [3420-3440]\tSpeed: 1426.12 samples/sec\tacc=0.000000\tlossvalue=42.728325",
               {"epoch", 0, MD_UNIT_NONE}, {"iter", 3440, MD_UNIT_NONE}, {"samples/sec", 1426.12, MD_UNIT_NONE},
               {"acc", 0, MD_UNIT_NONE}, {"lossvalue", 42.728325, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_loss_terms_after_blanks)
{
    md_kv kv[32];
    CHECK_LINE("DEBUG TRAIN Batch 2/300 loss 45.250000 loss_att 40.125000 loss_ctc 57.375000 lr 0.00040000 rank 0",
               {"loss", 45.25, MD_UNIT_NONE}, {"loss_att", 40.125, MD_UNIT_NONE}, {"loss_ctc", 57.375, MD_UNIT_NONE},
               {"lr", 0.0004, MD_UNIT_NONE});
    CHECK_LINE("| loss 6.5 | best_loss 6.25", {"loss", 6.5, MD_UNIT_NONE});
    /* rlpyt's table: a loss's statistics under its name, after blanks. */
    CHECK_LINE("2020-12-08 21:40:50.120008  | loss/Average                    2.5", {"loss/Average", 2.5, MD_UNIT_NONE});
    CHECK_LINE("[olmo.train:816, rank=0] [step=1/739328]", {"step", 1, MD_UNIT_NONE});
    /* COCO's range of IoU thresholds is part of the name. */
    CHECK_LINE("Epoch: 50 | mAP@0.5: 0.0 | mAP@0.50:0.95: 0.0", {"Epoch", 50, MD_UNIT_NONE},
               {"mAP@0.5", 0, MD_UNIT_NONE}, {"mAP@0.50:0.95", 0, MD_UNIT_NONE});
    CHECK_LINE("mAP@.5:.95 0.41 Acc@1:95.3", {"mAP@.5:.95", 0.41, MD_UNIT_NONE}, {"Acc@1", 95.3, MD_UNIT_NONE});
    /* A constant is its pair's value, not the next key's first word. */
    CHECK_LINE("tie_embeddings:True embed_lr:0.05 head_lr:0.0", {"embed_lr", 0.05, MD_UNIT_NONE},
               {"head_lr", 0, MD_UNIT_NONE});
}
END_TEST

/* ESPnet's timings are named for what they time: iter_time waits for the
 * data iterator, train_time is the iteration's, time the epoch's. */
START_TEST(test_kv_espnet_epoch_batches)
{
    md_kv kv[32];
    CHECK_LINE("[gpu2] 2023-05-02 10:00:00,000 (trainer:732) INFO: 12epoch:train:801-1000batch: iter_time=0.002, "
               "loss=38.5",
               {"epoch", 12, MD_UNIT_NONE}, {"iter", 1000, MD_UNIT_NONE}, {"data_time", 0.002, MD_UNIT_NONE},
               {"loss", 38.5, MD_UNIT_NONE});
    CHECK_LINE("INFO: 12epoch results: [train] loss=37.25, [valid] loss=41.5", {"epoch", 12, MD_UNIT_NONE},
               {"loss", 37.25, MD_UNIT_NONE}, {"loss", 41.5, MD_UNIT_NONE});
    check_no_pairs("trained 12epochs");
    CHECK_LINE("INFO: 7epoch:train:7126-7500batch: iter_time=0.001, loss=1.601, train_time=0.014",
               {"epoch", 7, MD_UNIT_NONE}, {"iter", 7500, MD_UNIT_NONE}, {"data_time", 0.001, MD_UNIT_NONE},
               {"loss", 1.601, MD_UNIT_NONE}, {"step_time", 0.014, MD_UNIT_NONE});
    /* kohya's bilingual header: "1epoch" there runs on in Japanese. */
    CHECK_LINE("  num batches per epoch / 1epoch\xe3\x81\xae\xe3\x83\x90\xe3\x83\x83\xe3\x83\x81\xe6\x95\xb0: 93",
               {"\xe3\x81\xae\xe3\x83\x90\xe3\x83\x83\xe3\x83\x81\xe6\x95\xb0", 93, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_timespan_in_words)
{
    md_kv kv[32];
    /* ESPnet's epoch times, as humanfriendly spells them. */
    CHECK_LINE("INFO: 3epoch results: [train] loss=41.5, time=1 minute and 44.25 seconds, total_count=900",
               {"epoch", 3, MD_UNIT_NONE}, {"loss", 41.5, MD_UNIT_NONE}, {"epoch_time", 104.25, MD_UNIT_S},
               {"total_count", 900, MD_UNIT_NONE});
    CHECK_LINE("time=2 hours, 3 minutes and 4.5 seconds, loss=7.5", {"time", 7384.5, MD_UNIT_S},
               {"loss", 7.5, MD_UNIT_NONE});
    CHECK_LINE("time=1 day and 2 hours", {"time", 93600, MD_UNIT_S});
    /* One number keeps its own unit. */
    CHECK_LINE("time=3.25 seconds, total_count=900", {"time", 3.25, MD_UNIT_S}, {"total_count", 900, MD_UNIT_NONE});
    CHECK_LINE("time=2 minutes", {"time", 2, MD_UNIT_MIN});
    CHECK_LINE("loss 2.5 lr 0.25", {"loss", 2.5, MD_UNIT_NONE}, {"lr", 0.25, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_estimator_evaluation_summary)
{
    md_kv kv[32];
    CHECK_LINE("INFO:tensorflow:Saving dict for global step 1500: eval_accuracy = 0.8125, eval_loss = 0.375, "
               "global_step = 1500, loss = 0.375",
               {"Saving dict for global step", 1500, MD_UNIT_NONE}, {"eval_accuracy", 0.8125, MD_UNIT_NONE},
               {"eval_loss", 0.375, MD_UNIT_NONE}, {"global_step", 1500, MD_UNIT_NONE});
    /* LoggingTensorHook's seconds since its line before: the interval's. */
    CHECK_LINE("INFO:tensorflow:loss = 0.4375, step = 1600 (30.5 sec)", {"loss", 0.4375, MD_UNIT_NONE},
               {"step", 1600, MD_UNIT_NONE}, {"interval_time", 30.5, MD_UNIT_S});
    CHECK_LINE("I0321 02:07:08.408271 140234 basic_session_run_hooks.py:260] loss = 0.1, step = 101 (40.785 sec)",
               {"loss", 0.1, MD_UNIT_NONE}, {"step", 101, MD_UNIT_NONE}, {"interval_time", 40.785, MD_UNIT_S});
    /* Only at the end of a line of "tag = value" pairs. */
    CHECK_LINE("Epoch 1 done (40.8 sec)", {"Epoch", 1, MD_UNIT_NONE});
    CHECK_LINE("loss = 0.1, step = 101 (40.8 sec) then", {"loss", 0.1, MD_UNIT_NONE}, {"step", 101, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_nanotron_logger_tag)
{
    md_kv kv[32];
    /* The ranks in the logger's tag are not metrics; the pairs after it are. */
    CHECK_LINE("03/14/2025 08:01:55 [INFO|DP=0|PP=1|TP=0|lm_head]: iteration: 40 / 900 | lm_loss: 6.75 | "
               "lr: 0.0002",
               {"iteration", 40, MD_UNIT_NONE}, {"lm_loss", 6.75, MD_UNIT_NONE}, {"lr", 0.0002, MD_UNIT_NONE});
    CHECK_LINE("[WARNING|DP=3|PP=0|TP=2]: loss=0.5", {"loss", 0.5, MD_UNIT_NONE});
    /* A bracket that opens with no level keeps its pairs. */
    CHECK_LINE("[step=5|loss=0.5]", {"step", 5, MD_UNIT_NONE}, {"loss", 0.5, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_seconds_per_step_after_value)
{
    md_kv kv[32];
    CHECK_LINE("INFO:tensorflow:global step 700: loss = 1.625 (0.375 sec/step)", {"global step", 700, MD_UNIT_NONE},
               {"loss", 1.625, MD_UNIT_NONE}, {"sec/step", 0.375, MD_UNIT_NONE});
    CHECK_LINE("2026-02-03 04:05:06.789: step 80, loss = 2.5 (3072.5 examples/sec; 0.0625 sec/batch)",
               {"step", 80, MD_UNIT_NONE}, {"loss", 2.5, MD_UNIT_NONE}, {"examples/sec", 3072.5, MD_UNIT_NONE},
               {"sec/batch", 0.0625, MD_UNIT_NONE});
}
END_TEST

START_TEST(test_kv_prose_is_not_metrics)
{
    check_no_pairs("Tried to allocate 20.00 MiB");
    check_no_pairs("modeling_utils.py:3729");
    check_no_pairs("[INFO|modeling_utils.py:3729] 2025-04-01 06:58:43,268 >> loading weights file");
    check_no_pairs("2024-01-01");
    check_no_pairs("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 12.50 MiB. GPU 0 has "
                   "a total capacity of 79.15 GiB of which 3.19 MiB is free.");
    check_no_pairs("loaded 338025 tokens");
    check_no_pairs("the loss nan guard is on");
    check_no_pairs("took 5 s. 3 retries left");
    check_no_pairs("trained 100 steps");
    check_no_pairs("[valid");
    check_no_pairs("");
}
END_TEST

/* Lines of settings against lines of measurements: what md_kv_scan_memo
 * says of each (the text reader keeps only a settings line's catalog
 * settings). */
START_TEST(test_kv_settings_lines)
{
    static const struct {
        const char *line;
        bool settings;
    } cases[] = {
        /* Ultralytics' arguments, behind its logger's name */
        {"engine/trainer: task=segment, mode=train, model=yolo11s-seg.pt, data=fields.yaml, epochs=40, "
         "time=None, patience=50, batch=32, imgsz=512, save=True, cache=ram, device=0, workers=4, "
         "optimizer=SGD, cos_lr=True, lr0=0.02, lrf=0.05, momentum=0.9, weight_decay=0.001",
         true},
        /* argparse, even with numbers only */
        {"Namespace(batch_size=256, epochs=90, lr=0.1, momentum=0.9, wd=0.0001, seed=7)", true},
        {"Namespace(arch='vit_b_16', data_dir='/mnt/imagenet', lr=0.003, amp=True, epochs=300)", true},
        /* a call of the entry point, a config object's repr */
        {"main(rmq_host=rmq.svc.cluster.local, rmq_port=5672, epochs=4 seq_per_epoch=32, batch_size=8)", true},
        {"GRPOConfig(beta=0.0, epsilon=0.2, learning_rate=3e-06, num_generations=8, temperature=1.0)", true},
        /* one keyword argument is no call's settings; nor a count in parentheses */
        {"eval(loss=0.52)", false},
        {"Epoch(train) [1][100/500]  lr: 1.0e-03  loss: 0.42", false},
        /* a command line's flags */
        {"/root/venv/bin/python train.py --n_epoch=100 --lr=5e-4 --batch_size=128 --num_workers=2", true},
        {"python train.py --lr=5e-4", true},
        /* a nested config dict printed on one line */
        {"{'model': {'name': 'llama-7b', 'dtype': 'bf16'}, 'optim': {'lr': 0.0002, 'warmup': 500}}", true},
        /* logfmt: a level and a message are no settings */
        {"ts=2024-03-01T10:00:00Z level=info msg=step step=120 loss=2.41 lr=0.0003", false},
        {"Epoch 2: 100%|##########| 50/50 [00:04<00:00, 11.2it/s, loss=0.42, v_num=x7k2]", false},
        {"{\"mode\": \"train\", \"epoch\": 3, \"iter\": 150, \"lr\": 0.02, \"loss\": 0.81}", false},
        {"{'loss': 0.52, 'grad_norm': 1.7, 'learning_rate': 4e-05, 'epoch': 0.4}", false},
        {"note: model=large, lr=0.1", false},
        {"step 20 -- loss=2.1 lr=0.1", false},
    };
    md_kv kv[64];
    md_buf b = {0};
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        bool settings = !cases[i].settings;
        size_t n = md_kv_scan_memo(cases[i].line, strlen(cases[i].line), kv, 64, known, NULL, t_catalog(), NULL,
                                   &settings);
        ck_assert_msg(settings == cases[i].settings, "\"%s\": settings %d, pairs%s", cases[i].line, settings,
                      describe(kv, n, &b));
    }
    md_buf_free(&b);
}
END_TEST

START_TEST(test_kv_respects_cap)
{
    md_kv kv[3];
    const char *line = "a: 1, b: 2, c: 3, d: 4";
    ck_assert_uint_eq(md_kv_scan(line, strlen(line), kv, 2, known, t_catalog()), 2);
    ck_assert(kv[1].value == 2);
    /* Past the cap, keys the catalog knows take the places of the last
     * ones it does not, in the line's order; one it knows stays. */
    line = "a: 1, loss: 2, b: 3, c: 4, lr: 5, d: 6, grad_norm: 7, e: 8";
    ck_assert_uint_eq(md_kv_scan(line, strlen(line), kv, 3, known, t_catalog()), 3);
    ck_assert(kv[0].value == 2 && kv[1].value == 5 && kv[2].value == 7);
    line = "loss: 1, lr: 2, a: 3, b: 4, grad_norm: 5";
    ck_assert_uint_eq(md_kv_scan(line, strlen(line), kv, 2, known, t_catalog()), 2);
    ck_assert(kv[0].value == 1 && kv[1].value == 2);
}
END_TEST

/* ---- md_tqdm_scan -------------------------------------------------------- */

static md_tqdm bar(const char *line)
{
    return md_tqdm_scan(line, strlen(line));
}

START_TEST(test_tqdm_hf_bar)
{
    md_tqdm t = bar("  1%|\xe2\x96\x8f  | 10/760 [00:05<08:00,  2.06it/s]");
    ck_assert(t.found);
    ck_assert(t.n == 10 && t.total == 760);
    ck_assert(T_CLOSE(t.rate, 2.06));
    ck_assert(!t.per_item);
    ck_assert_uint_eq(t.desc_end, 0);
    ck_assert_uint_eq(t.postfix_end, t.postfix_start);

    t = bar("  0%|          | 0/760 [00:00<?, ?it/s]");
    ck_assert(t.found && t.n == 0 && isnan(t.rate));
}
END_TEST

/* Colab's output renders a bar without its cells: the percentage, the
 * counter and the bracket of times are still the bar's. A percentage in
 * prose ("45% 225/500 done") is none. */
START_TEST(test_tqdm_colab_bar_without_cells)
{
    const char *line = "Training progress:  23% 7000/30000 [06:48<20:32, 18.66it/s, Loss=0.01910]";
    md_tqdm t = bar(line);
    ck_assert(t.found && t.n == 7000 && t.total == 30000);
    ck_assert(T_CLOSE(t.rate, 18.66));
    md_str desc = md_str_trim((md_str){line, t.desc_end});
    ck_assert(md_str_eq(desc, "Training progress:"));
    ck_assert(!bar("accuracy 45% 225/500 done").found);
    ck_assert(!bar("accuracy 45% 225/500 [see table 3]").found);
}
END_TEST

START_TEST(test_tqdm_seconds_per_it)
{
    md_tqdm t = bar(" 42%|\xe2\x96\x8f  | 829/1954 [28:49<39:13,  2.09s/it]");
    ck_assert(t.found && t.n == 829 && t.total == 1954);
    ck_assert(T_CLOSE(t.rate, 1 / 2.09));
    /* A dict printed into the redraw before its ']': the bar ends at its
     * rate's unit, and the dict after it is read whole. */
    const char *glued = "  0%|  | 2/13000 [00:28<54:33:11, 15.11s/it{'loss': 0.2527, 'reward': 1.2237}";
    t = bar(glued);
    ck_assert(t.found && t.n == 2 && T_CLOSE(t.rate, 1 / 15.11));
    ck_assert_str_eq(glued + t.end, "{'loss': 0.2527, 'reward': 1.2237}");
}
END_TEST

START_TEST(test_tqdm_without_total)
{
    md_tqdm t = bar("29946it [35:16,  4.86s/it]");
    ck_assert(t.found && t.n == 29946 && t.total < 0);
    ck_assert(T_CLOSE(t.rate, 1 / 4.86));
    t = bar("18703it [02:21, 55.23it/s]");
    ck_assert(t.found && t.n == 18703 && T_CLOSE(t.rate, 55.23));
}
END_TEST

START_TEST(test_tqdm_lightning_postfix)
{
    const char *line = "Epoch 3:  45%|####5     | 450/1000 [01:23<01:42,  5.39it/s, loss=2.6, "
                       "v_num=95nc, global_step=3.2e+4]";
    md_tqdm t = bar(line);
    ck_assert(t.found && t.n == 450 && t.total == 1000 && T_CLOSE(t.rate, 5.39));
    md_str desc = md_str_trim((md_str){line, t.desc_end});
    ck_assert(md_str_eq(desc, "Epoch 3:"));
    md_str post = md_str_trim((md_str){line + t.postfix_start, t.postfix_end - t.postfix_start});
    ck_assert(md_str_eq(post, "loss=2.6, v_num=95nc, global_step=3.2e+4"));

    md_kv kv[32];
    check_line("loss=2.6, v_num=95nc, global_step=3.2e+4",
               (const want_kv[]){{"loss", 2.6, MD_UNIT_NONE}, {"global_step", 32000, MD_UNIT_NONE}}, 2, kv);
}
END_TEST

/* NeMo's bar format has no {rate}: the postfix follows the times. */
START_TEST(test_tqdm_postfix_without_rate)
{
    const char *line = "Epoch 0: :   2%|\xe2\x96\x8f | 20/1000 [00:40<32:40, reduced_train_loss=10.80, "
                       "global_step=19.00, consumed_samples=5120.0, train_step_timing in s=1.800]";
    md_tqdm t = bar(line);
    ck_assert(t.found && t.n == 20 && t.total == 1000);
    ck_assert(isnan(t.rate) && !t.per_item);
    md_str post = md_str_trim((md_str){line + t.postfix_start, t.postfix_end - t.postfix_start});
    ck_assert(md_str_eq(post, "reduced_train_loss=10.80, global_step=19.00, consumed_samples=5120.0, "
                              "train_step_timing in s=1.800"));
    /* With the rate, the postfix starts after it, as before. */
    line = "Epoch 0:   2%| | 20/1000 [00:40<32:40,  1.67s/it, reduced_train_loss=10.80]";
    t = bar(line);
    ck_assert(T_CLOSE(t.rate, 1 / 1.67));
    post = md_str_trim((md_str){line + t.postfix_start, t.postfix_end - t.postfix_start});
    ck_assert(md_str_eq(post, "reduced_train_loss=10.80"));
}
END_TEST

START_TEST(test_tqdm_items_per_second)
{
    md_tqdm t = bar("Map: 100%|##########| 25000/25000 [00:00<00:00, 26335.95 examples/s]");
    ck_assert(t.found && t.per_item);
    t = bar("Running tokenizer on dataset: 100%|| 454/454 [00:07<00:00, 59.10 examples/s]");
    ck_assert(t.found && t.per_item);
}
END_TEST

/* A wrapper that relays a script's output puts a clock and the stream's
 * name in front of each line: the bar's description is what follows. */
START_TEST(test_tqdm_behind_relay_tags)
{
    md_tqdm t = bar("[09:41:07] [STDERR] steps:  24%|\xe2\x96\x88\xe2\x96\x8d    | 120/500 [04:00<12:40,  "
                    "2.00s/it, avr_loss=0.0875]");
    ck_assert(t.found && t.n == 120 && t.total == 500);
    ck_assert(t.desc == MD_TQDM_STEPS);
    t = bar("[09:41:07] [STDOUT]  30%|###       | 30/100 [00:30<01:10,  1.00it/s]");
    ck_assert(t.found && t.desc == 0);
    /* A tag with lower-case letters describes the bar. */
    t = bar("[Tokenize]  30%|###       | 30/100 [00:30<01:10,  1.00it/s]");
    ck_assert(t.found && t.desc == MD_TQDM_DESCRIBED);
}
END_TEST

/* OpenRLHF's trainers describe the bar of an epoch's batches "Train step
 * of epoch 0": its counter is the batch within that epoch, as Lightning's
 * "Epoch 0:" bar's; an evaluation's "Eval stage of steps 100" is not. */
START_TEST(test_tqdm_description_ends_in_epoch)
{
    md_tqdm t = bar("Train step of epoch 1:  10%|#         | 10/100 [00:30<04:30,  3.01s/it, gpt_loss=2.1]");
    ck_assert(t.found && t.n == 10 && t.total == 100);
    ck_assert(t.desc == MD_TQDM_EPOCH);
    t = bar("Eval stage of steps 100: 100%|##########| 50/50 [00:10<00:00,  5.00it/s, eval gpt_loss=2.0]");
    ck_assert(t.found && t.desc == (MD_TQDM_DESCRIBED | MD_TQDM_EVALUATION));
    t = bar("Reading epoch:  10%|#         | 10/100 [00:30<04:30,  3.01s/it]");
    ck_assert(t.found && t.desc == MD_TQDM_DESCRIBED);
}
END_TEST

START_TEST(test_tqdm_not_a_bar)
{
    ck_assert(!bar("step 1, loss: 2.0").found);
    ck_assert(!bar("accuracy 95%| not a bar").found);
    ck_assert(!bar("Loading split [train]").found);
    ck_assert(!bar("").found);
}
END_TEST

/* ---- line shapes --------------------------------------------------------- */

/* Learns a line as a shape, with traits 7. */
static void learn(md_shapes *sh, const char *line, size_t len, const md_kv *kv, size_t n, size_t keep)
{
    int slot = md_shapes_learn(sh, line, len, kv, n, keep);
    ck_assert_int_ge(slot, 0);
    md_shapes_set_traits(sh, slot, 7);
}

static md_shapes *shapes_of(const char *line)
{
    md_shapes *sh = md_shapes_new();
    md_kv kv[32];
    size_t n = md_kv_scan(line, strlen(line), kv, 32, known, t_catalog());
    learn(sh, line, strlen(line), kv, n, 0);
    return sh;
}

static bool shaped(md_shapes *sh, const char *line, md_kv *kv, size_t *n)
{
    unsigned traits = 0;
    const md_kv *pairs;
    bool hit = md_shapes_match(sh, line, strlen(line), &pairs, n, &traits) >= 0;
    ck_assert(!hit || traits == 7);
    if (hit)
        memcpy(kv, pairs, *n * sizeof *kv);
    return hit;
}

static bool text_is(const char *p, size_t n, const char *want)
{
    return n == strlen(want) && memcmp(p, want, n) == 0;
}

START_TEST(test_shapes)
{
    md_shapes *sh = shapes_of("iter 100: loss 4.2345, time 12.34ms, mfu 38.12%");
    md_kv kv[48];
    size_t n;
    ck_assert(shaped(sh, "iter 1001: loss 10.5, time 9.99ms, mfu 7.0%", kv, &n));
    ck_assert_uint_eq(n, 4);
    static const char *const keys[] = {"iter", "loss", "time", "mfu"}, *const nums[] = {"1001", "10.5", "9.99", "7.0"};
    for (size_t i = 0; i < n; i++) {
        ck_assert(text_is(kv[i].key, kv[i].keylen, keys[i]));
        ck_assert(kv[i].unread && text_is(kv[i].num, kv[i].numlen, nums[i]));
    }
    ck_assert_int_eq(kv[2].unit, MD_UNIT_MS);
    ck_assert_int_eq(kv[3].unit, MD_UNIT_PERCENT);
    /* Other units, another number layout, other words: other shapes. */
    ck_assert(!shaped(sh, "iter 1001: loss 10.5, time 9.99s, mfu 7.0%", kv, &n));
    ck_assert(!shaped(sh, "iter 1001: loss 1e-3, time 9.99ms, mfu 7.0%", kv, &n));
    ck_assert(!shaped(sh, "iter 1001: loss 10.5, time 9.99ms, mfu 7.0% ", kv, &n));
    ck_assert(!shaped(sh, "iter 1001: loss nan, time 9.99ms, mfu 7.0%", kv, &n));
    md_shapes_free(sh);

    /* A line of the last one's layout, and lines of its length but not of
     * its layout: the numbers are found again, or the line is no match. */
    sh = shapes_of("iter 100: loss 4.2345, time 12.34ms");
    static const char *const same_length[][3] = {
        {"iter 101: loss 4.2346, time 12.35ms", "101", "4.2346"},
        {"iter 102: loss 4.2347, time 12.36ms", "102", "4.2347"},
        {"iter 1023: loss 4.234, time 12.36ms", "1023", "4.234"},
        {"iter 1024: loss 4.235, time 12.37ms", "1024", "4.235"},
        {"iter 102: loss 4.2348, time 123.6ms", "102", "4.2348"},
    };
    for (size_t i = 0; i < MD_COUNT(same_length); i++) {
        ck_assert(shaped(sh, same_length[i][0], kv, &n));
        ck_assert(text_is(kv[0].num, kv[0].numlen, same_length[i][1]));
        ck_assert(text_is(kv[1].num, kv[1].numlen, same_length[i][2]));
    }
    ck_assert(!shaped(sh, "iter 102: loss 4.2348, time 12.3.6ms", kv, &n));
    ck_assert(!shaped(sh, "iter 102: loss 4.2348, time 1236.ms", kv, &n));
    ck_assert(!shaped(sh, "iter 102: loss 4.2348, time 12.36ns", kv, &n));
    ck_assert(!shaped(sh, "iter 10x: loss 4.2348, time 12.36ms", kv, &n));
    ck_assert(shaped(sh, "iter 103: loss 4.2349, time 12.37ms", kv, &n));
    md_shapes_free(sh);

    /* Digits in keys stay ("top1" and "top5" are different keys); a clock
     * that is no pair's may change digit for digit, not in length. */
    sh = shapes_of("[12:00:01] top1: 0.5");
    ck_assert(shaped(sh, "[13:59:07] top1: 0.75", kv, &n));
    ck_assert(!shaped(sh, "[13:59:07] top5: 0.75", kv, &n));
    ck_assert(!shaped(sh, "[3:59:07] top1: 0.75", kv, &n));
    md_shapes_free(sh);

    /* A number a thousands group could follow makes no shape. */
    sh = md_shapes_new();
    const char *grouped = "tps: 12.5,678";
    n = md_kv_scan(grouped, strlen(grouped), kv, 32, known, t_catalog());
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(md_shapes_learn(sh, grouped, strlen(grouped), kv, n, 0), -1);
    ck_assert(!shaped(sh, grouped, kv, &n));
    md_shapes_free(sh);

    /* Counts in brackets (mmengine's epoch and iteration, the iteration's
     * total) are read again from their digits. */
    sh = shapes_of("Epoch(train)  [1][  20/1000]  lr: 1.0e-04  loss: 2.0");
    ck_assert(shaped(sh, "Epoch(train)  [2][  35/1250]  lr: 2.0e-04  loss: 1.5", kv, &n));
    ck_assert_uint_eq(n, 4);
    ck_assert(kv[0].unread && text_is(kv[0].num, kv[0].numlen, "2"));
    ck_assert(text_is(kv[1].key, kv[1].keylen, "iter") && text_is(kv[1].num, kv[1].numlen, "35"));
    ck_assert(kv[1].flags & MD_KV_TOTAL);
    ck_assert_double_eq(kv[1].total, 1250);
    ck_assert(!shaped(sh, "Epoch(train)  [2][ 135/1250]  lr: 2.0e-04  loss: 1.5", kv, &n));
    md_shapes_free(sh);

    /* A count in front of the line is one of at most 15 digits, where it
     * is read and where a line is matched. */
    sh = shapes_of("[5]\tvalid_0's l2: 0.5");
    ck_assert(shaped(sh, "[123456789012345]\tvalid_0's l2: 0.3", kv, &n));
    ck_assert(text_is(kv[0].num, kv[0].numlen, "123456789012345"));
    ck_assert(!shaped(sh, "[1234567890123456]\tvalid_0's l2: 0.3", kv, &n));
    md_shapes_free(sh);

    /* Thousands groups ("tps: 5,982", torchtitan) are read where the line
     * is matched, as the scan reads them; a text that is no group is no
     * match, in a line of another layout or of the last line's. */
    sh = shapes_of("step: 10  tps: 5,982  mfu: 30.41%");
    ck_assert(shaped(sh, "step: 11  tps: 12,345  mfu: 31.0%", kv, &n));
    ck_assert_uint_eq(n, 3);
    ck_assert(!kv[1].unread && kv[1].grouped && text_is(kv[1].num, kv[1].numlen, "12,345"));
    ck_assert_double_eq(kv[1].value, 12345);
    ck_assert_uint_eq(kv[1].flags, MD_KV_INTEGRAL | MD_KV_DECIMALS(0));
    ck_assert(shaped(sh, "step: 12  tps: 12,346  mfu: 31.1%", kv, &n)); /* the last line's layout */
    ck_assert_double_eq(kv[1].value, 12346);
    ck_assert(shaped(sh, "step: 13  tps: 1,234,567  mfu: 31.2%", kv, &n) == false);
    static const char *const not_groups[] = {
        "step: 12  tps: 02,346  mfu: 31.1%", "step: 12  tps: 0,346  mfu: 31.1%",
        "step: 12  tps: 12,3467  mfu: 31.1%", "step: 12  tps: 1234,567  mfu: 31.1%",
        "step: 12  tps: 12,34  mfu: 31.1%",
    };
    for (size_t i = 0; i < MD_COUNT(not_groups); i++)
        ck_assert_msg(!shaped(sh, not_groups[i], kv, &n), "%s", not_groups[i]);
    md_shapes_free(sh);

    /* The bytes kept (a rank prefix) stay, digits too: rank 3's line is no
     * line of rank 0's shape, whose keys name rank 0's series. */
    sh = md_shapes_new();
    const char *ranked = "[1,0]<stdout>:step: 10  loss: 2.5";
    n = md_kv_scan(ranked + 14, strlen(ranked) - 14, kv, 32, known, t_catalog());
    ck_assert_uint_eq(n, 2);
    learn(sh, ranked, strlen(ranked), kv, n, 14);
    ck_assert(shaped(sh, "[1,0]<stdout>:step: 11  loss: 2.4", kv, &n));
    ck_assert(!shaped(sh, "[1,3]<stdout>:step: 11  loss: 2.4", kv, &n));
    ck_assert(!shaped(sh, "[2,0]<stdout>:step: 11  loss: 2.4", kv, &n));
    md_shapes_free(sh);

    /* A line without pairs (a bar's) matches on its layout alone. */
    sh = md_shapes_new();
    const char *bar = " 10%|#| 10/100 [00:01<00:09, 9.9it/s]";
    learn(sh, bar, strlen(bar), NULL, 0, 0);
    ck_assert(shaped(sh, " 20%|#| 20/100 [00:02<00:08, 9.8it/s]", kv, &n));
    ck_assert_uint_eq(n, 0);
    md_shapes_free(sh);
}
END_TEST

/* A line of the last matched line's length is of its layout when each
 * byte is that line's or, where that line has a digit that may vary, a
 * digit: every byte of every place of bars of several lengths (the layout
 * is compared in blocks and words, the last overlapping). */
START_TEST(test_shapes_layout_bytes)
{
    static const char *const bars[] = {
        "1%|1/9", "12%|#| 3/25", " 10%|#| 10/100 [00:01<00:09, 9.9it/s]",
        "  0%|          | 12/149806 [00:00:10<36:28:39,  1.14it/s]",
    };
    md_kv kv[48];
    size_t n;
    for (size_t b = 0; b < MD_COUNT(bars); b++) {
        const char *bar = bars[b];
        size_t len = strlen(bar);
        md_shapes *sh = md_shapes_new();
        learn(sh, bar, len, NULL, 0, 0);
        ck_assert(shaped(sh, bar, kv, &n)); /* now the last line matched */
        char line[128];
        for (size_t i = 0; i < len; i++) {
            for (int c = 1; c < 256; c++) {
                memcpy(line, bar, len + 1);
                line[i] = (char)c;
                bool want = line[i] == bar[i] || (md_is_digit(bar[i]) && md_is_digit(line[i]));
                ck_assert_msg(shaped(sh, line, kv, &n) == want, "\"%s\" as \"%s\"", line, bar);
                if (want)
                    ck_assert(shaped(sh, bar, kv, &n)); /* the layout back */
            }
        }
        md_shapes_free(sh);
    }
}
END_TEST

/* ---- md_timestamp_scan --------------------------------------------------- */

static md_stamp_kind last_kind;

static double stamp(const char *line)
{
    return md_timestamp_scan(line, strlen(line), &last_kind);
}

START_TEST(test_timestamps)
{
    /* 2024-03-21T02:07:08Z is 1710986828 s after the epoch. */
    ck_assert(T_CLOSE(stamp("2024-03-21 02:07:08,123 - INFO - Step 100: loss=2.3"), 1710986828.123));
    ck_assert_int_eq(last_kind, MD_STAMP_ISO);
    ck_assert(T_CLOSE(stamp("2024-03-21T02:07:08Z step 1"), 1710986828.0));
    ck_assert(T_CLOSE(stamp("2024/03/21 02:07:08 loss 2"), 1710986828.0));
    ck_assert(T_CLOSE(stamp("[2025-04-01 06:58:03] llamafactory"), 1743490683.0));
    ck_assert_int_eq(last_kind, MD_STAMP_ISO);
    ck_assert(T_CLOSE(stamp("[WARNING|2025-04-01 06:58:05] llamafactory.data"), 1743490685.0));
}
END_TEST

START_TEST(test_timestamp_glog)
{
    double a = stamp("I0321 02:07:08.408271 12345 trainer.cc:42] step 1");
    ck_assert_int_eq(last_kind, MD_STAMP_GLOG);
    double b = stamp("I0321 02:07:10.408271 12345 trainer.cc:42] step 2");
    double c = stamp("W0322 00:00:01.000000 12345 trainer.cc:42] step 3");
    double d = stamp("E0321 23:59:59.000000 12345 trainer.cc:42] step 4");
    ck_assert(isfinite(a) && isfinite(b) && isfinite(c) && isfinite(d));
    ck_assert(fabs((b - a) - 2.0) < 1e-6);
    ck_assert(fabs((c - d) - 2.0) < 1e-6);
    ck_assert_int_eq(last_kind, MD_STAMP_GLOG);
}
END_TEST

START_TEST(test_no_timestamp)
{
    static const char *const lines[] = {"loss: 2.0", "step 2024 loss 1", "Epoch 12:30",
                                        "2024-13-01 02:07:08 bad month", "2024-03-21 25:07:08 bad hour",
                                        "Info 0321 02:07:08", ""};
    for (size_t i = 0; i < MD_COUNT(lines); i++) {
        ck_assert_msg(isnan(stamp(lines[i])), "\"%s\" has a timestamp", lines[i]);
        ck_assert_int_eq(last_kind, MD_STAMP_NONE);
    }
}
END_TEST

/* A layout could hold a stamp when some digits in place of its digits make
 * one: a bad month or hour still could, a progress bar's clocks cannot. */
START_TEST(test_timestamp_possible)
{
    static const char *const could[] = {"2024-13-01 02:07:08 bad month", "2024-03-21 25:07:08 bad hour",
                                        "0000-00-00 00:00:00", "[9999/99/99 99:99:99] x", "I9999 99:99:99.1 x"};
    for (size_t i = 0; i < MD_COUNT(could); i++)
        ck_assert_msg(md_timestamp_possible(could[i], strlen(could[i])), "\"%s\" could hold no stamp", could[i]);
    static const char *const never[] = {" 45%|\xe2\x96\x88| 450/1000 [00:10<00:12, 43.20it/s]", "Epoch 12:30:00",
                                        "2024-03-21x02:07:08", "I0321_02:07:08", "loss: 2.0", ""};
    for (size_t i = 0; i < MD_COUNT(never); i++)
        ck_assert_msg(!md_timestamp_possible(never[i], strlen(never[i])), "\"%s\" could hold a stamp", never[i]);
}
END_TEST

/* ---- whole inputs -------------------------------------------------------- */

static md_store *load_path(const char *path, md_err want, md_diags *diags)
{
    md_store *st = NULL;
    md_err err = t_load(path, &st, diags);
    ck_assert_msg(err == want, "%s: md_run_load gave %s, want %s", path, md_err_str(err), md_err_str(want));
    ck_assert_ptr_nonnull(st);
    return st;
}

/* Writes data as dir/name in a fresh directory and reads it. */
static md_store *load_bytes(const char *name, const void *data, size_t n, md_err want, md_diags *diags)
{
    char *dir = t_tmpdir();
    char *path = t_write(dir, name, data, n);
    md_store *st = load_path(path, want, diags);
    free(path);
    t_rmtree(dir);
    free(dir);
    return st;
}

static md_store *load_text(const char *name, const char *text, md_diags *diags)
{
    return load_bytes(name, text, strlen(text), MD_OK, diags);
}

static const md_series *series(const md_store *st, const char *name)
{
    const md_series *s = md_store_find(st, name);
    if (!s) {
        md_buf names = {0};
        for (size_t i = 0; i < md_store_nseries(st); i++)
            md_buf_printf(&names, " %s", md_store_series(st, i)->name);
        ck_abort_msg("no series '%s'; have:%s", name, md_buf_cstr(&names));
    }
    return s;
}

static const md_event *event(const md_store *st, const char *id)
{
    const md_event *e = md_store_find_event(st, id);
    ck_assert_msg(e != NULL, "no event '%s'", id);
    return e;
}

static const md_event_field *field(const md_event *e, const char *name)
{
    for (size_t i = 0; i < e->nfields; i++)
        if (strcmp(e->fields[i].name, name) == 0)
            return &e->fields[i];
    ck_abort_msg("event %s has no field %s", e->id, name);
    return NULL;
}

/* NeMo's training bar, redrawn with \r, carries the loss in a postfix
 * that follows the times with no rate between. */
START_TEST(test_text_nemo_bar)
{
    md_store *st = load_text("nemo.log",
                             "Epoch 0: :   0%| | 1/100 [00:05<08:15, reduced_train_loss=11.00, global_step=0.000, "
                             "consumed_samples=256.0, train_step_timing in s=3.780]\r"
                             "Epoch 0: :   2%| | 2/100 [00:07<06:15, reduced_train_loss=10.50, global_step=1.000, "
                             "consumed_samples=512.0, train_step_timing in s=1.900]\r"
                             "Epoch 0: :   3%| | 3/100 [00:09<05:15, reduced_train_loss=nan, global_step=2.000, "
                             "consumed_samples=768.0, train_step_timing in s=1.800]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert(loss->first == 11.0);
    ck_assert(T_CLOSE(series(st, "step_time")->last, 1.8));
    md_store_free(st);
}
END_TEST

/* Newer NeMo keeps Lightning's "loss" in its bar, which it never fills:
 * "loss=nan" beside the reduced_train_loss that is the run's loss; also
 * where the terminal's width cut the bar before its bracket closed. */
START_TEST(test_text_nemo_bar_unfilled_loss)
{
    static const char *const ends[] = {"]", ""};
    for (size_t i = 0; i < MD_COUNT(ends); i++) {
        md_buf text = {0};
        for (int k = 0; k < 3; k++)
            md_buf_printf(&text,
                          "Epoch 0:   3%%| | %d/20101 [2:12:19<76:15:08, 14.05s/it, loss=nan, v_num=, "
                          "reduced_train_loss=%.3f, gradient_norm=1.010, global_step=%d.0, throughput=19.00%s\n",
                          565 + k, 3.9 + 0.1 * k, 564 + k, ends[i]);
        md_store *st = load_text("nemo.log", md_buf_cstr(&text), NULL);
        const md_series *loss = series(st, "loss");
        ck_assert_uint_eq(loss->count, 3);
        ck_assert_uint_eq(loss->finite, 3);
        ck_assert(T_CLOSE(loss->last, 4.1));
        ck_assert_ptr_null(md_store_find(st, "reduced_train_loss"));
        md_store_free(st);
        md_buf_free(&text);
    }
    /* A loss the bar does fill stays the loss. */
    md_store *st = load_text("bar.log",
                             "Epoch 0:   3%| | 5/200 [00:19<06:15, 1.05s/it, loss=2.5, reduced_train_loss=2.4]\n"
                             "Epoch 0:   3%| | 6/200 [00:20<06:15, 1.05s/it, loss=2.3, reduced_train_loss=2.2]\n",
                             NULL);
    ck_assert(T_CLOSE(series(st, "loss")->last, 2.3));
    md_store_free(st);
}
END_TEST

START_TEST(test_text_ansi_bars_and_nan)
{
    md_store *st = load_text("train.log",
                             "\x1b[1;32m[INFO]\x1b[0m starting\n"
                             "  0%|          | 0/3 [00:00<?, ?it/s]\r 33%|###       | 1/3 [00:01<00:02,  "
                             "1.00it/s]\r 67%|######    | 2/3 [00:02<00:01,  2.00it/s]\r100%|##########| "
                             "3/3 [00:03<00:00,  4.00it/s]\n"
                             "\x1b[33mstep 1, loss: 2.50\x1b[0m\n"
                             "step 2, loss: nan\n"
                             "step 3, loss: NaN, lr: 0.1\n"
                             "step 4, loss: 1.25\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_uint_eq(loss->nan, 2);
    ck_assert_int_eq(loss->first_nonfinite_step, 2);
    ck_assert(loss->first == 2.5 && loss->last == 1.25);
    ck_assert_int_eq(loss->last_step, 4);
    ck_assert(!loss->ordinal);

    const md_series *rate = series(st, "it_per_s");
    ck_assert_uint_eq(rate->count, 3);
    ck_assert(rate->first == 1.0 && rate->last == 4.0);
    ck_assert_uint_eq(md_store_input(st, 0)->lines, 6);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_crlf)
{
    md_store *st = load_text("crlf.log", "step 1, loss: 2.0\r\nstep 2, loss: 1.0\r\n", NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 1.0);
    md_store_free(st);
}
END_TEST

/* A line over MD_LINE_MAX is cut, counted and warned about, and the lines
 * after it are read, whatever the size of the line. */
START_TEST(test_text_long_line_cut)
{
    static const size_t sizes[] = {MD_LINE_MAX + 4096, 3 * MD_LINE_MAX};
    for (size_t k = 0; k < MD_COUNT(sizes); k++) {
        md_buf b = {0};
        for (size_t i = 0; i < sizes[k]; i += 16)
            md_buf_puts(&b, "xxxxxxxxxxxxxxxx");
        md_buf_puts(&b, "\nstep 7, loss: 0.5\n");
        md_diags diags;
        md_diags_init(&diags);
        md_store *st = load_bytes("long.log", b.p, b.n, MD_OK, &diags);
        ck_assert_msg(md_store_input(st, 0)->cut_lines == 1, "a line of %zu bytes: %lu lines cut, want 1",
                      sizes[k], md_store_input(st, 0)->cut_lines);
        ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "longer than 1 MiB"));
        const md_series *loss = series(st, "loss");
        ck_assert_uint_eq(loss->count, 1);
        ck_assert_int_eq(loss->last_step, 7);
        md_store_free(st);
        md_diags_free(&diags);
        md_buf_free(&b);
    }
}
END_TEST

/* A line longer than the pairs are looked for in still gives the pairs at
 * its start: a step's figures before a dump of its predictions. */
START_TEST(test_text_long_line_start_read)
{
    md_buf b = {0};
    for (int step = 1; step <= 50; step++)
        md_buf_printf(&b, "step %d loss %.3f\n", step, 3.0 - step / 50.0);
    md_buf_puts(&b, "step 51 loss nan preds=[");
    for (int i = 0; i < 10000; i++)
        md_buf_printf(&b, "%.6f, ", i / 1000.0);
    md_buf_puts(&b, "]\n");
    md_store *st = load_bytes("train.log", b.p, b.n, MD_OK, NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 51);
    ck_assert_int_eq(loss->first_nonfinite_step, 51);
    ck_assert_ptr_null(md_store_find(st, "preds"));
    md_store_free(st);
    md_buf_free(&b);
}
END_TEST

/* tqdm into a file redraws with '\r' only: the whole run is one line of
 * many MiB. It is read in pieces at its redraws, every one of them, and
 * nothing is cut; the line after it keeps its number. */
START_TEST(test_text_redraws_only)
{
    md_buf b = {0};
    const int n = 60000; /* about 4 MiB */
    for (int s = 1; s <= n; s++)
        md_buf_printf(&b, "\r %d%%|##   | %d/%d [00:10<00:20, 9.9it/s, loss=%.4f]", s * 100 / n, s, n,
                      s >= n - 10 ? NAN : 2.0 - (double)s / n);
    md_buf_puts(&b, "\nTraceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
                    "FloatingPointError: loss is nan\n");
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_bytes("bars.log", b.p, b.n, MD_OK, &diags);
    const md_input *in = md_store_input(st, 0);
    ck_assert_uint_eq(in->cut_lines, 0);
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "longer than 1 MiB"));
    ck_assert_uint_eq(in->lines, 4);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, (uint64_t)n);
    ck_assert_uint_eq(loss->nan, 11);
    ck_assert_uint_eq(event(st, "exception")->first_line, 4);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&b);
}
END_TEST

/* A line of code that builds an object, above a notebook's output: its
 * arguments are no points. */
START_TEST(test_text_constructor_line)
{
    md_store *st = load_text("notebook.md",
                             "Epoch 1/2\n"
                             "10/10 [==============================] - 1s 10ms/step - loss: 0.5 - lr: 0.001\n"
                             "optimizer = tf.keras.optimizers.SGD(lr = 5e-5, momentum = 0.9)\n"
                             "Epoch 2/2\n"
                             "10/10 [==============================] - 1s 10ms/step - loss: 0.4 - lr: 0.001\n",
                             NULL);
    ck_assert_uint_eq(series(st, "lr")->count, 2);
    ck_assert(series(st, "lr")->min == 0.001);
    ck_assert_ptr_null(md_store_find(st, "momentum"));
    md_store_free(st);
}
END_TEST

/* A message on a line that names its step stands at that step; one on a
 * line of its own at the step the line before reached. */
START_TEST(test_text_event_on_its_step_line)
{
    md_store *st = load_text("train.log",
                             "iter: 20  loss: 13.8627 (14.0002)  lr: 0.003\n"
                             "iter: 40  loss: 23.3687 (nan)  lr: 0.003\n"
                             "iter: 60  loss: 31.2085 (nan)  lr: 0.003\n",
                             NULL);
    const md_event *e = event(st, "nan_average");
    ck_assert_int_eq(e->first_step, 40);
    ck_assert_int_eq(e->last_step, 60);
    md_store_free(st);
    st = load_text("train.log",
                   "iter: 20  loss: 13.8627  lr: 0.003\n"
                   "FloatingPointError: Loss became infinite or NaN at iteration=31!\n",
                   NULL);
    ck_assert_int_eq(event(st, "nan_message")->first_step, 20);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_traceback_exception)
{
    md_store *st = load_text("crash.log",
                             "step 1, loss: 2.0\n"
                             "Traceback (most recent call last):\n"
                             "  File \"train.py\", line 10, in <module>\n"
                             "    main()\n"
                             "  File \"train.py\", line 7, in main\n"
                             "    total = 1 + 'a'\n"
                             "TypeError: unsupported operand type(s) for +: 'int' and 'str'\n",
                             NULL);
    const md_event *e = event(st, "exception");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_str_eq(e->first_text, "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
    ck_assert_uint_eq(e->first_line, 7);
    ck_assert_int_eq(e->first_step, 1);
    ck_assert_uint_eq(event(st, "traceback")->first_line, 2);
    ck_assert_ptr_null(md_store_find_event(st, "cuda_oom"));
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);
}
END_TEST

/* stderr's exception glued to a frame's source line, the traceback's
 * other frames after it (Coqui TTS): the exception stands on that line,
 * and the frames after it are its traceback's, no second one. A ')' in a
 * source line before no error's name glues nothing. */
START_TEST(test_text_traceback_glued_exception)
{
    md_store *st = load_text("crash.log",
                             "step 1, loss: 2.0\n"
                             "Traceback (most recent call last):\n"
                             "  File \"train_tacotron.py\", line 721, in <module>\n"
                             "    main(args)RuntimeError:  [!] NaN loss with decoder_loss.\n"
                             "\n"
                             "  File \"train_tacotron.py\", line 623, in main\n"
                             "    scaler_st)\n"
                             "  File \"losses.py\", line 398, in forward\n"
                             "    raise RuntimeError(f\" [!] NaN loss with {key}.\")\n",
                             NULL);
    const md_event *e = event(st, "exception");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_str_eq(e->first_text, "RuntimeError:  [!] NaN loss with decoder_loss.");
    ck_assert_uint_eq(e->first_line, 4);
    ck_assert_uint_eq(event(st, "nan_message")->count, 1);
    md_store_free(st);
    st = load_text("crash.log",
                   "step 1, loss: 2.0\n"
                   "Traceback (most recent call last):\n"
                   "  File \"train.py\", line 10, in <module>\n"
                   "    main(Config)\n"
                   "KeyError: 'lr'\n",
                   NULL);
    e = event(st, "exception");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_uint_eq(e->first_line, 5);
    md_store_free(st);
}
END_TEST

/* A logger that prefixes each line of the traceback, indentation gone
 * (sd-scripts): its exception follows the same prefix. */
START_TEST(test_text_traceback_logger_prefix)
{
    md_store *st = load_text("crash.log",
                             "[2024-10-21 11:16:10] [INFO] step 1, loss: 2.0\n"
                             "[2024-10-21 11:17:04] [INFO] Traceback (most recent call last):\n"
                             "[2024-10-21 11:17:04] [INFO] File \"/env/bin/accelerate\", line 8, in <module>\n"
                             "[2024-10-21 11:17:04] [INFO] sys.exit(main())\n"
                             "[2024-10-21 11:17:04] [INFO] RuntimeError: CUDA driver error: unknown error\n",
                             NULL);
    const md_event *e = event(st, "exception");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_str_eq(e->first_text, "RuntimeError: CUDA driver error: unknown error");
    ck_assert_uint_eq(e->first_line, 5);
    md_store_free(st);

    /* One logged as a warning was handled: torch._dynamo runs the frame
     * eagerly. */
    st = load_text("dynamo.log",
                   "[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] Traceback (most recent call last):\n"
                   "[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING]   File \"/x/_base.py\", line 403\n"
                   "[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] torch._dynamo.exc.BackendCompilerFailed: "
                   "backend='inductor' raised:\n"
                   "step 1, loss: 2.0\n",
                   NULL);
    ck_assert_ptr_null(md_store_find_event(st, "exception"));
    md_store_free(st);
}
END_TEST

/* rich draws a traceback in a box; pasted without the box's top, its
 * first frame starts it, and the box's rows carry no metrics. A box row
 * that is no frame starts nothing. */
START_TEST(test_text_rich_traceback_headless)
{
    md_store *st = load_text("crash.log",
                             "step 1, loss: 2.0\n"
                             "\xe2\x94\x82 C:\\kohya\\library\\train_util.py:2160 in cache_batch_latents   \xe2\x94\x82\n"
                             "\xe2\x94\x82   2159 \xe2\x94\x82   if step: 7, loss: 9.5                       \xe2\x94\x82\n"
                             "\xe2\x95\xb0\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\n"
                             "RuntimeError: NaN detected in latents: train/img/020.jpg\n",
                             NULL);
    const md_event *e = event(st, "exception");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_str_eq(e->first_text, "RuntimeError: NaN detected in latents: train/img/020.jpg");
    ck_assert_uint_eq(event(st, "nan_inputs")->first_line, 5);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);
    st = load_text("box.log",
                   "\xe2\x94\x82 epoch 3 took 12.5 s in total  \xe2\x94\x82\n"
                   "step 1, loss: 2.0\n"
                   "ValueError: bad value\n",
                   NULL);
    ck_assert_ptr_null(md_store_find_event(st, "exception"));
    md_store_free(st);
}
END_TEST

/* An exception's message is prose: the figures of PyTorch's OOM message
 * are no memory series, with or without a traceback above it. */
START_TEST(test_text_error_message_figures)
{
    md_store *st = load_text("oom.log",
                             "step 1 | loss 2.0 | mem 38.2GB\n"
                             "step 2 | loss 1.9 | mem 38.3GB\n"
                             "Traceback (most recent call last):\n"
                             "  File \"train.py\", line 10, in <module>\n"
                             "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
                             "capacity of 39.39 GiB of which 1.12 GiB is free. Of the allocated memory 36.1 GiB is "
                             "allocated by PyTorch, and 1.2 GiB is reserved by PyTorch but unallocated.\n"
                             "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 15.78 GiB total "
                             "capacity; 14.50 GiB already allocated; memory 3.1 GiB)\n",
                             NULL);
    ck_assert_uint_eq(event(st, "cuda_oom")->count, 2);
    ck_assert_uint_eq(series(st, "memory")->count, 2);
    ck_assert_double_eq_tol(series(st, "memory")->max, 38.3e9 / (1 << 30), 1e-9); /* GB read as GiB */
    for (size_t i = 0; i < md_store_nseries(st); i++)
        ck_assert_msg(strstr(md_store_series(st, i)->name, "allocat") == NULL, "%s", md_store_series(st, i)->name);
    ck_assert_uint_eq(md_store_nseries(st), 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_chained_traceback_with_rank_prefix)
{
    md_store *st = load_text("ranks.log",
                             "[rank1]: Traceback (most recent call last):\n"
                             "[rank1]:   File \"train.py\", line 3, in <module>\n"
                             "[rank1]: KeyError: 'x'\n"
                             "\n"
                             "During handling of the above exception, another exception occurred:\n"
                             "\n"
                             "Traceback (most recent call last):\n"
                             "  File \"train.py\", line 5, in <module>\n"
                             "ValueError: bad value\n",
                             NULL);
    const md_event *e = event(st, "exception");
    ck_assert_uint_eq(e->count, 2);
    ck_assert_str_eq(e->first_text, "KeyError: 'x'");
    ck_assert_str_eq(e->last_text, "ValueError: bad value");
    md_store_free(st);
}
END_TEST

/* Python prints a traceback for exceptions it ignored (in __del__, in a
 * logging handler): those are no exception events. */
START_TEST(test_text_ignored_exceptions)
{
    md_store *st = load_text("exit.log",
                             "step 1, loss: 2.0\n"
                             "Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f>\n"
                             "Traceback (most recent call last):\n"
                             "  File \"dataloader.py\", line 1478, in __del__\n"
                             "AssertionError: can only test a child process\n"
                             "--- Logging error ---\n"
                             "Traceback (most recent call last):\n"
                             "  File \"/usr/lib/python3.10/logging/__init__.py\", line 1100, in emit\n"
                             "TypeError: not all arguments converted during string formatting\n"
                             "Call stack:\n"
                             "step 2, loss: 1.5\n"
                             "Traceback (most recent call last):\n"
                             "  File \"train.py\", line 9, in <module>\n"
                             "ValueError: real\n",
                             NULL);
    const md_event *e = event(st, "exception");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_str_eq(e->first_text, "ValueError: real");
    md_store_free(st);
}
END_TEST

/* A log that ends inside a traceback ended on an exception, at the
 * traceback's start; one cut inside an ignored exception's did not. */
START_TEST(test_text_traceback_cut_short)
{
    md_store *st = load_text("cut.log",
                             "step 1, loss: 2.0\n"
                             "step 2, loss: 1.5\n"
                             "Traceback (most recent call last):\n"
                             "  File \"train.py\", line 9, in <module>\n"
                             "    main()\n",
                             NULL);
    const md_event *e = event(st, "exception");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_uint_eq(e->first_line, 3);
    ck_assert_ptr_nonnull(strstr(e->first_text, "before the line naming its exception"));
    md_store_free(st);
    st = load_text("ignored.log",
                   "step 1, loss: 2.0\n"
                   "Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f>\n"
                   "Traceback (most recent call last):\n"
                   "  File \"dataloader.py\", line 1478, in __del__\n",
                   NULL);
    ck_assert_ptr_null(md_store_find_event(st, "exception"));
    md_store_free(st);

    /* Pasted without its header, a traceback starts at its first frame. */
    st = load_text("paste.log",
                   "step 1, loss: 2.0\n"
                   "  File \"/opt/conda/lib/python3.10/site-packages/torch/_tensor.py\", line 522, in backward\n"
                   "    torch.autograd.backward(\n"
                   "RuntimeError: GET was unable to find an engine to execute this computation\n",
                   NULL);
    e = event(st, "exception");
    ck_assert_uint_eq(e->first_line, 4);
    ck_assert_ptr_nonnull(strstr(e->first_text, "unable to find an engine"));
    md_store_free(st);

    /* IPython's traceback names the exception in its header, and its
     * frames start at the line's start. */
    st = load_text("notebook.log",
                   "step 1, loss: 2.0\n"
                   "---------------------------------------------------------------------------\n"
                   "ResourceExhaustedError                    Traceback (most recent call last)\n"
                   "~/.local/lib/python3.5/site-packages/tensorflow/python/client/session.py in _do_call(self, fn)\n"
                   "   1333     try:\n"
                   "-> 1334       return fn(*args)\n"
                   "\n"
                   "~/.local/lib/python3.5/site-packages/tensorflow/python/client/session.py in _run_fn(feed_dict)\n"
                   "-> 1319           options, feed_dict, fetch_list, target_list, run_metadata)\n",
                   NULL);
    e = event(st, "exception");
    ck_assert_uint_eq(e->first_line, 3);
    ck_assert_ptr_nonnull(strstr(e->first_text, "ResourceExhaustedError"));
    md_store_free(st);
}
END_TEST

/* Two ranks writing one file without line buffering: the second rank's
 * line glued to the end of the first's is read as its own. */
START_TEST(test_text_glued_rank_lines)
{
    md_store *st = load_text("ranks.log",
                             "[default0]:step 1 loss 1.0\n"
                             "[default1]:step 1 loss 2.0\n"
                             "[default0]:step 2 loss 0.9[default1]:step 2 loss 2.1\n"
                             "\n"
                             "[default1]:step 3 loss 2.2[default0]:step 3 loss 0.8\n",
                             NULL);
    const md_series *main_loss = series(st, "loss");
    ck_assert_uint_eq(main_loss->count, 3);
    ck_assert(main_loss->max == 1.0 && main_loss->last == 0.8);
    const md_series *other = series(st, "rank1_loss");
    ck_assert_uint_eq(other->count, 3);
    ck_assert(other->min == 2.0 && other->last == 2.2);
    md_store_free(st);

    /* Open MPI's tags glue the same way. */
    st = load_text("horovod.log",
                   "[1,0]<stdout>:step 1 loss 1.0\n"
                   "[1,1]<stdout>:step 1 loss 2.0\n"
                   "[1,0]<stdout>:step 2 loss 0.9[1,1]<stdout>:step 2 loss 2.1\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "loss")->last == 0.9);
    ck_assert_uint_eq(series(st, "rank1_loss")->count, 2);
    ck_assert(series(st, "rank1_loss")->last == 2.1);
    md_store_free(st);

    /* Another rank's count alone first settles nothing: rank 0's loss
     * after it is the run's. */
    st = load_text("horovod_counts.log",
                   "[1,1]<stdout>:Epoch 0/100, Batch 16/29316\n"
                   "[1,0]<stdout>:Total loss is  236.61 ETA is  7:57:00\n"
                   "[1,1]<stdout>:Total loss is  236.64 ETA is  7:57:05\n"
                   "[1,0]<stdout>:Epoch 0/100, Batch 17/29316\n"
                   "[1,0]<stdout>:Total loss is  30.12 ETA is  7:56:00\n"
                   "[1,1]<stdout>:Total loss is  30.40 ETA is  7:56:05\n",
                   NULL);
    ck_assert(series(st, "loss")->first == 236.61 && series(st, "loss")->last == 30.12);
    ck_assert(series(st, "rank1_total_loss")->last == 30.4);
    md_store_free(st);

    /* SageMaker's mpirun: "[1,mpirank:1,algo-2]<stdout>:". */
    st = load_text("sagemaker.log",
                   "[1,mpirank:0,algo-1]<stdout>:step 1 loss 1.0\n"
                   "[1,mpirank:1,algo-2]<stdout>:step 1 loss 2.0\n"
                   "[1,mpirank:0,algo-1]<stdout>:step 2 loss 0.9\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "rank1_loss")->last == 2.0);
    ck_assert_ptr_null(md_store_find(st, "mpirank"));
    md_store_free(st);

    /* torchrun with a role: "[trainer0|5]:" is local rank 0, global 5. */
    st = load_text("role.log",
                   "[trainer0|0]:step 1 loss 1.0\n"
                   "[trainer0|5]:step 1 loss 2.0\n"
                   "[trainer0|0]:step 2 loss 0.9\n"
                   "[trainer0|5]:step 2 loss 2.1\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "loss")->last == 0.9);
    ck_assert(series(st, "rank5_loss")->last == 2.1);
    md_store_free(st);
}
END_TEST

/* What comes around a training's bars and records: a rank prefix before a
 * bar (torchtune's step in its description is read behind it; another
 * rank's bar adds nothing), W&B's summary behind Ray's actor tag, a dict
 * printed into a redraw. */
START_TEST(test_text_around_bars)
{
    md_store *st = load_text("tune.log",
                             "[trainer0|0]:1|54|Loss: 1.0960:  54%|#####     | 55/101 [15:04<11:17, 14.73s/it]\n"
                             "[trainer0|1]:1|54|Loss: 1.2210:  54%|#####     | 55/101 [15:04<11:17, 14.73s/it]\n"
                             "[trainer0|0]:1|55|Loss: 1.0744:  55%|#####     | 56/101 [15:19<11:17, 15.06s/it]\n"
                             "[trainer0|0]:1|56|Loss: 1.0739:  56%|#####     | 57/101 [15:39<12:05, 16.50s/it]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 54);
    ck_assert_int_eq(loss->last_step, 56);
    ck_assert(loss->max == 1.0960);
    md_store_free(st);

    /* W&B's end-of-run summary, also behind a Ray actor's tag, repeats
     * final values: not read. */
    st = load_text("verl.log",
                   "(TaskRunner pid=12) step:1 - actor/entropy:0.61 - critic/score/mean:0.2\n"
                   "(TaskRunner pid=12) step:2 - actor/entropy:0.58 - critic/score/mean:0.3\n"
                   "(TaskRunner pid=12) wandb: Run summary:\n"
                   "(TaskRunner pid=12) wandb:               actor/entropy 0.58\n"
                   "wandb:               actor/entropy 0.58\n",
                   NULL);
    ck_assert_uint_eq(series(st, "entropy")->count, 2);
    md_store_free(st);

    /* An actor-critic's gradient norm and learning rate are the actor's,
     * whichever the line names first. */
    st = load_text("verl_ppo.log",
                   "(TaskRunner pid=12) step:1 - critic/grad_norm:42.7 - critic/lr:1e-05 - actor/grad_norm:3.80 - "
                   "actor/lr:1e-06\n"
                   "(TaskRunner pid=12) step:2 - critic/grad_norm:40.1 - critic/lr:1e-05 - actor/grad_norm:3.61 - "
                   "actor/lr:1e-06\n",
                   NULL);
    ck_assert(series(st, "grad_norm")->last == 3.61);
    ck_assert(series(st, "lr")->last == 1e-06);
    ck_assert(series(st, "critic_grad_norm")->last == 40.1);
    md_store_free(st);

    /* A dict printed into a redraw before its ']' is read whole. */
    st = load_text("ppo.log", "  0%|  | 2/13000 [00:28<54:33:11, 15.11s/it{'loss': 0.2527, 'reward': 1.2237}\n", NULL);
    ck_assert(series(st, "loss")->last == 0.2527);
    ck_assert(series(st, "reward")->last == 1.2237);
    md_store_free(st);
}
END_TEST

/* Rank 0 is the run's rank as soon as it says anything, though another
 * rank logs values first; the other's copy does not take the names. */
START_TEST(test_text_rank0_first_words)
{
    md_store *st = load_text("horovod.log",
                             "[1,0]<stderr>:Stalled ranks:\n"
                             "[1,1]<stderr>:INFO:tensorflow:cross_entropy = 3.2, train_px_accuracy = 0.0166\n"
                             "[1,0]<stderr>:INFO:tensorflow:cross_entropy = 3.8, train_px_accuracy = 0.0311\n",
                             NULL);
    ck_assert(series(st, "accuracy")->last == 0.0311);
    ck_assert(series(st, "rank1_train_px_accuracy")->last == 0.0166);
    md_store_free(st);
}
END_TEST

/* A rank that printed settings first took the plain names, but logs no
 * values: the loss rank 0 logs is the run's loss all the same. Where the
 * first rank logs its own, the other's copy keeps its rank's name. */
START_TEST(test_text_only_a_later_rank_logs_values)
{
    md_store *st = load_text("titan.log",
                             "[rank1]:[titan] Building device mesh with parallelism: pp=1, dp_shard=2, tp=1\n"
                             "[rank0]:[titan] Building device mesh with parallelism: pp=1, dp_shard=2, tp=1\n"
                             "[rank0]:[titan] step:  1  loss:  7.69873  grad_norm:  8.5730\n"
                             "[rank0]:[titan] step: 15  loss:  6.11777  grad_norm:  3.6688\n",
                             NULL);
    ck_assert(series(st, "loss")->last == 6.11777);
    ck_assert(series(st, "grad_norm")->last == 3.6688);
    ck_assert_ptr_null(md_store_find(st, "rank0_loss"));
    md_store_free(st);

    st = load_text("titan.log",
                   "[rank1]:[titan] step:  1  loss:  7.5  grad_norm:  8.5\n"
                   "[rank0]:[titan] step:  1  loss:  7.6  grad_norm:  8.6\n"
                   "[rank1]:[titan] step:  2  loss:  7.1  grad_norm:  8.1\n"
                   "[rank0]:[titan] step:  2  loss:  7.2  grad_norm:  8.2\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 7.1);
    ck_assert(series(st, "rank0_loss")->last == 7.2);
    md_store_free(st);
}
END_TEST

/* Open MPI's --tag-output (Horovod under mpirun) names the job and rank;
 * a traceback on rank 1's stderr is still a crash. */
START_TEST(test_text_mpi_tagged_ranks)
{
    md_store *st = load_text("horovod.log",
                             "[1,0]<stdout>:Epoch 1/3 - loss: 1.0 - accuracy: 0.5\n"
                             "[1,1]<stdout>:Epoch 1/3 - loss: 2.0 - accuracy: 0.4\n"
                             "[1,0]<stdout>:Epoch 2/3 - loss: 0.9 - accuracy: 0.6\n"
                             "[1,1]<stdout>:Epoch 2/3 - loss: 2.1 - accuracy: 0.4\n"
                             "[1,1]<stderr>:Traceback (most recent call last):\n"
                             "[1,1]<stderr>:  File \"train.py\", line 3, in <module>\n"
                             "[1,1]<stderr>:RuntimeError: NCCL error\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 0.9);
    ck_assert(series(st, "rank1_loss")->last == 2.1);
    ck_assert_str_eq(event(st, "exception")->first_text, "RuntimeError: NCCL error");
    md_store_free(st);
}
END_TEST

/* MONAI's research trainers: the epoch of those planned, then the batch of
 * the epoch's, bare; the epoch's closing "Final training" line repeats the
 * last batch's running mean, its time the epoch's. */
START_TEST(test_text_monai_research_trainer)
{
    md_store *st = load_text("swin_unetr.log",
                             "Epoch 31/300 0/1000 loss: 0.2830 time 1.49s\n"
                             "Epoch 31/300 500/1000 loss: 0.2741 time 1.32s\n"
                             "Final training  31/299 loss: 0.2741 time 1477.11s\n"
                             "Epoch 32/300 0/1000 loss: 0.2807 time 3.87s\n"
                             "Epoch 32/300 500/1000 loss: 0.2789 time 1.51s\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_step, 30000);
    ck_assert_int_eq(loss->last_step, 31500);
    ck_assert(series(st, "step_time")->max < 5);
    md_store_free(st);
}
END_TEST

/* PIPs' lines: a run's name and clock, then "step N/T; rtime R; itime I;
 * loss = L": the iteration's time and the part its data took. */
START_TEST(test_text_pips_times)
{
    md_store *st = load_text("pips.log",
                             "16hv_8_96_I4_5e-4_A_debug_15:30:12; step 000031/200000; rtime 0.03; itime 1.80; "
                             "loss = 100.11551\n"
                             "16hv_8_96_I4_5e-4_A_debug_15:30:12; step 000032/200000; rtime 210.16; itime 212.36; "
                             "loss = 76.14967\n",
                             NULL);
    const md_series *step_time = series(st, "step_time"), *data_time = series(st, "data_time");
    ck_assert_uint_eq(step_time->count, 2);
    ck_assert_int_eq(step_time->last_step, 32);
    ck_assert(step_time->max == 212.36);
    ck_assert(data_time->max == 210.16);
    ck_assert(series(st, "loss")->last == 76.14967);
    md_store_free(st);
}
END_TEST

/* torchvision's MetricLogger closes each epoch with "Averaged stats:", the
 * epoch's figures again after its batches' lines: not read then. A log of
 * those lines alone (ALBEF's epochs, pasted) is read: its loss terms make
 * the loss. */
START_TEST(test_text_metriclogger_averaged_stats)
{
    md_store *st = load_text("deit.log",
                             "Epoch: [0]  [   0/1000]  eta: 0:10:00  lr: 0.000100  loss: 6.9 (6.9)  time: 0.5\n"
                             "Epoch: [0]  [ 999/1000]  eta: 0:00:00  lr: 0.000100  loss: 5.1 (5.8)  time: 0.5\n"
                             "Averaged stats: lr: 0.000100  loss: 5.8000 (5.8000)\n"
                             "Epoch: [1]  [   0/1000]  eta: 0:10:00  lr: 0.000100  loss: 5.0 (5.0)  time: 0.5\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    md_store_free(st);
    /* Also behind a logger's prefix (LAVIS, MiniGPT-4), whose rounded
     * "lr: 0.0000" is no learning rate of 0. */
    st = load_text("lavis.log",
                   "2023-05-07 12:08:40,101 [INFO] Train: data epoch: [0]  [ 0/50]  eta: 0:00:10  lr: 0.000030  "
                   "loss: 1.4 (1.4)  time: 0.2\n"
                   "2023-05-07 12:08:50,101 [INFO] Train: data epoch: [0]  [49/50]  eta: 0:00:00  lr: 0.000030  "
                   "loss: 1.1 (1.2)  time: 0.2\n"
                   "2023-05-07 12:08:52,563 [INFO] Averaged stats: lr: 0.0000  loss: 1.2121\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "lr")->min > 0);
    md_store_free(st);
    st = load_text("albef.log",
                   "Averaged stats: lr: 0.0001  loss_mlm: 2.4164  loss_ita: 4.4564  loss_itm: 0.4566 epoch:0\n"
                   "Averaged stats: lr: 0.0001  loss_mlm: 2.1419  loss_ita: 4.0798  loss_itm: 0.3376 epoch:1\n",
                   NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 1);
    ck_assert(fabs(loss->last - 6.5593) < 1e-9);
    md_store_free(st);
    /* TensorVision's raw and smoothed evaluation lines under each step:
     * the raw figures are the step's. */
    st = load_text("kittiseg.log",
                   "2017-11-06 17:31:22,136 root INFO Step 0/100000: loss = 24.93; lr = 1.00e-05; 0.483 sec (per Batch)\n"
                   "2017-11-06 17:31:28,448 root INFO       (raw)  Acc. : 0.25, xentropy: 24.44\n"
                   "2017-11-06 17:31:28,448 root INFO    (smooth)  Acc. : 0.25, xentropy: 24.44\n"
                   "2017-11-06 18:07:11,233 root INFO Step 100/100000: loss = 21.37; lr = 1.00e-05; 42.856 sec (per Batch)\n"
                   "2017-11-06 18:07:17,071 root INFO       (raw)  Acc. : 0.40, xentropy: 20.71\n"
                   "2017-11-06 18:07:17,073 root INFO    (smooth)  Acc. : 0.25, xentropy: 24.25\n",
                   NULL);
    const md_series *acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 2);
    ck_assert(acc->last == 0.40);
    ck_assert_int_eq(acc->last_step, 100);
    md_store_free(st);
    /* A banner of words naming a test over its figures, a line each, time
     * stamps moving: the test set's, up to the rule under them. */
    st = load_text("final.log",
                   "[2026-05-31 01:10:00,000] INFO:   Epoch 2 | Batch [20/20] | Loss: 0.6494 | Acc: 0.85\n"
                   "[2026-05-31 01:17:57,969] INFO: TEST SET EVALUATION\n"
                   "[2026-05-31 01:17:57,969] INFO: ============================\n"
                   "[2026-05-31 01:17:57,970] INFO:   Loss      : 0.5793\n"
                   "[2026-05-31 01:17:57,971] INFO:   F1 Score  : 0.8853\n"
                   "[2026-05-31 01:17:58,012] INFO: ============================\n"
                   "[2026-05-31 01:20:00,000] INFO:   Epoch 3 | Batch [20/20] | Loss: 0.6100 | Acc: 0.86\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 0.61);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "val_loss")->last == 0.5793);
    ck_assert(series(st, "test_f1_score")->last == 0.8853);
    md_store_free(st);
    /* A message that announces an evaluation is no banner over figures. */
    st = load_text("announce.log",
                   "[2026-05-31 01:17:57,969] INFO: Starting evaluation\n"
                   "[2026-05-31 01:17:57,970] INFO: step 5 loss: 2.0\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 2.0);
    ck_assert_ptr_null(md_store_find(st, "val_loss"));
    md_store_free(st);
    /* Averaged figures alone are the log's figures. */
    st = load_text("ema.log", "step 1 (ema) loss: 2.5\n(ema) loss: 2.4\nstep 2\n(ema) loss: 2.3\n", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    md_store_free(st);
    /* A head's terms with no total (DAFormer under mmseg): their sum; with
     * the total (mmseg's own), that. */
    st = load_text("daformer.log",
                   "2023-10-26 08:42:44,761 - mmseg - INFO - Iter [50/40000]\tlr: 1.958e-06, decode.loss_seg: 0.6010, "
                   "decode.acc_seg: 13.7835, mix.decode.loss_seg: 0.3329\n"
                   "2023-10-26 08:43:30,109 - mmseg - INFO - Iter [100/40000]\tlr: 3.950e-06, decode.loss_seg: 0.5742, "
                   "decode.acc_seg: 41.1594, mix.decode.loss_seg: 0.3116\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->last_step, 100);
    ck_assert(fabs(loss->last - 0.8858) < 1e-9);
    md_store_free(st);
    st = load_text("mmseg.log",
                   "2023-10-26 08:42:44,761 - mmseg - INFO - Iter [50/40000]\tlr: 1.958e-06, decode.loss_ce: 0.6010, "
                   "aux.loss_ce: 0.2500, loss: 0.8510\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 0.8510);
    md_store_free(st);
}
END_TEST

/* RLlib's pretty_print of each iteration's result: keys sorted, so its
 * training_iteration comes after its figures; nested keys by their own
 * names, lists and strings skipped. Each block is one record at its
 * iteration; Ray 0.x's opens with custom_metrics, later ones with
 * agent_timesteps_total. */
START_TEST(test_text_rllib_pretty_print)
{
    md_store *st = load_text("rllib.log",
                             "agent_timesteps_total: 4000\n"
                             "custom_metrics: {}\n"
                             "episode_reward_mean: 21.5\n"
                             "hist_stats:\n"
                             "  episode_reward:\n"
                             "  - 12.0\n"
                             "info:\n"
                             "  learner:\n"
                             "    default_policy:\n"
                             "      learner_stats:\n"
                             "        vf_loss: 9.25\n"
                             "        entropy: .nan\n"
                             "training_iteration: 1\n"
                             "trial_id: default\n"
                             "\n"
                             "agent_timesteps_total: 8000\n"
                             "custom_metrics: {}\n"
                             "episode_reward_mean: 30.0\n"
                             "info:\n"
                             "  learner:\n"
                             "    default_policy:\n"
                             "      learner_stats:\n"
                             "        vf_loss: 8.5\n"
                             "training_iteration: 2\n"
                             "custom_metrics: {}\n"
                             "episode_reward_mean: 41.0\n"
                             "training_iteration: 3\n"
                             "Finished training\n",
                             NULL);
    const md_series *reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 3);
    ck_assert_int_eq(reward->first_step, 1);
    ck_assert(reward->first == 21.5 && reward->last == 41.0);
    ck_assert_int_eq(reward->last_step, 3);
    const md_series *vf = series(st, "value_loss");
    ck_assert_int_eq(vf->first_step, 1);
    ck_assert_int_eq(vf->last_step, 2);
    ck_assert_uint_eq(series(st, "entropy")->nan, 1);
    md_store_free(st);
}
END_TEST

/* Ray names the worker process before each line it prints; workers'
 * lines interleave. The first worker to log values is the run's, the
 * others keep their own series; a traceback behind the prefix is read. */
START_TEST(test_text_ray_worker_prefix)
{
    md_store *st = load_text("ray.log",
                             "(RayTrainWorker pid=49388, ip=10.128.15.201) epoch:  1, train_loss: 2.2455\n"
                             "(RayTrainWorker pid=49388, ip=10.128.15.201) epoch:  2, train_loss: 1.9817\n"
                             "(RayTrainWorker pid=56364) epoch:  1, train_loss: 2.2460\n"
                             "(RayTrainWorker pid=56364) epoch:  2, train_loss: 1.9820\n"
                             "(RayTrainWorker pid=56364) epoch:  3, train_loss: 1.4962\n"
                             "(RayTrainWorker pid=49388, ip=10.128.15.201) epoch:  3, train_loss: 1.4960\n"
                             "(main_task pid=1748945) Traceback (most recent call last):\n"
                             "(main_task pid=1748945)   File \"train.py\", line 3, in <module>\n"
                             "(main_task pid=1748945) RuntimeError: worker died\n"
                             "(worker1, rank=1, pid=15406, ip=10.164.0.57)   train_loss = 1.4961\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(loss->last == 1.4960);
    ck_assert(series(st, "rank56364_train_loss")->last == 1.4962);
    ck_assert(series(st, "rank1_train_loss")->last == 1.4961); /* SkyPilot names the rank */
    ck_assert_str_eq(event(st, "exception")->first_text, "RuntimeError: worker died");
    md_store_free(st);
}
END_TEST

/* srun --label puts each task's number before its lines; a script that
 * prints its epoch first ("3: loss=0.5") counts up, even across a restart,
 * and keeps its lines. */
START_TEST(test_text_srun_labels)
{
    md_buf b = {0};
    for (int s = 1; s <= 8; s++)
        for (int task = 0; task < 2; task++)
            md_buf_printf(&b, "%d: iter %d: loss %.2f, time 120.00ms\n", task, s, 3.0 - 0.1 * s + task);
    md_store *st = load_text("slurm-123.out", md_buf_cstr(&b), NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 8);
    ck_assert(fabs(loss->last - 2.2) < 1e-12);
    ck_assert(fabs(series(st, "rank1_loss")->last - 3.2) < 1e-12);
    md_store_free(st);

    md_buf_reset(&b);
    for (int e = 1; e <= 6; e++)
        md_buf_printf(&b, "%d: loss=%.2f\n", e, 2.0 - 0.1 * e);
    for (int e = 4; e <= 8; e++)
        md_buf_printf(&b, "%d: loss=%.2f\n", e, 1.7 - 0.1 * e);
    st = load_text("epochs.log", md_buf_cstr(&b), NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 11);
    ck_assert_ptr_null(md_store_find(st, "rank4_loss"));
    md_store_free(st);
    md_buf_free(&b);
}
END_TEST

/* The reader a line at a time (mldiag watch) tells srun's labels from the
 * head it is shown, as md_read does from the bytes it peeks. */
START_TEST(test_text_srun_labels_by_line)
{
    md_buf b = {0};
    for (int s = 1; s <= 8; s++)
        for (int task = 0; task < 2; task++)
            md_buf_printf(&b, "%d: iter %d: loss %.2f, time 120.00ms\n", task, s, 3.0 - 0.1 * s + task);
    for (int head = 0; head < 2; head++) {
        md_store *st = md_store_new(t_catalog());
        md_store_begin_input(st, "slurm-123.out", MD_FMT_TEXT);
        md_text_reader *r = md_text_reader_new(st, t_catalog());
        if (head)
            md_text_reader_head(r, (md_str){b.p, b.n});
        unsigned long lineno = 0;
        for (const char *p = b.p, *nl; (nl = memchr(p, '\n', (size_t)(b.p + b.n - p))) != NULL; p = nl + 1)
            md_text_reader_line(r, (md_str){p, (size_t)(nl - p)}, ++lineno);
        md_text_reader_free(r);
        md_store_sort(st);
        /* Without the head, "1: iter 1" is a count before the line. */
        ck_assert_uint_eq(series(st, "loss")->count, head ? 8 : 16);
        ck_assert(head ? md_store_find(st, "rank1_loss") != NULL : md_store_find(st, "rank1_loss") == NULL);
        md_store_free(st);
    }
    md_buf_free(&b);
}
END_TEST

START_TEST(test_text_cuda_oom_fields)
{
    md_store *st = load_text("oom.log",
                             "step 5, loss: 1.0\n"
                             "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 12.50 MiB. GPU 0 "
                             "has a total capacity of 79.15 GiB of which 3.19 MiB is free. Including "
                             "non-PyTorch memory, this process has 79.14 GiB memory in use. Of the allocated "
                             "memory 77.10 GiB is allocated by PyTorch, and 1.23 GiB is reserved by PyTorch "
                             "but unallocated.\n",
                             NULL);
    const md_event *e = event(st, "cuda_oom");
    ck_assert_uint_eq(e->count, 1);
    ck_assert_int_eq(e->first_step, 5);
    ck_assert(T_CLOSE(field(e, "tried_gib")->last, 12.5 / 1024));
    ck_assert(T_CLOSE(field(e, "total_gib")->last, 79.15));
    ck_assert(T_CLOSE(field(e, "free_gib")->last, 3.19 / 1024));
    ck_assert(T_CLOSE(field(e, "process_gib")->last, 79.14));
    ck_assert(T_CLOSE(field(e, "allocated_gib")->last, 77.10));
    ck_assert(T_CLOSE(field(e, "reserved_unused_gib")->last, 1.23));
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);

    /* A line printed again as it was is matched once and counted each
     * time, at its own line and step, its fields the same. */
    st = load_text("oom.log",
                   "step 5, loss: 1.0\n"
                   "CUDA out of memory. Tried to allocate 2.00 GiB\n"
                   "CUDA out of memory. Tried to allocate 2.00 GiB\n"
                   "step 6, loss: 0.9\n"
                   "CUDA out of memory. Tried to allocate 2.00 GiB\n"
                   "CUDA out of memory. Tried to allocate 4.00 GiB\n",
                   NULL);
    e = event(st, "cuda_oom");
    ck_assert_uint_eq(e->count, 4);
    ck_assert_uint_eq(e->last_line, 6);
    ck_assert_int_eq(e->first_step, 5);
    ck_assert_int_eq(e->last_step, 6);
    ck_assert_uint_eq(field(e, "tried_gib")->n, 4);
    ck_assert(field(e, "tried_gib")->first == 2 && field(e, "tried_gib")->last == 4);
    md_store_free(st);

    /* So are two lines printed in turn. */
    st = load_text("oom.log",
                   "CUDA out of memory. Tried to allocate 2.00 GiB\n"
                   "CUDA out of memory. Tried to allocate 8.00 GiB\n"
                   "CUDA out of memory. Tried to allocate 2.00 GiB\n"
                   "CUDA out of memory. Tried to allocate 8.00 GiB\n"
                   "CUDA out of memory. Tried to allocate 2.00 GiB\n",
                   NULL);
    e = event(st, "cuda_oom");
    ck_assert_uint_eq(e->count, 5);
    ck_assert_uint_eq(e->last_line, 5);
    ck_assert(field(e, "tried_gib")->max == 8 && field(e, "tried_gib")->last == 2);
    ck_assert_uint_eq(field(e, "tried_gib")->n, 5);
    md_store_free(st);
}
END_TEST

/* PaddlePaddle's words for the GPU's memory; TensorFlow's for the host's
 * (its device is the CPU: host_oom, and no cuda_oom finding); Apple's MPS
 * names its allocation and its cap. */
START_TEST(test_text_oom_other_frameworks)
{
    md_store *st = load_text("paddle.log",
                             "ResourceExhaustedError: \n\n"
                             "Out of memory error on GPU 0. Cannot allocate 165.586182MB memory on GPU 0, 5.866455GB "
                             "memory has been allocated and available memory is only 67.937500MB.\n",
                             NULL);
    const md_event *e = event(st, "cuda_oom");
    ck_assert_uint_eq(e->count, 1);
    ck_assert(T_CLOSE(field(e, "tried_gib")->last, 165.586182e6 / 1073741824.0));
    ck_assert(T_CLOSE(field(e, "free_gib")->last, 67.9375e6 / 1073741824.0));
    ck_assert(T_CLOSE(field(e, "allocated_gib")->last, 5.866455e9 / 1073741824.0));
    ck_assert_uint_eq(field(e, "cpu_device")->n, 0);
    md_store_free(st);

    st = load_text("tf.log",
                   "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
                   "shape[64,224,224,3] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by "
                   "allocator cpu\n",
                   NULL);
    ck_assert_uint_eq(event(st, "host_oom")->count, 1);
    ck_assert(field(event(st, "cuda_oom"), "cpu_device")->last == 0);
    md_store_free(st);

    st = load_text("mps.log",
                   "RuntimeError: MPS backend out of memory (MPS allocated: 9.48 GiB, other allocations: 480.00 KiB, "
                   "max allowed: 9.47 GiB). Tried to allocate 256 bytes on shared pool.\n",
                   NULL);
    e = event(st, "cuda_oom");
    ck_assert(T_CLOSE(field(e, "mps_allocated_gib")->last, 9.48));
    ck_assert(T_CLOSE(field(e, "mps_max_gib")->last, 9.47));
    md_store_free(st);

    /* The driver's Xid number says which fault it was. */
    st = load_text("dmesg.log",
                   "kernel: NVRM: Xid (PCI:0000:07:00): 48, pid=2213, name=python3, An uncorrectable double bit error "
                   "(DBE) has been detected on GPU in the framebuffer at partition 0, subpartition 0.\n",
                   NULL);
    ck_assert(field(event(st, "gpu_hardware_fault"), "xid")->first == 48);
    md_store_free(st);
}
END_TEST

/* PyTorch 2.1's wording: "capacty", a size below 1 KiB in bytes, and the
 * processes on the GPU listed by id. */
START_TEST(test_text_cuda_oom_fields_listed)
{
    md_store *st = load_text("oom.log",
                             "step 5, loss: 1.0\n"
                             "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 620.00 MiB. GPU 0 "
                             "has a total capacty of 44.32 GiB of which 0 bytes is free. Process 387090 has "
                             "36.25 GiB memory in use. Process 413847 has 4.07 GiB memory in use. Of the "
                             "allocated memory 35.45 GiB is allocated by PyTorch, and 512 bytes is reserved by "
                             "PyTorch but unallocated.\n",
                             NULL);
    const md_event *e = event(st, "cuda_oom");
    ck_assert(T_CLOSE(field(e, "tried_gib")->last, 620.0 / 1024));
    ck_assert(T_CLOSE(field(e, "total_gib")->last, 44.32));
    ck_assert(field(e, "free_gib")->last == 0);
    ck_assert(T_CLOSE(field(e, "reserved_unused_gib")->last, 512.0 / (1024.0 * 1024 * 1024)));
    ck_assert(T_CLOSE(field(e, "listed_process_gib")->last, 36.25));
    ck_assert_uint_eq(field(e, "process_gib")->n, 0);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_markdown_table)
{
    md_store *st = load_text("README.md",
                             "### Training results\n\n"
                             "| Training Loss | Epoch | Step | Validation Loss | Wer    |\n"
                             "|:-------------:|:-----:|:----:|:---------------:|:------:|\n"
                             "| 0.0111        | 7.63  | 1000 | 0.3210          | 0.7888 |\n"
                             "| 0.0007        | 15.27 | 2000 | 0.3585          | 0.7478 |\n"
                             "| 0.0003        | 22.9  | 3000 | 0.3937          | 0.7432 |\n"
                             "\nFramework versions: Transformers 4.26\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 1000);
    ck_assert_int_eq(loss->last_step, 3000);
    ck_assert(loss->last == 0.0003);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 3);
    ck_assert(val->last == 0.3937);
    ck_assert_uint_eq(series(st, "val_wer")->count, 3);
    md_store_free(st);

    /* A best epoch shown off in bold, with a mark after it, is still read. */
    st = load_text("README.md",
                   "| Epoch | Train Loss | Val Acc |\n"
                   "|-------|-----------|---------|\n"
                   "| 79 | 1.9381 | 73.52% |\n"
                   "| 80 | 1.9254 | **74.04%** \xe2\x9c\x85 |\n"
                   "| 81 | 1.9107 | *73.95%* |\n",
                   NULL);
    const md_series *best = series(st, "val_accuracy");
    ck_assert_uint_eq(best->count, 3);
    ck_assert(fabs(best->max - 0.7404) < 1e-12);
    ck_assert_int_eq(best->max_step, 80);
    md_store_free(st);
    /* So is a bold number, in a pipe table and in a table of tabs, whose
     * best row a note marks. */
    st = load_text("README.md",
                   "| Epoch | Loss | Val Loss |\n|---|---|---|\n| 1 | 0.50 | 0.60 |\n| 2 | 0.40 | **0.55** |\n"
                   "| 3 | 0.35 | 0.58 |\n",
                   NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 3);
    ck_assert(series(st, "val_loss")->min == 0.55);
    md_store_free(st);
    st = load_text("notes.md",
                   "Epoch\ttrain/loss\tval/loss\t\n0\t0.1554\t0.1907\t\n1\t0.1108\t0.2017\tval jumps UP\n"
                   "2\t0.0798\t**0.1843**\t**best val**\n3\t__0.0735__\t0.1864\tval rises again\n",
                   NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 4);
    ck_assert(series(st, "val_loss")->min == 0.1843);
    ck_assert(series(st, "loss")->last == 0.0735);
    md_store_free(st);

    /* "No log" under "Training Loss" is a measurement's cell: the row is read. */
    st = load_text("README.md",
                   "| Training Loss | Epoch | Step | Validation Loss |\n"
                   "|:-------------:|:-----:|:----:|:---------------:|\n"
                   "| No log        | 1.0   | 6    | 0.6932          |\n"
                   "| No log        | 2.0   | 12   | 0.6801          |\n",
                   NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 12);
    md_store_free(st);

    /* Steps with their thousands grouped, in a pipe table and in columns
     * aligned by blanks. */
    st = load_text("README.md",
                   "| Step | Training loss | Validation loss | Tokens processed |\n"
                   "|---:|---:|---:|---:|\n"
                   "| 750 | 1.623800 | 1.643273 | 4,595,545 |\n"
                   "| 1,000 | 1.604500 | 1.607838 | 6,130,144 |\n"
                   "| 1,250 | 1.610100 | 1.580659 | 7,669,953 |\n",
                   NULL);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 1250);
    ck_assert_uint_eq(series(st, "val_loss")->count, 3);
    ck_assert(series(st, "tokens_processed")->last == 7669953);
    md_store_free(st);
    st = load_text("train.log",
                   "epoch  step   train_loss  valid_loss\n"
                   "0      750    1.6         1.7\n"
                   "1      1,000  1.5         1.6\n"
                   "2      1,250  1.4         1.55\n",
                   NULL);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 1250);
    md_store_free(st);

    /* TRL's GRPO table in a notebook writes "No Log"; its rows are rows,
     * not text that repeats itself. */
    st = load_text("grpo.log",
                   "Step\tTraining Loss\treward\treward_std\tkl\n"
                   "1\t0.000000\t0.000000\t0.000000\t0.000000\n"
                   "2\t-0.000000\t0.000000\tNo Log\tNo Log\n"
                   "3\t-0.000000\t0.000000\tNo Log\tNo Log\n"
                   "4\t-0.000000\t0.000000\tNo Log\tNo Log\n",
                   NULL);
    ck_assert_uint_eq(series(st, "reward")->count, 4);
    ck_assert_ptr_null(md_store_find_event(st, "repetitive_text"));
    md_store_free(st);

    /* A table of classes (mmsegmentation's per-class results) has a row
     * an item, not a step: its columns are no series. */
    st = load_text("mmseg.log",
                   "Iter(train) [1000/2000]  lr: 3.3511e-05  loss: 1.2301  decode.acc_seg: 58.1\n"
                   "+---------------+-------+-------+\n"
                   "|     Class     |  IoU  |  Acc  |\n"
                   "+---------------+-------+-------+\n"
                   "|      road     | 76.84 | 87.05 |\n"
                   "|    sidewalk   |  0.0  |  0.0  |\n"
                   "|    building   | 33.82 | 42.58 |\n"
                   "+---------------+-------+-------+\n"
                   "Iter(train) [2000/2000]  lr: 1.0000e-06  loss: 1.0727  decode.acc_seg: 64.5\n",
                   NULL);
    ck_assert_ptr_null(md_store_find(st, "iou"));
    const md_series *acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 2);
    ck_assert(fabs(acc->last - 0.645) < 1e-12);
    md_store_free(st);
}
END_TEST

/* A table whose columns '|' parts without framing them, under a rule of
 * dashes (or framed, the rule one cell); percent cells are shares. */
START_TEST(test_text_unframed_table)
{
    static const char *const tables[] = {
        " Epoch | TrainLoss | TrainAcc |  ValLoss |  ValAcc |       LR |   Time\n"
        "----------------------------------------------------------------------\n"
        "     1 |    1.0164 |   50.80% |   0.8634 |  60.67% | 0.001000 |  19.6s  <- best\n"
        "     2 |    0.8442 |   62.22% |   1.1590 |  31.25% | 0.001000 |  19.4s\n"
        "     3 |    0.7801 |   66.15% |   0.7055 |  70.02% | 0.001000 |  19.4s  <- best\n"
        "Training finished.\n",
        "| Epoch | TrainLoss | TrainAcc | ValLoss | ValAcc | LR | Time |\n"
        "|------------------------------------------------------------|\n"
        "| 1 | 1.0164 | 50.80% | 0.8634 | 60.67% | 0.001000 | 19.6s |\n"
        "| 2 | 0.8442 | 62.22% | 1.1590 | 31.25% | 0.001000 | 19.4s |\n"
        "| 3 | 0.7801 | 66.15% | 0.7055 | 70.02% | 0.001000 | 19.4s |\n",
    };
    for (size_t i = 0; i < MD_COUNT(tables); i++) {
        md_store *st = load_text("train.log", tables[i], NULL);
        const md_series *loss = series(st, "loss");
        ck_assert_uint_eq(loss->count, 3);
        ck_assert_int_eq(loss->last_step, 3);
        ck_assert(loss->last == 0.7801);
        ck_assert(series(st, "val_loss")->max == 1.159);
        ck_assert_double_eq_tol(series(st, "val_accuracy")->last, 0.7002, 1e-12);
        ck_assert_double_eq_tol(series(st, "accuracy")->first, 0.508, 1e-12);
        md_store_free(st);
    }
    /* With no rule, a header straight over rows of numbers alone
     * (OpenAI baselines' PPO1, each optimisation epoch a row). */
    md_store *st = load_text("ppo1.log",
                             "********** Iteration 3 ************\n"
                             "Optimizing...\n"
                             "     pol_surr |    pol_entpen |       vf_loss |            kl |           ent\n"
                             "     -0.00198 |      -0.02838 |      24.49573 |       0.00019 |       2.83772\n"
                             "     -0.00417 |      -0.02837 |      22.10233 |       0.00102 |       2.83699\n"
                             "Evaluating losses...\n",
                             NULL);
    ck_assert_uint_eq(series(st, "value_loss")->count, 2);
    ck_assert(series(st, "value_loss")->last == 22.10233);
    ck_assert(series(st, "kl")->last == 0.00102);
    md_store_free(st);
    /* A log line's '|' fields hold numbers: no header, no table. */
    st = load_text("train.log",
                             "2024-01-01 10:00:00 | INFO | train | epoch 001 | loss 2.5 | lr 0.1\n"
                             "--------------------------------------------------------------\n"
                             "2024-01-01 10:01:00 | INFO | train | epoch 002 | loss 2.25 | lr 0.1\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "info"));
    md_store_free(st);
}
END_TEST

START_TEST(test_text_keras_epoch_headers)
{
    md_store *st = load_text("keras.log",
                             "Epoch 3/10\n"
                             "32/32 [==============================] - 1s 3ms/step - loss: 0.2100 - "
                             "val_loss: 0.3000\n"
                             "Epoch 4/10\n"
                             "32/32 [==============================] - 1s 3ms/step - loss: 0.1900 - "
                             "val_loss: 0.2800\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 3);
    ck_assert_int_eq(loss->last_step, 4);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 4);
    md_store_free(st);
}
END_TEST

/* fit() writing its bar's redraws to a file, one line each (Keras 3's
 * U+2501 bar here): the bars count the epoch's batches, and a metric gone
 * NaN mid-epoch is placed at its batch, not at its epoch. */
START_TEST(test_text_keras_bars_count_batches)
{
    md_store *st = load_text("keras3.log",
                             "Epoch 1/20\n"
                             "  50/6740 \xe2\x94\x81\xe2\x94\x81 2:01:30 1s/step - iou: 0.5012 - loss: 0.0410\n"
                             " 115/6740 \xe2\x94\x81\xe2\x94\x81 2:01:30 1s/step - iou: nan - loss: 0.0234\n"
                             "6740/6740 \xe2\x94\x81\xe2\x94\x81 150s 22ms/step - iou: 0.5000 - loss: 0.0300 - "
                             "val_iou: 0.4 - val_loss: 0.0400\n"
                             "Epoch 2/20\n"
                             "  10/6740 \xe2\x94\x81\xe2\x94\x81 2:01:30 1s/step - iou: 0.5100 - loss: 0.0290\n",
                             NULL);
    const md_series *iou = series(st, "iou"), *loss = series(st, "loss");
    ck_assert_int_eq(iou->first_step, 50);
    ck_assert_int_eq(iou->first_nonfinite_step, 115);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 6740);
    ck_assert(!loss->ordinal);
    /* After a closed epoch, the means of an epoch's first quarter are
     * left out (the mean of 10 batches is no level), but a NaN is not. */
    ck_assert_int_eq(loss->last_step, 6740);
    ck_assert_uint_eq(loss->count, 3);
    md_store_free(st);
    st = load_text("keras3.log",
                   "Epoch 1/20\n"
                   "6000/6740 \xe2\x94\x81\xe2\x94\x81 10s 22ms/step - loss: 0.0310\n"
                   "6740/6740 \xe2\x94\x81\xe2\x94\x81 150s 22ms/step - loss: 0.0300\n"
                   "Epoch 2/20\n"
                   "  10/6740 \xe2\x94\x81\xe2\x94\x81 2:01:30 1s/step - loss: 0.0290\n"
                   "  20/6740 \xe2\x94\x81\xe2\x94\x81 2:01:30 1s/step - loss: nan\n"
                   "  30/6740 \xe2\x94\x81\xe2\x94\x81 2:01:30 1s/step - loss: 0.0000e+00\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_nonfinite_step, 6760);
    ck_assert_int_eq(loss->first_zero_step, 6770);
    md_store_free(st);
    /* A paste of the epochs' last bars, then the one the run died in: the
     * first bar closed its epoch, so the bars stand at their epochs. */
    st = load_text("keras.log",
                   "Epoch 1/20\n"
                   "100/100 [==============================] - 8s 80ms/step - loss: 0.1875 - val_loss: 0.0411\n"
                   "Epoch 2/20\n"
                   " 40/100 [===========>..................] - ETA: 4s - loss: 14.8835\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert_ptr_null(md_store_find(st, "ETA"));
    md_store_free(st);
    /* A first epoch of unknown size counts its batches too; the next,
     * whose size the first told, goes on from them. */
    st = load_text("unknown.log",
                   "Epoch 1/3\n    400/Unknown - 8s 20ms/step - loss: 0.5000\n"
                   "500/500 [==============================] - 10s 20ms/step - loss: 0.4000\n"
                   "Epoch 2/3\n200/500 [=======>......................] - ETA: 6s - loss: nan\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 400);
    ck_assert_int_eq(loss->first_nonfinite_step, 700);
    md_store_free(st);
    /* Behind mpirun's tag, a timestamp or a logger's level, the same. */
    static const char *const prefixes[] = {"[1,0]<stdout>:", "2024-03-12 10:00:00 ", "2024-03-12 10:00:00,123 INFO  ",
                                           "[2024-03-12 10:00:00] INFO: "};
    for (size_t i = 0; i < MD_COUNT(prefixes); i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "%sEpoch 1/20\n%s  50/6740 [>.............] - ETA: 1:23 - loss: 0.0410\n"
                 "%s 115/6740 [=>............] - ETA: 1:20 - loss: nan\n",
                 prefixes[i], prefixes[i], prefixes[i]);
        st = load_text("prefixed.log", text, NULL);
        loss = series(st, "loss");
        ck_assert_msg(loss->first_step == 50 && loss->first_nonfinite_step == 115, "prefix %zu: steps %lld, %lld", i,
                      (long long)loss->first_step, (long long)loss->first_nonfinite_step);
        md_store_free(st);
    }
    /* Without epoch headers, bars whose first is drawn before its end
     * stand at their counts (an excerpt whose header scrolled away, or a
     * bar of model.evaluate() alone, its batches); bars that close their
     * epochs (fit(verbose=2)'s lines pasted alone) place nothing. */
    st = load_text("keras.log",
                   "10/32 [=======>......................] - ETA: 1s - loss: 0.5000\n"
                   "32/32 [==============================] - 1s 3ms/step - loss: 0.4000\n",
                   NULL);
    ck_assert(!series(st, "loss")->ordinal);
    ck_assert_int_eq(series(st, "loss")->last_step, 32);
    md_store_free(st);
    st = load_text("keras.log",
                   "32/32 [==============================] - 1s 3ms/step - loss: 0.5000\n"
                   "32/32 [==============================] - 1s 3ms/step - loss: 0.4000\n",
                   NULL);
    ck_assert(series(st, "loss")->ordinal);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_more_console_shapes)
{
    /* mlx-lm's GRPO: the reward and its spread within the groups. */
    md_store *mlx = load_text("mlx.log",
                              "Iter 7: Train loss 0.00000000, Total rewards mean 0.250, Total rewards std 0.433, "
                              "Grouped rewards mean 0.250, Grouped rewards std 0.125, KL 0.002, Learning Rate "
                              "1.000e-05, It/sec 1.705, Tokens/sec 204.607, Peak mem 2.854 GB\n",
                              NULL);
    ck_assert(series(mlx, "reward")->last == 0.25);
    ck_assert(series(mlx, "reward_std")->last == 0.125);
    ck_assert_int_eq(series(mlx, "reward_std")->first_step, 7);
    ck_assert(series(mlx, "kl")->last == 0.002);
    md_store_free(mlx);

    /* DeepSpeed's engine: "steps: N loss: X". */
    md_store *st = load_text("ds.log",
                             "steps: 10 loss: 2.5000 iter time (s): 0.456 samples/sec: 70.2\n"
                             "steps: 20 loss: 2.4000 iter time (s): 0.455 samples/sec: 70.3\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 10);
    ck_assert_int_eq(loss->last_step, 20);
    md_store_free(st);

    /* DeepSpeed's log_dist and timer lines: the learning rate of each
     * parameter group in a list, pairs joined by '/'. */
    st = load_text("ds.log",
                   "[Rank 0] step=10, skipped=0, lr=[2.5e-06, 1.0e-06], mom=[(0.9, 0.999)]\n"
                   "[timer.py:260:stop] epoch=0/micro_step=40/global_step=10, RunningAvgSamplesPerSec=30.5, "
                   "CurrSamplesPerSec=31.25, MemAllocated=4.5GB, MaxMemAllocated=6.1GB\n"
                   "[Rank 0] step=20, skipped=0, lr=[5.0e-06, 2.0e-06], mom=[(0.9, 0.999)]\n"
                   "[timer.py:260:stop] epoch=0/micro_step=80/global_step=20, RunningAvgSamplesPerSec=30.6, "
                   "CurrSamplesPerSec=30.75, MemAllocated=4.5GB, MaxMemAllocated=6.1GB\n",
                   NULL);
    const md_series *ds_lr = series(st, "lr");
    ck_assert_uint_eq(ds_lr->count, 2);
    ck_assert(ds_lr->first == 2.5e-06 && ds_lr->last == 5.0e-06);
    ck_assert_int_eq(ds_lr->last_step, 20);
    const md_series *rate = series(st, "samples_per_s");
    ck_assert(rate->first == 31.25 && rate->last == 30.75);
    ck_assert_int_eq(rate->last_step, 20);
    ck_assert_uint_eq(series(st, "memory")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "micro_step"));
    ck_assert_ptr_null(md_store_find(st, "mom"));
    md_store_free(st);

    /* MosaicML Composer: a "[batch=N/T]:" header, then one metric a line. */
    st = load_text("composer.log",
                   "[batch=1/200]:\n\t Train time/batch: 0\n\t Train loss/train/total: 9.8000\n"
                   "[batch=2/200]:\n\t Train time/batch: 1\n\t Train loss/train/total: 9.7000\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(loss->last == 9.7);
    md_store_free(st);

    /* OpenMMLab's mmengine: the evaluation after an epoch stands at the
     * step the run reached. */
    st = load_text("mm.log",
                   "Epoch(train)  [1][ 50/100]  loss: 2.0000\nEpoch(train)  [1][100/100]  loss: 1.9000\n"
                   "Epoch(val) [1][20/20]    coco/bbox_mAP: 0.2500\n"
                   "Epoch(train)  [2][ 50/100]  loss: 1.8000\nEpoch(train)  [2][100/100]  loss: 1.7000\n"
                   "Epoch(val) [2][20/20]    coco/bbox_mAP: 0.3000\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 50);
    ck_assert_int_eq(loss->last_step, 200);
    const md_series *map = series(st, "val_map");
    ck_assert_uint_eq(map->count, 2);
    ck_assert_int_eq(map->first_step, 100);
    ck_assert_int_eq(map->last_step, 200);
    md_store_free(st);

    /* MMDetection 2.x: "Epoch [E][I/T]", the iteration within the epoch. */
    st = load_text("mmdet.log",
                   "2020-08-01 01:10:31,475 - mmdet - INFO - Epoch [1][50/100]\tlr: 2.000e-02, eta: 0:52:33, time: "
                   "1.899, loss_cls: 0.2136, loss: 0.7339, grad_norm: 0.0668\n"
                   "2020-08-01 01:12:05,319 - mmdet - INFO - Epoch [1][100/100]\tlr: 2.000e-02, loss: 0.7\n"
                   "2020-08-01 01:13:39,160 - mmdet - INFO - Epoch [2][50/100]\tlr: 2.000e-02, loss: nan\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 50);
    ck_assert_int_eq(loss->first_nonfinite_step, 150);
    md_store_free(st);

    /* A log's tail ("Epoch(train) [137][12/21]"): the bracket counts within
     * the epoch from its first line, so the points stand at the run's own
     * steps, (137 - 1) * 21 + 12, not at the tail's. */
    st = load_text("mm-tail.log",
                   "Epoch(train) [137][12/21]  lr: 4.0e-03  loss: 0.5600\n"
                   "Epoch(train) [137][21/21]  lr: 4.0e-03  loss: 0.5500\n"
                   "Epoch(train) [138][ 5/21]  lr: 4.0e-03  loss: 0.5400\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 2868);
    ck_assert_int_eq(loss->last_step, 2882);
    md_store_free(st);

    /* YOLOX's "epoch: 296/300, iter: 20/47" on a tail: 20 of 47 as the
     * run's count would be 43% of it, epoch 296 of 300 is 99%, so the count
     * is the epoch's. The loguru prefix's "trainer:after_iter:246" is a
     * function and its line, not the iteration. */
    st = load_text("yolox-tail.log",
                   "2021-09-03 20:46:57.423 | INFO     | yolox.core.trainer:after_iter:246 - epoch: 296/300, "
                   "iter: 20/47, mem: 1756Mb, iter_time: 0.105s, total_loss: 2.0, lr: 7.813e-06\n"
                   "2021-09-03 20:46:58.283 | INFO     | yolox.core.trainer:after_iter:246 - epoch: 296/300, "
                   "iter: 40/47, mem: 1756Mb, iter_time: 0.084s, total_loss: 1.3, lr: 7.813e-06\n"
                   "2021-09-03 20:46:59.283 | INFO     | yolox.core.trainer:after_iter:246 - epoch: 297/300, "
                   "iter: 10/47, mem: 1756Mb, iter_time: 0.084s, total_loss: 1.2, lr: 7.813e-06\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 295 * 47 + 20);
    ck_assert_int_eq(loss->last_step, 296 * 47 + 10);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 300 * 47);
    md_store_free(st);

    /* MMEngine's scalars.json keys an evaluation by its epoch ("step": 2
     * after iteration 40): it stands at the step reached, and its timings
     * are not the training steps'. */
    st = load_text("scalars.json",
                   "{\"lr\": 0.001, \"loss\": 1.5, \"time\": 0.8, \"epoch\": 1, \"step\": 20}\n"
                   "{\"coco/bbox_mAP\": 0.1, \"time\": 0.2, \"step\": 1}\n"
                   "{\"lr\": 0.001, \"loss\": 1.4, \"time\": 0.8, \"epoch\": 2, \"step\": 40}\n"
                   "{\"coco/bbox_mAP\": 0.2, \"time\": 0.2, \"step\": 2}\n",
                   NULL);
    const md_series *mm_map = series(st, "val_map");
    ck_assert_int_eq(mm_map->first_step, 20);
    ck_assert_int_eq(mm_map->last_step, 40);
    const md_series *mm_time = series(st, "step_time");
    ck_assert_uint_eq(mm_time->count, 2);
    ck_assert(mm_time->min == 0.8);
    ck_assert_uint_eq(mm_time->restarts, 0);
    md_store_free(st);

    /* mmpretrain's evaluation names its figure as training would name it:
     * keyed by the epoch, it is the validation set's all the same. */
    st = load_text("scalars.json",
                   "{\"lr\": 0.02, \"loss\": 1.7, \"time\": 0.14, \"epoch\": 1, \"iter\": 69, \"step\": 69}\n"
                   "{\"accuracy/top1\": 43.1, \"data_time\": 0.09, \"time\": 0.12, \"step\": 1}\n"
                   "{\"lr\": 0.02, \"loss\": 0.99, \"time\": 0.12, \"epoch\": 2, \"iter\": 138, \"step\": 138}\n"
                   "{\"accuracy/top1\": 70.9, \"data_time\": 0.07, \"time\": 0.10, \"step\": 2}\n",
                   NULL);
    const md_series *mm_acc = series(st, "val_accuracy");
    ck_assert_uint_eq(mm_acc->count, 2);
    ck_assert_int_eq(mm_acc->last_step, 138);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);

    /* An iteration-based loop keys its evaluation by the iteration: the
     * training records carry it twice ("iter" and "step"), the
     * evaluation's once. */
    st = load_text("scalars.json",
                   "{\"lr\": 0.1, \"loss\": 2.3, \"time\": 0.2, \"iter\": 10, \"step\": 10}\n"
                   "{\"lr\": 0.1, \"loss\": 2.1, \"time\": 0.2, \"iter\": 20, \"step\": 20}\n"
                   "{\"accuracy/top1\": 53.0, \"time\": 0.1, \"step\": 20}\n"
                   "{\"lr\": 0.1, \"loss\": 1.9, \"time\": 0.2, \"iter\": 30, \"step\": 30}\n"
                   "{\"lr\": 0.1, \"loss\": 1.8, \"time\": 0.2, \"iter\": 40, \"step\": 40}\n"
                   "{\"accuracy/top1\": 61.0, \"time\": 0.1, \"step\": 40}\n",
                   NULL);
    ck_assert_uint_eq(series(st, "val_accuracy")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    ck_assert_uint_eq(series(st, "step_time")->count, 4);
    ck_assert(series(st, "step_time")->min == 0.2);
    md_store_free(st);

    /* A count of the whole run agrees with its epoch: it stays the step. */
    st = load_text("global.log",
                   "epoch: 3/10, step: 2500/10000, loss: 1.5\nepoch: 3/10, step: 2600/10000, loss: 1.4\n"
                   "epoch: 4/10, step: 3100/10000, loss: 1.3\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 2500);
    ck_assert_int_eq(loss->last_step, 3100);
    md_store_free(st);

    /* Their memory is MiB: the store holds GiB. */
    st = load_text("mm-memory.log",
                   "Epoch(train)  [1][ 50/100]  memory: 3072  loss: 2.0000\n"
                   "Epoch(train)  [1][100/100]  memory: 4096  loss: 1.9000\n",
                   NULL);
    const md_series *mm_mem = series(st, "memory");
    ck_assert_int_eq(mm_mem->kind, MD_KIND_MEMORY);
    ck_assert_msg(T_CLOSE(mm_mem->first, 3.0) && T_CLOSE(mm_mem->last, 4.0), "memory: 3072 is 3 GiB, read %g",
                  mm_mem->first);
    md_store_free(st);

    /* PyTorch's examples count samples in the bracket: the points stand at
     * the samples seen, not a whole epoch's points at one step, even under
     * a header of the epoch (open_clip's "Start epoch 0"). */
    st = load_text("mnist.log",
                   "Start epoch 1\n"
                   "Train Epoch: 1 [0/60000 (0%)]\tLoss: 2.300000\n"
                   "Train Epoch: 1 [640/60000 (1%)]\tLoss: 2.100000\n"
                   "Train Epoch: 2 [0/60000 (0%)]\tLoss: 0.500000\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 60000);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);

    /* fairseq's --log-format json writes each statistic as a string; a
     * quoted version or date is no number. */
    st = load_text("fairseq.log",
                   "2024-01-01 10:00:00 | INFO | train_inner | {\"epoch\": 1, \"update\": 0.02, \"loss\": "
                   "\"9.234\", \"ppl\": \"602.1\", \"num_updates\": \"100\", \"lr\": \"0.0005\", "
                   "\"fairseq\": \"0.12.2\", \"date\": \"2024-01-01\"}\n"
                   "2024-01-01 10:00:30 | INFO | train_inner | {\"epoch\": 1, \"update\": 0.04, \"loss\": "
                   "\"8.5\", \"ppl\": \"362.0\", \"num_updates\": \"200\", \"lr\": \"0.0005\", "
                   "\"fairseq\": \"0.12.2\", \"date\": \"2024-01-01\"}\n"
                   "2024-01-01 10:01:00 | INFO | valid | {\"epoch\": 1, \"valid_loss\": \"8.1\", "
                   "\"valid_num_updates\": \"200\"}\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 200);
    ck_assert(loss->last == 8.5);
    ck_assert(series(st, "val_loss")->last == 8.1);
    ck_assert_int_eq(series(st, "val_loss")->first_step, 200);
    ck_assert_ptr_null(md_store_find(st, "fairseq"));
    ck_assert_ptr_null(md_store_find(st, "date"));
    md_store_free(st);

    /* ms-swift writes its step as "'global_step/max_steps': '78/176'": the
     * first name's count. A namespace over a count stays one name. */
    st = load_text("swift.log",
                   "{'loss': 0.2193, 'learning_rate': 6.8e-07, 'memory(GiB)': 63.16, 'epoch': 0.89, "
                   "'global_step/max_steps': '78/176', 'percentage': '44.32%', 'elapsed_time': '1h 54m 53s'}\n"
                   "{'loss': 0.2194, 'learning_rate': 6.7e-07, 'memory(GiB)': 73.75, 'epoch': 0.9, "
                   "'global_step/max_steps': '80/176', 'percentage': '45.45%', 'elapsed_time': '1h 56m 20s'}\n"
                   "{'eval_loss': 0.31, 'epoch': 0.9, 'global_step/max_steps': '80/176'}\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 78);
    ck_assert_int_eq(loss->last_step, 80);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 80);
    ck_assert_ptr_null(md_store_find(st, "global_step_max_steps"));
    md_store_free(st);
    st = load_text("shards.log", "{'loss': 0.5, 'data/shards': '3/10'}\n{'loss': 0.4, 'data/shards': '4/10'}\n", NULL);
    ck_assert_ptr_nonnull(md_store_find(st, "data_shards"));
    ck_assert_ptr_null(md_store_find(st, "data"));
    md_store_free(st);
    /* Its logging.jsonl writes the same pair as a JSON string. */
    st = load_text("logging.jsonl",
                   "{\"loss\": 3.9, \"epoch\": 0.02, \"global_step/max_steps\": \"10/438\", \"elapsed_time\": \"51s\"}\n"
                   "{\"loss\": 0.2, \"epoch\": 0.05, \"global_step/max_steps\": \"20/438\", \"elapsed_time\": \"1m 42s\"}\n"
                   "{\"eval_loss\": 0.16, \"epoch\": 0.23, \"global_step/max_steps\": \"100/438\"}\n"
                   "{\"eval_loss\": 0.15, \"epoch\": 0.46, \"global_step/max_steps\": \"200/438\"}\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->first_step == 10 && loss->last_step == 20);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 200);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 438);
    md_store_free(st);

    /* litgpt: "loss train: 2.846, val: n/a | iter time: 112.20 ms"; the
     * validation line ends at the '|'. */
    st = load_text("litgpt.log",
                   "Epoch 1 | iter 5 step 1 | loss train: 3.100, val: n/a | iter time: 112.20 ms (step)\n"
                   "Epoch 1 | iter 10 step 2 | loss train: 3.000, val: n/a | iter time: 111.80 ms (step)\n"
                   "iter 10: val loss 2.9000, val time: 3778.02 ms\n"
                   "Epoch 1 | iter 15 step 3 | loss train: 2.900, val: 2.900 | iter time: 112.00 ms (step)\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(loss->last == 2.9);
    ck_assert(series(st, "val_loss")->last == 2.9);
    ck_assert_uint_eq(series(st, "step_time")->count, 3);
    ck_assert_ptr_null(md_store_find(st, "val_iter_time"));
    md_store_free(st);

    /* icefall (k2): "loss[loss=..., over N frames. ]" is the batch's loss,
     * "tot_loss[loss=...]" the running one; a bracket's other pairs are
     * named under it. */
    st = load_text("icefall.log",
                   "2023-01-01 10:00:00,000 INFO [train.py:895] (0/4) Epoch 1, batch 50, loss[loss=0.5012, "
                   "simple_loss=0.3, over 6000.00 frames. ], tot_loss[loss=0.6, simple_loss=0.31, over 1200000.00 "
                   "frames. ], batch size: 50, lr: 1.2e-03, grad_scale: 8.0\n"
                   "2023-01-01 10:00:10,000 INFO [train.py:895] (0/4) Epoch 1, batch 100, loss[loss=0.4, "
                   "simple_loss=0.3, over 6000.00 frames. ], tot_loss[loss=0.55, simple_loss=0.31, over 1200000.00 "
                   "frames. ], batch size: 50, lr: 1.2e-03, grad_scale: 8.0\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->first == 0.5012 && loss->last == 0.4);
    ck_assert(series(st, "tot_loss")->last == 0.55);
    ck_assert_uint_eq(series(st, "tot_loss_simple_loss")->count, 2);
    ck_assert_uint_eq(series(st, "lr")->count, 2);
    md_store_free(st);

    /* nnU-Net: a timestamped "Epoch N" line places the lines after it;
     * its losses (Dice plus cross-entropy) are negative. */
    st = load_text("nnunet.log",
                   "2024-01-01 10:00:00.000000: \n2024-01-01 10:00:00.000000: Epoch 7\n"
                   "2024-01-01 10:00:00.000000: Current learning rate: 0.00994\n"
                   "2024-01-01 10:02:00.000000: train_loss -0.4012\n2024-01-01 10:02:00.000000: val_loss -0.3512\n"
                   "2024-01-01 10:02:00.000000: Epoch time: 120.53 s\n"
                   "2024-01-01 10:02:00.000000: \n2024-01-01 10:02:00.000000: Epoch 8\n"
                   "2024-01-01 10:04:00.000000: train_loss -0.4511\n2024-01-01 10:04:00.000000: val_loss -0.3811\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 7);
    ck_assert_int_eq(loss->last_step, 8);
    ck_assert(loss->last == -0.4511);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 8);
    md_store_free(st);

    /* docker logs -t stamps each line in RFC 3339, in UTC ('Z'). */
    st = load_text("docker.log",
                   "2024-07-02T13:49:41.054991827Z Epoch 1/40\n"
                   "10/10 [==============================] - 8s 265ms/step - loss: 0.52 - val_loss: 0.61\n"
                   "2024-07-02T14:03:49.348781263Z Epoch 2/40\n"
                   "10/10 [==============================] - 8s 261ms/step - loss: 0.41 - val_loss: 0.55\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->first_step == 1 && loss->last_step == 2);
    md_store_free(st);

    /* Flax's examples: a line that begins "test epoch: N" holds the test
     * set's loss and accuracy. */
    st = load_text("flax.log",
                   "train epoch: 1, loss: 0.4294, accuracy: 78.53\ntest epoch: 1, loss: 0.4694, accuracy: 71.84\n"
                   "train epoch: 2, loss: 0.3512, accuracy: 82.44\ntest epoch: 2, loss: 0.4012, accuracy: 75.93\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 0.3512);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(series(st, "val_loss")->last == 0.4012);
    ck_assert_uint_eq(series(st, "accuracy")->count, 2);
    md_store_free(st);

    /* OpenNMT-py: "xent" is the cross-entropy loss. */
    st = load_text("onmt.log",
                   "[2026-01-01 12:00:00,000 INFO] Step 100/10000; acc: 20.1; ppl: 298.0; xent: 5.68; lr: 0.0001\n"
                   "[2026-01-01 12:01:00,000 INFO] Validation xent: 4.1\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->last_step, 100);
    ck_assert(loss->last == 5.68);
    ck_assert(series(st, "val_loss")->last == 4.1);
    md_store_free(st);

    /* timm: "Train: E [ b/T (p%)]", the batch counted within the epoch. */
    st = load_text("timm.log",
                   "Train: 0 [   0/1251 (  0%)]  Loss: 6.912 (6.91)  Time: 0.512s,  500.12/s  LR: 1.000e-05\n"
                   "Train: 0 [1250/1251 (100%)]  Loss: 6.100 (6.50)  Time: 0.512s,  500.12/s  LR: 1.000e-05\n"
                   "Test: [  48/48]  Time: 0.100 (0.200)  Loss:  5.9000 (5.9000)  Acc@1: 1.2000 (1.2000)\n"
                   "Train: 1 [  50/1251 (  4%)]  Loss: 5.800 (5.80)  Time: 0.512s,  500.12/s  LR: 1.000e-05\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 1251 + 50);
    ck_assert(loss->last == 5.8);
    ck_assert(series(st, "val_loss")->last == 5.9);
    ck_assert_ptr_null(md_store_find(st, "train"));
    md_store_free(st);

    /* The PyTorch CIFAR-10 tutorial: "[epoch, batch] loss: X", the batch
     * counted within the epoch; no step without a pair after it. */
    st = load_text("cifar.log",
                   "[1,  2000] loss: 2.180\n[1,  4000] loss: 1.850\n[2,  2000] loss: 1.520\n"
                   "[2,  4000] loss: 1.470\n[3, 7] NCCL INFO\nFinished Training\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_step, 2000);
    ck_assert_int_eq(loss->last_step, 4000 + 4000);
    ck_assert_int_eq(loss->restarts, 0);
    md_store_free(st);

    /* PyTorch's DCGAN example: "[epoch/epochs][batch/batches]", then the
     * discriminator's and the generator's losses, tab-separated. */
    st = load_text("dcgan.log",
                   "Starting Training Loop...\n"
                   "[0/5][0/1583]\tLoss_D: 2.0937\tLoss_G: 5.2059\tD(x): 0.5704\tD(G(z)): 0.6680 / 0.0090\n"
                   "[0/5][50/1583]\tLoss_D: 0.3774\tLoss_G: 13.1007\tD(x): 0.9287\tD(G(z)): 0.1399 / 0.0000\n"
                   "[1/5][0/1583]\tLoss_D: 0.5606\tLoss_G: 6.3940\tD(x): 0.8928\tD(G(z)): 0.2846 / 0.0033\n",
                   NULL);
    const md_series *d_loss = series(st, "d_loss");
    ck_assert(!d_loss->ordinal);
    ck_assert_uint_eq(d_loss->count, 3);
    ck_assert_int_eq(d_loss->last_step, 1583);
    ck_assert(d_loss->last == 0.5606);
    ck_assert(series(st, "g_loss")->max == 13.1007);
    ck_assert_ptr_null(md_store_find(st, "loss"));
    md_store_free(st);

    /* torchvision's MetricLogger (DETR, DeiT, MAE): "Epoch: [E]  [ b/T]",
     * after the arguments; "data" is the wait for the batch. */
    st = load_text("metric_logger.log",
                   "Namespace(data_path='/datasets01/imagenet', model='resnet50', epochs=90, lr=0.5)\n"
                   "Epoch: [0]  [   0/1000]  eta: 0:10:00  lr: 0.1  loss: 6.9820 (6.9820)  time: 2.5012  data: "
                   "2.3021  max mem: 10000\n"
                   "Epoch: [0]  [ 990/1000]  eta: 0:00:02  lr: 0.1  loss: 5.1000 (6.1000)  time: 0.2012  data: "
                   "0.0021  max mem: 10000\n"
                   "Epoch: [1]  [  10/1000]  eta: 0:10:00  lr: 0.09  loss: 4.9000 (4.9000)  time: 0.2012  data: "
                   "0.0021  max mem: 10000\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 1000 + 10);
    ck_assert(series(st, "data_time")->last == 0.0021);
    const md_series *mem = series(st, "memory");
    ck_assert_msg(T_CLOSE(mem->last, 10000.0 / 1024),
                  "max mem is torch.cuda.max_memory_allocated() in MiB: 10000 is 9.77 GiB, read %g", mem->last);
    const md_series *lr = series(st, "lr");
    ck_assert_msg(!lr->ordinal && lr->count == 3 && lr->max == 0.1,
                  "lr=0.5 of the arguments is a setting, not the first of the run's learning rates");
    md_store_free(st);
    /* Its epochs count from 0: an excerpt from epoch 8 stands in the
     * ninth, deepspeech.pytorch's glued "Epoch: [1][1/40]" in the first. */
    st = load_text("metric_logger.log",
                   "Epoch: [8]  [ 100/2293]  eta: 1:52:52  lr: 0.000004  loss: 0.2606 (0.2654)  time: 3.0808\n"
                   "Epoch: [8]  [ 200/2293]  eta: 1:52:52  lr: 0.000004  loss: nan (0.2654)  time: 3.0808\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->first_nonfinite_step, 8 * 2293 + 200);
    md_store_free(st);
    st = load_text("deepspeech.log",
                   "Epoch: [1][1/40]\tTime 0.648 (0.648)\tLoss 117.1374 (117.1374)\n"
                   "Epoch: [1][2/40]\tTime 0.648 (0.648)\tLoss 115.5627 (116.3501)\n"
                   "Epoch: [2][1/40]\tTime 0.648 (0.648)\tLoss 105.5627 (105.5627)\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 41);
    md_store_free(st);

    /* SpeechBrain: Python logging's "name - " before an epoch header,
     * whose bar's postfix and summary line come under it; the header
     * gave no value, so the bar's loss before the first summary is no
     * point placed before the first step. The bar counts the epoch's
     * batches: its loss and the summary's stand at the epoch's last. */
    st = load_text("speechbrain.log",
                   "speechbrain.utils.epoch_loop - Going into epoch 1\n"
                   "100%|####| 190/190 [03:08<00:00,  1.01it/s, train_loss=0.945]\n"
                   "speechbrain.utils.train_logger - epoch: 1, lr: 1.00e+00 - train loss: 9.45e-01 - valid loss: 1.23\n"
                   "speechbrain.utils.epoch_loop - Going into epoch 2\n"
                   "100%|####| 190/190 [03:02<00:00,  1.04it/s, train_loss=0.726]\n"
                   "speechbrain.utils.train_logger - epoch: 2, lr: 1.00e+00 - train loss: 7.26e-01 - valid loss: 1.27\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 190);
    ck_assert_int_eq(loss->last_step, 380);
    ck_assert_int_eq(loss->restarts, 0);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 380);
    ck_assert(!series(st, "it_per_s")->ordinal);
    md_store_free(st);

    /* fairseq's "update" is the epoch's progress; at an epoch's end it
     * reads 2.0, still no step: num_updates is. */
    st = load_text("fairseq.log",
                   "[train_inner][INFO] - {\"epoch\": 2, \"update\": 1.982, \"loss\": \"1759.35\", "
                   "\"num_updates\": \"108\"}\n"
                   "[train_inner][INFO] - {\"epoch\": 2, \"update\": 2.0, \"loss\": \"1265.33\", "
                   "\"num_updates\": \"109\"}\n"
                   "[train_inner][INFO] - {\"epoch\": 3, \"update\": 2.018, \"loss\": \"1883.64\", "
                   "\"num_updates\": \"110\"}\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 108);
    ck_assert_int_eq(loss->last_step, 110);
    ck_assert_int_eq(loss->restarts, 0);
    md_store_free(st);

    /* DeepSpeed's timer writes GB of bytes / 1024**3: GiB, as the alias
     * says; a GB its key says nothing of stays decimal. */
    st = load_text("ds.log",
                   "[2023-08-02 00:41:17,936] [INFO] [timer.py:215:stop] epoch=0/micro_step=10/global_step=10, "
                   "RunningAvgSamplesPerSec=220.69, CurrSamplesPerSec=222.88, MemAllocated=5.53GB, "
                   "MaxMemAllocated=8.61GB\n",
                   NULL);
    ck_assert(series(st, "memory")->last == 5.53);
    md_store_free(st);
    st = load_text("mem.log", "step 10 loss 2.5 memory 5.53GB\n", NULL);
    ck_assert(T_CLOSE(series(st, "memory")->last, 5.53e9 / (1024.0 * 1024 * 1024)));
    md_store_free(st);

    /* Gaussian splatting's evaluations: the set after "Evaluating" names
     * the pairs; PSNR and L1 are read. */
    st = load_text("gs.log",
                   "[ITER 7000] Evaluating test: L1 0.0266 PSNR 30.84 [26/11 18:12:44]\n"
                   "[ITER 7000] Evaluating train: L1 0.0169 PSNR 34.71 [26/11 18:12:47]\n"
                   "[ITER 14000] Evaluating test: L1 0.0236 PSNR 31.84 [26/11 18:13:44]\n"
                   "[ITER 14000] Evaluating train: L1 0.0139 PSNR 35.71 [26/11 18:13:47]\n",
                   NULL);
    const md_series *psnr = series(st, "val_psnr");
    ck_assert(psnr->count == 2 && psnr->last_step == 14000 && psnr->last == 31.84);
    ck_assert(series(st, "psnr")->last == 35.71);
    ck_assert(series(st, "val_l1")->first == 0.0266);
    md_store_free(st);
    st = load_text("gs_bar.log",
                   "Training progress:  44%|####      | 22000/50000 [09:23<08:34, 54.45it/s, Loss=0.01003]\n"
                   "Training progress:  48%|####      | 24000/50000 [10:18<11:08, 38.92it/s, Loss=0.01359]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->first_step == 22000 && loss->last_step == 24000);
    md_store_free(st);

    /* Keys in their own letters: accented Latin, Cyrillic, Chinese and
     * Japanese (a compound's head last: 在线平均损失 is a loss, 検証精度 the
     * validation's accuracy). A bar's blocks and a table's rules are no
     * letters. */
    st = load_text("train_fr.log", "Époque 1/5 - Erreur moyenne: 0.6500\nÉpoque 2/5 - Erreur moyenne: 0.6400\n", NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->last_step == 2 && loss->last == 0.64);
    md_store_free(st);
    st = load_text("train_ru.log", "Эпоха 1: потери 0.91\nЭпоха 2: потери 0.75\n", NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->last_step == 2 && loss->last == 0.75);
    md_store_free(st);
    st = load_text("train_zh.log", "在线平均损失: 2.2966 | 在线准确率: 14.00%\n在线平均损失: 2.2057 | 在线准确率: 19.60%\n"
                                   "验证损失: 2.1\n", NULL);
    ck_assert(series(st, "loss")->last == 2.2057);
    ck_assert(T_CLOSE(series(st, "accuracy")->last, 0.196));
    ck_assert(series(st, "val_loss")->last == 2.1);
    md_store_free(st);
    st = load_text("train_ja.log", "エポック 1: 訓練損失 0.52 訓練精度 0.81 検証精度 0.77\n"
                                   "エポック 2: 訓練損失 0.41 訓練精度 0.86 検証精度 0.80\n", NULL);
    ck_assert(series(st, "val_accuracy")->last == 0.80 && series(st, "val_accuracy")->last_step == 2);
    ck_assert(series(st, "loss")->last == 0.41);
    md_store_free(st);
    /* The fullwidth colon separates as ':' does; a Chinese ordinal names
     * its count after the number: 第 3 轮 is epoch 3, 第 200 步 step 200. */
    st = load_text("train_zh_epochs.log", "第 1/3 轮 训练损失：0.52，准确率：0.81\n第2/3轮 训练损失：0.41，准确率：0.85\n"
                                          "第 3/3 轮 训练损失：0.33，准确率：0.88\n", NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->first_step == 1 && loss->last_step == 3 && loss->last == 0.33);
    ck_assert(series(st, "accuracy")->last == 0.88);
    md_store_free(st);
    st = load_text("train_zh_steps.log", "第 100 步，损失：2.5，学习率：0.0001\n第 200 步，损失：2.1\n第 300 步，损失：nan\n", NULL);
    loss = series(st, "loss");
    ck_assert(loss->last_step == 300 && loss->nan == 1 && loss->first_nonfinite_step == 300);
    ck_assert(series(st, "lr")->first_step == 100);
    md_store_free(st);

    /* A script that prints in German: "Epoche" is the epoch, "Verlust"
     * the loss. */
    st = load_text("train_de.log", "Epoche 1/100, Verlust: 0.003353\nEpoche 10/100, Verlust: 0.000017\n"
                                   "Epoche 20/100, Verlust: 0.000009\n", NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->last_step, 20);
    ck_assert(loss->last == 0.000009);
    md_store_free(st);

    /* And in Romanian: "pas" is the step, "pierdere" the loss. */
    st = load_text("train_ro.log", "pas     0 | pierdere 3.6770 | lr 4.00e-05 |    0.2s\n"
                                   "pas    20 | pierdere 3.0124 | lr 8.40e-04 |    3.8s\n", NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->last_step, 20);
    ck_assert(loss->last == 3.0124);
    md_store_free(st);

    /* An evaluation before the first step is the model before training:
     * it stands at the first step, not dropped as a setting would be. */
    st = load_text("baseline_eval.log",
                   "validation loss: 3.4643\n"
                   "step 0: loss 3.50\nstep 1: loss 3.40\nstep 2: loss 3.30\n"
                   "validation loss: 2.0261\n",
                   NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert(!val->ordinal);
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->first_step, 0);
    ck_assert(val->first == 3.4643);
    ck_assert_int_eq(val->last_step, 2);
    md_store_free(st);

    /* "Epoch 1 Batch 100 Loss 3.5": the batch counts within the epoch. */
    st = load_text("tf.log",
                   "Epoch 1 Batch 0 Loss 4.5000\nEpoch 1 Batch 100 Loss 3.5000\n"
                   "Epoch 2 Batch 0 Loss 3.0000\nEpoch 2 Batch 100 Loss 2.9000\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->restarts, 0);
    ck_assert_int_gt(loss->last_step, 100);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_column_tables)
{
    /* fastai's fit: a header of names over rows of numbers; the clock
     * column is no number. */
    md_store *st = load_text("fastai.log",
                             "epoch     train_loss  valid_loss  accuracy  time    \n"
                             "0         0.160734    0.053902    0.983000  00:12     \n"
                             "Better model found at epoch 0 with valid_loss value: 0.05.\n"
                             "1         0.088127    0.037428    0.988000  00:12     \n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->last_step, 1);
    ck_assert(loss->last == 0.088127);
    ck_assert(series(st, "val_loss")->last == 0.037428);
    ck_assert_ptr_null(md_store_find(st, "time"));
    md_store_free(st);

    /* A second table whose header a notebook's download bar was drawn
     * after: its own header, not more rows of the first table's. */
    st = load_text("fastai.log",
                   "epoch     train_loss  valid_loss  error_rate  time\n"
                   "0         0.013685    0.000191    0.000000    03:57\n"
                   "epoch     train_loss  valid_loss  accuracy  time    \xe2\x96\x88\xe2\x96\x88\xe2\x96\x88| "
                   "100.00% [105070592/105067061 00:03<00:00]\n"
                   "0         0.466363    0.403699    0.818920  03:24\n",
                   NULL);
    ck_assert_uint_eq(series(st, "error_rate")->count, 1);
    ck_assert(series(st, "accuracy")->last == 0.81892);
    md_store_free(st);

    /* Ultralytics YOLO: the header before each epoch, the row before its bar. */
    st = load_text("yolo.log",
                   "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n"
                   "       1/30      2.1G      1.931      2.879      1.442         32        640: 100%|##########| "
                   "10/10 [00:05<00:00,  1.8it/s]\n"
                   "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n"
                   "       2/30      2.1G      1.801      2.700      1.400         32        640: 100%|##########| "
                   "10/10 [00:05<00:00,  1.8it/s]\n",
                   NULL);
    const md_series *box = series(st, "train_box_loss");
    ck_assert_uint_eq(box->count, 2);
    ck_assert_int_eq(box->first_step, 1);
    ck_assert_int_eq(box->last_step, 2);
    ck_assert(box->last == 1.801);
    /* Its loss terms are those of results.csv: the loss is their sum. */
    ck_assert(fabs(series(st, "loss")->last - (1.801 + 2.700 + 1.400)) < 1e-12);
    /* The objects in the batch are a count, the image size a setting. */
    ck_assert_ptr_null(md_store_find(st, "instances"));
    ck_assert_int_eq(series(st, "image_size")->kind, MD_KIND_SETTING);
    md_store_free(st);

    /* YOLOv5's console heads its loss terms "box obj cls". */
    st = load_text("yolov5.log",
                   "     Epoch   gpu_mem       box       obj       cls    labels  img_size\n"
                   "      0/29     3.23G    0.1165   0.07136   0.03125        51       640: 100%|##########| "
                   "8/8 [00:03<00:00,  2.34it/s]\n",
                   NULL);
    ck_assert(series(st, "train_obj_loss")->last == 0.07136);
    ck_assert(fabs(series(st, "loss")->last - (0.1165 + 0.07136 + 0.03125)) < 1e-12);
    md_store_free(st);

    /* Where the output is no terminal (Colab) the bar has no bar; the
     * first releases head the box term "GIoU" and log the sum, "total",
     * which is the loss. The validation's header over its barless bar is
     * no mAP of 100%. */
    st = load_text("yolov5_colab.log",
                   "     Epoch   gpu_mem      GIoU       obj       cls     total   targets  img_size\n"
                   "      0/49     8.55G    0.0194   0.03467  0.003309   0.05738        12       448: 100% 1626/1626 "
                   "[22:57<00:00,  1.18it/s]\n"
                   "               Class      Images     Targets           P           R      mAP@.5  mAP@.5:.95: "
                   "100% 350/350 [04:06<00:00,  1.42it/s]\n"
                   "                 all    3.14e+04    3.28e+04       0.603       0.861       0.829       0.574\n"
                   "\n"
                   "     Epoch   gpu_mem      GIoU       obj       cls     total   targets  img_size\n"
                   "      1/49     11.9G   0.01943   0.03224   0.00101   0.05269        13       448: 100% 1626/1626 "
                   "[22:55<00:00,  1.18it/s]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 1);
    ck_assert(loss->last == 0.05269);
    ck_assert(series(st, "train_box_loss")->first == 0.0194);
    ck_assert(series(st, "val_map")->last == 0.574); /* mAP@.5:.95, the headline mAP */
    md_store_free(st);

    /* Ultralytics 8.3 draws its own bar, glyphs without tqdm's '|'. */
    st = load_text("yolov8.log",
                   "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n"
                   "      1/100      1.18G      1.287      3.734       1.21         17        640: 100% "
                   "\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 12/12 3.5it/s 3.5s0.2s\n"
                   "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): 100% "
                   "\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 1/1 2.4it/s 0.4s\n"
                   "                   all         16        127    0.00729      0.276    0.00456    0.00217\n"
                   "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n"
                   "      2/100      1.29G      1.223      2.304     0.9688         36        640: 100% "
                   "\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 12/12 5.0it/s 2.4s0.2s\n",
                   NULL);
    ck_assert_uint_eq(series(st, "train_box_loss")->count, 2);
    ck_assert(series(st, "train_box_loss")->last == 1.223);
    ck_assert_int_eq(series(st, "train_box_loss")->last_step, 2);
    ck_assert(series(st, "val_map")->last == 0.00217);
    md_store_free(st);

    /* A notebook's table pasted into a log: tabs between cells, spaces
     * inside names. */
    st = load_text("notebook.log",
                   "***** Running training *****\nStep\tTraining Loss\tValidation Loss\n500\t0.234500\t0.345600\n1000\t0.123400\t0.234500\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 1000);
    ck_assert(series(st, "val_loss")->last == 0.2345);
    md_store_free(st);

    /* Unsloth's table of the training loss alone, after its banner: two
     * columns, a step and a series; two words apart by one blank are not. */
    st = load_text("unsloth.log",
                   "==((====))==  Unsloth - 2x faster free finetuning | Num GPUs used = 1\n"
                   " [3/3 00:12, Epoch 0/1]\n"
                   "Step\tTraining Loss\n1\t2.500000\n2\t2.250000\n3\t2.000000\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(loss->last == 2.0);
    md_store_free(st);
    st = load_text("two_words.log", "step 1 loss 3.0\nStep Loss\n4 1.5\n", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);
    /* A column's gap of blanks parts them as a tab does (TensorBoard's
     * scalar pasted as text). */
    st = load_text("tb.log", "Step   Loss\n1 52.3763\n2 51.3199\n3 50.2598\n", NULL);
    loss = series(st, "loss");
    ck_assert(loss->count == 3 && loss->last_step == 3 && loss->last == 50.2598);
    md_store_free(st);

    /* A header with no row for many lines has expired. */
    md_buf log = {0};
    md_buf_printf(&log, "epoch train_loss valid_loss\n");
    for (int i = 0; i < 100; i++)
        md_buf_printf(&log, "step %d loss %g\n", i, 2.0 - i / 100.0);
    md_buf_printf(&log, "1 0.5 0.25\n");
    st = load_text("stale.log", md_buf_cstr(&log), NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 100);
    ck_assert_ptr_null(md_store_find(st, "val_loss"));
    md_store_free(st);
    md_buf_free(&log);

    /* Prose is no header, and numbers under no header are no row. */
    st = load_text("prose.log",
                   "We train the model for three epochs\n"
                   "0 0.5 0.25 0.125 7\n"
                   "step 1 loss 2.0\n",
                   NULL);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_ruled_tables)
{
    /* spaCy's `spacy train`: names with a blank inside, a rule of dashes
     * under them giving the columns, E the epoch and # the step, messages
     * marked with i and a tick around the table. */
    md_store *st = load_text("spacy.log",
                             "\xe2\x84\xb9 Pipeline: ['tok2vec', 'ner']\n"
                             "\xe2\x84\xb9 Initial learn rate: 0.001\n"
                             "E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE \n"
                             "---  ------  ------------  --------  ------  ------  ------  ------\n"
                             "  0       0          0.00     49.29    0.00    0.00    0.00    0.00\n"
                             "  0     200         25.23   2011.27   45.12   50.23   40.96    0.45\n"
                             "\xe2\x9c\x94 Saved pipeline to output directory\n"
                             "  1     400         41.86   1342.47   60.33   62.10   58.66    0.60\n",
                             NULL);
    const md_series *ner = series(st, "loss_ner");
    ck_assert_uint_eq(ner->count, 3);
    ck_assert(!ner->ordinal);
    ck_assert_int_eq(ner->first_step, 0);
    ck_assert_int_eq(ner->last_step, 400);
    ck_assert(ner->max == 2011.27 && ner->last == 1342.47);
    ck_assert_int_eq(ner->kind, MD_KIND_LOSS);
    ck_assert(series(st, "loss_tok2vec")->last == 41.86);
    /* Each component's loss summed over the updates since the row before
     * (one update for the first row, 200 after): no loss of the run. */
    ck_assert_ptr_null(md_store_find(st, "loss"));
    /* The scores are the dev set's, measured at the row's step: validation
     * metrics, named for the set, none a training one. */
    const md_series *ents_f = series(st, "dev_ents_f");
    ck_assert(ents_f->last == 60.33);
    ck_assert_int_eq(ents_f->better, MD_BETTER_HIGHER);
    ck_assert_int_eq(ents_f->last_step, 400);
    ck_assert(series(st, "dev_ents_r")->last == 58.66);
    ck_assert(series(st, "dev_score")->last == 0.6);
    static const char *const scores[] = {"dev_ents_f", "dev_ents_p", "dev_ents_r", "dev_score"};
    for (size_t i = 0; i < MD_COUNT(scores); i++)
        ck_assert_msg(md_key_is_validation(t_catalog(), scores[i]), "%s is no validation metric", scores[i]);
    ck_assert_ptr_null(md_store_find(st, "ents_f"));
    ck_assert_ptr_null(md_store_find(st, "score"));
    ck_assert(!md_key_is_validation(t_catalog(), "loss_ner"));
    ck_assert_ptr_null(md_store_find(st, "epoch"));
    md_store_free(st);

    /* A pipeline named in CJK: its characters take more bytes than
     * columns, so the rule does not line up with the names after it; the
     * names parted by two blanks are as many as its columns. */
    st = load_text("spacy-ja.log",
                   "E    #       LOSS TOK2VEC  LOSS \xe5\x9b\xba\xe6\x9c\x89\xe8\xa1\xa8\xe7\x8f\xbe  ENTS_F  SCORE \n"
                   "---  ------  ------------  ---------  ------  ------\n"
                   "  0     200         25.23    2011.27   45.12    0.45\n",
                   NULL);
    ck_assert(series(st, "loss_\xe5\x9b\xba\xe6\x9c\x89\xe8\xa1\xa8\xe7\x8f\xbe")->last == 2011.27);
    ck_assert(series(st, "dev_score")->last == 0.45);
    ck_assert_int_eq(series(st, "dev_score")->last_step, 200);
    md_store_free(st);

    /* spaCy v2: "Itn" counts the passes over the data, columns of
     * percentages after a name with its '%'. */
    st = load_text("spacy2.log",
                   "Itn  Tag Loss    Tag %    Dep Loss    UAS    NER Loss    NER F    Token %    CPU WPS\n"
                   "---  ---------   ------   ---------   -----  ---------   ------   -------    -------\n"
                   "  1  12343.459   88.132   45543.123   72.101   8876.456   57.683   100.000    12345\n"
                   "  2  8343.459    90.132   35543.123   76.101   6876.456   62.683   100.000    12845\n",
                   NULL);
    const md_series *uas = series(st, "uas");
    ck_assert(!uas->ordinal);
    ck_assert_int_eq(uas->first_step, 1);
    ck_assert_int_eq(uas->last_step, 2);
    ck_assert(series(st, "ner_loss")->last == 6876.456);
    ck_assert_ptr_null(md_store_find(st, "itn"));
    ck_assert_ptr_null(md_store_find(st, "loss"));
    md_store_free(st);

    /* No rule, and names with blanks inside: the rows have as many cells
     * as the names that two blanks part. */
    st = load_text("wide.log",
                   "Epoch  Train Loss  Valid Loss  Accuracy\n"
                   "1      0.512       0.498       0.81\n"
                   "2      0.401       0.455       0.84\n",
                   NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(loss->last == 0.401);
    ck_assert(series(st, "val_loss")->last == 0.455);
    ck_assert(series(st, "accuracy")->last == 0.84);
    md_store_free(st);

    /* A line of dashes under prose makes no table. */
    st = load_text("prose.log",
                   "We train the model for three epochs\n"
                   "--  -----  ---  -----  ---  -----  ------\n"
                   "0 0.5 0.25 0.125 7 1 2\n"
                   "step 1 loss 2.0\n",
                   NULL);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_yolo_validation)
{
    /* Ultralytics YOLO validates after each epoch: a bar described by the
     * header, the row of all classes, then a row per class; after the last
     * epoch the best checkpoint is validated again. */
    static const char train[] = "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n";
    static const char val[] = "                 Class     Images  Instances      Box(P          R      mAP50  "
                              "mAP50-95): 100%|##########| 4/4 [00:00<00:00,  5.12it/s]\n";
    md_buf log = {0};
    md_buf_printf(&log, "%s      1/100      2.61G      1.634      2.845      1.456         45        640: 100%%|##########| 8/8 [00:02<00:00,  3.12it/s]\n",
                  train);
    md_buf_printf(&log, "%s                   all        128        929      0.543      0.436      0.513      0.356\n",
                  val);
    md_buf_printf(&log, "\n%s      2/100      2.61G      1.534      2.345      1.406         51        640: 100%%|##########| 8/8 [00:02<00:00,  3.12it/s]\n",
                  train);
    md_buf_printf(&log, "%s                   all        128        929      0.643      0.536      0.613      0.456\n"
                        "                person        128        254      0.702      0.611      0.688      0.501\n"
                        "                   car        128        675      0.664      0.541      0.618      0.471\n"
                        "                     7        128          3      0.112      0.101      0.104      0.051\n",
                  val);
    md_buf_printf(&log, "\n2 epochs completed in 0.010 hours.\nValidating runs/detect/train/weights/best.pt...\n"
                        "%s                   all        128        929      0.701      0.601      0.699      0.512\n",
                  val);
    md_store *st = load_text("yolo.log", md_buf_cstr(&log), NULL);
    md_buf_free(&log);
    /* As results.csv names them, at the epoch of the training row above. */
    const md_series *precision = series(st, "metrics_precision_b");
    ck_assert_uint_eq(precision->count, 2);
    ck_assert_int_eq(precision->first_step, series(st, "train_box_loss")->first_step);
    ck_assert_int_eq(precision->last_step, series(st, "train_box_loss")->last_step);
    ck_assert(precision->first == 0.543 && precision->last == 0.643);
    ck_assert(series(st, "metrics_recall_b")->last == 0.536);
    ck_assert(series(st, "metrics_map50_b")->last == 0.613);
    const md_series *map = series(st, "val_map"); /* the boxes' mAP50-95 */
    ck_assert(map->last == 0.456 && map->max == 0.456);
    ck_assert_int_eq(map->better, MD_BETTER_HIGHER);
    /* Counts of images and objects are no measurements, the image size a
     * setting; no class's row is the run's. */
    ck_assert_ptr_null(md_store_find(st, "instances"));
    ck_assert_ptr_null(md_store_find(st, "metrics_images"));
    ck_assert_ptr_null(md_store_find(st, "metrics_instances"));
    ck_assert_int_eq(series(st, "image_size")->kind, MD_KIND_SETTING);
    ck_assert_uint_eq(md_store_nseries(st), 10);
    md_store_free(st);

    /* YOLOv5: no group, "P" and "R". */
    st = load_text("yolov5.log",
                   "      Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size\n"
                   "      0/299      3.72G    0.04389    0.06614    0.01854        224        640: 100%|##########| 8/8 [00:02<00:00,  3.12it/s]\n"
                   "                 Class     Images  Instances          P          R      mAP50   mAP50-95: 100%|##########| 4/4 [00:00<00:00,  5.12it/s]\n"
                   "                   all        128        929      0.712      0.634      0.717      0.474\n",
                   NULL);
    ck_assert(series(st, "metrics_precision")->last == 0.712);
    ck_assert(series(st, "val_map")->last == 0.474); /* "metrics/mAP50-95", as YOLOv8 names it with "(B)" */
    ck_assert_int_eq(series(st, "metrics_recall")->last_step, series(st, "loss")->last_step);
    md_store_free(st);

    /* The same, its lines cut at the terminal's width inside the bars: the
     * rows are the cells before them, whatever is left of the bar. */
    st = load_text("yolov5_cut.log",
                   "      Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size\n"
                   "      0/299      3.72G    0.04389    0.06614    0.01854        224        640: 100%|#####\n"
                   "                 Class     Images  Instances          P          R      mAP50   mAP50-95: 10\n"
                   "                   all        128        929      0.712      0.634      0.717      0.474\n"
                   "      Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size\n"
                   "      1/299      3.72G    0.04289    0.06514    0.01754        224        640: 1\n"
                   "                 Class     Images  Instances          P          R      mAP50   mAP50-95: 100%|#\n"
                   "                   all        128        929      0.722      0.644      0.727      0.484\n",
                   NULL);
    ck_assert_uint_eq(series(st, "train_box_loss")->count, 2);
    ck_assert(series(st, "train_box_loss")->last == 0.04289);
    ck_assert_uint_eq(series(st, "val_map")->count, 2);
    ck_assert(series(st, "val_map")->last == 0.484);
    md_store_free(st);
    /* A word after the colon is no bar's: no row. */
    st = load_text("cut_not.log",
                   "      Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size\n"
                   "      0/299      3.72G    0.04389    0.06614    0.01854        224        640: 100%|##| 8/8\n"
                   "      1/299      3.72G    0.04289    0.06514    0.01754        224        640: 10 images\n",
                   NULL);
    ck_assert_uint_eq(series(st, "train_box_loss")->count, 1);
    md_store_free(st);
    /* Behind a CI runner's timestamp, or a rank's tag, on every line. */
    st = load_text("yolov5_stamped.log",
                   "2023-08-02T15:00:40.0000000Z       Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size\n"
                   "2023-08-02T15:00:42.3244865Z     49/1799      6.47G    0.03901   0.003032   0.003846         14        416:  34%|###4      | 178/517 [00:37<01:13,  4.64it/s]\n"
                   "2023-08-02T15:00:42.7442694Z     49/1799      6.47G        nan        nan        nan         28        416:  35%|###5      | 180/517 [00:37<01:11,  4.70it/s]\n",
                   NULL);
    ck_assert_uint_eq(series(st, "train_box_loss")->count - series(st, "train_box_loss")->finite, 1);
    md_store_free(st);
    st = load_text("ranked_table.log",
                   "[1,0]<stdout>:Steps desc_loss det_loss train_accuracy d_pos d_neg time memory\n"
                   "[1,0]<stdout>:9752 0.51 0.62 0.91 0.30 1.20 1697.100 16280.8\n"
                   "[1,0]<stdout>:9753 nan nan 0.00 nan nan 1698.001 16280.8\n",
                   NULL);
    ck_assert_uint_eq(series(st, "desc_loss")->count, 2);
    ck_assert_int_eq(series(st, "desc_loss")->last_step, 9753);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_keras_backspace_redraws)
{
    /* Keras on Linux redraws its bar with backspaces, even into a file. */
    md_store *st = load_text("keras.log",
                             "Epoch 1/2\n"
                             "\r1/4 [==>...] - ETA: 0s - loss: 0.9000 - accuracy: 0.5000\b\b\b\b\b\b\b\b"
                             "\r4/4 [=====] - 1s 3ms/step - loss: 0.8000 - accuracy: 0.6000 - val_loss: 0.8500\n"
                             "Epoch 2/2\n"
                             "\r4/4 [=====] - 1s 3ms/step - loss: 0.7000 - accuracy: 0.7000 - val_loss: 0.7500\n",
                             NULL);
    const md_series *acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 3);
    ck_assert(acc->first == 0.5);
    ck_assert(acc->last == 0.7);
    /* The first bar was drawn mid-epoch: the bars count the epoch's
     * batches, four an epoch. */
    ck_assert_int_eq(acc->first_step, 1);
    ck_assert_int_eq(acc->last_step, 8);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert_int_eq(series(st, "val_loss")->first_step, 4);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    md_store_free(st);

    /* A callback's print glued to the last redraw: the bar's values are
     * read, at the batch; the glued count places nothing. */
    st = load_text("keras-glued.log",
                   "Epoch 1/2\n"
                   "\r 1/4 [==>...] - ETA: 0s - loss: 0.9000 - accuracy: 0.5000\b\b\b\b\b\b\b\b"
                   "\r 4/4 [=====] - ETA: 0s - loss: 0.8000 - accuracy: 0.6000Batch 4 done\n"
                   "\r 4/4 [=====] - 1s 3ms/step - loss: 0.8000 - accuracy: 0.6000 - val_loss: 0.8500\n"
                   "Epoch 2/2\n"
                   "\r 1/4 [==>...] - ETA: 0s - loss: 0.7000 - accuracy: 0.6500Batch 1 done\n"
                   "\r 4/4 [=====] - 1s 3ms/step - loss: 0.6000 - accuracy: 0.7000 - val_loss: 0.7500\n",
                   NULL);
    /* The epoch's last frame repeats its closing line's values at the
     * same batch: one point, not two. */
    acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 4);
    ck_assert_int_eq(acc->first_step, 1);
    ck_assert_int_eq(acc->last_step, 8);
    ck_assert(acc->max == 0.7);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert(!loss->ordinal);
    md_store_free(st);
}
END_TEST

/* AllenNLP's table at each epoch's end: the Training column is the
 * training series, the Validation column the validation one, N/A where a
 * set has no such metric; each at its epoch ("Epoch N/M" before it, or
 * one past the table before). */
START_TEST(test_text_allennlp_epoch_table)
{
    md_store *st = load_text("allennlp.log",
                             "2019-05-01 10:00:00,000 - INFO - allennlp.training.trainer - Epoch 0/2\n"
                             "2019-05-01 10:06:00,000 - INFO - allennlp.training.tensorboard_writer -              "
                             "      Training |  Validation\n"
                             "2019-05-01 10:06:00,000 - INFO - allennlp.training.tensorboard_writer - accuracy       "
                             "    |     0.612  |     0.634\n"
                             "2019-05-01 10:06:00,000 - INFO - allennlp.training.tensorboard_writer - "
                             "gpu_0_memory_MB    |  1536.000  |       N/A\n"
                             "2019-05-01 10:06:00,000 - INFO - allennlp.training.tensorboard_writer - loss           "
                             "    |     0.912  |     0.834\n"
                             "2019-05-01 10:06:00,001 - INFO - allennlp.training.trainer - Epoch duration: 0:06:00\n"
                             "2019-05-01 10:06:00,002 - INFO - allennlp.training.trainer - Epoch 1/2\n"
                             "2019-05-01 10:12:00,000 - INFO - allennlp.training.tensorboard_writer -              "
                             "      Training |  Validation\n"
                             "2019-05-01 10:12:00,000 - INFO - allennlp.training.tensorboard_writer - accuracy       "
                             "    |     0.712  |     0.704\n"
                             "2019-05-01 10:12:00,000 - INFO - allennlp.training.tensorboard_writer - loss           "
                             "    |     0.612  |     0.734\n"
                             "2019-05-01 10:12:00,000 - INFO - allennlp.training.trainer - Epoch 2/2\n"
                             "2019-05-01 10:18:00,000 - INFO - allennlp.training.tensorboard_writer -              "
                             "      Training |  Validation\n"
                             "2019-05-01 10:18:00,000 - INFO - allennlp.training.tensorboard_writer - loss           "
                             "    |     0.412  |       nan\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(loss->first == 0.912 && loss->last == 0.412);
    ck_assert_uint_eq(val->count, 3);
    ck_assert(val->first == 0.834);
    ck_assert_uint_eq(val->nan, 1);
    ck_assert_int_eq(val->first_nonfinite_step, 2);
    ck_assert(series(st, "accuracy")->last == 0.712);
    ck_assert(series(st, "val_accuracy")->last == 0.704);
    ck_assert_int_eq(series(st, "val_accuracy")->last_step, 1);
    const md_series *mem = series(st, "memory");
    ck_assert_uint_eq(mem->count, 1);
    ck_assert_ptr_null(md_store_find(st, "val_memory"));
    md_store_free(st);

    /* AllenNLP 2's console_logger callback, behind the level alone; a run
     * resumed at its epoch 5. */
    st = load_text("allennlp2.log",
                   "INFO - allennlp.training.gradient_descent_trainer - Epoch 5/9\n"
                   "INFO - allennlp.training.callbacks.console_logger -                    Training |  Validation\n"
                   "INFO - allennlp.training.callbacks.console_logger - loss               |     0.512  |     0.634\n"
                   "INFO - allennlp.training.callbacks.console_logger - worker_0_memory_MB |  2048.000  |       N/A\n"
                   "INFO - allennlp.training.gradient_descent_trainer - Epoch 6/9\n"
                   "INFO - allennlp.training.callbacks.console_logger -                    Training |  Validation\n"
                   "INFO - allennlp.training.callbacks.console_logger - loss               |     0.412  |     0.534\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 5);
    ck_assert_int_eq(loss->last_step, 6);
    ck_assert(series(st, "val_loss")->last == 0.534);
    md_store_free(st);
}
END_TEST

/* AllenNLP's bars show the running averages of the loop's metrics before
 * " ||": the training bar's counter is the batch within the epoch, and the
 * validation bar's averages are not the training loss (the table gives the
 * validation's, at the step the epoch's training reached). */
START_TEST(test_text_allennlp_bars)
{
    md_buf log = {0};
    static const char prefix[] = "2021-06-01 10:00:00,000 - INFO - allennlp.training.gradient_descent_trainer - ";
    static const char table[] = "2021-06-01 10:00:00,000 - INFO - allennlp.training.callbacks.console_logger - ";
    for (int e = 0; e < 2; e++) {
        md_buf_printf(&log, "%sEpoch %d/1\n%sTraining\n", prefix, e, prefix);
        for (int b = 50; b <= 100; b += 50)
            md_buf_printf(&log, "\raccuracy: 0.6000, batch_loss: %.4f, loss: %.4f ||: %d%%|#####     | %d/100 "
                          "[00:05<00:05,  9.50it/s]",
                          1.0 - 0.25 * e - 0.001 * b, 0.9 - 0.25 * e - 0.001 * b, b, b);
        md_buf_printf(&log, "\n%sValidating\n", prefix);
        md_buf_printf(&log, "\raccuracy: 0.6500, batch_loss: 5.0000, loss: 5.0000 ||: 100%%|##########| 20/20 "
                      "[00:01<00:00, 19.50it/s]\n");
        md_buf_printf(&log, "%s                   Training |  Validation\n", table);
        md_buf_printf(&log, "%sloss               |     %.3f  |     %.3f\n", table, 0.8 - 0.25 * e, 0.85 - 0.1 * e);
    }
    md_store *st = load_text("allennlp-bars.log", md_buf_cstr(&log), NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert(!loss->ordinal);
    /* Two bar redraws an epoch; the table's training loss is the last
     * redraw's, at the same step: one point. */
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_step, 50);
    ck_assert_int_eq(loss->last_step, 200);
    ck_assert_msg(loss->max < 1, "the validation bar's loss 5.0 was read as the training loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->first_step, 100);
    ck_assert_int_eq(val->last_step, 200);
    ck_assert(val->last == 0.75);
    md_store_free(st);
    md_buf_free(&log);
}
END_TEST

START_TEST(test_text_hf_bar_places_dicts)
{
    /* HF Trainer: a bare bar of the planned steps; tqdm.write clears it,
     * prints the dict and redraws it, and the redraw shows the dict's
     * step (the bar drawn before it may be stale: tqdm redraws at most
     * every 0.1 s). An evaluation's bar has its own total. */
    md_store *st = load_text("train.log",
                             "  Total optimization steps = 1,000\n"
                             "  0%|          | 0/1000 [00:00<?, ?it/s]\r  1%|          | 8/1000 [00:01<02:00, 8.0it/s]"
                             "\r                    \r{'loss': 2.5, 'learning_rate': 1e-05, 'epoch': 0.01}\n"
                             "\r  1%|          | 10/1000 [00:01<02:00, 8.0it/s]\r  2%|          | 19/1000 [00:02<02:00, 8.0it/s]"
                             "\r 50%|#####     | 5/10 [00:00<00:00, 50.0it/s]\r                    \r"
                             "{'eval_loss': 2.4, 'epoch': 0.02}\n"
                             "\r  2%|          | 20/1000 [00:03<02:00, 8.0it/s]\r                    \r"
                             "{'loss': 2.25, 'learning_rate': 1e-05, 'epoch': 0.02}\n"
                             "\r  2%|          | 20/1000 [00:03<02:00, 8.0it/s]\n"
                             "{'train_runtime': 3.1, 'train_loss': 2.4, 'epoch': 0.02}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 10);
    ck_assert_int_eq(loss->last_step, 20);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 1);
    ck_assert_int_eq(val->last_step, 20);
    ck_assert_int_eq(series(st, "train_loss")->last_step, 20);
    md_store_free(st);

    /* The first dict can come before the bar's first redraw, and srun
     * --label may label the dicts (stdout) but not the bars (stderr): the
     * redraw after each still places it, and all its values stay. */
    st = load_text("slurm.log",
                   "0:   Total optimization steps = 97\n"
                   "0: {'loss': 2.9859, 'grad_norm': 0.9704, 'learning_rate': 4.17e-05, 'epoch': 0.16}\n"
                   " 19%|#8        | 18/97 [01:50<08:31,  6.39s/it]\n"
                   "0: {'loss': 2.8209, 'grad_norm': 2.9741, 'learning_rate': 3.35e-05, 'epoch': 0.33}\n"
                   " 36%|###5      | 35/97 [03:39<06:42,  6.39s/it]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 18);
    ck_assert_int_eq(loss->last_step, 35);
    const md_series *grad = series(st, "grad_norm");
    ck_assert_uint_eq(grad->count, 2);
    ck_assert(grad->first == 0.9704);
    md_store_free(st);

    /* A paste that lost the redraws: the Trainer logs after the bar
     * counted the step, so a dict between "1/16" and "2/16" is step 1's
     * ('epoch': 0.06 of one epoch of 16). */
    st = load_text("readme.log",
                   "  6%|6         | 1/16 [01:18<19:31, 78.12s/it]\n"
                   "{'loss': 2.2344, 'learning_rate': 0.0002, 'epoch': 0.06}\n"
                   " 12%|#2        | 2/16 [02:30<17:31, 75.10s/it]\n"
                   "{'loss': 1.9375, 'learning_rate': 0.00019, 'epoch': 0.12}\n"
                   " 25%|##5       | 4/16 [05:01<15:04, 75.40s/it]\n"
                   "{'loss': 1.4621, 'learning_rate': 0.00017, 'epoch': 0.25}\n"
                   " 50%|#####     | 8/16 [10:02<10:02, 75.30s/it]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 4);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_hf_headerless_bar_places_dicts)
{
    /* transformers hides the header's INFO lines by default: the bare bar
     * that a dict with an 'epoch' is printed between two redraws of is the
     * training bar. Glued to the bar drawn before it, the dict still
     * waits for the next redraw. */
    md_store *st = load_text("train.log",
                             "\r  0%|          | 0/600 [00:00<?, ?it/s]\r  1%|          | 4/600 [00:01<03:00, 3.3it/s]"
                             "\r                    \r{'loss': 3.125, 'grad_norm': 1.75, 'learning_rate': 2e-05, 'epoch': 0.02}\n"
                             "\r  1%|          | 6/600 [00:02<03:00, 3.3it/s]\r  2%|          | 11/600 [00:03<03:00, 3.3it/s]"
                             "{'loss': 2.875, 'grad_norm': 1.5, 'learning_rate': 2e-05, 'epoch': 0.04}\n"
                             "\r  2%|          | 12/600 [00:04<03:00, 3.3it/s]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 6);
    ck_assert_int_eq(loss->last_step, 12);
    ck_assert_int_eq(series(st, "grad_norm")->last_step, 12);
    md_store_free(st);
    /* Copied where the '\r' was lost, the redraws run on in one line. */
    st = load_text("train.log",
                   "  1%|          | 7/600 [00:02<03:00, 3.3it/s]  1%|          | 8/600 [00:02<03:00, 3.3it/s]"
                   "{'loss': 2.5, 'learning_rate': 2e-05, 'epoch': 0.01}\n"
                   "  1%|          | 8/600 [00:02<03:00, 3.3it/s]  2%|          | 12/600 [00:03<03:00, 3.3it/s]"
                   "{'loss': 2.25, 'learning_rate': 2e-05, 'epoch': 0.02}\n"
                   "  2%|          | 12/600 [00:03<03:00, 3.3it/s]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 8);
    ck_assert_int_eq(loss->last_step, 12);
    md_store_free(st);
    /* The last bar of such a line is read: its postfix is the latest. */
    st = load_text("train.log",
                   "Epoch 0:  10%|#         | 1/10 [00:01<00:09, 1.00it/s, loss=2.5]"
                   "Epoch 0:  30%|###       | 3/10 [00:03<00:07, 1.00it/s, loss=2.125]\n"
                   "Epoch 1:  10%|#         | 1/10 [00:01<00:09, 1.00it/s, loss=2.0]\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    md_store_free(st);
    /* Lightning counts its epochs from 0, also in a log that starts later:
     * "Epoch 1: 300/1871" is the second epoch's batch 300. */
    st = load_text("train.log",
                   "Epoch 1:  16%|#6        | 300/1871 [02:10<11:21,  2.31it/s, loss=0.192, v_num=3]\n"
                   "Epoch 1:  32%|###2      | 600/1871 [04:20<09:11,  2.31it/s, loss=0.171, v_num=3]\n"
                   "Epoch 2:  16%|#6        | 300/1871 [02:10<11:21,  2.31it/s, loss=0.160, v_num=3]\n",
                   NULL);
    const md_series *lightning = series(st, "loss");
    ck_assert_int_eq(lightning->first_step, 1871 + 300);
    ck_assert_int_eq(lightning->last_step, 2 * 1871 + 300);
    md_store_free(st);
    /* A script's own bar, "Epoch {epoch + 1}", counts from 1. */
    st = load_text("train.log",
                   "Epoch 1: 100%|##########| 213/213 [01:46<00:00, loss=-0.0302]\n"
                   "Epoch 2: 100%|##########| 213/213 [01:41<00:00, loss=-0.0345]\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->first_step, 213);
    ck_assert_int_eq(series(st, "loss")->last_step, 426);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_imagenet_evaluation)
{
    /* Top-1 accuracy is the accuracy, the test batches' and the summary
     * after them the validation's. */
    md_store *st = load_text("train.log",
                             "Epoch: [0][ 0/80]\tLoss 6.5000e+00 (6.5000e+00)\tAcc@1   1.50 (  1.50)\n"
                             "Epoch: [0][40/80]\tLoss 6.2500e+00 (6.3750e+00)\tAcc@1   2.50 (  2.00)\n"
                             "Test: [ 0/20]\tLoss 6.0000e+00 (6.0000e+00)\tAcc@1   3.00 (  3.00)\n"
                             " * Acc@1 3.250 Acc@5 9.500\n"
                             "Epoch: [1][ 0/80]\tLoss 5.7500e+00 (5.7500e+00)\tAcc@1   4.50 (  4.50)\n"
                             "Test: [ 0/20]\tLoss 5.5000e+00 (5.5000e+00)\tAcc@1   9.00 (  9.00)\n"
                             "Test: [10/20]\tLoss 5.0000e+00 (5.2500e+00)\tAcc@1   1.00 (  5.00)\n"
                             " *   Acc@1 5.125 Acc@5 14.000\n",
                             NULL);
    const md_series *acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 3);
    ck_assert(fabs(acc->last - 0.045) < 1e-12);
    /* One point an evaluation: the summary in place of the running means
     * before it, the first batch's 9.00 among them. */
    const md_series *val = series(st, "val_accuracy");
    ck_assert_uint_eq(val->count, 2);
    ck_assert(fabs(val->max - 0.05125) < 1e-12);
    ck_assert(fabs(val->last - 0.05125) < 1e-12);
    /* At the step the run reached, as its steps come with the epoch. */
    ck_assert(!val->ordinal);
    ck_assert_int_eq(val->first_step, 40);
    ck_assert_int_eq(val->last_step, series(st, "loss")->last_step);
    /* Without a summary, the last running mean of each evaluation. */
    const md_series *val_loss = series(st, "val_loss");
    ck_assert_uint_eq(val_loss->count, 2);
    ck_assert(val_loss->last == 5.25);
    ck_assert(val_loss->min == 5.25);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_caffe_solver)
{
    /* Caffe: the test net's outputs after the step that announced them,
     * the train net's outputs repeating what the iteration's line sums. */
    md_store *st = load_text("caffe.log",
                             "I0301 10:00:00.000001  77 solver.cpp:330] Iteration 0, Testing net (#0)\n"
                             "I0301 10:00:01.000001  77 solver.cpp:397]     Test net output #0: accuracy = 0.104\n"
                             "I0301 10:00:01.000002  77 solver.cpp:397]     Test net output #1: loss = 2.31 (* 1 = 2.31 loss)\n"
                             "I0301 10:00:02.000001  77 solver.cpp:218] Iteration 0 (0 iter/s, 0.5s/50 iters), loss = 2.32\n"
                             "I0301 10:00:02.000002  77 solver.cpp:237]     Train net output #0: loss = 2.32 (* 1 = 2.32 loss)\n"
                             "I0301 10:00:02.000003  77 sgd_solver.cpp:105] Iteration 0, lr = 0.02\n"
                             "I0301 10:00:09.000001  77 solver.cpp:218] Iteration 50 (7.1 iter/s, 7.0s/50 iters), loss = 0.75\n"
                             "I0301 10:00:09.000002  77 solver.cpp:237]     Train net output #0: loss = 0.75 (* 1 = 0.75 loss)\n"
                             "I0301 10:00:09.000002  77 solver.cpp:237]     Train net output #1: accuracy = 0.81\n"
                             "I0301 10:00:09.000003  77 sgd_solver.cpp:105] Iteration 50, lr = 0.0196\n"
                             "I0301 10:00:16.000001  77 solver.cpp:330] Iteration 100, Testing net (#0)\n"
                             "I0301 10:00:17.000001  77 solver.cpp:397]     Test net output #0: accuracy = 0.875\n"
                             "I0301 10:00:17.000002  77 solver.cpp:397]     Test net output #1: loss = 0.44 (* 1 = 0.44 loss)\n"
                             "# step 5000, a note\n"
                             "loss: 0.5\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 100);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->first_step, 0);
    ck_assert_int_eq(val->last_step, 100);
    ck_assert(val->last == 0.44);
    ck_assert(series(st, "val_accuracy")->last == 0.875);
    /* The train net's outputs but its weighted losses are read. */
    ck_assert(series(st, "accuracy")->last == 0.81);
    ck_assert_int_eq(series(st, "accuracy")->last_step, 50);
    ck_assert_uint_eq(md_store_nseries(st), 5);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_espnet_learning_rates)
{
    /* ESPnet2 names the learning rate of each optimiser's parameter group:
     * lr_0 in its early releases, optim0_lr0 since. */
    md_store *st = load_text("train.log",
                             "[host] 2023-05-02 10:00:00,000 (trainer:732) INFO: 3epoch:train:1-200batch: "
                             "iter_time=0.002, loss=41.5, optim0_lr0=2.500e-04, train_time=0.61\n"
                             "[host] 2023-05-02 10:02:00,000 (trainer:732) INFO: 3epoch:train:201-400batch: "
                             "iter_time=0.002, loss=39.25, optim0_lr0=2.625e-04, train_time=0.60\n",
                             NULL);
    const md_series *lr = series(st, "lr");
    ck_assert_uint_eq(lr->count, 2);
    ck_assert(T_CLOSE(lr->last, 2.625e-04));
    md_store_free(st);
    st = load_text("train.log", "lr_0=0.002, loss=2.5\nlr_0=0.001, loss=2.25\n", NULL);
    ck_assert_uint_eq(series(st, "lr")->count, 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_pix2pix_loss_log)
{
    /* pytorch-CycleGAN-and-pix2pix counts "iters" within each epoch. */
    md_store *st = load_text("loss_log.txt",
                             "(epoch: 1, iters: 200, time: 0.051, data: 0.310) G_GAN: 1.875 G_L1: 21.5 D_real: 0.625 D_fake: 0.5\n"
                             "(epoch: 1, iters: 400, time: 0.050, data: 0.004) G_GAN: 1.625 G_L1: 18.25 D_real: 0.5 D_fake: 0.5\n"
                             "End of epoch 1 / 200 \t Time Taken: 37 sec\n"
                             "(epoch: 2, iters: 200, time: 0.050, data: 0.290) G_GAN: 1.5 G_L1: 16.75 D_real: 0.375 D_fake: 0.375\n"
                             "(epoch: 2, iters: 400, time: 0.051, data: 0.003) G_GAN: 1.25 G_L1: 15.5 D_real: 0.25 D_fake: 0.25\n",
                             NULL);
    const md_series *l1 = series(st, "g_l1");
    ck_assert(!l1->ordinal);
    ck_assert_int_eq(l1->first_step, 200);
    ck_assert_int_eq(l1->last_step, 800);
    ck_assert_ptr_null(md_store_find(st, "iters"));
    md_store_free(st);
}
END_TEST

START_TEST(test_text_pprint_arguments_are_settings)
{
    /* pprint wraps a dict of parsed arguments one item a line; None and
     * False are a configuration's words, as quoted strings are. */
    md_store *st = load_text("train.log",
                             "INFO: arguments:\n"
                             "{'batch_size': 64,\n"
                             " 'checkpoint': None,\n"
                             " 'dropout': 0.25,\n"
                             " 'fp16': False,\n"
                             " 'epochs': 30,\n"
                             " 'hidden': 256,\n"
                             " 'learning_rate': 0.0003,\n"
                             " 'optimizer': 'adamw',\n"
                             " 'resume': None,\n"
                             " 'scheduler': None,\n"
                             " 'seed': 7,\n"
                             " 'warmup_ratio': 0.05}\n"
                             "epoch 1 loss 2.5\n"
                             "epoch 2 loss 2.25\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "batch_size")->last == 64);
    ck_assert_ptr_null(md_store_find(st, "hidden"));
    ck_assert_ptr_null(md_store_find(st, "dropout"));
    ck_assert_ptr_null(md_store_find(st, "lr"));
    md_store_free(st);
}
END_TEST

START_TEST(test_text_paddleocr_evaluations)
{
    /* The current evaluation's metrics are the validation's, also when the
     * catalog names none of them; the best so far is a repeat. */
    md_store *st = load_text("train.log",
                             "[2024/02/01 10:00:00] ppocr INFO: epoch: [1/50], global_step: 20, lr: 0.001000, acc: 0.250000, "
                             "loss: 12.500000, avg_reader_cost: 0.01 s, avg_batch_cost: 0.25 s\n"
                             "[2024/02/01 10:01:00] ppocr INFO: cur metric, precision: 0.625, recall: 0.75, hmean: 0.6818, "
                             "fps: 30.5\n"
                             "[2024/02/01 10:01:00] ppocr INFO: cur metric, acc: 0.375, norm_edit_dis: 0.5, fps: 900.25\n"
                             "[2024/02/01 10:01:00] ppocr INFO: best metric, acc: 0.375, is_float16: False, norm_edit_dis: "
                             "0.5, fps: 900.25, best_epoch: 1\n"
                             "[2024/02/01 10:02:00] ppocr INFO: epoch: [2/50], global_step: 40, lr: 0.001000, acc: 0.5, "
                             "loss: 10.25, avg_reader_cost: 0.01 s, avg_batch_cost: 0.25 s\n",
                             NULL);
    ck_assert_uint_eq(series(st, "accuracy")->count, 2);
    ck_assert(series(st, "val_accuracy")->last == 0.375);
    ck_assert(series(st, "eval_hmean")->last == 0.6818);
    ck_assert_uint_eq(series(st, "eval_recall")->count, 1);
    ck_assert_ptr_null(md_store_find(st, "best_epoch"));
    md_store_free(st);
}
END_TEST

START_TEST(test_text_olmo_and_wenet)
{
    /* OLMo: a bracketed step header over one metric a line. */
    md_store *st = load_text("train.log",
                             "2024-05-01T08:00:00.000Z\tgpu-a01\tINFO\tolmo.train:900\t[step=50/10000,epoch=0]\n"
                             "    train/CrossEntropyLoss=8.25\n"
                             "    optim/learning_rate_group0=0.0004\n"
                             "2024-05-01T08:01:00.000Z\tgpu-a01\tINFO\tolmo.train:900\t[step=100/10000,epoch=0]\n"
                             "    train/CrossEntropyLoss=7.5\n"
                             "    optim/learning_rate_group0=0.0004\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 50);
    ck_assert_int_eq(loss->last_step, 100);
    ck_assert_int_eq(series(st, "lr")->last_step, 100);
    md_store_free(st);
    /* OLMo's own layout: time, host and local rank, logger and line, level. */
    st = load_text("train.log",
                   "2025-12-12 11:05:02.009\tnode-03:0\tolmo.train:979\tINFO\t[step=1/15000,epoch=0]\n"
                   "    train/CrossEntropyLoss=2.998\n"
                   "2025-12-12 11:05:05.850\tnode-03:0\tolmo.train:979\tINFO\t[step=2/15000,epoch=0]\n"
                   "    train/CrossEntropyLoss=2.919\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert_uint_eq(md_store_nseries(st), 1); /* the host is no series */
    md_store_free(st);
    /* Pasted, its tabs turned to spaces. */
    st = load_text("train.log",
                   "2024-08-06 09:59:26.181 intern-studio-160750:0  olmo.train:908  INFO    [step=1/739328,epoch=0]\n"
                   "    train/CrossEntropyLoss=12.18\n"
                   "2024-08-06 10:00:05.520 intern-studio-160750:0  olmo.train:908  INFO    [step=2/739328,epoch=0]\n"
                   "    train/CrossEntropyLoss=11.9\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 2);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);
    /* Its rich console: the rank in the logger's bracket is no series, and
     * the step after it still heads the lines below. */
    st = load_text("train.log",
                   "[2024-04-17 09:42:26] INFO     [olmo.train:816, rank=0] [step=1/739328]\n"
                   "    train/CrossEntropyLoss=11.02\n"
                   "[2024-04-17 09:42:38] INFO     [olmo.train:816, rank=0] [step=2/739328]\n"
                   "    train/CrossEntropyLoss=10.9\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);
    /* A tab-separated log's own step after its time is a pair. */
    st = load_text("train.log",
                   "2025-12-12 11:05:02\tstep:10\tloss:2.5\n"
                   "2025-12-12 11:05:03\tstep:20\tloss:2.25\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 20);
    md_store_free(st);
    /* WeNet's cross-validation loss. */
    st = load_text("train.log",
                   "INFO Epoch 0 CV info cv_loss 62.5\n"
                   "INFO Epoch 1 CV info cv_loss 55.25\n",
                   NULL);
    ck_assert(series(st, "val_loss")->last == 55.25);
    md_store_free(st);
}
END_TEST

/* WeNet's "Batch E/B": the epoch, then the batch within it (the older
 * "Batch B/T" when the first number moves and the second stays). */
START_TEST(test_wenet_scan)
{
    md_wenet w = {0};
    md_wenet_line l;
    ck_assert(md_wenet_scan(&w, md_str_c("2022-03-01 10:00:10,000 DEBUG TRAIN Batch 3/0 loss 45.3 lr 0.0001 rank 0"),
                            &l));
    ck_assert_int_eq(l.kind, MD_WENET_TRAIN);
    ck_assert(l.epoch == 3 && l.batch == 0 && l.total < 0);
    ck_assert(md_str_eq(l.pairs, " loss 45.3 lr 0.0001 rank 0"));
    ck_assert(md_wenet_scan(&w, md_str_c("DEBUG TRAIN Batch 3/1200 loss 40.1 lr 0.0001 rank 0"), &l));
    ck_assert(l.epoch == 3 && l.batch == 1200);
    ck_assert(md_wenet_scan(&w, md_str_c("TRAIN | steps/sec 2.345| Batch 4/100 loss 45.3 grad_norm 3.5 rank 0"), &l));
    ck_assert(l.epoch == 4 && l.batch == 100);
    ck_assert(md_str_eq(l.rate, "steps/sec 2.345"));
    ck_assert(md_wenet_scan(&w, md_str_c("DEBUG CV Batch 4/10 loss 60.1 history loss 60.1"), &l));
    ck_assert_int_eq(l.kind, MD_WENET_CV_BATCH);
    ck_assert(md_wenet_scan(&w, md_str_c("INFO Epoch 4 Step 9600 CV info lr 1.0e-04 cv_loss 40.5 rank 0 acc 0.9"), &l));
    ck_assert_int_eq(l.kind, MD_WENET_CV_INFO);
    ck_assert(l.epoch == 4);
    ck_assert(md_str_eq(l.pairs, "lr 1.0e-04 cv_loss 40.5 rank 0 acc 0.9"));
    /* The older layout: the batch, then the epoch's batches. */
    md_wenet old = {0};
    ck_assert(md_wenet_scan(&old, md_str_c("TRAIN Batch 0/250 loss 50.0 lr 0.0004 rank 0"), &l));
    ck_assert(l.epoch == 0 && l.batch == 0 && l.total == 250);
    ck_assert(md_wenet_scan(&old, md_str_c("TRAIN Batch 100/250 loss 49.0 lr 0.0004 rank 0"), &l));
    ck_assert(l.epoch == 0 && l.batch == 100 && l.total == 250);
    ck_assert(md_wenet_scan(&old, md_str_c("TRAIN Batch 0/250 loss 40.0 lr 0.0004 rank 0"), &l));
    ck_assert(l.epoch == 1 && l.batch == 0);
    /* Not WeNet's: no tag of its own, no counts. */
    ck_assert(!md_wenet_scan(&w, md_str_c("STRAIN Batch 1/2 loss 3.0"), &l));
    ck_assert(!md_wenet_scan(&w, md_str_c("TRAIN Batch loss 3.0"), &l));
    ck_assert(!md_wenet_scan(&w, md_str_c("INFO Epoch 0 CV info cv_loss 62.5"), &l));
}
END_TEST

/* WeNet's logs: the training batches placed by epoch and batch, the
 * evaluation's batches not read as training losses, its summary the
 * validation's at the end of the epoch's training, whatever its Step. */
START_TEST(test_text_wenet_batches)
{
    md_buf log = {0};
    for (int e = 0; e < 2; e++) {
        md_buf_printf(&log, "2022-03-01 10:00:00,000 INFO Epoch %d TRAIN info lr 0.0004\n", e);
        for (int b = 0; b <= 300; b += 100)
            md_buf_printf(&log, "2022-03-01 10:00:10,000 DEBUG TRAIN Batch %d/%d loss %.6f loss_att %.6f loss_ctc "
                          "%.6f lr 0.00040000 rank 0\n",
                          e, b, 50.0 - 10 * e - 0.01 * b, 55.0 - 10 * e, 40.0 - 10 * e);
        md_buf_printf(&log, "2022-03-01 10:00:50,000 DEBUG CV Batch %d/0 loss 99.000000 loss_att 99.000000 loss_ctc "
                      "99.000000 history loss 99.000000\n",
                      e);
        md_buf_printf(&log, "2022-03-01 10:00:51,000 INFO Epoch %d CV info cv_loss %.1f\n", e, 45.5 - 5 * e);
    }
    md_store *st = load_text("wenet.log", md_buf_cstr(&log), NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 8);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 601); /* batches 0 to 300: an epoch holds 301 at least */
    ck_assert_msg(loss->max == 50.0, "an evaluation batch's loss of 99 was read as the training loss");
    ck_assert_uint_eq(series(st, "loss_ctc")->count, 8);
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->first_step, 300);
    ck_assert_int_eq(val->last_step, 601);
    md_store_free(st);
    md_buf_reset(&log);

    /* WeNet 3: steps/sec first, and the summary's Step counts optimiser
     * steps (accum_grad 4), not the batches. */
    for (int e = 0; e < 2; e++) {
        for (int b = 100; b <= 300; b += 100)
            md_buf_printf(&log, "DEBUG TRAIN | steps/sec 2.500| Batch %d/%d loss %.6f th_accuracy 0.500000 lr "
                          "1.0000e-04 grad_norm 3.250000 rank 0\n",
                          e, b, 50.0 - 10 * e - 0.01 * b);
        md_buf_printf(&log, "DEBUG CV | steps/sec 5.000| Batch %d/10 loss 99.000000 th_accuracy 0.100000\n", e);
        md_buf_printf(&log, "INFO Epoch %d Step %d CV info lr 1.0000e-04 cv_loss %.1f rank 0 acc 0.%d\n", e,
                      75 * (e + 1), 45.5 - 5 * e, 5 + e);
    }
    st = load_text("wenet3.log", md_buf_cstr(&log), NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 6);
    ck_assert_int_eq(loss->first_step, 100);
    ck_assert_int_eq(loss->last_step, 600);
    ck_assert(loss->max == 49.0);
    val = series(st, "val_loss");
    ck_assert_int_eq(val->first_step, 300);
    ck_assert_int_eq(val->last_step, 600);
    const md_series *acc = series(st, "val_accuracy");
    ck_assert(acc->last == 0.6);
    ck_assert_int_eq(acc->last_step, 600);
    ck_assert(series(st, "accuracy")->last == 0.5);
    ck_assert(series(st, "it_per_s")->last == 2.5);
    ck_assert_uint_eq(series(st, "grad_norm")->count, 6);
    md_store_free(st);
    md_buf_free(&log);
}
END_TEST

START_TEST(test_text_lightning_postfix_evaluation_once)
{
    /* The training bar shows the last evaluation's loss in each redraw
     * until the next evaluation: one point per evaluation. */
    md_store *st = load_text("train.log",
                             "\rEpoch 0:  50%|#####     | 20/40 [00:04<00:04, 5.00it/s, v_num=3, train_loss=1.750]"
                             "\rEpoch 0: 100%|##########| 40/40 [00:08<00:00, 5.00it/s, v_num=3, train_loss=1.500, val_loss=1.625]\n"
                             "\rEpoch 1:  25%|##        | 10/40 [00:02<00:06, 5.00it/s, v_num=3, train_loss=1.375, val_loss=1.625]"
                             "\rEpoch 1:  50%|#####     | 20/40 [00:04<00:04, 5.00it/s, v_num=3, train_loss=1.250, val_loss=1.625]"
                             "\rEpoch 1: 100%|##########| 40/40 [00:08<00:00, 5.00it/s, v_num=3, train_loss=1.125, val_loss=1.375]\n"
                             "\rEpoch 2:  50%|#####     | 20/40 [00:04<00:04, 5.00it/s, v_num=3, train_loss=1.000, val_loss=1.375]\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert(val->last == 1.375);
    ck_assert_uint_eq(series(st, "loss")->count, 6);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_lightning_postfix_nan_evaluation_once)
{
    /* A NaN shown again is the same NaN: one point, not one a redraw. */
    md_store *st = load_text("train.log",
                             "\rEpoch 0: 100%|##########| 40/40 [00:08<00:00, 5.00it/s, v_num=3, train_loss=1.500, val_loss=nan]\n"
                             "\rEpoch 1:  25%|##        | 10/40 [00:02<00:06, 5.00it/s, v_num=3, train_loss=1.375, val_loss=nan]"
                             "\rEpoch 1:  50%|#####     | 20/40 [00:04<00:04, 5.00it/s, v_num=3, train_loss=1.250, val_loss=nan]\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 1);
    ck_assert_uint_eq(val->nan, 1);
    ck_assert_int_eq(val->first_nonfinite_step, 40);
    md_store_free(st);
}
END_TEST

/* Lightning's checkpoint message on a line of its own between the bars,
 * which count within the epoch: its "global step" is the run's. */
START_TEST(test_text_lightning_checkpoint_global_step)
{
    md_store *st = load_text("train.log",
                             "Epoch 0: 100%|##########| 40/40 [00:08<00:00, 5.00it/s, v_num=3, train_loss=1.500, val_loss=1.625]\n"
                             "Epoch 0, global step 40: 'val_loss' reached 1.62512 (best 1.62512), saving model to "
                             "'/ck/epoch=0-step=40.ckpt' as top 1\n"
                             "Epoch 1: 100%|##########| 40/40 [00:08<00:00, 5.00it/s, v_num=3, train_loss=1.125, val_loss=1.375]\n"
                             "Epoch 1, global step 80: 'val_loss' reached 1.37530 (best 1.37530), saving model to "
                             "'/ck/epoch=1-step=80.ckpt' as top 1\n"
                             "Epoch 2:  50%|#####     | 20/40 [00:04<00:04, 5.00it/s, v_num=3, train_loss=1.000, val_loss=1.375]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 40);
    ck_assert_int_eq(loss->last_step, 100);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 80);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_hf_dicts_are_entries)
{
    md_store *st = load_text("output.log",
                             "{'loss': 0.691, 'grad_norm': 0.25, 'learning_rate': 9.4e-07, 'epoch': 0.06}\n"
                             "{'loss': 0.681, 'grad_norm': 0.37, 'learning_rate': 8.8e-07, 'epoch': 0.12}\n"
                             "{'loss': 0.664, 'grad_norm': 0.65, 'learning_rate': 8.2e-07, 'epoch': 0.18}\n"
                             "{'train_runtime': 1221.0415, 'train_loss': 0.374, 'epoch': 1.0}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(loss->ordinal);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(loss->last == 0.664);
    ck_assert_uint_eq(series(st, "grad_norm")->count, 3);
    ck_assert_uint_eq(series(st, "lr")->count, 3);
    const md_series *summary = series(st, "train_loss");
    ck_assert_uint_eq(summary->count, 1);
    ck_assert(summary->last == 0.374);
    ck_assert(T_CLOSE(series(st, "train_time")->last, 1221.0415));
    md_store_free(st);

    /* A second run printed into the same log (a sweep's next trial, a
     * notebook cell run again): its epoch goes back to the first one's,
     * and its entries start over, as a relaunched run's steps do. An
     * evaluation at a whole epoch goes on from the training's. */
    st = load_text("sweep.log",
                   "{'loss': 0.66, 'learning_rate': 4.8e-05, 'epoch': 0.1}\n"
                   "{'loss': 0.59, 'learning_rate': 4.5e-05, 'epoch': 0.2}\n"
                   "{'eval_loss': 0.61, 'epoch': 1.0}\n"
                   "{'loss': 0.52, 'learning_rate': 3.0e-05, 'epoch': 1.1}\n"
                   "{'loss': 0.67, 'learning_rate': 4.8e-05, 'epoch': 0.1}\n"
                   "{'loss': 0.61, 'learning_rate': 4.5e-05, 'epoch': 0.2}\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->fresh_starts, 1);
    ck_assert_uint_eq(loss->count, 5);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(loss->last == 0.61);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_lightning_bar_postfix)
{
    md_store *st = load_text("lightning.log",
                             "Epoch 0:  50%|#####     | 1/2 [00:01<00:01,  1.00it/s, loss=2.6, v_num=95nc, "
                             "global_step=10]\rEpoch 0: 100%|##########| 2/2 [00:02<00:00,  1.00it/s, "
                             "loss=2.4, v_num=95nc, global_step=11]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 10);
    ck_assert_int_eq(loss->last_step, 11);
    ck_assert(loss->last == 2.4);
    for (size_t i = 0; i < md_store_nseries(st); i++)
        ck_assert_ptr_null(strstr(md_store_series(st, i)->name, "v_num"));
    md_store_free(st);
}
END_TEST

/* Lightning's bar without global_step: the counter is the batch in the
 * epoch, and the epochs make it a step of the run. */
START_TEST(test_text_lightning_bar_epochs)
{
    md_store *st = load_text("lightning.log",
                             "Epoch 0:  50%|#####     | 1/2 [00:01<00:01,  1.00it/s, train_loss=2.6]\r"
                             "Epoch 0: 100%|##########| 2/2 [00:02<00:00,  1.00it/s, train_loss=2.4]\n"
                             "Epoch 1:  50%|#####     | 1/2 [00:01<00:01,  1.00it/s, train_loss=2.2]\r"
                             "Epoch 1: 100%|##########| 2/2 [00:02<00:00,  1.00it/s, train_loss=2.0]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 4);
    ck_assert_uint_eq(loss->restarts, 0);
    md_store_free(st);

    /* OpenRLHF's bar of an epoch's batches, "Train step of epoch N". */
    st = load_text("openrlhf.log",
                   "Train step of epoch 0:  50%|#####     | 1/2 [00:01<00:01,  1.00it/s, gpt_loss=2.6]\r"
                   "Train step of epoch 0: 100%|##########| 2/2 [00:02<00:00,  1.00it/s, gpt_loss=2.4]\n"
                   "Train step of epoch 1:  50%|#####     | 1/2 [00:01<00:01,  1.00it/s, gpt_loss=2.2]\r"
                   "Train step of epoch 1: 100%|##########| 2/2 [00:02<00:00,  1.00it/s, gpt_loss=2.0]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 4);
    md_store_free(st);
}
END_TEST

/* Names that say their unit, or a trainer's own name for a series:
 * NeMo's "train_step_timing in s", verl's "_gb" (divided by 1024**3),
 * axolotl's "memory/max_mem_allocated(gib)", OpenRLHF's "gpt_loss". */
START_TEST(test_text_trainers_own_names)
{
    md_store *st = load_text("nemo.log",
                             "Training epoch 0, iteration 1/9 | global_step: 1 | reduced_train_loss: 2.5 | "
                             "train_step_timing in s: 0.25\n",
                             NULL);
    ck_assert(series(st, "step_time")->last == 0.25);
    md_store_free(st);
    st = load_text("verl.log",
                   "step:1 - actor/pg_loss:0.01 - perf/max_memory_allocated_gb:44.5 - critic/score/mean:0.5\n", NULL);
    ck_assert(series(st, "memory")->last == 44.5);
    md_store_free(st);
    st = load_text("axolotl.log",
                   "{'loss': 2.5, 'learning_rate': 5e-06, 'memory/max_mem_allocated(gib)': 34.89, 'epoch': 1.0}\n",
                   NULL);
    ck_assert(series(st, "memory")->last == 34.89);
    md_store_free(st);
    /* detectron2's "max_mem: 2433M": MiB, as the key names it. */
    st = load_text("d2.log",
                   "[04/05 01:30:24 d2.utils.events]:  eta: 0:03:35  iter: 19  total_loss: 1.36  time: 0.36  "
                   "lr: 3.8e-06  max_mem: 2048M\n",
                   NULL);
    ck_assert(series(st, "memory")->last == 2.0);
    md_store_free(st);
    /* nanotron's "elapsed_time_per_iteration_ms: 4.71K": thousands of the
     * key's milliseconds, 4.71 s; "tokens_per_sec: 43.2K" a count. */
    st = load_text("nanotron.log",
                   "iteration: 1 / 15 | elapsed_time_per_iteration_ms: 4.71K | tokens_per_sec: 109 | lm_loss: 5.32\n"
                   "iteration: 2 / 15 | elapsed_time_per_iteration_ms: 11.8 | tokens_per_sec: 43.2K | lm_loss: 5.29\n",
                   NULL);
    const md_series *nt_time = series(st, "step_time");
    ck_assert_msg(T_CLOSE(nt_time->first, 4.71) && T_CLOSE(nt_time->last, 0.0118), "step time %g then %g s",
                  nt_time->first, nt_time->last);
    ck_assert(T_CLOSE(series(st, "tokens_per_s")->last, 43200));
    md_store_free(st);
    /* YOLOv7's results.txt: no header, fifteen columns an epoch. */
    st = load_text("results.txt",
                   "      0/54     12.8G   0.03604    0.2529         0    0.2889        19       640   0.04946   "
                   "0.03419   0.00595  0.001898   0.03685  0.004025         0\n"
                   "      1/54     12.5G   0.02545  0.001799         0   0.02725        19       640    0.3473     "
                   "0.484    0.3314    0.1412   0.02462  0.003212         0\n",
                   NULL);
    const md_series *yolo_loss = series(st, "loss");
    ck_assert_uint_eq(yolo_loss->count, 2);
    ck_assert_int_eq(yolo_loss->last_step, 1);
    ck_assert(T_CLOSE(yolo_loss->last, 0.02545 + 0.001799));
    ck_assert(T_CLOSE(series(st, "val_loss")->first, 0.03685 + 0.004025));
    ck_assert(T_CLOSE(series(st, "memory")->first, 12.8e9 / (1024.0 * 1024 * 1024)));
    ck_assert(T_CLOSE(series(st, "val_map")->last, 0.1412));
    ck_assert_ptr_null(md_store_find(st, "val_f1"));
    md_store_free(st);
    /* ultralytics/yolov3's: its F1 where mAP@0.5:0.95 stands (2PR / (P + R)
     * of the row's P and R, as printed). */
    st = load_text("results.txt",
                   "       1/9    0.333G      3.89      4.95      2.22      11.1        42       416    0.0479     "
                   "0.336      0.09    0.0839      4.56      4.21     0.768\n"
                   "       2/9    0.333G      3.73      4.35     0.749      8.83        19       416    0.0574     "
                   "0.342     0.169    0.0983      3.33      3.95    0.0603\n",
                   NULL);
    ck_assert_ptr_null(md_store_find(st, "val_map"));
    ck_assert_uint_eq(series(st, "val_f1")->count, 2);
    ck_assert(T_CLOSE(series(st, "val_f1")->last, 0.0983));
    md_store_free(st);
    /* word_language_model: "ms/batch" on the steps' lines is the step
     * time; "time:" on the epoch's closing line is the epoch's. */
    st = load_text("wlm.log",
                   "| epoch   1 |   200/ 2983 batches | lr 20.00 | ms/batch 12.12 | loss  7.64 | ppl  2079.22\n"
                   "| epoch   1 |   400/ 2983 batches | lr 20.00 | ms/batch 12.06 | loss  6.87 | ppl   960.57\n"
                   "| end of epoch   1 | time: 36.93s | valid loss  5.53 | valid ppl   252.86\n"
                   "| epoch   2 |   200/ 2983 batches | lr 20.00 | ms/batch 11.90 | loss  5.51 | ppl   247.07\n",
                   NULL);
    const md_series *wlm_time = series(st, "step_time");
    ck_assert_uint_eq(wlm_time->count, 3);
    ck_assert(T_CLOSE(wlm_time->max, 0.01212));
    ck_assert_uint_eq(series(st, "val_loss")->count, 1);
    md_store_free(st);
    /* A line of fifteen fields of another shape is no such row. */
    st = load_text("other.txt", "step 1/54 loss 0.5 acc 0.9 a b c d e f g h i\n", NULL);
    ck_assert_ptr_null(md_store_find(st, "train_box_loss"));
    md_store_free(st);
    /* MMCV's log.json: "mode" says whose record it is; a validation
     * record's figures are the validation set's under the training's
     * names, its rate is the training's. Its "memory" is MiB. The same
     * through cJSON (a nested value). */
    static const char *const nested[] = {"", ", \"extra\": {\"a\": 1}"};
    for (size_t i = 0; i < MD_COUNT(nested); i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "{\"mode\": \"train\", \"epoch\": 1, \"iter\": 500, \"lr\": 0.1, \"memory\": 5120, "
                 "\"loss\": 1.0, \"accuracy_top-1\": 35.0%s}\n"
                 "{\"mode\": \"val\", \"epoch\": 1, \"iter\": 500, \"lr\": 0.1, \"accuracy_top-1\": 45.0%s}\n"
                 "{\"mode\": \"train\", \"epoch\": 2, \"iter\": 500, \"lr\": 0.05, \"memory\": 5120, "
                 "\"loss\": 0.5, \"accuracy_top-1\": 40.0%s}\n"
                 "{\"mode\": \"val\", \"epoch\": 2, \"iter\": 500, \"lr\": 0.05, \"accuracy_top-1\": 50.0%s}\n",
                 nested[i], nested[i], nested[i], nested[i]);
        st = load_text("20240101_000000.log.json", text, NULL);
        ck_assert_msg(series(st, "accuracy")->count == 2 && series(st, "accuracy")->last == 0.40, "path %zu", i);
        ck_assert_msg(series(st, "val_accuracy")->count == 2 && series(st, "val_accuracy")->last == 0.50, "path %zu", i);
        ck_assert_uint_eq(series(st, "lr")->count, 2);
        ck_assert(T_CLOSE(series(st, "memory")->max, 5.0));
        md_store_free(st);
    }
    /* MMDetection 2's: the training's iter counts within the epoch (100
     * a epoch), the validation's is the validation loader's length (500):
     * no count of training, it stands where its epoch ended. */
    st = load_text("20240101_000000.log.json",
                   "{\"mode\": \"train\", \"epoch\": 1, \"iter\": 50, \"lr\": 0.01, \"loss\": 1.5}\n"
                   "{\"mode\": \"train\", \"epoch\": 1, \"iter\": 100, \"lr\": 0.01, \"loss\": 1.4}\n"
                   "{\"mode\": \"val\", \"epoch\": 1, \"iter\": 500, \"lr\": 0.01, \"bbox_mAP\": 0.218}\n"
                   "{\"mode\": \"train\", \"epoch\": 2, \"iter\": 50, \"lr\": 0.01, \"loss\": 1.3}\n"
                   "{\"mode\": \"train\", \"epoch\": 2, \"iter\": 100, \"lr\": 0.01, \"loss\": 1.2}\n"
                   "{\"mode\": \"val\", \"epoch\": 2, \"iter\": 500, \"lr\": 0.01, \"bbox_mAP\": 0.29}\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 200);
    ck_assert_int_eq(series(st, "val_bbox_map")->first_step, 100);
    ck_assert_int_eq(series(st, "val_bbox_map")->last_step, 200);
    md_store_free(st);
    /* An epoch's summary under "phase": "val" keeps the training set's
     * figures it carries, and its rate, the training's; a fraction under
     * "mem" is no MiB. */
    st = load_text("epochs.jsonl",
                   "{\"phase\": \"val\", \"epoch\": 1, \"train_loss\": 0.9, \"val_loss\": 1.0, \"lr\": 0.01, "
                   "\"mem\": 38.2}\n"
                   "{\"phase\": \"val\", \"epoch\": 2, \"train_loss\": 0.8, \"val_loss\": 0.95, \"lr\": 0.01, "
                   "\"mem\": 38.2}\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 0.8);
    ck_assert(series(st, "val_loss")->last == 0.95);
    ck_assert_uint_eq(series(st, "lr")->count, 2);
    ck_assert(T_CLOSE(series(st, "memory")->max, 38.2));
    md_store_free(st);
    /* pycls' json_stats in its text log: "_type" names the set. */
    st = load_text("stdout.log",
                   "[meters.py: 89]: json_stats: {\"_type\": \"train_iter\", \"epoch\": \"1/30\", \"iter\": "
                   "\"10/5005\", \"loss\": 6.5, \"mem\": 5120, \"top1_err\": 99.0}\n"
                   "[meters.py: 89]: json_stats: {\"_type\": \"test_epoch\", \"epoch\": \"1/30\", \"mem\": 5120, "
                   "\"top1_err\": 55.0}\n",
                   NULL);
    ck_assert_uint_eq(series(st, "top1_err")->count, 1);
    ck_assert(series(st, "top1_err")->last == 99.0);
    ck_assert(series(st, "test_top1_err")->last == 55.0);
    ck_assert(T_CLOSE(series(st, "memory")->max, 5.0));
    md_store_free(st);
    /* A "time" of 1.75e9 s is the Unix time the record was written. */
    st = load_text("train.jsonl",
                   "{\"global_step\": 0, \"loss\": 1.59, \"time\": 1754068201.3}\n"
                   "{\"global_step\": 1, \"loss\": 1.58, \"time\": 1754068201.9}\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "step_time"));
    md_store_free(st);
    /* PaddleDetection's step time, its data loading and its images a second. */
    st = load_text("ppdet.log",
                   "[07/01 14:06:50] ppdet.engine INFO: Epoch: [117] [  0/268] learning_rate: 0.000100 loss: 2.05 "
                   "eta: 21:57:23 batch_cost: 1.6075 data_cost: 1.1986 ips: 9.9536 images/s\n",
                   NULL);
    ck_assert(series(st, "step_time")->last == 1.6075);
    ck_assert(series(st, "data_time")->last == 1.1986);
    ck_assert(series(st, "samples_per_s")->last == 9.9536);
    md_store_free(st);
    st = load_text("sft.log", "step: 1, gpt_loss: 2.5\nstep: 2, gpt_loss: 2.25\n", NULL);
    ck_assert(series(st, "loss")->last == 2.25);
    md_store_free(st);
    /* A quantizer's codebook perplexity counts the codes in use: higher is
     * better, and it is no language model's perplexity. */
    st = load_text("vq.log",
                   "step 1 loss 2.0 codebook_perplexity 120 valid_code_perplexity 110\n"
                   "step 2 loss 1.8 codebook_perplexity 300 valid_code_perplexity 280\n",
                   NULL);
    ck_assert(series(st, "codebook_perplexity")->last == 300);
    ck_assert(series(st, "codebook_perplexity")->better == MD_BETTER_HIGHER);
    ck_assert(series(st, "val_codebook_perplexity")->last == 280);
    ck_assert_ptr_null(md_store_find(st, "perplexity"));
    ck_assert_ptr_null(md_store_find(st, "val_perplexity"));
    md_store_free(st);
    /* A unit's letters end a name only where they fit its series:
     * MMEngine's "coco/bbox_mAP_s" is the mAP on small objects, no time. */
    st = load_text("scalars.json",
                   "{\"lr\": 0.02, \"loss\": 1.0, \"epoch\": 1, \"iter\": 20, \"step\": 20}\n"
                   "{\"coco/bbox_mAP\": 0.3, \"coco/bbox_mAP_s\": 0.05, \"coco/bbox_mAP_l\": 0.4, \"step\": 1}\n",
                   NULL);
    ck_assert(series(st, "val_map")->last == 0.3);
    ck_assert(series(st, "val_coco_bbox_map_s")->last == 0.05);
    ck_assert_int_ne(series(st, "val_coco_bbox_map_s")->kind, MD_KIND_TIME);
    md_store_free(st);
    /* RL scripts' own names: the update count, the KL to the reference,
     * the mean completion length and entropy, the share cut at the cap. */
    st = load_text("grpo.csv",
                   "update,reward,kl_ref,completion_length_mean,policy_entropy_mean,truncation_rate\n"
                   "1,0.2,0.001,310,0.9,0.05\n2,0.3,0.002,305,0.85,0.04\n",
                   NULL);
    ck_assert_int_eq(series(st, "reward")->last_step, 2);
    ck_assert(series(st, "kl")->last == 0.002);
    ck_assert(series(st, "completion_length")->last == 305);
    ck_assert(series(st, "entropy")->last == 0.85);
    ck_assert(series(st, "completion_clipped")->last == 0.04);
    md_store_free(st);
    /* The total torchvision's detection scripts and maskrcnn_benchmark print. */
    st = load_text("det.log", "iteration : 1, losses : 39.6567\niteration : 2, losses : nan\n", NULL);
    ck_assert_int_eq(series(st, "loss")->first_nonfinite_step, 2);
    md_store_free(st);
}
END_TEST

/* verl's validation: "val-core/<data source>/<var>/mean@N" is the
 * headline score whatever the reward is called, "val-aux/" the rest (a
 * spread there is no score). */
START_TEST(test_text_verl_validation)
{
    md_store *st = load_text("verl.log",
                             "step:1 - actor/pg_loss:0.01 - critic/score/mean:0.5\n"
                             "step:2 - actor/pg_loss:0.02 - critic/score/mean:0.5 - "
                             "val-core/my/set/reward/mean@4:0.42 - val-aux/my/set/acc/std@4:0.3\n",
                             NULL);
    const md_series *core = series(st, "val_core_my_set_reward_mean4");
    ck_assert_int_eq(core->kind, MD_KIND_METRIC);
    ck_assert_int_eq(core->better, MD_BETTER_HIGHER);
    ck_assert_int_eq(core->first_step, 2);
    ck_assert(md_key_is_validation(md_store_catalog(st), core->name));
    const md_series *spread = series(st, "val_aux_my_set_acc_std4");
    ck_assert_int_eq(spread->better, MD_BETTER_NONE);
    ck_assert_int_ne(spread->kind, MD_KIND_METRIC);
    md_store_free(st);

    /* Its metrics.jsonl (FileLogger) nests every metric under "data". */
    st = load_text("metrics.jsonl",
                   "{\"step\": 1, \"elapsed_seconds\": 5.5, \"data\": {\"critic/score/mean\": 0.5}}\n"
                   "{\"step\": 2, \"elapsed_seconds\": 9.5, \"data\": {\"critic/score/mean\": 0.5, "
                   "\"val-core/my/set/reward/mean@1\": 0.42}}\n",
                   NULL);
    core = series(st, "data_val_core_my_set_reward_mean1");
    ck_assert_int_eq(core->kind, MD_KIND_METRIC);
    ck_assert_int_eq(core->better, MD_BETTER_HIGHER);
    ck_assert_int_eq(core->first_step, 2);
    ck_assert(md_key_is_validation(md_store_catalog(st), core->name));
    ck_assert(!md_key_is_validation(md_store_catalog(st), "data_critic_score_mean"));
    md_store_free(st);
}
END_TEST

/* DeepSpeed-Chat's step 3 prints the step's mean reward on a line of its
 * own after the step's losses: the reward, at that step; its EMA is a
 * smoothed copy, not the reward. */
START_TEST(test_text_rlhf_reward_line)
{
    md_store *st = load_text("step3.log",
                             "Epoch: 0 | Step: 7 | PPO Epoch: 1 | Actor Loss: 0.25 | Critic Loss: 0.5 | "
                             "Unsupervised Loss: 0.0\n"
                             "Average reward score: 1.25 | EMA reward score: 1.0\n"
                             "-----------------------------------------\n"
                             "Epoch: 0 | Step: 8 | PPO Epoch: 1 | Actor Loss: 0.25 | Critic Loss: 0.5 | "
                             "Unsupervised Loss: 0.0\n"
                             "Average reward score: -2.5 | EMA reward score: 0.5\n",
                             NULL);
    const md_series *reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 2);
    ck_assert(!reward->ordinal);
    ck_assert_int_eq(reward->first_step, 7);
    ck_assert_int_eq(reward->last_step, 8);
    ck_assert(reward->last == -2.5);
    ck_assert(series(st, "ema_reward_score")->last == 0.5);
    md_store_free(st);
}
END_TEST

/* PaddleNLP's trainer prints its evaluation without a step, its epoch a
 * fraction of progress: the evaluation stands at the step the training
 * lines reached, not at a log entry. */
START_TEST(test_text_eval_line_at_step_reached)
{
    md_store *st = load_text("paddlenlp.log",
                             "[2024-05-01 10:00:01,000] [    INFO] - loss: 2.5, learning_rate: 3e-05, global_step: 20, "
                             "interval_runtime: 2.0, epoch: 0.25\n"
                             "[2024-05-01 10:00:02,000] [    INFO] - ***** Running Evaluation *****\n"
                             "[2024-05-01 10:00:03,000] [    INFO] - eval_loss: 2.75, eval_runtime: 10.5, "
                             "eval_samples_per_second: 30.2, eval_steps_per_second: 1.9, epoch: 0.25\n"
                             "[2024-05-01 10:00:04,000] [    INFO] - loss: 2.25, learning_rate: 3e-05, global_step: 40, "
                             "interval_runtime: 2.0, epoch: 0.5\n"
                             "[2024-05-01 10:00:05,000] [    INFO] - eval_loss: 2.5, eval_runtime: 10.5, "
                             "eval_samples_per_second: 30.2, eval_steps_per_second: 1.9, epoch: 0.5\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert(!val->ordinal);
    ck_assert_int_eq(val->first_step, 20);
    ck_assert_int_eq(val->last_step, 40);
    md_store_free(st);
}
END_TEST

/* A Ray Tune status table (a format of the first trial's iter, its
 * reward's text and the second trial's iter) printed at iter 3 with reward
 * 45.25, then at iter 4 with reward 50.5 (written as second, padded as the
 * table needs): the first trial's rewards at its iters. */
static void assert_first_trial_rewards(const char *table, const char *second)
{
    char text[4096];
    int n = snprintf(text, sizeof text, table, 3, "45.25", 3);
    snprintf(text + n, sizeof text - (size_t)n, table, 4, second, 4);
    md_store *st = load_text("tune.log", text, NULL);
    const md_series *reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 2);
    ck_assert(!reward->ordinal);
    ck_assert_int_eq(reward->first_step, 3);
    ck_assert_int_eq(reward->last_step, 4);
    ck_assert(reward->min == 45.25 && reward->last == 50.5);
    md_store_free(st);
}

/* Ray Tune's status table, tabulate's psql format: its separator joins
 * the cells with '+'; the first trial's rows are the run's. */
START_TEST(test_text_psql_trial_table)
{
    static const char table[] =
        "+------------------+----------+--------+------------------+-------+----------+\n"
        "| Trial name       | status   |   iter |   total time (s) |    ts |   reward |\n"
        "|------------------+----------+--------+------------------+-------+----------|\n"
        "| PPO_env_x1_00000 | RUNNING  |      %d |             12.5 |  4000 |    %s |\n"
        "| PPO_env_x1_00001 | RUNNING  |      %d |             12.5 |  4000 |     9.0 |\n"
        "+------------------+----------+--------+------------------+-------+----------+\n";
    assert_first_trial_rewards(table, "50.5 ");
}
END_TEST

/* A Ray table's column before its iteration's is the search's draw unless
 * a word of its name measures: "val_loss" is read, "accum_steps" (its
 * "acc" no word of its own) is not. */
START_TEST(test_text_trial_table_config_words)
{
    md_store *st = load_text("ray.log",
                             "| Trial name   | status  |   lr |   accum_steps |   val_loss |   iter |\n"
                             "|--------------+---------+------+---------------+------------+--------|\n"
                             "| train_a1b2c3 | RUNNING | 0.01 |             4 |    1.84802 |      1 |\n"
                             "| train_a1b2c3 | RUNNING | 0.01 |             4 |    1.52110 |      2 |\n",
                             NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "accum_steps"));
    ck_assert_ptr_null(md_store_find(st, "lr"));
    md_store_free(st);
}
END_TEST

/* Ray Tune 2's box-drawn status table, printed again and again: the
 * first trial's rows, its iter the step; another trial's, and a pending
 * trial's row of fewer cells, are not read. A box of another tool's is
 * not a table. */
START_TEST(test_text_boxed_trial_table)
{
    static const char table[] =
        "Trial status: 2 RUNNING\n"
        "\xe2\x95\xad\xe2\x94\x80\xe2\x94\x80\xe2\x95\xae\n"
        "\xe2\x94\x82 Trial name                    status       iter     total time (s)      ts     reward "
        "\xe2\x94\x82\n"
        "\xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80\xe2\x94\xa4\n"
        "\xe2\x94\x82 PPO_CartPole-v1_7b1eb_00000   RUNNING    %6d            12.5     4000   %8s \xe2\x94\x82\n"
        "\xe2\x94\x82 PPO_CartPole-v1_7b1eb_00001   RUNNING    %6d            12.5     4000       9.00 "
        "\xe2\x94\x82\n"
        "\xe2\x94\x82 PPO_CartPole-v1_7b1eb_00002   PENDING                                                "
        "\xe2\x94\x82\n"
        "\xe2\x95\xb0\xe2\x94\x80\xe2\x94\x80\xe2\x95\xaf\n";
    assert_first_trial_rewards(table, "50.5");

    md_store *st = load_text("summary.log",
                   "loss: 2.5\n"
                   "\xe2\x95\xad\xe2\x94\x80\xe2\x95\xae\n"
                   "\xe2\x94\x82 Layer     loss      acc \xe2\x94\x82\n"
                   "\xe2\x94\x9c\xe2\x94\x80\xe2\x94\xa4\n"
                   "\xe2\x94\x82 encoder   0.25      0.9 \xe2\x94\x82\n"
                   "\xe2\x95\xb0\xe2\x94\x80\xe2\x95\xaf\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    md_store_free(st);
}
END_TEST

/* A dict line printed before the bar's newline ends up glued to the bar:
 * its values are read too. */
START_TEST(test_text_steps_bar)
{
    /* diffusers' training scripts: the bar described "Steps" counts steps. */
    md_store *st = load_text("train.log",
                             "\rSteps:   1%|          | 5/500 [00:04<06:40,  1.23it/s, step_loss=0.2, lr=1e-05]"
                             "\rSteps:   2%|          | 10/500 [00:08<06:40,  1.23it/s, step_loss=0.18, lr=1e-05]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 5);
    ck_assert_int_eq(loss->last_step, 10);
    ck_assert_uint_eq(series(st, "it_per_s")->count, 2);
    md_store_free(st);

    /* SimpleTuner describes it "Epoch 38/65, Steps": still the steps. */
    st = load_text("simpletuner.log",
                   "Epoch 38/65, Steps:  57%|#####      | 5750/10000 [18:09<12:43,  5.57it/s, grad_norm=0.00485, "
                   "lr=1.04e-5, step_loss=0.434]\n"
                   "Epoch 39/65, Steps:  60%|######     | 6000/10000 [18:54<09:16,  7.19it/s, grad_norm=0.00372, "
                   "lr=9.89e-6, step_loss=0.777]\n"
                   "Epoch 52/65, Steps:  80%|########   | 7999/10000 [25:19<17:35,  1.90it/s, grad_norm=0.0114, "
                   "lr=5.85e-6, step_loss=0.34]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 5750);
    ck_assert_int_eq(loss->last_step, 7999);
    md_store_free(st);

    /* kohya's sd-scripts spell the running loss "avr_loss". */
    st = load_text("kohya.log",
                   "steps:   0%|          | 0/400 [00:00<?, ?it/s]"
                   "\rsteps:   0%|          | 1/400 [00:01<09:00,  1.67it/s, avr_loss=0.123]"
                   "\rsteps:   0%|          | 2/400 [00:02<09:00,  1.67it/s, avr_loss=nan]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 2);
    md_store_free(st);

    /* torchtune: "EPOCH|STEP|Loss: X" describes the bar, whose own count
     * starts again each epoch. */
    st = load_text("train.log",
                   "1|807|Loss: 0.9958670735359192:  100%|##########| 807/808 [10:00<00:01,  1.24s/it]"
                   "\r2|809|Loss: 0.95:   0%|          | 1/808 [00:01<16:23,  1.24s/it]"
                   "\r2|810|Loss: nan:   0%|          | 2/808 [00:02<16:23,  1.24s/it]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 807);
    ck_assert_int_eq(loss->first_nonfinite_step, 810);
    md_store_free(st);
}
END_TEST

START_TEST(test_text_dict_after_bar)
{
    md_store *st = load_text("output.log",
                             " 10%|#   | 10/100 [00:01<00:09,  1.62it/s]{'loss': 0.61, 'learning_rate': 1e-05}\n"
                             " 20%|##  | 20/100 [00:02<00:08,  1.62it/s]{'loss': 0.55, 'learning_rate': 1e-05}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 0.55);
    ck_assert_uint_eq(series(st, "it_per_s")->count, 2);
    md_store_free(st);
}
END_TEST

/* PyTorch's MNIST example: the test-set line's pairs measure the test set,
 * and "9919/10000" is a share. */
START_TEST(test_text_test_set_line)
{
    md_store *st = load_text("mnist.log",
                             "Train Epoch: 1 [0/60000 (0%)]\tLoss: 2.300\n"
                             "Train Epoch: 1 [640/60000 (1%)]\tLoss: 1.200\n"
                             "\n"
                             "Test set: Average loss: 0.0261, Accuracy: 9919/10000 (99%)\n"
                             "\n"
                             "Train Epoch: 2 [0/60000 (0%)]\tLoss: 0.300\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert(series(st, "val_loss")->last == 0.0261);
    ck_assert(T_CLOSE(series(st, "val_accuracy")->last, 0.9919));
    md_store_free(st);
}
END_TEST

/* fairseq's text log names each record's set in a field of its own: the
 * valid record's metrics are the evaluation's, and the epoch summary of
 * the train set keeps apart from the per-update train_inner loss. */
/* A line of settings among the log's lines keeps only the settings the
 * catalog names, under their own names: Ultralytics' arguments behind
 * "engine/trainer:" give imgsz, no engine_trainer_* series, and lr0 (the
 * schedule's start, which optimizer=auto ignores) is no learning rate.
 * The epochs after it are read as before. */
START_TEST(test_text_settings_lines)
{
    md_store *st = load_text(
        "yolo.log",
        "Ultralytics 8.3.40 Python-3.11.9 torch-2.4.0+cu121 CUDA:0 (NVIDIA A10G, 22503MiB)\n"
        "engine/trainer: task=detect, mode=train, model=yolo11s.pt, data=pcb.yaml, epochs=3, time=None, "
        "patience=100, batch=32, imgsz=800, save=True, save_period=-1, cache=False, device=0, workers=8, "
        "project=None, name=train7, exist_ok=False, pretrained=True, optimizer=SGD, verbose=True, seed=0, "
        "deterministic=True, single_cls=False, rect=False, cos_lr=False, close_mosaic=10, resume=False, "
        "amp=True, fraction=1.0, dropout=0.0, val=True, split=val, iou=0.7, max_det=300, lr0=0.02, "
        "lrf=0.01, momentum=0.937, weight_decay=0.0005, warmup_epochs=3.0, warmup_momentum=0.8, "
        "warmup_bias_lr=0.1, box=7.5, cls=0.5, dfl=1.5, hsv_h=0.015, mosaic=1.0, mixup=0.0, "
        "save_dir=runs/detect/train7\n"
        "\n"
        "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n"
        "        1/3      6.21G      1.402      2.117      1.311         57        800: 100%|##########| "
        "120/120 [01:02<00:00,  1.93it/s]\n"
        "        2/3      6.30G      1.288      1.764      1.252         44        800: 100%|##########| "
        "120/120 [00:59<00:00,  2.02it/s]\n"
        "        3/3      6.30G      1.201      1.502      1.207         61        800: 100%|##########| "
        "120/120 [00:59<00:00,  2.02it/s]\n",
        NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(T_CLOSE(loss->last, 1.201 + 1.502 + 1.207));
    ck_assert_uint_eq(series(st, "train_box_loss")->count, 3);
    ck_assert_uint_eq(series(st, "image_size")->count, 3);
    const md_series *imgsz = series(st, "imgsz");
    ck_assert(imgsz->kind == MD_KIND_SETTING && imgsz->count == 1 && imgsz->last == 800);
    ck_assert_ptr_null(md_store_find(st, "lr"));
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const char *name = md_store_series(st, i)->name;
        ck_assert_msg(strncmp(name, "engine", 6) != 0 && strcmp(name, "lr0") != 0 && strcmp(name, "momentum") != 0,
                      "series '%s' from the settings line", name);
    }
    md_store_free(st);

    /* argparse's arguments with numbers only: the batch size stays, as a
     * setting; the configured rate, the epochs and gamma make nothing. */
    st = load_text("mnist.log",
                   "Namespace(batch_size=64, test_batch_size=1000, epochs=2, lr=1.0, gamma=0.7, seed=1, "
                   "log_interval=10)\n"
                   "Train Epoch: 1 [0/60000 (0%)]\tLoss: 2.305\n"
                   "Train Epoch: 1 [640/60000 (1%)]\tLoss: 1.912\n"
                   "Train Epoch: 1 [1280/60000 (2%)]\tLoss: 1.104\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert(series(st, "batch_size")->last == 64);
    ck_assert_ptr_null(md_store_find(st, "lr"));
    ck_assert_ptr_null(md_store_find(st, "epochs"));
    ck_assert_ptr_null(md_store_find(st, "gamma"));
    md_store_free(st);

    /* logfmt's level and message words make no line of settings. */
    st = load_text("logfmt.log",
                   "ts=2024-03-01T10:00:00Z level=info msg=step step=10 loss=2.41 lr=0.0003\n"
                   "ts=2024-03-01T10:00:09Z level=info msg=step step=20 loss=2.12 lr=0.0003\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_int_eq(series(st, "lr")->last_step, 20);
    md_store_free(st);
}
END_TEST

/* A distillation's supervised loss beside the distillation term is the
 * training loss. */
START_TEST(test_text_task_loss)
{
    md_store *st = load_text("train.log",
                             "2023-10-02 23:08:57,029 semantic_segmentation INFO: Iters: 10/20000 || Lr: 0.019992 || "
                             "Task Loss: 3.2864 || KD Loss: 1.6073|| Cost Time: 0:00:20 || Estimated Time: 11:13:35\n"
                             "2023-10-02 23:09:04,530 semantic_segmentation INFO: Iters: 20/20000 || Lr: 0.019983 || "
                             "Task Loss: 4.9050 || KD Loss: 1.0254|| Cost Time: 0:00:27 || Estimated Time: 7:41:35\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 20);
    ck_assert(loss->last == 4.905);
    ck_assert(series(st, "kd_loss")->last == 1.0254);
    md_store_free(st);
    /* "Validate Loss" is the validation loss, written with or without a colon. */
    st = load_text("output.log",
                   "Train Loss: 253686.57 Validate Loss 277412.74\nTrain Loss: 35429.90 Validate Loss: 100120.66\n", NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert(series(st, "val_loss")->last == 100120.66);
    md_store_free(st);
}
END_TEST

/* Demucs names the set in the line's first field, after a bullet or its
 * logger's prefix. */
START_TEST(test_text_leading_set_field)
{
    md_store *st = load_text("demucs.log",
                             "- Train | Epoch 1 | 572/573 | 1.48 it/sec | Loss 0.2019 | Reco 0.1994\n"
                             "- Train Summary | Epoch 1 | Loss=0.2019 | Reco=0.1994\n"
                             "- Valid | Epoch 1 | 1/3 | 0.31 it/sec | Loss 0.2213 | Reco 0.2213 | Nsdr 3.922\n"
                             "- Valid Summary | Epoch 1 | Loss=0.2223 | Reco=0.2223 | Nsdr=2.727\n"
                             "- Train | Epoch 2 | 572/573 | 1.48 it/sec | Loss 0.1751 | Reco 0.1728\n"
                             "- Valid | Epoch 2 | 1/3 | 0.32 it/sec | Loss 0.1967 | Reco 0.1967 | Nsdr 4.522\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->max == 0.2019 && loss->last == 0.1751);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 3);
    ck_assert(val->last == 0.1967);
    md_store_free(st);
    /* Behind its logger's prefix (Demucs v4, dora). */
    st = load_text("hdemucs.log",
                   "[08-13 12:13:05][demucs.solver][INFO] - Train | Epoch 100 | 1148/4592 | 4.81 it/sec | Loss 0.0926\n"
                   "[08-13 12:24:40][demucs.solver][INFO] - Valid | Epoch 100 | 3/14 | 0.50 it/sec | Loss 0.1667\n"
                   "[08-13 12:24:50][demucs.solver][INFO] - Valid Summary | Epoch 100 | Loss=0.1661 | Best=0.1655\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    ck_assert(series(st, "val_loss")->last == 0.1661);
    md_store_free(st);
    /* A first field that only starts with a set's name is none. */
    st = load_text("train.log", "Valid loss rose | Epoch 1 | Loss 0.5\nValid loss rose | Epoch 2 | Loss 0.4\n", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "val_loss"));
    md_store_free(st);
}
END_TEST

START_TEST(test_text_fairseq_set_fields)
{
    md_store *st = load_text(
        "fairseq.log",
        "2021-03-01 10:01:00 | INFO | train_inner | epoch 001:    100 / 1124 loss=12.345, nll_loss=12.01, "
        "ppl=4123.4, wps=12345.6, ups=2.5, wpb=4938.2, bsz=160, num_updates=100, lr=1.25e-05, gnorm=2.345, "
        "loss_scale=128, train_wall=40, gb_free=10.2, wall=60\n"
        "2021-03-01 10:02:00 | INFO | train_inner | epoch 001:    200 / 1124 loss=11.345, nll_loss=11.01, "
        "ppl=2123.4, wps=12345.6, ups=2.5, wpb=4938.2, bsz=160, num_updates=200, lr=2.5e-05, gnorm=2.145, "
        "loss_scale=128, train_wall=80, gb_free=10.2, wall=120\n"
        "2021-03-01 10:03:00 | INFO | valid | epoch 001 | valid on 'valid' subset | loss 9.876 | nll_loss 9.5 | "
        "ppl 724.3 | wps 34567 | wpb 4000 | bsz 150 | num_updates 200 | best_loss 9.876\n"
        "2021-03-01 10:03:00 | INFO | train | epoch 001 | loss 11.2 | nll_loss 10.9 | ppl 1912.2 | wps 12400 | "
        "ups 2.5 | wpb 4938 | bsz 160 | num_updates 200 | lr 2.5e-05 | gnorm 2.1 | train_wall 80 | wall 120\n",
        NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 200);
    ck_assert(loss->last == 11.345);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 1);
    ck_assert_int_eq(val->first_step, 200);
    ck_assert(val->last == 9.876);
    const md_series *val_ppl = series(st, "val_perplexity");
    ck_assert_int_eq(val_ppl->first_step, 200);
    ck_assert(val_ppl->last == 724.3);
    ck_assert_uint_eq(series(st, "perplexity")->count, 2);
    const md_series *epoch_loss = series(st, "train_loss");
    ck_assert_int_eq(epoch_loss->first_step, 200);
    ck_assert(epoch_loss->last == 11.2);
    ck_assert(series(st, "tokens_per_s")->max == 12345.6);
    ck_assert(loss->min == 11.345);
    ck_assert_ptr_null(md_store_find(st, "best_loss"));
    ck_assert_ptr_null(md_store_find(st, "valid_best_loss"));
    md_store_free(st);

    /* An epoch's bar of two batches before each epoch's summary: its
     * num_updates count the run's updates, not the epoch's batches. */
    st = load_text("fairseq.log",
                   "epoch 001 | loss 2.313 | ppl 4.97 | wps 202.2 | num_updates 2 | lr 0.005\n"
                   "epoch 002:   0%|          | 0/2 [00:00<?, ?it/s]\n"
                   "epoch 002 | loss 1.027 | ppl 2.04 | wps 121.8 | num_updates 4 | lr 0.005\n"
                   "epoch 003:   0%|          | 0/2 [00:00<?, ?it/s]\n"
                   "epoch 003 | loss 0.801 | ppl 1.74 | wps 130.1 | num_updates 6 | lr 0.005\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 6);
    md_store_free(st);

    /* A subset named as --valid-subset spells it is an evaluation set too,
     * the run's only one here, so its loss is val_loss; a field that only
     * starts like a set's name is none. */
    st = load_text("fairseq.log",
                   "2021-03-01 10:01:00 | INFO | train_inner | epoch 001:    100 / 1124 loss=12.3, num_updates=100\n"
                   "2021-03-01 10:02:00 | INFO | train_inner | epoch 001:    200 / 1124 loss=11.3, num_updates=200\n"
                   "2021-03-01 10:03:00 | INFO | dev_other | epoch 001 | valid on 'dev_other' subset | loss 9.9 | "
                   "num_updates 200\n"
                   "2021-03-01 10:03:00 | INFO | validator | loss 1.5 | num_updates 200\n",
                   NULL);
    const md_series *dev_other = series(st, "val_loss");
    ck_assert_uint_eq(dev_other->count, 1);
    ck_assert_str_eq(dev_other->sources[0], "dev_other loss");
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    md_store_free(st);

    /* --valid-subset valid,valid1: two sets, each an evaluation with a
     * series of its own; the second's throughput is not training's. */
    st = load_text("fairseq.log",
                   "2021-03-01 10:01:00 | INFO | train_inner | epoch 001:    100 / 1124 loss=12.3, wps=9000, "
                   "num_updates=100\n"
                   "2021-03-01 10:02:00 | INFO | valid | epoch 001 | valid on 'valid' subset | loss 9.9 | ppl 955 | "
                   "num_updates 100\n"
                   "2021-03-01 10:02:00 | INFO | valid1 | epoch 001 | valid on 'valid1' subset | loss 9.1 | ppl 549 | "
                   "wps 3000 | num_updates 100\n",
                   NULL);
    ck_assert(series(st, "val_loss")->last == 9.9);
    const md_series *valid1 = series(st, "valid1_loss");
    ck_assert(valid1->last == 9.1 && valid1->first_step == 100);
    ck_assert(valid1->kind == MD_KIND_LOSS && valid1->better == MD_BETTER_LOWER);
    ck_assert(series(st, "val_perplexity")->last == 955);
    ck_assert(series(st, "valid1_ppl")->last == 549);
    ck_assert(series(st, "tokens_per_s")->count == 1);
    ck_assert_int_ne(series(st, "valid1_wps")->kind, MD_KIND_RATE);
    md_store_free(st);

    /* Before its logger named the set, fairseq said it inside the line
     * alone: "| epoch 081 | valid on 'valid' subset | loss 6.846 | ...". */
    st = load_text("fairseq.log",
                   "| epoch 081 | loss 4.713 | nll_loss 2.123 | ppl 4.36 | wps 18438 | num_updates 10092 | lr 0.00063\n"
                   "| epoch 081 | valid on 'valid' subset | loss 6.846 | nll_loss 4.610 | ppl 24.41 | "
                   "num_updates 10092 | best_loss 6.84088\n"
                   "| epoch 082 | loss 4.711 | nll_loss 2.119 | ppl 4.34 | wps 18465 | num_updates 10164 | lr 0.00062\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "loss")->max == 4.713);
    ck_assert(series(st, "val_loss")->last == 6.846);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 10092);
    md_store_free(st);

    /* A logger named "train" prints every line under the training set's
     * name: a key whose name with it would be another series ("train
     * time", the run's total) keeps its own. */
    st = load_text("train.log",
                   "2026-01-01 10:00:00 | INFO | train | step 20 | loss 0.54 | time 0.31 | norm 1.2\n"
                   "2026-01-01 10:00:01 | INFO | train | step 40 | loss 0.44 | time 0.30 | norm 1.1\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_uint_eq(series(st, "step_time")->count, 2);
    ck_assert_uint_eq(series(st, "grad_norm")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "train_time"));
    md_store_free(st);
}
END_TEST

/* Marian: the update count places each line; the cost is the training
 * loss; the validators' lines are the evaluation's. */
START_TEST(test_text_marian)
{
    md_store *st = load_text(
        "train.log",
        "[2019-05-13 12:00:00] Ep. 1 : Up. 500 : Sen. 123,456 : Cost 5.12345678 * 1,234,567 after 12,345,678 : "
        "Time 123.45s : 12345.67 words/s : L.r. 3.0000e-04\n"
        "[2019-05-13 12:02:00] Ep. 1 : Up. 1000 : Sen. 246,912 : Cost 4.12345678 * 1,234,567 after 24,691,356 : "
        "Time 120.00s : 12445.67 words/s : L.r. 3.0000e-04\n"
        "[2019-05-13 12:04:00] Ep. 1 : Up. 1500 : Sen. 370,368 : Cost 3.82345678 * 1,234,567 after 37,037,034 : "
        "Time 121.00s : 12545.67 words/s : L.r. 3.0000e-04\n"
        "[2019-05-13 12:04:10] [valid] Ep. 1 : Up. 1500 : cross-entropy : 123.456 : new best\n"
        "[2019-05-13 12:04:20] [valid] Ep. 1 : Up. 1500 : perplexity : 45.67 : stalled 1 times (last best: 44.1)\n"
        "[2019-05-13 12:04:30] [valid] Ep. 1 : Up. 1500 : bleu : 23.4 : new best\n",
        NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 500);
    ck_assert_int_eq(loss->last_step, 1500);
    ck_assert(loss->last == 3.82345678);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 1);
    ck_assert_int_eq(val->first_step, 1500);
    ck_assert(val->last == 123.456);
    ck_assert(series(st, "val_perplexity")->last == 45.67);
    const md_series *bleu = series(st, "valid_bleu");
    ck_assert_int_eq(bleu->first_step, 1500);
    ck_assert(bleu->last == 23.4 && bleu->better == MD_BETTER_HIGHER);
    ck_assert(series(st, "lr")->last == 3e-4);
    ck_assert(series(st, "tokens_per_s")->last == 12545.67);
    const md_series *interval = series(st, "interval_time");
    ck_assert_uint_eq(interval->count, 3);
    ck_assert(interval->first == 123.45);
    ck_assert_ptr_null(md_store_find(st, "step_time"));
    ck_assert_ptr_null(md_store_find(st, "valid_last_best"));
    ck_assert_ptr_null(md_store_find(st, "last_best"));
    md_store_free(st);

    /* Older Marian: no label counts, no thousands groups, the cost of
     * --cost-type ce-mean-words as the validator. */
    st = load_text("train.log",
                   "[2017-11-02 10:00:00] Ep. 1 : Up. 500 : Sen. 123456 : Cost 150.12 : Time 123.45s : 12345.67 words/s\n"
                   "[2017-11-02 10:02:00] Ep. 1 : Up. 1000 : Sen. 246912 : Cost 120.12 : Time 120.00s : 12445.67 words/s\n"
                   "[2017-11-02 10:02:10] [valid] Ep. 1 : Up. 1000 : ce-mean-words : 2.345 : new best\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 120.12);
    ck_assert_int_eq(series(st, "val_loss")->first_step, 1000);
    md_store_free(st);
}
END_TEST

/* TF's Object Detection API: a step and its time on one line, then the
 * step's losses in a dict that pprint wraps one item a line. */
START_TEST(test_text_tf_object_detection)
{
    md_store *st = load_text("train.log",
                             "I0523 10:11:30.000000 140234 model_lib_v2.py:1100] Starting training\n"
                             "I0523 10:12:01.123456 140234 model_lib_v2.py:705] Step 100 per-step time 0.347s\n"
                             "I0523 10:12:01.123789 140234 model_lib_v2.py:708] {'Loss/classification_loss': 0.4213,\n"
                             " 'Loss/localization_loss': 0.2134,\n"
                             " 'Loss/regularization_loss': 0.1531,\n"
                             " 'Loss/total_loss': 0.7878,\n"
                             " 'learning_rate': 0.0133}\n"
                             "I0523 10:12:36.123456 140234 model_lib_v2.py:705] Step 200 per-step time 0.350s\n"
                             "I0523 10:12:36.123789 140234 model_lib_v2.py:708] {'Loss/classification_loss': 0.3213,\n"
                             " 'Loss/localization_loss': 0.1934,\n"
                             " 'Loss/regularization_loss': 0.1521,\n"
                             " 'Loss/total_loss': 0.6668,\n"
                             " 'learning_rate': np.float32(0.0266)}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 100);
    ck_assert_int_eq(loss->last_step, 200);
    ck_assert(loss->first == 0.7878 && loss->last == 0.6668);
    const md_series *term = series(st, "loss_classification_loss");
    ck_assert_uint_eq(term->count, 2);
    ck_assert_int_eq(term->first_step, 100);
    ck_assert(series(st, "loss_regularization_loss")->last == 0.1521);
    const md_series *lr = series(st, "lr");
    ck_assert_int_eq(lr->last_step, 200);
    ck_assert(lr->last == 0.0266);
    ck_assert(series(st, "step_time")->last == 0.35);
    md_store_free(st);

    /* Without a step, a wrapped dict is one log entry. */
    st = load_text("train.log",
                   "{'loss': 0.9,\n 'accuracy': 0.5,\n 'learning_rate': 0.001}\n"
                   "{'loss': 0.8,\n 'accuracy': 0.6,\n 'learning_rate': 0.001}\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(loss->ordinal);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert_int_eq(series(st, "accuracy")->last_step, 2);
    md_store_free(st);

    /* A trainer_state.json's log_history pasted into a text: each object,
     * pretty printed over lines, one record at its step; the object cut
     * at the paste's start is a configuration's lines, not read. */
    st = load_text("issue.log",
                   "The log history:\n"
                   "      \"loss\": 5.31,\n"
                   "      \"step\": 3700\n"
                   "    },\n"
                   "    {\n"
                   "      \"epoch\": 0.79,\n"
                   "      \"grad_norm\": 83.2,\n"
                   "      \"loss\": 5.227,\n"
                   "      \"step\": 3740\n"
                   "    },\n"
                   "    {\n"
                   "      \"epoch\": 0.8,\n"
                   "      \"grad_norm\": 83.7,\n"
                   "      \"loss\": 5.31,\n"
                   "      \"step\": 3760\n"
                   "    }\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(loss->count == 2 && loss->first_step == 3740 && loss->last_step == 3760 && loss->last == 5.31);
    ck_assert(series(st, "grad_norm")->count == 2);
    md_store_free(st);
}
END_TEST

/* Stable-Baselines3's boxes: one record per box, sections prefix the keys,
 * total_timesteps places the values. A rule of dashes alone is no box. */
START_TEST(test_text_sb3_boxes)
{
    md_store *st = load_text("sb3.log",
                             "------------------------------------\n"
                             "| rollout/            |            |\n"
                             "|    ep_rew_mean      | -1.22e+03  |\n"
                             "| time/               |            |\n"
                             "|    total_timesteps  | 2048       |\n"
                             "------------------------------------\n"
                             "------------------------------------\n"
                             "| rollout/            |            |\n"
                             "|    ep_rew_mean      | -1.1e+03   |\n"
                             "| time/               |            |\n"
                             "|    total_timesteps  | 4096       |\n"
                             "| train/              |            |\n"
                             "|    loss             | 5.18e+03   |\n"
                             "------------------------------------\n"
                             "----------------------------------------\n"
                             "step 5000, train/loss: 4000\n",
                             NULL);
    const md_series *reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 2);
    ck_assert_int_eq(reward->first_step, 2048);
    ck_assert(reward->last == -1100);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 4096);
    ck_assert_int_eq(loss->last_step, 5000);
    md_store_free(st);

    /* Spinning Up's boxes: its environment steps place them, as SB3's do;
     * a box the log ends in, without its closing rule, is read too. */
    st = load_text("spinup.log",
                   "---------------------------------------\n"
                   "|             Epoch |              19 |\n"
                   "|      AverageEpRet |            28.1 |\n"
                   "| TotalEnvInteracts |           8e+04 |\n"
                   "|             LossV |              65 |\n"
                   "---------------------------------------\n"
                   "Warning: trajectory cut off by epoch at 15 steps.\n"
                   "---------------------------------------\n"
                   "|             Epoch |              20 |\n"
                   "|      AverageEpRet |            30.4 |\n"
                   "| TotalEnvInteracts |         8.4e+04 |\n"
                   "|             LossV |             126 |\n",
                   NULL);
    reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 2);
    ck_assert_int_eq(reward->first_step, 80000);
    ck_assert_int_eq(reward->last_step, 84000);
    ck_assert(series(st, "value_loss")->last == 126);
    md_store_free(st);

    /* The deep-RL course's template, its progress redrawn with '\r' and
     * each hundredth episode kept on a line: the mean score of the last 100
     * episodes is the reward. */
    st = load_text("dqn.log",
                   "\rEpisode 1\tAverage Score: 0.00\rEpisode 2\tAverage Score: 0.50\n"
                   "Episode 100\tAverage Score: 0.52\n"
                   "Environment solved in 313 episodes!\tAverage Score: 13.02\n",
                   NULL);
    reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 4);
    ck_assert(reward->first == 0 && reward->last == 13.02);
    md_store_free(st);
    st = load_text("iqn.log", "\rEpisode 1\tFrame 20 \tAverage100 Score: 20.00\rEpisode 2\tFrame 46 \tAverage100 Score: 23.00\n",
                   NULL);
    reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 2);
    ck_assert(reward->last == 23);
    md_store_free(st);

    /* Boxes pasted without their rules: a key seen again starts the next
     * one. An indented row whose section the paste cut off makes no record;
     * a markdown table's rows under its header are no box. */
    st = load_text("sb2.log",
                   "|    loss             | 9.9e+03    |\n"
                   "|    value_loss       | 1.1e+04    |\n"
                   "------------------------------------\n"
                   "\n"
                   "| approxkl           | 6.661338e-16   |\n"
                   "| policy_loss        | -2.9802322e-08 |\n"
                   "| total_timesteps    | 54480          |\n"
                   "| approxkl           | 7.1e-16        |\n"
                   "| policy_loss        | -1.2e-08       |\n"
                   "| total_timesteps    | 56528          |\n"
                   "\n"
                   "| Metric | Value |\n"
                   "|--------|-------|\n"
                   "| accuracy | 0.91 |\n",
                   NULL);
    const md_series *kl = series(st, "update_kl");
    ck_assert_uint_eq(kl->count, 2);
    ck_assert_int_eq(kl->first_step, 54480);
    ck_assert_int_eq(kl->last_step, 56528);
    ck_assert_ptr_null(md_store_find(st, "value_loss"));
    ck_assert_ptr_null(md_store_find(st, "loss"));
    md_store_free(st);
}
END_TEST

/* rsl_rl's block: the iteration places it, not the environment's steps
 * printed under it; the value and surrogate losses are the actor-critic's
 * own series. */
START_TEST(test_text_rsl_rl_block)
{
    static const char block[] = "################################\n"
                                "        Learning iteration %d/1500        \n"
                                "\n"
                                "    Mean value_function loss: %s\n"
                                "         Mean surrogate loss: -0.0045\n"
                                "                 Mean reward: %d.50\n"
                                "--------------------------------\n"
                                "             Total timesteps: %d\n"
                                "              Iteration time: 2.23s\n";
    char text[2048];
    int n = 0;
    for (int it = 0; it < 3; it++)
        n += snprintf(text + n, sizeof text - (size_t)n, block, it, it < 2 ? "0.0123" : "inf", it, (it + 1) * 98304);
    md_store *st = load_text("rsl_rl.log", text, NULL);
    const md_series *value = series(st, "value_loss");
    ck_assert(value->kind == MD_KIND_LOSS && value->count == 3 && value->first_nonfinite_step == 2);
    ck_assert_int_eq(series(st, "policy_loss")->last_step, 2);
    ck_assert_int_eq(series(st, "step_time")->last_step, 2);
    ck_assert_int_eq(series(st, "reward")->last_step, 2);
    ck_assert_ptr_null(md_store_find(st, "loss"));
    md_store_free(st);
}
END_TEST

/* RecBole puts an evaluation's figures on the line after "valid result:"
 * ("test result:"): they are that set's, at the epoch reached. */
START_TEST(test_text_recbole_result)
{
    md_store *st = load_text("recbole.log",
                             "12 Nov 21:12    INFO  epoch 0 training [time: 17.81s, train loss: 512.3]\n"
                             "12 Nov 21:13    INFO  epoch 0 evaluating [time: 1.53s, valid_score: 0.1200]\n"
                             "12 Nov 21:13    INFO  valid result: \n"
                             "recall@10 : 0.2183    mrr@10 : 0.1202    ndcg@10 : 0.1105    hit@10 : 0.5674\n"
                             "12 Nov 21:14    INFO  epoch 1 training [time: 16.26s, train loss: 480.1]\n"
                             "12 Nov 21:14    INFO  epoch 1 evaluating [time: 1.50s, valid_score: 0.1300]\n"
                             "12 Nov 21:14    INFO  valid result: \n"
                             "recall@10 : 0.2290    mrr@10 : 0.1301    ndcg@10 : 0.1190    hit@10 : 0.5801\n",
                             NULL);
    const md_series *ndcg = series(st, "valid_ndcg10");
    ck_assert(ndcg->count == 2 && ndcg->last_step == 1 && ndcg->last == 0.1190);
    ck_assert(ndcg->kind == MD_KIND_METRIC && ndcg->better == MD_BETTER_HIGHER);
    ck_assert(series(st, "valid_hit10")->better == MD_BETTER_HIGHER);
    ck_assert_ptr_null(md_store_find(st, "recall10"));
    md_store_free(st);
}
END_TEST

/* CSRA's "Epoch 1[1616/5011]:" (the count glued to its epoch), then "Test
 * on Epoch 1" over the evaluation's "mAP: 0.8607": at the step the epoch
 * reached, not at step 1. */
START_TEST(test_text_epoch_glued_count)
{
    md_store *st = load_text("csra.log",
                             "Epoch 1[16/5011]: loss:0.71410, lr:0.00000, batch time:0.4156\n"
                             "Epoch 1[4816/5011]: loss:0.07016, lr:0.00478, batch time:0.3084\n"
                             "Epoch 1 training ends, total 98.49s\n"
                             "Test on Epoch 1\n"
                             "mAP: 0.860687\n"
                             "Epoch 2[16/5011]: loss:0.09553, lr:0.00502, batch time:0.2850\n"
                             "Epoch 2[4816/5011]: loss:0.02767, lr:0.00979, batch time:0.3090\n"
                             "Test on Epoch 2\n"
                             "mAP: 0.900123\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->count == 4 && loss->first == 0.7141 && loss->last_step == 5011 + 4816);
    const md_series *map = series(st, "val_map");
    ck_assert(map->count == 2 && map->first_step == 4816 && map->last_step == 5011 + 4816);
    md_store_free(st);
}
END_TEST

/* Coqui TTS's trainer: a header of two counts places the block under it
 * at the global step; the block's losses are read though the catalog
 * names few of them; "--> EVAL PERFORMANCE" heads the evaluation's
 * averages, a line each, until a line that begins otherwise. */
START_TEST(test_text_coqui_blocks)
{
    static const char epoch[] = "\n > EPOCH: %d/1000\n\n > TRAINING (2022-11-03 13:25:56) \n\n"
                                "   --> STEP: 23/36 -- GLOBAL_STEP: %d\n"
                                "     | > loss_disc: 2.84874  (2.86030)\n"
                                "     | > loss_mel: %.5f  (14.90142)\n"
                                "     | > loss_1: 21.50822  (21.79258)\n"
                                "     | > step_time: 1.42200  (1.39000)\n"
                                "\n\n > EVALUATION \n\n\n  --> EVAL PERFORMANCE\n"
                                "     | > avg_loader_time: 0.25687 (+0.00252)\n"
                                "     | > avg_loss_mel: %.5f (+0.53238)\n"
                                "     | > avg_loss_1: 23.60719 (+0.77669)\n";
    char text[4096];
    int n = 0;
    for (int e = 0; e < 3; e++)
        n += snprintf(text + n, sizeof text - (size_t)n, epoch, 166 + e, 1006000 + 50 * e, 14.65 - 0.1 * e,
                      15.38 - 0.2 * e);
    md_store *st = load_text("trainer_0_log.txt", text, NULL);
    const md_series *mel = series(st, "loss_mel");
    ck_assert(mel->count == 3 && mel->first_step == 1006000 && mel->last_step == 1006100);
    const md_series *val_mel = series(st, "eval_avg_loss_mel");
    ck_assert(val_mel->count == 3 && val_mel->last_step == 1006100 && T_CLOSE(val_mel->last, 14.98));
    ck_assert_ptr_null(md_store_find(st, "avg_loss_mel"));
    md_store_free(st);
}
END_TEST

START_TEST(test_csv_lightning_sparse)
{
    md_store *st = load_text("metrics.csv",
                             "epoch,step,train_loss,val_loss\n"
                             "0,49,2.3,\n"
                             "0,99,2.1,\n"
                             "0,99,,2.5\n"
                             "1,149,1.9,\n"
                             "1,199,,2.2\n",
                             NULL);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_CSV);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 49);
    ck_assert_int_eq(loss->last_step, 149);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->first_step, 99);
    ck_assert(val->last == 2.2);
    md_store_free(st);
}
END_TEST

/* Stable Baselines3's Monitor: a '#' comment with a quote before the
 * header, then an episode a row: r its return, l its length, t seconds.
 * A tab-separated file's comment with commas does not make it comma-
 * separated. */
START_TEST(test_csv_gym_monitor)
{
    md_diags d;
    md_diags_init(&d);
    md_store *st = load_text("monitor.csv",
                             "#{\"t_start\": 1758041572.9613085, \"env_id\": \"LunarLander-v3\"}\n"
                             "r,l,t\n-139.153529,99,0.315309\n-114.23074,64,0.521831\n-1.292193,112,0.87521\n",
                             &d);
    ck_assert_uint_eq(d.warnings, 0);
    const md_series *reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 3);
    ck_assert(reward->last == -1.292193);
    ck_assert(series(st, "episode_length")->max == 112);
    ck_assert_ptr_null(md_store_find(st, "r"));
    md_store_free(st);
    md_diags_free(&d);

    /* A PPO loop's progress.csv counts environment steps ("total
     * timesteps", SB3's time/total_timesteps): a second run starts over. */
    st = load_text("progress.csv",
                   "num_episodes,ep_rew_mean,total_loss,total timesteps\n68,-547.0,0.36,5120\n140,-569.4,0.22,10240\n"
                   "11,-628.9,0.05,1280\n21,-551.2,0.01,2560\n",
                   NULL);
    reward = series(st, "reward");
    ck_assert(!reward->ordinal);
    ck_assert_int_eq(reward->last_step, 2560);
    ck_assert_uint_eq(reward->fresh_starts, 1);
    md_store_free(st);

    st = load_text("metrics.tsv", "# run 7, seed 3, lr 0.1\nstep\tloss\n1\t2.5\n2\t2.25\n", NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 2);
    md_store_free(st);
}
END_TEST

/* TensorBoard's "Download CSV" of one scalar names it only in the file's
 * name: run-<run>-tag-<tag>.csv. */
START_TEST(test_csv_tensorboard_scalar_export)
{
    const char *csv = "Wall time,Step,Value\n"
                      "1700000000.5,0,2.5\n"
                      "1700000010.5,10,2.25\n"
                      "1700000020.5,20,nan\n";
    md_store *st = load_text("run-validation-tag-epoch_loss.csv", csv, NULL);
    const md_series *v = series(st, "val_loss");
    ck_assert_str_eq(v->sources[0], "validation/epoch_loss");
    ck_assert_uint_eq(v->count, 3);
    ck_assert_int_eq(v->last_step, 20);
    ck_assert_uint_eq(v->nan, 1);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);

    /* The tag names it; only a run that names an evaluation says more. */
    static const struct {
        const char *file, *series, *source;
    } names[] = {
        {"run-.-tag-train_loss.csv", "loss", "train_loss"},
        {"run-lightning_logs_version_0-tag-train_loss.csv", "loss", "train_loss"},
        {"run-20230101-120000_validation-tag-epoch_accuracy.csv", "val_accuracy", "validation/epoch_accuracy"},
        {"run_.,tag_loss.csv", "loss", "loss"},
        {"exp3_run-train-tag-loss.csv", "loss", "loss"},
        {"53 run-validation-tag-epoch_loss.csv", "val_loss", "validation/epoch_loss"},
    };
    for (size_t i = 0; i < MD_COUNT(names); i++) {
        st = load_text(names[i].file, csv, NULL);
        ck_assert_str_eq(series(st, names[i].series)->sources[0], names[i].source);
        md_store_free(st);
    }
    /* No run between the marks: the file's name is the name. */
    st = load_text("run-tag-loss.csv", csv, NULL);
    ck_assert_uint_eq(series(st, "run_tag_loss")->count, 3);
    md_store_free(st);
    /* Renamed by hand: the name is the file's. */
    st = load_text("grad_norm.csv", csv, NULL);
    ck_assert_uint_eq(series(st, "grad_norm")->count, 3);
    md_store_free(st);
    /* Any other table keeps its own names. */
    st = load_text("run-x-tag-loss.csv", "Wall time,Step,Value,loss\n1,0,5,2.5\n2,1,6,2.0\n", NULL);
    ck_assert_uint_eq(series(st, "value")->count, 2);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);
}
END_TEST

/* A table in long form, a row a value (tbparse's and TensorBoard's
 * dataframe export, Comet's): the tag names the row's value. */
START_TEST(test_csv_long_form)
{
    md_store *st = load_text("scalars.csv",
                             "run,tag,step,value\n"
                             "version_0,train_loss,0,2.1000\n"
                             "version_0,lr-Adam,0,0.001\n"
                             "version_0,val_acc,0,0.4000\n"
                             "version_0,train_loss,100,1.8237\n"
                             "version_0,train_loss,200,1.5\n"
                             "version_0,val_acc,200,0.55\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert_int_eq(series(st, "loss")->last_step, 200);
    ck_assert(series(st, "loss")->last == 1.5);
    ck_assert_uint_eq(series(st, "val_accuracy")->count, 2);
    ck_assert_uint_eq(series(st, "lr")->count, 1);
    ck_assert_ptr_null(md_store_find(st, "value"));
    md_store_free(st);
    st = load_text("comet.csv", "metric,step,value\nloss,1,2.0\nloss,2,1.5\nval_loss,2,1.7\n", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "val_loss")->last == 1.7);
    md_store_free(st);
    /* A table with more columns of its own is a wide one. */
    st = load_text("wide.csv", "name,step,value,loss\na,1,5,2.5\nb,2,6,2.0\n", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_csv_quoted_fields)
{
    md_store *st = load_text("quoted.csv",
                             "\"step\",\"loss, smoothed\",\"lr\"\n"
                             "\"1\",\"2.5\",\"0.1\"\n"
                             "\"2\",\"2.25\",\"0.1\"\n",
                             NULL);
    const md_series *s = series(st, "loss_smoothed");
    ck_assert_uint_eq(s->count, 2);
    ck_assert(s->last == 2.25);
    ck_assert_int_eq(s->last_step, 2);
    ck_assert_uint_eq(series(st, "lr")->count, 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_csv_ragged_rows)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_text("ragged.csv",
                             "step,loss\n1,2.0\n2,1.9,extra\n3,1.8\n4,1.7\n5,1.6\n6,1.5\n7\n", &diags);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 6);
    ck_assert(loss->last == 1.5);
    ck_assert_uint_eq(md_store_input(st, 0)->bad_records, 1);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "more fields than the header"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* Two columns of one name are two series, named as pandas names them. */
START_TEST(test_csv_duplicate_names)
{
    md_store *st = load_text("dup.csv", "step,loss,loss,loss\n1,2.5,9,-1\n2,2.4,9,-1\n3,2.3,9,-1\n", NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(loss->min == 2.3 && loss->max == 2.5);
    ck_assert(series(st, "loss_1")->min == 9);
    ck_assert(series(st, "loss_2")->max == -1);
    md_store_free(st);
}
END_TEST

/* A header written again below rows, wider (Stable Baselines3's
 * progress.csv once an episode ends), names the rows after it; a row of
 * words that are not the header's is no header. */
START_TEST(test_csv_header_again)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_text("progress.csv",
                             "train/value_loss,time/total_timesteps,time/total_time\n"
                             "0.40,512,0.86\n"
                             "train/value_loss,time/total_timesteps,rollout/ep_rew_mean,time/total_time\n"
                             "1.27,1024,-1173.2,1.45\n"
                             "0.03,1536,-1150.5,2.01\n"
                             "n/a,red,blue,green\n"
                             "0.02,2048,-1106.0,2.60\n",
                             &diags);
    const md_series *reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 3);
    ck_assert(reward->last == -1106.0);
    ck_assert_int_eq(reward->last_step, 2048);
    const md_series *t = series(st, "train_time");
    ck_assert(t->max == 2.60);
    ck_assert_uint_eq(series(st, "value_loss")->count, 4);
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "more fields than the header"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* A quote that never closes takes the rest of the file into one cell:
 * the rows before it are read and a warning says where it opened. A
 * quoted field over two lines is no such quote. */
START_TEST(test_csv_unclosed_quote)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_text("q.csv", "step,note,loss\n1,\"a, b\",2.0\n2,\"two\nlines\",1.5\n3,x,1.4\n", &diags);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "never closes"));
    md_store_free(st);
    md_diags_free(&diags);

    md_diags_init(&diags);
    st = load_text("q.csv", "step,note,loss\n1,a,2.0\n2,b,1.9\n3,\"c,1.8\n4,d,1.7\n5,e,1.6\n", &diags);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 1.9);
    const md_diag *d = t_find_diag(&diags, MD_DIAG_WARNING, "never closes");
    ck_assert_ptr_nonnull(d);
    ck_assert_uint_eq(d->line, 4);
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* nvidia-smi --query-gpu=timestamp,name,utilization.gpu,memory.used
 * --format=csv: units in the header and after each number. "35 %" under
 * "utilization.gpu [%]" is GPU utilisation 0.35; "30000 MiB" is no
 * number; a "12%" under a header with no unit is 0.12, as a log's "12%"
 * is. */
START_TEST(test_csv_nvidia_smi_units)
{
    md_store *st = load_text("gpu.csv",
                             "timestamp, name, utilization.gpu [%], memory.used [MiB]\n"
                             "2024/06/03 09:00:05.120, NVIDIA A100-SXM4-80GB, 35 %, 30000 MiB\n"
                             "2024/06/03 09:00:10.121, NVIDIA A100-SXM4-80GB, 41 %, 30002 MiB\n"
                             "2024/06/03 09:00:15.122, NVIDIA A100-SXM4-80GB, 0 %, 30002 MiB\n",
                             NULL);
    const md_series *util = series(st, "gpu_util");
    ck_assert_uint_eq(util->count, 3);
    ck_assert(fabs(util->first - 0.35) < 1e-12 && fabs(util->max - 0.41) < 1e-12 && util->last == 0);
    ck_assert_ptr_null(md_store_find(st, "memory_used_mib"));
    md_store_free(st);

    st = load_text("metrics.csv", "step,acc,loss\n1,12%,2.5\n2,35.5%,2.1\n", NULL);
    const md_series *acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 2);
    ck_assert(fabs(acc->first - 0.12) < 1e-12 && fabs(acc->last - 0.355) < 1e-12);
    md_store_free(st);
}
END_TEST

/* nvidia-smi --query-gpu=timestamp,index,utilization.gpu,utilization.memory,
 * memory.used --format=csv -l 5 on a node of three GPUs: a row per GPU and
 * sample. A sample is one record: the busiest GPU's utilisation, the
 * fullest's memory, the least busy GPU's utilisation beside, and the GPU
 * count; utilization.memory is how busy the memory was, not how full. A
 * log cut within a sample keeps the GPUs it has. With one GPU, the index
 * column changes nothing. */
START_TEST(test_csv_nvidia_smi_gpus)
{
    md_store *st = load_text("gpus.csv",
                             "timestamp, index, utilization.gpu [%], utilization.memory [%], memory.used [MiB]\n"
                             "2024/06/03 09:00:05.120, 0, 97 %, 40 %, 70000\n"
                             "2024/06/03 09:00:05.121, 1, 0 %, 0 %, 3\n"
                             "2024/06/03 09:00:05.122, 2, 12 %, 1 %, 2048\n"
                             "2024/06/03 09:00:10.120, 0, 95 %, 38 %, 70010\n"
                             "2024/06/03 09:00:10.121, 1, 3 %, 0 %, 3\n"
                             "2024/06/03 09:00:10.122, 2, 10 %, 1 %, 2048\n"
                             "2024/06/03 09:00:15.120, 0, 96 %, 39 %, 70020\n"
                             "2024/06/03 09:00:15.121, 1, 1 %, 0 %, 3\n",
                             NULL);
    const md_series *util = series(st, "gpu_util");
    ck_assert_uint_eq(util->count, 3);
    ck_assert(fabs(util->first - 0.97) < 1e-12 && fabs(util->last - 0.96) < 1e-12);
    const md_series *least = series(st, "gpu_util_min");
    ck_assert_uint_eq(least->count, 3);
    ck_assert(least->first == 0 && fabs(least->max - 0.03) < 1e-12 && fabs(least->last - 0.01) < 1e-12);
    const md_series *gpus = series(st, "gpus");
    ck_assert(gpus->first == 3 && gpus->last == 2);
    ck_assert(fabs(series(st, "memory")->last - 70020.0 / 1024) < 1e-9);
    ck_assert(fabs(series(st, "gpu_mem_util")->max - 0.40) < 1e-12);
    ck_assert_ptr_null(md_store_find(st, "index"));
    md_store_free(st);

    st = load_text("gpu.csv",
                   "timestamp, index, utilization.gpu [%]\n"
                   "2024/06/03 09:00:05.120, 0, 35 %\n"
                   "2024/06/03 09:00:10.121, 0, 41 %\n",
                   NULL);
    ck_assert_uint_eq(series(st, "gpu_util")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "gpu_util_min"));
    ck_assert_ptr_null(md_store_find(st, "gpus"));
    md_store_free(st);
}
END_TEST

/* W&B's panel export: "<run> - <metric>" beside its bucket bounds. The
 * metric is read under its own name however long the run's name; a
 * second run is not mixed in. */
START_TEST(test_csv_wandb_panel_export)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_text("panel.csv",
                             "Step,qwen2.5-7b-sft-lr1e-5-bs64 - train/loss,qwen2.5-7b-sft-lr1e-5-bs64 - train/loss__MIN,"
                             "qwen2.5-7b-sft-lr1e-5-bs64 - train/loss__MAX\n"
                             "10,2.5,2.4,2.6\n20,2.1,2.0,2.2\n30,1.9,1.8,2.0\n",
                             &diags);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 30);
    ck_assert(loss->min == 1.9 && loss->max == 2.5);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "W&B export"));
    md_store_free(st);
    md_diags_free(&diags);

    md_diags_init(&diags);
    st = load_text("panel2.csv",
                   "Step,brisk-sun-12 - train/loss,brisk-sun-12 - train/loss__MIN,brisk-sun-12 - train/loss__MAX,"
                   "calm-river-13 - train/loss,calm-river-13 - train/loss__MIN,calm-river-13 - train/loss__MAX\n"
                   "10,2.5,2.5,2.5,2.6,2.6,2.6\n20,2.1,2.1,2.1,nan,nan,nan\n",
                   &diags);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_uint_eq(loss->nan, 0);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "W&B export of 2 runs; read the first, brisk-sun-12"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

START_TEST(test_csv_tsv)
{
    md_store *st = load_text("metrics.tsv", "step\tloss\tval_loss\n1\t2.0\t\n2\t1.5\t1.7\n", NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 1.5);
    ck_assert_uint_eq(series(st, "val_loss")->count, 1);
    md_store_free(st);

    /* A spreadsheet export in a decimal-comma locale separates with ';'. */
    st = load_text("metrics.csv", "step;loss;val_loss\n1;2.0;\n2;1.5;1.7\n3;1.25;\n", NULL);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_CSV);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(loss->last == 1.25);
    ck_assert_uint_eq(series(st, "val_loss")->count, 1);
    md_store_free(st);

    /* And writes its numbers with a decimal comma, as does a TSV from such
     * a locale: "1,234" there is 1.234 too, once a cell no thousands group
     * makes ("2,4752") says so; text cells are no numbers either way. */
    static const char *const comma_files[][2] = {
        {"metrics.csv", "step;loss;val_loss;note\n1;2,4752;2,5252;a,b\n2;1,234;;\n3;nan;7,08E-01;\n"},
        {"metrics.tsv", "step\tloss\tval_loss\tnote\n1\t2,4752\t2,5252\ta,b\n2\t1,234\t\t\n3\tnan\t7,08E-01\t\n"},
    };
    for (size_t i = 0; i < MD_COUNT(comma_files); i++) {
        st = load_text(comma_files[i][0], comma_files[i][1], NULL);
        ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_CSV);
        loss = series(st, "loss");
        ck_assert_uint_eq(loss->count, 3);
        ck_assert(loss->first == 2.4752);
        ck_assert(loss->min == 1.234);
        ck_assert_int_eq(loss->first_nonfinite_step, 3);
        ck_assert(series(st, "val_loss")->last == 0.708);
        ck_assert_uint_eq(md_store_nseries(st), 2);
        md_store_free(st);
    }
    /* A TSV whose commas group thousands has no decimal comma. */
    st = load_text("metrics.tsv", "step\ttokens\tloss\n1\t1,234,567\t2.5\n2\t2,469\t2.4\n", NULL);
    ck_assert(series(st, "loss")->last == 2.4);
    const md_series *tokens = md_store_find(st, "tokens");
    ck_assert(!tokens || tokens->min > 1000);
    md_store_free(st);
}
END_TEST

/* Keras' CSVLogger under a loop that calls fit() one epoch at a time
 * writes epoch 0 on every row: a count that never changes places nothing,
 * and the rows stand in their order. One that changes is the step. */
START_TEST(test_csv_constant_epoch)
{
    md_store *st = load_text("history.csv",
                             "epoch,loss,val_loss\n0,1.00,0.90\n0,0.80,0.70\n0,0.60,0.65\n0,0.50,0.72\n0,0.40,0.81\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 5);
    ck_assert_int_eq(val->first_step, 1);
    ck_assert_int_eq(val->last_step, 5);
    ck_assert_int_eq(val->min_step, 3);
    md_store_free(st);
    st = load_text("history.csv", "epoch,loss\n0,1.0\n1,0.8\n2,0.6\n3,0.5\n", NULL);
    ck_assert_int_eq(series(st, "loss")->first_step, 0);
    ck_assert_int_eq(series(st, "loss")->last_step, 3);
    md_store_free(st);
    /* Two rows are too few to tell. */
    st = load_text("history.csv", "epoch,loss\n5,1.0\n5,0.8\n", NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 5);
    md_store_free(st);
}
END_TEST

START_TEST(test_csv_yolo_component_totals)
{
    md_store *st = load_text("results.csv",
                             "               epoch,      train/box_loss,      train/cls_loss,        "
                             "val/box_loss,        val/cls_loss\n"
                             "                   0,                 0.5,                0.25,           "
                             "      0.75,                 0.5\n"
                             "                   1,                 0.4,                 0.2,           "
                             "       0.6,                 0.4\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(T_CLOSE(loss->first, 0.75) && T_CLOSE(loss->last, 0.6));
    ck_assert_int_eq(loss->last_step, 1);
    const md_series *val = series(st, "val_loss");
    ck_assert(T_CLOSE(val->first, 1.25) && T_CLOSE(val->last, 1.0));
    ck_assert_uint_eq(series(st, "train_box_loss")->count, 2);
    md_store_free(st);
}
END_TEST

static const char trainer_state[] =
    "{\n"
    "  \"best_metric\": null,\n"
    "  \"global_step\": 40,\n"
    "  \"log_history\": [\n"
    "    {\"epoch\": 0.1, \"grad_norm\": 1.5, \"learning_rate\": 1e-05, \"loss\": 2.0, \"step\": 10},\n"
    "    {\"epoch\": 0.2, \"grad_norm\": Infinity, \"learning_rate\": 2e-05, \"loss\": NaN, \"step\": 20},\n"
    "    {\"epoch\": 0.3, \"grad_norm\": -Infinity, \"learning_rate\": 3e-05, \"loss\": 1.5, \"step\": 30},\n"
    "    {\"epoch\": 0.4, \"eval_loss\": NaN, \"step\": 40},\n"
    "    {\"epoch\": 0.4, \"step\": 40, \"train_loss\": 1.8, \"train_runtime\": 100.5}\n"
    "  ],\n"
    "  \"note\": \"NaN and Infinity in a string stay text\"\n"
    "}\n";

/* TRL's PPO: the entropy is a token's (policy/entropy_avg), not the sum
 * over a completion (objective/entropy), which is the entropy only where
 * it is all there is. */
START_TEST(test_text_ppo_entropy_per_token)
{
    md_store *st = load_text("ppo.log",
                             "{'objective/entropy': 114.4, 'objective/kl': 0.01, 'policy/entropy_avg': 1.111, "
                             "'episode': 64}\n"
                             "{'objective/entropy': 113.0, 'objective/kl': 0.02, 'policy/entropy_avg': 1.100, "
                             "'episode': 128}\n",
                             NULL);
    ck_assert(series(st, "entropy")->last == 1.1);
    md_store_free(st);
    st = load_text("ppo.log", "{'objective/entropy': 114.4, 'episode': 64}\n{'objective/entropy': 113.0, 'episode': 128}\n",
                   NULL);
    ck_assert(series(st, "entropy")->last == 113.0);
    md_store_free(st);
}
END_TEST

/* LLaMA-Factory's trainer_log.jsonl writes its spans as clocks: seconds.
 * A clock under another key is no span. */
START_TEST(test_jsonl_clock_spans)
{
    md_store *st = load_text("trainer_log.jsonl",
                             "{\"current_steps\": 5, \"total_steps\": 250, \"loss\": 1.5, \"elapsed_time\": \"0:00:19\", "
                             "\"remaining_time\": \"0:16:09\", \"started\": \"10:00:00\"}\n"
                             "{\"current_steps\": 10, \"total_steps\": 250, \"loss\": 1.4, \"elapsed_time\": \"0:00:29\", "
                             "\"remaining_time\": \"1 day, 0:11:55\", \"started\": \"10:00:00\"}\n",
                             NULL);
    ck_assert(series(st, "train_time")->last == 29);
    ck_assert(series(st, "eta")->first == 969);
    ck_assert(series(st, "eta")->last == 86400 + 715);
    ck_assert_ptr_null(md_store_find(st, "started"));
    md_store_free(st);
}
END_TEST

/* The checkpoint HF's Trainer kept as its best: best_global_step, else
 * the number best_model_checkpoint's folder ends in. */
START_TEST(test_trainer_state_best_checkpoint)
{
    static const struct {
        const char *members;
        int64_t step;
    } cases[] = {{"\"best_global_step\": 28292, \"best_model_checkpoint\": \"out/checkpoint-28292\"", 28292},
                 {"\"best_global_step\": null, \"best_model_checkpoint\": \"results/bert/checkpoint-500\"", 500},
                 {"\"best_model_checkpoint\": null", -1},
                 {"\"best_model_checkpoint\": \"out/final\"", -1}};
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_buf text = {0};
        md_buf_printf(&text, "{%s, \"global_step\": 600, \"log_history\": [{\"loss\": 2.0, \"step\": 100}, "
                             "{\"eval_loss\": 1.9, \"step\": 100}]}\n",
                      cases[i].members);
        md_store *st = load_text("trainer_state.json", md_buf_cstr(&text), NULL);
        ck_assert_int_eq(md_store_input(st, 0)->best_checkpoint_step, cases[i].step);
        /* The step the trainer reached, though its last log is at 100. */
        ck_assert_int_eq(md_store_input(st, 0)->last_step_seen, 600);
        md_store_free(st);
        md_buf_free(&text);
    }
}
END_TEST

/* HF's predict() on the test set logs predict_runtime and its speed: an
 * evaluation's, not the training's time or throughput. */
START_TEST(test_hf_predict_records)
{
    md_store *st = load_text("trainer_state.json",
                             "{\"log_history\": [{\"loss\": 2.0, \"epoch\": 1.0, \"step\": 100},\n"
                             "{\"predict_loss\": 1.95, \"predict_runtime\": 2767.3, \"predict_samples_per_second\": 3.1, "
                             "\"predict_steps_per_second\": 0.4, \"epoch\": 1.0, \"step\": 100},\n"
                             "{\"loss\": 1.8, \"epoch\": 2.0, \"step\": 200},\n"
                             "{\"train_runtime\": 64358.1, \"train_samples_per_second\": 5.5, \"train_loss\": 1.9, "
                             "\"epoch\": 2.0, \"step\": 200}]}\n",
                             NULL);
    ck_assert(series(st, "train_time")->last == 64358.1);
    ck_assert(series(st, "samples_per_s")->last == 5.5);
    ck_assert_ptr_null(md_store_find(st, "it_per_s"));
    ck_assert_uint_eq(series(st, "predict_runtime")->count, 1);
    md_store_free(st);
}
END_TEST

/* Columns whose names differ only in a byte no report shows are two
 * series, each under a name of its own. */
START_TEST(test_names_apart_after_cleaning)
{
    md_store *st = load_text("m.csv", "step,acc\xff,acc\xfe\n1,0.1,91\n2,0.2,92\n3,0.3,93\n", NULL);
    size_t named = 0;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const char *name = md_store_series(st, i)->name;
        named += strncmp(name, "acc\xef\xbf\xbd", 6) == 0;
    }
    ck_assert_uint_eq(named, 2);
    ck_assert(md_store_find(st, "acc\xef\xbf\xbd_2")->max == 93);
    md_store_free(st);
}
END_TEST

/* C's NaN with its payload, bare or quoted where the key's values came
 * quoted: Microsoft's "-nan(ind)", "nan(snan)". */
START_TEST(test_jsonl_nan_payload)
{
    md_store *st = load_text("m.jsonl",
                             "{\"step\": 1, \"loss\": 2.0, \"acc\": \"0.5\"}\n"
                             "{\"step\": 2, \"loss\": -nan(ind), \"acc\": \"nan(snan)\"}\n"
                             "{\"step\": 3, \"loss\": nan(ind) , \"acc\": \"0.6\"}\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->nan, 2);
    ck_assert_int_eq(series(st, "loss")->first_nonfinite_step, 2);
    ck_assert_uint_eq(series(st, "accuracy")->nan, 1);
    ck_assert_uint_eq(md_store_input(st, 0)->bad_records, 0);
    md_store_free(st);
}
END_TEST

/* A JSON Lines log whose last record stops mid-object was cut there; a
 * broken record before the end, or a last line of prose, cuts nothing. */
START_TEST(test_jsonl_cut_short)
{
    md_store *st = load_text("cut.jsonl", "{\"step\": 1, \"loss\": 2.0}\n{\"step\": 2, \"loss\": 1.9}\n{\"step\": 3, \"loss\": Na",
                             NULL);
    ck_assert(md_store_input(st, 0)->cut_short);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);
    st = load_text("mid.jsonl", "{\"step\": 1, \"loss\": 2.0}\n{\"step\": 2, \"lo\n{\"step\": 3, \"loss\": 1.8}\n", NULL);
    ck_assert(!md_store_input(st, 0)->cut_short);
    md_store_free(st);
    /* Cut after a nested object closed, or inside a string holding '}':
     * cut; closed but broken: not cut. */
    static const struct {
        const char *last;
        bool cut;
    } lasts[] = {{"{\"step\": 2, \"m\": {\"acc\": 0.5}", true},
                 {"{\"step\": 2, \"note\": \"x}", true},
                 {"{\"step\": 2, \"loss\": 1.2]", false}};
    for (size_t i = 0; i < MD_COUNT(lasts); i++) {
        md_buf text = {0};
        md_buf_printf(&text, "{\"step\": 1, \"loss\": 2.0}\n%s", lasts[i].last);
        st = load_text("cut.jsonl", md_buf_cstr(&text), NULL);
        ck_assert_msg(md_store_input(st, 0)->cut_short == lasts[i].cut, "%s", lasts[i].last);
        md_store_free(st);
        md_buf_free(&text);
    }
}
END_TEST

/* fairseq's json log quotes every figure of a training record, its
 * num_updates too: a quoted integer under a step's name is the step; under
 * any other name (a seed, an id) it is no series. */
START_TEST(test_jsonl_quoted_step)
{
    md_store *st = load_text("train.jsonl",
                             "{\"epoch\": 1, \"loss\": \"3.627\", \"num_updates\": \"2150\", \"seed\": \"1234\"}\n"
                             "{\"epoch\": 1, \"valid_loss\": 3.55, \"valid_num_updates\": 2150}\n"
                             "{\"epoch\": 2, \"loss\": \"3.373\", \"num_updates\": \"4300\", \"seed\": \"1234\"}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 2150);
    ck_assert_int_eq(loss->last_step, 4300);
    ck_assert_int_eq(series(st, "val_loss")->first_step, 2150);
    ck_assert_ptr_null(md_store_find(st, "seed"));
    md_store_free(st);
}
END_TEST

/* A key that is a date is no series; a class named "date" among the
 * per-class APs detectron2 writes is one. */
START_TEST(test_jsonl_date_key)
{
    md_store *st = load_text("metrics.json",
                             "{\"iteration\": 99, \"total_loss\": 1.5, \"date\": 20240101}\n"
                             "{\"iteration\": 199, \"bbox/AP-date\": 24.0, \"bbox/AP-fig\": 68.5, \"date\": 20240102}\n",
                             NULL);
    ck_assert(series(st, "bbox_ap_date")->last == 24.0);
    ck_assert(series(st, "bbox_ap_fig")->last == 68.5);
    ck_assert_ptr_null(md_store_find(st, "date"));
    md_store_free(st);
}
END_TEST

START_TEST(test_json_trainer_state_nonfinite)
{
    md_store *st = load_text("trainer_state.json", trainer_state, NULL);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_JSON);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 20);
    ck_assert(loss->last == 1.5);
    ck_assert_int_eq(loss->last_step, 30);
    const md_series *norm = series(st, "grad_norm");
    ck_assert_uint_eq(norm->inf, 2);
    ck_assert_uint_eq(norm->finite, 1);
    ck_assert(isinf(norm->last_raw) && norm->last_raw < 0);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->nan, 1);
    ck_assert_uint_eq(series(st, "train_loss")->count, 1);
    ck_assert(series(st, "train_time")->last == 100.5);
    ck_assert(!md_store_input(st, 0)->cut_short);
    md_store_free(st);
}
END_TEST

START_TEST(test_json_truncated_trainer_state)
{
    md_diags diags;
    md_diags_init(&diags);
    const char *cut = strstr(trainer_state, "\"loss\": 1.5");
    md_store *st = load_bytes("trainer_state.json", trainer_state, (size_t)(cut - trainer_state), MD_OK,
                              &diags);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 20);
    ck_assert(md_store_input(st, 0)->cut_short);
    const md_diag *g = t_find_diag(&diags, MD_DIAG_WARNING, "JSON ends early");
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(g->line, 7);
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

START_TEST(test_json_invalid_document)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_bytes("broken.json", "{\"loss\": }", 10, MD_ERR_FORMAT, &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "invalid JSON"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* A first line longer than the sniffer's window (W&B history rows carry
 * histograms) is still JSON Lines. */
START_TEST(test_jsonl_long_first_line)
{
    md_buf text = {0};
    for (int row = 1; row <= 3; row++) {
        md_buf_printf(&text, "{\"_step\": %d, \"loss\": %d.5, \"hist\": [", row, 4 - row);
        for (int i = 0; i < 20000; i++)
            md_buf_printf(&text, "%s%d", i ? ", " : "", i);
        md_buf_printf(&text, "]}\n");
    }
    ck_assert_uint_gt(text.n, 2 * MD_SOURCE_PEEK);
    md_store *st = load_text("history.jsonl", md_buf_cstr(&text), NULL);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_JSONL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(loss->last == 1.5);
    md_store_free(st);
    md_buf_free(&text);
}
END_TEST

/* A lone surrogate in a string (Python's json.dumps of a byte it could not
 * decode, "\udcff"), which cJSON refuses, costs the record nothing: it is
 * read as U+FFFD. A pair, and an escaped backslash before "ud800", stay. */
START_TEST(test_jsonl_lone_surrogate)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_text("metrics.jsonl",
                             "{\"step\": 1, \"loss\": 2.0, \"note\": \"file \\udcff\"}\n"
                             "{\"step\": 2, \"loss\": 1.5, \"note\": \"\\ud83d\\ude00 \\ud800\"}\n"
                             "{\"step\": 3, \"loss\": 1.2, \"note\": \"\\\\ud800\"}\n",
                             &diags);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(loss->last == 1.2);
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "invalid JSON"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* Records that end in '\r' alone, all of them or one in a file of '\n':
 * each is a record, through the sniffer and the reader, also in a file
 * past the 1 MiB a line may hold. */
START_TEST(test_jsonl_cr_only)
{
    md_buf text = {0};
    for (int i = 1; i <= 40000; i++)
        md_buf_printf(&text, "{\"step\": %d, \"loss\": %.4f}\r", i, 3.0 - i / 20000.0);
    ck_assert_uint_gt(text.n, MD_LINE_MAX);
    md_store *st = load_text("metrics.jsonl", md_buf_cstr(&text), NULL);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_JSONL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 40000);
    ck_assert_int_eq(loss->last_step, 40000);
    ck_assert_double_eq_tol(loss->last, 1.0, 1e-9);
    md_store_free(st);
    /* Also where the first record is longer than the sniffer's window. */
    md_buf first = {0};
    md_buf_puts(&first, "{\"step\": 0, \"note\": \"");
    for (int i = 0; i < 70000; i++)
        md_buf_putc(&first, 'x');
    md_buf_printf(&first, "\", \"loss\": 3.0}\r%s", md_buf_cstr(&text));
    st = load_text("metrics.jsonl", md_buf_cstr(&first), NULL);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_JSONL);
    ck_assert_uint_eq(series(st, "loss")->count, 40001);
    md_store_free(st);
    md_buf_free(&first);
    md_buf_free(&text);

    md_diags diags;
    md_diags_init(&diags);
    st = load_text("log.txt",
                   "{\"step\": 1, \"loss\": 2.5}\n"
                   "{\"step\": 2, \"loss\": 2.25}\r{\"step\": 3, \"loss\": 2.0}\n"
                   "{\"step\": 4, \"loss\": 1.5}\r\n",
                   &diags);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_JSONL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert(loss->last == 1.5);
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "invalid JSON"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* W&B's history rows put _step, its count of wandb.log() calls, first;
 * the trainer's own step places the row. */
START_TEST(test_jsonl_wandb_step_gives_way)
{
    md_store *st = load_text("wandb-history.jsonl",
                             "{\"_step\": 0, \"train/loss\": 0.69, \"train/global_step\": 30}\n"
                             "{\"_step\": 1, \"train/loss\": 0.65, \"train/global_step\": 60}\n"
                             "{\"_step\": 2, \"eval/loss\": 0.7, \"train/global_step\": 60}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 30);
    ck_assert_int_eq(loss->last_step, 60);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 60);
    md_store_free(st);
}
END_TEST

START_TEST(test_jsonl_bad_lines)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_text("metrics.json",
                             "{\"iteration\": 19, \"total_loss\": 2.0, \"lr\": 0.001, "
                             "\"eta_seconds\": 99.8}\n"
                             "{\"iteration\": 39, \"total_loss\": 1.8\n"
                             "not json at all\n"
                             "[1, 2]\n"
                             "\n"
                             "{\"iteration\": 59, \"total_loss\": 1.5, \"lr\": 0.001}\n",
                             &diags);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_JSONL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 59);
    ck_assert_ptr_null(md_store_find(st, "eta_seconds"));
    ck_assert_uint_eq(md_store_input(st, 0)->bad_records, 3);
    const md_diag *g = t_find_diag(&diags, MD_DIAG_WARNING, "invalid JSON");
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(g->line, 2);
    g = t_find_diag(&diags, MD_DIAG_WARNING, "not a JSON object");
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(g->line, 4);
    md_store_free(st);
    md_diags_free(&diags);

    /* A record that nests past cJSON's limit is valid JSON: the warning
     * says why it was skipped. */
    md_diags_init(&diags);
    md_buf deep = {0};
    md_buf_puts(&deep, "{\"step\": 1, \"loss\": 2.0}\n{\"step\": 2, \"loss\": 1.5, \"x\": ");
    for (int i = 0; i < 1100; i++)
        md_buf_putc(&deep, '[');
    for (int i = 0; i < 1100; i++)
        md_buf_putc(&deep, ']');
    md_buf_puts(&deep, "}\n{\"step\": 3, \"loss\": 1.2}\n");
    st = load_text("metrics.jsonl", md_buf_cstr(&deep), &diags);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    g = t_find_diag(&diags, MD_DIAG_WARNING, "nested deeper than 1000 levels");
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(g->line, 2);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&deep);
}
END_TEST

START_TEST(test_json_nested_objects)
{
    /* A logger's nested metrics read under "outer/inner" keys; W&B's typed
     * values (a histogram) are no metrics. */
    md_store *st = load_text("metrics.jsonl",
                             "{\"step\": 10, \"metrics\": {\"train\": {\"loss\": 2.5}, \"lr\": 0.001}, "
                             "\"grads\": {\"_type\": \"histogram\", \"bins\": [0, 1], \"size\": 3}}\n"
                             "{\"step\": 20, \"metrics\": {\"train\": {\"loss\": 2.25}, \"lr\": 0.001}}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 20);
    ck_assert(loss->last == 2.25);
    ck_assert_str_eq(loss->sources[0], "metrics/train/loss");
    ck_assert_uint_eq(series(st, "lr")->count, 2);
    ck_assert_uint_eq(md_store_nseries(st), 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_json_wandb_summary)
{
    md_store *st = load_text("wandb-summary.json",
                             "{\"_step\":16,\"_runtime\":1220.36,\"_timestamp\":1.7343390405340517e+09,"
                             "\"train/learning_rate\":1.84e-08,\"train/grad_norm\":0.81,"
                             "\"_wandb\":{\"runtime\":1220},\"output_seq\":\"13, 13, 11\","
                             "\"media\":{\"_type\":\"image-file\",\"size\":35243}}",
                             NULL);
    const md_series *norm = series(st, "grad_norm");
    ck_assert_uint_eq(norm->count, 1);
    ck_assert_int_eq(norm->last_step, 16);
    ck_assert(norm->last == 0.81);
    ck_assert_uint_eq(series(st, "lr")->count, 1);
    ck_assert_uint_eq(md_store_nseries(st), 2);
    md_store_free(st);

    md_diags diags;
    md_diags_init(&diags);
    st = load_bytes("empty-summary.json", "{\"_wandb\":{\"runtime\":436}}", 26, MD_ERR_NODATA, &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "no metric and no event"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* LLaMA-Factory's trainer_log.jsonl places each entry by current_steps;
 * its training and evaluation entries share that step. */
START_TEST(test_jsonl_llamafactory)
{
    md_store *st = load_text("trainer_log.jsonl",
                             "{\"current_steps\": 5, \"total_steps\": 20, \"loss\": 2.1, \"lr\": 5e-05, "
                             "\"epoch\": 0.25, \"percentage\": 25.0, \"elapsed_time\": \"0:00:10\"}\n"
                             "{\"current_steps\": 10, \"total_steps\": 20, \"loss\": 1.8, \"lr\": 4e-05, "
                             "\"epoch\": 0.5, \"percentage\": 50.0, \"elapsed_time\": \"0:00:20\"}\n"
                             "{\"current_steps\": 10, \"total_steps\": 20, \"eval_loss\": 1.9, \"epoch\": 0.5}\n"
                             "{\"current_steps\": 15, \"total_steps\": 20, \"loss\": 1.6, \"lr\": 3e-05, "
                             "\"epoch\": 0.75, \"percentage\": 75.0, \"elapsed_time\": \"0:00:30\"}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_msg(!loss->ordinal, "current_steps was not read as the step");
    ck_assert_int_eq(loss->first_step, 5);
    ck_assert_int_eq(loss->last_step, 15);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 10);
    ck_assert_ptr_null(md_store_find(st, "current_steps"));
    md_store_free(st);
}
END_TEST

/* DETR, Deformable-DETR and DINO: log.txt holds one object an epoch, with
 * COCOeval's twelve figures of the boxes; the first, mAP@[.5:.95], is the
 * validation mAP. No other array is read, nor one that is no COCOeval
 * summary, nor COCO's -1 for a set with nothing to score. */
START_TEST(test_jsonl_detr_coco_map)
{
    md_store *st = load_text("log.txt",
                             "{\"train_lr\": 0.0001, \"train_loss\": 32.5, \"test_loss\": 30.1, "
                             "\"test_coco_eval_bbox\": [0.012, 0.031, 0.008, 0.002, 0.011, 0.019, 0.031, 0.071, "
                             "0.099, 0.011, 0.081, 0.171], \"test_coco_eval_masks\": [0.01, 0.02, 0.01, 0.0, 0.01, "
                             "0.02, 0.03, 0.07, 0.09, 0.01, 0.08, 0.17], \"epoch\": 0, \"n_parameters\": 41302368}\n"
                             "{\"train_lr\": 0.0001, \"train_loss\": 28.5, \"test_loss\": 27.1, "
                             "\"test_coco_eval_bbox\": [0.052, 0.101, 0.048, 0.012, 0.051, 0.079, 0.091, 0.171, "
                             "0.199, 0.051, 0.181, 0.271], \"epoch\": 1, \"n_parameters\": 41302368}\n"
                             "{\"train_lr\": 0.0001, \"train_loss\": 25.5, \"test_loss\": 25.1, "
                             "\"test_coco_eval_bbox\": [0.102, 0.201, 0.098, 0.032, 0.101, 0.149, 0.141, 0.231, "
                             "0.259, 0.091, 0.241, 0.331], \"epoch\": 2, \"n_parameters\": 41302368}\n"
                             "{\"train_loss\": 24.0, \"test_coco_eval_bbox\": [-1, -1, -1, -1, -1, -1, -1, -1, -1, "
                             "-1, -1, -1], \"epoch\": 3}\n"
                             "{\"train_loss\": 23.0, \"test_coco_eval_bbox\": [0.5, 0.6], \"epoch\": 4}\n",
                             NULL);
    const md_series *map = series(st, "val_map");
    ck_assert_uint_eq(map->count, 3);
    ck_assert(map->first == 0.012 && map->last == 0.102);
    ck_assert_int_eq(map->first_step, 0);
    ck_assert_int_eq(map->last_step, 2);
    ck_assert_int_eq(map->kind, MD_KIND_METRIC);
    ck_assert_int_eq(map->better, MD_BETTER_HIGHER);
    ck_assert(md_key_is_validation(t_catalog(), map->name));
    ck_assert_ptr_null(md_store_find(st, "test_coco_eval_masks"));
    ck_assert_uint_eq(series(st, "loss")->count, 5);
    md_store_free(st);
}
END_TEST

/* PaddlePaddle's suites (PaddleOCR, PaddleDetection) time the data
 * reader and the whole batch: the data wait and the step time. MaxText
 * counts tokens and TFLOP/s per device. */
START_TEST(test_paddle_maxtext_timings)
{
    md_store *st = load_text("train.log",
                             "[2024/01/01 12:00:10] ppocr INFO: epoch: [1/500], global_step: 10, lr: 0.001000, "
                             "loss: 2.300000, avg_reader_cost: 0.80000 s, avg_batch_cost: 1.00000 s, "
                             "avg_samples: 8.0, ips: 8.00000 samples/s, eta: 1 day, 2:03:04\n"
                             "[2024/01/01 12:00:20] ppocr INFO: epoch: [1/500], global_step: 20, lr: 0.001000, "
                             "loss: 2.100000, avg_reader_cost: 0.70000 s, avg_batch_cost: 0.90000 s, "
                             "avg_samples: 8.0, ips: 8.88889 samples/s, eta: 1 day, 2:03:00\n",
                             NULL);
    ck_assert(series(st, "data_time")->last == 0.7);
    ck_assert(series(st, "step_time")->last == 0.9);
    ck_assert_int_eq(series(st, "loss")->last_step, 20);
    md_store_free(st);

    st = load_text("train.log",
                   "completed step: 7, seconds: 1.234, TFLOP/s/device: 120.500, Tokens/s/device: 4500.125, "
                   "total_weights: 65536, loss: 10.234\n",
                   NULL);
    ck_assert(series(st, "tokens_per_s")->last == 4500.125);
    ck_assert(series(st, "tflops")->last == 120.5);
    ck_assert_int_eq(series(st, "loss")->last_step, 7);
    md_store_free(st);
}
END_TEST

/* XGBoost's verbose evaluation: "[iteration]" then tab-separated
 * DATASET-METRIC:VALUE; an "eval" dataset is the validation loss. */
START_TEST(test_xgboost_eval_lines)
{
    md_store *st = load_text("train.log",
                             "[0]\ttrain-logloss:0.66103\teval-logloss:0.66530\n"
                             "[1]\ttrain-logloss:0.63182\teval-logloss:0.64021\n"
                             "[2]\ttrain-logloss:0.60499\teval-logloss:0.61873\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert(series(st, "loss")->last == 0.60499);
    ck_assert(series(st, "val_loss")->last == 0.61873);
    ck_assert_int_eq(series(st, "loss")->first_step, 0);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 2);
    ck_assert_uint_eq(md_store_nseries(st), 2);
    md_store_free(st);

    /* The scikit-learn API's two sets, validation_0 and validation_1: the
     * training set and the one early stopping watches. One set alone is a
     * validation set; three are left as named. */
    st = load_text("sklearn.log",
                   "[0]\tvalidation_0-logloss:0.65016\tvalidation_1-logloss:0.66183\n"
                   "[1]\tvalidation_0-logloss:0.61131\tvalidation_1-logloss:0.63609\n"
                   "[2]\tvalidation_0-logloss:0.57563\tvalidation_1-logloss:0.61144\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 0.57563);
    ck_assert(series(st, "val_loss")->last == 0.61144);
    ck_assert_uint_eq(series(st, "val_loss")->count, 3);
    md_store_free(st);
    st = load_text("sklearn.log", "[0]\tvalidation_0-logloss:0.65016\n[1]\tvalidation_0-logloss:0.61131\n", NULL);
    ck_assert(series(st, "val_loss")->last == 0.61131);
    ck_assert_ptr_null(md_store_find(st, "loss"));
    md_store_free(st);
    /* Its binary error, too, and XGBoost's own train-error and eval-merror. */
    st = load_text("sklearn.log", "[89]\tvalidation_0-error:0.204724\n[90]\tvalidation_0-error:0.208661\n", NULL);
    ck_assert(series(st, "val_error_rate")->last == 0.208661);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);
    st = load_text("xgb.log", "[0]\ttrain-error:0.12\teval-merror:0.21\n[1]\ttrain-error:0.10\teval-merror:0.20\n", NULL);
    ck_assert(series(st, "error_rate")->last == 0.10);
    ck_assert(series(st, "val_error_rate")->last == 0.20);
    md_store_free(st);

    /* Pasted into an issue, the tabs became blanks: the round is still the
     * step, the keys being a set's metric (XGBoost's "train-logloss",
     * LightGBM's "valid_1's auc"). A script's own "[3] loss: 0.5" may
     * count epochs: no step from it. */
    st = load_text("issue.log",
                   "[15]    train-logloss:0.00502  eval-logloss:0.5174\n"
                   "[16]    train-logloss:0.00399  eval-logloss:0.5419\n",
                   NULL);
    ck_assert_int_eq(series(st, "val_loss")->first_step, 15);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 16);
    md_store_free(st);
    st = load_text("issue.log",
                   "[100]   training's auc: 0.742643        training's binary_logloss: 0.556552\n"
                   "[150]   training's auc: 0.74557 training's binary_logloss: 0.554275\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 150);
    ck_assert(series(st, "loss")->last == 0.554275);
    md_store_free(st);
    st = load_text("own.log", "[3]   loss: 0.5\n[4]   loss: 0.4\n", NULL);
    ck_assert_int_ne(series(st, "loss")->last_step, 4);
    md_store_free(st);
}
END_TEST

/* A log pasted with its lines numbered: the bracketed number is no step
 * where the line names its step; where it names none, the number is the
 * step, as XGBoost's round and CLU's step are. */
START_TEST(test_text_numbered_lines_keep_their_step)
{
    md_store *st = load_text("paste.log",
                             "[2301] global_step=40, loss=1.875\n"
                             "[2302] global_step=50, loss=1.75\n"
                             "[2303] loss=1.625, step=60\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert_int_eq(series(st, "loss")->first_step, 40);
    ck_assert_int_eq(series(st, "loss")->last_step, 60);
    md_store_free(st);
    st = load_text("clu.log",
                   "I1122 08:00:00.100000 140 train.py:88] [500] loss=2.25, learning_rate=0.002\n"
                   "I1122 08:01:00.100000 140 train.py:88] [600] loss=2.125, learning_rate=0.002\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->first_step, 500);
    ck_assert_int_eq(series(st, "loss")->last_step, 600);
    md_store_free(st);
}
END_TEST

/* An excerpt of a numbered paste that starts inside its first number
 * ("1743] "): the rest of that line is read as the others are, and the
 * bars place both dicts (at 10 and 20, not both at 20). */
START_TEST(test_text_numbered_paste_cut_in_first_number)
{
    md_store *st = load_text("paste.log",
                             "1743] {'loss': 3.5534, 'grad_norm': 1.41, 'learning_rate': 2.05e-06, 'epoch': 0.01}\n"
                             "[1744] \n"
                             "[1745]   1%|          | 10/1752 [00:29<1:22:01,  2.83s/it]\n"
                             "[1746]   1%|          | 11/1752 [00:31<1:21:50,  2.82s/it]\n"
                             "[1747]   1%|          | 20/1752 [00:57<1:22:40,  2.86s/it]\n"
                             "[1748] {'loss': 0.0, 'grad_norm': 1.41, 'learning_rate': 4.32e-06, 'epoch': 0.01}\n"
                             "[1749] \n"
                             "[1750]   1%|          | 20/1752 [00:57<1:22:40,  2.86s/it]\n"
                             "[1751]   1%|          | 21/1752 [00:59<1:21:32,  2.83s/it]\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_int_eq(series(st, "loss")->first_step, 10);
    ck_assert_int_eq(series(st, "loss")->last_step, 20);
    ck_assert_uint_eq(series(st, "grad_norm")->count, 2);
    md_store_free(st);
}
END_TEST

/* StyleGAN2-ADA's metric record among its ticks: a dict of results is
 * measurements however many words stand beside it (no line of settings);
 * the FID is placed at the tick. */
START_TEST(test_text_stylegan_metric_record)
{
    md_store *st = load_text(
        "log.txt",
        "tick 0     kimg 0.0      time 1m 26s       sec/tick 7.3     sec/kimg 1828.68 gpumem 11.32\n"
        "{\"results\": {\"fid50k_full\": 447.91}, \"metric\": \"fid50k_full\", \"total_time\": 1087.04, "
        "\"total_time_str\": \"18m 07s\", \"num_gpus\": 1, \"snapshot_pkl\": \"network-snapshot-000000.pkl\", "
        "\"timestamp\": 1624959292.35}\n"
        "tick 1     kimg 4.0      time 29m 25s      sec/tick 579.4   sec/kimg 144.85  gpumem 7.49\n"
        "{\"results\": {\"fid50k_full\": 212.5}, \"metric\": \"fid50k_full\", \"total_time\": 1080.1, "
        "\"total_time_str\": \"18m 00s\", \"num_gpus\": 1, \"snapshot_pkl\": \"network-snapshot-000004.pkl\", "
        "\"timestamp\": 1624961292.1}\n",
        NULL);
    ck_assert_uint_eq(series(st, "fid")->count, 2);
    ck_assert_int_eq(series(st, "fid")->first_step, 0);
    ck_assert_int_eq(series(st, "fid")->last_step, 1);
    ck_assert_double_eq(series(st, "fid")->last, 212.5);
    md_store_free(st);
}
END_TEST

/* A reader's note behind an arrow is not the run's: "(step 4)" in it
 * places no record, and a number in it is no value. Not an arrow: "<-1"
 * or "a<-b". */
START_TEST(test_text_annotation_after_arrow)
{
    md_store *st = load_text("paste.log",
                             "{'loss': 1.46,  'grad_norm':    14.98}\n"
                             "{'loss': 1.28,  'grad_norm':     9.78}\n"
                             "{'loss': 1.14,  'grad_norm':    92.10}    <-- spike #1 (step 4), loss 9.9\n"
                             "{'loss': 1.36,  'grad_norm':     7.83}\n"
                             "{'loss': 1.36,  'grad_norm':     7.79} <- same loss\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 5);
    ck_assert_uint_eq(series(st, "grad_norm")->count, 5);
    ck_assert_int_eq(series(st, "loss")->first_step, 1);
    ck_assert_int_eq(series(st, "loss")->last_step, 5);
    ck_assert_double_eq(series(st, "loss")->max, 1.46);
    ck_assert_double_eq(series(st, "grad_norm")->first, 14.98);
    md_store_free(st);
    st = load_text("train.log", "epoch 1 loss 0.5 delta <-1\nepoch 2 loss 0.4 delta <-1\n", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);
}
END_TEST

/* NCCL's watchdog names the collective it waited on by its number and
 * sizes: no series. */
START_TEST(test_text_watchdog_numbers)
{
    md_store *st = load_text("train.log",
                             "step 100 loss 2.5\n"
                             "[E ProcessGroupNCCL.cpp:458] [Rank 0] Watchdog caught collective operation timeout: "
                             "WorkNCCL(SeqNum=96117, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) "
                             "ran for 25625613 milliseconds before timing out.\n",
                             NULL);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    ck_assert_uint_eq(event(st, "nccl_timeout")->count, 1);
    md_store_free(st);
}
END_TEST

/* An Estimator's "Saving dict for global step N: ..." holds its
 * evaluation's figures at step N, under TensorFlow's prefix or absl's. */
START_TEST(test_text_estimator_evaluation)
{
    static const char *const prefixes[] = {"INFO:tensorflow:", "I0625 16:06:14.123456 140 estimator.py:2049] "};
    for (size_t k = 0; k < MD_COUNT(prefixes); k++) {
        md_buf b = {0};
        md_buf_printf(&b, "%sloss = 0.48, step = 9900 (7.003 sec)\n", prefixes[k]);
        md_buf_printf(&b, "%sLoss for final step: 0.46.\n", prefixes[k]);
        md_buf_printf(&b, "%sSaving dict for global step 10000: accuracy = 0.7628, global_step = 10000, "
                          "loss = 1.0683168\n", prefixes[k]);
        md_store *st = load_text("estimator.log", b.p, NULL);
        const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
        ck_assert(loss->max == 0.48);
        ck_assert(val->last == 1.0683168);
        ck_assert_int_eq(val->last_step, 10000);
        ck_assert(series(st, "val_accuracy")->last == 0.7628);
        ck_assert_ptr_null(md_store_find(st, "accuracy"));
        md_store_free(st);
        md_buf_free(&b);
    }
}
END_TEST

/* BERT's "***** Eval results *****" block, one "key = value" a line under
 * the logger's prefix: the evaluation's values at its global_step. Its
 * bare loss repeats eval_loss where there is one, and is the
 * evaluation's loss where there is none. */
START_TEST(test_text_eval_results_block)
{
    md_store *st = load_text("classifier.log",
                             "INFO:tensorflow:loss = 0.75, step = 100 (20.5 sec)\n"
                             "INFO:tensorflow:loss = 0.625, step = 200 (20.25 sec)\n"
                             "INFO:tensorflow:***** Eval results *****\n"
                             "INFO:tensorflow:  eval_accuracy = 0.8125\n"
                             "INFO:tensorflow:  eval_loss = 0.5\n"
                             "INFO:tensorflow:  global_step = 250\n"
                             "INFO:tensorflow:  loss = 0.5\n"
                             "INFO:tensorflow:loss = 0.5625, step = 300 (20.5 sec)\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(loss->min == 0.5625);
    ck_assert_uint_eq(val->count, 1);
    ck_assert_int_eq(val->first_step, 250);
    ck_assert_int_eq(series(st, "val_accuracy")->first_step, 250);
    ck_assert_uint_eq(series(st, "interval_time")->count, 3);
    ck_assert_uint_eq(md_store_nseries(st), 4);
    md_store_free(st);
    st = load_text("pretraining.log",
                   "03/01/2026 09:00:00 - INFO - run -   step = 900, loss = 3.25\n"
                   "03/01/2026 09:00:05 - INFO - run -   ***** Eval results *****\n"
                   "03/01/2026 09:00:05 - INFO - run -     global_step = 1000\n"
                   "03/01/2026 09:00:06 - INFO - run -     loss = 3.5\n"
                   "03/01/2026 09:00:06 - INFO - run -     masked_lm_loss = 3.125\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    ck_assert(series(st, "val_loss")->last == 3.5);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 1000);
    md_store_free(st);
}
END_TEST

/* The Hugging Face Trainer's log_metrics: names padded to one width and
 * values to another under "***** eval metrics *****", the perplexity
 * run_clm.py adds unprefixed. One record at the step the bar reached, and
 * the perplexity is the evaluation's. */
START_TEST(test_text_trainer_metrics_block)
{
    md_store *st = load_text("run_clm.log",
                             "  0%|          | 0/20 [00:00<?, ?it/s]\n"
                             " 50%|#####     | 10/20 [00:05<00:05,  2.00it/s]\n"
                             "{'loss': 3.125, 'learning_rate': 5e-05, 'epoch': 0.5}\n"
                             "100%|##########| 20/20 [00:10<00:00,  2.00it/s]\n"
                             "{'loss': 2.875, 'learning_rate': 2.5e-05, 'epoch': 1.0}\n"
                             "***** train metrics *****\n"
                             "  epoch                    =        1.0\n"
                             "  train_loss               =        3.0\n"
                             "***** eval metrics *****\n"
                             "  epoch                   =        1.0\n"
                             "  eval_accuracy           =      0.375\n"
                             "  eval_loss               =      2.625\n"
                             "  eval_runtime            = 0:00:05.12\n"
                             "  perplexity              =    13.8046\n",
                             NULL);
    const md_series *val = series(st, "val_loss"), *ppl = series(st, "val_perplexity");
    ck_assert_uint_eq(val->count, 1);
    ck_assert(val->last == 2.625);
    ck_assert_int_eq(val->last_step, 20);
    ck_assert_uint_eq(ppl->count, 1);
    ck_assert(ppl->last == 13.8046);
    ck_assert_int_eq(ppl->last_step, 20);
    ck_assert_int_eq(series(st, "val_accuracy")->last_step, 20);
    ck_assert_ptr_null(md_store_find(st, "perplexity"));
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);
}
END_TEST

/* TF Estimator's step counter and TPUEstimator's examples counter print
 * their rates alone on a line, between the loss lines: at the step the
 * run reached. */
START_TEST(test_text_estimator_rates)
{
    md_store *st = load_text("estimator.log",
                             "INFO:tensorflow:loss = 3.5, step = 1\n"
                             "INFO:tensorflow:global_step/sec: 12.5\n"
                             "INFO:tensorflow:examples/sec: 400.25\n"
                             "INFO:tensorflow:loss = 2.75, step = 101 (8.0 sec)\n"
                             "INFO:tensorflow:global_step/sec: 13.75\n"
                             "INFO:tensorflow:examples/sec: 440\n"
                             "INFO:tensorflow:loss = 2.25, step = 201 (7.3 sec)\n",
                             NULL);
    const md_series *rate = series(st, "it_per_s"), *samples = series(st, "samples_per_s");
    ck_assert_uint_eq(rate->count, 2);
    ck_assert_int_eq(rate->first_step, 1);
    ck_assert_int_eq(rate->last_step, 101);
    ck_assert(rate->last == 13.75);
    ck_assert_int_eq(samples->last_step, 101);
    ck_assert(samples->last == 440);
    /* "(8.0 sec)" is the time since the line before, 100 steps: the
     * interval's, not a step's. */
    const md_series *interval = series(st, "interval_time");
    ck_assert_uint_eq(interval->count, 2);
    ck_assert_int_eq(interval->first_step, 101);
    ck_assert(interval->first == 8.0 && interval->last == 7.3);
    ck_assert_ptr_null(md_store_find(st, "step_time"));
    md_store_free(st);
}
END_TEST

/* LightGBM's log_evaluation: "[round]\tSET's METRIC: VALUE"; the set owns
 * the metric. Early stopping ends with the best round's line again, under
 * "Early stopping, best iteration is:": a repeat, not a step back, whose
 * round is the one kept (best_iteration). */
START_TEST(test_lightgbm_eval_lines)
{
    md_store *st = load_text("train.log",
                             "[LightGBM] [Info] Number of positive: 4120, number of negative: 5880\n"
                             "[1]\ttraining's binary_logloss: 0.661\tvalid_1's binary_logloss: 0.665\n"
                             "[2]\ttraining's binary_logloss: 0.632\tvalid_1's binary_logloss: 0.640\n"
                             "[3]\ttraining's binary_logloss: 0.605\tvalid_1's binary_logloss: 0.648\n"
                             "Early stopping, best iteration is:\n"
                             "[2]\ttraining's binary_logloss: 0.632\tvalid_1's binary_logloss: 0.640\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_uint_eq(val->count, 3);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(val->last_step, 3);
    ck_assert(loss->last == 0.605);
    ck_assert(val->last == 0.648);
    ck_assert_uint_eq(loss->restarts, 0);
    const md_series *best = series(st, "best_iteration");
    ck_assert_uint_eq(best->count, 1);
    ck_assert(best->last == 2);
    ck_assert_uint_eq(md_store_nseries(st), 3);
    md_store_free(st);
}
END_TEST

/* LightGBM's R package: "[round]:  SET's METRIC:VALUE", and a script that
 * print()s it, as R prints a string: [1] "...". */
START_TEST(test_lightgbm_r_eval_lines)
{
    const char *const logs[] = {"[1]:  train's auc:0.91  test's auc:0.48\n"
                                "[2]:  train's auc:0.95  test's auc:0.41\n"
                                "[10]:  train's auc:1  test's auc:0.45\n",
                                "[1] \"[1]:  train's auc:0.91  test's auc:0.48\"\n"
                                "[1] \"[2]:  train's auc:0.95  test's auc:0.41\"\n"
                                "[1] \"[10]:  train's auc:1  test's auc:0.45\"\n"};
    for (size_t i = 0; i < MD_COUNT(logs); i++) {
        md_store *st = load_text("train.log", logs[i], NULL);
        const md_series *auc = series(st, "auc"), *val = series(st, "val_auc");
        ck_assert_uint_eq(auc->count, 3);
        ck_assert_int_eq(auc->first_step, 1);
        ck_assert_int_eq(val->last_step, 10);
        ck_assert(val->last == 0.45);
        ck_assert_uint_eq(md_store_nseries(st), 2);
        md_store_free(st);
    }
    /* R's print of a script's own line. */
    md_store *st = load_text("train.log",
                             "[1] \"Epoch 1 loss 0.9134\"\n[1] \"Epoch 2 loss 0.7102\"\n[1] \"Epoch 3 loss 0.6551\"\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(loss->last == 0.6551);
    md_store_free(st);
    /* print() escapes a tab, a quote and a backslash. */
    st = load_text("train.log", "[1] \"epoch 1\\tloss: 1.970\"\n[1] \"epoch 2\\tloss: 1.940 \\\"ok\\\"\"\n", NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 1.94);
    md_store_free(st);
    /* A colon after the round, but no set's metric: no round. */
    md_kv kv[32];
    CHECK_LINE("[3]: loss=0.5", {"loss", 0.5, MD_UNIT_NONE});
}
END_TEST

/* CatBoost's verbose training: "N:\tlearn: X\ttest: Y\tbest: B (I)\ttotal:
 * T\tremaining: R". learn and test are the loss on each set and N the
 * step; best (a running best) and the times make no series, but the
 * iteration best last names is the fit's best_iteration, as the summary's
 * bestIteration after the last line says too. */
START_TEST(test_catboost_lines)
{
    md_store *st = load_text(
        "train.log",
        "Learning rate set to 0.0535\n"
        "0:\tlearn: 0.6805428\ttest: 0.6812735\tbest: 0.6812735 (0)\ttotal: 57.2ms\tremaining: 57.2s\n"
        "1:\tlearn: 0.6684131\ttest: 0.6698150\tbest: 0.6698150 (1)\ttotal: 66.1ms\tremaining: 33s\n"
        "2:\tlearn: 0.6570012\ttest: 0.6702113\tbest: 0.6698150 (1)\ttotal: 75.3ms\tremaining: 25s\n"
        "999:\tlearn: 0.0912345\ttest: 0.2701123\tbest: 0.2650010 (612)\ttotal: 9.5s\tremaining: 0us\n"
        "\n"
        "bestTest = 0.2650010028\n"
        "bestIteration = 612\n"
        "\n"
        "Shrink model to first 613 iterations.\n",
        NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_uint_eq(val->count, 4);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(val->last_step, 999);
    ck_assert(loss->first == 0.6805428 && loss->last == 0.0912345);
    ck_assert(val->first == 0.6812735 && val->last == 0.2701123);
    const md_series *best = series(st, "best_iteration");
    ck_assert(best->last == 612);
    ck_assert_uint_eq(md_store_nseries(st), 3);
    md_store_free(st);

    /* Without an eval set, learn alone; a notebook indents its output. */
    st = load_text("train.log",
                   "    0:\tlearn: 0.6805428\ttotal: 57.2ms\tremaining: 57.2s\n"
                   "    1:\tlearn: 0.6684131\ttotal: 1m 2s\tremaining: 2m\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 1);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);
    /* ... rising round after round, it is a score (eval_metric='Accuracy'
     * computed on the learning set), whose dips do not make it a loss. */
    st = load_text("train.log",
                   "0:\tlearn: 0.6114702\ttotal: 412ms\tremaining: 40.8s\n"
                   "1:\tlearn: 0.6201133\ttotal: 760ms\tremaining: 37.2s\n"
                   "2:\tlearn: 0.6185410\ttotal: 1.1s\tremaining: 35.9s\n"
                   "3:\tlearn: 0.6290025\ttotal: 1.5s\tremaining: 35.1s\n"
                   "4:\tlearn: 0.6344871\ttotal: 1.8s\tremaining: 34.6s\n"
                   "5:\tlearn: 0.6402236\ttotal: 2.2s\tremaining: 34.2s\n",
                   NULL);
    ck_assert_ptr_null(md_store_find(st, "loss"));
    ck_assert_uint_eq(series(st, "train_metric")->count, 6);
    md_store_free(st);

    /* Pasted into an issue, the tabs became runs of spaces. */
    st = load_text("pasted.log",
                   "34:     learn: 0.9508429        test: 0.8235312 best: 0.8356368 (1)     total: 17.5s    "
                   "remaining: 1h 39m 38s\n"
                   "35:     learn: 0.9506964        test: 0.8238223 best: 0.8356368 (1)     total: 17.9s    "
                   "remaining: 1h 39m 21s\n",
                   NULL);
    val = series(st, "val_metric");
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->last_step, 35);
    ck_assert(val->last == 0.8238223);
    ck_assert(series(st, "train_metric")->first == 0.9508429);
    md_store_free(st);

    /* A word that is no CatBoost field makes the line no CatBoost line. */
    st = load_text("other.log", "12:     learn: 0.95     loss: 0.5     total: 1s\n", NULL);
    ck_assert_ptr_null(md_store_find(st, "train_metric"));
    ck_assert(series(st, "loss")->last == 0.5);
    md_store_free(st);

    /* CatBoost 0.x: "learn" without its colon, and "passed:" glued to the
     * value before it, a NaN's too. */
    st = load_text("catboost0.log",
                   "0:\tlearn 0.6355974416passed: 17.4 sec\ttotal: 3m 13s\tremaining: 3h 42m 6s\n"
                   "1:\tlearn 0.5855715797passed: 17.5 sec\ttotal: 3m 30s\tremaining: 1h 59m 20s\n"
                   "2:\tlearn 0.5421632176\ttotal: 3m 47s\tremaining: 1h 24m 42s\n"
                   "3:\tlearn nanpassed: 17.4 sec\ttotal: 4m 4s\tremaining: 1h 7m 22s\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 4);
    ck_assert_uint_eq(series(st, "loss")->nan, 1);
    ck_assert_int_eq(series(st, "loss")->first_nonfinite_step, 3);
    ck_assert_double_eq(series(st, "loss")->first, 0.6355974416);
    md_store_free(st);
}
END_TEST

/* An eval_metric that is a score (AUC, Accuracy) improves upwards: the best
 * column rises, or a test value below it shows it. Read as a loss, its rise
 * would be overfitting. Lines read before the log tells are placed once it
 * does, in order. */
/* catboost_info/test_error.tsv holds the eval set's metrics under their
 * bare names, as does a copy named after its fit; learn_error.tsv the
 * training's. */
START_TEST(test_catboost_info_files)
{
    static const char tsv[] = "iter\tAUC\tLogloss\n0\t0.89\t0.587\n1\t0.90\t0.512\n2\t0.91\t0.470\n";
    static const char *const eval_names[] = {"test_error.tsv", "churn_test_error.tsv"};
    for (size_t i = 0; i < MD_COUNT(eval_names); i++) {
        md_store *st = load_text(eval_names[i], tsv, NULL);
        ck_assert_msg(md_store_find(st, "val_loss") != NULL, "%s: no val_loss", eval_names[i]);
        ck_assert(series(st, "val_auc")->last == 0.91);
        ck_assert_ptr_null(md_store_find(st, "loss"));
        md_store_free(st);
    }
    md_store *st = load_text("learn_error.tsv", "iter\tLogloss\n0\t0.58\n1\t0.50\n", NULL);
    ck_assert(series(st, "loss")->last == 0.5);
    ck_assert_ptr_null(md_store_find(st, "val_loss"));
    md_store_free(st);
}
END_TEST

START_TEST(test_catboost_score_metric)
{
    /* AUC, not computed on the learning set. */
    md_store *st = load_text("train.log",
                             "0:\ttest: 0.7012345\tbest: 0.7012345 (0)\ttotal: 52ms\tremaining: 52s\n"
                             "1:\ttest: 0.7200000\tbest: 0.7200000 (1)\ttotal: 61ms\tremaining: 30s\n"
                             "2:\ttest: 0.7100000\tbest: 0.7200000 (1)\ttotal: 70ms\tremaining: 23s\n",
                             NULL);
    const md_series *val = series(st, "val_metric");
    ck_assert_uint_eq(val->count, 3);
    ck_assert_int_eq(val->first_step, 0);
    ck_assert(val->first == 0.7012345 && val->last == 0.71);
    ck_assert_ptr_null(md_store_find(st, "val_loss"));
    md_store_free(st);

    /* Accuracy whose best never moves: a test value below it tells. */
    st = load_text("train.log",
                   "0:\tlearn: 0.8000000\ttest: 0.7500000\tbest: 0.7500000 (0)\ttotal: 5ms\tremaining: 5s\n"
                   "1:\tlearn: 0.8100000\ttest: 0.7400000\tbest: 0.7500000 (0)\ttotal: 9ms\tremaining: 4s\n",
                   NULL);
    ck_assert_uint_eq(series(st, "train_metric")->count, 2);
    ck_assert_uint_eq(series(st, "val_metric")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "loss"));
    md_store_free(st);

    /* A loss whose best never moves: a test value above it tells. */
    st = load_text("train.log",
                   "0:\tlearn: 0.60\ttest: 0.50\tbest: 0.50 (0)\ttotal: 5ms\tremaining: 5s\n"
                   "1:\tlearn: 0.55\ttest: 0.52\tbest: 0.50 (0)\ttotal: 9ms\tremaining: 4s\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    md_store_free(st);

    /* Folds of a cross-validation loop: each fit tells on its own. */
    st = load_text("train.log",
                   "0:\ttest: 0.70\tbest: 0.70 (0)\ttotal: 5ms\tremaining: 5s\n"
                   "1:\ttest: 0.75\tbest: 0.75 (1)\ttotal: 9ms\tremaining: 4s\n"
                   "0:\tlearn: 0.69\ttest: 0.70\tbest: 0.70 (0)\ttotal: 5ms\tremaining: 5s\n"
                   "1:\tlearn: 0.60\ttest: 0.65\tbest: 0.65 (1)\ttotal: 9ms\tremaining: 4s\n",
                   NULL);
    ck_assert_uint_eq(series(st, "val_metric")->count, 2);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    md_store_free(st);

    /* A log that never tells (one line) is read as a loss's. */
    st = load_text("train.log", "0:\tlearn: 0.69\ttest: 0.70\tbest: 0.70 (0)\ttotal: 5ms\tremaining: 5s\n",
                   NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 1);
    md_store_free(st);
}
END_TEST

/* A count in brackets places the pairs after it only where a tool is known
 * to write it so: "[1000] loss=" (CLU) and "[12]\tkey:" (the boosting
 * libraries). A script's "[3] loss: 0.5" may count epochs or ranks. */
START_TEST(test_bracket_count_is_a_step_only_as_tools_write_it)
{
    md_store *st = load_text("train.log", "[3] loss: 0.5\n[3] loss: 0.4\n[4] loss: 0.3\n", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert(series(st, "loss")->ordinal);
    md_store_free(st);
    st = load_text("train.log", "[3]\ttrain-rmse:0.5\n[4]\ttrain-rmse:0.4\n", NULL);
    ck_assert_int_eq(md_store_series(st, 0)->last_step, 4);
    md_store_free(st);
    /* xgb.cv: each figure the folds' mean, their spread glued after it. */
    st = load_text("cv.log",
                   "[0]\ttrain-logloss:0.650000+0.000417\ttest-logloss:0.660000+0.002922\n"
                   "[1]\ttrain-logloss:0.610000+0.000417\ttest-logloss:0.630000+0.002922\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 0.61 && series(st, "loss")->last_step == 1);
    ck_assert(series(st, "val_loss")->last == 0.63);
    md_store_free(st);
    /* The sets named as XGBoost's documentation names its DMatrix objects;
     * a 'd' before another word is no set. */
    st = load_text("xgb.log", "[0]\tdtrain-rmse:391.351\tdtest-rmse:340.637\n[1]\tdtrain-rmse:363.34\tdtest-rmse:342.916\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 363.34);
    ck_assert(series(st, "val_loss")->last == 342.916);
    ck_assert_ptr_nonnull(md_store_find(st, "loss"));
    md_store_free(st);
    st = load_text("d.log", "[0]\tdtrainer-rmse:0.5\ttrain-rmse:0.4\n[1]\tdtrainer-rmse:0.3\ttrain-rmse:0.2\n", NULL);
    ck_assert(series(st, "loss")->last == 0.2);
    md_store_free(st);
}
END_TEST

/* W&B summaries of HF runs hold "train/loss" (the last logged loss) and
 * "train_loss" (the run's mean loss): two quantities, two series. */
START_TEST(test_json_two_spellings_stay_apart)
{
    md_store *st = load_text("wandb-summary.json",
                             "{\"_step\":16,\"train_loss\":0.374,\"train/loss\":0.1726}", NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_msg(loss->count == 1, "loss mixes %llu values of two keys",
                  (unsigned long long)loss->count);
    bool other = false;
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        other |= s != loss && s->count == 1 && (s->last == 0.374 || s->last == 0.1726) &&
                 s->last != loss->last;
    }
    ck_assert_msg(other, "the second spelling has no series of its own");
    md_store_free(st);
}
END_TEST

START_TEST(test_json_megatron_golden_values)
{
    md_store *st = load_text("golden_values.json",
                             "{\"lm loss\": {\"start_step\": 1, \"end_step\": 16, \"step_interval\": 5, "
                             "\"values\": {\"1\": 10.5, \"6\": 9.8, \"11\": 9.1, \"16\": \"nan\"}}, "
                             "\"iteration-time\": {\"start_step\": 1, \"end_step\": 16, "
                             "\"step_interval\": 5, "
                             "\"values\": {\"1\": 6.38, \"6\": 0.45, \"11\": 0.44, \"16\": \"nan\"}}}",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_uint_eq(loss->nan + loss->inf, 0);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 11);
    ck_assert(loss->last == 9.1);
    const md_series *time = series(st, "step_time");
    ck_assert_uint_eq(time->count, 3);
    ck_assert(time->last == 0.44);
    md_store_free(st);

    /* The older layout: a list from start_step, every step_interval. */
    st = load_text("golden_values.json",
                   "{\"lm loss\": {\"start_step\": 0, \"end_step\": 15, \"step_interval\": 5, "
                   "\"values\": [10.5, 9.8, 9.1, 8.7]}}",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 15);
    ck_assert(loss->last == 8.7);
    md_store_free(st);
}
END_TEST

/* pandas' print of Lightning's metrics.csv: the index before each row, none
 * in the header; NaN in the columns of the set a row does not report (the
 * validation's in a training row, training's in a validation row) is no
 * value, but a row whose losses are all NaN diverged. Casanovo's history
 * table does the same with tabs. */
START_TEST(test_text_table_nan_placeholders)
{
    md_store *st = load_text("notebook.log",
                             "    epoch  step  train_loss  val_loss  val_acc\n"
                             "0       0    49    0.693100       NaN      NaN\n"
                             "1       0    49         NaN  0.650200   0.6100\n"
                             "2       1    99    0.601200       NaN      NaN\n"
                             "3       1    99         NaN  0.580100   0.6900\n"
                             "4       2   149         NaN       NaN      NaN\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 149);
    ck_assert_uint_eq(series(st, "val_loss")->count, 3);
    ck_assert_uint_eq(series(st, "val_loss")->nan, 1);
    ck_assert_uint_eq(series(st, "val_accuracy")->finite, 2);
    md_store_free(st);

    st = load_text("history.tsv",
                   "Step\tTrain loss\tValid loss\t\n3000\tnan\t0.008297\n3772\t0.816543\tnan\n"
                   "6772\tnan\t0.001980\n7544\t0.002239\tnan\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_uint_eq(series(st, "loss")->nan, 0);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert_uint_eq(series(st, "val_loss")->nan, 0);
    md_store_free(st);

    /* Flair's loss.tsv writes "_" for a score it did not compute, and an
     * empty cell after the training loss that no name heads: its rows are
     * one cell longer than the header, so they are columns, not CSV. */
    st = load_text("loss.tsv",
                   "EPOCH\tTIMESTAMP\tBAD_EPOCHS\tLEARNING_RATE\tTRAIN_LOSS\tTRAIN_PRECISION\tTRAIN_F-SCORE\t"
                   "DEV_LOSS\tDEV_PRECISION\tDEV_F-SCORE\n"
                   "0\t11:17:16\t0\t0.1000\t0.0215\t\t_\t_\t0.0135\t0.7966\t0.7966\n"
                   "1\t11:17:21\t0\t0.1000\t0.0119\t\t_\t_\t0.0090\t0.9492\t0.9492\n"
                   "2\t11:17:26\t0\t0.1000\tnan\t\t_\t_\t0.0071\t0.9661\t0.9661\n",
                   NULL);
    const md_series *flair = series(st, "loss");
    ck_assert_uint_eq(flair->count, 3);
    ck_assert_int_eq(flair->first_nonfinite_step, 2);
    ck_assert(series(st, "val_loss")->first == 0.0135);
    ck_assert(series(st, "val_f1")->last == 0.9661);
    ck_assert_ptr_null(md_store_find(st, "train_precision"));
    md_store_free(st);
}
END_TEST

/* Metrics stored by column: Keras's History.history (a point's place is
 * its position), Sacred's metrics.json (steps beside values), pandas'
 * to_json (steps as keys). */
START_TEST(test_text_column_empty_cells)
{
    /* Chainer's PrintReport leaves the validation columns empty between
     * evaluations: each value starts where its column's name starts. */
    md_store *st = load_text("chainer.log",
                             "epoch       main/loss   validation/main/loss  main/accuracy  elapsed_time\n"
                             "1           36.7193                           0.17           0.808314\n"
                             "2           1.1515e+19                        0.05           0.829958\n"
                             "3           nan         nan                   0.08           0.841378\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert(loss->first == 36.7193);
    ck_assert_uint_eq(loss->count - loss->finite, 1);
    ck_assert_uint_eq(series(st, "accuracy")->count, 3);
    ck_assert(series(st, "accuracy")->last == 0.08);
    /* The empty validation cell is no value: one evaluation, at epoch 3. */
    ck_assert_uint_eq(series(st, "val_loss")->count, 1);
    ck_assert_int_eq(series(st, "val_loss")->first_step, 3);
    md_store_free(st);

    /* Cells that start nowhere a name starts (right-aligned numbers, or a
     * line of prose) are no row of the table: nothing is guessed. */
    st = load_text("shifted.log",
                   "epoch       main/loss   validation/main/loss  main/accuracy  elapsed_time\n"
                   "1           36.7193                           0.17           0.808314\n"
                   "  2             1.25                              0.18         0.829958\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);

    /* A value wider than its column pushes the cells after it right by as
     * much (ESPnet's transducer loss, "-0.00548435" under "main/loss"). */
    st = load_text("espnet.log",
                   "epoch       iteration   main/loss   validation/main/loss  main/loss_trans  elapsed_time\n"
                   "0           100         0.0183482                         0.0183482        123.279\n"
                   "0           200         -0.00548435                        -0.00548435      236.267\n"
                   "0           300         -0.0430187                        -0.0430187       348.067\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(loss->min == -0.0430187);
    ck_assert_uint_eq(series(st, "main_loss_trans")->count, 3);
    ck_assert(series(st, "train_time")->last == 348.067);
    md_store_free(st);
}
END_TEST

/* A line of values without a count, under a line that counted the epoch,
 * stands at that epoch, as it does under a counted step. */
START_TEST(test_text_values_under_epoch_line)
{
    md_store *st = load_text("ptens.log",
                             "Epoch: 001, Loss: 1.6046\n"
                             "Train acc:0.2422, Test acc:0.2200\n"
                             "Epoch: 002, Loss: 1.5845\n"
                             "Train acc:0.2871, Test acc:0.2800\n",
                             NULL);
    const md_series *acc = series(st, "accuracy");
    ck_assert(!acc->ordinal);
    ck_assert_int_eq(acc->first_step, 1);
    ck_assert_int_eq(acc->last_step, 2);
    ck_assert_int_eq(series(st, "val_accuracy")->last_step, 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_dl4j_score_lines)
{
    /* Deeplearning4j's ScoreIterationListener: the score is the loss, at
     * the iteration the line names. */
    md_store *st = load_text("dl4j.log",
                             "o.d.e.s.LeNetMNIST - Train model...\n"
                             "o.d.o.l.ScoreIterationListener - Score at iteration 0 is 2.4743150434186543\n"
                             "o.d.o.l.ScoreIterationListener - Score at iteration 10 is 1.1818027856870121\n"
                             "o.d.o.l.ScoreIterationListener - Score at iteration 20 is NaN\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 20);
    ck_assert(loss->first == 2.4743150434186543);
    ck_assert_uint_eq(loss->finite, 2);
    md_store_free(st);

    /* Prose about a score is no score line. */
    st = load_text("prose.log",
                   "Score at iteration 10 is reported below\n"
                   "step 1 loss 0.5\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);
}
END_TEST

START_TEST(test_json_columns)
{
    md_store *st = load_text("history.json",
                             "{\"loss\": [2.5, 1.5, 1.0, NaN], \"val_loss\": [2.6, 1.7, 1.4], "
                             "\"accuracy\": [0.5, null, 0.7, 0.8]}",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->ordinal);
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 4);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 3);
    const md_series *acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 3);
    ck_assert_int_eq(acc->last_step, 4);
    md_store_free(st);

    st = load_text("metrics.json",
                   "{\"train.loss\": {\"steps\": [0, 10, 20], \"timestamps\": [\"2024-01-01T10:00:00\", "
                   "\"2024-01-01T10:00:10\", \"2024-01-01T10:00:20\"], \"values\": [2.3, 2.0, NaN]}, "
                   "\"val.loss\": {\"steps\": [10, 20], \"values\": [2.1, 1.9]}}",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_nonfinite_step, 20);
    ck_assert(series(st, "val_loss")->last == 1.9);
    md_store_free(st);

    st = load_text("frame.json", "{\"loss\": {\"100\": 2.3, \"200\": 2.1}, \"lr\": {\"100\": 0.001, \"200\": 0.001}}",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 100);
    ck_assert_int_eq(loss->last_step, 200);
    md_store_free(st);

    /* An object with other members is one record: a summary's lists of
     * settings are no columns. */
    st = load_text("summary.json", "{\"betas\": [0.9, 0.999], \"optim\": \"adamw\", \"loss\": 2.3}", NULL);
    ck_assert_ptr_null(md_store_find(st, "betas"));
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);

    /* A script's history beside its settings: the longest lists are the
     * columns; shorter lists and single numbers are not points. */
    st = load_text("training_history.json",
                   "{\"backbone\": \"b0\", \"img_size\": 112, \"phase_starts\": [0, 2, 4], \"train_loss\": "
                   "[0.9, 0.8, 0.7, 0.6, 0.5], \"val_loss\": [1.0, 0.9, 0.85, 0.8, 0.8], \"test_acc\": 77.6}",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 5);
    ck_assert(loss->ordinal);
    ck_assert_uint_eq(series(st, "val_loss")->count, 5);
    ck_assert_ptr_null(md_store_find(st, "phase_starts"));
    ck_assert_ptr_null(md_store_find(st, "val_accuracy"));
    md_store_free(st);

    /* Lists of settings the catalog does not name are no history. */
    st = load_text("settings.json", "{\"hidden_sizes\": [256, 256, 128], \"dropouts\": [0.1, 0.1, 0.2], \"loss\": 2.3}",
                   NULL);
    ck_assert_ptr_null(md_store_find(st, "hidden_sizes"));
    ck_assert_uint_eq(series(st, "loss")->count, 1);
    md_store_free(st);
}
END_TEST

START_TEST(test_json_arrays_of_records)
{
    md_store *st =
        load_text("history.json", "[{\"step\": 1, \"loss\": 2}, {\"step\": 2, \"loss\": 1}]", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    md_store_free(st);

    st = load_text("run.json",
                   "{\"meta\": {\"lr\": 0.1}, \"history\": [{\"step\": 1, \"loss\": 2}, {\"step\": 2, "
                   "\"loss\": 1.5}, {\"step\": 3, \"loss\": 1.2}], \"ids\": [1, 2, 3, 4]}",
                   NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert_ptr_null(md_store_find(st, "lr"));
    md_store_free(st);
}
END_TEST

START_TEST(test_mlflow_metric_file)
{
    char *dir = t_tmpdir();
    char *metrics = t_path(dir, "metrics");
    ck_assert_int_eq(mkdir(metrics, 0777), 0);
    char *path = t_write_str(metrics, "loss",
                             "1628697792090 332.6841735839844 0\n"
                             "1628697795789 297.6000061035156 1\n"
                             "1628697799319 270.32366943359375 2\n");
    md_store *st = load_path(path, MD_OK, NULL);
    const md_input *in = md_store_input(st, 0);
    ck_assert_int_eq(in->format, MD_FMT_MLFLOW);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(loss->last == 270.32366943359375);
    ck_assert_uint_eq(in->time.stamps, 3);
    ck_assert(T_CLOSE(in->time.first, 1628697792.090));
    md_store_free(st);
    free(path);

    md_diags diags;
    md_diags_init(&diags);
    path = t_write_str(metrics, "val_loss",
                       "1628697792090 2.5 0\n1628697795789 2.4 1\n1628697799319 2.3 2\nnot a metric line\n");
    st = load_path(path, MD_OK, &diags);
    ck_assert_uint_eq(series(st, "val_loss")->count, 3);
    ck_assert_uint_eq(md_store_input(st, 0)->bad_records, 1);
    const md_diag *g = t_find_diag(&diags, MD_DIAG_WARNING, "not an MLflow metric line");
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(g->line, 4);
    md_store_free(st);
    md_diags_free(&diags);
    free(path);
    free(metrics);
    t_rmtree(dir);
    free(dir);
}
END_TEST

/* Files written with encoding="utf-8-sig" (pandas, Excel, PowerShell)
 * start with a byte order mark; it is no part of the first key. */
START_TEST(test_utf8_bom)
{
    md_store *st = load_text("metrics.csv", "\xef\xbb\xbfstep,loss\n1,2.0\n2,1.5\n3,1.2\n", NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_msg(!loss->ordinal, "the step column was not read as steps");
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);

    st = load_text("trainer_state.json",
                   "\xef\xbb\xbf{\"log_history\": [{\"loss\": 2.0, \"step\": 10}, "
                   "{\"loss\": 1.5, \"step\": 20}]}\n",
                   NULL);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_JSON);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 10);
    ck_assert_int_eq(loss->last_step, 20);
    md_store_free(st);
}
END_TEST

/* UTF-8 text as UTF-16 with a byte order mark, the way PowerShell's `>`
 * writes a log (big-endian when be). */
static md_buf utf16_of(const char *utf8, bool be)
{
    md_buf out = {0};
    md_buf_put(&out, be ? "\xfe\xff" : "\xff\xfe", 2);
    const unsigned char *p = (const unsigned char *)utf8;
    while (*p) {
        uint32_t c;
        int extra = *p >= 0xf0 ? 3 : *p >= 0xe0 ? 2 : *p >= 0xc0 ? 1 : 0;
        c = extra ? (uint32_t)(*p & (0x3f >> extra)) : *p;
        for (p++; extra--; p++)
            c = c << 6 | (uint32_t)(*p & 0x3f);
        uint16_t units[2] = {(uint16_t)c, 0};
        int n = 1;
        if (c >= 0x10000) {
            units[0] = (uint16_t)(0xd800 | (c - 0x10000) >> 10);
            units[1] = (uint16_t)(0xdc00 | (c & 0x3ff));
            n = 2;
        }
        for (int i = 0; i < n; i++) {
            char b[2] = {(char)(be ? units[i] >> 8 : units[i] & 0xff), (char)(be ? units[i] & 0xff : units[i] >> 8)};
            md_buf_put(&out, b, 2);
        }
    }
    return out;
}

static void assert_same_series(const md_store *want, const md_store *got)
{
    ck_assert_uint_eq(md_store_nseries(got), md_store_nseries(want));
    for (size_t i = 0; i < md_store_nseries(want); i++) {
        const md_series *w = md_store_series(want, i), *g = series(got, w->name);
        ck_assert_uint_eq(g->count, w->count);
        ck_assert_int_eq(g->first_step, w->first_step);
        ck_assert_int_eq(g->last_step, w->last_step);
        ck_assert(g->first == w->first && g->last == w->last && g->min == w->min && g->max == w->max);
    }
}

/* A log in UTF-16 reads as the same log in UTF-8: both byte orders, bars
 * drawn with U+2588, characters outside the BMP (surrogate pairs), and
 * enough text that blocks of it are decoded one after another. */
START_TEST(test_utf16_log)
{
    md_buf text = {0};
    for (int step = 1; step <= 3000; step++) {
        md_buf_printf(&text, "%3d%%|\xe2\x96\x88\xe2\x96\x88   | %d/3000 [00:%02d<00:10, 4.%02dit/s]\r", step / 30, step,
                      step % 60, step % 100);
        if (step % 10 == 0)
            md_buf_printf(&text, "\xf0\x9f\x94\xa5 {'loss': %.4f, 'grad_norm': %.3f, 'epoch': %.2f}\n",
                          2.0 / (1 + step / 300.0), 1.0 + step % 7 / 10.0, step / 1000.0);
    }
    md_store *want = load_text("train.log", md_buf_cstr(&text), NULL);
    ck_assert_uint_eq(series(want, "loss")->count, 300);
    for (int be = 0; be <= 1; be++) {
        md_buf wide = utf16_of(md_buf_cstr(&text), be);
        ck_assert_uint_gt(wide.n, 2 * 65536);
        md_store *got = load_bytes("train.log", wide.p, wide.n, MD_OK, NULL);
        assert_same_series(want, got);
        md_store_free(got);
        md_buf_free(&wide);
    }
    md_store_free(want);
    md_buf_free(&text);

    /* An unpaired surrogate is one replacement character; an odd last byte
     * is dropped. The lines around them still count. */
    static const char bad[] = "\xff\xfel\0o\0s\0s\0=\0" "1\0\n\0\x00\xd8x\0\n\0l\0o\0s\0s\0=\0" "2\0\n\0l";
    md_store *st = load_bytes("train.log", bad, sizeof bad - 1, MD_OK, NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "loss")->last == 2.0);
    md_store_free(st);
}
END_TEST

/* Runs of 16 NUL bytes and more are holes a crash left: counted, with the
 * line that holds the last one and whether the input ends in it; shorter
 * runs are stray bytes. A hole longer than one read is one hole. */
START_TEST(test_nul_holes)
{
    md_buf text = {0};
    for (int step = 1; step <= 50; step++)
        md_buf_printf(&text, "step %d loss %.3f\n", step, 3.0 - step / 50.0);
    md_buf_put(&text, "step 51 lo", 10);
    for (int i = 0; i < 300000; i++)
        md_buf_putc(&text, '\0');
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_bytes("train.log", text.p, text.n, MD_OK, &diags);
    const md_input *in = md_store_input(st, 0);
    ck_assert_uint_eq(in->hole_bytes, 300000);
    ck_assert_uint_eq(in->hole_end_bytes, 300000);
    ck_assert_uint_eq(in->hole_line, 51);
    ck_assert(in->hole_at_end);
    ck_assert_uint_eq(series(st, "loss")->count, 50);
    const md_diag *d = t_find_diag(&diags, MD_DIAG_WARNING, "300000 NUL bytes end the file");
    ck_assert_ptr_nonnull(d);
    ck_assert_uint_eq(d->line, 51);
    md_store_free(st);
    md_diags_free(&diags);

    /* A hole longer than a line can be is a hole, not a line cut short. */
    md_buf zeros = {0};
    md_buf_puts(&zeros, "step 1 loss 2.500\nstep 2 loss 2.400\n");
    for (int i = 0; i < 3 << 20; i++)
        md_buf_putc(&zeros, '\0');
    md_diags_init(&diags);
    st = load_bytes("train.log", zeros.p, zeros.n, MD_OK, &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "NUL bytes end the file"));
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "longer than"));
    ck_assert_uint_eq(md_store_input(st, 0)->cut_lines, 0);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&zeros);

    /* The job restarted and appended to the same log: the hole is inside. */
    md_buf_puts(&text, "\nstep 51 loss 1.980\nstep 52 loss 1.960\n");
    st = load_bytes("train.log", text.p, text.n, MD_OK, NULL);
    in = md_store_input(st, 0);
    ck_assert_uint_eq(in->hole_bytes, 300000);
    ck_assert_uint_eq(in->hole_line, 51);
    ck_assert(!in->hole_at_end);
    ck_assert_uint_eq(in->hole_end_bytes, 0);
    ck_assert_uint_eq(series(st, "loss")->count, 52);
    md_store_free(st);
    /* And went down again: the hole that ends the file is told apart
     * from the one inside. */
    md_buf_put(&text, "step 53 l", 9);
    for (int i = 0; i < 50; i++)
        md_buf_putc(&text, '\0');
    md_diags_init(&diags);
    st = load_bytes("train.log", text.p, text.n, MD_OK, &diags);
    in = md_store_input(st, 0);
    ck_assert_uint_eq(in->hole_bytes, 300050);
    ck_assert_uint_eq(in->hole_end_bytes, 50);
    ck_assert(in->hole_at_end);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "50 NUL bytes end the file, and 300000 more are in holes before"));
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&text);

    /* A Lightning metrics.csv cut off the same way. */
    md_buf csv = {0};
    md_buf_puts(&csv, "epoch,step,train_loss\n");
    for (int step = 0; step < 40; step++)
        md_buf_printf(&csv, "0,%d,%.3f\n", step, 3.0 - step / 40.0);
    for (int i = 0; i < 4096; i++)
        md_buf_putc(&csv, '\0');
    st = load_bytes("metrics.csv", csv.p, csv.n, MD_OK, NULL);
    in = md_store_input(st, 0);
    ck_assert_int_eq(in->format, MD_FMT_CSV);
    ck_assert_uint_eq(in->hole_bytes, 4096);
    ck_assert_uint_eq(in->hole_line, 42);
    ck_assert(in->hole_at_end);
    ck_assert_uint_eq(series(st, "loss")->count, 40);
    md_store_free(st);
    md_buf_free(&csv);

    md_buf stray = {0};
    for (int step = 1; step <= 50; step++)
        md_buf_printf(&stray, "step %d loss %.3f\n", step, 3.0 - step / 50.0);
    md_buf_put(&stray, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 15);
    md_buf_puts(&stray, "step 51 loss 1.970\n");
    /* A stray NUL inside a value's line: no hole, but said, as the value
     * beside it is lost. */
    md_buf_put(&stray, "step 52 loss\0" "1.960\n", 19);
    md_diags_init(&diags);
    st = load_bytes("train.log", stray.p, stray.n, MD_OK, &diags);
    md_buf_free(&stray);
    ck_assert_uint_eq(md_store_input(st, 0)->hole_bytes, 0);
    ck_assert_uint_eq(md_store_input(st, 0)->hole_line, 0);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "16 NUL bytes inside lines"));
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_WARNING, "never written"));
    md_store_free(st);
    md_diags_free(&diags);

    /* A hole longer than the pairs are looked for in, and one longer than
     * the head the format is told from, the log's first bytes: the lines
     * after each are read. */
    md_buf big = {0};
    for (int i = 0; i < 70000; i++)
        md_buf_putc(&big, '\0');
    for (int step = 1; step <= 50; step++)
        md_buf_printf(&big, "step %d loss %.3f\n", step, 3.0 - step / 50.0);
    for (int i = 0; i < 100000; i++)
        md_buf_putc(&big, '\0');
    md_buf_puts(&big, "step 51 loss 1.970\n");
    st = load_bytes("train.log", big.p, big.n, MD_OK, NULL);
    md_buf_free(&big);
    ck_assert_int_eq(md_store_input(st, 0)->format, MD_FMT_TEXT);
    ck_assert_uint_eq(md_store_input(st, 0)->hole_bytes, 170000);
    ck_assert_uint_eq(series(st, "loss")->count, 51);
    ck_assert_int_eq(series(st, "loss")->last_step, 51);
    md_store_free(st);
}
END_TEST

/* ---- gzip ---------------------------------------------------------------- */

static char *write_gz(const char *dir, const char *name, const char *mode, const char *text)
{
    char *path = t_path(dir, name);
    gzFile gz = gzopen(path, mode);
    ck_assert_ptr_nonnull(gz);
    size_t n = strlen(text);
    ck_assert_int_eq(gzwrite(gz, text, (unsigned)n), (int)n);
    ck_assert_int_eq(gzclose(gz), Z_OK);
    return path;
}

typedef struct gz_case {
    const char *name;
    const char *text;
    const char *series;
    uint64_t count;
} gz_case;

START_TEST(test_gzip_inputs)
{
    static const gz_case cases[] = {
        {"train.log.gz", "step 1, loss: 2.0\nstep 2, loss: 1.5\n", "loss", 2},
        {"metrics.csv.gz", "step,val_loss\n1,2.5\n2,2.4\n3,2.3\n", "val_loss", 3},
        {"trainer_state.json.gz", trainer_state, "loss", 3},
        {"metrics.jsonl.gz", "{\"iteration\": 1, \"total_loss\": 2}\n{\"iteration\": 2, \"total_loss\": 1}\n",
         "loss", 2},
        {"loss", "1628697792090 3.5 0\n1628697795789 3.25 1\n", "loss", 2},
    };
    char *dir = t_tmpdir();
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        char *path = write_gz(dir, cases[i].name, "wb", cases[i].text);
        md_store *st = load_path(path, MD_OK, NULL);
        const md_series *s = series(st, cases[i].series);
        ck_assert_msg(s->count == cases[i].count, "%s: %s has %llu points", cases[i].name,
                      cases[i].series, (unsigned long long)s->count);
        ck_assert_msg(!md_store_input(st, 0)->cut_short, "%s: a complete gzip stream is marked cut short",
                      cases[i].name);
        md_store_free(st);
        free(path);
    }
    t_rmtree(dir);
    free(dir);
}
END_TEST

static md_buf read_all(const char *path)
{
    md_buf b = {0};
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char block[4096];
    size_t n;
    while ((n = fread(block, 1, sizeof block, f)) > 0)
        md_buf_put(&b, block, n);
    fclose(f);
    return b;
}

START_TEST(test_gzip_cut_short)
{
    char *dir = t_tmpdir();
    md_buf text = {0};
    for (int i = 1; i <= 2000; i++)
        md_buf_printf(&text, "step %d, loss: %.4f\n", i, 5.0 / i);
    char *path = write_gz(dir, "train.log.gz", "wb", md_buf_cstr(&text));
    md_buf gz = read_all(path);
    free(path);
    path = t_write(dir, "cut.log.gz", gz.p, gz.n - 40);

    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_path(path, MD_OK, &diags);
    ck_assert(md_store_input(st, 0)->cut_short);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "compressed stream ends early"));
    const md_series *loss = series(st, "loss");
    ck_assert(loss->count > 1000 && loss->count <= 2000);
    md_store_free(st);
    md_diags_free(&diags);
    free(path);

    /* Cut before its first byte of data: a corrupt stream, not an empty
     * file. */
    path = t_write(dir, "head.log.gz", gz.p, 15);
    md_diags_init(&diags);
    st = load_path(path, MD_ERR_FORMAT, &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "compressed stream is corrupt or ends before any data"));
    ck_assert_ptr_null(t_find_diag(&diags, MD_DIAG_ERROR, "empty input"));
    md_store_free(st);
    md_diags_free(&diags);
    free(path);
    md_buf_free(&gz);
    md_buf_free(&text);
    t_rmtree(dir);
    free(dir);
}
END_TEST

START_TEST(test_gzip_concatenated_members)
{
    char *dir = t_tmpdir();
    char *path = write_gz(dir, "both.gz", "wb", "first member\n");
    free(write_gz(dir, "both.gz", "ab", "second member\n"));
    md_err err;
    int sys;
    md_source *src = md_source_open(path, &err, &sys);
    ck_assert_ptr_nonnull(src);
    ck_assert(md_source_is_gzip(src));
    char *data;
    size_t n;
    ck_assert_int_eq(md_source_slurp(src, 1 << 20, &data, &n), MD_OK);
    ck_assert_str_eq(data, "first member\nsecond member\n");
    ck_assert_msg(!md_source_cut_short(src), "two complete gzip members are marked cut short");
    ck_assert_uint_eq(md_source_bytes(src), n);
    free(data);
    md_source_close(src);
    free(path);
    t_rmtree(dir);
    free(dir);
}
END_TEST

/* Whether the stream read whole was cut short; *trailing whether bytes
 * that are no member followed it. */
static bool gzip_ending(const char *path, bool *trailing)
{
    md_err err;
    int sys;
    md_source *src = md_source_open(path, &err, &sys);
    ck_assert_ptr_nonnull(src);
    char *data;
    size_t n;
    ck_assert_int_eq(md_source_slurp(src, 1 << 20, &data, &n), MD_OK);
    ck_assert_str_eq(data, "step 1, loss: 2.0\n");
    bool cut = md_source_cut_short(src);
    *trailing = md_source_trailing(src);
    free(data);
    md_source_close(src);
    return cut;
}

static bool gzip_cut_short(const char *path)
{
    bool trailing;
    return gzip_ending(path, &trailing);
}

/* Zero bytes after the last member are padding, as gzip reads them, over a
 * block boundary too; zeros and then anything else, or anything else
 * right after the member, are trailing garbage: the stream was whole. */
START_TEST(test_gzip_zero_padding)
{
    char *dir = t_tmpdir();
    char *path = write_gz(dir, "train.log.gz", "wb", "step 1, loss: 2.0\n");
    md_buf gz = read_all(path);
    free(path);
    size_t members = gz.n;
    for (int i = 0; i < 300000; i++)
        md_buf_put(&gz, "", 1);
    path = t_write(dir, "padded.log.gz", gz.p, gz.n);
    ck_assert_msg(!gzip_cut_short(path), "zero padding after a complete member is marked cut short");
    free(path);
    path = t_write(dir, "short_pad.log.gz", gz.p, members + 7);
    ck_assert_msg(!gzip_cut_short(path), "zero padding after a complete member is marked cut short");
    free(path);
    bool trailing;
    path = t_write(dir, "padded.log.gz", gz.p, gz.n);
    ck_assert(!gzip_ending(path, &trailing) && !trailing);
    free(path);
    md_buf_put(&gz, "junk", 4);
    path = t_write(dir, "garbage.log.gz", gz.p, gz.n);
    ck_assert_msg(!gzip_ending(path, &trailing) && trailing, "garbage after zero padding is not marked trailing");
    free(path);
    md_buf junk = {0};
    md_buf_put(&junk, gz.p, members);
    md_buf_put(&junk, "\x8a junk that is no gzip member", 30);
    path = t_write(dir, "junk.log.gz", junk.p, junk.n);
    ck_assert_msg(!gzip_ending(path, &trailing) && trailing, "garbage right after a member is not marked trailing");
    free(path);
    /* A lone byte of the magic is no member. */
    md_buf_reset(&junk);
    md_buf_put(&junk, gz.p, members);
    md_buf_put(&junk, "\x1f", 1);
    path = t_write(dir, "one.log.gz", junk.p, junk.n);
    ck_assert_msg(!gzip_ending(path, &trailing) && trailing, "a trailing 0x1f is taken for a member");
    free(path);
    /* A second member that breaks after its header is a member cut short. */
    md_buf_reset(&junk);
    md_buf_put(&junk, gz.p, members);
    md_buf_put(&junk, gz.p, 10);
    path = t_write(dir, "second.log.gz", junk.p, junk.n);
    ck_assert_msg(gzip_ending(path, &trailing) && !trailing, "a second member cut short is not marked so");
    free(path);
    md_buf_free(&junk);
    md_buf_free(&gz);
    t_rmtree(dir);
    free(dir);
}
END_TEST

/* ---- run directories ----------------------------------------------------- */

START_TEST(test_directory_run)
{
    char *dir = t_tmpdir();
    free(t_write_str(dir, "train.log", "step 1, loss: 2.0\nstep 2, loss: 1.5\n"));
    free(t_write_str(dir, "metrics.csv", "step,val_loss\n1,2.5\n2,2.2\n"));
    free(t_write_str(dir, ".hidden.log", "step 1, loss: 99\n"));
    free(t_write_str(dir, "model.bin", "step 1, loss: 99\n"));
    free(t_write_str(dir, "train.py", "print('loss: 99')  # OutOfMemoryError\n"));
    char *ckpt = t_path(dir, "checkpoint-100");
    ck_assert_int_eq(mkdir(ckpt, 0777), 0);
    free(t_write_str(ckpt, "trainer_state.json",
                     "{\"log_history\": [{\"loss\": 99, \"step\": 1}, {\"loss\": 98, \"step\": 2}, "
                     "{\"loss\": 97, \"step\": 3}]}"));
    char *sub = t_path(dir, "sub");
    ck_assert_int_eq(mkdir(sub, 0777), 0);
    char *loop = t_path(sub, "loop");
    ck_assert_int_eq(symlink("..", loop), 0);

    md_store *st = load_path(dir, MD_OK, NULL);
    ck_assert_uint_eq(md_store_ninputs(st), 2);
    for (size_t i = 0; i < md_store_ninputs(st); i++) {
        const char *p = md_store_input(st, i)->path;
        ck_assert_msg(strstr(p, "train.log") || strstr(p, "metrics.csv"), "read %s", p);
    }
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 1.5);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert_ptr_null(md_store_find_event(st, "cuda_oom"));
    md_store_free(st);
    free(loop);
    free(sub);
    free(ckpt);
    t_rmtree(dir);
    free(dir);
}
END_TEST

START_TEST(test_directory_without_logs)
{
    char *dir = t_tmpdir();
    free(t_write_str(dir, "weights.safetensors", "binary"));
    free(t_write(dir, "empty.log", "", 0));
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_path(dir, MD_ERR_NODATA, &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "no log, CSV, JSON or event file"));
    md_store_free(st);
    md_diags_free(&diags);
    t_rmtree(dir);
    free(dir);
}
END_TEST

START_TEST(test_missing_and_binary_files)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = NULL;
    ck_assert_int_eq(t_load("/nonexistent/dir/train.log", &st, &diags), MD_ERR_IO);
    const md_diag *g = t_find_diag(&diags, MD_DIAG_ERROR, "cannot open");
    ck_assert_ptr_nonnull(g);
    ck_assert_str_eq(g->path, "/nonexistent/dir/train.log");
    md_store_free(st);
    md_diags_free(&diags);

    md_diags_init(&diags);
    st = load_bytes("run.wandb", ":W&B\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b", 16, MD_ERR_FORMAT,
                    &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "binary data"));
    md_store_free(st);
    md_diags_free(&diags);
}
END_TEST

/* ---- repeated phrases ---------------------------------------------------- */

/* Text that loops, and lines that repeat without looping. */
START_TEST(test_repeat_scan)
{
    static const struct {
        const char *line;
        size_t repeats, period;
    } cases[] = {
        {"sample: the the the the the the the the", 8, 1},
        {"> Hello, I'm a language model, I am sorry. I am sorry. I am sorry. I am sorry.", 4, 3},
        {"generated: to be or not to be or not to be or not to be or not", 4, 4},
        {"The quick brown fox jumps over the lazy dog and runs into the woods.", 0, 0},
        /* numbers in quotes are not words */
        {"rampup_batch_size ............................... ['32', '32', '4000000', '32', '32', '32']", 0, 0},
        /* a run of special tokens is padding */
        {"<s> [INST] Summarize [/INST] The council met.</s><unk><unk><unk><unk><unk><unk><unk><unk><unk>", 0, 0},
        {"input: [CLS] hello world [SEP] [PAD] [PAD] [PAD] [PAD] [PAD] [PAD] [PAD] [PAD]", 0, 0},
        {"<|endoftext|><|endoftext|><|endoftext|><|endoftext|><|endoftext|><|endoftext|><|endoftext|>x y z", 0,
         0},
        /* a data structure's print repeats its names between brackets */
        {"  ANCHORS: [array([10., 13.]), array([16., 30.]), array([33., 23.]), array([30., 61.]), array([62., 45.]), "
         "array([ 59., 119.]), array([116.,  90.])]",
         0, 0},
        {"grads: [tensor(0.1), tensor(0.2), tensor(0.3), tensor(0.4), tensor(0.5), tensor(0.6), tensor(0.7)]", 0, 0},
        {"cfg: a=x a=x a=x a=x a=x a=x a=x a=x", 0, 0},
        /* a list of identifiers repeats their parts */
        {"Freezed parameters: [conv1_1_weight,conv1_1_bias,conv1_2_weight,conv1_2_bias,conv2_1_weight,conv2_1_bias,"
         "conv2_2_weight,conv2_2_bias]",
         0, 0},
        /* ranks printing without a newline run their lines together */
        {"saving model ...saving model ...saving model ...saving model ...saving model ...saving model ...", 0, 0},
        /* values spelled out: a tensor gone NaN, a list of flags */
        {"        [nan, nan, nan,  ..., nan, nan, nan],", 0, 0},
        {"mask: [True, True, True, True, True, True, True, True, False]", 0, 0},
        /* a loop of text with numbers in it still loops */
        {"output: The answer is 4. The answer is 4. The answer is 4. The answer is 4. The answer is 4.", 5, 3},
        /* a sentence of five words and more loops three times */
        {"sample: I am a good model. I am a good model. I am a good model.", 3, 5},
        {"> Once upon a time there was a cat. Once upon a time there was a cat. Once upon a time there was a cat.",
         3, 8},
        /* twice is a sentence said again, as prose does */
        {"The model is ready to train now. The model is ready to train now. Loading the data.", 0, 0},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_repeat r = md_repeat_scan(cases[i].line, strlen(cases[i].line));
        ck_assert_msg(r.repeats == cases[i].repeats && r.period == cases[i].period,
                      "\"%s\": %zu repeats of %zu words, want %zu of %zu", cases[i].line, (size_t)r.repeats,
                      (size_t)r.period, cases[i].repeats, cases[i].period);
    }
}
END_TEST

/* ---- event literals on the lines every step prints ------------------------- */

/* The lines a trainer prints at every step, healthy, pass no event's
 * literal prefilter: one that did would run the POSIX regexes on every
 * line of a large log (a literal "skip" met Megatron's "number of skipped
 * iterations" and made its reading 14 times slower). */
START_TEST(test_step_lines_pass_no_literal)
{
    static const char *const lines[] = {
        " [2024-03-21 00:00:03] iteration        1/  249670 | consumed samples:          512 | elapsed time per "
        "iteration (ms): 3073.6 | throughput per GPU (TFLOP/s/GPU): 180.4 | learning rate: 6.208420E-08 | global "
        "batch size:   512 | lm loss: 1.109113E+01 | loss scale: 1.0 | grad norm: 5.345 | number of skipped "
        "iterations:   0 | number of nan iterations:   0 |",
        "iter 100: loss 4.2769, time 243.50ms, mfu 31.07%",
        "step 1000: train loss 3.2190, val loss 3.2911",
        "  0%|          | 4/1497975 [00:00:03<355:59:49,  1.17it/s]",
        "{'loss': 2.3151, 'grad_norm': 1.0512, 'learning_rate': 4.99e-05, 'epoch': 0.01}",
        "{'eval_loss': 2.2043, 'eval_runtime': 12.1, 'eval_samples_per_second': 82.6, 'eval_steps_per_second': "
        "10.3, 'epoch': 0.5}",
        "Epoch 3/10",
        "1875/1875 [==============================] - 12s 6ms/step - loss: 0.2962 - accuracy: 0.8909 - val_loss: "
        "0.3331 - val_accuracy: 0.8791",
        "Epoch 3: 45%|####5     | 450/1000 [00:10<00:12, 44.1it/s, loss=0.512, v_num=0]",
        "2024-03-12 10:00:00,123 - mmengine - INFO - Epoch(train)  [3][ 50/500]  lr: 1.0000e-02  eta: 0:10:00  "
        "time: 0.3000  data_time: 0.0100  memory: 3834  loss: 0.5000  loss_cls: 0.2000",
        "[rank0]:[titan] 2024-05-18 16:04:46,338 - root - INFO - step: 14  loss:  3.24405  grad_norm:  0.8319  "
        "memory:  9.46GiB(64.99%)  tps: 7,282  tflops: 0.52  mfu: 0.17%",
        "| epoch 001:    100 / 1000 loss=9.123, nll_loss=8.901, ppl=478.2, wps=12345, ups=3.2, wpb=3840, bsz=128, "
        "num_updates=100, lr=1.25e-05, gnorm=1.234, train_wall=31, wall=35",
    };
    md_event_matcher *m = md_event_matcher_new(t_catalog());
    for (size_t i = 0; i < MD_COUNT(lines); i++)
        ck_assert_msg(md_event_matcher_silent(m, lines[i], strlen(lines[i])), "an event's literal is in: %s",
                      lines[i]);
    md_event_matcher_free(m);
}
END_TEST

/* ---- event signatures ------------------------------------------------------ */

/* One message per event as the framework or scheduler prints it. */
static const struct {
    const char *id, *line;
} event_lines[] = {
    {"traceback", "Traceback (most recent call last):"},
    {"training_completed", "100%|##########| 500/500 [10:00<00:00,  1.20s/it]{'train_runtime': 600.1, 'train_loss': 1.2}"},
    {"training_completed", "[exiting program after 1190.0357275923093 minutes] datetime: 2021-08-08 01:00:51"},
    {"training_completed", "[after training is done] datetime: 2025-12-03 14:45:03"},
    {"training_completed", "2021-09-03 20:47:31.106 | INFO     | yolox.core.trainer:after_train:184 - Training of "
                           "experiment is done and the best AP is 90.00"},
    {"undefined_metric", "/usr/lib/python3/site-packages/sklearn/metrics/_ranking.py:424: UndefinedMetricWarning: Only "
                         "one class is present in y_true. ROC AUC score is not defined in that case."},
    {"nonfinite_activation", "2020-12-10 12:38:53 | WARNING | fairseq.nan_detector | Inf detected in output of "
                             "decoder.layers.21, shape: torch.Size([1024, 2, 1024]), forward input max: 64288.0, "
                             "input min: -47264.0"},
    {"keyboard_interrupt", "KeyboardInterrupt"},
    {"keyboard_interrupt", "[rank0]: KeyboardInterrupt"},
    {"keyboard_interrupt", "    KeyboardInterrupt: "},
    {"keyboard_interrupt", "KeyboardInterrupt                         Traceback (most recent call last)"},
    {"keyboard_interrupt", "^C"},
    {"keyboard_interrupt", "^[[6~^CTraceback (most recent call last):"},
    {"keyboard_interrupt", "^C[2024-05-26 15:06:40,046] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 22523"},
    {"keyboard_interrupt", "[2025-02-20 20:27:13,106] [INFO] [launch.py:337:sigkill_handler] Main process received "
                           "SIGINT, exiting"},
    {"keyboard_interrupt", "[2024-05-01 10:00:00,000] torch.distributed.elastic.agent.server.api: [WARNING] Received "
                           "Signals.SIGINT death signal, shutting down workers"},
    {"cuda_oom", "RuntimeError: Bad StatusOr access: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to "
                 "allocate 129.50M. That was not possible. There are 78.17M free.; (0x0x0_HBM0)"},
    {"cuda_oom", "2022-04-12 11:02:31.512 xla_util.cc:88]   (1) RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the "
                 "bottom of memory. That was not possible."},
    {"cuda_oom", "RuntimeError: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)"},
    {"cuda_oom", "ValueError: RESOURCE_EXHAUSTED: E0100: RuntimeBufferAllocationFailure:"},
    {"cuda_oom", "Out of memory while trying to allocate 127001552000 bytes."},
    {"cuda_oom", "Error allocating device buffer: Attempting to allocate 556.00M. That was not possible."},
    {"cuda_error", "F0614 10:43:15.110 3443 math_functions.cu:28] Check failed: status == CUBLAS_STATUS_SUCCESS (13 vs. "
                   "0)  CUBLAS_STATUS_EXECUTION_FAILED"},
    {"gpu_arch_unsupported", "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"},
    {"gpu_arch_unsupported", "NVIDIA GeForce RTX 3060 with CUDA capability sm_86 is not compatible with the current PyTorch "
                             "installation."},
    {"gpu_arch_unsupported", "RuntimeError: CUDA error: no kernel image is available for execution on the device"},
    {"segfault", "zsh: segmentation fault (core dumped)  python train.py"},
    {"native_crash", "*** SIGABRT received by PID 9361 (TID 9361) on cpu 40 from PID 9361; stack trace: ***"},
    {"assert_class_target", "/pytorch/aten/src/THCUNN/ClassNLLCriterion.cu:106: cunn_ClassNLLCriterion_updateOutput_kernel: "
                            "block: [0,0,0], thread: [6,0,0] Assertion `t >= 0 && t < n_classes` failed."},
    {"assert_class_target", "../aten/src/ATen/native/cuda/Loss.cu:242: nll_loss_forward_reduce_cuda_kernel_2d: block: "
                            "[0,0,0], thread: [0,0,0] Assertion `cur_target >= 0 && cur_target < n_classes` failed."},
    {"assert_index_select", "../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [218,0,0], "
                            "thread: [64,0,0] Assertion `srcIndex < srcSelectDimSize` failed."},
    {"assert_bce_range", "../aten/src/ATen/native/cuda/Loss.cu:92: operator(): block: [12,0,0], thread: [32,0,0] "
                         "Assertion `input_val >= zero && input_val <= one` failed."},
    {"corrupt_image", "OSError: image file is truncated (43 bytes not processed)"},
    {"corrupt_image", "PIL.UnidentifiedImageError: cannot identify image file '/data/train/00412.jpg'"},
    {"batch_not_tensorizable", "ValueError: Unable to create tensor, you should probably activate truncation and/or "
                               "padding with 'padding=True' 'truncation=True' to have batched tensors with the same length."},
    {"batch_not_tensorizable", "ValueError: too many dimensions 'str'"},
    {"native_crash", "  exitcode  : -6 (pid: 507952)"},
    {"native_crash", "  traceback : Signal 6 (SIGABRT) received by PID 507952"},
    {"native_crash", "./run.sh: line 184: 2324239 Aborted                 (core dumped) litgpt pretrain --config c.yaml"},
    {"native_crash", "E0603 04:19:17.163000 104 api.py:874] failed (exitcode: -6) local_rank: 1 (pid: 107) of binary: "
                     "/usr/bin/python"},
    {"killed", "  0%|          | 0/100 [00:03<?, ?it/s]Killed"},
    {"killed", "165376/296960 [===============>..............] - ETA: 365s - loss: 2.1371Killed"},
    {"hangup", "WARNING:torch.distributed.elastic.agent.server.api:Received 1 death signal, shutting down workers"},
    {"hangup", "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 4057 closing signal SIGHUP"},
    {"hangup", "/home/u/run.sh: line 44: 367038 Hangup                  deepspeed --hostfile hosts pretrain_gpt.py"},
    {"hangup", "[1]+  Hangup                  python train.py --config base.yaml"},
    {"too_many_open_files", "OSError: [Errno 24] Too many open files: '/data/train/000123.jpg'"},
    {"wandb_synced", "wandb: Waiting for W&B process to finish... (success)."},
    {"head_initialized", "Some weights of DistilBertForSequenceClassification were not initialized from the model "
                         "checkpoint at distilbert-base-uncased and are newly initialized: ['pre_classifier.weight', "
                         "'classifier.weight', 'classifier.bias', 'pre_classifier.bias']"},
    {"cuda_oom", "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 15.78 GiB "
                 "total capacity; 13.10 GiB already allocated; 1.05 GiB free; 13.59 GiB reserved in total by PyTorch)"},
    {"cuda_oom", "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
                 "shape[64,512,512] and type float on /job:localhost/replica:0/task:0/device:GPU:0"},
    {"cuda_oom", "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
                 "17179869184 bytes."},
    {"cuda_oom", "RuntimeError: MPS backend out of memory (MPS allocated: 9.25 GB, other allocations: 2.50 GB, max "
                 "allowed: 13.57 GB). Tried to allocate 2.00 GB on private pool."},
    {"cuda_oom", "Out of memory error on GPU 0. Cannot allocate 165.586182MB memory on GPU 0, 5.866455GB memory has "
                 "been allocated and available memory is only 67.937500MB."},
    {"host_oom", "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
                 "shape[64,224,224,3] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu"},
    {"host_oom", "Warning   Evicted   pod/trainer-0   The node was low on resource: memory. Container trainer was "
                 "using 5053216Ki, which exceeds its request of 0."},
    {"job_preempted", "slurmstepd: error: *** JOB 32391783 ON cn119 CANCELLED AT 2021-09-14T11:30:11 DUE TO "
                      "PREEMPTION ***"},
    {"tb_nonfinite", "Warning: NaN or Inf found in input tensor."},
    {"curriculum_stage", "Curriculum: advancing to stage 2/2 (harder examples, len<=512)"},
    {"curriculum_stage", "[INFO] [curriculum_scheduler.py:60] curriculum difficulty (seqlen) set to 512"},
    {"curriculum_stage", "Curriculum: increasing sequence length to 2048"},
    {"fp16_overflow", "                             inf during ShardedOptimV2 step"},
    {"unk_run", "INFO:tensorflow:tokens: [CLS] [UNK] [UNK] [UNK] 2 [UNK] [SEP]"},
    {"unk_run", "decoded: la <unk> <unk> <unk> es buena"},
    {"killed", "Killed: 9"},
    {"killed", "zsh: killed     python train.py"},
    {"nan_batch_skipped", "Loss is NaN at step 1251, skipping batch"},
    {"nan_batch_skipped", "[rank0] Skipping step 7251 due to NaN loss (1 so far)"},
    {"nan_batch_skipped", "Detected NaN in loss at iteration 7251; zeroing gradients and skipping update"},
    {"stopped_early", "Training loss did not improve more than tol=0.000100 for 10 consecutive epochs. Stopping."},
    {"stopped_early", "Epoch 00012: early stopping"},
    {"nan_message", "RuntimeError:  [!] NaN loss with decoder_loss."},
    {"likelihood_mismatch", "WARNING: Forward backward likelihood mismatch 0.156250"},
    {"nan_message", "ValueError:  [x] nan loss"},
    {"nan_message", "2019-06-13 02:30:01,545 (e2e_asr:302) WARNING: loss (=nan) is not correct"},
    {"job_cancelled", "slurmstepd: error: *** JOB 32391783 ON cn119 CANCELLED AT 2021-09-14T11:30:11 DUE TO "
                      "PREEMPTION ***"},
    {"nan_message", "InvalidArgumentError (see above for traceback): Nan in summary histogram for: D_X/fake"},
    {"empty_mean", "C:\\envs\\unity\\lib\\site-packages\\numpy\\core\\fromnumeric.py:2909: RuntimeWarning: Mean of "
                   "empty slice."},
    {"cuda_oom", "MemoryError: bad allocation: cudaErrorMemoryAllocation: out of memory"},
    {"host_oom", "slurmstepd: error: Job 7518 exceeded memory limit (626359956 > 512000000), being killed"},
    {"host_oom", "slurmstepd: error: Exceeded job memory limit"},
    {"search_trial_failed", "[W 2022-07-11 14:25:17,841] Trial 2 failed, because the objective function returned nan."},
    {"search_trial_failed", "[W 2021-02-05 19:14:13,487] Trial 0 failed, because the value None could not be cast to "
                            "float."},
    {"killed", "ERROR worker.py:1352 -- Worker (pid=2301) died: terminated by SIGKILL"},
    {"nan_message", "ValueError: probabilities contain NaN"},
    {"nan_message", "FloatingPointError: invalid value (nan) encountered in xla_call"},
    {"nan_message", "  0%|          | 0/35 [00:00, ?it/s]WARNING:gluonts.trainer:Batch [2] of Epoch[0] gave NaN loss "
                    "and it will be ignored"},
    {"nan_message", "\u26a0\ufe0f Skipping batch 50 due to NaN/Inf loss"},
    {"cuda_oom", "RESOURCE_EXHAUSTED: Attempting to allocate 31.06M. That was not possible. There are 58.64M free. "
                 "Due to fragmentation, the largest contiguous region of free memory is 30.56M.; (0x0x0_HBM0)"},
    {"nan_message", "FloatingPointError: Loss became infinite or NaN at iteration=4311!"},
    {"cuda_oom", "F0516 02:08:10.520869  5661 syncedmem.cpp:51] Check failed: error == cudaSuccess (2 vs. 0)  out of "
                 "memory"},
    {"single_class", "Overriding model.yaml nc=80 with nc=1"},
    {"loss_scale_min", "Exception: Skipped 50 iterations in a row due to Overflow - Exiting training."},
    {"cuda_error", "[default3]:  what():  CUDA error: unknown error"},
    {"single_class", "train: weights=yolov5n6.pt, cfg=, data=cots.yml, single_cls=True, optimizer=SGD"},
    {"loader_workers_gone", "RuntimeError: One or more background workers are no longer alive. Exiting. Please check "
                            "the print statements above for the actual error message"},
    {"grad_nan_skipped", "[user] 2021-04-23 19:22:52,420 (trainer:581) WARNING: The grad norm is nan. Skipping updating "
                         "the model."},
    {"grad_nan_skipped", "2018-05-23 13:05:13,682 (asr_chainer:132) WARNING: grad norm is nan. Do not update model."},
    {"fp16_overflow", "2021-04-23 19:22:52,420 (trainer:581) WARNING: The grad norm is inf. Skipping updating the model."},
    {"worker_exited_error", "  exitcode  : 1 (pid: 14692)"},
    {"early_stopping_on_train", "Will train until train-logloss hasn't improved in 1000 rounds."},
    {"best_model_loaded", "Loading best model from out/checkpoint-550 (score: 0.4389)."},
    {"fp16_enabled", "torchrun --standalone --nproc_per_node=1 train.py config/train_gpt2.py --dtype=float16"},
    {"fp16_enabled", "deepspeed train.py --fp16 --zero_stage 2"},
    {"fp16_enabled", "TrainingArguments(output_dir='out', fp16=True, per_device_train_batch_size=8)"},
    {"fp16_enabled", "accelerate launch --mixed_precision fp16 train_dreambooth.py"},
    {"fp16_enabled", "Trainer(accelerator='gpu', devices=2, precision='16-mixed')"},
    {"best_model_saved", "Epoch 9: val_loss improved from 0.32454 to 0.31912, saving model to best_model.keras"},
    {"best_model_saved", "Epoch 00001: val_loss improved from inf to 0.54980, saving model to best.h5"},
    {"diffusion_training", "Steps:  45%|####5     | 180/400 [02:31<03:05,  1.19it/s, loss=0.157, lr=5e-6]"},
    {"host_oom", "slurmstepd: error: Exceeded job memory limit"},
    {"early_stopped_best", "Early stopping, best iteration is:"},
    {"early_stopped_best", "Restoring model weights from the end of the best epoch: 45."},
    {"early_stopped_best", "Early stopping occurred at epoch 20 with best_epoch = 10 and best_valid_accuracy = 0.86188"},
    {"labels_all_masked", "ZeroDivisionError: Unsloth: All labels in your dataset are -100. Training losses will be "
                          "all 0."},
    {"validation_stalled", "[2018-12-09 18:32:49] [valid] Ep. 79 : Up. 70000 : cross-entropy : 53.4999 : stalled 3 times "
                           "(last best: 50.2476)"},
    {"root_cause_section", "Root Cause (first observed failure):"},
    {"cuda_oom", "node-3:1422:1503 [2] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'"},
    {"input_bound", "[WARNING] [auto_tune.cc:236 IsDSaBottleneck] Utilization: 2.24% < 75% threshold, dataset "
                    "pipeline performance needs tuning."},
    {"cuda_oom", "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out "
                 "of memory in memory space hbm. Used 21.90G of 7.48G hbm. Exceeded hbm capacity by 14.42G."},
    {"cuda_oom", "  Compilation failure: Ran out of memory in memory space hbm. Used 8.38G of 8.00G hbm. Exceeded hbm "
                 "capacity by 385.25M."},
    {"prompt_too_long", "ValueError: Prompt length of 5016 is longer than the maximum model length of 4096."},
    {"prompt_too_long", "ValueError: The decoder prompt (length 337896) is longer than the maximum model length of "
                        "128000. Make sure that `max_model_len` is no smaller than the number of text tokens."},
    {"prompt_too_long", "ValueError: The prompt (total length 25938) is too long to fit into the model (context length "
                        "4096)."},
    {"prompt_too_long", "WARNING 02-13 07:19:11 scheduler.py:949] Input prompt (32889 tokens) is too long and exceeds "
                        "limit of 2048"},
    {"prompt_too_long", "[WARNING:swift] max_model_len(8096) - num_tokens(12052) < max_tokens(2048). Setting "
                        "max_tokens: -3956"},
    {"nan_average", "I20250104 12:12:42 90 dinov2 helpers.py:102] Training  [   1250/2500000]  lr: 0.0006 (0.0003)  "
                    "total_loss: 6.7223 (inf)  koleo_loss: 0.0315 (inf)"},
    {"segfault", "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -11) local_rank: 1 (pid: "
                 "5528) of binary: /opt/conda/bin/python3.8"},
    {"segfault", "Process exited with code 139"},
    {"nccl_watchdog_stuck", "[rank1]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 1] Heartbeat monitor timed out! Process "
                            "will be terminated after dumping debug info. workMetaList_.size()=103"},
    {"nccl_watchdog_stuck", "[rank4]:[F205 18:11:06.375750231 ProcessGroupNCCL.cpp:1870] [PG ID 12 Rank 4] "
                            "ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in "
                            "monitoring enqueued collectives."},
    {"oom_caught", "| WARNING: ran out of memory with exception: CUDA out of memory. Tried to allocate 1.16 GiB;"},
    {"oom_caught", "2020-12-08 22:42:14 | WARNING | fairseq.trainer | attempting to recover from OOM in forward/backward pass"},
    {"loss_scale_min", "2024-01-14 01:03:00,826 WARNING [train.py:1057] (2/4) Grad scale is small: 1.2924697071141057e-26"},
    {"loss_scale_min", "RuntimeError: grad_scale is too small, exiting: 8.470329472543003e-22"},
    {"nccl_error", "[1,3]<stdout>:mlc-cluster-23:3070:3090 [0] include/shm.h:42 NCCL WARN Cuda failure 'invalid argument'"},
    {"nccl_error", "node2:1201:1311 [3] NCCL WARN Call to recv failed : Connection reset by peer"},
    {"boosting", "[12]\ttrain-rmse:4.92155\teval-rmse:5.10321"},
    {"boosting", "[3]\tdtrain-rmse:316.266\tdtest-rmse:345.421"},
    {"boosting", "## [1]  train-logloss:0.455851+0.000089 test-logloss:0.455942+0.000886 "},
    {"boosting", "[100]\ttraining's l2: 0.312\tvalid_0's l2: 0.351"},
    {"boosting", "10:\tlearn: 0.5221034\ttest: 0.5310112\tbest: 0.5310112 (10)\ttotal: 1.2s\tremaining: 10s"},
    {"nan_inputs", "ValueError: Input contains NaN, infinity or a value too large for dtype('float64')."},
    {"nan_inputs", "ValueError: Input X contains NaN."},
    {"nan_inputs", "RuntimeError: NaN detected in latents: C:\\train\\img\\100_x\\020.jpg"},
    {"fp16_unscale", "ValueError: Attempting to unscale FP16 gradients."},
    {"checkpoint_write_failed", "RuntimeError: File my_out/checkpoints/checkpoint_0.pt cannot be opened."},
    {"checkpoint_write_failed", "RuntimeError: [enforce fail at inline_container.cc:445] . PytorchStreamWriter "
                                "failed writing file data/12: file write failed"},
    {"checkpoint_write_failed", "RuntimeError: [enforce fail at inline_container.cc:325] . unexpected pos 1344 vs "
                                "1235"},
    {"cuda_oom", "THCudaCheck FAIL file=/pytorch/aten/src/THC/generic/THCStorage.cu line=58 error=2 : out of memory"},
    {"diffusion_training", "steps:  10%|#5              | 200/2000 [01:54<17:08,  1.75it/s, avr_loss=0.0715]"},
    {"diffusion_training", "Namespace(pretrained_model_name_or_path='runwayml/stable-diffusion-v1-5', noise_offset=0.1)"},
    {"cuda_oom", "RuntimeError: XPU out of memory. Tried to allocate 512.00 MiB (GPU 0; 15.11 GiB total capacity)"},
    {"host_oom", "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=1234.0. Some of your processes may have "
                 "been killed by the cgroup out-of-memory handler."},
    {"host_oom", "RuntimeError: [enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: can't allocate memory: "
                 "you tried to allocate 34359738368 bytes. Error code 12 (Cannot allocate memory)"},
    {"host_oom", "=>> PBS: job killed: mem 33554432kb exceeded limit 16777216kb"},
    {"host_oom", "(raylet) [2025-04-02 15:02:00,117 E 135782 135782] (raylet) node_manager.cc:3069: 1 Workers (tasks / "
                 "actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node"},
    {"host_oom", "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory."},
    {"killed", "Killed"},
    {"killed", "generate.sh: line 25: 1200261 Killed                  python single_generate.py --batch_size 8"},
    {"killed", "[1]+  Killed                  python train.py --config base.yaml"},
    {"killed", "已杀死"},
    {"killed", "run.sh: Zeile 3: 40211 Getötet                 python train.py"},
    {"killed", "./train.sh: line 7: 9931 強制終了              python main.py"},
    {"killed", "[2]+  Terminado (killed)      python train.py"},
    {"nan_message", "Warning: Moving average ignored a value of nan"},
    {"torch_extension_build", "Using /root/.cache/torch_extensions/py39_cu117 as PyTorch extensions root..."},
    {"torch_extension_build", "Building extension module fused_adam..."},
    {"training_start", "Starting training for 100 epochs..."},
    {"training_start", "[11/30 10:02:11 d2.engine.train_loop]: Starting training from iteration 0"},
    {"training_start", "2024-05-01 10:00:00 INFO: Start training"},
    {"training_start", "[INFO|trainer.py:2078] 2024-05-01 10:00:00,125 >>   Number of trainable parameters = 4,194,304"},
    {"boosting_degenerate", "Training has stopped (degenerate solution on iteration 60, probably too small "
                            "l2-regularization, try to increase it)"},
    {"nan_message", " AssertionError: Rank 114: found NaN in local forward loss calculation. Device: 2,"},
    {"nan_message", "Warning: Moving average ignored a value of inf"},
    {"killed", "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 4242) "
               "of binary: /usr/bin/python3"},
    {"nccl_timeout", "RuntimeError: NCCL timeout after 1800000 ms"},
    {"nccl_timeout", "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, "
                     "std::ratio<1l, 1000l> > >) + 0x1d2 (0x1554e9e0f8f2 in /opt/torch/lib/libtorch_cuda.so)"},
    {"nccl_timeout", "[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=12345, OpType=ALLREDUCE, "
                     "NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800385 milliseconds before timing out."},
    {"nccl_error", "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                   "ProcessGroupNCCL.cpp:1275, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL "
                   "version 2.14.3"},
    {"nccl_error", "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device "
                   "error."},
    {"fp16_overflow", "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768"},
    {"fp16_overflow", "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 32768.0"},
    {"fp16_overflow", "| WARNING: overflow detected, setting loss scale to: 0.25"},
    {"killed", "[2023-04-14 13:11:27,885] [ERROR] [launch.py:434:sigkill_handler] ['/usr/bin/python3', '-u', "
               "'main.py', '--local_rank=0'] exits with return code = -9"},
    {"nccl_timeout", "[rank4]:[E602 11:18:52.531176265 ProcessGroupNCCL.cpp:684] [Rank 4] Some NCCL operations have "
                     "failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations "
                     "might run on corrupted/incomplete data."},
    {"node_failure", "ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task. The actor "
                     "is dead because its node has died. Node Id: 677df2a9020c"},
    {"dist_connect", "gpu7:1360625:1361883 [0] misc/ibvwrap.cc:291 NCCL WARN Call to ibv_modify_qp failed with 110 "
                     "Connection timed out, on dev mlx5_bond_1:1, curr state INIT, next state RTR"},
    {"collective_stall", "[1,0]<stderr>:[2019-10-09 05:33:38.249493: W horovod/common/stall_inspector.cc:105] One or "
                         "more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and "
                         "are waiting for remainder of ranks for more than 60 seconds."},
    {"gpu_hardware_fault", "RuntimeError: CUDA error: uncorrectable ECC error encountered"},
    {"gpu_hardware_fault", "[12345.678] NVRM: Xid (PCI:0000:3b:00): 79, pid=2211, GPU has fallen off the bus."},
    {"native_crash", "terminate called after throwing an instance of 'c10::Error'"},
    {"native_crash", "/var/spool/slurm/d/job123/slurm_script: line 20: 4242 Aborted (core dumped) python train.py"},
    {"native_crash", "double free or corruption (!prev)"},
    {"native_crash", "Training Epoch 14:   0% 0/101 [00:00<?, ?it/s]src/tcmalloc.cc:283] Attempt to free invalid pointer 0x1 "},
    {"native_crash", "Darknet error location: ./src/parser.c, parse_yolo(), line #458"},
    {"spawn_child", "  File \"D:\\Python\\python39\\lib\\multiprocessing\\spawn.py\", line 116, in spawn_main"},
    {"spawn_child", "  File \"/usr/lib/python3.11/multiprocessing/spawn.py\", line 131, in _main"},
    {"fp16_overflow", "NOTE: overflow detected, setting loss scale to: 0.00048828125"},
    {"fp16_overflow", "2024-12-25 09:58:34,125 [WARNING] overflow, still update, loss scale adjust to 1024.0"},
    {"fp16_overflow", "[2023-11-06 11:54:09,446] [INFO] [logging.py:96:log_dist] [Rank 0] Overflow detected. "
                      "Skipping step. Attempted loss scale: 65536, reducing to 32768.0"},
    {"fp16_overflow", "[2024-03-08 16:33:21,416] [INFO] [unfused_optimizer.py:207:step] [deepspeed] fp16 dynamic "
                      "loss scale overflow! Skipping step. Attempted loss scale: 65536.0, reducing to 32768.0"},
    {"loss_scale_min", "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting "
                       "run."},
    {"nan_message", "RuntimeError: Function 'LogSoftmaxBackward0' returned nan values in its 0th output."},
    {"nan_message", "ERROR:tensorflow:Model diverged with loss = NaN."},
    {"nan_message", "tensorflow.python.training.basic_session_run_hooks.NanLossDuringTrainingError: NaN loss during "
                    "training."},
    {"nan_message", "RuntimeError: Encountered NaN."},
    {"nan_message", "Batch 212: Invalid loss, terminating training"},
    {"nan_message", "Loss is inf, stopping training"},
    {"head_size_mismatch", "size mismatch for decode_head.conv_seg.weight: copying a param with shape "
                           "torch.Size([19, 512, 1, 1]) from checkpoint, the shape in current model is "
                           "torch.Size([2, 512, 1, 1])."},
    {"head_size_mismatch", "size mismatch for fc.bias: copying a param with shape torch.Size([1000]) from "
                           "checkpoint, the shape in current model is torch.Size([10])."},
    {"nan_message", "AssertionError: Rank 11: found NaN in local grad norm in backward pass before data-parallel "
                    "communication collective"},
    {"nan_message", "ERROR:megatron.core.rerun_state_machine:Unexpected result nan on rank 3 at iteration #3 "
                    "invocation #1 (message='found NaN in local grad norm for bucket #0 in backward pass')"},
    {"dtype_mismatch", "RuntimeError: expected scalar type Float but found Half"},
    {"dtype_mismatch", "RuntimeError: Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor) should "
                       "be the same"},
    {"dtype_mismatch", "RuntimeError: mat1 and mat2 must have the same dtype"},
    {"shape_mismatch", "RuntimeError: mat1 and mat2 shapes cannot be multiplied (64x512 and 256x10)"},
    {"shape_mismatch", "RuntimeError: size mismatch, m1: [64 x 512], m2: [256 x 10] at /pytorch/aten/src/THC/generic/"
                       "THCTensorMathBlas.cu:290"},
    {"head_size_mismatch", "size mismatch for roi_head.bbox_head.fc_reg.weight: copying a param with shape "
                           "torch.Size([320, 1024]) from checkpoint, the shape in current model is "
                           "torch.Size([12, 1024])."},
    {"shape_mismatch", "RuntimeError: The size of tensor a (128) must match the size of tensor b (64) at "
                       "non-singleton dimension 1"},
    {"shape_mismatch", "ValueError: Expected input batch_size (32) to match target batch_size (16)."},
    {"shape_mismatch", "RuntimeError: shape '[-1, 784]' is invalid for input of size 1000"},
    {"shape_mismatch", "RuntimeError: Given groups=1, weight of size [64, 3, 3, 3], expected input[16, 1, 28, 28] to "
                       "have 3 channels, but got 1 channels instead"},
    {"device_assert", "RuntimeError: CUDA error: device-side assert triggered"},
    {"device_assert", "../aten/src/ATen/native/cuda/Loss.cu:240: nll_loss_forward_reduce_cuda_kernel_2d: block: "
                      "[0,0,0], thread: [5,0,0] Assertion `t >= 0 && t < n_classes` failed."},
    {"cuda_error", "RuntimeError: CUDA error: an illegal memory access was encountered"},
    {"cuda_error", "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, "
                   "opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`"},
    {"cuda_error", "NVRM: GPU at PCI:0000:3b:00: GPU has fallen off the bus."},
    {"cuda_error", "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in a "
                   "non-contiguous input."},
    {"weights_not_initialized", "Some weights of BertForSequenceClassification were not initialized from the model "
                                "checkpoint at bert-base-uncased and are newly initialized: ['classifier.bias', "
                                "'classifier.weight']"},
    {"head_initialized", "Some weights of BertForSequenceClassification were not initialized from the model "
                         "checkpoint at bert-base-uncased and are newly initialized: ['classifier.bias', "
                         "'classifier.weight']"},
    {"weights_not_used", "Some weights of the model checkpoint at bert-base-uncased were not used when initializing "
                         "BertForSequenceClassification: ['cls.predictions.bias']"},
    {"heads_not_used", "Some weights of the model checkpoint at bert-base-uncased were not used when initializing "
                       "BertModel: ['cls.predictions.bias', 'cls.seq_relationship.weight']"},
    {"heads_not_used", "Some weights of the model checkpoint at t5-base were not used when initializing "
                       "T5ForConditionalGeneration: ['decoder.block.0.layer.1.EncDecAttention.relative_attention_bias"
                       ".weight']"},
    {"heads_not_used", "Some weights of the model checkpoint at roberta-base were not used when initializing "
                       "RobertaForSequenceClassification: ['roberta.pooler.dense.bias', 'lm_head.bias']"},
    {"heads_not_used", "Some weights of the model checkpoint at microsoft/deberta-v3-base were not used when "
                       "initializing DebertaV2ForSequenceClassification: ['mask_predictions.classifier.bias']"},
    {"heads_not_used", "Some weights of the model checkpoint at facebook/wav2vec2-base were not used when "
                       "initializing Wav2Vec2ForCTC: ['quantizer.weight_proj.weight', 'project_q.weight']"},
    {"head_initialized", "Some weights of GPT2LMHeadModel were not initialized from the model checkpoint at gpt2 and "
                         "are newly initialized: ['h.0.attn.masked_bias', 'h.1.attn.masked_bias', 'lm_head.weight']"},
    {"head_initialized", "Some weights of BartForSequenceClassification were not initialized from the model "
                         "checkpoint at facebook/bart-base and are newly initialized: ['classification_head.dense.bias', "
                         "'classification_head.dense.weight']"},
    {"head_initialized", "- classifier.1.weight: found shape torch.Size([1000, 2048]) in the checkpoint and "
                         "torch.Size([10, 2048]) in the model instantiated"},
    {"head_initialized", "- classifier.weight: found shape torch.Size([9, 768]) in the checkpoint and "
                         "torch.Size([5, 768]) in the model instantiated"},
    {"state_dict_mismatch", "RuntimeError: Error(s) in loading state_dict for ResNet:"},
    {"state_dict_mismatch", "\tMissing key(s) in state_dict: \"fc.weight\", \"fc.bias\"."},
    {"job_time_limit", "slurmstepd: error: *** JOB 123456 ON node001 CANCELLED AT 2024-01-01T03:00:00 DUE TO TIME "
                       "LIMIT ***"},
    {"job_time_limit", "=>> PBS: job killed: walltime 152 exceeded limit 120"},
    {"job_time_limit", "TERM_RUNLIMIT: job killed after reaching LSF run time limit."},
    {"job_cancelled", "slurmstepd: error: *** STEP 123456.0 ON node001 CANCELLED AT 2024-01-01T03:00:00 ***"},
    {"job_cancelled", "slurmstepd: error: *** JOB 123456 ON node001 CANCELLED AT 2024-01-01T03:00:00 DUE TO "
                      "PREEMPTION ***"},
    {"node_failure", "slurmstepd: error: *** JOB 123456 ON node001 CANCELLED AT 2024-01-01T03:00:00 DUE TO NODE "
                     "FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***"},
    {"job_exit", "Exited with exit code 1."},
    {"job_completed", "Successfully completed."},
    {"child_failed", "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:"},
    {"dataloader_crash", "RuntimeError: DataLoader worker (pid 12345) is killed by signal: Bus error. It is possible "
                         "that dataloader's workers are out of shared memory. Please try to raise your shared memory "
                         "limit."},
    {"dataloader_crash", "RuntimeError: DataLoader worker (pid(s) 4242) exited unexpectedly"},
    {"disk_full", "OSError: [Errno 28] No space left on device"},
    {"segfault", "Segmentation fault (core dumped)"},
    {"segfault", "torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -11) local_rank: 0 (pid: 4242) "
                 "of binary: /usr/bin/python3 ... Signal 11 (SIGSEGV) received by PID 4242"},
    {"segfault", "*** SIGSEGV (@0x0) received by PID 31337 (TID 0x7f00) from PID 0; stack trace: ***"},
    {"segfault", "[E] Caught signal: SIGSEGV"},
    {"seq_truncated", "Token indices sequence length is longer than the specified maximum sequence length for this "
                      "model (1024 > 512). Running this sequence through the model will result in indexing errors"},
    {"scheduler_order", "UserWarning: Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch "
                        "1.1.0 and later, you should call them in the opposite order"},
    {"recompile_limit", "torch._dynamo hit config.cache_size_limit (8)"},
    {"recompile_limit", "W1030 12:00:00.000000 4242 torch/_dynamo/convert_frame.py:844] torch._dynamo hit "
                        "config.recompile_limit (8)"},
    {"unk_token", "Sample: the <unk> sat on the <unk>"},
    {"unk_token", "INFO:tensorflow:tokens: [CLS] [UNK] [UNK] [UNK] [SEP]"},
    {"wandb_online", "wandb: Tracking run with wandb version 0.16.0"},
    {"wandb_online", "wandb: Syncing run glorious-sun-12"},
    {"wandb_offline", "wandb: W&B syncing is set to `offline` in this directory."},
    {"wandb_synced", "wandb: Synced 6 W&B file(s), 0 media file(s), 2 artifact file(s) and 0 other file(s)"},
    {"wandb_error", "wandb: Network error (ConnectionError), entering retry loop."},
    {"batch_size_found", "Determined Largest batch size: 16"},
    {"batch_size_found", "Finished batch size finder, will continue with full run using batch size 32"},
    {"batch_size_found", "AutoBatch: Using batch-size 16 for CUDA:0 31.97G/79.15G (40%)"},
    {"retrying", "push_to_hub failed (attempt 1/5), retrying in 10s"},
    {"retrying", "2024/02/01 11:25:20 - mmengine - INFO - Retrying upload (attempt 2/3)"},
    {"retrying", "Retrying in 1s [Retry 1/5]."},
    {"unfrozen", "Epoch 5: unfreezing backbone (all layers trainable)"},
    {"unfrozen", "Unfrozen all layers"},
    {"wandb_recovered", "wandb: Network error resolved after 0:00:12.345678, resuming normal operation."},
    {"wandb_synced", "wandb: \xf0\x9f\x9a\x80 View run frosty-shape-3 at: https://wandb.ai/u/p/runs/i31zyslt"},
    {"wandb_error", "wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])"},
    {"wandb_not_logged_in", "wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])"},
    {"wandb_not_logged_in", "wandb.errors.UsageError: api_key not configured (no-tty). call "
                            "wandb.login(key=[your_api_key])"},
    {"wandb_uninitialized", "wandb.errors.Error: You must call wandb.init() before wandb.log()"},
    {"vocab_size", "  \"vocab_size\": 50257"},
    {"num_classes", "num_classes: 10"},
    {"debug_block", "[DEBUG] layer 3 activations"},
    {"dtype_bf16", "hidden_states dtype: torch.bfloat16"},
    {"dtype_fp16", "logits dtype: torch.float16"},
    {"dtype_fp32", "loss dtype: torch.float32"},
    {"dtype_fp32_upcast", "[probe step 1] attn weights dtype: torch.float32"},
    {"dtype_fp32_upcast", "logits dtype: torch.float32"},
    {"dtype_fp32_upcast", "  reduce dtype: torch.float32"},
    {"dtype_fp32_upcast", "master weights dtype: torch.float32"},
    {"dtype_fp32_upcast", "lora_A dtype: torch.float32"},
    {"dtype_fp32_upcast", "LayerNorm dtype: torch.float32"},
    {"dtype_fp32_upcast", "model.layers.0.mlp.router dtype: torch.float32"},
    {"dtype_fp32_upcast", "vision_tower dtype: torch.float32"},
    {"tensor_shape", "input_ids shape: torch.Size([8, 512])"},
    {"init_std", "layer.0.weight std: 0.0201 (expected 0.0200)"},
    {"process_rank", "Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: True, 16-bits training: "
                     "False"},
    {"data_parallel", "Process rank: -1, device: cuda:0, n_gpu: 4, distributed training: False, 16-bits training: "
                      "True"},
    {"world_size", "world_size=8"},
    {"model_parallel", "model.hf_device_map: {'model.embed_tokens': 0, 'model.layers.40': 1, 'lm_head': 1}"},
    {"model_parallel", "model = AutoModelForCausalLM.from_pretrained(name, device_map=\"auto\", load_in_4bit=True)"},
    {"device_mismatch", "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, "
                        "cuda:0 and cpu! (when checking argument for argument mat1 in method wrapper_addmm)"},
    {"device_mismatch", "RuntimeError: Expected all tensors to be on the same device, but got mat1 is on cpu, "
                        "different from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_addmm)"},
    {"device_mismatch", "RuntimeError: Input type (torch.FloatTensor) and weight type (torch.cuda.FloatTensor) should "
                        "be the same or input should be a MKLDNN tensor and weight is a dense tensor"},
    {"device_mismatch", "RuntimeError: Input type (CUDABFloat16Type) and weight type (CPUBFloat16Type) should be the "
                        "same or input should be a MKLDNN tensor and weight is a dense tensor"},
    {"device_mismatch", "RuntimeError: Expected object of device type cuda but got device type cpu for argument #1 "
                        "'self' in call to _th_mm"},
    {"invalid_device", "RuntimeError: CUDA error: invalid device ordinal"},
    {"invalid_device", "RuntimeError: Attempting to deserialize object on CUDA device 3 but torch.cuda.device_count() "
                       "is 1. Please use torch.load with map_location to map your storages to an existing device."},
    {"loss_detached", "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn"},
    {"checkpoint_no_grad_inputs", "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:31: UserWarning: "
                                  "None of the inputs have requires_grad=True. Gradients will be None"},
    {"embedding_index", "IndexError: index out of range in self"},
    {"dist_not_initialized", "RuntimeError: Default process group has not been initialized, please make sure to call "
                             "init_process_group."},
    {"dist_not_initialized", "ValueError: Default process group has not been initialized, please make sure to call "
                             "init_process_group."},
    {"device_map_auto_distributed", "ValueError: You can't train a model that has been loaded with `device_map='auto'` "
                                    "in any distributed mode. Please rerun your script specifying `--num_processes=1` "
                                    "or by launching with `python {{myscript.py}}`."},
    {"kbit_wrong_device", "ValueError: You can't train a model that has been loaded in 8-bit precision on a different "
                          "device than the one you're training on. Make sure you loaded the model on the correct "
                          "device using for example `device_map={'':torch.cuda.current_device()}`"},
    {"gpu_unused", "GPU available: True (cuda), used: False"},
    {"gpu_unused", "GPU available: True, used: False"},
    {"cuda_init_failed", "/usr/lib/python3/dist-packages/torch/cuda/__init__.py:88: UserWarning: CUDA initialization: "
                         "The NVIDIA driver on your system is too old (found version 11040)."},
    {"cuda_init_failed", "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU "
                         "and installed a driver from http://www.nvidia.com/Download/index.aspx"},
    {"torch_cpu_build", "AssertionError: Torch not compiled with CUDA enabled"},
    {"response_template_missing", "/usr/local/lib/python3.10/dist-packages/trl/trainer/utils.py:119: UserWarning: "
                                  "Could not find response key `### Answer:` in the following instance: <s> ### "
                                  "Question: What is 2+2?"},
    {"response_template_missing", "UserWarning: Could not find instruction key `### Human:` in the following "
                                  "instance: <s> Hello"},
    {"host_oom", "[ 1822.012] Memory cgroup out of memory: Killed process 629 (onmt_train) total-vm:12345kB"},
    {"keyboard_interrupt", "2025-01-06 15:36:27,893\tWARNING tune.py:219 -- Stop signal received (e.g. via SIGINT/Ctrl+C), ending Ray Tune run."},
    {"trials_incomplete", "2025-01-06 15:36:29,768\tERROR tune.py:1037 -- Trials did not complete: [_tune_94bfe_00000]"},
    {"job_failed", "2024-03-12 09:26:51,878 sagemaker-training-toolkit ERROR    ExecuteUserScriptError:"},
    {"job_failed", "2024-03-12 09:26:51,878 sagemaker-training-toolkit ERROR    Reporting training FAILURE"},
    {"job_failed", "2024-03-12 09:27:09 Failed - Training job failed"},
    {"job_failed", "MPI_ABORT was invoked on rank 2 in communicator MPI_COMM_WORLD"},
    {"job_failed", "The replica workerpool0-0 exited with a non-zero status of 1."},
    {"worker_lost", "start-worker 2024/12/17 16:03:58 GCP Metadata Service says termination is imminent"},
    {"vllm_engine", "INFO 03-20 02:28:51 [core.py:58] Initializing a V1 LLM engine (v0.8.1) with config: model='Qwen/Qwen2.5-7B'"},
    {"vllm_engine", "  vllm_gpu_memory_utilization: 0.3"},
    {"heads_not_used", "Some weights of the model checkpoint at distilbert-base-uncased were not used when initializing "
                       "DistilBertForSequenceClassification: ['vocab_layer_norm.weight', 'vocab_transform.weight']"},
    {"wandb_server_error", "wandb: ERROR Error while calling W&B API: An internal error occurred. Please contact support. (<Response [500]>)"},
    {"model_size", "number of parameters: 10.65M"},
    {"model_size", "num_parameters: 124475904 => bytes: 248951808"},
    {"nan_message", "INFO:tensorflow:Error reported to Coordinator: <class 'tensorflow.python.framework.errors_impl."
                    "InvalidArgumentError'>, LossTensor is inf or nan. : Tensor had NaN values"},
    {"elastic_restart", "INFO:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. 3/3 "
                        "attempts left; will restart worker group"},
    {"gloo_error", "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:589] Read error "
                   "[192.168.70.92]:25266: Connection reset by peer"},
    {"tokenization_mismatch", "WARNING: tokenization mismatch: 654 vs. 643. #turn = 25. (ignored). This dataset is "
                              "docvqa_train_10k."},
    {"right_padding", "A decoder-only architecture is being used, but right-padding was detected! For correct "
                      "generation results, please set `padding_side='left'` when initializing the tokenizer."},
    {"few_workers", "PossibleUserWarning: The dataloader, train_dataloader, does not have many workers which may be "
                    "a bottleneck. Consider increasing the value of the `num_workers` argument` (try 8 which is the "
                    "number of cpus on this machine) in the `DataLoader` init to improve performance."},
    {"ddp_unused_parameters", "RuntimeError: Expected to have finished reduction in the prior iteration before "
                              "starting a new one. This error indicates that your module has parameters that were "
                              "not used in producing loss."},
    {"ddp_ready_twice", "RuntimeError: Expected to mark a variable ready only once. This error is caused by one of "
                        "the following reasons: 1) Use of a module parameter outside the `forward` function."},
    {"ddp_find_unused_wasted", "[W reducer.cpp:1300] Warning: find_unused_parameters=True was specified in DDP "
                               "constructor, but did not find any unused parameters in the forward pass. This flag "
                               "results in an extra traversal of the autograd graph every iteration, which can "
                               "adversely affect performance."},
    {"allocator_flushes", "[2024-05-01 10:00:00,000] [WARNING] [stage3.py:2069:step] 3 pytorch allocator cache "
                          "flushes since last step. this happens when there is high memory pressure and is "
                          "detrimental to performance."},
    {"allocator_flushes", "[titan] 2026-02-24 19:41:01,031 - root - WARNING - 9 CUDA memory allocation retries."},
    {"dist_connected", "2023-06-13 17:29:38 | INFO | torch.distributed.distributed_c10d | Rank 0: Completed store-based "
                       "barrier for key:store_based_barrier_key:1 with 8 nodes."},
    {"cuda_error", "2024-11-28 09:41:12 [31,512ms] [Error] [omni.physx.plugin] PhysX error: Synchronizing/Fetching GPU "
                   "Narrowphase failed! 700, FILE /builds/omniverse/physics/physx/source/gpunarrowphase/src/"
                   "PxgNarrowphaseCore.cpp, LINE 2436"},
    {"cuda_error", "[Error] [omni.physx.plugin] PhysX error: GPU convexCoreConvexNphase_Kernel fail to launch!!"},
    {"memory_bank_model", "Aggregating the embedding extracted from the training set."},
    {"worker_sigkill", "RuntimeError: DataLoader worker (pid 19597) is killed by signal: Killed."},
    {"input_exhausted", "UserWarning: Your input ran out of data; interrupting training. Make sure that your dataset or "
                        "generator can generate at least `steps_per_epoch * epochs` batches."},
    {"memory_bank_model", "Assigning the coreset as the memory bank."},
    {"allocator_map_failed", "[rank0]:[W519 19:51:11.382409199 CUDACachingAllocator.cpp:495] expandable_segments: "
                             "memory mapping failed with OOM on device 0 while trying to map 20971520 bytes (free: "
                             "14286848, total: 191503138816)."},
    {"few_workers", "UserWarning: The 'train_dataloader' does not have many workers which may be a bottleneck. "
                    "Consider increasing the value of the `num_workers` argument` to `num_workers=7` in the "
                    "`DataLoader` to improve performance."},
};

START_TEST(test_event_signatures)
{
    const char *id = event_lines[_i].id, *line = event_lines[_i].line;
    md_buf text = {0};
    md_buf_printf(&text, "step 1, loss: 2.0\n%s\n", line);
    md_store *st = load_text("train.log", md_buf_cstr(&text), NULL);
    const md_event *e = md_store_find_event(st, id);
    ck_assert_msg(e && e->count == 1 && e->first_line == 2, "event %s not found in \"%s\"", id, line);
    md_store_free(st);
    md_buf_free(&text);
}
END_TEST

/* Fields take the first group that holds a number, after alternations of
 * names. */
START_TEST(test_event_size_fields)
{
    md_store *st = load_text("train.log",
                             "  \"vocab_size\": 50257\n"
                             "num_labels=3\n"
                             "step 1, loss: 2.0\n"
                             "OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768\n",
                             NULL);
    ck_assert(field(event(st, "vocab_size"), "size")->last == 50257);
    ck_assert(field(event(st, "num_classes"), "classes")->last == 3);
    ck_assert(field(event(st, "fp16_overflow"), "scale")->last == 32768);
    ck_assert(field(event(st, "fp16_overflow"), "attempted")->last == 65536);
    md_store_free(st);

    /* Thousands parted by commas (nanochat's "Vocab size: 8,192"). */
    st = load_text("train.log", "Vocab size: 8,192\nstep 1, loss: 2.0\n", NULL);
    ck_assert(field(event(st, "vocab_size"), "size")->last == 8192);
    md_store_free(st);

    /* apex's scale after many halvings, in Python's exponent form. */
    st = load_text("train.log",
                   "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 1.52587890625e-05\n"
                   "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 7.62939453125e-06\n",
                   NULL);
    const md_event_field *scale = field(event(st, "fp16_overflow"), "scale");
    ck_assert(scale->max == 1.52587890625e-05 && scale->last == 7.62939453125e-06);
    md_store_free(st);
}
END_TEST

/* A value written with a unit of time is no loss, whatever its key says:
 * an SSD trainer's "Cost: 30.35s" is the seconds its last 50 steps took,
 * and its total_loss is the loss. */
START_TEST(test_timed_value_is_no_loss)
{
    md_store *st = load_text("train.log",
                             "Iter: 016500, Lr: 0.00100, Cost: 30.35s, total_loss: 2.746\n"
                             "Iter: 016550, Lr: 0.00100, Cost: 30.74s, total_loss: 3.110\n"
                             "Iter: 016600, Lr: 0.00100, Cost: 30.60s, total_loss: 2.336\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert(loss->first == 2.746 && loss->last == 2.336);
    ck_assert_ptr_null(md_store_find(st, "cost"));
    md_store_free(st);
}
END_TEST

/* Chainer's LogReport: a JSON list of dicts whose model loss is
 * "main/loss" and whose evaluator's is "validation/main/loss", beside the
 * loss's terms. */
START_TEST(test_chainer_log_report)
{
    md_store *st = load_text("log",
                             "[\n"
                             "    {\"main/cls_loss\": 2.21, \"main/loss\": 2.22, \"main/accuracy\": 0.37,\n"
                             "     \"validation/main/cls_loss\": 2.38, \"validation/main/loss\": 2.39,\n"
                             "     \"validation/main/accuracy\": 0.29, \"epoch\": 1, \"iteration\": 308},\n"
                             "    {\"main/cls_loss\": 1.65, \"main/loss\": 1.66, \"main/accuracy\": 0.52,\n"
                             "     \"validation/main/cls_loss\": 2.01, \"validation/main/loss\": 2.02,\n"
                             "     \"validation/main/accuracy\": 0.41, \"epoch\": 2, \"iteration\": 616}\n"
                             "]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->count == 2 && loss->first == 2.22 && loss->last == 1.66 && loss->last_step == 616);
    const md_series *val = series(st, "val_loss");
    ck_assert(val->count == 2 && val->first == 2.39 && val->last == 2.02);
    ck_assert(series(st, "accuracy")->last == 0.52);
    ck_assert(series(st, "val_accuracy")->last == 0.41);
    md_store_free(st);
}
END_TEST

/* A line that measures training, then its evaluation, with the same names:
 * the names repeated after the evaluation's first key are the
 * evaluation's. A name repeated with no evaluation between stays itself. */
START_TEST(test_repeated_after_evaluation)
{
    md_store *st = load_text("train.log",
                             "Epoch 0 |   Train Loss: 11.2338 | Token Acc: 0.0490 | Seq Acc: 0.0000 |   "
                             "Val Loss: 10.9681 | Token Acc: 0.0660 | Seq Acc: 0.0010\n"
                             "Epoch 1 |   Train Loss: 10.8902 | Token Acc: 0.0660 | Seq Acc: 0.0000 |   "
                             "Val Loss: 10.8130 | Token Acc: 0.0661 | Seq Acc: 0.0020\n",
                             NULL);
    ck_assert(series(st, "loss")->last == 10.8902 && series(st, "val_loss")->last == 10.8130);
    const md_series *train = series(st, "accuracy"), *val = series(st, "val_accuracy");
    ck_assert(train->count == 2 && train->first == 0.0490 && train->last == 0.0660);
    ck_assert(val->count == 2 && val->first == 0.0660 && val->last == 0.0661);
    ck_assert(series(st, "val_seq_acc")->last == 0.0020);
    md_store_free(st);
}
END_TEST

/* SIGN's line names a set once for a group of keys: "Acc" after "Val Auc"
 * is the validation's accuracy, and after "Test Auc" the test's, as
 * "Train Acc" named the training's. A bare key the line never gave under
 * the training set's name stays itself. */
START_TEST(test_bare_key_after_evaluation_set)
{
    md_store *st = load_text("train.log",
                             "Epoch: 000, Loss: 0.1501, Train Auc: 0.9247,Train Acc: 0.8943, Val Auc: 0.9151, "
                             "Acc: 0.8899, Test Auc: 0.9158, Acc: 0.8910\n"
                             "Epoch: 001, Loss: 0.1077, Train Auc: 0.9429,Train Acc: 0.9026, Val Auc: 0.9295, "
                             "Acc: 0.8950, Test Auc: 0.9301, Acc: 0.8960, lr: 0.05\n",
                             NULL);
    const md_series *train = series(st, "accuracy"), *val = series(st, "val_accuracy");
    ck_assert(train->count == 2 && train->first == 0.8943 && train->last == 0.9026);
    ck_assert(val->count == 2 && val->first == 0.8899 && val->last == 0.8950);
    ck_assert(series(st, "test_acc")->count == 2 && series(st, "test_acc")->last == 0.8960);
    ck_assert(series(st, "lr")->last == 0.05);
    md_store_free(st);
    st = load_text("train.log",
                   "epoch: 1, Train_Auc: 0.92, Train_Acc: 0.89, Val_Auc: 0.91, Acc: 0.88\n"
                   "epoch: 2, Train_Auc: 0.94, Train_Acc: 0.90, Val_Auc: 0.93, Acc: 0.89\n",
                   NULL);
    ck_assert(series(st, "accuracy")->count == 2 && series(st, "accuracy")->last == 0.90);
    ck_assert(series(st, "val_accuracy")->count == 2 && series(st, "val_accuracy")->last == 0.89);
    md_store_free(st);
}
END_TEST

/* pycocotools' summary: the first line, AP over IoU 0.50:0.95 of all
 * areas, is the headline mAP, of the annotation type it evaluated; the
 * other lines and the settings in their brackets are not read, nor a -1
 * (no such objects). */
START_TEST(test_coco_summary)
{
    md_store *st = load_text("train.log",
                             "iter: 100  total_loss: 1.20\n"
                             "Evaluate annotation type *bbox*\n"
                             " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.377\n"
                             " Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.581\n"
                             " Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.512\n"
                             "Evaluate annotation type *segm*\n"
                             " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.341\n"
                             " Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = -1.000\n"
                             "iter: 200  total_loss: 1.00\n"
                             "IoU metric: bbox\n"
                             " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.402\n",
                             NULL);
    const md_series *map = series(st, "val_map");
    ck_assert(map->count == 2 && map->first == 0.377 && map->last == 0.402);
    ck_assert(series(st, "coco_segm_map")->count == 1 && series(st, "coco_segm_map")->last == 0.341);
    ck_assert_ptr_null(md_store_find(st, "iou"));
    ck_assert_ptr_null(md_store_find(st, "maxdets"));
    md_store_free(st);
}
END_TEST

/* MONAI's tutorials: "N/T, train_loss: x" under "epoch E/300" is batch N
 * of epoch E's T, so the losses of two epochs line up one after the
 * other instead of piling up at the epoch's number. */
START_TEST(test_leading_batch_count)
{
    md_store *st = load_text("train.log",
                             "----------\n"
                             "epoch 1/300\n"
                             "1/4, train_loss: 0.9162 step time: 0.9368\n"
                             "2/4, train_loss: 0.8221 step time: 0.9655\n"
                             "3/4, train_loss: 0.7084 step time: 1.1199\n"
                             "4/4, train_loss: 0.6122 step time: 1.2446\n"
                             "epoch 1 average loss: 0.7647\n"
                             "----------\n"
                             "epoch 2/300\n"
                             "1/4, train_loss: 0.5382 step time: 1.1125\n"
                             "2/4, train_loss: 0.5024 step time: 1.0847\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 6);
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 6);
    ck_assert(loss->last == 0.5024);
    md_store_free(st);
}
END_TEST

/* Bayou's "1920/191900 (epoch 1) loss: 8.237": the run's batch count
 * before the epoch in parentheses is the step; the epoch is not. */
START_TEST(test_leading_batch_count_before_epoch)
{
    md_store *st = load_text("train.log",
                             "Model parameters: 50361480.0\n"
                             "1920/191900 (epoch 1) loss: 8.237, gen_loss: 8.051, KL_loss: 13.235, \n"
                             "\t\n"
                             "1925/191900 (epoch 1) loss: 8.336, gen_loss: 8.149, KL_loss: 12.937, \n"
                             "\t\n"
                             "1930/191900 (epoch 2) loss: 8.21, gen_loss: 8.02, KL_loss: 106.9, \n",
                             NULL);
    const md_series *loss = series(st, "loss"), *kl = series(st, "vae_kl");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 1920);
    ck_assert_int_eq(loss->last_step, 1930);
    ck_assert_int_eq(kl->last_step, 1930);
    ck_assert(kl->last == 106.9);
    md_store_free(st);
}
END_TEST

/* NVIDIA's Tacotron 2: "Train loss N V" and "Validation loss N:  V" give
 * the iteration before the loss; neither is the loss. */
START_TEST(test_set_loss_iteration)
{
    md_store *st = load_text("train.log",
                             "Epoch: 0\n"
                             "Train loss 0 48.220909 Grad Norm 13.484264 5.71s/it\n"
                             "Validation loss 0: 37.061010  \n"
                             "Train loss 1 35.229748 Grad Norm 25.020286 3.79s/it\n"
                             "Train loss 2 16.508032 Grad Norm 17.146819 3.99s/it\n"
                             "Epoch: 1\n"
                             "Train loss 1000 0.514525 Grad Norm 0.615372 4.37s/it\n"
                             "Validation loss 1000:  0.523265  \n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss"), *gn = series(st, "grad_norm");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->last_step, 1000);
    ck_assert(loss->first == 48.220909 && loss->last == 0.514525);
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->last_step, 1000);
    ck_assert(val->last == 0.523265);
    ck_assert(gn->last == 0.615372);
    md_store_free(st);
}
END_TEST

/* VITS's list of losses by position, then the step and the rate; a NaN
 * among them is read as one. */
START_TEST(test_vits_loss_list)
{
    md_store *st = load_text("train.log",
                             "2023-09-16 18:44:35,779\t32k\tINFO\tTrain Epoch: 1 [0%]\n"
                             "2023-09-16 18:44:35,783\t32k\tINFO\t[1.8585, 3.1098, 16.751, 38.250, 6.8554, 0, 0.0001]\n"
                             "INFO:mytts:Train Epoch: 1 [50%]\n"
                             "INFO:mytts:[nan, nan, 15.2, 30.1, 1.35, 5.2, 200, 9.99875e-05]\n"
                             "[3, 7, 11]\n",
                             NULL);
    const md_series *mel = series(st, "loss_mel"), *kl = series(st, "loss_kl"), *d = series(st, "d_loss");
    ck_assert_uint_eq(mel->count, 2);
    ck_assert_int_eq(mel->first_step, 0);
    ck_assert_int_eq(mel->last_step, 200);
    ck_assert(mel->last == 30.1);
    ck_assert(kl->first == 6.8554 && kl->last == 5.2);
    ck_assert_uint_eq(d->nan, 1);
    ck_assert(series(st, "loss_dur")->last == 1.35);
    ck_assert(series(st, "lr")->last == 9.99875e-05);
    md_store_free(st);

    /* RVC logs the step and the rate alone, the losses as pairs after. A
     * pair of numbers with a rate of 0.5 is no such line. */
    st = load_text("train.log",
                   "INFO:kobo:Train Epoch: 1 [0%]\n"
                   "INFO:kobo:[200, 9.998750156236327e-05]\n"
                   "INFO:kobo:loss_disc=3.859, loss_gen=3.076, loss_fm=10.436,loss_mel=21.974, loss_kl=1.270\n"
                   "INFO:kobo:Train Epoch: 2 [50%]\n"
                   "INFO:kobo:[400, 9.997500468730469e-05]\n"
                   "INFO:kobo:loss_disc=3.253, loss_gen=4.051, loss_fm=15.998,loss_mel=22.939, loss_kl=9.000\n"
                   "[3, 0.5]\n",
                   NULL);
    mel = series(st, "loss_mel");
    ck_assert_int_eq(mel->first_step, 200);
    ck_assert_int_eq(mel->last_step, 400);
    ck_assert_uint_eq(series(st, "lr")->count, 2);
    ck_assert(series(st, "lr")->last == 9.997500468730469e-05);
    md_store_free(st);

    /* Bert-VITS2 splits a step's losses over two lines: the second, loss
     * terms alone, is no configuration once training logged points. */
    st = load_text("train.log",
                   "2023-06-29 15:09:18,527\tbert_vits\tINFO\tloss_disc=2.641, loss_gen=1.992, loss_fm=3.197\n"
                   "2023-06-29 15:09:18,527\tbert_vits\tINFO\tloss_mel=15.999, loss_dur=0.107, loss_kl=1.762\n",
                   NULL);
    ck_assert(series(st, "loss_mel")->last == 15.999);
    ck_assert(series(st, "loss_kl")->last == 1.762);
    md_store_free(st);
    /* Before any point, such a line is a configuration's. */
    st = load_text("train.log", "loss_mel=45, loss_kl=1.0\nstep 1 loss 2.5\nstep 2 loss 2.4\n", NULL);
    ck_assert_ptr_null(md_store_find(st, "loss_mel"));
    md_store_free(st);
}
END_TEST

/* Python logging's default format, "LEVEL:logger:message": the logger's
 * name, hyphens and all, is no part of the keys. */
START_TEST(test_basic_logging_prefix)
{
    md_store *st = load_text("train.log",
                             "INFO:Kobo-Kanaeru-First-Try:====> Epoch: 1\n"
                             "INFO:Kobo-Kanaeru-First-Try:loss_disc=3.859, loss_gen=3.076, loss_fm=10.436,loss_mel=21.974, loss_kl=1.270\n"
                             "INFO:Kobo-Kanaeru-First-Try:loss_disc=3.253, loss_gen=4.051, loss_fm=15.998,loss_mel=22.939, loss_kl=9.000\n"
                             "INFO:root:loss_disc=3.216, loss_gen=4.726, loss_fm=12.343,loss_mel=21.107, loss_kl=9.000\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss_mel")->count, 3);
    ck_assert(series(st, "loss_kl")->last == 9.0);
    ck_assert_uint_eq(series(st, "d_loss")->count, 3);
    md_store_free(st);
}
END_TEST

/* mmengine's resume message names where the run restarts; the epochs
 * after it place themselves, not on top of it. */
START_TEST(test_mmengine_resumed)
{
    md_store *st = load_text("train.log",
                             "09/03 07:22:22 - mmengine - INFO - Epoch(train) [2][4/4]  lr: 1.0000e-02  loss: 1.9809\n"
                             "09/03 07:22:22 - mmengine - INFO - Saving checkpoint at 2 epochs\n"
                             "09/03 07:25:19 - mmengine - INFO - resumed epoch: 2, iter: 8\n"
                             "09/03 07:25:21 - mmengine - INFO - Epoch(train) [3][1/4]  lr: 1.0000e-02  loss: 1.9727\n"
                             "09/03 07:25:22 - mmengine - INFO - Epoch(train) [3][4/4]  lr: 1.0000e-02  loss: 2.0035\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 8);
    ck_assert_int_eq(loss->last_step, 12);
    md_store_free(st);
}
END_TEST

/* nanoGPT prints its MFU as -100% until it has timed five steps: none. */
START_TEST(test_nanogpt_mfu_unmeasured)
{
    md_store *st = load_text("train.log",
                             "iter 0: loss 4.2874, time 31842.76ms, mfu -100.00%\n"
                             "iter 10: loss 3.2338, time 239.83ms, mfu -100.00%\n"
                             "iter 20: loss 2.7813, time 240.41ms, mfu 16.68%\n"
                             "iter 30: loss 2.6214, time 240.22ms, mfu 16.67%\n",
                             NULL);
    const md_series *mfu = series(st, "mfu");
    ck_assert_uint_eq(mfu->count, 2);
    ck_assert_int_eq(mfu->first_step, 20);
    ck_assert(mfu->min > 0.16);
    ck_assert_uint_eq(series(st, "loss")->count, 4);
    md_store_free(st);
}
END_TEST

/* A script's crash written to the file its metrics go to (stdout and
 * stderr both): the lines after the last record that are none are read as
 * console output, for their events, at the step the records reached. A line
 * that is no record between two records is not. */
START_TEST(test_structured_input_crash_tail)
{
    static const char traceback[] =
        "Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n    loss.backward()\n"
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
    md_buf b = {0};
    for (int i = 1; i <= 30; i++)
        md_buf_printf(&b, "{\"step\": %d, \"loss\": %.3f}\n", i, 2.0 - 0.01 * i);
    md_buf_puts(&b, traceback);
    md_store *st = load_text("metrics.jsonl", md_buf_cstr(&b), NULL);
    const md_event *oom = event(st, "cuda_oom");
    ck_assert_int_eq(oom->first_step, 30);
    ck_assert_uint_eq(oom->first_line, 34);
    ck_assert_ptr_nonnull(md_store_find_event(st, "exception"));
    md_store_free(st);

    /* Records that end in '\r' alone, then the shell's word. */
    md_buf_reset(&b);
    for (int i = 1; i <= 30; i++)
        md_buf_printf(&b, "{\"step\": %d, \"loss\": %.3f}\r", i, 2.0 - 0.01 * i);
    md_buf_puts(&b, "Killed\r");
    st = load_text("metrics.jsonl", md_buf_cstr(&b), NULL);
    ck_assert_int_eq(event(st, "killed")->first_step, 30);
    ck_assert_uint_eq(series(st, "loss")->count, 30);
    md_store_free(st);

    md_buf_reset(&b);
    md_buf_puts(&b, "step,loss,lr\n");
    for (int i = 1; i <= 30; i++)
        md_buf_printf(&b, "%d,%.3f,0.001\n", i, 2.0 - 0.01 * i);
    md_buf_puts(&b, "Killed\n");
    st = load_text("metrics.csv", md_buf_cstr(&b), NULL);
    ck_assert_int_eq(event(st, "killed")->first_step, 30);
    md_store_free(st);
    /* A message with as many commas as the header is no row all the same. */
    md_buf_reset(&b);
    md_buf_puts(&b, "step,loss,lr\n");
    for (int i = 1; i <= 30; i++)
        md_buf_printf(&b, "%d,%.3f,0.001\n", i, 2.0 - 0.01 * i);
    md_buf_puts(&b, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
                    "capacity of 79.15 GiB of which 3.19 MiB is free. Of the allocated memory 77.10 GiB is "
                    "allocated by PyTorch, and 1.23 GiB is reserved by PyTorch but unallocated, see "
                    "documentation for Memory Management (https://pytorch.org/docs/stable/notes/cuda.html)\n");
    st = load_text("metrics.csv", md_buf_cstr(&b), NULL);
    ck_assert_int_eq(event(st, "cuda_oom")->first_step, 30);
    ck_assert_uint_eq(series(st, "loss")->count, 30);
    md_store_free(st);

    /* Mid-file, between rows: not read. */
    md_buf_reset(&b);
    md_buf_puts(&b, "step,loss,lr\n");
    for (int i = 1; i <= 30; i++) {
        md_buf_printf(&b, "%d,%.3f,0.001\n", i, 2.0 - 0.01 * i);
        if (i == 10)
            md_buf_puts(&b, traceback);
    }
    st = load_text("metrics.csv", md_buf_cstr(&b), NULL);
    ck_assert_ptr_null(md_store_find_event(st, "cuda_oom"));
    ck_assert_uint_eq(series(st, "loss")->count, 30);
    md_store_free(st);
    md_buf_free(&b);
}
END_TEST

/* Binary data written into a log after its lines: the lines are read,
 * the binary pieces are neither values nor messages, whatever text their
 * bytes happen to spell ("^C" at a piece's start, "L1 5"). */
START_TEST(test_binary_pieces_in_a_log)
{
    md_buf b = {0};
    for (int i = 1; i <= 200; i++)
        md_buf_printf(&b, "epoch %d loss %.4f\n", i, 2.5 * pow(0.99, i));
    uint64_t x = 88172645463325252ULL;
    for (int k = 0; k < 2000; k++) {
        md_buf_puts(&b, k % 3 ? "L1 5 \x02" : "^C\x02");
        for (int i = 0; i < 60; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            char c = (char)(x >> 56);
            md_buf_putc(&b, c == '\n' || c == '\0' ? '\x01' : c);
        }
        md_buf_putc(&b, '\n');
    }
    md_store *st = load_bytes("train.log", b.p, b.n, MD_OK, NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 200);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    ck_assert_ptr_null(md_store_find_event(st, "keyboard_interrupt"));
    md_store_free(st);
    /* Latin-1 text is text: an accent or two in a line. */
    st = load_text("train.log", "\xc9poque 1 perte: 0.5\n\xc9poque 2 perte: 0.4\n\xc9poque 3 perte: 0.3\n", NULL);
    ck_assert_uint_ge(md_store_nseries(st), 1);
    md_store_free(st);
    md_buf_free(&b);
}
END_TEST

/* A log that writes decimal commas (its head holds values such as "0,984"
 * that nothing else can be) reads "1,148" as 1.148; one that groups
 * thousands beyond doubt ("1,234,567") keeps it a thousand and more. */
START_TEST(test_decimal_comma_log)
{
    md_store *st = load_text("comma.log",
                             "step 1 loss: 1,148\nstep 2 loss: 1,021\nstep 3 loss: 0,984\nstep 4 loss: 0,975\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->first == 1.148);
    ck_assert(loss->max == 1.148);
    ck_assert(loss->last == 0.975);
    md_store_free(st);
    st = load_text("grouped.log",
                   "samples: 1,234,567 step 1 tokens: 1,148\nstep 2 tokens: 2,296 loss: 0,984\n"
                   "step 3 tokens: 3,444 loss: 0,975\n",
                   NULL);
    ck_assert(series(st, "tokens")->first == 1148);
    md_store_free(st);
    /* Lists of integers in a configuration are no decimal commas. */
    st = load_text("english.log",
                   "input_size: 64,64\nlr_steps: 30,60\nStep 1,000 loss: 2.5\nStep 1,100 loss: 2.4\n", NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 1100);
    md_store_free(st);
}
END_TEST

/* A pasted excerpt cut in the middle of its last number ("Val loss: 6."
 * at the end, no newline) does not give that number; a whole last line
 * without its newline gives all of its own. */
START_TEST(test_last_number_cut_at_the_end)
{
    md_store *st = load_text("train.log",
                             "Epoch: 1/9 | Train loss: 12.6 | Val loss: 6.3234\n"
                             "Epoch: 2/9 | Train loss: 12.5 | Val loss: 6.2419\n"
                             "Epoch: 3/9 | Train loss: 12.4 | Val loss: 6.",
                             NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert(series(st, "val_loss")->min == 6.2419);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    md_store_free(st);
    /* A whole number and a full stop ends a sentence. */
    st = load_text("train.log", "step 1 loss: 0.4512.\nstep 2 loss: 0.4012.", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "loss")->last == 0.4012);
    md_store_free(st);
    st = load_text("train.log", "step 1 loss 2.5\nstep 2 loss 2.25", NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "loss")->last == 2.25);
    md_store_free(st);
}
END_TEST

/* LeRobot rounds its counts: "step:2K" is step 2000, and "ep" beside
 * "epch" counts episodes, not epochs; "grdn" is the gradient norm,
 * "updt_s" the update's seconds and "data_s" its batch's wait. */
START_TEST(test_lerobot_line)
{
    md_store *st = load_text("train.log",
                             "INFO 2026-08-07 18:31:18 ot_train.py:423 step:800 smpl:410K ep:458 epch:11.45 loss:0.239 "
                             "grdn:6.173 lr:5.0e-05 updt_s:0.327 data_s:0.019\n"
                             "INFO 2026-08-07 18:32:27 ot_train.py:423 step:1K smpl:512K ep:573 epch:14.31 loss:0.214 "
                             "grdn:5.656 lr:5.0e-05 updt_s:0.327 data_s:0.019\n"
                             "INFO 2026-08-07 18:37:07 ot_train.py:423 step:2K smpl:922K ep:1K epch:25.77 loss:0.159 "
                             "grdn:inf lr:5.0e-05 updt_s:0.324 data_s:0.026\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *gn = series(st, "grad_norm");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 800);
    ck_assert_int_eq(loss->last_step, 2000);
    ck_assert_uint_eq(loss->restarts, 0);
    ck_assert_uint_eq(gn->inf, 1);
    ck_assert(series(st, "episodes")->last == 1000);
    /* "updt_s" is the update's time, beside the wait for its batch. */
    ck_assert(series(st, "step_time")->last == 0.324);
    ck_assert(series(st, "data_time")->last == 0.026);
    md_store_free(st);
}
END_TEST

/* Coqui's newer trainer stamps its step header with the time; the
 * block under it stands at the global step, its amp_scaler is the loss
 * scale. */
START_TEST(test_coqui_timed_header)
{
    md_store *st = load_text("train.log",
                             "--> TIME: 2024-02-25 01:58:59 -- STEP: 651/652 -- GLOBAL_STEP: 191449\n"
                             "     | > loss_disc: 2.7056007385253906  (2.522395754177309)\n"
                             "     | > loss_mel: 19.086673736572266  (18.72859995864157)\n"
                             "     | > amp_scaler: 256.0  (256.0)\n"
                             "     | > current_lr_0: 0.00019302411853756697 \n"
                             "--> TIME: 2024-02-25 01:59:01 -- STEP: 652/652 -- GLOBAL_STEP: 191450\n"
                             "     | > loss_disc: 2.6  (2.52)\n"
                             "     | > loss_mel: 19.5  (18.73)\n"
                             "     | > amp_scaler: 128.0  (192.0)\n"
                             "     | > current_lr_0: 0.00019302411853756697 \n",
                             NULL);
    const md_series *mel = series(st, "loss_mel"), *scale = series(st, "loss_scale");
    ck_assert_uint_eq(mel->count, 2);
    ck_assert_int_eq(mel->first_step, 191449);
    ck_assert_int_eq(mel->last_step, 191450);
    ck_assert_int_eq(scale->last_step, 191450);
    ck_assert(scale->last == 128.0);
    ck_assert_int_eq(series(st, "lr")->last_step, 191450);
    md_store_free(st);

    /* A GAN's optimizers numbered: grad_norm_0 is the model's norm, the
     * loader's time the step's data time. */
    st = load_text("train.log",
                   "  --> STEP: 183/270 -- GLOBAL_STEP: 1061700\n"
                   "     | > grad_norm_0: 459.31244  (378.85425)\n"
                   "     | > grad_norm_1: 115.94435  (216.08353)\n"
                   "     | > loader_time: 0.04640  (0.03137)\n",
                   NULL);
    ck_assert(series(st, "grad_norm")->last == 459.31244);
    ck_assert_int_eq(series(st, "grad_norm")->last_step, 1061700);
    ck_assert(series(st, "data_time")->last == 0.0464);
    md_store_free(st);
}
END_TEST

/* Composer's console logger heads each step's lines, a figure a line,
 * with the epoch and the run's batch. */
START_TEST(test_composer_block)
{
    md_store *st = load_text("train.log",
                             "[epoch=1][batch=4/8]:\n"
                             "         Train time/batch: 3\n"
                             "         Train loss/train/total: 8.9213\n"
                             "         Train throughput/tokens_per_sec: 20082.8418\n"
                             "[epoch=1][batch=8/8]:\n"
                             "         Train time/batch: 7\n"
                             "         Train loss/train/total: 8.4213\n"
                             "         Train throughput/tokens_per_sec: 20182.8418\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 4);
    ck_assert_int_eq(loss->last_step, 8);
    ck_assert_int_eq(series(st, "tokens_per_s")->last_step, 8);
    md_store_free(st);
}
END_TEST

/* DPR's "NLL Validation: loss = 0.899356": a kind of evaluation before
 * the evaluation's word names the set all the same. */
START_TEST(test_evaluation_after_its_kind)
{
    md_store *st = load_text("train.log",
                             "Epoch: 1: Step: 29401/29440, loss=0.012000, lr=0.000010\n"
                             "NLL Validation: loss = 0.899356. correct prediction ratio  5670/6516 ~  0.870166\n"
                             "Epoch: 2: Step: 29401/29440, loss=0.010000, lr=0.000000\n"
                             "NLL Validation: loss = 0.912000. correct prediction ratio  5670/6516 ~  0.870166\n",
                             NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 2);
    ck_assert(series(st, "val_loss")->last == 0.912);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "loss")->last == 0.01);
    md_store_free(st);
}
END_TEST

/* rl_games: "fps step" is a rate, no step; the epoch places the line and
 * the total rate is the throughput. */
START_TEST(test_rl_games_fps)
{
    md_store *st = load_text("train.log",
                             "fps step: 1048568.0 fps step and policy inference: 699047.1  fps total: 299589.9 epoch: 3/1000\n"
                             "fps step: 699050.7 fps step and policy inference: 419429.1  fps total: 262141.5 epoch: 4/1000\n",
                             NULL);
    const md_series *fps = series(st, "samples_per_s");
    ck_assert_uint_eq(fps->count, 2);
    ck_assert_int_eq(fps->first_step, 3);
    ck_assert_int_eq(fps->last_step, 4);
    ck_assert(fps->last == 262141.5);
    md_store_free(st);
}
END_TEST

/* Dreamer: "[5000] name value / name value / ...": the bracket's count is
 * the step, and a loss term's "inf" there is read as its numbers are. */
START_TEST(test_dreamer_fields)
{
    md_store *st = load_text("train.log",
                             "Training for 100 steps.\n"
                             "[5000] expl_amount 0.0 / model_grad_norm 12.5 / image_loss 11650.7 / model_loss 5864.5 / "
                             "value_loss 6.4 / actor_loss -6.9\n"
                             "Train episode of length 1000 with return 13.9.\n"
                             "[6000] expl_amount 0.3 / model_grad_norm nan / image_loss 304112.1 / model_loss inf / "
                             "value_loss 6.3 / actor_loss -14.7 / fps 1.0\n",
                             NULL);
    const md_series *model = series(st, "model_loss");
    ck_assert_uint_eq(model->count, 2);
    ck_assert_int_eq(model->first_step, 5000);
    ck_assert_int_eq(model->last_step, 6000);
    ck_assert_uint_eq(model->inf, 1);
    ck_assert_uint_eq(series(st, "grad_norm")->nan, 1);
    ck_assert(series(st, "value_loss")->last == 6.3);
    md_store_free(st);
}
END_TEST

/* nerf-pytorch's "VAL PSNR 144: 22.38": the image's number between the
 * name and the value that ends the line is no value. */
START_TEST(test_count_before_value)
{
    md_store *st = load_text("train.log",
                             "[TRAIN] Iter: 209400 Loss: 0.00826267059892416  PSNR: 24.05372428894043\n"
                             "[TRAIN] Iter: 209500 Loss: 0.0067442795261740685  PSNR: 24.944828033447266\n"
                             "Starts Validation Rendering\n"
                             "VAL PSNR 144: 22.382625579833984\n",
                             NULL);
    const md_series *val = series(st, "val_psnr");
    ck_assert_uint_eq(val->count, 1);
    ck_assert(val->last == 22.382625579833984);
    ck_assert_int_eq(val->last_step, 209500);
    md_store_free(st);
}
END_TEST

/* BasicSR (Real-ESRGAN, SwinIR, NAFNet): the iteration with thousands
 * separators, the rate as a tuple of its groups, l_pix the loss; its
 * statistics' "Total epochs: 40000; iters: 200000." plans the run and is
 * no record; the old trainer's "<epoch: 99, iter:   5,000>" closes on '>'. */
START_TEST(test_basicsr_lines)
{
    md_store *st = load_text("train.log",
                             "2026-05-21 18:37:20,798 INFO: Training statistics:\n"
                             "\tTotal epochs: 40000; iters: 200000.\n"
                             "2026-05-21 18:37:40,798 INFO: [train..][epoch:  0, iter:     100, lr:(1.000e-03,)] "
                             "[eta: 1 day, 2:12:36, time (data): 0.557 (0.009)] l_pix: 2.7120e-02 \n"
                             "2026-05-21 18:38:40,798 INFO: [train..][epoch:  3, iter:   1,000, lr:(9.998e-04,2.000e-05,)] "
                             "[eta: 1 day, 2:10:36, time (data): 0.551 (0.008)] l_pix: 1.9730e-02 l_percep: 2.5001e+00 \n"
                             "20-07-28 20:02:43.941 - INFO: <epoch:  3, iter:   1,000> psnr: 2.9862e+01.\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *lr = series(st, "lr");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 100);
    ck_assert_int_eq(loss->last_step, 1000);
    ck_assert(lr->first == 1e-3 && lr->last == 9.998e-4);
    ck_assert_int_eq(series(st, "psnr")->last_step, 1000);
    ck_assert(series(st, "l_percep")->kind == MD_KIND_LOSS);
    ck_assert_ptr_null(md_store_find(st, "total_epochs"));
    md_store_free(st);
}
END_TEST

/* DeePMD-kit's lcurve.out: a header commented out, rmse_trn the loss and
 * rmse_val the validation's, and nan where a property had no reference
 * data, which is no value. */
START_TEST(test_deepmd_lcurve)
{
    md_store *st = load_text("lcurve.out",
                             "#  step      rmse_val    rmse_trn   rmse_lc_val rmse_lc_trn         lr\n"
                             "# If there is no available reference data, rmse_*_{val,trn} will print nan\n"
                             "      0      3.99e-01    3.10e-01           nan         nan    1.0e-02\n"
                             "    100      7.35e-01    2.50e-01      9.18e-02         nan    6.0e-03\n"
                             "    200      4.88e-01    2.00e-01           nan    4.20e-02    3.6e-03\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 200);
    ck_assert(loss->last == 0.2 && val->last == 0.488);
    ck_assert_uint_eq(series(st, "rmse_lc_val")->count, 1);
    ck_assert_uint_eq(series(st, "rmse_lc_val")->nan, 0);
    ck_assert(series(st, "lr")->last == 3.6e-3);
    md_store_free(st);
}
END_TEST

/* Old PySlowFast's json_stats: string values ("_type", "mode") and a
 * quoted clock do not make the line one of settings. */
START_TEST(test_slowfast_json_stats)
{
    md_store *st = load_text("stdout.log",
                             "[INFO: logging.py:   67]: json_stats: {\"_type\": \"train_iter\", \"cur_epoch\": \"1\", "
                             "\"cur_iter\": \"10\", \"eta\": \"12:18:36\", \"loss\": 0.177622, \"lr\": 0.100000, "
                             "\"mode\": \"train\", \"time_diff\": 0.961633}\n"
                             "[INFO: logging.py:   67]: json_stats: {\"_type\": \"train_iter\", \"cur_epoch\": \"1\", "
                             "\"cur_iter\": \"20\", \"eta\": \"1 day, 14:35:48\", \"loss\": 0.168755, \"lr\": 0.100000, "
                             "\"mode\": \"train\", \"time_diff\": 3.015697}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->last_step, 20);
    ck_assert(series(st, "step_time")->last == 3.015697);
    md_store_free(st);
}
END_TEST

/* A note after a table row's cells marks the best epoch; the row is read. */
START_TEST(test_table_row_note)
{
    md_store *st = load_text("train.log",
                             "epoch  train/loss  val/w_mse  val/w_rmse\n"
                             "0      0.145       0.2503     0.4787\n"
                             "1      0.300       0.2210     0.4483\n"
                             "2      0.252       0.3964     0.5750   *\n"
                             "3      0.408       0.2118     0.4383   <- best, saved epoch_003.ckpt\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert(series(st, "val_w_mse")->last == 0.2118);
    md_store_free(st);
}
END_TEST

/* A setting assigned with '=' under an identifier joined with '_'
 * (nanoGPT's overrides) heads nothing: the settings after it are no
 * values of a step 40 the run never reached. */
START_TEST(test_assigned_setting_is_no_header)
{
    md_store *st = load_text("train.log",
                             "Overriding config with config/finetune_shakespeare.py:\n"
                             "eval_interval = 5\n"
                             "eval_iters = 40\n"
                             "batch_size = 1\n"
                             "learning_rate = 3e-5\n"
                             "iter 0: loss 4.8131, time 36410.71ms, mfu -100.00%\n"
                             "iter 1: loss 4.7010, time 1310.22ms, mfu 10.00%\n",
                             NULL);
    ck_assert(series(st, "lr")->ordinal);
    ck_assert_int_eq(series(st, "loss")->last_step, 1);
    md_store_free(st);
}
END_TEST

/* Keras 1's bar, its redraws lost, with a checkpoint callback's message
 * glued between the last mid-epoch frame and the epoch's closing frame
 * ("...acc: 0.7000Epoch 00000: val_loss improved ..., saving model to
 * w.hdf523000/23000 [====] ..."): the closing frame and its val_loss are
 * read as if a '\r' parted them. */
START_TEST(test_keras1_glued_closing_frame)
{
    md_store *st = load_text("train.log",
                             "Epoch 1/2\n"
                             "22912/23000 [============================>.] - ETA: 1s - loss: 0.6010 - acc: 0.7000"
                             "Epoch 00000: val_loss improved from inf to 0.50000, saving model to w.hdf5"
                             "23000/23000 [==============================] - 377s - loss: 0.6000 - acc: 0.7000 - "
                             "val_loss: 0.5000 - val_acc: 0.8400\n"
                             "Epoch 2/2\n"
                             "22912/23000 [============================>.] - ETA: 1s - loss: 0.4510 - acc: 0.7300"
                             "Epoch 00001: val_loss improved from 0.50000 to 0.42000, saving model to w.hdf5"
                             "23000/23000 [==============================] - 377s - loss: 0.4500 - acc: 0.7300 - "
                             "val_loss: 0.4200 - val_acc: 0.8350\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert(val->last == 0.42);
    ck_assert(series(st, "loss")->last == 0.45);
    md_store_free(st);
}
END_TEST

/* A step's header inside a drawn rule, after Python logging's prefix
 * (CycleGAN's "INFO:root:-----------Step 1400:-------------") or between
 * arrows (" ===>>> Epoch 2 <<<=== "), places the lines under it, also
 * those whose keys the catalog does not name. */
START_TEST(test_decorated_step_header)
{
    md_store *st = load_text("train.log",
                             "INFO:root:-----------Step 1400:-------------\n"
                             "INFO:root:  G_loss   : 4.85528945923\n"
                             "INFO:root:  D_Y_loss : 0.0743376016617\n"
                             "INFO:root:-----------Step 1500:-------------\n"
                             "INFO:root:  G_loss   : 4.7\n"
                             "INFO:root:  D_Y_loss : 0.08\n",
                             NULL);
    ck_assert_int_eq(series(st, "g_loss")->first_step, 1400);
    ck_assert_int_eq(series(st, "d_y_loss")->last_step, 1500);
    md_store_free(st);

    st = load_text("train.log",
                   " ===>>> Epoch 1 <<<=== \n"
                   "Avg Loss is 3.577977\n"
                   "Avg Loss is 3.379171\n"
                   " ===>>> Epoch 2 <<<=== \n"
                   "Avg Loss is 3.1\n",
                   NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(loss->last == 3.1);
    md_store_free(st);
}
END_TEST

/* docker compose's logs: each line behind its service's name and a bar,
 * which hides what the line begins with (pycocotools' summary). */
START_TEST(test_compose_prefix)
{
    md_store *st = load_text("compose.log",
                             "trainer_1  | 2022-06-03 04:51:11 | INFO     | yolox.core.trainer:342 - \n"
                             "trainer_1  |  Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = "
                             "0.000\n"
                             "trainer_1  |  Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = "
                             "0.000\n"
                             "trainer_1  | epoch: 2, iter: 10, loss: 5.1\n"
                             "trainer_1  | epoch: 2, iter: 20, loss: 4.9\n"
                             "trainer_1  |  Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = "
                             "0.012\n",
                             NULL);
    ck_assert_uint_eq(series(st, "val_map")->count, 2);
    ck_assert(series(st, "val_map")->last == 0.012);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "iou"));
    md_store_free(st);
}
END_TEST

/* PyTorch's quickstart: each loss line ends in the samples seen within the
 * epoch, and "Test Error:" alone names the figures of the line under it. */
START_TEST(test_pytorch_quickstart)
{
    md_buf b = {0};
    for (int e = 1; e <= 3; e++) {
        md_buf_printf(&b, "Epoch %d\n-------------------------------\n", e);
        for (int k = 0; k < 3; k++)
            md_buf_printf(&b, "loss: %f  [%5d/60000]\n", 2.3 - 0.1 * e - 0.02 * k, 64 + 20000 * k);
        md_buf_printf(&b, "Test Error: \n Accuracy: %.1f%%, Avg loss: %f \n\n", 40.0 + 5 * e, 2.2 - 0.1 * e);
    }
    md_store *st = load_text("quickstart.log", md_buf_cstr(&b), NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 9);
    ck_assert_int_eq(loss->first_step, 64);
    ck_assert_int_eq(loss->last_step, 2 * 60000 + 40064);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 3);
    ck_assert(fabs(val->last - 1.9) < 1e-9);
    ck_assert(fabs(series(st, "val_accuracy")->last - 0.55) < 1e-9);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    md_store_free(st);
    md_buf_free(&b);
}
END_TEST

/* The Keras guide's custom training loop: "Training loss (for one batch)
 * at step 200: 2.4446", the step counted within the epoch that "Start of
 * epoch 1" heads; its remark in parentheses is no part of the name. */
START_TEST(test_keras_guide_loop)
{
    md_buf b = {0};
    for (int e = 0; e < 3; e++) {
        md_buf_printf(&b, "Start of epoch %d\n", e);
        for (int k = 0; k <= 800; k += 200)
            md_buf_printf(&b, "Training loss (for one batch) at step %d: %.4f\nSeen so far: %d samples\n", k,
                          2.0 - 0.3 * e - 0.001 * k, (k + 1) * 64);
        md_buf_printf(&b, "Training acc over epoch: %.4f\nValidation acc: %.4f\nTime taken: 3.99s\n", 0.7 + 0.05 * e,
                      0.8 + 0.02 * e);
    }
    md_store *st = load_text("guide.log", md_buf_cstr(&b), NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 15);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 2 * 801 + 800);
    ck_assert_uint_eq(series(st, "val_accuracy")->count, 3);
    md_store_free(st);
    md_buf_free(&b);
}
END_TEST

/* MMPose's evaluation: "coco/AP .5:" names AP at OKS 0.5; its ".5" is no
 * value of coco/AP, the headline figure (the validation mAP). */
START_TEST(test_mmpose_ap_thresholds)
{
    md_store *st = load_text("mmpose.log",
                             "12/07 10:01:11 - mmengine - INFO - Epoch(val) [10][40/40]    coco/AP: 0.712000  coco/AP "
                             ".5: 0.901000  coco/AP .75: 0.784000  coco/AR: 0.748000\n",
                             NULL);
    const md_series *map = series(st, "val_map");
    ck_assert_uint_eq(map->count, 1);
    ck_assert(map->max == 0.712);
    md_store_free(st);
}
END_TEST

/* Lightning's ModelCheckpoint (verbose) says the monitored metric's value
 * at each epoch's global step; its best so far is no point. */
START_TEST(test_lightning_checkpoint_lines)
{
    md_store *st = load_text("fit.log",
                             "Epoch 0, global step 193: 'val_loss' reached 3.10412 (best 3.10412), saving model to "
                             "'/ckpt/epoch=0-step=193.ckpt' as top 1\n"
                             "Epoch 1, global step 386: 'val_loss' reached 2.91000 (best 2.91000), saving model to "
                             "'/ckpt/epoch=1-step=386.ckpt' as top 1\n"
                             "Epoch 2, global step 579: 'val_loss' was not in top 1\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->last_step, 386);
    ck_assert(val->last == 2.91);
    md_store_free(st);
}
END_TEST

/* A log pasted into an issue as a quote: the mark before each line hides
 * what the line begins with (CatBoost's "0:\tlearn: ..."). */
START_TEST(test_quoted_paste)
{
    md_store *st = load_text("issue.log",
                             "> 0:\tlearn: 67.3072378\ttest: 60.1268776\tbest: 60.1268776 (0)\ttotal: 17.2ms\n"
                             "> 100:\tlearn: 19.3157269\ttest: 20.6576048\tbest: 20.6576048 (100)\ttotal: 1.35s\n"
                             ">\n"
                             "> 200:\tlearn: 13.1851701\ttest: 20.2684507\tbest: 20.1699184 (152)\ttotal: 2.56s\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 200);
    ck_assert(series(st, "val_loss")->last == 20.2684507);
    md_store_free(st);
}
END_TEST

/* DARTS' search log: the batch within the epoch, then the running loss,
 * top-1 and top-5; its logger's clock has milliseconds after a comma (no
 * step of their own) or the half of the day after it (no word of a key). */
START_TEST(test_darts_lines)
{
    md_store *st = load_text("search.log",
                             "2019-12-31 00:05:44,815 epoch 5 lr 4.824441e-01\n"
                             "2019-12-31 00:05:44,815 train 100 6.911373e+00 0.085087 0.605275\n"
                             "2019-12-31 00:10:36,682 train 150 6.910863e+00 0.087955 0.587231\n"
                             "2019-12-31 00:20:20,461 train_acc 0.090578\n"
                             "2019-12-31 00:21:02,107 valid 050 6.905e+00 0.1 0.6\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->last == 6.910863);
    ck_assert(series(st, "accuracy")->last == 0.087955);
    ck_assert(series(st, "val_loss")->last == 6.905);
    ck_assert_int_lt(series(st, "train_acc")->last_step, 100);
    md_store_free(st);

    st = load_text("search.log",
                   "07/12 09:56:00 PM train 000 2.394935e+00 17.187500 45.312500\n"
                   "07/12 09:56:53 PM train 050 1.983369e+00 26.164217 81.127457\n"
                   "07/12 10:07:46 PM train_acc 42.5\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(fabs(series(st, "train_acc")->last - 0.425) < 1e-12);
    md_store_free(st);
}
END_TEST

/* MLPerf's ":::MLLOG {...}" lines: the training loss at its samples
 * count with its learning rate, the quality metric as the benchmark's
 * (an evaluation loss for the language models, an AUC for DLRM, a
 * figure no rule judges before a benchmark is named), NaN as Python's json
 * writes it, and run_stop's success as the end of training. */
#define MLLOG(key, value, meta) \
    ":::MLLOG {\"namespace\": \"\", \"time_ms\": 1700000000000, \"event_type\": \"POINT_IN_TIME\", \"key\": \"" key \
    "\", \"value\": " value ", \"metadata\": {" meta "\"file\": \"train.py\", \"lineno\": 88}}\n"
START_TEST(test_mlperf_mllog)
{
    md_store *st = load_text("result_0.txt",
                             MLLOG("submission_benchmark", "\"llama2_70b_lora\"", "")
                             MLLOG("global_batch_size", "8", "")
                             MLLOG("train_loss", "1.6", "\"samples_count\": 80, \"lr\": 4e-05, ")
                             MLLOG("train_loss", "1.4", "\"samples_count\": 160, \"lr\": 8e-05, ")
                             MLLOG("eval_accuracy", "1.02", "\"samples_count\": 160, ")
                             MLLOG("train_loss", "NaN", "\"samples_count\": 240, \"lr\": 0.00012, ")
                             MLLOG("run_stop", "null", "\"samples_count\": 240, \"status\": \"success\", "),
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 80);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 240);
    ck_assert(series(st, "lr")->last == 0.00012);
    const md_series *val = series(st, "val_loss");
    ck_assert(val->count == 1 && val->last == 1.02 && val->first_step == 160);
    ck_assert_ptr_null(md_store_find(st, "global_batch_size"));
    ck_assert_int_eq(event(st, "training_completed")->first_line, 7);
    md_store_free(st);

    st = load_text("dlrm.txt",
                   MLLOG("eval_accuracy", "0.7767", "\"epoch_num\": 1.05, ")
                   MLLOG("submission_benchmark", "\"dlrm\"", "")
                   MLLOG("eval_accuracy", "0.7858", "\"epoch_num\": 1.1, ")
                   MLLOG("run_stop", "null", "\"status\": \"aborted\", "),
                   NULL);
    ck_assert(series(st, "eval_quality")->last == 0.7767);
    ck_assert(series(st, "val_auc")->last == 0.7858);
    ck_assert_ptr_null(md_store_find(st, "val_accuracy"));
    ck_assert_ptr_null(md_store_find_event(st, "training_completed"));
    md_store_free(st);
}
END_TEST
#undef MLLOG

/* icefall's ScaledAdam: the median of the gradient-norm quartiles is the
 * gradient norm, the largest its maximum; rank 0's line is read, another
 * rank's is not. */
START_TEST(test_icefall_grad_norm_quartiles)
{
    md_store *st = load_text("train.log",
                             "2023-11-01 01:36:42,503 INFO [train.py:1034] Epoch 1, batch 1500, loss[loss=0.2885, over "
                             "9095.00 frames. ], tot_loss[loss=0.3312, over 1904292.31 frames. ], batch size: 22, lr: "
                             "8.15e-03,\n"
                             "2023-11-01 01:36:43,503 WARNING [optim.py:484] (1/4) Clipping_scale=2.0, grad-norm "
                             "quartiles 1.0e+03 2.0e+03 3.0e+03 4.0e+03 5.0e+03, threshold=6.0e+03, percent-clipped=50.0\n"
                             "2023-11-01 01:36:43,505 WARNING [optim.py:484] (0/4) Clipping_scale=2.0, grad-norm "
                             "quartiles 1.848e+02 2.113e+02 2.296e+02 2.533e+02 3.593e+02, threshold=4.593e+02, "
                             "percent-clipped=0.0\n",
                             NULL);
    const md_series *g = series(st, "grad_norm");
    ck_assert_uint_eq(g->count, 1);
    ck_assert(g->last == 229.6);
    ck_assert_int_eq(g->last_step, 1500);
    ck_assert(series(st, "grad_norm_max")->last == 359.3);
    md_store_free(st);
}
END_TEST

/* PyMARL's and EPyMARL's summaries: "Recent Stats | t_env: N" over lines
 * of padded pairs; t_env counts the environment's steps, return_mean is
 * the mean episode return. */
START_TEST(test_pymarl_recent_stats)
{
    md_store *st = load_text("cout.txt",
                             "[INFO 15:57:05] my_main Recent Stats | t_env:      14600 | Episode:       10\n"
                             "critic_loss:               6.5013 pg_loss:                   0.4344\n"
                             "return_mean:             -53.7872 return_std:                0.9117\n"
                             "[INFO 15:58:09] my_main Recent Stats | t_env:      29200 | Episode:       20\n"
                             "critic_loss:               6.6560 pg_loss:                   0.3681\n"
                             "return_mean:             -45.6603 return_std:                1.0196\n",
                             NULL);
    const md_series *reward = series(st, "reward");
    ck_assert_uint_eq(reward->count, 2);
    ck_assert_int_eq(reward->first_step, 14600);
    ck_assert_int_eq(reward->last_step, 29200);
    ck_assert(reward->last == -45.6603);
    ck_assert_int_eq(series(st, "value_loss")->last_step, 29200);
    md_store_free(st);
}
END_TEST

/* keras-rl's verbose lines start with the run's step of those planned. */
START_TEST(test_kerasrl_leading_count)
{
    md_store *st = load_text("train.log",
                             " 11087/50000: episode: 81, duration: 5.514s, episode steps: 164, steps per second: 30, "
                             "episode reward: -752.191, mean reward: -4.587 [-100.000, 3.757], loss: 0.52\n"
                             " 11229/50000: episode: 82, duration: 4.806s, episode steps: 142, steps per second: 30, "
                             "episode reward: -617.797, mean reward: -4.351 [-100.000, -0.171], loss: 0.47\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 11087);
    ck_assert_int_eq(loss->last_step, 11229);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 50000);
    md_store_free(st);
}
END_TEST

/* A span of units glued to their numbers is their sum in seconds; under
 * a bare "time" it is the time so far, not a step's. */
START_TEST(test_glued_time_span)
{
    md_store *st = load_text("train.log",
                             "Time 08h 36m 42s, Avg Reward 0.064, Avg Accuracy 0.22, Best Reward 0.184\n"
                             "Time 08h 45m 00s, Avg Reward -0.056, Avg Accuracy 0.12, Best Reward 0.184\n",
                             NULL);
    const md_series *t = series(st, "train_time");
    ck_assert(t->first == 8 * 3600 + 36 * 60 + 42);
    ck_assert(t->last == 8 * 3600 + 45 * 60);
    ck_assert(series(st, "reward")->last == -0.056);
    md_store_free(st);
}
END_TEST

/* A bar named for the job that shows the training loss counts the run's
 * steps (ostris' ai-toolkit); one whose count starts over counts each
 * epoch's batches, and its steps add the bars before. */
/* Counts that start over right after a line of the epoch alone count
 * within the epoch, whether the line heads the epoch's counts or sums
 * them up after; a relaunched job's counts, started over after several
 * epochs' lines, or after counts past its epoch's line, are another run. */
START_TEST(test_counts_restart_after_epoch_line)
{
    char text[4096];
    size_t n = 0;
    for (int ep = 1; ep <= 3; ep++) {
        n += (size_t)snprintf(text + n, sizeof text - n, "Training at epoch %d (total 3) with lr 0.0008\n", ep);
        for (int b = 0; b <= 300; b += 100)
            n += (size_t)snprintf(text + n, sizeof text - n, "    batch count: %d/308, iter: %d, loss: %.3f\n", b,
                                  b, 0.09 * ep + b / 1e4);
    }
    md_store *st = load_text("header.log", text, NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->restarts, 0);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 2 * 301 + 300);
    md_store_free(st);

    n = 0;
    for (int ep = 1; ep <= 3; ep++) {
        for (int b = 0; b <= 300; b += 100)
            n += (size_t)snprintf(text + n, sizeof text - n, "iter: %d, loss: %.3f\n", b, 0.09 * ep + b / 1e4);
        n += (size_t)snprintf(text + n, sizeof text - n, "Epoch: %d/3 --- time: 1375.5, avg_loss: %.3f\n", ep,
                              0.09 * ep);
    }
    st = load_text("summary.log", text, NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->restarts, 0);
    ck_assert_int_eq(loss->last_step, 2 * 301 + 300);
    md_store_free(st);

    st = load_text("relaunched.log",
                   "iter: 0, loss: 2.5\niter: 100, loss: 2.1\nEpoch: 1/3 --- avg_loss: 2.2\n"
                   "iter: 200, loss: 1.9\nEpoch: 2/3 --- avg_loss: 2.0\n"
                   "iter: 0, loss: 2.5\niter: 100, loss: 2.1\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->restarts, 1);
    md_store_free(st);
    st = load_text("crashed.log",
                   "iter: 0, loss: 2.5\niter: 100, loss: 2.1\nEpoch: 1/3 --- avg_loss: 2.2\n"
                   "iter: 200, loss: 1.9\niter: 0, loss: 2.5\niter: 100, loss: 2.1\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->restarts, 1);
    md_store_free(st);
}
END_TEST

/* ST-GCN's epochs: the training epoch's header carries its learning
 * rate; under "Eval epoch: N" the test set's loss, taken over a count of
 * batches, and its top-1 accuracy are the validation set's. */
START_TEST(test_stgcn_epochs)
{
    md_store *st = load_text("log.txt",
                             "[ Sun Apr  8 21:42:15 2018 ] Training epoch: 1, LR: 0.1000\n"
                             "[ Sun Apr  8 21:52:27 2018 ] \tMean training loss: 3.3000.\n"
                             "[ Sun Apr  8 21:52:27 2018 ] \tTime consumption: [Data]01%, [Network]99%\n"
                             "[ Sun Apr  8 21:52:27 2018 ] Eval epoch: 1\n"
                             "[ Sun Apr  8 21:53:27 2018 ] \tMean test loss of 155 batches: 3.0.\n"
                             "[ Sun Apr  8 21:53:27 2018 ] \tTop1: 20.00%\n"
                             "[ Sun Apr  8 21:53:27 2018 ] \tTop5: 45.00%\n"
                             "[ Sun Apr  8 21:53:27 2018 ] Training epoch: 2, LR: 0.1000\n"
                             "[ Sun Apr  8 22:03:27 2018 ] \tMean training loss: 2.6000.\n"
                             "[ Sun Apr  8 22:03:27 2018 ] Eval epoch: 2\n"
                             "[ Sun Apr  8 22:04:27 2018 ] \tMean test loss of 155 batches: 2.5.\n"
                             "[ Sun Apr  8 22:04:27 2018 ] \tTop1: 30.00%\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 2);
    ck_assert(loss->last == 2.6);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert(val->first == 3.0 && val->last == 2.5);
    ck_assert_int_eq(val->last_step, 2);
    const md_series *top1 = series(st, "val_accuracy");
    ck_assert(T_CLOSE(top1->last, 0.30));
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    md_store_free(st);
}
END_TEST

/* A viewer's line numbers before every line ("[1746] ") are no part of
 * it: the dicts take the bar's steps as without them. */
START_TEST(test_line_numbered_copy)
{
    md_store *st = load_text("copied.log",
                             "[1745]   1%|          | 10/1752 [00:29<1:22:01,  2.83s/it]\n"
                             "[1746] {'loss': 3.5534, 'grad_norm': 1.41, 'learning_rate': 2.0e-06, 'epoch': 0.01}\n"
                             "[1747]   1%|          | 11/1752 [00:31<1:21:50,  2.82s/it]\n"
                             "[1748]   1%|          | 20/1752 [00:57<1:22:40,  2.86s/it]\n"
                             "[1749] {'loss': 3.1, 'grad_norm': 1.40, 'learning_rate': 4.3e-06, 'epoch': 0.01}\n"
                             "[1750]   1%|          | 21/1752 [00:59<1:21:32,  2.83s/it]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 10);
    ck_assert_int_eq(loss->last_step, 20);
    md_store_free(st);
}
END_TEST

/* NeMo's bar rounds its global_step in the postfix ("3.2e+4"): the bar's
 * exact count places the line. */
START_TEST(test_rounded_global_step_gives_way)
{
    md_store *st = load_text("nemo.log",
                             "Epoch 0:   6%|##   | 32040/500150 [6:28:43<94:39:17,  1.37it/s, loss=2.6, v_num=95nc, "
                             "reduced_train_loss=2.590, global_step=3.2e+4]\n"
                             "Epoch 0:   6%|##   | 32090/500150 [6:29:20<94:39:17,  1.37it/s, loss=2.5, v_num=95nc, "
                             "reduced_train_loss=2.510, global_step=3.21e+4]\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 32040);
    ck_assert_int_eq(loss->last_step, 32090);
    md_store_free(st);
}
END_TEST

/* An evaluation's block under its epoch's header, before the epoch's
 * training lines, stands at the step the training lines reached, not at
 * the epoch's number. */
START_TEST(test_evaluation_block_before_training_lines)
{
    char text[4096];
    size_t n = 0;
    for (int ep = 1; ep <= 4; ep++) {
        n += (size_t)snprintf(text + n, sizeof text - n, "Validation epoch: %d\nloss: %.4f\naccuracy: %.3f\n", ep,
                              1.5 - 0.1 * ep, 0.5 + 0.05 * ep);
        for (int it = 0; it < 300; it += 100)
            n += (size_t)snprintf(text + n, sizeof text - n, "iter %d loss %.4f\n", (ep - 1) * 300 + it,
                                  1.8 - 0.1 * ep - it / 1e4);
    }
    md_store *st = load_text("val_first.log", text, NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 4);
    ck_assert_int_eq(val->last_step, 800);
    ck_assert_int_eq(series(st, "val_accuracy")->last_step, 800);
    ck_assert_int_eq(series(st, "loss")->last_step, 1100);
    md_store_free(st);
}
END_TEST

START_TEST(test_named_loss_bar)
{
    md_store *st = load_text("train.log",
                             "lokr-test-2:  10%|9         | 299/3000 [10:44<1:37:05,  2.16s/it, lr: 2.0e-04 loss: "
                             "5.226e-01]\n"
                             "Saving at step 300\n"
                             "lokr-test-2:  20%|#9        | 599/3000 [19:45<1:03:24,  1.58s/it, lr: 2.0e-04 loss: "
                             "6.736e-01]\n"
                             "Saving at step 600\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_eq(loss->first_step, 299);
    ck_assert_int_eq(loss->last_step, 599);
    ck_assert_uint_eq(series(st, "it_per_s")->count, 2);
    md_store_free(st);

    st = load_text("train.log",
                   "train:  50%|#####     | 50/100 [00:20<00:20,  2.50it/s, loss=0.61]\n"
                   "train: 100%|##########| 100/100 [00:40<00:00,  2.50it/s, loss=0.52]\n"
                   "train:  50%|#####     | 50/100 [00:20<00:20,  2.50it/s, loss=0.47]\n"
                   "train: 100%|##########| 100/100 [00:40<00:00,  2.50it/s, loss=0.44]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->first_step, 50);
    ck_assert_int_eq(loss->last_step, 200);
    md_store_free(st);

    /* A bare bar's set_postfix redraws the count with the new loss; a
     * second process without a rank guard draws the same counts, one
     * behind at times. Both stand at the bar's counts, not at the
     * redraws' numbers. */
    st = load_text("postfix.log",
                   "\r  0%|#   | 1/300 [00:01<00:02,  2.00it/s, loss=2.500]"
                   "\r  0%|#   | 1/300 [00:01<00:02,  2.00it/s, loss=2.495]"
                   "\r  1%|#   | 2/300 [00:01<00:02,  2.00it/s, loss=2.495]"
                   "\r  1%|#   | 2/300 [00:01<00:02,  2.00it/s, loss=2.490]"
                   "\r  1%|#   | 3/300 [00:01<00:02,  2.00it/s, loss=2.490]"
                   "\r  1%|#   | 2/300 [00:01<00:02,  2.00it/s, loss=2.492]"
                   "\r  1%|#   | 3/300 [00:01<00:02,  2.00it/s, loss=2.485]\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 1);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert_int_eq(series(st, "it_per_s")->last_step, 3);
    md_store_free(st);

    /* An evaluation's bar between the training loss's bars, bare and
     * counting less than half as far, or described so, holds the
     * evaluation's loss; the training bars' counts go on. */
    static const char *const evaluations[] = {"", "Validation: "};
    for (size_t i = 0; i < 2; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "\r 50%%|#   | 2/4 [00:01<00:01,  2.00it/s, loss=2.4]\r100%%|####| 4/4 [00:02<00:00,  2.00it/s, loss=2.2]\n"
                 "\r%s100%%|####| 1/1 [00:00<00:00,  5.00it/s, loss=2.9]\n"
                 "\r 50%%|#   | 2/4 [00:01<00:01,  2.00it/s, loss=nan]\r100%%|####| 4/4 [00:02<00:00,  2.00it/s, loss=nan]\n"
                 "\r%s100%%|####| 1/1 [00:00<00:00,  5.00it/s, loss=2.8]\n",
                 evaluations[i], evaluations[i]);
        st = load_text("eval_bars.log", text, NULL);
        loss = series(st, "loss");
        ck_assert_int_eq(loss->restarts, 0);
        ck_assert_int_eq(loss->last_step, 8);
        ck_assert_int_eq(loss->first_nonfinite_step, 6);
        const md_series *val = series(st, "val_loss");
        ck_assert_uint_eq(val->count, 2);
        ck_assert(val->last == 2.8);
        md_store_free(st);
    }
}
END_TEST

/* A set's name alone before a number with a point is that set's loss
 * (the troubleshooting guides' "Train: 0.8123, Val: 1.5817", Demucs'
 * "train=0.0154 valid=0.0170"); before a count it is none, and in prose
 * no table's header. */
START_TEST(test_set_name_losses)
{
    md_store *st = load_text("train.log",
                             "Epoch 1: Train: 0.8123, Val: 0.9817\n"
                             "Epoch 2: Train: 0.7012, Val: 1.0214\n"
                             "Train: 5000 samples, Val: 1000 samples\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "val_loss")->last == 1.0214);
    ck_assert(series(st, "val_loss")->max == 1.0214);
    md_store_free(st);

    st = load_text("demucs.log",
                   "Epoch 009 train=0.0161 valid=0.0172 best=0.0172\n"
                   "Epoch 010 train=0.0154 valid=0.0170 best=0.0170\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 10);
    ck_assert(series(st, "val_loss")->last == 0.0170);
    md_store_free(st);
    /* "We train the model" over a rule of dashes names no table either:
     * test_text_ruled_tables' prose case. */
}
END_TEST

/* An epoch's number, then its loss past a separator ("1328 Loss :
 * 0.0562"), at the line's start only; HiFi-GAN's one total is the loss. */
START_TEST(test_step_name_separator_value)
{
    md_store *st = load_text("train.log",
                             "1328 Loss : 0.0562\n"
                             "100% 6/6 [00:01<00:00,  3.93it/s]\n"
                             "1329 Loss : 0.0517\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 1328);
    ck_assert_int_eq(loss->last_step, 1329);
    md_store_free(st);

    st = load_text("hifigan.log",
                   "Steps : 0, Gen Loss Total : 101.349, Mel-Spec. Error : 2.058, s/b : 585.139\n"
                   "Steps : 5, Gen Loss Total : 135.118, Mel-Spec. Error : 2.176, s/b : 0.496\n",
                   NULL);
    ck_assert(series(st, "loss")->last == 135.118);
    md_store_free(st);
}
END_TEST

/* "loss is V" is a measurement as the whole line or after pairs, not
 * inside a message. */
START_TEST(test_loss_is_value)
{
    md_store *st = load_text("train.log",
                             "Avg Loss is 3.5\n"
                             "ValueError: loss is 2.0 and should not be\n"
                             "Avg Loss is 3.4\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert(loss->max == 3.5 && loss->min == 3.4);
    md_store_free(st);
}
END_TEST

/* A message that opens with an evaluation's word measures the
 * evaluation: DeepSpeech's "I Validation of Epoch 0 - loss: 188.4", DLRM's
 * "Testing at - 150/150 of epoch 0, loss 0.46". A key that holds the word
 * itself, and fields parted by '|', keep their own names. */
START_TEST(test_text_leading_evaluation_word)
{
    md_store *st = load_text("deepspeech.log",
                             "I Training of Epoch 0 - loss: 223.102412\n"
                             "I Validation of Epoch 0 - loss: 188.416498\n"
                             "I Training of Epoch 1 - loss: 224.7\n"
                             "I Validation of Epoch 1 - loss: 209.5\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert(loss->count == 2 && loss->min == 223.102412 && loss->last_step == 1);
    ck_assert(val->count == 2 && val->first == 188.416498 && val->last == 209.5 && val->last_step == 1);
    md_store_free(st);

    st = load_text("train.log",
                   "Validation epoch 3 loss 0.5 accuracy 0.8\n"
                   "Train epoch 4 loss 0.4\n"
                   "Validation loss 0.45\n",
                   NULL);
    loss = series(st, "loss"), val = series(st, "val_loss");
    ck_assert(loss->count == 1 && loss->first == 0.4);
    ck_assert_uint_eq(val->count, 2);
    ck_assert(val->first == 0.5 && val->last == 0.45);
    ck_assert_uint_eq(series(st, "val_accuracy")->count, 1);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    md_store_free(st);

    st = load_text("train.log", "Training epoch 1, loss 0.52\nEvaluating epoch 1, loss 0.41\n", NULL);
    ck_assert(series(st, "loss")->last == 0.52 && series(st, "val_loss")->last == 0.41);
    md_store_free(st);

    /* The word abbreviated with a point: ESIM's "-> Valid. time: ...". */
    st = load_text("esim.log",
                   "* Training epoch 2:\n-> Training time: 855.3887s, loss = 0.4858, accuracy: 81.1468%\n"
                   "* Validation for epoch 2:\n-> Valid. time: 3.0217s, loss: 0.3845, accuracy: 85.4095%\n",
                   NULL);
    ck_assert(series(st, "loss")->count == 1 && series(st, "loss")->last == 0.4858);
    ck_assert(series(st, "val_loss")->last == 0.3845);
    ck_assert_uint_eq(series(st, "val_accuracy")->count, 1);
    md_store_free(st);

    /* Stable Baselines3's EvalCallback: the environment steps, then the
     * evaluation's reward. */
    st = load_text("sb3.log",
                   "Eval num_timesteps=10000, episode_reward=200.00 +/- 0.00\n"
                   "Eval num_timesteps=20000, episode_reward=210.00 +/- 0.00\n",
                   NULL);
    val = series(st, "val_reward");
    ck_assert(val->first_step == 10000 && val->last_step == 20000 && val->last == 210);
    md_store_free(st);
}
END_TEST

/* DLRM's "Finished training it 16/150 of epoch 0": "it" before a count out
 * of a total is the iteration, numbered on across epochs. */
START_TEST(test_text_it_of_total)
{
    md_store *st = load_text("dlrm.log",
                             "Finished training it 50/100 of epoch 0, 439.75 ms/it, loss 0.561402, accuracy 74.972 %\n"
                             "Finished training it 100/100 of epoch 0, 439.65 ms/it, loss 0.552633, accuracy 75.560 %\n"
                             "Testing at - 100/100 of epoch 0, loss 0.463755, auc 0.7926, accuracy 78.221 %\n"
                             "Finished training it 50/100 of epoch 1, 439.65 ms/it, loss 0.532633, accuracy 75.560 %\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_step, 50);
    ck_assert_int_eq(loss->last_step, 150);
    ck_assert(series(st, "val_loss")->first == 0.463755);
    md_store_free(st);
    /* "it" in a sentence names nothing. */
    st = load_text("train.log", "step 1 loss 0.5\nwe saved it 3 times\nstep 2 loss 0.4\n", NULL);
    loss = series(st, "loss");
    ck_assert_int_eq(loss->last_step, 2);
    md_store_free(st);
}
END_TEST

/* An excerpt of Keras bars whose epoch header scrolled away, its first
 * bar drawn before the epoch's end: each bar stands at its count, so a NaN
 * is placed at its batch. */
START_TEST(test_text_keras_bars_without_header)
{
    md_store *st = load_text("keras.log",
                             "   5/1000 [..............................] - ETA: 4:15:02 - loss: 3.2100 - rpn_class_loss: 0.6000\n"
                             "   6/1000 [..............................] - ETA: 4:14:02 - loss: 3.1500 - rpn_class_loss: 0.5900\n"
                             "   7/1000 [..............................] - ETA: 4:13:02 - loss: nan - rpn_class_loss: nan\n"
                             "   8/1000 [..............................] - ETA: 4:11:04 - loss: nan - rpn_class_loss: nan\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert(!loss->ordinal);
    ck_assert_int_eq(loss->first_step, 5);
    ck_assert_int_eq(loss->first_nonfinite_step, 7);
    md_store_free(st);
}
END_TEST

/* The Lua fairseq's lines: the zero-padded count before "updates", between
 * bars, is the step, not the epoch beside it. */
START_TEST(test_text_fairseq_lua_updates)
{
    md_store *st = load_text("fairseq.log",
                             "| epoch 004 | 0021028 updates | words/s    7781| trainloss     3.70 | train ppl    13.00\n"
                             "| epoch 004 | 0022028 updates | words/s    7787| trainloss     3.72 | train ppl    13.14\n"
                             "| checkpoint 005 | epoch 005 | 0025035 updates | trainloss     3.70 | train ppl    13.03\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 3);
    ck_assert_int_eq(series(st, "loss")->first_step, 21028);
    ck_assert_int_eq(series(st, "loss")->last_step, 25035);
    ck_assert_ptr_null(md_store_find(st, "updates"));
    md_store_free(st);
}
END_TEST

/* ColossalAI's bar described "[Epoch 0 / Train]:": an epoch's bar, whose
 * count places its postfix's loss (not the epoch's 0). */
START_TEST(test_text_bracketed_epoch_bar)
{
    md_store *st = load_text("colossal.log",
                             "[Epoch 0 / Train]:   0% 420/788222 [28:47<810:51:33,  3.71s/it, loss=2.1]\n"
                             "[Epoch 0 / Train]:   0% 421/788222 [28:51<810:51:33,  3.71s/it, loss=nan]\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_int_eq(series(st, "loss")->first_step, 420);
    ck_assert_int_eq(series(st, "loss")->first_nonfinite_step, 421);
    md_store_free(st);
}
END_TEST

/* Keras frames a paste put on one line after the epoch's header, their
 * redraws lost: each frame is read as if a '\r' parted them, so the NaN
 * stands at its batch. tqdm's elapsed time in brackets is no frame. */
START_TEST(test_text_keras_frames_on_one_line)
{
    md_store *st = load_text("keras.log",
                             "Epoch 1/20 1/632 [..............................] - ETA: 4:08:27 - loss: 5.1723 - "
                             "rpn_class_loss: 2.4111 2/632 [..............................] - ETA: 2:07:20 - loss: nan - "
                             "rpn_class_loss: 1.5521 3/632 [..............................] - ETA: 1:27:17 - loss: nan - "
                             "rpn_class_loss: 1.2658\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->first_nonfinite_step, 2);
    ck_assert_int_eq(loss->last_step, 3);
    ck_assert_uint_eq(series(st, "rpn_class_loss")->count, 3);
    md_store_free(st);
}
END_TEST

/* A pasted Keras log that starts with an epoch's line above its first
 * header: the training loss there is measured as the validation's is, and
 * both stand at the first epoch the log names. */
START_TEST(test_text_keras_headerless_first_line)
{
    md_store *st = load_text("keras.log",
                             "50000/50000 [==============================] - 455s - loss: 2.3030 - acc: 0.0994 - "
                             "val_loss: 2.3026 - val_acc: 0.1000\n"
                             "Epoch 34/400\n"
                             "50000/50000 [==============================] - 455s - loss: 2.3031 - acc: 0.0971 - "
                             "val_loss: 2.3027 - val_acc: 0.1000\n"
                             "Epoch 35/400\n"
                             "50000/50000 [==============================] - 455s - loss: 2.3029 - acc: 0.0997 - "
                             "val_loss: 2.3025 - val_acc: 0.1000\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_uint_eq(val->count, 3);
    ck_assert(loss->first == 2.3030 && loss->first_step == 34 && loss->last_step == 35);
    ck_assert_uint_eq(series(st, "accuracy")->count, 3);
    md_store_free(st);
    /* A callback's line with its epoch between the first line and the
     * first header. */
    st = load_text("keras.log",
                   "405/405 [==============================] - 0s 724us/sample - loss: 0.1033 - val_loss: 0.2777\n"
                   "Epoch 00086: ReduceLROnPlateau reducing learning rate to 0.0001250000059371814.\n"
                   "405/405 [==============================] - 0s 724us/sample - loss: 0.1031 - val_loss: 0.2771\n"
                   "Epoch 87/5000\n"
                   "405/405 [==============================] - 0s 721us/sample - loss: 0.0888 - val_loss: 0.2726\n"
                   "Epoch 88/5000\n"
                   "405/405 [==============================] - 0s 721us/sample - loss: 0.0919 - val_loss: 0.2895\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->count == 4 && loss->first_step == 86 && loss->last_step == 88);
    ck_assert(!series(st, "val_loss")->ordinal);
    md_store_free(st);
}
END_TEST

/* Lasagne's examples head each epoch's lines with "Epoch 1 of 500 took
 * 1.858s": the epoch out of those planned, and the time it took. "took"
 * alone is prose. */
START_TEST(test_text_epoch_of_total_took)
{
    md_store *st = load_text("train.log",
                             "Epoch 1 of 500 took 1.858s\n"
                             "  training loss:\t\t1.233348\n"
                             "  validation loss:\t\t0.405868\n"
                             "  validation accuracy:\t\t88.78 %\n"
                             "Epoch 2 of 500 took 1.845s\n"
                             "  training loss:\t\t0.571644\n"
                             "  validation loss:\t\t0.310221\n"
                             "  validation accuracy:\t\t91.24 %\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->first_step == 1 && loss->last_step == 2);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 2);
    ck_assert(series(st, "step_time")->first == 1.858);
    md_store_free(st);

    /* FourCastNet says it with "is", in "sec": the epoch places the losses
     * printed after it. */
    st = load_text("train.log",
                   "2023-10-26 21:44:42,443 - root - INFO - Time taken for epoch 1 is 268.29315757751465 sec\n"
                   "2023-10-26 21:44:42,444 - root - INFO - Train loss: 0.3334. Valid loss: 0.3517\n"
                   "2023-10-26 21:49:04,001 - root - INFO - Time taken for epoch 2 is 261.5571141242981 sec\n"
                   "2023-10-26 21:49:04,002 - root - INFO - Train loss: 0.3056. Valid loss: 0.3190\n"
                   "The run is 1.5 sec behind\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->first_step == 1 && loss->last_step == 2);
    ck_assert(fabs(series(st, "step_time")->last - 261.557) < 1e-3);
    ck_assert_uint_eq(series(st, "step_time")->count, 2);
    md_store_free(st);
}
END_TEST

/* Megatron's evaluations: "validation loss at iteration 1000 | lm loss
 * value: 6.44 | lm loss PPL: 626.0 |"; its summary at the end of training
 * repeats the last one for the val data and gives the test data's: not
 * read as evaluations of the run. */
START_TEST(test_text_megatron_end_of_training_summary)
{
    md_store *st = load_text("megatron.log",
                             " iteration     1000/    5000 | lm loss: 4.1E+00 |\n"
                             " validation loss at iteration 1000 | lm loss value: 6.439325E+00 | lm loss PPL: "
                             "6.259840E+02 |\n"
                             " iteration     2000/    5000 | lm loss: 3.1E+00 |\n"
                             " validation loss at iteration 2000 | lm loss value: 6.188880E+00 | lm loss PPL: "
                             "4.873002E+02 |\n"
                             " validation loss at the end of training for val data | lm loss value: 6.188880E+00 | "
                             "lm loss PPL: 4.873002E+02 |\n"
                             " validation loss at the end of training for test data | lm loss value: 8.428315E+00 | "
                             "lm loss PPL: 4.574786E+03 |\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert(val->count == 2 && val->last == 6.188880 && val->max == 6.439325);
    md_store_free(st);
    /* Older Megatron: "LM loss" after the evaluation's count is the
     * evaluation's, not the training loss. */
    st = load_text("megatron.log",
                   " iteration     1000/    3000 | learning rate 8.807E-06 | lm loss 4.454510E+00 | loss scale 0.1 |\n"
                   " validation loss at iteration 1000 | LM loss: 4.503653E+00 | LM PPL: 9.034661E+01\n"
                   " iteration     1100/    3000 | learning rate 8.493E-06 | lm loss 4.326191E+00 | loss scale 0.1 |\n",
                   NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert(series(st, "val_loss")->first == 4.503653 && series(st, "val_loss")->first_step == 1000);
    md_store_free(st);
}
END_TEST

/* Kaldi's and k2's decoding results: "%WER 8.63 [ 4538 / 52576, 482 ins,
 * 549 del, 3256 sub ]", the word error rate (a share where printed with
 * '%'), and nothing of the counts in brackets. */
START_TEST(test_text_kaldi_wer)
{
    md_store *st = load_text("decode.log",
                             "# epoch 3\n"
                             "%WER 8.63 [ 4538 / 52576, 482 ins, 549 del, 3256 sub ] exp/tri3/decode/wer_11\n"
                             "# epoch 4\n"
                             "%WER 8.15 [ 4287 / 52576, 482 ins, 549 del, 3256 sub ] exp/tri3/decode/wer_11\n",
                             NULL);
    const md_series *wer = series(st, "wer");
    ck_assert(wer->count == 2 && wer->first == 8.63 && wer->last == 8.15 && wer->last_step == 4);
    ck_assert_int_eq(wer->better, MD_BETTER_LOWER);
    ck_assert_uint_eq(md_store_nseries(st), 1);
    md_store_free(st);
    st = load_text("decode.log", "%WER 28.79% [18552 / 64428, 1612 ins, 2177 del, 14763 sub ]\n", NULL);
    ck_assert(series(st, "wer")->first == 0.2879);
    md_store_free(st);
}
END_TEST

/* Python's warnings print the line that warned under their message: a
 * line of code, whose numbers are no measurements. */
START_TEST(test_text_warning_source_line)
{
    md_store *st = load_text("train.log",
                             "epoch 1 loss 2.43\n"
                             "utils.py:128: RuntimeWarning: divide by zero encountered in true_divide\n"
                             "  norm = 1.0 / in_deg\n"
                             "  scale = 2.0 * math.pi\n"
                             "epoch 2 loss 2.1\n"
                             "grad_norm = 1.5 / 2 steps\n",
                             NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 2);
    ck_assert_ptr_null(md_store_find(st, "scale"));
    const md_series *g = md_store_find(st, "grad_norm");
    ck_assert(g == NULL || g->first == 1.5); /* divided by a number: no code */
    md_store_free(st);
}
END_TEST

/* DINOv2's MetricLogger header counts the run's iterations of those
 * planned: "Training  [   1250/2500000]". */
START_TEST(test_training_count_bracket)
{
    md_store *st = load_text("train.log",
                             "I20250104 12:12:42 90 dinov2 helpers.py:102] Training  [   1250/2500000]  eta: 40 days, "
                             "13:22:08  lr: 0.0006 (0.0003)  total_loss: 6.7223 (6.9)\n"
                             "I20250104 12:12:55 90 dinov2 helpers.py:102] Training  [   1260/2500000]  eta: 40 days, "
                             "13:03:52  lr: 0.0006 (0.0003)  total_loss: 6.7171 (6.9)\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_int_eq(loss->first_step, 1250);
    ck_assert_int_eq(loss->last_step, 1260);
    ck_assert(loss->last == 6.7171);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 2500000);
    md_store_free(st);
}
END_TEST

/* A configuration's "num_epoch: 200" plans the epochs: the values after it
 * are not at epoch 200. */
START_TEST(test_num_epoch_setting)
{
    md_store *st = load_text("train.log",
                             "batch_size: 16\n"
                             "num_epoch: 200\n"
                             "total_epoch: 200\n"
                             "loss: 1.5\n"
                             "loss: 1.4\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 2);
    ck_assert_int_lt(loss->last_step, 10);
    md_store_free(st);
}
END_TEST

/* "Evaluation:" names the set of the pairs after it as "Validation:" does,
 * and an unnamed score whose words say it is one (nerfacc's "psnr_avg")
 * is a measurement, not configuration. */
START_TEST(test_evaluation_namespace)
{
    md_store *st = load_text("train.log",
                             "step 10, loss: 0.52\n"
                             "Evaluation: loss=0.61, acc=0.71\n"
                             "step 20, loss: 0.43\n"
                             "Evaluation: loss=0.55, acc=0.78\n"
                             "evaluation: psnr_avg=35.549825792312625\n",
                             NULL);
    ck_assert(series(st, "val_loss")->count == 2 && series(st, "val_loss")->last == 0.55);
    ck_assert(series(st, "val_accuracy")->last == 0.78);
    ck_assert(series(st, "loss")->count == 2);
    ck_assert(series(st, "evaluation_psnr_avg")->last == 35.549825792312625);
    md_store_free(st);
}
END_TEST

/* A set's name before a bracket of pairs names them all; Time-Series-
 * Library's "Vali Loss" is the validation loss, and beside it the test
 * set's loss keeps its own name: training watches the validation split. */
START_TEST(test_set_bracket_and_vali)
{
    md_store *st = load_text("train.log",
                             "epoch: 1 Train [loss: 1.0697, accuracy: 0.6957], Valid [loss: 0.9598, accuracy: 0.7909]\n"
                             "epoch: 2 Train [loss: 0.9633, accuracy: 0.7797], Valid [loss: 0.9524, accuracy: 0.7976]\n",
                             NULL);
    ck_assert(series(st, "loss")->last == 0.9633 && series(st, "val_loss")->last == 0.9524);
    ck_assert(series(st, "accuracy")->last == 0.7797 && series(st, "val_accuracy")->last == 0.7976);
    md_store_free(st);
    st = load_text("train.log",
                   "Epoch: 1, Steps: 19 | Train Loss: 1.0398897 Vali Loss: 0.7589318 Test Loss: 4.1535673\n"
                   "Epoch: 2, Steps: 19 | Train Loss: 0.6468162 Vali Loss: 0.4987077 Test Loss: 3.5465901\n",
                   NULL);
    ck_assert(series(st, "val_loss")->last == 0.4987077);
    ck_assert(series(st, "test_loss")->last == 3.5465901);
    md_store_free(st);
}
END_TEST

/* Optuna's trials: the objective at the trial's number; the parameters
 * drawn and the best so far are not read, nor a pruned trial. */
START_TEST(test_optuna_trials)
{
    md_store *st = load_text("search.log",
                             "[I 2020-12-16 12:46:55,364] Trial 42 finished with value: 0.934375 and parameters: "
                             "{'n_layers': 1, 'dropout_l0': 0.2, 'lr': 0.002257958293766287}. Best is trial 31 with "
                             "value: 0.95.\n"
                             "[I 2020-12-16 12:47:05,080] Trial 43 pruned. \n"
                             "[I 2020-12-16 12:47:14,148] Trial 44 finished with value: 0.93359375 and parameters: "
                             "{'n_layers': 1, 'dropout_l0': 0.22, 'lr': 0.004027801135954042}. Best is trial 31 with "
                             "value: 0.95.\n"
                             "[I 2019-06-01 10:00:00,000] Finished trial#45 resulted in value: 0.91. Current best value "
                             "is 0.95 with parameters: {'lr': 0.01}.\n",
                             NULL);
    const md_series *v = series(st, "trial_value");
    ck_assert_uint_eq(v->count, 3);
    ck_assert_int_eq(v->first_step, 42);
    ck_assert_int_eq(v->last_step, 45);
    ck_assert(v->first == 0.934375 && v->last == 0.91);
    ck_assert_ptr_null(md_store_find(st, "lr"));
    ck_assert_ptr_null(md_store_find(st, "value"));
    md_store_free(st);
}
END_TEST

/* Flower's server: each round's progress tuple is the round, the loss of
 * the server's held-out evaluation and that evaluation's metrics; the
 * initial parameters' is round 0's. A federated script's "Round 41" is
 * its step. */
START_TEST(test_flower_rounds)
{
    md_store *st = load_text("server.log",
                             "INFO :      initial parameters (loss, other metrics): 2.3028839167695456, "
                             "{'cen_accuracy': 0.0937}\n"
                             "INFO :      fit progress: (1, 2.0274660648248446, {'cen_accuracy': 0.3238}, "
                             "5.769022958003916)\n"
                             "INFO :      fit progress: (2, 0.7511614774362728, {'cen_accuracy': 0.6926}, "
                             "11.233382292004535)\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 3);
    ck_assert_int_eq(val->first_step, 0);
    ck_assert_int_eq(val->last_step, 2);
    ck_assert(val->first == 2.3028839167695456 && val->last == 0.7511614774362728);
    ck_assert(series(st, "val_accuracy")->last == 0.6926);
    ck_assert_ptr_null(md_store_find(st, "loss"));
    md_store_free(st);
    st = load_text("fedavg.log",
                   "Round  41, Average loss 1.627, Test loss 1.627, Test accuracy: 83.36\n"
                   "Round  42, Average loss 1.663, Test loss 1.564, Test accuracy: 89.68\n",
                   NULL);
    ck_assert_int_eq(series(st, "loss")->first_step, 41);
    ck_assert_int_eq(series(st, "val_loss")->last_step, 42);
    md_store_free(st);
}
END_TEST

/* Regression errors the catalog does not name are losses by their words
 * (lower is better), scores such as PSNR and SSIM higher-is-better. */
START_TEST(test_error_words_guessed)
{
    md_store *st = load_text("train.log",
                             "epoch 1 | loss: 0.52 | val_0_mse: 0.31 | val_mape: 0.41 | val_ssim: 0.71\n"
                             "epoch 2 | loss: 0.43 | val_0_mse: 0.29 | val_mape: 0.38 | val_ssim: 0.74\n",
                             NULL);
    ck_assert_int_eq(series(st, "val_0_mse")->kind, MD_KIND_LOSS);
    ck_assert_int_eq(series(st, "val_mape")->kind, MD_KIND_LOSS);
    ck_assert_int_eq(series(st, "val_ssim")->kind, MD_KIND_METRIC);
    md_store_free(st);
}
END_TEST

/* timm's evaluation: each batch line gives the batch's figures, then the
 * means so far in parentheses, the evaluation's own; the moving-average
 * weights' evaluation keeps its qualifier in its names. */
START_TEST(test_timm_evaluation)
{
    md_store *st = load_text("train.log",
                             "Train: 1 [5003/5004 (100%)]  Loss:  4.989123 (5.7659)  Time: 0.431s,  594.42/s  "
                             "(0.474s,  540.05/s)  LR: 5.334e-03  Data: 0.000 (0.014)\n"
                             "Test: [   0/195]  Time: 2.276 (2.276)  Loss:  3.5284 (3.5284)  Acc@1: 28.9062 (28.9062)\n"
                             "Test: [ 195/195]  Time: 0.024 (0.261)  Loss:  5.8634 (3.9768)  Acc@1:  3.7500 (21.2400)\n"
                             "Test (EMA): [ 195/195]  Time: 0.024 (0.176)  Loss:  6.8138 (6.9122)  Acc@1:  0.0000 ( "
                             "0.1000)\n"
                             "Train: 2 [   0/5004 (  0%)]  Loss:  5.015893 (5.0159)  Time: 3.130s,   81.79/s  (3.130s,   "
                             "81.79/s)  LR: 1.067e-02  Data: 1.884 (1.884)\n",
                             NULL);
    ck_assert(series(st, "val_loss")->last == 3.9768 && fabs(series(st, "val_accuracy")->last - 0.2124) < 1e-12);
    ck_assert(series(st, "test_ema_loss")->last == 6.9122);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->count == 2 && loss->first == 4.989123 && loss->last == 5.015893);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    md_store_free(st);
}
END_TEST

/* Sockeye's and MXNet's speeds: each value before its rate's name is that
 * rate's, the heading "Speed:" names none; a rate's name with its own
 * separator after it is the next pair's key. */
START_TEST(test_rates_named_after_values)
{
    md_store *st = load_text("train.log",
                             "[INFO:sockeye.training] Epoch[0] Batch [2700]   Speed: 1293.60 samples/sec 36902.07 "
                             "tokens/sec 6.25 updates/sec perplexity=355.576054   accuracy=0.209457\n"
                             "[INFO:sockeye.training] Epoch[0] Batch [2750]   Speed: 1124.47 samples/sec 36899.52 "
                             "tokens/sec 6.28 updates/sec perplexity=348.390160   accuracy=0.211241\n",
                             NULL);
    ck_assert(series(st, "samples_per_s")->last == 1124.47);
    ck_assert(series(st, "tokens_per_s")->last == 36899.52);
    ck_assert(series(st, "perplexity")->last == 348.390160);
    ck_assert_ptr_null(md_store_find(st, "speed"));
    md_store_free(st);
    st = load_text("train.log",
                   "steps: 510 loss: 4.9502 iter time (s): 5.024 samples/sec: 50.953\n"
                   "steps: 520 loss: 4.9411 iter time (s): 5.031 samples/sec: 50.889\n",
                   NULL);
    ck_assert(series(st, "step_time")->last == 5.031 && series(st, "samples_per_s")->last == 50.889);
    md_store_free(st);
}
END_TEST

/* DeepXDE's display: the step, then the sums of the bracketed loss terms on
 * the training and the test points; a NaN term makes the sum NaN; the
 * best model's summary after it is not read again. */
START_TEST(test_deepxde_table)
{
    md_store *st = load_text("train.log",
                             "Training model...\n\n"
                             "Step      Train loss                Test loss                 Test metric\n"
                             "0         [3.75e-02, 1.59e+00]      [3.72e-02, 1.59e+00]      []  \n"
                             "1000      [2.92e+02, 4.68e+01]      [3.00e+02, 3.39e+01]      []  \n"
                             "2000      [nan, 4.93e+01]           [nan, 4.33e+01]           []  \n"
                             "\n"
                             "Best model at step 1000:\n"
                             "  train loss: 3.39e+02\n"
                             "  test loss: 3.34e+02\n"
                             "  test metric: []\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 2000);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_int_eq(loss->first_nonfinite_step, 2000);
    ck_assert(fabs(loss->first - (3.75e-02 + 1.59)) < 1e-12);
    ck_assert_uint_eq(series(st, "val_loss")->count, 3);
    ck_assert_ptr_null(md_store_find(st, "train_loss"));
    ck_assert_ptr_null(md_store_find(st, "test_metric"));
    md_store_free(st);
}
END_TEST

/* Flair: "epoch 1 - iter 21/219 - loss 14.29" counts batches within the
 * epoch; "DEV : loss 8.37 - score 0.5564" is the evaluation's loss and
 * score (a bare "score" is read under an evaluation's name only). */
START_TEST(test_flair_epochs)
{
    md_store *st = load_text("train.log",
                             "2021-02-22 08:40:43,913 epoch 1 - iter 21/219 - loss 14.28931536 - samples/sec: 19.11 - "
                             "lr: 0.000500\n"
                             "2021-02-22 08:46:03,925 EPOCH 1 done: loss 8.4037 - lr 0.0005000\n"
                             "2021-02-22 08:46:33,552 DEV : loss 8.37681770324707 - score 0.5564\n"
                             "2021-02-22 08:46:50,302 epoch 2 - iter 21/219 - loss 7.31 - samples/sec: 20.3 - "
                             "lr: 0.000500\n"
                             "2021-02-22 08:48:07,609 epoch 2 - iter 210/219 - loss 6.97 - samples/sec: 20.1 - "
                             "lr: 0.000500\n"
                             "2021-02-22 08:48:15,613 DEV : loss 7.445516109466553 - score 0.5716\n"
                             "2021-02-22 08:48:16,000 best score 0.5716\n",
                             NULL);
    const md_series *score = series(st, "dev_score");
    ck_assert(score->count == 2 && score->last == 0.5716);
    ck_assert_int_eq(series(st, "loss")->last_step, 219 + 210);
    ck_assert(series(st, "val_loss")->last == 7.445516109466553);
    md_store_free(st);
}
END_TEST

/* X-VLM writes its figures as strings, "3.29523": a quoted number with a
 * point is read as the number; a quoted integer (an id) and other strings
 * are not. */
START_TEST(test_json_quoted_decimals)
{
    md_store *st = load_text("log.txt.jsonl",
                             "{\"train_loss_itc\": \"3.29523\", \"train_lr\": \"0.00007\", \"run\": \"12345\", "
                             "\"tag\": \"v1.2.3\", \"epoch\": 0}\n"
                             "{\"train_loss_itc\": \"2.73107\", \"train_lr\": \"0.00009\", \"run\": \"12345\", "
                             "\"tag\": \"v1.2.3\", \"epoch\": 1}\n",
                             NULL);
    const md_series *itc = series(st, "train_loss_itc");
    ck_assert(itc->count == 2 && itc->first == 3.29523 && itc->last == 2.73107);
    ck_assert_int_eq(itc->last_step, 1);
    ck_assert(series(st, "lr")->last == 0.00009);
    ck_assert_ptr_null(md_store_find(st, "run"));
    ck_assert_ptr_null(md_store_find(st, "tag"));
    md_store_free(st);

    /* The text gives the print's precision: TCL's "train_lr": "0.000" is a
     * rate below half of 0.001, printed with three decimals. */
    st = load_text("log.txt.jsonl", "{\"train_lr\": \"0.000\", \"epoch\": 0}\n{\"train_lr\": \"0.000\", \"epoch\": 1}\n",
                   NULL);
    ck_assert_uint_eq(series(st, "lr")->printed_zero_decimals[3], 2);
    md_store_free(st);
}
END_TEST

/* A NaN in the spellings a line written by hand gives: bare nan, inf and
 * -inf (an f-string's), on the fast path and in an array cJSON reads; a
 * quoted "nan" where the key held quoted decimals (ALBEF's), but not under
 * a key that never held a number (a label). */
START_TEST(test_jsonl_nonfinite_spellings)
{
    md_store *st = load_text("metrics.jsonl",
                             "{\"step\": 1, \"loss\": 2.5, \"lr\": 0.001}\n"
                             "{\"step\": 2, \"loss\": nan, \"lr\": 0.001}\n"
                             "{\"step\": 3, \"loss\": inf, \"lr\": 0.001, \"hist\": [-inf, 1]}\n"
                             "{\"step\": 4, \"loss\": -inf, \"lr\": 0.001}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert_uint_eq(loss->inf, 2);
    ck_assert_int_eq(loss->first_nonfinite_step, 2);
    md_store_free(st);

    st = load_text("log.txt.jsonl",
                   "{\"train_loss_ita\": \"2.727\", \"label\": \"nan\", \"epoch\": 0}\n"
                   "{\"train_loss_ita\": \"nan\", \"label\": \"nan\", \"epoch\": 1}\n",
                   NULL);
    const md_series *ita = series(st, "train_loss_ita");
    ck_assert_uint_eq(ita->count, 2);
    ck_assert_uint_eq(ita->nan, 1);
    ck_assert_int_eq(ita->first_nonfinite_step, 1);
    ck_assert_ptr_null(md_store_find(st, "label"));
    md_store_free(st);
}
END_TEST

/* "Best validation at epoch 0: Average loss: inf" repeats the best so far
 * under the count it came from: not read as this step's figures. */
START_TEST(test_best_so_far_line)
{
    md_store *st = load_text("train.log",
                             "Train Epoch: 0 [700000/852174 (82%)]\tLoss: -3.798649\n"
                             "Train Epoch: 0 [800000/852174 (94%)]\tLoss: -2.554942\n"
                             "\n"
                             "Validation set: Average loss: -3.1\n"
                             "\n"
                             "Best validation at epoch 0: Average loss: inf\n",
                             NULL);
    ck_assert(series(st, "val_loss")->last == -3.1);
    ck_assert_ptr_null(md_store_find(st, "average_loss"));
    md_store_free(st);
}
END_TEST

/* paddle.Model.fit's evaluation between "Eval begin..." and "Eval
 * samples: N": its running lines count the evaluation's batches, and the
 * last one holds its figures, at the training step reached. */
START_TEST(test_paddle_eval_block)
{
    md_buf text = {0};
    md_buf_printf(&text, "Epoch 1/1\n");
    for (int s = 10; s <= 100; s += 10)
        md_buf_printf(&text, "step %3d/100 - loss: %.4f - acc: %.4f - 52ms/step\n", s, 1.0 - s / 200.0, 0.5 + s / 400.0);
    md_buf_printf(&text, "save checkpoint at /out/0\nEval begin...\n");
    for (int s = 10; s <= 30; s += 10)
        md_buf_printf(&text, "step %2d/30 - loss: %.4f - acc: %.4f - 31ms/step\n", s, 0.9 - s / 1000.0, 0.6 + s / 1000.0);
    md_buf_printf(&text, "Eval samples: 960\nsave checkpoint at /out/final\n");
    md_store *st = load_text("train.log", md_buf_cstr(&text), NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 10);
    ck_assert(loss->max == 0.95 && loss->last == 0.5 && loss->last_step == 100);
    const md_series *val = series(st, "val_loss");
    ck_assert(val->count == 1 && val->last == 0.87 && val->last_step == 100);
    ck_assert(series(st, "val_accuracy")->last == 0.63);
    md_store_free(st);
    md_buf_free(&text);
}
END_TEST

/* Messages with step-like words whose numbers are no training step:
 * DeepSpeed ZeRO-3's trace-cache warning glued after a bar, Slurm's job
 * step id. */
START_TEST(test_chatter_places_nothing)
{
    md_store *st = load_text("train.log",
                             "step 100 loss 2.5\n"
                             "step 200 loss 2.4\n"
                             " 3%|3         | 270/9847 [05:50<3:17:42,  1.24s/it]Invalidate trace cache @ step 1: "
                             "expected module 25, but got module 323\n"
                             "slurmstepd: error: *** STEP 6053.0 ON node17 CANCELLED AT 2024-04-23T12:18:08 ***\n"
                             "loss 2.3\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 3);
    ck_assert_int_eq(loss->last_step, 200);
    ck_assert_ptr_null(md_store_find(st, "module"));
    md_store_free(st);
}
END_TEST

/* ST-GCN's log: an epoch header, then counts within the epoch glued to
 * their name in parentheses; the evaluation's mean loss after its own
 * header. */
START_TEST(test_stgcn_batches_in_epoch)
{
    md_store *st = load_text("log.txt",
                             "[ Wed Jun  6 16:01:01 2018 ] Training epoch: 1\n"
                             "[ Wed Jun  6 16:01:16 2018 ] \tBatch(0/300) done. Loss: 4.3596  lr:0.100000\n"
                             "[ Wed Jun  6 16:02:39 2018 ] \tBatch(100/300) done. Loss: 3.9635  lr:0.100000\n"
                             "[ Wed Jun  6 16:04:06 2018 ] \tBatch(200/300) done. Loss: 3.5815  lr:0.100000\n"
                             "[ Wed Jun  6 16:05:00 2018 ] \tMean training loss: 3.8127.\n"
                             "[ Wed Jun  6 16:05:01 2018 ] Training epoch: 2\n"
                             "[ Wed Jun  6 16:05:16 2018 ] \tBatch(0/300) done. Loss: 3.2872  lr:0.100000\n"
                             "[ Wed Jun  6 16:06:55 2018 ] \tBatch(100/300) done. Loss: 3.1088  lr:0.100000\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal && loss->first_step == 0 && loss->last_step == 400);
    ck_assert(loss->last == 3.1088 && loss->restarts == 0);
    md_store_free(st);
}
END_TEST

/* MMSegmentation's decode head: its loss term and the share of pixels it
 * labels right, the training accuracy. */
START_TEST(test_mmseg_decode_accuracy)
{
    md_store *st = load_text("train.log",
                             "2022-10-27 17:28:08,770 - mmseg - INFO - Iter [1100/160000]     lr: 4.366e-05, eta: "
                             "6:30:57, time: 0.137, data_time: 0.005, memory: 970, decode.loss_ce: 0.4045, "
                             "decode.acc_seg: 91.2000, loss: 0.4045\n"
                             "2022-10-27 17:28:15,777 - mmseg - INFO - Iter [1150/160000]     lr: 4.563e-05, eta: "
                             "6:29:58, time: 0.140, data_time: 0.006, memory: 970, decode.loss_ce: 0.3936, "
                             "decode.acc_seg: 97.5000, loss: 0.3936\n",
                             NULL);
    const md_series *acc = series(st, "accuracy");
    ck_assert(acc->count == 2 && fabs(acc->last - 0.975) < 1e-12 && acc->last_step == 1150);
    md_store_free(st);
}
END_TEST

/* A Jupyter notebook: what its cells printed is the console, a Trainer's
 * HTML table of losses rows of cells, an error output a traceback. */
START_TEST(test_notebook_outputs)
{
    md_store *st = load_text(
        "train.ipynb",
        "{\"cells\": [{\"cell_type\": \"code\", \"source\": [\"trainer.train()\"], \"outputs\": [\n"
        "  {\"name\": \"stderr\", \"output_type\": \"stream\", \"text\": [\"warmup\\n\", \"grad_norm: 1.5\\n\"]},\n"
        "  {\"output_type\": \"display_data\", \"data\": {\"text/plain\": [\"<IPython.core.display.HTML object>\"],\n"
        "   \"text/html\": [\"<progress value='30' max='30'></progress> [30/30 00:10, Epoch 1/1]\\n\",\n"
        "    \"<table border=\\\"1\\\"><thead><tr><th>Step</th><th>Training Loss</th><th>Validation Loss</th></tr></thead>\\n\",\n"
        "    \"<tbody><tr><td>10</td><td>2.500000</td><td>2.400000</td></tr>\\n\",\n"
        "    \"<tr><td>20</td><td>2.100000</td><td>2.200000</td></tr>\\n\",\n"
        "    \"<tr><td>30</td><td>1.900000</td><td>2.100000</td></tr></tbody></table>\"]}},\n"
        "  {\"output_type\": \"error\", \"ename\": \"KeyError\", \"evalue\": \"'labels'\", \"traceback\": [\n"
        "   \"\\u001b[0;31m-----------\\u001b[0m\", \"\\u001b[0;31mKeyError\\u001b[0m  Traceback (most recent call last)\",\n"
        "   \"Cell \\u001b[0;32mIn[4], line 1\\u001b[0m\\n----> 1 trainer.evaluate()\", \"\\u001b[0;31mKeyError\\u001b[0m: 'labels'\"]}\n"
        "]}, {\"cell_type\": \"code\", \"source\": [\"trainer.train()\"], \"outputs\": [\n"
        "  {\"output_type\": \"execute_result\", \"data\": {\"text/plain\": [\"TrainOutput(global_step=30, "
        "training_loss=2.25, metrics={'train_runtime': 10.0})\"]}},\n"
        "  {\"output_type\": \"error\", \"ename\": \"KeyboardInterrupt\", \"evalue\": \"\", \"traceback\": [\n"
        "   \"\\u001b[0;31mKeyboardInterrupt\\u001b[0m  Traceback (most recent call last)\", \"----> 1 trainer.train()\",\n"
        "   \"\\u001b[0;31mKeyboardInterrupt\\u001b[0m: \"]}\n"
        "]}], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5}\n",
        NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->count == 3 && loss->first == 2.5 && loss->last == 1.9 && loss->last_step == 30);
    ck_assert(series(st, "val_loss")->last == 2.1);
    const md_event *e = event(st, "exception");
    ck_assert_str_eq(e->first_text, "KeyError: 'labels'");
    /* An exception without a message is its name alone, as Python prints
     * it; the Trainer's result is the run's mean loss, no point. */
    ck_assert_uint_eq(event(st, "keyboard_interrupt")->count, 1);
    ck_assert_uint_eq(loss->count, 3);
    md_store_free(st);

    /* Before its first logging step the Trainer writes "No log" for the
     * training loss: a cell with no value, the row's other cells read. */
    st = load_text("nolog.ipynb",
                   "{\"cells\": [{\"cell_type\": \"code\", \"source\": [], \"outputs\": [\n"
                   "  {\"output_type\": \"display_data\", \"data\": {\"text/plain\": [\"<IPython.core.display.HTML object>\"],\n"
                   "   \"text/html\": [\"<table><thead><tr><th>Epoch</th><th>Training Loss</th><th>Validation Loss</th>"
                   "<th>Accuracy</th></tr></thead>\\n\",\n"
                   "    \"<tbody><tr><td>1</td><td>No log</td><td>0.580372</td><td>0.738</td></tr>\\n\",\n"
                   "    \"<tr><td>2</td><td>No log</td><td>0.771544</td><td>0.781</td></tr>\\n\",\n"
                   "    \"<tr><td>3</td><td>No log</td><td>0.849353</td><td>0.797</td></tr></tbody></table>\"]}}\n"
                   "]}], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5}\n",
                   NULL);
    ck_assert_uint_eq(series(st, "val_loss")->count, 3);
    ck_assert_ptr_null(md_store_find(st, "loss"));
    /* Its columns after the validation loss are the evaluation's. */
    ck_assert(series(st, "val_accuracy")->last == 0.797);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    md_store_free(st);

    /* So are they where the table was pasted as text, tab-separated. */
    st = load_text("table.log",
                   "Step\tTraining Loss\tValidation Loss\tAccuracy\n500\t0.62\t0.58\t0.74\n1000\t0.41\t0.77\t0.78\n", NULL);
    ck_assert(series(st, "val_accuracy")->last == 0.78);
    ck_assert_ptr_null(md_store_find(st, "accuracy"));
    md_store_free(st);
}
END_TEST

/* Keras' model.evaluate() after fit(): one more bar, of the evaluation's
 * batches, whose figures are the evaluation's, not the last epoch's. */
START_TEST(test_keras_evaluate_after_fit)
{
    static const char *const bars[] = {"[==============================]",
                                       "\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81\xe2\x94\x81"};
    for (size_t i = 0; i < MD_COUNT(bars); i++) {
        md_buf text = {0};
        md_buf_printf(&text,
                      "Epoch 1/2\n"
                      "126/126 %s - 813s 6s/step - loss: 0.9432 - accuracy: 0.6342 - val_loss: 0.8021\n"
                      "Epoch 2/2\n"
                      " 60/126 %s - ETA: 6:05 - loss: 0.5426 - accuracy: 0.8155\r"
                      "126/126 %s - 859s 7s/step - loss: 0.4426 - accuracy: 0.8355 - val_loss: 0.5682\n"
                      "10/31 %s - ETA: 1:40 - loss: 0.9000 - accuracy: 0.7000\r"
                      "31/31 %s - 151s 5s/step - loss: 0.5682 - accuracy: 0.8669\n",
                      bars[i], bars[i], bars[i], bars[i], bars[i]);
        md_store *st = load_text("output.log", md_buf_cstr(&text), NULL);
        const md_series *loss = series(st, "loss");
        ck_assert_msg(loss->max == 0.9432 && loss->last == 0.4426 && loss->last_step == 2, "bar %zu", i);
        const md_series *eval = series(st, "eval_loss");
        ck_assert(eval->count == 1 && eval->last == 0.5682 && eval->last_step == 2);
        md_store_free(st);
        md_buf_free(&text);
    }
    /* fit(verbose=2) prints an epoch's line without a bar; evaluate()
     * still draws one, of its own batches. */
    md_store *st = load_text("output.log",
                             "Epoch 29/30\n"
                             "3/3 - 0s - loss: 0.0292 - accuracy: 0.9923 - val_loss: 0.2337 - val_accuracy: 0.9697\n"
                             "Epoch 30/30\n"
                             "3/3 - 0s - loss: 0.0265 - accuracy: 0.9962 - val_loss: 0.3689 - val_accuracy: 0.9242\n"
                             "4/4 [==============================] - 0s 10ms/step - loss: 0.2076 - accuracy: 0.9541\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->count == 2 && loss->last == 0.0265 && loss->last_step == 30);
    ck_assert(series(st, "eval_loss")->last == 0.2076);
    md_store_free(st);
    /* An evaluation of as many batches as an epoch (a full-batch fit):
     * the bar after the one with the epoch's validation figures; that
     * bar printed twice (a log written by two handlers) is no evaluation.
     * Pasted as comments of a script, "# " before each line. */
    static const char *const marks[] = {"", "# "};
    for (size_t i = 0; i < MD_COUNT(marks); i++) {
        const char *m = marks[i];
        md_buf text = {0};
        md_buf_printf(&text,
                      "%sEpoch 99/100\n"
                      "%s1/1 - 0s 10ms/step - loss: 16.0704\n"
                      "%s1/1 - 0s 20ms/step - loss: 16.0704 - val_loss: 27.1896\n"
                      "%sEpoch 100/100\n"
                      "%s1/1 - 0s 10ms/step - loss: 15.6716\n"
                      "%s1/1 - 0s 20ms/step - loss: 15.6716 - val_loss: 27.3941\n"
                      "%s1/1 - 0s 20ms/step - loss: 15.6716 - val_loss: 27.3941\n"
                      "%s1/1 - 0s 10ms/step - loss: 34.6546\n",
                      m, m, m, m, m, m, m, m);
        st = load_text("output.log", md_buf_cstr(&text), NULL);
        loss = series(st, "loss");
        ck_assert_msg(loss->last == 15.6716 && loss->max == 16.0704, "mark '%s'", m);
        ck_assert(series(st, "eval_loss")->count == 1 && series(st, "eval_loss")->last == 34.6546);
        ck_assert_ptr_null(md_store_find(st, "eval_val_loss"));
        md_store_free(st);
        md_buf_free(&text);
    }
}
END_TEST

/* MATLAB's trainNetwork: a table ruled with '=', its names over two rows;
 * empty cells where no validation ran; a fraction printed after it among
 * the table's percents. Turi Create's, ruled under every row. */
START_TEST(test_ruled_tables)
{
    md_store *st = load_text(
        "train.log",
        "|=====================================================================================|\n"
        "|  Epoch  |  Iteration  |  Time Elapsed  |  Mini-batch  |  Validation  |  Mini-batch  |  Validation  |\n"
        "|         |             |   (seconds)    |   Accuracy   |   Accuracy   |     Loss     |     Loss     |\n"
        "|=====================================================================================|\n"
        "|       1 |           1 |           1.27 |       50.00% |       22.67% |       1.5194 |       1.6042 |\n"
        "|       1 |          50 |          31.74 |       50.00% |              |       1.4489 |              |\n"
        "|       1 |          86 |          52.96 |       75.00% |       63.37% |       0.8478 |       1.0345 |\n"
        "|=====================================================================================|\n"
        "Validation accuracy: 0.6512\n",
        NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss"), *acc = series(st, "val_accuracy");
    ck_assert(loss->count == 3 && loss->last == 0.8478 && loss->last_step == 86);
    ck_assert(val->count == 2 && val->last == 1.0345);
    ck_assert(series(st, "accuracy")->last == 0.75);
    ck_assert_msg(acc->count == 3 && T_CLOSE(acc->last, 0.6512) && T_CLOSE(acc->min, 0.2267), "val_accuracy last %g",
                  acc->last);
    md_store_free(st);
    /* Turi Create's table, a rule under every row. */
    st = load_text("turi.log",
                   "+-----------+---------------+-------------------+\n"
                   "| Iteration | Training Loss | Training Accuracy |\n"
                   "+-----------+---------------+-------------------+\n"
                   "| 1         | 2.931         | 0.231             |\n"
                   "+-----------+---------------+-------------------+\n"
                   "| 2         | 2.631         | 0.448             |\n"
                   "+-----------+---------------+-------------------+\n"
                   "| 3         | 2.417         | 0.618             |\n"
                   "+-----------+---------------+-------------------+\n",
                   NULL);
    loss = series(st, "loss");
    ck_assert(loss->count == 3 && loss->last == 2.417 && loss->last_step == 3);
    md_store_free(st);
}
END_TEST

/* Flower's history at the end of a federated run: its rounds, in each of
 * the forms flwr printed it. */
START_TEST(test_flower_history)
{
    md_store *st = load_text("server.log",
                             "INFO :      [SUMMARY]\n"
                             "INFO :      Run finished 3 round(s) in 10.75s\n"
                             "INFO :          History (loss, distributed):\n"
                             "INFO :                  round 1: 2.1557\n"
                             "INFO :                  round 2: 1.9623\n"
                             "INFO :                  round 3: 1.7031\n"
                             "INFO :          History (metrics, distributed, evaluate):\n"
                             "INFO :          {'accuracy': [(1, 0.1844),\n"
                             "INFO :                        (2, 0.2989),\n"
                             "INFO :                        (3, 0.4014)],\n"
                             "INFO :           'f1': [(1, 0.1), (2, 0.2), (3, 0.3)]}\n"
                             "INFO :      \n",
                             NULL);
    const md_series *val = series(st, "val_loss"), *acc = series(st, "val_accuracy");
    ck_assert(val->count == 3 && val->first_step == 1 && val->last_step == 3 && val->last == 1.7031);
    ck_assert(acc->count == 3 && acc->last == 0.4014 && acc->last_step == 3);
    ck_assert(series(st, "val_f1")->count == 3);
    md_store_free(st);
    st = load_text("server.log",
                   "INFO :      History (loss, distributed):\n"
                   "INFO :          ('\\tround 1: 7.458657741546631\\n'\n"
                   "INFO :           '\\tround 2: 1.9498776197433472\\n')\n",
                   NULL);
    val = series(st, "val_loss");
    ck_assert(val->count == 2 && val->last_step == 2 && val->last == 1.9498776197433472);
    md_store_free(st);
    st = load_text("server.log",
                   "INFO 2024-09-24 17:36:40,415:      \tHistory (loss, distributed):\n"
                   "INFO 2024-09-24 17:36:40,416:      \t\tround 1: 0.0640372561454773\n"
                   "INFO 2024-09-24 17:36:40,416:      \t\tround 2: 0.0554464474439621\n",
                   NULL);
    ck_assert(series(st, "val_loss")->count == 2 && series(st, "val_loss")->last_step == 2);
    md_store_free(st);
    st = load_text("server.log",
                   "INFO flwr 2023-10-10 10:10:10,000 | app.py:226 | app_fit: losses_distributed [(1, 2.30), (2, "
                   "2.10), (3, 1.95)]\n"
                   "INFO flwr 2023-10-10 10:10:10,000 | app.py:227 | app_fit: metrics_distributed_fit {}\n"
                   "INFO flwr 2023-10-10 10:10:10,000 | app.py:228 | app_fit: metrics_distributed {'accuracy': "
                   "[(1, 0.1), (2, 0.3), (3, 0.4)]}\n",
                   NULL);
    ck_assert(series(st, "val_loss")->count == 3 && series(st, "val_loss")->last == 1.95);
    ck_assert(series(st, "val_accuracy")->last == 0.4);
    md_store_free(st);
}
END_TEST

/* transformers 2026 prints a log dict's values as strings: the epoch's
 * '1' after '0.2', '0.4', ... is progress in epochs as '0.2' is, no count
 * of epochs to place the records at. */
START_TEST(test_hf_string_valued_dicts)
{
    md_store *st = load_text("train.log",
                             "{'loss': '2.272', 'grad_norm': '0.9141', 'learning_rate': '0.000188', 'epoch': '0.4'}\n"
                             "{'loss': '1.823', 'grad_norm': '0.6094', 'learning_rate': '0.0001747', 'epoch': '0.8'}\n"
                             "{'loss': '1.581', 'grad_norm': '1.305', 'learning_rate': '0.0001613', 'epoch': '1'}\n"
                             "{'eval_loss': '1.555', 'eval_runtime': '7.689', 'epoch': '1'}\n"
                             "{'loss': '1.806', 'grad_norm': '0.5703', 'learning_rate': '0.000148', 'epoch': '1.4'}\n"
                             "{'loss': '1.665', 'grad_norm': '0.498', 'learning_rate': '0.0001347', 'epoch': '1.8'}\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *grad = series(st, "grad_norm");
    ck_assert(loss->count == 5 && grad->count == 5 && grad->first == 0.9141);
    ck_assert(loss->first_step < loss->last_step && series(st, "val_loss")->last_step < loss->last_step);
    md_store_free(st);
    /* A note's fraction, an epoch alone on its line, says nothing of the
     * epochs the training lines count. */
    st = load_text("notes.log",
                   "\tmnist, epoch 19,20 generator collaps, recover at 23\n"
                   "[24/25][936/938] Loss_D: 0.0003 Loss_G: 9.1786\n"
                   "[24/25][937/938] Loss_D: 0.0002 Loss_G: 9.3435\n",
                   NULL);
    ck_assert(series(st, "d_loss")->last_step > 23 * 938);
    md_store_free(st);
}
END_TEST

/* FuxiCTR evaluates the best model again after training: its validation
 * figures once more (not read: they are the best epoch's) and the test
 * set's (test_). */
START_TEST(test_fuxictr_final_evaluations)
{
    md_store *st = load_text("train.log",
                             "2022-05-27 17:40:01,000 P1 INFO [Metrics] AUC: 0.9650 - logloss: 0.2061\n"
                             "2022-05-27 17:40:02,000 P1 INFO Train loss: 0.2700\n"
                             "2022-05-27 17:42:01,000 P1 INFO [Metrics] AUC: 0.9690 - logloss: 0.2147\n"
                             "2022-05-27 17:42:02,000 P1 INFO Train loss: 0.1900\n"
                             "2022-05-27 17:44:01,000 P1 INFO [Metrics] AUC: 0.9670 - logloss: 0.2534\n"
                             "2022-05-27 17:44:02,000 P1 INFO Train loss: 0.1100\n"
                             "2022-05-27 17:48:31,795 P1 INFO Training finished.\n"
                             "2022-05-27 17:48:34,455 P1 INFO ****** Validation evaluation ******\n"
                             "2022-05-27 17:48:35,720 P1 INFO [Metrics] AUC: 0.9690 - logloss: 0.2147\n"
                             "2022-05-27 17:48:35,752 P1 INFO ******** Test evaluation ********\n"
                             "2022-05-27 17:48:35,753 P1 INFO Loading test data done.\n"
                             "2022-05-27 17:48:36,507 P1 INFO [Metrics] AUC: 0.9691 - logloss: 0.2150\n",
                             NULL);
    const md_series *val = series(st, "val_loss");
    ck_assert(val->count == 3 && val->last == 0.2534);
    ck_assert(series(st, "test_auc")->count == 1 && series(st, "test_auc")->last == 0.9691);
    md_store_free(st);
}
END_TEST

/* A paste that starts with an HF log dict, before any bar: the bar drawn
 * again after it places it, as it places the dicts after. */
START_TEST(test_first_dict_before_any_bar)
{
    md_store *st = load_text("trl.log",
                             "    {'loss': 0.1, 'grad_norm': 1.0, 'learning_rate': 1e-05, 'epoch': 0.01}\n"
                             "  0%|          | 20/29790 [02:00<25:35:01,  3.09s/it]\n"
                             "    {'loss': 0.2, 'grad_norm': 2.0, 'learning_rate': 1e-05, 'epoch': 0.02}\n"
                             "  0%|          | 30/29790 [02:33<27:06:34,  3.28s/it]\n"
                             "    {'loss': 0.3, 'grad_norm': 3.0, 'learning_rate': 1e-05, 'epoch': 0.03}\n"
                             "  0%|          | 40/29790 [03:06<27:51:27,  3.37s/it]\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *grad = series(st, "grad_norm");
    ck_assert(loss->count == 3 && loss->first_step == 20 && loss->first == 0.1 && loss->last_step == 40);
    ck_assert(grad->count == 3 && grad->first_step == 20 && grad->first == 1.0);
    md_store_free(st);
}
END_TEST

/* rsyslog (SageMaker's CloudWatch logs) writes a control character as '#'
 * and three octal digits: XGBoost's tab-parted rounds, Keras' bar redrawn
 * with backspaces and carriage returns. A '#' otherwise is text. */
/* scikit-learn's linear models: "Norm" is the weights' norm, and only it
 * and the loss are read. */
START_TEST(test_sklearn_linear_lines)
{
    md_store *st = load_text("sgd.log",
                             "-- Epoch 1\nNorm: 3.20, NNZs: 20, Bias: -0.120000, T: 1000, Avg. loss: 2.100000\n"
                             "Total training time: 0.01 seconds.\n"
                             "-- Epoch 2\nNorm: 6.40, NNZs: 20, Bias: -0.130000, T: 2000, Avg. loss: 1.400000\n"
                             "Total training time: 0.02 seconds.\n",
                             NULL);
    ck_assert(series(st, "param_norm")->last == 6.4);
    ck_assert_int_eq(series(st, "loss")->last_step, 2);
    ck_assert_ptr_null(md_store_find(st, "grad_norm"));
    ck_assert_ptr_null(md_store_find(st, "bias"));
    md_store_free(st);
}
END_TEST

/* tianshou draws a bar an epoch that ends at the same count: each is a
 * rate point of its own, told apart by its description. */
START_TEST(test_bar_per_epoch_same_count)
{
    char text[2048];
    size_t n = 0;
    for (int e = 1; e <= 6; e++)
        n += (size_t)snprintf(text + n, sizeof text - n,
                              "Epoch #%d: 10001it [00:1%d, 9%d0.00it/s, env_step=%d, len=150, loss=0.%d, rew=1%d0.00]\n",
                              e, e, e, e * 10000, 60 - e * 5, e);
    md_store *st = load_text("tianshou.log", text, NULL);
    const md_series *rate = series(st, "it_per_s");
    ck_assert_uint_eq(rate->count, 6);
    ck_assert(rate->last == 960);
    md_store_free(st);
}
END_TEST

/* A log pasted as "cat -v" shows it: "^M" for the bar's carriage returns,
 * read as the bytes they stand for. One "^M" in prose changes nothing. */
START_TEST(test_caret_escaped_redraws)
{
    char pasted[4096], raw[4096];
    size_t n = 0, m = 0;
    for (int i = 1; i <= 10; i++) {
        int s = 1316 + i;
        const char *fmt = "%s  4%%|   | %d/36234 [11:37<5:10:26,  1.87it/s]%s  4%%|   | %d/36234 "
                          "[11:37<5:12:34,  1.86it/s]%s          %s{'loss': 1.%d, 'learning_rate': 0.00028, "
                          "'epoch': 0.22}\n";
        n += (size_t)snprintf(pasted + n, sizeof pasted - n, fmt, "^M", s, "^M", s + 1, "^M", "^M", 60 - i);
        m += (size_t)snprintf(raw + m, sizeof raw - m, fmt, "\r", s, "\r", s + 1, "\r", "\r", 60 - i);
    }
    md_store *a = load_text("pasted.log", pasted, NULL), *b = load_text("raw.log", raw, NULL);
    const md_series *pl = series(a, "loss"), *rl = series(b, "loss");
    ck_assert_uint_eq(pl->count, 10);
    ck_assert(!pl->ordinal && !rl->ordinal);
    ck_assert_int_eq(pl->first_step, rl->first_step);
    ck_assert_int_eq(pl->last_step, rl->last_step);
    ck_assert_int_ge(pl->first_step, 1318);
    md_store_free(a);
    md_store_free(b);
    md_store *st = load_text("prose.log", "press ^M to go on\nstep 1 loss 2.5\nstep 2 loss 2.4\n", NULL);
    ck_assert_int_eq(series(st, "loss")->last_step, 2);
    md_store_free(st);
}
END_TEST

START_TEST(test_syslog_octal_escapes)
{
    md_store *st = load_text("xgboost.log",
                             "[0]#011train-rmse:18.7885#011validation-rmse:19.9369\n"
                             "[1]#011train-rmse:15.3861#011validation-rmse:16.6421\n"
                             "[2]#011train-rmse:12.7352#011validation-rmse:14.0599\n"
                             "#model 3 of 5: lr=0.1\n",
                             NULL);
    const md_series *loss = series(st, "loss"), *val = series(st, "val_loss");
    ck_assert(loss->count == 3 && loss->last == 12.7352 && loss->last_step == 2);
    ck_assert(val->count == 3 && val->last == 14.0599);
    md_store_free(st);
    st = load_text("keras.log",
                   "Epoch 1/2\n"
                   "#0151/4 [======>....] - ETA: 0s - loss: 46.2814#010#010#010#0154/4 [==========] - 0s 9ms/step - "
                   "loss: 43.3905 - val_loss: 38.6036\n"
                   "Epoch 2/2\n"
                   "#0151/4 [======>....] - ETA: 0s - loss: 41.2571#010#010#010#0154/4 [==========] - 0s 9ms/step - "
                   "loss: 40.0422 - val_loss: 36.2050\n",
                   NULL);
    val = series(st, "val_loss");
    ck_assert(val->count == 2 && val->last == 36.2050 && val->last_step == 8);
    ck_assert(series(st, "loss")->last == 40.0422);
    md_store_free(st);
}
END_TEST

/* A notebook's other HTML tables (a DataFrame's head, with its missing
 * values) are the data's: no series of the run. */
START_TEST(test_notebook_data_table)
{
    static const char nb[] =
        "{\"cells\": [{\"cell_type\": \"code\", \"source\": [\"df.head()\"], \"outputs\": [\n"
        "  {\"output_type\": \"execute_result\", \"data\": {\"text/plain\": [\"<DataFrame>\"],\n"
        "   \"text/html\": [\"<table><thead><tr><th></th><th>price</th><th>lot</th></tr></thead>\",\n"
        "    \"<tbody><tr><th>0</th><td>221900.0</td><td>NaN</td></tr><tr><th>1</th><td>538000.0</td><td>NaN</td></tr>\",\n"
        "    \"<tr><th>2</th><td>180000.0</td><td>NaN</td></tr></tbody></table>\"]}}\n"
        "]}], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5}\n";
    md_store *st = load_bytes("eda.ipynb", nb, strlen(nb), MD_ERR_NODATA, NULL);
    ck_assert_uint_eq(md_store_nseries(st), 0);
    md_store_free(st);
}
END_TEST

/* StyleGAN's and EDM's stats.jsonl: each statistic an object of its
 * count, mean and spread; the mean is the value, Progress/tick the step. */
START_TEST(test_stats_jsonl_means)
{
    md_store *st = load_text("stats.jsonl",
                             "{\"Loss/loss\": {\"num\": 327680, \"mean\": 7.8, \"std\": 7.5}, "
                             "\"Progress/tick\": {\"num\": 1, \"mean\": 0.0, \"std\": 0.0}, "
                             "\"Progress/kimg\": {\"num\": 1, \"mean\": 0.015, \"std\": 0.0}, "
                             "\"Timing/sec_per_tick\": {\"num\": 1, \"mean\": 11.78, \"std\": 0.0}, "
                             "\"Resources/peak_gpu_mem_gb\": {\"num\": 1, \"mean\": 4.63, \"std\": 0.0}, "
                             "\"timestamp\": 1697077379.23}\n"
                             "{\"Loss/loss\": {\"num\": 11571200, \"mean\": 6.9, \"std\": 17.6}, "
                             "\"Progress/tick\": {\"num\": 1, \"mean\": 1.0, \"std\": 0.0}, "
                             "\"Progress/kimg\": {\"num\": 1, \"mean\": 1.02, \"std\": 0.0}, "
                             "\"Timing/sec_per_tick\": {\"num\": 1, \"mean\": 37.8, \"std\": 0.0}, "
                             "\"Resources/peak_gpu_mem_gb\": {\"num\": 1, \"mean\": 4.68, \"std\": 0.0}, "
                             "\"timestamp\": 1697077417.1}\n",
                             NULL);
    const md_series *loss = series(st, "loss");
    ck_assert(loss->count == 2 && loss->first == 7.8 && loss->last == 6.9);
    ck_assert(!loss->ordinal && loss->first_step == 0 && loss->last_step == 1);
    ck_assert(series(st, "step_time")->last == 37.8);
    ck_assert(series(st, "memory")->last == 4.68);
    ck_assert_ptr_null(md_store_find(st, "loss_loss_mean"));
    md_store_free(st);
}
END_TEST

/* StyleGAN's log.txt: "key value" pairs apart by spaces, the tick the step,
 * sec/tick its time, gpumem its memory in GiB. */
START_TEST(test_stylegan_ticks)
{
    md_store *st = load_text("log.txt",
                             "tick 661   kimg 2644.0   time 2d 07h 06m   sec/tick 298.0   sec/kimg 74.48   "
                             "maintenance 0.1    cpumem 5.42   gpumem 4.37   reserved 6.36   augment 0.322\n"
                             "tick 662   kimg 2648.0   time 2d 07h 11m   sec/tick 297.9   sec/kimg 74.47   "
                             "maintenance 0.1    cpumem 5.42   gpumem 4.37   reserved 6.36   augment 0.322\n",
                             NULL);
    const md_series *t = series(st, "step_time");
    ck_assert(t->count == 2 && t->first_step == 661 && t->last == 297.9);
    ck_assert(series(st, "memory")->last == 4.37);
    md_store_free(st);
}
END_TEST

/* Lines that share words with a signature but report nothing. */
static const struct {
    const char *id, *line;
} event_traps[] = {
    {"curriculum_stage", "Curriculum learning is disabled."},
    {"early_stopping_on_train", "Will train until validation_1-logloss hasn't improved in 50 rounds."},
    {"host_oom", "slurmstepd: error: Exceeded step memory limit at some point."},
    {"fp16_enabled", "TrainingArguments(output_dir='out', fp16=False, bf16=True)"},
    {"fp16_enabled", "accelerate launch --mixed_precision bf16 train.py"},
    {"fp16_enabled", "model dtype: torch.float16"},
    {"diffusion_training", "Steps:  45%|####5     | 180/400 [02:31<03:05,  1.19it/s, loss=0.157, lr=5e-6, acc=0.9]"},
    {"best_model_saved", "Epoch 9: val_loss did not improve from 0.31912"},
    {"early_stopping_on_train", "Will train until eval-auc hasn't improved in 100 rounds."},
    {"nccl_timeout", "[launcher] NCCL timeout set to 1800 seconds (TORCH_NCCL_BLOCKING_WAIT=0)"},
    {"nccl_timeout", "  NCCL timeout: 1800s"},
    {"retrying", "max_retrying_attempts: 3"},
    {"retrying", "no_retrying=True"},
    {"unfrozen", "freeze_backbone: true"},
    {"batch_size_found", "batch_size: 16"},
    {"nccl_timeout", "dist: backend=nccl NCCL timeout=30min"},
    {"wandb_error", "wandb: Network error resolved after 0:00:12.345678, resuming normal operation."},
    {"wandb_synced", "wandb: \xf0\x9f\x9a\x80 View run at https://wandb.ai/u/p/runs/i31zyslt"},
    {"dtype_fp32_upcast", "hidden_states dtype: torch.float32"},
    /* Megatron's counts of skipped and NaN iterations are no skip. */
    {"nan_batch_skipped", " iteration       10/     500 | lm loss: 3.3E+00 | number of skipped iterations:   0 | number of nan iterations:   0 |"},
    {"nan_batch_skipped", "Skipping info messages; inference will run on 8 GPUs"},
    {"stopped_early", "EarlyStopping(patience=5): early stopping is on"},
    {"nan_message", "    raise ValueError(' [x] nan loss ')"},
    {"nan_message", "    raise RuntimeError(f\" [!] NaN loss with {key}.\")"},
    {"training_start", "Restart training from the last checkpoint"},
    {"training_start", "def start_training(cfg):"},
    {"undefined_metric", "warnings.filterwarnings(\"ignore\", category=UndefinedMetricWarning)"},
    {"nonfinite_activation", "            err = f\"{err} detected in output of {name}, shape: {tensor.shape}\""},
    {"nan_message", "    if torch.isnan(loss): raise ValueError(\"loss is not finite\")"},
    {"nan_message", "  --detect-nan  stop when a NaN is found (default: False)"},
    {"spawn_child", "mp.set_start_method('spawn')  # spawn_main runs in each child"},
    {"native_crash", "Tip: a free(): invalid pointer usually means a bad custom op"},
    {"killed", "[launch.py:434:sigkill_handler] ['python', 'train.py'] exits with return code = -90"},
    {"gpu_hardware_fault", "ECC errors: 0 corrected, 0 uncorrected (nvidia-smi -q checked at start)"},
    {"collective_stall", "HOROVOD_STALL_CHECK_TIME_SECONDS=120: warn about stalled ranks after two minutes"},
    {"killed", "Killed 3 zombie workers before start"},
    {"killed", "[1] Killed 3 zombie workers before start"},
    {"keyboard_interrupt", "signal.signal(signal.SIGINT, handler)  # received SIGINT: save and exit"},
    {"keyboard_interrupt", "Press ^C to stop the server"},
    {"keyboard_interrupt", "Press Ctrl-C to stop; KeyboardInterrupt is caught and a checkpoint saved"},
    {"host_oom", "Tip: catch MemoryError in your dataset to skip bad samples"},
    {"hangup", "WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers"},
    {"hangup", "Hangup detection is off; set NOHUP=1 to keep the job alive"},
    {"hangup", "[1] Hangup handler installed"},
    {"native_crash", "torch.distributed.elastic.multiprocessing.api: failed (exitcode: -64) local_rank: 0"},

    {"grad_nan_skipped", "if grad_norm is nan: skip the update (the grad norm is nan on fp16 overflow)"},
    {"single_class", "Overriding model.yaml nc=80 with nc=12"},
    {"loss_scale_min", "            raise Exception(f\"Skipped {n} iterations in a row due to Overflow - Exiting training.\")"},
    {"cuda_oom", "F0516 02:08:10.520869  5661 syncedmem.cpp:51] Check failed: error == cudaSuccess (4 vs. 0)  "
                 "unspecified launch failure"},
    {"loader_workers_gone", "    raise RuntimeError(\"One or more background workers are no longer alive. Exiting. "
                            "Please check the \""},
    {"worker_exited_error", "  exitcode  : -9 (pid: 14689)"},
    {"shape_mismatch", "size mismatch for roi_head.bbox_head.fc_cls.weight: copying a param with shape "
                       "torch.Size([81, 1024]) from checkpoint, the shape in current model is torch.Size([4, 1024])."},
    {"prompt_too_long", "vllm: max_model_len=4096 (prompts longer than the maximum model length are dropped)"},
    {"host_oom", "(raylet) 0 Workers (tasks / actors) killed due to memory pressure (OOM), 1 Workers crashed due to "
                 "other reasons"},
    {"cuda_oom", "max_memory_allocated: 12.5 GiB (no out-of-memory so far)"},
    {"segfault", "faulthandler enabled: a segmentation fault prints a traceback"},
    {"segfault", "(raylet) A worker died or was killed while executing a task by an unexpected system error. Some "
                 "common causes include: (1) the process was killed by the OOM killer due to high memory usage, (2) "
                 "ray stop --force was called, or (3) the worker crashed unexpectedly due to SIGSEGV or another "
                 "unexpected error."},
    {"job_completed", "Training successfully completed in 3h."},
    {"fp16_overflow", "fp16: dynamic loss scale 65536, overflow checks on"},
    {"device_mismatch", "RuntimeError: Input type (torch.cuda.HalfTensor) and weight type (torch.cuda.FloatTensor) "
                        "should be the same"},
    {"device_mismatch", "RuntimeError: Input type (CUDABFloat16Type) and weight type (CUDAFloatType) should be the "
                        "same or input should be a MKLDNN tensor and weight is a dense tensor"},
    {"device_mismatch", "You are calling .generate() with the `input_ids` being on a device type different than your "
                        "model's device. `input_ids` is on cpu, whereas the model is on cuda."},
    {"embedding_index", "IndexError: list index out of range"},
    {"few_workers", "UserWarning: The 'val_dataloader' does not have many workers which may be a bottleneck."},
    {"ddp_unused_parameters", "ddp_find_unused_parameters: None  # set to True when parameters go unused"},
    {"allocator_flushes", "  empty_cache_every: 100  # pytorch allocator cache flushes on purpose"},
    {"nan_message", "    finite = not (value is inf or nan)"},
    {"search_trial_failed", "2025-01-06 15:36:29,768\tERROR tune.py:1037 -- Trials did not complete: [_tune_94bfe_00000]"},
    {"model_size", "  'number of parameters': cfg.n_params,  # printed later"},
    {"vllm_engine", "A small LLM engineered for edge devices"},
    {"wandb_server_error", "wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])"},
    {"model_size", "[INFO|trainer.py:2134] >>   Number of trainable parameters = 4,194,304"},
    {"job_failed", "2024-05-02 12:41:55,911 sagemaker-training-toolkit INFO     Reporting training SUCCESS"},
    {"job_failed", "# What to do when the Training job failed in SageMaker Studio"},
    {"tokenization_mismatch", "RuntimeError: size mismatch: 100 vs. 101"},
    {"gloo_error", "     Using distributed PyTorch with gloo backend (gloo/transport/tcp ready)"},
    {"elastic_restart", "INFO:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. 0/3 attempts left; "
                        "will not restart worker group"},
    {"nccl_watchdog_stuck", "TORCH_NCCL_ENABLE_MONITORING: 1, TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC: 1200"},
    {"nccl_timeout", "[rank4]:[F205 18:11:06.375750231 ProcessGroupNCCL.cpp:1870] [PG ID 12 Rank 4] "
                     "ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress."},
    {"oom_caught", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.16 GiB."},
    {"nccl_error", "node1:5361:5361 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v8 symbol."},
    {"nccl_error", "node1:3018451:3018451 [0] enqueue.cc:1085 NCCL WARN Cuda failure 'out of memory'"},
    {"nccl_error", "node1:5361:5361 [0] NCCL WARN NET/Plugin : No plugin found (libnccl-net.so), using internal implementation"},
    {"boosting", "[12] train-test split: 0.8 of the rows"},
    {"boosting", "Epoch 3: the model's loss: 0.5"},
    {"nan_inputs", "  assert not np.isnan(x).any(), 'input contains NaN values'"},
    {"nan_inputs", "The dataset contains NaN values in 3 columns; filling them with the median"},
    {"fp16_unscale", "  grad_scaler.unscale_(optimizer)  # unscale FP16 gradients before clipping"},
    {"killed", "^C2025-04-24 09:39:44,683 WARNING tune.py:219 -- Stop signal received (e.g. via SIGINT/Ctrl+C), "
                       "ending Ray Tune run. Press CTRL+C (or send SIGINT/SIGKILL/SIGTERM) to skip."},
    {"killed", "Der Prozess wurde nicht getötet: Getöteter Speicher 0"},
    {"keyboard_interrupt", "except KeyboardInterrupt: save_checkpoint()"},
    {"killed", "# 强制终了 / 強制終了 ist nicht ausgelöst"},
    {"nan_message", "Moving average ignored a value of 0.5 (out of range)"},
    {"empty_mean", "        warnings.warn(\"Mean of empty slice.\", RuntimeWarning, stacklevel=3)"},
    {"shape_mismatch", "W0110 12:27:06.332000 158 torch/_dynamo/convert_frame.py:1551] [2/8]    last reason: 2/7: "
                       "tensor 'X[0]' size mismatch at index 1. expected 640, actual 8. Guard failed on a parameter"},
    {"job_preempted", "slurmstepd: error: *** JOB 4137 ON gpu07 CANCELLED AT 2026-03-02T03:12:44 ***"},
    {"nan_message", "2019-06-13 03:52:24,416 (e2e_asr:302) WARNING: loss (=14484257.000000) is not correct"},
    {"allocator_map_failed", "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"},
    {"gpu_unused", "GPU available: True (cuda), used: True"},
    {"gpu_unused", "GPU available: False, used: False"},
    {"dist_not_initialized", "torch.distributed is not initialized; running in a single process"},
    {"dist_connect", "[W427 10:31:58.108805957 socket.cpp:759] [c10d] The client socket cannot be initialized to "
                     "connect to [node1]:39591 (errno: 97 - Address family not supported by protocol)."},
    {"invalid_device", "CUDA_VISIBLE_DEVICES=0,1 device ordinal 1 selected for rank 1"},
    {"fp16_overflow", "[2023-11-06 11:54:09,446] [INFO] [fused_optimizer.py:347:_update_scale] Grad overflow on "
                      "iteration 0"},
    {"dtype_fp32", "hidden_states dtype: torch.float32 (upcast from torch.bfloat16 for the norm)"},
    {"dtype_fp32_upcast", "hidden states dtype: torch.float32"},
    {"disk_full", "checkpoint saved; 412 GB left on device"},
    {"unk_token", "special_tokens={'unk_token': '[UNK]', 'sep_token': '[SEP]', 'pad_token': '[PAD]'}"},
    {"unk_token", "\t0: AddedToken(\"<unk>\", rstrip=False, lstrip=False, single_word=False, special=True),"},
    {"unk_token", "example 0: <unk><unk><unk><s> [INST] Translate: Good morning [/INST] Bonjour</s>"},
    {"unk_run", "example 0: <unk><unk><unk><s> [INST] Translate: Good morning [/INST] Bonjour</s>"},
    {"unk_run", "tokens: [CLS] i love this movie [UNK] [UNK] best film of the year [SEP]"},
    {"heads_not_used", "Some weights of the model checkpoint at gpt2 were not used when initializing GPT2Model: "
                       "['h.0.attn.bias', 'h.0.mlp.c_fc.weight']"},
    {"head_initialized", "- bert.encoder.layer.0.attention.self.query.weight: found shape torch.Size([768, 768]) "
                         "in the checkpoint and torch.Size([1024, 1024]) in the model instantiated"},
    {"heads_not_used", "Some weights of the model checkpoint at roberta-base were not used when initializing "
                       "RobertaModel: ['roberta.encoder.layer.0.output.dense.bias']"},
    {"cuda_error", "conv.py:456: UserWarning: Plan failed with a cudnnException: CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR: "
                   "cudnnFinalize Descriptor Failed cudnn_status: CUDNN_STATUS_NOT_SUPPORTED"},
};

START_TEST(test_event_traps)
{
    const char *id = event_traps[_i].id, *line = event_traps[_i].line;
    md_buf text = {0};
    md_buf_printf(&text, "step 1, loss: 2.0\n%s\n", line);
    md_store *st = load_text("train.log", md_buf_cstr(&text), NULL);
    ck_assert_msg(md_store_find_event(st, id) == NULL, "event %s fired on \"%s\"", id, line);
    md_store_free(st);
    md_buf_free(&text);
}
END_TEST

/* A message at the end of a line longer than the window a pattern reads:
 * a progress bar's redraws with their '\r' lost, then the scheduler's
 * word; its field is read from the same window. */
START_TEST(test_event_after_long_prefix)
{
    md_buf text = {0};
    for (int i = 0; i < 1500; i++)
        md_buf_printf(&text, "%dit [35:%02d,  7.00s/it]", 28000 + i, i % 60);
    md_buf_printf(&text, "slurmstepd: error: *** JOB 25883692 ON gr015 CANCELLED AT 2022-10-13T04:10:12 ***\n");
    md_buf_printf(&text, "%*storch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n", 9000, "");
    md_store *st = load_text("slurm.out", md_buf_cstr(&text), NULL);
    ck_assert_uint_eq(event(st, "job_cancelled")->count, 1);
    ck_assert(field(event(st, "cuda_oom"), "tried_gib")->max == 2.0);
    md_store_free(st);
    md_buf_free(&text);
}
END_TEST

/* A healthy Trainer log names no failure at all: that it started
 * training and finished. */
START_TEST(test_events_quiet_on_healthy_log)
{
    md_store *st = load_text("train.log",
                             "[INFO|trainer.py:1715] 2023-11-03 15:37:36,125 >> ***** Running training *****\n"
                             "[INFO|trainer.py:1716] 2023-11-03 15:37:36,125 >>   Num examples = 28,483\n"
                             "[INFO|trainer.py:1723] 2023-11-03 15:37:36,125 >>   Total optimization steps = 666\n"
                             "wandb: Tracking run with wandb version 0.16.0\n"
                             "{'loss': 1.9, 'learning_rate': 4.9e-05, 'epoch': 0.1}\n"
                             "{'loss': 1.5, 'learning_rate': 4.5e-05, 'epoch': 0.5}\n"
                             "{'eval_loss': 1.4, 'eval_runtime': 12.5, 'epoch': 1.0}\n"
                             "best loss is inf, stopping criterion: patience 5\n"
                             "Saving model checkpoint to out/checkpoint-666\n"
                             "{'train_runtime': 3600.0, 'train_loss': 1.6, 'epoch': 1.0}\n",
                             NULL);
    for (size_t i = 0; i < md_store_nevents(st); i++) {
        const char *id = md_store_event_at(st, i)->id;
        ck_assert_msg(strcmp(id, "wandb_online") == 0 || strcmp(id, "training_completed") == 0 ||
                          strcmp(id, "training_start") == 0,
                      "event %s on a healthy log", id);
    }
    ck_assert_ptr_nonnull(md_store_find_event(st, "wandb_online"));
    ck_assert_int_eq(event(st, "training_start")->first_line, 1);
    /* The summary train() prints when it returns. */
    ck_assert_ptr_nonnull(md_store_find_event(st, "training_completed"));
    md_store_free(st);
}
END_TEST

/* ---- TensorBoard event files --------------------------------------------- */

static void put_le(md_buf *b, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        md_buf_putc(b, (char)(v >> (8 * i)));
}

static void pb_varint(md_buf *b, uint64_t v)
{
    for (; v >= 0x80; v >>= 7)
        md_buf_putc(b, (char)(v | 0x80));
    md_buf_putc(b, (char)v);
}

static void pb_key(md_buf *b, unsigned field, unsigned wire)
{
    pb_varint(b, (uint64_t)field << 3 | wire);
}

static void pb_bytes(md_buf *b, unsigned field, const void *p, size_t n)
{
    pb_key(b, field, 2);
    pb_varint(b, n);
    md_buf_put(b, p, n);
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

typedef enum { SIMPLE_VALUE, TENSOR_CONTENT, TENSOR_FLOAT_VAL } value_kind;

/* A Summary.Value: tag plus the number as simple_value (TF1, tensorboardX)
 * or as a scalar TensorProto (TF2). */
static void summary_value(md_buf *summary, const char *tag, float v, value_kind how)
{
    md_buf value = {0}, tensor = {0}, number = {0}, meta = {0}, plugin = {0};
    pb_bytes(&value, 1, tag, strlen(tag));
    if (how == SIMPLE_VALUE) {
        pb_key(&value, 2, 5);
        put_le(&value, float_bits(v), 4);
    } else {
        pb_key(&tensor, 1, 0);
        pb_varint(&tensor, 1); /* DT_FLOAT */
        pb_bytes(&tensor, 2, "", 0); /* shape {}: a scalar */
        put_le(&number, float_bits(v), 4);
        pb_bytes(&tensor, how == TENSOR_CONTENT ? 4 : 5, number.p, number.n);
        pb_bytes(&value, 8, tensor.p, tensor.n);
        pb_bytes(&plugin, 1, "scalars", 7);
        pb_bytes(&meta, 1, plugin.p, plugin.n);
        pb_bytes(&value, 9, meta.p, meta.n);
    }
    pb_bytes(summary, 1, value.p, value.n);
    md_buf_free(&value);
    md_buf_free(&tensor);
    md_buf_free(&number);
    md_buf_free(&meta);
    md_buf_free(&plugin);
}

/* TFRecord framing: length, masked CRC-32C of the length, data, masked
 * CRC-32C of the data. */
static void tf_record(md_buf *file, const md_buf *data)
{
    md_buf head = {0};
    put_le(&head, data->n, 8);
    put_le(&head, md_crc32c_masked(head.p, 8), 4);
    md_buf_put(file, head.p, head.n);
    md_buf_put(file, data->p, data->n);
    put_le(file, md_crc32c_masked(data->p, data->n), 4);
    md_buf_free(&head);
}

static void tf_event(md_buf *file, double wall, int64_t step, const md_buf *summary)
{
    md_buf ev = {0};
    uint64_t bits;
    memcpy(&bits, &wall, sizeof bits);
    pb_key(&ev, 1, 1);
    put_le(&ev, bits, 8);
    if (step) /* proto3 leaves a zero step out */
        pb_key(&ev, 2, 0), pb_varint(&ev, (uint64_t)step);
    if (summary)
        pb_bytes(&ev, 5, summary->p, summary->n);
    else
        pb_bytes(&ev, 3, "brain.Event:2", 13);
    tf_record(file, &ev);
    md_buf_free(&ev);
}

/* A file_version record, then steps 0..4 each with a simple_value loss and
 * a TF2 tensor accuracy, and eval/loss (float_val) at steps 2 and 4.
 * starts[k] receives the offset of step k's record. */
static md_buf event_file(size_t starts[5])
{
    md_buf file = {0};
    tf_event(&file, 1700000000.0, 0, NULL);
    for (int step = 0; step < 5; step++) {
        starts[step] = file.n;
        md_buf summary = {0};
        summary_value(&summary, "train/loss", 3.0f - 0.5f * (float)step, SIMPLE_VALUE);
        summary_value(&summary, "train/accuracy", 0.5f + 0.125f * (float)step, TENSOR_CONTENT);
        if (step % 2 == 0 && step > 0)
            summary_value(&summary, "eval/loss", 2.5f, TENSOR_FLOAT_VAL);
        tf_event(&file, 1700000000.0 + step, step, &summary);
        md_buf_free(&summary);
    }
    return file;
}

static md_store *load_events(const md_buf *file, md_diags *diags)
{
    return load_bytes("events.out.tfevents.1700000000.host.1.0", file->p, file->n, MD_OK, diags);
}

START_TEST(test_tfevents_scalars)
{
    size_t starts[5];
    md_buf file = event_file(starts);
    md_store *st = load_events(&file, NULL);
    const md_input *in = md_store_input(st, 0);
    ck_assert_int_eq(in->format, MD_FMT_TFEVENTS);
    ck_assert_uint_eq(in->lines, 6);
    ck_assert_uint_eq(in->bad_records, 0);
    ck_assert(!in->cut_short);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 5);
    ck_assert_int_eq(loss->first_step, 0);
    ck_assert_int_eq(loss->last_step, 4);
    ck_assert(loss->first == 3.0 && loss->last == 1.0);
    const md_series *acc = series(st, "accuracy");
    ck_assert_uint_eq(acc->count, 5);
    ck_assert(acc->last == 1.0);
    const md_series *val = series(st, "val_loss");
    ck_assert_uint_eq(val->count, 2);
    ck_assert_int_eq(val->first_step, 2);
    ck_assert(val->last == 2.5);
    ck_assert_uint_eq(in->time.stamps, 5);
    md_store_free(st);
    md_buf_free(&file);
}
END_TEST

/* A scalar at a negative step (a writer's step counter that starts below
 * 0, a global_step of -1 before the first update) is read like any: a NaN
 * there is a NaN of the run. */
START_TEST(test_tfevents_negative_step)
{
    md_buf file = {0};
    tf_event(&file, 1700000000.0, 0, NULL);
    static const struct {
        int64_t step;
        float loss;
    } events[] = {{-1, 2.5f}, {1, 2.0f}, {2, 1.5f}, {-3, NAN}, {3, 1.25f}};
    for (size_t i = 0; i < MD_COUNT(events); i++) {
        md_buf summary = {0};
        summary_value(&summary, "train/loss", events[i].loss, SIMPLE_VALUE);
        tf_event(&file, 1700000000.0 + (double)i, events[i].step, &summary);
        md_buf_free(&summary);
    }
    md_store *st = load_events(&file, NULL);
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 5);
    ck_assert_uint_eq(loss->nan, 1);
    ck_assert(loss->first == 2.5f && loss->last == 1.25);
    md_store_free(st);
    md_buf_free(&file);
}
END_TEST

START_TEST(test_tfevents_corrupt_record)
{
    size_t starts[5];
    md_buf file = event_file(starts);
    file.p[starts[2] + 20] ^= 0x40; /* inside step 2's data */
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_events(&file, &diags);
    ck_assert_uint_eq(md_store_input(st, 0)->bad_records, 1);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "1 corrupt record skipped"));
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->last_step, 4);
    ck_assert_uint_eq(series(st, "val_loss")->count, 1);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&file);
}
END_TEST

START_TEST(test_tfevents_corrupt_length)
{
    size_t starts[5];
    md_buf file = event_file(starts);
    file.p[starts[3] + 9] ^= 0x01; /* the CRC of step 3's length */
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_events(&file, &diags);
    /* The reader finds the next record where a length and its CRC agree
     * again: only step 3 is lost. */
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "record 5 has a corrupt length; "));
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "bytes were skipped to the next record"));
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->last_step, 4);
    ck_assert(!md_store_input(st, 0)->cut_short);
    md_store_free(st);
    md_diags_free(&diags);

    /* A hole of zeros longer than the search reads at a time, between
     * two records: every record is read, the hole's bytes counted. */
    md_buf holed = {0};
    md_buf_put(&holed, file.p, starts[3]);
    for (int i = 0; i < 300000; i++)
        md_buf_putc(&holed, '\0');
    md_buf_put(&holed, file.p + starts[3], file.n - starts[3]);
    holed.p[300000 + starts[3] + 9] ^= 0x01; /* step 3's length intact again */
    md_diags_init(&diags);
    st = load_events(&holed, &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "300000 bytes were skipped to the next record"));
    ck_assert_uint_eq(series(st, "loss")->count, 5);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&holed);

    /* The last record's: nothing follows, and the input was cut short. */
    file.p[starts[3] + 9] ^= 0x01;
    file.p[starts[4] + 9] ^= 0x01;
    md_diags_init(&diags);
    st = load_events(&file, &diags);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "no record follows it"));
    /* One warning says so: no count of corrupt records, no cut record. */
    ck_assert_uint_eq(diags.n, 1);
    ck_assert_uint_eq(series(st, "loss")->count, 4);
    ck_assert(md_store_input(st, 0)->cut_short);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&file);
}
END_TEST

START_TEST(test_tfevents_cut_short)
{
    size_t starts[5];
    md_buf file = event_file(starts);
    file.n -= 7; /* inside the last record */
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_events(&file, &diags);
    ck_assert(md_store_input(st, 0)->cut_short);
    ck_assert_uint_eq(md_store_input(st, 0)->bad_records, 0);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "cut short"));
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 4);
    ck_assert_int_eq(loss->last_step, 3);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&file);
}
END_TEST

/* ---- W&B run files -------------------------------------------------- */

/* A record in chunks as wandb's datastore writes them: none crosses a
 * 32 KiB block, and a block's tail under 7 bytes is zeros. */
static void wb_record(md_buf *file, const md_buf *rec)
{
    size_t done = 0;
    do {
        size_t left = 32768 - file->n % 32768;
        if (left < 7) {
            put_le(file, 0, (int)left);
            left = 32768;
        }
        size_t n = rec->n - done < left - 7 ? rec->n - done : left - 7;
        bool first = done == 0, last = done + n == rec->n;
        unsigned char type = first && last ? 1 : first ? 2 : last ? 4 : 3;
        uLong crc = crc32(crc32(0L, Z_NULL, 0), &type, 1);
        crc = crc32(crc, (const Bytef *)rec->p + done, (uInt)n);
        put_le(file, crc, 4);
        put_le(file, n, 2);
        md_buf_putc(file, (char)type);
        md_buf_put(file, rec->p + done, n);
        done += n;
    } while (done < rec->n);
}

/* A HistoryItem: a key, or its parts as nested_key ("a/b" as "a", "b"). */
static void wb_item(md_buf *history, const char *key, bool nested, const char *json)
{
    md_buf item = {0};
    if (nested) {
        for (const char *p = key, *slash; *p; p = slash ? slash + 1 : p + strlen(p)) {
            slash = strchr(p, '/');
            pb_bytes(&item, 2, p, slash ? (size_t)(slash - p) : strlen(p));
        }
    } else {
        pb_bytes(&item, 1, key, strlen(key));
    }
    pb_bytes(&item, 16, json, strlen(json));
    pb_bytes(history, 1, item.p, item.n);
    md_buf_free(&item);
}

/* 40 wandb.log() calls of an HF run: _step first, as W&B orders it, then
 * train/global_step 10, 20, ... (nested keys, as wandb 0.18 writes them),
 * the loss, which is NaN from the 31st call, and a histogram. Between
 * them, console output and, after the 20th, a table large enough to span
 * three blocks. starts[k] receives the offset of call k's record. */
static md_buf wandb_file(size_t starts[40])
{
    md_buf file = {0}, rec = {0}, history = {0};
    md_buf_put(&file, ":W&B\xe1\xbe\x00", 7);
    for (int k = 0; k < 40; k++) {
        char step[32], loss[32], stamp[32];
        snprintf(step, sizeof step, "%d", 10 * (k + 1));
        snprintf(loss, sizeof loss, k >= 30 ? "NaN" : "%.4f", 2.0 - 0.03 * k);
        snprintf(stamp, sizeof stamp, "%.3f", 1.7e9 + 60.0 * k);
        md_buf_reset(&history);
        snprintf(loss + 16, 16, "%d", k);
        wb_item(&history, "_step", false, loss + 16);
        wb_item(&history, "train/global_step", true, step);
        wb_item(&history, "train/loss", k % 2 == 0, loss);
        wb_item(&history, "_timestamp", false, stamp);
        wb_item(&history, "_runtime", false, "61.5");
        wb_item(&history, "train/grads", false, "{\"_type\": \"histogram\", \"values\": [1, 2]}");
        md_buf_reset(&rec);
        pb_key(&rec, 1, 0);
        pb_varint(&rec, (uint64_t)k + 1);
        pb_bytes(&rec, 2, history.p, history.n);
        starts[k] = file.n;
        wb_record(&file, &rec);

        md_buf_reset(&rec);
        pb_bytes(&rec, 13, "\x08\x01\x1a\x0floss: 9.9 eaten", 19); /* output_raw: not read */
        wb_record(&file, &rec);
        if (k == 20) {
            md_buf big = {0};
            for (int i = 0; i < 12000; i++)
                md_buf_puts(&big, "7.25, ");
            md_buf_reset(&history);
            wb_item(&history, "samples", false, md_buf_cstr(&big));
            md_buf_reset(&rec);
            pb_bytes(&rec, 2, history.p, history.n);
            wb_record(&file, &rec);
            md_buf_free(&big);
        }
    }
    md_buf_free(&rec);
    md_buf_free(&history);
    return file;
}

static md_store *load_wandb(const md_buf *file, md_diags *diags)
{
    return load_bytes("run-abc123.wandb", file->p, file->n, MD_OK, diags);
}

START_TEST(test_wandb_history)
{
    size_t starts[40];
    md_buf file = wandb_file(starts);
    ck_assert_uint_gt(file.n, 2 * 32768);
    md_store *st = load_wandb(&file, NULL);
    const md_input *in = md_store_input(st, 0);
    ck_assert_int_eq(in->format, MD_FMT_WANDB);
    ck_assert_uint_eq(in->lines, 81);
    ck_assert_uint_eq(in->bad_records, 0);
    ck_assert(!in->cut_short);
    const md_series *loss = series(st, "loss");
    ck_assert(!loss->ordinal);
    ck_assert_uint_eq(loss->count, 40);
    ck_assert_int_eq(loss->first_step, 10);
    ck_assert_int_eq(loss->last_step, 400);
    ck_assert_uint_eq(loss->nan, 10);
    ck_assert_int_eq(loss->first_nonfinite_step, 310);
    ck_assert(fabs(loss->first - 2.0) < 1e-12);
    ck_assert_uint_eq(in->time.stamps, 40);
    ck_assert_ptr_null(md_store_find(st, "runtime"));
    ck_assert_ptr_null(md_store_find(st, "train_grads"));
    ck_assert_ptr_null(md_store_find(st, "samples"));
    md_store_free(st);
    md_buf_free(&file);
}
END_TEST

/* A StatsRecord of W&B's system metrics: a timestamp and the items. */
static void wb_stats(md_buf *file, const char *const *kv, size_t n)
{
    md_buf stats = {0}, item = {0}, rec = {0};
    pb_bytes(&stats, 2, "\x08\x80\xde\xab\xa9\x06", 6); /* timestamp: seconds */
    for (size_t i = 0; i + 1 < n; i += 2) {
        md_buf_reset(&item);
        pb_bytes(&item, 1, kv[i], strlen(kv[i]));
        pb_bytes(&item, 16, kv[i + 1], strlen(kv[i + 1]));
        pb_bytes(&stats, 3, item.p, item.n);
    }
    pb_bytes(&rec, 7, stats.p, stats.n);
    wb_record(file, &rec);
    md_buf_free(&stats);
    md_buf_free(&item);
    md_buf_free(&rec);
}

/* System metrics sampled between the history's calls are placed at the
 * step it reached: GPU 0's utilisation (percent) and allocated memory
 * (bytes). The six samples before the first step (the model loading) have
 * no place, and the other system metrics (GPU 1's among them: W&B samples
 * the machine's GPUs, not the run's) are not read. */
START_TEST(test_wandb_system_metrics)
{
    static const char *const loading[] = {"gpu.0.gpu", "0", "gpu.0.memoryAllocatedBytes", "1073741824"};
    static const char *const busy[] = {"gpu.0.gpu", "35", "gpu.0.memoryAllocatedBytes", "4294967296",
                                       "gpu.0.temp", "61", "gpu.1.gpu", "97", "cpu", "12.5"};
    md_buf file = {0}, rec = {0}, history = {0};
    md_buf_put(&file, ":W&B\xe1\xbe\x00", 7);
    for (int k = 0; k < 6; k++)
        wb_stats(&file, loading, MD_COUNT(loading));
    for (int k = 1; k <= 12; k++) {
        char step[16];
        snprintf(step, sizeof step, "%d", 10 * k);
        md_buf_reset(&history);
        wb_item(&history, "train/global_step", true, step);
        wb_item(&history, "train/loss", true, "1.5");
        md_buf_reset(&rec);
        pb_bytes(&rec, 2, history.p, history.n);
        wb_record(&file, &rec);
        wb_stats(&file, busy, MD_COUNT(busy));
        wb_stats(&file, busy, MD_COUNT(busy));
    }
    md_store *st = load_wandb(&file, NULL);
    const md_series *util = series(st, "gpu_util");
    ck_assert_uint_eq(util->count, 24);
    ck_assert_int_eq(util->first_step, 10);
    ck_assert_int_eq(util->last_step, 120);
    ck_assert(fabs(util->min - 0.35) < 1e-12 && fabs(util->max - 0.35) < 1e-12);
    const md_series *mem = series(st, "memory");
    ck_assert_uint_eq(mem->count, 24);
    ck_assert(fabs(mem->min - 4.0) < 1e-12);
    ck_assert_uint_eq(md_store_nseries(st), 3);
    md_store_free(st);
    md_buf_free(&file);
    md_buf_free(&rec);
    md_buf_free(&history);
}
END_TEST

/* The console in a run file comes in pieces of the stream: a traceback's
 * lines split anywhere still make a crash, at the step the history had
 * reached; its printed loss is not read again. */
START_TEST(test_wandb_console_events)
{
    size_t starts[40];
    md_buf file = wandb_file(starts);
    static const char *const pieces[] = {"{'loss': 5.5}\nTraceback (most recent call last):\n  File \"train.py\", line ",
                                         "9, in <module>\n    main()\ntorch.OutOfMemoryError: CUDA out of memory. ",
                                         "Tried to allocate 2.00 GiB\n"};
    md_buf rec = {0}, out = {0};
    for (size_t i = 0; i < MD_COUNT(pieces); i++) {
        md_buf_reset(&out);
        pb_key(&out, 1, 0);
        pb_varint(&out, 0); /* stderr */
        pb_bytes(&out, 3, pieces[i], strlen(pieces[i]));
        md_buf_reset(&rec);
        pb_bytes(&rec, 13, out.p, out.n);
        wb_record(&file, &rec);
    }
    md_store *st = load_wandb(&file, NULL);
    const md_event *crash = event(st, "exception");
    ck_assert_uint_eq(crash->count, 1);
    ck_assert_int_eq(crash->last_step, 400);
    ck_assert_ptr_nonnull(md_store_find_event(st, "cuda_oom"));
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 40);
    ck_assert_uint_eq(loss->nan, 10);
    md_store_free(st);

    /* The run's directory: files/output.log holds the same console, and
     * the crash is counted once. */
    char *dir = t_tmpdir();
    md_buf sub = {0};
    md_buf_printf(&sub, "%s/files", dir);
    ck_assert_int_eq(mkdir(md_buf_cstr(&sub), 0755), 0);
    free(t_write(dir, "run-abc123.wandb", file.p, file.n));
    md_buf text = {0};
    for (size_t i = 0; i < MD_COUNT(pieces); i++)
        md_buf_puts(&text, pieces[i]);
    free(t_write(md_buf_cstr(&sub), "output.log", text.p, text.n));
    st = load_path(dir, MD_OK, NULL);
    ck_assert_uint_eq(event(st, "exception")->count, 1);
    ck_assert_uint_eq(series(st, "loss")->count, 40);
    md_store_free(st);
    t_rmtree(dir);
    free(dir);
    md_buf_free(&sub);
    md_buf_free(&text);
    md_buf_free(&rec);
    md_buf_free(&out);
    md_buf_free(&file);
}
END_TEST

START_TEST(test_wandb_corrupt_and_cut_short)
{
    size_t starts[40];
    md_buf file = wandb_file(starts);
    file.p[starts[5] + 12] ^= 0x40; /* inside the 6th call's data */
    file.n = starts[39] + 20;        /* inside the last call's record */
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = load_wandb(&file, &diags);
    const md_input *in = md_store_input(st, 0);
    ck_assert_uint_eq(in->bad_records, 1);
    ck_assert(in->cut_short);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "1 corrupt record skipped"));
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "cut short"));
    const md_series *loss = series(st, "loss");
    ck_assert_uint_eq(loss->count, 38);
    ck_assert_int_eq(loss->last_step, 390);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&file);
}
END_TEST

START_TEST(test_tfevents_gzip)
{
    size_t starts[5];
    md_buf file = event_file(starts);
    char *dir = t_tmpdir();
    char *path = t_path(dir, "events.out.tfevents.gz");
    gzFile gz = gzopen(path, "wb");
    ck_assert_ptr_nonnull(gz);
    ck_assert_int_eq(gzwrite(gz, file.p, (unsigned)file.n), (int)file.n);
    ck_assert_int_eq(gzclose(gz), Z_OK);
    md_store *st = load_path(path, MD_OK, NULL);
    ck_assert_uint_eq(series(st, "loss")->count, 5);
    md_store_free(st);
    free(path);
    t_rmtree(dir);
    free(dir);
    md_buf_free(&file);
}
END_TEST

Suite *suite_reader(void)
{
    Suite *s = suite_create("reader");
    TCase *kv = tcase_create("kv");
    tcase_add_test(kv, test_kv_hf_dict);
    tcase_add_test(kv, test_kv_terse);
    tcase_add_test(kv, test_kv_mindspore);
    tcase_add_test(kv, test_kv_command_line);
    tcase_add_test(kv, test_kv_verb_is_no_key);
    tcase_add_test(kv, test_kv_indexed_value);
    tcase_add_test(kv, test_kv_lists);
    tcase_add_test(kv, test_kv_remarks_and_sets);
    tcase_add_test(kv, test_kv_speedrun);
    tcase_add_test(kv, test_kv_megatron);
    tcase_add_test(kv, test_kv_keras);
    tcase_add_test(kv, test_kv_angle_brackets);
    tcase_add_test(kv, test_kv_epoch_bracket);
    tcase_add_test(kv, test_kv_build_nanogpt);
    tcase_add_test(kv, test_kv_space_separated);
    tcase_add_test(kv, test_kv_custom_console);
    tcase_add_test(kv, test_kv_python_logging);
    tcase_add_test(kv, test_kv_darknet);
    tcase_add_test(kv, test_kv_epoch_count);
    tcase_add_test(kv, test_kv_leading_count_field);
    tcase_add_test(kv, test_kv_step_name_value);
    tcase_add_test(kv, test_kv_units_and_specials);
    tcase_add_test(kv, test_kv_thousands_groups);
    tcase_add_test(kv, test_kv_glued_bracket);
    tcase_add_test(kv, test_kv_mmengine);
    tcase_add_test(kv, test_kv_openmmlab_memory);
    tcase_add_test(kv, test_kv_imagenet_family);
    tcase_add_test(kv, test_kv_epoch_counts_in_parens);
    tcase_add_test(kv, test_kv_fasttext_progress);
    tcase_add_test(kv, test_kv_mxnet_module);
    tcase_add_test(kv, test_kv_loss_terms_after_blanks);
    tcase_add_test(kv, test_kv_espnet_epoch_batches);
    tcase_add_test(kv, test_kv_timespan_in_words);
    tcase_add_test(kv, test_kv_estimator_evaluation_summary);
    tcase_add_test(kv, test_kv_rich_bar);
    tcase_add_test(kv, test_kv_printed_tensors);
    tcase_add_test(kv, test_kv_bracketed_names);
    tcase_add_test(kv, test_kv_clu_step);
    tcase_add_test(kv, test_kv_marian);
    tcase_add_test(kv, test_kv_nanotron_logger_tag);
    tcase_add_test(kv, test_kv_seconds_per_step_after_value);
    tcase_add_test(kv, test_kv_prose_is_not_metrics);
    tcase_add_test(kv, test_kv_respects_cap);
    tcase_add_test(kv, test_kv_settings_lines);
    suite_add_tcase(s, kv);

    TCase *lines = tcase_create("bars_and_stamps");
    tcase_add_test(lines, test_tqdm_hf_bar);
    tcase_add_test(lines, test_tqdm_seconds_per_it);
    tcase_add_test(lines, test_tqdm_colab_bar_without_cells);
    tcase_add_test(lines, test_tqdm_without_total);
    tcase_add_test(lines, test_tqdm_lightning_postfix);
    tcase_add_test(lines, test_tqdm_items_per_second);
    tcase_add_test(lines, test_tqdm_postfix_without_rate);
    tcase_add_test(lines, test_tqdm_behind_relay_tags);
    tcase_add_test(lines, test_tqdm_not_a_bar);
    tcase_add_test(lines, test_tqdm_description_ends_in_epoch);
    tcase_add_test(lines, test_timestamps);
    tcase_add_test(lines, test_timestamp_glog);
    tcase_add_test(lines, test_timestamp_possible);
    tcase_add_test(lines, test_shapes);
    tcase_add_test(lines, test_shapes_layout_bytes);
    tcase_add_test(lines, test_no_timestamp);
    suite_add_tcase(s, lines);

    TCase *text = tcase_create("text");
    tcase_add_test(text, test_keras_evaluate_after_fit);
    tcase_add_test(text, test_syslog_octal_escapes);
    tcase_add_test(text, test_first_dict_before_any_bar);
    tcase_add_test(text, test_ruled_tables);
    tcase_add_test(text, test_flower_history);
    tcase_add_test(text, test_hf_string_valued_dicts);
    tcase_add_test(text, test_fuxictr_final_evaluations);
    tcase_add_test(text, test_mmseg_decode_accuracy);
    tcase_add_test(text, test_stgcn_batches_in_epoch);
    tcase_add_test(text, test_chatter_places_nothing);
    tcase_add_test(text, test_paddle_eval_block);
    tcase_add_test(text, test_repeated_after_evaluation);
    tcase_add_test(text, test_bare_key_after_evaluation_set);
    tcase_add_test(text, test_coco_summary);
    tcase_add_test(text, test_leading_batch_count);
    tcase_add_test(text, test_leading_batch_count_before_epoch);
    tcase_add_test(text, test_set_loss_iteration);
    tcase_add_test(text, test_vits_loss_list);
    tcase_add_test(text, test_composer_block);
    tcase_add_test(text, test_nanogpt_mfu_unmeasured);
    tcase_add_test(text, test_mmengine_resumed);
    tcase_add_test(text, test_basic_logging_prefix);
    tcase_add_test(text, test_lerobot_line);
    tcase_add_test(text, test_last_number_cut_at_the_end);
    tcase_add_test(text, test_decimal_comma_log);
    tcase_add_test(text, test_binary_pieces_in_a_log);
    tcase_add_test(text, test_structured_input_crash_tail);
    tcase_add_test(text, test_coqui_timed_header);
    tcase_add_test(text, test_evaluation_after_its_kind);
    tcase_add_test(text, test_rl_games_fps);
    tcase_add_test(text, test_dreamer_fields);
    tcase_add_test(text, test_count_before_value);
    tcase_add_test(text, test_basicsr_lines);
    tcase_add_test(text, test_deepmd_lcurve);
    tcase_add_test(text, test_slowfast_json_stats);
    tcase_add_test(text, test_table_row_note);
    tcase_add_test(text, test_decorated_step_header);
    tcase_add_test(text, test_assigned_setting_is_no_header);
    tcase_add_test(text, test_keras1_glued_closing_frame);
    tcase_add_test(text, test_loss_is_value);
    tcase_add_test(text, test_text_leading_evaluation_word);
    tcase_add_test(text, test_text_it_of_total);
    tcase_add_test(text, test_text_warning_source_line);
    tcase_add_test(text, test_text_kaldi_wer);
    tcase_add_test(text, test_text_megatron_end_of_training_summary);
    tcase_add_test(text, test_text_epoch_of_total_took);
    tcase_add_test(text, test_text_keras_headerless_first_line);
    tcase_add_test(text, test_step_name_separator_value);
    tcase_add_test(text, test_set_name_losses);
    tcase_add_test(text, test_named_loss_bar);
    tcase_add_test(text, test_evaluation_block_before_training_lines);
    tcase_add_test(text, test_rounded_global_step_gives_way);
    tcase_add_test(text, test_line_numbered_copy);
    tcase_add_test(text, test_stgcn_epochs);
    tcase_add_test(text, test_counts_restart_after_epoch_line);
    tcase_add_test(text, test_glued_time_span);
    tcase_add_test(text, test_kerasrl_leading_count);
    tcase_add_test(text, test_pymarl_recent_stats);
    tcase_add_test(text, test_mlperf_mllog);
    tcase_add_test(text, test_icefall_grad_norm_quartiles);
    tcase_add_test(text, test_darts_lines);
    tcase_add_test(text, test_compose_prefix);
    tcase_add_test(text, test_quoted_paste);
    tcase_add_test(text, test_pytorch_quickstart);
    tcase_add_test(text, test_keras_guide_loop);
    tcase_add_test(text, test_mmpose_ap_thresholds);
    tcase_add_test(text, test_lightning_checkpoint_lines);
    tcase_add_test(text, test_training_count_bracket);
    tcase_add_test(text, test_num_epoch_setting);
    tcase_add_test(text, test_evaluation_namespace);
    tcase_add_test(text, test_set_bracket_and_vali);
    tcase_add_test(text, test_optuna_trials);
    tcase_add_test(text, test_flower_rounds);
    tcase_add_test(text, test_error_words_guessed);
    tcase_add_test(text, test_timm_evaluation);
    tcase_add_test(text, test_rates_named_after_values);
    tcase_add_test(text, test_deepxde_table);
    tcase_add_test(text, test_flair_epochs);
    tcase_add_test(text, test_json_quoted_decimals);
    tcase_add_test(text, test_jsonl_nonfinite_spellings);
    tcase_add_test(text, test_best_so_far_line);
    tcase_add_test(text, test_stylegan_ticks);
    tcase_add_test(text, test_timed_value_is_no_loss);
    tcase_add_test(text, test_text_ansi_bars_and_nan);
    tcase_add_test(text, test_text_nemo_bar);
    tcase_add_test(text, test_text_nemo_bar_unfilled_loss);
    tcase_add_test(text, test_text_crlf);
    tcase_add_test(text, test_text_long_line_cut);
    tcase_add_test(text, test_text_long_line_start_read);
    tcase_add_test(text, test_text_redraws_only);
    tcase_add_test(text, test_text_mpi_tagged_ranks);
    tcase_add_test(text, test_text_ray_worker_prefix);
    tcase_add_test(text, test_text_monai_research_trainer);
    tcase_add_test(text, test_text_metriclogger_averaged_stats);
    tcase_add_test(text, test_text_pips_times);
    tcase_add_test(text, test_text_rllib_pretty_print);
    tcase_add_test(text, test_text_traceback_logger_prefix);
    tcase_add_test(text, test_text_srun_labels);
    tcase_add_test(text, test_text_srun_labels_by_line);
    tcase_add_test(text, test_text_event_on_its_step_line);
    tcase_add_test(text, test_text_constructor_line);
    tcase_add_test(text, test_text_traceback_exception);
    tcase_add_test(text, test_text_traceback_glued_exception);
    tcase_add_test(text, test_text_rich_traceback_headless);
    tcase_add_test(text, test_text_error_message_figures);
    tcase_add_test(text, test_text_chained_traceback_with_rank_prefix);
    tcase_add_test(text, test_text_cuda_oom_fields);
    tcase_add_test(text, test_text_cuda_oom_fields_listed);
    tcase_add_test(text, test_text_oom_other_frameworks);
    tcase_add_test(text, test_text_ignored_exceptions);
    tcase_add_test(text, test_text_traceback_cut_short);
    tcase_add_test(text, test_text_around_bars);
    tcase_add_test(text, test_text_glued_rank_lines);
    tcase_add_test(text, test_text_markdown_table);
    tcase_add_test(text, test_text_unframed_table);
    tcase_add_test(text, test_text_keras_epoch_headers);
    tcase_add_test(text, test_text_keras_bars_count_batches);
    tcase_add_test(text, test_caret_escaped_redraws);
    tcase_add_test(text, test_bar_per_epoch_same_count);
    tcase_add_test(text, test_sklearn_linear_lines);
    tcase_add_test(text, test_text_more_console_shapes);
    tcase_add_test(text, test_text_column_tables);
    tcase_add_test(text, test_text_column_empty_cells);
    tcase_add_test(text, test_text_table_nan_placeholders);
    tcase_add_test(text, test_dl4j_score_lines);
    tcase_add_test(text, test_text_values_under_epoch_line);
    tcase_add_test(text, test_text_ruled_tables);
    tcase_add_test(text, test_text_yolo_validation);
    tcase_add_test(text, test_text_keras_backspace_redraws);
    tcase_add_test(text, test_text_allennlp_epoch_table);
    tcase_add_test(text, test_text_allennlp_bars);
    tcase_add_test(text, test_wenet_scan);
    tcase_add_test(text, test_text_wenet_batches);
    tcase_add_test(text, test_text_hf_bar_places_dicts);
    tcase_add_test(text, test_text_hf_headerless_bar_places_dicts);
    tcase_add_test(text, test_text_hf_dicts_are_entries);
    tcase_add_test(text, test_text_imagenet_evaluation);
    tcase_add_test(text, test_text_caffe_solver);
    tcase_add_test(text, test_text_espnet_learning_rates);
    tcase_add_test(text, test_text_pix2pix_loss_log);
    tcase_add_test(text, test_text_pprint_arguments_are_settings);
    tcase_add_test(text, test_text_paddleocr_evaluations);
    tcase_add_test(text, test_text_olmo_and_wenet);
    tcase_add_test(text, test_text_lightning_postfix_evaluation_once);
    tcase_add_test(text, test_text_lightning_postfix_nan_evaluation_once);
    tcase_add_test(text, test_text_lightning_checkpoint_global_step);
    tcase_add_test(text, test_text_lightning_bar_postfix);
    tcase_add_test(text, test_text_lightning_bar_epochs);
    tcase_add_test(text, test_text_steps_bar);
    tcase_add_test(text, test_text_trainers_own_names);
    tcase_add_test(text, test_text_verl_validation);
    tcase_add_test(text, test_text_rlhf_reward_line);
    tcase_add_test(text, test_text_eval_line_at_step_reached);
    tcase_add_test(text, test_text_psql_trial_table);
    tcase_add_test(text, test_text_trial_table_config_words);
    tcase_add_test(text, test_text_boxed_trial_table);
    tcase_add_test(text, test_text_dict_after_bar);
    tcase_add_test(text, test_text_test_set_line);
    tcase_add_test(text, test_text_leading_set_field);
    tcase_add_test(text, test_text_task_loss);
    tcase_add_test(text, test_text_fairseq_set_fields);
    tcase_add_test(text, test_text_settings_lines);
    tcase_add_test(text, test_text_marian);
    tcase_add_test(text, test_text_tf_object_detection);
    tcase_add_test(text, test_text_sb3_boxes);
    tcase_add_test(text, test_text_rsl_rl_block);
    tcase_add_test(text, test_text_recbole_result);
    tcase_add_test(text, test_text_epoch_glued_count);
    tcase_add_test(text, test_text_coqui_blocks);
    suite_add_tcase(s, text);

    TCase *tables = tcase_create("csv_json_mlflow");
    tcase_add_test(tables, test_notebook_data_table);
    tcase_add_test(tables, test_notebook_outputs);
    tcase_add_test(tables, test_stats_jsonl_means);
    tcase_add_test(tables, test_chainer_log_report);
    tcase_add_test(tables, test_csv_lightning_sparse);
    tcase_add_test(tables, test_csv_gym_monitor);
    tcase_add_test(tables, test_csv_tensorboard_scalar_export);
    tcase_add_test(tables, test_csv_long_form);
    tcase_add_test(tables, test_csv_quoted_fields);
    tcase_add_test(tables, test_csv_ragged_rows);
    tcase_add_test(tables, test_csv_duplicate_names);
    tcase_add_test(tables, test_csv_header_again);
    tcase_add_test(tables, test_jsonl_date_key);
    tcase_add_test(tables, test_jsonl_clock_spans);
    tcase_add_test(tables, test_jsonl_quoted_step);
    tcase_add_test(tables, test_jsonl_cut_short);
    tcase_add_test(tables, test_jsonl_nan_payload);
    tcase_add_test(tables, test_names_apart_after_cleaning);
    tcase_add_test(tables, test_hf_predict_records);
    tcase_add_test(tables, test_trainer_state_best_checkpoint);
    tcase_add_test(tables, test_text_ppo_entropy_per_token);
    tcase_add_test(tables, test_csv_unclosed_quote);
    tcase_add_test(tables, test_csv_tsv);
    tcase_add_test(tables, test_csv_constant_epoch);
    tcase_add_test(tables, test_csv_yolo_component_totals);
    tcase_add_test(tables, test_json_trainer_state_nonfinite);
    tcase_add_test(tables, test_json_truncated_trainer_state);
    tcase_add_test(tables, test_json_invalid_document);
    tcase_add_test(tables, test_jsonl_bad_lines);
    tcase_add_test(tables, test_json_nested_objects);
    tcase_add_test(tables, test_json_wandb_summary);
    tcase_add_test(tables, test_json_two_spellings_stay_apart);
    tcase_add_test(tables, test_json_megatron_golden_values);
    tcase_add_test(tables, test_json_columns);
    tcase_add_test(tables, test_csv_wandb_panel_export);
    tcase_add_test(tables, test_csv_nvidia_smi_units);
    tcase_add_test(tables, test_csv_nvidia_smi_gpus);
    tcase_add_test(tables, test_jsonl_long_first_line);
    tcase_add_test(tables, test_jsonl_cr_only);
    tcase_add_test(tables, test_jsonl_lone_surrogate);
    tcase_add_test(tables, test_jsonl_wandb_step_gives_way);
    tcase_add_test(tables, test_json_arrays_of_records);
    tcase_add_test(tables, test_mlflow_metric_file);
    tcase_add_test(tables, test_utf8_bom);
    tcase_add_test(tables, test_utf16_log);
    tcase_add_test(tables, test_nul_holes);
    tcase_add_test(tables, test_jsonl_llamafactory);
    tcase_add_test(tables, test_jsonl_detr_coco_map);
    tcase_add_test(tables, test_paddle_maxtext_timings);
    tcase_add_test(tables, test_xgboost_eval_lines);
    tcase_add_test(tables, test_text_numbered_lines_keep_their_step);
    tcase_add_test(tables, test_text_numbered_paste_cut_in_first_number);
    tcase_add_test(tables, test_text_annotation_after_arrow);
    tcase_add_test(tables, test_text_stylegan_metric_record);
    tcase_add_test(tables, test_text_keras_bars_without_header);
    tcase_add_test(tables, test_text_keras_frames_on_one_line);
    tcase_add_test(tables, test_text_bracketed_epoch_bar);
    tcase_add_test(tables, test_text_fairseq_lua_updates);
    tcase_add_test(tables, test_step_lines_pass_no_literal);
    tcase_add_test(tables, test_text_eval_results_block);
    tcase_add_test(tables, test_text_estimator_evaluation);
    tcase_add_test(tables, test_text_watchdog_numbers);
    tcase_add_test(tables, test_text_rank0_first_words);
    tcase_add_test(tables, test_text_only_a_later_rank_logs_values);
    tcase_add_test(tables, test_text_trainer_metrics_block);
    tcase_add_test(tables, test_text_estimator_rates);
    tcase_add_test(tables, test_lightgbm_eval_lines);
    tcase_add_test(tables, test_lightgbm_r_eval_lines);
    tcase_add_test(tables, test_catboost_lines);
    tcase_add_test(tables, test_catboost_score_metric);
    tcase_add_test(tables, test_catboost_info_files);
    tcase_add_test(tables, test_bracket_count_is_a_step_only_as_tools_write_it);
    suite_add_tcase(s, tables);

    TCase *files = tcase_create("sources");
    tcase_add_test(files, test_gzip_inputs);
    tcase_add_test(files, test_gzip_cut_short);
    tcase_add_test(files, test_gzip_concatenated_members);
    tcase_add_test(files, test_gzip_zero_padding);
    tcase_add_test(files, test_directory_run);
    tcase_add_test(files, test_directory_without_logs);
    tcase_add_test(files, test_missing_and_binary_files);
    suite_add_tcase(s, files);

    TCase *events = tcase_create("events");
    tcase_add_test(events, test_repeat_scan);
    tcase_add_loop_test(events, test_event_signatures, 0, (int)MD_COUNT(event_lines));
    tcase_add_test(events, test_event_after_long_prefix);
    tcase_add_loop_test(events, test_event_traps, 0, (int)MD_COUNT(event_traps));
    tcase_add_test(events, test_events_quiet_on_healthy_log);
    tcase_add_test(events, test_event_size_fields);
    suite_add_tcase(s, events);

    TCase *tf = tcase_create("tfevents");
    tcase_add_test(tf, test_tfevents_scalars);
    tcase_add_test(tf, test_tfevents_negative_step);
    tcase_add_test(tf, test_tfevents_corrupt_record);
    tcase_add_test(tf, test_tfevents_corrupt_length);
    tcase_add_test(tf, test_tfevents_cut_short);
    tcase_add_test(tf, test_tfevents_gzip);
    tcase_add_test(tf, test_wandb_history);
    tcase_add_test(tf, test_wandb_corrupt_and_cut_short);
    tcase_add_test(tf, test_wandb_console_events);
    tcase_add_test(tf, test_wandb_system_metrics);
    suite_add_tcase(s, tf);
    return s;
}
