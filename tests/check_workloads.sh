#!/bin/sh
# Every workload of the suite at the given size (default: default) through the
# timing model: each must print "NAME (size): PASS". Used by CI; `make test`
# covers the small size.
C=${1:-build/ctasim}
SIZE=${2:-default}
fail=0; n=0
for w in $($C list workloads | awk 'NR > 1 {print $1}'); do
    n=$((n + 1))
    line=$($C run --quiet --size "$SIZE" "$w" 2>&1 | tail -1)
    case "$line" in
        *": PASS"*) echo "PASS $w ($SIZE)";;
        *) echo "FAIL $w ($SIZE): $line"; fail=$((fail + 1));;
    esac
done
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
