#!/bin/sh
# test_float_rules.sh — every workload's output check holds under each
# reading of the PTX ISA's float rules, so a check that passes here passes on
# any GPU that keeps them (docs/FIDELITY.md "Float checks under the PTX
# rules"): multiply-add contraction (CTASIM_PTX_CONTRACT: first, second, off)
# and the .approx instructions at the low and high edges of their error
# bounds (CTASIM_PTX_APPROX). The combinations cover each setting at least
# once; the default (first, exact) runs in every other test. Contraction
# changes values only, never the timing model's view: the cycles of a
# workload whose control flow does not depend on its floats stay the same.
. tests/cli_common.sh

workloads=$("$C" list workloads 2>/dev/null | awk 'NR > 1 && $1 ~ /^[A-Z0-9]+$/ { print $1 }')
n=$(echo "$workloads" | wc -w)
if [ "$n" -lt 40 ]; then
    fail float_rules_workloads "only $n workloads listed"
    exit 0
fi
for combo in "second low" "off high" "first high" "second high" "off low"; do
    set -- $combo
    bad=""
    for w in $workloads; do
        out=$(CTASIM_PTX_CONTRACT=$1 CTASIM_PTX_APPROX=$2 timeout 300 "$C" run --quiet --size small "$w" 2>&1)
        echo "$out" | grep -q "^$w (small): PASS" || bad="$bad $w: $(echo "$out" | grep -E 'FAIL|rror' | head -1);"
    done
    if [ -z "$bad" ]; then pass "float_rules_checks_hold_contract_$1_approx_$2"; else fail "float_rules_checks_hold_contract_$1_approx_$2" "$bad"; fi
done

# the timing model sees the same instructions whatever the contraction
cycles() { CTASIM_PTX_CONTRACT=$1 "$C" run --size small LBM 2>/dev/null | awk '$1 == "gpu_sim_cycle" { print $3 }'; }
a=$(cycles off); b=$(cycles first)
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass float_rules_contraction_keeps_cycles; else fail float_rules_contraction_keeps_cycles "off $a, first $b"; fi

expect_error float_rules_bad_contract "CTASIM_PTX_CONTRACT=sometimes: expected first, second or off" \
    env CTASIM_PTX_CONTRACT=sometimes "$C" run --quiet --size small LBM
expect_error float_rules_bad_approx "CTASIM_PTX_APPROX=ulp: expected exact, low or high" \
    env CTASIM_PTX_APPROX=ulp "$C" run --quiet --size small LIB
