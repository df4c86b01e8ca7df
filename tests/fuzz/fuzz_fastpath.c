/* The fast paths against what they stand in for, on arbitrary bytes: the
 * text reader with line shapes and without, the CSV reader splitting rows
 * itself and leaving all to libcsv, the JSON Lines reader parsing flat
 * objects itself (keys as feed columns) and leaving all to cJSON. Each
 * pair must fill the store alike, to the bit, and so must the fast path
 * on two threads; a difference aborts. */
#include <stdio.h>

#include "fuzz.h"
#include "same_store.h"

/* Reads the input slow, fast, and fast on two threads; aborts, saying
 * what differs, unless all three are alike. */
static void same_every_way(md_format fmt, const uint8_t *data, size_t size)
{
    const md_catalog *cat = md_ruleset_catalog(fuzz_rules());
    reading slow = read_input(cat, data, size, fmt, false, false);
    reading fast = read_input(cat, data, size, fmt, true, false);
    reading threaded = read_input(cat, data, size, fmt, true, true);
    char why[512];
    if (readings_differ(&slow, &fast, why, sizeof why) || readings_differ(&slow, &threaded, why, sizeof why)) {
        fprintf(stderr, "fast path differs: %s\n", why);
        abort();
    }
    reading_free(&slow);
    reading_free(&fast);
    reading_free(&threaded);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    same_every_way(MD_FMT_TEXT, data, size);
    same_every_way(MD_FMT_CSV, data, size);
    same_every_way(MD_FMT_JSONL, data, size);
    return 0;
}
