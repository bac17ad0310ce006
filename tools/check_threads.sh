#!/bin/sh
# Do the statistics depend on the thread count? Issue 28's determinism check:
# every run of tools/check_identical.sh (the workload suite at small size, the
# synthetic kernels, policies that read core counters and pause or gate
# cores, QV100, the power model) with the thread team forced on every phase
# (CTASIM_FORCE_TEAM=1: no time-based choice, small GPUs too) at 2, 3, 4, 8
# and 16 threads, each compared with --threads 1: the whole JSON document,
# less the host's fields. (tests/test_parallel.c covers the engine's cases
# that need the library: run-ahead windows, a team started mid-run, mixes,
# the mesh.)
#   tools/check_threads.sh BUILD/ctasim [THREADS...]
# Prints one line per thread count and exits 1 if any run differs.
set -u
C=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
COUNTS=${*:-2 3 4 8 16}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/check_threads.XXXXXX")
trap 'rm -rf "$work"' EXIT
# side A: one thread; side B: the forced team (check_identical runs `BIN run ARGS`)
cat >"$work/one" <<SH
#!/bin/sh
sub=\$1; shift
[ "\$sub" = run ] && exec "$C" run --threads 1 "\$@"
exec "$C" "\$sub" "\$@"
SH
chmod +x "$work/one"
bad=0
for n in $COUNTS; do
    cat >"$work/team$n" <<SH
#!/bin/sh
sub=\$1; shift
[ "\$sub" = run ] && CTASIM_FORCE_TEAM=1 exec "$C" run --threads $n "\$@"
exec "$C" "\$sub" "\$@"
SH
    chmod +x "$work/team$n"
    if out=$(sh "$here/tools/check_identical.sh" "$work/one" "$work/team$n" "$work/out$n" 2>&1); then
        echo "check_threads: $n threads: $(echo "$out" | tail -1 | sed 's/ (.*//; s/^check_identical: //')"
    else
        echo "$out" | grep DIFFERS | sed "s/^/check_threads: $n threads: /"
        echo "check_threads: $n threads: $(echo "$out" | tail -1 | sed 's/ (.*//; s/^check_identical: //')"
        bad=1
    fi
done
exit $bad
