// The trees the box benchmarks lay out, the same as Rivals/box_rivals.py builds for Taffy and Yoga.
import MushBox

func fixed(_ width: Double, _ height: Double) -> BoxStyle {
    var style = BoxStyle()
    style.width = .points(width)
    style.height = .points(height)
    return style
}

public enum BoxTrees {
    /// 10,000 boxes of 90×40 with margins of 5, wrapping in a row 1,000 wide.
    public static func grid() -> BoxNode {
        var root = BoxStyle()
        root.width = 1_000
        root.flexWrap = .wrap
        var cell = fixed(90, 40)
        cell.margin = BoxEdges(5)
        return BoxNode(style: root, children: Array(repeating: BoxNode(style: cell), count: 10_000))
    }

    /// Four levels of ten below a column root: 11,111 boxes, rows and columns alternating, the leaves
    /// 10×10 growing, the others auto-sized.
    public static func levels(_ depth: Int = 0) -> BoxNode {
        if depth == 4 {
            var leaf = fixed(10, 10)
            leaf.flexGrow = 1
            return BoxNode(style: leaf)
        }
        var style = BoxStyle()
        style.flexDirection = depth % 2 == 0 ? .column : .row
        return BoxNode(style: style, children: (0..<10).map { _ in levels(depth + 1) })
    }

    /// A chain 1,000 deep: each box holds the next with a padding of 1; the last is 10×10.
    public static func chain() -> BoxNode {
        var node = BoxNode(style: fixed(10, 10))
        var padded = BoxStyle()
        padded.padding = BoxEdges(1)
        for _ in 0..<999 { node = BoxNode(style: padded, children: [node]) }
        return node
    }

}
