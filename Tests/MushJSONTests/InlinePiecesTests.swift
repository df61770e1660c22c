import Mush
import MushBase
import MushBox
import MushJSON
import MushText
import Testing

/// A text leaf's `text` as an array of pieces: strings, styled runs with links, image and box
/// pieces set in the lines; their frames, links and hits in the layout's JSON; and every bad piece
/// named by its path.
@Suite("Inline pieces")
struct InlinePiecesTests {
    let fonts = FontCollection.shipped

    func read(_ json: String) throws(RequestError) -> BoxRequest {
        try BoxRequest(json: Array(json.utf8), fonts: fonts)
    }

    func error(_ json: String) -> String? {
        do {
            _ = try read(json)
            return nil
        } catch {
            return error.description
        }
    }

    func leaf(_ request: BoxRequest) throws -> TextLeaf {
        try #require(request.root.leaf as? TextLeaf)
    }

    @Test func piecesMakeOneParagraphWithItsRunsAndBoxes() throws {
        let request = try read(
            """
            {"width": 300, "font": {"size": 14, "bold": true}, "color": "#333",
             "text": ["Hi **there**|mush", {"text": " docs", "font": {"bold": false, "family": "DejaVu Sans Mono"},
               "color": "#06c", "link": "https://example.com/docs"},
              " ", {"image": {"width": 12, "height": 10, "file": "icon.png"}, "verticalAlign": "middle"},
              {"box": {"padding": 3, "text": "NEW", "font": {"size": 10}}, "margin": {"left": 2, "right": 4},
               "verticalAlign": "text-top", "link": "#totals"}]}
            """)
        let leaf = try leaf(request)
        let paragraph = leaf.paragraph
        #expect(paragraph.text == "Hi there docs \u{FFFC}\u{FFFC}")
        #expect(paragraph.objects.map(\.offset) == [14, 15])
        #expect(leaf.inline.map(\.piece) == [3, 4])
        // The leaf's bold under the markup; the run piece's own font, colour and link.
        let layout = paragraph.layout()
        let runs = paragraph.runs(of: layout.lines[0])
        let docs = try #require(runs.first { $0.attributes.link != nil })
        #expect(docs.range == 8..<13)
        #expect(
            docs.attributes
                == MushAttributes(
                    color: MushColor(red: 0, green: 0x66, blue: 0xCC), fontFamily: "DejaVu Sans Mono",
                    link: "https://example.com/docs"))
        #expect(docs.face.family == "DejaVu Sans Mono" && !docs.syntheticBold && !docs.face.isBold)
        #expect(runs.filter { $0.range.upperBound <= 8 }.allSatisfy { $0.attributes.bold && $0.attributes.link == nil })
        // The image piece is its own size; the box piece its max-content size with its padding.
        let image = leaf.inline[0]
        #expect(image.layout.width == 12 && image.layout.height == 10)
        #expect(image.verticalAlign == .middle)
        let badge = leaf.inline[1]
        let newWidth = try Paragraph(mush: "NEW", style: ParagraphStyle(fontSize: 10), fonts: fonts).maxContentWidth()
        #expect(badge.layout.width == (newWidth + 6).rounded())
        #expect(badge.margin == BoxEdges(top: 0, right: 4, bottom: 0, left: 2))
        #expect(badge.layout.paint?.link == "#totals")
        #expect(badge.object.width == badge.layout.width + 6)
        #expect(badge.object.baseline == badge.layout.baseline)
        #expect(badge.verticalAlign == .textTop)
    }

    @Test func theLayoutGivesEachPiecesFrameAndEachLinksRectangles() throws {
        let request = try read(
            """
            {"width": 200, "padding": 10, "font": {"size": 12}, "text": ["Go to ", {"text": "the documentation pages", "link": "https://example.com"},
              " ", {"box": {"width": 20, "height": 8, "backgroundColor": "#f00"}, "margin": 1}]}
            """)
        let layout = try request.layout()
        guard case .text(let placed)? = layout.leaf else { throw Failure("not a text leaf") }
        let paragraph = try leaf(request).paragraph
        let frames = paragraph.objectFrames(in: placed.layout)
        #expect(frames.count == 1)
        _ = try layout.jsonValue.checkedJSON()
        let object = try #require(layout.jsonValue.members)
        let inline = try #require(object["inline"]?.elements?.first?.members)
        // The border box (the margin box less its margin), in the node's border box.
        #expect(inline["index"] == .number(3))
        #expect(inline["line"] == .number(Double(frames[0].line)))
        #expect(inline["x"] == .number(10 + frames[0].x + 1))
        #expect(inline["y"] == .number(10 + frames[0].y + 1))
        #expect(inline["width"] == .number(20) && inline["height"] == .number(8))
        let links = placed.layout.links
        #expect(links.count == 1)
        #expect(links[0].rects.count == 2, "the link wraps: one rectangle a line")
        // It starts where the caret before "the" stands.
        #expect(links[0].rects[0].x == paragraph.caret(at: 6, in: placed.layout).x)
        #expect(links[0].rects[1].x == 0)
        #expect(links[0].rects[1].y == placed.layout.lines[1].y)
        let written = try #require(object["links"]?.elements?.first?.members)
        #expect(written["url"] == .string("https://example.com"))
        #expect(written["rects"]?.elements?.count == 2)
        // A hit on the link names it; on the inline box, the box's piece.
        let rect = links[0].rects[1]
        let hits = try request.hitsJSON(x: 10 + rect.x + 2, y: 10 + rect.y + 2)
        #expect(hits.contains(#""link":"https:\/\/example.com""#) || hits.contains(#""link":"https://example.com""#))
        let boxHit = try request.hitsJSON(x: 10 + frames[0].x + 5, y: 10 + frames[0].y + 5)
        #expect(boxHit.contains(#""path":"text[3]""#))
    }

    @Test func badPiecesAreNamedByTheirPath() {
        let cases: [(String, String)] = [
            (
                #"{"text": [5]}"#,
                "text[0]: expected a string or an object with text, image, box or footnote, not a number"
            ),
            (#"{"text": [{"text": "a", "size": 3}]}"#, "unknown key 'size' in text[0]"),
            (
                #"{"text": ["a", {"text": "b", "link": "javascript:alert(1)"}]}"#,
                "text[1].link: must be an http, https or mailto URL, or #ID for a box of the document"
            ),
            (##"{"text": [{"text": "b", "link": "#"}]}"##, "text[0].link: must name an id after '#'"),
            (
                #"{"text": [{"box": {"width": 10, "height": 10}, "verticalAlign": "center"}]}"#,
                "text[0].verticalAlign: must be baseline, middle, top, bottom, text-top, text-bottom, sub or super or a number of points (it is 'center')"
            ),
            (
                #"{"text": [{"box": {"width": 10, "height": 1000000}, "margin": 1}]}"#,
                "text[0]: its margin box must be at most 1000000 points wide and tall (it is 12 × 1000002)"
            ),
            (
                #"{"text": [{"box": {"width": -1}}]}"#,
                "text[0].box.width: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (
                #"{"text": [{"image": {"width": 1, "height": 1}, "box": {}}]}"#,
                "text[0]: a piece has one of image and box (it has both)"
            ),
            (#"{"text": [{"box": {"text": "a", "bogus": 1}}]}"#, "unknown key 'bogus' in text[0].box"),
            (
                #"{"text": "a", "link": "ftp://x"}"#,
                "link: must be an http, https or mailto URL, or #ID for a box of the document"
            ),
        ]
        for (json, message) in cases {
            #expect(error(json) == message, "\(json)")
        }
    }
}

extension JSONValue {
    fileprivate var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    fileprivate var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

private struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
