import Mush
import Testing

@testable import MushText

/// Variable fonts (``ParagraphStyle/fontVariations``, `MushAttributes.fontVariations` and
/// `fontWeight`) with Inter (Debian's `fonts-inter-variable`: axes `wght` 100 to 900, default 400).
@Suite struct VariableFontTests {
    func paragraph(_ document: MushDocument, _ style: ParagraphStyle) throws -> Paragraph {
        try Paragraph(document, style: style, fonts: .standard)
    }

    func inter(_ variations: [String: Double] = [:]) -> ParagraphStyle {
        ParagraphStyle(fontFamily: "Inter", fontSize: 22, fontVariations: variations)
    }

    @Test func theFaceKnowsItsAxes() throws {
        try #require(FontCollection.standard.hasFamily("Inter"), "fonts-inter-variable is not installed")
        let face = FontCollection.standard.face(family: "Inter", bold: false, italic: false).face
        let weight = try #require(face.axes.first { $0.tag == "wght" })
        #expect(weight.minimum == 100 && weight.defaultValue == 400 && weight.maximum == 900)
        #expect(FontCollection.shipped.face(family: nil, bold: false, italic: false).face.axes.isEmpty)
    }

    @Test func weightsWidenTheTextAndBoldSetsTheAxisRatherThanSynthesising() throws {
        try #require(FontCollection.standard.hasFamily("Inter"), "fonts-inter-variable is not installed")
        let text = MushDocument(text: "Variable weight", attributes: .plain)
        let widths = try [300.0, 400, 650, 900].map { try paragraph(text, inter(["wght": $0])).layout().width }
        #expect(widths == widths.sorted() && Set(widths).count == 4)
        // The default instance with or without its coordinate.
        #expect(try paragraph(text, inter()).layout().width == widths[1])
        // Bold on a variable face is wght 700, drawn by the face: no synthetic bold.
        let bold = try paragraph(MushDocument(text: "Variable weight", attributes: MushAttributes(bold: true)), inter())
        let seven = try paragraph(text, inter(["wght": 700]))
        #expect(bold.layout().width == seven.layout().width)
        let runs = bold.runs(of: bold.layout().lines[0])
        #expect(runs.allSatisfy { !$0.syntheticBold && $0.variations == ["wght": 700] })
        // A numeric weight: the axis at that weight; the paragraph's own coordinates win.
        var weighted = MushAttributes()
        weighted.fontWeight = 650
        let six = try paragraph(MushDocument(text: "Variable weight", attributes: weighted), inter())
        #expect(six.layout().width == widths[2])
        #expect(
            try paragraph(MushDocument(text: "Variable weight", attributes: weighted), inter(["wght": 300]))
                .layout().width == widths[0])
        // An axis the font lacks changes nothing.
        #expect(try paragraph(text, inter(["wdth": 50])).layout().width == widths[1])
    }

    @Test func aStaticFamilyTakesAWeightAsBoldOrNot() throws {
        var heavy = MushAttributes()
        heavy.fontWeight = 700
        var light = MushAttributes()
        light.fontWeight = 300
        let style = ParagraphStyle()
        let bold = try Paragraph(MushDocument(text: "weight", attributes: heavy), style: style, fonts: .shipped)
        let regular = try Paragraph(MushDocument(text: "weight", attributes: light), style: style, fonts: .shipped)
        #expect(bold.items[0].face.isBold && !regular.items[0].face.isBold)
    }

    @Test func badValuesAreErrors() throws {
        let text = MushDocument(text: "x", attributes: .plain)
        #expect(
            throws: TextError.invalidValue(
                property: "style.fontVariations.weight",
                problem: "is not a variation axis tag (four characters, such as wght or wdth)")
        ) { try paragraph(text, ParagraphStyle(fontVariations: ["weight": 1])) }
        var heavy = MushAttributes()
        heavy.fontWeight = 0
        #expect(
            throws: TextError.invalidValue(
                property: "runs[0].attributes.fontWeight", problem: "must be a number from 1 to 1000 (it is 0)")
        ) { try paragraph(MushDocument(text: "x", attributes: heavy), ParagraphStyle()) }
    }

    @Test func theEllipsisTakesTheTextsCoordinates() throws {
        try #require(FontCollection.standard.hasFamily("Inter"), "fonts-inter-variable is not installed")
        var style = inter(["wght": 850])
        style.maxLines = 1
        let text = MushDocument(text: "A line too long to fit", attributes: .plain)
        let layout = try paragraph(text, style).layout(width: 120)
        let line = try #require(layout.lines.first)
        let ellipsis = try #require(try paragraph(text, style).runs(of: line).last)
        #expect(ellipsis.isEllipsis && ellipsis.variations == ["wght": 850])
        // As wide as "…" alone at that weight (Inter draws it narrower than at the default).
        let heavy = try paragraph(MushDocument(text: "\u{2026}", attributes: .plain), inter(["wght": 850]))
        let regular = try paragraph(MushDocument(text: "\u{2026}", attributes: .plain), inter())
        #expect(abs((ellipsis.maxX - ellipsis.minX) - heavy.layout().width) < 1e-9)
        #expect(heavy.layout().width < regular.layout().width)
    }
}
