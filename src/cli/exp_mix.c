/* exp_mix.c — the papers' experiments on workload mixes (`ctasim experiment
 * lee-fig18`): each row a mix of two suite workloads run concurrently
 * (mix.c), each series a CTA policy chain, every (mix, series) pair and
 * every workload's alone run an independent job on the worker pool, reported
 * in a fixed order (results do not depend on --jobs).
 *
 * lee-fig18: Lee et al. HPCA'14 §5.3, Fig. 18 and Table 3: mCKE against
 * the baseline CKE, both with each kernel's CTAs per core limited to its
 * LCS-optimal count. Two readings of "optimal count": LCS's own T_new on
 * our workloads (lcs+cke vs lcs+mcke) and Table 3's numbers as given
 * (cke:a=X,b=Y vs mcke:a=X,b=Y). Performance is the mix's throughput
 * (thread instructions of both workloads / cycles until both are done);
 * STP is against each workload alone with the baseline rr. The paper's
 * numbers: up to +27% (KMN-SRAD), +20% CP-LPS, about 0 on CP-MADD. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "args.h"
#include "jobs.h"
#include "mix.h"
#include "output.h"
#include "progress.h"

typedef struct fig18_mix {
    const char *a, *b, *types;
    unsigned na, nb; /* Table 3's CTAs per kernel */
} fig18_mix_t;

/* Lee et al. Table 3 */
static const fig18_mix_t table3[] = {
    {"CP", "LPS", "II-IV", 3, 5},   {"MMUL", "VADD", "I-II", 2, 3}, {"MUM", "BLK", "III-IV", 2, 4},
    {"MMUL", "RAY", "I-II", 2, 2},  {"CP", "MADD", "II-II", 3, 4},  {"KMN", "SRAD", "III-II", 1, 5},
};
#define N_MIXES (sizeof table3 / sizeof table3[0])
#define N_SERIES 4
static const char *const series_label[N_SERIES] = {"cke(lcs)", "mcke(lcs)", "cke(table3)", "mcke(table3)"};

typedef struct xjob {
    int mix;          /* -1: an alone run of workload `alone` */
    unsigned series;
    const app_def_t *alone;
    const app_def_t *wa, *wb; /* the mix (li experiments) */
    char cta[400];            /* its chain (li experiments; lee-fig18 derives it) */
    /* results */
    int rc;
    cs_error_t err;
    uint64_t end[2];  /* turnaround of each workload (alone: end[0]) */
    uint64_t cycles;  /* until both are done */
    uint64_t insts;
    uint64_t struct_stall, mem_stall; /* summed over the cores (Li & Liang's stalls) */
    double seconds;
} xjob_t;

typedef struct xrun {
    gpu_config_t cfg;
    app_size_t size;
    const char *warp;
    xjob_t *jobs;
    size_t n;
    progress_t progress;
} xrun_t;

static void job(void *ctx, size_t i)
{
    xrun_t *r = ctx;
    xjob_t *j = &r->jobs[i];
    mix_t m = {0};
    mix_item_t items[2];
    char cta[400] = "";
    if (j->mix < 0) {
        items[0] = (mix_item_t){.app = j->alone, .size = r->size, .stream = 0, .delay = 0};
        m.n = 1;
    } else if (j->wa) {
        items[0] = (mix_item_t){.app = j->wa, .size = r->size, .stream = 0, .delay = 0};
        items[1] = (mix_item_t){.app = j->wb, .size = r->size, .stream = 1, .delay = 0};
        m.n = 2;
        snprintf(cta, sizeof cta, "%s", j->cta);
    } else {
        const fig18_mix_t *x = &table3[j->mix];
        items[0] = (mix_item_t){.app = app_find(x->a), .size = r->size, .stream = 0, .delay = 0};
        items[1] = (mix_item_t){.app = app_find(x->b), .size = r->size, .stream = 1, .delay = 0};
        m.n = 2;
        if (j->series == 0)
            snprintf(cta, sizeof cta, "lcs+cke");
        else if (j->series == 1)
            snprintf(cta, sizeof cta, "lcs+mcke");
        else
            snprintf(cta, sizeof cta, "%s:a=%u,b=%u", j->series == 2 ? "cke" : "mcke", x->na, x->nb);
    }
    m.items = items;
    sim_request_t req = {.cfg = &r->cfg, .cta_sched = cta[0] ? cta : NULL, .warp_sched = r->warp, .size = r->size,
                         .seed = 1};
    mix_outcome_t o;
    gpu_t *g = mix_simulate(&m, &req, &o, &j->err);
    if (!g) {
        j->rc = -1;
        mix_outcome_free(&o);
        return;
    }
    for (unsigned k = 0; k < m.n; k++) {
        j->end[k] = o.items[k].end - o.items[k].arrival;
        j->insts += o.items[k].thread_insts;
        if (o.items[k].end > j->cycles)
            j->cycles = o.items[k].end;
        if (o.items[k].check == 0) {
            cs_err(&j->err, NULL, 0, "%s: output check FAILED under %s: %s", m.items[k].app->name,
                   cta[0] ? cta : "rr", o.items[k].detail);
            j->rc = -1;
        }
    }
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    j->seconds = t.sim_wall_seconds;
    for (uint32_t c = 0; c < gpu_n_sm(g); c++) {
        j->struct_stall += gpu_sm_counters(g, c)->struct_stall;
        j->mem_stall += gpu_sm_counters(g, c)->mem_stall;
    }
    gpu_destroy(g);
    mix_outcome_free(&o);
}

static void on_progress(void *ctx, size_t done, size_t total)
{
    xrun_t *r = ctx;
    progress_update(&r->progress, done, total, 0);
}

static uint64_t alone_of(const xrun_t *r, const char *name)
{
    for (size_t i = 0; i < r->n; i++)
        if (r->jobs[i].mix < 0 && !strcasecmp(r->jobs[i].alone->name, name))
            return r->jobs[i].end[0];
    return 0;
}

static void outf(FILE *csv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void outf(FILE *csv, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (csv) {
        va_start(ap, fmt);
        vfprintf(csv, fmt, ap);
        va_end(ap);
    }
}

/* Run every job of R on up to `jobs` threads and open DIR/NAME.csv for the
 * table. NULL on a failed job or an unwritable table, with the exit code in
 * *rc (R's jobs freed then); *threads and *sim say how it ran. */
static FILE *run_jobs_open_table(xrun_t *r, const char *name, unsigned jobs, const char *out_dir, char *path,
                                 size_t path_n, unsigned *threads, double *sim, int *rc)
{
    *threads = jobs_threads_used(r->n, jobs);
    progress_start(&r->progress, name, "runs", isatty(2));
    jobs_run(r->n, *threads, job, on_progress, r);
    *sim = 0;
    for (size_t i = 0; i < r->n; i++) {
        *sim += r->jobs[i].seconds;
        if (r->jobs[i].rc < 0) {
            *rc = cli_fail(&r->jobs[i].err);
            free(r->jobs);
            return NULL;
        }
    }
    cs_error_t err;
    snprintf(path, path_n, "%s/%s.csv", out_dir, name);
    FILE *csv = cli_output_open(path, &err);
    if (!csv) {
        *rc = cli_fail(&err);
        free(r->jobs);
    }
    return csv;
}

static int li_fig5(const char *out_dir, const char *preset, app_size_t size, unsigned jobs);

int cmd_experiment_mix(int argc, char **argv)
{
    bool li = !strcmp(argv[2], "li-fig5");
    const char *out_dir = "experiments-out", *preset = li ? "date16-15sm" : "hpca14-28sm";
    app_size_t size = APP_DEFAULT;
    unsigned jobs = jobs_default();
    cs_error_t err;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--size") && strcmp(a, "--jobs") && strcmp(a, "--threads") && strcmp(a, "-o") &&
            strcmp(a, "--config")) {
            fprintf(stderr, "ctasim: unknown option '%s' for experiment %s\n", a, argv[2]);
            return 2;
        }
        if (!v) {
            fprintf(stderr, "ctasim: option %s needs a value\n", a);
            return 2;
        }
        i++;
        if (!strcmp(a, "--config"))
            preset = v;
        else if (exp_common_option(a, v, &size, &jobs, &out_dir, NULL, &err) < 0)
            return cli_fail_usage(&err);
    }
    if (li)
        return li_fig5(out_dir, preset, size, jobs);
    static xrun_t r; /* one experiment per process */
    memset(&r, 0, sizeof r);
    config_defaults(&r.cfg);
    if (config_load_preset(&r.cfg, preset, &err) < 0)
        return cli_fail(&err);
    if (cli_output_dir(out_dir, &err) < 0)
        return cli_fail(&err);
    r.size = size;
    r.warp = "gto";
    /* jobs: the mixes' workloads alone (each once), then every (mix, series) */
    r.jobs = cs_xcalloc(N_MIXES * (N_SERIES + 2), sizeof *r.jobs);
    for (unsigned m = 0; m < N_MIXES; m++)
        for (unsigned k = 0; k < 2; k++) {
            const app_def_t *a = app_find(k ? table3[m].b : table3[m].a);
            bool seen = false;
            for (size_t i = 0; i < r.n; i++)
                seen |= r.jobs[i].alone == a;
            if (!seen)
                r.jobs[r.n++] = (xjob_t){.mix = -1, .alone = a};
        }
    for (unsigned m = 0; m < N_MIXES; m++)
        for (unsigned s = 0; s < N_SERIES; s++)
            r.jobs[r.n++] = (xjob_t){.mix = (int)m, .series = s};
    printf("lee-fig18: mCKE vs CKE on Lee et al. Table 3's six mixes, LCS's counts and Table 3's (%s preset, gto, "
           "%s size, %zu simulations)\n",
           preset, app_size_name(size), r.n);
    char path[1024];
    unsigned threads;
    double sim;
    int rc;
    FILE *csv = run_jobs_open_table(&r, "lee-fig18", jobs, out_dir, path, sizeof path, &threads, &sim, &rc);
    if (!csv)
        return rc;
    outf(csv, "mix,types,table3_ctas");
    for (unsigned s = 0; s < N_SERIES; s++)
        outf(csv, ",ipc_%s", series_label[s]);
    outf(csv, ",speedup_lcs,speedup_table3");
    for (unsigned s = 0; s < N_SERIES; s++)
        outf(csv, ",stp_%s", series_label[s]);
    outf(csv, "\n");
    double gl = 0, gt = 0, best = 0;
    char best_mix[32] = "";
    for (unsigned m = 0; m < N_MIXES; m++) {
        const fig18_mix_t *x = &table3[m];
        const xjob_t *jj[N_SERIES];
        for (size_t i = 0; i < r.n; i++)
            if (r.jobs[i].mix == (int)m)
                jj[r.jobs[i].series] = &r.jobs[i];
        double ipc[N_SERIES], stp[N_SERIES];
        uint64_t al[2] = {alone_of(&r, x->a), alone_of(&r, x->b)};
        for (unsigned s = 0; s < N_SERIES; s++) {
            ipc[s] = jj[s]->cycles ? (double)jj[s]->insts / (double)jj[s]->cycles : 0;
            mp_metrics_t mm;
            stp[s] = mp_metrics(jj[s]->end, al, 2, NULL, &mm) == 0 ? mm.stp : 0;
        }
        double sl = ipc[0] > 0 ? ipc[1] / ipc[0] : 0, st = ipc[2] > 0 ? ipc[3] / ipc[2] : 0;
        gl += log(sl);
        gt += log(st);
        if (sl > best) {
            best = sl;
            snprintf(best_mix, sizeof best_mix, "%s-%s", x->a, x->b);
        }
        outf(csv, "%s-%s,%s,%u;%u", x->a, x->b, x->types, x->na, x->nb);
        for (unsigned s = 0; s < N_SERIES; s++)
            outf(csv, ",%.2f", ipc[s]);
        outf(csv, ",%.3f,%.3f", sl, st);
        for (unsigned s = 0; s < N_SERIES; s++)
            outf(csv, ",%.3f", stp[s]);
        outf(csv, "\n");
    }
    rc = cli_output_close(csv, path, &err);
    free(r.jobs);
    if (rc < 0)
        return cli_fail(&err);
    printf("lee-fig18: mCKE over CKE, geometric mean %+.1f%% with LCS's counts, %+.1f%% with Table 3's; best %+.1f%% "
           "(%s) (paper: up to +27%% on KMN-SRAD, +20%% CP-LPS, ~0 CP-MADD)\n",
           100 * (exp(gl / N_MIXES) - 1), 100 * (exp(gt / N_MIXES) - 1), 100 * (best - 1), best_mix);
    printf("lee-fig18: %zu simulations on %u jobs (%.1f s of simulation); table in %s\n\n", r.n, threads, sim, path);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* li-fig5: Li & Liang DATE'16 Figs. 5, 7, 8 on the pairs of Table II's eight
 * kernels, as our workloads: BKP -> BP (layer forward and weight update),
 * HST -> HOT, SRD -> SRAD, SPM -> SPMV, BLK, LBM, KMS -> KMN, STC. Ours are
 * whole workloads (every kernel of the driver), not the single kernels of
 * Table II, at our own sizes. Series: default concurrency (cke), Smart-Even
 * (spatial), mCKE with LCS's counts (lcs+mcke), TLP modulation (tlpmod, the
 * profiles swept and cached as `run` makes them) and with bypassing
 * (tlpmod+bypass), and TLP modulation with Table II's types and Opt. as the
 * profiles (tlpmod_paper_profiles). Performance = both workloads' instructions / cycles until
 * both are done, normalised to cke; the paper's average is over its 25 pairs
 * (the 28 less the three pairs of its Up kernels BKP, HST, SRD). */

static const struct {
    const char *paper, *suite, *type; /* Table II's type */
    unsigned opt;                     /* Table II's "Opt." */
} li_kernels[] = {
    {"BKP", "BP", "Up", 6},          {"HST", "HOT", "Up", 3},         {"SRD", "SRAD", "Up", 3},
    {"SPM", "SPMV", "Optimal", 2},   {"BLK", "BLK", "Optimal", 6},    {"LBM", "LBM", "Optimal", 3},
    {"KMS", "KMN", "Down", 1},       {"STC", "STC", "Down", 1},
};
#define LI_N (sizeof li_kernels / sizeof li_kernels[0])
#define LI_SERIES 6
static const char *const li_label[LI_SERIES] = {"cke",           "spatial", "mcke", "tlpmod",
                                                "tlpmod+bypass", "tlpmod_paper_profiles"};

static int li_fig5(const char *out_dir, const char *preset, app_size_t size, unsigned jobs)
{
    cs_error_t err;
    static xrun_t r;
    memset(&r, 0, sizeof r);
    config_defaults(&r.cfg);
    if (config_load_preset(&r.cfg, preset, &err) < 0)
        return cli_fail(&err);
    if (cli_output_dir(out_dir, &err) < 0)
        return cli_fail(&err);
    r.size = size;
    r.warp = NULL; /* the preset's scheduler */
    const app_def_t *app[LI_N];
    for (unsigned i = 0; i < LI_N; i++) {
        app[i] = app_find(li_kernels[i].suite);
        if (!app[i]) {
            fprintf(stderr, "ctasim: li-fig5: the suite has no %s\n", li_kernels[i].suite);
            return 1;
        }
    }
    printf("li-fig5: Li & Liang's 28 pairs of Table II's kernels (BKP HST SRD SPM BLK LBM KMS STC as our BP HOT "
           "SRAD SPMV BLK LBM KMN STC), %s preset, %s size\n",
           preset, app_size_name(size));
    /* profiles first (each a static-cap sweep, cached) */
    char prof[LI_N][64];
    sim_request_t preq = {.cfg = &r.cfg, .cta_sched = NULL, .warp_sched = NULL, .size = size, .seed = 1};
    for (unsigned i = 0; i < LI_N; i++) {
        mix_item_t mi = {.app = app[i], .size = size};
        char type[32];
        unsigned opt;
        if (mix_tlp_profile(&mi, &preq, NULL, jobs, type, sizeof type, &opt, &err) < 0)
            return cli_fail(&err);
        snprintf(prof[i], sizeof prof[i], "%s/%u", type, opt);
        printf("li-fig5: %s (%s): ours %s, opt %u CTAs per core (paper: %s)\n", li_kernels[i].paper,
               li_kernels[i].suite, type, opt, li_kernels[i].type);
    }
    size_t npairs = LI_N * (LI_N - 1) / 2;
    r.jobs = cs_xcalloc(LI_N + npairs * LI_SERIES, sizeof *r.jobs);
    for (unsigned i = 0; i < LI_N; i++)
        r.jobs[r.n++] = (xjob_t){.mix = -1, .alone = app[i]};
    unsigned pi = 0;
    for (unsigned a = 0; a < LI_N; a++)
        for (unsigned b = a + 1; b < LI_N; b++, pi++)
            for (unsigned s = 0; s < LI_SERIES; s++) {
                xjob_t *j = &r.jobs[r.n++];
                *j = (xjob_t){.mix = (int)pi, .series = s, .wa = app[a], .wb = app[b]};
                if (s == 0)
                    snprintf(j->cta, sizeof j->cta, "cke");
                else if (s == 1)
                    snprintf(j->cta, sizeof j->cta, "spatial");
                else if (s == 2)
                    snprintf(j->cta, sizeof j->cta, "lcs+mcke");
                else if (s < 5)
                    snprintf(j->cta, sizeof j->cta, "tlpmod:p0=%.60s,p1=%.60s%s", prof[a], prof[b],
                             s == 4 ? "+bypass" : "");
                else /* Table II's types and Opt. as the profiles */
                    snprintf(j->cta, sizeof j->cta, "tlpmod:p0=%s/%u,p1=%s/%u", li_kernels[a].type,
                             li_kernels[a].opt, li_kernels[b].type, li_kernels[b].opt);
            }
    char path[1024];
    unsigned threads;
    double sim;
    int rc;
    FILE *csv = run_jobs_open_table(&r, "li-fig5", jobs, out_dir, path, sizeof path, &threads, &sim, &rc);
    if (!csv)
        return rc;
    outf(csv, "pair,paper_pair,in_paper_25");
    for (unsigned s = 0; s < LI_SERIES; s++)
        outf(csv, ",norm_%s", li_label[s]);
    for (unsigned s = 0; s < LI_SERIES; s++)
        outf(csv, ",stp_%s", li_label[s]);
    outf(csv, ",mem_stall_tlpmod+bypass_vs_cke,struct_stall_tlpmod+bypass_vs_cke\n");
    double sum[LI_SERIES] = {0}, stp_sum[LI_SERIES] = {0}, dmem = 0, dstruct = 0;
    unsigned n25 = 0;
    pi = 0;
    for (unsigned a = 0; a < LI_N; a++)
        for (unsigned b = a + 1; b < LI_N; b++, pi++) {
            const xjob_t *jj[LI_SERIES];
            for (size_t i = 0; i < r.n; i++)
                if (r.jobs[i].mix == (int)pi)
                    jj[r.jobs[i].series] = &r.jobs[i];
            bool in25 = !(a < 3 && b < 3);
            uint64_t al[2] = {alone_of(&r, app[a]->name), alone_of(&r, app[b]->name)};
            double thr[LI_SERIES], stp[LI_SERIES];
            for (unsigned s = 0; s < LI_SERIES; s++) {
                thr[s] = jj[s]->cycles ? (double)jj[s]->insts / (double)jj[s]->cycles : 0;
                mp_metrics_t mm;
                stp[s] = mp_metrics(jj[s]->end, al, 2, NULL, &mm) == 0 ? mm.stp : 0;
            }
            outf(csv, "%s-%s,%s-%s,%d", app[a]->name, app[b]->name, li_kernels[a].paper, li_kernels[b].paper, in25);
            for (unsigned s = 0; s < LI_SERIES; s++) {
                double nrm = thr[0] > 0 ? thr[s] / thr[0] : 0;
                outf(csv, ",%.3f", nrm);
                if (in25)
                    sum[s] += nrm;
            }
            for (unsigned s = 0; s < LI_SERIES; s++) {
                outf(csv, ",%.3f", stp[s]);
                if (in25)
                    stp_sum[s] += stp[s];
            }
            /* relative change of the stall cycles, tlpmod+bypass against cke */
            double rm = jj[0]->mem_stall ? (double)jj[4]->mem_stall / (double)jj[0]->mem_stall - 1 : 0;
            double rs = jj[0]->struct_stall ? (double)jj[4]->struct_stall / (double)jj[0]->struct_stall - 1 : 0;
            outf(csv, ",%.4f,%.4f\n", rm, rs);
            if (in25) {
                dmem += rm;
                dstruct += rs;
            }
            n25 += in25;
        }
    rc = cli_output_close(csv, path, &err);
    free(r.jobs);
    if (rc < 0)
        return cli_fail(&err);
    printf("li-fig5: over cke on the paper's %u pairs: tlpmod+bypass %.2fx, tlpmod %.2fx (with Table II's profiles "
           "%.2fx), spatial %.2fx, lcs+mcke %.2fx (paper: 1.42x, 1.30x; Smart-Even 1.21x, mCKE 1.12x as given in the "
           "issue)\n",
           n25, sum[4] / n25, sum[3] / n25, sum[5] / n25, sum[1] / n25, sum[2] / n25);
    printf("li-fig5: tlpmod+bypass against cke on those pairs: memory stall %+.1f%%, structural stall %+.1f%% "
           "(paper: -38.4%%, -12.1%%)\n",
           100 * dmem / n25, 100 * dstruct / n25);
    printf("li-fig5: mean STP on those pairs:");
    for (unsigned s = 0; s < LI_SERIES; s++)
        printf(" %s %.3f", li_label[s], stp_sum[s] / n25);
    printf("\n");
    printf("li-fig5: %zu simulations on %u jobs (%.1f s of simulation); table in %s\n\n", r.n, threads, sim, path);
    return 0;
}
