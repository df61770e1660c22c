import Foundation
import Testing

/// `textDecoration` through the command: a text node's (the shorthand and the object), a run
/// piece's over it, a row's, drawn into PNG, SVG and PDF; and bad values as one line naming their
/// path.
@Suite struct DecorationCommandTests {
    static let tree = """
        {"width": 300, "flexDirection": "column", "children": [
          {"text": "wavy underline", "textDecoration": {"line": "underline", "style": "wavy", "color": "#c00"}},
          {"text": ["plain ", {"text": "struck", "textDecoration": "line-through dashed #00c"}]},
          {"line": {"left": ["row text"], "textDecoration": "underline overline double"}}]}
        """

    @Test func everyFormatDrawsTheLines() async throws {
        try await inFolder { folder in
            let input = folder.appendingPathComponent("tree.json")
            try Data(Self.tree.utf8).write(to: input)
            var sizes: [String: Int] = [:]
            for format in ["png", "svg", "pdf"] {
                let output = folder.appendingPathComponent("out.\(format)")
                let result = try await mush(["render", input.path, "-o", output.path])
                #expect(result.status == 0, "\(result.error)")
                sizes[format] = try Data(contentsOf: output).count
            }
            let svg = try String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)
            // The wave's colour and the dashes' are drawn.
            #expect(svg.contains("rgb(80%,0%,0%)") && svg.contains("rgb(0%,0%,80%)"), "\(svg.prefix(400))")
            #expect(sizes.values.allSatisfy { $0 > 0 })
        }
    }

    @Test func badValuesAreOneLineNamingTheirPath() async throws {
        for (node, message) in [
            (
                #"{"text": "x", "textDecoration": "underline zigzag"}"#,
                "textDecoration: 'zigzag' is not a line (underline, overline, line-through), a style (solid, double, dotted, dashed, wavy) or a colour"
            ),
            (
                #"{"text": "x", "textDecoration": "wavy"}"#,
                "textDecoration: names no line (underline, overline, line-through)"
            ),
            (
                #"{"text": "x", "textDecoration": {"line": "under"}}"#,
                "textDecoration.line: must be underline, overline or line-through (it is 'under')"
            ),
            (
                #"{"text": "x", "textDecoration": {"line": "underline", "thickness": -1}}"#,
                "textDecoration.thickness: must be a number from 0 to 1000 points (it is -1)"
            ),
            (
                #"{"text": ["a", {"text": "b", "textDecoration": 1}]}"#,
                "text[1].textDecoration: expected a string or an object, not a number"
            ),
        ] {
            let result = try await mush(["layout", "-"], input: Data(node.utf8))
            #expect(result.status == 2)
            #expect(result.error == "mush: error: \(message)\n", "\(node)")
        }
    }
}
