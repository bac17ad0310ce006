/* policy_args.c — see policy_args.h. */
#include "policy_args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int policy_args_parse(policy_args_t *a, const char *spec, cs_error_t *err)
{
    memset(a, 0, sizeof *a);
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    if (nlen == 0 || nlen >= sizeof a->name)
        return cs_err(err, NULL, 0, "policy '%s': bad name", spec);
    memcpy(a->name, spec, nlen);
    if (!colon)
        return 0;
    const char *p = colon + 1;
    while (*p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (!eq || eq == p)
            return cs_err(err, NULL, 0, "policy '%s': expected key=value, got '%.*s'", a->name, (int)len, p);
        if (a->n >= POLICY_MAX_ARGS)
            return cs_err(err, NULL, 0, "policy '%s': too many arguments", a->name);
        size_t klen = (size_t)(eq - p), vlen = len - klen - 1;
        if (klen >= sizeof a->key[0] || vlen >= sizeof a->val[0] || vlen == 0)
            return cs_err(err, NULL, 0, "policy '%s': bad argument '%.*s'", a->name, (int)len, p);
        memcpy(a->key[a->n], p, klen);
        memcpy(a->val[a->n], eq + 1, vlen);
        a->n++;
        if (!end)
            break;
        p = end + 1;
    }
    return 0;
}

static int find_key(policy_args_t *a, const char *key)
{
    for (unsigned i = 0; i < a->n; i++)
        if (!strcmp(a->key[i], key)) {
            a->used[i] = true;
            return (int)i;
        }
    return -1;
}

int policy_arg_u32(policy_args_t *a, const char *key, uint32_t def, uint32_t *out, cs_error_t *err)
{
    int i = find_key(a, key);
    if (i < 0) {
        *out = def;
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long v = strtoul(a->val[i], &end, 0);
    if (errno || *end || a->val[i][0] == '-' || v > UINT32_MAX)
        return cs_err(err, NULL, 0, "policy '%s': %s=%s is not a non-negative integer", a->name, key, a->val[i]);
    *out = (uint32_t)v;
    return 0;
}

int policy_arg_double(policy_args_t *a, const char *key, double def, double *out, cs_error_t *err)
{
    int i = find_key(a, key);
    if (i < 0) {
        *out = def;
        return 0;
    }
    char *end;
    errno = 0;
    double v = strtod(a->val[i], &end);
    if (errno || *end)
        return cs_err(err, NULL, 0, "policy '%s': %s=%s is not a number", a->name, key, a->val[i]);
    *out = v;
    return 0;
}

const char *policy_arg_str(policy_args_t *a, const char *key, const char *def)
{
    int i = find_key(a, key);
    return i < 0 ? def : a->val[i];
}

int policy_args_check_unused(const policy_args_t *a, cs_error_t *err)
{
    for (unsigned i = 0; i < a->n; i++)
        if (!a->used[i])
            return cs_err(err, NULL, 0, "policy '%s': unknown argument '%s'", a->name, a->key[i]);
    return 0;
}
