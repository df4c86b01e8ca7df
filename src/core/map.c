#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "mldiag/base.h"

uint64_t md_hash(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3u;
    }
    return h ^ (h >> 29);
}

static md_map_slot *find(const md_map *m, const void *key, size_t len, uint64_t h)
{
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        md_map_slot *s = &m->slots[i];
        if (!s->key)
            return s;
        if (s->hash == h && s->len == len && memcmp(s->key, key, len) == 0)
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
