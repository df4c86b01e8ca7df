/* Hostile input: whatever a crashed job or a colleague leaves behind gets a
 * clear answer or a correct report, never a crash, a hang or a leak. The
 * cases the other suites do not cover already. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/run.h"
#include "mldiag/catalog.h"
#include "mldiag/expr.h"
#include "mldiag/reader.h"
#include "mldiag/rules.h"
#include "mldiag/signal.h"
#include "tests.h"

static const char trainer_state[] =
    "{\"global_step\": 30, \"max_steps\": 30, \"log_history\": [\n"
    "  {\"loss\": 2.5, \"grad_norm\": 1.5, \"step\": 10},\n"
    "  {\"loss\": 2.1, \"grad_norm\": NaN, \"step\": 20},\n"
    "  {\"loss\": 1.9, \"eval_loss\": Infinity, \"step\": 30}\n"
    "]}\n";

static md_err read_memory(const char *data, size_t n, md_store **out, md_diags *diags)
{
    md_source *src = md_source_memory(data, n, "mem.json");
    ck_assert_ptr_nonnull(src);
    md_store *st = md_store_new(t_catalog());
    md_format fmt;
    md_err err = md_read(st, src, t_catalog(), diags, &fmt);
    md_source_close(src);
    md_store_sort(st);
    *out = st;
    return err;
}

/* Reads data as a document that must be refused, with an error that says
 * msg. */
static void expect_refused(const char *data, size_t n, const char *msg)
{
    md_diags diags;
    md_diags_init(&diags);
    md_store *st;
    ck_assert_int_eq(read_memory(data, n, &st, &diags), MD_ERR_FORMAT);
    ck_assert_msg(t_find_diag(&diags, MD_DIAG_ERROR, msg) != NULL, "no error \"%s\"", msg);
    md_store_free(st);
    md_diags_free(&diags);
}

/* Every prefix of a valid document: an error or the entries before the
 * cut, marked cut short; never more than the whole document holds. */
START_TEST(test_json_truncated_everywhere)
{
    size_t len = sizeof trainer_state - 1;
    const char *second_end = strstr(trainer_state, "\"step\": 20}") + 11;
    for (size_t cut = 1; cut < len - 1; cut++) {
        md_diags diags;
        md_diags_init(&diags);
        md_store *st;
        md_err err = read_memory(trainer_state, cut, &st, &diags);
        const md_series *loss = md_store_find(st, "loss");
        size_t count = loss ? (size_t)loss->count : 0;
        ck_assert_msg(count <= 3, "cut at %zu: %zu loss points", cut, count);
        if (trainer_state + cut > second_end) {
            ck_assert_msg(err == MD_OK, "cut at %zu: the two complete entries are lost", cut);
            ck_assert_msg(count >= 2, "cut at %zu: %zu loss points, want 2", cut, count);
            ck_assert_msg(md_store_input(st, 0)->cut_short, "cut at %zu: not marked cut short", cut);
        }
        if (err != MD_OK)
            ck_assert_msg(diags.errors > 0, "cut at %zu: a failure without a message", cut);
        md_store_free(st);
        md_diags_free(&diags);
    }
}
END_TEST

START_TEST(test_json_nested_deep)
{
    const size_t depth = 100000;
    char *doc = malloc(2 * depth + 1);
    memset(doc, '[', depth);
    memset(doc + depth, ']', depth);
    doc[2 * depth] = '\0';
    expect_refused(doc, 2 * depth, "JSON nested deeper than 1000 levels");
    free(doc);
}
END_TEST

/* A long run's trainer_state.json is read an entry at a time: every
 * entry of its log_history, with the plan (max_steps) written after it. */
START_TEST(test_json_long_trainer_state)
{
    md_buf doc = {0};
    md_buf_puts(&doc, "{\"epoch\": 3.0, \"global_step\": 200000, \"log_history\": [\n");
    for (int i = 1; i <= 200000; i++)
        md_buf_printf(&doc, "%s  {\"epoch\": %.5f, \"grad_norm\": 1.5, \"learning_rate\": 1e-05, \"loss\": %.4f, "
                            "\"step\": %d}",
                      i > 1 ? ",\n" : "", i / 70000.0, 3.0 - i / 100000.0, i);
    md_buf_puts(&doc, "\n], \"logging_steps\": 1, \"max_steps\": 250000, \"stateful_callbacks\": {\"x\": {\"y\": 1}}}\n");
    md_diags diags;
    md_diags_init(&diags);
    md_store *st;
    ck_assert_int_eq(read_memory(doc.p, doc.n, &st, &diags), MD_OK);
    const md_series *loss = md_store_find(st, "loss");
    ck_assert_ptr_nonnull(loss);
    ck_assert_uint_eq(loss->count, 200000);
    ck_assert_int_eq(loss->last_step, 200000);
    ck_assert_double_eq_tol(loss->last, 1.0, 1e-9);
    ck_assert_int_eq(md_store_input(st, 0)->declared_total, 250000);
    ck_assert(md_store_input(st, 0)->snapshot);
    ck_assert_uint_eq(diags.n, 0);
    md_store_free(st);
    md_diags_free(&diags);
    /* Cut short mid-entry, as a run killed while writing it leaves it:
     * the entries before the cut, an entry at a time, and a warning. */
    const char *cut = strstr(doc.p, "\"step\": 120001}");
    ck_assert_ptr_nonnull(cut);
    md_diags_init(&diags);
    ck_assert_int_eq(read_memory(doc.p, (size_t)(cut - doc.p) + 4, &st, &diags), MD_OK);
    ck_assert_uint_eq(md_store_find(st, "loss")->count, 120000);
    ck_assert(md_store_input(st, 0)->cut_short);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "JSON ends early"));
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&doc);
}
END_TEST

/* A document of other shapes is built whole as cJSON's tree, about 100
 * bytes a value: past MD_JSON_TREE_VALUES values it is refused, not
 * allowed gigabytes (an object of one array of 4M zeros is 8 MB). */
START_TEST(test_json_too_many_values)
{
    md_buf doc = {0};
    /* So is one entry of a root array, or a member beside a log_history,
     * that holds as many. */
    const char *wrappers[][2] = {{"{\"loss\": [", "]}"},
                                 {"[{\"step\": 1, \"loss\": 2.0}, {\"big\": [", "]}]"},
                                 {"{\"log_history\": [{\"step\": 1, \"loss\": 2.0}], \"x\": [", "]}"}};
    for (size_t w = 0; w < MD_COUNT(wrappers); w++) {
        doc.n = 0;
        md_buf_puts(&doc, wrappers[w][0]);
        for (size_t i = 0; i <= MD_JSON_TREE_VALUES; i++)
            md_buf_puts(&doc, i ? ",0" : "0");
        md_buf_puts(&doc, wrappers[w][1]);
        expect_refused(doc.p, doc.n, "values in one entry or outside its entries");
    }
    md_diags diags;
    md_store *st;
    /* The same values as entries of a root array are read one by one. */
    doc.n = 0;
    md_buf_putc(&doc, '[');
    for (size_t i = 0; i <= MD_JSON_TREE_VALUES / 2; i++)
        md_buf_printf(&doc, "%s{\"step\": %zu, \"loss\": 0}", i ? "," : "", i + 1);
    md_buf_putc(&doc, ']');
    md_diags_init(&diags);
    ck_assert_int_eq(read_memory(doc.p, doc.n, &st, &diags), MD_OK);
    ck_assert_uint_eq(md_store_find(st, "loss")->count, MD_JSON_TREE_VALUES / 2 + 1);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&doc);
}
END_TEST

START_TEST(test_csv_ten_thousand_columns)
{
    md_buf csv = {0};
    for (int c = 0; c < 10000; c++)
        md_buf_printf(&csv, "%smetric_%d", c ? "," : "", c);
    for (int r = 0; r < 3; r++) {
        md_buf_putc(&csv, '\n');
        for (int c = 0; c < 10000; c++)
            md_buf_printf(&csv, "%s%d.5", c ? "," : "", r + c);
    }
    md_buf_putc(&csv, '\n');
    char *dir = t_tmpdir();
    char *path = t_write(dir, "wide.csv", csv.p, csv.n);
    md_diags diags;
    md_diags_init(&diags);
    md_store *st;
    ck_assert_int_eq(t_load(path, &st, &diags), MD_OK);
    /* Columns the catalog does not name stop short of its share. */
    size_t own = MD_MAX_SERIES - md_catalog_nseries(t_catalog());
    ck_assert_uint_eq(md_store_nseries(st), own);
    ck_assert_uint_eq(md_store_dropped_series(st), 10000 - own);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "over the limit"));
    ck_assert_uint_eq(md_store_find(st, "metric_9")->count, 3);
    md_store_free(st);
    md_diags_free(&diags);
    md_buf_free(&csv);
    free(path);
    free(dir);
}
END_TEST

START_TEST(test_csv_unterminated_quote)
{
    char *dir = t_tmpdir();
    char *path = t_write_str(dir, "open.csv", "step,loss\n1,2.0\n2,\"1.9\n3,1.8\n");
    md_store *st;
    ck_assert_int_eq(t_load(path, &st, NULL), MD_OK);
    const md_series *loss = md_store_find(st, "loss");
    ck_assert_ptr_nonnull(loss);
    ck_assert(loss->count >= 1 && loss->first == 2.0);
    md_store_free(st);
    free(path);
    free(dir);
}
END_TEST

/* 100 MB without a newline, then a real line: the giant line is cut at the
 * limit and counted; the next line is read. */
START_TEST(test_hundred_megabyte_line)
{
    char *dir = t_tmpdir();
    char *path = t_path(dir, "huge.log");
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    for (int i = 0; i < 100; i++)
        ck_assert_uint_eq(fwrite(block, 1, sizeof block, f), sizeof block);
    fputs("\nstep 1, loss: 2.0\nstep 2, loss: 1.5\n", f);
    fclose(f);
    md_diags diags;
    md_diags_init(&diags);
    md_store *st;
    ck_assert_int_eq(t_load(path, &st, &diags), MD_OK);
    ck_assert_uint_eq(md_store_find(st, "loss")->count, 2);
    ck_assert_uint_eq(md_store_input(st, 0)->cut_lines, 1);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_WARNING, "longer than"));
    md_store_free(st);
    md_diags_free(&diags);
    unlink(path);
    free(path);
    free(dir);
}
END_TEST

static md_value eval_text(const char *text, md_sigset *sig)
{
    md_expr_error err;
    md_expr *e = md_expr_compile(text, t_catalog(), &err);
    ck_assert_msg(e != NULL, "%s: %s", text, err.msg);
    md_value v = md_expr_eval(e, sig, NULL);
    md_expr_free(e);
    return v;
}

START_TEST(test_expression_division_by_zero)
{
    md_store *st = md_store_new(t_catalog());
    md_store_begin_input(st, "x.log", MD_FMT_TEXT);
    for (int i = 0; i < 3; i++) {
        md_store_record_begin(st, 1);
        md_store_record_kv(st, "loss", 4, 0.0, MD_UNIT_NONE, 0, NAN);
        md_store_record_end(st, NULL);
    }
    md_sigset *sig = md_sigset_new(st);
    ck_assert(!eval_text("1 / 0", sig).known);
    ck_assert(!eval_text("loss.max / loss.min > 1", sig).known);
    ck_assert(!eval_text("ln(loss.min)", sig).known);
    /* Kleene: a known false settles an and; a known true settles an or. */
    md_value v = eval_text("1 / 0 > 1 && false", sig);
    ck_assert(v.known && v.v == 0);
    v = eval_text("true || loss.max / 0 > 1", sig);
    ck_assert(v.known && v.v == 1);
    v = eval_text("default(1 / 0, 7)", sig);
    ck_assert(v.known && v.v == 7);
    md_sigset_free(sig);
    md_store_free(st);
}
END_TEST

/* Tens of thousands of any prefix that nests: an error, not a stack
 * overflow, from --expect and from a rule file, at the first one too many. */
START_TEST(test_expression_nested_deeply)
{
    static const char *const prefixes[] = {"(", "!", "not ", "-", "-(", "abs("};
    for (size_t i = 0; i < MD_COUNT(prefixes); i++) {
        md_buf text = {0};
        for (int k = 0; k < 50000; k++)
            md_buf_puts(&text, prefixes[i]);
        md_buf_puts(&text, "1 < 0");
        md_expr_error err;
        ck_assert_ptr_null(md_expr_compile(md_buf_cstr(&text), t_catalog(), &err));
        ck_assert_msg(strstr(err.msg, "nested too deeply"), "'%s': %s", prefixes[i], err.msg);
        md_buf_free(&text);
    }
    md_buf rules = {0};
    md_buf_puts(&rules, "[rule deep]\ntitle = t\nseverity = info\nwhen = ");
    for (int k = 0; k < 100000; k++)
        md_buf_putc(&rules, '-');
    md_buf_puts(&rules, "1 < 0\n");
    md_ruleset *rs = md_ruleset_new();
    md_ruleset_add_text(rs, "deep.rules", rules.p, rules.n);
    md_diags diags;
    md_diags_init(&diags);
    ck_assert_int_eq(md_ruleset_compile(rs, &diags), MD_ERR_RULES);
    const md_diag *g = t_find_diag(&diags, MD_DIAG_ERROR, "nested too deeply");
    ck_assert_ptr_nonnull(g);
    ck_assert_str_eq(g->path, "deep.rules");
    ck_assert_uint_eq(g->line, 4);
    ck_assert_uint_eq(g->col, 8 + 200);
    md_diags_free(&diags);
    md_ruleset_free(rs);
    md_buf_free(&rules);
}
END_TEST

/* A device that never ends and a file of plausible text far larger than
 * any rule file: an error each, not a read until memory runs out. */
START_TEST(test_rule_file_endless)
{
    md_ruleset *rs = md_ruleset_new();
    md_diags diags;
    md_diags_init(&diags);
    ck_assert(md_ruleset_add_path(rs, "/dev/zero", &diags));
    ck_assert_int_eq(md_ruleset_compile(rs, &diags), MD_ERR_RULES);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "NUL bytes"));
    md_diags_free(&diags);
    md_ruleset_free(rs);

    md_buf text = {0};
    while (text.n <= (17u << 20))
        md_buf_puts(&text, "# a comment line, as a rule file may hold\n");
    char *dir = t_tmpdir();
    char *path = t_write(dir, "huge.rules", text.p, text.n);
    rs = md_ruleset_new();
    md_diags_init(&diags);
    ck_assert(!md_ruleset_add_path(rs, path, &diags));
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "larger than 16 MiB"));
    md_diags_free(&diags);
    md_ruleset_free(rs);
    unlink(path);
    free(path);
    free(dir);
    md_buf_free(&text);
}
END_TEST

/* Rules text that must not compile: its error says msg, at line:col (col
 * 0: any column). */
static void expect_rules_error(const char *text, const char *msg, unsigned long line, unsigned long col)
{
    md_ruleset *rs = md_ruleset_new();
    md_diags diags;
    md_diags_init(&diags);
    md_ruleset_add_text(rs, "t.rules", text, strlen(text));
    ck_assert_int_eq(md_ruleset_compile(rs, &diags), MD_ERR_RULES);
    const md_diag *g = t_find_diag(&diags, MD_DIAG_ERROR, msg);
    ck_assert_msg(g != NULL, "no error saying \"%s\"", msg);
    ck_assert_uint_eq(g->line, line);
    if (col)
        ck_assert_uint_eq(g->col, col);
    md_diags_free(&diags);
    md_ruleset_free(rs);
}

/* A rule that suppresses itself, or an id that is no rule (pointed at
 * where it stands, on the continuation line that holds it); a cause
 * defined twice, as a rule, a series or an event defined twice is. */
START_TEST(test_rule_file_reference_errors)
{
    expect_rules_error("[rule me]\ntitle = t\nseverity = info\nwhen = true\nsuppresses = me\n", "suppresses itself", 5,
                       14);
    expect_rules_error("[rule me]\ntitle = t\nseverity = info\nwhen = true\nsuppresses = me_too,\n    nosuch\n"
                       "[rule me_too]\ntitle = t\nseverity = info\nwhen = true\n",
                       "suppresses 'nosuch', which is no rule", 6, 5);
    expect_rules_error("[rule me]\ntitle = t\nseverity = info\nwhen = true\n"
                       "[cause me.a]\ntext = one\nscore = 1\n"
                       "[cause me.a]\ntext = two\nscore = 1\n",
                       "cause 'me.a' is defined twice", 8, 0);
    /* A rule defined twice still has its own errors reported: one round
     * of fixes is enough. */
    expect_rules_error("[rule me]\ntitle = t\nseverity = info\nwhen = true\n"
                       "[rule me]\ntitle = t\nseverity = info\nwhen = (1 > 0\n",
                       "rule 'me' is defined twice", 5, 7);
    expect_rules_error("[rule me]\ntitle = t\nseverity = info\nwhen = true\n"
                       "[rule me]\ntitle = t\nseverity = info\nwhen = (1 > 0\n",
                       "expected ')'", 8, 14);
    /* What a reader is told may not be empty, and an empty pattern would
     * match every line. */
    expect_rules_error("[rule me]\ntitle =\nseverity = info\nwhen = true\n", "title is empty", 2, 1);
    expect_rules_error("[rule me]\ntitle = t\nsymptom =\nseverity = info\nwhen = true\n", "symptom is empty", 3, 1);
    expect_rules_error("[event ev]\ntitle = t\nliteral = boom\npattern =\n", "an empty pattern matches every line", 4,
                       1);
    /* A malformed header is one error, not one more for each line under it. */
    md_ruleset *rs = md_ruleset_new();
    md_diags diags;
    md_diags_init(&diags);
    static const char bad_id[] = "[rule f\xc3\xb3o]\ntitle = t\nseverity = info\nwhen = true\n";
    md_ruleset_add_text(rs, "t.rules", bad_id, strlen(bad_id));
    ck_assert_int_eq(md_ruleset_compile(rs, &diags), MD_ERR_RULES);
    ck_assert_uint_eq(diags.errors, 1);
    ck_assert_ptr_nonnull(t_find_diag(&diags, MD_DIAG_ERROR, "a section header is '[kind id]'"));
    md_diags_free(&diags);
    md_ruleset_free(rs);
}
END_TEST

/* A log that grows while it is read: every read ends, with a prefix of
 * what was written. */
START_TEST(test_file_growing_while_read)
{
    char *dir = t_tmpdir();
    char *path = t_write_str(dir, "live.log", "step 0, loss: 3.0\n");
    pid_t writer = fork();
    ck_assert_int_ge(writer, 0);
    if (writer == 0) {
        FILE *f = fopen(path, "a");
        for (int i = 1; i < 200000 && f; i++) {
            fprintf(f, "step %d, loss: %.4f\n", i, 3.0 - i * 1e-5);
            if (i % 1000 == 0)
                fflush(f);
        }
        _exit(0);
    }
    uint64_t last = 0;
    for (int round = 0; round < 20; round++) {
        md_store *st;
        ck_assert_int_eq(t_load(path, &st, NULL), MD_OK);
        const md_series *loss = md_store_find(st, "loss");
        ck_assert_ptr_nonnull(loss);
        ck_assert(loss->count >= last);
        ck_assert(loss->count <= 200000);
        last = loss->count;
        md_store_free(st);
    }
    int status;
    waitpid(writer, &status, 0);
    free(path);
    free(dir);
}
END_TEST

/* Counts of 33 digits where a step, an epoch, a plan or a bar's total
 * stands: no count of the run, and no undefined cast (make asan checks
 * float-cast-overflow). */
START_TEST(test_counts_too_large)
{
    static const struct {
        const char *name, *text;
    } cases[] = {
        {"trainer_state.json", "{\"max_steps\": 1e300, \"log_history\": [{\"step\": 1, \"loss\": 0.5}, "
                               "{\"step\": 2, \"loss\": 0.4}]}"},
        {"allennlp.log", "allennlp.training.trainer - INFO - Epoch 99999999999999999999999999999999/"
                         "99999999999999999999999999999999\n"
                         "allennlp.training.tensorboard_writer - INFO -                        Training |  Validation\n"
                         "allennlp.training.tensorboard_writer - INFO - loss               |     0.512  |     0.634\n"},
        {"header.log", "-----Step 99999999999999999999999999999999:-----\nloss 0.5\n"},
        {"epochs.log", "Epoch 1/99999999999999999999999999999999\nloss: 0.5\n"},
        {"bar.log", "  0%|          | 999999999999999999999999999999991/999999999999999999999999999999999 "
                    "[00:01<00:02,  3.00it/s]\n{'loss': 0.5, 'learning_rate': 1e-05, 'epoch': 0.1}\n"},
        {"keras.log", "Epoch 1/10\n1/99999999999999999999999999999999 [==============================] - 1s "
                      "10ms/step - loss: 0.5\n"},
    };
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_source *src = md_source_memory(cases[i].text, strlen(cases[i].text), cases[i].name);
        md_store *st = md_store_new(t_catalog());
        md_diags diags;
        md_diags_init(&diags);
        md_format fmt;
        md_err err = md_read(st, src, t_catalog(), &diags, &fmt);
        md_source_close(src);
        md_store_sort(st);
        ck_assert_msg(err == MD_OK, "%s: %d", cases[i].name, err);
        const md_series *loss = md_store_find(st, "loss");
        ck_assert_msg(loss && loss->count >= 1, "%s: no loss", cases[i].name);
        ck_assert_int_ge(loss->last_step, -1);
        md_diags_free(&diags);
        md_store_free(st);
    }
}
END_TEST

/* Rows of words under a table's header finish its names (MATLAB's two
 * rows) a few times, not forever: 40,000 such rows read in linear time,
 * and no name grows with each. */
START_TEST(test_header_rows_endless)
{
    md_buf text = {0};
    md_buf_puts(&text, "| Epoch | Iteration | Loss |\n");
    for (int i = 0; i < 40000; i++)
        md_buf_puts(&text, "| more | | |\n");
    md_buf_puts(&text, "|---|---|---|\n| 1 | 10 | 1.000 |\n| 1 | 20 | 0.900 |\n");
    md_source *src = md_source_memory(text.p, text.n, "matlab.log");
    md_store *st = md_store_new(t_catalog());
    md_diags diags;
    md_diags_init(&diags);
    md_format fmt;
    md_read(st, src, t_catalog(), &diags, &fmt);
    md_source_close(src);
    for (size_t i = 0; i < md_store_nseries(st); i++)
        ck_assert_uint_lt(strlen(md_store_series(st, i)->name), 64);
    md_diags_free(&diags);
    md_store_free(st);
    md_buf_free(&text);
}
END_TEST

Suite *suite_hostile(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("hostile");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_json_truncated_everywhere);
    tcase_add_test(tc, test_json_nested_deep);
    tcase_add_test(tc, test_json_long_trainer_state);
    tcase_add_test(tc, test_json_too_many_values);
    tcase_add_test(tc, test_csv_ten_thousand_columns);
    tcase_add_test(tc, test_csv_unterminated_quote);
    tcase_add_test(tc, test_hundred_megabyte_line);
    tcase_add_test(tc, test_expression_division_by_zero);
    tcase_add_test(tc, test_expression_nested_deeply);
    tcase_add_test(tc, test_rule_file_reference_errors);
    tcase_add_test(tc, test_rule_file_endless);
    tcase_add_test(tc, test_file_growing_while_read);
    tcase_add_test(tc, test_counts_too_large);
    tcase_add_test(tc, test_header_rows_endless);
    suite_add_tcase(s, tc);
    return s;
}
