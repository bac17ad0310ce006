/* ptx_regs.h — how many registers per thread a PTX kernel needs, and where
 * that number comes from. One place decides, for `ctasim launch` and for the
 * runtime API (ptx_kernel_desc calls it), in this order:
 *
 *   1. NAME.ptxas.txt beside NAME.ptx: a `ptxas -v` report (tools/gen_ptx.sh
 *      writes one for every suite kernel). The normal path: no warning.
 *   2. A cached ptxas report for this PTX text (the cache is keyed by a hash of
 *      the PTX content): NAME.ptxas-cache.txt beside the PTX, else
 *      $XDG_CACHE_HOME/ctasim/ptxas-HASH.txt (~/.cache when XDG_CACHE_HOME is
 *      unset).
 *   3. Run `ptxas -v` (from $CTASIM_PTXAS, PATH, $CUDA_HOME/bin,
 *      $CUDA_INSTALL_PATH/bin or /usr/local/cuda/bin) for the PTX's .target,
 *      and cache its report (beside the PTX when that directory is writable,
 *      else in the user cache).
 *   4. Estimate from a liveness analysis of the PTX (ptx_estimate_regs).
 *
 * CTASIM_PTXAS=off (or 0, none) skips 2 and 3; CTASIM_PTXAS=PATH names the
 * ptxas to run. CTASIM_PTXAS_TIMEOUT (seconds, default 60) bounds one run.
 * An explicit count (ctasim_set_kernel_regs, `ctasim launch --regs N`) wins
 * over all of these and is decided by the caller. */
#ifndef CTASIM_PTX_REGS_H
#define CTASIM_PTX_REGS_H

#include "ptx_ir.h"

enum ptx_regs_source {
    PTX_REGS_UNDECIDED = 0,
    PTX_REGS_REPORT,       /* NAME.ptxas.txt beside the PTX */
    PTX_REGS_PTXAS_CACHED, /* an earlier ptxas run's report, from the cache */
    PTX_REGS_PTXAS_RUN,    /* ptxas ran now */
    PTX_REGS_ESTIMATE,     /* liveness estimate */
};

typedef struct ptx_regs {
    uint32_t regs;        /* registers per thread */
    uint32_t smem;        /* static shared memory bytes (report, else the module's layout) */
    uint8_t source;       /* enum ptx_regs_source */
    uint8_t warned;       /* the launch warning for this kernel has been printed */
    char file[1024];      /* REPORT / PTXAS_*: the report or cache file read or written ("" = not cached) */
    char why[256];        /* ESTIMATE: why not ptxas; PTXAS_RUN with file "": why not cached */
} ptx_regs_t;

/* Flags of ptx_kernel_regs (0 = the normal order above). */
#define PTX_REGS_NO_REPORT 0x1u /* ignore NAME.ptxas.txt */
#define PTX_REGS_NO_PTXAS  0x2u /* neither run ptxas nor read its cache */

/* Decide registers and static shared memory of function `fi` (a kernel) of m.
 * With flags 0 the answer is remembered in m (later launches reuse it). */
void ptx_kernel_regs(ptx_module_t *m, uint32_t fi, unsigned flags, ptx_regs_t *out);

/* The one stderr line a launch prints about r when it is not the normal
 * report path: "ctasim: warning: registers for K: N ..." (into buf; "" when
 * no warning is due). */
const char *ptx_regs_warning(const char *kernel, const ptx_regs_t *r, char *buf, size_t n);

/* Registers per thread estimated from the PTX alone: the most 32-bit
 * registers live at once over the function's program points (a 64-bit
 * register counts 2, predicates none; values ptxas keeps in the constant bank
 * or as immediates none), each block taken in the order ptxas would schedule
 * it and a small counted loop unrolled as ptxas would (ptx_regs.c), plus
 * PTX_REGS_OVERHEAD, at most PTX_REGS_MAX. The occupancy computation rounds
 * the result to -ctasim_reg_alloc_granularity. docs/ARCHITECTURE.md says how
 * close it comes to ptxas on the suite.
 * PTX_REGS_OVERHEAD: what ptxas uses beyond the modelled pressure (the stack
 * pointer, pair alignment, its more aggressive scheduling of small kernels),
 * calibrated on the suite's kernels against their reports. */
#define PTX_REGS_OVERHEAD 5
#define PTX_REGS_MAX 255
#define PTX_UNROLL 4            /* ptxas's unroll factor for a small loop */
#define PTX_UNROLL_MAX_BODY 64  /* ... of at most this many PTX instructions */
uint32_t ptx_estimate_regs(const ptx_module_t *m, uint32_t fi);

/* Static shared memory of kernel fi without a ptxas report: the .shared
 * variables it and the functions it calls refer to, each aligned, as ptxas
 * counts them (not every .shared variable of the module). */
uint32_t ptx_kernel_static_shared(const ptx_module_t *m, uint32_t fi);

/* The ptxas this process would run ("" and 0 when none is found or
 * CTASIM_PTXAS disables it). */
int ptx_find_ptxas(char *path, size_t n);

/* Registers per thread and static shared bytes of `kernel` from a ptxas -v
 * report; 0 found, -1 when the file or the kernel's entry is missing. */
int ptx_read_ptxas_report(const char *report_path, const char *kernel, uint32_t *regs, uint32_t *smem);

#endif
