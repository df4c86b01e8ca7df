#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/swar.h"
#include "mldiag/base.h"

/* Powers of ten that a double holds exactly: a mantissa below 2^53 times or
 * divided by one of them is a single correctly rounded operation, which is
 * the same result strtod gives (Clinger's fast path). */
static const double exact_pow10[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* 10^q as a 128-bit mantissa rounded down, top bit set: {high, low} words of
 * floor(10^q * 2^(127 - floor(q * log2 10))). Logs print 17 significant
 * digits (Python's repr) with small exponents, so a short range serves
 * nearly every number; the rest go to strtod. Generated with Python's
 * exact fractions. */
#define POW10_MIN (-80)
#define POW10_MAX 80
static const uint64_t pow10_128[][2] = {
    {0x97c560ba6b0919a5u, 0xdccd879fc967d41au}, /* 1e-80 */
    {0xbdb6b8e905cb600fu, 0x5400e987bbc1c920u}, /* 1e-79 */
    {0xed246723473e3813u, 0x290123e9aab23b68u}, /* 1e-78 */
    {0x9436c0760c86e30bu, 0xf9a0b6720aaf6521u}, /* 1e-77 */
    {0xb94470938fa89bceu, 0xf808e40e8d5b3e69u}, /* 1e-76 */
    {0xe7958cb87392c2c2u, 0xb60b1d1230b20e04u}, /* 1e-75 */
    {0x90bd77f3483bb9b9u, 0xb1c6f22b5e6f48c2u}, /* 1e-74 */
    {0xb4ecd5f01a4aa828u, 0x1e38aeb6360b1af3u}, /* 1e-73 */
    {0xe2280b6c20dd5232u, 0x25c6da63c38de1b0u}, /* 1e-72 */
    {0x8d590723948a535fu, 0x579c487e5a38ad0eu}, /* 1e-71 */
    {0xb0af48ec79ace837u, 0x2d835a9df0c6d851u}, /* 1e-70 */
    {0xdcdb1b2798182244u, 0xf8e431456cf88e65u}, /* 1e-69 */
    {0x8a08f0f8bf0f156bu, 0x1b8e9ecb641b58ffu}, /* 1e-68 */
    {0xac8b2d36eed2dac5u, 0xe272467e3d222f3fu}, /* 1e-67 */
    {0xd7adf884aa879177u, 0x5b0ed81dcc6abb0fu}, /* 1e-66 */
    {0x86ccbb52ea94baeau, 0x98e947129fc2b4e9u}, /* 1e-65 */
    {0xa87fea27a539e9a5u, 0x3f2398d747b36224u}, /* 1e-64 */
    {0xd29fe4b18e88640eu, 0x8eec7f0d19a03aadu}, /* 1e-63 */
    {0x83a3eeeef9153e89u, 0x1953cf68300424acu}, /* 1e-62 */
    {0xa48ceaaab75a8e2bu, 0x5fa8c3423c052dd7u}, /* 1e-61 */
    {0xcdb02555653131b6u, 0x3792f412cb06794du}, /* 1e-60 */
    {0x808e17555f3ebf11u, 0xe2bbd88bbee40bd0u}, /* 1e-59 */
    {0xa0b19d2ab70e6ed6u, 0x5b6aceaeae9d0ec4u}, /* 1e-58 */
    {0xc8de047564d20a8bu, 0xf245825a5a445275u}, /* 1e-57 */
    {0xfb158592be068d2eu, 0xeed6e2f0f0d56712u}, /* 1e-56 */
    {0x9ced737bb6c4183du, 0x55464dd69685606bu}, /* 1e-55 */
    {0xc428d05aa4751e4cu, 0xaa97e14c3c26b886u}, /* 1e-54 */
    {0xf53304714d9265dfu, 0xd53dd99f4b3066a8u}, /* 1e-53 */
    {0x993fe2c6d07b7fabu, 0xe546a8038efe4029u}, /* 1e-52 */
    {0xbf8fdb78849a5f96u, 0xde98520472bdd033u}, /* 1e-51 */
    {0xef73d256a5c0f77cu, 0x963e66858f6d4440u}, /* 1e-50 */
    {0x95a8637627989aadu, 0xdde7001379a44aa8u}, /* 1e-49 */
    {0xbb127c53b17ec159u, 0x5560c018580d5d52u}, /* 1e-48 */
    {0xe9d71b689dde71afu, 0xaab8f01e6e10b4a6u}, /* 1e-47 */
    {0x9226712162ab070du, 0xcab3961304ca70e8u}, /* 1e-46 */
    {0xb6b00d69bb55c8d1u, 0x3d607b97c5fd0d22u}, /* 1e-45 */
    {0xe45c10c42a2b3b05u, 0x8cb89a7db77c506au}, /* 1e-44 */
    {0x8eb98a7a9a5b04e3u, 0x77f3608e92adb242u}, /* 1e-43 */
    {0xb267ed1940f1c61cu, 0x55f038b237591ed3u}, /* 1e-42 */
    {0xdf01e85f912e37a3u, 0x6b6c46dec52f6688u}, /* 1e-41 */
    {0x8b61313bbabce2c6u, 0x2323ac4b3b3da015u}, /* 1e-40 */
    {0xae397d8aa96c1b77u, 0xabec975e0a0d081au}, /* 1e-39 */
    {0xd9c7dced53c72255u, 0x96e7bd358c904a21u}, /* 1e-38 */
    {0x881cea14545c7575u, 0x7e50d64177da2e54u}, /* 1e-37 */
    {0xaa242499697392d2u, 0xdde50bd1d5d0b9e9u}, /* 1e-36 */
    {0xd4ad2dbfc3d07787u, 0x955e4ec64b44e864u}, /* 1e-35 */
    {0x84ec3c97da624ab4u, 0xbd5af13bef0b113eu}, /* 1e-34 */
    {0xa6274bbdd0fadd61u, 0xecb1ad8aeacdd58eu}, /* 1e-33 */
    {0xcfb11ead453994bau, 0x67de18eda5814af2u}, /* 1e-32 */
    {0x81ceb32c4b43fcf4u, 0x80eacf948770ced7u}, /* 1e-31 */
    {0xa2425ff75e14fc31u, 0xa1258379a94d028du}, /* 1e-30 */
    {0xcad2f7f5359a3b3eu, 0x096ee45813a04330u}, /* 1e-29 */
    {0xfd87b5f28300ca0du, 0x8bca9d6e188853fcu}, /* 1e-28 */
    {0x9e74d1b791e07e48u, 0x775ea264cf55347du}, /* 1e-27 */
    {0xc612062576589ddau, 0x95364afe032a819du}, /* 1e-26 */
    {0xf79687aed3eec551u, 0x3a83ddbd83f52204u}, /* 1e-25 */
    {0x9abe14cd44753b52u, 0xc4926a9672793542u}, /* 1e-24 */
    {0xc16d9a0095928a27u, 0x75b7053c0f178293u}, /* 1e-23 */
    {0xf1c90080baf72cb1u, 0x5324c68b12dd6338u}, /* 1e-22 */
    {0x971da05074da7beeu, 0xd3f6fc16ebca5e03u}, /* 1e-21 */
    {0xbce5086492111aeau, 0x88f4bb1ca6bcf584u}, /* 1e-20 */
    {0xec1e4a7db69561a5u, 0x2b31e9e3d06c32e5u}, /* 1e-19 */
    {0x9392ee8e921d5d07u, 0x3aff322e62439fcfu}, /* 1e-18 */
    {0xb877aa3236a4b449u, 0x09befeb9fad487c2u}, /* 1e-17 */
    {0xe69594bec44de15bu, 0x4c2ebe687989a9b3u}, /* 1e-16 */
    {0x901d7cf73ab0acd9u, 0x0f9d37014bf60a10u}, /* 1e-15 */
    {0xb424dc35095cd80fu, 0x538484c19ef38c94u}, /* 1e-14 */
    {0xe12e13424bb40e13u, 0x2865a5f206b06fb9u}, /* 1e-13 */
    {0x8cbccc096f5088cbu, 0xf93f87b7442e45d3u}, /* 1e-12 */
    {0xafebff0bcb24aafeu, 0xf78f69a51539d748u}, /* 1e-11 */
    {0xdbe6fecebdedd5beu, 0xb573440e5a884d1bu}, /* 1e-10 */
    {0x89705f4136b4a597u, 0x31680a88f8953030u}, /* 1e-9 */
    {0xabcc77118461cefcu, 0xfdc20d2b36ba7c3du}, /* 1e-8 */
    {0xd6bf94d5e57a42bcu, 0x3d32907604691b4cu}, /* 1e-7 */
    {0x8637bd05af6c69b5u, 0xa63f9a49c2c1b10fu}, /* 1e-6 */
    {0xa7c5ac471b478423u, 0x0fcf80dc33721d53u}, /* 1e-5 */
    {0xd1b71758e219652bu, 0xd3c36113404ea4a8u}, /* 1e-4 */
    {0x83126e978d4fdf3bu, 0x645a1cac083126e9u}, /* 1e-3 */
    {0xa3d70a3d70a3d70au, 0x3d70a3d70a3d70a3u}, /* 1e-2 */
    {0xccccccccccccccccu, 0xccccccccccccccccu}, /* 1e-1 */
    {0x8000000000000000u, 0x0000000000000000u}, /* 1e0 */
    {0xa000000000000000u, 0x0000000000000000u}, /* 1e1 */
    {0xc800000000000000u, 0x0000000000000000u}, /* 1e2 */
    {0xfa00000000000000u, 0x0000000000000000u}, /* 1e3 */
    {0x9c40000000000000u, 0x0000000000000000u}, /* 1e4 */
    {0xc350000000000000u, 0x0000000000000000u}, /* 1e5 */
    {0xf424000000000000u, 0x0000000000000000u}, /* 1e6 */
    {0x9896800000000000u, 0x0000000000000000u}, /* 1e7 */
    {0xbebc200000000000u, 0x0000000000000000u}, /* 1e8 */
    {0xee6b280000000000u, 0x0000000000000000u}, /* 1e9 */
    {0x9502f90000000000u, 0x0000000000000000u}, /* 1e10 */
    {0xba43b74000000000u, 0x0000000000000000u}, /* 1e11 */
    {0xe8d4a51000000000u, 0x0000000000000000u}, /* 1e12 */
    {0x9184e72a00000000u, 0x0000000000000000u}, /* 1e13 */
    {0xb5e620f480000000u, 0x0000000000000000u}, /* 1e14 */
    {0xe35fa931a0000000u, 0x0000000000000000u}, /* 1e15 */
    {0x8e1bc9bf04000000u, 0x0000000000000000u}, /* 1e16 */
    {0xb1a2bc2ec5000000u, 0x0000000000000000u}, /* 1e17 */
    {0xde0b6b3a76400000u, 0x0000000000000000u}, /* 1e18 */
    {0x8ac7230489e80000u, 0x0000000000000000u}, /* 1e19 */
    {0xad78ebc5ac620000u, 0x0000000000000000u}, /* 1e20 */
    {0xd8d726b7177a8000u, 0x0000000000000000u}, /* 1e21 */
    {0x878678326eac9000u, 0x0000000000000000u}, /* 1e22 */
    {0xa968163f0a57b400u, 0x0000000000000000u}, /* 1e23 */
    {0xd3c21bcecceda100u, 0x0000000000000000u}, /* 1e24 */
    {0x84595161401484a0u, 0x0000000000000000u}, /* 1e25 */
    {0xa56fa5b99019a5c8u, 0x0000000000000000u}, /* 1e26 */
    {0xcecb8f27f4200f3au, 0x0000000000000000u}, /* 1e27 */
    {0x813f3978f8940984u, 0x4000000000000000u}, /* 1e28 */
    {0xa18f07d736b90be5u, 0x5000000000000000u}, /* 1e29 */
    {0xc9f2c9cd04674edeu, 0xa400000000000000u}, /* 1e30 */
    {0xfc6f7c4045812296u, 0x4d00000000000000u}, /* 1e31 */
    {0x9dc5ada82b70b59du, 0xf020000000000000u}, /* 1e32 */
    {0xc5371912364ce305u, 0x6c28000000000000u}, /* 1e33 */
    {0xf684df56c3e01bc6u, 0xc732000000000000u}, /* 1e34 */
    {0x9a130b963a6c115cu, 0x3c7f400000000000u}, /* 1e35 */
    {0xc097ce7bc90715b3u, 0x4b9f100000000000u}, /* 1e36 */
    {0xf0bdc21abb48db20u, 0x1e86d40000000000u}, /* 1e37 */
    {0x96769950b50d88f4u, 0x1314448000000000u}, /* 1e38 */
    {0xbc143fa4e250eb31u, 0x17d955a000000000u}, /* 1e39 */
    {0xeb194f8e1ae525fdu, 0x5dcfab0800000000u}, /* 1e40 */
    {0x92efd1b8d0cf37beu, 0x5aa1cae500000000u}, /* 1e41 */
    {0xb7abc627050305adu, 0xf14a3d9e40000000u}, /* 1e42 */
    {0xe596b7b0c643c719u, 0x6d9ccd05d0000000u}, /* 1e43 */
    {0x8f7e32ce7bea5c6fu, 0xe4820023a2000000u}, /* 1e44 */
    {0xb35dbf821ae4f38bu, 0xdda2802c8a800000u}, /* 1e45 */
    {0xe0352f62a19e306eu, 0xd50b2037ad200000u}, /* 1e46 */
    {0x8c213d9da502de45u, 0x4526f422cc340000u}, /* 1e47 */
    {0xaf298d050e4395d6u, 0x9670b12b7f410000u}, /* 1e48 */
    {0xdaf3f04651d47b4cu, 0x3c0cdd765f114000u}, /* 1e49 */
    {0x88d8762bf324cd0fu, 0xa5880a69fb6ac800u}, /* 1e50 */
    {0xab0e93b6efee0053u, 0x8eea0d047a457a00u}, /* 1e51 */
    {0xd5d238a4abe98068u, 0x72a4904598d6d880u}, /* 1e52 */
    {0x85a36366eb71f041u, 0x47a6da2b7f864750u}, /* 1e53 */
    {0xa70c3c40a64e6c51u, 0x999090b65f67d924u}, /* 1e54 */
    {0xd0cf4b50cfe20765u, 0xfff4b4e3f741cf6du}, /* 1e55 */
    {0x82818f1281ed449fu, 0xbff8f10e7a8921a4u}, /* 1e56 */
    {0xa321f2d7226895c7u, 0xaff72d52192b6a0du}, /* 1e57 */
    {0xcbea6f8ceb02bb39u, 0x9bf4f8a69f764490u}, /* 1e58 */
    {0xfee50b7025c36a08u, 0x02f236d04753d5b4u}, /* 1e59 */
    {0x9f4f2726179a2245u, 0x01d762422c946590u}, /* 1e60 */
    {0xc722f0ef9d80aad6u, 0x424d3ad2b7b97ef5u}, /* 1e61 */
    {0xf8ebad2b84e0d58bu, 0xd2e0898765a7deb2u}, /* 1e62 */
    {0x9b934c3b330c8577u, 0x63cc55f49f88eb2fu}, /* 1e63 */
    {0xc2781f49ffcfa6d5u, 0x3cbf6b71c76b25fbu}, /* 1e64 */
    {0xf316271c7fc3908au, 0x8bef464e3945ef7au}, /* 1e65 */
    {0x97edd871cfda3a56u, 0x97758bf0e3cbb5acu}, /* 1e66 */
    {0xbde94e8e43d0c8ecu, 0x3d52eeed1cbea317u}, /* 1e67 */
    {0xed63a231d4c4fb27u, 0x4ca7aaa863ee4bddu}, /* 1e68 */
    {0x945e455f24fb1cf8u, 0x8fe8caa93e74ef6au}, /* 1e69 */
    {0xb975d6b6ee39e436u, 0xb3e2fd538e122b44u}, /* 1e70 */
    {0xe7d34c64a9c85d44u, 0x60dbbca87196b616u}, /* 1e71 */
    {0x90e40fbeea1d3a4au, 0xbc8955e946fe31cdu}, /* 1e72 */
    {0xb51d13aea4a488ddu, 0x6babab6398bdbe41u}, /* 1e73 */
    {0xe264589a4dcdab14u, 0xc696963c7eed2dd1u}, /* 1e74 */
    {0x8d7eb76070a08aecu, 0xfc1e1de5cf543ca2u}, /* 1e75 */
    {0xb0de65388cc8ada8u, 0x3b25a55f43294bcbu}, /* 1e76 */
    {0xdd15fe86affad912u, 0x49ef0eb713f39ebeu}, /* 1e77 */
    {0x8a2dbf142dfcc7abu, 0x6e3569326c784337u}, /* 1e78 */
    {0xacb92ed9397bf996u, 0x49c2c37f07965404u}, /* 1e79 */
    {0xd7e77a8f87daf7fbu, 0xdc33745ec97be906u}, /* 1e80 */
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

/* PaddleOCR formats its figures with '{:x<6f}', which pads a NaN to six
 * with x: "nanxxx", "-infxx". Returns n past that fill. */
static size_t x_fill(const char *s, const char *end, size_t n, bool neg)
{
    while (s + n < end && s[n] == 'x' && n + neg < 6)
        n++;
    return n;
}

/* NeMo's progress bar writes a NaN as "nan.0" ("reduced_train_loss=nan.0"). */
static size_t point_zero(const char *s, const char *end, size_t n)
{
    return s + n + 1 < end && s[n] == '.' && s[n + 1] == '0' && !(s + n + 2 < end && md_is_digit(s[n + 2])) ? n + 2
                                                                                                          : n;
}

/* C's "nan(n-char-sequence)", as printf and strtod write it: glibc's
 * "nan(0x8000000000000)", Microsoft's C runtime since 2015 "-nan(ind)" for
 * the NaN of 0/0 and "nan(snan)". */
size_t md_num_nan_payload(const char *p, const char *end)
{
    if (p >= end || *p != '(')
        return 0;
    size_t k = 1;
    while (p + k < end && (md_is_digit(p[k]) || md_is_letter(p[k]) || p[k] == '_'))
        k++;
    return p + k < end && p[k] == ')' && k > 1 ? k + 1 : 0;
}

static size_t scan_special(const char *s, const char *end, bool neg, double *out)
{
    if (ci_prefix(s, end, "nan")) {
        *out = neg ? -NAN : NAN; /* strtod keeps the sign of a NaN too */
        size_t payload = md_num_nan_payload(s + 3, end);
        return payload ? 3 + payload : point_zero(s, end, x_fill(s, end, 3, neg));
    }
    if (ci_prefix(s, end, "infinity")) {
        *out = neg ? -INFINITY : INFINITY;
        return 8;
    }
    if (ci_prefix(s, end, "inf")) {
        *out = neg ? -INFINITY : INFINITY;
        return x_fill(s, end, 3, neg);
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

/* The high and low words of a * b. */
static void mul_128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    u128 r = (u128)a * b;
    *hi = (uint64_t)(r >> 64);
    *lo = (uint64_t)r;
#else
    uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32, b_lo = b & 0xffffffffu, b_hi = b >> 32;
    uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    *lo = (mid << 32) | (ll & 0xffffffffu);
#endif
}

static int leading_zeros(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_clzll(v);
#else
    int n = 0;
    for (uint64_t bit = UINT64_C(1) << 63; !(v & bit); bit >>= 1)
        n++;
    return n;
#endif
}

/* floor(q * log2(10)) for |q| < 350, without shifting a negative number. */
static int floor_log2_pow10(int q)
{
    return q >= 0 ? (int)((217706L * q) >> 16) : -(int)((217706L * -q + 65535) >> 16);
}

/* The double nearest to man * 10^e10 (man below 10^19), by the Eisel-Lemire
 * algorithm as in Go's strconv: one 64x128-bit product with a truncated power
 * of ten is enough unless the result sits too close to a halfway point, a
 * subnormal or an overflow, and then this returns false and strtod decides. */
static bool eisel_lemire(uint64_t man, int e10, bool neg, double *out)
{
    if (man == 0) {
        *out = neg ? -0.0 : 0.0;
        return true;
    }
    if (e10 < POW10_MIN || e10 > POW10_MAX)
        return false;
    const uint64_t *pw = pow10_128[e10 - POW10_MIN];
    int clz = leading_zeros(man);
    man <<= clz;
    int64_t exp2 = (int64_t)floor_log2_pow10(e10) + 64 + 1023 - clz;
    uint64_t x_hi, x_lo;
    mul_128(man, pw[0], &x_hi, &x_lo);
    if ((x_hi & 0x1ff) == 0x1ff && x_lo + man < man) {
        uint64_t y_hi, y_lo;
        mul_128(man, pw[1], &y_hi, &y_lo);
        uint64_t m_hi = x_hi, m_lo = x_lo + y_hi;
        if (m_lo < x_lo)
            m_hi++;
        if ((m_hi & 0x1ff) == 0x1ff && m_lo + 1 == 0 && y_lo + man < man)
            return false;
        x_hi = m_hi;
        x_lo = m_lo;
    }
    uint64_t msb = x_hi >> 63;
    uint64_t mant = x_hi >> (msb + 9);
    exp2 -= (int64_t)(1 ^ msb);
    if (x_lo == 0 && (x_hi & 0x1ff) == 0 && (mant & 3) == 1)
        return false;
    mant += mant & 1;
    mant >>= 1;
    if (mant >> 53) {
        mant >>= 1;
        exp2++;
    }
    if (exp2 <= 0 || exp2 >= 0x7ff)
        return false;
    uint64_t bits = (uint64_t)exp2 << 52 | (mant & ((UINT64_C(1) << 52) - 1)) | (neg ? UINT64_C(1) << 63 : 0);
    memcpy(out, &bits, sizeof *out);
    return true;
}

/* Reads a run of digits into *mant (mant * 10 + digit for each, wrapping
 * past 19 digits: the caller counts them). */
static inline const char *read_digits(const char *p, const char *end, uint64_t *mant)
{
    uint64_t m = *mant;
#if MD_SWAR
    while (end - p >= 8) {
        uint64_t w = md_load64(p);
        if (md_swar_non_digits(w))
            break;
        m = m * 100000000 + md_swar_eight_digits(w);
        p += 8;
    }
#endif
    for (; p < end; p++) {
        unsigned d = (unsigned)(unsigned char)*p - '0';
        if (d > 9)
            break;
        m = m * 10 + d;
    }
    *mant = m;
    return p;
}

/* Digits of [a, b) then [c, d) without the leading zeros. */
static size_t significant_digits(const char *a, const char *b, const char *c, const char *d)
{
    while (a < b && *a == '0')
        a++;
    if (a < b)
        return (size_t)(b - a) + (size_t)(d - c);
    while (c < d && *c == '0')
        c++;
    return (size_t)(d - c);
}

size_t md_num_scan(const char *s, const char *end, double *out)
{
    md_num_form form;
    return md_num_scan_form(s, end, out, &form);
}

/* Microsoft's C runtime before 2015 printed NaN and Inf as "1.#QNAN0",
 * "1.#IND00", "1.#INF00" (CNTK's "TrainLossPerSample = 1.#QNAN000", Caffe
 * built with Visual Studio). Returns the length from "1.#", or 0. */
static size_t msvc_special(const char *p, const char *end, bool neg, double *out)
{
    static const struct {
        const char *word;
        bool inf;
    } words[] = {{"1.#QNAN", false}, {"1.#SNAN", false}, {"1.#IND", false}, {"1.#INF", true}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if ((size_t)(end - p) >= n && memcmp(p, words[i].word, n) == 0) {
            while (p + n < end && md_is_digit(p[n]))
                n++;
            *out = words[i].inf ? (neg ? -INFINITY : INFINITY) : NAN;
            return n;
        }
    }
    return 0;
}

size_t md_num_scan_form(const char *s, const char *end, double *out, md_num_form *form)
{
    const char *p = s;
    bool neg = false;
    *form = (md_num_form){0, false, 0};
    if (p < end && (*p == '-' || *p == '+'))
        neg = *p++ == '-';
    if (p < end && !md_is_digit(*p) && *p != '.') {
        size_t n = scan_special(p, end, neg, out);
        return n ? (size_t)(p - s) + n : 0;
    }
    if (end - p > 3 && p[0] == '1' && p[2] == '#') {
        size_t n = msvc_special(p, end, neg, out);
        if (n)
            return (size_t)(p - s) + n;
    }

    uint64_t mant = 0;
    const char *int_start = p, *int_end = read_digits(p, end, &mant);
    const char *frac_start = int_end, *frac_end = int_end;
    p = int_end;
    if (p < end && *p == '.') {
        frac_start = p + 1;
        frac_end = read_digits(frac_start, end, &mant);
        p = frac_end;
        form->point = true;
        form->decimals = (unsigned)(frac_end - frac_start);
    }
    size_t ndigits = (size_t)(int_end - int_start) + (size_t)(frac_end - frac_start);
    if (ndigits == 0)
        return 0;

    int exp = 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        bool eneg = false;
        if (q < end && (*q == '-' || *q == '+'))
            eneg = *q++ == '-';
        if (q < end && md_is_digit(*q)) {
            for (; q < end && md_is_digit(*q); q++)
                if (exp < 100000)
                    exp = exp * 10 + (*q - '0');
            exp = eneg ? -exp : exp;
            form->exp = *p;
            p = q;
        }
    }

    size_t len = (size_t)(p - s);
    /* Up to 19 significant digits fit a 64-bit mantissa exactly (leading
     * zeros add nothing, so mant is exact then); longer numbers are strtod's. */
    if (ndigits > 19 && significant_digits(int_start, int_end, frac_start, frac_end) > 19)
        return slow_path(s, len, out);
    int e10 = exp - (int)(frac_end - frac_start);
    if (mant <= (UINT64_C(1) << 53) && e10 >= -22 && e10 <= 22) {
        double v = (double)mant;
        v = e10 < 0 ? v / exact_pow10[-e10] : v * exact_pow10[e10];
        *out = neg ? -v : v;
        return len;
    }
    if (eisel_lemire(mant, e10, neg, out))
        return len;
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

bool md_comma_number(const char *p, size_t n)
{
    size_t i = n && (p[0] == '-' || p[0] == '+'), digits = 0, comma = 0;
    for (; i < n && (md_is_digit(p[i]) || (p[i] == ',' && !comma && digits)); i++) {
        comma += p[i] == ',';
        digits += md_is_digit(p[i]);
    }
    if (!comma || !md_is_digit(p[i - 1]))
        return false;
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i += 1 + (i + 1 < n && (p[i + 1] == '-' || p[i + 1] == '+'));
        size_t exp = i;
        while (i < n && md_is_digit(p[i]))
            i++;
        if (i == exp)
            return false;
    }
    return i == n;
}
