/* Private to src/report: Markdown text that renders as written on GitHub.
 * Prose is escaped so that log text cannot turn into links, emphasis or
 * table cells; identifiers, calls and options in it become code spans. */
#ifndef MLDIAG_REPORT_MDTEXT_INT_H
#define MLDIAG_REPORT_MDTEXT_INT_H

#include "mldiag/base.h"

/* Appends s with Markdown's active characters backslash-escaped. In a
 * table cell (table set) line breaks become spaces as well. */
void mdtext_escape(md_buf *out, const char *s, size_t n, bool table);
/* Appends s as one code span, with enough backticks around it, its line
 * breaks as blanks and its controls as '?' (md_buf_put_text); in a table
 * cell (table set) its '|' escaped. */
void mdtext_code(md_buf *out, const char *s, size_t n, bool table);
/* Appends prose with the words that look like code (snake_case names,
 * calls, key=value, a.b, --options, bracketed literals) as code spans
 * and the rest escaped. */
void mdtext_inline(md_buf *out, const char *s);
/* Whether s is better shown as a code block: it spans lines, or it is a
 * command line ("CUDA_LAUNCH_BLOCKING=1 python train.py"). */
bool mdtext_is_block(const char *s);
/* Appends s as a fenced code block, each line indented by indent. */
void mdtext_fence(md_buf *out, const char *s, int indent);

#endif
