#!/bin/sh
# End-to-end tests of the mldiag binary.
#
#   examples/<rule>/      the text and markdown reports must equal
#                         report.txt and report.md next to the input, and
#                         the rule must fire
#   examples/healthy_*/   no finding of severity warning or above
#   tests/golden/<case>/  cmd (arguments, one per line), optional stdin;
#                         expected.stdout, expected.stderr, expected.exit
#   tests/near_miss/<rule>/  healthy runs that look like <rule>'s symptom:
#                         <rule> must not fire at warning or above, and at
#                         info only when the rule has a benign clause; X.txt
#                         next to an input X.<ext> is that input's note
#
# --update rewrites every expected file from the current binary.
# --part K/N runs every Nth folder from the Kth, so that N runs split the
# work (make valgrind runs two at once).
# --no-near-misses leaves tests/near_miss out (CI's valgrind pass: the
# sanitizer pass runs them).
# MLDIAG names the binary (default ./mldiag). Run from the project root.
set -u
MLDIAG=${MLDIAG:-./mldiag}
UPDATE=0
PART=1
PARTS=1
NEAR_MISSES=1
while [ $# -gt 0 ]; do
    case $1 in
    --update) UPDATE=1 ;;
    --part) PART=${2%/*}; PARTS=${2#*/}; shift ;;
    --no-near-misses) NEAR_MISSES=0 ;;
    *) echo "usage: run_golden.sh [--update] [--part K/N] [--no-near-misses]" >&2; exit 2 ;;
    esac
    shift
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# compare EXPECTED_FILE ACTUAL_FILE LABEL
compare() {
    if [ "$UPDATE" = 1 ]; then
        cp "$2" "$1"
        ok
    elif [ ! -f "$1" ]; then
        bad "$3: $1 is missing (run tests/run_golden.sh --update)"
    elif cmp -s "$1" "$2"; then
        ok
    else
        bad "$3 differs from $1:"
        diff -u "$1" "$2" | head -20
    fi
}

# The findings of a markdown report, one "SEVERITY RULE" a line, from its
# summary table: "| 1 | 🔴 critical | Loss became NaN or Inf (`nan_loss`) | ...".
findings_of() {
    sed -nE 's/^\| [0-9]+ \| [^|]* ([a-z]+) \| [^|]*\(`([a-z0-9_]+)`\) \|.*/\1 \2/p' "$1"
}

check_example() {
    dir=${1%/}
    name=$(basename "$dir")
    COLUMNS=80 NO_COLOR=1 "$MLDIAG" analyze --color never "$dir" > "$TMP/out.txt" 2> "$TMP/err.txt"
    compare "$dir/report.txt" "$TMP/out.txt" "$name (text)"
    "$MLDIAG" analyze --format markdown "$dir" > "$TMP/out.md" 2>/dev/null
    compare "$dir/report.md" "$TMP/out.md" "$name (markdown)"
    # What fired is read from that report, not from a third run: under
    # valgrind each run costs about a second.
    findings_of "$TMP/out.md" > "$TMP/findings.txt"
    case "$name" in
    healthy_*)
        if grep -qE '^(warning|error|critical) ' "$TMP/findings.txt"; then
            bad "$name: a healthy example drew a warning or worse:"
            grep -E '^(warning|error|critical) ' "$TMP/findings.txt"
        else
            ok
        fi
        ;;
    *)
        if grep -qE "^[a-z]+ $name\$" "$TMP/findings.txt"; then
            ok
        else
            bad "$name: rule $name did not fire; findings were:"
            cat "$TMP/findings.txt"
        fi
        ;;
    esac
}

check_case() {
    dir=${1%/}
    name=$(basename "$dir")
    # Arguments are one per line so that they may hold spaces.
    set --
    while IFS= read -r arg || [ -n "$arg" ]; do
        set -- "$@" "$arg"
    done < "$dir/cmd"
    if [ -f "$dir/stdin" ]; then
        COLUMNS=80 NO_COLOR=1 "$MLDIAG" "$@" < "$dir/stdin" > "$TMP/stdout" 2> "$TMP/stderr"
    else
        COLUMNS=80 NO_COLOR=1 "$MLDIAG" "$@" < /dev/null > "$TMP/stdout" 2> "$TMP/stderr"
    fi
    echo $? > "$TMP/exit"
    compare "$dir/expected.exit" "$TMP/exit" "$name (exit status)"
    compare "$dir/expected.stdout" "$TMP/stdout" "$name (stdout)"
    compare "$dir/expected.stderr" "$TMP/stderr" "$name (stderr)"
}

# A directory is an example when it holds an input besides the reports,
# scripts and notes.
has_input() {
    for f in "$1"*; do
        case "${f##*/}" in report.txt | report.md | make.py | README.md) ;; *) [ -f "$f" ] && return 0 ;; esac
    done
    return 1
}

# A note: X.txt next to an input X.<ext> describes it and is not an input.
is_note() {
    case "$1" in *.txt) ;; *) return 1 ;; esac
    for g in "${1%.txt}".*; do
        [ "$g" != "$1" ] && [ -f "$g" ] && return 0
    done
    return 1
}

# check_near_miss RULE FILE BENIGN
check_near_miss() {
    "$MLDIAG" analyze -q "$2" > "$TMP/nm.txt" 2> "$TMP/nm.err"
    status=$?
    if [ "$status" -ge 2 ]; then
        bad "near miss $2: mldiag exited $status:"
        head -5 "$TMP/nm.err"
    elif grep -qE "^(warning|error|critical) $1( |:)" "$TMP/nm.txt"; then
        bad "near miss $2: $1 fired (a false alarm):"
        grep -E "^[a-z]+ $1( |:)" "$TMP/nm.txt"
    elif [ "$3" = 0 ] && grep -qE "^info $1( |:)" "$TMP/nm.txt"; then
        bad "near miss $2: $1 fired at info and has no benign clause:"
        grep -E "^info $1( |:)" "$TMP/nm.txt"
    else
        ok
    fi
}

# check_near_misses DIR: every input in DIR against the rule DIR names.
# BENIGN_RULES lists the rules with a benign clause.
check_near_misses() {
    dir=${1%/}
    rule=$(basename "$dir")
    benign=0
    case " $BENIGN_RULES " in *" $rule "*) benign=1 ;; esac
    for f in "$dir"/*; do
        [ -f "$f" ] || continue
        is_note "$f" && continue
        check_near_miss "$rule" "$f" "$benign"
    done
}

# Whether the next folder belongs to this part.
folder=0
mine() {
    folder=$((folder + 1))
    [ $(((folder - 1) % PARTS + 1)) = "$PART" ]
}

for dir in examples/*/; do
    [ "$dir" = examples/__pycache__/ ] && continue # left by running a make.py
    mine && [ -d "$dir" ] && has_input "$dir" && check_example "$dir"
done
for dir in tests/golden/*/; do
    mine && [ -f "$dir/cmd" ] && check_case "$dir"
done
# One 'rules show' for all of this part's near-miss rules, not one each: a
# run costs about a second under valgrind.
near_miss_dirs=
for dir in tests/near_miss/*/; do
    [ "$NEAR_MISSES" = 1 ] && mine && [ -d "$dir" ] && near_miss_dirs="$near_miss_dirs ${dir%/}"
done
if [ -n "$near_miss_dirs" ]; then
    # shellcheck disable=SC2046,SC2086 # rule ids are words
    if ! "$MLDIAG" rules show $(for d in $near_miss_dirs; do basename "$d"; done) > "$TMP/rules.txt" 2>&1; then
        : > "$TMP/rules.txt" # some folder names no rule: find which, one at a time
        for dir in $near_miss_dirs; do
            if ! "$MLDIAG" rules show "$(basename "$dir")" >> "$TMP/rules.txt" 2> "$TMP/show.err"; then
                bad "$dir: there is no rule $(basename "$dir")"
                near_miss_dirs=$(echo "$near_miss_dirs" | sed "s# $dir\( \|\$\)# #")
            fi
        done
    fi
    BENIGN_RULES=$(awk '/^rule /{rule = $2} /^  benign:/{print rule}' "$TMP/rules.txt" | tr '\n' ' ')
    for dir in $near_miss_dirs; do
        check_near_misses "$dir"
    done
fi

echo "golden: $pass passed, $fail failed"
[ "$fail" = 0 ]
