// clbar.cu — CLBAR: rounds of a ring exchange between the CTAs of a cluster,
// ordered by the cluster barrier. In each round every thread publishes its
// value in shared memory, cluster.sync(), reads its neighbour's value from
// the next CTA of the cluster (distributed shared memory) and mixes it in,
// and cluster.sync() again before the next round overwrites the published
// values. Without both barriers a CTA reads a stale or unwritten value.
// __cluster_dims__ fixes the shape in the kernel (.reqnctapercluster 4).
// gen_ptx-arch: sm_90
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(4, 1, 1) clbar(const unsigned *in, unsigned *out, int rounds)
{
    __shared__ unsigned pub[256];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned t = threadIdx.x, n = cluster.num_blocks(), rank = cluster.block_rank();
    unsigned x = in[blockIdx.x * blockDim.x + t];
    for (int r = 0; r < rounds; r++) {
        pub[t] = x;
        cluster.sync();
        unsigned *next = cluster.map_shared_rank(pub, (rank + 1) % n);
        x = x * 3u + next[(t + 1) % blockDim.x] + (unsigned)r;
        cluster.sync();
    }
    out[blockIdx.x * blockDim.x + t] = x;
}
