import Foundation
import Testing

/// The commands given what a hostile user would give them: numbers that overflow, deep nesting,
/// odd bytes, line ends and blank lines. Every answer is a clear line or a finite result, never a
/// crash, `null`, `-0` or a silent change.
@Suite("Hostile input to the commands")
struct HardeningCommandTests {
    func object(_ json: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Output with no `null` and no `-0` anywhere (as JSON writes numbers).
    func expectClean(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!output.contains("null"), "\(output)", sourceLocation: sourceLocation)
        #expect(
            output.range(of: #"[:\[,]-0[,}\]]"#, options: .regularExpression) == nil, "\(output)",
            sourceLocation: sourceLocation)
    }

    @Test(
        "measure: out-of-range options are one-line errors",
        arguments: [
            (
                ["--font-size", "1e308"],
                "fontSize (--font-size) must be a number from 0.01 to 10000 points (it is 1e+308)"
            ),
            (
                ["--line-spacing", "1e308"],
                "lineSpacing (--line-spacing) must be a number from 0 to 1000000 points (it is 1e+308)"
            ),
            (
                ["--line-spacing", "-2"],
                "lineSpacing (--line-spacing) must be a number from 0 to 1000000 points (it is -2)"
            ),
            (["--width", "-10"], "width (--width) must be a number from 0 to 1000000 points (it is -10)"),
            (["--max-height", "-1"], "maxHeight (--max-height) must be a number from 0 to 1000000 points (it is -1)"),
            (["--max-lines", "-3"], "maxLines (--max-lines) must be 0 (no limit) or more (it is -3)"),
            (
                ["--font-family", "Nope"],
                "fontFamily (--font-family): no font family 'Nope' (the fonts have DejaVu Sans, DejaVu Sans Mono, Noto Sans Thai, Noto Sans Devanagari)"
            ),
        ])
    func measureOptions(options: [String], message: String) async throws {
        let result = try await mush(["measure"] + options + ["hello"])
        expectOneLineError(result)
        #expect(result.error == "mush: error: \(message)\n")
        #expect(result.output.isEmpty)
    }

    /// Markup that asks for too much is a diagnostic (a warning here) and the span sets nothing.
    @Test func markupOutOfRangeIsAWarning() async throws {
        let zeros = String(repeating: "0", count: 307)
        let result = try await mush(["measure", "--mush", "{k1\(zeros)|abc} {font:,2\(zeros)|x}"])
        #expect(result.status == 0)
        expectClean(result.output)
        #expect(try object(result.output)["lineCount"] as? Int == 1)
        let warnings = result.error.split(separator: "\n")
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.hasPrefix("mush: warning: ") && $0.contains("out of range") })
    }

    /// A batch keeps going past a bad line, answers blank lines and reads CRLF.
    @Test func measureBatchAnswersEveryLine() async throws {
        let input =
            "{\"text\": \"a\"}\r\n{\"text\": \"b\", \"fontSize\": 1e308}\r\n\r\n{\"text\": \"c\", \"fontSize\": 1e999}\n"
            + "{\"text\": \"d\", \"width\": null}\n{\"text\": \"e\", \"lineSpacing\": -1e308}\n{\"text\": \"\\ud800\"}"
        let result = try await mush(["measure", "--batch"], input: Data(input.utf8))
        #expect(result.status == 2)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 8)
        #expect(try object(lines[0])["lineCount"] as? Int == 1)
        #expect(
            try object(lines[1])["error"] as? String
                == "line 2: fontSize (--font-size) must be a number from 0.01 to 10000 points (it is 1e+308)")
        #expect(try object(lines[2])["error"] as? String == "line 3: empty line (expected a JSON object)")
        #expect(
            try object(lines[3])["error"] as? String
                == "line 4: fontSize: 1e999 is too large for a number (at most about 1.8e308)")
        #expect(try object(lines[4])["lineCount"] as? Int == 1)
        #expect(
            try object(lines[5])["error"] as? String
                == "line 6: lineSpacing (--line-spacing) must be a number from 0 to 1000000 points (it is -1e+308)")
        #expect(
            try object(lines[6])["error"] as? String
                == "line 7: not JSON: a high surrogate \\ud800 not followed by a low one at column 17")
        #expect(lines[7].isEmpty)
    }

    /// The same rows read with LF and with CRLF give the same output, in both batch commands.
    @Test func crlfReadsLikeLF() async throws {
        let measure = ["{\"text\": \"one two\", \"width\": 30}", "{\"text\": \"x\"}"]
        let line = ["{\"width\": 100, \"height\": 20, \"left\": [\"a\"]}", "{\"width\": 50, \"right\": [\"b\"]}"]
        for (command, rows) in [("measure", measure), ("line", line)] {
            let lf = try await mush([command, "--batch"], input: Data((rows.joined(separator: "\n") + "\n").utf8))
            let crlf = try await mush(
                [command, "--batch"], input: Data((rows.joined(separator: "\r\n") + "\r\n").utf8))
            #expect(lf.status == 0)
            #expect(lf.output == crlf.output)
            #expect(lf.output.split(separator: "\n").count == 2)
        }
    }

    @Test func invalidUTF8IsNeverSilent() async throws {
        let bytes = Data([0x61, 0xFF, 0x62, 0x0A])
        let plain = try await mush(["measure"], input: bytes)
        #expect(plain.status == 0)
        #expect(
            plain.error == "mush: warning: standard input is not valid UTF-8; each invalid sequence became U+FFFD\n")
        #expect(
            try object(plain.output)["lines"].flatMap { ($0 as? [[String: Any]])?.first?["text"] as? String }
                == "a\u{FFFD}b")
        let markup = try await mush(["measure", "--mush"], input: bytes)
        #expect(markup.error.hasPrefix("mush: warning: invalid UTF-8"))
        // In a batch line, invalid UTF-8 is an error naming the key and the byte.
        let batch = try await mush(
            ["measure", "--batch"], input: Data(#"{"text": "a"#.utf8) + Data([0xFF]) + Data("\"}\n".utf8))
        #expect(
            try object(batch.output)["error"] as? String
                == "line 1: text: invalid UTF-8 in a string (the byte FF at column 12)")
    }

    @Test func unknownFamiliesInMarkupAreWarningsEverywhere() async throws {
        let measure = try await mush(["measure", "--mush", "{font:No Such Font,20|hi}"])
        #expect(measure.status == 0)
        #expect(measure.error == "mush: warning: no font family 'No Such Font'; DejaVu Sans was used instead\n")
        let line = try await mush(
            ["line", "-"], input: Data(#"{"width": 200, "right": ["x", "{font:Nope|y}|mush"]}"#.utf8))
        #expect(line.status == 0)
        #expect(line.error == "mush: warning: right[1]: no font family 'Nope'; DejaVu Sans was used instead\n")
        let batch = try await mush(
            ["line", "--batch"],
            input: Data("{\"width\": 9}\n{\"width\": 200, \"left\": [\"{font:Nope|y}|mush\"]}\n".utf8))
        #expect(batch.error == "mush: warning: line 2: left[0]: no font family 'Nope'; DejaVu Sans was used instead\n")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("mush-font-warning.png").path
        let render = try await mush(
            ["render", "-", "-o", output],
            input: Data(#"{"width": 100, "lines": [{"left": ["{font:Nope|x}|mush"]}]}"#.utf8))
        #expect(render.status == 0)
        #expect(
            render.error == "mush: warning: lines[0].left[0]: no font family 'Nope'; DejaVu Sans was used instead\n")
    }

    @Test(
        "line: values that overflowed to infinity are errors",
        arguments: [
            (
                #"{"width": 0, "height": 30, "widenAsNeeded": true, "font": {"size": 1e308}, "left": ["a"]}"#,
                "font.size: must be a number from 0.01 to 10000 points (it is 1e+308)"
            ),
            (
                #"{"width": 100, "leftLineSpacing": -1e308, "left": ["a\nb"]}"#,
                "leftLineSpacing: must be a number from 0 to 1000000 points (it is -1e+308)"
            ),
            (
                #"{"width": 100, "itemPadding": 1e308, "left": ["a"]}"#,
                "itemPadding: must be a number from 0 to 1000000 points (it is 1e+308)"
            ),
            (
                #"{"width": 100, "leftTextShadowOffset": {"x": -2e6}}"#,
                "leftTextShadowOffset.x: must be a number from -1000000 to 1000000 points (it is -2000000)"
            ),
        ])
    func lineOverflow(input: String, message: String) async throws {
        let result = try await mush(["line", "-"], input: Data(input.utf8))
        expectOneLineError(result)
        #expect(result.error == "mush: error: \(message)\n")
    }

    /// Every number of a layout of crowded, extreme-but-valid rows is finite, with no `-0`.
    @Test func extremeValidRowsGiveCleanResults() async throws {
        let rows = [
            #"{"width": 1000000, "height": 1000000, "padding": {"left": 1000000, "right": 1000000}, "left": ["a"], "right": ["b"]}"#,
            #"{"width": 0, "widenAsNeeded": true, "itemPadding": 1000000, "font": {"size": 10000}, "left": ["a", "b"], "right": ["c"]}"#,
            #"{"width": 10, "height": 44, "rightWidth": 300, "right": ["An overflowing right side"]}"#,
            #"{"width": 320, "maxHeight": 0.001, "left": ["a\nb\nc"]}"#,
            #"{"width": 32, "padding": {"left": 16, "right": 16}, "left": ["a"]}"#,
        ]
        let result = try await mush(["line", "--batch"], input: Data(rows.joined(separator: "\n").utf8))
        #expect(result.status == 0, "\(result.output)")
        expectClean(result.output)
        #expect(result.output.split(separator: "\n").count == rows.count)
    }

    /// Deep JSON is refused at once with the limit named, however deep (it used to be "not JSON"
    /// past 160 levels, and slow below).
    @Test func deepNestingIsAClearErrorAndFast() async throws {
        for depth in [65, 160, 100_000] {
            let input = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            let result = try await mush(["line", "-"], input: Data(input.utf8))
            expectOneLineError(result)
            #expect(result.error.contains("too deep: objects and arrays may nest at most 64 levels"))
            #expect(!result.error.contains("not JSON"))
        }
        // 64 levels is JSON the reader takes (and then finds the unknown key).
        let input = String(repeating: "{\"a\":", count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(try await mush(["line", "-"], input: Data(input.utf8)).error == "mush: error: unknown key 'a'\n")
    }

    @Test func aFolderIsNotAJSONFile() async throws {
        let result = try await mush(["line", NSTemporaryDirectory()])
        expectOneLineError(result)
        #expect(result.error.hasSuffix("is a folder, not a JSON file\n"))
    }
}
