/* apps_group_b.c — workloads of group b (one line each). */
#include "apps.h"

const app_def_t *const apps_group_b[] = {
    NULL,
};
