import Mush
import MushBox
import MushMKLayout
import Testing

/// MKLinearLayout: the cases of MKLayoutLibrary's own tests (a 300 × 100 layout), each with the
/// frames they expect.
@Suite struct LinearLayoutTests {
    func linear(
        _ items: [MKLayoutItem], _ orientation: MKLayoutOrientation = .horizontal, width: Double = 300,
        height: Double = 100, margin: MKEdgeInsets = MKEdgeInsets(), spacing: Double = 0
    ) throws -> [[Double]] {
        var layout = MKLinearLayout(orientation: orientation, spacing: spacing, width: width, height: height)
        layout.margin = margin
        layout.items = items
        return try frames(layout)
    }

    @Test func sizes() throws {
        #expect(try linear([item(30, 40)]) == [[0, 0, 30, 40]])
        #expect(try linear([item()]) == [[0, 0, 300, 100]])
        #expect(try linear([item(30)]) == [[0, 0, 30, 100]])
        #expect(try linear([item(30), item(70)]) == [[0, 0, 30, 100], [30, 0, 70, 100]])
        #expect(try linear([item(.matchParent, 30)], .vertical) == [[0, 0, 300, 30]])
        #expect(
            try linear([item(.matchParent, 30), item(.matchParent, 70)], .vertical) == [
                [0, 0, 300, 30], [0, 30, 300, 70],
            ])
    }

    @Test func gravityAcrossTheAxis() throws {
        #expect(
            try linear([item(30, 10, gravity: .centerVertical), item(70, 20, gravity: .centerVertical)])
                == [[0, 45, 30, 10], [30, 40, 70, 20]])
        #expect(try linear([item(30, 10, gravity: .bottom)]) == [[0, 90, 30, 10]])
    }

    @Test func marginAndPadding() throws {
        #expect(try linear([item(30)], margin: insets(10, 10, 10, 10)) == [[10, 10, 30, 80]])
        let five = insets(5, 5, 5, 5)
        #expect(
            try linear([item(30, padding: insets(3, 3, 3, 3))], margin: insets(10, 10, 10, 10)) == [[13, 13, 24, 74]])
        #expect(try linear([item(30, padding: five)]) == [[5, 5, 20, 90]])
        #expect(try linear([item(30, padding: five), item(70, padding: five)]) == [[5, 5, 20, 90], [35, 5, 60, 90]])
        #expect(try linear([item(.matchParent, 30, padding: five)], .vertical) == [[5, 5, 290, 20]])
        #expect(
            try linear([item(.matchParent, 30, padding: five), item(.matchParent, 70, padding: five)], .vertical)
                == [[5, 5, 290, 20], [5, 35, 290, 60]])
    }

    @Test func weights() throws {
        #expect(try linear([item(weight: 1)]) == [[0, 0, 300, 100]])
        #expect(try linear([item(weight: 1), item(weight: 1)]) == [[0, 0, 150, 100], [150, 0, 150, 100]])
        #expect(try linear([item(weight: 1), item(weight: 2)]) == [[0, 0, 100, 100], [100, 0, 200, 100]])
        #expect(try linear([item(weight: 1)], .vertical) == [[0, 0, 300, 100]])
        #expect(try linear([item(weight: 1), item(weight: 1)], .vertical) == [[0, 0, 300, 50], [0, 50, 300, 50]])
        #expect(
            close(
                try linear([item(weight: 1), item(weight: 2)], .vertical),
                [[0, 0, 300, 100.0 / 3], [0, 100.0 / 3, 300, 200.0 / 3]]))
    }

    @Test func weightsWithPadding() throws {
        let five = insets(5, 5, 5, 5)
        #expect(try linear([item(weight: 1, padding: five)]) == [[5, 5, 290, 90]])
        // The weight shares the item's box; the padding comes out of each box.
        #expect(
            try linear([item(weight: 1, padding: five), item(weight: 1, padding: insets(10, 10, 10, 10))])
                == [[5, 5, 140, 90], [160, 10, 130, 80]])
        #expect(
            try linear([item(weight: 1, padding: five), item(weight: 2, padding: insets(13, 13, 13, 13))])
                == [[5, 5, 90, 90], [113, 13, 174, 74]])
        #expect(try linear([item(weight: 1, padding: five)], .vertical) == [[5, 5, 290, 90]])
        #expect(
            try linear([item(weight: 1, padding: five), item(weight: 1, padding: insets(10, 10, 10, 10))], .vertical)
                == [[5, 5, 290, 40], [10, 60, 280, 30]])
        #expect(
            close(
                try linear(
                    [item(weight: 1, padding: five), item(weight: 2, padding: insets(10, 10, 10, 10))], .vertical),
                [[5, 5, 290, 100.0 / 3 - 10], [10, 100.0 / 3 + 10, 280, 200.0 / 3 - 20]]))
    }

    @Test func weightsShareWhatFixedSizesLeave() throws {
        #expect(try linear([item(30), item(weight: 1)]) == [[0, 0, 30, 100], [30, 0, 270, 100]])
        #expect(
            try linear([item(30), item(weight: 1), item(weight: 1)])
                == [[0, 0, 30, 100], [30, 0, 135, 100], [165, 0, 135, 100]])
        #expect(
            try linear([item(30), item(weight: 1), item(weight: 2)])
                == [[0, 0, 30, 100], [30, 0, 90, 100], [120, 0, 180, 100]])
    }

    /// Weights are shares of their sum (MKLinearLayout's `weight / overallWeight`), also when they sum
    /// to less than 1, where CSS's flex factors would leave part of the room empty.
    @Test func weightsSummingToLessThanOne() throws {
        #expect(try linear([item(weight: 0.5)]) == [[0, 0, 300, 100]])
        #expect(try linear([item(weight: 0.25), item(weight: 0.5)]) == [[0, 0, 100, 100], [100, 0, 200, 100]])
        #expect(try linear([item(30), item(weight: 0.5)], spacing: 10) == [[0, 0, 30, 100], [40, 0, 260, 100]])
        #expect(try linear([item(weight: 0.5)], .vertical) == [[0, 0, 300, 100]])
        #expect(try linear([item(weight: 0), item(weight: 0)]) == [[0, 0, 0, 100], [0, 0, 0, 100]])
    }

    /// An item with a size and a weight: the weight makes its box, the size its view (at the box's
    /// top left, or where gravity puts it).
    @Test func aWeightWithASize() throws {
        #expect(try linear([item(30), item(40, 20, weight: 1)]) == [[0, 0, 30, 100], [30, 0, 40, 20]])
        #expect(
            try linear([item(30), item(40, 20, weight: 1, gravity: [.centerHorizontal, .bottom])])
                == [[0, 0, 30, 100], [145, 80, 40, 20]])
    }

    @Test func spacing() throws {
        #expect(
            try linear([item(weight: 1), item(weight: 1)], spacing: 10) == [[0, 0, 145, 100], [155, 0, 145, 100]])
        #expect(try linear([item(weight: 1)], spacing: 10) == [[0, 0, 300, 100]])
        #expect(try linear([item(weight: 1)], .vertical, spacing: 10) == [[0, 0, 300, 100]])
        #expect(
            try linear([item(weight: 1), item(weight: 1)], .vertical, spacing: 10)
                == [[0, 0, 300, 45], [0, 55, 300, 45]])
    }

    @Test func sublayouts() throws {
        func sublayout(_ inner: MKLayoutItem, weight: Double? = 1, padding: MKEdgeInsets = MKEdgeInsets())
            -> MKLayoutItem
        {
            var layout = MKLinearLayout()
            layout.items = [inner]
            var item = MKLayoutItem(sublayout: layout)
            item.weight = weight
            item.padding = padding
            return item
        }
        func views(_ layout: BoxLayout) -> [[Double]] {
            // The sublayout's views, in the root's coordinates.
            layout.children.flatMap { child in
                child.children.isEmpty
                    ? [frame(child)] : child.children.map { [child.x + $0.x, child.y + $0.y, $0.width, $0.height] }
            }
        }
        func run(_ items: [MKLayoutItem]) throws -> [[Double]] {
            var root = MKLinearLayout(width: 300, height: 100)
            root.items = items
            return views(try root.layout(rounding: .exact))
        }
        #expect(try run([sublayout(item(weight: 1))]) == [[0, 0, 300, 100]])
        #expect(try run([sublayout(item(weight: 1, padding: insets(3, 13, 2, 4)))]) == [[13, 3, 283, 95]])
        #expect(try run([item(30), sublayout(item(weight: 1))]) == [[0, 0, 30, 100], [30, 0, 270, 100]])
        #expect(
            try run([sublayout(item(weight: 1, padding: insets(4, 5, 13, 1)), padding: insets(3, 13, 2, 4))])
                == [[18, 7, 277, 78]])
    }

    /// Separators: a rule of `thickness` between two items, with the spacing on both sides; the
    /// first item's is never drawn.
    @Test func separators() throws {
        let black = MushColor(red: 0, green: 0, blue: 0)
        let border = MKBorder(thickness: 4, color: black)
        #expect(
            try linear([item(weight: 1), item(weight: 1, border: border)]) == [[0, 0, 148, 100], [152, 0, 148, 100]])
        #expect(
            close(
                try linear([
                    item(weight: 1, border: border), item(weight: 1, border: border), item(weight: 1, border: border),
                ]),
                [[0, 0, 292.0 / 3, 100], [292.0 / 3 + 4, 0, 292.0 / 3, 100], [584.0 / 3 + 8, 0, 292.0 / 3, 100]]))
        #expect(
            try linear([item(weight: 1), item(weight: 1, border: border)], .vertical)
                == [[0, 0, 300, 48], [0, 52, 300, 48]])
        let padded = insets(4, 6, 3, 2)
        #expect(
            try linear([
                item(weight: 1, padding: padded, border: border), item(weight: 1, padding: padded, border: border),
            ])
                == [[6, 4, 140, 93], [158, 4, 140, 93]])
        #expect(
            try linear(
                [item(weight: 1, padding: padded, border: border), item(weight: 1, padding: padded, border: border)],
                .vertical) == [[6, 4, 292, 41], [6, 56, 292, 41]])

        // The rules, in the layout's paint.
        func rules(_ orientation: MKLayoutOrientation, margin: MKEdgeInsets = MKEdgeInsets(), spacing: Double = 0)
            throws -> [[Double]]
        {
            var layout = MKLinearLayout(orientation: orientation, spacing: spacing, width: 300, height: 100)
            layout.margin = margin
            layout.items = [item(weight: 1, border: border), item(weight: 1, border: border)]
            let result = try layout.layout(rounding: .exact)
            #expect(result.children.count == 2)
            return (result.paint?.rules ?? []).map { [$0.x, $0.y, $0.width, $0.height] }
        }
        #expect(try rules(.horizontal) == [[148, 0, 4, 100]])
        #expect(try rules(.vertical) == [[0, 48, 300, 4]])
        #expect(try rules(.vertical, margin: insets(3, 3, 3, 3)) == [[3, 48, 294, 4]])
        // With spacing: item, spacing, rule, spacing, item.
        #expect(try rules(.horizontal, spacing: 10) == [[148, 0, 4, 100]])
    }

    /// The fix: MKLayoutLibrary gives a match-parent item the whole length, pushing the items after
    /// it out of the layout (and weights below zero). Here it takes what its siblings leave.
    @Test func matchParentLeavesItsSiblingsRoom() throws {
        #expect(try linear([item(), item(30)]) == [[0, 0, 270, 100], [270, 0, 30, 100]])
        #expect(
            try linear([item(30), item(), item(40)]) == [[0, 0, 30, 100], [30, 0, 230, 100], [260, 0, 40, 100]])
        // Two share it equally; a weight gets nothing (MKLayoutLibrary: less than nothing).
        #expect(
            try linear([item(), item(), item(100)]) == [[0, 0, 100, 100], [100, 0, 100, 100], [200, 0, 100, 100]])
        #expect(
            try linear([item(30), item(), item(weight: 1)]) == [
                [0, 0, 30, 100], [30, 0, 270, 100], [300, 0, 0, 100],
            ])
    }
}
