/* apps_group_d.c — workloads of group d (one line each): the papers' kernels
 * added for issue 10, one group per author so the lists never collide. */
#include "apps.h"

extern const app_def_t app_pvc, app_pvr, app_ssc, app_iix;

const app_def_t *const apps_group_d[] = {
    &app_pvc, &app_pvr, &app_ssc, &app_iix,
    NULL,
};
