#!/usr/bin/env python3
"""Taffy as an oracle for `mush layout` (the box engine of Spec box.md).

Needs Python 3.11 with `stretchable` 1.1.8 (Python bindings of Taffy 0.7.7); nothing else.
The script drives Taffy through stretchable's native module (`stretchable.taffylib`) directly,
one Taffy tree per case, so that every node's layout is read back whatever its position (the
`stretchable.Node` wrapper skips the children of boxes it considers invisible).

Cases are JSON Lines in the format of Tests' box fixtures (Tests/MushBoxTests/Fixtures/README.md):

    {"name": ..., "width": W, "height": H, "rounding": true|false, "tree": {...}, "expected": {...}}

`width`/`height` are the root's available space (a number, "max-content" -- the default -- or
"min-content"), `rounding: false` is `mush layout --exact`; `tree` is a node of the contract
(camelCase style keys, `children`, optional `id`), `expected` has, for every node in input order,
`x`, `y` (relative to the parent's border box), `width`, `height` and `children`.

Subcommands:

    taffy_oracle.py generate --seed S --count N [--first K]
        Print N random cases (names random-S-K .. random-S-(K+N-1)), without `expected`.
        Case i depends only on (S, i): regenerate one case alone with --first i --count 1.
        Trees: up to 30 nodes, depth up to 4, up to 6 children a node, pure boxes, ltr, flex
        containers with every style key of the contract that Taffy has but the grid keys (values
        whole or .5 points in 0-300, "N%", "auto"; random grid trees are random_grid.py's, the
        `--grid` sample of chromium_oracle.py, which `layout FILE` takes too); the root gets no
        item keys (margin, inset, position, alignSelf, flexGrow, flexShrink, flexBasis, display),
        which the spec gives no meaning on a root (Taffy ignores them there). Root available space: a number (55%), "min-content" (10%), "max-content".
        rounding: true in 70% of the cases.

    taffy_oracle.py layout [FILE|-] [--exact] [--taffy-root]
    taffy_oracle.py layout --generate --seed S --count N [--first K]
        Read cases (JSON Lines; FILE, or standard input when absent or "-"), or generate them
        in the same process, and print each case back with `expected` computed by Taffy
        (any `expected` already there is replaced). `--with-generate` is an alias of `--generate`.
        A root of auto width is laid out as the engine and a browser lay out an absolutely
        positioned box: its fit-content width found first (Taffy's max- and min-content widths
        of it), then the tree laid out at that width (see _root_fit_width); `--taffy-root` gives
        Taffy's own one-pass root instead.
        A case where Taffy's answer is doubtful also gets `"suspect": ["PATH: REASON", ...]`:
        `negative-size` (Taffy gave a negative width or height: a Taffy bug for certain),
        `size-depends-on-children-flex-grow` (a container's main size changes when the case is
        laid out again with its items' flexGrow at 0, which browsers do not do), and the shapes
        of the browser fixtures Taffy gets wrong (abspos-static-position-in-reverse-container,
        abspos-auto-margin-without-insets, baseline-with-reverse, auto-margin-with-gap,
        wrap-under-max-size-without-size, percent-in-auto-width-abspos), and shapes where
        Taffy's code departs from the spec (column-basis-hides-margins,
        abspos-auto-margin-with-insets, intrinsic-item-floored-by-container-inset,
        intrinsic-shrink-fraction, intrinsic-growing-item-ignores-size,
        flex-factors-below-one-beside-clamped-item, percent-padding-in-cross-measure,
        baseline-of-container-with-offset-first-item, size-below-padding-border,
        content-width-item-measured-before-percentages), and root-width-left-to-taffy and
        root-aspect-ratio-from-unclamped-size. The shapes are flexbox's: a grid container is not
        looked at as a flex container, nor its items as flex items (a grid tree gets the general
        flags only: negative-size, size-below-padding-border, percent-in-auto-width-abspos and
        the root's; no rule is known yet for Taffy's grid bugs, so that for grid trees a
        difference without a flag is no sign that the engine is wrong: Chromium decides, through
        chromium_oracle.py). On the flex fixtures these flag all 18 failing cases and 10 of the
        488 passing ones. A mismatch with Taffy in
        a suspect case is to be judged by hand; in any other case it is most likely the engine's.
        Example (what the Swift test runs):
            python3 Tests/BoxOracle/taffy_oracle.py layout --generate --seed 7 --count 300

    taffy_oracle.py check-fixtures FILE [--variants border_box_ltr,content_box_ltr]
                                        [--tolerance 0.1] [--details]
        Lay out the fixture cases of the given variants with Taffy and compare with their
        (browser) `expected`: a case passes when every x, y, width and height is within the
        tolerance. Prints a summary, how the `suspect` flags fall on passing and failing cases,
        and the failing names (--details: the first difference of each, and its flags).
        Exit status 0 whatever the count (the differences are known Taffy-vs-browser ones).
        Cases Taffy cannot take (see below) are counted "not run", with the reason. Also for
        Fixtures/grid.jsonl: 346 of the 430 ltr cases pass, 38 fail (19 fixtures, all added to
        Taffy's suite after 0.7.7, for bugs fixed since), 46 not run (28 hold rtl nodes, 18 go
        past the engine's 10,000-track limits); all 176 cases of the fixtures Taffy 0.7.7's own
        suite has pass.

    taffy_oracle.py keys
        The style keys the oracle reads, as a sorted JSON array (a test holds it to the engine's
        table, BoxRequest.styleKeys).

Bad input (unknown keys, wrong types, negative sizes, NaN/infinite numbers, grid values the
engine's parsers refuse: bad syntax, line numbers past +-10000, spans or repetitions past 10000,
lists of more than 10000 tracks), and what Taffy cannot take (text/line/image leaves, `direction:
rtl`, a grid item placed by a line or area name, areas beyond the templates that Taffy's tracks
cannot stand for, a grid Taffy 0.7.7 fails on): one line on standard error naming the case and
the JSON path (`children[2].children[0].width: ...`), exit status 2. What Taffy cannot take is an
`Unsupported` error, a kind of InputError, its message ending "not supported by Taffy 0.7.7"
(chromium_oracle.py catches InputError to count the cases Taffy does not take).

Mapping (contract -> Taffy 0.7.7 style): percentages "N%" -> Percent(N/100); "auto" -> Auto
(for max sizes Auto means none); `margin`/`padding`/`border`/`inset` take one value or an object
of some of top/right/bottom/left, the others 0 (inset: auto); `gap` sets both gaps, `rowGap`/
`columnGap` override (Taffy's gap is {width: column gap, height: row gap}); `overflow` sets both
axes and the scroll bar width is 0 (scroll bars take no room, as the spec says); `alignSelf:
auto` and absent alignment keys are Taffy's None (CSS `normal`; `normal` said is read so too for
justifyContent, alignContent, alignItems and justifyItems); `direction: ltr` is accepted and
ignored.

Grid: the values are read in the engine's CSS syntax (Sources/MushBox/Style/Grid*.swift) and
checked as the engine checks them. `display: grid`; gridTemplateColumns/Rows as Taffy track lists
(lengths `40px` or `40`, `N%`, `Nfr` as minmax(auto, Nfr), auto, min-content, max-content,
fit-content(L) as minmax(auto, fit-content(L)), minmax(A, B), repeat(N, ...), repeat(auto-fill,
...), repeat(auto-fit, ...); `none` or no key: no explicit track, where stretchable's own Style
would give one auto track); line names `[a b]` are labels, dropped; gridAutoColumns/Rows as
Taffy's auto tracks (taken in turn); gridAutoFlow row, column, dense, row dense, column dense;
placements as Taffy's GridPlacement (line N, negative too, `span N`, auto): the shorthands gridArea
(ROW-START / COLUMN-START / ROW-END / COLUMN-END, a missing one auto or the name of the opposite
one), gridColumn and gridRow (START / END) first, the longhands over them, as the engine reads
them; justifyItems and justifySelf (`auto`: None) as alignItems and alignSelf. gridTemplateAreas
is checked (quoted rows or an array of rows; rectangles); its names only a named placement uses
(refused), and where it spans more tracks than a template, the extra tracks, explicit and sized
by gridAuto* (css-grid-1 §7.2), are appended to the template (refused where gridAuto* holds
several sizes or the template an automatic repetition). Placement keys of a node that is no grid
item, and template keys of a node that is no grid, are checked and mean nothing.
The same layouts written the way Taffy 0.7.7 gets right, where its code has bugs (fixed since):
a grid without children gets a hidden child (display: none, not read back), because Taffy's tree
lays any childless node out as a leaf, where the tracks would count for nothing; hidden children
of a grid are placed `span 0`, which keeps them out of Taffy's grid size estimate (which counts
every child: a hidden one would make tracks); repeat(N, ...) beside an automatic repetition is
written out track by track (Taffy miscounts the automatic repetition's tracks otherwise); an
in-flow item's auto start beside a definite end line is written `span 1`, its meaning (Taffy's
estimate misses the negative implicit track an end at line 1 needs, and panics).
A tree holding a grid is laid out in a forked child process, within 10 s and 1 GiB more: Taffy
0.7.7's grid code still panics on rare valid grids (an absolutely positioned item ending before
the grid's first line...; about 1 in 1,500 random_grid.py trees, 1 in 16 before the rewrites
above), which aborts the process (stretchable's module does not unwind), or loops allocating;
such a case is refused ("Taffy 0.7.7 failed on this grid (it panicked: ...)"). Flex trees are
laid out in process, as before.
Results are Taffy's: a display:none node and its subtree get zero frames at (0, 0).
Numbers are printed rounded to 4 decimals (Taffy computes in f32), whole numbers as integers.
"""

import argparse
import json
import math
import os
import random
import signal
import sys
import tempfile

from random_values import edge_value as _edge_value, edges as _edges_value, half as _half, size as _size

try:
    import resource
except ImportError:  # pragma: no cover (not POSIX: no fork either, so no guard)
    resource = None

try:
    from stretchable import taffylib
    from stretchable.style import Style as _Style
except ImportError as error:  # pragma: no cover
    sys.stderr.write(f"taffy_oracle: needs the stretchable package (Taffy bindings): {error}\n")
    sys.exit(1)

NAN = float("nan")

# stretchable's dimension codes (stretchable.style.geometry.length.Scale).
DIM_AUTO, DIM_POINTS, DIM_PERCENT, DIM_MIN_CONTENT, DIM_MAX_CONTENT = 0, 1, 2, 3, 4


def _plain(value):
    """The style dictionary with enums as plain ints (what the native module reads)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    return value


# Every key the native node_create wants, with Taffy's defaults. stretchable's Style gives a node
# one explicit `auto` row and column (its converters turn "none" into [auto]); Taffy's default,
# and CSS's, is no explicit track (`none`), and implicit tracks sized `auto`.
BASE_STYLE = dict(_plain(_Style().to_dict()), grid_template_rows=[], grid_template_columns=[],
                  grid_auto_rows=[], grid_auto_columns=[])

# Enumerations, as stretchable numbers them (stretchable.style.props).
DISPLAY = {"flex": 1, "none": 0, "grid": 2}
POSITION = {"relative": 0, "absolute": 1}
BOX_SIZING = {"border-box": 0, "content-box": 1}
OVERFLOW = {"visible": 0, "hidden": 1, "scroll": 2, "clip": 3}
FLEX_DIRECTION = {"row": 0, "column": 1, "row-reverse": 2, "column-reverse": 3}
FLEX_WRAP = {"nowrap": 0, "wrap": 1, "wrap-reverse": 2}
ALIGN_ITEMS = {"start": 0, "end": 1, "flex-start": 2, "flex-end": 3, "center": 4,
               "baseline": 5, "stretch": 6}
ALIGN_SELF = dict(ALIGN_ITEMS, auto=None)
CONTENT = {"start": 0, "end": 1, "flex-start": 2, "flex-end": 3, "center": 4, "stretch": 5,
           "space-between": 6, "space-evenly": 7, "space-around": 8}
ALIGN_CONTENT = CONTENT
JUSTIFY_CONTENT = CONTENT
# What the keys read: the tables above (which the random flex trees draw from) and `normal`, the
# initial value the engine also takes by name, Taffy's None. justifyItems/justifySelf take the
# item alignments as alignItems/alignSelf do (stretchable numbers JustifyItems alike).
READ_ALIGN_ITEMS = dict(ALIGN_ITEMS, normal=None)
READ_CONTENT = dict(CONTENT, normal=None)
EDGES = ("top", "right", "bottom", "left")

STYLE_KEYS = {
    "display", "position", "direction", "boxSizing", "flexDirection", "flexWrap", "flexGrow",
    "flexShrink", "flexBasis", "justifyContent", "alignItems", "alignSelf", "alignContent",
    "width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "aspectRatio",
    "margin", "padding", "border", "inset", "gap", "rowGap", "columnGap", "overflow",
    # Page breaks: read and checked, and nothing to a layout (pages only).
    "breakBefore", "breakAfter", "breakInside", "repeat",
    # CSS Grid (see "Grid" below; named lines and areas Taffy 0.7.7 does not have).
    "justifyItems", "justifySelf", "gridTemplateColumns", "gridTemplateRows", "gridTemplateAreas",
    "gridAutoColumns", "gridAutoRows", "gridAutoFlow", "gridColumnStart", "gridColumnEnd",
    "gridRowStart", "gridRowEnd", "gridColumn", "gridRow", "gridArea",
}
# The placement keys: read together, after the loop over a node's keys (shorthands first, then
# the longhands over them, as the engine reads them, whatever the order of the JSON keys).
PLACEMENT_KEYS = ("gridArea", "gridColumn", "gridRow", "gridColumnStart", "gridColumnEnd",
                  "gridRowStart", "gridRowEnd")
BREAKS = {"breakBefore": {k: k for k in ("auto", "page", "avoid")},
          "breakAfter": {k: k for k in ("auto", "page", "avoid")},
          "breakInside": {k: k for k in ("auto", "avoid")},
          "repeat": {k: k for k in ("none", "header", "footer")}}
LEAF_KEYS = {"text", "line", "image"}


class InputError(Exception):
    """Bad input; the message starts with the JSON path."""


class Unsupported(InputError):
    """Good input that Taffy 0.7.7 (through stretchable) cannot express: right to left, named grid
    lines, grid areas. An InputError, so that every caller refuses such a case as it refuses bad
    input; the message says "not supported by Taffy 0.7.7"."""


# ---------------------------------------------------------------------------------------------
# Contract JSON -> Taffy style


def _join(path, key):
    return f"{path}.{key}" if path else key


def _number(path, value, *, negative=False):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(f"{path}: expected a number, got {json.dumps(value)}")
    if not math.isfinite(value):
        raise InputError(f"{path}: not a finite number")
    if value < 0 and not negative:
        raise InputError(f"{path}: must not be negative ({value})")
    return float(value)


def _length(path, value, *, auto, negative=False):
    """A number (points), "N%" or (when allowed) "auto", as a stretchable length dict."""
    if isinstance(value, str):
        if value == "auto":
            if not auto:
                raise InputError(f"{path}: \"auto\" is not allowed here")
            return {"dim": DIM_AUTO, "value": NAN}
        if value.endswith("%"):
            try:
                number = float(value[:-1])
            except ValueError:
                raise InputError(f"{path}: not a length: {json.dumps(value)}") from None
            if not math.isfinite(number):
                raise InputError(f"{path}: not a finite percentage")
            if number < 0 and not negative:
                raise InputError(f"{path}: must not be negative ({value})")
            return {"dim": DIM_PERCENT, "value": number / 100.0}
        raise InputError(f"{path}: not a length: {json.dumps(value)}")
    return {"dim": DIM_POINTS, "value": _number(path, value, negative=negative)}


def _edges(path, value, *, auto, negative, default):
    if isinstance(value, dict):
        for key in value:
            if key not in EDGES:
                raise InputError(f"{_join(path, key)}: unknown edge (top, right, bottom, left)")
        return {edge: (_length(_join(path, edge), value[edge], auto=auto, negative=negative)
                       if edge in value else dict(default)) for edge in EDGES}
    one = _length(path, value, auto=auto, negative=negative)
    return {edge: dict(one) for edge in EDGES}


def _keyword(path, value, table):
    if not isinstance(value, str) or value not in table:
        raise InputError(f"{path}: expected one of {', '.join(table)}, got {json.dumps(value)}")
    return table[value]


ZERO = {"dim": DIM_POINTS, "value": 0.0}
AUTO = {"dim": DIM_AUTO, "value": NAN}


# ---------------------------------------------------------------------------------------------
# Grid: the engine's CSS syntax (Sources/MushBox/Style/GridTracks.swift, GridPlacement.swift,
# GridTokens.swift) read and checked as the engine reads it, into stretchable's grid dictionaries.
# Taffy 0.7.7 has track lists with repeat(N, ...), repeat(auto-fill, ...) and repeat(auto-fit, ...),
# implicit tracks, the auto-flow, line numbers (negative too) and spans; it has no line names and
# no areas (both came in later Taffy releases). Names in a track list are labels, dropped; a case
# is refused as unsupported where a grid item's placement names a line or an area, or where a
# grid's areas span more tracks than its templates (that extends the explicit grid).

GRID_LIMIT = 10_000  # the engine's: line numbers, spans, repetitions, tracks in a list
GRID_RESERVED = {"span", "auto", "inherit", "initial", "unset", "default"}
# stretchable's track dimension codes (stretchable.style.geometry.length.Scale).
DIM_FIT_CONTENT_POINTS, DIM_FIT_CONTENT_PERCENT, DIM_FLEX = 5, 6, 7
# stretchable's GridIndexType, and its GridTrackRepetition codes.
GRID_AUTO, GRID_LINE, GRID_SPAN = 0, 1, 2
REPEAT_SINGLE, REPEAT_AUTO_FIT, REPEAT_AUTO_FILL = -2, -1, 0
GRID_AUTO_FLOW = {("row", False): 0, ("column", False): 1, ("row", True): 2, ("column", True): 3}


def _is_digit(c):
    return "0" <= c <= "9"


def _is_name_start(c):
    return c.isalpha() or c in "_-" or ord(c) >= 0x80


class _GridTokens:
    """The engine's GridTokens: ("number", value, unit), ("word", text), ("function", name) (the
    name lower-cased, its "(" taken), ("punct", one of "[ ] ) , /")."""

    def __init__(self, path, text):
        self.path, self.tokens, self.position = path, [], 0
        i, n = 0, len(text)
        while i < n:
            c = text[i]
            if c.isspace():
                i += 1
            elif c in "[]),/":
                self.tokens.append(("punct", c))
                i += 1
            elif _is_digit(c) or c == "." or (c in "+-" and i + 1 < n
                                               and (_is_digit(text[i + 1]) or text[i + 1] == ".")):
                end = i + 1
                while end < n and (_is_digit(text[end]) or text[end] == "."):
                    end += 1
                unit_end = end
                if unit_end < n and text[unit_end] == "%":
                    unit_end += 1
                else:
                    while unit_end < n and text[unit_end].isalpha():
                        unit_end += 1
                try:
                    value = float(text[i:end])
                except ValueError:
                    raise self.error(f"'{text[i:end]}' is not a number") from None
                self.tokens.append(("number", value, text[end:unit_end].lower()))
                i = unit_end
            elif _is_name_start(c):
                end = i + 1
                while end < n and (_is_name_start(text[end]) or _is_digit(text[end])):
                    end += 1
                if end < n and text[end] == "(":
                    self.tokens.append(("function", text[i:end].lower()))
                    end += 1
                else:
                    self.tokens.append(("word", text[i:end]))
                i = end
            else:
                raise self.error(f"unexpected '{c}'")

    def error(self, message):
        return InputError(f"{self.path}: {message}")

    @property
    def peek(self):
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def next(self):
        token = self.peek
        self.position += 1
        return token

    def expect(self, punct, context):
        if self.next() != ("punct", punct):
            raise self.error(f"expected '{punct}' {context}")

    def expect_end(self, context):
        if self.peek is not None:
            raise self.error(f"unexpected {self.peek[1]!r} {context}")

    def line_names(self):
        """`[a b]` as a list of names, or None where the next token is no `[`."""
        if self.peek != ("punct", "["):
            return None
        self.next()
        names = []
        while True:
            token = self.next()
            if token is not None and token[0] == "word":
                if token[1].lower() in GRID_RESERVED:
                    raise self.error(f"'{token[1]}' cannot name a line")
                names.append(token[1])
            elif token == ("punct", "]"):
                return names
            else:
                raise self.error("a line name list holds names and ends with ']'")

    def breadth(self, context):
        """("points" | "percent" | "fr", value) or ("auto" | "min-content" | "max-content",)."""
        token = self.next()
        if token is not None and token[0] == "number":
            _, value, unit = token
            kind, high = {"": ("points", 1e6), "px": ("points", 1e6), "%": ("percent", 1e4),
                          "fr": ("fr", 1e6)}.get(unit, (None, None))
            if kind is None:
                raise self.error(f"{context}: unit '{unit}' (grids take px, %, fr)")
            if not 0 <= value <= high:
                raise self.error(f"{context}: {value:g}{unit} is out of range")
            return (kind, value)
        if token is not None and token[0] == "word" and token[1].lower() in (
                "auto", "min-content", "max-content"):
            return (token[1].lower(),)
        raise self.error(f"{context}: expected a length, a percentage, Nfr, auto, min-content "
                         f"or max-content")

    def track_size(self):
        """("breadth", b), ("minmax", min, max) or ("fit-content", b)."""
        if self.peek == ("function", "minmax"):
            self.next()
            low = self.breadth("minmax()'s minimum")
            if low[0] == "fr":
                raise self.error("minmax()'s minimum cannot be flexible (fr)")
            self.expect(",", "between minmax()'s minimum and maximum")
            high = self.breadth("minmax()'s maximum")
            self.expect(")", "to close minmax()")
            return ("minmax", low, high)
        if self.peek == ("function", "fit-content"):
            self.next()
            limit = self.breadth("fit-content()'s limit")
            if limit[0] not in ("points", "percent"):
                raise self.error("fit-content() takes a length or a percentage")
            self.expect(")", "to close fit-content()")
            return ("fit-content", limit)
        return ("breadth", self.breadth("a track size"))


def _fixed_breadth(breadth):
    return breadth[0] in ("points", "percent")


def _fixed_track(size):
    """CSS's <fixed-size>, what an auto-fill or auto-fit repetition holds (the engine's isFixed)."""
    if size[0] == "breadth":
        return _fixed_breadth(size[1])
    if size[0] == "minmax":
        return _fixed_breadth(size[1]) or _fixed_breadth(size[2])
    return False


def _track_breadth(breadth):
    kind = breadth[0]
    if kind == "points":
        return {"dim": DIM_POINTS, "value": breadth[1]}
    if kind == "percent":
        return {"dim": DIM_PERCENT, "value": breadth[1] / 100.0}
    if kind == "fr":
        return {"dim": DIM_FLEX, "value": breadth[1]}
    return {"dim": {"auto": DIM_AUTO, "min-content": DIM_MIN_CONTENT,
                    "max-content": DIM_MAX_CONTENT}[kind], "value": NAN}


def _track_dict(size):
    """A stretchable GridTrackSize dictionary ({min_size, max_size}), as Taffy's helpers build
    them: `1fr` is minmax(auto, 1fr), fit-content(L) is minmax(auto, fit-content(L))."""
    if size[0] == "fit-content":
        kind, value = size[1]
        if kind == "points":
            return {"min_size": dict(AUTO), "max_size": {"dim": DIM_FIT_CONTENT_POINTS, "value": value}}
        return {"min_size": dict(AUTO),
                "max_size": {"dim": DIM_FIT_CONTENT_PERCENT, "value": value / 100.0}}
    if size[0] == "minmax":
        return {"min_size": _track_breadth(size[1]), "max_size": _track_breadth(size[2])}
    breadth = size[1]
    if breadth[0] == "fr":
        return {"min_size": dict(AUTO), "max_size": _track_breadth(breadth)}
    return {"min_size": _track_breadth(breadth), "max_size": _track_breadth(breadth)}


def _css_text(path, value):
    if not isinstance(value, str):
        raise InputError(f"{path}: expected a string in CSS's syntax, got {json.dumps(value)}")
    return value


def grid_track_list(path, value):
    """A gridTemplateColumns / gridTemplateRows value: (stretchable's list of GridTrackSizing
    dictionaries, the number of tracks it expands to with an automatic repetition counted once).
    Line names are checked and dropped: they are labels, which only a placement naming them uses
    (and such a placement is refused)."""
    tokens = _GridTokens(path, _css_text(path, value))
    if tokens.peek is not None and tokens.peek[0] == "word" and tokens.peek[1] == "none":
        tokens.next()
        tokens.expect_end("after 'none'")
        return [], 0
    result = []
    automatic = False
    singles = []  # the sizes that must be fixed beside an automatic repetition
    counted = []  # the sizes of repeat(N, ...)
    count = 0
    while tokens.peek is not None:
        if tokens.peek == ("function", "repeat"):
            tokens.next()
            token = tokens.next()
            if token is not None and token[0] == "word" and token[1] in ("auto-fill", "auto-fit"):
                repetition = REPEAT_AUTO_FILL if token[1] == "auto-fill" else REPEAT_AUTO_FIT
                if automatic:
                    raise tokens.error("a track list holds at most one auto-fill or auto-fit repeat()")
                automatic = True
            elif (token is not None and token[0] == "number" and token[2] == ""
                  and token[1] == int(token[1]) and 1 <= token[1] <= GRID_LIMIT):
                repetition = int(token[1])
            else:
                raise tokens.error("repeat() takes a whole number of times from 1 to 10000, "
                                   "auto-fill or auto-fit first")
            tokens.expect(",", "after repeat()'s count")
            sizes = []
            while tokens.peek != ("punct", ")"):
                if tokens.peek is None:
                    raise tokens.error("repeat() is not closed with ')'")
                if tokens.line_names() is not None:
                    continue
                size = tokens.track_size()
                if repetition in (REPEAT_AUTO_FILL, REPEAT_AUTO_FIT) and not _fixed_track(size):
                    raise tokens.error("an auto-fill or auto-fit repeat() holds only fixed sizes")
                sizes.append(size)
            tokens.next()
            if not sizes:
                raise tokens.error("repeat() needs at least one track")
            if repetition > 0:
                counted.extend(sizes)
            count += len(sizes) * (repetition if repetition > 0 else 1)
            result.append({"repetition": repetition, "single": None,
                           "repeat": [_track_dict(size) for size in sizes]})
        elif tokens.line_names() is not None:
            pass
        else:
            size = tokens.track_size()
            singles.append(size)
            count += 1
            result.append({"repetition": REPEAT_SINGLE, "single": _track_dict(size), "repeat": []})
    if automatic and not all(_fixed_track(size) for size in singles):
        raise tokens.error("beside an auto-fill or auto-fit repeat(), every track needs a fixed size")
    if count > GRID_LIMIT:
        raise tokens.error(f"a track list expands to at most 10000 tracks (this one: {count})")
    if automatic and not all(_fixed_track(size) for size in counted):
        # CSS's <auto-track-list> takes only fixed sizes in repeat(N, ...) beside an automatic
        # repetition; otherwise the list is invalid, `none`, and Taffy takes it so (no explicit
        # track). (The engine reads it as a list.)
        count = 0
    if automatic:
        # Taffy 0.7.7 counts the tracks of an automatic repetition as the explicit tracks less one
        # for each other entry of the list (explicit_grid.rs, initialize_grid_tracks), as if each
        # were one track: repeat(N, ...) beside it is miscounted (repeat(auto-fill, 45px)
        # repeat(3, 30px) at min-content: four tracks 45 45 45 30), or panics. Written out track
        # by track, which is the same list, it is counted right.
        result = [single for entry in result for single in (
            [{"repetition": REPEAT_SINGLE, "single": track, "repeat": []}
             for _ in range(entry["repetition"]) for track in entry["repeat"]]
            if entry["repetition"] > 0 else [entry])]
    return result, count


def grid_auto_tracks(path, value):
    """A gridAutoColumns / gridAutoRows value: one or more track sizes (taken in turn)."""
    tokens = _GridTokens(path, _css_text(path, value))
    sizes = []
    while tokens.peek is not None:
        sizes.append(_track_dict(tokens.track_size()))
    if not sizes:
        raise InputError(f"{path}: expected at least one track size")
    return sizes


def grid_auto_flow(path, value):
    words = _css_text(path, value).lower().split()
    direction = [w for w in words if w in ("row", "column")]
    dense = [w for w in words if w == "dense"]
    if not words or len(direction) > 1 or len(dense) > 1 or len(direction) + len(dense) != len(words):
        raise InputError(f"{path}: gridAutoFlow is row or column, with dense or not "
                         f"(it is {json.dumps(value)})")
    return GRID_AUTO_FLOW[(direction[0] if direction else "row", bool(dense))]


def grid_template_areas(path, value):
    """Checks a gridTemplateAreas value (a CSS string of quoted rows, or an array of row
    strings): (its rows, its columns), (0, 0) for `none`."""
    if isinstance(value, list):
        rows = []
        for index, row in enumerate(value):
            if not isinstance(row, str):
                raise InputError(f"{path}[{index}]: expected a string of area names")
            rows.append(row)
    else:
        text = _css_text(path, value)
        if text.split() == ["none"]:
            return 0, 0
        rows, current = [], None
        for c in text:
            if c == '"':
                if current is None:
                    current = ""
                else:
                    rows.append(current)
                    current = None
            elif current is not None:
                current += c
            elif not c.isspace():
                raise InputError(f"{path}: areas are quoted rows (\"a b\" \"c d\"); '{c}' is outside quotes")
        if current is not None:
            raise InputError(f"{path}: a row of areas is not closed with '\"'")
    if not rows:
        raise InputError(f"{path}: expected at least one row of area names")
    cells = []
    for index, row in enumerate(rows):
        names = []
        for word in row.split():
            if set(word) == {"."}:
                names.append(None)
                continue
            tokens = _GridTokens(path, word)
            if len(tokens.tokens) != 1 or tokens.tokens[0][0] != "word":
                raise InputError(f"{path}: '{word}' is not an area name")
            names.append(word)
        if not names:
            raise InputError(f"{path}: row {index + 1} names no cell")
        if cells and len(cells[0]) != len(names):
            raise InputError(f"{path}: every row names as many cells: row {index + 1} has "
                             f"{len(names)}, row 1 has {len(cells[0])}")
        cells.append(names)
    bounds = {}
    for r, names in enumerate(cells):
        for c, name in enumerate(names):
            if name is not None:
                r0, r1, c0, c1 = bounds.get(name, (r, r, c, c))
                bounds[name] = (min(r0, r), max(r1, r), min(c0, c), max(c1, c))
    for name, (r0, r1, c0, c1) in bounds.items():
        if any(cells[r][c] != name for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)):
            raise InputError(f"{path}: area '{name}' is not a rectangle")
    return len(cells), len(cells[0])


def _grid_line_read(tokens):
    """One grid line up to a `/` or the end: ("auto",), ("line", N, name) or ("span", N, name)."""
    is_span, number, name, seen = False, None, None, False
    while tokens.peek is not None and tokens.peek != ("punct", "/"):
        token = tokens.next()
        seen = True
        if token[0] == "word" and token[1].lower() == "span":
            if is_span or number is not None or name is not None:
                raise tokens.error("'span' comes first in a grid line, once")
            is_span = True
        elif token[0] == "word" and token[1].lower() == "auto":
            if (is_span or number is not None or name is not None
                    or tokens.peek not in (None, ("punct", "/"))):
                raise tokens.error("'auto' stands alone as a grid line")
            return ("auto",)
        elif token[0] == "word":
            if name is not None:
                raise tokens.error(f"a grid line has at most one name ('{token[1]}')")
            if token[1].lower() in GRID_RESERVED:
                raise tokens.error(f"'{token[1]}' cannot name a line")
            name = token[1]
        elif token[0] == "number" and token[2] == "":
            value = token[1]
            if number is not None:
                raise tokens.error("a grid line has at most one number")
            if is_span:
                if value != int(value) or not 1 <= value <= GRID_LIMIT:
                    raise tokens.error(f"a span is a whole number of tracks from 1 to 10000 (it is {value:g})")
            elif value != int(value) or value == 0 or abs(value) > GRID_LIMIT:
                raise tokens.error("a grid line number is a whole number from -10000 to 10000 "
                                   f"other than 0 (it is {value:g})")
            number = int(value)
        else:
            raise tokens.error("expected a line number, a line name, 'span' or 'auto'")
    if not seen:
        raise tokens.error("expected a grid line (a number, a name, 'span ...' or 'auto')")
    if is_span:
        if number is None and name is None:
            raise tokens.error("'span' needs a number or a name")
        return ("span", 1 if number is None else number, name)
    return ("line", 1 if number is None else number, name)


def _grid_text(path, value):
    """A placement value as text: a string, or a whole JSON number (a line number)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value) or value != int(value) or abs(value) >= 1e9:
            raise InputError(f"{path}: expected a string in CSS's syntax, got {json.dumps(value)}")
        return str(int(value))
    return _css_text(path, value)


def _name_alone(line):
    """The name of a line written as a name alone, which a shorthand repeats."""
    return line[2] if line[0] == "line" and line[1] == 1 and line[2] is not None else None


def _mirror(line):
    name = _name_alone(line)
    return ("line", 1, name) if name is not None else ("auto",)


def grid_lines(path, key, value):
    """The lines a placement key sets, as {"column_start": line, ...}."""
    tokens = _GridTokens(path, _grid_text(path, value))
    lines = [_grid_line_read(tokens)]
    most = {"gridArea": 4, "gridColumn": 2, "gridRow": 2}.get(key, 1)
    while tokens.peek == ("punct", "/") and len(lines) < most:
        tokens.next()
        lines.append(_grid_line_read(tokens))
    tokens.expect_end("after a grid line" if most > 1 else "after a grid line (one line here)")
    if key == "gridArea":
        # ROW-START / COLUMN-START / ROW-END / COLUMN-END; a missing one repeats the name of the
        # one opposite it (a name alone), else is auto.
        row_start = lines[0]
        column_start = lines[1] if len(lines) > 1 else _mirror(row_start)
        row_end = lines[2] if len(lines) > 2 else _mirror(row_start)
        column_end = lines[3] if len(lines) > 3 else _mirror(column_start)
        return {"row_start": row_start, "column_start": column_start, "row_end": row_end,
                "column_end": column_end}
    if key in ("gridColumn", "gridRow"):
        axis = "column" if key == "gridColumn" else "row"
        return {f"{axis}_start": lines[0],
                f"{axis}_end": lines[1] if len(lines) > 1 else _mirror(lines[0])}
    return {{"gridColumnStart": "column_start", "gridColumnEnd": "column_end",
             "gridRowStart": "row_start", "gridRowEnd": "row_end"}[key]: lines[0]}


HIDDEN_PLACEMENT = {f"grid_{axis}": {"start": {"kind": GRID_SPAN, "value": 0},
                                     "end": {"kind": GRID_AUTO, "value": 0}}
                    for axis in ("row", "column")}


def _grid_index(line):
    if line[0] == "auto":
        return {"kind": GRID_AUTO, "value": 0}
    return {"kind": GRID_LINE if line[0] == "line" else GRID_SPAN, "value": line[1]}


def grid_placement(node, path):
    """The node's placement ({"grid_row": ..., "grid_column": ...} for stretchable), and the reason
    Taffy cannot take it (a line name) or None. Shorthands first, then the longhands over them."""
    lines = {side: ("auto",) for side in ("row_start", "row_end", "column_start", "column_end")}
    for key in PLACEMENT_KEYS:
        if key in node:
            lines.update(grid_lines(_join(path, key), key, node[key]))
    named = [side for side, line in lines.items() if line[0] != "auto" and line[2] is not None]
    unsupported = None
    if named:
        unsupported = (f"{path or 'tree'}: grid line and area names ({', '.join(named)}) are not "
                       "supported by Taffy 0.7.7")
    for axis in ("row", "column"):
        # An auto start beside a definite end line is `span 1` to that line (css-grid-1 §8.3.1),
        # which Taffy 0.7.7 is given as such: its grid size estimate (implicit_grid.rs) takes an
        # auto start at the end line itself, so an end at or before the grid's first line makes no
        # negative implicit track for the item, and Taffy panics or allocates without end
        # ({"display": "grid", "children": [{"gridRowEnd": 1}]}). (Not for an absolutely
        # positioned item, whose auto line is the padding edge, css-grid-1 §9.1.)
        if (node.get("position") != "absolute" and lines[f"{axis}_start"][0] == "auto"
                and lines[f"{axis}_end"][0] == "line"):
            lines[f"{axis}_start"] = ("span", 1, None)
    style = {f"grid_{axis}": {"start": _grid_index(lines[f"{axis}_start"]),
                              "end": _grid_index(lines[f"{axis}_end"])}
             for axis in ("row", "column")}
    return style, unsupported



def taffy_style(node, path, parent_display=None):
    """The stretchable style dictionary of one contract node (children not included).

    `parent_display` is the parent's `display` (None for the root): a node's placement keys mean
    something only in a grid, its template keys only on a grid, so names there (which Taffy 0.7.7
    cannot take) make the case unsupported only then; elsewhere they are checked and ignored."""
    style = dict(BASE_STYLE)
    unsupported = []
    tracks = {"rows": 0, "columns": 0}
    areas = (0, 0)
    size = {"width": AUTO, "height": AUTO}
    min_size = {"width": AUTO, "height": AUTO}
    max_size = {"width": AUTO, "height": AUTO}
    gap = {"width": ZERO, "height": ZERO}
    for key, value in node.items():
        at = _join(path, key)
        if key in ("children", "id"):
            continue
        if key in LEAF_KEYS:
            raise InputError(f"{at}: leaves are not supported by the oracle (pure boxes only)")
        if key not in STYLE_KEYS:
            raise InputError(f"{at}: unknown key")
        if key == "display":
            style["display"] = _keyword(at, value, DISPLAY)
        elif key == "position":
            style["position"] = _keyword(at, value, POSITION)
        elif key == "direction":
            if _keyword(at, value, {"ltr": 0, "rtl": 1}) == 1:
                raise Unsupported(f"{at}: rtl is not supported by Taffy 0.7.7")
        elif key == "boxSizing":
            style["box_sizing"] = _keyword(at, value, BOX_SIZING)
        elif key == "flexDirection":
            style["flex_direction"] = _keyword(at, value, FLEX_DIRECTION)
        elif key == "flexWrap":
            style["flex_wrap"] = _keyword(at, value, FLEX_WRAP)
        elif key == "flexGrow":
            style["flex_grow"] = _number(at, value)
        elif key == "flexShrink":
            style["flex_shrink"] = _number(at, value)
        elif key == "flexBasis":
            style["flex_basis"] = _length(at, value, auto=True)
        elif key == "justifyContent":
            style["justify_content"] = _keyword(at, value, READ_CONTENT)
        elif key == "alignContent":
            style["align_content"] = _keyword(at, value, READ_CONTENT)
        elif key == "alignItems":
            style["align_items"] = _keyword(at, value, READ_ALIGN_ITEMS)
        elif key == "alignSelf":
            style["align_self"] = _keyword(at, value, ALIGN_SELF)
        elif key == "justifyItems":
            style["justify_items"] = _keyword(at, value, READ_ALIGN_ITEMS)
        elif key == "justifySelf":
            style["justify_self"] = _keyword(at, value, ALIGN_SELF)
        elif key in ("gridTemplateColumns", "gridTemplateRows"):
            axis = "columns" if key == "gridTemplateColumns" else "rows"
            style["grid_template_" + axis], tracks[axis] = grid_track_list(at, value)
        elif key in ("gridAutoColumns", "gridAutoRows"):
            style["grid_auto_columns" if key == "gridAutoColumns"
                  else "grid_auto_rows"] = grid_auto_tracks(at, value)
        elif key == "gridAutoFlow":
            style["grid_auto_flow"] = grid_auto_flow(at, value)
        elif key == "gridTemplateAreas":
            areas = grid_template_areas(at, value)
        elif key in ("width", "height"):
            size[key] = _length(at, value, auto=True)
        elif key in ("minWidth", "minHeight"):
            min_size[key[3:].lower()] = _length(at, value, auto=True)
        elif key in ("maxWidth", "maxHeight"):
            max_size[key[3:].lower()] = _length(at, value, auto=True)
        elif key == "aspectRatio":
            ratio = _number(at, value)
            if ratio <= 0:
                raise InputError(f"{at}: must be positive ({value})")
            style["aspect_ratio"] = ratio
        elif key == "margin":
            style["margin"] = _edges(at, value, auto=True, negative=True, default=ZERO)
        elif key == "padding":
            style["padding"] = _edges(at, value, auto=False, negative=False, default=ZERO)
        elif key == "border":
            style["border"] = _edges(at, value, auto=False, negative=False, default=ZERO)
        elif key == "inset":
            style["inset"] = _edges(at, value, auto=True, negative=True, default=AUTO)
        elif key == "gap":
            one = _length(at, value, auto=False)
            gap = {"width": one, "height": one}
        elif key == "overflow":
            style["overflow_x"] = style["overflow_y"] = _keyword(at, value, OVERFLOW)
        elif key in BREAKS:
            _keyword(at, value, BREAKS[key])
    # The longhands win over `gap`, whatever the order of the keys.
    if "rowGap" in node:
        gap = dict(gap, height=_length(_join(path, "rowGap"), node["rowGap"], auto=False))
    if "columnGap" in node:
        gap = dict(gap, width=_length(_join(path, "columnGap"), node["columnGap"], auto=False))
    style["size"], style["min_size"], style["max_size"] = size, min_size, max_size
    style["gap"] = gap
    style["scrollbar_width"] = 0.0
    placement, why = grid_placement(node, path)
    style.update(placement)
    # Areas name lines (which only a placement naming them uses, and such a placement is refused)
    # and extend the explicit grid where they span more tracks than a template: those tracks are
    # explicit and sized by gridAutoRows/gridAutoColumns (css-grid-1 §7.2), which Taffy gets as
    # tracks appended to the template. Refused where that is not one size (several auto sizes:
    # which comes first is not settled here) or not a fixed count (an automatic repetition).
    if node.get("display") == "grid":
        for axis, extent in (("rows", areas[0]), ("columns", areas[1])):
            if extent <= tracks[axis]:
                continue
            template, auto = style["grid_template_" + axis], style["grid_auto_" + axis]
            if len(auto) > 1 or any(track["repetition"] in (REPEAT_AUTO_FILL, REPEAT_AUTO_FIT)
                                    for track in template):
                unsupported.append(
                    f"{_join(path, 'gridTemplateAreas')}: areas spanning more {axis} ({extent}) than "
                    f"gridTemplate{axis.capitalize()} ({tracks[axis]}) with "
                    + ("several gridAuto" + axis.capitalize() if len(auto) > 1 else "auto-fill/auto-fit")
                    + " are not supported by Taffy 0.7.7")
                continue
            single = {"repetition": REPEAT_SINGLE, "repeat": [],
                      "single": auto[0] if auto else {"min_size": dict(AUTO), "max_size": dict(AUTO)}}
            style["grid_template_" + axis] = template + [single] * (extent - tracks[axis])
    if why and parent_display == "grid" and node.get("display") != "none":
        unsupported.append(why)
    if parent_display == "grid" and node.get("display") == "none":
        # Taffy 0.7.7 sizes its grid from an estimate that counts every child, hidden ones too
        # (implicit_grid.rs): a hidden child placed past the grid, or auto-placed in a grid of no
        # track, makes tracks. A browser lays a display:none child out nowhere; span 0 (no line,
        # no span) keeps it out of the estimate, and Taffy places no hidden child anyway.
        style.update(HIDDEN_PLACEMENT)
    if unsupported:
        raise Unsupported(unsupported[0])
    return style


def _check_node(node, path):
    if not isinstance(node, dict):
        raise InputError(f"{path or 'tree'}: expected an object")
    if "id" in node and not isinstance(node["id"], str):
        raise InputError(f"{_join(path, 'id')}: expected a string")
    children = node.get("children", [])
    if not isinstance(children, list):
        raise InputError(f"{_join(path, 'children')}: expected an array")
    return children


def available(path, value):
    """A root available space: a number, "max-content" (also when absent) or "min-content"."""
    if value is None or value == "max-content":
        return {"dim": DIM_MAX_CONTENT, "value": NAN}
    if value == "min-content":
        return {"dim": DIM_MIN_CONTENT, "value": NAN}
    if isinstance(value, str):
        raise InputError(f"{path}: expected a number, \"max-content\" or \"min-content\"")
    return {"dim": DIM_POINTS, "value": _number(path, value)}


# ---------------------------------------------------------------------------------------------
# Layout


def _clean(value):
    value = round(float(value), 4)
    if value == int(value):
        return int(value)
    return value


# How the root's auto width is found: "fit-content" (the default) as the engine and a browser size
# an absolutely positioned box, or "taffy", Taffy's own single pass (--taffy-root).
ROOT_SIZING = "fit-content"


def _percent_of(value, base):
    """A contract length with a percentage resolved against `base` (other values as they are)."""
    if isinstance(value, str) and value.endswith("%"):
        return float(value[:-1]) / 100 * base
    if isinstance(value, dict):
        return {side: _percent_of(v, base) for side, v in value.items()}
    return value


def _root_fit_width(case, space):
    """The root's border-box width as the engine finds it first, or None where its style fixes it.

    A browser sizes an absolutely positioned box of auto width at its fit-content width (its
    max-content width, no wider than the available space unless its min-content width is), then
    lays its content out at that width, so percentages inside resolve against it. Taffy lays the
    root out in one pass with its width unknown: percentages of the width inside it resolve
    against nothing, and in a definite space the root takes the sum of its items' flex bases. The
    oracle therefore finds the width with Taffy first (its max-content and min-content widths, the
    root's own percentages resolved against the available width as the engine resolves them) and
    lays the tree out again with that width set."""
    tree = case["tree"]
    width = tree.get("width", "auto")
    room = space["width"]["value"] if space["width"]["dim"] == DIM_POINTS else None
    if (isinstance(width, (int, float)) or (width != "auto" and room is not None)
            or tree.get("display") == "none" or "aspectRatio" in tree):
        return None
    probe = dict(case, tree=dict(tree), rounding=False)
    if room is not None:
        for key in ("padding", "border", "minWidth", "maxWidth"):
            if key in tree:
                probe["tree"][key] = _percent_of(tree[key], room)
    widths = {}
    for dim in (DIM_MAX_CONTENT, DIM_MIN_CONTENT):
        boxes = []
        result = _layout(probe, dict(space, width={"dim": dim, "value": NAN}), False, None, boxes)
        widths[dim] = (result["width"], boxes[0][1])
    if room is None:
        return widths[space["width"]["dim"]]
    margin = 0.0
    for side in ("left", "right"):
        value = _percent_of(_edge(tree, "margin", side, 0), room)
        margin += value if isinstance(value, (int, float)) else 0
    fit = min(widths[DIM_MAX_CONTENT][0], max(widths[DIM_MIN_CONTENT][0], room - margin))
    return fit, widths[DIM_MAX_CONTENT][1]


def layout_case(case, boxes=None):
    """The `expected` tree Taffy gives for one case (raises InputError on bad input).

    With ROOT_SIZING "fit-content", a root of auto width is laid out at the width found first
    (_root_fit_width). `boxes`, when given, receives (path, horizontal padding and border,
    vertical padding and border, top padding and border) for every node, in input order, as
    Taffy resolved them."""
    if not isinstance(case, dict) or "tree" not in case:
        raise InputError("case: expected an object with a \"tree\"")
    rounding = case.get("rounding", True)
    if not isinstance(rounding, bool):
        raise InputError("rounding: expected true or false")
    space = {"width": available("case width", case.get("width")),
             "height": available("case height", case.get("height"))}
    root_width = None
    if ROOT_SIZING == "fit-content":
        _check_node(case["tree"], "")
        root_width = _root_fit_width(case, space)
    return _layout(case, space, rounding, root_width, boxes)


# Taffy 0.7.7's grid code fails on some valid grids: some placements make it panic, which aborts
# the whole process (stretchable's module does not unwind), others loop or allocate without end
# (an item whose end line comes before its start, an auto start beside a definite end, a span
# beyond the grid...: Taffy fixed several such placement bugs after 0.7.7). A tree holding a grid
# is therefore laid out in a forked child, within a time and a memory limit; a child that gives no
# answer makes the case unsupported ("Taffy 0.7.7 failed on this grid"). Flex trees are laid out
# in this process, as before.
GUARD_SECONDS = 10
GUARD_MEMORY = 1 << 30


def _has_grid(node):
    if not isinstance(node, dict):
        return False
    children = node.get("children")
    return node.get("display") == "grid" or (
        isinstance(children, list) and any(_has_grid(child) for child in children))


def _layout(case, space, rounding, root_width, boxes):
    """Taffy's layout of the case in `space`; `root_width`, when given, is (border-box width, the
    root's horizontal padding and border) and fixes the root's width."""
    if not hasattr(os, "fork") or not _has_grid(case.get("tree")):
        return _layout_here(case, space, rounding, root_width, boxes)
    with tempfile.TemporaryFile() as errors:
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: lay out, write the answer as JSON, exit without cleaning up
            try:
                os.close(read_end)
                os.dup2(errors.fileno(), 2)
                try:
                    # (On top of what the process already maps, which the child shares.)
                    try:
                        with open("/proc/self/statm") as statm:
                            mapped = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
                    except (OSError, ValueError):
                        mapped = 0
                    limit = mapped + GUARD_MEMORY
                    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
                except (AttributeError, ValueError, OSError):
                    pass
                signal.alarm(GUARD_SECONDS)
                found = []
                try:
                    answer = {"result": _layout_here(case, space, rounding, root_width, found),
                              "boxes": found}
                except InputError as error:
                    answer = {"error": type(error).__name__, "message": str(error)}
                except BaseException as error:  # noqa: BLE001 (reported by the parent)
                    answer = {"exception": repr(error)}
                with os.fdopen(write_end, "wb") as stream:
                    stream.write(json.dumps(answer).encode())
            finally:
                os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as stream:
            data = stream.read()
        _, status = os.waitpid(pid, 0)
        if data:
            answer = json.loads(data)
            if "result" in answer:
                if boxes is not None:
                    boxes.extend(tuple(box) for box in answer["boxes"])
                return answer["result"]
            if "error" in answer:
                raise (Unsupported if answer["error"] == "Unsupported" else InputError)(
                    answer["message"])
            raise RuntimeError(f"Taffy's layout failed: {answer['exception']}")
        errors.seek(0)
        lines = errors.read().decode(errors="replace").splitlines()
        said = next((lines[i + 1] for i, line in enumerate(lines[:-1]) if "panicked at" in line),
                    None)
        if said is not None:
            how = f"it panicked: {said.strip()}"
        elif os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM:
            how = f"it ran past {GUARD_SECONDS} s"
        elif os.WIFSIGNALED(status):
            how = f"it died of {signal.Signals(os.WTERMSIG(status)).name}" + (
                f" past {GUARD_MEMORY >> 30} GiB" if "memory" in " ".join(lines) else "")
        else:
            how = f"it exited with status {os.WEXITSTATUS(status)}"
        raise Unsupported(f"tree: Taffy 0.7.7 failed on this grid ({how}): "
                          "the tree is not supported by Taffy 0.7.7")


def _hidden_grid_child(style, children):
    """The style of a hidden child (display: none, never read back) to give a grid, or None.

    Taffy's tree lays any node without children out as a leaf, whatever its display: an empty
    grid's explicit tracks would count for nothing ({"display": "grid", "gridTemplateColumns":
    "35px"}: 0 wide, 35 in a browser). A hidden child makes Taffy run its grid algorithm on no
    items; placed `span 0`, it makes no track (see HIDDEN_PLACEMENT). But with no in-flow item and
    no track in one axis, Taffy 0.7.7's occupancy matrix is empty, and an auto-fit repetition in
    the other axis panics looking for items in it: there the hidden child is auto-placed in the
    trackless axis, which gives it one implicit track (of gridAuto* size: 0 where auto)."""
    in_flow = [child for child in children if isinstance(child, dict)
               and child.get("display") != "none" and child.get("position") != "absolute"]
    anchored = [axis for axis, other in (("row", "column"), ("column", "row"))
                if not in_flow and not style[f"grid_template_{axis}s"]
                and any(t["repetition"] == REPEAT_AUTO_FIT for t in style[f"grid_template_{other}s"])]
    if children and not anchored:
        return None
    placement = dict(HIDDEN_PLACEMENT)
    for axis in anchored:
        placement[f"grid_{axis}"] = {"start": {"kind": GRID_AUTO, "value": 0},
                                     "end": {"kind": GRID_AUTO, "value": 0}}
    return dict(BASE_STYLE, display=DISPLAY["none"], **placement)


def _layout_here(case, space, rounding, root_width, boxes):
    """_layout in this process."""
    taffy = taffylib.init()
    try:
        def build(node, path, parent_display=None):
            children = _check_node(node, path)
            style = taffy_style(node, path, parent_display)
            if not path and root_width is not None:
                width, inset = root_width
                content_box = style["box_sizing"] == BOX_SIZING["content-box"]
                style["size"] = dict(style["size"], width={
                    "dim": DIM_POINTS, "value": max(width - (inset if content_box else 0), 0)})
            node_id = taffylib.node_create(taffy, style)
            entries = []
            for index, child in enumerate(children):
                entry = build(child, f"{_join(path, 'children')}[{index}]",
                              node.get("display", "flex"))
                taffylib.node_add_child(taffy, node_id, entry[0])
                entries.append(entry)
            if style["display"] == DISPLAY["grid"]:
                hidden = _hidden_grid_child(style, children)
                if hidden is not None:
                    taffylib.node_add_child(taffy, node_id, taffylib.node_create(taffy, hidden))
            return (node_id, node, entries, path)

        root = build(case["tree"], "")
        if rounding:
            taffylib.enable_rounding(taffy)
        else:
            taffylib.disable_rounding(taffy)
        if not taffylib.node_compute_layout(taffy, root[0], space):
            raise RuntimeError("Taffy's compute_layout failed")
        layout = taffylib.PyLayout()

        def read(entry):
            node_id, node, entries, path = entry
            taffylib.node_get_layout(taffy, node_id, layout)
            result = {}
            if "id" in node:
                result["id"] = node["id"]
            result.update(x=_clean(layout.x), y=_clean(layout.y),
                          width=_clean(layout.width), height=_clean(layout.height))
            if boxes is not None:
                boxes.append((path or "root",
                              layout.padding_left + layout.padding_right + layout.border_left
                              + layout.border_right,
                              layout.padding_top + layout.padding_bottom + layout.border_top
                              + layout.border_bottom,
                              layout.padding_top + layout.border_top))
            result["children"] = [read(child) for child in entries]
            return result

        return read(root)
    finally:
        taffylib.free(taffy)


# ---------------------------------------------------------------------------------------------
# Suspects: where Taffy's answer is known or likely to differ from a browser's


MAIN_SIZE = {"row": "width", "row-reverse": "width", "column": "height", "column-reverse": "height"}
AXIS_EDGES = {"width": ("left", "right"), "height": ("top", "bottom")}


def _edge(node, key, side, default):
    value = node.get(key, default)
    if isinstance(value, dict):
        return value.get(side, default)
    return value


def _nonzero(value):
    return value not in (None, 0, "0%", "auto")


def _aligned_baseline(node, parent):
    own = node.get("alignSelf", "auto")
    return own == "baseline" or (own == "auto" and parent.get("alignItems") == "baseline")


def _number_or_none(value):
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


# The keys whose percentages resolve against the containing block's width.
WIDTH_PERCENT_KEYS = ("width", "minWidth", "maxWidth", "flexBasis", "margin", "padding", "gap",
                      "columnGap")


def _has_width_percent(node):
    for key in WIDTH_PERCENT_KEYS:
        value = node.get(key)
        values = value.values() if isinstance(value, dict) else [value]
        if any(isinstance(v, str) and v.endswith("%") and v != "0%" for v in values):
            return True
    for side in ("left", "right"):
        value = _edge(node, "inset", side, "auto")
        if isinstance(value, str) and value.endswith("%"):
            return True
    return False


def _percent_inside(node):
    """Whether an in-flow descendant has a percentage that resolves against a width that is
    not fixed on the way down from `node` (a child whose width is a number stops the walk)."""
    for child in node.get("children", []):
        if child.get("position") == "absolute" or child.get("display") == "none":
            continue
        if _has_width_percent(child):
            return True
        if not isinstance(child.get("width"), (int, float)) and _percent_inside(child):
            return True
    return False


def _resolves_against_cross(node, cross):
    """Whether anything below `node` resolves against its `cross` size ("width" or "height"): a
    percentage of that size."""
    keys = (cross, "min" + cross.capitalize(), "max" + cross.capitalize())
    for child in node.get("children", []):
        if any(isinstance(child.get(key), str) and child[key].endswith("%") and child[key] != "0%"
               for key in keys):
            return True
        if _resolves_against_cross(child, cross):
            return True
    return False


def suspects(case, expected, boxes=None):
    """Reasons to doubt Taffy's answer for a case, as "PATH: REASON" strings.

    `negative-size`: a Taffy bug for certain (CSS sizes are never negative).
    `size-depends-on-children-flex-grow`: the node's own main size changes when its children's
    flexGrow is set to 0, which browsers do not do (Chrome and Firefox size a container from
    its items' contributions whatever their flex factors; the flex-factor-aware intrinsic
    sizing of css-flexbox-1 §9.9.1 is not what they ship). Taffy does it under intrinsic
    sizing (fixture flex_grow_padding_auto_size_row, and nested auto rows whose items grow).
    Found by laying the case out again, once for each candidate node.
    The others are the patterns of the browser fixtures Taffy 0.7.7 gets wrong (see
    Tests/BoxOracle/README.md), flagged by their shape: a flagged case may well agree with a
    browser."""
    tree = case["tree"]
    found = []
    candidates = []
    if boxes is None:
        boxes = []
        layout_case(case, boxes)
    insets = {path: (width, height, top) for path, width, height, top in boxes}

    def visit(node, result, parent, path):
        where = path or "root"
        for axis in ("width", "height"):
            if result[axis] < 0:
                found.append(f"{where}.{axis}: negative-size ({result[axis]})")
        # A border box is never smaller than its padding and border (CSS 2 §8.1, css-sizing-3):
        # Taffy does make one smaller, for a stretched item that is itself a flex container
        # (a column 0 wide: its item with padding 30 and a child comes out 0 wide, not 60).
        if node.get("display") != "none" and where in insets:
            for axis, inset in zip(("width", "height"), insets[where][:2]):
                if 0 <= result[axis] < inset - 0.01:
                    found.append(f"{where}.{axis}: size-below-padding-border "
                                 f"({result[axis]} < {_clean(inset)})")
        direction = node.get("flexDirection", "row")
        main = MAIN_SIZE[direction]
        children = node.get("children", [])
        in_flow = [c for c in children
                   if c.get("position") != "absolute" and c.get("display") != "none"]
        # The shapes below are flexbox's: those of a container are not looked for on a grid, those
        # of an item not in a grid (a grid tree gets the general flags only: negative-size,
        # size-below-padding-border, percent-in-auto-width-abspos and the root's).
        flex_node = node.get("display") != "grid"
        flex_parent = parent is None or parent.get("display") != "grid"
        # Items overflowing a container whose distribution falls back to flex-start (stretch,
        # space-between; for lines also normal): Chromium keeps flex-start, which a reversed axis
        # turns round (a row-reverse 0 wide puts an item 2 wide at x -2); Taffy 0.7.7 takes the safe
        # start (x 0).
        if flex_node and in_flow and node.get("display") != "none" and (
                (direction.endswith("reverse") and node.get("justifyContent") in ("stretch", "space-between"))
                or (node.get("flexWrap") == "wrap-reverse"
                    and node.get("alignContent", "normal") in ("normal", "stretch", "space-between"))):
            found.append(f"{where}: overflowing-distribution-in-reverse")
        # A percentage of a height that is not definite (a height found from the content, not stretched
        # nor given): Chromium takes it as auto (a row gap as 0), css-flexbox-1 §9.8; Taffy resolves it
        # against the height found (a relative top of 5% in such a box: Taffy 1.9, Chromium 0).
        # Flagged by shape: a percentage of a height inside a box whose height is not in points.
        def _height_percent(n):
            keys = [n.get(k) for k in ("height", "minHeight", "maxHeight")]
            keys += [_edge(n, "inset", side, "auto") for side in ("top", "bottom")]
            return any(isinstance(v, str) and v.endswith("%") and v != "0%" for v in keys)
        if flex_node and node.get("display") != "none" and not isinstance(node.get("height"), (int, float)) and (
                any(_height_percent(c) for c in children)
                or any(isinstance(node.get(k), str) and node[k].endswith("%") for k in ("gap", "rowGap"))):
            found.append(f"{where}: percent-of-indefinite-height")
        # A wrapping column of auto height: Chromium wraps it only under its maximum height (an auto
        # height is never squeezed by the room around it), Taffy at the available height too.
        if (flex_node and in_flow and node.get("display") != "none" and direction.startswith("column")
                and node.get("flexWrap", "nowrap") != "nowrap" and not isinstance(node.get("height"), (int, float))
                and len(in_flow) > 1):
            found.append(f"{where}: column-wrap-without-height")
        # A row of auto width given a definite room (absolutely positioned, or not stretched across a
        # column): Chromium takes its fit-content width from the items' content contributions (§9.9.1),
        # Taffy from the sum of their flex bases (an item of flexBasis 10 around content 3 wide: Taffy
        # 10, Chromium 3).
        if (flex_node and in_flow and parent is not None and node.get("display") != "none" and direction.startswith("row")
                and not isinstance(node.get("width"), (int, float))
                and (node.get("position") == "absolute" or parent.get("flexDirection", "row").startswith("column"))
                and any(c.get("flexBasis", "auto") != "auto" or c.get("overflow", "visible") != "visible"
                        for c in in_flow)):
            found.append(f"{where}: row-width-from-flex-bases")
        # A scroll container's contribution to its container's intrinsic size: Chromium takes its
        # content (clamped by its flex basis where it does not grow), Taffy its flex basis.
        if (flex_parent and parent is not None and node.get("display") != "none" and node.get("position") != "absolute"
                and node.get("overflow", "visible") != "visible" and node.get("flexBasis", "auto") != "auto"
                and not isinstance(parent.get(MAIN_SIZE[parent.get("flexDirection", "row")]), (int, float))):
            found.append(f"{where}: scroll-container-contribution")
        if flex_parent and parent is not None and node.get("display") != "none":
            parent_direction = parent.get("flexDirection", "row")
            parent_main = MAIN_SIZE[parent_direction]
            if node.get("position") == "absolute":
                # The same for an absolutely positioned box sized by its content in one axis.
                if "aspectRatio" in node and "auto" in (node.get("width", "auto"), node.get("height", "auto")):
                    found.append(f"{where}: aspect-ratio-through-flexed-size")
                for axis, (a, b) in AXIS_EDGES.items():
                    if _edge(node, "inset", a, "auto") != "auto":
                        continue
                    if _edge(node, "inset", b, "auto") != "auto":
                        continue
                    # Taffy places it as if the direction were not reversed, and takes
                    # wrap-reverse for a reversed main axis under flex-start, flex-end and
                    # stretch (a wrap-reverse row with justifyContent flex-end: Taffy at the
                    # left, a browser at the right); start/end and the centring keywords it
                    # gets right.
                    justify = parent.get("justifyContent")
                    reversed_main = parent_direction.endswith("reverse")
                    wrap_reverse = parent.get("flexWrap") == "wrap-reverse"
                    if parent_main == axis and (
                            (justify in ("flex-start", "flex-end", "stretch")
                             and reversed_main != wrap_reverse)
                            or (justify in (None, "normal", "space-between") and reversed_main)):
                        found.append(
                            f"{where}: abspos-static-position-in-reverse-container ({axis})")
                    if "auto" in (_edge(node, "margin", a, 0), _edge(node, "margin", b, 0)):
                        found.append(f"{where}: abspos-auto-margin-without-insets ({axis})")
                for axis, (a, b) in AXIS_EDGES.items():
                    # Both insets given: auto margins share what the box leaves of the containing
                    # block less the insets (CSS 2 §10.3.7, §10.6.4; css-position-3 §4). Taffy
                    # leaves the insets out of that free space (100 x 100, insets 10, a 40 x 40 box:
                    # Taffy at 40, 40, a browser at 30, 30), and with insets wider than the block
                    # places the box past them (insets 60: Taffy 110, a browser 60).
                    if ("auto" not in (_edge(node, "inset", a, "auto"), _edge(node, "inset", b, "auto"))
                            and "auto" in (_edge(node, "margin", a, 0), _edge(node, "margin", b, 0))):
                        found.append(f"{where}: abspos-auto-margin-with-insets ({axis})")
                # An alignSelf of its own, with both vertical insets given: Chromium aligns the box
                # between them (css-position-3 §4, css-align-3; an auto height then stretches only
                # for stretch) and moves it back where it overflows; Taffy puts it at the top inset
                # and stretches it (height 0, insets 1, height 1, flex-end: Taffy y 1, Chromium 0).
                if (node.get("alignSelf", "auto") != "auto"
                        and "auto" not in (_edge(node, "inset", "top", "auto"),
                                           _edge(node, "inset", "bottom", "auto"))):
                    found.append(f"{where}: abspos-align-self-between-insets")
            else:
                # An auto margin across the line, on an item larger than its line: the start margin
                # is 0 and the end one takes the overflow (css-flexbox-1 §9.6.13), where Taffy
                # shares the overflow between them.
                cross_sides = AXIS_EDGES["height" if parent_main == "width" else "width"]
                if "auto" in (_edge(node, "margin", cross_sides[0], 0), _edge(node, "margin", cross_sides[1], 0)):
                    found.append(f"{where}: cross-auto-margin-overflow")
                # A ratio carried through a size the flex algorithm fixes (the cross size a
                # single-line container stretches an item to, the main size it flexes to): browsers
                # do (css-flexbox-1 §9.2.3 B, §9.8; a column 200 wide gives an item of ratio 2 a
                # height of 100), Taffy 0.7.7 carries a ratio only between the node's own sizes
                # (0). Checked against Chromium with Tests/BoxOracle/chromium_oracle.py.
                cross_axis = "height" if parent_main == "width" else "width"
                if "aspectRatio" in node and node.get(cross_axis, "auto") == "auto":
                    found.append(f"{where}: aspect-ratio-through-flexed-size")
                if parent_main == "width" and _aligned_baseline(node, parent) and (
                        parent.get("flexWrap") == "wrap-reverse"
                        or (in_flow and (node.get("flexWrap") == "wrap-reverse"
                                         or direction == "column-reverse"))):
                    found.append(f"{where}: baseline-with-reverse")
                gap = parent.get("columnGap" if parent_main == "width" else "rowGap",
                                 parent.get("gap"))
                a, b = AXIS_EDGES[parent_main]
                siblings = [c for c in parent["children"]
                            if c.get("position") != "absolute" and c.get("display") != "none"]
                if (_nonzero(gap) and len(siblings) > 1
                        and "auto" in (_edge(node, "margin", a, 0), _edge(node, "margin", b, 0))):
                    found.append(f"{where}: auto-margin-with-gap")
                # A percentage padding, border or margin resolves against the containing block's
                # width (CSS 2 §8.3-8.4); Taffy resolves an item's against nothing while it measures the
                # item's hypothetical cross size, so a row's item with padding 5% around a child of
                # margin 18, in a row 36 wide, is 36 high in Taffy and 39.6 in a browser.
                # (Only where that size counts: the item's cross size and its line's are open.)
                cross_edges = ("top", "bottom") if parent_main == "width" else ("left", "right")
                cross = "height" if parent_main == "width" else "width"
                if (not isinstance(node.get(cross), (int, float))
                        and (not isinstance(parent.get(cross), (int, float))
                             or parent.get("flexWrap", "nowrap") != "nowrap")) and any(
                        isinstance(v, str) and v.endswith("%") and v != "0%"
                        for key in ("padding", "border", "margin") for v in
                        (_edge(node, key, side, 0) for side in cross_edges)):
                    found.append(f"{where}: percent-padding-in-cross-measure")
                # A stretched item in a container whose cross size is not definite is measured
                # with an indefinite cross size (css-flexbox-1 §9.8: only a definite container
                # makes the stretched size definite). Taffy measures it at the container's available
                # cross space instead (under a min-content height, the item's own minimum), so that
                # percentages inside resolve against a size a browser does not have yet: a row's item of minHeight 50 holding a box of height 10% and aspectRatio
                # 1 takes its flex basis from that box's 5-point height in Taffy.
                stretched = (node.get("alignSelf", "auto") == "stretch" or (
                    node.get("alignSelf", "auto") == "auto"
                    and parent.get("alignItems", "normal") in ("normal", "stretch")))
                # (Taffy's available cross space is a size only under a definite available space
                # or, under a min-content one, where the item has a minimum.)
                if (stretched and not isinstance(node.get(cross), (int, float))
                        and not isinstance(parent.get(cross), (int, float))
                        and (isinstance(case.get(cross), (int, float))
                             or isinstance(node.get("min" + cross.capitalize()), (int, float)))
                        and _resolves_against_cross(node, cross)):
                    found.append(f"{where}: stretched-measure-in-indefinite-cross")
                # An item of content width in a row is measured first with its width unknown
                # (its flex basis), where percentages of that width inside it act as auto; a
                # browser lays it out again at its width, where they resolve. Taffy's cache
                # answers the second question from the first when the width found is the same,
                # so the height stays that of the first layout: a row's item of alignSelf
                # flex-start, wrapping two items of flexBasis 80% and width 100, and width 50
                # (10 high each), is 150 x 10 in Taffy (its second line outside it), 150 x 20 in
                # a browser.
                # (Flagged where the height follows the width: the item wraps or holds a box
                # with an aspect ratio; and where it is not stretched, which lays it out again.)
                aligned = node.get("alignSelf", "auto")
                if aligned == "auto":
                    aligned = parent.get("alignItems", "normal")
                if (parent_main == "width" and not isinstance(node.get("width"), (int, float))
                        and (result["width"] > 0 or result["height"] > 0)
                        and aligned not in ("normal", "stretch")
                        and (node.get("flexWrap", "nowrap") != "nowrap"
                             or any("aspectRatio" in c for c in in_flow))
                        and _percent_inside(node)):
                    found.append(f"{where}: content-width-item-measured-before-percentages")
                # Taffy's intrinsic height of a column compares an item's flex basis with its
                # content height *plus its margins* (flexbox.rs, determine_container_main_size:
                # `content_main_size.max(item.flex_basis)`), so a basis larger than the content
                # swallows the margins: a column of one item with flexBasis 50 and margin 10 is
                # 50 high in Taffy, 70 in a browser (the sum of the outer hypothetical sizes).
                # An item with both flex factors 0 is sized by its basis alone, margins included.
                if (parent_main == "height" and not isinstance(parent.get("height"), (int, float))
                        and node.get("flexBasis", "auto") != "auto"
                        and (node.get("flexGrow", 0) > 0 or node.get("flexShrink", 1) > 0)
                        and (_nonzero(_edge(node, "margin", "top", 0))
                             or _nonzero(_edge(node, "margin", "bottom", 0)))):
                    found.append(f"{where}: column-basis-hides-margins")
        # Whether the node's intrinsic main size (Taffy's determine_container_main_size under
        # min- or max-content) is asked for: its main size is not a number, or it is an item that
        # may shrink along the same axis, whose automatic minimum is its min-content size.
        measured = not isinstance(node.get(main), (int, float)) or (
            parent is not None and node.get("position") != "absolute"
            and MAIN_SIZE[parent.get("flexDirection", "row")] == main
            and node.get("flexShrink", 1) > 0 and node.get("overflow", "visible") == "visible"
            and node.get("min" + main.capitalize()) in (None, "auto"))
        if flex_node and in_flow and node.get("display") != "none" and measured:
            a, b = AXIS_EDGES[main]
            main_inset = any(_nonzero(_edge(node, key, side, 0))
                             for key in ("padding", "border") for side in (a, b))
            for index, item in enumerate(in_flow):
                grow, shrink = item.get("flexGrow", 0), item.get("flexShrink", 1)
                basis = item.get("flexBasis", "auto")
                scroll = item.get("overflow", "visible") != "visible"
                label = f"{where}: in-flow item {index}"
                # Taffy's intrinsic main size (flexbox.rs, determine_container_main_size) floors
                # each item's content contribution at the *container's* padding and border
                # (`.max(main_content_box_inset)`), where the item's own belong: a row with
                # padding-right 22 around an item of flexBasis 12 is 44 wide in Taffy, 22 in a
                # browser (an item contributes its content, 0). It bites where an item's
                # contribution comes from its content while its factors let it move off its basis.
                if (main_inset and not scroll and not isinstance(item.get(main), (int, float))
                        and (grow > 0 or (shrink > 0 and basis != "auto"))):
                    found.append(f"{label}: intrinsic-item-floored-by-container-inset")
                # Taffy turns a shrinking item's negative flex fraction back into a size with
                # max(1, flexShrink) x basis after dividing by max(1, flexShrink x basis): the two
                # differ for a flexShrink below 1, so the item counts twice its shrinkage (an item
                # of flexBasis 93, width 64, flexShrink 0.5 gives a row 35 wide, a browser 64).
                # Taffy issue 1151, fixed after 0.7.7 (pull request 1152).
                if 0 < shrink < 1 and (basis != "auto"
                                       or item.get("max" + main.capitalize()) not in (None, "auto")):
                    found.append(f"{label}: intrinsic-shrink-fraction")
                # An item with a definite main size contributes at least that size (css-sizing-3
                # §5.1, css-flexbox-1 §9.9.3); Taffy takes a growing item's contribution from its
                # content instead (a row around an empty item of width 61 and flexGrow 2: min-content
                # 0, not 61; with children, the children's). Taffy's measurement cache takes no
                # account of whether an item's own size applies, so the content answer serves.
                # The same for a shrinking item whose flex basis is larger than its size (Taffy
                # measures its content there too; the measurement of its automatic minimum
                # answers): a min-content row around an item of width 40 and flexBasis 60 is 0
                # wide in Taffy, 40 in a browser.
                size = _number_or_none(item.get(main))
                larger_basis = basis != "auto" and (
                    _number_or_none(basis) is None or size is None or basis > size)
                if size is not None and (
                        grow > 0 or (shrink > 0 and larger_basis and not scroll)):
                    found.append(f"{label}: intrinsic-growing-item-ignores-size")
        # §9.7 step 3: the initial free space counts a frozen item at its hypothetical size (its
        # basis within its min and max); Taffy counts its basis, which shows where the flex
        # factors sum to less than 1 and the initial free space is what is shared (a column 76
        # high: an item of flexGrow 0.5 beside one of minHeight 15.2 gets 38 in Taffy,
        # (76 - 15.2) x 0.5 = 30.4 in a browser).
        if flex_node and in_flow and node.get("display") != "none":
            grow_sum = sum(c.get("flexGrow", 0) for c in in_flow)
            shrink_sum = sum(c.get("flexShrink", 1) for c in in_flow)
            limits = ("min" + main.capitalize(), "max" + main.capitalize())
            if ((0 < grow_sum < 1 or 0 < shrink_sum < 1)
                    and any(c.get(key) not in (None, "auto") for c in in_flow for key in limits)):
                found.append(f"{where}: flex-factors-below-one-beside-clamped-item")
        if flex_node and in_flow and not isinstance(node.get(main), (int, float)):
            if any(c.get("flexGrow", 0) > 0 for c in in_flow):
                candidates.append((node, result, where, main))
            if (node.get("flexWrap", "nowrap") != "nowrap"
                    and node.get("max" + main.capitalize()) not in (None, "auto")):
                found.append(f"{where}: wrap-under-max-size-without-size")
        # Inside an absolutely positioned box of auto width, a browser resolves percentages of
        # the width against the box's final width; Taffy against nothing (percentage widths) or
        # the containing block (percentage padding further down).
        if (node.get("position") == "absolute" and not isinstance(node.get("width"), (int, float))
                and "auto" in (_edge(node, "inset", "left", "auto"),
                               _edge(node, "inset", "right", "auto"))
                and _percent_inside(node)):
            found.append(f"{where}: percent-in-auto-width-abspos")
        # A container's baseline is its first item's, where that item is (css-flexbox-1 §8.5):
        # Taffy adds the item's offset from the content box's top twice (centred or end-aligned
        # across a row, justified down a column) or not at all (a relative offset, a centred
        # line). Flagged when a baseline-aligned item's chain of first items is offset at all.
        if (flex_parent and parent is not None and node.get("position") != "absolute" and in_flow
                and MAIN_SIZE[parent.get("flexDirection", "row")] == "width"
                and _aligned_baseline(node, parent)):
            chain, chain_result, chain_path = node, result, where
            tolerance = 0.51 if case.get("rounding", True) else 0.01
            while True:
                kids = [(c, r, i) for i, (c, r) in enumerate(zip(chain.get("children", []),
                                                                  chain_result["children"]))
                        if c.get("position") != "absolute" and c.get("display") != "none"]
                if not kids:
                    break
                first, first_result, index = kids[0]
                chain_inset = insets.get(chain_path, (0, 0, 0))
                top = _percent_of(_edge(first, "margin", "top", 0),
                                  chain_result["width"] - chain_inset[0])
                offset = (first_result["y"] - chain_inset[2]
                          - (top if isinstance(top, (int, float)) else 0))
                if abs(offset) > tolerance or not isinstance(top, (int, float)):
                    found.append(f"{where}: baseline-of-container-with-offset-first-item")
                    break
                chain_path = f"{chain_path + '.' if chain_path != 'root' else ''}children[{index}]"
                chain, chain_result = first, first_result
        for index, (child, child_result) in enumerate(zip(children, result["children"])):
            visit(child, child_result, node, f"{path + '.' if path else ''}children[{index}]")

    visit(tree, expected, None, "")
    # A root of auto width with an aspect ratio is left to Taffy's own sizing (_root_fit_width):
    # fixing its width would make Taffy derive its height from it, which the engine does not do.
    # A root with an aspect ratio and a size clamped by its minimum or maximum: Taffy derives
    # the other size from the unclamped one (width 287.5, maxWidth 16, aspectRatio 3: Taffy 16 x
    # 95.8, a browser 16 x 5.3, css-sizing-4 §5.1: the ratio transfers the used size).
    if "aspectRatio" in tree:
        for axis in ("width", "height"):
            size = _number_or_none(tree.get(axis))
            low = _number_or_none(tree.get("min" + axis.capitalize()))
            high = _number_or_none(tree.get("max" + axis.capitalize()))
            if size is not None and ((low is not None and size < low)
                                     or (high is not None and size > high)):
                found.append(f"root: root-aspect-ratio-from-unclamped-size ({axis})")
    if (ROOT_SIZING == "fit-content" and "aspectRatio" in tree
            and not isinstance(tree.get("width"), (int, float))):
        found.append("root: root-width-left-to-taffy (aspectRatio)")
    for node, result, where, main in candidates:
        saved = [(c, c["flexGrow"]) for c in node["children"] if c.get("flexGrow", 0) > 0]
        try:
            for child, _ in saved:
                child["flexGrow"] = 0
            again = layout_case(case)
        finally:
            for child, grow in saved:
                child["flexGrow"] = grow
        # Find the node's result in the new layout by its path.
        other = again
        if where != "root":
            for part in where.split("."):
                other = other["children"][int(part[len("children["):-1])]
        # Only the main size: the cross size may follow the items' flexed sizes (an item with
        # an aspect ratio, or wrapping, is shorter when wider).
        if abs(other[main] - result[main]) > 0.1:
            found.append(f"{where}: size-depends-on-children-flex-grow "
                         f"({main} {result[main]}, {other[main]} without)")
    return found


# ---------------------------------------------------------------------------------------------
# Random cases


def _random_style(rng, is_root, depth):
    s = {}
    if not is_root:
        if rng.random() < 0.05:
            s["display"] = "none"
        if rng.random() < 0.12:
            s["position"] = "absolute"
    if rng.random() < 0.5:
        s["flexDirection"] = rng.choice(list(FLEX_DIRECTION))
    if rng.random() < 0.3:
        s["flexWrap"] = rng.choice(list(FLEX_WRAP))
    if not is_root:  # the item keys; a root has no container to be an item of
        if rng.random() < 0.3:
            s["flexGrow"] = rng.choice([0, 0.5, 1, 1, 2, 3])
        if rng.random() < 0.25:
            s["flexShrink"] = rng.choice([0, 0, 0.5, 1, 2])
        if rng.random() < 0.2:
            s["flexBasis"] = _size(rng, 0, 200, auto=0.25, percent=0.25)
    if rng.random() < 0.3:
        s["justifyContent"] = rng.choice(list(JUSTIFY_CONTENT))
    if rng.random() < 0.3:
        s["alignItems"] = rng.choice(list(ALIGN_ITEMS))
    if not is_root and rng.random() < 0.2:
        s["alignSelf"] = rng.choice(list(ALIGN_SELF))
    if rng.random() < 0.25:
        s["alignContent"] = rng.choice(list(ALIGN_CONTENT))
    width_p, height_p = (0.6, 0.45) if is_root else (0.5, 0.5)
    high = 300 if depth <= 1 else 150
    if rng.random() < width_p:
        s["width"] = _size(rng, 0, high)
    if rng.random() < height_p:
        s["height"] = _size(rng, 0, high)
    for key in ("minWidth", "minHeight", "maxWidth", "maxHeight"):
        if rng.random() < 0.1:
            s[key] = _size(rng, 0, high, auto=0.1)
    if rng.random() < 0.1:
        s["aspectRatio"] = rng.choice([0.5, 1, 1.5, 2, 3])
    if not is_root and rng.random() < 0.25:
        s["margin"] = _edges_value(rng, lambda: _edge_value(rng, 30, auto=0.2))
    if rng.random() < 0.25:
        s["padding"] = _edges_value(rng, lambda: _edge_value(rng, 30))
    if rng.random() < 0.15:
        s["border"] = _edges_value(rng, lambda: _edge_value(rng, 10, percent=0.0))
    if is_root:
        pass  # no margin, inset, position or alignSelf on the root: the spec gives them no meaning
    elif s.get("position") == "absolute" and rng.random() < 0.8 or rng.random() < 0.08:
        s["inset"] = _edges_value(rng, lambda: _edge_value(rng, 100, auto=0.15, percent=0.2))
    roll = rng.random()
    if roll < 0.12:
        s["gap"] = _edge_value(rng, 20)
    elif roll < 0.22:
        if rng.random() < 0.7:
            s["rowGap"] = _edge_value(rng, 20)
        if rng.random() < 0.7:
            s["columnGap"] = _edge_value(rng, 20)
    if rng.random() < 0.15:
        s["overflow"] = rng.choice(["hidden", "hidden", "visible"])
    roll = rng.random()
    if roll < 0.25:
        s["boxSizing"] = "content-box"
    elif roll < 0.3:
        s["boxSizing"] = "border-box"  # the default, said
    return s


def generate_case(seed, index):
    rng = random.Random(f"taffy-oracle:{seed}:{index}")
    budget = [rng.randint(1, 30)]

    def node(depth):
        budget[0] -= 1
        result = _random_style(rng, depth == 0, depth)
        children = []
        if depth < 4 and budget[0] > 0:
            wanted = rng.choice([0, 1, 2, 2, 3, 3, 4, 5, 6] if depth else [1, 2, 3, 4, 5, 6])
            for _ in range(min(wanted, budget[0])):
                if budget[0] <= 0:
                    break
                children.append(node(depth + 1))
        result["children"] = children
        return result

    tree = node(0)

    def space():
        roll = rng.random()
        if roll < 0.55:
            return _half(rng, 50, 500)
        return "min-content" if roll < 0.65 else "max-content"

    return {"name": f"random-{seed}-{index}", "width": space(), "height": space(),
            "rounding": rng.random() < 0.7, "tree": tree}


def generated(seed, first, count):
    for index in range(first, first + count):
        yield generate_case(seed, index)


# ---------------------------------------------------------------------------------------------
# Commands


def _dump(value):
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def _reject_constant(name):
    raise ValueError(f"{name} is not valid JSON")


def read_cases(stream):
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line, parse_constant=_reject_constant)
        except ValueError as error:
            raise InputError(f"line {number}: not JSON: {error}") from None


def _fail(message):
    sys.stderr.write(f"taffy_oracle: {message}\n")
    sys.exit(2)


def command_generate(args):
    out = sys.stdout
    for case in generated(args.seed, args.first, args.count):
        out.write(_dump(case) + "\n")


def command_layout(args):
    if args.generate:
        if args.seed is None or args.count is None:
            _fail("layout --generate needs --seed and --count")
        cases = ((index + 1, case) for index, case in
                 enumerate(generated(args.seed, args.first, args.count)))
    else:
        stream = sys.stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")
        cases = read_cases(stream)
    out = sys.stdout
    try:
        for number, case in cases:
            if args.exact and isinstance(case, dict):
                # Unrounded: the algorithms compared, not the rounding rules (Taffy rounds halves
                # away from zero, browsers and the engine towards positive infinity).
                case["rounding"] = False
            try:
                expected = layout_case(case)
            except InputError as error:
                name = case.get("name") if isinstance(case, dict) else None
                label = f"case {number}" + (f" ({name})" if name else "")
                _fail(f"{label}: {error}")
            result = {k: v for k, v in case.items() if k != "expected"}
            result["expected"] = expected
            doubts = suspects(case, expected)
            if doubts:
                result["suspect"] = doubts
            else:
                result.pop("suspect", None)
            out.write(_dump(result) + "\n")
    except InputError as error:
        _fail(str(error))


def first_difference(expected, actual, tolerance, path="root"):
    for key in ("x", "y", "width", "height"):
        if abs(expected[key] - actual[key]) > tolerance:
            return f"{path}.{key}: browser {expected[key]}, Taffy {actual[key]}"
    if len(expected["children"]) != len(actual["children"]):
        return f"{path}: {len(expected['children'])} children expected"
    for index, (e, a) in enumerate(zip(expected["children"], actual["children"])):
        found = first_difference(e, a, tolerance, f"{path}.children[{index}]")
        if found:
            return found
    return None


def command_check(args):
    variants = set(args.variants.split(","))
    total = passed = 0
    failures = []
    skipped = []
    reasons = {}
    flagged_passing = flagged_failing = 0
    with open(args.file, encoding="utf-8") as stream:
        for number, case in read_cases(stream):
            if case.get("variant") not in variants:
                continue
            total += 1
            try:
                actual = layout_case(case)
            except InputError as error:
                skipped.append((case["name"], str(error)))
                continue
            difference = first_difference(case["expected"], actual, args.tolerance)
            doubts = suspects(case, actual)
            if difference is None:
                passed += 1
                flagged_passing += bool(doubts)
            else:
                failures.append((case["name"], difference))
                flagged_failing += bool(doubts)
            if doubts:
                reasons[case["name"]] = doubts
    print(f"{args.file}: variants {', '.join(sorted(variants))}, tolerance {args.tolerance}")
    print(f"{total} cases: {passed} pass, {len(failures)} fail, {len(skipped)} not run")
    print(f"flagged suspect by the oracle: {flagged_failing} of the {len(failures)} failing, "
          f"{flagged_passing} of the {passed} passing")
    fixtures = sorted({name.rsplit("__", 1)[0] for name, _ in failures})
    print(f"failing fixtures ({len(fixtures)}):")
    for fixture in fixtures:
        names = [(n, d) for n, d in failures if n.rsplit("__", 1)[0] == fixture]
        variants_failed = ", ".join(n.rsplit("__", 1)[1] for n, _ in names)
        print(f"  {fixture} [{variants_failed}]")
        if args.details:
            for name, difference in names:
                print(f"      {name}: {difference}")
                for reason in reasons.get(name, []):
                    print(f"          suspect: {reason}")
    if args.details:
        print("passing but flagged suspect:")
        for name, doubts in reasons.items():
            if name not in dict(failures):
                print(f"  {name}: {'; '.join(doubts)}")
    for name, error in skipped:
        print(f"not run: {name}: {error}")


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Taffy (stretchable) as an oracle for `mush layout`; see the module docstring.")
    sub = parser.add_subparsers(dest="command", required=True)

    generate = sub.add_parser("generate", help="print random cases (JSON Lines, no expected)")
    generate.add_argument("--seed", type=int, required=True)
    generate.add_argument("--count", type=int, required=True)
    generate.add_argument("--first", type=int, default=0, help="index of the first case")

    layout = sub.add_parser("layout", help="add Taffy's `expected` to cases")
    layout.add_argument("file", nargs="?", help="JSON Lines of cases (default: standard input)")
    layout.add_argument("--generate", "--with-generate", action="store_true",
                        help="lay out generated cases instead of reading them")
    layout.add_argument("--seed", type=int)
    layout.add_argument("--count", type=int)
    layout.add_argument("--first", type=int, default=0)
    layout.add_argument("--exact", action="store_true", help="lay every case out unrounded")
    layout.add_argument("--taffy-root", action="store_true",
                        help="Taffy's own one-pass root, not the root's width found first")

    check = sub.add_parser("check-fixtures", help="compare Taffy with the browser fixtures")
    check.add_argument("file")
    check.add_argument("--variants", default="border_box_ltr,content_box_ltr")
    check.add_argument("--tolerance", type=float, default=0.1)
    check.add_argument("--details", action="store_true",
                       help="print the first difference of every failing case")
    check.add_argument("--taffy-root", action="store_true",
                       help="Taffy's own one-pass root, not the root's width found first")

    sub.add_parser("keys", help="print the style keys it reads, as a JSON array (sorted)")

    args = parser.parse_args(argv)
    global ROOT_SIZING
    if getattr(args, "taffy_root", False):
        ROOT_SIZING = "taffy"
    if args.command == "generate":
        command_generate(args)
    elif args.command == "keys":
        print(json.dumps(sorted(STYLE_KEYS)))
    elif args.command == "layout":
        if args.generate and args.file:
            _fail("layout: give a FILE or --generate, not both")
        command_layout(args)
    else:
        command_check(args)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(0)
