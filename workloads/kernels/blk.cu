// blk.cu — BLK: Black-Scholes European call and put prices, one option per
// loop iteration over a grid-stride loop (the SDK launches a fixed grid of
// 480 CTAs x 128 threads). Compute-bound: sqrtf, logf, expf, divisions and
// the Abramowitz-Stegun polynomial approximation of the normal CDF.
__device__ float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
                a5 = 1.330274429f;
    const float rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float poly = k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    float c = rsqrt2pi * expf(-0.5f * d * d) * poly;
    return d > 0.0f ? 1.0f - c : c;
}

extern "C" __global__ void blk(float *call, float *put, const float *price, const float *strike,
                               const float *years, float riskfree, float volatility, int n)
{
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float s = price[i], x = strike[i], t = years[i];
        float sqrt_t = sqrtf(t);
        float d1 = (logf(s / x) + (riskfree + 0.5f * volatility * volatility) * t) / (volatility * sqrt_t);
        float d2 = d1 - volatility * sqrt_t;
        float cnd1 = cnd(d1), cnd2 = cnd(d2);
        float disc = expf(-riskfree * t);
        call[i] = s * cnd1 - x * disc * cnd2;
        put[i] = x * disc * (1.0f - cnd2) - s * (1.0f - cnd1);
    }
}
