/* sm_params.h — what each unit of a core takes from the configuration, filled
 * in one place (sm_params_from_config) from the GPGPU-Sim options of
 * gpu_config_t: the units read their own parameter struct, never the config. */
#ifndef CTASIM_SM_PARAMS_H
#define CTASIM_SM_PARAMS_H

#include "config/config.h"
#include "sm_ldst_state.h"
#include "sm_pipes.h"

typedef struct sm_params {
    sm_pipes_params_t pipes;
    sm_ldst_params_t ldst;
} sm_params_t;

void sm_params_from_config(sm_params_t *p, const gpu_config_t *cfg);

#endif
