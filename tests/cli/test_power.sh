#!/bin/sh
# The power model from the command line (--power, -power_* options): output
# lines and JSON keys, the metrics other code reads by name, bad parameters.
# Every check prints "PASS name" or "FAIL name".
. tests/cli_common.sh


K="stream:ctas=30,iters=2"

# --- text lines, GPGPU-Sim style
if $C run --power --config date14-28sm "$K" >"$T/t" 2>"$T/e"; then
    ok=1
    for l in gpu_avg_power gpu_tot_avg_power gpu_tot_energy_j gpu_tot_dynamic_energy_j gpu_tot_static_energy_j \
             gpu_tot_edp_js gpu_tot_inst_per_j gpu_tot_inst_per_w gpu_energy_dram_j gpu_energy_sm_static_j \
             kernel_energy_j kernel_avg_power; do
        grep -q "^$l = " "$T/t" || { ok=0; fail power_text_lines "no $l"; }
    done
    [ $ok = 1 ] && pass power_text_lines
    # the components sum to the total (as printed, 6 significant digits)
    awk -F' = ' '/^gpu_energy_.*_j = / {s += $2} /^gpu_tot_energy_j = / {t = $2}
         END {d = s - t; if (d < 0) d = -d; exit !(t > 0 && d <= 1e-5 * t)}' "$T/t" &&
        pass power_components_sum_to_total || fail power_components_sum_to_total "$(grep energy "$T/t" | head -3)"
else
    fail power_text_lines "$(tail -1 "$T/e")"
fi

# --- no power lines without --power, and --power after a later --config still holds
$C run "$K" >"$T/n" 2>&1
grep -q '^gpu_tot_energy_j' "$T/n" && fail power_off_by_default "energy printed" || pass power_off_by_default
$C run --power --config gtx480 --config date14-28sm "$K" 2>&1 | grep -q '^gpu_tot_energy_j' &&
    pass power_flag_survives_config || fail power_flag_survives_config "no energy line"
$C run --config date14-28sm --set power_simulation_enabled=1 "$K" 2>&1 | grep -q '^gpu_tot_energy_j' &&
    pass power_by_option || fail power_by_option "no energy line"

# --- JSON: the power object, the metrics and the series
if $C run --power --set power_sample_period=200 --json "$T/p.json" "$K" >/dev/null 2>"$T/e"; then
    ok=1
    for k in '"power": {' '"energy_j"' '"dynamic_j"' '"static_j"' '"avg_w"' '"edp_js"' '"inst_per_j"' \
             '"inst_per_w"' '"components"' '"per_sm_j"' '"per_kernel"' '"power.energy_j"' '"power.edp_js"' \
             '"power.avg_w"' '"power.static_j"' '"power.dynamic_j"' '"power_w": \[\['; do
        grep -q "$k" "$T/p.json" || { ok=0; fail power_json_keys "no $k"; }
    done
    [ $ok = 1 ] && pass power_json_keys
    if command -v python3 >/dev/null 2>&1; then
        python3 - "$T/p.json" <<'EOF' && pass power_json_consistent || fail power_json_consistent "see above"
import json, sys
d = json.load(open(sys.argv[1]))
p = d["power"]
tot = sum(p["components"].values())
assert abs(tot - p["energy_j"]) <= 1e-9 * p["energy_j"], (tot, p["energy_j"])
assert abs(p["dynamic_j"] + p["static_j"] - p["energy_j"]) <= 1e-9 * p["energy_j"]
assert len(p["per_sm_j"]) == d["config"]["n_sm"]
assert abs(d["metrics"]["power.energy_j"] - p["energy_j"]) <= 1e-5 * p["energy_j"]
assert abs(p["edp_js"] - p["energy_j"] * p["seconds"]) <= 1e-7 * p["edp_js"]
assert len(d["series"]["power_w"]) >= 2
EOF
    else skip power_json_consistent "no python3 to read the JSON"; fi
else
    fail power_json_keys "$(tail -1 "$T/e")"
fi

# --- power changes no statistic: the JSON without power keys is the same
$C run --json "$T/a.json" "$K" >/dev/null 2>&1
$C run --power --set power_sample_period=100 --json "$T/b.json" "$K" >/dev/null 2>&1
# drop the power object (its first line to the per_kernel line ending it), metrics and series
strip() { sed '/^  "power": {/,/^    "per_kernel": .*\]},$/d' "$1" | grep -v -E 'sim_wall_seconds|peak_rss|"provenance"|"power|"metrics"|"series"|^  },?$|^  \]'; }
strip "$T/a.json" >"$T/a2"; strip "$T/b.json" >"$T/b2"
[ -s "$T/a2" ] && cmp -s "$T/a2" "$T/b2" && pass power_changes_no_statistic ||
    fail power_changes_no_statistic "$(diff "$T/a2" "$T/b2" | head -3)"

# --- sweep and launch take --power
if $C sweep --power --size small --max-ctas 1..2 --jobs 1 -o "$T/sw" VADD >/dev/null 2>"$T/e"; then
    grep -q '"power.energy_j"' "$T/sw/rr-cfg-n1.json" && pass sweep_power || fail sweep_power "no power.energy_j"
else
    fail sweep_power "$(tail -1 "$T/e")"
fi

# --- bad parameters: one line naming the option, non-zero exit
expect_error power_negative "-power_sm_static_w: must not be negative" $C run --set power_sm_static_w=-1 "$K"
expect_error power_negative_pj "-power_dram_rd_pj: must not be negative" $C run --set power_dram_rd_pj=-3 "$K"
expect_error power_not_a_number "-power_l2_hit_pj: not a number ('lots')" $C run --set power_l2_hit_pj=lots "$K"
expect_error power_unknown "unknown option -power_xyz" $C run --set power_xyz=1 "$K"
printf -- '-power_simulation_enabled 1\n-power_l1_hti_pj 5\n' >"$T/bad.config"
expect_error power_unknown_in_file "bad.config:2: unknown option -power_l1_hti_pj (did you mean -power_l1_hit_pj?)" \
    $C run --allow-unknown --config "$T/bad.config" "$K"
printf -- '-power_sm_static_w -2\n' >"$T/neg.config"
expect_error power_negative_in_file "neg.config:1: -power_sm_static_w: must not be negative" \
    $C run --config "$T/neg.config" "$K"
expect_error power_shares "-power_sm_rf_static_w + -power_sm_shmem_static_w" \
    $C run --set power_sm_rf_static_w=5 "$K"
# the wake-up latency is modelled: accepted without a warning
$C run --set power_wakeup_cycles=10 "$K" >/dev/null 2>"$T/e" && ! grep -q 'power_wakeup_cycles' "$T/e" &&
    pass power_wakeup_cycles_modelled || fail power_wakeup_cycles_modelled "$(cat "$T/e")"

# --- launch takes --power too
( cd "$T" && python3 -c "import struct; open('a.bin','wb').write(struct.pack('<256f', *range(256)))" 2>/dev/null ||
  head -c 1024 /dev/zero >a.bin; cp a.bin b.bin )
P=$(pwd)/workloads/ptx/vadd.ptx
case $C in /*) CA=$C ;; *) CA=$(pwd)/$C ;; esac
(cd "$T" && "$CA" launch --power --ptx "$P" --kernel vadd --grid 1 --block 256 in:a.bin in:b.bin out:1024:c.bin u32:256) \
    >"$T/l.out" 2>"$T/l.err" && grep -q '^gpu_tot_energy_j' "$T/l.out" && pass launch_power ||
    fail launch_power "$(tail -1 "$T/l.err")"
