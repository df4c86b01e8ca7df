/* Private to src/report: plain-text layout helpers. */
#ifndef MLDIAG_REPORT_TEXT_INT_H
#define MLDIAG_REPORT_TEXT_INT_H

#include "mldiag/report.h"

/* Appends text word-wrapped at width columns: the first line indented by
 * first, the rest by rest. A word longer than the line is never split. */
void text_wrap(md_buf *out, const char *text, int first, int rest, int width);
/* Columns and wrapping skip ANSI colour codes ("\x1b[...m"), so coloured
 * text wraps as its visible width. */

/* Appends "prefix text" indented by indent, continuation lines aligned
 * under the text: "- evidence...", "[ ] check...", " 67%  cause...". */
void text_item(md_buf *out, const char *prefix, const char *text, int indent, int width);

/* The ANSI code for a severity's colour. */
const char *text_severity_colour(md_severity sev);
/* A sparkline per main series present (loss, val_loss, grad_norm, lr,
 * reward_margin, reward_accuracy) with first/min/last, and the top
 * finding's step marked with a caret under each line it falls on. */
void text_sparklines(const md_store *st, const md_findings *f, const md_report_opts *o, md_buf *out);

#endif
