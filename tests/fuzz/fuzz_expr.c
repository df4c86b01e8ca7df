/* Expressions and evidence texts against the default catalog, evaluated
 * on a small run with a NaN in it. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "mldiag/expr.h"
#include "mldiag/store.h"

static md_store *small_run(const md_catalog *cat)
{
    const double loss[] = {2.0, 1.8, 1.7, 1.6, 1.65, 1.5, 1.55, 1.5, 1.4, NAN, 1.3, 1.2};
    md_store *st = md_store_new(cat);
    md_store_begin_input(st, "run.log", MD_FMT_TEXT);
    for (size_t i = 0; i < sizeof loss / sizeof *loss; i++) {
        md_store_record_begin(st, i + 1);
        md_store_record_kv(st, "step", 4, (double)i * 10, MD_UNIT_NONE, MD_KV_INTEGRAL, 0);
        md_store_record_kv(st, "loss", 4, loss[i], MD_UNIT_NONE, 0, 0);
        md_store_record_kv(st, "grad_norm", 9, 1.0 + (double)i, MD_UNIT_NONE, 0, 0);
        md_store_record_end(st, NULL);
    }
    md_store_sort(st);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const md_catalog *cat = md_ruleset_catalog(fuzz_rules());
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    md_expr_error err;
    md_expr *e = md_expr_compile(text, cat, &err);
    if (e) {
        md_store *st = small_run(cat);
        md_sigset *sig = md_sigset_new(st);
        md_expr_why why;
        md_expr_eval(e, sig, &why);
        md_sigset_free(sig);
        md_store_free(st);
        md_expr_free(e);
    }
    free(text);
    return 0;
}
