import Testing

@testable import Mush

@Suite("Parser edge cases")
struct ParserEdgeCaseTests {
    @Test(
        "Flanking",
        arguments: [
            ("a ** b", "a ** b"), // neither side flanking: literal, no warning
            ("** a**", "** a**"), // opener followed by space cannot open
            ("**a **", "**a **"), // closer preceded by space cannot close
            ("x**y**z", "x[b:y]z"), // intraword bold is fine for *
            ("x__y__z", "x__y__z"), // but not for _
            ("__a__b", "__a__b"), // a closing __ followed by a letter cannot close
            ("(__a__)", "([u:a])"), // punctuation around _ is fine
            ("\"**a**\"", "\"[b:a]\""),
            ("**\"a\"**", "[b:\"a\"]"),
            ("a**\"b\"**", "a**\"b\"**"), // punct after, letter before: cannot open
            ("~~a~~~", "[s:a]~"),
            ("****a****", "[b:a]"), // nested bold is still bold
            ("**a****b**", "[b:ab]"), // two bold spans, one maximal run,
            ("//a//b", "[i:a]b"),
            ("ftp://x//y//", "ftp://x[i:y]"), // only the / run after ':' is exempt
            ("a://b//", "a://b//"),
            ("1//2//3", "1[i:2]3"),
            ("**a\u{00A0}**", "**a\u{00A0}**"), // NBSP is Unicode whitespace
            ("**«a»**", "[b:«a»]"),
            ("**a**\u{3002}", "[b:a]\u{3002}"), // CJK full stop is punctuation
        ])
    func flanking(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test func flankingDiagnostics() {
        #expect(diagnosticKinds("a ** b").isEmpty)
        #expect(diagnosticKinds("snake__case__name").isEmpty)
        #expect(diagnosticKinds("see http://a.com and http://b.com").isEmpty)
        #expect(diagnosticKinds("**a") == [.unmatchedDelimiter])
        #expect(diagnosticKinds("a** and b//") == [.unmatchedDelimiter, .unmatchedDelimiter])
        #expect(diagnosticKinds("***a***").isEmpty, "the odd marker left over is literal by design")
    }

    @Test(
        "Overlapping and leftover delimiters",
        arguments: [
            ("**a //b** c//", "[b:a //b] c//"),
            ("//a **b// c**", "[i:a **b] c**"),
            ("***a**", "*[b:a]"),
            ("**a***", "[b:a]*"),
            ("*****a*****", "*[b:a]*"),
            ("__a ~~b__ c~~", "[u:a ~~b] c~~"),
            ("**a **b** c**", "[b:a b c]"),
        ])
    func overlapping(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test(
        "Escapes",
        arguments: [
            (#"\**a**"#, "**a**"),
            (#"\{#f00|x}"#, "{#f00|x}"),
            (#"{#f00|a\}b}"#, "[c#ff0000ff:a}b]"),
            (#"\`a`"#, "`a`"),
            (#"a\"#, #"a\"#),
            (#"\\**a**"#, #"\[b:a]"#),
            (#"\é"#, #"\é"#),
            (##"\|\:\#"##, "|:#"),
        ])
    func escapes(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test(
        "Code spans",
        arguments: [
            ("`a` `b`", "[m:a] [m:b]"),
            ("```a``b```", "[m:a``b]"),
            ("`` ` ``", "[m:`]"), // padding lets content start with a backtick
            ("` a `", "[m: a ]"), // MGBoxKit's spaces are kept
            ("`  a  `", "[m: a ]"), // one space each side is padding here
            ("` `` `", "[m:``]"),
            ("`  `", "[m:  ]"),
            ("``", "``"), // a lone run is literal
            ("`a\nb`", "[m:a\nb]"),
            ("**`a`**", "[b m:a]"),
            ("`**`a**", "[m:**]a**"),
            ("{#f00|`}`}", "[m c#ff0000ff:}]"),
            ("`{#f00|`x}", "[m:{#f00|]x}"),
            ("`` a ` b ``", "[m: a ` b ]"), // no stripping: the ends are not spaces or backticks
            ("``  ` b  ``", "[m: ` b ]"),
            ("`a``b`", "[m:a``b]"),
        ])
    func codeSpans(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test(
        "Brace spans",
        arguments: [
            ("{#12345678|x}", "[c#12345678:x]"),
            ("{#F00|x}", "[c#ff0000ff:x]"),
            ("{#f008|x}", "[c#ff000088:x]"),
            ("{bg#0f0|x}", "[bg#00ff00ff:x]"),
            ("{k-0.5|x}", "[k-0.5:x]"),
            ("{k1.25|x}", "[k1.25:x]"),
            ("{k+2|x}", "[k2:x]"),
            ("{k.5|x}", "[k0.5:x]"),
            ("{font:,20|x}", "[z20:x]"),
            ("{font:DejaVu Serif,|x}", "[f(DejaVu Serif):x]"),
            ("{font:Mono|x}", "[f(Mono):x]"),
            ("{font:A, Inc.,12.5|x}", "[f(A, Inc.) z12.5:x]"),
            ("{font:,|x}", "x"),
            ("{#f00|{bg#00f|x}}", "[c#ff0000ff bg#0000ffff:x]"),
            ("{#f00|a}{#f00|b}", "[c#ff0000ff:ab]"),
            ("{#f00|}", ""),
            ("{#f00|a\nb}", "[c#ff0000ff:a\nb]"),
            ("{#f00\n|x}", "{#f00\n|x}"),
            ("{x}", "{x}"),
            ("{}", "{}"),
            ("{|x}", "{|x}"),
            ("{#f00{#0f0|x}", "{#f00[c#00ff00ff:x]"),
            ("{#f00|a {#0f0|b}", "{#f00|a [c#00ff00ff:b]"),
            ("**{#f00|a }** b", "[b c#ff0000ff:a ] b"),
            ("{#f00|**a}**", "[c#ff0000ff:**a]**"),
        ])
    func braceSpans(input: String, expected: String) {
        #expect(styled(input) == expected)
    }

    @Test func braceDiagnostics() {
        #expect(diagnosticKinds("{font:A,x|y}") == [.invalidFont])
        #expect(diagnosticKinds("{font:A,0|y}") == [.invalidFont])
        #expect(diagnosticKinds("{font:A,-3|y}") == [.invalidFont])
        #expect(diagnosticKinds("{k1e5|y}") == [.invalidKern], "no exponents")
        #expect(diagnosticKinds("{k|y}") == [.invalidKern])
        #expect(diagnosticKinds("{bg#12|y}") == [.invalidColor])
        #expect(diagnosticKinds("{foo|y}") == [.unknownBraceSpec])
        #expect(styled("{foo|y}") == "{foo|y}")
        #expect(diagnosticKinds("{#bad|y") == [.unclosedBraceSpan], "an unclosed span reports only that")
        let document = Mush.parse("ab {#f00|x")
        #expect(document.diagnostics.first?.range == 3..<9)
    }

    @Test func hugeNumbersAreInvalidNotInfinite() {
        let digits = String(repeating: "9", count: 400)
        #expect(diagnosticKinds("{k\(digits)|x}") == [.invalidKern])
        #expect(diagnosticKinds("{font:,\(digits)|x}") == [.invalidFont])
    }

    /// Sizes and kerning have ranges (MushLimits): outside them the span sets nothing and says why,
    /// at the edges it applies.
    @Test func sizesAndKerningOutsideTheirRangesAreDiagnostics() {
        #expect(diagnosticKinds("{font:,10000.5|x}") == [.invalidFont])
        #expect(diagnosticKinds("{font:,0.009|x}") == [.invalidFont])
        #expect(diagnosticKinds("{k1000.01|x}") == [.invalidKern])
        #expect(diagnosticKinds("{k-1001|x}") == [.invalidKern])
        #expect(Mush.parse("{font:,10000|x}").runs.first?.attributes.fontSize == 10_000)
        #expect(Mush.parse("{font:,0.01|x}").runs.first?.attributes.fontSize == 0.01)
        #expect(Mush.parse("{k-1000|x}").runs.first?.attributes.kern == -1_000)
        let document = Mush.parse("{font:,20000|big}")
        #expect(document.runs.map(\.attributes) == [.plain])
        #expect(
            document.diagnostics.first?.message
                == "font size '20000' out of range (expected a number from 0.01 to 10000 points); the span sets nothing"
        )
    }

    @Test func diagnosticOffsetsCountScalarsOfTheInput() {
        // "é" (1 scalar), "👍🏽" (2 scalars): the unmatched ** starts at scalar 4.
        let document = Mush.parse("é👍🏽 **x")
        #expect(document.diagnostics.map(\.range) == [4..<6])
        #expect(runsAreWellFormed(document))
    }

    @Test func runRangesCountScalarsOfTheText() {
        let document = Mush.parse("👍🏽 **é**")
        #expect(document.runs.map(\.range) == [0..<3, 3..<4])
        #expect(document.text == "👍🏽 é")
    }

    @Test func emptyInput() {
        let document = Mush.parse("")
        #expect(document.text.isEmpty)
        #expect(document.runs.isEmpty)
        #expect(document.diagnostics.isEmpty)
        #expect(styled("****") == "****")
        #expect(Mush.parse("``````").runs.count == 1)
    }

    @Test func scripts() {
        #expect(styled("**مرحبا** بالعالم") == "[b:مرحبا] بالعالم")
        #expect(styled("//สวัสดี//ครับ") == "[i:สวัสดี]ครับ")
        #expect(styled("{#f00|नमस्ते}") == "[c#ff0000ff:नमस्ते]")
        #expect(styled("**日本語**です") == "[b:日本語]です")
    }
}
