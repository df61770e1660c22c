import MushBase
import Testing

@testable import MushBox

/// Layout time linear in the number of nodes, whatever the depth: each node is laid out or measured
/// without the cache a bounded number of times (engines that measure children again for every
/// ancestor become exponential; Yoga issue 2007).
@Suite struct LinearityTests {
    /// A box 10 points square.
    static let fixed: BoxStyle = {
        var style = BoxStyle()
        style.width = 10
        style.height = 10
        return style
    }()

    /// Nested auto-sized rows (or columns), `depth` levels, each level holding the next and a fixed box.
    static func nested(depth: Int, direction: BoxStyle.FlexDirection) -> BoxNode {
        var leaf = BoxStyle()
        leaf.width = 10
        leaf.height = 10
        var node = BoxNode(style: leaf)
        for level in 0..<depth {
            var style = BoxStyle()
            style.flexDirection = level % 2 == 0 ? direction : (direction == .row ? .column : .row)
            style.padding = BoxEdges(1)
            style.alignItems = level % 3 == 0 ? .baseline : nil
            node = BoxNode(style: style, children: [node, BoxNode(style: leaf)])
        }
        return node
    }

    @Test(arguments: [BoxStyle.FlexDirection.row, .column])
    func fortyNestedLevelsStayLinear(direction: BoxStyle.FlexDirection) throws {
        let small = BoxEngine.laidOut(
            Self.nested(depth: 20, direction: direction), width: .maxContent, height: .maxContent)
        let large = BoxEngine.laidOut(
            Self.nested(depth: 40, direction: direction), width: .maxContent, height: .maxContent)
        // 41 nodes against 81: about the same work per node (never 2^20 times as much).
        #expect(Double(large.computations) / 81 <= Double(small.computations) / 41 * 1.1)
        #expect(large.computations <= 81 * 12)
        let layout = try BoxEngine.layout(Self.nested(depth: 40, direction: direction))
        // Each level adds its padding to the 10-point box at the bottom.
        let across = 10 + 2.0 * 40
        #expect(max(layout.width, layout.height) >= across)
    }

    /// A chain `depth` levels deep of boxes of `style` over a fixed box, each level holding the
    /// next (and, with `beside`, a fixed box after it).
    static func chain(_ depth: Int, of style: BoxStyle, beside: Bool = false) -> BoxNode {
        var node = BoxNode(style: fixed)
        for _ in 0..<depth { node = BoxNode(style: style, children: beside ? [node, BoxNode(style: fixed)] : [node]) }
        return node
    }

    /// Nested grids, each with an aspect ratio and an auto bottom margin (items whose width follows
    /// their height, measured in the rows first estimated, then at their columns' width, floored at
    /// their content): each level asks its item a few questions, the same at every level, never
    /// more for each of its own (the box fuzzer's chain of 250 took 43 s before grids' questions
    /// for points and max-content heights became one).
    @Test func nestedGridsStayLinear() throws {
        func chain(_ depth: Int) -> BoxNode {
            var style = BoxStyle()
            style.display = .grid
            style.aspectRatio = 0.5
            style.margin.bottom = .auto
            style.gridTemplateAreas = try! GridTemplateAreas(rows: ["a . b", "a c c"])
            return Self.chain(depth, of: style)
        }
        let small = BoxEngine.laidOut(chain(20), width: .maxContent, height: .maxContent)
        let large = BoxEngine.laidOut(chain(40), width: .maxContent, height: .maxContent)
        #expect(Double(large.computations) / 41 <= Double(small.computations) / 21 * 1.1)
        #expect(large.computations <= 41 * 8)
        // And grids whose automatic columns hold a percentage (sized again once their width is
        // found), placed by a line name no line has, with a ratio and padding: the fuzzer's chain,
        // 44 s before the rows' estimate was kept for grids of definite height.
        func percentChain(_ depth: Int) -> BoxNode {
            var style = BoxStyle()
            style.display = .grid
            style.aspectRatio = 1.0 / 3
            style.padding = BoxEdges(10.5)
            style.gridAutoColumns = try! GridAutoTracks(parsing: "max-content 10% 2fr")
            style.gridAutoFlow = GridAutoFlow(dense: true)
            style.gridColumnEnd = .line(1, name: "c-start")
            return Self.chain(depth, of: style)
        }
        // And centred grid items of ratio whose grids have a percentage row gap: each asked its
        // min- and max-content widths and its fit-content one, which once evicted each other.
        func centredChain(_ depth: Int) -> BoxNode {
            var style = BoxStyle()
            style.display = .grid
            style.justifySelf = .center
            style.aspectRatio = 0.5
            style.rowGap = .percent(40.5)
            return Self.chain(depth, of: style)
        }
        let centred = BoxEngine.laidOut(centredChain(40), width: .points(63), height: .points(63))
        #expect(centred.computations <= 41 * 8)
        // And grids aligning their items by baseline, of fixed sizes and a ratio (the fuzzer's
        // chain, 41 s): each item was laid out to find its baseline, then in its area, both at every
        // level down (2^depth); an item alone in its row now has no baseline to share, and one of
        // fixed height is laid out for its baseline as it is laid out last.
        func baselineChain(_ depth: Int, beside: Bool) -> BoxNode {
            var style = BoxStyle()
            style.display = .grid
            style.boxSizing = .contentBox
            style.alignItems = .baseline
            style.width = 79
            style.height = 88
            style.aspectRatio = 0.5
            if beside { style.gridTemplateColumns = try! GridTrackList(parsing: "auto auto") }
            return Self.chain(depth, of: style, beside: beside)
        }
        // And centred items with percentage margins in column flow: the max-content width asked
        // for a contribution (no area yet: percentages as 0) and for the fit-content width in the
        // area share a slot; a grid keeps the one evicted (the fuzzer's chain, 35 s).
        func marginChain(_ depth: Int) -> BoxNode {
            var style = BoxStyle()
            style.display = .grid
            style.justifyItems = .center
            style.margin = BoxEdges(.percent(0))
            style.gridAutoFlow = GridAutoFlow(columns: true)
            return Self.chain(depth, of: style)
        }
        let margined = BoxEngine.laidOut(marginChain(40), width: .points(63), height: .points(63))
        #expect(margined.computations <= 41 * 8)
        for beside in [false, true] {
            let aligned = BoxEngine.laidOut(baselineChain(40, beside: beside), width: .points(63), height: .points(63))
            #expect(aligned.computations <= 81 * 8, "\(beside)")
        }
        let shallow = BoxEngine.laidOut(percentChain(20), width: .points(63), height: .points(63))
        let deep = BoxEngine.laidOut(percentChain(40), width: .points(63), height: .points(63))
        #expect(Double(deep.computations) / 41 <= Double(shallow.computations) / 21 * 2.5)
        #expect(deep.computations <= 41 * 41 * 4)
    }

    @Test func aChainAThousandDeep() throws {
        var leaf = BoxStyle()
        leaf.width = 10
        leaf.height = 10
        var node = BoxNode(style: leaf)
        var padded = BoxStyle()
        padded.padding = BoxEdges(1)
        for _ in 0..<BoxError.maximumDepth { node = BoxNode(style: padded, children: [node]) }
        let layout = try BoxEngine.layout(node)
        #expect(layout.width == 2_010)
        #expect(layout.height == 2_010)
        let computations = LargeStack.run {
            BoxEngine.laidOut(node, width: .maxContent, height: .maxContent).computations
        }
        #expect(computations <= 1_001 * 8)
        node = BoxNode(style: padded, children: [node])
        #expect(throws: BoxError.self) { try BoxEngine.layout(node) }
    }

    /// A chain of auto-sized rows (padding 1, the benchmarks' chain): each row's height at the
    /// width it is given is found by laying it out there, and that layout is its final one (nothing
    /// in a row reads its height), so at max-content each level is computed twice, its width and
    /// its layout, not three times (its width, its height at that width, then the same again as its
    /// final layout). At 300 points, narrower than the chain, each level is also asked its
    /// min-content width (its automatic minimum): three, not four.
    @Test(arguments: [(AvailableSpace.maxContent, 2), (.points(300), 3)])
    func aChainOfAutoSizedRowsIsLaidOutOnceALevel(space: AvailableSpace, perLevel: Int) throws {
        var leaf = BoxStyle()
        leaf.width = 10
        leaf.height = 10
        var padded = BoxStyle()
        padded.padding = BoxEdges(1)
        func chain(_ depth: Int) -> BoxNode {
            var node = BoxNode(style: leaf)
            for _ in 0..<depth { node = BoxNode(style: padded, children: [node]) }
            return node
        }
        let computations = LargeStack.run {
            BoxEngine.laidOut(chain(300), width: space, height: space).computations
        }
        #expect(computations <= 300 * perLevel)
        // The same frames as without the caches (which asks each level everything again: a short
        // chain), the root as wide as the chain.
        let cached = BoxEngine.laidOut(chain(8), width: space, height: space).copiedFrames()
        let uncached = BoxEngine.laidOut(chain(8), width: space, height: space, usesCache: false).copiedFrames()
        #expect(cached == uncached)
        #expect(cached.first?.width == Double(10 + 2 * 8))
    }

    /// A chain of boxes whose borders outgrow the room they are given (200 levels of 3.0625 points a
    /// side in 63): past the tenth level every content box is empty, and every descendant is asked
    /// the same few questions, not one more per ancestor.
    @Test func aChainTooSmallForItsBorders() {
        var bordered = BoxStyle()
        bordered.border = BoxEdges(3.0625)
        func chain(_ depth: Int) -> BoxNode {
            var node = BoxNode(style: Self.fixed)
            for _ in 0..<depth { node = BoxNode(style: bordered, children: [node]) }
            return node
        }
        let computations = LargeStack.run {
            BoxEngine.laidOut(chain(200), width: .points(63), height: .points(63)).computations
        }
        #expect(computations <= 200 * 7)
    }

    /// A chain of one style (the box fuzzer's): wrapping rows of a fixed height and an aspect ratio,
    /// with padding in percentages and negative margins. Each box asks its item for its min-content
    /// width both as a flex item and as a box of its own (its ratio's content floor); when the two
    /// shared a cache slot they evicted each other, and each level down was measured twice as
    /// often as the one above (250 levels did not finish). It is now a few questions a level.
    @Test func aChainMeasuredTwoWaysAtEachLevel() {
        var style = BoxStyle()
        style.flexWrap = .wrapReverse
        style.height = 120.25
        style.aspectRatio = 16.0 / 9
        style.margin = BoxEdges(top: -32.25, right: 0, bottom: -32.25, left: 0)
        style.padding = BoxEdges(top: .percent(160), right: .percent(160), bottom: .percent(160), left: 0)
        style.border = BoxEdges(21)
        func chain(_ depth: Int) -> BoxNode {
            var node = BoxNode(style: style)
            for _ in 0..<depth { node = BoxNode(style: style, children: [node]) }
            return node
        }
        let (small, large) = LargeStack.run {
            (
                BoxEngine.laidOut(chain(125), width: .points(63), height: .points(63)).computations,
                BoxEngine.laidOut(chain(250), width: .points(63), height: .points(63)).computations
            )
        }
        #expect(large <= 250 * 8, "\(large)")
        #expect(Double(large) <= Double(small) * 2.05, "\(small), \(large)")
    }

    /// Chains of one style with percentages, 250 and 500 deep: each level's percentages resolve against
    /// a size its ancestors are still working out, so every ancestor asks with other sizes. A question
    /// for a width alone is answered without the heights below, and answers do not depend on what the
    /// style does not read (a percentage base, an available height, a height for a width), so each
    /// level is asked a bounded number of questions.
    static let percentageChains: [String: BoxStyle] = {
        var width = BoxStyle()
        width.width = .percent(10)
        var columnWidth = width
        columnWidth.flexDirection = .column
        var verticalPadding = BoxStyle()
        verticalPadding.padding = BoxEdges(top: .percent(5), right: .points(0), bottom: .percent(5), left: .points(0))
        var padding = BoxStyle()
        padding.padding = BoxEdges(.percent(5))
        var columnPadding = padding
        columnPadding.flexDirection = .column
        var both = BoxStyle()
        both.width = .percent(90)
        both.height = .percent(90)
        var limits = BoxStyle()
        limits.minWidth = .percent(50)
        limits.maxHeight = .percent(95)
        limits.margin = BoxEdges(.percent(1))
        var ratio = BoxStyle()
        ratio.height = .percent(80)
        ratio.aspectRatio = 2
        ratio.flexDirection = .column
        return [
            "width": width, "column width": columnWidth, "vertical padding": verticalPadding,
            "padding": padding, "column padding": columnPadding, "width and height": both,
            "limits and margins": limits, "aspect ratio": ratio,
        ]
    }()

    @Test(arguments: percentageChains.keys.sorted())
    func percentageChainsStayLinear(name: String) {
        let style = Self.percentageChains[name]!
        func chain(_ depth: Int) -> BoxNode { Self.chain(depth, of: style) }
        for (width, height) in [
            (AvailableSpace.points(500), AvailableSpace.points(500)), (.maxContent, .maxContent),
            (.minContent, .points(80)),
        ] {
            let (small, large) = LargeStack.run {
                (
                    BoxEngine.laidOut(chain(250), width: width, height: height).computations,
                    BoxEngine.laidOut(chain(500), width: width, height: height).computations
                )
            }
            #expect(large <= 500 * 20, "\(width) × \(height): \(large)")
            #expect(Double(large) <= Double(small) * 2.05, "\(width) × \(height): \(small), \(large)")
        }
    }
}
