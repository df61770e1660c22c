import Mush
import Testing

@testable import MushBox

/// Hit testing (`BoxLayout.hits(x:y:)`): the boxes under a point, topmost first, as drawn.
@Suite struct HitTestingTests {
    func box(
        _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, paint: BoxPaint? = nil,
        border: Double = 0, clips: Bool = false, children: [BoxLayout] = []
    ) -> BoxLayout {
        BoxLayout(
            id: id, x: x, y: y, width: width, height: height, border: BoxEdges(border), children: children,
            paint: paint, clipsContent: clips)
    }

    func ids(_ layout: BoxLayout, _ x: Double, _ y: Double) -> [String] {
        layout.hits(x: x, y: y).map { $0.id ?? "-" }
    }

    /// Children above their parent; among siblings the higher zIndex, then the later one, on top;
    /// paths and frames in the root's coordinates, the root at 0, 0 whatever its own position.
    @Test func topmostFirstAsDrawn() {
        var high = BoxPaint()
        high.zIndex = 1
        let root = box(
            "root", 50, 50, 100, 100,
            children: [
                box("low", 10, 10, 50, 50, paint: high),
                box("first", 20, 20, 50, 50, children: [box("inner", 5, 5, 10, 10)]),
                box("second", 30, 30, 50, 50),
            ])
        #expect(ids(root, 30, 30) == ["low", "second", "inner", "first", "root"])
        #expect(ids(root, 75, 75) == ["second", "root"])
        #expect(ids(root, 150, 10) == [])
        let inner = root.hits(x: 26, y: 26)[1]
        #expect(inner.id == "inner" && inner.path == [1, 0])
        #expect([inner.x, inner.y, inner.width, inner.height] == [25, 25, 10, 10])
        #expect(root.hits(x: 0, y: 0).map(\.path) == [[]])
    }

    /// Left and top edges are in, right and bottom out; a box without area is never hit.
    @Test func edgesAndEmptyBoxes() {
        let root = box("root", 0, 0, 100, 100, children: [box("a", 10, 10, 20, 20), box("none", 50, 50, 0, 10)])
        #expect(ids(root, 10, 10) == ["a", "root"])
        #expect(ids(root, 30, 10) == ["root"])
        #expect(ids(root, 29.99, 29.99) == ["a", "root"])
        #expect(ids(root, 50, 55) == ["root"])
        #expect(ids(root, 100, 50) == [])
    }

    /// Rounded corners are not part of the box: a point in the corner square outside the circle
    /// misses it.
    @Test func roundedCornersMiss() {
        var round = BoxPaint()
        round.cornerRadius = 10
        let root = box("root", 0, 0, 100, 100, children: [box("card", 10, 10, 40, 40, paint: round)])
        #expect(ids(root, 11, 11) == ["root"])
        #expect(ids(root, 13, 13) == ["card", "root"], "about 1.4 points inside the circle of radius 10")
        #expect(ids(root, 30, 10) == ["card", "root"], "the straight edge")
        #expect(ids(root, 49, 49.5) == ["root"])
    }

    /// A box that clips hides its descendants outside its padding box (inside its border); children
    /// move by the content offset.
    @Test func clippingAndContentOffset() {
        var scrolled = BoxPaint()
        scrolled.contentOffset = BoxOffset(x: 0, y: 30)
        let root = box(
            "root", 0, 0, 100, 100,
            children: [
                box("clip", 10, 10, 40, 40, border: 2, clips: true, children: [box("wide", 0, 0, 80, 10)]),
                box("scroll", 50, 0, 50, 50, paint: scrolled, children: [box("row", 0, 40, 50, 10)]),
            ])
        #expect(ids(root, 20, 15) == ["wide", "clip", "root"])
        #expect(ids(root, 49, 15) == ["clip", "root"], "the wide box's part outside the padding box is not hit")
        #expect(ids(root, 11, 11) == ["clip", "root"], "in the border, outside the padding box")
        // The row at 40 in the scroll view, scrolled by 30: at 10 to 20 in the root.
        #expect(ids(root, 60, 15) == ["row", "scroll", "root"])
        #expect(ids(root, 60, 45) == ["scroll", "root"])
        #expect(root.hits(x: 60, y: 15)[0].y == 10)
    }

    /// From the engine, through an input path: a deep chain is searched whole.
    @Test func aDeepChainIsSearchedWhole() throws {
        var style = BoxStyle()
        style.width = .points(10)
        style.height = .points(10)
        var node = BoxNode(id: "leaf", style: style)
        for level in 0..<600 { node = BoxNode(id: "level\(level)", children: [node]) }
        let layout = try BoxEngine.layout(node)
        let hits = layout.hits(x: 5, y: 5)
        #expect(hits.count == 601)
        #expect(hits.first?.id == "leaf" && hits.first?.path.count == 600)
        #expect(layout.inputPath(of: hits[1].path).description.hasPrefix("children[0].children[0]"))
    }
}
