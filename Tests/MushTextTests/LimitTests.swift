import Mush
import Testing

@testable import MushText

/// Values outside `MushLimits` are typed errors naming the value; text-overflow ellipsis; warnings
/// for font families the fonts lack.
@Suite("Text limits and warnings")
struct TextLimitTests {
    func problem(_ style: ParagraphStyle, _ document: MushDocument = MushDocument([(text: "x", attributes: .plain)]))
        -> String?
    {
        do {
            _ = try Paragraph(document, style: style)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func styleValuesOutsideTheirRanges() {
        #expect(
            problem(ParagraphStyle(fontSize: 1e308))
                == "style.fontSize must be a number from 0.01 to 10000 (it is 1e+308)")
        #expect(
            problem(ParagraphStyle(fontSize: .nan)) == "style.fontSize must be a number from 0.01 to 10000 (it is nan)")
        #expect(problem(ParagraphStyle(fontSize: 0)) == "style.fontSize must be a number from 0.01 to 10000 (it is 0)")
        #expect(
            problem(ParagraphStyle(lineSpacing: -1))
                == "style.lineSpacing must be a number from 0 to 1000000 (it is -1)")
        #expect(
            problem(ParagraphStyle(lineSpacing: 1e308))
                == "style.lineSpacing must be a number from 0 to 1000000 (it is 1e+308)")
        #expect(problem(ParagraphStyle(maxLines: -1)) == "style.maxLines must be 0 (no limit) or more (it is -1)")
        #expect(
            problem(ParagraphStyle(maxHeight: .infinity))
                == "style.maxHeight must be a number from 0 to 1000000 (it is inf)")
        #expect(problem(ParagraphStyle(tabStops: [10, .nan])) != nil, "no stop is dropped silently")
        #expect(
            problem(ParagraphStyle(tabWidth: 0)) == "style.tabWidth must be a number from 0.01 to 1000000 (it is 0)")
        #expect(
            problem(ParagraphStyle(tabWidth: .leastNonzeroMagnitude))
                == "style.tabWidth must be a number from 0.01 to 1000000 (it is 5e-324)")
        #expect(problem(ParagraphStyle(fontSize: 10_000, lineSpacing: 1_000_000)) == nil, "the edges are in")
    }

    @Test func runValuesOutsideTheirRanges() {
        let big = MushDocument([
            (text: "a", attributes: .plain), (text: "b", attributes: MushAttributes(fontSize: 2e67)),
        ])
        #expect(
            problem(ParagraphStyle(), big)
                == "runs[1].attributes.fontSize must be a number from 0.01 to 10000 (it is 2e+67)")
        let kern = MushDocument([(text: "a", attributes: MushAttributes(kern: -1e307))])
        #expect(
            problem(ParagraphStyle(), kern)
                == "runs[0].attributes.kern must be a number from -1000 to 1000 (it is -1e+307)")
    }

    /// At the largest size, a million lines still stack: each line's y is above the one before.
    @Test func theLargestSizesStayExact() throws {
        let text = String(repeating: "x\n", count: 1_000) + "x"
        let layout = try Paragraph(
            MushDocument([(text: text, attributes: .plain)]),
            style: ParagraphStyle(
                fontSize: MushLimits.fontSize.upperBound,
                lineSpacing: MushLimits.length.upperBound)
        ).layout(width: 1)
        #expect(layout.lines.count == 1_001)
        for (above, below) in zip(layout.lines, layout.lines.dropFirst()) { #expect(below.y > above.y + above.height) }
        #expect(layout.height.isFinite)
    }

    @Test func textOverflowEllipsisCutsLinesWiderThanTheWidth() throws {
        // A single grapheme wider than the width: visible by default (as Pango and CSS).
        let wide = try Paragraph(mush: "W", style: ParagraphStyle(fontSize: 40))
        let visible = wide.layout(width: 10)
        #expect(visible.lines.map(\.text) == ["W"])
        #expect(!visible.truncated)
        #expect(visible.width > 10)
        // With text-overflow: ellipsis it is cut to "…" (which fits nothing here either).
        let cut = try Paragraph(mush: "W", style: ParagraphStyle(fontSize: 40, textOverflow: .ellipsis)).layout(
            width: 10)
        #expect(cut.lines.map(\.text) == ["…"])
        #expect(cut.lines.map(\.ellipsized) == [true])
        #expect(cut.truncated)
        // Only the lines that overflow are cut; the others stay whole.
        let mixed = try Paragraph(mush: "ab\n{font:,60|W}\ncd", style: ParagraphStyle(textOverflow: .ellipsis)).layout(
            width: 30)
        #expect(mixed.lines.map(\.text) == ["ab", "…", "cd"])
        // A cut line's range is the text it shows (here none: "…" alone), as for any truncated line.
        #expect(mixed.lines.map(\.range) == [0..<2, 3..<3, 5..<7])
        // A line that fits is never touched.
        let fits = try Paragraph(mush: "ab", style: ParagraphStyle(textOverflow: .ellipsis)).layout(width: 100)
        #expect(fits.lines.map(\.text) == ["ab"])
        #expect(!fits.truncated)
    }

    @Test func unknownFamiliesAreWarnings() throws {
        let paragraph = try Paragraph(
            mush: "{font:Nope,20|a} {font:NOPE|b} **{font:Other|c}** {font:DejaVu Sans Mono|d}")
        #expect(
            paragraph.warnings == [
                .unknownFontFamily("Nope", used: "DejaVu Sans"), .unknownFontFamily("Other", used: "DejaVu Sans"),
            ])
        #expect(paragraph.warnings.first?.description == "no font family 'Nope'; DejaVu Sans was used instead")
        let styled = try Paragraph(mush: "x", style: ParagraphStyle(fontFamily: "Serif?"))
        #expect(styled.warnings == [.unknownFontFamily("Serif?", used: "DejaVu Sans")])
        #expect(try Paragraph(mush: "plain").warnings.isEmpty)
    }
}
