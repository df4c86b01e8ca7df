/* Rule files: arbitrary text is parsed and compiled, errors reported. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    md_ruleset *rs = md_ruleset_new();
    md_diags diags;
    md_diags_init(&diags);
    md_ruleset_add_text(rs, "fuzz.rules", (const char *)data, size);
    md_ruleset_compile(rs, &diags);
    md_buf out = {0};
    md_diags_render(&diags, &out);
    md_buf_free(&out);
    md_diags_free(&diags);
    md_ruleset_free(rs);
    return 0;
}
