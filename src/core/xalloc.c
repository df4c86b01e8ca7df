#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/base.h"

void md_out_of_memory(void)
{
    fputs("mldiag: out of memory\n", stderr);
    abort();
}

void *md_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        md_out_of_memory();
    return p;
}

void *md_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        md_out_of_memory();
    return p;
}

void *md_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        md_out_of_memory();
    return q;
}

char *md_xstrndup(const char *s, size_t n)
{
    char *d = md_xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *md_xstrdup(const char *s)
{
    return md_xstrndup(s, strlen(s));
}

const char *md_err_str(md_err err)
{
    switch (err) {
    case MD_OK:
        return "success";
    case MD_ERR_IO:
        return "input could not be read";
    case MD_ERR_FORMAT:
        return "input is in no format mldiag reads";
    case MD_ERR_NODATA:
        return "no metric and no event found";
    case MD_ERR_RULES:
        return "rule files have errors";
    case MD_ERR_USAGE:
        return "usage error";
    case MD_ERR_INTERNAL:
        return "internal error";
    }
    return "unknown error";
}
