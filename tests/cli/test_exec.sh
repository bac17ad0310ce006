#!/bin/sh
# `ctasim exec`: CUDA programs written for these tests (tests/cudart/*.cu),
# built with plain `nvcc -cudart shared`, run unmodified on the simulated GPU
# through ctasim's libcudart.so.13 and check themselves against a CPU loop.
# Also: --threads reaching the program's GPU, a -no-compress build, a
# static-cudart build and an -rdc build (one clear line each), an unimplemented entry point (one line naming it), exit
# codes passed through, --json written (and kept whole when the run stops),
# and the struct layouts of src/cudart/cuda_abi.h against the real CUDA
# headers. SKIPs where nvcc is absent (CI machines may lack it). Every check prints "PASS name",
# "FAIL name: why" or "SKIP name: reason".
. tests/cli_common.sh

find_nvcc
if [ -z "$NVCC" ]; then
    echo "SKIP test_exec: nvcc not found ($NVCC_PLACES)"
    exit 0
fi
LIB=$(dirname "$C")/lib/libcudart.so.13
if [ ! -f "$LIB" ]; then
    fail exec_library "$LIB missing (make builds it)"
    exit 1
fi
# a build without libzstd reads only uncompressed PTX: the programs are then
# built with -no-compress, and one compressed build checks the refusal
NC=""
$C --version | grep -q '^zstd: yes' || NC=-no-compress
# ptxas reports of the programs' PTX are cached here, not in the user's home
export XDG_CACHE_HOME="$T/cache"
S=tests/cudart
PTX="-gencode arch=compute_75,code=compute_75"

# nvcc is slow: each program compiled once, two at a time
build() { # OUT SRC [nvcc options...]
    out=$1; src=$2; shift 2
    "$NVCC" "$@" -o "$T/$out" "$S/$src" >"$T/$out.nvcc" 2>&1 || echo "nvcc failed for $out: $(head -3 "$T/$out.nvcc")" >>"$T/nvcc.err"
}
build vecadd vecadd_reduce.cu -cudart shared $NC $PTX &
build constant_nc constant.cu -cudart shared -no-compress $PTX
wait
build streams streams.cu -cudart shared $NC $PTX &
build unimpl unimplemented.cu -cudart shared $NC $PTX
wait
build badinput badinput.cu -cudart shared $NC $PTX &
build static unimplemented.cu $NC $PTX &
build rdc constant.cu -cudart shared -rdc=true $NC $PTX &
[ -n "$NC" ] && build compressed constant.cu -cudart shared $PTX &
build abi_cuda abi_cuda.cu &
# thread block clusters need sm_90 PTX
build cluster cluster.cu -cudart shared $NC -gencode arch=compute_90,code=compute_90 &
# match/redux/bar.red/cp.async: sm_80 PTX
build warp_cta_ops warp_cta_ops.cu -cudart shared $NC -gencode arch=compute_80,code=compute_80
wait
# f16, f16x2, f64, v2.f32 atomics, cas.b16: sm_90 PTX
build atomics_wide atomics_wide.cu -cudart shared $NC -gencode arch=compute_90,code=compute_90
if [ -s "$T/nvcc.err" ]; then
    fail exec_build "$(head -3 "$T/nvcc.err")"
    exit 1
fi

# a sanitizer build (make asan) links libasan into the library: the programs
# do not, so ASan's runtime is preloaded into them (from here on: not into nvcc)
ASAN_LIB=$(ldd "$LIB" 2>/dev/null | sed -n 's/.*\(libasan[^ ]*\) => \([^ ]*\).*/\2/p' | head -1)
if [ -n "$ASAN_LIB" ]; then
    export LD_PRELOAD="$ASAN_LIB" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi

# run NAME EXPECTED_RC PROGRAM [exec options and args...]: stdout in $T/NAME.out, stderr in $T/NAME.err
run() {
    name=$1; want=$2; shift 2
    timeout 120 "$C" exec "$@" >"$T/$name.out" 2>"$T/$name.err"; rc=$?
    if [ $rc -ne "$want" ]; then fail "$name" "exit $rc, expected $want: $(tail -3 "$T/$name.err")"; return 1; fi
    return 0
}

# --- the three test programs PASS their own checks; statistics on stderr, JSON written
if run exec_vecadd 0 --json "$T/vecadd.json" "$T/vecadd" 3000; then
    if grep -q '^vecadd_reduce n=3000: PASS' "$T/exec_vecadd.out" && grep -q '^gpu_tot_sim_cycle' "$T/exec_vecadd.err" &&
        ! grep -q '^gpu_tot_sim_cycle' "$T/exec_vecadd.out"; then pass exec_vecadd
    else fail exec_vecadd "$(cat "$T/exec_vecadd.out") / $(tail -2 "$T/exec_vecadd.err")"; fi
    # one document, three kernels, the program recorded as the input
    if grep -q '"kind": "program"' "$T/vecadd.json" && [ "$(grep -c '"name": "_Z' "$T/vecadd.json")" -ge 3 ]; then
        pass exec_json
    else fail exec_json "$T/vecadd.json lacks the program or its kernels"; fi
fi
if run exec_no_compress 0 --quiet "$T/constant_nc"; then
    if grep -q '^constant: PASS' "$T/exec_no_compress.out" && ! grep -q '^gpu_tot' "$T/exec_no_compress.err"; then
        pass exec_no_compress
    else fail exec_no_compress "$(cat "$T/exec_no_compress.out")"; fi
fi
# the device the program sees is the configured one (pact13-30sm: 30 SMs)
# cudaLaunchKernelEx with a cluster shape (cudaLaunchAttributeClusterDimension), DSMEM, cluster.sync()
# the warp- and CTA-wide intrinsics through the timing model, checked by the
# program against its CPU loop; cp.async's waits are timed (sm_async.h), no warning
if run exec_warp_cta_ops 0 --quiet --config a100 "$T/warp_cta_ops"; then
    if grep -q '^warp_cta_ops: PASS' "$T/exec_warp_cta_ops.out" && ! grep -q 'cp.async' "$T/exec_warp_cta_ops.err"; then
        pass exec_warp_cta_ops
    else fail exec_warp_cta_ops "$(head -5 "$T/exec_warp_cta_ops.out") / $(tail -2 "$T/exec_warp_cta_ops.err")"; fi
fi
if run exec_atomics_wide 0 --quiet --config h100 "$T/atomics_wide"; then
    if grep -q '^atomics_wide: PASS' "$T/exec_atomics_wide.out"; then pass exec_atomics_wide
    else fail exec_atomics_wide "$(cat "$T/exec_atomics_wide.out") / $(tail -2 "$T/exec_atomics_wide.err")"; fi
fi
if run exec_cluster 0 --quiet --config h100 "$T/cluster"; then
    if grep -q '^cluster n=2048: PASS' "$T/exec_cluster.out"; then pass exec_cluster
    else fail exec_cluster "$(cat "$T/exec_cluster.out") / $(tail -2 "$T/exec_cluster.err")"; fi
fi
if run exec_streams 0 --quiet --config pact13-30sm "$T/streams"; then
    if grep -q '^streams: PASS' "$T/exec_streams.out" && grep -q ', 30 SMs, warp 32' "$T/exec_streams.out"; then
        pass exec_streams
    else fail exec_streams "$(cat "$T/exec_streams.out")"; fi
fi
# --json -: the document on standard output after the program's own lines
if run exec_json_stdout 0 --json - "$T/vecadd" 300; then
    if head -1 "$T/exec_json_stdout.out" | grep -q 'PASS' && tail -1 "$T/exec_json_stdout.out" | grep -q '^}'; then
        pass exec_json_stdout
    else fail exec_json_stdout "$(head -2 "$T/exec_json_stdout.out")"; fi
fi

# --threads reaches the program's GPU (the team forced, as 15 cores would
# otherwise run one thread): the team ran, the results are the same
if CTASIM_FORCE_TEAM=1 run exec_threads 0 --threads 2 --json "$T/vecadd2.json" "$T/vecadd" 3000; then
    if grep -q '^vecadd_reduce n=3000: PASS' "$T/exec_threads.out" && grep -q '^ctasim_threads = 2$' "$T/exec_threads.err"; then
        same_json exec_threads "$T/vecadd.json" "$T/vecadd2.json"
    else fail exec_threads "$(cat "$T/exec_threads.out") / $(grep ctasim_threads "$T/exec_threads.err")"; fi
fi

# --- exit status is the program's: n=0 makes a zero-block launch it reports as failed
if run exec_exit_code 1 --quiet "$T/vecadd" 0; then
    # the error CUDA 13 gives on a GPU (H200, driver 580) for a zero-block grid
    if grep -q 'FAIL: cudaGetLastError(): invalid argument (cudaErrorInvalidValue)' "$T/exec_exit_code.out"; then pass exec_exit_code
    else fail exec_exit_code "$(cat "$T/exec_exit_code.out")"; fi
fi

# --- refusals: one line each
echo keep >"$T/kept.json"
expect_error exec_unimplemented "the program called cudaMallocManaged, which ctasim's CUDA runtime does not implement" \
    "$C" exec --json "$T/kept.json" "$T/unimpl"
if grep -q 'before the call' "$T/out" && ! grep -q 'after the call' "$T/out" && [ "$(cat "$T/kept.json")" = keep ]; then
    pass exec_unimplemented_output
else fail exec_unimplemented_output "program output '$(cat "$T/out")', json '$(head -c 40 "$T/kept.json")'"; fi
expect_error exec_static "static does not use the shared CUDA runtime: rebuild with nvcc -cudart shared" \
    "$C" exec "$T/static"
expect_error exec_rdc "relocatable device code (nvcc -rdc=true or -dc)" "$C" exec --quiet "$T/rdc"
expect_error exec_not_cuda "does not use the shared CUDA runtime" "$C" exec /bin/true
expect_error exec_bad_option "max-ctas" "$C" exec --max-ctas 0 "$T/vecadd"
expect_error exec_missing "cannot run $T/nope" "$C" exec "$T/nope"
expect_error exec_size "--size is not an option of exec" "$C" exec --size small "$T/vecadd"

# --- without libzstd: a program's compressed PTX is refused with what to do
if [ -n "$NC" ]; then
    expect_error exec_compressed_without_zstd "compile the program with nvcc -no-compress" "$C" exec --quiet "$T/compressed"
else
    skip exec_compressed_without_zstd "this build has libzstd (exec_vecadd ran compressed PTX)"
fi

# --- the struct layouts this runtime writes are the ones the program reads
"$T/abi_cuda" >"$T/abi_cuda.txt" 2>&1
if ${CC:-cc} -Isrc -o "$T/abi_ours" "$S/abi_ours.c" 2>"$T/abi.err" && "$T/abi_ours" >"$T/abi_ours.txt" &&
    cmp -s "$T/abi_cuda.txt" "$T/abi_ours.txt"; then pass exec_abi_layout
else fail exec_abi_layout "$(diff "$T/abi_cuda.txt" "$T/abi_ours.txt" | head -4) $(head -2 "$T/abi.err")"; fi

# --- a run the cycle limit stops: one line, the statistics so far kept in --json, exit 1
# --- bad programs (tests/cudart/badinput.cu): one clear line each, nothing lost
# a read just outside an allocation (srad_v2, spmv do it and discard the
# value): no fault on a GPU, none here; one 1 MiB away: the out-of-bounds line
if run exec_near_bounds 0 --quiet "$T/badinput" near && grep -q '^near: PASS' "$T/exec_near_bounds.out"; then
    pass exec_near_bounds
else fail exec_near_bounds "$(grep -v warning "$T/exec_near_bounds.err" | head -2)"; fi
if run exec_far_bounds 1 --quiet "$T/badinput" far &&
    [ "$(grep -vc 'warning' "$T/exec_far_bounds.err")" = 1 ] &&
    grep -q "kernel '_Z10neighboursPKiilPi': out-of-bounds global read of 4 bytes" "$T/exec_far_bounds.err"; then
    pass exec_far_bounds
else fail exec_far_bounds "$(grep -v warning "$T/exec_far_bounds.err" | head -2)"; fi
# a crash after its output: that output kept, one line, the exit status of
# the signal, an existing --json file left as it was
echo keep >"$T/crash.json"
timeout 120 "$C" exec --quiet --json "$T/crash.json" "$T/badinput" crash >"$T/exec_crash.out" 2>"$T/exec_crash.err"
crash_rc=$?
if grep -q 'AddressSanitizer:DEADLYSIGNAL' "$T/exec_crash.err"; then
    # a sanitizer build: ASan's own SIGSEGV handler, loaded with the library
    # into the program, reports the crash and exits 1 before ours can
    skip exec_crash "under AddressSanitizer the program's crash is the sanitizer's report (checked on the normal build)"
    if [ "$(cat "$T/crash.json")" = keep ]; then pass exec_crash_keeps_json_under_asan
    else fail exec_crash_keeps_json_under_asan "$(head -c 80 "$T/crash.json")"; fi
elif [ $crash_rc -eq 139 ] &&
    grep -q '^crash: PASS' "$T/exec_crash.out" && [ "$(cat "$T/crash.json")" = keep ] &&
    [ "$(grep -v 'warning' "$T/exec_crash.err")" = "ctasim: $T/badinput was killed by signal 11 (Segmentation fault): no result document written" ]; then
    pass exec_crash
else fail exec_crash "exit $crash_rc: $(grep -v warning "$T/exec_crash.err" | head -2)"; fi
# a non-zero exit: its status passed on, its statistics still written
if run exec_nonzero_exit 3 --quiet --json "$T/exit3.json" "$T/badinput" exit3 &&
    grep -q '^exit3: PASS' "$T/exec_nonzero_exit.out" && grep -q '"cycles": [1-9]' "$T/exit3.json"; then
    pass exec_nonzero_exit
else fail exec_nonzero_exit "$(grep -v warning "$T/exec_nonzero_exit.err" | head -2)"; fi
# a kernel that never ends: -gpgpu_max_cycle stops it with one line
if run exec_forever 1 --quiet --set gpgpu_max_cycle=20000 "$T/badinput" forever &&
    [ "$(grep -v 'warning' "$T/exec_forever.err")" = "ctasim: simulation stopped at -gpgpu_max_cycle before the program's kernels finished: its results are incomplete" ] &&
    ! grep -q 'spin ended' "$T/exec_forever.out"; then
    pass exec_forever
else fail exec_forever "$(grep -v warning "$T/exec_forever.err" | head -2)"; fi

if run exec_max_cycle 1 --json "$T/stop.json" --set gpgpu_max_cycle=100 "$T/vecadd" 3000; then
    if grep -q '^ctasim: simulation stopped at -gpgpu_max_cycle' "$T/exec_max_cycle.err" && grep -q '"stopped": "max_cycle"' "$T/stop.json" &&
        ! grep -q 'PASS' "$T/exec_max_cycle.out"; then pass exec_max_cycle
    else fail exec_max_cycle "$(grep ctasim: "$T/exec_max_cycle.err" | head -2)"; fi
fi
