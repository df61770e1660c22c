#!/usr/bin/env bash
# Layout speed, MushText against Pango 1.50 on the same rows (Benchmarks/Corpus), DejaVu Sans 16,
# width 304: microseconds per row. Release builds; run on a quiet machine.
#
#   Benchmarks/layout.sh            # both sides, then the table (about two minutes)
#   N=500 Benchmarks/layout.sh      # Pango iterations per row (default 200)
#
# MushText: `swift package benchmark --target LayoutSpeed` (ordo-one/benchmark; medians of the
# per-row times; the library's tables are kept in .build/layout-speed.txt).
# Pango: Benchmarks/Pango/pango_measure --bench N (cold: a new layout per row, warm font caches) and
# --bench-warm N at the five re-fit widths (a width change re-lays out the text), mean per row.
set -euo pipefail
cd "$(dirname "$0")"
n="${N:-200}"
mkdir -p .build

bash Pango/build.sh .build/pango_measure 2>/dev/null
pango() { # corpus mode widths...
    local corpus="$1" mode="$2"; shift 2
    for width in "$@"; do
        sed -e 's/\\/\\\\/g' -e "s/^/$width\t16\t/" "Corpus/$corpus"
    done | .build/pango_measure --fonts ../Fonts "$mode" "$n" |
        python3 -c 'import sys, json; v = [json.loads(l)["microseconds_per_layout"] for l in sys.stdin]; print(sum(v) / len(v))'
}
declare -A p
for corpus in labels paragraphs; do
    p[$corpus.cold]=$(pango "$corpus.txt" --bench 304)
    p[$corpus.warm]=$(pango "$corpus.txt" --bench-warm 304 240 180 120 60)
done

swift package benchmark --target LayoutSpeed --no-progress >.build/layout-speed.txt

python3 - .build/layout-speed.txt "${p[labels.cold]}" "${p[labels.warm]}" "${p[paragraphs.cold]}" "${p[paragraphs.warm]}" <<'PY'
import sys
ours, name = {}, None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line and line[0].isalpha():
        name = line.strip()
    elif line.startswith("│ Time per row (ns)"):
        cells = [c.strip() for c in line.split("│")]
        ours[name] = int(cells[4]) / 1000  # p50, ns -> µs
pango = {"labels": (float(sys.argv[2]), float(sys.argv[3])), "paragraphs": (float(sys.argv[4]), float(sys.argv[5]))}
print("µs per row (MushText: median; Pango 1.50: mean)  MushText     Pango   faster")
for corpus in ["labels", "paragraphs"]:
    cold, warm = pango[corpus]
    rows = [
        ("new text (warm caches)", ours[f"{corpus}: new text"], cold),
        ("first sight (empty word cache)", ours[f"{corpus}: first sight"], cold),
        ("re-fit at 5 widths", ours[f"{corpus}: re-fit"], warm),
    ]
    print(corpus)
    for label, mine, theirs in rows:
        print(f"  {label:<42} {mine:9.2f} {theirs:9.2f} {theirs / mine:7.1f}x")
    bare = ours[f"{corpus}: bare hb_shape + ICU"]
    print(f"  {'bare hb_shape + ICU line breaks':<42} {bare:9.2f}")
    print(f"  {'new text / bare':<42} {ours[f'{corpus}: new text'] / bare:9.2f}")
    print(f"  {'first sight / bare':<42} {ours[f'{corpus}: first sight'] / bare:9.2f}")
PY
