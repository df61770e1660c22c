import Mush
import Testing

@testable import MushText

/// Letter and word spacing, line height and tab size (``ParagraphStyle/letterSpacing``,
/// ``ParagraphStyle/wordSpacing``, ``ParagraphStyle/lineHeight``, ``ParagraphStyle/tabSize``), with
/// DejaVu Sans 16 (ascent 1901, descent 483 of 2048 units: 18.625 points a line).
@Suite struct SpacingTests {
    static let ascent = 1901.0 / 2048 * 16
    static let descent = 483.0 / 2048 * 16

    func paragraph(_ text: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> Paragraph {
        try Paragraph(MushDocument(text: text, attributes: .plain), style: style, fonts: .shipped)
    }

    func width(_ text: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> Double {
        try paragraph(text, style).layout().width
    }

    @Test func letterSpacingGoesBetweenCharactersAndHangsAtTheLineEnd() throws {
        let plain = try width("spacing")
        #expect(abs(try width("spacing", ParagraphStyle(letterSpacing: 2)) - (plain + 6 * 2)) < 1e-9)
        #expect(abs(try width("spacing", ParagraphStyle(letterSpacing: -0.5)) - (plain - 6 * 0.5)) < 1e-9)
        // A run's own (Mush's kern) wins over the paragraph's.
        let kerned = try Paragraph(mush: "{k1|ab}cd", style: ParagraphStyle(letterSpacing: 3), fonts: .shipped)
        #expect(abs(kerned.layout().width - (try width("abcd") + 1 + 1 + 3)) < 1e-9)
        // Wrapped: every line leaves its last character's spacing out, and the runs tile the width.
        let p = try paragraph("letter spacing here", ParagraphStyle(letterSpacing: 2))
        let layout = p.layout(width: try width("spacing", ParagraphStyle(letterSpacing: 2)) + 1)
        #expect(layout.lines.map(\.text) == ["letter ", "spacing ", "here"])
        #expect(abs(layout.lines[1].width - (try width("spacing") + 6 * 2)) < 1e-9)
        let runs = p.runs(of: layout.lines[1])
        #expect(abs(runs.last!.maxX - layout.lines[1].width) < 1e-9)
        // A line that shows nothing (a tab and a space that hang) has no spacing to leave out: the
        // letter before it is on the line before (the engine fuzzer's width -1).
        let tab = try Paragraph(mush: "{k1|ab }\t c", style: ParagraphStyle(), fonts: .shipped)
        let narrow = tab.layout(width: 3.5)
        #expect(narrow.lines.map(\.text) == ["a", "b ", "\t ", "c"])
        #expect(narrow.lines[2].width == 0)
        // A line that starts at a combining mark after a space (UAX #14 breaks there, inside the
        // grapheme " ́"): only its own spacing hangs.
        let mark = try paragraph("a \u{301}b", ParagraphStyle(letterSpacing: 2)).layout(width: 3.5)
        #expect(mark.lines.map(\.text) == ["a ", "\u{301}", "b"])
        #expect(mark.lines.allSatisfy { $0.width >= 0 }, "\(mark.lines.map(\.width))")
    }

    @Test func wordSpacingWidensSpacesAndNoBreakSpaces() throws {
        let plain = try width("a b\u{A0}c d")
        #expect(abs(try width("a b\u{A0}c d", ParagraphStyle(wordSpacing: 5)) - (plain + 3 * 5)) < 1e-9)
        // A space that ends a line hangs, with its word spacing.
        let p = try paragraph("one two", ParagraphStyle(wordSpacing: 10))
        let layout = p.layout(width: try width("one two") + 5)
        #expect(layout.lines.map(\.text) == ["one ", "two"])
        #expect(abs(layout.lines[0].width - (try width("one"))) < 1e-9)
        // The runs place the spacing where the width counts it.
        let line = p.layout().lines[0]
        let plainLine = try paragraph("one two")
        let plainX = plainLine.glyphs(of: plainLine.layout().lines[0])[4].x
        #expect(abs(p.glyphs(of: line)[4].x - (plainX + 10)) < 1e-9)
    }

    @Test func lineHeightSplitsTheLeadingAboveAndBelow() throws {
        let text = "one\ntwo"
        for (lineHeight, height) in [
            (ParagraphStyle.LineHeight.points(30), 30.0), (.multiple(1.5), 24), (.points(12), 12),
        ] {
            let layout = try paragraph(text, ParagraphStyle(lineHeight: lineHeight)).layout()
            let leading = height - (Self.ascent + Self.descent)
            #expect(layout.lines.map(\.height) == [height, height])
            #expect(abs(layout.lines[0].baseline - (Self.ascent + leading / 2)) < 1e-9)
            #expect(abs(layout.lines[1].baseline - (height + Self.ascent + leading / 2)) < 1e-9)
            #expect(layout.height == 2 * height)
        }
        // A multiple of each run's own size: the larger run's box sets the line.
        let mixed = try Paragraph(
            mush: "small {font:,32|big}", style: ParagraphStyle(lineHeight: .multiple(1.5)), fonts: .shipped)
        #expect(mixed.layout().height == 48)
        // An empty paragraph has one line of that height too.
        #expect(try paragraph("", ParagraphStyle(lineHeight: .points(40))).layout().height == 40)
    }

    @Test func tabSizeCountsSpaces() throws {
        let space = try width("a a") - 2 * (try width("a"))
        let a = try width("a")
        #expect(abs(try width("a\tb", ParagraphStyle(tabSize: 4)) - (4 * space + (try width("b")))) < 1e-9)
        #expect(abs(try width("a\tb") - (8 * space + (try width("b")))) < 1e-9)
        #expect(a < 4 * space)
    }

    @Test func valuesOutOfRangeAreErrors() throws {
        #expect(
            throws: TextError.invalidValue(
                property: "style.letterSpacing", problem: "must be a number from -1000 to 1000 (it is 2000)")
        ) {
            try paragraph("x", ParagraphStyle(letterSpacing: 2000))
        }
        #expect(
            throws: TextError.invalidValue(
                property: "style.lineHeight", problem: "must be a number from 0 to 1000 (it is -1)")
        ) {
            try paragraph("x", ParagraphStyle(lineHeight: .multiple(-1)))
        }
        #expect(
            throws: TextError.invalidValue(
                property: "style.tabSize", problem: "must be a number from 0.01 to 1000 (it is 0)")
        ) {
            try paragraph("x", ParagraphStyle(tabSize: 0))
        }
    }
}
