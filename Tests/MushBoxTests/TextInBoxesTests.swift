import Mush
import MushBox
import MushLine
import MushText
import Testing

/// Text and row leaves inside boxes, with the real fonts: the sizes the engine gives them against
/// the text and row engines' own layouts at the same widths, unrounded.
@Suite("Text in boxes")
struct TextInBoxesTests {
    let fonts = FontCollection.shipped

    func style(_ build: (inout BoxStyle) -> Void) -> BoxStyle {
        var style = BoxStyle()
        build(&style)
        return style
    }

    /// Three texts too wide together for a row of 300 shrink towards their min-content widths (each
    /// by its share of the overflow, weighted by its flex basis), never below them: the one-word text
    /// cannot shrink, the two others share the overflow. Each is as tall as its paragraph at the
    /// width it gets, and the row as tall as the tallest.
    @Test func textsInARowShrinkTowardsTheirMinContentWidths() throws {
        let leaves = try ["Hello wonderful world", "Another piece of text", "Short"].map {
            try TextLeaf($0, fonts: fonts)
        }
        let row = BoxNode(style: style { $0.width = 300 }, children: leaves.map { BoxNode(leaf: $0) })
        let layout = try BoxEngine.layout(row, rounding: .exact)
        let widths = layout.children.map(\.width)
        #expect(leaves.map { $0.contentWidths().max }.reduce(0, +) > 300)
        #expect(leaves.map { $0.contentWidths().min }.reduce(0, +) < 300)
        #expect(abs(widths.reduce(0, +) - 300) < 1e-9)
        for (leaf, child) in zip(leaves, layout.children) {
            #expect(child.width >= leaf.contentWidths().min)
        }
        #expect(widths[0] < leaves[0].contentWidths().max && widths[1] < leaves[1].contentWidths().max)
        #expect(widths[2] == leaves[2].contentWidths().max)
        // Shrunk in proportion to their flex bases (their max-content widths).
        let shrunk = (0..<2).map { (leaves[$0].contentWidths().max - widths[$0]) / leaves[$0].contentWidths().max }
        #expect(abs(shrunk[0] - shrunk[1]) < 1e-9)
        let heights = zip(leaves, widths).map { $0.paragraph.layout(width: $1).height }
        #expect(heights[0] > heights[2])
        #expect(layout.height == heights.max())
        #expect(layout.children.allSatisfy { $0.height == heights.max() })
    }

    /// Wrapping text in a column 120 wide stretches to the width and takes its paragraph's height
    /// there.
    @Test func wrappingTextInAColumnTakesItsHeightAtTheWidth() throws {
        let leaf = try TextLeaf("A paragraph long enough to wrap onto several lines in a narrow column", fonts: fonts)
        let column = BoxNode(
            style: style {
                $0.flexDirection = .column
                $0.width = 120
            }, children: [BoxNode(leaf: leaf)])
        let layout = try BoxEngine.layout(column, rounding: .exact)
        let expected = leaf.paragraph.layout(width: 120)
        #expect(expected.lines.count > 2)
        #expect(layout.children[0].width == 120)
        #expect(layout.children[0].height == expected.height)
        #expect(layout.height == expected.height)
    }

    /// A one-line text that may be cut shrinks to its ellipsis and no further: in a row 5 points wide
    /// it is as wide as "…" and comes out truncated to it.
    @Test func aTruncatableTextShrinksToItsEllipsis() throws {
        let ellipsis = try Paragraph(MushDocument([(text: "…", attributes: .plain)]), fonts: fonts).layout().width
        let leaf = try TextLeaf(
            "Hello wonderful world", style: ParagraphStyle(maxLines: 1, ellipsize: .end), fonts: fonts)
        let layout = try BoxEngine.layout(
            BoxNode(style: style { $0.width = 5 }, children: [BoxNode(leaf: leaf)]), rounding: .exact)
        #expect(ellipsis > 5)
        #expect(layout.children[0].width == ellipsis)
        guard case .text(let text) = layout.children[0].leaf else {
            Issue.record("not text")
            return
        }
        let placed = text.layout
        #expect(placed.lines.map(\.text) == ["…"])
        #expect(placed.truncated)
    }

    /// Baseline alignment of a 12-point and a 32-point text: their first baselines line up, the small
    /// text moved down by the difference.
    @Test func baselinesOfMixedSizesLineUp() throws {
        let small = try TextLeaf("small", style: ParagraphStyle(fontSize: 12), fonts: fonts)
        let big = try TextLeaf("BIG", style: ParagraphStyle(fontSize: 32), fonts: fonts)
        let row = BoxNode(
            style: style { $0.alignItems = .baseline }, children: [BoxNode(leaf: small), BoxNode(leaf: big)])
        let layout = try BoxEngine.layout(row, rounding: .exact)
        let smallBaseline = try #require(small.paragraph.layout().lines.first?.baseline)
        let bigBaseline = try #require(big.paragraph.layout().lines.first?.baseline)
        #expect(layout.children[1].y == 0)
        #expect(abs(layout.children[0].y - (bigBaseline - smallBaseline)) < 1e-9)
        #expect(abs((layout.children[0].y + smallBaseline) - (layout.children[1].y + bigBaseline)) < 1e-9)
        #expect(layout.baseline == bigBaseline)
    }

    /// An MGLine leaf in a column takes the row's height at the width it is given: the row engine's
    /// own layout of the same line at 200 and at 480.
    @Test func aRowLeafTakesItsHeightAtItsWidth() throws {
        var line = MGLine.multilineLeft(
            "A long text on the left that wraps onto more lines the narrower the row is", right: "12:30",
            width: 0, minHeight: 44)
        line.padding = MGLine.Insets(top: 8, left: 16, bottom: 8, right: 16)
        let leaf = try LineLeaf(line, fonts: fonts)
        for width in [200.0, 480] {
            let column = BoxNode(
                style: style {
                    $0.flexDirection = .column
                    $0.width = .points(width)
                }, children: [BoxNode(leaf: leaf)])
            let layout = try BoxEngine.layout(column, rounding: .exact)
            var atWidth = line
            atWidth.width = width
            let expected = try atWidth.layout(fonts: fonts)
            #expect(layout.children[0].width == width)
            #expect(layout.children[0].height == expected.height)
            guard case .row(let placed) = layout.children[0].leaf else {
                Issue.record("not a row")
                return
            }
            #expect(placed.height == expected.height)
        }
    }
}
