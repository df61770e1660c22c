import Mush
import Testing

@testable import MushText

/// Text shown in another case (`ParagraphStyle.textTransform`, `MushAttributes.textTransform`):
/// shaped and measured as shown, with every offset in the text as written.
@Suite("Text transform")
struct TextTransformTests {
    func paragraph(
        _ text: String, _ transform: TextTransform, locale: String? = nil, runs: [MushRun]? = nil
    ) throws -> Paragraph {
        var style = ParagraphStyle(fontSize: 16, locale: locale)
        style.textTransform = transform
        let document =
            try runs.map { try MushDocument(text: text, runs: $0) } ?? MushDocument(text: text, attributes: .plain)
        return try Paragraph(document, style: style, fonts: .shipped)
    }

    func plain(_ text: String) throws -> Paragraph {
        try Paragraph(
            MushDocument(text: text, attributes: .plain), style: ParagraphStyle(fontSize: 16), fonts: .shipped)
    }

    @Test func sharpSIsMeasuredAsTwoLettersAndCountedAsOne() throws {
        let sharpS = try paragraph("Straße", .uppercase, locale: "de")
        let shown = try plain("STRASSE")
        let layout = sharpS.layout()
        #expect(layout.lines.map(\.text) == ["STRASSE"])
        #expect(layout.lines.map(\.range) == [0..<6])
        #expect(layout.width == shown.layout().width)
        // The two S glyphs are both at the ß; "E" is the text's fifth scalar.
        #expect(sharpS.glyphs(of: layout.lines[0]).map(\.cluster) == [0, 1, 2, 3, 4, 4, 5])
        #expect(sharpS.runs(of: layout.lines[0]).map(\.range) == [0..<6])
        // Carets: before the ß at the first S, after it at the E.
        let shownLayout = shown.layout()
        #expect(sharpS.caret(at: 4, in: layout).x == shown.caret(at: 4, in: shownLayout).x)
        #expect(sharpS.caret(at: 5, in: layout).x == shown.caret(at: 6, in: shownLayout).x)
        #expect(sharpS.caret(at: 6, in: layout).x == shown.caret(at: 7, in: shownLayout).x)
        // Clicks: on the first S's left half, before the ß; on the second S's right half, after it.
        let firstS = shown.caret(at: 4, in: shownLayout).x
        let secondS = shown.caret(at: 5, in: shownLayout).x
        let end = shown.caret(at: 6, in: shownLayout).x
        let y = layout.lines[0].height / 2
        #expect(sharpS.index(atX: firstS + 1, y: y, in: layout).offset == 4)
        #expect(sharpS.index(atX: end - 1, y: y, in: layout).offset == 5)
        #expect(sharpS.index(atX: (secondS + end) / 2 - 1, y: y, in: layout).offset == 4)
        #expect(sharpS.utf8Offset(ofScalar: 5) == 6)
        #expect(sharpS.shownUTF8Offset(ofScalar: 5) == 6)
    }

    @Test func wrappedLinesCountInTheSource() throws {
        let text = "straße weiß groß"
        let upper = try paragraph(text, .uppercase)
        let width = try plain("STRASSE ").layout().width + 1
        let layout = upper.layout(width: width)
        #expect(layout.lines.map(\.text) == ["STRASSE ", "WEISS ", "GROSS"])
        #expect(layout.lines.map(\.range) == [0..<7, 7..<12, 12..<16])
        // A hard-to-fit width: the same breaks as the shown text's own.
        let shown = try plain("STRASSE WEISS GROSS")
        for width in stride(from: 30.0, through: 200, by: 10) {
            #expect(upper.layout(width: width).lines.map(\.text) == shown.layout(width: width).lines.map(\.text))
        }
    }

    @Test func languagesMapByTheirOwnRules() throws {
        func shown(_ text: String, _ transform: TextTransform, _ locale: String?) throws -> String {
            try paragraph(text, transform, locale: locale).layout().lines.map(\.text).joined()
        }
        #expect(try shown("istanbul ılık", .uppercase, "tr") == "İSTANBUL ILIK")
        #expect(try shown("istanbul ılık", .uppercase, nil) == "ISTANBUL ILIK")
        #expect(try shown("İSTANBUL IŞIK", .lowercase, "tr") == "istanbul ışık")
        // Without Turkish, İ lowers to i and a combining dot: one scalar shown as two.
        let dotted = try paragraph("İzmir", .lowercase)
        #expect(dotted.layout().lines.map(\.text) == ["i\u{307}zmir"])
        #expect(dotted.layout().lines.map(\.range) == [0..<5])
        #expect(try shown("Καλημέρα", .uppercase, "el") == "ΚΑΛΗΜΕΡΑ")
        #expect(try shown("ΟΔΟΣ", .lowercase, nil) == "οδος".replacingOccurrences(of: "σ", with: "ς"))
        #expect(try shown("ijsland", .capitalize, "nl") == "IJsland")
        #expect(try shown("don't stop (the) world-wide 3rd", .capitalize, nil) == "Don't Stop (The) World-Wide 3rd")
        #expect(try shown("MIXED case", .capitalize, nil) == "MIXED Case")
        #expect(try shown("Straße", .lowercase, nil) == "straße")
        #expect(try shown("Straße", .none, "de") == "Straße")
    }

    @Test func runsSetTheirOwnCase() throws {
        // "small CAPS words": the paragraph uppercase but for a run shown as written.
        var written = MushAttributes()
        written.textTransform = TextTransform.none
        var upper = MushAttributes()
        upper.textTransform = .uppercase
        let text = "small straße words"
        let plain = MushAttributes.plain
        let mixed = try paragraph(
            text, .uppercase,
            runs: [
                MushRun(range: 0..<6, attributes: plain), MushRun(range: 6..<12, attributes: written),
                MushRun(range: 12..<18, attributes: plain),
            ])
        #expect(mixed.layout().lines.map(\.text) == ["SMALL straße WORDS"])
        let one = try paragraph(
            text, .none,
            runs: [
                MushRun(range: 0..<6, attributes: plain), MushRun(range: 6..<12, attributes: upper),
                MushRun(range: 12..<18, attributes: plain),
            ])
        #expect(one.layout().lines.map(\.text) == ["small STRASSE words"])
        #expect(one.runs(of: one.layout().lines[0]).map(\.range) == [0..<6, 6..<12, 12..<18])
        // Capitalize finds words in the whole text: a run that starts inside a word does not
        // start one.
        var capitalize = MushAttributes()
        capitalize.textTransform = .capitalize
        let inside = try paragraph(
            "hello world", .none,
            runs: [MushRun(range: 0..<3, attributes: plain), MushRun(range: 3..<11, attributes: capitalize)])
        #expect(inside.layout().lines.map(\.text) == ["hello World"])
    }

    @Test func untransformedTextKeepsNoMapping() throws {
        #expect(try paragraph("Straße", .none).caseMapping == nil)
        #expect(try paragraph("STRASSE 42", .uppercase).caseMapping == nil)
        // Same lengths: the shown text, no list of offsets.
        let turkish = try paragraph("istanbul", .uppercase, locale: "tr")
        #expect(turkish.caseMapping?.shown == "İSTANBUL")
        #expect(turkish.caseMapping?.sourceUnits == nil)
        #expect(try paragraph("Straße", .uppercase).caseMapping?.sourceUnits == [0, 1, 2, 3, 4, 4, 5, 6])
    }

    @Test func objectsAndHyphensStayInPlace() throws {
        // An object after an expanded letter keeps its offset in the text.
        var style = ParagraphStyle(fontSize: 16)
        style.textTransform = .uppercase
        let text = "groß \u{FFFC} maß"
        let paragraph = try Paragraph(
            MushDocument(text: text, attributes: .plain), style: style,
            objects: [InlineObject(offset: 5, width: 20, height: 10)], fonts: .shipped)
        let layout = paragraph.layout()
        #expect(layout.lines.map(\.text) == ["GROSS \u{FFFC} MASS"])
        #expect(paragraph.objectFrames(in: layout).count == 1)
        // Soft hyphens survive the case change and still break.
        let hyphenated = try self.paragraph("Stra\u{AD}ße", .uppercase)
        let narrow = hyphenated.layout(width: try plain("STRA\u{2010}").layout().width + 0.5)
        #expect(narrow.lines.map(\.text) == ["STRA\u{2010}", "SSE"])
        #expect(narrow.lines.map(\.range) == [0..<5, 5..<7])
    }
}
