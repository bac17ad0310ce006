/* registry.c — the policies by name: the registry of warp and CTA
 * scheduling policies, and the resolution of spec strings into the
 * resolved policies a GPU is created with. */
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The policies of src/policy/: each file's CTA_POLICY_REGISTER /
 * WARP_POLICY_REGISTER lines (policy/register.h), collected by the build into
 * policy_list.h (tools/gen_registry.sh), sorted by ops symbol. Included three
 * times: to declare the tables, to count them, to list them. */
#define CTA_POLICY_REGISTER(ops) extern const cta_policy_ops_t ops;
#define WARP_POLICY_REGISTER(ops) extern const warp_policy_ops_t ops;
#include "policy_list.h"
#undef CTA_POLICY_REGISTER
#undef WARP_POLICY_REGISTER

#define CTA_POLICY_REGISTER(ops) +1
#define WARP_POLICY_REGISTER(ops)
enum { BUILTIN_POLICIES = 0
#include "policy_list.h"
};
#undef CTA_POLICY_REGISTER
#undef WARP_POLICY_REGISTER

#define EXTRA_POLICIES 8

#define CTA_POLICY_REGISTER(ops) &ops,
#define WARP_POLICY_REGISTER(ops)
/* the built-in policies; cta_policy_register() appends after them */
static const cta_policy_ops_t *cta_registry[BUILTIN_POLICIES + EXTRA_POLICIES + 1] = {
#include "policy_list.h"
    NULL,
};
#undef CTA_POLICY_REGISTER
#undef WARP_POLICY_REGISTER

#define CTA_POLICY_REGISTER(ops)
#define WARP_POLICY_REGISTER(ops) &ops,
static const warp_policy_ops_t *const warp_registry[] = {
#include "policy_list.h"
    NULL,
};
#undef CTA_POLICY_REGISTER
#undef WARP_POLICY_REGISTER

const warp_policy_ops_t *const *warp_policy_all(void) { return warp_registry; }

const warp_policy_ops_t *warp_policy_find(const char *name)
{
    for (unsigned i = 0; warp_registry[i]; i++)
        if (!strcmp(warp_registry[i]->name, name))
            return warp_registry[i];
    return NULL;
}

const cta_policy_ops_t *const *cta_policy_all(void) { return cta_registry; }

int cta_policy_register(const cta_policy_ops_t *ops, cs_error_t *err)
{
    unsigned n = 0;
    while (cta_registry[n])
        n++;
    if (cta_policy_find(ops->name))
        return cs_err(err, NULL, 0, "CTA policy '%s' is already registered", ops->name);
    if (n == BUILTIN_POLICIES + EXTRA_POLICIES)
        return cs_err(err, NULL, 0, "at most %d CTA policies can be registered", EXTRA_POLICIES);
    cta_registry[n] = ops;
    cta_registry[n + 1] = NULL;
    return 0;
}

const cta_policy_ops_t *cta_policy_find(const char *name)
{
    for (unsigned i = 0; cta_registry[i]; i++)
        if (!strcmp(cta_registry[i]->name, name))
            return cta_registry[i];
    return NULL;
}

/* GPGPU-Sim spells two-level "two_level_active:N:..." with N the active
 * (fetch-group) size; ours is tl:group=N. */
static int warp_spec_translate(char *out, size_t n, const char *ws, cs_error_t *err)
{
    if (!strncmp(ws, "two_level_active", 16)) {
        const char *a = ws + 16;
        if (*a == 0) {
            snprintf(out, n, "tl");
        } else {
            char *end = NULL;
            unsigned long v = *a == ':' && a[1] >= '1' && a[1] <= '9' ? strtoul(a + 1, &end, 10) : 0;
            if (!v || v > CONFIG_MAX_WARPS_PER_SM || (*end && *end != ':'))
                return cs_err(err, NULL, 0,
                              "warp scheduler '%s': expected two_level_active:N[:...] with N the active warps, 1..%d",
                              ws, CONFIG_MAX_WARPS_PER_SM);
            snprintf(out, n, "tl:group=%lu", v);
        }
    } else {
        snprintf(out, n, "%s", ws);
    }
    return 0;
}

static int cta_spec_resolve(cta_chain_spec_t *c, const char *spec, cs_error_t *err)
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
        if (c->n == CTA_CHAIN_MAX)
            return cs_err(err, NULL, 0, "--cta-sched: at most %d policies in a chain", CTA_CHAIN_MAX);
        policy_args_t *a = &c->args[c->n];
        if (policy_args_parse(a, tok, err) < 0)
            return -1;
        const cta_policy_ops_t *ops = cta_policy_find(a->name);
        if (!ops)
            return cs_err(err, NULL, 0, "--cta-sched: unknown CTA policy '%s' (see `ctasim list`)", a->name);
        if (c->n > 0 && !strcmp(ops->name, "rr")) /* "rr+rr", "lcs+rr": a no-op that looks like a choice */
            return cs_err(err, NULL, 0,
                          "--cta-sched '%s': 'rr' admits every CTA, so it can only be the first policy of a chain",
                          spec);
        c->ops[c->n++] = ops;
    }
    return 0;
}

int policies_resolve(gpu_policies_t *p, const gpu_config_t *cfg, const char *cta_spec, const char *warp_spec,
                     cs_error_t *err)
{
    memset(p, 0, sizeof *p);
    const char *ws = warp_spec && *warp_spec ? warp_spec : cfg->warp_sched;
    if (warp_spec_translate(p->warp_spec, sizeof p->warp_spec, ws, err) < 0)
        return -1;
    policy_args_t wa;
    if (policy_args_parse(&wa, p->warp_spec, err) < 0)
        return -1;
    p->warp = warp_policy_find(wa.name);
    if (!p->warp)
        return cs_err(err, NULL, 0, "unknown warp scheduling policy '%s' (see `ctasim list`)", wa.name);
    return cta_spec_resolve(&p->cta, cta_spec && *cta_spec ? cta_spec : "rr", err);
}

gpu_t *gpu_create_named(const gpu_config_t *cfg, const char *cta_spec, const char *warp_spec, cs_error_t *err)
{
    gpu_policies_t *p = cs_xcalloc(1, sizeof *p);
    gpu_t *g = policies_resolve(p, cfg, cta_spec, warp_spec, err) < 0 ? NULL : gpu_create(cfg, p, err);
    free(p);
    return g;
}
