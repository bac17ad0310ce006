#!/bin/sh
# Speed benchmark (`make bench`): this build against a reference build, in one
# run, on the cases of issue 15, each beside its target. The machine is shared
# and noisy, so every case runs reference and new builds interleaved, three
# times each, and compares medians of user CPU time (/usr/bin/time %U); rates
# are warp instructions per user CPU second (all threads: the trace reader's
# parse-ahead thread counts); the streaming trace also gets a wall-time rate.
#
#   sh bench/run_bench.sh [BUILD]      (make bench: BUILD=build)
#   BENCH_REF=REV       reference: a commit of this repository (default HEAD~1),
#                       cloned into a temporary directory and built there (kept
#                       in BUILD/bench/ref-COMMIT for the next run); or the path
#                       of a ctasim binary or of a tree holding build/ctasim.
#                       If it cannot be built the bench says so and reports
#                       this build's absolute figures only. BENCH_REF=none
#                       skips the reference.
#   BENCH_BIG=0         skip the ~1 GB-of-text trace (peak memory on a long run).
#   BENCH_ONLY=parallel only the parallel engine's cases (5 below, and --threads auto's).
#
# Cases (targets from issue 15, "on this machine, quiet"):
#  1. trace streaming, gtx480: stream:ctas=1200,threads=256,iters=52 written as
#     a plain-text trace (~4 M warp instructions): >= 2.5 M warp inst/s, and
#     its peak memory (gpgpu_peak_memory): <= 40 MB;
#  2. memory-bound uncoalesced trace on the QV100 config
#     (tests/data/config/qv100, --allow-unknown): strided:ctas=640,iters=4, a
#     line per lane, 8 CTAs per SM: >= 60 K warp inst/s;
#  3. cache-reuse trace on QV100: every warp chases one 16 KiB chain
#     (chase:...,footprint=16k,shared=1), so L1 holds the working set and
#     misses < 1 %: no target of its own in the issue (the Accel-Sim
#     comparison, tools/speed_vs_accelsim.py, covers it), ratio only;
#  4. MMUL and BFS end to end (PTX interpreter + timing, default size):
#     MMUL >= 2 M warp inst/s;
#  5. the parallel engine (issue 28) on an H100-sized GPU, the QV100 pair with
#     gpgpu_n_clusters=132: compute-bound compute:ctas=1056,iters=512 (75 k
#     cycles, about 2.3 s on one quiet CPU: the team-or-one-thread choice of
#     gpu.c is timed three times in it, not once as in 128 iterations) and
#     memory-bound stream:ctas=1056,iters=4 and strided:ctas=528,iters=1,
#     each with --threads 1 and 2 (and the reference, 1 thread), interleaved,
#     three times; wall-time ratio t1/t2 against the goals 1.7x (compute) and
#     1.3x (memory), and at least 0.95x on every case, with the 15-core gtx480
#     stream:ctas=480,iters=16 as the small case; load average printed, as a
#     loaded machine has no second CPU to give; and a suite workload on the PTX
#     interpreter, HOT at default size on QV100's 80 cores (its stores
#     published in core order, ptx_writes.h), goal 1.3x as memory-bound;
#     then the default, --threads auto, against --threads 1 on runs of 0.1
#     to 0.5 s (QV100, H100-sized, gtx480), nine interleaved pairs each:
#     at least 0.95x on every case (a run starts its team only after 0.2 s);
# then this build alone, as before: synthetic streaming and the cost of
# --sample-interval, the power model's overhead (target <= 1.10), the
# component benches (bench/bench_*.c, test_synth --bench) and the peak memory
# of a ~1 GB-of-text trace (target < 200 MB).
BUILD=${1:-build}
C=$BUILD/ctasim
D=$BUILD/bench
here=$(cd "$(dirname "$0")/.." && pwd)
: "${CTASIM_PTX_DIR:=$here/workloads/ptx}"
export CTASIM_PTX_DIR
mkdir -p "$D"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench: needs $TIME (GNU time) for user CPU seconds"; exit 1; }
Q="--config $here/tests/data/config/qv100/gpgpusim.config --config $here/tests/data/config/qv100/trace.config --allow-unknown"
median() { sort -g | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]}'; }

# ------------------------------------------------------------- reference
REF=${BENCH_REF:-HEAD~1}
R=
if [ "$REF" = none ]; then
    echo "bench: no reference (BENCH_REF=none): absolute figures only"
elif [ -f "$REF" ] && [ -x "$REF" ]; then
    R=$REF
elif [ -x "$REF/build/ctasim" ]; then
    R=$REF/build/ctasim
elif rev=$(git -C "$here" rev-parse --verify -q "$REF^{commit}"); then
    dir=$D/ref-$rev
    if [ ! -x "$dir/build/ctasim" ]; then
        echo "bench: building the reference $REF ($rev) in $dir"
        rm -rf "$dir"
        if git clone -q --no-checkout "$here" "$dir" && git -C "$dir" checkout -q "$rev" &&
            make -C "$dir" -j2 build/ctasim >"$D/ref-build.log" 2>&1; then
            :
        else
            echo "bench: the reference $REF did not build (see $D/ref-build.log)"
        fi
    fi
    [ -x "$dir/build/ctasim" ] && R=$dir/build/ctasim
else
    echo "bench: BENCH_REF=$REF is no commit, ctasim binary or built tree"
fi
[ -n "$R" ] || [ "$REF" = none ] || echo "bench: no reference build: absolute figures only"
[ -n "$R" ] && echo "bench: reference $R ($REF), new $C"

# One run: "USER_S WARP_INSTS PEAK_MB WALL_S" (the last gpu_tot_warp_insn: all kernels).
measure() {
    bin=$1
    shift
    # shellcheck disable=SC2086
    $TIME -f "%U %e" -o "$D/time.$$" "$bin" run "$@" >"$D/out.$$" 2>"$D/err.$$" || {
        echo "bench: '$bin run $*' failed:" >&2
        tail -3 "$D/err.$$" >&2
        echo "0 0 0 0"
        return
    }
    u=$(tail -1 "$D/time.$$" | awk '{print $1}')
    e=$(tail -1 "$D/time.$$" | awk '{print $2}')
    n=$(awk '/^gpu_tot_warp_insn/ {n = $3} END {print n + 0}' "$D/out.$$")
    m=$(awk '/^gpgpu_peak_memory/ {m = $3} END {print m + 0}' "$D/out.$$")
    echo "$u $n $m $e"
}

# compare LABEL TARGET_RATE TARGET_TEXT RUN-ARGS...: three interleaved runs per
# build; prints the median rate of each, their ratio, and the target check.
# Leaves the new build's median peak memory in $new_peak, the reference's in $ref_peak.
compare() {
    label=$1 target=$2 target_text=$3
    shift 3
    : >"$D/cmp.ref"
    : >"$D/cmp.new"
    for _ in 1 2 3; do
        # one thread on both sides (the default is --threads auto since s43)
        [ -n "$R" ] && measure "$R" --threads 1 "$@" >>"$D/cmp.ref"
        measure "$C" --threads 1 "$@" >>"$D/cmp.new"
    done
    new_rate=$(awk '$1 > 0 {printf "%.0f\n", $2 / $1}' "$D/cmp.new" | median)
    new_user=$(awk '{print $1}' "$D/cmp.new" | median)
    new_peak=$(awk '{print $3}' "$D/cmp.new" | median)
    new_wall_rate=$(awk '$4 > 0 {printf "%.0f\n", $2 / $4}' "$D/cmp.new" | median)
    met=""
    if [ -n "$target" ] && [ -n "$new_rate" ]; then
        met=$(echo "$new_rate $target" | awk '{print ($1 >= $2 ? "met" : "NOT met")}')
        met="  target $target_text: $met"
    fi
    if [ -n "$R" ]; then
        ref_rate=$(awk '$1 > 0 {printf "%.0f\n", $2 / $1}' "$D/cmp.ref" | median)
        ref_user=$(awk '{print $1}' "$D/cmp.ref" | median)
        ref_peak=$(awk '{print $3}' "$D/cmp.ref" | median)
        ref_wall_rate=$(awk '$4 > 0 {printf "%.0f\n", $2 / $4}' "$D/cmp.ref" | median)
        echo "$label" | awk -v n="$new_rate" -v r="$ref_rate" -v nu="$new_user" -v ru="$ref_user" -v met="$met" '{
            printf "bench: %-34s new %9.0f  ref %9.0f warp inst/s (user CPU %.2f s vs %.2f s)  speed %.2fx%s\n",
                   $0, n, r, nu, ru, (r > 0 ? n / r : 0), met }'
    else
        echo "$label" | awk -v n="$new_rate" -v nu="$new_user" -v met="$met" '{
            printf "bench: %-34s new %9.0f warp inst/s (user CPU %.2f s)%s\n", $0, n, nu, met }'
    fi
}

# ------------------------------------------------------------- the traces
SPEC="stream:ctas=1200,threads=256,iters=52"
if [ "${BENCH_ONLY:-}" != parallel ]; then
if [ ! -f "$D/stream4m/kernel-1.traceg" ]; then
    echo "bench: writing a ~4M warp-instruction streaming trace (plain text)"
    rm -rf "$D/stream4m"
    $C trace --no-compress "$SPEC" -o "$D/stream4m" >/dev/null || exit 1
fi
STRIDED="strided:ctas=640,iters=4"
[ -f "$D/strided/kernelslist.g" ] || $C trace "$STRIDED" -o "$D/strided" >/dev/null || exit 1
REUSE="chase:ctas=160,threads=256,iters=2048,footprint=16k,shared=1"
[ -f "$D/reuse/kernelslist.g" ] || $C trace "$REUSE" -o "$D/reuse" >/dev/null || exit 1
ls -l "$D/stream4m/kernel-1.traceg" | awk '{printf "bench: streaming trace %.1f MB of text\n", $5/1e6}'

# shellcheck disable=SC2086
{
compare "trace streaming, gtx480" 2500000 ">= 2.5 M" "$D/stream4m/kernelslist.g"
# wall time counts the trace reader's parse-ahead thread (trace_reader.c) as saved time where a CPU is free
echo "bench: that trace in wall time            new $new_wall_rate${R:+  ref $ref_wall_rate} warp inst/s"
if [ -n "$R" ]; then
    echo "bench: peak memory, that trace            new $new_peak MB  ref $ref_peak MB  target <= 40 MB: $(echo "$new_peak" | awk '{print ($1 <= 40 ? "met" : "NOT met")}')"
else
    echo "bench: peak memory, that trace            new $new_peak MB  target <= 40 MB: $(echo "$new_peak" | awk '{print ($1 <= 40 ? "met" : "NOT met")}')"
fi
compare "memory-bound uncoalesced, QV100" 60000 ">= 60 K" $Q "$D/strided/kernelslist.g"
compare "cache reuse (L1-resident), QV100" "" "" $Q "$D/reuse/kernelslist.g"
echo "bench: (peak memory on the cache-reuse trace: new $new_peak MB${R:+  ref $ref_peak MB})"
compare "MMUL end to end (default size)" 2000000 ">= 2 M" MMUL
compare "BFS end to end (default size)" "" "" BFS
}
fi

# ------------------------------------------------- the parallel engine
# threads_case LABEL GOAL RUN-ARGS...: wall time with --threads 1 and 2 (and
# the reference on 1), interleaved, three times; medians, ratios, the goal.
threads_case() {
    label=$1 goal=$2
    shift 2
    : >"$D/thr.ref"
    : >"$D/thr.1"
    : >"$D/thr.2"
    for _ in 1 2 3; do
        [ -n "$R" ] && measure "$R" --threads 1 "$@" >>"$D/thr.ref"
        measure "$C" --threads 1 "$@" >>"$D/thr.1"
        measure "$C" --threads 2 "$@" >>"$D/thr.2"
    done
    w1=$(awk '{print $4}' "$D/thr.1" | median)
    w2=$(awk '{print $4}' "$D/thr.2" | median)
    u1=$(awk '{print $1}' "$D/thr.1" | median)
    u2=$(awk '{print $1}' "$D/thr.2" | median)
    ref=""
    if [ -n "$R" ]; then
        ru=$(awk '{print $1}' "$D/thr.ref" | median)
        ref=$(echo "$ru $u1" | awk '{printf "  1 thread against the reference (user CPU): %.2fx", ($2 > 0 ? $1 / $2 : 0)}')
    fi
    echo "$label" | awk -v w1="$w1" -v w2="$w2" -v u1="$u1" -v u2="$u2" -v goal="$goal" -v ref="$ref" '{
        r = (w2 > 0 ? w1 / w2 : 0)
        printf "bench: %-34s wall 1 thread %.2f s, 2 threads %.2f s: %.2fx (user CPU %.2f / %.2f s)  goal >= %s: %s, >= 0.95: %s%s\n",
               $0, w1, w2, r, u1, u2, goal, (r >= goal ? "met" : "NOT met"), (r >= 0.95 ? "met" : "NOT met"), ref }'
}
H100="$Q --set gpgpu_n_clusters=132"
echo "bench: parallel engine, load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) on $(getconf _NPROCESSORS_ONLN) CPUs"
# shellcheck disable=SC2086
{
threads_case "H100-sized compute-bound" 1.7 $H100 compute:ctas=1056,iters=512
threads_case "H100-sized memory-bound (stream)" 1.3 $H100 stream:ctas=1056,iters=4
threads_case "H100-sized memory-bound (strided)" 1.3 $H100 strided:ctas=528,iters=1
threads_case "gtx480 streaming (15 cores)" 0.95 stream:ctas=480,iters=16
threads_case "PTX interpreter, HOT on QV100" 1.3 $Q HOT
}
# auto_case LABEL RUN-ARGS...: the default (--threads auto) against --threads
# 1, interleaved, nine times (short runs are noisy: +-10 % between two runs
# here), wall time to the microsecond (GNU time's is in hundredths); ratio of
# the medians, goal >= 0.95: auto must never lose (short runs never start a
# team).
wall_us() {
    t0=$(date +%s%N)
    # shellcheck disable=SC2086
    "$C" run "$@" >/dev/null 2>&1 || echo "bench: '$C run $*' failed" >&2
    t1=$(date +%s%N)
    echo $(((t1 - t0) / 1000))
}
auto_case() {
    label=$1
    shift
    : >"$D/thr.1"
    : >"$D/thr.2"
    for _ in 1 2 3 4 5 6 7 8 9; do
        wall_us --threads 1 "$@" >>"$D/thr.1"
        wall_us "$@" >>"$D/thr.2"
    done
    w1=$(awk '{print $1 / 1e6}' "$D/thr.1" | median)
    w2=$(awk '{print $1 / 1e6}' "$D/thr.2" | median)
    echo "$label" | awk -v w1="$w1" -v w2="$w2" '{
        r = (w2 > 0 ? w1 / w2 : 0)
        printf "bench: %-34s wall 1 thread %.3f s, auto %.3f s: %.2fx  goal >= 0.95: %s\n",
               $0, w1, w2, r, (r >= 0.95 ? "met" : "NOT met") }'
}
# shellcheck disable=SC2086
{
auto_case "auto: QV100 stream, 0.1 s" $Q stream:ctas=160,iters=4
auto_case "auto: QV100 stream, 0.25 s" $Q stream:ctas=240,iters=6
auto_case "auto: QV100 strided, 0.23 s" $Q strided:ctas=120,iters=1
auto_case "auto: H100-sized compute, 0.5 s" $H100 compute:ctas=528,iters=128
auto_case "auto: H100-sized stream, 0.45 s" $H100 stream:ctas=528,iters=4
auto_case "auto: gtx480 stream (one thread)" stream:ctas=480,iters=16
}
echo "bench: parallel engine, load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
rm -f "$D/thr.ref" "$D/thr.1" "$D/thr.2"

[ "${BENCH_ONLY:-}" = parallel ] && exit 0

# ------------------------------------------------- this build alone, as before
# (rates per user CPU second, as above)
user_rate() { measure "$C" "$@" | awk '$1 > 0 {printf "%.0f\n", $2 / $1}'; }
for _ in 1 2 3; do user_rate "$SPEC"; done >"$D/synth_rates"
echo "bench: synthetic streaming     median $(median <"$D/synth_rates") warp inst/s  (runs: $(tr '\n' ' ' <"$D/synth_rates"))"
# the cost of per-SM time series (--sample-interval: sm_ipc/<i>, sm_ctas/<i> every N cycles)
for n in 1000 100; do
    for _ in 1 2 3; do user_rate --sample-interval $n "$SPEC"; done >"$D/sampled_rates_$n"
    m=$(median <"$D/sampled_rates_$n"); base=$(median <"$D/synth_rates")
    echo "bench: synthetic streaming, --sample-interval $n  median $m warp inst/s ($(echo "$m $base" | awk '{printf "%.2f", $1 / $2}') of the rate without; runs: $(tr '\n' ' ' <"$D/sampled_rates_$n"))"
done

# the power model's overhead, measured in this run: slowdown = rate off / rate on
for w in "$SPEC" MMUL; do
    for _ in 1 2 3; do
        user_rate "$w" >>"$D/pw_off.$$"
        user_rate --power --set power_sample_period=1000 "$w" >>"$D/pw_on.$$"
    done
    off=$(median <"$D/pw_off.$$"); on=$(median <"$D/pw_on.$$")
    echo "bench: --power overhead on ${w%%:*}  off $off  on $on warp inst/s  slowdown $(echo "$off $on" | awk '{printf "%.3f", ($2 > 0 ? $1 / $2 : 0)}') (target <= 1.10)"
    rm -f "$D/pw_off.$$" "$D/pw_on.$$"
done
rm -f "$D/time.$$" "$D/out.$$" "$D/err.$$" "$D/cmp.ref" "$D/cmp.new"

for b in "$BUILD"/bench/bin/bench_*; do
    "$b" || { echo "bench: $(basename "$b") failed"; exit 1; }
done
out=$("$BUILD/tests/test_synth" --bench) || { echo "bench: test_synth --bench failed"; exit 1; }
echo "bench: synthetic front-end $out"

if [ "${BENCH_BIG:-1}" = 1 ]; then
    BIG="stream:ctas=6800,threads=256,iters=64"
    if [ ! -f "$D/stream1g/kernelslist.g" ]; then
        echo "bench: writing a ~1 GB-of-text trace (xz; once, kept in $D/stream1g)"
        $C trace "$BIG" -o "$D/stream1g" >/dev/null || exit 1
    fi
    $C run "$D/stream1g/kernelslist.g" | grep -E '^(gpu_tot_warp_insn|gpgpu_simulation_rate|gpgpu_peak_memory)' |
        sed 's/^/bench: big trace: /'
    echo "bench: (big trace peak memory target < 200 MB)"
fi
