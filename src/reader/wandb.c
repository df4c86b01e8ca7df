/* W&B's run file (run-<id>.wandb), the one record of a run that an offline
 * run ("wandb offline") keeps whole: every wandb.log() call, whether or not
 * the script printed it.
 *
 * A 7-byte header (":W&B", 0xBEE1 little-endian, version 0), then LevelDB's
 * log format: 32 KiB blocks of chunks, each a 7-byte header (the CRC-32 of
 * the type byte and the data, as zlib computes it; the data's length,
 * little-endian; the type: full, first, middle or last piece of a record)
 * and its data. A block's tail too short for a chunk header is padding.
 * A record is a wandb_internal.Record protobuf. Read are history (field
 * 2): items of a key (1, or the parts of nested_key, 2, joined by '/') and
 * value_json (16); and the console, output (4) and output_raw (13), whose
 * line (3) is a piece of the stream, for its events and tracebacks; and
 * the system metrics, stats (7), whose items are history's. The
 * console's metrics are the history's. A run directory keeps the console
 * in files/output.log too: with that file beside it, the run file's
 * console is left to it, so that an analysis of the directory counts each
 * event once. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "reader/protobuf.h"
#include "reader/reader_int.h"

#define WANDB_HEADER 7
#define BLOCK 32768
#define CHUNK_HEADER 7
#define RECORD_MAX ((size_t)64 << 20)
#define KEY_MAX 256

enum { CHUNK_FULL = 1, CHUNK_FIRST = 2, CHUNK_MIDDLE = 3, CHUNK_LAST = 4 };

typedef struct wandb_reader {
    md_store *st;
    md_input *in;
    md_text_reader *console; /* NULL when files/output.log holds it */
    md_buf line;             /* the console's line so far */
    unsigned long lines;
    unsigned long records, bad;
    unsigned char *record; /* the pieces of a record so far */
    size_t len, cap;
    bool open;   /* a first piece came, its last not yet */
    bool broken; /* a piece of the open record was lost */
    bool stepped; /* the history has placed a record at a step */
} wandb_reader;

/* value_json: a number, NaN or an infinity as Python's json writes them.
 * Strings, tables and histograms are no points. */
static bool json_number(md_pb s, double *v)
{
    size_t n = (size_t)(s.end - s.p);
    return n > 0 && n < 64 && md_num_scan((const char *)s.p, (const char *)s.end, v) == n;
}

/* A HistoryItem as a pair: W&B's own keys (_runtime, _timestamp, _wandb)
 * are not metrics but for _step, W&B's count of wandb.log() calls (the
 * store prefers a trainer's own step), and _timestamp, the time. */
static void history_item(wandb_reader *r, md_pb item)
{
    char key[KEY_MAX];
    size_t keylen = 0;
    md_pb value = {0};
    bool have = false;
    unsigned field, wire;
    while (md_pb_field(&item, &field, &wire)) {
        if ((field == 1 || field == 2) && wire == MD_PB_LEN) {
            md_pb part = md_pb_sub(&item);
            size_t n = (size_t)(part.end - part.p);
            if (keylen + n + 1 >= KEY_MAX)
                return;
            if (keylen && field == 2)
                key[keylen++] = '/';
            memcpy(key + keylen, part.p, n);
            keylen += n;
        } else if (field == 16 && wire == MD_PB_LEN) {
            value = md_pb_sub(&item);
            have = true;
        } else {
            md_pb_skip(&item, wire);
        }
    }
    double v;
    if (item.bad || !have || !keylen || !json_number(value, &v))
        return;
    if (keylen == 10 && memcmp(key, "_timestamp", 10) == 0)
        md_store_timestamp(r->st, r->records, v);
    else if (key[0] != '_' || (keylen == 5 && memcmp(key, "_step", 5) == 0))
        md_store_record_kv(r->st, key, keylen, v, MD_UNIT_NONE, md_json_number_flags(v), NAN);
}

/* One record of a message's items (history's field 1, stats' field 3). */
static int64_t record_items(wandb_reader *r, md_pb m, unsigned items, void (*item)(wandb_reader *, md_pb),
                            bool *had_step)
{
    md_store_record_begin(r->st, r->records);
    unsigned field, wire;
    while (md_pb_field(&m, &field, &wire)) {
        if (field == items && wire == MD_PB_LEN)
            item(r, md_pb_sub(&m));
        else
            md_pb_skip(&m, wire);
    }
    return md_store_record_end(r->st, had_step);
}

/* A call of wandb.log(); its step places the system metrics after it. */
static void history(wandb_reader *r, md_pb h)
{
    bool had_step;
    int64_t step = record_items(r, h, 1, history_item, &had_step);
    if (had_step) {
        md_store_context_step(r->st, step);
        r->stepped = true;
    }
}

/* The system metrics read, of the sixty W&B samples every few seconds
 * (each GPU's clocks, temperature and power among them): those a rule
 * reads, for GPU 0, so that the rest do not bury the run's own metrics.
 * The other GPUs are not compared with it: W&B samples every GPU of the
 * machine, the ones other jobs have too. */
static const char *const system_keys[] = {"gpu.0.gpu", "gpu.0.memoryAllocatedBytes"};

/* A StatsItem: key (1) and value_json (16), as history's; read as
 * system/KEY, W&B's own name for it. */
static void stats_item(wandb_reader *r, md_pb item)
{
    md_pb key = {0}, value = {0};
    unsigned field, wire;
    while (md_pb_field(&item, &field, &wire)) {
        if (field == 1 && wire == MD_PB_LEN)
            key = md_pb_sub(&item);
        else if (field == 16 && wire == MD_PB_LEN)
            value = md_pb_sub(&item);
        else
            md_pb_skip(&item, wire);
    }
    double v;
    size_t n = (size_t)(key.end - key.p);
    if (item.bad || !key.p || !value.p || !json_number(value, &v))
        return;
    for (size_t i = 0; i < MD_COUNT(system_keys); i++) {
        if (n == strlen(system_keys[i]) && memcmp(key.p, system_keys[i], n) == 0) {
            char name[KEY_MAX];
            int len = snprintf(name, sizeof name, "system/%s", system_keys[i]);
            md_store_record_kv(r->st, name, (size_t)len, v, MD_UNIT_NONE, md_json_number_flags(v) | MD_KV_SAMPLED,
                               NAN);
        }
    }
}

/* A sample of the system metrics, placed at the step the history reached;
 * before its first step (the model loading) it has no place. */
static void stats(wandb_reader *r, md_pb s)
{
    if (r->stepped)
        record_items(r, s, 3, stats_item, NULL);
}

/* A piece of the console: complete lines go to the events reader; a line
 * longer than MD_LINE_MAX is cut there, as md_lines cuts one. */
static void console_text(wandb_reader *r, const unsigned char *p, size_t n)
{
    const unsigned char *end = p + n;
    while (p < end) {
        const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
        const unsigned char *stop = nl ? nl : end;
        size_t room = r->line.n < MD_LINE_MAX ? MD_LINE_MAX - r->line.n : 0;
        md_buf_put(&r->line, p, (size_t)(stop - p) < room ? (size_t)(stop - p) : room);
        if (!nl)
            break;
        md_text_reader_line(r->console, (md_str){md_buf_cstr(&r->line), r->line.n}, ++r->lines);
        md_buf_reset(&r->line);
        p = nl + 1;
    }
}

static void console(wandb_reader *r, md_pb out)
{
    unsigned field, wire;
    while (md_pb_field(&out, &field, &wire)) {
        if (field == 3 && wire == MD_PB_LEN) {
            md_pb text = md_pb_sub(&out);
            if (!out.bad)
                console_text(r, text.p, (size_t)(text.end - text.p));
        } else {
            md_pb_skip(&out, wire);
        }
    }
}

static void record(wandb_reader *r, const unsigned char *data, size_t n)
{
    r->records++;
    md_pb rec = {data, data + n, false};
    unsigned field, wire;
    while (md_pb_field(&rec, &field, &wire)) {
        if (field == 2 && wire == MD_PB_LEN)
            history(r, md_pb_sub(&rec));
        else if (field == 7 && wire == MD_PB_LEN)
            stats(r, md_pb_sub(&rec));
        else if ((field == 4 || field == 13) && wire == MD_PB_LEN && r->console)
            console(r, md_pb_sub(&rec));
        else
            md_pb_skip(&rec, wire);
    }
    if (rec.bad)
        r->bad++;
}

static void keep_piece(wandb_reader *r, const unsigned char *data, size_t n)
{
    if (r->len + n > RECORD_MAX) {
        r->broken = true;
        return;
    }
    if (r->len + n > r->cap) {
        r->cap = r->len + n > 2 * r->cap ? r->len + n : 2 * r->cap;
        r->record = md_xrealloc(r->record, r->cap);
    }
    memcpy(r->record + r->len, data, n);
    r->len += n;
}

static void chunk(wandb_reader *r, unsigned type, const unsigned char *data, size_t n)
{
    switch (type) {
    case CHUNK_FULL:
        r->bad += r->open;
        r->open = false;
        record(r, data, n);
        break;
    case CHUNK_FIRST:
        r->bad += r->open;
        r->open = true;
        r->broken = false;
        r->len = 0;
        keep_piece(r, data, n);
        break;
    case CHUNK_MIDDLE:
    case CHUNK_LAST:
        if (!r->open) {
            r->bad++;
            break;
        }
        keep_piece(r, data, n);
        if (type == CHUNK_LAST) {
            r->open = false;
            if (r->broken)
                r->bad++;
            else
                record(r, r->record, r->len);
        }
        break;
    default:
        r->bad++;
    }
}

/* The chunks of one block (the first starts after the file's header). A
 * chunk whose CRC fails is lost, and with it the record it belongs to. */
static void block(wandb_reader *r, const unsigned char *b, size_t n, size_t start)
{
    size_t at = start;
    while (n - at >= CHUNK_HEADER) {
        const unsigned char *h = b + at;
        md_pb fields = {h, h + CHUNK_HEADER, false}; /* little-endian, as protobuf's fixed fields */
        uint32_t crc = (uint32_t)md_pb_fixed(&fields, 4);
        size_t len = (size_t)md_pb_fixed(&fields, 2);
        unsigned type = h[6];
        if (len == 0 && type == 0 && crc == 0)
            return; /* the writer's padding to the block's end */
        if (len > n - at - CHUNK_HEADER) {
            r->in->cut_short = true; /* cut mid-chunk: a run still writing */
            return;
        }
        const unsigned char *data = h + CHUNK_HEADER;
        uLong want = crc32(crc32(0L, Z_NULL, 0), h + 6, 1);
        want = crc32(want, data, (uInt)len);
        if ((uint32_t)want == crc) {
            chunk(r, type, data, len);
        } else {
            r->bad++;
            r->broken = true;
        }
        at += CHUNK_HEADER + len;
    }
}

/* files/output.log beside the run file: W&B writes the console to both.
 * Standard input has no place beside it. */
static bool console_beside(const char *path)
{
    if (strcmp(path, "<stdin>") == 0)
        return false;
    const char *slash = strrchr(path, '/');
    md_buf beside = {0};
    md_buf_printf(&beside, "%.*sfiles/output.log", slash ? (int)(slash - path + 1) : 0, path);
    struct stat st;
    bool found = stat(md_buf_cstr(&beside), &st) == 0 && S_ISREG(st.st_mode);
    md_buf_free(&beside);
    return found;
}

md_err md_read_wandb(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    const char *path = md_source_path(src);
    wandb_reader r = {.st = st, .in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1)};
    if (!console_beside(path))
        r.console = md_text_events_reader_new(st, cat);
    unsigned char *buf = md_xmalloc(BLOCK);
    bool error = false;
    size_t start = WANDB_HEADER;
    for (;;) {
        size_t got = md_source_read_full(src, buf, BLOCK, &error);
        if (got > start)
            block(&r, buf, got, start);
        if (got < BLOCK)
            break;
        start = 0;
    }
    if (r.open)
        r.in->cut_short = true;
    if (r.console) {
        if (r.line.n)
            md_text_reader_line(r.console, (md_str){md_buf_cstr(&r.line), r.line.n}, ++r.lines);
        md_text_reader_free(r.console);
    }
    md_buf_free(&r.line);
    free(buf);
    free(r.record);
    r.in->lines = r.records;
    r.in->bad_records = r.bad;
    if (r.bad)
        md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0, "%lu corrupt record%s skipped", r.bad,
                     r.bad == 1 ? "" : "s");
    if (r.in->cut_short)
        md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0,
                     "the last record is cut short (is the run still writing?)");
    return error ? MD_ERR_IO : MD_OK;
}
