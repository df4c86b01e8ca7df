#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/map.h"
#include "mldiag/rules.h"
#include "rules/builtin.h"
#include "rules/rule.h"

typedef struct queued {
    char *name;
    char *text;
    size_t len;
    bool builtin;
} queued;

struct md_ruleset {
    queued *queue;
    size_t nqueue, capqueue;
    rf_file *files;
    size_t nfiles;
    md_catalog *cat;
    rule *rules;
    size_t nrules; /* of as many as the files have [rule] sections (load_rules) */
    md_map by_id; /* rule id to its index in rules */
    size_t let_copies;
    bool compiled;
};

md_ruleset *md_ruleset_new(void)
{
    md_ruleset *rs = md_xcalloc(1, sizeof *rs);
    rs->cat = md_catalog_new();
    return rs;
}

void md_ruleset_free(md_ruleset *rs)
{
    if (!rs)
        return;
    for (size_t i = 0; i < rs->nqueue; i++) {
        free(rs->queue[i].name);
        free(rs->queue[i].text);
    }
    free(rs->queue);
    for (size_t i = 0; i < rs->nfiles; i++)
        rf_file_fini(&rs->files[i]);
    free(rs->files);
    md_catalog_free(rs->cat);
    for (size_t i = 0; i < rs->nrules; i++)
        rule_fini(&rs->rules[i]);
    free(rs->rules);
    md_map_free(&rs->by_id);
    free(rs);
}

static void enqueue(md_ruleset *rs, const char *name, char *text, size_t len, bool builtin)
{
    MD_GROW(rs->queue, rs->nqueue, rs->capqueue);
    rs->queue[rs->nqueue++] = (queued){md_xstrdup(name), text, len, builtin};
}

void md_ruleset_add_text(md_ruleset *rs, const char *name, const char *text, size_t n)
{
    enqueue(rs, name, md_xstrndup(text, n), n, false);
}

/* The built-in files that hold the catalog: the series' names and the
 * events' signatures, which rules refer to, and no rule. */
static bool catalog_file(const char *name)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    return strcmp(base, "series.rules") == 0 || strcmp(base, "events.rules") == 0;
}

static void add_builtin(md_ruleset *rs, bool catalog_only)
{
    for (size_t i = 0; i < md_builtin_count; i++)
        if (!catalog_only || catalog_file(md_builtin_files[i].name))
            enqueue(rs, md_builtin_files[i].name, md_xstrndup(md_builtin_files[i].text, md_builtin_files[i].len),
                    md_builtin_files[i].len, true);
}

void md_ruleset_add_builtin(md_ruleset *rs)
{
    add_builtin(rs, false);
}

void md_ruleset_add_builtin_catalog(md_ruleset *rs)
{
    add_builtin(rs, true);
}

/* The built-in rule files are 0.5 MB in all: a file thirty times that is
 * no rule file (a log given by mistake, /dev/zero), and reading it whole
 * might not end. */
#define RULE_FILE_MAX (16u << 20)

/* Reads f whole, or to the first block with a NUL byte, which rf_parse
 * reports. */
static bool read_rule_file(FILE *f, const char *path, md_buf *text, md_diags *diags)
{
    char block[8192];
    size_t n;
    while (text->n <= RULE_FILE_MAX && (n = fread(block, 1, sizeof block, f)) > 0) {
        md_buf_put(text, block, n);
        if (memchr(block, '\0', n))
            break;
    }
    if (ferror(f)) {
        md_diags_add(diags, MD_DIAG_ERROR, path, 0, 0, "cannot read rule file: %s", strerror(errno));
        return false;
    }
    if (text->n > RULE_FILE_MAX) {
        md_diags_add(diags, MD_DIAG_ERROR, path, 0, 0, "rule file is larger than %u MiB; is it a rule file?",
                     RULE_FILE_MAX >> 20);
        return false;
    }
    return true;
}

static bool add_file(md_ruleset *rs, const char *path, md_diags *diags)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        md_diags_add(diags, MD_DIAG_ERROR, path, 0, 0, "cannot read rule file: %s", strerror(errno));
        return false;
    }
    md_buf text = {0};
    bool ok = read_rule_file(f, path, &text, diags);
    fclose(f);
    if (!ok) {
        md_buf_free(&text);
        return false;
    }
    size_t len = text.n;
    enqueue(rs, path, md_buf_steal(&text), len, false);
    return true;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool add_dir(md_ruleset *rs, const char *dir, md_diags *diags)
{
    DIR *d = opendir(dir);
    if (!d) {
        md_diags_add(diags, MD_DIAG_ERROR, dir, 0, 0, "cannot read rule directory: %s", strerror(errno));
        return false;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < 7 || strcmp(e->d_name + len - 6, ".rules") != 0)
            continue;
        MD_GROW(names, n, cap);
        names[n++] = md_xstrdup(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    bool ok = true;
    md_buf path = {0};
    for (size_t i = 0; i < n; i++) {
        md_buf_reset(&path);
        md_buf_printf(&path, "%s/%s", dir, names[i]);
        /* A FIFO or a device in the directory would block the read or
         * never end; given by name, one is read as cat would. */
        struct stat st;
        if (stat(path.p, &st) == 0 && !S_ISREG(st.st_mode))
            md_diags_add(diags, MD_DIAG_WARNING, path.p, 0, 0, "not a regular file; skipped");
        else
            ok &= add_file(rs, path.p, diags);
        free(names[i]);
    }
    free(names);
    md_buf_free(&path);
    if (n == 0)
        md_diags_add(diags, MD_DIAG_WARNING, dir, 0, 0, "no *.rules files in this directory");
    return ok;
}

bool md_ruleset_add_path(md_ruleset *rs, const char *path, md_diags *diags)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        md_diags_add(diags, MD_DIAG_ERROR, path, 0, 0, "cannot read rules: %s", strerror(errno));
        return false;
    }
    return S_ISDIR(st.st_mode) ? add_dir(rs, path, diags) : add_file(rs, path, diags);
}

static size_t load_sections(md_ruleset *rs, const char *kind,
                            size_t (*load)(md_catalog *, const rf_section *, md_diags *),
                            md_diags *diags)
{
    size_t errors = 0;
    for (size_t i = 0; i < rs->nfiles; i++)
        for (size_t j = 0; j < rs->files[i].nsections; j++)
            if (strcmp(rs->files[i].sections[j].kind, kind) == 0)
                errors += load(rs->cat, &rs->files[i].sections[j], diags);
    return errors;
}

static size_t check_kinds(md_ruleset *rs, md_diags *diags)
{
    static const char *const kinds[] = {"series", "event", "rule", "cause"};
    size_t errors = 0;
    for (size_t i = 0; i < rs->nfiles; i++) {
        for (size_t j = 0; j < rs->files[i].nsections; j++) {
            const rf_section *s = &rs->files[i].sections[j];
            bool known = false;
            for (size_t k = 0; k < MD_COUNT(kinds); k++)
                known |= strcmp(s->kind, kinds[k]) == 0;
            if (!known) {
                md_diag *g = rf_error_at(diags, s, s->line, s->kind_col, strlen(s->kind),
                                         "unknown section kind '%s'", s->kind);
                md_diag_set_help(g, "sections are [series NAME], [event ID], [rule ID] and [cause RULE.NAME]");
                errors++;
            }
        }
    }
    return errors;
}

long md_ruleset_find(const md_ruleset *rs, const char *id)
{
    intptr_t i;
    return md_map_get(&rs->by_id, id, strlen(id), &i) ? (long)i : -1;
}

static size_t load_rules(md_ruleset *rs, md_diags *diags)
{
    /* Room for every rule at once: a rule's lets stay where its deferred
     * texts (md_template_defer) find them. */
    size_t sections = 0;
    for (size_t i = 0; i < rs->nfiles; i++)
        for (size_t j = 0; j < rs->files[i].nsections; j++)
            sections += strcmp(rs->files[i].sections[j].kind, "rule") == 0;
    rs->rules = md_xcalloc(sections ? sections : 1, sizeof *rs->rules);
    size_t errors = 0;
    for (size_t i = 0; i < rs->nfiles; i++) {
        for (size_t j = 0; j < rs->files[i].nsections; j++) {
            const rf_section *s = &rs->files[i].sections[j];
            if (strcmp(s->kind, "rule") != 0)
                continue;
            if (md_ruleset_find(rs, s->id) >= 0) {
                rf_error_at(diags, s, s->line, s->col, strlen(s->id), "rule '%s' is defined twice", s->id);
                errors++;
                /* Its own errors are reported too, so that one round of
                 * fixes is enough: compiled into the free slot behind the
                 * rules, and dropped. */
                size_t copies = rs->let_copies;
                errors += rule_load(&rs->rules[rs->nrules], s, rs->cat, &copies, diags);
                rule_fini(&rs->rules[rs->nrules]);
                memset(&rs->rules[rs->nrules], 0, sizeof rs->rules[rs->nrules]);
                continue;
            }
            md_map_put(&rs->by_id, s->id, strlen(s->id), (intptr_t)rs->nrules);
            errors += rule_load(&rs->rules[rs->nrules++], s, rs->cat, &rs->let_copies, diags);
        }
    }
    return errors;
}

static size_t load_causes(md_ruleset *rs, md_diags *diags)
{
    size_t errors = 0;
    for (size_t i = 0; i < rs->nfiles; i++) {
        for (size_t j = 0; j < rs->files[i].nsections; j++) {
            const rf_section *s = &rs->files[i].sections[j];
            if (strcmp(s->kind, "cause") != 0)
                continue;
            const char *dot = strchr(s->id, '.');
            char rule_id[128] = "";
            if (dot && (size_t)(dot - s->id) < sizeof rule_id) {
                memcpy(rule_id, s->id, (size_t)(dot - s->id));
                rule_id[dot - s->id] = '\0';
            }
            long r = dot && dot[1] ? md_ruleset_find(rs, rule_id) : -1;
            if (r < 0) {
                md_diag *g = rf_error_at(diags, s, s->line, s->col, strlen(s->id),
                                         dot ? "cause '%s' names no rule" : "a cause is [cause RULE.NAME], not '%s'",
                                         s->id);
                if (dot)
                    md_diag_set_help(g, "define [rule %s] or fix the rule id", rule_id);
                errors++;
                continue;
            }
            rule *ru = &rs->rules[r];
            bool twice = false;
            for (size_t k = 0; k < ru->ncauses && !twice; k++)
                twice = strcmp(ru->causes[k].id, s->id) == 0;
            if (twice) {
                rf_error_at(diags, s, s->line, s->col, strlen(s->id), "cause '%s' is defined twice", s->id);
                errors++;
                continue;
            }
            MD_GROW(ru->causes, ru->ncauses, ru->capcauses);
            errors += cause_load(&ru->causes[ru->ncauses++], s, rs->cat, &ru->lets, diags);
        }
    }
    return errors;
}

/* Where a rule's suppresses entry names id: its section, the entry and the
 * id's offset in the entry's value. False where the entry is not found
 * (the rule came from no parsed file). */
static bool find_suppressed(const md_ruleset *rs, const rule *r, const char *id, const rf_section **section,
                            const rf_entry **entry, size_t *at)
{
    for (size_t i = 0; i < rs->nfiles; i++) {
        for (size_t j = 0; j < rs->files[i].nsections; j++) {
            const rf_section *s = &rs->files[i].sections[j];
            if (s->line != r->line_no || strcmp(s->kind, "rule") != 0 || strcmp(s->id, r->id) != 0 ||
                strcmp(s->path, r->path) != 0)
                continue;
            for (size_t k = 0; k < s->nentries; k++) {
                const rf_entry *e = &s->entries[k];
                if (strcmp(e->key, "suppresses") != 0)
                    continue;
                for (const char *v = e->value; *v;) {
                    size_t len = strcspn(v, ",");
                    md_str item = md_str_trim((md_str){v, len});
                    if (md_str_eq(item, id)) {
                        *section = s, *entry = e, *at = (size_t)(item.p - e->value);
                        return true;
                    }
                    v += len + (v[len] == ',');
                }
            }
        }
    }
    return false;
}

/* Every suppressed id must name a rule, and none its own. */
static size_t check_suppresses(md_ruleset *rs, md_diags *diags)
{
    size_t errors = 0;
    for (size_t i = 0; i < rs->nrules; i++) {
        const rule *r = &rs->rules[i];
        for (size_t k = 0; k < r->nsuppresses; k++) {
            const char *id = r->suppresses[k];
            bool self = strcmp(id, r->id) == 0;
            if (!self && md_ruleset_find(rs, id) >= 0)
                continue;
            const rf_section *s;
            const rf_entry *e;
            size_t at;
            md_buf msg = {0};
            if (self)
                md_buf_printf(&msg, "rule '%s' suppresses itself", id);
            else
                md_buf_printf(&msg, "rule '%s' suppresses '%s', which is no rule", r->id, id);
            if (find_suppressed(rs, r, id, &s, &e, &at))
                rf_error(diags, s, e, at, strlen(id), "%s", md_buf_cstr(&msg));
            else
                md_diags_add(diags, MD_DIAG_ERROR, r->path, r->line_no, 0, "%s", md_buf_cstr(&msg));
            md_buf_free(&msg);
            errors++;
        }
    }
    return errors;
}

md_err md_ruleset_compile(md_ruleset *rs, md_diags *diags)
{
    size_t errors = 0;
    rs->files = md_xcalloc(rs->nqueue ? rs->nqueue : 1, sizeof *rs->files);
    for (size_t i = 0; i < rs->nqueue; i++) {
        queued *q = &rs->queue[i];
        rf_file *f = &rs->files[rs->nfiles++];
        errors += rf_parse(f, q->name, q->text, q->len, q->builtin, diags);
        q->text = NULL;
        for (size_t j = 0; j < f->nsections; j++)
            f->sections[j].builtin = q->builtin;
    }
    errors += check_kinds(rs, diags);
    errors += load_sections(rs, "series", rf_load_series, diags);
    errors += load_sections(rs, "event", rf_load_event, diags);
    errors += load_rules(rs, diags);
    errors += load_causes(rs, diags);
    errors += check_suppresses(rs, diags);
    rs->compiled = errors == 0;
    return errors ? MD_ERR_RULES : MD_OK;
}

const md_catalog *md_ruleset_catalog(const md_ruleset *rs)
{
    return rs->cat;
}

size_t md_ruleset_nrules(const md_ruleset *rs)
{
    return rs->nrules;
}

void md_ruleset_rule(const md_ruleset *rs, size_t i, md_rule_view *out)
{
    const rule *r = &rs->rules[i];
    *out = (md_rule_view){r->id,
                          r->title,
                          r->symptom,
                          r->severity,
                          r->when ? md_expr_text(r->when) : NULL,
                          r->confidence ? md_expr_text(r->confidence) : NULL,
                          r->step ? md_expr_text(r->step) : NULL,
                          r->benign ? md_expr_text(r->benign) : NULL,
                          (const char *const *)r->tags,
                          r->ntags,
                          (const char *const *)r->suppresses,
                          r->nsuppresses,
                          r->ncauses,
                          r->lets.n,
                          r->path,
                          r->line_no,
                          r->builtin};
}

void md_ruleset_cause(const md_ruleset *rs, size_t ri, size_t i, md_cause_view *out)
{
    const cause *c = &rs->rules[ri].causes[i];
    *out = (md_cause_view){c->id,
                           c->text_src,
                           c->score ? md_expr_text(c->score) : NULL,
                           (const char *const *)c->check_src,
                           c->nchecks,
                           (const char *const *)c->fix_src,
                           c->nfixes};
}

void md_ruleset_let(const md_ruleset *rs, size_t ri, size_t i, const char **name, const char **text)
{
    const md_expr_lets *l = &rs->rules[ri].lets;
    *name = l->names[i];
    *text = l->exprs[i] ? md_expr_text(l->exprs[i]) : NULL;
}

const rule *md_ruleset_rules(const md_ruleset *rs, size_t *n)
{
    *n = rs->nrules;
    return rs->rules;
}
