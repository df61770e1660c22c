import Testing

@testable import Mush

/// Every example of the Mush definition, its "Examples" section and its rules (the decisions are in
/// `Sources/Mush/Mush.docc/Syntax.md`).
@Suite("Spec examples")
struct SpecExampleTests {
    @Test(
        "Examples section",
        arguments: [
            ("Plain **bold** and //italic// text", "Plain [b:bold] and [i:italic] text"),
            ("**a //b// c**", "[b:a ][b i:b][b: c]"),
            ("__init__ and __main__", "[u:init] and [u:main]"),
            ("{#ff0000|red} {#f00|short}", "[c#ff0000ff:red] [c#ff0000ff:short]"),
            (
                "{bg#ffff00|hi} {k2|wide} {font:DejaVu Serif,20|big}",
                "[bg#ffff00ff:hi] [k2:wide] [f(DejaVu Serif) z20:big]"
            ),
            ("~~old~~ new", "[s:old] new"),
            ("**unclosed", "**unclosed"),
            ("see http://a.com and http://b.com", "see http://a.com and http://b.com"),
            ("`x**y**`", "[m:x**y**]"),
            (#"\*\*not bold\*\*"#, "**not bold**"),
        ])
    func example(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test func unclosedGivesOneDiagnostic() {
        let document = Mush.parse("**unclosed")
        #expect(document.text == "**unclosed")
        #expect(document.diagnostics.map(\.kind) == [.unmatchedDelimiter])
        #expect(document.diagnostics.first?.range == 0..<2)
    }

    @Test func examplesWithoutMarkupHaveNoDiagnostics() {
        #expect(Mush.parse("see http://a.com and http://b.com").diagnostics.isEmpty)
        #expect(Mush.parse(#"\*\*not bold\*\*"#).diagnostics.isEmpty)
    }

    @Test(
        "Rule 1: attributes combine",
        arguments: [
            ("**//x//**", "[b i:x]"),
            ("//**x**//", "[b i:x]"),
            ("**{#ff0000|x}**", "[b c#ff0000ff:x]"),
            ("{#f00|a {#0f0|b} c}", "[c#ff0000ff:a ][c#00ff00ff:b][c#ff0000ff: c]"),
        ])
    func attributesCombine(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test("Rule 2: escapes") func escapes() {
        #expect(styled(#"\\"#) == #"\"#)
        #expect(styled(#"\a\ b"#) == #"\a\ b"#, "a backslash before anything else is literal")
        #expect(styled(#"`a\`"#) == #"[m:a\]"#, "inside a code span backslashes are literal")
    }

    @Test("Rule 3: code spans bind tightest") func codeSpans() {
        #expect(styled("`a**b**c`") == "[m:a**b**c]")
        #expect(styled("``a`b``") == "[m:a`b]", "n backticks close only at exactly n")
        #expect(styled("`unmatched") == "`unmatched")
        #expect(diagnosticKinds("`unmatched") == [.unmatchedBackticks])
    }

    @Test(
        "Rule 4: delimiter runs",
        arguments: [
            ("***a***", "*[b:a]*"),
            ("snake__case__name", "snake__case__name"),
            ("a __b__ c", "a [u:b] c"),
            ("//a**b//c**", "[i:a**b]c**"),
            ("**a\nb**", "[b:a\nb]"),
            ("*a*", "*a*"),
        ])
    func delimiterRuns(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test("Rule 5: brace spans") func braceSpans() {
        #expect(styled("{#red|x}") == "x")
        #expect(diagnosticKinds("{#red|x}") == [.invalidColor])
        #expect(styled("{kx|x}") == "x")
        #expect(diagnosticKinds("{kx|x}") == [.invalidKern])
        #expect(styled("a } b") == "a } b", "a } with no open span is literal")
        #expect(styled("{#f00|never closed") == "{#f00|never closed")
        #expect(diagnosticKinds("{#f00|never closed") == [.unclosedBraceSpan])
        #expect(
            styled("**a {#f00|b** c}") == "**a [c#ff0000ff:b** c]",
            "delimiters inside a brace span match only each other")
    }

    @Test("Colour forms") func colourForms() {
        #expect(MushColor(hex: "#f00") == MushColor(red: 255, green: 0, blue: 0))
        #expect(MushColor(hex: "#f008") == MushColor(red: 255, green: 0, blue: 0, alpha: 0x88))
        #expect(MushColor(hex: "#12345678") == MushColor(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))
        #expect(MushColor(hex: "#ABCDEF") == MushColor(red: 0xAB, green: 0xCD, blue: 0xEF))
        #expect(MushColor(hex: "#12345") == nil)
        #expect(MushColor(hex: "#ggg") == nil)
    }

    @Test("Rule 7: invalid UTF-8 becomes U+FFFD") func invalidUTF8() {
        let document = Mush.parse(utf8: [0x61, 0xFF, 0xFE, 0x2A, 0x2A, 0x62, 0x2A, 0x2A, 0xC3])
        #expect(notation(document) == "a\u{FFFD}\u{FFFD}[b:b]\u{FFFD}")
        #expect(document.diagnostics.map(\.kind) == [.invalidUTF8, .invalidUTF8])
        #expect(document.diagnostics.map(\.range) == [1..<3, 8..<9])
    }

    @Test("In MGLine rows the parser keeps newlines") func newlinesKept() {
        #expect(Mush.parse("a\n**b**\n").text == "a\nb\n")
    }
}
