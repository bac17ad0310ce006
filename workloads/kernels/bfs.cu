// bfs.cu — BFS: one level of a level-synchronous breadth-first search over a
// CSR graph. Threads whose node is on the frontier walk a data-dependent
// number of edges (divergent loops, irregular gathers); newly reached nodes
// get level+1 and set *changed so the host launches another level.
extern "C" __global__ void bfs_level(const int *row_ptr, const int *cols, int *level,
                                     int *changed, int n_nodes, int cur)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n_nodes || level[v] != cur)
        return;
    int begin = row_ptr[v], end = row_ptr[v + 1];
    for (int e = begin; e < end; e++) {
        int u = cols[e];
        if (level[u] < 0) {
            level[u] = cur + 1;
            *changed = 1;
        }
    }
}
