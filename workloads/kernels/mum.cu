// mum.cu — MUM: MUMmerGPU-style exact matching of short reads against a
// reference genome through the reference's suffix tree, one read per thread.
//
// The host builds the suffix tree of the reference (bases 0..3, a unique
// terminator 4 at the end) and flattens it into two arrays:
//   nodes[v]          = {edge start, edge end, pos, suffix link}: the edge
//                       into v is ref[start .. end), pos is the smallest
//                       start of a suffix in v's subtree, the suffix link
//                       leads from the node spelling c+w to the one spelling w;
//   children[4*v + b] = the child of v whose edge starts with base b, or -1.
// A thread computes the matching statistics of its read: for every start
// offset j (while a match of min_match bases is still possible) the longest
// prefix of read[j..] that occurs in the reference. As in MUMmerGPU, after
// each offset it follows the suffix link of the deepest node it reached,
// skips down whole edges over the bases already known to match (rescan),
// then compares edge labels with the read base by base (scan). Every step
// is a dependent load into a multi-megabyte structure at a place that
// depends on the data, and the threads of a warp take different numbers of
// steps: pointer chasing, divergent, irregular, memory-bound.
//
// Per read the kernel writes {longest match length, the read offset where it
// starts (the first offset if several), its smallest reference position,
// the number of offsets whose match is at least min_match long}.

extern "C" __global__ void mum_match(const unsigned char *ref, const int4 *nodes, const int *children,
                                     const unsigned char *reads, int n_reads, int read_len, int min_match,
                                     unsigned int *out)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n_reads)
        return;
    const unsigned char *q = reads + (size_t)r * read_len;
    int best_len = 0, best_off = 0, best_pos = 0, count = 0;
    int node = 0, nd = 0, i = 0;  // deepest node reached, spelling q[j .. j+nd); q[j .. i) matched
    for (int j = 0; j + min_match <= read_len; j++) {
        if (i < j)
            i = j;
        int child = -1, k = 0, kstart = 0, kend = 0, pos = 0;
        while (j + nd < i) {  // rescan: q[j .. i) occurs, so only edge lengths matter
            child = children[node * 4 + q[j + nd]];
            int4 e = nodes[child];
            if (e.y - e.x <= i - j - nd) {
                node = child;
                nd += e.y - e.x;
                child = -1;
            } else {
                kstart = e.x;
                k = e.x + (i - j - nd);
                kend = e.y;
                pos = e.z;
                break;
            }
        }
        for (;;) {  // scan: compare edge labels with the read
            if (child < 0) {
                if (i < read_len)
                    child = children[node * 4 + q[i]];
                if (child < 0) {
                    pos = nodes[node].z;
                    break;
                }
                int4 e = nodes[child];
                kstart = k = e.x;
                kend = e.y;
                pos = e.z;
            }
            while (k < kend && i < read_len && ref[k] == q[i]) {
                k++;
                i++;
            }
            if (k < kend)
                break;  // mismatch inside the edge, or the read ended there
            node = child;
            nd += kend - kstart;
            child = -1;
        }
        int len = i - j;
        if (len >= min_match)
            count++;
        if (len > best_len) {
            best_len = len;
            best_off = j;
            best_pos = pos;
        }
        if (nd > 0) {  // on to q[j+1 ..]: the node spelling q[j+1 .. j+nd)
            node = nodes[node].w;
            nd--;
        }
    }
    out[4 * r + 0] = best_len;
    out[4 * r + 1] = best_off;
    out[4 * r + 2] = best_pos;
    out[4 * r + 3] = count;
}
