"""Random CSS Grid trees: the `--grid` sample of chromium_oracle.py (`generate --grid`,
`layout --generate --grid`, `compare --generate --grid`).

A tree is a root grid of one to eight children, at most three levels below the root and 20 nodes
in all; a child is a plain box (fixed width and height, or empty: no text) or, above the last level,
a nested grid or flex container of up to four children. Values are in the engine's JSON, the syntax
of `Tests/MushBoxTests/Fixtures/grid.jsonl`: `"display": "grid"`, track lists as CSS strings with
every kind of track (`"40px"`, `%`, `fr`, `auto`, `min-content`, `max-content`, `fit-content(20px)`,
`minmax(A, B)`, `repeat(2, …)`, `repeat(auto-fill, …)`, `repeat(auto-fit, …)`, named lines
`[a] 40px [b]`), `gridTemplateAreas` as an array of rows (`["p p q", "r s q"]`, each area a
rectangle), placements as integers (line numbers, negative ones too), `"span 2"`, line and area
names and `"auto"`, or the shorthands `gridColumn` / `gridRow` (`"1 / span 2"`) and `gridArea` (an
area name). Lengths are whole points, so that rounding noise is rare.

Every function draws from the `random.Random` it is given, in a fixed order: a case of a given seed
and index depends on nothing else.
"""

from random_values import PERCENTS, SIDES

LINE_NAMES = ["a", "b", "c"]
AREA_NAMES = ["p", "q", "r", "s", "t", "u"]
# Item and content alignment, as the engine reads them (no `self-start`, `left` or `safe`); the
# rarer keywords repeated less.
ITEM_ALIGN = ["normal", "start", "start", "end", "end", "center", "center", "stretch", "stretch",
              "flex-start", "flex-end", "baseline"]
CONTENT_ALIGN = ["normal", "start", "end", "center", "stretch", "space-between", "space-around",
                 "space-evenly", "flex-start", "flex-end"]
FLOWS = ["row", "column", "row dense", "column dense"]

# Every style key the grid sample writes (`chromium_oracle.py keys --grid`).
KEYS = sorted({
    "display", "position", "direction", "boxSizing", "overflow", "width", "height", "minWidth",
    "minHeight", "maxWidth", "maxHeight", "aspectRatio", "margin", "padding", "border", "inset", "gap",
    "rowGap", "columnGap", "justifyContent", "alignContent", "alignItems", "alignSelf", "justifyItems",
    "justifySelf", "gridTemplateColumns", "gridTemplateRows", "gridTemplateAreas", "gridAutoColumns",
    "gridAutoRows", "gridAutoFlow", "gridColumnStart", "gridColumnEnd", "gridRowStart", "gridRowEnd",
    "gridColumn", "gridRow", "gridArea", "flexDirection", "flexWrap", "flexGrow", "flexShrink",
    "flexBasis",
})


# ---------------------------------------------------------------------------------------------
# Values


def _points(rng, high):
    return f"{rng.randint(0, high)}px"


def _percent(rng):
    return f"{rng.choice(PERCENTS)}%"


def whole_size(rng, high, *, auto=0.1, percent=0.15):
    """A box size: `auto`, a percentage or whole points (a JSON number)."""
    roll = rng.random()
    if roll < auto:
        return "auto"
    if roll < auto + percent:
        return _percent(rng)
    return rng.randint(0, high)


def edge(rng, high, *, auto=0.0, percent=0.08):
    """One edge of a margin, padding or inset: `auto`, a small percentage or whole points."""
    roll = rng.random()
    if roll < auto:
        return "auto"
    if roll < auto + percent:
        return f"{rng.choice([0, 2, 5, 10])}%"
    return rng.randint(0, high)


def edges(rng, make):
    """One value for all four edges, or an object of some of them, each from `make()`."""
    if rng.random() < 0.4:
        return make()
    chosen = [side for side in SIDES if rng.random() < 0.5] or [rng.choice(SIDES)]
    return {side: make() for side in chosen}


# ---------------------------------------------------------------------------------------------
# Tracks


def fixed_breadth(rng):
    """A length or a percentage (CSS's `<fixed-breadth>`)."""
    return _points(rng, 80) if rng.random() < 0.8 else _percent(rng)


def inflexible_breadth(rng):
    roll = rng.random()
    if roll < 0.55:
        return fixed_breadth(rng)
    return rng.choice(["auto", "auto", "min-content", "max-content"])


def flex(rng):
    return f"{rng.choice([1, 1, 1, 2, 3, 0.5])}fr"


def track_breadth(rng):
    """Any maximum of a `minmax()`: inflexible or `fr`."""
    return flex(rng) if rng.random() < 0.3 else inflexible_breadth(rng)


def fixed_size(rng):
    """A size an automatic repetition may hold (CSS's `<fixed-size>`)."""
    roll = rng.random()
    if roll < 0.55:
        return fixed_breadth(rng)
    if roll < 0.8:
        return f"minmax({fixed_breadth(rng)}, {track_breadth(rng)})"
    return f"minmax({inflexible_breadth(rng)}, {fixed_breadth(rng)})"


def track_size(rng):
    """Any track size (CSS's `<track-size>`)."""
    roll = rng.random()
    if roll < 0.27:
        return _points(rng, 80)
    if roll < 0.35:
        return _percent(rng)
    if roll < 0.55:
        return flex(rng)
    if roll < 0.67:
        return "auto"
    if roll < 0.73:
        return rng.choice(["min-content", "max-content"])
    if roll < 0.82:
        return f"fit-content({fixed_breadth(rng)})"
    return f"minmax({inflexible_breadth(rng)}, {track_breadth(rng)})"


def line_names(rng, names):
    """`[a]` or `[a b]`, the names added to `names`."""
    chosen = rng.sample(LINE_NAMES, rng.choice([1, 1, 2]))
    names.update(chosen)
    return "[" + " ".join(chosen) + "]"


def repetition(rng, count, sizes, names):
    """`repeat(COUNT, …)` of one or two tracks, maybe with line names; the tracks it holds."""
    pieces, tracks = [], rng.choice([1, 1, 2])
    for _ in range(tracks):
        if rng.random() < 0.1:
            pieces.append(line_names(rng, names))
        pieces.append(sizes(rng))
    return f"repeat({count}, {' '.join(pieces)})", tracks


def track_list(rng):
    """A `gridTemplateColumns` or `gridTemplateRows` value: (CSS text, the explicit tracks it makes,
    an automatic repetition counted once, the line names it gives). One list in six holds an
    `auto-fill` or `auto-fit` repetition, and then only fixed sizes beside it."""
    names = set()
    pieces, count = [], 0
    wanted = rng.randint(1, 4)
    automatic = rng.randrange(wanted) if rng.random() < 0.17 else None
    sizes = fixed_size if automatic is not None else track_size
    for index in range(wanted):
        if rng.random() < 0.12:
            pieces.append(line_names(rng, names))
        if index == automatic:
            text, tracks = repetition(rng, rng.choice(["auto-fill", "auto-fit"]), fixed_size, names)
            count += tracks
        elif rng.random() < 0.15:
            times = rng.randint(2, 3)
            text, tracks = repetition(rng, times, sizes, names)
            count += times * tracks
        else:
            text = sizes(rng)
            count += 1
        pieces.append(text)
    if rng.random() < 0.12:
        pieces.append(line_names(rng, names))
    return " ".join(pieces), count, sorted(names)


def auto_tracks(rng):
    """A `gridAutoColumns` or `gridAutoRows` value: one track size, sometimes two or three."""
    return " ".join(track_size(rng) for _ in range(rng.choice([1, 1, 1, 1, 2, 3])))


def template_areas(rng):
    """Rows of area names (`["p p q", "r . q"]`): one to three rows of one to four cells, cut into
    rectangles, one in six left unnamed (`.`); (the rows, the columns, the area names)."""
    rows, columns = rng.randint(1, 3), rng.randint(1, 4)
    cells = [[None] * columns for _ in range(rows)]
    names = []
    free = list(AREA_NAMES)
    for row in range(rows):
        for column in range(columns):
            if cells[row][column] is not None:
                continue
            width = 1
            while column + width < columns and cells[row][column + width] is None and rng.random() < 0.45:
                width += 1
            height = 1
            while row + height < rows and rng.random() < 0.4:
                height += 1
            name = "." if rng.random() < 0.17 or not free else free.pop(0)
            if name != ".":
                names.append(name)
            for r in range(row, row + height):
                for c in range(column, column + width):
                    cells[r][c] = name
    return [" ".join(row) for row in cells], columns, names


# ---------------------------------------------------------------------------------------------
# Placement


def grid_line(rng, axis, *, in_text=False):
    """One edge of an item's area on an axis (`axis`: the explicit tracks and the names on it): a
    line number (from the end where negative; now and then past the explicit grid), `span N`, a
    name (`a`, `a 2`, `span a`, an area's `p-start` or `p` alone) or `auto`. A number is a JSON
    integer unless `in_text` (a shorthand's string)."""
    tracks, names = axis
    roll = rng.random()
    if roll < 0.22:
        return f"span {rng.choice([1, 2, 2, 3])}"
    if roll < 0.27:
        return "auto"
    if roll < 0.42 and names:
        name = rng.choice(names)
        form = rng.random()
        if form < 0.15:
            return f"{name} {rng.choice([1, 2, -1])}"
        if form < 0.25:
            return f"span {name}"
        return name
    number = rng.randint(1, tracks + 1) if rng.random() < 0.85 else rng.randint(tracks + 2, tracks + 3)
    if rng.random() < 0.25:
        number = -number
    return str(number) if in_text else number


def placement(rng, parent):
    """An item's placement keys: none, longhands, the `gridColumn` / `gridRow` shorthands, or
    `gridArea`: an area name where the parent grid names areas, else now and then its lines
    (`ROW-START / COLUMN-START / ROW-END / COLUMN-END`, the first one to four)."""
    style = {}
    roll = rng.random()
    if parent["areas"] and roll < 0.3:
        style["gridArea"] = rng.choice(parent["areas"]) if rng.random() < 0.9 else "zz"
    elif roll < 0.4:
        pass
    elif roll < 0.44:
        lines = [grid_line(rng, parent[axis], in_text=True) for axis in ("rows", "columns", "rows", "columns")]
        style["gridArea"] = " / ".join(lines[:rng.randint(1, 4)])
    elif roll < 0.74:
        for key, axis in (("gridColumnStart", "columns"), ("gridColumnEnd", "columns"),
                          ("gridRowStart", "rows"), ("gridRowEnd", "rows")):
            if rng.random() < 0.5:
                style[key] = grid_line(rng, parent[axis])
    else:
        for key, axis in (("gridColumn", "columns"), ("gridRow", "rows")):
            if rng.random() < 0.6:
                start = grid_line(rng, parent[axis], in_text=True)
                style[key] = start if rng.random() < 0.3 else f"{start} / {grid_line(rng, parent[axis], in_text=True)}"
    return style


# ---------------------------------------------------------------------------------------------
# Nodes


def grid_container(rng, is_root):
    """A grid container's own keys, and what its items' placements may name (per axis: the explicit
    tracks and the line names; the area names)."""
    style = {"display": "grid"}
    axes = {"columns": (1, []), "rows": (1, [])}
    for key, axis, share in (("gridTemplateColumns", "columns", 0.8), ("gridTemplateRows", "rows", 0.55)):
        if rng.random() < share:
            text, count, names = track_list(rng)
            style[key] = text
            axes[axis] = (count, names)
    areas = []
    if rng.random() < 0.18:
        rows, columns, areas = template_areas(rng)
        style["gridTemplateAreas"] = rows
        for axis, count in (("columns", columns), ("rows", len(rows))):
            tracks, names = axes[axis]
            area_lines = [f"{name}-{side}" for name in areas for side in ("start", "end")]
            axes[axis] = (max(tracks, count), names + areas + area_lines)
    for key, share in (("gridAutoColumns", 0.25), ("gridAutoRows", 0.3)):
        if rng.random() < share:
            style[key] = auto_tracks(rng)
    if rng.random() < 0.3:
        style["gridAutoFlow"] = rng.choice(FLOWS)
    for key, share in (("gap", 0.2), ("rowGap", 0.12), ("columnGap", 0.12)):
        if rng.random() < share:
            style[key] = rng.randint(0, 20) if rng.random() < 0.9 else f"{rng.choice([0, 5, 10])}%"
    for key, share, values in (("justifyItems", 0.3, ITEM_ALIGN), ("alignItems", 0.3, ITEM_ALIGN),
                               ("justifyContent", 0.3, CONTENT_ALIGN), ("alignContent", 0.3, CONTENT_ALIGN)):
        if rng.random() < share:
            style[key] = rng.choice(values)
    if is_root and rng.random() < 0.15:
        style["direction"] = rng.choice(["rtl", "rtl", "ltr"])
    return style, dict(axes, areas=areas)


def flex_container(rng):
    """A nested flex container's own keys."""
    style = {"display": "flex"}
    for key, share, values in (("flexDirection", 0.5, ["row", "column", "row-reverse", "column-reverse"]),
                               ("flexWrap", 0.3, ["nowrap", "wrap", "wrap-reverse"]),
                               ("justifyContent", 0.3, CONTENT_ALIGN), ("alignItems", 0.3, ITEM_ALIGN)):
        if rng.random() < share:
            style[key] = rng.choice(values)
    if rng.random() < 0.2:
        style["gap"] = rng.randint(0, 20)
    return style


def box_keys(rng, high, is_root):
    """What any box may have: sizes, limits, an aspect ratio, padding, border, box sizing,
    overflow; margins, not on a root."""
    style = {}
    for key, share in (("width", 0.5 if is_root else 0.55), ("height", 0.4 if is_root else 0.5)):
        if rng.random() < share:
            style[key] = whole_size(rng, high)
    for key in ("minWidth", "minHeight", "maxWidth", "maxHeight"):
        if rng.random() < 0.07:
            style[key] = whole_size(rng, high, auto=0.1)
    if rng.random() < 0.07:
        style["aspectRatio"] = rng.choice([0.5, 1, 2, 3])
    if not is_root and rng.random() < 0.2:
        style["margin"] = edges(rng, lambda: edge(rng, 20, auto=0.2))
    if rng.random() < 0.2:
        style["padding"] = edges(rng, lambda: edge(rng, 20))
    # Whole points: Chromium snaps border widths to whole device pixels.
    if rng.random() < 0.12:
        style["border"] = edges(rng, lambda: rng.randint(0, 8))
    if rng.random() < 0.25:
        style["boxSizing"] = "content-box" if rng.random() < 0.8 else "border-box"
    if rng.random() < 0.08:
        style["overflow"] = rng.choice(["hidden", "hidden", "clip", "visible"])
    return style


def item_keys(rng, parent):
    """An item's keys in its parent (a grid: placement and self-alignment; a flex container: flex
    factors): positioning, `display: none` now and then, a right-to-left direction."""
    style = {}
    if parent is None:
        for key, share, make in (("flexGrow", 0.3, lambda: rng.choice([0, 1, 1, 2])),
                                 ("flexShrink", 0.2, lambda: rng.choice([0, 1, 2])),
                                 ("flexBasis", 0.15, lambda: whole_size(rng, 100, auto=0.25)),
                                 ("alignSelf", 0.15, lambda: rng.choice(["auto"] + ITEM_ALIGN[1:]))):
            if rng.random() < share:
                style[key] = make()
    else:
        style.update(placement(rng, parent))
        for key, share in (("justifySelf", 0.2), ("alignSelf", 0.2)):
            if rng.random() < share:
                style[key] = rng.choice(["auto"] + ITEM_ALIGN[1:])  # (the engine takes no `normal` here)
    roll = rng.random()
    if roll < 0.1:
        style["position"] = "absolute"
        if rng.random() < 0.7:
            style["inset"] = edges(rng, lambda: edge(rng, 40, auto=0.15, percent=0.15))
    elif roll < 0.13:
        style["position"] = "relative"
        style["inset"] = edges(rng, lambda: edge(rng, 20))
    if rng.random() < 0.03:
        style["display"] = "none"
    if rng.random() < 0.05:
        style["direction"] = "rtl"
    return style


def grid_tree(rng, levels=3, most=8, budget=20):
    """A random grid tree: a root grid of one to `most` children and up to `levels` levels below it,
    at most `budget` nodes; nested containers (a grid one time in five, a flex container one in
    eight) of up to four children."""
    left = [budget]

    def node(depth, parent):
        """A node at `depth` in `parent` (its placement context where a grid, None where a flex
        container or the root's container)."""
        left[0] -= 1
        style = box_keys(rng, 300 if depth == 0 else (120 if depth == 1 else 60), depth == 0)
        if depth:
            style.update(item_keys(rng, parent))
        roll = rng.random() if depth else 0.0
        context = None
        if depth == 0 or depth < levels and roll < 0.2:
            own, context = grid_container(rng, depth == 0)
            wanted = rng.randint(1, most) if depth == 0 else rng.randint(0, 4)
        elif depth < levels and roll < 0.32:
            own, wanted = flex_container(rng), rng.randint(0, 4)
        else:
            own, wanted = {}, 0
        if "display" in style:
            own.pop("display", None)
        style.update(own)
        children = []
        for _ in range(wanted):
            if left[0] <= 0:
                break
            children.append(node(depth + 1, context))
        style["children"] = children
        return style

    return node(0, None)
