/* cuda_driver.h — the few CUDA driver API entry points the native back-end
 * uses, loaded from libcuda.so.1 at run time.
 *
 * Why dlopen and our own declarations instead of <cuda.h> and -lcuda: the
 * native back-end is then built on every machine (no CUDA toolkit needed to
 * compile it, none to link it), and a machine without an NVIDIA driver gets
 * one clear line when it is used, not a build that silently leaves the
 * command out. The declarations below are the driver's stable C ABI
 * (handles are pointers, CUdevice an int, device pointers 64-bit, results
 * an int); the enum values are those of the CUDA driver API reference and
 * never change within a major version. Versioned entry points are loaded by
 * their versioned names (cuMemAlloc_v2, ...), as <cuda.h>'s macros would.
 */
#ifndef CTASIM_NATIVE_CUDA_DRIVER_H
#define CTASIM_NATIVE_CUDA_DRIVER_H

#include <stddef.h>

#include "util/common.h"

typedef int cu_result_t;
typedef int cu_device_t;
typedef struct cu_opaque *cu_context_t, *cu_module_t, *cu_function_t, *cu_stream_t, *cu_event_t;
typedef unsigned long long cu_deviceptr_t;

/* Device attributes (CUdevice_attribute). */
enum {
    CUDEV_CLOCK_RATE_KHZ = 13,
    CUDEV_SM_COUNT = 16,
    CUDEV_MEMORY_CLOCK_KHZ = 36,
    CUDEV_L2_BYTES = 38,
    CUDEV_MAX_THREADS_PER_SM = 39,
    CUDEV_CC_MAJOR = 75,
    CUDEV_CC_MINOR = 76,
    CUDEV_SHMEM_PER_SM = 81,
    CUDEV_SHMEM_PER_BLOCK_OPTIN = 97,
    CUDEV_SHMEM_RESERVED_PER_BLOCK = 111,
};
/* Function attributes (CUfunction_attribute). */
enum {
    CUFUNC_STATIC_SHMEM = 1,
    CUFUNC_NUM_REGS = 4,
    CUFUNC_MAX_DYN_SHMEM = 8,
    CUFUNC_CARVEOUT_PCT = 9,
};
/* Function attribute: clusters of more than 8 CTAs (Hopper allows 16). */
enum { CUFUNC_NON_PORTABLE_CLUSTER_OK = 14 };
/* Launch attribute (CUlaunchAttributeID) and cuLaunchKernelEx's structs,
 * laid out as CUlaunchAttribute and CUlaunchConfig (CUDA 12+): an id and 4
 * bytes of padding, then a 64-byte union; seven unsigned ints, the stream,
 * the attribute list and its length. */
enum { CULAUNCH_CLUSTER_DIMENSION = 4 };
typedef struct cu_launch_attr {
    int id;
    char pad[4];
    union {
        char bytes[64];
        void *align;
        struct {
            unsigned x, y, z;
        } cluster_dim;
    } value;
} cu_launch_attr_t;
typedef struct cu_launch_config {
    unsigned grid[3], block[3], shmem;
    cu_stream_t stream;
    cu_launch_attr_t *attrs;
    unsigned nattrs;
} cu_launch_config_t;
/* JIT options (CUjit_option). */
enum { CUJIT_ERROR_LOG = 5, CUJIT_ERROR_LOG_SIZE = 6 };

typedef struct cuda_driver {
    void *lib;
    cu_result_t (*init)(unsigned flags);
    cu_result_t (*driver_version)(int *v);
    cu_result_t (*device_get)(cu_device_t *d, int ordinal);
    cu_result_t (*device_get_name)(char *name, int len, cu_device_t d);
    cu_result_t (*device_attr)(int *v, int attr, cu_device_t d);
    cu_result_t (*primary_ctx_retain)(cu_context_t *c, cu_device_t d);
    cu_result_t (*ctx_set_current)(cu_context_t c);
    cu_result_t (*ctx_synchronize)(void);
    cu_result_t (*module_load_data_ex)(cu_module_t *m, const void *image, unsigned n, int *opts, void **vals);
    cu_result_t (*module_unload)(cu_module_t m);
    cu_result_t (*module_get_function)(cu_function_t *f, cu_module_t m, const char *name);
    cu_result_t (*module_get_global)(cu_deviceptr_t *p, size_t *bytes, cu_module_t m, const char *name);
    cu_result_t (*func_get_attr)(int *v, int attr, cu_function_t f);
    cu_result_t (*func_set_attr)(cu_function_t f, int attr, int v);
    /* optional (CUDA 12.4+): NULL where the driver lacks it */
    cu_result_t (*func_get_param_info)(cu_function_t f, size_t index, size_t *offset, size_t *bytes);
    cu_result_t (*occupancy)(int *blocks, cu_function_t f, int block_threads, size_t dyn_shmem);
    cu_result_t (*mem_alloc)(cu_deviceptr_t *p, size_t bytes);
    cu_result_t (*mem_free)(cu_deviceptr_t p);
    cu_result_t (*memcpy_htod)(cu_deviceptr_t dst, const void *src, size_t bytes);
    cu_result_t (*memcpy_dtoh)(void *dst, cu_deviceptr_t src, size_t bytes);
    cu_result_t (*memset_d8)(cu_deviceptr_t dst, unsigned char v, size_t n);
    cu_result_t (*stream_create)(cu_stream_t *s, unsigned flags);
    cu_result_t (*event_create)(cu_event_t *e, unsigned flags);
    cu_result_t (*event_destroy)(cu_event_t e);
    cu_result_t (*event_record)(cu_event_t e, cu_stream_t s);
    cu_result_t (*event_elapsed)(float *ms, cu_event_t start, cu_event_t end);
    cu_result_t (*launch)(cu_function_t f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                          unsigned bz, unsigned shmem, cu_stream_t s, void **params, void **extra);
    /* optional (CUDA 12+): launches with attributes, here a cluster shape */
    cu_result_t (*launch_ex)(const cu_launch_config_t *c, cu_function_t f, void **params, void **extra);
    cu_result_t (*get_error_string)(cu_result_t r, const char **s);
} cuda_driver_t;

/* Load libcuda.so.1 (or $CTASIM_LIBCUDA) and every entry point above.
 * 0, or -1 with err naming what is missing ("no NVIDIA driver: ..."). */
int cuda_driver_load(cuda_driver_t *d, cs_error_t *err);

/* "CUDA_ERROR_...: text" for a result, for error lines. */
const char *cuda_driver_error(const cuda_driver_t *d, cu_result_t r);

#endif
