/* CSV and TSV metric tables (Lightning's CSVLogger, YOLO's results.csv):
 * the header row names the series, each row is a record, empty cells are
 * absent points. Tokenising is libcsv's. */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reader/reader_int.h"

#define CSV_BLOCK (1u << 18)

typedef struct csv_reader {
    md_store *st;
    md_diags *diags;
    const char *path;
    char **names;
    size_t nnames, capnames;
    size_t col;
    unsigned long row; /* 0 is the header */
    unsigned long ragged;
    bool header_done;
} csv_reader;

static void on_field(void *field, size_t len, void *data)
{
    csv_reader *r = data;
    md_str f = md_str_trim((md_str){field ? field : "", field ? len : 0});
    if (!r->header_done) {
        MD_GROW(r->names, r->nnames, r->capnames);
        r->names[r->nnames++] = md_xstrndup(f.p, f.n);
        return;
    }
    if (r->col == 0)
        md_store_record_begin(r->st, r->row + 1);
    size_t col = r->col++;
    if (col >= r->nnames) {
        if (col == r->nnames)
            r->ragged++;
        return;
    }
    double v;
    if (f.n && md_num_scan(f.p, f.p + f.n, &v) == f.n)
        md_store_record_kv(r->st, r->names[col], strlen(r->names[col]), v, MD_UNIT_NONE,
                           memchr(f.p, '.', f.n) || memchr(f.p, 'e', f.n) ? 0 : MD_KV_INTEGRAL, NAN);
}

static void on_row(int c, void *data)
{
    (void)c;
    csv_reader *r = data;
    if (!r->header_done) {
        r->header_done = true;
        r->row++;
        return;
    }
    if (r->col > 0)
        md_store_record_end(r->st, NULL);
    r->col = 0;
    r->row++;
}

static unsigned char pick_delimiter(md_str head)
{
    const char *nl = memchr(head.p, '\n', head.n);
    size_t n = nl ? (size_t)(nl - head.p) : head.n;
    size_t commas = 0, tabs = 0;
    for (size_t i = 0; i < n; i++) {
        commas += head.p[i] == ',';
        tabs += head.p[i] == '\t';
    }
    return tabs > commas ? '\t' : ',';
}

md_err md_read_csv(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags)
{
    (void)cat;
    csv_reader r = {0};
    r.st = st;
    r.diags = diags;
    r.path = md_source_path(src);
    struct csv_parser p;
    if (csv_init(&p, 0) != 0)
        return MD_ERR_INTERNAL;
    csv_set_delim(&p, pick_delimiter(md_source_peek(src)));
    char *block = md_xmalloc(CSV_BLOCK);
    md_err err = MD_OK;
    long n;
    while ((n = md_source_read(src, block, CSV_BLOCK)) > 0) {
        if (csv_parse(&p, block, (size_t)n, on_field, on_row, &r) != (size_t)n) {
            md_diags_add(diags, MD_DIAG_WARNING, r.path, r.row + 1, 0, "%s",
                         csv_strerror(csv_error(&p)));
            break;
        }
    }
    if (n < 0)
        err = MD_ERR_IO;
    csv_fini(&p, on_field, on_row, &r);
    csv_free(&p);
    free(block);
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    in->lines = r.row;
    in->bad_records = r.ragged;
    if (r.ragged)
        md_diags_add(diags, MD_DIAG_WARNING, r.path, 0, 0,
                     "%lu row%s more fields than the header; the extra fields were ignored", r.ragged,
                     r.ragged == 1 ? " has" : "s have");
    for (size_t i = 0; i < r.nnames; i++)
        free(r.names[i]);
    free(r.names);
    return err;
}
