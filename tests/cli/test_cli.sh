#!/bin/sh
# Command-line tests: every check prints "PASS name" or "FAIL name".
# GPGPU-Sim-syntax configuration fixtures of our own (see tests/test_config.c)
. tests/cli_common.sh
CFG=tests/data/config


# --- listing
$C list >"$T/list" 2>&1
for w in gtx480 c2050 hpca14-28sm date14-28sm pact13-30sm date16-15sm rr static lrr gto stream strided chase compute shmem l1hit l2hit dram; do
    grep -q -w -- "$w" "$T/list" || { fail "list_$w" "missing from ctasim list"; continue; }
done
pass list_names_everything

# --- a run prints GPGPU-Sim statistic lines and writes JSON
if $C run --json "$T/a.json" stream:ctas=30,iters=2 >"$T/a.txt" 2>"$T/a.err"; then
    ok=1
    for k in "gpu_sim_cycle = " "gpu_sim_insn = " "gpu_ipc = " "L1D_total_cache_accesses = " \
             "L2_total_cache_misses = " "total dram reads = " "averagemflatency = "; do
        grep -q "^$k" "$T/a.txt" || { ok=0; fail run_stat_lines "missing '$k'"; }
    done
    [ $ok -eq 1 ] && pass run_stat_lines
    ok=1
    for k in '"cycles"' '"warp_insts"' '"thread_insts"' '"ipc"' '"kernels"' '"start_cycle"' '"end_cycle"' \
             '"ctas"' '"cores"' '"ctas_issued"' '"active"' '"idle"' '"mem_stall"' '"core_stall"' \
             '"no_cta_cycles"' '"l1d"' '"l2"' '"dram"' '"row_hits"' '"avg_mem_latency"' '"sim_wall_seconds"'; do
        grep -q "$k" "$T/a.json" || { ok=0; fail run_json_keys "missing $k"; }
    done
    if [ $ok -eq 1 ] && command -v python3 >/dev/null; then
        python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['warp_insts']>0 and len(d['cores'])==15" "$T/a.json" \
            && pass run_json_keys || fail run_json_keys "not valid JSON"
    elif [ $ok -eq 1 ]; then pass run_json_keys; fi
else
    fail run_stat_lines "run failed: $(cat "$T/a.err")"
fi

# --- provenance: the JSON and the text say what produced them
if command -v python3 >/dev/null; then  # (the JSON checks read it with python3)
if $C run --json "$T/pv.json" --config hpca14-28sm --set gpgpu_l1_latency=20 --cta-sched dyncta+claso --size small VADD \
       >"$T/pv.txt" 2>"$T/pv.err" &&
   python3 - "$T/pv.json" <<'PY' 2>"$T/pv.py"
import json, sys
p = json.load(open(sys.argv[1]))["provenance"]
assert p["ctasim_version"], p
assert p["command"][1:4] == ["run", "--json", sys.argv[1]], p["command"]
assert p["input"] == {"kind": "workload", "name": "VADD", "size": "small", "seed": 1}, p["input"]
assert p["configs"] == [{"preset": "hpca14-28sm"}] and p["sets"] == ["gpgpu_l1_latency=20"], p
assert p["cta_sched_resolved"] == "dyncta:period=2048,t_idle=16,t_mem_l=128,t_mem_h=384,cmem=all+claso:pa=1,pl=0", p
assert p["warp_sched"] is None and p["warp_sched_resolved"] == "gto", p
assert p["check"] == "PASS" and len(p["config_fnv1a64"]) == 16, p
PY
then
    grep -q '^ctasim_cta_sched = dyncta:period=2048,t_idle=16,t_mem_l=128,t_mem_h=384,cmem=all+claso:pa=1,pl=0$' "$T/pv.txt" &&
    grep -q '^ctasim_input = VADD (small size, seed 1)$' "$T/pv.txt" && pass provenance_of_a_workload_run \
        || fail provenance_of_a_workload_run "text lines: $(head -7 "$T/pv.txt")"
else fail provenance_of_a_workload_run "$(cat "$T/pv.err" "$T/pv.py" 2>/dev/null | tail -3)"; fi
# the effective config's checksum is that of `ctasim config` with the same options
$C config --config hpca14-28sm --set gpgpu_l1_latency=20 >"$T/pv.cfg"
if python3 - "$T/pv.json" "$T/pv.cfg" <<'PY' 2>"$T/pv.py"
import json, sys
h = 0xcbf29ce484222325
for b in open(sys.argv[2], "rb").read():
    h = ((h ^ b) * 0x100000001b3) & (2**64 - 1)
assert json.load(open(sys.argv[1]))["provenance"]["config_fnv1a64"] == "%016x" % h
PY
then pass provenance_config_checksum; else fail provenance_config_checksum "$(cat "$T/pv.py")"; fi
else skip provenance_of_a_workload_run "no python3 to read the JSON"
     skip provenance_config_checksum "no python3 to read the JSON"; fi
# a trace's checksum covers its kernel files: one changed byte changes it
# (the fixture's second kernel is .traceg.xz: a build without liblzma cannot run it)
if have_lzma; then
mkdir -p "$T/pvt" && cp tests/data/traces/basic/* "$T/pvt/"
$C run --quiet --json "$T/pvt1.json" "$T/pvt" 2>/dev/null
sed -i '0,/^-shmem = 1024/s//-shmem = 2048/' "$T/pvt/kernel-1.traceg"
$C run --quiet --json "$T/pvt2.json" "$T/pvt" 2>/dev/null
a=$(grep -o '"xxh64": "[0-9a-f]*"' "$T/pvt1.json" | head -1); b=$(grep -o '"xxh64": "[0-9a-f]*"' "$T/pvt2.json" | head -1)
[ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ] && pass provenance_trace_checksum || fail provenance_trace_checksum "$a / $b"
# ... and is what the standard tool gives for the list and kernel files in order (when it is installed)
if command -v xxh64sum >/dev/null 2>&1; then
    want=$(cd "$T/pvt" && grep -v '^Memcpy' kernelslist.g | grep . | xargs cat kernelslist.g | xxh64sum | cut -c1-16)
    [ "$b" = "\"xxh64\": \"$want\"" ] && pass provenance_trace_checksum_is_xxh64sum \
        || fail provenance_trace_checksum_is_xxh64sum "$b, xxh64sum $want"
else skip provenance_trace_checksum_is_xxh64sum "no xxh64sum"; fi
else skip provenance_trace_checksum "tests/data/traces/basic has an .xz kernel and this build has no liblzma"; fi

# --- determinism: identical statistics apart from wall time and memory
$C run --json "$T/b.json" stream:ctas=30,iters=2 >/dev/null 2>&1
grep -v -E 'sim_wall_seconds|peak_rss|"provenance"' "$T/a.json" >"$T/a2"; grep -v -E 'sim_wall_seconds|peak_rss|"provenance"' "$T/b.json" >"$T/b2"
cmp -s "$T/a2" "$T/b2" && pass deterministic_json || fail deterministic_json "JSON differs"

# --- GPGPU-Sim-syntax config files (our fixtures of a GTX 480 file and the QV100 pair)
if $C run --config "$CFG/gtx480.config" --allow-unknown stream:ctas=15,iters=1 >"$T/o" 2>"$T/e"; then
    if ! grep -q "^gpu_sim_cycle" "$T/o"; then fail gtx480_config_with_allow_unknown "no stats"
    elif [ "$(grep -c 'is not modelled; ignored' "$T/e")" -ne 13 ]; then
        fail gtx480_config_with_allow_unknown "expected 13 warnings (-power_simulation_enabled is parsed): $(head -3 "$T/e")"
    else pass gtx480_config_with_allow_unknown; fi
else fail gtx480_config_with_allow_unknown "$(tail -1 "$T/e")"; fi
expect_error gtx480_config_without_allow_unknown "gtx480.config:2: .*-gpgpu_ptx_instruction_classification" \
    $C run --config "$CFG/gtx480.config" stream
if $C run --config "$CFG/qv100/gpgpusim.config" --config "$CFG/qv100/trace.config" \
        --allow-unknown stream:ctas=80,iters=1 >"$T/o" 2>"$T/e"; then
    grep -q "^gpu_sim_cycle" "$T/o" && pass qv100_config_pair || fail qv100_config_pair "no stats"
else fail qv100_config_pair "$(tail -1 "$T/e")"; fi
# ... and one warning line per option a file sets that is accepted but not (fully) modelled
if [ "$(grep -c 'is not fully modelled\|is not modelled (' "$T/e")" -eq 4 ] &&
   grep -q "qv100/gpgpusim.config:81: option -gpgpu_n_cluster_ejection_buffer_size is not modelled (value 32 ignored)" "$T/e" &&
   ! grep -q 'gpgpu_shader_cta' "$T/e"; then
    pass qv100_config_warns_unmodelled_once_per_option
else fail qv100_config_warns_unmodelled_once_per_option "$(grep -v 'ignored$' "$T/e" | head -3)"; fi
if $C run --set ctasim_l1_ports=2 --set gpgpu_shader_cta=4 stream:ctas=2,iters=1 >/dev/null 2>"$T/e" &&
   [ "$(wc -l <"$T/e")" -eq 1 ] && grep -q '^ctasim: warning: --set: option -ctasim_l1_ports is not modelled (value 2 ignored)' "$T/e"; then
    pass set_warns_unmodelled
else fail set_warns_unmodelled "$(cat "$T/e")"; fi

# --- config --unmodelled: the coverage catalogue, marked with what the configuration sets
Q=tests/data/config/qv100
if $C config --unmodelled --allow-unknown --config $Q/gpgpusim.config --config $Q/trace.config >"$T/u" 2>"$T/ue" &&
   [ ! -s "$T/ue" ] && ! grep -qv '^-' "$T/u" &&
   grep -q "^-gpgpu_n_cluster_ejection_buffer_size: ignored: .*\[set in $Q/gpgpusim.config:81: 32\]$" "$T/u" &&
   grep -q "^-gpgpu_cache:dl1\[result_fifo\]: ignored: .*\[set in $Q/gpgpusim.config:78: 0, exact at this value\]$" "$T/u" &&
   grep -q "^-gpgpu_dram_partition_queues\[l2_to_dram\]: ignored: .*\[set in $Q/gpgpusim.config:91: 64" "$T/u" &&
   grep -q "^-gpgpu_dram_partition_queues\[dram_to_l2\]: ignored: .*\[set in $Q/gpgpusim.config:91: 64\]$" "$T/u" &&
   grep -q "^-gpgpu_dram_partition_queues\[l2_to_icnt\]: ignored: .*\[set in $Q/gpgpusim.config:91: 64" "$T/u" &&
   grep -q "^-gpgpu_num_reg_banks: not-parsed: .*\[set in $Q/gpgpusim.config:71: 16\]$" "$T/u" &&
   ! grep -q "^-dram_dual_bus_interface" "$T/u" &&
   grep -q "^-specialized_unit_1: not-parsed: .*\[set in $Q/trace.config:12: " "$T/u" &&
   ! grep -q '^-gpgpu_shader_cta\|^-gpgpu_n_clusters:\|^-gpgpu_cache:dl1\[nsets\]' "$T/u"; then
    pass config_unmodelled_qv100_pair
else fail config_unmodelled_qv100_pair "$(cat "$T/ue") $(grep -c . "$T/u") lines"; fi
# the whole catalogue without --config: nothing marked, the same order every time
if $C config --unmodelled >"$T/u1" 2>"$T/ue" && $C config --unmodelled >"$T/u2" && cmp -s "$T/u1" "$T/u2" &&
   [ ! -s "$T/ue" ] && ! grep -q '\[set ' "$T/u1" && grep -q '^-gpgpu_cache:dl2\[miss_queue\]: ignored: ' "$T/u1" &&
   [ "$(grep -c . "$T/u1")" -eq "$(grep -c . "$T/u")" ] && $C config --help | grep -q 'ctasim config --unmodelled'; then
    pass config_unmodelled_catalogue
else fail config_unmodelled_catalogue "$(head -2 "$T/u1")"; fi
# what the file sets that ctasim does not know at all comes last, marked
printf -- '-gpgpu_n_clusters 15\n-gpgpu_frobnicate 3\n' >"$T/unk2.config"
if $C config --unmodelled --allow-unknown --config "$T/unk2.config" >"$T/u" 2>"$T/ue" &&
   tail -1 "$T/u" | grep -q "^-gpgpu_frobnicate: unknown: .*\[set in $T/unk2.config:2: 3\]$"; then
    pass config_unmodelled_unknown_option
else fail config_unmodelled_unknown_option "$(tail -1 "$T/u")"; fi
expect_error config_unmodelled_needs_allow_unknown "gpgpusim.config:16: unknown option -gpgpu_ptx_force_max_capability" \
    $C config --unmodelled --config $Q/gpgpusim.config

# --- presets all simulate
for p in gtx480 c2050 hpca14-28sm date14-28sm pact13-30sm date16-15sm; do
    $C run --config $p --quiet stream:ctas=30,iters=1 >/dev/null 2>"$T/e" && pass "preset_$p" || fail "preset_$p" "$(cat "$T/e")"
done

# --- trace export and replay give the same instruction totals and timing
if $C trace --no-compress stream:ctas=20,iters=3 -o "$T/tr" >"$T/tr.out" 2>"$T/e" && [ -f "$T/tr/kernel-1.traceg" ] &&
   grep -q "^trace written to $T/tr: [0-9.]* [kM]B$" "$T/tr.out"; then
    $C run --json "$T/direct.json" --quiet stream:ctas=20,iters=3 2>/dev/null
    $C run --json "$T/replay.json" --quiet "$T/tr/kernelslist.g" 2>"$T/e"
    d=$(grep -E '"(warp_insts|thread_insts)"' "$T/direct.json" | head -2 | tr -d ' ,')
    r=$(grep -E '"(warp_insts|thread_insts)"' "$T/replay.json" | head -2 | tr -d ' ,')
    [ -n "$d" ] && [ "$d" = "$r" ] && pass trace_replay_counts || fail trace_replay_counts "direct $d replay $r $(cat "$T/e")"
    dc=$(grep '"cycles"' "$T/direct.json"); rc2=$(grep '"cycles"' "$T/replay.json")
    [ "$dc" = "$rc2" ] && pass trace_replay_cycles || fail trace_replay_cycles "direct $dc replay $rc2"
else
    fail trace_export "$(cat "$T/tr.out" "$T/e")"
fi
# with liblzma (the default build finds it) kernel files are .traceg.xz, and replay the same
if $C trace stream:ctas=20,iters=3 -o "$T/trx" >"$T/trx.out" 2>"$T/e"; then
    if [ -f "$T/trx/kernel-1.traceg.xz" ] && grep -q "^kernel-1.traceg.xz$" "$T/trx/kernelslist.g" &&
       grep -q "^trace written to $T/trx: [0-9.]* kB (xz)$" "$T/trx.out"; then
        $C run --json "$T/replayx.json" --quiet "$T/trx" 2>"$T/e"
        [ "$(grep '"cycles"' "$T/replayx.json")" = "$(grep '"cycles"' "$T/replay.json")" ] && pass trace_xz_replays_the_same \
            || fail trace_xz_replays_the_same "$(cat "$T/e")"
    elif [ -f "$T/trx/kernel-1.traceg" ] && ! grep -q "(xz)" "$T/trx.out"; then
        pass trace_plain_without_liblzma
    else fail trace_xz_replays_the_same "$(ls "$T/trx") $(cat "$T/trx.out")"; fi
else fail trace_xz_replays_the_same "$(cat "$T/e")"; fi

# --- bad input: one clear line, non-zero exit, never a crash
expect_error missing_trace "nope/kernelslist.g" $C run "$T/nope/kernelslist.g"
head -c 3000 /dev/urandom >"$T/garbage.g"
expect_error garbage_kernelslist "garbage.g" $C run "$T/garbage.g"
printf -- '-gpgpu_n_clusters banana\n' >"$T/bad.config"
expect_error bad_config_value "bad.config:1: .*gpgpu_n_clusters" $C run --config "$T/bad.config" stream
printf -- '-gpgpu_n_clusters 15\n-gpgpu_frobnicate 3\n' >"$T/unk.config"
expect_error unknown_config_option "unk.config:2: .*gpgpu_frobnicate" $C run --config "$T/unk.config" stream
expect_error bad_set_value "gpgpu_shader_cta" $C run --set gpgpu_shader_cta=-4 stream
expect_error unknown_cta_policy "unknown CTA policy 'nosuch'" $C run --cta-sched nosuch stream
expect_error unknown_warp_policy "unknown warp scheduling policy 'nosuch'" $C run --warp-sched nosuch stream
expect_error bad_policy_arg "unknown argument 'x'" $C run --cta-sched static:n=2,x=1 stream
expect_error bad_max_ctas "max-ctas" $C run --max-ctas 0 stream
expect_error unknown_synthetic_param "unknown parameter 'bogus'" $C run stream:bogus=1
expect_error too_big_cta "cannot run" $C run compute:threads=1024,regs=64 --set gpgpu_shader_registers=32768
if [ -f "$T/tr/kernel-1.traceg" ]; then
    head -c 700 "$T/tr/kernel-1.traceg" >"$T/tr/trunc.traceg"
    mkdir -p "$T/tt"; cp "$T/tr/trunc.traceg" "$T/tt/kernel-1.traceg"; echo "kernel-1.traceg" >"$T/tt/kernelslist.g"
    expect_error truncated_trace "kernel-1.traceg:[0-9]*:" $C run "$T/tt/kernelslist.g"
fi

# --- workloads of the suite, launch, and trace export of a workload
if $C run --size small --quiet VADD >"$T/v.out" 2>"$T/e" && grep -q "VADD (small): PASS" "$T/v.out"; then
    pass workload_vadd_passes
else fail workload_vadd_passes "$(cat "$T/v.out" "$T/e")"; fi
i=0; : >"$T/ones.bin"; : >"$T/zeros.bin"
while [ $i -lt 256 ]; do printf '\000\000\200\077' >>"$T/ones.bin"; printf '\000\000\000\000' >>"$T/zeros.bin"; i=$((i+1)); done
if $C launch --quiet --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256 \
        in:"$T/zeros.bin" in:"$T/ones.bin" out:1024:"$T/sum.bin" s32:256 2>"$T/e" && cmp -s "$T/sum.bin" "$T/ones.bin"; then
    pass launch_vadd_output
else fail launch_vadd_output "$(cat "$T/e")"; fi
expect_error launch_rejects_size "--size is not an option of launch" $C launch --size small --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 32
expect_error launch_rejects_seed "--seed is not an option of launch" $C launch --ptx workloads/ptx/vadd.ptx --seed 3 --kernel vadd --grid 1 --block 32
expect_error launch_u32_no_wrap "4294967296 out of range for u32" \
    $C launch --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256 in:"$T/ones.bin" in:"$T/ones.bin" out:1024:"$T/x" u32:4294967296
expect_error launch_u32_no_sign "-1 out of range for u32" \
    $C launch --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256 in:"$T/ones.bin" in:"$T/ones.bin" out:1024:"$T/x" u32:-1
expect_error launch_s32_range "out of range for s32" \
    $C launch --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256 in:"$T/ones.bin" in:"$T/ones.bin" out:1024:"$T/x" s32:3000000000
expect_error dyncta_thresholds_inverted "t_mem_l=500 must not exceed t_mem_h=100" \
    $C run --cta-sched dyncta:t_mem_l=500,t_mem_h=100 stream:ctas=2,iters=1
expect_error launch_wrong_arg_count "kernel 'vadd' takes 4 arguments, 2 given" \
    $C launch --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256 in:"$T/ones.bin" s32:256
expect_error launch_wrong_arg_size "argument 3 is 4 bytes" \
    $C launch --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 256 in:"$T/ones.bin" in:"$T/ones.bin" out:1024:"$T/x" u64:5
expect_error launch_too_many_threads "kernel 'vadd'" \
    $C launch --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 1 --block 4096 in:"$T/ones.bin" in:"$T/ones.bin" out:1024:"$T/x" s32:256
expect_error launch_out_of_bounds "out-of-bounds" \
    $C launch --ptx workloads/ptx/vadd.ptx --kernel vadd --grid 8 --block 256 in:"$T/ones.bin" in:"$T/ones.bin" out:1024:"$T/x" s32:2048
sed 's/^\.version .*/.version 99.9/' workloads/ptx/vadd.ptx >"$T/vadd_v99.ptx"
expect_error launch_ptx_version_too_new \
    "vadd_v99.ptx:[0-9]*: PTX ISA version 99.9 is newer than the newest this simulator knows (9.0)" \
    $C launch --ptx "$T/vadd_v99.ptx" --kernel vadd --grid 1 --block 256 in:"$T/ones.bin" in:"$T/ones.bin" out:1024:"$T/x" s32:256
expect_error unknown_workload_size "size" $C run --size huge VADD
if $C trace --size small VADD -o "$T/vtr" >/dev/null 2>"$T/e"; then
    $C run --quiet --json "$T/vt.json" "$T/vtr/kernelslist.g" 2>/dev/null
    $C run --quiet --json "$T/vd.json" --size small VADD >/dev/null 2>&1
    a=$(grep -E '"(warp_insts|cycles)"' "$T/vt.json" | head -2 | tr -d ' ,'); b=$(grep -E '"(warp_insts|cycles)"' "$T/vd.json" | head -2 | tr -d ' ,')
    [ -n "$a" ] && [ "$a" = "$b" ] && pass workload_trace_replay || fail workload_trace_replay "trace $a direct $b"
else fail workload_trace_replay "$(cat "$T/e")"; fi
# --- experiments: `all` runs every one, writes a CSV each, and prints the paper's headline
if $C experiment all --size small --workloads VADD,MMUL --jobs 2 -o "$T/exp" >"$T/exp.txt" 2>"$T/exp.err"; then
    ok=1
    for e in lee-fig4 lee-fig12-13 lee-fig16-17 lee-fig19 kayiran-fig1-10 kayiran-fig8 yu-fig11-12 yu-fig13 yu-fig16; do
        [ -s "$T/exp/$e.csv" ] || { ok=0; fail experiment_all "no $e.csv"; }
    done
    for e in kayiran-fig8-series; do
        [ -s "$T/exp/$e.csv" ] || { ok=0; fail experiment_all "no $e.csv"; }
    done
    n=$(ls "$T/exp/"*-workloads.csv | wc -l)
    [ "$n" -eq 9 ] || { ok=0; fail experiment_all "$n NAME-workloads.csv files, not 9"; }
    n=$(grep -c "^[a-z0-9-]*: [0-9]* of the paper's [0-9]* workloads (" "$T/exp.txt")
    [ "$n" -eq 9 ] || { ok=0; fail experiment_all "$n lines on the paper's workloads, not 9"; }
    grep -q "Paper: ~7% on average" "$T/exp.txt" || { ok=0; fail experiment_all "no LCS headline"; }
    grep -q "s wall on 2 jobs" "$T/exp.txt" || { ok=0; fail experiment_all "no wall time"; }
    [ $ok -eq 1 ] && pass experiment_all
else fail experiment_all "$(head -3 "$T/exp.err")"; fi
expect_error experiment_unknown "unknown experiment" $C experiment lee-fig99
# An experiment runs the paper's workloads that the suite has, in the paper's order, and says which
# are missing. paper_set NAME[:OURS]...: from the paper's list (NAME:OURS where the paper's name is
# not ours) and the suite, set $want (ours, in the paper's order), $have and $missing (the paper's names).
suite=" $($C list workloads | awk 'NR > 1 { print $1 }' | tr '\n' ' ')"
paper_set() {
    want=; missing=; have=0
    for e in "$@"; do
        case "$suite" in
        *" ${e#*:} "*) want="$want ${e#*:}"; have=$((have + 1)) ;;
        *) missing="$missing${missing:+, }${e%%:*}" ;;
        esac
    done
    [ -n "$missing" ] && missing="missing: $missing" || missing="none missing"
}
# Yu et al. Table 2, whose BS, KMS, SP, ST are our BLK, KMN, SCP, STN
paper_set AES BFS BP BS:BLK CP FWT KMS:KMN LIB MC NN SLA SP:SCP ST:STN
if $C experiment yu-fig11-12 --size small --jobs 2 -o "$T/yu" >"$T/yu.txt" 2>"$T/yu.err"; then
    got=$(awk -F, 'NR > 1 && $2 == "CLASO10" { printf " %s", $1 }' "$T/yu/yu-fig11-12.csv")
    line=$(grep "^yu-fig11-12: [0-9]* of the paper's" "$T/yu.txt")
    nmiss=$(grep -c ',,missing$' "$T/yu/yu-fig11-12-workloads.csv")
    if [ "$got" != "$want" ]; then fail experiment_paper_workloads "ran$got, not$want"
    elif case "$line" in "yu-fig11-12: $have of the paper's 13 workloads (Table 2; "*"), $missing") false ;; *) true ;; esac; then
        fail experiment_paper_workloads "line '$line', expected $have of 13, $missing"
    elif [ "$nmiss" -ne $((13 - have)) ] || ! grep -q '^BS,BLK,run$' "$T/yu/yu-fig11-12-workloads.csv"; then
        fail experiment_paper_workloads "yu-fig11-12-workloads.csv: $(tr '\n' ' ' <"$T/yu/yu-fig11-12-workloads.csv")"
    else pass experiment_paper_workloads; fi
else fail experiment_paper_workloads "$(head -3 "$T/yu.err")"; fi
# --workloads picks among them; a name the paper does not list runs anyway, with a note
if $C experiment lee-fig16-17 --size small --workloads VADD,MMUL --jobs 2 -o "$T/l16" >"$T/l16.txt" 2>"$T/l16.err"; then
    got=$(awk -F, 'NR > 1 { printf " %s", $1 }' "$T/l16/lee-fig16-17.csv")
    w="$T/l16/lee-fig16-17-workloads.csv"
    if [ "$got" != " MMUL VADD" ]; then fail experiment_workloads_outside_paper "ran$got"
    elif ! grep -q "^lee-fig16-17: .*; running 1 of them (--workloads); plus VADD, which the paper does not list$" "$T/l16.txt"; then
        fail experiment_workloads_outside_paper "$(grep "of the paper's" "$T/l16.txt")"
    elif ! grep -q '^MMUL,MMUL,run$' "$w" || ! grep -q '^CONV,CONV,not-selected$' "$w" || [ "$(tail -1 "$w")" != ",VADD,extra" ]; then
        fail experiment_workloads_outside_paper "$(tr '\n' ' ' <"$w")"
    else pass experiment_workloads_outside_paper; fi
else fail experiment_workloads_outside_paper "$(head -3 "$T/l16.err")"; fi
# the static sweep is kept once per preset: lee-fig12-13 into the same DIR reads
# MMUL's eight n=K runs back from lee-fig16-17's, and both print the same
# oracle headroom (best static cap over GTO) for it
if $C experiment lee-fig12-13 --size small --workloads MMUL --jobs 2 -o "$T/l16" >"$T/l12.txt" 2>"$T/l12.err"; then
    a=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "opt_speedup_over_gto") c = i } $1 == "MMUL" { print $c }' "$T/l16/lee-fig12-13.csv")
    b=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "oracle_headroom") c = i } $1 == "MMUL" { print $c }' "$T/l16/lee-fig16-17.csv")
    if ! grep -q "^lee-fig12-13: resuming: 8 of 12 runs complete" "$T/l12.txt"; then
        fail experiment_shared_static_sweep "$(grep resuming "$T/l12.txt" || echo 'no resuming line')"
    elif [ -z "$a" ] || [ "$a" != "$b" ] || [ "$(ls "$T/l16/.runs/static-hpca14-28sm" | grep -c '^MMUL--n_[1-8]--gto\.run$')" -ne 8 ]; then
        fail experiment_shared_static_sweep "headroom '$a' (lee-fig12-13) vs '$b' (lee-fig16-17); $(ls "$T/l16/.runs/static-hpca14-28sm" | tr '\n' ' ')"
    else pass experiment_shared_static_sweep; fi
else fail experiment_shared_static_sweep "$(head -3 "$T/l12.err")"; fi
# --all-workloads: the paper's first (Kayiran et al. Fig. 8: SAD, JPEG, RAY, FFT), then the rest of the suite
paper_set SAD JPEG RAY FFT
rest=; nrest=0
for n in $suite; do
    case "$want " in *" $n "*) ;; *) rest="$rest $n"; nrest=$((nrest + 1)) ;; esac
done
if $C experiment kayiran-fig8 --size small --all-workloads --jobs 2 -o "$T/k8" >"$T/k8.txt" 2>"$T/k8.err"; then
    got=$(awk -F, 'NR > 1 { printf " %s", $1 }' "$T/k8/kayiran-fig8.csv")
    if [ "$got" != "$want$rest" ]; then fail experiment_all_workloads "ran$got, not$want$rest"
    elif ! grep -q "^kayiran-fig8: $have of the paper's 4 workloads (Fig. 8), $missing; plus $nrest workloads of the suite the paper does not list$" "$T/k8.txt"; then
        fail experiment_all_workloads "$(grep "of the paper's" "$T/k8.txt")"
    else pass experiment_all_workloads; fi
else fail experiment_all_workloads "$(head -3 "$T/k8.err")"; fi
# small grids that never fill the GPU are named in one warning; DYNCTA that never sampled is n/a, not -1
if grep -q "^ctasim: warning: at small size [0-9]* of [0-9]* workloads never fill the GPU .*SAD" "$T/k8.err" &&
   ! grep -q ",-1\.00," "$T/k8/kayiran-fig8.csv"; then
    pass experiment_small_grids_warn
else fail experiment_small_grids_warn "$(cat "$T/k8.err")"; fi
# progress off a terminal: lines with the time left, and a last line with the total time
grep -q "^kayiran-fig8: [0-9]*/[0-9]* runs, [0-9hms]* elapsed, about [0-9hms?]* left$" "$T/k8.err" &&
    grep -q "^kayiran-fig8: \([0-9]*\)/\1 runs in [0-9hms]*$" "$T/k8.err" && pass experiment_progress_lines \
    || fail experiment_progress_lines "$(grep runs "$T/k8.err" | tail -2)"

# --- a single run shows progress on a terminal only (script(1) gives it one)
if command -v script >/dev/null 2>&1; then
    CTASIM_PROGRESS_INTERVAL=0 script -qec "$C run stream:ctas=200,iters=8 >/dev/null" /dev/null >"$T/tty.txt" 2>&1
    grep -q "cycle [0-9.kM]*, [0-9.kM]* warp inst ([0-9.kM]*/s), 0 of 1 kernels done; running: [0-9]*/200 CTAs" "$T/tty.txt" \
        && pass run_progress_on_terminal || fail run_progress_on_terminal "$(cat -v "$T/tty.txt" | head -c 300)"
    CTASIM_PROGRESS_INTERVAL=0 script -qec "$C run --quiet stream:ctas=200,iters=8" /dev/null >"$T/tty.txt" 2>&1
    grep -q "warp inst" "$T/tty.txt" && fail run_progress_quiet "progress with --quiet" || pass run_progress_quiet
else
    skip run_progress_on_terminal "no script(1) to give it a terminal"
    skip run_progress_quiet "no script(1) to give it a terminal"
fi
CTASIM_PROGRESS_INTERVAL=0 $C run stream:ctas=200,iters=8 >/dev/null 2>"$T/notty.err"
[ -s "$T/notty.err" ] && fail run_progress_not_a_terminal "$(head -c 200 "$T/notty.err")" || pass run_progress_not_a_terminal

# --- limits of the model are errors, not silent clamps or defaults
expect_error sched_per_core_above_8 "at most 8" $C run --set gpgpu_num_sched_per_core=16 stream:ctas=2,iters=1
expect_error two_level_active_not_a_number "two_level_active:N" $C run --warp-sched two_level_active:x stream:ctas=2,iters=1
expect_error two_level_active_zero "two_level_active:N" $C run --warp-sched two_level_active:0 stream:ctas=2,iters=1
if $C run --warp-sched two_level_active:4:0:1 stream:ctas=2,iters=1 >/dev/null 2>"$T/tl.err"; then
    pass two_level_active_gpgpusim_spelling
else fail two_level_active_gpgpusim_spelling "$(cat "$T/tl.err")"; fi
expect_error cta_chain_empty_link "empty policy name" $C run --cta-sched lcs+ stream:ctas=2,iters=1
expect_error cta_chain_rr_not_first "can only be the first policy" $C run --cta-sched rr+rr stream:ctas=2,iters=1
expect_error cta_chain_rr_after_lcs "can only be the first policy" $C run --cta-sched lcs+rr stream:ctas=2,iters=1
expect_error cta_chain_leading_plus "empty policy name" $C run --cta-sched +lcs stream:ctas=2,iters=1

# --- every subcommand answers --help (and -h) on stdout with exit 0
for sub in run sweep launch experiment list trace config report; do
    if $C $sub --help >"$T/h.out" 2>"$T/h.err" && grep -q "^usage: ctasim $sub" "$T/h.out" && grep -q '^example: ' "$T/h.out" &&
       [ ! -s "$T/h.err" ] && $C $sub -h | grep -q "^usage: ctasim $sub"; then
        pass help_$sub
    else fail help_$sub "$(head -2 "$T/h.out") $(cat "$T/h.err")"; fi
done

# --- --config: a missing file is "no such file", an unknown bare name an unknown preset
expect_error config_missing_file "missing.cfg: cannot open: No such file" $C run --config missing.cfg stream:ctas=2,iters=1
expect_error config_unknown_preset "unknown preset 'nopreset'" $C run --config nopreset stream:ctas=2,iters=1

# --- inputs that never end or are not files
expect_error launch_ptx_dev_zero "larger than 64 MiB" $C launch --ptx /dev/zero --kernel k --grid 1 --block 32
expect_error launch_ptx_directory "Is a directory" $C launch --ptx tests --kernel k --grid 1 --block 32

# --- never succeed on nothing: inputs that hold no kernel are errors
: >"$T/empty.g"
expect_error run_readme_is_no_kernel_list "no kernel in this kernel list" $C run README.md
expect_error run_dev_null "no kernel in this kernel list" $C run /dev/null
expect_error run_empty_kernelslist "no kernel in this kernel list" $C run "$T/empty.g"
mkdir -p "$T/interrupted" && : >"$T/interrupted/kernelslist.g"
expect_error run_interrupted_trace_dir "no kernel in this kernel list" $C run "$T/interrupted"
# a kernel trace file given directly runs as a one-kernel list
if $C run tests/data/traces/basic/kernel-1.traceg >"$T/k1.out" 2>&1 && grep -q 'gpu_sim_cycle = [1-9]' "$T/k1.out" &&
   grep -q 'kernel_name = _Z6vecaddPfS_S_i' "$T/k1.out"; then
    pass run_single_traceg_file
else fail run_single_traceg_file "$(tail -2 "$T/k1.out")"; fi

# --- -gpgpu_max_cycle / -gpgpu_max_insn stop the run, say so, and skip the reference check
if $C run --set gpgpu_max_cycle=500 --size small --json "$T/mc.json" VADD >"$T/mc.out" 2>"$T/mc.err" &&
   grep -q 'gpu_sim_cycle = 500$' "$T/mc.out" && grep -q '^gpu_stopped = max_cycle' "$T/mc.out" &&
   grep -q 'VADD (small): not checked: stopped at -gpgpu_max_cycle' "$T/mc.out" && ! grep -q FAIL "$T/mc.out" &&
   grep -q '"stopped": "max_cycle"' "$T/mc.json"; then
    pass max_cycle_stops_and_says_so
else fail max_cycle_stops_and_says_so "$(tail -3 "$T/mc.out") $(cat "$T/mc.err")"; fi
if $C run --set gpgpu_max_insn=5000 --json "$T/mi.json" stream >"$T/mi.out" 2>&1 &&
   grep -q '"stopped": "max_insn"' "$T/mi.json" && grep -q '^gpu_stopped = max_insn' "$T/mi.out"; then
    pass max_insn_stops_and_says_so
else fail max_insn_stops_and_says_so "$(tail -3 "$T/mi.out")"; fi
if $C run --json "$T/full.json" stream:ctas=30,iters=2 >/dev/null 2>&1 && grep -q '"stopped": null' "$T/full.json" &&
   ! $C run stream:ctas=30,iters=2 | grep -q gpu_stopped; then
    pass complete_run_is_not_stopped
else fail complete_run_is_not_stopped "stopped key wrong"; fi

# --- --json: opened before the simulation; "-" is standard output
expect_error json_unwritable_fails_first "cannot write" $C run --json /proc/nope.json stream:ctas=600,iters=64
if [ ! -s "$T/out" ]; then pass json_unwritable_simulates_nothing; else fail json_unwritable_simulates_nothing "printed statistics"; fi
if $C run --json - stream:ctas=2,iters=1 >"$T/j.out" 2>"$T/j.err" && \
   python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["cycles"] > 0' "$T/j.out" 2>/dev/null; then
    pass json_to_stdout_is_pure_json
elif ! command -v python3 >/dev/null; then
    grep -q '"cycles": [1-9]' "$T/j.out" && ! grep -q 'gpu_sim_cycle' "$T/j.out" && pass json_to_stdout_is_pure_json \
        || fail json_to_stdout_is_pure_json "$(head -2 "$T/j.out")"
else fail json_to_stdout_is_pure_json "$(head -2 "$T/j.out") $(cat "$T/j.err")"; fi
exit 0
