import MushBox
import Testing

/// Helper nodes a vocabulary of one's own marks: they place or paint, and are not in the result.
@Suite("Result roles")
struct ResultRoleTests {
    func box(_ width: Double, _ height: Double, id: String) -> BoxNode {
        var style = BoxStyle()
        style.width = .points(width)
        style.height = .points(height)
        return BoxNode(id: id, style: style, children: [])
    }

    @Test func aLiftedWrapperLeavesItsChildrenInItsPlace() throws {
        // A row: a wrapper 10 from the left (its margin) holding two boxes in a column, then a box.
        var column = BoxStyle()
        column.flexDirection = .column
        column.margin = BoxEdges(top: .zero, right: .zero, bottom: .zero, left: .points(10))
        var wrapper = BoxNode(id: "wrapper", style: column, children: [box(20, 5, id: "a"), box(30, 6, id: "b")])
        wrapper.resultRole = .lifted
        let layout = try BoxEngine.layout(BoxNode(children: [wrapper, box(40, 7, id: "c")]))
        #expect(layout.children.map(\.id) == ["a", "b", "c"])
        // Each at its place in the row: moved by the wrapper's position.
        #expect(layout.children.map { [$0.x, $0.y] } == [[10, 0], [10, 5], [40, 0]])
    }
}
