#!/usr/bin/env bash
# Runs the Mush parse-throughput benchmarks (release build) from anywhere and prints MB/s
# (UTF-8 input bytes per second, median over the iterations, 1 MB = 10^6 B) for every input.
#
#   Benchmarks/run.sh                      # everything (about two minutes on 2 cores)
#   Benchmarks/run.sh --filter 'brace.*'   # extra arguments go to `swift package benchmark`
#   RAW=1 Benchmarks/run.sh                # only the benchmark library's own tables
#
# The library's full tables (percentiles, wall clock) are kept in .build/parse-throughput.txt.
set -euo pipefail
cd "$(dirname "$0")"

if [[ "${RAW:-}" == 1 ]] || ! command -v python3 >/dev/null; then
    exec swift package benchmark --no-progress "$@"
fi

mkdir -p .build
out=.build/parse-throughput.txt
swift package benchmark --no-progress "$@" >"$out"
python3 - "$out" <<'PY'
import sys
# Library table rows look like: │ Parse throughput (B/s) (K) │ p0 │ p25 │ p50 │ ... │ Samples │
results, name, last = {}, None, None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("╒"):
        name = last
    elif line.startswith("│ Parse throughput (B/s) (K)"):
        cells = [c.strip() for c in line.split("│")]
        results[name] = (int(cells[4]) / 1000, int(cells[9]))  # p50 in kB/s -> MB/s, samples
    elif line.strip():
        last = line.strip()
sizes = ["10k", "100k", "1M"]
shapes, other = {}, []
for name, value in results.items():
    shape, _, size = name.rpartition(" ")
    if size in sizes:
        shapes.setdefault(shape, {})[size] = value
    else:
        other.append((name, value))
print("Realistic inputs                    MB/s   samples")
for name, (mbps, n) in other:
    print(f"  {name:<30} {mbps:8.2f} {n:9d}")
print()
print("Pathological shapes (MB/s)       10k      100k        1M   1M/10k")
bad = []
for shape, by in shapes.items():
    cells = [f"{by[s][0]:9.2f}" if s in by else "        -" for s in sizes]
    ratio = by["1M"][0] / by["10k"][0] if "1M" in by and "10k" in by else float("nan")
    flag = "  NOT LINEAR" if ratio < 0.5 else ""
    if flag:
        bad.append(shape)
    print(f"  {shape:<24} {' '.join(cells)} {ratio:8.2f}{flag}")
if bad:
    print("\nNot flat (1M more than 2x slower per byte than 10k): " + ", ".join(bad))
PY
