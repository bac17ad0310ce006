#!/bin/sh
# The one runner of the declared experiments (src/cli/exp_runner.c), on what
# its two families now share: a rerun reads every kept result back
# (.runs/*.run) and writes the same table byte for byte, including the
# sampled per-SM IPC series (song-fig8) and DYNCTA's n over time
# (kayiran-fig8); a damaged .run file is simulated again, not read; an
# option of one family is refused by the other; --all-workloads reaches the
# energy family. Every check prints "PASS name" or "FAIL name".
. tests/cli_common.sh

# again NAME WORKLOADS RUNS: run twice into one -o; the second must resume all
# RUNS and write the identical CSV (and extra CSV EXTRA, if given)
again() {
    name=$1; wl=$2; runs=$3; extra=$4
    if ! timeout 120 $C experiment "$name" --size small --workloads "$wl" --jobs 2 -o "$T/$name" >"$T/a.out" 2>"$T/a.err"; then
        fail "resume_$name" "first run failed: $(tail -2 "$T/a.err")"; return
    fi
    cp "$T/$name/$name.csv" "$T/first-$name.csv"
    [ -n "$extra" ] && cp "$T/$name/$extra" "$T/first-extra.csv"
    if ! timeout 120 $C experiment "$name" --size small --workloads "$wl" --jobs 2 -o "$T/$name" >"$T/b.out" 2>"$T/b.err"; then
        fail "resume_$name" "second run failed: $(tail -2 "$T/b.err")"; return
    fi
    if ! grep -q "resuming: $runs of $runs runs" "$T/b.out"; then
        fail "resume_$name" "$(grep -i resum "$T/b.out" || echo 'no resuming line')"; return
    fi
    if ! cmp -s "$T/first-$name.csv" "$T/$name/$name.csv"; then
        fail "resume_$name" "the table read back differs: $(diff "$T/first-$name.csv" "$T/$name/$name.csv" | head -3)"; return
    fi
    if [ -n "$extra" ] && ! cmp -s "$T/first-extra.csv" "$T/$name/$extra"; then
        fail "resume_$name" "$extra read back differs"; return
    fi
    pass "resume_$name"
}

again song-fig8 MUM 4
again kayiran-fig8 SAD 1 kayiran-fig8-series.csv
again yu-fig11-12 BP,CP 6

# a truncated result is not a result: simulated again, the table unchanged
f=$(ls "$T/song-fig8/.runs/song-fig8/"*--tcs.run 2>/dev/null | head -1)
if [ -z "$f" ]; then
    fail resume_damaged "no kept run of song-fig8's tcs series"
else
    head -3 "$f" >"$T/cut" && cp "$T/cut" "$f"
    if ! timeout 120 $C experiment song-fig8 --size small --workloads MUM -o "$T/song-fig8" >"$T/c.out" 2>/dev/null; then
        fail resume_damaged "the rerun failed"
    elif ! grep -q "resuming: 3 of 4 runs" "$T/c.out"; then
        fail resume_damaged "$(grep -i resum "$T/c.out" || echo 'no resuming line')"
    elif ! cmp -s "$T/first-song-fig8.csv" "$T/song-fig8/song-fig8.csv"; then
        fail resume_damaged "the table differs after simulating the damaged run again"
    else
        pass resume_damaged
    fi
fi

# the family options: --tcs belongs to the energy experiments only
expect_error tcs_only_energy "unknown option '--tcs' for experiment yu-fig16" $C experiment yu-fig16 --tcs reset=window
expect_error tcs_bad_value "--tcs expects tcs arguments" $C experiment song-fig9 --tcs tcs+lcs

# --all-workloads on an energy experiment: every workload of the suite, the paper's first
n=$($C list workloads 2>/dev/null | grep -c '^  [A-Z0-9]')
if timeout 300 $C experiment song-fig2 --size small --all-workloads --jobs 2 -o "$T/all" >"$T/all.out" 2>/dev/null &&
    [ "$(tail -n +2 "$T/all/song-fig2.csv" | wc -l)" -eq "$n" ] && [ "$(sed -n 2p "$T/all/song-fig2.csv" | cut -d, -f1)" = MUM ]; then
    pass energy_all_workloads
else
    fail energy_all_workloads "$(tail -n +2 "$T/all/song-fig2.csv" 2>/dev/null | wc -l) rows, suite has $n"
fi
