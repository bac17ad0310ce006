/* apps.h — the CUDA workload suite: our own kernels (.cu files in workloads/kernels,
 * compiled to PTX in workloads/ptx) with small C host drivers on the runtime
 * API (include/ctasim_runtime.h).
 *
 * A driver generates its input deterministically from the seed, runs its
 * kernel(s) through whatever executor the runtime has (the timing model for
 * `ctasim run`, the trace writer for `ctasim trace`, the functional executor
 * in tests), reads the results back and checks them against a CPU reference.
 * Names follow the papers' abbreviations so experiments can refer to them.
 *
 * Adding a workload: a .cu in workloads/kernels/, `make ptx`, a driver file
 * src/apps/app_NAME.c defining `const app_def_t app_NAME`, and one line in
 * a group list (src/apps/apps_group_*.c). */
#ifndef CTASIM_APPS_H
#define CTASIM_APPS_H

#include "ctasim_runtime.h"

typedef enum app_size { APP_SMALL = 0, APP_DEFAULT, APP_PAPER } app_size_t;

/* Everything a run writes lives here or in memory it owns: drivers keep no
 * writable static or global state, so `ctasim experiment` and `ctasim sweep`
 * can run workloads on parallel threads. */
typedef struct app_ctx {
    const char *app_name; /* for error messages */
    ctasim_runtime_t *rt;
    app_size_t size;
    uint64_t seed;
    uint64_t rng;       /* state of app_rand, seeded from `seed` */
    char detail[256];   /* what the check found (e.g. "3 of 4096 outputs differ, first at 17") */
    /* host buffers from app_host_alloc, freed by app_run after the driver returns */
    void **host_bufs;
    size_t n_host_bufs, host_bufs_cap;
} app_ctx_t;

typedef struct app_def {
    const char *name;     /* paper abbreviation, e.g. "MMUL" */
    const char *summary;  /* one line */
    const char *traits;   /* "compute-bound", "memory-bound", "cache-sensitive", "irregular", "barrier-heavy", "few-CTA", "multi-kernel" */
    /* 1 = output matches the CPU reference, 0 = mismatch (detail says how), -1 = error (err set). */
    int (*run)(app_ctx_t *c, cs_error_t *err);
} app_def_t;

/* The suite in listing order: app_at(0 .. app_count()-1). */
unsigned app_count(void);
const app_def_t *app_at(unsigned i);
/* Case-insensitive lookup; NULL if unknown. */
const app_def_t *app_find(const char *name);
int app_size_parse(const char *s, app_size_t *out);
const char *app_size_name(app_size_t s);

/* Run `app` on `rt` (its executor decides how); prints nothing. */
int app_run(const app_def_t *app, ctasim_runtime_t *rt, app_size_t size, uint64_t seed, char *detail,
            size_t detail_len, cs_error_t *err);

/* --- helpers for drivers ------------------------------------------------- */

/* Load workloads/ptx/FILE, searching $CTASIM_PTX_DIR, then <dir of the ctasim
 * executable>/../workloads/ptx, then ./workloads/ptx. */
int app_load_module(app_ctx_t *c, const char *file, ctasim_module_t **out, cs_error_t *err);
/* `bytes` of zeroed host memory owned by the run: app_run frees it when the
 * driver returns, whichever path it returns by, so drivers never free. NULL
 * with err set ("NAME: out of host memory ...") when it cannot be had; the
 * driver then returns -1. */
void *app_host_alloc(app_ctx_t *c, size_t bytes, cs_error_t *err);
/* Deterministic pseudo-random numbers (64-bit LCG, high bits). */
uint32_t app_rand(app_ctx_t *c);
float app_randf(app_ctx_t *c, float lo, float hi);
/* Pick by size: small, default, paper. */
static inline uint32_t app_pick(const app_ctx_t *c, uint32_t small, uint32_t def, uint32_t paper)
{
    return c->size == APP_SMALL ? small : c->size == APP_DEFAULT ? def : paper;
}
/* Device buffer helpers: allocate and upload / download; -1 with err set. */
int app_upload(app_ctx_t *c, uint64_t *dptr, const void *host, size_t bytes, cs_error_t *err);
int app_alloc_zero(app_ctx_t *c, uint64_t *dptr, size_t bytes, cs_error_t *err);
int app_download(app_ctx_t *c, void *host, uint64_t dptr, size_t bytes, cs_error_t *err);
/* Compare outputs; fill c->detail on mismatch. Return 1 equal, 0 not. */
int app_check_u32(app_ctx_t *c, const char *what, const uint32_t *got, const uint32_t *want, size_t n);
int app_check_f32(app_ctx_t *c, const char *what, const float *got, const float *want, size_t n, float rel_tol,
                  float abs_tol);

#endif
