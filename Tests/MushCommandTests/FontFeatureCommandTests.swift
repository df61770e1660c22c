import Foundation
import Testing

/// OpenType features and variable fonts through the command: `fontFeatures` and `fontVariations`
/// on a text node, a run piece, a row and a measure request (and `--font-features`,
/// `--font-variations`), a font's numeric `weight`, and bad values as one line naming their path.
@Suite struct FontFeatureCommandTests {
    /// The width of the first line `output` (a layout's JSON) gives.
    func firstLineWidth(_ output: String) throws -> Double {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        let lines = try #require(object["lines"] as? [[String: Any]])
        return try #require(lines.first?["width"] as? Double)
    }

    @Test func featuresReachEveryPath() async throws {
        // Inter's tabular figures are wider than its proportional "1".
        let plain = try await mush(
            ["layout", "-"], input: Data(#"{"font": {"family": "Inter"}, "text": "Total 1111"}"#.utf8))
        try #require(plain.status == 0, "\(plain.error)")
        let node = try await mush(
            ["layout", "-"],
            input: Data(#"{"font": {"family": "Inter"}, "text": "Total 1111", "fontFeatures": {"tnum": 1}}"#.utf8))
        let piece = try await mush(
            ["layout", "-"],
            input: Data(
                #"{"font": {"family": "Inter"}, "text": ["Total ", {"text": "1111", "fontFeatures": {"tnum": true}}]}"#
                    .utf8))
        let plainWidth = try firstLineWidth(plain.output)
        #expect(try firstLineWidth(node.output) > plainWidth)
        #expect(try firstLineWidth(piece.output) == firstLineWidth(node.output))

        let measure = try await mush(["measure", "--font-family", "Inter", "--font-features", "tnum=1", "Total 1111"])
        #expect(try firstLineWidth(measure.output) == firstLineWidth(node.output))
        let batch = try await mush(
            ["measure", "--batch"],
            input: Data(#"{"text": "Total 1111", "fontFamily": "Inter", "fontFeatures": {"tnum": 1}}"#.utf8))
        #expect(try firstLineWidth(batch.output) == firstLineWidth(node.output))

        let row = #"{"width": 200, "left": ["1111"], "font": {"family": "Inter"}"#
        let plainRow = try await mush(["line", "-"], input: Data((row + "}").utf8))
        let tabularRow = try await mush(["line", "-"], input: Data((row + #", "fontFeatures": {"tnum": 1}}"#).utf8))
        #expect(plainRow.output.contains(#""width":30"#), "\(plainRow.output)")
        #expect(tabularRow.output.contains(#""width":42"#), "\(tabularRow.output)")
    }

    @Test func badFeaturesAreOneLineNamingTheirPath() async throws {
        for (node, message) in [
            (
                #"{"text": "x", "fontFeatures": {"tnum": -1}}"#,
                "fontFeatures.tnum: must be a whole number from 0 to 65535 (it is -1)"
            ),
            (
                #"{"text": "x", "fontFeatures": {"tn": 1}}"#,
                "fontFeatures.tn: is not an OpenType feature tag (four characters, such as tnum or ss01)"
            ),
            (
                #"{"text": "x", "fontFeatures": 1}"#,
                "fontFeatures: expected an object of feature tags and values, not a number"
            ),
            (
                #"{"text": ["a", {"text": "b", "fontFeatures": {"liga": "off"}}]}"#,
                "text[1].fontFeatures.liga: expected a number or true or false, not a string"
            ),
        ] {
            let result = try await mush(["layout", "-"], input: Data(node.utf8))
            #expect(result.status == 2)
            #expect(result.error == "mush: error: \(message)\n", "\(node)")
        }
        let option = try await mush(["measure", "--font-features", "tnum=x", "1"])
        #expect(option.status == 2)
        #expect(option.error.contains("--font-features: 'tnum=x' is not TAG=VALUE"), "\(option.error)")
    }

    @Test func variationsAndWeightsReachEveryPath() async throws {
        let node = try await mush(
            ["layout", "-"],
            input: Data(#"{"font": {"family": "Inter"}, "text": "Weight", "fontVariations": {"wght": 800}}"#.utf8))
        try #require(node.status == 0, "\(node.error)")
        let weight = try await mush(
            ["layout", "-"], input: Data(#"{"font": {"family": "Inter", "weight": 800}, "text": "Weight"}"#.utf8))
        let piece = try await mush(
            ["layout", "-"],
            input: Data(
                #"{"font": {"family": "Inter"}, "text": [{"text": "Weight", "fontVariations": {"wght": 800}}]}"#.utf8))
        let plain = try await mush(
            ["layout", "-"], input: Data(#"{"font": {"family": "Inter"}, "text": "Weight"}"#.utf8))
        #expect(try firstLineWidth(node.output) > firstLineWidth(plain.output))
        #expect(try firstLineWidth(weight.output) == firstLineWidth(node.output))
        #expect(try firstLineWidth(piece.output) == firstLineWidth(node.output))
        let measure = try await mush(["measure", "--font-family", "Inter", "--font-variations", "wght=800", "Weight"])
        #expect(try firstLineWidth(measure.output) == firstLineWidth(node.output))
        for (node, message) in [
            (
                #"{"text": "x", "fontVariations": {"wght": "bold"}}"#,
                "fontVariations.wght: expected a number, not a string"
            ),
            (#"{"text": "x", "font": {"weight": 1200}}"#, "font.weight: must be a number from 1 to 1000 (it is 1200)"),
        ] {
            let result = try await mush(["layout", "-"], input: Data(node.utf8))
            #expect(result.status == 2)
            #expect(result.error == "mush: error: \(message)\n", "\(node)")
        }
    }
}
