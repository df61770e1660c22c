import CCairo
import Foundation
import Mush
import MushLine
import MushRender
import Testing

/// Decoded images are held within `RenderOptions.imageMemory`: the least recently drawn are let go
/// (and decoded again when drawn again), and an image that alone needs more is a placeholder.
@Suite("Image memory")
struct ImageMemoryTests {
    /// A `size` × `size` PNG of one colour.
    func writeSquare(_ folder: URL, _ name: String, size: Int, red: Double, blue: Double) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try writePNG(to: path, width: size, height: size) { context in
            cairo_set_source_rgb(context, red, 0, blue)
            cairo_paint(context)
        }
        return path
    }

    @Test func imagesAreLetGoAndReadAgainWithinTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each 100 × 100 image is 40,000 bytes decoded; the limit holds two.
        let red = try writeSquare(folder, "red.png", size: 100, red: 1, blue: 0)
        let blue = try writeSquare(folder, "blue.png", size: 100, red: 0, blue: 1)
        let purple = try writeSquare(folder, "purple.png", size: 100, red: 1, blue: 1)
        let big = try writeSquare(folder, "big.png", size: 200, red: 0, blue: 0)
        let files = [red, blue, purple, red, blue, purple, big]
        let line = MGLine(
            width: 70, height: 10,
            left: files.map { MGLine.Item.image(MGLine.Image(width: 10, height: 10, file: $0)) })
        let options = RenderOptions(background: MushColor(hex: "#fff"), imageMemory: 100_000)
        let rendering = try Renderer.render(try line.layout(), as: .png, options: options)
        let bitmap = try Bitmap(png: rendering.data)
        let expected = [Pixel("#f00"), Pixel("#00f"), Pixel("#f0f"), Pixel("#f00"), Pixel("#00f"), Pixel("#f0f")]
        #expect((0..<6).map { bitmap.pixel(x: 10 * $0 + 5, y: 5) } == expected)
        #expect(
            rendering.warnings.map(\.description) == [
                "leftItems[6]: the image needs more memory decoded than the limit (200 × 200 pixels need 160000"
                    + " bytes; the limit is 100000): \(big); drew a placeholder"
            ])
        // With the default limit, everything is drawn.
        let roomy = try Renderer.render(try line.layout(), as: .png, options: RenderOptions())
        #expect(roomy.warnings.isEmpty)
    }
}

/// SVG and PDF surfaces keep every image drawn into them until the file is written, so there the
/// images count against `imageMemory` to the end (PDF and SVG once took 3 GB past a limit of 1 GB).
@Suite("Image memory in SVG and PDF")
struct DocumentImageMemoryTests {
    @Test(arguments: [RenderFormat.pdf, .svg]) func imagesPastTheMemoryArePlaceholders(format: RenderFormat) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each 100 × 100 image is 40,000 bytes decoded; the limit holds two.
        let files = try ["red", "blue", "purple"].enumerated().map { index, name in
            try ImageMemoryTests().writeSquare(
                folder, "\(name).png", size: 100, red: index == 1 ? 0 : 1, blue: index == 0 ? 0 : 1)
        }
        // Drawn twice each: the first two are held and drawn again; the third does not fit.
        let line = MGLine(
            width: 60, height: 10,
            left: (files + files).map { MGLine.Item.image(MGLine.Image(width: 10, height: 10, file: $0)) })
        let options = RenderOptions(imageMemory: 100_000)
        let rendering = try Renderer.render(try line.layout(), as: format, options: options)
        #expect(
            rendering.warnings.map(\.description) == [
                "leftItems[2]: an SVG or PDF keeps every image it draws until it is written, and this one (100 × 100"
                    + " pixels) would take them past the image memory (100000 bytes): \(files[2]); drew a placeholder"
            ])
        // A PNG lets images go and draws them all.
        #expect(try Renderer.render(try line.layout(), as: .png, options: options).warnings.isEmpty)
    }
}
