/* Private to src/rules: the parsed form of rule files before compilation. */
#ifndef MLDIAG_RULES_INT_H
#define MLDIAG_RULES_INT_H

#include "mldiag/catalog.h"
#include "mldiag/diag.h"

/* Where a piece of a value came from: values continue over indented lines,
 * and an error inside one must point at the right line and column. */
typedef struct rf_piece {
    size_t offset; /* in the folded value */
    unsigned long line, col;
} rf_piece;

typedef struct rf_entry {
    char *key;
    char *arg; /* "field NAME = ..." gives arg NAME; "aliases MiB = ..." MiB */
    char *value;
    unsigned long line, col;           /* of the key */
    unsigned long arg_col;             /* of the arg, when there is one */
    rf_piece *pieces;
    size_t npieces;
} rf_entry;

typedef struct rf_section {
    char *kind; /* rule, cause, series, event */
    char *id;
    unsigned long line, col; /* of the id */
    unsigned long kind_col;
    rf_entry *entries;
    size_t nentries, capentries;
    const char *path; /* borrowed from the file */
    const char *text; /* the whole file, for excerpts */
    size_t textlen;
    bool builtin; /* of a file built into the binary (see check_regex) */
} rf_section;

typedef struct rf_file {
    char *path;
    char *text;
    size_t len;
    rf_section *sections;
    size_t nsections, capsections;
    md_arena strings; /* the sections' kinds and ids, the entries' keys, values and pieces */
} rf_file;

/* Parses text (taking ownership of it) into sections. Syntax errors go to
 * diags; returns the number of errors. A built-in file's bytes are not
 * checked for UTF-8 (the tests read them as a user's). */
size_t rf_parse(rf_file *f, const char *path, char *text, size_t len, bool builtin, md_diags *diags);
void rf_file_fini(rf_file *f);

/* Position of byte offset `at` of an entry's value. */
void rf_locate(const rf_entry *e, size_t at, unsigned long *line, unsigned long *col);
/* Reports an error at byte `at` of e's value (width bytes underlined). */
md_diag *rf_error(md_diags *diags, const rf_section *s, const rf_entry *e, size_t at, size_t width,
                  const char *fmt, ...) MD_PRINTF(6, 7);
md_diag *rf_error_at(md_diags *diags, const rf_section *s, unsigned long line, unsigned long col,
                     size_t width, const char *fmt, ...) MD_PRINTF(6, 7);
const rf_entry *rf_get(const rf_section *s, const char *key);

/* catalog_load.c: [series] and [event] sections into the catalog. */
size_t rf_load_series(md_catalog *cat, const rf_section *s, md_diags *diags);
size_t rf_load_event(md_catalog *cat, const rf_section *s, md_diags *diags);

#endif
