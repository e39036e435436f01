#!/usr/bin/env bash
# Builds the fuzzers (libFuzzer + AddressSanitizer) and runs one. See Fuzz/README.md.
# Usage: Fuzz/run.sh decode|preset|pipeline [seconds]   or   Fuzz/run.sh replay
# FUZZ_SANITIZER=thread builds with ThreadSanitizer instead of AddressSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: Fuzz/run.sh decode|preset|pipeline [seconds] | replay"
what=${1:?$usage}
seconds=${2:-300}
sanitizer=${FUZZ_SANITIZER:-address}
# lld: gold fails on the sanitizer build's debug info.
swift build -c release --package-path Fuzz --build-path ".build/fuzz-$sanitizer" \
  -Xswiftc -sanitize=fuzzer,"$sanitizer" -Xswiftc -use-ld=lld \
  -Xcc -fsanitize=fuzzer-no-link,"$sanitizer" >/dev/null
bin=.build/fuzz-$sanitizer/release

case $what in
  replay)
    # Each seed once: no mutation, so the run is the same every time.
    "$bin/DecodeFuzzer" -runs=0 Fuzz/Seeds/decode
    "$bin/PresetFuzzer" -runs=0 Fuzz/Seeds/preset
    "$bin/PipelineFuzzer" -runs=0 -rss_limit_mb=4096 Fuzz/Seeds/pipeline
    ;;
  decode|preset|pipeline)
    name=$(tr '[:lower:]' '[:upper:]' <<<"${what:0:1}")${what:1}Fuzzer
    corpus=.build/fuzz-corpus/$what
    mkdir -p "$corpus"
    "$bin/$name" "$corpus" "Fuzz/Seeds/$what" -max_len=65536 -timeout=30 -rss_limit_mb=4096 \
      -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix=".build/fuzz-crash-$what-"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
