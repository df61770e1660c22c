#!/usr/bin/env bash
# Paged documents: mush render against WeasyPrint on the same table (the same rows on the same
# pages, and each one's whole-process time for 1,000 and 10,000 rows, best of RUNS), then scale:
# 10,000 and 100,000 rows (their fonts left out, so that they fit in one 16 MiB input) drawn to a PDF (time and peak resident memory), and the 100,000 rows on
# pages ten times taller (a tenth of the pages: the memory does not follow the page count).
#
#   bash Benchmarks/pages.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
swift build -c release --product mush >/dev/null
mush="$PWD/.build/release/mush"
[ -n "${SKIP_WEASYPRINT:-}" ] || python3 Benchmarks/Rivals/pages_weasyprint.py "$mush" 1000 10000 --runs "$runs"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for rows in 10000 100000; do
    python3 -c "import json, sys; sys.path.insert(0, 'Benchmarks/Rivals'); import pages_weasyprint as p; json.dump(p.mush_document($rows, compact=True), sys.stdout, separators=(',', ':'))" >"$out/table-$rows.json"
done
echo "== scale: mush render TABLE.json --no-tagged -o TABLE.pdf (A4 unless said, untagged as WeasyPrint's), seconds and peak resident memory"
measure() {
    local label="$1"
    shift
    /usr/bin/time -f "%e %M" -o "$out/time" "$mush" "$@" >"$out/said"
    read -r seconds kilobytes <"$out/time"
    local said
    said="$(head -c 100 "$out/said" | head -n 1 | sed 's/.*: //')"
    [ "$(wc -c <"$out/said")" -lt 100 ] || said="$(wc -c <"$out/said") bytes of JSON"
    printf "%-42s %6s s %6d MB  %s\n" "$label" "$seconds" "$((kilobytes / 1024))" "$said"
}
measure "10,000 rows" render "$out/table-10000.json" --no-tagged -o "$out/t.pdf"
measure "100,000 rows" render "$out/table-100000.json" --no-tagged -o "$out/t.pdf"
measure "100,000 rows, pages 10 × as tall" render "$out/table-100000.json" --no-tagged -o "$out/t.pdf" --page 595.28x8418.9 --page-margin 36
measure "10,000 rows, tagged (the default)" render "$out/table-10000.json" -o "$out/t.pdf"
measure "100,000 rows, pages printed (mush layout)" layout "$out/table-100000.json"
