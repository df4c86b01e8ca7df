#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/jsonw.h"

void jsonw_init(jsonw *w, md_buf *out)
{
    memset(w, 0, sizeof *w);
    w->out = out;
}

static void before_value(jsonw *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth > 0 && w->need_comma[w->depth - 1])
        md_buf_putc(w->out, ',');
    if (w->depth > 0)
        w->need_comma[w->depth - 1] = true;
}

static void open(jsonw *w, char c)
{
    before_value(w);
    md_buf_putc(w->out, c);
    if (w->depth < JSONW_DEPTH)
        w->need_comma[w->depth] = false;
    w->depth++;
}

static void close_(jsonw *w, char c)
{
    w->depth--;
    md_buf_putc(w->out, c);
}

void jsonw_object(jsonw *w)
{
    open(w, '{');
}

void jsonw_object_end(jsonw *w)
{
    close_(w, '}');
}

void jsonw_array(jsonw *w)
{
    open(w, '[');
}

void jsonw_array_end(jsonw *w)
{
    close_(w, ']');
}

void md_json_escape(md_buf *out, const char *s, size_t n)
{
    md_buf_putc(out, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            /* Logs are not always UTF-8; JSON must be: an overlong form
             * or a surrogate is no character a strict reader decodes. */
            size_t len = md_utf8_char(s + i, n - i);
            if (len) {
                md_buf_put(out, s + i, len);
                i += len - 1;
            } else {
                md_buf_puts(out, "\xef\xbf\xbd");
            }
            continue;
        }
        switch (c) {
        case '"':
            md_buf_puts(out, "\\\"");
            break;
        case '\\':
            md_buf_puts(out, "\\\\");
            break;
        case '\n':
            md_buf_puts(out, "\\n");
            break;
        case '\r':
            md_buf_puts(out, "\\r");
            break;
        case '\t':
            md_buf_puts(out, "\\t");
            break;
        default:
            if (c < 0x20 || c == 0x7f)
                md_buf_printf(out, "\\u%04x", c);
            else
                md_buf_putc(out, (char)c);
        }
    }
    md_buf_putc(out, '"');
}

void jsonw_key(jsonw *w, const char *key)
{
    before_value(w);
    md_json_escape(w->out, key, strlen(key));
    md_buf_putc(w->out, ':');
    w->after_key = true;
}

void jsonw_strn(jsonw *w, const char *s, size_t n)
{
    before_value(w);
    md_json_escape(w->out, s, n);
}

void jsonw_str(jsonw *w, const char *s)
{
    if (!s) {
        jsonw_null(w);
        return;
    }
    jsonw_strn(w, s, strlen(s));
}

void jsonw_num(jsonw *w, double v)
{
    before_value(w);
    if (!isfinite(v))
        md_buf_puts(w->out, "null");
    else if (v == floor(v) && fabs(v) < 1e15)
        md_buf_printf(w->out, "%.0f", v == 0 ? 0.0 : v);
    else
        md_buf_printf(w->out, "%.10g", v);
}

void jsonw_int(jsonw *w, int64_t v)
{
    before_value(w);
    md_buf_printf(w->out, "%lld", (long long)v);
}

void jsonw_bool(jsonw *w, bool v)
{
    before_value(w);
    md_buf_puts(w->out, v ? "true" : "false");
}

void jsonw_null(jsonw *w)
{
    before_value(w);
    md_buf_puts(w->out, "null");
}
