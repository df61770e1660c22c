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

    /// Pango's layouts of `records` (`WIDTH<TAB>SIZE<TAB>FLAGS<TAB>…TEXT` lines, escaped): with the
    /// shipped fonts only, or (`systemFonts`) the installed ones as well.
    static func pango(_ records: [String], systemFonts: Bool = false) throws -> [Layout] {
        let tool = try #require(PangoComparisonTests.tool, "building pango_measure.c needs libpango1.0-dev")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("pango-styled-\(UUID()).tsv")
        try Data(records.joined().utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments =
            ["--fonts", PangoComparisonTests.root.appendingPathComponent("Fonts").path, "--styled"]
            + (systemFonts ? ["--system-fonts"] : [])
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
    /// and baseline, to `tolerance` (a hundredth of a point).
    static func difference(_ layout: ParagraphLayout, _ pango: Layout, tolerance: Double = 0.01) -> String? {
        let ours = layout.lines.map { $0.range.lowerBound..<$0.range.upperBound }
        let theirs = pango.lines.map { $0.start..<$0.end }
        guard ours == theirs else { return "breaks \(ours) vs Pango \(theirs)" }
        for (index, (line, theirs)) in zip(layout.lines, pango.lines).enumerated() {
            if abs(line.width - theirs.width) > tolerance || abs(line.height - theirs.height) > tolerance
                || abs(line.baseline - theirs.baseline) > tolerance
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

    /// Texts with figures, punctuation and ligatures.
    static let featureTexts = [
        "Invoice 1041: 3 × 19.99 = 59.97, due 2026-12-31 at 10:45 (office fifty-first floor)",
        "Total 1,111.11 and 8,888.88; the staff offices affirm the figures ffi ffl",
        "HELLO (WORLD) [NOW] {AGAIN} - 12:30 - OFFICE",
    ]

    /// (family, features, sizes) to compare: DejaVu Sans's ligatures and kerning turned off, and
    /// Inter's tabular figures, case-sensitive forms, stylistic set 1 and slashed zero.
    static let featureSettings: [(family: String?, features: [String: Int], sizes: [Double])] = [
        (nil, ["liga": 0], [12, 16, 20]),
        (nil, ["kern": 0], [12, 16, 20]),
        (nil, ["kern": 0, "liga": 0], [16]),
        // Inter's em is 2,816 units: at 11 and 22 its units are whole Pango units.
        ("Inter", [:], [11, 22]),
        ("Inter", ["tnum": 1], [11, 22]),
        ("Inter", ["case": 1], [11, 22]),
        ("Inter", ["ss01": 1, "zero": 1], [11, 22]),
        ("Inter", ["tnum": 1, "calt": 0, "kern": 0], [22]),
    ]

    @Test func fontFeaturesAgreeWithPango() throws {
        let interInstalled = FontCollection.standard.hasFamily("Inter")
        try #require(interInstalled, "Inter (fonts-inter-variable) is not installed")
        var differing: [String] = []
        var total = 0
        for systemFonts in [false, true] {
            var records: [String] = []
            var expected: [(ParagraphLayout, String)] = []
            for (family, features, sizes) in Self.featureSettings where (family != nil) == systemFonts {
                let settings =
                    (family.map { ["family=\($0)"] } ?? [])
                    + (features.isEmpty
                        ? []
                        : [
                            "features="
                                + features.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                                .joined(separator: ",")
                        ])
                for text in Self.featureTexts {
                    for size in sizes {
                        let style = ParagraphStyle(fontFamily: family, fontSize: size, fontFeatures: features)
                        let paragraph = try Paragraph(
                            MushDocument(text: text, attributes: .plain), style: style,
                            fonts: systemFonts ? .standard : .shipped)
                        for width in [nil, 100.0, 160, 230, 300] as [Double?] {
                            records.append(
                                "\(width.map { "\($0)" } ?? "-")\t\(size)\ts\t\(settings.joined(separator: ";"))\t\(text)\n"
                            )
                            expected.append(
                                (
                                    paragraph.layout(width: width),
                                    "\(settings) \(text.prefix(12)) \(size) at \(width ?? 0)"
                                ))
                        }
                    }
                }
            }
            let layouts = try Self.pango(records, systemFonts: systemFonts)
            try #require(layouts.count == expected.count)
            total += expected.count
            for ((layout, label), pango) in zip(expected, layouts) {
                if let difference = Self.difference(layout, pango) { differing.append("\(label): \(difference)") }
            }
        }
        print("Font features against Pango: \(total - differing.count) of \(total) layouts agree")
        #expect(differing == [])
    }

    /// Paragraphs for the spacing and line height comparisons.
    static let spacingTexts = [
        "Letter spacing opens up small capitals and labels; tight spacing packs a heading closer.",
        "Line height sets the distance between baselines\nand a paragraph's rhythm, as CSS's line-height does.",
        "Mixed scripts: Ελληνικά, кириллица and ภาษาไทย in one paragraph",
    ]

    @Test func letterSpacingAndLineHeightAgreeWithPango() throws {
        // (settings for Pango, the style, its label)
        var cases: [(settings: String, style: (Double) -> ParagraphStyle, label: String)] = []
        for spacing in [1.5, 3, -0.5] {
            cases.append(
                ("letter=\(spacing)", { ParagraphStyle(fontSize: $0, letterSpacing: spacing) }, "letter \(spacing)"))
        }
        for height in [24.0, 30, 14] {
            cases.append(
                (
                    "lineheightpx=\(height)", { ParagraphStyle(fontSize: $0, lineHeight: .points(height)) },
                    "line \(height)pt"
                ))
        }
        // A multiple of the font size is that many points for Pango (whose own factor multiplies
        // the font's height, not its size).
        for multiple in [1.5, 2.0] {
            cases.append(
                ("", { ParagraphStyle(fontSize: $0, lineHeight: .multiple(multiple)) }, "line \(multiple)×"))
        }
        var records: [String] = []
        // Each layout, its label, and the layout at the width less the letter spacing.
        var expected: [(ParagraphLayout, String, ParagraphLayout?)] = []
        for (settings, style, label) in cases {
            for text in Self.spacingTexts {
                for size in [12.0, 16, 20] {
                    let paragraph = try Paragraph(
                        MushDocument(text: text, attributes: .plain), style: style(size), fonts: .shipped)
                    let pangoSettings =
                        settings.isEmpty
                        ? "lineheightpx=\(paragraph.style.lineHeight!.height(forSize: size))" : settings
                    let escaped = text.replacingOccurrences(of: "\n", with: "\\n")
                    for width in [nil, 120.0, 200, 333] as [Double?] {
                        records.append("\(width.map { "\($0)" } ?? "-")\t\(size)\ts\t\(pangoSettings)\t\(escaped)\n")
                        let spacing = paragraph.style.letterSpacing
                        expected.append(
                            (
                                paragraph.layout(width: width), "\(label) \(text.prefix(12)) \(size) at \(width ?? 0)",
                                spacing == 0 ? nil : width.map { paragraph.layout(width: $0 - spacing) }
                            ))
                    }
                }
            }
        }
        let layouts = try Self.pango(records)
        try #require(layouts.count == expected.count)
        var differing: [String] = []
        var explained = 0
        for ((layout, label, narrower), pango) in zip(expected, layouts) {
            guard let difference = Self.difference(layout, pango) else { continue }
            // Pango counts the letter spacing after a line's last character when it chooses where
            // to break, and then leaves it out of the line's width: its breaks are ours at the width
            // less the spacing.
            if let narrower,
                narrower.lines.map({ $0.range.lowerBound..<$0.range.upperBound })
                    == pango.lines.map({ $0.start..<$0.end })
            {
                explained += 1
                continue
            }
            differing.append("\(label): \(difference)")
        }
        print(
            "Letter spacing and line height against Pango: \(expected.count - differing.count - explained) of "
                + "\(expected.count) layouts agree, \(explained) break where Pango counts a line's last letter spacing")
        #expect(differing == [])
        #expect(explained <= 6)
    }

    @Test func fontVariationsAgreeWithPango() throws {
        try #require(FontCollection.standard.hasFamily("Inter"), "Inter (fonts-inter-variable) is not installed")
        var records: [String] = []
        var expected: [(ParagraphLayout, String)] = []
        for weight in [100.0, 300, 400, 650, 700, 900] {
            for text in Self.featureTexts + [Self.spacingTexts[0]] {
                for size in [11.0, 22] {
                    let style = ParagraphStyle(fontFamily: "Inter", fontSize: size, fontVariations: ["wght": weight])
                    let paragraph = try Paragraph(
                        MushDocument(text: text, attributes: .plain), style: style, fonts: .standard)
                    for width in [nil, 100.0, 160, 230, 300] as [Double?] {
                        records.append(
                            "\(width.map { "\($0)" } ?? "-")\t\(size)\ts\tfamily=Inter;variations=wght=\(Int(weight))\t\(text)\n"
                        )
                        expected.append(
                            (
                                paragraph.layout(width: width),
                                "wght \(weight) \(text.prefix(12)) \(size) at \(width ?? 0)"
                            ))
                    }
                }
            }
        }
        let layouts = try Self.pango(records, systemFonts: true)
        try #require(layouts.count == expected.count)
        var differing: [String] = []
        for ((layout, label), pango) in zip(expected, layouts) {
            // HarfBuzz gives a varied font's advances in whole font units (2,816 an em for Inter),
            // Pango in 1/1,024 pixel: each glyph may differ by half a unit, 0.004 points at 22.
            if let difference = Self.difference(layout, pango, tolerance: 0.02) {
                differing.append("\(label): \(difference)")
            }
        }
        print("Font variations against Pango: \(expected.count - differing.count) of \(expected.count) layouts agree")
        #expect(differing == [])
    }
}
