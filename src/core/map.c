#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "mldiag/base.h"

/* Eight bytes per multiply: keys are series names of 4 to 40 bytes, looked
 * up once per value read, and a byte-at-a-time hash showed in profiles.
 * Only equality of hashes matters (maps are never iterated), so the byte
 * order of the loads is irrelevant. */
uint64_t md_hash(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = UINT64_C(0x9e3779b97f4a7c15) ^ len;
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t w;
        memcpy(&w, p, sizeof w);
        h = (h ^ w) * UINT64_C(0xff51afd7ed558ccd);
        h ^= h >> 32;
    }
    uint64_t tail = 0;
    for (size_t i = 0; i < len; i++)
        tail |= (uint64_t)p[i] << (8 * i);
    h = (h ^ tail) * UINT64_C(0xc4ceb9fe1a85ec53);
    return h ^ (h >> 29);
}

/* Keys are short: comparing them in place beats calling memcmp. */
static bool same_key(const char *a, const unsigned char *b, size_t n)
{
    if (n > 32)
        return memcmp(a, b, n) == 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)a[i] != b[i])
            return false;
    return true;
}

static md_map_slot *find(const md_map *m, const void *key, size_t len, uint64_t h)
{
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        md_map_slot *s = &m->slots[i];
        if (!s->key)
            return s;
        if (s->hash == h && s->len == len && same_key(s->key, key, len))
            return s;
    }
}

static void grow(md_map *m)
{
    size_t old_cap = m->cap;
    md_map_slot *old = m->slots;
    m->cap = old_cap ? old_cap * 2 : 16;
    m->slots = md_xcalloc(m->cap, sizeof *m->slots);
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].key)
            *find(m, old[i].key, old[i].len, old[i].hash) = old[i];
    }
    free(old);
}

int md_map_get(const md_map *m, const void *key, size_t len, intptr_t *value)
{
    if (!m->cap)
        return 0;
    md_map_slot *s = find(m, key, len, md_hash(key, len));
    if (!s->key)
        return 0;
    *value = s->value;
    return 1;
}

void md_map_put(md_map *m, const void *key, size_t len, intptr_t value)
{
    if ((m->count + 1) * 4 >= m->cap * 3)
        grow(m);
    uint64_t h = md_hash(key, len);
    md_map_slot *s = find(m, key, len, h);
    if (!s->key) {
        s->key = md_xstrndup(key, len);
        s->len = len;
        s->hash = h;
        m->count++;
    }
    s->value = value;
}

void md_map_free(md_map *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->slots[i].key);
    free(m->slots);
    m->slots = NULL;
    m->cap = m->count = 0;
}
