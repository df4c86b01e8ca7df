/* TensorBoard event files: TFRecord framing around Event protobufs.
 *
 * Record: uint64 length, uint32 masked CRC-32C of the length, the data,
 * uint32 masked CRC-32C of the data. Event: wall_time (1, double), step
 * (2, varint), summary (5) holding values (1) of {tag (1), simple_value
 * (2, float), tensor (8)}. TF2 and newer PyTorch writers put scalars in a
 * TensorProto: dtype (1), tensor_content (4), float_val (5), double_val (6),
 * int_val (7), int64_val (10). Only what scalars need is decoded. A record
 * whose CRC fails is skipped and counted; one cut off at the end (a run
 * still writing) marks the input as cut short. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/crc32c.h"
#include "reader/protobuf.h"
#include "reader/reader_int.h"

#define RECORD_MAX ((uint64_t)64 << 20)

/* DataType values of numeric scalars. */
enum { DT_FLOAT = 1, DT_DOUBLE = 2, DT_INT32 = 3, DT_INT64 = 9, DT_HALF = 19, DT_BFLOAT16 = 14 };

static double f32(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return (double)f;
}

static double f64(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* bfloat16 and IEEE half into double. */
static double half_value(uint32_t bits, int dtype)
{
    if (dtype == DT_BFLOAT16)
        return f32(bits << 16);
    int exp = (bits >> 10) & 0x1f, mant = bits & 0x3ff;
    double sign = bits & 0x8000 ? -1 : 1;
    if (exp == 0)
        return sign * ldexp(mant, -24);
    if (exp == 31)
        return mant ? NAN : sign * INFINITY;
    return sign * ldexp(mant + 1024, exp - 25);
}

static bool content_value(md_pb c, int dtype, double *out)
{
    size_t n = (size_t)(c.end - c.p);
    if (dtype == DT_FLOAT && n == 4)
        *out = f32((uint32_t)md_pb_fixed(&c, 4));
    else if (dtype == DT_DOUBLE && n == 8)
        *out = f64(md_pb_fixed(&c, 8));
    else if (dtype == DT_INT32 && n == 4)
        *out = (int32_t)(uint32_t)md_pb_fixed(&c, 4);
    else if (dtype == DT_INT64 && n == 8)
        *out = (double)(int64_t)md_pb_fixed(&c, 8);
    else if ((dtype == DT_HALF || dtype == DT_BFLOAT16) && n == 2)
        *out = half_value((uint32_t)md_pb_fixed(&c, 2), dtype);
    else
        return false;
    return true;
}

/* The single number a scalar TensorProto holds, if it is one. */
static bool tensor_scalar(md_pb t, double *out)
{
    int dtype = 0;
    bool have = false;
    md_pb content = {0};
    bool has_content = false;
    while (t.p < t.end && !t.bad) {
        uint64_t key = md_pb_varint(&t);
        unsigned field = (unsigned)(key >> 3), wire = key & 7;
        if (field == 1 && wire == MD_PB_VARINT) {
            dtype = (int)md_pb_varint(&t);
        } else if (field == 4 && wire == MD_PB_LEN) {
            content = md_pb_sub(&t);
            has_content = true;
        } else if (field == 5 && wire == MD_PB_LEN) { /* packed float_val */
            md_pb v = md_pb_sub(&t);
            if (v.end - v.p == 4) {
                *out = f32((uint32_t)md_pb_fixed(&v, 4));
                have = true;
            }
        } else if (field == 5 && wire == MD_PB_I32) {
            *out = f32((uint32_t)md_pb_fixed(&t, 4));
            have = true;
        } else if (field == 6 && wire == MD_PB_LEN) { /* packed double_val */
            md_pb v = md_pb_sub(&t);
            if (v.end - v.p == 8) {
                *out = f64(md_pb_fixed(&v, 8));
                have = true;
            }
        } else if ((field == 7 || field == 10) && wire == MD_PB_LEN) {
            md_pb v = md_pb_sub(&t);
            uint64_t x = md_pb_varint(&v);
            if (!v.bad && v.p == v.end) {
                *out = field == 7 ? (double)(int32_t)x : (double)(int64_t)x;
                have = true;
            }
        } else {
            md_pb_skip(&t, wire);
        }
    }
    if (!have && has_content && !t.bad)
        have = content_value(content, dtype, out);
    return have && !t.bad;
}

/* Keras writes train/ and validation/ event files with the same tags
 * ("epoch_loss"): a tag from a validation folder gets an eval_ prefix so
 * that it resolves to the val_ series. */
static bool validation_path(const char *path)
{
    static const char *const dirs[] = {"/validation/", "/val/", "/eval/", "/valid/", "/test/"};
    for (size_t i = 0; i < MD_COUNT(dirs); i++)
        if (strstr(path, dirs[i]) || strncmp(path, dirs[i] + 1, strlen(dirs[i]) - 1) == 0)
            return true;
    return false;
}

static void summary_value(md_store *st, md_pb v, bool validation)
{
    md_str tag = {NULL, 0};
    double value = NAN;
    bool have = false;
    while (v.p < v.end && !v.bad) {
        uint64_t key = md_pb_varint(&v);
        unsigned field = (unsigned)(key >> 3), wire = key & 7;
        if (field == 1 && wire == MD_PB_LEN) {
            md_pb s = md_pb_sub(&v);
            tag = (md_str){(const char *)s.p, (size_t)(s.end - s.p)};
        } else if (field == 2 && wire == MD_PB_I32) {
            value = f32((uint32_t)md_pb_fixed(&v, 4));
            have = true;
        } else if (field == 8 && wire == MD_PB_LEN) {
            have = tensor_scalar(md_pb_sub(&v), &value);
        } else {
            md_pb_skip(&v, wire);
        }
    }
    if (!have || !tag.n || v.bad)
        return;
    if (validation && tag.n < 200) {
        char key[208];
        int n = snprintf(key, sizeof key, "eval_%.*s", (int)tag.n, tag.p);
        md_store_record_kv(st, key, (size_t)n, value, MD_UNIT_NONE, 0, NAN);
    } else {
        md_store_record_kv(st, tag.p, tag.n, value, MD_UNIT_NONE, 0, NAN);
    }
}

/* The step whose record is open: any int64, negative ones too. */
typedef struct open_record {
    bool open;
    int64_t step;
} open_record;

/* Returns false when the record is not an Event. */
static bool read_event(md_store *st, const unsigned char *data, size_t n, unsigned long index, bool validation,
                       open_record *rec)
{
    md_pb e = {data, data + n, false};
    double wall = NAN;
    int64_t step = 0; /* proto3 leaves a zero step out */
    md_pb summary = {0};
    bool has_summary = false;
    while (e.p < e.end && !e.bad) {
        uint64_t key = md_pb_varint(&e);
        unsigned field = (unsigned)(key >> 3), wire = key & 7;
        if (field == 1 && wire == MD_PB_I64)
            wall = f64(md_pb_fixed(&e, 8));
        else if (field == 2 && wire == MD_PB_VARINT)
            step = (int64_t)md_pb_varint(&e);
        else if (field == 5 && wire == MD_PB_LEN) {
            summary = md_pb_sub(&e);
            has_summary = true;
        } else
            md_pb_skip(&e, wire);
    }
    if (e.bad)
        return false;
    if (!has_summary)
        return true;
    md_store_timestamp(st, index, wall);
    /* Writers put one scalar per event; the events of one step form one
     * record, so loss terms of a step can be summed like a CSV row's. */
    if (!rec->open || rec->step != step) {
        if (rec->open)
            md_store_record_end(st, NULL);
        md_store_record_begin(st, index);
        md_store_record_kv(st, "step", 4, (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        *rec = (open_record){true, step};
    }
    while (summary.p < summary.end && !summary.bad) {
        uint64_t key = md_pb_varint(&summary);
        unsigned field = (unsigned)(key >> 3), wire = key & 7;
        if (field == 1 && wire == MD_PB_LEN)
            summary_value(st, md_pb_sub(&summary), validation);
        else
            md_pb_skip(&summary, wire);
    }
    return true;
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t record_length(const unsigned char *head)
{
    uint64_t len = 0;
    for (int i = 7; i >= 0; i--)
        len = len << 8 | head[i];
    return len;
}

/* A record's length that its masked CRC vouches for, and that a record
 * can have. */
static bool length_intact(const unsigned char *head, uint64_t len)
{
    return le32(head + 8) == md_crc32c_masked(head, 8) && len <= RECORD_MAX;
}

/* The file's bytes, read 64 KiB at a time into back (a record's three
 * parts, read one by one, were three reads of the file each: 2 s for
 * 85 MB), with those a search for the next record read past the record's
 * start handed back first. */
typedef struct tf_input {
    md_source *src;
    unsigned char *back;
    size_t nback, at, cap;
    bool error;
} tf_input;

#define TF_CHUNK (64u << 10)
#define RESYNC_CHUNK TF_CHUNK

static size_t tf_read(tf_input *t, void *dst, size_t n)
{
    size_t got = 0;
    while (got < n) {
        if (t->at < t->nback) {
            size_t take = t->nback - t->at < n - got ? t->nback - t->at : n - got;
            memcpy((unsigned char *)dst + got, t->back + t->at, take);
            t->at += take;
            got += take;
            continue;
        }
        /* A large record goes straight to its place. */
        if (n - got >= TF_CHUNK)
            return got + md_source_read_full(t->src, (unsigned char *)dst + got, n - got, &t->error);
        if (t->cap < TF_CHUNK) {
            free(t->back);
            t->back = md_xmalloc(TF_CHUNK);
            t->cap = TF_CHUNK;
        }
        t->nback = md_source_read_full(t->src, t->back, TF_CHUNK, &t->error);
        t->at = 0;
        if (t->nback == 0)
            break;
    }
    return got;
}

/* After a header whose length is corrupt: the next place where 12 bytes
 * hold a length and its CRC, into head, the bytes read past it handed back;
 * *skipped counts the bytes between. False at the end of the file. */
static bool resync(tf_input *t, unsigned char head[12], uint64_t *skipped)
{
    unsigned char *scan = md_xmalloc(RESYNC_CHUNK + 11);
    size_t n = 11;
    memcpy(scan, head + 1, 11);
    *skipped = 1;
    bool found = false;
    for (;;) {
        size_t i = 0;
        for (; i + 12 <= n && !length_intact(scan + i, record_length(scan + i)); i++)
            ;
        if (i + 12 <= n) {
            memcpy(head, scan + i, 12);
            *skipped += i;
            /* What the scan read past the header is the record's. */
            size_t rest = n - (i + 12);
            unsigned char *back = md_xmalloc(rest + (t->nback - t->at) + 1);
            memcpy(back, scan + i + 12, rest);
            if (t->nback > t->at)
                memcpy(back + rest, t->back + t->at, t->nback - t->at);
            rest += t->nback - t->at;
            free(t->back);
            t->back = back;
            t->nback = rest;
            t->cap = rest + 1;
            t->at = 0;
            found = true;
            break;
        }
        *skipped += n - 11;
        memmove(scan, scan + n - 11, 11);
        n = 11;
        size_t got = tf_read(t, scan + 11, RESYNC_CHUNK);
        if (got == 0) {
            *skipped += 11;
            break;
        }
        n += got;
    }
    free(scan);
    return found;
}

md_err md_read_tfevents(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    (void)cat;
    const char *path = md_source_path(src);
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    unsigned char head[12], crc[4];
    unsigned char *data = NULL;
    size_t cap = 0;
    tf_input t = {.src = src};
    unsigned long index = 0, bad = 0;
    bool validation = validation_path(path);
    open_record rec = {false, 0};
    bool end_said = false; /* the input's cut end was warned of */
    for (;;) {
        size_t got = tf_read(&t, head, sizeof head);
        if (got == 0)
            break;
        if (got < sizeof head) {
            in->cut_short = true;
            break;
        }
        uint64_t len = record_length(head);
        if (!length_intact(head, len)) {
            /* The next record starts where 12 bytes hold a length and its
             * CRC again: one bad byte must not hide the rest of the run. */
            index++;
            uint64_t skipped;
            if (!resync(&t, head, &skipped)) {
                /* The file's end: one warning says so, not three. */
                md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0,
                             "record %lu has a corrupt length, and no record follows it: the rest of the file "
                             "(%llu bytes) was skipped (is the run still writing?)", index,
                             (unsigned long long)skipped);
                in->cut_short = true;
                end_said = true;
                break;
            }
            bad++;
            md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0,
                         "record %lu has a corrupt length; %llu bytes were skipped to the next record", index,
                         (unsigned long long)skipped);
            len = record_length(head);
        }
        if (len > cap) {
            cap = (size_t)len;
            data = md_xrealloc(data, cap);
        }
        if (tf_read(&t, data, (size_t)len) < len || tf_read(&t, crc, 4) < 4) {
            in->cut_short = true;
            break;
        }
        index++;
        if (le32(crc) != md_crc32c_masked(data, (size_t)len) ||
            !read_event(st, data, (size_t)len, index, validation, &rec))
            bad++;
    }
    if (rec.open)
        md_store_record_end(st, NULL);
    free(data);
    free(t.back);
    in->lines = index;
    in->bad_records = bad;
    if (bad)
        md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0, "%lu corrupt record%s skipped", bad,
                     bad == 1 ? "" : "s");
    if (in->cut_short && !end_said)
        md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0,
                     "the last record is cut short (is the run still writing?)");
    return t.error ? MD_ERR_IO : MD_OK;
}
