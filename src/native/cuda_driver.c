/* cuda_driver.c — load the CUDA driver's entry points (see cuda_driver.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_driver.h"

/* One entry point: the field it fills and the name the driver exports. */
typedef struct {
    size_t offset;
    const char *symbol;
    int optional;
} entry_t;

#define E(field, sym) {offsetof(cuda_driver_t, field), sym, 0}
#define OPT(field, sym) {offsetof(cuda_driver_t, field), sym, 1}
static const entry_t entries[] = {
    E(init, "cuInit"),
    E(driver_version, "cuDriverGetVersion"),
    E(device_get, "cuDeviceGet"),
    E(device_get_name, "cuDeviceGetName"),
    E(device_attr, "cuDeviceGetAttribute"),
    E(primary_ctx_retain, "cuDevicePrimaryCtxRetain"),
    E(ctx_set_current, "cuCtxSetCurrent"),
    E(ctx_synchronize, "cuCtxSynchronize"),
    E(module_load_data_ex, "cuModuleLoadDataEx"),
    E(module_unload, "cuModuleUnload"),
    E(module_get_function, "cuModuleGetFunction"),
    E(module_get_global, "cuModuleGetGlobal_v2"),
    E(func_get_attr, "cuFuncGetAttribute"),
    E(func_set_attr, "cuFuncSetAttribute"),
    OPT(func_get_param_info, "cuFuncGetParamInfo"),
    E(occupancy, "cuOccupancyMaxActiveBlocksPerMultiprocessor"),
    E(mem_alloc, "cuMemAlloc_v2"),
    E(mem_free, "cuMemFree_v2"),
    E(memcpy_htod, "cuMemcpyHtoD_v2"),
    E(memcpy_dtoh, "cuMemcpyDtoH_v2"),
    E(memset_d8, "cuMemsetD8_v2"),
    E(stream_create, "cuStreamCreate"),
    E(event_create, "cuEventCreate"),
    E(event_destroy, "cuEventDestroy_v2"),
    E(event_record, "cuEventRecord"),
    E(event_elapsed, "cuEventElapsedTime_v2"),
    E(launch, "cuLaunchKernel"),
    OPT(launch_ex, "cuLaunchKernelEx"),
    E(get_error_string, "cuGetErrorString"),
};

int cuda_driver_load(cuda_driver_t *d, cs_error_t *err)
{
    const char *path = getenv("CTASIM_LIBCUDA");
    if (!path || !*path)
        path = "libcuda.so.1";
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        return cs_err(err, NULL, 0, "native: no NVIDIA driver on this machine (%s: %s)", path, dlerror());
    d->lib = lib;
    for (size_t i = 0; i < CS_ARRAY_LEN(entries); i++) {
        void *fn = dlsym(lib, entries[i].symbol);
        /* cuEventElapsedTime_v2 is CUDA 12.8+; older drivers have the plain name */
        if (!fn && entries[i].offset == offsetof(cuda_driver_t, event_elapsed))
            fn = dlsym(lib, "cuEventElapsedTime");
        if (!fn && !entries[i].optional) {
            dlclose(lib);
            d->lib = NULL;
            return cs_err(err, NULL, 0, "native: %s has no %s (driver too old for CUDA 12/13 programs)", path,
                          entries[i].symbol);
        }
        /* dlsym returns an object pointer; copying its bytes into the
         * function-pointer field is the portable spelling POSIX allows */
        memcpy((char *)d + entries[i].offset, &fn, sizeof fn);
    }
    return 0;
}

const char *cuda_driver_error(const cuda_driver_t *d, cu_result_t r)
{
    const char *s = NULL;
    if (d->get_error_string && d->get_error_string(r, &s) == 0 && s)
        return s;
    static _Thread_local char buf[32];
    snprintf(buf, sizeof buf, "CUDA error %d", r);
    return buf;
}
