/* Expression compiler: a precedence-climbing parser that emits postfix code
 * for the evaluator in eval.c. Names are resolved here, once: a misspelt
 * signal is an error with a suggestion, not an unknown at run time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/expr_int.h"

typedef enum { T_END, T_NUM, T_IDENT, T_OP, T_LPAREN, T_RPAREN, T_COMMA, T_BAD } tok_kind;

typedef struct token {
    tok_kind kind;
    size_t at, len;
    double num;
    int op; /* OP_* for operators */
} token;

typedef struct parser {
    const char *text;
    size_t len; /* of text */
    size_t pos;
    token tok;
    const md_catalog *cat;
    const md_expr_lets *lets;
    op *ops; /* the code so far: on the stack, then on the heap if it grows */
    size_t n, cap;
    bool ops_on_heap;
    size_t names_size; /* the bytes the ops' names take, NULs included */
    md_expr_error *err;
    bool failed;
    int depth;
} parser;

#define MAX_DEPTH 200

static bool ident_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           (!first && ((c >= '0' && c <= '9') || c == '.'));
}

static void fail(parser *p, size_t at, size_t width, const char *help, const char *fmt, ...) MD_PRINTF(5, 6);

static void fail(parser *p, size_t at, size_t width, const char *help, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    p->err->offset = at;
    p->err->width = width ? width : 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
    va_end(ap);
    snprintf(p->err->help, sizeof p->err->help, "%s", help ? help : "");
}

/* The operator at s ("&&", "<=", "!", ...): its OP_* and length, or 0. */
static size_t operator_at(const char *s, int *code)
{
    char c = s[0], d = s[1];
    switch (c) {
    case '&':
    case '|':
        *code = c == '&' ? OP_AND : OP_OR;
        return d == c ? 2 : 0;
    case '<':
    case '>':
        *code = d == '=' ? (c == '<' ? OP_LE : OP_GE) : (c == '<' ? OP_LT : OP_GT);
        return d == '=' ? 2 : 1;
    case '=':
        *code = OP_EQ;
        return d == '=' ? 2 : 0;
    case '!':
        *code = d == '=' ? OP_NE : OP_NOT;
        return d == '=' ? 2 : 1;
    case '+':
    case '-':
    case '*':
    case '/':
        *code = c == '+' ? OP_ADD : c == '-' ? OP_SUB : c == '*' ? OP_MUL : OP_DIV;
        return 1;
    default:
        return 0;
    }
}

static void next(parser *p)
{
    const char *s = p->text;
    while (s[p->pos] == ' ' || s[p->pos] == '\t' || s[p->pos] == '\n' || s[p->pos] == '\r')
        p->pos++;
    token *t = &p->tok;
    t->at = p->pos;
    char c = s[p->pos];
    if (c == '\0') {
        *t = (token){T_END, p->pos, 0, 0, 0};
        return;
    }
    if ((c >= '0' && c <= '9') || (c == '.' && s[p->pos + 1] >= '0' && s[p->pos + 1] <= '9')) {
        size_t n = md_num_scan(s + p->pos, s + p->len, &t->num);
        if (n && ident_char(s[p->pos + n], true)) {
            t->kind = T_BAD;
            t->len = n + 1;
            return;
        }
        t->kind = T_NUM;
        t->len = n;
        p->pos += n;
        return;
    }
    if (ident_char(c, true)) {
        size_t n = 0;
        while (ident_char(s[p->pos + n], n == 0))
            n++;
        t->kind = T_IDENT;
        t->len = n;
        p->pos += n;
        return;
    }
    t->len = 1;
    p->pos++;
    if (c == '(' || c == ')' || c == ',') {
        t->kind = c == '(' ? T_LPAREN : c == ')' ? T_RPAREN : T_COMMA;
        return;
    }
    size_t n = operator_at(s + t->at, &t->op);
    t->kind = n ? T_OP : T_BAD;
    if (n) {
        t->len = n;
        p->pos = t->at + n;
    } else if ((unsigned char)c >= 0x80) {
        /* A character outside the language ("≤") is quoted whole. */
        size_t k = md_utf8_char(s + t->at, p->len - t->at);
        t->len = k ? k : 1;
    }
}

static bool ident_is(const parser *p, const char *word)
{
    return p->tok.kind == T_IDENT && p->tok.len == strlen(word) &&
           strncmp(p->text + p->tok.at, word, p->tok.len) == 0;
}

/* An op's name and feat point into the text being compiled, or into the
 * block of a let's expression, until the expression's block holds them. */
static void emit(parser *p, op o)
{
    if (p->n == p->cap) {
        p->cap *= 2;
        if (p->ops_on_heap) {
            p->ops = md_xrealloc(p->ops, p->cap * sizeof *p->ops);
        } else {
            op *heap = md_xmalloc(p->cap * sizeof *heap);
            memcpy(heap, p->ops, p->n * sizeof *heap);
            p->ops = heap;
            p->ops_on_heap = true;
        }
    }
    p->ops[p->n++] = o;
    p->names_size += (o.name ? o.namelen + 1 : 0) + (o.feat ? o.featlen + 1 : 0);
}

static op named_op(int code, int feature, const char *name, size_t namelen, const char *feat, size_t featlen)
{
    return (op){(uint8_t)code, 0, feature, 0, name, feat, (uint32_t)namelen, (uint32_t)featlen};
}

static void parse_or(parser *p);

static const char *best_match(const char *word, const char *const *names, size_t n, size_t *dist)
{
    const char *best = NULL;
    *dist = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        size_t d = md_name_distance(word, names[i]);
        if (d < *dist) {
            *dist = d;
            best = names[i];
        }
    }
    return best;
}

/* "did you mean" among every signal name the catalog allows. */
static void suggest_signal(parser *p, const char *name, char *help, size_t cap)
{
    size_t nf, ne, nl, nr;
    const md_feature *feats = md_series_features(&nf);
    const md_named *ev = md_event_features(&ne);
    const md_named *lf = md_log_features(&nl);
    const md_named *rf = md_run_features(&nr);
    md_buf cand = {0};
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    char buf[256];
    const md_catalog *cat = p->cat;
    for (size_t i = 0; i < md_catalog_nseries(cat); i++) {
        const md_series_spec *spec = md_catalog_series(cat, i);
        if (spec->role != MD_ROLE_SERIES)
            continue;
        for (size_t f = 0; f < nf; f++) {
            snprintf(buf, sizeof buf, "%s.%s", spec->name, feats[f].name);
            size_t d = md_name_distance(name, buf);
            if (d < best_d) {
                best_d = d;
                md_buf_reset(&cand);
                md_buf_puts(&cand, buf);
            }
        }
    }
    for (size_t i = 0; i < md_catalog_nevents(cat); i++) {
        const md_event_spec *es = md_catalog_event(cat, i);
        for (size_t f = 0; f + 1 < ne; f++) {
            snprintf(buf, sizeof buf, "event.%s.%s", es->id, ev[f].name);
            size_t d = md_name_distance(name, buf);
            if (d < best_d) {
                best_d = d;
                md_buf_reset(&cand);
                md_buf_puts(&cand, buf);
            }
        }
    }
    for (size_t f = 0; f < nl + nr; f++) {
        snprintf(buf, sizeof buf, "%s.%s", f < nl ? "log" : "run", f < nl ? lf[f].name : rf[f - nl].name);
        size_t d = md_name_distance(name, buf);
        if (d < best_d) {
            best_d = d;
            md_buf_reset(&cand);
            md_buf_puts(&cand, buf);
        }
    }
    best = cand.n ? cand.p : NULL;
    /* A feature of a series the catalog does not name ("bleu.last" on a
     * log that logs bleu): unless a letter or so is off, the series wants
     * a section of its own. */
    const char *dot = strrchr(name, '.');
    bool feature = false;
    for (size_t f = 0; dot && f < nf && !feature; f++)
        feature = strcmp(dot + 1, feats[f].name) == 0;
    if (feature && best_d > 2 && !memchr(name, '.', (size_t)(dot - name)))
        snprintf(help, cap,
                 "'%.*s' is no series of the catalog: define it in a rule file, [series %.*s] with its kind and "
                 "better (for --expect, given with --rules)",
                 (int)(dot - name), name, (int)(dot - name), name);
    else if (best && best_d <= 3 + strlen(name) / 6)
        snprintf(help, cap, "did you mean '%s'?", best);
    md_buf_free(&cand);
}

static bool event_field_ok(const md_event_spec *es, const char *feat)
{
    size_t n;
    const md_named *ev = md_event_features(&n);
    for (size_t i = 0; i + 1 < n; i++)
        if (strcmp(ev[i].name, feat) == 0)
            return true;
    static const char *const suffixes[] = {"", "_first", "_min", "_max"};
    for (size_t f = 0; f < es->nfields; f++) {
        size_t len = strlen(es->fields[f].name);
        if (strncmp(feat, es->fields[f].name, len) != 0)
            continue;
        for (size_t k = 0; k < MD_COUNT(suffixes); k++)
            if (strcmp(feat + len, suffixes[k]) == 0)
                return true;
    }
    return false;
}

static bool named_ok(const md_named *list, size_t n, const char *feat)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i].name, feat) == 0)
            return true;
    return false;
}

/* A bare word that names a let: its code, copied in place. Lets that use
 * lets double in size with each level ("let b = a + a"), and a chain of
 * them ("let b = a + 1", "let c = b + 1", ...) copies quadratically in all.
 * The largest built-in expression is 394 operations, and the built-in
 * rules copy 8,113 from lets in all: past LET_OPS_MAX operations in one
 * expression, or LET_COPIES_MAX copied by all the rules loaded together
 * (8 MiB of code), an expression is refused rather than grown without
 * bound. */
#define LET_OPS_MAX 65536
#define LET_COPIES_MAX 262144

static bool let_fits(parser *p, size_t at, size_t len, const char *name, size_t ops)
{
    if (p->n + ops > LET_OPS_MAX) {
        fail(p, at, len, "use fewer lets within lets", "'%s' makes the expression too large", name);
        return false;
    }
    size_t *copied = p->lets->copied;
    if (copied && *copied + ops > LET_COPIES_MAX) {
        fail(p, at, len, "each use of a let copies it: use fewer lets within lets",
             "'%s' makes the rules too large (over %d operations copied from lets)", name, LET_COPIES_MAX);
        return false;
    }
    if (copied)
        *copied += ops;
    return true;
}

static bool inline_let(parser *p, size_t at, size_t len, const char *name)
{
    long i = p->lets ? md_expr_lets_find(p->lets, name) : -1;
    if (i < 0)
        return false;
    const md_expr *x = p->lets->exprs[i];
    if (!x) {
        p->failed = true;
        return true;
    }
    if (!let_fits(p, at, len, name, x->n))
        return true;
    for (size_t k = 0; k < x->n; k++)
        emit(p, x->ops[k]);
    return true;
}

/* Resolves "a.b" or "event.id.feature" into one op, a bare word into the
 * let it names. */
static void compile_signal(parser *p, size_t at, size_t len)
{
    char name[160];
    if (len >= sizeof name) {
        fail(p, at, len, NULL, "name too long");
        return;
    }
    memcpy(name, p->text + at, len);
    name[len] = '\0';
    char help[160] = "";
    const char *dot = strchr(name, '.');
    if (!dot && inline_let(p, at, len, name))
        return;
    if (dot && strncmp(name, "event.", 6) == 0) {
        const char *dot2 = strchr(dot + 1, '.');
        char id[128] = "";
        if (dot2 && (size_t)(dot2 - dot - 1) < sizeof id) {
            memcpy(id, dot + 1, (size_t)(dot2 - dot - 1));
            id[dot2 - dot - 1] = '\0';
        }
        int ev = dot2 ? md_catalog_find_event(p->cat, id) : -1;
        if (ev >= 0 && event_field_ok(md_catalog_event(p->cat, (size_t)ev), dot2 + 1)) {
            const char *feat = p->text + at + (dot2 + 1 - name);
            emit(p, named_op(OP_EVENT, 0, p->text + at + 6, strlen(id), feat, len - (size_t)(dot2 + 1 - name)));
            return;
        }
    } else if (dot && (strncmp(name, "log.", 4) == 0 || strncmp(name, "run.", 4) == 0)) {
        size_t n;
        bool is_log = name[0] == 'l';
        const md_named *list = is_log ? md_log_features(&n) : md_run_features(&n);
        if (named_ok(list, n, dot + 1)) {
            emit(p, named_op(is_log ? OP_LOG : OP_RUN, 0, NULL, 0, p->text + at + 4, len - 4));
            return;
        }
    } else if (dot && !strchr(dot + 1, '.')) {
        char series[128];
        memcpy(series, name, (size_t)(dot - name));
        series[dot - name] = '\0';
        int si = md_catalog_find_series(p->cat, series);
        int feat = md_series_feature_find(dot + 1);
        if (si >= 0 && md_catalog_series(p->cat, (size_t)si)->role == MD_ROLE_SERIES && feat >= 0) {
            emit(p, named_op(OP_SERIES, feat, p->text + at, (size_t)(dot - name), NULL, 0));
            return;
        }
    }
    suggest_signal(p, name, help, sizeof help);
    size_t d;
    const char *let = p->lets ? best_match(name, (const char *const *)p->lets->names, p->lets->n, &d) : NULL;
    if (!dot && let && d <= 2)
        snprintf(help, sizeof help, "did you mean '%s'?", let);
    if (!dot)
        fail(p, at, len,
             help[0] ? help
                     : "signals are series.feature, event.ID.feature, log.feature or run.feature; "
                       "other names are the rule's lets, defined above their use",
             "'%s' is not a signal", name);
    else
        fail(p, at, len, help, "unknown signal '%s'", name);
}

typedef struct func {
    const char *name;
    int op;
    int min_args, max_args;
} func;

static const func functions[] = {
    {"min", OP_MIN, 1, 16},    {"max", OP_MAX, 1, 16},  {"abs", OP_ABS, 1, 1},
    {"ln", OP_LN, 1, 1},       {"exp", OP_EXP, 1, 1},   {"sqrt", OP_SQRT, 1, 1},
    {"clamp", OP_CLAMP, 3, 3}, {"defined", OP_DEFINED, 1, 1}, {"default", OP_DEFAULT, 2, 2},
};

static void parse_has(parser *p, size_t at)
{
    next(p); /* ( */
    if (p->tok.kind != T_IDENT) {
        fail(p, p->tok.at, p->tok.len, NULL, "has() takes a series name");
        return;
    }
    char series[128];
    size_t series_at = p->tok.at, n = p->tok.len < sizeof series ? p->tok.len : sizeof series - 1;
    memcpy(series, p->text + p->tok.at, n);
    series[n] = '\0';
    int si = md_catalog_find_series(p->cat, series);
    if (si < 0 || md_catalog_series(p->cat, (size_t)si)->role != MD_ROLE_SERIES) {
        char help[448] = "";
        size_t count = md_catalog_nseries(p->cat), d;
        const char **names = md_xmalloc((count + 1) * sizeof *names);
        for (size_t i = 0; i < count; i++)
            names[i] = md_catalog_series(p->cat, i)->name;
        const char *best = best_match(series, names, count, &d);
        /* "bleu" is "step" with four letters off: no near miss, but a
         * series the catalog does not name, as bleu.last says. */
        if (best && d <= 1 + strlen(series) / 4)
            snprintf(help, sizeof help, "did you mean '%s'?", best);
        else
            snprintf(help, sizeof help,
                     "'%s' is no series of the catalog: define it in a rule file, [series %s] with its kind and "
                     "better (for --expect, given with --rules)",
                     series, series);
        free(names);
        fail(p, p->tok.at, p->tok.len, help, "unknown series '%s'", series);
        return;
    }
    next(p);
    if (p->tok.kind != T_RPAREN) {
        fail(p, p->tok.at, p->tok.len, NULL, "has() takes one series name and ')'");
        return;
    }
    next(p);
    emit(p, named_op(OP_HAS, 0, p->text + series_at, n, NULL, 0));
    (void)at;
}

static void parse_call(parser *p, size_t at, size_t len)
{
    const func *f = NULL;
    for (size_t i = 0; i < MD_COUNT(functions); i++)
        if (strlen(functions[i].name) == len && strncmp(functions[i].name, p->text + at, len) == 0)
            f = &functions[i];
    if (len == 3 && strncmp(p->text + at, "has", 3) == 0) {
        parse_has(p, at);
        return;
    }
    if (!f) {
        fail(p, at, len, "functions are has, defined, default, min, max, abs, ln, exp, sqrt and clamp",
             "unknown function '%.*s'", (int)len, p->text + at);
        return;
    }
    next(p); /* ( */
    int args = 0;
    if (p->tok.kind != T_RPAREN) {
        for (;;) {
            parse_or(p);
            args++;
            if (p->failed)
                return;
            if (p->tok.kind != T_COMMA)
                break;
            next(p);
        }
    }
    if (p->tok.kind != T_RPAREN) {
        fail(p, p->tok.at, p->tok.len, NULL, "expected ',' or ')' in the call to %s", f->name);
        return;
    }
    next(p);
    if (args < f->min_args || args > f->max_args) {
        if (f->max_args > f->min_args && args > f->max_args)
            fail(p, at, len, NULL, "%s takes %d to %d arguments, not %d", f->name, f->min_args, f->max_args, args);
        else
            fail(p, at, len, NULL, "%s takes %d%s argument%s, not %d", f->name, f->min_args,
                 f->max_args > f->min_args ? " or more" : "", f->min_args == 1 && f->max_args == 1 ? "" : "s", args);
        return;
    }
    emit(p, (op){.code = (uint8_t)f->op, .argc = (uint16_t)args});
}

/* Every recursion of the parser goes through here, so that thousands of
 * '(', '!' or '-' are an error rather than a stack overflow. */
static bool enter(parser *p)
{
    if (++p->depth <= MAX_DEPTH)
        return true;
    fail(p, p->tok.at, 1, NULL, "expression nested too deeply");
    return false;
}

static void parse_primary(parser *p)
{
    if (!enter(p))
        return;
    token t = p->tok;
    switch (t.kind) {
    case T_NUM:
        /* 1e309 reads as infinity: a bound no value reaches, or passes
         * every value, without a word. */
        if (!isfinite(t.num)) {
            fail(p, t.at, t.len, "the largest number a double holds is about 1.8e308", "number too large");
            return;
        }
        emit(p, (op){.code = OP_NUM, .num = t.num});
        next(p);
        break;
    case T_LPAREN:
        next(p);
        parse_or(p);
        if (!p->failed && p->tok.kind != T_RPAREN)
            fail(p, p->tok.at, p->tok.len, NULL, "expected ')'");
        next(p);
        break;
    case T_IDENT:
        if (ident_is(p, "true") || ident_is(p, "false")) {
            emit(p, (op){.code = OP_NUM, .num = ident_is(p, "true")});
            next(p);
            break;
        }
        next(p);
        if (p->tok.kind == T_LPAREN)
            parse_call(p, t.at, t.len);
        else
            compile_signal(p, t.at, t.len);
        break;
    case T_END:
        fail(p, t.at, 1, NULL, "expression ends where a value was expected");
        break;
    default:
        fail(p, t.at, t.len, NULL, "unexpected '%.*s'", (int)t.len, p->text + t.at);
    }
    p->depth--;
}

static void parse_unary(parser *p)
{
    if (p->tok.kind == T_OP && p->tok.op == OP_SUB) {
        if (!enter(p))
            return;
        next(p);
        parse_unary(p);
        emit(p, (op){.code = OP_NEG});
        p->depth--;
        return;
    }
    parse_primary(p);
}

static void parse_binary(parser *p, void (*operand)(parser *), const int *ops, size_t nops, bool chain)
{
    operand(p);
    while (!p->failed && p->tok.kind == T_OP) {
        int op_code = -1;
        for (size_t i = 0; i < nops; i++)
            if (p->tok.op == ops[i])
                op_code = ops[i];
        if (op_code < 0)
            return;
        token t = p->tok;
        next(p);
        operand(p);
        emit(p, (op){.code = (uint8_t)op_code});
        if (!chain && p->tok.kind == T_OP) {
            for (size_t i = 0; i < nops; i++)
                if (p->tok.op == ops[i])
                    fail(p, p->tok.at, p->tok.len, "use && to combine comparisons",
                         "comparisons do not chain (after '%.*s')", (int)t.len, p->text + t.at);
        }
    }
}

static void parse_mul(parser *p)
{
    static const int ops[] = {OP_MUL, OP_DIV};
    parse_binary(p, parse_unary, ops, MD_COUNT(ops), true);
}

static void parse_add(parser *p)
{
    static const int ops[] = {OP_ADD, OP_SUB};
    parse_binary(p, parse_mul, ops, MD_COUNT(ops), true);
}

static void parse_cmp(parser *p)
{
    static const int ops[] = {OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE};
    parse_binary(p, parse_add, ops, MD_COUNT(ops), false);
}

static bool at_word_op(parser *p, const char *word, int op_code)
{
    if (ident_is(p, word)) {
        p->tok.kind = T_OP;
        p->tok.op = op_code;
    }
    return p->tok.kind == T_OP && p->tok.op == op_code;
}

static void parse_not(parser *p)
{
    if (at_word_op(p, "not", OP_NOT)) {
        if (!enter(p))
            return;
        next(p);
        parse_not(p);
        emit(p, (op){.code = OP_NOT});
        p->depth--;
        return;
    }
    parse_cmp(p);
}

static void parse_and(parser *p)
{
    parse_not(p);
    while (!p->failed && at_word_op(p, "and", OP_AND)) {
        next(p);
        parse_not(p);
        emit(p, (op){.code = OP_AND});
    }
}

static void parse_or(parser *p)
{
    parse_and(p);
    while (!p->failed && at_word_op(p, "or", OP_OR)) {
        next(p);
        parse_and(p);
        emit(p, (op){.code = OP_OR});
    }
}

/* The most values the code holds on the evaluator's stack at once. */
static size_t stack_depth(const op *ops, size_t n)
{
    size_t sp = 0, most = 0;
    for (size_t i = 0; i < n; i++) {
        const op *o = &ops[i];
        switch (o->code) {
        case OP_NUM:
        case OP_SERIES:
        case OP_EVENT:
        case OP_LOG:
        case OP_RUN:
        case OP_HAS:
            sp++;
            break;
        case OP_MIN:
        case OP_MAX:
            sp -= (size_t)o->argc - 1;
            break;
        case OP_CLAMP:
            sp -= 2;
            break;
        default:
            sp -= !op_is_unary(o->code);
        }
        most = sp > most ? sp : most;
    }
    return most;
}

static char *put_name(char *w, const char **name, size_t len)
{
    memcpy(w, *name, len);
    w[len] = '\0';
    *name = w;
    return w + len + 1;
}

/* The expression's one block: the struct, the code, the names, the text. */
static md_expr *finish(const parser *p)
{
    size_t textlen = strlen(p->text);
    md_expr *e = md_xmalloc(sizeof *e + p->n * sizeof(op) + p->names_size + textlen + 1);
    e->ops = (op *)(e + 1);
    e->n = p->n;
    memcpy(e->ops, p->ops, p->n * sizeof(op));
    char *w = (char *)(e->ops + p->n);
    for (size_t i = 0; i < e->n; i++) {
        op *o = &e->ops[i];
        if (o->name)
            w = put_name(w, &o->name, o->namelen);
        if (o->feat)
            w = put_name(w, &o->feat, o->featlen);
    }
    e->text = w;
    memcpy(e->text, p->text, textlen + 1);
    return e;
}

/* Enough for all but a few of the built-in expressions. */
#define OPS_ON_STACK 64

md_expr *md_expr_compile_with(const char *text, const md_catalog *cat, const md_expr_lets *lets,
                              md_expr_error *err)
{
    memset(err, 0, sizeof *err);
    op stack_ops[OPS_ON_STACK];
    parser p = {.text = text, .len = strlen(text), .cat = cat, .lets = lets, .ops = stack_ops,
                .cap = OPS_ON_STACK, .err = err};
    next(&p);
    if (p.tok.kind == T_END)
        fail(&p, 0, 1, NULL, "empty expression");
    parse_or(&p);
    if (!p.failed && p.tok.kind != T_END)
        fail(&p, p.tok.at, p.tok.len, p.tok.kind == T_IDENT ? "combine conditions with && or ||" : NULL,
             "unexpected '%.*s' after the expression", (int)p.tok.len, p.text + p.tok.at);
    if (!p.failed && stack_depth(p.ops, p.n) >= EXPR_STACK_MAX - 1)
        fail(&p, 0, 1, "nest fewer calls of many arguments (a let is copied where it is used)",
             "expression holds more than %d values at once", EXPR_STACK_MAX - 2);
    md_expr *e = p.failed ? NULL : finish(&p);
    if (p.ops_on_heap)
        free(p.ops);
    return e;
}

md_expr *md_expr_compile(const char *text, const md_catalog *cat, md_expr_error *err)
{
    return md_expr_compile_with(text, cat, NULL, err);
}

void md_expr_lets_add(md_expr_lets *lets, const char *name, md_expr *x)
{
    if (lets->n == lets->cap) {
        lets->cap = lets->cap ? 2 * lets->cap : 4;
        lets->names = md_xrealloc(lets->names, lets->cap * sizeof *lets->names);
        lets->exprs = md_xrealloc(lets->exprs, lets->cap * sizeof *lets->exprs);
    }
    md_map_put(&lets->index, name, strlen(name), (intptr_t)lets->n);
    lets->names[lets->n] = md_xstrdup(name);
    lets->exprs[lets->n++] = x;
}

long md_expr_lets_find(const md_expr_lets *lets, const char *name)
{
    intptr_t i;
    return md_map_get(&lets->index, name, strlen(name), &i) ? (long)i : -1;
}

void md_expr_lets_fini(md_expr_lets *lets)
{
    for (size_t i = 0; i < lets->n; i++) {
        free(lets->names[i]);
        md_expr_free(lets->exprs[i]);
    }
    free(lets->names);
    free(lets->exprs);
    md_map_free(&lets->index);
}

void md_expr_free(md_expr *e)
{
    if (!e)
        return;
    free(e);
}

const char *md_expr_text(const md_expr *e)
{
    return e->text;
}

bool md_expr_is_constant(const md_expr *e)
{
    for (size_t i = 0; i < e->n; i++)
        if (e->ops[i].code >= OP_SERIES && e->ops[i].code <= OP_HAS)
            return false;
    return true;
}
