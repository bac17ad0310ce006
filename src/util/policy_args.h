/* policy_args.h — "name:k=v,k=v" arguments for CTA and warp policies. */
#ifndef CTASIM_POLICY_ARGS_H
#define CTASIM_POLICY_ARGS_H

#include "util/common.h"

#define POLICY_MAX_ARGS 16

typedef struct policy_args {
    char name[64];
    unsigned n;
    char key[POLICY_MAX_ARGS][32];
    char val[POLICY_MAX_ARGS][64];
    bool used[POLICY_MAX_ARGS];
    /* every argument the policy asked for, with the value it got (given or
     * default), in the order asked: the spec "as parsed" for provenance */
    unsigned nres;
    char res_key[POLICY_MAX_ARGS][32];
    char res_val[POLICY_MAX_ARGS][64];
} policy_args_t;

/* Parse "name[:k=v,...]" (one link of a chain). */
int policy_args_parse(policy_args_t *a, const char *spec, cs_error_t *err);
/* Integer / float argument with default; -1 on a malformed value (err set).
 * Marks the key used; policy_args_check_unused reports keys nobody asked for. */
int policy_arg_u32(policy_args_t *a, const char *key, uint32_t def, uint32_t *out, cs_error_t *err);
/* The same for a count that must be at least 1 (a cap, a period): a value
 * below 1, negative or not a number is "KEY must be a positive integer". */
int policy_arg_u32_positive(policy_args_t *a, const char *key, uint32_t def, uint32_t *out, cs_error_t *err);
int policy_arg_double(policy_args_t *a, const char *key, double def, double *out, cs_error_t *err);
const char *policy_arg_str(policy_args_t *a, const char *key, const char *def);
/* A word out of CHOICES (NULL-terminated): its index in *out, the default's
 * when the argument is absent; any other value is "KEY must be A, B or C
 * (got 'V')" and -1. */
int policy_arg_choice(policy_args_t *a, const char *key, const char *def, const char *const *choices, unsigned *out,
                      cs_error_t *err);
int policy_args_check_unused(const policy_args_t *a, cs_error_t *err);
/* "name:k=v,..." with every argument the policy asked for and the value it
 * took, defaults included ("name" alone when it asked for none). */
void policy_args_resolved(const policy_args_t *a, char *buf, size_t n);

#endif
