import MushBox
import MushLine

/// Boxes one below the other (a flex column), `spacing` points apart, aligned across by
/// `alignment` (`stretch` by default, as CSS's).
public struct Column: BoxContent {
    public let box: Box

    public init(
        spacing: Double = 0, alignment: BoxAlignment? = nil, justify: BoxAlignment? = nil,
        @BoxBuilder _ content: () -> [Box]
    ) {
        box = Box.container(.column, spacing: spacing, alignment: alignment, justify: justify, content())
    }
}

/// Boxes side by side (a flex row), `spacing` points apart, aligned across by `alignment`.
public struct Row: BoxContent {
    public let box: Box

    public init(
        spacing: Double = 0, alignment: BoxAlignment? = nil, justify: BoxAlignment? = nil,
        @BoxBuilder _ content: () -> [Box]
    ) {
        box = Box.container(.row, spacing: spacing, alignment: alignment, justify: justify, content())
    }
}

/// Boxes side by side that wrap onto as many lines as they need (a flex row that wraps),
/// `spacing` points apart both ways.
public struct Wrap: BoxContent {
    public let box: Box

    public init(spacing: Double = 0, alignment: BoxAlignment? = nil, @BoxBuilder _ content: () -> [Box]) {
        var box = Box.container(.row, spacing: spacing, alignment: alignment, justify: nil, content())
        box.style.flexWrap = .wrap
        self.box = box
    }
}

/// Boxes laid over each other: the first in the flow (it sizes the stack), the others placed
/// absolutely over the whole of it, later ones on top (CSS's `position: absolute; inset: 0`).
public struct Stack: BoxContent {
    public let box: Box

    public init(@BoxBuilder _ content: () -> [Box]) {
        var children = content()
        for index in children.indices.dropFirst() where children[index].style.position == .relative {
            children[index].style.position = .absolute
            children[index].style.inset = .zero
        }
        box = Box(.children(children))
    }
}

/// An image from a file (read when the tree is drawn), `width` × `height` points (its file's size
/// is not read here: give both, as the JSON's image does without its file).
public struct Image: BoxContent {
    public let box: Box

    public init(_ file: String?, width: Double, height: Double) {
        box = Box(.image(ImageLeaf(width: width, height: height, file: file)))
    }
}

/// An MGLine row (MushLine): left, middle and right items, shortened or dropped when the room runs
/// out, as the JSON's `line` key is.
///
/// ```swift
/// Line(MGLine(left: ["**Inbox**|mush"], right: ["12"]))
/// ```
public struct Line: BoxContent {
    public let box: Box

    public init(_ line: MGLine) {
        box = Box(.line(line))
    }
}

/// A node made another way (an MGTableBox section's, a BoxView chain's, or a `BoxNode` of your
/// own), in the tree as it is. Its modifiers' style, where they set any, takes the place of the
/// node's whole style (write the node's own settings into it first), and their paint of its paint.
public struct Node: BoxContent {
    public let box: Box

    public init(_ node: BoxNode) {
        box = Box(.node(node))
    }
}

extension Box {
    /// A flex container of `children` in `direction`, `spacing` apart (CSS's `gap`).
    static func container(
        _ direction: BoxStyle.FlexDirection, spacing: Double, alignment: BoxAlignment?, justify: BoxAlignment?,
        _ children: [Box]
    ) -> Box {
        var style = BoxStyle()
        style.flexDirection = direction
        style.rowGap = .points(spacing)
        style.columnGap = .points(spacing)
        style.alignItems = alignment
        style.justifyContent = justify
        return Box(.children(children), style: style)
    }
}
