#!/bin/sh
# Workload mixes on the command line (ctasim run A+B, --mix, --pool): each
# workload checked, STP/ANTT from cached alone runs, bit-identical reruns,
# per-kernel/per-stream statistics, and one-line errors for bad input.
. tests/cli_common.sh
R="--size small --config date16-15sm --alone-cache $T/alone"

# --- a two-workload mix: both checked, metrics printed, JSON has them
if $C run $R --cta-sched cke --json "$T/m1.json" VADD+BFS >"$T/m1.txt" 2>"$T/m1.err"; then
    ok=1
    for k in "^VADD (small): PASS" "^BFS (small): PASS" "^mix_stp = " "^mix_antt = " "^mix_fairness = " \
             "^mix_workload\[0\] = VADD" "^mix_workload\[1\] = BFS" "^kernel_l1d = " "^kernel_dram = " \
             "^kernel_stall = " "^stream_stats = stream 0 " "^stream_stats = stream 65536 "; do
        grep -q "$k" "$T/m1.txt" || { ok=0; fail mix_run_text "missing '$k'"; }
    done
    [ $ok -eq 1 ] && pass mix_run_text
    ok=1
    for k in '"mix.stp"' '"mix.antt"' '"mix.fairness"' '"mix.0.VADD.slowdown"' '"streams"' '"struct_stall"' \
             '"mix.ctas_per_sm.1.BFS"' '"kind": "mix"'; do
        grep -q "$k" "$T/m1.json" || { ok=0; fail mix_run_json "missing $k"; }
    done
    [ $ok -eq 1 ] && pass mix_run_json
else
    fail mix_run_text "exit $?: $(head -3 "$T/m1.err")"
fi

# --- the alone runs were cached, and a second run is bit-identical
n=$(ls "$T/alone" 2>/dev/null | wc -l)
[ "$n" -eq 2 ] && pass alone_runs_cached || fail alone_runs_cached "$n files in the cache"
$C run $R --cta-sched cke --json "$T/m2.json" --quiet VADD+BFS >/dev/null 2>&1
grep -v '"provenance"\|wall\|rss' "$T/m1.json" >"$T/a"
grep -v '"provenance"\|wall\|rss' "$T/m2.json" >"$T/b"
cmp -s "$T/a" "$T/b" && pass mix_bit_identical || fail mix_bit_identical "JSON differs between reruns"

# --- a workload alone through the mix path = the plain run
$C run $R --json "$T/v.json" --quiet VADD >/dev/null 2>&1
a=$(grep '"mix.0.VADD.alone_cycles"' "$T/m1.json" | sed 's/.*: *\([0-9.e+]*\).*/\1/')
b=$(grep '^  "cycles"' "$T/v.json" | sed 's/[^0-9]//g')
[ -n "$a" ] && awk -v a="$a" -v b="$b" 'BEGIN{exit !(a+0 == b+0)}' && pass alone_equals_plain_run ||
    fail alone_equals_plain_run "alone $a, plain $b"

# --- every concurrent policy runs the mix and both workloads pass
for p in spatial mcke lcs+mcke "mcke:a=1,b=2"; do
    if $C run $R --cta-sched "$p" --quiet VADD+BFS >"$T/p.txt" 2>&1 && [ "$(grep -c ': PASS' "$T/p.txt")" -eq 2 ]; then
        pass "mix_policy_$p"
    else
        fail "mix_policy_$p" "$(head -3 "$T/p.txt")"
    fi
done

# --- a mix file with delays and streams, and the pool
cat >"$T/good.mix" <<'MIX'
# workload size stream delay
VADD  small   0 0
NN    -       1 5000   # arrives later
VADD  small   2 0
MIX
if $C run $R --mix "$T/good.mix" >"$T/f.txt" 2>&1 && [ "$(grep -c ': PASS' "$T/f.txt")" -eq 3 ] &&
   grep -q '^mix_workload\[1\] = NN size=small stream=1 arrival=5000 ' "$T/f.txt"; then
    pass mix_file
else
    fail mix_file "$(grep -E 'mix_workload|PASS|FAIL|ctasim' "$T/f.txt" | head -5)"
fi
if $C run $R --pool 1 --mix "$T/good.mix" >"$T/pool.txt" 2>&1 && [ "$(grep -c ': PASS' "$T/pool.txt")" -eq 3 ]; then
    # one at a time: each workload starts after the previous one ended
    e0=$(sed -n 's/^mix_workload\[0\] .* end=\([0-9]*\) .*/\1/p' "$T/pool.txt")
    s1=$(sed -n 's/^mix_workload\[1\] .* start=\([0-9]*\) .*/\1/p' "$T/pool.txt")
    e1=$(sed -n 's/^mix_workload\[1\] .* end=\([0-9]*\) .*/\1/p' "$T/pool.txt")
    s2=$(sed -n 's/^mix_workload\[2\] .* start=\([0-9]*\) .*/\1/p' "$T/pool.txt")
    if [ -n "$e0" ] && [ "$s1" -ge "$e0" ] && [ "$s2" -ge "$e1" ]; then pass mix_pool_one_at_a_time
    else fail mix_pool_one_at_a_time "end0 $e0 start1 $s1 end1 $e1 start2 $s2"; fi
else
    fail mix_pool_one_at_a_time "$(tail -3 "$T/pool.txt")"
fi
# -gpgpu_max_concurrent_kernel 1: the kernels of different workloads never overlap
if $C run $R --set gpgpu_max_concurrent_kernel=1 --json "$T/mc.json" --quiet VADD+NN >/dev/null 2>&1; then
    awk -F'"start_cycle": |, "end_cycle": |, "ctas"' '/"name":/ && /"stream"/ {print $2, $3}' "$T/mc.json" |
        sort -n | awk 'NR>1 && $1 < pe {bad=1} {pe=$2} END{exit bad}' && pass max_concurrent_kernel_honoured ||
        fail max_concurrent_kernel_honoured "kernels overlap"
else
    fail max_concurrent_kernel_honoured "run failed"
fi

# --- bad input: one line, non-zero exit
expect_error mix_unknown_workload "unknown workload 'NOPE'" $C run $R KMN+NOPE
expect_error mix_empty_name "empty workload name" $C run $R KMN+
printf 'VADD small 0 0\nBFS small x 0\n' >"$T/bad1.mix"
expect_error mix_file_bad_stream "bad1.mix:2: malformed mix line" $C run $R --mix "$T/bad1.mix"
printf '# comment\nVADD small 0\n' >"$T/bad2.mix"
expect_error mix_file_few_fields "bad2.mix:2: malformed mix line (expected 4 fields" $C run $R --mix "$T/bad2.mix"
printf 'NOPE small 0 0\n' >"$T/bad3.mix"
expect_error mix_file_unknown "bad3.mix:1: malformed mix line (unknown workload: NOPE)" $C run $R --mix "$T/bad3.mix"
printf '# nothing\n' >"$T/empty.mix"
expect_error mix_file_empty "lists no workload" $C run $R --mix "$T/empty.mix"
expect_error mix_file_missing "cannot open mix file" $C run $R --mix "$T/none.mix"
expect_error mcke_cannot_fit "do not fit on one core together" \
    $C run $R --set gpgpu_shader_core_pipeline=256:32 --cta-sched mcke VADD+VADD

# --- tlpmod: profiles made on demand (then cached) and passed to the policy
if $C run $R --cta-sched tlpmod+bypass VADD+BFS >"$T/t.txt" 2>"$T/t.err" && [ "$(grep -c ': PASS' "$T/t.txt")" -eq 2 ] &&
   grep -q '^ctasim: tlpmod profile of VADD (small): \(Up\|Optimal\|Down\), opt [0-9]* CTAs per core$' "$T/t.err" &&
   grep -q '^ctasim_cta_sched = tlpmod:p0=[A-Za-z]*/[0-9]*,p1=[A-Za-z]*/[0-9]*+bypass' "$T/t.txt"; then
    pass tlpmod_profiles
else
    fail tlpmod_profiles "$(head -3 "$T/t.err") $(grep cta_sched "$T/t.txt")"
fi
n=$(ls "$T/alone" | grep -c '^profile-')
[ "$n" -eq 2 ] && pass tlpmod_profiles_cached || fail tlpmod_profiles_cached "$n profile files"
expect_error tlpmod_bad_profile "expected up/N, optimal/N or down/N" $C run $R --cta-sched tlpmod:p0=sideways/2 VADD+BFS
expect_error mix_options_run_only "options of run only" $C sweep --pool 2 VADD
expect_error pool_needs_mix "--pool needs a mix" $C run --pool 2 VADD

# --- a limit stops the mix: no check, exit 0
if $C run $R --set gpgpu_max_cycle=3000 VADD+BFS >"$T/s.txt" 2>&1 &&
   [ "$(grep -c 'not checked: stopped at -gpgpu_max_cycle' "$T/s.txt")" -eq 2 ]; then
    pass mix_stopped_by_limit
else
    fail mix_stopped_by_limit "$(tail -3 "$T/s.txt")"
fi

# --- lee-fig18: Table 3's six mixes, five series, a CSV; the baseline CKE a core per kernel
if $C experiment lee-fig18 --size small --jobs 2 -o "$T/exp" >"$T/e.txt" 2>&1 &&
   [ "$(wc -l <"$T/exp/lee-fig18.csv")" -eq 7 ] && grep -q '^KMN-SRAD,III-II,1;5,.*,exclusive,' "$T/exp/lee-fig18.csv" &&
   grep -q 'KMN-SRAD [-+][0-9.]*% (paper +27%)' "$T/e.txt" && grep -q 'baseline CKE a core per kernel' "$T/e.txt"; then
    pass experiment_lee_fig18
else
    fail experiment_lee_fig18 "$(tail -3 "$T/e.txt")"
fi

# --- li-fig5: 28 pairs, five series, the paper's 25 averaged
if XDG_CACHE_HOME="$T/xdg" $C experiment li-fig5 --size small --jobs 2 -o "$T/exp" >"$T/l.txt" 2>&1 &&
   [ "$(wc -l <"$T/exp/li-fig5.csv")" -eq 29 ] && grep -q '^KMN-STC,KMS-STC,1,1.000,' "$T/exp/li-fig5.csv" &&
   grep -q '^BP-HOT,BKP-HST,0,' "$T/exp/li-fig5.csv" && grep -q "over cke on the paper's 25 pairs" "$T/l.txt" &&
   grep -q 'static oracle .* over cke on those pairs' "$T/l.txt" &&
   # the static oracle is the best of its grid: never below cke (1.000) nor tlpmod's point
   awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { o = $c["norm_static_oracle"]; if (o < 1 || o + 1e-9 < $c["norm_tlpmod"] || o + 1e-9 < $c["norm_cke_shared"]) bad++ }
            END { exit !(NR == 29 && !bad && c["static_oracle_point"]) }' "$T/exp/li-fig5.csv"; then
    pass experiment_li_fig5
else
    fail experiment_li_fig5 "$(tail -3 "$T/l.txt")"
fi

# --- li-fig2: {BKP, KMS}'s 15 TLP points, cke, tlpmod(+bypass), then the bypass points at the best
if XDG_CACHE_HOME="$T/xdg" $C experiment li-fig2 --size small --jobs 2 -o "$T/exp" >"$T/f2.txt" 2>&1 &&
   [ "$(grep -c '^a,{' "$T/exp/li-fig2.csv")" -eq 15 ] && grep -q '^a,cke,,,,,1.000,' "$T/exp/li-fig2.csv" &&
   grep -q '^a,tlpmod+bypass,' "$T/exp/li-fig2.csv" && grep -q '^b,{0;0},[0-9]*,[0-9]*,0,0,[0-9.]*,1.000,' "$T/exp/li-fig2.csv" &&
   grep -q "li-fig2: KMS (KMN's kmn_invert_mapping, small size): ours " "$T/f2.txt" && grep -q 'best bypass point' "$T/f2.txt"; then
    pass experiment_li_fig2
else
    fail experiment_li_fig2 "$(tail -3 "$T/f2.txt")"
fi

# --- sweep over CTA policies for a mix: each point runs both workloads together, both checked
if XDG_CACHE_HOME="$T/xdg" $C sweep --size small --config date16-15sm --cta-sched cke --cta-sched spatial --max-ctas 1..2 --jobs 2 -o "$T/swm" \
       VADD+BFS >"$T/swm.txt" 2>&1 && [ "$(ls "$T/swm"/*.json | wc -l)" -eq 4 ] &&
   grep -q '"kind": "mix", "spec": "VADD+BFS"' "$T/swm/cke-cfg-n2.json" &&
   [ "$(grep -c '"name": "vadd\|"name": "bfs' "$T/swm/spatial-cfg-n1.json")" -ge 2 ]; then
    pass sweep_mix
else
    fail sweep_mix "$(tail -3 "$T/swm.txt")"
fi
expect_error sweep_mix_unknown "unknown workload 'NOPE'" $C sweep --size small --max-ctas 1..2 -o "$T/swn" VADD+NOPE

expect_error li_size_only_for_li "expects small, default or paper, got 'li'" $C experiment lee-fig18 --size li

# --- li-fig8: Lee's Table 3 mixes on Li & Liang's platform, mcke with Table 3's counts and tlpmod (+bypass)
if XDG_CACHE_HOME="$T/xdg" $C experiment li-fig8 --size small --jobs 2 -o "$T/exp8" >"$T/f8.txt" 2>&1 &&
   [ "$(wc -l <"$T/exp8/li-fig8.csv")" -eq 7 ] && grep -q '^KMN-SRAD,III-II,1;5,[0-9.]*,' "$T/exp8/li-fig8.csv" &&
   grep -q 'over cke on Lee.s 6 mixes: tlpmod+bypass [0-9.]*x' "$T/f8.txt" &&
   ! grep -q 'nan\|inf' "$T/exp8/li-fig8.csv"; then
    pass experiment_li_fig8
else
    fail experiment_li_fig8 "$(tail -3 "$T/f8.txt")"
fi

# --- li-fig6: energy efficiency, power model on, three of the kernels, their three pairs
if XDG_CACHE_HOME="$T/xdg" $C experiment li-fig6 --size small --jobs 2 --workloads BP,KMN,STC -o "$T/exp" >"$T/f6.txt" 2>&1 &&
   [ "$(wc -l <"$T/exp/li-fig6.csv")" -eq 4 ] && grep -q '^KMN-STC,KMS-STC,[0-9.e+]*,' "$T/exp/li-fig6.csv" &&
   grep -q 'instructions per joule over cke on the 3 pairs' "$T/f6.txt" && grep -q 'pairs both Up in our profiles' "$T/f6.txt" &&
   # a both-Up pair is the default concurrency, as in li-fig5: tlpmod's rows are cke's
   awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            $c["tlpmod_default_concurrency"] == 1 && ($c["norm_ipj_tlpmod"] != 1 || $c["norm_perf_tlpmod+bypass"] != 1) { bad++ }
            END { exit !(c["tlpmod_default_concurrency"] && !bad) }' "$T/exp/li-fig6.csv" &&
   ! grep -q 'nan\|inf' "$T/exp/li-fig6.csv"; then
    pass experiment_li_fig6
else
    fail experiment_li_fig6 "$(tail -3 "$T/f6.txt")"
fi

# --report: the mix experiments write DIR/report.html as the others do
# (they refused the option that `experiment --help` lists for all)
if XDG_CACHE_HOME="$T/xdg" $C experiment li-fig2 --size small --jobs 2 -o "$T/rep" --report >"$T/rep.txt" 2>&1 &&
   [ -s "$T/rep/report.html" ] && grep -q "figures drawn" "$T/rep.txt"; then
    pass experiment_mix_report
else
    fail experiment_mix_report "$(tail -2 "$T/rep.txt")"
fi

# --sample-interval on a mix: the per-SM series beside the mix's own, and
# X-series.csv beside X.json (the option was parsed and ignored until s43)
if $C run --quiet --size small --no-alone --sample-interval 500 --json "$T/ms.json" VADD+BFS >"$T/ms.out" 2>&1 &&
   grep -q '"sm_ipc/0"' "$T/ms.json" && grep -q '^sm_ipc/0,' "$T/ms-series.csv" && grep -q '^mix.ctas_per_sm.0.VADD,' "$T/ms-series.csv"; then
    pass mix_sample_interval
else
    fail mix_sample_interval "$(tail -2 "$T/ms.out")"
fi
