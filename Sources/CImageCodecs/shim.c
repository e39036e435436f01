#include "cimagecodecs.h"
int cic_placeholder(void) { return 0; }
