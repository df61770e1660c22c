import Foundation
import MushBox
import MushLine
import MushMKLayout
import MushText
import Testing

/// The worked example of the MKCustomLayout documentation: items around a circle, the first at the
/// top, clockwise; an item's `angle` property (degrees clockwise from the top) places it elsewhere.
struct MKCircleLayout: MKCustomLayout {
    var id: String?
    var items: [MKLayoutItem] = []
    var margin = MKEdgeInsets()
    var width: Double?
    var height: Double?
    var paint: BoxPaint?

    func layoutBounds(_ bounds: MKBounds, items: [MKMeasuredItem]) -> [BoxFrame] {
        let sizes = items.map { $0.size() }
        let largest = sizes.map { max($0.width, $0.height) }.max() ?? 0
        let width = bounds.width ?? 2 * largest
        let height = bounds.height ?? 2 * largest
        let radius = max(min(width, height) / 2 - largest / 2, 0)
        return zip(items, sizes).enumerated().map { index, pair in
            let (item, size) = pair
            let degrees = item.item.properties["angle"] ?? 360 * Double(index) / Double(items.count)
            let angle = degrees * .pi / 180
            let x = width / 2 + radius * sin(angle)
            let y = height / 2 - radius * cos(angle)
            return BoxFrame(x: x - size.width / 2, y: y - size.height / 2, width: size.width, height: size.height)
        }
    }
}

/// Masonry: items in `columns` equal columns, each into the shortest so far, as tall as its view
/// at the column's width; an item's `span` property (1 or 2) takes two columns.
struct MKMasonryLayout: MKCustomLayout {
    var id: String?
    var items: [MKLayoutItem] = []
    var margin = MKEdgeInsets()
    var width: Double?
    var height: Double?
    var paint: BoxPaint?
    var columns = 2
    var spacing = 0.0

    func layoutBounds(_ bounds: MKBounds, items: [MKMeasuredItem]) -> [BoxFrame] {
        let width = bounds.width ?? 320
        let column = (width - spacing * Double(columns - 1)) / Double(columns)
        var heights = Array(repeating: 0.0, count: columns)
        return items.map { item in
            let span = min(Int(item.item.properties["span"] ?? 1), columns)
            // The leftmost run of `span` columns whose top is lowest.
            let starts = 0...(columns - span)
            let start = starts.min { heights[$0..<$0 + span].max()! < heights[$1..<$1 + span].max()! }!
            let top = heights[start..<start + span].max()!
            let boxWidth = column * Double(span) + spacing * Double(span - 1)
            let height = item.size(width: boxWidth).height
            let y = top == 0 ? 0 : top + spacing
            for index in start..<start + span { heights[index] = y + height }
            return BoxFrame(x: Double(start) * (column + spacing), y: y, width: boxWidth, height: height)
        }
    }
}

@Suite("Custom layouts")
struct CustomLayoutTests {
    func image(_ width: Double, _ height: Double) -> MKLayoutItem {
        MKLayoutItem(BoxNode(leaf: ImageLeaf(width: width, height: height)))
    }

    @Test func aCircleOfFourInsideTheMargin() throws {
        var circle = MKCircleLayout(width: 100, height: 100)
        circle.margin = insets(5, 5, 5, 5)
        circle.items = Array(repeating: image(20, 20), count: 4)
        // Bounds 90 × 90, a radius of 45 − 10: centres at the top, right, bottom and left.
        // (Within a millionth: sines of whole turns are not exact.)
        #expect(close(try frames(circle), [[40, 5, 20, 20], [75, 40, 20, 20], [40, 75, 20, 20], [5, 40, 20, 20]]))
    }

    @Test func anItemPropertyMovesOneItem() throws {
        var circle = MKCircleLayout(width: 100, height: 100)
        circle.items = Array(repeating: image(20, 20), count: 2)
        circle.items[1].properties["angle"] = 90
        // The second at 90° (the right) instead of 180°.
        #expect(close(try frames(circle), [[40, 0, 20, 20], [80, 40, 20, 20]]))
    }

    @Test func theItemsSizePaddingAndGravityPlaceTheViewInItsBox() throws {
        var circle = MKCircleLayout(width: 100, height: 100)
        var item = image(20, 20)
        item.size = MKSize(width: 30, height: 30)
        item.padding = insets(5, 5, 5, 5)
        circle.items = [item]
        // The box is 30 × 30 (the item's size) at the top; the view 20 × 20 inside its padding.
        #expect(try frames(circle) == [[40, 5, 20, 20]])
    }

    @Test func masonryMeasuresTextAtTheColumnsWidth() throws {
        let fonts = FontCollection.shipped
        let words = try TextLeaf("one two three four five six seven", fonts: fonts)
        var masonry = MKMasonryLayout(width: 210)
        masonry.columns = 2
        masonry.spacing = 10
        var wide = image(10, 5)
        wide.properties["span"] = 2
        masonry.items = [image(10, 30), MKLayoutItem(BoxNode(leaf: words)), wide, image(10, 10)]
        let layout = try masonry.layout(rounding: .exact)
        let text = words.measure(width: 100).height
        #expect(text > 20)
        // Columns 100 wide: the image (as tall as its ratio makes it at 100), the text beside it,
        // the wide image below both, the last into the first of the two columns, as low as each other.
        #expect(
            frames(layout) == [
                [0, 0, 100, 300], [110, 0, 100, text], [0, 310, 210, 105], [0, 425, 100, 100],
            ])
        // Without a height the layout is as tall as its items reach.
        #expect(layout.height == 525)
    }

    @Test func aCustomLayoutNestsAndIsSizedByItsItems() throws {
        var circle = MKCircleLayout()
        circle.items = Array(repeating: image(10, 10), count: 4)
        var outer = MKLinearLayout(orientation: .vertical, width: 200, height: 200)
        outer.addSublayout(circle) { $0.size = MKSize(width: 50, height: 50) }
        #expect(try frames(outer) == [[0, 0, 50, 50]])
        #expect(
            close(
                frames(try outer.layout(rounding: .exact).children[0]),
                [[20, 0, 10, 10], [40, 20, 10, 10], [20, 40, 10, 10], [0, 20, 10, 10]]))
        // As an engine node without a size it takes its items' extent (twice the largest).
        let node = try circle.node()
        let row = try BoxEngine.layout(BoxNode(children: [node]), rounding: .exact)
        #expect(frame(row.children[0]) == [0, 0, 20, 20])
    }

    @Test func weightsAndSeparatorsAreALinearLayoutsOnly() {
        var circle = MKCircleLayout(width: 10, height: 10)
        circle.items = [item(weight: 1)]
        #expect(throws: BoxError(path: "items[0].weight", problem: "is for linear layouts' items")) {
            try circle.layout()
        }
    }
}
