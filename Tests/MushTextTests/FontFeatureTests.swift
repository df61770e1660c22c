import Mush
import Testing

@testable import MushText

/// OpenType features (``ParagraphStyle/fontFeatures``, `MushAttributes.fontFeatures`): passed to
/// HarfBuzz for the runs that set them, the paragraph's under a run's own, around the shaped-word
/// cache; a feature the font lacks changes nothing.
@Suite struct FontFeatureTests {
    func paragraph(
        _ document: MushDocument, _ style: ParagraphStyle = ParagraphStyle(), fonts: FontCollection = .shipped
    )
        throws -> Paragraph
    {
        try Paragraph(document, style: style, fonts: fonts)
    }

    func glyphs(_ p: Paragraph) -> [UInt32] {
        p.glyphs(of: p.layout().lines[0]).map(\.glyph)
    }

    @Test func ligaturesTurnOffForTheParagraphOrARun() throws {
        let text = "fi fi"
        let plain = try paragraph(MushDocument(text: text, attributes: .plain))
        let face = plain.items[0].face
        let (f, i) = (face.glyph(for: "f")!, face.glyph(for: "i")!)
        // DejaVu Sans ligates "fi" by default.
        #expect(!glyphs(plain).contains(i))
        let off = try paragraph(
            MushDocument(text: text, attributes: .plain), ParagraphStyle(fontFeatures: ["liga": 0]))
        #expect(glyphs(off) == [f, i, face.glyph(for: " ")!, f, i])
        // The second word's run alone, over a paragraph that leaves the default.
        var second = MushAttributes()
        second.fontFeatures = ["liga": 0]
        let document = try MushDocument(
            text: text, runs: [MushRun(range: 0..<3, attributes: .plain), MushRun(range: 3..<5, attributes: second)])
        let mixed = glyphs(try paragraph(document))
        #expect(mixed.suffix(2) == [f, i])
        #expect(!mixed.prefix(2).contains(i))
        // A run's own value wins over the paragraph's.
        var on = MushAttributes()
        on.fontFeatures = ["liga": 1]
        let back = try MushDocument(text: text, runs: [MushRun(range: 0..<5, attributes: on)])
        #expect(glyphs(try paragraph(back, ParagraphStyle(fontFeatures: ["liga": 0]))) == glyphs(plain))
    }

    @Test func aFeatureTheFontLacksChangesNothing() throws {
        let text = "Invoice 1041: 19.99"
        let plain = try paragraph(MushDocument(text: text, attributes: .plain))
        let tabular = try paragraph(
            MushDocument(text: text, attributes: .plain), ParagraphStyle(fontFeatures: ["tnum": 1, "ss01": 1]))
        #expect(glyphs(plain) == glyphs(tabular))
        #expect(plain.layout().width == tabular.layout().width)
    }

    @Test func tabularFiguresOfInterAreEqualInWidth() throws {
        try #require(FontCollection.standard.hasFamily("Inter"), "fonts-inter-variable is not installed")
        func width(_ text: String, _ features: [String: Int]) throws -> Double {
            try paragraph(
                MushDocument(text: text, attributes: .plain),
                ParagraphStyle(fontFamily: "Inter", fontSize: 22, fontFeatures: features), fonts: .standard
            ).layout().width
        }
        #expect(try width("1111", [:]) < width("8888", [:]))
        #expect(try width("1111", ["tnum": 1]) == width("8888", ["tnum": 1]))
    }

    @Test func badSettingsAreErrors() throws {
        let text = MushDocument(text: "x", attributes: .plain)
        #expect(
            throws: TextError.invalidValue(
                property: "style.fontFeatures.toolong",
                problem: "is not an OpenType feature tag (four characters, such as tnum or ss01)")
        ) { try paragraph(text, ParagraphStyle(fontFeatures: ["toolong": 1])) }
        #expect(
            throws: TextError.invalidValue(
                property: "style.fontFeatures.tnum", problem: "must be from 0 to 65535 (it is -1)")
        ) { try paragraph(text, ParagraphStyle(fontFeatures: ["tnum": -1])) }
    }
}
