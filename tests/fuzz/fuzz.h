/* Shared by the fuzz harnesses: the default rule set, compiled once. */
#ifndef MLDIAG_FUZZ_H
#define MLDIAG_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "mldiag/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline const md_ruleset *fuzz_rules(void)
{
    static md_ruleset *rs;
    if (!rs) {
        md_diags d;
        md_diags_init(&d);
        rs = md_ruleset_new();
        md_ruleset_add_builtin(rs);
        if (md_ruleset_compile(rs, &d) != MD_OK)
            abort();
        md_diags_free(&d);
    }
    return rs;
}

#endif
