/* The mldiag binary: exit status and messages for bad inputs and options,
 * and output that parses. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mldiag/base.h"
#include "mldiag/source.h"
#include "tests.h"

#define RUN_TIMEOUT_S 60

typedef struct run {
    int status; /* the exit status; -1 when killed by a signal */
    md_buf out, err;
} run;

static char *binary(void)
{
    const char *env = getenv("MLDIAG");
    if (env && *env)
        return md_xstrdup(env);
    const char *root = getenv("MLDIAG_ROOT");
    md_buf b = {0};
    md_buf_printf(&b, "%s/build/mldiag", root && *root ? root : ".");
    return md_buf_steal(&b);
}

static md_buf slurp(const char *path)
{
    md_buf b = {0};
    md_buf_cstr(&b);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char block[65536];
    size_t n;
    while ((n = fread(block, 1, sizeof block, f)) > 0)
        md_buf_put(&b, block, n);
    fclose(f);
    return b;
}

static void redirect(const char *path, int fd, int flags)
{
    int f = open(path, flags, 0600);
    if (f < 0 || dup2(f, fd) < 0)
        _exit(127);
    close(f);
}

/* Runs mldiag with args (NULL-terminated, without argv[0]) in dir, stdin
 * from /dev/null, stdout and stderr captured; kills it after
 * RUN_TIMEOUT_S, which fails the test (a hang). */
/* When not 0, the limit of open files mldiag runs under, and the user it
 * runs as (root reads files whatever their mode). */
static rlim_t child_nofile;
static uid_t child_uid;
/* When not NULL, where mldiag's standard output goes (/dev/full), and
 * where its standard input comes from (/dev/null when NULL). */
static const char *child_stdout;
static const char *child_stdin;

static run run_mldiag(const char *dir, const char *const *args)
{
    char *bin = binary();
    ck_assert_msg(access(bin, X_OK) == 0, "%s is not built: run make in the project root", bin);
    char *out_path = t_path(dir, ".stdout"), *err_path = t_path(dir, ".stderr");
    char *argv[32] = {bin};
    size_t argc = 1;
    for (; args[argc - 1]; argc++) {
        ck_assert(argc + 1 < MD_COUNT(argv));
        argv[argc] = md_xstrdup(args[argc - 1]);
    }
    argv[argc] = NULL;

    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (chdir(dir) != 0)
            _exit(127);
        redirect(child_stdin ? child_stdin : "/dev/null", STDIN_FILENO, O_RDONLY);
        redirect(child_stdout ? child_stdout : out_path, STDOUT_FILENO, O_WRONLY | O_CREAT | O_TRUNC);
        redirect(err_path, STDERR_FILENO, O_WRONLY | O_CREAT | O_TRUNC);
        if (child_nofile && setrlimit(RLIMIT_NOFILE, &(struct rlimit){child_nofile, child_nofile}) != 0)
            _exit(126);
        if (child_uid && (setgid((gid_t)child_uid) != 0 || setuid(child_uid) != 0))
            _exit(126);
        execv(bin, argv);
        _exit(127);
    }
    int wstatus = 0;
    struct timespec tick = {0, 10 * 1000 * 1000};
    for (long waited = 0;; waited++) {
        pid_t r = waitpid(pid, &wstatus, WNOHANG);
        if (r == pid)
            break;
        ck_assert_msg(r == 0, "waitpid: %s", strerror(errno));
        if (waited * 10 > RUN_TIMEOUT_S * 1000) {
            kill(pid, SIGKILL);
            waitpid(pid, &wstatus, 0);
            ck_abort_msg("mldiag %s did not finish in %d s", args[0] ? args[0] : "", RUN_TIMEOUT_S);
        }
        nanosleep(&tick, NULL);
    }
    md_buf out = {0};
    if (child_stdout)
        md_buf_cstr(&out);
    else
        out = slurp(out_path);
    run r = {WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1, out, slurp(err_path)};
    ck_assert_msg(r.status != 127, "cannot run %s", bin);
    ck_assert_msg(WIFEXITED(wstatus), "mldiag %s died of signal %d; stderr:\n%s", args[0] ? args[0] : "",
                  WTERMSIG(wstatus), r.err.p);
    unlink(out_path);
    unlink(err_path);
    free(out_path);
    free(err_path);
    for (size_t i = 1; i < argc; i++)
        free(argv[i]);
    free(bin);
    return r;
}

static void run_free(run *r)
{
    md_buf_free(&r->out);
    md_buf_free(&r->err);
}

/* Runs mldiag with args while a child, after pause_ms, changes its files
 * (change returns whether it could); the change must have been made. */
static run run_while(const char *dir, const char *const *args, long pause_ms, bool (*change)(const void *),
                     const void *ctx)
{
    pid_t writer = fork();
    ck_assert_int_ge(writer, 0);
    if (writer == 0) {
        struct timespec pause = {pause_ms / 1000, pause_ms % 1000 * 1000 * 1000};
        nanosleep(&pause, NULL);
        _exit(change(ctx) ? 0 : 1);
    }
    run r = run_mldiag(dir, args);
    int status;
    waitpid(writer, &status, 0);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    return r;
}

#define ck_assert_has(buf, text)                                                                  \
    ck_assert_msg(strstr((buf).p, (text)) != NULL, "missing \"%s\" in:\n%s", (text), (buf).p)

static void expect(const run *r, int status)
{
    ck_assert_msg(r->status == status, "exit %d, want %d; stderr:\n%s", r->status, status, r->err.p);
}

typedef struct fixture {
    char *dir;
} fixture;

static fixture setup_dir(void)
{
    return (fixture){t_tmpdir()};
}

static void teardown_dir(fixture *f)
{
    t_rmtree(f->dir);
    free(f->dir);
}

START_TEST(test_missing_file)
{
    fixture f = setup_dir();
    run r = run_mldiag(f.dir, (const char *[]){"series", "no-such-run.log", NULL});
    expect(&r, 4);
    ck_assert_has(r.err, "no-such-run.log");
    ck_assert_has(r.err, "No such file");
    ck_assert_uint_eq(r.out.n, 0);
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

/* A device has no end to read to: /dev/zero would keep every command
 * reading forever. Each command says so and stops. */
START_TEST(test_device_input)
{
    fixture f = setup_dir();
    static const char *const cmds[][5] = {
        {"analyze", "/dev/zero", NULL},
        {"series", "/dev/zero", NULL},
        {"compare", "/dev/zero", "/dev/zero", NULL},
        {"check", "--baseline", "/dev/zero", "/dev/zero", NULL},
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        run r = run_mldiag(f.dir, cmds[i]);
        expect(&r, 4);
        ck_assert_has(r.err, "/dev/zero: error: cannot open: a device, not a log file");
        run_free(&r);
    }
    teardown_dir(&f);
}
END_TEST

/* Standard input from a device that never ends (- < /dev/zero) is
 * refused as the device named is, for analyze and watch alike; one that
 * ends at once (/dev/null) is an empty input. */
START_TEST(test_stdin_device)
{
    static const struct {
        const char *stdin_from, *cmd, *said;
    } cases[] = {
        {"/dev/zero", "analyze", "error: cannot open: standard input is a device, not a log file"},
        {"/dev/zero", "watch", "mldiag: <stdin>: error: a device, not a log file"},
        {NULL, "analyze", "error: empty input"},
        {NULL, "watch", "error: no metric and no event found"},
    };
    fixture f = setup_dir();
    for (size_t i = 0; i < MD_COUNT(cases); i++) {
        child_stdin = cases[i].stdin_from;
        bool watch = strcmp(cases[i].cmd, "watch") == 0;
        run r = run_mldiag(f.dir, (const char *[]){cases[i].cmd, watch ? "--idle-exit" : "-", watch ? "1" : NULL,
                                                   watch ? "-" : NULL, NULL});
        expect(&r, 4);
        ck_assert_has(r.err, cases[i].said);
        run_free(&r);
    }
    child_stdin = NULL;
    teardown_dir(&f);
}
END_TEST

/* Standard input is read once: given twice, it is a usage error, not an
 * empty second input. */
START_TEST(test_stdin_given_twice)
{
    fixture f = setup_dir();
    const char *cmds[][4] = {{"analyze", "-", "-", NULL},
                             {"compare", "-", "-", NULL},
                             {"check", "--baseline", "-", "-"},
                             {"analyze", "-", "/dev/stdin", NULL}};
    for (size_t i = 0; i < MD_COUNT(cmds); i++) {
        run r = run_mldiag(f.dir, (const char *[]){cmds[i][0], cmds[i][1], cmds[i][2], cmds[i][3], NULL});
        expect(&r, 2);
        ck_assert_has(r.err, "standard input (-, /dev/stdin) can be read once; it is given 2 times");
        run_free(&r);
    }
    teardown_dir(&f);
}
END_TEST

/* An empty output name names no file: a usage error, before anything is
 * read or printed. */
START_TEST(test_empty_output_name)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log", "step 1 loss 2.0\nstep 2 loss 1.9\n"));
    const char *cmds[][4] = {{"analyze", "-o", "", "train.log"}, {"analyze", "--plot", "", "train.log"},
                             {"series", "-o", "", "train.log"}};
    for (size_t i = 0; i < MD_COUNT(cmds); i++) {
        run r = run_mldiag(f.dir, (const char *[]){cmds[i][0], cmds[i][1], cmds[i][2], cmds[i][3], NULL});
        expect(&r, 2);
        ck_assert_has(r.err, "an empty file name for -o or --plot");
        ck_assert_uint_eq(r.out.n, 0);
        run_free(&r);
    }
    /* The report and the plot in one file, by one name or by a link. */
    run r = run_mldiag(f.dir, (const char *[]){"analyze", "-o", "r.out", "--plot", "r.out", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "-o and --plot name the same file");
    char *report = t_path(f.dir, "r.out");
    ck_assert_int_ne(access(report, F_OK), 0);
    free(report);
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

/* A rule set that holds no rule runs nothing, and a gate that ran nothing
 * must not pass; a FIFO among a rules directory's files is skipped, not
 * waited on. */
START_TEST(test_rules_none_to_run_and_fifo)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log", "step 1 loss 2.0\nstep 2 loss nan\n"));
    char *rules = t_path(f.dir, "rules");
    ck_assert_int_eq(mkdir(rules, 0755), 0);
    run r = run_mldiag(f.dir, (const char *[]){"check", "--no-default-rules", "--rules", "rules", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "no rules to run");
    run_free(&r);
    free(t_write_str(rules, "nan.rules", "[rule any_nan]\ntitle = NaN\nseverity = error\nwhen = loss.nonfinite > 0\n"));
    char *fifo = t_path(rules, "stray.rules");
    ck_assert_int_eq(mkfifo(fifo, 0644), 0);
    r = run_mldiag(f.dir, (const char *[]){"check", "--no-default-rules", "--rules", "rules", "train.log", NULL});
    expect(&r, 1);
    ck_assert_has(r.err, "stray.rules: warning: not a regular file; skipped");
    ck_assert_has(r.out, "error any_nan");
    run_free(&r);
    free(fifo);
    free(rules);
    teardown_dir(&f);
}
END_TEST

/* A file that cannot be opened: an error given alone; in a run directory,
 * a warning that the run is judged without it, and an error where no file
 * of the directory could be read. Root reads files whatever their mode,
 * so as root mldiag runs as nobody. */
START_TEST(test_permission_denied)
{
    fixture f = setup_dir();
    if (geteuid() == 0) {
        char *parent = md_xstrdup(f.dir);
        *strrchr(parent, '/') = '\0';
        ck_assert_int_eq(chmod(parent, 0755), 0);
        ck_assert_int_eq(chmod(f.dir, 0777), 0);
        free(parent);
        child_uid = 65534;
    }
    char *path = t_write_str(f.dir, "secret.log", "step 1, loss: 2.0\n");
    ck_assert_int_eq(chmod(path, 0), 0);
    run r = run_mldiag(f.dir, (const char *[]){"series", "secret.log", NULL});
    expect(&r, 4);
    ck_assert_has(r.err, "secret.log");
    ck_assert_has(r.err, "Permission denied");
    run_free(&r);
    free(path);

    const char *dirs[] = {"run", "run2"};
    for (size_t i = 0; i < 2; i++) {
        char *dir = t_path(f.dir, dirs[i]);
        ck_assert_int_eq(mkdir(dir, 0755), 0);
        ck_assert_int_eq(chmod(dir, 0755), 0);
        free(dir);
    }
    md_buf log = {0};
    for (int i = 1; i <= 50; i++)
        md_buf_printf(&log, "step %d, loss: %.3f\n", i, 2.0 / i + 0.5);
    char *run_dir = t_path(f.dir, "run");
    char *readable = t_write(run_dir, "a.log", log.p, log.n);
    ck_assert_int_eq(chmod(readable, 0644), 0);
    char *hidden = t_write_str(run_dir, "b.log", "step 1, loss: nan\n");
    ck_assert_int_eq(chmod(hidden, 0), 0);
    r = run_mldiag(f.dir, (const char *[]){"check", "run", NULL});
    ck_assert_has(r.err, "b.log: warning: cannot open: Permission denied; the run is judged without it");
    run_free(&r);
    char *run2 = t_path(f.dir, "run2");
    char *only = t_write_str(run2, "train.log", "step 1, loss: 2.0\n");
    ck_assert_int_eq(chmod(only, 0), 0);
    r = run_mldiag(f.dir, (const char *[]){"check", "run2", NULL});
    expect(&r, 4);
    ck_assert_has(r.err, "no file in this directory could be read (1 could not be opened)");
    run_free(&r);
    child_uid = 0;
    free(readable);
    free(hidden);
    free(only);
    free(run_dir);
    free(run2);
    md_buf_free(&log);
    teardown_dir(&f);
}
END_TEST

/* A link in a run directory that cannot be followed (dangling, a loop)
 * is named with why, as a file that cannot be opened is; where it is the
 * directory's only log, no file of it could be read. */
START_TEST(test_run_dir_broken_links)
{
    fixture f = setup_dir();
    const char *dirs[] = {"run", "run2"};
    for (size_t i = 0; i < 2; i++) {
        char *dir = t_path(f.dir, dirs[i]);
        ck_assert_int_eq(mkdir(dir, 0755), 0);
        free(dir);
    }
    md_buf log = {0};
    for (int i = 1; i <= 50; i++)
        md_buf_printf(&log, "step %d, loss: %.3f\n", i, 2.0 / i + 0.5);
    char *run_dir = t_path(f.dir, "run");
    free(t_write(run_dir, "a.log", log.p, log.n));
    char *loop_b = t_path(run_dir, "b.log"), *loop_c = t_path(run_dir, "c.log");
    ck_assert_int_eq(symlink("c.log", loop_b), 0);
    ck_assert_int_eq(symlink("b.log", loop_c), 0);
    run r = run_mldiag(f.dir, (const char *[]){"check", "run", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "b.log: warning: cannot open: Too many levels of symbolic links");
    run_free(&r);
    char *run2 = t_path(f.dir, "run2"), *dangling = t_path(run2, "train.log");
    ck_assert_int_eq(symlink("/nonexistent/train.log", dangling), 0);
    r = run_mldiag(f.dir, (const char *[]){"check", "run2", NULL});
    expect(&r, 4);
    ck_assert_has(r.err, "train.log: warning: cannot open: No such file or directory");
    ck_assert_has(r.err, "no file in this directory could be read (1 could not be opened)");
    run_free(&r);
    free(loop_b);
    free(loop_c);
    free(dangling);
    free(run_dir);
    free(run2);
    md_buf_free(&log);
    teardown_dir(&f);
}
END_TEST

typedef struct bad_input {
    const char *name;
    const char *data;
    size_t n;
    const char *message;
} bad_input;

START_TEST(test_unreadable_inputs)
{
    static const bad_input inputs[] = {
        {"empty.log", "", 0, "empty input"},
        {"blank.log", "  \n\t\n   \n", 9, "empty input"},
        {"garbage.bin",
         "\x8f\x01\x00\xfe\x13\x9c\x00\x07\xff\x02\x11\x00\xe0\x05\x1b\x00\x99\x88\x77\x00", 20,
         "binary data"},
        {"model.pt", "PK\003\004\x14\x00\x00\x00\x08\x00\x00\x00\x00\x00", 14, "zip archive"},
        {"config.log", "batch_size: 32\nhidden_dim: 768\n", 31, "no metric and no event"},
    };
    fixture f = setup_dir();
    for (size_t i = 0; i < MD_COUNT(inputs); i++) {
        free(t_write(f.dir, inputs[i].name, inputs[i].data, inputs[i].n));
        run r = run_mldiag(f.dir, (const char *[]){"series", inputs[i].name, NULL});
        expect(&r, 4);
        ck_assert_has(r.err, inputs[i].name);
        ck_assert_has(r.err, inputs[i].message);
        run_free(&r);
    }
    teardown_dir(&f);
}
END_TEST

START_TEST(test_directory_without_logs)
{
    fixture f = setup_dir();
    char *run_dir = t_path(f.dir, "run");
    ck_assert_int_eq(mkdir(run_dir, 0777), 0);
    free(t_write_str(run_dir, "pytorch_model.bin", "weights"));
    free(t_write_str(run_dir, "sample.png", "\x89PNG"));
    free(t_write(run_dir, "train.log", "", 0));
    run r = run_mldiag(f.dir, (const char *[]){"series", "run", NULL});
    expect(&r, 4);
    ck_assert_has(r.err, "no log, CSV, JSON or event file");
    run_free(&r);
    free(run_dir);
    teardown_dir(&f);
}
END_TEST

/* Several runs: one that cannot be read says why on standard error, and
 * with --jobs each row is its own run's also when no pipe or process can
 * be had for some (five open files: one pipe at a time). */
START_TEST(test_several_runs)
{
    fixture f = setup_dir();
    md_buf log = {0};
    for (int i = 1; i <= 100; i++)
        md_buf_printf(&log, "step %d loss %.4f\n", i, 2.0 / i + 0.5);
    const char *names[] = {"r1", "r2", "r3", "r4", "r5", "notes"};
    for (size_t i = 0; i < MD_COUNT(names); i++) {
        char *dir = t_path(f.dir, names[i]);
        ck_assert_int_eq(mkdir(dir, 0777), 0);
        if (i < 5)
            free(t_write(dir, "train.log", log.p, log.n));
        else
            free(t_write_str(dir, "train.log", "started\nfinished\n"));
        free(dir);
    }
    for (int limited = 0; limited <= 1; limited++) {
        child_nofile = limited ? 5 : 0;
        run r = run_mldiag(f.dir, (const char *[]){"analyze", "-j", "3", "r1", "r2", "r3", "r4", "r5", "notes", NULL});
        child_nofile = 0;
        expect(&r, 4);
        for (size_t i = 0; i < 5; i++) {
            char want[64];
            snprintf(want, sizeof want, "\n%-32s ok                0  -", names[i]);
            ck_assert_has(r.out, want);
        }
        ck_assert_has(r.out, "\nnotes                            unreadable");
        ck_assert_has(r.err, "mldiag: notes: no metric and no event found");
        ck_assert_uint_eq(strlen(r.err.p), strlen("mldiag: notes: no metric and no event found\n"));
        run_free(&r);
    }
    /* A gate on one run's figures is refused over several runs, not
     * applied to them merged. */
    const char *one_run[][3] = {{"--expect", "loss.last < 1", NULL}, {"--baseline", "r1", NULL}, {"--plot", "p.svg", NULL}};
    for (size_t i = 0; i < MD_COUNT(one_run); i++) {
        run r = run_mldiag(f.dir, (const char *[]){"check", one_run[i][0], one_run[i][1], "r1", "r2", NULL});
        expect(&r, 2);
        ck_assert_has(r.err, "judge one run");
        run_free(&r);
    }
    md_buf_free(&log);
    teardown_dir(&f);
}
END_TEST

/* A log's control characters (BEL, and C1's U+009B, which a terminal takes
 * for ESC '[') reach neither the report nor lint's messages. */
START_TEST(test_control_characters_shown)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log",
                     "step 1 loss 2.0\nstep 2 loss 1.9\nRuntimeError: CUDA out of memory \x07 bell \xc2\x9b" "2J here\n"));
    free(t_write_str(f.dir, "c1.rules", "[rule r]\ntitle = T \xc2\x9b" "2J\nseverity = info\nwhen = bogus \xc2\x9b" "2J\n"));
    run r = run_mldiag(f.dir, (const char *[]){"analyze", "--color", "never", "train.log", NULL});
    ck_assert_has(r.out, "memory ? bell ?2J here");
    ck_assert_ptr_null(strstr(r.out.p, "\x07"));
    ck_assert_ptr_null(strstr(r.out.p, "\xc2\x9b"));
    run_free(&r);
    r = run_mldiag(f.dir, (const char *[]){"rules", "lint", "c1.rules", NULL});
    expect(&r, 3);
    ck_assert_ptr_null(strstr(r.err.p, "\xc2\x9b"));
    ck_assert_has(r.err, "??2J");
    run_free(&r);

    /* A rule's title with a direction override and a line separator
     * (U+202E, U+2028), and an exception's text with a bell, as every
     * report and check print them. */
    free(t_write_str(f.dir, "bidi.rules",
                     "[rule r_bidi]\ntitle = Loss \xe2\x80\xae evil \xe2\x80\xa8 sep\nsymptom = s\nseverity = warning\n"
                     "when = loss.last < 100\nconfidence = 0.5\nevidence = {event.exception.text}\n"));
    static const char *const ways[][8] = {
        {"check", "--fail-on", "info", "--rules", "bidi.rules", "train.log", NULL},
        {"analyze", "-q", "--rules", "bidi.rules", "train.log", NULL},
        {"analyze", "-f", "markdown", "--rules", "bidi.rules", "train.log", NULL},
        {"analyze", "-f", "github", "--rules", "bidi.rules", "train.log", NULL},
    };
    for (size_t i = 0; i < MD_COUNT(ways); i++) {
        r = run_mldiag(f.dir, ways[i]);
        ck_assert_has(r.out, "Loss ? evil ? sep");
        ck_assert_msg(!strstr(r.out.p, "\xe2\x80\xae") && !strstr(r.out.p, "\xe2\x80\xa8") && !strstr(r.out.p, "\x07"),
                      "%s printed a control:\n%s", ways[i][0], r.out.p);
        run_free(&r);
    }
    teardown_dir(&f);
}
END_TEST

/* A log written over in place, never shorter than before (a requeued job
 * that reopens its log without truncating it first): watch reads it again
 * from its start and finds the new attempt's NaN. */
typedef struct {
    const char *path;
    md_buf text;
} rewrite;

static bool write_over(const void *ctx)
{
    const rewrite *w = ctx;
    int fd = open(w->path, O_WRONLY);
    bool ok = fd >= 0 && pwrite(fd, w->text.p, w->text.n, 0) == (ssize_t)w->text.n;
    return fd >= 0 && close(fd) == 0 && ok;
}

START_TEST(test_watch_written_over)
{
    fixture f = setup_dir();
    md_buf old = {0};
    rewrite again = {0};
    for (int step = 1; step <= 200; step++)
        md_buf_printf(&old, "step %d loss %.4f\n", step, 2.0 * exp(-step / 80.0) + 0.5);
    for (int step = 1; step <= 400; step++) {
        if (step == 50)
            md_buf_puts(&again.text, "step 50 loss nan\n");
        else
            md_buf_printf(&again.text, "step %d loss %.4f\n", step, 2.1 * exp(-step / 70.0) + 0.45);
    }
    char *path = t_write_str(f.dir, "train.log", md_buf_cstr(&old));
    again.path = path;
    run r = run_while(f.dir,
                      (const char *[]){"watch", "--exit-on", "critical", "--interval", "0.1", "--idle-exit", "2",
                                       "train.log", NULL},
                      500, write_over, &again);
    expect(&r, 1);
    ck_assert_has(r.out, "critical nan_loss at step 50");
    run_free(&r);
    free(path);
    md_buf_free(&old);
    md_buf_free(&again.text);
    teardown_dir(&f);
}
END_TEST

/* A log rotated while watched (renamed away, a new one in its place) is
 * read from its start as another input of the run: a finding in it names
 * its line in the new file, as analyze of that file would. */
typedef struct {
    const char *path, *next, *moved;
} rotation;

static bool rotate(const void *ctx)
{
    const rotation *o = ctx;
    return rename(o->path, o->moved) == 0 && rename(o->next, o->path) == 0;
}

START_TEST(test_watch_rotated_line_numbers)
{
    fixture f = setup_dir();
    md_buf old = {0}, fresh = {0};
    for (int step = 1; step <= 30; step++)
        md_buf_printf(&old, "step %d loss %.4f\n", step, 2.0 * exp(-step / 20.0) + 0.5);
    for (int step = 31; step <= 40; step++)
        md_buf_printf(&fresh, "step %d loss %.4f\n", step, 2.0 * exp(-step / 20.0) + 0.5);
    md_buf_puts(&fresh, "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n");
    char *path = t_write_str(f.dir, "train.log", md_buf_cstr(&old));
    char *next = t_write_str(f.dir, "train.next", md_buf_cstr(&fresh));
    char *moved = t_path(f.dir, "train.log.1");
    rotation o = {path, next, moved};
    run r = run_while(f.dir,
                      (const char *[]){"watch", "--exit-on", "critical", "--interval", "0.1", "--idle-exit", "2",
                                       "train.log", NULL},
                      500, rotate, &o);
    expect(&r, 1);
    ck_assert_has(r.out, "critical cuda_oom at step 40");
    ck_assert_has(r.out, "(line 11)");
    run_free(&r);
    free(path);
    free(next);
    free(moved);
    md_buf_free(&old);
    md_buf_free(&fresh);
    teardown_dir(&f);
}
END_TEST

/* watch started while the first record of a JSON Lines log is half
 * written tells its format once a line ends, not from '{"step": 1, "lo'. */
static bool finish_first_record(const void *ctx)
{
    FILE *out = fopen(ctx, "a");
    int ok = out && fputs("ss\": 1.0}\n{\"step\": 2, \"loss\": NaN}\n", out) >= 0;
    return out && fclose(out) == 0 && ok;
}

START_TEST(test_watch_partial_head)
{
    fixture f = setup_dir();
    char *path = t_write_str(f.dir, "metrics.jsonl", "{\"step\": 1, \"lo");
    run r = run_while(f.dir,
                      (const char *[]){"watch", "--exit-on", "critical", "--idle-exit", "1", "metrics.jsonl", NULL},
                      300, finish_first_record, path);
    expect(&r, 1);
    ck_assert_has(r.out, "critical nan_loss at step 2");
    run_free(&r);
    free(path);
    teardown_dir(&f);
}
END_TEST

/* A JSON Lines log whose first record is longer than the window analyze
 * peeks (a config dump) is followed as JSON Lines, not refused as one JSON
 * document. */
START_TEST(test_watch_long_first_record)
{
    fixture f = setup_dir();
    md_buf text = {0};
    md_buf_puts(&text, "{\"config\": \"");
    for (int i = 0; i < 100000; i++)
        md_buf_putc(&text, 'a' + i % 26);
    md_buf_puts(&text, "\"}\n");
    for (int s = 1; s <= 30; s++)
        md_buf_printf(&text, "{\"step\": %d, \"loss\": %s}\n", s, s == 30 ? "NaN" : "1.5");
    free(t_write_str(f.dir, "metrics.jsonl", md_buf_cstr(&text)));
    run r = run_mldiag(f.dir, (const char *[]){"watch", "--exit-on", "critical", "--idle-exit", "1", "metrics.jsonl", NULL});
    expect(&r, 1);
    ck_assert_has(r.out, "critical nan_loss at step 30");
    run_free(&r);
    /* After a blank line and a blank, by watch and by analyze. */
    md_buf led = {0};
    md_buf_puts(&led, "\n ");
    md_buf_put(&led, text.p, text.n);
    free(t_write_str(f.dir, "led.jsonl", md_buf_cstr(&led)));
    r = run_mldiag(f.dir, (const char *[]){"watch", "--exit-on", "critical", "--idle-exit", "1", "led.jsonl", NULL});
    expect(&r, 1);
    ck_assert_has(r.out, "critical nan_loss at step 30");
    run_free(&r);
    r = run_mldiag(f.dir, (const char *[]){"check", "led.jsonl", NULL});
    expect(&r, 1);
    ck_assert_has(r.out, "critical nan_loss step 30");
    run_free(&r);
    md_buf_free(&led);
    md_buf_free(&text);
    teardown_dir(&f);
}
END_TEST

/* watch ends on an input that held no metric and no event as analyze
 * does (exit 4), and names UTF-16, which it does not follow. */
START_TEST(test_watch_no_data_and_utf16)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "prose.log", "Loading the dataset\nThe model has 7 layers\n"));
    run r = run_mldiag(f.dir, (const char *[]){"watch", "--idle-exit", "0.5", "prose.log", NULL});
    expect(&r, 4);
    ck_assert_has(r.err, "prose.log: error: no metric and no event found");
    run_free(&r);
    static const char u16[] = "\xff\xfes\0t\0e\0p\0 \0001\0 \0l\0o\0s\0s\0 \0002\0\n\0";
    free(t_write(f.dir, "u16.log", u16, sizeof u16 - 1));
    r = run_mldiag(f.dir, (const char *[]){"watch", "--idle-exit", "0.5", "u16.log", NULL});
    expect(&r, 4);
    ck_assert_has(r.err, "u16.log: error: UTF-16 text; watch follows UTF-8");
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

/* A report, or --help, that cannot be written to standard output says why. */
START_TEST(test_stdout_full)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log", "step 1 loss 2.0\nstep 2 loss nan\n"));
    const char *cmds[][2] = {{"analyze", "train.log"}, {"check", "train.log"}, {"series", "train.log"},
                             {"--help", NULL},         {"--version", NULL},      {"analyze", "--help"}};
    child_stdout = "/dev/full";
    for (size_t i = 0; i < MD_COUNT(cmds); i++) {
        run r = run_mldiag(f.dir, (const char *[]){cmds[i][0], cmds[i][1], NULL});
        expect(&r, 4);
        ck_assert_has(r.err, "cannot write to standard output: No space left on device");
        run_free(&r);
    }
    child_stdout = NULL;
    teardown_dir(&f);
}
END_TEST

/* watch on a FIFO reads it as the stream it is: its last line without a
 * '\n' when the writer closes (here a NaN, so --exit-on critical exits
 * 1), and --idle-exit while a writer keeps it open but writes nothing. */
START_TEST(test_watch_fifo)
{
    fixture f = setup_dir();
    char *fifo = t_path(f.dir, "train.log");
    for (int idle = 0; idle <= 1; idle++) {
        ck_assert_int_eq(mkfifo(fifo, 0600), 0);
        pid_t writer = fork();
        ck_assert_int_ge(writer, 0);
        if (writer == 0) {
            int fd = open(fifo, O_WRONLY);
            const char *text = idle ? "step 1 loss 1.0\nstep 2 loss 0.9\n" : "step 1 loss 1.0\nstep 2 loss 0.9\nstep 3 loss nan";
            ssize_t w = fd >= 0 ? write(fd, text, strlen(text)) : -1;
            if (idle)
                sleep(RUN_TIMEOUT_S + 2); /* open and silent: killed below */
            _exit(w > 0 ? 0 : 1);
        }
        run r = run_mldiag(f.dir, (const char *[]){"watch", "--exit-on", "critical", "--idle-exit", "1", "train.log", NULL});
        kill(writer, SIGKILL);
        waitpid(writer, NULL, 0);
        if (idle) {
            expect(&r, 0);
            ck_assert_has(r.out, "insufficient_data");
        } else {
            expect(&r, 1);
            ck_assert_has(r.out, "critical nan_loss at step 3");
        }
        run_free(&r);
        unlink(fifo);
    }
    free(fifo);
    teardown_dir(&f);
}
END_TEST

/* Reports saved into the run directory are not read back as logs: the
 * next analysis of the directory gives the same report. */
START_TEST(test_saved_reports_are_not_logs)
{
    fixture f = setup_dir();
    char *run_dir = t_path(f.dir, "run");
    ck_assert_int_eq(mkdir(run_dir, 0777), 0);
    md_buf log = {0};
    for (int step = 1; step <= 40; step++)
        md_buf_printf(&log, "step %d, loss: %.3f, grad_norm: %.2f\n", step, 3.0 - step * 0.02, 1.0 + step * 0.01);
    md_buf_puts(&log, "step 41, loss: nan, grad_norm: nan\n"
                      "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n");
    free(t_write_str(run_dir, "train.log", md_buf_cstr(&log)));
    run before = run_mldiag(f.dir, (const char *[]){"analyze", "--format", "json", "run", NULL});
    ck_assert_has(before.out, "\"id\":\"nan_loss\"");
    static const char *const formats[][2] = {{"text", "report.txt"},   {"markdown", "report.md"},
                                             {"json", "report.json"},  {"junit", "junit.xml"},
                                             {"github", "annotations"}};
    for (size_t i = 0; i < MD_COUNT(formats); i++) {
        run r = run_mldiag(f.dir, (const char *[]){"analyze", "--format", formats[i][0], "run", NULL});
        free(t_write(run_dir, formats[i][1], r.out.p, r.out.n));
        run_free(&r);
    }
    run quiet = run_mldiag(f.dir, (const char *[]){"analyze", "-q", "run", NULL});
    free(t_write(run_dir, "findings.txt", quiet.out.p, quiet.out.n));
    run_free(&quiet);
    /* compare's, series' and the several-runs summary's reports too, and
     * GitHub's annotations without a file. */
    char *other = t_path(f.dir, "other");
    ck_assert_int_eq(mkdir(other, 0777), 0);
    free(t_write_str(other, "train.log", "step 1, loss: 2.0\nstep 2, loss: 1.9\n"));
    static const char *const more[][6] = {
        {"compare", "other", "run", NULL},        {"compare", "-f", "markdown", "other", "run", NULL},
        {"compare", "-f", "json", "other", "run"}, {"series", "run", NULL},
        {"series", "-f", "json", "run", NULL},    {"analyze", "other", "run", NULL},
        {"analyze", "-f", "markdown", "other", "run"}, {"analyze", "-f", "json", "other", "run"},
    };
    for (size_t i = 0; i < MD_COUNT(more); i++) {
        run r = run_mldiag(f.dir, more[i]);
        char name[32];
        snprintf(name, sizeof name, "more%zu.out", i);
        free(t_write(run_dir, name, r.out.p, r.out.n));
        run_free(&r);
    }
    free(t_write_str(run_dir, "title_only.txt", "::warning title=Loss stopped improving [loss_plateau]::Loss stopped\n"));
    free(other);

    run after = run_mldiag(f.dir, (const char *[]){"analyze", "--format", "json", "run", NULL});
    expect(&after, before.status);
    ck_assert_msg(strcmp(before.out.p, after.out.p) == 0, "the saved reports changed the report:\n%s\n%s",
                  before.out.p, after.out.p);
    ck_assert_has(after.err, "skipped: a report written by mldiag");

    run direct = run_mldiag(f.dir, (const char *[]){"analyze", "run/report.txt", NULL});
    expect(&direct, 4);
    ck_assert_has(direct.err, "a report written by mldiag, not a training log");
    run_free(&direct);
    run_free(&after);
    run_free(&before);
    md_buf_free(&log);
    free(run_dir);
    teardown_dir(&f);
}
END_TEST

/* A run directory holding a requeued job's log beside the earlier
 * attempt's, over the same steps, one of them ending in NaN: the file
 * written last is the run, whatever the names' order or the points'. */
static void set_mtime(const char *path, time_t when)
{
    struct timespec times[2] = {{when, 0}, {when, 0}};
    ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
}

START_TEST(test_run_dir_newer_attempt)
{
    fixture f = setup_dir();
    char *run_dir = t_path(f.dir, "run");
    ck_assert_int_eq(mkdir(run_dir, 0777), 0);
    md_buf healthy = {0}, nan = {0};
    for (int step = 1; step <= 300; step++) {
        double loss = 2.0 * exp(-step / 80.0) + 0.5;
        md_buf_printf(&healthy, "step %d loss %.4f\n", step, loss);
        if (step < 300)
            md_buf_printf(&nan, "step %d loss %.4f\n", step, loss);
    }
    md_buf_puts(&nan, "step 300 loss nan\n");
    char *attempt = t_write_str(run_dir, "attempt1.log", md_buf_cstr(&healthy));
    char *train = t_write_str(run_dir, "train.log", md_buf_cstr(&nan));
    set_mtime(attempt, 1700000000);
    set_mtime(train, 1700003600);
    run r = run_mldiag(f.dir, (const char *[]){"check", "run", NULL});
    expect(&r, 1);
    ck_assert_has(r.out, "critical nan_loss step 300");
    run_free(&r);

    /* The retry is healthy: the older attempt's NaN is no finding. */
    set_mtime(attempt, 1700007200);
    r = run_mldiag(f.dir, (const char *[]){"check", "run", NULL});
    expect(&r, 0);
    run_free(&r);
    free(attempt);
    free(train);
    free(run_dir);
    md_buf_free(&healthy);
    md_buf_free(&nan);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_symlink_loop_directory)
{
    fixture f = setup_dir();
    char *run_dir = t_path(f.dir, "run");
    ck_assert_int_eq(mkdir(run_dir, 0777), 0);
    free(t_write_str(run_dir, "train.log", "step 1, loss: 2.0\nstep 2, loss: 1.5\n"));
    char *loop = t_path(run_dir, "loop");
    ck_assert_int_eq(symlink(".", loop), 0);
    char *up = t_path(run_dir, "up");
    ck_assert_int_eq(symlink("..", up), 0);
    run r = run_mldiag(f.dir, (const char *[]){"series", "run", NULL});
    expect(&r, 0);
    ck_assert_has(r.out, "series,loss,");
    ck_assert_has(r.out, "run/train.log,2,1,2,");
    ck_assert_ptr_null(strstr(r.out.p, "loop/"));
    run_free(&r);
    free(up);
    free(loop);
    free(run_dir);
    teardown_dir(&f);
}
END_TEST

/* A run directory's walk leaves out FIFOs, links that loop, links to
 * directories outside it (a link to /proc or /usr would walk the system)
 * and what lies too deep, and says so for the last two. */
START_TEST(test_directory_walk_bounds)
{
    fixture f = setup_dir();
    char *run_dir = t_path(f.dir, "run"), *outside = t_path(f.dir, "outside");
    ck_assert_int_eq(mkdir(run_dir, 0777), 0);
    ck_assert_int_eq(mkdir(outside, 0777), 0);
    free(t_write_str(run_dir, "train.log", "step 1, loss: 2.0\nstep 2, loss: 1.5\n"));
    free(t_write_str(outside, "other.log", "step 1, acc: 0.5\nstep 2, acc: 0.6\n"));
    char *fifo = t_path(run_dir, "pipe.log"), *data = t_path(run_dir, "data");
    char *loop_a = t_path(run_dir, "a.log"), *loop_b = t_path(run_dir, "b.log");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    ck_assert_int_eq(symlink("b.log", loop_a), 0);
    ck_assert_int_eq(symlink("a.log", loop_b), 0);
    ck_assert_int_eq(symlink(outside, data), 0);
    md_buf deep = {0};
    md_buf_puts(&deep, run_dir);
    for (int level = 1; level <= MD_WALK_MAX_DEPTH + 1; level++) {
        md_buf_printf(&deep, "/d%d", level);
        ck_assert_int_eq(mkdir(md_buf_cstr(&deep), 0777), 0);
    }
    free(t_write_str(md_buf_cstr(&deep), "deep.log", "step 1, grad_norm: 1.0\nstep 2, grad_norm: 2.0\n"));

    run r = run_mldiag(f.dir, (const char *[]){"series", "run", NULL});
    expect(&r, 0);
    ck_assert_has(r.out, "run/train.log,2,1,2,");
    ck_assert_ptr_null(strstr(r.out.p, "acc"));
    ck_assert_ptr_null(strstr(r.out.p, "grad_norm"));
    ck_assert_has(r.err, "run/data: note: skipped: a link to a directory outside the run directory");
    ck_assert_has(r.err, "/d17: note: skipped: more than 16 directories down");
    run_free(&r);
    md_buf_free(&deep);
    free(data);
    free(loop_b);
    free(loop_a);
    free(fifo);
    free(outside);
    free(run_dir);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_usage_errors)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log", "step 1, loss: 2.0\n"));
    run r = run_mldiag(f.dir, (const char *[]){"series", "--bogus", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "Try 'mldiag series --help'");
    ck_assert_uint_eq(r.out.n, 0);
    run_free(&r);

    r = run_mldiag(f.dir, (const char *[]){"series", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "no input");
    ck_assert_has(r.err, "Try 'mldiag series --help'");
    run_free(&r);

    r = run_mldiag(f.dir, (const char *[]){"series", "--format", "xml", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "unknown format 'xml'");
    run_free(&r);

    r = run_mldiag(f.dir, (const char *[]){"frobnicate", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "unknown command 'frobnicate'");
    ck_assert_has(r.err, "Try 'mldiag --help'");
    run_free(&r);

    r = run_mldiag(f.dir, (const char *[]){NULL});
    expect(&r, 2);
    run_free(&r);

    /* A tolerance is a fraction from 0 to 10: none, Inf and 1e300 would
     * judge nothing. */
    static const char *const tolerances[] = {"", "inf", "1e300", "-0.1", "nan", "10.5", "0.02x"};
    for (size_t i = 0; i < MD_COUNT(tolerances); i++) {
        r = run_mldiag(f.dir, (const char *[]){"compare", "--tolerance", tolerances[i], "train.log", "train.log", NULL});
        expect(&r, 2);
        ck_assert_has(r.err, "--tolerance takes a fraction from 0 to 10");
        run_free(&r);
    }
    r = run_mldiag(f.dir, (const char *[]){"compare", "--tolerance", "10", "train.log", "train.log", NULL});
    expect(&r, 0);
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_help_and_version)
{
    fixture f = setup_dir();
    run r = run_mldiag(f.dir, (const char *[]){"--help", NULL});
    expect(&r, 0);
    ck_assert_has(r.out, "Usage: mldiag COMMAND");
    ck_assert_uint_eq(r.err.n, 0);
    run_free(&r);

    r = run_mldiag(f.dir, (const char *[]){"series", "--help", NULL});
    expect(&r, 0);
    ck_assert_has(r.out, "Usage: mldiag series");
    ck_assert_has(r.out, "--format");
    ck_assert_uint_eq(r.err.n, 0);
    run_free(&r);

    r = run_mldiag(f.dir, (const char *[]){"--version", NULL});
    expect(&r, 0);
    ck_assert_str_eq(r.out.p, "mldiag " MD_VERSION "\n");
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_rule_file_error)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log", "step 1, loss: 2.0\n"));
    free(t_write_str(f.dir, "bad.rules", "[series tokens]\nkind = count\nkindd = count\n"));
    run r = run_mldiag(f.dir, (const char *[]){"series", "--rules", "bad.rules", "train.log", NULL});
    expect(&r, 3);
    ck_assert_has(r.err, "bad.rules:3:1: error: unknown key 'kindd'");
    ck_assert_has(r.err, "did you mean 'kind'?");
    ck_assert_has(r.err, "nothing was run");
    ck_assert_uint_eq(r.out.n, 0);
    run_free(&r);

    r = run_mldiag(f.dir, (const char *[]){"series", "--rules", "missing.rules", "train.log", NULL});
    expect(&r, 3);
    ck_assert_has(r.err, "missing.rules");
    run_free(&r);

    /* A good rule file adds to the defaults. */
    free(t_write_str(f.dir, "good.rules", "[series tokens_seen]\nkind = count\naliases = toks\n"));
    free(t_write_str(f.dir, "toks.log", "step 1, loss: 2.0, toks: 4096\n"));
    r = run_mldiag(f.dir, (const char *[]){"series", "--rules", "good.rules", "toks.log", NULL});
    expect(&r, 0);
    ck_assert_has(r.out, "series,tokens_seen,toks,");
    ck_assert_has(r.out, "series,loss,");
    run_free(&r);
    /* --expect on a series the catalog does not name: a section names it;
     * a letter off a known series is a typo. */
    r = run_mldiag(f.dir, (const char *[]){"check", "--expect", "meteor.last > 0.9", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "'meteor' is no series of the catalog");
    run_free(&r);
    r = run_mldiag(f.dir, (const char *[]){"check", "--expect", "los.last < 1", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "did you mean 'loss.last'?");
    run_free(&r);
    /* A character outside the language is quoted whole, a byte that is no
     * UTF-8 as U+FFFD. */
    r = run_mldiag(f.dir, (const char *[]){"check", "--expect", "loss.last \xe2\x89\xa4 3", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "unexpected '\xe2\x89\xa4' after the expression");
    run_free(&r);
    r = run_mldiag(f.dir, (const char *[]){"check", "--expect", "loss.last \xff 3", "train.log", NULL});
    expect(&r, 2);
    ck_assert_has(r.err, "unexpected '\xef\xbf\xbd'");
    ck_assert_ptr_null(strstr(r.err.p, "\xff"));
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

/* RFC 8259: JSON text is UTF-8. */
static bool valid_utf8(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        size_t len = c < 0x80 ? 1
                     : (c & 0xe0) == 0xc0 ? 2
                     : (c & 0xf0) == 0xe0 ? 3
                     : (c & 0xf8) == 0xf0 ? 4
                                          : 0;
        if (len == 0 || i + len > n || (len == 2 && c < 0xc2))
            return false;
        for (size_t k = 1; k < len; k++)
            if ((p[i + k] & 0xc0) != 0x80)
                return false;
        i += len;
    }
    return true;
}

static const cJSON *json_find(const cJSON *array, const char *key, const char *value)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, array)
    {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, key);
        if (cJSON_IsString(v) && strcmp(v->valuestring, value) == 0)
            return item;
    }
    return NULL;
}

START_TEST(test_json_output)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log",
                     "step 1, loss: 2.0\nstep 2, loss: nan\nstep 3, loss: 1.5\n"
                     "Traceback (most recent call last):\n  File \"t.py\", line 1\n"
                     "RuntimeError: bad \"quote\" and \\ backslash\n"));
    run r = run_mldiag(f.dir, (const char *[]){"series", "--format", "json", "train.log", NULL});
    expect(&r, 0);
    ck_assert(valid_utf8((const unsigned char *)r.out.p, r.out.n));
    cJSON *root = cJSON_Parse(r.out.p);
    ck_assert_msg(root != NULL, "not JSON:\n%s", r.out.p);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(root, "schema")->valueint, 1);
    const cJSON *loss = json_find(cJSON_GetObjectItemCaseSensitive(root, "series"), "name", "loss");
    ck_assert_ptr_nonnull(loss);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(loss, "count")->valueint, 3);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(loss, "nonfinite")->valueint, 1);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(loss, "first_nonfinite_step")->valueint, 2);
    ck_assert(cJSON_GetObjectItemCaseSensitive(loss, "last")->valuedouble == 1.5);
    const cJSON *exc = json_find(cJSON_GetObjectItemCaseSensitive(root, "events"), "id", "exception");
    ck_assert_ptr_nonnull(exc);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(exc, "text")->valuestring,
                     "RuntimeError: bad \"quote\" and \\ backslash");
    const cJSON *input = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "inputs"), 0);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(input, "format")->valuestring, "text");
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(input, "bytes")->valueint, 153);
    cJSON_Delete(root);
    run_free(&r);

    /* The JSON report writes the same inputs and events, and its series say
     * steps_are_entries where `series` says "steps". */
    r = run_mldiag(f.dir, (const char *[]){"analyze", "--format", "json", "train.log", NULL});
    expect(&r, 0);
    root = cJSON_Parse(r.out.p);
    ck_assert_msg(root != NULL, "not JSON:\n%s", r.out.p);
    input = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "inputs"), 0);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(input, "bytes")->valueint, 153);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(input, "lines")->valueint, 6);
    loss = json_find(cJSON_GetObjectItemCaseSensitive(root, "series"), "name", "loss");
    ck_assert_ptr_nonnull(loss);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(loss, "steps_are_entries")));
    ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(loss, "kind"));
    exc = json_find(cJSON_GetObjectItemCaseSensitive(root, "events"), "id", "exception");
    ck_assert_ptr_nonnull(exc);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(exc, "first_step")->valueint, 3);
    ck_assert(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(exc, "fields")));
    cJSON_Delete(root);
    run_free(&r);

    /* --output writes the same document to a file. */
    r = run_mldiag(f.dir, (const char *[]){"series", "-f", "json", "-o", "out.json", "train.log", NULL});
    expect(&r, 0);
    ck_assert_uint_eq(r.out.n, 0);
    char *out = t_path(f.dir, "out.json");
    md_buf doc = slurp(out);
    root = cJSON_Parse(doc.p);
    ck_assert_ptr_nonnull(root);
    cJSON_Delete(root);
    md_buf_free(&doc);
    free(out);
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

static void expect_file_type(const char *dir, const char *name, mode_t type)
{
    char *path = t_path(dir, name);
    struct stat st;
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert_msg((st.st_mode & S_IFMT) == type, "%s is no longer of its type", name);
    free(path);
}

/* -o and --plot write through a symbolic link and into a FIFO (as into a
 * device such as /dev/null) instead of replacing them with a file. */
START_TEST(test_output_through_links_and_fifos)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log", "step 1, loss: 2.0\nstep 2, loss: 1.5\nstep 3, loss: 1.2\n"));
    free(t_write_str(f.dir, "report.txt", "old\n"));
    char *fifo = t_path(f.dir, "plot.fifo"), *link = t_path(f.dir, "report.link");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    ck_assert_int_eq(symlink("report.txt", link), 0);
    int reader = open(fifo, O_RDONLY | O_NONBLOCK);
    ck_assert_int_ge(reader, 0);

    run r = run_mldiag(
        f.dir, (const char *[]){"analyze", "-o", "report.link", "--plot", "plot.fifo", "train.log", NULL});
    expect(&r, 0);
    expect_file_type(f.dir, "report.link", S_IFLNK);
    expect_file_type(f.dir, "plot.fifo", S_IFIFO);
    char *report = t_path(f.dir, "report.txt");
    md_buf text = slurp(report);
    ck_assert_has(text, "Run: steps 1..3");
    char svg[256] = {0};
    ck_assert_int_gt(read(reader, svg, sizeof svg - 1), 0);
    ck_assert_msg(strstr(svg, "<svg") != NULL, "no plot in the FIFO:\n%s", svg);

    md_buf_free(&text);
    free(report);
    close(reader);
    run_free(&r);
    free(link);
    free(fifo);
    teardown_dir(&f);
}
END_TEST

/* An output path that names an input is refused: the report would
 * replace the log (also through a link to it). */
START_TEST(test_output_over_an_input)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "train.log", "step 1, loss: 2.0\nstep 2, loss: 1.5\nstep 3, loss: 1.2\n"));
    char *link = t_path(f.dir, "same.log");
    ck_assert_int_eq(symlink("train.log", link), 0);
    static const char *const commands[][6] = {
        {"analyze", "-o", "train.log", "train.log", NULL},
        {"check", "--plot", "same.log", "train.log", NULL},
        {"series", "-o", "train.log", "train.log", NULL},
    };
    for (size_t i = 0; i < MD_COUNT(commands); i++) {
        run r = run_mldiag(f.dir, commands[i]);
        expect(&r, 2);
        ck_assert_msg(strstr(r.err.p, "is also an input") != NULL, "no reason: %s", r.err.p);
        run_free(&r);
    }
    char *log = t_path(f.dir, "train.log");
    md_buf text = slurp(log);
    ck_assert_has(text, "step 3, loss: 1.2");
    md_buf_free(&text);
    free(log);
    free(link);
    teardown_dir(&f);
}
END_TEST

/* A log that the walk of an input directory reads is an input as well;
 * a report written into the directory before is replaced. */
START_TEST(test_output_over_a_log_in_an_input_dir)
{
    fixture f = setup_dir();
    char *run_dir = t_path(f.dir, "run");
    ck_assert_int_eq(mkdir(run_dir, 0777), 0);
    char *log = t_write_str(run_dir, "train.log", "step 1, loss: 2.0\nstep 2, loss: 1.5\nstep 3, loss: 1.2\n");
    static const char *const commands[][7] = {
        {"analyze", "-o", "run/train.log", "run", NULL},
        {"check", "--plot", "run/train.log", "run", NULL},
        {"series", "-o", "./run/../run/train.log", "run/", NULL},
        {"compare", "-o", "run/train.log", "run", "run/train.log", NULL},
    };
    for (size_t i = 0; i < MD_COUNT(commands); i++) {
        run r = run_mldiag(f.dir, commands[i]);
        expect(&r, 2);
        ck_assert_msg(strstr(r.err.p, "a log in an input directory") != NULL || strstr(r.err.p, "is also an input") != NULL,
                      "no reason: %s", r.err.p);
        run_free(&r);
    }
    md_buf text = slurp(log);
    ck_assert_has(text, "step 3, loss: 1.2");
    md_buf_free(&text);
    /* A link in the directory to a log outside it is read by the walk
     * under its name; the baseline is read as much as the run. */
    char *outside = t_write_str(f.dir, "elsewhere.log", "step 1, loss: 2.0\nstep 2, loss: 1.5\n");
    char *link = t_path(run_dir, "linked.log");
    ck_assert_int_eq(symlink(outside, link), 0);
    static const char *const more[][7] = {
        {"analyze", "-o", "run/linked.log", "run", NULL},
        {"check", "--baseline", "elsewhere.log", "--plot", "elsewhere.log", "run", NULL},
    };
    for (size_t i = 0; i < MD_COUNT(more); i++) {
        run r = run_mldiag(f.dir, more[i]);
        expect(&r, 2);
        run_free(&r);
    }
    text = slurp(outside);
    ck_assert_has(text, "step 2, loss: 1.5");
    md_buf_free(&text);
    unlink(link);
    free(link);
    free(outside);
    for (int i = 0; i < 2; i++) {
        run r = run_mldiag(f.dir, (const char *[]){"analyze", "-q", "-f", "markdown", "-o", "run/report.md", "run", NULL});
        expect(&r, 0);
        run_free(&r);
    }
    free(log);
    free(run_dir);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_json_output_of_invalid_utf8)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "latin1.log",
                     "step 1, loss: 2.0\n"
                     "Traceback (most recent call last):\n  File \"t.py\", line 1\n"
                     "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9: caf\xe9\n"));
    run r = run_mldiag(f.dir, (const char *[]){"series", "--format", "json", "latin1.log", NULL});
    expect(&r, 0);
    cJSON *root = cJSON_Parse(r.out.p);
    ck_assert_ptr_nonnull(cJSON_GetObjectItemCaseSensitive(root, "series"));
    cJSON_Delete(root);
    ck_assert_msg(valid_utf8((const unsigned char *)r.out.p, r.out.n), "output is not UTF-8:\n%s", r.out.p);
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_huge_single_line)
{
    fixture f = setup_dir();
    const size_t big = 10u << 20;
    char *line = md_xmalloc(big + 64);
    for (size_t i = 0; i < big; i++)
        line[i] = (char)('a' + i % 26);
    static const char tail[] = "\nstep 1, loss: 2.0\n";
    memcpy(line + big, tail, sizeof tail);
    free(t_write(f.dir, "huge.log", line, big + sizeof tail - 1));
    run r = run_mldiag(f.dir, (const char *[]){"series", "huge.log", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "warning");
    ck_assert_has(r.err, "longer than 1 MiB");
    ck_assert_has(r.out, "series,loss,");
    run_free(&r);

    /* Nothing but the one line: no data, but no crash either. */
    free(t_write(f.dir, "only.log", line, big));
    r = run_mldiag(f.dir, (const char *[]){"series", "only.log", NULL});
    ck_assert_msg(r.status == 0 || r.status == 4, "exit %d", r.status);
    ck_assert_has(r.err, "longer than 1 MiB");
    run_free(&r);
    free(line);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_long_line_is_no_truncation)
{
    /* A line over 1 MiB mid-run (a printed tensor) is cut and warned of;
     * the run around it reached its last step, so it was not cut short. */
    md_buf log = {0};
    for (int i = 1; i <= 200; i++) {
        md_buf_printf(&log, "iter %d/200: loss %.4f, time 120.0ms\n", i, 3.0 - i / 100.0);
        if (i == 100) {
            for (int k = 0; k < (3 << 19); k++)
                md_buf_putc(&log, k % 7 ? '1' : ' ');
            md_buf_putc(&log, '\n');
        }
    }
    fixture f = setup_dir();
    free(t_write(f.dir, "long.log", log.p, log.n));
    run r = run_mldiag(f.dir, (const char *[]){"analyze", "--format", "json", "long.log", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "1 line longer than 1 MiB");
    ck_assert_has(r.out, "\"cut_short\":false");
    ck_assert_msg(!strstr(r.out.p, "run_truncated"), "run_truncated reported:\n%s", r.out.p);
    run_free(&r);
    /* In JSON Lines the object cut there is skipped as too long, not
     * called invalid: its JSON may have been fine. */
    md_buf_reset(&log);
    for (int i = 1; i <= 20; i++) {
        md_buf_printf(&log, "{\"step\": %d, \"loss\": %.2f", i, 3.0 - i / 10.0);
        if (i == 10) {
            md_buf_puts(&log, ", \"blob\": \"");
            for (int k = 0; k < (3 << 19); k++)
                md_buf_putc(&log, 'x');
            md_buf_putc(&log, '"');
        }
        md_buf_puts(&log, "}\n");
    }
    free(t_write(f.dir, "long.jsonl", log.p, log.n));
    r = run_mldiag(f.dir, (const char *[]){"series", "long.jsonl", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "long.jsonl:10:1: warning: JSON object longer than 1 MiB; line skipped");
    ck_assert_msg(!strstr(r.err.p, "invalid JSON"), "%s", r.err.p);
    run_free(&r);
    /* So is one cut right after a ", " (whose blank is trimmed before it
     * is read), as the last line: a line cut at 1 MiB is no record the
     * file ends in the middle of. */
    md_buf_reset(&log);
    for (int i = 1; i <= 20; i++)
        md_buf_printf(&log, "{\"step\": %d, \"loss\": %.2f}\n", i, 3.0 - i / 10.0);
    md_buf_puts(&log, "{\"step\": 21,    "); /* 16 bytes, as each pair below */
    for (int k = 0; k < (1 << 16) + 10; k++)
        md_buf_printf(&log, "\"k%06d\": 1.0, ", k);
    md_buf_puts(&log, "\"end\": 1}\n");
    free(t_write(f.dir, "long.jsonl", log.p, log.n));
    r = run_mldiag(f.dir, (const char *[]){"analyze", "-q", "long.jsonl", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "long.jsonl:21:1: warning: JSON object longer than 1 MiB; line skipped");
    ck_assert_msg(!strstr(r.err.p, "invalid JSON"), "%s", r.err.p);
    ck_assert_msg(!strstr(r.out.p, "run_truncated"), "%s", r.out.p);
    run_free(&r);
    md_buf_free(&log);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_wide_csv_unread_values)
{
    /* A CSV of 20000 columns: past the first 16384 distinct keys, each of
     * the 3 rows has 3616 values that are not read, counted once each
     * (naming the columns counts none). */
    md_buf csv = {0};
    for (int c = 0; c < 20000; c++)
        md_buf_printf(&csv, "%sc%d", c ? "," : "", c);
    for (int r = 0; r < 3; r++) {
        md_buf_putc(&csv, '\n');
        for (int c = 0; c < 20000; c++)
            md_buf_printf(&csv, "%s0.5", c ? "," : "");
    }
    md_buf_putc(&csv, '\n');
    fixture f = setup_dir();
    free(t_write(f.dir, "wide.csv", csv.p, csv.n));
    run r = run_mldiag(f.dir, (const char *[]){"series", "wide.csv", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "10848 values were not read");
    run_free(&r);
    md_buf_free(&csv);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_new_key_on_every_line)
{
    /* A key of its own on every line (a sample's id): memory stays bounded,
     * the warning says what was not read, and the loss is still read. */
    md_buf log = {0};
    for (int i = 1; i <= 20000; i++)
        md_buf_printf(&log, "step %d: loss %.4f sample_%d=%d\n", i, 3.0 - i / 10000.0, i, i % 7);
    fixture f = setup_dir();
    free(t_write(f.dir, "keys.log", log.p, log.n));
    run r = run_mldiag(f.dir, (const char *[]){"series", "keys.log", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "series over the limit of 1024 were not kept");
    ck_assert_has(r.err, "3618 values were not read: their keys came after the first 16384 distinct keys");
    ck_assert_has(r.out, "series,loss,loss,keys.log,20000,1,20000,3,1,");
    run_free(&r);
    md_buf_free(&log);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_report_says_when_no_loss)
{
    /* A log whose loss mldiag does not read is no healthy run: "no
     * problems" says the loss checks had nothing to read. */
    fixture f = setup_dir();
    const char *noloss = "step 1 lr=0.1 grad_norm=1.5\nstep 2 lr=0.1 grad_norm=1.4\nstep 3 lr=0.1 grad_norm=1.3\n";
    const char *loss = "step 1 loss=2.5 lr=0.1\nstep 2 loss=2.4 lr=0.1\nstep 3 loss=2.3 lr=0.1\n";
    free(t_write(f.dir, "noloss.log", noloss, strlen(noloss)));
    free(t_write(f.dir, "loss.log", loss, strlen(loss)));
    const char *formats[] = {"text", "markdown"};
    for (size_t i = 0; i < 2; i++) {
        run r = run_mldiag(f.dir, (const char *[]){"analyze", "--format", formats[i], "noloss.log", NULL});
        expect(&r, 0);
        ck_assert_has(r.out, "No loss was found in this log, so the checks of the loss curve did not run");
        ck_assert_has(r.out, "grad_norm");
        run_free(&r);
        r = run_mldiag(f.dir, (const char *[]){"analyze", "--format", formats[i], "loss.log", NULL});
        expect(&r, 0);
        ck_assert_msg(!strstr(r.out.p, "No loss was found"), "%s", r.out.p);
        run_free(&r);
    }
    /* check prints one line per finding: the note goes to standard error. */
    run r = run_mldiag(f.dir, (const char *[]){"check", "noloss.log", NULL});
    expect(&r, 0);
    ck_assert_has(r.err, "no loss was found, so the checks of the loss curve did not run");
    run_free(&r);
    r = run_mldiag(f.dir, (const char *[]){"check", "loss.log", NULL});
    expect(&r, 0);
    ck_assert(r.err.n == 0);
    run_free(&r);
    /* A gate that must read a loss says so. */
    r = run_mldiag(f.dir, (const char *[]){"check", "--expect", "has(loss)", "noloss.log", NULL});
    expect(&r, 1);
    ck_assert_has(r.err, "expectation failed: has(loss)");
    run_free(&r);
    /* An expectation that arithmetic leaves unknown says which. */
    const char *arithmetic[][2] = {{"loss.last / 0 > 1", "(division by zero)"},
                                   {"ln(loss.last - 100) > 0", "(ln of a number not above 0)"},
                                   {"sqrt(0 - loss.last) > 0", "(sqrt of a negative number)"},
                                   {"exp(loss.last * 1000) > 0", "(a result too large to represent)"},
                                   /* The reason of the unknown that decided, not one or,
                                    * default() or defined() set aside. */
                                   {"(ln(0) < 1 || 1) && grad_norm.max < 1", "(no grad_norm series)"},
                                   {"default(1 / 0, 1) > 0 && grad_norm.max < 1", "(no grad_norm series)"},
                                   {"defined(sqrt(0 - 1)) || grad_norm.max < 1", "(no grad_norm series)"},
                                   {"1 / 0 + grad_norm.max > 1", "(division by zero)"},
                                   {"default(1 / 0, 1) + default(1 / 0, 1) + default(1 / 0, 1) + "
                                    "default(1 / 0, 1) + default(1 / 0, 1) > 0 && grad_norm.max < 1",
                                    "(no grad_norm series)"}};
    for (size_t i = 0; i < sizeof arithmetic / sizeof *arithmetic; i++) {
        r = run_mldiag(f.dir, (const char *[]){"check", "--expect", arithmetic[i][0], "loss.log", NULL});
        expect(&r, 1);
        ck_assert_has(r.err, "expectation unknown: ");
        ck_assert_has(r.err, arithmetic[i][1]);
        run_free(&r);
    }
    teardown_dir(&f);
}
END_TEST

START_TEST(test_nul_bytes_in_text_log)
{
    /* A crash can leave a run of NUL bytes where the file system had
     * allocated blocks; the log goes on after it. */
    md_buf log = {0};
    for (int i = 1; i <= 200; i++) {
        if (i == 101)
            md_buf_put(&log, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\n\0\0\0", 20);
        md_buf_printf(&log, "step %d, loss: %.2f\n", i, 3.0 - i / 100.0);
    }
    fixture f = setup_dir();
    free(t_write(f.dir, "holes.log", log.p, log.n));
    run r = run_mldiag(f.dir, (const char *[]){"series", "holes.log", NULL});
    expect(&r, 0);
    ck_assert_has(r.out, "series,loss,loss,holes.log,200,1,200,2.99,1,");
    run_free(&r);
    /* And a machine that went down again: the run's evidence names the
     * hole the log ends in (log.hole_end_bytes), not the sum of both. */
    md_buf_put(&log, "step 201, lo", 12);
    for (int i = 0; i < 50; i++)
        md_buf_putc(&log, '\0');
    free(t_write(f.dir, "holes.log", log.p, log.n));
    r = run_mldiag(f.dir, (const char *[]){"analyze", "--color", "never", "holes.log", NULL});
    ck_assert_has(r.out, "the log ends in 50 NUL bytes from line");
    ck_assert_has(r.err, "50 NUL bytes end the file, and 16 more are in holes before");
    run_free(&r);
    md_buf_free(&log);
    teardown_dir(&f);
}
END_TEST

START_TEST(test_invalid_utf8_text_log)
{
    fixture f = setup_dir();
    free(t_write_str(f.dir, "latin1.log",
                     "d\xe9marrage de l'entra\xeenement \xff\xfe\n"
                     "step 1, loss: 2.0 \xe9t\xe9\n"
                     "step 2, loss: 1.5\n"));
    run r = run_mldiag(f.dir, (const char *[]){"series", "latin1.log", NULL});
    expect(&r, 0);
    ck_assert_has(r.out, "series,loss,loss,latin1.log,2,1,2,2,1.5,");
    run_free(&r);
    teardown_dir(&f);
}
END_TEST

Suite *suite_cli(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("binary");
    tcase_add_test(tc, test_missing_file);
    tcase_add_test(tc, test_device_input);
    tcase_add_test(tc, test_stdin_given_twice);
    tcase_add_test(tc, test_stdin_device);
    tcase_add_test(tc, test_empty_output_name);
    tcase_add_test(tc, test_rules_none_to_run_and_fifo);
    tcase_add_test(tc, test_permission_denied);
    tcase_add_test(tc, test_run_dir_broken_links);
    tcase_add_test(tc, test_unreadable_inputs);
    tcase_add_test(tc, test_several_runs);
    tcase_add_test(tc, test_watch_fifo);
    tcase_add_test(tc, test_watch_partial_head);
    tcase_add_test(tc, test_watch_written_over);
    tcase_add_test(tc, test_watch_rotated_line_numbers);
    tcase_add_test(tc, test_watch_long_first_record);
    tcase_add_test(tc, test_watch_no_data_and_utf16);
    tcase_add_test(tc, test_stdout_full);
    tcase_add_test(tc, test_control_characters_shown);
    tcase_add_test(tc, test_directory_without_logs);
    tcase_add_test(tc, test_symlink_loop_directory);
    tcase_add_test(tc, test_run_dir_newer_attempt);
    tcase_add_test(tc, test_directory_walk_bounds);
    tcase_add_test(tc, test_saved_reports_are_not_logs);
    tcase_add_test(tc, test_usage_errors);
    tcase_add_test(tc, test_help_and_version);
    tcase_add_test(tc, test_rule_file_error);
    tcase_add_test(tc, test_json_output);
    tcase_add_test(tc, test_json_output_of_invalid_utf8);
    tcase_add_test(tc, test_output_through_links_and_fifos);
    tcase_add_test(tc, test_output_over_an_input);
    tcase_add_test(tc, test_output_over_a_log_in_an_input_dir);
    tcase_add_test(tc, test_huge_single_line);
    tcase_add_test(tc, test_new_key_on_every_line);
    tcase_add_test(tc, test_report_says_when_no_loss);
    tcase_add_test(tc, test_wide_csv_unread_values);
    tcase_add_test(tc, test_long_line_is_no_truncation);
    tcase_add_test(tc, test_nul_bytes_in_text_log);
    tcase_add_test(tc, test_invalid_utf8_text_log);
    tcase_set_timeout(tc, RUN_TIMEOUT_S + 30);
    suite_add_tcase(s, tc);
    return s;
}
