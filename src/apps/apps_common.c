/* apps_common.c — driver helpers and the registry lookup (see apps.h). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "apps.h"

/* Each group file lists its workloads, NULL-terminated (so groups can be
 * written side by side without touching one shared list). */
extern const app_def_t *const apps_group_core[], *const apps_group_a[], *const apps_group_b[],
    *const apps_group_c[], *const apps_group_d[], *const apps_group_e[], *const apps_group_f[],
    *const apps_group_g[];
static const app_def_t *const *const groups[] = {apps_group_core, apps_group_a, apps_group_b, apps_group_c,
                                                 apps_group_d,    apps_group_e, apps_group_f, apps_group_g};

unsigned app_count(void)
{
    unsigned n = 0;
    for (unsigned g = 0; g < CS_ARRAY_LEN(groups); g++)
        for (unsigned i = 0; groups[g][i]; i++)
            n++;
    return n;
}

const app_def_t *app_at(unsigned k)
{
    for (unsigned g = 0; g < CS_ARRAY_LEN(groups); g++)
        for (unsigned i = 0; groups[g][i]; i++)
            if (k-- == 0)
                return groups[g][i];
    return NULL;
}

const app_def_t *app_find(const char *name)
{
    for (unsigned g = 0; g < CS_ARRAY_LEN(groups); g++)
        for (unsigned i = 0; groups[g][i]; i++)
            if (!strcasecmp(groups[g][i]->name, name))
                return groups[g][i];
    return NULL;
}

int app_size_parse(const char *s, app_size_t *out)
{
    if (!strcmp(s, "small"))
        *out = APP_SMALL;
    else if (!strcmp(s, "default"))
        *out = APP_DEFAULT;
    else if (!strcmp(s, "paper"))
        *out = APP_PAPER;
    else
        return -1;
    return 0;
}

const char *app_size_name(app_size_t s) { return s == APP_SMALL ? "small" : s == APP_DEFAULT ? "default" : "paper"; }

int app_run(const app_def_t *app, ctasim_runtime_t *rt, app_size_t size, uint64_t seed, char *detail,
            size_t detail_len, cs_error_t *err)
{
    app_ctx_t c;
    memset(&c, 0, sizeof c);
    c.app_name = app->name;
    c.rt = rt;
    c.size = size;
    c.seed = seed;
    c.rng = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    int r = app->run(&c, err);
    if (detail && detail_len)
        snprintf(detail, detail_len, "%s", c.detail);
    for (size_t i = 0; i < c.n_host_bufs; i++)
        free(c.host_bufs[i]);
    free(c.host_bufs);
    return r;
}

void *app_host_alloc(app_ctx_t *c, size_t bytes, cs_error_t *err)
{
    if (c->n_host_bufs == c->host_bufs_cap) {
        size_t cap = c->host_bufs_cap ? 2 * c->host_bufs_cap : 16;
        void **bufs = realloc(c->host_bufs, cap * sizeof *bufs);
        if (!bufs) {
            cs_err(err, NULL, 0, "%s: out of host memory", c->app_name);
            return NULL;
        }
        c->host_bufs = bufs;
        c->host_bufs_cap = cap;
    }
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) {
        cs_err(err, NULL, 0, "%s: out of host memory allocating %zu bytes", c->app_name, bytes);
        return NULL;
    }
    c->host_bufs[c->n_host_bufs++] = p;
    return p;
}

static int try_load(app_ctx_t *c, const char *dir, const char *file, ctasim_module_t **out, cs_error_t *err)
{
    char path[2 * PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (access(path, R_OK) != 0)
        return 1; /* not here */
    return ctasim_module_load_file(c->rt, path, out, err);
}

int app_load_module(app_ctx_t *c, const char *file, ctasim_module_t **out, cs_error_t *err)
{
    const char *env = getenv("CTASIM_PTX_DIR");
    if (env) {
        int r = try_load(c, env, file, out, err);
        if (r <= 0)
            return r;
    }
    char exe_dir[PATH_MAX];
    if (cs_exe_dir(exe_dir, sizeof exe_dir) == 0) {
        char dir[PATH_MAX + 32];
        snprintf(dir, sizeof dir, "%s/../workloads/ptx", exe_dir);
        int r = try_load(c, dir, file, out, err);
        if (r <= 0)
            return r;
    }
    int r = try_load(c, "workloads/ptx", file, out, err);
    if (r <= 0)
        return r;
    return cs_err(err, file, 0, "PTX module not found (looked in $CTASIM_PTX_DIR, next to the executable, ./workloads/ptx)");
}

uint32_t app_rand(app_ctx_t *c)
{
    c->rng = c->rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(c->rng >> 33);
}

float app_randf(app_ctx_t *c, float lo, float hi)
{
    return lo + (hi - lo) * (float)(app_rand(c) & 0xFFFFFF) / (float)0x1000000;
}

int app_upload(app_ctx_t *c, uint64_t *dptr, const void *host, size_t bytes, cs_error_t *err)
{
    if (ctasim_malloc(c->rt, dptr, bytes ? bytes : 4, err) < 0)
        return -1;
    return bytes ? ctasim_memcpy_htod(c->rt, *dptr, host, bytes, err) : 0;
}

int app_alloc_zero(app_ctx_t *c, uint64_t *dptr, size_t bytes, cs_error_t *err)
{
    if (ctasim_malloc(c->rt, dptr, bytes ? bytes : 4, err) < 0)
        return -1;
    return ctasim_memset(c->rt, *dptr, 0, bytes ? bytes : 4, err);
}

int app_download(app_ctx_t *c, void *host, uint64_t dptr, size_t bytes, cs_error_t *err)
{
    return ctasim_memcpy_dtoh(c->rt, host, dptr, bytes, err);
}

int app_check_u32(app_ctx_t *c, const char *what, const uint32_t *got, const uint32_t *want, size_t n)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ == 0)
            first = i;
    if (!bad)
        return 1;
    snprintf(c->detail, sizeof c->detail, "%s: %zu of %zu values differ, first at %zu (got %u, want %u)", what, bad,
             n, first, got[first], want[first]);
    return 0;
}

int app_check_f32(app_ctx_t *c, const char *what, const float *got, const float *want, size_t n, float rel_tol,
                  float abs_tol)
{
    size_t bad = 0, first = 0;
    double worst_rel = 0, worst_abs = 0; /* the largest differences of the values that fail */
    for (size_t i = 0; i < n; i++) {
        float d = fabsf(got[i] - want[i]);
        bool ok = d <= abs_tol || d <= rel_tol * fabsf(want[i]);
        if (ok)
            continue;
        if (bad++ == 0)
            first = i;
        double rel = want[i] != 0 ? (double)d / fabs((double)want[i]) : INFINITY;
        if (!(rel <= worst_rel)) /* NaN too */
            worst_rel = rel;
        if (!(d <= worst_abs))
            worst_abs = d;
    }
    if (!bad)
        return 1;
    snprintf(c->detail, sizeof c->detail,
             "%s: %zu of %zu values differ, first at %zu (got %.9g, want %.9g); largest difference %.3g, relative %.3g",
             what, bad, n, first, (double)got[first], (double)want[first], worst_abs, worst_rel);
    return 0;
}
