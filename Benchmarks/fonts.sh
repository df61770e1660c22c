#!/usr/bin/env bash
# Installed fonts: rows per second on Chinese, Japanese and Korean UI strings (Corpus/cjk.txt, 750
# strings from Debian's catalogues; DejaVu Sans 16, width 200), the text engine beside Pango 1.50 with
# the same fonts (the shipped ones first, then the installed ones: fonts-noto-cjk), each in one
# process, twice over the same rows:
#
#   pass 1 (cold)  every row is new and so is every font: the first row loads fontconfig's
#                  configuration, and every character not seen before asks fontconfig for a fallback
#                  face (the answer is cached: then never again)
#   pass 2 (warm)  the same rows again: no fontconfig call at all (fonts and fallback answers
#                  cached; this engine's word cache holds the rows' words too, Pango keeps no words)
#
#   engine         Probes/BatchProbe on the rows as JSON Lines: MeasureRequest.measure(fonts:) per
#                  row on one thread, ContinuousClock around each pass
#   Pango          Pango/pango_measure.c --system-fonts --passes: pango_layout_new, set_text,
#                  set_width and get_extents per row, the same clock (CLOCK_MONOTONIC) around each
#                  layout; one font map and context for the process, as an application keeps them
#
# Each figure is the best of REPEAT runs (default 3), each run a new process. The first row's time
# is printed too: the cost of first sight (fontconfig's configuration, the first fallback list).
#
#   Benchmarks/fonts.sh
#   REPEAT=5 Benchmarks/fonts.sh
set -euo pipefail
cd "$(dirname "$0")"
repeat="${REPEAT:-3}"
dir=.build/fonts
mkdir -p "$dir"
swift build -c release --product BatchProbe >/dev/null
probe="$(swift build -c release --show-bin-path)/BatchProbe"
bash Pango/build.sh "$dir/pango_measure" 2>/dev/null
python3 - "$dir" <<'PY'
import json, sys
folder = sys.argv[1]
rows = [line.rstrip("\n").split("\t", 1)[1] for line in open("Corpus/cjk.txt", encoding="utf-8")]
with open(f"{folder}/rows.jsonl", "w", encoding="utf-8") as out:
    for text in rows:
        out.write(json.dumps({"text": text, "width": 200, "fontSize": 16}, ensure_ascii=False) + "\n")
with open(f"{folder}/rows.tsv", "w", encoding="utf-8") as out:
    for text in rows:
        out.write(f"200\t16\t{text}\n")
PY

best() { sort -g | tail -1; }
low() { sort -g | head -1; }
declare -a e1 e2 p1 p2 ef pf
for _ in $(seq "$repeat"); do
    out="$("$probe" "$dir/rows.jsonl")"
    e1+=("$(sed -n 's/^pass 1.*: \([0-9]*\) rows\/s.*/\1/p' <<<"$out")")
    e2+=("$(sed -n 's/^pass 2.*: \([0-9]*\) rows\/s.*/\1/p' <<<"$out")")
    ef+=("$(sed -n 's/^pass 1.*first row \([0-9.]*\) us/\1/p' <<<"$out")")
    out="$("$dir/pango_measure" --fonts ../Fonts --system-fonts --passes <"$dir/rows.tsv")"
    p1+=("$(python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["rows_per_second"])' <<<"$out")")
    p2+=("$(sed -n 2p <<<"$out" | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["rows_per_second"])')")
    pf+=("$(python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["first_row_microseconds"])' <<<"$out")")
done
E1=$(printf '%s\n' "${e1[@]}" | best); E2=$(printf '%s\n' "${e2[@]}" | best)
P1=$(printf '%s\n' "${p1[@]}" | best); P2=$(printf '%s\n' "${p2[@]}" | best)
EF=$(printf '%s\n' "${ef[@]}" | low); PF=$(printf '%s\n' "${pf[@]}" | low)
echo "750 CJK rows, DejaVu Sans 16 then installed fonts, width 200; best of $repeat runs"
printf '%-22s %12s %12s %8s\n' "" "engine" "Pango 1.50" "ratio"
printf '%-22s %12s %12s %8s\n' "pass 1 (cold), rows/s" "$E1" "$P1" "$(python3 -c "print(f'{$E1/$P1:.2f}x')")"
printf '%-22s %12s %12s %8s\n' "pass 2 (warm), rows/s" "$E2" "$P2" "$(python3 -c "print(f'{$E2/$P2:.2f}x')")"
printf '%-22s %12s %12s\n' "first row, us" "$EF" "$PF"
