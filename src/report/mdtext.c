#include <ctype.h>
#include <string.h>

#include "report/mdtext_int.h"

static bool ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

void mdtext_escape(md_buf *out, const char *s, size_t n, bool table)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        bool intraword = i > 0 && i + 1 < n && ident(s[i - 1]) && ident(s[i + 1]);
        if (c == '\n' || c == '\r') {
            md_buf_putc(out, table ? ' ' : '\n');
            continue;
        }
        if (strchr("\\`*[]<>|~$&", c) || (c == '_' && !intraword) || (c == '#' && i == 0))
            md_buf_putc(out, '\\');
        md_buf_putc(out, c);
    }
}

void mdtext_code(md_buf *out, const char *s, size_t n, bool table)
{
    /* Line breaks would end the span (and a table's row), controls reach
     * the reader's terminal, bytes that are no UTF-8 break the page. */
    md_buf text = {0};
    for (size_t i = 0, k; i < n; i += k) {
        for (k = 0; i + k < n && s[i + k] != '\n' && s[i + k] != '\r';)
            k++;
        md_buf_put_text(&text, s + i, k);
        if (i + k < n) {
            md_buf_putc(&text, ' ');
            k++;
        }
    }
    size_t run = 0, longest = 0;
    for (size_t i = 0; i < text.n; i++) {
        run = text.p[i] == '`' ? run + 1 : 0;
        longest = run > longest ? run : longest;
    }
    bool space = text.n && (text.p[0] == '`' || text.p[text.n - 1] == '`');
    for (size_t i = 0; i <= longest; i++)
        md_buf_putc(out, '`');
    if (space)
        md_buf_putc(out, ' ');
    /* GitHub splits a table's cells at '|' inside code spans too. */
    for (size_t i = 0; i < text.n; i++) {
        if (table && text.p[i] == '|')
            md_buf_putc(out, '\\');
        md_buf_putc(out, text.p[i]);
    }
    if (space)
        md_buf_putc(out, ' ');
    for (size_t i = 0; i <= longest; i++)
        md_buf_putc(out, '`');
    md_buf_free(&text);
}

/* Open minus closed brackets in s[0..n). */
static int balance(const char *s, size_t n)
{
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (strchr("([{", s[i]))
            depth++;
        else if (strchr(")]}", s[i]))
            depth--;
    }
    return depth;
}

/* name(...), but not a plural: "time(s)", "batch(es)". */
static bool has_call(const char *s, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        if (s[i] != '(' || !ident(s[i - 1]) || !memchr(s + i, ')', n - i))
            continue;
        if ((i + 2 < n && memcmp(s + i, "(s)", 3) == 0) || (i + 3 < n && memcmp(s + i, "(es)", 4) == 0))
            continue;
        return true;
    }
    return false;
}

static bool has_member(const char *s, size_t n)
{
    if ((n >= 3 && (memcmp(s, "e.g", 3) == 0 || memcmp(s, "i.e", 3) == 0)))
        return false;
    for (size_t i = 1; i + 1 < n; i++)
        if (s[i] == '.' && (isalpha((unsigned char)s[i - 1]) || s[i - 1] == '_') &&
            isalpha((unsigned char)s[i + 1]))
            return true;
    return false;
}

static bool strpbrk_n(const char *s, size_t n, const char *set)
{
    for (size_t i = 0; i < n; i++)
        if (strchr(set, s[i]))
            return true;
    return false;
}

static bool looks_like_code(const char *s, size_t n)
{
    if (n > 2 && s[0] == '-' && s[1] == '-' && isalpha((unsigned char)s[2]))
        return true;
    /* A list or dict literal, not a bracketed word: ["a", "b"], {k: v}. */
    if (n > 1 && strchr("[{", s[0]) && balance(s, n) == 0 && strpbrk_n(s, n, "\"':=,("))
        return true;
    const char *eq = memchr(s, '=', n);
    if (eq && eq > s && ident(eq[-1]))
        return true;
    for (size_t i = 1; i + 1 < n; i++)
        if (s[i] == '_' && ident(s[i - 1]) && ident(s[i + 1]))
            return true;
    return has_call(s, n) || has_member(s, n);
}

#define MAX_SPAN_WORDS 12

/* The end of the word at p, extended over following words while brackets
 * opened in it are still open. */
static size_t word_end(const char *p)
{
    size_t n = strcspn(p, " \n");
    if (balance(p, n) <= 0)
        return n;
    size_t m = n;
    for (int words = 0; p[m] == ' ' && words < MAX_SPAN_WORDS; words++) {
        m += 1 + strcspn(p + m + 1, " \n");
        if (balance(p, m) <= 0)
            return m;
    }
    return n;
}

static bool odd_count(const char *s, size_t n, char c)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == c;
    return k % 2 == 1;
}

/* Splits a word into a core that may be code and the prose punctuation
 * after it: "max_norm=1.0);" -> "max_norm=1.0", ");". */
static void trim_word(const char *p, size_t n, size_t *lead, size_t *core)
{
    size_t a = 0, b = n;
    for (;;) {
        if (b > a + 1 && p[b - 2] == '\'' && p[b - 1] == 's')
            b -= 2;
        else if (b > a && strchr(",;:.!?", p[b - 1]))
            b--;
        else if (b > a && (p[b - 1] == '"' || p[b - 1] == '\'') && odd_count(p + a, b - a, p[b - 1]))
            b--;
        else if (b > a && strchr(")]}", p[b - 1]) && balance(p + a, b - a) < 0)
            b--;
        else
            break;
    }
    *lead = a;
    *core = b - a;
}

void mdtext_inline(md_buf *out, const char *s)
{
    const char *p = s;
    while (*p) {
        /* Spaces, and parentheses opening prose around a word. */
        size_t gap = strspn(p, " \n(");
        mdtext_escape(out, p, gap, false);
        p += gap;
        if (!*p)
            break;
        size_t n = word_end(p), lead, core;
        trim_word(p, n, &lead, &core);
        if (core && looks_like_code(p + lead, core)) {
            mdtext_escape(out, p, lead, false);
            mdtext_code(out, p + lead, core, false);
            mdtext_escape(out, p + lead + core, n - lead - core, false);
        } else {
            mdtext_escape(out, p, n, false);
        }
        p += n;
    }
}

static const char *const commands[] = {"python", "python3", "torchrun", "pip", "accelerate",
                                       "deepspeed", "export", "srun", "sbatch", "nvidia-smi"};

bool mdtext_is_block(const char *s)
{
    if (strchr(s, '\n'))
        return true;
    size_t n = strcspn(s, " ");
    const char *eq = memchr(s, '=', n);
    if (eq && eq > s) {
        bool env = true;
        for (const char *c = s; c < eq; c++)
            env &= isupper((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '_';
        if (env)
            return true;
    }
    for (size_t i = 0; i < MD_COUNT(commands); i++)
        if (strlen(commands[i]) == n && memcmp(s, commands[i], n) == 0)
            return true;
    return false;
}

void mdtext_fence(md_buf *out, const char *s, int indent)
{
    size_t run = 0, longest = 2;
    for (const char *c = s; *c; c++) {
        run = *c == '`' ? run + 1 : 0;
        longest = run > longest ? run : longest;
    }
    md_buf_printf(out, "%*s", indent, "");
    for (size_t i = 0; i <= longest; i++)
        md_buf_putc(out, '`');
    md_buf_putc(out, '\n');
    for (const char *line = s; *line;) {
        size_t n = strcspn(line, "\n");
        md_buf_printf(out, "%*s", indent, "");
        md_buf_put(out, line, n);
        md_buf_putc(out, '\n');
        line += n + (line[n] == '\n');
    }
    md_buf_printf(out, "%*s", indent, "");
    for (size_t i = 0; i <= longest; i++)
        md_buf_putc(out, '`');
    md_buf_putc(out, '\n');
}
