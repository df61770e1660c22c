import Foundation
import Testing

@testable import Mush

@Suite("Writers")
struct WriterTests {
    let bold = MushAttributes(bold: true)
    let italic = MushAttributes(italic: true)
    let underline = MushAttributes(underline: true)
    let red = MushAttributes(color: MushColor(red: 255, green: 0, blue: 0))

    /// Writes `document` as Mush and parses it back.
    func roundTrip(_ document: MushDocument) throws -> (mush: String, back: MushDocument) {
        let mush = try document.mush()
        return (mush, Mush.parse(mush))
    }

    @Test(
        "Mush out, minimal markup",
        arguments: [
            ("Plain **bold** and //italic// text", "Plain **bold** and //italic// text"),
            ("**a //b// c**", "**a //b// c**"),
            ("{#f00|a {#0f0|b} c}", "{#ff0000|a }{#00ff00|b}{#ff0000| c}"),
            ("**{#ff0000|x}**", "**{#ff0000|x}**"),
            ("see http://a.com and http://b.com", "see http://a.com and http://b.com"),
            ("snake__case__name", "snake__case__name"),
            ("a ** b", "a ** b"),
            (#"\*\*not bold\*\*"#, #"\*\*not bold\*\*"#),
            ("`x**y**`", "`x**y**`"),
            ("it`s", "it`s"),
            ("a } b {c}", "a } b {c}"),
            (#"\{#f00|x}"#, #"\{#f00|x}"#),
            ("{font:A, Inc.,12.5|x}", "{font:A, Inc.,12.5|x}"),
            ("{k-0.5|x}{bg#f008|y}", "{k-0.5|x}{bg#ff000088|y}"),
        ])
    func minimalMarkup(input: String, expected: String) throws {
        let document = Mush.parse(input)
        #expect(try document.mush() == expected)
        #expect(notation(Mush.parse(try document.mush())) == notation(document))
    }

    @Test(
        "Documents that need care to write",
        arguments: [
            // Bold text ending in a space, followed by a letter: `**a **b` would not close.
            [("a ", MushAttributes(bold: true)), ("b", MushAttributes())],
            // Underline inside a word: `snake__case__` would not open.
            [("snake", MushAttributes()), ("case", MushAttributes(underline: true)), ("name", MushAttributes())],
            // Italic after a colon: `://` never opens.
            [("see:", MushAttributes()), ("x", MushAttributes(italic: true))],
            // Literal markers next to delimiters of the same character.
            [("*", MushAttributes()), ("*a*", MushAttributes(bold: true)), ("*", MushAttributes())],
            [("//", MushAttributes(italic: true)), ("__", MushAttributes(underline: true))],
            // Backticks: in code, next to code, and literal runs that could pair up.
            [("`", MushAttributes()), ("`a``", MushAttributes(monospace: true)), ("` ``", MushAttributes())],
            // Found by the property test: escaping `` splits it into two runs of one, which an
            // earlier unescaped ` would pair with.
            [("`", MushAttributes()), ("``", MushAttributes(bold: true)), ("``", MushAttributes())],
            [
                (" `a` ", MushAttributes(monospace: true)),
                ("  ", MushAttributes(monospace: true, color: MushColor(red: 1, green: 2, blue: 3))),
            ],
            // Backslashes before markup and before punctuation.
            [("a\\", MushAttributes()), ("b", MushAttributes(bold: true)), ("\\\\*", MushAttributes())],
            // Braces that look like spans, and } inside spans.
            [
                ("{#f00|", MushAttributes()), ("}", MushAttributes(color: MushColor(red: 0, green: 0, blue: 255))),
                ("{k1|}", MushAttributes()),
            ],
            // Whitespace-only styled runs and newlines.
            [
                (" ", MushAttributes(bold: true, italic: true)), ("\n", MushAttributes(strikethrough: true)),
                ("x", MushAttributes()),
            ],
            // Every value attribute at once, with an odd family name.
            [
                (
                    "v",
                    MushAttributes(
                        bold: true, italic: true, underline: true, strikethrough: true, monospace: true,
                        color: MushColor(red: 1, green: 2, blue: 3, alpha: 4),
                        backgroundColor: MushColor(red: 5, green: 6, blue: 7), kern: 1e-7,
                        fontFamily: " A,b:`c\\ ", fontSize: 9999.5)
                )
            ],
        ])
    func hardDocuments(pieces: [(String, MushAttributes)]) throws {
        let document = MushDocument(pieces.map { (text: $0.0, attributes: $0.1) })
        let (mush, back) = try roundTrip(document)
        #expect(back.text == document.text, "\(mush)")
        #expect(back.runs == document.runs, "\(mush)")
    }

    @Test func neutralSpanOnlyWhereNeeded() throws {
        let trailingSpace = MushDocument([(text: "a ", attributes: bold), (text: "b", attributes: .plain)])
        #expect(try trailingSpace.mush() == "{font:,|**{font:,|a }**}b")
        let ordinary = MushDocument([(text: "a", attributes: bold), (text: " b", attributes: .plain)])
        #expect(try ordinary.mush() == "**a** b")
    }

    @Test func unrepresentableValuesAreErrors() {
        let family = MushDocument([(text: "x", attributes: MushAttributes(fontFamily: "a|b"))])
        #expect(throws: MushWriteError.unrepresentableFontFamily("a|b")) { try family.mush() }
        let empty = MushDocument([(text: "x", attributes: MushAttributes(fontFamily: ""))])
        #expect(throws: MushWriteError.unrepresentableFontFamily("")) { try empty.mush() }
        let kern = MushDocument([(text: "x", attributes: MushAttributes(kern: .infinity))])
        #expect(throws: MushWriteError.invalidKern(.infinity)) { try kern.mush() }
        let size = MushDocument([(text: "x", attributes: MushAttributes(fontSize: 0))])
        #expect(throws: MushWriteError.invalidFontSize(0)) { try size.mush() }
        // Values the parser would refuse (MushLimits) cannot be written: the output would not
        // parse back to the same runs.
        let large = MushDocument([(text: "x", attributes: MushAttributes(fontSize: 10_001))])
        #expect(throws: MushWriteError.invalidFontSize(10_001)) { try large.mush() }
        let wide = MushDocument([(text: "x", attributes: MushAttributes(kern: -1_000.5))])
        #expect(throws: MushWriteError.invalidKern(-1_000.5)) { try wide.mush() }
    }

    @Test func decimalStrings() {
        #expect(decimalString(2) == "2")
        #expect(decimalString(-0.5) == "-0.5")
        #expect(decimalString(1.25) == "1.25")
        #expect(decimalString(100) == "100")
        #expect(decimalString(1e-7) == "0.0000001")
        #expect(decimalString(1.5e20) == "150000000000000000000")
        #expect(decimalString(0) == "0")
        for value in [0.1, 1.0 / 3, 123456.789, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            #expect(Double(decimalString(value)) == value)
        }
    }

    @Test func html() {
        let document = Mush.parse(
            "Plain **bold //both//** & {#f008|<red>} {bg#00f|{k1.5|x}}\n`a\"b'` {font:DejaVu Serif,20|big}")
        #expect(
            document.html() == """
                Plain <b>bold <i>both</i></b> &amp; <span style="color:#ff000088">&lt;red&gt;</span> \
                <span style="background-color:#0000ff"><span style="letter-spacing:1.5px">x</span></span><br>
                <code>a&quot;b&#39;</code> <span style="font-family:&#39;DejaVu Serif&#39;;font-size:20px">big</span>
                """)
    }

    @Test func htmlNestsProperly() {
        let html = Mush.parse("**a //b** c//").html()
        #expect(html == "<b>a //b</b> c//")
        let crossing = MushDocument([
            (text: "a", attributes: bold), (text: "b", attributes: MushAttributes(bold: true, italic: true)),
            (text: "c", attributes: italic),
        ]).html()
        #expect(crossing == "<b>a<i>b</i></b><i>c</i>")
    }

    @Test func ansi() {
        let document = Mush.parse("a **b** {#ff0000|c}{bg#00ff00|d\ne} __~~//f//~~__ `g`")
        let esc = "\u{1B}["
        #expect(
            document.ansi()
                == "a \(esc)0;1mb\(esc)0m \(esc)0;38;2;255;0;0mc\(esc)0m\(esc)0;48;2;0;255;0md\(esc)0m\n\(esc)0;48;2;0;255;0me\(esc)0m \(esc)0;3;4;9mf\(esc)0m \(esc)0;7mg\(esc)0m"
        )
    }

    /// A terminal has one font, so code is shown in inverse video, with the run's other styles.
    @Test func ansiShowsCode() {
        let esc = "\u{1B}["
        #expect(Mush.parse("`x`").ansi() == "\(esc)0;7mx\(esc)0m")
        #expect(Mush.parse("**{#ff0000|`x`}**").ansi() == "\(esc)0;1;7;38;2;255;0;0mx\(esc)0m")
        #expect(Mush.parse("`a\nb`").ansi() == "\(esc)0;7ma\(esc)0m\n\(esc)0;7mb\(esc)0m")
    }

    @Test func json() throws {
        let input = "**a** {#f00|b} {k2|c} {font:F,9|d} `e` __f__ ~~g~~ //h// {bg#0000ff80|i} **x"
        let document = Mush.parse(input)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.json().utf8)) as? [String: Any])
        #expect(object["text"] as? String == "a b c d e f g h i **x")
        let runs = try #require(object["runs"] as? [[String: Any]])
        let styledRuns = runs.filter { $0.count > 1 }
        #expect(styledRuns.count == 9)
        #expect(styledRuns[0]["bold"] as? Bool == true)
        #expect(styledRuns[1]["color"] as? String == "#ff0000ff")
        #expect(styledRuns[2]["kern"] as? Double == 2)
        #expect(styledRuns[3]["fontFamily"] as? String == "F")
        #expect(styledRuns[3]["fontSize"] as? Double == 9)
        #expect(styledRuns[4]["monospace"] as? Bool == true)
        #expect(styledRuns[5]["underline"] as? Bool == true)
        #expect(styledRuns[6]["strikethrough"] as? Bool == true)
        #expect(styledRuns[7]["italic"] as? Bool == true)
        #expect(styledRuns[8]["backgroundColor"] as? String == "#0000ff80")
        #expect(
            runs.allSatisfy { run in run.keys.allSatisfy { $0 == "text" || run[$0] as? Bool != false } },
            "only attributes that are set appear")
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        // Offsets count scalars of the input: the unmatched `**` is the input's last three but one.
        #expect(diagnostics[0]["start"] as? Int == input.unicodeScalars.count - 3)
        #expect(diagnostics[0]["end"] as? Int == input.unicodeScalars.count - 1)
        #expect((diagnostics[0]["message"] as? String)?.contains("unmatched") == true)
    }

    /// The exact bytes: keys sorted, control characters escaped (by name where JSON has one),
    /// slashes and non-ASCII as they are, whole numbers as integers, and -0 as 0.
    @Test func jsonBytes() {
        #expect(
            Mush.parse("{k-0|a/\u{1}\t\"é}").json()
                == #"{"diagnostics":[],"runs":[{"kern":0,"text":"a/\u0001\t\"é"}],"text":"a/\u0001\t\"é"}"#)
        #expect(
            Mush.parse("**{k1.5|b}** **x").json()
                == #"{"diagnostics":[{"end":15,"message":"unmatched '**' (kept as text)","start":13}],"#
                + #""runs":[{"bold":true,"kern":1.5,"text":"b"},{"text":" **x"}],"text":"b **x"}"#)
    }

    @Test func jsonOfNonFiniteNumbersStillEncodes() {
        let document = MushDocument([(text: "x", attributes: MushAttributes(kern: .nan))])
        #expect(document.json().contains("\"kern\":\"NaN\""))
    }

    @Test func attributedStringRoundTrip() {
        let document = Mush.parse("**a //b//** {#f00|c} {bg#0f08|d} {k-1|e} {font:X,7|f} `g` __h__ ~~i~~")
        let attributed = AttributedString(document)
        #expect(String(attributed.characters) == document.text)
        let boldRuns = attributed.runs.filter { $0.mush.bold == true }.map { String(attributed[$0.range].characters) }
        #expect(boldRuns == ["a ", "b"])
        let back = MushDocument(attributed)
        #expect(back.text == document.text)
        #expect(back.runs == document.runs)
    }

    @Test func attributedStringKeepsRunsInsideGraphemeClusters() {
        // Found by the fuzzer: the bold run starts at a combining mark of the first cluster.
        let document = Mush.parse("e\u{301}**\u{301}x**a\u{308}")
        #expect(document.runs.map(\.range) == [0..<2, 2..<4, 4..<6])
        let back = MushDocument(AttributedString(document))
        #expect(back.text == document.text)
        #expect(back.runs == document.runs)
    }

    @Test func attributedStringToMush() throws {
        var string = AttributedString("Hello world")
        string[string.range(of: "world")!].mush.bold = true
        string[string.range(of: "Hello")!].mush.color = MushColor(hex: "#00f")
        #expect(try MushDocument(string).mush() == "{#0000ff|Hello} **world**")
    }

    @Test func documentFromRunsIsChecked() {
        #expect(throws: MushDocumentError.runsDoNotCover(at: 1)) {
            try MushDocument(text: "ab", runs: [MushRun(range: 0..<1, attributes: .plain)])
        }
        #expect(throws: MushDocumentError.emptyRun(at: 0)) {
            try MushDocument(
                text: "ab",
                runs: [MushRun(range: 0..<0, attributes: .plain), MushRun(range: 0..<2, attributes: .plain)])
        }
        #expect(throws: MushDocumentError.runsDoNotCover(at: 0)) {
            try MushDocument(text: "ab", runs: [MushRun(range: 1..<2, attributes: .plain)])
        }
        let merged = try? MushDocument(
            text: "ab", runs: [MushRun(range: 0..<1, attributes: bold), MushRun(range: 1..<2, attributes: bold)])
        #expect(merged?.runs == [MushRun(range: 0..<2, attributes: bold)])
    }

    @Test func documentsJoinTheirTextsAndRuns() {
        let joined = MushDocument(joining: [
            Mush.parse("a **bé**"), MushDocument(text: "", attributes: bold), MushDocument(text: "c", attributes: bold),
            MushDocument(text: "\u{FFFC}", attributes: .plain),
        ])
        #expect(joined.text == "a béc\u{FFFC}")
        // The bold of the first document and the second's bold run merge; offsets are scalars.
        #expect(
            joined.runs == [
                MushRun(range: 0..<2, attributes: .plain), MushRun(range: 2..<5, attributes: bold),
                MushRun(range: 5..<6, attributes: .plain),
            ])
        #expect(joined.diagnostics.isEmpty)
        #expect(MushDocument(joining: []).runs.isEmpty)
    }

    @Test func escapeAll() {
        let plain = #"**a** //b// __c__ ~~d~~ `e` {#f00|f} \g \*"#
        let escaped = Mush.escapeAll(plain)
        let document = Mush.parse(escaped)
        #expect(document.text == plain)
        #expect(document.runs == [MushRun(range: 0..<plain.unicodeScalars.count, attributes: .plain)])
        #expect(document.diagnostics.isEmpty)
    }
}

/// `MushColor(parsing:)` says why a string is not a colour.
@Suite("Colour parsing")
struct ColourParsingTests {
    @Test func reasons() throws {
        #expect(try MushColor(parsing: "#f008") == MushColor(red: 255, green: 0, blue: 0, alpha: 0x88))
        #expect(try MushColor(parsing: "C8C7CC") == MushColor(red: 0xC8, green: 0xC7, blue: 0xCC))
        #expect(throws: MushColorError(input: "#12345", problem: "5 hex digits (expected 3, 4, 6 or 8)")) {
            try MushColor(parsing: "#12345")
        }
        #expect(throws: MushColorError(input: "#ggg", problem: "'g' is not a hex digit")) {
            try MushColor(parsing: "#ggg")
        }
        #expect(throws: MushColorError(input: "", problem: "0 hex digits (expected 3, 4, 6 or 8)")) {
            try MushColor(parsing: "")
        }
        #expect(
            MushColorError(input: "#12345", problem: "5 hex digits (expected 3, 4, 6 or 8)").description
                == "'#12345' is not a colour: 5 hex digits (expected 3, 4, 6 or 8)")
        #expect(MushColor(hex: "#ggg") == nil, "the optional form stays")
    }
}

/// The fast path of JSON numbers gives `description`'s text exactly.
@Suite struct JSONNumberTests {
    @Test func multiplesOf1Over1024AreWrittenAsDescriptionWould() {
        var generator = SystemRandomNumberGenerator()
        var samples: [Double] = [0.5, -0.5, 14.8515625, 0.0009765625, -0.0009765625, 999_999.9990234375, 123_456.5]
        for _ in 0..<20_000 {
            let units = Int64.random(in: -(1 << 41)...(1 << 41), using: &generator)
            samples.append(Double(units) / 1024)
        }
        for number in samples where number.rounded() != number {
            var output = ""
            JSONText.number(number, to: &output)
            #expect(output == number.description, "\(number)")
        }
        // Other numbers take the general path.
        for number in [0.1, 1e-7, 1.0 / 3, 2.5e-5, 1e300] {
            var output = ""
            JSONText.number(number, to: &output)
            #expect(output == number.description)
        }
    }

    /// The text's own escapes never reach the terminal: control characters are left out of ANSI
    /// output (line feeds and tabs kept), and only the writer's SGR sequences remain.
    @Test func ansiLeavesOutTheTextsControlCharacters() {
        let document = Mush.parse("a\u{1B}]0;title\u{07}b\tc\u{9B}2J\u{7F}\n**d**")
        #expect(document.ansi() == "a]0;titleb\tc2J\n\u{1B}[0;1md\u{1B}[0m")
    }
}
