/* apps_group_a.c — workloads of group a (one line each). */
#include "apps.h"

extern const app_def_t app_madd, app_tran, app_conv, app_blk, app_cp, app_scp, app_fwt;

const app_def_t *const apps_group_a[] = {
    &app_madd, &app_tran, &app_conv, &app_blk, &app_cp, &app_scp, &app_fwt,
    NULL,
};
