import Mush
import Testing

@testable import MushText

@Suite("Glyph runs")
struct GlyphRunTests {
    /// The advance of `text` alone, in DejaVu Sans 16.
    func width(_ text: String) throws -> Double {
        try Paragraph(mush: text).layout().width
    }

    @Test func runsCarryTheirAttributesAndTileTheLine() throws {
        let paragraph = try Paragraph(mush: "plain **bold** {#e33|red} __under__")
        let line = paragraph.layout().lines[0]
        let runs = paragraph.runs(of: line)
        let texts = runs.map { run in
            String(paragraph.text.unicodeScalars.dropFirst(run.range.lowerBound).prefix(run.range.count))
        }
        #expect(texts == ["plain ", "bold", " ", "red", " ", "under"])
        #expect(runs[1].attributes.bold && runs[1].face.isBold)
        #expect(runs[3].attributes.color == MushColor(hex: "#e33"))
        #expect(runs[5].attributes.underline && !runs[4].attributes.underline)
        // Side by side, no gap, from 0 to the line's width.
        #expect(runs.first!.minX == 0)
        for (left, right) in zip(runs, runs.dropFirst()) { #expect(abs(left.maxX - right.minX) < 1e-9) }
        #expect(abs(runs.last!.maxX - line.width) < 1e-9)
        let plainWidth = try width("plain")
        #expect(runs[0].maxX > plainWidth + 1, "the first run ends after its space")
        // Each glyph is in its run's span.
        for run in runs {
            for glyph in run.glyphs { #expect(glyph.x >= run.minX - 1e-9 && glyph.x < run.maxX) }
        }
        #expect(paragraph.glyphs(of: line).count == runs.map(\.glyphs.count).reduce(0, +))
    }

    /// A wrapped right-to-left line's trailing space hangs at its left end: it takes no room, so the
    /// drawn glyphs span exactly the line's width, right-aligned with the line.
    @Test(arguments: ["שלום עולם שלום עולם", "مرحبا بالعالم مرحبا بالعالم"])
    func hangingSpacesOfRightToLeftLinesTakeNoRoom(text: String) throws {
        let paragraph = try Paragraph(mush: text)
        let wide = paragraph.layout().width
        let layout = paragraph.layout(width: wide * 0.75)
        #expect(layout.lines.count == 2)
        let first = layout.lines[0]
        #expect(first.text.hasSuffix(" "), "the wrapped line holds its trailing space")
        let runs = paragraph.runs(of: first)
        #expect(runs.allSatisfy { $0.isRightToLeft })
        #expect(abs(runs.first!.minX) < 1e-9)
        #expect(abs(runs.last!.maxX - first.width) < 1e-9)
        let spaces = runs.flatMap(\.glyphs).filter { glyph in
            paragraph.text.unicodeScalars[
                paragraph.text.unicodeScalars.index(
                    paragraph.text.unicodeScalars.startIndex, offsetBy: glyph.cluster)] == " "
        }
        let innerSpaces = first.text.dropLast().filter { $0 == " " }.count
        #expect(innerSpaces > 0)
        #expect(spaces.count == innerSpaces, "the inner spaces are drawn, the hanging one is not")
        // The glyphs' clusters fall from left to right.
        let clusters = runs.flatMap(\.glyphs).map(\.cluster)
        #expect(clusters == clusters.sorted(by: >))
    }

    /// Carets and drawing place a wrapped line the same way: every caret inside the line's visible
    /// text stands on an edge of the drawn runs' glyph cells, within the line's width.
    @Test(arguments: ["שלום עולם שלום עולם", "abc אבג דהו abc def"])
    func caretsAgreeWithTheDrawnRuns(text: String) throws {
        let paragraph = try Paragraph(mush: text)
        let layout = paragraph.layout(width: paragraph.layout().width * 0.6)
        #expect(layout.lines.count >= 2)
        let line = layout.lines[0]
        let runs = paragraph.runs(of: line)
        // The pen positions where drawn glyphs start and where runs end.
        var edges = Set(
            runs.flatMap { run in run.glyphs.map { ($0.x * 1e6).rounded() } + [(run.maxX * 1e6).rounded()] })
        edges.formUnion(runs.map { ($0.minX * 1e6).rounded() })
        let visible = line.text.unicodeScalars.reversed().drop { $0 == " " }.count
        for offset in line.range.lowerBound..<(line.range.lowerBound + visible) {
            let caret = paragraph.caret(at: offset, in: layout)
            #expect(caret.line == 0)
            #expect(caret.x >= -1e-9 && caret.x <= line.width + 1e-9, "offset \(offset) at \(caret.x)")
            #expect(edges.contains((caret.x * 1e6).rounded()), "offset \(offset) at \(caret.x), not a drawn edge")
        }
    }

    /// Scalar offsets (of clusters and run ranges) map to the text's UTF-8 bytes.
    @Test func utf8OffsetsOfScalars() throws {
        let text = "aé 𝔘 שלום ก"
        let paragraph = try paragraph(text)
        let scalars = Array(text.unicodeScalars)
        for offset in 0...scalars.count {
            let expected = String(String.UnicodeScalarView(scalars[..<offset])).utf8.count
            #expect(paragraph.utf8Offset(ofScalar: offset) == expected, "scalar \(offset)")
        }
        #expect(paragraph.utf8Offset(ofScalar: -3) == 0)
        #expect(paragraph.utf8Offset(ofScalar: scalars.count + 5) == text.utf8.count)
    }

    @Test func ellipsisIsARunOfItsOwn() throws {
        var style = ParagraphStyle()
        style.maxLines = 1
        let paragraph = try Paragraph(mush: "{#00f|A long blue text that cannot fit}", style: style)
        let line = paragraph.layout(width: 100).lines[0]
        #expect(line.ellipsized)
        let runs = paragraph.runs(of: line)
        let ellipsis = try #require(runs.last)
        #expect(ellipsis.isEllipsis && ellipsis.range.isEmpty && ellipsis.glyphs.count == 1)
        #expect(ellipsis.attributes.color == MushColor(hex: "#00f"), "the ellipsis is coloured like its text")
        #expect(abs(ellipsis.maxX - line.width) < 1e-9)
    }

    @Test func decorationsComeFromTheFont() throws {
        let face = FontCollection.standard.face(family: "DejaVu Sans", bold: false, italic: false).face
        // DejaVu Sans: post underlinePosition -130, underlineThickness 90; OS/2 yStrikeoutPosition
        // 530, yStrikeoutSize 102 (units of 2048).
        #expect(face.underline.position < 0 && face.underline.position > face.descender)
        #expect(face.underline.thickness > 0 && face.underline.thickness < face.unitsPerEm / 10)
        #expect(face.strikethrough.position > 0 && face.strikethrough.position < face.ascender / 2)
        #expect(face.strikethrough.thickness > 0)
    }
}
