/* WeNet's (and WeSpeaker's, WeKWS's) executor lines, behind the logging
 * prefix:
 *
 *   TRAIN Batch 3/1200 loss 45.3 loss_att 50.1 loss_ctc 33.2 lr 0.00012 rank 0
 *   TRAIN | steps/sec 2.345| Batch 3/1200 loss 45.3 ... lr 1.2000e-04 grad_norm 3.4 rank 0
 *   CV Batch 3/100 loss 40.1 ... history loss 41.2
 *   Epoch 3 Step 9600 CV info lr 1.2000e-04 cv_loss 40.5 rank 0 acc 0.91
 *
 * "Batch E/B" is the epoch, then the batch within it (the step is made of
 * both, as for other epoch-counted logs), since WeNet's data loader has no
 * length to count out of; before mid-2021 the line was "Batch B/T", the
 * batch out of the epoch's T. The two tell apart by which number moves
 * between lines (and an epoch's first batch is 0: "Batch E/0"); a log whose
 * first line is "Batch 0/T" is the older one. A CV batch line is the
 * running figure of an evaluation, whose summary ("CV info") follows: not
 * read. That summary's Step counts optimiser steps, not the batches the
 * TRAIN lines count, so it is placed by its epoch: at the step the epoch's
 * training reached. */
#include <string.h>

#include "reader/reader_int.h"

/* The tag as a word of its own: at the start or after a blank. */
static const char *find_tag(md_str line, const char *tag)
{
    size_t n = strlen(tag);
    const char *end = line.p + line.n;
    for (const char *p = line.p; (p = md_memmem(p, (size_t)(end - p), tag, n)) != NULL; p++)
        if (p == line.p || md_is_blank(p[-1]))
            return p + n;
    return NULL;
}

/* "A/B" of integers, then a blank. */
static const char *counts(const char *p, const char *end, double *a, double *b)
{
    size_t k = md_num_scan(p, end, a);
    if (!k || p + k >= end || p[k] != '/' || !md_is_digit(p[k + 1]))
        return NULL;
    p += k + 1;
    k = md_num_scan(p, end, b);
    return k && p + k < end && p[k] == ' ' && *a >= 0 && *b >= 0 ? p + k : NULL;
}

/* "TRAIN Batch A/B" or "TRAIN | steps/sec R| Batch A/B"; *rate is the
 * "steps/sec R" between the bars, empty when none. */
static const char *batch_line(md_str line, const char *tag, md_str *rate, double *a, double *b)
{
    const char *p = find_tag(line, tag), *end = line.p + line.n;
    *rate = (md_str){NULL, 0};
    if (!p)
        return NULL;
    if (md_text_at(p, end, "| ")) {
        const char *bar = memchr(p + 2, '|', (size_t)(end - p - 2));
        if (!bar)
            return NULL;
        *rate = (md_str){p + 2, (size_t)(bar - p - 2)};
        p = bar + 1;
        while (p < end && *p == ' ')
            p++;
    }
    return md_text_at(p, end, "Batch ") ? counts(p + 6, end, a, b) : NULL;
}

/* Which of "Batch A/B" is the epoch: a v1 line counts B the epoch's total. */
static bool batch_first(md_wenet *w, bool bars, double a, double b)
{
    if (bars || b == 0)
        w->batch_first = false;
    else if (w->seen && a == w->last_a && b != w->last_b)
        w->batch_first = false;
    else if (w->seen && b == w->last_b && a != w->last_a)
        w->batch_first = true;
    else if (!w->seen)
        w->batch_first = a == 0;
    return w->batch_first;
}

bool md_wenet_scan(md_wenet *w, md_str line, md_wenet_line *out)
{
    double a, b;
    md_str rate;
    const char *end = line.p + line.n, *rest;
    *out = (md_wenet_line){0};
    if ((rest = batch_line(line, "TRAIN ", &rate, &a, &b)) != NULL) {
        out->kind = MD_WENET_TRAIN;
        bool v1 = batch_first(w, rate.p != NULL, a, b);
        /* A v1 epoch is counted from the batch count's restarts. */
        if (v1 && w->seen && a < w->last_a)
            w->epoch++;
        out->epoch = v1 ? w->epoch : a;
        out->batch = v1 ? a : b;
        out->total = v1 ? b : -1;
        w->last_a = a;
        w->last_b = b;
        w->seen = true;
    } else if (batch_line(line, "CV ", &rate, &a, &b)) {
        out->kind = MD_WENET_CV_BATCH;
        return true;
    } else if ((rest = find_tag(line, "CV info ")) != NULL) {
        /* "Epoch E Step S CV info": the step is left out (see above). */
        const char *step = md_memmem(line.p, line.n, " Step ", 6), *epoch = find_tag(line, "Epoch ");
        if (!step || !epoch || step > rest || epoch > step || md_num_scan(epoch, end, &a) == 0)
            return false;
        out->kind = MD_WENET_CV_INFO;
        out->epoch = a;
    } else {
        return false;
    }
    out->rate = rate;
    out->pairs = (md_str){rest, (size_t)(end - rest)};
    return true;
}
