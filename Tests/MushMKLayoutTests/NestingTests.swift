import MushBox
import MushLine
import MushMGBox
import Testing

@testable import MushMKLayout

/// Vocabularies nested in Swift as in JSON: each is a node anywhere (`node()`), and its passes and
/// helper nodes work wherever it stands.
@Suite struct NestingTests {
    /// A linear layout (two weighted items) as an MGBox's box: its item boxes are dropped, and the
    /// views take the weights' shares of the layout's 300 points.
    @Test func anMKLayoutInsideAnMGBox() throws {
        var linear = MKLinearLayout(orientation: .horizontal, width: 300, height: 40)
        linear.addSubview(BoxNode(id: "one")) { $0.weight = 1 }
        linear.addSubview(BoxNode(id: "two")) { $0.weight = 2 }
        var box = MGBox(width: 320)
        box.padding = MGLine.Insets(top: 5, left: 10, bottom: 5, right: 10)
        box.boxes = [try linear.node()]
        let layout = try box.layout()
        let row = layout.children[0]
        #expect([row.x, row.y, row.width, row.height] == [10, 5, 300, 40])
        #expect(row.children.map(\.id) == ["one", "two"])
        #expect(row.children.map { [$0.x, $0.width] } == [[0, 100], [100, 200]])
        #expect(layout.inputPath(of: [0, 1]).description == "boxes[0].items[1].view")
    }

    /// An MGBox with an attached box as an item's view: the attachment's pass runs there as at the
    /// root (the badge at its target's origin, moved by its own margins).
    @Test func anMGBoxWithAnAttachedBoxAsAnItemsView() throws {
        var target = MGBox(width: 50, height: 20)
        target.id = "target"
        target.margin = MGLine.Insets(top: 30, left: 5)
        var badge = MGBox(width: 10, height: 10)
        badge.margin = MGLine.Insets(top: 2, left: 3)
        badge.attachedTo = "target"
        let view = try MGBox(boxes: [target, badge]).node()
        var stack = MKStackLayout(width: 200, height: 100)
        stack.addSubview(view) { $0.padding = MKEdgeInsets(top: 4, left: 6, bottom: 0, right: 0) }
        let layout = try stack.layout()
        let box = layout.children[0]
        #expect([box.x, box.y] == [6, 4])
        #expect([box.children[1].x, box.children[1].y] == [8, 32])
    }
}
