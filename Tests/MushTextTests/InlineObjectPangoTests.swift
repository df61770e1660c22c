import Foundation
import Mush
import Testing

@testable import MushText

/// Inline objects against Pango 1.50: each U+FFFC given a shape attribute
/// (`pango_attr_shape_new`) whose logical rectangle is the object's width, height above the
/// baseline and depth below it (`Benchmarks/Pango/pango_measure.c`, flag `o`). The same line
/// breaks, line heights and baselines, and the objects at the same x, at many widths.
@Suite("Inline objects against Pango")
struct InlineObjectPangoTests {
    struct Line: Decodable {
        var start, end: Int
        var height, baseline: Double
        var objects: [Object]
    }

    struct Object: Decodable {
        var index: Int
        var x: Double
    }

    struct Layout: Decodable {
        var height: Double
        var lines: [Line]
    }

    /// A paragraph: its text (`#` stands for an object) and its objects' (width, height,
    /// baseline from the top; nil: the bottom edge).
    static let cases: [(text: String, objects: [(Double, Double, Double?)])] = [
        ("Hello # world #.", [(20, 15, nil), (30, 15, 10)]),
        ("An icon # before a word and a badge #in the middle of a longer sentence.", [(16, 16, nil), (40, 12, 9)]),
        ("Tall # object in a line of text that wraps", [(24, 40, nil)]),
        ("Deep # object below the baseline, then more words", [(30, 30, 6)]),
        ("#Starts with an object and ends with one#", [(12, 12, nil), (12, 12, nil)]),
        ("Objects ### side by side", [(10, 10, nil), (10, 10, nil), (10, 10, nil)]),
        (
            "Before a closing parenthesis (#) and a comma #, and a period #.",
            [(14, 10, nil), (14, 10, nil), (14, 10, nil)]
        ),
        ("Price: 1,250.00 # due 2026-12-01 # (overdue)", [(18, 12, 10), (50, 14, 11)]),
        ("Line one #\nLine two with # another", [(20, 20, nil), (8, 30, 25)]),
        ("שלום # עולם, ויום טוב # לכולם", [(20, 12, nil), (10, 10, nil)]),
        ("Mixed עברית # and English # text", [(16, 16, nil), (16, 16, nil)]),
    ]
    static let widths: [Double?] = [nil, 60, 90, 120, 160, 200, 300]

    @Test func lineBreaksHeightsAndObjectPositionsAgree() throws {
        let tool = try #require(PangoComparisonTests.tool, "building pango_measure.c needs libpango1.0-dev")
        var records = ""
        var expected: [(Paragraph, Double?, String)] = []
        for (text, sizes) in Self.cases {
            var objects: [InlineObject] = []
            var offset = 0
            var specs: [String] = []
            for scalar in text.unicodeScalars {
                if scalar == "#" {
                    let (width, height, baseline) = sizes[objects.count]
                    objects.append(InlineObject(offset: offset, width: width, height: height, baseline: baseline))
                    let above = baseline ?? height
                    specs.append("\(width):\(above):\(height - above)")
                }
                offset += 1
            }
            let content = text.replacingOccurrences(of: "#", with: "\u{FFFC}")
            let paragraph = try Paragraph(
                MushDocument(text: content, attributes: .plain), style: ParagraphStyle(alignment: .start),
                objects: objects, fonts: .shipped)
            for width in Self.widths {
                let escaped = content.replacingOccurrences(of: "\n", with: "\\n")
                records += "\(width.map { "\($0)" } ?? "-")\t16\to\t\(specs.joined(separator: ","))\t\(escaped)\n"
                expected.append((paragraph, width, text))
            }
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("pango-objects-\(UUID()).tsv")
        try Data(records.utf8).write(to: input)
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
        let layouts = try data.split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(Layout.self, from: Data($0))
        }
        try #require(layouts.count == expected.count)
        var differing: [String] = []
        var strutLines = 0
        for ((paragraph, width, text), pango) in zip(expected, layouts) {
            let layout = paragraph.layout(width: width)
            let label = "\(text.prefix(20).debugDescription) at \(width.map { "\($0)" } ?? "no width")"
            let ours = layout.lines.map { $0.range.lowerBound..<$0.range.upperBound }
            let theirs = pango.lines.map { $0.start..<$0.end }
            guard ours == theirs else {
                differing.append("\(label): breaks \(ours) vs Pango \(theirs)")
                continue
            }
            let frames = paragraph.objectFrames(in: layout)
            var pangoTop = 0.0
            for (index, (line, pangoLine)) in zip(layout.lines, pango.lines).enumerated() {
                defer { pangoTop += pangoLine.height }
                // A line of objects alone has the text's strut here, as in CSS; none in Pango, whose
                // line is as tall as its objects. Every other line: the same height, and the same
                // baseline within it.
                let objectsAlone = line.text.unicodeScalars.allSatisfy {
                    $0 == "\u{FFFC}" || $0.properties.isWhitespace
                }
                if objectsAlone {
                    strutLines += 1
                    let fontAscent = 1901.0 / 2048 * 16
                    let fontDescent = 483.0 / 2048 * 16
                    let above = pangoLine.baseline - pangoTop
                    let below = pangoLine.height - above
                    if abs(line.height - (max(above, fontAscent) + max(below, fontDescent))) > 0.01 {
                        differing.append("\(label): line \(index) of objects alone: height \(line.height)")
                    }
                } else if abs(line.height - pangoLine.height) > 0.01
                    || abs(line.baseline - line.y - (pangoLine.baseline - pangoTop)) > 0.01
                {
                    differing.append(
                        "\(label): line \(index) height \(line.height), baseline \(line.baseline - line.y) vs Pango "
                            + "\(pangoLine.height), \(pangoLine.baseline - pangoTop)")
                }
                let ourObjects = frames.filter { $0.line == index }.map { ($0.index, $0.x) }.sorted { $0.0 < $1.0 }
                let theirObjects = pangoLine.objects.map { ($0.index, $0.x) }.sorted { $0.0 < $1.0 }
                if !ourObjects.elementsEqual(theirObjects, by: { $0.0 == $1.0 && abs($0.1 - $1.1) < 0.01 }) {
                    differing.append("\(label): line \(index) objects \(ourObjects) vs Pango \(theirObjects)")
                }
            }
        }
        for difference in differing { print("  differs from Pango: \(difference)") }
        let agreeing = expected.count - Set(differing.map { $0.components(separatedBy: ":").first! }).count
        print(
            "Inline objects against Pango: \(agreeing) of \(expected.count) layouts agree "
                + "(\(strutLines) lines of objects alone, taller here by the text's strut)")
        #expect(differing.isEmpty)
        #expect(strutLines > 0)
    }
}
