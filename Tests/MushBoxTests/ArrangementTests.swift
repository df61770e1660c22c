import MushBox
import MushLine
import MushText
import Testing

/// Children side by side, each at its own size, tops aligned (the protocol's example).
struct Strip: BoxArrangement {
    func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged {
        var x = 0.0
        var height = 0.0
        var frames: [BoxFrame] = []
        for child in children {
            let size = child.size()
            frames.append(BoxFrame(x: x, y: 0, width: size.width, height: size.height))
            x += size.width
            height = max(height, size.height)
        }
        return BoxArranged(width: x, height: height, frames: frames)
    }
}

/// Masonry: children in `columns` equal columns, each child into the shortest column so far, at
/// the column's width; records each proposal it is given.
struct Masonry: BoxArrangement {
    var columns: Int
    var spacing: Double

    func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged {
        let width: Double
        if let known = proposal.width {
            width = known
        } else {
            // As wide as the columns of the widest child.
            let widest = children.map { $0.size().width }.max() ?? 0
            width = widest * Double(columns) + spacing * Double(columns - 1)
        }
        let column = max((width - spacing * Double(columns - 1)) / Double(columns), 0)
        var heights = Array(repeating: 0.0, count: columns)
        var frames: [BoxFrame] = []
        for child in children {
            let shortest = heights.indices.min { heights[$0] < heights[$1] } ?? 0
            let height = child.size(width: column).height
            let y = heights[shortest] == 0 ? 0 : heights[shortest] + spacing
            frames.append(BoxFrame(x: Double(shortest) * (column + spacing), y: y, width: column, height: height))
            heights[shortest] = y + height
        }
        return BoxArranged(width: width, height: heights.max() ?? 0, frames: frames)
    }
}

/// Answers whatever it was built with, to show how bad answers are read.
struct Fixed: BoxArrangement {
    var arranged: BoxArranged
    func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged { arranged }
}

@Suite("Arrangements")
struct ArrangementTests {
    func box(_ width: Double, _ height: Double, id: String? = nil) -> BoxNode {
        var style = BoxStyle()
        style.width = .points(width)
        style.height = .points(height)
        return BoxNode(id: id, style: style)
    }

    func frames(_ layout: BoxLayout) -> [[Double]] {
        layout.children.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    @Test func aStripPlacesItsChildrenInItsContentBox() throws {
        var style = BoxStyle()
        style.padding = BoxEdges(.points(5))
        style.border = BoxEdges(.points(1))
        var node = BoxNode(style: style, children: [box(10, 20), box(30, 5), box(7, 7)])
        node.arrangement = Strip()
        let layout = try BoxEngine.layout(node)
        #expect(layout.width == 47 + 12)
        #expect(layout.height == 20 + 12)
        #expect(frames(layout) == [[6, 6, 10, 20], [16, 6, 30, 5], [46, 6, 7, 7]])
    }

    @Test func aFixedSizeIsTheProposalAndLimitsApplyToTheContentsSize() throws {
        var style = BoxStyle()
        style.width = .points(100)
        style.maxHeight = .points(15)
        var node = BoxNode(style: style, children: [box(10, 20), box(10, 10), box(10, 30), box(10, 5)])
        node.arrangement = Masonry(columns: 2, spacing: 4)
        let layout = try BoxEngine.layout(node)
        #expect(layout.width == 100)
        #expect(layout.height == 15)
        // Columns 48 wide; each child (its own height) into the shorter column.
        #expect(frames(layout) == [[0, 0, 48, 20], [52, 0, 48, 10], [52, 14, 48, 30], [0, 24, 48, 5]])
    }

    @Test func anArrangedNodeIsMeasuredInsideFlexbox() throws {
        var masonry = BoxNode(id: "m", children: [box(10, 20), box(30, 10)])
        masonry.arrangement = Masonry(columns: 2, spacing: 2)
        var rowStyle = BoxStyle()
        rowStyle.width = .points(200)
        rowStyle.alignItems = .start
        let row = BoxNode(style: rowStyle, children: [box(50, 50), masonry])
        let layout = try BoxEngine.layout(row)
        // Measured at its max-content width: two columns as wide as the widest child.
        #expect(layout.children[1].x == 50)
        #expect(layout.children[1].width == 62)
        #expect(layout.children[1].height == 20)
        #expect(frames(layout.children[1]) == [[0, 0, 30, 20], [32, 0, 30, 10]])
    }

    @Test func textChildrenWrapAtTheWidthTheyAreGiven() throws {
        let fonts = FontCollection.shipped
        let leaf = try TextLeaf("Hello wonderful world", fonts: fonts)
        let widths = leaf.contentWidths()
        var style = BoxStyle()
        style.width = .points(2 * widths.min + 10)
        var node = BoxNode(style: style, children: [BoxNode(leaf: leaf), BoxNode(leaf: leaf)])
        node.arrangement = Masonry(columns: 2, spacing: 10)
        let layout = try BoxEngine.layout(node, rounding: .exact)
        let oneLine = leaf.measure(width: widths.max).height
        let wrapped = leaf.measure(width: widths.min).height
        #expect(wrapped > oneLine)
        #expect(layout.children.map(\.height) == [wrapped, wrapped])
        #expect(layout.height == wrapped)
    }

    @Test func absoluteAndHiddenChildrenAreNotArranged() throws {
        var absolute = box(10, 10, id: "abs")
        absolute.style.position = .absolute
        absolute.style.inset.right = .points(0)
        absolute.style.inset.bottom = .points(0)
        var hidden = box(10, 10, id: "hidden")
        hidden.style.display = .none
        var style = BoxStyle()
        style.width = .points(100)
        style.height = .points(50)
        var node = BoxNode(style: style, children: [absolute, box(20, 20, id: "a"), hidden, box(5, 5, id: "b")])
        node.arrangement = Strip()
        let layout = try BoxEngine.layout(node)
        #expect(frames(layout) == [[90, 40, 10, 10], [0, 0, 20, 20], [0, 0, 0, 0], [20, 0, 5, 5]])
    }

    @Test func childIndicesCountEveryChild() throws {
        struct Indices: BoxArrangement {
            func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged {
                // Each child as tall as its index among all children, as wide as its id is long.
                let frames = children.map {
                    BoxFrame(x: 0, y: 0, width: Double($0.id?.count ?? 0), height: Double($0.index))
                }
                return BoxArranged(width: 0, height: 0, frames: frames)
            }
        }
        var hidden = box(1, 1)
        hidden.style.display = .none
        var node = BoxNode(children: [hidden, box(1, 1, id: "one"), box(1, 1, id: "three")])
        node.arrangement = Indices()
        let layout = try BoxEngine.layout(node)
        #expect(frames(layout).dropFirst() == [[0, 0, 3, 1], [0, 0, 5, 2]])
    }

    @Test func badFramesAndSizesCountAsZero() throws {
        let arranged = BoxArranged(
            width: .nan, height: -5,
            frames: [
                BoxFrame(x: .nan, y: .infinity, width: -3, height: .nan), BoxFrame(x: 1, y: 2, width: 3, height: 4),
            ])
        var node = BoxNode(children: [box(1, 1), box(1, 1), box(1, 1)])
        node.arrangement = Fixed(arranged: arranged)
        let layout = try BoxEngine.layout(node)
        #expect(layout.width == 0)
        #expect(layout.height == 0)
        // The third child has no frame: at 0, 0 with no size.
        #expect(frames(layout) == [[0, 0, 0, 0], [1, 2, 3, 4], [0, 0, 0, 0]])
    }

    @Test func aLeafCannotHaveAnArrangement() throws {
        var leaf = BoxNode(leaf: ImageLeaf(width: 10, height: 10))
        leaf.arrangement = Strip()
        #expect(
            throws: BoxError(path: "children[0]", problem: "a leaf (text, line or image) has no children to arrange")
        ) {
            try BoxEngine.layout(BoxNode(children: [leaf]))
        }
    }

    @Test func aWidthItsLimitsChangeIsAskedAgainForTheHeight() throws {
        // One text child in a strip that takes each child at the width proposed (or its own): at
        // most 60 wide, the text wraps, and the node is as tall as the wrapped text.
        struct Column: BoxArrangement {
            func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged {
                let size = children[0].size(width: proposal.width)
                return BoxArranged(
                    width: size.width, height: size.height,
                    frames: [BoxFrame(x: 0, y: 0, width: size.width, height: size.height)])
            }
        }
        let leaf = try TextLeaf("Hello wonderful world", fonts: FontCollection.shipped)
        var style = BoxStyle()
        style.maxWidth = .points(60)
        var node = BoxNode(style: style, children: [BoxNode(leaf: leaf)])
        node.arrangement = Column()
        let layout = try BoxEngine.layout(node, rounding: .exact)
        #expect(layout.width == 60)
        #expect(layout.height == leaf.measure(width: 60).height)
        #expect(layout.height > leaf.measure(width: 1000).height)
    }
}
