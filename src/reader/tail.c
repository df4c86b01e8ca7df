/* The lines at the end of a structured input (CSV, JSON Lines) that are
 * none of its records: a script's crash written to the file its metrics go
 * to (python train.py > metrics.jsonl 2>&1), the shell's "Killed". Once the
 * records are read, they are read as console output for their events and
 * tracebacks, at the step the records reached. Lines that are no records
 * in the middle of the input (a warning between two records) are not: the
 * records were read on the feed's thread, and their step is gone. */
#include <stdlib.h>
#include <string.h>

#include "mldiag/reader.h"
#include "reader/reader_int.h"

/* A traceback and the messages around it take a few kilobytes; a longer
 * tail keeps its last lines, where the process ended. */
#define TAIL_BYTES (256u << 10)

void md_tail_add(md_tail *t, md_str line, unsigned long lineno)
{
    if (line.n >= TAIL_BYTES)
        line.n = TAIL_BYTES - 1;
    if (t->text.n + line.n + 1 > TAIL_BYTES || t->n == MD_TAIL_LINES) {
        /* Drop the older half of the lines. */
        size_t keep_from = t->n / 2, cut = keep_from ? t->ends[keep_from - 1] : 0;
        if (t->text.n - cut + line.n + 1 > TAIL_BYTES) {
            keep_from = t->n;
            cut = t->text.n;
        }
        memmove(t->text.p, t->text.p + cut, t->text.n - cut);
        t->text.n -= cut;
        for (size_t i = keep_from; i < t->n; i++) {
            t->ends[i - keep_from] = t->ends[i] - cut;
            t->lines[i - keep_from] = t->lines[i];
        }
        t->n -= keep_from;
    }
    if (!t->ends) {
        t->ends = md_xmalloc(MD_TAIL_LINES * sizeof *t->ends);
        t->lines = md_xmalloc(MD_TAIL_LINES * sizeof *t->lines);
    }
    md_buf_put(&t->text, line.p, line.n);
    t->ends[t->n] = t->text.n;
    t->lines[t->n++] = lineno;
}

void md_tail_read(md_tail *t, md_store *st)
{
    if (!t->n)
        return;
    md_text_reader *r = md_text_events_reader_new(st, md_store_catalog(st));
    size_t from = 0;
    for (size_t i = 0; i < t->n; i++) {
        md_text_reader_line(r, (md_str){t->text.p + from, t->ends[i] - from}, t->lines[i]);
        from = t->ends[i];
    }
    md_text_reader_free(r);
    md_tail_clear(t);
}

void md_tail_free(md_tail *t)
{
    md_buf_free(&t->text);
    free(t->ends);
    free(t->lines);
}
