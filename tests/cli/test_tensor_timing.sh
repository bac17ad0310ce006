#!/bin/sh
# Tensor-core timing: mma.sync issues to the tensor units, with the latency
# and initiation interval the config gives (-ptx_opcode_latency_tensor,
# -ptx_opcode_initiation_tensor, -gpgpu_num_tensor_core_units). Kernels of
# N mma's, one CTA; each number is a difference of two runs, N = 16 minus
# N = 8, so the launch and exit overheads (the same in both) cancel and the
# 8 extra mma's remain:
#   dependent (D = C, a chain): each waits for the one before: 8 x (latency
#     + -ctasim_pipeline_latency) cycles;
#   independent, W warps: each tensor unit takes one every initiation
#     interval II; with the Volta sub-core model the units are split among
#     the 4 schedulers and warp w issues on scheduler w mod 4, so the extra
#     8 x W mma's take 8 x W / units x II cycles (at least 8 x II, a warp's
#     own instructions being in one unit's queue). Below an II of 5 one warp's
#     scoreboard is the limit instead: it tracks 16 pending register writes
#     (SB_MAX), 4 mma's of 4 destinations, so a warp has at most 4 in flight,
#     one each 17 / 4 = 4.25 cycles (34 for 8); the II checks use 6 and 8.
# The a100 preset: 4 tensor units, latency 12, II 8 (Accel-Sim's A100
# trace.config's "12,8"), pipeline latency 5.
. tests/cli_common.sh

gen() { # gen dep|indep N: one mma chain, or N mma's writing distinct registers
    printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %%r<8>;\n.reg .f32 %%f<80>;\n'
    for i in 0 1 2 3 4 5; do printf 'mov.b32 %%r%d, 0;\n' "$i"; done
    for i in 0 1 2 3; do printf 'mov.f32 %%f%d, 0f00000000;\n' "$i"; done
    i=0
    while [ "$i" -lt "$2" ]; do
        if [ "$1" = dep ]; then d="%f0, %f1, %f2, %f3"
        else b=$((4 + 4 * i)); d="%f$b, %f$((b + 1)), %f$((b + 2)), %f$((b + 3))"; fi
        printf 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%s}, {%%r0, %%r1, %%r2, %%r3}, {%%r4, %%r5}, {%%f0, %%f1, %%f2, %%f3};\n' "$d"
        i=$((i + 1))
    done
    printf 'ret;\n}\n'
}
# a chain of wmma.mma m16n16k16 (one tensor-unit issue each, as an mma)
genw() {
    printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %%r<16>;\n.reg .f32 %%f<8>;\n'
    i=0; while [ "$i" -lt 16 ]; do printf 'mov.b32 %%r%d, 0;\n' "$i"; i=$((i + 1)); done
    i=0; while [ "$i" -lt 8 ]; do printf 'mov.f32 %%f%d, 0f00000000;\n' "$i"; i=$((i + 1)); done
    f="{%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}"
    i=0
    while [ "$i" -lt "$1" ]; do
        printf 'wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 %s, {%%r0, %%r1, %%r2, %%r3, %%r4, %%r5, %%r6, %%r7}, {%%r8, %%r9, %%r10, %%r11, %%r12, %%r13, %%r14, %%r15}, %s;\n' "$f" "$f"
        i=$((i + 1))
    done
    printf 'ret;\n}\n'
}
for k in dep indep; do for n in 8 16; do gen $k $n >"$T/$k$n.ptx"; done; done
for n in 8 16; do genw $n >"$T/wdep$n.ptx"; done

cycles() { # cycles KIND N THREADS [options]: gpu_sim_cycle of one CTA
    k=$1; n=$2; b=$3; shift 3
    "$C" launch --config a100 "$@" --ptx "$T/$k$n.ptx" --kernel k --grid 1 --block "$b" --regs 32 2>"$T/err" |
        sed -n 's/^gpu_sim_cycle = \([0-9]*\)$/\1/p'
}
delta() { # delta KIND THREADS [options]: cycles of 8 more mma's
    k=$1; b=$2; shift 2
    a=$(cycles "$k" 8 "$b" "$@"); z=$(cycles "$k" 16 "$b" "$@")
    if [ -n "$a" ] && [ -n "$z" ]; then echo $((z - a)); else echo "error: $(cat "$T/err")"; fi
}
check() { # check NAME WANT GOT
    if [ "$3" = "$2" ]; then pass "$1"; else fail "$1" "8 more mma's took $3 cycles, want $2"; fi
}

check tensor_chain_waits_latency_plus_pipeline 136 "$(delta dep 32)"                             # 8 x (12 + 5)
check tensor_chain_latency_from_config 280 "$(delta dep 32 --set ptx_opcode_latency_tensor=30)"  # 8 x (30 + 5)
check tensor_independent_one_warp_ii 64 "$(delta indep 32)"                                      # 8 x 8
check tensor_scoreboard_limits_below_ii_5 34 "$(delta indep 32 --set ptx_opcode_initiation_tensor=2)" # 8 x 17 / 4
check tensor_independent_ii_from_config 48 "$(delta indep 32 --set ptx_opcode_initiation_tensor=6)" # 8 x 6
check tensor_four_warps_own_subcore_units 64 "$(delta indep 128)"                                # 32 / 4 x 8
check tensor_eight_warps_share_units 128 "$(delta indep 256)"                                    # 64 / 4 x 8
check tensor_eight_units_double_rate 64 "$(delta indep 256 --set gpgpu_num_tensor_core_units=8)" # 64 / 8 x 8
check tensor_wmma_chain_one_issue_each 136 "$(delta wdep 32)"                                   # 8 x (12 + 5)
check tensor_one_unit_serialises 512 "$(delta indep 256 --set gpgpu_num_tensor_core_units=1)"    # 64 / 1 x 8
