#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/base.h"

static void reserve(md_buf *b, size_t extra)
{
    if (b->n + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->n + extra + 1)
        cap *= 2;
    b->p = md_xrealloc(b->p, cap);
    b->cap = cap;
}

void md_buf_put(md_buf *b, const void *data, size_t n)
{
    reserve(b, n);
    if (n)
        memcpy(b->p + b->n, data, n);
    b->n += n;
    b->p[b->n] = '\0';
}

void md_buf_puts(md_buf *b, const char *s)
{
    md_buf_put(b, s, strlen(s));
}

void md_buf_putc(md_buf *b, char c)
{
    reserve(b, 1);
    b->p[b->n++] = c;
    b->p[b->n] = '\0';
}

void md_buf_vprintf(md_buf *b, const char *fmt, va_list ap)
{
    /* A short text is formatted once, into the stack; a longer one is
     * measured there, then formatted again where it goes. (Measuring with
     * vsnprintf(NULL, 0, ...) trips GCC's -Wformat-truncation under some
     * sanitizer builds.) */
    char small[256];
    va_list copy;
    va_copy(copy, ap);
    int len = vsnprintf(small, sizeof small, fmt, copy);
    va_end(copy);
    if (len <= 0)
        return;
    reserve(b, (size_t)len);
    if ((size_t)len < sizeof small)
        memcpy(b->p + b->n, small, (size_t)len + 1);
    else
        vsnprintf(b->p + b->n, (size_t)len + 1, fmt, ap);
    b->n += (size_t)len;
}

void md_buf_printf(md_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    md_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *md_buf_cstr(md_buf *b)
{
    reserve(b, 0);
    b->p[b->n] = '\0';
    return b->p;
}

char *md_buf_steal(md_buf *b)
{
    md_buf_cstr(b);
    char *p = b->p;
    b->p = NULL;
    b->n = b->cap = 0;
    return p;
}

void md_buf_reset(md_buf *b)
{
    b->n = 0;
    if (b->p)
        b->p[0] = '\0';
}

void md_buf_free(md_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
}

md_str md_str_c(const char *s)
{
    return (md_str){s, strlen(s)};
}

bool md_str_eq(md_str a, const char *s)
{
    size_t n = strlen(s);
    return a.n == n && memcmp(a.p, s, n) == 0;
}

bool md_str_in(md_str a, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (md_str_eq(a, list[i]))
            return true;
    return false;
}

bool md_str_ends_with(md_str s, const char *suffix)
{
    size_t n = strlen(suffix);
    return s.n >= n && memcmp(s.p + s.n - n, suffix, n) == 0;
}

md_str md_str_trim(md_str s)
{
    while (s.n && (s.p[0] == ' ' || s.p[0] == '\t'))
        s.p++, s.n--;
    while (s.n && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == '\t' || s.p[s.n - 1] == '\r'))
        s.n--;
    return s;
}

size_t md_control_at(const char *p, size_t n)
{
    const unsigned char *u = (const unsigned char *)p;
    if ((u[0] < 0x20 && u[0] != '\t') || u[0] == 0x7f)
        return 1;
    if (u[0] == 0xc2 && n >= 2 && u[1] >= 0x80 && u[1] <= 0x9f)
        return 2;
    /* U+200E, U+200F, U+2028-U+202E and U+2066-U+2069: marks and overrides
     * of the text's direction, which can make a line read other than it
     * is, and the separators that break a line where none is. */
    if (u[0] == 0xe2 && n >= 3 && ((u[1] == 0x80 && (u[2] == 0x8e || u[2] == 0x8f || (u[2] >= 0xa8 && u[2] <= 0xae))) ||
                                   (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9)))
        return 3;
    return 0;
}

size_t md_utf8_char(const char *p, size_t n)
{
    const unsigned char *s = (const unsigned char *)p;
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    if (c < 0xc2 || c > 0xf4 || len > n)
        return 0;
    unsigned cp = c & (0x3fu >> (len - 1));
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3fu);
    }
    static const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
    return cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0 : len;
}

size_t md_utf8_cut(const char *s, size_t n)
{
    while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
        n--;
    return n;
}

void md_buf_put_text(md_buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        /* Printable ASCII, most of any text, goes in runs. */
        size_t run = 0;
        while (i + run < n && ((unsigned char)s[i + run] >= 0x20 && (unsigned char)s[i + run] < 0x7f))
            run++;
        if (run) {
            md_buf_put(b, s + i, run);
            i += run;
            continue;
        }
        size_t k = md_control_at(s + i, n - i), len;
        if (k) {
            md_buf_putc(b, '?');
            i += k;
        } else if ((len = md_utf8_char(s + i, n - i)) != 0) {
            md_buf_put(b, s + i, len);
            i += len;
        } else {
            md_buf_puts(b, "\xef\xbf\xbd");
            i++;
        }
    }
}

char *md_text_dup(const char *s, size_t n)
{
    md_buf b = {0};
    md_buf_put_text(&b, s, n);
    return md_buf_steal(&b);
}

const char *md_memmem(const char *hay, size_t hn, const char *needle, size_t nn)
{
    if (nn == 0)
        return hay;
    if (hn < nn)
        return NULL;
    const char *end = hay + hn - nn + 1;
    for (const char *p = hay; p < end;) {
        p = memchr(p, needle[0], (size_t)(end - p));
        if (!p)
            return NULL;
        if (memcmp(p, needle, nn) == 0)
            return p;
        p++;
    }
    return NULL;
}

size_t md_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return (size_t)-1;
    size_t row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            if (up + 1 < best)
                best = up + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

size_t md_name_distance(const char *typed, const char *candidate)
{
    size_t full = md_edit_distance(typed, candidate);
    size_t n = strlen(typed);
    if (strlen(candidate) <= n || n > 64)
        return full;
    char prefix[65];
    memcpy(prefix, candidate, n);
    prefix[n] = '\0';
    size_t pre = md_edit_distance(typed, prefix) + 1;
    return pre < full ? pre : full;
}
