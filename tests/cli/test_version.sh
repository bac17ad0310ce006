#!/bin/sh
# ctasim --version / -V: the version every result records and what the build
# found (liblzma, threads, compiler), on standard output, exit 0.
. tests/cli_common.sh

if $C --version >"$T/v" 2>"$T/e" && [ ! -s "$T/e" ]; then
    pass version_exits_0
else fail version_exits_0 "rc $?: $(cat "$T/e")"; fi
$C -V >"$T/V" 2>&1
cmp -s "$T/v" "$T/V" && pass version_short_option || fail version_short_option "$(head -2 "$T/V")"

# the version is the one a run records in its provenance
$C run --quiet --json "$T/r.json" stream:ctas=2,iters=1 >/dev/null 2>&1
want=$(sed -n 's/.*"ctasim_version": "\([^"]*\)".*/\1/p' "$T/r.json" | head -1)
got=$(sed -n '1s/^ctasim //p' "$T/v")
[ -n "$want" ] && [ "$got" = "$want" ] && pass version_is_the_provenance_version \
    || fail version_is_the_provenance_version "--version '$got', run's provenance '$want'"

# one line per build option, each with a value
if grep -Eq '^lzma: (yes|no) \(' "$T/v" && grep -Eq '^zstd: (yes|no) \(' "$T/v" && grep -q '^threads: yes (pthreads' "$T/v" &&
   grep -Eq '^compiler: .+' "$T/v" && [ "$(wc -l <"$T/v")" -eq 5 ]; then
    pass version_build_options
else fail version_build_options "$(cat "$T/v")"; fi

# the lzma line tells the truth: an .xz trace runs exactly when it says yes
if $C run --quiet tests/data/traces/basic >/dev/null 2>"$T/xz.err"; then xz=yes
elif grep -q 'need liblzma' "$T/xz.err"; then xz=no
else xz="error: $(cat "$T/xz.err")"; fi
grep -q "^lzma: $xz " "$T/v" && pass version_lzma_matches_the_build \
    || fail version_lzma_matches_the_build "an .xz trace: $xz; --version: $(grep '^lzma' "$T/v")"

$C --help | grep -q -- '--version | -V' && pass version_in_usage || fail version_in_usage "not in ctasim --help"
exit 0
