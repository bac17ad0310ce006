#!/bin/sh
# The Slurm backend against a real Slurm: starts a one-node cluster on this
# machine (tools/slurm-local.sh: installs slurm-wlm and munge when missing),
# runs a small sweep through `--backend slurm`, cancels one array task before
# it runs, and checks that the sweep resubmits it and that the collected
# results equal a local sweep's, bit for bit (wall-clock and memory fields
# and the command line in the provenance aside). Then stops the cluster.
# Run by .ci/run (needs root for the install and the daemons); prints
# "PASS name" / "FAIL name" and exits non-zero on failure.
C=${CTASIM:-build/ctasim}
T=$(mktemp -d)
export SLURM_LOCAL_DIR="$T/cluster"
cleanup() { sh tools/slurm-local.sh stop >/dev/null 2>&1; rm -rf "$T"; }
trap cleanup EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; FAILED=1; }
FAILED=0

# Bad input first, with no Slurm needed: sbatch missing, sbatch failing
expect_error() {
    name=$1; pat=$2; shift 2
    "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -eq 0 ] || [ $rc -ge 128 ]; then fail "$name" "rc $rc"; return; fi
    if ! grep -q -- "$pat" "$T/err"; then fail "$name" "message: $(cat "$T/err")"; return; fi
    pass "$name"
}
# points of about 2 s each, so that a running task is there to cancel
S="stream:ctas=600,iters=96"
CTASIM_SBATCH=/nonexistent/sbatch expect_error slurm_no_sbatch "cannot run /nonexistent/sbatch" \
    $C sweep --backend slurm --max-ctas 1..2 -o "$T/nosb" $S
printf '#!/bin/sh\necho "sbatch: error: Batch job submission failed: Invalid partition name specified" >&2\nexit 1\n' >"$T/badsbatch"
chmod +x "$T/badsbatch"
CTASIM_SBATCH="$T/badsbatch" expect_error slurm_sbatch_fails "sbatch failed (exit 1): sbatch: error: Batch job submission failed" \
    $C sweep --backend slurm --max-ctas 1..2 -o "$T/badsb" $S
[ -e "$T/badsb/summary.csv" ] && fail slurm_sbatch_fails_writes_no_summary "summary written" || pass slurm_sbatch_fails_writes_no_summary

if ! sh tools/slurm-local.sh start >"$T/start.log" 2>&1; then
    echo "FAIL slurm_cluster_start: $(tail -3 "$T/start.log")"
    exit 1
fi
export SLURM_CONF="$SLURM_LOCAL_DIR/slurm.conf"
pass slurm_cluster_start

# the reference: the same sweep run locally
$C sweep --quiet --max-ctas 1..4 --cta-sched rr --cta-sched lcs -o "$T/local" $S >/dev/null 2>&1 || fail slurm_local_reference "local sweep failed"

# through Slurm, in the background; cancel one task that is still waiting.
# Cancelling a running task raced twice in CI: a task cancelled as Slurm
# launched it ran to the end and wrote its point (squeue said 0:00), so
# nothing was resubmitted. The last task of the array waits behind six
# others (two run at a time, about 2 s each): cancelled, it never runs, and
# the sweep must find its point missing and submit it again.
$C sweep --backend slurm --slurm-poll 1 --slurm-max-running 2 --max-ctas 1..4 --cta-sched rr --cta-sched lcs \
    -o "$T/slurm" $S >"$T/slurm.out" 2>"$T/slurm.err" &
SWEEP=$!
cancelled=
i=0
while [ $i -lt 300 ] && [ -z "$cancelled" ]; do
    task=$(squeue -h -r -n ctasim-sweep -t PENDING -o '%i' 2>/dev/null | awk '/_7$/ { print $1; exit }')
    if [ -n "$task" ]; then scancel "$task" && cancelled=$task; fi
    sleep 0.1; i=$((i + 1))
done
wait $SWEEP; rc=$?
if [ $rc -eq 0 ] && [ -n "$cancelled" ] && grep -q "submitted to Slurm as job array .* (again, after failures)" "$T/slurm.err"; then
    pass slurm_cancelled_task_resubmitted
else
    fail slurm_cancelled_task_resubmitted "rc $rc, cancelled '$cancelled': $(tail -3 "$T/slurm.err")"
fi
# the same results: tables (wall time aside) and every point's JSON
cut -d, -f1-14 "$T/local/summary.csv" >"$T/a"; cut -d, -f1-14 "$T/slurm/summary.csv" >"$T/b" 2>/dev/null
cmp -s "$T/a" "$T/b" && cmp -s "$T/local/classification.csv" "$T/slurm/classification.csv" \
    && pass slurm_tables_equal_local || fail slurm_tables_equal_local "$(diff "$T/a" "$T/b" | head -3)"
same=1; n=0
for f in "$T"/local/*-n*.json; do
    b=$(basename "$f"); n=$((n + 1))
    grep -v -E 'sim_wall_seconds|peak_rss|"provenance"' "$f" >"$T/ja"
    grep -v -E 'sim_wall_seconds|peak_rss|"provenance"' "$T/slurm/$b" >"$T/jb" 2>/dev/null
    cmp -s "$T/ja" "$T/jb" || { same=0; fail slurm_points_equal_local "$b differs"; break; }
done
[ $same -eq 1 ] && [ $n -eq 8 ] && pass slurm_points_equal_local

# an experiment through Slurm writes the same table as a local one
E="yu-fig16 --size small --workloads VADD,MMUL"
$C experiment $E --jobs 2 -o "$T/elocal" >/dev/null 2>&1 || fail slurm_experiment_local_reference "local experiment failed"
if $C experiment $E --backend slurm --slurm-poll 1 -o "$T/eslurm" >"$T/e.out" 2>"$T/e.err" &&
   grep -q "submitted to Slurm as job array" "$T/e.err" && cmp -s "$T/elocal/yu-fig16.csv" "$T/eslurm/yu-fig16.csv"; then
    pass slurm_experiment_equals_local
else
    fail slurm_experiment_equals_local "$(tail -2 "$T/e.err") $(diff "$T/elocal/yu-fig16.csv" "$T/eslurm/yu-fig16.csv" | head -3)"
fi
[ $FAILED -eq 0 ]
