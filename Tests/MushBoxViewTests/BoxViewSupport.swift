import MushBox
import MushBoxView
import MushText

/// Helpers of the BoxView tests, as static members (no globals).
enum BV {
    /// A frame as `[x, y, width, height]`.
    static func frame(_ layout: BoxLayout) -> [Double] { [layout.x, layout.y, layout.width, layout.height] }

    /// The frames of a result's children.
    static func frames(_ layout: BoxLayout) -> [[Double]] { layout.children.map(frame) }

    /// Every frame of a result, in order (the node's own first), for comparing two trees' layouts.
    static func allFrames(_ layout: BoxLayout) -> [[Double]] {
        [frame(layout)] + layout.children.flatMap(allFrames)
    }

    /// An empty node with the given width and height (nil: auto).
    static func block(_ width: Double? = nil, _ height: Double? = nil) -> BoxNode {
        var style = BoxStyle()
        style.width = width.map { .points($0) } ?? .auto
        style.height = height.map { .points($0) } ?? .auto
        return BoxNode(style: style)
    }

    /// An image leaf of `width` × `height` (its content size).
    static func image(_ width: Double, _ height: Double) -> BoxNode {
        BoxNode(leaf: ImageLeaf(width: width, height: height))
    }

    /// The shipped fonts only: the same measurements on every machine.
    static let fonts = FontCollection.shipped

    /// A style written by hand, for the engine's layout of the same tree.
    static func style(_ change: (inout BoxStyle) -> Void) -> BoxStyle {
        var style = BoxStyle()
        change(&style)
        return style
    }

    /// Margins of points (or auto), top, right, bottom, left.
    static func edges(_ top: BoxLength, _ right: BoxLength, _ bottom: BoxLength, _ left: BoxLength)
        -> BoxEdges<BoxLength>
    {
        BoxEdges(top: top, right: right, bottom: bottom, left: left)
    }
}
