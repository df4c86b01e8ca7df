/* Tables of whitespace-aligned columns: a header line of names, then rows
 * of numbers under it, as fastai's fit prints them
 *
 *   epoch     train_loss  valid_loss  accuracy  time
 *   0         0.160734    0.053902    0.983000  00:12
 *
 * and Ultralytics YOLO its epochs ("Epoch GPU_mem box_loss cls_loss ..."
 * over "1/30 2.1G 1.234 ... 640: 100%|###| 10/10 [...]"; the bar is cut
 * off first). A header is three or more names, none a number, one of them
 * a series or step the catalog knows, so a line of prose is no header. A
 * row has as many cells, the first and at least half of them numbers;
 * a cell that is no number (a clock) is skipped. */
#include <math.h>
#include <string.h>

#include "reader/reader_int.h"

#define COLUMNS_GAP_LINES 64

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The line's cells, split at runs of blanks, or of tabs where the line has
 * any (a table copied from a notebook: "Step\tTraining Loss\tValidation
 * Loss"); SIZE_MAX when over cap. */
static size_t split_cells(md_str s, md_str *cells, size_t cap)
{
    size_t n = 0;
    const char *p = s.p, *end = s.p + s.n;
    bool tabs = memchr(s.p, '\t', s.n) != NULL;
    while (p < end) {
        while (p < end && is_blank(*p))
            p++;
        if (p == end)
            break;
        const char *start = p;
        while (p < end && (tabs ? *p != '\t' : !is_blank(*p)))
            p++;
        if (tabs)
            while (p > start && p[-1] == ' ')
                p--; /* the cell without trailing spaces */
        if (n == cap)
            return SIZE_MAX;
        cells[n++] = (md_str){start, (size_t)(p - start)};
    }
    return n;
}

typedef struct cell_value {
    double v, total;
    md_unit unit;
    unsigned flags;
} cell_value;

/* A number, with an optional unit ("2.1G") or total ("1/30"). */
static bool cell_number(md_str c, cell_value *out)
{
    const char *end = c.p + c.n;
    if (c.n && end[-1] == ':')
        end--; /* YOLO's last cell before its bar: "640:" */
    size_t k = md_num_scan(c.p, end, &out->v);
    if (!k)
        return false;
    bool point = memchr(c.p, '.', k) || memchr(c.p, 'e', k) || memchr(c.p, 'E', k);
    out->flags = point ? 0 : MD_KV_INTEGRAL;
    out->unit = MD_UNIT_NONE;
    out->total = NAN;
    const char *q = c.p + k;
    if (q == end)
        return true;
    if (*q == '/' && !point) {
        double t;
        size_t tk = md_num_scan(q + 1, end, &t);
        if (tk && q + 1 + tk == end) {
            out->total = t;
            out->flags |= MD_KV_TOTAL;
            return true;
        }
        return false;
    }
    md_unit u;
    size_t un = md_unit_scan(q, end, &u);
    if (un && q + un == end) {
        out->unit = u;
        return true;
    }
    return false;
}

static bool has_digit(md_str c)
{
    for (size_t i = 0; i < c.n; i++)
        if (c.p[i] >= '0' && c.p[i] <= '9')
            return true;
    return false;
}

static bool read_header(md_columns *t, const md_str *cells, size_t n, md_kv_known_fn known,
                        const void *ctx)
{
    if (n < 3 || n > MD_COLUMNS_MAX)
        return false;
    bool any_known = false;
    for (size_t i = 0; i < n; i++) {
        double v;
        char c = cells[i].p[0];
        if (md_num_scan(cells[i].p, cells[i].p + cells[i].n, &v) || cells[i].n >= sizeof t->names[0] ||
            !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            return false;
        any_known |= known(ctx, cells[i].p, cells[i].n);
    }
    if (!any_known)
        return false;
    bool yolo = false;
    for (size_t i = 0; i < n; i++) {
        memcpy(t->names[i], cells[i].p, cells[i].n);
        t->names[i][cells[i].n] = '\0';
        yolo |= strcmp(t->names[i], "GPU_mem") == 0;
    }
    /* Ultralytics' training table: its box_loss, cls_loss and dfl_loss are
     * the terms of the training loss, named as its results.csv names them. */
    for (size_t i = 0; yolo && i < n; i++) {
        size_t len = strlen(t->names[i]);
        if (len > 5 && md_str_ends_with((md_str){t->names[i], len}, "_loss") && len + 6 < sizeof t->names[i]) {
            memmove(t->names[i] + 6, t->names[i], len + 1);
            memcpy(t->names[i], "train/", 6);
        }
    }
    t->n = n;
    return true;
}

/* Most log lines start with no letter or hold a ':' or '=': no header. */
static bool may_be_header(md_str line)
{
    char c = line.n ? line.p[0] : 0;
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
        return false;
    for (size_t i = 0; i < line.n; i++)
        if (line.p[i] == ':' || line.p[i] == '=' || line.p[i] == '|' || line.p[i] == '{')
            return false;
    return true;
}

/* The row's cells as a record; false when the cells are no row. */
static bool read_row(const md_columns *t, const md_str *cells, size_t n, md_feed *feed, unsigned long lineno)
{
    cell_value vals[MD_COLUMNS_MAX];
    bool ok[MD_COLUMNS_MAX];
    size_t numbers = 0;
    for (size_t i = 0; i < n; i++) {
        ok[i] = cell_number(cells[i], &vals[i]);
        if (!ok[i] && !has_digit(cells[i]))
            return false;
        numbers += ok[i];
    }
    if (!ok[0] || 2 * numbers < n)
        return false;
    md_feed_record_begin(feed, lineno);
    for (size_t i = 0; i < n; i++)
        if (ok[i])
            md_feed_kv(feed, t->names[i], strlen(t->names[i]), vals[i].v, vals[i].unit, vals[i].flags,
                       vals[i].total);
    md_feed_record_end(feed);
    return true;
}

bool md_columns_line(md_columns *t, md_str line, md_feed *feed, unsigned long lineno, md_kv_known_fn known,
                     const void *ctx)
{
    /* A table's rows follow its header closely (YOLO prints it again each
     * epoch); a header with no row for many lines is something else. */
    if (t->n && lineno > t->last_line + COLUMNS_GAP_LINES)
        t->n = 0;
    if (!t->n && !may_be_header(line))
        return false;
    md_str cells[MD_COLUMNS_MAX + 1];
    size_t n = split_cells(line, cells, MD_COLUMNS_MAX + 1);
    if (t->n && n != t->n && memchr(line.p, '|', line.n)) {
        /* A YOLO row ends in its epoch's progress bar: the cells come before it. */
        md_tqdm bar = md_tqdm_scan(line.p, line.n);
        if (bar.found)
            n = split_cells((md_str){line.p, bar.desc_end}, cells, MD_COLUMNS_MAX + 1);
    }
    if (n == SIZE_MAX || n == 0)
        return false;
    if (t->n && n == t->n && read_row(t, cells, n, feed, lineno)) {
        t->last_line = lineno;
        return true;
    }
    if (may_be_header(line) && read_header(t, cells, n, known, ctx))
        t->last_line = lineno;
    return false;
}
