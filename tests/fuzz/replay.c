/* Replays files through a fuzz harness without libFuzzer: the seeds and
 * every input that once crashed run in `make check`. Arguments are files
 * or directories (read recursively). */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    md_buf data = {0};
    char block[65536];
    size_t n;
    while ((n = fread(block, 1, sizeof block, f)) > 0)
        md_buf_put(&data, block, n);
    fclose(f);
    LLVMFuzzerTestOneInput((const uint8_t *)(data.p ? data.p : ""), data.n);
    md_buf_free(&data);
    return 0;
}

static int replay(const char *path, size_t *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
        (*count)++;
        return replay_file(path);
    }
    DIR *d = opendir(path);
    if (!d)
        return 1;
    int rc = 0;
    struct dirent *e;
    md_buf child = {0};
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        md_buf_reset(&child);
        md_buf_printf(&child, "%s/%s", path, e->d_name);
        rc |= replay(child.p, count);
    }
    closedir(d);
    md_buf_free(&child);
    return rc;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    int rc = 0;
    for (int i = 1; i < argc; i++)
        rc |= replay(argv[i], &count);
    printf("%s: %zu inputs replayed\n", argv[0], count);
    return rc;
}
