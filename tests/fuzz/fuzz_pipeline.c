/* The whole pipeline on arbitrary bytes: sniff, read, signals, rules,
 * every report format. */
#include "fuzz.h"
#include "mldiag/reader.h"
#include "mldiag/report.h"
#include "mldiag/signal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const md_ruleset *rs = fuzz_rules();
    const md_catalog *cat = md_ruleset_catalog(rs);
    md_source *src = md_source_memory(data, size, "fuzz");
    if (!src)
        return 0;
    md_store *st = md_store_new(cat);
    md_diags diags;
    md_diags_init(&diags);
    md_format fmt;
    md_read(st, src, cat, &diags, &fmt);
    md_source_close(src);
    md_store_sort(st);
    md_sigset *sig = md_sigset_new(st);
    md_findings findings;
    md_rules_eval(rs, sig, &findings);
    md_buf out = {0};
    md_report_opts opts = {true, 60, true, false};
    md_render_text(st, &findings, &opts, &out);
    md_render_json(st, &findings, &out);
    md_render_series(st, MD_SERIES_CSV, true, &out);
    md_render_signals(sig, MD_SERIES_JSON, &out);
    md_buf_free(&out);
    md_findings_free(&findings);
    md_sigset_free(sig);
    md_diags_free(&diags);
    md_store_free(st);
    return 0;
}
