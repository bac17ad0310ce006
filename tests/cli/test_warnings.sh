#!/bin/sh
# Nothing silently ignored: a command line that would have done something
# other than what it says is an error (the exit code checked exactly) or a
# warning that says what happens, and each message names the thing at fault.
# docs/WARNINGS.md lists every warning and the check here (or elsewhere)
# that proves it. Every check prints "PASS name" or "FAIL name: why".
. tests/cli_common.sh

# expect_exit NAME CODE PATTERN CMD...: exit CODE exactly, no crash, and the
# first stderr line matches PATTERN
expect_exit() {
    name=$1; code=$2; pat=$3; shift 3
    timeout 120 "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -ne "$code" ]; then fail "$name" "exit $rc, not $code: $(head -2 "$T/err")"; return; fi
    if ! head -1 "$T/err" | grep -q -- "$pat"; then fail "$name" "message: $(head -2 "$T/err")"; return; fi
    pass "$name"
}
# expect_warning NAME PATTERN CMD...: exit 0 and exactly one stderr line,
# "ctasim: warning: " matching PATTERN
expect_warning() {
    name=$1; pat=$2; shift 2
    timeout 120 "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -ne 0 ]; then fail "$name" "exit $rc: $(head -2 "$T/err")"; return; fi
    if [ "$(wc -l <"$T/err")" -ne 1 ]; then fail "$name" "$(wc -l <"$T/err") stderr lines: $(head -3 "$T/err")"; return; fi
    if ! grep -q "^ctasim: warning: " "$T/err" || ! grep -q -- "$pat" "$T/err"; then fail "$name" "message: $(cat "$T/err")"; return; fi
    pass "$name"
}
# expect_quiet NAME CMD...: exit 0 and nothing on stderr
expect_quiet() {
    name=$1; shift
    timeout 120 "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -eq 0 ] && [ ! -s "$T/err" ]; then pass "$name"; else fail "$name" "exit $rc: $(head -2 "$T/err")"; fi
}
cycles() { grep -m1 '^  "cycles"' "$1" | tr -dc 0-9; }
S=stream:ctas=4,iters=1

# --- one run, one of each: a repeat is an error naming both, not "the last wins"
expect_exit json_twice_is_an_error 2 "^ctasim: --json given twice ('$T/a.json' and '$T/b.json')" \
    $C run --json "$T/a.json" --json "$T/b.json" $S
[ ! -e "$T/a.json" ] && [ ! -e "$T/b.json" ] && pass json_twice_writes_nothing || fail json_twice_writes_nothing "a file was written"
expect_exit warp_sched_twice_on_run 2 "^ctasim: --warp-sched given twice ('gto' and 'lrr'): run uses one warp scheduler" \
    $C run --warp-sched gto --warp-sched lrr $S
expect_exit cta_sched_twice_on_run 2 "^ctasim: --cta-sched given twice ('rr' and 'lcs')" \
    $C run --cta-sched rr --cta-sched lcs $S
expect_exit cta_sched_empty 2 "^ctasim: --cta-sched needs a policy name, got ''" $C run --cta-sched '' $S
expect_exit warp_sched_empty 2 "^ctasim: --warp-sched needs a policy name, got ''" $C run --warp-sched '' $S
expect_exit sweep_warp_sched_empty 2 "^ctasim: --warp-sched needs a policy name, got ''" \
    $C sweep --max-ctas 1..2 --warp-sched '' -o "$T/swe" $S
# ... while a sweep takes several, one series each, and says so
if $C sweep --max-ctas 1..2 --warp-sched gto --warp-sched lrr -o "$T/sw2" $S >"$T/sw2.out" 2>"$T/sw2.err" &&
   grep -q '^sweep: sweeping 2 warp schedulers: gto, lrr (one series each)$' "$T/sw2.out" &&
   [ "$(rows "$T/sw2/summary.csv")" -eq 4 ]; then
    pass sweep_two_warp_scheds_are_two_series
else fail sweep_two_warp_scheds_are_two_series "$(head -2 "$T/sw2.out") $(head -2 "$T/sw2.err")"; fi

# --- launch: an argument's kind must suit the PTX parameter's type, a size must be a byte count
i=0; : >"$T/z.bin"
while [ $i -lt 256 ]; do printf '\000\000\000\000' >>"$T/z.bin"; i=$((i+1)); done
V="--ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256"
expect_exit launch_float_for_u32_param 1 \
    "^ctasim: kernel 'vadd': argument 3 'f32:1.5' is a float, but parameter vadd_param_3 is .u32" \
    $C launch --quiet $V in:"$T/z.bin" in:"$T/z.bin" out:1024:"$T/o.bin" f32:1.5
expect_exit launch_integer_for_f32_param 1 \
    "^ctasim: kernel 'cp': argument 2 'u32:3' is an integer, but parameter cp_param_2 is .f32" \
    $C launch --quiet --ptx workloads/ptx/cp.ptx --kernel cp --grid 1 --block 32 u64:1 u32:2 u32:3
expect_exit launch_out_negative_size 1 "^ctasim: kernel 'vadd': argument 2 'out:-4:$T/o.bin': '-4' is not a byte count" \
    $C launch --quiet $V in:"$T/z.bin" in:"$T/z.bin" out:-4:"$T/o.bin" u32:256
expect_exit launch_out_word_size 1 "'abc' is not a byte count" \
    $C launch --quiet $V in:"$T/z.bin" in:"$T/z.bin" out:abc:"$T/o.bin" u32:256

# --- a power option without the power model: it would do nothing, so say so
expect_warning power_option_without_power \
    "-power_sm_static_w (--set) is set, but the power model is off, so it has no effect; add --power" \
    $C run --quiet --set power_sm_static_w=1 $S
printf -- '-power_sm_static_w 3\n-power_l2_static_w 1\n' >"$T/p.config"
expect_warning power_options_from_a_file_without_power \
    "-power_sm_static_w ($T/p.config:1) and 1 more power option are set, but the power model is off" \
    $C run --quiet --config "$T/p.config" $S
expect_quiet power_option_with_power $C run --quiet --power --set power_sm_static_w=1 $S
# the wake-up latency is timing: it acts with the model off, no warning
expect_quiet power_wakeup_cycles_is_timing $C run --quiet --set power_wakeup_cycles=3 $S

# --- an option ctasim reads but models differently from GPGPU-Sim: one line saying so
expect_warning set_warns_approximated \
    "^ctasim: warning: --set: option -gpgpu_n_cores_per_cluster is approximated (value 2); see .ctasim config --unmodelled.$" \
    $C run --quiet --set gpgpu_n_cores_per_cluster=2 $S

# --- a CTA policy that cannot act: no kernel has more CTAs than SMs
$C run --quiet --size small --json "$T/blk_rr.json" BLK >/dev/null 2>&1
expect_warning policy_cannot_act_warns \
    "--cta-sched lcs cannot act: the largest kernel (blk) has 8 CTAs for 15 SMs, so no SM is offered a second CTA" \
    $C run --quiet --size small --cta-sched lcs --json "$T/blk_lcs.json" BLK
# ... and it is true: the run is the rr run, cycle for cycle
a=$(cycles "$T/blk_rr.json"); b=$(cycles "$T/blk_lcs.json")
[ -n "$a" ] && [ "$a" = "$b" ] && pass policy_cannot_act_equals_rr || fail policy_cannot_act_equals_rr "rr $a, lcs $b"
expect_warning policy_chain_cannot_act "--cta-sched dyncta+claso cannot act: .* 8 CTAs for 15 SMs" \
    $C run --quiet --size small --cta-sched dyncta+claso BLK
expect_warning policy_cannot_act_counts_active_cores "--cta-sched static:n=2 cannot act: .* 6 CTAs for 8 SMs" \
    $C run --quiet --active-cores 8 --cta-sched static:n=2 stream:ctas=6,iters=1
# BCS pairs CTAs on one core even then: it acts, no warning; nor on a grid larger than the GPU
expect_quiet policy_bcs_acts_on_small_grids $C run --quiet --size small --cta-sched bcs BLK
expect_quiet policy_lcs_on_a_large_grid $C run --quiet --cta-sched lcs stream:ctas=60,iters=1
# DYNCORE turns idle cores off (less energy with the power model): it acts on any grid
expect_quiet policy_dyncore_gates_small_grids $C run --quiet --size small --cta-sched dyncore BLK
# the example of `run --help` is one where the policy acts: no warning, other cycles than rr
ex=$($C run --help | sed -n 's/^example: ctasim run \(.*--cta-sched lcs .*\)$/\1/p' | head -1)
if [ -n "$ex" ]; then
    # shellcheck disable=SC2086
    $C run --quiet --json "$T/ex_lcs.json" $ex >/dev/null 2>"$T/ex.err"
    # shellcheck disable=SC2086
    $C run --quiet --json "$T/ex_rr.json" $(echo "$ex" | sed 's/--cta-sched lcs/--cta-sched rr/') >/dev/null 2>&1
    a=$(cycles "$T/ex_rr.json"); b=$(cycles "$T/ex_lcs.json")
    [ ! -s "$T/ex.err" ] && [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ] && pass run_help_example_policy_acts \
        || fail run_help_example_policy_acts "'$ex': rr $a, lcs $b; $(cat "$T/ex.err")"
else fail run_help_example_policy_acts "no --cta-sched lcs example in run --help"; fi
# an experiment says it per series, keeps it in DIR/NAME-warnings.txt, and its report shows it
if $C experiment lee-fig12-13 --size small --workloads MMUL,BLK --jobs 2 -o "$T/ex" --report >"$T/ex.out" 2>"$T/ex.err"; then
    w="lee-fig12-13: series lcs (--cta-sched lcs) cannot act on 2 of 2 workloads at small size: no kernel has more CTAs than the 28 SMs"
    n=$(grep -c '^ctasim: warning: ' "$T/ex.err")
    if ! grep -q "^ctasim: warning: $w" "$T/ex.err"; then fail experiment_policy_cannot_act "$(grep warning "$T/ex.err")"
    elif [ "$(grep -c . "$T/ex/lee-fig12-13-warnings.txt")" -ne "$n" ] || ! grep -q "^$w" "$T/ex/lee-fig12-13-warnings.txt"; then
        fail experiment_warnings_file "$n printed; file: $(cat "$T/ex/lee-fig12-13-warnings.txt" 2>&1)"
    elif ! grep -q 'Warnings the experiments printed' "$T/ex/report.html" || ! grep -q "$w" "$T/ex/report.html" ||
         ! grep -q "never fill the GPU" "$T/ex/report.html"; then
        fail report_shows_experiment_warnings "not in report.html"
    else pass experiment_warnings_in_file_and_report; fi
else fail experiment_warnings_in_file_and_report "$(tail -2 "$T/ex.err")"; fi

# ... the energy experiments too (TCS at small size), into the same file and page
if $C experiment song-fig6 --size small --workloads MUM,BLK --jobs 2 -o "$T/en" --report >/dev/null 2>"$T/en.err" &&
   grep -q "^ctasim: warning: song-fig6: series tcs (--cta-sched tcs) cannot act on 2 of 2 workloads at small size: .*MUM (4 CTAs), BLK (8 CTAs)$" "$T/en.err" &&
   grep -q "^song-fig6: series tcs " "$T/en/song-fig6-warnings.txt" && grep -q "song-fig6: series tcs " "$T/en/report.html"; then
    pass energy_experiment_policy_cannot_act
else fail energy_experiment_policy_cannot_act "$(grep warning "$T/en.err")"; fi

# --- a sweep over caps above the occupancy limit runs that configuration once
# (MMUL at small size: 3 CTAs per SM by registers)
if $C sweep --size small --max-ctas 1..8 --jobs 2 -o "$T/occ" MMUL >"$T/occ.out" 2>"$T/occ.err"; then
    same=$(awk -F, 'NR > 1 && $15 != "" { printf "%s:%s ", $3, $15 }' "$T/occ/summary.csv")
    c8=$(awk -F, 'NR > 1 && $3 == 8 { print $4 }' "$T/occ/summary.csv")
    c5=$(awk -F, 'NR > 1 && $3 == 5 { print $4 }' "$T/occ/summary.csv")
    $C run --quiet --size small --max-ctas 5 --json "$T/r5.json" MMUL >/dev/null 2>&1
    if [ "$same" != "3:8 4:8 5:8 6:8 7:8 " ]; then fail sweep_same_as_marked "same_as: '$same'"
    elif [ "$c5" != "$c8" ] || [ "$c5" != "$(cycles "$T/r5.json")" ]; then fail sweep_same_as_numbers "cap 5 $c5, cap 8 $c8, run $(cycles "$T/r5.json")"
    elif [ -e "$T/occ/rr-cfg-n5.json" ] || [ ! -e "$T/occ/rr-cfg-n8.json" ]; then fail sweep_same_as_not_rerun "$(ls "$T/occ")"
    elif [ "$(grep -c '^ctasim: warning: sweep: --max-ctas 3..7 are at or above the kernels. occupancy limit (3 CTAs per SM) and so repeat --max-ctas 8' "$T/occ.err")" -ne 1 ]; then
        fail sweep_same_as_says_so "$(grep warning "$T/occ.err")"
    else pass sweep_caps_above_occupancy_run_once; fi
    # resuming reads the top cap back and runs none of them
    cp "$T/occ/summary.csv" "$T/occ1.csv"
    $C sweep --size small --max-ctas 1..8 --jobs 1 -o "$T/occ" MMUL >"$T/occ2.out" 2>&1
    cut -d, -f1-15 "$T/occ1.csv" >"$T/occ.cut"
    cut -d, -f1-15 "$T/occ/summary.csv" | cmp -s - "$T/occ.cut" &&
        grep -q "3 of 8 points complete from an earlier run, running 0" "$T/occ2.out" \
        && pass sweep_same_as_resumes || fail sweep_same_as_resumes "$(head -2 "$T/occ2.out")"
else fail sweep_caps_above_occupancy_run_once "$(tail -2 "$T/occ.err")"; fi

# --- clearer messages
mkdir -p "$T/tr" && cp tests/data/traces/basic/* "$T/tr/"
sed -i 's/^0000 ffffffff 1 R1 IMAD.MOV.U32/0000 ffffffff 7 R1 IMAD.MOV.U32/' "$T/tr/kernel-1.traceg"
expect_exit trace_bad_destination_count_shows_it 1 "kernel-1.traceg:[0-9]*: bad destination count '7' (0 to " $C run "$T/tr/kernel-1.traceg"
expect_exit config_list_field_named 1 \
    "gpgpu_shader_core_pipeline: field 1 (threads per SM) = '0': must be at least 1" \
    $C run --set gpgpu_shader_core_pipeline=0:32 $S
expect_exit config_queue_field_named 1 "gpgpu_dram_partition_queues: field 2 (l2_to_dram) = '0'" \
    $C run --set gpgpu_dram_partition_queues=8:0:8:8 $S
expect_exit run_missing_input 2 "^ctasim: missing INPUT$" $C run --quiet
grep -q '^usage: ctasim run' "$T/err" && pass run_missing_input_then_usage || fail run_missing_input_then_usage "$(sed -n 2p "$T/err")"
expect_exit experiment_without_name 2 "^ctasim: experiment needs a NAME" $C experiment
if grep -q '^  lee-fig4 ' "$T/err" && grep -q '^  song-fig6 ' "$T/err" && [ ! -s "$T/out" ]; then
    pass experiment_without_name_lists_on_stderr
else fail experiment_without_name_lists_on_stderr "stdout $(wc -c <"$T/out") bytes"; fi
expect_exit experiment_option_before_name 2 "^ctasim: experiment needs a NAME first, got '--size'" $C experiment --size small
expect_exit static_negative_n 1 "^ctasim: policy 'static': n=-2: n must be a positive integer" \
    $C run --cta-sched static:n=-2 $S
expect_exit static_zero_n 1 "n=0: n must be a positive integer" $C run --cta-sched static:n=0 $S
exit 0
