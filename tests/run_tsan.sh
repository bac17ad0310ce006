#!/bin/sh
# ThreadSanitizer run (`make tsan`): the commands that simulate on parallel
# threads, in a -fsanitize=thread build, must finish without a single report.
#  1. no workload driver (src/apps) owns writable static storage: a driver
#     runs on any experiment thread, so such storage would be shared;
#  2. an experiment on 2 threads: workload drivers, the PTX runtime and
#     interpreter, the timing model and CTA policies, with AES, BFS and VADD
#     each running ten times side by side;
#  3. a sweep on 2 threads of a synthetic kernel under three CTA policies;
#  4. a sweep on 2 threads of the committed test trace (trace reader and xz);
#  5. a three-workload mix (a driver thread per workload, cli/mix.c);
#  6. the parallel engine (--threads, gpu/core_workers.c): runs of a
#     synthetic kernel and of the test trace with cores ticked on 4 threads,
#     a memory-bound QV100 run whose L2 slices and DRAM channels tick on 3,
#     a sweep whose points each tick on 2 threads, and test_parallel --quick
#     (the team switching item functions; dyncta+claso, two kernels under
#     lcs+mcke, the mesh, QV100 strided; 1 against 4 threads, every phase
#     on the team) when it was built;
#  7. the trace reader's parse-ahead thread (CTASIM_PARSE_AHEAD=1): a
#     600-CTA trace and HOT's four kernels, run alone and with cores on 2
#     threads, and test_trace --parse-ahead (against the sequential parse,
#     errors and early stops included) when it was built.
# halt_on_error stops at the first report and exits 66; the output is
# searched for reports as well, in case a run does not exit that way.
BUILD=${1:-build-tsan}
C=$BUILD/ctasim
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TSAN_OPTIONS="halt_on_error=1 exitcode=66${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
export TSAN_OPTIONS

if ! command -v objdump >/dev/null 2>&1; then
    echo "tsan: objdump not found (binutils); cannot check src/apps for writable statics"; exit 1
fi
# objdump -t lines: ADDRESS FLAGS SECTION SIZE NAME; objects (O) in .data or
# .bss are writable. .data.rel.ro is read-only once relocated (const tables
# of pointers); thread-local .tdata/.tbss is per thread.
statics=$(for o in "$BUILD"/obj/src/apps/*.o; do
    objdump -t "$o" | grep -E '[[:space:]]O[[:space:]]+\.(data|bss)([.][^[:space:]]*)?[[:space:]]' |
        grep -v '\.data\.rel\.ro' | awk -v f="$o" '{print f ": " $NF}'
done)
if [ -n "$statics" ]; then
    echo "tsan: workload drivers with writable static storage (make it per run, in app_ctx_t or on the stack):"
    echo "$statics"; exit 1
fi
echo "tsan: src/apps has no writable static storage"

# run NAME CMD...: the command must exit 0 with no ThreadSanitizer report.
run() {
    name=$1; shift
    start=$(date +%s)
    "$@" >"$T/$name.log" 2>&1; rc=$?
    if [ $rc -ne 0 ] || grep -q 'ThreadSanitizer' "$T/$name.log"; then
        echo "tsan: $name FAILED (exit $rc): $*"
        grep -A40 -m1 'WARNING: ThreadSanitizer' "$T/$name.log" || tail -20 "$T/$name.log"
        exit 1
    fi
    echo "tsan: $name clean ($(($(date +%s) - start)) s)"
}
run mix "$C" run --size small --alone-cache "$T/alone" --cta-sched mcke --quiet VADD+BFS+AES
run experiment "$C" experiment yu-fig16 --size small --workloads AES,BFS,VADD --jobs 2 -o "$T/exp"
run sweep_synthetic "$C" sweep --max-ctas 1..4 --cta-sched rr --cta-sched lcs --cta-sched dyncta+claso \
    --jobs 2 -o "$T/sweep1" stream:ctas=120,iters=4
run sweep_trace "$C" sweep --max-ctas 1..3 --cta-sched rr --cta-sched dyncta --jobs 2 -o "$T/sweep2" \
    tests/data/traces/basic/kernelslist.g
run threads_synthetic "$C" run --threads 4 --cta-sched dyncta+claso --quiet strided:ctas=60,iters=4
Q=tests/data/config/qv100
run threads_memory "$C" run --threads 3 --quiet --config $Q/gpgpusim.config --config $Q/trace.config \
    --allow-unknown strided:ctas=160,iters=1
run threads_trace "$C" run --threads 4 --cta-sched lcs --quiet tests/data/traces/basic/kernelslist.g
# a suite workload with atomics: the PTX interpreter's cores on the team (ptx_writes.h)
run threads_ptx "$C" run --threads 3 --quiet --size small --config $Q/gpgpusim.config --config $Q/trace.config \
    --allow-unknown PVR
run threads_sweep "$C" sweep --max-ctas 1..2 --cta-sched rr --cta-sched dyncta --jobs 2 --threads 2 \
    -o "$T/sweep3" stream:ctas=60,iters=4
if [ -x "$BUILD/tests/test_parallel" ]; then
    run test_parallel "$BUILD/tests/test_parallel" --quick
fi
{ "$C" trace --no-compress stream:ctas=600,iters=2 -o "$T/tr" && "$C" trace --size small HOT -o "$T/hot"; } \
    >/dev/null || { echo "tsan: cannot write the traces"; exit 1; }
export CTASIM_PARSE_AHEAD=1
run parse_ahead "$C" run --quiet "$T/tr/kernelslist.g"
run parse_ahead_kernels "$C" run --quiet "$T/hot/kernelslist.g"
run parse_ahead_threads "$C" run --quiet --threads 2 "$T/hot/kernelslist.g"
if [ -x "$BUILD/tests/test_trace" ]; then
    run test_trace "$BUILD/tests/test_trace" --parse-ahead
fi
echo "tsan: no data races reported"
