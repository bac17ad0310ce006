#!/bin/bash
# DYNCTA's window length (Kayiran §4.1: "every 2048 clock cycles, a tunable
# parameter") against maximum TLP on the kayiran-fig1-10 workloads:
# each workload under rr (maximum TLP) and under dyncta with the window P and
# thresholds scaled to it (the preset's 64 / 256 per 2048 cycles), then a
# table of maximum TLP's cycles over DYNCTA's (docs/policies/dyncta.md,
# "The ratchet").
#   tools/dyncta_window.sh [SIZE [OUTDIR [PERIOD...]]]     (default: default /tmp/dyncta-window 2048 8192 32768)
# Runs 2 at a time; results are kept in OUTDIR (a rerun skips what is there).
set -eu
C=${CTASIM:-build/ctasim}
SIZE=${1:-default}
OUT=${2:-/tmp/dyncta-window}
shift $(( $# > 2 ? 2 : $# ))
PERIODS=${*:-2048 8192 32768}
W="PVC SSC IIX BFS SAD PFF LUD SPMV NW MUM KMN SCP PVR AES LIB NQU FFT SRAD BP BLK RAY HOT NN MMUL STO CP"
[ -x "$C" ] || { echo "dyncta_window: $C is not built (make)" >&2; exit 1; }
mkdir -p "$OUT/$SIZE"
for w in $W; do
    echo "$w rr rr"
    for p in $PERIODS; do
        echo "$w p$p dyncta:period=$p,t_mem_l=$((64 * p / 2048)),t_mem_h=$((256 * p / 2048))"
    done
done | xargs -P 2 -L 1 sh -c '
f="$0/$2.$3.json"
[ -s "$f" ] || "$1" run --quiet --config pact13-30sm --size "$5" --warp-sched lrr --cta-sched "$4" --json "$f" "$2" >/dev/null 2>&1 ||
    echo "dyncta_window: $2 under $4 failed" >&2' "$OUT/$SIZE" "$C" _ _ _ "$SIZE" 2>&1 | sed '/^$/d'
python3 - "$OUT/$SIZE" "$W" $PERIODS <<'PY'
import json, sys
d, ws, ps = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
def cycles(w, v):
    try:
        return json.load(open("%s/%s.%s.json" % (d, w, v)))["cycles"]
    except (OSError, ValueError, KeyError):
        return None
print("| workload | " + " | ".join("window %s" % p for p in ps) + " |")
print("|---|" + "---:|" * len(ps))
cols = {p: [] for p in ps}
for w in ws:
    base = cycles(w, "rr")
    cells = []
    for p in ps:
        c = cycles(w, "p" + p)
        if base and c:
            cols[p].append(base / c)
            cells.append("%.2f" % (base / c))
        else:
            cells.append("-")
    print("| %s | %s |" % (w, " | ".join(cells)))
print("| mean | " + " | ".join("%.3f" % (sum(v) / len(v)) if v else "-" for v in cols.values()) + " |")
print("| below 0.95x | " + " | ".join(str(sum(x < 0.95 for x in v)) for v in cols.values()) + " |")
PY
