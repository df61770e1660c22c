#!/usr/bin/env python3
"""Paged tables, mush render against Typst on the same document.

The document is pages_weasyprint.py's: a title 40 points tall ("Report", 20 points, bold) and a
table whose head (24 points, 9-point bold, repeated on every page: `repeat: header` in mush,
`table.header(repeat: true)` in Typst) and rows (20 points each: "Row i" taking the width left
and an amount right-aligned in 80 points, 9-point text) have fixed heights, on A4 pages with a
36-point margin and "Page N of M" centred in the bottom margin, in DejaVu Sans.

Our side is `mush_document` from pages_weasyprint.py, written as compact JSON; where that is over
mush's one input (16 MiB: 100,000 rows), its rows' fonts are left out (`compact=True`, as
pages.sh does), so their text is the default 16 points instead of 9: the rows keep their
20-point height, so the rows on each page do not change (the check below says so).

Typst's side is Typst's Python binding (PyPI `typst`) in a fresh Python process for each run, so
that both times are whole processes (Python's start and `import typst` included: about 0.05 s,
printed apart); with --typst-cli, the `typst` command instead (where there is one). Typst is
given the repository's Fonts/ folder and no system fonts: the DejaVu Sans that mush draws with.

For each row count, each tool's whole-process time is the best of RUNS runs and its peak resident
memory the most of those runs (the child's own maximum resident set, from wait4); the ratio is
Typst's time over mush's. The processor time (user and system) of the fastest run is printed too:
on a machine with several cores, either may use more than one. Both PDFs are read back with
pdftotext: they must have as many pages, and the same rows on each page, or the differences are
printed and the script exits 1.

    python3 Benchmarks/Rivals/pages_typst.py MUSH ROWS... [--runs N] [--typst-cli]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pages_weasyprint import mush_document  # noqa: E402

FONTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Fonts")
INPUT_BYTES = 1 << 24  # MushLimits.inputBytes

# Compiles argv[1] to argv[2] with the fonts in argv[3] only; prints the compile's own seconds.
TYPST_PYTHON = """import sys, time
start = time.perf_counter()
import typst
imported = time.perf_counter()
typst.compile(sys.argv[1], output=sys.argv[2], font_paths=[sys.argv[3]], ignore_system_fonts=True)
print(imported - start, time.perf_counter() - imported)
"""


def typst_document(rows):
    body = "\n".join(f"  [Row {i}], [{(i * 37) % 1000}.00]," for i in range(rows))
    return f"""#set page(paper: "a4", margin: 36pt,
  footer: context align(center, text(size: 8pt)[Page #counter(page).display("1 of 1", both: true)]))
#set text(font: "DejaVu Sans", size: 9pt)
#set block(spacing: 0pt)
#block(height: 40pt, text(size: 20pt, weight: "bold")[Report])
#table(
  columns: (1fr, 80pt), rows: (24pt, 20pt), inset: 0pt, stroke: none,
  align: (left + top, right + top), fill: (x, y) => if y == 0 {{ rgb("#dde4ee") }},
  table.header(repeat: true, text(weight: "bold")[Item], text(weight: "bold")[Amount]),
{body}
)
"""


def rows_by_page(pdf):
    """The row numbers on each page, in order (one pdftotext over the whole file; pages end in
    form feeds)."""
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True, check=True).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [[int(n) for n in re.findall(r"\bRow (\d+)\b", page)] for page in pages]


def page_count(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def run_once(command):
    """Seconds, peak resident kilobytes, processor seconds (user and system) and standard output of
    one whole process (waited for with wait4, so that the memory and processor time are this
    child's alone)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        child.returncode = code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if code != 0:
            sys.exit(f"{' '.join(command)}: exit {code}\n{err.read().decode(errors='replace')[-2000:]}")
        return elapsed, usage.ru_maxrss, usage.ru_utime + usage.ru_stime, out.read().decode()


def best(command, runs):
    """The best time and the most peak memory of `runs` runs, and the best run's processor time and
    output."""
    results = [run_once(command) for _ in range(runs)]
    fastest = min(results, key=lambda r: r[0])
    return fastest[0], max(r[1] for r in results), fastest[2], fastest[3]


def compare(mine, reference, rows):
    """The differences between mush's rows by page and Typst's, as lines (none: the same)."""
    problems = []
    if len(mine) != len(reference):
        problems.append(f"pages: mush {len(mine)}, Typst {len(reference)}")
    shown = 0
    for number, (a, b) in enumerate(zip(mine, reference), 1):
        if sorted(a) != sorted(b):
            shown += 1
            if shown <= 5:
                only_a, only_b = sorted(set(a) - set(b)), sorted(set(b) - set(a))
                problems.append(
                    f"page {number}: mush {len(a)} rows ({a[:1]}…{a[-1:]}), Typst {len(b)} rows ({b[:1]}…{b[-1:]});"
                    f" only in mush {only_a[:5]}{'…' if len(only_a) > 5 else ''},"
                    f" only in Typst {only_b[:5]}{'…' if len(only_b) > 5 else ''}")
    if shown > 5:
        problems.append(f"… {shown - 5} more pages differ")
    for name, pages in (("mush", mine), ("Typst", reference)):
        found = sorted(n for page in pages for n in page)
        if found != list(range(rows)):
            problems.append(f"{name}: {len(found)} rows found ({len(set(found))} different), not rows 0 to {rows - 1} once each")
    return problems


def per_page(pages):
    """Rows per page, run-length: "35, 37 × 268, 12"."""
    counts = [len(p) for p in pages]
    runs = []
    for c in counts:
        if runs and runs[-1][0] == c:
            runs[-1][1] += 1
        else:
            runs.append([c, 1])
    return ", ".join(f"{c}" if n == 1 else f"{c} × {n}" for c, n in runs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mush")
    parser.add_argument("rows", type=int, nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--typst-cli", action="store_true", help="time the typst command, not the Python binding")
    arguments = parser.parse_args()
    mush = os.path.abspath(arguments.mush)

    cli = shutil.which("typst")
    import typst
    if arguments.typst_cli:
        if not cli:
            sys.exit("--typst-cli: there is no typst command on PATH")
        version = subprocess.run([cli, "--version"], capture_output=True, text=True).stdout.strip()
        how = f"{version}, the typst command"
    else:
        with tempfile.NamedTemporaryFile("w", suffix=".typ") as probe:
            probe.write("x")
            probe.flush()
            engine = typst.eval(probe.name, "sys.version").strip('"')
        how = (f"Typst {engine.removeprefix('version').strip('()').replace(', ', '.')} through typst-py "
               f"{typst.__version__} ({sys.executable} -c 'import typst; typst.compile(...)', a fresh process a run;"
               f" typst command: {cli or 'none on PATH'})")
    print(f"mush render against {how}")
    print(f"A4, a 36-point margin, a repeated head 24 points tall, rows 20 points tall; Typst fonts: {FONTS} only;"
          f" best of {arguments.runs} runs, peak resident memory the most of them")
    header = (f"{'rows':>7} {'pages':>6} {'same rows, pages':>17} {'mush s':>8} {'mush MB':>8}"
              f" {'Typst s':>8} {'Typst MB':>9} {'ratio':>7}  {'mush CPU s':>10} {'Typst CPU s':>11} {'Typst compile s':>15}")
    lines = []
    failed = False
    notes = []
    with tempfile.TemporaryDirectory() as folder:
        if not arguments.typst_cli:
            startup = min(run_once([sys.executable, "-c", "import typst"])[0] for _ in range(arguments.runs))
            notes.append(f"Python's start and `import typst` alone: {startup:.3f} s (in the Typst times)")
        for rows in arguments.rows:
            tree = os.path.join(folder, f"table-{rows}.json")
            source = os.path.join(folder, f"table-{rows}.typ")
            ours = os.path.join(folder, f"mush-{rows}.pdf")
            theirs = os.path.join(folder, f"typst-{rows}.pdf")
            document = json.dumps(mush_document(rows), separators=(",", ":"))
            compact = len(document.encode()) > INPUT_BYTES
            if compact:
                document = json.dumps(mush_document(rows, compact=True), separators=(",", ":"))
                notes.append(f"{rows} rows: mush's input with the rows' fonts left out ({len(document.encode()):,} bytes;"
                             f" with them, over {INPUT_BYTES:,}): rows in 16-point text, not 9")
            with open(tree, "w") as f:
                f.write(document)
            with open(source, "w") as f:
                f.write(typst_document(rows))

            mush_time, mush_kb, mush_cpu, _ = best([mush, "render", tree, "-o", ours], arguments.runs)
            if arguments.typst_cli:
                command = [cli, "compile", "--font-path", FONTS, "--ignore-system-fonts", source, theirs]
                typst_time, typst_kb, typst_cpu, _ = best(command, arguments.runs)
                compile_only = ""
            else:
                command = [sys.executable, "-c", TYPST_PYTHON, source, theirs, FONTS]
                typst_time, typst_kb, typst_cpu, said = best(command, arguments.runs)
                compile_only = f"{float(said.split()[1]):.3f}"

            mine, reference = rows_by_page(ours), rows_by_page(theirs)
            for name, pdf, pages in (("mush", ours, mine), ("Typst", theirs, reference)):
                if page_count(pdf) != len(pages):
                    notes.append(f"{rows} rows, {name}: pdfinfo says {page_count(pdf)} pages, pdftotext {len(pages)}")
            problems = compare(mine, reference, rows)
            if problems:
                failed = True
                print(f"MISMATCH, {rows} rows:")
                for problem in problems:
                    print(f"  {problem}")
                print(f"  rows per page: mush {per_page(mine)}; Typst {per_page(reference)}")
            else:
                notes.append(f"{rows} rows, rows per page (both): {per_page(mine)}")
            pages = f"{len(mine)}" if len(mine) == len(reference) else f"{len(mine)}/{len(reference)}"
            lines.append(f"{rows:>7} {pages:>6} {'NO' if problems else 'yes':>17} {mush_time:>8.3f} {mush_kb / 1024:>8.0f}"
                         f" {typst_time:>8.3f} {typst_kb / 1024:>9.0f} {typst_time / mush_time:>6.1f}×"
                         f"  {mush_cpu:>10.3f} {typst_cpu:>11.3f} {compile_only:>15}")
    print(header)
    for line in lines:
        print(line)
    for note in notes:
        print(f"  {note}")
    if failed:
        print("FAILED: the rows on each page differ (above)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
