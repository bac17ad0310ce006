// ssc.cu — SSC: similarity score (MapReduce over document pairs, Mars
// SimilarityScore shape): docs[] holds n documents as dense feature vectors
// of `dim` floats (term weights, many zero), pairs[] the candidate pairs to
// score. Each thread takes one pair and computes the cosine similarity
//   dot(a, b) / sqrt(|a|^2 |b|^2)
// walking both vectors element by element. The two documents of a thread are
// anywhere in the array, so every load of a warp gathers from 32 different
// documents (uncoalesced), and each thread's vectors are reused from L1 only
// while they stay resident: memory-bound, cache-sensitive.
extern "C" __global__ void ssc_score(const float *docs, int dim, const uint2 *pairs, int n_pairs, float *score)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_pairs)
        return;
    uint2 p = pairs[i];
    const float *a = docs + (size_t)p.x * dim, *b = docs + (size_t)p.y * dim;
    float dot = 0.0f, na = 0.0f, nb = 0.0f;
    // unrolled by 4 (26 registers, 8 CTAs of 128 threads per SM); nvcc's own
    // unrolling takes 50 registers here
#pragma unroll 4
    for (int k = 0; k < dim; k++) {
        float x = a[k], y = b[k];
        dot = fmaf(x, y, dot);
        na = fmaf(x, x, na);
        nb = fmaf(y, y, nb);
    }
    float norm = na * nb;
    score[i] = norm > 0.0f ? dot / sqrtf(norm) : 0.0f;
}
