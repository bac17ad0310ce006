#!/bin/sh
# Run the vendored suites' programs (suites/programs.txt, built by `make
# suites`) unmodified under `ctasim exec --quiet` at their CI size, and decide
# PASS by each program's own check: its exit status and PASS line, or its
# output against its CPU reference build. Prints "PASS name (S s)",
# "FAIL name: why" or "SKIP name: why" per program, then one summary line
# per suite and in all; exits 1 when a program failed.
# Usage: tools/run_suites.sh [--build DIR] [--set ci|test|paper|all] [--timeout S]
#                            [NAME...] [-- exec options; default --config a100]
#        tools/run_suites.sh [--build DIR] --check NAME ci|mid RUNDIR
#   --check: only the check of NAME, on a run already made (by `ctasim experiment
#   --suite`, src/cli/exp_suite.c) in RUNDIR with its stdout in RUNDIR/stdout.txt,
#   at the arguments of the set given (mid: the CPU reference gets the mid line's
#   fourth field). Prints one line, PASS, RAN (no check) or FAIL: why; exits 0, 3
#   (RAN) or 1 (FAIL)
BUILD=build; SET=ci; LIMIT=300; SELECT=""; COMPARE=""
while [ $# -gt 0 ]; do
    case $1 in
        --build) BUILD=$2; shift 2 ;;
        --set) SET=$2; shift 2 ;;
        --timeout) LIMIT=$2; shift 2 ;;
        --compare) COMPARE=1; shift; break ;;
        --check) CHECKONLY=1; shift; break ;;
        --) shift; break ;;
        -*) echo "run_suites: unknown option $1" >&2; exit 2 ;;
        *) SELECT="$SELECT $1"; shift ;;
    esac
done
case $SET in ci|test|paper|all) ;; *) echo "run_suites: --set is ci, test, paper or all, not $SET" >&2; exit 2 ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LIST="$ROOT/suites/programs.txt"
case $BUILD in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
C="$BUILD/ctasim"
S="$BUILD/suites"
DATA="$S/data"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# the programs' PTX and its ptxas reports are cached here, not in the user's home
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$T/cache}"
# run-time options after -- go to every exec; without them the A100 preset, a
# GPU of the compute capability the programs' compute_75 PTX targets or newer
# (the gtx480 default has too few registers for matrixMul's 1024-thread CTAs)
EXEC_OPTS="$*"
[ -n "$EXEC_OPTS" ] || EXEC_OPTS="--config a100"

# numbers A B TOL [SKIP]: compare the numbers of two files in order, relative tolerance TOL
# (and the same absolute floor), all but the SKIP-th (1-based: a value the program leaves
# uninitialised); prints the first difference
numbers() {
    grep -oE '[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?|nan|inf' "$1" >"$T/a.num"
    grep -oE '[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?|nan|inf' "$2" >"$T/b.num"
    paste -d' ' "$T/a.num" "$T/b.num" | awk -v tol="$3" -v skip="${4:-0}" -v na="$(wc -l <"$T/a.num")" -v nb="$(wc -l <"$T/b.num")" '
        function abs(x) { return x < 0 ? -x : x }
        { if ($1 == $2 || NR == skip) next
          if ($1 ~ /nan|inf/ || $2 ~ /nan|inf/) { print "value " NR ": " $1 " vs " $2; bad = 1; exit }
          d = abs($1 - $2); m = abs($1) > abs($2) ? abs($1) : abs($2)
          if (d > tol * m && d > tol) { print "value " NR ": " $1 " vs reference " $2; bad = 1; exit } }
        END { if (!bad && na != nb) { print na " numbers vs reference " nb; bad = 1 }
              if (!bad && na == 0) { print "no numbers to compare"; bad = 1 }
              exit bad }'
}

# ref_check name=REF,out=FILE,refout=FILE,tol=T,tail=N: run the CPU reference
# REF (a `ref` line) with its arguments in its own directory and compare the
# program's FILE (- : its stdout) with the reference's (default: the same
# name), number by number; tail=N compares only the last N lines of each,
# lines=REGEX only the lines matching REGEX (no ',' in it); binary=f4 (od's
# type: f4, u2, ...) reads a binary FILE as words of that type; sortlast
# compares the last number of each line as a sorted list (a set in any order);
# skip=N leaves out the N-th number (a value the program never initialises).
# Prints why on a difference, nothing when equal.
ref_check() {
    set -f
    refname=""; file=-; reffile=""; tol=1e-4; lines=""; only=""; binary=""; sortlast=""; skipn=0
    for kv in $(echo "$1" | tr ',' ' '); do
        case $kv in name=*) refname=${kv#name=} ;; out=*) file=${kv#out=} ;; refout=*) reffile=${kv#refout=} ;;
            binary=*) binary=${kv#binary=} ;; sortlast) sortlast=1 ;; tol=*) tol=${kv#tol=} ;; skip=*) skipn=${kv#skip=} ;; tail=*) lines=${kv#tail=} ;; lines=*) only=${kv#lines=} ;;
            *) echo "bad ref check '$kv'"; return ;; esac
    done
    [ -n "$reffile" ] || reffile=$file
    rw="$T/ref-$name"; mkdir -p "$rw"
    rargs=$(ref_args "$refname" | sed "s|@DATA@|$DATA|g")
    if [ ! -x "$S/ref/$refname" ]; then echo "CPU reference $refname not built"; return; fi
    # shellcheck disable=SC2086
    if ! (cd "$rw" && LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD }$FIXED_TIME" OMP_NUM_THREADS=1 timeout "$LIMIT" "$S/ref/$refname" $rargs >"$T/$name.refout" 2>&1 </dev/null); then
        echo "CPU reference $refname failed: $(tail -1 "$T/$name.refout")"; return
    fi
    [ "$file" = - ] && a="$T/$name.out" || a="$w/$file"
    [ "$reffile" = - ] && b="$T/$name.refout" || b="$rw/$reffile"
    # out=F1+F2+...: several output files, compared as one, in that order
    case $file in *+*)
        : >"$T/a.cat"; : >"$T/b.cat"
        for f in $(echo "$file" | tr '+' ' '); do
            [ -f "$w/$f" ] || { echo "wrote no $f"; return; }
            [ -f "$rw/$f" ] || { echo "CPU reference wrote no $f"; return; }
            cat "$w/$f" >>"$T/a.cat"; cat "$rw/$f" >>"$T/b.cat"
        done
        a="$T/a.cat"; b="$T/b.cat" ;;
    esac
    [ -f "$a" ] || { echo "wrote no $file"; return; }
    [ -f "$b" ] || { echo "CPU reference wrote no $reffile"; return; }
    # a binary output as text: od's f4 (float), u2, u4 ... of each word
    if [ -n "$binary" ]; then od -An -v -t "$binary" "$a" >"$T/a.od"; od -An -v -t "$binary" "$b" >"$T/b.od"; a="$T/a.od"; b="$T/b.od"; fi
    if [ -n "$only" ]; then grep -E -e "$only" "$a" >"$T/a.only"; grep -E -e "$only" "$b" >"$T/b.only"; a="$T/a.only"; b="$T/b.only"; fi
    # sortlast: the last number of each line, sorted (a set printed in any order)
    if [ -n "$sortlast" ]; then
        awk '{ print $NF }' "$a" | sed 's/.*[=:]//' | sort -g >"$T/a.last"; awk '{ print $NF }' "$b" | sed 's/.*[=:]//' | sort -g >"$T/b.last"
        a="$T/a.last"; b="$T/b.last"
    fi
    if [ -n "$lines" ]; then tail -n "$lines" "$a" >"$T/a.tail"; tail -n "$lines" "$b" >"$T/b.tail"; a="$T/a.tail"; b="$T/b.tail"; fi
    d=$(numbers "$a" "$b" "$tol" "$skipn") || echo "$file differs from the CPU reference: $d"
}

trim() { printf '%s' "$1" | sed 's/^[[:blank:]]*//; s/[[:blank:]]*$//'; }
# --compare A B TOL: only the comparison of numbers (tests/cli/test_suites.sh)
if [ -n "$COMPARE" ]; then numbers "$1" "$2" "$3"; exit $?; fi
[ -x "$C" ] || { echo "run_suites: $C missing (make)" >&2; exit 2; }
# every run (program and CPU reference) sees one fixed time(): programs that
# seed their inputs from the clock then compute the same thing in both
FIXED_TIME="$S/libfixedtime.so"
# (--check runs no program, only a CPU reference: without the library it runs with the clock as it is)
if [ ! -f "$FIXED_TIME" ]; then
    [ -n "$CHECKONLY" ] || { echo "run_suites: $FIXED_TIME missing (make suites)" >&2; exit 2; }
    FIXED_TIME=""
fi

# apply_check CHECK: the program's own check (the check field of
# suites/programs.txt) on its stdout $T/$name.out and its folder $w; sets why
# (empty: passed) and ran (1: the program has no check)
apply_check() {
    rest="$1"
    while [ -n "$rest" ] && [ -z "$why" ]; do
        case $rest in *' && '*) clause=${rest%% && *}; rest=${rest#* && } ;; *) clause=$rest; rest="" ;; esac
        case $clause in
            exit) ;;
            none) ran=1 ;;
            stdout:*) grep -Eq "${clause#stdout:}" "$T/$name.out" ||
                why="no line matching '${clause#stdout:}' in its output: $(tail -1 "$T/$name.out" | cut -c1-120)" ;;
            nostdout:*) if grep -Eq "${clause#nostdout:}" "$T/$name.out"; then
                why="its check failed: $(grep -E -m1 "${clause#nostdout:}" "$T/$name.out" | cut -c1-120)"; fi ;;
            ref:*) why=$(ref_check "${clause#ref:}") ;;
            atmost:*) # atmost:PREFIX:LIMIT: the number after PREFIX on a stdout line is <= LIMIT
                spec=${clause#atmost:}; pre=${spec%:*}; lim=${spec##*:}
                v=$(grep -F -m1 -- "$pre" "$T/$name.out" | sed "s/.*$pre//" | grep -oE '[-+]?[0-9.]+([eE][-+]?[0-9]+)?|nan|inf' | head -1)
                if [ -z "$v" ]; then why="no line with '$pre' in its output"
                elif ! awk -v v="$v" -v l="$lim" 'BEGIN { exit !(v != "nan" && v + 0 <= l + 0) }'; then why="its check failed: $pre $v, more than $lim"; fi ;;
            *) why="unknown check '$clause' in suites/programs.txt" ;;
        esac
    done
}

passed=0; failed=0; skipped=0; report=""
count() { # SUITE RESULT
    eval "n=\${${2}_$(echo "$1" | tr -c 'a-z\n' '_')-0}"
    eval "${2}_$(echo "$1" | tr -c 'a-z\n' '_')=$((n + 1))"
    case " $report " in *" $1 "*) ;; *) report="$report $1" ;; esac
}

# the reference lines: name -> args
# (with --check NAME mid: the fourth field of NAME's mid line, the reference's mid-size arguments)
ref_args() {
    if [ "$CHECKSET" = mid ]; then
        awk -F'|' -v n="$CHECKNAME" '{ k=$1; gsub(/^ +| +$/, "", k) } k == "mid " n { a=$4; gsub(/^ +| +$/, "", a); print a }' "$LIST"
        return
    fi
    awk -F'|' -v n="$1" '{ k=$1; gsub(/^ +| +$/, "", k) } k == "ref " n { a=$4; gsub(/^ +| +$/, "", a); print a }' "$LIST"
}

# --check NAME SET RUNDIR: the check alone, on a run `ctasim experiment --suite` made
if [ -n "$CHECKONLY" ]; then
    [ $# -eq 3 ] || { echo "run_suites: --check NAME ci|mid RUNDIR" >&2; exit 2; }
    CHECKNAME=$1; CHECKSET=$2; w=$3; name=$1
    case $CHECKSET in ci|mid) ;; *) echo "run_suites: --check: the set is ci or mid, not $CHECKSET" >&2; exit 2 ;; esac
    check=$(awk -F'|' -v n="$name" '{ k=$1; gsub(/^ +| +$/, "", k) } k == n { c=$5; gsub(/^ +| +$/, "", c); print c; exit }' "$LIST")
    [ -n "$check" ] || { echo "FAIL $name: no program of that name in suites/programs.txt"; exit 1; }
    [ -f "$w/stdout.txt" ] || { echo "FAIL $name: no stdout.txt in $w"; exit 1; }
    cp "$w/stdout.txt" "$T/$name.out"
    why=""; ran=""
    case $check in
        *ref:*) if [ "$CHECKSET" = mid ] && [ -z "$(ref_args)" ]; then
            # its CPU reference has no mid-size arguments (no fourth field on its mid line)
            check=$(echo "$check" | sed 's/ref:[^ ]*/none/'); fi ;;
    esac
    apply_check "$check"
    if [ -n "$why" ]; then echo "FAIL $name: $why"; exit 1; fi
    if [ -n "$ran" ]; then echo "RAN $name: exit 0, no result check${CHECKSET:+ at the $CHECKSET size}"; exit 3; fi
    echo "PASS $name"; exit 0
fi

while IFS='|' read -r name dir srcs args check set; do
    name=$(trim "$name")
    case $name in ''|'#'*|ref\ *|mid\ *) continue ;; esac
    dir=$(trim "$dir"); suite=${dir%%/*}; args=$(trim "$args"); check=$(trim "$check"); set=" $(trim "$set") "
    if [ -n "$SELECT" ]; then
        case " $SELECT " in *" $name "*) ;; *) continue ;; esac
    else
        case $SET in all) ;; *) case $set in *" $SET "*) ;; *) continue ;; esac ;; esac
    fi
    exe="$S/$name"
    if [ ! -x "$exe" ]; then
        echo "SKIP $name: not built ($S/$name; make suites)"; skipped=$((skipped + 1)); count "$suite" skip; continue
    fi
    w="$T/run-$name"; mkdir -p "$w"
    args=$(echo "$args" | sed "s|@DATA@|$DATA|g")
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    # dtoh.bin: every device-to-host copy, in order (src/cudart/memory.c), for
    # the checks of programs that print nothing they computed (out=dtoh.bin)
    (cd "$w" && CTASIM_CUDART_DTOH="$w/dtoh.bin" LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD }$FIXED_TIME" timeout "$LIMIT" "$C" exec --quiet $EXEC_OPTS "$exe" $args >"$T/$name.out" 2>"$T/$name.err" </dev/null); rc=$?
    secs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
    why=""; ran=""
    if [ $rc -eq 124 ]; then why="ran past ${LIMIT} s"
    elif [ $rc -ne 0 ]; then why="exit $rc: $(grep -v '^\s*$' "$T/$name.err" | tail -1 | cut -c1-200)"
        [ -z "$(grep -v '^\s*$' "$T/$name.err")" ] && why="exit $rc: $(tail -1 "$T/$name.out" | cut -c1-200)"
    else
        apply_check "$check"
    fi
    if [ -z "$why" ] && [ -n "$ran" ]; then echo "RAN $name: exit 0, the program has no result check ($secs s)"; count "$suite" ran
    elif [ -z "$why" ]; then echo "PASS $name ($secs s)"; passed=$((passed + 1)); count "$suite" pass
    else echo "FAIL $name: $why ($secs s)"; failed=$((failed + 1)); count "$suite" fail; fi
    rm -rf "$w" "$T/ref-$name"
done <"$LIST"
for s in $report; do
    k=$(echo "$s" | tr -c 'a-z\n' '_')
    eval "echo \"suite $s: \${pass_$k-0} passed, \${fail_$k-0} failed, \${ran_$k-0} ran without a check, \${skip_$k-0} skipped\""
done
echo "suites: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
