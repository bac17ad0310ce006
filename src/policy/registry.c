/* warp_policy.c — registry of warp scheduling policies. */
#include "model/warp_policy.h"

#include <string.h>

extern const warp_policy_ops_t warp_policy_lrr;
extern const warp_policy_ops_t warp_policy_gto;
extern const warp_policy_ops_t warp_policy_tl;
extern const warp_policy_ops_t warp_policy_sca;
extern const warp_policy_ops_t warp_policy_ccws;
extern const warp_policy_ops_t warp_policy_owl;

static const warp_policy_ops_t *const registry[] = {
    &warp_policy_lrr,
    &warp_policy_gto,
    &warp_policy_tl,
    &warp_policy_sca,
    &warp_policy_ccws,
    &warp_policy_owl,
    NULL,
};

const warp_policy_ops_t *const *warp_policy_all(void) { return registry; }

const warp_policy_ops_t *warp_policy_find(const char *name)
{
    for (unsigned i = 0; registry[i]; i++)
        if (!strcmp(registry[i]->name, name))
            return registry[i];
    return NULL;
}
