/* Wall-clock timestamps at the start of log lines, for finding silences
 * (a hung job keeps its last line for hours). */
#include <math.h>
#include <string.h>

#include "core/swar.h"
#include "reader/reader_int.h"

#define STAMP_WINDOW 48
/* A stamp starting in the window has its clock's second colon in the first
 * STAMP_WINDOW + ISO_CLOCK + 5 <= 64 bytes, which colon_mask covers. */

static int digits(const char *p, const char *end, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (p + i >= end || p[i] < '0' || p[i] > '9')
            return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

/* Days since 1970-01-01 of a civil date (H. Hinnant's algorithm). */
static long days_from_civil(long y, unsigned m, unsigned d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long)doe - 719468;
}

/* The parsers below check the digits' values unless any is set: then they
 * only check where digits and separators stand, which tells whether a
 * line of that layout could hold a stamp for some digits (and return 0). */

/* "HH:MM:SS" with an optional ".123" or ",123" fraction. */
static double clock_at(const char *p, const char *end, bool any)
{
    int h = digits(p, end, 2), m = digits(p + 3, end, 2), s = digits(p + 6, end, 2);
    if (h < 0 || m < 0 || s < 0 || p[2] != ':' || p[5] != ':')
        return NAN;
    if (any)
        return 0;
    if (h > 23 || m > 59 || s > 60)
        return NAN;
    double t = h * 3600.0 + m * 60.0 + s;
    const char *q = p + 8;
    if (q < end && (*q == '.' || *q == ',')) {
        double scale = 0.1;
        for (q++; q < end && *q >= '0' && *q <= '9' && scale > 1e-10; q++, scale /= 10)
            t += (*q - '0') * scale;
    }
    return t;
}

/* "YYYY-MM-DD[ T_]HH:MM:SS" or "YYYY/MM/DD HH:MM:SS". */
static double iso_at(const char *p, const char *end, bool any)
{
    if (end - p < 19)
        return NAN;
    int y = digits(p, end, 4), mo = digits(p + 5, end, 2), d = digits(p + 8, end, 2);
    if (any ? y < 0 || mo < 0 || d < 0 : y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31)
        return NAN;
    if (!((p[4] == '-' && p[7] == '-') || (p[4] == '/' && p[7] == '/')))
        return NAN;
    if (p[10] != ' ' && p[10] != 'T' && p[10] != '_')
        return NAN;
    double t = clock_at(p + 11, end, any);
    if (isnan(t) || any)
        return t;
    return (double)days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400.0 + t;
}

/* glog: "I0321 02:07:08.408271" (no year: only gaps matter). */
static double glog_at(const char *p, const char *end, bool any)
{
    if (end - p < 14 || !strchr("IWEF", *p))
        return NAN;
    int mo = digits(p + 1, end, 2), d = digits(p + 3, end, 2);
    if ((any ? mo < 0 || d < 0 : mo < 1 || mo > 12 || d < 1 || d > 31) || p[5] != ' ')
        return NAN;
    double t = clock_at(p + 6, end, any);
    if (isnan(t) || any)
        return t;
    return (double)days_from_civil(2000, (unsigned)mo, (unsigned)d) * 86400.0 + t;
}

/* Both forms hold a clock "HH:MM:SS" at a fixed distance from their start
 * (ISO: 11 bytes, glog: 6), so only the positions that many bytes before a
 * pair of colons three bytes apart can start a stamp; most lines have none,
 * and the rest have one or two. Candidates are tried in order along the
 * line, ISO first at a position, as a scan of every position would. */
#define ISO_CLOCK 11
#define GLOG_CLOCK 6

static bool iso_start(const char *line, const char *p, bool any)
{
    return *p >= (any ? '0' : '1') && *p <= (any ? '9' : '2') && (p == line || p[-1] < '0' || p[-1] > '9');
}

static bool glog_start(const char *line, const char *p)
{
    return (*p == 'I' || *p == 'W' || *p == 'E' || *p == 'F') && (p == line || p[-1] == '[' || p[-1] == ' ');
}

/* Bit i set where head[i] is a colon, over the first 64 bytes. */
static uint64_t colon_mask(const char *line, size_t n)
{
    unsigned char copy[64];
    const unsigned char *head = (const unsigned char *)line;
    if (n < sizeof copy) {
        memset(copy, 0, sizeof copy);
        memcpy(copy, line, n);
        head = copy;
    }
    uint64_t mask = 0;
#if MD_SWAR
    /* Eight bytes at a time: the high bits of the bytes equal to ':' are
     * gathered into one byte. */
    for (size_t i = 0; i < sizeof copy; i += 8) {
        uint64_t z = md_swar_equal(md_load64(head + i), ':');
        mask |= ((z >> 7) * UINT64_C(0x0102040810204080) >> 56) << i;
    }
#else
    for (size_t i = 0; i < sizeof copy; i++)
        mask |= (uint64_t)(head[i] == ':') << i;
#endif
    return mask;
}

static double scan(const char *line, size_t n, md_stamp_kind *kind, bool any)
{
    *kind = MD_STAMP_NONE;
    const char *end = line + n;
    size_t window = n < STAMP_WINDOW ? n : STAMP_WINDOW;
    uint64_t colons = colon_mask(line, n);
    uint64_t pairs = colons & colons >> 3; /* bit k: colons at k and k + 3 */
    uint64_t in_window = window == 64 ? ~UINT64_C(0) : (UINT64_C(1) << window) - 1;
    uint64_t iso = pairs >> (ISO_CLOCK + 2) & in_window; /* bit i: a stamp may start at line + i */
    uint64_t glog = pairs >> (GLOG_CLOCK + 2) & in_window;
    for (uint64_t cand = iso | glog; cand; cand &= cand - 1) {
        unsigned i = md_lowest_bit(cand);
        const char *p = line + i;
        double t;
        if ((iso >> i & 1) && iso_start(line, p, any) && !isnan(t = iso_at(p, end, any))) {
            *kind = MD_STAMP_ISO;
            return t;
        }
        if ((glog >> i & 1) && glog_start(line, p) && !isnan(t = glog_at(p, end, any))) {
            *kind = MD_STAMP_GLOG;
            return t;
        }
    }
    return NAN;
}

double md_timestamp_scan(const char *line, size_t n, md_stamp_kind *kind)
{
    return scan(line, n, kind, false);
}

bool md_timestamp_possible(const char *line, size_t n)
{
    md_stamp_kind kind;
    return !isnan(scan(line, n, &kind, true));
}

/* A stamp that opens the line, ISO 8601's as CI runners and `docker logs
 * -t` put before every line ("2023-08-02T15:00:42.3244865Z "), with its
 * fraction, zone and the blank after it, bracketed or not. Returns its
 * length, or 0 for a line that opens with none. */
size_t md_timestamp_prefix(const char *line, size_t n)
{
    const char *p = line, *end = line + n;
    bool bracket = p < end && *p == '[';
    p += bracket;
    if (end - p < 20 || !md_is_digit(*p) || isnan(iso_at(p, end, false)))
        return 0;
    p += 19;
    if (p < end && (*p == '.' || *p == ',')) {
        p++;
        while (p < end && md_is_digit(*p))
            p++;
    }
    if (p < end && *p == 'Z') {
        p++;
    } else if (p < end && (*p == '+' || *p == '-')) {
        const char *zone = ++p;
        while (p < end && (md_is_digit(*p) || *p == ':'))
            p++;
        if (p == zone)
            return 0;
    }
    if (bracket && (p >= end || *p++ != ']'))
        return 0;
    if (p >= end || (*p != ' ' && *p != '\t'))
        return 0;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return (size_t)(p - line);
}
