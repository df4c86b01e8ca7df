/* [rule ID] and [cause RULE.NAME] sections into compiled rules. */
#include <stdlib.h>
#include <string.h>

#include "rules/rule.h"

static const char *const rule_keys[] = {"title", "symptom",  "severity", "tags",   "let",
                                        "when",  "confidence", "step", "line",   "evidence",
                                        "suppresses", "benign", "benign_text"};
static const char *const cause_keys[] = {"text", "score", "check", "fix"};

static void unknown_key(md_diags *diags, const rf_section *s, const rf_entry *e, const char *const *keys,
                        size_t n)
{
    md_diag *g = rf_error_at(diags, s, e->line, e->col, strlen(e->key), "unknown key '%s' in [%s %s]", e->key,
                             s->kind, s->id);
    size_t best_d = 3;
    const char *best = NULL;
    for (size_t i = 0; i < n; i++) {
        size_t d = md_name_distance(e->key, keys[i]);
        if (d < best_d) {
            best_d = d;
            best = keys[i];
        }
    }
    if (best)
        md_diag_set_help(g, "did you mean '%s'?", best);
}

static void report(md_diags *diags, const rf_section *s, const rf_entry *e, const md_expr_error *err)
{
    md_diag *g = rf_error(diags, s, e, err->offset, err->width, "%s", err->msg);
    if (err->help[0])
        md_diag_set_help(g, "%s", err->help);
}

static md_expr *expr(const rf_section *s, const rf_entry *e, const md_catalog *cat, const md_expr_lets *lets,
                     md_diags *diags, size_t *errors)
{
    md_expr_error err;
    md_expr *x = md_expr_compile_with(e->value, cat, lets, &err);
    if (!x && err.msg[0]) {
        report(diags, s, e, &err);
        (*errors)++;
    }
    return x;
}

/* A built-in file's texts are compiled when first shown (the tests compile
 * them all): a run shows few of them, and compiling them all was a third
 * of a small log's run. The parsed file, which the ruleset keeps, holds
 * their text. */
static md_template *text(const rf_section *s, const rf_entry *e, const md_catalog *cat,
                         const md_expr_lets *lets, md_diags *diags, size_t *errors)
{
    if (s->builtin)
        return md_template_defer(e->value, cat, lets);
    md_expr_error err;
    md_template *t = md_template_compile(e->value, cat, lets, &err);
    if (!t && err.msg[0]) {
        report(diags, s, e, &err);
        (*errors)++;
    }
    return t;
}

static void twice(const rf_section *s, const rf_entry *e, md_diags *diags, size_t *errors)
{
    rf_error_at(diags, s, e->line, e->col, strlen(e->key), "'%s' is given twice", e->key);
    (*errors)++;
}

/* Splits "a, b, c" into owned strings. */
static char **split_list(const char *v, size_t *n)
{
    char **out = NULL;
    *n = 0;
    while (*v) {
        const char *comma = strchr(v, ',');
        size_t len = comma ? (size_t)(comma - v) : strlen(v);
        md_str item = md_str_trim((md_str){v, len});
        if (item.n) {
            out = md_xrealloc(out, (*n + 1) * sizeof *out);
            out[(*n)++] = md_xstrndup(item.p, item.n);
        }
        v += len + (comma ? 1 : 0);
    }
    return out;
}

static void set_expr(md_expr **slot, const rf_section *s, const rf_entry *e, const md_catalog *cat,
                     const md_expr_lets *lets, md_diags *diags, size_t *errors)
{
    if (*slot) {
        twice(s, e, diags, errors);
        return;
    }
    *slot = expr(s, e, cat, lets, diags, errors);
}

/* A confidence written as a number is a probability: 7 would be shown as
 * 100% and 0/0 as 50%, without a word. One that reads signals is clamped
 * when evaluated. */
static void check_confidence(const md_expr *c, const rf_section *s, const rf_entry *e, md_diags *diags,
                             size_t *errors)
{
    if (!c || !md_expr_is_constant(c))
        return;
    md_value v = md_expr_eval(c, NULL, NULL);
    if (v.known && v.v >= 0 && v.v <= 1)
        return;
    md_diag *g = rf_error(diags, s, e, 0, strlen(e->value), v.known ? "confidence %g is not between 0 and 1"
                                                                      : "confidence has no value (a division by zero)",
                          v.v);
    md_diag_set_help(g, "a confidence is a probability: 0.7 for 70%%");
    (*errors)++;
}

/* Only "let" is followed by a name; any other key's name is a typo. */
static bool no_arg(const rf_section *s, const rf_entry *e, md_diags *diags, size_t *errors)
{
    if (!e->arg)
        return true;
    md_diag *g = rf_error_at(diags, s, e->line, e->arg_col, strlen(e->arg), "'%s' takes no name before '='", e->key);
    md_diag_set_help(g, "write '%s = value'", e->key);
    (*errors)++;
    return false;
}

static bool word_reserved(const char *w)
{
    static const char *const reserved[] = {"true", "false", "and", "or",  "not", "has", "defined",
                                           "default", "min", "max", "abs", "ln", "exp", "sqrt", "clamp"};
    for (size_t i = 0; i < MD_COUNT(reserved); i++)
        if (strcmp(w, reserved[i]) == 0)
            return true;
    return false;
}

/* "let NAME = expression": NAME is a word of letters, digits and '_',
 * no signal (signals have a dot) and no word of the language. */
static void load_let(rule *r, const rf_section *s, const rf_entry *e, const md_catalog *cat, md_diags *diags,
                     size_t *errors)
{
    const char *name = e->arg;
    bool ok = name && !md_is_digit(name[0]) && !word_reserved(name);
    for (const char *c = name; ok && *c; c++)
        ok = md_is_digit(*c) || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_';
    if (!ok) {
        md_diag *g = name ? rf_error_at(diags, s, e->line, e->arg_col, strlen(name), "'%s' cannot name a let", name)
                          : rf_error_at(diags, s, e->line, e->col, 3, "'let' needs a name");
        md_diag_set_help(g, "write 'let NAME = expression', NAME of letters, digits and '_'");
        (*errors)++;
        return;
    }
    if (md_expr_lets_find(&r->lets, name) >= 0) {
        rf_error_at(diags, s, e->line, e->arg_col, strlen(name), "let '%s' is given twice", name);
        (*errors)++;
        return;
    }
    /* Kept when it fails too, so that its uses fail without an error each. */
    md_expr_lets_add(&r->lets, name, expr(s, e, cat, &r->lets, diags, errors));
}

static void set_string(char **slot, const rf_section *s, const rf_entry *e, md_diags *diags, size_t *errors)
{
    if (*slot) {
        twice(s, e, diags, errors);
        return;
    }
    /* A finding's title and symptom are what a reader is told: every
     * report prints them, so a control or a direction override in them is
     * '?' (md_buf_put_text). */
    if (!e->value[0]) {
        rf_error_at(diags, s, e->line, e->col, strlen(e->key), "%s is empty", e->key);
        (*errors)++;
    }
    *slot = md_text_dup(e->value, strlen(e->value));
}

static void add_template(md_template ***list, size_t *n, md_template *t)
{
    if (!t)
        return;
    *list = md_xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = t;
}

static size_t load_rule_entry(rule *r, const rf_section *s, const rf_entry *e, const md_catalog *cat,
                              md_diags *diags, bool *have_severity)
{
    size_t errors = 0;
    const char *k = e->key;
    const md_expr_lets *lets = &r->lets;
    if (strcmp(k, "let") == 0)
        return 0; /* compiled first, by rule_load */
    if (!no_arg(s, e, diags, &errors))
        return errors;
    if (strcmp(k, "title") == 0) {
        set_string(&r->title, s, e, diags, &errors);
    } else if (strcmp(k, "symptom") == 0) {
        set_string(&r->symptom, s, e, diags, &errors);
    } else if (strcmp(k, "severity") == 0) {
        if (!md_severity_parse(e->value, &r->severity)) {
            md_diag *g = rf_error(diags, s, e, 0, strlen(e->value), "unknown severity '%s'", e->value);
            md_diag_set_help(g, "severity is critical, error, warning or info");
            errors++;
        }
        *have_severity = true;
    } else if (strcmp(k, "tags") == 0) {
        size_t n;
        char **tags = split_list(e->value, &n);
        r->tags = md_xrealloc(r->tags, (r->ntags + n + 1) * sizeof *r->tags);
        memcpy(r->tags + r->ntags, tags, n * sizeof *tags);
        r->ntags += n;
        free(tags);
    } else if (strcmp(k, "when") == 0) {
        set_expr(&r->when, s, e, cat, lets, diags, &errors);
    } else if (strcmp(k, "confidence") == 0) {
        set_expr(&r->confidence, s, e, cat, lets, diags, &errors);
        check_confidence(r->confidence, s, e, diags, &errors);
    } else if (strcmp(k, "step") == 0) {
        set_expr(&r->step, s, e, cat, lets, diags, &errors);
    } else if (strcmp(k, "line") == 0) {
        set_expr(&r->line, s, e, cat, lets, diags, &errors);
    } else if (strcmp(k, "benign") == 0) {
        set_expr(&r->benign, s, e, cat, lets, diags, &errors);
    } else if (strcmp(k, "benign_text") == 0) {
        add_template(&r->benign_texts, &r->nbenign_texts, text(s, e, cat, lets, diags, &errors));
    } else if (strcmp(k, "evidence") == 0) {
        add_template(&r->evidence, &r->nevidence, text(s, e, cat, lets, diags, &errors));
    } else if (strcmp(k, "suppresses") == 0) {
        size_t n;
        char **ids = split_list(e->value, &n);
        r->suppresses = md_xrealloc(r->suppresses, (r->nsuppresses + n + 1) * sizeof *r->suppresses);
        memcpy(r->suppresses + r->nsuppresses, ids, n * sizeof *ids);
        r->nsuppresses += n;
        free(ids);
    } else {
        unknown_key(diags, s, e, rule_keys, MD_COUNT(rule_keys));
        errors++;
    }
    return errors;
}

size_t rule_load(rule *r, const rf_section *s, const md_catalog *cat, size_t *let_copies, md_diags *diags)
{
    memset(r, 0, sizeof *r);
    r->lets.copied = let_copies;
    r->id = md_xstrdup(s->id);
    r->path = s->path;
    r->line_no = s->line;
    r->builtin = s->builtin;
    r->severity = MD_SEV_WARNING;
    size_t errors = 0;
    bool have_severity = false;
    /* Lets first, so that any entry may use them; a let may use the lets
     * above it. */
    for (size_t i = 0; i < s->nentries; i++)
        if (strcmp(s->entries[i].key, "let") == 0)
            load_let(r, s, &s->entries[i], cat, diags, &errors);
    for (size_t i = 0; i < s->nentries; i++)
        errors += load_rule_entry(r, s, &s->entries[i], cat, diags, &have_severity);
    static const char *const required[] = {"title", "severity", "when"};
    bool present[] = {r->title != NULL, have_severity, rf_get(s, "when") != NULL};
    for (size_t i = 0; i < MD_COUNT(required); i++) {
        if (!present[i]) {
            rf_error_at(diags, s, s->line, s->col, strlen(s->id), "rule '%s' has no '%s'", s->id, required[i]);
            errors++;
        }
    }
    if (rf_get(s, "benign") && !rf_get(s, "benign_text")) {
        rf_error_at(diags, s, s->line, s->col, strlen(s->id), "rule '%s' has 'benign' without 'benign_text'",
                    s->id);
        errors++;
    }
    if (strchr(s->id, '.')) {
        rf_error_at(diags, s, s->line, s->col, strlen(s->id), "a rule id cannot hold '.'");
        errors++;
    }
    return errors;
}

size_t cause_load(cause *c, const rf_section *s, const md_catalog *cat, const md_expr_lets *lets,
                  md_diags *diags)
{
    memset(c, 0, sizeof *c);
    c->id = md_xstrdup(s->id);
    size_t errors = 0;
    for (size_t i = 0; i < s->nentries; i++) {
        const rf_entry *e = &s->entries[i];
        if (!no_arg(s, e, diags, &errors))
            continue;
        if (strcmp(e->key, "text") == 0) {
            /* text_src, not text: a first text that failed to parse is still
             * the one given. */
            if (c->text_src) {
                twice(s, e, diags, &errors);
                continue;
            }
            c->text = text(s, e, cat, lets, diags, &errors);
            c->text_src = md_xstrdup(e->value);
        } else if (strcmp(e->key, "score") == 0) {
            set_expr(&c->score, s, e, cat, lets, diags, &errors);
        } else if (strcmp(e->key, "check") == 0) {
            md_template *t = text(s, e, cat, lets, diags, &errors);
            if (t) {
                add_template(&c->checks, &c->nchecks, t);
                c->check_src = md_xrealloc(c->check_src, c->nchecks * sizeof *c->check_src);
                c->check_src[c->nchecks - 1] = md_xstrdup(e->value);
            }
        } else if (strcmp(e->key, "fix") == 0) {
            md_template *t = text(s, e, cat, lets, diags, &errors);
            if (t) {
                add_template(&c->fixes, &c->nfixes, t);
                c->fix_src = md_xrealloc(c->fix_src, c->nfixes * sizeof *c->fix_src);
                c->fix_src[c->nfixes - 1] = md_xstrdup(e->value);
            }
        } else {
            unknown_key(diags, s, e, cause_keys, MD_COUNT(cause_keys));
            errors++;
        }
    }
    if (!rf_get(s, "text")) {
        rf_error_at(diags, s, s->line, s->col, strlen(s->id), "cause '%s' has no 'text'", s->id);
        errors++;
    }
    return errors;
}

void cause_fini(cause *c)
{
    free(c->id);
    free(c->text_src);
    md_template_free(c->text);
    md_expr_free(c->score);
    for (size_t i = 0; i < c->nchecks; i++) {
        md_template_free(c->checks[i]);
        free(c->check_src[i]);
    }
    free(c->checks);
    free(c->check_src);
    for (size_t i = 0; i < c->nfixes; i++) {
        md_template_free(c->fixes[i]);
        free(c->fix_src[i]);
    }
    free(c->fixes);
    free(c->fix_src);
}

void rule_fini(rule *r)
{
    free(r->id);
    free(r->title);
    free(r->symptom);
    for (size_t i = 0; i < r->ntags; i++)
        free(r->tags[i]);
    free(r->tags);
    md_expr_lets_fini(&r->lets);
    md_expr_free(r->when);
    md_expr_free(r->confidence);
    md_expr_free(r->step);
    md_expr_free(r->line);
    md_expr_free(r->benign);
    for (size_t i = 0; i < r->nbenign_texts; i++)
        md_template_free(r->benign_texts[i]);
    free(r->benign_texts);
    for (size_t i = 0; i < r->nevidence; i++)
        md_template_free(r->evidence[i]);
    free(r->evidence);
    for (size_t i = 0; i < r->nsuppresses; i++)
        free(r->suppresses[i]);
    free(r->suppresses);
    for (size_t i = 0; i < r->ncauses; i++)
        cause_fini(&r->causes[i]);
    free(r->causes);
}
