#include <string.h>

#include "report/xml_int.h"

static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

/* Length of the valid UTF-8 character at s (md_utf8_char) that XML
 * allows, or 0: not U+FFFE nor U+FFFF. */
static size_t utf8_ok(const unsigned char *s)
{
    size_t n = md_utf8_char((const char *)s, strnlen((const char *)s, 4));
    bool nonchar = n == 3 && s[0] == 0xef && s[1] == 0xbf && (s[2] == 0xbe || s[2] == 0xbf);
    return nonchar ? 0 : n;
}

static void put_char(md_buf *out, char c, bool attr)
{
    switch (c) {
    case '&':
        md_buf_puts(out, "&amp;");
        break;
    case '<':
        md_buf_puts(out, "&lt;");
        break;
    case '>':
        md_buf_puts(out, "&gt;");
        break;
    case '"':
        md_buf_puts(out, attr ? "&quot;" : "\"");
        break;
    case '\n':
        md_buf_puts(out, attr ? "&#10;" : "\n");
        break;
    case '\t':
        md_buf_puts(out, attr ? "&#9;" : "\t");
        break;
    case '\r':
        md_buf_puts(out, "&#13;");
        break;
    default:
        if ((unsigned char)c < 0x20 || c == 0x7f)
            md_buf_puts(out, replacement);
        else
            md_buf_putc(out, c);
    }
}

void xml_escape(md_buf *out, const char *s, bool attr)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        if (*p < 0x80) {
            put_char(out, (char)*p++, attr);
            continue;
        }
        size_t n = utf8_ok(p);
        if (n) {
            md_buf_put(out, p, n);
            p += n;
        } else {
            md_buf_puts(out, replacement);
            p++;
        }
    }
}
