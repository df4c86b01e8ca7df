/* Private to src/report: a finding as unwrapped plain text, for reports
 * that carry it inside another format (JUnit's failure text, GitHub's
 * annotation message). */
#ifndef MLDIAG_REPORT_PLAIN_INT_H
#define MLDIAG_REPORT_PLAIN_INT_H

#include "mldiag/finding.h"
#include "mldiag/store.h"

/* "Title at step 500 (confidence 90%)": one line, no newline. */
void plain_headline(md_buf *out, const md_finding *x);
/* The symptom, evidence and causes with their checks and fixes, one per
 * line, each line ending in a newline. */
void plain_body(md_buf *out, const md_finding *x);
/* "2 critical, 1 warning": the findings of each severity there are,
 * most severe first, after sep; nothing when there are none. */
void plain_severity_counts(md_buf *out, const md_findings *f, const char *sep);
/* The input path of a finding's evidence, or NULL when unknown. */
const char *plain_input(const md_store *st, const md_finding *x);

/* Whether the "no problems" list shows s: a finite series the catalog
 * knows, or any finite one when the log has none the catalog knows (a
 * GAN's d_loss and g_loss). all is plain_checks_all(st). */
bool plain_checks_all(const md_store *st);
bool plain_checked(const md_store *st, const md_series *s, bool all);
/* What reports say when md_store_has_loss is false, and when the log gave
 * no series at all. */
#define PLAIN_NO_LOSS "No loss was found in this log, so the checks of the loss curve did not run"
#define PLAIN_NO_SERIES "No metric was found in this log, only events, so the checks of the curves did not run"

#endif
