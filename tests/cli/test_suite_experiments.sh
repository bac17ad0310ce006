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

# --- a tiny program of ours in a build tree of its own (ctasim, its library,
# the suites' runner and a programs.txt naming it), so nothing here depends on
# what `make suites` built: its own check in the experiment, and the caps its
# occupancy limit makes equal skipped
F="$T/tiny"; mkdir -p "$F/build/lib" "$F/build/suites" "$F/suites" "$F/tools"
cp "$C" "$F/build/ctasim" && cp "$BUILD/lib/libcudart.so.13" "$F/build/lib/" && cp tools/run_suites.sh "$F/tools/"
cat >"$T/tiny.cu" <<'CU'
// out[i] = 2 * in[i] through a shared tile of 12 KB per CTA (2 CTAs per SM
// on pact13-30sm), checked against a CPU loop; argument 1 makes element 5
// wrong, so that the program's own check fails
#include <cstdio>
#include <cstdlib>
__global__ void twice(const float *in, float *out, int n, int wrong)
{
    __shared__ float tile[3072];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = 2.0f * tile[threadIdx.x] + (wrong && i == 5 ? 1.0f : 0.0f);
}
int main(int argc, char **argv)
{
    int wrong = argc > 1 ? atoi(argv[1]) : 0, n = 240 * 64, bad = 0;
    float *h = (float *)malloc(n * sizeof *h), *r = (float *)malloc(n * sizeof *r), *din, *dout;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 97);
    cudaMalloc(&din, n * sizeof *h);
    cudaMalloc(&dout, n * sizeof *h);
    cudaMemcpy(din, h, n * sizeof *h, cudaMemcpyHostToDevice);
    twice<<<n / 64, 64>>>(din, dout, n, wrong);
    cudaMemcpy(r, dout, n * sizeof *r, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        bad += r[i] != 2.0f * h[i];
    if (bad)
        printf("Test FAILED: %d of %d wrong\n", bad, n);
    else
        printf("Test PASSED\n");
    return 0;
}
CU
NC=""
"$C" --version | grep -q '^zstd: yes' || NC=-no-compress
# nvcc without the ASan runtime preloaded above for the programs (make asan):
# nvcc itself crashes under it
if ! env -u LD_PRELOAD "$NVCC" -cudart shared $NC -gencode arch=compute_75,code=compute_75 -o "$F/build/suites/tinyok" "$T/tiny.cu" >"$T/tiny.nvcc" 2>&1; then
    fail suite_tiny_build "$(head -3 "$T/tiny.nvcc")"
    exit 0
fi
cp "$F/build/suites/tinyok" "$F/build/suites/tinybad"
cat >"$F/suites/programs.txt" <<'LIST'
tinyok | rodinia/tiny | tiny.cu | 0 | stdout:^Test PASSED | ci
mid tinyok | HOT | 0
tinybad | rodinia/tiny | tiny.cu | 1 | stdout:^Test PASSED | ci
mid tinybad | HOT | 1
LIST
"$F/build/ctasim" experiment kayiran-fig1-10 --suite rodinia --suite-set ci --workloads HOT --size small --jobs 2 \
    -o "$T/tx" >"$T/tx.out" 2>"$T/tx.err"; rc=$?
wcsv="$T/tx/kayiran-fig1-10-workloads.csv"
# every run of tinybad fails its check (the copies of cap 8's run too): 10 of its 10 series
if [ $rc -eq 0 ] && grep -q '^HOT,rodinia/tinyok,program,PASS$' "$wcsv" && grep -q '^HOT,rodinia/tinybad,program,FAIL 10/10$' "$wcsv" &&
    grep -q "program check FAILED for rodinia/tinybad under n=1: no line matching '\^Test PASSED' in its output: Test FAILED: 1 of 15360 wrong" "$T/tx.err" &&
    ! grep -q 'FAILED for rodinia/tinyok' "$T/tx.err" && grep -q 'program check FAILED' "$T/tx/kayiran-fig1-10-warnings.txt"; then
    pass suite_program_check
else fail suite_program_check "rc $rc: $(grep tiny "$wcsv" | tr '\n' ' ') $(grep -m1 tinybad "$T/tx.err")"; fi
# occupancy 2: caps 2..7 repeat cap 8's run, 6 of each program's 10; 30 runs, 18 simulated
if grep -q "12 program runs at a cap at or above the kernels' occupancy limit repeat cap 8's run: not simulated, its result reused (rodinia/tinyok (occupancy 2), rodinia/tinybad (occupancy 2))" "$T/tx.out" &&
    grep -q 'kayiran-fig1-10: 18 simulations in' "$T/tx.out"; then pass suite_cap_skip
else fail suite_cap_skip "$(grep -E 'repeat cap|simulations in' "$T/tx.out" | tr '\n' ' ')"; fi
# the copies give the table of a run that simulates every cap: each cap's own
# run of tinyok at 3 (equal to 8) and at 1 (not) in the .runs kept
"$F/build/ctasim" exec --quiet --config pact13-30sm --warp-sched lrr --max-ctas 3 --json "$T/c3.json" "$F/build/suites/tinyok" 0 >/dev/null 2>&1
"$F/build/ctasim" exec --quiet --config pact13-30sm --warp-sched lrr --max-ctas 8 --json "$T/c8.json" "$F/build/suites/tinyok" 0 >/dev/null 2>&1
e3=$(ipc "$T/c3.json"); e8=$(ipc "$T/c8.json")
if [ -n "$e3" ] && [ "$e3" = "$e8" ]; then pass suite_cap_skip_same
else fail suite_cap_skip_same "exec IPC at cap 3 $e3, at cap 8 $e8: a cap at the occupancy limit changed the run"; fi
