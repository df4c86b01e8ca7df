/* Private to src/reader: the protobuf wire format, as far as the binary
 * readers (TensorBoard's events, W&B's run file) need it. A reader never
 * runs past its end; a malformed field sets bad and ends the message. */
#ifndef MLDIAG_READER_PROTOBUF_H
#define MLDIAG_READER_PROTOBUF_H

#include <stdbool.h>
#include <stdint.h>

enum { MD_PB_VARINT = 0, MD_PB_I64 = 1, MD_PB_LEN = 2, MD_PB_I32 = 5 };

typedef struct md_pb {
    const unsigned char *p, *end;
    bool bad;
} md_pb;

uint64_t md_pb_varint(md_pb *b);
/* A little-endian fixed-width field of 2, 4 or 8 bytes. */
uint64_t md_pb_fixed(md_pb *b, int bytes);
/* A length-delimited field's bytes, as a message of their own. */
md_pb md_pb_sub(md_pb *b);
void md_pb_skip(md_pb *b, unsigned wire);
/* The next field's number and wire type; false at the end or when bad. */
bool md_pb_field(md_pb *b, unsigned *field, unsigned *wire);

#endif
