/* The default rule files, compiled into the binary (generated at build). */
#ifndef MLDIAG_RULES_BUILTIN_H
#define MLDIAG_RULES_BUILTIN_H

#include <stddef.h>

typedef struct md_builtin_file {
    const char *name;
    const char *text;
    size_t len;
} md_builtin_file;

extern const md_builtin_file md_builtin_files[];
extern const size_t md_builtin_count;

#endif
