#!/bin/sh
# Nothing lost: a command that fails, or is interrupted by SIGINT or SIGTERM,
# leaves every earlier output byte-identical and no temporary behind. Each
# shape of the issue once failing early and once (where a run is long
# enough to interrupt) killed mid-run; every check compares the old file
# with cmp (a trace directory with diff -r).
. tests/cli_common.sh
PTX=workloads/ptx/vadd.ptx
LONG=stream:ctas=24000,iters=64 # about a minute of simulation: always killed first

# keep FILE: an earlier result worth keeping, with a copy to compare against
keep() { printf '{"earlier": "result %s"}\n' "$1" >"$1"; cp "$1" "$1.orig"; }
# intact NAME FILE...: every FILE equals its .orig and no temporary is left
# beside it; "$rc_ok" says whether the command ended as expected
intact() {
    name=$1; shift
    for f in "$@"; do
        if ! cmp -s "$f" "$f.orig"; then fail "$name" "$f changed: $(head -c 80 "$f")"; return; fi
        if ls "$f".tmp.* >/dev/null 2>&1; then fail "$name" "temporary left: $(ls "$f".tmp.*)"; return; fi
    done
    [ -n "$rc_ok" ] && fail "$name" "$rc_ok" || pass "$name"
}
# failing NAME FILE... -- CMD...: CMD must fail with one "ctasim:" line
failing() {
    name=$1; shift; files=
    while [ "$1" != -- ]; do files="$files $1"; shift; done; shift
    timeout 60 "$@" >"$T/out" 2>"$T/err"; rc=$?
    rc_ok=
    if [ $rc -eq 0 ] || [ $rc -ge 124 ]; then rc_ok="exit $rc"
    elif [ "$(wc -l <"$T/err")" -ne 1 ] || ! grep -q '^ctasim: ' "$T/err"; then rc_ok="stderr: $(head -3 "$T/err")"; fi
    intact "$name" $files
}

# A background job of a non-interactive shell starts with SIGINT ignored
# (and a process keeps an ignored signal ignored, as ctasim rightly does):
# $DFL starts a command with SIGINT at its default action, by env or
# python3; a command, not a function, so that $! is ctasim's own pid.
if env --default-signal=INT true 2>/dev/null; then
    DFL="env --default-signal=INT"
elif command -v python3 >/dev/null; then
    echo 'import os,signal,sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])' >"$T/dfl.py"
    DFL="python3 $T/dfl.py"
else
    DFL=
fi
# killed NAME SIG GLOB FILE... -- CMD...: start CMD, wait until GLOB (its
# temporary) exists and a little more, send SIG; it must die of SIG
# (status 128+n) and leave every FILE intact, no temporary behind
killed() {
    name=$1; sig=$2; glob=$3; shift 3; files=
    while [ "$1" != -- ]; do files="$files $1"; shift; done; shift
    if [ -z "$DFL" ]; then
        echo "SKIP $name: neither env --default-signal nor python3 to start a job with SIGINT"; return
    fi
    $DFL "$@" >"$T/out" 2>"$T/err" &
    pid=$!
    n=0
    while [ $n -lt 100 ] && ! ls $glob >/dev/null 2>&1; do sleep 0.05; n=$((n + 1)); done
    sleep 0.3 # mid-run: the temporary is being written
    kill -$sig $pid; wait $pid; rc=$?
    case $sig in INT) want=130 ;; TERM) want=143 ;; esac
    rc_ok=
    [ $n -ge 100 ] && rc_ok="no temporary $glob appeared"
    [ $rc -ne $want ] && rc_ok="exit $rc, not $want (died of SIG$sig): $(head -2 "$T/err")"
    if ls $glob >/dev/null 2>&1; then rc_ok="temporary left: $(ls -d $glob)"; fi
    intact "$name" $files
}

# in $T, so the relative names below are the files under test
case $C in /*) ;; *) C=$PWD/$C ;; esac
PTX=$PWD/$PTX
cd "$T" || exit 1

# --- run --json: every failure before the result exists
keep keep.json; keep keep-series.csv
failing json_unknown_workload keep.json -- "$C" run --json keep.json NOSUCH
failing json_series_unknown_workload keep.json keep-series.csv -- \
    "$C" run --json keep.json --sample-interval 100 NOSUCH
failing json_config_gpu_cannot_run keep.json -- "$C" run --json keep.json shmem:shmem=100k
failing json_launch_missing_in keep.json -- "$C" launch --json keep.json --ptx "$PTX" --kernel vadd \
    --grid 1 --block 32 in:nosuch.bin in:nosuch.bin out:128:keep.json s32:32
failing json_bad_dir_fails_fast keep.json -- "$C" run --json nodir/x.json "$LONG"
# a failed output check still writes its result (today's rule), whole
"$C" run --quiet --json fresh.json stream:ctas=4,iters=1 >/dev/null 2>&1 &&
    grep -q '"cycles"' fresh.json && ! ls fresh.json.tmp.* >/dev/null 2>&1 &&
    pass json_written_whole || fail json_written_whole "$(head -c 80 fresh.json)"
# a device is written in place, not replaced by a rename
"$C" run --quiet --json /dev/null stream:ctas=4,iters=1 >/dev/null 2>&1 && [ -c /dev/null ] &&
    pass json_device_in_place || fail json_device_in_place "rc $?"
# ... and interrupted
killed json_sigint INT 'keep.json.tmp.*' keep.json -- "$C" run --quiet --json keep.json "$LONG"
killed json_sigterm TERM 'keep.json.tmp.*' keep.json -- "$C" run --quiet --json keep.json "$LONG"
killed json_series_sigint INT 'keep.json.tmp.*' keep.json keep-series.csv -- \
    "$C" run --quiet --json keep.json --sample-interval 1000 "$LONG"

# --- report: a bad input writes no page
keep keep.html
echo '{}' >bad.json
failing report_bad_input keep.html -- "$C" report bad.json -o keep.html

# --- trace -o DIR
"$C" trace --no-compress stream:ctas=4,iters=2 -o trA >/dev/null 2>&1 && cp -r trA trA.orig
same_dir() { # NAME DIR: DIR equals DIR.orig and no DIR.tmp.* beside it
    if ! diff -r "$2" "$2.orig" >/dev/null 2>&1; then fail "$1" "$2 changed: $(ls "$2")"
    elif ls -d "$2".tmp.* >/dev/null 2>&1; then fail "$1" "temporary left: $(ls -d "$2".tmp.*)"
    elif [ -n "$rc_ok" ]; then fail "$1" "$rc_ok"
    else pass "$1"; fi
}
failing_dir() { # NAME DIR PATTERN -- CMD...: one error line matching PATTERN, DIR untouched
    name=$1; dir=$2; pat=$3; shift 4
    timeout 60 "$@" >"$T/out" 2>"$T/err"; rc=$?
    rc_ok=
    if [ $rc -eq 0 ] || [ $rc -ge 124 ]; then rc_ok="exit $rc"
    elif [ "$(wc -l <"$T/err")" -ne 1 ] || ! grep -q -- "$pat" "$T/err"; then rc_ok="stderr: $(head -3 "$T/err")"; fi
    same_dir "$name" "$dir"
}
failing_dir trace_unknown_input_keeps_dir trA "unknown input 'NOSUCH'" -- "$C" trace NOSUCH -o trA
failing_dir trace_bad_input_even_forced trA "unknown input 'NOSUCH'" -- "$C" trace NOSUCH -o trA --force
failing_dir trace_into_own_input trA "lies in the output directory" -- "$C" trace trA -o trA
failing_dir trace_into_own_input_forced trA "lies in the output directory" -- "$C" trace trA/kernelslist.g -o trA/ --force
failing_dir trace_over_other_trace trA "already holds a trace" -- "$C" trace stream:ctas=2,iters=1 -o trA
# interrupted while the new trace is written: the old one stays
rc_ok=
if [ -n "$DFL" ]; then
    $DFL "$C" trace --no-compress --force "$LONG" -o trA >"$T/out" 2>"$T/err" & pid=$!
    n=0; while [ $n -lt 100 ] && ! ls -d trA.tmp.* >/dev/null 2>&1; do sleep 0.05; n=$((n + 1)); done
    sleep 0.3; kill -INT $pid; wait $pid; rc=$?
    [ $rc -ne 130 ] && rc_ok="exit $rc, not 130"
    same_dir trace_sigint_keeps_dir trA
else echo "SKIP trace_sigint_keeps_dir: no way to start a job with SIGINT"; fi
# --force replaces the trace, kernels the new one lacks included
touch trA/kernel-9.traceg; echo mine >trA/notes.txt
if "$C" trace --no-compress --force stream:ctas=6,iters=1 -o trA >"$T/out" 2>"$T/err" &&
        [ ! -e trA/kernel-9.traceg ] && grep -q mine trA/notes.txt && grep -q 'grid dim = (6,1,1)' trA/kernel-1.traceg &&
        ! ls -d trA.tmp.* >/dev/null 2>&1; then
    pass trace_force_replaces
else fail trace_force_replaces "$(cat "$T/err") $(ls trA)"; fi
# an empty directory or a new one needs no --force
mkdir empty
"$C" trace stream:ctas=2,iters=1 -o empty >/dev/null 2>&1 && [ -f empty/kernelslist.g ] &&
    "$C" trace stream:ctas=2,iters=1 -o new/sub >/dev/null 2>&1 && [ -f new/sub/kernelslist.g ] &&
    pass trace_new_or_empty_dir || fail trace_new_or_empty_dir "$(ls empty new/sub 2>&1)"
exit 0
