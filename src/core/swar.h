/* Eight bytes at a time: a 64-bit word loaded from text and tested byte by
 * byte without a loop. A test gives 0x80 in each byte that passes and 0
 * elsewhere, with no carry between bytes, so the lowest set bit names the
 * first byte that passes. Byte i of the text is byte i of the word only on
 * little-endian machines: callers scan by word where MD_SWAR is 1 and
 * byte by byte elsewhere. */
#ifndef MD_SWAR_H
#define MD_SWAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MD_SWAR 1
#else
#define MD_SWAR 0
#endif

#define MD_SWAR_ONES UINT64_C(0x0101010101010101)
#define MD_SWAR_HIGHS (0x80 * MD_SWAR_ONES)

static inline uint64_t md_load64(const void *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* Bytes equal to c. */
static inline uint64_t md_swar_equal(uint64_t w, unsigned char c)
{
    const uint64_t lows = 0x7f * MD_SWAR_ONES;
    uint64_t x = w ^ (c * MD_SWAR_ONES);
    return ~(((x & lows) + lows) | x | lows);
}

/* Bytes that are not ASCII digits: y = byte ^ '0' is a digit's when below
 * 10, which adding 0x76 to its low 7 bits tells by bit 7 (at most 0xf5: no
 * carry). */
static inline uint64_t md_swar_non_digits(uint64_t w)
{
    uint64_t y = w ^ ('0' * MD_SWAR_ONES);
    return (((y & 0x7f * MD_SWAR_ONES) + 0x76 * MD_SWAR_ONES) | y) & MD_SWAR_HIGHS;
}

/* The index of the lowest set bit of v, which is not 0. */
static inline unsigned md_lowest_bit(uint64_t v)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(v);
#else
    unsigned i = 0;
    while (!(v & 1))
        v >>= 1, i++;
    return i;
#endif
}

/* The index of the first byte a nonzero test result marks. */
static inline size_t md_swar_first(uint64_t mask)
{
    return md_lowest_bit(mask) >> 3;
}

/* The value of eight ASCII digits, the first in the lowest byte: the
 * conversion of Lemire's fast_float. */
static inline uint64_t md_swar_eight_digits(uint64_t w)
{
    const uint64_t mask = UINT64_C(0x000000ff000000ff);
    w -= UINT64_C(0x3030303030303030);
    w = w * 10 + (w >> 8);
    uint64_t hi = (w & mask) * UINT64_C(0x000f424000000064);
    uint64_t lo = ((w >> 16) & mask) * UINT64_C(0x0000271000000001);
    return (hi + lo) >> 32;
}

/* The length of the run of ASCII digits at p, at most max. */
static inline size_t md_digit_run(const char *p, size_t max)
{
    size_t run = 0;
#if MD_SWAR
    for (; run + 8 <= max; run += 8) {
        uint64_t other = md_swar_non_digits(md_load64(p + run));
        if (other)
            return run + md_swar_first(other);
    }
#endif
    while (run < max && p[run] >= '0' && p[run] <= '9')
        run++;
    return run;
}

/* Whether the n bytes at a and b are the same: eight at a time, the last
 * word overlapping the one before, for the short keys logs repeat (a call
 * to memcmp costs more than comparing them). */
static inline bool md_same_bytes(const char *a, const char *b, size_t n)
{
    if (n < 8) {
        for (size_t i = 0; i < n; i++)
            if (a[i] != b[i])
                return false;
        return true;
    }
    for (size_t i = 0; i + 8 < n; i += 8)
        if (md_load64(a + i) != md_load64(b + i))
            return false;
    return md_load64(a + n - 8) == md_load64(b + n - 8);
}

#endif
