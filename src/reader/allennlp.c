/* AllenNLP's table of an epoch's metrics, logged when the epoch ends
 * (allennlp.training.tensorboard_writer before 1.0, the console_logger
 * callback since 2.0), one metric a line behind the logger's prefix:
 *
 *   ... - INFO - allennlp.training.trainer - Epoch 3/9
 *   ...
 *   ... - allennlp.training.callbacks.console_logger -                    Training |  Validation
 *   ... - allennlp.training.callbacks.console_logger - accuracy           |     0.812  |     0.714
 *   ... - allennlp.training.callbacks.console_logger - gpu_0_memory_MB    |  1234.000  |       N/A
 *   ... - allennlp.training.callbacks.console_logger - loss               |     0.412  |     0.834
 *
 * The Training column is the training set's average over the epoch, the
 * Validation column the validation set's; "N/A" where a set has no such
 * metric. A row gives the metric's plain name and "validation_<name>"
 * (as AllenNLP's metrics.json spells the validation ones), at the epoch:
 * the trainer's "Epoch N/M" before it (a resumed run starts past 0), or,
 * in a log that lost that line, one past the table before.
 *
 * Between them the trainer logs "Training" and "Validating" before each
 * loop's bar, whose description holds the loop's running averages. */
#include <string.h>

#include "reader/reader_int.h"

#define HEADER "Training |  Validation"
#define HEADER_LEN (sizeof HEADER - 1)
#define NAME_MAX 96

static md_str trim_cell(const char *p, const char *end)
{
    return md_str_trim((md_str){p, (size_t)(end - p)});
}

/* Whether the line was logged by one of AllenNLP's loggers. */
static bool allennlp_line(md_str line)
{
    return md_memmem(line.p, line.n, "allennlp.", 9) != NULL;
}

/* "... allennlp.training.trainer - Epoch 3/9": the trainer's announcement
 * of the epoch it starts, and its last one. */
static bool epoch_line(md_str line, double *epoch, double *last)
{
    static const char word[] = "- Epoch ";
    const char *end = line.p + line.n, *p = end;
    while (p > line.p && (md_is_digit(p[-1]) || p[-1] == '/'))
        p--;
    size_t k = sizeof word - 1, n = md_num_scan(p, end, epoch);
    if ((size_t)(p - line.p) < k || memcmp(p - k, word, k) != 0 || !n || p + n + 1 >= end || p[n] != '/' ||
        md_num_scan(p + n + 1, end, last) != (size_t)(end - p - n - 1))
        return false;
    return allennlp_line(line);
}

/* "... allennlp.training.gradient_descent_trainer - Training": the
 * trainer's line before an epoch's training loop, or its validation's. */
static bool phase_line(md_str line, const char *phase)
{
    size_t n = strlen(phase);
    return line.n > n + 2 && md_str_ends_with(line, phase) && memcmp(line.p + line.n - n - 2, "- ", 2) == 0 &&
           allennlp_line(line);
}

static void start_epoch(md_allennlp *a)
{
    a->epoch = a->announced ? a->next_epoch : a->started ? a->epoch + 1 : 0;
    a->announced = false;
    a->started = true;
    a->in_epoch = true;
    a->validating = false;
}

/* A cell: a number as "%8.3f" prints it (nan too), or N/A. */
static bool cell_value(md_str c, double *v, unsigned *flags, bool *absent)
{
    *absent = md_str_eq(c, "N/A");
    if (*absent)
        return true;
    if (!c.n || md_num_scan(c.p, c.p + c.n, v) != c.n)
        return false;
    *flags = md_kv_decimals(c.p, c.n);
    return true;
}

/* A row: the name, a '|', the training cell, a '|', the validation cell. */
static bool read_row(md_str line, md_feed *feed, unsigned long lineno, long epoch)
{
    const char *end = line.p + line.n;
    const char *bar2 = NULL, *bar1 = NULL;
    for (const char *p = end; p > line.p; p--) {
        if (p[-1] != '|')
            continue;
        if (!bar2) {
            bar2 = p - 1;
        } else {
            bar1 = p - 1;
            break;
        }
    }
    if (!bar1 || bar1 == line.p || !md_is_blank(bar1[-1]))
        return false;
    const char *name_end = bar1;
    while (name_end > line.p && md_is_blank(name_end[-1]))
        name_end--;
    const char *name = name_end;
    while (name > line.p && !md_is_blank(name[-1]) && name[-1] != '|')
        name--;
    double train = 0, val = 0;
    unsigned train_flags = 0, val_flags = 0;
    bool no_train, no_val;
    size_t n = (size_t)(name_end - name);
    if (n == 0 || n > NAME_MAX || memchr(line.p, '|', (size_t)(bar1 - line.p)) ||
        !cell_value(trim_cell(bar1 + 1, bar2), &train, &train_flags, &no_train) ||
        !cell_value(trim_cell(bar2 + 1, end), &val, &val_flags, &no_val))
        return false;
    char key[NAME_MAX + 16];
    md_feed_record_begin(feed, lineno);
    md_feed_kv(feed, "epoch", 5, (double)epoch, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    if (!no_train)
        md_feed_kv(feed, name, n, train, MD_UNIT_NONE, train_flags, NAN);
    if (!no_val) {
        memcpy(key, "validation_", 11);
        memcpy(key + 11, name, n);
        md_feed_kv(feed, key, 11 + n, val, MD_UNIT_NONE, val_flags, NAN);
    }
    md_feed_record_end(feed);
    return true;
}

/* "...                    Training |  Validation": the header, its
 * "Training" right-aligned past the longest name, no other cell before
 * it (a markdown table's header is no such line). */
static bool header_line(md_str line)
{
    size_t before = line.n - HEADER_LEN;
    return line.n > HEADER_LEN && md_str_ends_with(line, HEADER) && md_is_blank(line.p[before - 1]) &&
           !memchr(line.p, '|', before);
}

bool md_allennlp_line(md_allennlp *a, md_str line, md_feed *feed, unsigned long lineno)
{
    double epoch, last;
    if (a->open && lineno == a->last_line + 1 && read_row(line, feed, lineno, a->epoch)) {
        a->last_line = lineno;
        return true;
    }
    a->open = false;
    if (header_line(line)) {
        if (!a->in_epoch)
            start_epoch(a);
        a->in_epoch = false;
        a->validating = false;
        a->open = true;
        a->last_line = lineno;
        return true;
    }
    /* These lines are taken here, whatever else they hold, so that none is
     * read by a line shape and passes this reader by. */
    if (phase_line(line, "Training")) {
        start_epoch(a);
        return true;
    }
    if (phase_line(line, "Validating")) {
        a->validating = true;
        return true;
    }
    if (epoch_line(line, &epoch, &last)) {
        /* The record the key/value scan makes of it. */
        a->announced = true;
        a->next_epoch = (long)md_count_of(epoch);
        md_feed_record_begin(feed, lineno);
        md_feed_kv(feed, "Epoch", 5, epoch, MD_UNIT_NONE, MD_KV_INTEGRAL | MD_KV_TOTAL | MD_KV_DECIMALS(0), last);
        md_feed_record_end(feed);
        return true;
    }
    return false;
}

/* AllenNLP's bars describe themselves with the running averages of the
 * loop's metrics, ended by " ||": "accuracy: 0.61, batch_loss: 0.85, loss:
 * 0.91 ||: 10%|#  | 10/100 [...]". */
md_allennlp_bar md_allennlp_bar_of(md_allennlp *a, md_str desc)
{
    desc = md_str_trim(desc);
    if (desc.n && desc.p[desc.n - 1] == ':')
        desc.n--;
    if (desc.n < 3 || memcmp(desc.p + desc.n - 3, " ||", 3) != 0)
        return MD_ALLENNLP_NO_BAR;
    if (a->validating)
        return MD_ALLENNLP_VALIDATION_BAR;
    if (!a->in_epoch)
        start_epoch(a);
    return MD_ALLENNLP_TRAINING_BAR;
}

void md_allennlp_place_bar(const md_allennlp *a, const md_tqdm *bar, md_feed *feed)
{
    if (bar->n < 0)
        return;
    md_feed_kv(feed, "epoch", 5, (double)a->epoch, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    md_feed_kv(feed, "iter", 4, bar->n, MD_UNIT_NONE, MD_KV_INTEGRAL | (bar->total > 0 ? MD_KV_TOTAL : 0),
               bar->total > 0 ? bar->total : NAN);
}
