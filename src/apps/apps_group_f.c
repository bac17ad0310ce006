/* apps_group_f.c — workloads of group f (one line each): the papers' kernels
 * added for issue 10, one group per author so the lists never collide. */
#include "apps.h"

extern const app_def_t app_fft, app_lib, app_nn, app_sto, app_ray, app_pff, app_tgemm;

const app_def_t *const apps_group_f[] = {
    &app_fft, &app_lib, &app_nn, &app_sto, &app_ray, &app_pff,
    &app_tgemm, /* issue 29: tensor cores */
    NULL,
};
