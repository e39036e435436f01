#ifndef LINEART_FUZZER_DRIVER_H
#define LINEART_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/* Runs libFuzzer (its usual command line: corpus folders, -max_total_time=, -jobs=, ...)
   with `test_one_input` as the target, and returns its exit status. Needs a build with
   -sanitize=fuzzer (Fuzz/README.md). */
int lineart_run_fuzzer(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
