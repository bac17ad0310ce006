// lib.cu — LIB: Monte Carlo pricing of a portfolio of swaptions under the
// LIBOR market model, one thread per path (the model of the SDK's LIBOR
// sample, written here from its equations).
//
// n forward rates L_i for the periods [T_i, T_i+1], T_i = i * DELTA, start
// from the curve lib_L0. Time steps from T_k to T_k+1 (k < nmat) use one
// Gaussian z_k per path (from the host, laid out so a warp's loads are
// coalesced) and a log-Euler step under the spot measure for the rates still
// alive, i = k+1 .. n-1, with volatility sigma_i = lib_lambda[i-k-1]:
//   v   += DELTA sigma_i L_i / (1 + DELTA L_i)            (the drift's sum)
//   L_i *= exp(DELTA sigma_i v + sigma_i (sqrt(DELTA) z_k - DELTA sigma_i / 2))
// and the numeraire's discount picks up 1 / (1 + DELTA L_k). At T_nmat the
// swaption with swap length m and strike K pays
//   max(sum_{j<m} DELTA B_j+1 (L_nmat+j - K), 0),  B_j+1 = prod_{i<=j} 1/(1 + DELTA L_nmat+i),
// and the path's value is the discounted sum of the lib_opts payoffs.
//
// The rates L[] (up to 80) and the annuity sums A[], C[] are per-thread
// arrays indexed by loop counters whose bounds move with k: they live in
// local memory, as in the SDK kernel, so every inner iteration loads and
// stores L_i through the L1: compute plus local-memory traffic, few threads
// (Kayiran et al. run LIB with only 64 CTAs). Every rounding is written out
// (__fmul_rn, __fadd_rn, __fdiv_rn, __fmaf_rn, __expf) so the host reference
// can repeat the arithmetic exactly.
#define LIB_MAX_N 80
#define LIB_MAX_OPTS 16
#define LIB_DELTA 0.25f
#define LIB_SQRT_DELTA 0.5f

__constant__ float lib_L0[LIB_MAX_N];
__constant__ float lib_lambda[LIB_MAX_N];
__constant__ float lib_strike[LIB_MAX_OPTS];
__constant__ int lib_len[LIB_MAX_OPTS];

extern "C" __global__ void lib_path(const float *z, float *value, int n, int nmat, int nopts)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x, npath = gridDim.x * blockDim.x;
    float L[LIB_MAX_N], A[LIB_MAX_N], C[LIB_MAX_N];
    for (int i = 0; i < n; i++)
        L[i] = lib_L0[i];
    float disc = 1.0f;
    for (int k = 0; k < nmat; k++) {
        float sqez = __fmul_rn(LIB_SQRT_DELTA, z[k * npath + p]), v = 0.0f;
        for (int i = k + 1; i < n; i++) {
            float lam = lib_lambda[i - k - 1], con1 = __fmul_rn(LIB_DELTA, lam), li = L[i];
            v = __fadd_rn(v, __fdiv_rn(__fmul_rn(con1, li), __fmaf_rn(LIB_DELTA, li, 1.0f)));
            float e = __fmaf_rn(con1, v, __fmul_rn(lam, __fsub_rn(sqez, __fmul_rn(0.5f, con1))));
            L[i] = __fmul_rn(li, __expf(e));
        }
        disc = __fdiv_rn(disc, __fmaf_rn(LIB_DELTA, L[k], 1.0f));
    }
    float b = 1.0f, a = 0.0f, c = 0.0f;
    for (int j = 0; j < n - nmat; j++) {
        float lj = L[nmat + j];
        b = __fdiv_rn(b, __fmaf_rn(LIB_DELTA, lj, 1.0f));
        float db = __fmul_rn(LIB_DELTA, b);
        a = __fadd_rn(a, db);
        c = __fmaf_rn(db, lj, c);
        A[j] = a;
        C[j] = c;
    }
    float sum = 0.0f;
    for (int o = 0; o < nopts; o++) {
        int m = lib_len[o] - 1;
        float s = __fmaf_rn(-lib_strike[o], A[m], C[m]);
        if (s > 0.0f)
            sum = __fadd_rn(sum, s);
    }
    value[p] = __fmul_rn(disc, sum);
}
