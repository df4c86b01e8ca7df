/* [series NAME] and [event ID] sections into the catalog. */
#include <stdlib.h>
#include <string.h>

#include "mldiag/signal.h"
#include "rules/rules_int.h"

static void unknown_key(md_diags *diags, const rf_section *s, const rf_entry *e,
                        const char *const *known, size_t nknown)
{
    md_diag *g = rf_error_at(diags, s, e->line, e->col, strlen(e->key), "unknown key '%s' in [%s %s]",
                             e->key, s->kind, s->id);
    const char *best = NULL;
    size_t best_d = 3;
    for (size_t i = 0; i < nknown; i++) {
        size_t d = md_name_distance(e->key, known[i]);
        if (d < best_d) {
            best_d = d;
            best = known[i];
        }
    }
    if (best)
        md_diag_set_help(g, "did you mean '%s'?", best);
    else {
        md_buf keys = {0};
        for (size_t i = 0; i < nknown; i++)
            md_buf_printf(&keys, "%s%s", i ? ", " : "", known[i]);
        md_diag_set_help(g, "known keys: %s", md_buf_cstr(&keys));
        md_buf_free(&keys);
    }
}

static bool parse_choice(const char *v, const char *const *names, size_t n, int *out)
{
    for (size_t i = 0; i < n; i++) {
        if (strcmp(v, names[i]) == 0) {
            *out = (int)i;
            return true;
        }
    }
    return false;
}

/* "aliases MiB = max_mem": the unit of the numbers logged under these
 * aliases without one. */
static bool alias_unit(const rf_section *s, const rf_entry *e, md_unit *unit, md_diags *diags)
{
    *unit = MD_UNIT_NONE;
    if (!e->arg)
        return true;
    size_t n = strlen(e->arg);
    if (md_unit_scan(e->arg, e->arg + n, unit) == n)
        return true;
    md_diag *g = rf_error_at(diags, s, e->line, e->arg_col, n, "unknown unit '%s'", e->arg);
    md_diag_set_help(g, "a unit as logs write it: MiB, GiB, MB, ms, s, ...");
    return false;
}

static size_t add_aliases(md_catalog *cat, int idx, const rf_section *s, const rf_entry *e,
                          bool exact, md_diags *diags)
{
    md_unit unit;
    if (!alias_unit(s, e, &unit, diags))
        return 1;
    size_t errors = 0;
    const char *v = e->value;
    while (*v) {
        const char *comma = strchr(v, ',');
        size_t n = comma ? (size_t)(comma - v) : strlen(v);
        md_str alias = md_str_trim((md_str){v, n});
        if (alias.n) {
            char *a = md_xstrndup(alias.p, alias.n);
            if (!md_catalog_add_alias(cat, idx, a, exact, unit)) {
                rf_error(diags, s, e, (size_t)(alias.p - e->value), alias.n,
                         "alias '%s' already names another series", a);
                errors++;
            }
            free(a);
        }
        v += n + (comma ? 1 : 0);
    }
    return errors;
}

size_t rf_load_series(md_catalog *cat, const rf_section *s, md_diags *diags)
{
    static const char *const keys[] = {"aliases", "exact", "kind", "better", "role", "description", "share"};
    static const char *const roles[] = {"series", "step", "epoch", "ignore", "plan"};
    static const char *const betters[] = {"none", "lower", "higher"};
    md_series_spec spec = {s->id, MD_ROLE_SERIES, MD_KIND_OTHER, MD_BETTER_NONE, NULL, false};
    size_t errors = 0;
    for (size_t i = 0; i < s->nentries; i++) {
        const rf_entry *e = &s->entries[i];
        int choice;
        if (strcmp(e->key, "kind") == 0) {
            if (!md_kind_parse(e->value, &spec.kind)) {
                rf_error(diags, s, e, 0, strlen(e->value), "unknown kind '%s'", e->value);
                errors++;
            }
        } else if (strcmp(e->key, "better") == 0) {
            if (parse_choice(e->value, betters, MD_COUNT(betters), &choice))
                spec.better = (md_better)choice;
            else {
                md_diag *g = rf_error(diags, s, e, 0, strlen(e->value), "unknown direction '%s'", e->value);
                md_diag_set_help(g, "better is lower, higher or none");
                errors++;
            }
        } else if (strcmp(e->key, "role") == 0) {
            if (parse_choice(e->value, roles, MD_COUNT(roles), &choice))
                spec.role = (md_role)choice;
            else {
                md_diag *g = rf_error(diags, s, e, 0, strlen(e->value), "unknown role '%s'", e->value);
                md_diag_set_help(g, "role is series, step, epoch or ignore");
                errors++;
            }
        } else if (strcmp(e->key, "description") == 0) {
            spec.description = e->value;
        } else if (strcmp(e->key, "share") == 0) {
            static const char *const yes_no[] = {"no", "yes"};
            if (parse_choice(e->value, yes_no, MD_COUNT(yes_no), &choice))
                spec.share = choice == 1;
            else {
                md_diag *g = rf_error(diags, s, e, 0, strlen(e->value), "share is yes or no, not '%s'", e->value);
                md_diag_set_help(g, "share = yes: values past 1, up to 100, were logged in percent");
                errors++;
            }
        } else if (strcmp(e->key, "aliases") != 0 && strcmp(e->key, "exact") != 0) {
            unknown_key(diags, s, e, keys, MD_COUNT(keys));
            errors++;
        }
    }
    int idx = md_catalog_add_series(cat, &spec);
    if (idx < 0) {
        rf_error_at(diags, s, s->line, s->col, strlen(s->id), "series '%s' is defined twice", s->id);
        return errors + 1;
    }
    for (size_t i = 0; i < s->nentries; i++) {
        const rf_entry *e = &s->entries[i];
        if (strcmp(e->key, "aliases") == 0 || strcmp(e->key, "exact") == 0)
            errors += add_aliases(cat, idx, s, e, strcmp(e->key, "exact") == 0, diags);
    }
    return errors;
}

/* The index of the ']' that closes the bracket expression opening at
 * re[i], or of the string's end. A ']' first in the list is one of its
 * characters, as are those of "[:alpha:]", "[.-.]" and "[=a=]". */
static size_t bracket_end(const char *re, size_t i)
{
    i++;
    if (re[i] == '^')
        i++;
    if (re[i] == ']')
        i++;
    for (; re[i] && re[i] != ']'; i++) {
        if (re[i] == '[' && (re[i + 1] == ':' || re[i + 1] == '.' || re[i + 1] == '=')) {
            const char close[] = {re[i + 1], ']', '\0'};
            const char *end = strstr(re + i + 2, close);
            if (!end)
                return strlen(re);
            i = (size_t)(end - re) + 1;
        }
    }
    return i;
}

/* The offset of the first backreference ('\1' to '\9' outside a bracket
 * expression) in re, or -1. POSIX extended regular expressions have none;
 * glibc's regcomp accepts them, and matching "^(a+)+\1\1\1b" against a
 * line of a's does not end in any time a log can wait. */
static long backreference_at(const char *re)
{
    for (size_t i = 0; re[i]; i++) {
        if (re[i] == '[')
            i = bracket_end(re, i);
        else if (re[i] == '\\' && re[i + 1] >= '1' && re[i + 1] <= '9')
            return (long)i;
        else if (re[i] == '\\' && re[i + 1])
            i++;
        if (!re[i])
            break;
    }
    return -1;
}

/* glibc's regcomp writes a bounded repetition out as that many copies, so
 * nested counts multiply: ((a{255}){255}){255} asked for 3.5 GB, four
 * levels of {100} for more than 21 GB. A pattern's counts ({n}, or m of
 * {n,m}) may multiply to REPEAT_MAX; a date's \d{4}-\d{2}-\d{2} is 16. */
#define REPEAT_MAX 10000

/* The offset of the count that takes the product of the pattern's counts
 * past REPEAT_MAX, or -1. */
static long repeats_too_much(const char *p)
{
    double product = 1;
    for (size_t i = 0; p[i]; i++) {
        if (p[i] == '\\' && p[i + 1]) {
            i++;
        } else if (p[i] == '[') {
            size_t j = i + 1 + (p[i + 1] == '^');
            j += p[j] == ']';
            while (p[j] && p[j] != ']')
                j++;
            if (!p[j])
                return -1;
            i = j;
        } else if (p[i] == '{') {
            char *end;
            double n = strtod(p + i + 1, &end);
            if (*end == ',')
                n = end[1] == '}' ? n : strtod(end + 1, &end);
            product *= n > 1 ? n : 1;
            if (product > REPEAT_MAX)
                return (long)i;
        }
    }
    return -1;
}

/* A rule file read at run time has its regexes compiled as it is loaded,
 * so that a bad one is reported at its line. The built-in files were
 * checked so when they were built (check_rulesfile.c), and compiling their
 * hundred-odd regexes took a third of the time to analyze a short log:
 * the matcher compiles one when a line first needs it (events.c). A
 * field's pattern needs a group to capture its value. */
static bool check_regex(const rf_section *s, const rf_entry *e, bool field, md_diags *diags)
{
    if (s->builtin)
        return true;
    long repeat = repeats_too_much(e->value);
    if (repeat >= 0) {
        md_diag *g = rf_error(diags, s, e, (size_t)repeat, 1,
                              "repetition counts multiply past %d: the pattern would take gigabytes to compile",
                              REPEAT_MAX);
        md_diag_set_help(g, "use + or * for long runs instead of nested {n}");
        return false;
    }
    regex_t re;
    int rc = regcomp(&re, e->value, REG_EXTENDED);
    if (rc != 0) {
        char msg[256];
        regerror(rc, &re, msg, sizeof msg);
        rf_error(diags, s, e, 0, strlen(e->value), "bad regular expression: %s", msg);
        return false;
    }
    size_t groups = re.re_nsub;
    regfree(&re);
    long backref = backreference_at(e->value);
    if (backref >= 0) {
        md_diag *g = rf_error(diags, s, e, (size_t)backref, 2,
                              "backreference '%.2s': POSIX extended regular expressions have no backreferences",
                              e->value + backref);
        md_diag_set_help(g, "repeat the group's pattern instead");
        return false;
    }
    if (field && groups < 1) {
        md_diag *g = rf_error(diags, s, e, 0, strlen(e->value), "a field's pattern needs a group");
        md_diag_set_help(g, "put the number in parentheses: 'Tried to allocate ([0-9.]+) GiB'");
        return false;
    }
    return true;
}

/* The unit a field's name promises ("tried_gib" holds GiB), so that a value
 * the log wrote in another unit ("12.50 MiB") is converted. */
static md_unit field_unit(const char *name)
{
    static const struct {
        const char *suffix;
        md_unit unit;
    } suffixes[] = {{"_gib", MD_UNIT_GIB}, {"_mib", MD_UNIT_MIB}, {"_gb", MD_UNIT_GB},
                    {"_mb", MD_UNIT_MB},   {"_ms", MD_UNIT_MS},   {"_s", MD_UNIT_S}};
    size_t n = strlen(name);
    for (size_t i = 0; i < MD_COUNT(suffixes); i++) {
        size_t sn = strlen(suffixes[i].suffix);
        if (n > sn && strcmp(name + n - sn, suffixes[i].suffix) == 0)
            return suffixes[i].unit;
    }
    return MD_UNIT_NONE;
}

/* event.ID.NAME reads the built-in feature before a field of that name. */
static bool is_event_feature(const char *name)
{
    size_t n;
    const md_named *features = md_event_features(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(features[i].name, name) == 0)
            return true;
    return strcmp(name, "text") == 0 || strcmp(name, "last_text") == 0;
}

static bool load_field(md_event_spec *spec, const rf_section *s, const rf_entry *e, md_diags *diags)
{
    if (!e->arg) {
        rf_error_at(diags, s, e->line, e->col, 5, "a field needs a name: 'field NAME = REGEX'");
        return false;
    }
    if (spec->nfields == MD_EVENT_MAX_FIELDS) {
        rf_error_at(diags, s, e->line, e->col, 5, "at most %d fields per event", MD_EVENT_MAX_FIELDS);
        return false;
    }
    if (is_event_feature(e->arg)) {
        md_diag *g = rf_error_at(diags, s, e->line, e->col, 5,
                                 "field '%s' would hide the event's own '%s'", e->arg, e->arg);
        md_diag_set_help(g, "name the field after what it captures ('classes', 'size', 'tried_gib')");
        return false;
    }
    for (size_t i = 0; i < spec->nfields; i++) {
        if (strcmp(spec->fields[i].name, e->arg) == 0) {
            rf_error_at(diags, s, e->line, e->col, 5, "field '%s' is defined twice", e->arg);
            return false;
        }
    }
    if (!check_regex(s, e, true, diags))
        return false;
    md_field_spec *f = &spec->fields[spec->nfields];
    f->pattern = md_xstrdup(e->value);
    f->name = md_xstrdup(e->arg);
    f->unit = field_unit(e->arg);
    spec->nfields++;
    return true;
}

size_t rf_load_event(md_catalog *cat, const rf_section *s, md_diags *diags)
{
    static const char *const keys[] = {"title", "literal", "pattern", "field", "source"};
    md_event_spec spec;
    memset(&spec, 0, sizeof spec);
    size_t errors = 0;
    for (size_t i = 0; i < s->nentries; i++) {
        const rf_entry *e = &s->entries[i];
        if (strcmp(e->key, "title") == 0) {
            free(spec.title);
            spec.title = md_xstrdup(e->value);
        } else if (strcmp(e->key, "literal") == 0) {
            if (!e->value[0]) {
                rf_error_at(diags, s, e->line, e->col, 7, "an empty literal matches every line");
                errors++;
                continue;
            }
            spec.literals = md_xrealloc(spec.literals, (spec.nliterals + 1) * sizeof *spec.literals);
            spec.literals[spec.nliterals++] = md_xstrdup(e->value);
        } else if (strcmp(e->key, "pattern") == 0) {
            if (!e->value[0]) {
                rf_error_at(diags, s, e->line, e->col, 7, "an empty pattern matches every line");
                errors++;
            } else if (spec.pattern) {
                rf_error_at(diags, s, e->line, e->col, 7, "an event has one pattern");
                errors++;
            } else if (check_regex(s, e, false, diags)) {
                spec.pattern = md_xstrdup(e->value);
            } else {
                errors++;
            }
        } else if (strcmp(e->key, "field") == 0) {
            errors += !load_field(&spec, s, e, diags);
        } else if (strcmp(e->key, "source") == 0) {
            if (strcmp(e->value, "traceback") == 0) {
                spec.source = MD_SOURCE_TRACEBACK;
            } else if (strcmp(e->value, "repetition") == 0) {
                spec.source = MD_SOURCE_REPETITION;
            } else if (strcmp(e->value, "line") != 0) {
                md_diag *g = rf_error(diags, s, e, 0, strlen(e->value), "unknown source '%s'", e->value);
                md_diag_set_help(g, "source is line (the default), traceback or repetition");
                errors++;
            }
        } else {
            unknown_key(diags, s, e, keys, MD_COUNT(keys));
            errors++;
        }
    }
    if (spec.nliterals == 0 && spec.source == MD_SOURCE_LINE) {
        rf_error_at(diags, s, s->line, s->col, strlen(s->id),
                    "event '%s' needs at least one 'literal' to find candidate lines fast", s->id);
        errors++;
    }
    if (md_catalog_find_event(cat, s->id) >= 0) {
        rf_error_at(diags, s, s->line, s->col, strlen(s->id), "event '%s' is defined twice", s->id);
        errors++;
    }
    spec.id = md_xstrdup(s->id);
    if (!spec.title)
        spec.title = md_xstrdup(s->id);
    md_catalog_add_event(cat, &spec);
    return errors;
}
