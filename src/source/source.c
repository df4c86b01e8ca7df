#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "mldiag/source.h"

#define RAW_BLOCK (1u << 18)
/* UTF-16 is decoded a block at a time; two bytes of it become at most three
 * of UTF-8 (a surrogate pair's four become four). */
#define WIDE_BLOCK MD_SOURCE_PEEK
#define UTF8_BLOCK (WIDE_BLOCK / 2 * 3)

struct md_source {
    char *path;
    int fd; /* -1 for a memory source */
    const unsigned char *mem;
    size_t mem_len, mem_pos;
    bool own_fd;
    bool gzip, gz_done, cut_short, read_error;
    bool gz_no_magic; /* a gzip member ended whole, and the bytes after it are no member's start */
    bool trailing;       /* bytes after the last whole member are no member */
    z_stream zs;
    unsigned char *raw; /* compressed input block */
    bool raw_eof;
    iconv_t utf16; /* (iconv_t)-1 unless the stream is UTF-16 */
    char *wide; /* UTF-16 bytes not yet decoded */
    size_t wide_len;
    bool wide_eof;
    char *utf8; /* decoded bytes not yet handed out */
    size_t utf8_len, utf8_pos;
    char *peek; /* bytes read ahead for sniffing, handed out first */
    size_t peek_len, peek_pos;
    uint64_t bytes;
    int64_t mtime_ns; /* 0 when unknown (stdin, memory) */
};

static long read_fd(md_source *src, void *dst, size_t n)
{
    if (src->fd < 0) {
        size_t left = src->mem_len - src->mem_pos;
        size_t take = left < n ? left : n;
        if (take)
            memcpy(dst, src->mem + src->mem_pos, take);
        src->mem_pos += take;
        return (long)take;
    }
    for (;;) {
        ssize_t r = read(src->fd, dst, n);
        if (r >= 0)
            return (long)r;
        if (errno != EINTR)
            return -1;
    }
}

static bool refill(md_source *src)
{
    long r = read_fd(src, src->raw, RAW_BLOCK);
    if (r < 0)
        return false;
    if (r == 0)
        src->raw_eof = true;
    src->zs.next_in = src->raw;
    src->zs.avail_in = (uInt)r;
    return true;
}

/* Zero bytes after a member, up to the end of the input, are padding (a
 * tape block, a preallocated file), which gzip -t accepts; followed by
 * anything else they are trailing garbage after a whole stream.
 * Returns false on a read error. */
static bool read_padding(md_source *src)
{
    for (;;) {
        while (src->zs.avail_in && src->zs.next_in[0] == 0) {
            src->zs.next_in++;
            src->zs.avail_in--;
        }
        if (src->zs.avail_in) {
            src->trailing = true;
            break;
        }
        if (src->raw_eof)
            break;
        if (!refill(src))
            return false;
    }
    src->gz_done = true;
    return true;
}

static long read_gzip(md_source *src, unsigned char *dst, size_t n)
{
    if (src->gz_done)
        return 0;
    src->zs.next_out = dst;
    src->zs.avail_out = (uInt)n;
    while (src->zs.avail_out == n && !src->gz_done) {
        if (src->zs.avail_in == 0 && !src->raw_eof && !refill(src))
            return -1;
        int rc = inflate(&src->zs, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            /* The end of one member: the input ends here, another member
             * follows (gzip -c a b > c reads as one stream), or padding. */
            if (src->zs.avail_in == 0 && !src->raw_eof && !refill(src))
                return -1;
            if (src->zs.avail_in == 0) {
                src->gz_done = true;
            } else if (src->zs.next_in[0] != 0) {
                /* Another member starts with gzip's magic: one that breaks
                 * is cut short; bytes without it are no member. */
                src->gz_no_magic = !(src->zs.avail_in >= 2 && src->zs.next_in[0] == 0x1f && src->zs.next_in[1] == 0x8b);
                inflateReset(&src->zs);
            } else if (!read_padding(src)) {
                return -1;
            }
        } else if (rc != Z_OK && !(rc == Z_BUF_ERROR && !(src->raw_eof && src->zs.avail_in == 0))) {
            /* A stream that ends without its trailer, or corrupt data; or,
             * where a member ended whole and what follows has no gzip magic
             * and gave nothing, bytes appended after it. */
            if (src->gz_no_magic && src->zs.total_out == 0)
                src->trailing = true;
            else
                src->cut_short = true;
            src->gz_done = true;
        }
    }
    return (long)(n - src->zs.avail_out);
}

static long read_encoded(md_source *src, void *dst, size_t n)
{
    if (src->gzip)
        return read_gzip(src, dst, n);
    return read_fd(src, dst, n);
}

/* Decodes the next block of UTF-16 into src->utf8. Returns its length, 0 at
 * the end (an odd byte left over is dropped) or -1 on a read error. An
 * unpaired surrogate becomes U+FFFD, as invalid UTF-8 is read elsewhere. */
static long decode_utf16(md_source *src)
{
    for (;;) {
        if (!src->wide_eof && src->wide_len < WIDE_BLOCK) {
            long r = read_encoded(src, src->wide + src->wide_len, WIDE_BLOCK - src->wide_len);
            if (r < 0)
                return -1;
            if (r == 0)
                src->wide_eof = true;
            src->wide_len += (size_t)r;
        }
        char *in = src->wide, *out = src->utf8;
        size_t in_left = src->wide_len, out_left = UTF8_BLOCK;
        while (in_left >= 2 && iconv(src->utf16, &in, &in_left, &out, &out_left) == (size_t)-1) {
            /* Stop at an odd last byte or where the rest of a surrogate
             * pair is still to come; replace what can never be decoded. */
            if (in_left < 2 || (errno != EILSEQ && !(errno == EINVAL && src->wide_eof)))
                break;
            iconv(src->utf16, NULL, NULL, NULL, NULL);
            memcpy(out, "\xef\xbf\xbd", 3);
            out += 3;
            out_left -= 3;
            in += 2;
            in_left -= 2;
        }
        memmove(src->wide, in, in_left);
        src->wide_len = in_left;
        src->utf8_len = (size_t)(out - src->utf8);
        src->utf8_pos = 0;
        if (src->utf8_len || src->wide_eof)
            return (long)src->utf8_len;
    }
}

static long read_raw(md_source *src, void *dst, size_t n)
{
    if (src->utf16 == (iconv_t)-1)
        return read_encoded(src, dst, n);
    if (src->utf8_pos == src->utf8_len) {
        long r = decode_utf16(src);
        if (r <= 0)
            return r;
    }
    size_t avail = src->utf8_len - src->utf8_pos;
    size_t take = avail < n ? avail : n;
    memcpy(dst, src->utf8 + src->utf8_pos, take);
    src->utf8_pos += take;
    return (long)take;
}

static bool start_gzip(md_source *src, const unsigned char *head, size_t n)
{
    src->raw = md_xmalloc(RAW_BLOCK);
    memcpy(src->raw, head, n);
    memset(&src->zs, 0, sizeof src->zs);
    if (inflateInit2(&src->zs, 16 + MAX_WBITS) != Z_OK)
        return false;
    src->zs.next_in = src->raw;
    src->zs.avail_in = (uInt)n;
    src->gzip = true;
    return true;
}

/* A UTF-16 byte order mark (PowerShell's `>` and Out-File write UTF-16LE)
 * switches the stream to decoding: the bytes peeked so far are its first
 * UTF-16 input. Returns false if the C library cannot decode UTF-16. */
static bool start_utf16(md_source *src)
{
    md_str head = md_source_peek(src);
    bool le = head.n >= 2 && memcmp(head.p, "\xff\xfe", 2) == 0;
    bool be = head.n >= 2 && memcmp(head.p, "\xfe\xff", 2) == 0;
    if (!le && !be)
        return true;
    src->utf16 = iconv_open("UTF-8", le ? "UTF-16LE" : "UTF-16BE");
    if (src->utf16 == (iconv_t)-1)
        return false;
    src->wide = md_xmalloc(WIDE_BLOCK);
    src->utf8 = md_xmalloc(UTF8_BLOCK);
    src->wide_len = head.n - 2;
    memcpy(src->wide, head.p + 2, src->wide_len);
    src->peek_len = src->peek_pos = 0;
    return true;
}

/* A UTF-8 byte order mark (Windows editors, Excel's CSV export) is not
 * part of the first key. */
static void skip_bom(md_source *src)
{
    md_str head = md_source_peek(src);
    if (head.n >= 3 && memcmp(head.p, "\xef\xbb\xbf", 3) == 0)
        src->peek_pos += 3;
}

static bool start(md_source *src, md_err *err, int *sys_errno);

md_source *md_source_open(const char *path, md_err *err, int *sys_errno)
{
    *sys_errno = 0;
    int fd = 0;
    int64_t mtime_ns = 0;
    bool stdin_src = strcmp(path, "-") == 0;
    if (!stdin_src) {
        fd = open(path, O_RDONLY);
        if (fd < 0) {
            *sys_errno = errno;
            *err = MD_ERR_IO;
            return NULL;
        }
    }
    struct stat st;
    bool stat_ok = fstat(fd, &st) == 0;
    if (!stdin_src && stat_ok && S_ISDIR(st.st_mode)) {
        close(fd);
        *sys_errno = EISDIR;
        *err = MD_ERR_IO;
        return NULL;
    }
    if (!stdin_src && stat_ok && S_ISREG(st.st_mode))
        mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    /* A device other than a terminal (/dev/zero, /dev/urandom) has no end.
     * As standard input, one that ends at once (/dev/null) is an empty
     * input (start). */
    bool device = stat_ok && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) && !isatty(fd);
    if (device && !stdin_src) {
        close(fd);
        *err = MD_ERR_FORMAT;
        return NULL;
    }
    md_source *src = md_xcalloc(1, sizeof *src);
    src->mtime_ns = mtime_ns;
    src->utf16 = (iconv_t)-1;
    src->path = md_xstrdup(stdin_src ? "<stdin>" : path);
    src->fd = fd;
    src->own_fd = !stdin_src;
    if (!start(src, err, sys_errno))
        return NULL;
    if (device && (src->peek_len > 0 || src->gzip)) {
        md_source_close(src);
        *err = MD_ERR_FORMAT;
        return NULL;
    }
    return src;
}

md_source *md_source_memory(const void *data, size_t n, const char *name)
{
    md_source *src = md_xcalloc(1, sizeof *src);
    src->utf16 = (iconv_t)-1;
    src->path = md_xstrdup(name);
    src->fd = -1;
    src->mem = data;
    src->mem_len = n;
    md_err err;
    int sys;
    return start(src, &err, &sys) ? src : NULL;
}

/* Reads the first bytes to look for the gzip magic and to serve peeks.
 * Frees src and returns false on failure. */
static bool start(md_source *src, md_err *err, int *sys_errno)
{
    unsigned char head[2];
    long got = 0;
    while (got < 2) {
        long r = read_fd(src, head + got, (size_t)(2 - got));
        if (r < 0) {
            *sys_errno = errno;
            *err = MD_ERR_IO;
            md_source_close(src);
            return false;
        }
        if (r == 0)
            break;
        got += r;
    }
    if (got == 2 && head[0] == 0x1f && head[1] == 0x8b) {
        if (!start_gzip(src, head, 2)) {
            *err = MD_ERR_INTERNAL;
            md_source_close(src);
            return false;
        }
    } else if (got > 0) {
        src->peek = md_xmalloc(MD_SOURCE_PEEK);
        memcpy(src->peek, head, (size_t)got);
        src->peek_len = (size_t)got;
    }
    if (!start_utf16(src)) {
        *err = MD_ERR_INTERNAL;
        md_source_close(src);
        return false;
    }
    skip_bom(src);
    *err = MD_OK;
    return true;
}

void md_source_close(md_source *src)
{
    if (!src)
        return;
    if (src->gzip)
        inflateEnd(&src->zs);
    if (src->utf16 != (iconv_t)-1)
        iconv_close(src->utf16);
    if (src->own_fd && src->fd >= 0)
        close(src->fd);
    free(src->raw);
    free(src->wide);
    free(src->utf8);
    free(src->peek);
    free(src->path);
    free(src);
}

md_str md_source_peek(md_source *src)
{
    if (!src->peek) {
        src->peek = md_xmalloc(MD_SOURCE_PEEK);
        src->peek_len = src->peek_pos = 0;
    }
    /* Compact so the unread part starts the buffer, then fill it. */
    if (src->peek_pos) {
        memmove(src->peek, src->peek + src->peek_pos, src->peek_len - src->peek_pos);
        src->peek_len -= src->peek_pos;
        src->peek_pos = 0;
    }
    while (src->peek_len < MD_SOURCE_PEEK) {
        long r = read_raw(src, src->peek + src->peek_len, MD_SOURCE_PEEK - src->peek_len);
        if (r < 0)
            src->read_error = true;
        if (r <= 0)
            break;
        src->peek_len += (size_t)r;
    }
    return (md_str){src->peek, src->peek_len};
}

long md_source_read(md_source *src, void *dst, size_t n)
{
    if (src->peek_pos < src->peek_len) {
        size_t avail = src->peek_len - src->peek_pos;
        size_t take = avail < n ? avail : n;
        memcpy(dst, src->peek + src->peek_pos, take);
        src->peek_pos += take;
        src->bytes += take;
        return (long)take;
    }
    if (src->read_error)
        return -1;
    long r = read_raw(src, dst, n);
    if (r > 0)
        src->bytes += (uint64_t)r;
    return r;
}

size_t md_source_read_full(md_source *src, void *dst, size_t n, bool *error)
{
    size_t got = 0;
    while (got < n) {
        long r = md_source_read(src, (char *)dst + got, n - got);
        if (r < 0)
            *error = true;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    return got;
}

const char *md_source_path(const md_source *src)
{
    return src->path;
}

bool md_source_is_gzip(const md_source *src)
{
    return src->gzip;
}

bool md_source_trailing(const md_source *src)
{
    return src->trailing;
}

bool md_source_cut_short(const md_source *src)
{
    return src->cut_short;
}

uint64_t md_source_bytes(const md_source *src)
{
    return src->bytes;
}

int64_t md_source_mtime_ns(const md_source *src)
{
    return src->mtime_ns;
}

md_err md_source_slurp(md_source *src, size_t max, char **data, size_t *n)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = md_xmalloc(cap + 1);
    for (;;) {
        if (len == cap && cap >= max) {
            /* Full at max: past it only where there is one more byte. */
            char probe;
            if (md_source_read(src, &probe, 1) == 0)
                break;
            free(buf);
            return MD_ERR_FORMAT;
        }
        if (len == cap) {
            cap = cap * 2 > max ? max : cap * 2;
            buf = md_xrealloc(buf, cap + 1);
        }
        long r = md_source_read(src, buf + len, cap - len);
        if (r < 0) {
            free(buf);
            return MD_ERR_IO;
        }
        if (r == 0)
            break;
        len += (size_t)r;
    }
    buf[len] = '\0';
    *data = buf;
    *n = len;
    return MD_OK;
}
