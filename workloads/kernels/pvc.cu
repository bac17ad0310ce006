// pvc.cu — PVC: page view count (MapReduce "group by URL" over a web log).
// The log is one byte stream of text lines "URL IP TIMESTAMP\n"; line_off[i]
// is where line i starts (the record index a MapReduce runtime hands its map
// tasks). Each thread takes one line, scans the URL byte by byte up to the
// first space while hashing it (FNV-1a), and counts the view in a global
// open-addressing hash table keyed by the URL string:
//   keys[s]   64 bits: FNV hash << 32 | (byte offset of a representative
//             copy of the URL in the log) + 1; 0 = empty. Claimed by atomicCAS,
//             written once, so a plain load that sees a key may trust it.
//   counts[s] views of that URL (atomicAdd).
// A slot whose hash matches is only taken after comparing the two URL strings
// byte by byte (the representative line may be anywhere in the log), so the
// kernel does per-thread byte scans (uncoalesced, reused from L1 only while
// the lines stay resident), data-dependent probing and atomics on hot slots
// of popular pages: irregular and memory-bound.
#define PVC_FNV_OFFSET 2166136261u
#define PVC_FNV_PRIME 16777619u

// Same URL? Both copies end at the first space.
__device__ static bool pvc_same_url(const unsigned char *log, unsigned a, unsigned b)
{
    for (;; a++, b++) {
        unsigned char ca = log[a], cb = log[b];
        if (ca != cb)
            return false;
        if (ca == ' ')
            return true;
    }
}

extern "C" __global__ void pvc_count(const unsigned char *log, const unsigned *line_off, int n_lines,
                                     unsigned long long *keys, unsigned *counts, unsigned mask)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_lines)
        return;
    unsigned start = line_off[i], h = PVC_FNV_OFFSET;
    for (unsigned p = start;; p++) {
        unsigned char ch = log[p];
        if (ch == ' ')
            break;
        h = (h ^ ch) * PVC_FNV_PRIME;
    }
    unsigned long long key = ((unsigned long long)h << 32) | (start + 1u);
    unsigned s = h & mask;
    for (;;) {
        unsigned long long cur = keys[s];
        if (cur == 0ull) {
            cur = atomicCAS(&keys[s], 0ull, key);
            if (cur == 0ull)
                break; // claimed: this line is the URL's representative
        }
        if ((unsigned)(cur >> 32) == h && pvc_same_url(log, (unsigned)cur - 1u, start))
            break;
        s = (s + 1u) & mask;
    }
    atomicAdd(&counts[s], 1u);
}
