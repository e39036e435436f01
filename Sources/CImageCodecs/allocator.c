#include "cimagecodecs.h"

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

int cic_keep_freed_memory_for_reuse(void) {
#if defined(__GLIBC__)
    int ok = mallopt(M_MMAP_THRESHOLD, 256 << 20);
    ok &= mallopt(M_TRIM_THRESHOLD, 0x7fffffff);
    return ok;
#else
    return 0;
#endif
}
