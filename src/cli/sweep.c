/* sweep.c — `ctasim sweep`: one workload across static CTA caps (--max-ctas
 * A..B) and any list of CTA / warp policies, points simulated in parallel on
 * all cores, one JSON per point, a summary CSV, and each kernel classified
 * the way the papers do (classify.h: Lee et al. Types I-IV, Li & Liang
 * Up/Optimal/Down with opt(k), Kayiran et al. Type-C/M/X; tolerance default
 * 2 %). OPT is the cap with the highest IPC.
 * Results do not depend on --jobs: points are independent simulations and are
 * reported in a fixed order. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "classify.h"
#include "cli.h"
#include "gpu/gpu.h"

#define SWEEP_MAX_KERNEL_NAMES 32
#define SWEEP_MAX_SERIES 16

typedef struct kernel_result {
    char name[64];
    uint64_t cycles, thread_insts;
    uint32_t occupancy; /* resource limit per SM (largest over launches) */
} kernel_result_t;

typedef struct point {
    unsigned max_ctas;
    unsigned series; /* index of the (cta, warp) policy pair */
    int rc;
    cs_error_t err;
    gpu_totals_t t;
    uint64_t act, inact, idle, no_cta, cycles_all_cores;
    unsigned nk;
    kernel_result_t k[SWEEP_MAX_KERNEL_NAMES];
} point_t;

typedef struct sweep {
    run_opts_t base;
    const char *cta[SWEEP_MAX_SERIES];
    const char *warp[SWEEP_MAX_SERIES];
    unsigned nseries;
    unsigned lo, hi;
    const char *out_dir;
    double tolerance;
    point_t *pts;
    unsigned npts, next, done;
    pthread_mutex_t lock;
    bool tty;
} sweep_t;

static void progress(sweep_t *s)
{
    unsigned width = 40, filled = s->npts ? s->done * width / s->npts : width;
    if (s->tty) {
        fprintf(stderr, "\r[");
        for (unsigned i = 0; i < width; i++)
            fputc(i < filled ? '=' : (i == filled ? '>' : ' '), stderr);
        fprintf(stderr, "] %u/%u points", s->done, s->npts);
        if (s->done == s->npts)
            fputc('\n', stderr);
    } else {
        fprintf(stderr, "sweep: %u/%u points done\n", s->done, s->npts);
    }
    fflush(stderr);
}

static void json_name(const sweep_t *s, const point_t *p, char *buf, size_t n)
{
    char tag[96];
    snprintf(tag, sizeof tag, "%s-%s", s->cta[p->series], s->warp[p->series] ? s->warp[p->series] : "cfg");
    for (char *c = tag; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-'))
            *c = '_';
    snprintf(buf, n, "%s/%s-n%u.json", s->out_dir, tag, p->max_ctas);
}

static void run_point(sweep_t *s, point_t *p)
{
    gpu_config_t cfg = s->base.cfg;
    cfg.max_ctas_override = p->max_ctas;
    workload_t *w = cli_open_input(s->base.input, &p->err);
    if (!w) {
        p->rc = -1;
        return;
    }
    gpu_t *g = gpu_create(&cfg, s->cta[p->series], s->warp[p->series], &p->err);
    if (!g) {
        workload_destroy(w);
        p->rc = -1;
        return;
    }
    p->rc = gpu_run_workload(g, w, &p->err);
    workload_destroy(w);
    if (p->rc == 0) {
        char path[1024];
        json_name(s, p, path, sizeof path);
        p->rc = gpu_write_json(g, path, &p->err);
    }
    gpu_get_totals(g, &p->t);
    for (uint32_t i = 0; i < gpu_n_sm(g); i++) {
        const sm_counters_t *c = gpu_sm_counters(g, i);
        p->act += c->act_cycles;
        p->inact += c->inact_cycles;
        p->idle += c->outcome[OUT_IDLE];
        p->no_cta += c->no_cta_cycles;
        p->cycles_all_cores += c->cycles;
    }
    /* per kernel name: launches of the same kernel (BFS levels) add up */
    for (uint32_t i = 0; i < gpu_n_kernels(g); i++) {
        const kernel_run_t *k = gpu_kernel(g, i);
        unsigned j = 0;
        while (j < p->nk && strcmp(p->k[j].name, k->desc.name))
            j++;
        if (j == p->nk) {
            if (p->nk == SWEEP_MAX_KERNEL_NAMES)
                continue;
            snprintf(p->k[p->nk].name, sizeof p->k[0].name, "%.63s", k->desc.name);
            p->nk++;
        }
        p->k[j].cycles += k->end_cycle - k->start_cycle;
        p->k[j].thread_insts += k->thread_insts;
        if (k->occupancy_limit > p->k[j].occupancy)
            p->k[j].occupancy = k->occupancy_limit;
    }
    gpu_destroy(g);
}

static void *worker(void *arg)
{
    sweep_t *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        unsigned i = s->next < s->npts ? s->next++ : s->npts;
        pthread_mutex_unlock(&s->lock);
        if (i >= s->npts)
            return NULL;
        run_point(s, &s->pts[i]);
        pthread_mutex_lock(&s->lock);
        s->done++;
        progress(s);
        pthread_mutex_unlock(&s->lock);
    }
}

/* --- command --------------------------------------------------------------- */

static int parse_range(const char *v, unsigned *lo, unsigned *hi)
{
    char *end;
    unsigned long a = strtoul(v, &end, 10), b = a;
    if (end == v)
        return -1;
    if (!strncmp(end, "..", 2)) {
        const char *q = end + 2;
        b = strtoul(q, &end, 10);
        if (end == q)
            return -1;
    }
    if (*end || a < 1 || b < a || b > 64)
        return -1;
    *lo = (unsigned)a;
    *hi = (unsigned)b;
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    static sweep_t s; /* large; one sweep per process */
    memset(&s, 0, sizeof s);
    s.out_dir = "sweep-out";
    s.tolerance = 0.02;
    unsigned jobs = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
    const char *range = NULL;
    const char *ctas[SWEEP_MAX_SERIES], *warps[SWEEP_MAX_SERIES];
    unsigned nc = 0, nw = 0;
    /* take the sweep's own options out; the rest are `run` options */
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    rest[nrest++] = argv[0];
    rest[nrest++] = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !strcmp(a, "--max-ctas") || !strcmp(a, "--cta-sched") || !strcmp(a, "--warp-sched") ||
                     !strcmp(a, "--jobs") || !strcmp(a, "-o") || !strcmp(a, "--tolerance");
        if (!takes) {
            rest[nrest++] = argv[i];
            continue;
        }
        if (!v) {
            fprintf(stderr, "ctasim: option %s needs a value\n", a);
            free(rest);
            return 2;
        }
        i++;
        if (!strcmp(a, "--max-ctas"))
            range = v;
        else if (!strcmp(a, "--cta-sched") && nc < SWEEP_MAX_SERIES)
            ctas[nc++] = v;
        else if (!strcmp(a, "--warp-sched") && nw < SWEEP_MAX_SERIES)
            warps[nw++] = v;
        else if (!strcmp(a, "--jobs"))
            jobs = (unsigned)strtoul(v, NULL, 10);
        else if (!strcmp(a, "-o"))
            s.out_dir = v;
        else if (!strcmp(a, "--tolerance"))
            s.tolerance = strtod(v, NULL);
    }
    int rc = cli_parse_opts(nrest, rest, &s.base, true);
    free(rest);
    if (rc)
        return rc;
    s.lo = 1;
    s.hi = s.base.cfg.max_cta_per_sm < 64 ? s.base.cfg.max_cta_per_sm : 64;
    if (range && parse_range(range, &s.lo, &s.hi) < 0) {
        fprintf(stderr, "ctasim: --max-ctas expects N or A..B with 1 <= A <= B <= 64, got '%s'\n", range);
        return 2;
    }
    if (!nc)
        ctas[nc++] = "rr";
    if (!nw)
        warps[nw++] = NULL; /* the config's scheduler */
    if (nc * nw > SWEEP_MAX_SERIES) {
        fprintf(stderr, "ctasim: at most %d policy combinations per sweep\n", SWEEP_MAX_SERIES);
        return 2;
    }
    for (unsigned a = 0; a < nc; a++)
        for (unsigned b = 0; b < nw; b++) {
            s.cta[s.nseries] = ctas[a];
            s.warp[s.nseries] = warps[b];
            s.nseries++;
        }
    if (jobs < 1)
        jobs = 1;
    if (mkdir(s.out_dir, 0777) != 0 && access(s.out_dir, W_OK) != 0) {
        fprintf(stderr, "ctasim: cannot create output directory '%s'\n", s.out_dir);
        return 1;
    }
    s.npts = s.nseries * (s.hi - s.lo + 1);
    s.pts = calloc(s.npts, sizeof *s.pts);
    unsigned idx = 0;
    for (unsigned se = 0; se < s.nseries; se++)
        for (unsigned n = s.lo; n <= s.hi; n++) {
            s.pts[idx].series = se;
            s.pts[idx].max_ctas = n;
            idx++;
        }
    s.tty = isatty(2);
    pthread_mutex_init(&s.lock, NULL);
    if (jobs > s.npts)
        jobs = s.npts;
    pthread_t *th = calloc(jobs, sizeof *th);
    for (unsigned j = 0; j < jobs; j++)
        pthread_create(&th[j], NULL, worker, &s);
    for (unsigned j = 0; j < jobs; j++)
        pthread_join(th[j], NULL);
    free(th);
    pthread_mutex_destroy(&s.lock);

    for (unsigned i = 0; i < s.npts; i++)
        if (s.pts[i].rc) {
            rc = cli_fail(&s.pts[i].err);
            free(s.pts);
            return rc;
        }

    /* summary.csv: one row per point */
    char path[1024];
    snprintf(path, sizeof path, "%s/summary.csv", s.out_dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ctasim: %s: cannot write\n", path);
        free(s.pts);
        return 1;
    }
    fprintf(f, "cta_sched,warp_sched,max_ctas,cycles,warp_insts,thread_insts,ipc,avg_mem_latency,"
               "l1d_miss_rate,l2_miss_rate,dram_bw_util,active_frac,idle_frac,ract,sim_wall_seconds\n");
    for (unsigned i = 0; i < s.npts; i++) {
        const point_t *p = &s.pts[i];
        double cyc = (double)(p->cycles_all_cores ? p->cycles_all_cores : 1);
        fprintf(f, "%s,%s,%u,%llu,%llu,%llu,%.4f,%.2f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3f\n", s.cta[p->series],
                s.warp[p->series] ? s.warp[p->series] : s.base.cfg.warp_sched, p->max_ctas,
                (unsigned long long)p->t.cycles, (unsigned long long)p->t.warp_insts,
                (unsigned long long)p->t.thread_insts, p->t.ipc, p->t.avg_mem_latency,
                p->t.l1_accesses ? (double)p->t.l1_misses / (double)p->t.l1_accesses : 0.0,
                p->t.l2_accesses ? (double)p->t.l2_misses / (double)p->t.l2_accesses : 0.0, p->t.dram_bw_util,
                (double)p->act / cyc, (double)p->idle / cyc,
                p->act + p->inact ? (double)p->act / (double)(p->act + p->inact) : 0.0, p->t.sim_wall_seconds);
    }
    fclose(f);

    /* classification.csv and a table on stdout: per series, per kernel name */
    snprintf(path, sizeof path, "%s/classification.csv", s.out_dir);
    f = fopen(path, "w");
    if (f)
        fprintf(f, "cta_sched,warp_sched,kernel,max_ctas_limit,opt,ipc_by_cap,lee_type,liliang_type,kayiran_type,"
                   "ract,idle_ratio\n");
    printf("%-10s %-6s %-24s %4s %4s %-5s %-8s %-7s  IPC by --max-ctas %u..%u\n", "cta", "warp", "kernel", "N",
           "OPT", "Lee", "Li&Liang", "Kayiran", s.lo, s.hi);
    unsigned per = s.hi - s.lo + 1;
    for (unsigned se = 0; se < s.nseries; se++) {
        const point_t *base = &s.pts[se * per];
        for (unsigned k = 0; k < base->nk; k++) {
            ipc_curve_t c = {.lo = s.lo, .hi = s.hi};
            uint32_t occ = 0;
            for (unsigned n = s.lo; n <= s.hi; n++) {
                const point_t *p = &s.pts[se * per + (n - s.lo)];
                const kernel_result_t *kr = NULL;
                for (unsigned j = 0; j < p->nk; j++)
                    if (!strcmp(p->k[j].name, base->k[k].name))
                        kr = &p->k[j];
                c.ipc[n] = kr && kr->cycles ? (double)kr->thread_insts / (double)kr->cycles : 0.0;
                if (kr && kr->occupancy > occ)
                    occ = kr->occupancy;
            }
            if (occ && occ < c.hi) /* caps above the resource limit change nothing */
                c.hi = occ < c.lo ? c.lo : occ;
            const point_t *top = &s.pts[se * per + (c.hi - s.lo)];
            double all = top->cycles_all_cores ? (double)top->cycles_all_cores : 1.0;
            double ract = (double)top->act / all, idle_ratio = (double)top->no_cta / all;
            unsigned opt = curve_opt(&c);
            const char *lee = classify_lee(&c, s.tolerance), *ll = classify_liliang(&c, s.tolerance),
                       *ky = classify_kayiran(ract, idle_ratio);
            const char *wname = s.warp[se] ? s.warp[se] : s.base.cfg.warp_sched;
            printf("%-10s %-6s %-24.24s %4u %4u %-5s %-8s %-7s ", s.cta[se], wname, base->k[k].name, c.hi, opt, lee,
                   ll, ky);
            for (unsigned n = c.lo; n <= c.hi; n++)
                printf(" %.1f", c.ipc[n]);
            printf("\n");
            if (f) {
                fprintf(f, "%s,%s,%s,%u,%u,", s.cta[se], wname, base->k[k].name, c.hi, opt);
                for (unsigned n = c.lo; n <= c.hi; n++)
                    fprintf(f, "%s%.4f", n > c.lo ? ";" : "", c.ipc[n]);
                fprintf(f, ",%s,%s,%s,%.4f,%.4f\n", lee, ll, ky, ract, idle_ratio);
            }
        }
    }
    if (f)
        fclose(f);
    double wall = 0;
    for (unsigned i = 0; i < s.npts; i++)
        wall += s.pts[i].t.sim_wall_seconds;
    printf("sweep: %u points, %.1f s of simulation, results in %s/ (summary.csv, classification.csv, one JSON per point)\n",
           s.npts, wall, s.out_dir);
    free(s.pts);
    return 0;
}
