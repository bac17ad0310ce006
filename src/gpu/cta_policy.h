/* cta_policy.h — CTA scheduling policies as plug-ins of the GPU (ops
 * table), the contract between a policy and the GPU that runs it, and the
 * view of the GPU a policy has (the only GPU header a policy includes).
 *
 * A policy decides where and when a CTA starts, and may pause CTAs, tag them
 * to bypass L1, and throttle or gate cores. Policies chain ("dyncta+claso"):
 * the dispatcher admits a CTA to a core only if every link admits it (the
 * first link is the baseline, later links are filters that may veto); every
 * link sees every event, in chain order. Adding a policy = one file in
 * src/policy/ that registers itself with CTA_POLICY_REGISTER(ops);
 * (policy/register.h).
 *
 * Dispatcher: each core cycle, before the cores tick, cores are visited
 * round-robin (rotating start); a core in state ACTIVE with free resources
 * for kernel k is offered k's next CTA (kernels in launch order); the chain
 * decides. At most one CTA is issued per core per cycle.
 *
 * ---- The contract -------------------------------------------------------
 *
 * Order within one core cycle:
 *   1. kernels whose stream predecessors are done start: kernel_launched;
 *   2. links whose sample period is due: sample (every core's counters are
 *      brought up to this cycle first);
 *   3. dispatch pass: admit for each (core, kernel) offer, cta_issued for
 *      each CTA started; then the finished events of CTAs that finished at
 *      once (a CTA with no instruction), as in 5;
 *   4. every core ticks;
 *   5. the cores' events are drained, core by core: for each finished CTA,
 *      cta_finished, then, if it was its kernel's last, kernel_finished.
 *
 * The resident view (gpu_sm_resident_ctas, gpu_sm_ctas, gpu_sm_free_ctas) is
 * one consistent picture in every hook: a CTA is resident from the moment it
 * starts (it is listed during its own cta_issued) until it finishes (it is
 * gone, slot and resources freed, during its own cta_finished). Counting with
 * a kernel or without one never disagrees.
 *
 * What a hook may call (the view below): every query, in every hook. The setters
 * gpu_set_sm_state, gpu_set_cta_paused, gpu_set_cta_bypass,
 * gpu_set_mem_throttle and gpu_policy_set_sample_period in every hook except
 * admit and cap, which answer without changing the machine: they may update
 * the link's own bookkeeping and call gpu_request_dispatch (look again next
 * cycle, e.g. when an answer depends on time). Metrics
 * (gpu_metric_*) anywhere; gpu_policy_fail (a mix the policy cannot
 * schedule: the run ends with that one-line error) in any hook but admit and
 * cap. A setter's effect is seen by the cores from their
 * next tick and by the dispatcher from its next pass.
 *
 * State: the link's own state is what create() returns. Per-kernel state is
 * the framework's: a link that sets kernel_state_size gets a zeroed block for
 * each running kernel (cta_link_kernel_state), allocated before its
 * kernel_launched and freed after its kernel_finished; the link frees only
 * what it allocated inside that block.
 *
 * Thread block clusters (a kernel with kernel_cluster_size(&k->desc) > 1):
 * the dispatcher places a whole cluster at once on cores of one GPC, or
 * nothing. For such a kernel, step 3 asks admit once per core the cluster
 * would use (a core that takes several of its CTAs is asked once), takes at
 * most gpu_chain_cap - resident CTAs on each core (so a CTA cap holds for
 * clusters too), then asks every link's cluster_cap for the GPC: the
 * cluster is placed only if the GPC holds fewer of k's clusters than each
 * cap. cta_issued follows for each of its CTAs, in rank order, in one
 * cycle (cta_info_t.cluster_size; the cluster's index is cta_id /
 * cluster_size). A link that limits in clusters writes cluster_cap alone
 * (policy/cta_clusters.c); one that limits in CTAs works unchanged. */
#ifndef CTASIM_CTA_POLICY_H
#define CTASIM_CTA_POLICY_H

#include <stddef.h>

#include "config/config.h"
#include "model/cache.h"
#include "model/counters.h"
#include "model/run_types.h"
#include "util/policy_args.h"

typedef struct gpu gpu_t;
/* One link of the chain: a policy's handle on the framework (sample period,
 * per-kernel state, which link is asking in gpu_chain_cap). */
typedef struct cta_link cta_link_t;

typedef struct cta_policy_ops {
    const char *name;
    const char *summary;
    const char *params; /* "t_idle=16,t_mem_l=128,..." defaults, for `ctasim list` */
    /* Arguments it runs with when it has required ones (static: "n=2"),
     * for whatever runs every registered policy (the contract test); NULL:
     * its defaults run. */
    const char *example_args;
    /* Bytes of per-kernel state the framework keeps for this link (0: none). */
    size_t kernel_state_size;
    /* Create the link's state from its arguments (mark each used key; the
     * registry rejects unknown keys). The create rule, the same for warp
     * policies (model/warp_policy.h): create returns the state, never NULL
     * on success; NULL means it failed, with *err saying why (the chain
     * reports a NULL without a message as "create failed without an error
     * message"). A stateless link (rr) leaves create out, as a stateless
     * warp policy may; its hooks get st == NULL. `self` stays valid for the
     * GPU's lifetime. */
    void *(*create)(struct gpu *g, cta_link_t *self, policy_args_t *args, cs_error_t *err);
    void (*destroy)(void *st);
    /* k starts running (its per-kernel state is zeroed and ready). */
    void (*kernel_launched)(void *st, struct gpu *g, const kernel_run_t *k);
    /* k's last CTA finished (after that CTA's cta_finished); also called
     * when the GPU is destroyed while k still runs (a run stopped early), so
     * the link frees what it allocated in k's per-kernel state. */
    void (*kernel_finished)(void *st, struct gpu *g, const kernel_run_t *k);
    /* May core `sm` take one more CTA of kernel k now? Resources already fit.
     * NULL: admit while the core holds fewer CTAs of k than cap() (so a
     * policy that only limits by count writes cap alone); no cap either:
     * admit. */
    bool (*admit)(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k);
    /* A CTA started on cta->sm (already resident). */
    void (*cta_issued)(void *st, struct gpu *g, const cta_info_t *cta);
    /* A CTA finished (no longer resident; end_cycle and warp_insts final). */
    void (*cta_finished)(void *st, struct gpu *g, const cta_info_t *cta);
    /* Called every sample period (gpu_policy_set_sample_period; 0 = never). */
    void (*sample)(void *st, struct gpu *g, uint64_t cycle);
    /* Optional: the most CTAs of k this link lets core sm hold now, for
     * links that limit by count (static's n, LCS's T_new, DYNCTA's n);
     * NULL or UINT32_MAX = no count limit of its own. Lets one link plan
     * around the others through gpu_chain_cap (BCS sizes its blocks so a
     * whole block fits under the chain's cap). */
    uint32_t (*cap)(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k);
    /* Optional, for cluster kernels: the most clusters of k GPC `gpc` may
     * hold now (gpu_gpc_clusters counts them); NULL or UINT32_MAX = no limit
     * of its own. Answers like cap: no change to the machine. */
    uint32_t (*cluster_cap)(void *st, struct gpu *g, uint32_t gpc, const kernel_run_t *k);
} cta_policy_ops_t;

struct cta_link {
    const cta_policy_ops_t *ops;
    void *st;
    unsigned index;         /* position in the chain: per-kernel state slot */
    uint32_t sample_period; /* set through gpu_policy_set_sample_period(), in create() or later */
    uint64_t next_sample;
};

/* A chain as resolved from "a:k=v+b+c:k=v" (policy/registry.h): each
 * link's policy and its arguments, in chain order. */
typedef struct cta_chain_spec {
    unsigned n;
    const cta_policy_ops_t *ops[CTA_CHAIN_MAX];
    policy_args_t args[CTA_CHAIN_MAX];
} cta_chain_spec_t;

typedef struct cta_chain {
    unsigned n;
    cta_link_t link[CTA_CHAIN_MAX];
    /* the chain as its links took it: every argument with the value used,
     * defaults included ("dyncta:period=2048,...+claso:pa=1,pl=0") */
    char resolved[512];
} cta_chain_t;

/* The link's per-kernel state for k (NULL if the link keeps none, or k is
 * not running). */
static inline void *cta_link_kernel_state(const cta_link_t *self, const kernel_run_t *k)
{
    return k->link_state[self->index];
}

/* ---- The view: what a hook may read and change of the GPU ------------ */
/* --- queries ------------------------------------------------------------ */
const gpu_config_t *gpu_config(const gpu_t *g);
uint64_t gpu_cycle(const gpu_t *g);               /* core cycles so far */
uint32_t gpu_n_sm(const gpu_t *g);
uint32_t gpu_n_kernels(const gpu_t *g);
/* A kernel's own counters (kernel_run_t.st, warp_insts, thread_insts) are
 * current in sample() and kernel_finished() and after a run; with --threads
 * the cores' and slices' shares wait in per-unit deltas until then (gpu.c,
 * fold_kernel_deltas), so another hook reads them behind. A core's counters
 * (gpu_sm_counters) and caches' statistics are always current. */
const kernel_run_t *gpu_kernel(const gpu_t *g, uint32_t index);
const sm_counters_t *gpu_sm_counters(const gpu_t *g, uint32_t sm);
/* The core's L1 data cache statistics (accesses, hits, pending hits, misses). */
const cache_stats_t *gpu_sm_l1_stats(const gpu_t *g, uint32_t sm);
/* Running kernels in launch order (at most max); returns how many. */
uint32_t gpu_running_kernels(const gpu_t *g, const kernel_run_t **out, uint32_t max);
uint32_t gpu_sm_resident_ctas(const gpu_t *g, uint32_t sm, const kernel_run_t *k); /* k NULL = all */
enum core_state gpu_sm_state(const gpu_t *g, uint32_t sm);
/* How many more CTAs of k fit on the core now by resources alone (threads,
 * registers, shared memory, CTA and warp slots, the kernel's --max-ctas cap);
 * policies' own limits are not applied. */
uint32_t gpu_sm_free_ctas(const gpu_t *g, uint32_t sm, const kernel_run_t *k);
/* The same, as if one more CTA of `placed` were resident first (a policy
 * that keeps room for another kernel: mcke). */
uint32_t gpu_sm_free_ctas_after(const gpu_t *g, uint32_t sm, const kernel_run_t *placed, const kernel_run_t *k);
/* The most CTAs of k the policy chain lets core sm hold now: the kernel's
 * max_ctas_per_sm lowered by every link's cap() except `except` (the asking
 * link; NULL = ask all). */
uint32_t gpu_chain_cap(gpu_t *g, uint32_t sm, const kernel_run_t *k, const cta_link_t *except);
/* GPCs (config_n_gpc), the GPC of a core, and the clusters of k (a cluster
 * kernel) with a CTA still resident on a GPC's cores. */
uint32_t gpu_n_gpc(const gpu_t *g);
uint32_t gpu_sm_gpc(const gpu_t *g, uint32_t sm);
uint32_t gpu_gpc_clusters(const gpu_t *g, uint32_t gpc, const kernel_run_t *k);
/* CTAs resident on a core (for pausing decisions), most recently issued last. */
uint32_t gpu_sm_ctas(const gpu_t *g, uint32_t sm, cta_info_t *out, uint32_t max);

/* --- policy outputs (which hooks may call them: the contract above) ------- */
/* ACTIVE takes CTAs; THROTTLE keeps its CTAs and takes no new ones; OFF takes
 * none and, once drained, is gated: it counts gated cycles (sm_counters_t)
 * instead of idle ones, and the power model charges it nothing. */
void gpu_set_sm_state(gpu_t *g, uint32_t sm, enum core_state st);
/* Paused CTAs' warps go behind every other warp in every scheduler. */
void gpu_set_cta_paused(gpu_t *g, uint32_t sm, uint32_t slot, bool paused);
/* The CTA's global loads from now on skip L1 (no lookup, no allocation). */
void gpu_set_cta_bypass(gpu_t *g, uint32_t sm, uint32_t slot, bool bypass);
/* The core issues no memory instruction while throttled. */
void gpu_set_mem_throttle(gpu_t *g, uint32_t sm, bool throttle);
/* A policy's admission answer may have changed outside the events the
 * dispatcher already reacts to (CTA finished, kernel started, sample, core
 * state change): look again next cycle. */
void gpu_request_dispatch(gpu_t *g);
/* Ask for sample() every `period` core cycles from now (0: stop). */
void gpu_policy_set_sample_period(gpu_t *g, cta_link_t *self, uint32_t period);

/* A policy cannot go on (a mix it cannot schedule): the run fails with this
 * one-line message at the end of the current hook's cycle. Any hook. */
void gpu_policy_fail(gpu_t *g, const char *msg);

/* --- metrics policies publish (JSON "metrics" / "series") ----------------- */
void gpu_metric_set(gpu_t *g, const char *name, double value);
void gpu_metric_add(gpu_t *g, const char *name, double delta);
void gpu_metric_sample(gpu_t *g, const char *series, double value); /* at the current cycle */
bool gpu_metric_get(const gpu_t *g, const char *name, double *value);
/* Series points, or 0 if none: *cycles and *values stay valid until the GPU changes. */
size_t gpu_metric_series(const gpu_t *g, const char *series, const uint64_t **cycles, const double **values);

/* Unloaded latencies derived from the configuration alone (core cycles), the
 * values the microbenchmarks must reproduce; see docs/ARCHITECTURE.md. They
 * assume the crossbar: on the mesh they depend on the core and slice. */
typedef struct derived_latency {
    double l1_hit, l2_hit, dram;
} derived_latency_t;
void gpu_derived_latency(const gpu_config_t *cfg, derived_latency_t *out);


/* ---- The chain engine (gpu/cta_chain.c; called by the GPU only) --------- */
/* Create each link of a resolved chain, in order (its arguments checked:
 * a key the policy did not ask for is an error). */
int cta_chain_create(cta_chain_t *c, struct gpu *g, const cta_chain_spec_t *spec, cs_error_t *err);
void cta_chain_destroy(cta_chain_t *c);
/* The events, each delivered to every link in order; kernel start/finish
 * also allocate and free the per-kernel state. */
void cta_chain_kernel_launched(cta_chain_t *c, struct gpu *g, kernel_run_t *k);
void cta_chain_kernel_finished(cta_chain_t *c, struct gpu *g, kernel_run_t *k);
bool cta_chain_admit(cta_chain_t *c, struct gpu *g, uint32_t sm, const kernel_run_t *k);
/* May GPC gpc take one more cluster of k (every link's cluster_cap)? */
bool cta_chain_admit_cluster(cta_chain_t *c, struct gpu *g, uint32_t gpc, const kernel_run_t *k);
void cta_chain_cta_issued(cta_chain_t *c, struct gpu *g, const cta_info_t *cta);
void cta_chain_cta_finished(cta_chain_t *c, struct gpu *g, const cta_info_t *cta);

#endif
