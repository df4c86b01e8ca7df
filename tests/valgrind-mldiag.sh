#!/bin/sh
# mldiag under valgrind, for the end-to-end tests: any memory error or
# leak makes the run exit 99, which no expected output holds.
exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect "${MLDIAG_BIN:-build/mldiag}" "$@"
