#!/usr/bin/env python3
"""Paged tables, mush render against WeasyPrint (CSS paged media) on the same document.

For each row count: a title 40 points tall and a table whose head (24 points, repeated on every
page: `repeat: header` in mush, `<thead>` in HTML) and rows (20 points each) have fixed heights,
on A4 pages with a 36-point margin and "Page N of M" in the bottom margin. Both are drawn to PDF;
the rows on each page are read back with pdftotext and compared (they must be the same rows on
the same pages), and each tool's whole-process time is the best of RUNS runs.

    python3 Benchmarks/Rivals/pages_weasyprint.py MUSH ROWS... [--runs N]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def mush_document(rows, compact=False):
    """The table as mush's JSON; `compact` leaves the rows' fonts out (the default size), so that
    100,000 rows fit in one input (16 MiB)."""
    def row(i):
        font = {} if compact else {"font": {"size": 9}}
        return {"flexDirection": "row", "height": 20, "children": [
            {"text": f"Row {i}", "flexGrow": 1, **font},
            {"text": f"{(i * 37) % 1000}.00", "width": 80, "textAlign": "right", **font}]}
    head = {"repeat": "header", "flexDirection": "row", "height": 24, "backgroundColor": "#dde4ee", "children": [
        {"text": "Item", "flexGrow": 1, "font": {"size": 9, "bold": True}},
        {"text": "Amount", "width": 80, "textAlign": "right", "font": {"size": 9, "bold": True}}]}
    return {"page": {"size": "a4", "margin": 36,
                     "footer": {"text": "Page {page} of {pages}", "font": {"size": 8}, "textAlign": "center"}},
            "flexDirection": "column", "children": [
                {"height": 40, "text": "Report", "font": {"size": 20, "bold": True}},
                {"flexDirection": "column", "children": [head] + [row(i) for i in range(rows)]}]}


def html_document(rows):
    body = "".join(
        f"<tr><td>Row {i}</td><td class=n>{(i * 37) % 1000}.00</td></tr>" for i in range(rows))
    return f"""<!doctype html><html><head><meta charset=utf-8><style>
@page {{ size: A4; margin: 36pt;
  @bottom-center {{ content: "Page " counter(page) " of " counter(pages); font: 8pt sans-serif; }} }}
html, body {{ margin: 0; font: 9pt sans-serif; }}
h1 {{ margin: 0; height: 40pt; font-size: 20pt; line-height: 24pt; }}
table {{ width: 100%; border-collapse: collapse; border-spacing: 0; }}
th, td {{ padding: 0; text-align: left; line-height: 11pt; }}
thead tr {{ height: 24pt; background: #dde4ee; }}
tbody tr {{ height: 20pt; }}
.n {{ width: 80pt; text-align: right; }}
</style></head><body><h1>Report</h1><table>
<thead><tr><th>Item</th><th class=n>Amount</th></tr></thead><tbody>{body}</tbody></table></body></html>"""


def rows_by_page(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    pages = []
    for page in range(1, count + 1):
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), pdf, "-"],
                              capture_output=True, text=True, check=True).stdout
        pages.append([int(n) for n in re.findall(r"\bRow (\d+)\b", text)])
    return pages


def best_time(command, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mush")
    parser.add_argument("rows", type=int, nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    version = subprocess.run(["weasyprint", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"mush render against {version}: A4, a 36-point margin, a repeated head, rows 20 points tall")
    print(f"{'rows':>7} {'pages':>6} {'same rows on same pages':>24} {'mush s':>8} {'WeasyPrint s':>13} {'ratio':>6}")
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for rows in arguments.rows:
            tree = os.path.join(folder, f"table-{rows}.json")
            html = os.path.join(folder, f"table-{rows}.html")
            ours = os.path.join(folder, f"mush-{rows}.pdf")
            theirs = os.path.join(folder, f"weasyprint-{rows}.pdf")
            with open(tree, "w") as f:
                json.dump(mush_document(rows), f)
            with open(html, "w") as f:
                f.write(html_document(rows))
            # (Untagged, as WeasyPrint writes a PDF unless asked for PDF/UA: the same job.)
            mush_time = best_time([arguments.mush, "render", tree, "--no-tagged", "-o", ours], arguments.runs)
            weasy_time = best_time(["weasyprint", html, theirs], arguments.runs)
            mine, reference = rows_by_page(ours), rows_by_page(theirs)
            same = mine == reference and sum(len(p) for p in mine) == rows
            if not same:
                failed = True
                for number, (a, b) in enumerate(zip(mine, reference), 1):
                    if a != b:
                        print(f"  page {number}: mush {a[:1]}…{a[-1:]} ({len(a)}), WeasyPrint {b[:1]}…{b[-1:]} ({len(b)})")
                        break
                if len(mine) != len(reference):
                    print(f"  pages: mush {len(mine)}, WeasyPrint {len(reference)}")
            print(f"{rows:>7} {len(mine):>6} {'yes' if same else 'NO':>24} {mush_time:>8.3f} {weasy_time:>13.3f}"
                  f" {weasy_time / mush_time:>5.1f}×")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
