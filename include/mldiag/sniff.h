/* Sniffing: which reader a stream needs, decided from its first bytes (and,
 * for the few formats whose content is ambiguous, its name). */
#ifndef MLDIAG_SNIFF_H
#define MLDIAG_SNIFF_H

#include "mldiag/base.h"

typedef enum {
    MD_FMT_EMPTY,    /* nothing but whitespace */
    MD_FMT_BINARY,   /* not text and not a format mldiag decodes */
    MD_FMT_TEXT,     /* a console log */
    MD_FMT_CSV,      /* delimited rows under a header row */
    MD_FMT_JSON,     /* one JSON document */
    MD_FMT_JSONL,    /* one JSON object per line */
    MD_FMT_TFEVENTS, /* TensorBoard event file (TFRecord framing) */
    MD_FMT_MLFLOW,   /* MLflow file-store metric: "timestamp value step" lines */
    MD_FMT_WANDB     /* W&B run file (.wandb): LevelDB log of Record protobufs */
} md_format;

const char *md_format_name(md_format fmt);

/* head: the first bytes of the stream; complete: head is the whole stream.
 * path: the file name (may be NULL); used only as a tiebreak. */
md_format md_sniff(md_str head, bool complete, const char *path);

/* A short human description of a binary head ("W&B binary run file", ...),
 * or NULL when nothing specific is known. */
const char *md_sniff_binary_kind(md_str head);

/* Whether head starts one of mldiag's own reports (text, -q, markdown,
 * JSON, JUnit or GitHub annotations), which must not be read as a log. */
bool md_sniff_own_report(md_str head);

/* Where the JSON value s opens with ('{' or '[') closes: the index past
 * its closing bracket, brackets inside strings aside; 0 when it never
 * closes (a record cut while it was written). *commas (may be NULL): the
 * commas outside strings before that, one less than the values inside. */
size_t md_sniff_json_value_end(md_str s, size_t *commas);

#endif
