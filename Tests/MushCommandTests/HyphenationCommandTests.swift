import Foundation
import Testing

/// Hyphenation through the command: `language` and `hyphens` on a text node (`mush layout`), a row
/// (`mush line`) and `mush measure`, the hyphen in a line's text and in a PDF's text, and bad
/// values as one line naming their key.
@Suite struct HyphenationCommandTests {
    static let text = "Hyphenation in narrow columns"

    @Test func aTextNodeARowAndMeasureHyphenate() async throws {
        let node = #"{"width": 80, "text": "\#(Self.text)", "language": "en-US", "hyphens": "auto"}"#
        let layout = try await mush(["layout", "-"], input: Data(node.utf8))
        #expect(layout.status == 0, "\(layout.error)")
        let lines = try #require(
            (try JSONSerialization.jsonObject(with: Data(layout.output.utf8)) as? [String: Any])?["lines"]
                as? [[String: Any]])
        #expect(lines.map { $0["text"] as? String } == ["Hyphen\u{2010}", "ation in ", "narrow ", "columns"])
        // Without hyphens: auto, the word stays whole (and is cut between letters, being too wide).
        let manual = try await mush(
            ["layout", "-"], input: Data(#"{"width": 80, "text": "\#(Self.text)", "language": "en-US"}"#.utf8))
        #expect(!manual.output.contains("\u{2010}"))

        let row =
            #"{"width": 75, "left": [{"text": "\#(Self.text)", "multiline": true}], "language": "en-US", "hyphens": "auto"}"#
        let line = try await mush(["line", "-"], input: Data(row.utf8))
        #expect(line.status == 0, "\(line.error)")
        #expect(line.output.contains(#""lines":["Hyphen‐","ation in","narrow","columns"]"#), "\(line.output)")

        let measure = try await mush([
            "measure", "--width", "80", "--language", "en-US", "--hyphens", "auto", Self.text,
        ])
        #expect(measure.output.contains(#""text":"Hyphen‐""#), "\(measure.output)")
        let batch = try await mush(
            ["measure", "--batch"],
            input: Data(#"{"text": "\#(Self.text)", "width": 80, "language": "de", "hyphens": "auto"}"#.utf8))
        #expect(batch.output.contains(#""text":"Hyphena‐""#), "\(batch.output)")
    }

    @Test func aPDFCarriesTheHyphen() async throws {
        try await inFolder { folder in
            let input = folder.appendingPathComponent("tree.json")
            try Data(#"{"width": 80, "text": "\#(Self.text)", "language": "en-US", "hyphens": "auto"}"#.utf8)
                .write(to: input)
            let pdf = folder.appendingPathComponent("out.pdf")
            let result = try await mush(["render", input.path, "-o", pdf.path])
            #expect(result.status == 0, "\(result.error)")
            // pdftotext -raw keeps the line's hyphen ("Hyphen-"); by default it joins the word.
            let extracted = try run(URL(fileURLWithPath: pdftotext), ["-raw", pdf.path, "-"]).output
            #expect(extracted.hasPrefix("Hyphen-\nation in\n"), "\(extracted)")
        }
    }

    @Test func badValuesAreOneLineNamingTheirKey() async throws {
        for (node, message) in [
            (#"{"text": "x", "hyphens": "sometimes"}"#, "hyphens: must be none, manual or auto (it is 'sometimes')"),
            (
                #"{"text": "x", "language": "e n"}"#,
                "language: must be a language tag such as en-US or de (it is 'e n')"
            ),
            (
                #"{"text": "x", "hyphenateLimitChars": [5, 0]}"#,
                "hyphenateLimitChars[1]: must be a whole number from 1 to 100 (it is 0)"
            ),
            (
                #"{"text": "x", "hyphenateLimitChars": [1, 2, 3, 4]}"#,
                "hyphenateLimitChars: must hold 1 to 3 numbers (it holds 4)"
            ),
        ] {
            let result = try await mush(["layout", "-"], input: Data(node.utf8))
            #expect(result.status == 2)
            #expect(result.error == "mush: error: \(message)\n", "\(node)")
        }
        let unknown = try await mush(
            ["layout", "-"], input: Data(#"{"text": "hyphenation", "language": "xx", "hyphens": "auto"}"#.utf8))
        #expect(unknown.status == 0)
        #expect(
            unknown.error
                == "mush: warning: text: no hyphenation dictionary for language 'xx'; words break at soft hyphens only\n"
        )
    }
}
