#define _GNU_SOURCE
#include "cimagecodecs.h"

#if defined(__linux__)
#include <sched.h>
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

int cic_current_cpu(void) {
#if defined(__linux__)
    return sched_getcpu();
#else
    return -1;
#endif
}

int cic_move_calling_thread_off_cpu(int cpu) {
#if defined(__linux__)
    if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getcpu() != cpu) return 0;
    cpu_set_t allowed, elsewhere;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    elsewhere = allowed;
    CPU_CLR(cpu, &elsewhere);
    if (CPU_COUNT(&elsewhere) == 0) return 0;
    /* The call returns once the thread runs on one of `elsewhere`. */
    if (sched_setaffinity(0, sizeof elsewhere, &elsewhere) != 0) return 0;
    (void)sched_setaffinity(0, sizeof allowed, &allowed);
    return 1;
#else
    (void)cpu;
    return 0;
#endif
}
