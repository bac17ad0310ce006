/* icnt_file.h — GPGPU-Sim's interconnect configuration file
 * (-inter_config_file, read by its intersim/BookSim network, -network_mode 1).
 *
 * The file is BookSim syntax: `name = value;` statements, `//` and block
 * comments. What ctasim takes from it:
 *   topology = fly;   the crossbar (-ctasim_icnt_topology 0); its k (the node
 *                     count) is not needed
 *   topology = mesh;  the 2-D mesh (-ctasim_icnt_topology 1), with
 *     k = K;          routers per side (-ctasim_mesh_dim), and n = 2 (only
 *                     two-dimensional meshes are modelled)
 *   vc_buf_size = B;  flits per router input port (-ctasim_mesh_buffer): the
 *                     mesh has one buffer per port, so num_vcs is not used
 *   flit_size = S;    bytes per flit (-icnt_flit_size): with -network_mode 1
 *                     GPGPU-Sim sizes packets by this, not by -icnt_flit_size
 * Everything else (routing_function: the mesh always routes XY, which is
 * BookSim's dim_order; allocators, delays, speedups) is ignored. Another
 * topology (torus, cmesh, ...) is an error. */
#ifndef CTASIM_ICNT_FILE_H
#define CTASIM_ICNT_FILE_H

#include "config.h"

/* `name` as given to -inter_config_file by the option text read from
 * `origin` (a path: a relative name is taken from its directory; NULL or a
 * name without '/': the current directory). Returns 1 when the file exists
 * and was applied to c, 0 when there is no such file (the caller treats the
 * option as not modelled, as before), -1 with err when the file is wrong. */
int icnt_file_apply(gpu_config_t *c, const char *origin, const char *name, cs_error_t *err);

#endif
