#!/usr/bin/env python3
"""Chromium as the box engine's oracle: box trees written as HTML, laid out by a real browser.

    python3 Tests/BoxOracle/chromium_oracle.py layout cases.jsonl        # or - for standard input
    python3 Tests/BoxOracle/taffy_oracle.py generate --seed 7 --count 300 \\
        | python3 Tests/BoxOracle/chromium_oracle.py layout -
    python3 Tests/BoxOracle/chromium_oracle.py compare --generate --grid --seed 1  # CSS Grid trees
    python3 Tests/BoxOracle/chromium_oracle.py check --generate --grid   # declarations Chromium drops

Reads cases in the format of the box fixtures (`Tests/MushBoxTests/Fixtures/README.md`: JSON Lines
with `name`, `width`, `height`, `tree`), and writes each case again with `expected`: every node's
`x`, `y`, `width` and `height` as Chromium lays the tree out (each relative to its parent's border
box, unrounded, from `getBoundingClientRect`). One headless Chromium (Debian's `chromium` and
`chromium-driver`, driven by selenium) lays out a whole batch in one page.

How a tree becomes HTML (the way Taffy's fixture generator writes its cases, so that the two
oracles and the fixtures agree on what a root is): every node is a `div` with `display: flex`,
`position: relative`, `box-sizing: border-box` and no border, margin or padding unless its style
sets them; style keys are the engine's JSON keys, which are CSS properties in camel case with CSS
values (numbers are pixels but a grid placement's, a line number; `"50%"` a percentage; a
`gridTemplateAreas` array one quoted string a row; `maxWidth: "auto"` is `none`); edges
(`margin`, `padding`, `border`, `inset`) are one value or an object of sides; `border` widths are
drawn `solid` and transparent; scroll bars take no room. The root is absolutely positioned in a
container as large as the available space: a number of points is a container that wide (or tall);
`max-content` a container 100,000 px wide (an absolutely positioned box of auto width is as wide as
its max-content width when the room is larger) or of auto height; `min-content` a container 0 px
wide.

`generate` (and `--generate`) writes random trees: the flex sample (`VOCABULARY` below) or, with
`--grid`, the CSS Grid sample of `random_grid.py`. `check` lists every declaration the browser
drops (a value it does not take would otherwise pass unseen: browsers ignore it).

Where this cannot say what the engine means (a root whose height is a percentage of a
`max-content` height: the container's height is then 0 for the browser, indefinite for the
engine), the case gets `"unsure": [reasons]`.

Nothing here builds or runs Swift. Exit status 2 with one line on standard error for bad input.
"""

import argparse
import html
import json
import os
import random
import re
import subprocess
import sys

from chromium_driver import open_page
from random_grid import KEYS as GRID_KEYS, grid_tree
from random_values import SIDES, edge_value as _edge_value, edges as _edges, half as _half, size as _size


# The engine's style keys as CSS properties: most are the same words in kebab case.
PLAIN = {
    "display", "position", "direction", "flexDirection", "flexWrap", "flexGrow", "flexShrink",
    "flexBasis", "justifyContent", "alignItems", "alignSelf", "alignContent", "width", "height",
    "minWidth", "minHeight", "maxWidth", "maxHeight", "aspectRatio", "gap", "rowGap", "columnGap",
    "overflow", "boxSizing",
    # Page breaks (CSS's break-before, break-after, break-inside): nothing to a screen's layout.
    "breakBefore", "breakAfter", "breakInside", "repeat",
}
EDGES = {"margin", "padding", "border", "inset"}
# CSS Grid's keys (issue 58), in CSS's own syntax: track lists, placements (integers are line
# numbers, not pixels), areas (an array of rows, or CSS's one quoted string) and item alignment.
GRID = {
    "gridTemplateColumns", "gridTemplateRows", "gridAutoColumns", "gridAutoRows", "gridAutoFlow",
    "gridColumnStart", "gridColumnEnd", "gridRowStart", "gridRowEnd", "gridColumn", "gridRow", "gridArea",
    "gridTemplateAreas", "justifyItems", "justifySelf",
}
# Placements given as integers: line numbers, not pixels (`gridArea: 2` is its four lines' 2).
LINES = {"gridColumnStart", "gridColumnEnd", "gridRowStart", "gridRowEnd", "gridColumn", "gridRow", "gridArea"}
UNITLESS = {"flexGrow", "flexShrink", "aspectRatio"}


def _fail(message):
    print(f"chromium_oracle: {message}", file=sys.stderr)
    sys.exit(2)


def _kebab(key):
    return re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), key)


def _css_value(key, value, path):
    if isinstance(value, bool):
        _fail(f"{path}: expected a number or a string")
    if isinstance(value, (int, float)):
        return repr(float(value)) if key in UNITLESS else f"{float(value)!r}px"
    if isinstance(value, str):
        return value
    _fail(f"{path}: expected a number or a string")


def css(node, path):
    """The node's style as a CSS declaration list."""
    declarations = []
    for key, value in node.items():
        if key in ("children", "id"):
            continue
        here = f"{path}.{key}" if path else key
        if key == "gridTemplateAreas" and isinstance(value, list):
            rows = " ".join('"' + str(row).replace('"', "") + '"' for row in value)
            declarations.append(f"grid-template-areas: {rows}")
        elif key in GRID:
            if key in LINES and isinstance(value, (int, float)) and not isinstance(value, bool):
                value = str(int(value))
            declarations.append(f"{_kebab(key)}: {_css_value(key, value, here)}")
        elif key in PLAIN:
            if key in ("maxWidth", "maxHeight") and value == "auto":
                value = "none"  # (CSS's word for no maximum: browsers drop `auto`.)
            declarations.append(f"{_kebab(key)}: {_css_value(key, value, here)}")
        elif key in EDGES:
            sides = value if isinstance(value, dict) else {side: value for side in SIDES}
            for side, side_value in sides.items():
                if side not in SIDES:
                    _fail(f"{here}.{side}: unknown edge")
                property_name = side if key == "inset" else f"{key}-{side}"
                if key == "border":
                    property_name = f"border-{side}-width"
                declarations.append(f"{property_name}: {_css_value(key, side_value, here + '.' + side)}")
        else:
            _fail(f"{here}: a key this oracle does not know")
    return "; ".join(declarations)


def html_node(node, path):
    if not isinstance(node, dict):
        _fail(f"{path or 'tree'}: expected an object")
    children = node.get("children", [])
    inner = "".join(html_node(child, f"{path}.children[{index}]" if path else f"children[{index}]")
                    for index, child in enumerate(children))
    # (Escaped: an areas row is a quoted string.)
    return f'<div style="{html.escape(css(node, path))}">{inner}</div>'


def container_style(case):
    # Where the available width is a number, the container takes the root's direction, so that a
    # right-to-left root sits at its right, as the engine places it (its static position there).
    direction = case["tree"].get("direction", "ltr") if isinstance(case.get("width"), (int, float)) else "ltr"
    parts = ["position: absolute", "left: 0", "top: 0", "display: block", f"direction: {direction}"]
    for axis, key in (("width", "width"), ("height", "height")):
        space = case.get(key, "max-content")
        if isinstance(space, (int, float)):
            parts.append(f"{axis}: {float(space)!r}px")
        elif space == "min-content":
            parts.append(f"{axis}: 0px")
        elif space == "max-content":
            parts.append(f"{axis}: 100000px" if axis == "width" else f"{axis}: auto")
        else:
            _fail(f"{case.get('name', '?')}: {key}: expected a number, min-content or max-content")
    return "; ".join(parts)


# The root's percentages, by the axis of their base: the browser resolves them against its container
# (100,000 px wide for max-content, 0 for min-content, 0 high for an auto height), the engine
# against nothing (an available space that is not a number): a case that has one is unsure.
ROOT_PERCENTAGES = {"width": ("width", "minWidth", "maxWidth", "padding", "border"),
                    "height": ("height", "minHeight", "maxHeight")}


def _has_percentage(value):
    if isinstance(value, dict):
        return any(_has_percentage(v) for v in value.values())
    return isinstance(value, str) and value.endswith("%")


def unsure(case):
    reasons = []
    tree = case["tree"]
    for axis, keys in ROOT_PERCENTAGES.items():
        space = case.get(axis, "max-content")
        if isinstance(space, (int, float)) and not isinstance(space, bool):
            continue
        for key in keys:
            if _has_percentage(tree.get(key)):
                reasons.append(f"root.{key}: a percentage of a {space} {axis}")
    return reasons


PAGE = """<!DOCTYPE html><html><head><style>
body { margin: 0; padding: 0; }
.case div { box-sizing: border-box; position: relative; border: 0 solid transparent; margin: 0;
  padding: 0; display: flex; }
.case > div { position: absolute; }
* { scrollbar-width: none; }
*::-webkit-scrollbar { display: none; }
</style></head><body></body></html>"""

# Every node's frame relative to its parent's border box; a node that is not displayed (display:
# none, or inside one) is all zeros, as the engine gives it.
READ = """
document.body.innerHTML = arguments[0];
function hidden(element) {
  const children = [];
  for (const child of element.children) children.push(hidden(child));
  return {x: 0, y: 0, width: 0, height: 0, children: children};
}
function frames(element, parent) {
  if (getComputedStyle(element).display === 'none') return hidden(element);
  const box = element.getBoundingClientRect();
  const origin = parent.getBoundingClientRect();
  const children = [];
  for (const child of element.children) children.push(frames(child, element));
  return {x: box.left - origin.left, y: box.top - origin.top, width: box.width, height: box.height,
          children: children};
}
const out = Array.from(document.querySelectorAll('.case')).map(c => frames(c.firstElementChild, c));
document.body.innerHTML = '';
return out;
"""

# Every declaration the browser dropped (a value it does not take), as [case, path, declaration].
CHECK = """
document.body.innerHTML = arguments[0];
const out = [];
document.querySelectorAll('.case').forEach((c, index) => {
  function walk(element, path) {
    for (const declaration of (element.getAttribute('style') || '').split('; ')) {
      const property = declaration.slice(0, declaration.indexOf(':')).trim();
      if (property && element.style.getPropertyValue(property) === '') out.push([index, path, declaration]);
    }
    Array.from(element.children).forEach((child, i) => walk(child, path + '.children[' + i + ']'));
  }
  walk(c.firstElementChild, 'root');
});
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

    def _page(self, cases):
        return "".join(f'<div class="case" style="{container_style(case)}">{html_node(case["tree"], "")}</div>'
                       for case in cases)

    def dropped(self, cases):
        """Each declaration of the cases' CSS the browser drops, as "NAME PATH: DECLARATION"."""
        out = []
        for first in range(0, len(cases), 500):
            batch = cases[first:first + 500]
            for index, path, declaration in self.driver.execute_script(CHECK, self._page(batch)):
                out.append(f"{batch[index].get('name', first + index)} {path}: {declaration}")
        return out

    def layout(self, cases):
        """The cases again, each with Chromium's `expected` (and `unsure` where it applies)."""
        out = []
        for first in range(0, len(cases), 500):
            batch = cases[first:first + 500]
            results = self.driver.execute_script(READ, self._page(batch))
            for case, frames in zip(batch, results):
                case = dict(case, expected=frames, rounding=False)
                case.pop("unsure", None)
                reasons = unsure(case)
                if reasons:
                    case["unsure"] = reasons
                out.append(case)
        return out


def layout(cases):
    with Browser() as browser:
        return browser.layout(cases)


def read_cases(stream):
    cases = []
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as error:
            _fail(f"line {number}: not JSON ({error})")
        if not isinstance(case, dict) or "tree" not in case:
            _fail(f"line {number}: expected a case with a tree")
        cases.append(case)
    return cases


# ---------------------------------------------------------------------------------------------
# Random trees: the engine's whole style vocabulary on boxes (no text: fonts differ)

ALIGN = ["normal", "flex-start", "flex-end", "start", "end", "center", "stretch", "baseline"]
CONTENT_ALIGN = ["normal", "flex-start", "flex-end", "start", "end", "center", "stretch", "space-between",
                 "space-around", "space-evenly"]

# One table: each style key the generator writes, how often (for a root, for any other node) and how
# its value is drawn. A key the engine reads and this table lacks fails the project's test of it.
VOCABULARY = {
    "display": (0.0, 0.05, lambda rng: "none" if rng.random() < 0.9 else "flex"),
    "position": (0.0, 0.14, lambda rng: "absolute" if rng.random() < 0.85 else "relative"),
    "direction": (0.15, 0.06, lambda rng: rng.choice(["rtl", "rtl", "ltr"])),
    "boxSizing": (0.3, 0.3, lambda rng: "content-box" if rng.random() < 0.8 else "border-box"),
    "flexDirection": (0.5, 0.5, lambda rng: rng.choice(["row", "column", "row-reverse", "column-reverse"])),
    "flexWrap": (0.3, 0.3, lambda rng: rng.choice(["nowrap", "wrap", "wrap-reverse"])),
    "flexGrow": (0.0, 0.3, lambda rng: rng.choice([0, 0.5, 1, 1, 2, 3])),
    "flexShrink": (0.0, 0.25, lambda rng: rng.choice([0, 0, 0.5, 1, 2])),
    "flexBasis": (0.0, 0.2, lambda rng: _size(rng, 0, 200, auto=0.25, percent=0.25)),
    "justifyContent": (0.3, 0.3, lambda rng: rng.choice(CONTENT_ALIGN)),
    "alignItems": (0.3, 0.3, lambda rng: rng.choice(ALIGN)),
    "alignSelf": (0.0, 0.2, lambda rng: rng.choice(["auto"] + ALIGN[1:])),
    "alignContent": (0.25, 0.25, lambda rng: rng.choice(CONTENT_ALIGN)),
    "width": (0.6, 0.5, lambda rng, high: _size(rng, 0, high)),
    "height": (0.45, 0.5, lambda rng, high: _size(rng, 0, high)),
    "minWidth": (0.1, 0.1, lambda rng, high: _size(rng, 0, high, auto=0.1)),
    "minHeight": (0.1, 0.1, lambda rng, high: _size(rng, 0, high, auto=0.1)),
    "maxWidth": (0.1, 0.1, lambda rng, high: _size(rng, 0, high, auto=0.1)),
    "maxHeight": (0.1, 0.1, lambda rng, high: _size(rng, 0, high, auto=0.1)),
    "aspectRatio": (0.1, 0.1, lambda rng: rng.choice([0.5, 1, 1.5, 2, 3])),
    "margin": (0.0, 0.25, lambda rng: _edges(rng, lambda: _edge_value(rng, 30, auto=0.2))),
    "padding": (0.25, 0.25, lambda rng: _edges(rng, lambda: _edge_value(rng, 30))),
    # Whole points: Chromium snaps border widths to whole device pixels (1.5 draws 1), the engine
    # keeps them as given (it has no device pixels: a drawing may be at any scale).
    "border": (0.15, 0.15, lambda rng: _edges(rng, lambda: rng.randint(0, 10))),
    "inset": (0.0, 0.08, lambda rng: _edges(rng, lambda: _edge_value(rng, 100, auto=0.15, percent=0.2))),
    "gap": (0.12, 0.12, lambda rng: _edge_value(rng, 20)),
    "rowGap": (0.07, 0.07, lambda rng: _edge_value(rng, 20)),
    "columnGap": (0.07, 0.07, lambda rng: _edge_value(rng, 20)),
    "overflow": (0.15, 0.15, lambda rng: rng.choice(["hidden", "hidden", "visible", "clip", "scroll"])),
    # Pages only (no layout reads them): written now and then, so that they are seen to change nothing.
    "breakBefore": (0.0, 0.02, lambda rng: rng.choice(["auto", "page", "avoid"])),
    "breakAfter": (0.0, 0.02, lambda rng: rng.choice(["auto", "page", "avoid"])),
    "breakInside": (0.02, 0.02, lambda rng: rng.choice(["auto", "avoid"])),
    "repeat": (0.0, 0.02, lambda rng: rng.choice(["none", "header", "footer"])),
}
# Keys that mean nothing on a root (it is no container's item): the generator leaves them off it.
SIZED = {"width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"}


def random_style(rng, is_root, depth):
    style = {}
    high = 300 if depth <= 1 else 150
    for key, (root_share, share, make) in VOCABULARY.items():
        if rng.random() >= (root_share if is_root else share):
            continue
        style[key] = make(rng, high) if key in SIZED else make(rng)
    if not is_root and style.get("position") == "absolute" and "inset" not in style and rng.random() < 0.8:
        style["inset"] = VOCABULARY["inset"][2](rng)
    return style


def generate_case(seed, index, levels=3, most=4, grid=False):
    """Case `index` of `seed`: a root and up to `levels` levels below it, up to `most` children a node,
    at most 25 nodes; the root's available space a number (55%), min-content (10%) or max-content.
    With `grid`, case `index` of the grid sample (`random_grid.grid_tree`, its own seeds, whole
    numbers for the available space)."""
    if grid:
        rng = random.Random(f"chromium-grid:{seed}:{index}")
        return _finished_case(rng, f"grid-{seed}-{index}", grid_tree(rng), lambda: rng.randint(50, 500))
    rng = random.Random(f"chromium-oracle:{seed}:{index}")
    return _finished_case(rng, f"chromium-{seed}-{index}", _flex_tree(rng, levels, most),
                          lambda: _half(rng, 50, 500))


def _flex_tree(rng, levels, most):
    """The flex sample's tree (`VOCABULARY` on every node)."""
    budget = [rng.randint(1, 25)]

    def node(depth):
        budget[0] -= 1
        result = random_style(rng, depth == 0, depth)
        children = []
        if depth < levels and budget[0] > 0:
            wanted = rng.randint(0 if depth else 1, most)
            for _ in range(wanted):
                if budget[0] <= 0:
                    break
                children.append(node(depth + 1))
        result["children"] = children
        return result

    return node(0)


def _finished_case(rng, name, tree, points):
    """The case of `tree`: its available space (a number from `points()`, min-content or max-content),
    and no percentage on its root where that space is not a number."""
    def space():
        roll = rng.random()
        if roll < 0.55:
            return points()
        return "min-content" if roll < 0.65 else "max-content"

    case = {"name": name, "width": space(), "height": space(), "tree": tree}
    # A percentage on the root of an axis whose available space is not a number means something else
    # to the browser (see `unsure`): such a root gets points instead.
    for axis, keys in ROOT_PERCENTAGES.items():
        if not isinstance(case[axis], str):
            continue
        for key in keys:
            value = tree.get(key)
            if isinstance(value, dict):
                tree[key] = {side: 10 if _has_percentage(v) else v for side, v in value.items()}
            elif _has_percentage(value):
                tree[key] = 10 if key in ("padding", "border") else 100
    return case


# ---------------------------------------------------------------------------------------------
# The engine (`mush layout --exact`) against the browser


def default_mush():
    """$MUSH, or the release build's mush, or the debug build's."""
    if os.environ.get("MUSH"):
        return os.environ["MUSH"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for folder in ("release", "debug"):
        path = os.path.join(root, ".build", folder, "mush")
        if os.path.exists(path):
            return path
    return "mush"


def engine_layouts(cases, mush):
    """The engine's frames for every case (None where it refused the tree), one `mush layout --batch`
    run for each available space."""
    groups = {}
    for index, case in enumerate(cases):
        groups.setdefault((str(case.get("width", "max-content")), str(case.get("height", "max-content"))),
                          []).append(index)
    out = [None] * len(cases)
    for (width, height), indices in groups.items():
        lines = "".join(json.dumps(cases[i]["tree"]) + "\n" for i in indices)
        run = subprocess.run([mush, "layout", "--batch", "--exact", "--no-system-fonts", "--jobs", "1",
                              "--width", width, "--height", height], input=lines, capture_output=True,
                             text=True)
        answers = run.stdout.splitlines()
        if len(answers) != len(indices):
            _fail(f"mush layout answered {len(answers)} lines for {len(indices)}: {run.stderr.strip()}")
        for index, answer in zip(indices, answers):
            result = json.loads(answer)
            out[index] = None if "error" in result else result
    return out


def differences(expected, actual, tolerance=0.1, path="root"):
    """Every value over `tolerance` apart, as "PATH.KEY engine E, Chromium C"."""
    found = []
    for key in ("x", "y", "width", "height"):
        if abs(expected[key] - actual[key]) > tolerance:
            found.append(f"{path}.{key}: engine {actual[key]:g}, Chromium {expected[key]:g}")
    wanted, got = expected.get("children", []), actual.get("children", [])
    if len(wanted) != len(got):
        return found + [f"{path}: {len(got)} children, Chromium {len(wanted)}"]
    for index, (e, a) in enumerate(zip(wanted, got)):
        found += differences(e, a, tolerance, f"{path}.children[{index}]")
    return found


def compare(cases, mush):
    """Each case with `differences` (empty where it agrees) or `refused`, against its `expected`."""
    out = []
    for case, actual in zip(cases, engine_layouts(cases, mush)):
        case = dict(case)
        if actual is None:
            case["refused"] = True
        else:
            case["differences"] = differences(case["expected"], actual)
        out.append(case)
    return out


# ---------------------------------------------------------------------------------------------
# Reduction: the smallest tree that still differs


def _nodes(tree, path=()):
    yield path, tree
    for index, child in enumerate(tree.get("children", [])):
        yield from _nodes(child, path + (index,))


def _replaced(tree, path, make):
    """A copy of `tree` with the node at `path` replaced by make(node) (None: removed)."""
    if not path:
        return make(tree)
    copy = dict(tree)
    children = list(copy["children"])
    child = _replaced(children[path[0]], path[1:], make)
    if child is None:
        del children[path[0]]
    else:
        children[path[0]] = child
    copy["children"] = children
    return copy


def _simpler_values(value):
    if isinstance(value, dict):
        for side in value:
            yield {k: v for k, v in value.items() if k != side}
        for side, side_value in value.items():
            for simpler in _simpler_values(side_value):
                yield dict(value, **{side: simpler})
        if len(set(map(json.dumps, value.values()))) == 1:
            yield next(iter(value.values()))
        return
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        for simpler in (0, round(value), int(value / 2), 10 * round(value / 10)):
            if simpler != value and abs(simpler) < abs(value) or (simpler != value and simpler == round(value)):
                yield simpler
    if isinstance(value, str) and _is_percentage(value):
        yield "0%"
        yield "100%"
    elif isinstance(value, str) and " " in value.strip():
        # A grid track list or line: one word or bracket group fewer at a time.
        words = value.split(" ")
        for index in range(len(words)):
            yield " ".join(words[:index] + words[index + 1:])


def simplifications(case):
    """Cases one step simpler than `case`: a subtree removed, a node's children hoisted in its place,
    a style key removed, a value made smaller or rounder, the available space made max-content."""
    tree = case["tree"]
    for key in ("width", "height"):
        if case.get(key, "max-content") != "max-content":
            yield dict(case, **{key: "max-content"})
    nodes = list(_nodes(tree))
    for path, node in reversed(nodes):
        if path:
            yield dict(case, tree=_replaced(tree, path, lambda node: None))
    for path, node in nodes:
        for key in node:
            if key == "children":
                continue
            yield dict(case, tree=_replaced(tree, path, lambda node, key=key: {k: v for k, v in node.items()
                                                                            if k != key}))
    for path, node in nodes:
        children = node.get("children", [])
        if path and children:
            parent_path, index = path[:-1], path[-1]
            yield dict(case, tree=_replaced(tree, parent_path, lambda parent, index=index: dict(
                parent, children=parent["children"][:index] + children + parent["children"][index + 1:])))
    for path, node in nodes:
        for key, value in node.items():
            if key == "children":
                continue
            for simpler in _simpler_values(value):
                if key == "aspectRatio" and simpler == 0:
                    continue
                yield dict(case, tree=_replaced(tree, path, lambda node, key=key, simpler=simpler: dict(
                    node, **{key: simpler})))
    for key in ("width", "height"):
        value = case.get(key)
        if isinstance(value, (int, float)):
            for simpler in _simpler_values(value):
                if simpler > 0:
                    yield dict(case, **{key: simpler})


def _numbers(value):
    if isinstance(value, dict):
        return sum(_numbers(v) for v in value.values())
    if isinstance(value, list):
        return sum(_numbers(v) for v in value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return abs(value) + (0 if value == int(value) else 0.5)
    if isinstance(value, str) and _is_percentage(value):
        return 1000 + float(value[:-1])
    if isinstance(value, str):
        # (A grid value in CSS's syntax: shorter is simpler.)
        return len(value)
    return 0


def _is_percentage(value):
    """Whether a string is a plain percentage (not a grid track list ending in one)."""
    try:
        float(value[:-1])
        return value.endswith("%")
    except ValueError:
        return False


def _measure(case):
    """How big a case is (fewer nodes, then fewer keys, then shorter, then smaller numbers): each
    accepted step makes it strictly smaller, so a reduction always ends."""
    nodes = list(_nodes(case["tree"]))
    spaces = [case.get(k, "max-content") for k in ("width", "height")]
    return (len(nodes), sum(len(node) for _, node in nodes), len(json.dumps(case["tree"])),
            _numbers(case["tree"]) + _numbers(spaces) + 10000 * sum(isinstance(v, (int, float)) for v in spaces))


def reduce_case(case, browser, mush, log=None):
    """The case made simpler, one accepted step at a time, while the engine and Chromium still differ
    on it (and the case stays sure); each round tries every simplification in one browser batch."""
    current = compare(browser.layout([case]), mush)[0]
    if not current.get("differences") or current.get("unsure"):
        return current
    while True:
        size = _measure(current)
        candidates = [dict(c, name=case["name"]) for c in simplifications(current) if _measure(c) < size]
        if not candidates:
            return current
        checked = compare(browser.layout(candidates), mush)
        # (A step the engine refuses, a grid value cut into bad syntax, is no simpler case.)
        better = [c for c in checked if c.get("differences") and not c.get("unsure") and not c.get("refused")]
        if not better:
            return current
        current = min(better, key=_measure)
        if log:
            log(f"{_measure(current)}: {json.dumps(current['tree'])}")


# ---------------------------------------------------------------------------------------------
# Commands


def _strip(case):
    return {k: v for k, v in case.items() if k not in ("differences", "refused")}


def generated(args):
    """The sample the options name (--seed, --count, --first, --grid)."""
    return [generate_case(args.seed, index, grid=args.grid) for index in range(args.first, args.first + args.count)]


def command_compare(args):
    if args.generate:
        cases = layout(generated(args))
    else:
        stream = sys.stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")
        cases = read_cases(stream)
        if any("expected" not in case for case in cases):
            cases = layout(cases)
    checked = compare(cases, args.mush)
    sure = [c for c in checked if not c.get("unsure")]
    agreeing = [c for c in sure if c.get("differences") == []]
    refused = [c for c in sure if c.get("refused")]
    differing = [c for c in sure if c.get("differences")]
    print(f"{len(cases)} cases: {len(agreeing)} agree, {len(differing)} differ, {len(refused)} refused, "
          f"{len(cases) - len(sure)} unsure; agreement {100 * len(agreeing) / max(1, len(sure)):.1f}%")
    if args.taffy:
        taffy_agreeing, taffy_refused = taffy_agreement(sure)
        taken = len(sure) - taffy_refused
        print(f"Taffy 0.7.7 on the same cases: {taffy_agreeing} of the {taken} it takes agree "
              f"({100 * taffy_agreeing / max(1, taken):.1f}%; {taffy_refused} it cannot take, as right to left); "
              f"the engine on those {taken}: {sum(1 for c in sure if c.get('differences') == [] and c['taffy_takes'])}")
    for case in differing + refused:
        first = case.get("differences", ["refused by the engine"])[:args.show]
        print(f"  {case['name']}: " + "; ".join(first))
    if args.differing:
        with open(args.differing, "w", encoding="utf-8") as out:
            for case in differing:
                out.write(json.dumps(case) + "\n")


def taffy_agreement(cases):
    """How many of `cases` (with Chromium's `expected`) Taffy 0.7.7 lays out alike, through
    taffy_oracle.py (unrounded, its root's width found first as the engine's is), and how many it
    cannot take (right to left); marks each case's `taffy_takes`."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import taffy_oracle
    def without_normal(node):
        # (`normal` is the initial value, which the Taffy oracle takes as an absent key.)
        node = {key: value for key, value in node.items() if value != "normal"}
        node["children"] = [without_normal(child) for child in node.get("children", [])]
        return node

    agreeing = refused = 0
    for case in cases:
        try:
            frames = taffy_oracle.layout_case(dict(case, tree=without_normal(case["tree"]), rounding=False))
        except taffy_oracle.InputError:
            refused += 1
            case["taffy_takes"] = False
            continue
        case["taffy_takes"] = True
        agreeing += not differences(case["expected"], frames)
    return agreeing, refused


def command_reduce(args):
    stream = sys.stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")
    cases = read_cases(stream)
    if args.name:
        cases = [c for c in cases if c["name"] in args.name]
    log = (lambda line: print(line, file=sys.stderr)) if args.verbose else None
    with Browser() as browser:
        for case in cases:
            reduced = reduce_case(_strip(case), browser, args.mush, log)
            print(json.dumps(reduced))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    def sample(command, *, required=False):
        """The generated sample's options: --seed, --count and --first (with --generate, where a
        file of cases is the other choice)."""
        if not required:
            command.add_argument("--generate", action="store_true", help="generated cases instead of a file")
        command.add_argument("--seed", type=int, required=required, default=None if required else 1)
        command.add_argument("--count", type=int, required=required, default=None if required else 300)
        command.add_argument("--first", type=int, default=0, help="index of the first case")
        command.add_argument("--grid", action="store_true", help="the CSS Grid sample (random_grid.py)")

    run = sub.add_parser("layout", help="lay cases out in Chromium")
    run.add_argument("file", nargs="?", help="a JSON Lines file of cases, or - for standard input")
    sample(run)
    generate = sub.add_parser("generate", help="print random cases (JSON Lines, no expected)")
    sample(generate, required=True)
    check = sub.add_parser("compare", help="the engine against Chromium")
    check.add_argument("file", nargs="?", help="cases (with or without expected), or - for standard input")
    sample(check)
    check.add_argument("--mush", default=default_mush(), help="the mush binary (default: .build's)")
    check.add_argument("--show", type=int, default=2, help="differences printed a case")
    check.add_argument("--differing", help="write the differing cases (with expected) to this file")
    check.add_argument("--taffy", action="store_true", help="Taffy's agreement with Chromium on the same cases")
    shrink = sub.add_parser("reduce", help="shrink differing cases while they still differ")
    shrink.add_argument("file", nargs="?", help="cases, or - for standard input")
    shrink.add_argument("--name", action="append", help="only the case of this name (repeatable)")
    shrink.add_argument("--mush", default=default_mush())
    shrink.add_argument("--verbose", action="store_true", help="each accepted step on standard error")
    verify = sub.add_parser("check", help="the declarations Chromium drops (values it does not take; status 1 if any)")
    verify.add_argument("file", nargs="?", help="cases, or - for standard input")
    sample(verify)
    keys = sub.add_parser("keys", help="the style keys the generator writes, as a JSON array (sorted)")
    keys.add_argument("--grid", action="store_true", help="the keys the CSS Grid sample writes")
    arguments = parser.parse_args()
    if arguments.command in ("layout", "check"):
        if arguments.generate:
            cases = generated(arguments)
        elif arguments.file:
            stream = sys.stdin if arguments.file == "-" else open(arguments.file, encoding="utf-8")
            cases = read_cases(stream)
        else:
            _fail(f"{arguments.command}: give a FILE (- for standard input) or --generate")
        if arguments.command == "check":
            with Browser() as browser:
                dropped = browser.dropped(cases)
            print("\n".join(dropped + [f"{len(cases)} cases: {len(dropped)} declarations dropped"]))
            sys.exit(1 if dropped else 0)
        for case in layout(cases):
            print(json.dumps(case))
    elif arguments.command == "generate":
        for case in generated(arguments):
            print(json.dumps(case))
    elif arguments.command == "compare":
        command_compare(arguments)
    elif arguments.command == "reduce":
        command_reduce(arguments)
    else:
        print(json.dumps(GRID_KEYS if arguments.grid else sorted(VOCABULARY)))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(0)
