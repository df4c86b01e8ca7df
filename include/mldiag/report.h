/* Reports: renderers from the engine's models into bytes. The CLI decides
 * where the bytes go. */
#ifndef MLDIAG_REPORT_H
#define MLDIAG_REPORT_H

#include "mldiag/store.h"

typedef enum { MD_SERIES_CSV, MD_SERIES_JSON } md_series_format;

/* What the readers found: inputs, series and events, optionally with every
 * series' buckets. */
void md_render_series(const md_store *st, md_series_format fmt, bool buckets, md_buf *out);

#endif
