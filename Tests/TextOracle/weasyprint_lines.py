#!/usr/bin/python3
"""WeasyPrint's lines for justified, hyphenated paragraphs: the reference of HyphenationWeasyPrintTests.

Reads a JSON array of cases {"text", "width", "size", "lang"} on standard input, lays each out as
a <p lang=LANG> of WIDTH points in DejaVu Sans at SIZE points, `text-align: justify; hyphens:
auto; hyphenate-limit-chars: 5 2 3`, and prints a JSON array with each paragraph's lines (the
text of each line box, the hyphen WeasyPrint adds included). Run with Debian's python3, whose
WeasyPrint (57) hyphenates with pyphen reading /usr/share/hyphen, the dictionaries libhyphen reads.
"""
import html
import json
import sys

import weasyprint
from weasyprint.formatting_structure import boxes


def lines_of(case):
    document = weasyprint.HTML(string=f'''<html><head><style>
        @page {{ size: 2000pt 20000pt; margin: 0 }} body {{ margin: 0 }}
        p {{ width: {case["width"]}pt; font: {case["size"]}pt "DejaVu Sans"; text-align: justify;
             hyphens: auto; hyphenate-limit-chars: 5 2 3; margin: 0 }}
        </style></head><body><p lang="{case["lang"]}">{html.escape(case["text"])}</p></body></html>''').render()
    lines = []

    def walk(box):
        if isinstance(box, boxes.LineBox):
            texts = []

            def collect(inner):
                if isinstance(inner, boxes.TextBox):
                    texts.append(inner.text)
                for child in getattr(inner, "children", None) or []:
                    collect(child)

            collect(box)
            lines.append("".join(texts))
            return
        for child in getattr(box, "children", None) or []:
            walk(child)

    walk(document.pages[0]._page_box)
    return lines


print(json.dumps([lines_of(case) for case in json.load(sys.stdin)]))
