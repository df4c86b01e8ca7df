/* The JSON report, schema 1. Field names and meanings are stable: tools
 * depend on them. Non-finite numbers are null. */
#include <math.h>

#include "mldiag/report.h"
#include "report/store_json.h"

static void step_or_null(jsonw *w, double v)
{
    if (isnan(v))
        jsonw_null(w);
    else
        jsonw_num(w, v);
}

static void strs(jsonw *w, const char *key, const md_strs *s)
{
    jsonw_key(w, key);
    jsonw_array(w);
    for (size_t i = 0; i < s->n; i++)
        jsonw_str(w, s->v[i]);
    jsonw_array_end(w);
}

static void cause(jsonw *w, const md_cause *c)
{
    jsonw_object(w);
    jsonw_key(w, "id");
    jsonw_str(w, c->id);
    jsonw_key(w, "text");
    jsonw_str(w, c->text);
    jsonw_key(w, "share");
    jsonw_num(w, round(c->share * 1000) / 1000);
    strs(w, "checks", &c->checks);
    strs(w, "fixes", &c->fixes);
    jsonw_object_end(w);
}

static void finding(jsonw *w, const md_store *st, const md_finding *f)
{
    jsonw_object(w);
    jsonw_key(w, "id");
    jsonw_str(w, f->id);
    jsonw_key(w, "severity");
    jsonw_str(w, md_severity_name(f->severity));
    jsonw_key(w, "confidence");
    jsonw_num(w, round(f->confidence * 1000) / 1000);
    jsonw_key(w, "step");
    step_or_null(w, f->step);
    jsonw_key(w, "step_is_entry");
    jsonw_bool(w, f->ordinal_step);
    jsonw_key(w, "title");
    jsonw_str(w, f->title);
    jsonw_key(w, "symptom");
    jsonw_str(w, f->symptom);
    jsonw_key(w, "benign");
    jsonw_str(w, f->benign);
    jsonw_key(w, "location");
    if (isnan(f->line) || f->input < 0) {
        jsonw_null(w);
    } else {
        jsonw_object(w);
        jsonw_key(w, "path");
        jsonw_str(w, md_store_input(st, (size_t)f->input)->path);
        jsonw_key(w, "line");
        jsonw_num(w, f->line);
        jsonw_object_end(w);
    }
    strs(w, "tags", &f->tags);
    strs(w, "evidence", &f->evidence);
    jsonw_key(w, "causes");
    jsonw_array(w);
    for (size_t i = 0; i < f->ncauses; i++)
        cause(w, &f->causes[i]);
    jsonw_array_end(w);
    jsonw_object_end(w);
}

void md_render_json(const md_store *st, const md_findings *f, md_buf *out)
{
    md_render_json_gated(st, f, NULL, 0, out);
}

static void gates_json(jsonw *w, const md_gate *gates, size_t n)
{
    jsonw_key(w, "gates");
    jsonw_array(w);
    for (size_t i = 0; i < n; i++) {
        jsonw_object(w);
        jsonw_key(w, "kind");
        jsonw_str(w, gates[i].kind == MD_GATE_EXPECT ? "expect" : "baseline");
        jsonw_key(w, "name");
        jsonw_str(w, gates[i].name);
        jsonw_key(w, "passed");
        jsonw_bool(w, gates[i].passed);
        jsonw_key(w, "why");
        if (gates[i].why)
            jsonw_str(w, gates[i].why);
        else
            jsonw_null(w);
        jsonw_object_end(w);
    }
    jsonw_array_end(w);
}

void md_render_json_gated(const md_store *st, const md_findings *f, const md_gate *gates, size_t ngates,
                          md_buf *out)
{
    jsonw w;
    jsonw_init(&w, out);
    jsonw_object(&w);
    jsonw_key(&w, "schema");
    jsonw_int(&w, 1);
    jsonw_key(&w, "tool");
    jsonw_object(&w);
    jsonw_key(&w, "name");
    jsonw_str(&w, "mldiag");
    jsonw_key(&w, "version");
    jsonw_str(&w, MD_VERSION);
    jsonw_object_end(&w);
    store_json_inputs(&w, st);
    store_json_series(&w, st, 0);
    store_json_events(&w, st);
    jsonw_key(&w, "findings");
    jsonw_array(&w);
    for (size_t i = 0; i < f->n; i++)
        finding(&w, st, &f->v[i]);
    jsonw_array_end(&w);
    jsonw_key(&w, "not_evaluated");
    jsonw_array(&w);
    for (size_t i = 0; i < f->nskipped; i++) {
        jsonw_object(&w);
        jsonw_key(&w, "id");
        jsonw_str(&w, f->skipped[i].id);
        jsonw_key(&w, "reason");
        jsonw_str(&w, f->skipped[i].reason);
        jsonw_object_end(&w);
    }
    jsonw_array_end(&w);
    jsonw_key(&w, "suppressed");
    jsonw_array(&w);
    for (size_t i = 0; i < f->nsuppressed; i++)
        jsonw_str(&w, f->suppressed[i]);
    jsonw_array_end(&w);
    jsonw_key(&w, "summary");
    jsonw_object(&w);
    for (int sev = MD_SEV_CRITICAL; sev >= MD_SEV_INFO; sev--) {
        jsonw_key(&w, md_severity_name((md_severity)sev));
        jsonw_int(&w, (int64_t)md_findings_count(f, (md_severity)sev));
    }
    jsonw_object_end(&w);
    if (ngates)
        gates_json(&w, gates, ngates);
    jsonw_object_end(&w);
    md_buf_putc(out, '\n');
}
