#!/usr/bin/env bash
# Paragraphs with many inline items: `mush layout` (a release build) on one text leaf of N pieces,
# each a word and an inline box (a badge of its own text) or an image, against the same words with
# no items, for N = 1,000 and 10,000: the time and peak memory of each, best of RUNS (3). The
# cost a item should stay flat as N grows (linear time). Give MUSH to measure another build.
#
#   bash Benchmarks/inline.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
if [ -z "${MUSH:-}" ]; then
    swift build -c release --product mush >/dev/null
    MUSH="$PWD/.build/release/mush"
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
badge = {"padding": {"left": 4, "right": 4}, "cornerRadius": 4, "backgroundColor": "#e33",
         "text": "NEW", "font": {"size": 10}, "color": "#fff"}
for n in (1000, 10000):
    boxes, images, plain = [], [], []
    for i in range(n):
        boxes += [f"word{i} ", {"box": badge, "verticalAlign": "middle"}, " "]
        images += [f"word{i} ", {"image": {"width": 12, "height": 12, "file": "icon.png"}}, " "]
        plain += [f"word{i} NEW "]
    for name, text in (("boxes", boxes), ("images", images), ("plain", plain)):
        with open(os.path.join(out, f"{name}-{n}.json"), "w") as f:
            json.dump({"width": 400, "text": text}, f)
PY
printf '%-8s %8s %12s %14s %10s\n' pieces items seconds "µs an item" "peak MB"
for name in plain images boxes; do
    for n in 1000 10000; do
        best=""
        peak=""
        for _ in $(seq "$runs"); do
            /usr/bin/time -f '%e %M' -o "$out/time" "$MUSH" layout "$out/$name-$n.json" >/dev/null
            read -r seconds kilobytes <"$out/time"
            if [ -z "$best" ] || awk "BEGIN{exit !($seconds < $best)}"; then best=$seconds; peak=$kilobytes; fi
        done
        awk -v name="$name" -v n="$n" -v s="$best" -v kb="$peak" \
            'BEGIN{printf "%-8s %8d %12.3f %14.1f %10.1f\n", name, n, s, s / n * 1e6, kb / 1024}'
    done
done
