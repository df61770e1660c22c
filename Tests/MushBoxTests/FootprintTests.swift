import Testing

@testable import MushBox

/// What the engine keeps a node: a grid of 10,000 boxes keeps 10,000 flex items while its container
/// is laid out, so their size is the engine's memory a node (Benchmarks/README, "Boxes").
@Suite struct FootprintTests {
    /// The item's one-byte fields sit in the bytes its optionals leave over, and relative
    /// positioning is kept as its two offsets: 360 bytes (408 with the four insets as optionals).
    @Test func flexItemStaysSmall() {
        #expect(MemoryLayout<FlexItem>.stride <= 360)
    }

    /// The two offsets are those of the insets: the left one, else the right one negated; the top
    /// one, else the bottom one negated; 0 where both are auto.
    @Test func relativeOffsetsComeFromTheInsets() throws {
        func placed(_ inset: BoxEdges<BoxLength>) throws -> (x: Double, y: Double) {
            var item = BoxStyle()
            item.width = 10
            item.height = 10
            item.inset = inset
            var row = BoxStyle()
            row.width = 100
            row.height = 100
            let layout = try BoxEngine.layout(BoxNode(style: row, children: [BoxNode(style: item)]))
            return (layout.children[0].x, layout.children[0].y)
        }
        #expect(try placed(BoxEdges(top: .auto, right: .auto, bottom: .auto, left: .auto)) == (0, 0))
        #expect(try placed(BoxEdges(top: 3, right: .auto, bottom: .auto, left: 5)) == (5, 3))
        #expect(try placed(BoxEdges(top: .auto, right: 5, bottom: 3, left: .auto)) == (-5, -3))
        #expect(try placed(BoxEdges(top: 2, right: 5, bottom: 3, left: 7)) == (7, 2))
    }

    /// Ids are kept only once a node has one: each result still has its own node's id, whether the
    /// first id comes at the root, after nodes without one, or nowhere.
    @Test func idsComeBackWhereverTheFirstIs() throws {
        func ids(_ layout: BoxLayout) -> [String?] { [layout.id] + layout.children.flatMap(ids) }
        let none = BoxNode(children: [BoxNode(), BoxNode(children: [BoxNode()])])
        #expect(try ids(BoxEngine.layout(none)) == [nil, nil, nil, nil])
        let late = BoxNode(children: [BoxNode(), BoxNode(children: [BoxNode(id: "c"), BoxNode()]), BoxNode(id: "e")])
        #expect(try ids(BoxEngine.layout(late)) == [nil, nil, nil, "c", nil, "e"])
        let first = BoxNode(id: "root", children: [BoxNode(), BoxNode(id: "b")])
        #expect(try ids(BoxEngine.layout(first)) == ["root", nil, "b"])
    }
}
