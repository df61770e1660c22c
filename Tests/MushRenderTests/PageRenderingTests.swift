import Foundation
import Mush
import MushBox
import MushText
import Testing

@testable import MushRender

/// A tree cut into pages and drawn: one PDF page a page, the right rows on each, read back with
/// poppler's pdfinfo and pdftotext.
@Suite("Pages drawn")
struct PageRenderingTests {
    @Test func aPDFHasOnePageAPageWithItsRows() throws {
        let layout = try textRows(9)
        // Pages 200 × 200 with a margin of 10: 180 of room, three rows a page.
        let pages = BoxPages(layout, pageHeight: 180)
        #expect(pages.pages.count == 3)
        let pdf = try Renderer.render(
            layout, pages: pages, width: 200, height: 200, margin: BoxEdges(10), as: .pdf,
            options: RenderOptions(background: MushColor(hex: "#fff")))
        #expect(pdf.count == 1)
        let path = NSTemporaryDirectory() + "/mush-pages-\(UUID().uuidString).pdf"
        try pdf[0].data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let info = try runTool("/usr/bin/pdfinfo", [path]).output
        #expect(info.contains("Pages:           3"))
        #expect(info.contains("Page size:       200 x 200 pts"))
        for page in 1...3 {
            let text = try runTool("/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]).output
            let shown = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            let first = (page - 1) * 3
            #expect(shown == (first..<first + 3).map { "Row \($0)" }, "page \(page)")
        }
    }

    @Test func pngPagesAreOneFileAPageClippedToTheirBand() throws {
        let layout = try textRows(4)
        let pages = BoxPages(layout, pageHeight: 120)
        let pictures = try Renderer.render(
            layout, pages: pages, width: 200, height: 140, margin: BoxEdges(10), as: .png,
            options: RenderOptions(background: MushColor(hex: "#fff")))
        #expect(pictures.count == 2)
        #expect(pictures.allSatisfy { $0.width == 200 && $0.height == 140 })
        // Page 1 holds rows 0 and 1 (100 points); below them, to the margin, nothing: the third row's
        // text is on page 2.
        let first = try Bitmap(png: pictures[0].data)
        #expect(
            first.pixels(in: PixelRect(minX: 10, minY: 111, maxX: 190, maxY: 140)).allSatisfy {
                $0.pixel == Pixel("#fff")
            })
        #expect(
            first.pixels(in: PixelRect(minX: 10, minY: 10, maxX: 190, maxY: 30)).contains { $0.pixel != Pixel("#fff") })
    }
}
