import CICU
import Foundation
import Testing

@testable import MushText

@Suite("Line breaking")
struct LineBreakingTests {
    func utf16(_ text: String) -> [UInt16] { Array(text.utf16) }

    /// The cases of one of Unicode's break test files in Debian's unicode-data
    /// (`/usr/share/unicode/auxiliary/`): each line (its first 100 characters), its text in UTF-16
    /// and the offsets where it breaks (`÷`; `×` joins), the start and the end included as the file
    /// marks them.
    func conformanceCases(_ file: String) throws -> [(line: String, text: [UInt16], expected: [Int])] {
        let path = "/usr/share/unicode/auxiliary/" + file
        try #require(FileManager.default.fileExists(atPath: path), "needs Debian's unicode-data package")
        var cases: [(line: String, text: [UInt16], expected: [Int])] = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.first == "×" || fields.first == "÷" else { continue }
            var text: [UInt16] = []
            var expected: [Int] = []
            for field in fields.dropFirst() {
                switch field {
                case "÷": expected.append(text.count)
                case "×": break
                default:
                    let value = UInt32(field, radix: 16)!
                    if let scalar = Unicode.Scalar(value) {
                        text += Array(String(Character(scalar)).utf16)
                    } else {
                        text.append(UInt16(value)) // the line break file tests lone surrogates too
                    }
                }
            }
            cases.append((String(line.prefix(100)), text, expected))
        }
        return cases
    }

    @Test func softAndHardBreaks() throws {
        let breaks = try TextBoundaries.lineBreaks(in: utf16("one two\nthree"))
        #expect(
            breaks == [
                BreakOpportunity(offset: 4, kind: .soft),
                BreakOpportunity(offset: 8, kind: .hard),
                BreakOpportunity(offset: 13, kind: .soft),
            ])
    }

    @Test func noBreakInsideWordsOrBeforePunctuation() throws {
        let breaks = try TextBoundaries.lineBreaks(in: utf16("Hello, world!")).map(\.offset)
        #expect(breaks == [7, 13])
    }

    @Test func thaiBreaksBetweenWordsWithoutSpaces() throws {
        // ICU's dictionary finds the words of "สวัสดีครับ" (hello + polite particle).
        let breaks = try TextBoundaries.lineBreaks(in: utf16("สวัสดีครับ"))
        #expect(breaks.map(\.offset) == [6, 10])
        // Found by the engine fuzzer: dictionary breaks are soft (ICU gives them status 200 and up).
        #expect(breaks.map(\.kind) == [.soft, .soft])
    }

    @Test func dictionaryBreaksBeforeALineBreakAreSoft() throws {
        // Found by the line fuzzer: ICU gives the dictionary breaks of a run the status of the
        // boundary that ends it, here the line break's.
        let breaks = try TextBoundaries.lineBreaks(in: utf16("วัสดี\nok"))
        #expect(breaks.filter { $0.kind == .hard }.map(\.offset) == [6])
        #expect(breaks.contains(BreakOpportunity(offset: 3, kind: .soft)))
        #expect(try Paragraph(mush: "วัสดี\n").layout(width: nil).lines.map(\.text) == ["วัสดี", ""])
    }

    @Test func graphemes() throws {
        #expect(try TextBoundaries.graphemeBoundaries(in: utf16("e\u{301}👍🏽a")) == [2, 6, 7])
    }

    /// Unicode's conformance file for UAX #29's grapheme clusters (Debian's unicode-data, Unicode
    /// 15.0 as ICU 72): every case, through the shortcuts of `graphemeList` and through ICU alone.
    @Test func graphemeBreakTestConformance() throws {
        let cases = try conformanceCases("GraphemeBreakTest.txt")
        var failures: [String] = []
        for (line, text, expected) in cases {
            let fast = try TextBoundaries.graphemeBoundaries(in: text)
            let icu = Array(try TextBoundaries.graphemeListByICU(in: text))
            if fast != expected || icu != expected { failures.append(line) }
        }
        #expect(cases.count == 602)
        #expect(failures.count == 0, "\(failures.prefix(5))")
    }

    /// The shortcut (every scalar a cluster, by its Grapheme_Cluster_Break property) gives ICU's
    /// boundaries on seeded random strings of scalars from blocks that take it (CJK, Hangul
    /// syllables, kana, Cyrillic, Greek, Latin, emoji, controls, CR and LF) and blocks that do not
    /// (combining marks, Hangul jamo, Devanagari, Arabic, Thai, regional indicators, ZWJ, variation
    /// selectors, emoji modifiers).
    @Test func graphemeShortcutAgreesWithICU() throws {
        let blocks: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x0A...0x0D, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x3041...0x30FF, 0x4E00...0x4E80,
            0xAC00...0xAC40, 0xD7A0...0xD7A3, 0x1F600...0x1F64F, 0x20000...0x20010,
            0x300...0x36F, 0x1100...0x1112, 0x1161...0x1175, 0x11A8...0x11C2, 0x900...0x97F, 0x600...0x6FF,
            0xE00...0xE5B, 0x1F1E6...0x1F1FF, 0x200D...0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF,
        ]
        var state: UInt64 = 0x853C_49E6_748F_EA9B
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var wrong: [[UInt16]] = []
        var shortcuts = 0
        for _ in 0..<20_000 {
            // Mostly from the first eleven blocks, so that many strings take the shortcut.
            let pool = next(4) == 0 ? blocks.count : 11
            let scalars = (0..<(1 + next(8))).map { _ -> Unicode.Scalar in
                let block = blocks[next(pool)]
                return Unicode.Scalar(block.lowerBound + UInt32(next(block.count)))!
            }
            let text = Array(String(String.UnicodeScalarView(scalars)).utf16)
            if text.withUnsafeBufferPointer({ mush_scalars_are_graphemes($0.baseAddress, Int32($0.count)) }) == 1 {
                shortcuts += 1
            }
            if try Array(TextBoundaries.graphemeList(in: text)) != Array(TextBoundaries.graphemeListByICU(in: text)) {
                wrong.append(text)
            }
        }
        #expect(shortcuts > 5_000, "the shortcut is taken")
        #expect(wrong.count == 0, "\(wrong.prefix(3))")
    }

    @Test func emptyText() throws {
        #expect(try TextBoundaries.lineBreaks(in: []).isEmpty)
    }

    /// Unicode's own conformance file for UAX #14, from Debian's unicode-data (the same Unicode
    /// version, 15.0, as Debian's ICU 72).
    @Test func lineBreakTestConformance() throws {
        let cases = try conformanceCases("LineBreakTest.txt")
        var failures: [String] = []
        for (line, text, expected) in cases {
            let actual = try TextBoundaries.lineBreaks(in: text).map(\.offset)
            if actual != expected { failures.append(line) }
        }
        #expect(cases.count == 7654)
        // ICU tailors UAX #14 in numeric contexts: a hyphen-minus (HY) or an infix separator (IS:
        // `.` `,`) next to letters or digits. Those 22 cases differ; every other case must agree.
        for failure in failures { print("  ICU tailoring: \(failure)") }
        #expect(failures.count == 22)
        #expect(failures.allSatisfy { $0.contains("002D") || $0.contains("002C") || $0.contains("002E") })
    }

    /// A text that fits on one line is laid out without its opportunities (ICU is not asked for
    /// them) exactly as with them, at every width around its own: near it, far from it, and where
    /// the last cluster's kerning decides.
    @Test func oneLineShortcutAgreesWithOpportunities() throws {
        let texts = [
            "AV To Wa", "Hello, world!", "one two\nthree", "tab\there", "ends with a break\n", "  spaced  ",
            "{kern -3}AVAVAV tight{/}", "{size 30}Big{/} small", "Привет, мир", "עברית ואנגלית mixed", "日本語のテキスト",
            "a",
        ]
        var compared = 0
        var shortcuts = 0
        for text in texts {
            let paragraph = try paragraph(text)
            let whole = paragraph.widestPrefix
            var widths: [Double?] = [nil, 0, whole, whole + paragraph.largestFontSize]
            for step in stride(from: -24.0, through: 24.0, by: 0.25) { widths.append(whole + step) }
            for delta in [1e-6, 2e-6, 1e-9] {
                let edge = whole + paragraph.largestFontSize
                widths += [edge - delta, edge + delta, whole - delta, whole + delta]
            }
            for width in widths {
                let limit = Paragraph.limit(width)
                let fast = paragraph.breakLines(limit)
                let walked = paragraph.breakLines(limit, shortcut: false)
                #expect(
                    fast.map { [$0.start, $0.end, $0.hard ? 1 : 0] }
                        == walked.map { [$0.start, $0.end, $0.hard ? 1 : 0] },
                    "\(text) at \(String(describing: width))")
                compared += 1
                if fast.count == 1, !paragraph.hasHardBreak, paragraph.tabs.isEmpty,
                    limit.map({ paragraph.fitsWhole(in: $0 + 1e-6) }) ?? true
                {
                    shortcuts += 1
                }
            }
        }
        #expect(compared > 2_000)
        #expect(shortcuts > 300, "the shortcut is taken")
    }

    /// ICU is asked for a paragraph's opportunities only when a layout needs them; a locale's are
    /// found with the paragraph.
    @Test func opportunitiesFoundWhenNeeded() throws {
        let fitting = try paragraph("Hello, world!")
        #expect(!fitting.hasFoundBreaks)
        _ = fitting.layout(width: 300)
        _ = fitting.maxContentWidth()
        #expect(!fitting.hasFoundBreaks)
        let narrow = fitting.layout(width: 60)
        #expect(fitting.hasFoundBreaks)
        #expect(narrow.lines.map(\.range) == [0..<7, 7..<13])
        _ = try paragraph("Hello, world!").minContentWidth()
        let located = try paragraph("Hello, world!", ParagraphStyle(locale: "fr"))
        #expect(located.hasFoundBreaks)
        let lines = try paragraph("one\ntwo").layout(width: 300).lines
        #expect(lines.count == 2)
    }
}
