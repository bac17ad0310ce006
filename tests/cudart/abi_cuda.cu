// abi_cuda.cu — the layouts as the CUDA headers define them (abi_fields.h).
#include <cuda_runtime.h>
#define PROP cudaDeviceProp
#define FATTR cudaFuncAttributes
#include "abi_fields.h"
int main()
{
    print_abi();
    printf("cudaDevAttrMaxBlocksPerMultiprocessor %d\n", (int)cudaDevAttrMaxBlocksPerMultiprocessor);
    printf("cudaErrorInvalidConfiguration %d\n", (int)cudaErrorInvalidConfiguration);
    return 0;
}
