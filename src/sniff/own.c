/* mldiag's own reports. A report saved next to the logs it describes
 * (mldiag analyze run/ > run/report.txt) quotes rule texts, numbers and
 * event messages: read as a log on the next analysis, it would diagnose
 * itself. */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/sniff.h"

static bool contains(md_str head, size_t within, const char *needle)
{
    size_t n = strlen(needle), end = head.n < within ? head.n : within;
    for (size_t i = 0; i + n <= end; i++)
        if (memcmp(head.p + i, needle, n) == 0)
            return true;
    return false;
}

/* The first line of the text report and of analyze -q: "PATH: text, 57
 * lines, 2 series, 0 events" and "critical nan_loss step 11: ...". Its
 * first 511 bytes, or with tail its last: a path of any length before
 * ": text, 57 lines". */
static bool line_matches(md_str head, const char *pattern, bool tail)
{
    char line[512];
    const char *nl = memchr(head.p, '\n', head.n);
    size_t len = nl ? (size_t)(nl - head.p) : head.n, from = tail && len > sizeof line - 1 ? len - (sizeof line - 1) : 0;
    size_t n = 0;
    while (from + n < len && n < sizeof line - 1)
        line[n] = head.p[from + n], n++;
    line[n] = '\0';
    regex_t re;
    if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) != 0)
        return false;
    bool match = regexec(&re, line, 0, NULL, 0) == 0;
    regfree(&re);
    return match;
}

bool md_sniff_own_report(md_str head)
{
    /* analyze's and compare's Markdown, every JSON report (analyze's names
     * the tool; compare's, series' and the several-runs summary's start
     * with their own keys), JUnit, GitHub's annotations. */
    if (md_str_starts_with(head, "# mldiag report") || md_str_starts_with(head, "# mldiag compare"))
        return true;
    if (md_str_starts_with(head, "{\"schema\":") &&
        (contains(head, 200, "\"tool\":{\"name\":\"mldiag\"") || md_str_starts_with(head, "{\"schema\":1,\"base\":") ||
         md_str_starts_with(head, "{\"schema\":1,\"runs\":[") || md_str_starts_with(head, "{\"schema\":1,\"inputs\":[")))
        return true;
    if (md_str_starts_with(head, "<?xml") && contains(head, 200, "<testsuites name=\"mldiag\""))
        return true;
    if (line_matches(head, "^::(error|warning|notice) (file|title)=", false))
        return true;
    /* series' CSV, the several-runs summary as text and Markdown, compare's
     * text. */
    if (md_str_starts_with(head, "type,name,sources,input,count,first_step,last_step,") ||
        line_matches(head, "^RUN +STATUS +FINDINGS +TOP FINDING", false) ||
        md_str_starts_with(head, "| run | status | findings | top finding |") ||
        (md_str_starts_with(head, "BASE: ") && contains(head, 4096, "\nNEW:  ")))
        return true;
    if (line_matches(head, ": (text|csv|json|jsonl|tfevents|mlflow|wandb), [0-9]+ (lines|records)(, |$)", true) &&
        (contains(head, 4096, "\nRun: ") || contains(head, 4096, "No problems found") ||
         contains(head, 4096, "\n1. ")))
        return true;
    return line_matches(head, "^(critical|error|warning|info) [a-z][a-z0-9_]*( step [0-9]| log entry "
                              "[0-9]|: )", false);
}
