/* Event signatures on log lines: a literal prefilter (any of the event's
 * literals must occur; all events' literals are searched for at once),
 * then the event's POSIX extended regex, then its fields. Most lines fail
 * the prefilter, so the regexes rarely run, and most are never compiled:
 * an event's are when a line first passes its literals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/swar.h"
#include "reader/reader_int.h"

#define MATCH_LINE_MAX 4096

/* An event's compiled regexes: [0] its pattern, [1 + f] field f's; ok
 * where one compiled (a rule file read at run time was checked when
 * loaded, the built-in ones when built). */
typedef struct event_regexes {
    regex_t re[1 + MD_EVENT_MAX_FIELDS];
    bool ok[1 + MD_EVENT_MAX_FIELDS];
} event_regexes;

struct md_event_matcher {
    const md_catalog *cat;
    md_litset *literals; /* every line event's literals, with the event's index as id */
    uint64_t *hits;
    event_regexes **regexes; /* by event index; NULL until first needed */
    char *scratch; /* NUL-terminated copy of the line for regexec */
    /* For md_event_matcher_silent, on the reader's thread: hits of its
     * own, and the longest run without digits of each literal that has a
     * digit ("exit code 137": "exit code "). */
    uint64_t *silent_hits;
    md_str *fragments;
    size_t nfragments, capfragments;
    bool never_silent; /* a literal is all digits */
    /* The last two lines that passed the prefilter and what each matched:
     * a line printed again as it was (a crash loop's one message, a
     * warning each step and the source line Python prints under it) is not
     * matched again. */
    struct seen_line {
        md_buf text;
        bool used;
        struct last_match {
            size_t event, from;
            double fields[MD_EVENT_MAX_FIELDS];
        } matched[MD_MAX_EVENT_KINDS];
        size_t nmatched;
    } seen[2];
    size_t newest; /* the index in seen of the line matched last */
};

/* The longest run of the literal without a digit. */
static md_str digit_free_run(const char *s)
{
    md_str best = {s, 0};
    const char *run = s;
    for (const char *p = s;; p++) {
        if (*p == '\0' || (*p >= '0' && *p <= '9')) {
            if ((size_t)(p - run) > best.n)
                best = (md_str){run, (size_t)(p - run)};
            if (*p == '\0')
                break;
            run = p + 1;
        }
    }
    return best;
}

static void note_digits(md_event_matcher *m, const char *lit)
{
    if (!strpbrk(lit, "0123456789"))
        return;
    md_str run = digit_free_run(lit);
    if (!run.n) {
        m->never_silent = true;
        return;
    }
    MD_GROW(m->fragments, m->nfragments, m->capfragments);
    m->fragments[m->nfragments++] = run;
}

md_event_matcher *md_event_matcher_new(const md_catalog *cat)
{
    md_event_matcher *m = md_xcalloc(1, sizeof *m);
    m->cat = cat;
    m->literals = md_litset_new();
    for (size_t i = 0; i < md_catalog_nevents(cat); i++) {
        const md_event_spec *e = md_catalog_event(cat, i);
        if (e->source != MD_SOURCE_LINE)
            continue;
        for (size_t k = 0; k < e->nliterals; k++) {
            md_litset_add(m->literals, e->literals[k], strlen(e->literals[k]), (unsigned)i);
            note_digits(m, e->literals[k]);
        }
    }
    /* The feed's thread writes hits, the reader's silent_hits. */
    m->hits = md_xcalloc_alone(md_litset_words(m->literals) * sizeof *m->hits);
    m->silent_hits = md_xcalloc_alone(md_litset_words(m->literals) * sizeof *m->silent_hits);
    md_litset_find(m->literals, "", 0, m->hits); /* builds the set: later finds only read it */
    m->scratch = md_xmalloc(MATCH_LINE_MAX + 1);
    m->regexes = md_xcalloc(md_catalog_nevents(cat) ? md_catalog_nevents(cat) : 1, sizeof *m->regexes);
    return m;
}

static void compile_regex(event_regexes *r, size_t k, const char *pattern)
{
    r->ok[k] = pattern && regcomp(&r->re[k], pattern, REG_EXTENDED) == 0;
}

static const event_regexes *event_regexes_of(md_event_matcher *m, size_t i, const md_event_spec *e)
{
    if (!m->regexes[i]) {
        event_regexes *r = md_xcalloc(1, sizeof *r);
        compile_regex(r, 0, e->pattern);
        for (size_t f = 0; f < e->nfields; f++)
            compile_regex(r, 1 + f, e->fields[f].pattern);
        m->regexes[i] = r;
    }
    return m->regexes[i];
}

void md_event_matcher_free(md_event_matcher *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < md_catalog_nevents(m->cat); i++) {
        event_regexes *r = m->regexes[i];
        for (size_t k = 0; r && k < MD_COUNT(r->re); k++)
            if (r->ok[k])
                regfree(&r->re[k]);
        free(r);
    }
    free(m->regexes);
    md_litset_free(m->literals);
    free(m->hits);
    free(m->silent_hits);
    free(m->fragments);
    free(m->scratch);
    md_buf_free(&m->seen[0].text);
    md_buf_free(&m->seen[1].text);
    free(m);
}

/* The field's number, converted to the unit its name promises when the
 * pattern's second group captured a unit ("12.50 MiB" into tried_gib). */
static double field_value(const md_field_spec *f, const regex_t *re, const char *s)
{
    regmatch_t m[10];
    size_t groups = re->re_nsub < 9 ? re->re_nsub : 9;
    if (regexec(re, s, groups + 1, m, 0) != 0)
        return NAN;
    /* The first group that matched and holds a number is the value (POSIX
     * has no non-capturing groups, so "(num_labels|num_classes) ([0-9]+)"
     * and alternatives such as "A ([0-9.]+)|([0-9.]+) B" each have their
     * own); the group after it, when it matched, holds its unit. */
    for (size_t g = 1; g <= groups; g++) {
        if (m[g].rm_so < 0 || m[g].rm_eo == m[g].rm_so)
            continue;
        double v;
        const char *p = s + m[g].rm_so, *end = s + m[g].rm_eo;
        if (!md_num_whole(p, end, &v))
            continue;
        md_unit from;
        if (f->unit != MD_UNIT_NONE && g + 1 <= groups && m[g + 1].rm_so >= 0 &&
            md_unit_scan(s + m[g + 1].rm_so, s + m[g + 1].rm_eo, &from) &&
            md_unit_dim(from) == md_unit_dim(f->unit))
            v = v * md_unit_factor(from) / md_unit_factor(f->unit);
        return v;
    }
    return NAN;
}

/* Where the window the pattern reads starts: the line's start, or on a
 * line longer than the window, half a window before the event's first
 * literal (a job's "CANCELLED AT" after 27 KB of a progress bar's
 * redraws). */
static size_t window_start(const md_event_spec *e, const char *text, size_t n)
{
    if (n <= MATCH_LINE_MAX)
        return 0;
    size_t at = n;
    for (size_t k = 0; k < e->nliterals; k++) {
        const char *hit = md_memmem(text, n, e->literals[k], strlen(e->literals[k]));
        if (hit && (size_t)(hit - text) < at)
            at = (size_t)(hit - text);
    }
    if (at == n || at < MATCH_LINE_MAX / 2)
        return 0;
    size_t start = at - MATCH_LINE_MAX / 2;
    return start + MATCH_LINE_MAX > n ? n - MATCH_LINE_MAX : start;
}

/* Where the text the store keeps of a long line starts: the line's start
 * when the match ends within what it keeps; else a redraw's start ('\r')
 * or, failing one, a blank before the match, so that the quote holds the
 * message ("... 35:34, 7.00s/it]slurmstepd: error: *** JOB 42210 ON c5
 * CANCELLED AT 2022-10-13T04:10:12 DUE TO TIME LIMIT ***"), not 400 bytes
 * of a bar drawn before it. */
static size_t quote_start(const char *text, size_t n, size_t match_end)
{
    if (match_end <= MD_EVENT_TEXT_MAX || match_end > n)
        return 0;
    for (size_t k = match_end; k > 0 && match_end - k < MD_EVENT_TEXT_MAX; k--)
        if (text[k - 1] == '\r')
            return k;
    size_t from = match_end - MD_EVENT_TEXT_MAX / 2;
    while (from < match_end && text[from] != ' ')
        from++;
    return from < match_end ? from + 1 : match_end - MD_EVENT_TEXT_MAX / 2;
}

/* Runs one event whose literal occurs in the line: its pattern, then its
 * fields. *copied is where the window in scratch starts, SIZE_MAX before
 * any is copied. */
static void run_event(md_event_matcher *m, size_t i, md_store *st, unsigned long line, const char *text,
                      size_t n, size_t *copied)
{
    const md_event_spec *e = md_catalog_event(m->cat, i);
    const event_regexes *r = event_regexes_of(m, i, e);
    size_t start = window_start(e, text, n);
    if (*copied != start) {
        size_t len = n - start < MATCH_LINE_MAX ? n - start : MATCH_LINE_MAX;
        memcpy(m->scratch, text + start, len);
        m->scratch[len] = '\0';
        /* regexec stops at NUL; a NUL inside the line is a space here. */
        for (size_t k = 0; k < len; k++)
            if (m->scratch[k] == '\0')
                m->scratch[k] = ' ';
        *copied = start;
    }
    regmatch_t at[1] = {{0, 0}};
    bool long_line = n > MD_EVENT_TEXT_MAX;
    if (e->pattern && (!r->ok[0] || regexec(&r->re[0], m->scratch, long_line, long_line ? at : NULL, 0) != 0))
        return;
    double fields[MD_EVENT_MAX_FIELDS];
    for (size_t f = 0; f < e->nfields; f++)
        fields[f] = r->ok[1 + f] ? field_value(&e->fields[f], &r->re[1 + f], m->scratch) : NAN;
    size_t from = long_line ? quote_start(text, n, start + (size_t)at[0].rm_eo) : 0;
    md_store_event(st, e, line, md_store_current_step(st), text + from, n - from, fields);
    struct seen_line *sl = &m->seen[m->newest];
    if (sl->nmatched < MD_COUNT(sl->matched)) {
        struct last_match *lm = &sl->matched[sl->nmatched++];
        lm->event = i;
        lm->from = from;
        memcpy(lm->fields, fields, e->nfields * sizeof *fields);
    }
}

bool md_event_matcher_silent(md_event_matcher *m, const char *text, size_t n)
{
    if (m->never_silent || md_litset_find(m->literals, text, n, m->silent_hits))
        return false;
    for (size_t i = 0; i < m->nfragments; i++)
        if (md_memmem(text, n, m->fragments[i].p, m->fragments[i].n))
            return false;
    return true;
}

void md_event_matcher_apply(md_event_matcher *m, md_store *st, unsigned long line, const char *text, size_t n)
{
    if (!md_litset_find(m->literals, text, n, m->hits))
        return;
    for (size_t k = 0; k < MD_COUNT(m->seen); k++) {
        const struct seen_line *sl = &m->seen[k];
        if (!sl->used || sl->text.n != n || memcmp(sl->text.p, text, n) != 0)
            continue;
        for (size_t j = 0; j < sl->nmatched; j++) {
            const struct last_match *lm = &sl->matched[j];
            md_store_event(st, md_catalog_event(m->cat, lm->event), line, md_store_current_step(st), text + lm->from,
                           n - lm->from, lm->fields);
        }
        m->newest = k;
        return;
    }
    /* The older of the two gives its place. */
    m->newest = 1 - m->newest;
    struct seen_line *sl = &m->seen[m->newest];
    md_buf_reset(&sl->text);
    md_buf_put(&sl->text, text, n);
    sl->used = true;
    sl->nmatched = 0;
    size_t copied = SIZE_MAX;
    size_t words = md_litset_words(m->literals);
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = m->hits[w]; bits; bits &= bits - 1) {
            size_t i = w * 64 + md_lowest_bit(bits);
            run_event(m, i, st, line, text, n, &copied);
        }
    }
}
