#include "reader/protobuf.h"

uint64_t md_pb_varint(md_pb *b)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (b->p >= b->end) {
            b->bad = true;
            return 0;
        }
        unsigned char c = *b->p++;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80))
            return v;
    }
    b->bad = true;
    return 0;
}

uint64_t md_pb_fixed(md_pb *b, int bytes)
{
    if (b->end - b->p < bytes) {
        b->bad = true;
        b->p = b->end;
        return 0;
    }
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | b->p[i];
    b->p += bytes;
    return v;
}

md_pb md_pb_sub(md_pb *b)
{
    uint64_t len = md_pb_varint(b);
    md_pb sub = {b->p, b->p, true};
    if (b->bad || len > (uint64_t)(b->end - b->p)) {
        b->bad = true;
        b->p = b->end;
        return sub;
    }
    sub = (md_pb){b->p, b->p + len, false};
    b->p += len;
    return sub;
}

void md_pb_skip(md_pb *b, unsigned wire)
{
    switch (wire) {
    case MD_PB_VARINT:
        md_pb_varint(b);
        break;
    case MD_PB_I64:
        md_pb_fixed(b, 8);
        break;
    case MD_PB_LEN:
        md_pb_sub(b);
        break;
    case MD_PB_I32:
        md_pb_fixed(b, 4);
        break;
    default:
        b->bad = true;
        b->p = b->end;
    }
}

bool md_pb_field(md_pb *b, unsigned *field, unsigned *wire)
{
    if (b->p >= b->end || b->bad)
        return false;
    uint64_t key = md_pb_varint(b);
    *field = (unsigned)(key >> 3);
    *wire = (unsigned)(key & 7);
    return !b->bad;
}
