/* realpath is POSIX's XSI option. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mldiag/source.h"

typedef struct dir_id {
    dev_t dev;
    ino_t ino;
} dir_id;

typedef struct walk {
    md_walk_fn fn;
    md_walk_note_fn note;
    void *ctx;
    const char *dir; /* as given, for notes */
    char *root;      /* dir with its links resolved */
    dir_id *seen;
    size_t nseen, capseen;
    size_t files;
    size_t links_out; /* links to directories outside dir, left out */
    bool stopped, noted_depth;
} walk;

bool md_source_is_dir(const char *path)
{
    struct stat st;
    return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Checkpoint folders hold weights and copies of the state already logged
 * elsewhere; wandb's media folders hold images. Neither is a log. */
static bool skipped_name(const char *name)
{
    return name[0] == '.' || strncmp(name, "checkpoint-", 11) == 0 ||
           strncmp(name, "checkpoint_", 11) == 0 || strcmp(name, "checkpoints") == 0 ||
           strcmp(name, "media") == 0 || strcmp(name, "__pycache__") == 0 ||
           strcmp(name, "node_modules") == 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool seen_before(walk *w, const struct stat *st)
{
    for (size_t i = 0; i < w->nseen; i++)
        if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
            return true;
    MD_GROW(w->seen, w->nseen, w->capseen);
    w->seen[w->nseen++] = (dir_id){st->st_dev, st->st_ino};
    return false;
}

static char **sorted_entries(DIR *d, size_t *count)
{
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (skipped_name(e->d_name))
            continue;
        MD_GROW(names, n, cap);
        names[n++] = md_xstrdup(e->d_name);
    }
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    *count = n;
    return names;
}

/* Tells what the walk left out at path; fmt takes a number. */
static void note_number(walk *w, const char *path, const char *fmt, int n)
{
    md_buf why = {0};
    md_buf_printf(&why, fmt, n);
    w->note(path, why.p, w->ctx);
    md_buf_free(&why);
}

static void stop(walk *w, const char *fmt, int limit)
{
    w->stopped = true;
    note_number(w, w->dir, fmt, limit);
}

/* Whether path, a directory, is dir or below it once links are resolved:
 * a link out of the run (to /usr, to /proc) would walk another tree. */
static bool inside_root(const walk *w, const char *path)
{
    char *real = realpath(path, NULL);
    if (!real)
        return false;
    size_t n = strlen(w->root);
    bool inside = strncmp(real, w->root, n) == 0 &&
                  (real[n] == '\0' || real[n] == '/' || w->root[n - 1] == '/');
    free(real);
    return inside;
}

static bool is_link(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

static int walk_dir(walk *w, const char *dir, int depth);

static void enter_dir(walk *w, const char *path, int depth)
{
    if (depth > MD_WALK_MAX_DEPTH) {
        if (!w->noted_depth)
            note_number(w, path, "skipped: more than %d directories down; nothing deeper is read",
                        MD_WALK_MAX_DEPTH);
        w->noted_depth = true;
        return;
    }
    if (is_link(path) && !inside_root(w, path)) {
        if (w->links_out++ == 0)
            w->note(path, "skipped: a link to a directory outside the run directory", w->ctx);
        return;
    }
    if (w->nseen == MD_WALK_MAX_DIRS) {
        stop(w, "read the first %d directories only: the rest was not read", MD_WALK_MAX_DIRS);
        return;
    }
    walk_dir(w, path, depth);
}

static void take_file(walk *w, const char *path)
{
    if (w->files == MD_WALK_MAX_FILES) {
        stop(w, "read the first %d files only: the rest was not read", MD_WALK_MAX_FILES);
        return;
    }
    w->files++;
    w->fn(path, w->ctx);
}

/* Empty files are skipped as well as special ones: there is nothing to
 * read in an empty log, and files of /proc say they are empty while
 * reading some of them blocks (/proc/kmsg) or never ends. */
static void visit(walk *w, const char *path, int depth)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        /* An entry that is there but cannot be followed (a dangling link,
         * a loop of links) is handed on, so that its reader says why it
         * is not read rather than nothing. */
        if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            take_file(w, path);
        return;
    }
    if (S_ISDIR(st.st_mode))
        enter_dir(w, path, depth + 1);
    else if (S_ISREG(st.st_mode) && st.st_size > 0)
        take_file(w, path);
}

static int walk_dir(walk *w, const char *dir, int depth)
{
    struct stat st;
    if (stat(dir, &st) != 0 || seen_before(w, &st))
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return errno;
    size_t n;
    char **names = sorted_entries(d, &n);
    closedir(d);
    md_buf path = {0};
    for (size_t i = 0; i < n; i++) {
        if (!w->stopped) {
            md_buf_reset(&path);
            md_buf_printf(&path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
            visit(w, path.p, depth);
        }
        free(names[i]);
    }
    free(names);
    md_buf_free(&path);
    return 0;
}

md_err md_source_walk(const char *dir, md_walk_fn fn, md_walk_note_fn note, void *ctx, int *sys_errno)
{
    walk w = {.fn = fn, .note = note, .ctx = ctx, .dir = dir, .root = realpath(dir, NULL)};
    int rc = w.root ? walk_dir(&w, dir, 0) : errno;
    if (w.links_out > 1)
        note_number(&w, dir, "skipped %d more links to directories outside the run directory",
                   (int)(w.links_out - 1));
    free(w.root);
    free(w.seen);
    *sys_errno = rc;
    return rc ? MD_ERR_IO : MD_OK;
}
