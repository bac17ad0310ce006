/* registry.c — what a program registers at start-up, before main: its fat
 * binaries (one per translation unit with device code), the host stub of
 * each kernel and the host shadow of each module variable. nvcc's start-up
 * code calls these from a constructor (crt/host_runtime.h in the toolkit). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cudart/cudart.h"
#include "cudart/fatbin.h"

/* the wrapper nvcc emits around the fatbin (__fatDeviceText) */
typedef struct fatbin_wrapper {
    uint32_t magic, version;
    const void *data;
    const void *unused;
} fatbin_wrapper_t;

/* The PTX as a file in the user's cache ($XDG_CACHE_HOME or ~/.cache,
 * ctasim/cudart/NAME-HASH.ptx), so that ptxas can be run on it for the
 * kernels' registers and shared memory, its report cached beside it for the
 * next run (frontend/ptx/ptx_regs.h), and an error's FILE:LINE can be
 * looked up. NULL where no such file can be written: the module is loaded
 * from memory and registers are estimated. malloc'd. */
static char *ptx_file(const char *ptx, size_t len)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char dir[900];
    if (xdg && *xdg)
        snprintf(dir, sizeof dir, "%s/ctasim/cudart", xdg);
    else if (home && *home)
        snprintf(dir, sizeof dir, "%s/.cache/ctasim/cudart", home);
    else
        return NULL;
    for (char *p = dir + 1; *p; p++) /* mkdir -p */
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0777);
            *p = '/';
        }
    mkdir(dir, 0777);
    char path[1024], tmp[1100];
    snprintf(path, sizeof path, "%s/%.40s-%016llx.ptx", dir, program_invocation_short_name,
             (unsigned long long)cs_fnv1a64(ptx, len));
    struct stat st;
    if (stat(path, &st) == 0 && (size_t)st.st_size == len)
        return cs_xstrdup(path); /* written by an earlier run: same hash, same text */
    /* whole or not at all: programs run in parallel may write the same file */
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return NULL;
    bool ok = fwrite(ptx, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return NULL;
    }
    return cs_xstrdup(path);
}

void **__cudaRegisterFatBinary(void *fat_cubin)
{
    cr_lock();
    cr_module_t *m = cs_xcalloc(1, sizeof *m);
    m->index = (int)cr.n_mods;
    cr.mods = cs_xrealloc(cr.mods, (cr.n_mods + 1) * sizeof *cr.mods);
    cr.mods[cr.n_mods++] = m;
    const fatbin_wrapper_t *w = fat_cubin;
    cs_error_t err;
    char *ptx = NULL;
    size_t len = 0;
    if (!w || w->magic != FATBIN_WRAPPER_MAGIC || !w->data) {
        cs_err(&err, NULL, 0, "fat binary %d: wrapper magic 0x%08x is not 0x%08x", m->index, w ? w->magic : 0,
               FATBIN_WRAPPER_MAGIC);
    } else {
        /* the fatbin lies in the program's memory, its size in its header:
         * read the header first, then exactly that many bytes */
        size_t size = fatbin_size(w->data, 16, &err);
        if (size && fatbin_extract_ptx(w->data, size, &ptx, &len, &m->arch, &err) == 0) {
            char name[64], *file = ptx_file(ptx, len);
            snprintf(name, sizeof name, "%s:fatbin%d", program_invocation_short_name, m->index);
            int rc = file ? ctasim_module_load_file(cr.rt, file, &m->mod, &err)
                          : ctasim_module_load_string(cr.rt, name, ptx, len, &m->mod, &err);
            free(file);
            if (rc == 0 &&
                (!cr.ptx_arch || m->arch < cr.ptx_arch))
                cr.ptx_arch = m->arch;
        }
    }
    free(ptx);
    /* nvcc -rdc=true registers one version-2 wrapper whose fatbin holds only
     * the device-link result; each translation unit's PTX sits in
     * __nv_relfatbin, reached another way (measured on nvcc 13.0) */
    if (!m->mod && w && w->magic == FATBIN_WRAPPER_MAGIC && w->version == 2)
        cs_err(&err, NULL, 0,
               "the program was built with relocatable device code (nvcc -rdc=true or -dc), which ctasim's CUDA "
               "runtime does not read yet: build it without -rdc");
    if (!m->mod)
        m->error = cs_xstrdup(err.msg); /* reported if the program uses it */
    if (getenv("CTASIM_CUDART_DEBUG")) /* for bringing up a new program: what it registers */
        fprintf(stderr, "ctasim-cudart: fatbin %d: wrapper version %u at %p, fatbin %p: %s\n", m->index,
                w ? w->version : 0, (void *)w, w ? w->data : NULL, m->mod ? "PTX loaded" : m->error);
    cr_unlock();
    return (void **)m;
}

void __cudaRegisterFatBinaryEnd(void **handle) { (void)handle; }

/* at exit (nvcc registers it with atexit); the destructor reports later */
void __cudaUnregisterFatBinary(void **handle) { (void)handle; }

char __cudaInitModule(void **handle)
{
    (void)handle;
    return 1;
}

void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun, const char *device_name,
                            int thread_limit, void *tid, void *bid, void *bdim, void *gdim, int *wsize)
{
    (void)device_fun, (void)thread_limit, (void)tid, (void)bid, (void)bdim, (void)gdim, (void)wsize;
    cr_lock();
    struct cr_kernel *k = cs_xcalloc(1, sizeof *k);
    k->host_fun = host_fun;
    k->m = (cr_module_t *)handle;
    k->name = cs_xstrdup(device_name);
    if (getenv("CTASIM_CUDART_DEBUG"))
        fprintf(stderr, "ctasim-cudart: kernel %s (fatbin %d), host stub %p\n", device_name, k->m->index,
                (const void *)host_fun);
    cr.kernels = cs_xrealloc(cr.kernels, (cr.n_kernels + 1) * sizeof *cr.kernels);
    cr.kernels[cr.n_kernels++] = k;
    cr_unlock();
}

void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name, int ext,
                       size_t size, int constant, int global)
{
    (void)device_address, (void)ext, (void)global;
    cr_lock();
    cr_var_t *v = cs_xcalloc(1, sizeof *v);
    v->host_var = host_var;
    v->m = (cr_module_t *)handle;
    v->name = cs_xstrdup(device_name);
    v->size = size;
    v->constant = constant != 0;
    cr.vars = cs_xrealloc(cr.vars, (cr.n_vars + 1) * sizeof *cr.vars);
    cr.vars[cr.n_vars++] = v;
    cr_unlock();
}

void __cudaRegisterManagedVar(void **handle, void **host_var_ptr, char *device_address, const char *device_name,
                              int ext, size_t size, int constant, int global)
{
    (void)handle, (void)host_var_ptr, (void)device_address, (void)ext, (void)size, (void)constant, (void)global;
    cr_fatal("the program declares __managed__ variable '%s': managed (unified) memory is not supported by "
             "ctasim's CUDA runtime",
             device_name);
}

void __cudaRegisterTexture(void **handle, const void *host_var, const void **device_address, const char *device_name,
                           int dim, int norm, int ext)
{
    (void)handle, (void)host_var, (void)device_address, (void)dim, (void)norm, (void)ext;
    cr_fatal("the program uses texture reference '%s': textures are not supported by ctasim's CUDA runtime",
             device_name);
}

void __cudaRegisterSurface(void **handle, const void *host_var, const void **device_address, const char *device_name,
                           int dim, int ext)
{
    (void)handle, (void)host_var, (void)device_address, (void)dim, (void)ext;
    cr_fatal("the program uses surface reference '%s': surfaces are not supported by ctasim's CUDA runtime",
             device_name);
}

struct cr_kernel *cr_find_kernel(const void *host_fun)
{
    for (size_t i = 0; i < cr.n_kernels; i++)
        if (cr.kernels[i]->host_fun == host_fun)
            return cr.kernels[i];
    return NULL;
}

cr_var_t *cr_find_var(const void *host_var)
{
    for (size_t i = 0; i < cr.n_vars; i++)
        if (cr.vars[i]->host_var == host_var)
            return cr.vars[i];
    return NULL;
}

ctasim_module_t *cr_module_of(cr_module_t *m)
{
    if (!m->mod)
        cr_fatal("%s", m->error);
    return m->mod;
}

cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *host_fun)
{
    cr_lock();
    struct cr_kernel *k = cr_find_kernel(host_fun);
    cr_unlock();
    if (!k)
        return cr_ret(cudaErrorInvalidDeviceFunction);
    *kernel = k;
    return cudaSuccess;
}
