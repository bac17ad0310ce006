// abi_cuda.cu — the layouts as the CUDA headers define them (abi_fields.h).
#include <cuda_runtime.h>
#define PROP cudaDeviceProp
#define FATTR cudaFuncAttributes
#define LCFG cudaLaunchConfig_t
#define LATTR cudaLaunchAttribute
#include "abi_fields.h"
int main()
{
    print_abi();
    printf("cudaDevAttrMaxBlocksPerMultiprocessor %d\n", (int)cudaDevAttrMaxBlocksPerMultiprocessor);
    printf("cudaErrorInvalidConfiguration %d\n", (int)cudaErrorInvalidConfiguration);
    printf("cudaLaunchAttributeClusterDimension %d\n", (int)cudaLaunchAttributeClusterDimension);
    return 0;
}
