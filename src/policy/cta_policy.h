/* cta_policy.h — CTA scheduling policies as plug-ins (ops table).
 *
 * A policy decides where and when a CTA starts, and may pause CTAs, tag them
 * to bypass L1, and throttle or gate cores. Policies chain ("dyncta+claso"):
 * the dispatcher admits a CTA to a core only if every link admits it (the
 * first link is the baseline, later links are filters that may veto); every
 * link sees every event. Adding a policy = one file in src/policy/ plus one
 * line in cta_policy.c's registry.
 *
 * Dispatcher: each core cycle, cores are visited round-robin (rotating start);
 * a core in state ACTIVE with free resources for kernel k is offered k's next
 * CTA (kernels in launch order); the chain's admit() decides. At most one CTA
 * is issued per core per cycle. */
#ifndef CTASIM_CTA_POLICY_H
#define CTASIM_CTA_POLICY_H

#include "gpu/gpu_types.h"
#include "policy_args.h"

struct gpu;

typedef struct cta_policy_ops {
    const char *name;
    const char *summary;
    const char *params; /* "t_idle=16,t_mem_l=128,..." defaults, for `ctasim list` */
    /* Create the policy's state from its arguments (mark each used key;
     * the registry rejects unknown keys). */
    void *(*create)(struct gpu *g, policy_args_t *args, cs_error_t *err);
    void (*destroy)(void *st);
    void (*kernel_launched)(void *st, struct gpu *g, const kernel_run_t *k);
    void (*kernel_finished)(void *st, struct gpu *g, const kernel_run_t *k);
    /* May core `sm` take one more CTA of kernel k now? Resources already fit. */
    bool (*admit)(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k);
    void (*cta_issued)(void *st, struct gpu *g, const cta_info_t *cta);
    void (*cta_finished)(void *st, struct gpu *g, const cta_info_t *cta);
    /* Called every sample_period core cycles (0 = never). */
    void (*sample)(void *st, struct gpu *g, uint64_t cycle);
    /* Optional: the most CTAs of k this link lets core sm hold now, for
     * links that limit by count (static's n, LCS's T_new, DYNCTA's n);
     * NULL or UINT32_MAX = no count limit of its own. Lets one link plan
     * around the others through gpu_chain_cap (BCS sizes its blocks so a
     * whole block fits under the chain's cap). admit() stays the authority. */
    uint32_t (*cap)(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k);
} cta_policy_ops_t;

typedef struct cta_policy {
    const cta_policy_ops_t *ops;
    void *st;
    uint32_t sample_period; /* set through gpu_policy_set_sample_period(), in create() or later */
    uint64_t next_sample;
} cta_policy_t;

#define CTA_CHAIN_MAX 4
typedef struct cta_chain {
    unsigned n;
    bool creating; /* link[n-1].create() is running: its state pointer is not known yet */
    cta_policy_t link[CTA_CHAIN_MAX];
} cta_chain_t;

/* Registry */
const cta_policy_ops_t *cta_policy_find(const char *name);
const cta_policy_ops_t *const *cta_policy_all(void);
/* Add a policy defined outside src/policy/ (an experiment's own driver, a
 * test). Call before any GPU is created; not thread-safe. */
int cta_policy_register(const cta_policy_ops_t *ops, cs_error_t *err);
/* Parse "a:k=v+b+c:k=v" and create each link. */
int cta_chain_create(cta_chain_t *c, struct gpu *g, const char *spec, cs_error_t *err);
void cta_chain_destroy(cta_chain_t *c);

#endif
