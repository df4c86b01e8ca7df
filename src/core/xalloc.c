/* madvise and MADV_HUGEPAGE are Linux's, outside POSIX. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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

/* Two threads writing objects that share a cache line move the line
 * between their cores on every write: on 100 MB of CSV the reader took
 * twice the time when the feed's control block, which it writes at every
 * operation, shared a line with an object the store's thread wrote. */
#define CACHE_LINE 64

void *md_xcalloc_alone(size_t size)
{
    size = (size + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
    void *p = aligned_alloc(CACHE_LINE, size ? size : CACHE_LINE);
    if (!p)
        md_out_of_memory();
    memset(p, 0, size);
    return p;
}

/* Buffers of megabytes (the lines being read, the batches the reader hands
 * the store's thread) are filled page by page, and each first touch of a
 * 4 KiB page is a fault: on the development machine a fault costs about
 * 12 us, and those buffers took about 500 faults on a 10 MB log. Aligned
 * to 2 MiB and advised so, the kernel backs them with 2 MiB pages where
 * it allows: one fault each. */
#define HUGE_PAGE (2u << 20)

void *md_xmalloc_large(size_t n)
{
    size_t size = (n + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, size ? size : HUGE_PAGE);
    if (!p)
        md_out_of_memory();
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE); /* advice: where it is not taken, small pages serve */
#endif
    return p;
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
