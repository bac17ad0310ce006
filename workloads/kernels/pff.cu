// pff.cu — PFF: a particle filter tracking a bright disk through a video
// (Rodinia particlefilter-like, float), three launches per frame:
//
//   pf_likelihood  one thread per particle, 512-thread CTAs: move the
//                  particle by the motion model (velocity (1, -2) plus
//                  Gaussian noise from the host), then gather the frame's
//                  pixels under a disk of offsets around it (pf_disk, in
//                  constant memory) and score them: bright pixels (228)
//                  raise the likelihood, background (100) lowers it; the
//                  weight becomes old weight * exp(likelihood);
//   pf_normalize   one CTA of 512 threads: warp scans (shuffles) of the
//                  weights in coalesced runs of 32 give the cumulative
//                  distribution, normalised by the total; a tree reduction
//                  gives the weighted position estimate;
//   pf_resample    one thread per new particle j: u = (u0 + j) / n, a binary
//                  search for the first CDF entry >= u, copy that particle,
//                  reset the weight to 1/n.
//
// Gathers from the frame and the CDF, a serial single-CTA phase per frame,
// and big CTAs (512 threads: 3 per GTX 480 core, 2 on Kayiran et al.'s
// machine with 1024 threads per core: the N = 2 they report for PFF). Every
// rounding is written out so the host reference repeats the arithmetic
// exactly.
#define PF_T 512
#define PF_MAX_DISK 128

__constant__ int2 pf_disk[PF_MAX_DISK];

extern "C" __global__ void pf_likelihood(float *x, float *y, float *w, const float2 *noise, const unsigned char *frame,
                                         int width, int height, int ndisk)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 e = noise[i];
    float px = __fadd_rn(x[i], __fmaf_rn(2.0f, e.x, 1.0f)), py = __fadd_rn(y[i], __fmaf_rn(2.0f, e.y, -2.0f));
    x[i] = px;
    y[i] = py;
    int cx = (int)floorf(__fadd_rn(px, 0.5f)), cy = (int)floorf(__fadd_rn(py, 0.5f)), acc = 0;
    for (int k = 0; k < ndisk; k++) {
        int2 d = pf_disk[k];
        int qx = min(max(cx + d.x, 0), width - 1), qy = min(max(cy + d.y, 0), height - 1);
        int v = frame[qy * width + qx], a = v - 100, b = v - 228;
        acc += a * a - b * b;
    }
    float lh = __fdiv_rn((float)acc, (float)(ndisk * 1024));
    w[i] = __fmul_rn(w[i], __expf(lh));
}

// est[0..1]: the weighted mean position. Warp k owns particles
// [k * n/16, (k+1) * n/16) and walks them 32 at a time (coalesced): an
// inclusive scan across the lanes (shfl.up, offsets 1..16) plus the running
// total gives the unnormalised CDF, stored in cdf[]; the 16 warp totals are
// added in warp order, and a second coalesced pass adds each warp's offset
// and divides by the total. Each thread also accumulates x w and y w over
// its lane's particles; a tree reduction adds the 512 partial sums.
extern "C" __global__ void pf_normalize(const float *x, const float *y, const float *w, float *cdf, float *est, int n)
{
    __shared__ float sx[PF_T], sy[PF_T], wtot[PF_T / 32 + 1];
    int t = threadIdx.x, lane = t & 31, wk = t >> 5, per = n / (PF_T / 32);
    float run = 0.0f, ax = 0.0f, ay = 0.0f;
    for (int i = wk * per + lane; i < (wk + 1) * per; i += 32) {
        float wi = w[i], v = wi;
        ax = __fmaf_rn(x[i], wi, ax);
        ay = __fmaf_rn(y[i], wi, ay);
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            float up = __shfl_up_sync(0xffffffffu, v, off);
            if (lane >= off)
                v = __fadd_rn(up, v);
        }
        cdf[i] = __fadd_rn(run, v);
        run = __fadd_rn(run, __shfl_sync(0xffffffffu, v, 31));
    }
    sx[t] = ax;
    sy[t] = ay;
    if (lane == 0)
        wtot[wk] = run;
    __syncthreads();
    for (int half = PF_T / 2; half > 0; half >>= 1) {
        if (t < half) {
            sx[t] = __fadd_rn(sx[t], sx[t + half]);
            sy[t] = __fadd_rn(sy[t], sy[t + half]);
        }
        __syncthreads();
    }
    float base = 0.0f, total = 0.0f;
    for (int k = 0; k < PF_T / 32; k++) {
        if (k == wk)
            base = total;
        total = __fadd_rn(total, wtot[k]);
    }
    for (int i = wk * per + lane; i < (wk + 1) * per; i += 32)
        cdf[i] = __fdiv_rn(__fadd_rn(base, cdf[i]), total);
    if (t == 0) {
        est[0] = __fdiv_rn(sx[0], total);
        est[1] = __fdiv_rn(sy[0], total);
    }
}

extern "C" __global__ void pf_resample(const float *x, const float *y, const float *cdf, float *xn, float *yn, float *w,
                                       float u0, int n)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    float u = __fdiv_rn(__fadd_rn(u0, (float)j), (float)n);
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (cdf[mid] >= u)
            hi = mid;
        else
            lo = mid + 1;
    }
    xn[j] = x[lo];
    yn[j] = y[lo];
    w[j] = __fdiv_rn(1.0f, (float)n);
}
