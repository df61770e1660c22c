#!/usr/bin/env python3
"""Chromium as the box engine's oracle: box trees written as HTML, laid out by a real browser.

    python3 Tests/BoxOracle/chromium_oracle.py layout cases.jsonl        # or - for standard input
    python3 Tests/BoxOracle/taffy_oracle.py generate --seed 7 --count 300 \\
        | python3 Tests/BoxOracle/chromium_oracle.py layout -

Reads cases in the format of the box fixtures (`Tests/MushBoxTests/Fixtures/README.md`: JSON Lines
with `name`, `width`, `height`, `tree`), and writes each case again with `expected`: every node's
`x`, `y`, `width` and `height` as Chromium lays the tree out (each relative to its parent's border
box, unrounded, from `getBoundingClientRect`). One headless Chromium (Debian's `chromium` and
`chromium-driver`, driven by selenium) lays out a whole batch in one page.

How a tree becomes HTML (the way Taffy's fixture generator writes its cases, so that the two
oracles and the fixtures agree on what a root is): every node is a `div` with `display: flex`,
`position: relative`, `box-sizing: border-box` and no border, margin or padding unless its style
sets them; style keys are the engine's JSON keys, which are CSS properties in camel case with CSS
values (numbers are pixels, `"50%"` a percentage); edges (`margin`, `padding`, `border`, `inset`)
are one value or an object of sides; `border` widths are drawn `solid` and transparent; scroll
bars take no room. The root is absolutely positioned in a container as large as the available
space: a number of points is a container that wide (or tall); `max-content` a container
100,000 px wide (an absolutely positioned box of auto width is as wide as its max-content width
when the room is larger) or of auto height; `min-content` a container 0 px wide.

Where this cannot say what the engine means (a root whose height is a percentage of a
`max-content` height: the container's height is then 0 for the browser, indefinite for the
engine), the case gets `"unsure": [reasons]`.

Nothing here builds or runs Swift. Exit status 2 with one line on standard error for bad input.
"""

import argparse
import json
import re
import sys

SIDES = ("top", "right", "bottom", "left")

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
        if key in PLAIN:
            if key == "overflow" and value == "scroll":
                value = "scroll"
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
    return f'<div style="{css(node, path)}">{inner}</div>'


def container_style(case):
    parts = ["position: absolute", "left: 0", "top: 0", "display: block"]
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


def unsure(case):
    reasons = []
    tree = case["tree"]
    if case.get("height", "max-content") != "max-content":
        return reasons
    for key in ("height", "minHeight", "maxHeight"):
        value = tree.get(key)
        if isinstance(value, str) and value.endswith("%"):
            reasons.append(f"root.{key}: a percentage of a max-content height")
    return reasons


PAGE = """<!DOCTYPE html><html><head><style>
body { margin: 0; padding: 0; }
.case div { box-sizing: border-box; position: relative; border: 0 solid transparent; margin: 0;
  padding: 0; display: flex; }
.case > div { position: absolute; }
* { scrollbar-width: none; }
*::-webkit-scrollbar { display: none; }
</style></head><body>%s</body></html>"""

READ = """
function frames(element, parent) {
  const box = element.getBoundingClientRect();
  const origin = parent.getBoundingClientRect();
  const children = [];
  for (const child of element.children) children.push(frames(child, element));
  return {x: box.left - origin.left, y: box.top - origin.top, width: box.width, height: box.height,
          children: children};
}
return Array.from(document.querySelectorAll('.case')).map(c => frames(c.firstElementChild, c));
"""


def layout(cases):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    body = "".join(f'<div class="case" style="{container_style(case)}">{html_node(case["tree"], "")}</div>'
                   for case in cases)
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,800",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        driver.get("data:text/html;charset=utf-8," + _quote(PAGE % body))
        results = driver.execute_script(READ)
    finally:
        driver.quit()
    out = []
    for case, frames in zip(cases, results):
        case = dict(case, expected=frames, rounding=False)
        reasons = unsure(case)
        if reasons:
            case["unsure"] = reasons
        out.append(case)
    return out


def _quote(text):
    from urllib.parse import quote
    return quote(text)


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("layout", help="lay cases out in Chromium")
    run.add_argument("file", help="a JSON Lines file of cases, or - for standard input")
    arguments = parser.parse_args()
    stream = sys.stdin if arguments.file == "-" else open(arguments.file, encoding="utf-8")
    cases = read_cases(stream)
    for case in layout(cases):
        print(json.dumps(case))


if __name__ == "__main__":
    main()
