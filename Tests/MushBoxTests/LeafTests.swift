import Foundation
import Mush
import MushBox
import MushLine
import MushText
import Testing

/// The three leaves with the real fonts: their answers against the text and row engines' own
/// layouts, to the last bit.
@Suite("Leaves")
struct LeafTests {
    let fonts = FontCollection.shipped

    /// A paragraph of plain `text` (no markup), for the expected values.
    func paragraph(_ text: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> Paragraph {
        try Paragraph(MushDocument([(text: text, attributes: .plain)]), style: style, fonts: fonts)
    }

    // MARK: - Text

    @Test func textContentWidthsAreTheWidestWordAndTheUnwrappedLine() throws {
        let leaf = try TextLeaf("Hello wonderful world", fonts: fonts)
        let widths = leaf.contentWidths()
        #expect(widths.min == (try paragraph("wonderful").layout().width))
        #expect(widths.max == (try paragraph("Hello wonderful world").layout().width))
        #expect(widths.max == leaf.paragraph.layout(width: nil).width)
        // At its min-content width, one word a line and none cut; any narrower, a word is cut.
        let narrowest = leaf.paragraph.layout(width: widths.min)
        #expect(narrowest.lines.map(\.text) == ["Hello ", "wonderful ", "world"])
        #expect(narrowest.width == widths.min)
        #expect(leaf.paragraph.layout(width: widths.min - 0.25).lines.map(\.text) == ["Hello ", "wonderfu", "l world"])
    }

    @Test func minContentWidthHangsSpacesAndKeepsPunctuationWithItsWord() throws {
        let leaf = try TextLeaf("a  (bracketed),   b", fonts: fonts)
        #expect(leaf.contentWidths().min == (try paragraph("(bracketed),").layout().width))
        #expect(try TextLeaf("", fonts: fonts).contentWidths() == BoxContentWidths(min: 0, max: 0))
    }

    @Test func minContentWidthOfMarkupIsItsWidestRun() throws {
        let leaf = try TextLeaf("small {font:,32|BIG} small|mush", fonts: fonts)
        #expect(leaf.paragraph.text == "small BIG small")
        #expect(leaf.contentWidths().min == (try paragraph("BIG", ParagraphStyle(fontSize: 32)).layout().width))
    }

    @Test func truncatedTextShrinksToItsEllipsis() throws {
        let ellipsis = try paragraph("…").layout().width
        let style = ParagraphStyle(maxLines: 1, ellipsize: .end)
        let leaf = try TextLeaf("Hello wonderful world", style: style, fonts: fonts)
        let widths = leaf.contentWidths()
        #expect(widths.min == ellipsis)
        #expect(widths.max == (try paragraph("Hello wonderful world").layout().width))
        let narrowest = leaf.paragraph.layout(width: widths.min)
        #expect(narrowest.lines.map(\.text) == ["…"])
        #expect(narrowest.width == widths.min)
        #expect(narrowest.truncated)
        // A maximum height under two lines shows one line too.
        let short = try TextLeaf("Hello wonderful world", style: ParagraphStyle(maxHeight: 20), fonts: fonts)
        #expect(short.contentWidths().min == ellipsis)
        // Text narrower than the ellipsis is never truncated: its min-content width is its own.
        #expect(
            try TextLeaf("i", style: style, fonts: fonts).contentWidths().min == (try paragraph("i").layout().width))
    }

    @Test func truncatedTextOfSeveralLinesKeepsAGraphemeALine() throws {
        let ellipsis = try paragraph("…").layout().width
        let wide = try paragraph("W").layout().width
        #expect(wide < ellipsis)
        let leaf = try TextLeaf("Hello Wonderful world", style: ParagraphStyle(maxLines: 2), fonts: fonts)
        #expect(leaf.contentWidths().min == ellipsis)
        // A grapheme wider than the ellipsis is the least.
        let permille = try TextLeaf("a\u{2030}\u{2030}\u{2030}b c", style: ParagraphStyle(maxLines: 2), fonts: fonts)
        let perMilleWidth = try paragraph("\u{2030}").layout().width
        #expect(perMilleWidth > ellipsis)
        #expect(permille.contentWidths().min == perMilleWidth)
        let layout = permille.paragraph.layout(width: perMilleWidth)
        #expect(layout.lines.count == 2)
        #expect(layout.lines.allSatisfy { $0.width <= perMilleWidth })
        // Without an ellipsis, lines are left out but none is shortened: the widest word.
        let cut = try TextLeaf(
            "Hello wonderful world", style: ParagraphStyle(maxLines: 1, ellipsize: .none), fonts: fonts)
        #expect(cut.contentWidths().min == (try paragraph("wonderful").layout().width))
    }

    @Test func measureIsTheParagraphsHeightAndFirstBaseline() throws {
        let style = ParagraphStyle(fontSize: 20, lineSpacing: 3)
        let leaf = try TextLeaf("Hello wonderful world", style: style, fonts: fonts)
        let expected = try paragraph("Hello wonderful world", style)
        let narrowest = leaf.contentWidths().min
        for width in [narrowest, 120, 150, 1000] {
            let layout = expected.layout(width: width)
            #expect(
                leaf.measure(width: width) == BoxLeafSize(height: layout.height, baseline: layout.lines[0].baseline))
        }
        // DejaVu Sans: ascent 1901 of 2048 units an em.
        #expect(leaf.measure(width: 1000).baseline == 1901.0 / 2048 * 20)
        #expect(expected.layout(width: narrowest).lines.count == 3)
        #expect(leaf.measure(width: narrowest).height == 3 * expected.layout().height + 2 * 3)
    }

    @Test func placeGivesTheLinesOfTheOneParagraph() throws {
        let leaf = try TextLeaf(
            "Hello wonderful world", style: ParagraphStyle(alignment: .center), color: MushColor(hex: "#e33"),
            fonts: fonts)
        let placed = try #require(leaf.place(width: 120, height: 100)?.text).layout
        #expect(placed.lines.map(\.text) == ["Hello ", "wonderful ", "world"])
        // Centred in the width given; every line refers to the leaf's one paragraph (shaped once,
        // when the leaf was made).
        #expect(placed.lines.allSatisfy { $0.paragraph === leaf.paragraph })
        #expect(abs(placed.lines[2].x - (120 - placed.lines[2].width) / 2) < 1e-9)
        #expect(leaf.color == MushColor(hex: "#e33"))
    }

    /// Placed at the width it was last measured at, a leaf gives that layout again rather than
    /// laying the paragraph out a second time; at another width, the layout of that width.
    @Test func placeAtTheMeasuredWidthReusesTheLayout() throws {
        let leaf = try TextLeaf("Hello wonderful world", fonts: fonts)
        let narrow = leaf.measure(width: 60)
        let placed = try #require(leaf.place(width: 60, height: narrow.height)?.text).layout
        #expect(placed.height == narrow.height)
        #expect(placed.lines.map(\.text) == leaf.paragraph.layout(width: 60).lines.map(\.text))
        // Other widths, back and forth: each its own answer.
        let wide = leaf.measure(width: 1000)
        #expect(wide.height < narrow.height)
        #expect(leaf.measure(width: 60) == narrow)
        let placedWide = try #require(leaf.place(width: 1000, height: wide.height)?.text).layout
        #expect(placedWide.lines.count == 1)
        // A copy of the leaf shares the paragraph and gives the same answers.
        let copy = leaf
        #expect(copy.measure(width: 60) == narrow)
    }

    @Test func documentsFollowTheMushSuffixAndTheFontsStyle() throws {
        #expect(TextLeaf.document(of: "a **b**|mush").text == "a b")
        #expect(TextLeaf.document(of: "a **b**").text == "a **b**")
        #expect(TextLeaf.document(of: " padded \n").text == " padded \n")
        let bold = TextLeaf.document(of: "x //y//|mush", bold: true)
        #expect(bold.runs.map(\.attributes.bold) == [true, true])
        #expect(bold.runs.map(\.attributes.italic) == [false, true])
        let italic = TextLeaf.document(of: "**unclosed|mush", italic: true)
        #expect(italic.runs.allSatisfy { $0.attributes.italic })
        #expect(!italic.diagnostics.isEmpty)
        // Bold text is wider: the face changed.
        let plain = try TextLeaf("Hello", fonts: fonts).contentWidths().max
        #expect(try TextLeaf("Hello", bold: true, fonts: fonts).contentWidths().max > plain)
    }

    @Test func invalidStyleValuesAreTextErrors() {
        #expect(throws: TextError.self) { try TextLeaf("x", style: ParagraphStyle(fontSize: 0), fonts: fonts) }
    }

    // MARK: - Line

    /// The worked example of `mgline.md`: "Title" in DejaVu Sans 18.5 (39.6 points, 40 rounded up)
    /// and a 51 × 31 box, with 16 points of padding each side.
    func workedExample(width: Double = 0, height: Double = 0) -> MGLine {
        var line = MGLine(
            width: width, height: height, left: ["Title"], right: [.box(MGLine.Box(width: 51, height: 31))])
        line.padding = MGLine.Insets(left: 16, right: 16)
        line.font = MGLine.Font(family: "DejaVu Sans", size: 18.5)
        return line
    }

    @Test func lineContentWidthsFollowTheRowsRules() throws {
        let leaf = try LineLeaf(workedExample(), fonts: fonts)
        // Natural: padding, the title at full width and the box; least: the padding.
        #expect(leaf.contentWidths() == BoxContentWidths(min: 32, max: 16 + 40 + 51 + 16))
        // A width of its own is the width it asks for.
        #expect(try LineLeaf(workedExample(width: 320), fonts: fonts).contentWidths().max == 320)
        // Fixed columns never give way.
        var columns = workedExample()
        columns.leftWidth = 100
        columns.rightWidth = 60
        #expect(try LineLeaf(columns, fonts: fonts).contentWidths().min == 32 + 160)
        columns.sidePrecedence = .middle
        columns.middleWidth = 10
        #expect(try LineLeaf(columns, fonts: fonts).contentWidths().min == 32 + 10 + 200)
        // A row that widens is never shortened.
        var widening = workedExample()
        widening.widenAsNeeded = true
        #expect(try LineLeaf(widening, fonts: fonts).contentWidths() == BoxContentWidths(min: 123, max: 123))
    }

    @Test func lineMeasureIsTheRowEnginesHeightAtTheWidth() throws {
        var line = MGLine.multilineLeft(
            "A long text on the left that wraps onto more lines the narrower the row is", right: "12:30",
            width: 0, minHeight: 44)
        line.padding = MGLine.Insets(top: 8, left: 16, bottom: 8, right: 16)
        let leaf = try LineLeaf(line, fonts: fonts)
        var heights: [Double] = []
        for width in [120.0, 200, 320, 800] {
            var atWidth = line
            atWidth.width = width
            let expected = try atWidth.layout(fonts: fonts)
            let measured = leaf.measure(width: width)
            #expect(measured.height == expected.height)
            let text = try #require(expected.items.first { $0.side == .left })
            #expect(measured.baseline == text.frame!.y + text.text!.layout.lines[0].baseline)
            heights.append(measured.height)
        }
        #expect(heights == heights.sorted(by: >))
        #expect(heights[0] > heights[3])
        #expect(heights[3] == 44)
    }

    @Test func linePlaceIsTheRowAtTheFinalSize() throws {
        let leaf = try LineLeaf(workedExample(), fonts: fonts)
        #expect(leaf.measure(width: 320).height == 31)
        let placed = try #require(leaf.place(width: 320, height: 44)?.row)
        #expect(placed.width == 320)
        #expect(placed.height == 44)
        let box = try #require(placed.items.first { $0.side == .right }?.frame)
        #expect(box == MGLineLayout.Frame(x: 253, y: 7, width: 51, height: 31))
        // With limits of its own, the row keeps its fitted height.
        var limited = workedExample()
        limited.minHeight = 36
        let fitted = try #require(try LineLeaf(limited, fonts: fonts).place(width: 320, height: 50)?.row)
        #expect(fitted.height == 36)
    }

    /// A row's items, frames and lines as comparable text.
    static func signature(_ layout: MGLineLayout) -> String {
        "\(layout.width)×\(layout.height) "
            + layout.items.map { item in
                let lines = item.text?.layout.lines.map { "\($0.range)@\($0.x),\($0.y) \($0.width)" } ?? []
                return "\(item.side)\(item.index) \(String(describing: item.frame)) \(lines)"
            }.joined(separator: "; ")
    }

    /// The leaf places the layout it measured (no second layout) because a row laid out at the
    /// height it fits is the row fitted, item for item: held here over rows of one and several
    /// lines, texts, images and boxes, every vertical alignment and side precedence, padding and
    /// item margins, at many widths.
    @Test func aRowLaidOutAtItsFittedHeightIsTheRowFitted() throws {
        var rows: [MGLine] = [workedExample()]
        var wrapping = MGLine.multilineLeft(
            "A long text on the left that wraps onto more lines the narrower the row is|mush", right: "12:30",
            width: 0, minHeight: 0)
        wrapping.padding = MGLine.Insets(top: 8, left: 16, bottom: 6, right: 16)
        rows.append(wrapping)
        var mixed = MGLine(
            left: [.image(MGLine.Image(width: 20, height: 20)), .text("Inbox **now**|mush")],
            middle: [.text("42")], right: [.box(MGLine.Box(width: 51, height: 31)), .text("Tuesday")])
        mixed.itemPadding = 3
        mixed.rightFont = MGLine.Font(size: 11)
        rows.append(mixed)
        var checked = 0
        for base in rows {
            for alignment in MGLine.VerticalAlignment.allCases {
                for precedence in [MGLine.Side.left, .middle, .right] {
                    var line = base
                    line.verticalAlignment = alignment
                    line.sidePrecedence = precedence
                    let row = try MGLine.Prepared(line, fonts: fonts)
                    for width in [40.0, 90, 150, 230, 320, 600] {
                        let fitted = try row.layout(width: width)
                        let atItsHeight = try row.layout(width: width, height: fitted.height)
                        #expect(
                            Self.signature(atItsHeight) == Self.signature(fitted), "\(alignment) \(precedence) \(width)"
                        )
                        // And the leaf places that layout.
                        let leaf = try LineLeaf(line, fonts: fonts)
                        let measured = leaf.measure(width: width)
                        let placed = try #require(leaf.place(width: width, height: measured.height)?.row)
                        #expect(Self.signature(placed) == Self.signature(fitted))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 3 * 3 * 3 * 6)
    }

    @Test func lineErrorsAreTheRowEnginesChecks() {
        var line = workedExample()
        line.padding.left = -1
        #expect(throws: MGLineError.self) { try LineLeaf(line, fonts: fonts) }
        var unknown = workedExample()
        unknown.font = MGLine.Font(family: "No Such Family", size: 12)
        #expect(throws: MGLineError.self) { try LineLeaf(unknown, fonts: fonts) }
    }

    @Test func preparedRowsLayOutAsTheirLinesDo() throws {
        let line = workedExample()
        let row = try MGLine.Prepared(line, fonts: fonts)
        for width in [0.0, 60, 100, 123, 320] {
            var atWidth = line
            atWidth.width = width
            let expected = try atWidth.layout(fonts: fonts)
            let laidOut = try row.layout(width: width)
            #expect(laidOut.width == expected.width)
            #expect(laidOut.height == expected.height)
            #expect(laidOut.items.map(\.frame) == expected.items.map(\.frame))
        }
        #expect(throws: MGLineError.self) { try row.layout(width: -1) }
        #expect(try row.layout(widenAsNeeded: true).width == 123)
    }

    // MARK: - Image

    @Test func imagesKeepTheirRatio() {
        let image = ImageLeaf(width: 100, height: 50, file: "photo.png")
        #expect(image.contentWidths() == BoxContentWidths(min: 100, max: 100))
        #expect(image.aspectRatio == 2)
        #expect(image.measure(width: 320) == BoxLeafSize(height: 160))
        #expect(image.measure(width: 30) == BoxLeafSize(height: 15))
        #expect(image.place(width: 320, height: 160)?.image == image)
        let third = ImageLeaf(width: 30, height: 10)
        #expect(third.measure(width: 10).height == 10.0 * 10 / 30)
        // Without a ratio: the intrinsic height at any width.
        #expect(ImageLeaf(width: 0, height: 40).aspectRatio == nil)
        #expect(ImageLeaf(width: 0, height: 40).measure(width: 100) == BoxLeafSize(height: 40))
        #expect(ImageLeaf(width: 40, height: 0).aspectRatio == nil)
        #expect(ImageLeaf(width: 40, height: 0).measure(width: 100) == BoxLeafSize(height: 0))
    }
}

/// A leaf that counts the engine's questions, measuring alike past its max-content width or not.
private struct CountingLeaf: BoxLeaf {
    let alike: Bool
    let calls = LockedCalls()

    final class LockedCalls: @unchecked Sendable {
        private let lock = NSLock()
        private var widthsAsked = 0
        private var measured: [Double] = []
        func askWidths() { lock.withLock { widthsAsked += 1 } }
        func measure(_ width: Double) { lock.withLock { measured.append(width) } }
        var counts: (widths: Int, measured: [Double]) { lock.withLock { (widthsAsked, measured) } }
    }

    func contentWidths() -> BoxContentWidths {
        calls.askWidths()
        return BoxContentWidths(min: 20, max: 120)
    }

    func measure(width: Double) -> BoxLeafSize {
        calls.measure(width)
        return BoxLeafSize(height: width >= 120 ? 10 : 20)
    }

    var measuresAlikePastMaxContent: Bool { alike }
}

@Suite("Leaves measured alike past their max-content width")
struct AlikeLeafTests {
    /// In a column 320 wide, a stretched leaf's width is known: a leaf that measures alike is
    /// measured at 320 without being asked its content widths; another is asked them and measured
    /// at its max-content width (120). The frames are the same.
    @Test func theEngineMeasuresAtTheWidthItHas() throws {
        var frames: [[Double]] = []
        for alike in [true, false] {
            let leaf = CountingLeaf(alike: alike)
            var column = BoxStyle()
            column.width = 320
            column.flexDirection = .column
            let layout = try BoxEngine.layout(BoxNode(style: column, children: [BoxNode(leaf: leaf)]))
            let child = layout.children[0]
            frames.append([child.x, child.y, child.width, child.height])
            let counts = leaf.calls.counts
            if alike {
                #expect(counts.widths == 0)
                #expect(counts.measured == [320])
            } else {
                #expect(counts.widths == 1)
                #expect(counts.measured == [120])
            }
        }
        #expect(frames[0] == frames[1])
        #expect(frames[0] == [0, 0, 320, 10])
    }
}
