// kmn.cu — KMN: k-means clustering, Rodinia-style. Two kernels:
//  kmn_invert_mapping: transposes the feature array from row-major
//    [npoints][nfeatures] to column-major [nfeatures][npoints] so that the
//    distance kernel's loads are coalesced across a warp (one thread per point);
//  kmn_find_nearest: each thread computes the squared Euclidean distance of its
//    point to every centroid (centroids in __constant__ memory, as Rodinia keeps
//    them) and records the index of the nearest one.
// The host recomputes the centroids on the CPU between iterations.
#define KMN_MAX_CLUSTERS 16
#define KMN_MAX_FEATURES 34

__constant__ float kmn_clusters[KMN_MAX_CLUSTERS * KMN_MAX_FEATURES];

extern "C" __global__ void kmn_invert_mapping(const float *input, float *output, int npoints, int nfeatures)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npoints)
        return;
    for (int f = 0; f < nfeatures; f++)
        output[f * npoints + p] = input[p * nfeatures + f];
}

extern "C" __global__ void kmn_find_nearest(const float *features, int nfeatures, int npoints, int nclusters,
                                            int *membership)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npoints)
        return;
    int best = 0;
    float best_dist = 3.402823466e38f;
    for (int c = 0; c < nclusters; c++) {
        float dist = 0.0f;
        for (int f = 0; f < nfeatures; f++) {
            float d = features[f * npoints + p] - kmn_clusters[c * nfeatures + f];
            dist += d * d;
        }
        if (dist < best_dist) {
            best_dist = dist;
            best = c;
        }
    }
    membership[p] = best;
}
