import Foundation
import Testing

/// `mush parse` and `mush measure`, run in-process: arguments, standard input, output, errors and
/// exit status.
@Suite("mush parse")
struct CommandLineTests {
    @Test func jsonOfTheSpecExample() async throws {
        let result = try await mush(["parse", "--format", "json", "Plain **bold** and //italic// text"])
        #expect(result.status == 0)
        #expect(
            result.output == """
                {"diagnostics":[],"runs":[{"text":"Plain "},{"bold":true,"text":"bold"},{"text":" and "},\
                {"italic":true,"text":"italic"},{"text":" text"}],"text":"Plain bold and italic text"}

                """)
    }

    @Test func jsonIsTheDefaultAndCarriesDiagnostics() async throws {
        let result = try await mush(["parse", "{#red|x} **y"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.map { $0["start"] as? Int } == [0, 9])
        #expect(diagnostics?.map { $0["end"] as? Int } == [6, 11])
    }

    @Test func readsStandardInput() async throws {
        let result = try await mush(["parse", "--format", "plain"], input: Data("**a**\n//b//\n".utf8))
        #expect(result.status == 0)
        #expect(result.output == "a\nb\n")
    }

    @Test func invalidUTF8OnStandardInput() async throws {
        let result = try await mush(["parse", "--format", "plain"], input: Data([0x61, 0xFF, 0x62]))
        #expect(result.status == 0)
        #expect(result.output == "a\u{FFFD}b\n")
        #expect(result.error.contains("invalid UTF-8"))
    }

    @Test(
        "Formats",
        arguments: [
            ("html", "<b>a</b> <code>&lt;b&gt;</code>\n"),
            ("ansi", "\u{1B}[0;1ma\u{1B}[0m \u{1B}[0;7m<b>\u{1B}[0m\n"),
            ("plain", "a <b>\n"),
            ("mush", "**a** `<b>`\n"),
        ])
    func formats(format: String, expected: String) async throws {
        let result = try await mush(["parse", "--format", format, "**a** `<b>`"])
        #expect(result.status == 0)
        #expect(result.output == expected)
    }

    @Test func warningsGoToStandardErrorForTextFormats() async throws {
        let result = try await mush(["parse", "--format", "plain", "**a"])
        #expect(result.output == "**a\n")
        #expect(result.error == "mush: warning: unmatched '**' (kept as text) at 0..<2\n")
    }

    @Test(
        "Usage errors: one line, status 2",
        arguments: [
            ["parse", "--format", "xml", "x"],
            ["parse", "--bogus"],
            ["parse", "a", "b"],
            ["nope"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let result = try await mush(arguments)
        expectOneLineError(result)
        #expect(result.output.isEmpty)
    }

    @Test func helpExitsZero() async throws {
        let result = try await mush(["parse", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--format"))
    }

    // MARK: - mush measure

    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func measureOneLine() async throws {
        let result = try await mush(["measure", "Title"])
        #expect(result.status == 0)
        let layout = try object(result.output)
        #expect(layout["lineCount"] as? Int == 1)
        #expect(layout["truncated"] as? Bool == false)
        #expect(layout["width"] as? Double == 34.2890625, "DejaVu Sans 16, by hb-shape's advances")
        #expect(layout["height"] as? Double == 18.625)
        let line = try #require((layout["lines"] as? [[String: Any]])?.first)
        #expect(line["text"] as? String == "Title")
        #expect(line["start"] as? Int == 0)
        #expect(line["end"] as? Int == 5)
        #expect(line["baseline"] as? Double == 14.8515625)
    }

    @Test func measureWrapsAndTruncates() async throws {
        let result = try await mush([
            "measure", "--width", "150", "--max-lines", "1", "--mush", "Hello **wonderful** world of text",
        ])
        let layout = try object(result.output)
        #expect(layout["truncated"] as? Bool == true)
        let lines = try #require(layout["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        #expect((lines[0]["text"] as? String)?.hasSuffix("…") == true)
        #expect((lines[0]["width"] as? Double ?? 999) <= 150)
    }

    @Test func measureAlignsToTheStartAndEnd() async throws {
        // "שלום עולם" is 74.578125 points wide: its start is the right in 200 points.
        for (alignment, expected) in [("start", 125.421875), ("end", 0), ("left", 0), ("right", 125.421875)] {
            let result = try await mush(["measure", "--width", "200", "--align", alignment, "שלום עולם"])
            #expect(result.status == 0)
            let lines = try #require(try object(result.output)["lines"] as? [[String: Any]])
            #expect(lines.first?["x"] as? Double == expected, "\(alignment)")
        }
        let batch = try await mush(
            ["measure", "--batch"], input: Data(#"{"text": "Title", "width": 200, "align": "end"}"#.utf8))
        let line = try #require((try object(batch.output)["lines"] as? [[String: Any]])?.first)
        #expect(line["x"] as? Double == 165.7109375)
    }

    @Test func measureBatch() async throws {
        let input = """
            {"text": "a\\nb", "fontSize": 20}
            {"text": "**x**", "mush": true, "width": 100}
            {"text": "x", "width": "wide"}
            {"text": "x", "colour": 1}
            """
        let result = try await mush(["measure", "--batch"], input: Data(input.utf8))
        #expect(result.status == 2)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(try object(lines[0])["lineCount"] as? Int == 2)
        #expect(try object(lines[0])["height"] as? Double == 2 * 2384.0 / 2048 * 20)
        #expect(try object(lines[1])["lineCount"] as? Int == 1)
        #expect(try object(lines[2])["error"] as? String == "line 3: width: expected a number, not a string")
        #expect(try object(lines[3])["error"] as? String == "line 4: unknown key 'colour'")
    }

    @Test(
        "measure: bad options, one line, status 2",
        arguments: [
            ["measure", "--font-size", "0", "x"],
            ["measure", "--width", "-5", "x"],
            ["measure", "--ellipsize", "sideways", "x"],
            ["measure", "--fonts", "/no/such/folder", "x"],
            ["measure", "--batch", "x"],
        ])
    func measureErrors(arguments: [String]) async throws {
        let result = try await mush(arguments)
        expectOneLineError(result)
    }
}
