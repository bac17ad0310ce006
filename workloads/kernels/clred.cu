// clred.cu — CLRED: a cluster-wide reduce-scatter over distributed shared
// memory (sm_90 thread block clusters). Each CTA sums `k` rows of 256 values
// into a 256-entry vector in its shared memory; after cluster.sync() the CTA
// of rank r adds up its 256/n columns over all n CTAs of the cluster, reading
// the others' vectors through map_shared_rank (DSMEM loads), and writes them
// to the cluster's output row. A second cluster.sync() keeps every CTA's
// shared memory alive until the whole cluster has read it. The cluster shape
// comes from the launch (cudaLaunchAttributeClusterDimension), not the kernel.
// gen_ptx-arch: sm_90
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void clred(const unsigned *in, unsigned *out, int k)
{
    __shared__ unsigned vec[256];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned t = threadIdx.x, n = cluster.num_blocks(), rank = cluster.block_rank();
    unsigned acc = 0;
#pragma unroll 1
    for (int j = 0; j < k; j++)
        acc += in[((size_t)blockIdx.x * k + j) * 256 + t] * (unsigned)(j + 1);
    vec[t] = acc;
    cluster.sync();
    unsigned cols = 256 / n;
    if (t < cols) {
        unsigned col = rank * cols + t, sum = 0;
#pragma unroll 1
        for (unsigned q = 0; q < n; q++)
            sum += cluster.map_shared_rank(vec, q)[col];
        out[(size_t)(blockIdx.x / n) * 256 + col] = sum;
    }
    cluster.sync();
}
