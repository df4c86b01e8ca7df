#include <string.h>

#include "report/text_int.h"

/* Display columns of a UTF-8 slice: one per code point, none for an ANSI
 * colour code. */
static int columns(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\x1b' && i + 1 < n && s[i + 1] == '[') {
            i += 2;
            while (i < n && !((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')))
                i++;
            continue;
        }
        c += ((unsigned char)s[i] & 0xc0) != 0x80;
    }
    return c;
}

static void indent(md_buf *out, int n)
{
    for (int i = 0; i < n; i++)
        md_buf_putc(out, ' ');
}

/* A word of a log's text, its control characters (md_control_at: BEL,
 * DEL, C1's U+009B) shown as '?'; the report's own colour codes (ESC)
 * pass. One '?' a code point, so the columns stay counted. */
static void put_word(md_buf *out, const char *p, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t control = p[i] == '\x1b' ? 0 : md_control_at(p + i, n - i);
        md_buf_putc(out, control ? '?' : p[i]);
        i += control ? control : 1;
    }
}

void text_wrap(md_buf *out, const char *text, int first, int rest, int width)
{
    if (width < 20)
        width = 20;
    indent(out, first);
    int col = first;
    bool line_empty = true;
    const char *p = text;
    while (*p) {
        if (*p == '\n') {
            md_buf_putc(out, '\n');
            indent(out, rest);
            col = rest;
            line_empty = true;
            p++;
            continue;
        }
        if (*p == ' ') {
            p++;
            continue;
        }
        size_t n = strcspn(p, " \n");
        int w = columns(p, n);
        if (!line_empty && col + 1 + w > width) {
            md_buf_putc(out, '\n');
            indent(out, rest);
            col = rest;
            line_empty = true;
        }
        if (!line_empty) {
            md_buf_putc(out, ' ');
            col++;
        }
        put_word(out, p, n);
        col += w;
        line_empty = false;
        p += n;
    }
    md_buf_putc(out, '\n');
}

void text_item(md_buf *out, const char *prefix, const char *text, int indent, int width)
{
    int lead = indent + columns(prefix, strlen(prefix));
    size_t start = out->n;
    text_wrap(out, text, lead, lead, width);
    /* Put the prefix where the first line's indent was. */
    memcpy(out->p + start + indent, prefix, strlen(prefix));
}
