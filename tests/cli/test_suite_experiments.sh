#!/bin/sh
# The suites' programs as experiment workloads and sweep inputs (docs/SUITES.md,
# "The experiments on the suites"): `ctasim experiment NAME --suite S` runs
# each series on the program under `ctasim exec` beside our kernel of the same
# name, and `ctasim sweep ... ./app ARGS` runs every point through exec. Bad
# input gives one line. The runs with real programs (Rodinia hotspot at its
# CI size: 36 CTAs, so the CTA cap matters on 30 cores) need nvcc and SKIP
# without it; their numbers are checked against `ctasim exec` run directly
# at the same cap.
. tests/cli_common.sh
C=$(cd "$(dirname "$C")" && pwd)/$(basename "$C")
BUILD=$(dirname "$C")

# --- bad input, one line each (no nvcc needed)
expect_error suite_unknown "--suite expects rodinia, parboil, cuda-samples or all, got 'nope'" \
    "$C" experiment lee-fig4 --suite nope --workloads BFS --size small -o "$T/o1"
expect_error suite_set_alone "--suite-set is an option of --suite" \
    "$C" experiment lee-fig4 --suite-set ci --workloads BFS -o "$T/o2"
expect_error suite_bad_set "--suite-set expects mid or ci, got 'huge'" \
    "$C" experiment lee-fig4 --suite rodinia --suite-set huge --workloads BFS -o "$T/o3"
# a ctasim whose build folder has no suites built: the missing program is named
mkdir -p "$T/b/bin" "$T/b/suites"
cp "$C" "$T/b/bin/ctasim" && cp suites/programs.txt "$T/b/suites/"
expect_error suite_program_missing "program bfs is not built (run .make suites.)" \
    "$T/b/bin/ctasim" experiment lee-fig4 --suite rodinia --workloads BFS --size small -o "$T/o4"
# no program of the suite for the workloads asked for
expect_error suite_no_match "none of its programs .* corresponds to a selected workload of lee-fig4" \
    "$C" experiment lee-fig4 --suite rodinia --workloads VADD --size small -o "$T/o5"

# --- sweep of an executable that is no CUDA program: exec's one line, not a trace error
timeout 60 "$C" sweep --max-ctas 1..2 --jobs 1 -o "$T/sw0" /bin/true >"$T/out" 2>"$T/err"; rc=$?
if [ $rc -ne 0 ] && [ $rc -lt 124 ] && tail -1 "$T/err" | grep -q 'does not use the shared CUDA runtime: rebuild with nvcc -cudart shared' &&
    ! grep -q 'NUL byte' "$T/err"; then pass sweep_not_cuda
else fail sweep_not_cuda "rc $rc: $(tail -2 "$T/err")"; fi

find_nvcc
if [ -z "$NVCC" ]; then
    skip suite_runs "nvcc not found ($NVCC_PLACES)"
    exit 0
fi
if ! sh tools/build_suites.sh "$BUILD" hotspot >"$T/build.out" 2>&1 || [ ! -x "$BUILD/suites/hotspot" ]; then
    fail suite_build "$(tail -2 "$T/build.out")"
    exit 0
fi
ASAN_LIB=$(ldd "$BUILD/lib/libcudart.so.13" 2>/dev/null | sed -n 's/.*\(libasan[^ ]*\) => \([^ ]*\).*/\2/p' | head -1)
if [ -n "$ASAN_LIB" ]; then
    export LD_PRELOAD="$ASAN_LIB" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
export XDG_CACHE_HOME="$T/cache"
P="$BUILD/suites/hotspot"; D="$BUILD/suites/data"
# the program run directly at caps 1 and 3 (its occupancy on pact13-30sm: 3)
ipc() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['ipc'])" "$1"; }
for k in 1 3; do
    (cd "$T" && "$C" exec --quiet --config pact13-30sm --warp-sched lrr --max-ctas $k --json "$T/e$k.json" \
        "$P" 64 2 4 "$D/hotspot_temp_64" "$D/hotspot_power_64" out >/dev/null 2>&1)
done
i1=$(ipc "$T/e1.json"); i3=$(ipc "$T/e3.json")
norm=$(awk -v a="$i1" -v b="$i3" 'BEGIN { printf "%.3f", a / b }')

# --- the experiment: our HOT and the program's row under it, with the
# paper's type for HOT, its min_norm (cap 1 over cap N) that of exec's runs
"$C" experiment kayiran-fig1-10 --suite rodinia --suite-set ci --workloads HOT --size small --jobs 2 -o "$T/exp" >"$T/exp.out" 2>"$T/exp.err"; rc=$?
csv="$T/exp/kayiran-fig1-10.csv"
row=$(grep '^rodinia/hotspot,' "$csv" 2>/dev/null)
if [ $rc -eq 0 ] && grep -q '^HOT,' "$csv" && [ -n "$row" ] && [ "$(echo "$row" | cut -d, -f6)" = 3 ] &&
    [ "$(echo "$row" | cut -d, -f12)" = "$norm" ] && [ "$(echo "$row" | cut -d, -f5)" = "$(grep '^HOT,' "$csv" | cut -d, -f5)" ] &&
    [ "$(echo "$row" | cut -d, -f9)" = n/a ] && grep -q 'programs hotspot (HOT) run under ctasim exec' "$T/exp.out"; then pass suite_experiment
else fail suite_experiment "rc $rc: $(tail -1 "$T/exp.err"); row '$row', exec min_norm $norm"; fi
# a rerun reads every run back (the program's runs too) and writes the same table
cp "$csv" "$T/first.csv"
"$C" experiment kayiran-fig1-10 --suite rodinia --suite-set ci --workloads HOT --size small --jobs 2 -o "$T/exp" >"$T/exp2.out" 2>&1
if grep -q 'resuming: 20 of 20 runs complete' "$T/exp2.out" && cmp -s "$csv" "$T/first.csv"; then pass suite_experiment_resume
else fail suite_experiment_resume "$(grep resuming "$T/exp2.out")"; fi

# --- sweep of the program: its points are exec's runs, IPC for IPC
(cd "$T" && "$C" sweep --config pact13-30sm --warp-sched lrr --max-ctas 1..3 --jobs 2 -o "$T/sw" \
    "$P" 64 2 4 "$D/hotspot_temp_64" "$D/hotspot_power_64" out >"$T/sw.out" 2>"$T/sw.err"); rc=$?
s1=$(ipc "$T/sw/rr-lrr-n1.json" 2>/dev/null); s3=$(ipc "$T/sw/rr-lrr-n3.json" 2>/dev/null)
if [ $rc -eq 0 ] && [ -n "$i1" ] && [ "$s1" = "$i1" ] && [ "$s3" = "$i3" ] && [ "$i1" != "$i3" ] &&
    grep -q '_Z14calculate_temp' "$T/sw/classification.csv"; then pass sweep_program
else fail sweep_program "rc $rc: $(tail -1 "$T/sw.err"); sweep IPC $s1 / $s3, exec $i1 / $i3"; fi
