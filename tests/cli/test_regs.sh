#!/bin/sh
# Registers per thread for `ctasim launch` of a PTX file without its ptxas
# report: ptxas run (when installed) or the liveness estimate, each with one
# warning line; --regs N overrides and is validated. Every check prints
# "PASS name" or "FAIL name: why".
. tests/cli_common.sh

# mmul on one 16x16 tile: A = B = 0, n = 16
cp workloads/ptx/mmul.ptx "$T/mmul.ptx"
head -c 1024 /dev/zero >"$T/a.bin"
launch() { # launch OUT_PREFIX [options...]
    p=$1; shift
    "$C" launch --ptx "$T/mmul.ptx" --kernel mmul --grid 1,1 --block 16,16 --quiet --json "$T/$p.json" "$@" \
        in:"$T/a.bin" in:"$T/a.bin" out:1024:"$T/$p.c" u32:16 >"$T/$p.out" 2>"$T/$p.err"
}
# the occupancy the run used: "occupancy_limit": N, "limited_by": "X"
occupancy() { sed -n 's/.*"occupancy_limit": \([0-9]*\), "limited_by": "\([^"]*\)".*/\1 \2/p' "$1" | head -1; }

# --- no report: ptxas runs (and its report is cached beside the PTX), else the estimate
if launch first; then
    lines=$(wc -l <"$T/first.err"); occ=$(occupancy "$T/first.json"); n=${occ%% *}
    if [ "$lines" -eq 1 ] && grep -Eq '^ctasim: warning: registers for mmul: [0-9]+ (from a ptxas run \(cached in .*mmul\.ptxas-cache\.txt\)|estimated from PTX liveness \(.*\))$' "$T/first.err" &&
       [ -n "$n" ] && [ "$n" -ge 1 ] && [ "$n" -le 8 ]; then
        pass launch_without_report_runs_and_warns_once
    else fail launch_without_report_runs_and_warns_once "occupancy '$occ', stderr: $(cat "$T/first.err")"; fi
    if grep -q 'from a ptxas run' "$T/first.err"; then
        # the report is where the warning says, and a second launch reads it
        if [ -s "$T/mmul.ptxas-cache.txt" ] && grep -q 'Used [0-9]* registers' "$T/mmul.ptxas-cache.txt" &&
           launch second && grep -q 'from an earlier ptxas run (cached in ' "$T/second.err" &&
           [ "$(occupancy "$T/second.json")" = "$occ" ]; then
            pass ptxas_report_cached_beside_the_ptx
        else fail ptxas_report_cached_beside_the_ptx "$(cat "$T/second.err")"; fi
    else
        skip ptxas_report_cached_beside_the_ptx "ptxas did not run (none found, or CTASIM_PTXAS set)"
        [ ! -e "$T/mmul.ptxas-cache.txt" ] && pass no_cache_without_ptxas || fail no_cache_without_ptxas "a cache file was written"
    fi
else fail launch_without_report_runs_and_warns_once "exit $?: $(cat "$T/first.err")"; fi

# --- the estimate, forced
rm -f "$T/mmul.ptxas-cache.txt"
if CTASIM_PTXAS=off launch est; then
    occ=$(occupancy "$T/est.json"); n=${occ%% *}
    if [ "$(wc -l <"$T/est.err")" -eq 1 ] &&
       grep -q '^ctasim: warning: registers for mmul: [0-9]* estimated from PTX liveness (ptxas disabled by CTASIM_PTXAS)$' "$T/est.err" &&
       [ -n "$n" ] && [ "$n" -ge 2 ] && [ "$n" -le 4 ] && [ ! -e "$T/mmul.ptxas-cache.txt" ]; then
        pass launch_estimate_sane_occupancy # the report's 39 registers give 3 CTAs per core
    else fail launch_estimate_sane_occupancy "occupancy '$occ', stderr: $(cat "$T/est.err")"; fi
else fail launch_estimate_sane_occupancy "exit $?: $(cat "$T/est.err")"; fi

# --- the report beside the PTX: no warning
cp workloads/ptx/mmul.ptxas.txt "$T/mmul.ptxas.txt"
if launch rep && [ ! -s "$T/rep.err" ] && [ "$(occupancy "$T/rep.json")" = "3 registers" ]; then
    pass launch_with_report_is_quiet
else fail launch_with_report_is_quiet "occupancy '$(occupancy "$T/rep.json")', stderr: $(cat "$T/rep.err")"; fi

# --- --regs wins over the report, quietly; 64 x 256 threads = 16384 of 32768 registers: 2 CTAs
if launch over --regs 64 && [ ! -s "$T/over.err" ] && [ "$(occupancy "$T/over.json")" = "2 registers" ]; then
    pass regs_option_overrides
else fail regs_option_overrides "occupancy '$(occupancy "$T/over.json")', stderr: $(cat "$T/over.err")"; fi
rm -f "$T/mmul.ptxas.txt"
if CTASIM_PTXAS=off launch over2 --regs 64 && [ ! -s "$T/over2.err" ] && [ "$(occupancy "$T/over2.json")" = "2 registers" ]; then
    pass regs_option_overrides_the_estimate
else fail regs_option_overrides_the_estimate "occupancy '$(occupancy "$T/over2.json")', stderr: $(cat "$T/over2.err")"; fi

# --- --regs N: 1..255, else one error line and a non-zero exit
for bad in 0 256 -1 abc ''; do
    launch bad --regs "$bad"; rc=$?
    if [ $rc -ne 0 ] && [ $rc -lt 128 ] && [ "$(wc -l <"$T/bad.err")" -eq 1 ] &&
       grep -q "^ctasim: --regs expects an integer from 1 to 255, got '$bad'$" "$T/bad.err"; then
        pass "regs_rejects_'$bad'"
    else fail "regs_rejects_'$bad'" "exit $rc: $(cat "$T/bad.err")"; fi
done
if "$C" launch --help | grep -q -- '--regs N'; then pass launch_help_documents_regs; else fail launch_help_documents_regs "not in --help"; fi
exit 0
