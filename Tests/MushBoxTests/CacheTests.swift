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
}
