#include "FuzzerDriver.h"

/* libFuzzer's entry for programs with their own main (compiler-rt FuzzerInterface.h). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*user_callback)(const uint8_t *data, size_t size));

int lineart_run_fuzzer(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, test_one_input);
}
