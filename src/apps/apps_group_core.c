/* apps_group_core.c — the first workloads of the suite. */
#include "apps.h"

extern const app_def_t app_vadd, app_mmul, app_bfs;

const app_def_t *const apps_group_core[] = {&app_vadd, &app_mmul, &app_bfs, NULL};
