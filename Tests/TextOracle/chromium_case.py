#!/usr/bin/env python3
"""Chromium as the oracle for `text-transform`: what a transformed text shows, and how wide it is.

    python3 Tests/TextOracle/chromium_case.py < cases.json

Input (standard input): a JSON array of cases {"text", "transform", "lang"}: the text, CSS's
`text-transform` (uppercase, lowercase, capitalize) and a BCP 47 language for the `lang` attribute
("" for none). Each is laid out by Debian's headless Chromium (through selenium) as a `<span
lang=LANG>` in DejaVu Sans at 16 px, `white-space: pre` so that it stays on one line.

Output (standard output): a JSON array, one object a case: "shown", the span's `innerText` (which
the HTML standard has apply `text-transform`: the text as Chromium shows it), and "width", the
span's width in px (getBoundingClientRect: Chromium's inline sizes are in 1/64 px).
"""
import html
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "BoxOracle"))
from chromium_driver import open_page  # noqa: E402


def main():
    cases = json.load(sys.stdin)
    spans = "".join(
        f'<div><span id="c{index}" lang="{html.escape(case["lang"])}" '
        f'style="text-transform: {case["transform"]}">{html.escape(case["text"])}</span></div>'
        for index, case in enumerate(cases))
    page = ('<html><head><meta charset="utf-8"><style>body { margin: 0; font: 16px "DejaVu Sans"; '
            'white-space: pre; font-kerning: normal }</style></head><body>' + spans + '</body></html>')
    driver = open_page(page)
    try:
        results = driver.execute_script("""
            return Array.from({length: arguments[0]}, (_, index) => {
                const span = document.getElementById('c' + index);
                return {shown: span.innerText, width: span.getBoundingClientRect().width};
            });""", len(cases))
    finally:
        driver.quit()
    json.dump(results, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
