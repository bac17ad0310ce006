#!/bin/sh
# make demo: simulate the built-in streaming kernel on the default
# configuration, print its statistics, then one plain sentence of what was
# simulated and how fast. The sentence is read from the statistic lines of
# this run (ctasim_input, ctasim_configs, gpu_tot_warp_insn, gpu_sim_cycle,
# gpgpu_simulation_time, gpgpu_simulation_rate), so it cannot drift from them.
# Usage: tools/demo.sh [CTASIM]
C=${1:-build/ctasim}
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
"$C" run stream >"$out" || { cat "$out"; exit 1; }
cat "$out"
awk -F' = ' '
# 1234567 -> 1,234,567
# (on the digits as printed: no conversion through a double)
function commas(s,   r) {
    gsub(/ /, "", s)
    r = ""
    while (length(s) > 3) {
        r = "," substr(s, length(s) - 2) r
        s = substr(s, 1, length(s) - 3)
    }
    return s r
}
$1 == "ctasim_input" { input = $2 }
$1 == "ctasim_configs" { configs = $2 }
$1 == "gpu_tot_warp_insn" { warp = $2 }
$1 == "gpu_sim_cycle" { cycles = $2 }
$1 == "gpgpu_simulation_time" { secs = $2 + 0 }
$1 == "gpgpu_simulation_rate" { rate = $2 + 0 }
END {
    if (warp == "" || cycles == "" || secs == "") {
        print "make demo: the run printed no gpu_tot_warp_insn, gpu_sim_cycle or gpgpu_simulation_time line" > "/dev/stderr"
        exit 1
    }
    # "synthetic stream" -> the built-in synthetic kernel stream
    what = input
    if (what ~ /^synthetic /)
        what = "the built-in synthetic kernel " substr(what, 11)
    # "(built-in defaults: gtx480)" -> the gtx480 preset (the default)
    on = configs
    if (on ~ /^\(built-in defaults: /) {
        on = substr(on, 21); sub(/\)$/, "", on)
        on = "the " on " preset (the default)"
    }
    printf "\nSimulated %s on %s: %s warp instructions (%s GPU cycles) in %.2f s (%.1f M warp instructions/s).\n",
           what, on, commas(warp), commas(cycles), secs, rate / 1e6
}' "$out"
