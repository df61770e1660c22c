import Foundation
import Mush
import MushBase
import MushBox
import MushText
import Testing

@testable import MushRender

/// Headings and bookmarks as a PDF's outline, read back with pypdf: titles, nesting, pages and
/// places, open or closed.
@Suite("PDF outline")
struct OutlineTests {
    /// A column of boxes 180 wide: each a text leaf of `height` points, with its bookmark.
    func document(_ boxes: [(text: String, height: Double, bookmark: BoxBookmark?)]) throws -> BoxLayout {
        var column = BoxStyle()
        column.flexDirection = .column
        let children = try boxes.map { box -> BoxNode in
            var style = BoxStyle()
            style.height = .points(box.height)
            var paint = BoxPaint()
            paint.bookmark = box.bookmark
            return BoxNode(style: style, paint: paint, leaf: try TextLeaf(box.text, fonts: .shipped))
        }
        return try BoxEngine.layout(BoxNode(style: column, children: children), width: .points(180))
    }

    /// The outline of `pdf`: one line an entry, `depth title page x y open`, in order.
    func outline(_ pdf: Data) throws -> [String] {
        let path = NSTemporaryDirectory() + "/mush-outline-\(UUID().uuidString).pdf"
        try pdf.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys
            from pypdf import PdfReader
            reader = PdfReader(sys.argv[1], strict=True)
            def walk(items, depth):
                for item in items:
                    if isinstance(item, list):
                        walk(item, depth + 1)
                    else:
                        count = item.get("/Count")
                        state = "closed" if count is not None and count < 0 else "open"
                        print(depth, item.title, reader.get_destination_page_number(item) + 1,
                              f"{float(item.left):g}", f"{float(item.top):g}", state, sep="|")
            walk(reader.outline, 0)
            """
        let (status, output) = try runTool("/usr/bin/env", ["python3", "-c", script, path])
        try #require(status == 0, "pypdf reads the outline (.ci/install sets it up)")
        return output.split(separator: "\n").map(String.init)
    }

    @Test func headingsNestByLevelAndGoToTheirPages() throws {
        let layout = try document([
            ("Chapter 1", 30, BoxBookmark(level: 1, isHeading: true)),
            ("Section 1.1", 30, BoxBookmark(level: 2, isHeading: true)),
            ("Body", 100, nil),
            ("Section 1.2", 30, BoxBookmark(level: 2, isHeading: true)),
            ("Body", 100, nil),
            ("Chapter 2", 30, BoxBookmark(level: 1, title: "The second chapter", isOpen: false, isHeading: true)),
            ("Deep", 30, BoxBookmark(level: 3)),
            ("Section 2.1", 30, BoxBookmark(level: 2, isHeading: true)),
        ])
        // Pages 200 × 200, margin 10: 180 points a page. Tops: 0, 30, 60, 160, 190, 290, 320, 350;
        // a line is never cut, so the pages are 0–160, 160–320 and 320–380.
        let pages = BoxPages(layout, pageHeight: 180)
        #expect(pages.pages.map { [$0.top, $0.bottom] } == [[0, 160], [160, 320], [320, 380]])
        let pdf = try Renderer.render(layout, pages: pages, width: 200, height: 200, margin: BoxEdges(10), as: .pdf)
        // PDF places are from the page's bottom: 200 less the margin less the top on the page.
        #expect(
            try outline(pdf[0].data) == [
                "0|Chapter 1|1|10|190|open",
                "1|Section 1.1|1|10|160|open",
                "1|Section 1.2|2|10|190|open",
                "0|The second chapter|2|10|60|closed",
                "1|Deep|3|10|190|open",
                "1|Section 2.1|3|10|160|open",
            ])
    }

    @Test func aSinglePictureHasItsOutlineToo() throws {
        let layout = try document([
            ("Total  due", 30, BoxBookmark(level: 2)), ("Items", 40, BoxBookmark(level: 1, isHeading: true)),
        ])
        let pdf = try Renderer.render(layout, as: .pdf, options: RenderOptions(scale: 2))
        // The box's text, white space made one space; a level 2 before any level 1 is a top entry.
        // At scale 2 the page is 360 × 140 points and places are scaled.
        #expect(try outline(pdf.data) == ["0|Total due|1|0|140|open", "0|Items|1|0|80|open"])
        // Other formats have no outline, and nothing fails.
        #expect(try Renderer.render(layout, as: .svg).data.count > 0)
    }

    @Test func bookmarkValuesOutOfRangeAreNamed() {
        #expect(BoxBookmark(level: 7, isHeading: true).firstProblem()?.key == "heading")
        #expect(BoxBookmark(level: 0).firstProblem()?.key == "bookmark.level")
        #expect(BoxBookmark(level: 1, title: "").firstProblem()?.key == "bookmark")
        var paint = BoxPaint()
        paint.bookmark = BoxBookmark(level: 1, title: "a\u{0}")
        #expect(paint.firstProblem()?.problem == "must not hold U+0000")
    }
}
