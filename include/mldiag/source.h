/* Sources: byte streams from files, stdin ("-") and gzip, read in large
 * blocks, plus line splitting and run-directory walking. */
#ifndef MLDIAG_SOURCE_H
#define MLDIAG_SOURCE_H

#include "mldiag/base.h"

typedef struct md_source md_source;

/* Opens path ("-" for stdin). gzip is recognised by its magic bytes and
 * inflated on the fly. On failure returns NULL with *err set and errno-style
 * detail in *sys_errno (0 when not a system error). A device other than a
 * terminal (/dev/zero, a disk) is MD_ERR_FORMAT: it has no end to read to. */
md_source *md_source_open(const char *path, md_err *err, int *sys_errno);
void md_source_close(md_source *src);

/* A source over bytes in memory, named name in diagnostics. The bytes are
 * borrowed and must outlive the source. gzip is recognised as for files. */
md_source *md_source_memory(const void *data, size_t n, const char *name);

/* The first bytes of the (decompressed) stream, up to MD_SOURCE_PEEK, without
 * consuming them. The pointer is borrowed and valid until the next read. */
#define MD_SOURCE_PEEK 65536
md_str md_source_peek(md_source *src);

/* Reads up to n bytes. Returns the count, 0 at the end, -1 on a read error. */
long md_source_read(md_source *src, void *dst, size_t n);
/* Reads n bytes unless the stream ends first; returns how many it read and
 * sets *error on a read error. For the binary formats' fixed-size pieces. */
size_t md_source_read_full(md_source *src, void *dst, size_t n, bool *error);

const char *md_source_path(const md_source *src);
bool md_source_is_gzip(const md_source *src);
/* True when a gzip stream ended before its trailer or was corrupt. */
bool md_source_cut_short(const md_source *src);
/* True when bytes that are no gzip member followed a whole one. */
bool md_source_trailing(const md_source *src);
uint64_t md_source_bytes(const md_source *src);
/* When a file was last modified, in nanoseconds since the epoch; 0 for
 * standard input and memory. */
int64_t md_source_mtime_ns(const md_source *src);

/* Reads the rest of the stream into one buffer, at most max bytes. Returns
 * MD_OK, MD_ERR_IO on a read error, or MD_ERR_FORMAT when over max. The
 * caller owns *data (NUL-terminated). */
md_err md_source_slurp(md_source *src, size_t max, char **data, size_t *n);

/* Lines of a source, split on '\n'. A line longer than MD_LINE_MAX is cut at
 * that length and the rest of it skipped; cut lines are counted. One that
 * holds a '\r' is handed out in pieces instead, each ending before the last
 * '\r' within the limit, all with the line's number: a progress bar that
 * only ever redraws ("\r") fills one line with the whole run. */
#define MD_LINE_MAX (1u << 20)

/* A run of NUL bytes this long is a hole, not data: a node that crashes
 * while a log grows leaves the file's last blocks unwritten, and they read
 * as zeros (a job that appends to the same log after a restart leaves the
 * hole in the middle). Binary formats hold such runs too, but never
 * without other control bytes around them. */
#define MD_NUL_HOLE 16

/* The holes of one input, found block by block as it is read. */
typedef struct md_holes {
    uint64_t bytes;     /* NUL bytes in holes */
    uint64_t stray;     /* NUL bytes in runs too short to be holes: inside lines */
    uint64_t last_bytes; /* NUL bytes in the last hole */
    unsigned long line; /* the line holding the last hole; 0 for none */
    bool at_end;        /* nothing but NUL bytes after the last hole */
    uint64_t run, run_start, last; /* the NUL run being read; the last hole's offset */
    bool pending;       /* last lies in a line not handed out yet */
} md_holes;

/* Scans n bytes read at input offset at; md_holes_end at the end of input. */
void md_holes_scan(md_holes *h, const char *p, size_t n, uint64_t at);
void md_holes_end(md_holes *h);
/* Tells the holes that line number lineno ends at input offset end. */
static inline void md_holes_line(md_holes *h, uint64_t end, unsigned long lineno)
{
    if (h->pending && h->last <= end) {
        h->line = lineno;
        h->pending = false;
    }
}

typedef struct md_lines {
    md_source *src;
    char *buf;
    size_t cap, start, end;
    unsigned long lineno;
    unsigned long cut_lines;
    bool eof, error, pending_skip;
    bool continued; /* the last line handed out was a piece of a longer one */
    md_holes holes;
    uint64_t base; /* input offset of buf[0] */
} md_lines;

void md_lines_init(md_lines *ls, md_source *src);
void md_lines_fini(md_lines *ls);
/* Sets *line to the next line (without its '\n'), borrowed until the next
 * call. Returns false at the end of input. */
bool md_lines_next(md_lines *ls, md_str *line);
/* The last '\r' of p[0, n) but its first byte, or NULL: where a line of
 * progress-bar redraws ends its latest whole redraw. */
const char *md_last_redraw(const char *p, size_t n);

/* Walks a run directory: calls fn for every regular file below dir that is
 * not empty, in sorted order, skipping hidden entries, checkpoint folders,
 * directory loops and links to directories outside dir. The walk goes
 * MD_WALK_MAX_DEPTH levels down and stops after MD_WALK_MAX_FILES files or
 * MD_WALK_MAX_DIRS directories; note is told of what these limits and the
 * links left out (a path, and why). */
#define MD_WALK_MAX_DEPTH 16
#define MD_WALK_MAX_FILES 10000
#define MD_WALK_MAX_DIRS 10000
typedef void (*md_walk_fn)(const char *path, void *ctx);
typedef void (*md_walk_note_fn)(const char *path, const char *why, void *ctx);
md_err md_source_walk(const char *dir, md_walk_fn fn, md_walk_note_fn note, void *ctx, int *sys_errno);
bool md_source_is_dir(const char *path);

#endif
