#!/bin/sh
# Run every unit test binary and every CLI test script; print one summary line
# "N passed, N failed" (counted per test case) and exit non-zero on failure.
BUILD=${1:-build}
export CTASIM="$BUILD/ctasim"
passed=0; failed=0; log=$(mktemp)
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    "$t" >"$log" 2>&1; rc=$?
    p=$(grep -c '^PASS ' "$log"); f=$(grep -c '^FAIL ' "$log")
    if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL $(basename "$t") exited $rc"; fi
    grep -E '^(FAIL|  check failed)' "$log"
    [ $rc -ne 0 ] && tail -5 "$log"
    passed=$((passed + p)); failed=$((failed + f))
done
for s in tests/cli/*.sh; do
    [ -f "$s" ] || continue
    sh "$s" >"$log" 2>&1; rc=$?
    p=$(grep -c '^PASS ' "$log"); f=$(grep -c '^FAIL ' "$log")
    if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL $s exited $rc"; fi
    grep -E '^FAIL' "$log"
    [ $rc -ne 0 ] && tail -5 "$log"
    passed=$((passed + p)); failed=$((failed + f))
done
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
