/* policy_args.c — see policy_args.h. */
#include "policy_args.h"

#include <errno.h>
#include <stdio.h>
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

/* Remember that the policy took `value` for `key` (the first answer counts). */
static void record(policy_args_t *a, const char *key, const char *value)
{
    for (unsigned i = 0; i < a->nres; i++)
        if (!strcmp(a->res_key[i], key))
            return;
    if (a->nres == POLICY_MAX_ARGS || !value)
        return;
    snprintf(a->res_key[a->nres], sizeof a->res_key[0], "%s", key);
    snprintf(a->res_val[a->nres], sizeof a->res_val[0], "%s", value);
    a->nres++;
}

static void record_u32(policy_args_t *a, const char *key, uint32_t v)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%u", v);
    record(a, key, buf);
}

static void record_double(policy_args_t *a, const char *key, double v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.17g", v);
    record(a, key, buf);
}

void policy_args_resolved(const policy_args_t *a, char *buf, size_t n)
{
    size_t len = (size_t)snprintf(buf, n, "%s", a->name);
    for (unsigned i = 0; i < a->nres && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%c%s=%s", i ? ',' : ':', a->res_key[i], a->res_val[i]);
}

int policy_arg_u32(policy_args_t *a, const char *key, uint32_t def, uint32_t *out, cs_error_t *err)
{
    int i = find_key(a, key);
    if (i < 0) {
        *out = def;
        record_u32(a, key, def);
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long v = strtoul(a->val[i], &end, 0);
    if (errno || *end || a->val[i][0] == '-' || v > UINT32_MAX)
        return cs_err(err, NULL, 0, "policy '%s': %s=%s is not a non-negative integer", a->name, key, a->val[i]);
    *out = (uint32_t)v;
    record_u32(a, key, *out);
    return 0;
}

int policy_arg_u32_positive(policy_args_t *a, const char *key, uint32_t def, uint32_t *out, cs_error_t *err)
{
    int i = find_key(a, key);
    if (i >= 0 && (policy_arg_u32(a, key, def, out, err) < 0 || *out == 0))
        return cs_err(err, NULL, 0, "policy '%s': %s=%s: %s must be a positive integer", a->name, key, a->val[i],
                      key);
    return i >= 0 ? 0 : policy_arg_u32(a, key, def, out, err);
}

int policy_arg_double(policy_args_t *a, const char *key, double def, double *out, cs_error_t *err)
{
    int i = find_key(a, key);
    if (i < 0) {
        *out = def;
        record_double(a, key, def);
        return 0;
    }
    char *end;
    errno = 0;
    double v = strtod(a->val[i], &end);
    if (errno || *end)
        return cs_err(err, NULL, 0, "policy '%s': %s=%s is not a number", a->name, key, a->val[i]);
    *out = v;
    record_double(a, key, v);
    return 0;
}

const char *policy_arg_str(policy_args_t *a, const char *key, const char *def)
{
    int i = find_key(a, key);
    const char *v = i < 0 ? def : a->val[i];
    record(a, key, v);
    return v;
}

int policy_arg_choice(policy_args_t *a, const char *key, const char *def, const char *const *choices, unsigned *out,
                      cs_error_t *err)
{
    const char *v = policy_arg_str(a, key, def);
    unsigned n = 0;
    for (; choices[n]; n++)
        if (!strcmp(v, choices[n])) {
            *out = n;
            return 0;
        }
    char list[256];
    size_t len = 0;
    for (unsigned i = 0; i < n && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                                choices[i]);
    return cs_err(err, NULL, 0, "policy '%s': %s must be %s (got '%s')", a->name, key, list, v);
}

int policy_args_check_unused(const policy_args_t *a, cs_error_t *err)
{
    for (unsigned i = 0; i < a->n; i++)
        if (!a->used[i])
            return cs_err(err, NULL, 0, "policy '%s': unknown argument '%s'", a->name, a->key[i]);
    return 0;
}
