/* Private to src/rules: the compiled form of an expression. */
#ifndef MLDIAG_EXPR_INT_H
#define MLDIAG_EXPR_INT_H

#include <stdbool.h>

#include "core/map.h"
#include "mldiag/expr.h"

enum {
    OP_NUM,
    OP_SERIES, /* name: series, feature: index */
    OP_EVENT,  /* name: event id, feat: feature or field */
    OP_LOG,    /* feat */
    OP_RUN,    /* feat */
    OP_HAS,    /* name: series */
    OP_DEFINED,
    OP_NEG,
    OP_NOT,
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_DIV,
    OP_LT,
    OP_LE,
    OP_GT,
    OP_GE,
    OP_EQ,
    OP_NE,
    OP_AND,
    OP_OR,
    OP_MIN, /* argc values */
    OP_MAX,
    OP_ABS,
    OP_LN,
    OP_EXP,
    OP_SQRT,
    OP_CLAMP,
    OP_DEFAULT /* default(x, d): x when known, else d */
};

/* The evaluator's stack: an expression that needs more slots at once is
 * refused when it is compiled. */
#define EXPR_STACK_MAX 256

/* An operation on the one value on top of the stack. */
static inline bool op_is_unary(int code)
{
    return code == OP_DEFINED || code == OP_NEG || code == OP_NOT || code == OP_ABS || code == OP_LN ||
           code == OP_EXP || code == OP_SQRT;
}

typedef struct op {
    uint8_t code;
    uint16_t argc;
    int feature;
    double num;
    const char *name; /* NUL-terminated in the expression's block */
    const char *feat;
    uint32_t namelen, featlen;
} op;

/* One allocation holds the expression, its code, the names its code
 * refers to and its text: the built-in rules compile thousands. */
struct md_expr {
    op *ops;
    size_t n;
    char *text;
};

/* The names a rule gives to expressions ("let improving = ..."): its other
 * expressions, its evidence and its causes use them as bare words, and
 * each use compiles to a copy of the named expression's code. */
typedef struct md_expr_lets {
    char **names;
    md_expr **exprs;
    size_t n, cap;
    md_map index;   /* name -> position: a rule may have thousands */
    size_t *copied; /* operations copied from lets by all the rules loaded together (NULL: not counted) */
} md_expr_lets;

/* md_expr_compile, where bare words may name lets (NULL: none). A use of
 * a let that did not compile fails with an empty err->msg: its error was
 * reported at the let. */
md_expr *md_expr_compile_with(const char *text, const md_catalog *cat, const md_expr_lets *lets,
                              md_expr_error *err);
/* Takes ownership of x, which is NULL for a let that did not compile. */
void md_expr_lets_add(md_expr_lets *lets, const char *name, md_expr *x);
/* The position of the let called name, or -1. */
long md_expr_lets_find(const md_expr_lets *lets, const char *name);
void md_expr_lets_fini(md_expr_lets *lets);

#endif
