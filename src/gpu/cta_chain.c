/* cta_chain.c — the CTA policy chain: its links created from resolved
 * policies, and every event delivered to each link in order (the
 * dispatcher's side of gpu/cta_policy.h). */
#include "cta_policy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cta_chain_create(cta_chain_t *c, struct gpu *g, const cta_chain_spec_t *spec, cs_error_t *err)
{
    memset(c, 0, sizeof *c);
    for (unsigned i = 0; i < spec->n; i++) {
        const cta_policy_ops_t *ops = spec->ops[i];
        policy_args_t a = spec->args[i];
        cta_link_t *p = &c->link[c->n];
        p->ops = ops;
        p->index = c->n;
        p->next_sample = CS_NEVER;
        c->n++;
        cs_error_t cerr = {{0}};
        p->st = ops->create ? ops->create(g, p, &a, &cerr) : NULL;
        if (ops->create && !p->st) { /* failed: the contract wants *err set; say so if it is not */
            c->n--;
            cta_chain_destroy(c);
            if (!cerr.msg[0])
                return cs_err(err, NULL, 0, "CTA policy '%s': create failed without an error message", ops->name);
            if (err)
                *err = cerr;
            return -1;
        }
        if (policy_args_check_unused(&a, err) < 0) {
            cta_chain_destroy(c);
            return -1;
        }
        char link_spec[256];
        policy_args_resolved(&a, link_spec, sizeof link_spec);
        size_t used = strlen(c->resolved);
        snprintf(c->resolved + used, sizeof c->resolved - used, "%s%s", used ? "+" : "", link_spec);
    }
    return 0;
}

void cta_chain_destroy(cta_chain_t *c)
{
    for (unsigned i = 0; i < c->n; i++)
        if (c->link[i].ops->destroy)
            c->link[i].ops->destroy(c->link[i].st);
    c->n = 0;
}

void cta_chain_kernel_launched(cta_chain_t *c, struct gpu *g, kernel_run_t *k)
{
    for (unsigned l = 0; l < c->n; l++) {
        cta_link_t *p = &c->link[l];
        if (p->ops->kernel_state_size)
            k->link_state[l] = cs_xcalloc(1, p->ops->kernel_state_size);
        if (p->ops->kernel_launched)
            p->ops->kernel_launched(p->st, g, k);
    }
}

void cta_chain_kernel_finished(cta_chain_t *c, struct gpu *g, kernel_run_t *k)
{
    for (unsigned l = 0; l < c->n; l++) {
        cta_link_t *p = &c->link[l];
        if (p->ops->kernel_finished)
            p->ops->kernel_finished(p->st, g, k);
        free(k->link_state[l]);
        k->link_state[l] = NULL;
    }
}

bool cta_chain_admit(cta_chain_t *c, struct gpu *g, uint32_t sm, const kernel_run_t *k)
{
    for (unsigned l = 0; l < c->n; l++) {
        const cta_link_t *p = &c->link[l];
        bool ok = true;
        if (p->ops->admit)
            ok = p->ops->admit(p->st, g, sm, k);
        else if (p->ops->cap) /* the default for links that only limit by count */
            ok = gpu_sm_resident_ctas(g, sm, k) < p->ops->cap(p->st, g, sm, k);
        if (!ok)
            return false;
    }
    return true;
}

bool cta_chain_admit_cluster(cta_chain_t *c, struct gpu *g, uint32_t gpc, const kernel_run_t *k)
{
    for (unsigned l = 0; l < c->n; l++) {
        const cta_link_t *p = &c->link[l];
        if (p->ops->cluster_cap && gpu_gpc_clusters(g, gpc, k) >= p->ops->cluster_cap(p->st, g, gpc, k))
            return false;
    }
    return true;
}

void cta_chain_cta_issued(cta_chain_t *c, struct gpu *g, const cta_info_t *cta)
{
    for (unsigned l = 0; l < c->n; l++)
        if (c->link[l].ops->cta_issued)
            c->link[l].ops->cta_issued(c->link[l].st, g, cta);
}

void cta_chain_cta_finished(cta_chain_t *c, struct gpu *g, const cta_info_t *cta)
{
    for (unsigned l = 0; l < c->n; l++)
        if (c->link[l].ops->cta_finished)
            c->link[l].ops->cta_finished(c->link[l].st, g, cta);
}
