#include "mldiag/reader.h"
#include "reader/reader_int.h"

bool md_reader_threaded(md_source *src)
{
    return md_source_peek(src).n >= MD_SOURCE_PEEK;
}

void md_reader_holes_done(md_store *st, const md_holes *h, md_diags *diags, const char *path)
{
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    in->hole_bytes = h->bytes;
    in->hole_line = h->line;
    in->hole_at_end = h->at_end;
    in->hole_end_bytes = h->at_end ? h->last_bytes : 0;
    if (h->bytes && h->at_end && h->bytes > h->last_bytes)
        md_diags_add(diags, MD_DIAG_WARNING, path, h->line, 0,
                     "%llu NUL bytes end the file, and %llu more are in holes before: blocks of the file were "
                     "never written (did the machine go down?)",
                     (unsigned long long)h->last_bytes, (unsigned long long)(h->bytes - h->last_bytes));
    else if (h->bytes)
        md_diags_add(diags, MD_DIAG_WARNING, path, h->line, 0,
                     "%llu NUL bytes %s: blocks of the file were never written (did the machine go down?)",
                     (unsigned long long)h->bytes, h->at_end ? "end the file" : "in the file");
    if (h->stray)
        md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0,
                     "%llu NUL byte%s inside lines: a value a NUL stands in or beside may not be read",
                     (unsigned long long)h->stray, h->stray == 1 ? "" : "s");
}

void md_reader_lines_done(md_store *st, const md_lines *ls, md_diags *diags, const char *path)
{
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    in->lines = ls->lineno;
    in->cut_lines = ls->cut_lines;
    if (ls->cut_lines)
        md_diags_add(diags, MD_DIAG_WARNING, path, 0, 0, "%lu line%s longer than %u MiB; only the start of each was read",
                     ls->cut_lines, ls->cut_lines == 1 ? "" : "s", MD_LINE_MAX >> 20);
    md_reader_holes_done(st, &ls->holes, diags, path);
}

md_err md_read(md_store *st, md_source *src, const md_catalog *cat, md_diags *diags, md_format *fmt)
{
    md_str head = md_source_peek(src);
    *fmt = md_sniff(head, head.n < MD_SOURCE_PEEK, md_source_path(src));
    return md_read_as(st, src, *fmt, cat, diags);
}

md_err md_read_as(md_store *st, md_source *src, md_format fmt, const md_catalog *cat, md_diags *diags)
{
    md_str head = md_source_peek(src);
    int input = md_store_begin_input(st, md_source_path(src), fmt);
    md_store_input_mut(st, input)->mtime_ns = md_source_mtime_ns(src);
    md_err err = MD_OK;
    switch (fmt) {
    case MD_FMT_EMPTY:
        md_diags_add(diags, MD_DIAG_ERROR, md_source_path(src), 0, 0,
                     md_source_cut_short(src) ? "compressed stream is corrupt or ends before any data"
                                              : "empty input");
        return MD_ERR_FORMAT;
    case MD_FMT_BINARY: {
        const char *kind = md_sniff_binary_kind(head);
        md_diags_add(diags, MD_DIAG_ERROR, md_source_path(src), 0, 0,
                     "binary data, not a log or metrics file%s%s", kind ? ": " : "", kind ? kind : "");
        return MD_ERR_FORMAT;
    }
    case MD_FMT_TEXT:
        err = md_read_text(st, src, cat, diags);
        break;
    case MD_FMT_CSV:
        err = md_read_csv(st, src, cat, diags);
        break;
    case MD_FMT_JSON:
        err = md_read_json(st, src, cat, diags);
        break;
    case MD_FMT_JSONL:
        err = md_read_jsonl(st, src, cat, diags);
        break;
    case MD_FMT_MLFLOW:
        err = md_read_mlflow(st, src, cat, diags);
        break;
    case MD_FMT_TFEVENTS:
        err = md_read_tfevents(st, src, cat, diags);
        break;
    case MD_FMT_WANDB:
        err = md_read_wandb(st, src, cat, diags);
        break;
    }
    md_input *in = md_store_input_mut(st, input);
    in->bytes = md_source_bytes(src);
    if (md_source_cut_short(src)) {
        in->cut_short = true;
        md_diags_add(diags, MD_DIAG_WARNING, md_source_path(src), 0, 0,
                     "compressed stream ends early or is corrupt; read what was there");
    }
    if (md_source_trailing(src))
        md_diags_add(diags, MD_DIAG_WARNING, md_source_path(src), 0, 0,
                     "bytes after the end of the compressed stream are not compressed data; ignored");
    if (err == MD_ERR_IO)
        md_diags_add(diags, MD_DIAG_ERROR, md_source_path(src), 0, 0, "read error");
    return err;
}
