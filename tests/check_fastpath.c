/* The fast paths against what they stand in for, on generated inputs (nasty
 * ones included) and on the shared corpus: md_num_scan against strtod, the
 * literal set against one memmem per literal, the CSV and JSON Lines fast
 * paths against libcsv and cJSON, threaded feeds against direct store
 * calls. Every comparison is exact: the same series, events, inputs and
 * diagnostics, with bit-identical values, buckets and spikes. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mldiag/reader.h"
#include "mldiag/source.h"
#include "fuzz/same_store.h"
#include "reader/reader_int.h"
#include "tests.h"

/* ---- a seeded generator -------------------------------------------------- */

typedef struct rng {
    uint64_t s;
} rng;

/* A generator's seed: the test's own, or mixed with MLDIAG_SEED when set
 * (make seeds runs the generated inputs under many). */
static rng seeded(uint64_t own)
{
    const char *env = getenv("MLDIAG_SEED");
    uint64_t mix = env && *env ? strtoull(env, NULL, 10) : 0;
    return (rng){own ^ mix * UINT64_C(0x9e3779b97f4a7c15)};
}

static uint64_t next(rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static size_t below(rng *r, size_t n)
{
    return (size_t)(next(r) % n);
}

static const char *pick(rng *r, const char *const *v, size_t n)
{
    return v[below(r, n)];
}

#define PICK(r, v) pick(r, v, MD_COUNT(v))

/* ---- numbers ------------------------------------------------------------- */

static void check_number(const char *s)
{
    char *end;
    double want = strtod(s, &end), got = 0;
    size_t used = md_num_scan(s, s + strlen(s), &got);
    ck_assert_msg(used == (size_t)(end - s), "\"%s\": %zu bytes read, strtod reads %zu", s, used,
                  (size_t)(end - s));
    ck_assert_msg(same_bits(got, want), "\"%s\": %.17g, strtod gives %.17g", s, got, want);
    /* The form stands in for looking at the text again. */
    md_num_form form;
    bool same = md_num_scan_form(s, s + strlen(s), &got, &form) == used &&
                (!used || form.point == (memchr(s, '.', used) != NULL)) &&
                (form.exp == 'e') == (memchr(s, 'e', used) != NULL) &&
                (form.exp != 0) == (memchr(s, 'e', used) || memchr(s, 'E', used)) &&
                (!used || md_kv_form_decimals(&form) == md_kv_decimals(s, used));
    /* So does a plain decimal read the short way. */
    double plain;
    int decimals;
    if (md_num_plain(s, strlen(s), &plain, &decimals) &&
        !(used == strlen(s) && same_bits(plain, want) && !form.exp && form.point == (decimals >= 0) &&
          (decimals < 0 || (unsigned)decimals == form.decimals)))
        ck_abort_msg("\"%s\": md_num_plain gives %.17g, %d decimals", s, plain, decimals);
    if (!same)
        ck_abort_msg("\"%s\": the form differs from the text's", s);
}

/* A decimal in md_num_scan's grammar: sign, digits, point, digits, exponent. */
static void random_decimal(rng *r, char *buf, size_t cap)
{
    size_t n = 0;
    if (below(r, 4) == 0) buf[n++] = below(r, 3) ? '-' : '+';
    size_t int_digits = below(r, 4) == 0 ? 0 : 1 + below(r, below(r, 3) ? 6 : 24);
    size_t frac_digits = below(r, 3) == 0 ? 0 : below(r, below(r, 2) ? 8 : 24);
    if (!int_digits && !frac_digits) int_digits = 1;
    bool lead_zeros = below(r, 5) == 0;
    for (size_t i = 0; i < int_digits && n + 2 < cap; i++)
        buf[n++] = (char)('0' + (lead_zeros && i < int_digits / 2 ? 0 : below(r, 10)));
    if (frac_digits || (int_digits && below(r, 8) == 0)) {
        buf[n++] = '.';
        for (size_t i = 0; i < frac_digits && n + 2 < cap; i++)
            buf[n++] = (char)('0' + (lead_zeros && i < frac_digits / 2 ? 0 : below(r, 10)));
    }
    if (below(r, 3) == 0 && n + 8 < cap) {
        buf[n++] = below(r, 2) ? 'e' : 'E';
        if (below(r, 2)) buf[n++] = below(r, 2) ? '-' : '+';
        n += (size_t)snprintf(buf + n, cap - n, "%d", (int)below(r, below(r, 4) ? 40 : 420));
    }
    buf[n] = '\0';
}

START_TEST(test_number_edges)
{
    static const char *const cases[] = {
        "0",
        "-0",
        "+0",
        "0.0",
        "-0.0",
        "0e0",
        "-0e-400",
        "1",
        "-1",
        "0.1",
        "0.30000000000000004",
        "2.5000",
        "1.25",
        "12345",
        "1.108010E+01",
        "3.80992889404297e-06",
        "0.0021234560012817383",
        "2.6084752372694839",
        "9007199254740992",
        "9007199254740993",
        "9007199254740995",
        "18446744073709551615",
        "18446744073709551616",
        "1234567890123456789",
        "12345678901234567890",
        "0.1234567890123456789",
        "0.12345678901234567891",
        "00000000000000000000000000001.5",
        "0.00000000000000000000000000001",
        "1e22",
        "1e23",
        "1e-22",
        "1e-23",
        "8.98846567431158e307",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "1e309",
        "1e400",
        "-1e400",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "4.9e-324",
        "5e-324",
        "2.4703282292062327e-324",
        "1e-400",
        "123.456e-5",
        "7.2E+00",
        "7.234567E+00",
        "1.",
        "5.",
        ".5",
        "-.5",
        "1e80",
        "1e81",
        "1e-80",
        "1e-81",
        "9.999999999999999e79",
        "4.35679215e+01",
        "100000000000000000000000",
        "0.000001",
        "1e-7",
        "3.4028235677973366e38",
        "nan",
        "NaN",
        "inf",
        "-Infinity",
        "1e",
        "1.5e+",
        "2.50E-3",
        "007",
        "999999999999999",
        "9999999999999999",
        "123456789012345",
        "-1234567.12345678",
        "1234567.123456789",
        "-.5",
        "-5.",
        "-0",
        ".",
        "-",
        "1.2.3",
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++)
        check_number(cases[i]);
}
END_TEST

/* A JSON number is integral when whole, as floor tells. */
START_TEST(test_json_number_flags)
{
    static const double cases[] = {0.0,
                                   -0.0,
                                   0.5,
                                   -0.5,
                                   1.0,
                                   -3.0,
                                   4503599627370495.5,
                                   -4503599627370495.5,
                                   4503599627370496.0,
                                   9007199254740993.0,
                                   9.2e18,
                                   -9.3e18,
                                   1e19,
                                   1e300,
                                   -1e300,
                                   5e-324,
                                   NAN,
                                   INFINITY,
                                   -INFINITY};
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        double v = cases[i];
        unsigned want = isfinite(v) && v == floor(v) ? MD_KV_INTEGRAL : 0;
        ck_assert_msg(md_json_number_flags(v) == want, "%.17g", v);
    }
    rng r = seeded(3);
    for (int i = 0; i < 100000; i++) {
        uint64_t bits = next(&r);
        double v;
        memcpy(&v, &bits, sizeof v);
        unsigned want = isfinite(v) && v == floor(v) ? MD_KV_INTEGRAL : 0;
        if (md_json_number_flags(v) != want)
            ck_abort_msg("%.17g", v);
    }
}
END_TEST

START_TEST(test_number_random)
{
    rng r = seeded(1);
    char buf[96];
    for (int i = 0; i < 300000; i++) {
        random_decimal(&r, buf, sizeof buf);
        check_number(buf);
    }
}
END_TEST

/* A short number read in one word or two (md_num_plain_after) against the
 * loop (md_num_plain), the text at every distance from a buffer's start. */
static void check_plain_after(const char *text, size_t n)
{
    char buf[40] = "0000000000000000";
    memcpy(buf + 16, text, n);
    for (size_t at = 0; at <= 16; at++) {
        const char *p = buf + 16;
        double want = -1, got = -1;
        int want_dec = -2, got_dec = -2;
        bool want_ok = md_num_plain(p, n, &want, &want_dec);
        bool got_ok = md_num_plain_after(p - at, p, n, &got, &got_dec);
        ck_assert_msg(want_ok == got_ok && same_bits(want, got) && want_dec == got_dec,
                      "\"%.*s\" %zu bytes after the start: %d %.17g %d, the loop %d %.17g %d", (int)n, text, at,
                      got_ok, got, got_dec, want_ok, want, want_dec);
    }
}

START_TEST(test_number_plain_word)
{
    static const char alphabet[] = "0159.-e/ ";
    char text[18];
    /* Every text of up to four bytes of the alphabet. */
    for (size_t n = 1; n <= 4; n++) {
        size_t count = 1;
        for (size_t i = 0; i < n; i++)
            count *= sizeof alphabet - 1;
        for (size_t k = 0; k < count; k++) {
            size_t v = k;
            for (size_t i = 0; i < n; i++, v /= sizeof alphabet - 1)
                text[i] = alphabet[v % (sizeof alphabet - 1)];
            check_plain_after(text, n);
        }
    }
    rng r = seeded(12);
    for (int i = 0; i < 40000; i++) {
        size_t n = 1 + below(&r, i % 2 ? 8 : 18);
        for (size_t k = 0; k < n; k++)
            text[k] = below(&r, 6) ? (char)('0' + below(&r, 10)) : alphabet[below(&r, sizeof alphabet - 1)];
        check_plain_after(text, n);
    }
    /* Digits with a point at each place, or none. */
    for (size_t n = 1; n <= 17; n++) {
        for (size_t point = 0; point <= n; point++) {
            for (size_t k = 0; k < n; k++)
                text[k] = k == point ? '.' : (char)('0' + below(&r, 10));
            check_plain_after(text, n);
        }
    }
}
END_TEST

/* Doubles printed at 15 to 17 digits: the halfway cases of the fast path. */
START_TEST(test_number_printed_doubles)
{
    rng r = seeded(2);
    char buf[64];
    for (int i = 0; i < 200000; i++) {
        uint64_t bits = next(&r) & ~(UINT64_C(1) << 63);
        double d;
        memcpy(&d, &bits, sizeof d);
        if (!isfinite(d)) continue;
        snprintf(buf, sizeof buf, "%.*g", 15 + (int)below(&r, 3), d);
        check_number(buf);
        snprintf(buf, sizeof buf, "%.*g", 1 + (int)below(&r, 17),
                 ldexp(1.0 + (double)below(&r, 1000) / 1000, (int)below(&r, 120) - 60));
        check_number(buf);
    }
}
END_TEST

/* ---- the literal set ----------------------------------------------------- */

static void naive_hits(const char *const *lits, const unsigned *ids, size_t n, const char *t,
                       size_t tn, uint64_t *hits, size_t words)
{
    memset(hits, 0, words * sizeof *hits);
    for (size_t i = 0; i < n; i++)
        if (md_memmem(t, tn, lits[i], strlen(lits[i])))
            hits[ids[i] / 64] |= UINT64_C(1) << (ids[i] % 64);
}

START_TEST(test_literal_set)
{
    const md_catalog *cat = t_catalog();
    size_t cap = 512, n = 0;
    const char **lits = md_xmalloc(cap * sizeof *lits);
    unsigned *ids = md_xmalloc(cap * sizeof *ids);
    md_litset *ls = md_litset_new();
    for (size_t i = 0; i < md_catalog_nevents(cat); i++) {
        const md_event_spec *e = md_catalog_event(cat, i);
        for (size_t k = 0; k < e->nliterals && n < cap; k++) {
            lits[n] = e->literals[k];
            ids[n] = (unsigned)i;
            md_litset_add(ls, lits[n], strlen(lits[n]), ids[n]);
            n++;
        }
    }
    /* Short literals of every class (no window, 2-byte, 4-byte windows),
     * one of them empty, with ids past the first word. */
    static const char *const extra[] = {"",      "x",      "ab",       "nan",         "loss",
                                        "<unk>", "Killed", "exitcode", "\xe2\x96\x88"};
    for (size_t k = 0; k < MD_COUNT(extra); k++) {
        lits[n] = extra[k];
        ids[n] = (unsigned)(100 + k);
        md_litset_add(ls, lits[n], strlen(lits[n]), ids[n]);
        n++;
    }
    size_t words = md_litset_words(ls);
    uint64_t *got = md_xcalloc(words, sizeof *got), *want = md_xcalloc(words, sizeof *want);
    rng r = seeded(3);
    static const char *const pieces[] = {
        "loss", " ",         "nan",      "of",   "memory",       "CUDA", "NCCL", "0.5", "|",
        "\r",   "Traceback", "[rank0]:", "it/s", "\xe2\x96\x88", "<unk", "k>",   "Kill"};
    char text[512];
    for (int i = 0; i < 20000; i++) {
        size_t tn = 0, parts = below(&r, 30);
        for (size_t k = 0; k < parts && tn + 64 < sizeof text; k++) {
            const char *p = below(&r, 3) ? PICK(&r, pieces) : lits[below(&r, n)];
            size_t pn = strlen(p);
            if (below(&r, 4) == 0 && pn > 1) pn = 1 + below(&r, pn - 1); /* a literal cut short */
            memcpy(text + tn, p, pn);
            tn += pn;
        }
        bool any = md_litset_find(ls, text, tn, got);
        naive_hits(lits, ids, n, text, tn, want, words);
        bool want_any = false;
        for (size_t w = 0; w < words; w++)
            want_any |= want[w] != 0;
        ck_assert_msg(memcmp(got, want, words * sizeof *got) == 0 && any == want_any, "\"%.*s\"",
                      (int)tn, text);
    }
    md_litset_free(ls);
    free(lits);
    free(ids);
    free(got);
    free(want);
}
END_TEST

/* The key/value scanner asks md_unit_scan only after a letter, '%' or a
 * non-ASCII byte, and remembers its answer for the run of letters, '/',
 * '%' and non-ASCII bytes there: no unit may start with anything else, nor
 * reach past such a run. */
static bool unit_byte(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '%' || c == '/' ||
           c >= 0x80;
}

START_TEST(test_unit_spelling)
{
    static const char *const units[] = {
        "ms",        "s",          "us", "ns", "\xc2\xb5s", "min", "h",   "%",   "B",     "KB",
        "kB",        "MB",         "GB", "TB", "KiB",       "MiB", "GiB", "TiB", "it/s",  "s/it",
        "samples/s", "examples/s", "m",  "M",  "G",         "Gi",  "i",   "ex",  "sample"};
    for (size_t k = 0; k < MD_COUNT(units); k++) {
        md_unit alone_unit = MD_UNIT_NONE, u = MD_UNIT_NONE;
        size_t n = strlen(units[k]), alone = md_unit_scan(units[k], units[k] + n, &alone_unit);
        for (int c = 0; c < 256; c++) {
            if (unit_byte(c)) continue;
            char text[32];
            memcpy(text, units[k], n);
            text[n] = (char)c;
            memcpy(text + n + 1, "s/it", 4);
            size_t got = md_unit_scan(text, text + n + 5, &u);
            ck_assert_msg(got == alone && (!got || u == alone_unit),
                          "unit \"%s\" reaches past byte %d", units[k], c);
        }
    }
}
END_TEST

START_TEST(test_unit_first_bytes)
{
    static const char *const rests[] = {"",     "s",  "B",        "iB",       "it/s",
                                        "s/it", "in", "amples/s", "xamples/s"};
    for (int c = 0; c < 256; c++) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '%' || c >= 0x80)
            continue;
        for (size_t k = 0; k < MD_COUNT(rests); k++) {
            char text[16];
            int n = snprintf(text, sizeof text, "%c%s", c ? c : ' ', rests[k]);
            md_unit u;
            ck_assert_msg(md_unit_scan(text, text + n, &u) == 0, "a unit starts with byte %d", c);
        }
    }
}
END_TEST

/* ---- reading one input every way ----------------------------------------- */

typedef enum { WAY_SLOW, WAY_FAST, WAY_FAST_THREADED, WAY_SLOW_THREADED, WAYS } way;

static reading read_way(const void *data, size_t n, md_format fmt, way w)
{
    bool fast = w == WAY_FAST || w == WAY_FAST_THREADED;
    bool threaded = w == WAY_FAST_THREADED || w == WAY_SLOW_THREADED;
    reading r = read_input(t_catalog(), data, n, fmt, fast, threaded);
    ck_assert(md_store_ninputs(r.st) == 1); /* the source opened */
    return r;
}

/* Reads data every way and requires the same store each time. */
static void check_every_way(const void *data, size_t n, md_format fmt, const char *name)
{
    reading ref = read_way(data, n, fmt, WAY_SLOW);
    for (way w = WAY_FAST; w < WAYS; w++) {
        char label[256], why[512];
        snprintf(label, sizeof label, "%s (%s%s)", name, w == WAY_SLOW_THREADED ? "slow" : "fast",
                 w == WAY_FAST ? "" : ", threaded");
        reading got = read_way(data, n, fmt, w);
        ck_assert_msg(!readings_differ(&ref, &got, why, sizeof why), "%s: %s", label, why);
        reading_free(&got);
    }
    reading_free(&ref);
}

/* ---- generated inputs ---------------------------------------------------- */

static const char *const csv_cells[] = {
    "",
    "",
    "",
    "0",
    "-0",
    "1",
    "42",
    "0.5",
    "2.6084752372694839",
    "3.80992889404297e-06",
    "1E5",
    "1e400",
    "-1e400",
    "1e-400",
    "nan",
    "NaN",
    "-inf",
    "Infinity",
    "18446744073709551616",
    "0.1234567890123456789",
    "00012",
    "1.",
    ".5",
    "+3",
    "0x10",
    "1e",
    "12ms",
    "3.4%",
    " 7 ",
    "\t8\t",
    "\"2.5\"",
    "\"a,b\"",
    "\"x\"\"y\"",
    "\"\"",
    "\"multi\nline\"",
    "caf\xc3\xa9",
    "\xe6\x97\xa5\xe6\x9c\xac",
    "a\"b",
    "\xef\xbb\xbf",
    "1 2",
};

/* What a script's console adds to the file its metrics go to when it
 * dies: read as console output after the last record. */
static const char *const console_tails[] = {
    "Killed\n",
    "Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n    loss.backward()\n"
    "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n",
    "RuntimeError: NCCL communicator was aborted on rank 0. Watchdog caught collective operation timeout\n",
    "step 7 loss nan\nKilled\n",
    "warning: something, else, entirely\n",
};

static void random_csv(rng *r, md_buf *b, char delim)
{
    static const char *const eols[] = {"\n", "\n", "\n", "\r\n", "\r"};
    const char *eol = below(r, 4) ? "\n" : PICK(r, eols);
    size_t cols = 2 + below(r, 6);
    md_buf_reset(b);
    if (below(r, 10) == 0) md_buf_puts(b, "\xef\xbb\xbf");
    if (below(r, 6) == 0) {
        /* A W&B panel export: the first run's columns are read, its bucket
         * bounds and the other runs' are not. */
        static const char *const panel[] = {"a - loss", "a - loss__MIN", "a - loss__MAX", "b - loss", "b - lr"};
        md_buf_puts(b, "Step");
        for (size_t c = 1; c < cols; c++)
            md_buf_printf(b, "%c%s", delim, PICK(r, panel));
    } else {
        for (size_t c = 0; c < cols; c++)
            md_buf_printf(b, "%s%s%s", c ? (delim == ',' ? "," : "\t") : "",
                          c == 1 && below(r, 3) == 0 ? "\"val loss\"" : "",
                          c == 0   ? "step"
                          : c == 2 ? "loss"
                          : c == 3 ? "train/acc"
                                   : "lr");
    }
    md_buf_puts(b, eol);
    size_t rows = below(r, 300);
    for (size_t i = 0; i < rows; i++) {
        if (below(r, 40) == 0) {
            md_buf_puts(b, below(r, 2) ? "" : "  \t ");
            md_buf_puts(b, eol);
            continue;
        }
        size_t n = below(r, 20) == 0 ? below(r, cols + 3) : cols;
        for (size_t c = 0; c < n; c++) {
            if (c) md_buf_putc(b, delim);
            if (c == 0)
                md_buf_printf(b, "%zu", i);
            else
                md_buf_puts(b, below(r, 3) ? csv_cells[below(r, 12)] : PICK(r, csv_cells));
        }
        if (i + 1 < rows || below(r, 2)) md_buf_puts(b, eol);
    }
    if (below(r, 6) == 0) {
        if (b->n && b->p[b->n - 1] != '\n' && b->p[b->n - 1] != '\r')
            md_buf_puts(b, eol);
        md_buf_puts(b, PICK(r, console_tails));
    }
}

START_TEST(test_csv_generated)
{
    rng r = seeded(4);
    md_buf b = {0};
    for (int i = 0; i < 300; i++) {
        random_csv(&r, &b, i % 5 == 4 ? '\t' : ',');
        char name[32];
        snprintf(name, sizeof name, "csv #%d", i);
        check_every_way(b.p, b.n, MD_FMT_CSV, name);
    }
    md_buf_free(&b);
}
END_TEST

/* Rows past 64 KiB (a cell padded with blanks) go to the feed's thread
 * whole like any other: their lengths and cuts are not cut short. */
START_TEST(test_csv_wide_rows)
{
    md_buf b = {0};
    md_buf_puts(&b, "step,loss,lr\n");
    for (int i = 0; i < 40; i++) {
        md_buf_printf(&b, "%d,%.4f", i, 2.5 - i * 0.01);
        if (i % 7 == 3)
            for (int k = 0; k < 70000; k++)
                md_buf_putc(&b, ' ');
        md_buf_printf(&b, ",%s\n", i % 5 ? "1e-4" : "35 %");
    }
    check_every_way(b.p, b.n, MD_FMT_CSV, "rows past 64 KiB");
    md_buf_free(&b);
}
END_TEST

/* A header written again, wider, below rows: the rows after it are read
 * under its columns whichever thread reads them. */
START_TEST(test_csv_header_again)
{
    md_buf b = {0};
    md_buf_puts(&b, "loss,steps\n");
    for (int i = 0; i < 3000; i++) {
        if (i == 1500)
            md_buf_puts(&b, "loss,steps,reward\n");
        if (i < 1500)
            md_buf_printf(&b, "%.4f,%d\n", 2.5 - i * 1e-4, i);
        else
            md_buf_printf(&b, "%.4f,%d,%d\n", 2.5 - i * 1e-4, i, i % 17);
    }
    check_every_way(b.p, b.n, MD_FMT_CSV, "header again");
    md_buf_free(&b);
}
END_TEST

/* Cells of 4 to 8 bytes after others on their row, read in one word:
 * their flags decide whether an epoch column gives steps. */
START_TEST(test_csv_short_cells)
{
    static const char *const epochs[] = {"1000", "1000.", "1000.5", ".5000", "12345678", "1234567.", "-1000", "10e3"};
    md_buf b = {0};
    md_buf_puts(&b, "loss,epoch\n");
    for (int i = 0; i < 40; i++)
        md_buf_printf(&b, "0.%d,%d\n", 50 + i, 1000 + i);
    check_every_way(b.p, b.n, MD_FMT_CSV, "counting epochs");
    for (size_t k = 0; k < MD_COUNT(epochs); k++) {
        md_buf_reset(&b);
        md_buf_puts(&b, "loss,epoch\n");
        for (int i = 0; i < 40; i++)
            md_buf_printf(&b, "0.%d,%s\n", 50 + i, epochs[k]);
        check_every_way(b.p, b.n, MD_FMT_CSV, epochs[k]);
    }
    md_buf_free(&b);
}
END_TEST

static const char *const json_values[] = {
    "0",
    "-0",
    "1.5",
    "1e5",
    "-1E-7",
    "2.6084752372694839",
    "0.0021234560012817383",
    "NaN",
    "Infinity",
    "-Infinity",
    "-NaN",
    "nan",
    "null",
    "true",
    "false",
    "\"s\"",
    "\"\"",
    "\"\\u0001NaN\"",
    "\"\x01NaN\"",
    "\"caf\xc3\xa9\"",
    "\"esc\\\"q\"",
    "[1,2]",
    "{\"a\":1}",
    "123456789012345678901234567890",
    "1.",
    "01",
    "-",
    "1e999",
    "2.5e-310",
    "+1",
    ".5",
    "1.5.3",
    "1e",
    "1e+",
    "trueish",
    "NaNx",
    "Infinityy",
    "1234567890123456789012345678901234567890123456789012345678901234567890",
};

static const char *const json_keys[] = {
    "loss",      "step",           "iteration",      "_step",      "_runtime", "lr",
    "eval_loss", "train/box_loss", "train/cls_loss", "k\xc3\xa9y", "k\\u0041", "grad_norm",
    "",          "a\\\"b",         "time",           "los",        "loss2",    "loss\\n",
};

static void random_jsonl(rng *r, md_buf *b)
{
    static const char *const seps[] = {",", ", ", " , ", ",\t", "\x01,"};
    static const char *const colons[] = {":", ": ", " :", " : ", ":\t"};
    md_buf_reset(b);
    /* Most lines of a log repeat one list of keys, in one order. */
    const char *usual[8];
    size_t nusual = below(r, 9);
    for (size_t k = 0; k < nusual; k++)
        usual[k] = PICK(r, json_keys);
    size_t lines = below(r, 200);
    for (size_t i = 0; i < lines; i++) {
        size_t kind = below(r, 40);
        if (kind == 0) {
            md_buf_puts(b, below(r, 2) ? "[1, 2]" : "");
        } else if (kind == 1) {
            md_buf_puts(b, "{}");
        } else {
            if (kind == 2) md_buf_puts(b, "\xef\xbb\xbf");
            md_buf_printf(b, "%s{\"iteration\"%s%zu", kind == 3 ? "  " : "", PICK(r, colons), i);
            bool as_usual = below(r, 3) > 0;
            size_t items = as_usual ? nusual : below(r, 8);
            for (size_t k = 0; k < items; k++)
                md_buf_printf(b, "%s\"%s\"%s%s", PICK(r, seps),
                              as_usual ? usual[k] : below(r, 3) ? json_keys[below(r, 4)] : PICK(r, json_keys),
                              PICK(r, colons),
                              below(r, 3) ? json_values[below(r, 10)] : PICK(r, json_values));
            md_buf_puts(b, kind == 4 ? "} junk" : kind == 5 ? "" : kind == 6 ? ",}" : "}");
            if (kind == 7) md_buf_puts(b, " \t\r");
        }
        md_buf_putc(b, '\n');
    }
    if (below(r, 6) == 0)
        md_buf_puts(b, PICK(r, console_tails));
}

/* More distinct keys than the reader names as feed columns: the rest go
 * as text, and the store must not tell. */
START_TEST(test_jsonl_many_keys)
{
    md_buf b = {0};
    for (int i = 0; i < 1500; i++)
        md_buf_printf(&b, "{\"step\": %d, \"loss\": %d.5, \"k%d\": 1, \"m%d\": %d, \"n%d\": 2}\n", i, i % 7, i,
                      i, i, i);
    check_every_way(b.p, b.n, MD_FMT_JSONL, "jsonl of 4502 keys");
    md_buf_free(&b);
}
END_TEST

START_TEST(test_jsonl_generated)
{
    rng r = seeded(5);
    md_buf b = {0};
    for (int i = 0; i < 300; i++) {
        random_jsonl(&r, &b);
        char name[32];
        snprintf(name, sizeof name, "jsonl #%d", i);
        check_every_way(b.p ? b.p : "", b.n, MD_FMT_JSONL, name);
    }
    md_buf_free(&b);
}
END_TEST

static const char *const text_lines[] = {
    "{'loss': 2.5, 'grad_norm': 1.25, 'learning_rate': 4.9e-05, 'epoch': 0.01}",
    " 10%|\xe2\x96\x88         | 100/1000 [00:10<01:30,  9.95it/s, loss=2.3]",
    "\r 11%|\xe2\x96\x88         | 110/1000 [00:11<01:29,  9.91it/s]",
    "18703it [02:21, 55.23it/s]",
    "iter 100: loss 4.2345, time 12.34ms, mfu 38.12%",
    "iter 101: loss nan, time 12.1ms, mfu 38.00%",
    "step 500: train loss 1.9000, val loss 2.0000",
    " [2024-03-21 02:07:08] iteration      100/  500000 | lm loss: 7.234567E+00 | grad norm: 1.234 "
    "|",
    "I0321 02:07:08.408271 step=3 loss=1",
    "CUDA out of memory. Tried to allocate 2.00 GiB",
    "Traceback (most recent call last):",
    "  File \"train.py\", line 3, in <module>",
    "RuntimeError: boom",
    "NCCL timeout",
    "\x1b[31mERROR\x1b[0m step 5 loss 2.0",
    "[rank1]: step 3 loss 2.5",
    "[rank0]: step 3 loss 2.4",
    "Killed",
    "<unk> <unk> <unk>",
    "| epoch | loss |",
    "|---|---|",
    "| 1 | 2.5 |",
    "Epoch 3/10",
    "the the the the the the the the the",
    "- loss: 0.21 - val_loss: 0.3",
    "wandb: loss 0.5",
    "    \"loss_scale\": 0,",
    "Hidden states stats: min=-5.2, max=6.1",
    "OVERFLOW! Rank 0 Skipping step.",
    "exit code 137",
    "loss: 1e400",
    "0:\tlearn: 0.6805428\ttest: 0.6812735\tbest: 0.6812735 (0)\ttotal: 57.2ms\tremaining: 57.2s",
    "1:\tlearn: 0.6684131\ttest: 0.6698150\tbest: 0.6698150 (1)\ttotal: 66.1ms\tremaining: 33s",
    "999:\tlearn: 0.0912345\ttotal: 9.5s\tremaining: 0us",
    "2021-03-01 10:03:00 | INFO | valid | epoch 001 | valid on 'valid' subset | loss 9.876 | num_updates 200",
    "2021-03-01 10:03:00 | INFO | train | epoch 001 | loss 11.2 | time 0.3 | num_updates 200",
    "[2019-05-13 12:00:00] Ep. 1 : Up. 500 : Cost 5.12 : Time 123.45s : 12345.67 words/s : L.r. 3.0000e-04",
    "[valid] Ep. 1 : Up. 1500 : cross-entropy : 123.456 : new best",
    "I0523 10:12:01.123456 140234 model_lib_v2.py:705] Step 100 per-step time 0.347s",
    "I0523 10:12:01.123789 140234 model_lib_v2.py:708] {'Loss/total_loss': 0.7878,",
    " 'Loss/localization_loss': 0.2134,",
    " 'learning_rate': 0.0133}",
    "",
    "   ",
    "Exception ignored in: <function Pool.__del__ at 0x7f3a>",
    "Saving model checkpoint to out/checkpoint-500",
    "[W reducer.cpp:1300] Warning: find_unused_parameters=True was specified in DDP constructor",
    "epoch   step   train_loss   val_loss",
    "1   100   2.5   2.6",
};

/* Reads generated text input number i every way. */
static void check_text(const md_buf *b, const char *what, int i)
{
    char name[48];
    snprintf(name, sizeof name, "%s #%d", what, i);
    check_every_way(b->p ? b->p : "", b->n, MD_FMT_TEXT, name);
}

START_TEST(test_text_threaded)
{
    rng r = seeded(6);
    md_buf b = {0};
    for (int i = 0; i < 40; i++) {
        md_buf_reset(&b);
        size_t lines = below(&r, 3000);
        for (size_t k = 0; k < lines; k++) {
            md_buf_puts(&b, PICK(&r, text_lines));
            md_buf_puts(&b, below(&r, 5) ? "\n" : "\r");
        }
        check_text(&b, "text", i);
    }
    md_buf_free(&b);
}
END_TEST

/* Lines of the shapes logs repeat, '#' standing for a number and '~' for a
 * digit (known keys hold digits: "top1", "lr_pg0"): with shapes
 * learnt from some, others must read as the key/value scan reads them. */
static const char *const shaped_lines[] = {
    "iter #: loss #, time #ms, mfu #%",
    "step #: train loss #, val loss #",
    " [2024-03-2# 0#:0#:#] iteration #/  # | lm loss: # | grad norm: # |",
    "2024-0#-2# 1#:0#:0#,#  loss=#",
    "I03# 02:0#:08.# step=# loss=#",
    "{'loss': #, 'grad_norm': #, 'learning_rate': #, 'epoch': #}",
    "top# acc: #",
    "top~: #, val_top~ #",
    "acc~ #  lr_pg~ #",
    "learning_rate_~: #",
    "loss: #, lr~ #",
    "{'loss': #, 'acc@~': #}",
    "layer#: #",
    "layer# grad norm #",
    "acc~#: #",
    "[rank#]: step # loss #",
    "Epoch #/#",
    "Epoch [#/#], Train Loss: #",
    "Train: # [#/# (#%)]  Loss: #",
    "Epoch(train) [#][#/#]  lr: #  loss: #",
    "Epoch(val) [#][#/#]  accuracy: #",
    "[#] loss=#, learning_rate=#",
    "tps: #, loss: #",
    "loss: tensor(#, device='cuda:#')",
    "tensor(#, device='cuda:#')",
    "tensor(#, device='cuda:#', grad_fn=<NllLossBackward#>)",
    "exit code #",
    "signal # received, loss #",
    "| # | # |",
    "- loss: # - val_loss: #",
    "Test set: Average loss: #, Accuracy: #/# (#%)",
    "Hidden states stats: min=#, max=#",
    "Total optimization steps = #",
    "  #%|\xe2\x96\x88| #/# [00:0#<0#:#, #it/s]",
    "2024-0~-1~ 1~:0~:0~ ~~%|\xe2\x96\x88| 1~/50 [00:0~<0~:1~, ~.~~it/s]",
    "I03~~ 0~:1~:~~.~~ ~~%|| 1~/50 [00:0~<0~:1~, ~.~~it/s]",
    "Epoch ~: ~~%|\xe2\x96\x88| #/# [0~:0~<0~:0~, #s/it, loss=#]",
    "~~~it [0~:~~, #it/s]",
    "Epoch ~: ~~%|\xe2\x96\x88| ~~/~~ [00:0~<00:0~, ~.~~it/s]",
    "  ~%|| ~/# [00:00<?, ?it/s]",
    " ~~%|\xe2\x96\x88| ~~/100 [00:0~<00:0~, #examples/s]",
    "elapsed time per iteration (ms): # | loss: #",
    "loss #",
    "eval: loss=#, acc=#",
    "Epoch #/3 \xe2\x94\x81\xe2\x94\x81\xe2\x95\xba\xe2\x94\x81 #/# 0:00:1# loss: #",
    "gpu_mem #G  loss #",
    "loss: # - acc: # - val_loss: #",
    "OVERFLOW! Rank # Skipping step. Attempted loss scale: #, reducing to #",
    "# #",
    "#",
    "loss:#,acc:#",
    "loss=#;lr=#",
    "step #, loss # (#)",
    "Iter(train) [#/#]  loss: #  time: #",
    "model.layers.#.mlp: #",
    "v#.# loss: #",
    "loss: #.",
    "#:\tlearn: #\ttest: #\tbest: # (#)\ttotal: #ms\tremaining: #s",
    "#:\ttest: #\tbest: # (#)\ttotal: #m #s\tremaining: #s",
    "#:\tlearn: #\ttest: #\ttest1: #\tbest: # (#)\ttotal: #s\tremaining: #us",
    "2021-0#-01 1#:0#:00 | INFO | valid | epoch # | loss # | num_updates #",
    "| train | step # | loss # | time #",
    "Ep. # : Up. # : Sen. # : Cost # : Time #s : # words/s : L.r. #",
    "[valid] Ep. # : Up. # : perplexity : # : new best",
    "Step # per-step time #s",
    "[rank0]:[titan] step: #  loss: #  memory: #GiB(#%)  tps: ~,~~~  mfu: #%",
    "[rank~]:step: #  tps: #,~~~",
    "[1,~]<stdout>: step # loss # tps: ~,~~~",
    "[default~]: step # tps: ~~,~~~.~",
    "tps: ~~,~~~,~~~ loss #",
    "2024/01/0~ 1~:0~:0~ - mmengine - INFO - Epoch(train)  [#][#/#]  lr: #  eta: # day, ~:0~:~~  time: #  loss: #",
    "Epoch(train) [#][ #/#]  eta: #:0~:~~  loss: #",
    "Iter(train) [#/#]  lr: #  eta: ~ days, ~:~~:~~  loss: #",
    "Epoch [#][#/#]\tlr: #, eta: ~:~~:~~, time: #, loss: #",
    "eta: # days, ~:~~:~~",
    "Train: # [ #/# ( #%)]  Loss: #  eta: ~:~~:~~",
    "Epoch ~: ~~%|\xe2\x96\x88| ~~/~~ [00:0~<00:0~, ~.~~it/s, loss=#, v_num=~, val_loss=~.~~]",
    "Epoch ~, global_step #: ~~%|\xe2\x96\x88| ~~/100 [00:0~<00:0~, ~.~~it/s, loss=#, val_acc=~.~]",
    "[#] global_step=#, loss=#",
    "[#]\ttrain-rmse:#\teval-rmse:#",
    "[#]\tvalid_0's l2: #",
    "I1123 01:~~:~~.# 140234 logging_writer.py:48] [#] train/loss=#, train/grad_norm=#",
    /* TRL's GRPO dict: a kilobyte and more once filled in */
    "{'loss': #, 'grad_norm': #, 'learning_rate': #, 'num_tokens': #, 'completions/mean_lengt"
    "h': #, 'completions/min_length': #, 'completions/max_length': #, 'completions/clipped_ra"
    "tio': #, 'completions/mean_terminated_length': #, 'completions/min_terminated_length': #"
    ", 'completions/max_terminated_length': #, 'rewards/correct_answer/mean': #, 'rewards/cor"
    "rect_answer/std': #, 'rewards/format_reward/mean': #, 'rewards/format_reward/std': #, 'r"
    "ewards/length_penalty/mean': #, 'rewards/length_penalty/std': #, 'rewards/xml_count/mean"
    "': #, 'rewards/xml_count/std': #, 'reward': #, 'reward_std': #, 'frac_reward_zero_std': "
    "#, 'kl': #, 'entropy': #, 'clip_ratio/low_mean': #, 'clip_ratio/low_min': #, 'clip_ratio"
    "/high_mean': #, 'clip_ratio/high_max': #, 'clip_ratio/region_mean': #, 'epoch': #}",
    "step:#/# train_time:#s step_avg:#ms",
    "step:#/# val_loss:# train_time:#ms step_avg:#ms",
    /* Lines without pairs, which recur: shapes of prose. */
    "/usr/lib/python3/site-packages/torch/utils/checkpoint.py:~~~: UserWarning: pass use_reentrant explicitly",
    "node0~:~~~~:~~~~ [~] NCCL INFO Channel ~~/32 : ~[~] -> ~[~] via P2P/IPC/read",
    "Saving model checkpoint to out/checkpoint-~~~",
    "Exception ignored in: <function Pool.__del__ at 0x7f~~>",
    "Traceback (most recent call last):~",
    "  File \"train.py\", line ~~, in <module>",
    "epoch   step   train_loss   val_loss",
    "~   ~~~   ~.~   ~.~",
    "~~: I am sorry. I am sorry. I am sorry. I am sorry. I am sorry.",
    "<unk> <unk> <unk> <unk> <unk> <unk> <unk> <unk> ~~",
    "  ~  ",
    "RuntimeError: CUDA error: an illegal memory access was encountered (~~)",
};

static const char *const shaped_numbers[] = {
    "0", "7", "42", "1234", "-3", "+3", "0.5", "10.7713", "2.30", "-100.00", "1e-05", "4.9e-05", "1E+01",
    "7.234567E+00", "nan", "NaN", "inf", "-inf", "Infinity", "1,234", "12,345,678", "1234,567", "0,123",
    "1,2", "**0.5**", "*2*", "__3__", "12\xc2\xa0" "505", "13\xe2\x80\xaf" "065\xe2\x80\xaf" "001", "1\xc2\xa0" "23", "00012", "1.", ".5", "3.14.15", "12:00:00", "2024-03-21", "1/2", "5/10", "1e400", "0x10",
    "\xd9\xa3", "", "-", "1e", "9999999999999999999999999", "0.1234567890123456789", "12ms", "3.4%",
};

/* A number text: one of the pool, or digits of a random length around a
 * point, so that shapes see runs grow and shrink. */
static void shaped_number(rng *r, md_buf *b)
{
    if (below(r, 3)) {
        md_buf_puts(b, PICK(r, shaped_numbers));
        return;
    }
    size_t whole = 1 + below(r, 6), frac = below(r, 3) ? below(r, 8) : 0;
    for (size_t i = 0; i < whole; i++)
        md_buf_putc(b, (char)('0' + below(r, 10)));
    if (frac) md_buf_putc(b, '.');
    for (size_t i = 0; i < frac; i++)
        md_buf_putc(b, (char)('0' + below(r, 10)));
}

/* A line of shaped_lines with its '#' and '~' filled in: each '~' a digit,
 * each '#' a number (count 0) or a whole number that counts up from count,
 * as steps and epochs do. */
static void fill_line(rng *r, md_buf *b, const char *t, size_t count)
{
    for (; *t; t++) {
        if (*t == '#' && count)
            md_buf_printf(b, "%zu", count + below(r, 3));
        else if (*t == '#')
            shaped_number(r, b);
        else if (*t == '~')
            md_buf_putc(b, (char)('0' + below(r, 3)));
        else
            md_buf_putc(b, *t);
    }
}

START_TEST(test_text_shapes)
{
    rng r = seeded(7);
    md_buf b = {0};
    for (int i = 0; i < 120; i++) {
        md_buf_reset(&b);
        /* A few kinds of line per input, as in a log. */
        const char *kinds[4];
        for (size_t k = 0; k < MD_COUNT(kinds); k++)
            kinds[k] = PICK(&r, shaped_lines);
        size_t lines = below(&r, 400);
        for (size_t k = 0; k < lines; k++) {
            const char *t = below(&r, 10) ? kinds[below(&r, MD_COUNT(kinds))] : below(&r, 2) ? PICK(&r, shaped_lines)
                                                                                        : PICK(&r, text_lines);
            fill_line(&r, &b, t, 0);
            md_buf_puts(&b, below(&r, 8) ? "\n" : "\r");
        }
        check_text(&b, "shaped text", i);
    }
    md_buf_free(&b);
}
END_TEST

/* Each kind of line alone, repeated, its numbers random or counting: every
 * line after the first may be read by the first's shape, and must read as
 * the scan reads it. */
START_TEST(test_text_shape_each_kind)
{
    rng r = seeded(5);
    md_buf b = {0};
    for (size_t k = 0; k < 2 * MD_COUNT(shaped_lines); k++) {
        const char *t = shaped_lines[k / 2];
        md_buf_reset(&b);
        for (size_t i = 0; i < 60; i++) {
            fill_line(&r, &b, t, k % 2 ? 10 + i : 0);
            md_buf_putc(&b, '\n');
        }
        check_text(&b, t, (int)k);
    }
    md_buf_free(&b);
}
END_TEST

/* A log that prints a line per layer after each step cycles through more
 * kinds of line than the few a log usually interleaves: lines of a cycle
 * of the same order, or shuffled now and then, read as scanned ones do. */
START_TEST(test_text_shape_cycles)
{
    rng r = seeded(11);
    md_buf b = {0};
    for (int i = 0; i < 40; i++) {
        md_buf_reset(&b);
        size_t kinds = 2 + below(&r, 2 * MD_SHAPES);
        for (size_t step = 0; step < 30; step++) {
            md_buf_printf(&b, "step %zu: loss %zu.%zu\n", step, 3 - step / 10, below(&r, 1000));
            for (size_t k = 0; k < kinds; k++) {
                size_t layer = below(&r, 16) ? k : below(&r, kinds);
                fill_line(&r, &b, below(&r, 2) ? "layer_" : "block.", 0);
                md_buf_printf(&b, "%zu grad_norm: ", layer);
                shaped_number(&r, &b);
                md_buf_puts(&b, below(&r, 50) ? "\n" : "\r");
            }
        }
        check_text(&b, "shape cycles", i);
    }
    md_buf_free(&b);
}
END_TEST

/* Lines of a cycle of 24 kinds (a line per layer of a 24-layer model)
 * each match a learnt shape from the second cycle on: the shapes of a
 * cycle longer than the most recent few are kept, and found. */
START_TEST(test_shapes_keep_a_cycle)
{
    enum { KINDS = 24 };
    md_shapes *sh = md_shapes_new();
    md_kv kv[4];
    char line[64];
    size_t misses = 0;
    for (int cycle = 0; cycle < 5; cycle++) {
        for (int k = 0; k < KINDS; k++) {
            int n = snprintf(line, sizeof line, "layer_%d grad_norm: 0.%d", k, 1000 + cycle * 37 + k);
            const md_kv *got;
            size_t ngot;
            unsigned traits;
            int slot = md_shapes_match(sh, line, (size_t)n, &got, &ngot, &traits);
            if (slot < 0) {
                misses++;
                size_t nkv = md_kv_scan(line, (size_t)n, kv, MD_COUNT(kv), NULL, NULL);
                ck_assert_uint_eq(nkv, 1);
                ck_assert_int_ge(md_shapes_learn(sh, line, (size_t)n, kv, nkv, 0), 0);
                continue;
            }
            ck_assert_uint_eq(ngot, 1);
            ck_assert_msg(got[0].unread && got[0].numlen == 6 && memcmp(got[0].num, line + n - 6, 6) == 0,
                          "cycle %d, layer %d: %.*s", cycle, k, (int)got[0].numlen, got[0].num);
        }
    }
    ck_assert_uint_eq(misses, KINDS);
    md_shapes_free(sh);
}
END_TEST

/* HF Trainer's console: once the training bar is drawn, each log dict
 * waits for the next redraw, and dicts of a few kinds take turns. */
START_TEST(test_text_waiting_dicts)
{
    static const char *const dicts[] = {
        "{'loss': #, 'grad_norm': #, 'learning_rate': #, 'epoch': #}",
        "{'eval_loss': #, 'eval_runtime': #, 'epoch': #}",
        "{'loss': #, 'learning_rate': #, 'epoch': #}",
        "{'train_runtime': #, 'train_loss': #, 'epoch': #}",
    };
    rng r = seeded(11);
    md_buf b = {0};
    for (int i = 0; i < 60; i++) {
        md_buf_reset(&b);
        md_buf_puts(&b, "  Total optimization steps = 90\n");
        size_t steps = below(&r, 90);
        for (size_t k = 1; k <= steps; k++) {
            fill_line(&r, &b, "\r  ~~%|\xe2\x96\x88| ", 0);
            md_buf_printf(&b, "%zu/90 [00:0~<0~:~~, #it/s]", k);
            if (below(&r, 3) == 0) {
                md_buf_putc(&b, '\n');
                fill_line(&r, &b, dicts[below(&r, below(&r, 4) ? 2 : MD_COUNT(dicts))], 0);
                md_buf_putc(&b, '\n');
            }
        }
        check_text(&b, "waiting dicts", i);
    }
    md_buf_free(&b);
}
END_TEST

/* Redraws of a bar of one layout: its rate is left as text for the feed's
 * thread to read (md_tqdm_reread) while the counter moves, and must read
 * as the scan reads it: in iterations per second, or in seconds per
 * iteration (read on the reader's side), or NaN (no point). */
START_TEST(test_text_bar_rates)
{
    static const char *const rates[] = {"~.~~it/s", "~~.~it/s", "~~~it/s", "~.~~s/it", "~~.~~s/it", "nanit/s"};
    rng r = seeded(12);
    md_buf b = {0};
    for (int i = 0; i < 40; i++) {
        md_buf_reset(&b);
        md_buf_puts(&b, "  Total optimization steps = 900\n");
        const char *rate = PICK(&r, rates);
        size_t steps = 100 + below(&r, 800);
        for (size_t k = 100; k <= steps; k++) {
            fill_line(&r, &b, "\r  ~~%|\xe2\x96\x88| ", 0);
            md_buf_printf(&b, "%zu/900 [00:0~<0~:~~, ", k);
            fill_line(&r, &b, below(&r, 50) ? rate : PICK(&r, rates), 0);
            md_buf_putc(&b, ']');
            if (below(&r, 20) == 0) {
                md_buf_putc(&b, '\n');
                fill_line(&r, &b, "{'loss': #, 'learning_rate': #, 'epoch': #}", 0);
                md_buf_putc(&b, '\n');
            }
        }
        check_text(&b, "bar rates", i);
    }
    md_buf_free(&b);
}
END_TEST

/* md_line_controls against a memchr call for each control and a search
 * for the arrow "<-": each control, and pairs of them, at every place of
 * lines of every length around the one-pass scan's 16-byte blocks and its
 * switch to memchr; and an arrow at every place, its '<' and '-' apart. */
static unsigned naive_controls(const char *p, size_t n)
{
    return (memchr(p, 0x1b, n) ? LINE_ESC : 0) | (memchr(p, '\b', n) ? LINE_BACKSPACE : 0) |
           (memchr(p, '\r', n) ? LINE_CR : (md_memmem(p, n, "<-", 2) ? LINE_ARROW : 0));
}

START_TEST(test_line_controls)
{
    static const char controls[] = {0x1b, '\b', '\r', '<', '-', '\t'};
    char line[300];
    for (size_t n = 0; n <= sizeof line; n++) {
        memset(line, 'x', sizeof line);
        ck_assert_uint_eq(md_line_controls(line, n), 0);
        for (size_t i = 0; i < n; i++)
            for (size_t a = 0; a < sizeof controls; a++) {
                line[i] = controls[a];
                ck_assert_msg(md_line_controls(line, n) == naive_controls(line, n), "byte %d at %zu of %zu",
                              controls[a], i, n);
                size_t j = (i * 7 + a) % n; /* and a second one elsewhere */
                char was = line[j];
                line[j] = controls[(a + 1) % sizeof controls];
                ck_assert_msg(md_line_controls(line, n) == naive_controls(line, n), "bytes at %zu and %zu of %zu",
                              i, j, n);
                line[j] = was;
                line[i] = 'x';
            }
        for (size_t i = 0; i + 1 < n; i++) {
            memcpy(line + i, "<-", 2);
            ck_assert_msg(md_line_controls(line, n) == naive_controls(line, n) &&
                              (md_line_controls(line, n) & LINE_ARROW),
                          "arrow at %zu of %zu",
                          i, n);
            line[i + 1] = 'x';
            ck_assert_msg(md_line_controls(line, n) == naive_controls(line, n), "'<' at %zu of %zu", i, n);
            line[i] = 'x';
        }
    }
}
END_TEST

/* ---- the corpus ---------------------------------------------------------- */

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    md_buf b = {0};
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        md_buf_put(&b, chunk, got);
    fclose(f);
    *n = b.n;
    return b.p ? md_buf_steal(&b) : md_xstrdup("");
}

static void check_corpus_file(const char *path)
{
    size_t n;
    char *data = slurp(path, &n);
    if (!data) return;
    md_format fmt =
        md_sniff((md_str){data, n < MD_SOURCE_PEEK ? n : MD_SOURCE_PEEK}, n < MD_SOURCE_PEEK, path);
    if (fmt == MD_FMT_TEXT || fmt == MD_FMT_CSV || fmt == MD_FMT_JSONL) {
        check_every_way(data, n, fmt, path);
        /* The same file as CSV and JSON Lines, whatever it is: both paths
         * must reject what they do not read the same way. */
        check_every_way(data, n, MD_FMT_CSV, path);
        check_every_way(data, n, MD_FMT_JSONL, path);
    }
    free(data);
}

static void walk_corpus(const char *dir, int *files)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char *path = t_path(dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            walk_corpus(path, files);
        else if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            check_corpus_file(path);
            (*files)++;
        }
        free(path);
    }
    closedir(d);
}

START_TEST(test_corpus_every_way)
{
    const char *root = getenv("MLDIAG_ROOT");
    md_buf dir = {0};
    md_buf_printf(&dir, "%s/../shared/corpus", root && *root ? root : ".");
    int files = 0;
    walk_corpus(md_buf_cstr(&dir), &files);
    md_buf_free(&dir);
    if (!files) fprintf(stderr, "fastpath: no shared corpus; only generated inputs compared\n");
}
END_TEST

Suite *suite_fastpath(void)
{
    Suite *s = suite_create("fastpath");
    TCase *num = tcase_create("numbers");
    tcase_add_test(num, test_number_edges);
    tcase_add_test(num, test_number_random);
    tcase_add_test(num, test_json_number_flags);
    tcase_add_test(num, test_number_printed_doubles);
    tcase_add_test(num, test_number_plain_word);
    suite_add_tcase(s, num);
    TCase *lit = tcase_create("literals");
    tcase_add_test(lit, test_literal_set);
    tcase_add_test(lit, test_unit_first_bytes);
    tcase_add_test(lit, test_unit_spelling);
    tcase_add_test(lit, test_line_controls);
    suite_add_tcase(s, lit);
    TCase *readers = tcase_create("readers");
    tcase_set_timeout(readers, 600);
    tcase_add_test(readers, test_csv_generated);
    tcase_add_test(readers, test_csv_short_cells);
    tcase_add_test(readers, test_csv_wide_rows);
    tcase_add_test(readers, test_csv_header_again);
    tcase_add_test(readers, test_jsonl_generated);
    tcase_add_test(readers, test_jsonl_many_keys);
    tcase_add_test(readers, test_text_threaded);
    tcase_add_test(readers, test_text_shapes);
    tcase_add_test(readers, test_text_shape_each_kind);
    tcase_add_test(readers, test_text_shape_cycles);
    tcase_add_test(readers, test_shapes_keep_a_cycle);
    tcase_add_test(readers, test_text_waiting_dicts);
    tcase_add_test(readers, test_text_bar_rates);
    suite_add_tcase(s, readers);
    TCase *corpus = tcase_create("corpus");
    tcase_set_timeout(corpus, 600);
    tcase_add_test(corpus, test_corpus_every_way);
    suite_add_tcase(s, corpus);
    return s;
}
