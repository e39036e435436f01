#define _GNU_SOURCE
#include "cimagecodecs.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

int cic_lower_calling_thread_priority(int niceness) {
#if defined(__linux__)
    /* On Linux, PRIO_PROCESS with a thread id sets that thread's niceness alone. */
    pid_t tid = (pid_t)syscall(SYS_gettid);
    return setpriority(PRIO_PROCESS, (id_t)tid, niceness) == 0 ? 1 : 0;
#else
    (void)niceness;
    return 0;
#endif
}
