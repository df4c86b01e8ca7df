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
    ls->buf = md_xmalloc_large(ls->cap);
}

void md_lines_fini(md_lines *ls)
{
    free(ls->buf);
    ls->buf = NULL;
}

/* Ends the NUL run being read: a hole when it is long enough. */
static void end_nul_run(md_holes *h)
{
    if (h->run >= MD_NUL_HOLE) {
        h->bytes += h->run;
        h->last_bytes = h->run;
        h->last = h->run_start;
        h->pending = true;
        h->at_end = true;
    } else {
        h->stray += h->run;
    }
    h->run = 0;
}

void md_holes_end(md_holes *h)
{
    end_nul_run(h);
}

/* A log holds no NUL byte, so this is one memchr over the block. */
void md_holes_scan(md_holes *h, const char *p, size_t n, uint64_t at)
{
    const char *q = p, *end = p + n;
    while (q < end) {
        if (h->run == 0) {
            const char *z = memchr(q, 0, (size_t)(end - q));
            if (z != q)
                h->at_end = false;
            if (!z)
                return;
            q = z;
            h->run_start = at + (uint64_t)(q - p);
        }
        const char *r = q;
        while (r < end && *r == 0)
            r++;
        h->run += (uint64_t)(r - q);
        q = r;
        if (q < end)
            end_nul_run(h);
    }
}

/* Moves the unread tail to the front and reads more behind it. Returns false
 * when nothing more could be read. */
static bool fill(md_lines *ls)
{
    if (ls->eof)
        return false;
    if (ls->start > 0) {
        memmove(ls->buf, ls->buf + ls->start, ls->end - ls->start);
        ls->base += ls->start;
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
        md_holes_end(&ls->holes);
        ls->eof = true;
        return false;
    }
    md_holes_scan(&ls->holes, ls->buf + ls->end, (size_t)r, ls->base + ls->end);
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

/* Hands out the line at [start, start + n) and moves past its end (skip
 * bytes more: its '\n'). */
static void hand_out(md_lines *ls, md_str *line, size_t n, size_t skip)
{
    line->p = ls->buf + ls->start;
    line->n = n;
    if (!ls->continued)
        ls->lineno++;
    ls->continued = false;
    md_holes_line(&ls->holes, ls->base + ls->start + n, ls->lineno);
    ls->start += n + skip;
}

static bool all_nul(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

/* A last line without its '\n' that ends in digits and a point ("Val
 * loss: 6." of "Val loss: 6.2419...") was cut in the middle of its last
 * number, which no printf writes so: the line without it. A whole number
 * before the point ("loss: 0.4012.") ends a sentence, and stays. */
static size_t without_cut_number(const char *p, size_t n)
{
    if (n < 2 || p[n - 1] != '.' || !md_is_digit(p[n - 2]))
        return n;
    size_t k = n - 1;
    while (k > 0 && md_is_digit(p[k - 1]))
        k--;
    if (k > 0 && (p[k - 1] == '.' || p[k - 1] == ',' || md_is_letter(p[k - 1])))
        return n;
    if (k > 0 && (p[k - 1] == '-' || p[k - 1] == '+'))
        k--;
    return k;
}

const char *md_last_redraw(const char *p, size_t n)
{
    if (n < 2)
        return NULL;
    for (const char *q = p + n - 1; q > p; q--)
        if (*q == '\r')
            return q;
    return NULL;
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
            hand_out(ls, line, (size_t)(nl - (ls->buf + ls->start)), 1);
            return true;
        }
        scanned = avail;
        const char *cr = avail >= MD_LINE_MAX ? md_last_redraw(ls->buf + ls->start, MD_LINE_MAX) : NULL;
        if (cr) {
            hand_out(ls, line, (size_t)(cr - (ls->buf + ls->start)), 1);
            ls->continued = true;
            return true;
        }
        if (avail >= MD_LINE_MAX) {
            /* Hand out the first MD_LINE_MAX bytes; the rest of the line is
             * dropped on the next call so that *line stays valid until then. */
            hand_out(ls, line, MD_LINE_MAX, 0);
            /* A megabyte of NULs is a hole (counted as one), no line. */
            ls->cut_lines += !all_nul(line->p, line->n);
            ls->pending_skip = true;
            return true;
        }
        if (!fill(ls)) {
            if (ls->end == ls->start)
                return false;
            hand_out(ls, line, ls->end - ls->start, 0);
            line->n = without_cut_number(line->p, line->n);
            return true;
        }
    }
}
