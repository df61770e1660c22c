import CCairo
import Foundation
import FoundationXML
import Mush
import MushLine
import MushRender
import Testing

/// SVG and PDF: well-formed files, of the picture's size, carrying the text.
@Suite struct VectorTests {
    /// Reads an SVG with Foundation's XML parser: the root element, and each `<text>` element's
    /// attributes and text.
    final class SVGReader: NSObject, XMLParserDelegate {
        var root: (name: String, attributes: [String: String])?
        var texts: [(attributes: [String: String], text: String)] = []
        private var open: (attributes: [String: String], text: String)?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if root == nil { root = (element, attributes) }
            if element == "text" { open = (attributes, "") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open?.text += string
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "text", let open {
                texts.append(open)
                self.open = nil
            }
        }
    }

    /// Parses `data`, expecting no error.
    func readSVG(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> SVGReader {
        let parser = XMLParser(data: data)
        let reader = SVGReader()
        parser.delegate = reader
        let parsed = parser.parse()
        #expect(parsed, "\(String(describing: parser.parserError))", sourceLocation: sourceLocation)
        #expect(parser.parserError == nil, sourceLocation: sourceLocation)
        return reader
    }

    /// A number at the start of an attribute ("600px" → 600).
    func number(_ value: String?) -> Double? {
        value.flatMap { Double($0.prefix { $0.isNumber || $0 == "." || $0 == "-" }) }
    }

    @Test func svgIsWellFormedOfThePictureSizeAndCarriesEachLinesText() throws {
        let special = #"Fish & <chips> "to go""#
        var line = MGLine(width: 320.5, height: 0, left: [.text("First line\nSecond line")], right: [.text(special)])
        line.minHeight = 1
        line.padding = MGLine.Insets(top: 4, left: 8, bottom: 4, right: 8)
        let layout = try line.layout()
        let scale = 2.0
        let rendering = try Renderer.render(
            layout, as: .svg,
            options: RenderOptions(scale: scale, background: MushColor(hex: "#fff")))
        #expect(rendering.format == .svg)
        let reader = try readSVG(rendering.data)
        let root = try #require(reader.root)
        #expect(root.name == "svg")
        #expect(number(root.attributes["width"]) == (320.5 * scale).rounded(.up))
        #expect(number(root.attributes["height"]) == (layout.height * scale).rounded(.up))
        #expect(rendering.width == 641 && Double(rendering.height) == (layout.height * scale).rounded(.up))

        // One text element a drawn line, at the line's place, holding its text (escaped in the
        // file, the original once parsed).
        var expected: [(text: String, x: Double, y: Double)] = []
        for side in [MGLine.Side.left, .right] {
            let item = try #require(layout.items.first { $0.side == side })
            let frame = try #require(item.frame)
            let text = try #require(item.text)
            for (shown, placed) in zip(text.lines, text.layout.lines) {
                expected.append((shown, (frame.x + placed.x) * scale, (frame.y + placed.baseline) * scale))
            }
        }
        #expect(expected.map(\.text) == ["First line", "Second line", special])
        #expect(reader.texts.map(\.text) == expected.map(\.text))
        for (element, wanted) in zip(reader.texts, expected) {
            #expect(abs((number(element.attributes["x"]) ?? .nan) - wanted.x) < 0.01, "\(wanted.text)")
            #expect(abs((number(element.attributes["y"]) ?? .nan) - wanted.y) < 0.01, "\(wanted.text)")
        }
        let file = String(decoding: rendering.data, as: UTF8.self)
        #expect(file.contains("Fish &amp; &lt;chips&gt; &quot;to go&quot;"))
    }

    @Test func svgWithoutTextHasNoTextLayer() throws {
        var line = MGLine(width: 40, height: 20)
        line.backgroundColor = MushColor(hex: "#f00")
        let reader = try readSVG(try Renderer.render(try line.layout(), as: .svg).data)
        #expect(reader.root?.name == "svg")
        #expect(reader.texts.isEmpty)
    }

    @Test func pdfHasThePageSizeAndItsTextCanBeExtracted() throws {
        var line = MGLine(width: 250.5, height: 0, left: [.text("Hello PDF world\nשלום עולם")])
        line.minHeight = 1
        let layout = try line.layout()
        let scale = 1.5
        let rendering = try Renderer.render(layout, as: .pdf, options: RenderOptions(scale: scale))
        #expect(rendering.data.starts(with: Array("%PDF-".utf8)))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("line.pdf").path
        try rendering.data.write(to: URL(fileURLWithPath: path))

        let info = try runTool("/usr/bin/pdfinfo", [path])
        #expect(info.status == 0, "pdfinfo rejects the file")
        let pageSize = info.output.split(separator: "\n").first { $0.hasPrefix("Page size:") }
        let numbers = (pageSize ?? "").split(separator: " ").compactMap { Double($0) }
        #expect(numbers == [(250.5 * scale).rounded(.up), (layout.height * scale).rounded(.up)], "\(info.output)")
        #expect(info.output.contains("Pages:           1"))

        let text = try runTool("/usr/bin/pdftotext", [path, "-"])
        #expect(text.status == 0)
        #expect(
            withoutEmbeddings(text.output) == "Hello PDF world\nשלום עולם\n\n\u{0C}", "\(text.output.debugDescription)")
    }

    /// The same drawing gives the same file in every format, at any time and however many pictures
    /// the process drew before: a PDF carries no creation date (Cairo's default would be the time
    /// of drawing), and an SVG's surface and image names are its own (Cairo's count every surface
    /// of the process).
    @Test(arguments: RenderFormat.allCases) func filesAreReproducible(format: RenderFormat) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("dot.png").path
        try writePNG(to: image, width: 4, height: 4) { context in
            cairo_set_source_rgb(context, 0, 0.5, 1)
            cairo_paint(context)
        }
        var line = MGLine(
            width: 240, height: 30, left: ["**Bold** and שלום|mush"],
            right: [.image(MGLine.Image(width: 12, height: 12, file: image)), "›"])
        line.borders = MGLine.Borders(bottom: MushColor(hex: "#ccc"))
        let first = try Renderer.render(try line.layout(), as: format, options: RenderOptions(scale: 2))
        // Other pictures in between: Cairo makes more surfaces.
        for other in RenderFormat.allCases { _ = try Renderer.render(try line.layout(), as: other) }
        let second = try Renderer.render(try line.layout(), as: format, options: RenderOptions(scale: 2))
        #expect(first.warnings.isEmpty)
        #expect(first.data == second.data)
        if format == .svg {
            let svg = String(decoding: first.data, as: UTF8.self)
            #expect(svg.contains(#"<g id="surface1">"#), "\(svg.prefix(600))")
            #expect(svg.contains(#"id="image1""#) && svg.contains(##"xlink:href="#image1""##))
        }
        if format == .pdf {
            #expect(first.data.range(of: Data("/CreationDate".utf8)) == nil)
            let path = folder.appendingPathComponent("row.pdf").path
            try first.data.write(to: URL(fileURLWithPath: path))
            let info = try runTool("/usr/bin/pdfinfo", [path])
            #expect(info.status == 0)
            #expect(info.output.contains("Creator:         mush"), "\(info.output)")
            #expect(!info.output.contains("CreationDate"), "\(info.output)")
        }
    }

    /// The text pdftotext reads from `rendering` (a PDF).
    func extractedText(_ rendering: Rendering) throws -> String {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("text.pdf").path
        try rendering.data.write(to: URL(fileURLWithPath: path))
        let text = try runTool("/usr/bin/pdftotext", [path, "-"])
        #expect(text.status == 0)
        return text.output
    }

    /// `text` without the bidi embeddings pdftotext wraps right-to-left and left-to-right stretches
    /// in (U+202A, U+202B, U+202C).
    func withoutEmbeddings(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x202A...0x202C).contains($0.value) }))
    }

    /// Right-to-left text comes out of the PDF as it was written: no space inside a word, the letters
    /// of a ligature (lam-alef) and the marks of a letter in reading order, numbers and left-to-right
    /// words where they belong. Lines whose only left-to-right text is a digit are the ones where
    /// pdftotext used to find spaces between letters drawn right to left.
    @Test(arguments: [
        "שלום עולם", "בוקר טוב", "مرحبا بالعالم", "شكرا جزيلا", "بَيْتٌ كَبِيرٌ",
        "שלום עולם 2", "مرحبا بالعالم 3", "Hello world שלום עולם", "Greetings, Arabic: مرحبا بالعالم",
    ])
    func pdfTextOfRightToLeftLinesReadsAsWritten(text: String) throws {
        for scale in [1.0, 1.5] {
            let line = MGLine(width: 400, height: 30, left: [.text(text)])
            let rendering = try Renderer.render(try line.layout(), as: .pdf, options: RenderOptions(scale: scale))
            let extracted = try extractedText(rendering)
            // pdftotext ends the page with an empty line and a form feed.
            #expect(
                withoutEmbeddings(extracted) == text + "\n\n\u{0C}", "scale \(scale): \(extracted.debugDescription)")
        }
    }

    /// A right-to-left line and a left-to-right one in one PDF, in a stack, each read whole.
    @Test func pdfTextOfAStackWithBothDirections() throws {
        var stack = MGStack(width: 300)
        stack.lines = [
            MGLine(height: 30, left: [.text("مرحبا بالعالم")]), MGLine(height: 30, left: [.text("Plain text")]),
            MGLine(height: 30, right: [.text("שלום עולם")]),
        ]
        let rendering = try Renderer.render(try stack.layout(), as: .pdf)
        let extracted = try extractedText(rendering)
        #expect(
            withoutEmbeddings(extracted) == "مرحبا بالعالم\nPlain text\nשלום עולם\n\n\u{0C}",
            "\(extracted.debugDescription)")
    }
}
