/* apps_group_c.c — workloads of group c (one line each). */
#include "apps.h"

extern const app_def_t app_bp, app_spmv, app_nw, app_aes, app_sla, app_nqu, app_stc;

const app_def_t *const apps_group_c[] = {
    &app_bp,
    &app_spmv,
    &app_nw,
    &app_aes,
    &app_sla,
    &app_nqu,
    &app_stc,
    NULL,
};
