#!/usr/bin/env bash
# What automatic hyphenation costs: the same 2,000 English paragraphs (40 words each, from a fixed
# list of words of 2 to 14 letters) measured at 180 points by BatchProbe, once with `hyphens`
# manual and once auto (`language` en-US both times), best of three warm passes each; the
# difference per word. One thread.
#
#   bash Benchmarks/hyphenation.sh
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product BatchProbe >/dev/null
mkdir -p .build/hyphenation
python3 - <<'PY'
import json, random
random.seed(57)
words = ("the of and a to in is typography hyphenation paragraph justification column narrow words "
         "international communication organization representation understanding responsibility "
         "extraordinary beautiful character knowledge government development environment performance "
         "experience management technology particular especially individual university community "
         "important different political possible national general interesting situation").split()
for mode in ("manual", "auto"):
    with open(f".build/hyphenation/{mode}.jsonl", "w") as out:
        rng = random.Random(57)
        for _ in range(2000):
            text = " ".join(rng.choice(words) for _ in range(40))
            out.write(json.dumps({"text": text, "width": 180, "language": "en-US", "hyphens": mode}) + "\n")
PY
best() {
    local file="$1" value best=""
    for _ in 1 2 3; do
        value=$(.build/release/BatchProbe "$file" | sed -n 's/^pass 2 .*rows\/s, \([0-9.]*\) us\/row.*/\1/p')
        if [ -z "$best" ] || awk "BEGIN { exit !($value < $best) }"; then best=$value; fi
    done
    echo "$best"
}
manual=$(best .build/hyphenation/manual.jsonl)
auto=$(best .build/hyphenation/auto.jsonl)
awk -v m="$manual" -v a="$auto" 'BEGIN {
    printf "hyphens manual: %.2f us/paragraph; auto: %.2f us/paragraph; hyphenation: %.3f us/word (40 words a paragraph)\n", m, a, (a - m) / 40
}'
