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

    /// A CSS grid of 10,000 fixed boxes (issue 58): the root 1,000 wide, `display: grid`, columns
    /// `repeat(8, auto) 1fr 2fr` (eight intrinsic tracks, two flexible), rows `auto`, column gap 10,
    /// row gap 5. Box i is `cssGridWidths[i % 7]` × `cssGridHeights[i % 4]`, except every 13th (i % 13
    /// == 6), 150 × 30 and spanning 2 columns (auto-placed, holes left where it does not fit).
    public static func cssGrid(_ count: Int = 10_000) -> BoxNode {
        var root = BoxStyle()
        root.display = .grid
        root.width = 1_000
        root.gridTemplateColumns = tracks("repeat(8, auto) 1fr 2fr")
        root.gridAutoRows = autoTracks("auto")
        root.columnGap = 10
        root.rowGap = 5
        let cells = cssGridHeights.map { height in cssGridWidths.map { BoxNode(style: fixed($0, height)) } }
        var wide = fixed(150, 30)
        wide.gridColumnStart = .span(2, name: nil)
        let span = BoxNode(style: wide)
        return BoxNode(
            style: root,
            children: (0..<count).map { i in
                i % 13 == 6 ? span : cells[i % cssGridHeights.count][i % cssGridWidths.count]
            })
    }

    /// The widths and heights of ``cssGrid(_:)``'s boxes, in turn.
    public static let cssGridWidths: [Double] = [30, 50, 70, 40, 60, 20, 80]
    public static let cssGridHeights: [Double] = [20, 30, 40, 25]

    /// 100 grids of 100 fixed boxes in a grid (10,101 nodes; issue 58): the root 1,000 wide,
    /// `display: grid`, columns `repeat(4, minmax(150px, 1fr))`, rows `auto`, gaps 8; each item a
    /// grid (stretched to its column), columns `repeat(2, auto) repeat(8, minmax(10px, 1fr))`, rows
    /// `auto`, gaps 4, of 100 boxes: box j of grid k is `[12, 16, 20, 24][(j + k) % 4]` ×
    /// `[8, 10, 12][(j + 2k) % 3]`.
    public static func nestedGrids(_ count: Int = 100, items: Int = 100) -> BoxNode {
        var root = BoxStyle()
        root.display = .grid
        root.width = 1_000
        root.gridTemplateColumns = tracks("repeat(4, minmax(150px, 1fr))")
        root.gridAutoRows = autoTracks("auto")
        root.columnGap = 8
        root.rowGap = 8
        var inner = BoxStyle()
        inner.display = .grid
        inner.gridTemplateColumns = tracks("repeat(2, auto) repeat(8, minmax(10px, 1fr))")
        inner.gridAutoRows = autoTracks("auto")
        inner.columnGap = 4
        inner.rowGap = 4
        let widths: [Double] = [12, 16, 20, 24]
        let heights: [Double] = [8, 10, 12]
        let cells = heights.map { height in widths.map { BoxNode(style: fixed($0, height)) } }
        return BoxNode(
            style: root,
            children: (0..<count).map { k in
                BoxNode(style: inner, children: (0..<items).map { j in cells[(j + 2 * k) % 3][(j + k) % 4] })
            })
    }

    /// A track list the trees write (known good).
    static func tracks(_ text: String) -> GridTrackList {
        do { return try GridTrackList(parsing: text) } catch { fatalError("\(text): \(error)") }
    }

    /// Automatic track sizes the trees write (known good).
    static func autoTracks(_ text: String) -> GridAutoTracks {
        do { return try GridAutoTracks(parsing: text) } catch { fatalError("\(text): \(error)") }
    }

}
