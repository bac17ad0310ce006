/* apps_group_b.c — workloads of group b (one line each). */
#include "apps.h"

extern const app_def_t app_kmn, app_srad, app_hot, app_lps, app_stn, app_fd3d, app_lbm;

const app_def_t *const apps_group_b[] = {
    &app_kmn,
    &app_srad,
    &app_hot,
    &app_lps,
    &app_stn,
    &app_fd3d,
    &app_lbm,
    NULL,
};
