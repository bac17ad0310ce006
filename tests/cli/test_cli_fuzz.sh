#!/bin/sh
# Fuzz-style command-line test: argument vectors drawn at random (a fixed
# seed, so every run tries the same ones) from the real subcommands and
# options, with good and bad values mixed. Under `make asan` $CTASIM is the
# ASan/UBSan build. For every vector:
#   - it ends within the time limit and without a signal (no crash, no hang);
#   - no sanitizer report;
#   - exit 0 never comes with a zero-cycle result (gpu_sim_cycle = 0);
#   - a non-zero exit says why on stderr, in a "ctasim: ..." line or usage.
# Prints "PASS cli_fuzz_<subcommand>" per subcommand or a FAIL line with the
# vector. CLI_FUZZ_VECTORS (default 160) and CLI_FUZZ_SEED change the draw.
. tests/cli_common.sh
N=${CLI_FUZZ_VECTORS:-160}
x=${CLI_FUZZ_SEED:-20261126}
LIMIT=60

# next pseudo-random number in x (a 31-bit LCG: plenty for picking)
rnd() { x=$(( (x * 1103515245 + 12345) % 2147483648 )); }
# pick one of the '|'-separated alternatives of $1 into $v
# (its variables are p_*: sh has no locals)
pick() {
    rnd
    p_n=0; p_ifs=$IFS; IFS='|'
    for p_w in $1; do p_n=$((p_n + 1)); done
    p_k=$(( (x / 65536) % p_n )); p_i=0
    for p_w in $1; do [ $p_i -eq $p_k ] && v=$p_w; p_i=$((p_i + 1)); done
    IFS=$p_ifs
}

PTX=workloads/ptx/vadd.ptx
: >"$T/empty"
printf '\001\002\003\004' >"$T/four.bin"
# options every simulating subcommand takes, with values good and bad
COMMON_OPTS='--config|--set|--cta-sched|--warp-sched|--max-ctas|--quiet|--seed|--size|--allow-unknown'
val_config='gtx480|pact13-30sm|date16-15sm|nosuch|/dev/null|'$T/empty'|tests/data/config/gtx480.config|/etc/passwd|'
val_set='gpgpu_max_cycle=200|gpgpu_max_insn=50|gpgpu_n_clusters=0|gpgpu_n_clusters=-1|no_such_option=1|=|gpgpu_max_insn=abc|gpgpu_shader_core_pipeline=0:32|gpgpu_cache:dl1=garbage|power_sm_static_w=1|power_wakeup_cycles=3|gpgpu_dram_partition_queues=8:0:8:8'
val_cta='rr|lcs|bcs|dyncta|claso|lcs+bcs|dyncta+claso|static:n=0|static:n=2|static:n=-2|dyncta:period=0|claso:pa=9,pl=9|+|rr+rr|nosuch|lcs:round=sideways|static|tcs|'
val_warp='gto|lrr|tl|sca|ccws|owl|tl:group=0|nosuch|two_level_active:0|'
val_caps='1|2|0|65|abc|1..3|3..1|'
val_seed='1|7|abc|-1|18446744073709551616|0x10|'
val_size='small|tiny||SMALL'
inputs='stream:ctas=4,iters=1|strided:ctas=4,iters=1|chase:ctas=2,iters=2|VADD|NOSUCH|/dev/null|'$T/empty'|README.md|stream:bogus=1|stream:ctas=0|tests/data'

value_for() { # option -> $v
    case $1 in
        --config) pick "$val_config" ;;
        --set) pick "$val_set" ;;
        --cta-sched) pick "$val_cta" ;;
        --warp-sched) pick "$val_warp" ;;
        --max-ctas) pick "$val_caps" ;;
        --seed) pick "$val_seed" ;;
        --size) pick "$val_size" ;;
        --jobs) pick '1|2|0|-1|abc|300' ;;
        --tolerance) pick '0.02|nan|-1|2|x' ;;
        -o) pick "$T/out|/proc/nope|$T/empty|" ;;
        --json) pick "$T/r.json|/proc/x.json|$T|" ;;
        --workloads) pick 'VADD|NOPE|VADD,,MMUL||MMUL' ;;
        --grid) pick '1|2,1|0|4,1,1,1|abc|2147483648' ;;
        --block) pick '32|64,1,1|0|2048|x' ;;
        --ptx) pick "$PTX|/dev/null|$T/empty|README.md|/nope.ptx" ;;
        --kernel) pick 'vadd|nosuch|' ;;
        --regs) pick '0|32|256|x' ;;
        --shmem) pick '0|-1|1k|99999999999' ;;
        --binary-version) pick '1|0|abc|10000' ;;
        --backend) pick 'local|x|' ;;
        --figures) pick "$T/figs|/proc/nope|" ;;
        --figure) pick 'ipc-vs-ctas|nosuch|,|' ;;
        --baseline) pick 'rr|nosuch/gto|' ;;
        *) v= ;;
    esac
}
takes_value() {
    case $1 in --quiet|--allow-unknown|--no-compress|--force|--all-workloads|--unmodelled) return 1 ;; esac
    return 0
}

bad=0; i=0
# The shapes that destroyed data (issue 24): bad commands aimed at an
# earlier --json result and an earlier trace, both of which must come
# through byte-identical, with one error line and a non-zero exit.
printf '{"earlier": 1}\n' >"$T/keep.json"; cp "$T/keep.json" "$T/keep.orig"
"$C" trace --no-compress stream:ctas=2,iters=1 -o "$T/keeptr" >/dev/null 2>&1 && cp -r "$T/keeptr" "$T/keeptr.orig"
K=$T/keep.json; D=$T/keeptr; kept=0
for cmd in "run --json $K NOSUCH" "run --json $K shmem:shmem=100k" "run --json $K --sample-interval 0 stream" \
        "run --json $K --max-ctas 2 $D/nope/kernelslist.g" "run --json $K --cta-sched nosuch stream" \
        "launch --json $K --ptx $PTX --kernel vadd --grid 1 --block 32 in:/nope in:/nope out:4:$K u32:1" \
        "launch --json $K --ptx /nope.ptx --kernel vadd --grid 1 --block 32" "report $T/nope -o $K" \
        "trace NOSUCH -o $D" "trace NOSUCH -o $D --force" "trace $D -o $D" "trace $D/kernelslist.g -o $D --force" \
        "trace stream:ctas=2 -o $D" "trace --size small VADD -o $D" "sweep --max-ctas 1..2 -o $D NOSUCH"; do
    timeout $LIMIT "$C" $cmd >"$T/stdout" 2>"$T/stderr"; rc=$?
    why=
    if [ $rc -eq 0 ] || [ $rc -ge 124 ]; then why="exit $rc"
    elif ! grep -q '^ctasim: ' "$T/stderr"; then why="no error line: $(head -2 "$T/stderr")"
    elif ! cmp -s "$K" "$T/keep.orig"; then why="$K changed"
    elif ! diff -r "$D" "$T/keeptr.orig" >/dev/null; then why="$D changed: $(ls -a "$D")"
    elif ls -d "$K".tmp.* "$D".tmp.* >/dev/null 2>&1; then why="temporary left"
    fi
    if [ -n "$why" ]; then
        bad=$((bad + 1)); echo "FAIL cli_fuzz_outputs_kept: $why: ctasim $cmd"
    else kept=$((kept + 1)); fi
done
[ $kept -eq 15 ] && echo "PASS cli_fuzz_outputs_kept ($kept commands)"
for s in run sweep launch trace config experiment report; do eval "ok_$s=0; bad_$s=0"; done
while [ $i -lt $N ]; do
    i=$((i + 1))
    pick 'run|run|run|sweep|launch|launch|trace|config|experiment|report'; sub=$v
    set -- "$sub"
    case $sub in
        run) opts="$COMMON_OPTS|--json" ;;
        sweep) opts="$COMMON_OPTS|--jobs|-o|--tolerance|--force" ;;
        launch) opts='--cta-sched|--warp-sched|--config|--set|--regs|--shmem|--quiet|--json|--max-ctas' ;;
        trace) opts='--size|--seed|--binary-version|--no-compress|-o|--config' ;;
        config) opts='--config|--set|--unmodelled|--allow-unknown' ;;
        experiment) opts='--jobs|-o|--workloads|--config|--all-workloads|--backend' ;;
        report) opts='-o|--figures|--figure|--baseline' ;;
    esac
    rnd; nopt=$(( (x / 65536) % 4 ))
    j=0
    while [ $j -lt $nopt ]; do
        j=$((j + 1))
        pick "$opts"; o=$v
        # the experiment's workload set stays small: no --all-workloads run
        [ "$o" = --all-workloads ] && continue
        if takes_value "$o"; then value_for "$o"; set -- "$@" "$o" "$v"; else set -- "$@" "$o"; fi
    done
    case $sub in
        run|sweep|trace)
            # 1..8 reaches caps above the small workloads' occupancy limits (same_as)
            [ "$sub" = sweep ] && { pick '1..2|1..2|1..8'; set -- "$@" --max-ctas "$v" -o "$T/sw$i"; }
            [ "$sub" = trace ] && set -- "$@" -o "$T/tr$i"
            pick "$inputs"; set -- "$@" --size small "$v" ;;
        launch)
            rnd
            if [ $(( (x / 65536) % 3 )) -ne 0 ]; then
                set -- "$@" --ptx $PTX --kernel vadd --grid 1 --block 32
            fi
            pick "in:$T/four.bin|zero:4|out:4:$T/o.bin|out:-5:$T/o.bin|u32:4294967296|s32:-1|in:/tmp|f32:x|u64:1"
            # the last argument of vadd is its .u32 n: a float there is refused
            a1=$v; pick "u32:1|u32:1|f32:1.5|f64:2|out:-4:$T/o.bin|out:abc:$T/o.bin"
            set -- "$@" "$a1" "in:$T/four.bin" "out:4:$T/o.bin" "$v" ;;
        experiment)
            pick 'yu-fig16|nosuch|list|'; set -- "$@" --size small --workloads VADD --jobs 1 -o "$T/ex$i" "$v"
            # no name at all: the list on stderr, exit 2
            rnd; [ $(( (x / 65536) % 8 )) -eq 0 ] && set -- experiment ;;
        report)
            [ -s "$T/rep.json" ] || "$C" run --quiet --json "$T/rep.json" stream:ctas=8,iters=1 >/dev/null 2>&1
            pick "$T/rep.json|$T|/dev/null|$T/empty|README.md|/nope|"; set -- "$@" "$v" ;;
    esac
    rm -f "$T/r.json"
    timeout $LIMIT "$C" "$@" >"$T/stdout" 2>"$T/stderr"; rc=$?
    why=
    if [ $rc -eq 124 ]; then why="did not end within ${LIMIT}s"
    elif [ $rc -ge 128 ]; then why="killed by signal $((rc - 128))"
    elif grep -q -E 'AddressSanitizer|LeakSanitizer|runtime error:' "$T/stderr"; then why="sanitizer: $(grep -m1 -E 'Sanitizer|runtime error' "$T/stderr")"
    elif [ $rc -eq 0 ] && grep -q '^gpu_sim_cycle = 0$' "$T/stdout"; then why="exit 0 with gpu_sim_cycle = 0"
    elif [ $rc -eq 0 ] && [ -f "$T/r.json" ] && grep -q '^  "cycles": 0,' "$T/r.json"; then why="exit 0 with 0 cycles in the JSON"
    elif [ $rc -ne 0 ] && ! grep -q -E '^ctasim: |^usage: |FAIL' "$T/stderr" "$T/stdout"; then why="exit $rc without saying why"
    fi
    if [ -n "$why" ]; then
        bad=$((bad + 1)); eval "bad_$sub=\$((bad_$sub + 1))"
        echo "FAIL cli_fuzz_$i: $why: ctasim $*"
    else
        eval "ok_$sub=\$((ok_$sub + 1))"
    fi
done
for s in run sweep launch trace config experiment report; do
    eval "n=\$ok_$s; b=\$bad_$s"
    [ "$b" -eq 0 ] && echo "PASS cli_fuzz_$s ($n vectors)"
done
[ $bad -eq 0 ]
