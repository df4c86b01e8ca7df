/* Readers: one input into the store, by format. */
#ifndef MLDIAG_READER_H
#define MLDIAG_READER_H

#include "mldiag/source.h"
#include "mldiag/store.h"

/* Largest JSON document read (JSONL and text stream instead), and the
 * most values of one whose tree is built whole. A root array and a root
 * object's log_history are read an entry at a time; any other shape
 * becomes cJSON's tree of the whole, about 100 bytes a value (40 times
 * the text of an array of zeros): 4M values hold a notebook of a million
 * output lines, in 400 to 650 MB at most. */
#define MD_JSON_MAX ((size_t)256 << 20)
#define MD_JSON_TREE_VALUES ((size_t)4 << 20)

/* Sniffs src, begins a new input in st and reads all of src into it.
 * *fmt receives the format found. Returns MD_OK, MD_ERR_FORMAT for binary
 * or empty input (with a diagnostic saying which), MD_ERR_IO on a read
 * error. Malformed lines, rows or objects are capped warnings. */
md_err md_read(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags, md_format *fmt);

/* The console-log reader one line at a time, for following a growing log:
 * lines go into the store's current input (begin one first). The reader
 * borrows the store and catalog. */
typedef struct md_text_reader md_text_reader;
md_text_reader *md_text_reader_new(md_store *st, const md_catalog *cat);
/* The input's first bytes, as md_read peeks them (MD_SOURCE_PEEK), before
 * its first line: whether srun --label numbers every line is told there. */
void md_text_reader_head(md_text_reader *r, md_str head);
void md_text_reader_line(md_text_reader *r, md_str line, unsigned long lineno);
/* Reads what waits for a line that may never come (a log dict waiting for
 * its bar's redraw, a wrapped dict, a block of results): the input ended. */
void md_text_reader_finish(md_text_reader *r);
void md_text_reader_free(md_text_reader *r);

/* Reads src as format fmt, without sniffing (for tests and fuzzing). */
md_err md_read_as(md_store *st, md_source *src, md_format fmt, const md_catalog *cat, md_diags *diags);

#endif
