/* correlate.c — `ctasim correlate HW.csv`: hardware beside simulation.
 *
 * HW.csv is what `ctasim native --csv` wrote on a machine with a GPU: per
 * workload, the size and seed it ran at, its check and the median GPU time
 * of its kernels. Each workload is simulated here at the same size and seed
 * (and the same CTA cap, if the hardware run had one) on the configuration
 * given (default: the h100 preset), and the two times are put side by side:
 *
 *   simulated time = simulated core cycles / the config's core clock
 *   error          = (simulated - hardware) / hardware
 *
 * with the mean absolute error and the correlation of the two over the
 * workloads — the figures Accel-Sim reports for its own correlation.
 * Hardware cycles are also shown, as the time at the GPU's highest SM clock
 * (the clock is not locked on the machines we borrow: the time is the
 * measurement, the cycles a reading of it).
 *
 * Workloads whose hardware run did not pass its check are simulated and
 * listed but left out of the error: their time is of a wrong computation. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"
#include "jobs.h"

typedef struct {
    char workload[32], check[16], device[128];
    app_size_t size;
    uint64_t seed;
    uint32_t max_ctas;
    double hw_ms;
    double sm_clock_mhz;
    unsigned line;
    /* the simulation's answer */
    uint64_t cycles;
    int sim_check;
    char err[CS_ERRMSG_MAX];
} hw_row_t;

/* Split one CSV line into fields (quotes around a field allowed, no quote
 * inside one: ctasim native writes none). */
static size_t split_csv(char *line, char **fields, size_t max)
{
    size_t n = 0;
    char *p = line;
    while (n < max) {
        if (*p == '"') {
            fields[n++] = ++p;
            while (*p && *p != '"')
                p++;
            if (*p)
                *p++ = '\0';
        } else {
            fields[n++] = p;
            while (*p && *p != ',')
                p++;
        }
        if (*p != ',')
            break;
        *p++ = '\0';
    }
    return n;
}

static int column(char **head, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(head[i], name))
            return (int)i;
    return -1;
}

static int read_hw(const char *path, hw_row_t **rows_out, size_t *n_out, cs_error_t *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return cs_err(err, path, 0, "cannot open: %s", strerror(errno));
    char line[4096], head_line[4096];
    char *head[32], *fld[32];
    size_t nh = 0, n = 0, cap = 0;
    hw_row_t *rows = NULL;
    unsigned ln = 0;
    int rc = 0;
    int c_work = -1, c_size = -1, c_seed = -1, c_check = -1, c_ms = -1, c_cap = -1, c_dev = -1, c_clk = -1;
    while (fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        if (!nh) {
            snprintf(head_line, sizeof head_line, "%s", line);
            nh = split_csv(head_line, head, 32);
            c_work = column(head, nh, "workload");
            c_size = column(head, nh, "size");
            c_seed = column(head, nh, "seed");
            c_check = column(head, nh, "check");
            c_ms = column(head, nh, "gpu_ms_median");
            c_cap = column(head, nh, "max_ctas");
            c_dev = column(head, nh, "device");
            c_clk = column(head, nh, "sm_clock_mhz");
            if (c_work < 0 || c_size < 0 || c_seed < 0 || c_check < 0 || c_ms < 0) {
                rc = cs_err(err, path, ln, "not a `ctasim native --csv` file (no workload, size, seed, check, "
                                           "gpu_ms_median columns)");
                break;
            }
            continue;
        }
        size_t nf = split_csv(line, fld, 32);
        if (nf < nh) {
            rc = cs_err(err, path, ln, "%zu fields where the header has %zu", nf, nh);
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            rows = cs_xrealloc(rows, cap * sizeof *rows);
        }
        hw_row_t *r = &rows[n];
        memset(r, 0, sizeof *r);
        r->line = ln;
        snprintf(r->workload, sizeof r->workload, "%s", fld[c_work]);
        snprintf(r->check, sizeof r->check, "%s", fld[c_check]);
        if (c_dev >= 0)
            snprintf(r->device, sizeof r->device, "%s", fld[c_dev]);
        uint64_t v;
        if (!app_find(r->workload)) {
            rc = cs_err(err, path, ln, "'%s' is no workload of this ctasim's suite", r->workload);
            break;
        }
        if (app_size_parse(fld[c_size], &r->size) < 0) {
            rc = cs_err(err, path, ln, "size '%s' is not small, default or paper", fld[c_size]);
            break;
        }
        if (cli_parse_uint("seed", fld[c_seed], 0, UINT64_MAX, &r->seed, err) < 0 ||
            (c_cap >= 0 && cli_parse_uint("max_ctas", fld[c_cap], 0, 64, &v, err) < 0) ||
            cli_parse_double("gpu_ms_median", fld[c_ms], 0, 1e9, &r->hw_ms, err) < 0 ||
            (c_clk >= 0 && cli_parse_double("sm_clock_mhz", fld[c_clk], 0, 1e5, &r->sm_clock_mhz, err) < 0)) {
            char msg[CS_ERRMSG_MAX];
            snprintf(msg, sizeof msg, "%s", err->msg);
            rc = cs_err(err, path, ln, "%s", msg);
            break;
        }
        r->max_ctas = c_cap >= 0 ? (uint32_t)v : 0;
        n++;
    }
    fclose(f);
    if (rc == 0 && n == 0)
        rc = cs_err(err, path, 0, "no workload rows");
    if (rc < 0) {
        free(rows);
        return -1;
    }
    *rows_out = rows;
    *n_out = n;
    return 0;
}

typedef struct {
    const run_opts_t *o;
    hw_row_t *rows;
} corr_ctx_t;

static void simulate_row(void *vctx, size_t i)
{
    corr_ctx_t *c = vctx;
    hw_row_t *r = &c->rows[i];
    gpu_config_t cfg = c->o->cfg;
    if (r->max_ctas)
        cfg.max_ctas_override = r->max_ctas;
    sim_request_t req = {.cfg = &cfg, .cta_sched = c->o->cta_sched, .warp_sched = c->o->warp_sched,
                         .input = r->workload, .size = r->size, .seed = r->seed};
    sim_outcome_t out;
    cs_error_t err = {{0}};
    gpu_t *g = cli_simulate(&req, &out, &err);
    if (!g) {
        snprintf(r->err, sizeof r->err, "%s", err.msg);
        return;
    }
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    r->cycles = t.cycles;
    r->sim_check = out.check;
    gpu_destroy(g);
}

static void progress(void *ctx, size_t done, size_t total)
{
    (void)ctx;
    fprintf(stderr, "\rctasim correlate: %zu of %zu simulated", done, total);
    if (done == total)
        fputc('\n', stderr);
}

int cmd_correlate(int argc, char **argv)
{
    /* our own options out, the run options to the common parser, with the
     * h100 preset first unless a --config is given */
    char **args = cs_xcalloc((size_t)argc + 3, sizeof *args);
    int n = 0;
    args[n++] = argv[0];
    args[n++] = argv[1];
    const char *csv_out = NULL;
    unsigned jobs = jobs_default();
    bool has_config = false;
    for (int i = 2; i < argc; i++)
        has_config |= !strcmp(argv[i], "--config");
    if (!has_config) {
        args[n++] = "--config";
        args[n++] = "h100";
    }
    cs_error_t err = {{0}};
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--jobs") || !strcmp(argv[i], "--csv")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ctasim: correlate: %s expects a value\n", argv[i]);
                free(args);
                return 2;
            }
            if (!strcmp(argv[i], "--csv")) {
                csv_out = argv[++i];
            } else {
                uint64_t j;
                if (cli_parse_uint("--jobs", argv[++i], 1, CLI_MAX_JOBS, &j, &err) < 0) {
                    free(args);
                    return cli_fail_usage(&err);
                }
                jobs = (unsigned)j;
            }
            continue;
        }
        args[n++] = argv[i];
    }
    run_opts_t o;
    int rc = cli_parse_opts(n, args, &o, true);
    free(args);
    if (rc)
        return rc;
    /* run options that mean nothing for a table of many runs: refused, not ignored */
    if (o.json || o.sample_interval) {
        fprintf(stderr, "ctasim: correlate: %s is not an option of correlate (it prints a table; --csv FILE writes it)\n",
                o.json ? "--json" : "--sample-interval");
        return 2;
    }
    hw_row_t *rows = NULL;
    size_t nrows = 0;
    if (read_hw(o.input, &rows, &nrows, &err) < 0)
        return cli_fail(&err);
    FILE *out = NULL;
    char tmp[4200] = "";
    if (csv_out) {
        snprintf(tmp, sizeof tmp, "%s.tmp", csv_out);
        if (!(out = fopen(tmp, "w"))) {
            fprintf(stderr, "ctasim: correlate: %s: %s\n", tmp, strerror(errno));
            free(rows);
            return 1;
        }
    }
    corr_ctx_t ctx = {&o, rows};
    jobs_run(nrows, jobs, simulate_row, isatty(2) ? progress : NULL, &ctx);
    double clk = o.cfg.clk_core_mhz;
    printf("%-6s %-7s %-5s %12s %12s %14s %14s %9s\n", "work", "size", "check", "hw_ms", "sim_ms", "hw_cycles",
           "sim_cycles", "error");
    if (out)
        fprintf(out, "workload,size,seed,max_ctas,hw_check,sim_check,hw_ms,sim_ms,hw_cycles,sim_cycles,error\n");
    double sum_abs = 0, sum_signed = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    unsigned counted = 0, failed = 0;
    for (size_t i = 0; i < nrows; i++) {
        hw_row_t *r = &rows[i];
        if (r->err[0]) {
            printf("%-6s %-7s simulation failed: %s\n", r->workload, app_size_name(r->size), r->err);
            failed++;
            continue;
        }
        double sim_ms = clk > 0 ? (double)r->cycles / clk / 1000.0 : 0;
        double hw_cycles = r->hw_ms * r->sm_clock_mhz * 1000.0;
        bool usable = !strcmp(r->check, "PASS") && r->hw_ms > 0 && r->sim_check != 0;
        double e = usable ? (sim_ms - r->hw_ms) / r->hw_ms : 0;
        char err_txt[32];
        snprintf(err_txt, sizeof err_txt, usable ? "%.1f%%" : "n/a", 100 * e);
        printf("%-6s %-7s %-5s %12.4f %12.4f %14.0f %14llu %9s%s\n", r->workload, app_size_name(r->size), r->check,
               r->hw_ms, sim_ms, hw_cycles, (unsigned long long)r->cycles, err_txt,
               usable ? "" : "  (left out: failed its check)");
        if (out)
            fprintf(out, "%s,%s,%llu,%u,%s,%s,%.6f,%.6f,%.0f,%llu,%s%.4f\n", r->workload, app_size_name(r->size),
                    (unsigned long long)r->seed, r->max_ctas, r->check,
                    r->sim_check < 0 ? "none" : r->sim_check ? "PASS" : "FAIL", r->hw_ms, sim_ms, hw_cycles,
                    (unsigned long long)r->cycles, usable ? "" : "-", usable ? e : 0.0);
        if (!usable)
            continue;
        counted++;
        sum_abs += fabs(e);
        sum_signed += e;
        sx += r->hw_ms;
        sy += sim_ms;
        sxx += r->hw_ms * r->hw_ms;
        syy += sim_ms * sim_ms;
        sxy += r->hw_ms * sim_ms;
    }
    if (counted) {
        double cov = sxy - sx * sy / counted, vx = sxx - sx * sx / counted, vy = syy - sy * sy / counted;
        double corr = vx > 0 && vy > 0 ? cov / sqrt(vx * vy) : 0;
        printf("mean absolute error %.1f %% (mean signed %+.1f %%), correlation %.3f, over %u workloads "
               "(hardware: %s; simulated: %.0f MHz core clock)\n",
               100 * sum_abs / counted, 100 * sum_signed / counted, corr, counted, rows[0].device, clk);
    } else {
        printf("no workload both passed on the hardware and simulated: no error to report\n");
    }
    free(rows);
    if (out) {
        int bad = ferror(out) | fclose(out);
        if (bad || rename(tmp, csv_out) != 0) {
            fprintf(stderr, "ctasim: correlate: could not write %s\n", csv_out);
            return 1;
        }
        fprintf(stderr, "ctasim correlate: written %s\n", csv_out);
    }
    return failed || !counted ? 1 : 0;
}
