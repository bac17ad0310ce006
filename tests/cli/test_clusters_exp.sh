#!/bin/sh
# `ctasim experiment clusters-gpc` (src/cli/exp_clusters.c) at small size:
# the CSV's header and rows (one per cluster size, empty cells where a
# budget is below the cluster size), only the (workload, cap) pairs the
# budgets ask for simulated, one point equal to a direct `ctasim run` of the
# same workload and cap (cycles and ratio to rr), resuming, and `ctasim
# report` of the directory drawing the cluster-cap figure with a line per
# cluster size, and a workload outside the study (rr only, with a warning).
# Every check prints "PASS name" or "FAIL name".
. tests/cli_common.sh

O="$T/o"
if ! timeout 120 $C experiment clusters-gpc --size small --jobs 2 -o "$O" >"$T/exp.out" 2>"$T/exp.err"; then
    fail clusters-exp-runs "exit non-zero: $(head -3 "$T/exp.err")"
    exit 0
fi
pass clusters-exp-runs
csv="$O/clusters-gpc.csv"

want='cluster_size,workload,rr_cycles,n_ctas2,cycles_ctas2,ratio_ctas2,n_ctas4,cycles_ctas4,ratio_ctas4,n_ctas16,cycles_ctas16,ratio_ctas16,clusterlcs_cycles,clusterlcs_ratio,best_static_ctas,best_static_cycles,best_static_ratio,clusterlcs_speedup,best_static_speedup'
if [ "$(head -1 "$csv")" = "$want" ]; then pass clusters-exp-header; else fail clusters-exp-header "$(head -1 "$csv")"; fi

# one row per cluster size; at small size a budget of 2 CTAs per GPC exists
# only for clusters of 2, 16 CTAs per GPC for every size (CLRED16: n=1)
ok=1
[ "$(rows "$csv")" -eq 4 ] || { ok=0; why="$(rows "$csv") rows"; }
for r in 2,CLRED2, 4,CLRED, 8,CLRED8, 16,CLRED16,; do
    grep -q "^$r" "$csv" || { ok=0; why="no row $r"; }
done
D='[0-9]*,[0-9.]*,[0-9]*,[0-9]*,[0-9.]*,[0-9.]*,[0-9.]*' # clusterlcs and the best static cap
grep -q "^16,CLRED16,[0-9]*,,,,,,,1,[0-9]*,[0-9.]*,$D\$" "$csv" || { ok=0; why="CLRED16: $(grep CLRED16 "$csv")"; }
grep -q "^2,CLRED2,[0-9]*,1,[0-9]*,[0-9.]*,2,[0-9]*,[0-9.]*,8,[0-9]*,[0-9.]*,$D\$" "$csv" || { ok=0; why="CLRED2: $(grep CLRED2 "$csv")"; }
if [ $ok = 1 ]; then pass clusters-exp-rows; else fail clusters-exp-rows "$why"; fi

# the runner simulates only the pairs the budgets ask for: 4 rr runs, 4
# clusterlcs runs and CLRED2 n=1,2,8, CLRED n=1,4, CLRED8 n=2, CLRED16 n=1
# (15, not 4 x 6)
n=$(ls "$O/.runs/clusters-gpc" | grep -c '\.run$')
if [ "$n" -eq 15 ] && grep -q '^clusters-gpc: 15 simulations' "$T/exp.out"; then pass clusters-exp-only-needed
else fail clusters-exp-only-needed "$n runs kept; $(grep simulations "$T/exp.out")"; fi

# one point against direct runs: CLRED2 under rr+clusters:n=1 (2 CTAs per GPC)
cycles() { # workload cta-sched: simulated cycles of a direct run
    timeout 60 $C run --quiet --config h100 --size small --cta-sched "$2" "$1" --json "$T/r.json" >/dev/null 2>&1 &&
        sed -n 's/^  "cycles": \([0-9]*\),$/\1/p' "$T/r.json"
}
rr=$(cycles CLRED2 rr); capped=$(cycles CLRED2 rr+clusters:n=1)
row=$(grep '^2,CLRED2,' "$csv")
got_rr=$(echo "$row" | cut -d, -f3); got_n=$(echo "$row" | cut -d, -f4)
got_c=$(echo "$row" | cut -d, -f5); got_ratio=$(echo "$row" | cut -d, -f6)
want_ratio=$(awk -v c="$capped" -v b="$rr" 'BEGIN { printf "%.4f", c / b }')
if [ -n "$rr" ] && [ "$got_rr" = "$rr" ] && [ "$got_n" = 1 ] && [ "$got_c" = "$capped" ] && [ "$got_ratio" = "$want_ratio" ]; then
    pass clusters-exp-direct-run
else
    fail clusters-exp-direct-run "csv rr=$got_rr n=$got_n cycles=$got_c ratio=$got_ratio; direct rr=$rr n=1 cycles=$capped ratio=$want_ratio"
fi
# the dynamic cap's cell is a direct run of rr+clusterlcs, and the best
# static budget is the one of fewest cycles among the row's budgets (CLRED2:
# 2, 4 and 16 CTAs per GPC, the smaller budget on a tie)
dyn=$(cycles CLRED2 rr+clusterlcs)
best=$(echo "$row" | awk -F, '{ b = 0; for (i = 5; i <= 11; i += 3) if ($i != "" && (b == 0 || $i < c)) { c = $i; b = (i == 5 ? 2 : i == 8 ? 4 : 16) } print b "," c }')
if [ -n "$dyn" ] && [ "$(echo "$row" | cut -d, -f13)" = "$dyn" ] && [ "$(echo "$row" | cut -d, -f15-16)" = "$best" ] &&
   [ "$(echo "$row" | cut -d, -f18)" = "$(awk -v c="$dyn" -v b="$rr" 'BEGIN { printf "%.4f", b / c }')" ]; then
    pass clusters-exp-dynamic-cap
else
    fail clusters-exp-dynamic-cap "csv: $row; direct clusterlcs=$dyn, best static $best"
fi

# resuming: every run read back, the same table
cp "$csv" "$T/first.csv"
if timeout 60 $C experiment clusters-gpc --size small --jobs 2 -o "$O" >"$T/again.out" 2>&1 &&
    grep -q 'resuming: 15 of 15 runs complete' "$T/again.out" && cmp -s "$csv" "$T/first.csv"; then
    pass clusters-exp-resume
else
    fail clusters-exp-resume "$(grep -E 'resuming|ctasim:' "$T/again.out" | head -2)"
fi

# the report draws the figure: one line per cluster size, the binding point
if ! timeout 60 $C report "$O" -o "$T/report.html" >"$T/rep.out" 2>&1; then
    fail clusters-exp-report "report exit non-zero: $(head -2 "$T/rep.out")"
    exit 0
fi
svg="$T/report-figures/clusters-gpc-cluster-cap.svg"
ok=1
[ -f "$svg" ] || { ok=0; why="no $svg"; }
grep -q 'id="clusters-gpc-cluster-cap"' "$T/report.html" || { ok=0; why="no figure clusters-gpc-cluster-cap in report.html"; }
for s in 'clusters of 2 (CLRED2)' 'clusters of 4 (CLRED)' 'clusters of 8 (CLRED8)' 'clusters of 16 (CLRED16)'; do
    grep -qF "<title>$s (16, " "$svg" 2>/dev/null || { ok=0; why="no point of '$s' at 16 CTAs per GPC"; }
done
r2=$(awk -v c="$capped" -v b="$rr" 'BEGIN { printf "%.4g", c / b }')
grep -qF "<title>clusters of 2 (CLRED2) (2, $r2)</title>" "$svg" 2>/dev/null || { ok=0; why="CLRED2's point at 2 CTAs per GPC is not $r2"; }
if [ $ok = 1 ]; then pass clusters-exp-report; else fail clusters-exp-report "$why"; fi
# and the dynamic cap beside the best static one, a bar per cluster size
svg2="$T/report-figures/clusters-gpc-speedup.svg"
if [ -f "$svg2" ] && grep -q 'id="clusters-gpc-speedup"' "$T/report.html" &&
   grep -qF 'clusterlcs (dynamic, per GPC)' "$svg2" && grep -qF 'best static cap' "$svg2"; then pass clusters-exp-report-dynamic
else fail clusters-exp-report-dynamic "$(ls "$T/report-figures" | tr '\n' ' ')"; fi

# a workload outside the study runs under rr only, and says so
if timeout 60 $C experiment clusters-gpc --size small --workloads VADD --jobs 2 -o "$T/v" >"$T/v.out" 2>"$T/v.err" &&
    grep -q "warning: clusters-gpc: VADD is not one of the study's cluster workloads" "$T/v.err" &&
    [ "$(tail -1 "$T/v/clusters-gpc.csv")" = "$(printf ',VADD,%s,,,,,,,,,,,,,,,,' "$(cut -d, -f3 "$T/v/clusters-gpc.csv" | tail -1)")" ] &&
    grep -q '^clusters-gpc: 1 simulations' "$T/v.out"; then
    pass clusters-exp-other-workload
else
    fail clusters-exp-other-workload "$(head -2 "$T/v.err") / $(tail -1 "$T/v/clusters-gpc.csv" 2>/dev/null)"
fi
