#!/bin/sh
# --threads N|auto (the parallel engine): run, sweep and experiment take it,
# a bad value is a usage error, and a trace run, a QV100 run and a sweep give
# the same results on 1 and 3 threads, with auto and with the default (auto) (tests/test_parallel.c checks every
# policy and kernel kind in the library).
. tests/cli_common.sh
Q=tests/data/config/qv100
TR=tests/data/traces/basic/kernelslist.g

expect_error threads_zero "--threads" "$C" run --threads 0 stream
expect_error threads_junk "--threads" "$C" run --threads 2x stream
expect_error threads_auto_junk "or auto" "$C" run --threads autox stream

# the trace's GPU has 15 cores, on which an explicit count runs one thread
# (below): CTASIM_FORCE_TEAM=1 makes it tick on the team all the same
for n in 1 3; do
    have_lzma && CTASIM_FORCE_TEAM=1 "$C" run --quiet --threads $n --cta-sched dyncta --json "$T/trace$n.json" $TR
    "$C" run --quiet --threads $n --config $Q/gpgpusim.config --config $Q/trace.config --allow-unknown \
        --json "$T/qv$n.json" strided:ctas=160,iters=2 2>/dev/null
done
if have_lzma; then same_json threads_trace "$T/trace1.json" "$T/trace3.json"
else skip threads_trace "tests/data/traces/basic has an .xz kernel and this build has no liblzma"; fi
same_json threads_qv100 "$T/qv1.json" "$T/qv3.json"
"$C" run --quiet --threads auto --config $Q/gpgpusim.config --config $Q/trace.config --allow-unknown \
    --json "$T/qvauto.json" strided:ctas=160,iters=2 2>/dev/null
same_json threads_auto "$T/qv1.json" "$T/qvauto.json"
# the default is auto: a run this long (0.6 s on one thread) starts its team
# after 0.2 s, between two cycles (gpu_set_threads_later), with the same numbers
"$C" run --quiet --config $Q/gpgpusim.config --config $Q/trace.config --allow-unknown \
    --json "$T/qvdefault.json" strided:ctas=160,iters=2 2>/dev/null
same_json threads_default_auto "$T/qv1.json" "$T/qvdefault.json"

# CTASIM_FORCE_TEAM=1 (measurement, docs/SPEED.md) puts every phase on the
# team without the timing choice: the same numbers; another value is warned of
CTASIM_FORCE_TEAM=1 "$C" run --quiet --threads 2 --config $Q/gpgpusim.config --config $Q/trace.config \
    --allow-unknown --json "$T/qvforce.json" strided:ctas=160,iters=2 2>/dev/null
same_json threads_force_team "$T/qv1.json" "$T/qvforce.json"
if CTASIM_FORCE_TEAM=yes "$C" run --quiet --threads 2 --config $Q/gpgpusim.config --config $Q/trace.config \
        --allow-unknown compute:ctas=4,iters=1 2>&1 >/dev/null |
        grep -q "CTASIM_FORCE_TEAM=yes ignored"; then pass threads_force_team_bad
else fail threads_force_team_bad "no warning for CTASIM_FORCE_TEAM=yes"; fi

# below 32 cores a team never paid (docs/SPEED.md): an explicit count runs
# one thread there and says so, once
"$C" run --quiet --threads 2 --json "$T/small2.json" stream:ctas=30,iters=2 2>"$T/small2.err"
"$C" run --quiet --json "$T/small1.json" stream:ctas=30,iters=2 2>/dev/null
same_json threads_small_gpu "$T/small1.json" "$T/small2.json"
if [ "$(grep -c "a GPU of 15 cores runs on one thread" "$T/small2.err")" = 1 ]; then pass threads_small_gpu_warns
else fail threads_small_gpu_warns "$(cat "$T/small2.err")"; fi

# a sweep resumes across thread counts: --threads is not part of what a point is
"$C" sweep --max-ctas 1..2 --jobs 1 --threads 2 -o "$T/sw" stream:ctas=30,iters=2 >/dev/null 2>&1
"$C" sweep --max-ctas 1..2 --jobs 1 -o "$T/sw" stream:ctas=30,iters=2 >"$T/sw.log" 2>&1
if [ $? -eq 0 ] && [ -f "$T/sw/summary.csv" ]; then pass threads_sweep; else fail threads_sweep "$(tail -2 "$T/sw.log")"; fi

if "$C" run --help | grep -q -- "--threads N"; then pass threads_help; else fail threads_help "not in run --help"; fi

# a workload mix (A+B: two programs on one GPU) takes it too: the team ran,
# the same numbers as one thread
for n in 1 2; do
    CTASIM_FORCE_TEAM=1 "$C" run --threads $n --size small --no-alone --json "$T/mix$n.json" VADD+BFS >"$T/mix$n.out" 2>&1
done
if grep -q '^ctasim_threads = 2$' "$T/mix2.out"; then same_json threads_mix "$T/mix1.json" "$T/mix2.json"
else fail threads_mix "$(grep -E 'ctasim_threads|error' "$T/mix2.out")"; fi

# launch takes --threads and its GPU runs on the team
i=0; : >"$T/ones.bin"; : >"$T/zeros.bin"
while [ $i -lt 256 ]; do printf '\000\000\200\077' >>"$T/ones.bin"; printf '\000\000\000\000' >>"$T/zeros.bin"; i=$((i+1)); done
# (the team forced on its 15 cores: the statistics say it ran)
if CTASIM_FORCE_TEAM=1 "$C" launch --threads 2 --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256 \
        in:"$T/zeros.bin" in:"$T/ones.bin" out:1024:"$T/sum.bin" s32:256 >"$T/o" 2>"$T/e" &&
        cmp -s "$T/sum.bin" "$T/ones.bin" && grep -q '^ctasim_threads = 2$' "$T/o" "$T/e"; then
    pass threads_launch
else fail threads_launch "$(cat "$T/e") $(grep ctasim_threads "$T/o")"; fi
