#!/bin/sh
# cluster_study.sh — cluster throttling against cluster size (issue 29): the
# CLRED reduce-scatter at clusters of 2, 4, 8 and 16 CTAs (the same CTAs and
# input at every size) on the h100 preset, each under round-robin (rr: as
# many clusters as fit) and under clusters:n=N, a cap of N clusters per GPC
# (policy/cta_clusters.c), N chosen so that each column allows the same
# CTAs per GPC at every cluster size (N = CTAs / cluster size). Prints a
# Markdown table of simulated cycles, each cap's also as a ratio to rr's at
# the same cluster size, for docs/CLUSTERS.md.
#   tools/cluster_study.sh [CTASIM] [SIZE] [BUDGETS]
# (defaults: build/ctasim, default, "16 32 64": the CTAs per GPC of each column)
# The study itself is now `ctasim experiment clusters-gpc` (src/cli/
# exp_clusters.c, with a figure in `ctasim report`); this script stays as an
# independent check of its numbers, made of direct `ctasim run`s.
set -eu
C=${1:-build/ctasim}; SIZE=${2:-default}; BUDGETS=${3:-16 32 64}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cycles() { # workload, cta-sched: simulated cycles (the run must PASS)
    "$C" run --quiet --config h100 --size "$SIZE" --cta-sched "$2" "$1" --json "$T/r.json" >"$T/out" 2>&1 ||
        { echo "cluster_study: $1 under $2 failed: $(tail -1 "$T/out")" >&2; exit 1; }
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["cycles"])' "$T/r.json"
}
printf '| cluster size | rr cycles |'; for b in $BUDGETS; do printf ' %s CTAs per GPC |' "$b"; done; echo
printf '|---:|---:|'; for b in $BUDGETS; do printf -- '---:|'; done; echo
for w in CLRED2:2 CLRED:4 CLRED8:8 CLRED16:16; do
    name=${w%%:*}; size=${w#*:}
    base=$(cycles "$name" rr)
    printf '| %s (%s) | %s |' "$size" "$name" "$base"
    for b in $BUDGETS; do
        n=$((b / size))
        c=$(cycles "$name" "rr+clusters:n=$n")
        printf ' n=%s: %s (%s) |' "$n" "$c" "$(python3 -c "print('%.2f' % ($c / $base))")"
    done
    echo
done
