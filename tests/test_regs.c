/* test_regs.c — where registers per thread come from (src/frontend/ptx/ptx_regs.h):
 *   - the ptxas report beside the PTX (every suite kernel has one);
 *   - a ptxas run, cached by the PTX's content (only where ptxas is installed;
 *     a SKIP otherwise), and its failures falling back;
 *   - the liveness estimate: on every suite kernel, launched by its driver
 *     from copies of the PTX without reports, it must give the same CTAs per
 *     core as the report on the default configuration, within one; the table
 *     of both is printed.
 * Run from the repository root. */
#include "apps/apps.h"
#include "frontend/ptx/ptx_regs.h"
#include "frontend/ptx/ptx_source.h"
#include "gpu/gpu.h"
#include "test.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------ helpers */

static char tmp_root[256];

static void make_tmp_root(void)
{
    if (tmp_root[0])
        return;
    snprintf(tmp_root, sizeof tmp_root, "%s/ctasim-test-regs-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tmp_root))
        tmp_root[0] = '\0';
}

static int copy_file(const char *from, const char *to)
{
    char *buf;
    size_t len;
    cs_error_t err;
    if (cs_read_file(from, (size_t)64 << 20, &buf, &len, &err) < 0)
        return -1;
    FILE *f = fopen(to, "wb");
    int ok = f && fwrite(buf, 1, len, f) == len;
    if (f)
        ok &= fclose(f) == 0;
    free(buf);
    return ok ? 0 : -1;
}

/* dir: a fresh directory under tmp_root holding copies of every
 * workloads/ptx/NAME.ptx and no report. */
static int copy_suite_ptx(const char *name, char *dir, size_t n)
{
    make_tmp_root();
    snprintf(dir, n, "%s/%s", tmp_root, name);
    if (mkdir(dir, 0700) != 0)
        return -1;
    DIR *d = opendir("workloads/ptx");
    if (!d)
        return -1;
    struct dirent *e;
    int count = 0;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".ptx") != 0)
            continue;
        char from[512], to[768];
        snprintf(from, sizeof from, "workloads/ptx/%s", e->d_name);
        snprintf(to, sizeof to, "%s/%s", dir, e->d_name);
        if (copy_file(from, to) == 0)
            count++;
    }
    closedir(d);
    return count;
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            remove_tree(sub);
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* A launch as the driver made it. */
typedef struct launch_rec {
    char name[64];
    dim3_t block;
    uint32_t regs, shmem;
} launch_rec_t;

typedef struct recorder {
    launch_rec_t recs[256];
    int n;
} recorder_t;

/* Executor: note every launch, then run it functionally (drivers read results back). */
static int record(void *ctx, kernel_desc_t *k, size_t n, cs_error_t *err)
{
    recorder_t *r = ctx;
    for (size_t i = 0; i < n; i++)
        if (r->n < 256) {
            launch_rec_t *x = &r->recs[r->n++];
            snprintf(x->name, sizeof x->name, "%s", k[i].name);
            x->block = k[i].block;
            x->regs = k[i].regs_per_thread;
            x->shmem = k[i].shmem_bytes;
        }
    return ctasim_run_functional(NULL, k, n, err);
}

/* Run every suite workload at small size, recording its launches. */
static int record_suite(recorder_t *rec)
{
    rec->n = 0;
    for (unsigned i = 0; i < app_count(); i++) {
        ctasim_runtime_t *rt = ctasim_create();
        ctasim_executor_t ex = {rec, record};
        ctasim_set_executor(rt, &ex);
        char detail[256];
        cs_error_t err = {{0}};
        int r = app_run(app_at(i), rt, APP_SMALL, 1, detail, sizeof detail, &err);
        ctasim_destroy(rt);
        if (r != 1) {
            printf("  %s: %s%s\n", app_at(i)->name, r < 0 ? err.msg : "FAIL ", detail);
            return -1;
        }
    }
    return 0;
}

static void set_env(const char *name, const char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

/* ------------------------------------------------------------ report path */

static void report_beside_the_ptx_is_used(void)
{
    const char *files[] = {"workloads/ptx/mmul.ptx", "workloads/ptx/fwt.ptx", "workloads/ptx/srad.ptx"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        cs_error_t err;
        ptx_module_t *m = ptx_parse_file(files[i], &err);
        CHECK(m != NULL);
        if (!m)
            continue;
        char report[256];
        snprintf(report, sizeof report, "%.*s.ptxas.txt", (int)strlen(files[i]) - 4, files[i]);
        for (uint32_t fi = 0; fi < m->n_funcs; fi++) {
            if (!m->funcs[fi].is_kernel)
                continue;
            uint32_t want_regs = 0, want_smem = 0;
            CHECK_EQ(ptx_read_ptxas_report(report, m->funcs[fi].name, &want_regs, &want_smem), 0);
            ptx_regs_t r;
            ptx_kernel_regs(m, fi, 0, &r);
            CHECK_EQ(r.source, PTX_REGS_REPORT);
            CHECK_EQ(r.regs, want_regs);
            CHECK_EQ(r.smem, want_smem);
            CHECK(strcmp(r.file, report) == 0);
            char line[1600];
            CHECK_EQ(ptx_regs_warning(m->funcs[fi].name, &r, line, sizeof line)[0], '\0'); /* no warning */
        }
        CHECK(!strcmp(m->target, "sm_75"));
        ptx_module_free(m);
    }
}

/* The runtime path: each workload's launches carry its report's registers. */
static void runtime_launches_use_the_report(void)
{
    static recorder_t rec;
    CHECK_EQ(record_suite(&rec), 0);
    CHECK(rec.n >= 31);
    for (int i = 0; i < rec.n; i++) {
        /* find the report holding the kernel */
        DIR *d = opendir("workloads/ptx");
        struct dirent *e;
        int found = 0;
        while (d && (e = readdir(d)) && !found) {
            size_t len = strlen(e->d_name);
            if (len < 11 || strcmp(e->d_name + len - 10, ".ptxas.txt") != 0)
                continue;
            char path[512];
            snprintf(path, sizeof path, "workloads/ptx/%s", e->d_name);
            uint32_t regs, smem;
            if (ptx_read_ptxas_report(path, rec.recs[i].name, &regs, &smem) == 0) {
                found = 1;
                CHECK_EQ(rec.recs[i].regs, regs);
            }
        }
        if (d)
            closedir(d);
        CHECK(found);
    }
}

/* ------------------------------------------------------------ ptxas path */

static void ptxas_run_is_cached_by_content(void)
{
    char ptxas[1024];
    const char *env = getenv("CTASIM_PTXAS");
    if (!ptx_find_ptxas(ptxas, sizeof ptxas))
        SKIP(env && *env ? "no ptxas (CTASIM_PTXAS is set)"
                         : "no ptxas on PATH, in $CUDA_HOME/bin, $CUDA_INSTALL_PATH/bin or /usr/local/cuda/bin");
    printf("  ptxas: %s\n", ptxas);
    make_tmp_root();
    char dir[512], ptx[600], cache[700];
    snprintf(dir, sizeof dir, "%s/ptxas", tmp_root);
    CHECK_EQ(mkdir(dir, 0700), 0);
    snprintf(ptx, sizeof ptx, "%s/mmul.ptx", dir);
    snprintf(cache, sizeof cache, "%s/mmul.ptxas-cache.txt", dir);
    CHECK_EQ(copy_file("workloads/ptx/mmul.ptx", ptx), 0);
    uint32_t report_regs = 0, report_smem = 0;
    CHECK_EQ(ptx_read_ptxas_report("workloads/ptx/mmul.ptxas.txt", "mmul", &report_regs, &report_smem), 0);
    cs_error_t err;
    ptx_module_t *m = ptx_parse_file(ptx, &err);
    CHECK(m != NULL);
    if (!m)
        return;
    uint32_t fi = (uint32_t)ptx_find_function(m, "mmul");
    ptx_regs_t r;
    ptx_kernel_regs(m, fi, 0, &r);
    CHECK_EQ(r.source, PTX_REGS_PTXAS_RUN);
    CHECK(strcmp(r.file, cache) == 0);
    CHECK(file_exists(cache));
    /* the same ptxas wrote the committed report (tools/gen_ptx.sh); another
     * version may allocate a little differently */
    printf("  mmul: ptxas run %u registers, %u B shared; committed report %u, %u B\n", r.regs, r.smem, report_regs,
           report_smem);
    CHECK(r.regs + 8 >= report_regs && r.regs <= report_regs + 8);
    CHECK_EQ(r.smem, report_smem);
    char line[1600];
    ptx_regs_warning("mmul", &r, line, sizeof line);
    CHECK(strstr(line, "ctasim: warning: registers for mmul: ") == line);
    CHECK(strstr(line, "from a ptxas run (cached in ") != NULL && strstr(line, cache) != NULL);
    ptx_regs_t again;
    ptx_kernel_regs(m, fi, 0, &again); /* remembered in the module */
    CHECK_EQ(again.source, PTX_REGS_PTXAS_RUN);
    ptx_module_free(m);

    /* a new load of the same text reads the cache */
    m = ptx_parse_file(ptx, &err);
    ptx_kernel_regs(m, fi, 0, &again);
    CHECK_EQ(again.source, PTX_REGS_PTXAS_CACHED);
    CHECK_EQ(again.regs, r.regs);
    CHECK_EQ(again.smem, r.smem);
    ptx_regs_warning("mmul", &again, line, sizeof line);
    CHECK(strstr(line, "from an earlier ptxas run (cached in ") != NULL);
    ptx_module_free(m);

    /* changed text: the cache is not this PTX's, ptxas runs again */
    FILE *f = fopen(ptx, "a");
    if (f) {
        fputs("// changed\n", f);
        fclose(f);
    }
    m = ptx_parse_file(ptx, &err);
    ptx_kernel_regs(m, fi, 0, &again);
    CHECK_EQ(again.source, PTX_REGS_PTXAS_RUN);
    CHECK_EQ(again.regs, r.regs);
    ptx_module_free(m);

    /* nowhere to write beside the PTX (the cache name is taken by a
     * directory): the report goes to $XDG_CACHE_HOME/ctasim */
    char dir2[600], ptx2[700], blocker[800], xdg[600], user_cache[800];
    snprintf(dir2, sizeof dir2, "%s/ptxas2", tmp_root);
    snprintf(ptx2, sizeof ptx2, "%s/v.ptx", dir2);
    snprintf(blocker, sizeof blocker, "%s/v.ptxas-cache.txt", dir2);
    snprintf(xdg, sizeof xdg, "%s/xdg", tmp_root);
    CHECK_EQ(mkdir(dir2, 0700), 0);
    CHECK_EQ(mkdir(blocker, 0700), 0);
    CHECK_EQ(copy_file("workloads/ptx/vadd.ptx", ptx2), 0);
    char *old_xdg = getenv("XDG_CACHE_HOME") ? cs_xstrdup(getenv("XDG_CACHE_HOME")) : NULL;
    set_env("XDG_CACHE_HOME", xdg);
    m = ptx_parse_file(ptx2, &err);
    snprintf(user_cache, sizeof user_cache, "%s/ctasim/ptxas-%016llx.txt", xdg, (unsigned long long)m->source_hash);
    ptx_kernel_regs(m, (uint32_t)ptx_find_function(m, "vadd"), 0, &again);
    CHECK_EQ(again.source, PTX_REGS_PTXAS_RUN);
    CHECK(strcmp(again.file, user_cache) == 0);
    CHECK(file_exists(user_cache));
    ptx_module_free(m);
    m = ptx_parse_file(ptx2, &err);
    ptx_kernel_regs(m, (uint32_t)ptx_find_function(m, "vadd"), 0, &again);
    CHECK_EQ(again.source, PTX_REGS_PTXAS_CACHED);
    CHECK(strcmp(again.file, user_cache) == 0);
    ptx_module_free(m);
    set_env("XDG_CACHE_HOME", old_xdg);
    free(old_xdg);
}

/* ptxas that fails, hangs or prints no report: the estimate, with why. */
static void ptxas_failures_fall_back_to_the_estimate(void)
{
    make_tmp_root();
    char dir[512], ptx[600], slow[600], silent[600];
    snprintf(dir, sizeof dir, "%s/fail", tmp_root);
    CHECK_EQ(mkdir(dir, 0700), 0);
    snprintf(ptx, sizeof ptx, "%s/vadd.ptx", dir);
    snprintf(slow, sizeof slow, "%s/slow.sh", dir);
    snprintf(silent, sizeof silent, "%s/silent.sh", dir);
    CHECK_EQ(copy_file("workloads/ptx/vadd.ptx", ptx), 0);
    FILE *f = fopen(slow, "w");
    if (f) {
        fputs("#!/bin/sh\nsleep 10\n", f);
        fclose(f);
    }
    f = fopen(silent, "w");
    if (f) {
        fputs("#!/bin/sh\necho 'ptxas info    : nothing to say'\n", f);
        fclose(f);
    }
    chmod(slow, 0700);
    chmod(silent, 0700);
    char *old = getenv("CTASIM_PTXAS") ? cs_xstrdup(getenv("CTASIM_PTXAS")) : NULL;
    struct {
        const char *ptxas, *why;
    } cases[] = {
        {"/bin/false", "ptxas failed (exit 1)"},
        {slow, "ptxas did not finish in 0.3 s"},
        {silent, "no 'Used N registers' for vadd in ptxas's output"},
        {"/nonexistent/ptxas", "is not an executable file"},
        {"off", "ptxas disabled by CTASIM_PTXAS"},
    };
    set_env("CTASIM_PTXAS_TIMEOUT", "0.3");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        set_env("CTASIM_PTXAS", cases[i].ptxas);
        cs_error_t err;
        ptx_module_t *m = ptx_parse_file(ptx, &err);
        uint32_t fi = (uint32_t)ptx_find_function(m, "vadd");
        ptx_regs_t r;
        ptx_kernel_regs(m, fi, 0, &r);
        CHECK_EQ(r.source, PTX_REGS_ESTIMATE);
        CHECK_EQ(r.regs, ptx_estimate_regs(m, fi));
        if (!strstr(r.why, cases[i].why)) {
            printf("  %s: why = '%s', expected '%s'\n", cases[i].ptxas, r.why, cases[i].why);
            test_case_failed = 1;
        }
        char line[1600];
        ptx_regs_warning("vadd", &r, line, sizeof line);
        CHECK(strstr(line, "ctasim: warning: registers for vadd: ") == line);
        CHECK(strstr(line, "estimated from PTX liveness (") != NULL);
        ptx_module_free(m);
    }
    set_env("CTASIM_PTXAS_TIMEOUT", NULL);
    set_env("CTASIM_PTXAS", old);
    free(old);
    char cache[700];
    snprintf(cache, sizeof cache, "%s/vadd.ptxas-cache.txt", dir);
    CHECK(!file_exists(cache)); /* nothing claimed, nothing written */
}

/* ------------------------------------------------------------ estimate path */

static void estimate_tracks_the_report_occupancy(void)
{
    static recorder_t with_report, estimated;
    CHECK_EQ(record_suite(&with_report), 0);
    char dir[512];
    CHECK(copy_suite_ptx("no-reports", dir, sizeof dir) >= 20);
    char *old_dir = getenv("CTASIM_PTX_DIR") ? cs_xstrdup(getenv("CTASIM_PTX_DIR")) : NULL;
    char *old_ptxas = getenv("CTASIM_PTXAS") ? cs_xstrdup(getenv("CTASIM_PTXAS")) : NULL;
    set_env("CTASIM_PTX_DIR", dir);
    set_env("CTASIM_PTXAS", "off"); /* force the estimate */
    CHECK_EQ(record_suite(&estimated), 0);
    set_env("CTASIM_PTX_DIR", old_dir);
    set_env("CTASIM_PTXAS", old_ptxas);
    free(old_dir);
    free(old_ptxas);
    CHECK_EQ(estimated.n, with_report.n);
    if (estimated.n != with_report.n)
        return;
    gpu_config_t cfg;
    config_defaults(&cfg);
    printf("  default configuration: %u registers, %u threads, %u CTAs per core; registers allocated in %u\n",
           cfg.registers_per_sm, cfg.max_threads_per_sm, cfg.max_cta_per_sm, cfg.reg_alloc_granularity);
    printf("  %-20s %6s %8s %8s %6s %10s %10s  %s\n", "kernel", "block", "report", "estimate", "diff", "CTAs(rep)",
           "CTAs(est)", "limited by (report / estimate)");
    int shown = 0, off_by_one = 0, off_by_two = 0, worse = 0;
    double sq = 0;
    for (int i = 0; i < with_report.n; i++) {
        const launch_rec_t *a = &with_report.recs[i], *b = &estimated.recs[i];
        CHECK(!strcmp(a->name, b->name));
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= !strcmp(with_report.recs[j].name, a->name) && with_report.recs[j].block.x == a->block.x &&
                   with_report.recs[j].block.y == a->block.y && with_report.recs[j].shmem == a->shmem;
        if (dup)
            continue;
        kernel_desc_t ka = {0}, kb = {0};
        ka.block = a->block, ka.regs_per_thread = a->regs, ka.shmem_bytes = a->shmem;
        kb.block = b->block, kb.regs_per_thread = b->regs, kb.shmem_bytes = b->shmem;
        const char *la, *lb;
        uint32_t oa = gpu_occupancy(&cfg, &ka, &la), ob = gpu_occupancy(&cfg, &kb, &lb);
        int d = (int)ob - (int)oa;
        d = d < 0 ? -d : d;
        off_by_one += d == 1;
        off_by_two += d == 2;
        worse += d > 2;
        sq += ((double)b->regs - a->regs) * ((double)b->regs - a->regs);
        shown++;
        printf("  %-20s %6u %8u %8u %+6d %10u %10u  %s / %s%s\n", a->name, a->block.x * a->block.y * a->block.z,
               a->regs, b->regs, (int)b->regs - (int)a->regs, oa, ob, la, lb, d > 1 ? "   <-- off by more than one" : "");
        /* static shared memory without a report: the kernel's own variables, as ptxas counts them */
        CHECK_EQ(b->shmem, a->shmem);
    }
    printf("  %d kernels: %d off by one CTA, %d off by two, %d by more; rms register difference %.1f\n", shown,
           off_by_one, off_by_two, worse, shown ? sqrt(sq / shown) : 0.0);
    CHECK(shown >= 31);
    /* Every kernel within one CTA per core (the requirement); the
     * estimate cannot see every choice ptxas's scheduler makes, so not
     * exact (the same ptxas gives fwt_global 26, 24 and 20 registers for
     * sm_75, sm_80 and sm_90). */
    CHECK_EQ(off_by_two, 0);
    CHECK_EQ(worse, 0);
}

/* The estimate on hand-made PTX: predicates and constants take no
 * registers, 64-bit registers two, and a counted loop is unrolled. */
static void estimate_counts_what_ptxas_allocates(void)
{
    const char *src =
        ".version 9.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k(.param .u64 k_p, .param .u32 k_n)\n{\n"
        ".reg .pred %p<4>;\n.reg .b32 %r<8>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<8>;\n"
        "ld.param.u64 %rd1, [k_p];\n"
        "ld.param.u32 %r1, [k_n];\n"
        "cvta.to.global.u64 %rd2, %rd1;\n"
        "mov.u32 %r2, %tid.x;\n"
        "mul.wide.u32 %rd3, %r2, 4;\n"
        "add.s64 %rd4, %rd2, %rd3;\n"
        "mov.f32 %f1, 0f00000000;\n"
        "mov.u32 %r3, 0;\n"
        "L:\n"
        "ld.global.f32 %f2, [%rd4];\n"
        "add.f32 %f1, %f1, %f2;\n"
        "add.s64 %rd4, %rd4, 4;\n"
        "add.s32 %r3, %r3, 1;\n"
        "setp.lt.s32 %p1, %r3, %r1;\n"
        "@%p1 bra L;\n"
        "st.global.f32 [%rd2], %f1;\n"
        "ret;\n}\n";
    cs_error_t err;
    ptx_module_t *m = ptx_parse("k.ptx", src, strlen(src), &err);
    CHECK(m != NULL);
    if (!m)
        return;
    /* The loop unrolled 4 times, its address increments (they feed loads)
     * first: the four addresses %rd4 .. %rd4+12 (8 registers), %rd2 (2: a
     * pointer that is dereferenced needs registers), %r3, %f1 = 12; %r1 is
     * a parameter (constant bank), %p1 a predicate. (ptxas 13.0 for sm_75:
     * 13 registers.) */
    uint32_t unrolled = ptx_estimate_regs(m, 0);
    CHECK_EQ(unrolled, 12 + PTX_REGS_OVERHEAD);
    ptx_module_free(m);
    /* the same loop marked nounroll: %rd4, %rd2, %r3, %f1 and one load's
     * value = 7 (ptxas: 8) */
    char *src2 = cs_xmalloc(strlen(src) + 64);
    const char *at = strstr(src, "L:\n");
    snprintf(src2, strlen(src) + 64, "%.*sL:\n.pragma \"nounroll\";\n%s", (int)(at - src), src, at + 3);
    m = ptx_parse("k.ptx", src2, strlen(src2), &err);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ(ptx_estimate_regs(m, 0), 7 + PTX_REGS_OVERHEAD);
        CHECK(ptx_estimate_regs(m, 0) < unrolled);
        ptx_module_free(m);
    }
    free(src2);
}

int main(void)
{
    RUN(report_beside_the_ptx_is_used);
    RUN(runtime_launches_use_the_report);
    RUN(ptxas_run_is_cached_by_content);
    RUN(ptxas_failures_fall_back_to_the_estimate);
    RUN(estimate_tracks_the_report_occupancy);
    RUN(estimate_counts_what_ptxas_allocates);
    if (tmp_root[0])
        remove_tree(tmp_root);
    TEST_EXIT();
}
