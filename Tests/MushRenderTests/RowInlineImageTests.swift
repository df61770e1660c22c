import CCairo
import Foundation
import Mush
import MushBox
import MushLine
import MushRender
import Testing

/// Images set in a row's text: drawn at their frames as image items are, with the same warnings;
/// links in a row's text are the PDF's links.
@Suite("Row inline images")
struct RowInlineImageTests {
    /// A 10 × 10 PNG: the left half red, the right half blue.
    func writeSwatch(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("swatch.png").path
        try writePNG(to: path, width: 10, height: 10) { context in
            cairo_set_source_rgb(context, 1, 0, 0)
            cairo_rectangle(context, 0, 0, 5, 10)
            cairo_fill(context)
            cairo_set_source_rgb(context, 0, 0, 1)
            cairo_rectangle(context, 5, 0, 5, 10)
            cairo_fill(context)
        }
        return path
    }

    func line(file: String) -> MGLine {
        let image = MGLine.InlineImage(
            MGLine.Image(width: 20, height: 12, file: file), margin: MGLine.Insets(left: 3, right: 3),
            verticalAlign: .middle)
        var line = MGLine(width: 200, height: 40, left: [.pieces([.string("Go "), .image(image), .string(" on")])])
        line.padding = MGLine.Insets(left: 10)
        return line
    }

    @Test func anImageInRowTextIsDrawnAtItsFrame() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = try renderPNG(line(file: try writeSwatch(in: folder)), scale: 2)
        #expect(picture.rendering.warnings.isEmpty)
        let item = try #require(picture.layout.frame(.left, 0))
        let placed = try #require(picture.layout.item(.left, 0).text?.images.first)
        let frame = MGLineLayout.Frame(
            x: item.x + placed.frame.x, y: item.y + placed.frame.y, width: placed.frame.width,
            height: placed.frame.height)
        #expect(frame == MGLineLayout.Frame(x: 40.2734375, y: 15.4765625, width: 20, height: 12))
        // Inside the frame, away from its edges and the seam: red on the left, blue on the right.
        let left = picture.rect(x: frame.x + 1, y: frame.y + 1, width: 7, height: 10, inward: true)
        let right = picture.rect(x: frame.x + 12, y: frame.y + 1, width: 7, height: 10, inward: true)
        #expect(left.width == 13 && left.height == 19 && right.width == 13)
        #expect(picture.bitmap.pixels(in: left).allSatisfy { $0.pixel == Pixel("#f00") })
        #expect(picture.bitmap.pixels(in: right).allSatisfy { $0.pixel == Pixel("#00f") })
        // The margins are the background.
        let margin = picture.rect(x: frame.x - 3, y: frame.y, width: 3, height: 12, inward: true)
        #expect(picture.bitmap.pixels(in: margin).allSatisfy { $0.pixel == .white })
    }

    @Test func aMissingFileIsAPlaceholderWithTheItemsWarning() throws {
        let rendering = try Renderer.render(try line(file: "/no/such.png").layout(), as: .svg)
        #expect(
            rendering.warnings.map(\.description) == ["leftItems[0]: image not found: /no/such.png; drew a placeholder"]
        )
    }

    @Test func linksInRowTextAreThePDFsLinks() throws {
        let docs = MushDocument([(text: "docs", attributes: MushAttributes(link: "https://example.com/docs"))])
        let icon = MGLine.InlineImage(MGLine.Image(width: 8, height: 8), link: "https://example.com/icon")
        let line = MGLine(width: 200, height: 40, left: [.pieces([.string("See "), .text(docs), .image(icon)])])
        let rendering = try Renderer.render(try line.layout(), as: .pdf)
        let pdf = String(decoding: rendering.data, as: UTF8.self)
        #expect(pdf.contains("(https://example.com/docs)"))
        #expect(pdf.contains("(https://example.com/icon)"))
    }

    /// An image in a row leaf's text that links to `#ID` goes to that box: the PDF has the box's
    /// destination and a link to it, and the only warning is the placeholder of an image without a
    /// file.
    @Test func anImagesIDLinkInARowLeafHasItsDestination() throws {
        let icon = MGLine.InlineImage(MGLine.Image(width: 8, height: 8), link: "#notes")
        let row = MGLine(width: 200, height: 40, left: [.pieces([.string("See "), .image(icon)])])
        var column = BoxStyle()
        column.flexDirection = .column
        var sized = BoxStyle()
        sized.width = .points(50)
        sized.height = .points(20)
        let tree = BoxNode(
            style: column, children: [BoxNode(leaf: try LineLeaf(row)), BoxNode(id: "notes", style: sized)])
        let rendering = try Renderer.render(try BoxEngine.layout(tree), as: .pdf)
        #expect(
            rendering.warnings.map(\.description) == [
                "children[0].line.leftItems[0]: the image names no file; drew a placeholder"
            ])
        let pdf = String(decoding: rendering.data.map { UInt16($0) }, as: UTF16.self)
        #expect(pdf.contains("/Dest (notes)"))
        #expect(pdf.contains("(notes) ["))
    }
}

extension MGLineLayout {
    func item(_ side: MGLine.Side, _ index: Int) -> Item {
        items.first { $0.side == side && $0.index == index }!
    }
}
