import Mush
import Testing

@testable import MushText

/// Hyphenation (``ParagraphStyle/hyphens``): soft hyphens that show a hyphen when a line breaks at
/// them, libhyphen's points for `auto`, and what the hyphen does to widths, runs, carets and
/// justification, with DejaVu Sans 16 and Debian's dictionaries (hyphen-en-us, hyphen-de,
/// hyphen-fr).
@Suite struct HyphenationTests {
    func paragraph(_ text: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> Paragraph {
        try Paragraph(MushDocument(text: text, attributes: .plain), style: style, fonts: .shipped)
    }

    /// The advance of `text` set alone in DejaVu Sans 16.
    func advance(_ text: String) throws -> Double {
        let alone = try paragraph(text)
        return alone.advance(0, alone.units.count)
    }

    func style(_ hyphens: ParagraphStyle.Hyphens, _ locale: String? = nil) -> ParagraphStyle {
        ParagraphStyle(locale: locale, hyphens: hyphens)
    }

    @Test func dictionariesGiveThePointsOfTheirLanguage() {
        #expect(Hyphenation.points(in: "hyphenation", language: "en-US") == [2, 6])
        #expect(Hyphenation.points(in: "Hyphenation", language: "en") == [2, 6])
        // German's dictionary is ISO 8859-1: umlauts are read; a word it cannot write has no points.
        #expect(Hyphenation.points(in: "Silbentrennung", language: "de") == [3, 6, 10])
        #expect(Hyphenation.points(in: "Bäckerei", language: "de-DE") == [2, 5])
        #expect(Hyphenation.points(in: "Silbentrennungα", language: "de") == [])
        #expect(Hyphenation.points(in: "extraordinaire", language: "fr") == [2, 5, 7, 9])
        // Short words, and the limits.
        #expect(Hyphenation.points(in: "paper", language: "en-US") == [2])
        #expect(Hyphenation.points(in: "upon", language: "en-US") == [])
        #expect(
            Hyphenation.points(
                in: "hyphenation", language: "en-US", limits: ParagraphStyle.HyphenationLimits(before: 3)) == [6])
        #expect(Hyphenation.points(in: "hyphenation", language: "xx") == nil)
        #expect(Hyphenation.fileNames(for: "de-CH-1996") == ["hyph_de_CH.dic", "hyph_de.dic"])
        #expect(Hyphenation.fileNames(for: "sr-Latn-RS") == ["hyph_sr_RS.dic", "hyph_sr.dic"])
        #expect(Hyphenation.fileNames(for: "") == [])
    }

    @Test func aSoftHyphenShowsAHyphenWhereTheLineBreaksAtIt() throws {
        let text = "Silben\u{AD}trennung ist toll"
        let p = try paragraph(text)
        let hyphen = try advance("\u{2010}")
        let head = try advance("Silben")
        // Room for "trennung ist" but not for the whole word.
        let width = try advance("trennung ist") + 1
        try #require(try advance("Silbentrennung") > width)
        let layout = p.layout(width: width)
        #expect(layout.lines.map(\.text) == ["Silben\u{2010}", "trennung ist ", "toll"])
        #expect(layout.lines[0].range == 0..<7)
        #expect(abs(layout.lines[0].width - (head + hyphen)) < 1e-9)
        // Not taken, it shows nothing and takes no room.
        let whole = p.layout(width: 1000)
        #expect(whole.lines.map(\.text) == [text])
        #expect(abs(whole.lines[0].width - (try advance("Silbentrennung ist toll"))) < 1e-9)
        // Its run is the hyphen's: U+2010 in the text's face, after the text.
        let runs = p.runs(of: layout.lines[0])
        #expect(runs.map(\.isHyphen) == [false, true])
        #expect(runs[1].glyphs.map(\.glyph) == [p.items[0].face.glyph(for: "\u{2010}")!])
        #expect(abs(runs[1].minX - head) < 1e-9)
        #expect(abs(runs[1].maxX - layout.lines[0].width) < 1e-9)
        // Carets: the break's offset sits before the hyphen; a point on the hyphen is the break.
        #expect(p.index(atX: head + hyphen / 2, y: 5, in: layout).offset == 7)
    }

    @Test func aLigatureAcrossTheBreakIsUndone() throws {
        // DejaVu Sans ligates "ff" across the soft hyphen: broken there, each line shows its "f".
        let p = try paragraph("dif\u{AD}ferent words")
        let face = p.items[0].face
        let f = try #require(face.glyph(for: "f"))
        let whole = p.layout(width: 1000)
        #expect(!p.glyphs(of: whole.lines[0]).map(\.glyph).contains(f))
        let layout = p.layout(width: try advance("ferent") + 1)
        #expect(layout.lines.map(\.text) == ["dif\u{2010}", "ferent ", "words"])
        let first = p.glyphs(of: layout.lines[0]).map(\.glyph)
        let second = p.glyphs(of: layout.lines[1]).map(\.glyph)
        // The glyphs of "dif‐" and "ferent" set alone (the soft hyphen's is HarfBuzz's hidden space).
        let alone = try paragraph("dif\u{2010}")
        #expect(first.filter { $0 != face.glyph(for: " ") } == alone.glyphs(of: alone.layout().lines[0]).map(\.glyph))
        let rest = try paragraph("ferent")
        #expect(second.prefix(6) == rest.glyphs(of: rest.layout().lines[0]).map(\.glyph)[...])
        #expect(second.first == f)
        // The widths are those of the lines set alone.
        #expect(abs(layout.lines[0].width - (try advance("dif\u{2010}"))) < 1e-9)
        #expect(abs(layout.lines[1].width - (try advance("ferent"))) < 1e-9)
        let runs = p.runs(of: layout.lines[1])
        #expect(abs(runs.last!.maxX - layout.lines[1].width) < 1e-9)
    }

    @Test func hyphensNoneIgnoresSoftHyphensAndManualIgnoresTheDictionary() throws {
        let text = "Silben\u{AD}trennung ist toll"
        let width = try advance("trennung ist") + 1
        let none = try paragraph(text, style(.none)).layout(width: width)
        #expect(none.lines.map(\.text) == ["Silben\u{AD}trenn", "ung ist toll"])
        let manual = try paragraph("hyphenation hyphenation", style(.manual, "en-US")).layout(width: 60)
        #expect(manual.lines.allSatisfy { !$0.text.contains("\u{2010}") })
    }

    @Test func autoHyphenatesWordsAtTheDictionarysPoints() throws {
        let width = try advance("hyphenation") + 0.5
        try #require(try advance("ab hyphen\u{2010}") <= width)
        let auto = style(.auto, "en-US")
        let p = try paragraph("ab hyphenation cd", auto)
        #expect(p.warnings.isEmpty)
        #expect(p.layout(width: width).lines.map(\.text) == ["ab hyphen\u{2010}", "ation cd"])
        // The last word of a paragraph too, as CSS and WeasyPrint do.
        #expect(
            try paragraph("ab hyphenation\ncd", auto).layout(width: width).lines.map(\.text) == [
                "ab hyphen\u{2010}", "ation", "cd",
            ])
        let narrow = try advance("hyphen\u{2010}") + 0.5
        #expect(
            try paragraph("ab hyphenation", auto).layout(width: narrow).lines.map(\.text) == [
                "ab hy\u{2010}", "phen\u{2010}", "ation",
            ])
        // A word with a soft hyphen breaks there only.
        let soft = try paragraph("ab hy\u{AD}phenation cd", auto).layout(width: width)
        #expect(soft.lines.map(\.text) == ["ab hy\u{2010}", "phenation ", "cd"])
    }

    @Test func autoWithoutADictionaryIsAWarning() throws {
        let unknown = try paragraph("hyphenation", style(.auto, "xx"))
        #expect(unknown.warnings == [.noHyphenationDictionary(language: "xx")])
        #expect(
            unknown.warnings[0].description
                == "no hyphenation dictionary for language 'xx'; words break at soft hyphens only")
        #expect(try paragraph("hyphenation", style(.auto)).warnings == [.noHyphenationDictionary(language: nil)])
        #expect(try paragraph("hyphenation", style(.manual, "xx")).warnings.isEmpty)
    }

    @Test func minContentCountsTheHyphenatedPieces() throws {
        let text = "hyphenation is here"
        let plain = try paragraph(text).minContentWidth()
        #expect(abs(plain - (try advance("hyphenation"))) < 1e-9)
        let hyphenated = try paragraph(text + " ok", style(.auto, "en-US")).minContentWidth()
        // "hyphenation" breaks as "hy‐phen‐ation": "phen‐" and "ation" against "here" and "is".
        let expected = max(try advance("phen\u{2010}"), try advance("ation"), try advance("here"))
        #expect(abs(hyphenated - expected) < 1e-9)
    }

    @Test func aHyphenatedLineIsJustified() throws {
        var style = style(.auto, "en-US")
        style.alignment = .justify
        let p = try paragraph("a hyphenation test of it", style)
        let width = try advance("a hyphen\u{2010}") + 4
        let layout = p.layout(width: width)
        #expect(layout.lines[0].text == "a hyphen\u{2010}")
        #expect(layout.lines[0].width == width)
        let runs = p.runs(of: layout.lines[0])
        #expect(abs(runs.last!.maxX - width) < 1e-9)
    }
}
