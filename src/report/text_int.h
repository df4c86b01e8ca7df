/* Private to src/report: plain-text layout helpers. */
#ifndef MLDIAG_REPORT_TEXT_INT_H
#define MLDIAG_REPORT_TEXT_INT_H

#include "mldiag/base.h"

/* Appends text word-wrapped at width columns: the first line indented by
 * first, the rest by rest. A word longer than the line is never split. */
void text_wrap(md_buf *out, const char *text, int first, int rest, int width);
/* Appends "prefix text" indented by indent, continuation lines aligned
 * under the text: "- evidence...", "[ ] check...", " 67%  cause...". */
void text_item(md_buf *out, const char *prefix, const char *text, int indent, int width);

#endif
