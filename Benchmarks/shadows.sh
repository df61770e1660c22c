#!/usr/bin/env bash
# Shadows drawn where they show: 1,000 nested boxes, each rounded (4), clipping, with padding 1, an
# opaque background and a shadow (offset 1, 1, blur 5, half-transparent black), drawn by
# `mush render` to a PNG at scale 1 (2,020 × 2,020 pixels) and 2, best of RUNS (3) whole-process
# seconds; and the same boxes without their shadows, for what the shadows add.
#
#   bash Benchmarks/shadows.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
swift build -c release --product mush >/dev/null
mush="$PWD/.build/release/mush"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
python3 - "$out" <<'PY'
import sys
for name, shadow in [("shadowed", ',"shadow":{"color":"#00000080","x":1,"y":1,"blur":5}'), ("plain", "")]:
    node = '{"width":10,"height":10,"backgroundColor":"#f00"}'
    for level in range(1, 1001):
        node = ('{"padding":1,"cornerRadius":4,"overflow":"hidden","backgroundColor":"#%02x64c8"%s,"children":[%s]}'
                % (level % 256, shadow, node))
    open(f"{sys.argv[1]}/{name}.json", "w").write(node)
PY
best() {
    local best=""
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e" -o "$out/time" "$mush" "$@" >/dev/null
        best="$(awk -v a="$(cat "$out/time")" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')"
    done
    echo "$best"
}
echo "== 1,000 nested rounded clipping boxes, mush render to PNG: best of $runs, seconds"
printf "%-28s %8s %8s\n" "" "scale 1" "scale 2"
for name in shadowed plain; do
    printf "%-28s %8s %8s\n" "$name" "$(best render "$out/$name.json" -o "$out/a.png")" \
        "$(best render "$out/$name.json" -o "$out/a.png" --scale 2)"
done
