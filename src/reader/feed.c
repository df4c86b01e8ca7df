/* Feeds: the store calls a reader makes, either made at once or queued and
 * made in the same order by a second thread.
 *
 * A large input is read on two cores: the reader's thread splits it and
 * appends each call to a batch, the feed's thread takes full batches and
 * makes the calls. To balance the two, the calls can leave work to the
 * feed's thread: converting a CSV cell or a JSON number, and matching a
 * log line's event signatures (pure functions of the text, so the result
 * is the same whichever thread does them). Conversions are left to it only
 * while it keeps up, at most one batch behind: md_feed_defers tells the
 * reader.
 * The store sees exactly the calls, arguments and order it would see
 * without the feed. Only that thread touches the store until
 * md_feed_close returns. A few batches in flight bound the memory. A feed
 * that is not threaded makes each call at once. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "reader/csv_row.h"
#include "reader/reader_int.h"

#define BATCH_BYTES (512u << 10)
#define BATCHES 4

enum {
    OP_BEGIN,
    OP_BEGIN_KNOWN,
    OP_KV,
    OP_COLUMN,
    OP_KV_COLUMN,
    OP_CELL,
    OP_COLUMN_NUMBER,
    OP_SHAPE,
    OP_SHAPED,
    OP_END,
    OP_CONTEXT,
    OP_EVENT,
    OP_LINE_EVENTS,
    OP_STAMP,
    OP_CSV_ROW,
    OP_KV_COLUMN_TEXT,
    OP_BAR,
    OP_PLANNED,
    OP_CONTEXT_EPOCH,
    OP_CSV_LAYOUT,
    OP_EVALUATION
};

typedef struct batch {
    unsigned char *p;
    size_t n, cap;
    bool own; /* p is its own allocation, not a part of the feed's region */
} batch;

/* The store's number for a key the feed names again and again, resolved
 * by the thread that makes the calls when first used (md_store_key). */
#define KEY_UNRESOLVED (-2)

typedef struct feed_column {
    char *key;
    size_t len;
    int id;
} feed_column;

/* A line shape's pairs: their full keys ("ns key") and units. */
typedef struct feed_shape {
    size_t n, used;
    uint16_t off[MD_SHAPE_PAIRS], len[MD_SHAPE_PAIRS];
    int id[MD_SHAPE_PAIRS];
    unsigned char unit[MD_SHAPE_PAIRS];
    char keys[MD_SHAPE_KEYS];
} feed_shape;

/* The fields are grouped by the thread that writes them, each group on
 * cache lines of its own: a line both threads use at every op, one of them
 * writing, moves between the cores at every op (1 GB of CSV took twice as
 * long). */
struct md_feed {
    /* Set before the feed's thread starts. */
    md_store *st;
    bool threaded;

    /* The thread that makes the calls. Keys named once and referred to by
     * number (CSV columns): the array belongs to it, the count (named) to
     * the reader. */
    _Alignas(64) uint64_t got_line; /* the line of the last op made */
    feed_column *columns;
    size_t ncolumns, capcolumns;
    feed_shape *shapes; /* MD_FEED_SHAPES, from the first; owned as columns are */
    /* A CSV table's fields (md_feed_csv_layout), for the row ops after it. */
    unsigned *csv_columns;
    bool *csv_skip;
    size_t csv_fields;

    /* The reader's. */
    _Alignas(64) batch *cur; /* being filled */
    uint64_t put_line;       /* the line of the last op queued */
    unsigned named;
    batch pool[BATCHES];
    unsigned char *region; /* the pool's bytes, BATCHES * BATCH_BYTES */

    /* Shared, under mu. */
    _Alignas(64) pthread_mutex_t mu;
    pthread_cond_t changed;
    pthread_t thread;
    batch *full[BATCHES]; /* waiting for the feed's thread, oldest first */
    size_t nfull;
    batch *empty[BATCHES];
    size_t nempty;
    bool closing;
    bool defer; /* the feed's thread was at most one batch behind at the last hand-over */
};

/* An op is written through a cursor, w, and the batch takes its bytes at
 * the end (done): a count in the batch would be reloaded after every byte
 * stored, which may alias it. */
static unsigned char *put(unsigned char *w, const void *data, size_t n)
{
    memcpy(w, data, n);
    return w + n;
}

static unsigned char *put_u8(unsigned char *w, unsigned v)
{
    *w = (unsigned char)v;
    return w + 1;
}

/* Counts, lengths, columns and flags are written seven bits to a byte,
 * low bits first, the top bit saying another byte follows: most take one
 * byte. A batch's bytes are written on one core and read on the other, and
 * each costs a transfer: 64 bytes more per CSV row made 1 GB of CSV 13%
 * slower. */
#define UV_MAX 10 /* the bytes a 64-bit number can take */

static unsigned char *put_uv(unsigned char *w, uint64_t v)
{
    while (v >= 0x80) {
        *w++ = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    *w++ = (unsigned char)v;
    return w;
}

/* A line number, as its distance from the line of the op before (an
 * unsigned difference: a line before that one wraps, and still reads
 * back). */
static unsigned char *put_line(md_feed *f, unsigned char *w, unsigned long line)
{
    w = put_uv(w, (uint64_t)line - f->put_line);
    f->put_line = line;
    return w;
}

static unsigned char *put_f64(unsigned char *w, double v)
{
    return put(w, &v, sizeof v);
}

static const unsigned char *get(const unsigned char *p, void *out, size_t n)
{
    memcpy(out, p, n);
    return p + n;
}

static inline const unsigned char *get_uv(const unsigned char *p, uint64_t *v)
{
    uint64_t r = 0;
    unsigned shift = 0;
    for (; *p & 0x80; shift += 7)
        r |= (uint64_t)(*p++ & 0x7f) << shift;
    *v = r | (uint64_t)*p++ << shift;
    return p;
}

static inline const unsigned char *get_unsigned(const unsigned char *p, unsigned *v)
{
    uint64_t u;
    p = get_uv(p, &u);
    *v = (unsigned)u;
    return p;
}

static const unsigned char *get_line(md_feed *f, const unsigned char *p, unsigned long *line)
{
    uint64_t d;
    p = get_uv(p, &d);
    f->got_line += d;
    *line = (unsigned long)f->got_line;
    return p;
}

/* A length and that many bytes. */
static const unsigned char *get_text(const unsigned char *p, const char **text, size_t *n)
{
    uint64_t len;
    p = get_uv(p, &len);
    *text = (const char *)p;
    *n = (size_t)len;
    return p + len;
}

static inline void record_named(md_store *st, int *id, const char *key, size_t keylen, double value, md_unit unit,
                         unsigned flags, double total)
{
    if (*id == KEY_UNRESOLVED)
        *id = md_store_key(st, key, keylen);
    if (*id >= 0)
        md_store_record_key(st, *id, value, unit, flags, total);
    else
        md_store_record_kv(st, key, keylen, value, unit, flags, total);
}

static void record_column(md_store *st, feed_column *c, double value, unsigned flags)
{
    record_named(st, &c->id, c->key, c->len, value, MD_UNIT_NONE, flags, NAN);
}

/* A column's number from its text (md_kv_flags 0, as a bar's rate has),
 * where the bytes from 'from' up to the text can be read too
 * (md_num_value_after). */
static void column_text(md_store *st, feed_column *c, const char *from, const char *text, size_t n)
{
    double v;
    md_num_value_after(from, text, n, &v);
    record_column(st, c, v, 0);
}

/* The feed's thread: applies full batches until the feed closes. */
static void apply(md_feed *f, const batch *b);

static void *drain(void *arg)
{
    md_feed *f = arg;
    pthread_mutex_lock(&f->mu);
    for (;;) {
        while (!f->nfull && !f->closing)
            pthread_cond_wait(&f->changed, &f->mu);
        if (!f->nfull) break;
        batch *b = f->full[0];
        pthread_mutex_unlock(&f->mu);
        apply(f, b);
        b->n = 0;
        pthread_mutex_lock(&f->mu);
        memmove(f->full, f->full + 1, --f->nfull * sizeof *f->full);
        f->empty[f->nempty++] = b;
        pthread_cond_broadcast(&f->changed);
    }
    pthread_mutex_unlock(&f->mu);
    return NULL;
}

md_feed *md_feed_new(md_store *st, bool threaded)
{
    md_feed *f = md_xcalloc_alone(sizeof *f);
    f->st = st;
    if (!threaded) return f;
    f->region = md_xmalloc_large(BATCHES * BATCH_BYTES);
    for (size_t i = 0; i < BATCHES; i++) {
        f->pool[i].cap = BATCH_BYTES;
        f->pool[i].p = f->region + i * BATCH_BYTES;
        f->empty[f->nempty++] = &f->pool[i];
    }
    f->cur = f->empty[--f->nempty];
    f->defer = true; /* the feed's thread has nothing to do yet */
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->changed, NULL);
    f->threaded = pthread_create(&f->thread, NULL, drain, f) == 0;
    if (!f->threaded) {
        pthread_cond_destroy(&f->changed);
        pthread_mutex_destroy(&f->mu);
    }
    return f;
}

/* Hands the current batch over and takes an empty one. */
static void flush(md_feed *f)
{
    if (!f->cur->n) return;
    pthread_mutex_lock(&f->mu);
    f->full[f->nfull++] = f->cur;
    /* Left work goes to the feed's thread while it has no more than the
     * batch it is on ahead of this one. Waiting until it had none left it
     * idle while the reader converted a whole batch itself: on 1 GB of CSV
     * the reader's thread took 2.0 s of CPU and the feed's 1.5 s; with a
     * batch of slack each takes 1.65 s. */
    f->defer = f->nfull <= 2;
    pthread_cond_broadcast(&f->changed);
    while (!f->nempty)
        pthread_cond_wait(&f->changed, &f->mu);
    f->cur = f->empty[--f->nempty];
    pthread_mutex_unlock(&f->mu);
}

/* Room for an op of n bytes in the current batch: where to write it. */
static inline unsigned char *room(md_feed *f, size_t n)
{
    if (f->cur->n + n > f->cur->cap) {
        flush(f);
        if (n > f->cur->cap) {
            f->cur->cap = n;
            f->cur->p = f->cur->own ? md_xrealloc(f->cur->p, n) : md_xmalloc(n);
            f->cur->own = true;
        }
    }
    return f->cur->p + f->cur->n;
}

/* The op written up to w is the batch's. */
static inline void done(md_feed *f, const unsigned char *w)
{
    f->cur->n = (size_t)(w - f->cur->p);
}

void md_feed_close(md_feed *f)
{
    if (!f) return;
    if (f->threaded) {
        flush(f);
        pthread_mutex_lock(&f->mu);
        f->closing = true;
        pthread_cond_broadcast(&f->changed);
        pthread_mutex_unlock(&f->mu);
        pthread_join(f->thread, NULL);
        pthread_cond_destroy(&f->changed);
        pthread_mutex_destroy(&f->mu);
    }
    for (size_t i = 0; i < BATCHES; i++)
        if (f->pool[i].own)
            free(f->pool[i].p);
    free(f->region);
    for (size_t i = 0; i < f->ncolumns; i++)
        free(f->columns[i].key);
    free(f->columns);
    free(f->shapes);
    free(f->csv_columns);
    free(f->csv_skip);
    free(f);
}

void md_feed_record_begin(md_feed *f, unsigned long line)
{
    if (!f->threaded) {
        md_store_record_begin(f->st, line);
        return;
    }
    unsigned char *w = room(f, 1 + UV_MAX);
    w = put_u8(w, OP_BEGIN);
    w = put_line(f, w, line);
    done(f, w);
}

void md_feed_record_evaluation(md_feed *f)
{
    if (!f->threaded) {
        md_store_record_evaluation(f->st);
        return;
    }
    unsigned char *w = room(f, 1);
    w = put_u8(w, OP_EVALUATION);
    done(f, w);
}

void md_feed_record_begin_known(md_feed *f, unsigned long line)
{
    if (!f->threaded) {
        md_store_record_begin(f->st, line);
        md_store_record_need_known(f->st);
        return;
    }
    unsigned char *w = room(f, 1 + UV_MAX);
    w = put_u8(w, OP_BEGIN_KNOWN);
    w = put_line(f, w, line);
    done(f, w);
}

void md_feed_kv(md_feed *f, const char *key, size_t keylen, double value, md_unit unit,
                unsigned flags, double total)
{
    if (!f->threaded) {
        md_store_record_kv(f->st, key, keylen, value, unit, flags, total);
        return;
    }
    unsigned char *w = room(f, 2 + 2 * UV_MAX + 16 + keylen);
    w = put_u8(w, OP_KV);
    w = put_u8(w, unit);
    w = put_uv(w, flags);
    w = put_f64(w, value);
    w = put_f64(w, total);
    w = put_uv(w, keylen);
    w = put(w, key, keylen);
    done(f, w);
}

static void add_column(md_feed *f, const char *key, size_t keylen)
{
    MD_GROW(f->columns, f->ncolumns, f->capcolumns);
    f->columns[f->ncolumns++] = (feed_column){md_xstrndup(key, keylen), keylen, KEY_UNRESOLVED};
}

unsigned md_feed_column(md_feed *f, const char *key, size_t keylen)
{
    if (!f->threaded) {
        add_column(f, key, keylen);
        return f->named++;
    }
    unsigned char *w = room(f, 1 + UV_MAX + keylen);
    w = put_u8(w, OP_COLUMN);
    w = put_uv(w, keylen);
    w = put(w, key, keylen);
    done(f, w);
    return f->named++;
}

bool md_feed_defers(const md_feed *f)
{
    return f->threaded && f->defer;
}

void md_feed_kv_column(md_feed *f, unsigned column, double value, unsigned flags)
{
    if (!f->threaded) {
        record_column(f->st, &f->columns[column], value, flags);
        return;
    }
    unsigned char *w = room(f, 1 + 2 * UV_MAX + 8);
    w = put_u8(w, OP_KV_COLUMN);
    w = put_uv(w, flags);
    w = put_uv(w, column);
    w = put_f64(w, value);
    done(f, w);
}

/* md_feed_bar's calls; the rate's text can be read from 'from' on. */
static void bar_record(md_feed *f, unsigned long line, int64_t context, unsigned column, const char *from,
                       const char *rate, size_t n)
{
    md_store_record_begin(f->st, line);
    md_store_record_need_known(f->st);
    if (context >= 0)
        md_store_context_step(f->st, context);
    if (column != MD_FEED_NO_COLUMN)
        column_text(f->st, &f->columns[column], from, rate, n);
    md_store_record_end(f->st, NULL);
}

void md_feed_bar(md_feed *f, unsigned long line, int64_t context, unsigned column, const char *rate, size_t n)
{
    if (!f->threaded) {
        bar_record(f, line, context, column, rate, rate, n);
        return;
    }
    if (column == MD_FEED_NO_COLUMN)
        n = 0;
    unsigned char *w = room(f, 1 + 4 * UV_MAX + n);
    w = put_u8(w, OP_BAR);
    w = put_line(f, w, line);
    w = put_uv(w, (uint64_t)context + 1); /* -1 for none */
    w = put_uv(w, column);
    w = put_uv(w, n);
    w = put(w, rate, n);
    done(f, w);
}

static const unsigned char *apply_bar(md_feed *f, const unsigned char *p)
{
    const char *op = (const char *)p - 1; /* the text's bytes follow the op's */
    unsigned long line;
    uint64_t context;
    unsigned column;
    const char *rate;
    size_t n;
    p = get_line(f, p, &line);
    p = get_uv(p, &context);
    p = get_unsigned(p, &column);
    p = get_text(p, &rate, &n);
    bar_record(f, line, (int64_t)(context - 1), column, op, rate, n);
    return p;
}

/* A table pasted with its best value in bold, "**0.1843**": the number
 * inside the emphasis. Out of md_cell_number's way, which every cell of
 * a CSV goes through. */
static MD_NOINLINE bool emphasized_number(const char *p, size_t n, double *v, unsigned *flags)
{
    if (n < 3 || (p[0] != '*' && p[0] != '_'))
        return false;
    md_str bare = md_cell_unemphasized((md_str){p, n});
    return bare.n < n && md_cell_number(bare.p, bare.n, v, flags);
}

/* A CSV cell: a number when md_num_scan reads all of it, integral unless
 * it holds a point or a lower-case exponent. */
bool md_cell_number(const char *p, size_t n, double *v, unsigned *flags)
{
    md_num_form form;
    int decimals;
    if (md_num_plain(p, n, v, &decimals)) {
        *flags = md_kv_plain_decimals(decimals);
        return true;
    }
    if (!n)
        return false;
    if (md_num_scan_form(p, p + n, v, &form) != n)
        return emphasized_number(p, n, v, flags);
    *flags = (form.point || form.exp == 'e' ? 0 : MD_KV_INTEGRAL) | md_kv_form_decimals(&form);
    return true;
}

static MD_NOINLINE void record_percent_cell(md_store *st, feed_column *c, const char *p, size_t n)
{
    double v;
    if (md_csv_percent_number(p, n, &v))
        record_named(st, &c->id, c->key, c->len, v, MD_UNIT_PERCENT, 0, NAN);
}

static void cell(md_store *st, feed_column *c, const char *p, size_t n)
{
    double v;
    unsigned flags;
    if (md_cell_number(p, n, &v, &flags))
        record_column(st, c, v, flags);
    else
        record_percent_cell(st, c, p, n);
}

/* An op that leaves a column's text for the feed's thread to read. */
static void put_column_text(md_feed *f, unsigned op, unsigned column, const char *text, size_t n)
{
    unsigned char *w = room(f, 1 + 2 * UV_MAX + n);
    w = put_u8(w, op);
    w = put_uv(w, column);
    w = put_uv(w, n);
    w = put(w, text, n);
    done(f, w);
}

void md_feed_kv_column_text(md_feed *f, unsigned column, const char *text, size_t n)
{
    if (!f->threaded) {
        column_text(f->st, &f->columns[column], text, text, n);
        return;
    }
    put_column_text(f, OP_KV_COLUMN_TEXT, column, text, n);
}

void md_feed_cell(md_feed *f, unsigned column, const char *text, size_t n)
{
    if (!f->threaded) {
        cell(f->st, &f->columns[column], text, n);
        return;
    }
    put_column_text(f, OP_CELL, column, text, n);
}

static void column_number(md_store *st, feed_column *c, const char *p, size_t n)
{
    double v;
    md_num_value(p, n, &v);
    record_column(st, c, v, md_json_number_flags(v));
}

void md_feed_column_number(md_feed *f, unsigned column, const char *text, size_t n)
{
    if (!f->threaded) {
        column_number(f->st, &f->columns[column], text, n);
        return;
    }
    put_column_text(f, OP_COLUMN_NUMBER, column, text, n);
}

static void set_csv_layout(md_feed *f, const unsigned *columns, const bool *skip, size_t n)
{
    f->csv_columns = md_xrealloc(f->csv_columns, (n ? n : 1) * sizeof *columns);
    memcpy(f->csv_columns, columns, n * sizeof *columns);
    free(f->csv_skip);
    f->csv_skip = NULL;
    if (skip) {
        f->csv_skip = md_xmalloc(n ? n : 1);
        memcpy(f->csv_skip, skip, n);
    }
    f->csv_fields = n;
}

/* Queued, as a table's header can come again with other columns (a log
 * appended to after a resume) while rows read under the old are in flight. */
void md_feed_csv_layout(md_feed *f, const unsigned *columns, const bool *skip, size_t n)
{
    if (!f->threaded) {
        set_csv_layout(f, columns, skip, n);
        return;
    }
    unsigned char *w = room(f, 1 + (2 + n) * UV_MAX + n);
    w = put_u8(w, OP_CSV_LAYOUT);
    w = put_uv(w, n);
    w = put_u8(w, skip != NULL);
    for (size_t k = 0; k < n; k++)
        w = put_uv(w, columns[k]);
    if (skip)
        for (size_t k = 0; k < n; k++)
            w = put_u8(w, skip[k]);
    done(f, w);
}

static const unsigned char *apply_csv_layout(md_feed *f, const unsigned char *p)
{
    uint64_t n;
    p = get_uv(p, &n);
    bool skipped = *p++;
    unsigned *columns = md_xmalloc((n ? n : 1) * sizeof *columns);
    bool *skip = skipped ? md_xmalloc(n ? n : 1) : NULL;
    for (size_t k = 0; k < n; k++)
        p = get_unsigned(p, &columns[k]);
    for (size_t k = 0; skip && k < n; k++)
        skip[k] = *p++;
    set_csv_layout(f, columns, skip, (size_t)n);
    free(columns);
    free(skip);
    return p;
}

bool md_feed_csv_row(md_feed *f, unsigned long line, const char *p, size_t n, const size_t *cuts, size_t ncuts)
{
    if (!f->threaded)
        return false;
    unsigned char *w = room(f, 1 + (3 + ncuts) * UV_MAX + n);
    w = put_u8(w, OP_CSV_ROW);
    w = put_line(f, w, line);
    w = put_uv(w, n);
    w = put_uv(w, ncuts);
    w = put(w, p, n);
    /* Each cut as the length of the field before it. */
    size_t from = 0;
    for (size_t k = 0; k < ncuts; k++) {
        w = put_uv(w, cuts[k] - from);
        from = cuts[k] + 1;
    }
    done(f, w);
    return true;
}

/* A row md_feed_csv_row queued: one record of its cells, each read as the
 * CSV reader reads a cell it converts itself. */
static const unsigned char *apply_csv_row(md_feed *f, const unsigned char *p)
{
    unsigned long line;
    uint64_t n, ncuts;
    p = get_line(f, p, &line);
    p = get_uv(p, &n);
    p = get_uv(p, &ncuts);
    const char *row = (const char *)p;
    const unsigned char *cuts = p + n;
    size_t fields = (size_t)ncuts + 1 < f->csv_fields ? (size_t)ncuts + 1 : f->csv_fields;
    md_store_record_begin(f->st, line);
    size_t from = 0;
    for (size_t k = 0; k <= ncuts; k++) {
        uint64_t len = n - from;
        if (k < ncuts)
            cuts = get_uv(cuts, &len);
        md_str cell = md_csv_trim(row + from, (size_t)len);
        from += (size_t)len + 1;
        if (k >= fields || !cell.n || (f->csv_skip && f->csv_skip[k]))
            continue;
        feed_column *c = &f->columns[f->csv_columns[k]];
        double v;
        unsigned flags;
        if (md_csv_cell_number(row, cell, &v, &flags))
            record_column(f->st, c, v, flags);
        else if (md_csv_percent_cell(cell))
            record_percent_cell(f->st, c, cell.p, cell.n);
    }
    md_store_record_end(f->st, NULL);
    return cuts;
}

/* A text pair's number: its value, and its decimals added to *flags. The
 * bytes from 'from' up to the text can be read too (md_num_plain_after). */
static double text_value(const char *from, const char *text, size_t n, unsigned *flags)
{
    double v;
    md_num_form form;
    int decimals;
    if (md_num_plain_after(from, text, n, &v, &decimals)) {
        *flags |= md_kv_plain_decimals(decimals) & MD_KV_DECIMALS_MASK;
        return v;
    }
    size_t k = md_num_scan_form(text, text + n, &v, &form);
    *flags |= k == n ? md_kv_form_decimals(&form) : md_kv_decimals(text, n);
    return v;
}

void md_feed_kv_text(md_feed *f, const char *key, size_t keylen, const char *text, size_t n, md_unit unit,
                     unsigned flags, double total)
{
    double v = text_value(text, text, n, &flags);
    md_feed_kv(f, key, keylen, v, unit, flags, total);
}

static size_t full_key_len(const md_kv *kv)
{
    return kv->ns ? kv->nslen + 1 + kv->keylen : kv->keylen;
}

static void shape_start(md_feed *f, unsigned slot)
{
    if (!f->shapes)
        f->shapes = md_xcalloc(MD_FEED_SHAPES, sizeof *f->shapes);
    f->shapes[slot].n = f->shapes[slot].used = 0;
}

/* Appends a pair to a shape: its key is ns, a space and key when ns is
 * set, as the text reader names namespaced pairs. */
static void shape_pair(feed_shape *fs, unsigned char unit, const char *ns, size_t nslen, const char *key,
                       size_t keylen)
{
    char *out = fs->keys + fs->used;
    if (ns) {
        memcpy(out, ns, nslen);
        out[nslen] = ' ';
        out += nslen + 1;
    }
    memcpy(out, key, keylen);
    fs->off[fs->n] = (uint16_t)fs->used;
    fs->len[fs->n] = (uint16_t)(out + keylen - (fs->keys + fs->used));
    fs->id[fs->n] = KEY_UNRESOLVED;
    fs->unit[fs->n++] = unit;
    fs->used += fs->len[fs->n - 1];
}

bool md_feed_shape(md_feed *f, unsigned slot, const md_kv *kv, size_t n)
{
    size_t bytes = 0;
    for (size_t i = 0; i < n; i++)
        bytes += full_key_len(&kv[i]);
    if (bytes > MD_SHAPE_KEYS || n > MD_SHAPE_PAIRS)
        return false;
    if (!f->threaded) {
        shape_start(f, slot);
        for (size_t i = 0; i < n; i++)
            shape_pair(&f->shapes[slot], kv[i].unit, kv[i].ns, kv[i].nslen, kv[i].key, kv[i].keylen);
        return true;
    }
    unsigned char *w = room(f, 2 + (1 + n) * UV_MAX + n + bytes);
    w = put_u8(w, OP_SHAPE);
    w = put_u8(w, slot);
    w = put_uv(w, n);
    for (size_t i = 0; i < n; i++) {
        w = put_u8(w, kv[i].unit);
        w = put_uv(w, full_key_len(&kv[i]));
        if (kv[i].ns) {
            w = put(w, kv[i].ns, kv[i].nslen);
            w = put_u8(w, ' ');
        }
        w = put(w, kv[i].key, kv[i].keylen);
    }
    done(f, w);
    return true;
}

static const unsigned char *apply_shape(md_feed *f, const unsigned char *p)
{
    unsigned slot = *p++;
    uint64_t n;
    p = get_uv(p, &n);
    shape_start(f, slot);
    for (uint64_t i = 0; i < n; i++) {
        unsigned char unit = *p++;
        uint64_t len;
        p = get_uv(p, &len);
        shape_pair(&f->shapes[slot], unit, NULL, 0, (const char *)p, len);
        p += len;
    }
    return p;
}

/* A pair of a shaped record: its value, or its text to read it from. */
static void shaped_kv(md_store *st, feed_shape *fs, size_t i, const char *from, const char *text, size_t len,
                      double value, unsigned flags, double total)
{
    if (text)
        value = text_value(from, text, len, &flags);
    record_named(st, &fs->id[i], fs->keys + fs->off[i], fs->len[i], value, (md_unit)fs->unit[i], flags, total);
}

/* The bytes a shaped pair's number text takes in a batch: a text of up to
 * eight bytes takes eight, which end with it. */
static size_t number_text_bytes(size_t n)
{
    return n < 8 ? 8 : n;
}

/* A number's text into a batch, without a call to copy a few bytes (such
 * calls were a tenth of the reader's time on nanoGPT's lines): eight bytes
 * at a time, those of a shorter text ending with it. Its line's bytes from
 * 'from' on can be read; zeros stand for those before it. */
static unsigned char *put_number_text(unsigned char *w, const char *from, const char *text, size_t n)
{
    if (n > 16)
        return put(w, text, n);
    if (n >= 8) {
        memcpy(w, text, 8);
        memcpy(w + n - 8, text + n - 8, 8);
        return w + n;
    }
    if ((size_t)(text - from) >= 8 - n) {
        memcpy(w, text + n - 8, 8);
        return w + 8;
    }
    memset(w, 0, 8);
    memcpy(w + 8 - n, text, n);
    return w + 8;
}

void md_feed_shaped(md_feed *f, unsigned slot, unsigned long line, const char *from, const md_kv *kv, size_t n)
{
    if (!f->threaded) {
        md_store_record_begin(f->st, line);
        md_store_record_need_known(f->st);
        for (size_t i = 0; i < n; i++)
            shaped_kv(f->st, &f->shapes[slot], i, from, kv[i].unread ? kv[i].num : NULL, kv[i].numlen,
                      kv[i].value, kv[i].flags, kv[i].flags & MD_KV_TOTAL ? kv[i].total : NAN);
        md_store_record_end(f->st, NULL);
        return;
    }
    size_t bytes = 2 + UV_MAX;
    for (size_t i = 0; i < n; i++)
        bytes += 2 * UV_MAX + 16 + (kv[i].unread ? number_text_bytes(kv[i].numlen) : 0);
    unsigned char *w = room(f, bytes);
    w = put_u8(w, OP_SHAPED);
    w = put_u8(w, slot);
    w = put_line(f, w, line);
    for (size_t i = 0; i < n; i++) {
        unsigned flags = kv[i].flags;
        size_t len = kv[i].unread && f->defer ? kv[i].numlen : 0;
        double value = kv[i].value;
        if (kv[i].unread && !len)
            value = text_value(from, kv[i].num, kv[i].numlen, &flags);
        w = put_uv(w, flags);
        w = put_uv(w, len);
        if (len)
            w = put_number_text(w, from, kv[i].num, len);
        else
            w = put_f64(w, value);
        if (flags & MD_KV_TOTAL)
            w = put_f64(w, kv[i].total);
    }
    done(f, w);
}

static const unsigned char *apply_shaped(md_feed *f, const unsigned char *p)
{
    const char *from = (const char *)p - 1; /* a text's bytes follow the op's */
    unsigned slot = *p++;
    unsigned long line;
    p = get_line(f, p, &line);
    feed_shape *fs = &f->shapes[slot];
    md_store_record_begin(f->st, line);
    md_store_record_need_known(f->st);
    for (size_t i = 0; i < fs->n; i++) {
        unsigned flags;
        uint64_t len;
        p = get_unsigned(p, &flags);
        p = get_uv(p, &len);
        const char *text = NULL;
        double value = 0, total = NAN;
        if (len) {
            p += number_text_bytes(len);
            text = (const char *)p - len;
        } else {
            p = get(p, &value, sizeof value);
        }
        if (flags & MD_KV_TOTAL)
            p = get(p, &total, sizeof total);
        shaped_kv(f->st, fs, i, from, text, len, value, flags, total);
    }
    md_store_record_end(f->st, NULL);
    return p;
}

void md_feed_line_events(md_feed *f, md_event_matcher *m, unsigned long line, const char *text,
                         size_t n)
{
    if (!f->threaded) {
        md_event_matcher_apply(m, f->st, line, text, n);
        return;
    }
    unsigned char *w = room(f, 1 + sizeof m + 2 * UV_MAX + n);
    w = put_u8(w, OP_LINE_EVENTS);
    w = put(w, &m, sizeof m);
    w = put_line(f, w, line);
    w = put_uv(w, n);
    w = put(w, text, n);
    done(f, w);
}

void md_feed_record_end(md_feed *f)
{
    if (!f->threaded) {
        md_store_record_end(f->st, NULL);
        return;
    }
    done(f, put_u8(room(f, 1), OP_END));
}

/* An operation with one count for the feed's thread. */
static void put_op_count(md_feed *f, unsigned char op, uint64_t count)
{
    unsigned char *w = room(f, 1 + UV_MAX);
    w = put_u8(w, op);
    w = put_uv(w, count);
    done(f, w);
}

void md_feed_context_step(md_feed *f, int64_t step)
{
    if (!f->threaded)
        md_store_context_step(f->st, step);
    else
        put_op_count(f, OP_CONTEXT, (uint64_t)step + 1); /* -1 reads as 0 */
}

void md_feed_context_epoch(md_feed *f, int64_t epoch, int64_t epochs)
{
    if (!f->threaded) {
        md_store_context_epoch(f->st, epoch, epochs);
        return;
    }
    unsigned char *w = room(f, 1 + 2 * UV_MAX);
    w = put_u8(w, OP_CONTEXT_EPOCH);
    w = put_uv(w, (uint64_t)epoch + 1); /* -1 reads as 0 */
    w = put_uv(w, (uint64_t)epochs + 1);
    done(f, w);
}

void md_feed_planned_steps(md_feed *f, int64_t steps)
{
    if (!f->threaded)
        md_store_planned_steps(f->st, steps);
    else
        put_op_count(f, OP_PLANNED, (uint64_t)steps);
}

void md_feed_event(md_feed *f, const md_event_spec *spec, unsigned long line, const char *text,
                   size_t n, const double *fields)
{
    if (!f->threaded) {
        md_store_event(f->st, spec, line, md_store_current_step(f->st), text, n, fields);
        return;
    }
    size_t nfields = fields ? spec->nfields : 0;
    unsigned char *w = room(f, 1 + sizeof spec + 2 * UV_MAX + 1 + nfields * 8 + n);
    w = put_u8(w, OP_EVENT);
    w = put(w, &spec, sizeof spec);
    w = put_line(f, w, line);
    w = put_uv(w, n);
    w = put_u8(w, fields != NULL);
    for (size_t i = 0; i < nfields; i++)
        w = put_f64(w, fields[i]);
    w = put(w, text, n);
    done(f, w);
}

void md_feed_timestamp(md_feed *f, unsigned long line, double seconds)
{
    if (!f->threaded) {
        md_store_timestamp(f->st, line, seconds);
        return;
    }
    unsigned char *w = room(f, 1 + UV_MAX + 8);
    w = put_u8(w, OP_STAMP);
    w = put_line(f, w, line);
    w = put_f64(w, seconds);
    done(f, w);
}

static const unsigned char *apply_kv(md_feed *f, const unsigned char *p)
{
    unsigned char unit = p[0];
    unsigned flags;
    double value, total;
    uint64_t len;
    p = get_unsigned(p + 1, &flags);
    p = get(p, &value, sizeof value);
    p = get(p, &total, sizeof total);
    p = get_uv(p, &len);
    md_store_record_kv(f->st, (const char *)p, (size_t)len, value, (md_unit)unit, flags, total);
    return p + len;
}

static const unsigned char *apply_column(md_feed *f, const unsigned char *p)
{
    uint64_t len;
    p = get_uv(p, &len);
    add_column(f, (const char *)p, (size_t)len);
    return p + len;
}

static const unsigned char *apply_event(md_feed *f, const unsigned char *p)
{
    const md_event_spec *spec;
    unsigned long line;
    uint64_t n;
    double fields[MD_EVENT_MAX_FIELDS];
    p = get(p, &spec, sizeof spec);
    p = get_line(f, p, &line);
    p = get_uv(p, &n);
    bool has_fields = *p++;
    for (size_t i = 0; has_fields && i < spec->nfields; i++)
        p = get(p, &fields[i], sizeof fields[i]);
    md_store_event(f->st, spec, line, md_store_current_step(f->st), (const char *)p,
                   (size_t)n, has_fields ? fields : NULL);
    return p + n;
}

static const unsigned char *apply_text_op(md_feed *f, unsigned op, const unsigned char *p)
{
    const char *from = (const char *)p - 1; /* the text's bytes follow the op's */
    const char *text;
    size_t n;
    unsigned long line;
    unsigned col;
    md_event_matcher *m;
    switch (op) {
    case OP_CELL:
        p = get_unsigned(p, &col);
        p = get_text(p, &text, &n);
        cell(f->st, &f->columns[col], text, n);
        break;
    case OP_COLUMN_NUMBER:
        p = get_unsigned(p, &col);
        p = get_text(p, &text, &n);
        column_number(f->st, &f->columns[col], text, n);
        break;
    case OP_KV_COLUMN_TEXT:
        p = get_unsigned(p, &col);
        p = get_text(p, &text, &n);
        column_text(f->st, &f->columns[col], from, text, n);
        break;
    case OP_LINE_EVENTS:
        p = get(p, &m, sizeof m);
        p = get_line(f, p, &line);
        p = get_text(p, &text, &n);
        md_event_matcher_apply(m, f->st, line, text, n);
        break;
    }
    return p;
}

static void apply(md_feed *f, const batch *b)
{
    const unsigned char *p = b->p, *end = b->p + b->n;
    while (p < end) {
        uint64_t u;
        unsigned long line;
        double d;
        switch (*p++) {
        case OP_BEGIN:
            p = get_line(f, p, &line);
            md_store_record_begin(f->st, line);
            break;
        case OP_BEGIN_KNOWN:
            p = get_line(f, p, &line);
            md_store_record_begin(f->st, line);
            md_store_record_need_known(f->st);
            break;
        case OP_EVALUATION:
            md_store_record_evaluation(f->st);
            break;
        case OP_KV:
            p = apply_kv(f, p);
            break;
        case OP_COLUMN:
            p = apply_column(f, p);
            break;
        case OP_SHAPE:
            p = apply_shape(f, p);
            break;
        case OP_SHAPED:
            p = apply_shaped(f, p);
            break;
        case OP_KV_COLUMN: {
            unsigned flags, col;
            p = get_unsigned(p, &flags);
            p = get_unsigned(p, &col);
            p = get(p, &d, sizeof d);
            record_column(f->st, &f->columns[col], d, flags);
            break;
        }
        case OP_BAR:
            p = apply_bar(f, p);
            break;
        case OP_CELL:
        case OP_COLUMN_NUMBER:
        case OP_KV_COLUMN_TEXT:
        case OP_LINE_EVENTS:
            p = apply_text_op(f, p[-1], p);
            break;
        case OP_END:
            md_store_record_end(f->st, NULL);
            break;
        case OP_CONTEXT:
            p = get_uv(p, &u);
            md_store_context_step(f->st, (int64_t)(u - 1));
            break;
        case OP_CONTEXT_EPOCH: {
            uint64_t epochs;
            p = get_uv(p, &u);
            p = get_uv(p, &epochs);
            md_store_context_epoch(f->st, (int64_t)(u - 1), (int64_t)(epochs - 1));
            break;
        }
        case OP_PLANNED:
            p = get_uv(p, &u);
            md_store_planned_steps(f->st, (int64_t)u);
            break;
        case OP_EVENT:
            p = apply_event(f, p);
            break;
        case OP_CSV_ROW:
            p = apply_csv_row(f, p);
            break;
        case OP_CSV_LAYOUT:
            p = apply_csv_layout(f, p);
            break;
        case OP_STAMP:
            p = get_line(f, p, &line);
            p = get(p, &d, sizeof d);
            md_store_timestamp(f->st, line, d);
            break;
        }
    }
}
