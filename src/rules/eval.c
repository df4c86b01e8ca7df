/* The expression evaluator: a stack machine over postfix code with
 * three-valued logic (see mldiag/expr.h). */
#include <math.h>
#include <stdio.h>

#include "rules/expr_int.h"

static md_value leaf(const op *o, md_sigset *sig, md_expr_why *why)
{
    md_value v = md_unknown();
    switch (o->code) {
    case OP_SERIES:
        v = md_signal_series(sig, o->name, o->feature);
        break;
    case OP_EVENT:
        v = md_signal_event(sig, o->name, o->feat);
        break;
    case OP_LOG:
        v = md_signal_log(sig, o->feat);
        break;
    case OP_RUN:
        v = md_signal_run(sig, o->feat);
        break;
    }
    if (!v.known && why && !why->text[0]) {
        size_t n;
        const md_feature *feats = md_series_features(&n);
        const md_series *s = o->code == OP_SERIES ? md_store_find(md_sigset_store(sig), o->name) : NULL;
        if (o->code == OP_SERIES && !s)
            snprintf(why->text, sizeof why->text, "no %s series", o->name);
        else if (o->code == OP_SERIES && s->count < 20)
            snprintf(why->text, sizeof why->text, "%s.%s is unknown (too few points)", o->name,
                     feats[o->feature].name);
        else if (o->code == OP_SERIES) /* first_nonfinite_step of a series with no NaN */
            snprintf(why->text, sizeof why->text, "%s.%s is unknown (no point of the series gives it)", o->name,
                     feats[o->feature].name);
        else if (o->code == OP_EVENT)
            snprintf(why->text, sizeof why->text, "event %s did not occur or has no %s", o->name, o->feat);
        else
            snprintf(why->text, sizeof why->text, "%s.%s is unknown", o->code == OP_LOG ? "log" : "run",
                     o->feat);
    }
    return v;
}

static md_value logic_and(md_value a, md_value b)
{
    if ((a.known && a.v == 0) || (b.known && b.v == 0))
        return md_known(0);
    if (a.known && b.known)
        return md_known(1);
    return md_unknown();
}

static md_value logic_or(md_value a, md_value b)
{
    if ((a.known && a.v != 0) || (b.known && b.v != 0))
        return md_known(1);
    if (a.known && b.known)
        return md_known(0);
    return md_unknown();
}

/* Why an operation on known operands gave no value; the first reason
 * stands. */
static md_value unknown_because(md_expr_why *why, const char *reason)
{
    if (why && !why->text[0])
        snprintf(why->text, sizeof why->text, "%s", reason);
    return md_unknown();
}

/* A finite result, else unknown: a result past the largest double. */
static md_value arith(double v, md_expr_why *why)
{
    return isfinite(v) ? md_known(v) : unknown_because(why, "a result too large to represent");
}

static md_value binary(int code, md_value a, md_value b, md_expr_why *why)
{
    if (code == OP_AND)
        return logic_and(a, b);
    if (code == OP_OR)
        return logic_or(a, b);
    if (!a.known || !b.known)
        return md_unknown();
    switch (code) {
    case OP_ADD:
        return arith(a.v + b.v, why);
    case OP_SUB:
        return arith(a.v - b.v, why);
    case OP_MUL:
        return arith(a.v * b.v, why);
    case OP_DIV:
        return b.v == 0 ? unknown_because(why, "division by zero") : arith(a.v / b.v, why);
    case OP_LT:
        return md_known(a.v < b.v);
    case OP_LE:
        return md_known(a.v <= b.v);
    case OP_GT:
        return md_known(a.v > b.v);
    case OP_GE:
        return md_known(a.v >= b.v);
    case OP_EQ:
        return md_known(a.v == b.v);
    case OP_NE:
        return md_known(a.v != b.v);
    }
    return md_unknown();
}

static md_value unary(int code, md_value a, md_expr_why *why)
{
    if (code == OP_DEFINED)
        return md_known(a.known);
    if (!a.known)
        return a;
    switch (code) {
    case OP_NEG:
        return md_known(-a.v);
    case OP_NOT:
        return md_known(a.v == 0);
    case OP_ABS:
        return md_known(fabs(a.v));
    case OP_LN:
        return a.v > 0 ? arith(log(a.v), why) : unknown_because(why, "ln of a number not above 0");
    case OP_EXP:
        return arith(exp(a.v), why);
    case OP_SQRT:
        return a.v >= 0 ? arith(sqrt(a.v), why) : unknown_because(why, "sqrt of a negative number");
    }
    return md_unknown();
}

static md_value extreme(const md_value *args, size_t n, bool want_max)
{
    md_value best = md_unknown();
    for (size_t i = 0; i < n; i++) {
        if (!args[i].known)
            return md_unknown();
        if (!best.known || (want_max ? args[i].v > best.v : args[i].v < best.v))
            best = args[i];
    }
    return best;
}

/* Whether a leaf's value counts log entries rather than steps: a series
 * placed by its entries; a run signal (run.worst_val_best_step) when the
 * run gave no step at all. An event stands at the step the records before
 * it reached, never at an entry (a header's "total num timesteps 1998400"
 * over rewards logged without steps). */
static bool leaf_counts_entries(const op *o, md_sigset *sig)
{
    const md_store *st = md_sigset_store(sig);
    if (o->code == OP_SERIES) {
        const md_series *s = md_store_find(st, o->name);
        return s && s->ordinal;
    }
    if (o->code != OP_RUN)
        return false;
    size_t n = md_store_nseries(st), ordinal = 0;
    for (size_t i = 0; i < n; i++)
        ordinal += md_store_series(st, i)->ordinal;
    return n > 0 && ordinal == n;
}

/* Why each unknown on the stack is unknown: an index into the reasons
 * met so far, or -1. A reason follows its value, so one that or, default()
 * or defined() set aside is not given for the result. */
#define REASONS 4

typedef struct reasons {
    md_expr_why text[REASONS];
    int n;
    signed char slot[EXPR_STACK_MAX];
} reasons;

/* The slot's reason after an operation: where it gave a reason of its own
 * (w), that one; where it is unknown from its operands, the first unknown
 * operand's; none where it is known. */
static void set_reason(reasons *r, size_t slot, md_value v, const md_expr_why *w, const md_value *args, size_t nargs,
                       size_t first)
{
    signed char reason = -1;
    if (!v.known) {
        if (w && w->text[0]) {
            /* A reason no slot below this one still holds is free again:
             * those set aside by or, default() and defined(). */
            int k = r->n < REASONS ? r->n++ : -1;
            for (int c = 0; k < 0 && c < REASONS; c++) {
                bool held = false;
                for (size_t i = 0; i < slot && !held; i++)
                    held = r->slot[i] == c;
                k = held ? -1 : c;
            }
            if (k >= 0) {
                r->text[k] = *w;
                reason = (signed char)k;
            }
        } else {
            for (size_t k = 0; k < nargs && reason < 0; k++)
                if (!args[k].known)
                    reason = r->slot[first + k];
        }
    }
    r->slot[slot] = reason;
}

/* Runs the code; with entries, also says whether the value counts log
 * entries: each slot carries its operand's answer, default() the one it
 * took, min() and max() the one they picked, a comparison or a logical
 * operation none (a truth value), any other operation either of its
 * operands'. */
static md_value evaluate(const md_expr *e, md_sigset *sig, md_expr_why *why, bool *entries)
{
    md_value stack[EXPR_STACK_MAX];
    bool counts[EXPR_STACK_MAX];
    reasons r;
    r.n = 0;
    md_expr_why w;
    md_expr_why *wp = why ? &w : NULL;
    size_t sp = 0;
    if (why)
        why->text[0] = '\0';
    for (size_t i = 0; i < e->n; i++) {
        const op *o = &e->ops[i];
        if (sp >= EXPR_STACK_MAX - 1)
            return md_unknown();
        w.text[0] = '\0';
        switch (o->code) {
        case OP_NUM:
            counts[sp] = false;
            r.slot[sp] = -1;
            stack[sp++] = md_known(o->num);
            break;
        case OP_SERIES:
        case OP_EVENT:
        case OP_LOG:
        case OP_RUN:
            counts[sp] = entries && leaf_counts_entries(o, sig);
            stack[sp] = leaf(o, sig, wp);
            set_reason(&r, sp, stack[sp], wp, NULL, 0, sp);
            sp++;
            break;
        case OP_HAS:
            counts[sp] = false;
            r.slot[sp] = -1;
            stack[sp++] = md_known(md_store_has_points(md_sigset_store(sig), o->name));
            break;
        case OP_MIN:
        case OP_MAX: {
            sp -= o->argc;
            md_value best = extreme(&stack[sp], o->argc, o->code == OP_MAX);
            bool picked = false;
            for (size_t k = 0; k < (size_t)o->argc; k++)
                if (best.known && stack[sp + k].v == best.v)
                    picked |= counts[sp + k];
            counts[sp] = picked;
            set_reason(&r, sp, best, NULL, &stack[sp], (size_t)o->argc, sp);
            stack[sp++] = best;
            break;
        }
        case OP_DEFAULT:
            sp--;
            if (!stack[sp - 1].known) {
                stack[sp - 1] = stack[sp];
                counts[sp - 1] = counts[sp];
                r.slot[sp - 1] = r.slot[sp];
            }
            break;
        case OP_CLAMP: {
            sp -= 3;
            md_value x = stack[sp], lo = stack[sp + 1], hi = stack[sp + 2];
            md_value v = !x.known || !lo.known || !hi.known ? md_unknown()
                         : md_known(x.v < lo.v ? lo.v : x.v > hi.v ? hi.v : x.v);
            set_reason(&r, sp, v, NULL, &stack[sp], 3, sp);
            stack[sp++] = v;
            break;
        }
        default:
            if (op_is_unary(o->code)) {
                md_value v = unary(o->code, stack[sp - 1], wp);
                set_reason(&r, sp - 1, v, wp, &stack[sp - 1], 1, sp - 1);
                stack[sp - 1] = v;
                counts[sp - 1] &= o->code != OP_NOT && o->code != OP_DEFINED;
                break;
            }
            sp--;
            md_value v = binary(o->code, stack[sp - 1], stack[sp], wp);
            set_reason(&r, sp - 1, v, wp, &stack[sp - 1], 2, sp - 1);
            stack[sp - 1] = v;
            /* A truth value counts nothing: a step gated by one (x /
             * (loss.ordinal == 1)) is x's. */
            if (o->code >= OP_LT && o->code <= OP_OR)
                counts[sp - 1] = false;
            else
                counts[sp - 1] |= counts[sp];
        }
    }
    if (entries)
        *entries = sp == 1 && counts[0];
    if (why && sp == 1 && !stack[0].known && r.slot[0] >= 0)
        *why = r.text[r.slot[0]];
    return sp == 1 ? stack[0] : md_unknown();
}

md_value md_expr_eval(const md_expr *e, md_sigset *sig, md_expr_why *why)
{
    return evaluate(e, sig, why, NULL);
}

const char *md_expr_first_series(const md_expr *e, md_sigset *sig)
{
    const md_store *st = md_sigset_store(sig);
    for (size_t i = 0; e && i < e->n; i++) {
        if (e->ops[i].code == OP_SERIES && md_store_find(st, e->ops[i].name))
            return e->ops[i].name;
        const char *ranked = e->ops[i].code == OP_RUN ? md_signal_run_series(sig, e->ops[i].feat) : NULL;
        if (ranked)
            return ranked;
    }
    return NULL;
}

static void put_signal_name(md_buf *out, const op *o)
{
    size_t n;
    const md_feature *feats = md_series_features(&n);
    if (o->code == OP_SERIES)
        md_buf_printf(out, "%s.%s", o->name, feats[o->feature].name);
    else if (o->code == OP_EVENT)
        md_buf_printf(out, "event.%s.%s", o->name, o->feat);
    else
        md_buf_printf(out, "%s.%s", o->code == OP_LOG ? "log" : "run", o->feat);
}

static bool same_signal(const op *a, const op *b)
{
    return a->code == b->code && a->feature == b->feature && (a->name == NULL) == (b->name == NULL) &&
           (!a->name || strcmp(a->name, b->name) == 0) && (a->feat == NULL) == (b->feat == NULL) &&
           (!a->feat || strcmp(a->feat, b->feat) == 0);
}

void md_expr_signal_values(const md_expr *e, md_sigset *sig, md_buf *out)
{
    size_t shown = 0;
    for (size_t i = 0; i < e->n; i++) {
        const op *o = &e->ops[i];
        if (o->code != OP_SERIES && o->code != OP_EVENT && o->code != OP_LOG && o->code != OP_RUN)
            continue;
        bool seen = false;
        for (size_t k = 0; k < i && !seen; k++)
            seen = same_signal(&e->ops[k], o);
        if (seen)
            continue;
        if (shown++)
            md_buf_puts(out, ", ");
        put_signal_name(out, o);
        md_value v = leaf(o, sig, NULL);
        char b[32];
        md_buf_printf(out, " = %s", v.known ? md_num_fmt(v.v, b, sizeof b) : "unknown");
    }
}

bool md_expr_counts_entries(const md_expr *e, md_sigset *sig)
{
    bool entries = false;
    if (e)
        evaluate(e, sig, NULL, &entries);
    return entries;
}
