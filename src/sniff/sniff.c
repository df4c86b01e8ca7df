#include <string.h>

#include "core/crc32c.h"
#include "mldiag/sniff.h"
#include "mldiag/source.h"

const char *md_format_name(md_format fmt)
{
    switch (fmt) {
    case MD_FMT_EMPTY:
        return "empty";
    case MD_FMT_BINARY:
        return "binary";
    case MD_FMT_TEXT:
        return "text";
    case MD_FMT_CSV:
        return "csv";
    case MD_FMT_JSON:
        return "json";
    case MD_FMT_JSONL:
        return "jsonl";
    case MD_FMT_TFEVENTS:
        return "tfevents";
    case MD_FMT_MLFLOW:
        return "mlflow";
    case MD_FMT_WANDB:
        return "wandb";
    }
    return "unknown";
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A TFRecord starts with a little-endian length and the masked CRC-32C of
 * those 8 bytes; a random text file matches with probability 2^-32. */
static bool is_tfrecord(md_str head)
{
    const unsigned char *p = (const unsigned char *)head.p;
    return head.n >= 12 && le32(p + 8) == md_crc32c_masked(p, 8) && le64(p) < (1u << 30);
}

/* Counts bytes that are not part of a valid UTF-8 sequence. */
static size_t invalid_utf8(const unsigned char *p, size_t n)
{
    size_t bad = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0) {
            bad++;
            i++;
            continue;
        }
        size_t k = 1;
        while (k < len && i + k < n && (p[i + k] & 0xc0) == 0x80)
            k++;
        if (k < len && i + k < n)
            bad++;
        i += k;
    }
    return bad;
}

/* Whole lines of text the head starts with (no binary byte, valid UTF-8):
 * their bytes, up to limit. */
static size_t text_lines_prefix(const unsigned char *p, size_t n, size_t limit)
{
    size_t lines_end = 0;
    for (size_t i = 0; i < n && lines_end < limit;) {
        if (p[i] == '\n') {
            lines_end = ++i;
            continue;
        }
        size_t len = p[i] < 0x80 ? !md_binary_byte(p[i]) : md_utf8_char((const char *)p + i, n - i);
        if (!len)
            break;
        i += len;
    }
    return lines_end;
}

/* A head that starts with this much text, line after line, is a log that
 * something binary got into later (a blob a crash dumped into the file),
 * which the readers read around: no binary file has a 4 KiB text header. */
#define TEXT_PREFIX_MIN 4096

/* Binary when control bytes pass 5% or broken UTF-8 passes 25% of the head
 * outside NUL holes: random bytes score about 10% and 45%; a log with a
 * stray NUL or some Latin-1 bytes stays far below both. A head that is all
 * hole is binary too: there is no text in it. */
static bool looks_binary(md_str head)
{
    const unsigned char *p = (const unsigned char *)head.p;
    md_holes holes = {0};
    md_holes_scan(&holes, head.p, head.n, 0);
    md_holes_end(&holes);
    size_t ctrl = 0;
    for (size_t i = 0; i < head.n; i++)
        ctrl += md_binary_byte(p[i]);
    /* A hole's bytes are NULs, each counted as a control byte above. */
    size_t text = head.n - (size_t)holes.bytes;
    ctrl -= (size_t)holes.bytes;
    return (text == 0 || ctrl * 20 > text || invalid_utf8(p, head.n) * 4 > text) &&
           text_lines_prefix(p, head.n, TEXT_PREFIX_MIN) < TEXT_PREFIX_MIN;
}

/* W&B's run file: ":W&B", 0xBEE1 little-endian, version 0. */
static bool is_wandb(md_str head)
{
    return head.n >= 7 && memcmp(head.p, ":W&B\xe1\xbe\x00", 7) == 0;
}

const char *md_sniff_binary_kind(md_str head)
{
    if (head.n >= 4 && memcmp(head.p, ":W&B", 4) == 0)
        return "W&B run file of an unknown version (.wandb); read the run's files/output.log or "
               "wandb-summary.json instead";
    if (head.n >= 4 && memcmp(head.p, "PK\003\004", 4) == 0)
        return "zip archive (a PyTorch checkpoint?)";
    if (head.n >= 2 && (unsigned char)head.p[0] == 0x80 && head.p[1] >= 2 && head.p[1] <= 5)
        return "Python pickle (a checkpoint?)";
    if (head.n >= 8 && memcmp(head.p + 1, "HDF", 3) == 0)
        return "HDF5 file";
    if (head.n >= 4 && memcmp(head.p, "\x7f" "ELF", 4) == 0)
        return "executable";
    /* Compressed otherwise than gzip, which mldiag reads (a gzip inside
     * one is what is left after the first is undone). */
    if (head.n >= 3 && memcmp(head.p, "BZh", 3) == 0)
        return "bzip2-compressed (bzcat FILE | mldiag analyze -)";
    if (head.n >= 6 && memcmp(head.p, "\xfd" "7zXZ\0", 6) == 0)
        return "xz-compressed (xzcat FILE | mldiag analyze -)";
    if (head.n >= 4 && memcmp(head.p, "\x28\xb5\x2f\xfd", 4) == 0)
        return "zstd-compressed (zstdcat FILE | mldiag analyze -)";
    if (head.n >= 2 && memcmp(head.p, "\x1f\x8b", 2) == 0)
        return "gzip-compressed twice (zcat FILE | mldiag analyze -)";
    /* Text in UTF-16 without its byte order mark: every other byte 0. */
    size_t pairs = head.n / 2 < 2048 ? head.n / 2 : 2048, zero[2] = {0, 0}, ascii[2] = {0, 0};
    for (size_t i = 0; i < pairs; i++)
        for (int k = 0; k < 2; k++) {
            unsigned char c = (unsigned char)head.p[2 * i + (size_t)k];
            zero[k] += c == 0;
            ascii[k] += c >= 0x09 && c < 0x7f;
        }
    for (int k = 0; k < 2 && pairs >= 8; k++)
        if (zero[k] * 10 >= pairs * 9 && ascii[1 - k] * 10 >= pairs * 9)
            return k ? "UTF-16LE text without a byte order mark? (iconv -f UTF-16LE -t UTF-8 turns it into a log)"
                     : "UTF-16BE text without a byte order mark? (iconv -f UTF-16BE -t UTF-8 turns it into a log)";
    return NULL;
}

/* The next line of head starting at *pos, without its terminator. */
static md_str next_line(md_str head, size_t *pos)
{
    size_t start = *pos;
    const char *nl = memchr(head.p + start, '\n', head.n - start);
    size_t end = nl ? (size_t)(nl - head.p) : head.n;
    *pos = nl ? end + 1 : end;
    md_str line = {head.p + start, end - start};
    if (line.n && line.p[line.n - 1] == '\r')
        line.n--;
    return line;
}

/* The next record of JSON Lines, which may also end in '\r' alone. */
static md_str next_record(md_str head, size_t *pos)
{
    size_t start = *pos, end = start;
    while (end < head.n && head.p[end] != '\n' && head.p[end] != '\r')
        end++;
    *pos = end + (end < head.n) + (end + 1 < head.n && head.p[end] == '\r' && head.p[end + 1] == '\n');
    return (md_str){head.p + start, end - start};
}

size_t md_sniff_json_value_end(md_str s, size_t *commas)
{
    int depth = 0;
    bool in_str = false;
    size_t n = 0;
    for (size_t i = 0; i < s.n; i++) {
        char c = s.p[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = false;
        } else if (c == '"') {
            in_str = true;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            if (commas)
                *commas = n;
            return i + 1;
        } else {
            n += c == ',';
        }
    }
    if (commas)
        *commas = n;
    return 0;
}

/* Does this line hold exactly one complete JSON object? */
static bool complete_object(md_str line)
{
    line = md_str_trim(line);
    return line.n >= 2 && line.p[0] == '{' && line.p[line.n - 1] == '}' && md_sniff_json_value_end(line, NULL) == line.n;
}

static md_format sniff_json(md_str head, size_t start)
{
    if (head.p[start] == '[')
        return MD_FMT_JSON;
    size_t pos = start;
    md_str first = next_record(head, &pos);
    if (!complete_object(first))
        return MD_FMT_JSON;
    while (pos < head.n) {
        md_str line = md_str_trim(next_record(head, &pos));
        if (line.n)
            return line.p[0] == '{' ? MD_FMT_JSONL : MD_FMT_JSON;
    }
    return MD_FMT_JSON;
}

/* JSON opens with '{' then a double-quoted key, or '[' then an object or
 * array, whose own start is JSON's too (an inner array may hold numbers or
 * strings). A Python dict line ({'loss': ...}), a "[INFO]" prefix or a
 * stray bracket before one ("[[epoch 1/20, episode 50/100] => loss: ...")
 * is text. */
static bool json_start_at(md_str head, size_t start, int depth)
{
    char open = head.p[start];
    if (open != '{' && open != '[')
        return false;
    size_t i = start + 1;
    while (i < head.n && is_space(head.p[i]))
        i++;
    if (i == head.n || depth > 8)
        return true;
    char c = head.p[i];
    if (open == '{')
        return c == '"' || c == '}';
    if (c == '{' || c == '[')
        return json_start_at(head, i, depth + 1);
    return c == ']' || (depth > 0 && (c == '"' || c == '-' || (c >= '0' && c <= '9')));
}

static bool json_start(md_str head, size_t start)
{
    return json_start_at(head, start, 0);
}

/* A number; with units, also one with a unit nvidia-smi's CSV writes
 * after it ("0 %", "1824 MiB", "62.74 W", "1410 MHz") under a header that
 * names the units in brackets ("utilization.gpu [%]"): its log is a table
 * whoever names it gpu.log. */
static bool is_number(md_str s, bool units_ok)
{
    static const char *const units[] = {"%", "MiB", "GiB", "KiB", "W", "MHz"};
    s = md_str_trim(s);
    if (s.n && s.p[0] == '"' && s.p[s.n - 1] == '"' && s.n >= 2)
        s.p++, s.n -= 2;
    double v;
    size_t k = s.n ? md_num_scan(s.p, s.p + s.n, &v) : 0;
    if (!k || k == s.n || !units_ok)
        return k == s.n && k > 0;
    md_str unit = md_str_trim((md_str){s.p + k, s.n - k});
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (unit.n == strlen(units[i]) && memcmp(unit.p, units[i], unit.n) == 0)
            return true;
    return false;
}

typedef struct row_shape {
    size_t fields, numeric, empty;
} row_shape;

static row_shape split_row(md_str line, char delim, bool units_ok)
{
    row_shape r = {0, 0, 0};
    size_t start = 0;
    bool quoted = false;
    for (size_t i = 0; i <= line.n; i++) {
        if (i < line.n && line.p[i] == '"')
            quoted = !quoted;
        if (i == line.n || (line.p[i] == delim && !quoted)) {
            md_str f = md_str_trim((md_str){line.p + start, i - start});
            r.fields++;
            r.empty += f.n == 0;
            /* Cells parted by ';' or tabs may write decimal commas. */
            r.numeric += is_number(f, units_ok) || (delim != ',' && md_comma_number(f.p, f.n));
            start = i + 1;
        }
    }
    return r;
}

/* "loss 1,053.1": a comma between a digit and a group of three is a
 * thousand's, in prose or a console line, not a CSV header's. */
static bool groups_thousands(md_str line)
{
    for (size_t i = 1; i + 3 < line.n; i++)
        if (line.p[i] == ',' && md_is_digit(line.p[i - 1]) && md_is_digit(line.p[i + 1]) &&
            md_is_digit(line.p[i + 2]) && md_is_digit(line.p[i + 3]) && (i + 4 == line.n || !md_is_digit(line.p[i + 4])))
            return true;
    return false;
}

/* CSV: a header of names, then rows with as many fields, mostly numbers or
 * empty cells. A console log with commas fails the numeric test, and one
 * pasted with its lines numbered ("cat -n": "  1745\tstep=10 loss=2.3")
 * has no header of names. */
static bool looks_delimited(md_str head, char delim)
{
    size_t pos = 0;
    md_str header = next_line(head, &pos);
    /* Comment lines before the header, as the CSV reader skips them
     * (Stable-Baselines3's monitor.csv: '#{"t_start": ..., "env_id": ...}'
     * over "r,l,t"). */
    for (int comments = 0; comments < 16 && header.n && header.p[0] == '#' && pos < head.n; comments++)
        header = next_line(head, &pos);
    bool units = md_memmem(header.p, header.n, " [", 2) != NULL && md_memmem(header.p, header.n, "]", 1) != NULL;
    row_shape h = split_row(header, delim, false);
    /* A brace is no header's: PySlowFast's "json_stats: {...}" lines, whose
     * quoted values hide their commas alike, are a console log; nor is a
     * terminal's escape, whose 24-bit colours ("\x1b[38;2;255;0;0m") part
     * a coloured log's lines at ';' into fields of numbers. */
    if (h.fields < 2 || h.numeric * 2 >= h.fields || h.empty == h.fields || memchr(header.p, '{', header.n) ||
        memchr(header.p, 0x1b, header.n) || (delim == ',' && groups_thousands(header)))
        return false;
    /* nvidia-smi's table also heads console logs (a job script prints the
     * GPUs, then trains): its rows must go on past its eight GPUs. */
    size_t rows = 0, good = 0, max_rows = units ? 64 : 8;
    while (pos < head.n && rows < max_rows) {
        md_str line = next_line(head, &pos);
        if (md_str_trim(line).n == 0)
            continue;
        if (pos >= head.n && !memchr(line.p, '\n', line.n) && rows > 0)
            break; /* a last line cut by the peek window proves nothing */
        row_shape r = split_row(line, delim, units);
        rows++;
        good += r.fields == h.fields && (r.numeric + r.empty) * 2 >= r.fields && r.numeric > 0;
    }
    return rows > 0 && good * 4 >= rows * 3;
}

/* MLflow's file store writes one "timestamp_ms value step" line per point. */
static bool looks_mlflow(md_str head)
{
    size_t pos = 0, lines = 0;
    while (pos < head.n && lines < 3) {
        md_str line = md_str_trim(next_line(head, &pos));
        if (!line.n)
            continue;
        const char *p = line.p, *end = line.p + line.n;
        double v[3];
        for (int k = 0; k < 3; k++) {
            while (p < end && *p == ' ')
                p++;
            size_t n = md_num_scan(p, end, &v[k]);
            if (!n || (p + n < end && p[n] != ' '))
                return false;
            p += n;
        }
        if (p != end || v[0] < 1e9)
            return false;
        lines++;
    }
    return lines > 0;
}

/* Blank lines and NUL bytes alone: a log's padding, or the hole a
 * truncated copy (logrotate's copytruncate) leaves at its start. */
static bool only_padding(md_str head)
{
    for (size_t i = 0; i < head.n; i++)
        if (!is_space(head.p[i]) && head.p[i] != '\0')
            return false;
    return true;
}

md_format md_sniff(md_str head, bool complete, const char *path)
{
    /* Padding that fills the whole head has the data after it: read on as
     * a console log, which reads around holes. */
    if (!complete && only_padding(head))
        return MD_FMT_TEXT;
    size_t start = 0;
    while (start < head.n && is_space(head.p[start]))
        start++;
    if (start == head.n)
        return MD_FMT_EMPTY;
    if (is_tfrecord(head))
        return MD_FMT_TFEVENTS;
    if (is_wandb(head))
        return MD_FMT_WANDB;
    if (looks_binary(head))
        return MD_FMT_BINARY;
    if (json_start(head, start))
        return sniff_json(head, start);
    if (looks_mlflow(head))
        return MD_FMT_MLFLOW;
    if (looks_delimited(head, ',') || looks_delimited(head, '\t') || looks_delimited(head, ';'))
        return MD_FMT_CSV;
    /* A name-only tiebreak: a header-only CSV file (no rows yet). */
    if (path) {
        size_t n = strlen(path);
        if (n > 4 && strcmp(path + n - 4, ".csv") == 0 && split_row(next_line(head, &start), ',', false).fields > 1)
            return MD_FMT_CSV;
    }
    return MD_FMT_TEXT;
}
