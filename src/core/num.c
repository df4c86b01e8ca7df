#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/base.h"

/* Powers of ten that a double holds exactly: a mantissa below 2^53 times or
 * divided by one of them is a single correctly rounded operation, which is
 * the same result strtod gives (Clinger's fast path). */
static const double exact_pow10[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static bool ci_prefix(const char *s, const char *end, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(end - s) < n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != word[i])
            return false;
    }
    return true;
}

static size_t scan_special(const char *s, const char *end, bool neg, double *out)
{
    if (ci_prefix(s, end, "nan")) {
        *out = NAN;
        return 3;
    }
    if (ci_prefix(s, end, "infinity")) {
        *out = neg ? -INFINITY : INFINITY;
        return 8;
    }
    if (ci_prefix(s, end, "inf")) {
        *out = neg ? -INFINITY : INFINITY;
        return 3;
    }
    return 0;
}

static size_t slow_path(const char *s, size_t len, double *out)
{
    char local[128];
    char *copy = len < sizeof local ? local : md_xmalloc(len + 1);
    memcpy(copy, s, len);
    copy[len] = '\0';
    *out = strtod(copy, NULL);
    if (copy != local)
        free(copy);
    return len;
}

size_t md_num_scan(const char *s, const char *end, double *out)
{
    const char *p = s;
    bool neg = false;
    if (p < end && (*p == '-' || *p == '+'))
        neg = *p++ == '-';
    if (p < end && !(*p >= '0' && *p <= '9') && *p != '.') {
        size_t n = scan_special(p, end, neg, out);
        return n ? (size_t)(p - s) + n : 0;
    }

    uint64_t mant = 0;
    int digits = 0, dropped = 0, frac = 0;
    bool any = false;
    for (; p < end && *p >= '0' && *p <= '9'; p++, any = true) {
        if (digits < 19) {
            mant = mant * 10 + (uint64_t)(*p - '0');
            digits += mant != 0;
        } else {
            dropped++;
        }
    }
    if (p < end && *p == '.') {
        const char *q = p + 1;
        for (; q < end && *q >= '0' && *q <= '9'; q++, any = true) {
            if (digits < 19) {
                mant = mant * 10 + (uint64_t)(*q - '0');
                digits += mant != 0;
                frac++;
            } else {
                dropped++;
            }
        }
        if (!any)
            return 0;
        p = q;
    }
    if (!any)
        return 0;

    int exp = 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        bool eneg = false;
        if (q < end && (*q == '-' || *q == '+'))
            eneg = *q++ == '-';
        if (q < end && *q >= '0' && *q <= '9') {
            for (; q < end && *q >= '0' && *q <= '9'; q++)
                if (exp < 100000)
                    exp = exp * 10 + (*q - '0');
            exp = eneg ? -exp : exp;
            p = q;
        }
    }

    size_t len = (size_t)(p - s);
    int e10 = exp - frac;
    if (dropped == 0 && mant <= (UINT64_C(1) << 53) && e10 >= -22 && e10 <= 22) {
        double v = (double)mant;
        v = e10 < 0 ? v / exact_pow10[-e10] : v * exact_pow10[e10];
        *out = neg ? -v : v;
        return len;
    }
    return slow_path(s, len, out);
}

const char *md_num_fmt(double v, char *buf, size_t size)
{
    if (isnan(v))
        snprintf(buf, size, "nan");
    else if (isinf(v))
        snprintf(buf, size, v < 0 ? "-inf" : "inf");
    else if (v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, size, "%.0f", v == 0 ? 0.0 : v);
    else
        snprintf(buf, size, "%.4g", v);
    return buf;
}
