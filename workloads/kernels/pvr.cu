// pvr.cu — PVR: page view rank (MapReduce over a link list, Mars
// PageViewRank shape: map each link to its destination, reduce per page).
// links[] holds (source id, destination id) pairs of opaque 32-bit page ids,
// sorted by source as a crawler writes them; row[s] .. row[s + 1] are the
// out-links of source page s (the record index a MapReduce runtime hands its
// map tasks). Each thread takes one source page, walks its out-links and, for
// every link that is not a self-link, finds the destination in a global
// open-addressing hash table (key claimed by atomicCAS, written once) and adds
// one in-link and the source's share of rank, PVR_ONE / out-degree, with
// atomicAdd: one step of PageRank in fixed point, so the sums are exact
// whatever order the atomics run in. A second kernel emits the (page, in-links,
// rank) triples of the occupied slots, compacted through an atomic counter.
// Out-degrees follow a power law (divergent loops), each thread walks its own
// list (uncoalesced; reused from L1 only while it stays resident), and the
// destinations of popular pages are hot slots: irregular and memory-bound.
#define PVR_ONE 4096u

__device__ static unsigned pvr_hash(unsigned id)
{
    id ^= id >> 16;
    id *= 0x85ebca6bu;
    id ^= id >> 13;
    return id;
}

// One hash-table slot: the page id (0 = empty), its in-links and rank.
struct pvr_slot {
    unsigned key, inlinks, rank, pad;
};

extern "C" __global__ void pvr_rank(const uint2 *links, const unsigned *row, int n_pages, pvr_slot *table,
                                    unsigned mask)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= n_pages)
        return;
    unsigned begin = row[s], end = row[s + 1];
    if (begin == end)
        return;
    unsigned share = PVR_ONE / (end - begin);
    for (unsigned i = begin; i < end; i++) {
        uint2 l = links[i];
        if (l.x == l.y)
            continue;
        unsigned slot = pvr_hash(l.y) & mask;
        for (;;) {
            unsigned cur = table[slot].key;
            if (cur == 0u)
                cur = atomicCAS(&table[slot].key, 0u, l.y);
            if (cur == 0u || cur == l.y)
                break;
            slot = (slot + 1u) & mask;
        }
        atomicAdd(&table[slot].inlinks, 1u);
        atomicAdd(&table[slot].rank, share);
    }
}

extern "C" __global__ void pvr_emit(const pvr_slot *table, int n_slots, unsigned *n_out, pvr_slot *out)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= n_slots)
        return;
    pvr_slot e = table[s];
    if (e.key == 0u)
        return;
    out[atomicAdd(n_out, 1u)] = e;
}
