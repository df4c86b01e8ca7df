#!/bin/sh
# The documentation agrees with the binary: every rule and every signal
# is in README.md, and every rule example in rules/README.md lints (blocks
# fenced as ```rules); blocks fenced as ```rules-error must fail with the
# message on their first line ("# error: ...").
set -u
MLDIAG=${MLDIAG:-./mldiag}
fail=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

for id in $("$MLDIAG" rules list | awk '{print $1}'); do
    grep -q "\`$id\`" README.md || { echo "FAIL: rule $id is not in README.md"; fail=1; }
done
for name in $("$MLDIAG" rules signals | awk '/^  [a-zA-Z_.]+ / {print $1}'); do
    [ "$name" = FIELD ] && continue
    grep -q "\`$name\`" README.md || { echo "FAIL: signal $name is not in README.md"; fail=1; }
done

# Every long option of every command is in the man page (read without
# roff's escapes: "\-\-fail\-on" is --fail-on).
sed 's/\\//g' doc/mldiag.1 > "$TMP/man.txt"
for cmd in analyze check compare watch series rules; do
    for opt in $("$MLDIAG" "$cmd" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
        grep -qF -- "$opt" "$TMP/man.txt" || { echo "FAIL: $cmd $opt is not in doc/mldiag.1"; fail=1; }
    done
done

# The sample at the top of README.md is real output: its command, run now,
# prints every line shown, in order ("..." marks lines left out).
awk '/^```$/ && !done { inside = !inside; if (!inside) done = 1; next } inside' README.md > "$TMP/sample"
cmd=$(sed -n '1s/^\$ mldiag //p' "$TMP/sample")
if [ -z "$cmd" ]; then
    echo "FAIL: README.md does not open with a sample '\$ mldiag ...' block"
    fail=1
else
    # shellcheck disable=SC2086 # the command's words
    "$MLDIAG" $cmd > "$TMP/sample.out" 2>&1
    sed '1d; /^ *\.\.\.$/d' "$TMP/sample" > "$TMP/sample.want"
    if ! awk 'NR == FNR { want[++n] = $0; next }
              k < n && $0 == want[k + 1] { k++ }
              END { if (k < n) { print "FAIL: README.md sample line not in the output: " want[k + 1]; exit 1 } }' \
            "$TMP/sample.want" "$TMP/sample.out"; then
        fail=1
    fi
fi

# Extract fenced blocks of rules/README.md into numbered files.
awk -v dir="$TMP" '
    /^```rules-error$/ { n++; file = dir "/" n ".error"; next }
    /^```rules$/ { n++; file = dir "/" n ".ok"; next }
    /^```/ { file = ""; next }
    file != "" { print > file }
' rules/README.md
for block in "$TMP"/*.ok; do
    [ -f "$block" ] || continue
    cp "$block" "$TMP/block.rules"
    if ! "$MLDIAG" rules lint "$TMP/block.rules" > /dev/null 2> "$TMP/err"; then
        echo "FAIL: a rules example in rules/README.md does not lint:"
        cat "$TMP/err"
        fail=1
    fi
done
for block in "$TMP"/*.error; do
    [ -f "$block" ] || continue
    want=$(sed -n '1s/^# error: //p' "$block")
    cp "$block" "$TMP/block.rules"
    if "$MLDIAG" rules lint "$TMP/block.rules" > /dev/null 2> "$TMP/err"; then
        echo "FAIL: a rules-error example in rules/README.md lints cleanly"
        fail=1
    elif ! grep -qF "$want" "$TMP/err"; then
        echo "FAIL: expected '$want' from a rules-error example, got:"
        cat "$TMP/err"
        fail=1
    fi
done
# The near-miss count README states is the number of runs in the tree.
runs=$(find tests/near_miss -mindepth 2 -type f ! -name '*.txt' | wc -l)
rules=$(find tests/near_miss -mindepth 1 -maxdepth 1 -type d | wc -l)
if ! tr '\n' ' ' < README.md | grep -q "$runs runs over $rules rules"; then
    echo "FAIL: README.md does not say '$runs runs over $rules rules' of tests/near_miss"
    fail=1
fi
[ "$fail" = 0 ] && echo "docs: README.md and rules/README.md agree with the binary"
exit "$fail"
