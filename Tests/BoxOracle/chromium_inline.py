#!/usr/bin/env python3
"""Chromium as the oracle for inline objects: text paragraphs with boxes (icons, badges, images) inside lines.

    python3 Tests/BoxOracle/chromium_inline.py sample | python3 Tests/BoxOracle/chromium_inline.py layout
    python3 Tests/BoxOracle/chromium_inline.py layout cases.jsonl            # or - / no file: standard input
    python3 Tests/BoxOracle/chromium_inline.py layout cases.jsonl --html page.html   # the page, to look at

Input: JSON Lines, one case a line:

    {"name": "badge", "width": 200, "fontSize": 16, "fontFamily": "DejaVu Sans",
     "pieces": ["some text ", {"width": 20, "height": 15, "verticalAlign": "baseline",
                               "margin": [0, 2, 0, 2], "baseline": 12}, " more text"]}

    width          the paragraph's width in px, or null for its max-content width.
    fontSize       px (default 16); fontFamily (default "DejaVu Sans", the system's copy, the same
                   file as Fonts/DejaVuSans.ttf).
    direction      optional: "ltr" (default), "rtl" or "auto" (the paragraph's dir attribute).
    pieces         text (strings, concatenated) and objects. An object stands in the text as one
                   character, U+FFFC, for every offset below. Its keys:
        width, height    its border box (no border or padding), px.
        verticalAlign    baseline (default), middle, top, bottom, text-top, text-bottom, sub, super,
                         or a number: px raised above the baseline (CSS `vertical-align: Npx`).
        margin           [top, right, bottom, left] px (default 0; negative allowed).
        baseline         optional: the object's baseline is this many px below its border box's top
                         (>= 0; more than height is allowed). Without it the object is like an image:
                         its baseline is its bottom margin edge.

Output: one JSON line a case:

    {"name", "width", "height", "textAscent", "textDescent",
     "lines": [{"start", "end", "top", "bottom", "baseline", "contentTop", "contentBottom"}],
     "objects": [{"index", "line", "x", "y", "width", "height"}],
     "probes": {"sameLayout": true, "maxShiftX": 0, "lineFixes": 0}}

    width, height   the paragraph div's size (its height: all its line boxes).
    start, end      the line's range in Unicode scalars of the case's text: the text pieces
                    concatenated, each object one character (U+FFFC); end excluded. A line's
                    characters are all those on it, trailing (hanging) spaces and a newline that
                    ends it included.
    top, bottom     the line box (CSS 2 §10.8), y from the div's top: exact, read from empty
                    `font-size: 0` spans aligned `vertical-align: top` / `bottom` (see Probes).
    baseline        the line's baseline, y from the div's top (a `font-size: 0` span on the baseline).
    derived         true on a line no probe reached (see Probes), whose top and bottom come from
                    its neighbours and baseline from its newline's rectangle (absent otherwise).
    contentTop, contentBottom   the min top / max bottom of the line's character rectangles (each
                    the font's content area: baseline - textAscent to baseline + textDescent) and
                    of its objects' margin boxes. NOT the line box: with `line-height: normal` the
                    line box also holds the font's line gap and the strut.
    textAscent, textDescent     Chromium's content-area ascent and descent of the case's font, as it
                    used them: baseline minus the top of the first character's rectangle, and its
                    bottom minus the baseline (null without text). Chromium rounds both to whole
                    px (DejaVu Sans 16 px: 15 and 4, where the font says 14.85 and 3.77).
    objects         each object's margin box, x and y from the div's top left (the div has no
                    border or padding, so this is its content box), unrounded
                    (getBoundingClientRect, floats); index is the object's number (0-based), line
                    the index of its line.
    probes          the check that the probes (see below) changed nothing: sameLayout is true when
                    every character and object has the same y in both renders (so the same line
                    breaks), the div the same height, and the lines follow the text's order;
                    maxShiftX is the largest x difference between the renders (at most 1/64 px
                    seen: a probe splits a text item, whose width Chromium rounds to 1/64 px);
                    lineFixes counts objects whose probe disagreed with the line box holding them
                    (0 seen). Treat a case with sameLayout false as unreliable.

The page (one per batch): each case is a `<div>` with `width: Wpx` (or `width: max-content`),
`font: {fontSize}px '{fontFamily}'`, `line-height: normal`, `margin: 0; padding: 0`,
`white-space: pre-wrap` and `overflow-wrap: anywhere`:
  - pre-wrap: nothing collapses (the engine collapses no spaces; two spaces stay two spaces,
    a leading space stays), spaces at a soft wrap hang at the end of their line, `\\n` is a
    forced break; otherwise it breaks exactly like `white-space: normal` (the same break
    opportunities, UAX #14 plus CSS's rules). The only difference from a `normal` paragraph is
    spaces that `normal` would collapse (runs of spaces, leading spaces) and a trailing space at the
    paragraph's end, which `normal` removes and pre-wrap keeps (hanging).
  - overflow-wrap: anywhere: a word wider than the line is broken between graphemes (as the
    engine and Pango's WORD_CHAR do); where the word fits on a line of its own it is moved
    there whole, as without the property. (`break-word` breaks the same for a fixed width;
    `anywhere` also lets min-content widths break words, which no case here measures.)
An object is a `<span>` with `display: inline-block; width; height; vertical-align; margin` and
nothing inside (an empty inline-block's baseline is its bottom margin edge, as for an `<img>`).
With "baseline": B, it is `font-size: 0` and holds one empty `inline-block` of width 0 and height
B on the baseline: the object's only line box then has its baseline B below the object's top
(font-size 0 makes the strut empty, so a B smaller than the font's ascent still counts; the
object's own font does not enter its vertical-align, which uses the paragraph's font). Atomic
inlines give soft wrap opportunities before and after them (CSS Text 3 §5.1), as U+FFFC does.

Probes: the case is rendered twice. The first render, as described above, gives all the
geometry. The second adds probes: three empty `<span>`s of `font-size: 0`, aligned
`vertical-align: top`, `baseline` and `bottom`, each a zero-size inline box lying on the line box's
top, the baseline and the line box's bottom; zero height, they enlarge nothing, and an empty inline
box (not an atomic inline: an empty inline-block here would add break opportunities and change the
breaks) adds no break opportunity. They do split shaping, though: a probe between two letters
loses their kerning ("T|a" at 16 px: 2.66 px wider), which could move a break. So probes go only
where no letters of one line meet (details in `probe_places`): at the start, after every object
(but not between an object and a newline: with an overflowing object Chromium then moves the
newline to a line of its own), and after the last character but a newline of every line of text
(the first render's characters of one line share one rectangle top, being all in the
paragraph's font on one baseline). A probe after an item stays on that item's line at a soft
wrap (Chromium keeps an empty span with the line before the break); one after a newline is on
the next line. Each character's line is the line box that holds its rectangle; an object's,
that of the probe after it (checked against the box that holds it), or, followed by a newline,
the newline's; a character without a rectangle, the previous item's. A line no probe reaches (a newline alone on
its line after a soft wrap; a line of an object and a newline) gets as its box the room between
the neighbouring line boxes (they abut) and as its baseline its newline's rectangle top plus
the font's ascent; it is marked "derived".

Verified (Chromium 156): on 300 random paragraphs of words, Hebrew, punctuation and objects,
the same lines (ignoring where a space at a break is counted), heights and object positions with
`white-space: normal` as with pre-wrap, and with `overflow-wrap: break-word` as with anywhere;
on 2,800 random paragraphs (also newlines, rtl, margins, baselines, every vertical-align, sizes
10-24 px), the probes changed no layout (x by at most 1/64 px), and the lines cover the text,
abut, and hold their objects.

Runs Debian's headless Chromium (`chromium`, `chromium-driver`) through selenium, as
`chromium_oracle.py` does. Nothing here builds or runs Swift. Exit status 2 with one line on
standard error for bad input.
"""

import argparse
import html
import json
import math
import re
import sys

from chromium_driver import open_page

OBJECT = "\ufffc"
VERTICAL_ALIGN = {"baseline", "middle", "top", "bottom", "text-top", "text-bottom", "sub", "super"}
# Beyond this (px), two y values are different (Chromium's layout units are 1/64 px).
EPSILON = 1e-3


def _fail(message):
    print(f"chromium_inline: {message}", file=sys.stderr)
    sys.exit(2)


def _number(value, where, *, low=None):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        _fail(f"{where}: expected a number")
    if low is not None and value < low:
        _fail(f"{where}: must be >= {low}")
    return float(value)


def _px(value):
    return f"{float(value)!r}px"


def check_case(case, where):
    """The case with its defaults filled in, or exit status 2."""
    if not isinstance(case, dict):
        _fail(f"{where}: expected an object")
    out = dict(case)
    out.setdefault("name", where)
    width = case.get("width")
    if width is not None:
        _number(width, f"{where}: width", low=0)
    out["fontSize"] = _number(case.get("fontSize", 16), f"{where}: fontSize", low=0)
    family = case.get("fontFamily", "DejaVu Sans")
    if not isinstance(family, str) or re.search(r"[\"'<>;\\]", family):
        _fail(f"{where}: fontFamily: expected a family name without quotes, <, >, ; or backslash")
    out["fontFamily"] = family
    if case.get("direction", "ltr") not in ("ltr", "rtl", "auto"):
        _fail(f"{where}: direction: expected ltr, rtl or auto")
    pieces = case.get("pieces")
    if not isinstance(pieces, list):
        _fail(f"{where}: pieces: expected a list")
    for index, piece in enumerate(pieces):
        here = f"{where}: pieces[{index}]"
        if isinstance(piece, str):
            continue
        if not isinstance(piece, dict):
            _fail(f"{here}: expected a string or an object")
        for key in piece:
            if key not in ("width", "height", "verticalAlign", "margin", "baseline"):
                _fail(f"{here}.{key}: unknown key")
        _number(piece.get("width"), f"{here}.width", low=0)
        _number(piece.get("height"), f"{here}.height", low=0)
        align = piece.get("verticalAlign", "baseline")
        if isinstance(align, str):
            if align not in VERTICAL_ALIGN:
                _fail(f"{here}.verticalAlign: expected one of {sorted(VERTICAL_ALIGN)} or a number")
        else:
            _number(align, f"{here}.verticalAlign")
        margin = piece.get("margin", [0, 0, 0, 0])
        if not isinstance(margin, list) or len(margin) != 4:
            _fail(f"{here}.margin: expected [top, right, bottom, left]")
        for side in margin:
            _number(side, f"{here}.margin")
        if "baseline" in piece:
            _number(piece["baseline"], f"{here}.baseline", low=0)
    return out


def case_text(case):
    """The case's text: the pieces concatenated, each object U+FFFC."""
    return "".join(piece if isinstance(piece, str) else OBJECT for piece in case["pieces"])


PROBE = '<span class="pt"></span><span class="pb"></span><span class="pd"></span>'


def object_html(piece):
    align = piece.get("verticalAlign", "baseline")
    align = align if isinstance(align, str) else _px(align)
    margin = " ".join(_px(side) for side in piece.get("margin", [0, 0, 0, 0]))
    style = (f"display: inline-block; width: {_px(piece['width'])}; height: {_px(piece['height'])}; "
             f"vertical-align: {align}; margin: {margin}")
    if "baseline" not in piece:
        return f'<span class="obj" style="{style}"></span>'
    strut = f'display: inline-block; width: 0; height: {_px(piece["baseline"])}; vertical-align: baseline'
    return f'<span class="obj" style="{style}; font-size: 0"><span style="{strut}"></span></span>'


def case_html(case, probes_after=None):
    """The case's div. With probes_after (a set of offsets; -1 for the start), a probe (three
    spans) after each of those characters and objects."""
    width = "max-content" if case.get("width") is None else _px(case["width"])
    style = (f"width: {width}; font: {_px(case['fontSize'])} '{case['fontFamily']}'; "
             "line-height: normal; margin: 0; padding: 0; border: 0; "
             "white-space: pre-wrap; overflow-wrap: anywhere")
    after = probes_after or set()
    inner = [PROBE] if -1 in after else []
    offset = 0
    for piece in case["pieces"]:
        if isinstance(piece, str):
            chunk = []
            for char in piece:
                chunk.append(char)
                if offset in after:
                    inner.append(html.escape("".join(chunk), quote=False) + PROBE)
                    chunk = []
                offset += 1
            inner.append(html.escape("".join(chunk), quote=False))
        else:
            inner.append(object_html(piece) + (PROBE if offset in after else ""))
            offset += 1
    direction = case.get("direction", "ltr")
    return f'<div class="case" dir="{direction}" style="{style}">{"".join(inner)}</div>'


STYLE = """body { margin: 0; padding: 0; }
.case { display: block; box-sizing: content-box; }
.pt, .pb, .pd { font-size: 0; }
.pt { vertical-align: top; }
.pb { vertical-align: baseline; }
.pd { vertical-align: bottom; }"""

PAGE = f"""<!DOCTYPE html><html><head><meta charset="utf-8"><style>
{STYLE}
</style></head><body></body></html>"""

# Per case: the div's size and its content in order, as tokens: ["i", RECT] for a character or an
# object (RECT relative to the div's top left, null when it has none, like a newline), ["p", TOP,
# BASELINE, BOTTOM] for a probe.
READ = """
document.body.innerHTML = arguments[0];
const out = [];
for (const div of document.querySelectorAll('.case')) {
  const box = div.getBoundingClientRect();
  const rect = r => [r.left - box.left, r.top - box.top, r.width, r.height];
  const tokens = [];
  let probe = null;
  for (const node of div.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      let i = 0;
      for (const ch of node.data) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + ch.length);
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0 || r.height > 0);
        tokens.push(['i', rects.length ? rect(rects[0]) : null]);
        i += ch.length;
      }
    } else if (node.classList.contains('obj')) {
      tokens.push(['i', rect(node.getBoundingClientRect())]);
    } else {
      const y = node.getBoundingClientRect().top - box.top;
      if (node.classList.contains('pt')) probe = ['p', y];
      else if (node.classList.contains('pb')) probe.push(y);
      else if (node.classList.contains('pd')) { probe.push(y); tokens.push(probe); }
    }
  }
  out.push({width: box.width, height: box.height, tokens: tokens});
}
document.body.innerHTML = '';
return out;
"""


class Browser:
    """One headless Chromium, kept for as many batches as asked (`with Browser() as browser`)."""

    def __enter__(self):
        self.driver = open_page(PAGE)
        return self

    def __exit__(self, *error):
        self.driver.quit()

    def layout(self, cases, batch_size=200):
        out = []
        for first in range(0, len(cases), batch_size):
            batch = cases[first:first + batch_size]
            plain = self.driver.execute_script(READ, "".join(case_html(case) for case in batch))
            places = [probe_places(case, render) for case, render in zip(batch, plain)]
            probed = self.driver.execute_script(READ, "".join(case_html(case, after)
                                                              for case, after in zip(batch, places)))
            out.extend(result(case, a, b) for case, a, b in zip(batch, plain, probed))
        return out


def _is_text(char, rect):
    """A character with a rectangle of the paragraph's font (its content area)."""
    return char not in (OBJECT, "\n") and rect is not None and rect[3] > 0


def probe_places(case, plain):
    """Where the second render puts its probes (offsets after which; -1: the start), so that each
    line gets one and none changes the layout:
      - the start;
      - after every object, except one followed by a newline (a span between an overflowing
        object and a newline makes Chromium put the newline on a line of its own);
      - for every line of text (its characters, all in the paragraph's font on one baseline,
        share one rectangle top): after its last character that is not a newline; on a line of
        nothing but a newline, after the newline before it (a span after a forced break is on
        the next line), or none where a soft wrap comes before it (see "derived").
    There a probe never stands between two letters of a line, so it changes no shaping."""
    text = case_text(case)
    rects = [token[1] for token in plain["tokens"]]
    groups = {}
    for offset, char in enumerate(text):
        rect = rects[offset]
        if char != OBJECT and rect is not None and rect[3] > 0:
            groups.setdefault(round(rect[1] / EPSILON), []).append(offset)
    places = {-1} | {offset for offset, char in enumerate(text)
                     if char == OBJECT and text[offset + 1:offset + 2] != "\n"}
    for offsets in groups.values():
        letters = [offset for offset in offsets if text[offset] != "\n"]
        if letters:
            places.add(letters[-1])
        elif offsets[-1] == 0 or text[offsets[-1] - 1] == "\n":
            places.add(offsets[-1] - 1)
    return places


def result(case, plain, probed):
    """The case's output line from its two renders (without and with probes)."""
    name = case["name"]
    text = case_text(case)
    items = [token[1] for token in plain["tokens"]]
    probe_items, probe_after = [], {}
    for token in probed["tokens"]:
        if token[0] == "i":
            probe_items.append(token[1])
        else:
            probe_after[len(probe_items) - 1] = tuple(token[1:])
    if len(items) != len(text) or len(probe_items) != len(text):
        _fail(f"{name}: {len(text)} characters, but the page has {len(items)} and {len(probe_items)}")

    # The margin box of each object (offset -> x, y, width, height), in each render.
    margins = iter([piece.get("margin", [0, 0, 0, 0]) for piece in case["pieces"] if not isinstance(piece, str)])
    object_offsets = [offset for offset, char in enumerate(text) if char == OBJECT]
    boxes_of = ({}, {})
    for offset in object_offsets:
        top, right, bottom, left = next(margins)
        for render, rects in enumerate((items, probe_items)):
            x, y, width, height = rects[offset]
            boxes_of[render][offset] = (x - left, y - top, width + left + right, height + top + bottom)

    def extent(render, offset):
        """The item's vertical extent (top, bottom) in a render, None without a rectangle."""
        if offset in boxes_of[render]:
            _, y, _, height = boxes_of[render][offset]
            return y, y + height
        rect = (items, probe_items)[render][offset]
        if rect is None or (rect[2] == 0 and rect[3] == 0):
            return None
        return rect[1], rect[1] + rect[3]

    # Did the probes change the layout? Every item's y (so every break) and the height must be the same.
    same = abs(plain["height"] - probed["height"]) < EPSILON
    shift = 0.0
    for offset in range(len(text)):
        a, b = extent(0, offset), extent(1, offset)
        if (a is None) != (b is None) or (a is not None and abs(a[0] - b[0]) >= EPSILON):
            same = False
        if a is not None and b is not None:
            shift = max(shift, abs(items[offset][0] - probe_items[offset][0]))

    # The line boxes: the distinct (top, baseline, bottom) of the probes, top to bottom.
    boxes = []
    for probe in probe_after.values():
        if not any(abs(probe[0] - box[0]) < EPSILON for box in boxes):
            boxes.append(probe)
    boxes.sort()

    def inside(where, n):
        return where[0] >= boxes[n][0] - EPSILON and where[1] <= boxes[n][2] + EPSILON

    # A line no probe reached (one that holds nothing but a newline, after a soft wrap: a probe
    # before the newline stays on the line before, one after it goes to the next): its box is
    # the room between its neighbours' boxes (line boxes abut), its baseline the newline's
    # rectangle top + the font's ascent as measured on a probed line (None without one).
    text_ascent = None
    for offset, char in enumerate(text):
        where = extent(1, offset)
        if char != OBJECT and where is not None and where[1] > where[0]:
            holder = [n for n in range(len(boxes)) if inside(where, n)]
            if holder:
                text_ascent = boxes[holder[0]][1] - where[0]
                break
    derived = set()
    for offset, char in enumerate(text):
        where = extent(1, offset)
        if where is None or char == OBJECT or any(inside(where, n) for n in range(len(boxes))):
            continue
        top = max([box[2] for box in boxes if box[2] <= where[0] + EPSILON], default=0.0)
        bottom = min([box[0] for box in boxes if box[0] >= where[1] - EPSILON], default=probed["height"])
        baseline = None if text_ascent is None else where[0] + text_ascent
        derived.add((top, baseline, bottom))
        boxes = sorted(boxes + [(top, baseline, bottom)], key=lambda box: box[0])

    # Each item's line: a character's, the line box that holds its rectangle; an object's, that of
    # the probe after it (an empty span at a soft wrap stays on the earlier line), checked against
    # the box that holds it; a character without a rectangle (a newline), the previous item's.
    line_of, fixes = [], 0
    for offset, char in enumerate(text):
        where = extent(1, offset)
        holders = [] if where is None else [n for n in range(len(boxes)) if inside(where, n)]
        if char == OBJECT and offset in probe_after:
            probe = probe_after[offset]
            line = next(n for n, box in enumerate(boxes) if abs(probe[0] - box[0]) < EPSILON)
            if line not in holders and holders:
                fixes += 1
                line = holders[0]
        elif char == OBJECT:
            line = None  # an object followed by a newline: on the newline's line (below)
        elif holders:
            line = holders[0]
        else:
            line = line_of[-1] if line_of else 0
        line_of.append(line)
    for offset in reversed(range(len(text))):
        if line_of[offset] is None:
            line_of[offset] = line_of[offset + 1] if offset + 1 < len(text) else (line_of[offset - 1] if offset else 0)
    if line_of != sorted(line_of):
        same = False  # lines out of text order: should not happen

    used = sorted(set(line_of))
    lines = []
    for n in used:
        top, baseline, bottom = boxes[n]
        offsets = [offset for offset, line in enumerate(line_of) if line == n]
        extents = [e for e in (extent(0, offset) for offset in offsets) if e is not None]
        lines.append({"start": offsets[0], "end": offsets[-1] + 1, "top": top, "bottom": bottom,
                      "baseline": baseline,
                      "contentTop": min((e[0] for e in extents), default=None),
                      "contentBottom": max((e[1] for e in extents), default=None)})
        if boxes[n] in derived:
            lines[-1]["derived"] = True

    ascent = descent = None
    for offset, char in enumerate(text):
        if _is_text(char, items[offset]):
            baseline = boxes[line_of[offset]][1]
            top, bottom = extent(0, offset)
            ascent, descent = baseline - top, bottom - baseline
            break

    objects = []
    for index, offset in enumerate(object_offsets):
        x, y, width, height = boxes_of[0][offset]
        objects.append({"index": index, "line": used.index(line_of[offset]), "x": x, "y": y,
                        "width": width, "height": height})
    return {"name": name, "width": plain["width"], "height": plain["height"],
            "textAscent": ascent, "textDescent": descent, "lines": lines, "objects": objects,
            "probes": {"sameLayout": same, "maxShiftX": shift, "lineFixes": fixes}}


def read_cases(stream):
    cases = []
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as error:
            _fail(f"line {number}: not JSON ({error})")
        cases.append(check_case(case, f"line {number}"))
    return cases


def write_html(cases, path):
    """The page of the cases (without probes) with their names, to open in a browser."""
    body = "".join(f'<p style="margin: 12px 0 2px; font: 11px monospace; color: #666">'
                   f'{html.escape(case["name"])}</p>' + case_html(case)
                   for case in cases)
    look = ".case { outline: 1px solid #ccc; } .obj { background: rgba(255, 120, 0, 0.5); }"
    page = PAGE.replace("<body></body>", f"<body>{body}</body>").replace("</style>", look + "\n</style>")
    with open(path, "w", encoding="utf-8") as file:
        file.write(page)


# ---------------------------------------------------------------------------------------------
# Built-in sample

def _sample():
    def obj(width, height, align="baseline", **more):
        return dict({"width": width, "height": height, "verticalAlign": align}, **more)

    def case(name, pieces, width=300, **more):
        return dict({"name": name, "width": width, "fontSize": 16, "fontFamily": "DejaVu Sans",
                     "pieces": pieces}, **more)

    cases = [case("text-only", ["Hxg text only"])]
    # Small objects (height 2) don't enlarge the line box, so their y shows each alignment's rule.
    for align in ["baseline", "middle", "top", "bottom", "text-top", "text-bottom", "sub", "super", 5, -3]:
        cases.append(case(f"align-{align}", ["Hxg ", obj(10, 2, align), " Hxg"]))
    cases += [
        case("tall-baseline", ["Tall ", obj(20, 40), " object"]),
        case("tall-middle", ["Tall ", obj(20, 40, "middle"), " middle"]),
        case("tall-top-and-bottom", ["a ", obj(10, 40, "top"), " b ", obj(10, 30, "bottom"), " c"]),
        case("baseline-12", ["Base ", obj(20, 15, baseline=12), " line"]),
        case("baseline-3-margins", ["Base ", obj(20, 15, baseline=3, margin=[2, 4, 6, 8]), " line"]),
        case("margins-middle", ["m ", obj(20, 10, "middle", margin=[5, 3, 1, 3]), " m"]),
        case("wider-than-width", ["Wide ", obj(150, 20), " object here"], width=100),
        case("hebrew-rtl", ["שלום ", obj(20, 15), " עולם וגם עוד מילים"], width=120, direction="rtl"),
        case("hebrew-in-ltr", ["שלום ", obj(20, 15), " עולם"], width=200),
        # Widths where the object fits at the end of the line and what follows it does not:
        # Chromium breaks before and after an object whatever its neighbours (CSS Text 3 §5.1).
        case("before-paren-period", ["ab (", obj(40, 10), ")."], width=75),
        case("before-comma", ["ab ", obj(40, 10), ", cd"], width=68),
        case("before-period", ["ab ", obj(40, 10), ". cd"], width=68),
        case("after-paren", ["ab (", obj(40, 10), ")."], width=45),
        case("between-letters", ["abc", obj(40, 10), "def"], width=67),
        case("after-nbsp", ["ab\u00a0", obj(40, 10), " cd"], width=60),
        case("two-lines", ["Hello ", obj(20, 15), " world ", obj(30, 10, "middle"),
                           " again and more words here"], width=200),
        case("max-content", ["No ", obj(20, 15), " wrapping at all ", obj(8, 8, "super")], width=None),
        case("long-word", ["Supercalifragilisticexpialidocious ", obj(20, 15), " x"], width=100),
        case("spaces", ["  two  spaces ", obj(10, 10), "  ", obj(10, 10), " end "], width=90),
    ]
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("layout", help="lay cases out in Chromium (JSON Lines in, JSON Lines out)")
    run.add_argument("file", nargs="?", default="-", help="a JSON Lines file of cases (default: - , standard input)")
    run.add_argument("--html", help="also write the page (without probes) to this file")
    sub.add_parser("sample", help="print the built-in sample cases")
    arguments = parser.parse_args()
    if arguments.command == "sample":
        for case in _sample():
            print(json.dumps(case, ensure_ascii=False))
        return
    stream = sys.stdin if arguments.file == "-" else open(arguments.file, encoding="utf-8")
    cases = read_cases(stream)
    if arguments.html:
        write_html(cases, arguments.html)
    with Browser() as browser:
        for line in browser.layout(cases):
            print(json.dumps(line, ensure_ascii=False))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(0)
