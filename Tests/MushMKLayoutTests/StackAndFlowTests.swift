import MushBox
import MushMKLayout
import Testing

/// MKStackLayout (a 300 × 200 layout) and MKFlowLayout (120 × 190), with the frames MKLayoutLibrary's
/// own tests expect, the README's item rules, and gravity.
@Suite struct StackAndFlowTests {
    func stack(
        _ items: [MKLayoutItem], margin: MKEdgeInsets = MKEdgeInsets(), width: Double = 300, height: Double = 200
    )
        throws -> [[Double]]
    {
        var layout = MKStackLayout(width: width, height: height)
        layout.margin = margin
        layout.items = items
        return try frames(layout)
    }

    func flow(
        _ items: [MKLayoutItem], _ orientation: MKLayoutOrientation = .horizontal, width: Double = 120,
        height: Double = 190, margin: MKEdgeInsets = MKEdgeInsets(), spacing: Double = 0
    ) throws -> [[Double]] {
        var layout = MKFlowLayout(orientation: orientation, spacing: spacing, width: width, height: height)
        layout.margin = margin
        layout.items = items
        return try frames(layout)
    }

    /// The README's item rules: a size is the view's size; padding shrinks it, and moves it by its
    /// top and left.
    @Test func theReadmeItemRules() throws {
        #expect(try stack([item(10, 10)]) == [[0, 0, 10, 10]])
        #expect(try stack([item(10, 10, padding: insets(0, 0, 1, 1))]) == [[0, 0, 9, 9]])
        #expect(try stack([item(10, 10, padding: insets(1, 1, 0, 0))]) == [[1, 1, 9, 9]])
        #expect(try stack([item(10, 10, padding: insets(1, 1, 1, 1))]) == [[1, 1, 8, 8]])
        // Padding and offset: a 30 × 30 view at the top right, 5 points in, either way.
        #expect(
            try stack([item(35, 35, padding: insets(0, 0, 5, 5), gravity: [.top, .right])])
                == [[265, 0, 30, 30]])
        #expect(
            try stack([item(30, 30, gravity: [.top, .right], offset: BoxOffset(x: -5, y: -5))])
                == [[265, -5, 30, 30]])
        #expect(try stack([item(30, 30, offset: BoxOffset(x: 5, y: 5))]) == [[5, 5, 30, 30]])
    }

    @Test func stackItemsOverlap() throws {
        #expect(try stack([item()]) == [[0, 0, 300, 200]])
        #expect(try stack([item(), item()]) == [[0, 0, 300, 200], [0, 0, 300, 200]])
        #expect(try stack([item(padding: insets(5, 5, 5, 5))]) == [[5, 5, 290, 190]])
        #expect(try stack([item()], margin: insets(3, 3, 3, 3)) == [[3, 3, 294, 194]])
        #expect(try stack([item(padding: insets(5, 5, 5, 5))], margin: insets(3, 3, 3, 3)) == [[8, 8, 284, 184]])
        let pads = [item(padding: insets(10, 10, 10, 10)), item(padding: insets(15, 15, 15, 15))]
        #expect(try stack(pads) == [[10, 10, 280, 180], [15, 15, 270, 170]])
        #expect(try stack(pads, margin: insets(2, 2, 2, 2)) == [[12, 12, 276, 176], [17, 17, 266, 166]])
        #expect(try stack([item(57, 57), item(31, 3)]) == [[0, 0, 57, 57], [0, 0, 31, 3]])
        #expect(
            try stack([item(57, 57, padding: insets(5, 5, 5, 5)), item(31, 10, padding: insets(3, 3, 3, 3))])
                == [[5, 5, 47, 47], [3, 3, 25, 4]])
        #expect(
            try stack([
                item(57, 57, padding: insets(7, 5, 5, 5), gravity: [.top, .left]),
                item(31, 25, padding: insets(6, 4, 3, 3), gravity: [.bottom, .right]),
            ]) == [[5, 7, 47, 45], [273, 181, 24, 16]])
    }

    @Test func stackSublayouts() throws {
        func nested(_ pads: [Double]) throws -> [Double] {
            // Each level a stack in an item padded by the next value; the innermost holds a view.
            var inner = MKLayoutItem(view)
            inner.padding = insets(pads.last!, pads.last!, pads.last!, pads.last!)
            for pad in pads.dropLast().reversed() {
                var layout = MKStackLayout()
                layout.items = [inner]
                inner = MKLayoutItem(sublayout: layout)
                inner.padding = insets(pad, pad, pad, pad)
            }
            var root = MKStackLayout(width: 300, height: 200)
            root.items = [inner]
            var result = try root.layout(rounding: .exact)
            var x = 0.0
            var y = 0.0
            while let child = result.children.first {
                x += child.x
                y += child.y
                result = child
            }
            return [x, y, result.width, result.height]
        }
        #expect(try nested([10]) == [10, 10, 280, 180])
        #expect(try nested([10, 15]) == [25, 25, 250, 150])
        #expect(try nested([5, 10, 15]) == [30, 30, 240, 140])
    }

    /// MKLayoutLibrary's gravity table: a 10 × 10 view in a 100 × 100 box.
    static let gravities: [(MKLayoutGravity, Double, Double)] = [
        (.none, 0, 0), (.centerHorizontal, 45, 0), (.centerVertical, 0, 45),
        ([.centerHorizontal, .centerVertical], 45, 45), ([.top, .left], 0, 0), ([.top, .right], 90, 0),
        ([.top, .centerHorizontal], 45, 0), ([.bottom, .left], 0, 90), ([.bottom, .right], 90, 90),
        ([.bottom, .centerHorizontal], 45, 90), ([.centerVertical, .left], 0, 45), ([.centerVertical, .right], 90, 45),
        // A centre beats an edge, left beats right, top beats bottom.
        ([.centerHorizontal, .left, .right], 45, 0), ([.left, .right, .top, .bottom], 0, 0),
    ]

    @Test(arguments: 0..<gravities.count)
    func gravity(_ index: Int) throws {
        let (gravity, x, y) = Self.gravities[index]
        #expect(try stack([item(10, 10, gravity: gravity)], width: 100, height: 100) == [[x, y, 10, 10]])
    }

    @Test func flowRows() throws {
        #expect(try flow([item()]) == [[0, 0, 120, 190]])
        #expect(try flow([item(offset: BoxOffset(x: -3, y: 2))]) == [[-3, 2, 120, 190]])
        #expect(try flow([item(30, 3, offset: BoxOffset(x: -3, y: 2))]) == [[-3, 2, 30, 3]])
        #expect(try flow([item(), item()]) == [[0, 0, 120, 190], [0, 190, 120, 190]])
        #expect(try flow([item(), item()], .vertical) == [[0, 0, 120, 190], [120, 0, 120, 190]])
        #expect(try flow([item(99, 10), item(1, 10)], width: 100, height: 100) == [[0, 0, 99, 10], [99, 0, 1, 10]])
        #expect(try flow([item(99, 10), item(2, 10)], width: 100, height: 100) == [[0, 0, 99, 10], [0, 10, 2, 10]])
        #expect(try flow([item(30, 30)]) == [[0, 0, 30, 30]])
        #expect(try flow([item(30, 30), item(110, 30)]) == [[0, 0, 30, 30], [0, 30, 110, 30]])
        #expect(try flow([item(padding: insets(3, 5, 1, 2))]) == [[5, 3, 113, 186]])
        #expect(try flow([item(30, 30, padding: insets(3, 5, 1, 2))]) == [[5, 3, 23, 26]])
    }

    @Test func flowRowsAreAsTallAsTheirTallestItem() throws {
        #expect(try flow([item(30, 30, gravity: .bottom), item(20, 50)]) == [[0, 20, 30, 30], [30, 0, 20, 50]])
        #expect(
            try flow([item(30, 30, padding: insets(1, 2, 3, 4), gravity: .bottom), item(20, 50)])
                == [[2, 21, 24, 26], [30, 0, 20, 50]])
        #expect(
            try flow([item(30, 100, gravity: .right), item(50, 50)], .vertical) == [
                [20, 0, 30, 100], [0, 100, 50, 50],
            ])
        #expect(
            try flow([item(30, 100, padding: insets(1, 2, 3, 4), gravity: .right), item(50, 50)], .vertical)
                == [[22, 1, 24, 96], [0, 100, 50, 50]])
    }

    @Test func flowMargin() throws {
        let margin = insets(1, 2, 3, 5)
        #expect(try flow([item()], margin: margin) == [[2, 1, 113, 186]])
        #expect(try flow([item(30, 30)], margin: margin) == [[2, 1, 30, 30]])
        #expect(try flow([item(30, 30, padding: insets(3, 5, 1, 2))], margin: margin) == [[7, 4, 23, 26]])
        #expect(
            try flow([item(100, 30), item(13, 30)], height: 170, margin: margin) == [
                [2, 1, 100, 30], [102, 1, 13, 30],
            ])
        #expect(
            try flow([item(100, 30), item(14, 30)], height: 170, margin: margin) == [
                [2, 1, 100, 30], [2, 31, 14, 30],
            ])
        #expect(
            try flow([item(100, 130), item(13, 36)], .vertical, height: 170, margin: margin)
                == [[2, 1, 100, 130], [2, 131, 13, 36]])
        #expect(
            try flow([item(100, 130), item(13, 37)], .vertical, height: 170, margin: margin)
                == [[2, 1, 100, 130], [102, 1, 13, 37]])
    }

    @Test func flowOverflowingTheLayout() throws {
        let tall = [item(100, 200), item(100, 200), item(100, 200)]
        #expect(
            try flow(tall, width: 100, height: 100) == [[0, 0, 100, 200], [0, 200, 100, 200], [0, 400, 100, 200]])
        var moved = tall
        moved[1].offset = BoxOffset(x: 30, y: 3)
        #expect(
            try flow(moved, width: 100, height: 100) == [[0, 0, 100, 200], [30, 203, 100, 200], [0, 400, 100, 200]])
        let wide = [item(200, 100), item(200, 100), item(200, 100)]
        #expect(
            try flow(wide, .vertical, width: 100, height: 100) == [
                [0, 0, 200, 100], [200, 0, 200, 100], [400, 0, 200, 100],
            ])
    }

    /// The fixes: rows after an exact fit are as tall as their items (MKLayoutLibrary measured them
    /// with a different test than it placed them with, and overlapped them), and an item longer
    /// than a row is alone on its row and overflows the layout's end (MKLayoutLibrary threw).
    @Test func flowFixes() throws {
        #expect(
            try flow([item(99, 10), item(1, 50), item(50, 10)], width: 100, height: 100)
                == [[0, 0, 99, 10], [99, 0, 1, 50], [0, 50, 50, 10]])
        var layout = MKFlowLayout(width: 100, height: 100)
        layout.items = [item(30, 10), item(150, 20), item(30, 10)]
        let result = try layout.layout(rounding: .exact)
        #expect(frames(result) == [[0, 0, 30, 10], [0, 10, 150, 20], [0, 30, 30, 10]])
        #expect(result.contentWidth == 150)
    }

    @Test func flowSpacing() throws {
        #expect(
            try flow([item(50, 10), item(50, 20), item(50, 10)], width: 110, spacing: 10)
                == [[0, 0, 50, 10], [60, 0, 50, 20], [0, 30, 50, 10]])
    }
}
