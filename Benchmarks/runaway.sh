#!/usr/bin/env bash
# Inputs whose cost once ran away from their size (the third hardening round), drawn by `mush
# render`: seconds and peak resident memory of each, or what it said when it refused. Give MUSH to
# measure another build (an older commit's `.build/release/mush`, for the figures before):
#
#   bash Benchmarks/runaway.sh
#   MUSH=/path/to/old/.build/release/mush bash Benchmarks/runaway.sh
#
# Each case is stopped after LIMIT seconds (60 by default) and its time is then written "> LIMIT".
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${LIMIT:-60}"
if [ -z "${MUSH:-}" ]; then
    swift build -c release --product mush >/dev/null
    MUSH="$PWD/.build/release/mush"
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
python3 - "$out" <<'EOF'
import json, os, struct, sys, zlib
out = sys.argv[1]
def write(name, value):
    with open(os.path.join(out, name), "w") as f:
        json.dump(value, f)
# 20,000 translucent boxes of 10 points on a picture of 1,600 x 1,300.
box = {"width": 10, "height": 10, "opacity": 0.5, "backgroundColor": "#f00"}
write("opacity.json", {"width": 1600, "height": 1300, "flexDirection": "row", "flexWrap": "wrap",
                       "backgroundColor": "#fff", "children": [box] * 20000})
# 5,000 boxes fading out and 5,000 fading in (ids that do not match), 12 frames.
def row(prefix):
    return {"width": 1000, "flexDirection": "row", "flexWrap": "wrap", "backgroundColor": "#fff",
            "children": [dict(box, id=f"{prefix}{i}", opacity=1) for i in range(5000)]}
write("before.json", row("old"))
write("after.json", row("new"))
# A picture of 4,000 x 4,000 points, for 120 frames.
write("large.json", {"width": 4000, "height": 4000, "backgroundColor": "#fff", "children": [dict(box, id="a")]})
write("large-moved.json", {"width": 4000, "height": 4000, "backgroundColor": "#fff",
                           "children": [dict(box, id="a", width=100)]})
# Eight 7,000 x 7,000 PNGs (one colour each, about 150 KB on disk), each drawn twice, as a PDF.
def png(path, rgb):
    width = height = 7000
    raw = b"".join(b"\0" + bytes(rgb) * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)
for i in range(8):
    png(os.path.join(out, f"big{i}.png"), (30 * i, 255 - 30 * i, 128))
images = [{"width": 40, "height": 40, "image": {"file": f"big{i % 8}.png", "width": 40, "height": 40}}
          for i in range(16)]
write("images.json", {"width": 700, "flexDirection": "row", "flexWrap": "wrap", "children": images})
# SVG images: a text of 27 KB, and 50 filters of two primitives each over 1,000 x 500 points.
with open(os.path.join(out, "text.svg"), "w") as f:
    f.write('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text y="20">'
            + ("word " * 5400) + "</text></svg>")
filters = "".join(f'<filter id="f{i}"><feGaussianBlur stdDeviation="20"/><feMorphology radius="10"/></filter>'
                  for i in range(50))
rects = "".join(f'<rect width="200" height="100" filter="url(#f{i})"/>' for i in range(50))
with open(os.path.join(out, "filters.svg"), "w") as f:
    f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><defs>{filters}</defs>{rects}</svg>')
write("text-svg.json", {"width": 200, "height": 100, "image": {"file": "text.svg", "width": 200, "height": 100}})
write("filters-svg.json", {"width": 1000, "height": 500,
                           "image": {"file": "filters.svg", "width": 1000, "height": 500}})
EOF
echo "== $MUSH: seconds, peak resident memory, and the first line it said"
measure() {
    local label="$1"
    shift
    local seconds kilobytes said status=0
    (cd "$out" && /usr/bin/time -f "%e %M" -o "$out/time" timeout "$limit" "$MUSH" "$@" >"$out/said" 2>&1) || status=$?
    read -r seconds kilobytes < <(grep -E '^[0-9.]+ [0-9]+$' "$out/time")
    # timeout's status when it stopped the command.
    if [ "$status" = 124 ]; then seconds="> $limit"; fi
    said="$(head -n 1 "$out/said")"
    printf "%-48s %8s s %6d MB  %s\n" "$label" "$seconds" "$((kilobytes / 1024))" "$said"
    rm -f "$out/time"
}
measure "20,000 translucent boxes, PNG" render opacity.json -o "$out/o.png"
measure "5,000 boxes fading out, 5,000 in, 12 frames" render after.json --from before.json -o "$out/f.png"
measure "120 frames of 4,000 x 4,000" render large-moved.json --from large.json --frames 120 -o "$out/l.png"
measure "16 draws of eight 7,000^2 PNGs, PDF" render images.json -o "$out/i.pdf"
measure "16 draws of eight 7,000^2 PNGs, SVG" render images.json -o "$out/i.svg"
measure "an SVG image with 27 KB of text" render text-svg.json -o "$out/t.png"
measure "an SVG image with 100 filter primitives" render filters-svg.json -o "$out/s.png"
