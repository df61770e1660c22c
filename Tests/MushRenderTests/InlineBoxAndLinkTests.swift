import Foundation
import Mush
import MushBox
import MushText
import Testing

@testable import MushRender

/// Inline boxes drawn in their text leaf's lines, and links written: PDF link annotations (read
/// back from the file, whose objects Cairo writes uncompressed), SVG overlays, `#ID` destinations.
@Suite("Inline boxes and links")
struct InlineBoxAndLinkTests {
    static let red = MushColor(hex: "#f00")!
    static let white = MushColor(hex: "#fff")!

    /// A link annotation of a PDF: its rectangle (PDF units, from the page's bottom-left corner),
    /// its URI or its destination's name, and the page it is on (from 1).
    struct Annotation: Equatable {
        var rect: [Double]
        var uri: String?
        var destination: String?
        var page: Int
    }

    /// The PDF's objects by number: what lies between `N 0 obj` and `endobj` (streams included,
    /// read as Latin-1).
    static func objects(_ pdf: Data) -> [Int: String] {
        let text = String(decoding: pdf.map { UInt16($0) }, as: UTF16.self)
        var found: [Int: String] = [:]
        let pattern = /(\d+) 0 obj\s(.*?)endobj/.dotMatchesNewlines()
        for match in text.matches(of: pattern) {
            if let number = Int(match.1) { found[number] = String(match.2) }
        }
        return found
    }

    /// The PDF's link annotations, page by page (pages by the `% N` comment Cairo writes after
    /// `/Type /Page`).
    static func annotations(_ pdf: Data) -> [Annotation] {
        let objects = objects(pdf)
        var result: [Annotation] = []
        for (_, body) in objects.sorted(by: { $0.key < $1.key }) {
            guard let page = body.firstMatch(of: /\/Type \/Page % (\d+)/).flatMap({ Int($0.1) }),
                let annots = body.firstMatch(of: /\/Annots \[([^\]]*)\]/)
            else { continue }
            for reference in annots.1.matches(of: /(\d+) 0 R/) {
                guard let annotation = objects[Int(reference.1)!], annotation.contains("/Subtype /Link"),
                    let rect = annotation.firstMatch(of: /\/Rect \[([^\]]*)\]/)
                else { continue }
                result.append(
                    Annotation(
                        rect: rect.1.split(separator: " ").compactMap { Double($0) },
                        uri: annotation.firstMatch(of: /\/URI \((.*)\)/).map { String($0.1) },
                        destination: annotation.firstMatch(of: /\/Dest \((.*)\)/).map { String($0.1) },
                        page: page))
            }
        }
        return result.sorted { ($0.page, -$0.rect[1], $0.rect[0]) < ($1.page, -$1.rect[1], $1.rect[0]) }
    }

    /// The named destinations of the PDF: name, the number of the page object, x and y (PDF units).
    static func destinations(_ pdf: Data) -> [String: (page: Int, x: Double, y: Double)] {
        var found: [String: (page: Int, x: Double, y: Double)] = [:]
        for (_, body) in objects(pdf) {
            guard let names = body.firstMatch(of: /\/Names \[(.*)\]/.dotMatchesNewlines()) else { continue }
            for entry in names.1.matches(of: /\(([^)]*)\) \[(\d+) 0 R \/XYZ ([-\d.]+) ([-\d.]+)/) {
                found[String(entry.1)] = (Int(entry.2)!, Double(entry.3)!, Double(entry.4)!)
            }
        }
        return found
    }

    /// The page object numbers in page order (`% N`).
    static func pageObjects(_ pdf: Data) -> [Int] {
        objects(pdf).compactMap { number, body in
            body.firstMatch(of: /\/Type \/Page % (\d+)/).map { (Int($0.1)!, number) }
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The rectangle `x`, `y`, `width`, `height` (points from the picture's top-left) as a PDF
    /// writes it, on a page `height` tall, at `scale`.
    static func pdfRect(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, pageHeight: Double, scale: Double = 1
    ) -> [Double] {
        [x * scale, pageHeight - (y + height) * scale, (x + width) * scale, pageHeight - y * scale]
    }

    /// Whether the annotation's rectangle `found` is `expected`, or that rounded outwards to whole
    /// units, as Cairo 1.16 writes it.
    static func near(_ found: [Double], _ expected: [Double]) -> Bool {
        guard found.count == 4, expected.count == 4 else { return false }
        let outwards = [
            found[0] <= expected[0] + 0.01, found[1] <= expected[1] + 0.01, found[2] >= expected[2] - 0.01,
            found[3] >= expected[3] - 0.01,
        ]
        return outwards.allSatisfy { $0 } && zip(found, expected).allSatisfy { abs($0 - $1) < 1.01 }
    }

    /// A text leaf of `pieces`, each with its link (or none), in 16-point text.
    static func leaf(_ pieces: [(String, String?)], inline: [InlineBox] = []) throws -> TextLeaf {
        try TextLeaf(
            MushDocument(pieces.map { (text: $0.0, attributes: MushAttributes(link: $0.1)) }),
            style: ParagraphStyle(fontSize: 16),
            inline: inline, fonts: .shipped)
    }

    /// A box of `width` × `height` points.
    static func sized(_ width: Double, _ height: Double) -> BoxStyle {
        var style = BoxStyle()
        style.width = .points(width)
        style.height = .points(height)
        return style
    }

    // MARK: - Inline boxes

    @Test func anInlineBoxIsDrawnWhereItsLinePutsIt() throws {
        var badgePaint = BoxPaint(backgroundColor: Self.red)
        badgePaint.cornerRadius = 0
        let badge = try InlineBox(offset: 3, node: BoxNode(style: Self.sized(24, 12), paint: badgePaint))
        let leaf = try Self.leaf([("Ab \u{FFFC} cd", nil)], inline: [badge])
        var style = BoxStyle()
        style.padding = BoxEdges(top: 6, right: 4, bottom: 6, left: 9)
        style.border = BoxEdges(2)
        let layout = try BoxEngine.layout(BoxNode(style: style, leaf: leaf))
        guard case .text(let text) = layout.leaf else {
            Issue.record("not a text leaf")
            return
        }
        let placed = try #require(text.inline.first)
        #expect(placed.index == 0 && placed.line == 0)
        #expect(placed.layout.width == 24 && placed.layout.height == 12)
        // Its place from the picture's corner: the content box's corner (border and padding) and
        // its place in it.
        let x = 2 + 9 + placed.layout.x
        let y = 2 + 6 + placed.layout.y
        #expect(placed.layout.x > 10, "after the text before it")
        let rendering = try Renderer.render(
            layout, as: .png, options: RenderOptions(scale: 2, background: Self.white))
        #expect(rendering.warnings.isEmpty)
        let bitmap = try Bitmap(png: rendering.data)
        let inside = PixelRect(x: x, y: y, width: 24, height: 12, scale: 2, inward: true)
        #expect(!inside.isEmpty)
        #expect(bitmap.pixels(in: inside).allSatisfy { $0.pixel == Pixel(Self.red) })
        // Nothing red around it: it is drawn once, at its place.
        let red = try #require(bitmap.bounds(where: { $0.isNear(Pixel(Self.red), within: 60) }))
        #expect(PixelRect(x: x, y: y, width: 24, height: 12, scale: 2).contains(red), "\(red)")
    }

    @Test func anInlineBoxDrawsItsOwnTextAndChildren() throws {
        // A chip: a blue box holding a red child and white text.
        var chip = BoxStyle()
        chip.padding = BoxEdges(3)
        let dot = BoxNode(style: Self.sized(6, 6), paint: BoxPaint(backgroundColor: Self.red))
        let label = BoxNode(
            leaf: try TextLeaf("ok", style: ParagraphStyle(fontSize: 10), color: Self.white, fonts: .shipped))
        let node = BoxNode(
            style: chip, paint: BoxPaint(backgroundColor: MushColor(hex: "#00f")!), children: [dot, label])
        let leaf = try Self.leaf([("A \u{FFFC}", nil)], inline: [try InlineBox(offset: 2, node: node)])
        let layout = try BoxEngine.layout(BoxNode(leaf: leaf))
        guard case .text(let text) = layout.leaf, let placed = text.inline.first else {
            Issue.record("no inline box")
            return
        }
        let bitmap = try Bitmap(
            png: try Renderer.render(layout, as: .png, options: RenderOptions(scale: 2, background: Self.white)).data)
        let chipPixels = PixelRect(
            x: placed.layout.x, y: placed.layout.y, width: placed.layout.width, height: placed.layout.height, scale: 2,
            inward: true)
        let child = placed.layout.children[0]
        let dotPixels = PixelRect(
            x: placed.layout.x + child.x, y: placed.layout.y + child.y, width: 6, height: 6, scale: 2, inward: true)
        #expect(bitmap.pixels(in: dotPixels).allSatisfy { $0.pixel == Pixel(Self.red) })
        #expect(bitmap.count(in: chipPixels) { $0 == Pixel(r: 0, g: 0, b: 255) } > 0)
        // The label's white glyphs on the blue.
        #expect(bitmap.count(in: chipPixels) { $0.isNear(.white, within: 40) } > 0)
    }

    @Test func aTranslucentBoxKeepsAnInlineBoxThatStandsOutOfIt() throws {
        // A tall inline box in a short, translucent text leaf: its extent counts the inline box, so
        // the PNG's group clip does not cut it.
        let tall = try InlineBox(
            offset: 0, node: BoxNode(style: Self.sized(10, 80), paint: BoxPaint(backgroundColor: Self.red)))
        let leaf = try Self.leaf([("\u{FFFC}", nil)], inline: [tall])
        var paint = BoxPaint()
        paint.opacity = 0.5
        let inner = BoxNode(style: Self.sized(20, 10), paint: paint, leaf: leaf)
        let root = try BoxEngine.layout(BoxNode(style: Self.sized(200, 200), children: [inner]))
        let extent = root.children[0].paintExtent(unrolled: false)
        #expect(extent.maxY >= 80)
        let bitmap = try Bitmap(
            png: try Renderer.render(root, as: .png, options: RenderOptions(background: Self.white)).data)
        guard case .text(let text) = root.children[0].leaf, let placed = text.inline.first else {
            Issue.record("no inline box")
            return
        }
        // Low in the tall box, far below the leaf's own box and its paint reach.
        let low = placed.layout.y + 75
        #expect(low > 10 + 32)
        let pixel = bitmap.pixel(x: Int(placed.layout.x) + 5, y: Int(low))
        #expect(pixel.isNear(Pixel(r: 255, g: 128, b: 128), within: 4), "\(pixel)")
    }

    // MARK: - PDF links

    @Test func aLinkOverTwoLinesGivesOneAnnotationALine() throws {
        let url = "https://example.com/manual"
        let leaf = try Self.leaf([("Read the ", nil), ("fine\nmanual", url), (" today", nil)])
        var style = BoxStyle()
        style.padding = BoxEdges(10)
        let layout = try BoxEngine.layout(BoxNode(style: style, leaf: leaf))
        guard case .text(let text) = layout.leaf else {
            Issue.record("not a text leaf")
            return
        }
        #expect(text.layout.lines.count == 2)
        // The expected areas: on each line, its linked runs' span, the line's box tall.
        let expected = text.layout.lines.map { line -> [Double] in
            let linked = line.paragraph.runs(of: line).filter { $0.attributes.link == url }
            let minX = linked.map(\.minX).min()!
            let maxX = linked.map(\.maxX).max()!
            return Self.pdfRect(
                10 + line.x + minX, 10 + line.y, maxX - minX, line.height, pageHeight: (layout.height).rounded(.up))
        }
        let pdf = try Renderer.render(layout, as: .pdf)
        #expect(pdf.warnings.isEmpty)
        let annotations = Self.annotations(pdf.data)
        #expect(annotations.count == 2)
        #expect(annotations.allSatisfy { $0.uri == url && $0.destination == nil && $0.page == 1 })
        for (found, wanted) in zip(annotations, expected) {
            #expect(Self.near(found.rect, wanted), "\(found.rect) vs \(wanted)")
        }
        // The first line's link starts after "Read the ": well right of the content's edge.
        #expect(try #require(annotations.first).rect[0] > 30)
    }

    @Test func aBoxLinkCoversItsBorderBoxAtTheScale() throws {
        var paint = BoxPaint(backgroundColor: Self.red)
        paint.link = "mailto:someone@example.com"
        var child = Self.sized(40, 30)
        child.margin = BoxEdges(top: 15, right: 0, bottom: 0, left: 25)
        var column = Self.sized(100, 80)
        column.alignItems = .flexStart
        let layout = try BoxEngine.layout(BoxNode(style: column, children: [BoxNode(style: child, paint: paint)]))
        let pdf = try Renderer.render(layout, as: .pdf, options: RenderOptions(scale: 2))
        let annotations = Self.annotations(pdf.data)
        #expect(annotations.count == 1)
        let box = layout.children[0]
        #expect(box.x == 25 && box.y == 15)
        #expect(
            Self.near(try #require(annotations.first).rect, Self.pdfRect(25, 15, 40, 30, pageHeight: 160, scale: 2)))
        #expect(annotations.first?.uri == "mailto:someone@example.com")
    }

    @Test func aURIIsWrittenSafely() throws {
        // Parentheses, a quote, a backslash and a non-ASCII letter: percent-encoded, the PDF's
        // string kept whole.
        let leaf = try Self.leaf([("link", "https://example.com/a(b)'c\\é")])
        let pdf = try Renderer.render(try BoxEngine.layout(BoxNode(leaf: leaf)), as: .pdf)
        let annotations = Self.annotations(pdf.data)
        #expect(annotations.map(\.uri) == ["https://example.com/a%28b%29'c%5C%C3%A9"])
    }

    @Test func anIDLinkGoesToItsBox() throws {
        let leaf = try Self.leaf([("see ", nil), ("below", "#notes"), (" and ", nil), ("nowhere", "#missing")])
        var column = BoxStyle()
        column.flexDirection = .column
        let notes = BoxNode(id: "notes", style: Self.sized(50, 20), paint: BoxPaint(backgroundColor: Self.red))
        let layout = try BoxEngine.layout(
            BoxNode(style: column, children: [BoxNode(style: Self.sized(200, 100), leaf: leaf), notes]),
            width: .points(200))
        let pdf = try Renderer.render(layout, as: .pdf)
        // The link to no box: a warning, no annotation.
        #expect(pdf.warnings.map(\.problem) == [.linkTargetNotFound("missing")])
        #expect(pdf.warnings.first?.location.nodePath == [0])
        #expect(pdf.warnings.first?.description.contains("#missing names no box") == true)
        let annotations = Self.annotations(pdf.data)
        #expect(annotations.count == 1)
        #expect(annotations.first?.destination == "notes" && annotations.first?.uri == nil)
        let destination = try #require(Self.destinations(pdf.data)["notes"])
        #expect(destination.page == Self.pageObjects(pdf.data).first)
        // At the box's top-left corner (PDF units, from the bottom).
        #expect(abs(destination.x - 0) < 0.01 && abs(destination.y - (layout.height - 100)) < 0.01)
        // SVG: the same link as an overlay to the box's marker.
        let svg = String(decoding: try Renderer.render(layout, as: .svg).data, as: UTF8.self)
        #expect(svg.contains("<rect id=\"notes\" x=\"0\" y=\"100\" width=\"50\" height=\"20\"/>"))
        #expect(svg.contains("<a href=\"#notes\" xlink:href=\"#notes\">"))
        #expect(!svg.contains("#missing"))
    }

    @Test func anIDOutsidePlainASCIIIsOneNameInLinkAndDestination() throws {
        // Cairo 1.16 writes a destination's name as it is and a link's as UTF-16 when not plain
        // ASCII, and neither escaped: such an id is named by its bytes in hex, in both. In an SVG,
        // an id the file already has (the text layer's `text`) is renamed, its links with it.
        for id in ["note(é)", "text"] {
            let leaf = try Self.leaf([("see", "#" + id)])
            var column = BoxStyle()
            column.flexDirection = .column
            let layout = try BoxEngine.layout(
                BoxNode(style: column, children: [BoxNode(leaf: leaf), BoxNode(id: id, style: Self.sized(10, 10))]),
                width: .points(100))
            let pdf = try Renderer.render(layout, as: .pdf)
            #expect(pdf.warnings.isEmpty)
            let name = try #require(Self.annotations(pdf.data).first?.destination)
            #expect(name == (id == "text" ? "text" : "~6E6F746528C3A929"))
            #expect(Self.destinations(pdf.data)[name] != nil)
            let svg = String(decoding: try Renderer.render(layout, as: .svg).data, as: UTF8.self)
            let svgID = id == "text" ? "link-text" : id
            #expect(svg.contains("<rect id=\"\(svgID)\" "))
            #expect(svg.contains("<a href=\"#\(svgID)\""))
        }
    }

    @Test func aTextWithoutLinksWritesNoAnnotation() throws {
        let leaf = try Self.leaf([("plain text, no link", nil)])
        let layout = try BoxEngine.layout(BoxNode(id: "unnamed", leaf: leaf))
        let pdf = try Renderer.render(layout, as: .pdf)
        #expect(pdf.warnings.isEmpty)
        #expect(!String(decoding: pdf.data, as: UTF8.self).contains("/Annot"))
        #expect(Self.destinations(pdf.data).isEmpty)
        let svg = String(decoding: try Renderer.render(layout, as: .svg).data, as: UTF8.self)
        #expect(!svg.contains("<a ") && !svg.contains("id=\"unnamed\""))
    }

    @Test func pagesCarryTheirOwnLinksAndDestinations() throws {
        // Rows 50 tall, three a page; row 0 links to row 7 (page 3), row 4 (page 2) to a URL.
        var column = BoxStyle()
        column.flexDirection = .column
        let rows = try (0..<9).map { index -> BoxNode in
            let link: String? = index == 0 ? "#row7" : index == 4 ? "https://example.com/" : nil
            return BoxNode(id: "row\(index)", style: Self.sized(180, 50), leaf: try Self.leaf([("Row \(index)", link)]))
        }
        let layout = try BoxEngine.layout(BoxNode(style: column, children: rows), width: .points(180))
        let pages = BoxPages(layout, pageHeight: 180)
        #expect(pages.pages.count == 3)
        let pdf = try Renderer.render(
            layout, pages: pages, width: 200, height: 200, margin: BoxEdges(10), as: .pdf,
            options: RenderOptions(background: Self.white))
        let data = try #require(pdf.first).data
        let annotations = Self.annotations(data)
        #expect(annotations.map(\.page) == [1, 2])
        #expect(annotations.map(\.destination) == ["row7", nil])
        #expect(annotations.map(\.uri) == [nil, "https://example.com/"])
        // Row 4 is the second row of page 2: 50 below the page's band top (the margin).
        let second = try #require(annotations.last)
        #expect(second.rect[3] <= 200 - 10 - 50 + 0.01 && second.rect[1] >= 200 - 10 - 100 - 0.01)
        // Row 7's destination: on page 3, at its top (the second row of the page).
        let destination = try #require(Self.destinations(data)["row7"])
        #expect(destination.page == Self.pageObjects(data)[2])
        #expect(abs(destination.y - (200 - 10 - 50)) < 0.01 && abs(destination.x - 10) < 0.01)
        // SVG pages: each file its own overlays.
        let svgs = try Renderer.render(
            layout, pages: pages, width: 200, height: 200, margin: BoxEdges(10), as: .svg)
        let texts = svgs.map { String(decoding: $0.data, as: UTF8.self) }
        #expect(texts[0].contains("href=\"#row7\"") && !texts[0].contains("example.com"))
        #expect(texts[1].contains("href=\"https://example.com/\""))
        #expect(texts[2].contains("<rect id=\"row7\""))
    }

    // MARK: - SVG and PNG

    @Test func anSVGHasLinkOverlaysOverItsLinks() throws {
        let url = "https://example.com/?a=1&b=2"
        var paint = BoxPaint()
        paint.link = "https://example.com/box"
        let leaf = try Self.leaf([("go ", nil), ("there", url)])
        let layout = try BoxEngine.layout(
            BoxNode(style: Self.sized(120, 60), paint: paint, children: [BoxNode(leaf: leaf)]))
        let svg = String(
            decoding: try Renderer.render(layout, as: .svg, options: RenderOptions(scale: 2)).data, as: UTF8.self)
        #expect(
            svg.contains(
                "<a href=\"https://example.com/?a=1&amp;b=2\" xlink:href=\"https://example.com/?a=1&amp;b=2\"><rect "))
        #expect(
            svg.contains(
                "<a href=\"https://example.com/box\" xlink:href=\"https://example.com/box\"><rect x=\"0\" y=\"0\" width=\"240\" height=\"120\"/></a>"
            ))
        // The overlays are the root's last children, after the drawing.
        let overlays = try #require(svg.range(of: "<g fill=\"#fff\" fill-opacity=\"0\" stroke=\"none\">"))
        let textLayer = try #require(svg.range(of: "<g id=\"text\""))
        #expect(textLayer.lowerBound < overlays.lowerBound)
        #expect(svg.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</a>\n</g>\n</svg>"))
        #expect(svg.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
        // PNG: links are not drawn.
        let plain = try BoxEngine.layout(
            BoxNode(style: Self.sized(120, 60), children: [BoxNode(leaf: try Self.leaf([("go there", nil)]))]))
        let linked = try Renderer.render(layout, as: .png).data
        #expect(linked == (try Renderer.render(plain, as: .png).data))
    }
}
