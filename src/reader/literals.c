/* A set of literals searched for at once: which of them occur in a line.
 *
 * Calling memmem once per literal costs a pass over the line for each of
 * the rules' ~150 literals, and that dominated reading a console log. Here
 * the line is sampled every STRIDE bytes instead. A literal of at least 7
 * bytes covers a whole 4-byte window starting at a sampled position,
 * wherever it sits, so indexing each literal's windows at offsets 0..3 is
 * enough to find it from one of them; literals of 5 or 6 bytes do the same
 * with 2-byte windows. A bitmap per window width rejects almost every
 * sampled position with one load; the rest look up an open-addressed table
 * of (window, literal, offset) and compare the literal in place. Literals
 * of up to 4 bytes, which no window covers, are searched for one by one. */
#include <stdlib.h>
#include <string.h>

#include "reader/reader_int.h"

#define STRIDE 4
#define LONG_MIN_LEN 7  /* covered by a 4-byte window at a sampled position */
#define SHORT_MIN_LEN 5 /* covered by a 2-byte window */

typedef struct lit {
    char *s;
    size_t n;
    unsigned id;
} lit;

typedef struct probe {
    uint32_t window;
    uint32_t lit; /* index into lits + 1; 0 marks an empty slot */
    uint8_t off;  /* the window's offset inside the literal */
    uint8_t wide; /* 1: a 4-byte window, 0: a 2-byte one */
} probe;

struct md_litset {
    uint64_t bloom4[1 << 10]; /* 2^16 bits over hashed 4-byte windows */
    uint64_t bloom2[1 << 10]; /* 2^16 bits over 2-byte windows as they are */
    lit *lits;
    size_t nlits, caplits;
    probe *probes;
    size_t mask;  /* probes has mask + 1 slots */
    size_t *tiny; /* literals no window covers */
    size_t ntiny, captiny;
    size_t nwide, nnarrow;
    unsigned max_id;
    bool built;
};

static uint32_t load32(const char *p)
{
    uint32_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

static uint32_t load16(const char *p)
{
    uint16_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

static uint32_t hash4(uint32_t w)
{
    return (w * 0x9e3779b1u) >> 16;
}

static size_t slot_of(uint32_t window, bool wide)
{
    return wide ? hash4(window) : window * 0x85ebca6bu >> 12;
}

static bool test_bit(const uint64_t *bits, uint32_t i)
{
    return bits[i >> 6] >> (i & 63) & 1;
}

md_litset *md_litset_new(void)
{
    return md_xcalloc(1, sizeof(md_litset));
}

void md_litset_free(md_litset *ls)
{
    if (!ls) return;
    for (size_t i = 0; i < ls->nlits; i++)
        free(ls->lits[i].s);
    free(ls->lits);
    free(ls->probes);
    free(ls->tiny);
    free(ls);
}

void md_litset_add(md_litset *ls, const char *s, size_t n, unsigned id)
{
    MD_GROW(ls->lits, ls->nlits, ls->caplits);
    ls->lits[ls->nlits++] = (lit){md_xstrndup(s, n), n, id};
    if (id > ls->max_id) ls->max_id = id;
    ls->built = false;
}

size_t md_litset_words(const md_litset *ls)
{
    return ls->max_id / 64 + 1;
}

static void insert(md_litset *ls, uint32_t window, bool wide, size_t lit_index, size_t off)
{
    uint64_t *bloom = wide ? ls->bloom4 : ls->bloom2;
    uint32_t bit = wide ? hash4(window) : window;
    bloom[bit >> 6] |= UINT64_C(1) << (bit & 63);
    size_t i = slot_of(window, wide) & ls->mask;
    while (ls->probes[i].lit)
        i = (i + 1) & ls->mask;
    ls->probes[i] = (probe){window, (uint32_t)lit_index + 1, (uint8_t)off, wide};
}

static void build(md_litset *ls)
{
    memset(ls->bloom4, 0, sizeof ls->bloom4);
    memset(ls->bloom2, 0, sizeof ls->bloom2);
    size_t cap = 64;
    while (cap < ls->nlits * STRIDE * 2)
        cap *= 2;
    free(ls->probes);
    ls->probes = md_xcalloc(cap, sizeof *ls->probes);
    ls->mask = cap - 1;
    ls->ntiny = ls->nwide = ls->nnarrow = 0;
    for (size_t i = 0; i < ls->nlits; i++) {
        const lit *l = &ls->lits[i];
        bool wide = l->n >= LONG_MIN_LEN;
        if (l->n < SHORT_MIN_LEN) {
            MD_GROW(ls->tiny, ls->ntiny, ls->captiny);
            ls->tiny[ls->ntiny++] = i;
            continue;
        }
        for (size_t off = 0; off < STRIDE; off++)
            insert(ls, wide ? load32(l->s + off) : load16(l->s + off), wide, i, off);
        ls->nwide += wide;
        ls->nnarrow += !wide;
    }
    ls->built = true;
}

static void mark(uint64_t *hits, unsigned id)
{
    hits[id / 64] |= UINT64_C(1) << (id % 64);
}

/* Compares every literal indexed under this window at this position. */
static void verify(const md_litset *ls, const char *t, size_t n, size_t pos, uint32_t window,
                   bool wide, uint64_t *hits)
{
    for (size_t i = slot_of(window, wide) & ls->mask; ls->probes[i].lit; i = (i + 1) & ls->mask) {
        const probe *pr = &ls->probes[i];
        if (pr->window != window || pr->wide != wide || pos < pr->off) continue;
        const lit *l = &ls->lits[pr->lit - 1];
        size_t start = pos - pr->off;
        if (start + l->n <= n && memcmp(t + start, l->s, l->n) == 0) mark(hits, l->id);
    }
}

bool md_litset_find(md_litset *ls, const char *t, size_t n, uint64_t *hits)
{
    if (!ls->built) build(ls);
    size_t words = md_litset_words(ls);
    memset(hits, 0, words * sizeof *hits);
    for (size_t i = 0; i < ls->ntiny; i++) {
        const lit *l = &ls->lits[ls->tiny[i]];
        if (md_memmem(t, n, l->s, l->n)) mark(hits, l->id);
    }
    bool wide = ls->nwide, narrow = ls->nnarrow;
    size_t p = 0;
    for (; p + 4 <= n; p += STRIDE) {
        uint32_t w4 = load32(t + p), w2 = load16(t + p);
        if (wide && test_bit(ls->bloom4, hash4(w4))) verify(ls, t, n, p, w4, true, hits);
        if (narrow && test_bit(ls->bloom2, w2)) verify(ls, t, n, p, w2, false, hits);
    }
    if (narrow && p + 2 <= n && test_bit(ls->bloom2, load16(t + p)))
        verify(ls, t, n, p, load16(t + p), false, hits);
    uint64_t any = 0;
    for (size_t i = 0; i < words; i++)
        any |= hits[i];
    return any != 0;
}
