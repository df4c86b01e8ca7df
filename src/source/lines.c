#include <stdlib.h>
#include <string.h>

#include "mldiag/source.h"

#define LINES_BLOCK (1u << 20)
/* Reads of this much at most: what one read copies is still in the cache
 * when the lines in it are parsed (2 MiB reads made the kernel's copy a
 * third of the time spent on JSON Lines). */
#define READ_BLOCK (1u << 18)

void md_lines_init(md_lines *ls, md_source *src)
{
    memset(ls, 0, sizeof *ls);
    ls->src = src;
    ls->cap = LINES_BLOCK + MD_LINE_MAX;
    ls->buf = md_xmalloc(ls->cap);
}

void md_lines_fini(md_lines *ls)
{
    free(ls->buf);
    ls->buf = NULL;
}

/* Moves the unread tail to the front and reads more behind it. Returns false
 * when nothing more could be read. */
static bool fill(md_lines *ls)
{
    if (ls->eof)
        return false;
    if (ls->start > 0) {
        memmove(ls->buf, ls->buf + ls->start, ls->end - ls->start);
        ls->end -= ls->start;
        ls->start = 0;
    }
    size_t room = ls->cap - ls->end;
    if (room == 0)
        return false;
    if (room > READ_BLOCK)
        room = READ_BLOCK;
    long r = md_source_read(ls->src, ls->buf + ls->end, room);
    if (r < 0)
        ls->error = true;
    if (r <= 0) {
        ls->eof = true;
        return false;
    }
    ls->end += (size_t)r;
    return true;
}

/* Discards input up to and including the next '\n'. */
static void skip_rest_of_line(md_lines *ls)
{
    for (;;) {
        char *nl = memchr(ls->buf + ls->start, '\n', ls->end - ls->start);
        if (nl) {
            ls->start = (size_t)(nl - ls->buf) + 1;
            return;
        }
        ls->start = ls->end;
        if (!fill(ls))
            return;
    }
}

bool md_lines_next(md_lines *ls, md_str *line)
{
    if (ls->pending_skip) {
        ls->pending_skip = false;
        skip_rest_of_line(ls);
    }
    size_t scanned = 0;
    for (;;) {
        size_t avail = ls->end - ls->start;
        char *nl = memchr(ls->buf + ls->start + scanned, '\n', avail - scanned);
        if (nl && (size_t)(nl - (ls->buf + ls->start)) <= MD_LINE_MAX) {
            line->p = ls->buf + ls->start;
            line->n = (size_t)(nl - line->p);
            ls->start += line->n + 1;
            ls->lineno++;
            return true;
        }
        scanned = avail;
        if (avail >= MD_LINE_MAX) {
            /* Hand out the first MD_LINE_MAX bytes; the rest of the line is
             * dropped on the next call so that *line stays valid until then. */
            line->p = ls->buf + ls->start;
            line->n = MD_LINE_MAX;
            ls->start += MD_LINE_MAX;
            ls->lineno++;
            ls->cut_lines++;
            ls->pending_skip = true;
            return true;
        }
        if (!fill(ls)) {
            if (ls->end == ls->start)
                return false;
            line->p = ls->buf + ls->start;
            line->n = ls->end - ls->start;
            ls->start = ls->end;
            ls->lineno++;
            return true;
        }
    }
}
