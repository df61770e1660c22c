import Foundation
import Mush
import MushRender
import MushText
import Testing

/// Text decorations (`TextDecoration`) in pixels: a solid underline skips the descenders of "g"
/// and "p" (and runs through without skip-ink), dotted dots repeat every two thicknesses, a wavy
/// line rises and falls with a period of four thicknesses, and line-through is drawn through the
/// text. DejaVu Sans 40 at scale 2, thickness 4 points (8 pixels).
@Suite struct DecorationRenderingTests {
    static let scale = 2.0

    /// The picture of `text` with `decoration`, its paragraph, its layout, and the band's top in
    /// points.
    func picture(_ text: String, _ decoration: TextDecoration) throws -> (Bitmap, Paragraph, ParagraphLayout) {
        let paragraph = try Paragraph(
            MushDocument(text: text, attributes: .plain),
            style: ParagraphStyle(fontSize: 40, textDecoration: decoration), fonts: .shipped)
        let layout = paragraph.layout()
        let rendering = try Renderer.render(
            layout, as: .png, options: RenderOptions(scale: Self.scale, background: MushColor(hex: "#fff")))
        return (try Bitmap(png: rendering.data), paragraph, layout)
    }

    /// The pixel row through the middle of the underline, and whether each pixel of it is dark.
    func underlineRow(_ bitmap: Bitmap, _ paragraph: Paragraph, _ layout: ParagraphLayout, thickness: Double) -> [Bool]
    {
        let face = paragraph.runs(of: layout.lines[0])[0].face
        let top = layout.lines[0].baseline - Double(face.underline.position) * 40 / Double(face.unitsPerEm)
        let y = Int(((top + thickness / 2) * Self.scale).rounded(.down))
        return (0..<bitmap.width).map { bitmap.pixel(x: $0, y: y).darkness > 382 }
    }

    @Test func anUnderlineSkipsDescenders() throws {
        let decoration = TextDecoration(lines: .underline, thickness: 4)
        let (bitmap, paragraph, layout) = try picture("ogpo", decoration)
        let row = underlineRow(bitmap, paragraph, layout, thickness: 4)
        let runs = paragraph.runs(of: layout.lines[0])
        let glyphs = runs[0].glyphs
        // Under each "o" the line is unbroken; under "g" and "p" (their descenders) it has a gap.
        func columns(_ index: Int) -> Range<Int> {
            let right = index + 1 < glyphs.count ? glyphs[index + 1].x : runs[0].maxX
            return Int((glyphs[index].x * Self.scale).rounded(.up))..<Int((right * Self.scale).rounded(.down))
        }
        #expect(columns(0).dropFirst(4).dropLast(4).allSatisfy { row[$0] })
        #expect(columns(1).contains { !row[$0] } && columns(2).contains { !row[$0] })
        // Without skip-ink, one unbroken line from the run's start to its end.
        var through = decoration
        through.skipInk = false
        let (plainBitmap, _, _) = try picture("ogpo", through)
        let plainRow = underlineRow(plainBitmap, paragraph, layout, thickness: 4)
        let end = Int((runs[0].maxX * Self.scale).rounded(.down))
        #expect(plainRow[1..<(end - 1)].allSatisfy { $0 })
    }

    @Test func dotsRepeatEveryTwoThicknesses() throws {
        let (bitmap, paragraph, layout) = try picture(
            "mmmm", TextDecoration(lines: .underline, style: .dotted, thickness: 4, skipInk: false))
        let row = underlineRow(bitmap, paragraph, layout, thickness: 4)
        // Dots of 8 pixels every 16: dark at the centres (4, 20, 36 …), light halfway between.
        for dot in 0..<6 {
            #expect(row[4 + 16 * dot], "dot \(dot)")
            #expect(!row[12 + 16 * dot], "gap \(dot)")
        }
    }

    @Test func aWavyLineRisesAndFalls() throws {
        // No-break spaces: the line alone, with no glyph ink near it.
        let (bitmap, paragraph, layout) = try picture(
            String(repeating: "\u{A0}", count: 8), TextDecoration(lines: .underline, style: .wavy, thickness: 4))
        let face = paragraph.runs(of: layout.lines[0])[0].face
        let top = layout.lines[0].baseline - Double(face.underline.position) * 40 / Double(face.unitsPerEm)
        let middle = (top + 2) * Self.scale
        // A quarter period in (8 points), the wave is 4 points above its middle; three quarters in,
        // 4 points below: the ink's centre in each pixel column, against the sine.
        func inkCentre(x: Double) -> Double {
            let column = Int(x * Self.scale)
            let rows = (0..<bitmap.height).filter { bitmap.pixel(x: column, y: $0).darkness > 382 }
                .filter { Double($0) > middle - 20 && Double($0) < middle + 20 }
            return Double(rows.reduce(0, +)) / Double(max(rows.count, 1)) + 0.5
        }
        #expect(abs(inkCentre(x: 4) - (middle - 4 * Self.scale)) < 2.5)
        #expect(abs(inkCentre(x: 12) - (middle + 4 * Self.scale)) < 2.5)
        #expect(abs(inkCentre(x: 20) - (middle - 4 * Self.scale)) < 2.5)
    }

    @Test func lineThroughCrossesTheText() throws {
        let (bitmap, paragraph, layout) = try picture(
            "—", TextDecoration(lines: .lineThrough, color: MushColor(hex: "#f00"), thickness: 4))
        let face = paragraph.runs(of: layout.lines[0])[0].face
        let top = layout.lines[0].baseline - Double(face.strikethrough.position) * 40 / Double(face.unitsPerEm)
        let pixel = bitmap.pixel(x: 4, y: Int((top + 2) * Self.scale))
        #expect(pixel.r > 200 && pixel.g < 60 && pixel.b < 60, "\(pixel)")
    }
}
