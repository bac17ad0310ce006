/* apps_group_c.c — workloads of group c (one line each). */
#include "apps.h"

const app_def_t *const apps_group_c[] = {
    NULL,
};
