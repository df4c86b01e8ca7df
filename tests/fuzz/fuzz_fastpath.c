/* The fast paths against what they stand in for, on arbitrary bytes: the
 * text reader with line shapes and without, the CSV reader splitting rows
 * itself and leaving all to libcsv, the JSON Lines reader parsing flat
 * objects itself (keys as feed columns) and leaving all to cJSON. Each
 * pair must fill the store alike, to the bit, and so must the fast path
 * on two threads; a difference aborts. */
#include <string.h>

#include "fuzz.h"
#include "mldiag/reader.h"
#include "reader/reader_int.h"

static md_store *read_as(md_format fmt, const uint8_t *data, size_t size, bool fast, bool threaded)
{
    const md_catalog *cat = md_ruleset_catalog(fuzz_rules());
    md_source *src = md_source_memory(data, size, "fuzz");
    if (!src)
        return NULL;
    md_store *st = md_store_new(cat);
    md_diags diags;
    md_diags_init(&diags);
    md_store_begin_input(st, "fuzz", fmt);
    if (fmt == MD_FMT_CSV)
        md_read_csv_with(st, src, &diags, fast, threaded);
    else if (fmt == MD_FMT_JSONL)
        md_read_jsonl_with(st, src, &diags, fast, threaded);
    else
        md_read_text_with(st, src, cat, &diags, fast, threaded);
    md_source_close(src);
    md_diags_free(&diags);
    return st;
}

#define SAME(a, b) (memcmp(&(a), &(b), sizeof(a)) == 0)

static void same_series(const md_series *a, const md_series *b)
{
    bool same = strcmp(a->name, b->name) == 0 && a->count == b->count && a->finite == b->finite &&
                a->nan == b->nan && a->inf == b->inf && a->zeros == b->zeros && a->first_step == b->first_step &&
                a->last_step == b->last_step && a->min_step == b->min_step && a->max_step == b->max_step &&
                a->restarts == b->restarts && SAME(a->first, b->first) && SAME(a->last, b->last) &&
                SAME(a->last_raw, b->last_raw) && SAME(a->min, b->min) && SAME(a->max, b->max) &&
                SAME(a->mean, b->mean) && SAME(a->m2, b->m2) && SAME(a->printed_decimals, b->printed_decimals) &&
                a->nbuckets == b->nbuckets && a->width == b->width &&
                memcmp(a->buckets, b->buckets, a->nbuckets * sizeof *a->buckets) == 0 &&
                a->spike_count == b->spike_count;
    if (!same)
        abort();
}

static void same_event(const md_event *a, const md_event *b)
{
    if (strcmp(a->id, b->id) != 0 || a->count != b->count || a->first_line != b->first_line ||
        a->last_line != b->last_line || a->first_step != b->first_step || a->last_step != b->last_step)
        abort();
}

static void same_store(md_store *a, md_store *b)
{
    if (md_store_nseries(a) != md_store_nseries(b) || md_store_nevents(a) != md_store_nevents(b))
        abort();
    for (size_t i = 0; i < md_store_nseries(a); i++)
        same_series(md_store_series(a, i), md_store_series(b, i));
    for (size_t i = 0; i < md_store_nevents(a); i++)
        same_event(md_store_event_at(a, i), md_store_event_at(b, i));
    const md_timeline *ta = &md_store_input(a, 0)->time, *tb = &md_store_input(b, 0)->time;
    if (ta->stamps != tb->stamps || !SAME(ta->first, tb->first) || !SAME(ta->last, tb->last))
        abort();
}

static void same_every_way(md_format fmt, const uint8_t *data, size_t size)
{
    md_store *slow = read_as(fmt, data, size, false, false);
    md_store *fast = read_as(fmt, data, size, true, false);
    md_store *threaded = read_as(fmt, data, size, true, true);
    if (!slow || !fast || !threaded)
        abort();
    same_store(slow, fast);
    same_store(slow, threaded);
    md_store_free(slow);
    md_store_free(fast);
    md_store_free(threaded);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    same_every_way(MD_FMT_TEXT, data, size);
    same_every_way(MD_FMT_CSV, data, size);
    same_every_way(MD_FMT_JSONL, data, size);
    return 0;
}
