#!/usr/bin/env bash
# Row layout speed of MushLine (the `RowLayout` benchmark): rows per second for 10,000 rows of real
# mixed content at width 320 (8,000 label rows with right-hand items, 2,000 multiline Mush rows with
# a right-hand image; see Benchmarks/RowLayout/RowLayout.swift), on one core and on two, and the
# share of the time that is not text (parsing, shaping and line breaking). Release build; run on a
# quiet machine.
#
#   Benchmarks/rows.sh                   # build, run (about a minute after the build), print the table
#   Benchmarks/rows.sh --filter 'rows.*' # a subset (arguments go to `swift package benchmark`)
#   RAW=1 Benchmarks/rows.sh             # the benchmark library's own tables
#
# The library's tables are kept in .build/row-layout.txt. Medians of the iterations.
set -euo pipefail
cd "$(dirname "$0")"

if [[ "${RAW:-}" == 1 ]] || ! command -v python3 >/dev/null; then
    exec swift package benchmark --target RowLayout --no-progress "$@"
fi

mkdir -p .build
out=.build/row-layout.txt
# The 2-core figures need both cores: CPU time the machine spent outside this run is reported below.
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
before=$(busy)
swift package benchmark --target RowLayout --no-progress "$@" >"$out"
after=$(busy)
times >.build/row-layout-times.txt  # (in this shell: a $(…) subshell would report its own)
ours=$(awk 'NR==2 {split($1, u, "m"); split($2, s, "m"); print u[1]*60 + u[2] + s[1]*60 + s[2]}' \
    .build/row-layout-times.txt)
python3 - "$out" "$before" "$after" "$ours" <<'PY'
import sys
rate, drop, name, last = {}, {}, None, None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("╒"):
        name = last
    elif line.startswith(("│ Rows per second", "│ Dropping the results")):
        cells = [c.strip() for c in line.split("│")]
        (rate if "Rows" in cells[1] else drop)[name] = int(cells[4])  # p50
    if line.strip():
        last = line.strip()

def row(label, name, two=None):
    if name not in rate:
        return
    one = rate[name]
    cells = f"{one:>10,} {1e6 / one:8.1f}"
    if two in rate:
        cells += f" {rate[two]:>10,} {1e6 / rate[two]:8.1f} {rate[two] / one:8.2f}x"
    else:
        cells += " " * 38
    print(f"{label:<34} {cells} {drop[name] / 1000:11.1f}")

print(f"{'10,000 rows at width 320':<34} {'rows/s':>10} {'µs/row':>8} {'2 cores':>10} {'µs/row':>8} "
      f"{'speed-up':>9} {'drop µs/row':>11}")
row("rows, warm word cache", "rows, 1 core", "rows, 2 cores")
row("rows, first sight (empty cache)", "rows, 1 core, first sight", "rows, 2 cores, first sight")
row("text only (MushText), warm", "text only, 1 core")
row("text only (MushText), first sight", "text only, 1 core, first sight")
print()
# Each benchmark does its part of the same rows, so times are 1 / rate and shares are rate ratios.
def share(rows, text):
    return f"{1 - rate[rows] / rate[text]:.0%}" if rows in rate and text in rate else "-"
print(f"share of the 1-core row time that is not text: {share('rows, 1 core', 'text only, 1 core')} warm, "
      f"{share('rows, 1 core, first sight', 'text only, 1 core, first sight')} first sight")
print("  (1 - text only / rows; text = Mush.parse, then Paragraph: itemizing, shaping, line breaking)")
if "rows, 1 core" in rate and "Mush.parse only" in rate:
    print(f"Mush.parse alone: {rate['rows, 1 core'] / rate['Mush.parse only']:.0%} of the warm 1-core row time")
print("drop: freeing what an iteration made, after its clock stopped (not in rows/s)")
ticks = 100  # USER_HZ
others = (int(sys.argv[3]) - int(sys.argv[2])) / ticks - float(sys.argv[4].rstrip("s"))
print(f"other processes during the run: {max(others, 0):.1f} CPU seconds")
if others > 2:
    print("warning: the machine was not quiet; the figures (the 2-core ones most) are low")
PY
