#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/base.h"

/* Most of what an arena holds is a rule file's keys and values, tens of
 * bytes each: 64 KiB chunks make a few mallocs of the built-in rules'
 * twenty thousand. */
#define ARENA_CHUNK (64 * 1024)

struct md_arena_chunk {
    md_arena_chunk *next;
    alignas(max_align_t) char bytes[];
};

void *md_arena_alloc(md_arena *a, size_t n)
{
    const size_t align = alignof(max_align_t);
    n = (n + align - 1) / align * align;
    if (!a->next || (size_t)(a->end - a->next) < n) {
        size_t size = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK;
        md_arena_chunk *c = md_xmalloc(sizeof *c + size);
        c->next = a->chunks;
        a->chunks = c;
        /* A large block takes a chunk of its own; the chunk being filled
         * stays the one to fill. */
        if (size != ARENA_CHUNK && a->next)
            return c->bytes;
        a->next = c->bytes;
        a->end = c->bytes + size;
    }
    void *p = a->next;
    a->next += n;
    return p;
}

char *md_arena_strndup(md_arena *a, const char *s, size_t n)
{
    char *p = md_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void md_arena_free(md_arena *a)
{
    md_arena_chunk *c = a->chunks;
    while (c) {
        md_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    memset(a, 0, sizeof *a);
}
