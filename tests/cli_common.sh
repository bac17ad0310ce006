# cli_common.sh — sourced by every tests/cli/*.sh (from the repository root):
# the binary under test, a temporary directory removed on exit, and the
# helpers every command-line test uses. Each check prints "PASS name" or
# "FAIL name: why", or "SKIP name: why" when it cannot run here (no python3,
# no ptxas, a build without liblzma); tests/run_all.sh counts them.
C=${CTASIM:-build/ctasim}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
skip() { echo "SKIP $1: $2"; }
# have_lzma: the binary under test reads .xz traces (tests/data/traces/basic
# has one); `ctasim --version` says whether the build found liblzma
have_lzma() { "$C" --version 2>/dev/null | grep -q '^lzma: yes'; }
# find_nvcc: sets NVCC to the first nvcc on PATH, in $CUDA_HOME/bin or in
# /usr/local/cuda/bin (as tools/build_suites.sh looks), else to ""
NVCC_PLACES='PATH, $CUDA_HOME/bin, /usr/local/cuda/bin'
find_nvcc() {
    NVCC=""
    for n in "$(command -v nvcc 2>/dev/null)" "${CUDA_HOME:+$CUDA_HOME/bin/nvcc}" /usr/local/cuda/bin/nvcc; do
        if [ -n "$n" ] && [ -x "$n" ]; then NVCC=$n; return; fi
    done
}
# expect_error NAME PATTERN CMD...: a non-zero exit within 60 s, no crash,
# exactly one stderr line, and it matches PATTERN
expect_error() {
    name=$1; pat=$2; shift 2
    timeout 60 "$@" >"$T/out" 2>"$T/err"; rc=$?
    lines=$(wc -l <"$T/err")
    if [ $rc -eq 0 ]; then fail "$name" "exit 0"; return; fi
    if [ $rc -eq 124 ]; then fail "$name" "hung (killed after 60 s)"; return; fi
    if [ $rc -ge 128 ]; then fail "$name" "crashed (rc $rc)"; return; fi
    if [ "$lines" -ne 1 ]; then fail "$name" "$lines stderr lines: $(head -3 "$T/err")"; return; fi
    if ! grep -q -- "$pat" "$T/err"; then fail "$name" "message: $(cat "$T/err")"; return; fi
    pass "$name"
}
# same_json NAME A B: two results identical apart from wall time, memory and
# the provenance (the command line differs)
same_json() {
    grep -v -E 'sim_wall_seconds|peak_rss|"provenance"' "$2" >"$T/ja"; grep -v -E 'sim_wall_seconds|peak_rss|"provenance"' "$3" >"$T/jb"
    if [ -s "$T/ja" ] && cmp -s "$T/ja" "$T/jb"; then pass "$1"; else fail "$1" "$2 and $3 differ"; fi
}
# rows CSV: data rows (the header not counted)
rows() { tail -n +2 "$1" | wc -l | tr -d ' '; }
