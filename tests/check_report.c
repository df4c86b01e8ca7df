/* Reports: text sparklines and wrapping, Markdown, JUnit XML, GitHub
 * annotations and the SVG plot, over stores and findings built by hand or
 * evaluated by the built-in rules. */
#include <cjson/cJSON.h>
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mldiag/rank.h"
#include "mldiag/report.h"
#include "mldiag/rules.h"
#include "report/chart_int.h"
#include "report/jsonw.h"

#include "tests.h"

static void record(md_store *st, int64_t step, const char *key, double v)
{
    md_store_record_begin(st, (unsigned long)step + 1);
    md_store_record_kv(st, "step", 4, (double)step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
    md_store_record_kv(st, key, strlen(key), v, MD_UNIT_NONE, 0, NAN);
    md_store_record_end(st, NULL);
}

/* An empty store over the built-in catalog, reading one text input. */
static md_store *new_run(const char *path)
{
    md_store *st = md_store_new(t_catalog());
    md_store_begin_input(st, path, MD_FMT_TEXT);
    return st;
}

/* A run whose loss falls from 3.5 and turns NaN at step 200 (of 0..290),
 * with a grad_norm that is flat until then. */
static md_store *nan_run(void)
{
    md_store *st = new_run("runs/nan.log");
    for (int64_t s = 0; s < 300; s += 10) {
        record(st, s, "loss", s < 200 ? 3.0 * exp(-(double)s / 100) + 0.5 : NAN);
        record(st, s, "grad_norm", 1.0);
    }
    return st;
}

static md_store *healthy_run(void)
{
    md_store *st = new_run("runs/ok.log");
    for (int64_t s = 0; s < 300; s += 10)
        record(st, s, "loss", 3.0 * exp(-(double)s / 100) + 0.5);
    return st;
}

static void evaluate(md_store *st, md_findings *f)
{
    md_sigset *sig = md_sigset_new(st);
    md_rules_eval(t_rules(), sig, f);
    md_sigset_free(sig);
}

/* The store of a log written from text as dir/train.log. */
static md_store *load_log(const char *dir, const md_buf *text)
{
    char *path = t_write(dir, "train.log", text->p, text->n);
    md_store *st = NULL;
    ck_assert_int_eq(t_load(path, &st, NULL), MD_OK);
    free(path);
    return st;
}

static void strs_add(md_strs *s, const char *text)
{
    s->v = md_xrealloc(s->v, (s->n + 1) * sizeof *s->v);
    s->v[s->n++] = md_xstrdup(text);
}

/* A finding built by hand; strings the finding owns are copied. */
static md_finding *add_finding(md_findings *f, const char *id, const char *title, md_severity sev,
                               double step)
{
    MD_GROW(f->v, f->n, f->cap);
    md_finding *x = &f->v[f->n++];
    memset(x, 0, sizeof *x);
    x->id = id;
    x->title = title;
    x->symptom = "symptom";
    x->severity = x->declared = sev;
    x->confidence = 0.9;
    x->step = step;
    x->line = NAN;
    x->input = -1;
    return x;
}

static md_cause *add_cause(md_finding *x, const char *text, double share)
{
    x->causes = md_xrealloc(x->causes, (x->ncauses + 1) * sizeof *x->causes);
    md_cause *c = &x->causes[x->ncauses++];
    memset(c, 0, sizeof *c);
    c->id = "cause";
    c->text = md_xstrdup(text);
    c->share = share;
    return c;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* A small well-formedness check: elements nest, attributes are quoted,
 * no raw '<' or stray '&' in text, no control characters. */
static bool well_formed(const char *xml)
{
    const char *stack[64];
    size_t depth = 0, namelen[64];
    for (const char *p = xml; *p; p++) {
        if ((unsigned char)*p < 0x20 && *p != '\n' && *p != '\t' && *p != '\r')
            return false;
        if (*p == '&') {
            const char *semi = strchr(p, ';');
            if (!semi || semi - p > 6 || strcspn(p, " <\"") < (size_t)(semi - p))
                return false;
            continue;
        }
        if (*p != '<')
            continue;
        if (p[1] == '?' || p[1] == '!') {
            p = strchr(p, '>');
            if (!p)
                return false;
            continue;
        }
        bool closing = p[1] == '/';
        const char *name = p + 1 + closing;
        size_t n = strcspn(name, " />\n");
        const char *end = name + n;
        bool in_quote = false;
        while (*end && (in_quote || *end != '>')) {
            if (*end == '"')
                in_quote = !in_quote;
            else if (*end == '<')
                return false;
            end++;
        }
        if (!*end)
            return false;
        if (closing) {
            if (!depth || namelen[depth - 1] != n || strncmp(stack[depth - 1], name, n) != 0)
                return false;
            depth--;
        } else if (end[-1] != '/') {
            if (depth == 64)
                return false;
            stack[depth] = name;
            namelen[depth++] = n;
        }
        p = end;
    }
    return depth == 0;
}

START_TEST(test_markdown_nan_run)
{
    md_store *st = nan_run();
    md_findings f;
    evaluate(st, &f);
    ck_assert_ptr_nonnull(t_find_finding(&f, "nan_loss"));
    md_buf out = {0};
    md_render_markdown(st, &f, NULL, &out);
    const char *md = md_buf_cstr(&out);
    ck_assert(strncmp(md, "# ", 2) == 0);
    ck_assert_ptr_nonnull(strstr(md, "| # | Severity | Finding | Step | Top cause |"));
    ck_assert_ptr_nonnull(strstr(md, "(`nan_loss`) | 200 |"));
    ck_assert_ptr_nonnull(strstr(md, "```mermaid\n"));
    ck_assert_ptr_nonnull(strstr(md, "xychart-beta\n"));
    ck_assert_ptr_nonnull(strstr(md, "x-axis \"step\" 0 --> 290"));
    ck_assert_ptr_nonnull(strstr(md, "- **step 200**: finding"));
    size_t checks = 0;
    for (size_t i = 0; i < f.n; i++)
        for (size_t k = 0; k < f.v[i].ncauses; k++)
            checks += f.v[i].causes[k].checks.n;
    ck_assert_uint_gt(checks, 0);
    ck_assert_uint_eq(count(md, "- [ ] "), checks);
    /* Mermaid's parser reads plain decimals only: no exponent, no nan. */
    for (const char *line = strstr(md, "    line ["); line; line = strstr(line + 1, "    line [")) {
        size_t n = strcspn(line + 10, "]");
        ck_assert_uint_eq(strspn(line + 10, "0123456789.-, "), n);
    }
    ck_assert(out.p[out.n - 1] == '\n' && out.p[out.n - 2] != '\n');
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* Every table row has exactly the six pipes of its five cells. */
static void assert_table_rows(const char *md)
{
    for (const char *row = strstr(md, "\n| "); row; row = strstr(row + 1, "\n| ")) {
        size_t pipes = 0, n = strcspn(row + 1, "\n");
        for (size_t i = 1; i <= n; i++)
            pipes += row[i] == '|' && row[i - 1] != '\\';
        ck_assert_msg(pipes == 6, "row with %zu cell separators: %.*s", pipes, (int)n, row + 1);
    }
}

START_TEST(test_markdown_escaping_and_fixes)
{
    md_store *st = healthy_run();
    md_findings f = {0};
    md_finding *x = add_finding(&f, "pipes", "A | B *bold* <b>", MD_SEV_ERROR, 50);
    strs_add(&x->evidence, "eval_g1_loss was [best] at step 50");
    md_cause *c = add_cause(x, "Cause with | a pipe", 1.0);
    strs_add(&c->checks, "Is max_grad_norm set?");
    strs_add(&c->fixes, "Clip gradients: torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)");
    strs_add(&c->fixes, "CUDA_LAUNCH_BLOCKING=1 python train.py");
    md_buf out = {0};
    md_render_markdown(st, &f, NULL, &out);
    const char *md = md_buf_cstr(&out);
    assert_table_rows(md);
    ck_assert_ptr_nonnull(strstr(md, "A \\| B \\*bold\\* \\<b\\>"));
    ck_assert_ptr_nonnull(strstr(md, "Cause with \\| a pipe (100%) |"));
    ck_assert_ptr_nonnull(strstr(md, "`eval_g1_loss` was \\[best\\]"));
    ck_assert_ptr_nonnull(strstr(md, "- [ ] Is `max_grad_norm` set?"));
    ck_assert_ptr_nonnull(
        strstr(md, "Fix: Clip gradients: `torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)`"));
    ck_assert_ptr_nonnull(strstr(md, "```\n     CUDA_LAUNCH_BLOCKING=1 python train.py\n     ```"));
    ck_assert_ptr_null(strstr(md, "<b>"));
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* A path or a name as a code span: backticks fenced by more, line breaks
 * and controls never reach the page, a table cell's '|' escaped, bytes
 * that are no UTF-8 replaced. */
START_TEST(test_markdown_code_span)
{
    static const struct {
        const char *in;
        bool cell;
        const char *out;
    } cases[] = {
        {"run/train.log", false, "`run/train.log`"},
        {"b`a``se.jsonl", false, "```b`a``se.jsonl```"},
        {"`tick", false, "`` `tick ``"},
        {"n\nw|x.jsonl", false, "`n w|x.jsonl`"},
        {"lr=1e-3|bs=32/", true, "`lr=1e-3\\|bs=32/`"},
        {"e\x1b[31mr\r", true, "`e?[31mr `"},
        {"gr\xff.csv", false, "`gr\xef\xbf\xbd.csv`"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        md_buf out = {0};
        md_render_code_span(&out, cases[i].in, cases[i].cell);
        ck_assert_str_eq(md_buf_cstr(&out), cases[i].out);
        md_buf_free(&out);
    }
}
END_TEST

START_TEST(test_markdown_no_findings)
{
    md_store *st = healthy_run();
    md_findings f = {0};
    f.evaluated = 42;
    md_buf out = {0};
    md_render_markdown(st, &f, NULL, &out);
    const char *md = md_buf_cstr(&out);
    ck_assert_ptr_nonnull(strstr(md, "## No problems found"));
    ck_assert_ptr_nonnull(strstr(md, "42 rules checked"));
    ck_assert_ptr_nonnull(strstr(md, "- `loss`: 30 points, 3.5 → "));
    ck_assert_ptr_null(strstr(md, "| # |"));
    ck_assert_ptr_nonnull(strstr(md, "xychart-beta"));
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* A log of series no rule names (a GAN's d_loss and g_loss) still says
 * what was read. */
START_TEST(test_no_findings_lists_unknown_series)
{
    md_store *st = new_run("runs/gan.log");
    for (int64_t s = 0; s < 100; s += 10) {
        record(st, s, "D loss", 0.6);
        record(st, s, "G loss", 1.2);
    }
    md_findings f = {0};
    md_report_opts o = {false, 80, false, false};
    md_buf out = {0};
    md_render_text(st, &f, &o, &out);
    ck_assert_ptr_nonnull(strstr(md_buf_cstr(&out), "No problems found. Checked: d_loss (10 points, 0.6 -> 0.6)"));
    md_buf_reset(&out);
    md_render_markdown(st, &f, NULL, &out);
    ck_assert_ptr_nonnull(strstr(md_buf_cstr(&out), "- `g_loss`: 10 points"));
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

static const char *tag_of(const void *ctx, const char *id)
{
    (void)ctx;
    return strcmp(id, "nan_loss") == 0 ? "numerical" : NULL;
}

START_TEST(test_junit_cases_and_levels)
{
    md_store *st = nan_run();
    md_findings f;
    evaluate(st, &f);
    const md_finding *nan = t_find_finding(&f, "nan_loss");
    ck_assert_ptr_nonnull(nan);
    ck_assert_int_eq(nan->severity, MD_SEV_CRITICAL);
    ck_assert_uint_gt(f.nresults, 10);

    md_junit_opts o = {MD_SEV_CRITICAL, tag_of, NULL, NULL, 0};
    md_buf out = {0};
    md_render_junit(st, &f, &o, &out);
    const char *xml = md_buf_cstr(&out);
    ck_assert(well_formed(xml));
    ck_assert_uint_eq(count(xml, "<testsuite "), 1);
    ck_assert_ptr_nonnull(strstr(xml, "<testsuite name=\"runs/nan.log\""));
    ck_assert_uint_eq(count(xml, "<testcase "), f.nresults);
    ck_assert_uint_eq(count(xml, "<failure "), md_findings_at_least(&f, MD_SEV_CRITICAL));
    ck_assert_uint_eq(count(xml, "<skipped "), f.nskipped);
    ck_assert_ptr_nonnull(strstr(xml, "<testcase classname=\"mldiag.numerical\" name=\"nan_loss\">\n"
                                      "      <failure type=\"critical\""));
    ck_assert_ptr_nonnull(strstr(xml, "classname=\"mldiag.rules\""));
    md_buf_free(&out);

    /* Nothing fails when the level is above every finding: they pass with
     * their text as output. */
    md_findings_free(&f);
    md_findings g = {0};
    add_finding(&g, "low", "Low finding", MD_SEV_WARNING, 10);
    md_junit_opts hi = {MD_SEV_ERROR, NULL, NULL, NULL, 0};
    md_render_junit(st, &g, &hi, &out);
    xml = md_buf_cstr(&out);
    ck_assert(well_formed(xml));
    ck_assert_uint_eq(count(xml, "<failure"), 0);
    ck_assert_ptr_nonnull(strstr(xml, "name=\"low\">\n      <system-out>Low finding at step 10"));
    ck_assert_ptr_nonnull(strstr(xml, "tests=\"1\" failures=\"0\""));
    md_buf_free(&out);
    md_findings_free(&g);
    md_store_free(st);
}
END_TEST

START_TEST(test_severity_counts)
{
    /* Every report counts the findings of each severity, most severe
     * first, and leaves out the severities none has. */
    md_store *st = nan_run();
    md_findings f = {0};
    add_finding(&f, "a", "A", MD_SEV_WARNING, 10);
    add_finding(&f, "b", "B", MD_SEV_CRITICAL, 20);
    add_finding(&f, "c", "C", MD_SEV_WARNING, 30);
    add_finding(&f, "d", "D", MD_SEV_INFO, 40);
    ck_assert_uint_eq(md_findings_count(&f, MD_SEV_WARNING), 2);
    ck_assert_uint_eq(md_findings_count(&f, MD_SEV_ERROR), 0);
    ck_assert_uint_eq(md_findings_at_least(&f, MD_SEV_WARNING), 3);
    md_report_opts o = {false, 80, false, false};
    md_buf out = {0};
    md_render_text(st, &f, &o, &out);
    ck_assert_ptr_nonnull(strstr(md_buf_cstr(&out), "4 findings: 1 critical, 2 warning, 1 info.\n"));
    md_buf_reset(&out);
    md_render_markdown(st, &f, &o, &out);
    ck_assert_ptr_nonnull(strstr(md_buf_cstr(&out), "**4 findings:** 1 critical, 2 warning, 1 info.\n"));
    md_buf_reset(&out);
    md_render_json(st, &f, &out);
    ck_assert_ptr_nonnull(strstr(md_buf_cstr(&out), "\"summary\":{\"critical\":1,\"error\":0,\"warning\":2,\"info\":1}"));
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* JSON must be UTF-8 a strict reader decodes: an overlong form, a
 * surrogate and a code point past U+10FFFF are replacement characters. */
START_TEST(test_json_escape_strict_utf8)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"a\xe0\x80\xaf" "b", "\"a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" "b\""}, /* overlong '/' */
        {"\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},      /* a surrogate */
        {"\xf4\x90\x80\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""}, /* past U+10FFFF */
        {"\xf0\x9f\x98\x80 \xc3\xa9", "\"\xf0\x9f\x98\x80 \xc3\xa9\""},  /* kept */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        md_buf out = {0};
        md_json_escape(&out, cases[i].in, strlen(cases[i].in));
        ck_assert_str_eq(md_buf_cstr(&out), cases[i].out);
        md_buf_free(&out);
    }
}
END_TEST

START_TEST(test_junit_escaping)
{
    md_store *st = healthy_run();
    md_findings f = {0};
    md_finding *x = add_finding(&f, "esc", "<a & \"b\">", MD_SEV_CRITICAL, NAN);
    strs_add(&x->evidence, "line\x01 with \xff bad bytes ]]> & <tags>");
    f.skipped = md_xcalloc(1, sizeof *f.skipped);
    f.skipped[0].id = "skip\"me";
    f.skipped[0].reason = md_xstrdup("no <grad_norm> series");
    f.nskipped = f.capskipped = 1;
    f.results = md_xcalloc(2, sizeof *f.results);
    f.results[0] = (md_rule_result){"esc", "t", MD_RULE_FIRED, MD_SEV_CRITICAL};
    f.results[1] = (md_rule_result){"skip\"me", "t", MD_RULE_SKIPPED, MD_SEV_INFO};
    f.nresults = 2;
    md_junit_opts o = {MD_SEV_ERROR, NULL, NULL, NULL, 0};
    md_buf out = {0};
    md_render_junit(st, &f, &o, &out);
    const char *xml = md_buf_cstr(&out);
    ck_assert(well_formed(xml));
    ck_assert_ptr_nonnull(strstr(xml, "message=\"&lt;a &amp; &quot;b&quot;&gt; (critical"));
    ck_assert_ptr_nonnull(strstr(xml, "name=\"skip&quot;me\""));
    ck_assert_ptr_nonnull(strstr(xml, "<skipped message=\"no &lt;grad_norm&gt; series\"/>"));
    ck_assert_ptr_nonnull(strstr(xml, "line\xef\xbf\xbd with \xef\xbf\xbd bad bytes ]]&gt; &amp; &lt;tags&gt;"));
    ck_assert_ptr_nonnull(strstr(xml, "tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\""));
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* check's --expect and --baseline are test cases of the JUnit report and
 * a "gates" list in JSON: a report that passes every rule still shows the
 * gate that failed the job. */
START_TEST(test_gates_in_junit_and_json)
{
    md_store *st = healthy_run();
    md_findings f = {0};
    char why_expect[] = "false", why_base[] = "loss ends 12.0% worse than the baseline (2.1 against 1.9)";
    md_gate gates[] = {{MD_GATE_EXPECT, "loss.last < 0.1 && x <y", false, why_expect},
                       {MD_GATE_EXPECT, "has(loss)", true, NULL},
                       {MD_GATE_BASELINE, "runs/main/", false, why_base}};
    md_junit_opts o = {MD_SEV_ERROR, NULL, NULL, gates, 3};
    md_buf out = {0};
    md_render_junit(st, &f, &o, &out);
    const char *xml = md_buf_cstr(&out);
    ck_assert(well_formed(xml));
    ck_assert_ptr_nonnull(strstr(xml, "tests=\"3\" failures=\"2\""));
    ck_assert_ptr_nonnull(strstr(xml, "classname=\"mldiag.expect\" name=\"loss.last &lt; 0.1 &amp;&amp; x &lt;y\">"));
    ck_assert_ptr_nonnull(strstr(xml, "<testcase classname=\"mldiag.expect\" name=\"has(loss)\"/>"));
    ck_assert_ptr_nonnull(strstr(xml, "classname=\"mldiag.baseline\" name=\"runs/main/\""));
    ck_assert_ptr_nonnull(strstr(xml, "message=\"loss ends 12.0% worse"));
    md_buf_reset(&out);
    md_render_json_gated(st, &f, gates, 3, &out);
    cJSON *root = cJSON_Parse(md_buf_cstr(&out));
    ck_assert_ptr_nonnull(root);
    cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "gates");
    ck_assert_int_eq(cJSON_GetArraySize(g), 3);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(g, 0), "passed")));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(g, 1), "why")));
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(g, 2), "kind")->valuestring, "baseline");
    cJSON_Delete(root);
    md_buf_reset(&out);
    md_render_json(st, &f, &out);
    ck_assert_ptr_null(strstr(md_buf_cstr(&out), "\"gates\""));
    md_buf_free(&out);
    md_store_free(st);
}
END_TEST

START_TEST(test_github_annotations)
{
    md_store *st = healthy_run();
    md_findings f = {0};
    md_finding *a = add_finding(&f, "i", "Info: a, b", MD_SEV_INFO, 5);
    a->input = 0;
    a->line = 12;
    strs_add(&a->evidence, "rose 50%\r\nthen fell: a, b");
    add_finding(&f, "w", "Warn", MD_SEV_WARNING, NAN);
    add_finding(&f, "e", "Err", MD_SEV_ERROR, NAN);
    add_finding(&f, "c", "Crit", MD_SEV_CRITICAL, NAN);
    md_buf out = {0};
    md_render_github(st, &f, &out);
    const char *gh = md_buf_cstr(&out);
    ck_assert_uint_eq(count(gh, "\n"), 4);
    static const char first[] = "::notice file=runs/ok.log,line=12,title=Info%3A a%2C b [i]::Info: a, b at step 5";
    ck_assert(strncmp(gh, first, strlen(first)) == 0);
    ck_assert_ptr_nonnull(strstr(gh, "- rose 50%25%0D%0Athen fell: a, b\n"));
    ck_assert_ptr_nonnull(strstr(gh, "\n::warning title=Warn [w]::Warn (warning"));
    ck_assert_ptr_nonnull(strstr(gh, "\n::error title=Err [e]::"));
    ck_assert_ptr_nonnull(strstr(gh, "\n::error title=Crit [c]::"));
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* The SVG of st with its findings, checked to be well formed; frees st. */
static char *svg_of(md_store *st)
{
    md_findings f;
    evaluate(st, &f);
    md_buf out = {0};
    md_render_svg(st, &f, &out);
    ck_assert(well_formed(md_buf_cstr(&out)));
    md_findings_free(&f);
    md_store_free(st);
    return md_buf_steal(&out);
}

START_TEST(test_svg_marks_finding)
{
    char *svg = svg_of(nan_run());
    ck_assert_ptr_nonnull(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    ck_assert_ptr_nonnull(strstr(svg, "<polygon "));
    ck_assert_ptr_nonnull(strstr(svg, "<path fill=\"none\""));
    ck_assert_uint_ge(count(svg, "class=\"finding\""), 1);
    ck_assert_ptr_nonnull(strstr(svg, "nan_loss (step 200)"));
    ck_assert_ptr_nonnull(strstr(svg, "stroke-dasharray"));
    ck_assert_ptr_null(strstr(svg, "nan\""));
    free(svg);

    md_buf out = {0};
    md_store *empty = md_store_new(t_catalog());
    md_findings none = {0};
    md_render_svg(empty, &none, &out);
    ck_assert(well_formed(md_buf_cstr(&out)));
    ck_assert_ptr_nonnull(strstr(out.p, "No curve to plot: no loss"));
    md_buf_free(&out);
    md_store_free(empty);
    /* A loss that is NaN at every point is there, and said so. */
    md_store *all_nan = new_run("runs/all_nan.log");
    for (int64_t step = 1; step <= 3; step++)
        record(all_nan, step, "loss", NAN);
    md_render_svg(all_nan, &none, &out);
    ck_assert(well_formed(md_buf_cstr(&out)));
    ck_assert_ptr_nonnull(strstr(out.p, "every loss value is NaN or Inf"));
    md_buf_free(&out);
    md_store_free(all_nan);
}
END_TEST

/* Values at the ends of the double range still give finite coordinates
 * and labels: the span between -1e308 and 1e308 is past the largest
 * double. */
START_TEST(test_svg_extreme_values)
{
    md_store *st = new_run("runs/extreme.log");
    const double values[] = {1e308, -1e308, 1, 2, -DBL_MAX, DBL_MAX};
    for (int64_t s = 0; s < 6; s++)
        record(st, s, "loss", values[s]);
    char *svg = svg_of(st);
    ck_assert_ptr_null(strstr(svg, "nan\""));
    ck_assert_ptr_null(strstr(svg, "nan,"));
    ck_assert_ptr_null(strstr(svg, "nan "));
    ck_assert_ptr_null(strstr(svg, ">inf<"));
    ck_assert_ptr_null(strstr(svg, ">-inf<"));
    ck_assert_ptr_nonnull(strstr(svg, ">1e+300<"));
    free(svg);

    /* Steps past 2^52, where a tick's step adds nothing to a step's
     * double, and one value held at a denormal: a few ticks, no nan. */
    const int64_t steps[] = {3000000000000000, 8999999999999990};
    for (size_t i = 0; i < 2; i++) {
        st = new_run("runs/far.log");
        record(st, steps[i], "loss", 4.9e-320);
        record(st, steps[i] + 4, "loss", 4.9e-320);
        svg = svg_of(st);
        ck_assert_uint_le(count(svg, "<text"), 40);
        ck_assert_ptr_null(strstr(svg, "nan"));
        free(svg);
    }
}
END_TEST

START_TEST(test_text_sparkline)
{
    md_store *st = nan_run();
    md_findings f;
    evaluate(st, &f);
    ck_assert_str_eq(f.v[0].id, "nan_loss");
    md_report_opts o = {false, 80, false, false};
    md_buf out = {0};
    md_render_text(st, &f, &o, &out);
    const char *t = md_buf_cstr(&out);
    ck_assert_ptr_null(strchr(t, '\x1b'));
    ck_assert_ptr_nonnull(strstr(t, "Series (2): loss, grad_norm"));
    const char *loss = strstr(t, "\n  loss ");
    ck_assert_ptr_nonnull(loss);
    ck_assert_ptr_nonnull(strstr(loss, "█"));
    ck_assert_ptr_nonnull(strstr(loss, "!"));
    ck_assert_ptr_nonnull(strstr(t, "first 3.5  min "));
    ck_assert_ptr_nonnull(strstr(t, "last nan"));
    ck_assert_ptr_nonnull(strstr(t, "^ step 200: finding 1 (nan_loss)"));
    /* The caret sits under the first '!' of the loss line. */
    const char *caret = strstr(t, "^ step 200");
    const char *line_start = caret;
    while (line_start[-1] != '\n')
        line_start--;
    const char *bang = strchr(loss + 1, '!');
    size_t col = 0;
    for (const char *p = loss + 1; p < bang; p++)
        col += ((unsigned char)*p & 0xc0) != 0x80;
    ck_assert_uint_eq((size_t)(caret - line_start), col);
    md_buf_free(&out);

    o.color = true;
    md_render_text(st, &f, &o, &out);
    ck_assert_ptr_nonnull(strstr(out.p, "\x1b["));
    md_buf_free(&out);

    o.color = false;
    o.quiet = true;
    md_render_text(st, &f, &o, &out);
    ck_assert_uint_eq(count(out.p, "\n"), f.n);
    ck_assert_ptr_null(strstr(out.p, "█"));
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* Where a finding lists the cause: its rank, or ncauses when it is left out. */
static size_t cause_rank(const md_finding *f, const char *id)
{
    for (size_t i = 0; i < f->ncauses; i++)
        if (strcmp(f->causes[i].id, id) == 0)
            return i;
    return f->ncauses;
}

static bool has_evidence(const md_finding *f, const char *text)
{
    for (size_t i = 0; i < f->evidence.n; i++)
        if (strstr(f->evidence.v[i], text))
            return true;
    return false;
}

/* NaNs that run to the end of a falling loss: the last finite loss is the
 * one before them, the loss fell (never "-x% above"), and bad samples are
 * not the first suspect. NaNs that come and go with finite losses between
 * them point at bad samples, and the run's last loss came after them. */
START_TEST(test_nan_loss_evidence_follows_the_nans)
{
    md_store *st = nan_run();
    md_findings f;
    evaluate(st, &f);
    const md_finding *nan = t_find_finding(&f, "nan_loss");
    ck_assert_ptr_nonnull(nan);
    ck_assert(has_evidence(nan, "the last finite loss before it was"));
    ck_assert(has_evidence(nan, "below its earlier level"));
    ck_assert(!has_evidence(nan, "above its earlier level"));
    ck_assert(has_evidence(nan, "first non-finite loss at step 200,"));
    ck_assert(!has_evidence(nan, "overflows were reported")); /* checks that found nothing */
    ck_assert(!has_evidence(nan, "NaN iterations"));
    ck_assert_uint_gt(nan->ncauses, 1); /* causes come most likely first */
    ck_assert_str_ne(nan->causes[0].id, "nan_loss.bad_data");
    md_findings_free(&f);
    md_store_free(st);

    st = new_run("runs/bad_batches.log");
    for (int64_t s = 0; s < 300; s++)
        record(st, s, "loss", s % 50 == 25 ? NAN : 3.0 * exp(-(double)s / 100) + 0.5);
    evaluate(st, &f);
    nan = t_find_finding(&f, "nan_loss");
    ck_assert_ptr_nonnull(nan);
    ck_assert(!has_evidence(nan, "the last finite loss before it was"));
    ck_assert_uint_gt(nan->ncauses, 1);
    ck_assert_str_eq(nan->causes[0].id, "nan_loss.bad_data");
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* Evidence names a log entry where the log gave no step. */
START_TEST(test_evidence_names_entries)
{
    md_findings f;
    md_store *st = new_run("runs/stepless.log");
    for (int i = 0; i < 30; i++) {
        md_store_record_begin(st, (unsigned long)i + 1);
        md_store_record_kv(st, "loss", 4, i < 20 ? 3.0 * exp(-i / 10.0) + 0.5 : NAN, MD_UNIT_NONE, 0, NAN);
        md_store_record_end(st, NULL);
    }
    evaluate(st, &f);
    const md_finding *nan = t_find_finding(&f, "nan_loss");
    ck_assert_ptr_nonnull(nan);
    ck_assert(nan->ordinal_step);
    ck_assert(has_evidence(nan, "first non-finite loss at log entry 21,"));
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* A log that ends in a hole of NUL bytes was cut off by a machine that
 * went down: the run is truncated, and that is the first suspect. The same
 * hole inside a log that goes on (the job was requeued and appended to it)
 * is no truncation. */
START_TEST(test_log_ending_in_a_hole)
{
    md_buf text = {0};
    for (int step = 1; step <= 60; step++)
        md_buf_printf(&text, "step %d loss %.3f\n", step, 3.0 * exp(-step / 20.0) + 0.5);
    for (int i = 0; i < 8192; i++)
        md_buf_putc(&text, '\0');
    char *dir = t_tmpdir();
    md_store *st = load_log(dir, &text);
    md_findings f;
    evaluate(st, &f);
    const md_finding *cut = t_find_finding(&f, "run_truncated");
    ck_assert_ptr_nonnull(cut);
    ck_assert(!cut->benign);
    ck_assert(has_evidence(cut, "the log ends in 8192 NUL bytes from line 61"));
    ck_assert_str_eq(cut->causes[0].id, "run_truncated.machine_down");
    md_findings_free(&f);
    md_store_free(st);

    for (int step = 61; step <= 120; step++)
        md_buf_printf(&text, "step %d loss %.3f\n", step, 3.0 * exp(-step / 20.0) + 0.5);
    st = load_log(dir, &text);
    evaluate(st, &f);
    ck_assert_ptr_null(t_find_finding(&f, "run_truncated"));
    md_findings_free(&f);
    md_store_free(st);
    t_rmtree(dir);
    free(dir);
    md_buf_free(&text);
}
END_TEST

/* A log cut short of its planned steps, and one of three points, say so
 * once it has ended; not while mldiag watch follows it (log.growing), as
 * it may yet go on. */
START_TEST(test_growing_log_has_not_ended)
{
    for (int growing = 0; growing < 2; growing++) {
        md_store *st = new_run("runs/cut.log");
        for (int64_t s = 1; s <= 50; s++) {
            md_store_record_begin(st, (unsigned long)s);
            md_store_record_kv(st, "step", 4, (double)s, MD_UNIT_NONE, MD_KV_INTEGRAL | MD_KV_TOTAL, 100);
            md_store_record_kv(st, "loss", 4, 3.0 * exp(-(double)s / 20) + 0.5, MD_UNIT_NONE, 0, NAN);
            md_store_record_end(st, NULL);
        }
        md_store *few = new_run("runs/few.log");
        for (int64_t s = 0; s < 3; s++)
            record(few, s, "loss", 2.0 - 0.1 * (double)s);
        md_store_input_mut(st, 0)->growing = growing;
        md_store_input_mut(few, 0)->growing = growing;
        md_findings f, g;
        evaluate(st, &f);
        evaluate(few, &g);
        ck_assert(growing ? t_find_finding(&f, "run_truncated") == NULL : t_find_finding(&f, "run_truncated") != NULL);
        ck_assert(growing ? t_find_finding(&g, "insufficient_data") == NULL : t_find_finding(&g, "insufficient_data") != NULL);
        md_findings_free(&f);
        md_findings_free(&g);
        md_store_free(st);
        md_store_free(few);
    }
}
END_TEST

/* A gradient norm that falls from 1 to 3e-6 vanished while the loss sat
 * near its start, though it never went below 1e-6; the same fall while
 * the loss went to ~0 is a converged model, and no finding. */
START_TEST(test_vanishing_gradients_relative)
{
    for (int converged = 0; converged < 2; converged++) {
        md_store *st = new_run("runs/vanish.log");
        for (int64_t s = 1; s < 400; s++) {
            double loss = converged ? 2.3 * exp(-(double)s / 40) : 2.3 - 1e-4 * (double)s;
            record(st, s, "loss", loss);
            record(st, s, "grad_norm", exp(-(double)s / 30) + 1e-9);
        }
        md_findings f;
        evaluate(st, &f);
        if (converged)
            ck_assert_ptr_null(t_find_finding(&f, "vanishing_gradients"));
        else
            ck_assert_ptr_nonnull(t_find_finding(&f, "vanishing_gradients"));
        md_findings_free(&f);
        md_store_free(st);
    }
}
END_TEST

/* DPO runs driven to a loss of ~0, and runs whose margins explode while
 * the loss stays above it (pairs the policy cannot separate): a learning
 * rate far above DPO's norm is the first suspect, one at the norm the
 * last. */
START_TEST(test_dpo_findings_blame_lr_by_its_value)
{
    const double lrs[] = {1e-4, 5e-7};
    for (int collapse = 0; collapse < 2; collapse++) {
        for (size_t k = 0; k < 2; k++) {
            md_store *st = new_run("runs/dpo.log");
            for (int64_t s = 10; s <= 1000; s += 10) {
                double margin = 0.1 + (double)s / (collapse ? 100 : 60);
                record(st, s, "rewards/margins", margin);
                record(st, s, "rewards/accuracies", s < 200 ? 0.7 : collapse ? 1.0 : 0.95);
                record(st, s, "loss", collapse ? log1p(exp(-margin)) : 0.05 + 0.5 * exp(-(double)s / 200));
                record(st, s, "learning_rate", lrs[k]);
            }
            md_findings f;
            evaluate(st, &f);
            const char *rule = collapse ? "dpo_overoptimization" : "dpo_margin_explosion";
            const md_finding *x = t_find_finding(&f, rule);
            ck_assert_msg(x != NULL, "%s not found", rule);
            ck_assert_uint_ge(x->ncauses, 2);
            char lr_cause[64];
            snprintf(lr_cause, sizeof lr_cause, "%s.lr_too_high", rule);
            ck_assert_str_eq(x->causes[k == 0 ? 0 : x->ncauses - 1].id, lr_cause);
            md_findings_free(&f);
            md_store_free(st);
        }
    }
}
END_TEST

/* A flat loss while DeepSpeed skips a third of the steps on overflows: the
 * skipped steps are named, and are among the plateau's causes. The same
 * log with an overflow every thousand steps, the scaler's steady state,
 * names neither. */
START_TEST(test_frequent_overflows_explain_a_plateau)
{
    char *dir = t_tmpdir();
    for (int frequent = 0; frequent < 2; frequent++) {
        md_buf text = {0};
        int steps = frequent ? 600 : 6000, every = frequent ? 3 : 1000;
        for (int step = 1; step <= steps; step++) {
            if (step % every == 0)
                md_buf_printf(&text, "[2024-01-01 10:00:00,000] [INFO] [stage_1_and_2.py:1803:step] [deepspeed] "
                                     "OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 2048, reducing to 2048\n");
            if (step % 10 == 0)
                md_buf_printf(&text, "step=%d loss=%.4f lr=0.0001\n", step, 2.5 + 0.02 * sin(step * 0.7));
        }
        md_store *st = load_log(dir, &text);
        md_findings f;
        evaluate(st, &f);
        const md_finding *plateau = t_find_finding(&f, "loss_plateau");
        ck_assert_ptr_nonnull(plateau);
        bool named = cause_rank(plateau, "loss_plateau.skipped_steps") < plateau->ncauses;
        ck_assert_int_eq(named, frequent);
        ck_assert_int_eq(t_find_finding(&f, "fp16_overflow_frequent") != NULL, frequent);
        md_findings_free(&f);
        md_store_free(st);
        md_buf_free(&text);
    }
    t_rmtree(dir);
    free(dir);
}
END_TEST

/* Data loading that slows down half-way (a cache that ran out): the wait
 * is 2% of the step over most of the run, and half the step at its end.
 * The finding stands where it changed. */
START_TEST(test_late_slow_dataloader)
{
    char *dir = t_tmpdir();
    md_buf text = {0};
    for (int step = 0; step < 15000; step += 100) {
        double data = step < 9000 ? 0.01 : 0.45;
        md_buf_printf(&text, "step %d | loss %.4f | time %.3f | data_time %.3f\n", step,
                      1.5 + 5 * exp(-step / 4000.0), 0.5 + data, data);
    }
    md_store *st = load_log(dir, &text);
    md_findings f;
    evaluate(st, &f);
    const md_finding *slow = t_find_finding(&f, "slow_dataloader");
    ck_assert_ptr_nonnull(slow);
    ck_assert_double_ge(slow->step, 8000);
    ck_assert_double_le(slow->step, 9000);
    ck_assert(has_evidence(slow, "waiting for data grew from 0.01 s to 0.45 s"));
    double few_workers = slow->causes[0].share;
    ck_assert_str_eq(slow->causes[0].id, "slow_dataloader.few_workers");
    md_findings_free(&f);
    md_store_free(st);

    /* Lightning's warning that the training loader has few workers makes
     * that cause the likelier, and is quoted. */
    md_buf warned = {0};
    md_buf_puts(&warned, "UserWarning: The 'train_dataloader' does not have many workers which may be a bottleneck. "
                         "Consider increasing the value of the `num_workers` argument` to `num_workers=7` in the "
                         "`DataLoader` to improve performance.\n");
    md_buf_put(&warned, text.p, text.n);
    st = load_log(dir, &warned);
    evaluate(st, &f);
    slow = t_find_finding(&f, "slow_dataloader");
    ck_assert_ptr_nonnull(slow);
    ck_assert_str_eq(slow->causes[0].id, "slow_dataloader.few_workers");
    ck_assert_double_gt(slow->causes[0].share, few_workers + 0.1);
    ck_assert(has_evidence(slow, "Lightning warned: UserWarning: The 'train_dataloader' does not have many workers"));
    md_findings_free(&f);
    md_store_free(st);
    md_buf_free(&warned);
    md_buf_free(&text);
    t_rmtree(dir);
    free(dir);
}
END_TEST

/* Which process holds the GPU's memory, as PyTorch 2.1 and later list
 * them: where the processes other than this one hold 8 GiB, another
 * process is the first cause; where this process ("this process has")
 * holds all but 0.3 GiB, the cause is left out. */
START_TEST(test_oom_blames_other_processes_by_their_memory)
{
    static const char *const messages[] = {
        "Tried to allocate 620.00 MiB. GPU 0 has a total capacity of 44.32 GiB of which 84.31 MiB is free. "
        "Process 387090 has 36.25 GiB memory in use. Process 413847 has 4.07 GiB memory in use. Process 413851 "
        "has 3.89 GiB memory in use. Of the allocated memory 35.45 GiB is allocated by PyTorch, and 301.95 MiB "
        "is reserved by PyTorch but unallocated.",
        "Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.55 GiB of which 992.62 MiB is free. "
        "Process 5906 has 293.38 MiB memory in use. Including non-PyTorch memory, this process has 21.90 GiB "
        "memory in use. Of the allocated memory 21.53 GiB is allocated by PyTorch, and 71.64 MiB is reserved by "
        "PyTorch but unallocated.",
    };
    char *dir = t_tmpdir();
    for (size_t k = 0; k < MD_COUNT(messages); k++) {
        md_buf text = {0};
        for (int step = 1; step <= 20; step++)
            md_buf_printf(&text, "step %d: loss=%.3f\n", step, 2.0 - step * 0.01);
        md_buf_printf(&text, "torch.OutOfMemoryError: CUDA out of memory. %s\n", messages[k]);
        md_store *st = load_log(dir, &text);
        md_findings f;
        evaluate(st, &f);
        const md_finding *oom = t_find_finding(&f, "cuda_oom");
        ck_assert_ptr_nonnull(oom);
        size_t at = cause_rank(oom, "cuda_oom.other_process");
        if (k == 0)
            ck_assert_uint_eq(at, 0);
        else
            ck_assert_uint_eq(at, oom->ncauses);
        md_findings_free(&f);
        md_store_free(st);
        md_buf_free(&text);
    }
    t_rmtree(dir);
    free(dir);
}
END_TEST

/* Dicts without a step: the validation loss every tenth entry turns up
 * while the training loss falls. The finding's step comes from a run
 * signal (run.worst_val_best_step) and is a log entry, among the
 * training loss's entries rather than in their first tenth. */
START_TEST(test_overfitting_without_steps)
{
    md_store *st = new_run("runs/no_steps.log");
    for (int i = 1; i <= 110; i++) {
        md_store_record_begin(st, (unsigned long)i);
        if (i % 11) {
            md_store_record_kv(st, "loss", 4, 2.0 * exp(-i / 20.0) + 0.2, MD_UNIT_NONE, 0, NAN);
        } else {
            double k = i / 11;
            md_store_record_kv(st, "eval_loss", 9, 1.2 * exp(-k / 1.5) + 0.6 + (k > 4 ? 0.06 * (k - 4) : 0),
                               MD_UNIT_NONE, 0, NAN);
        }
        md_store_record_end(st, NULL);
    }
    md_findings f;
    evaluate(st, &f);
    const md_finding *over = t_find_finding(&f, "overfitting");
    ck_assert_ptr_nonnull(over);
    ck_assert(over->ordinal_step);
    ck_assert_double_ge(over->step, 33);
    ck_assert_double_le(over->step, 66);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* The glyphs of a series' sparkline, from the text report. */
static void spark_glyphs(const char *report, const char *name, char *out, size_t cap)
{
    char key[64];
    snprintf(key, sizeof key, "\n  %s ", name);
    const char *line = strstr(report, key);
    ck_assert_ptr_nonnull(line);
    const char *p = line + strlen(key);
    p += strspn(p, " ");
    const char *end = p + strcspn(p, "\n");
    const char *figures = strstr(p, "  first ");
    if (figures && figures < end)
        end = figures;
    size_t n = (size_t)(end - p) < cap - 1 ? (size_t)(end - p) : cap - 1;
    while (n > 0 && p[n - 1] == ' ') /* cells past the series' last step */
        n--;
    memcpy(out, p, n);
    out[n] = '\0';
}

/* Steps the log skips are left blank, not drawn as a slope across them;
 * points that are merely sparse (an evaluation every 500 steps) are
 * joined. */
START_TEST(test_text_sparkline_gap)
{
    md_store *st = new_run("runs/gap.log");
    for (int64_t s = 1; s <= 4; s++)
        record(st, s, "loss", 4.0 - 0.1 * (double)s);
    for (int64_t s = 96; s <= 99; s++)
        record(st, s, "loss", 1.0);
    for (int64_t s = 0; s <= 99; s += 10)
        record(st, s, "val_loss", 3.0 - 0.2 * (double)s / 10);
    md_findings f;
    evaluate(st, &f);
    md_report_opts o = {false, 80, false, false};
    md_buf out = {0};
    md_render_text(st, &f, &o, &out);
    char loss[256], val[256];
    spark_glyphs(out.p, "loss", loss, sizeof loss);
    spark_glyphs(out.p, "val_loss", val, sizeof val);
    ck_assert_msg(strstr(loss, "   ") != NULL, "no gap in the loss line: %s", loss);
    ck_assert_msg(strstr(val, " ") == NULL, "a gap in the val_loss line: %s", val);
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* A log whose steps start over spans its lowest to its highest step, in
 * the header and the sparkline: a second table repeating step 1 of a run
 * is no run of one step. */
START_TEST(test_text_restarted_span)
{
    md_store *st = new_run("runs/tables.log");
    for (int64_t s = 1; s <= 4; s++)
        record(st, s, "loss", 1.0 - 0.1 * (double)s);
    record(st, 1, "loss", 0.9);
    md_findings f;
    evaluate(st, &f);
    md_report_opts o = {false, 80, false, false};
    md_buf out = {0};
    md_render_text(st, &f, &o, &out);
    ck_assert_ptr_nonnull(strstr(out.p, "Run: steps 1..4 (loss: 5 points; the steps start over 1 time"));
    char loss[256];
    spark_glyphs(out.p, "loss", loss, sizeof loss);
    ck_assert_msg(strchr(loss, ' ') == NULL && strlen(loss) >= 4 * strlen("▁"), "loss line: %s", loss);
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* A constant series draws flat: cells average different counts of the
 * same value, whose means can differ from it in the last bit. */
START_TEST(test_text_sparkline_constant)
{
    md_store *st = new_run("runs/constant_lr.log");
    for (int64_t s = 0; s < 997; s++) {
        record(st, s, "loss", 3.0 * exp(-(double)s / 300) + 0.5);
        record(st, s, "lr", 1e-4);
    }
    md_findings f;
    evaluate(st, &f);
    md_report_opts o = {false, 80, false, false};
    md_buf out = {0};
    md_render_text(st, &f, &o, &out);
    const char *lr = strstr(out.p, "\n  lr ");
    ck_assert_ptr_nonnull(lr);
    const char *bar = lr + strlen("\n  lr ");
    bar += strspn(bar, " ");
    size_t glyphs = 0;
    for (const char *p = bar; *p != ' '; p += strlen("▄"), glyphs++)
        ck_assert_msg(strncmp(p, "▄", strlen("▄")) == 0, "lr line is not flat: %.*s", (int)strcspn(lr + 1, "\n"),
                      lr + 1);
    ck_assert_uint_gt(glyphs, 10);
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* A swing below the four digits printed beside the line (a loss stuck at
 * 8.0066 +- 0.0002) draws flat too; a swing of a percent does not. */
START_TEST(test_text_sparkline_below_resolution)
{
    md_store *st = new_run("runs/stuck.log");
    for (int64_t s = 0; s < 200; s++) {
        record(st, s, "loss", 8.0066 + (s % 3 == 0 ? 2e-4 : -1e-4));
        record(st, s, "grad_norm", 1.0 + (s % 3 == 0 ? 0.01 : -0.01));
    }
    md_findings f;
    evaluate(st, &f);
    md_report_opts o = {false, 80, false, false};
    md_buf out = {0};
    md_render_text(st, &f, &o, &out);
    char loss[256], grad[256];
    spark_glyphs(out.p, "loss", loss, sizeof loss);
    spark_glyphs(out.p, "grad_norm", grad, sizeof grad);
    for (const char *p = loss; *p; p += strlen("▄"))
        ck_assert_msg(strncmp(p, "▄", strlen("▄")) == 0, "loss line is not flat: %s", loss);
    ck_assert_msg(strstr(grad, "▁") != NULL && strstr(grad, "█") != NULL, "grad_norm line: %s", grad);
    md_buf_free(&out);
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

/* The series a finding is about gets a sparkline beside the main ones:
 * memory that climbs every step (memory_growth) is drawn, the same memory
 * flat is not (no finding is about it). */
START_TEST(test_text_sparkline_of_the_finding)
{
    for (int leak = 0; leak < 2; leak++) {
        md_store *st = new_run("runs/memory.log");
        for (int64_t s = 0; s < 300; s += 10) {
            record(st, s, "loss", 3.0 * exp(-(double)s / 100) + 0.5);
            record(st, s, "memory", leak ? 2.0 + 0.02 * (double)s : 2.0);
        }
        md_findings f;
        evaluate(st, &f);
        md_report_opts o = {false, 80, false, false};
        md_buf out = {0};
        md_render_text(st, &f, &o, &out);
        const char *t = md_buf_cstr(&out);
        if (leak) {
            ck_assert_str_eq(f.v[0].id, "memory_growth");
            ck_assert_str_eq(f.v[0].subject, "memory");
            const char *row = strstr(t, "\n  memory ");
            ck_assert_ptr_nonnull(row);
            ck_assert_ptr_nonnull(strstr(row, "first 2  min 2  last 7.8"));
        } else {
            ck_assert_ptr_null(strstr(t, "\n  memory "));
        }
        md_buf_free(&out);
        md_findings_free(&f);
        md_store_free(st);
    }
}
END_TEST

/* Every line of out is at most width columns, unless it holds only the
 * unbreakable word after its indent and a short prefix ("- "); every word
 * of text appears whole. */
static void assert_wrapped(const char *out, const char *text, const char *unbreakable, int width)
{
    for (const char *line = out; *line;) {
        size_t n = strcspn(line, "\n");
        int cols = 0;
        for (size_t i = 0; i < n; i++)
            cols += ((unsigned char)line[i] & 0xc0) != 0x80;
        if (cols > width) {
            const char *p = line + strspn(line, " ");
            const char *word = strstr(p, unbreakable);
            ck_assert_msg(word && word - p <= 5 && word + strlen(unbreakable) == line + n,
                          "line over %d columns: %.*s", width, (int)n, line);
        }
        line += n + (line[n] == '\n');
    }
    for (const char *w = text; *w;) {
        size_t n = strcspn(w, " ");
        md_buf pat = {0};
        md_buf_putc(&pat, ' ');
        md_buf_put(&pat, w, n);
        ck_assert_msg(strstr(out, pat.p) != NULL, "word split: %s", pat.p);
        md_buf_free(&pat);
        w += n + strspn(w + n, " ");
    }
}

START_TEST(test_text_wrap_keeps_words)
{
    md_store *st = healthy_run();
    md_findings f = {0};
    static const char unbreakable[] = "torch.nn.utils.clip_grad_norm_(model.parameters(),max_norm=1.0)";
    static const char evidence[] = "the loss rose sharply at step 50 after "
                                   "torch.nn.utils.clip_grad_norm_(model.parameters(),max_norm=1.0) "
                                   "was removed from the training loop and the warm-up was shortened";
    md_finding *x = add_finding(&f, "wrap", "A fairly long finding title that has to wrap", MD_SEV_WARNING, 50);
    strs_add(&x->evidence, evidence);
    md_cause *c = add_cause(x, "A cause whose text is long enough to need several lines here", 1);
    strs_add(&c->checks, "Is the gradient clipping threshold set to something sensible?");
    for (int width = 30; width <= 60; width += 15) {
        md_report_opts o = {false, width, false, false};
        md_buf out = {0};
        md_render_text(st, &f, &o, &out);
        assert_wrapped(md_buf_cstr(&out), evidence, unbreakable, width);
        assert_wrapped(md_buf_cstr(&out), "A fairly long finding title that has to wrap", unbreakable, width);
        md_buf_free(&out);
    }
    md_findings_free(&f);
    md_store_free(st);
}
END_TEST

START_TEST(test_plain_numbers)
{
    static const struct {
        double v;
        const char *want;
    } cases[] = {{0, "0"},         {1.234e-5, "0.00001234"}, {12345.6, "12346"}, {-0.5, "-0.5"},
                 {2.5, "2.5"},     {1e-20, "0"},             {NAN, "0"},         {0.1, "0.1"},
                 {-3e-16, "0"},    {100, "100"}};
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_buf b = {0};
        chart_plain_num(&b, cases[i].v);
        ck_assert_str_eq(md_buf_cstr(&b), cases[i].want);
        md_buf_free(&b);
    }
}
END_TEST

/* ---- ranking ---------------------------------------------------------------- */

/* Suppression pairs "a>b" (a suppresses b), separated by spaces. */
static bool pairs_suppress(const void *ctx, const char *a, const char *b)
{
    char pair[64];
    snprintf(pair, sizeof pair, " %s>%s ", a, b);
    char all[256];
    snprintf(all, sizeof all, " %s ", (const char *)ctx);
    return strstr(all, pair) != NULL;
}

static const char *ids_of(const md_findings *f, md_buf *b)
{
    md_buf_reset(b);
    for (size_t i = 0; i < f->n; i++)
        md_buf_printf(b, "%s%s", i ? " " : "", f->v[i].id);
    md_buf_puts(b, " |");
    for (size_t i = 0; i < f->nsuppressed; i++)
        md_buf_printf(b, " %s", f->suppressed[i]);
    return md_buf_cstr(b);
}

/* Findings are ranked by severity, confidence and step; a finding another
 * kept finding suppresses is dropped, whichever of the two ranks higher. */
START_TEST(test_rank_suppression)
{
    static const struct {
        const char *pairs, *want;
        bool benign_plateau; /* the plateau is reported as harmless */
    } cases[] = {
        /* crash: critical 0.9; cuda: critical 0.8; plateau: warning 0.9 */
        {"", "crash cuda plateau |", false},
        {"crash>plateau", "crash cuda | plateau", false},
        /* the lower-ranked specific finding replaces the generic one */
        {"cuda>crash", "cuda plateau | crash", false},
        /* mutual: the higher-ranked stays */
        {"cuda>crash crash>cuda", "crash plateau | cuda", false},
        /* a dropped finding suppresses nothing */
        {"cuda>crash crash>plateau", "cuda plateau | crash", false},
        /* a chain against the rank order settles */
        {"plateau>cuda cuda>crash", "crash plateau | cuda", false},
        /* a harmless (benign) finding explains nothing away */
        {"plateau>cuda", "crash cuda plateau |", true},
        /* a cycle of three ends, keeping at least one finding */
        {"crash>cuda cuda>plateau plateau>crash", NULL, false},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_findings f = {0};
        add_finding(&f, "plateau", "p", MD_SEV_WARNING, 5);
        add_finding(&f, "cuda", "c", MD_SEV_CRITICAL, 7)->confidence = 0.8;
        add_finding(&f, "crash", "x", MD_SEV_CRITICAL, 9);
        if (cases[i].benign_plateau)
            f.v[0].benign = md_xstrdup("a dip the scheduler explains");
        md_rank(&f, pairs_suppress, cases[i].pairs);
        md_buf b = {0};
        if (cases[i].want)
            ck_assert_msg(strcmp(ids_of(&f, &b), cases[i].want) == 0, "\"%s\": got \"%s\", want \"%s\"",
                          cases[i].pairs, ids_of(&f, &b), cases[i].want);
        else
            ck_assert_msg(f.n >= 1 && f.n + f.nsuppressed == 3, "\"%s\": got \"%s\"", cases[i].pairs,
                          ids_of(&f, &b));
        md_buf_free(&b);
        md_findings_free(&f);
    }
}
END_TEST

/* Per-layer gradient norms: a first layer whose norm is ~1e-12 while the
 * global norm looks normal is vanishing; a frozen layer (exactly 0) and
 * layers of ordinary sizes are not. */
START_TEST(test_layer_gradients)
{
    static const struct {
        double first_layer; /* the first layer's norm; the others are 0.01 to 0.1 */
        bool fires;
    } cases[] = {{1e-12, true}, {3e-9, true}, {0, false}, {1e-3, false}};
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_store *st = md_store_new(t_catalog());
        md_store_begin_input(st, "runs/layers.jsonl", MD_FMT_JSONL);
        for (int64_t s = 10; s <= 500; s += 10) {
            record(st, s, "loss", 0.69 - 0.0001 * (double)s);
            record(st, s, "grad_norm", 0.1 + 0.01 * sin((double)s));
            record(st, s, "grad_norm/layer0", cases[i].first_layer * (1 + 0.1 * sin((double)s)));
            record(st, s, "grad_norm/layer1", 0.01);
            record(st, s, "grad_norm/layer2", 0.1);
        }
        md_store_sort(st);
        md_findings f = {0};
        evaluate(st, &f);
        ck_assert_msg((t_find_finding(&f, "vanishing_gradients") != NULL) == cases[i].fires,
                      "first layer at %g: vanishing_gradients %s", cases[i].first_layer,
                      cases[i].fires ? "did not fire" : "fired");
        md_findings_free(&f);
        md_store_free(st);
    }
}
END_TEST

Suite *suite_report(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("report");
    tcase_add_test(tc, test_markdown_nan_run);
    tcase_add_test(tc, test_markdown_escaping_and_fixes);
    tcase_add_test(tc, test_markdown_no_findings);
    tcase_add_test(tc, test_markdown_code_span);
    tcase_add_test(tc, test_no_findings_lists_unknown_series);
    tcase_add_test(tc, test_junit_cases_and_levels);
    tcase_add_test(tc, test_severity_counts);
    tcase_add_test(tc, test_junit_escaping);
    tcase_add_test(tc, test_gates_in_junit_and_json);
    tcase_add_test(tc, test_json_escape_strict_utf8);
    tcase_add_test(tc, test_github_annotations);
    tcase_add_test(tc, test_svg_marks_finding);
    tcase_add_test(tc, test_svg_extreme_values);
    tcase_add_test(tc, test_text_sparkline);
    tcase_add_test(tc, test_text_sparkline_constant);
    tcase_add_test(tc, test_text_sparkline_below_resolution);
    tcase_add_test(tc, test_text_sparkline_gap);
    tcase_add_test(tc, test_text_restarted_span);
    tcase_add_test(tc, test_text_sparkline_of_the_finding);
    tcase_add_test(tc, test_overfitting_without_steps);
    tcase_add_test(tc, test_dpo_findings_blame_lr_by_its_value);
    tcase_add_test(tc, test_frequent_overflows_explain_a_plateau);
    tcase_add_test(tc, test_late_slow_dataloader);
    tcase_add_test(tc, test_oom_blames_other_processes_by_their_memory);
    tcase_add_test(tc, test_vanishing_gradients_relative);
    tcase_add_test(tc, test_nan_loss_evidence_follows_the_nans);
    tcase_add_test(tc, test_evidence_names_entries);
    tcase_add_test(tc, test_log_ending_in_a_hole);
    tcase_add_test(tc, test_growing_log_has_not_ended);
    tcase_add_test(tc, test_text_wrap_keeps_words);
    tcase_add_test(tc, test_plain_numbers);
    tcase_add_test(tc, test_rank_suppression);
    tcase_add_test(tc, test_layer_gradients);
    suite_add_tcase(s, tc);
    return s;
}
