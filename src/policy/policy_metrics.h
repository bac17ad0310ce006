/* policy_metrics.h — names of the values CTA policies publish (gpu_metric_*),
 * one definition for the policy that writes them and every report that reads
 * them (experiments, tests, JSON "metrics" / "series"). */
#ifndef CTASIM_POLICY_METRICS_H
#define CTASIM_POLICY_METRICS_H

/* LCS: the latest T_new, and per kernel as METRIC_LCS_T_NEW ".k<launch index>" */
#define METRIC_LCS_T_NEW "lcs.t_new"
/* LCS: Eq. 1's quotient sum_x inst_x / max_x inst_x before rounding (the
 * latest, and per kernel as ".k<launch index>"): how far from a rounding
 * boundary T_new was, and what a CTA count Eq. 1 sees */
#define METRIC_LCS_QUOTIENT "lcs.quotient"
/* clusterlcs: mean cluster count over the GPCs that decided (latest
 * kernel; ".k<launch index>" per kernel) and the latest quotient */
#define METRIC_CLUSTERLCS_T "clusterlcs.t"
#define METRIC_CLUSTERLCS_QUOTIENT "clusterlcs.quotient"
/* BCS: blocks cut short because their core could not take the rest */
#define METRIC_BCS_BLOCKS_CUT "bcs.blocks_cut"
/* DYNCTA: series of the mean n over cores (oldest running kernel), its mean, and N */
#define METRIC_DYNCTA_N_SERIES "dyncta.n"
#define METRIC_DYNCTA_N_AVG "dyncta.n_avg"
#define METRIC_DYNCTA_N_MAX "dyncta.N"
#define METRIC_DYNCTA_RESIDENT_AVG "dyncta.resident_avg"
/* CLASO: credits at launch and left at the end of the latest kernel */
#define METRIC_CLASO_LOCAL_CREDITS "claso.local_credits"
#define METRIC_CLASO_GLOBAL_CREDITS "claso.global_credits"
#define METRIC_CLASO_GLOBAL_LEFT "claso.global_left"
#define METRIC_CLASO_LOCAL_LEFT_MAX "claso.local_left_max"
/* TCS / hTCS: ACTIVE cores when MONITOR ended (latest; ".k<launch index>" per
 * kernel), cores throttled in total, series of ACTIVE cores after each change */
#define METRIC_TCS_CORES "tcs.cores"
#define METRIC_TCS_THROTTLED "tcs.throttled"
#define METRIC_TCS_ACTIVE_SERIES "tcs.active"
/* TCS / hTCS with sat=ipc: throttles undone because they cost performance */
#define METRIC_TCS_SAT_STOPS "tcs.sat_stops"
/* DYNCORE: cores turned off (series, at each sample), drained cores gated in
 * total, returns of draining cores, G_act threshold used, the pcpg argument */
#define METRIC_DYNCORE_OFF_SERIES "dyncore.off"
#define METRIC_DYNCORE_GATED "dyncore.gated"
#define METRIC_DYNCORE_RETURNS "dyncore.returns"
#define METRIC_DYNCORE_T_ACT "dyncore.t_act"
#define METRIC_DYNCORE_PCPG "dyncore.pcpg"

#endif
