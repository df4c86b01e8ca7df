#include "core/crc32c.h"

static uint32_t table[256];
static int table_ready;

static void make_table(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ 0x82f63b78u : c >> 1;
        table[i] = c;
    }
    table_ready = 1;
}

uint32_t md_crc32c(const void *data, size_t n)
{
    if (!table_ready)
        make_table();
    const unsigned char *p = data;
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++)
        c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

uint32_t md_crc32c_masked(const void *data, size_t n)
{
    uint32_t c = md_crc32c(data, n);
    return ((c >> 15) | (c << 17)) + 0xa282ead8u;
}
