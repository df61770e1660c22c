#!/usr/bin/env bash
# Images on the server's path: ImageProbe (in-process: image sizes from headers, cold and warm, and
# the README's card read, laid out and drawn to PNG at scale 2, best of RUNS) and the whole process,
# `mush render Examples/card.json -o card.png --scale 2` (release build), best of PROCESSES runs.
#
#   bash Benchmarks/images.sh
set -euo pipefail
cd "$(dirname "$0")"
build="${SCRATCH:-.build}"
runs="${RUNS:-200}"
processes="${PROCESSES:-20}"
swift build -c release --scratch-path "$build" --product ImageProbe >/dev/null
(cd .. && swift build -c release --product mush >/dev/null)
"$build/release/ImageProbe" "$(cd .. && pwd)" "$runs"
echo "== the whole process: mush render Examples/card.json -o card.png --scale 2, best ms of $processes"
out="$(mktemp -d)"
best=""
for _ in $(seq "$processes"); do
    start=$(date +%s%N)
    (cd ../Examples && ../.build/release/mush render card.json -o "$out/card.png" --scale 2 >/dev/null)
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
done
echo "best $(awk "BEGIN { printf \"%.1f\", $best / 1000 }") ms"
rm -rf "$out"
