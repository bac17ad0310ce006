#!/bin/sh
# tools/dyncta_calibrate.py's reach: the best mean its static model of
# Algorithm 1 predicts with no workload below 0.95x, over every threshold
# pair. Two made-up workloads whose needs conflict: A gains 2x at n = 1 and
# must not be raised (its C_mem there is 500), B loses half at n = 1 and is
# raised only by t_mem_l above its C_mem of 1500, which raises A too. So the
# only pairs that keep B at 1.0x give A 1.0x as well: +0.0 %, first reached at
# t_mem_l = t_mem_h = 1504. A reach that ignored the 0.95x floor would print
# +25.0 % (A at 2x, B at 0.5x). Every check prints "PASS name" or "FAIL name".
. tests/cli_common.sh

if ! command -v python3 >/dev/null 2>&1; then
    skip dyncta_calibrate_reach "no python3"
else
    cat >"$T/cmem.csv" <<'CSV'
workload,n,N,opt,ipc_norm,cmem_all,cmem_wait,cmem_sched,cmem_schedmem
A,1,2,1,2.0,500,500,500,500
A,2,2,1,1.0,1000,1000,1000,1000
B,1,2,2,0.5,1500,1500,1500,1500
B,2,2,2,1.0,1500,1500,1500,1500
CSV
    if python3 tools/dyncta_calibrate.py "$T/cmem.csv" >"$T/out" 2>&1 &&
        grep -q '^  schedmem   +0.0% at t_mem_l=1504 t_mem_h=1504 | lowest 1.00x' "$T/out"; then
        pass dyncta_calibrate_reach
    else
        fail dyncta_calibrate_reach "$(grep -A5 '^reach' "$T/out" || cat "$T/out")"
    fi
fi
