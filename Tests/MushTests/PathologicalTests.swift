import Testing

@testable import Mush

/// CommonMark's pathological shapes (cmark's `test/pathological_tests.py`), adapted to Mush's tokens,
/// at tens of thousands of repetitions, each checked for the exact output. The parser is linear on
/// all of them; the figures are in the benchmark (`Benchmarks/`), not here.
@Suite("Pathological inputs")
struct PathologicalTests {
    static let n = 30_000

    func plain(_ text: String) -> [MushRun] {
        text.isEmpty ? [] : [MushRun(range: 0..<text.unicodeScalars.count, attributes: .plain)]
    }

    @Test func nestedBoldAndItalic() {
        let input = String(repeating: "**a //a ", count: Self.n) + "b" + String(repeating: " a// a**", count: Self.n)
        let document = Mush.parse(input)
        let length = document.text.unicodeScalars.count
        #expect(
            document.text == String(repeating: "a a ", count: Self.n) + "b" + String(repeating: " a a", count: Self.n))
        #expect(
            document.runs == [
                MushRun(range: 0..<2, attributes: MushAttributes(bold: true)),
                MushRun(range: 2..<(length - 2), attributes: MushAttributes(bold: true, italic: true)),
                MushRun(range: (length - 2)..<length, attributes: MushAttributes(bold: true)),
            ])
        #expect(document.diagnostics.isEmpty)
    }

    /// Each unit repeated: its delimiters can open or close but never match.
    @Test(
        "Unmatched delimiters stay literal",
        arguments: [
            ("a** ", 1), ("**a ", 1), ("**a__ ", 2), ("//a **b ", 2), ("~~a// ", 2), ("__a~~ ", 2),
        ])
    func unmatched(unit: String, delimitersPerUnit: Int) {
        let input = String(repeating: unit, count: Self.n)
        let document = Mush.parse(input)
        #expect(document.text == input)
        #expect(document.runs == plain(input))
        #expect(document.diagnostics.count == Self.n * delimitersPerUnit)
        #expect(document.diagnostics.allSatisfy { $0.kind == .unmatchedDelimiter })
    }

    @Test func alternatingBold() {
        // "**a**a**a…**": each both-flanking `**` that finds no opener opens; an odd count of `a`
        // leaves no delimiter over.
        let count = Self.n - 1
        let input = String(repeating: "**a", count: count) + "**"
        let document = Mush.parse(input)
        #expect(document.text == String(repeating: "a", count: count))
        #expect(document.runs.count == count)
        for (index, run) in document.runs.enumerated() {
            #expect(run.attributes.bold == index.isMultiple(of: 2))
        }
    }

    @Test func overlappingRepeated() {
        let input = String(repeating: "//a**b//c** ", count: Self.n)
        let document = Mush.parse(input)
        #expect(document.text == String(repeating: "a**bc** ", count: Self.n))
        #expect(document.runs.count == 2 * Self.n)
        #expect(document.runs.enumerated().allSatisfy { $0.element.attributes.italic == $0.offset.isMultiple(of: 2) })
    }

    @Test func manyMarkersInOneRun() {
        let input = String(repeating: "**", count: Self.n)
        #expect(Mush.parse(input).runs == plain(input))
        let wrapped = "a" + input + "b" + input + "c"
        let document = Mush.parse(wrapped)
        #expect(notation(document) == "a[b:b]c", "a run of 2n offers n delimiters; both runs match in full")
    }

    @Test func nestedBraceSpans() {
        let input = String(repeating: "{#f00|", count: Self.n) + "a" + String(repeating: "}", count: Self.n)
        #expect(notation(Mush.parse(input)) == "[c#ff0000ff:a]")
        let alternating =
            String(repeating: "{#f00|{#0f0|", count: Self.n / 2) + "a" + String(repeating: "}}", count: Self.n / 2)
        #expect(notation(Mush.parse(alternating)) == "[c#00ff00ff:a]")
    }

    @Test func unclosedBraceSpans() {
        let input = String(repeating: "{#f00|a", count: Self.n)
        let document = Mush.parse(input)
        #expect(document.text == input)
        #expect(document.diagnostics.count == Self.n)
        #expect(document.diagnostics.allSatisfy { $0.kind == .unclosedBraceSpan })
    }

    @Test("Brace floods stay literal", arguments: ["{", "}", "{#", "{#f00", "{k1", "{x|", "|}"])
    func braceFloods(unit: String) {
        let input = String(repeating: unit, count: Self.n)
        let document = Mush.parse(input)
        #expect(document.text == input)
        #expect(document.runs == plain(input))
    }

    @Test func longSpecs() {
        let digits = String(repeating: "1", count: Self.n)
        #expect(notation(Mush.parse("{k0.\(digits)|x}")) == "[k0.1111111111111111:x]")
        let family = String(repeating: "F", count: Self.n)
        #expect(Mush.parse("{font:\(family),|x}").runs.first?.attributes.fontFamily == family)
        let open = "{#" + String(repeating: "f", count: Self.n)
        #expect(Mush.parse(open).text == open)
    }

    @Test func backtickRunsOfEveryLength() {
        // "e`e``e```…": every run has a new length, so none closes.
        var input = ""
        var count = 0
        for length in 1... {
            input += "e" + String(repeating: "`", count: length)
            count += 1
            if input.unicodeScalars.count > 100_000 { break }
        }
        let document = Mush.parse(input)
        #expect(document.text == input)
        #expect(document.diagnostics.count == count)
    }

    @Test func backtickFloods() {
        let input = String(repeating: "`", count: Self.n)
        #expect(Mush.parse(input).runs == plain(input))
        let pairs = String(repeating: "`a", count: Self.n)
        let document = Mush.parse(pairs)
        #expect(document.text == String(repeating: "a", count: Self.n))
        #expect(
            document.runs.enumerated().allSatisfy { $0.element.attributes.monospace == $0.offset.isMultiple(of: 2) })
    }

    @Test func escapes() {
        let input = String(repeating: #"\*"#, count: Self.n)
        #expect(Mush.parse(input).text == String(repeating: "*", count: Self.n))
        let backslashes = String(repeating: #"\"#, count: Self.n)
        #expect(Mush.parse(backslashes).text == String(repeating: #"\"#, count: Self.n / 2))
    }

    @Test func deepMixedNesting() {
        let open = String(repeating: "**//__~~{#f00|", count: Self.n / 4)
        let close = String(repeating: "}~~__//**", count: Self.n / 4)
        let document = Mush.parse(open + "x" + close)
        #expect(notation(document) == "[b i u s c#ff0000ff:x]")
    }

    @Test func roundTripOfPathologicalShapes() throws {
        for input in [
            String(repeating: "**a ", count: 5_000), String(repeating: "{#f00|a", count: 5_000),
            String(repeating: "`a", count: 5_000), String(repeating: "//a**b//c** ", count: 5_000),
        ] {
            let document = Mush.parse(input)
            let back = Mush.parse(try document.mush())
            #expect(back.text == document.text)
            #expect(back.runs == document.runs)
        }
    }
}
