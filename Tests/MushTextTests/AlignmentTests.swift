import Mush
import Testing

@testable import MushText

/// The alignment pass: `start` and `end` by each paragraph's direction, and re-aligning a layout
/// giving what laying it out afresh with the other alignment gives.
@Suite("Alignment")
struct AlignmentTests {
    /// The x of each line of `mush` laid out at `width` with `alignment`.
    func xs(_ mush: String, _ alignment: ParagraphStyle.Alignment, width: Double = 200) throws -> [Double] {
        try paragraph(mush, ParagraphStyle(alignment: alignment)).layout(width: width).lines.map(\.x)
    }

    @Test func anInfiniteWidthIsNoWidth() throws {
        // Two lines: the widest sets the width; "Title" is 34.2890625 points wide.
        for alignment in [ParagraphStyle.Alignment.left, .center, .right, .justify, .start, .end] {
            let text = try paragraph("Title\nA longer line", ParagraphStyle(alignment: alignment))
            let none = text.layout(width: nil)
            for width in [Double.infinity, .nan] {
                let layout = text.layout(width: width)
                #expect(layout.lines.map(\.x) == none.lines.map(\.x))
                #expect(layout.lines.allSatisfy { $0.x.isFinite && $0.width.isFinite })
                #expect(layout.width == none.width)
                #expect(none.aligned(alignment, width: width).lines.map(\.x) == none.lines.map(\.x))
            }
        }
        let right = try paragraph("Title\nA longer line", ParagraphStyle(alignment: .right)).layout(width: .infinity)
        #expect(right.lines[0].x == right.width - 34.2890625)
    }

    @Test func startAndEndInLeftToRightTextAreLeftAndRight() throws {
        // "Title" is 34.2890625 points wide: 200 − 34.2890625 = 165.7109375.
        #expect(try xs("Title", .start) == [0])
        #expect(try xs("Title", .end) == [165.7109375])
        #expect(try xs("Title", .left) == [0])
        #expect(try xs("Title", .right) == [165.7109375])
        // A paragraph that starts with a left-to-right letter is left to right, whatever follows.
        #expect(try xs("abc שלום", .start) == xs("abc שלום", .left))
    }

    @Test func startAndEndInRightToLeftTextAreRightAndLeft() throws {
        // Hebrew: "שלום עולם" is 74.578125 points wide (DejaVu Sans 16).
        #expect(try xs("שלום עולם", .start) == [125.421875])
        #expect(try xs("שלום עולם", .end) == [0])
        // Left and right stay absolute.
        #expect(try xs("שלום עולם", .left) == [0])
        #expect(try xs("שלום עולם", .right) == [125.421875])
        // Arabic: "مرحبا بالعالم" is 84.3984375 points wide.
        #expect(try xs("مرحبا بالعالم", .start) == [115.6015625])
        #expect(try xs("مرحبا بالعالم", .end) == [0])
        // A paragraph whose first strong letter is Hebrew is right to left, with Latin in it.
        #expect(try xs("שלום abc", .start) == xs("שלום abc", .right))
        // Wrapped: every line of the paragraph at the right.
        let wrapped = "שלום עולם, זה טקסט בעברית שעובר לשורה הבאה"
        #expect(try xs(wrapped, .start) == [51.6875, 3.984375])
        #expect(try xs(wrapped, .start) == xs(wrapped, .right))
        #expect(try xs(wrapped, .end) == [0, 0])
    }

    @Test func startAndEndSeeEachHardBrokenParagraphsDirection() throws {
        let text = "Hello\nשלום עולם\nworld"
        // "Hello" 40.5546875, "שלום עולם" 74.578125, "world" 44.0546875 points wide.
        #expect(try xs(text, .start) == [0, 125.421875, 0])
        #expect(try xs(text, .end) == [159.4453125, 0, 155.9453125])
        // The glyphs follow the line: the Hebrew line's ink ends at the right edge.
        let hebrew = try paragraph(text, ParagraphStyle(alignment: .start))
        let line = hebrew.layout(width: 200).lines[1]
        let runs = hebrew.runs(of: line)
        #expect(abs(line.x + runs.map(\.maxX).max()! - 200) < 1e-9)
    }

    @Test func startAndEndInAParagraphWithoutAWidth() throws {
        // Without a width, lines are placed in the widest line's width.
        let layout = try paragraph("Hello\nשלום עולם", ParagraphStyle(alignment: .start)).layout()
        #expect(layout.width == 74.578125)
        #expect(layout.lines.map(\.x) == [0, 0])
        let end = try paragraph("Hello\nשלום עולם", ParagraphStyle(alignment: .end)).layout()
        #expect(end.lines.map(\.x) == [74.578125 - 40.5546875, 0])
    }

    @Test func resolvedAlignments() {
        #expect(ParagraphStyle.Alignment.start.resolved(rightToLeft: false) == .left)
        #expect(ParagraphStyle.Alignment.start.resolved(rightToLeft: true) == .right)
        #expect(ParagraphStyle.Alignment.end.resolved(rightToLeft: false) == .right)
        #expect(ParagraphStyle.Alignment.end.resolved(rightToLeft: true) == .left)
        for absolute in [ParagraphStyle.Alignment.left, .center, .right, .justify] {
            #expect(
                absolute.resolved(rightToLeft: true) == absolute && absolute.resolved(rightToLeft: false) == absolute)
        }
    }

    @Test func justifyIsUnchanged() throws {
        // The justified row text at 304 (the numbers of the one-pass layout before the alignment
        // pass): every line but the last 304 wide, each at 0, its spaces stretched.
        let justified = try paragraph(ParagraphTests.rowText, ParagraphStyle(alignment: .justify)).layout(width: 304)
        let left = try paragraph(ParagraphTests.rowText).layout(width: 304)
        #expect(justified.lines.map(\.x) == Array(repeating: 0, count: left.lines.count))
        #expect(justified.lines.dropLast().allSatisfy { $0.width == 304 })
        #expect(justified.lines.last!.width == left.lines.last!.width)
        #expect(justified.width == left.width && justified.height == left.height)
        for (stretched, plain) in zip(justified.lines.dropLast(), left.lines) {
            let spaces = plain.text.trimmingTrailingSpaces.count { $0 == " " }
            #expect(abs(stretched.spaceStretch - (304 - plain.width) / Double(spaces)) < 1e-12)
        }
        // A right-to-left paragraph is justified the same way; its last line stays at 0.
        let hebrew = try paragraph("שלום עולם, זה טקסט בעברית שעובר לשורה הבאה", ParagraphStyle(alignment: .justify))
            .layout(width: 200)
        #expect(hebrew.lines.map(\.x) == [0, 0])
        #expect(hebrew.lines.map(\.width) == [200, 196.015625])
    }

    /// Texts of every kind the pass meets: wrapped, right to left, mixed, tabs, several paragraphs,
    /// and every kind of truncation.
    static let cases: [(String, ParagraphStyle)] = [
        (ParagraphTests.rowText, ParagraphStyle()),
        ("שלום עולם, זה טקסט בעברית שעובר לשורה הבאה\nand English after it", ParagraphStyle()),
        ("مرحبا بالعالم، هذا نص عربي مع English words بينها", ParagraphStyle()),
        ("a\tb\tc d e f g h\tlonger words here", ParagraphStyle(tabStops: [40, 90])),
        ("one two three four five six seven eight nine ten", ParagraphStyle(maxLines: 2)),
        ("one two three four five six seven eight nine ten", ParagraphStyle(maxLines: 2, ellipsize: .none)),
        ("one two three four five six seven eight nine ten", ParagraphStyle(maxLines: 1, ellipsize: .middle)),
        ("one two three four five six seven eight nine ten", ParagraphStyle(maxHeight: 40)),
        ("WWWWWWWWWW WW", ParagraphStyle(fontSize: 60, textOverflow: .ellipsis)),
        ("", ParagraphStyle()),
        ("ends with a break\n", ParagraphStyle()),
    ]

    /// Everything a line's place decides, glyphs included.
    static func placed(_ paragraph: Paragraph, _ layout: ParagraphLayout) -> [[String]] {
        layout.lines.map { line in
            [
                "\(line.range) \(line.text) x \(line.x) y \(line.y) w \(line.width) b \(line.baseline) s \(line.spaceStretch)"
            ]
                + paragraph.glyphs(of: line).map { "\($0.glyph)@\($0.x),\($0.y)" }
        } + [["\(layout.width) \(layout.height) \(layout.truncated)"]]
    }

    @Test(arguments: 0..<cases.count)
    func reAligningGivesWhatAFreshLayoutGives(index: Int) throws {
        let (text, base) = Self.cases[index]
        func styled(_ alignment: ParagraphStyle.Alignment) throws -> Paragraph {
            var style = base
            style.alignment = alignment
            return try paragraph(text, style)
        }
        for width in [nil, 304, 200, 90] as [Double?] {
            for from in ParagraphStyle.Alignment.allCases {
                let source = try styled(from)
                let layout = source.layout(width: width)
                for to in ParagraphStyle.Alignment.allCases {
                    let fresh = try styled(to)
                    let expected = Self.placed(fresh, fresh.layout(width: width))
                    #expect(
                        Self.placed(source, layout.aligned(to, width: width)) == expected,
                        "\(from) to \(to) at \(String(describing: width))")
                    // Between the widest line and the width it was broken at, the lines break the
                    // same: re-aligning there is a fresh layout there (how MushLine fits its frames).
                    // Not with a middle ellipsis, which shares the width between the line's ends.
                    if let width, layout.width.rounded(.up) < width, base.ellipsize != .middle {
                        let frame = layout.width.rounded(.up)
                        #expect(
                            Self.placed(source, layout.aligned(to, width: frame))
                                == Self.placed(fresh, fresh.layout(width: frame)),
                            "\(from) to \(to) at \(frame), broken at \(width)")
                    }
                }
            }
        }
    }

    @Test func aligningTwiceIsAligningOnce() throws {
        let paragraph = try paragraph(ParagraphTests.rowText, ParagraphStyle(alignment: .justify))
        var layout = paragraph.layout(width: 304)
        let justified = Self.placed(paragraph, layout)
        layout.align(.center, width: 304)
        layout.align(.justify, width: 250)
        layout.align(.justify, width: 304)
        #expect(Self.placed(paragraph, layout) == justified)
        // A width below 0 counts as 0, as in layout(width:).
        #expect(layout.aligned(.right, width: -5).lines.map(\.x) == layout.aligned(.right, width: 0).lines.map(\.x))
    }
}
