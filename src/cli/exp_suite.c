/* exp_suite.c — the suites' programs as experiment workloads (exp_suite.h). */
#include "exp_suite.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exec_child.h"
#include "report/json.h"
#include "policy/policy_metrics.h"

/* --- suites/programs.txt -------------------------------------------------------- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

/* Split LINE at '|' into at most MAX trimmed fields; the count. */
static unsigned split(char *line, char **f, unsigned max)
{
    unsigned n = 0;
    for (char *p = line; n < max;) {
        char *bar = strchr(p, '|');
        if (bar)
            *bar = 0;
        f[n++] = trim(p);
        if (!bar)
            break;
        p = bar + 1;
    }
    return n;
}

/* TEXT with every @DATA@ as DATA into OUT; false if it does not fit. */
static bool expand(const char *text, const char *data, char *out, size_t cap)
{
    size_t len = 0;
    for (const char *p = text; *p;) {
        const char *at = strstr(p, "@DATA@");
        size_t lit = at ? (size_t)(at - p) : strlen(p);
        const char *add = data;
        if (len + lit >= cap)
            return false;
        memcpy(out + len, p, lit);
        len += lit;
        if (!at)
            break;
        if (len + strlen(add) >= cap)
            return false;
        memcpy(out + len, add, strlen(add));
        len += strlen(add);
        p = at + 6;
    }
    out[len] = 0;
    return true;
}

int exp_suite_load(const char *suite, const char *set, exp_program_t **out, unsigned *n, cs_error_t *err)
{
    *out = NULL;
    *n = 0;
    if (strcmp(suite, "rodinia") && strcmp(suite, "parboil") && strcmp(suite, "cuda-samples") && strcmp(suite, "all"))
        return cs_err(err, NULL, 0, "--suite expects rodinia, parboil, cuda-samples or all, got '%s'", suite);
    if (strcmp(set, "mid") && strcmp(set, "ci"))
        return cs_err(err, NULL, 0, "--suite-set expects mid or ci, got '%s'", set);
    char build[4096], list[4200], data[4200];
    if (cs_exe_dir(build, sizeof build) < 0)
        return cs_err(err, NULL, 0, "--suite: cannot find the ctasim binary (/proc/self/exe): %s", strerror(errno));
    snprintf(list, sizeof list, "%s/../suites/programs.txt", build);
    snprintf(data, sizeof data, "%s/suites/data", build);
    FILE *f = fopen(list, "r");
    if (!f)
        return cs_err(err, list, 0, "--suite needs the suites' list: %s", strerror(errno));
    /* two passes' worth of lines at once: the program lines, then the mid lines that name them */
    char line[8192];
    struct prog_line {
        char name[64], suite[32], ci_args[2048];
    } *progs = NULL;
    unsigned np = 0, cap = 0;
    exp_program_t *sel = NULL;
    unsigned ns = 0, lineno = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        char *fields[8], *t = trim(line);
        if (!*t || *t == '#' || !strncmp(t, "ref ", 4))
            continue;
        unsigned nf = split(t, fields, 8);
        if (!strncmp(fields[0], "mid ", 4)) {
            if (nf != 3 && nf != 4) {
                rc = cs_err(err, list, lineno, "a mid line is `mid NAME | OURS | ARGS [| REFERENCE ARGS]`");
                break;
            }
            const char *name = trim(fields[0] + 4);
            const struct prog_line *pl = NULL;
            for (unsigned i = 0; i < np; i++)
                if (!strcmp(progs[i].name, name))
                    pl = &progs[i];
            if (!pl) {
                rc = cs_err(err, list, lineno, "mid line for %s, which no program line above names", name);
                break;
            }
            if (strcmp(suite, "all") && strcmp(suite, pl->suite))
                continue;
            sel = cs_xrealloc(sel, (ns + 1) * sizeof *sel);
            exp_program_t *p = &sel[ns];
            memset(p, 0, sizeof *p);
            snprintf(p->name, sizeof p->name, "%s", name);
            snprintf(p->suite, sizeof p->suite, "%s", pl->suite);
            snprintf(p->ours, sizeof p->ours, "%s", fields[1]);
            snprintf(p->row, sizeof p->row, "%s/%s", pl->suite, name);
            snprintf(p->exe, sizeof p->exe, "%s/suites/%s", build, name);
            snprintf(p->build, sizeof p->build, "%s", build);
            snprintf(p->set, sizeof p->set, "%s", set);
            if (!expand(!strcmp(set, "ci") ? pl->ci_args : fields[2], data, p->args, sizeof p->args)) {
                rc = cs_err(err, list, lineno, "%s: arguments too long", name);
                break;
            }
            ns++;
            continue;
        }
        if (nf < 6) {
            rc = cs_err(err, list, lineno, "expected `name | dir | sources | args | check | set`");
            break;
        }
        if (np == cap)
            progs = cs_xrealloc(progs, (cap = cap ? 2 * cap : 64) * sizeof *progs);
        struct prog_line *pl = &progs[np++];
        snprintf(pl->name, sizeof pl->name, "%s", fields[0]);
        snprintf(pl->suite, sizeof pl->suite, "%.*s", (int)strcspn(fields[1], "/"), fields[1]);
        snprintf(pl->ci_args, sizeof pl->ci_args, "%s", fields[3]);
    }
    fclose(f);
    free(progs);
    for (unsigned i = 0; rc == 0 && i < ns; i++) {
        sel[i].def.name = sel[i].row;
        sel[i].def.summary = "a vendored suite's program under ctasim exec";
        sel[i].def.traits = "";
    }
    if (rc == 0 && ns == 0)
        rc = cs_err(err, list, 0, "--suite %s: no program of that suite has a mid line", suite);
    if (rc) {
        free(sel);
        return -1;
    }
    /* rebased after the last realloc: def.name points into the same element */
    for (unsigned i = 0; i < ns; i++)
        sel[i].def.name = sel[i].row;
    *out = sel;
    *n = ns;
    return 0;
}

int exp_suite_check_built(const exp_program_t *p, cs_error_t *err)
{
    if (access(p->exe, X_OK) != 0)
        return cs_err(err, p->exe, 0, "--suite %s: program %s is not built (run `make suites`)", p->suite, p->name);
    return 0;
}

void exp_suite_key(const exp_program_t *p, char *buf, size_t n)
{
    struct stat st;
    if (stat(p->exe, &st) != 0)
        memset(&st, 0, sizeof st);
    snprintf(buf, n, "program=%s bytes=%lld mtime=%lld args=%s", p->exe, (long long)st.st_size,
             (long long)st.st_mtime, p->args);
}

/* --- one run ------------------------------------------------------------------------ */

static uint64_t u64(const jv_t *v, const char *key) { return (uint64_t)json_num(json_get(v, key), 0); }

/* The result document DOC of a finished run into X. */
static void read_result(const jv_t *doc, const exp_series_t *se, exp_result_t *x)
{
    gpu_totals_t *t = &x->t;
    t->cycles = u64(doc, "cycles");
    t->warp_insts = u64(doc, "warp_insts");
    t->thread_insts = u64(doc, "thread_insts");
    t->ipc = json_num(json_get(doc, "ipc"), 0);
    t->l1_accesses = u64(json_get(doc, "l1d"), "accesses");
    t->l1_misses = u64(json_get(doc, "l1d"), "misses");
    t->l2_accesses = u64(json_get(doc, "l2"), "accesses");
    t->l2_misses = u64(json_get(doc, "l2"), "misses");
    t->avg_mem_latency = json_num(json_get(doc, "avg_mem_latency"), 0);
    t->dram_bw_util = json_num(json_get(json_get(doc, "dram"), "bw_util"), 0);
    t->sim_wall_seconds = json_num(json_get(doc, "sim_wall_seconds"), 0);
    x->seconds = t->sim_wall_seconds;
    const jv_t *cores = json_get(doc, "cores");
    unsigned n_sm = cores && cores->kind == JV_ARR ? (unsigned)cores->n : 0;
    for (unsigned k = 0; k < n_sm; k++) {
        const jv_t *c = &cores->items[k];
        x->no_cta += u64(c, "no_cta_cycles");
        x->act += u64(c, "act_cycles");
        /* every cycle of a core is one of these three (model/counters.h) */
        x->cycles_all += u64(c, "act_cycles") + u64(c, "inact_cycles") + u64(c, "no_cta_cycles");
        x->c_mem_all += u64(c, "c_mem");
    }
    x->cmem_split = false;
    const jv_t *kernels = json_get(doc, "kernels");
    cli_grid_summary_t grid = {0};
    for (size_t k = 0; kernels && kernels->kind == JV_ARR && k < kernels->n; k++) {
        const jv_t *kr = &kernels->items[k];
        uint32_t occ = (uint32_t)u64(kr, "occupancy_limit");
        uint64_t ctas = u64(kr, "ctas");
        if (occ > x->occupancy)
            x->occupancy = occ;
        if (ctas >= (uint64_t)n_sm * occ)
            x->fills_gpu = true;
        if (ctas > grid.max_ctas) {
            grid.max_ctas = ctas;
            snprintf(grid.kernel, sizeof grid.kernel, "%s", json_str(json_get(kr, "name")) ? json_str(json_get(kr, "name")) : "");
        }
    }
    x->max_grid = grid.max_ctas;
    /* cores that take CTAs: --active-cores, or all of them */
    grid.cores = se->active ? se->active : n_sm;
    grid.one_stream = true;
    x->cores = grid.cores;
    x->inert = cli_policy_inert(se->cta, &grid);
    const jv_t *m = json_get(doc, "metrics");
    x->t_new = json_num(json_get(m, METRIC_LCS_T_NEW), -1);
    x->n_avg = json_num(json_get(m, METRIC_DYNCTA_N_AVG), -1);
    x->energy = json_num(json_get(m, "power.energy_j"), -1);
    x->static_j = json_num(json_get(m, "power.static_j"), -1);
    x->dynamic_j = json_num(json_get(m, "power.dynamic_j"), -1);
    x->avg_w = json_num(json_get(m, "power.avg_w"), -1);
    x->edp = json_num(json_get(m, "power.edp_js"), -1);
    x->tcs_cores = json_num(json_get(m, METRIC_TCS_CORES), -1);
    const jv_t *ns = json_get(json_get(doc, "series"), METRIC_DYNCTA_N_SERIES);
    if (ns && ns->kind == JV_ARR && ns->n) {
        x->n_points = ns->n;
        x->n_cycle = cs_xcalloc(ns->n, sizeof *x->n_cycle);
        x->n_value = cs_xcalloc(ns->n, sizeof *x->n_value);
        for (size_t p = 0; p < ns->n; p++) {
            const jv_t *pt = &ns->items[p];
            if (pt->kind == JV_ARR && pt->n == 2) {
                x->n_cycle[p] = (uint64_t)json_num(&pt->items[0], 0);
                x->n_value[p] = json_num(&pt->items[1], 0);
            }
        }
    }
}

/* The program's own check on its run in DIR (stdout.txt and its files
 * there): tools/run_suites.sh --check, into x->prog_check and prog_detail. */
static void program_check(const exp_program_t *p, const char *dir, exp_result_t *x)
{
    char script[4200], line[512];
    snprintf(script, sizeof script, "%s/../tools/run_suites.sh", p->build);
    const char *argv[] = {"/bin/sh", script, "--build", p->build, "--check", p->name, p->set, dir, NULL};
    int st = exec_child_command(argv, line, sizeof line);
    x->prog_check = st == 0 ? EXP_PROG_PASS : st == 3 ? EXP_PROG_RAN : EXP_PROG_FAIL;
    /* the line is "PASS NAME", "RAN NAME: why" or "FAIL NAME: why": keep why */
    const char *why = strstr(line, ": ");
    why = why ? why + 2 : line;
    if (x->prog_check == EXP_PROG_FAIL && !*why)
        why = st < 0 ? "the check did not run" : "the check gave no line";
    snprintf(x->prog_detail, sizeof x->prog_detail, "%.199s", x->prog_check == EXP_PROG_PASS ? "" : why);
    /* one line, as the .runs file keeps it */
    for (char *c = x->prog_detail; *c; c++)
        if (*c == '\n' || *c == '\r')
            *c = ' ';
}

int exp_suite_run(const exp_program_t *p, const char *preset, const exp_series_t *se, bool power, exp_result_t *x)
{
    if (se->pcpg >= 0 || se->gate_rf >= 0 || se->sample) {
        x->rc = -1;
        return cs_err(&x->err, NULL, 0,
                      "%s: series %s sets power gating or sampling, which --suite does not pass to programs yet",
                      p->row, se->label);
    }
    const char *tmp = getenv("TMPDIR");
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/ctasim-result-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        x->rc = -1;
        return cs_err(&x->err, dir, 0, "cannot make a folder for %s's result: %s", p->row, strerror(errno));
    }
    char json[4300], cap[16], active[16], argbuf[2048], label[256];
    snprintf(json, sizeof json, "%s/result.json", dir);
    snprintf(cap, sizeof cap, "%u", se->max_ctas);
    snprintf(active, sizeof active, "%u", se->active);
    snprintf(argbuf, sizeof argbuf, "%s", p->args);
    snprintf(label, sizeof label, "%s under %s", p->row, se->label);
    /* --config PRESET --cta-sched C [--warp-sched W] [--max-ctas K] [--active-cores A] [--power]
     * --json FILE PROGRAM ARGS... (the arguments split at blanks, as the suites' runner's shell does) */
    const char *argv[512];
    unsigned a = 0;
    argv[a++] = "--config";
    argv[a++] = preset;
    argv[a++] = "--cta-sched";
    argv[a++] = se->cta;
    if (se->warp[0]) {
        argv[a++] = "--warp-sched";
        argv[a++] = se->warp;
    }
    if (se->max_ctas) {
        argv[a++] = "--max-ctas";
        argv[a++] = cap;
    }
    if (se->active) {
        argv[a++] = "--active-cores";
        argv[a++] = active;
    }
    if (power)
        argv[a++] = "--power";
    argv[a++] = "--json";
    argv[a++] = json;
    argv[a++] = p->exe;
    for (char *save = NULL, *w = strtok_r(argbuf, " \t", &save); w && a < 510; w = strtok_r(NULL, " \t", &save))
        argv[a++] = w;
    argv[a] = NULL;
    /* as tools/run_suites.sh runs it: time() fixed, the device-to-host copies kept */
    char out[4300], dtoh[4300 + 16], preload[8400], fixed[4200];
    snprintf(out, sizeof out, "%s/stdout.txt", dir);
    snprintf(dtoh, sizeof dtoh, "CTASIM_CUDART_DTOH=%s/dtoh.bin", dir);
    snprintf(fixed, sizeof fixed, "%s/suites/libfixedtime.so", p->build);
    const char *old = getenv("LD_PRELOAD");
    snprintf(preload, sizeof preload, "LD_PRELOAD=%s%s%s", old && *old ? old : "", old && *old ? " " : "", fixed);
    const char *env[3] = {dtoh, access(fixed, R_OK) == 0 ? preload : NULL, NULL};
    int rc = exec_child_run_keep(argv, label, dir, out, env, &x->err);
    if (rc == 0) {
        jv_t doc;
        if (json_load(json, &doc, &x->err) == 0) {
            read_result(&doc, se, x);
            json_free(&doc);
        } else {
            rc = -1;
        }
    }
    if (rc == 0) {
        unlink(json);
        program_check(p, dir, x);
    }
    exec_child_remove_dir(dir);
    x->rc = rc;
    x->check = rc == 0 ? 1 : -1;
    return rc;
}

/* --- the programs' own checks in the outputs ----------------------------------------- */

void exp_suite_check_summary(const exp_run_t *r, unsigned w, char *buf, size_t n)
{
    buf[0] = 0;
    if (!r->prog[w])
        return;
    unsigned pass = 0, ran = 0, fail = 0;
    for (unsigned s = 0; s < r->ns; s++) {
        const exp_result_t *x = &r->res[(size_t)w * r->ns + s];
        if (x->skipped)
            continue;
        pass += x->prog_check == EXP_PROG_PASS;
        ran += x->prog_check == EXP_PROG_RAN;
        fail += x->prog_check == EXP_PROG_FAIL;
    }
    if (fail)
        snprintf(buf, n, "FAIL %u/%u", fail, pass + ran + fail);
    else if (ran)
        snprintf(buf, n, "RAN");
    else
        snprintf(buf, n, "PASS");
}

void exp_suite_warn_checks(exp_run_t *r)
{
    for (unsigned w = 0; w < r->nw; w++)
        for (unsigned s = 0; r->prog[w] && s < r->ns; s++) {
            const exp_result_t *x = exp_res(r, w, s);
            if (!x->skipped && x->prog_check == EXP_PROG_FAIL)
                exp_warn(&r->warnings, "%s: program check FAILED for %s under %s: %s (its row is from a wrong output)",
                         r->def->name, r->wl[w]->name, r->series[s].label, x->prog_detail);
        }
}

/* --- caps above the occupancy limit ------------------------------------------------ */

/* The series of R's static sweep with the largest cap (0 if none). */
static unsigned top_cap_series(const exp_run_t *r, unsigned *cap)
{
    unsigned top = 0;
    *cap = 0;
    for (unsigned s = 0; s < r->ns; s++)
        if (exp_is_sweep(&r->series[s]) && r->series[s].max_ctas > *cap) {
            *cap = r->series[s].max_ctas;
            top = s;
        }
    return top;
}

size_t exp_suite_order_todo(exp_run_t *r)
{
    unsigned cap;
    unsigned top = top_cap_series(r, &cap);
    if (!cap)
        return 0;
    /* a stable partition: the programs' top-cap runs, then the rest in their order */
    size_t *rest = cs_xcalloc(r->ntodo ? r->ntodo : 1, sizeof *rest);
    size_t nfirst = 0, nrest = 0;
    for (size_t k = 0; k < r->ntodo; k++) {
        size_t i = r->todo[k];
        if (r->prog[i / r->ns] && i % r->ns == top)
            r->todo[nfirst++] = i;
        else
            rest[nrest++] = i;
    }
    memcpy(r->todo + nfirst, rest, nrest * sizeof *rest);
    free(rest);
    return nfirst;
}

/* A deep copy of FROM into TO (its owned series duplicated). */
static void copy_result(exp_result_t *to, const exp_result_t *from)
{
    *to = *from;
    to->n_cycle = from->n_points ? cs_xcalloc(from->n_points, sizeof *to->n_cycle) : NULL;
    to->n_value = from->n_points ? cs_xcalloc(from->n_points, sizeof *to->n_value) : NULL;
    if (from->n_points) {
        memcpy(to->n_cycle, from->n_cycle, from->n_points * sizeof *to->n_cycle);
        memcpy(to->n_value, from->n_value, from->n_points * sizeof *to->n_value);
    }
    to->kcores = from->nk ? cs_xcalloc(from->nk, sizeof *to->kcores) : NULL;
    if (from->nk)
        memcpy(to->kcores, from->kcores, from->nk * sizeof *to->kcores);
    to->pt_cycle = from->npts ? cs_xcalloc(from->npts, sizeof *to->pt_cycle) : NULL;
    to->pt_ipc = from->npts && from->nsm ? cs_xcalloc(from->npts * from->nsm, sizeof *to->pt_ipc) : NULL;
    if (to->pt_cycle)
        memcpy(to->pt_cycle, from->pt_cycle, from->npts * sizeof *to->pt_cycle);
    if (to->pt_ipc)
        memcpy(to->pt_ipc, from->pt_ipc, from->npts * from->nsm * sizeof *to->pt_ipc);
}

/* ", NAME (occupancy OCC)" appended to NAMES, if it fits */
static void cat_name(char *names, size_t cap, const char *name, unsigned occ)
{
    size_t len = strlen(names);
    int k = snprintf(names + len, cap - len, "%s%s (occupancy %u)", len ? ", " : "", name, occ);
    if (k < 0 || (size_t)k >= cap - len)
        names[len] = 0;
}

void exp_suite_skip_repeats(exp_run_t *r, size_t first)
{
    unsigned cap;
    unsigned top = top_cap_series(r, &cap);
    size_t kept = 0, copied = 0, before = r->ntodo - first;
    char names[512] = "";
    for (size_t k = first; k < r->ntodo; k++) {
        size_t i = r->todo[k];
        unsigned w = (unsigned)(i / r->ns), s = (unsigned)(i % r->ns);
        const exp_series_t *se = &r->series[s];
        const exp_result_t *t = &r->res[(size_t)w * r->ns + top];
        if (r->prog[w] && exp_is_sweep(se) && t->rc == 0 && t->occupancy && se->max_ctas >= t->occupancy &&
            se->max_ctas < cap) {
            exp_result_t *x = &r->res[i];
            copy_result(x, t);
            x->same_as = cap;
            x->reused = false; /* made now: kept in .runs by the runner */
            x->seconds = 0; /* no simulation */
            x->t.sim_wall_seconds = 0;
            if (!strstr(names, r->wl[w]->name) && strlen(names) + strlen(r->wl[w]->name) + 3 < sizeof names)
                cat_name(names, sizeof names, r->wl[w]->name, t->occupancy);
            copied++;
        } else {
            r->todo[kept++] = i;
        }
    }
    r->ntodo = kept;
    if (copied)
        printf("%s: %zu program runs at a cap at or above the kernels' occupancy limit repeat cap %u's run: not "
               "simulated, its result reused (%s); %zu runs left of %zu\n",
               r->def->name, copied, cap, names, kept, before);
}
