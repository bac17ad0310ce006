#!/bin/sh
# The energy and core-gating experiments (src/cli/exp_energy.c) at small
# size on one or two workloads each: exit 0, the CSV's header, one row per
# workload (song-fig8: rows per sample point, every series present), the
# "Paper:" line, NAME-workloads.csv, resuming, and bad options. Every check
# prints "PASS name" or "FAIL name".
. tests/cli_common.sh


# exp NAME WORKLOADS HEADER_PREFIX: run it, check the table
exp() {
    name=$1; wl=$2; head=$3
    if ! timeout 120 $C experiment "$name" --size small --workloads "$wl" --jobs 2 -o "$T/o" >"$T/$name.out" 2>"$T/$name.err"; then
        fail "$name" "exit non-zero: $(head -3 "$T/$name.err")"; return
    fi
    csv="$T/o/$name.csv"
    if [ ! -f "$csv" ]; then fail "$name" "no $csv"; return; fi
    case "$(head -1 "$csv")" in
        "$head"*) ;;
        *) fail "$name" "header: $(head -1 "$csv")"; return ;;
    esac
    if grep -q ';' "$csv"; then fail "$name" "a ';' in the CSV"; return; fi
    n=$(echo "$wl" | tr ',' '\n' | wc -l | tr -d ' ')
    if [ "$name" = song-fig8 ]; then
        for s in base tcs tcs_throttle0 htcs; do
            if ! grep -q "^$wl,$s," "$csv"; then fail "$name" "no rows of series $s"; return; fi
        done
        cols=$(head -1 "$csv" | tr ',' '\n' | wc -l | tr -d ' ')
        if [ "$cols" -ne 31 ]; then fail "$name" "$cols columns (want workload, series, cycle and 28 cores)"; return; fi
    elif [ "$(rows "$csv")" -ne "$n" ]; then
        fail "$name" "$(rows "$csv") rows for $n workloads"; return
    else
        for w in $(echo "$wl" | tr ',' ' '); do
            if ! grep -q "^$w," "$csv"; then fail "$name" "no row for $w"; return; fi
        done
    fi
    if ! grep -q "^Paper: " "$T/$name.out"; then fail "$name" "no 'Paper:' line"; return; fi
    if ! grep -q "of the paper's" "$T/$name.out"; then fail "$name" "no workload coverage line"; return; fi
    if [ ! -f "$T/o/$name-workloads.csv" ]; then fail "$name" "no $name-workloads.csv"; return; fi
    pass "$name"
}

exp song-fig2 MUM,BLK "workload,type,cycles,avg_w,static_w,dynamic_w,static_share"
exp song-fig3 BLK "workload,type,ipc_norm_c1,ipc_norm_c2"
exp song-fig6 MUM,BLK "workload,type,cycles_base,perf_tcs,perf_htcs,energy_tcs,energy_htcs,tcs_cores,energy_base_j,cycles_tcs,cycles_htcs,oracle_cores,perf_oracle,energy_oracle,edp_opt_cores,perf_edp_opt,energy_edp_opt"
exp song-fig7 BLK "workload,type,edp_opt_cores,tcs_cores_last"
exp song-fig8 MUM "workload,series,cycle,ipc_sm0"
exp song-fig9 BFS "workload,launches,perf_tcs,energy_tcs,launches_reduced,cores_k0"
exp kayiran-fig12-13 MMUL "workload,power_dyncta,power_dyncore,power_dyncore_pcpg,eff_dyncta,eff_dyncore,eff_dyncore_pcpg,speedup_dyncta,speedup_dyncore,speedup_dyncore_pcpg,oracle_cores,speedup_oracle,eff_oracle,edp_opt_cores,oracle_pcpg_cores,speedup_oracle_pcpg,eff_oracle_pcpg,edp_opt_pcpg_cores"
exp kayiran-fig14a MMUL "workload,speedup_k=2"
exp lee-fig14 MMUL,KMN "workload,paper_type,energy_gto_j,energy_lcs_j,energy_saving"

# the workload lists: Kayiran's Table 2 aliases (KM is our KMN) and the missing
if grep -q "missing: WP" "$T/kayiran-fig12-13.out" && grep -q "^KM,KMN,not-selected" "$T/o/kayiran-fig12-13-workloads.csv"; then
    pass energy_workload_list
else
    fail energy_workload_list "$(grep "paper's" "$T/kayiran-fig12-13.out")"
fi

# song-fig6's oracle counts (4..24 cores) are song-fig3's runs: BLK's 9 are
# read back; song-fig7 then finds all 13 of its runs (12 counts from
# song-fig3, TCS from song-fig6)
if grep -q "resuming: 9 of 24 runs" "$T/song-fig6.out"; then
    pass energy_oracle_shares_core_runs
else
    fail energy_oracle_shares_core_runs "$(grep -i resum "$T/song-fig6.out")"
fi
# the oracle's least-EDP count is song-fig7's EDP optimum among the counts
# from 4 up (song-fig7's edp_norm_c<N> columns, computed independently); the
# least-energy count is within the 10 % bound and saves at least as much as
# every core; the headline prints it
f7="$T/o/song-fig7.csv"; f6="$T/o/song-fig6.csv"
want=$(awk -F, 'NR==1 { for (i = 1; i <= NF; i++) if ($i ~ /^edp_norm_c[0-9]+$/) { c = substr($i, 11); if (c + 0 >= 4) col[i] = c } }
                NR==2 { best = ""; for (i in col) if (best == "" || $i + 0 < v || ($i + 0 == v && col[i] + 0 > best + 0)) { v = $i + 0; best = col[i] } print best }' "$f7")
got=$(awk -F, 'NR==1 { for (i = 1; i <= NF; i++) h[$i] = i } $1 == "BLK" { print $h["edp_opt_cores"], $h["perf_oracle"], $h["energy_oracle"] }' "$f6")
set -- $got
if [ -n "$want" ] && [ "$1" = "$want" ] && awk -v p="$2" -v e="$3" 'BEGIN { exit !(p >= 1 / 1.1 - 0.001 && e <= 1) }' &&
    grep -q "^song-fig6: static oracle (rr on the --active-cores count of 4,6,8,10,12,14,16,20,24,28 " "$T/song-fig6.out"; then
    pass energy_oracle_matches_fig7
else
    fail energy_oracle_matches_fig7 "song-fig7's EDP optimum from 4 up: '$want'; song-fig6 BLK edp_opt_cores, perf_oracle, energy_oracle: '$got'"
fi
# kayiran-fig12-13's oracle: a count of its grid (or all 30), with and without PCPG, in the headline
got=$(awk -F, 'NR==1 { for (i = 1; i <= NF; i++) h[$i] = i } $1 == "MMUL" { print $h["oracle_cores"], $h["oracle_pcpg_cores"], $h["eff_oracle"], $h["eff_oracle_pcpg"] }' "$T/o/kayiran-fig12-13.csv")
set -- $got
ok=1
for c in "$1" "$2"; do
    case " 8 12 16 20 24 28 30 " in *" $c "*) ;; *) ok=0 ;; esac
done
if [ "$ok" = 1 ] && awk -v a="$3" -v b="$4" 'BEGIN { exit !(a >= 1 && b >= 1) }' &&
    grep -q "^kayiran-fig12-13: static oracle (rr on the --active-cores count of 8,12,16,20,24,28,30 " "$T/kayiran-fig12-13.out"; then
    pass energy_kayiran_oracle
else
    fail energy_kayiran_oracle "MMUL oracle_cores, oracle_pcpg_cores, eff_oracle, eff_oracle_pcpg: '$got'"
fi
# the report draws the oracle's bars beside TCS/hTCS and DYNCORE
if $C report "$T/o" -o "$T/o/report.html" >/dev/null 2>&1 &&
    grep -q "static oracle, MUM: " "$T/o/report.html" && grep -q "static oracle+PCPG, MMUL: " "$T/o/report.html"; then
    pass energy_oracle_in_report
else
    fail energy_oracle_in_report "no static oracle bars in $T/o/report.html"
fi
# song-fig7 shares song-fig3's active-core runs (DIR/.runs/song-cores) and song-fig6's TCS run
if grep -q "resuming: 13 of 13 runs" "$T/song-fig7.out"; then
    pass energy_shared_core_runs
else
    fail energy_shared_core_runs "$(grep -i resum "$T/song-fig7.out")"
fi
# outside Song's Table II a workload is memory-intensive as the suite lists it
if $C experiment song-fig2 --size small --workloads SSC,MMUL -o "$T/o3" >/dev/null 2>&1 &&
    grep -q "^SSC,mem," "$T/o3/song-fig2.csv" && grep -q "^MMUL,com," "$T/o3/song-fig2.csv"; then
    pass energy_type_outside_table
else
    fail energy_type_outside_table "$(cat "$T/o3/song-fig2.csv" 2>&1 | head -3)"
fi
# --tcs ARGS reaches every tcs series (a bad value is refused)
if $C experiment song-fig9 --size small --tcs reset=window -o "$T/o2" >"$T/t.out" 2>/dev/null &&
    grep -q "TCS arguments reset=window" "$T/t.out" && [ "$(rows "$T/o2/song-fig9.csv")" -eq 1 ] &&
    ! $C experiment song-fig9 --tcs tcs+lcs >/dev/null 2>&1; then
    pass energy_tcs_args
else
    fail energy_tcs_args "$(head -2 "$T/t.out")"
fi

# resuming: a rerun reads every run back and writes the same table
cp "$T/o/song-fig6.csv" "$T/fig6.csv"
if $C experiment song-fig6 --size small --workloads MUM,BLK -o "$T/o" >"$T/re.out" 2>/dev/null &&
    grep -q "resuming: 24 of 24 runs" "$T/re.out" && cmp -s "$T/o/song-fig6.csv" "$T/fig6.csv"; then
    pass energy_resume
else
    fail energy_resume "$(grep -i resum "$T/re.out")"
fi

# bad options: one error line, exit 2
$C experiment song-fig6 --bogus >"$T/out" 2>"$T/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "unknown option '--bogus'" "$T/err"; then
    pass energy_bad_option
else
    fail energy_bad_option "rc $rc: $(cat "$T/err")"
fi
$C experiment song-fig6 --workloads NOPE >"$T/out" 2>"$T/err"; rc=$?
if [ $rc -eq 2 ] && grep -q "unknown workload 'NOPE'" "$T/err"; then
    pass energy_bad_workload
else
    fail energy_bad_workload "rc $rc: $(cat "$T/err")"
fi
# listed
if $C experiment list | grep -q "^  song-fig6 " && $C experiment list | grep -q "^  lee-fig14 "; then
    pass energy_listed
else
    fail energy_listed "not in \`ctasim experiment list\`"
fi
