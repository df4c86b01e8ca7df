/* mldiag watch PATH: follow a growing log like tail -F and print each
 * finding once, the moment its rule first fires.
 *
 * New lines go through the line-at-a-time text reader into one store, so a
 * line costs the same however long the run is. The rules are evaluated
 * over the store's bounded summaries, at most once per interval: their cost
 * does not grow with the log either. A file that is truncated, replaced
 * (log rotation) or written over in place (its last 256 bytes read are
 * others) is read again from its start, into the same run. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/run.h"
#include "mldiag/reader.h"
#include "mldiag/signal.h"
#include "mldiag/sniff.h"
#include "mldiag/source.h"

static const char usage[] =
    "Usage: mldiag watch [OPTIONS] PATH\n"
    "Follow a growing console log (or - for standard input) and print each finding\n"
    "once, as soon as its rule fires. A truncated or rotated file is followed on.\n"
    "\n"
    "      --exit-on SEV       exit 1 at the first finding at least SEV (critical,\n"
    "                          error, warning, info): a job wrapper can stop the run\n"
    "      --interval SECONDS  how often to look for new lines and evaluate (0.5)\n"
    "      --idle-exit SECONDS stop after this long without new lines (default: never)\n"
    "      --rules PATH        add rule files\n"
    "      --no-default-rules  use only the rules given with --rules (built-in series\n"
    "                          and events stay)\n"
    "  -h, --help              show this help\n";

typedef struct watch_opts {
    int exit_on; /* md_severity, or -1 */
    double interval, idle_exit;
    cli_rules rules;
} watch_opts;

typedef struct follower {
    const char *path;
    int fd;
    bool is_stdin;
    bool is_stream; /* stdin or a FIFO: read when poll says so, ended at EOF */
    ino_t ino;
    off_t offset;
    uint64_t bytes; /* read from the file followed now, since it was last read from its start */
    /* The last bytes read, before offset: a file written over in place
     * (a requeued job's "train.py > train.log") holds others there. */
    char last[256];
    size_t nlast;
    md_buf pending; /* a line not yet ended by '\n' */
    md_buf head;    /* the first bytes, until the format is told from them */
    bool sniffed;   /* the format was told (since the last rotation) */
    unsigned long lineno;
    unsigned long pieces; /* lines and redraws read: what evaluation waits for */
    md_text_reader *reader;
    md_store *st; /* the run, once reading began */
} follower;

/* An error about the followed input, said as analyze says its own
 * ("mldiag: PATH: error: message", the path's controls shown safely). */
static void MD_PRINTF(2, 3) follow_error(const follower *f, const char *fmt, ...)
{
    md_buf msg = {0};
    va_list ap;
    va_start(ap, fmt);
    md_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    md_diags diags;
    md_diags_init(&diags);
    md_diags_add(&diags, MD_DIAG_ERROR, f->is_stdin ? "<stdin>" : f->path, 0, 0, "%s", md_buf_cstr(&msg));
    cli_print_diags(&diags);
    md_diags_free(&diags);
    md_buf_free(&msg);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool open_file(follower *f)
{
    if (f->is_stdin) {
        f->fd = 0;
        f->is_stream = true;
        return true;
    }
    f->fd = open(f->path, O_RDONLY);
    if (f->fd < 0)
        return false;
    struct stat st;
    fstat(f->fd, &st);
    f->ino = st.st_ino;
    f->offset = 0;
    f->nlast = 0;
    f->sniffed = false;
    md_buf_reset(&f->head);
    f->is_stream = S_ISFIFO(st.st_mode);
    return true;
}

/* A file read again from its start (replaced, truncated, written over)
 * is another input of the run, as analyze reads a log beside its rotated
 * copy: its lines count from 1 again, so a finding names the line of the
 * file that holds it now. */
static void next_input(follower *f)
{
    if (!f->st)
        return;
    md_text_reader_finish(f->reader);
    md_text_reader_free(f->reader);
    md_input *in = md_store_input_mut(f->st, (int)md_store_ninputs(f->st) - 1);
    in->lines = f->lineno;
    in->bytes = f->bytes;
    md_store_begin_input(f->st, f->path, MD_FMT_TEXT);
    f->reader = md_text_reader_new(f->st, md_store_catalog(f->st));
    f->lineno = 0;
    f->bytes = 0;
}

static void start_over(follower *f)
{
    next_input(f);
    lseek(f->fd, 0, SEEK_SET);
    f->offset = 0;
    f->nlast = 0;
    f->sniffed = false;
    md_buf_reset(&f->head);
    md_buf_reset(&f->pending);
}

/* Whether the bytes before offset are no longer those read. */
static bool written_over(const follower *f)
{
    char now[sizeof f->last];
    return f->nlast && pread(f->fd, now, f->nlast, f->offset - (off_t)f->nlast) == (ssize_t)f->nlast &&
           memcmp(now, f->last, f->nlast) != 0;
}

/* Truncated in place, or replaced by a new file: start over from byte 0
 * (a file written over in place: pump). */
static void check_rotation(follower *f)
{
    struct stat st;
    if (f->is_stream || stat(f->path, &st) != 0)
        return;
    /* Replaced by a FIFO or a device: opening it would block or never
     * end; the file followed so far stays the one read. */
    if (st.st_ino != f->ino && !S_ISREG(st.st_mode))
        return;
    if (st.st_ino != f->ino) {
        close(f->fd);
        if (!open_file(f))
            f->fd = -1;
        next_input(f);
        md_buf_reset(&f->pending);
    } else if (st.st_size < f->offset) {
        start_over(f);
    }
}

static void keep_last(follower *f, const char *p, size_t n)
{
    if (n >= sizeof f->last) {
        memcpy(f->last, p + n - sizeof f->last, sizeof f->last);
        f->nlast = sizeof f->last;
        return;
    }
    size_t keep = f->nlast + n > sizeof f->last ? sizeof f->last - n : f->nlast;
    memmove(f->last, f->last + f->nlast - keep, keep);
    memcpy(f->last + keep, p, n);
    f->nlast = keep + n;
}

/* A bar that redraws with '\r' alone never ends its line: the redraws so
 * far are read now, under the number the line will have; what follows the
 * last '\r' may still be being drawn. */
static void read_redraws(follower *f)
{
    const char *p = f->pending.p, *cr = md_last_redraw(p, f->pending.n);
    if (!cr)
        return;
    size_t n = (size_t)(cr - p) + 1;
    md_text_reader_line(f->reader, (md_str){p, n - 1}, f->lineno + 1);
    f->pieces++;
    memmove(f->pending.p, p + n, f->pending.n - n);
    f->pending.n -= n;
}

static void feed(follower *f, const char *data, size_t n)
{
    const char *p = data, *end = data + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t take = (size_t)((nl ? nl : end) - p);
        if (f->pending.n + take <= MD_LINE_MAX)
            md_buf_put(&f->pending, p, take);
        if (!nl) {
            read_redraws(f);
            break;
        }
        f->lineno++;
        f->pieces++;
        md_text_reader_line(f->reader, (md_str){f->pending.p ? f->pending.p : "", f->pending.n}, f->lineno);
        md_buf_reset(&f->pending);
        p = nl + 1;
    }
}

/* The last line, which no '\n' ended: the input ended. */
static void read_unended(follower *f)
{
    if (!f->pending.n)
        return;
    f->lineno++;
    f->pieces++;
    md_text_reader_line(f->reader, (md_str){f->pending.p, f->pending.n}, f->lineno);
    md_buf_reset(&f->pending);
}

/* Whether a stream that starts with head is read line by line as it grows:
 * a console log or JSON Lines. A CSV file, a trainer_state.json or a
 * binary file is read whole, by mldiag analyze. */
static bool followable(const follower *f, md_str head, bool complete)
{
    /* analyze decodes UTF-16 (PowerShell's Out-File, Tee-Object); watch
     * follows UTF-8 alone. */
    if (head.n >= 2 && (memcmp(head.p, "\xff\xfe", 2) == 0 || memcmp(head.p, "\xfe\xff", 2) == 0)) {
        follow_error(f, "UTF-16 text; watch follows UTF-8 console logs and JSON Lines (read it with mldiag analyze)");
        return false;
    }
    md_format fmt = md_sniff(head, complete, f->is_stdin ? NULL : f->path);
    if (fmt == MD_FMT_TEXT || fmt == MD_FMT_JSONL || fmt == MD_FMT_EMPTY)
        return true;
    follow_error(f, "%s input; watch follows console logs and JSON Lines (read it with mldiag analyze)",
                 md_format_name(fmt));
    return false;
}

/* Blank lines and blanks before the first record: their length. */
static size_t blank_lead(const char *p, size_t n)
{
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
        i++;
    return i;
}

/* The format is told from the head once it holds a whole line (a log
 * being written may end mid-record: '{"step": 1, "lo' is no JSON document
 * yet), or fills the window analyze peeks, or the input ends. A first
 * JSON object may be longer than that window (a config dump of 80 KB
 * first): its line is awaited up to a line's most, so that JSON Lines are
 * told apart from one JSON document. False for an input that is not
 * followed. */
static bool take_head(follower *f, const char *data, size_t n, bool at_end)
{
    size_t room = MD_LINE_MAX - f->head.n;
    md_buf_put(&f->head, data, n < room ? n : room);
    size_t lead = blank_lead(f->head.p, f->head.n);
    size_t cap = lead < f->head.n && f->head.p[lead] == '{' ? MD_LINE_MAX : MD_SOURCE_PEEK;
    if (!at_end && f->head.n < cap && !memchr(f->head.p + lead, '\n', f->head.n - lead))
        return true;
    md_str head = {md_buf_cstr(&f->head), f->head.n < cap ? f->head.n : cap};
    if (!followable(f, head, at_end))
        return false;
    md_text_reader_head(f->reader, head);
    f->sniffed = true;
    return true;
}

/* The input's end: a head too short so far to tell its format by is told
 * now, then the last line, which no '\n' ended, is read. False for an
 * input that is not followed. */
static bool read_end(follower *f)
{
    if (!f->sniffed && f->head.n && !take_head(f, "", 0, true))
        return false;
    read_unended(f);
    return true;
}

/* Reads what is there now. Returns bytes read, 0 at a pause, -1 at the
 * end of standard input or a FIFO's, -2 for an input that is not followed
 * (not a log, or a read error). */
static long pump(follower *f, double wait)
{
    if (f->fd < 0) {
        check_rotation(f);
        return 0;
    }
    if (f->is_stream) {
        struct pollfd p = {f->fd, POLLIN, 0};
        if (poll(&p, 1, (int)(wait * 1000)) <= 0)
            return 0;
    }
    /* Before new bytes are taken for the rest of the old: a file written
     * over in place may already be longer than it was. */
    if (!f->is_stream && written_over(f))
        start_over(f);
    static char block[MD_SOURCE_PEEK]; /* a first block is the head analyze peeks */
    ssize_t r = read(f->fd, block, sizeof block);
    if (r < 0 && errno == EINTR)
        return 0;
    if (r < 0) {
        follow_error(f, "cannot read: %s", strerror(errno));
        return -2;
    }
    if (r == 0 && f->is_stream && !read_end(f))
        return -2;
    if (r == 0)
        return f->is_stream ? -1 : 0;
    if (!f->sniffed && !take_head(f, block, (size_t)r, false))
        return -2;
    f->offset += r;
    f->bytes += (uint64_t)r;
    if (!f->is_stream)
        keep_last(f, block, (size_t)r);
    feed(f, block, (size_t)r);
    return r;
}

static bool seen(const char **ids, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(ids[i], id) == 0)
            return true;
    return false;
}

/* Prints findings not printed before. Returns true when one is at or
 * above exit_on. */
static bool report_new(const md_ruleset *rs, const follower *f, md_store *st, bool growing, const char ***ids,
                       size_t *nids, int exit_on)
{
    /* What was read so far, as analyze reads a whole input: its lines
     * counted, and finished (md_store_merge: names settled, open spikes
     * closed) in a copy, while the store goes on taking lines. */
    md_input *in = md_store_input_mut(st, (int)md_store_ninputs(st) - 1);
    in->lines = f->lineno;
    in->bytes = f->bytes;
    in->growing = growing;
    md_store *run = md_store_new(md_store_catalog(st));
    md_store_merge(run, md_store_copy(st));
    md_store_sort(run);
    md_sigset *sig = md_sigset_new(run);
    md_findings found;
    md_rules_eval(rs, sig, &found);
    bool stop = false;
    for (size_t i = 0; i < found.n; i++) {
        const md_finding *x = &found.v[i];
        if (seen(*ids, *nids, x->id))
            continue;
        *ids = md_xrealloc(*ids, (*nids + 1) * sizeof **ids);
        (*ids)[(*nids)++] = x->id;
        char b[32];
        printf("%s %s", md_severity_name(x->severity), x->id);
        if (x->step == x->step)
            printf(" at %s %s", x->ordinal_step ? "log entry" : "step", md_num_fmt(x->step, b, sizeof b));
        printf(": %s", x->title);
        if (x->evidence.n)
            printf(" (%s)", x->evidence.v[0]);
        putchar('\n');
        stop |= exit_on >= 0 && (int)x->severity >= exit_on;
    }
    fflush(stdout);
    md_findings_free(&found);
    md_sigset_free(sig);
    md_store_free(run);
    return stop;
}

static int parse(int argc, char **argv, watch_opts *o)
{
    static const struct option opts[] = {{"exit-on", required_argument, NULL, 'e'},
                                         {"fail-on", required_argument, NULL, 'e'},
                                         {"interval", required_argument, NULL, 'i'},
                                         {"idle-exit", required_argument, NULL, 'x'},
                                         {"rules", required_argument, NULL, 'r'},
                                         {"no-default-rules", no_argument, NULL, 'n'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        char *end;
        md_severity sev;
        switch (c) {
        case 'e':
            if (!cli_parse_severity("watch", "exit-on", optarg, &sev))
                return EXIT_USAGE;
            o->exit_on = (int)sev;
            break;
        case 'i':
        case 'x': {
            double v = strtod(optarg, &end);
            if (*end || !(v > 0) || v > 1e6)
                return cli_usage_error("watch", "--%s takes a number of seconds, not '%s'",
                                       c == 'i' ? "interval" : "idle-exit", optarg);
            *(c == 'i' ? &o->interval : &o->idle_exit) = v;
            break;
        }
        case 'r':
            cli_rules_add(&o->rules, optarg);
            break;
        case 'n':
            o->rules.no_default = true;
            break;
        case 'h':
            fputs(usage, stdout);
            return -1;
        default:
            return cli_usage_error("watch", NULL);
        }
    }
    if (argc - optind != 1)
        return cli_usage_error("watch", "watch follows one PATH");
    return 0;
}

/* Opens the path to follow, or says why it cannot be followed. */
static bool open_followed(follower *f)
{
    if (!open_file(f)) {
        follow_error(f, "cannot open: %s", strerror(errno));
        return false;
    }
    struct stat st;
    bool stat_ok = fstat(f->fd, &st) == 0;
    if (!f->is_stdin && stat_ok && S_ISDIR(st.st_mode)) {
        follow_error(f, "a directory; watch follows one log file (read a run directory with mldiag analyze)");
        close(f->fd);
        return false;
    }
    /* A device (/dev/zero) has no end and no log in it, given by name or
     * as standard input; a terminal's is someone typing, and a device
     * that ends at once (- < /dev/null) an empty input, as analyze reads
     * them. */
    char first;
    if (stat_ok && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) && !(f->is_stdin && isatty(f->fd)) &&
        !(f->is_stdin && read(f->fd, &first, 1) == 0)) {
        follow_error(f, "a device, not a log file; watch follows a file, a FIFO or - (stdin)");
        if (!f->is_stdin)
            close(f->fd);
        return false;
    }
    return true;
}

static int follow(follower *f, const md_ruleset *rs, md_store *st, const watch_opts *o)
{
    const char **ids = NULL;
    size_t nids = 0;
    double last_data = now(), last_eval = 0;
    unsigned long evaluated_at = (unsigned long)-1;
    int code = EXIT_CLEAN;
    for (;;) {
        long got = pump(f, o->interval);
        if (got == -2) {
            code = EXIT_INPUT;
            break;
        }
        bool ended = got < 0;
        if (got > 0)
            last_data = now();
        double t = now();
        if (f->pieces != evaluated_at && (t - last_eval >= o->interval || got == 0 || ended)) {
            evaluated_at = f->pieces;
            last_eval = t;
            if (report_new(rs, f, st, true, &ids, &nids, o->exit_on)) {
                code = EXIT_FINDINGS;
                break;
            }
        }
        if (ended || (o->idle_exit > 0 && t - last_data >= o->idle_exit)) {
            /* The end: what waited for more lines is read, as analyze
             * reads it at the end of a file. */
            if (!read_end(f)) {
                code = EXIT_INPUT;
                break;
            }
            md_text_reader_finish(f->reader);
            if (report_new(rs, f, st, false, &ids, &nids, o->exit_on))
                code = EXIT_FINDINGS;
            /* As analyze says of the same input: no training log. */
            if (code == EXIT_CLEAN && !md_run_found_data(st)) {
                follow_error(f, "no metric and no event found");
                code = EXIT_INPUT;
            }
            break;
        }
        if (got == 0 && !f->is_stream) {
            check_rotation(f);
            struct timespec pause = {(time_t)o->interval, (long)((o->interval - (double)(time_t)o->interval) * 1e9)};
            nanosleep(&pause, NULL);
        }
    }
    free(ids);
    return code;
}

int cmd_watch(int argc, char **argv)
{
    watch_opts o = {-1, 0.5, 0, {0}};
    int code = parse(argc, argv, &o);
    if (code) {
        cli_rules_free(&o.rules);
        return code < 0 ? EXIT_CLEAN : code;
    }
    md_ruleset *rs = cli_load_rules_to_run(&o.rules, "watch", &code);
    cli_rules_free(&o.rules);
    if (!rs)
        return code;
    follower f = {.path = argv[optind], .fd = -1, .is_stdin = strcmp(argv[optind], "-") == 0};
    if (!open_followed(&f)) {
        md_ruleset_free(rs);
        return EXIT_INPUT;
    }
    md_store *st = md_store_new(md_ruleset_catalog(rs));
    md_store_begin_input(st, f.is_stdin ? "<stdin>" : f.path, MD_FMT_TEXT);
    f.reader = md_text_reader_new(st, md_ruleset_catalog(rs));
    f.st = st;
    code = follow(&f, rs, st, &o);
    md_text_reader_free(f.reader);
    if (!f.is_stdin && f.fd >= 0)
        close(f.fd);
    md_buf_free(&f.pending);
    md_buf_free(&f.head);
    md_store_free(st);
    md_ruleset_free(rs);
    return code;
}
