import MushBox
import Testing

@testable import MushBoxView

/// BoxView's Auto Layout rules that styles cannot express: optional priorities, `<=` pins,
/// hugging and compression, each with frames worked out by hand from the constraints.
@Suite("BoxView priorities")
struct BoxViewPriorityTests {
    /// A view whose content is `width` × `height` and which has no size of its own (it hugs its
    /// content at 250 and resists compression at 750).
    static func content(_ width: Double, _ height: Double) -> BoxNode {
        BoxNode(children: [BV.block(width, height)])
    }

    func row(_ width: Double, _ items: [BoxItem]) -> BoxView {
        var view = BoxView(axis: .x, items: items)
        view.width = width
        return view
    }

    @Test func anOptionalPinGivesWayToAHigherPriority() throws {
        // 150 wide: 50 + the gap of 20 + 100 is 20 too long. The gap (500) gives way before the
        // first view's compression resistance (750)…
        let pinned = Self.content(50, 10).boxed.right((==20).priority(500))
        let fixed = Self.content(50, 10).boxed.width(100)
        #expect(BV.frames(try row(150, [pinned, fixed]).layout()) == [[0, 0, 50, 10], [50, 0, 100, 10]])
        // …and above it the view shrinks instead: the gap stays 20.
        let firm = Self.content(50, 10).boxed.right((==20).priority(800))
        #expect(BV.frames(try row(150, [firm, fixed]).layout()) == [[0, 0, 30, 10], [50, 0, 100, 10]])
        // With room to spare the view (hugging at 250) grows before the gap leaves its 20 (500).
        #expect(BV.frames(try row(200, [pinned, fixed]).layout()) == [[0, 0, 80, 10], [100, 0, 100, 10]])
    }

    @Test func aLessOrEqualPinIsAnInequality() throws {
        var column = BoxView(items: [Self.content(10, 20).boxed.bottom(<=10)])
        // 25 tall: the gap below takes 5 (it may be anything up to 10), the view keeps its 20.
        column.height = 25
        #expect(BV.frames(try column.layout()) == [[0, 0, 10, 20]])
        // 100 tall: the gap reaches 10, then the view grows (its hugging gives way to the required
        // bottom pin).
        column.height = 100
        #expect(BV.frames(try column.layout()) == [[0, 0, 10, 90]])
        // As `==10` it would be 10 at once, the view compressed to 15.
        column.height = 25
        column.items = [Self.content(10, 20).boxed.bottom(10)]
        #expect(BV.frames(try column.layout()) == [[0, 0, 10, 15]])
    }

    @Test func aLowPriorityMinimumGivesWayToCompression() throws {
        let item = Self.content(30, 10).boxed.left((>=20).priority(250))
        // Room to spare: the `>=` gap takes it (before the view's hugging), the view at the end.
        #expect(BV.frames(try row(100, [item]).layout()) == [[70, 0, 30, 10]])
        // 40 wide: the gap gives up 10 of its 20 (250) before the view is compressed (750).
        #expect(BV.frames(try row(40, [item]).layout()) == [[10, 0, 30, 10]])
        // Required, the gap stays 20 and the view is compressed.
        #expect(BV.frames(try row(40, [Self.content(30, 10).boxed.left(>=20)]).layout()) == [[20, 0, 20, 10]])
    }

    @Test func theViewThatHugsLeastFillsAChainPinnedAtBothEnds() throws {
        // Two views of the same hugging share the extra length.
        let views = [Self.content(50, 10).boxed, Self.content(50, 10).boxed]
        #expect(BV.frames(try row(200, views).layout()) == [[0, 0, 100, 10], [100, 0, 100, 10]])
        // The first hugs harder: the second takes it all.
        let hugging = [Self.content(50, 10).boxed.hugging(x: 300), Self.content(50, 10).boxed]
        #expect(BV.frames(try row(200, hugging).layout()) == [[0, 0, 50, 10], [50, 0, 150, 10]])
        // A leaf (an image) hugs at 251: the plain view takes the extra length.
        let image = [BV.image(40, 10).boxed, Self.content(50, 10).boxed]
        #expect(BV.frames(try row(200, image).layout()) == [[0, 0, 40, 10], [40, 0, 160, 10]])
        // A spacer without a size has no content to hug: it takes the extra length first.
        let spaced = [Self.content(50, 10).boxed, BoxItem.guide(), Self.content(50, 10).boxed]
        #expect(BV.frames(try row(200, spaced).layout()) == [[0, 0, 50, 10], [50, 0, 100, 10], [150, 0, 50, 10]])
        // A chain whose end has no pin is not held there: it stays at its content's length.
        let open = [Self.content(50, 10).boxed, Self.content(50, 10).boxed.right(nil)]
        #expect(BV.frames(try row(200, open).layout()) == [[0, 0, 50, 10], [50, 0, 50, 10]])
    }

    @Test func compressionResistanceDecidesWhatShrinks() throws {
        // 80 wide for 100 of content: the second view (750) shrinks before the first (800).
        let items = [Self.content(50, 10).boxed.compression(x: 800), Self.content(50, 10).boxed]
        #expect(BV.frames(try row(80, items).layout()) == [[0, 0, 50, 10], [50, 0, 30, 10]])
        // With equal resistance they share the shortfall.
        let equal = [Self.content(50, 10).boxed.compression(x: 750), Self.content(50, 10).boxed]
        #expect(BV.frames(try row(80, equal).layout()) == [[0, 0, 40, 10], [40, 0, 40, 10]])
    }

    @Test func flexItemsKeepTheirRatioInASolvedChain() throws {
        // The flex items share 100 − the optional end gap of 10 as 1 : 3.
        let items = [
            Self.content(10, 10).boxed.flex(1), Self.content(10, 10).boxed.flex(3).right((==10).priority(500)),
        ]
        let frames = BV.frames(try row(100, items).layout(rounding: .exact))
        #expect(frames == [[0, 0, 22.5, 10], [22.5, 0, 67.5, 10]], "\(frames)")
    }

    @Test func aCentredItemSplitsASolvedChain() throws {
        var column = BoxView()
        column.height = 100
        column.items = [Self.content(10, 10).boxed.top((==5).priority(300)), Self.content(10, 20).boxed.centerY()]
        // The second item centred (40 to 60); the first keeps its optional top of 5, the free gap
        // between them (`>=0`, from `centerY()`) takes the rest.
        #expect(BV.frames(try column.layout()) == [[0, 5, 10, 10], [0, 40, 10, 20]])
    }

    @Test func aSolvedChainMirrorsRightToLeft() throws {
        var view = row(
            150, [Self.content(50, 10).boxed.right((==20).priority(500)), Self.content(50, 10).boxed.width(100)])
        view.direction = .rtl
        #expect(BV.frames(try view.layout()) == [[100, 0, 50, 10], [0, 0, 100, 10]])
    }

    @Test func aSolvedChainWithoutALengthIsItsContent() throws {
        // No width: the chain at rest (the optional gap at its 20), across the tallest item.
        var view = BoxView(
            axis: .x,
            items: [
                Self.content(50, 10).boxed.right((==20).priority(500)), Self.content(30, 25).boxed.top(<=5),
            ])
        let layout = try view.layout()
        #expect(BV.frame(layout) == [0, 0, 100, 25])
        // The second item's top may be at most 5: with its bottom `==0` it fills 25 − its top, at rest
        // its top 0 (the nearest to 0 of what it allows), so it is 25 tall.
        #expect(BV.frames(layout) == [[0, 0, 50, 25], [70, 0, 30, 25]])
        view.items[1] = Self.content(30, 25).boxed.top(<=5).bottom(nil)
        #expect(BV.frames(try view.layout())[1] == [70, 0, 30, 25])
    }

    @Test func aspectRatioHelperHoldsTheHeightToTheWidth() throws {
        // BoxView's pinAspect: the height is the width times 0.5, here in a stretched column.
        var column = BoxView()
        column.width = 200
        column.items = [BV.block().boxed.pinAspect(0.5).left(10).right(10)]
        #expect(BV.frames(try column.layout()) == [[10, 0, 180, 90]])
        // In a solved chain too.
        column.items = [BV.block().boxed.pinAspect(0.5).left(10).right((==10).priority(900))]
        #expect(BV.frames(try column.layout()) == [[10, 0, 180, 90]])
    }

    @Test func pinsAndPrioritiesAreWrittenAsJSONWritesThem() {
        #expect((>=0).priority(250).description == ">=0@250")
        #expect((==10).description == "==10")
        #expect((<=8).priority(BoxPin.required).description == "<=8")
    }
}

extension BoxViewPriorityTests {
    @Test func aRequiredSizeWiderThanItsCentreRoomKeepsItsSize() throws {
        // A solved column 110 wide: an item centred across with >=10 on both sides has 90 of room,
        // but its width of 100 is required: it keeps it, centred (the conflict Auto Layout reports).
        var column = BoxView(items: [
            Self.content(50, 10).boxed.centerX(padding: 10).width(100).top((==0).priority(500))
        ])
        column.width = 110
        #expect(BV.frames(try column.layout()) == [[5, 0, 100, 10]])
    }
}

@Suite("Chain solver")
struct ChainSolverTests {
    func segment(
        low: Double = -.infinity, high: Double = .infinity, _ pins: [(BoxPin.Relation, Double, Double)] = []
    ) -> ChainSegment {
        var segment = ChainSegment()
        segment.low = low
        segment.high = high
        for (relation, constant, priority) in pins { segment.add(relation, constant, priority: priority) }
        return segment
    }

    @Test func aHigherPriorityIsStrict() {
        // However many points the lower priority misses by, one point of the higher one costs more:
        // the first segment (hugging 10 at 251) gives nothing while the second (250) can grow.
        var weighty = segment(low: 0, [(.lessThanOrEqual, 10, 250)])
        weighty.terms[0].weight = 1000
        let values = ChainSolver.solve([segment(low: 0, [(.lessThanOrEqual, 10, 251)]), weighty], total: 100)
        #expect(values == [10, 90])
    }

    @Test func equalMarginalCostsShareEqually() {
        let values = ChainSolver.solve(
            [segment(low: 0, [(.lessThanOrEqual, 0, 250)]), segment(low: 0, [(.lessThanOrEqual, 20, 250)])],
            total: 100)
        // The second grows alone to 20 (free until then), then both share the remaining 80.
        #expect(values == [40, 60])
    }

    @Test func requiredBoundsAlwaysHold() {
        // 100 to fill, but both are bounded: they stop at their bounds and the rest stays unfilled.
        let values = ChainSolver.solve([segment(low: 0, high: 30), segment(low: 10, high: 40)], total: 100)
        #expect(values == [30, 40])
        // Too little room: nothing goes below its bound.
        #expect(ChainSolver.solve([segment(low: 30), segment(low: 10)], total: 0) == [30, 10])
    }

    @Test func restingValuesWithoutATotal() {
        #expect(ChainSolver.solve([segment(low: 5)], total: nil) == [5])
        #expect(ChainSolver.solve([segment(high: 10)], total: nil) == [0])
        #expect(ChainSolver.solve([segment(high: -4)], total: nil) == [-4])
        #expect(ChainSolver.solve([segment([(.greaterThanOrEqual, 7, 300)])], total: nil) == [7])
        #expect(ChainSolver.solve([segment(low: 0, [(.equal, 12, 500)])], total: nil) == [12])
        // A minimum at a low priority and a maximum at a high one below it: the maximum wins.
        #expect(
            ChainSolver.solve(
                [segment(low: 0, [(.greaterThanOrEqual, 20, 250), (.lessThanOrEqual, 8, 750)])], total: nil)
                == [8])
    }

    @Test func shrinkingTakesFromTheCheapestFirst() {
        let values = ChainSolver.solve(
            [
                segment(low: 0, [(.greaterThanOrEqual, 50, 750)]),
                segment(low: 0, [(.greaterThanOrEqual, 50, 500)]),
            ],
            total: 70)
        #expect(values == [50, 20])
    }

    @Test func aScaledSegmentCountsItsScale() {
        // A unit of 4 flexes: 100 of room is 25 of it.
        var unit = segment(low: 0)
        unit.scale = 4
        #expect(ChainSolver.solve([unit], total: 100) == [25])
    }
}
