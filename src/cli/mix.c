/* mix.c — workload mixes: several suite workloads on one GPU at once.
 *
 * Each workload's host driver runs on its own thread with its own runtime
 * (module, device memory, launch queue). Its executor does not simulate: it
 * hands the batch of launches to the coordinator (this thread) and waits.
 * The coordinator advances the GPU only while every driver is waiting or
 * done, so at any moment either the GPU or some drivers' host code runs,
 * never both, and what a driver does between launches takes no simulated
 * time. Batches are launched in workload order, each on its own stream
 * (mix stream << 16 | the driver's stream), and the GPU runs until any kernel
 * ends; a workload whose batch is complete is resumed, the coordinator waits
 * for all drivers to block again, and so on. Thread timing therefore cannot
 * change what is simulated: results are bit-identical run to run.
 *
 * Pool mode (Li & Liang §III-A): at most `pool` workloads are started; when
 * one finishes (its driver returns), the next of the list starts, arriving
 * at that cycle or at its own delay, whichever is later.
 *
 * Turnaround of a workload = end of its last kernel - its arrival (delay).
 * Its alone turnaround comes from the same workload run by itself on the
 * same configuration with the baseline CTA policy (rr) and the same warp
 * policy, made on demand and cached (--alone-cache DIR; key: workload,
 * size, seed, warp policy, effective configuration and the ctasim binary). */
#include "mix.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "classify.h"
#include "jobs.h"
#include "output.h"
#include "policy/registry.h"

#define MIX_STREAM_SHIFT 16
#define METRIC_NAME_MAX 64
#define CTA_SERIES_PERIOD 1000 /* core cycles between CTAs-per-SM samples */

bool mix_is_spec(const char *input) { return input && strchr(input, '+') && !strchr(input, '/'); }

void mix_free(mix_t *m)
{
    free(m->items);
    m->items = NULL;
    m->n = 0;
}

static void mix_add(mix_t *m, const app_def_t *app, app_size_t size, uint32_t stream, uint64_t delay)
{
    m->items = cs_xrealloc(m->items, (m->n + 1) * sizeof *m->items);
    m->items[m->n++] = (mix_item_t){.app = app, .size = size, .stream = stream, .delay = delay};
}

int mix_parse_spec(const char *spec, app_size_t size, mix_t *m, cs_error_t *err)
{
    memset(m, 0, sizeof *m);
    size_t len = strlen(spec);
    if (!len || spec[0] == '+' || spec[len - 1] == '+' || strstr(spec, "++"))
        return cs_err(err, NULL, 0, "mix '%s': an empty workload name", spec);
    char *buf = cs_xstrdup(spec), *save = NULL;
    for (char *t = strtok_r(buf, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        const app_def_t *a = app_find(t);
        if (!a) {
            cs_err(err, NULL, 0, "mix '%s': unknown workload '%s' (`ctasim list workloads`)", spec, t);
            free(buf);
            mix_free(m);
            return -1;
        }
        mix_add(m, a, size, m->n, 0);
    }
    free(buf);
    return 0;
}

int mix_load_file(const char *path, app_size_t size, mix_t *m, cs_error_t *err)
{
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "r");
    if (!f)
        return cs_err(err, path, 0, "cannot open mix file: %s", strerror(errno));
    char line[1024];
    int ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *tok[5];
        int nt = 0;
        char *save = NULL;
        for (char *t = strtok_r(line, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
            if (nt < 5)
                tok[nt++] = t;
            else
                nt = 6;
        if (nt == 0)
            continue;
        const char *why = NULL;
        const app_def_t *a = NULL;
        app_size_t sz = size;
        uint64_t stream = 0, delay = 0;
        cs_error_t e2;
        if (nt != 4)
            why = "expected 4 fields: WORKLOAD SIZE STREAM DELAY";
        else if (!(a = app_find(tok[0])))
            why = "unknown workload";
        else if (strcmp(tok[1], "-") && app_size_parse(tok[1], &sz) < 0)
            why = "size must be small, default, paper or -";
        else if (cli_parse_uint("stream", tok[2], 0, 65535, &stream, &e2) < 0)
            why = "stream must be an integer 0..65535";
        else if (cli_parse_uint("delay", tok[3], 0, UINT64_MAX / 4, &delay, &e2) < 0)
            why = "launch delay must be a number of core cycles";
        if (why) {
            cs_err(err, path, ln, "malformed mix line (%s%s%s)", why, nt >= 1 && why[0] == 'u' ? ": " : "",
                   nt >= 1 && why[0] == 'u' ? tok[0] : "");
            fclose(f);
            mix_free(m);
            return -1;
        }
        mix_add(m, a, sz, (uint32_t)stream, delay);
    }
    fclose(f);
    if (m->n == 0)
        return cs_err(err, path, 0, "mix file lists no workload");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* the coordinator */

enum item_state { IT_NOT_STARTED = 0, IT_HOST, IT_SUBMITTED, IT_ON_GPU, IT_DONE };

typedef struct coord coord_t;

typedef struct item_run {
    coord_t *co;
    unsigned index;
    const mix_item_t *mi;
    enum item_state state;
    pthread_t thread;
    bool thread_started;
    uint64_t arrival;
    /* the batch it waits on */
    kernel_desc_t *batch;
    size_t batch_n;
    uint32_t batch_first; /* GPU kernel index of its first kernel */
    int batch_rc;
    cs_error_t batch_err;
    /* the driver's result */
    int check;
    char detail[256];
    cs_error_t err;
} item_run_t;

struct coord {
    pthread_mutex_t mu;
    pthread_cond_t cv_coord, cv_items;
    gpu_t *g;
    const sim_request_t *req;
    item_run_t *it;
    unsigned n;
    bool failed;   /* the GPU failed: every later batch answers -1 */
    cs_error_t fail_err;
    uint32_t *kernel_item;
    uint32_t n_kernel_item, cap_kernel_item;
};

/* The driver's executor: hand the batch over and wait until it ran. */
static int mix_executor(void *ctx, kernel_desc_t *kernels, size_t n, cs_error_t *err)
{
    item_run_t *it = ctx;
    coord_t *co = it->co;
    pthread_mutex_lock(&co->mu);
    it->batch = kernels;
    it->batch_n = n;
    it->state = IT_SUBMITTED;
    pthread_cond_signal(&co->cv_coord);
    while (it->state != IT_HOST)
        pthread_cond_wait(&co->cv_items, &co->mu);
    int rc = it->batch_rc;
    if (rc < 0 && err)
        *err = it->batch_err;
    pthread_mutex_unlock(&co->mu);
    return rc;
}

static void *driver_main(void *arg)
{
    item_run_t *it = arg;
    coord_t *co = it->co;
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = it, .run_kernels = mix_executor};
    ctasim_set_executor(rt, &ex);
    cs_error_t e;
    memset(&e, 0, sizeof e);
    char detail[256] = "";
    int r = app_run(it->mi->app, rt, it->mi->size, co->req->seed, detail, sizeof detail, &e);
    ctasim_destroy(rt);
    pthread_mutex_lock(&co->mu);
    it->check = r;
    snprintf(it->detail, sizeof it->detail, "%s", detail);
    it->err = e;
    it->state = IT_DONE;
    pthread_cond_signal(&co->cv_coord);
    pthread_mutex_unlock(&co->mu);
    return NULL;
}

/* With the lock held. */
static void start_item(coord_t *co, item_run_t *it)
{
    uint64_t now = gpu_cycle(co->g);
    it->arrival = it->mi->delay > now ? it->mi->delay : now;
    it->state = IT_HOST;
    if (pthread_create(&it->thread, NULL, driver_main, it) != 0) {
        it->check = -1;
        cs_err(&it->err, NULL, 0, "%s: cannot start its driver thread", it->mi->app->name);
        it->state = IT_DONE;
        return;
    }
    it->thread_started = true;
}

static void record_kernel(coord_t *co, uint32_t item)
{
    if (co->n_kernel_item == co->cap_kernel_item) {
        co->cap_kernel_item = co->cap_kernel_item ? 2 * co->cap_kernel_item : 16;
        co->kernel_item = cs_xrealloc(co->kernel_item, co->cap_kernel_item * sizeof *co->kernel_item);
    }
    co->kernel_item[co->n_kernel_item++] = item;
}

/* Launch a submitted batch (lock held). */
static void launch_batch(coord_t *co, item_run_t *it)
{
    gpu_t *g = co->g;
    if (co->failed) {
        it->batch_rc = -1;
        it->batch_err = co->fail_err;
        it->state = IT_HOST;
        return;
    }
    it->batch_first = gpu_n_kernels(g);
    for (size_t i = 0; i < it->batch_n; i++) {
        kernel_desc_t k = it->batch[i];
        k.borrowed = true;
        k.id = gpu_n_kernels(g) + 1;
        k.stream = (it->mi->stream << MIX_STREAM_SHIFT) | (k.stream & ((1u << MIX_STREAM_SHIFT) - 1));
        if (gpu_launch_at(g, &k, it->arrival, &it->batch_err) < 0) {
            it->batch_rc = -1;
            it->state = IT_HOST;
            return;
        }
        record_kernel(co, it->index);
    }
    it->batch_rc = 0;
    /* a stopped GPU runs nothing more: the batch is over at once */
    it->state = gpu_stopped(g) || it->batch_n == 0 ? IT_HOST : IT_ON_GPU;
}

static bool batch_done(const coord_t *co, const item_run_t *it)
{
    for (size_t i = 0; i < it->batch_n; i++)
        if (gpu_kernel(co->g, it->batch_first + (uint32_t)i)->state != KERNEL_DONE)
            return false;
    return true;
}

static void sample_ctas(coord_t *co)
{
    gpu_t *g = co->g;
    uint32_t n_sm = gpu_n_sm(g);
    const kernel_run_t *run[64];
    uint32_t nr = gpu_running_kernels(g, run, 64);
    double *per = cs_xcalloc(co->n, sizeof *per);
    for (uint32_t r = 0; r < nr; r++) {
        uint32_t tot = 0;
        for (uint32_t s = 0; s < n_sm; s++)
            tot += gpu_sm_resident_ctas(g, s, run[r]);
        per[co->kernel_item[run[r]->index]] += (double)tot / n_sm;
    }
    for (unsigned i = 0; i < co->n; i++) {
        char name[METRIC_NAME_MAX];
        snprintf(name, sizeof name, "mix.ctas_per_sm.%u.%s", i, co->it[i].mi->app->name);
        gpu_metric_sample(g, name, per[i]);
    }
    free(per);
}

gpu_t *mix_simulate(const mix_t *m, const sim_request_t *req, mix_outcome_t *out, cs_error_t *err)
{
    memset(out, 0, sizeof *out);
    out->items = cs_xcalloc(m->n ? m->n : 1, sizeof *out->items);
    gpu_t *g = cli_gpu_create(req->cfg, req->cta_sched, req->warp_sched, req->sample_interval, req->threads, err);
    if (!g)
        return NULL;
    coord_t co;
    memset(&co, 0, sizeof co);
    pthread_mutex_init(&co.mu, NULL);
    pthread_cond_init(&co.cv_coord, NULL);
    pthread_cond_init(&co.cv_items, NULL);
    co.g = g;
    co.req = req;
    co.n = m->n;
    co.it = cs_xcalloc(m->n ? m->n : 1, sizeof *co.it);
    for (unsigned i = 0; i < m->n; i++) {
        co.it[i].co = &co;
        co.it[i].index = i;
        co.it[i].mi = &m->items[i];
        co.it[i].check = -1;
    }
    unsigned pool = m->pool ? m->pool : m->n;
    unsigned next = 0, active = 0;
    uint64_t next_sample = CTA_SERIES_PERIOD;
    bool sampled_any = false;

    pthread_mutex_lock(&co.mu);
    for (;;) {
        /* every driver blocked (waiting on a batch) or done */
        for (;;) {
            bool busy = false;
            for (unsigned i = 0; i < co.n; i++)
                busy |= co.it[i].state == IT_HOST;
            if (!busy)
                break;
            pthread_cond_wait(&co.cv_coord, &co.mu);
        }
        /* finished drivers free their pool places; the next ones start */
        active = 0;
        for (unsigned i = 0; i < next; i++)
            active += co.it[i].state != IT_DONE;
        if (next < co.n && active < pool) {
            while (next < co.n && active < pool) {
                start_item(&co, &co.it[next++]);
                active++;
            }
            continue;
        }
        /* submitted batches go to the GPU in workload order */
        for (unsigned i = 0; i < co.n; i++)
            if (co.it[i].state == IT_SUBMITTED)
                launch_batch(&co, &co.it[i]);
        bool any_host = false, any_gpu = false;
        for (unsigned i = 0; i < co.n; i++) {
            any_host |= co.it[i].state == IT_HOST;
            any_gpu |= co.it[i].state == IT_ON_GPU;
        }
        if (any_host) {
            pthread_cond_broadcast(&co.cv_items);
            continue;
        }
        if (!any_gpu) {
            if (next == co.n)
                break; /* all done */
            continue;
        }
        if (!sampled_any) {
            sample_ctas(&co);
            sampled_any = true;
        }
        pthread_mutex_unlock(&co.mu);
        cs_error_t e;
        int rc = gpu_run_until_kernel_end(g, next_sample, &e);
        pthread_mutex_lock(&co.mu);
        if (rc < 0) {
            co.failed = true;
            co.fail_err = e;
            for (unsigned i = 0; i < co.n; i++)
                if (co.it[i].state == IT_ON_GPU) {
                    co.it[i].batch_rc = -1;
                    co.it[i].batch_err = e;
                    co.it[i].state = IT_HOST;
                }
            pthread_cond_broadcast(&co.cv_items);
            continue;
        }
        if (gpu_cycle(g) >= next_sample) {
            sample_ctas(&co);
            while (next_sample <= gpu_cycle(g))
                next_sample += CTA_SERIES_PERIOD;
        }
        bool resumed = false;
        for (unsigned i = 0; i < co.n; i++)
            if (co.it[i].state == IT_ON_GPU && (gpu_stopped(g) || batch_done(&co, &co.it[i]))) {
                co.it[i].state = IT_HOST;
                resumed = true;
            }
        if (resumed)
            pthread_cond_broadcast(&co.cv_items);
    }
    pthread_mutex_unlock(&co.mu);
    for (unsigned i = 0; i < co.n; i++)
        if (co.it[i].thread_started)
            pthread_join(co.it[i].thread, NULL);
    sample_ctas(&co);

    int rc = 0;
    if (co.failed) {
        *err = co.fail_err;
        rc = -1;
    }
    for (unsigned i = 0; i < co.n && rc == 0; i++)
        if (co.it[i].check < 0) {
            *err = co.it[i].err;
            rc = -1;
        }
    for (unsigned i = 0; i < co.n; i++) {
        mix_item_result_t *r = &out->items[i];
        r->check = co.it[i].check;
        snprintf(r->detail, sizeof r->detail, "%s", co.it[i].detail);
        r->arrival = co.it[i].arrival;
        r->start = UINT64_MAX;
    }
    for (uint32_t k = 0; k < co.n_kernel_item; k++) {
        const kernel_run_t *kr = gpu_kernel(g, k);
        mix_item_result_t *r = &out->items[co.kernel_item[k]];
        r->n_kernels++;
        r->thread_insts += kr->thread_insts;
        if (kr->state != KERNEL_QUEUED && kr->start_cycle < r->start)
            r->start = kr->start_cycle;
        if (kr->end_cycle > r->end)
            r->end = kr->end_cycle;
    }
    for (unsigned i = 0; i < co.n; i++)
        if (out->items[i].start == UINT64_MAX)
            out->items[i].start = 0;
    if (gpu_stopped(g))
        for (unsigned i = 0; i < co.n; i++) {
            out->items[i].check = -1;
            snprintf(out->items[i].detail, sizeof out->items[i].detail,
                     "not checked: stopped at -gpgpu_%s before the kernels finished", gpu_stopped(g));
        }
    out->kernel_item = co.kernel_item;
    out->n_kernel_item = co.n_kernel_item;
    free(co.it);
    pthread_cond_destroy(&co.cv_items);
    pthread_cond_destroy(&co.cv_coord);
    pthread_mutex_destroy(&co.mu);
    if (rc < 0) {
        gpu_destroy(g);
        return NULL;
    }
    return g;
}

void mix_outcome_free(mix_outcome_t *out)
{
    free(out->items);
    free(out->kernel_item);
    memset(out, 0, sizeof *out);
}

/* ------------------------------------------------------------------------ */
/* alone runs, cached */

static uint64_t config_text_hash(const gpu_config_t *cfg, uint64_t h)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&text, &len);
    if (!mf)
        return h;
    config_dump(cfg, mf);
    fclose(mf);
    h = cs_fnv1a64_update(h, text, len);
    free(text);
    return h;
}

static int mkdir_p(const char *dir)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(tmp, 0777);
            *p = '/';
        }
    return mkdir(tmp, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

static void default_cache_dir(char *out, size_t n)
{
    const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (x && x[0])
        snprintf(out, n, "%s/ctasim/alone", x);
    else if (home && home[0])
        snprintf(out, n, "%s/.cache/ctasim/alone", home);
    else
        out[0] = 0;
}

/* The workload's turnaround alone (cycles), from the cache or a run now.
 * *cached says which. */
static int alone_cycles(const mix_item_t *mi, const sim_request_t *req, const char *cache_dir, uint64_t exe_h,
                        uint64_t *cycles, bool *cached, cs_error_t *err)
{
    uint64_t h = cs_fnv1a64(mi->app->name, strlen(mi->app->name));
    char extra[128];
    snprintf(extra, sizeof extra, "|%s|%" PRIu64 "|%s|", app_size_name(mi->size), req->seed,
             req->warp_sched ? req->warp_sched : "");
    h = cs_fnv1a64_update(h, extra, strlen(extra));
    h = config_text_hash(req->cfg, h);
    h = cs_fnv1a64_update(h, &exe_h, sizeof exe_h);
    char path[PATH_MAX + 128] = "";
    *cached = false;
    if (cache_dir && cache_dir[0]) {
        snprintf(path, sizeof path, "%s/%s-%s-%016" PRIx64 ".txt", cache_dir, mi->app->name, app_size_name(mi->size),
                 h);
        FILE *f = fopen(path, "r");
        if (f) {
            unsigned long long c = 0;
            int ok = fscanf(f, "alone_cycles %llu", &c) == 1 && c > 0;
            fclose(f);
            if (ok) {
                *cycles = c;
                *cached = true;
                return 0;
            }
        }
    }
    mix_t one = {.items = (mix_item_t[]){{.app = mi->app, .size = mi->size, .stream = 0, .delay = 0}}, .n = 1};
    sim_request_t r = *req;
    r.cta_sched = NULL; /* the baseline */
    mix_outcome_t o;
    gpu_t *g = mix_simulate(&one, &r, &o, err);
    if (!g) {
        mix_outcome_free(&o);
        return -1;
    }
    *cycles = o.items[0].end - o.items[0].arrival;
    gpu_destroy(g);
    mix_outcome_free(&o);
    if (path[0] && mkdir_p(cache_dir) == 0) {
        cs_error_t ignored; /* a cache: a file not written is computed again */
        FILE *f = cli_output_open(path, &ignored);
        if (f) {
            fprintf(f, "alone_cycles %" PRIu64 "\n", *cycles);
            cli_output_close(f, path, &ignored);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* tlpmod's profiles: Li & Liang's Up/Optimal/Down and opt(k), from a static
 * CTA-cap sweep of the workload alone (caps 1..min(8, the workload's largest
 * occupancy), baseline rr, the mix's warp policy), as `ctasim sweep` makes
 * it and classify.c labels it; cached beside the alone runs.
 *
 * What is measured at each cap: with no kernel named, the whole workload's
 * IPC (every kernel, host gaps excluded). With a kernel named, that kernel's
 * own IPC (its thread instructions / its cycles, summed over its launches)
 * and its occupancy as the top cap: Li & Liang profile single kernels
 * (Table II, Fig. 4), and a workload of several kernels can hide a kernel
 * that loses from more CTAs behind one that gains (our KMN: the invert
 * mapping is Down, k-means' nearest-centroid kernel is Up, the whole is Up). */

#define PROFILE_MAX_CAP 8

typedef struct prof_job {
    const mix_item_t *mi;
    const sim_request_t *req;
    const char *kernel; /* NULL: the whole workload */
    unsigned cap;
    double ipc;
    uint32_t occupancy;
    int rc;
    cs_error_t err;
} prof_job_t;

static void prof_run(void *ctx, size_t i)
{
    prof_job_t *j = &((prof_job_t *)ctx)[i];
    gpu_config_t cfg = *j->req->cfg;
    cfg.max_ctas_override = j->cap;
    sim_request_t r = {.cfg = &cfg, .cta_sched = NULL, .warp_sched = j->req->warp_sched, .input = j->mi->app->name,
                       .size = j->mi->size, .seed = j->req->seed};
    sim_outcome_t out;
    gpu_t *g = cli_simulate(&r, &out, &j->err);
    if (!g) {
        j->rc = -1;
        return;
    }
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    j->ipc = t.ipc;
    uint64_t insts = 0, cycles = 0;
    bool found = false;
    for (uint32_t k = 0; k < gpu_n_kernels(g); k++) {
        const kernel_run_t *kr = gpu_kernel(g, k);
        if (j->kernel && strcmp(kr->desc.name, j->kernel))
            continue;
        found = true;
        insts += kr->thread_insts;
        cycles += kr->end_cycle > kr->start_cycle ? kr->end_cycle - kr->start_cycle : 0;
        if (kr->occupancy_limit > j->occupancy)
            j->occupancy = kr->occupancy_limit;
    }
    if (j->kernel && !found) {
        cs_err(&j->err, NULL, 0, "tlpmod profile: workload %s launches no kernel '%s'", j->mi->app->name, j->kernel);
        j->rc = -1;
    } else if (j->kernel) {
        j->ipc = cycles ? (double)insts / (double)cycles : 0;
    }
    gpu_destroy(g);
}

static int tlp_profile(const mix_item_t *mi, const char *kernel, const sim_request_t *req, const char *cache_dir,
                       uint64_t exe_h, unsigned jobs, char *type, size_t type_len, unsigned *opt, cs_error_t *err)
{
    uint64_t h = cs_fnv1a64("tlp-profile|", 12);
    char extra[256];
    snprintf(extra, sizeof extra, "%s|%s|%" PRIu64 "|%s|%s|", mi->app->name, app_size_name(mi->size), req->seed,
             req->warp_sched ? req->warp_sched : "", kernel ? kernel : "");
    h = cs_fnv1a64_update(h, extra, strlen(extra));
    h = config_text_hash(req->cfg, h);
    h = cs_fnv1a64_update(h, &exe_h, sizeof exe_h);
    char path[PATH_MAX + 128] = "";
    if (cache_dir && cache_dir[0]) {
        snprintf(path, sizeof path, "%s/profile-%s-%s-%016" PRIx64 ".txt", cache_dir, mi->app->name,
                 app_size_name(mi->size), h);
        FILE *f = fopen(path, "r");
        if (f) {
            char t[32];
            int ok = fscanf(f, "type %31s opt %u", t, opt) == 2;
            fclose(f);
            if (ok) {
                snprintf(type, type_len, "%s", t);
                return 0;
            }
        }
    }
    unsigned hi = req->cfg->max_cta_per_sm < PROFILE_MAX_CAP ? req->cfg->max_cta_per_sm : PROFILE_MAX_CAP;
    prof_job_t pj[PROFILE_MAX_CAP];
    memset(pj, 0, sizeof pj);
    for (unsigned c = 1; c <= hi; c++)
        pj[c - 1] = (prof_job_t){.mi = mi, .req = req, .kernel = kernel, .cap = c};
    /* cap 1 first: its occupancy (the resource limit, whatever the cap) ends
     * the curve, and caps above it would repeat the run at the occupancy */
    prof_run(pj, 0);
    if (pj[0].rc < 0) {
        *err = pj[0].err;
        return -1;
    }
    if (pj[0].occupancy && pj[0].occupancy < hi)
        hi = pj[0].occupancy;
    if (hi > 1)
        jobs_run(hi - 1, jobs_threads_used(hi - 1, jobs), prof_run, NULL, pj + 1);
    ipc_curve_t cv;
    memset(&cv, 0, sizeof cv);
    cv.lo = 1;
    cv.hi = hi;
    for (unsigned c = 1; c <= hi; c++) {
        if (pj[c - 1].rc < 0) {
            *err = pj[c - 1].err;
            return -1;
        }
        cv.ipc[c] = pj[c - 1].ipc;
    }
    snprintf(type, type_len, "%s", classify_liliang(&cv, 0.02));
    /* "if kernel k is type Up, then opt(k) is the maximum TLP" */
    *opt = strcmp(type, "Up") ? curve_opt(&cv) : cv.hi;
    if (path[0] && mkdir_p(cache_dir) == 0) {
        cs_error_t ignored; /* a cache: a file not written is computed again */
        FILE *f = cli_output_open(path, &ignored);
        if (f) {
            fprintf(f, "type %s opt %u\n", type, *opt);
            cli_output_close(f, path, &ignored);
        }
    }
    return 0;
}

int mix_tlp_profile(const mix_item_t *mi, const char *kernel, const sim_request_t *req, const char *cache_dir,
                    unsigned jobs, char *type, size_t type_len, unsigned *opt, cs_error_t *err)
{
    char dir[PATH_MAX];
    if (cache_dir)
        snprintf(dir, sizeof dir, "%s", cache_dir);
    else
        default_cache_dir(dir, sizeof dir);
    return tlp_profile(mi, kernel, req, dir, cli_exe_hash(), jobs, type, type_len, opt, err);
}

/* A chain naming plain `tlpmod` gets each workload's profile as p<stream>=type/opt. */
static int fill_tlpmod(const char *spec, const mix_t *m, const sim_request_t *req, const char *cache_dir,
                       uint64_t exe_h, char *out, size_t out_len, cs_error_t *err)
{
    out[0] = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL;
    for (char *tok = strtok_r(buf, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
        size_t used = strlen(out);
        snprintf(out + used, out_len - used, "%s%s", used ? "+" : "", tok);
        if (strcmp(tok, "tlpmod"))
            continue;
        char args[400] = "";
        for (unsigned i = 0; i < m->n; i++) {
            if (m->items[i].stream >= 16)
                continue;
            char type[32];
            unsigned opt;
            if (tlp_profile(&m->items[i], NULL, req, cache_dir, exe_h, jobs_default(), type, sizeof type, &opt, err) < 0)
                return -1;
            size_t u = strlen(args);
            snprintf(args + u, sizeof args - u, "%sp%u=%s/%u", u ? "," : "", m->items[i].stream, type, opt);
            fprintf(stderr, "ctasim: tlpmod profile of %s (%s): %s, opt %u CTAs per core\n", m->items[i].app->name,
                    app_size_name(m->items[i].size), type, opt);
        }
        used = strlen(out);
        if (args[0])
            snprintf(out + used, out_len - used, ":%s", args);
    }
    return 0;
}

/* A mix spec "A+B" as one simulation (sweep's points): each workload at
 * req->size, a plain `tlpmod` in the chain filled in from the cached
 * profiles; out->check 1 when every workload passed, else 0 with the first
 * failure's detail. */
gpu_t *mix_simulate_spec(const sim_request_t *req, sim_outcome_t *out, cs_error_t *err)
{
    mix_t m;
    memset(out, 0, sizeof *out);
    if (mix_parse_spec(req->input, req->size, &m, err) < 0)
        return NULL;
    sim_request_t r = *req;
    char cache_dir[PATH_MAX], chain[1024];
    default_cache_dir(cache_dir, sizeof cache_dir);
    if (r.cta_sched && strstr(r.cta_sched, "tlpmod")) {
        if (fill_tlpmod(r.cta_sched, &m, &r, cache_dir, cli_exe_hash(), chain, sizeof chain, err) <
            0) {
            mix_free(&m);
            return NULL;
        }
        r.cta_sched = chain;
    }
    mix_outcome_t o;
    gpu_t *g = mix_simulate(&m, &r, &o, err);
    if (g) {
        out->check = 1;
        for (unsigned i = 0; i < m.n && out->check; i++)
            if (o.items[i].check == 0) {
                out->check = 0;
                /* the workload's own detail is as long as ours: keep its head */
                snprintf(out->detail, sizeof out->detail, "%s: %.200s", m.items[i].app->name, o.items[i].detail);
            }
    }
    mix_outcome_free(&o);
    mix_free(&m);
    return g;
}

/* ------------------------------------------------------------------------ */
/* ctasim run with a mix */

static void mix_provenance(gpu_t *g, int argc, char **argv, const run_opts_t *o, const char *what)
{
    cli_provenance_t prov = {.argc = argc, .argv = argv, .opts = o, .input = what, .check = -1, .detail = NULL, .mix = true};
    cli_record_provenance(g, &prov);
}

int cmd_run_mix(int argc, char **argv, const run_opts_t *o)
{
    cs_error_t err;
    mix_t m;
    if (o->mix_file) {
        if (o->input) {
            fprintf(stderr, "ctasim: give either --mix FILE or an input, not both\n");
            return 2;
        }
        if (mix_load_file(o->mix_file, o->size, &m, &err) < 0)
            return cli_fail(&err);
    } else if (mix_parse_spec(o->input, o->size, &m, &err) < 0) {
        return cli_fail(&err);
    }
    m.pool = o->pool;
    cli_json_out_t json;
    int rc = cli_json_open(o, &json);
    if (rc) {
        mix_free(&m);
        return rc;
    }
    sim_request_t req = {.cfg = &o->cfg, .cta_sched = o->cta_sched, .warp_sched = o->warp_sched, .input = NULL,
                         .size = o->size, .seed = o->seed, .sample_interval = o->sample_interval};
    char cache_dir[PATH_MAX];
    if (o->alone_cache)
        snprintf(cache_dir, sizeof cache_dir, "%s", o->alone_cache);
    else
        default_cache_dir(cache_dir, sizeof cache_dir);
    uint64_t exe_h = cli_exe_hash();
    char chain[1024];
    if (o->cta_sched && strstr(o->cta_sched, "tlpmod")) {
        if (fill_tlpmod(o->cta_sched, &m, &req, cache_dir, exe_h, chain, sizeof chain, &err) < 0) {
            cli_json_abandon(&json);
            mix_free(&m);
            return cli_fail(&err);
        }
        req.cta_sched = chain;
    }
    mix_outcome_t out;
    gpu_t *g = mix_simulate(&m, &req, &out, &err);
    if (!g) {
        cli_json_abandon(&json);
        mix_outcome_free(&out);
        mix_free(&m);
        return cli_fail(&err);
    }
    /* alone runs for the multiprogram metrics (not when a limit stopped the run) */
    uint64_t *shared = cs_xcalloc(m.n, sizeof *shared), *alone = cs_xcalloc(m.n, sizeof *alone);
    double *slow = cs_xcalloc(m.n, sizeof *slow);
    bool have_alone = !gpu_stopped(g) && !o->no_alone;
    for (unsigned i = 0; i < m.n && have_alone; i++) {
        bool cached;
        if (alone_cycles(&m.items[i], &req, cache_dir, exe_h, &alone[i], &cached, &err) < 0) {
            fprintf(stderr, "ctasim: warning: no alone run for %s (%s); no multiprogram metrics\n",
                    m.items[i].app->name, err.msg);
            have_alone = false;
        }
        out.items[i].alone_cycles = alone[i];
    }
    for (unsigned i = 0; i < m.n; i++)
        shared[i] = out.items[i].end > out.items[i].arrival ? out.items[i].end - out.items[i].arrival : 0;
    mp_metrics_t mm;
    bool have_metrics = have_alone && mp_metrics(shared, alone, m.n, slow, &mm) == 0;
    for (unsigned i = 0; i < m.n; i++) {
        char name[METRIC_NAME_MAX];
        snprintf(name, sizeof name, "mix.%u.%s.cycles", i, m.items[i].app->name);
        gpu_metric_set(g, name, (double)shared[i]);
        if (have_metrics) {
            snprintf(name, sizeof name, "mix.%u.%s.alone_cycles", i, m.items[i].app->name);
            gpu_metric_set(g, name, (double)alone[i]);
            snprintf(name, sizeof name, "mix.%u.%s.slowdown", i, m.items[i].app->name);
            gpu_metric_set(g, name, slow[i]);
        }
    }
    if (have_metrics) {
        gpu_metric_set(g, "mix.stp", mm.stp);
        gpu_metric_set(g, "mix.antt", mm.antt);
        gpu_metric_set(g, "mix.fairness", mm.fairness);
    }
    mix_provenance(g, argc, argv, o, o->mix_file ? o->mix_file : o->input);
    if (!o->quiet) {
        gpu_print_stats(g, stdout);
        for (unsigned i = 0; i < m.n; i++) {
            const mix_item_result_t *r = &out.items[i];
            printf("mix_workload[%u] = %s size=%s stream=%u arrival=%" PRIu64 " start=%" PRIu64 " end=%" PRIu64
                   " cycles=%" PRIu64 " kernels=%u insn=%" PRIu64,
                   i, m.items[i].app->name, app_size_name(m.items[i].size), m.items[i].stream, r->arrival, r->start,
                   r->end, shared[i], r->n_kernels, r->thread_insts);
            if (have_metrics)
                printf(" alone_cycles=%" PRIu64 " slowdown=%.4f", alone[i], slow[i]);
            printf("\n");
        }
        if (have_metrics)
            printf("mix_stp = %.4f\nmix_antt = %.4f\nmix_fairness = %.4f\n", mm.stp, mm.antt, mm.fairness);
    }
    rc = 0;
    if (cli_json_write(&json, g, &err) < 0 ||
        cli_write_series_csv(g, o, &err) < 0)
        rc = cli_fail(&err);
    gpu_destroy(g);
    FILE *verdict = json.path && !strcmp(json.path, "-") ? stderr : stdout;
    for (unsigned i = 0; i < m.n && rc == 0; i++) {
        const mix_item_result_t *r = &out.items[i];
        if (r->check >= 0)
            fprintf(verdict, "%s (%s): %s%s%s\n", m.items[i].app->name, app_size_name(m.items[i].size),
                    r->check ? "PASS" : "FAIL", r->detail[0] ? " - " : "", r->detail);
        else if (r->detail[0])
            fprintf(verdict, "%s (%s): %s\n", m.items[i].app->name, app_size_name(m.items[i].size), r->detail);
    }
    for (unsigned i = 0; i < m.n && rc == 0; i++)
        if (out.items[i].check == 0)
            rc = 1;
    free(shared);
    free(alone);
    free(slow);
    mix_outcome_free(&out);
    mix_free(&m);
    return rc;
}
