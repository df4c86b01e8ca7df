/* Rule files: syntax and meaning errors point at file:line:col. */
#include <stdlib.h>
#include <string.h>

#include "mldiag/rules.h"
#include "rules/builtin.h"
#include "rules/template.h"
#include "tests.h"

#define USER_FILE "user.rules"

/* Compiles text as USER_FILE, after the built-in rules when asked. */
static md_err compile(const char *text, size_t n, bool builtin, md_diags *diags, md_ruleset **out)
{
    md_ruleset *rs = md_ruleset_new();
    if (builtin)
        md_ruleset_add_builtin(rs);
    md_ruleset_add_text(rs, USER_FILE, text, n);
    md_err err = md_ruleset_compile(rs, diags);
    if (out)
        *out = rs;
    else
        md_ruleset_free(rs);
    return err;
}

static const char *rendered(const md_diags *d, md_buf *b)
{
    md_buf_reset(b);
    md_diags_render(d, b);
    return md_buf_cstr(b);
}

/* Compiles text, which must fail, and checks that an error whose message
 * holds msg is reported at USER_FILE:line:col. Returns a copy of that
 * diagnostic's help (or NULL) for further checks. */
static char *expect_error(const char *text, bool builtin, const char *msg, unsigned long line,
                          unsigned long col)
{
    md_diags d;
    md_diags_init(&d);
    md_buf b = {0};
    ck_assert_int_eq(compile(text, strlen(text), builtin, &d, NULL), MD_ERR_RULES);
    const md_diag *g = t_find_diag(&d, MD_DIAG_ERROR, msg);
    ck_assert_msg(g != NULL, "no error containing \"%s\"; got:\n%s", msg, rendered(&d, &b));
    ck_assert_str_eq(g->path, USER_FILE);
    ck_assert_msg(g->line == line && g->col == col, "\"%s\" at %lu:%lu, want %lu:%lu\n%s", msg, g->line,
                  g->col, line, col, rendered(&d, &b));
    char *help = g->help ? md_xstrdup(g->help) : NULL;
    md_buf_free(&b);
    md_diags_free(&d);
    return help;
}

START_TEST(test_unknown_section_kind)
{
    char *help = expect_error("[series ok]\nkind = loss\n\n[bogus thing]\nfoo = bar\n", false,
                              "unknown section kind 'bogus'", 4, 2);
    ck_assert_ptr_nonnull(help);
    ck_assert_ptr_nonnull(strstr(help, "[series NAME]"));
    free(help);
}
END_TEST

START_TEST(test_unknown_section_kind_after_spaces)
{
    /* "[  bogus thing]" is accepted as a header; the error points at the kind. */
    free(expect_error("[  bogus thing]\n", false, "unknown section kind 'bogus'", 1, 4));
}
END_TEST

START_TEST(test_header_missing_bracket)
{
    free(expect_error("[series loss_x\nkind = loss\n", false, "lacks its closing ']'", 1, 15));
}
END_TEST

START_TEST(test_header_malformed)
{
    free(expect_error("[series]\n", false, "a section header is '[kind id]'", 1, 8));
    free(expect_error("[series foo] junk\n", false, "unexpected text after the section header", 1, 14));
    /* A comment after the header is fine. */
    md_diags d;
    md_diags_init(&d);
    const char *ok = "[series foo]  # a comment\nkind = count\n";
    ck_assert_int_eq(compile(ok, strlen(ok), false, &d, NULL), MD_OK);
    md_diags_free(&d);
}
END_TEST

START_TEST(test_entry_missing_equals)
{
    free(expect_error("[series foo]\naliases: foo, bar\n", false, "expected 'key = value'", 2, 8));
    free(expect_error("[series foo]\nkind loss\n", false, "expected 'key = value'", 2, 10));
    char *help = expect_error("kind = loss\n", false, "an entry outside any section", 1, 1);
    ck_assert_ptr_nonnull(help);
    free(help);
}
END_TEST

START_TEST(test_unknown_key_did_you_mean)
{
    char *help = expect_error("[series foo]\nkind = loss\nkindd = loss\n", false,
                              "unknown key 'kindd' in [series foo]", 3, 1);
    ck_assert_str_eq(help, "did you mean 'kind'?");
    free(help);
    help = expect_error("[series foo]\nalias = foo_a\n", false, "unknown key 'alias'", 2, 1);
    ck_assert_str_eq(help, "did you mean 'aliases'?");
    free(help);
    help = expect_error("[series foo]\ncolour = red\n", false, "unknown key 'colour'", 2, 1);
    ck_assert_ptr_nonnull(strstr(help, "known keys: aliases, exact, kind, better, role"));
    free(help);
    help = expect_error("[event foo]\nliteral = foo\npatern = foo\n", false, "unknown key 'patern'", 3, 1);
    ck_assert_str_eq(help, "did you mean 'pattern'?");
    free(help);
}
END_TEST

START_TEST(test_bad_values)
{
    free(expect_error("[series foo]\nkind = bogus\n", false, "unknown kind 'bogus'", 2, 8));
    char *help = expect_error("[series foo]\nbetter = upper\n", false, "unknown direction 'upper'", 2, 10);
    ck_assert_str_eq(help, "better is lower, higher or none");
    free(help);
    free(expect_error("[series foo]\nrole = boss\n", false, "unknown role 'boss'", 2, 8));
    free(expect_error("[series foo]\nshare = maybe\n", false, "share is yes or no, not 'maybe'", 2, 9));
    help = expect_error("[series foo]\naliases  Mbit = foo_rate\n", false, "unknown unit 'Mbit'", 2, 10);
    ck_assert_ptr_nonnull(strstr(help, "MiB, GiB"));
    free(help);
    free(expect_error("[event foo]\nliteral = foo\nsource = stderr\n", false, "unknown source 'stderr'", 3,
                      10));
}
END_TEST

START_TEST(test_cause_text_twice_after_bad_text)
{
    /* The first text fails to parse; the second is still a second. */
    free(expect_error("[rule r]\ntitle = T\nsymptom = S\nseverity = info\nwhen = loss.count > 0\n\n"
                      "[cause r.c]\ntext = broken {\ntext = again\nscore = 1\n",
                      false, "'text' is given twice", 9, 1));
}
END_TEST

START_TEST(test_bad_regex)
{
    free(expect_error("[event foo]\nliteral = foo\npattern = foo(bar\n", false, "bad regular expression", 3,
                      11));
    free(expect_error("[event foo]\nliteral = foo\nfield n = ([0-9]+\n", false, "bad regular expression", 3,
                      11));
    /* A call past its largest count of arguments says the range. */
    free(expect_error("[rule r]\ntitle = T\nsymptom = S\nseverity = info\n"
                      "when = max(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17) > 0\n",
                      false, "max takes 1 to 16 arguments, not 17", 5, 8));
    /* Nested counts that glibc's regcomp would write out as gigabytes of
     * copies; a date's counts are fine. */
    free(expect_error("[event foo]\nliteral = a\npattern = ((a{255}){255}){255}\n", false,
                      "repetition counts multiply past", 3, 20));
    free(expect_error("[event foo]\nliteral = a\npattern = [0-9]{4}-[0-9]{2}-[0-9]{2}(\n", false,
                      "bad regular expression", 3, 11));
    /* glibc takes backreferences, which POSIX EREs lack, and matching
     * this one against a line of a's would not end. */
    const char *no_backrefs = "POSIX extended regular expressions have no backreferences";
    free(expect_error("[event foo]\nliteral = a\npattern = ^(a+)+\\1\\1\\1b\n", false, no_backrefs, 3, 17));
    free(expect_error("[event foo]\nliteral = a\nfield n = ([0-9]+) \\1\n", false, no_backrefs, 3, 20));
    /* In a bracket expression, or after an escaped backslash, "\1" is
     * two characters. */
    const char *literal = "[event foo]\nliteral = a\npattern = a[\\1] [[:digit:]\\2] \\\\1\n";
    md_diags d;
    md_diags_init(&d);
    ck_assert_int_eq(compile(literal, strlen(literal), false, &d, NULL), MD_OK);
    md_diags_free(&d);
}
END_TEST

START_TEST(test_field_needs_group)
{
    char *help = expect_error("[event foo]\nliteral = foo\nfield items = [0-9]+ items\n", false,
                              "a field's pattern needs a group", 3, 15);
    ck_assert_ptr_nonnull(strstr(help, "parentheses"));
    free(help);
    free(expect_error("[event foo]\nliteral = foo\nfield = ([0-9]+)\n", false, "a field needs a name", 3, 1));
    free(expect_error("[event foo]\nliteral = foo\nfield n = a([0-9])\nfield n = b([0-9])\n", false,
                      "field 'n' is defined twice", 4, 1));
    help = expect_error("[event foo]\nliteral = foo\nfield count = ([0-9]+) items\n", false,
                        "field 'count' would hide the event's own 'count'", 3, 1);
    ck_assert_ptr_nonnull(strstr(help, "name the field"));
    free(help);
    free(expect_error("[event foo]\nliteral = foo\nfield text = (.+)\n", false, "would hide", 3, 1));
}
END_TEST

START_TEST(test_event_structure)
{
    free(expect_error("[event foo]\ntitle = Foo\n", false, "needs at least one 'literal'", 1, 8));
    free(expect_error("[event foo]\nliteral =\n", false, "an empty literal matches every line", 2, 1));
    free(expect_error("[event foo]\nliteral = a\npattern = a\npattern = b\n", false,
                      "an event has one pattern", 4, 1));
    free(expect_error("[event foo]\nliteral = a\n[event foo]\nliteral = b\n", false,
                      "event 'foo' is defined twice", 3, 8));
}
END_TEST

START_TEST(test_duplicate_series)
{
    free(expect_error("[series foo]\nkind = loss\n\n[series foo]\nkind = metric\n", false,
                      "series 'foo' is defined twice", 4, 9));
    /* A user file that redefines a built-in series. */
    free(expect_error("# mine\n[series loss]\nkind = loss\n", true, "series 'loss' is defined twice", 2, 9));
}
END_TEST

START_TEST(test_alias_names_two_series)
{
    free(expect_error("[series foo]\naliases = foo_a, bar\n[series baz]\naliases = qux, bar\n", false,
                      "alias 'bar' already names another series", 4, 16));
    /* Spellings are compared normalised: "Grad Norm" is grad_norm. */
    free(expect_error("[series foo]\nexact = Grad Norm\n", true,
                      "alias 'Grad Norm' already names another series", 2, 9));
}
END_TEST

START_TEST(test_error_on_continuation_line)
{
    const char *text = "[series foo]\n"
                       "kind = count\n"
                       "aliases = foo_a, foo_b,\n"
                       "    foo_c, grad_norm\n"
                       "description = a series\n";
    md_diags d;
    md_diags_init(&d);
    md_buf b = {0};
    ck_assert_int_eq(compile(text, strlen(text), true, &d, NULL), MD_ERR_RULES);
    const md_diag *g = t_find_diag(&d, MD_DIAG_ERROR, "alias 'grad_norm' already names another series");
    ck_assert_msg(g != NULL, "%s", rendered(&d, &b));
    ck_assert_msg(g->line == 4 && g->col == 12, "at %lu:%lu\n%s", g->line, g->col, rendered(&d, &b));
    ck_assert_str_eq(g->excerpt, "    foo_c, grad_norm");
    ck_assert_uint_eq(g->width, 9);
    ck_assert_ptr_nonnull(strstr(rendered(&d, &b), "mldiag: user.rules:4:12: error: alias 'grad_norm'"));
    ck_assert_uint_eq(d.errors, 1);
    md_buf_free(&b);
    md_diags_free(&d);

    /* A regex continued over lines: the error is in its first piece. */
    free(expect_error("[event foo]\nliteral = x\npattern = a|\n    b(\n", false, "bad regular expression",
                      3, 11));
}
END_TEST

/* A value continued over 20,000 lines is read whole, and an error in its
 * last piece points at that line. */
START_TEST(test_long_continuation)
{
    md_buf text = {0};
    md_buf_puts(&text, "[series foo]\nkind = count\naliases = foo_0");
    for (int i = 1; i < 20000; i++)
        md_buf_printf(&text, ",\n    foo_%d", i);
    md_buf_printf(&text, ",\n      grad_norm\n");
    md_diags d;
    md_diags_init(&d);
    ck_assert_int_eq(compile(md_buf_cstr(&text), text.n, true, &d, NULL), MD_ERR_RULES);
    const md_diag *g = t_find_diag(&d, MD_DIAG_ERROR, "alias 'grad_norm' already names another series");
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(g->line, 20003);
    ck_assert_uint_eq(g->col, 7);
    ck_assert_uint_eq(d.errors, 1);
    md_diags_free(&d);
    md_buf_free(&text);
}
END_TEST

START_TEST(test_nul_bytes)
{
    md_diags d;
    md_diags_init(&d);
    ck_assert_int_eq(compile("[series foo]\0\n", 14, false, &d, NULL), MD_ERR_RULES);
    ck_assert_ptr_nonnull(t_find_diag(&d, MD_DIAG_ERROR, "NUL bytes"));
    md_diags_free(&d);
}
END_TEST

/* Rule files are UTF-8: a Latin-1 byte is an error at its line and
 * column (its entry is still read, so no second error follows), UTF-16 is
 * named as such, and the byte-order mark an editor puts before UTF-8 is
 * skipped. */
START_TEST(test_encodings)
{
    const char *latin1 = "[series loss_x]\nkind = loss\naliases = caf\xe9_loss\n";
    free(expect_error(latin1, false, "invalid UTF-8 (byte 0xE9)", 3, 14));
    /* An overlong form and a surrogate are invalid too. */
    free(expect_error("[series loss_x]\naliases = \xc0\xaf\n", false, "invalid UTF-8 (byte 0xC0)", 2, 11));
    free(expect_error("[series loss_x]\naliases = a\xed\xa0\x80\n", false, "invalid UTF-8 (byte 0xED)", 2, 12));
    md_diags d;
    md_diags_init(&d);
    ck_assert_int_eq(compile(latin1, strlen(latin1), false, &d, NULL), MD_ERR_RULES);
    ck_assert_uint_eq(d.n, 1);
    md_diags_free(&d);

    md_diags_init(&d);
    ck_assert_int_eq(compile("\xff\xfe[\0s\0", 6, false, &d, NULL), MD_ERR_RULES);
    ck_assert_ptr_nonnull(t_find_diag(&d, MD_DIAG_ERROR, "UTF-16"));
    md_diags_free(&d);

    /* A NUL byte: the file is not read, and the error says where. */
    static const char nul[] = "[rule x]\ntitle = a\0b\n";
    md_diags_init(&d);
    ck_assert_int_eq(compile(nul, sizeof nul - 1, false, &d, NULL), MD_ERR_RULES);
    const md_diag *e = t_find_diag(&d, MD_DIAG_ERROR, "NUL bytes");
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->line, 2);
    ck_assert_uint_eq(e->col, 10);
    md_diags_free(&d);

    const char *bom = "\xef\xbb\xbf[series loss_x]\nkind = loss\naliases = caf\xc3\xa9_loss, \xe6\x8d\x9f\xf0\x9f\x98\x80\n";
    md_diags_init(&d);
    md_ruleset *rs = NULL;
    ck_assert_int_eq(compile(bom, strlen(bom), false, &d, &rs), MD_OK);
    ck_assert_uint_eq(d.n, 0);
    md_ruleset_free(rs);
    md_diags_free(&d);
}
END_TEST

/* Built-in files skip the regex checks when they are loaded (their
 * regexes are compiled when a line first needs one) and the UTF-8 check:
 * read as a user's files are, they must pass them. */
START_TEST(test_builtin_files_pass_user_checks)
{
    md_ruleset *rs = md_ruleset_new();
    for (size_t i = 0; i < md_builtin_count; i++)
        md_ruleset_add_text(rs, md_builtin_files[i].name, md_builtin_files[i].text, md_builtin_files[i].len);
    md_diags d;
    md_diags_init(&d);
    md_buf b = {0};
    md_err err = md_ruleset_compile(rs, &d);
    ck_assert_msg(err == MD_OK && d.errors == 0, "%s", rendered(&d, &b));
    ck_assert_uint_gt(md_catalog_nevents(md_ruleset_catalog(rs)), 0);
    md_buf_free(&b);
    md_diags_free(&d);
    md_ruleset_free(rs);
}
END_TEST

START_TEST(test_valid_user_rules)
{
    const char *text = "# Tokens seen so far.\n"
                       "[series tokens_seen]\n"
                       "kind = count\n"
                       "aliases = tokens_seen, seen_tokens,\n"
                       "# blank lines and comments do not end a value\n"
                       "\n"
                       "    total_tokens\n"
                       "\n"
                       "[series host_memory]\n"
                       "kind = memory\n"
                       "aliases = host_mem\n"
                       "aliases MiB = rss\n"
                       "\n"
                       "[event my_abort]\n"
                       "title = Aborted by the watchdog\n"
                       "literal = ABORT\n"
                       "pattern = ^ABORT after ([0-9]+) s$\n"
                       "field after_s = ABORT after ([0-9]+) s\n";
    md_diags d;
    md_diags_init(&d);
    md_ruleset *rs;
    md_buf b = {0};
    ck_assert_msg(compile(text, strlen(text), true, &d, &rs) == MD_OK, "%s", rendered(&d, &b));
    ck_assert_uint_eq(d.errors, 0);
    const md_catalog *cat = md_ruleset_catalog(rs);
    int idx = md_catalog_find_series(cat, "tokens_seen");
    ck_assert_int_ge(idx, 0);
    ck_assert_int_eq(md_catalog_series(cat, (size_t)idx)->kind, MD_KIND_COUNT);
    md_unit unit;
    ck_assert_int_eq(md_catalog_resolve(cat, "seen_tokens", 11, &unit), idx);
    ck_assert_int_eq(unit, MD_UNIT_NONE);
    idx = md_catalog_find_series(cat, "host_memory");
    ck_assert_int_eq(md_catalog_resolve(cat, "rss", 3, &unit), idx);
    ck_assert_int_eq(unit, MD_UNIT_MIB);
    ck_assert_int_eq(md_catalog_resolve(cat, "rss_gb", 6, &unit), idx);
    ck_assert_msg(unit == MD_UNIT_GB, "a unit at the key's end wins over the alias's");
    ck_assert_int_eq(md_catalog_resolve(cat, "host_mem", 8, &unit), idx);
    ck_assert_int_eq(unit, MD_UNIT_NONE);
    int ev = md_catalog_find_event(cat, "my_abort");
    ck_assert_int_ge(ev, 0);
    const md_event_spec *spec = md_catalog_event(cat, (size_t)ev);
    ck_assert_str_eq(spec->title, "Aborted by the watchdog");
    ck_assert_uint_eq(spec->nfields, 1);
    ck_assert_int_eq(spec->fields[0].unit, MD_UNIT_S);
    ck_assert_int_ge(md_catalog_find_series(cat, "loss"), 0);
    md_ruleset_free(rs);
    md_buf_free(&b);
    md_diags_free(&d);
}
END_TEST

/* The finding high_loss on a run of five losses at loss, with steps or
 * without; NULL when it did not fire. */
static const md_finding *high_loss(const md_ruleset *rs, double loss, bool steps, md_findings *f)
{
    md_store *st = md_store_new(md_ruleset_catalog(rs));
    md_store_begin_input(st, "run.log", MD_FMT_TEXT);
    for (int step = 1; step <= 5; step++) {
        md_store_record_begin(st, (unsigned long)step);
        if (steps)
            md_store_record_kv(st, "step", 4, step, MD_UNIT_NONE, MD_KV_INTEGRAL, NAN);
        md_store_record_kv(st, "loss", 4, loss, MD_UNIT_NONE, 0, NAN);
        md_store_record_end(st, NULL);
    }
    md_sigset *sig = md_sigset_new(st);
    md_rules_eval(rs, sig, f);
    md_sigset_free(sig);
    md_store_free(st);
    return t_find_finding(f, "high_loss");
}

/* A cause the evidence scores 0 is ruled out and left out of the
 * finding; where every cause scores 0, all stay, equally likely. */
START_TEST(test_causes_scored_zero_are_left_out)
{
    const char *text = "[rule high_loss]\n"
                       "title = High loss\n"
                       "symptom = The loss is high\n"
                       "severity = warning\n"
                       "when = loss.last > 1\n"
                       "[cause high_loss.a]\n"
                       "text = A\n"
                       "score = 0.6 * (loss.last > 5)\n"
                       "[cause high_loss.b]\n"
                       "text = B\n"
                       "score = 0.2 * (loss.last > 1)\n"
                       "[cause high_loss.c]\n"
                       "text = C\n"
                       "score = 0.3 * (loss.last > 3)\n";
    md_diags d;
    md_diags_init(&d);
    md_ruleset *rs;
    md_buf b = {0};
    ck_assert_msg(compile(text, strlen(text), true, &d, &rs) == MD_OK, "%s", rendered(&d, &b));
    const struct {
        double loss;
        const char *causes; /* ids after "high_loss.", most likely first */
    } cases[] = {{10, "a c b"}, {4, "c b"}, {2, "b"}};
    for (size_t k = 0; k < MD_COUNT(cases); k++) {
        md_findings f;
        const md_finding *x = high_loss(rs, cases[k].loss, true, &f);
        ck_assert_ptr_nonnull(x);
        md_buf got = {0};
        double shares = 0;
        for (size_t i = 0; i < x->ncauses; i++) {
            md_buf_printf(&got, "%s%s", i ? " " : "", x->causes[i].id + strlen("high_loss."));
            shares += x->causes[i].share;
        }
        ck_assert_str_eq(got.p, cases[k].causes);
        ck_assert_double_eq_tol(shares, 1, 1e-12);
        md_buf_free(&got);
        md_findings_free(&f);
    }
    md_ruleset_free(rs);

    /* Every cause at 0: all three, a third each. */
    const char *flat = "[rule high_loss]\ntitle = High loss\nsymptom = s\nseverity = warning\nwhen = loss.last > 1\n"
                       "[cause high_loss.a]\ntext = A\nscore = 0\n[cause high_loss.b]\ntext = B\nscore = 0\n"
                       "[cause high_loss.c]\ntext = C\nscore = 0\n";
    ck_assert_msg(compile(flat, strlen(flat), true, &d, &rs) == MD_OK, "%s", rendered(&d, &b));
    md_findings f;
    const md_finding *x = high_loss(rs, 9, false, &f);
    ck_assert_ptr_nonnull(x);
    ck_assert_uint_eq(x->ncauses, 3);
    ck_assert_double_eq_tol(x->causes[2].share, 1.0 / 3, 1e-12);
    md_findings_free(&f);
    md_ruleset_free(rs);
    md_buf_free(&b);
    md_diags_free(&d);
}
END_TEST

/* A cause's checks and fixes with values, as evidence lines: left out
 * when a value is unknown or an {x:if} condition fails. */
START_TEST(test_checks_and_fixes_left_out)
{
    const char *text = "[rule high_loss]\n"
                       "title = High loss\n"
                       "severity = warning\n"
                       "when = loss.last > 1\n"
                       "[cause high_loss.a]\n"
                       "text = A\n"
                       "check = always\n"
                       "check = {loss.last > 5:if}only above 5\n"
                       "check = the lr was {lr.last}\n"
                       "fix = {loss.last > 5:if}halve it\n"
                       "fix = the loss was {loss.last}\n";
    md_diags d;
    md_diags_init(&d);
    md_ruleset *rs;
    md_buf b = {0};
    ck_assert_msg(compile(text, strlen(text), true, &d, &rs) == MD_OK, "%s", rendered(&d, &b));
    md_findings f;
    const md_finding *x = high_loss(rs, 9, true, &f);
    ck_assert_ptr_nonnull(x);
    ck_assert_uint_eq(x->causes[0].checks.n, 2);
    ck_assert_str_eq(x->causes[0].checks.v[1], "only above 5");
    ck_assert_uint_eq(x->causes[0].fixes.n, 2);
    md_findings_free(&f);
    x = high_loss(rs, 3, true, &f);
    ck_assert_uint_eq(x->causes[0].checks.n, 1);
    ck_assert_str_eq(x->causes[0].checks.v[0], "always");
    ck_assert_uint_eq(x->causes[0].fixes.n, 1);
    ck_assert_str_eq(x->causes[0].fixes.v[0], "the loss was 3");
    md_findings_free(&f);
    md_ruleset_free(rs);
    md_buf_free(&b);
    md_diags_free(&d);
}
END_TEST

/* A let names an expression once for the rule's when, confidence,
 * evidence and causes; a let may use the lets above it, and any entry
 * may use a let, wherever in the section it stands. */
START_TEST(test_lets)
{
    const char *text = "[rule high_loss]\n"
                       "title = High loss\n"
                       "severity = warning\n"
                       "when = high && loss.count >= 5\n"
                       "confidence = 0.5 + 0.4 * very_high\n"
                       "evidence = {very_high:if}the loss is very high: {loss.last}\n"
                       "let high = loss.last > 1\n"
                       "let very_high = high && loss.last > 5\n"
                       "[cause high_loss.a]\n"
                       "text = A\n"
                       "score = 0.1 + 0.6 * very_high\n"
                       "[cause high_loss.b]\n"
                       "text = B\n"
                       "score = 0.3\n";
    md_diags d;
    md_diags_init(&d);
    md_ruleset *rs;
    md_buf b = {0};
    ck_assert_msg(compile(text, strlen(text), true, &d, &rs) == MD_OK, "%s", rendered(&d, &b));
    long ri = md_ruleset_find(rs, "high_loss");
    md_rule_view v;
    md_ruleset_rule(rs, (size_t)ri, &v);
    ck_assert_uint_eq(v.nlets, 2);
    const char *name, *src;
    md_ruleset_let(rs, (size_t)ri, 1, &name, &src);
    ck_assert_str_eq(name, "very_high");
    ck_assert_str_eq(src, "high && loss.last > 5");
    const struct {
        double loss;
        double confidence;
        const char *first_cause;
        size_t evidence;
    } cases[] = {{9, 0.9, "high_loss.a", 1}, {3, 0.5, "high_loss.b", 0}};
    for (size_t k = 0; k < MD_COUNT(cases); k++) {
        md_findings f;
        const md_finding *x = high_loss(rs, cases[k].loss, true, &f);
        ck_assert_ptr_nonnull(x);
        ck_assert_double_eq_tol(x->confidence, cases[k].confidence, 1e-12);
        ck_assert_str_eq(x->causes[0].id, cases[k].first_cause);
        ck_assert_uint_eq(x->evidence.n, cases[k].evidence);
        if (cases[k].evidence)
            ck_assert_str_eq(x->evidence.v[0], "the loss is very high: 9");
        md_findings_free(&f);
    }
    md_findings f;
    ck_assert_ptr_null(high_loss(rs, 0.5, true, &f));
    md_findings_free(&f);
    md_ruleset_free(rs);
    md_buf_free(&b);
    md_diags_free(&d);
}
END_TEST

START_TEST(test_let_errors)
{
    const char *head = "[rule r]\ntitle = T\nseverity = info\n";
    const struct {
        const char *body, *msg;
        unsigned long line, col;
        const char *help; /* in the help, or NULL */
    } cases[] = {
        {"let = 1\nwhen = true\n", "'let' needs a name", 4, 1, "let NAME = expression"},
        {"let loss.x = 1\nwhen = true\n", "'loss.x' cannot name a let", 4, 5, NULL},
        {"let max = 1\nwhen = true\n", "'max' cannot name a let", 4, 5, NULL},
        {"let a = 1\nlet a = 2\nwhen = a\n", "let 'a' is given twice", 5, 5, NULL},
        {"let a = defined_below\nlet defined_below = 1\nwhen = a\n", "'defined_below' is not a signal", 4, 9,
         "defined above their use"},
        {"let spiky = 1\nwhen = spikey > 0\n", "'spikey' is not a signal", 5, 8, "did you mean 'spiky'?"},
        /* A series the catalog does not name wants a section. */
        {"when = bleu.last > 0.3\n", "unknown signal 'bleu.last'", 4, 8, "'bleu' is no series of the catalog"},
        {"when x = true\n", "'when' takes no name before '='", 4, 6, "write 'when = value'"},
        {"when = true\n[cause r.c]\ntext = C\nscore = nolet\n", "'nolet' is not a signal", 7, 9, NULL},
    };
    /* Each let twice the one above: refused once it grows too large, not
     * grown without bound. */
    md_buf bomb = {0};
    md_buf_printf(&bomb, "%slet a0 = 1 > 0\n", head);
    for (int i = 1; i < 17; i++)
        md_buf_printf(&bomb, "let a%d = a%d && a%d\n", i, i - 1, i - 1);
    md_buf_puts(&bomb, "when = a16\n");
    free(expect_error(md_buf_cstr(&bomb), false, "makes the expression too large", 19, 18));
    md_buf_free(&bomb);
    /* Each let one more than the one above: small each, but copied
     * quadratically in all. One error where the copies pass the limit,
     * none for the lets that use the refused one. */
    md_buf chain = {0};
    md_buf_printf(&chain, "%slet x0 = 1 + 1\n", head);
    for (int i = 1; i < 1000; i++)
        md_buf_printf(&chain, "let x%d = x%d + 1\n", i, i - 1);
    md_buf_puts(&chain, "when = x999 > 0\n");
    free(expect_error(md_buf_cstr(&chain), false, "'x511' makes the rules too large", 516, 12));
    md_diags d;
    md_diags_init(&d);
    ck_assert_int_eq(compile(chain.p, chain.n, false, &d, NULL), MD_ERR_RULES);
    ck_assert_uint_eq(d.errors, 1);
    md_diags_free(&d);
    md_buf_free(&chain);
    /* Calls of sixteen arguments nested twenty deep hold more values at
     * once than the evaluator's stack: refused where they are written,
     * not unknown whenever they are evaluated. Nested ten deep they fit. */
    for (int depth = 10; depth <= 20; depth += 10) {
        md_buf deep = {0};
        md_buf_printf(&deep, "%swhen = ", head);
        for (int k = 0; k < depth; k++)
            md_buf_puts(&deep, "max(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,");
        md_buf_puts(&deep, "1");
        for (int k = 0; k < depth; k++)
            md_buf_putc(&deep, ')');
        md_buf_puts(&deep, " > 0\n");
        if (depth == 20) {
            free(expect_error(md_buf_cstr(&deep), false, "expression holds more than 254 values at once", 4, 8));
        } else {
            md_diags_init(&d);
            ck_assert_int_eq(compile(deep.p, deep.n, false, &d, NULL), MD_OK);
            md_diags_free(&d);
        }
        md_buf_free(&deep);
    }
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_buf text = {0};
        md_buf_printf(&text, "%s%s", head, cases[i].body);
        char *help = expect_error(md_buf_cstr(&text), false, cases[i].msg, cases[i].line, cases[i].col);
        if (cases[i].help)
            ck_assert_msg(help && strstr(help, cases[i].help), "case %zu: help \"%s\"", i, help ? help : "");
        free(help);
        md_buf_free(&text);
    }
}
END_TEST

/* Keys from real logs to the series they name (NULL: none). */
START_TEST(test_resolve_keys)
{
    static const struct {
        const char *key, *want;
    } cases[] = {
        {"loss", "loss"},
        {"train_loss", "loss"},
        {"cross_entropy_loss", "loss"},
        {"lossvalue", "loss"},
        {"trn_loss", "loss"},
        {"train_xent", "loss"},
        /* SpeechBrain's "valid ErrorRate", lower is better. */
        {"valid_errorrate", "val_error_rate"},
        {"reducing_learning_rate", "lr"},
        /* fairseq's wav2vec 2.0: the error rate over its output units. */
        {"valid_uer", "val_cer"},
        {"reducelronplateau_reducing_learning_rate", "lr"},
        {"error_rate", "error_rate"},
        {"grad_norm_last", "grad_norm"},
        {"train_cost", "loss"},
        {"val_xent", "val_loss"},
        {"train_nll", "loss"},
        {"val_nll", "val_loss"},
        {"bleu4", "bleu"},
        {"sacrebleu", "bleu"},
        {"fid50k_full", "fid"},
        {"eval_matthews_correlation", "val_mcc"},
        {"eval_mcc", "val_mcc"},
        {"timeout_ms", "_ignored"},
        {"run", "_ignored"},
        {"eval_step", "_ignored"},
        {"loss_average", "loss"},
        {"eval_weightedcategorycrossentropy", "val_loss"},
        {"val_per_token_loss", "val_loss"},
        {"acc_val", "val_accuracy"},
        /* Avalanche: the training's epoch means, the evaluation's stream means. */
        {"loss_epoch_train_phase_train_stream_task000", "loss"},
        {"top1_acc_epoch_train_phase_train_stream_task004", "accuracy"},
        {"loss_stream_eval_phase_test_stream_task000", "val_loss"},
        {"top1_acc_stream_eval_phase_test_stream_task000", "val_accuracy"},
        {"top1_acc_mb_train_phase_train_stream_task000", NULL},
        {"top1_acc_exp_eval_phase_test_stream_task000_exp000", NULL},
        {"embedding_loss", "loss"},
        {"eval_embedding_loss", "val_loss"},
        {"averaged_test_accurancy", "val_accuracy"},
        {"global_steps", "step"},
        {"averagereturn", "reward"},
        {"steps_completed", "step"},
        {"tot", "loss"},
        {"policyloss", "policy_loss"},
        {"mean_action_noise_std", "action_std"},
        {"averaged_loss", "loss"},
        {"valfuncloss", "value_loss"},
        {"validate_rmse", "val_loss"},
        {"training_log_loss", "loss"},
        {"valid_1_log_loss", "val_loss"},
        {"dev_f1_score_micro_avg", "val_f1"},
        {"auroc_validation", "val_auc"},
        {"train_val", NULL},
        {"train_data", NULL},
        {"train_size", NULL},
        {"eval_weightedcategoryaccuracy", "val_accuracy"},
        {"norm_average", NULL},
        {"valid_step", "_ignored"},
        {"valid_num_updates", "step"},
        {"time_left", "eta"},
        {"reject_reward", "reward_rejected"},
        {"it_sec", "it_per_s"},
        {"训练次数", "step"},
        {"整体测试集上的loss", "val_loss"},
        {"整体测试集上的正确率", "val_accuracy"},
        {"train_loss_simple_step", NULL},
        {"aeloss_step", "loss"},
        {"discloss_step", NULL},
        {"train_loss_vlb_epoch", NULL},
        {"loss_moyenne", "loss"},
        {"validation_loss_moyenne", "val_loss"},
        {"validierungs_loss", "val_loss"},
        {"validierungs_genauigkeit", "val_accuracy"},
        {"durchschnittlicher_validierungs_loss", "val_loss"},
        {"epoch_validation_steps", NULL},
        {"pérdida_de_validación", "val_loss"},
        {"perda_de_validação", "val_loss"},
        {"perte_de_validation", "val_loss"},
        {"perdita_di_validazione", "val_loss"},
        {"pierdere", "loss"},
        {"verlies", "loss"},
        {"pas", "step"},
        {"pas_de_temps", NULL},
        {"precisión_de_entrenamiento", "accuracy"},
        {"taux_de_validation", NULL},
        {"results_fid50k_full", "fid"},
        {"frechet_inception_distance", "fid"},
        {"kid50k_full", "kid"},
        {"kernel_inception_distance_mean", "kid"},
        {"seconds", "step_time"},
        {"tokens_per_second_per_gpu", "tokens_per_s"},
        {"metrics_map50_95_b", "val_map"},
        {"metrics_map50_95", "val_map"},
        {"metrics_map_0_5_0_95", "val_map"},
        {"metrics_map_0_5", NULL},
        {"current_mean_dice", "val_dice"},
        {"pseudo_dice", "val_dice"},
        {"d_real", "d_loss_real"},
        {"손실", "loss"},
        {"검증_손실", "val_loss"},
        {"검증손실", "val_loss"},
        {"정확도", "accuracy"},
        {"학습률", "lr"},
        {"校验损失", "val_loss"},
        {"梯度范数", "grad_norm"},
        {"coco_ap", "val_map"},
        {"l_d_fake", "d_loss_fake"},
        {"loss_d_real", "d_loss_real"},
        {"lossv", "value_loss"},
        {"averageepret", "reward"},
        {"eval_loss", "val_loss"},
        {"eval_g0_loss", "val_loss"},
        {"test_set_average_loss", "val_loss"},
        {"test_set_accuracy", "val_accuracy"},
        {"eval_kl_loss", NULL},
        {"val_box_loss", NULL},
        {"valid1_loss", "val_loss"},
        {"eval92_accuracy", "val_accuracy"},
        {"dev_clean_loss", "val_loss"},
        {"test_other_loss", "val_loss"},
        {"validation_mismatched_loss", "val_loss"},
        {"val_loss_dataloader_idx_1", "val_loss"},
        {"loss_dataloader_idx_0", "val_loss"},
        {"dev_clean_val_loss", "val_loss"},
        {"testing_time", NULL},
        {"testing_psnr", "val_psnr"},
        {"train_return", "reward"},
        {"ep_rewmean", "reward"},
        {"test_roc_auc", "val_auc"},
        {"running_auroc", "auc"},
        {"map", "val_map"},
        {"iterations", "step"},
        {"meanrew", "reward"},
        {"average_score", "reward"},
        {"average100_score", "reward"},
        {"time_iterations", NULL},
        {"validity_loss", NULL},
        {"device_loss", NULL},
        {"rev_kl", NULL},
        {"inner_iter", NULL},
        {"global_iter", "step"},
        {"loss_loss", "loss"},
        {"val_mean_dice", "val_dice"},
        {"val_dsc", "val_dice"},
        {"miou", "val_iou"},
        {"train_miou", "iou"},
        {"dice_loss", NULL},
        {"loss_dice", NULL},
        {"loss_iou", NULL},
        {"train_loss_epoch", NULL},
        {"dis_loss", "d_loss"},
        {"err_d", "d_loss"},
        {"err_g", "g_loss"},
        {"d_real_score", NULL},
        {"metrics_accuracy_top1", "val_accuracy"},
        {"episodes_this_iter", NULL},
        {"training_iteration", "step"},
        {"discloss_epoch", NULL},
        {"train_acc_step", "accuracy"},
        {"optimizer_step", "step"},
        {"val_wer", "val_wer"},
        {"eval_wer", "val_wer"},
        {"map0_50_0_95", "val_map"},
        {"validation_loss_at_iteration", "step"},
        {"evaluation_loss", "val_loss"},
        {"evaluation_psnr", "val_psnr"},
        {"overall_loss", "loss"},
        {"steps_s", "it_per_s"},
        {"closs", "loss"},
        {"d_a", "d_loss"},
        {"g_gan", "g_loss"},
        {"eval_accuracy_top_1", "val_accuracy"},
        {"iter_s", NULL},
        {"mean_amp_loss_loss", NULL},
        {"eval_squad_loss", NULL},
        {"attempted_loss_scale", "loss_scale"},
        {"learning_rate", "lr"},
        {"grad_norm", "grad_norm"},
        {"max_grad_norm", "max_grad_norm"},
        {"train_max_grad_norm", "max_grad_norm"},
        {"max_grad_norm_ratio", NULL},
        {"best_loss", NULL},
        {"min_lr", NULL},
        {"target_kl", NULL},
        {"objective_non_score_reward", NULL},
        {"warmup_steps", NULL},
    };
    const md_catalog *cat = t_catalog();
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        md_unit unit;
        int idx = md_catalog_resolve(cat, cases[i].key, strlen(cases[i].key), &unit);
        const char *got = idx < 0 ? NULL : md_catalog_series(cat, (size_t)idx)->name;
        ck_assert_msg(got == cases[i].want || (got && cases[i].want && strcmp(got, cases[i].want) == 0),
                      "%s: got %s, want %s", cases[i].key, got ? got : "(none)",
                      cases[i].want ? cases[i].want : "(none)");
    }
}
END_TEST

START_TEST(test_rule_paths)
{
    md_diags d;
    md_diags_init(&d);
    md_ruleset *rs = md_ruleset_new();
    ck_assert(!md_ruleset_add_path(rs, "/nonexistent/my.rules", &d));
    const md_diag *g = t_find_diag(&d, MD_DIAG_ERROR, "cannot read rules");
    ck_assert_ptr_nonnull(g);
    ck_assert_str_eq(g->path, "/nonexistent/my.rules");
    md_ruleset_free(rs);
    md_diags_free(&d);

    /* A directory: its *.rules files in name order, nothing else. */
    char *dir = t_tmpdir();
    free(t_write_str(dir, "b.rules", "[series beta]\nkind = count\naliases = shared_name\n"));
    free(t_write_str(dir, "a.rules", "[series alpha]\nkind = count\naliases = shared_name\n"));
    free(t_write_str(dir, "notes.txt", "not rules at all [\n"));
    md_diags_init(&d);
    rs = md_ruleset_new();
    ck_assert(md_ruleset_add_path(rs, dir, &d));
    ck_assert_int_eq(md_ruleset_compile(rs, &d), MD_ERR_RULES);
    g = t_find_diag(&d, MD_DIAG_ERROR, "alias 'shared_name' already names another series");
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(strstr(g->path, "/b.rules"));
    ck_assert_uint_eq(g->line, 3);
    ck_assert_uint_eq(g->col, 11);
    ck_assert_uint_eq(d.errors, 1);
    md_ruleset_free(rs);
    md_diags_free(&d);
    t_rmtree(dir);
    free(dir);
}
END_TEST

/* A template's text between its fields is kept whole, doubled braces
 * made single, and a lone brace is an error at its place. */
START_TEST(test_template_literals)
{
    static const struct {
        const char *text, *want;
    } ok[] = {{"plain text", "plain text"},       {"a {{b}} c", "a {b} c"}, {"{{", "{"},
              {"}}x}}", "}x}"},                   {"x", "x"},               {"", ""},
              {"braces {{}} twice {{}}", "braces {} twice {}"}};
    for (size_t i = 0; i < MD_COUNT(ok); i++) {
        md_expr_error err;
        md_template *t = md_template_compile(ok[i].text, t_catalog(), NULL, &err);
        ck_assert_msg(t != NULL, "\"%s\": %s", ok[i].text, err.msg);
        md_buf out = {0};
        ck_assert(md_template_render(t, NULL, &out));
        ck_assert_str_eq(md_buf_cstr(&out), ok[i].want);
        md_buf_free(&out);
        md_template_free(t);
    }
    static const struct {
        const char *text;
        size_t offset;
    } bad[] = {{"ab}", 2}, {"text { open", 5}, {"x}}}", 3}};
    for (size_t i = 0; i < MD_COUNT(bad); i++) {
        md_expr_error err;
        ck_assert_msg(md_template_compile(bad[i].text, t_catalog(), NULL, &err) == NULL, "\"%s\" compiled", bad[i].text);
        ck_assert_msg(err.offset == bad[i].offset, "\"%s\": error at %zu, not %zu", bad[i].text, err.offset,
                      bad[i].offset);
    }
    /* Deferred, a template renders as compiled, with the lets added after
     * it was made; one that does not compile renders as "?", incomplete. */
    md_expr_lets lets = {0};
    md_template *t = md_template_defer("a {{b}} {twice:int}", t_catalog(), &lets);
    md_expr_error err;
    md_expr_lets_add(&lets, "twice", md_expr_compile("2 * 21", t_catalog(), &err));
    md_buf out = {0};
    ck_assert(md_template_render(t, NULL, &out));
    ck_assert_str_eq(md_buf_cstr(&out), "a {b} 42");
    md_buf_reset(&out);
    ck_assert(md_template_render(t, NULL, &out));
    ck_assert_str_eq(md_buf_cstr(&out), "a {b} 42");
    md_template_free(t);
    t = md_template_defer("text { open", t_catalog(), &lets);
    md_buf_reset(&out);
    ck_assert(!md_template_render(t, NULL, &out));
    ck_assert_str_eq(md_buf_cstr(&out), "?");
    md_template_free(t);
    /* Never rendered, it is freed whole. */
    md_template_free(md_template_defer("{loss.last}", t_catalog(), NULL));
    md_buf_free(&out);
    md_expr_lets_fini(&lets);
}
END_TEST

Suite *suite_rulesfile(void)
{
    Suite *s = suite_create("rulesfile");
    TCase *tc = tcase_create("errors");
    tcase_add_test(tc, test_unknown_section_kind);
    tcase_add_test(tc, test_builtin_files_pass_user_checks);
    tcase_add_test(tc, test_unknown_section_kind_after_spaces);
    tcase_add_test(tc, test_header_missing_bracket);
    tcase_add_test(tc, test_header_malformed);
    tcase_add_test(tc, test_entry_missing_equals);
    tcase_add_test(tc, test_unknown_key_did_you_mean);
    tcase_add_test(tc, test_bad_values);
    tcase_add_test(tc, test_cause_text_twice_after_bad_text);
    tcase_add_test(tc, test_bad_regex);
    tcase_add_test(tc, test_template_literals);
    tcase_add_test(tc, test_field_needs_group);
    tcase_add_test(tc, test_event_structure);
    tcase_add_test(tc, test_duplicate_series);
    tcase_add_test(tc, test_alias_names_two_series);
    tcase_add_test(tc, test_error_on_continuation_line);
    tcase_add_test(tc, test_long_continuation);
    tcase_add_test(tc, test_nul_bytes);
    tcase_add_test(tc, test_encodings);
    tcase_add_test(tc, test_let_errors);
    suite_add_tcase(s, tc);

    TCase *ok = tcase_create("loading");
    tcase_add_test(ok, test_valid_user_rules);
    tcase_add_test(ok, test_rule_paths);
    tcase_add_test(ok, test_resolve_keys);
    tcase_add_test(ok, test_causes_scored_zero_are_left_out);
    tcase_add_test(ok, test_checks_and_fixes_left_out);
    tcase_add_test(ok, test_lets);
    suite_add_tcase(s, ok);
    return s;
}
