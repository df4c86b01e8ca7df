/* Base types shared by every stage: error codes, allocation that never
 * fails, string slices and growable buffers, number scanning. */
#ifndef MLDIAG_BASE_H
#define MLDIAG_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MD_VERSION "0.1.0"

#if defined(__GNUC__)
#define MD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define MD_NORETURN __attribute__((noreturn))
#define MD_NOINLINE __attribute__((noinline)) /* a rare path kept out of a hot caller */
#else
#define MD_PRINTF(f, a)
#define MD_NORETURN
#define MD_NOINLINE
#endif

/* Internal failures. Problems in the user's input are md_diag records. */
typedef enum {
    MD_OK = 0,
    MD_ERR_IO,       /* an input could not be opened or read */
    MD_ERR_FORMAT,   /* an input is in no format mldiag reads */
    MD_ERR_NODATA,   /* an input was read but held no metric and no event */
    MD_ERR_RULES,    /* rule files have errors */
    MD_ERR_USAGE,    /* bad option or expression on the command line */
    MD_ERR_INTERNAL
} md_err;

const char *md_err_str(md_err err);

/* Allocation aborts the process on exhaustion, so these never return NULL. */
void *md_xmalloc(size_t n);
void *md_xcalloc(size_t count, size_t size);
void *md_xrealloc(void *p, size_t n);
/* Zeroed memory on cache lines of its own (freed with free): for what one
 * thread writes while another works on objects allocated near it. */
void *md_xcalloc_alone(size_t size);
/* n bytes or more for a buffer of megabytes, on 2 MiB pages where the
 * kernel allows; freed with free(). */
void *md_xmalloc_large(size_t n);
char *md_xstrdup(const char *s);
char *md_xstrndup(const char *s, size_t n);
MD_NORETURN void md_out_of_memory(void);

/* Memory for many small objects that are all freed together (a parsed rule
 * file's keys and values): md_arena_free frees every block at once. A
 * zeroed md_arena is empty. */
typedef struct md_arena_chunk md_arena_chunk;
typedef struct md_arena {
    md_arena_chunk *chunks;
    char *next, *end; /* the free part of the chunk being filled */
} md_arena;

/* n bytes aligned for any object; never NULL. */
void *md_arena_alloc(md_arena *a, size_t n);
char *md_arena_strndup(md_arena *a, const char *s, size_t n);
void md_arena_free(md_arena *a);

/* Grow a dynamic array held as (ptr, len, cap) so that one more element fits. */
#define MD_GROW(ptr, len, cap)                                                 \
    do {                                                                       \
        if ((len) >= (cap)) {                                                  \
            (cap) = (cap) ? 2 * (cap) : 8;                                     \
            (ptr) = md_xrealloc((ptr), (cap) * sizeof *(ptr));                 \
        }                                                                      \
    } while (0)

#define MD_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A borrowed slice of bytes; not NUL-terminated. */
typedef struct md_str {
    const char *p;
    size_t n;
} md_str;

/* An ASCII digit (isdigit would follow the locale and needs an unsigned
 * char). */
static inline bool md_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* An ASCII letter. */
static inline bool md_is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A control byte that never occurs in text, NUL included. Whitespace, ESC
 * (colour codes) and backspace are text. */
static inline bool md_binary_byte(unsigned char c)
{
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1b && c != '\b') ||
           c == 0x7f;
}

/* A blank within a line: space or tab. */
static inline bool md_is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The first byte from p on that is not a blank, or end. */
static inline const char *md_skip_blanks(const char *p, const char *end)
{
    while (p < end && md_is_blank(*p))
        p++;
    return p;
}

md_str md_str_c(const char *s);
bool md_str_eq(md_str a, const char *s);
/* Whether a is one of the n strings of list, exactly. */
bool md_str_in(md_str a, const char *const *list, size_t n);
/* Inline: callers pass literals, whose length and comparison then cost
 * next to nothing. */
static inline bool md_str_starts_with(md_str s, const char *prefix)
{
    size_t n = strlen(prefix);
    return s.n >= n && memcmp(s.p, prefix, n) == 0;
}
bool md_str_ends_with(md_str s, const char *suffix);
md_str md_str_trim(md_str s);
const char *md_memmem(const char *hay, size_t hn, const char *needle, size_t nn);
/* The bytes of the control character at p, of the n there: 1 for a C0
 * control but tab, and DEL; 2 for a C1 control (U+0080-U+009F, which a
 * terminal may act on: U+009B opens a sequence as ESC '[' does); 3 for a
 * direction mark or override and the line and paragraph separators; 0
 * for anything else. */
size_t md_control_at(const char *p, size_t n);
/* The length of the valid UTF-8 character at p, of the n there (no
 * overlong form, no surrogate, none past U+10FFFF); 0 for an invalid byte. */
size_t md_utf8_char(const char *p, size_t n);
/* The most of s's first n bytes that holds no half of a UTF-8 character:
 * n, or less where s[n] (s holds more than n bytes) continues one. */
size_t md_utf8_cut(const char *s, size_t n);

/* An owning growable byte buffer, always NUL-terminated after the first put. */
typedef struct md_buf {
    char *p;
    size_t n, cap;
} md_buf;

void md_buf_put(md_buf *b, const void *data, size_t n);
void md_buf_puts(md_buf *b, const char *s);
/* s as text any output can carry: a control character (md_control_at) as
 * '?', a byte that is no valid UTF-8 as U+FFFD. */
void md_buf_put_text(md_buf *b, const char *s, size_t n);
/* A copy of s made so (md_buf_put_text); the caller frees it. */
char *md_text_dup(const char *s, size_t n);
void md_buf_putc(md_buf *b, char c);
void md_buf_printf(md_buf *b, const char *fmt, ...) MD_PRINTF(2, 3);
void md_buf_vprintf(md_buf *b, const char *fmt, va_list ap);
const char *md_buf_cstr(md_buf *b);
char *md_buf_steal(md_buf *b);
void md_buf_reset(md_buf *b);
void md_buf_free(md_buf *b);

/* Number scanning. md_num_scan reads a decimal number (sign, digits, point,
 * exponent) or one of nan, NaN, inf, Inf, Infinity with an optional sign,
 * starting at s and not reading at or past end. Returns the number of bytes
 * consumed, 0 when s does not start a number. Plain decimals take a fast exact
 * path; anything else falls back to strtod, so results equal strtod's. */
size_t md_num_scan(const char *s, const char *end, double *out);
/* Whether p's n bytes are all a number written with a decimal comma, as
 * locales that part a spreadsheet's cells with ';' write them: digits, one
 * comma, digits, an optional exponent ("2,4752", "-0,5", "7,08E+12"). */
bool md_comma_number(const char *p, size_t n);

/* How the text md_num_scan_form read was written: its digits after the
 * point (0 without one), whether it has a point, and its exponent's letter
 * ('e' or 'E', 0 for none). nan and inf have neither. */
typedef struct md_num_form {
    unsigned decimals;
    bool point;
    char exp;
} md_num_form;
/* md_num_scan, and the form of what it read. */
size_t md_num_scan_form(const char *s, const char *end, double *out, md_num_form *form);
/* The length of the payload C writes after a NaN's "nan", at p:
 * "(0x8000000000000)", Microsoft's "(ind)" and "(snan)"; 0 for none. */
size_t md_num_nan_payload(const char *p, const char *end);

/* Format a number for people: %.4g-like with trailing zeros trimmed, large
 * steps as integers, nan and inf spelled out. Writes into buf (>= 32 bytes). */
const char *md_num_fmt(double v, char *buf, size_t size);

/* Units written after numbers in logs ("12.3ms", "3.4%", "1.5 GiB") or at the
 * end of key names ("time_ms"). */
typedef enum {
    MD_UNIT_NONE,
    MD_UNIT_PERCENT,
    MD_UNIT_NS,
    MD_UNIT_US,
    MD_UNIT_MS,
    MD_UNIT_S,
    MD_UNIT_MIN,
    MD_UNIT_H,
    MD_UNIT_B,
    MD_UNIT_KB,
    MD_UNIT_MB,
    MD_UNIT_GB,
    MD_UNIT_TB,
    MD_UNIT_KIB,
    MD_UNIT_MIB,
    MD_UNIT_GIB,
    MD_UNIT_TIB,
    MD_UNIT_IT_PER_S,
    MD_UNIT_S_PER_IT,
    MD_UNIT_KILO, /* "12.3k tok/s", "123.59M" parameters, "2.1G" of memory */
    MD_UNIT_MEGA,
    MD_UNIT_GIGA,
    MD_UNIT_TERA
} md_unit;

typedef enum { MD_DIM_NONE, MD_DIM_PERCENT, MD_DIM_TIME, MD_DIM_BYTES, MD_DIM_RATE, MD_DIM_SCALE } md_dim;

/* Reads a unit at s (case as logs write them). Returns the bytes consumed
 * and sets *unit, or returns 0. */
size_t md_unit_scan(const char *s, const char *end, md_unit *unit);
md_dim md_unit_dim(md_unit unit);
/* Seconds for time units, bytes for size units, the multiple for K, M, G
 * and T, 1 otherwise. */
double md_unit_factor(md_unit unit);

/* Levenshtein distance, capped; used for "did you mean" suggestions. */
size_t md_edit_distance(const char *a, const char *b);
/* How far a typed name is from a known one, for suggestions: the edit
 * distance, or one more than the distance to the known name's prefix of
 * the same length ("loss.platue" is near "loss.plateau_frac"). */
size_t md_name_distance(const char *typed, const char *candidate);

#endif
