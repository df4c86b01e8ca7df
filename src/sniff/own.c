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
 * lines, 2 series, 0 events" and "critical nan_loss step 11: ...". */
static bool first_line_matches(md_str head, const char *pattern)
{
    char line[512];
    size_t n = 0;
    while (n < head.n && n < sizeof line - 1 && head.p[n] != '\n')
        line[n] = head.p[n], n++;
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
    if (md_str_starts_with(head, "# mldiag report"))
        return true;
    if (md_str_starts_with(head, "{\"schema\":") && contains(head, 200, "\"tool\":{\"name\":\"mldiag\""))
        return true;
    if (md_str_starts_with(head, "<?xml") && contains(head, 200, "<testsuites name=\"mldiag\""))
        return true;
    if (md_str_starts_with(head, "::error file=") || md_str_starts_with(head, "::warning file=") ||
        md_str_starts_with(head, "::notice file="))
        return true;
    if (first_line_matches(head, ": (text|csv|json|jsonl|tfevents|mlflow|wandb), [0-9]+ (lines|records)(, |$)") &&
        (contains(head, 4096, "\nRun: ") || contains(head, 4096, "No problems found") ||
         contains(head, 4096, "\n1. ")))
        return true;
    return first_line_matches(head, "^(critical|error|warning|info) [a-z][a-z0-9_]*( step [0-9]| log entry "
                                    "[0-9]|: )");
}
