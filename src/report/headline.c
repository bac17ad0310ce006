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
