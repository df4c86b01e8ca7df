#!/bin/sh
# contrib/slurm-epilog.sh as Slurm would run it: on a job's log, on a job
# whose log is gone, and with scontrol answering for the job id.
set -u
MLDIAG=${MLDIAG:-./mldiag}
case "$MLDIAG" in /*) ;; *) MLDIAG=$PWD/$MLDIAG ;; esac
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

printf 'step 1, loss: 2.0\nstep 2, loss: 1.8\nstep 3, loss: nan\n' > "$TMP/job.out"
MLDIAG=$MLDIAG MLDIAG_LOG="$TMP/job.out" sh contrib/slurm-epilog.sh || { echo "FAIL: epilog exited non-zero"; fail=1; }
grep -q "nan_loss" "$TMP/job.out.mldiag.md" 2>/dev/null || { echo "FAIL: no markdown report with nan_loss"; fail=1; }
grep -q "^critical nan_loss" "$TMP/job.out.mldiag.txt" 2>/dev/null || { echo "FAIL: no summary line"; fail=1; }

MLDIAG=$MLDIAG MLDIAG_LOG="$TMP/missing.out" sh contrib/slurm-epilog.sh ||
    { echo "FAIL: epilog must exit 0 when the log is gone"; fail=1; }

# A stand-in scontrol answers with the job's StdOut.
mkdir "$TMP/bin"
printf '#!/bin/sh\necho "JobId=42 JobName=train StdOut=%s/job2.out StdErr=x"\n' "$TMP" > "$TMP/bin/scontrol"
chmod +x "$TMP/bin/scontrol"
printf 'step 1, loss: 2.0\nRuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n' > "$TMP/job2.out"
PATH="$TMP/bin:$PATH" MLDIAG=$MLDIAG SLURM_JOB_ID=42 sh contrib/slurm-epilog.sh
grep -q "cuda_oom" "$TMP/job2.out.mldiag.txt" 2>/dev/null || { echo "FAIL: the job id did not lead to the log"; fail=1; }

[ "$fail" = 0 ] && echo "slurm epilog: 3 cases passed"
exit "$fail"
