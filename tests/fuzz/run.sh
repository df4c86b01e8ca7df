#!/bin/sh
# Runs the libFuzzer harnesses named (make fuzz-run passes FUZZ_TARGETS;
# built by make fuzz) for SECONDS each, JOBS at a time, seeded from tests/fuzz/seeds, the saved regressions, examples/
# and ../shared/corpus when present. A crash is saved in tests/fuzz/crashes/
# and fails the run; fix it, then move the input to tests/fuzz/regressions/
# so that make check replays it for good.
set -u
if [ $# -lt 3 ]; then
    echo "usage: tests/fuzz/run.sh SECONDS JOBS TARGET..." >&2
    exit 2
fi
SECONDS_EACH=$1
JOBS=$2
shift 2
mkdir -p tests/fuzz/crashes

fuzz_one() {
    t=$1
    mkdir -p "build/fuzz/corpus/$t"
    seeds=$(ls -d "tests/fuzz/seeds/$t" "tests/fuzz/regressions/$t" 2>/dev/null)
    case $t in
    rules) extra=rules ;;
    expr) extra= ;;
    *) extra="examples $(ls -d ../shared/corpus 2>/dev/null)" ;;
    esac
    # shellcheck disable=SC2086 # seeds and extra are lists of folders
    "build/fuzz/fuzz_$t" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="tests/fuzz/crashes/$t-" \
        "build/fuzz/corpus/$t" $seeds $extra > "build/fuzz/$t.out" 2>&1
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/$t.out")
    echo "fuzz $t: ${runs:-?} inputs in ${SECONDS_EACH}s"
}

i=0
for t in "$@"; do
    fuzz_one "$t" &
    i=$((i + 1))
    [ $((i % JOBS)) = 0 ] && wait
done
wait
if ls tests/fuzz/crashes/* > /dev/null 2>&1; then
    echo "fuzz: crashes found:"
    ls tests/fuzz/crashes/
    exit 1
fi
echo "fuzz: no crash, no leak, no timeout"
