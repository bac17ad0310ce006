#!/bin/sh
# Are the statistics of two ctasim builds identical? Runs the workload suite at
# small size and the synthetic kernels (plus a few policy, QV100 and power runs)
# with --json through each build and compares the JSON, minus host-side fields
# (wall time, peak RSS, provenance). A speed change must leave every number
# as it was.
#   tools/check_identical.sh BUILD_A/ctasim BUILD_B/ctasim [OUTDIR]
# Prints one line per differing run and exits 1 if any differ.
set -u
A=$1; B=$2; OUT=${3:-${TMPDIR:-/tmp}/check_identical.$$}
here=$(cd "$(dirname "$0")/.." && pwd)
: "${CTASIM_PTX_DIR:=$here/workloads/ptx}"; export CTASIM_PTX_DIR
mkdir -p "$OUT/a" "$OUT/b"
Q=$here/tests/data/config/qv100/gpgpusim.config; QT=$here/tests/data/config/qv100/trace.config
workloads=$("$A" list workloads | awk 'NR > 1 && /^  [A-Z0-9]/ {print $1}')
runs=""
for w in $workloads; do runs="$runs $w|--size|small"; done
for s in stream strided chase l1hit l2hit dram compute shmem; do runs="$runs $s"; done
runs="$runs strided|--config|$Q|--config|$QT|--allow-unknown stream:ctas=480|--config|$Q|--config|$QT|--allow-unknown KMN|--size|small|--cta-sched|lcs
 stream|--cta-sched|dyncta stream|--warp-sched|gto strided|--warp-sched|ccws stream|--power
 MMUL|--size|small|--config|$Q|--config|$QT|--allow-unknown BFS|--size|small|--max-ctas|2 SPMV|--size|small|--cta-sched|tcs|--power"
bad=0; n=0
for r in $runs; do
    args=$(echo "$r" | tr '|' ' ')
    tag=$(echo "$r" | sed "s|$here/tests/data/config/||g" | tr '|:=,/' '_____')
    for side in a b; do
        bin=$A; [ $side = b ] && bin=$B
        # shellcheck disable=SC2086
        "$bin" run --quiet $args --json "$OUT/$side/$tag.json" >/dev/null 2>"$OUT/$side/$tag.err" || echo "exit $?" >>"$OUT/$side/$tag.err"
    done
    n=$((n + 1))
    if ! python3 - "$OUT/a/$tag.json" "$OUT/b/$tag.json" <<'PY'
import json, sys
def load(p):
    try:
        d = json.load(open(p))
    except Exception as e:
        return "unreadable: %s" % e
    for k in ("provenance", "peak_rss_mb", "sim_wall_seconds"):
        d.pop(k, None)
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
sys.exit(0 if a == b else 1)
PY
    then echo "DIFFERS: $args"; bad=$((bad + 1)); fi
done
echo "check_identical: $n runs, $bad differ ($OUT)"
[ $bad = 0 ]
