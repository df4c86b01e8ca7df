/* A dict that pprint wrapped, one item a line, because it was wider than
 * its width. TF's Object Detection API logs its losses so, after the step
 * they are of ("Step 100 per-step time 0.347s"):
 *
 *   I0523 10:12:01.123789 140234 model_lib_v2.py:708] {'Loss/classification_loss': 0.4213,
 *    'Loss/localization_loss': 0.2134,
 *    'Loss/total_loss': 0.7878,
 *    'learning_rate': 0.0133}
 *
 * Its lines are one record: alone, a line holds a loss term without the
 * total, or no key the catalog knows. */
#include <string.h>

#include "reader/reader_int.h"

#define WRAPPED_MAX (64u << 10) /* as the text reader's longest scanned segment */

static bool is_quote(char c)
{
    return c == '\'' || c == '"';
}

/* "...{'key': value," with no '}' after the brace: a dict's first item,
 * and more to come on the next line. Or the brace alone, as JSON pretty
 * printed opens an object: a trainer_state.json's log_history pasted into
 * an issue, "{", then "\"loss\": 5.28," a line, then "},". */
static bool opens(md_str t)
{
    if (t.n == 1 && t.p[0] == '{')
        return true;
    if (t.n < 4 || t.p[t.n - 1] != ',')
        return false;
    const char *brace = memchr(t.p, '{', t.n);
    if (!brace || brace + 1 >= t.p + t.n || !is_quote(brace[1]))
        return false;
    return !memchr(brace, '}', (size_t)(t.p + t.n - brace));
}

bool md_wrapped_dict_begin(md_wrapped_dict *d, md_str line, unsigned long lineno)
{
    if (!opens(line))
        return false;
    md_buf_reset(&d->text);
    md_buf_put(&d->text, line.p, line.n);
    d->lineno = lineno;
    d->open = true;
    d->closed = false;
    return true;
}

/* Each further item starts with its key's quote, after pprint's indent;
 * the last one ends in the closing brace. */
bool md_wrapped_dict_add(md_wrapped_dict *d, md_str line)
{
    if ((line.n == 1 || (line.n == 2 && line.p[1] == ',')) && line.p[0] == '}') {
        md_buf_putc(&d->text, '}');
        d->closed = true;
        return true;
    }
    if (line.n == 0 || !is_quote(line.p[0]) || d->text.n + 1 + line.n > WRAPPED_MAX)
        return false;
    md_buf_putc(&d->text, ' ');
    md_buf_put(&d->text, line.p, line.n);
    d->closed = line.p[line.n - 1] == '}';
    return true;
}

void md_wrapped_dict_free(md_wrapped_dict *d)
{
    md_buf_free(&d->text);
}
