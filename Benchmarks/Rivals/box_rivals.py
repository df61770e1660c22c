#!/usr/bin/env python3
"""Layout speed and memory of the box engine's rivals, Taffy and Yoga, on the same trees.

Needs Python 3.11 with `stretchable` 1.1.8 (Taffy 0.7.7, Rust, through pyo3) and `poga` 0.1.19
(Yoga 1.19.0's C API, C++, through pybind11). The Swift side lays out the very same trees from
the files `--write-trees DIR` writes.

    python3 Benchmarks/Rivals/box_rivals.py                       # every tree, every library
    python3 Benchmarks/Rivals/box_rivals.py --trees grid,chain --libs taffy,yoga --repeats 9
    python3 Benchmarks/Rivals/box_rivals.py --scaling   # also grid, chain, cards at 4 sizes
    python3 Benchmarks/Rivals/box_rivals.py --write-trees /tmp/box-trees   # the trees, then run
    python3 Benchmarks/Rivals/box_rivals.py --trees cards,rows --from DIR  # BoxProbe's --dump DIR

Trees (the root's available space is max-content in both axes; rounding on everywhere):

    grid    10,000 boxes wrapping: root width 1000, row, wrap; children 90x40, margin 5
            (10,001 nodes)
    levels  4 levels of 10: root column, 10 children a node down to depth 4, row and column in
            turn; leaves 10x10 with flexGrow 1, inner nodes auto-sized (11,111 nodes)
    chain   1,000 deep: each node has one child and padding 1, auto-sized; the leaf 10x10
            (1,000 nodes)
    cards   1,000 text cards (BoxTrees/TextTrees.swift), read from DIR/cards.json, which
            `BoxProbe cards --dump DIR` writes: a column of cards 320 wide, padding 12, margin-bottom
            8, each holding a photo, a title and a body (margin-top 8 on the last two) and a badge
            placed absolutely (inset top 20, right 20, padding 6 left and right) (5,001 nodes)
    rows    1,000 MGLine rows in a column 320 wide, from DIR/rows.json (`BoxProbe rows --dump
            DIR`) (1,001 nodes)
            The leaves of both are measure functions answering what the engine's leaves answered
            (their min-content and max-content widths, and their heights at the widths the engine
            asked: the file's "_leaf"), by the engine's rule for a leaf: the known width, else the
            available width clamped between the two content widths (min-content: the min,
            max-content: the max), and the height at that width (any width of at least the max is
            the max). A width the engine never asked is a "miss", answered with the height at the
            nearest width below, and counted. So the rivals do the box part with the engine's leaf
            answers and no text work (the text is Pango's part in boxes.sh).
    cssgrid 10,000 fixed boxes in a CSS grid (BoxTrees.cssGrid): root display grid, width 1000,
            gridTemplateColumns "repeat(8, auto) 1fr 2fr", gridAutoRows auto, column gap 10, row
            gap 5; box i is [30, 50, 70, 40, 60, 20, 80][i % 7] x [20, 30, 40, 25][i % 4], but
            every 13th (i % 13 == 6) is 150x30 and spans 2 columns (10,001 nodes)
    nestedgrid  100 grids of 100 fixed boxes in a grid (BoxTrees.nestedGrids): root display
            grid, width 1000, columns "repeat(4, minmax(150px, 1fr))", rows auto, gaps 8; each
            child a grid with columns "repeat(2, auto) repeat(8, minmax(10px, 1fr))", rows auto,
            gaps 4, holding box j of grid k [12, 16, 20, 24][(j + k) % 4] x
            [8, 10, 12][(j + 2k) % 3] (10,101 nodes)
            The two grids are Taffy's only (taffy; not stretchable's Node API, and Yoga has no
            grid layout). With `BoxProbe cssgrid|nestedgrid RUNS --dump DIR` run first, --from
            DIR gives the engine's frames, rounded and unrounded, to compare with Taffy's.
    fixed-cards  a column 320 wide of 1,000 cards, each padding 8, margin-bottom 8, holding one
            leaf whose measure function returns 288x64 whatever it is asked (2,001 nodes; the
            --scaling tree with measure functions)

Libraries (each tree and library runs in a fresh child process, with a time limit; a crash or
a time-out is reported as such):

    taffy        Taffy through stretchable's native module: the timed call is one
                 `taffylib.node_compute_layout` (`..._with_measure` for cards): all of Taffy's work
                 in Rust plus one pyo3 call; nothing per node in Python (except cards' measure
                 functions: a Python call, with its arguments made into dicts, per measure).
    stretchable  the same Taffy through stretchable's `Node.compute_layout(use_rounding=True)`,
                 the API users call: the Rust layout plus stretchable's Python walk that reads
                 every node's layout back into Python objects (the binding's per-node cost; its
                 visibility test walks up to the root for every node, so it is quadratic in
                 depth, and its recursion passes Python's default limit on the chain, which is
                 then run again with a higher limit). Nodes share one Style per distinct style
                 (making a stretchable Style costs about 3 ms). Measure functions go through
                 stretchable's wrapper, which makes attrs objects per call.
    yoga         Yoga 1.19.0 through poga's bindings of its C API: the timed call is one
                 `YGNodeCalculateLayout`; nodes made with YGNodeNewWithConfig, web defaults on
                 (flexDirection row, flexShrink 1, alignContent stretch, as CSS), point scale 1
                 (rounding to whole points, like Taffy's). Cards' measure functions are Python
                 callbacks, as for Taffy; they are unset before the nodes are freed (poga keeps
                 them in a table that otherwise outlives the interpreter and aborts it at exit).

Figures, per tree and library:

    cold µs      the first layout of the freshly built tree, in a fresh process.
    best µs      the fastest of --repeats layouts (default 7), each after marking every node
                 dirty (Taffy: node_mark_dirty on every node; Yoga:
                 YGNodeMarkDirtyAndPropogateToDescendants on the root), so that each is a full
                 layout, not a cache hit. time.perf_counter_ns around the one call only; the
                 tree is built, and marked dirty, outside the timing; the garbage collector is off.
    µs/node      best µs divided by the number of nodes.
    B/node       resident memory (RSS, /proc/self/statm) after building the tree minus before,
                 divided by the number of nodes: the library's native nodes (styles, children
                 arrays, layout caches as made at creation) plus the Python handle kept for each
                 node (an int in a list for taffy, a pybind11 YGNodeRef wrapper in a list for
                 yoga, a whole stretchable.Node with its Style for stretchable). Page-grained
                 (4 KiB) and subject to the allocators' reuse: a rough figure, not an exact one.
    +layout      the same after the first layout (memory the layout added: caches, results).
    py B/node    the Python share of B/node, measured apart (tracemalloc over a second build
                 of the same tree, which sees Python's allocations only, not Rust's or C++'s).
    root         the root's size, and a checksum of every node's x+y+width+height, to show the
                 libraries computed the same layout.
    (notes)      what a layout costs with nothing dirty (a cache hit: Taffy still walks the
                 tree to round it), and for trees with leaves how many times the leaves were
                 measured (each a Python call), the misses, and how the frames compare with the
                 engine's (BoxProbe's dump): rounded, and from one more layout unrounded (after
                 the timing; Taffy's disable_rounding, Yoga's point scale 0). Rounded frames of
                 text cards differ by design: the engine never rounds a leaf below its measured
                 size (a body 65.19 tall at y 195.79 is 66 tall, Taffy's and Yoga's 65); unrounded,
                 the differences are single precision (Taffy and Yoga compute in f32).

The machine matters: run it with nothing else busy, and compare figures from one run only.
"""

import argparse
import gc
import json
import os
import subprocess
import sys
import threading
import time

PAGE = os.sysconf("SC_PAGE_SIZE")
HERE = os.path.abspath(__file__)

# ---------------------------------------------------------------------------------------------
# Trees, in the JSON of `mush layout` (cases in the format of Tests' box fixtures). A measured
# leaf carries the private key "_measure": [width, height].


def tree_grid(count=10_000):
    child = {"width": 90, "height": 40, "margin": 5}
    return {"name": "grid", "width": "max-content", "height": "max-content", "rounding": True,
            "tree": {"width": 1000, "flexDirection": "row", "flexWrap": "wrap",
                     "children": [dict(child) for _ in range(count)]}}


def tree_levels():
    def node(depth):
        if depth == 4:
            return {"width": 10, "height": 10, "flexGrow": 1}
        direction = "column" if depth % 2 == 0 else "row"
        return {"flexDirection": direction, "children": [node(depth + 1) for _ in range(10)]}
    return {"name": "levels", "width": "max-content", "height": "max-content", "rounding": True,
            "tree": node(0)}


def tree_chain(depth=1000):
    leaf = {"width": 10, "height": 10}
    node = leaf
    for _ in range(depth - 1):
        node = {"padding": 1, "children": [node]}
    return {"name": "chain", "width": "max-content", "height": "max-content", "rounding": True,
            "tree": node}


CSS_GRID_WIDTHS = [30, 50, 70, 40, 60, 20, 80]
CSS_GRID_HEIGHTS = [20, 30, 40, 25]


def tree_cssgrid(count=10_000):
    """BoxTrees.cssGrid: a CSS grid (display grid) of fixed boxes, 8 auto and 2 fr columns."""
    def child(i):
        if i % 13 == 6:
            return {"width": 150, "height": 30, "gridColumnStart": "span 2"}
        return {"width": CSS_GRID_WIDTHS[i % 7], "height": CSS_GRID_HEIGHTS[i % 4]}
    return {"name": "cssgrid", "width": "max-content", "height": "max-content", "rounding": True,
            "tree": {"display": "grid", "width": 1000,
                     "gridTemplateColumns": "repeat(8, auto) 1fr 2fr", "gridAutoRows": "auto",
                     "columnGap": 10, "rowGap": 5,
                     "children": [child(i) for i in range(count)]}}


def tree_nestedgrid(count=100, items=100):
    """BoxTrees.nestedGrids: 100 grids of 100 fixed boxes in a grid, minmax() and fr tracks."""
    widths, heights = [12, 16, 20, 24], [8, 10, 12]

    def inner(k):
        return {"display": "grid",
                "gridTemplateColumns": "repeat(2, auto) repeat(8, minmax(10px, 1fr))",
                "gridAutoRows": "auto", "columnGap": 4, "rowGap": 4,
                "children": [{"width": widths[(j + k) % 4], "height": heights[(j + 2 * k) % 3]}
                             for j in range(items)]}
    return {"name": "nestedgrid", "width": "max-content", "height": "max-content",
            "rounding": True,
            "tree": {"display": "grid", "width": 1000,
                     "gridTemplateColumns": "repeat(4, minmax(150px, 1fr))",
                     "gridAutoRows": "auto", "columnGap": 8, "rowGap": 8,
                     "children": [inner(k) for k in range(count)]}}


def tree_fixed_cards(count=1000):
    def card():
        return {"padding": 8, "margin": {"bottom": 8}, "children": [{"_measure": [288, 64]}]}
    return {"name": "fixed-cards", "width": "max-content", "height": "max-content",
            "rounding": True,
            "tree": {"width": 320, "flexDirection": "column",
                     "children": [card() for _ in range(count)]}}


FROM = [os.path.join(os.path.dirname(HERE), "..", ".build", "box-leaves")]  # --from


def tree_from_file(name):
    def read():
        path = os.path.join(FROM[0], f"{name}.json")
        if not os.path.exists(path):
            raise RuntimeError(f"no {path}: run `BoxProbe {name} --dump {FROM[0]}` first")
        with open(path) as file:
            return json.load(file)
    return read


def with_engine_frames(make, name):
    """The tree `make` builds, with the engine's frames where BoxProbe wrote them (`BoxProbe NAME
    RUNS --dump DIR` writes DIR/NAME-frames.json), for comparing them with the rivals'."""
    def read(*args):
        case = make(*args)
        path = os.path.join(FROM[0], f"{name}-frames.json")
        if not args and os.path.exists(path):
            with open(path) as file:
                engine = json.load(file)
            case.update({key: engine[key] for key in
                         ("checksum", "frames", "exact_checksum", "exact_frames")})
        return case
    return read


TREES = {"grid": tree_grid, "levels": tree_levels, "chain": tree_chain,
         "cards": tree_from_file("cards"), "rows": tree_from_file("rows"),
         "fixed-cards": tree_fixed_cards,
         "cssgrid": with_engine_frames(tree_cssgrid, "cssgrid"),
         "nestedgrid": with_engine_frames(tree_nestedgrid, "nestedgrid")}
# CSS grids: Taffy's (and stretchable's) only; Yoga has no grid layout.
GRID_TREES = {"cssgrid", "nestedgrid"}
NOTES = {
    "fixed-cards": "The rivals' leaves are measure functions returning 288x64 whatever they are "
                   "asked; here they are fixed-size boxes.",
    "chain": "1,000 levels deep.",
}


class Answers:
    """A leaf of BoxProbe's dump, answering as the engine's leaf did; counts misses."""

    def __init__(self, leaf, misses):
        self.min, self.max = leaf["min"], leaf["max"]
        self.ratio = leaf.get("ratio")  # an image: height = width / ratio at any width
        self.heights = {w: h for w, h in leaf["heights"]}
        self.misses = misses  # [count], shared by a tree's leaves

    def width(self, available):
        """The width at a definite available width."""
        return min(self.max, max(self.min, available))

    def height(self, width):
        if self.ratio:
            return width / self.ratio
        width = min(width, self.max)
        height = self.heights.get(width)
        if height is None:
            self.misses[0] += 1
            below = [w for w in self.heights if w <= width]
            height = self.heights[max(below) if below else min(self.heights)]
        return height


def preorder(tree):
    """(node, parent index or None) in pre-order, without recursion (the chain is 1,000 deep)."""
    out = []
    stack = [(tree, None)]
    while stack:
        node, parent = stack.pop()
        out.append((node, parent))
        index = len(out) - 1
        for child in reversed(node.get("children", [])):
            stack.append((child, index))
    return out


def for_swift(case):
    """The case as `mush layout` takes it: measured leaves become fixed-size boxes."""
    for key in ("checksum", "frames", "exact_checksum", "exact_frames"):
        case.pop(key, None)  # the engine's own, read from BoxProbe's dump
    for node, _ in preorder(case["tree"]):
        if "_leaf" in node:
            raise ValueError("trees with recorded leaves come from BoxProbe, not --write-trees")
        if "_measure" in node:
            width, height = node.pop("_measure")
            node["width"], node["height"] = width, height
    if case["name"] in NOTES:
        case["note"] = NOTES[case["name"]]
    return case


def rss():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


# ---------------------------------------------------------------------------------------------
# CSS grid values (what the grid trees write: auto, N, Npx, Nfr, minmax(A, B), repeat(N, ...),
# span N) as stretchable's dictionaries for Taffy


def css_words(text):
    """The top-level words of `text`: `repeat(2, auto) 1fr` is ['repeat(2, auto)', '1fr']."""
    words, depth, word = [], 0, ""
    for character in text.strip() + " ":
        depth += {"(": 1, ")": -1}.get(character, 0)
        if character == " " and depth == 0:
            if word:
                words.append(word)
            word = ""
        else:
            word += character
    return words


def grid_breadth(word):
    nan = float("nan")
    if word == "auto":
        return {"dim": 0, "value": nan}
    if word.endswith("fr"):
        return {"dim": 7, "value": float(word[:-2])}
    return {"dim": 1, "value": float(word.removesuffix("px"))}


def grid_track(word):
    """A track size: `1fr` is minmax(auto, 1fr), as in CSS."""
    if word.startswith("minmax("):
        low, high = word[len("minmax("):-1].split(",")
        return {"min_size": grid_breadth(low.strip()), "max_size": grid_breadth(high.strip())}
    breadth = grid_breadth(word)
    low = {"dim": 0, "value": float("nan")} if breadth["dim"] == 7 else breadth
    return {"min_size": low, "max_size": breadth}


def grid_template(text):
    out = []
    for word in css_words(text):
        if word.startswith("repeat("):
            count, _, tracks = word[len("repeat("):-1].partition(",")
            out.append({"repetition": int(count), "single": None,
                        "repeat": [grid_track(w) for w in css_words(tracks)]})
        else:
            out.append({"repetition": -2, "single": grid_track(word), "repeat": []})
    return out


def grid_index(text):
    """A grid line: auto (kind 0), N (1) or span N (2)."""
    if text == "auto":
        return {"kind": 0, "value": 0}
    if text.startswith("span "):
        return {"kind": 2, "value": int(text[5:])}
    return {"kind": 1, "value": int(text)}


# ---------------------------------------------------------------------------------------------
# Taffy through stretchable's native module


class TaffyRival:
    name = "taffy"

    def __init__(self):
        self.calls = [0]  # measure function calls
        self.misses = [0]  # recorded leaves asked at a width the engine never asked
        self.answers = {}  # node id: Answers
        from stretchable import taffylib
        from stretchable.style import Style
        self.t = taffylib

        def plain(value):
            if isinstance(value, dict):
                return {k: plain(v) for k, v in value.items()}
            if isinstance(value, list):
                return [plain(v) for v in value]
            if isinstance(value, bool) or value is None:
                return value
            return int(value) if isinstance(value, int) else value

        self.base = plain(Style().to_dict())
        self.styles = {}
        self.grid = False  # a CSS grid tree (GRID_TREES): style() reads the grid keys

    def style(self, node):
        key = json.dumps({k: v for k, v in node.items() if k != "children"}, sort_keys=True)
        if key in self.styles:
            return self.styles[key]

        def points(value):
            return {"dim": 1, "value": float(value)}

        def edges(value):
            if isinstance(value, dict):
                return {e: points(value.get(e, 0)) for e in ("top", "right", "bottom", "left")}
            return {e: points(value) for e in ("top", "right", "bottom", "left")}

        auto = {"dim": 0, "value": float("nan")}
        style = dict(self.base)
        style["size"] = {"width": points(node["width"]) if "width" in node else auto,
                         "height": points(node["height"]) if "height" in node else auto}
        for key_, field in (("margin", "margin"), ("padding", "padding")):
            if key_ in node:
                style[field] = edges(node[key_])
        if node.get("position") == "absolute":
            style["position"] = 1
        if "inset" in node:
            style["inset"] = {e: points(node["inset"][e]) if e in node["inset"] else auto
                              for e in ("top", "right", "bottom", "left")}
        style["flex_direction"] = {"row": 0, "column": 1}[node.get("flexDirection", "row")]
        style["flex_wrap"] = {"nowrap": 0, "wrap": 1}[node.get("flexWrap", "nowrap")]
        style["flex_grow"] = float(node.get("flexGrow", 0))
        if self.grid:
            # The grid trees' nodes. Taffy's default, and CSS's, is no explicit track
            # (stretchable's Style gives every node one auto row and column: two small vectors a
            # node, which the flex trees' figures keep as they were measured) and implicit tracks
            # sized auto.
            if node.get("display") == "grid":
                style["display"] = 2
            for axis in ("columns", "rows"):
                template = node.get("gridTemplate" + axis.capitalize())
                style["grid_template_" + axis] = grid_template(template) if template else []
                auto = node.get("gridAuto" + axis.capitalize())
                style["grid_auto_" + axis] = ([grid_track(size) for size in css_words(auto)]
                                              if auto else [])
            for axis in ("column", "row"):
                start = node.get(f"grid{axis.capitalize()}Start", "auto")
                style[f"grid_{axis}"] = {"start": grid_index(start),
                                         "end": {"kind": 0, "value": 0}}
            style["gap"] = {"width": points(node.get("columnGap", 0)),
                            "height": points(node.get("rowGap", 0))}
        self.styles[key] = style
        return style

    def build(self, case):
        t = self.t
        self.grid = case["name"] in GRID_TREES
        self.ptr = t.init()
        t.enable_rounding(self.ptr)
        ids = []
        self.measured = False
        self.answers.clear()
        for node, parent in preorder(case["tree"]):
            node_id = t.node_create(self.ptr, self.style(node))
            if "_measure" in node or "_leaf" in node:
                t.node_set_measure(self.ptr, node_id, True)
                self.measured = True
            if "_leaf" in node:
                self.answers[node_id] = Answers(node["_leaf"], self.misses)
            if parent is not None:
                t.node_add_child(self.ptr, ids[parent], node_id)
            ids.append(node_id)
        self.ids = ids
        return ids

    def prepare(self, case):
        nan = float("nan")
        self.space = {"width": {"dim": 4, "value": nan}, "height": {"dim": 4, "value": nan}}
        size = next((tuple(map(float, node["_measure"])) for node, _ in preorder(case["tree"])
                     if "_measure" in node), (0.0, 0.0))
        calls = self.calls

        def measure(known_width, known_height, available_width, available_height, context):
            calls[0] += 1
            return size

        answers = self.answers

        def answer(known_width, known_height, available_width, available_height, context):
            calls[0] += 1
            leaf = answers[context]
            if known_width == known_width:  # not NaN
                width = known_width
            else:
                dim = available_width["dim"]
                width = (leaf.width(available_width["value"]) if dim == 1 else
                         leaf.min if dim == 3 else leaf.max)
            height = known_height if known_height == known_height else leaf.height(width)
            return (width, height)

        recorded = any("_leaf" in node for node, _ in preorder(case["tree"]))
        self.measure = answer if recorded else measure

    def layout(self):
        if self.measured:
            return self.t.node_compute_layout_with_measure(self.ptr, self.ids[0], self.space,
                                                           self.measure)
        return self.t.node_compute_layout(self.ptr, self.ids[0], self.space)

    def dirty(self):
        mark, ptr = self.t.node_mark_dirty, self.ptr
        for node_id in self.ids:
            mark(ptr, node_id)

    def frames(self):
        layout = self.t.PyLayout()
        out = []
        for node_id in self.ids:
            self.t.node_get_layout(self.ptr, node_id, layout)
            out.append((layout.x, layout.y, layout.width, layout.height))
        return out

    def unrounded(self):
        """The frames of one more layout, unrounded (for comparing with the engine's)."""
        self.t.disable_rounding(self.ptr)
        self.dirty()
        self.layout()
        return self.frames()

    def free(self):
        self.t.free(self.ptr)


class StretchableRival(TaffyRival):
    """stretchable's Node API: the same Taffy, plus the binding's Python per node."""
    name = "stretchable"

    def build(self, case):
        from stretchable import Node, Style
        from stretchable.style import AUTO, FlexDirection, FlexWrap
        from stretchable.style.geometry.size import SizePoints
        nodes = []
        calls = self.calls

        def measure(node_, known, available):
            calls[0] += 1
            return size

        size = None
        styles = {}  # one Style per distinct style: making one costs milliseconds
        if any("_leaf" in node or "position" in node for node, _ in preorder(case["tree"])):
            raise NotImplementedError("not for trees with recorded leaves (taffy and yoga only)")
        for node, parent in preorder(case["tree"]):
            key = json.dumps({k: v for k, v in node.items() if k != "children"}, sort_keys=True)
            if key in styles:
                style = styles[key]
            else:
                style = styles[key] = Style(**self.style_arguments(node, AUTO, FlexDirection,
                                                                   FlexWrap))
            if "_measure" in node:
                size = SizePoints(*node["_measure"])  # the same for every leaf
                made = Node(measure=measure, style=style)
            else:
                made = Node(style=style)
            if parent is not None:
                nodes[parent].append(made)
            nodes.append(made)
        self.nodes = nodes
        return nodes

    @staticmethod
    def style_arguments(node, AUTO, FlexDirection, FlexWrap):
        kwargs = {
            "size": (node.get("width", AUTO), node.get("height", AUTO)),
            "flex_direction": FlexDirection[node.get("flexDirection", "row").upper()],
            "flex_wrap": FlexWrap.WRAP if node.get("flexWrap") == "wrap" else FlexWrap.NO_WRAP,
            "flex_grow": float(node.get("flexGrow", 0)),
        }
        for key in ("margin", "padding"):
            if key in node:
                value = node[key]
                kwargs[key] = (tuple(value.get(e, 0) for e in ("top", "right", "bottom", "left"))
                               if isinstance(value, dict) else value)
        return kwargs

    def prepare(self, case):
        pass

    def layout(self):
        return self.nodes[0].compute_layout(use_rounding=True)

    def dirty(self):
        for node in self.nodes:
            node.mark_dirty()

    def frames(self):
        out = []
        for node in self.nodes:
            box = node.border_box
            out.append((box.x, box.y, box.width, box.height))
        return out

    def free(self):
        pass


# ---------------------------------------------------------------------------------------------
# Yoga through poga's bindings of its C API


class YogaRival:
    name = "yoga"

    def __init__(self):
        self.calls = [0]  # measure function calls
        self.misses = [0]  # recorded leaves asked at a width the engine never asked
        import poga.libpoga_capi as yg
        self.yg = yg
        self.config = yg.YGConfigNew()
        yg.YGConfigSetUseWebDefaults(self.config, True)
        yg.YGConfigSetPointScaleFactor(self.config, 1.0)

    def build(self, case):
        yg = self.yg
        nodes = []
        count = []  # children so far, per node
        measured = None
        for node, parent in preorder(case["tree"]):
            made = yg.YGNodeNewWithConfig(self.config)
            if "width" in node:
                yg.YGNodeStyleSetWidth(made, node["width"])
            if "height" in node:
                yg.YGNodeStyleSetHeight(made, node["height"])
            for key, setter in (("margin", yg.YGNodeStyleSetMargin),
                                ("padding", yg.YGNodeStyleSetPadding)):
                if key in node:
                    value = node[key]
                    if isinstance(value, dict):
                        for edge, name in (("top", yg.YGEdge.Top), ("right", yg.YGEdge.Right),
                                           ("bottom", yg.YGEdge.Bottom),
                                           ("left", yg.YGEdge.Left)):
                            setter(made, name, value.get(edge, 0))
                    else:
                        setter(made, yg.YGEdge.All, value)
            yg.YGNodeStyleSetFlexDirection(made, {"row": yg.YGFlexDirection.Row,
                                                  "column": yg.YGFlexDirection.Column}[
                node.get("flexDirection", "row")])
            if node.get("flexWrap") == "wrap":
                yg.YGNodeStyleSetFlexWrap(made, yg.YGWrap.Wrap)
            if "flexGrow" in node:
                yg.YGNodeStyleSetFlexGrow(made, node["flexGrow"])
            if node.get("position") == "absolute":
                yg.YGNodeStyleSetPositionType(made, yg.YGPositionType.Absolute)
            for edge, value in node.get("inset", {}).items():
                yg.YGNodeStyleSetPosition(made, getattr(yg.YGEdge, edge.capitalize()), value)
            if "_leaf" in node:
                measured = self.answering(Answers(node["_leaf"], self.misses))
                yg.YGNodeSetMeasureFunc(made, measured)
            if "_measure" in node:
                if measured is None:
                    size = yg.YGSize(*map(float, node["_measure"]))
                    calls = self.calls

                    def measured(node_, width, width_mode, height, height_mode):
                        calls[0] += 1
                        return size
                yg.YGNodeSetMeasureFunc(made, measured)
            if parent is not None:
                yg.YGNodeInsertChild(nodes[parent], made, count[parent])
                count[parent] += 1
            nodes.append(made)
            count.append(0)
        self.nodes = nodes
        self.measure = measured  # kept alive
        return nodes

    def answering(self, leaf):
        """A measure function answering as `leaf` (Yoga has no min-content mode)."""
        yg, calls = self.yg, self.calls
        exactly, at_most = yg.YGMeasureMode.Exactly, yg.YGMeasureMode.AtMost

        def measured(node_, width, width_mode, height, height_mode):
            calls[0] += 1
            if width_mode == at_most:
                width = leaf.width(width)
            elif width_mode != exactly:
                width = leaf.max
            if height_mode != exactly:
                height = leaf.height(width)
            return yg.YGSize(width, height)
        return measured

    def prepare(self, case):
        pass

    def layout(self):
        yg = self.yg
        yg.YGNodeCalculateLayout(self.nodes[0], yg.YGUndefined, yg.YGUndefined,
                                 yg.YGDirection.LTR)
        return True

    def dirty(self):
        self.yg.YGNodeMarkDirtyAndPropogateToDescendants(self.nodes[0])

    def unrounded(self):
        """The frames of one more layout, unrounded (point scale 0)."""
        self.yg.YGConfigSetPointScaleFactor(self.config, 0.0)
        self.dirty()
        self.layout()
        return self.frames()

    def frames(self):
        yg = self.yg
        return [(yg.YGNodeLayoutGetLeft(n), yg.YGNodeLayoutGetTop(n),
                 yg.YGNodeLayoutGetWidth(n), yg.YGNodeLayoutGetHeight(n)) for n in self.nodes]

    def free(self):
        # Unset the measure functions first: poga keeps them in a table of its own, which
        # otherwise is destroyed after the interpreter is and aborts it at exit.
        if self.measure is not None:
            for node in self.nodes:
                if self.yg.YGNodeHasMeasureFunc(node):
                    self.yg.YGNodeSetMeasureFunc(node, None)
        self.yg.YGNodeFreeRecursive(self.nodes[0])
        self.nodes = []


RIVALS = {"taffy": TaffyRival, "stretchable": StretchableRival, "yoga": YogaRival}


# ---------------------------------------------------------------------------------------------
# One measurement, in a child process


def measure(library, tree_name, repeats):
    name, _, size = tree_name.rpartition("@") if "@" in tree_name else (tree_name, "", "")  # "grid@20000": the grid with 20,000 boxes
    if name in GRID_TREES and library != "taffy":
        raise NotImplementedError(f"{name} is a CSS grid: Taffy's native call only "
                                  "(Yoga has no grid layout)")
    case = TREES[name](int(size)) if size else TREES[name]()
    rival = RIVALS[library]()
    rival.prepare(case)
    gc.collect()
    gc.disable()
    before = rss()
    handles = rival.build(case)
    built = rss()
    nodes = len(handles)
    start = time.perf_counter_ns()
    ok = rival.layout()
    cold = time.perf_counter_ns() - start
    cold_calls = rival.calls[0]
    after_layout = rss()
    if ok is False:
        raise RuntimeError("layout failed")
    frames = rival.frames()
    best = None
    rival.calls[0] = 0
    for _ in range(repeats):
        rival.dirty()
        start = time.perf_counter_ns()
        rival.layout()
        elapsed = time.perf_counter_ns() - start
        best = elapsed if best is None else min(best, elapsed)
    repeat_calls = rival.calls[0] / max(repeats, 1)
    # A repeat without marking dirty shows what a cache hit costs (and that dirtying works).
    start = time.perf_counter_ns()
    rival.layout()
    cached = time.perf_counter_ns() - start
    again = rival.frames()
    gc.enable()
    checksum = sum(x + y + w + h for x, y, w, h in frames)
    same = all(abs(a - b) < 1e-3 for f, g in zip(frames, again) for a, b in zip(f, g))
    exact = rival.unrounded() if "exact_frames" in case else None
    rival.free()
    del handles
    gc.collect()

    # The Python share of the handles: tracemalloc over a second build.
    import tracemalloc
    second = RIVALS[library]()
    second.prepare(case)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = second.build(case)
    python_bytes = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    second.free()
    del kept

    return {"library": library, "tree": tree_name, "nodes": nodes,
            "misses": rival.misses[0] if hasattr(rival, "misses") else 0,
            "engine_checksum": case.get("checksum"),
            "engine_frames": compare(frames, case.get("frames")),
            "engine_exact": compare(exact, case.get("exact_frames")) if exact else None,
            "cold_us": cold / 1000, "best_us": best / 1000, "cached_us": cached / 1000,
            "rss_built": built - before, "rss_layout": after_layout - before,
            "python_bytes": python_bytes,
            "measure_calls": [cold_calls, repeat_calls],
            "root": [frames[0][2], frames[0][3]], "checksum": checksum,
            "repeat_same": same}


def compare(frames, engine):
    """How many frames differ from the engine's (BoxProbe's dump), and by how much at most."""
    if not engine:
        return None
    if len(engine) != len(frames):
        return [len(frames), float("inf")]
    gaps = [max(abs(a - b) for a, b in zip(f, g)) for f, g in zip(frames, engine)]
    return [sum(gap > 0.01 for gap in gaps), max(gaps)]


def worker(args):
    result = {}

    def run():
        try:
            result.update(measure(args.worker[0], args.worker[1], args.repeats))
        except RecursionError as error:
            result["error"] = f"RecursionError: {error}"
        except (NotImplementedError, RuntimeError) as error:
            result["error"] = f"{type(error).__name__}: {error}"

    if args.recursion_limit:
        sys.setrecursionlimit(args.recursion_limit)
    if args.stack_mb:
        threading.stack_size(args.stack_mb * 1024 * 1024)
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    else:
        run()
    print(json.dumps(result))


# ---------------------------------------------------------------------------------------------
# The table


def run_one(library, tree, args, stack_mb=0, recursion_limit=0):
    command = [sys.executable, HERE, "--worker", library, tree, "--repeats", str(args.repeats),
               "--from", args.source]
    if stack_mb:
        command += ["--stack-mb", str(stack_mb)]
    if recursion_limit:
        command += ["--recursion-limit", str(recursion_limit)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {args.timeout:g} s"}
    if done.returncode < 0:
        return {"error": f"crashed (signal {-done.returncode}"
                         f"{', stack ' + str(stack_mb) + ' MB' if stack_mb else ''})"}
    if done.returncode != 0 or not done.stdout.strip():
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": f"failed (exit {done.returncode}): {last}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trees", default="grid,levels,chain,cards,rows")
    parser.add_argument("--from", dest="source", default=FROM[0], metavar="DIR",
                        help="the folder of BoxProbe's --dump (cards.json, rows.json)")
    parser.add_argument("--libs", default="taffy,stretchable,yoga")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds for one tree and library (build, layouts, memory)")
    parser.add_argument("--scaling", action="store_true",
                        help="also time grid, chain and cards at 1/4, 1/2, 1 and 2 times their "
                             "size (taffy and yoga; best of the repeats), to see how time grows")
    parser.add_argument("--write-trees", metavar="DIR",
                        help="write each tree as DIR/NAME.json (one case, fixture format)")
    parser.add_argument("--worker", nargs=2, metavar=("LIB", "TREE"), help=argparse.SUPPRESS)
    parser.add_argument("--stack-mb", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--recursion-limit", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    FROM[0] = args.source
    if args.worker:
        return worker(args)

    trees = args.trees.split(",")
    libs = args.libs.split(",")
    for name in trees + libs:
        if name not in TREES and name not in RIVALS:
            parser.error(f"unknown tree or library: {name}")

    if args.write_trees:
        os.makedirs(args.write_trees, exist_ok=True)
        sys.setrecursionlimit(20_000)  # the chain is 1,000 objects deep
        for name in trees:
            if name in ("cards", "rows"):
                print(f"{name}: BoxProbe {name} --dump DIR writes it")
                continue
            path = os.path.join(args.write_trees, f"{name}.json")
            with open(path, "w") as out:
                out.write(json.dumps(for_swift(TREES[name]()), separators=(",", ":")) + "\n")
            print(f"wrote {path}")

    print(f"Python {sys.version.split()[0]}, repeats {args.repeats}, {os.cpu_count()} cores; "
          "µs per layout call (best of the repeats, cold = first), bytes per node (RSS)")
    header = (f"{'tree':<7} {'library':<12} {'nodes':>6} {'cold µs':>11} {'best µs':>11} "
              f"{'µs/node':>8} {'B/node':>7} {'+layout':>8} {'py B/node':>9}  root (checksum)")
    print(header)
    print("-" * len(header))
    for tree in trees:
        for library in libs:
            if tree in GRID_TREES and library != "taffy":
                print(f"{tree:<7} {library:<12} (left out: a CSS grid, Taffy's native call only"
                      f"{'; Yoga has no grid layout' if library == 'yoga' else ''})")
                continue
            result = run_one(library, tree, args)
            if "error" in result and "crashed" in result["error"]:
                retry = run_one(library, tree, args, stack_mb=1024)
                if "error" not in retry:
                    retry["note"] = f"default stack: {result['error']}; ran in a 1 GB stack"
                    result = retry
            elif "error" in result and result["error"].startswith("RecursionError"):
                retry = run_one(library, tree, args, stack_mb=1024, recursion_limit=100_000)
                if "error" not in retry:
                    retry["note"] = ("Python's default recursion limit: RecursionError; ran with "
                                     "sys.setrecursionlimit(100000) in a 1 GB stack")
                    result = retry
            if "error" in result:
                print(f"{tree:<7} {library:<12} {result['error']}")
                continue
            n = result["nodes"]
            root = f"{result['root'][0]:g}x{result['root'][1]:g} ({result['checksum']:.0f})"
            print(f"{tree:<7} {library:<12} {n:>6} {result['cold_us']:>11,.0f} "
                  f"{result['best_us']:>11,.0f} {result['best_us'] / n:>8.3f} "
                  f"{result['rss_built'] / n:>7.0f} {result['rss_layout'] / n:>8.0f} "
                  f"{result['python_bytes'] / n:>9.0f}  {root}")
            notes = []
            if result.get("note"):
                notes.append(result["note"])
            if not result["repeat_same"]:
                notes.append("a repeat gave a different layout")
            notes.append(f"cache hit (no dirtying): {result['cached_us']:,.0f} µs")
            cold_calls, repeat_calls = result["measure_calls"]
            if cold_calls or repeat_calls:
                notes.append(f"measure calls: {cold_calls} cold, {repeat_calls:g} a repeat")
            if result.get("misses"):
                notes.append(f"{result['misses']} answers at widths the engine never asked")
            if result.get("engine_frames"):
                differ, largest = result["engine_frames"]
                notes.append(f"frames unlike the engine's: {differ} of {n}"
                             + (f" (by up to {largest:g})" if differ else ""))
            if result.get("engine_exact"):
                differ, largest = result["engine_exact"]
                notes.append(f"unrounded frames more than 0.01 from the engine's: {differ}"
                             f" (largest difference {largest:.2g})")
            if result.get("engine_checksum") is not None:
                same = abs(result["engine_checksum"] - result["checksum"]) < 0.5
                notes.append("checksum " + ("= the engine's" if same else
                                            f"!= the engine's {result['engine_checksum']:.0f}"))
            print(f"{'':<7} {'':<12} ({'; '.join(notes)})")
    if "fixed-cards" in trees:
        print("fixed-cards: the box part only; each leaf is a measure function returning a fixed "
              "288x64 (a Python callback in both rivals).")
    if "cards" in trees or "rows" in trees:
        print("cards, rows: the box part only; each leaf a Python measure function answering "
              "what the engine's leaf answered (BoxProbe --dump).")
    if args.scaling:
        scaling(args, [t for t in trees if t in SIZES],
                [lib for lib in libs if lib != "stretchable"])


SIZES = {"grid": 10_000, "chain": 1000, "fixed-cards": 1000}


def scaling(args, trees, libs):
    print()
    print("µs per node (best of the repeats) at 1/4, 1/2, 1 and 2 times the size; linear time "
          "keeps a row flat")
    for tree in trees:
        sizes = [SIZES[tree] // 4, SIZES[tree] // 2, SIZES[tree], SIZES[tree] * 2]
        for library in libs:
            cells = []
            for size in sizes:
                result = run_one(library, f"{tree}@{size}", args)
                cells.append(result.get("error") or
                             f"{size:>6}: {result['best_us'] / result['nodes']:6.3f}")
            print(f"{tree:<7} {library:<12} " + "   ".join(cells))


if __name__ == "__main__":
    main()
