#include <string.h>

#include "mldiag/base.h"

typedef struct unit_name {
    const char *text;
    md_unit unit;
} unit_name;

/* Longest spellings first, so that "ms" is not read as "m" + "s". */
static const unit_name names[] = {
    {"examples/s", MD_UNIT_IT_PER_S},
    {"samples/s", MD_UNIT_IT_PER_S},
    {"it/s", MD_UNIT_IT_PER_S},
    {"s/it", MD_UNIT_S_PER_IT},
    {"GiB", MD_UNIT_GIB},
    {"MiB", MD_UNIT_MIB},
    {"KiB", MD_UNIT_KIB},
    {"TiB", MD_UNIT_TIB},
    {"GB", MD_UNIT_GB},
    {"MB", MD_UNIT_MB},
    {"KB", MD_UNIT_KB},
    {"kB", MD_UNIT_KB},
    {"TB", MD_UNIT_TB},
    {"min", MD_UNIT_MIN},
    {"ms", MD_UNIT_MS},
    {"us", MD_UNIT_US},
    {"\xc2\xb5s", MD_UNIT_US},
    {"ns", MD_UNIT_NS},
    {"secs", MD_UNIT_S},
    {"sec", MD_UNIT_S},
    {"s", MD_UNIT_S},
    {"h", MD_UNIT_H},
    {"bytes", MD_UNIT_B},
    {"B", MD_UNIT_B},
    {"%", MD_UNIT_PERCENT},
    {"K", MD_UNIT_KILO},
    {"k", MD_UNIT_KILO},
    {"M", MD_UNIT_MEGA},
    {"G", MD_UNIT_GIGA},
    {"T", MD_UNIT_TERA},
};

size_t md_unit_scan(const char *s, const char *end, md_unit *unit)
{
    for (size_t i = 0; i < MD_COUNT(names); i++) {
        size_t n = strlen(names[i].text);
        if ((size_t)(end - s) >= n && memcmp(s, names[i].text, n) == 0) {
            *unit = names[i].unit;
            return n;
        }
    }
    return 0;
}

md_dim md_unit_dim(md_unit unit)
{
    switch (unit) {
    case MD_UNIT_NONE:
        return MD_DIM_NONE;
    case MD_UNIT_PERCENT:
        return MD_DIM_PERCENT;
    case MD_UNIT_NS:
    case MD_UNIT_US:
    case MD_UNIT_MS:
    case MD_UNIT_S:
    case MD_UNIT_MIN:
    case MD_UNIT_H:
    case MD_UNIT_S_PER_IT:
        return MD_DIM_TIME;
    case MD_UNIT_B:
    case MD_UNIT_KB:
    case MD_UNIT_MB:
    case MD_UNIT_GB:
    case MD_UNIT_TB:
    case MD_UNIT_KIB:
    case MD_UNIT_MIB:
    case MD_UNIT_GIB:
    case MD_UNIT_TIB:
        return MD_DIM_BYTES;
    case MD_UNIT_IT_PER_S:
        return MD_DIM_RATE;
    case MD_UNIT_KILO:
    case MD_UNIT_MEGA:
    case MD_UNIT_GIGA:
    case MD_UNIT_TERA:
        return MD_DIM_SCALE;
    }
    return MD_DIM_NONE;
}

double md_unit_factor(md_unit unit)
{
    switch (unit) {
    case MD_UNIT_NS:
        return 1e-9;
    case MD_UNIT_US:
        return 1e-6;
    case MD_UNIT_MS:
        return 1e-3;
    case MD_UNIT_MIN:
        return 60;
    case MD_UNIT_H:
        return 3600;
    case MD_UNIT_KB:
    case MD_UNIT_KILO:
        return 1e3;
    case MD_UNIT_MB:
    case MD_UNIT_MEGA:
        return 1e6;
    case MD_UNIT_GB:
    case MD_UNIT_GIGA:
        return 1e9;
    case MD_UNIT_TB:
    case MD_UNIT_TERA:
        return 1e12;
    case MD_UNIT_KIB:
        return 1024.0;
    case MD_UNIT_MIB:
        return 1024.0 * 1024;
    case MD_UNIT_GIB:
        return 1024.0 * 1024 * 1024;
    case MD_UNIT_TIB:
        return 1024.0 * 1024 * 1024 * 1024;
    default:
        return 1;
    }
}
