/* Evaluates compiled rules against a run's signals into findings. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/rank.h"
#include "mldiag/rules.h"
#include "rules/expr_int.h"
#include "rules/rule.h"

/* Confidence of a rule that states none, or whose expression is unknown. */
#define DEFAULT_CONFIDENCE 0.5

static void strs_add(md_strs *s, char *text)
{
    s->v = md_xrealloc(s->v, (s->n + 1) * sizeof *s->v);
    s->v[s->n++] = text;
}

static char *render(md_template *t, md_sigset *sig, bool *complete)
{
    md_buf out = {0};
    bool all = md_template_render(t, sig, &out);
    if (complete)
        *complete = all;
    return md_buf_steal(&out);
}

/* A check or a fix, as evidence is: kept when its values are known and
 * its {x:if} conditions hold. */
static void add_complete(md_strs *s, md_template *t, md_sigset *sig)
{
    bool complete;
    char *text = render(t, sig, &complete);
    if (complete)
        strs_add(s, text);
    else
        free(text);
}

static double eval_or(const md_expr *e, md_sigset *sig, double fallback)
{
    if (!e)
        return fallback;
    md_value v = md_expr_eval(e, sig, NULL);
    return v.known ? v.v : fallback;
}

/* The input holding the event a line expression refers to. */
static int line_input(const md_expr *e, md_sigset *sig)
{
    for (size_t i = 0; e && i < e->n; i++) {
        if (e->ops[i].code != OP_EVENT)
            continue;
        const md_event *ev = md_store_find_event(md_sigset_store(sig), e->ops[i].name);
        if (ev)
            return strstr(e->ops[i].feat, "last") ? ev->last_input : ev->first_input;
    }
    return md_store_ninputs(md_sigset_store(sig)) == 1 ? 0 : -1;
}

/* The rule's causes, scored on the evidence. A cause the evidence scores
 * 0 is ruled out and left out, unless every cause scores 0: then each is
 * as likely as the next. */
static void add_causes(md_finding *f, const rule *r, md_sigset *sig)
{
    f->causes = md_xcalloc(r->ncauses ? r->ncauses : 1, sizeof *f->causes);
    double total = 0;
    for (size_t i = 0; i < r->ncauses; i++) {
        double score = eval_or(r->causes[i].score, sig, 0);
        f->causes[i].score = score > 0 ? score : 0;
        total += f->causes[i].score;
    }
    /* The causes kept move to the front, each to a slot at or before its
     * own, which holds nothing but its score yet. */
    for (size_t i = 0; i < r->ncauses; i++) {
        double score = f->causes[i].score;
        if (total > 0 && score == 0)
            continue;
        const cause *c = &r->causes[i];
        md_cause *out = &f->causes[f->ncauses++];
        out->id = c->id;
        out->score = score;
        out->text = render(c->text, sig, NULL);
        for (size_t k = 0; k < c->nchecks; k++)
            add_complete(&out->checks, c->checks[k], sig);
        for (size_t k = 0; k < c->nfixes; k++)
            add_complete(&out->fixes, c->fixes[k], sig);
    }
    for (size_t i = 0; i < f->ncauses; i++)
        f->causes[i].share = total > 0 ? f->causes[i].score / total : 1.0 / (double)f->ncauses;
    /* Highest score first; the rule file's order breaks ties. */
    for (size_t i = 1; i < f->ncauses; i++) {
        md_cause x = f->causes[i];
        size_t j = i;
        while (j > 0 && f->causes[j - 1].score < x.score) {
            f->causes[j] = f->causes[j - 1];
            j--;
        }
        f->causes[j] = x;
    }
}

static void make_finding(md_findings *out, const rule *r, md_sigset *sig)
{
    MD_GROW(out->v, out->n, out->cap);
    md_finding *f = &out->v[out->n++];
    memset(f, 0, sizeof *f);
    f->id = r->id;
    f->title = r->title;
    f->symptom = r->symptom;
    f->severity = f->declared = r->severity;
    if (r->benign) {
        md_value b = md_expr_eval(r->benign, sig, NULL);
        if (b.known && b.v != 0) {
            f->severity = MD_SEV_INFO;
            /* The first explanation whose values are known and whose
             * {x:if} conditions hold; the last one otherwise. */
            for (size_t i = 0; i < r->nbenign_texts && !f->benign; i++) {
                bool complete;
                char *text = render(r->benign_texts[i], sig, &complete);
                if (complete || i + 1 == r->nbenign_texts)
                    f->benign = text;
                else
                    free(text);
            }
        }
    }
    double c = eval_or(r->confidence, sig, DEFAULT_CONFIDENCE);
    f->confidence = c < 0 ? 0 : c > 1 ? 1 : c;
    f->step = eval_or(r->step, sig, NAN);
    f->ordinal_step = md_expr_counts_entries(r->step, sig);
    f->subject = md_expr_first_series(r->step, sig);
    f->line = eval_or(r->line, sig, NAN);
    f->input = line_input(r->line, sig);
    for (size_t i = 0; i < r->ntags; i++)
        strs_add(&f->tags, md_xstrdup(r->tags[i]));
    for (size_t i = 0; i < r->nevidence; i++) {
        bool complete;
        char *text = render(r->evidence[i], sig, &complete);
        /* An evidence line with an unknown value says nothing: leave it out. */
        if (complete)
            strs_add(&f->evidence, text);
        else
            free(text);
    }
    add_causes(f, r, sig);
}

static void skip(md_findings *out, const rule *r, const char *reason)
{
    MD_GROW(out->skipped, out->nskipped, out->capskipped);
    out->skipped[out->nskipped].id = r->id;
    out->skipped[out->nskipped++].reason = md_xstrdup(reason[0] ? reason : "not enough data");
}

static bool rule_suppresses(const void *ctx, const char *a, const char *b)
{
    const md_ruleset *rs = ctx;
    long i = md_ruleset_find(rs, a);
    size_t n;
    const rule *rules = md_ruleset_rules(rs, &n);
    if (i < 0)
        return false;
    for (size_t k = 0; k < rules[i].nsuppresses; k++)
        if (strcmp(rules[i].suppresses[k], b) == 0)
            return true;
    return false;
}

static md_rule_status status_of(const md_findings *out, const char *id, md_severity *sev)
{
    for (size_t i = 0; i < out->n; i++) {
        if (strcmp(out->v[i].id, id) == 0) {
            *sev = out->v[i].severity;
            return MD_RULE_FIRED;
        }
    }
    for (size_t i = 0; i < out->nsuppressed; i++)
        if (strcmp(out->suppressed[i], id) == 0)
            return MD_RULE_SUPPRESSED;
    for (size_t i = 0; i < out->nskipped; i++)
        if (strcmp(out->skipped[i].id, id) == 0)
            return MD_RULE_SKIPPED;
    return MD_RULE_CLEAN;
}

static void record_results(md_findings *out, const rule *rules, size_t n)
{
    out->results = md_xcalloc(n ? n : 1, sizeof *out->results);
    out->nresults = n;
    for (size_t i = 0; i < n; i++) {
        md_rule_result *r = &out->results[i];
        r->id = rules[i].id;
        r->title = rules[i].title;
        r->severity = rules[i].severity;
        r->status = status_of(out, rules[i].id, &r->severity);
    }
}

void md_rules_eval(const md_ruleset *rs, md_sigset *sig, md_findings *out)
{
    memset(out, 0, sizeof *out);
    size_t n;
    const rule *rules = md_ruleset_rules(rs, &n);
    for (size_t i = 0; i < n; i++) {
        const rule *r = &rules[i];
        md_expr_why why;
        md_value when = md_expr_eval(r->when, sig, &why);
        out->evaluated++;
        if (!when.known)
            skip(out, r, why.text);
        else if (when.v != 0)
            make_finding(out, r, sig);
    }
    md_rank(out, rule_suppresses, rs);
    record_results(out, rules, n);
}
