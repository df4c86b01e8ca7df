/* A hash map from byte strings to integers. Keys are copied and owned by the
 * map; values are the caller's (usually an index into the caller's array). */
#ifndef MLDIAG_CORE_MAP_H
#define MLDIAG_CORE_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct md_map_slot {
    char *key;
    size_t len;
    uint64_t hash;
    intptr_t value;
} md_map_slot;

typedef struct md_map {
    md_map_slot *slots;
    size_t cap, count;
} md_map;

uint64_t md_hash(const void *key, size_t len);
/* Returns 1 and sets *value when key is present, 0 otherwise. */
int md_map_get(const md_map *m, const void *key, size_t len, intptr_t *value);
/* Inserts or replaces. */
void md_map_put(md_map *m, const void *key, size_t len, intptr_t value);
void md_map_free(md_map *m);

#endif
