import MushBox
import Testing

/// Transitions between two layouts of a tree: boxes matched by id (or by place under the nearest
/// ancestor with one), their frames in between, and the boxes that come and go.
@Suite("Transitions")
struct TransitionTests {
    func box(_ id: String?, _ width: Double, _ height: Double) -> BoxNode {
        var style = BoxStyle()
        style.width = .points(width)
        style.height = .points(height)
        return BoxNode(id: id, style: style)
    }

    /// A column of rows 20 tall, each holding an unnamed box 10 wide.
    func column(_ ids: [String]) throws -> BoxLayout {
        var style = BoxStyle()
        style.flexDirection = .column
        style.width = .points(100)
        let rows = ids.map { id -> BoxNode in
            var row = box(id, 100, 20)
            row.children = [box(nil, 10, 10)]
            return row
        }
        return try BoxEngine.layout(BoxNode(id: "list", style: style, children: rows))
    }

    func frame(_ layout: BoxLayout) -> [Double] { [layout.x, layout.y, layout.width, layout.height] }

    @Test func aRowInsertedMovesThoseBelowIt() throws {
        let transition = BoxTransition(from: try column(["a", "b"]), to: try column(["a", "new", "b"]))
        let changes = transition.changes.map { "\($0.id ?? "-") \($0.change.rawValue) \($0.path)" }
        #expect(
            changes == [
                "list moved []", "a unchanged [0]", "- unchanged [0, 0]", "new appeared [1]", "- appeared [1, 0]",
                "b moved [2]", "- moved [2, 0]",
            ])
        let b = try #require(transition.changes.first { $0.id == "b" })
        #expect(b.before == BoxFrame(x: 0, y: 20, width: 100, height: 20))
        #expect(b.after == BoxFrame(x: 0, y: 40, width: 100, height: 20))
        // Halfway: b between its two places, the new row half faded in, the list half grown.
        let halfway = transition.layout(at: 0.5)
        #expect(frame(halfway) == [0, 0, 100, 50])
        #expect(halfway.children.map(frame) == [[0, 0, 100, 20], [0, 20, 100, 20], [0, 30, 100, 20]])
        #expect(halfway.children.map { $0.paint?.opacity ?? 1 } == [1, 0.5, 1])
        // The ends are the two layouts' frames.
        #expect(
            transition.layout(at: 0).children.map(frame) == [[0, 0, 100, 20], [0, 20, 100, 20], [0, 20, 100, 20]])
        #expect(transition.layout(at: 1).children.map(frame) == transition.after.children.map(frame))
    }

    @Test func aRowRemovedFadesOutWhereItWas() throws {
        let transition = BoxTransition(from: try column(["a", "gone", "b"]), to: try column(["a", "b"]))
        #expect(transition.changes.filter { $0.change == .disappeared }.map(\.path) == [[1], [1, 0]])
        let quarter = transition.layout(at: 0.25)
        // The row that goes is drawn among its former siblings at its place before, at 3/4 opacity.
        #expect(quarter.children.map(frame) == [[0, 0, 100, 20], [0, 20, 100, 20], [0, 35, 100, 20]])
        #expect(quarter.children.map { $0.paint?.opacity ?? 1 } == [1, 0.75, 1])
        #expect(quarter.children[1].id == "gone")
        #expect(frame(quarter.children[1].children[0]) == [0, 0, 10, 10])
    }

    @Test func boxesWithoutIdsAreMatchedByPlace() throws {
        // Rows without ids: the second row of the list before is the second row after, whatever
        // it holds (as React matches children without keys).
        var style = BoxStyle()
        style.flexDirection = .column
        let before = try BoxEngine.layout(BoxNode(style: style, children: [box(nil, 10, 10), box(nil, 20, 10)]))
        let after = try BoxEngine.layout(BoxNode(style: style, children: [box(nil, 30, 10), box(nil, 20, 10)]))
        let changes = BoxTransition(from: before, to: after).changes.map(\.change)
        #expect(changes == [.moved, .moved, .unchanged])
    }

    @Test func progressIsClampedAndEased() {
        #expect(BoxTransition.easeInOut(0) == 0)
        #expect(BoxTransition.easeInOut(0.5) == 0.5)
        #expect(BoxTransition.easeInOut(1) == 1)
        #expect(BoxTransition.easeInOut(0.25) == 0.15625)
        #expect(BoxTransition.easeInOut(-3) == 0)
        // A time that is not a number is the end.
        #expect(BoxTransition.easeInOut(.nan) == 1)
    }

    @Test func aChildWithTheRootsIdIsItsOwnBox() throws {
        var style = BoxStyle()
        style.flexDirection = .column
        let before = try BoxEngine.layout(BoxNode(id: "page", style: style, children: [box("page", 10, 10)]))
        let after = try BoxEngine.layout(BoxNode(id: "page", style: style, children: [box("page", 10, 20)]))
        let transition = BoxTransition(from: before, to: after)
        // The root grew from 10 to 20, and so did its child of the same id: two boxes, both moved.
        #expect(transition.changes.map(\.change) == [.moved, .moved])
        #expect(transition.changes.map(\.path) == [[], [0]])
    }

    @Test func aBoxAppearingWithItsChildrenFadesOnce() throws {
        var style = BoxStyle()
        style.flexDirection = .column
        let before = try BoxEngine.layout(BoxNode(id: "list", style: style))
        var row = box("row", 10, 10)
        row.children = [box("inner", 5, 5)]
        let after = try BoxEngine.layout(BoxNode(id: "list", style: style, children: [row]))
        let halfway = BoxTransition(from: before, to: after).layout(at: 0.5)
        #expect(halfway.children[0].paint?.opacity == 0.5)
        #expect(halfway.children[0].children[0].paint?.opacity ?? 1 == 1)
    }
}
