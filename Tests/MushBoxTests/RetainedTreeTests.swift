import Foundation
import MushLine
import MushText
import Testing

@testable import MushBox

/// A retained tree lays out as the whole call does: every browser fixture at its own size and at
/// others, back and forth (so that nothing a layout leaves behind changes the next), text and row
/// leaves, a deep chain, and a lowered tree (which takes the whole call).
@Suite("Retained trees")
struct RetainedTreeTests {
    /// Every frame, baseline and content size of a result, in preorder.
    static func signature(_ layout: BoxLayout) -> [Double] {
        var values = [
            layout.x, layout.y, layout.width, layout.height, layout.contentWidth, layout.contentHeight,
            layout.baseline ?? -1,
        ]
        for child in layout.children { values += signature(child) }
        return values
    }

    @Test func everyFixtureAtManySizes() throws {
        let cases = FixtureTests.cases + FixtureTests.chromiumCases
        #expect(cases.count > 500)
        for item in cases {
            let retained = try BoxEngine.RetainedTree(item.tree)
            let sizes: [(AvailableSpace, AvailableSpace)] = [
                (item.width, item.height), (.points(37), .maxContent), (.maxContent, .maxContent),
                (.minContent, .points(90)), (item.width, item.height),
            ]
            for (width, height) in sizes {
                let expected = try BoxEngine.layout(item.tree, width: width, height: height)
                let got = try retained.layout(width: width, height: height)
                #expect(Self.signature(got) == Self.signature(expected), "\(item.name) \(width) \(height)")
            }
        }
    }

    @Test func textAndRowLeavesAtWidthsBackAndForth() throws {
        let fonts = FontCollection.shipped
        var column = BoxStyle()
        column.flexDirection = .column
        column.padding = BoxEdges(top: .points(8), right: .points(8), bottom: .points(8), left: .points(8))
        var row = MGLine.multilineLeft(
            "A long text on the left that wraps onto more lines the narrower the row is", right: "12:30", width: 0,
            minHeight: 44)
        row.padding = MGLine.Insets(top: 8, left: 16, bottom: 8, right: 16)
        var badge = BoxStyle()
        badge.position = .absolute
        badge.inset = BoxEdges(top: .points(4), right: .points(4), bottom: .auto, left: .auto)
        let tree = BoxNode(
            style: column,
            children: [
                BoxNode(leaf: try TextLeaf("A **title** that may wrap|mush", fonts: fonts)),
                BoxNode(leaf: try LineLeaf(row, fonts: fonts)),
                BoxNode(style: badge, leaf: try TextLeaf("New", fonts: fonts)),
            ])
        let retained = try BoxEngine.RetainedTree(tree)
        for width in [320.0, 120, 600, 320, 80, 120] {
            let expected = try BoxEngine.layout(tree, width: .points(width))
            let got = try retained.layout(width: .points(width))
            #expect(Self.signature(got) == Self.signature(expected), "\(width)")
            #expect(
                got.children[0].leaf?.text?.layout.lines.count == expected.children[0].leaf?.text?.layout.lines.count)
        }
        #expect(throws: BoxError.self) { try retained.layout(width: .points(-1)) }
    }

    @Test func aDeepChainAndBadInput() throws {
        var node = BoxNode(style: BoxStyle())
        for depth in 0..<200 {
            var style = BoxStyle()
            let pad = BoxLength.points(depth % 3 == 0 ? 1 : 0)
            style.padding = BoxEdges(top: pad, right: pad, bottom: pad, left: pad)
            node = BoxNode(style: style, children: [node])
        }
        let retained = try BoxEngine.RetainedTree(node)
        for width in [500.0, 300, 500] {
            #expect(
                Self.signature(try retained.layout(width: .points(width)))
                    == Self.signature(try BoxEngine.layout(node, width: .points(width))))
        }
        var bad = BoxStyle()
        bad.width = .points(.nan)
        #expect(throws: BoxError.self) { try BoxEngine.RetainedTree(BoxNode(style: bad)) }
    }

    @Test func layoutsOnManyThreadsTakeTurns() async throws {
        let item = try #require(FixtureTests.cases.first { $0.tree.children.count > 2 })
        let retained = try BoxEngine.RetainedTree(item.tree)
        let widths = (0..<64).map { Double(40 + 7 * $0) }
        let expected = try widths.map { Self.signature(try BoxEngine.layout(item.tree, width: .points($0))) }
        let got = try await withThrowingTaskGroup(of: (Int, [Double]).self) { group in
            for (index, width) in widths.enumerated() {
                group.addTask { (index, Self.signature(try retained.layout(width: .points(width)))) }
            }
            var results = [[Double]](repeating: [], count: widths.count)
            for try await (index, signature) in group { results[index] = signature }
            return results
        }
        #expect(got == expected)
    }
}
