#!/bin/sh
# Speed of --threads (the parallel engine: cores, L2 slices, DRAM channels) on GPU sizes and kernel kinds:
# wall time and user CPU time, median of REPS runs, each thread count run
# interleaved with the others (and with a reference build, when given) so a
# noisy machine affects them alike.
#   tools/bench_threads.sh NEW/ctasim [REF/ctasim|-] [REPS] [THREADS...]
# e.g. tools/bench_threads.sh build/ctasim /tmp/ref/build/ctasim 3 1 2 4
# Cases: 15-core GTX480 (the default config), the 80-core QV100 pair of
# tests/data/config/qv100 and the same with 160 cores, and H100-sized (132
# cores, as make bench); kernels streaming, memory-bound strided
# (uncoalesced) and compute-bound.
# BENCH_SET=long: only the H100-sized cases, each about four times as long
# (2 to 5 s on one thread), so that 8 and 16 threads measure the engine
# rather than its start-up and the time-based choice's first blocks.
set -u
NEW=$1; REF=${2:--}; REPS=${3:-3}
shift; [ $# -gt 0 ] && shift; [ $# -gt 0 ] && shift
THREADS=${*:-1 2 4}
here=$(cd "$(dirname "$0")/.." && pwd)
Q=$here/tests/data/config/qv100
QV="--config $Q/gpgpusim.config --config $Q/trace.config --allow-unknown"
out=$(mktemp); trap 'rm -f "$out" "$out.t"' EXIT
cases="gtx480-stream||stream:ctas=960,iters=64
gtx480-strided||strided:ctas=240,iters=8
gtx480-compute||compute:ctas=480,iters=1024
qv100-stream|$QV|stream:ctas=1280,iters=8
qv100-strided|$QV|strided:ctas=640,iters=2
qv100-compute|$QV|compute:ctas=640,iters=512
qv160-stream|$QV --set gpgpu_n_clusters=160|stream:ctas=2560,iters=4
qv160-compute|$QV --set gpgpu_n_clusters=160|compute:ctas=1280,iters=256
h100-compute|$QV --set gpgpu_n_clusters=132|compute:ctas=1056,iters=128
h100-stream|$QV --set gpgpu_n_clusters=132|stream:ctas=1056,iters=4
h100-strided|$QV --set gpgpu_n_clusters=132|strided:ctas=528,iters=1"
if [ "${BENCH_SET:-}" = long ]; then
    cases="h100-compute-long|$QV --set gpgpu_n_clusters=132|compute:ctas=1056,iters=512
h100-stream-long|$QV --set gpgpu_n_clusters=132|stream:ctas=2112,iters=8
h100-strided-long|$QV --set gpgpu_n_clusters=132|strided:ctas=1056,iters=2"
elif [ -n "${BENCH_SET:-}" ]; then
    echo "bench_threads.sh: unknown BENCH_SET '$BENCH_SET' (long, or unset for all cases)" >&2
    exit 2
fi
echo "$cases" | while IFS='|' read -r name opts input; do
    for r in $(seq "$REPS"); do
        if [ "$REF" != - ]; then
            # shellcheck disable=SC2086
            /usr/bin/time -f "%e %U" -o "$out.t" "$REF" run --quiet $opts "$input" >/dev/null 2>&1
            echo "$name ref $(cat "$out.t")" >>"$out"
        fi
        for t in $THREADS; do
            # shellcheck disable=SC2086
            /usr/bin/time -f "%e %U" -o "$out.t" "$NEW" run --quiet --threads "$t" $opts "$input" >/dev/null 2>&1
            echo "$name t$t $(cat "$out.t")" >>"$out"
        done
    done
done
python3 - "$out" $THREADS <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    name, var, wall, user = line.split()
    runs[name][var].append((float(wall), float(user)))
threads = sys.argv[2:]
vars_ = (["ref"] if any("ref" in v for v in runs.values()) else []) + ["t" + t for t in threads]
print("case            " + " ".join("%9s" % ("wall " + v) for v in vars_) + "  " +
      " ".join("%8s" % ("t1/t" + t) for t in threads if t != "1") + "  " + " ".join("%9s" % ("user " + v) for v in vars_))
for name, by in runs.items():
    wall = {v: statistics.median(x[0] for x in by[v]) for v in vars_}
    user = {v: statistics.median(x[1] for x in by[v]) for v in vars_}
    speed = ["%8.2f" % (wall["t1"] / wall["t" + t]) for t in threads if t != "1" and "t1" in wall]
    print("%-15s " % name + " ".join("%9.2f" % wall[v] for v in vars_) + "  " + " ".join(speed) + "  " +
          " ".join("%9.2f" % user[v] for v in vars_))
PY
