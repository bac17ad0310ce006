/* apps_group_g.c — workloads of group g: thread block clusters and
 * distributed shared memory (sm_90), written for issue 29. */
#include "apps.h"

extern const app_def_t app_clred, app_clred2, app_clred8, app_clred16, app_clbar;

const app_def_t *const apps_group_g[] = {
    &app_clred, &app_clred2, &app_clred8, &app_clred16, &app_clbar,
    NULL,
};
