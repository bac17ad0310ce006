/* registry.h — the scheduling policies by name: every CTA policy (plug-ins
 * of the GPU, gpu/cta_policy.h) and warp policy (plug-ins of a core,
 * model/warp_policy.h) the build holds, and the resolution of the spec
 * strings of the command line into the policies a GPU is created with. */
#ifndef CTASIM_POLICY_REGISTRY_H
#define CTASIM_POLICY_REGISTRY_H

#include "gpu/gpu.h"

const cta_policy_ops_t *cta_policy_find(const char *name);
const cta_policy_ops_t *const *cta_policy_all(void);
/* Add a policy defined outside src/policy/ (an experiment's own driver, a
 * test). Call before any GPU is created; not thread-safe. */
int cta_policy_register(const cta_policy_ops_t *ops, cs_error_t *err);

const warp_policy_ops_t *warp_policy_find(const char *name);
const warp_policy_ops_t *const *warp_policy_all(void);

/* cta_spec: policy chain, e.g. "rr", "dyncta:t_idle=16+claso" (NULL or "" =
 * "rr"). warp_spec: warp policy, e.g. "gto" or GPGPU-Sim's
 * "two_level_active:N" (NULL or "" = the config's -gpgpu_scheduler). Looks
 * every name up; the policies check their own arguments when the GPU creates
 * them. */
int policies_resolve(gpu_policies_t *p, const gpu_config_t *cfg, const char *cta_spec, const char *warp_spec,
                     cs_error_t *err);
/* policies_resolve, then gpu_create. */
gpu_t *gpu_create_named(const gpu_config_t *cfg, const char *cta_spec, const char *warp_spec, cs_error_t *err);

#endif
