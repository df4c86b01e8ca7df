/* Private to src/report: XML text for the JUnit report and the SVG plot. */
#ifndef MLDIAG_REPORT_XML_INT_H
#define MLDIAG_REPORT_XML_INT_H

#include "mldiag/base.h"

/* Appends s escaped for XML character data, or for a double-quoted
 * attribute value when attr is set (line breaks then kept as &#10;).
 * Bytes XML 1.0 cannot hold (control characters, invalid UTF-8) become
 * U+FFFD, so log text never makes the document ill-formed. */
void xml_escape(md_buf *out, const char *s, bool attr);

#endif
