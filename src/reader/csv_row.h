/* A plain CSV row: a line without a quote character or a carriage return,
 * whose fields are the pieces between delimiters with blanks trimmed. The
 * CSV reader splits such rows; the feed's thread reads the cells of the
 * rows the reader hands over whole. */
#ifndef MLDIAG_READER_CSV_ROW_H
#define MLDIAG_READER_CSV_ROW_H

#include "core/swar.h"
#include "reader/reader_int.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define MD_CSV_FIELDS 256 /* a row with more goes to libcsv */

/* md_str_trim, inline: it runs once per cell. Most cells start and end
 * with bytes above the blank, which one test each tells. */
static inline md_str md_csv_trim(const char *p, size_t n)
{
    if (n && (unsigned char)p[0] > ' ' && (unsigned char)p[n - 1] > ' ')
        return (md_str){p, n};
    while (n && (*p == ' ' || *p == '\t'))
        p++, n--;
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
        n--;
    return (md_str){p, n};
}

/* Where the delimiters are in a line, into cuts; false when the line holds
 * a quote or a carriage return, or more than MD_CSV_FIELDS fields. */
static inline bool md_csv_split(const char *p, size_t n, char delim, size_t *cuts, size_t *ncuts)
{
    size_t i = 0, k = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), cr = _mm_set1_epi8('\r'), sep = _mm_set1_epi8(delim);
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        if (_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, cr))))
            return false;
        for (unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, sep)); m; m &= m - 1) {
            if (k == MD_CSV_FIELDS)
                return false;
            cuts[k++] = i + md_lowest_bit(m);
        }
    }
#endif
#if MD_SWAR
    for (; i + 8 <= n; i += 8) {
        uint64_t w = md_load64(p + i);
        if (md_swar_equal(w, '"') | md_swar_equal(w, '\r'))
            return false;
        for (uint64_t m = md_swar_equal(w, (unsigned char)delim); m; m &= m - 1) {
            if (k == MD_CSV_FIELDS)
                return false;
            cuts[k++] = i + md_swar_first(m);
        }
    }
#endif
    for (; i < n; i++) {
        char c = p[i];
        if (c == delim) {
            if (k == MD_CSV_FIELDS)
                return false;
            cuts[k++] = i;
        } else if (c == '"' || c == '\r') {
            return false;
        }
    }
    *ncuts = k;
    return true;
}

/* md_cell_number of a cell of a row: the row's bytes before it can be
 * read, so a short cell is read in one word. */
static inline bool md_csv_cell_number(const char *row, md_str f, double *v, unsigned *flags)
{
    int decimals;
    if (md_num_plain_word_after(row, f.p, f.n, v, &decimals)) {
        *flags = md_kv_plain_decimals(decimals);
        return true;
    }
    return md_cell_number(f.p, f.n, v, flags);
}

/* A cell that ends in a percent sign: its number and unit are read by
 * md_feed_cell. */
static inline bool md_csv_percent_cell(md_str f)
{
    return f.n > 1 && f.p[f.n - 1] == '%';
}

/* The number of a percent cell, "35 %" or "35%" (nvidia-smi's CSV writes
 * the first under "utilization.gpu [%]"). Other units in a cell are not
 * read ("120 ms" under "step_time" would read as seconds). */
static inline bool md_csv_percent_number(const char *p, size_t n, double *v)
{
    md_num_form form;
    size_t used = n ? md_num_scan_form(p, p + n, v, &form) : 0;
    while (used && used < n && p[used] == ' ')
        used++;
    return used && used + 1 == n && p[used] == '%';
}

#endif
