// nw.cu — NW: Needleman-Wunsch global alignment score matrix, Rodinia-like.
// The (n+1)x(n+1) score matrix is processed in 16x16 blocks along block
// anti-diagonals: one launch per diagonal, one 16-thread CTA per block on it
// (1 .. n/16 CTAs per launch: few CTAs, few threads). Each CTA stages its
// block's substitution scores and the halo row/column in shared memory and
// sweeps the 31 in-block anti-diagonals with a barrier after each.
#define NW_B 16

extern "C" __global__ void nw_diag(const int *ref, int *score, int cols, int penalty, int diag, int nb)
{
    __shared__ int s[NW_B + 1][NW_B + 1];
    __shared__ int r[NW_B][NW_B];
    int tx = threadIdx.x;
    int bx = (diag < nb ? 0 : diag - nb + 1) + blockIdx.x;  // block column
    int by = diag - bx;                                     // block row
    int base = by * NW_B * cols + bx * NW_B;                // top-left halo cell
    if (tx == 0)
        s[0][0] = score[base];
    s[tx + 1][0] = score[base + (tx + 1) * cols];
    s[0][tx + 1] = score[base + tx + 1];
    for (int y = 0; y < NW_B; y++)
        r[y][tx] = ref[base + (y + 1) * cols + tx + 1];
    __syncthreads();
    for (int m = 0; m < NW_B; m++) {  // upper-left triangle of the block
        if (tx <= m) {
            int x = tx + 1, y = m - tx + 1;
            int v = s[y - 1][x - 1] + r[y - 1][x - 1];
            v = max(v, s[y - 1][x] - penalty);
            v = max(v, s[y][x - 1] - penalty);
            s[y][x] = v;
        }
        __syncthreads();
    }
    for (int m = NW_B - 2; m >= 0; m--) {  // lower-right triangle
        if (tx <= m) {
            int x = tx + NW_B - m, y = NW_B - tx;
            int v = s[y - 1][x - 1] + r[y - 1][x - 1];
            v = max(v, s[y - 1][x] - penalty);
            v = max(v, s[y][x - 1] - penalty);
            s[y][x] = v;
        }
        __syncthreads();
    }
    for (int y = 0; y < NW_B; y++)
        score[base + (y + 1) * cols + tx + 1] = s[y + 1][tx + 1];
}
