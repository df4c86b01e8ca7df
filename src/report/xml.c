#include <string.h>

#include "report/xml_int.h"

static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

/* Length of the valid UTF-8 sequence at s holding a character XML allows,
 * or 0. */
static size_t utf8_ok(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    if (c < 0xc2 || c > 0xf4)
        return 0;
    unsigned cp = c & (0x3f >> (n - 1));
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    static const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe ||
        cp == 0xffff)
        return 0;
    return n;
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
