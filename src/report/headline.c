/* headline.c — see headline.h. The texts are the papers' own claims, as the
 * experiments printed them before this table existed. */
#include "headline.h"

#include <stddef.h>
#include <string.h>

static const paper_headline_t headlines[] = {
    {"lee-fig4", "Lee et al., HPCA'14, Fig. 4 / Table 2",
     "IPC against CTAs per core falls into four types: I keeps rising, II saturates, III falls (cache and "
     "memory contention), IV peaks in the middle (Table 2 gives each workload's type)."},
    {"lee-fig12-13", "Lee et al., HPCA'14, Figs. 12-13", "~7% on average, ~23% on Type III/IV."},
    {"lee-fig16-17", "Lee et al., HPCA'14, Figs. 16-17", "+3% / +15%; miss rate -8% / -24%."},
    {"lee-fig19", "Lee et al., HPCA'14, Fig. 19",
     "LCS +8%, LCS+BCS +15-16% over GTO, LCS+BCS +14% over DYNCTA."},
    {"kayiran-fig1-10", "Kayiran et al., PACT'13, Figs. 1 and 10", "opt +39%, DYNCTA +28% on average."},
    {"kayiran-fig8", "Kayiran et al., PACT'13, Fig. 8",
     "The paper's Fig. 8 shows n settling below N for memory-intensive kernels."},
    {"yu-fig11-12", "Yu et al., IJPP'14, Figs. 11-12", "idle cycles -52.4% on average, speedup up to +26.6%."},
    {"yu-fig13", "Yu et al., IJPP'14, Fig. 13", "+5.1% on average over TL, OWL and DYNCTA, up to +18.3%."},
    {"yu-fig16", "Yu et al., IJPP'14, Fig. 16",
     "CLASO10 and CLASO20 best; the gain fades as p_A and p_L grow, p_L more sensitive than p_A."},
    {"song-fig2", "Song et al., DATE'14, Fig. 2",
     "static power is over 60% of the total for some workloads and about 40% on average."},
    {"song-fig3", "Song et al., DATE'14, Fig. 3",
     "compute-bound IPC rises linearly with cores, memory-bound saturates; memory latency at all cores vs one: "
     "up to 7.5x, ~4x on average (memory-bound), at most 1.5x (compute-bound)."},
    {"song-fig6", "Song et al., DATE'14, Fig. 6",
     "TCS: memory-bound energy -38% on average (up to -48%) at ~-6% performance; compute-bound ~0% loss; hTCS a "
     "further -6% energy (up to -18%), -1.5% performance on compute-bound (-5% BLK)."},
    {"song-fig7", "Song et al., DATE'14, Fig. 7",
     "TCS keeps all cores on compute-bound workloads and is within 6% of the static EDP-optimal core count on "
     "memory-bound ones."},
    {"song-fig8", "Song et al., DATE'14, Fig. 8",
     "TCS settles on 6 cores, the 22 others throttled then gated; without throttling <2% performance change but up "
     "to 15% more energy than TCS."},
    {"song-fig9", "Song et al., DATE'14, Fig. 9",
     "BFS's 24 kernels: the short compute-bound ones are not gated, the memory-bound ones run on fewer cores."},
    {"kayiran-fig12-13", "Kayiran et al., PACT'13, Figs. 12-13 (Fig. 14a speed)",
     "DYNCORE power -17% / -8% (with / without PCPG), energy efficiency +52% / +33%, speedup +21%; DYNCTA power "
     "+2%, efficiency +26%."},
    {"kayiran-fig14a", "Kayiran et al., PACT'13, Fig. 14a",
     "turning more cores off lowers performance but raises power savings and energy efficiency (PCPG); 8 is the "
     "chosen trade-off."},
    {"lee-fig14", "Lee et al., HPCA'14, Fig. 14",
     "LCS with unused resources power-gated saves energy on every type: up to 37% on Type III, 11% on average."},
    {"lee-fig18", "Lee et al., HPCA'14, Fig. 18 / Table 3",
     "mCKE over CKE (both at LCS's CTA counts; CKE runs the kernels on different cores): up to +27% (KMN-SRAD), "
     "+20% on CP-LPS, little on CP-MADD (load imbalance) and on some other mixes."},
    {"li-fig2", "Li & Liang, DATE'16, Fig. 2",
     "{BKP, KMS}: the TLP split alone gains up to 25% over default concurrency (best {5, 1}, the maximal splits "
     "not always best); bypassing L1 for some CTAs at {5, 1} a further 60% (best {0, 1})."},
    {"li-fig5", "Li & Liang, DATE'16, Figs. 5, 7, 8",
     "TLP modulation with bypassing 1.42x over default concurrency (GPGPU-Sim 3.2.2's: a core per kernel) on "
     "average over 25 pairs (TLP modulation alone "
     "1.30x); memory stall -38.4%, structural stall -12.1%; Smart-Even 1.21x (Fig. 7); on Lee et al.'s mixes 1.38x "
     "against mCKE's 1.12x (Fig. 8)."},
    {"li-fig8", "Li & Liang, DATE'16, Fig. 8",
     "On Lee et al.'s mixes: TLP modulation with bypassing 1.38x over default concurrency, mCKE 1.12x."},
    {"li-fig6", "Li & Liang, DATE'16, Fig. 6",
     "TLP modulation with bypassing improves energy efficiency about 1.33x on average over the 25 pairs."},
};

const paper_headline_t *paper_headline(const char *experiment)
{
    for (size_t i = 0; i < sizeof headlines / sizeof *headlines; i++)
        if (!strcmp(headlines[i].experiment, experiment))
            return &headlines[i];
    return NULL;
}

const char *paper_headline_text(const char *experiment)
{
    const paper_headline_t *h = paper_headline(experiment);
    return h ? h->headline : "";
}
