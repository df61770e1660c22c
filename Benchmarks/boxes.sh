#!/usr/bin/env bash
# The box engine beside its rivals on the same trees, in one run: BoxProbe (the engine's layout call:
# flattening the tree, the flex algorithm, measuring and placing the leaves, the rounded results) and
# Rivals/box_rivals.py (Taffy's native layout call through stretchable, and Yoga's
# YGNodeCalculateLayout through poga), on a wrapping grid of 10,000 boxes, 4 levels of 10 (11,111
# boxes), a chain 1,000 deep, two CSS grids (10,000 boxes in 8 auto and 2 fr columns, and 100 grids
# of 100 boxes in a grid: Taffy only, Yoga has no grid), 1,000 text cards and 1,000 MGLine rows; and
# Pango 1.50 (Pango/pango_measure.c --styled) on the cards' and rows' texts at the widths the engine
# gave them.
# Best of RUNS layouts each (default 30 for the engine, 7 for the rivals); µs per node and resident
# bytes per node. What each figure includes is in README.md ("Boxes").
#
#   bash Benchmarks/boxes.sh
#   SCRATCH=.build-other bash Benchmarks/boxes.sh   # another build folder (default .build)
set -euo pipefail
cd "$(dirname "$0")"
build="${SCRATCH:-.build}"
runs="${RUNS:-30}"
swift build -c release --scratch-path "$build" --product BoxProbe >/dev/null
swift build -c release --scratch-path "$build" --product MGBoxProbe >/dev/null
bash Pango/build.sh "$build/pango_measure" 2>/dev/null
probe="$build/release/BoxProbe"
leaves="$build/box-leaves"
mkdir -p "$leaves"

echo "== the engine (BoxProbe): tree, nodes, best µs, µs/node, input B/node, result B/node, root, checksum"
for tree in grid levels chain; do "$probe" "$tree" "$runs"; done
# CSS grids (issue 58), their frames dumped for the rivals' script to compare with Taffy's.
for tree in cssgrid nestedgrid; do "$probe" "$tree" "$runs" --dump "$leaves"; done
for tree in cards rows; do "$probe" "$tree" "$runs" --dump "$leaves" | tee "$leaves/$tree-probe.txt"; done

echo "== Pango 1.50 on the same texts (pango_measure --styled: one layout a text, at the engine's width)"
for tree in cards rows; do
    "$build/pango_measure" --fonts ../Fonts --styled --passes <"$leaves/$tree-pango.tsv" >"$leaves/$tree-pango-passes.json"
    "$build/pango_measure" --fonts ../Fonts --styled <"$leaves/$tree-pango.tsv" >"$leaves/$tree-pango-layouts.json"
done
python3 - "$leaves" <<'PY'
import json, sys
folder = sys.argv[1]
print(f"{'':<6} {'texts':>6} {'Pango µs/item':>13} {'engine build':>12} {'+ layout':>9} {'= sum':>7} "
      f"{'box part':>9} {'× Pango':>8}  text heights (engine / Pango; texts that differ)")
for tree in ("cards", "rows"):
    lines = open(f"{folder}/{tree}-probe.txt").read().splitlines()
    ours = dict(field.split(" ") for field in lines[1].split("\t"))
    passes = [json.loads(line) for line in open(f"{folder}/{tree}-pango-passes.json")]
    warm = passes[-1]
    pango = warm["microseconds"] / 1000
    heights = [float(h) for h in open(f"{folder}/{tree}-heights.txt")]
    theirs = [json.loads(line)["height"] for line in open(f"{folder}/{tree}-pango-layouts.json")]
    differ = sum(abs(a - b) > 1e-3 for a, b in zip(heights, theirs))
    build, layout, total = (float(ours[k]) for k in
                            ("build_per_item_us", "layout_per_item_us", "sum_per_item_us"))
    box = float(ours["box_only_us"]) / 1000
    print(f"{tree:<6} {warm['rows']:>6} {pango:>13.2f} {build:>12.2f} {layout:>9.2f} {total:>7.2f} "
          f"{box:>9.2f} {pango / total:>7.2f}x  {float(ours['text_height']):.2f} / "
          f"{warm['height_sum']:.2f}; {differ} of {len(heights)}")
print("µs per card or row. Pango: its second pass over the texts (fonts loaded; a new layout a text:")
print("markup parsed, itemized, shaped, broken). Engine build: making the leaves (Mush.parse, shaping,")
print("warm word cache); layout: BoxEngine.layout, which measures and places the leaves; box part: the")
print("same layout with leaves answering from a table (no text work), as Taffy and Yoga get below.")
PY

echo "== Taffy and Yoga (Rivals/box_rivals.py; cards and rows: the box part, leaves answering as the engine's)"
python3 Rivals/box_rivals.py --trees grid,levels,chain,cssgrid,nestedgrid,cards,rows --libs taffy,yoga --repeats 7 \
    --from "$leaves"

echo "== MGBoxKit's vocabulary (MGBoxProbe): the whole MGBox.layout call beside the work without it"
"$build/release/MGBoxProbe" grid 10
"$build/release/MGBoxProbe" table 5
