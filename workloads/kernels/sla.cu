// sla.cu — SLA: exclusive scan of a large array, SDK-style (scanLargeArray):
//  sla_prescan: each 256-thread CTA scans 512 elements in shared memory with
//    the work-efficient Blelloch up-sweep / down-sweep (padded to avoid bank
//    conflicts, 2*9 barrier-separated levels) and writes its total to sums;
//  the host scans the block sums with the same kernel (recursively);
//  sla_uniform_add: adds each block's scanned offset to its 512 elements.
#define SLA_T 256
#define SLA_E (2 * SLA_T)
#define SLA_PAD(i) ((i) + ((i) >> 5))

extern "C" __global__ void sla_prescan(const float *in, float *out, float *sums, int n)
{
    __shared__ float t[SLA_PAD(SLA_E) + 1];
    int tid = threadIdx.x, base = blockIdx.x * SLA_E;
    int ai = tid, bi = tid + SLA_T;
    t[SLA_PAD(ai)] = base + ai < n ? in[base + ai] : 0.0f;
    t[SLA_PAD(bi)] = base + bi < n ? in[base + bi] : 0.0f;
    int offset = 1;
    for (int d = SLA_T; d > 0; d >>= 1) {  // up-sweep (reduce)
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
            t[SLA_PAD(b)] += t[SLA_PAD(a)];
        }
        offset *= 2;
    }
    __syncthreads();
    if (tid == 0) {
        sums[blockIdx.x] = t[SLA_PAD(SLA_E - 1)];
        t[SLA_PAD(SLA_E - 1)] = 0.0f;
    }
    for (int d = 1; d < SLA_E; d *= 2) {  // down-sweep
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
            float x = t[SLA_PAD(a)];
            t[SLA_PAD(a)] = t[SLA_PAD(b)];
            t[SLA_PAD(b)] += x;
        }
    }
    __syncthreads();
    if (base + ai < n)
        out[base + ai] = t[SLA_PAD(ai)];
    if (base + bi < n)
        out[base + bi] = t[SLA_PAD(bi)];
}

extern "C" __global__ void sla_uniform_add(float *data, const float *incr, int n)
{
    __shared__ float add;
    if (threadIdx.x == 0)
        add = incr[blockIdx.x];
    __syncthreads();
    int i = blockIdx.x * SLA_E + threadIdx.x;
    if (i < n)
        data[i] += add;
    if (i + SLA_T < n)
        data[i + SLA_T] += add;
}
