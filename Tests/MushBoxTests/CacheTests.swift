import Testing

@testable import MushBox

/// The caches only save work: a question is answered from them only when nothing the answer depends
/// on differs (the known sizes, the available space where the subtree reads it, the percentage bases
/// the node's style reads, whether its own size applies, and which sizes were asked for).
@Suite struct CacheTests {
    /// Every fixture tree (all four variants), laid out with and without the caches: the same frames,
    /// bit for bit.
    @Test func theCachesNeverChangeAnAnswer() {
        var differing: [String] = []
        for fixture in FixtureTests.cases {
            let cached = BoxEngine.laidOut(fixture.tree, width: fixture.width, height: fixture.height)
            let uncached = BoxEngine.laidOut(
                fixture.tree, width: fixture.width, height: fixture.height, usesCache: false)
            if cached.copiedFrames() != uncached.copiedFrames() { differing.append(fixture.name) }
        }
        #expect(differing.isEmpty, "\(differing.count) fixtures: \(differing.prefix(5))")
    }

    /// A row container asked for its width alone stops once it has it: the answer has no height, and
    /// it serves a later question for the width but not one for both sizes.
    @Test func aWidthAloneIsAnsweredWithoutTheHeight() {
        var row = BoxStyle()
        row.padding = BoxEdges(2)
        let tree = BoxNode(style: row, children: [BoxNode(style: LinearityTests.fixed)])
        let layout = LayoutTree(tree)
        let space = Space(.maxContent, .maxContent)
        let width = layout.measure(
            0, known: .none, parentSize: .none, space: space, sizing: .contentSize, isRow: true)
        #expect(width == 14)
        #expect(layout.computations == 1)
        _ = layout.measure(0, known: .none, parentSize: .none, space: space, sizing: .contentSize, isRow: true)
        #expect(layout.computations == 1)
        let both = layout.compute(
            0, known: .none, parentSize: .none, space: space, mode: .computeSize, sizing: .contentSize)
        #expect(both.size.width == 14 && both.size.height == 14)
        #expect(layout.computations == 2)
    }

    /// A width asked at a known height, of a box whose width does not depend on its height, is
    /// one question whatever the height: its answer serves another width question, never a question
    /// for the height. (A column item that flexes was measured for its width at the height it grew
    /// to, 7.5; served as its content height, 0, it grew again, to 11.25. From the random tree
    /// `chromium-10-24`, made smaller; Chromium lays the item out at 7.5.)
    @Test func aWidthFoundAtAHeightIsNotTheHeightWithoutIt() {
        var outer = BoxStyle()
        outer.flexDirection = .columnReverse
        outer.height = .points(32)
        var item = BoxStyle()
        item.flexDirection = .column
        item.flexGrow = 0.5
        item.margin = BoxEdges(top: .zero, right: .zero, bottom: .points(17), left: .auto)
        let tree = BoxNode(children: [
            BoxNode(style: outer, children: [BoxNode(style: item, children: [BoxNode()])])
        ])
        let cached = BoxEngine.laidOut(tree, width: .points(249), height: .points(374)).copiedFrames()
        let uncached = BoxEngine.laidOut(tree, width: .points(249), height: .points(374), usesCache: false)
            .copiedFrames()
        #expect(cached == uncached)
        // (32 less the margin, 15, times the item's growth, 0.5.)
        #expect(cached[2].height == 7.5)
    }

    /// A box with an aspect ratio and a width in a percentage reads the percentage's base in every
    /// question, its own size applying or not: where the base is unknown the width acts as auto,
    /// and the ratio carries the maximum height across as a maximum width (13.5 × 0.5), which caps
    /// the content's minimum (96). Keyed without the base, the capped answer was served where the
    /// base is known. (From the random tree `chromium-10-838`, made smaller.)
    @Test func aRatioBoxOfAPercentageWidthReadsItsBaseForItsLimits() {
        var fixed = BoxStyle()
        fixed.width = .points(38)
        var ratio = BoxStyle()
        ratio.width = .percent(50)
        ratio.height = .points(104)
        ratio.maxHeight = .points(13.5)
        ratio.aspectRatio = 0.5
        var wide = BoxStyle()
        wide.minWidth = .points(96)
        let tree = BoxNode(children: [
            BoxNode(children: [
                BoxNode(style: fixed), BoxNode(style: ratio, children: [BoxNode(style: wide)]),
            ])
        ])
        let cached = BoxEngine.laidOut(tree, width: .points(222), height: .points(245)).copiedFrames()
        let uncached = BoxEngine.laidOut(tree, width: .points(222), height: .points(245), usesCache: false)
            .copiedFrames()
        #expect(cached == uncached)
        // (The ratio box's automatic minimum is the smaller of its content's, 96, and its own width,
        // half of the row's 44.75: it keeps that, and the other item shrinks to the rest.)
        #expect(cached[3].width == 22.375 && cached[2].width == 22.375)
    }

    /// A leaf's heights keep the eight latest widths asked, oldest first, the first without an
    /// array: the ninth answer drops the first, the tenth the second.
    @Test func aLeafKeepsItsEightLatestHeights() {
        var heights = LeafHeights()
        #expect(heights.first(where: { _ in true }) == nil)
        for width in 0..<10 {
            heights.append(width: Double(width), size: BoxLeafSize(height: Double(width) * 10))
            #expect(heights.first(where: { $0 == Double(width) })?.height == Double(width) * 10)
        }
        #expect(heights.first(where: { $0 == 0 }) == nil)
        #expect(heights.first(where: { $0 == 1 }) == nil)
        // The oldest kept answer is found first.
        #expect(heights.first(where: { $0 >= 2 })?.height == 20)
        #expect(heights.first(where: { $0 >= 9 })?.height == 90)
    }
}
