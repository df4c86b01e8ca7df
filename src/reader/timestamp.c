/* Wall-clock timestamps at the start of log lines, for finding silences
 * (a hung job keeps its last line for hours). */
#include <math.h>
#include <string.h>

#include "reader/reader_int.h"

#define STAMP_WINDOW 48

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

/* "HH:MM:SS" with an optional ".123" or ",123" fraction. */
static double clock_at(const char *p, const char *end)
{
    int h = digits(p, end, 2), m = digits(p + 3, end, 2), s = digits(p + 6, end, 2);
    if (h < 0 || m < 0 || s < 0 || p[2] != ':' || p[5] != ':' || h > 23 || m > 59 || s > 60)
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
static double iso_at(const char *p, const char *end)
{
    if (end - p < 19)
        return NAN;
    int y = digits(p, end, 4), mo = digits(p + 5, end, 2), d = digits(p + 8, end, 2);
    if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31)
        return NAN;
    if (!((p[4] == '-' && p[7] == '-') || (p[4] == '/' && p[7] == '/')))
        return NAN;
    if (p[10] != ' ' && p[10] != 'T' && p[10] != '_')
        return NAN;
    double t = clock_at(p + 11, end);
    if (isnan(t))
        return NAN;
    return (double)days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400.0 + t;
}

/* glog: "I0321 02:07:08.408271" (no year: only gaps matter). */
static double glog_at(const char *p, const char *end)
{
    if (end - p < 14 || !strchr("IWEF", *p))
        return NAN;
    int mo = digits(p + 1, end, 2), d = digits(p + 3, end, 2);
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || p[5] != ' ')
        return NAN;
    double t = clock_at(p + 6, end);
    if (isnan(t))
        return NAN;
    return (double)days_from_civil(2000, (unsigned)mo, (unsigned)d) * 86400.0 + t;
}

double md_timestamp_scan(const char *line, size_t n, md_stamp_kind *kind)
{
    *kind = MD_STAMP_NONE;
    const char *end = line + n;
    const char *limit = line + (n < STAMP_WINDOW ? n : STAMP_WINDOW);
    for (const char *p = line; p < limit; p++) {
        if (*p >= '1' && *p <= '2' && (p == line || p[-1] < '0' || p[-1] > '9')) {
            double t = iso_at(p, end);
            if (!isnan(t)) {
                *kind = MD_STAMP_ISO;
                return t;
            }
        }
        if ((*p == 'I' || *p == 'W' || *p == 'E' || *p == 'F') && (p == line || p[-1] == '[' || p[-1] == ' ')) {
            double t = glog_at(p, end);
            if (!isnan(t)) {
                *kind = MD_STAMP_GLOG;
                return t;
            }
        }
    }
    return NAN;
}
