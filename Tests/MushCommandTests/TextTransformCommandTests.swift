import Foundation
import Testing

/// `textTransform` through the command: text nodes, run pieces, rows, `mush measure` (option and
/// batch key), the PDF's text, and a bad value as one line naming its key.
@Suite struct TextTransformCommandTests {
    @Test func everyPathShowsTheTransformedText() async throws {
        let node = try await mush(
            ["layout", "-"],
            input: Data(#"{"text": "Die Straße", "language": "de", "textTransform": "uppercase"}"#.utf8))
        #expect(node.status == 0, "\(node.error)")
        #expect(node.output.contains(#""text":"DIE STRASSE""#), "\(node.output)")
        let piece = try await mush(
            ["layout", "-"],
            input: Data(#"{"text": ["one ", {"text": "two words", "textTransform": "capitalize"}]}"#.utf8))
        #expect(piece.output.contains(#""text":"one Two Words""#), "\(piece.output)")
        // A piece says "none" where its node transforms.
        let kept = try await mush(
            ["layout", "-"],
            input: Data(
                #"{"text": ["one ", {"text": "two", "textTransform": "none"}], "textTransform": "uppercase"}"#.utf8))
        #expect(kept.output.contains(#""text":"ONE two""#), "\(kept.output)")
        let measure = try await mush(["measure", "--text-transform", "uppercase", "--language", "tr", "istanbul"])
        let batch = try await mush(
            ["measure", "--batch"],
            input: Data(#"{"text": "istanbul", "textTransform": "uppercase", "language": "tr"}"#.utf8))
        #expect(measure.output == batch.output)
        // Offsets count the text as written: eight letters shown as eight, "İ" for "i".
        #expect(measure.output.contains(#""end":8"#), "\(measure.output)")
        #expect(measure.output.contains(#""text":"İSTANBUL""#), "\(measure.output)")
        let row = try await mush(
            ["line", "-"],
            input: Data(
                #"{"width": 200, "left": [{"text": "total", "multiline": true}], "textTransform": "uppercase"}"#.utf8))
        #expect(row.status == 0, "\(row.error)")
        let plainRow = try await mush(
            ["line", "-"], input: Data(#"{"width": 200, "left": [{"text": "TOTAL", "multiline": true}]}"#.utf8))
        // Measured and shown as the upper-case text.
        #expect(row.output == plainRow.output)
    }

    @Test func aPDFCarriesTheShownText() async throws {
        try await inFolder { folder in
            let input = folder.appendingPathComponent("tree.json")
            try Data(#"{"text": "Große Straße", "textTransform": "uppercase"}"#.utf8).write(to: input)
            let pdf = folder.appendingPathComponent("out.pdf")
            let result = try await mush(["render", input.path, "-o", pdf.path])
            #expect(result.status == 0, "\(result.error)")
            let extracted = try run(URL(fileURLWithPath: pdftotext), ["-raw", pdf.path, "-"]).output
            #expect(extracted.hasPrefix("GROSSE STRASSE\n"), "\(extracted)")
        }
    }

    @Test func aBadValueIsOneLineNamingItsKey() async throws {
        for (node, message) in [
            (
                #"{"text": "x", "textTransform": "upper"}"#,
                "textTransform: must be none, uppercase, lowercase or capitalize (it is 'upper')"
            ),
            (
                #"{"text": ["a", {"text": "b", "textTransform": 1}]}"#,
                "text[1].textTransform: expected a string, not a number"
            ),
        ] {
            let result = try await mush(["layout", "-"], input: Data(node.utf8))
            #expect(result.status == 2)
            #expect(result.error == "mush: error: \(message)\n", "\(node)")
        }
        let option = try await mush(["measure", "--text-transform", "small-caps", "a"])
        #expect(option.status == 2)
        #expect(
            option.error.contains(
                "--text-transform must be none, uppercase, lowercase or capitalize (it is 'small-caps')"),
            "\(option.error)")
    }
}
