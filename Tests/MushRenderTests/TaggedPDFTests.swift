import Foundation
import Mush
import MushBase
import MushBox
import MushText
import Testing

@testable import MushRender

/// A tagged PDF's structure tree, read back with pypdf: the elements in order, `/Alt` on figures,
/// `/MarkInfo`; and the text still extracts (poppler's `pdftotext`).
@Suite("Tagged PDF")
struct TaggedPDFTests {
    /// The structure of `pdf`: one line an element in a depth-first walk, indented a space a level,
    /// its type and, for a figure, `|` and its `/Alt`; first a line `marked` when the catalog says
    /// `/MarkInfo << /Marked true >>`. Empty for an untagged file.
    static func structure(_ pdf: Data) throws -> [String] {
        let path = NSTemporaryDirectory() + "/mush-tagged-\(UUID().uuidString).pdf"
        try pdf.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys
            from pypdf import PdfReader
            root = PdfReader(sys.argv[1], strict=True).trailer["/Root"]
            if root.get("/MarkInfo", {}).get("/Marked"): print("marked")
            def walk(element, depth):
                element = element.get_object()
                if element.get("/Type") != "/StructElem": return
                line = " " * depth + element["/S"][1:]
                if "/Alt" in element: line += "|" + element["/Alt"]
                print(line)
                kids = element.get("/K")
                for kid in kids if isinstance(kids, list) else [kids]:
                    if hasattr(kid, "get_object") and isinstance(kid.get_object(), dict): walk(kid, depth + 1)
            if "/StructTreeRoot" in root:
                kids = root["/StructTreeRoot"]["/K"]
                for kid in kids if isinstance(kids, list) else [kids]: walk(kid, 0)
            """
        let (status, output) = try runTool("/usr/bin/env", ["python3", "-c", script, path])
        try #require(status == 0, "pypdf reads the structure (.ci/install sets it up)")
        return output.split(separator: "\n").map(String.init)
    }

    static func text(_ string: String, height: Double? = nil, paint: BoxPaint? = nil) throws -> BoxNode {
        var style = BoxStyle()
        if let height { style.height = .points(height) }
        return BoxNode(style: style, paint: paint, leaf: try TextLeaf(string, fonts: .shipped))
    }

    static func paint(_ change: (inout BoxPaint) -> Void) -> BoxPaint {
        var paint = BoxPaint()
        change(&paint)
        return paint
    }

    static func column(_ children: [BoxNode], paint: BoxPaint? = nil) -> BoxNode {
        var style = BoxStyle()
        style.flexDirection = .column
        return BoxNode(style: style, paint: paint, children: children)
    }

    static func tagged() -> RenderOptions {
        var options = RenderOptions()
        options.tagged = true
        return options
    }

    @Test func headingsParagraphsAndFiguresInTheTreesOrder() throws {
        /// A square 40 points tall of `color`, a figure described by `words`.
        func picture(_ color: MushColor, _ words: String) -> BoxNode {
            var style = BoxStyle()
            style.height = .points(40)
            return BoxNode(
                style: style,
                paint: Self.paint {
                    $0.role = .figure
                    $0.alternateText = words
                    $0.backgroundColor = color
                })
        }
        let figure = picture(MushColor(red: 0, green: 0, blue: 255), "A blue square")
        // Empty words: decoration, no element.
        let decoration = picture(MushColor(red: 255, green: 0, blue: 0), "")
        let tree = Self.column([
            try Self.text("Harbour report", paint: Self.paint { $0.bookmark = BoxBookmark(level: 1, isHeading: true) }),
            try Self.text("The quay saw more boats."),
            figure, decoration,
            // A box that is no element: its texts belong to the Document.
            Self.column([try Self.text("Left"), try Self.text("Right")]),
            try Self.text("Traffic", paint: Self.paint { $0.bookmark = BoxBookmark(level: 2, isHeading: true) }),
        ])
        let layout = try BoxEngine.layout(tree, width: .points(200))
        let rendering = try Renderer.render(layout, as: .pdf, options: Self.tagged())
        #expect(rendering.warnings.isEmpty)
        #expect(
            try Self.structure(rendering.data) == [
                "marked", "Document", " H1", " P", " Figure|A blue square", " P", " P", " H2",
            ])
        // Untagged (the default), the same drawing has no structure.
        #expect(try Self.structure(Renderer.render(layout, as: .pdf).data).isEmpty)
    }

    @Test func aFigureWithoutAlternateTextIsWarnedAbout() throws {
        let tree = Self.column([
            BoxNode(
                style: BoxStyle(), paint: Self.paint { $0.role = .figure },
                children: [try Self.text("chart")])
        ])
        let rendering = try Renderer.render(
            try BoxEngine.layout(tree, width: .points(100)), as: .pdf, options: Self.tagged())
        #expect(rendering.warnings.map(\.problem) == [.figureWithoutAlternateText])
        #expect(rendering.warnings.first?.location.nodePath == [0])
        // A figure holds its content: the text inside is no element of its own.
        #expect(try Self.structure(rendering.data) == ["marked", "Document", " Figure"])
    }

    /// A table of a header row that repeats and 30 rows of three cells on pages 200 points high:
    /// one `Table` across its pages, every row a `TR`, whatever page it is on.
    @Test func oneTableAcrossPages() throws {
        func row(_ cells: [String], role: BoxRole) throws -> BoxNode {
            var style = BoxStyle()
            style.flexDirection = .row
            style.height = .points(20)
            if role == .header { style.repeats = .header }
            return BoxNode(
                style: style, paint: Self.paint { $0.role = .row },
                children: try cells.map { try Self.text($0, paint: Self.paint { $0.role = role }) })
        }
        var rows = [try row(["Month", "Berths", "Income"], role: .header)]
        for index in 1...30 { rows.append(try row(["M\(index)", "\(index)", "£\(index * 10)"], role: .cell)) }
        let tree = Self.column([
            try Self.text("Income", paint: Self.paint { $0.bookmark = BoxBookmark(level: 1, isHeading: true) }),
            Self.column(rows, paint: Self.paint { $0.role = .table }),
            try Self.text("After the table"),
        ])
        let layout = try BoxEngine.layout(tree, width: .points(180))
        let pages = BoxPages(layout, pageHeight: 180)
        #expect(pages.pages.count == 4)
        let pdf = try Renderer.render(
            layout, pages: pages, width: 200, height: 200, margin: BoxEdges(10), as: .pdf, options: Self.tagged())
        let structure = try Self.structure(pdf[0].data)
        // The head repeats on every page but is tagged once, in a `THead`; the rows in one `TBody`.
        var expected = [
            "marked", "Document", " H1", " Table", "  THead", "   TR", "    TH", "    TH", "    TH", "  TBody",
        ]
        for _ in 1...30 { expected += ["   TR", "    TD", "    TD", "    TD"] }
        expected.append(" P")
        #expect(structure == expected)
    }

    /// A translucent box is drawn as one group, which Cairo tags as one element: its own (a
    /// heading here) holding all it draws; the text still extracts.
    @Test func aTranslucentBoxIsOneElement() throws {
        let tree = Self.column([
            Self.column(
                [try Self.text("Faded heading"), try Self.text("Faded text")],
                paint: Self.paint {
                    $0.opacity = 0.5
                    $0.bookmark = BoxBookmark(level: 1, isHeading: true)
                }),
            Self.column([try Self.text("Plain")], paint: Self.paint { $0.opacity = 0.5 }),
            try Self.text("Opaque"),
        ])
        let rendering = try Renderer.render(
            try BoxEngine.layout(tree, width: .points(200)), as: .pdf, options: Self.tagged())
        #expect(try Self.structure(rendering.data) == ["marked", "Document", " H1", " Div", " P"])
        let path = NSTemporaryDirectory() + "/mush-tagged-\(UUID().uuidString).pdf"
        try rendering.data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try runTool("/usr/bin/env", ["pdftotext", path, "-"]).output
        #expect(text.split(whereSeparator: \.isNewline) == ["Faded heading", "Faded text", "Plain", "Opaque"])
    }

    @Test func listsAndArtifacts() throws {
        let tree = Self.column([
            Self.column(
                [
                    try Self.text("One", paint: Self.paint { $0.role = .listItem }),
                    Self.column([try Self.text("Two")], paint: Self.paint { $0.role = .listItem }),
                ], paint: Self.paint { $0.role = .list }),
            Self.column([try Self.text("Page furniture")], paint: Self.paint { $0.role = .artifact }),
            try Self.text("End"),
        ])
        let rendering = try Renderer.render(
            try BoxEngine.layout(tree, width: .points(200)), as: .pdf, options: Self.tagged())
        #expect(try Self.structure(rendering.data) == ["marked", "Document", " L", "  LI", "  LI", "   P", " P"])
    }
}
