/* inst.h — one warp instruction as the timing model sees it.
 *
 * Front-ends (Accel-Sim trace reader, synthetic kernels, the PTX interpreter)
 * all produce warp_inst_t. The timing model needs only: which execution unit
 * and latency class, which registers it reads/writes (scoreboard), and for
 * memory instructions the space, per-lane access size and per-lane addresses.
 * It never needs data values. */
#ifndef CTASIM_INST_H
#define CTASIM_INST_H

#include <stdint.h>

#define WARP_SIZE 32
#define INST_MAX_DST 4
#define INST_MAX_SRC 6

/* Execution unit an instruction issues to. */
enum exec_unit {
    UNIT_SP = 0, /* single-precision FP (and INT when the config has no INT unit) */
    UNIT_INT,    /* integer ALU (falls back to SP when num_int_units == 0) */
    UNIT_DP,     /* double precision (falls back to SFU when num_dp_units == 0, as Fermi) */
    UNIT_SFU,    /* transcendental / special function */
    UNIT_LDST,   /* every memory instruction */
    UNIT_BRANCH, /* control flow: BRA, BSSY, BSYNC, EXIT, BAR, NOP... (issue slot only) */
    UNIT_TENSOR, /* HMMA and friends */
    UNIT__COUNT
};

/* Latency classes: the rows of GPGPU-Sim's ptx_opcode_latency_{int,fp,dp}
 * ("ADD,MAX,MUL,MAD,DIV[,SHFL]") plus SFU/tensor/branch. The config maps each
 * class to (latency, initiation interval) in core cycles. */
enum lat_class {
    LAT_INT_ADD = 0, LAT_INT_MAX, LAT_INT_MUL, LAT_INT_MAD, LAT_INT_DIV, LAT_INT_SHFL,
    LAT_FP_ADD, LAT_FP_MAX, LAT_FP_MUL, LAT_FP_MAD, LAT_FP_DIV,
    LAT_DP_ADD, LAT_DP_MAX, LAT_DP_MUL, LAT_DP_MAD, LAT_DP_DIV,
    LAT_SFU, LAT_TENSOR, LAT_BRANCH,
    LAT__COUNT
};

/* Memory space of a UNIT_LDST instruction. */
enum mem_space {
    SPACE_NONE = 0,
    SPACE_GLOBAL,
    SPACE_LOCAL,
    SPACE_SHARED,
    SPACE_CONST,
    SPACE_TEX,
    SPACE_DSMEM,  /* distributed shared memory: another CTA of the cluster, over the SM-to-SM network */
};

/* flags */
#define INST_LOAD    0x01u /* reads memory, result goes to dst registers */
#define INST_STORE   0x02u /* writes memory */
#define INST_ATOMIC  0x04u /* read-modify-write performed at L2 (global) or shared */
#define INST_BARRIER 0x08u /* CTA-wide barrier (bar.sync / BAR.SYNC) */
#define INST_EXIT    0x10u /* the lanes in active_mask finish */
#define INST_MEMBAR  0x20u /* memory fence */
#define INST_CLUSTER_ARRIVE 0x40u /* barrier.cluster.arrive: the warp arrives at its cluster's barrier */
#define INST_CLUSTER_WAIT   0x80u /* barrier.cluster.wait: the warp waits until its cluster's phase completes */

/* warp_inst_t.async: the asynchronous copies of cp.async (PTX; SASS's
 * LDGSTS, LDGDEPBAR, DEPBAR), which the timing model tracks per warp in
 * groups (sm_async.h). A wait for "all but the newest N groups" is
 * ASYNC_WAIT_NEWEST + N, N at most ASYNC_WAIT_MAX_N (a larger N waits for
 * as much as that one: the model keeps no more groups). */
enum inst_async {
    ASYNC_NONE = 0,
    ASYNC_COPY,        /* the copy: a global load into the warp's open group */
    ASYNC_COMMIT,      /* the open group is committed; a new one opens */
    ASYNC_WAIT_ALL,    /* commit, then wait until every group is complete */
    ASYNC_WAIT_NEWEST, /* + N: wait until at most the N newest committed groups are pending */
};
#define ASYNC_WAIT_MAX_N 6

typedef struct warp_inst {
    uint64_t pc;
    uint32_t active_mask;  /* lanes that execute (active AND predicate true) */
    uint8_t unit;          /* enum exec_unit */
    uint8_t lat;           /* enum lat_class */
    uint8_t space;         /* enum mem_space (SPACE_NONE unless unit == UNIT_LDST) */
    uint8_t flags;         /* INST_* */
    uint8_t access_size;   /* bytes per lane for memory instructions (1,2,4,8,16) */
    uint8_t ndst, nsrc;
    uint8_t async;         /* enum inst_async: cp.async's copy, commit and waits (ASYNC_NONE otherwise) */
    uint16_t dst[INST_MAX_DST]; /* architectural register numbers (scoreboard keys) */
    uint16_t src[INST_MAX_SRC];
    /* Memory instructions: WARP_SIZE entries indexed by lane; entries of
     * inactive lanes are unspecified. NULL for non-memory instructions.
     * Owned by the front-end; valid until the next warp_next() of the warp. */
    const uint64_t *addr;
} warp_inst_t;

const char *exec_unit_name(enum exec_unit u);
const char *lat_class_name(enum lat_class c);

#endif
