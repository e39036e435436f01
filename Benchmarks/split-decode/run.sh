#!/usr/bin/env bash
# Times the split JPEG decoder's Huffman decoding and IDCT sums alone (part0.c), built
# with Sources/CImageCodecs (clang -O3, the system's libjpeg, libpng and zlib).
# Usage: Benchmarks/split-decode/run.sh [FILE.jpg] [runs] [target max dimension]
# (default: the 20 MP sample photo, 15 runs, 768). Compare builds in the same minute:
# this VM's speed drifts by 10-30% over a session.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=$root/Sources/CImageCodecs
bin=$(mktemp -d)/part0
trap 'rm -rf "$(dirname "$bin")"' EXIT
clang -O3 -I"$src/include" -I"$src" -o "$bin" "$here/part0.c" "$src"/*.c -ljpeg -lpng -lz -lm -lpthread
"$bin" "${1:-$root/SampleImages/Kleiber_by_Lukas_Baubkus.jpg}" "${2:-15}" "${3:-768}"
