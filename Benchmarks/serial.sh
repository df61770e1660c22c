#!/usr/bin/env bash
# The serial part of a parallel batch: what `mush measure --batch --jobs 2` spends outside its two
# workers, and the process's start, for the command as `swift build -c release` makes it (the Swift
# runtime and Foundation as shared libraries) and as `--static-swift-stdlib` makes it (linked in).
#
#   Benchmarks/serial.sh               # both builds, three runs each (a few minutes after the builds)
#   ROWS=20000 Benchmarks/serial.sh    # fewer rows
#   RUNS=5 Benchmarks/serial.sh        # more runs of each
#
# For each build:
#   start    `perf stat -r 30` of a one-line batch (`--jobs 1`): the wall time of a process that
#            starts, loads its fonts, answers one line and exits
#   serial   `perf record -F 8000` of `--jobs 2` on Corpus/make-rows.py's rows (batch.sh's), samples
#            by thread: the two threads with the most samples are the workers (they also write the
#            answers, in order); everything else (the main thread, which only loads the libraries,
#            the thread that parses arguments and loads fonts, the thread that reads and hands out
#            lines) is the serial part, as a share of all samples
# The two builds' outputs are compared with cmp (they must be byte-identical).
set -euo pipefail
cd "$(dirname "$0")"
rows="${ROWS:-100000}"
runs="${RUNS:-3}"
dir=.build/serial
mkdir -p "$dir"
command -v perf >/dev/null || { echo "serial.sh: needs perf (Debian's linux-perf)" >&2; exit 1; }

(cd .. && swift build -c release --product mush >/dev/null)
shared="$(cd .. && swift build -c release --show-bin-path)/mush"
# A scratch folder of its own: switching the flag in one folder rebuilds everything each time.
(cd .. && swift build -c release --product mush --static-swift-stdlib --scratch-path .build/static >/dev/null)
static="$(cd .. && swift build -c release --static-swift-stdlib --scratch-path .build/static --show-bin-path)/mush"

python3 Corpus/make-rows.py --jsonl -n "$rows" >"$dir/rows.jsonl"
printf '{"text": "One line", "width": 200}\n' >"$dir/one.jsonl"

python3 - "$dir" "$runs" "$shared" "$static" <<'PY'
import collections, os, re, subprocess, sys

folder, runs, shared, static = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
path = lambda name: os.path.join(folder, name)
builds = {"shared": ("shared libraries", shared), "static": ("--static-swift-stdlib", static)}

def start(mush):  # ms, wall, mean of 30
    with open(path("one.jsonl"), "rb") as stdin:
        out = subprocess.run(["perf", "stat", "-r", "30", mush, "measure", "--batch", "--jobs", "1"],
                             stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    return float(re.search(r"([0-9.]+) \+- [0-9.]+ seconds time elapsed", out).group(1)) * 1000

def serial(mush, out):  # (share outside the two busiest threads, samples)
    data = path("perf.data")
    with open(path("rows.jsonl"), "rb") as stdin, open(path(out), "wb") as stdout:
        subprocess.run(["perf", "record", "-q", "-F", "8000", "-o", data, "--", mush, "measure", "--batch",
                        "--jobs", "2"], stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL, check=True)
    tids = subprocess.run(["perf", "script", "-i", data, "-F", "tid"], capture_output=True, text=True).stdout
    counts = collections.Counter(line.strip() for line in tids.splitlines() if line.strip())
    total = sum(counts.values())
    workers = sum(count for _, count in counts.most_common(2))
    return 100 * (total - workers) / total, total

results = {key: {"start": [], "serial": []} for key in builds}
for run in range(runs):  # the builds in turn, so a noisy moment does not hit one only
    for key, (_, mush) in builds.items():
        results[key]["start"].append(start(mush))
        results[key]["serial"].append(serial(mush, f"out-{key}.jsonl")[0])
same = subprocess.run(["cmp", "-s", path("out-shared.jsonl"), path("out-static.jsonl")]).returncode == 0

span = lambda values, digits: f"{min(values):.{digits}f}–{max(values):.{digits}f}"
print(f"| {runs} runs each | start, one line (ms) | serial part, --jobs 2 |")
print("|---|---|---|")
for key, result in results.items():
    print(f"| {builds[key][0]} | {span(result['start'], 1)} | {span(result['serial'], 2)}% |")
print("outputs byte-identical" if same else "serial.sh: the two builds' outputs differ")
sys.exit(0 if same else 1)
PY
