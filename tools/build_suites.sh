#!/bin/sh
# `make suites`: build the vendored benchmark programs of suites/programs.txt
# (third_party/, unmodified) with nvcc into BUILD/suites/, as a CUDA program
# that `ctasim exec` runs: the shared runtime (-cudart shared) and compute_75
# PTX only (the lowest target CUDA 13 has; QV100-class configs run it). Also
# builds the CPU references (`ref` lines, cc/c++) and the generated inputs
# (tools/suite_inputs.c) into BUILD/suites/data. Rebuilds a program only when
# one of its sources is newer. Without nvcc: one line saying nothing was
# built, exit 0. A failed build is reported and the script exits 1 at the end.
# Usage: tools/build_suites.sh [BUILD] [NAME...]   (NAME: only those programs)
BUILD=${1:-build}; [ $# -gt 0 ] && shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LIST="$ROOT/suites/programs.txt"
# nvcc: $NVCC if set (only that one), else PATH, $CUDA_HOME/bin, /usr/local/cuda/bin
CANDIDATES="$(command -v nvcc 2>/dev/null) ${CUDA_HOME:+$CUDA_HOME/bin/nvcc} /usr/local/cuda/bin/nvcc"
[ -n "${NVCC:-}" ] && CANDIDATES=$NVCC
NVCC=""
for n in $CANDIDATES; do
    if [ -x "$n" ]; then NVCC=$n; break; fi
done
if [ -z "$NVCC" ]; then
    echo "make suites: nvcc not found (\$NVCC, PATH, \$CUDA_HOME/bin, /usr/local/cuda/bin): nothing built"
    exit 0
fi
case $BUILD in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
OUT=$(mkdir -p "$BUILD/suites/ref" "$BUILD/suites/data" && cd "$BUILD/suites" && pwd)
CC=${CC:-cc}; CXX=${CXX:-c++}
# a build without libzstd reads only uncompressed PTX
NOCOMP=""
"$BUILD/ctasim" --version 2>/dev/null | grep -q '^zstd: yes' || NOCOMP=-no-compress
# CUDA 13 dropped cudaThreadSynchronize (deprecated since CUDA 4.0), which
# Rodinia and Parboil call: the macro maps it onto its same-meaning successor,
# so those sources build unmodified (docs/SUITES.md "Build fixes")
NVFLAGS="-cudart shared -O2 -gencode arch=compute_75,code=compute_75 $NOCOMP -w -DcudaThreadSynchronize=cudaDeviceSynchronize"
failed=0; built=0; uptodate=0
STAMP=""

wanted() { # NAME: is it selected on the command line (or nothing selected)?
    [ -z "$SELECT" ] && return 0
    for w in $SELECT; do [ "$w" = "$1" ] && return 0; done
    return 1
}
SELECT="$*"

# newer OUT SOURCES...: is OUT missing, older than a source, or built by
# another command line? OUT.cmd holds the stamp of the last build: the
# compiler, the flags every program gets ($STAMP) and the program's own
# sources and flags, so a change of nvcc, of NVFLAGS or of the zstd choice
# rebuilds as a changed source does
newer() {
    o=$1; shift
    [ -f "$o" ] || return 0
    [ "$(cat "$o.cmd" 2>/dev/null)" = "$STAMP $*" ] || return 0
    for s in "$@"; do case $s in -*) continue ;; esac; [ "$s" -nt "$o" ] && return 0; done
    return 1
}

# the generated inputs: our own generator, deterministic
STAMP="$CC"
if newer "$OUT/data/.done" "$ROOT/tools/suite_inputs.c"; then
    if $CC -O2 -std=c11 -o "$OUT/suite_inputs" "$ROOT/tools/suite_inputs.c" -lm && "$OUT/suite_inputs" "$OUT/data"; then
        touch "$OUT/data/.done"; echo "$STAMP $ROOT/tools/suite_inputs.c" >"$OUT/data/.done.cmd"
    else echo "make suites: the input generator failed"; failed=$((failed + 1)); fi
fi

# time() fixed for the runs (suites/refs/fixed_time.c), as an LD_PRELOAD
if newer "$OUT/libfixedtime.so" "$ROOT/suites/refs/fixed_time.c"; then
    if $CC -O2 -shared -fPIC -o "$OUT/libfixedtime.so" "$ROOT/suites/refs/fixed_time.c"; then
        echo "$STAMP $ROOT/suites/refs/fixed_time.c" >"$OUT/libfixedtime.so.cmd"
    else echo "make suites: suites/refs/fixed_time.c failed to build"; failed=$((failed + 1)); fi
fi

# patched_copy LOG: the copy of the program's suite folder in
# $OUT/src/$name/ with suites/patches/$name.patch ($patchf) applied, and cd
# into its $dir; the other suites' folders beside it are links to
# third_party/, so that a path into another suite holds in the copy as in
# the original (cfd's -I../../../cuda-samples/Common). Says why on failure
patched_copy() {
    rm -rf "$OUT/src/$name"; mkdir -p "$OUT/src/$name"
    for sib in "$ROOT"/third_party/*/; do
        sib=${sib%/}; [ "${sib##*/}" = "${dir%%/*}" ] || ln -s "$sib" "$OUT/src/$name/${sib##*/}"
    done
    if ! cp -R "$ROOT/third_party/${dir%%/*}" "$OUT/src/$name/" || ! patch -s -p1 -d "$OUT/src/$name/$dir" <"$patchf" >"$1" 2>&1; then
        echo "make suites: $name: suites/patches/$name.patch does not apply: $(head -2 "$1")"; return 1
    fi
    cd "$OUT/src/$name/$dir" || { echo "make suites: $name: no folder $dir in its patched copy"; return 1; }
}

while IFS='|' read -r name dir srcs args check set; do
    name=$(echo $name); dir=$(echo $dir)
    case $name in ''|'#'*|mid\ *) continue ;; esac  # mid lines: experiment inputs (exp_suite.h)
    case $name in
        ref\ *) name=${name#ref }; name=$(echo $name); kind=ref ;;
        *) kind=cuda ;;
    esac
    wanted "$name" || continue
    cd "$ROOT/third_party/$dir" || { echo "make suites: $name: no folder third_party/$dir"; failed=$((failed + 1)); continue; }
    if [ $kind = ref ]; then
        exe="$OUT/ref/$name"
        STAMP="$CC $CXX"
        # a CPU reference may have its patch too (the same change as its
        # program's: cfd_omp's iteration count), applied to a copy likewise
        patchf="$ROOT/suites/patches/$name.patch"
        [ -f "$patchf" ] || patchf=""
        # shellcheck disable=SC2086
        if newer "$exe" $srcs $patchf; then
            : >"$exe.log"
            if [ -n "$patchf" ]; then
                patched_copy "$exe.log" || { failed=$((failed + 1)); continue; }
            fi
            # each source with its own compiler (C as C, C++ as C++), linked as C++
            objs=""; flags=""; ok=1; rm -rf "$exe.o.d"; mkdir -p "$exe.o.d"
            # the compile flags of the line: -I, -D, -O (a later -O wins over
            # -O2) and -include FILE (a header a source forgot to include)
            inc=0
            for s in $srcs; do
                if [ $inc = 1 ]; then flags="$flags $s"; inc=0; continue; fi
                case $s in -I*|-D*|-O*) flags="$flags $s" ;; -include) flags="$flags $s"; inc=1 ;; esac
            done
            inc=0
            for s in $srcs; do
                if [ $inc = 1 ]; then inc=0; continue; fi
                case $s in
                    -include) inc=1; continue ;;
                    -*) continue ;;
                    *.c) comp="$CC -std=gnu99 -fgnu89-inline" ;; # old sources: gnu89 inline semantics
                    *) comp=$CXX ;;
                esac
                o="$exe.o.d/$(echo "$s" | tr '/.' '__').o"
                # shellcheck disable=SC2086
                $comp -O2 -w -fopenmp $flags -c "$s" -o "$o" >>"$exe.log" 2>&1 </dev/null || ok=0
                objs="$objs $o"
            done
            # shellcheck disable=SC2086
            if [ $ok = 1 ] && $CXX -fopenmp -o "$exe" $objs -lm -lpthread >>"$exe.log" 2>&1 </dev/null; then
                built=$((built + 1)); echo "$STAMP" $srcs $patchf >"$exe.cmd"
            else echo "make suites: CPU reference $name failed to build: $(grep -m3 -i error "$exe.log")"; failed=$((failed + 1)); fi
            rm -rf "$exe.o.d"
        else uptodate=$((uptodate + 1)); fi
    else
        exe="$OUT/$name"
        STAMP="$NVCC $NVFLAGS"
        patchf="$ROOT/suites/patches/$name.patch"
        [ -f "$patchf" ] || patchf=""
        # shellcheck disable=SC2086
        if newer "$exe" $srcs $patchf; then
            echo "nvcc $name"
            # a program that cannot build with CUDA 13 as it is: built from a
            # copy with its patch applied (suites/patches/, docs/SUITES.md;
            # paths in the patch relative to the program's folder). The copy
            # is of the program's whole suite (at most a few MB), so that its
            # sources' paths into shared folders (../../common) still hold
            if [ -n "$patchf" ]; then
                patched_copy "$exe.log" || { failed=$((failed + 1)); continue; }
            fi
            # shellcheck disable=SC2086
            if nice "$NVCC" $NVFLAGS -o "$exe" $srcs >"$exe.log" 2>&1 </dev/null; then
                built=$((built + 1)); echo "$STAMP" $srcs $patchf >"$exe.cmd"
            else echo "make suites: $name failed to build: $(grep -m3 -i error "$exe.log")"; rm -f "$exe"; failed=$((failed + 1)); fi
        else uptodate=$((uptodate + 1)); fi
    fi
done <"$LIST"
echo "make suites: $built built, $uptodate up to date, $failed failed (into $BUILD/suites)"
[ $failed -eq 0 ]
