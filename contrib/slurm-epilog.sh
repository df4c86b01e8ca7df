#!/bin/sh
# Slurm epilog: diagnose a finished job's training log and leave the
# report next to it. In slurm.conf:
#
#     Epilog=/usr/local/share/mldiag/slurm-epilog.sh
#
# (or call it as the last line of a batch script). It finds the job's
# output file with scontrol, writes <log>.mldiag.md beside it, and adds a
# one-line summary per finding to <log>.mldiag.txt. An epilog that fails
# drains the node, so this script always exits 0.
#
# Environment: SLURM_JOB_ID (set by Slurm); MLDIAG (the binary, default
# mldiag on PATH); MLDIAG_LOG (the log, instead of asking scontrol);
# MLDIAG_ARGS (extra arguments for analyze, e.g. --rules /etc/mldiag).

MLDIAG=${MLDIAG:-mldiag}
log=${MLDIAG_LOG:-}
if [ -z "$log" ] && [ -n "${SLURM_JOB_ID:-}" ]; then
    log=$(scontrol show job "$SLURM_JOB_ID" 2>/dev/null | sed -n 's/.*StdOut=\([^ ]*\).*/\1/p' | head -n 1)
fi
[ -n "$log" ] && [ -r "$log" ] || exit 0

report="$log.mldiag.md"
summary="$log.mldiag.txt"
# shellcheck disable=SC2086 # MLDIAG_ARGS holds several arguments
timeout 120 "$MLDIAG" analyze $MLDIAG_ARGS --format markdown -o "$report" "$log" 2>/dev/null
# shellcheck disable=SC2086
timeout 120 "$MLDIAG" analyze $MLDIAG_ARGS -q "$log" > "$summary" 2>/dev/null
exit 0
