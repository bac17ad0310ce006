/* mix.h — several suite workloads on one GPU at once (`ctasim run A+B`,
 * `--mix FILE`, `--pool N`), each with its own runtime, module and device
 * memory, its own stream, and its own CPU reference check; the multiprogram
 * metrics (STP, ANTT, fairness) against each workload's run alone. */
#ifndef CTASIM_MIX_H
#define CTASIM_MIX_H

#include "cli.h"
#include "gpu/multiprog.h"

typedef struct mix_item {
    const app_def_t *app;
    app_size_t size;
    uint32_t stream;  /* workloads on the same stream run their kernels in launch order */
    uint64_t delay;   /* arrival: the core cycle of its first possible launch */
} mix_item_t;

typedef struct mix {
    mix_item_t *items;
    unsigned n;
    unsigned pool;    /* at most this many workloads run at once (0: all) */
} mix_t;

/* Is INPUT a mix spec "A+B[+C...]" (a '+' and no '/')? */
bool mix_is_spec(const char *input);
/* "A+B+C": each workload at `size`, stream = its position, no delay. */
int mix_parse_spec(const char *spec, app_size_t size, mix_t *m, cs_error_t *err);
/* Lines "WORKLOAD SIZE STREAM DELAY" ('#' starts a comment, blank lines
 * skipped); SIZE small|default|paper or '-' for `size`. Errors name FILE:LINE. */
int mix_load_file(const char *path, app_size_t size, mix_t *m, cs_error_t *err);
void mix_free(mix_t *m);

typedef struct mix_item_result {
    int check;             /* 1 PASS, 0 FAIL, -1 not checked */
    char detail[256];
    uint64_t arrival;      /* = delay */
    uint64_t start, end;   /* first kernel's start, last kernel's end (core cycles) */
    uint64_t thread_insts;
    uint32_t n_kernels;
    uint64_t alone_cycles; /* its turnaround alone (0: unknown) */
} mix_item_result_t;

typedef struct mix_outcome {
    mix_item_result_t *items; /* m->n of them */
    uint32_t *kernel_item;    /* the GPU's kernel i belongs to item kernel_item[i] */
    uint32_t n_kernel_item;
} mix_outcome_t;

/* Run the mix on a GPU from req (req->input ignored). Returns the finished
 * GPU or NULL with err. out is filled either way and freed by mix_outcome_free. */
gpu_t *mix_simulate(const mix_t *m, const sim_request_t *req, mix_outcome_t *out, cs_error_t *err);
void mix_outcome_free(mix_outcome_t *out);

/* tlpmod's profile of a workload alone (Li & Liang's type Up/Optimal/Down
 * and opt, from a static-cap sweep on `jobs` threads), cached in cache_dir
 * (NULL: the default alone cache). kernel: profile only that kernel of the
 * workload (its own IPC and occupancy), NULL: the whole workload. */
int mix_tlp_profile(const mix_item_t *mi, const char *kernel, const sim_request_t *req, const char *cache_dir,
                    unsigned jobs, char *type, size_t type_len, unsigned *opt, cs_error_t *err);

/* An "A+B" spec in req->input run as one simulation (`ctasim sweep A+B`):
 * a plain `tlpmod` filled in from cached profiles; out->check 1 when every
 * workload passed its check, 0 (detail: the first failure) otherwise. */
gpu_t *mix_simulate_spec(const sim_request_t *req, sim_outcome_t *out, cs_error_t *err);

/* `ctasim run` with a mix (main.c hands over when --mix or an A+B input is given). */
int cmd_run_mix(int argc, char **argv, const run_opts_t *o);

#endif
