// aes.cu — AES: AES-128 encryption (ECB) of many 16-byte blocks, one thread
// per block, with the four 1 KiB T-tables copied from global into shared
// memory per CTA (data-dependent, bank-conflicting table lookups) and the 44
// round-key words in constant memory (uniform access). Blocks are given as
// four big-endian 32-bit words, as the T-table formulation uses them.
__constant__ unsigned int aes_rk[44];

extern "C" __global__ void aes_encrypt(const unsigned int *te_global, const unsigned int *in, unsigned int *out,
                                       int n_blocks)
{
    __shared__ unsigned int te[4][256];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
        te[i >> 8][i & 255] = te_global[i];
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= n_blocks)
        return;
    const unsigned int *p = in + 4 * b;
    unsigned int s0 = p[0] ^ aes_rk[0], s1 = p[1] ^ aes_rk[1], s2 = p[2] ^ aes_rk[2], s3 = p[3] ^ aes_rk[3];
    unsigned int t0, t1, t2, t3;
#pragma unroll 1
    for (int r = 1; r < 10; r++) {
        t0 = te[0][s0 >> 24] ^ te[1][(s1 >> 16) & 255] ^ te[2][(s2 >> 8) & 255] ^ te[3][s3 & 255] ^ aes_rk[4 * r];
        t1 = te[0][s1 >> 24] ^ te[1][(s2 >> 16) & 255] ^ te[2][(s3 >> 8) & 255] ^ te[3][s0 & 255] ^ aes_rk[4 * r + 1];
        t2 = te[0][s2 >> 24] ^ te[1][(s3 >> 16) & 255] ^ te[2][(s0 >> 8) & 255] ^ te[3][s1 & 255] ^ aes_rk[4 * r + 2];
        t3 = te[0][s3 >> 24] ^ te[1][(s0 >> 16) & 255] ^ te[2][(s1 >> 8) & 255] ^ te[3][s2 & 255] ^ aes_rk[4 * r + 3];
        s0 = t0, s1 = t1, s2 = t2, s3 = t3;
    }
    // last round: SubBytes + ShiftRows only; S-box bytes taken from the T-tables
    unsigned int *q = out + 4 * b;
    q[0] = (te[2][s0 >> 24] & 0xff000000u) ^ (te[3][(s1 >> 16) & 255] & 0x00ff0000u) ^
           (te[0][(s2 >> 8) & 255] & 0x0000ff00u) ^ (te[1][s3 & 255] & 0x000000ffu) ^ aes_rk[40];
    q[1] = (te[2][s1 >> 24] & 0xff000000u) ^ (te[3][(s2 >> 16) & 255] & 0x00ff0000u) ^
           (te[0][(s3 >> 8) & 255] & 0x0000ff00u) ^ (te[1][s0 & 255] & 0x000000ffu) ^ aes_rk[41];
    q[2] = (te[2][s2 >> 24] & 0xff000000u) ^ (te[3][(s3 >> 16) & 255] & 0x00ff0000u) ^
           (te[0][(s0 >> 8) & 255] & 0x0000ff00u) ^ (te[1][s1 & 255] & 0x000000ffu) ^ aes_rk[42];
    q[3] = (te[2][s3 >> 24] & 0xff000000u) ^ (te[3][(s0 >> 16) & 255] & 0x00ff0000u) ^
           (te[0][(s1 >> 8) & 255] & 0x0000ff00u) ^ (te[1][s2 & 255] & 0x000000ffu) ^ aes_rk[43];
}
