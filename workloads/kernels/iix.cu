// iix.cu — IIX: inverted index (MapReduce: for every link target URL, the
// documents that link to it). The documents are one byte stream of HTML-like
// text; doc_off[d] .. doc_off[d + 1] is document d. Each thread scans one
// document byte by byte with a small matcher for the pattern <a href=" and,
// after a match, hashes the URL up to the closing quote, then appends the
// document id to the URL's posting list in a global open-addressing table:
//   keys[s]   the URL's 64-bit fingerprint (FNV-1a 32 << 32 | a second,
//             polynomial hash, low bit forced to 1; 0 = empty), claimed by
//             atomicCAS and written once, so a plain load that sees a key may
//             trust it. Keys are fingerprints, not strings: a byte-by-byte
//             compare per link, serialised across the warp's diverged
//             threads, would multiply the simulated work; the host checks
//             that no two URLs of the input share a fingerprint.
//   heads[s]  1 + the newest posting of the URL (0 = none), by atomicExch;
//   post_doc[k], post_next[k]  posting k: document id and 1 + next posting,
//             k from an atomicAdd on *n_posts.
// Documents have very different lengths and link counts, so the warp's
// threads diverge (insertions at different times, different trip counts)
// and their byte loads land ~140 bytes apart: irregular, memory-bound.
#define IIX_FNV_OFFSET 2166136261u
#define IIX_FNV_PRIME 16777619u
#define IIX_POLY 31u
// "<a href=" little-endian in one word; the ninth pattern byte is the quote.
#define IIX_PATTERN 0x3d6665726820613cull
#define IIX_PATTERN_LEN 9

extern "C" __global__ void iix_index(const unsigned char *text, const unsigned *doc_off, int n_docs,
                                     unsigned long long *keys, unsigned *heads, unsigned *post_doc,
                                     unsigned *post_next, unsigned *n_posts, unsigned mask)
{
    int d = blockIdx.x * blockDim.x + threadIdx.x;
    if (d >= n_docs)
        return;
    unsigned end = doc_off[d + 1], h = 0, g = 0;
    int state = 0; // pattern bytes matched so far; IIX_PATTERN_LEN: inside a URL
    // One loop for matching and hashing, so a warp's threads stay together
    // whichever part of their documents they are in; only the insertion of a
    // finished URL diverges.
    for (unsigned p = doc_off[d]; p < end; p++) {
        unsigned ch = text[p];
        if (state == 0) { // most bytes: waiting for a '<'
            state = ch == '<';
            continue;
        }
        if (state == IIX_PATTERN_LEN) {
            if (ch != '"') {
                h = (h ^ ch) * IIX_FNV_PRIME;
                g = g * IIX_POLY + ch;
                continue;
            }
            state = 0;
            unsigned long long key = ((unsigned long long)h << 32) | g | 1u;
            unsigned s = h & mask;
            for (;;) {
                unsigned long long cur = keys[s];
                if (cur == 0ull)
                    cur = atomicCAS(&keys[s], 0ull, key);
                if (cur == 0ull || cur == key)
                    break;
                s = (s + 1u) & mask;
            }
            unsigned k = atomicAdd(n_posts, 1u);
            post_doc[k] = (unsigned)d;
            post_next[k] = atomicExch(&heads[s], k + 1u);
            continue;
        }
        unsigned want = state < 8 ? (unsigned)(IIX_PATTERN >> (8 * state)) & 0xffu : '"';
        if (ch != want) {
            state = ch == '<'; // '<' only opens the pattern, so this is the whole fallback
        } else if (++state == IIX_PATTERN_LEN) {
            h = IIX_FNV_OFFSET; // a link: hash its URL
            g = 0;
        }
    }
}
