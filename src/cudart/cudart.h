/* cudart.h — internals of ctasim's stand-in CUDA runtime (libcudart.so.13).
 *
 * One process-wide state: the run options `ctasim exec` passed in the
 * environment, one simulated GPU and one ctasim runtime (device memory,
 * modules, launches) for the whole program, so every kernel the program
 * launches is simulated on the same GPU and its statistics accumulate.
 * Every entry point takes cr_lock() around what it does: programs may call
 * the runtime from several threads. */
#ifndef CUDART_CUDART_H
#define CUDART_CUDART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ctasim_runtime.h"
#include "cli/exec_protocol.h"
#include "cudart/cuda_abi.h"
#include "gpu/gpu.h"


typedef struct cr_module {
    ctasim_module_t *mod; /* NULL when the PTX could not be loaded: */
    char *error;          /* why, reported when the program first uses it */
    unsigned arch;        /* the PTX's target, e.g. 75 */
    int index;
} cr_module_t;

struct cr_kernel {
    const void *host_fun; /* the host stub the program launches by */
    cr_module_t *m;
    char *name;           /* the PTX (mangled) name */
    int max_dyn_shmem;    /* cudaFuncAttributeMaxDynamicSharedMemorySize */
};

typedef struct cr_var {
    const void *host_var; /* the host shadow of a __device__/__constant__ variable */
    cr_module_t *m;
    char *name;
    size_t size;
    bool constant;
} cr_var_t;

typedef struct cr_state {
    gpu_t *g;
    ctasim_runtime_t *rt;
    const gpu_config_t *cfg;
    bool quiet;
    const char *json;      /* --json PATH ("-": standard output), or NULL */
    int fd;                /* pipe to `ctasim exec`, -1 when run without it */
    pid_t pid;             /* the process that loaded us (a fork's child reports nothing) */
    cr_module_t **mods;
    size_t n_mods;
    struct cr_kernel **kernels;
    size_t n_kernels;
    cr_var_t **vars;
    size_t n_vars;
    unsigned ptx_arch;     /* lowest PTX target registered (compute capability reported) */
} cr_state_t;

extern cr_state_t cr;

void cr_lock(void);
void cr_unlock(void);
/* Stop the program: one line "ctasim: ..." on stderr, the program's own
 * buffered output flushed, exit status 1. */
_Noreturn void cr_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* An entry point ctasim does not implement: stop, naming it. */
_Noreturn void cr_unimplemented(const char *name);
/* Record e as the thread's last error (cudaGetLastError) unless success, and
 * return it. */
cudaError_t cr_ret(cudaError_t e);
/* The thread's last error; reset to success when asked (cudaGetLastError). */
cudaError_t cr_take_last_error(bool reset);
/* Run every queued launch; a simulation error or a -gpgpu_max_cycle stop
 * ends the run (cr_fatal). Call with the lock held. */
void cr_sync(void);

/* registry.c */
struct cr_kernel *cr_find_kernel(const void *host_fun);
cr_var_t *cr_find_var(const void *host_var);
/* The module of k or v loaded, or stop with the reason it is not. */
ctasim_module_t *cr_module_of(cr_module_t *m);

/* memory.c: is [p, p+n) inside one device allocation? */
bool cr_is_device(const void *p, size_t n);
uint64_t cr_dptr(const void *p);

/* stream.c: the ctasim stream id of a handle (0 = the default stream). */
uint32_t cr_stream_id(cudaStream_t s);

#endif
