/* cta_tlpmod.c — tlpmod: Li & Liang's static TLP modulation for two
 * concurrent kernels (DATE'16 §III-A).
 *
 * Each kernel has an off-line profile: its type (Up: best at the most CTAs
 * per core; Optimal: best in between; Down: best at the fewest) and opt(k),
 * the CTAs per core that gave its best performance alone. For a pair {A, B}
 * running together:
 *   - both Up: default concurrency (no limits, as cke);
 *   - otherwise A is the Down/Optimal kernel (both Down/Optimal: the older
 *     one, "arbitrarily", so the choice is deterministic), Tb_A = opt(A), and
 *     Tb_B = the most CTAs of B that fit on a core beside Tb_A CTAs of A.
 * Interpretations: a kernel running alone is held to opt(k) if it is
 * Down/Optimal (its best alone) and unlimited if Up; with more than two
 * running, the two oldest are the pair and the others run unlimited. If not
 * even one CTA of B fits beside opt(A) of A's, Tb_A is lowered until one
 * does (Tb_B = 0 would starve B until A ends).
 *
 * Profiles come as arguments keyed by the kernel's mix stream (stream >> 16,
 * see cli/mix.c): `tlpmod:p0=down/1,p1=up/6`. A profile may name the kernel
 * it was measured on, `p0=down/1/kmn_invert_mapping`: it then applies only to
 * that kernel of the stream, the stream's other kernels having no profile (Li
 * & Liang profile and pair single kernels; our workloads have several, and
 * their other kernels are not the paper's). `ctasim run` fills them in when
 * the chain names plain `tlpmod`, from static-cap sweeps of each workload
 * alone (classify.c's Up/Optimal/Down and opt), made on demand and cached. A
 * kernel without a profile counts as Up (the maximum is its opt). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gpu/cta_policy.h"
#include "register.h"

#define TLP_PROFILES 16
enum tlp_type { TLP_UP = 0, TLP_OPTIMAL, TLP_DOWN };

typedef struct tlpmod {
    bool have[TLP_PROFILES];
    enum tlp_type type[TLP_PROFILES];
    uint32_t opt[TLP_PROFILES];
    char kernel[TLP_PROFILES][KERNEL_NAME_MAX]; /* "": every kernel of the stream */
} tlpmod_t;

/* TYPE/OPT or TYPE/OPT/KERNEL */
static int parse_profile(const char *v, enum tlp_type *t, uint32_t *opt, char *kernel)
{
    char name[32];
    unsigned o;
    int used = 0;
    if (sscanf(v, "%31[a-zA-Z]/%u%n", name, &o, &used) != 2 || o == 0)
        return -1;
    kernel[0] = 0;
    if (v[used] == '/') {
        size_t len = strlen(v + used + 1);
        if (len == 0 || len >= KERNEL_NAME_MAX)
            return -1;
        memcpy(kernel, v + used + 1, len + 1);
    } else if (v[used]) {
        return -1;
    }
    if (!strcasecmp(name, "up"))
        *t = TLP_UP;
    else if (!strcasecmp(name, "optimal"))
        *t = TLP_OPTIMAL;
    else if (!strcasecmp(name, "down"))
        *t = TLP_DOWN;
    else
        return -1;
    *opt = o;
    return 0;
}

static void *tlpmod_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    tlpmod_t *t = cs_xcalloc(1, sizeof *t);
    for (unsigned i = 0; i < TLP_PROFILES; i++) {
        char key[8];
        snprintf(key, sizeof key, "p%u", i);
        const char *v = policy_arg_str(a, key, NULL);
        if (!v)
            continue;
        if (parse_profile(v, &t->type[i], &t->opt[i], t->kernel[i]) < 0) {
            cs_err(err, NULL, 0, "policy 'tlpmod': %s=%s: expected up/N, optimal/N or down/N (then /KERNEL optionally)",
                   key, v);
            free(t);
            return NULL;
        }
        t->have[i] = true;
    }
    return t;
}

static bool profile_of(const tlpmod_t *t, const kernel_run_t *k, enum tlp_type *type, uint32_t *opt)
{
    uint32_t s = k->desc.stream >> 16;
    if (s >= TLP_PROFILES || !t->have[s] || (t->kernel[s][0] && strcmp(t->kernel[s], k->desc.name)))
        return false;
    *type = t->type[s];
    *opt = t->opt[s] < k->max_ctas_per_sm ? t->opt[s] : k->max_ctas_per_sm;
    return true;
}

/* CTAs of b that fit on an empty core beside na CTAs of a. */
static uint32_t fit_beside(const gpu_config_t *c, const kernel_run_t *a, uint32_t na, const kernel_run_t *b)
{
    uint32_t slots = c->max_cta_per_sm < CONFIG_MAX_CTAS_PER_SM ? c->max_cta_per_sm : CONFIG_MAX_CTAS_PER_SM;
    uint64_t th = (uint64_t)na * a->threads_per_cta, wa = (uint64_t)na * a->warps_per_cta,
             rg = (uint64_t)na * a->regs_per_cta, sh = (uint64_t)na * a->shmem_per_cta;
    if (na > slots || th > c->max_threads_per_sm || wa > CONFIG_MAX_WARPS_PER_SM || rg > c->registers_per_sm ||
        sh > c->shmem_per_sm)
        return 0;
    uint64_t n = b->max_ctas_per_sm;
    n = CS_MIN(n, (uint64_t)(slots - na));
    n = CS_MIN(n, (c->max_threads_per_sm - th) / b->threads_per_cta);
    n = CS_MIN(n, (CONFIG_MAX_WARPS_PER_SM - wa) / b->warps_per_cta);
    if (b->regs_per_cta)
        n = CS_MIN(n, (c->registers_per_sm - rg) / b->regs_per_cta);
    if (b->shmem_per_cta)
        n = CS_MIN(n, (c->shmem_per_sm - sh) / b->shmem_per_cta);
    return (uint32_t)n;
}

/* Tb of k now (UINT32_MAX: no limit). */
static uint32_t tlpmod_tb(const tlpmod_t *t, struct gpu *g, const kernel_run_t *k)
{
    const kernel_run_t *run[64];
    uint32_t n = gpu_running_kernels(g, run, 64);
    enum tlp_type ty[2] = {TLP_UP, TLP_UP};
    uint32_t opt[2] = {0, 0};
    if (n < 2 || (run[0] != k && run[1] != k)) {
        enum tlp_type t1;
        uint32_t o1;
        if (n < 2 && profile_of(t, k, &t1, &o1) && t1 != TLP_UP)
            return o1;
        return UINT32_MAX;
    }
    for (unsigned i = 0; i < 2; i++)
        if (!profile_of(t, run[i], &ty[i], &opt[i]))
            ty[i] = TLP_UP;
    if (ty[0] == TLP_UP && ty[1] == TLP_UP)
        return UINT32_MAX; /* default concurrency */
    unsigned ia = ty[0] != TLP_UP ? 0 : 1, ib = 1 - ia;
    const gpu_config_t *c = gpu_config(g);
    uint32_t tba = opt[ia];
    while (tba > 1 && fit_beside(c, run[ia], tba, run[ib]) == 0)
        tba--;
    uint32_t tbb = fit_beside(c, run[ia], tba, run[ib]);
    if (tbb == 0)
        tbb = 1; /* not even one beside one of A's: B waits for room (mcke would refuse this pair) */
    return run[ia] == k ? tba : tbb;
}

static uint32_t tlpmod_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    return tlpmod_tb(st, g, k);
}

static void tlpmod_changed(void *st, struct gpu *g, const kernel_run_t *k)
{
    gpu_request_dispatch(g);
    const kernel_run_t *run[64];
    uint32_t n = gpu_running_kernels(g, run, 64);
    for (uint32_t i = 0; i < n; i++) {
        char name[64];
        uint32_t tb = tlpmod_tb(st, g, run[i]);
        snprintf(name, sizeof name, "tlpmod.tb.k%u", run[i]->index);
        gpu_metric_set(g, name, tb == UINT32_MAX ? -1.0 : (double)tb);
    }
}

const cta_policy_ops_t cta_policy_tlpmod = {
    .name = "tlpmod",
    .summary = "Li & Liang TLP modulation (DATE'16 III-A): Tb_A = opt(A) for the Down/Optimal kernel, B fills the rest",
    .params = "p0..p15=up|optimal|down/OPT[/KERNEL] (profiles by mix stream, optionally of one kernel; `run` fills them in)",
    .create = tlpmod_create,
    .destroy = free,
    .kernel_launched = tlpmod_changed,
    .kernel_finished = tlpmod_changed,
    .cap = tlpmod_cap,
};
CTA_POLICY_REGISTER(cta_policy_tlpmod);
