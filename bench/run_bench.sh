#!/bin/sh
# Speed benchmark (`make bench`). Figures are medians of 3 runs; the machine
# is shared and noisy, so compare ratios, not absolute numbers.
#  1. coalesced streaming trace of ~4 M warp instructions, gtx480, one thread:
#     simulated warp instructions per wall-clock second (target >= 1 M/s);
#  2. the same kernel generated directly (no trace parsing), and with
#     --sample-interval 1000 and 100 (per-SM time series): their cost;
#  3. PTX workloads end to end (functional + timing), MMUL and BFS at
#     default size: warp instructions per wall-clock second (target >= 0.5 M/s);
#  4. components in isolation: CPU time per DRAM channel cycle and per
#     address decode (bench/bench_*.c), wall time per warp instruction the
#     synthetic front-end generates (test_synth --bench);
#  5. the power model's cost: the synthetic streaming kernel and MMUL with and
#     without --power (sampling every 1000 cycles), runs interleaved, the
#     ratio of median rates (target <= 1.10);
#  6. peak memory while simulating a ~1 GB trace (target < 200 MB).
#     Skip with BENCH_BIG=0.
BUILD=${1:-build}
C=$BUILD/ctasim
D=$BUILD/bench
mkdir -p "$D"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rate() { grep '^gpgpu_simulation_rate' | awk '{print $3}'; }

SPEC="stream:ctas=1200,threads=256,iters=52"
if [ ! -f "$D/stream4m/kernelslist.g" ]; then
    echo "bench: writing a ~4M warp-instruction streaming trace"
    $C trace "$SPEC" -o "$D/stream4m" || exit 1
fi
ls -l "$D/stream4m"/kernel-1.traceg | awk '{printf "bench: trace size %.1f MB\n", $5/1e6}'
for i in 1 2 3; do $C run "$D/stream4m/kernelslist.g" | rate; done >"$D/trace_rates"
for i in 1 2 3; do $C run "$SPEC" | rate; done >"$D/synth_rates"
$C run "$D/stream4m/kernelslist.g" | grep -E '^(gpu_tot_warp_insn|gpu_sim_cycle|gpgpu_simulation_time)'
echo "bench: trace-driven streaming  median $(median <"$D/trace_rates") warp inst/s  (runs: $(tr '\n' ' ' <"$D/trace_rates"))"
echo "bench: synthetic streaming     median $(median <"$D/synth_rates") warp inst/s  (runs: $(tr '\n' ' ' <"$D/synth_rates"))"
# the cost of per-SM time series (--sample-interval: sm_ipc/<i>, sm_ctas/<i> every N cycles)
for n in 1000 100; do
    for i in 1 2 3; do $C run --sample-interval $n "$SPEC" | rate; done >"$D/sampled_rates_$n"
    m=$(median <"$D/sampled_rates_$n"); base=$(median <"$D/synth_rates")
    echo "bench: synthetic streaming, --sample-interval $n  median $m warp inst/s ($(echo "$m $base" | awk '{printf "%.2f", $1 / $2}') of the rate without; runs: $(tr '\n' ' ' <"$D/sampled_rates_$n"))"
done

# the power model's overhead, measured in this run: slowdown = rate off / rate on
for w in "$SPEC" MMUL; do
    for i in 1 2 3; do
        $C run "$w" | rate >>"$D/pw_off.$$"
        $C run --power --set power_sample_period=1000 "$w" | rate >>"$D/pw_on.$$"
    done
    off=$(median <"$D/pw_off.$$"); on=$(median <"$D/pw_on.$$")
    echo "bench: --power overhead on ${w%%:*}  off $off  on $on warp inst/s  slowdown $(echo "$off $on" | awk '{printf "%.3f", ($2 > 0 ? $1 / $2 : 0)}') (target <= 1.10)"
    rm -f "$D/pw_off.$$" "$D/pw_on.$$"
done

for w in MMUL BFS; do
    for i in 1 2 3; do
        s=$(date +%s.%N)
        n=$($C run "$w" | awk '/^gpu_tot_warp_insn/ {print $3}')
        e=$(date +%s.%N)
        echo "$n $s $e" | awk '{printf "%.0f\n", $1 / ($3 - $2)}'
    done >"$D/${w}_rates"
    echo "bench: $w end to end (default size) median $(median <"$D/${w}_rates") warp inst/s, wall clock incl. host code  (runs: $(tr '\n' ' ' <"$D/${w}_rates"))"
done

for b in "$BUILD"/bench/bin/bench_*; do
    "$b" || { echo "bench: $(basename "$b") failed"; exit 1; }
done
out=$("$BUILD/tests/test_synth" --bench) || { echo "bench: test_synth --bench failed"; exit 1; }
echo "bench: synthetic front-end $out"

if [ "${BENCH_BIG:-1}" = 1 ]; then
    BIG="stream:ctas=6800,threads=256,iters=64"
    if [ ! -f "$D/stream1g/kernelslist.g" ]; then
        echo "bench: writing a ~1 GB trace (once; kept in $D/stream1g)"
        $C trace "$BIG" -o "$D/stream1g" || exit 1
    fi
    ls -l "$D/stream1g"/kernel-1.traceg | awk '{printf "bench: big trace size %.0f MB\n", $5/1e6}'
    $C run "$D/stream1g/kernelslist.g" | grep -E '^(gpu_tot_warp_insn|gpgpu_simulation_rate|gpgpu_peak_memory)'
fi
