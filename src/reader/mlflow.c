/* MLflow's file store: mlruns/<exp>/<run>/metrics/<name> holds one
 * "timestamp_ms value step" line per point; the metric is the file name. */
#include <string.h>

#include "reader/reader_int.h"

md_err md_read_mlflow(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    (void)cat;
    const char *path = md_source_path(src);
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    size_t name_len = strlen(name);
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    md_lines lines;
    md_lines_init(&lines, src);
    md_str line;
    while (md_lines_next(&lines, &line)) {
        md_str s = md_str_trim(line);
        if (!s.n || s.p[0] == '\0') /* nothing, or a hole md_lines counts */
            continue;
        const char *p = s.p, *end = s.p + s.n;
        double v[3];
        int k;
        for (k = 0; k < 3; k++) {
            while (p < end && *p == ' ')
                p++;
            size_t n = md_num_scan(p, end, &v[k]);
            if (!n)
                break;
            p += n;
        }
        if (k < 2 || p != end) {
            in->bad_records++;
            md_diags_add(diags, MD_DIAG_WARNING, path, lines.lineno, 0,
                         "not an MLflow metric line (timestamp value step)");
            continue;
        }
        md_store_timestamp(st, lines.lineno, v[0] / 1000);
        md_store_record_begin(st, lines.lineno);
        md_store_record_kv(st, name, name_len, v[1], MD_UNIT_NONE, 0, 0);
        if (k == 3)
            md_store_record_kv(st, "step", 4, v[2], MD_UNIT_NONE, MD_KV_INTEGRAL, 0);
        md_store_record_end(st, NULL);
    }
    md_reader_lines_done(st, &lines, diags, path);
    bool error = lines.error;
    md_lines_fini(&lines);
    return error ? MD_ERR_IO : MD_OK;
}
