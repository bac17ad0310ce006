/* exp_energy.c — the papers' energy and core-gating experiments (`ctasim
 * experiment song-fig2 ... lee-fig14`), declared as data (exp_def_t) and run
 * by cli/exp_runner.c like the CTA experiments of experiment.c. Every
 * experiment runs with the power model on (its preset's -power_* values). A
 * series is a CTA policy chain plus what the energy experiments vary:
 * --active-cores, -power_pcpg, -power_gate_unused_rf_shmem and
 * --sample-interval (exp_series_t).
 *
 *   song-fig2         static / dynamic power split per workload (date14-28sm)
 *   song-fig3         IPC and average memory latency vs active cores
 *   song-fig6         TCS and hTCS performance and energy vs all cores (PCPG)
 *   song-fig7         TCS's active cores vs the static EDP-optimal count
 *   song-fig8         per-core IPC over time: baseline, TCS, TCS throttle=0, hTCS
 *   song-fig9         TCS's active cores per kernel launch (BFS)
 *   kayiran-fig12-13  power and performance per watt of DYNCTA / DYNCORE (pact13-30sm)
 *   kayiran-fig14a    DYNCORE with k = 2..14 cores turned off
 *   lee-fig14         LCS energy with unused RF / shared memory gated (hpca14-28sm)
 *
 * song-fig3, song-fig6 and song-fig7 share their active-core runs
 * (DIR/.runs/song-cores): song-fig6's static core-count oracle (the count
 * with the least energy at <= 10 % slowdown, printed beside TCS and hTCS)
 * is song-fig3/7's sweep from 4 cores up. kayiran-fig12-13 sweeps its own
 * counts, with PCPG and without, for the oracle beside DYNCORE.
 * --tcs ARGS appends documented TCS arguments (e.g. reset=window) to every
 * tcs / htcs series. --report then writes DIR/report.html with the
 * experiment's figures (report/figs_energy.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "classify.h"
#include "exp_runner.h"
#include "report/core_oracle.h"
#include "report/headline.h"

/* --- the papers' workload lists --------------------------------------------- */

/* Song et al., DATE'14, Table II: five memory-intensive ("Mem") workloads,
 * then five compute-intensive ("Com"); Figs. 2, 3, 6 and 7 show all ten. */
static const char *const song_table2[] = {"MUM", "LBM", "KMN", "BFS", "PVC", "CONV", "BLK", "BP", "BINO", "DXTC", NULL};
#define SONG_N_MEM 5
/* Fig. 8: "a workload with just one kernel" the paper does not name; of
 * Table II's memory-intensive single-kernel workloads (MUM, LBM, KMN) MUM is
 * the one TCS acts on here (docs/ARCHITECTURE.md, core gating). */
static const char *const song_fig8[] = {"MUM", NULL};
/* Fig. 9: "the BFS workload consisting of 24 kernels". */
static const char *const song_fig9[] = {"BFS", NULL};
/* Kayiran et al., PACT'13, Table 2 (31 applications; §5.2-5.3 evaluate all). */
static const char *const kayiran_table2[] = {"PVC", "SSC", "IIX", "BFS", "SAD", "PFF",  "LUD", "SPMV",
                                             "NW",  "MUM", "KM",  "WP",  "SCP", "PVR",  "AES", "LIB",
                                             "NQU", "FFT", "SD2", "BP",  "JPEG", "BLK", "RAY", "SD1",
                                             "LKC", "PFN", "HOT", "NN",  "MM",  "STO",  "CP",  NULL};
/* Lee et al., HPCA'14, Table 2 (Fig. 14 shows its workloads by type). */
static const char *const lee_table2[] = {"CONV", "MMUL", "BP",  "BFS", "CP",   "RAY", "SRAD", "MADD", "TRAN", "VADD",
                                         "FDTD", "KMN",  "MUM", "EIP", "3DFD", "BLK", "STN",  "LBM",  "LPS",  NULL};

/* Memory-intensive as Song et al.'s Table II says; a workload outside the
 * table (--workloads) is memory-intensive when the suite lists it so. */
static bool song_mem(const char *wl)
{
    for (unsigned i = 0; song_table2[i]; i++)
        if (!strcasecmp(song_table2[i], wl))
            return i < SONG_N_MEM;
    const app_def_t *a = exp_suite_workload(wl);
    return a && a->traits && strstr(a->traits, "memory-bound");
}

/* Active-core counts of song-fig3 and song-fig7: twelve of 1..28 (all 28
 * cost 2.3x the simulations; the curves are smooth between these). */
static const uint32_t core_counts[] = {1, 2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 28};
#define N_COUNTS (sizeof core_counts / sizeof core_counts[0])


/* --- helpers for reports ------------------------------------------------------ */

static double ratio(double a, double b) { return b > 0 ? a / b : 0; }
/* performance of series s relative to series b (same work: cycles ratio) */
static double perf(exp_run_t *r, unsigned w, unsigned s, unsigned b)
{
    return ratio((double)exp_res(r, w, b)->t.cycles, (double)exp_res(r, w, s)->t.cycles);
}
static double energy_rel(exp_run_t *r, unsigned w, unsigned s, unsigned b)
{
    return ratio(exp_res(r, w, s)->energy, exp_res(r, w, b)->energy);
}
static double pct(double x) { return 100 * (x - 1); }

static void paper_line(const char *name)
{
    const paper_headline_t *h = paper_headline(name);
    printf("Paper: %s%s%s\n", h ? h->figure : "", h ? ": " : "", h ? h->headline : "");
}

/* --- song-fig2 ------------------------------------------------------------------ */

static const exp_series_decl_t series_song_fig2[] = {
    {.label = "base", .cta = "rr"},
    {0},
};

static void report_song_fig2(exp_run_t *r)
{
    exp_out(r, "workload,type,cycles,avg_w,static_w,dynamic_w,static_share,energy_j\n");
    double sum = 0, top = 0;
    const char *top_wl = "";
    for (unsigned w = 0; w < r->nw; w++) {
        exp_result_t *x = exp_res(r, w, 0);
        double share = ratio(x->static_j, x->energy), sec = ratio(x->energy, x->avg_w);
        exp_out(r, "%s,%s,%llu,%.2f,%.2f,%.2f,%.3f,%.6g\n", r->wl[w]->name, song_mem(r->wl[w]->name) ? "mem" : "com",
            (unsigned long long)x->t.cycles, x->avg_w, ratio(x->static_j, sec), ratio(x->dynamic_j, sec), share,
            x->energy);
        sum += share;
        if (share > top) {
            top = share;
            top_wl = r->wl[w]->name;
        }
    }
    printf("song-fig2: static power %.0f%% of the total on average over %u workloads, up to %.0f%% (%s).\n",
           100 * sum / r->nw, r->nw, 100 * top, top_wl);
    paper_line("song-fig2");
}

/* --- song-fig3 / song-fig7: active-core sweeps ---------------------------------- */

static void plan_core_sweep(exp_run_t *r, bool with_tcs)
{
    uint32_t n = config_n_sm(&r->cfg);
    for (unsigned c = 0; c < N_COUNTS; c++) {
        if (core_counts[c] > n)
            continue;
        char label[32];
        snprintf(label, sizeof label, "cores=%u", core_counts[c]);
        exp_series_t *s = exp_add_series(r, label, "rr", NULL);
        s->active = core_counts[c] == n ? 0 : core_counts[c];
        s->pcpg = 1;
    }
    if (with_tcs)
        exp_add_series(r, "tcs", "tcs", NULL)->pcpg = 1;
}

static uint32_t series_cores(const exp_run_t *r, unsigned s)
{
    return r->series[s].active ? r->series[s].active : config_n_sm(&r->cfg);
}

static void plan_song_fig3(exp_run_t *r) { plan_core_sweep(r, false); }

/* --- the static core-count oracle beside the policies ---------------------------- */

/* Issue 26 asks for "the static oracle's headroom beside every policy
 * number": per workload, rr on the --active-cores count with the least
 * energy at no more than 10 % more cycles than every core (and the count
 * with the least EDP), under the power settings of the policy's series
 * (report/core_oracle.h picks it). song-fig6 reuses song-fig3/7's counts
 * from 4 up (their series themselves, kept once in DIR/.runs/song-cores; 1
 * and 2 cores are 10-30x slower and can never be within 10 %); the all-core
 * point is the experiment's baseline run. */
#define ORACLE_MIN_CORES 4
/* pact13-30sm (kayiran-fig12-13): every fourth count from 8, the range
 * where DYNCORE turns cores off (Fig. 14a: k = 2..14 of 30), and below. */
static const uint32_t kayiran_counts[] = {8, 12, 16, 20, 24, 28};

/* Series PREFIX "cores=N": rr on N active cores, PCPG as PCPG (0 or 1), for
 * each of COUNTS[0..NC) from MIN up and below the preset's cores. */
static void add_core_counts(exp_run_t *r, const uint32_t *counts, size_t nc, uint32_t min, int pcpg,
                            const char *prefix)
{
    uint32_t n = config_n_sm(&r->cfg);
    for (size_t c = 0; c < nc; c++) {
        if (counts[c] < min || counts[c] >= n)
            continue;
        char label[32];
        snprintf(label, sizeof label, "%scores=%u", prefix, counts[c]);
        exp_series_t *s = exp_add_series(r, label, "rr", NULL);
        s->active = counts[c];
        s->pcpg = pcpg;
    }
}

/* The oracle of workload W: series ALL (every core, the 10 % bound's
 * baseline) and the series labelled PREFIX "cores=N". Series indices, -1
 * where no point qualifies (no energy). */
typedef struct oracle_pick {
    int energy, edp;
} oracle_pick_t;

static oracle_pick_t pick_oracle(exp_run_t *r, unsigned w, unsigned all, const char *prefix)
{
    core_point_t p[EXP_MAX_SERIES];
    unsigned idx[EXP_MAX_SERIES], n = 0;
    size_t len = strlen(prefix);
    for (unsigned s = 0; s < r->ns; s++) {
        const char *l = r->series[s].label;
        bool count = !strncmp(l, prefix, len) && !strncmp(l + len, "cores=", 6);
        if (s != all && !count)
            continue;
        exp_result_t *x = exp_res(r, w, s);
        p[n] = (core_point_t){series_cores(r, s), (double)x->t.cycles, x->energy};
        idx[n++] = s;
    }
    int e = core_oracle_least_energy(p, n, (double)exp_res(r, w, all)->t.cycles, CORE_ORACLE_MAX_SLOWDOWN);
    int d = core_oracle_least_edp(p, n);
    return (oracle_pick_t){e < 0 ? -1 : (int)idx[e], d < 0 ? -1 : (int)idx[d]};
}

/* "4,6,..,28": the counts PREFIX "cores=N" of the run and every core. */
static void oracle_counts(const exp_run_t *r, const char *prefix, char *buf, size_t n)
{
    size_t len = strlen(prefix), used = 0;
    buf[0] = 0;
    for (unsigned s = 0; s < r->ns && used < n; s++)
        if (!strncmp(r->series[s].label, prefix, len) && !strncmp(r->series[s].label + len, "cores=", 6) &&
            r->series[s].active)
            used += (size_t)snprintf(buf + used, n - used, "%s%u", used ? "," : "", r->series[s].active);
    if (used < n)
        snprintf(buf + used, n - used, "%s%u", used ? "," : "", config_n_sm(&r->cfg));
}

static void report_song_fig3(exp_run_t *r)
{
    unsigned full = r->ns - 1; /* the last count is every core */
    exp_out(r, "workload,type");
    for (unsigned s = 0; s < r->ns; s++)
        exp_out(r, ",ipc_norm_c%u", series_cores(r, s));
    for (unsigned s = 0; s < r->ns; s++)
        exp_out(r, ",latency_norm_c%u", series_cores(r, s));
    exp_out(r, ",latency_c1_cycles\n");
    double lsum[2] = {0}, lmax[2] = {0};
    unsigned n[2] = {0};
    for (unsigned w = 0; w < r->nw; w++) {
        bool mem = song_mem(r->wl[w]->name);
        double ipc1 = exp_res(r, w, 0)->t.ipc, lat1 = exp_res(r, w, 0)->t.avg_mem_latency;
        exp_out(r, "%s,%s", r->wl[w]->name, mem ? "mem" : "com");
        for (unsigned s = 0; s < r->ns; s++)
            exp_out(r, ",%.3f", ratio(exp_res(r, w, s)->t.ipc, ipc1));
        for (unsigned s = 0; s < r->ns; s++)
            exp_out(r, ",%.3f", ratio(exp_res(r, w, s)->t.avg_mem_latency, lat1));
        exp_out(r, ",%.1f\n", lat1);
        double l = ratio(exp_res(r, w, full)->t.avg_mem_latency, lat1);
        lsum[mem] += l;
        n[mem]++;
        if (l > lmax[mem])
            lmax[mem] = l;
    }
    printf("song-fig3: average memory latency at %u cores over 1 core (core counts ", series_cores(r, full));
    for (unsigned s = 0; s < r->ns; s++)
        printf("%s%u", s ? "," : "", series_cores(r, s));
    printf("): ");
    /* a class with no workload in this run (--workloads) says so, not 0.00x */
    const char *cls[2] = {"compute-bound", "memory-bound"};
    for (int m = 1; m >= 0; m--) {
        if (n[m])
            printf("%s %.2fx on average, up to %.2fx (%u workload%s)", cls[m], lsum[m] / n[m], lmax[m], n[m],
                   n[m] == 1 ? "" : "s");
        else
            printf("%s: none in this run", cls[m]);
        printf(m ? "; " : ".\n");
    }
    /* issue 26's goal: the memory-bound latency ratio at least 2x (paper ~4x) */
    if (n[1]) {
        double ipc_sum = 0;
        for (unsigned w = 0; w < r->nw; w++)
            if (song_mem(r->wl[w]->name))
                ipc_sum += ratio(exp_res(r, w, full)->t.ipc, exp_res(r, w, 0)->t.ipc);
        const bool met = lsum[1] / n[1] >= 2.0;
        printf("song-fig3: goal (memory-bound latency ratio >= 2x): %s", met ? "met.\n" : "not met: ");
        if (!met) {
            /* the evidence: the fewest cores at which the memory-bound IPC is within 2 % of all cores' */
            unsigned flat = series_cores(r, full);
            for (unsigned s = 0; s < r->ns; s++) {
                double lo = 1e30;
                for (unsigned w = 0; w < r->nw; w++)
                    if (song_mem(r->wl[w]->name)) {
                        double q = ratio(exp_res(r, w, s)->t.ipc, exp_res(r, w, full)->t.ipc);
                        lo = q < lo ? q : lo;
                    }
                if (lo >= 0.98 && series_cores(r, s) < flat)
                    flat = series_cores(r, s);
            }
            printf("the memory-bound IPC at %u cores is %.2fx one core's and stops rising at %u cores%s.\n",
                   series_cores(r, full), ipc_sum / n[1], flat,
                   r->size == APP_SMALL ? " (small grids: too few CTAs to load the memory system; --size default "
                                               "does, docs/ISSUE26.md)"
                                             : " (docs/RESULTS.md \"song-fig3\")");
        }
    }
    paper_line("song-fig3");
}

static void plan_song_fig7(exp_run_t *r) { plan_core_sweep(r, true); }

static double mean_kcores(const exp_result_t *x)
{
    double s = 0;
    unsigned n = 0;
    for (unsigned k = 0; k < x->nk; k++)
        if (x->kcores[k] >= 0) {
            s += x->kcores[k];
            n++;
        }
    return n ? s / n : -1;
}

static void report_song_fig7(exp_run_t *r)
{
    unsigned tcs = r->ns - 1, nc = r->ns - 1;
    exp_out(r, "workload,type,edp_opt_cores,tcs_cores_last,tcs_cores_mean,diff_pct_of_cores");
    for (unsigned s = 0; s < nc; s++)
        exp_out(r, ",edp_norm_c%u", series_cores(r, s));
    exp_out(r, ",edp_norm_tcs\n");
    double dsum = 0;
    unsigned nmem = 0;
    for (unsigned w = 0; w < r->nw; w++) {
        bool mem = song_mem(r->wl[w]->name);
        unsigned best = 0;
        for (unsigned s = 1; s < nc; s++)
            if (exp_res(r, w, s)->edp < exp_res(r, w, best)->edp)
                best = s;
        double full = exp_res(r, w, nc - 1)->edp;
        exp_result_t *t = exp_res(r, w, tcs);
        double last = t->tcs_cores >= 0 ? t->tcs_cores : config_n_sm(&r->cfg), mk = mean_kcores(t);
        if (mk < 0)
            mk = last;
        double diff = 100.0 * (mk - series_cores(r, best)) / config_n_sm(&r->cfg);
        exp_out(r, "%s,%s,%u,%.0f,%.1f,%.1f", r->wl[w]->name, mem ? "mem" : "com", series_cores(r, best), last, mk, diff);
        for (unsigned s = 0; s < nc; s++)
            exp_out(r, ",%.3f", ratio(exp_res(r, w, s)->edp, full));
        exp_out(r, ",%.3f\n", ratio(t->edp, full));
        if (mem) {
            dsum += fabs(diff);
            nmem++;
        }
    }
    printf("song-fig7: TCS's active cores (mean over launches) differ from the static EDP optimum by %.1f%% of the "
           "cores on average over %u memory-bound workloads (counts swept: a subset of 1..%u).\n",
           nmem ? dsum / nmem : 0, nmem, config_n_sm(&r->cfg));
    paper_line("song-fig7");
}

/* --- song-fig6 ------------------------------------------------------------------ */

static const exp_series_decl_t series_song_fig6[] = {
    {.label = "base", .cta = "rr", .pcpg = EXP_ON},
    {.label = "tcs", .cta = "tcs", .pcpg = EXP_ON},
    {.label = "htcs", .cta = "htcs", .pcpg = EXP_ON},
    {0},
};

/* The oracle's counts beside TCS and hTCS, PCPG on as in their series. */
static void plan_song_fig6(exp_run_t *r) { add_core_counts(r, core_counts, N_COUNTS, ORACLE_MIN_CORES, 1, ""); }

/* ",CORES,PERF,ENERGY" of oracle series S of workload W against series 0
 * (empty cells where no count qualified) */
static void oracle_cells(exp_run_t *r, unsigned w, int s)
{
    if (s < 0)
        exp_out(r, ",,,");
    else
        exp_out(r, ",%u,%.3f,%.3f", series_cores(r, (unsigned)s), perf(r, w, (unsigned)s, 0),
                energy_rel(r, w, (unsigned)s, 0));
}

static void report_song_fig6(exp_run_t *r)
{
    exp_out(r, "workload,type,cycles_base,perf_tcs,perf_htcs,energy_tcs,energy_htcs,tcs_cores,energy_base_j,cycles_tcs,"
           "cycles_htcs,oracle_cores,perf_oracle,energy_oracle,edp_opt_cores,perf_edp_opt,energy_edp_opt\n");
    /* the oracle per workload (memory-bound: its mean, and each workload's
     * energy under TCS, hTCS and the oracle) */
    double o_e = 0, o_slow = 0;
    unsigned o_n = 0;
    char o_list[1024] = "", o_reach[512] = "", o_short[512] = "";
    double ps[2][2] = {{0}}, es[2][2] = {{0}}, slows[3] = {0};
    unsigned n[2] = {0};
    /* issue 26's target per series (1 TCS, 2 hTCS): >= 19 % energy saved
     * (half the paper's 38 %) at <= 10 % slowdown on the memory-bound set's
     * mean, listed per workload too; compute-bound within 3 % (slowdown =
     * cycles / baseline cycles - 1) */
    char meets[3][512] = {"", "", ""}, misses[3][512] = {"", "", ""};
    bool com_ok[3] = {true, true, true};
    for (unsigned w = 0; w < r->nw; w++) {
        bool mem = song_mem(r->wl[w]->name);
        double p1 = perf(r, w, 1, 0), p2 = perf(r, w, 2, 0), e1 = energy_rel(r, w, 1, 0), e2 = energy_rel(r, w, 2, 0);
        char cores[16] = ""; /* empty: TCS ended no MONITOR phase */
        if (exp_res(r, w, 1)->tcs_cores >= 0)
            snprintf(cores, sizeof cores, "%.0f", exp_res(r, w, 1)->tcs_cores);
        exp_out(r, "%s,%s,%llu,%.3f,%.3f,%.3f,%.3f,%s,%.6g,%llu,%llu", r->wl[w]->name, mem ? "mem" : "com",
            (unsigned long long)exp_res(r, w, 0)->t.cycles, p1, p2, e1, e2, cores, exp_res(r, w, 0)->energy,
            (unsigned long long)exp_res(r, w, 1)->t.cycles, (unsigned long long)exp_res(r, w, 2)->t.cycles);
        oracle_pick_t o = pick_oracle(r, w, 0, "");
        oracle_cells(r, w, o.energy);
        oracle_cells(r, w, o.edp);
        exp_out(r, "\n");
        if (mem && o.energy >= 0) {
            double oe = energy_rel(r, w, (unsigned)o.energy, 0);
            o_e += oe;
            o_slow += ratio((double)exp_res(r, w, (unsigned)o.energy)->t.cycles, (double)exp_res(r, w, 0)->t.cycles) - 1;
            o_n++;
            size_t len = strlen(o_list);
            snprintf(o_list + len, sizeof o_list - len, "%s%s %+.1f%% / %+.1f%% / %+.1f%% (%u; %u)", len ? ", " : "",
                     r->wl[w]->name, pct(e1), pct(e2), pct(oe), series_cores(r, (unsigned)o.energy),
                     o.edp >= 0 ? series_cores(r, (unsigned)o.edp) : 0);
            /* TCS reaches the oracle: within 2 points of its energy, within the 10 % bound */
            bool reach = e1 <= oe + 0.02 && ratio((double)exp_res(r, w, 1)->t.cycles,
                                                  (double)exp_res(r, w, 0)->t.cycles) <= 1 + CORE_ORACLE_MAX_SLOWDOWN;
            char *l = reach ? o_reach : o_short;
            len = strlen(l);
            if (reach)
                snprintf(l + len, sizeof o_reach - len, "%s%s", len ? ", " : "", r->wl[w]->name);
            else
                snprintf(l + len, sizeof o_short - len, "%s%s (%+.1f points of energy)", len ? ", " : "", r->wl[w]->name,
                         100 * (e1 - oe));
        }
        ps[mem][0] += p1;
        ps[mem][1] += p2;
        es[mem][0] += e1;
        es[mem][1] += e2;
        n[mem]++;
        for (unsigned s = 1; s <= 2; s++) {
            double slow = ratio((double)exp_res(r, w, s)->t.cycles, (double)exp_res(r, w, 0)->t.cycles) - 1,
                   e = energy_rel(r, w, s, 0);
            if (mem) {
                slows[s] += slow;
                char *list = e <= 0.81 && slow <= 0.10 ? meets[s] : misses[s];
                size_t len = strlen(list);
                snprintf(list + len, sizeof meets[s] - len, "%s%s (%+.1f%% energy, %+.1f%% cycles)", len ? ", " : "",
                         r->wl[w]->name, pct(e), 100 * slow);
            } else if (fabs(slow) > 0.03 || e > 1.03) {
                com_ok[s] = false;
            }
        }
    }
    for (int m = 1; m >= 0; m--)
        if (n[m])
            printf("song-fig6: %s-bound (%u): TCS performance %+.1f%%, energy %+.1f%%; hTCS performance %+.1f%%, "
                   "energy %+.1f%% (paper: TCS %s; hTCS %s).\n",
                   m ? "memory" : "compute", n[m], pct(ps[m][0] / n[m]), pct(es[m][0] / n[m]),
                   pct(ps[m][1] / n[m]), pct(es[m][1] / n[m]),
                   m ? "about -6% performance, -38% energy" : "about 0% performance",
                   m ? "a further -6% energy" : "-1.5% performance");
    for (unsigned s = 1; s <= 2; s++) {
        double e_mean = n[1] ? es[1][s - 1] / n[1] : 1, slow_mean = n[1] ? slows[s] / n[1] : 0;
        printf("song-fig6: target (>= 19%% energy saved at <= 10%% slowdown on the memory-bound mean) with %s: %s "
               "(%+.1f%% energy, %+.1f%% cycles); per workload met on %s; not on %s; compute-bound within 3%%: %s.\n",
               s == 1 ? "TCS" : "hTCS", !n[1] ? "n/a" : e_mean <= 0.81 && slow_mean <= 0.10 ? "met" : "not met",
               pct(e_mean), 100 * slow_mean, *meets[s] ? meets[s] : "none", *misses[s] ? misses[s] : "none",
               n[0] ? (com_ok[s] ? "yes" : "no") : "n/a");
    }
    char counts[160];
    oracle_counts(r, "", counts, sizeof counts);
    if (o_n)
        printf("song-fig6: static oracle (rr on the --active-cores count of %s with the least energy at <= 10%% more "
               "cycles than all cores, PCPG): memory-bound mean %+.1f%% energy, %+.1f%% cycles: the target %s of a "
               "static count; energy TCS / hTCS / oracle (its cores; least-EDP cores): %s; TCS within 2 points of "
               "the oracle on %s; short of it on %s.\n",
               counts, pct(o_e / o_n), 100 * o_slow / o_n, o_e / o_n <= 0.81 ? "within reach" : "out of reach", o_list,
               *o_reach ? o_reach : "none", *o_short ? o_short : "none");
    paper_line("song-fig6");
}

/* --- song-fig8 ------------------------------------------------------------------ */

static uint32_t fig8_interval(app_size_t size) { return size == APP_SMALL ? 500 : size == APP_PAPER ? 50000 : 5000; }

static void plan_song_fig8(exp_run_t *r)
{
    const char *cta[4] = {"rr", "tcs", "tcs:throttle=0", "htcs"};
    const char *lab[4] = {"base", "tcs", "tcs_throttle0", "htcs"};
    for (unsigned i = 0; i < 4; i++) {
        exp_series_t *s = exp_add_series(r, lab[i], cta[i], NULL);
        s->pcpg = 1;
        s->sample = fig8_interval(r->size);
    }
}

static void report_song_fig8(exp_run_t *r)
{
    unsigned nsm = config_n_sm(&r->cfg);
    /* the table: one row per sample point, per-core IPC in columns */
    fprintf(r->csv, "workload,series,cycle");
    for (unsigned c = 0; c < nsm; c++)
        fprintf(r->csv, ",ipc_sm%u", c);
    fprintf(r->csv, "\n");
    for (unsigned w = 0; w < r->nw; w++)
        for (unsigned s = 0; s < r->ns; s++) {
            exp_result_t *x = exp_res(r, w, s);
            for (size_t p = 0; p < x->npts; p++) {
                fprintf(r->csv, "%s,%s,%llu", r->wl[w]->name, r->series[s].label,
                        (unsigned long long)x->pt_cycle[p]);
                for (unsigned c = 0; c < nsm; c++)
                    if (c < x->nsm)
                        fprintf(r->csv, ",%.3f", x->pt_ipc[c * x->npts + p]);
                    else
                        fprintf(r->csv, ",");
                fprintf(r->csv, "\n");
            }
        }
    for (unsigned w = 0; w < r->nw; w++) {
        printf("song-fig8: %s, %u cycles per point:", r->wl[w]->name, r->series[0].sample);
        for (unsigned s = 0; s < r->ns; s++) {
            exp_result_t *x = exp_res(r, w, s);
            /* cores that ever issued, and the cycles and energy against the baseline */
            unsigned busy = 0;
            for (unsigned c = 0; c < x->nsm; c++) {
                bool any = false;
                for (size_t p = 0; p < x->npts && !any; p++)
                    any = x->pt_ipc[c * x->npts + p] > 0;
                busy += any;
            }
            printf(" %s %llu cycles, energy %.3f, %zu points, %u cores ever issue%s", r->series[s].label,
                   (unsigned long long)x->t.cycles, energy_rel(r, w, s, 0), x->npts, busy, s + 1 < r->ns ? ";" : ".\n");
        }
        double et = exp_res(r, w, 1)->energy, e0 = exp_res(r, w, 2)->energy;
        printf("song-fig8: %s: TCS without throttling %+.1f%% cycles, %+.1f%% energy against TCS.\n", r->wl[w]->name,
               pct(ratio((double)exp_res(r, w, 2)->t.cycles, (double)exp_res(r, w, 1)->t.cycles)), pct(ratio(e0, et)));
    }
    paper_line("song-fig8");
}

/* --- song-fig9 ------------------------------------------------------------------ */

static const exp_series_decl_t series_song_fig9[] = {
    {.label = "base", .cta = "rr", .pcpg = EXP_ON},
    {.label = "tcs", .cta = "tcs", .pcpg = EXP_ON},
    {0},
};

static void report_song_fig9(exp_run_t *r)
{
    unsigned top = 0;
    for (unsigned w = 0; w < r->nw; w++)
        if (exp_res(r, w, 1)->nk > top)
            top = exp_res(r, w, 1)->nk;
    exp_out(r, "workload,launches,perf_tcs,energy_tcs,launches_reduced");
    for (unsigned k = 0; k < top; k++)
        exp_out(r, ",cores_k%u", k);
    exp_out(r, "\n");
    unsigned nsm = config_n_sm(&r->cfg);
    for (unsigned w = 0; w < r->nw; w++) {
        exp_result_t *x = exp_res(r, w, 1);
        unsigned red = 0;
        for (unsigned k = 0; k < x->nk; k++)
            red += x->kcores[k] >= 0 && x->kcores[k] < nsm;
        exp_out(r, "%s,%u,%.3f,%.3f,%u", r->wl[w]->name, x->nk, perf(r, w, 1, 0), energy_rel(r, w, 1, 0), red);
        for (unsigned k = 0; k < top; k++)
            if (k < x->nk && x->kcores[k] >= 0)
                exp_out(r, ",%.0f", x->kcores[k]);
            else
                exp_out(r, ",");
        exp_out(r, "\n");
        printf("song-fig9: %s: TCS reduced the cores on %u of %u launches (cores_k<i> columns: ACTIVE cores after "
               "MONITOR; empty: launch ended before MONITOR did).\n",
               r->wl[w]->name, red, x->nk);
    }
    paper_line("song-fig9");
}

/* --- kayiran-fig12-13 and kayiran-fig14a ---------------------------------------- */

static const exp_series_decl_t series_kayiran_12_13[] = {
    {.label = "base", .cta = "rr"},
    {.label = "dyncta", .cta = "dyncta"},
    {.label = "dyncore", .cta = "dyncore", .pcpg = EXP_OFF},
    {.label = "dyncore_pcpg", .cta = "dyncore", .pcpg = EXP_ON},
    {0},
};

static double power_rel(exp_run_t *r, unsigned w, unsigned s, unsigned b)
{
    return ratio(exp_res(r, w, s)->avg_w, exp_res(r, w, b)->avg_w);
}

/* Kayiran's energy efficiency, "instructions committed per Watt": the same
 * instructions in both runs, so per watt of average power and per unit of
 * time, i.e. IPC per watt = 1 / energy, relative to the baseline. */
static double eff_rel(exp_run_t *r, unsigned w, unsigned s, unsigned b)
{
    return ratio(exp_res(r, w, b)->energy, exp_res(r, w, s)->energy);
}

/* The oracle's counts beside DYNCORE, without PCPG ("cores=N") and with it
 * ("pcpg:cores=N"), and the all-core run of the setting the preset lacks
 * (the baseline, series 0, is the other). */
static void plan_kayiran_12_13(exp_run_t *r)
{
    char label[32];
    bool preset_pcpg = r->cfg.power.pcpg;
    snprintf(label, sizeof label, "%scores=%u", preset_pcpg ? "" : "pcpg:", config_n_sm(&r->cfg));
    exp_add_series(r, label, "rr", NULL)->pcpg = !preset_pcpg;
    size_t nc = sizeof kayiran_counts / sizeof kayiran_counts[0];
    add_core_counts(r, kayiran_counts, nc, 1, 0, "");
    add_core_counts(r, kayiran_counts, nc, 1, 1, "pcpg:");
}

/* The all-core series with PCPG (1) or without (0). */
static unsigned all_cores_series(const exp_run_t *r, bool pcpg)
{
    if (pcpg == r->cfg.power.pcpg)
        return 0;
    char label[32];
    snprintf(label, sizeof label, "%scores=%u", pcpg ? "pcpg:" : "", config_n_sm(&r->cfg));
    return exp_find_series(r, label);
}

static void report_kayiran_12_13(exp_run_t *r)
{
    exp_out(r, "workload,power_dyncta,power_dyncore,power_dyncore_pcpg,eff_dyncta,eff_dyncore,eff_dyncore_pcpg,"
           "speedup_dyncta,speedup_dyncore,speedup_dyncore_pcpg,oracle_cores,speedup_oracle,eff_oracle,edp_opt_cores,"
           "oracle_pcpg_cores,speedup_oracle_pcpg,eff_oracle_pcpg,edp_opt_pcpg_cores\n");
    /* [0] without PCPG (against DYNCORE), [1] with (against DYNCORE+PCPG) */
    double o_eff[2] = {0}, o_sp[2] = {0};
    unsigned o_n[2] = {0}, reach[2] = {0};
    double p[4] = {0}, e[4] = {0}, sp[4] = {0};
    for (unsigned w = 0; w < r->nw; w++) {
        exp_out(r, "%s", r->wl[w]->name);
        for (unsigned s = 1; s < 4; s++)
            exp_out(r, ",%.3f", power_rel(r, w, s, 0));
        for (unsigned s = 1; s < 4; s++)
            exp_out(r, ",%.3f", eff_rel(r, w, s, 0));
        for (unsigned s = 1; s < 4; s++)
            exp_out(r, ",%.3f", perf(r, w, s, 0));
        for (int g = 0; g < 2; g++) {
            oracle_pick_t o = pick_oracle(r, w, all_cores_series(r, g), g ? "pcpg:" : "");
            if (o.energy < 0) {
                exp_out(r, ",,,");
            } else {
                unsigned os = (unsigned)o.energy;
                double eff = eff_rel(r, w, os, 0);
                exp_out(r, ",%u,%.3f,%.3f", series_cores(r, os), perf(r, w, os, 0), eff);
                o_eff[g] += eff;
                o_sp[g] += perf(r, w, os, 0);
                o_n[g]++;
                reach[g] += eff_rel(r, w, 2 + (unsigned)g, 0) >= eff - 0.02;
            }
            if (o.edp < 0)
                exp_out(r, ",");
            else
                exp_out(r, ",%u", series_cores(r, (unsigned)o.edp));
        }
        exp_out(r, "\n");
        for (unsigned s = 1; s < 4; s++) {
            p[s] += power_rel(r, w, s, 0);
            e[s] += eff_rel(r, w, s, 0);
            sp[s] += perf(r, w, s, 0);
        }
    }
    double n = r->nw;
    printf("kayiran-fig12-13: over %u workloads (arithmetic means): DYNCTA power %+.1f%%, efficiency %+.1f%%, speed "
           "%+.1f%%; DYNCORE with PCPG power %+.1f%%, efficiency %+.1f%%, without PCPG power %+.1f%%, efficiency "
           "%+.1f%%; DYNCORE speed %+.1f%% (efficiency: performance per watt, i.e. 1 / energy).\n",
           r->nw, pct(p[1] / n), pct(e[1] / n), pct(sp[1] / n), pct(p[3] / n), pct(e[3] / n), pct(p[2] / n),
           pct(e[2] / n), pct(sp[3] / n));
    char counts[160];
    oracle_counts(r, "", counts, sizeof counts);
    if (o_n[0] && o_n[1])
        printf("kayiran-fig12-13: static oracle (rr on the --active-cores count of %s with the least energy at <= 10%% "
               "more cycles than all cores, PCPG as the DYNCORE series): without PCPG efficiency %+.1f%%, speed "
               "%+.1f%% (DYNCORE %+.1f%%, within 2 points of the oracle on %u of %u); with PCPG efficiency %+.1f%%, speed "
               "%+.1f%% (DYNCORE+PCPG %+.1f%%, within 2 points on %u of %u).\n",
               counts, pct(o_eff[0] / o_n[0]), pct(o_sp[0] / o_n[0]), pct(e[2] / n), reach[0], o_n[0],
               pct(o_eff[1] / o_n[1]), pct(o_sp[1] / o_n[1]), pct(e[3] / n), reach[1], o_n[1]);
    /* issue 26's goal: the paper's direction at half its magnitude (power -17 %, efficiency +52 %, speed +21 %) */
    const bool pw = p[3] / n - 1 <= -0.085, ef = e[3] / n - 1 >= 0.26, spd = sp[3] / n - 1 >= 0.105;
    printf("kayiran-fig12-13: goal (half the paper's: DYNCORE+PCPG power <= -8.5%%, efficiency >= +26%%, speed >= "
           "+10.5%%): power %s, efficiency %s, speed %s",
           pw ? "met" : "not met", ef ? "met" : "not met", spd ? "met" : "not met");
    if (!ef || !spd) {
        unsigned listed = 0;
        printf("; DYNCORE+PCPG below 0.95x speed (DYNCTA's losses, docs/policies/dyncore.md):");
        for (unsigned w = 0; w < r->nw; w++)
            if (perf(r, w, 3, 0) < 0.95)
                printf("%s %s %.2fx", listed++ ? "," : "", r->wl[w]->name, perf(r, w, 3, 0));
        printf("%s", listed ? "" : " none");
        if (o_n[1])
            printf("; the static core-count oracle's efficiency with PCPG %+.1f%%", pct(o_eff[1] / o_n[1]));
    }
    printf(".\n");
    paper_line("kayiran-fig12-13");
}

static void plan_kayiran_14a(exp_run_t *r)
{
    exp_add_series(r, "k=0", "dyncta", NULL)->pcpg = 1;
    for (unsigned k = 2; k <= 14; k += 2) {
        char label[16], cta[32];
        snprintf(label, sizeof label, "k=%u", k);
        snprintf(cta, sizeof cta, "dyncore:k=%u", k);
        exp_add_series(r, label, cta, NULL)->pcpg = 1;
    }
}

static void report_kayiran_14a(exp_run_t *r)
{
    exp_out(r, "workload");
    const char *what[3] = {"speedup", "power", "eff"};
    for (unsigned m = 0; m < 3; m++)
        for (unsigned s = 1; s < r->ns; s++)
            exp_out(r, ",%s_%s", what[m], r->series[s].label);
    exp_out(r, "\n");
    double sum[3][EXP_MAX_SERIES] = {{0}};
    for (unsigned w = 0; w < r->nw; w++) {
        exp_out(r, "%s", r->wl[w]->name);
        for (unsigned m = 0; m < 3; m++)
            for (unsigned s = 1; s < r->ns; s++) {
                double v = m == 0 ? perf(r, w, s, 0) : m == 1 ? power_rel(r, w, s, 0) : eff_rel(r, w, s, 0);
                exp_out(r, ",%.3f", v);
                sum[m][s] += v;
            }
        exp_out(r, "\n");
    }
    printf("kayiran-fig14a: against no core turned off (DYNCTA), PCPG on, means over %u workloads:", r->nw);
    for (unsigned s = 1; s < r->ns; s++)
        printf(" %s speed %+.1f%% power %+.1f%% eff %+.1f%%%s", r->series[s].label, pct(sum[0][s] / r->nw),
               pct(sum[1][s] / r->nw), pct(sum[2][s] / r->nw), s + 1 < r->ns ? ";" : ".\n");
    paper_line("kayiran-fig14a");
}

/* --- lee-fig14 ------------------------------------------------------------------ */

static const exp_series_decl_t series_lee_fig14[] = {
    {.label = "gto", .cta = "rr", .gate_rf = EXP_ON},
    {.label = "lcs", .cta = "lcs", .gate_rf = EXP_ON},
    {0},
};

static void report_lee_fig14(exp_run_t *r)
{
    exp_out(r, "workload,paper_type,energy_gto_j,energy_lcs_j,energy_saving,speedup_lcs,rf_shmem_gated\n");
    double sum = 0, best = 0;
    const char *best_wl = "";
    for (unsigned w = 0; w < r->nw; w++) {
        const char *type = paper_type_lee(exp_paper_name(r, w));
        double sav = 1 - energy_rel(r, w, 1, 0);
        exp_out(r, "%s,%s,%.6g,%.6g,%.3f,%.3f,1\n", r->wl[w]->name, type ? type : "", exp_res(r, w, 0)->energy,
            exp_res(r, w, 1)->energy, sav, perf(r, w, 1, 0));
        sum += sav;
        if (sav > best) {
            best = sav;
            best_wl = r->wl[w]->name;
        }
    }
    printf("lee-fig14: LCS over GTO with unused RF / shared memory gated: energy saved %.1f%% on average over %u "
           "workloads, up to %.1f%% (%s, Type %s).\n",
           100 * sum / r->nw, r->nw, 100 * best, best_wl,
           *best_wl && paper_type_lee(best_wl) ? paper_type_lee(best_wl) : "?");
    paper_line("lee-fig14");
}

/* --- the registry ------------------------------------------------------------- */

static const exp_family_t energy_family = {.power = true, .tcs_option = true};

#define SONG(name_, summary_, paper_, source_) \
    .name = name_, .summary = summary_, .config = "date14-28sm", .paper = paper_, .source = source_, \
    .family = &energy_family
#define KAYIRAN(name_, summary_) \
    .name = name_, .summary = summary_, .config = "pact13-30sm", .warp = "lrr", .paper = kayiran_table2, \
    .source = "Table 2", .family = &energy_family

static const exp_def_t energy_experiments[] = {
    {SONG("song-fig2", "static and dynamic power per workload", song_table2, "Table II"), .series = series_song_fig2,
     .report = report_song_fig2},
    {SONG("song-fig3", "IPC and memory latency vs active cores", song_table2, "Table II"), .plan = plan_song_fig3,
     .report = report_song_fig3, .cache = "song-cores"},
    {SONG("song-fig6", "TCS, hTCS performance and energy vs all cores (PCPG)", song_table2, "Table II"),
     .series = series_song_fig6, .plan = plan_song_fig6, .report = report_song_fig6, .cache = "song-cores"},
    {SONG("song-fig7", "TCS's active cores vs the static EDP-optimal count", song_table2, "Table II"),
     .plan = plan_song_fig7, .report = report_song_fig7, .cache = "song-cores"},
    {SONG("song-fig8", "per-core IPC over time: base, TCS, TCS throttle=0, hTCS", song_fig8,
          "Fig. 8: one single-kernel memory-bound workload, unnamed; ours MUM"),
     .plan = plan_song_fig8, .report = report_song_fig8},
    {SONG("song-fig9", "TCS's active cores per kernel launch", song_fig9, "Fig. 9"), .series = series_song_fig9,
     .report = report_song_fig9},
    {KAYIRAN("kayiran-fig12-13", "power and perf/W of DYNCTA, DYNCORE with and without PCPG"),
     .series = series_kayiran_12_13, .plan = plan_kayiran_12_13, .report = report_kayiran_12_13},
    {KAYIRAN("kayiran-fig14a", "DYNCORE with k = 2..14 cores turned off (PCPG)"), .plan = plan_kayiran_14a,
     .report = report_kayiran_14a},
    {.name = "lee-fig14", .summary = "LCS energy vs GTO, unused RF / shared memory gated", .config = "hpca14-28sm",
     .warp = "gto", .paper = lee_table2, .source = "Table 2", .series = series_lee_fig14, .report = report_lee_fig14,
     .family = &energy_family},
};

/* --- registered: `ctasim experiment list` and NAME (cli/exp_registry.h) --- */

static bool describe(unsigned i, experiment_info_t *out)
{
    return exp_describe(energy_experiments, CS_ARRAY_LEN(energy_experiments), i, out);
}

static int run(int argc, char **argv)
{
    return exp_run_command(energy_experiments, CS_ARRAY_LEN(energy_experiments), argc, argv);
}

const experiment_set_t experiments_energy = {describe, run};
EXPERIMENT_REGISTER(experiments_energy);
