/* cta_dyncta.h — DYNCTA's parts for policies built on it (DYNCORE,
 * cta_dyncore.c): a link that runs DYNCTA per core calls these from its own
 * hooks with the state dyncta_create returned, and sets its
 * kernel_state_size to sizeof(dyncta_kernel_t). DYNCTA sets the link's
 * sample period (its `period` argument) when a kernel starts on an idle GPU. */
#ifndef CTASIM_CTA_DYNCTA_H
#define CTASIM_CTA_DYNCTA_H

#include "gpu/cta_policy.h"

typedef struct dyncta_kernel { /* per running kernel, kept by the framework */
    uint32_t max_n; /* N */
    uint32_t *n;    /* per core */
} dyncta_kernel_t;

typedef struct dyncta dyncta_t;

/* Which per-core counter (counters.h) DYNCTA reads as C_mem. */
enum dyncta_cmem {
    DYNCTA_CMEM_ALL,   /* cmem=all: c_mem, the whole core stalled on the memory side */
    DYNCTA_CMEM_WAIT,  /* cmem=wait: c_mem_wait, ALU waits do not disqualify a cycle */
    DYNCTA_CMEM_SCHED, /* cmem=sched: c_mem_sched / schedulers, GPGPU-Sim's per-scheduler reading */
    DYNCTA_CMEM_SCHED_MEM, /* cmem=schedmem: c_mem_sched_mem / schedulers, c_mem's condition per scheduler */
};

/* Algorithm 1's decision for one window: +1, -1 or 0 (n unchanged), before
 * the bounds 1 <= n <= N are applied. */
int dyncta_step(uint64_t c_idle, uint64_t c_mem, uint32_t t_idle, uint32_t t_mem_l, uint32_t t_mem_h);

/* C_mem's counter when no cmem= argument is given (cta_dyncta.c). */
#define DYNCTA_CMEM_DEFAULT "all"

/* Parses period, t_idle, t_mem_l, t_mem_h, cmem (errors name the link's policy). */
void *dyncta_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err);
void dyncta_destroy(void *st);
void dyncta_kernel_launched(void *st, struct gpu *g, const kernel_run_t *k);
void dyncta_kernel_finished(void *st, struct gpu *g, const kernel_run_t *k);
uint32_t dyncta_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k);
void dyncta_cta_finished(void *st, struct gpu *g, const cta_info_t *cta);
void dyncta_sample(void *st, struct gpu *g, uint64_t cycle);
uint32_t dyncta_period(const dyncta_t *s);

#endif
