// bino.cu — BINO: European call options priced on a binomial (Cox-Ross-
// Rubinstein) tree, one CTA of 128 threads per option, as in the SDK's
// binomialOptions. With n time steps the leaves are the payoffs
// max(S * exp(vDt * (2j - n)) - X, 0), j = 0..n; backward induction replaces
// node j of level i-1 by puByDf * V[j+1] + pdByDf * V[j] until one node, the
// price, is left.
//
// Each thread keeps E consecutive nodes in registers (n = 128 * E; E is a
// template parameter, one kernel per tree size). It computes level n-1 from
// the payoffs directly, then for each of the n-1 remaining steps passes its
// first node to its left neighbour through shared memory (two buffers by
// step parity, so one barrier per step) and updates its E nodes. Nodes above
// the level's width are updated too (their values are never used): every
// step does the same work. E multiply-adds per barrier, nothing from global
// memory after the start: compute-bound, barrier-heavy.
//
// opt[k] = {S, X, vDt, unused}, coef[k] = {puByDf, pdByDf}, from the host.
#define BINO_T 128

template <int E>
__device__ void bino_price(const float4 *opt, const float2 *coef, float *price)
{
    __shared__ float edge[2][BINO_T + 1];
    const int n = BINO_T * E;
    int t = threadIdx.x;
    float4 o = opt[blockIdx.x];
    float2 c = coef[blockIdx.x];
    if (t == 0)
        edge[0][BINO_T] = edge[1][BINO_T] = 0.0f;
    float v[E], hi = fmaxf(o.x * expf(o.z * (float)(2 * (t * E) - n)) - o.y, 0.0f);
#pragma unroll
    for (int k = 0; k < E; k++) {  // level n-1 from the payoffs of j and j+1
        float lo = hi;
        hi = fmaxf(o.x * expf(o.z * (float)(2 * (t * E + k + 1) - n)) - o.y, 0.0f);
        v[k] = c.x * hi + c.y * lo;
    }
    for (int i = n - 1; i > 0; i--) {  // level i -> level i-1
        edge[i & 1][t] = v[0];
        __syncthreads();
        float next = edge[i & 1][t + 1];
#pragma unroll
        for (int k = 0; k < E - 1; k++)
            v[k] = c.x * v[k + 1] + c.y * v[k];
        v[E - 1] = c.x * next + c.y * v[E - 1];
    }
    if (t == 0)
        price[blockIdx.x] = v[0];
}

extern "C" __global__ void bino_256(const float4 *opt, const float2 *coef, float *price)
{
    bino_price<2>(opt, coef, price);
}

extern "C" __global__ void bino_512(const float4 *opt, const float2 *coef, float *price)
{
    bino_price<4>(opt, coef, price);
}

extern "C" __global__ void bino_2048(const float4 *opt, const float2 *coef, float *price)
{
    bino_price<16>(opt, coef, price);
}
