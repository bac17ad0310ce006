#!/bin/sh
# Run every unit test binary and every CLI test script; print one summary line
# "N passed, N failed, N skipped" (counted per test case) and exit non-zero on
# failure. A case that cannot run here (no python3, no ptxas, a build without
# liblzma) prints "SKIP name: why": it is neither a pass nor a failure.
# The whole run takes minutes, so each test prints a progress line when it
# ends ("[8/39] test_dram: 15 passed (0 s)"), after the lines of its failures
# and skips.
BUILD=${1:-build}
export CTASIM="$BUILD/ctasim"
passed=0; failed=0; skipped=0; log=$(mktemp)
trap 'rm -f "$log"' EXIT

tests=""
for t in "$BUILD"/tests/test_*; do [ -x "$t" ] && tests="$tests $t"; done
for s in tests/cli/*.sh; do [ -f "$s" ] && tests="$tests $s"; done
total=$(echo $tests | wc -w | tr -d ' ')

i=0
for t in $tests; do
    i=$((i + 1)); start=$(date +%s)
    case $t in
        *.sh) sh "$t" >"$log" 2>&1; rc=$?; name=$t; shown='^(FAIL|SKIP) ' ;;
        *) "$t" >"$log" 2>&1; rc=$?; name=$(basename "$t"); shown='^(FAIL |SKIP |  check failed)' ;;
    esac
    p=$(grep -c '^PASS ' "$log"); f=$(grep -c '^FAIL ' "$log"); s=$(grep -c '^SKIP ' "$log")
    if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL $name exited $rc"; fi
    grep -E "$shown" "$log"
    [ $rc -ne 0 ] && tail -5 "$log"
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    line="[$i/$total] $name: $p passed"
    [ "$f" -gt 0 ] && line="$line, $f failed"
    [ "$s" -gt 0 ] && line="$line, $s skipped"
    echo "$line ($(($(date +%s) - start)) s)"
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
