/* YOLOv5 (before 6.0) and YOLOv7 write results.txt with no header, a row
 * an epoch of fifteen columns, padded to ten characters each:
 *
 *   2/54 14G 0.01742 0.001594 0 0.01901 18 640 0.6718 0.5404 0.61 0.2602 0.01777 0.003208 0
 *
 * the epoch and the last epoch, the GPU memory reserved, the training
 * box, objectness, classification and total losses, the labels of the
 * last batch, the image size, then the validation's precision, recall,
 * mAP@0.5, mAP@0.5:0.95 and its box, objectness and classification
 * losses. The columns are named as YOLOv5's later results.csv names them,
 * so that both read alike; the total, the labels and the image size are
 * not read (the catalog sums the loss's terms).
 *
 * ultralytics/yolov3 (2019-2020) wrote the same fifteen columns with its
 * F1 where mAP@0.5:0.95 stands: told by the first row whose precision and
 * recall are not both 0, the twelfth column being 2PR / (P + R) there
 * (rows before it keep YOLOv5's names). */
#include <math.h>
#include <string.h>

#include "reader/reader_int.h"

#define YOLO_COLUMNS 15

static const char *const names[YOLO_COLUMNS] = {
    NULL,
    NULL,
    "train/box_loss",
    "train/obj_loss",
    "train/cls_loss",
    NULL,
    NULL,
    NULL,
    "metrics/precision",
    "metrics/recall",
    "metrics/mAP_0.5",
    "metrics/mAP_0.5:0.95",
    "val/box_loss",
    "val/obj_loss",
    "val/cls_loss",
};

/* The next blank-separated field of t from *p on. */
static md_str next_field(md_str t, size_t *p)
{
    size_t i = *p;
    while (i < t.n && md_is_blank(t.p[i]))
        i++;
    size_t start = i;
    while (i < t.n && !md_is_blank(t.p[i]))
        i++;
    *p = i;
    return (md_str){t.p + start, i - start};
}

static bool whole_number(md_str f, double *v)
{
    return f.n > 0 && md_num_scan(f.p, f.p + f.n, v) == f.n && *v >= 0 && *v == floor(*v);
}

/* Printed to three or four significant digits, P and R each carry an
 * error under 0.5%, their F1 as much and its print as much again: 1.5%
 * holds them all. An mAP@0.5:0.95 that close to the F1 on the first row
 * that tells is a coincidence of one in many runs. */
#define F1_TOLERANCE 0.015

static md_yolo_layout layout_of(const double *v)
{
    double p = v[8], r = v[9], twelfth = v[11];
    if (!(p + r > 0))
        return MD_YOLO_UNTOLD;
    double f1 = 2 * p * r / (p + r);
    return fabs(twelfth - f1) <= F1_TOLERANCE * f1 ? MD_YOLO_F1 : MD_YOLO_MAP;
}

bool md_yolo_results_line(md_yolo_layout *layout, md_str t, md_feed *feed, unsigned long lineno)
{
    md_str f[YOLO_COLUMNS];
    size_t at = 0;
    for (size_t i = 0; i < YOLO_COLUMNS; i++) {
        f[i] = next_field(t, &at);
        if (f[i].n == 0) return false;
    }
    if (next_field(t, &at).n != 0) return false;
    /* "2/54": the epoch and the last. */
    const char *slash = memchr(f[0].p, '/', f[0].n);
    double epoch, last;
    if (!slash || !whole_number((md_str){f[0].p, (size_t)(slash - f[0].p)}, &epoch) ||
        !whole_number((md_str){slash + 1, (size_t)(f[0].p + f[0].n - slash - 1)}, &last) ||
        epoch > last)
        return false;
    /* "14G": GiB reserved (torch.cuda.memory_reserved() / 1E9, printed
     * with a G). */
    double mem;
    if (f[1].n < 2 || f[1].p[f[1].n - 1] != 'G' ||
        md_num_scan(f[1].p, f[1].p + f[1].n - 1, &mem) != f[1].n - 1)
        return false;
    double v[YOLO_COLUMNS];
    for (size_t i = 2; i < YOLO_COLUMNS; i++)
        if (md_num_scan(f[i].p, f[i].p + f[i].n, &v[i]) != f[i].n) return false;
    if (*layout == MD_YOLO_UNTOLD)
        *layout = layout_of(v);
    md_feed_record_begin(feed, lineno);
    md_feed_kv(feed, "epoch", 5, epoch, MD_UNIT_NONE, MD_KV_INTEGRAL | MD_KV_TOTAL, last + 1);
    md_feed_kv(feed, "gpu_mem", 7, mem, MD_UNIT_GB, 0, NAN);
    for (size_t i = 2; i < YOLO_COLUMNS; i++) {
        const char *name = i == 11 && *layout == MD_YOLO_F1 ? "val/F1" : names[i];
        if (name) md_feed_kv(feed, name, strlen(name), v[i], MD_UNIT_NONE, 0, NAN);
    }
    md_feed_record_end(feed);
    return true;
}
