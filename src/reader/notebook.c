/* A Jupyter notebook (.ipynb: Colab, Kaggle, a notebook saved after
 * training) keeps what its cells printed in their outputs. Their text is
 * the run's console, in the order the cells show it:
 *
 * - "stream" outputs (stdout, stderr): their text;
 * - "error" outputs: the traceback, then "ename: evalue", as Python
 *   prints an uncaught exception;
 * - "execute_result" and "display_data": an HTML table (the Trainer's
 *   notebook progress, "Step | Training Loss | Validation Loss") as rows
 *   of cells parted by tabs, else the plain text.
 *
 * The text reader reads it as any console; its line numbers count the
 * outputs' lines. */
#include <cjson/cJSON.h>
#include <string.h>

#include "reader/reader_int.h"

bool md_notebook_is(const cJSON *root)
{
    return cJSON_IsObject(root) && cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "cells")) &&
           cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(root, "nbformat"));
}

/* A text field: one string, or a list of strings (each a line, with its
 * newline, as nbformat stores them). */
static void put_text(const cJSON *text, md_buf *out)
{
    if (cJSON_IsString(text) && text->valuestring) {
        md_buf_put(out, text->valuestring, strlen(text->valuestring));
    } else if (cJSON_IsArray(text)) {
        const cJSON *part;
        cJSON_ArrayForEach(part, text)
        {
            if (cJSON_IsString(part) && part->valuestring)
                md_buf_put(out, part->valuestring, strlen(part->valuestring));
        }
    }
    if (out->n && out->p[out->n - 1] != '\n')
        md_buf_put(out, "\n", 1);
}

/* The text of a field, joined, into tmp. */
static md_str joined(const cJSON *text, md_buf *tmp)
{
    md_buf_reset(tmp);
    put_text(text, tmp);
    return (md_str){tmp->p, tmp->n};
}

/* A cell's text: its tags dropped, runs of blanks one blank. */
static void put_cell(const char *p, const char *end, md_buf *out)
{
    bool blank = true, tag = false;
    for (; p < end; p++) {
        if (*p == '<')
            tag = true;
        else if (*p == '>')
            tag = false;
        else if (!tag && (md_is_blank(*p) || *p == '\n' || *p == '\r')) {
            if (!blank)
                md_buf_put(out, " ", 1);
            blank = true;
        } else if (!tag) {
            md_buf_put(out, p, 1);
            blank = false;
        }
    }
    if (out->n && out->p[out->n - 1] == ' ')
        out->n--;
}

/* Whether the table's first header cell names a step or an epoch, as the
 * Trainer's progress table does ("Step", "Epoch"): other tables (a
 * DataFrame's head) are the data's, not the run's. */
static bool training_table(const char *p, const char *end)
{
    const char *th = md_memmem(p, (size_t)(end - p), "<th", 3);
    const char *body = th ? memchr(th, '>', (size_t)(end - th)) : NULL;
    if (!body)
        return false;
    md_buf cell = {0};
    const char *close = md_memmem(body, (size_t)(end - body), "</t", 3);
    put_cell(body + 1, close ? close : end, &cell);
    bool step = md_word_is(cell.p ? cell.p : "", cell.n, "step") || md_word_is(cell.p ? cell.p : "", cell.n, "epoch");
    md_buf_free(&cell);
    return step;
}

/* The rows of the first HTML table in html, a line each, cells parted by
 * tabs; false when it holds none, or one of the data's. */
static bool put_table(md_str html, md_buf *out)
{
    const char *p = md_memmem(html.p, html.n, "<table", 6), *end = html.p + html.n;
    if (!p || !training_table(p, end))
        return false;
    const char *stop = md_memmem(p, (size_t)(end - p), "</table>", 8);
    end = stop ? stop : end;
    while ((p = md_memmem(p, (size_t)(end - p), "<tr", 3)) != NULL) {
        const char *row_end = md_memmem(p, (size_t)(end - p), "</tr>", 5);
        row_end = row_end ? row_end : end;
        bool first = true;
        const char *c = p;
        for (;;) {
            const char *th = md_memmem(c, (size_t)(row_end - c), "<th", 3);
            const char *td = md_memmem(c, (size_t)(row_end - c), "<td", 3);
            const char *open = th && (!td || th < td) ? th : td;
            if (!open)
                break;
            const char *body = memchr(open, '>', (size_t)(row_end - open));
            if (!body)
                break;
            body++;
            const char *close = md_memmem(body, (size_t)(row_end - body), "</t", 3);
            close = close ? close : row_end;
            if (!first)
                md_buf_put(out, "\t", 1);
            put_cell(body, close, out);
            first = false;
            c = close;
        }
        if (!first)
            md_buf_put(out, "\n", 1);
        p = row_end;
    }
    return true;
}

/* Dashes and colour codes only. */
static bool rule_of_dashes(const char *s)
{
    bool dash = false;
    for (; *s; s++) {
        if (*s == '\x1b') {
            while (*s && *s != 'm')
                s++;
            if (!*s)
                break;
        } else if (*s == '-') {
            dash = true;
        } else if (!md_is_blank(*s) && *s != '\n') {
            return false;
        }
    }
    return dash;
}

static void put_output(const cJSON *output, md_buf *out, md_buf *tmp)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(output, "output_type");
    if (!cJSON_IsString(type) || !type->valuestring)
        return;
    if (strcmp(type->valuestring, "stream") == 0) {
        put_text(cJSON_GetObjectItemCaseSensitive(output, "text"), out);
    } else if (strcmp(type->valuestring, "error") == 0) {
        const cJSON *ename = cJSON_GetObjectItemCaseSensitive(output, "ename");
        const cJSON *evalue = cJSON_GetObjectItemCaseSensitive(output, "evalue");
        md_buf_put(out, "Traceback (most recent call last):\n", 35);
        const cJSON *frame;
        cJSON_ArrayForEach(frame, cJSON_GetObjectItemCaseSensitive(output, "traceback"))
        {
            /* IPython's list: a rule of dashes, a header ("OutOfMemoryError
             * Traceback (most recent call last)"), the frames, and the
             * exception's line, which ename and evalue give below. */
            if (!cJSON_IsString(frame) || !frame->valuestring || !frame->next ||
                strstr(frame->valuestring, "Traceback (most recent call last)") || rule_of_dashes(frame->valuestring))
                continue;
            /* IPython's frames are blocks of lines; indented, they stay
             * the traceback's body. */
            for (const char *line = frame->valuestring; *line;) {
                const char *nl = strchr(line, '\n');
                size_t n = nl ? (size_t)(nl - line) : strlen(line);
                md_buf_put(out, "  ", 2);
                md_buf_put(out, line, n);
                md_buf_put(out, "\n", 1);
                line += n + (nl != NULL);
            }
        }
        /* Python prints an exception without a message as its name alone
         * ("KeyboardInterrupt"). */
        const char *value = cJSON_IsString(evalue) && evalue->valuestring ? evalue->valuestring : "";
        if (cJSON_IsString(ename) && ename->valuestring)
            md_buf_printf(out, *value ? "%s: %s\n" : "%s%s\n", ename->valuestring, value);
    } else {
        const cJSON *data = cJSON_GetObjectItemCaseSensitive(output, "data");
        const cJSON *html = cJSON_GetObjectItemCaseSensitive(data, "text/html");
        if (html && put_table(joined(html, tmp), out))
            return;
        put_text(cJSON_GetObjectItemCaseSensitive(data, "text/plain"), out);
    }
}

void md_notebook_text(const cJSON *root, md_buf *out)
{
    md_buf tmp = {0};
    const cJSON *cell;
    cJSON_ArrayForEach(cell, cJSON_GetObjectItemCaseSensitive(root, "cells"))
    {
        const cJSON *output;
        cJSON_ArrayForEach(output, cJSON_GetObjectItemCaseSensitive(cell, "outputs"))
        {
            if (cJSON_IsObject(output))
                put_output(output, out, &tmp);
        }
    }
    md_buf_free(&tmp);
}
