#!/bin/sh
# The quality bar on real logs: every labelled symptom of ../shared/corpus
# found, no trap rule fired, and no warning-or-worse finding on a file
# labelled healthy (tests/corpus_labels.tsv). Prints recall and false
# alarms. Skipped, with a message, when the corpus is not there.
set -u
MLDIAG=${MLDIAG:-./mldiag}
CORPUS=${CORPUS:-../shared/corpus}
if [ ! -d "$CORPUS" ]; then
    echo "corpus labels: skipped: $CORPUS not found"
    exit 0
fi
expected=0 found=0 healthy=0 alarms=0 traps=0 fail=0
TAB=$(printf '\t')
while IFS="$TAB" read -r path expect forbid is_healthy want_exit; do
    case "$path" in '#'* | '') continue ;; esac
    file="$CORPUS/$path"
    if [ ! -e "$file" ]; then
        echo "FAIL: $path is not in the corpus"
        fail=$((fail + 1))
        continue
    fi
    out=$("$MLDIAG" analyze -q "$file" 2>/dev/null)
    status=$?
    if [ "$status" != "$want_exit" ]; then
        echo "FAIL: $path: exit $status, expected $want_exit"
        fail=$((fail + 1))
    fi
    fired=$(printf '%s\n' "$out" | awk '{sub(/:$/, "", $2); print $2}')
    for rule in $(echo "$expect" | tr ',' ' '); do
        [ "$rule" = - ] && continue
        expected=$((expected + 1))
        if printf '%s\n' "$fired" | grep -qx "$rule"; then
            found=$((found + 1))
        else
            echo "FAIL: $path: $rule not found"
            fail=$((fail + 1))
        fi
    done
    for rule in $(echo "$forbid" | tr ',' ' '); do
        [ "$rule" = - ] && continue
        if printf '%s\n' "$fired" | grep -qx "$rule"; then
            echo "FAIL: $path: $rule fired on a trap"
            traps=$((traps + 1))
            fail=$((fail + 1))
        fi
    done
    if [ "$is_healthy" = yes ]; then
        healthy=$((healthy + 1))
        loud=$(printf '%s\n' "$out" | grep -E '^(warning|error|critical) ')
        if [ -n "$loud" ]; then
            echo "FAIL: $path is healthy but got: $loud"
            alarms=$((alarms + 1))
            fail=$((fail + 1))
        fi
    fi
done < tests/corpus_labels.tsv
echo "corpus labels: recall $found/$expected labelled symptoms; false alarms $alarms on $healthy healthy files; $traps traps fired"
[ "$fail" = 0 ]
