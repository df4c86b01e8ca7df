/* Core helpers: number and unit scanning, buffers, the hash map, edit
 * distance, key normalisation, CRC-32C and the diagnostics list. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "core/crc32c.h"
#include "core/map.h"
#include "mldiag/base.h"
#include "mldiag/catalog.h"
#include "mldiag/diag.h"
#include "tests.h"

/* md_num_scan over a whole C string; *used gets the bytes consumed. */
static double scan(const char *s, size_t *used)
{
    double v = -12345.0;
    *used = md_num_scan(s, s + strlen(s), &v);
    return v;
}

static void expect_num(const char *s, size_t used, double want)
{
    size_t got_used;
    double got = scan(s, &got_used);
    ck_assert_msg(got_used == used, "\"%s\": consumed %zu, want %zu", s, got_used, used);
    ck_assert_msg(got == want, "\"%s\": read %.17g, want %.17g", s, got, want);
}

static void expect_not_num(const char *s)
{
    size_t used;
    scan(s, &used);
    ck_assert_msg(used == 0, "\"%s\" read as a number of %zu bytes", s, used);
}

START_TEST(test_num_plain)
{
    expect_num("0", 1, 0);
    expect_num("42", 2, 42);
    expect_num("3.25", 4, 3.25);
    expect_num("-7.5", 4, -7.5);
    expect_num("+2", 2, 2);
    expect_num(".5", 2, 0.5);
    expect_num("5.", 2, 5);
    expect_num("0.1", 3, 0.1);
    expect_num("0001", 4, 1);
    expect_num("10.9184", 7, 10.9184);
    expect_num("2.5ms", 3, 2.5);
    expect_num("1,2", 1, 1);
    expect_num("12:00", 2, 12);
}
END_TEST

START_TEST(test_num_exponent)
{
    expect_num("1e3", 3, 1000);
    expect_num("1.2E+00", 7, 1.2);
    expect_num("2.500E-08", 9, 2.5e-08);
    expect_num("1.519366E+00", 12, 1.519366);
    expect_num("3.2e+4", 6, 32000);
    /* An 'e' without digits is not part of the number. */
    expect_num("1e", 1, 1);
    expect_num("1e+", 1, 1);
    expect_num("5E-3x", 4, 0.005);
    expect_num("7elephants", 1, 7);
}
END_TEST

START_TEST(test_num_negative_zero)
{
    size_t used;
    double v = scan("-0", &used);
    ck_assert_uint_eq(used, 2);
    ck_assert(v == 0 && signbit(v));
    v = scan("-0.0e5", &used);
    ck_assert_uint_eq(used, 6);
    ck_assert(v == 0 && signbit(v));
    v = scan("0", &used);
    ck_assert(v == 0 && !signbit(v));
}
END_TEST

START_TEST(test_num_special)
{
    static const char *const nans[] = {"nan", "NaN", "NAN", "-nan", "+NaN"};
    for (size_t i = 0; i < MD_COUNT(nans); i++) {
        size_t used;
        double v = scan(nans[i], &used);
        ck_assert_msg(isnan(v) && used == strlen(nans[i]), "%s", nans[i]);
        ck_assert_msg(!signbit(v) == !signbit(strtod(nans[i], NULL)), "%s: sign", nans[i]);
    }
    expect_num("inf", 3, INFINITY);
    expect_num("Inf", 3, INFINITY);
    expect_num("+inf", 4, INFINITY);
    expect_num("-inf", 4, -INFINITY);
    expect_num("Infinity", 8, INFINITY);
    expect_num("-Infinity", 9, -INFINITY);
    expect_num("infinite", 3, INFINITY);

    /* "step_avg:nanms": the number is "nan", the unit follows. */
    size_t used;
    ck_assert(isnan(scan("nanms", &used)));
    ck_assert_uint_eq(used, 3);

    /* PaddleOCR's '{:x<6f}' pads a NaN or an Inf to six with x. */
    ck_assert(isnan(scan("nanxxx", &used)) && used == 6);
    expect_num("infxxx", 6, INFINITY);
    expect_num("-infxx", 6, -INFINITY);
    ck_assert(isnan(scan("nanxxxx", &used)) && used == 6);

    /* NeMo's bar: "reduced_train_loss=nan.0"; "nan.05" is no such NaN. */
    ck_assert(isnan(scan("nan.0", &used)) && used == 5);
    ck_assert(isnan(scan("nan.0, global_step", &used)) && used == 5);
    ck_assert(isnan(scan("nan.05", &used)) && used == 3);

    /* Microsoft's C runtime before 2015: CNTK's "1.#QNAN000". */
    ck_assert(isnan(scan("1.#QNAN000; EvalErr", &used)) && used == 10);
    ck_assert(isnan(scan("-1.#IND00", &used)) && used == 9);
    expect_num("1.#INF00", 8, INFINITY);
    expect_num("-1.#INF00", 9, -INFINITY);
    /* Since 2015 it prints the NaN of 0/0 as "-nan(ind)" (darknet's
     * " 31: -nan(ind), -nan(ind) avg loss"); C's nan(n-char-sequence). */
    ck_assert(isnan(scan("-nan(ind), -nan(ind) avg", &used)) && used == 9);
    ck_assert(isnan(scan("nan(snan)", &used)) && used == 9);
    ck_assert(isnan(scan("nan(0x8000000000000)", &used)) && used == 20);
    ck_assert(isnan(scan("nan() x", &used)) && used == 3);
    ck_assert(isnan(scan("nan(ind", &used)) && used == 3);
    expect_num("1.5", 3, 1.5);
}
END_TEST

START_TEST(test_num_not_numbers)
{
    static const char *const words[] = {"", "-", "+", ".", "-.", "+.e5", "e5", "abc", "na", "in",
                                        "-x", "..5", "loss"};
    for (size_t i = 0; i < MD_COUNT(words); i++)
        expect_not_num(words[i]);
}
END_TEST

START_TEST(test_comma_number)
{
    static const char *const yes[] = {"2,4752", "-0,5", "+1,0", "7,08E+12", "1,234", "3,1e-5"};
    static const char *const no[] = {"", ",5", "5,", "1,2,3", "1.5", "1,5x", "1,5e", "a,b", "-", "12"};
    for (size_t i = 0; i < MD_COUNT(yes); i++)
        ck_assert_msg(md_comma_number(yes[i], strlen(yes[i])), "%s", yes[i]);
    for (size_t i = 0; i < MD_COUNT(no); i++)
        ck_assert_msg(!md_comma_number(no[i], strlen(no[i])), "%s", no[i]);
}
END_TEST

START_TEST(test_num_hex_and_range)
{
    /* Hexadecimal floats are not read: only the leading "0". */
    expect_num("0x1p3", 1, 0);
    expect_num("1e99999", 7, INFINITY);
    expect_num("-1e99999", 8, -INFINITY);
    expect_num("1e-99999", 8, 0);
    expect_num("1e400", 5, INFINITY);
    expect_num("4.9e-324", 8, 4.9e-324);
    expect_num("1.7976931348623157e308", 22, 1.7976931348623157e308);
}
END_TEST

START_TEST(test_num_respects_end)
{
    const char *s = "12345";
    double v;
    ck_assert_uint_eq(md_num_scan(s, s + 2, &v), 2);
    ck_assert(v == 12);
    const char *n = "nan";
    ck_assert_uint_eq(md_num_scan(n, n + 2, &v), 0);
    const char *e = "1e5";
    ck_assert_uint_eq(md_num_scan(e, e + 2, &v), 1);
    ck_assert(v == 1);
    ck_assert_uint_eq(md_num_scan(s, s, &v), 0);
}
END_TEST

/* xorshift64*: the same strings on every run. */
static uint64_t rng_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static void put_digits(md_buf *b, uint64_t *rng, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        md_buf_putc(b, (char)('0' + rng_next(rng) % 10));
}

/* A random decimal: sign, integer digits (sometimes with leading zeros),
 * fraction, exponent, over the lengths that take the fast path and the ones
 * that do not. */
static void random_decimal(md_buf *b, uint64_t *rng)
{
    md_buf_reset(b);
    uint64_t r = rng_next(rng);
    if (r % 4 == 0)
        md_buf_putc(b, r % 8 == 0 ? '-' : '+');
    if (r % 7 == 0)
        md_buf_puts(b, "000");
    put_digits(b, rng, 1 + (unsigned)(rng_next(rng) % 24));
    if (rng_next(rng) % 3) {
        md_buf_putc(b, '.');
        put_digits(b, rng, (unsigned)(rng_next(rng) % 26));
    }
    if (rng_next(rng) % 2) {
        r = rng_next(rng);
        md_buf_putc(b, r % 2 ? 'e' : 'E');
        if (r % 3)
            md_buf_putc(b, r % 6 < 3 ? '-' : '+');
        put_digits(b, rng, 1 + (unsigned)(rng_next(rng) % 3));
    }
}

START_TEST(test_num_matches_strtod)
{
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    md_buf b = {0};
    for (int i = 0; i < 5000; i++) {
        random_decimal(&b, &rng);
        const char *s = md_buf_cstr(&b);
        char *endp;
        double want = strtod(s, &endp);
        double got;
        size_t used = md_num_scan(s, s + b.n, &got);
        ck_assert_msg(used == (size_t)(endp - s), "\"%s\": consumed %zu, strtod %td", s, used, endp - s);
        ck_assert_msg(memcmp(&got, &want, sizeof got) == 0, "\"%s\": %.17g, strtod %.17g", s, got, want);
    }
    md_buf_free(&b);
}
END_TEST

START_TEST(test_num_fmt)
{
    char buf[32];
    ck_assert_str_eq(md_num_fmt(NAN, buf, sizeof buf), "nan");
    ck_assert_str_eq(md_num_fmt(-INFINITY, buf, sizeof buf), "-inf");
    ck_assert_str_eq(md_num_fmt(19560, buf, sizeof buf), "19560");
    ck_assert_str_eq(md_num_fmt(-0.0, buf, sizeof buf), "0");
    ck_assert_str_eq(md_num_fmt(2.71828, buf, sizeof buf), "2.718");
    ck_assert_str_eq(md_num_fmt(2.5e-08, buf, sizeof buf), "2.5e-08");
}
END_TEST

typedef struct unit_case {
    const char *text;
    size_t used;
    md_unit unit;
} unit_case;

START_TEST(test_unit_scan)
{
    static const unit_case cases[] = {
        {"ms", 2, MD_UNIT_MS},          {"s", 1, MD_UNIT_S},
        {"%", 1, MD_UNIT_PERCENT},      {"GiB", 3, MD_UNIT_GIB},
        {"MiB", 3, MD_UNIT_MIB},        {"KiB", 3, MD_UNIT_KIB},
        {"TiB", 3, MD_UNIT_TIB},        {"GB", 2, MD_UNIT_GB},
        {"MB", 2, MD_UNIT_MB},          {"kB", 2, MD_UNIT_KB},
        {"min", 3, MD_UNIT_MIN},        {"us", 2, MD_UNIT_US},
        {"\xc2\xb5s", 3, MD_UNIT_US},   {"ns", 2, MD_UNIT_NS},
        {"h", 1, MD_UNIT_H},            {"B", 1, MD_UNIT_B},
        {"it/s", 4, MD_UNIT_IT_PER_S},  {"s/it", 4, MD_UNIT_S_PER_IT},
        {"examples/s", 10, MD_UNIT_IT_PER_S}, {"samples/s]", 9, MD_UNIT_IT_PER_S},
        {"msec", 2, MD_UNIT_MS},        {"ms/step", 2, MD_UNIT_MS},
        {"m", 0, MD_UNIT_NONE},         {"x", 0, MD_UNIT_NONE},
        {"", 0, MD_UNIT_NONE},          {" ms", 0, MD_UNIT_NONE},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        const char *s = cases[i].text;
        md_unit unit = MD_UNIT_NONE;
        size_t used = md_unit_scan(s, s + strlen(s), &unit);
        ck_assert_msg(used == cases[i].used, "\"%s\": consumed %zu", s, used);
        if (used)
            ck_assert_msg(unit == cases[i].unit, "\"%s\": unit %d", s, (int)unit);
    }
    /* The end bound: "ms" cut after its 'm' is no unit. */
    const char *ms = "ms";
    md_unit unit;
    ck_assert_uint_eq(md_unit_scan(ms, ms + 1, &unit), 0);
}
END_TEST

START_TEST(test_unit_dims_and_factors)
{
    ck_assert_int_eq(md_unit_dim(MD_UNIT_NONE), MD_DIM_NONE);
    ck_assert_int_eq(md_unit_dim(MD_UNIT_PERCENT), MD_DIM_PERCENT);
    ck_assert_int_eq(md_unit_dim(MD_UNIT_MS), MD_DIM_TIME);
    ck_assert_int_eq(md_unit_dim(MD_UNIT_S_PER_IT), MD_DIM_TIME);
    ck_assert_int_eq(md_unit_dim(MD_UNIT_GIB), MD_DIM_BYTES);
    ck_assert_int_eq(md_unit_dim(MD_UNIT_IT_PER_S), MD_DIM_RATE);
    ck_assert(md_unit_factor(MD_UNIT_MS) == 1e-3);
    ck_assert(md_unit_factor(MD_UNIT_US) == 1e-6);
    ck_assert(md_unit_factor(MD_UNIT_MIN) == 60);
    ck_assert(md_unit_factor(MD_UNIT_H) == 3600);
    ck_assert(md_unit_factor(MD_UNIT_S) == 1);
    ck_assert(md_unit_factor(MD_UNIT_MIB) == 1048576.0);
    ck_assert(md_unit_factor(MD_UNIT_GIB) == 1073741824.0);
    ck_assert(md_unit_factor(MD_UNIT_GB) == 1e9);
    ck_assert(md_unit_factor(MD_UNIT_PERCENT) == 1);
}
END_TEST

START_TEST(test_buf)
{
    md_buf b = {0};
    ck_assert_str_eq(md_buf_cstr(&b), "");
    ck_assert_uint_eq(b.n, 0);

    md_buf_puts(&b, "loss");
    md_buf_putc(&b, '=');
    md_buf_printf(&b, "%d/%s", 42, "6200");
    ck_assert_str_eq(md_buf_cstr(&b), "loss=42/6200");
    ck_assert_uint_eq(b.n, 12);

    /* Growth over many doublings keeps every byte and the terminator. */
    char line[1001];
    memset(line, 'x', 1000);
    line[1000] = '\0';
    md_buf_printf(&b, "[%s]", line);
    ck_assert_uint_eq(b.n, 12 + 1002);
    ck_assert(b.p[12] == '[' && b.p[13 + 1000] == ']' && b.p[b.n] == '\0');
    ck_assert(b.cap > b.n);

    md_buf_reset(&b);
    ck_assert_uint_eq(b.n, 0);
    ck_assert_str_eq(md_buf_cstr(&b), "");

    md_buf_put(&b, "a\0b", 3);
    ck_assert_uint_eq(b.n, 3);
    ck_assert(memcmp(b.p, "a\0b", 4) == 0);

    char *s = md_buf_steal(&b);
    ck_assert(b.p == NULL && b.n == 0 && b.cap == 0);
    ck_assert(memcmp(s, "a\0b", 4) == 0);
    free(s);

    md_buf_puts(&b, "again");
    md_buf_free(&b);
    ck_assert(b.p == NULL && b.n == 0);
}
END_TEST

START_TEST(test_str_helpers)
{
    md_str t = md_str_trim(md_str_c(" \t loss: 1 \r"));
    ck_assert_uint_eq(t.n, 7);
    ck_assert(md_str_eq(t, "loss: 1"));
    ck_assert(!md_str_eq(t, "loss: 12"));
    ck_assert_uint_eq(md_str_trim(md_str_c("   ")).n, 0);
    ck_assert(md_str_starts_with(t, "loss") && !md_str_starts_with(t, "loss: 12"));
    ck_assert(md_str_ends_with(t, ": 1") && !md_str_ends_with(t, "x: 1") && md_str_ends_with(t, ""));
    ck_assert(!md_str_ends_with(md_str_c("ss"), "loss"));

    const char *hay = "aaab aab";
    ck_assert(md_memmem(hay, 8, "aab", 3) == hay + 1);
    ck_assert(md_memmem(hay, 8, "abc", 3) == NULL);
    ck_assert(md_memmem(hay, 2, "aab", 3) == NULL);
    ck_assert(md_memmem(hay, 8, "", 0) == hay);
}
END_TEST

START_TEST(test_map)
{
    md_map m = {0};
    intptr_t v = -1;
    ck_assert_int_eq(md_map_get(&m, "loss", 4, &v), 0);

    md_map_put(&m, "loss", 4, 1);
    md_map_put(&m, "lr", 2, 2);
    ck_assert_int_eq(md_map_get(&m, "loss", 4, &v), 1);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(md_map_get(&m, "los", 3, &v), 0);
    ck_assert_int_eq(md_map_get(&m, "lossx", 5, &v), 0);

    md_map_put(&m, "loss", 4, 7);
    ck_assert_int_eq(md_map_get(&m, "loss", 4, &v), 1);
    ck_assert_int_eq(v, 7);
    ck_assert_uint_eq(m.count, 2);

    /* Keys are byte strings: an embedded NUL is part of the key. */
    md_map_put(&m, "a\0b", 3, 30);
    md_map_put(&m, "a", 1, 10);
    ck_assert(md_map_get(&m, "a\0b", 3, &v) && v == 30);
    ck_assert(md_map_get(&m, "a", 1, &v) && v == 10);
    ck_assert(md_map_get(&m, "", 0, &v) == 0);

    char key[32];
    for (int i = 0; i < 10000; i++) {
        int n = snprintf(key, sizeof key, "series_%d", i);
        md_map_put(&m, key, (size_t)n, i);
    }
    ck_assert_uint_eq(m.count, 10004);
    for (int i = 0; i < 10000; i++) {
        int n = snprintf(key, sizeof key, "series_%d", i);
        ck_assert(md_map_get(&m, key, (size_t)n, &v) && v == i);
    }
    ck_assert(md_map_get(&m, "lr", 2, &v) && v == 2);

    md_map_free(&m);
    ck_assert_uint_eq(m.count, 0);
    ck_assert_int_eq(md_map_get(&m, "lr", 2, &v), 0);
}
END_TEST

START_TEST(test_arena)
{
    md_arena a = {0};
    /* Small blocks are distinct, aligned for any object and keep their
     * bytes while later ones fill the chunk and the next. */
    char *blocks[5000];
    for (int i = 0; i < 5000; i++) {
        blocks[i] = md_arena_alloc(&a, (size_t)(i % 37) + 1);
        ck_assert_uint_eq((uintptr_t)blocks[i] % _Alignof(max_align_t), 0);
        memset(blocks[i], i % 251, (size_t)(i % 37) + 1);
    }
    for (int i = 0; i < 5000; i++)
        for (int k = 0; k <= i % 37; k++)
            ck_assert_int_eq((unsigned char)blocks[i][k], i % 251);
    /* A block larger than a chunk gets one of its own, and the chunk being
     * filled stays in use. */
    char *big = md_arena_alloc(&a, 1 << 20);
    memset(big, 7, 1 << 20);
    char *small = md_arena_strndup(&a, "loss=0.5", 4);
    ck_assert_str_eq(small, "loss");
    ck_assert_int_eq(big[(1 << 20) - 1], 7);
    ck_assert_str_eq(md_arena_strndup(&a, "", 0), "");
    md_arena_free(&a);
    ck_assert_ptr_null(a.chunks);
    /* A freed arena is empty and can be used again. */
    ck_assert_str_eq(md_arena_strndup(&a, "again", 5), "again");
    md_arena_free(&a);
}
END_TEST

START_TEST(test_edit_distance)
{
    ck_assert_uint_eq(md_edit_distance("kitten", "sitting"), 3);
    ck_assert_uint_eq(md_edit_distance("", "abc"), 3);
    ck_assert_uint_eq(md_edit_distance("abc", ""), 3);
    ck_assert_uint_eq(md_edit_distance("same", "same"), 0);
    ck_assert_uint_eq(md_edit_distance("alias", "aliases"), 2);
    ck_assert_uint_eq(md_edit_distance("flaw", "lawn"), 2);
    ck_assert_uint_eq(md_edit_distance("kind", "kindd"), 1);

    char a[66], b[66];
    memset(a, 'a', 64);
    a[64] = '\0';
    memcpy(b, a, 65);
    b[0] = 'b';
    ck_assert_uint_eq(md_edit_distance(a, b), 1);
    a[64] = 'a';
    a[65] = '\0';
    ck_assert_uint_eq(md_edit_distance(a, b), (size_t)-1);
}
END_TEST

typedef struct norm_case {
    const char *key;
    const char *norm;
} norm_case;

START_TEST(test_key_normalise)
{
    static const norm_case cases[] = {
        {"Train Loss", "train_loss"},
        {"train/loss", "train_loss"},
        {"train-loss", "train_loss"},
        {"lm loss", "lm_loss"},
        {"  --LR--  ", "lr"},
        {"metrics/mAP_0.5:0.95", "metrics_map_0_5_0_95"},
        {"elapsed time per iteration (ms)", "elapsed_time_per_iteration_ms"},
        {"_step", "step"},
        {"a__b", "a_b"},
        {"", ""},
        {"---", ""},
        {"Verlust \xc2\xb5", "verlust_\xc2\xb5"},
    };
    char out[128];
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        size_t n = md_key_normalise(cases[i].key, strlen(cases[i].key), out, sizeof out);
        ck_assert_str_eq(out, cases[i].norm);
        ck_assert_uint_eq(n, strlen(cases[i].norm));
    }
}
END_TEST

/* A key cut to fit the output is a prefix of its full normalised form and,
 * like any normalised key, does not end with '_'. */
START_TEST(test_key_normalise_truncates_cleanly)
{
    static const char *const keys[] = {"abcdefgh", "ab cd", "train loss value", "a b c d e f",
                                       "learning rate (group 0)"};
    for (size_t i = 0; i < MD_COUNT(keys); i++) {
        char full[128];
        md_key_normalise(keys[i], strlen(keys[i]), full, sizeof full);
        for (size_t cap = 1; cap <= strlen(full) + 1; cap++) {
            char out[128];
            size_t n = md_key_normalise(keys[i], strlen(keys[i]), out, cap);
            ck_assert_msg(n < cap && out[n] == '\0', "\"%s\" cap %zu: length %zu", keys[i], cap, n);
            ck_assert_msg(strncmp(out, full, n) == 0,
                          "\"%s\" cap %zu: \"%s\" is not a prefix of \"%s\"", keys[i], cap, out, full);
            ck_assert_msg(n == 0 || out[n - 1] != '_', "\"%s\" cap %zu: \"%s\" ends with '_'", keys[i],
                          cap, out);
        }
    }
}
END_TEST

START_TEST(test_crc32c)
{
    /* The standard check value of CRC-32C. */
    ck_assert_uint_eq(md_crc32c("123456789", 9), 0xE3069283u);
    ck_assert_uint_eq(md_crc32c("", 0), 0);
    uint32_t c = md_crc32c("123456789", 9);
    ck_assert_uint_eq(md_crc32c_masked("123456789", 9), ((c >> 15) | (c << 17)) + 0xa282ead8u);
}
END_TEST

/* Control bytes from a rule file show as '?', the caret still under its
 * byte: an escape sequence there would retitle or recolour the terminal. */
START_TEST(test_diags_control_bytes)
{
    md_diags d;
    md_diags_init(&d);
    md_diag *g = md_diags_add(&d, MD_DIAG_ERROR, "x.rules", 4, 8, "unexpected '%c'", '\x1b');
    md_diag_set_excerpt(g, "when = \x1b]0;PWNED\x07 > 1\n", 21, 1);
    md_buf out = {0};
    md_diags_render(&d, &out);
    const char *text = md_buf_cstr(&out);
    ck_assert_ptr_nonnull(strstr(text, "error: unexpected '?'\n    when = ?]0;PWNED? > 1\n           ^\n"));
    ck_assert_ptr_null(strchr(text, '\x1b'));
    md_buf_free(&out);
    md_diags_free(&d);
}
END_TEST

/* A line of two megabytes is quoted by its first 200 bytes, cut between
 * characters, and an error past them gets no caret line of as many blanks. */
START_TEST(test_diags_long_line)
{
    md_buf line = {0};
    md_buf_puts(&line, "when = ");
    for (int i = 0; i < 64; i++)
        md_buf_puts(&line, "\xc3\xa9t\xc3\xa9 ");
    for (int i = 0; i < 200000; i++)
        md_buf_puts(&line, "loss.count > 0 && ");
    md_diags d;
    md_diags_init(&d);
    md_diag *g = md_diags_add(&d, MD_DIAG_ERROR, "x.rules", 4, (unsigned long)line.n - 3, "'bogus' is not a signal");
    md_diag_set_excerpt(g, line.p, line.n, 5);
    md_buf out = {0};
    md_diags_render(&d, &out);
    ck_assert_uint_lt(out.n, 400);
    const char *text = md_buf_cstr(&out);
    ck_assert_ptr_null(strchr(text, '^'));
    /* The excerpt ends on a whole character: no lone lead byte. */
    const char *nl = strrchr(text, '\n');
    ck_assert((unsigned char)nl[-1] < 0xc0);
    md_buf_free(&out);
    md_diags_free(&d);
    md_buf_free(&line);
}
END_TEST

START_TEST(test_diags_warning_cap)
{
    md_diags d;
    md_diags_init(&d);
    for (int i = 0; i < MD_DIAG_WARN_CAP + 5; i++)
        md_diags_add(&d, MD_DIAG_WARNING, "run.log", (unsigned long)i + 1, 0, "bad line %d", i);
    md_diag *g = md_diags_add(&d, MD_DIAG_ERROR, "rules", 3, 7, "unknown key");
    ck_assert_ptr_nonnull(g);
    md_diag_set_excerpt(g, "kindd = loss\n", 13, 5);
    md_diag_set_help(g, "did you mean '%s'?", "kind");

    ck_assert_uint_eq(d.warnings, MD_DIAG_WARN_CAP + 5);
    ck_assert_uint_eq(d.errors, 1);
    ck_assert_uint_eq(d.n, MD_DIAG_WARN_CAP + 1);

    md_buf out = {0};
    md_diags_render(&d, &out);
    const char *text = md_buf_cstr(&out);
    ck_assert_ptr_nonnull(strstr(text, "mldiag: run.log:1: warning: bad line 0\n"));
    ck_assert_ptr_null(strstr(text, "bad line 20"));
    ck_assert_ptr_nonnull(strstr(text, "mldiag: rules:3:7: error: unknown key\n"
                                       "    kindd = loss\n"
                                       "          ^~~~~\n"
                                       "    help: did you mean 'kind'?\n"));
    ck_assert_ptr_nonnull(strstr(text, "mldiag: run.log: ...and 5 more warnings\n"));
    md_buf_free(&out);

    md_diags other;
    md_diags_init(&other);
    md_diags_move(&other, &d);
    ck_assert_uint_eq(d.n, 0);
    ck_assert_uint_eq(other.n, MD_DIAG_WARN_CAP + 1);
    ck_assert_uint_eq(other.errors, 1);
    md_diags_free(&other);
    md_diags_free(&d);
}
END_TEST

/* Text any output can carry: controls as '?', invalid UTF-8 as U+FFFD,
 * valid characters kept. */
START_TEST(test_buf_put_text)
{
    static const struct {
        const char *in;
        size_t n;
        const char *out;
    } cases[] = {
        {"loss", 4, "loss"},
        {"caf\xc3\xa9", 5, "caf\xc3\xa9"},
        {"e\x1b[2J", 5, "e?[2J"},
        {"a\xc2\x9b" "b", 4, "a?b"},
        {"gr\xff\xfe", 4, "gr\xef\xbf\xbd\xef\xbf\xbd"},
        {"\xc0\xaf", 2, "\xef\xbf\xbd\xef\xbf\xbd"},             /* overlong '/' */
        {"\xed\xa0\x80", 3, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"}, /* a surrogate */
        {"\xe2\x82", 2, "\xef\xbf\xbd\xef\xbf\xbd"},             /* cut short */
        {"\xf0\x9f\x98\x80\t", 5, "\xf0\x9f\x98\x80\t"},
        {"ab\xe2\x80\xae" "cd\xe2\x80\xa8", 10, "ab?cd?"}, /* U+202E, U+2028 */
        {"\xe2\x80\x94", 3, "\xe2\x80\x94"},              /* an em dash stays */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *t = md_text_dup(cases[i].in, cases[i].n);
        ck_assert_str_eq(t, cases[i].out);
        free(t);
    }
    ck_assert_uint_eq(md_utf8_char("\xf4\x90\x80\x80", 4), 0); /* past U+10FFFF */
    ck_assert_uint_eq(md_utf8_char("\xc3\xa9", 2), 2);
}
END_TEST

Suite *suite_core(void)
{
    Suite *s = suite_create("core");
    TCase *num = tcase_create("num");
    tcase_add_test(num, test_num_plain);
    tcase_add_test(num, test_num_exponent);
    tcase_add_test(num, test_num_negative_zero);
    tcase_add_test(num, test_num_special);
    tcase_add_test(num, test_num_not_numbers);
    tcase_add_test(num, test_num_hex_and_range);
    tcase_add_test(num, test_num_respects_end);
    tcase_add_test(num, test_num_matches_strtod);
    tcase_add_test(num, test_num_fmt);
    suite_add_tcase(s, num);

    TCase *units = tcase_create("units");
    tcase_add_test(units, test_unit_scan);
    tcase_add_test(units, test_unit_dims_and_factors);
    suite_add_tcase(s, units);

    TCase *util = tcase_create("util");
    tcase_add_test(util, test_buf);
    tcase_add_test(util, test_buf_put_text);
    tcase_add_test(util, test_str_helpers);
    tcase_add_test(util, test_map);
    tcase_add_test(util, test_arena);
    tcase_add_test(util, test_comma_number);
    tcase_add_test(util, test_edit_distance);
    tcase_add_test(util, test_key_normalise);
    tcase_add_test(util, test_key_normalise_truncates_cleanly);
    tcase_add_test(util, test_crc32c);
    tcase_add_test(util, test_diags_long_line);
    tcase_add_test(util, test_diags_warning_cap);
    tcase_add_test(util, test_diags_control_bytes);
    suite_add_tcase(s, util);
    return s;
}
