#!/usr/bin/env bash
# The box engine beside its rivals on the same trees, in one run: BoxProbe (the engine's layout call:
# flattening the tree, the flex algorithm and the rounded results) and Rivals/box_rivals.py (Taffy's
# native layout call through stretchable, and Yoga's YGNodeCalculateLayout through poga), on a
# wrapping grid of 10,000 boxes, 4 levels of 10 (11,111 boxes) and a chain 1,000 deep. Best of RUNS
# layouts each (default 30 for the engine, 7 for the rivals); µs per node and resident bytes per node.
#
#   bash Benchmarks/boxes.sh
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product BoxProbe >/dev/null
echo "== the engine (BoxProbe)"
for tree in grid levels chain; do .build/release/BoxProbe "$tree" "${RUNS:-30}" | sed -n "$([ "$tree" = grid ] && echo 1,2p || echo 2p)"; done
echo "== Taffy and Yoga (Rivals/box_rivals.py)"
python3 Rivals/box_rivals.py --trees grid,levels,chain --libs taffy,yoga --repeats 7
