/* abi_ours.c — the layouts as ctasim's runtime defines them (abi_fields.h). */
#include "cudart/cuda_abi.h"
#define PROP cuda_device_prop_t
#define FATTR cuda_func_attributes_t
#define LCFG cuda_launch_config_t
#define LATTR cuda_launch_attribute_t
#include "abi_fields.h"
int main(void)
{
    print_abi();
    printf("cudaDevAttrMaxBlocksPerMultiprocessor %d\n", (int)cudaDevAttrMaxBlocksPerMultiprocessor);
    printf("cudaErrorInvalidConfiguration %d\n", (int)cudaErrorInvalidConfiguration);
    printf("cudaLaunchAttributeClusterDimension %d\n", (int)cudaLaunchAttributeClusterDimension);
    return 0;
}
