/* The rule-file syntax:
 *
 *   # comment
 *   [kind id]
 *   key = value
 *       continued value (an indented line continues the one above)
 *   field name = value
 *
 * Sections hold entries; what the keys mean is for the loaders. */
#include <stdlib.h>
#include <string.h>

#include "rules/rules_int.h"

typedef struct cursor {
    rf_file *f;
    md_diags *diags;
    size_t errors;
    rf_section *sec;
    rf_entry *entry; /* the entry an indented line continues */
    size_t value_len, value_cap, pieces_cap; /* of entry */
    unsigned long line;
    bool bad_header; /* the last header was malformed: its entries are not read */
} cursor;

static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
}

/* An entry's argument is a word or a unit ("aliases % = gpu_util"). */
static bool is_arg_char(char ch)
{
    return is_word_char(ch) || ch == '%';
}

static void line_error(cursor *c, const char *p, const char *line_start, size_t len,
                       const char *msg, const char *help)
{
    md_diag *g = md_diags_add(c->diags, MD_DIAG_ERROR, c->f->path, c->line,
                              (unsigned long)(p - line_start) + 1, "%s", msg);
    md_diag_set_excerpt(g, line_start, len, 1);
    if (help)
        md_diag_set_help(g, "%s", help);
    c->errors++;
}

/* An entry's value and pieces grow by doubling in the file's arena: a value
 * continued over many lines costs memory in proportion to its length. */
static void add_piece(cursor *c, size_t offset, unsigned long line, unsigned long col)
{
    rf_entry *e = c->entry;
    if (e->npieces == c->pieces_cap) {
        c->pieces_cap = c->pieces_cap ? 2 * c->pieces_cap : 1;
        rf_piece *grown = md_arena_alloc(&c->f->strings, c->pieces_cap * sizeof *grown);
        if (e->npieces)
            memcpy(grown, e->pieces, e->npieces * sizeof *grown);
        e->pieces = grown;
    }
    e->pieces[e->npieces++] = (rf_piece){offset, line, col};
}

static void parse_header(cursor *c, const char *p, const char *ls, size_t len)
{
    /* Until a header is read, the lines below belong to none: one error
     * for a malformed header, not one for each of its entries. */
    c->sec = NULL;
    c->entry = NULL;
    c->bad_header = true;
    const char *end = ls + len;
    const char *close = memchr(p, ']', (size_t)(end - p));
    if (!close) {
        line_error(c, end, ls, len, "section header lacks its closing ']'", NULL);
        return;
    }
    const char *q = p + 1;
    while (q < close && *q == ' ')
        q++;
    const char *kind = q;
    while (q < close && is_word_char(*q))
        q++;
    size_t kind_len = (size_t)(q - kind);
    while (q < close && *q == ' ')
        q++;
    const char *id = q;
    while (q < close && is_word_char(*q))
        q++;
    size_t id_len = (size_t)(q - id);
    while (q < close && *q == ' ')
        q++;
    if (kind_len == 0 || id_len == 0 || q != close) {
        line_error(c, q < close && id_len ? q : id, ls, len,
                   "a section header is '[kind id]', e.g. '[rule nan_loss]'",
                   "a kind and an id hold ASCII letters, digits, '_', '.' and '-'");
        return;
    }
    for (const char *r = close + 1; r < end; r++) {
        if (*r == '#')
            break;
        if (*r != ' ' && *r != '\t' && *r != '\r') {
            line_error(c, r, ls, len, "unexpected text after the section header", NULL);
            return;
        }
    }
    rf_file *f = c->f;
    MD_GROW(f->sections, f->nsections, f->capsections);
    rf_section *s = &f->sections[f->nsections++];
    memset(s, 0, sizeof *s);
    s->kind = md_arena_strndup(&f->strings, kind, kind_len);
    s->id = md_arena_strndup(&f->strings, id, id_len);
    s->line = c->line;
    s->col = (unsigned long)(id - ls) + 1;
    s->kind_col = (unsigned long)(kind - ls) + 1;
    c->sec = s;
    c->entry = NULL;
    c->bad_header = false;
}

static void trim_value(const char **v, const char **end)
{
    while (*v < *end && (**v == ' ' || **v == '\t'))
        (*v)++;
    while (*end > *v && ((*end)[-1] == ' ' || (*end)[-1] == '\t' || (*end)[-1] == '\r'))
        (*end)--;
}

static void parse_continuation(cursor *c, const char *p, const char *ls, size_t len)
{
    const char *end = ls + len;
    trim_value(&p, &end);
    rf_entry *e = c->entry;
    size_t old = c->value_len, add = (size_t)(end - p);
    if (old + add + 2 > c->value_cap) {
        c->value_cap = 2 * (old + add + 2);
        char *grown = md_arena_alloc(&c->f->strings, c->value_cap);
        memcpy(grown, e->value, old);
        e->value = grown;
    }
    size_t at = old;
    if (old) {
        e->value[at++] = ' ';
    }
    memcpy(e->value + at, p, add);
    e->value[at + add] = '\0';
    c->value_len = at + add;
    add_piece(c, at, c->line, (unsigned long)(p - ls) + 1);
}

static void parse_entry(cursor *c, const char *p, const char *ls, size_t len)
{
    const char *end = ls + len;
    if (!c->sec) {
        if (!c->bad_header)
            line_error(c, p, ls, len, "an entry outside any section", "start a section with '[rule ID]'");
        return;
    }
    const char *key = p;
    while (p < end && is_word_char(*p))
        p++;
    size_t key_len = (size_t)(p - key);
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    const char *arg = NULL;
    size_t arg_len = 0;
    if (p < end && *p != '=' && is_arg_char(*p)) {
        arg = p;
        while (p < end && is_arg_char(*p))
            p++;
        arg_len = (size_t)(p - arg);
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
    }
    if (key_len == 0 || p >= end || *p != '=') {
        line_error(c, p, ls, len, "expected 'key = value'", NULL);
        return;
    }
    const char *v = p + 1;
    trim_value(&v, &end);
    rf_section *s = c->sec;
    MD_GROW(s->entries, s->nentries, s->capentries);
    rf_entry *e = &s->entries[s->nentries++];
    memset(e, 0, sizeof *e);
    md_arena *strings = &c->f->strings;
    e->key = md_arena_strndup(strings, key, key_len);
    e->arg = arg ? md_arena_strndup(strings, arg, arg_len) : NULL;
    e->value = md_arena_strndup(strings, v, (size_t)(end - v));
    e->line = c->line;
    e->col = (unsigned long)(key - ls) + 1;
    e->arg_col = arg ? (unsigned long)(arg - ls) + 1 : 0;
    c->entry = e;
    c->value_len = (size_t)(end - v);
    c->value_cap = c->value_len + 1;
    c->pieces_cap = 0;
    add_piece(c, 0, c->line, (unsigned long)(v - ls) + 1);
}

static void parse_line(cursor *c, const char *ls, size_t len)
{
    const char *p = ls, *end = ls + len;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    bool indented = p > ls;
    if (p == end || *p == '#' || *p == ';') {
        return; /* blank lines and comments do not end a continued value */
    }
    if (indented && c->entry) {
        parse_continuation(c, p, ls, len);
        return;
    }
    if (*p == '[') {
        parse_header(c, p, ls, len);
        return;
    }
    parse_entry(c, p, ls, len);
}

/* How many bytes at the start of p are valid UTF-8 (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF). */
static size_t utf8_valid_prefix(const unsigned char *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (k == 0 || i + k > n)
            return i;
        unsigned lo = 0x80, hi = 0xBF; /* the second byte's range */
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
        else if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
        for (size_t j = 1; j < k; j++)
            if (p[i + j] < (j == 1 ? lo : 0x80) || p[i + j] > (j == 1 ? hi : 0xBF))
                return i;
        i += k;
    }
    return i;
}

size_t rf_parse(rf_file *f, const char *path, char *text, size_t len, bool builtin, md_diags *diags)
{
    memset(f, 0, sizeof *f);
    f->path = md_xstrdup(path);
    f->text = text;
    f->len = len;
    cursor c = {.f = f, .diags = diags};
    const unsigned char *u = (const unsigned char *)text;
    if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF))) {
        md_diags_add(diags, MD_DIAG_ERROR, path, 0, 0,
                     "rule file is UTF-16 (it starts with a byte-order mark); save it as UTF-8");
        return 1;
    }
    const char *nul = memchr(text, '\0', len);
    if (nul) {
        /* Where the first one is, as every other error says it. */
        unsigned long line = 1, col = 1;
        for (const char *p = text; p < nul; p++) {
            line += *p == '\n';
            col = *p == '\n' ? 1 : col + 1;
        }
        md_diags_add(diags, MD_DIAG_ERROR, path, line, col, "rule file holds NUL bytes; is it binary?");
        return 1;
    }
    /* The byte-order mark some editors put before UTF-8 is no text. */
    size_t start = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (start < len) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t n = nl ? (size_t)(nl - (text + start)) : len - start;
        c.line++;
        /* The built-in files pass this check when the tests read them as
         * a user's (test_builtin_files_pass_user_checks); scanning their
         * bytes again was a seventh of a small log's run. */
        size_t valid = builtin ? n : utf8_valid_prefix(u + start, n);
        if (valid < n) {
            /* No excerpt: the line's bytes are not text to print. The line
             * is still parsed, so that its entry does not go missing too. */
            md_diags_add(diags, MD_DIAG_ERROR, path, c.line, (unsigned long)valid + 1,
                         "invalid UTF-8 (byte 0x%02X); rule files are UTF-8 text", u[start + valid]);
            c.errors++;
        }
        parse_line(&c, text + start, n);
        start += n + 1;
    }
    for (size_t i = 0; i < f->nsections; i++) {
        f->sections[i].path = f->path;
        f->sections[i].text = f->text;
        f->sections[i].textlen = f->len;
    }
    return c.errors;
}

void rf_file_fini(rf_file *f)
{
    for (size_t i = 0; i < f->nsections; i++)
        free(f->sections[i].entries);
    md_arena_free(&f->strings);
    free(f->sections);
    free(f->path);
    free(f->text);
    memset(f, 0, sizeof *f);
}

void rf_locate(const rf_entry *e, size_t at, unsigned long *line, unsigned long *col)
{
    size_t k = 0;
    while (k + 1 < e->npieces && e->pieces[k + 1].offset <= at)
        k++;
    *line = e->pieces[k].line;
    *col = e->pieces[k].col + (unsigned long)(at - e->pieces[k].offset);
}

static void excerpt_line(const rf_section *s, unsigned long line, md_diag *g, size_t width)
{
    if (!g || !s->text)
        return;
    const char *p = s->text, *end = s->text + s->textlen;
    for (unsigned long l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    md_diag_set_excerpt(g, p, (size_t)((nl ? nl : end) - p), (unsigned long)(width ? width : 1));
}

static md_diag *verror(md_diags *diags, const rf_section *s, unsigned long line, unsigned long col,
                       size_t width, const char *fmt, va_list ap)
{
    md_buf msg = {0};
    md_buf_vprintf(&msg, fmt, ap);
    md_diag *g = md_diags_add(diags, MD_DIAG_ERROR, s->path, line, col, "%s", md_buf_cstr(&msg));
    md_buf_free(&msg);
    excerpt_line(s, line, g, width);
    return g;
}

md_diag *rf_error(md_diags *diags, const rf_section *s, const rf_entry *e, size_t at, size_t width,
                  const char *fmt, ...)
{
    unsigned long line, col;
    rf_locate(e, at, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    md_diag *g = verror(diags, s, line, col, width, fmt, ap);
    va_end(ap);
    return g;
}

md_diag *rf_error_at(md_diags *diags, const rf_section *s, unsigned long line, unsigned long col,
                     size_t width, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    md_diag *g = verror(diags, s, line, col, width, fmt, ap);
    va_end(ap);
    return g;
}

const rf_entry *rf_get(const rf_section *s, const char *key)
{
    for (size_t i = 0; i < s->nentries; i++)
        if (strcmp(s->entries[i].key, key) == 0)
            return &s->entries[i];
    return NULL;
}
