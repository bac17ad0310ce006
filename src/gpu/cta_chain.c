/* cta_policy.c — registry of CTA policies and policy chains. */
#include "cta_policy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu.h"

extern const cta_policy_ops_t cta_policy_rr;
extern const cta_policy_ops_t cta_policy_static;
extern const cta_policy_ops_t cta_policy_lcs;
extern const cta_policy_ops_t cta_policy_bcs;
extern const cta_policy_ops_t cta_policy_dyncta;
extern const cta_policy_ops_t cta_policy_claso;
extern const cta_policy_ops_t cta_policy_tcs;
extern const cta_policy_ops_t cta_policy_htcs;
extern const cta_policy_ops_t cta_policy_dyncore;

extern const cta_policy_ops_t cta_policy_cke;
extern const cta_policy_ops_t cta_policy_spatial;
extern const cta_policy_ops_t cta_policy_mcke;
extern const cta_policy_ops_t cta_policy_tlpmod;
extern const cta_policy_ops_t cta_policy_bypass;

#define BUILTIN_POLICIES 14
#define EXTRA_POLICIES 8

/* One line per built-in policy; cta_policy_register() appends after them. */
static const cta_policy_ops_t *registry[BUILTIN_POLICIES + EXTRA_POLICIES + 1] = {
    &cta_policy_rr,
    &cta_policy_static,
    &cta_policy_lcs,
    &cta_policy_bcs,
    &cta_policy_dyncta,
    &cta_policy_claso,
    &cta_policy_tcs,
    &cta_policy_htcs,
    &cta_policy_dyncore,
    &cta_policy_cke,
    &cta_policy_spatial,
    &cta_policy_mcke,
    &cta_policy_tlpmod,
    &cta_policy_bypass,
    NULL,
};

const cta_policy_ops_t *const *cta_policy_all(void) { return registry; }

int cta_policy_register(const cta_policy_ops_t *ops, cs_error_t *err)
{
    unsigned n = 0;
    while (registry[n])
        n++;
    if (cta_policy_find(ops->name))
        return cs_err(err, NULL, 0, "CTA policy '%s' is already registered", ops->name);
    if (n == BUILTIN_POLICIES + EXTRA_POLICIES)
        return cs_err(err, NULL, 0, "at most %d CTA policies can be registered", EXTRA_POLICIES);
    registry[n] = ops;
    registry[n + 1] = NULL;
    return 0;
}

const cta_policy_ops_t *cta_policy_find(const char *name)
{
    for (unsigned i = 0; registry[i]; i++)
        if (!strcmp(registry[i]->name, name))
            return registry[i];
    return NULL;
}

int cta_chain_create(cta_chain_t *c, struct gpu *g, const char *spec, cs_error_t *err)
{
    memset(c, 0, sizeof *c);
    char buf[512];
    if (strlen(spec) >= sizeof buf)
        return cs_err(err, NULL, 0, "--cta-sched: specification too long");
    strcpy(buf, spec);
    /* strtok would skip empty names: "lcs+", "+lcs" and "lcs++bcs" are errors */
    size_t len = strlen(buf);
    if (len == 0 || buf[0] == '+' || buf[len - 1] == '+' || strstr(buf, "++"))
        return cs_err(err, NULL, 0, "--cta-sched '%s': an empty policy name in the chain", spec);
    char *save = NULL;
    for (char *tok = strtok_r(buf, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
        if (c->n == CTA_CHAIN_MAX) {
            cta_chain_destroy(c);
            return cs_err(err, NULL, 0, "--cta-sched: at most %d policies in a chain", CTA_CHAIN_MAX);
        }
        policy_args_t a;
        if (policy_args_parse(&a, tok, err) < 0) {
            cta_chain_destroy(c);
            return -1;
        }
        const cta_policy_ops_t *ops = cta_policy_find(a.name);
        if (!ops) {
            cta_chain_destroy(c);
            return cs_err(err, NULL, 0, "--cta-sched: unknown CTA policy '%s' (see `ctasim list`)", a.name);
        }
        if (c->n > 0 && !strcmp(ops->name, "rr")) { /* "rr+rr", "lcs+rr": a no-op that looks like a choice */
            cta_chain_destroy(c);
            return cs_err(err, NULL, 0,
                          "--cta-sched '%s': 'rr' admits every CTA, so it can only be the first policy of a chain",
                          spec);
        }
        cta_link_t *p = &c->link[c->n];
        p->ops = ops;
        p->index = c->n;
        p->next_sample = CS_NEVER;
        c->n++;
        p->st = ops->create ? ops->create(g, p, &a, err) : NULL;
        if (ops->create && !p->st) {
            c->n--;
            cta_chain_destroy(c);
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
