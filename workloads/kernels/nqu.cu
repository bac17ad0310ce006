// nqu.cu — NQU: count the solutions of the N-Queens problem. Thread t takes
// the placement of the first `pre` queens encoded in t (base N digits); if
// that prefix is legal it enumerates the rest of the tree by bitmask
// backtracking with an explicit per-thread stack (local memory). Subtree
// sizes differ wildly (divergent, load-imbalanced, few threads). Each thread
// stores its own count; a shared-memory reduction and one atomicAdd per CTA
// give the total.
#define NQ_MAX 16

extern "C" __global__ void nqu_solve(unsigned int *per_thread, unsigned int *total, int n, int pre, int n_prefixes)
{
    __shared__ unsigned int red[128];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int count = 0;
    if (t < n_prefixes) {
        unsigned int full = (1u << n) - 1;
        unsigned int cols = 0, ld = 0, rd = 0;
        int code = t, ok = 1;
        for (int i = 0; i < pre; i++) {
            unsigned int bit = 1u << (code % n);
            code /= n;
            if ((cols | ld | rd) & bit)
                ok = 0;
            cols |= bit;
            ld = ((ld | bit) << 1) & full;
            rd = (rd | bit) >> 1;
        }
        if (ok) {
            unsigned int st_avail[NQ_MAX], st_cols[NQ_MAX], st_ld[NQ_MAX], st_rd[NQ_MAX];
            int depth = pre;
            if (depth == n) {
                count = 1;
            } else {
                st_cols[depth] = cols, st_ld[depth] = ld, st_rd[depth] = rd;
                st_avail[depth] = full & ~(cols | ld | rd);
                while (depth >= pre) {
                    unsigned int a = st_avail[depth];
                    if (a == 0) {
                        depth--;
                        continue;
                    }
                    unsigned int bit = a & (0u - a);
                    st_avail[depth] = a ^ bit;
                    if (depth == n - 1) {
                        count++;
                        continue;
                    }
                    unsigned int c = st_cols[depth] | bit;
                    unsigned int l = ((st_ld[depth] | bit) << 1) & full;
                    unsigned int r = (st_rd[depth] | bit) >> 1;
                    depth++;
                    st_cols[depth] = c, st_ld[depth] = l, st_rd[depth] = r;
                    st_avail[depth] = full & ~(c | l | r);
                }
            }
        }
        per_thread[t] = count;
    }
    red[threadIdx.x] = count;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(total, red[0]);
}
