#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/template.h"

typedef enum { FMT_PLAIN, FMT_PERCENT, FMT_RATIO, FMT_INT, FMT_DURATION, FMT_IF, FMT_STEP } fmt;

typedef struct part {
    char *literal; /* text before the value */
    md_expr *expr; /* NULL for the last part and for text signals */
    char *text;    /* a text signal: {event.ID.text}, {run.worst_val_name} */
    fmt format;
} part;

struct md_template {
    part *parts;
    size_t n;
    /* A deferred template's text (borrowed), compiled at its first render,
     * with what it compiles against; NULL once compiled. */
    const char *src;
    const md_catalog *cat;
    const md_expr_lets *lets;
    bool broken; /* a deferred text that did not compile: renders as "?" */
};

static void add_part(md_template *t, md_buf *lit, md_expr *e, char *text, fmt f)
{
    t->parts = md_xrealloc(t->parts, (t->n + 1) * sizeof *t->parts);
    t->parts[t->n++] = (part){md_buf_steal(lit), e, text, f};
}

/* Text signals name a string, not a number: event.ID.text, event.ID.last_text
 * (for an event the catalog has) and the run's (run.worst_val_name). */
static char *text_signal(const char *s, size_t n, const md_catalog *cat)
{
    md_str name = {s, n};
    size_t ntext;
    const md_named *text = md_text_signals(&ntext);
    for (size_t i = 0; i < ntext; i++)
        if (strncmp(text[i].name, "run.", 4) == 0 && md_str_eq(name, text[i].name))
            return md_xstrndup(s, n);
    if (!md_str_starts_with(name, "event."))
        return NULL;
    size_t suffix = md_str_ends_with(name, ".text") ? 5 : md_str_ends_with(name, ".last_text") ? 10 : 0;
    if (!suffix || n - suffix <= 6)
        return NULL;
    /* The id is all up to the last dot ("event.a.b.text" names event a.b). */
    char *id = md_xstrndup(s + 6, n - suffix - 6);
    bool known = md_catalog_find_event(cat, id) >= 0;
    free(id);
    return known ? md_xstrndup(s, n) : NULL;
}

static bool parse_format(const char *spec, size_t n, fmt *f)
{
    static const struct {
        const char *name;
        fmt f;
    } formats[] = {{"%", FMT_PERCENT}, {"x", FMT_RATIO}, {"int", FMT_INT}, {"dur", FMT_DURATION}, {"if", FMT_IF}, {"step", FMT_STEP}};
    for (size_t i = 0; i < MD_COUNT(formats); i++) {
        if (strlen(formats[i].name) == n && strncmp(formats[i].name, spec, n) == 0) {
            *f = formats[i].f;
            return true;
        }
    }
    return false;
}

static bool compile_field(md_template *t, md_buf *lit, const char *text, size_t open, size_t close,
                          const md_catalog *cat, const md_expr_lets *lets, md_expr_error *err)
{
    const char *inner = text + open + 1;
    size_t n = close - open - 1;
    char *signal = text_signal(inner, n, cat);
    if (signal) {
        add_part(t, lit, NULL, signal, FMT_PLAIN);
        return true;
    }
    fmt f = FMT_PLAIN;
    const char *colon = memchr(inner, ':', n);
    size_t expr_len = n;
    if (colon) {
        expr_len = (size_t)(colon - inner);
        if (!parse_format(colon + 1, n - expr_len - 1, &f)) {
            err->offset = (size_t)(colon + 1 - text);
            err->width = n - expr_len - 1;
            snprintf(err->msg, sizeof err->msg, "unknown format '%.*s'", (int)(n - expr_len - 1), colon + 1);
            snprintf(err->help, sizeof err->help, "formats are %%, x, int, dur, step and if");
            return false;
        }
    }
    char *src = md_xstrndup(inner, expr_len);
    md_expr *e = md_expr_compile_with(src, cat, lets, err);
    free(src);
    if (!e) {
        err->offset += open + 1;
        return false;
    }
    add_part(t, lit, e, NULL, f);
    return true;
}

md_template *md_template_compile(const char *text, const md_catalog *cat, const md_expr_lets *lets,
                                 md_expr_error *err)
{
    memset(err, 0, sizeof *err);
    md_template *t = md_xcalloc(1, sizeof *t);
    md_buf lit = {0};
    size_t len = strlen(text);
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if ((c == '{' || c == '}') && text[i + 1] == c) {
            md_buf_putc(&lit, c);
            i++;
            continue;
        }
        if (c == '}') {
            err->offset = i;
            err->width = 1;
            snprintf(err->msg, sizeof err->msg, "'}' without '{'");
            snprintf(err->help, sizeof err->help, "write '}}' for a literal brace");
            goto fail;
        }
        if (c != '{') {
            size_t run = strcspn(text + i, "{}"); /* the text up to the next brace, in one copy */
            md_buf_put(&lit, text + i, run);
            i += run - 1;
            continue;
        }
        const char *close = strchr(text + i, '}');
        if (!close) {
            err->offset = i;
            err->width = 1;
            snprintf(err->msg, sizeof err->msg, "'{' without '}'");
            snprintf(err->help, sizeof err->help, "write '{{' for a literal brace");
            goto fail;
        }
        size_t end = (size_t)(close - text);
        if (!compile_field(t, &lit, text, i, end, cat, lets, err))
            goto fail;
        i = end;
    }
    add_part(t, &lit, NULL, NULL, FMT_PLAIN);
    return t;
fail:
    md_buf_free(&lit);
    md_template_free(t);
    return NULL;
}

md_template *md_template_defer(const char *text, const md_catalog *cat, const md_expr_lets *lets)
{
    md_template *t = md_xcalloc(1, sizeof *t);
    t->src = text;
    t->cat = cat;
    t->lets = lets;
    return t;
}

static void compile_deferred(md_template *t)
{
    md_expr_error err;
    md_template *c = md_template_compile(t->src, t->cat, t->lets, &err);
    if (c) {
        t->parts = c->parts;
        t->n = c->n;
        free(c);
    } else {
        t->broken = true;
    }
    t->src = NULL;
}

void md_template_free(md_template *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++) {
        free(t->parts[i].literal);
        md_expr_free(t->parts[i].expr);
        free(t->parts[i].text);
    }
    free(t->parts);
    free(t);
}

static void put_duration(md_buf *out, double s)
{
    if (s < 1)
        md_buf_puts(out, "under a second");
    else if (s < 60)
        md_buf_printf(out, "%.0fs", s);
    else if (s < 3600)
        md_buf_printf(out, "%.0fm %.0fs", floor(s / 60), fmod(s, 60));
    else if (s < 86400)
        md_buf_printf(out, "%.0fh %.0fm", floor(s / 3600), floor(fmod(s, 3600) / 60));
    else
        md_buf_printf(out, "%.0fd %.0fh", floor(s / 86400), floor(fmod(s, 86400) / 3600));
}

static void put_value(md_buf *out, double v, fmt f)
{
    char b[48];
    switch (f) {
    case FMT_PERCENT:
        snprintf(b, sizeof b, "%.3g%%", v * 100);
        md_buf_puts(out, b);
        break;
    case FMT_RATIO:
        snprintf(b, sizeof b, "%.3gx", v);
        md_buf_puts(out, b);
        break;
    case FMT_INT:
        snprintf(b, sizeof b, "%.0f", v);
        md_buf_puts(out, b);
        break;
    case FMT_DURATION:
        put_duration(out, v);
        break;
    case FMT_PLAIN:
    case FMT_IF:
    case FMT_STEP:
        md_buf_puts(out, md_num_fmt(v, b, sizeof b));
        break;
    }
}

bool md_template_render(md_template *t, md_sigset *sig, md_buf *out)
{
    if (t->src)
        compile_deferred(t);
    if (t->broken) {
        md_buf_putc(out, '?');
        return false;
    }
    bool all = true;
    for (size_t i = 0; i < t->n; i++) {
        const part *p = &t->parts[i];
        md_buf_put_text(out, p->literal, strlen(p->literal));
        if (p->text) {
            /* A log's text (an exception's line) as every report can
             * print it: its controls and direction overrides as '?'. */
            const char *text = md_signal_text(sig, p->text);
            md_buf_put_text(out, text ? text : "?", text ? strlen(text) : 1);
            all &= text != NULL;
        } else if (p->expr && p->format == FMT_IF) {
            md_value v = md_expr_eval(p->expr, sig, NULL);
            all &= v.known && v.v != 0;
        } else if (p->expr) {
            md_value v = md_expr_eval(p->expr, sig, NULL);
            if (v.known && p->format == FMT_STEP)
                md_buf_puts(out, md_expr_counts_entries(p->expr, sig) ? "log entry " : "step ");
            if (v.known)
                put_value(out, v.v, p->format);
            else
                md_buf_putc(out, '?');
            all &= v.known;
        }
    }
    return all;
}
