#!/bin/sh
# test_today_gpus.sh — the H100 and A100 configurations from the command line:
# Accel-Sim's file pairs (tests/data/{h100,a100}/) load as users give them,
# simulate like the h100/a100 presets, and bad input gets one clear line.
. tests/cli_common.sh
H=tests/data/h100; A=tests/data/a100

# the bundled H100 pair, as Accel-Sim ships it (its interconnect file beside it)
if $C run --quiet --allow-unknown --config $H/gpgpusim.config --config $H/trace.config \
      --json "$T/h100_files.json" stream:ctas=264,iters=4 >"$T/out" 2>"$T/err" &&
   grep -q '"cycles"' "$T/h100_files.json"; then pass h100_pair_runs
else fail h100_pair_runs "$(tail -3 "$T/err")"; fi
$C run --quiet --config h100 --json "$T/h100_preset.json" stream:ctas=264,iters=4 >/dev/null 2>&1
same_json h100_preset_simulates_as_the_pair "$T/h100_files.json" "$T/h100_preset.json"

if $C run --quiet --allow-unknown --config $A/gpgpusim.config --config $A/trace.config \
      --json "$T/a100_files.json" stream:ctas=216,iters=4 >/dev/null 2>"$T/err"; then pass a100_pair_runs
else fail a100_pair_runs "$(tail -3 "$T/err")"; fi
$C run --quiet --config a100 --json "$T/a100_preset.json" stream:ctas=216,iters=4 >/dev/null 2>&1
same_json a100_preset_simulates_as_the_pair "$T/a100_files.json" "$T/a100_preset.json"

# without --allow-unknown: the first option ctasim does not parse, by file and line
expect_error h100_pair_strict "$H/gpgpusim.config:2: unknown option -gpgpu_ptx_instruction_classification" \
    $C run --config $H/gpgpusim.config --config $H/trace.config stream

# what is tolerated but not modelled is listed, with where the pair sets it
$C config --unmodelled --allow-unknown --config $H/gpgpusim.config --config $H/trace.config >"$T/unm" 2>/dev/null
if grep -q "^-gpgpu_lrc_enabled: not-parsed: .*\[set in $H/gpgpusim.config:128: 1\]" "$T/unm" &&
   grep -q "^-gpgpu_n_chiplet_partition: not-parsed: " "$T/unm" && ! grep -q "unknown: neither" "$T/unm"; then
    pass h100_unmodelled_listed
else fail h100_unmodelled_listed "$(grep -c . "$T/unm") lines"; fi

if $C list configs | grep -q "^  h100 " && $C list configs | grep -q "^  a100 "; then pass presets_listed
else fail presets_listed "no h100/a100 in list configs"; fi
if $C config --config h100 | grep -q "^# 132 SMs in 8 GPCs of 18,18,16,16,16,16,16,16 SMs"; then pass h100_gpcs_printed
else fail h100_gpcs_printed "$($C config --config h100 | tail -1)"; fi

# bad values: one line, file:line or --set, and what is wrong
sed 's/^-gpgpu_memory_partition_indexing 6/-gpgpu_memory_partition_indexing 9/' $H/gpgpusim.config >"$T/bad.config"
expect_error bad_partition_indexing_in_file "$T/bad.config:125: -gpgpu_memory_partition_indexing: too large (at most 6) ('9')" \
    $C run --allow-unknown --config "$T/bad.config" stream
expect_error partition_indexing_not_modelled "-gpgpu_memory_partition_indexing: .*got 4; 3 PAE, 4 random and 5 custom are not modelled" \
    $C run --config h100 --set gpgpu_memory_partition_indexing=4 stream
expect_error gpcs_beyond_tpcs "-ctasim_gpcs: 67 GPCs but only 66 TPCs of 2 SMs" \
    $C run --config h100 --set ctasim_gpcs=67 stream
