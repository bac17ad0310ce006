/* apps_group_a.c — workloads of group a (one line each). */
#include "apps.h"

const app_def_t *const apps_group_a[] = {
    NULL,
};
