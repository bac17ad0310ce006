// sto.cu — STO: StoreGPU-style direct hashing: the data is cut into 512-byte
// chunks and each thread computes the MD5 digest (RFC 1321) of one chunk:
// eight 64-byte blocks of data, then the padding block (0x80, zeros, the
// length in bits), each through the 64-step compression function. A CTA of
// 128 threads owns 128 consecutive chunks (64 KB); block by block, its
// threads stage the 128 blocks in shared memory with 16-byte loads (a warp
// reads eight 64-byte pieces: whole halves of 128-byte lines) and then each
// thread reads its own block from a padded row. About 600 integer
// instructions (adds, logic, rotates) per 64 bytes loaded: compute-bound
// (Kayiran et al. Type-C).
#define STO_CHUNK 512
#define STO_BLOCKS (STO_CHUNK / 64)
#define STO_T 128

__device__ __forceinline__ unsigned rotl(unsigned x, int s) { return (x << s) | (x >> (32 - s)); }

// One step: a = b + rotl(a + f(b, c, d) + m + k, s), for the four round
// functions of MD5.
#define STEP_F(a, b, c, d, m, s, k) a = b + rotl(a + ((b & c) | (~b & d)) + m + k, s)
#define STEP_G(a, b, c, d, m, s, k) a = b + rotl(a + ((b & d) | (c & ~d)) + m + k, s)
#define STEP_H(a, b, c, d, m, s, k) a = b + rotl(a + (b ^ c ^ d) + m + k, s)
#define STEP_I(a, b, c, d, m, s, k) a = b + rotl(a + (c ^ (b | ~d)) + m + k, s)

__device__ __forceinline__ void md5_compress(unsigned h[4], const unsigned m[16])
{
    unsigned a = h[0], b = h[1], c = h[2], d = h[3];
    // round 1: m[i]
    STEP_F(a, b, c, d, m[0], 7, 0xd76aa478u);
    STEP_F(d, a, b, c, m[1], 12, 0xe8c7b756u);
    STEP_F(c, d, a, b, m[2], 17, 0x242070dbu);
    STEP_F(b, c, d, a, m[3], 22, 0xc1bdceeeu);
    STEP_F(a, b, c, d, m[4], 7, 0xf57c0fafu);
    STEP_F(d, a, b, c, m[5], 12, 0x4787c62au);
    STEP_F(c, d, a, b, m[6], 17, 0xa8304613u);
    STEP_F(b, c, d, a, m[7], 22, 0xfd469501u);
    STEP_F(a, b, c, d, m[8], 7, 0x698098d8u);
    STEP_F(d, a, b, c, m[9], 12, 0x8b44f7afu);
    STEP_F(c, d, a, b, m[10], 17, 0xffff5bb1u);
    STEP_F(b, c, d, a, m[11], 22, 0x895cd7beu);
    STEP_F(a, b, c, d, m[12], 7, 0x6b901122u);
    STEP_F(d, a, b, c, m[13], 12, 0xfd987193u);
    STEP_F(c, d, a, b, m[14], 17, 0xa679438eu);
    STEP_F(b, c, d, a, m[15], 22, 0x49b40821u);
    // round 2: m[(5i + 1) mod 16]
    STEP_G(a, b, c, d, m[1], 5, 0xf61e2562u);
    STEP_G(d, a, b, c, m[6], 9, 0xc040b340u);
    STEP_G(c, d, a, b, m[11], 14, 0x265e5a51u);
    STEP_G(b, c, d, a, m[0], 20, 0xe9b6c7aau);
    STEP_G(a, b, c, d, m[5], 5, 0xd62f105du);
    STEP_G(d, a, b, c, m[10], 9, 0x02441453u);
    STEP_G(c, d, a, b, m[15], 14, 0xd8a1e681u);
    STEP_G(b, c, d, a, m[4], 20, 0xe7d3fbc8u);
    STEP_G(a, b, c, d, m[9], 5, 0x21e1cde6u);
    STEP_G(d, a, b, c, m[14], 9, 0xc33707d6u);
    STEP_G(c, d, a, b, m[3], 14, 0xf4d50d87u);
    STEP_G(b, c, d, a, m[8], 20, 0x455a14edu);
    STEP_G(a, b, c, d, m[13], 5, 0xa9e3e905u);
    STEP_G(d, a, b, c, m[2], 9, 0xfcefa3f8u);
    STEP_G(c, d, a, b, m[7], 14, 0x676f02d9u);
    STEP_G(b, c, d, a, m[12], 20, 0x8d2a4c8au);
    // round 3: m[(3i + 5) mod 16]
    STEP_H(a, b, c, d, m[5], 4, 0xfffa3942u);
    STEP_H(d, a, b, c, m[8], 11, 0x8771f681u);
    STEP_H(c, d, a, b, m[11], 16, 0x6d9d6122u);
    STEP_H(b, c, d, a, m[14], 23, 0xfde5380cu);
    STEP_H(a, b, c, d, m[1], 4, 0xa4beea44u);
    STEP_H(d, a, b, c, m[4], 11, 0x4bdecfa9u);
    STEP_H(c, d, a, b, m[7], 16, 0xf6bb4b60u);
    STEP_H(b, c, d, a, m[10], 23, 0xbebfbc70u);
    STEP_H(a, b, c, d, m[13], 4, 0x289b7ec6u);
    STEP_H(d, a, b, c, m[0], 11, 0xeaa127fau);
    STEP_H(c, d, a, b, m[3], 16, 0xd4ef3085u);
    STEP_H(b, c, d, a, m[6], 23, 0x04881d05u);
    STEP_H(a, b, c, d, m[9], 4, 0xd9d4d039u);
    STEP_H(d, a, b, c, m[12], 11, 0xe6db99e5u);
    STEP_H(c, d, a, b, m[15], 16, 0x1fa27cf8u);
    STEP_H(b, c, d, a, m[2], 23, 0xc4ac5665u);
    // round 4: m[7i mod 16]
    STEP_I(a, b, c, d, m[0], 6, 0xf4292244u);
    STEP_I(d, a, b, c, m[7], 10, 0x432aff97u);
    STEP_I(c, d, a, b, m[14], 15, 0xab9423a7u);
    STEP_I(b, c, d, a, m[5], 21, 0xfc93a039u);
    STEP_I(a, b, c, d, m[12], 6, 0x655b59c3u);
    STEP_I(d, a, b, c, m[3], 10, 0x8f0ccc92u);
    STEP_I(c, d, a, b, m[10], 15, 0xffeff47du);
    STEP_I(b, c, d, a, m[1], 21, 0x85845dd1u);
    STEP_I(a, b, c, d, m[8], 6, 0x6fa87e4fu);
    STEP_I(d, a, b, c, m[15], 10, 0xfe2ce6e0u);
    STEP_I(c, d, a, b, m[6], 15, 0xa3014314u);
    STEP_I(b, c, d, a, m[13], 21, 0x4e0811a1u);
    STEP_I(a, b, c, d, m[4], 6, 0xf7537e82u);
    STEP_I(d, a, b, c, m[11], 10, 0xbd3af235u);
    STEP_I(c, d, a, b, m[2], 15, 0x2ad7d2bbu);
    STEP_I(b, c, d, a, m[9], 21, 0xeb86d391u);
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
}

// data: the chunks, back to back (16-byte aligned); digest[i]: chunk i's MD5
// as four little-endian words. grid * 128 = number of chunks.
extern "C" __global__ void sto_md5(const uint4 *data, uint4 *digest)
{
    __shared__ unsigned s[STO_T][17];
    int t = threadIdx.x;
    const uint4 *base = data + (size_t)blockIdx.x * STO_T * (STO_CHUNK / 16);
    unsigned h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u}, m[16];
    for (int b = 0; b < STO_BLOCKS; b++) {
        __syncthreads();
        for (int k = t; k < STO_T * 4; k += STO_T) {  // piece q of chunk j's block b
            int j = k >> 2, q = k & 3;
            uint4 v = base[j * (STO_CHUNK / 16) + b * 4 + q];
            s[j][4 * q] = v.x;
            s[j][4 * q + 1] = v.y;
            s[j][4 * q + 2] = v.z;
            s[j][4 * q + 3] = v.w;
        }
        __syncthreads();
#pragma unroll
        for (int i = 0; i < 16; i++)
            m[i] = s[t][i];
        md5_compress(h, m);
    }
#pragma unroll
    for (int i = 0; i < 16; i++)
        m[i] = 0;
    m[0] = 0x80u;
    m[14] = STO_CHUNK * 8;
    md5_compress(h, m);
    digest[blockIdx.x * STO_T + t] = make_uint4(h[0], h[1], h[2], h[3]);
}
