/* Several runs at once (mldiag analyze runs/a runs/b ...): one row per run with its
 * status, top finding, final loss and length. With --jobs N the runs are
 * analysed by N child processes, so a run that crashes the analysis (it
 * should not, but a fault in one must not cost the others) is reported
 * as such. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/run.h"
#include "mldiag/report.h"
#include "report/jsonw.h"

typedef struct row {
    int status;     /* EXIT_CLEAN, or EXIT_INPUT when unreadable */
    int worst;      /* md_severity of the top finding, -1 when none */
    size_t findings;
    char top_id[64];
    char top_title[160];
    double top_step;
    double final_loss;
    bool has_loss; /* final_loss is a loss's last value, NaN too */
    double last_step;
    char error[256]; /* why the run is unreadable or failed, "" when it is not */
} row;

static void summarise(const char *path, const md_ruleset *rs, row *r)
{
    memset(r, 0, sizeof *r);
    r->worst = -1;
    r->top_step = r->final_loss = r->last_step = NAN;
    md_diags diags;
    md_diags_init(&diags);
    md_store *st = NULL;
    md_findings f = {0};
    md_err err = md_run_analyze(&path, 1, rs, &diags, &st, &f);
    if (err != MD_OK) {
        r->status = cli_exit_for(err);
        for (size_t i = 0; i < diags.n && !r->error[0]; i++)
            if (diags.v[i].level == MD_DIAG_ERROR)
                snprintf(r->error, sizeof r->error, "%s", diags.v[i].msg);
    }
    md_diags_free(&diags);
    if (err != MD_OK)
        return;
    r->findings = f.n;
    if (f.n) {
        r->worst = (int)f.v[0].severity;
        snprintf(r->top_id, sizeof r->top_id, "%s", f.v[0].id);
        snprintf(r->top_title, sizeof r->top_title, "%s", f.v[0].title);
        r->top_step = f.v[0].step;
    }
    const md_series *loss = md_store_find(st, "loss");
    if (!loss)
        loss = md_store_find(st, "val_loss");
    if (loss && loss->count) {
        r->final_loss = loss->last_raw;
        r->has_loss = true;
        r->last_step = (double)loss->last_step;
    }
    md_findings_free(&f);
    md_store_free(st);
}

/* Runs summarise() for every path in up to jobs child processes; each
 * child writes its row to a pipe. */
static void summarise_all(const char *const *paths, size_t n, const md_ruleset *rs, int jobs, row *rows)
{
    if (jobs <= 1) {
        for (size_t i = 0; i < n; i++)
            summarise(paths[i], rs, &rows[i]);
        return;
    }
    pid_t *pids = md_xcalloc(n, sizeof *pids);
    int *fds = md_xcalloc(n, sizeof *fds);
    size_t next = 0, done = 0, running = 0;
    fflush(NULL);
    while (done < n) {
        while (running < (size_t)jobs && next < n) {
            int p[2];
            pid_t pid = -1;
            if (pipe(p) == 0 && (pid = fork()) < 0) {
                close(p[0]);
                close(p[1]);
            }
            if (pid == 0) {
                close(p[0]);
                row r;
                summarise(paths[next], rs, &r);
                ssize_t w = write(p[1], &r, sizeof r);
                _exit(w == (ssize_t)sizeof r ? 0 : 1);
            }
            if (pid < 0) {
                /* No process or pipe to spare: collect the oldest child
                 * first (rows are collected in order), or, with none
                 * left, do it here. */
                if (running > 0)
                    break;
                summarise(paths[next], rs, &rows[next]);
                next++;
                done++;
                continue;
            }
            close(p[1]);
            pids[next] = pid;
            fds[next] = p[0];
            next++;
            running++;
        }
        if (running == 0)
            continue;
        /* Collect in order: rows must not depend on which child ends first.
         * The children are those of [done, next). */
        size_t i = done;
        ssize_t got = read(fds[i], &rows[i], sizeof rows[i]);
        close(fds[i]);
        int wstatus;
        waitpid(pids[i], &wstatus, 0);
        if (got != (ssize_t)sizeof rows[i]) {
            memset(&rows[i], 0, sizeof rows[i]);
            rows[i].status = EXIT_INTERNAL;
            rows[i].worst = -1;
            rows[i].top_step = rows[i].final_loss = rows[i].last_step = NAN;
        }
        running--;
        done++;
    }
    free(pids);
    free(fds);
}

static const char *status_word(const row *r)
{
    if (r->status == EXIT_INPUT)
        return "unreadable";
    if (r->status != EXIT_CLEAN)
        return "failed";
    return r->worst < 0 ? "ok" : md_severity_name((md_severity)r->worst);
}

static void fmt_num(double v, char *b, size_t n)
{
    if (isnan(v))
        snprintf(b, n, "-");
    else
        md_num_fmt(v, b, n);
}

static void text_table(const char *const *paths, size_t n, const row *rows, bool markdown, md_buf *out)
{
    if (markdown)
        md_buf_puts(out, "| run | status | findings | top finding | step | final loss | steps |\n"
                         "|---|---|---|---|---|---|---|\n");
    else
        md_buf_printf(out, "%-32s %-10s %8s  %-28s %10s %11s %10s\n", "RUN", "STATUS", "FINDINGS", "TOP FINDING",
                      "STEP", "FINAL LOSS", "STEPS");
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        char step[32], loss[32], last[32];
        fmt_num(r->top_step, step, sizeof step);
        /* A loss that ended NaN says so; "-" is a run with no loss. */
        if (r->has_loss)
            md_num_fmt(r->final_loss, loss, sizeof loss);
        else
            fmt_num(NAN, loss, sizeof loss);
        fmt_num(r->last_step, last, sizeof last);
        const char *top = r->top_id[0] ? r->top_id : "-";
        if (markdown) {
            md_buf_puts(out, "| ");
            md_render_code_span(out, paths[i], true);
            md_buf_printf(out, " | %s | %zu | %s | %s | %s | %s |\n", status_word(r), r->findings, top, step, loss, last);
        } else {
            char *path = md_text_dup(paths[i], strlen(paths[i]));
            md_buf_printf(out, "%-32s %-10s %8zu  %-28s %10s %11s %10s\n", path, status_word(r), r->findings, top,
                          step, loss, last);
            free(path);
        }
    }
}

static void json_table(const char *const *paths, size_t n, const row *rows, md_buf *out)
{
    jsonw w;
    jsonw_init(&w, out);
    jsonw_object(&w);
    jsonw_key(&w, "schema");
    jsonw_int(&w, 1);
    jsonw_key(&w, "runs");
    jsonw_array(&w);
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        jsonw_object(&w);
        jsonw_key(&w, "path");
        jsonw_str(&w, paths[i]);
        jsonw_key(&w, "status");
        jsonw_str(&w, status_word(r));
        jsonw_key(&w, "findings");
        jsonw_int(&w, (int64_t)r->findings);
        jsonw_key(&w, "top_finding");
        if (r->top_id[0]) {
            jsonw_object(&w);
            jsonw_key(&w, "id");
            jsonw_str(&w, r->top_id);
            jsonw_key(&w, "title");
            jsonw_str(&w, r->top_title);
            jsonw_key(&w, "step");
            jsonw_num(&w, r->top_step);
            jsonw_object_end(&w);
        } else {
            jsonw_null(&w);
        }
        jsonw_key(&w, "final_loss");
        jsonw_num(&w, r->final_loss);
        jsonw_key(&w, "final_loss_finite");
        if (r->has_loss)
            jsonw_bool(&w, isfinite(r->final_loss));
        else
            jsonw_null(&w);
        jsonw_key(&w, "last_step");
        jsonw_num(&w, r->last_step);
        jsonw_object_end(&w);
    }
    jsonw_array_end(&w);
    jsonw_object_end(&w);
    md_buf_putc(out, '\n');
}

int cli_many_runs(const char *const *paths, size_t n, const md_ruleset *rs, const cli_many_opts *o)
{
    row *rows = md_xcalloc(n, sizeof *rows);
    summarise_all(paths, n, rs, o->jobs, rows);
    md_buf out = {0};
    if (o->format == CLI_MANY_JSON)
        json_table(paths, n, rows, &out);
    else
        text_table(paths, n, rows, o->format == CLI_MANY_MARKDOWN, &out);
    /* A run's own error, which its row can only name, is told here. */
    for (size_t i = 0; i < n; i++)
        if (rows[i].status != EXIT_CLEAN)
            fprintf(stderr, "mldiag: %s: %s\n", paths[i],
                    rows[i].error[0] ? rows[i].error : status_word(&rows[i]));
    int code = cli_write_output(o->output, &out) ? EXIT_CLEAN : EXIT_INPUT;
    for (size_t i = 0; i < n && code != EXIT_INPUT; i++) {
        if (rows[i].status != EXIT_CLEAN)
            code = rows[i].status;
        else if (o->fail_on >= 0 && rows[i].worst >= o->fail_on && code == EXIT_CLEAN)
            code = EXIT_FINDINGS;
    }
    md_buf_free(&out);
    free(rows);
    return code;
}
