import Foundation
import Mush
import Testing

@testable import MushText

/// The typography settings against Pango 1.50, each setting Pango has on a corpus of paragraphs
/// at many widths (`Benchmarks/Pango/pango_measure.c --styled`, its flags `h` and `s`): the same
/// line breaks, line widths, heights and baselines.
@Suite("Typography against Pango")
struct TypographyPangoTests {
    struct Line: Decodable {
        var start, end: Int
        var width, height, baseline: Double
    }

    struct Layout: Decodable {
        var width, height: Double
        var lines: [Line]
    }

    /// Pango's layouts of `records` (`WIDTH<TAB>SIZE<TAB>FLAGS<TAB>…TEXT` lines, escaped).
    static func pango(_ records: [String]) throws -> [Layout] {
        let tool = try #require(PangoComparisonTests.tool, "building pango_measure.c needs libpango1.0-dev")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("pango-styled-\(UUID()).tsv")
        try Data(records.joined().utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--fonts", PangoComparisonTests.root.appendingPathComponent("Fonts").path, "--styled"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try data.split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(Layout.self, from: Data($0))
        }
    }

    /// How `layout` differs from Pango's (nil: it does not): breaks, then each line's width, height
    /// and baseline, to a hundredth of a point.
    static func difference(_ layout: ParagraphLayout, _ pango: Layout) -> String? {
        let ours = layout.lines.map { $0.range.lowerBound..<$0.range.upperBound }
        let theirs = pango.lines.map { $0.start..<$0.end }
        guard ours == theirs else { return "breaks \(ours) vs Pango \(theirs)" }
        for (index, (line, theirs)) in zip(layout.lines, pango.lines).enumerated() {
            if abs(line.width - theirs.width) > 0.01 || abs(line.height - theirs.height) > 0.01
                || abs(line.baseline - theirs.baseline) > 0.01
            {
                return "line \(index) width \(line.width), height \(line.height), baseline \(line.baseline) "
                    + "vs Pango \(theirs.width), \(theirs.height), \(theirs.baseline)"
            }
        }
        return nil
    }

    /// Paragraphs in three languages, their long words given soft hyphens at their dictionary's
    /// points.
    static let softHyphenTexts: [String] = {
        let texts = [
            (
                "en-US",
                "Typography is the art and technique of arranging type to make written language legible, readable and appealing when displayed."
            ),
            (
                "de",
                "Die Silbentrennung ermöglicht einen gleichmäßigeren Grauwert im Blocksatz, besonders bei schmalen Spalten."
            ),
            (
                "fr",
                "La typographie désigne les différents procédés de composition et d'impression utilisant des caractères."
            ),
        ]
        return texts.map { language, text in
            text.split(separator: " ", omittingEmptySubsequences: false).map { word in
                let scalars = Array(word.unicodeScalars)
                let letters = scalars.prefix { $0.properties.isAlphabetic }
                let points = Hyphenation.points(in: String(String.UnicodeScalarView(letters)), language: language) ?? []
                var result = String.UnicodeScalarView()
                for (index, scalar) in scalars.enumerated() {
                    if points.contains(index) { result.append("\u{AD}") }
                    result.append(scalar)
                }
                return String(result)
            }.joined(separator: " ")
        }
    }()

    @Test func softHyphensBreakAndShowAHyphenAsInPango() throws {
        var records: [String] = []
        var expected: [(ParagraphLayout, String)] = []
        for text in Self.softHyphenTexts {
            #expect(text.contains("\u{AD}"))
            // Sizes whose font units (2,048 an em) are whole Pango units (1/1,024 pixel): at others,
            // Pango rounds each glyph's advance to its units, and long lines drift by hundredths.
            for size in [12.0, 16, 20] {
                let paragraph = try Paragraph(
                    MushDocument(text: text, attributes: .plain), style: ParagraphStyle(fontSize: size), fonts: .shipped
                )
                // Widths where every piece between opportunities fits, so that neither breaks a word
                // between characters (Pango would show a hyphen there too).
                let least = paragraph.minContentWidth()
                for width in stride(from: 40.0, through: 400, by: 9) where width >= least {
                    records.append("\(width)\t\(size)\th\t\(text)\n")
                    expected.append((paragraph.layout(width: width), "\(text.prefix(16)) \(size) at \(width)"))
                }
            }
        }
        let layouts = try Self.pango(records)
        try #require(layouts.count == expected.count)
        var differing: [String] = []
        var hyphenated = 0
        for ((layout, label), pango) in zip(expected, layouts) {
            hyphenated += layout.lines.filter { $0.text.hasSuffix("\u{2010}") }.count
            if let difference = Self.difference(layout, pango) { differing.append("\(label): \(difference)") }
        }
        print(
            "Soft hyphens against Pango: \(expected.count - differing.count) of \(expected.count) layouts agree "
                + "(\(hyphenated) lines end in a hyphen)")
        #expect(differing == [])
        #expect(hyphenated > 100)
    }
}
