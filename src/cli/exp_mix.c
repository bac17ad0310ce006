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
#include "exp_registry.h"
#include "jobs.h"
#include "mix.h"
#include "output.h"
#include "progress.h"
#include "report/headline.h"

/* --size li (li experiments): each of Li & Liang's kernels at its own size */
#define APP_LI_SIZES ((app_size_t)(APP_PAPER + 1))

/* How a run's concurrent kernels share cores: the preset's, or set per series. */
enum kernel_sm { SEM_CONFIG = 0, SEM_SHARED, SEM_EXCLUSIVE };

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
#define N_SERIES 5
static const char *const series_label[N_SERIES] = {"cke(lcs)", "mcke(lcs)", "cke(table3)", "mcke(table3)",
                                                   "cke_shared(table3)"};
/* Lee's baseline CKE runs "the different kernels ... on different cores"
 * (-gpgpu_concurrent_kernel_sm 0); mCKE shares them. cke_shared is the
 * other reading of the baseline (GPGPU-Sim's -gpgpu_concurrent_kernel_sm 1
 * with Table 3's caps), which with those caps already is mCKE. */
static const int series_sem[N_SERIES] = {SEM_EXCLUSIVE, SEM_SHARED, SEM_EXCLUSIVE, SEM_SHARED, SEM_SHARED};

typedef struct xjob {
    int mix;          /* -1: an alone run of workload `alone` */
    unsigned series;
    const app_def_t *alone;
    const app_def_t *wa, *wb; /* the mix (li experiments) */
    char cta[400];            /* its chain (li experiments; lee-fig18 derives it) */
    int sem;                  /* -gpgpu_concurrent_kernel_sm of the run (enum kernel_sm) */
    bool as_baseline;         /* not simulated: the pair's series 0 (tlpmod's "default concurrency") */
    /* results */
    int rc;
    cs_error_t err;
    uint64_t end[2];  /* turnaround of each workload (alone: end[0]) */
    uint64_t cycles;  /* until both are done */
    uint64_t insts;
    uint64_t struct_stall, mem_stall; /* summed over the cores (Li & Liang's stalls) */
    uint64_t l1_hits, l1_accesses;
    double energy_j; /* power.energy_j (-1: power model off) */
    double bypass_tagged;    /* bypass.tagged_ctas: CTAs tagged to bypass L1 (0 without bypass) */
    double seconds;
} xjob_t;

typedef struct xrun {
    gpu_config_t cfg;
    app_size_t size;
    /* li experiments with --size li: each workload at its own size */
    const app_def_t *sized_app[16];
    app_size_t sized[16];
    unsigned n_sized;
    const char *warp;
    xjob_t *jobs;
    size_t n;
    progress_t progress;
} xrun_t;

static app_size_t size_of(const xrun_t *r, const app_def_t *a)
{
    for (unsigned i = 0; i < r->n_sized; i++)
        if (r->sized_app[i] == a)
            return r->sized[i];
    return r->size;
}

static void job(void *ctx, size_t i)
{
    xrun_t *r = ctx;
    xjob_t *j = &r->jobs[i];
    if (j->as_baseline)
        return;
    mix_t m = {0};
    mix_item_t items[2];
    char cta[400] = "";
    if (j->mix < 0) {
        items[0] = (mix_item_t){.app = j->alone, .size = size_of(r, j->alone), .stream = 0, .delay = 0};
        m.n = 1;
    } else if (j->wa) {
        items[0] = (mix_item_t){.app = j->wa, .size = size_of(r, j->wa), .stream = 0, .delay = 0};
        items[1] = (mix_item_t){.app = j->wb, .size = size_of(r, j->wb), .stream = 1, .delay = 0};
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
            snprintf(cta, sizeof cta, "%s:a=%u,b=%u", j->series == 3 ? "mcke" : "cke", x->na, x->nb);
    }
    m.items = items;
    gpu_config_t cfg = r->cfg;
    if (j->sem != SEM_CONFIG)
        cfg.concurrent_kernel_sm = j->sem == SEM_SHARED;
    sim_request_t req = {.cfg = &cfg, .cta_sched = cta[0] ? cta : NULL, .warp_sched = r->warp, .size = r->size,
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
    j->l1_hits = t.l1_hits;
    j->l1_accesses = t.l1_accesses;
    j->energy_j = -1;
    gpu_metric_get(g, "power.energy_j", &j->energy_j);
    j->bypass_tagged = 0;
    gpu_metric_get(g, "bypass.tagged_ctas", &j->bypass_tagged);
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

/* R emptied, on PRESET's configuration, with OUT_DIR made: 0, or the exit
 * code after the error line. */
static int xrun_open(xrun_t *r, const char *preset, const char *out_dir)
{
    cs_error_t err;
    memset(r, 0, sizeof *r);
    config_defaults(&r->cfg);
    if (config_load_preset(&r->cfg, preset, &err) < 0)
        return cli_fail(&err);
    if (cli_output_dir(out_dir, &err) < 0)
        return cli_fail(&err);
    return 0;
}

/* tlpmod's chain for a pair with profiles PA and PB (TYPE/OPT[/KERNEL]),
 * with bypassing when BYPASS. */
static void tlpmod_spec(char *out, size_t n, const char *pa, const char *pb, bool bypass)
{
    snprintf(out, n, "tlpmod:p0=%.160s,p1=%.160s%s", pa, pb, bypass ? "+bypass" : "");
}

static int li_fig5(const char *out_dir, const char *preset, app_size_t size, unsigned jobs, unsigned which);
static int li_fig2(const char *out_dir, const char *preset, app_size_t size, unsigned jobs);
static int li_fig6(const char *out_dir, const char *preset, app_size_t size, unsigned jobs, unsigned which);
static int li_fig8(const char *out_dir, const char *preset, app_size_t size, unsigned jobs);
static unsigned li_which(const char *only);

static int run_mix_command(int argc, char **argv, bool *report, const char **out_dir_used)
{
    bool li = !strncmp(argv[2], "li-", 3);
    const char *out_dir = "experiments-out", *preset = li ? "date16-15sm" : "hpca14-28sm", *only = NULL;
    bool pairs = !strcmp(argv[2], "li-fig5") || !strcmp(argv[2], "li-fig6"); /* --workloads picks kernels */
    bool li_sizes = false; /* --size li: each of Li & Liang's kernels at li_kernels[].li_size */
    app_size_t size = APP_DEFAULT;
    unsigned jobs = jobs_default();
    cs_error_t err;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--report")) {
            *report = true;
            continue;
        }
        bool known = !strcmp(a, "--size") || !strcmp(a, "--jobs") || !strcmp(a, "--threads") || !strcmp(a, "-o") ||
                     !strcmp(a, "--config") || (pairs && !strcmp(a, "--workloads"));
        const char *v = exp_option_value(argc, argv, &i, known);
        if (!v)
            return 2;
        if (!strcmp(a, "--config"))
            preset = v;
        else if (li && !strcmp(a, "--size") && !strcmp(v, "li"))
            li_sizes = true;
        else if (exp_common_option(a, v, &size, &jobs, &out_dir, pairs ? &only : NULL, &err) < 0)
            return cli_fail_usage(&err);
    }
    if (li_sizes)
        size = APP_LI_SIZES;
    *out_dir_used = out_dir;
    if (!strcmp(argv[2], "li-fig5"))
        return li_fig5(out_dir, preset, size, jobs, li_which(only));
    if (!strcmp(argv[2], "li-fig2"))
        return li_fig2(out_dir, preset, size, jobs);
    if (!strcmp(argv[2], "li-fig6"))
        return li_fig6(out_dir, preset, size, jobs, li_which(only));
    if (!strcmp(argv[2], "li-fig8"))
        return li_fig8(out_dir, preset, size, jobs);

    static xrun_t r; /* one experiment per process */
    int orc = xrun_open(&r, preset, out_dir);
    if (orc)
        return orc;
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
            r.jobs[r.n++] = (xjob_t){.mix = (int)m, .series = s, .sem = series_sem[s]};
    printf("lee-fig18: mCKE vs CKE on Lee et al. Table 3's six mixes, LCS's counts and Table 3's (%s preset, gto, "
           "%s size, %zu simulations)\n",
           preset, app_size_name(size), r.n);
    printf("lee-fig18: baseline CKE a core per kernel (-gpgpu_concurrent_kernel_sm 0, Lee 4.4's \"different "
           "cores\"); mCKE and cke_shared share cores (1)\n");
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
    outf(csv, ",speedup_lcs,speedup_table3,speedup_table3_vs_shared,cke_sm");
    for (unsigned s = 0; s < N_SERIES; s++)
        outf(csv, ",stp_%s", series_label[s]);
    outf(csv, "\n");
    double gl = 0, gt = 0, gs = 0, best = 0, kmn_srad = 0, cp_lps = 0;
    char best_mix[32] = "", losers[256] = ""; /* the mixes mCKE loses, for the goal's evidence */
    unsigned n_lose = 0;
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
        double ss = ipc[4] > 0 ? ipc[3] / ipc[4] : 0;
        gl += log(sl);
        gt += log(st);
        gs += log(ss);
        if (st > best) {
            best = st;
            snprintf(best_mix, sizeof best_mix, "%s-%s", x->a, x->b);
        }
        if (st < 1 && strlen(losers) < sizeof losers - 48)
            snprintf(losers + strlen(losers), sizeof losers - strlen(losers), "%s %s-%s %.3fx", n_lose++ ? "," : "",
                     x->a, x->b, st);
        if (!strcmp(x->a, "KMN"))
            kmn_srad = st;
        if (!strcmp(x->a, "CP") && !strcmp(x->b, "LPS"))
            cp_lps = st;
        outf(csv, "%s-%s,%s,%u;%u", x->a, x->b, x->types, x->na, x->nb);
        for (unsigned s = 0; s < N_SERIES; s++)
            outf(csv, ",%.2f", ipc[s]);
        outf(csv, ",%.3f,%.3f,%.3f,exclusive", sl, st, ss);
        for (unsigned s = 0; s < N_SERIES; s++)
            outf(csv, ",%.3f", stp[s]);
        outf(csv, "\n");
    }
    rc = cli_output_close(csv, path, &err);
    free(r.jobs);
    if (rc < 0)
        return cli_fail(&err);
    printf("lee-fig18: mCKE over CKE (a core per kernel), Table 3's counts: geometric mean %+.1f%%, KMN-SRAD %+.1f%% "
           "(paper +27%%), CP-LPS %+.1f%% (paper +20%%), best %+.1f%% (%s); with LCS's counts %+.1f%%\n",
           100 * (exp(gt / N_MIXES) - 1), 100 * (kmn_srad - 1), 100 * (cp_lps - 1), 100 * (best - 1), best_mix,
           100 * (exp(gl / N_MIXES) - 1));
    printf("lee-fig18: over the shared-core reading of CKE with Table 3's caps (cke_shared), mCKE %+.1f%% (that CKE "
           "already shares cores under the same caps: it is mCKE but for the order the kernels take a core)\n",
           100 * (exp(gs / N_MIXES) - 1));
    /* issue 26's goal, with Table 3's counts (the paper's setting) */
    const bool met = exp(gt / N_MIXES) - 1 >= 0.10;
    printf("lee-fig18: goal (mCKE >= +10%% over CKE, Table 3's counts): %s", met ? "met" : "not met");
    if (n_lose)
        printf("; mCKE loses on %u of %u mixes (%s)%s", n_lose, (unsigned)N_MIXES, losers + 1,
               met                 ? ""
               : size == APP_SMALL ? ": small grids leave little to share (run --size default)"
                                   : ": the kernel held at Table 3's 1-2 CTAs loses more from sharing its core and L1 "
                                     "than the other gains (docs/policies/mcke.md)");
    printf(".\n");
    printf("lee-fig18: paper: %s\n", paper_headline_text("lee-fig18"));
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

/* kernel: the kernel of our workload that stands for Table II's, profiled
 * alone (its own IPC against its CTAs per core) and modulated in the mixes;
 * the workload's other kernels run with no profile (default concurrency).
 * BKP bpnn_layerforward -> bp_layerforward; HST calculate -> hotspot; SRD
 * extract -> srad_coeff (our SRAD has no extract pass, Rodinia's image
 * preparation; srad_coeff is the first pass over the image); SPM spmv_jds ->
 * spmv_csr (our SPMV is CSR, one row per thread); BLK blackscholes -> blk;
 * LBM performStream -> lbm_stream_collide (fused stream and collide); KMS
 * invert_mapping -> kmn_invert_mapping; STC kernel_compute -> stc_pgain. */
/*
 * li_size (`--size li`): the size at which our kernel's launch has Table
 * II's grid, where one has it: BP default (4096 CTAs), HOT paper (43 x 43 =
 * 1849), SPMV paper (374), BLK paper (480), KMN paper (1936 CTAs of 256,
 * Rodinia's kdd_cup), STC paper (128 CTAs of 512, dim 256 as Rodinia's
 * run); SRAD and LBM stay at default (no size of ours has Table II's 450
 * and 18000 CTAs; our LBM's paper size is far slower). The paper sizes of
 * KMN and STC take 15M and 14M cycles alone, so `--size li` is for subsets
 * (--workloads) on this kind of machine. */
static const struct {
    const char *paper, *suite, *kernel, *type; /* Table II's type */
    unsigned opt;                              /* Table II's "Opt." */
    app_size_t li_size;
} li_kernels[] = {
    {"BKP", "BP", "bp_layerforward", "Up", 6, APP_DEFAULT},
    {"HST", "HOT", "hotspot", "Up", 3, APP_PAPER},
    {"SRD", "SRAD", "srad_coeff", "Up", 3, APP_DEFAULT},
    {"SPM", "SPMV", "spmv_csr", "Optimal", 2, APP_PAPER},
    {"BLK", "BLK", "blk", "Optimal", 6, APP_PAPER},
    {"LBM", "LBM", "lbm_stream_collide", "Optimal", 3, APP_DEFAULT},
    {"KMS", "KMN", "kmn_invert_mapping", "Down", 1, APP_PAPER},
    {"STC", "STC", "stc_pgain", "Down", 1, APP_PAPER},
};

static const char *li_size_name(app_size_t s) { return s == APP_LI_SIZES ? "li (Table II's grids)" : app_size_name(s); }
#define LI_N (sizeof li_kernels / sizeof li_kernels[0])
#define LI_SERIES 8
static const char *const li_label[LI_SERIES] = {"cke",           "spatial",    "mcke",
                                                "tlpmod",        "tlpmod+bypass", "tlpmod_paper_profiles",
                                                "cke_shared",    "tlpmod_cap_b"};
/* Li & Liang's baseline is GPGPU-Sim 3.2.2's default concurrency: a core
 * holds one kernel's CTAs at a time, an empty core takes the next kernel
 * round-robin (-gpgpu_concurrent_kernel_sm 0; 3.2.2 has no other mode).
 * Smart-Even partitions the cores (no sharing either); mCKE and TLP
 * modulation put both kernels on a core ("gives space for concurrency on
 * the same SM"), so they run with 1; cke_shared is the shared-core reading
 * of the baseline (GPGPU-Sim 4.x's -gpgpu_concurrent_kernel_sm 1). */
static const int li_sem[LI_SERIES] = {SEM_EXCLUSIVE, SEM_EXCLUSIVE, SEM_SHARED, SEM_SHARED,
                                      SEM_SHARED,    SEM_SHARED,    SEM_SHARED, SEM_SHARED};
/* The static oracle of a pair (li-fig5): the best of a small grid of static
 * points, each kernel at its profile's opt or its maximum (li-fig2's sweep
 * reduced to those values), over cke: both at the maximum on cores of their
 * own (cke) or shared (cke_shared); A's kernel at opt(A), B's filling the
 * rest (tlpmod when A is the Down/Optimal one); B's at opt(B), A's filling
 * (tlpmod_cap_b: run only where both are Down/Optimal, else it is one of the
 * points before); and Table II's types and Opt. (tlpmod_paper_profiles).
 * An Up kernel's opt is its maximum, so a both-Up pair's grid is cke and
 * cke_shared: no cap to gain from. */
static const unsigned li_oracle_series[] = {0, 3, 5, 6, 7};

static bool is_up(const char *p) { return !strncasecmp(p, "up/", 3); }

/* Both Up: TLP modulation is not applied, "we use the default concurrency" (III-A). */
static bool both_up(const char *pa, const char *pb) { return is_up(pa) && is_up(pb); }

#define LI_PROF_MAX 160

/* A bit per li_kernels entry: those --workloads names (our workloads, e.g.
 * KMN for KMS), all without it. Pairs of picked kernels run. */
static unsigned li_which(const char *only)
{
    if (!only)
        return (1u << LI_N) - 1;
    unsigned which = 0;
    char *buf = cs_xstrdup(only), *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
        for (unsigned i = 0; i < LI_N; i++)
            if (!strcasecmp(t, li_kernels[i].suite))
                which |= 1u << i;
    free(buf);
    return which;
}

/* The li experiments' common start: R on PRESET (power model on if asked),
 * out_dir made, the suite workloads of the kernels in `which` (a bit per
 * li_kernels entry) in app[] and their tlpmod profiles in prof[] as
 * TYPE/OPT/KERNEL (each a static-cap sweep of the kernel alone with the
 * power model off, so every li experiment shares one profile cache), each
 * printed beside Table II's. 0, or the exit code. */
static int li_setup(const char *name, xrun_t *r, const char *preset, app_size_t size, unsigned jobs,
                    const char *out_dir, bool power, unsigned which, const app_def_t **app,
                    char prof[][LI_PROF_MAX])
{
    cs_error_t err;
    int orc = xrun_open(r, preset, out_dir);
    if (orc)
        return orc;
    r->size = size == APP_LI_SIZES ? APP_DEFAULT : size;
    r->warp = NULL; /* the preset's scheduler */
    for (unsigned i = 0; i < LI_N; i++) {
        app[i] = app_find(li_kernels[i].suite);
        if (!app[i]) {
            fprintf(stderr, "ctasim: %s: the suite has no %s\n", name, li_kernels[i].suite);
            return 1;
        }
        if (size == APP_LI_SIZES) {
            r->sized_app[r->n_sized] = app[i];
            r->sized[r->n_sized++] = li_kernels[i].li_size;
        }
    }
    sim_request_t preq = {.cfg = &r->cfg, .cta_sched = NULL, .warp_sched = NULL, .size = r->size, .seed = 1};
    for (unsigned i = 0; i < LI_N; i++) {
        if (!(which >> i & 1))
            continue;
        mix_item_t mi = {.app = app[i], .size = size_of(r, app[i])};
        char type[32];
        unsigned opt;
        if (mix_tlp_profile(&mi, li_kernels[i].kernel, &preq, NULL, jobs, type, sizeof type, &opt, &err) < 0)
            return cli_fail(&err);
        snprintf(prof[i], LI_PROF_MAX, "%s/%u/%s", type, opt, li_kernels[i].kernel);
        printf("%s: %s (%s's %s, %s size): ours %s, opt %u CTAs per core (paper: %s, opt %u)\n", name,
               li_kernels[i].paper, li_kernels[i].suite, li_kernels[i].kernel, app_size_name(mi.size), type, opt,
               li_kernels[i].type, li_kernels[i].opt);
    }
    r->cfg.power.enabled = power;
    return 0;
}

static int li_fig5(const char *out_dir, const char *preset, app_size_t size, unsigned jobs, unsigned which)
{
    cs_error_t err;
    static xrun_t r;
    const app_def_t *app[LI_N];
    char prof[LI_N][LI_PROF_MAX];
    printf("li-fig5: Li & Liang's 28 pairs of Table II's kernels (BKP HST SRD SPM BLK LBM KMS STC as our BP HOT "
           "SRAD SPMV BLK LBM KMN STC), %s preset, %s size\n",
           preset, li_size_name(size));
    int src = li_setup("li-fig5", &r, preset, size, jobs, out_dir, false, which, app, prof);
    if (src)
        return src;
    size_t npairs = LI_N * (LI_N - 1) / 2;
    r.jobs = cs_xcalloc(LI_N + npairs * LI_SERIES, sizeof *r.jobs);
    for (unsigned i = 0; i < LI_N; i++)
        if (which >> i & 1)
            r.jobs[r.n++] = (xjob_t){.mix = -1, .alone = app[i]};
    unsigned pi = 0;
    for (unsigned a = 0; a < LI_N; a++)
        for (unsigned b = a + 1; b < LI_N; b++, pi++)
            for (unsigned s = 0; s < LI_SERIES && (which >> a & 1) && (which >> b & 1); s++) {
                xjob_t *j = &r.jobs[r.n++];
                *j = (xjob_t){.mix = (int)pi, .series = s, .wa = app[a], .wb = app[b], .sem = li_sem[s]};
                char pa[LI_PROF_MAX], pb[LI_PROF_MAX];
                snprintf(pa, sizeof pa, "%s/%u", li_kernels[a].type, li_kernels[a].opt);
                snprintf(pb, sizeof pb, "%s/%u", li_kernels[b].type, li_kernels[b].opt);
                j->as_baseline = ((s == 3 || s == 4) && both_up(prof[a], prof[b])) || (s == 5 && both_up(pa, pb)) ||
                                 (s == 7 && (is_up(prof[a]) || is_up(prof[b])));
                if (s == 7) { /* B's kernel at opt(B): A has no profile (Up), so B is tlpmod's capped one */
                    snprintf(j->cta, sizeof j->cta, "tlpmod:p1=%.160s", prof[b]);
                } else if (s == 0 || s == 6)
                    snprintf(j->cta, sizeof j->cta, "cke");
                else if (s == 1)
                    snprintf(j->cta, sizeof j->cta, "spatial");
                else if (s == 2)
                    snprintf(j->cta, sizeof j->cta, "lcs+mcke");
                else if (s < 5)
                    tlpmod_spec(j->cta, sizeof j->cta, prof[a], prof[b], s == 4);
                else /* Table II's types and Opt. as the profiles */
                    snprintf(j->cta, sizeof j->cta, "tlpmod:p0=%s/%u/%s,p1=%s/%u/%s", li_kernels[a].type,
                             li_kernels[a].opt, li_kernels[a].kernel, li_kernels[b].type, li_kernels[b].opt,
                             li_kernels[b].kernel);
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
    outf(csv, ",norm_static_oracle,static_oracle_point");
    outf(csv, ",mem_stall_tlpmod+bypass_vs_cke,struct_stall_tlpmod+bypass_vs_cke,tlpmod_default_concurrency,"
              "bypass_tagged_ctas,cke_sm\n");
    double oracle_sum = 0;
    unsigned n_no_headroom = 0; /* pairs whose oracle is within 2 % of tlpmod's point */
    double sum[LI_SERIES] = {0}, stp_sum[LI_SERIES] = {0}, dmem = 0, dstruct = 0, vs_shared[2] = {0};
    double up_shared[2] = {0}; /* tlpmod, +bypass with both-Up pairs sharing cores uncapped (cke_shared) */
    unsigned n25 = 0, n_modulated = 0, n_bypassing = 0;
    pi = 0;
    for (unsigned a = 0; a < LI_N; a++)
        for (unsigned b = a + 1; b < LI_N; b++, pi++) {
            if (!(which >> a & 1) || !(which >> b & 1))
                continue;
            const xjob_t *jj[LI_SERIES];
            for (size_t i = 0; i < r.n; i++)
                if (r.jobs[i].mix == (int)pi)
                    jj[r.jobs[i].series] = &r.jobs[i];
            for (unsigned s = 1; s < LI_SERIES; s++)
                if (jj[s]->as_baseline)
                    jj[s] = jj[0];
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
            /* the static oracle: the best grid point (li_oracle_series) */
            unsigned best = 0;
            for (unsigned o = 0; o < sizeof li_oracle_series / sizeof *li_oracle_series; o++)
                if (thr[li_oracle_series[o]] > thr[best])
                    best = li_oracle_series[o];
            double oracle = thr[0] > 0 ? thr[best] / thr[0] : 0;
            outf(csv, ",%.3f,%s", oracle, li_label[best]);
            /* relative change of the stall cycles, tlpmod+bypass against cke */
            double rm = jj[0]->mem_stall ? (double)jj[4]->mem_stall / (double)jj[0]->mem_stall - 1 : 0;
            double rs = jj[0]->struct_stall ? (double)jj[4]->struct_stall / (double)jj[0]->struct_stall - 1 : 0;
            bool dflt = jj[3] == jj[0];
            outf(csv, ",%.4f,%.4f,%d,%.0f,exclusive\n", rm, rs, dflt, jj[4]->bypass_tagged);
            if (in25) {
                dmem += rm;
                dstruct += rs;
                n_modulated += !dflt;
                n_bypassing += jj[4]->bypass_tagged > 0;
                oracle_sum += oracle;
                n_no_headroom += thr[3] > 0 && thr[best] / thr[3] < 1.02;
                for (unsigned s = 0; s < 2; s++) {
                    vs_shared[s] += thr[6] > 0 ? thr[3 + s] / thr[6] : 0;
                    up_shared[s] += thr[0] > 0 ? (dflt ? thr[6] : thr[3 + s]) / thr[0] : 0;
                }
            }
            n25 += in25;
        }
    rc = cli_output_close(csv, path, &err);
    free(r.jobs);
    if (rc < 0)
        return cli_fail(&err);
    unsigned d = CS_MAX(n25, 1u);
    printf("li-fig5: over cke on the paper's %u pairs (cke: a core per kernel, GPGPU-Sim 3.2.2's default "
           "concurrency): tlpmod+bypass %.2fx (paper 1.42x, goal >= 1.2x: %s), tlpmod %.2fx (paper 1.30x), with Table II's profiles "
           "%.2fx, spatial %.2fx (paper's Smart-Even 1.21x), lcs+mcke %.2fx (paper's mCKE 1.12x), cke_shared %.2fx\n",
           n25, sum[4] / d, sum[4] / d >= 1.2 ? "met" : "not met", sum[3] / d, sum[5] / d, sum[1] / d, sum[2] / d,
           sum[6] / d);
    if (sum[4] / d < 1.2)
        printf("li-fig5: why the goal is not met: %u of the %u pairs are both Up in our profiles (1.00x by the paper's "
               "rule), and the static oracle of the pairs gains %.2fx (docs/policies/tlpmod.md)\n",
               n25 - n_modulated, n25, oracle_sum / d);
    printf("li-fig5: static oracle (per pair the best of cke, cke_shared and each profiled kernel at its opt with the "
           "other filling, Table II's point) %.2fx over cke on those pairs: tlpmod+bypass %.2fx and tlpmod %.2fx take "
           "%.0f%% and %.0f%% of its headroom; %u of the %u pairs leave tlpmod's point less than 2%% to gain\n",
           oracle_sum / d, sum[4] / d, sum[3] / d, oracle_sum / d > 1 ? 100 * (sum[4] / d - 1) / (oracle_sum / d - 1) : 0,
           oracle_sum / d > 1 ? 100 * (sum[3] / d - 1) / (oracle_sum / d - 1) : 0, n_no_headroom, n25);
    printf("li-fig5: %u of the %u pairs modulated (the rest both Up in our profiles: default concurrency, 1.00x); "
           "bypass tagged CTAs in %u; over cke_shared (cores shared, no caps): tlpmod %.2fx, tlpmod+bypass %.2fx\n",
           n_modulated, n25, n_bypassing, vs_shared[0] / d, vs_shared[1] / d);
    printf("li-fig5: reading both-Up pairs' \"default concurrency\" as shared cores (cke_shared) instead of the "
           "baseline: tlpmod %.2fx, tlpmod+bypass %.2fx over cke\n",
           up_shared[0] / d, up_shared[1] / d);
    printf("li-fig5: tlpmod+bypass against cke on those pairs: memory stall %+.1f%%, structural stall %+.1f%% "
           "(paper: -38.4%%, -12.1%%)\n",
           100 * dmem / CS_MAX(n25, 1u), 100 * dstruct / CS_MAX(n25, 1u));
    printf("li-fig5: mean STP on those pairs:");
    for (unsigned s = 0; s < LI_SERIES; s++)
        printf(" %s %.3f", li_label[s], stp_sum[s] / CS_MAX(n25, 1u));
    printf("\n");
    printf("li-fig5: paper: %s\n", paper_headline_text("li-fig5"));
    printf("li-fig5: %zu simulations on %u jobs (%.1f s of simulation); table in %s\n\n", r.n, threads, sim, path);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* li-fig2: Li & Liang Fig. 2, the design space of {BKP, KMS} (our BP and
 * KMN). (a) The 15 TLP points {Tb_BKP, Tb_KMS}, Tb >= 1 and Tb_BKP + Tb_KMS
 * <= 6 (both kernels have CTAs of 256 threads and a core holds 1536
 * threads), each a fixed per-kernel limit per core (`mcke:a=X,b=Y`: both
 * kernels on every core, at most X of BP's and Y of KMN's CTAs; the limits
 * hold every kernel of each workload, and a point our registers cannot
 * hold, such as five of KMN's invert mapping, runs with fewer), beside
 * default concurrency (cke) and tlpmod / tlpmod+bypass; (b) at our best TLP
 * point, every bypass point {By_BKP, By_KMS} (By <= Tb, fixed:
 * `+bypass:a=I,b=J`, a = the older running kernel, BP's at the start),
 * normalised to cache-all (no CTA bypasses). Performance as li-fig5: both
 * workloads' instructions / cycles until both are done. Paper: best TLP
 * {5, 1}, up to 1.25x over default; bypass {0, 1} at {5, 1}, +60% over
 * cache-all; L1 hit rate 64.28% at default, 49.61% at {5, 1}. */

#define FIG2_TLP_MAX 6 /* threads: 1536 per core / 256 per CTA */

static double xjob_thr(const xjob_t *j) { return j->cycles ? (double)j->insts / (double)j->cycles : 0; }
static double xjob_l1_hit(const xjob_t *j) { return j->l1_accesses ? (double)j->l1_hits / (double)j->l1_accesses : 0; }

static int run_phase(xrun_t *r, const char *name, unsigned jobs)
{
    progress_start(&r->progress, name, "runs", isatty(2));
    jobs_run(r->n, jobs_threads_used(r->n, jobs), job, on_progress, r);
    for (size_t i = 0; i < r->n; i++)
        if (r->jobs[i].rc < 0)
            return cli_fail(&r->jobs[i].err);
    return 0;
}

static int li_fig2(const char *out_dir, const char *preset, app_size_t size, unsigned jobs)
{
    cs_error_t err;
    static xrun_t r, rb;
    const app_def_t *app[LI_N];
    char prof[LI_N][LI_PROF_MAX];
    enum { BKP = 0, KMS = 6 };
    printf("li-fig2: Li & Liang's design space of {BKP, KMS} (our BP and KMN), %s preset, %s size\n", preset,
           li_size_name(size));
    int rc = li_setup("li-fig2", &r, preset, size, jobs, out_dir, false, 1u << BKP | 1u << KMS, app, prof);
    if (rc)
        return rc;
    /* (a): cke, the 15 TLP points, tlpmod, tlpmod+bypass */
    xjob_t tlp[2 + FIG2_TLP_MAX * FIG2_TLP_MAX];
    unsigned tb[2 + FIG2_TLP_MAX * FIG2_TLP_MAX][2];
    r.jobs = tlp;
    r.n = 0;
    tlp[r.n] = (xjob_t){.mix = 0, .wa = app[BKP], .wb = app[KMS], .sem = SEM_EXCLUSIVE};
    snprintf(tlp[r.n++].cta, sizeof tlp[0].cta, "cke");
    for (unsigned a = 1; a < FIG2_TLP_MAX; a++)
        for (unsigned b = 1; a + b <= FIG2_TLP_MAX; b++) {
            tb[r.n][0] = a;
            tb[r.n][1] = b;
            tlp[r.n] = (xjob_t){.mix = (int)r.n, .wa = app[BKP], .wb = app[KMS], .sem = SEM_SHARED};
            snprintf(tlp[r.n++].cta, sizeof tlp[0].cta, "mcke:a=%u,b=%u", a, b);
        }
    size_t n_tlp = r.n;
    for (unsigned s = 0; s < 2; s++) {
        tlp[r.n] = (xjob_t){.mix = (int)r.n, .wa = app[BKP], .wb = app[KMS], .sem = SEM_SHARED};
        tlpmod_spec(tlp[r.n++].cta, sizeof tlp[0].cta, prof[BKP], prof[KMS], s);
    }
    if ((rc = run_phase(&r, "li-fig2 TLP", jobs)))
        return rc;
    size_t best = 1;
    for (size_t i = 1; i < n_tlp; i++)
        if (xjob_thr(&tlp[i]) > xjob_thr(&tlp[best]))
            best = i;
    /* (b): every {By_BKP, By_KMS} at the best TLP point */
    xjob_t byp[(FIG2_TLP_MAX + 1) * (FIG2_TLP_MAX + 1)];
    unsigned by[(FIG2_TLP_MAX + 1) * (FIG2_TLP_MAX + 1)][2];
    rb = r;
    rb.jobs = byp;
    rb.n = 0;
    for (unsigned a = 0; a <= tb[best][0]; a++)
        for (unsigned b = 0; b <= tb[best][1]; b++) {
            by[rb.n][0] = a;
            by[rb.n][1] = b;
            byp[rb.n] = (xjob_t){.mix = (int)rb.n, .wa = app[BKP], .wb = app[KMS], .sem = SEM_SHARED};
            snprintf(byp[rb.n++].cta, sizeof byp[0].cta, "%s+bypass:a=%u,b=%u", tlp[best].cta, a, b);
        }
    if ((rc = run_phase(&rb, "li-fig2 bypass", jobs)))
        return rc;
    char path[1024];
    snprintf(path, sizeof path, "%s/li-fig2.csv", out_dir);
    FILE *csv = cli_output_open(path, &err);
    if (!csv)
        return cli_fail(&err);
    outf(csv, "part,point,tb_bkp,tb_kms,by_bkp,by_kms,norm_cke,norm_cache_all,l1_hit_rate,cycles\n");
    double base = xjob_thr(&tlp[0]), sim = 0;
    for (size_t i = 0; i < r.n; i++) {
        const char *lbl = i == 0 ? "cke" : i < n_tlp ? "tlp" : i == n_tlp ? "tlpmod" : "tlpmod+bypass";
        if (i > 0 && i < n_tlp)
            outf(csv, "a,{%u;%u},%u,%u,0,0", tb[i][0], tb[i][1], tb[i][0], tb[i][1]);
        else
            outf(csv, "a,%s,,,,", lbl);
        outf(csv, ",%.3f,,%.4f,%llu\n", base > 0 ? xjob_thr(&tlp[i]) / base : 0, xjob_l1_hit(&tlp[i]),
             (unsigned long long)tlp[i].cycles);
        sim += tlp[i].seconds;
    }
    double cache_all = xjob_thr(&byp[0]);
    size_t best_by = 0;
    for (size_t i = 0; i < rb.n; i++) {
        outf(csv, "b,{%u;%u},%u,%u,%u,%u,%.3f,%.3f,%.4f,%llu\n", by[i][0], by[i][1], tb[best][0], tb[best][1],
             by[i][0], by[i][1], base > 0 ? xjob_thr(&byp[i]) / base : 0,
             cache_all > 0 ? xjob_thr(&byp[i]) / cache_all : 0, xjob_l1_hit(&byp[i]), (unsigned long long)byp[i].cycles);
        if (xjob_thr(&byp[i]) > xjob_thr(&byp[best_by]))
            best_by = i;
        sim += byp[i].seconds;
    }
    if (cli_output_close(csv, path, &err) < 0)
        return cli_fail(&err);
    printf("li-fig2: best TLP point {%u, %u}: %.2fx over cke, a core per kernel (paper: {5, 1}, up to 1.25x); "
           "tlpmod %.2fx, tlpmod+bypass %.2fx\n",
           tb[best][0], tb[best][1], base > 0 ? xjob_thr(&tlp[best]) / base : 0,
           base > 0 ? xjob_thr(&tlp[n_tlp]) / base : 0, base > 0 ? xjob_thr(&tlp[n_tlp + 1]) / base : 0);
    printf("li-fig2: L1 hit rate %.2f%% under cke, %.2f%% at {%u, %u} (paper: 64.28%% and 49.61%% at {5, 1})\n",
           100 * xjob_l1_hit(&tlp[0]), 100 * xjob_l1_hit(&tlp[best]), tb[best][0], tb[best][1]);
    printf("li-fig2: best bypass point at {%u, %u}: {%u, %u}, %+.1f%% over cache-all (paper: {0, 1}, +60%%)\n",
           tb[best][0], tb[best][1], by[best_by][0], by[best_by][1],
           cache_all > 0 ? 100 * (xjob_thr(&byp[best_by]) / cache_all - 1) : 0);
    printf("li-fig2: %zu simulations (%.1f s of simulation); table in %s\n\n", r.n + rb.n, sim, path);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* li-fig6: Li & Liang Fig. 6, energy efficiency on the paper's 25 pairs
 * (li-fig5's pairs less the three of its Up kernels): instructions per joule
 * (= performance per watt) of tlpmod and tlpmod+bypass normalised to
 * default concurrency (cke), with the power model on (the preset's -power_*
 * values; timing is the same as without it). Paper: 1.33x on average.
 * A pair of two kernels Up in our profiles is not modulated: "we use the
 * default concurrency" (III-A), so its tlpmod rows are the cke run, as in
 * li-fig5 (column tlpmod_default_concurrency). */

#define LI6_SERIES 3
static const char *const li6_label[LI6_SERIES] = {"cke", "tlpmod", "tlpmod+bypass"};

static int li_fig6(const char *out_dir, const char *preset, app_size_t size, unsigned jobs, unsigned which)
{
    cs_error_t err;
    static xrun_t r;
    const app_def_t *app[LI_N];
    char prof[LI_N][LI_PROF_MAX];
    printf("li-fig6: energy efficiency on Li & Liang's 25 pairs (power model on), %s preset, %s size\n", preset,
           li_size_name(size));
    int rc = li_setup("li-fig6", &r, preset, size, jobs, out_dir, true, which, app, prof);
    if (rc)
        return rc;
    r.jobs = cs_xcalloc(LI_N * LI_N * LI6_SERIES, sizeof *r.jobs);
    for (unsigned a = 0; a < LI_N; a++)
        for (unsigned b = a + 1; b < LI_N; b++) {
            if ((a < 3 && b < 3) || !(which >> a & 1) || !(which >> b & 1))
                continue; /* both Up in Table II: not among the paper's 25; or not picked */
            for (unsigned s = 0; s < LI6_SERIES; s++) {
                xjob_t *j = &r.jobs[r.n++];
                *j = (xjob_t){.mix = (int)(a * LI_N + b), .series = s, .wa = app[a], .wb = app[b],
                              .sem = s ? SEM_SHARED : SEM_EXCLUSIVE};
                /* both Up in our profiles: "the default concurrency" (III-A), the cke run itself, as li-fig5 */
                j->as_baseline = s > 0 && both_up(prof[a], prof[b]);
                if (s == 0)
                    snprintf(j->cta, sizeof j->cta, "cke");
                else
                    tlpmod_spec(j->cta, sizeof j->cta, prof[a], prof[b], s == 2);
            }
        }
    char path[1024];
    unsigned threads;
    double sim;
    FILE *csv = run_jobs_open_table(&r, "li-fig6", jobs, out_dir, path, sizeof path, &threads, &sim, &rc);
    if (!csv)
        return rc;
    outf(csv, "pair,paper_pair");
    for (unsigned s = 0; s < LI6_SERIES; s++)
        outf(csv, ",ipj_%s", li6_label[s]);
    for (unsigned s = 1; s < LI6_SERIES; s++)
        outf(csv, ",norm_ipj_%s,norm_perf_%s", li6_label[s], li6_label[s]);
    outf(csv, ",energy_j_cke,tlpmod_default_concurrency\n");
    double sum_e[LI6_SERIES] = {0}, sum_p[LI6_SERIES] = {0};
    unsigned npairs = 0, n_dflt = 0;
    for (size_t i = 0; i < r.n; i += LI6_SERIES) {
        const xjob_t *js[LI6_SERIES];
        for (unsigned s = 0; s < LI6_SERIES; s++)
            js[s] = r.jobs[i + s].as_baseline ? &r.jobs[i] : &r.jobs[i + s];
        unsigned a = (unsigned)js[0]->mix / LI_N, b = (unsigned)js[0]->mix % LI_N;
        double ipj[LI6_SERIES];
        for (unsigned s = 0; s < LI6_SERIES; s++)
            ipj[s] = js[s]->energy_j > 0 ? (double)js[s]->insts / js[s]->energy_j : 0;
        outf(csv, "%s-%s,%s-%s", app[a]->name, app[b]->name, li_kernels[a].paper, li_kernels[b].paper);
        for (unsigned s = 0; s < LI6_SERIES; s++)
            outf(csv, ",%.4g", ipj[s]);
        for (unsigned s = 1; s < LI6_SERIES; s++) {
            double ne = ipj[0] > 0 ? ipj[s] / ipj[0] : 0, np = xjob_thr(js[0]) > 0 ? xjob_thr(js[s]) / xjob_thr(js[0]) : 0;
            outf(csv, ",%.3f,%.3f", ne, np);
            sum_e[s] += ne;
            sum_p[s] += np;
        }
        bool dflt = js[1] == js[0];
        outf(csv, ",%.6g,%d\n", js[0]->energy_j, dflt);
        n_dflt += dflt;
        npairs++;
    }
    rc = cli_output_close(csv, path, &err);
    free(r.jobs);
    if (rc < 0)
        return cli_fail(&err);
    printf("li-fig6: instructions per joule over cke on the %u pairs: tlpmod+bypass %.2fx, tlpmod %.2fx (performance "
           "%.2fx, %.2fx) (paper: 1.33x for tlpmod+bypass)\n",
           npairs, sum_e[2] / CS_MAX(npairs, 1u), sum_e[1] / CS_MAX(npairs, 1u), sum_p[2] / CS_MAX(npairs, 1u), sum_p[1] / CS_MAX(npairs, 1u));
    printf("li-fig6: %u of the %u pairs both Up in our profiles: tlpmod is the default concurrency there (the cke run, "
           "1.00x), as in li-fig5\n",
           n_dflt, npairs);
    printf("li-fig6: %zu simulations on %u jobs (%.1f s of simulation); table in %s\n\n", r.n, threads, sim, path);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* li-fig8: Li & Liang Fig. 8, "using the same workloads in [2]": Lee et
 * al.'s Table 3 mixes on Li & Liang's platform (date16-15sm), their
 * framework against mCKE with Table 3's CTA counts, both over default
 * concurrency. tlpmod's profiles are of the whole workloads (Lee's mixes are
 * not Table II's kernels), swept and cached as `run` makes them. Paper:
 * 1.38x for TLP modulation with bypassing, 1.12x for mCKE. */
#define LI8_SERIES 4
static const char *const li8_label[LI8_SERIES] = {"cke", "mcke", "tlpmod", "tlpmod+bypass"};

static int li_fig8(const char *out_dir, const char *preset, app_size_t size, unsigned jobs)
{
    cs_error_t err;
    static xrun_t r;
    int orc = xrun_open(&r, preset, out_dir);
    if (orc)
        return orc;
    r.size = size == APP_LI_SIZES ? APP_DEFAULT : size;
    printf("li-fig8: TLP modulation (+bypass) vs mCKE (Table 3's counts) on Lee et al.'s six mixes, %s preset, %s "
           "size\n",
           preset, app_size_name(r.size));
    /* each workload's profile, once */
    const app_def_t *wl[2 * N_MIXES];
    char prof[2 * N_MIXES][LI_PROF_MAX];
    unsigned nw = 0;
    sim_request_t preq = {.cfg = &r.cfg, .cta_sched = NULL, .warp_sched = NULL, .size = r.size, .seed = 1};
    for (unsigned m = 0; m < N_MIXES; m++)
        for (unsigned k = 0; k < 2; k++) {
            const app_def_t *a = app_find(k ? table3[m].b : table3[m].a);
            if (!a) {
                fprintf(stderr, "ctasim: li-fig8: the suite has no %s\n", k ? table3[m].b : table3[m].a);
                return 1;
            }
            unsigned i = 0;
            while (i < nw && wl[i] != a)
                i++;
            if (i < nw)
                continue;
            mix_item_t mi = {.app = a, .size = r.size};
            char type[32];
            unsigned opt;
            if (mix_tlp_profile(&mi, NULL, &preq, NULL, jobs, type, sizeof type, &opt, &err) < 0)
                return cli_fail(&err);
            wl[nw] = a;
            snprintf(prof[nw++], LI_PROF_MAX, "%s/%u", type, opt);
            printf("li-fig8: %s: %s, opt %u CTAs per core\n", a->name, type, opt);
        }
    r.jobs = cs_xcalloc(nw + N_MIXES * LI8_SERIES, sizeof *r.jobs);
    for (unsigned i = 0; i < nw; i++)
        r.jobs[r.n++] = (xjob_t){.mix = -1, .alone = wl[i]};
    for (unsigned m = 0; m < N_MIXES; m++) {
        const app_def_t *a = app_find(table3[m].a), *b = app_find(table3[m].b);
        unsigned ia = 0, ib = 0;
        while (wl[ia] != a)
            ia++;
        while (wl[ib] != b)
            ib++;
        for (unsigned s = 0; s < LI8_SERIES; s++) {
            xjob_t *j = &r.jobs[r.n++];
            *j = (xjob_t){.mix = (int)m, .series = s, .wa = a, .wb = b, .sem = s ? SEM_SHARED : SEM_EXCLUSIVE};
            if (s == 0)
                snprintf(j->cta, sizeof j->cta, "cke");
            else if (s == 1)
                snprintf(j->cta, sizeof j->cta, "mcke:a=%u,b=%u", table3[m].na, table3[m].nb);
            else
                tlpmod_spec(j->cta, sizeof j->cta, prof[ia], prof[ib], s == 3);
        }
    }
    char path[1024];
    unsigned threads;
    double sim;
    int rc;
    FILE *csv = run_jobs_open_table(&r, "li-fig8", jobs, out_dir, path, sizeof path, &threads, &sim, &rc);
    if (!csv)
        return rc;
    outf(csv, "mix,types,table3_ctas");
    for (unsigned s = 1; s < LI8_SERIES; s++)
        outf(csv, ",norm_%s", li8_label[s]);
    for (unsigned s = 0; s < LI8_SERIES; s++)
        outf(csv, ",stp_%s", li8_label[s]);
    outf(csv, "\n");
    double sum[LI8_SERIES] = {0};
    for (unsigned m = 0; m < N_MIXES; m++) {
        const xjob_t *jj[LI8_SERIES] = {NULL};
        for (size_t i = 0; i < r.n; i++)
            if (r.jobs[i].mix == (int)m)
                jj[r.jobs[i].series] = &r.jobs[i];
        uint64_t al[2] = {alone_of(&r, table3[m].a), alone_of(&r, table3[m].b)};
        outf(csv, "%s-%s,%s,%u;%u", table3[m].a, table3[m].b, table3[m].types, table3[m].na, table3[m].nb);
        for (unsigned s = 1; s < LI8_SERIES; s++) {
            double nrm = xjob_thr(jj[0]) > 0 ? xjob_thr(jj[s]) / xjob_thr(jj[0]) : 0;
            outf(csv, ",%.3f", nrm);
            sum[s] += nrm;
        }
        for (unsigned s = 0; s < LI8_SERIES; s++) {
            mp_metrics_t mm;
            outf(csv, ",%.3f", mp_metrics(jj[s]->end, al, 2, NULL, &mm) == 0 ? mm.stp : 0);
        }
        outf(csv, "\n");
    }
    rc = cli_output_close(csv, path, &err);
    free(r.jobs);
    if (rc < 0)
        return cli_fail(&err);
    printf("li-fig8: over cke on Lee's %u mixes: tlpmod+bypass %.2fx, tlpmod %.2fx, mcke (Table 3) %.2fx (paper: "
           "1.38x for TLP modulation with bypassing, 1.12x for mCKE)\n",
           (unsigned)N_MIXES, sum[3] / N_MIXES, sum[2] / N_MIXES, sum[1] / N_MIXES);
    printf("li-fig8: %zu simulations on %u jobs (%.1f s of simulation); table in %s\n\n", r.n, threads, sim, path);
    return 0;
}

/* --- registered: `ctasim experiment list` and NAME (cli/exp_registry.h) --- */

static const experiment_info_t mix_experiments[] = {
    {"lee-fig18", "mCKE vs CKE on Table 3's mixes (LCS's and Table 3's counts)", "hpca14-28sm"},
    {"li-fig2", "{BKP, KMS} design space: the 15 TLP points, bypass points", "date16-15sm"},
    {"li-fig5", "TLP modulation (+bypass) vs CKE, Smart-Even, mCKE on 28 pairs", "date16-15sm"},
    {"li-fig6", "energy efficiency of tlpmod (+bypass) vs CKE on the 25 pairs", "date16-15sm"},
    {"li-fig8", "TLP modulation (+bypass) vs mCKE on Lee et al.'s Table 3 mixes", "date16-15sm"},
};

static bool describe(unsigned i, experiment_info_t *out)
{
    if (i >= CS_ARRAY_LEN(mix_experiments))
        return false;
    *out = mix_experiments[i];
    return true;
}

/* `ctasim experiment NAME [...] [--report]` for the mixes: the experiment,
 * then DIR/report.html with its figures when asked (as exp_runner.c does for
 * the others). */
static int cmd_experiment_mix(int argc, char **argv)
{
    bool report = false;
    const char *out_dir = NULL;
    int rc = run_mix_command(argc, argv, &report, &out_dir);
    return rc || !report ? rc : cli_report_dir(out_dir, argv[2]);
}

const experiment_set_t experiments_mix = {describe, cmd_experiment_mix};
EXPERIMENT_REGISTER(experiments_mix);
