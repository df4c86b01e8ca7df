/* `mldiag series`: what the readers found, as CSV or JSON. */
#include <math.h>
#include <string.h>

#include "mldiag/report.h"
#include "mldiag/signal.h"
#include "report/store_json.h"

static void csv_field(md_buf *out, const char *s)
{
    bool quote = strpbrk(s, ",\"\n\r") != NULL;
    if (!quote) {
        md_buf_puts(out, s);
        return;
    }
    md_buf_putc(out, '"');
    for (; *s; s++) {
        if (*s == '"')
            md_buf_putc(out, '"');
        md_buf_putc(out, *s);
    }
    md_buf_putc(out, '"');
}

static void csv_num(md_buf *out, double v)
{
    char b[32];
    md_buf_putc(out, ',');
    if (isnan(v))
        return;
    md_buf_puts(out, md_num_fmt(v, b, sizeof b));
}

static void csv_sources(md_buf *out, const md_series *s)
{
    md_buf joined = {0};
    for (size_t i = 0; i < s->nsources; i++)
        md_buf_printf(&joined, "%s%s", i ? "|" : "", s->sources[i]);
    csv_field(out, md_buf_cstr(&joined));
    md_buf_free(&joined);
}

static void csv_series(const md_store *st, md_buf *out)
{
    md_buf_puts(out, "type,name,sources,input,count,first_step,last_step,first,last,min,max,"
                     "nonfinite,first_nonfinite_step,steps\n");
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        md_buf_puts(out, "series,");
        csv_field(out, s->name);
        md_buf_putc(out, ',');
        csv_sources(out, s);
        md_buf_putc(out, ',');
        csv_field(out, md_store_input(st, (size_t)s->input)->path);
        md_buf_printf(out, ",%llu,%lld,%lld", (unsigned long long)s->count, (long long)s->first_step,
                      (long long)s->last_step);
        csv_num(out, s->first);
        csv_num(out, s->last);
        csv_num(out, s->finite ? s->min : NAN);
        csv_num(out, s->finite ? s->max : NAN);
        md_buf_printf(out, ",%llu,", (unsigned long long)(s->nan + s->inf));
        if (s->first_nonfinite_step >= 0)
            md_buf_printf(out, "%lld", (long long)s->first_nonfinite_step);
        md_buf_printf(out, ",%s\n", s->ordinal ? "entries" : "steps");
    }
}

static void csv_events(const md_store *st, md_buf *out)
{
    md_buf_puts(out, "type,id,count,first_input,first_line,first_step,fields,text\n");
    for (size_t i = 0; i < md_store_nevents(st); i++) {
        const md_event *e = md_store_event_at(st, i);
        md_buf_puts(out, "event,");
        csv_field(out, e->id);
        md_buf_printf(out, ",%llu,", (unsigned long long)e->count);
        csv_field(out, md_store_input(st, (size_t)e->first_input)->path);
        md_buf_printf(out, ",%lu,", e->first_line);
        if (e->first_step >= 0)
            md_buf_printf(out, "%lld", (long long)e->first_step);
        md_buf_putc(out, ',');
        md_buf fields = {0};
        for (size_t f = 0; f < e->nfields; f++) {
            if (!e->fields[f].n)
                continue;
            char b[32];
            md_buf_printf(&fields, "%s%s=%s", fields.n ? " " : "", e->fields[f].name,
                          md_num_fmt(e->fields[f].last, b, sizeof b));
        }
        csv_field(out, md_buf_cstr(&fields));
        md_buf_free(&fields);
        md_buf_putc(out, ',');
        csv_field(out, e->first_text);
        md_buf_putc(out, '\n');
    }
}

static void csv_buckets(const md_store *st, md_buf *out)
{
    md_buf_puts(out, "type,series,index,lo_step,hi_step,count,nonfinite,mean,min,max,first,last\n");
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const md_series *s = md_store_series(st, i);
        for (size_t b = 0; b < s->nbuckets; b++) {
            const md_bucket *k = &s->buckets[b];
            md_buf_puts(out, "bucket,");
            csv_field(out, s->name);
            md_buf_printf(out, ",%zu,%lld,%lld,%u,%u", b, (long long)k->lo_step, (long long)k->hi_step,
                          k->n, k->nonfinite);
            csv_num(out, k->n ? k->sum / k->n : NAN);
            csv_num(out, k->n ? k->min : NAN);
            csv_num(out, k->n ? k->max : NAN);
            csv_num(out, k->n ? k->first : NAN);
            csv_num(out, k->n ? k->last : NAN);
            md_buf_putc(out, '\n');
        }
    }
}

void md_render_series(const md_store *st, md_series_format fmt, bool buckets, md_buf *out)
{
    if (fmt == MD_SERIES_CSV) {
        csv_series(st, out);
        if (md_store_nevents(st)) {
            md_buf_putc(out, '\n');
            csv_events(st, out);
        }
        if (buckets) {
            md_buf_putc(out, '\n');
            csv_buckets(st, out);
        }
        return;
    }
    jsonw w;
    jsonw_init(&w, out);
    jsonw_object(&w);
    jsonw_key(&w, "schema");
    jsonw_int(&w, 1);
    store_json_inputs(&w, st);
    store_json_series(&w, st, STORE_JSON_DETAIL | (buckets ? STORE_JSON_BUCKETS : 0));
    store_json_events(&w, st);
    jsonw_object_end(&w);
    md_buf_putc(out, '\n');
}

void md_render_signals(md_sigset *sig, md_series_format fmt, md_buf *out)
{
    const md_store *st = md_sigset_store(sig);
    size_t nf;
    const md_feature *feats = md_series_features(&nf);
    jsonw w;
    if (fmt == MD_SERIES_CSV) {
        md_buf_puts(out, "series,feature,value\n");
    } else {
        jsonw_init(&w, out);
        jsonw_object(&w);
    }
    for (size_t i = 0; i < md_store_nseries(st); i++) {
        const char *name = md_store_series(st, i)->name;
        if (fmt == MD_SERIES_JSON) {
            jsonw_key(&w, name);
            jsonw_object(&w);
        }
        for (size_t f = 0; f < nf; f++) {
            md_value v = md_signal_series(sig, name, (int)f);
            if (fmt == MD_SERIES_JSON) {
                jsonw_key(&w, feats[f].name);
                jsonw_num(&w, v.known ? v.v : NAN);
                continue;
            }
            csv_field(out, name);
            md_buf_printf(out, ",%s", feats[f].name);
            csv_num(out, v.known ? v.v : NAN);
            md_buf_putc(out, '\n');
        }
        if (fmt == MD_SERIES_JSON)
            jsonw_object_end(&w);
    }
    if (fmt == MD_SERIES_JSON) {
        jsonw_object_end(&w);
        md_buf_putc(out, '\n');
    }
}
