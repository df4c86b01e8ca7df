#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mldiag/source.h"

#define WALK_MAX_DEPTH 16

typedef struct dir_id {
    dev_t dev;
    ino_t ino;
} dir_id;

typedef struct walk {
    md_walk_fn fn;
    void *ctx;
    dir_id *seen;
    size_t nseen, capseen;
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

static int walk_dir(walk *w, const char *dir, int depth)
{
    struct stat st;
    if (depth > WALK_MAX_DEPTH || stat(dir, &st) != 0 || seen_before(w, &st))
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return errno;
    size_t n;
    char **names = sorted_entries(d, &n);
    closedir(d);
    md_buf path = {0};
    for (size_t i = 0; i < n; i++) {
        md_buf_reset(&path);
        md_buf_printf(&path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        if (stat(path.p, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                walk_dir(w, path.p, depth + 1);
            else if (S_ISREG(st.st_mode))
                w->fn(path.p, w->ctx);
        }
        free(names[i]);
    }
    free(names);
    md_buf_free(&path);
    return 0;
}

md_err md_source_walk(const char *dir, md_walk_fn fn, void *ctx, int *sys_errno)
{
    walk w = {fn, ctx, NULL, 0, 0};
    int rc = walk_dir(&w, dir, 0);
    free(w.seen);
    *sys_errno = rc;
    return rc ? MD_ERR_IO : MD_OK;
}
