#!/bin/sh
# `ctasim sweep` tests (and the numeric-option and output-file checks shared
# with run and experiment): every check prints "PASS name" or "FAIL name".
# A sweep point must be exactly `ctasim run --max-ctas N` with the same
# options: the tests compare their JSON bit for bit (wall time aside).
. tests/cli_common.sh

# the value of column NAME in row ROW (1 = first after the header) of CSV
csv_field() {
    awk -F, -v col="$2" -v row="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i } NR == row + 1 { print $c }' "$1"
}
json_cycles() { sed -n 's/^  "cycles": \([0-9]*\),$/\1/p' "$1"; }

# --- a suite workload: every point written, and each equals `run` at its cap
if $C sweep --size small --max-ctas 1..2 --jobs 2 -o "$T/sv" VADD >"$T/sv.out" 2>"$T/sv.err"; then
    ok=1
    for n in 1 2; do [ -s "$T/sv/rr-cfg-n$n.json" ] || { ok=0; fail sweep_vadd_files "no rr-cfg-n$n.json"; }; done
    [ "$(rows "$T/sv/summary.csv")" = 2 ] || { ok=0; fail sweep_vadd_files "summary.csv: $(rows "$T/sv/summary.csv") rows, want 2"; }
    [ "$(rows "$T/sv/classification.csv")" = 1 ] || { ok=0; fail sweep_vadd_files "classification.csv: want 1 row (kernel vadd)"; }
    grep -q '^rr,gto,vadd,' "$T/sv/classification.csv" || { ok=0; fail sweep_vadd_files "no vadd row in classification.csv"; }
    grep -q "sweep: 2 points" "$T/sv.out" || { ok=0; fail sweep_vadd_files "no closing line"; }
    [ $ok -eq 1 ] && pass sweep_vadd_files
    ok=1
    for n in 1 2; do
        $C run --quiet --size small --max-ctas $n --json "$T/run$n.json" VADD >/dev/null 2>&1
        sc=$(csv_field "$T/sv/summary.csv" cycles $n); rc=$(json_cycles "$T/run$n.json")
        [ -n "$sc" ] && [ "$sc" = "$rc" ] || { ok=0; fail sweep_vadd_cycles_equal_run "n=$n: summary $sc, run $rc"; }
        [ "$(csv_field "$T/sv/summary.csv" max_ctas $n)" = $n ] || { ok=0; fail sweep_vadd_cycles_equal_run "row $n is not max_ctas $n"; }
    done
    [ $ok -eq 1 ] && pass sweep_vadd_cycles_equal_run
    same_json sweep_vadd_json_equals_run "$T/sv/rr-cfg-n2.json" "$T/run2.json"
else
    fail sweep_vadd_files "$(tail -1 "$T/sv.err")"
fi

# --- a synthetic kernel under two CTA policies; --jobs does not change results
S=stream:ctas=30,iters=2
if $C sweep --max-ctas 1..3 --cta-sched rr --cta-sched lcs --jobs 2 -o "$T/ss" $S >"$T/ss.out" 2>"$T/e"; then
    [ "$(rows "$T/ss/summary.csv")" = 6 ] && [ "$(rows "$T/ss/classification.csv")" = 2 ] && [ -s "$T/ss/lcs-cfg-n3.json" ] \
        && pass sweep_synthetic_series || fail sweep_synthetic_series "rows $(rows "$T/ss/summary.csv")/$(rows "$T/ss/classification.csv")"
    $C run --quiet --max-ctas 3 --cta-sched lcs --json "$T/lcs3.json" $S >/dev/null 2>&1
    same_json sweep_synthetic_json_equals_run "$T/ss/lcs-cfg-n3.json" "$T/lcs3.json"
    $C sweep --max-ctas 1..3 --cta-sched rr --cta-sched lcs --jobs 1 -o "$T/ss1" $S >/dev/null 2>&1
    # every column but sim_wall_seconds (the last)
    sed 's/,[^,]*$//' "$T/ss/summary.csv" >"$T/s2"; sed 's/,[^,]*$//' "$T/ss1/summary.csv" >"$T/s1"
    [ -s "$T/s1" ] && cmp -s "$T/s1" "$T/s2" && cmp -s "$T/ss/classification.csv" "$T/ss1/classification.csv" \
        && pass sweep_jobs_do_not_change_results || fail sweep_jobs_do_not_change_results "--jobs 1 and 2 differ"
else
    fail sweep_synthetic_series "$(tail -1 "$T/e")"
fi

# --- an Accel-Sim trace
TR=tests/data/traces/basic
if ! have_lzma; then
    skip sweep_trace "tests/data/traces/basic has an .xz kernel and this build has no liblzma"
    skip sweep_trace_json_equals_run "tests/data/traces/basic has an .xz kernel and this build has no liblzma"
elif [ -f "$TR/kernelslist.g" ]; then
    if $C sweep --max-ctas 1..2 -o "$T/st" "$TR" >/dev/null 2>"$T/e"; then
        [ "$(rows "$T/st/summary.csv")" = 2 ] && [ "$(rows "$T/st/classification.csv")" -ge 1 ] \
            && pass sweep_trace || fail sweep_trace "rows $(rows "$T/st/summary.csv")"
        $C run --quiet --max-ctas 2 --json "$T/tr2.json" "$TR" >/dev/null 2>&1
        same_json sweep_trace_json_equals_run "$T/st/rr-cfg-n2.json" "$T/tr2.json"
    else
        fail sweep_trace "$(tail -1 "$T/e")"
    fi
fi

# --- refused before any point runs: one line, non-zero, nothing written
expect_error sweep_unknown_input "unknown input 'NOSUCH'" $C sweep --max-ctas 1..2 -o "$T/u" NOSUCH
[ -e "$T/u" ] && fail sweep_unknown_input_writes_nothing "created $T/u" || pass sweep_unknown_input_writes_nothing
expect_error sweep_missing_trace "nope/kernelslist.g" $C sweep --max-ctas 1..2 -o "$T/u" "$T/nope/kernelslist.g"
expect_error sweep_unknown_policy "unknown CTA policy 'nosuch'" $C sweep --cta-sched nosuch --max-ctas 1..2 -o "$T/u" stream
expect_error sweep_bad_synthetic_param "unknown parameter 'bogus'" $C sweep --max-ctas 1..2 -o "$T/u" stream:bogus=1
expect_error sweep_json_option "--json is an option of run" $C sweep -o "$T/never" --json "$T/x.json" stream

# --- numeric options: strict, one line naming the option and its range
expect_error jobs_not_a_number "--jobs expects an integer from 1 to" $C sweep -o "$T/never" --jobs abc stream
expect_error jobs_zero "--jobs expects an integer from 1 to" $C sweep -o "$T/never" --jobs 0 stream
expect_error jobs_negative "--jobs expects an integer from 1 to" $C sweep -o "$T/never" --jobs -1 stream
expect_error jobs_overflow "--jobs expects an integer from 1 to" $C sweep -o "$T/never" --jobs 99999999999999999999999 stream
expect_error jobs_trailing_junk "--jobs expects an integer from 1 to" $C sweep -o "$T/never" --jobs 2x stream
expect_error experiment_jobs_zero "--jobs expects an integer from 1 to" $C experiment yu-fig16 -o "$T/never" --size small --jobs 0
expect_error experiment_jobs_abc "--jobs expects an integer from 1 to" $C experiment yu-fig16 -o "$T/never" --size small --jobs abc
expect_error experiment_jobs_negative "--jobs expects an integer from 1 to" $C experiment yu-fig16 -o "$T/never" --size small --jobs -1
expect_error range_zero "--max-ctas expects N or A..B with 1 <= A <= B <= 64" $C sweep -o "$T/never" --max-ctas 0..3 stream
expect_error range_reversed "--max-ctas expects N or A..B" $C sweep -o "$T/never" --max-ctas 3..1 stream
expect_error range_junk "--max-ctas expects N or A..B" $C sweep -o "$T/never" --max-ctas 1..x stream
expect_error range_too_big "--max-ctas expects N or A..B" $C sweep -o "$T/never" --max-ctas 1..65 stream
expect_error tolerance_junk "--tolerance expects a number from 0 to 1" $C sweep -o "$T/never" --tolerance abc stream
expect_error tolerance_negative "--tolerance expects a number from 0 to 1" $C sweep -o "$T/never" --tolerance -0.1 stream
expect_error tolerance_nan "--tolerance expects a number from 0 to 1" $C sweep -o "$T/never" --tolerance nan stream
expect_error tolerance_trailing "--tolerance expects a number from 0 to 1" $C sweep -o "$T/never" --tolerance 0.05x stream
expect_error run_max_ctas_sign "--max-ctas expects an integer from 1 to 64" $C run --max-ctas +3 stream
expect_error run_seed_negative "--seed expects an integer from 0 to" $C run --seed -1 --size small VADD
expect_error run_seed_junk "--seed expects an integer from 0 to" $C run --seed 12x --size small VADD
expect_error policy_arg_overflow "period=4294967296 is not a non-negative integer" $C run --cta-sched dyncta:period=4294967296 stream:ctas=2,iters=1
expect_error policy_arg_junk "n=2x: n must be a positive integer" $C run --cta-sched static:n=2x stream:ctas=2,iters=1
expect_error experiment_unknown_workload "unknown workload 'NOSUCH'" $C experiment lee-fig4 -o "$T/never" --size small --workloads VADD,NOSUCH

P=workloads/ptx/vadd.ptx
expect_error launch_grid_junk "--grid expects X\[,Y,Z\] with integers from 1 to" $C launch --ptx $P --kernel vadd --grid 8x --block 256
expect_error launch_grid_four_dims "--grid expects X\[,Y,Z\]" $C launch --ptx $P --kernel vadd --grid 1,1,1,1 --block 256
expect_error launch_shmem_junk "--shmem expects an integer from 0 to" $C launch --ptx $P --kernel vadd --grid 1 --block 256 --shmem 1k
expect_error trace_binary_version_junk "--binary-version expects an integer from 1 to" $C trace --binary-version x -o "$T/never" stream
[ -e "$T/never" ] && fail bad_options_write_nothing "created an output directory" || pass bad_options_write_nothing

# --- outputs: a bad -o fails before any simulation; an unwritable file is never announced
expect_error sweep_bad_output_dir "/proc/nope: cannot create output directory" \
    $C sweep --max-ctas 1..2 -o /proc/nope stream:ctas=10
expect_error experiment_bad_output_dir "/proc/nope: cannot create output directory" \
    $C experiment yu-fig16 --size small -o /proc/nope
grep -q "table in" "$T/out" && fail experiment_bad_output_dir_no_table "announced a table" || pass experiment_bad_output_dir_no_table
# --- one directory, one sweep: another sweep is refused (nothing mixed or
# overwritten), the same sweep again rewrites its files, --force replaces
S=stream:ctas=10
if $C sweep --quiet --max-ctas 1..2 -o "$T/own" $S >/dev/null 2>&1; then
    cp "$T/own/summary.csv" "$T/own.csv"
    expect_error sweep_other_sweep_refused "holds the results of another sweep (--max-ctas 1..2 $S config=[0-9a-f]* build=[0-9a-f]*); choose another -o DIR or add --force" \
        $C sweep --quiet --max-ctas 1..3 -o "$T/own" $S
    cmp -s "$T/own/summary.csv" "$T/own.csv" && [ ! -e "$T/own/rr-cfg-n3.json" ] && pass sweep_other_sweep_untouched \
        || fail sweep_other_sweep_untouched "the first sweep's files changed"
    $C sweep --quiet --max-ctas 1..2 -o "$T/own" $S >/dev/null 2>&1 && pass sweep_same_sweep_again \
        || fail sweep_same_sweep_again "refused its own directory"
    if $C sweep --quiet --force --cta-sched lcs --max-ctas 1..2 -o "$T/own" $S >/dev/null 2>&1 &&
       [ -e "$T/own/lcs-cfg-n2.json" ] && [ ! -e "$T/own/rr-cfg-n1.json" ] && [ "$(rows "$T/own/summary.csv")" = 2 ]; then
        pass sweep_force_replaces
    else fail sweep_force_replaces "$(ls "$T/own" | tr '\n' ' ')"; fi
else
    fail sweep_other_sweep_refused "first sweep failed"
fi
mkdir -p "$T/unclaimed"; echo '{}' >"$T/unclaimed/mine.json"
expect_error sweep_unclaimed_results_refused "holds results that no sweep claims" $C sweep --max-ctas 1..2 -o "$T/unclaimed" $S

# --- CSV: a policy spec with commas is quoted; one IPC column per cap; each
# point's JSON says what produced it
if $C sweep --quiet --cta-sched 'claso:pa=1,pl=0' --max-ctas 1..3 -o "$T/q" $S >/dev/null 2>&1; then
    head -1 "$T/q/classification.csv" | grep -q '^cta_sched,warp_sched,kernel,max_ctas_limit,opt,ipc_cap1,ipc_cap2,ipc_cap3,lee_type,' \
        && grep -q '^"claso:pa=1,pl=0",gto,stream,' "$T/q/classification.csv" \
        && [ "$(grep -c '^"claso:pa=1,pl=0",gto,[123],' "$T/q/summary.csv")" = 3 ] \
        && pass sweep_csv_quoted_per_cap_columns || fail sweep_csv_quoted_per_cap_columns "$(cat "$T/q/classification.csv")"
    grep -q '"provenance": {"ctasim_version": ".*"command": \[[^]]*"sweep",.*"max_ctas": 2, "cta_sched": "claso:pa=1,pl=0", "cta_sched_resolved": "claso:pa=1,pl=0"' \
        "$T/q/claso_pa_1_pl_0-cfg-n2.json" && pass sweep_point_provenance \
        || fail sweep_point_provenance "$(head -2 "$T/q/claso_pa_1_pl_0-cfg-n2.json")"
else
    fail sweep_csv_quoted_per_cap_columns "sweep failed"
fi

if [ -c /dev/full ]; then
    # a result file that is a link to /dev/full: every write fails with ENOSPC
    # (the same sweep first, so the directory is this sweep's own; a result
    # that is a link to a device is written in place, not through a temporary)
    $C sweep --quiet --max-ctas 1..2 -o "$T/full" stream:ctas=10 >/dev/null 2>&1
    rm -f "$T/full/summary.csv"; ln -s /dev/full "$T/full/summary.csv"; ln -s /dev/full "$T/full/full.bin"
    $C sweep --max-ctas 1..2 -o "$T/full" stream:ctas=10 >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -ne 0 ] && [ $rc -lt 128 ] && grep -q "summary.csv: cannot write: No space left on device" "$T/err" \
            && ! grep -q "results in" "$T/out"; then
        pass sweep_summary_write_error
    else fail sweep_summary_write_error "rc $rc: $(tail -1 "$T/err")"; fi
    mkdir -p "$T/full2"; ln -s /dev/full "$T/full2/yu-fig16.csv" # a device: written in place
    $C experiment yu-fig16 --size small --workloads VADD --jobs 2 -o "$T/full2" >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -ne 0 ] && [ $rc -lt 128 ] && grep -q "yu-fig16.csv: cannot write: No space left on device" "$T/err" \
            && ! grep -q "table in" "$T/out"; then
        pass experiment_csv_write_error
    else fail experiment_csv_write_error "rc $rc: $(tail -1 "$T/err")"; fi
    : >"$T/zeros.bin"; i=0
    while [ $i -lt 64 ]; do printf '\000\000\000\000' >>"$T/zeros.bin"; i=$((i+1)); done
    expect_error launch_output_write_error "full.bin: cannot write: No space left on device" \
        $C launch --quiet --ptx $P --kernel vadd --grid 1 --block 64 in:"$T/zeros.bin" in:"$T/zeros.bin" \
        out:256:"$T/full/full.bin" s32:64
fi
exit 0
