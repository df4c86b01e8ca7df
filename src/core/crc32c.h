/* CRC-32C (Castagnoli), as TFRecord framing uses it. */
#ifndef MLDIAG_CORE_CRC32C_H
#define MLDIAG_CORE_CRC32C_H

#include <stddef.h>
#include <stdint.h>

uint32_t md_crc32c(const void *data, size_t n);
/* TFRecord's masked form: ((crc >> 15) | (crc << 17)) + 0xa282ead8. */
uint32_t md_crc32c_masked(const void *data, size_t n);

#endif
