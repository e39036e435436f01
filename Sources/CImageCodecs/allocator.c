#include "cimagecodecs.h"

#if defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

/* Heap reserved up front (virtual: pages cost memory only once touched). */
enum { CIC_HEAP_RESERVE = 256 << 20, CIC_HUGE_PAGE = 2 << 20 };

static int cic_allocator_done = 0, cic_allocator_result = 0;

int cic_allocator_tuning(void) { return cic_allocator_result; }

int cic_keep_freed_memory_for_reuse(void) {
#if defined(__GLIBC__)
    if (cic_allocator_done) return cic_allocator_result;
    cic_allocator_done = 1;
    int flags = 0;
    if (mallopt(M_MMAP_THRESHOLD, 256 << 20) && mallopt(M_TRIM_THRESHOLD, 0x7fffffff))
        flags |= CIC_ALLOC_REUSE;
    /* One heap for every thread, grown once by the reserve, whose 2 MB-aligned middle
     * asks the kernel for transparent huge pages. */
    if (mallopt(M_ARENA_MAX, 1) && mallopt(M_TOP_PAD, CIC_HEAP_RESERVE)) {
        uintptr_t before = (uintptr_t)sbrk(0);
        /* More than the fresh heap's top, so it grows now (volatile: the compiler may not
         * drop an allocation that is never used). */
        void *volatile probe = malloc(1 << 20);
        free(probe);
        uintptr_t after = (uintptr_t)sbrk(0);
        uintptr_t start = (before + CIC_HUGE_PAGE - 1) & ~(uintptr_t)(CIC_HUGE_PAGE - 1);
        uintptr_t end = after & ~(uintptr_t)(CIC_HUGE_PAGE - 1);
        if (before != (uintptr_t)-1 && end > start &&
            madvise((void *)start, end - start, MADV_HUGEPAGE) == 0)
            flags |= CIC_ALLOC_HUGE_PAGES;
    }
    cic_allocator_result = flags;
    return flags;
#else
    return 0;
#endif
}
