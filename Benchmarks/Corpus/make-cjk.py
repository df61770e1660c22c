#!/usr/bin/env python3
"""Japanese, Chinese and Korean UI strings from Debian's own translation catalogues.

    make-cjk.py > Benchmarks/Corpus/cjk.txt

Writes LANGUAGE<TAB>TEXT lines: 250 Japanese (ja), 200 Simplified Chinese (zh_CN), 100 Traditional
Chinese (zh_TW) and 200 Korean (ko) strings, from the .mo catalogues under /usr/share/locale of
the programs' user interfaces (the ISO code lists and PostgreSQL's server messages are left out).
A string is kept when, stripped, it has 2 to 60 characters, at least one Han, kana or Hangul
character and no control character (so no line breaks or tabs). The strings of each language are
deduplicated and sorted by a stable hash (SHA-1 of the UTF-8), and the first ones are written, so
the output is the same on machines with the same catalogues. The committed file is what the tests
use (Tests/MushTextTests/PangoComparisonTests.swift); the strings are the translators' work, under
the licences of the packages they come from. Standard library only.
"""

import hashlib
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_rows", os.path.join(HERE, "make-rows.py"))
make_rows = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_rows)

LOCALE = "/usr/share/locale"
COUNTS = [("ja", 250), ("zh_CN", 200), ("zh_TW", 100), ("ko", 200)]
CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
SKIPPED = re.compile(r"^(iso_|pg_|postgres|initdb|plpgsql|psql|libpq|pgscripts)")


def strings(language):
    folder = os.path.join(LOCALE, language, "LC_MESSAGES")
    found = set()
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if not name.endswith(".mo") or SKIPPED.match(name):
            continue
        for text in make_rows.mo_translations(os.path.join(folder, name)):
            text = text.strip()
            if 2 <= len(text) <= 60 and CJK.search(text) and not CONTROL.search(text):
                found.add(text)
    return sorted(found, key=lambda t: hashlib.sha1(t.encode("utf-8")).hexdigest())


def main():
    for language, count in COUNTS:
        chosen = strings(language)[:count]
        if len(chosen) < count:
            print(f"make-cjk.py: only {len(chosen)} strings for {language}", file=sys.stderr)
        for text in chosen:
            print(f"{language}\t{text}")


if __name__ == "__main__":
    main()
