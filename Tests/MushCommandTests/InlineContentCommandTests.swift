import Foundation
import Testing

/// Inline pieces and links through the command: `mush layout` gives the frames and link
/// rectangles, `--hit` names a piece and a link, `mush render` writes the links into a PDF (one
/// annotation a line a link spans, a destination for `#ID`) and an SVG, and a bad piece is one line
/// naming its path.
@Suite struct InlineContentCommandTests {
    static let tree = """
        {"width": 220, "flexDirection": "column", "children": [
          {"id": "top", "text": "Top"},
          {"text": ["Read ", {"text": "the documentation of the harbour", "link": "https://example.com/docs"},
            " or ", {"box": {"width": 30, "height": 10, "backgroundColor": "#f00", "link": "#top"}}, "."]}]}
        """

    @Test func layoutGivesFramesLinksAndHits() async throws {
        let layout = try await mush(["layout", "-"], input: Data(Self.tree.utf8))
        #expect(layout.status == 0, "\(layout.error)")
        let object = try JSONSerialization.jsonObject(with: Data(layout.output.utf8)) as! [String: Any]
        let text = (object["children"] as! [[String: Any]])[1]
        let inline = try #require((text["inline"] as? [[String: Any]])?.first)
        #expect(inline["index"] as? Int == 3)
        #expect(inline["width"] as? Double == 30 && inline["height"] as? Double == 10)
        let links = try #require(text["links"] as? [[String: Any]])
        #expect(links.count == 1)
        #expect(links[0]["url"] as? String == "https://example.com/docs")
        let rects = try #require(links[0]["rects"] as? [[String: Double]])
        #expect(rects.count == 2, "the link wraps onto a second line")
        // --hit on the inline box names its piece and its link; on the text, the text's link.
        let box = (x: inline["x"] as! Double + 2, y: inline["y"] as! Double + (text["y"] as! Double) + 2)
        let hit = try await mush(["layout", "-", "--hit", "\(box.x),\(box.y)"], input: Data(Self.tree.utf8))
        #expect(hit.output.contains(##""link":"#top""##), "\(hit.output)")
        #expect(hit.output.contains(#""path":"children[1].text[3]""#), "\(hit.output)")
        let second = rects[1]
        let onLink = try await mush(
            ["layout", "-", "--hit", "\(second["x"]! + 3),\(second["y"]! + (text["y"] as! Double) + 3)"],
            input: Data(Self.tree.utf8))
        #expect(onLink.output.contains("example.com"), "\(onLink.output)")
    }

    @Test func renderWritesTheLinks() async throws {
        try await inFolder { folder in
            let input = folder.appendingPathComponent("tree.json")
            try Data(Self.tree.utf8).write(to: input)
            let pdf = folder.appendingPathComponent("out.pdf")
            let result = try await mush(["render", input.path, "-o", pdf.path])
            #expect(result.status == 0, "\(result.error)")
            let bytes = String(decoding: try Data(contentsOf: pdf).map { UInt16($0) }, as: UTF16.self)
            #expect(bytes.matches(of: /\/URI \(https:\/\/example.com\/docs\)/).count == 2)
            #expect(bytes.matches(of: /\/Subtype \/Link/).count == 3)
            #expect(bytes.contains("/Dest (top)"))
            let svg = folder.appendingPathComponent("out.svg")
            #expect(try await mush(["render", input.path, "-o", svg.path]).status == 0)
            let markup = try String(contentsOf: svg, encoding: .utf8)
            #expect(markup.matches(of: /<a href="https:\/\/example.com\/docs"/).count == 2)
        }
    }

    @Test func aBadPieceIsOneLineNamingItsPath() async throws {
        let result = try await mush(
            ["layout", "-"], input: Data(#"{"text": ["a", {"text": "b", "link": "javascript:alert(1)"}]}"#.utf8))
        expectOneLineError(result)
        #expect(
            result.error
                == "mush: error: text[1].link: must be an http, https or mailto URL, or #ID for a box of the document\n"
        )
    }
}
