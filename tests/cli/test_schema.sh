#!/bin/sh
# Every JSON result the command line writes matches its documented schema
# (tests/data/schema/result.schema, docs/RESULTS.md): run on each kind of
# input, a policy that publishes metrics and series, a run stopped early, a
# config file, launch, and the points of a sweep; and the sweep's CSV
# headers are the documented ones. Needs python3 to read JSON (skipped, with a
# line saying so, without it).
. tests/cli_common.sh
S=tests/data/schema/result.schema
if ! command -v python3 >/dev/null 2>&1; then
    skip schema_checks "no python3 to read JSON"
    exit 0
fi
check() { # NAME FILE...
    name=$1; shift
    if python3 tests/cli/check_schema.py "$S" "$@" >"$T/why" 2>&1; then pass "$name"; else fail "$name" "$(head -3 "$T/why")"; fi
}
run() { # NAME ARGS...: run --json and check
    name=$1; shift
    if $C run --quiet --json "$T/$name.json" "$@" >/dev/null 2>"$T/err"; then check "schema_$name" "$T/$name.json"
    else fail "schema_$name" "run failed: $(tail -1 "$T/err")"; fi
}
run run_synthetic stream:ctas=30,iters=2
run run_workload --size small VADD
run run_policy_metrics --cta-sched dyncta+claso --warp-sched ccws stream:ctas=200,iters=8
run run_power --power --set power_sample_period=500 stream:ctas=200,iters=8
run run_mix --size small VADD+MMUL
run run_stopped --set gpgpu_max_cycle=300 stream:ctas=200,iters=8
run run_config_file --allow-unknown --config tests/data/config/gtx480.config --set gpgpu_l1_latency=20 stream:ctas=30,iters=2
if $C trace --size small -o "$T/tr" stream:ctas=10,iters=2 >/dev/null 2>&1; then
    run run_trace "$T/tr/kernelslist.g"
else fail schema_run_trace "trace failed"; fi
P=workloads/ptx/vadd.ptx
: >"$T/a.bin"; i=0
while [ $i -lt 64 ]; do printf '\001\000\000\000' >>"$T/a.bin"; i=$((i + 1)); done
if $C launch --quiet --json "$T/launch.json" --ptx $P --kernel vadd --grid 1 --block 64 \
        in:"$T/a.bin" in:"$T/a.bin" out:256:"$T/c.bin" s32:64 >/dev/null 2>"$T/err"; then
    check schema_launch "$T/launch.json"
else fail schema_launch "launch failed: $(tail -1 "$T/err")"; fi
if $C sweep --quiet --cta-sched lcs --max-ctas 1..2 -o "$T/sw" stream:ctas=30,iters=2 >/dev/null 2>"$T/err"; then
    check schema_sweep_points "$T"/sw/*-n*.json
    [ "$(head -1 "$T/sw/summary.csv")" = "cta_sched,warp_sched,max_ctas,cycles,warp_insts,thread_insts,ipc,avg_mem_latency,l1d_miss_rate,l2_miss_rate,dram_bw_util,active_frac,idle_frac,ract,same_as,sim_wall_seconds" ] \
        && [ "$(head -1 "$T/sw/classification.csv")" = "cta_sched,warp_sched,kernel,max_ctas_limit,opt,ipc_cap1,ipc_cap2,lee_type,liliang_type,kayiran_type,ract,idle_ratio" ] \
        && pass schema_sweep_csv_headers || fail schema_sweep_csv_headers "$(head -1 "$T/sw/summary.csv"; head -1 "$T/sw/classification.csv")"
else fail schema_sweep_points "sweep failed: $(tail -1 "$T/err")"; fi
# the checker itself: an unknown key, a wrong type, a missing key all fail
sed -e 's/"cycles"/"cyclez"/' -e 's/"ipc": [0-9.]*/"ipc": "fast"/' "$T/run_synthetic.json" >"$T/broken.json"
python3 tests/cli/check_schema.py "$S" "$T/broken.json" >"$T/why" 2>&1
grep -q "cyclez: key not in the schema" "$T/why" && grep -q "cycles: required key missing" "$T/why" \
    && grep -q "ipc: str, schema says number" "$T/why" && pass schema_checker_catches_mistakes \
    || fail schema_checker_catches_mistakes "$(cat "$T/why")"
exit 0
