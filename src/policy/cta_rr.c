/* cta_rr.c — the baseline CTA schedulers.
 *
 * rr: round-robin over cores with greedy refill: every core takes as many
 * CTAs as its resources allow (capped by --max-ctas), a finished CTA is
 * replaced at once. The round-robin itself is the dispatcher's visiting
 * order, so rr admits everything.
 * static:n=N: the same with a fixed cap of N CTAs per core per kernel (the
 * static sweep the papers start from; --max-ctas is the global spelling). */
#include <stdlib.h>

#include "gpu/cta_policy.h"
#include "register.h"

/* Stateless, no admit and no cap: the framework admits everything. */
const cta_policy_ops_t cta_policy_rr = {
    .name = "rr",
    .summary = "round-robin, maximum CTAs per core, greedy refill (baseline)",
    .params = "",
};
CTA_POLICY_REGISTER(cta_policy_rr);

typedef struct {
    uint32_t n;
} static_cap_t;

static void *static_create(struct gpu *g, cta_link_t *self, policy_args_t *a, cs_error_t *err)
{
    uint32_t n;
    if (policy_arg_u32_positive(a, "n", 0, &n, err) < 0)
        return NULL;
    if (n == 0) { /* not given: there is no default cap */
        cs_err(err, NULL, 0, "policy 'static': needs n=N with N >= 1");
        return NULL;
    }
    static_cap_t *s = cs_xmalloc(sizeof *s);
    s->n = n;
    return s;
}

static uint32_t static_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    return ((static_cap_t *)st)->n;
}

const cta_policy_ops_t cta_policy_static = {
    .name = "static",
    .summary = "round-robin with a fixed cap of n CTAs per core",
    .params = "n=<required>",
    .example_args = "n=2",
    .create = static_create,
    .destroy = free,
    .cap = static_cap, /* admit: the framework's default, resident < cap */
};
CTA_POLICY_REGISTER(cta_policy_static);
