/* The catalog: what the readers and the store need to know from the rule
 * files before reading a run. Canonical series with their aliases and kinds
 * ([series] sections) and event signatures ([event] sections). Built by the
 * rules stage; read-only for everyone else. */
#ifndef MLDIAG_CATALOG_H
#define MLDIAG_CATALOG_H

#include <regex.h>

#include "mldiag/base.h"

/* What a key names. Step and epoch keys place the other values of their
 * record; ignored keys (eta, timestamps) make no series. */
typedef enum { MD_ROLE_SERIES, MD_ROLE_STEP, MD_ROLE_EPOCH, MD_ROLE_IGNORE, MD_ROLE_PLAN } md_role;

/* What a series measures; decides unit conversion and some signal defaults. */
typedef enum {
    MD_KIND_OTHER,
    MD_KIND_LOSS,   /* lower is better, usually positive */
    MD_KIND_METRIC, /* accuracy-like score */
    MD_KIND_LR,
    MD_KIND_GRAD,   /* gradient norm */
    MD_KIND_TIME,   /* seconds */
    MD_KIND_RATE,   /* per second */
    MD_KIND_MEMORY, /* GiB */
    MD_KIND_SCALE,  /* fp16 loss scale */
    MD_KIND_COUNT,
    MD_KIND_FRACTION, /* 0..1; a percent sign divides by 100 */
    MD_KIND_SETTING   /* a configuration value: kept, but on its own a line of
                       * settings is not a line of metrics */
} md_kind;

typedef enum { MD_BETTER_NONE, MD_BETTER_LOWER, MD_BETTER_HIGHER } md_better;

typedef struct md_series_spec {
    char *name;
    md_role role;
    md_kind kind;
    md_better better;
    char *description;
    bool share; /* a share of 1: one that passes 1, up to 100, was logged in percent */
} md_series_spec;

#define MD_EVENT_MAX_FIELDS 16

typedef struct md_field_spec {
    char *name;
    char *pattern; /* POSIX extended; its first group that holds a number is the value */
    md_unit unit; /* the unit the field name promises ("tried_gib"), or none */
} md_field_spec;

typedef enum { MD_SOURCE_LINE, MD_SOURCE_TRACEBACK, MD_SOURCE_REPETITION } md_event_source;

typedef struct md_event_spec {
    char *id;
    char *title;
    char **literals; /* any of them must occur in the line (case-sensitive) */
    size_t nliterals;
    char *pattern; /* POSIX extended: the line must match it too; NULL for none */
    md_field_spec fields[MD_EVENT_MAX_FIELDS];
    size_t nfields;
    /* Who finds the event: line matching (the default), or the text
     * reader itself: the exception line that ends a traceback, or prose
     * that repeats a phrase back to back (fields repeats and period). */
    md_event_source source;
} md_event_spec;

typedef struct md_catalog md_catalog;

md_catalog *md_catalog_new(void);
void md_catalog_free(md_catalog *cat);

/* Adds a series; returns its index, or -1 when the name is already taken.
 * The catalog takes ownership of nothing: strings are copied. */
int md_catalog_add_series(md_catalog *cat, const md_series_spec *spec);
/* Adds an alias (any spelling; it is normalised) for series idx. An exact
 * alias names the series only as a whole key, never what is left of a key
 * after leading words are dropped: "time" is step time, "CPU time" is not.
 * unit, unless MD_UNIT_NONE, is the unit of the numbers logged under the
 * alias without one ("max mem: 10000" is MiB). Returns false when the alias
 * already names another series. */
bool md_catalog_add_alias(md_catalog *cat, int idx, const char *alias, bool exact, md_unit unit);
/* Takes ownership of the spec's strings. */
void md_catalog_add_event(md_catalog *cat, md_event_spec *spec);

size_t md_catalog_nseries(const md_catalog *cat);
const md_series_spec *md_catalog_series(const md_catalog *cat, size_t idx);
/* Index of the series a normalised key names, or -1. *exact (may be NULL)
 * tells whether the alias is an exact one. */
int md_catalog_lookup(const md_catalog *cat, const char *norm, size_t n, bool *exact);
/* The unit an alias's numbers are in when the log writes none, or
 * MD_UNIT_NONE. */
md_unit md_catalog_alias_unit(const md_catalog *cat, const char *norm, size_t n);
int md_catalog_find_series(const md_catalog *cat, const char *name);
/* Index of the series a normalised key names after unit, evaluation-prefix
 * and leading-word rules (see src/rules/resolve.c), or -1. Sets *unit to a
 * unit the key itself named ("time_ms") or, failing that, the unit of the
 * alias it matched. */
int md_catalog_resolve(const md_catalog *cat, const char *norm, size_t n, md_unit *unit);
/* The same for a key as a log spells it: normalised first. */
int md_catalog_resolve_key(const md_catalog *cat, const char *key, size_t n);

size_t md_catalog_nevents(const md_catalog *cat);
const md_event_spec *md_catalog_event(const md_catalog *cat, size_t idx);
int md_catalog_find_event(const md_catalog *cat, const char *id);

/* Normalises a key for alias lookup: lower case, every run of characters
 * other than letters and digits becomes one '_', no '_' at either end.
 * Writes at most cap-1 bytes plus NUL into out; returns the length. */
size_t md_key_normalise(const char *key, size_t n, char *out, size_t cap);

/* Whether a normalised key starts with an evaluation word (eval, val,
 * valid, validation, test, dev), alone or with a set's number glued to it
 * ("valid1"), or ends in Lightning's "_dataloader_idx_N". */
bool md_key_is_eval(const char *norm);
/* Whether a normalised key (or a series named by one) measures an
 * evaluation: md_key_is_eval, or the catalog reads it as a val_ series
 * ("dev_clean_val_loss", NeMo's set name before the key). */
bool md_key_is_validation(const md_catalog *cat, const char *norm);

/* Whether a normalised key holds word as a word of its own ("eval_map"),
 * or, with digits, followed by digits ("map50": mean average precision at
 * IoU 0.5). */
bool md_key_has_word(const char *norm, const char *word, bool digits);

const char *md_kind_name(md_kind kind);
bool md_kind_parse(const char *s, md_kind *kind);

#endif
