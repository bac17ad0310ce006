// tgemm.cu — TGEMM: C = A * B on the tensor cores (mma.sync m16n8k16, f16
// inputs, f32 accumulation). A is M x K row-major, B is given column-major
// (as Bt, N x K row-major), C is M x N row-major f32; M a multiple of 64, N and
// K of 32. A CTA of 8 warps computes a 64x32 tile of C: per 32-wide step of K
// it stages a 64x32 tile of A and a 32x32 tile of Bt in shared memory (as
// pairs of f16 in 32-bit words), then each warp computes its 16x16 part with
// 2 x 2 mma's, its fragments read from shared memory in the PTX ISA's
// m16n8k16 layout.
// Needs sm_80 (tools/gen_ptx.sh reads the arch line below).
// gen_ptx-arch: sm_80
#define TILE_M 64
#define TILE_N 32
#define WORDS 16 // f16 pairs per tile row: 32 of K per step
#define PAD 4    // words: keeps the fragment reads off one bank

extern "C" __global__ void __launch_bounds__(256)
tgemm(const unsigned int *A, const unsigned int *Bt, float *C, int M, int N, int K)
{
    __shared__ unsigned int sA[TILE_M][WORDS + PAD];
    __shared__ unsigned int sB[TILE_N][WORDS + PAD];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int g = lane / 4, t = lane % 4;                      // groupID, threadID_in_group
    int wm = (warp / 2) * 16, wn = (warp % 2) * 16;      // the warp's 16x16 part of the tile
    int row0 = blockIdx.y * TILE_M, col0 = blockIdx.x * TILE_N;
    int kw = K / 2;                                      // words per row of A and Bt
    float acc[2][4] = {{0.0f, 0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}};
    for (int k0 = 0; k0 < kw; k0 += WORDS) {
        for (int i = threadIdx.x; i < TILE_M * WORDS; i += blockDim.x) {
            int r = i / WORDS, c = i % WORDS;
            sA[r][c] = A[(row0 + r) * kw + k0 + c];
            if (r < TILE_N)
                sB[r][c] = Bt[(col0 + r) * kw + k0 + c];
        }
        __syncthreads();
        for (int kk = 0; kk < WORDS; kk += 8) { // 16 f16 of K per mma
            // A fragment: rows g and g+8, columns 2t,2t+1 and 2t+8,2t+9
            unsigned int a0 = sA[wm + g][kk + t], a1 = sA[wm + g + 8][kk + t];
            unsigned int a2 = sA[wm + g][kk + t + 4], a3 = sA[wm + g + 8][kk + t + 4];
            for (int j = 0; j < 2; j++) {
                // B fragment: column g, rows 2t,2t+1 and 2t+8,2t+9
                unsigned int b0 = sB[wn + j * 8 + g][kk + t], b1 = sB[wn + j * 8 + g][kk + t + 4];
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                             "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                             : "+f"(acc[j][0]), "+f"(acc[j][1]), "+f"(acc[j][2]), "+f"(acc[j][3])
                             : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
            }
        }
        __syncthreads();
    }
    for (int j = 0; j < 2; j++) {
        // C/D fragment: rows g and g+8, columns 2t and 2t+1
        float *c0 = &C[(row0 + wm + g) * N + col0 + wn + j * 8 + 2 * t];
        float *c8 = c0 + 8 * N;
        c0[0] = acc[j][0];
        c0[1] = acc[j][1];
        c8[0] = acc[j][2];
        c8[1] = acc[j][3];
    }
}
