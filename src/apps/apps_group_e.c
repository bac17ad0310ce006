/* apps_group_e.c — workloads of group e (one line each): the papers' kernels
 * added for issue 10, one group per author so the lists never collide. */
#include "apps.h"

extern const app_def_t app_mum, app_sad, app_bino, app_dxtc, app_lud;

const app_def_t *const apps_group_e[] = {
    &app_mum, &app_sad, &app_bino, &app_dxtc, &app_lud,
    NULL,
};
