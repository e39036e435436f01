#!/usr/bin/env bash
# The speed targets as side-by-side ratios, measured with hyperfine in one run:
#   1. end to end: `lineart convert` of the 20 MP sample (portrait) vs `djpeg -scale 1/4`
#   2. after decode vs decode, from `lineart bench` (1 and 2 threads per photo)
#   3. `--jobs 2` vs `--jobs 1` on a folder of 20 sample photos (copies: links to one file
#      would be converted once, see InputDiscovery)
# Usage: Benchmarks/ratios.sh [rounds]   (from the repository root; default 3 rounds)
# Timings taken while other builds run are noisy: compare the medians over rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
# The binary as shipped: self-contained (static Swift runtime), in its own build folder.
swift build -c release --static-swift-stdlib --build-path .build/static >/dev/null
bin=.build/static/release/lineart
photo=SampleImages/Kleiber_by_Lukas_Baubkus.jpg
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=(SampleImages/*.jpg SampleImages/*.png)
mkdir "$work/twenty"
for n in $(seq 0 19); do
  f=${files[$((n % ${#files[@]}))]}
  cp "$f" "$work/twenty/p$n.${f##*.}"
done

for round in $(seq 1 "$rounds"); do
  echo "== round $round"
  hyperfine -N -w 3 -r 20 --export-json "$work/e2e.json" \
    "djpeg -scale 1/4 -outfile /dev/null $photo" \
    "$bin convert $photo --preset portrait --page none --output $work/e2e --overwrite -q" >/dev/null
  python3 - "$work/e2e.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
d, l = r[0]["median"], r[1]["median"]
print(f"end to end: djpeg {d*1000:.1f} ms, lineart convert {l*1000:.1f} ms, ratio {l/d:.2f} (target <= 2)")
PY
  for threads in 1 2; do
    $bin bench "$photo" --preset portrait --repeat 15 --threads "$threads" --json 2>/dev/null > "$work/bench.json"
    python3 - "$work/bench.json" "$threads" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["totalMs"]
after = sum(t[s]["median"] for s in ["preprocess", "extract", "postprocess", "validate", "encode"])
print(f"threads {sys.argv[2]}: decode {t['decode']['median']:.1f} ms, after decode {after:.1f} ms "
      f"(preprocess {t['preprocess']['median']:.1f}, extract {t['extract']['median']:.1f}, "
      f"postprocess {t['postprocess']['median']:.1f}, validate {t['validate']['median']:.1f}, "
      f"encode {t['encode']['median']:.1f}), ratio {after / t['decode']['median']:.2f}")
import os
if sys.argv[2] == "2":
    # The same conversion inside one warm process: end to end without starting a process.
    djpeg = json.load(open(os.path.join(os.path.dirname(sys.argv[1]), "e2e.json")))["results"][0]["median"] * 1000
    total = t["total"]["median"]
    print(f"  warm pass (decode to encode, no process start or file writes): {total:.1f} ms, "
          f"{total / djpeg:.2f}x djpeg")
PY
  done
  hyperfine -N -w 1 -r 5 --export-json "$work/jobs.json" \
    "$bin convert $work/twenty --page none --output $work/j1 --overwrite -q --jobs 1" \
    "$bin convert $work/twenty --page none --output $work/j2 --overwrite -q --jobs 2" >/dev/null
  python3 - "$work/jobs.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
a, b = r[0]["median"], r[1]["median"]
print(f"20 photos: --jobs 1 {a:.2f} s, --jobs 2 {b:.2f} s, speed-up {a/b:.2f} (target >= 1.8)")
PY
done
