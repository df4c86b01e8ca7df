/* One reader, chosen at build time with -DFUZZ_FORMAT=MD_FMT_..., on
 * arbitrary bytes: it must return, never crash, hang or leak. */
#include "fuzz.h"
#include "mldiag/reader.h"

#ifndef FUZZ_FORMAT
#define FUZZ_FORMAT MD_FMT_TEXT
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const md_catalog *cat = md_ruleset_catalog(fuzz_rules());
    md_source *src = md_source_memory(data, size, "fuzz");
    if (!src)
        return 0;
    md_store *st = md_store_new(cat);
    md_diags diags;
    md_diags_init(&diags);
    md_read_as(st, src, FUZZ_FORMAT, cat, &diags);
    md_store_sort(st);
    md_source_close(src);
    md_diags_free(&diags);
    md_store_free(st);
    return 0;
}
