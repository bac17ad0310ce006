// stc.cu — STC: the cost-gain kernel of streamcluster's pgain (Rodinia's
// kernel_compute_cost). For candidate center x, every point (one thread
// each) computes its weighted squared distance to x over `dim` coordinates
// (coordinates stored dimension-major so loads coalesce; x's coordinates are
// a broadcast), and either records that it would switch to x (its saving
// x_cost - cost in work_mem's last slot) or stores cost - x_cost in its
// current center's slot of work_mem: the closing-cost bookkeeping the host
// then sums per center.
extern "C" __global__ void stc_pgain(const float *coord, const float *weight, const float *cost,
                                     const int *assign, const int *center_table, int *switch_membership,
                                     float *work_mem, int num, int dim, int x, int K)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= num)
        return;
    float d = 0.0f;
#pragma unroll 1 // 18 registers: 3 CTAs of 512 threads per SM, as in Li & Liang
    for (int i = 0; i < dim; i++) {
        float t = coord[i * num + tid] - coord[i * num + x];
        d = fmaf(t, t, d);
    }
    float x_cost = d * weight[tid];
    float cur = cost[tid];
    float *row = work_mem + (size_t)tid * (K + 1);
    if (x_cost < cur) {
        switch_membership[tid] = 1;
        row[K] = x_cost - cur;
    } else {
        row[center_table[assign[tid]]] = cur - x_cost;
    }
}
