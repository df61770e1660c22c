#!/usr/bin/env bash
# Batch measuring: rows per second of `mush measure --batch` on 100,000 real, distinct rows (DejaVu
# Sans 16, width 304), beside the text engine alone in-process (BatchProbe) and Pango 1.50
# (Pango/pango_measure.c), with the peak memory of the command on 10,000 and 1,000,000 lines.
#
#   Benchmarks/batch.sh               # build, make the rows, run everything (a few minutes on 2 cores)
#   ROWS=10000 Benchmarks/batch.sh    # fewer rows (the memory runs use ROWS × 10 lines as the large case)
#   MUSH=/path/to/mush Benchmarks/batch.sh   # time this mush instead of building one
#   NO_JOBS=1 Benchmarks/batch.sh     # a mush without --jobs: every run leaves the flag out
#   REPEAT=5 Benchmarks/batch.sh      # the best of 5 runs for each figure (default 3)
#
# The rows are Corpus/make-rows.py's (gettext translations from /usr/share/locale in many languages,
# and the paragraphs of /usr/share/common-licenses), kept in .build/batch/ with the outputs. What is
# timed, all wall clock around the whole process (start-up, fonts, reading and writing included)
# except for the engine alone:
#
#   engine alone    BatchProbe: every MeasureRequest made from the JSONL first (untimed), then
#                   request.measure(fonts:) for every row on one thread, twice (ContinuousClock):
#                   the first pass with an empty word cache, the second with the cache the first
#                   left (it keeps about 20,000 words: with 100,000 varied rows, only partly warm)
#   mush, 1 job     mush measure --batch --jobs 1 < rows.jsonl > out
#   mush, N jobs    mush measure --batch --jobs $(nproc) < rows.jsonl > out
#   rows twice      the same with rows.jsonl given twice in one input, so the second half finds the
#                   word cache the first half left; the second half's rate is derived as
#                   ROWS / (t_twice - t_once)
#   Pango           pango_measure --fonts ../Fonts < rows.tsv > out (layout mode, one JSON line a row)
#   floor           BatchProbe's FLOOR=1 pass (in-process): each row shaped whole by one hb_shape
#                   call in DejaVu Sans and one ICU line-break iteration, nothing else
#
# The --jobs 1 and --jobs N outputs are compared with cmp (they must be byte-identical). The CPU time
# other processes took during the timed runs is printed: on a shared machine the figures are noisy.
set -euo pipefail
cd "$(dirname "$0")"
rows="${ROWS:-100000}"
dir=.build/batch
mkdir -p "$dir"

if [[ -n "${MUSH:-}" ]]; then
    mush="$MUSH"
else
    (cd .. && swift build -c release --product mush >/dev/null)
    mush="$(cd .. && swift build -c release --show-bin-path)/mush"
fi
probe=""
if swift build -c release --product BatchProbe >"$dir/probe-build.log" 2>&1; then
    probe="$(swift build -c release --show-bin-path)/BatchProbe"
else
    echo "(BatchProbe did not build, see $dir/probe-build.log: the engine-alone rows are left out)"
fi
pango=""
if bash Pango/build.sh "$dir/pango_measure" 2>"$dir/pango-build.log"; then
    pango="$dir/pango_measure"
else
    echo "(pango_measure did not build, see $dir/pango-build.log: the Pango row is left out)"
fi

jobs="$(nproc)"
if [[ "${NO_JOBS:-}" == 1 ]]; then
    echo "(NO_JOBS=1: --jobs left out of every run, so '1 job' and '$jobs jobs' run the same command)"
elif ! printf '{"text": "a"}\n' | "$mush" measure --batch --jobs 1 >/dev/null 2>&1; then
    echo "batch.sh: $mush does not take --jobs (NO_JOBS=1 runs without the flag)" >&2
    exit 1
fi

python3 Corpus/make-rows.py --jsonl -n "$rows" >"$dir/rows.jsonl"
python3 Corpus/make-rows.py --pango -n "$rows" >"$dir/rows.tsv" 2>/dev/null
cat "$dir/rows.jsonl" "$dir/rows.jsonl" >"$dir/twice.jsonl"
head -n 10000 "$dir/rows.jsonl" >"$dir/small.jsonl"
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$dir/rows.jsonl"; done >"$dir/large.jsonl"

python3 - "$dir" "$rows" "$jobs" "$mush" "$probe" "$pango" "${NO_JOBS:-}" <<'PY'
import json, os, re, resource, subprocess, sys, time

folder, rows, jobs, mush, probe, pango, no_jobs = sys.argv[1:]
rows, jobs = int(rows), int(jobs)
path = lambda name: os.path.join(folder, name)

def busy():  # CPU seconds the whole machine has spent (user, nice, system, irq, softirq)
    with open("/proc/stat") as f:
        fields = f.readline().split()
    return sum(int(fields[i]) for i in (1, 2, 3, 6, 7)) / os.sysconf("SC_CLK_TCK")

def ours():  # CPU seconds of this script's finished children
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime

def lines(name):
    count = errors = 0
    with open(path(name), "rb") as f:
        for line in f:
            count += 1
            errors += line.startswith(b'{"error')
    return count, errors

def flag(n):  # how a run is named
    if no_jobs == "1":
        return "(no --jobs)" if n == 1 else "(no --jobs, again)"
    return f"--jobs {n}"

def measure(n):
    command = [mush, "measure", "--batch"]
    return command if no_jobs == "1" else command + ["--jobs", str(n)]

def timed(command, source, out):  # wall seconds of the whole process
    with open(path(source), "rb") as stdin, open(path(out), "wb") as stdout, open(path(out + ".err"), "wb") as err:
        start = time.perf_counter()
        status = subprocess.run(command, stdin=stdin, stdout=stdout, stderr=err).returncode
        seconds = time.perf_counter() - start
    if status not in (0, 2):  # 2: some line gave {"error": …}, counted below
        sys.exit(f"batch.sh: {' '.join(command)} < {source} exited with status {status} (see {path(out + '.err')})")
    return seconds

before_busy, before_ours = busy(), ours()
rate = {}  # name -> rows/s

# Each figure is the best of REPEAT runs (default 3), the runs taken in turn so that a noisy moment
# does not hit one figure only: on a shared machine the best run is the one least disturbed.
repeat = max(1, int(os.environ.get("REPEAT", "3")))
engine, t, pango_seconds = {}, {}, None
for round in range(repeat):
    if probe:
        report = subprocess.run([probe, path("rows.jsonl")], capture_output=True, text=True, check=True,
                                env=dict(os.environ, FLOOR="1")).stdout
        if round == 0:
            print(report.rstrip())
        for number, seconds in re.findall(r"^pass (\d) .*?, ([0-9.]+) s,", report, re.M):
            engine[int(number)] = min(engine.get(int(number), float("inf")), float(seconds))
        for per_row in re.findall(r"^floor .*?: ([0-9.]+) us/row", report, re.M):
            engine["floor"] = min(engine.get("floor", float("inf")), float(per_row) * rows / 1e6)
    for n in sorted({1, jobs}):
        for name, source in (("once", "rows.jsonl"), ("twice", "twice.jsonl")):
            out = f"out-{n}.jsonl" if name == "once" else f"out-twice-{n}.jsonl"
            t[n, name] = min(t.get((n, name), float("inf")), timed(measure(n), source, out))
    if pango:
        seconds = timed([pango, "--fonts", "../Fonts"], "rows.tsv", "out-pango.jsonl")
        pango_seconds = min(pango_seconds or float("inf"), seconds)
if probe:
    rate["engine, new text"] = rows / engine[1]
    rate["engine, warm"] = rows / engine[2]
    rate["engine, both passes"] = 2 * rows / (engine[1] + engine[2])
    if "floor" in engine:
        rate["floor"] = rows / engine["floor"]
for n in sorted({1, jobs}):
    rate[f"{n}, once"] = rows / t[n, "once"]
    rate[f"{n}, twice"] = 2 * rows / t[n, "twice"]
    extra = t[n, "twice"] - t[n, "once"]
    rate[f"{n}, second half"] = rows / extra if extra > 0 else None
if pango:
    rate["pango"] = rows / pango_seconds
print(f"(each figure: the best of {repeat} runs)")
with open(path("one.jsonl"), "w") as f:
    f.write('{"text": "Hello", "width": 304}\n')
startup = min(timed(measure(1), "one.jsonl", "out-one.jsonl") for _ in range(3))

after_busy, after_ours = busy(), ours()

print()
print(f"{rows:,} rows, DejaVu Sans 16 at width 304, {jobs} cores ({os.cpu_count()} online); wall clock")
print()
def same(a, b):
    return "byte-identical" if subprocess.run(["cmp", "-s", path(a), path(b)]).returncode == 0 else "DIFFERENT"
count_in = lines("rows.jsonl")[0]
words = set()
with open(path("rows.jsonl"), encoding="utf-8") as f:
    for line in f:
        words.update(json.loads(line)["text"].split())
print(f"The rows hold {len(words):,} distinct words (split at white space); the word cache keeps about 20,000.")
print(f"mush measure --batch on one row (start-up): {startup * 1000:.0f} ms (the best of 3).")
for n in sorted({1, jobs}):
    out, errors = lines(f"out-{n}.jsonl")
    warnings = lines(f"out-{n}.jsonl.err")[0]
    print(f"{flag(n)}: {count_in:,} input lines, {out:,} output lines, {errors:,} error lines, "
          f"{warnings:,} lines on stderr")
print(f"{flag(1)} and {flag(jobs)}: {same('out-1.jsonl', f'out-{jobs}.jsonl')} (cmp); rows twice: "
      f"{same('out-twice-1.jsonl', f'out-twice-{jobs}.jsonl')}")
if pango:
    out, errors = lines("out-pango.jsonl")
    print(f"Pango: {out:,} output lines, {errors:,} error lines")
print()

def row(label, name, engine_name=None):
    value = rate.get(name)
    if value is None:
        if name in rate:
            print(f"{label:<52} {'n/a':>10}  (the twice run was not slower: noise)")
        return
    over = f"{rate[engine_name] / value - 1:+.0%}" if engine_name in rate else ""
    pan = f"{value / rate['pango']:.2f}x" if "pango" in rate else ""
    print(f"{label:<52} {value:>10,.0f} {1e6 / value:>8.2f} {over:>13} {pan:>8}")

print(f"{'':<52} {'rows/s':>10} {'µs/row':>8} {'over engine':>13} {'× Pango':>8}")
row("engine alone, new text (1 thread)", "engine, new text")
row("engine alone, same rows again (warm cache)", "engine, warm")
for n in sorted({1, jobs}):
    one = n == 1
    row(f"mush --batch {flag(n)}, new text", f"{n}, once", "engine, new text" if one else None)
    row(f"mush --batch {flag(n)}, rows twice: whole", f"{n}, twice", "engine, both passes" if one else None)
    row(f"mush --batch {flag(n)}, rows twice: 2nd half", f"{n}, second half", "engine, warm" if one else None)
row("Pango 1.50 (pango_measure, layout mode)", "pango")
row("floor: one hb_shape + one ICU line-break pass a row", "floor")
print()
print("floor: BatchProbe's floor pass (FLOOR=1), in-process: each row's text shaped whole in DejaVu")
print("Sans by one hb_shape call (no itemizing, no fallback faces) and one ICU line-break iteration,")
print("nothing laid out; the least any engine on HarfBuzz and ICU does for a row.")
print("over engine: engine rate / command rate - 1, the command's cost beyond the engine on 1 job")
print("(new text against the first pass; 2nd half against the second; whole against both passes).")
print(f"2nd half: {rows:,} / (t_twice - t_once).")
others = (after_busy - before_busy) - (after_ours - before_ours)
print(f"Other processes took {max(0.0, others):.1f} CPU seconds during these runs "
      f"(this script's {after_ours - before_ours:.1f}): figures are noisy when that is large.")
PY

# Peak memory: the maximum resident set size of the whole process (GNU time's %M, kB).
small=$(wc -l <"$dir/small.jsonl")
large=$(wc -l <"$dir/large.jsonl")
echo
echo "Peak memory of mush measure --batch, output to /dev/null (the large input is the $rows rows"
echo "cycled 10 times; the small one their first $small):"
printf '%-24s %12s %10s %12s\n' input options "max RSS kB" seconds
for input in small large; do
    for n in 1 "$jobs"; do
        options="--jobs $n"
        args=(measure --batch --jobs "$n")
        if [[ "${NO_JOBS:-}" == 1 ]]; then options="(no --jobs)" args=(measure --batch); fi
        status=0
        /usr/bin/time -f '%e %M' -o "$dir/time.txt" "$mush" "${args[@]}" <"$dir/$input.jsonl" >/dev/null \
            2>"$dir/memory.err" || status=$?
        if [[ $status != 0 && $status != 2 ]]; then
            echo "batch.sh: mush ${args[*]} < $input.jsonl exited with status $status" >&2
            exit 1
        fi
        # (GNU time writes "Command exited with non-zero status 2" first when lines gave errors.)
        read -r seconds kb < <(tail -n 1 "$dir/time.txt")
        count=$small
        if [[ $input == large ]]; then count=$large; fi
        printf '%-24s %12s %10s %12s\n' "$(printf "%'d lines" "$count")" "$options" "$(printf "%'d" "$kb")" "$seconds"
        if [[ $jobs == 1 ]]; then break; fi
    done
done
