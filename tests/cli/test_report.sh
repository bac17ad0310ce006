#!/bin/sh
# `ctasim report` and `ctasim experiment --report`: reports of a small sweep,
# small experiments and a run; the page holds each expected figure, no URL
# and no script, and is the same bytes when made twice; bad input gives one
# error line, a non-zero exit and no file. Every check prints "PASS name" or
# "FAIL name".
. tests/cli_common.sh

# expect_error NAME RC PATTERN CMD...: exit RC, one stderr line matching PATTERN
expect_error() {
    name=$1; want=$2; pat=$3; shift 3
    "$@" >"$T/out" 2>"$T/err"; rc=$?
    lines=$(wc -l <"$T/err")
    if [ $rc -ne "$want" ]; then fail "$name" "exit $rc, want $want: $(head -2 "$T/err")"; return; fi
    if [ "$lines" -ne 1 ]; then fail "$name" "$lines stderr lines: $(head -3 "$T/err")"; return; fi
    if ! grep -q -- "$pat" "$T/err"; then fail "$name" "message: $(cat "$T/err")"; return; fi
    pass "$name"
}
# has_figures NAME HTML FIGDIR ID...: a section per ID; an SVG file per drawn one
has_figures() {
    name=$1; html=$2; figs=$3; shift 3
    ok=1
    for id in "$@"; do
        grep -q "<section id=\"$id\">" "$html" || { ok=0; fail "$name" "no section $id"; continue; }
        # drawn (its section holds an <svg>) or skipped with a reason, never empty
        sec=$(awk -v id="$id" '$0 ~ "<section id=\""id"\">" {on=1} on {print} on && /<\/section>/ {exit}' "$html")
        if echo "$sec" | grep -q "<svg"; then
            [ -s "$figs/$id.svg" ] || { ok=0; fail "$name" "$id drawn but no $figs/$id.svg"; }
            echo "$sec" | grep -q "<rect\|<polyline\|<circle" || { ok=0; fail "$name" "$id: an empty figure"; }
        else
            echo "$sec" | grep -q "Not drawn: ." || { ok=0; fail "$name" "$id neither drawn nor explained"; }
        fi
    done
    [ $ok -eq 1 ] && pass "$name"
}
self_contained() {
    if grep -q -i -E 'https?://|<script|<link|@import|url\(' "$2"; then fail "$1" "$(grep -o -i -E 'https?://[^" ]*|<script|<link|@import|url\(' "$2" | head -3)"
    else pass "$1"; fi
}

# --- a sweep with two CTA policies
if $C sweep --size small --max-ctas 1..3 --cta-sched rr --cta-sched dyncta --jobs 2 -o "$T/sw" VADD >/dev/null 2>"$T/e"; then
    if $C report "$T/sw" >"$T/out" 2>"$T/err"; then
        grep -q "^report: .* in $T/sw/report.html" "$T/out" && pass report_sweep_runs || fail report_sweep_runs "$(cat "$T/out" "$T/err")"
        has_figures report_sweep_figures "$T/sw/report.html" "$T/sw/report-figures" ipc-vs-ctas cycles-vs-ctas speedup \
            l1-miss stall-breakdown cta-per-sm idle-tail dyncta-n sm-ipc-heatmap sm-ctas-heatmap stall-over-time mem-latency power
        self_contained report_sweep_self_contained "$T/sw/report.html"
        grep -q "Speedup over rr/gto, per CTA cap" "$T/sw/report.html" && grep -q "dyncta/gto" "$T/sw/report-figures/speedup.svg" &&
            pass report_sweep_speedup_series || fail report_sweep_speedup_series "no dyncta/gto series"
        grep -q "Not drawn: no series power_w" "$T/sw/report.html" && pass report_sweep_absent_power_explained ||
            fail report_sweep_absent_power_explained "no reason for the power figure"
        # deterministic: the same input gives the same bytes
        $C report "$T/sw" -o "$T/again.html" --figures "$T/again-figs" >/dev/null 2>&1
        sed 's#again-figs#report-figures#g' "$T/again.html" >"$T/again2.html"
        if cmp -s "$T/again2.html" "$T/sw/report.html" && cmp -s "$T/again-figs/speedup.svg" "$T/sw/report-figures/speedup.svg"; then
            pass report_deterministic; else fail report_deterministic "two reports of one sweep differ"; fi
        ls "$T/sw" | grep -q '\.tmp\.' && fail report_no_temporaries "$(ls "$T/sw")" || pass report_no_temporaries
        # --baseline: another series as the reference
        $C report "$T/sw" --baseline dyncta --figure speedup -o "$T/b.html" >/dev/null 2>&1 &&
            grep -q "Speedup over dyncta/gto" "$T/b.html" && grep -q "rr/gto, GM: " "$T/b-figures/speedup.svg" &&
            pass report_baseline || fail report_baseline "no rr/gto bars over dyncta/gto"
        expect_error report_unknown_baseline 1 "no such policy series in this sweep (series: rr/gto, dyncta/gto)" \
            $C report "$T/sw" --baseline lcs
        # --figure keeps only the kinds named
        $C report "$T/sw" --figure stall-breakdown,speedup -o "$T/two.html" >/dev/null 2>&1
        n=$(grep -c '<section id=' "$T/two.html")
        [ "$n" = 2 ] && pass report_figure_filter || fail report_figure_filter "$n sections, want 2"
    else
        fail report_sweep_runs "$(cat "$T/err")"
    fi
else
    fail report_sweep_runs "sweep failed: $(tail -1 "$T/e")"
fi

# --- experiments: --report writes DIR/report.html with the paper's headline
if $C experiment lee-fig4 --size small --workloads VADD,BFS --jobs 2 -o "$T/ex" --report >"$T/out" 2>"$T/e"; then
    if [ -s "$T/ex/report.html" ]; then
        pass experiment_report_written
        has_figures experiment_report_figures "$T/ex/report.html" "$T/ex/report-figures" lee-fig4-ipc-vs-ctas
        grep -q "IPC against CTAs per core falls into four types" "$T/ex/report.html" && grep -q "BFS: II (paper II)" "$T/ex/report.html" &&
            pass experiment_report_headline || fail experiment_report_headline "no headline or type labels"
        self_contained experiment_report_self_contained "$T/ex/report.html"
    else
        fail experiment_report_written "no $T/ex/report.html: $(tail -2 "$T/out")"
    fi
else
    fail experiment_report_written "$(tail -1 "$T/e")"
fi
if $C experiment yu-fig11-12 --size small --workloads VADD,BFS --jobs 2 -o "$T/ex" >/dev/null 2>&1 &&
    $C experiment lee-fig12-13 --size small --workloads VADD,BFS --jobs 2 -o "$T/ex" >/dev/null 2>&1 &&
    $C report "$T/ex" >/dev/null 2>"$T/err"; then
    has_figures report_experiments_figures "$T/ex/report.html" "$T/ex/report-figures" lee-fig4-ipc-vs-ctas \
        lee-fig12-13-speedup lee-fig12-13-tnew-vs-opt yu-fig11-12-speedup yu-fig11-12-idle-reduction
    grep -q ">GM</text>" "$T/ex/report-figures/yu-fig11-12-speedup.svg" && pass report_speedup_geomean ||
        fail report_speedup_geomean "no GM bar"
    grep -q "idle cycles -52.4% on average, speedup up to +26.6%." "$T/ex/report.html" && pass report_yu_headline ||
        fail report_yu_headline "no paper headline"
else
    fail report_experiments_figures "$(cat "$T/err")"
fi

# --- the energy and concurrent-kernel experiments' figures, from small
# hand-made tables with the experiments' columns (tests/data/report/exp), and
# tables that lack a column, are ragged or have no row (tests/data/report/bad)
D=tests/data/report
if $C report "$D/exp" -o "$T/fx.html" >"$T/out" 2>"$T/err"; then
    has_figures report_energy_mix_figures "$T/fx.html" "$T/fx-figures" song-fig2-power-split song-fig3-perf-vs-cores \
        song-fig3-latency-vs-cores song-fig6-speedup song-fig6-energy song-fig7-active-cores \
        song-fig8-base-sm-ipc-heatmap song-fig8-tcs-sm-ipc-heatmap song-fig9-cores-per-launch \
        kayiran-fig12-13-power-norm kayiran-fig12-13-perf-per-watt kayiran-fig12-13-speedup \
        kayiran-fig14a-vs-cores-off lee-fig14-energy lee-fig18-speedup lee-fig18-stp li-fig5-speedup li-fig5-stp \
        li-fig2-a-design-space li-fig2-b-design-space li-fig6-perf-per-watt li-fig8-speedup
    n=$(grep -c "Not drawn" "$T/fx.html")
    [ "$n" = 0 ] && pass report_energy_mix_all_drawn || fail report_energy_mix_all_drawn "$n figures not drawn"
    # the marks hold the table's numbers, in the paper's shape
    F="$T/fx-figures"
    if grep -q "<title>dynamic, MUM: 6.1</title>" "$F/song-fig2-power-split.svg" &&
        grep -q "<title>static, com avg: 55.5</title>" "$F/song-fig2-power-split.svg" &&
        grep -q "<title>MUM (mem) (28, 7.5)</title>" "$F/song-fig3-latency-vs-cores.svg" &&
        grep -q "<title>hTCS, mem avg: 0.635</title>" "$F/song-fig6-energy.svg" &&
        grep -q "<title>static EDP optimum, MUM: 4</title>" "$F/song-fig7-active-cores.svg" &&
        grep -q "<title>core 1, 1000: 1.4</title>" "$F/song-fig8-tcs-sm-ipc-heatmap.svg" &&
        grep -q "<title>BFS, 1: 6</title>" "$F/song-fig9-cores-per-launch.svg" &&
        grep -q "<title>tlpmod+bypass, CP-LPS: 1.25</title>" "$F/li-fig8-speedup.svg" &&
        ! grep -q "<title>BFS, 2: " "$F/song-fig9-cores-per-launch.svg" &&
        grep -q "<title>DYNCORE+PCPG, mean: 0.781</title>" "$F/kayiran-fig12-13-power-norm.svg" &&
        grep -q "<title>power (8, 0.81)</title>" "$F/kayiran-fig14a-vs-cores-off.svg" &&
        grep -q "<title>energy saved by LCS, KMN (III): 33.3</title>" "$F/lee-fig14-energy.svg" &&
        grep -q "<title>Table 3&#39;s counts, KMN-SRAD: 1.271</title>" "$F/lee-fig18-speedup.svg" &&
        grep -q "<title>tlpmod+bypass, AVG (paper&#39;s 25): 1.535</title>" "$F/li-fig5-speedup.svg" &&
        ! grep -q "<title>cke, " "$F/li-fig5-speedup.svg" &&
        grep -q "<title>L1 hit rate, {5;1}: 0.4961</title>" "$F/li-fig2-a-design-space.svg" &&
        grep -q "<title>throughput / cache-all, {0;1}: 1.6</title>" "$F/li-fig2-b-design-space.svg" &&
        grep -q "<title>tlpmod+bypass, AVG: 1.35</title>" "$F/li-fig6-perf-per-watt.svg"; then
        pass report_energy_mix_marks
    else
        fail report_energy_mix_marks "a bar, point or cell missing or wrong"
    fi
    # the paper's headline and ours, computed from the table
    if grep -q "static power is over 60% of the total for some workloads" "$T/fx.html" &&
        grep -q "Ours:</b> static power 82% of the total on average over 3 workloads, up to 90% (MUM)." "$T/fx.html" &&
        grep -q "up to +27% (KMN-SRAD), +20% on CP-LPS" "$T/fx.html" &&
        grep -q "Ours:</b> mCKE over CKE, geometric mean over 3 mixes: +12.7% with LCS&#39;s counts, +15.2% with Table 3&#39;s" "$T/fx.html" &&
        grep -q "1.42x over default concurrency" "$T/fx.html" &&
        grep -q "memory stall -37.5%, structural stall -12.5%" "$T/fx.html" &&
        grep -q "best TLP point {5;1}: 1.25x over default concurrency; L1 hit rate 49.6% there, 64.3% under cke." "$T/fx.html" &&
        grep -q "best bypass point {0;1}: +60.0% over cache-all" "$T/fx.html" &&
        grep -q "improves energy efficiency about 1.33x" "$T/fx.html" &&
        grep -q "energy saved 13.7% on average over 3 workloads, up to 33.3% (KMN (III))" "$T/fx.html" &&
        grep -q "at k = 8 (mean over 2 workloads, against DYNCTA with no core off, PCPG on): performance -3.5%, power -19.0%, efficiency +19.0%" "$T/fx.html"; then
        pass report_energy_mix_headlines
    else
        fail report_energy_mix_headlines "a paper headline or our line missing"
    fi
    $C report "$D/exp" --figure energy -o "$T/en.html" >/dev/null 2>&1
    [ "$(grep -o '<section id="[^"]*"' "$T/en.html" | tr '\n' ' ')" = '<section id="song-fig6-energy" <section id="lee-fig14-energy" ' ] &&
        pass report_energy_filter || fail report_energy_filter "$(grep -o '<section id="[^"]*"' "$T/en.html" | tr '\n' ' ')"
    self_contained report_energy_mix_self_contained "$T/fx.html"
else
    fail report_energy_mix_figures "$(cat "$T/err")"
fi
# li-fig2 and li-fig6 tables without the columns their figures read (another
# version's): every numeric column per row, the flag and the 1s left out
if $C report "$D/other" -o "$T/ot.html" >/dev/null 2>"$T/err"; then
    has_figures report_other_tables_figures "$T/ot.html" "$T/ot-figures" li-fig2-table-bars li-fig6-table-bars
    grep -q "<title>norm_perf, BP-KMN: 1.25</title>" "$T/ot-figures/li-fig2-table-bars.svg" &&
        grep -q "<title>eff_tlpmod+bypass, LBM-STC: 1.26</title>" "$T/ot-figures/li-fig6-table-bars.svg" &&
        ! grep -q "<title>in_paper_25, \|<title>eff_cke, " "$T/ot-figures/li-fig6-table-bars.svg" &&
        pass report_other_tables_columns || fail report_other_tables_columns "a column missing, or a flag drawn"
else
    fail report_other_tables_figures "$(cat "$T/err")"
fi
# a missing column, a ragged row, no data row: that figure is listed with the
# reason, the others drawn; never a crash
if $C report "$D/bad" -o "$T/bad.html" >"$T/out" 2>"$T/err"; then
    has_figures report_bad_tables_figures "$T/bad.html" "$T/bad-figures" lee-fig14-energy song-fig2-power-split \
        song-fig6-speedup li-fig6-perf-per-watt song-fig9-cores-per-launch kayiran-fig12-13-power-norm
    if [ -s "$T/bad-figures/lee-fig14-energy.svg" ] &&
        grep -q "Not drawn: song-fig2.csv has no column static_w" "$T/bad.html" &&
        grep -q "Not drawn: $D/bad/song-fig6.csv:2: 6 cells where the header has 7" "$T/bad.html" &&
        grep -q "Not drawn: $D/bad/li-fig6.csv: a header and no rows" "$T/bad.html" &&
        grep -q "Not drawn: song-fig9.csv has no cores_k&lt;i&gt; columns" "$T/bad.html" &&
        grep -q "Not drawn: kayiran-fig12-13.csv has no column power_dyncore" "$T/bad.html"; then
        pass report_bad_tables_explained
    else
        fail report_bad_tables_explained "$(grep -o 'Not drawn: [^<]*' "$T/bad.html" | head -8)"
    fi
else
    fail report_bad_tables_figures "rc $?: $(cat "$T/err")"
fi
# only unreadable tables: one error line, nothing written
mkdir "$T/onlybad" && cp "$D/bad/song-fig6.csv" "$T/onlybad/"
expect_error report_only_ragged_table 1 "song-fig6.csv:2: 6 cells where the header has 7" $C report "$T/onlybad"
[ "$(ls "$T/onlybad")" = song-fig6.csv ] && pass report_only_ragged_nothing_written || fail report_only_ragged_nothing_written "$(ls "$T/onlybad")"

# an energy experiment's --report: the page with its figure
if $C experiment song-fig2 --size small --workloads LBM,BLK --jobs 2 -o "$T/en" --report >"$T/out" 2>"$T/e"; then
    has_figures experiment_energy_report "$T/en/report.html" "$T/en/report-figures" song-fig2-power-split
    grep -q "<title>static, LBM: " "$T/en/report-figures/song-fig2-power-split.svg" && pass experiment_energy_report_bars ||
        fail experiment_energy_report_bars "no static bar for LBM"
else
    fail experiment_energy_report "$(tail -1 "$T/e")"
fi

# --- one run's JSON
if $C run --quiet --size small --cta-sched dyncta --json "$T/r.json" BFS >/dev/null 2>&1 && $C report "$T/r.json" >/dev/null 2>"$T/err"; then
    has_figures report_run_figures "$T/r.html" "$T/r-figures" stall-breakdown cta-per-sm idle-tail l1-miss dyncta-n sm-ipc-heatmap \
        sm-ctas-heatmap stall-over-time mem-latency power
    grep -q "Not drawn: no time series in this run" "$T/r.html" && pass report_run_no_time_series ||
        fail report_run_no_time_series "no line on the missing time series"
else
    fail report_run_figures "$(cat "$T/err")"
fi

# --- --sample-interval: per-SM series in the JSON, results unchanged, the heat map drawn
if $C run --quiet --size small --cta-sched dyncta --sample-interval 500 --json "$T/s.json" BFS >/dev/null 2>&1; then
    strip() { grep -v -E 'sm_ipc/|sm_ctas/|"stall\.|"mem_latency"|sim_wall_seconds|peak_rss|"provenance"' "$1" | sed 's/,$//'; }
    strip "$T/r.json" >"$T/ja"; strip "$T/s.json" >"$T/jb"
    cmp -s "$T/ja" "$T/jb" && pass sample_interval_same_results || fail sample_interval_same_results "JSON differs beyond the series"
    grep -q '"sm_ipc/0": \[\[500, ' "$T/s.json" && grep -q '"sm_ctas/0": \[\[500, ' "$T/s.json" &&
        pass sample_interval_series || fail sample_interval_series "no sm_ipc/0 or sm_ctas/0 from cycle 500"
    # the same points as a CSV beside the JSON
    if [ -s "$T/s-series.csv" ] && [ "$(head -1 "$T/s-series.csv")" = "series,cycle,value" ] &&
        grep -q '^sm_ipc/0,500,' "$T/s-series.csv" && grep -q '^mem_latency,' "$T/s-series.csv" &&
        [ "$(grep -c '^sm_ctas/3,' "$T/s-series.csv")" = "$(grep -o '"sm_ctas/3": \[[^]]*\]\(, \[[^]]*\]\)*' "$T/s.json" | grep -o '\[[0-9]*, ' | wc -l | tr -d ' ')" ]; then
        pass sample_interval_series_csv; else fail sample_interval_series_csv "$(head -3 "$T/s-series.csv" 2>&1)"; fi
    if $C report "$T/s.json" --figure sm-ipc-heatmap,sm-ctas-heatmap >/dev/null 2>&1 && grep -q "<title>SM 3, 500: " "$T/s-figures/sm-ipc-heatmap.svg" &&
        grep -q "<title>SM 3, 500: [0-9.]*</title>" "$T/s-figures/sm-ctas-heatmap.svg"; then
        pass report_heatmap_drawn; else fail report_heatmap_drawn "no heat map cells"; fi
    if $C report "$T/s.json" --figure stall-over-time,mem-latency >/dev/null 2>&1 &&
        [ "$(grep -c "<polyline" "$T/s-figures/stall-over-time.svg")" -ge 4 ] && grep -q ">MEM_STALL</text>" "$T/s-figures/stall-over-time.svg" && grep -q "<polyline" "$T/s-figures/mem-latency.svg"; then
        pass report_window_series_drawn; else fail report_window_series_drawn "no stall or latency lines"; fi
else
    fail sample_interval_series "run --sample-interval failed"
fi
expect_error sample_interval_zero 2 "--sample-interval expects an integer from 1" $C run --sample-interval 0 VADD

# --- bad input: one line, non-zero, nothing written
mkdir "$T/empty"
expect_error report_empty_dir 1 "no results to report" $C report "$T/empty"
[ -z "$(ls "$T/empty")" ] && pass report_empty_dir_nothing_written || fail report_empty_dir_nothing_written "$(ls "$T/empty")"
mkdir "$T/trunc" && head -c 300 "$T/r.json" >"$T/trunc/t.json"
expect_error report_truncated_json 1 "truncated JSON" $C report "$T/trunc/t.json"
[ "$(ls "$T/trunc")" = t.json ] && pass report_truncated_nothing_written || fail report_truncated_nothing_written "$(ls "$T/trunc")"
expect_error report_unknown_figure 2 "unknown figure 'bogus' (figures: ipc-vs-ctas" $C report "$T/r.json" --figure speedup,bogus
expect_error report_baseline_not_sweep 1 "--baseline applies to sweeps" $C report "$T/r.json" --baseline rr
expect_error report_missing_input 1 "cannot open" $C report "$T/nonexistent"
expect_error report_no_input 2 "report needs an input" $C report
expect_error report_unknown_option 2 "unknown option '--bogus'" $C report "$T/r.json" --bogus
expect_error report_unwritable 1 "cannot write" $C report "$T/r.json" -o /proc/ctasim-report.html --figures "$T/pf"
[ ! -e "$T/pf" ] && pass report_unwritable_no_figures || fail report_unwritable_no_figures "SVG files written for a page that was not"
expect_error experiment_unknown_option 2 "unknown option '--reprot'" $C experiment lee-fig4 --reprot

# --- a real browser, when there is one (never installed by the tests): it
# parses every figure as SVG (the DOM it builds holds as many <svg> as the
# page), logs no console message, and renders a screenshot
if command -v chromium >/dev/null 2>&1 && [ -s "$T/ex/report.html" ]; then
    B="chromium --headless --no-sandbox --disable-gpu"
    timeout 120 $B --enable-logging=stderr --v=0 --dump-dom "file://$T/ex/report.html" >"$T/dom.html" 2>"$T/dom.err"
    want=$(grep -c "<svg" "$T/ex/report.html"); got=$(grep -c "<svg" "$T/dom.html")
    if [ "$want" -gt 0 ] && [ "$got" = "$want" ] && ! grep -q "CONSOLE" "$T/dom.err"; then
        pass report_parses_in_chromium
    else
        fail report_parses_in_chromium "$got of $want SVG in the DOM; $(grep CONSOLE "$T/dom.err" | head -2)"
    fi
    if timeout 120 $B --window-size=1200,2000 --screenshot="$T/shot.png" "file://$T/ex/report.html" >/dev/null 2>&1 &&
        [ -s "$T/shot.png" ]; then
        pass report_renders_in_chromium
    else
        fail report_renders_in_chromium "no screenshot"
    fi
else
    skip report_parses_in_chromium "chromium not installed (or no experiment report)"
    skip report_renders_in_chromium "chromium not installed (or no experiment report)"
fi
