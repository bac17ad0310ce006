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
