import Foundation
import Testing

@testable import MushText

@Suite("Line breaking")
struct LineBreakingTests {
    func utf16(_ text: String) -> [UInt16] { Array(text.utf16) }

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

    @Test func emptyText() throws {
        #expect(try TextBoundaries.lineBreaks(in: []).isEmpty)
    }

    /// Unicode's own conformance file for UAX #14, from Debian's unicode-data (the same Unicode
    /// version, 15.0, as Debian's ICU 72).
    @Test func lineBreakTestConformance() throws {
        let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
        try #require(FileManager.default.fileExists(atPath: path), "needs Debian's unicode-data package")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        var total = 0
        var failures: [String] = []
        for line in lines {
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
                        text.append(UInt16(value)) // the file tests lone surrogates too
                    }
                }
            }
            total += 1
            let actual = try TextBoundaries.lineBreaks(in: text).map(\.offset)
            if actual != expected { failures.append(String(line.prefix(100))) }
        }
        #expect(total == 7654)
        // ICU tailors UAX #14 in numeric contexts: a hyphen-minus (HY) or an infix separator (IS:
        // `.` `,`) next to letters or digits. Those 22 cases differ; every other case must agree.
        for failure in failures { print("  ICU tailoring: \(failure)") }
        #expect(failures.count == 22)
        #expect(failures.allSatisfy { $0.contains("002D") || $0.contains("002C") || $0.contains("002E") })
    }
}
