#include <webp/decode.h>
#include <webp/encode.h>
