import Mush
import MushBox
import MushJSON
import MushLine
import MushText
import Testing

/// A row text's `text` as an array of pieces (`mush line`, and the rows of box trees): strings,
/// styled runs with links and images; the images' frames and the links in the layout's JSON; and
/// every bad piece named by its path.
@Suite("Line pieces")
struct LinePiecesTests {
    let fonts = FontCollection.shipped

    func line(_ json: String) throws(RequestError) -> MGLine {
        try LineRequest(fonts: fonts).line(from: Array(json.utf8))
    }

    func error(_ json: String) -> String? {
        do {
            _ = try line(json)
            return nil
        } catch {
            return error.description
        }
    }

    /// The error for a row whose left item is `item`.
    func itemError(_ item: String) -> String? {
        error(#"{"width": 300, "left": ["x", "# + item + "]}")
    }

    @Test func piecesMakeOneTextWithItsRunsAndImages() throws {
        let line = try line(
            """
            {"width": 320, "height": 40, "padding": {"left": 10},
             "left": [{"text": ["Hi **there**|mush", {"text": " docs", "font": {"family": "DejaVu Sans Mono", "bold": true},
               "color": "#06c", "link": "https://example.com/docs"}, " ",
               {"image": {"width": 12, "height": 10, "file": "icon.png"}, "verticalAlign": "middle",
                "margin": {"left": 2, "right": 3}}], "multiline": false}]}
            """)
        guard case .pieces(let pieces, let multiline) = line.leftItems[0] else {
            Issue.record("not pieces: \(line.leftItems[0])")
            return
        }
        #expect(multiline == false)
        #expect(pieces.count == 4)
        #expect(
            pieces[3]
                == .image(
                    MGLine.InlineImage(
                        MGLine.Image(width: 12, height: 10, file: "icon.png"), margin: MGLine.Insets(left: 2, right: 3),
                        verticalAlign: .middle)))
        let layout = try line.layout(fonts: fonts)
        let text = try #require(layout.items[0].text)
        #expect(text.paragraph.text == "Hi there docs \u{FFFC}")
        let docs = try #require(text.paragraph.runs(of: text.layout.lines[0]).first { $0.attributes.link != nil })
        #expect(docs.range == 8..<13)
        #expect(docs.face.family == "DejaVu Sans Mono" && docs.attributes.bold)
        #expect(docs.attributes.color == MushColor(red: 0, green: 0x66, blue: 0xCC))
        // The JSON: the image's frame and the link's rectangle, from the item's frame origin.
        guard case .object(let item) = layout.jsonValue, case .array(let items)? = item["items"],
            case .object(let first) = items[0]
        else {
            Issue.record("no items")
            return
        }
        let placed = try #require(text.images.first)
        #expect(
            first["inline"]
                == .array([
                    .object([
                        "index": .number(3), "line": .number(0), "x": .number(placed.frame.x),
                        "y": .number(placed.frame.y), "width": .number(12), "height": .number(10),
                    ])
                ]))
        let rect = try #require(text.layout.links.first?.rects.first)
        #expect(
            first["links"]
                == .array([
                    .object([
                        "url": .string("https://example.com/docs"),
                        "rects": .array([
                            .object([
                                "x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width),
                                "height": .number(rect.height),
                            ])
                        ]),
                    ])
                ]))
        #expect(
            JSONValue.object(first).json
                == #"{"frame":{"height":19,"width":141,"x":10,"y":11},"index":0,"#
                + #""inline":[{"height":10,"index":3,"line":0,"width":12,"x":125.4453125,"y":5.4765625}],"#
                + #""kind":"text","lines":["Hi there docs \#u{FFFC}"],"#
                + #""links":[{"rects":[{"height":18.625,"width":48.1640625,"x":70.1953125,"y":0}],"#
                + #""url":"https://example.com/docs"}],"side":"left","truncated":false,"visible":true}"#)
    }

    @Test func aBareArrayIsAnItemOfPieces() throws {
        let line = try line(#"{"width": 200, "right": [["a ", {"image": {"width": 4, "height": 4}}]]}"#)
        #expect(
            line.rightItems == [
                .pieces([.string("a "), .image(MGLine.InlineImage(MGLine.Image(width: 4, height: 4)))])
            ])
    }

    @Test func rowsOfBoxTreesReadPiecesToo() throws {
        let request = try BoxRequest(
            json: Array(
                ##"{"width": 200, "line": {"left": [["go ", {"text": "home", "link": "#top"}]]}, "id": "top"}"##.utf8),
            fonts: fonts)
        let layout = try request.layout()
        #expect(layout.jsonValue.json.contains(#""links":[{"rects":[{"#))
        // A tap on the run finds its link.
        guard case .row(let row)? = layout.leaf, let frame = row.items[0].frame,
            let rect = row.items[0].text?.layout.links.first?.rects.first
        else {
            Issue.record("no row link")
            return
        }
        let hit = layout.hits(x: frame.x + rect.x + 1, y: frame.y + rect.y + 1)
        #expect(hit.map(\.link) == ["#top"])
        #expect(layout.hits(x: frame.x + 1, y: frame.y + rect.y + 1).map(\.link) == [nil])
    }

    @Test func badPiecesAreNamedByTheirPath() {
        #expect(
            itemError(#"{"text": ["a", {"box": {"width": 4}}]}"#)
                == "left[1].text[1]: box pieces are for box trees' text (a row's text holds strings, runs and images)")
        #expect(
            itemError(#"[{"box": {"width": 4}}]"#)
                == "left[1][0]: box pieces are for box trees' text (a row's text holds strings, runs and images)")
        #expect(
            itemError(#"{"text": [4]}"#)
                == "left[1].text[0]: expected a string or an object with text or image, not a number")
        #expect(itemError(#"{"text": ["a", {"text": "b", "size": 3}]}"#) == "unknown key 'size' in left[1].text[1]")
        #expect(itemError(#"{"text": [{"text": 5}]}"#)?.hasPrefix("left[1].text[0].text: ") == true)
        #expect(
            itemError(#"{"text": [{"text": "b", "link": "javascript:x"}]}"#)?.hasPrefix("left[1].text[0].link: ")
                == true)
        #expect(
            itemError(#"{"text": [{"text": "b", "font": {"family": "Nope"}}]}"#)?.hasPrefix(
                "left[1].text[0].font.family: ")
                == true)
        #expect(
            itemError(#"{"text": [{"image": {"width": 4, "height": 4}, "link": "ftp://x"}]}"#)?.hasPrefix(
                "left[1].text[0].link: ") == true)
        #expect(
            itemError(##"{"text": [{"image": {"width": 4, "height": 4, "color": "#fff"}}]}"##)
                == "unknown key 'color' in left[1].text[0].image")
        #expect(
            itemError(#"{"text": [{"image": {"width": 4, "height": 4}, "verticalAlign": "sideways"}]}"#)?.hasPrefix(
                "left[1].text[0].verticalAlign: must be ") == true)
        #expect(
            itemError(#"{"text": [{"image": {"width": 4, "height": 4}, "margin": -1}]}"#)?.hasPrefix(
                "left[1].text[0].margin") == true)
        #expect(
            itemError(#"{"text": [{"image": {"width": 1000000, "height": 4}, "margin": {"left": 1}}]}"#)
                == "left[1].text[0]: its margin box must be at most 1000000 points wide and tall (it is 1000001 × 4)")
        #expect(itemError(#"{"text": true}"#)?.hasPrefix("left[1].text: ") == true)
        #expect(itemError(#"{"text": ["a", {"text": "b"}], "multiline": true}"#) == nil)
    }
}
