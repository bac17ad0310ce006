#!/bin/sh
# The checks that need a machine with an NVIDIA GPU and many cores, as one
# script (such machines are lent for minutes at a time): what the machine is,
# a build, the suite on the GPU (`ctasim native`), and --threads scaling
# (tools/bench_threads.sh).
#   tools/device_check.sh OUTDIR [PART...]
# PARTs (default: info build native threads):
#   info      nvidia-smi, CPU, compilers                    -> OUTDIR/machine.txt
#   build     make -j(cores) build/ctasim build/ctasim-native -> OUTDIR/build.log
#   native    every workload at default size, 1 warm-up + 5 timed runs
#             -> OUTDIR/native-default.{txt,csv}, native-default-kernels.csv
#   native-paper  the same at paper size, 3 timed runs      -> OUTDIR/native-paper.*
#   caps      MMUL, HOT and BFS with --max-ctas 1, 2, 4 (padding shared memory)
#             -> OUTDIR/native-caps.txt, native-caps-N.csv
#   caps-paper  every workload at paper size with --max-ctas 1, 2, 4, 8 (the
#             static oracle on the GPU)  -> OUTDIR/native-paper-capN.{txt,csv}
#   these     the workloads named in $WORKLOADS (e.g. new ones) at default and paper size
#             -> OUTDIR/native-these-{default,paper}.{txt,csv}
#   caps-base every workload at paper size, no cap, carve-out pinned at 100 % as the
#             caps' runs have it (their fair baseline) -> OUTDIR/native-paper-carve100.*
#   threads   tools/bench_threads.sh, 1 2 4 8 16 threads and auto (the default), one run each
#             -> OUTDIR/threads.txt
#   threads-long  the same on the long H100-sized cases (BENCH_SET=long), median of 3
#             -> OUTDIR/threads-long.txt
#   threads-pinned  threads-long with CTASIM_PIN_THREADS=1 (a CPU per team thread)
#             -> OUTDIR/threads-pinned.txt
#   profile   make prof; the long H100-sized cases on 1 and 16 threads, each phase's
#             share of wall time and how often it ran on the team -> OUTDIR/profile.txt
#   correlate ctasim correlate of native-default.csv on all cores -> OUTDIR/correlate-default.*
#   correlate-paper  the same for native-paper.csv
# Each part has its own time limit (seconds: $LIMIT_<PART>, e.g. LIMIT_native=150)
# so one part that runs long does not cost the others.
set -u
OUT=${1:?usage: tools/device_check.sh OUTDIR [PART...]}
shift
PARTS=${*:-info build native threads threads-long threads-pinned profile}
mkdir -p "$OUT"
J=$(nproc 2>/dev/null || echo 2)
C=build/ctasim
limit() { eval "echo \${LIMIT_$1:-$2}"; }
say() { echo "== $(date -u +%T) $*"; }
# The SM clock every 100 ms while the GPU parts run (it is not locked: the
# times are the measurement; this says at what clock they were taken).
if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv -lms 100 \
        >"$OUT/clocks.csv" 2>/dev/null &
    CLOCKS=$!
    trap 'kill $CLOCKS 2>/dev/null' EXIT
fi
# a CSV that a part cut short left as FILE.partial
csv_or_partial() { if [ -f "$1" ]; then echo "$1"; else echo "$1.partial"; fi; }
for p in $PARTS; do
    say "$p"
    case $p in
    info)
        { nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,memory.total --format=csv
          nproc; grep -m1 'model name' /proc/cpuinfo; free -g | head -2
          cc --version | head -1; make --version | head -1; nvcc --version | tail -2; } >"$OUT/machine.txt" 2>&1
        cat "$OUT/machine.txt" ;;
    build)
        if ! make -j"$J" $C build/ctasim-native >"$OUT/build.log" 2>&1; then
            tail -20 "$OUT/build.log"; exit 1
        fi
        tail -2 "$OUT/build.log" ;;
    native)
        timeout "$(limit native 150)" $C native --size default --repeat 5 --warmup 1 \
            --csv "$OUT/native-default.csv" --kernels-csv "$OUT/native-default-kernels.csv" all \
            >"$OUT/native-default.txt" 2>&1
        echo "exit $?"; grep -c PASS "$OUT/native-default.txt"; grep -v PASS "$OUT/native-default.txt" | head -20 ;;
    native-paper)
        timeout "$(limit native_paper 200)" $C native --size paper --repeat 3 --warmup 1 \
            --csv "$OUT/native-paper.csv" --kernels-csv "$OUT/native-paper-kernels.csv" all \
            >"$OUT/native-paper.txt" 2>&1
        echo "exit $?"; grep -c PASS "$OUT/native-paper.txt"; grep -v PASS "$OUT/native-paper.txt" | head -20 ;;
    these)
        for size in default paper; do
            timeout "$(limit these 60)" $C native --size $size --repeat 3 --warm-ms 200 \
                --csv "$OUT/native-these-$size.csv" --kernels-csv "$OUT/native-these-$size-kernels.csv" \
                ${WORKLOADS:?set WORKLOADS} >"$OUT/native-these-$size.txt" 2>&1
            echo "$size: exit $?"; cat "$OUT/native-these-$size.txt"
        done ;;
    caps-base)
        timeout "$(limit caps_base 60)" $C native --size paper --repeat 3 --warm-ms 100 --carveout 100 \
            --csv "$OUT/native-paper-carve100.csv" all >"$OUT/native-paper-carve100.txt" 2>&1
        echo "exit $?" ;;
    caps-paper)
        for n in 1 2 4 8; do
            timeout "$(limit caps_paper 60)" $C native --size paper --repeat 3 --warm-ms 100 --max-ctas $n \
                --csv "$OUT/native-paper-cap$n.csv" all >"$OUT/native-paper-cap$n.txt" 2>&1
            echo "cap $n: exit $?"
        done ;;
    caps)
        : >"$OUT/native-caps.txt"
        for n in 1 2 4; do
            timeout "$(limit caps 40)" $C native --size default --repeat 3 --max-ctas $n \
                --csv "$OUT/native-caps-$n.csv" MMUL HOT BFS >>"$OUT/native-caps.txt" 2>&1
        done
        cat "$OUT/native-caps.txt" ;;
    threads)
        timeout "$(limit threads 240)" sh tools/bench_threads.sh $C - 1 1 2 4 8 16 auto >"$OUT/threads.txt" 2>&1
        echo "exit $?"; cat "$OUT/threads.txt" ;;
    threads-long)
        BENCH_SET=long timeout "$(limit threads_long 150)" sh tools/bench_threads.sh $C - 3 1 2 4 8 16 \
            >"$OUT/threads-long.txt" 2>&1
        echo "exit $?"; cat "$OUT/threads-long.txt" ;;
    threads-pinned)
        CTASIM_PIN_THREADS=1 BENCH_SET=long timeout "$(limit threads_pinned 150)" sh tools/bench_threads.sh $C - 3 \
            1 2 4 8 16 >"$OUT/threads-pinned.txt" 2>&1
        echo "exit $?"; cat "$OUT/threads-pinned.txt" ;;
    profile)
        # the phase profile build (docs/SPEED.md "Where the time goes, per phase")
        make -j"$J" prof >"$OUT/profile-build.log" 2>&1 || { tail -5 "$OUT/profile-build.log"; exit 1; }
        Q=tests/data/config/qv100
        : >"$OUT/profile.txt"
        for input in compute:ctas=1056,iters=512 stream:ctas=2112,iters=8 strided:ctas=1056,iters=2; do
            for t in 1 16; do
                echo "-- $input, $t threads" >>"$OUT/profile.txt"
                timeout "$(limit profile 60)" build-prof/ctasim run --quiet --threads $t --config $Q/gpgpusim.config \
                    --config $Q/trace.config --allow-unknown --set gpgpu_n_clusters=132 "$input" 2>&1 |
                    grep '^phase profile' >>"$OUT/profile.txt"
            done
        done
        cat "$OUT/profile.txt" ;;
    correlate)
        timeout "$(limit correlate 150)" $C correlate --jobs "$J" --csv "$OUT/correlate-default.csv" \
            "$(csv_or_partial "$OUT/native-default.csv")" >"$OUT/correlate-default.txt" 2>&1
        echo "exit $?"; tail -3 "$OUT/correlate-default.txt" ;;
    correlate-paper)
        timeout "$(limit correlate_paper 240)" $C correlate --jobs "$J" --csv "$OUT/correlate-paper.csv" \
            "$(csv_or_partial "$OUT/native-paper.csv")" >"$OUT/correlate-paper.txt" 2>&1
        echo "exit $?"; tail -3 "$OUT/correlate-paper.txt" ;;
    *) echo "unknown part '$p'"; exit 2 ;;
    esac
done
say done
