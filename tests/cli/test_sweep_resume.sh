#!/bin/sh
# Sweeps resume: a sweep interrupted by SIGINT half way and run again runs
# only the missing points, and its summary and classification equal an
# uninterrupted sweep's; a corrupt point JSON is redone; --force redoes all;
# a different sweep into the same directory reuses nothing. Every check
# prints "PASS name" or "FAIL name".
. tests/cli_common.sh

IN=stream:ctas=240,iters=12
ARGS="--max-ctas 1..6 --cta-sched rr --jobs 1"
# the summary without its wall-clock column
summary() { cut -d, -f1-14 "$1/summary.csv"; }
# points simulated: the last progress line says "sweep: K/K points in ..."
ran() { sed -n 's|^sweep: \([0-9]*\)/\1 points.* in .*|\1|p' "$1" | tail -1 | grep . || echo 0; }

$C sweep $ARGS -o "$T/full" $IN >"$T/full.out" 2>&1 || fail sweep_resume_reference "$(tail -1 "$T/full.out")"

# interrupt with SIGINT once three of the six points are written (python3
# starts it with SIGINT at its default action: a shell's background job
# would ignore it)
if ! command -v python3 >/dev/null 2>&1; then
    skip sweep_resume_after_sigint "no python3 to send SIGINT"
    exit 0
fi
cat >"$T/int.py" <<'PY'
# int.py N GLOB CMD...: run CMD, send SIGINT once GLOB matches N files, print
# "rc RC files K"
import glob, signal, subprocess, sys, time
n, pattern, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
t0 = time.time()
while len(glob.glob(pattern)) < n and p.poll() is None and time.time() - t0 < 120:
    time.sleep(0.005)
p.send_signal(signal.SIGINT)
print("rc", p.wait(), "files", len(glob.glob(pattern)))
PY
python3 "$T/int.py" 3 "$T/part/*.json" $C sweep $ARGS -o "$T/part" $IN >"$T/int.out" 2>&1
n=$(sed -n 's/^rc -2 files \([0-9]*\)$/\1/p' "$T/int.out")
if [ -z "$n" ] || [ "$n" -ge 6 ]; then
    fail sweep_resume_after_sigint "not interrupted half way: $(cat "$T/int.out")"
else
[ -f "$T/part/summary.csv" ] && fail sweep_interrupted_no_summary "a summary after SIGINT" || pass sweep_interrupted_no_summary
ls "$T/part"/*.json | while read -r f; do grep -q '"sim_wall_seconds"' "$f" || echo "$f"; done >"$T/partial"
[ -s "$T/partial" ] && fail sweep_interrupted_only_complete_json "$(cat "$T/partial")" || pass sweep_interrupted_only_complete_json

$C sweep $ARGS -o "$T/part" $IN >"$T/resume.out" 2>&1
want=$((6 - n))
if grep -q "resuming in $T/part: $n of 6 points complete from an earlier run, running $want" "$T/resume.out" &&
    [ "$(ran "$T/resume.out")" -eq "$want" ]; then
    pass sweep_resume_runs_only_missing
else
    fail sweep_resume_runs_only_missing "$n were complete; $(head -3 "$T/resume.out")"
fi
summary "$T/full" >"$T/a"; summary "$T/part" >"$T/b"
cmp -s "$T/a" "$T/b" && cmp -s "$T/full/classification.csv" "$T/part/classification.csv" &&
    pass sweep_resume_summary_equals_uninterrupted || fail sweep_resume_summary_equals_uninterrupted "$(diff "$T/a" "$T/b" | head -5)"
fi

# a corrupt point is redone, the rest reused
head -c 100 "$T/part/rr-cfg-n2.json" >"$T/x" && mv "$T/x" "$T/part/rr-cfg-n2.json"
$C sweep $ARGS -o "$T/part" $IN >"$T/c.out" 2>&1
grep -q "5 of 6 points complete from an earlier run, running 1" "$T/c.out" && [ "$(ran "$T/c.out")" -eq 1 ] &&
    summary "$T/part" | cmp -s - "$T/a" && pass sweep_resume_redoes_corrupt || fail sweep_resume_redoes_corrupt "$(head -2 "$T/c.out")"
# --force redoes every point
$C sweep $ARGS --force -o "$T/part" $IN >"$T/f.out" 2>&1
! grep -q resuming "$T/f.out" && [ "$(ran "$T/f.out")" -eq 6 ] && pass sweep_force_redoes_all || fail sweep_force_redoes_all "$(head -2 "$T/f.out")"
# another sweep (other options) into the directory is refused; with --force
# it replaces the first and reuses nothing
$C sweep --max-ctas 1..6 --cta-sched rr --jobs 1 --set gpgpu_l1_latency=40 -o "$T/part" $IN >"$T/o.out" 2>&1 &&
    fail sweep_other_options_refused "exit 0" || { grep -q "holds the results of another sweep" "$T/o.out" &&
    pass sweep_other_options_refused || fail sweep_other_options_refused "$(head -2 "$T/o.out")"; }
$C sweep --max-ctas 1..6 --cta-sched rr --jobs 1 --set gpgpu_l1_latency=40 --force -o "$T/part" $IN >"$T/o.out" 2>&1
! grep -q resuming "$T/o.out" && [ "$(ran "$T/o.out")" -eq 6 ] && pass sweep_other_options_reuse_nothing || fail sweep_other_options_reuse_nothing "$(head -2 "$T/o.out")"
# another build of ctasim: its points are not taken for this build's (one line, exit 1), --force reruns them
cp "$C" "$T/ctasim-sweep-other" && printf 'x' >>"$T/ctasim-sweep-other"
"$T/ctasim-sweep-other" sweep --max-ctas 1..6 --cta-sched rr --jobs 1 --set gpgpu_l1_latency=40 -o "$T/part" $IN >"$T/b.out" 2>&1 &&
    fail sweep_other_build_refused "exit 0" || { grep -q "holds this sweep's results from another build of ctasim" "$T/b.out" &&
    pass sweep_other_build_refused || fail sweep_other_build_refused "$(head -2 "$T/b.out")"; }
# --jobs and --tolerance do not change the points
$C sweep --max-ctas 1..6 --cta-sched rr --jobs 2 --tolerance 0.05 --set gpgpu_l1_latency=40 -o "$T/part" $IN >"$T/j.out" 2>&1
grep -q "6 of 6 points complete from an earlier run, running 0" "$T/j.out" && pass sweep_resume_ignores_jobs_tolerance || fail sweep_resume_ignores_jobs_tolerance "$(head -2 "$T/j.out")"
ls "$T/part" | grep -q '\.tmp' && fail sweep_no_temporaries "$(ls "$T/part")" || pass sweep_no_temporaries

# --- experiments resume too: interrupted after some runs, the rerun runs the rest
E="yu-fig11-12 --size small --workloads VADD,BFS,SCP --jobs 1"
$C experiment $E -o "$T/efull" >/dev/null 2>&1 || fail experiment_resume_reference "experiment failed"
python3 "$T/int.py" 4 "$T/epart/.runs/yu-fig11-12/*.run" $C experiment $E -o "$T/epart" >"$T/eint.out" 2>&1
n=$(sed -n 's/^rc -2 files \([0-9]*\)$/\1/p' "$T/eint.out")
if [ -z "$n" ] || [ "$n" -ge 9 ]; then
    fail experiment_resume_after_sigint "not interrupted half way: $(cat "$T/eint.out")"
else
    [ -f "$T/epart/yu-fig11-12.csv" ] && fail experiment_interrupted_no_table "a table after SIGINT" || pass experiment_interrupted_no_table
    $C experiment $E -o "$T/epart" >"$T/eres.out" 2>&1
    grep -q "resuming: $n of 9 runs complete in $T/epart/.runs/yu-fig11-12 from an earlier run, running $((9 - n))" "$T/eres.out" &&
        grep -q "^yu-fig11-12: $((9 - n))/$((9 - n)) runs" "$T/eres.out" && pass experiment_resume_runs_only_missing ||
        fail experiment_resume_runs_only_missing "$n were complete; $(grep -E 'resuming|runs' "$T/eres.out" | head -3)"
    cmp -s "$T/efull/yu-fig11-12.csv" "$T/epart/yu-fig11-12.csv" && pass experiment_resume_table_equals_uninterrupted ||
        fail experiment_resume_table_equals_uninterrupted "$(diff "$T/efull/yu-fig11-12.csv" "$T/epart/yu-fig11-12.csv" | head -4)"
fi
# a corrupt kept result is run again; --force runs all
f=$(ls "$T/epart/.runs/yu-fig11-12/"*.run | head -1)
head -c 60 "$f" >"$T/x" && mv "$T/x" "$f"
$C experiment $E -o "$T/epart" >"$T/ec.out" 2>&1
grep -q "resuming: 8 of 9 runs" "$T/ec.out" && cmp -s "$T/efull/yu-fig11-12.csv" "$T/epart/yu-fig11-12.csv" &&
    pass experiment_resume_redoes_corrupt || fail experiment_resume_redoes_corrupt "$(grep resuming "$T/ec.out")"
$C experiment $E --force -o "$T/epart" >"$T/ef.out" 2>&1
! grep -q resuming "$T/ef.out" && grep -q "^yu-fig11-12: 9/9 runs" "$T/ef.out" && pass experiment_force_runs_all ||
    fail experiment_force_runs_all "$(grep -E 'resuming|runs' "$T/ef.out" | head -2)"
# another build of ctasim is another simulator: its kept results are run again
# (a copy with one byte appended runs the same, but is not the same executable)
cp "$C" "$T/ctasim-other" && printf 'x' >>"$T/ctasim-other"
"$T/ctasim-other" experiment $E -o "$T/epart" >"$T/eb.out" 2>&1
! grep -q resuming "$T/eb.out" && grep -q "^yu-fig11-12: 9/9 runs" "$T/eb.out" && cmp -s "$T/efull/yu-fig11-12.csv" "$T/epart/yu-fig11-12.csv" &&
    pass experiment_other_build_reuses_nothing || fail experiment_other_build_reuses_nothing "$(grep -E 'resuming|runs' "$T/eb.out" | head -2)"
# another size is another experiment: nothing reused
$C experiment yu-fig11-12 --size default --workloads VADD --jobs 2 -o "$T/epart" >"$T/eo.out" 2>&1
! grep -q resuming "$T/eo.out" && pass experiment_other_size_reuses_nothing || fail experiment_other_size_reuses_nothing "$(grep resuming "$T/eo.out")"
