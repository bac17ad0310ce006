/* cxx_iostream.h — a header the build pre-includes (-include) into Parboil
 * sgemm's sources: its sgemm_kernel.cu/.cc use std::cerr without including
 * <iostream>, which older g++ headers pulled in indirectly and g++ 12 does
 * not. The same -include reaches the C sources of the line, hence the guard.
 * (suites/programs.txt, docs/SUITES.md "Build fixes") */
#ifdef __cplusplus
#include <iostream>
#endif
