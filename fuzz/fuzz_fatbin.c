/* fuzz_fatbin.c — libFuzzer target for the fatbin parser of ctasim's CUDA
 * runtime (src/cudart/fatbin.c): any bytes give PTX or one error line,
 * never a crash or a read outside them. */
#include <stdlib.h>

#include "cudart/fatbin.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    cs_error_t err;
    char *ptx = NULL;
    size_t n;
    unsigned arch;
    if (fatbin_extract_ptx(data, size, &ptx, &n, &arch, &err) == 0)
        free(ptx);
    return 0;
}
