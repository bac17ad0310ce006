/* ports.h — what a core or an L2 slice is given of the machine.
 *
 * The timing model's components never see the GPU object: each gets the
 * configuration, the address map, the request pool and the two crossbars it
 * is attached to (it injects into its own input port and drains its own
 * output port), and reports back only through return values and events that
 * the GPU drains (sm.h). So the GPU calls into the model and nothing in the
 * model calls back up. */
#ifndef CTASIM_PORTS_H
#define CTASIM_PORTS_H

#include "addrmap.h"
#include "config/config.h"
#include "icnt.h"
#include "req_pool.h"

typedef struct mem_ports {
    const gpu_config_t *cfg;
    const addrmap_t *amap;
    req_pool_t *pool;
    xbar_t *req_net;   /* cores -> L2 slices */
    xbar_t *reply_net; /* L2 slices -> cores */
} mem_ports_t;

#endif
