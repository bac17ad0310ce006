#!/bin/sh
# test_native.sh — `ctasim native` (the suite on a GPU through the CUDA
# driver) and `ctasim correlate`, on a machine without a GPU: with no driver
# one clear line; with the stand-in driver of tests/native/fake_libcuda.c
# (ctasim's functional PTX runtime behind the driver's entry points) the
# whole path runs and the workloads' own checks say the arguments arrived.
. tests/cli_common.sh
B=$(dirname "$C")
FAKE=$B/tests/libfakecuda.so
N="$C native --warm-ms 0"

CTASIM_LIBCUDA=/nonexistent/libcuda.so.1 expect_error native_without_driver \
    "ctasim native: no NVIDIA driver on this machine (/nonexistent/libcuda.so.1: " $N VADD
expect_error native_bad_repeat "ctasim native: --repeat expects an integer from 1 to 1000: 0" $N --repeat 0 VADD
expect_error native_unknown_workload "ctasim native: no such workload: NOPE" $N NOPE
expect_error native_no_workload "ctasim native: no workload named" $N --size small
expect_error native_bad_carveout "ctasim native: --carveout expects a percentage" $N --carveout 101 VADD

# nothing lost: a run that fails before its first row leaves an earlier CSV as it was
echo "earlier" >"$T/keep.csv"
CTASIM_LIBCUDA=/nonexistent/libcuda.so.1 $N --csv "$T/keep.csv" VADD >/dev/null 2>&1
if [ "$(cat "$T/keep.csv")" = earlier ] && [ ! -e "$T/keep.csv.partial" ]; then pass native_failed_run_keeps_csv
else fail native_failed_run_keeps_csv "$(head -2 "$T/keep.csv")"; fi

if [ ! -f "$FAKE" ]; then
    skip native_fake_driver "$FAKE not built (make $FAKE)"
    exit 0
fi
export CTASIM_LIBCUDA=$FAKE

# four workloads, their checks, medians of 2 runs; the fake takes 0.001 ms per CTA
if $N --size small --repeat 2 --csv "$T/hw.csv" --kernels-csv "$T/k.csv" VADD MMUL BFS HOT >"$T/out" 2>"$T/err" &&
   [ "$(grep -c ': PASS |' "$T/out")" -eq 4 ] && [ "$(rows "$T/hw.csv")" -eq 4 ]; then pass native_fake_runs_checks
else fail native_fake_runs_checks "$(cat "$T/out" "$T/err" | head -5)"; fi
# VADD small: 64 CTAs of one launch; BFS: 4 launches of 4 CTAs
if grep -q '^VADD,small,1,PASS,2,1,0.064000,0.064000,0.064000,0,8,-1,' "$T/hw.csv" &&
   [ "$(grep -c '^BFS,small,[0-3],bfs_level,4x1x1,256x1x1,0,0,8,' "$T/k.csv")" -eq 4 ]; then pass native_times_per_launch
else fail native_times_per_launch "$(cat "$T/hw.csv" "$T/k.csv" | head -8)"; fi

# first-use costs stay out of the timed runs. The fake adds 0.010 ms to a
# function's first launch, 0.005 ms per buffer a kernel touches first and
# 0.002 ms for a copy still in flight when a kernel is queued. VADD small is
# one launch of 64 CTAs (0.064 ms) on 3 buffers: without a warm-up run its
# one run holds the function's and the buffers' first use,
# 0.064 + 0.010 + 3 x 0.005 = 0.089 ms (no copy tail: the back-end waits for
# the input copies before the start event). After one warm-up run, every
# timed run is 0.064 ms (fresh buffers per run would give 0.079, an unwaited
# copy 0.066), with one module load and 3 allocations in the whole process.
CTASIM_FAKE_COUNTS=1 $N --size small --warmup 0 --repeat 1 --csv "$T/cold.csv" VADD >/dev/null 2>"$T/cold.err"
CTASIM_FAKE_COUNTS=1 $N --size small --warmup 1 --repeat 3 --csv "$T/warm.csv" --kernels-csv "$T/warmk.csv" \
    VADD >/dev/null 2>"$T/warm.err"
if grep -q '^VADD,small,1,PASS,1,1,0.089000,0.089000,0.089000,' "$T/cold.csv" &&
   grep -q '^VADD,small,1,PASS,3,1,0.064000,0.064000,0.064000,' "$T/warm.csv" &&
   grep -q '^VADD,small,0,vadd,64x1x1,256x1x1,0,0,8,[0-9]*,0.064000,0.064000,0.064000$' "$T/warmk.csv" &&
   grep -q '^fake libcuda: 1 module loads, 3 allocations, 0 streams$' "$T/warm.err"; then
    pass native_first_use_outside_timed_runs
else fail native_first_use_outside_timed_runs "$(grep -h '^VADD' "$T/cold.csv" "$T/warm.csv"; grep -h 'fake libcuda' "$T/warm.err")"; fi
# BFS (4 dependent launches of 4 CTAs, copies between them): each launch
# 0.004 ms in every timed run, and in 4 runs (1 warm-up, 3 timed) only the
# first run's 4 buffers are allocated
CTASIM_FAKE_COUNTS=1 $N --size small --repeat 3 --kernels-csv "$T/bfsk.csv" BFS >/dev/null 2>"$T/bfs.err"
if [ "$(grep -c '^BFS,small,[0-3],bfs_level,4x1x1,256x1x1,0,0,8,[0-9]*,0.004000,0.004000,0.004000$' "$T/bfsk.csv")" -eq 4 ] &&
   grep -q '^fake libcuda: 1 module loads, 4 allocations, 0 streams$' "$T/bfs.err"; then pass native_multi_launch_times_warm
else fail native_multi_launch_times_warm "$(cat "$T/bfsk.csv" "$T/bfs.err" | head -8)"; fi

# CTA caps by padding dynamic shared memory, as the fake's occupancy
# calculator answers: min(8 by threads, 233472 / (static + pad + 1024)) <= cap.
# MMUL (256 threads, 2048 B static): cap 2 needs static + pad + 1024 > 233472 / 3,
# pad = 77825 - 1024 - 2048 = 74753; VADD (no static) at cap 1: 116737 - 1024 = 115713.
$N --size small --repeat 1 --max-ctas 2 --kernels-csv "$T/k2.csv" MMUL >/dev/null 2>&1
$N --size small --repeat 1 --max-ctas 1 --kernels-csv "$T/k1.csv" --csv "$T/c1.csv" VADD >/dev/null 2>&1
if grep -q '^MMUL,small,0,mmul,4x4x1,16x16x1,0,74753,2,' "$T/k2.csv" &&
   grep -q '^VADD,small,0,vadd,64x1x1,256x1x1,0,115713,1,' "$T/k1.csv" &&
   grep -q '^VADD,small,1,PASS,1,1,[0-9.]*,[0-9.]*,[0-9.]*,1,1,100,' "$T/c1.csv"; then pass native_cap_padding_by_hand
else fail native_cap_padding_by_hand "$(tail -1 "$T/k2.csv") / $(tail -1 "$T/k1.csv") / $(tail -1 "$T/c1.csv")"; fi

# correlate: each row simulated at its size and seed on the h100 preset
unset CTASIM_LIBCUDA
if $C correlate --jobs 2 --csv "$T/corr.csv" "$T/hw.csv" >"$T/corr.txt" 2>"$T/err" &&
   grep -q '^mean absolute error .* over 4 workloads (hardware: ctasim fake GPU (tests); simulated: 1980 MHz' "$T/corr.txt" &&
   [ "$(rows "$T/corr.csv")" -eq 4 ]; then pass correlate_runs
else fail correlate_runs "$(tail -3 "$T/corr.txt" "$T/err")"; fi
cyc=$($C run --config h100 --size small VADD | sed -n 's/^gpu_tot_sim_cycle = //p')
if grep -q "^VADD,small,1,0,PASS,PASS,0.064000,[0-9.]*,126720,$cyc," "$T/corr.csv"; then pass correlate_cycles_as_run
else fail correlate_cycles_as_run "run: $cyc; $(grep ^VADD "$T/corr.csv")"; fi
# a workload that failed its check on the GPU is listed and left out of the error
sed 's/^MMUL,small,1,PASS,/MMUL,small,1,FAIL,/' "$T/hw.csv" >"$T/hw_fail.csv"
if $C correlate --jobs 2 "$T/hw_fail.csv" >"$T/corr2.txt" 2>/dev/null &&
   grep -q '^MMUL .* n/a  (left out: failed its check)' "$T/corr2.txt" && grep -q 'over 3 workloads' "$T/corr2.txt"; then
    pass correlate_leaves_out_failed
else fail correlate_leaves_out_failed "$(cat "$T/corr2.txt")"; fi
printf 'a,b\n1,2\n' >"$T/bad1.csv"
expect_error correlate_not_native_csv "$T/bad1.csv:1: not a \`ctasim native --csv\` file" $C correlate "$T/bad1.csv"
sed 's/^HOT,/NOPE,/' "$T/hw.csv" >"$T/bad2.csv"
expect_error correlate_unknown_workload "$T/bad2.csv:5: 'NOPE' is no workload" $C correlate "$T/bad2.csv"
head -1 "$T/hw.csv" >"$T/bad3.csv"
expect_error correlate_no_rows "$T/bad3.csv: no workload rows" $C correlate "$T/bad3.csv"
# run options that mean nothing for its table are refused, not ignored
expect_error correlate_no_json "--json is not an option of correlate" $C correlate --json "$T/x.json" "$T/hw.csv"
expect_error correlate_no_samples "--sample-interval is not an option of correlate" \
    $C correlate --sample-interval 100 "$T/hw.csv"
# --threads is passed on to its simulations (it was forced to 1): the same table
if $C correlate --jobs 1 --threads 2 --csv "$T/corr3.csv" "$T/hw.csv" >/dev/null 2>&1 && cmp -s "$T/corr.csv" "$T/corr3.csv"; then
    pass correlate_threads
else fail correlate_threads "$(diff "$T/corr.csv" "$T/corr3.csv" | head -3)"; fi
# a cluster shape given at launch (cuLaunchKernelEx's attribute) reaches the
# kernel: CLRED reduces within clusters of 4 over distributed shared memory,
# and its check fails (or mapa refuses) if the shape is lost on the way
if CTASIM_LIBCUDA=$FAKE $N --size small --repeat 1 CLRED CLRED16 CLBAR >"$T/cl.txt" 2>&1 &&
   [ "$(grep -c ': PASS |' "$T/cl.txt")" -eq 3 ]; then pass native_cluster_launch
else fail native_cluster_launch "$(grep -v 'warning: registers' "$T/cl.txt" | head -4)"; fi
