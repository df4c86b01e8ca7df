/* GitHub Actions workflow commands: each finding becomes an annotation on
 * the run's summary page, and on the log file's line when it is in the
 * repository. */
#include <math.h>

#include "mldiag/report.h"
#include "report/plain_int.h"

static const char *level(md_severity sev)
{
    switch (sev) {
    case MD_SEV_INFO:
        return "notice";
    case MD_SEV_WARNING:
        return "warning";
    case MD_SEV_ERROR:
    case MD_SEV_CRITICAL:
        break;
    }
    return "error";
}

/* GitHub's escaping: the message escapes %, CR and LF; property values
 * also escape ':' and ','. */
static void escape(md_buf *out, const char *s, bool property)
{
    for (; *s; s++) {
        switch (*s) {
        case '%':
            md_buf_puts(out, "%25");
            break;
        case '\r':
            md_buf_puts(out, "%0D");
            break;
        case '\n':
            md_buf_puts(out, "%0A");
            break;
        case ':':
            md_buf_puts(out, property ? "%3A" : ":");
            break;
        case ',':
            md_buf_puts(out, property ? "%2C" : ",");
            break;
        default:
            md_buf_putc(out, *s);
        }
    }
}

static void annotation(md_buf *out, const md_store *st, const md_finding *x)
{
    md_buf_printf(out, "::%s ", level(x->severity));
    const char *path = plain_input(st, x);
    if (path) {
        md_buf_puts(out, "file=");
        escape(out, path, true);
        if (!isnan(x->line) && x->line >= 1)
            md_buf_printf(out, ",line=%.0f", x->line);
        md_buf_putc(out, ',');
    }
    md_buf title = {0};
    md_buf_printf(&title, "%s [%s]", x->title, x->id);
    md_buf_puts(out, "title=");
    escape(out, md_buf_cstr(&title), true);
    md_buf_free(&title);

    md_buf msg = {0};
    plain_headline(&msg, x);
    md_buf_putc(&msg, '\n');
    plain_body(&msg, x);
    while (msg.n && msg.p[msg.n - 1] == '\n')
        msg.p[--msg.n] = '\0';
    md_buf_puts(out, "::");
    escape(out, md_buf_cstr(&msg), false);
    md_buf_putc(out, '\n');
    md_buf_free(&msg);
}

void md_render_github_gated(const md_store *st, const md_findings *f, const md_gate *gates, size_t ngates,
                            md_buf *out)
{
    for (size_t i = 0; i < ngates; i++) {
        if (gates[i].passed)
            continue;
        md_buf_printf(out, "::error title=%s::", gates[i].kind == MD_GATE_EXPECT ? "expectation failed" : "baseline failed");
        md_buf msg = {0};
        md_buf_printf(&msg, "%s: %s", gates[i].name, gates[i].why ? gates[i].why : "failed");
        escape(out, md_buf_cstr(&msg), false);
        md_buf_putc(out, '\n');
        md_buf_free(&msg);
    }
    for (size_t i = 0; i < f->n; i++)
        annotation(out, st, &f->v[i]);
}

void md_render_github(const md_store *st, const md_findings *f, md_buf *out)
{
    md_render_github_gated(st, f, NULL, 0, out);
}
