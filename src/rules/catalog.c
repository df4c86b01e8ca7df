#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "mldiag/catalog.h"

struct md_catalog {
    md_series_spec *series;
    size_t nseries, capseries;
    md_map aliases;     /* normalised alias -> series index */
    md_map alias_units; /* normalised alias -> md_unit, for aliases that name one */
    md_map names;       /* canonical name -> series index */
    md_event_spec *events;
    size_t nevents, capevents;
    md_map event_ids; /* id -> the first event of that id */
};

md_catalog *md_catalog_new(void)
{
    return md_xcalloc(1, sizeof(md_catalog));
}

static void event_spec_fini(md_event_spec *e)
{
    free(e->id);
    free(e->title);
    for (size_t i = 0; i < e->nliterals; i++)
        free(e->literals[i]);
    free(e->literals);
    free(e->pattern);
    for (size_t i = 0; i < e->nfields; i++) {
        free(e->fields[i].name);
        free(e->fields[i].pattern);
    }
}

void md_catalog_free(md_catalog *cat)
{
    if (!cat)
        return;
    for (size_t i = 0; i < cat->nseries; i++) {
        free(cat->series[i].name);
        free(cat->series[i].description);
    }
    free(cat->series);
    for (size_t i = 0; i < cat->nevents; i++)
        event_spec_fini(&cat->events[i]);
    free(cat->events);
    md_map_free(&cat->aliases);
    md_map_free(&cat->alias_units);
    md_map_free(&cat->names);
    md_map_free(&cat->event_ids);
    free(cat);
}

size_t md_key_normalise(const char *key, size_t n, char *out, size_t cap)
{
    size_t len = 0;
    bool gap = false;
    for (size_t i = 0; i < n && len + 1 < cap; i++) {
        unsigned char c = (unsigned char)key[i];
        if (c >= 'A' && c <= 'Z')
            c = (unsigned char)(c - 'A' + 'a');
        if (c == '@')
            continue; /* "Acc@1" is acc1: the cut-off is part of the name */
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80) {
            if (gap && len > 0) {
                if (len + 2 >= cap)
                    break; /* no room for '_' and the next word: stop whole */
                out[len++] = '_';
            }
            gap = false;
            out[len++] = (char)c;
        } else {
            gap = true;
        }
    }
    out[len] = '\0';
    return len;
}

int md_catalog_add_series(md_catalog *cat, const md_series_spec *spec)
{
    intptr_t have;
    if (md_map_get(&cat->names, spec->name, strlen(spec->name), &have))
        return -1;
    MD_GROW(cat->series, cat->nseries, cat->capseries);
    md_series_spec *s = &cat->series[cat->nseries];
    *s = *spec;
    s->name = md_xstrdup(spec->name);
    s->description = spec->description ? md_xstrdup(spec->description) : NULL;
    md_map_put(&cat->names, s->name, strlen(s->name), (intptr_t)cat->nseries);
    int idx = (int)cat->nseries++;
    md_catalog_add_alias(cat, idx, s->name, false, MD_UNIT_NONE);
    return idx;
}

/* Alias map values hold the series index shifted left, the exact flag in
 * the low bit. */
bool md_catalog_add_alias(md_catalog *cat, int idx, const char *alias, bool exact, md_unit unit)
{
    char norm[128];
    size_t n = md_key_normalise(alias, strlen(alias), norm, sizeof norm);
    intptr_t have = 0;
    if (md_map_get(&cat->aliases, norm, n, &have) && have >> 1 != idx)
        return false;
    /* The canonical name is an alias of its own; "exact = loss" makes it
     * an exact one. */
    md_map_put(&cat->aliases, norm, n, (intptr_t)idx << 1 | (exact || (have & 1)));
    if (unit != MD_UNIT_NONE)
        md_map_put(&cat->alias_units, norm, n, (intptr_t)unit);
    return true;
}

void md_catalog_add_event(md_catalog *cat, md_event_spec *spec)
{
    MD_GROW(cat->events, cat->nevents, cat->capevents);
    intptr_t have;
    if (!md_map_get(&cat->event_ids, spec->id, strlen(spec->id), &have))
        md_map_put(&cat->event_ids, spec->id, strlen(spec->id), (intptr_t)cat->nevents);
    cat->events[cat->nevents++] = *spec;
    memset(spec, 0, sizeof *spec);
}

size_t md_catalog_nseries(const md_catalog *cat)
{
    return cat->nseries;
}

const md_series_spec *md_catalog_series(const md_catalog *cat, size_t idx)
{
    return &cat->series[idx];
}

int md_catalog_lookup(const md_catalog *cat, const char *norm, size_t n, bool *exact)
{
    intptr_t v;
    if (!md_map_get(&cat->aliases, norm, n, &v))
        return -1;
    if (exact)
        *exact = v & 1;
    return (int)(v >> 1);
}

md_unit md_catalog_alias_unit(const md_catalog *cat, const char *norm, size_t n)
{
    intptr_t unit;
    return md_map_get(&cat->alias_units, norm, n, &unit) ? (md_unit)unit : MD_UNIT_NONE;
}

int md_catalog_find_series(const md_catalog *cat, const char *name)
{
    intptr_t idx;
    return md_map_get(&cat->names, name, strlen(name), &idx) ? (int)idx : -1;
}

size_t md_catalog_nevents(const md_catalog *cat)
{
    return cat->nevents;
}

const md_event_spec *md_catalog_event(const md_catalog *cat, size_t idx)
{
    return &cat->events[idx];
}

int md_catalog_find_event(const md_catalog *cat, const char *id)
{
    intptr_t idx;
    return md_map_get(&cat->event_ids, id, strlen(id), &idx) ? (int)idx : -1;
}

static const char *const kind_names[] = {
    [MD_KIND_OTHER] = "other",   [MD_KIND_LOSS] = "loss",   [MD_KIND_METRIC] = "metric",
    [MD_KIND_LR] = "lr",         [MD_KIND_GRAD] = "grad",   [MD_KIND_TIME] = "time",
    [MD_KIND_RATE] = "rate",     [MD_KIND_MEMORY] = "memory", [MD_KIND_SCALE] = "scale",
    [MD_KIND_COUNT] = "count",   [MD_KIND_FRACTION] = "fraction", [MD_KIND_SETTING] = "setting",
};

const char *md_kind_name(md_kind kind)
{
    return kind < MD_COUNT(kind_names) ? kind_names[kind] : "other";
}

bool md_kind_parse(const char *s, md_kind *kind)
{
    for (size_t i = 0; i < MD_COUNT(kind_names); i++) {
        if (strcmp(s, kind_names[i]) == 0) {
            *kind = (md_kind)i;
            return true;
        }
    }
    return false;
}
