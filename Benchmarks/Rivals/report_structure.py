#!/usr/bin/env python3
"""The report example's outline and structure tree, mush render against Typst and WeasyPrint.

Examples/report.json is written again as Typst markup and as HTML by the converter below, node by
node: a heading as a Typst heading / <hN>, a text as a paragraph, an image with its alt as a
Typst image with `alt` / <img alt>, a box of `role: table` as a Typst table with a header row /
<table> with <thead>, the contents' rows as links whose page numbers each tool works out
({pageOf:ID}: Typst's `counter(page).at`, CSS's `target-counter`), page breaks as page breaks, the
document's title and language as each tool's own, the running header and footer as page margins.
The three PDFs (mush's tagged by the document, Typst's tagged as Typst tags every PDF, WeasyPrint's
with `--pdf-variant pdf/ua-1`) are read back with pypdf: the outline (level, title, page) and the
structure tree's element kinds in order (runs of one kind counted: `TR ×37`), printed side by
side, and each goes through Tests/PDFUA/pdfua_check.py.

    python3 Benchmarks/Rivals/report_structure.py MUSH [--keep DIR]

Needs `pip install typst` (its Python binding) and Debian's weasyprint.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "Examples")
PAGE_OF = re.compile(r"\{pageOf:([A-Za-z0-9_.:-]+)\}")


def typst_text(text):
    """A text as Typst markup: its markup characters escaped, {pageOf:ID} a page counter; an array
    of pieces joined, a footnote piece Typst's #footnote."""
    if isinstance(text, list):
        return "".join(
            typst_text(piece) if isinstance(piece, str) else f"#footnote[{typst_text(piece['footnote']['text'])}]"
            for piece in text
        )
    parts = []
    for index, piece in enumerate(PAGE_OF.split(text)):
        if index % 2:
            parts.append(f"#context counter(page).at(<{piece}>).first()")
        else:
            parts.append(re.sub(r"([\\#*_`$<>@=\-+/\[\]~\"'])", r"\\\1", piece))
    return "".join(parts)


def html_text(text):
    """A text as HTML; an array of pieces joined, a footnote piece a span that floats to the
    page's footnotes (CSS's float: footnote)."""
    if isinstance(text, list):
        return "".join(
            html_text(piece) if isinstance(piece, str)
            else f'<span class="footnote">{html_text(piece["footnote"]["text"])}</span>'
            for piece in text
        )
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def with_footnote(node):
    """A text node's text, its own footnote (its key `footnote`) a piece after it."""
    text = node["text"]
    if "footnote" not in node:
        return text
    return (text if isinstance(text, list) else [text]) + [{"footnote": node["footnote"]}]


def texts(node):
    """The texts of a node and what it holds, in order."""
    found = [node["text"]] if "text" in node else []
    for child in node.get("children", []):
        found += texts(child)
    return found


def to_typst(node, out):
    if node.get("breakBefore") == "page":
        out.append("#pagebreak(weak: true)")
    label = f" <{node['id']}>" if "id" in node else ""
    if "heading" in node:
        out.append("=" * int(node["heading"]) + " " + typst_text(node["text"]) + label)
    elif "text" in node:
        out.append(typst_text(with_footnote(node)) + label + "\n")
    elif "image" in node:
        image = node["image"]
        out.append(f'#image("{image["file"]}", width: {image["width"]}pt, alt: {json.dumps(node.get("alt", ""))})\n')
    elif node.get("role") == "table":
        rows = node["children"]
        cells = lambda row: ", ".join("[" + typst_text(t) + "]" for t in texts(row))
        out.append(f"#table(columns: (1fr, 70pt, 90pt), table.header({cells(rows[0])}),")
        for row in rows[1:]:
            out.append(f"  {cells(row)},")
        out.append(")\n")
    elif "link" in node:
        title, page = texts(node)
        out.append(f"#link(<{node['link'][1:]}>)[{typst_text(title)} #h(1fr) {typst_text(page)}]\n")
    else:
        for child in node.get("children", []):
            to_typst(child, out)
    if node.get("breakAfter") == "page":
        out.append("#pagebreak(weak: true)")


def typst_document(report):
    info = report["document"]
    language, _, region = info["language"].partition("-")
    out = [
        f'#set document(title: {json.dumps(info["title"])}, author: {json.dumps(info["author"])})',
        f'#set text(font: "DejaVu Sans", size: 10pt, lang: "{language.lower()}", region: "{region.lower()}")',
        '#set page(paper: "a4", margin: 56pt, header: align(right, text(8pt)[Porthmoor Harbour Authority · '
        'Annual report 2026]), footer: context align(center, text(8pt)[Page #counter(page).display() of '
        '#counter(page).final().first()]))',
    ]
    for child in report["children"]:
        to_typst(child, out)
    return "\n".join(out) + "\n"


def to_html(node, out):
    style = ""
    if node.get("breakBefore") == "page":
        style += "break-before: page;"
    if node.get("breakAfter") == "page":
        style += "break-after: page;"
    ident = f' id="{node["id"]}"' if "id" in node else ""
    if "heading" in node:
        level = int(node["heading"])
        out.append(f'<h{level}{ident} style="{style}">{html_text(node["text"])}</h{level}>')
    elif "text" in node:
        out.append(f'<p{ident} style="{style}">{html_text(with_footnote(node))}</p>')
    elif "image" in node:
        image = node["image"]
        out.append(f'<img src="{image["file"]}" width="{image["width"]}" alt="{html_text(node.get("alt", ""))}">')
    elif node.get("role") == "table":
        rows = node["children"]
        out.append(f'<table{ident}><thead><tr>' + "".join(f"<th>{html_text(t)}</th>" for t in texts(rows[0]))
                   + "</tr></thead><tbody>")
        for row in rows[1:]:
            out.append("<tr>" + "".join(f"<td>{html_text(t)}</td>" for t in texts(row)) + "</tr>")
        out.append("</tbody></table>")
    elif "link" in node:
        title, _ = texts(node)
        out.append(f'<p><a class="toc" href="{node["link"]}">{html_text(title)}</a></p>')
    else:
        out.append(f'<div{ident} style="{style}">')
        for child in node.get("children", []):
            to_html(child, out)
        out.append("</div>")


def html_document(report):
    info = report["document"]
    out = [
        f'<!doctype html><html lang="{info["language"]}"><head><meta charset="utf-8">',
        f'<title>{html_text(info["title"])}</title><meta name="author" content="{html_text(info["author"])}">',
        "<style>@page { size: A4; margin: 56pt; @top-right { content: 'Porthmoor Harbour Authority · Annual "
        "report 2026'; font-size: 8pt } @bottom-center { content: 'Page ' counter(page) ' of ' counter(pages); "
        "font-size: 8pt } } body { font-family: 'DejaVu Sans'; font-size: 10pt } "
        "a.toc::after { content: ' ' target-counter(attr(href), page); float: right } "
        "h1, h2 { bookmark-level: auto } .footnote { float: footnote; font-size: 8pt }</style></head><body>",
    ]
    for child in report["children"]:
        to_html(child, out)
    out.append("</body></html>")
    return "\n".join(out)


def resolve(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def structure(reader):
    """The element kinds of the structure tree in a depth-first walk, indented by depth; runs of
    siblings with the same kind and the same kinds below are one line, counted (`TR ×36`)."""
    root = resolve(reader.trailer["/Root"].get("/StructTreeRoot"))
    if root is None:
        return []

    def kids(element):
        value = resolve(element.get("/K"))
        children = []
        for kid in (value if isinstance(value, (list, ArrayObject)) else [value]):
            kid = resolve(kid)
            if isinstance(kid, DictionaryObject) and "/S" in kid:
                children.append((str(kid["/S"])[1:], kids(kid)))
        return children

    lines = []

    def show(children, depth):
        index = 0
        while index < len(children):
            count = 1
            while index + count < len(children) and children[index + count] == children[index]:
                count += 1
            kind, below = children[index]
            lines.append("  " * depth + kind + (f" ×{count}" if count > 1 else ""))
            show(below, depth + 1)
            index += count

    show(kids(root), 0)
    return lines


def outline(reader):
    entries = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                entries.append(f"{'  ' * depth}{item.title} → {reader.get_destination_page_number(item) + 1}")

    walk(reader.outline, 0)
    return entries


def side_by_side(title, columns):
    names = list(columns)
    width = max(28, *(len(line) for lines in columns.values() for line in lines)) + 2
    print(f"\n{title}\n")
    print("".join(name.ljust(width) for name in names).rstrip())
    print("".join(("-" * (width - 2)).ljust(width) for _ in names).rstrip())
    for row in range(max(len(lines) for lines in columns.values())):
        print("".join((columns[name][row] if row < len(columns[name]) else "").ljust(width) for name in names).rstrip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mush")
    parser.add_argument("--keep", help="write the documents and PDFs to this folder")
    arguments = parser.parse_args()
    import typst

    report = json.load(open(os.path.join(EXAMPLES, "report.json")))
    folder = arguments.keep or tempfile.mkdtemp()
    os.makedirs(folder, exist_ok=True)
    pdfs = {}
    pdfs["mush"] = os.path.join(folder, "report-mush.pdf")
    subprocess.run([arguments.mush, "render", os.path.join(EXAMPLES, "report.json"), "-o", pdfs["mush"]],
                   check=True, capture_output=True)
    source = os.path.join(EXAMPLES, "report.typ")
    with open(source, "w") as file:
        file.write(typst_document(report))
    pdfs["Typst"] = os.path.join(folder, "report-typst.pdf")
    try:
        typst.compile(source, output=pdfs["Typst"], font_paths=[os.path.join(ROOT, "Fonts")], root=ROOT)
    finally:
        os.remove(source)
    html = os.path.join(EXAMPLES, "report.html")
    with open(html, "w") as file:
        file.write(html_document(report))
    pdfs["WeasyPrint"] = os.path.join(folder, "report-weasyprint.pdf")
    try:
        subprocess.run(["weasyprint", "-q", "--pdf-variant", "pdf/ua-1", html, pdfs["WeasyPrint"]], check=True)
    finally:
        os.remove(html)

    readers = {name: PdfReader(path) for name, path in pdfs.items()}
    side_by_side("Outline (level by indent, title → page)", {n: outline(r) for n, r in readers.items()})
    side_by_side("Structure tree (element kinds, depth by indent, runs counted)",
                 {n: structure(r) for n, r in readers.items()})
    checks = {}
    for name, path in pdfs.items():
        result = subprocess.run([sys.executable, os.path.join(ROOT, "Tests/PDFUA/pdfua_check.py"), path, "--json"],
                                capture_output=True, text=True)
        rules = json.loads(result.stdout)["rules"] if result.stdout else []
        checks[name] = [f"{r['result']} {r['rule']}" for r in rules]
    side_by_side("PDF/UA self-check (Tests/PDFUA/pdfua_check.py)", checks)
    print(f"\npages: " + ", ".join(f"{n} {len(r.pages)}" for n, r in readers.items()))


if __name__ == "__main__":
    main()
