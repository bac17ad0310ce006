#!/bin/sh
# Core gating on the command line: --active-cores (run, sweep), the gating
# policies in `ctasim list`, and bad input (one error line, non-zero exit,
# never a hang). Every check prints "PASS name" or "FAIL name".
. tests/cli_common.sh


S=stream:ctas=60,threads=128,iters=2

# --- bad input
expect_error active_cores_zero "expects an integer from 1" $C run --active-cores 0 $S
expect_error active_cores_too_many "asked for, the GPU has 15" $C run --active-cores 16 $S
expect_error active_cores_not_a_number "got 'abc'" $C run --active-cores abc $S
expect_error active_cores_config_option "the GPU has 15" $C run --set ctasim_active_cores=99 $S
expect_error dyncore_gates_every_core "would turn off all 30 cores" $C run --config pact13-30sm --cta-sched dyncore:k=30 $S
expect_error dyncore_gates_every_active_core "would turn off all 4 cores" $C run --active-cores 4 --cta-sched dyncore:k=4 $S
expect_error dyncore_pcpg_disagrees "pcpg=1 but the power model has -power_pcpg 0" $C run --power --set power_pcpg=0 --cta-sched dyncore:pcpg=1 $S
if $C run --quiet --power --set power_pcpg=1 --cta-sched dyncore --json "$T/pc.json" $S >/dev/null 2>"$T/e" &&
    grep -q '"cta_sched_resolved": "dyncore:.*pcpg=1"' "$T/pc.json"; then
    pass dyncore_pcpg_follows_power_model
else
    fail dyncore_pcpg_follows_power_model "$(cat "$T/e")"
fi
expect_error tcs_bad_throttle "throttle must be 0 or 1" $C run --cta-sched tcs:throttle=2 $S
expect_error tcs_bad_stall "stall must be ldst or cmem" $C run --cta-sched tcs:stall=foo $S
expect_error htcs_unknown_arg "unknown argument 'k'" $C run --cta-sched htcs:k=1 $S
expect_error tcs_bad_end "end must be first or converged" $C run --cta-sched tcs:end=late $S
expect_error tcs_bad_sat "sat must be off or ipc" $C run --cta-sched tcs:sat=bw $S
expect_error tcs_bad_step "step must be 1..mon" $C run --cta-sched tcs:mon=100,step=200 $S
expect_error tcs_window_needs_whole_step "reset=window needs step=mon" $C run --cta-sched tcs:reset=window,step=512 $S
expect_error sweep_cores_zero "expects N or A..B with 1 <=" $C sweep --active-cores 0..2 -o "$T/u" $S
expect_error sweep_cores_too_many "the GPU has 15 cores" $C sweep --active-cores 1..16 -o "$T/u" $S
expect_error sweep_cores_and_caps "one range per sweep" $C sweep --active-cores 1..2 --max-ctas 1..2 -o "$T/u" $S

# --- list names the policies with their parameters
$C list cta >"$T/list" 2>&1
for p in "tcs .*mon=8192,min=10000.*reduce=drain" "htcs .*throttle=1" "dyncore .*k=<8\*cores/30>,t_act="; do
    if grep -q -- "^  $p" "$T/list"; then pass "list_$(echo "$p" | cut -d' ' -f1)"; else fail "list_$p" "$(cat "$T/list")"; fi
done

# --- run --active-cores: the other cores never take a CTA and are gated
if ! command -v python3 >/dev/null 2>&1; then
    skip run_active_cores_gates_the_rest "no python3 to read the JSON"
elif $C run --quiet --active-cores 3 --json "$T/a3.json" $S >/dev/null 2>"$T/e"; then
    python3 - "$T/a3.json" <<'PY' && pass run_active_cores_gates_the_rest || fail run_active_cores_gates_the_rest "see above"
import json, sys
d = json.load(open(sys.argv[1]))
cores = d["cores"]
bad = [i for i, c in enumerate(cores) if (i < 3) != (c["ctas_issued"] > 0) or (i >= 3 and c["gated_cycles"] != d["cycles"])]
if bad:
    print("cores", bad)
    sys.exit(1)
PY
else
    fail run_active_cores_gates_the_rest "$(cat "$T/e")"
fi

# --- the gating policies run and compose
for p in tcs htcs dyncore "tcs+lcs" "tcs+claso" "dyncore+claso" "htcs:mon=500,min=1000"; do
    if timeout 120 $C run --quiet --cta-sched "$p" --warp-sched lrr --json "$T/p.json" $S >/dev/null 2>"$T/e"; then
        pass "run_$p"
    else
        fail "run_$p" "$(cat "$T/e")"
    fi
done

# --- dyncore on every warp policy
for w in lrr gto tl sca ccws owl; do
    if timeout 120 $C run --quiet --cta-sched dyncore:period=512,t_act=100000 --warp-sched $w --json "$T/w.json" $S \
        >/dev/null 2>"$T/e"; then
        pass "run_dyncore_$w"
    else
        fail "run_dyncore_$w" "$(cat "$T/e")"
    fi
done

# --- sweep --active-cores: cores.csv, the classification, points equal run
if $C sweep --active-cores 2..3 --jobs 2 -o "$T/sc" $S >"$T/sc.out" 2>"$T/e"; then
    ok=1
    [ "$(rows "$T/sc/cores.csv")" = 2 ] || { ok=0; fail sweep_cores_files "cores.csv: $(rows "$T/sc/cores.csv") rows"; }
    head -1 "$T/sc/cores.csv" | grep -q "active_cores,cycles,.*gated_core_cycles,gated_frac,energy_j,edp_js" ||
        { ok=0; fail sweep_cores_files "header: $(head -1 "$T/sc/cores.csv")"; }
    grep -q "n/a,n/a$" "$T/sc/cores.csv" || { ok=0; fail sweep_cores_files "no n/a energy without power"; }
    head -1 "$T/sc/classification.csv" | grep -q "best_cores,saturation_cores,edp_opt_cores,ipc_cores2,ipc_cores3$" ||
        { ok=0; fail sweep_cores_files "classification: $(head -1 "$T/sc/classification.csv")"; }
    grep -q "best.*sat.*EDP-opt" "$T/sc.out" || { ok=0; fail sweep_cores_files "stdout: $(cat "$T/sc.out")"; }
    [ $ok = 1 ] && pass sweep_cores_files
    $C run --quiet --active-cores 3 --json "$T/r3.json" $S >/dev/null 2>&1
    same_json sweep_cores_point_equals_run "$T/sc/rr-cfg-c3.json" "$T/r3.json"
else
    fail sweep_cores_files "$(cat "$T/e")"
fi
