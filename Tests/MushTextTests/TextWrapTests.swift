import Mush
import Testing

@testable import MushText

/// `textWrap` (``ParagraphStyle/TextWrap``): balanced headings keep the greedy line count with
/// lines of near-equal width; pretty moves a word down to a lone last word.
@Suite struct TextWrapTests {
    func paragraph(_ text: String, _ wrap: ParagraphStyle.TextWrap, size: Double = 16) throws -> Paragraph {
        try Paragraph(
            MushDocument(text: text, attributes: .plain), style: ParagraphStyle(fontSize: size, textWrap: wrap),
            fonts: .shipped)
    }

    /// Headings of 3 to 14 words from a fixed list, the same every run.
    static let headings: [String] = {
        let words = [
            "the", "quarterly", "report", "on", "harbour", "traffic", "and", "what", "it", "means", "for",
            "ferries", "fishing", "boats", "in", "winter", "a", "new", "timetable", "starts", "next", "week",
            "lighthouse", "keepers", "remember", "storms", "of", "old",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        return (0..<120).map { _ in
            (0..<(3 + next(12))).map { _ in words[next(words.count)] }.joined(separator: " ").capitalized
        }
    }()

    @Test func balancedHeadingsKeepTheLineCountAndEvenTheLines() throws {
        var layouts = 0
        var even = (greedy: 0, balanced: 0)
        var meanRatio = (greedy: 0.0, balanced: 0.0)
        for heading in Self.headings {
            for width in [160.0, 240, 320] {
                let greedy = try paragraph(heading, .wrap, size: 22).layout(width: width)
                let balanced = try paragraph(heading, .balance, size: 22).layout(width: width)
                #expect(balanced.lines.count == greedy.lines.count, "\(heading) at \(width)")
                #expect(balanced.lines.allSatisfy { $0.width <= width + 1e-6 })
                guard (2...6).contains(greedy.lines.count) else { continue }
                layouts += 1
                // The measure balancing minimises: never more than the greedy lines'.
                func squares(_ layout: ParagraphLayout) -> Double {
                    layout.lines.reduce(0) { $0 + $1.width * $1.width }
                }
                #expect(squares(balanced) <= squares(greedy) + 1e-6, "\(heading) at \(width)")
                // The narrowest line against the widest, the last line included.
                func ratio(_ layout: ParagraphLayout) -> Double {
                    let widths = layout.lines.map(\.width)
                    return widths.min()! / widths.max()!
                }
                meanRatio.greedy += ratio(greedy)
                meanRatio.balanced += ratio(balanced)
                if ratio(greedy) >= 0.75 { even.greedy += 1 }
                if ratio(balanced) >= 0.75 { even.balanced += 1 }
            }
        }
        print(
            "Balanced: \(layouts) layouts of 2 to 6 lines; narrowest line at least 3/4 of the widest in "
                + "\(even.balanced) (greedy: \(even.greedy)); mean narrowest/widest \(meanRatio.balanced / Double(layouts)) "
                + "(greedy: \(meanRatio.greedy / Double(layouts)))")
        #expect(layouts > 200)
        #expect(Double(even.balanced) > 1.5 * Double(even.greedy))
        #expect(meanRatio.balanced > meanRatio.greedy + 0.1 * Double(layouts))
    }

    @Test func balanceEvensTwoLines() throws {
        let text = "Sunrise over the harbour, seen from the old lighthouse"
        let greedy = try paragraph(text, .wrap).layout(width: 380)
        let balanced = try paragraph(text, .balance).layout(width: 380)
        #expect(greedy.lines.count == 2 && balanced.lines.count == 2)
        #expect(greedy.lines.map(\.text) == ["Sunrise over the harbour, seen from the old ", "lighthouse"])
        #expect(balanced.lines.map(\.text) == ["Sunrise over the harbour, ", "seen from the old lighthouse"])
    }

    @Test func prettyMovesAWordDownToALoneLastWord() throws {
        let text = "Sunrise over the harbour, seen from the old lighthouse"
        let greedy = try paragraph(text, .wrap).layout(width: 380)
        let pretty = try paragraph(text, .pretty).layout(width: 380)
        #expect(greedy.lines.last?.text == "lighthouse")
        #expect(pretty.lines.map(\.text) == ["Sunrise over the harbour, seen from the ", "old lighthouse"])
        // A last line of two words is left as it is.
        let two = try paragraph("one two three four five six", .pretty).layout(width: 120)
        #expect(
            two.lines.map(\.text)
                == (try paragraph("one two three four five six", .wrap).layout(width: 120)).lines.map(\.text))
    }
}
