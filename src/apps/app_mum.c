/* app_mum.c — MUM: MUMmerGPU-style matching of short DNA reads against a
 * reference genome. The host builds the reference's suffix tree (suffix
 * array by comparison sort, LCP array by Kasai's method, the tree from both
 * in one stack pass, then suffix links) and flattens it into a node array
 * and a child array; each GPU thread computes the matching statistics of
 * one 32-base read by walking the tree with suffix links, as MUMmerGPU does,
 * and reports the longest exact match (length, read offset, smallest
 * reference position) and how many offsets match at least MIN_MATCH bases.
 * The CPU reference restarts from the root at every offset instead (same
 * answers, no suffix links), so the links are checked too. The reference is
 * random bases, over a third of it mutated copies of earlier stretches
 * (repeats make some walks deep); reads are copies of random reference
 * stretches with about one substitution each, one read in 16 is random.
 *
 * Property reproduced: memory-bound pointer chasing (Kayiran Type-M, Song
 * "Mem", Lee Type III: fewer CTAs per core do better). `ctasim run --size
 * default MUM` (GTX 480 preset, 30 CTAs, 2 per SM): 611100 cycles, IPC 24.8,
 * L1 miss rate 79%, L2 miss rate 91%, DRAM bandwidth utilisation 0.73,
 * average memory latency 533 cycles; with --max-ctas 1: 579963 cycles (5%
 * fewer), latency 444. */
#include <stdlib.h>
#include <string.h>

#include "apps.h"

#define BLOCK 256 /* as MUMmerGPU in Lee et al. Table 2 (196 CTAs of 256 threads) */
#define READ_LEN 32
#define MIN_MATCH 16
#define TERM 4 /* the terminator, after the four bases */

typedef struct tree {
    int n_nodes;
    int *nodes;    /* 4 ints per node: edge start, edge end, pos, string depth */
    int *children; /* 4 per node, -1 = none */
} tree_t;

/* Suffixes are compared byte by byte: the unique terminator ends every
 * comparison at or before the shorter suffix's end. */
static int suffix_cmp(const void *pa, const void *pb)
{
    const uint8_t *a = *(const uint8_t *const *)pa, *b = *(const uint8_t *const *)pb;
    while (*a == *b) {
        a++;
        b++;
    }
    return (int)*a - (int)*b;
}

static void attach(const uint8_t *ref, tree_t *t, int parent, int child)
{
    int *p = t->nodes + 4 * parent, *ch = t->nodes + 4 * child;
    ch[0] = ch[2] + p[3]; /* the edge: ref[pos + depth(parent) .. pos + depth(child)) */
    ch[1] = ch[2] + ch[3];
    if (ch[2] < p[2])
        p[2] = ch[2];
    int b = ref[ch[0]];
    if (b < 4) /* the terminator child is never taken by a read */
        t->children[4 * parent + b] = child;
}

static int new_node(tree_t *t, int depth, int pos)
{
    int v = t->n_nodes++;
    int *nd = t->nodes + 4 * v;
    nd[0] = nd[1] = 0;
    nd[2] = pos;
    nd[3] = depth;
    for (int b = 0; b < 4; b++)
        t->children[4 * v + b] = -1;
    return v;
}

/* Suffix tree of ref[0 .. n] (ref[n] = TERM) from its suffix array and LCP
 * array: a stack of the nodes on the path to the last leaf; each new suffix
 * closes the nodes deeper than its LCP with the previous one. */
static int build_tree(app_ctx_t *c, const uint8_t *ref, int n, tree_t *t, cs_error_t *err)
{
    int N = n + 1; /* suffixes, the terminator alone included */
    const uint8_t **sp = app_host_alloc(c, sizeof *sp * N, err);
    int *sa = app_host_alloc(c, sizeof(int) * N, err), *rank = app_host_alloc(c, sizeof(int) * N, err),
        *lcp = app_host_alloc(c, sizeof(int) * N, err), *stack = app_host_alloc(c, sizeof(int) * (N + 1), err);
    t->nodes = app_host_alloc(c, sizeof(int) * 4 * 2 * N, err);
    t->children = app_host_alloc(c, sizeof(int) * 4 * 2 * N, err);
    if (!sp || !sa || !rank || !lcp || !stack || !t->nodes || !t->children)
        return -1;
    for (int i = 0; i < N; i++)
        sp[i] = ref + i;
    qsort(sp, (size_t)N, sizeof *sp, suffix_cmp);
    for (int i = 0; i < N; i++) {
        sa[i] = (int)(sp[i] - ref);
        rank[sa[i]] = i;
    }
    for (int i = 0, h = 0; i < N; i++) { /* Kasai: lcp[r] = LCP(sa[r-1], sa[r]) */
        if (rank[i] == 0) {
            h = 0;
            continue;
        }
        int j = sa[rank[i] - 1];
        while (ref[i + h] == ref[j + h] && ref[i + h] != TERM)
            h++;
        lcp[rank[i]] = h;
        if (h > 0)
            h--;
    }
    lcp[0] = 0;
    t->n_nodes = 0;
    int top = 0;
    stack[0] = new_node(t, 0, N); /* the root; pos becomes the smallest leaf's */
    for (int r = 0; r < N; r++) {
        int l = lcp[r], last = -1;
        while (t->nodes[4 * stack[top] + 3] > l) {
            last = stack[top--];
            if (t->nodes[4 * stack[top] + 3] >= l) {
                attach(ref, t, stack[top], last);
                last = -1;
            } else {
                break;
            }
        }
        if (last >= 0) { /* a new branching node of depth l above `last` */
            int v = new_node(t, l, N);
            attach(ref, t, v, last);
            stack[++top] = v;
        }
        stack[++top] = new_node(t, N - sa[r], sa[r]);
    }
    while (top > 0) {
        int last = stack[top--];
        attach(ref, t, stack[top], last);
    }
    /* Suffix links, into the slot that held the string depth: the node
     * spelling c+w links to the one spelling w, found from the root by edge
     * lengths alone (w is known to be there). Leaves link to the root. */
    for (int v = 0; v < t->n_nodes; v++) {
        int *nd = t->nodes + 4 * v, d = nd[3], p = nd[2], u = 0, ud = 0;
        nd[3] = 0;
        if (d == 0 || d == N - p) /* the root or a leaf */
            continue;
        while (ud < d - 1) {
            u = t->children[4 * u + ref[p + 1 + ud]];
            ud += t->nodes[4 * u + 1] - t->nodes[4 * u];
        }
        nd[3] = u;
    }
    return 0;
}

/* The kernel's walk, on the host. */
static void match_ref(const uint8_t *ref, const tree_t *t, const uint8_t *q, uint32_t *out)
{
    int best_len = 0, best_off = 0, best_pos = 0, count = 0;
    for (int j = 0; j + MIN_MATCH <= READ_LEN; j++) {
        int node = 0, i = j, pos = 0;
        while (i < READ_LEN) {
            int child = t->children[4 * node + q[i]];
            if (child < 0)
                break;
            const int *e = t->nodes + 4 * child;
            int k = e[0];
            while (k < e[1] && i < READ_LEN && ref[k] == q[i]) {
                k++;
                i++;
            }
            node = child;
            pos = e[2];
            if (k < e[1])
                break;
        }
        int len = i - j;
        if (len >= MIN_MATCH)
            count++;
        if (len > best_len) {
            best_len = len;
            best_off = j;
            best_pos = pos;
        }
    }
    out[0] = (uint32_t)best_len;
    out[1] = (uint32_t)best_off;
    out[2] = (uint32_t)best_pos;
    out[3] = (uint32_t)count;
}

static int run(app_ctx_t *c, cs_error_t *err)
{
    /* paper: Lee et al. Table 2 and Song et al. Table II give MUM 196 CTAs of
     * 256 threads: 50176 reads; the reference size is not given (MUMmerGPU's
     * own tests use bacterial genomes of a few Mbp), here 1 Mbp. */
    int n = (int)app_pick(c, 1 << 14, 1 << 18, 1 << 20);
    int n_reads = (int)app_pick(c, 4, 30, 196) * BLOCK;
    uint8_t *ref = app_host_alloc(c, (size_t)n + 1, err), *reads = app_host_alloc(c, (size_t)n_reads * READ_LEN, err);
    uint32_t *out = app_host_alloc(c, sizeof(uint32_t) * 4 * n_reads, err),
             *want = app_host_alloc(c, sizeof(uint32_t) * 4 * n_reads, err);
    if (!ref || !reads || !out || !want)
        return -1;
    for (int i = 0; i < n;) {
        uint32_t rnd = app_rand(c);
        if (i > 1000 && rnd % 8 == 0) { /* a repeat: a mutated copy of an earlier stretch */
            int len = 50 + (int)(app_rand(c) % 451), from = (int)(app_rand(c) % (uint32_t)(i - len));
            for (int k = 0; k < len && i < n; k++, i++)
                ref[i] = app_rand(c) % 100 == 0 ? (uint8_t)(app_rand(c) & 3) : ref[from + k];
        } else {
            for (int k = 0; k < 64 && i < n; k++, i++)
                ref[i] = (uint8_t)(app_rand(c) & 3);
        }
    }
    ref[n] = TERM;
    for (int r = 0; r < n_reads; r++) {
        uint8_t *q = reads + (size_t)r * READ_LEN;
        if (app_rand(c) % 16 == 0) {
            for (int k = 0; k < READ_LEN; k++)
                q[k] = (uint8_t)(app_rand(c) & 3);
            continue;
        }
        int at = (int)(app_rand(c) % (uint32_t)(n - READ_LEN));
        for (int k = 0; k < READ_LEN; k++)
            q[k] = app_rand(c) % READ_LEN == 0 ? (uint8_t)(app_rand(c) & 3) : ref[at + k];
    }
    tree_t t;
    if (build_tree(c, ref, n, &t, err) < 0)
        return -1;
    for (int r = 0; r < n_reads; r++)
        match_ref(ref, &t, reads + (size_t)r * READ_LEN, want + 4 * r);

    ctasim_module_t *m;
    uint64_t d_ref, d_nodes, d_children, d_reads, d_out;
    int read_len = READ_LEN, min_match = MIN_MATCH, r = -1;
    size_t tree_ints = (size_t)4 * t.n_nodes;
    if (app_load_module(c, "mum.ptx", &m, err) < 0 || app_upload(c, &d_ref, ref, (size_t)n + 1, err) < 0 ||
        app_upload(c, &d_nodes, t.nodes, sizeof(int) * tree_ints, err) < 0 ||
        app_upload(c, &d_children, t.children, sizeof(int) * tree_ints, err) < 0 ||
        app_upload(c, &d_reads, reads, (size_t)n_reads * READ_LEN, err) < 0 ||
        app_alloc_zero(c, &d_out, sizeof(uint32_t) * 4 * n_reads, err) < 0)
        goto out;
    void *args[] = {&d_ref, &d_nodes, &d_children, &d_reads, &n_reads, &read_len, &min_match, &d_out};
    dim3_t grid = {(uint32_t)(n_reads / BLOCK), 1, 1}, block = {BLOCK, 1, 1};
    if (ctasim_launch(c->rt, m, "mum_match", grid, block, 0, 0, args, 8, err) < 0 ||
        app_download(c, out, d_out, sizeof(uint32_t) * 4 * n_reads, err) < 0)
        goto out;
    r = app_check_u32(c, "matches", out, want, (size_t)4 * n_reads);
out:
    return r;
}

const app_def_t app_mum = {"MUM", "MUMmerGPU-style read matching: one thread walks the reference's suffix tree per read",
                           "memory-bound, irregular", run};
