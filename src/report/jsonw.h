/* A small streaming JSON writer into an md_buf: commas and escaping are
 * handled; non-finite numbers are written as null (JSON has no NaN). */
#ifndef MLDIAG_REPORT_JSONW_H
#define MLDIAG_REPORT_JSONW_H

#include "mldiag/base.h"

#define JSONW_DEPTH 32

typedef struct jsonw {
    md_buf *out;
    int depth;
    bool need_comma[JSONW_DEPTH];
    bool after_key;
} jsonw;

void jsonw_init(jsonw *w, md_buf *out);
void jsonw_object(jsonw *w);
void jsonw_object_end(jsonw *w);
void jsonw_array(jsonw *w);
void jsonw_array_end(jsonw *w);
void jsonw_key(jsonw *w, const char *key);
void jsonw_str(jsonw *w, const char *s);
void jsonw_strn(jsonw *w, const char *s, size_t n);
void jsonw_num(jsonw *w, double v);
void jsonw_int(jsonw *w, int64_t v);
void jsonw_bool(jsonw *w, bool v);
void jsonw_null(jsonw *w);
/* Writes s as a JSON string into out (no comma handling). */
void md_json_escape(md_buf *out, const char *s, size_t n);

#endif
