#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/diag.h"

void md_diags_init(md_diags *d)
{
    memset(d, 0, sizeof *d);
}

static void diag_fini(md_diag *g)
{
    free(g->path);
    free(g->msg);
    free(g->excerpt);
    free(g->help);
}

void md_diags_free(md_diags *d)
{
    for (size_t i = 0; i < d->n; i++)
        diag_fini(&d->v[i]);
    free(d->v);
    for (size_t i = 0; i < d->nover; i++)
        free(d->over[i].path);
    free(d->over);
    md_diags_init(d);
}

static size_t *path_warnings(md_diags *d, const char *path)
{
    const char *key = path ? path : "";
    for (size_t i = 0; i < d->nover; i++)
        if (strcmp(d->over[i].path, key) == 0)
            return &d->over[i].count;
    MD_GROW(d->over, d->nover, d->capover);
    d->over[d->nover].path = md_xstrdup(key);
    d->over[d->nover].count = 0;
    return &d->over[d->nover++].count;
}

md_diag *md_diags_add(md_diags *d, md_diag_level level, const char *path, unsigned long line,
                      unsigned long col, const char *fmt, ...)
{
    if (level == MD_DIAG_WARNING) {
        d->warnings++;
        if ((*path_warnings(d, path))++ >= MD_DIAG_WARN_CAP)
            return NULL;
    } else if (level == MD_DIAG_ERROR) {
        d->errors++;
    }
    MD_GROW(d->v, d->n, d->cap);
    md_diag *g = &d->v[d->n++];
    memset(g, 0, sizeof *g);
    g->level = level;
    g->path = path ? md_xstrdup(path) : NULL;
    g->line = line;
    g->col = col;
    md_buf msg = {0};
    va_list ap;
    va_start(ap, fmt);
    md_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    g->msg = md_buf_steal(&msg);
    return g;
}

void md_diag_set_excerpt(md_diag *g, const char *text, size_t n, unsigned long width)
{
    if (!g)
        return;
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        n--;
    if (n > 200)
        n = md_utf8_cut(text, 200);
    free(g->excerpt);
    g->excerpt = md_xstrndup(text, n);
    g->width = width;
}

void md_diag_set_help(md_diag *g, const char *fmt, ...)
{
    if (!g)
        return;
    md_buf help = {0};
    va_list ap;
    va_start(ap, fmt);
    md_buf_vprintf(&help, fmt, ap);
    va_end(ap);
    free(g->help);
    g->help = md_buf_steal(&help);
}

void md_diags_move(md_diags *dst, md_diags *src)
{
    for (size_t i = 0; i < src->n; i++) {
        MD_GROW(dst->v, dst->n, dst->cap);
        dst->v[dst->n++] = src->v[i];
    }
    dst->errors += src->errors;
    dst->warnings += src->warnings;
    for (size_t i = 0; i < src->nover; i++) {
        *path_warnings(dst, src->over[i].path) += src->over[i].count;
        free(src->over[i].path);
    }
    free(src->over);
    free(src->v);
    md_diags_init(src);
}

static const char *level_name(md_diag_level level)
{
    switch (level) {
    case MD_DIAG_ERROR:
        return "error";
    case MD_DIAG_WARNING:
        return "warning";
    case MD_DIAG_NOTE:
        return "note";
    }
    return "error";
}

/* Text from a rule file, an expression or a log, with its control
 * characters (an escape sequence that would retitle or recolour the
 * terminal) shown as '?': one byte for one, so the caret under an excerpt
 * still lines up. */
static void put_visible(md_buf *out, const char *text)
{
    size_t n = strlen(text);
    for (size_t i = 0; i < n;) {
        size_t control = md_control_at(text + i, n - i);
        if (!control)
            md_buf_putc(out, text[i++]);
        for (; control; control--, i++)
            md_buf_putc(out, '?');
    }
}

static void render_one(const md_diag *g, md_buf *out)
{
    md_buf_puts(out, "mldiag: ");
    if (g->path) {
        put_visible(out, g->path);
        if (g->line)
            md_buf_printf(out, ":%lu", g->line);
        if (g->line && g->col)
            md_buf_printf(out, ":%lu", g->col);
        md_buf_puts(out, ": ");
    }
    md_buf_printf(out, "%s: ", level_name(g->level));
    put_visible(out, g->msg);
    md_buf_putc(out, '\n');
    if (g->excerpt) {
        md_buf_puts(out, "    ");
        put_visible(out, g->excerpt);
        md_buf_putc(out, '\n');
        size_t len = strlen(g->excerpt);
        /* The caret only under the excerpt: a column past its cut (a 2 MB
         * line) would print as many blanks. */
        if (g->col && g->col <= len + 1) {
            md_buf_puts(out, "    ");
            for (unsigned long i = 1; i < g->col; i++)
                md_buf_putc(out, g->excerpt[i - 1] == '\t' ? '\t' : ' ');
            md_buf_putc(out, '^');
            for (unsigned long i = 1; i < g->width && g->col + i <= len; i++)
                md_buf_putc(out, '~');
            md_buf_putc(out, '\n');
        }
    }
    if (g->help) {
        md_buf_puts(out, "    help: ");
        put_visible(out, g->help);
        md_buf_putc(out, '\n');
    }
}

void md_diags_render(const md_diags *d, md_buf *out)
{
    for (size_t i = 0; i < d->n; i++)
        render_one(&d->v[i], out);
    for (size_t i = 0; i < d->nover; i++) {
        if (d->over[i].count > MD_DIAG_WARN_CAP)
            md_buf_printf(out, "mldiag: %s%s...and %zu more warnings\n", d->over[i].path,
                          d->over[i].path[0] ? ": " : "", d->over[i].count - MD_DIAG_WARN_CAP);
    }
}
