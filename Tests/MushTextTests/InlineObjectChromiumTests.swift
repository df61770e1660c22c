import Foundation
import Mush
import Testing

@testable import MushText

/// Inline objects against Chromium (Debian's, headless, through selenium:
/// `Tests/BoxOracle/chromium_inline.py`): the same paragraphs as HTML, DejaVu Sans 16, each object
/// an empty `inline-block` of its size with its `vertical-align`. The same lines, and every object
/// within half a point of Chromium's place, x from the line's left and y from the line's baseline.
///
/// Chromium rounds a font's ascent and descent to whole pixels (a 16-point DejaVu Sans line is 19
/// tall, here and in Pango 18.625), rounds `sub` and `super` shifts down to 1/64, and centres
/// `middle` on a hinted x-height (9 at 16 points; the font's own is 8.75): each moves an object by
/// less than half a point. It also breaks before and after every object, even after an opening
/// bracket or before closing punctuation, where UAX #14 (and Pango, and this engine) keeps U+FFFC
/// with the `(` before it or the `)`, `,` or `.` after it: those cases are counted apart.
@Suite("Inline objects against Chromium")
struct InlineObjectChromiumTests {
    static let script = PangoComparisonTests.root.appendingPathComponent("Tests/BoxOracle/chromium_inline.py")

    /// CSS's `vertical-align` (a number: points to raise by) and the engine's.
    static let alignments: [(css: String, ours: InlineObject.Alignment)] = [
        ("baseline", .baseline), ("middle", .middle), ("top", .top), ("bottom", .bottom),
        ("text-top", .textTop), ("text-bottom", .textBottom), ("sub", .sub), ("super", .super), ("5", .raised(5)),
        ("-3", .raised(-3)),
    ]

    static let texts = [
        "An icon # before a word and # another in a longer sentence that wraps",
        "# starts the text, then words and # more words",
        "Tall items # make # lines taller",
        "Before closing punctuation (#) and #, or #.",
    ]

    @Test func linesAndObjectPlacesAgree() throws {
        var cases: [[String: Any]] = []
        var ours: [(Paragraph, Double?, String)] = []
        for (textIndex, text) in Self.texts.enumerated() {
            for (alignmentIndex, alignment) in Self.alignments.enumerated() {
                // Objects of three shapes: an icon, a tall image, a badge with its own baseline.
                let shapes: [(Double, Double, Double?)] = [(14, 10, nil), (20, 30, nil), (36, 14, 11)]
                var pieces: [Any] = []
                var objects: [InlineObject] = []
                var offset = 0
                for (index, part) in text.components(separatedBy: "#").enumerated() {
                    if index > 0 {
                        let (width, height, baseline) = shapes[(index - 1 + alignmentIndex) % shapes.count]
                        let css: Any = Double(alignment.css) ?? alignment.css
                        var piece: [String: Any] = ["width": width, "height": height, "verticalAlign": css]
                        if let baseline { piece["baseline"] = baseline }
                        pieces.append(piece)
                        objects.append(
                            InlineObject(
                                offset: offset, width: width, height: height, baseline: baseline,
                                verticalAlign: alignment.ours))
                        offset += 1
                    }
                    if !part.isEmpty { pieces.append(part) }
                    offset += part.unicodeScalars.count
                }
                let content = text.replacingOccurrences(of: "#", with: "\u{FFFC}")
                let paragraph = try Paragraph(
                    MushDocument(text: content, attributes: .plain), objects: objects, fonts: .shipped)
                for width in [nil, 100, 160, 240, 400] as [Double?] {
                    let name = "\(textIndex)-\(alignmentIndex)-\(width.map { "\(Int($0))" } ?? "none")"
                    cases.append([
                        "name": name, "width": width.map { $0 as Any } ?? NSNull(), "fontSize": 16,
                        "fontFamily": "DejaVu Sans", "pieces": pieces,
                    ])
                    ours.append((paragraph, width, name))
                }
            }
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-inline-\(UUID()).jsonl")
        try Data(
            cases.map { String(decoding: try! JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
                .joined(separator: "\n").utf8
        ).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "layout", input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "chromium_inline.py needs chromium, chromium-driver and selenium")
        let results = try data.split(separator: UInt8(ascii: "\n")).map {
            try JSONSerialization.jsonObject(with: Data($0)) as! [String: Any]
        }
        try #require(results.count == ours.count)
        var agreeing = 0
        var punctuation = 0
        var differences: [String] = []
        for ((paragraph, width, name), result) in zip(ours, results) {
            let layout = paragraph.layout(width: width)
            let lines = result["lines"] as! [[String: Any]]
            let number = { (object: [String: Any], key: String) in (object[key] as! NSNumber).doubleValue }
            let theirs = lines.map { Int(number($0, "start"))..<Int(number($0, "end")) }
            // Chromium counts the spaces at a wrap on the line after it; the lines are compared
            // by where their visible text starts.
            let starts = { (ranges: [Range<Int>]) in ranges.map(\.lowerBound) }
            let text = Array(paragraph.text.unicodeScalars)
            let trimmedStarts = { (ranges: [Range<Int>]) in
                starts(ranges).map { start in
                    var start = start
                    while start < text.count, text[start] == " " { start += 1 }
                    return start
                }
            }
            let ourStarts = trimmedStarts(layout.lines.map(\.range))
            let chromiumStarts = trimmedStarts(theirs)
            guard ourStarts == chromiumStarts else {
                // The one known difference: Chromium breaks between an object and the punctuation
                // that UAX #14 keeps with it (an opening bracket before it, closing punctuation
                // after it).
                let closing: Set<Unicode.Scalar> = [")", "]", "}", ",", ".", ":", ";", "!", "?"]
                let opening: Set<Unicode.Scalar> = ["(", "[", "{"]
                let onlyBeforePunctuation = Set(chromiumStarts).subtracting(ourStarts).allSatisfy { start in
                    guard start > 0, start < text.count else { return false }
                    return (text[start - 1] == "\u{FFFC}" && closing.contains(text[start]))
                        || (text[start] == "\u{FFFC}" && opening.contains(text[start - 1]))
                }
                if onlyBeforePunctuation {
                    punctuation += 1
                } else {
                    differences.append("\(name): lines \(layout.lines.map(\.range)) vs Chromium \(theirs)")
                }
                continue
            }
            var problems: [String] = []
            let frames = paragraph.objectFrames(in: layout)
            for object in result["objects"] as! [[String: Any]] {
                let index = Int(number(object, "index"))
                let lineIndex = Int(number(object, "line"))
                guard let frame = frames.first(where: { $0.index == index }), frame.line == lineIndex else {
                    problems.append("object \(index) not on line \(lineIndex)")
                    continue
                }
                let line = layout.lines[lineIndex]
                let dx = frame.x - number(object, "x")
                let dy = (frame.y - line.baseline) - (number(object, "y") - number(lines[lineIndex], "baseline"))
                if abs(dx) > 0.5 || abs(dy) > 0.5 { problems.append("object \(index) off by \(dx), \(dy)") }
            }
            if problems.isEmpty { agreeing += 1 } else { differences.append("\(name): \(problems)") }
        }
        for difference in differences { print("  differs from Chromium: \(difference)") }
        print(
            "Inline objects against Chromium: \(agreeing) of \(ours.count) layouts agree; \(punctuation) break "
                + "differently next to brackets or closing punctuation (UAX #14 here)")
        #expect(differences.isEmpty)
        #expect(punctuation > 0, "the texts with closing punctuation after an object show the one known difference")
    }
}
