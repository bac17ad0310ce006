/* abi_fields.h — sizes and field offsets of the structs a CUDA program and
 * ctasim's runtime share, printed the same way from the real CUDA headers
 * (abi_cuda.cu) and from src/cudart/cuda_abi.h (abi_ours.c):
 * tests/cli/test_exec.sh compares the two. Needs PROP, FATTR, LCFG and LATTR
 * (cudaLaunchConfig_t, cudaLaunchAttribute) defined. */
#include <stddef.h>
#include <stdio.h>

#define FIELD(T, f) printf(#T "." #f " %zu\n", offsetof(T, f))

static void print_abi(void)
{
    printf("sizeof prop %zu\n", sizeof(PROP));
    FIELD(PROP, totalGlobalMem);
    FIELD(PROP, sharedMemPerBlock);
    FIELD(PROP, warpSize);
    FIELD(PROP, maxThreadsPerBlock);
    FIELD(PROP, maxGridSize);
    FIELD(PROP, major);
    FIELD(PROP, multiProcessorCount);
    FIELD(PROP, surfaceAlignment);
    FIELD(PROP, concurrentKernels);
    FIELD(PROP, l2CacheSize);
    FIELD(PROP, maxThreadsPerMultiProcessor);
    FIELD(PROP, sharedMemPerMultiprocessor);
    FIELD(PROP, regsPerMultiprocessor);
    FIELD(PROP, sharedMemPerBlockOptin);
    FIELD(PROP, maxBlocksPerMultiProcessor);
    FIELD(PROP, reservedSharedMemPerBlock);
    FIELD(PROP, hostNumaMultinodeIpcSupported);
    FIELD(PROP, reserved);
    printf("sizeof fattr %zu\n", sizeof(FATTR));
    FIELD(FATTR, maxThreadsPerBlock);
    FIELD(FATTR, numRegs);
    FIELD(FATTR, maxDynamicSharedSizeBytes);
    FIELD(FATTR, nonPortableClusterSizeAllowed);
    printf("sizeof lcfg %zu\n", sizeof(LCFG));
    FIELD(LCFG, blockDim);
    FIELD(LCFG, dynamicSmemBytes);
    FIELD(LCFG, stream);
    FIELD(LCFG, attrs);
    FIELD(LCFG, numAttrs);
    printf("sizeof lattr %zu\n", sizeof(LATTR));
    FIELD(LATTR, val);
    FIELD(LATTR, val.clusterDim.z);
}
