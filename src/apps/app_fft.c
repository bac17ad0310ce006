/* app_fft.c — FFT: forward complex FFT of a batch of independent 1024-point
 * signals (Parboil FFT-like), radix-4 decimation in frequency: two in-place
 * stages over global memory (fft_r4_pass, sub-transforms of 1024 and 256
 * points, one thread per butterfly, 128-thread CTAs), then the last three
 * stages and the digit reversal in shared memory (fft_r4_shared, one CTA of
 * 256 threads per signal) (workloads/kernels/fft.cu). Inputs are random in
 * [-1, 1); the twiddle table is computed in double and rounded. The kernels
 * write every rounding out (__fmul_rn, __fadd_rn, __fmaf_rn), so the CPU
 * reference repeats the same radix-4 arithmetic and must match bit for bit;
 * signal 0 is also checked against a direct DFT in double, so a reference
 * and kernel that were wrong together would not pass.
 *
 * fft_r4_shared is held to 32 registers (__maxnreg__; sm_75's ptxas takes
 * 46), so a GTX 480 core runs 4 of its 256-thread CTAs instead of 2.
 *
 * Property reproduced: memory-bound strided passes (Kayiran et al. Type-M:
 * fewer CTAs per core do better on the paper's machine). `ctasim run --size
 * default FFT` (GTX 480 preset, 512 signals: 1024 CTAs of 128 threads per
 * global pass, 8 per core, then 512 CTAs of 256, 4 per core): 145608
 * cycles, IPC 506, L1 miss rate 29%, DRAM bandwidth utilisation 0.67,
 * average memory latency 574 cycles; the global passes run at IPC 270-310,
 * the shared-memory kernel at 754. There the cap only hurts: --max-ctas 2:
 * 195298 cycles, --max-ctas 1: 323470. With --config pact13-30sm (30 SIMT-8
 * cores, GDDR3) the latency reaches 2682 cycles at 8 CTAs per core and a cap
 * helps: 474098 cycles uncapped, 417846 at --max-ctas 4, 391950 at 2 (17%
 * fewer, latency 1942), 445236 at 1. */
#include <math.h>
#include <stdio.h>

#include "apps.h"

#define N 1024
#define PASS_BLOCK 128

typedef struct cpx {
    float x, y;
} cpx_t;

static cpx_t cmul(cpx_t a, cpx_t w)
{
    return (cpx_t){fmaf(a.x, w.x, -(a.y * w.y)), fmaf(a.x, w.y, a.y * w.x)};
}
static cpx_t cadd(cpx_t a, cpx_t b) { return (cpx_t){a.x + b.x, a.y + b.y}; }
static cpx_t csub(cpx_t a, cpx_t b) { return (cpx_t){a.x - b.x, a.y - b.y}; }

/* One radix-4 DIF stage over every sub-transform of length L of one signal,
 * in the kernels' operation order. */
static void stage_ref(cpx_t *s, const cpx_t *tw, int L)
{
    int q = L / 4, ts = N / L;
    for (int base = 0; base < N; base += L)
        for (int j = 0; j < q; j++) {
            cpx_t *p = s + base + j;
            cpx_t a0 = p[0], a1 = p[q], a2 = p[2 * q], a3 = p[3 * q];
            cpx_t t0 = cadd(a0, a2), t1 = csub(a0, a2), t2 = cadd(a1, a3), d = csub(a1, a3);
            cpx_t t3 = {d.y, -d.x};
            int e = j * ts;
            p[0] = cadd(t0, t2);
            p[q] = cmul(cadd(t1, t3), tw[e]);
            p[2 * q] = cmul(csub(t0, t2), tw[2 * e]);
            p[3 * q] = cmul(csub(t1, t3), tw[3 * e]);
        }
}

static unsigned digit_reverse(unsigned i)
{
    unsigned r = 0;
    for (int d = 0; d < 5; d++, i >>= 2)
        r = (r << 2) | (i & 3);
    return r;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Kayiran et al. give no input size for Parboil's FFT; here 2048
     * signals of 1024 points (16 MB). */
    int n_sig = (int)app_pick(c, 16, 512, 2048);
    size_t n_pts = (size_t)n_sig * N, bytes = sizeof(cpx_t) * n_pts;
    cpx_t *x = app_host_alloc(c, bytes, err), *want = app_host_alloc(c, bytes, err),
          *got = app_host_alloc(c, bytes, err), *tw = app_host_alloc(c, sizeof(cpx_t) * N, err),
          *s = app_host_alloc(c, sizeof(cpx_t) * N, err);
    double *dcos = app_host_alloc(c, sizeof(double) * N, err), *dsin = app_host_alloc(c, sizeof(double) * N, err);
    if (!x || !want || !got || !tw || !s || !dcos || !dsin)
        return -1;
    for (int k = 0; k < N; k++) {
        double a = 2.0 * M_PI * k / N;
        dcos[k] = cos(a);
        dsin[k] = -sin(a);
        tw[k] = (cpx_t){(float)dcos[k], (float)dsin[k]};
    }
    for (size_t i = 0; i < n_pts; i++)
        x[i] = (cpx_t){app_randf(c, -1, 1), app_randf(c, -1, 1)};
    for (int sig = 0; sig < n_sig; sig++) {
        for (int k = 0; k < N; k++)
            s[k] = x[(size_t)sig * N + k];
        for (int L = N; L >= 4; L /= 4)
            stage_ref(s, tw, L);
        for (unsigned k = 0; k < N; k++)
            want[(size_t)sig * N + k] = s[digit_reverse(k)];
    }
    /* signal 0 against the DFT in double: the float FFT's error is a few
     * 1e-6 of the spectrum's scale (sqrt(N) for unit inputs) */
    for (int k = 0; k < N; k++) {
        double re = 0, im = 0;
        for (int n = 0; n < N; n++) {
            int e = (int)(((long)k * n) % N);
            re += x[n].x * dcos[e] - x[n].y * dsin[e];
            im += x[n].x * dsin[e] + x[n].y * dcos[e];
        }
        if (fabs(re - want[k].x) > 1e-3 || fabs(im - want[k].y) > 1e-3) {
            snprintf(c->detail, sizeof c->detail, "reference FFT differs from the DFT at bin %d (%g%+gi, want %g%+gi)",
                     k, (double)want[k].x, (double)want[k].y, re, im);
            return 0;
        }
    }
    ctasim_module_t *m;
    uint64_t d_x, d_tw, d_out;
    int r = -1;
    if (app_load_module(c, "fft.ptx", &m, err) < 0 || app_upload(c, &d_x, x, bytes, err) < 0 ||
        app_upload(c, &d_tw, tw, sizeof(cpx_t) * N, err) < 0 || app_alloc_zero(c, &d_out, bytes, err) < 0)
        goto out;
    dim3_t pass_grid = {(uint32_t)(n_pts / 4 / PASS_BLOCK), 1, 1}, pass_block = {PASS_BLOCK, 1, 1};
    for (int lq = 8; lq >= 6; lq -= 2) { /* L = 1024, 256 */
        int tshift = 8 - lq;
        void *args[] = {&d_x, &d_tw, &lq, &tshift};
        if (ctasim_launch(c->rt, m, "fft_r4_pass", pass_grid, pass_block, 0, 0, args, 4, err) < 0)
            goto out;
    }
    void *sargs[] = {&d_x, &d_tw, &d_out};
    dim3_t sh_grid = {(uint32_t)n_sig, 1, 1}, sh_block = {256, 1, 1};
    if (ctasim_launch(c->rt, m, "fft_r4_shared", sh_grid, sh_block, 0, 0, sargs, 3, err) < 0 ||
        app_download(c, got, d_out, bytes, err) < 0)
        goto out;
    r = app_check_f32(c, "spectrum", (const float *)got, (const float *)want, 2 * n_pts, 0.0f, 0.0f);
out:
    return r;
}

const app_def_t app_fft = {"FFT", "batched 1024-point radix-4 FFT: two global-memory stages, three in shared memory",
                           "memory-bound, barrier-heavy, multi-kernel", run};
