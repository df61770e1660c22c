#!/usr/bin/env bash
# Sharding `mush measure --batch` and `mush line --batch` with GNU parallel, and the check that it
# changes nothing: a batch prints one result line per input line, in order, and each line's result
# depends on that line alone, so cutting the input into pieces of 500 lines, running one mush per
# piece on every core and joining their outputs in input order gives the same bytes as one run.
#
#   bash Examples/parallel.sh                # builds mush (debug) if needed; CI runs this
#   MUSH=.build/release/mush bash Examples/parallel.sh
#
# The command it shows:
#
#   parallel --pipe --keep-order -N 500 mush measure --batch < rows.jsonl > results.jsonl
#
# --pipe cuts standard input into pieces (-N 500: 500 whole lines each), --keep-order prints the
# pieces' outputs in input order. The rows are made from Benchmarks/Corpus (UI labels in 14
# languages and the paragraphs of the GPL, in git, so the same on every machine): 2,870 measure
# requests (each text at ten widths and option sets) and 861 line objects. Exits non-zero when an
# output differs (cmp), when a run fails, or when GNU parallel is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v parallel >/dev/null 2>&1; then
    echo "parallel.sh: GNU parallel is not installed (Debian: apt-get install -y parallel)" >&2
    exit 1
fi
if [[ -n "${MUSH:-}" ]]; then
    mush="$MUSH"
else
    swift build --product mush >/dev/null
    mush="$(swift build --show-bin-path)/mush"
fi
dir=.build/parallel-example
mkdir -p "$dir"

python3 - Benchmarks/Corpus "$dir" <<'PY'
import json, os, sys
corpus, folder = sys.argv[1:]
texts = []
for name in ("labels.txt", "paragraphs.txt"):
    with open(os.path.join(corpus, name), encoding="utf-8") as f:
        texts += [line.rstrip("\n") for line in f if line.strip()]
# Ten requests a text: widths from wide to narrow, no width, a line limit, alignment, Mush markup.
variants = [
    {"width": 304}, {"width": 200}, {"width": 120, "maxLines": 2}, {"width": 60, "align": "right"},
    {"width": None}, {"width": 304, "fontSize": 13, "lineSpacing": 2}, {"width": 150, "maxLines": 1, "ellipsize": "middle"},
    {"width": 240, "align": "justify"}, {"width": 304, "mush": True, "bold": True}, {"width": 90, "maxHeight": 40},
]
with open(os.path.join(folder, "measure.jsonl"), "w", encoding="utf-8") as f:
    for text in texts:
        for variant in variants:
            request = {"text": text, **variant}
            if request.pop("bold", False):
                request["text"] = "**" + text.replace("*", "\\*") + "**"
            f.write(json.dumps(request, ensure_ascii=False) + "\n")
# Three rows a text: a label with a count on the right, a shortened title beside an image, and a
# multiline row.
with open(os.path.join(folder, "line.jsonl"), "w", encoding="utf-8") as f:
    for index, text in enumerate(texts):
        rows = [
            {"width": 320, "padding": {"left": 16, "right": 16}, "height": 44, "left": [text], "right": [str(index)]},
            {"width": 240, "left": [{"text": text, "multiline": False}], "right": [{"image": {"width": 20, "height": 20}}]},
            {"width": 320, "minHeight": 44, "left": [{"text": text, "multiline": True}], "right": ["x"]},
        ]
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
PY

status=0
for command in measure line; do
    input="$dir/$command.jsonl"
    "$mush" "$command" --batch <"$input" >"$dir/$command-whole.jsonl"
    # The example: one mush per 500 lines, as many at once as there are cores, outputs in order.
    parallel --pipe --keep-order -N 500 "$mush" "$command" --batch <"$input" >"$dir/$command-sharded.jsonl"
    lines=$(wc -l <"$input")
    results=$(wc -l <"$dir/$command-sharded.jsonl")
    errors=$(grep -c '^{"error' "$dir/$command-sharded.jsonl" || true)
    if cmp "$dir/$command-whole.jsonl" "$dir/$command-sharded.jsonl" && [[ $results == "$lines" ]]; then
        echo "mush $command --batch: $lines lines, one run and GNU parallel in pieces of 500: byte-identical ($errors error lines)"
    else
        echo "mush $command --batch: one run and GNU parallel in pieces of 500 DIFFER ($lines lines in, $results out)" >&2
        status=1
    fi
done
exit $status
