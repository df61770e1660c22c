import Foundation
import Testing

/// Letter and word spacing, line height, tab size and text wrap through the command: text nodes,
/// run pieces, rows and `mush measure` (options and batch keys), and bad values as one line naming
/// their key.
@Suite struct SpacingCommandTests {
    @Test func everyPathTakesTheSettings() async throws {
        let node = try await mush(
            ["layout", "-"],
            input: Data(#"{"width": 200, "text": "one\ntwo", "lineHeight": "30px", "letterSpacing": 1}"#.utf8))
        #expect(node.status == 0, "\(node.error)")
        #expect(node.output.contains(#""height":60"#), "\(node.output)")
        let measure = try await mush(["measure", "--line-height", "1.5", "--word-spacing", "4", "a b"])
        let batch = try await mush(
            ["measure", "--batch"], input: Data(#"{"text": "a b", "lineHeight": 1.5, "wordSpacing": 4}"#.utf8))
        #expect(measure.output == batch.output)
        #expect(measure.output.contains(#""height":24"#), "\(measure.output)")
        let tabs = try await mush(["measure", "--tab-size", "40px", "a\tb"])
        let tabsBatch = try await mush(
            ["measure", "--batch"], input: Data(#"{"text": "a\tb", "tabSize": "40px"}"#.utf8))
        #expect(tabs.output == tabsBatch.output)
        let row = try await mush(
            ["line", "-"],
            input: Data(#"{"width": 200, "left": [{"text": "Hello", "multiline": true}], "lineHeight": "30px"}"#.utf8))
        #expect(row.output.contains(#""height":30"#), "\(row.output)")
        let balanced = try await mush(
            ["layout", "-"],
            input: Data(
                #"{"width": 380, "text": "Sunrise over the harbour, seen from the old lighthouse", "textWrap": "balance"}"#
                    .utf8))
        #expect(balanced.output.contains(#""text":"seen from the old lighthouse""#), "\(balanced.output)")
        let piece = try await mush(
            ["layout", "-"], input: Data(#"{"text": ["ab", {"text": "cd", "letterSpacing": 10}]}"#.utf8))
        let plain = try await mush(["layout", "-"], input: Data(#"{"text": "abcd"}"#.utf8))
        #expect(piece.output != plain.output)
    }

    @Test func badValuesAreOneLineNamingTheirKey() async throws {
        for (node, message) in [
            (
                #"{"text": "x", "lineHeight": "24em"}"#,
                #"lineHeight: must be a number (times the font size), "N%", "Npx", "Npt" or "normal" (it is '24em')"#
            ),
            (#"{"text": "x", "textWrap": "even"}"#, "textWrap: must be wrap, balance or pretty (it is 'even')"),
            (
                #"{"text": "x", "letterSpacing": 5000}"#,
                "letterSpacing: must be a number from -1000 to 1000 points (it is 5000)"
            ),
            (
                #"{"text": "x", "tabSize": 0}"#,
                "tabSize: must be a number from 0.01 to 1000 spaces (it is 0)"
            ),
            (
                #"{"text": ["a", {"text": "b", "letterSpacing": "wide"}]}"#,
                "text[1].letterSpacing: expected a number, not a string"
            ),
        ] {
            let result = try await mush(["layout", "-"], input: Data(node.utf8))
            #expect(result.status == 2)
            #expect(result.error == "mush: error: \(message)\n", "\(node)")
        }
        let option = try await mush(["measure", "--line-height", "2x", "a"])
        #expect(option.status == 2)
        #expect(option.error.contains("--line-height must be a number (times the font size)"), "\(option.error)")
    }
}
