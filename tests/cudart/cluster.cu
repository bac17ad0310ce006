// cluster.cu — a test program for `ctasim exec`: thread block clusters
// launched with cudaLaunchKernelEx and cudaLaunchAttributeClusterDimension
// (clusters of 4), distributed shared memory through map_shared_rank, and
// cluster.sync(); every CTA adds its neighbour CTA's values (rank + 1 in
// its cluster) to its own, checked against a CPU loop.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define CHECK(call)                                                                \
    do {                                                                           \
        cudaError_t e_ = (call);                                                   \
        if (e_ != cudaSuccess) {                                                   \
            printf("FAIL: %s: %s\n", #call, cudaGetErrorString(e_));              \
            return 1;                                                              \
        }                                                                          \
    } while (0)

__global__ void neighbour_sum(const int *in, int *out)
{
    __shared__ int v[128];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned t = threadIdx.x, rank = cluster.block_rank(), n = cluster.num_blocks();
    v[t] = in[blockIdx.x * blockDim.x + t];
    cluster.sync();
    int *next = cluster.map_shared_rank(v, (rank + 1) % n);
    out[blockIdx.x * blockDim.x + t] = v[t] + next[t];
    cluster.sync();
}

int main()
{
    const int blocks = 16, threads = 128, n = blocks * threads, cl = 4;
    int h_in[n], h_out[n];
    for (int i = 0; i < n; i++)
        h_in[i] = (i * 7919) % 1000;
    int *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, sizeof h_in));
    CHECK(cudaMalloc(&d_out, sizeof h_out));
    CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(blocks);
    config.blockDim = dim3(threads);
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cl;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    config.attrs = attr;
    config.numAttrs = 1;
    CHECK(cudaLaunchKernelEx(&config, neighbour_sum, (const int *)d_in, d_out));
    CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < threads; t++) {
            int next = b / cl * cl + (b % cl + 1) % cl;
            bad += h_out[b * threads + t] != h_in[b * threads + t] + h_in[next * threads + t];
        }
    printf("cluster n=%d: %s\n", n, bad ? "FAIL" : "PASS");
    return bad != 0;
}
