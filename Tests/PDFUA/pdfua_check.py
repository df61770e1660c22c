#!/usr/bin/env python3
"""A PDF/UA-1 self-check: the rules of the Matterhorn Protocol 1.1 that a machine can check, read
with pypdf from the file itself.

    python3 Tests/PDFUA/pdfua_check.py FILE.pdf [--json]

Prints one line a rule: PASS, FAIL (with what failed) or SKIP (nothing of its kind in the file),
then the rules it cannot check. Exits 1 when any rule fails, 2 when the file cannot be read.

What it cannot check is listed at the end of its output: whether the tags say what the content
means (a heading tagged P, a table of layout tagged Table), whether alternate text describes its
figure, reading order against the visual order, colour contrast, and the XMP metadata's details
beyond the PDF/UA identifier.
"""
import json
import re
import sys

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

CANNOT = [
    "01-006 tags say what content means (a heading tagged P, a layout table tagged Table)",
    "07-002, 13-004 alternate text and the title describe what they stand for",
    "09-001 the structure's order is the reading order people expect",
    "04-001 colour is not the only way information is given; contrast",
    "31-* every glyph's Unicode value is the one the text means (checked: fonts have ToUnicode maps)",
]


def resolve(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def kids(element):
    k = resolve(element.get("/K"))
    if k is None:
        return []
    return list(k) if isinstance(k, (list, ArrayObject)) else [k]


def walk(reader):
    """The structure elements in a depth-first walk, as (element, depth, parent type)."""
    root = resolve(reader.trailer["/Root"].get("/StructTreeRoot"))
    if root is None:
        return []
    found = []
    stack = [(resolve(k), 0, None) for k in reversed(kids(root))]
    while stack:
        element, depth, parent = stack.pop()
        if not isinstance(element, DictionaryObject) or element.get("/Type", "/StructElem") != "/StructElem":
            continue
        if "/S" not in element:
            continue
        found.append((element, depth, parent))
        for kid in reversed(kids(element)):
            kid = resolve(kid)
            if isinstance(kid, DictionaryObject) and "/S" in kid:
                stack.append((kid, depth + 1, str(element["/S"])))
    return found


TOKEN = re.compile(
    rb"\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<<|>>|<[0-9A-Fa-f\s]*>|\[|\]|/[^\s()<>\[\]{}/%]*|[^\s()<>\[\]{}/%]+"
)
PAINTING = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"Tj", b"TJ", b"'", b'"', b"Do", b"sh", b"BI"}


def unmarked_painting(content):
    """How many painting operators lie outside any marked content, and the MCIDs marked."""
    depth, unmarked, mcids, operands = 0, 0, [], []
    position = 0
    while True:
        match = TOKEN.search(content, position)
        if not match:
            break
        token = match.group(0)
        position = match.end()
        if token == b"BI":
            end = content.find(b"EI", position)
            position = end + 2 if end >= 0 else len(content)
            if depth == 0:
                unmarked += 1
            operands = []
            continue
        first = token[:1]
        if first in b"(<[]/" or re.fullmatch(rb"[-+.0-9]+|true|false|null", token) or token in (b"<<", b">>"):
            operands.append(token)
            continue
        if token in (b"BDC", b"BMC"):
            depth += 1
            if token == b"BDC":
                text = b" ".join(operands)
                found = re.search(rb"/MCID\s+(\d+)", text)
                if found:
                    mcids.append(int(found.group(1)))
        elif token == b"EMC":
            depth -= 1
        elif token in PAINTING and depth == 0:
            unmarked += 1
        operands = []
    return unmarked, mcids


def check(path):
    reader = PdfReader(path, strict=True)
    catalog = reader.trailer["/Root"]
    results = []

    def rule(code, name, failures, applies=True):
        results.append(
            {"rule": code, "name": name, "result": "SKIP" if not applies else ("FAIL" if failures else "PASS"),
             "failures": failures[:5]})

    marked = resolve(catalog.get("/MarkInfo", {})).get("/Marked")
    rule("06-001, 01-001", "tagged: /MarkInfo /Marked true and a /StructTreeRoot",
         [] if marked and "/StructTreeRoot" in catalog else ["not tagged"])
    metadata = resolve(catalog.get("/Metadata"))
    xmp = metadata.get_data().decode("utf-8", "replace") if metadata is not None else ""
    rule("06-002", "the XMP metadata holds the PDF/UA identifier (pdfuaid:part 1)",
         [] if re.search(r"pdfuaid:part\s*(=\s*\"1\"|>\s*1\s*<)", xmp) else ["no pdfuaid:part in /Metadata"])
    title = reader.metadata.title if reader.metadata else None
    rule("07-001", "a title in the metadata, and the viewer shows it (/DisplayDocTitle true)",
         ([] if title else ["no title"])
         + ([] if resolve(catalog.get("/ViewerPreferences", {})).get("/DisplayDocTitle") else ["no /DisplayDocTitle"]))
    language = catalog.get("/Lang")
    rule("11-001", "the document's natural language (/Lang)", [] if language else ["no /Lang"])

    elements = walk(reader)
    types = [str(element["/S"]) for element, _, _ in elements]
    # Content: everything painted is tagged or an artifact; every MCID has its element.
    unmarked_pages, orphan = [], []
    parent_tree = resolve(resolve(catalog.get("/StructTreeRoot", {})).get("/ParentTree", {}))
    numbers = {}
    entries = list(resolve(parent_tree.get("/Nums", [])))
    for index in range(0, len(entries) - 1, 2):
        numbers[int(entries[index])] = resolve(entries[index + 1])
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
        unmarked, mcids = unmarked_painting(data)
        if unmarked:
            unmarked_pages.append(f"page {number}: {unmarked} painting operators neither tagged nor artifacts")
        parents = numbers.get(int(page.get("/StructParents", -1)))
        for mcid in mcids:
            if not isinstance(parents, (list, ArrayObject)) or mcid >= len(parents) or resolve(parents[mcid]) is None:
                orphan.append(f"page {number}: MCID {mcid} has no structure element")
    rule("01-005", "all content is tagged or marked as an artifact", unmarked_pages)
    rule("01-007", "every marked content sequence belongs to a structure element", orphan)

    figures = [element for element, _, _ in elements if element["/S"] == "/Figure"]
    rule("13-004", "figures have alternate text (/Alt)",
         [f"Figure {index + 1} without /Alt" for index, figure in enumerate(figures) if not figure.get("/Alt")],
         applies=bool(figures))

    headings = [int(t[2]) for t in types if re.fullmatch(r"/H[1-6]", t)]
    skipped = [f"H{a} then H{b}" for a, b in zip([0] + headings, headings) if b > a + 1]
    rule("14-003", "heading levels are not skipped (H1, then H2 …)", skipped, applies=bool(headings))

    table_problems, scope_problems = [], []
    tables = [element for element, _, _ in elements if element["/S"] == "/Table"]
    for index, table in enumerate(tables, start=1):
        rows = [resolve(k) for k in kids(table)]
        sections = [r for r in rows if isinstance(r, DictionaryObject) and r.get("/S") in ("/THead", "/TBody", "/TFoot")]
        for section in sections:
            rows += [resolve(k) for k in kids(section)]
        rows = [r for r in rows if isinstance(r, DictionaryObject) and r.get("/S") == "/TR"]
        if not rows:
            table_problems.append(f"Table {index} has no TR")
        cells = [resolve(k) for row in rows for k in kids(row)]
        cell_types = [c.get("/S") for c in cells if isinstance(c, DictionaryObject)]
        if any(t not in ("/TH", "/TD") for t in cell_types):
            table_problems.append(f"Table {index}: a TR holds something other than TH or TD")
        if "/TH" not in cell_types:
            table_problems.append(f"Table {index} has no header cell (TH)")
        uses_headers = any("/Headers" in resolve(c.get("/A", {})) for c in cells if isinstance(c, DictionaryObject)
                           and isinstance(resolve(c.get("/A", {})), DictionaryObject))
        for cell in cells:
            if not isinstance(cell, DictionaryObject) or cell.get("/S") != "/TH" or uses_headers:
                continue
            attributes = resolve(cell.get("/A"))
            attributes = list(attributes) if isinstance(attributes, (list, ArrayObject)) else [attributes]
            if not any(isinstance(resolve(a), DictionaryObject) and "/Scope" in resolve(a) for a in attributes):
                scope_problems.append(f"Table {index}: a TH without /Scope")
    rule("09-004, 15-005", "tables are Table > TR > TH/TD, with header cells", table_problems, applies=bool(tables))
    rule("15-003", "header cells say what they head (/Scope), where cells name no /Headers", scope_problems,
         applies=bool(tables))

    list_problems = []
    for element, _, parent in elements:
        if element["/S"] == "/LI" and parent != "/L":
            list_problems.append("an LI outside an L")
    rule("16-001", "list items are inside lists", list_problems, applies="/LI" in types)

    note_problems, identifiers = [], set()
    for element, _, _ in elements:
        if element["/S"] != "/Note":
            continue
        identifier = element.get("/ID")
        if identifier is None:
            note_problems.append("a Note without /ID")
        elif str(identifier) in identifiers:
            note_problems.append(f"two Notes with the /ID {identifier}")
        else:
            identifiers.add(str(identifier))
    rule("19-003, 19-004", "notes have identifiers (/ID), each its own", note_problems, applies="/Note" in types)

    font_problems, seen = [], set()
    for number, page in enumerate(reader.pages, start=1):
        fonts = resolve(resolve(page.get("/Resources", {})).get("/Font", {}))
        for name, reference in fonts.items():
            font = resolve(reference)
            key = id(font) if not isinstance(reference, IndirectObject) else reference.idnum
            if key in seen:
                continue
            seen.add(key)
            subtype = font.get("/Subtype")
            descriptor = resolve(font.get("/FontDescriptor"))
            if subtype == "/Type0":
                descendant = resolve(resolve(font["/DescendantFonts"])[0])
                descriptor = resolve(descendant.get("/FontDescriptor"))
            if subtype != "/Type3" and (
                    descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))):
                font_problems.append(f"{font.get('/BaseFont')} is not embedded")
            if "/ToUnicode" not in font:
                font_problems.append(f"{font.get('/BaseFont', name)} has no ToUnicode map")
    rule("31-001, 31-027", "fonts are embedded, with ToUnicode maps", font_problems, applies=bool(seen))

    link_problems = []
    annotated = 0
    for number, page in enumerate(reader.pages, start=1):
        annotations = [resolve(a) for a in resolve(page.get("/Annots", []))]
        if annotations and page.get("/Tabs") != "/S":
            link_problems.append(f"page {number} has annotations but no /Tabs /S")
        for annotation in annotations:
            annotated += 1
            if annotation.get("/Subtype") == "/Link":
                if "/StructParent" not in annotation:
                    link_problems.append(f"page {number}: a link without /StructParent (not tagged Link)")
                if not annotation.get("/Contents"):
                    link_problems.append(f"page {number}: a link without /Contents (its alternate description)")
    rule("28-002, 28-004, 28-011", "links are tagged, described (/Contents), and pages with them have /Tabs /S",
         link_problems, applies=annotated > 0)

    structure = [t[1:] for t in types]
    return results, structure


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        results, structure = check(sys.argv[1])
    except Exception as error:  # pypdf's errors: the file is no PDF it can read
        print(f"cannot read {sys.argv[1]}: {error}", file=sys.stderr)
        return 2
    if "--json" in sys.argv:
        print(json.dumps({"rules": results, "cannot": CANNOT, "structure": structure}))
    else:
        for result in results:
            line = f"{result['result']:4} {result['rule']:22} {result['name']}"
            if result["failures"]:
                line += ": " + "; ".join(result["failures"])
            print(line)
        for item in CANNOT:
            print(f"NOT CHECKED {item}")
    return 1 if any(r["result"] == "FAIL" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
