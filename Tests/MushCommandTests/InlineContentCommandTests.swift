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

/// The PDF's links read back with pypdf (a PDF library from PyPI that `.ci/install` sets up): each
/// annotation's page, rectangle and target agree with the layout's link rectangles.
@Suite struct InlineLinksReadByPyPDFTests {
    @Test func everyLinkRectangleIsAnAnnotationOnItsPage() async throws {
        try await inFolder { folder in
            let input = folder.appendingPathComponent("tree.json")
            try Data(InlineContentCommandTests.tree.utf8).write(to: input)
            let pdf = folder.appendingPathComponent("out.pdf")
            #expect(try await mush(["render", input.path, "-o", pdf.path]).status == 0)
            let script = """
                import json, sys
                from pypdf import PdfReader
                reader = PdfReader(sys.argv[1])
                found = []
                for number, page in enumerate(reader.pages):
                    height = float(page.mediabox.height)
                    for reference in page.get("/Annots") or []:
                        annotation = reference.get_object()
                        if annotation.get("/Subtype") != "/Link":
                            continue
                        x0, y0, x1, y1 = (float(v) for v in annotation["/Rect"])
                        action = annotation.get("/A")
                        target = action["/URI"] if action is not None and "/URI" in action else "#" + str(annotation.get("/Dest") or action.get("/D"))
                        found.append({"page": number, "target": str(target), "x": x0, "y": height - y1, "width": x1 - x0, "height": y1 - y0})
                print(json.dumps({"links": found, "destinations": sorted(reader.named_destinations)}))
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, pdf.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "pypdf is installed (.ci/install)")
            let read = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            let annotations = read["links"] as! [[String: Any]]
            #expect(read["destinations"] as? [String] == ["top"])
            // The layout's rectangles, in the picture's coordinates (the text node's y added).
            let layout = try await mush(["layout", input.path])
            let object = try JSONSerialization.jsonObject(with: Data(layout.output.utf8)) as! [String: Any]
            let text = (object["children"] as! [[String: Any]])[1]
            let top = text["y"] as! Double
            var expected = ((text["links"] as! [[String: Any]])[0]["rects"] as! [[String: Double]]).map {
                (
                    target: "https://example.com/docs", x: $0["x"]!, y: $0["y"]! + top, width: $0["width"]!,
                    height: $0["height"]!
                )
            }
            let box = (text["inline"] as! [[String: Any]])[0]
            expected.append(
                (
                    target: "#top", x: box["x"] as! Double, y: (box["y"] as! Double) + top,
                    width: box["width"] as! Double,
                    height: box["height"] as! Double
                ))
            #expect(annotations.count == expected.count)
            for (annotation, want) in zip(annotations, expected) {
                let rect = (
                    x: annotation["x"] as! Double, y: annotation["y"] as! Double, width: annotation["width"] as! Double,
                    height: annotation["height"] as! Double
                )
                // Cairo writes whole units, rounded outwards: each annotation holds its rectangle
                // and is at most a unit larger on each side.
                #expect(annotation["target"] as? String == want.target)
                #expect(annotation["page"] as? Int == 0)
                #expect(rect.x <= want.x && rect.x > want.x - 1, "\(rect) \(want)")
                #expect(rect.y <= want.y && rect.y > want.y - 1, "\(rect) \(want)")
                #expect(rect.x + rect.width >= want.x + want.width && rect.x + rect.width < want.x + want.width + 1)
                #expect(rect.y + rect.height >= want.y + want.height && rect.y + rect.height < want.y + want.height + 1)
            }
        }
    }
}
