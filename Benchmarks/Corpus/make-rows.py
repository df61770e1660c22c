#!/usr/bin/env python3
"""Real, distinct text rows for batch benchmarks, from Debian's own text.

    make-rows.py --jsonl [-n N] > rows.jsonl    # {"text": …, "width": 304, "fontSize": 16}
    make-rows.py --pango [-n N] > rows.tsv      # 304<TAB>16<TAB>text (Pango/pango_measure.c)

The rows are the translations in the gettext catalogues under /usr/share/locale (every .mo file's
msgstr strings, plural forms split on NUL) and the paragraphs of /usr/share/common-licenses/*
(split on blank lines, each paragraph joined into one line). A text is kept when, stripped, it has
1 to 2,000 characters and no control character (Unicode category Cc: so no line breaks or tabs; the
escapes of the two formats are written all the same). The texts are deduplicated and sorted by a
stable hash (SHA-1 of the UTF-8), so languages mix and the output is the same every run on the same
machine; the first N are written (default 100,000). When there are fewer than N distinct texts the
list is cycled, and stderr says so.

stderr reports the number of rows, of distinct rows, and of languages (catalogue folders, such as
de or pt_BR; the licences count as one, "common-licenses") the rows came from. A text found in
several catalogues belongs to the first folder in sorted order. Standard library only.
"""

import argparse
import hashlib
import json
import os
import re
import struct
import sys

LOCALE = "/usr/share/locale"
LICENSES = "/usr/share/common-licenses"
MAX_CHARS = 2000
# Unicode category Cc: C0 controls, DEL and C1 controls.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def mo_translations(path):
    """The msgstr strings of a .mo file, plural forms split, the header entry left out."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 28:
        return []
    magic = struct.unpack_from("<I", data)[0]
    if magic == 0x950412DE:
        order = "<"
    elif magic == 0xDE120495:
        order = ">"
    else:
        return []
    _revision, count, originals, translations = struct.unpack_from(order + "4I", data, 4)
    charset = "utf-8"
    strings = []
    for index in range(count):
        try:
            olength, ooffset = struct.unpack_from(order + "2I", data, originals + 8 * index)
            tlength, toffset = struct.unpack_from(order + "2I", data, translations + 8 * index)
        except struct.error:
            return strings
        msgid = data[ooffset : ooffset + olength]
        msgstr = data[toffset : toffset + tlength]
        if msgid == b"":
            # The header: "Content-Type: text/plain; charset=UTF-8" names the encoding.
            for line in msgstr.decode("ascii", "replace").splitlines():
                if line.lower().startswith("content-type:") and "charset=" in line:
                    charset = line.split("charset=", 1)[1].strip().split(";")[0] or "utf-8"
            continue
        strings.append(msgstr)
    decoded = []
    for msgstr in strings:
        for form in msgstr.split(b"\0"):
            try:
                decoded.append(form.decode(charset))
            except (UnicodeDecodeError, LookupError):
                pass
    return decoded


def license_paragraphs(path):
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    paragraph = []
    for line in text.split("\n") + [""]:
        if line.strip():
            paragraph.append(line.strip())
        elif paragraph:
            yield " ".join(paragraph)
            paragraph = []


def usable(text):
    return 1 <= len(text) <= MAX_CHARS and not CONTROL.search(text)


def collect():
    """{text: folder} for every usable text, the first folder (in sorted order) that has it."""
    found = {}
    catalogues = 0
    if os.path.isdir(LOCALE):
        for language in sorted(os.listdir(LOCALE)):
            folder = os.path.join(LOCALE, language, "LC_MESSAGES")
            if not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                if not name.endswith(".mo"):
                    continue
                catalogues += 1
                for text in mo_translations(os.path.join(folder, name)):
                    text = text.strip()
                    if usable(text):
                        found.setdefault(text, language)
    if os.path.isdir(LICENSES):
        for name in sorted(os.listdir(LICENSES)):
            path = os.path.join(LICENSES, name)
            if os.path.isfile(path):
                for text in license_paragraphs(path):
                    if usable(text):
                        found.setdefault(text, "common-licenses")
    return found, catalogues


def pango_escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    form = parser.add_mutually_exclusive_group(required=True)
    form.add_argument("--jsonl", action="store_true", help='{"text": …, "width": W, "fontSize": S} a line')
    form.add_argument("--pango", action="store_true", help="W<TAB>S<TAB>text a line (pango_measure.c)")
    parser.add_argument("-n", "--rows", type=int, default=100_000, help="rows to write (default 100000)")
    parser.add_argument("--width", type=int, default=304, help="the width of every row (default 304)")
    parser.add_argument("--font-size", type=int, default=16, help="the font size of every row (default 16)")
    args = parser.parse_args()
    if args.rows < 0:
        parser.error("--rows must be 0 or more")

    found, catalogues = collect()
    if not found:
        sys.exit(f"make-rows.py: no usable text under {LOCALE} or {LICENSES}")
    ordered = sorted(found, key=lambda text: (hashlib.sha1(text.encode("utf-8")).digest(), text))
    chosen = ordered[: args.rows]
    if len(ordered) < args.rows:
        print(
            f"make-rows.py: only {len(ordered):,} distinct rows exist; cycling them to make {args.rows:,}",
            file=sys.stderr,
        )

    out = sys.stdout.buffer
    lines = []
    for index in range(args.rows):
        text = chosen[index % len(chosen)]
        if args.jsonl:
            line = json.dumps({"text": text, "width": args.width, "fontSize": args.font_size}, ensure_ascii=False)
        else:
            line = f"{args.width}\t{args.font_size}\t{pango_escape(text)}"
        lines.append(line)
        if len(lines) == 4096:
            out.write(("\n".join(lines) + "\n").encode("utf-8"))
            lines = []
    if lines:
        out.write(("\n".join(lines) + "\n").encode("utf-8"))
    out.flush()

    languages = {found[text] for text in chosen}
    characters = sum(len(text) for text in chosen)
    print(
        f"make-rows.py: {args.rows:,} rows, {len(chosen):,} distinct (of {len(ordered):,} available), "
        f"from {len(languages)} languages (catalogue folders; {catalogues:,} catalogues read), "
        f"{characters / max(1, len(chosen)):.1f} characters a distinct row on average",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
