import Foundation
import Mush
import MushBox
import MushImage
import MushText
import Testing

@testable import MushRender

/// The bitmap formats a drawing is written in: PNG at each compression (the same pixels, files of
/// different sizes), JPEG and WebP (read back through the renderer's own image decoding).
@Suite("Output formats")
struct OutputFormatTests {
    /// A card: a gradient under a line of text, `background` under it all.
    func card(background: MushColor? = nil) throws -> BoxLayout {
        var style = BoxStyle()
        style.width = .points(160)
        style.padding = BoxEdges(.points(8))
        var paint = BoxPaint(cornerRadius: 10)
        paint.backgroundGradient = BoxGradient(
            .linear(angle: 30), stops: [.init(MushColor(hex: "#fa0")!, at: 0), .init(MushColor(hex: "#08f")!, at: 1)])
        let text = try TextLeaf("Sunrise over the harbour", style: ParagraphStyle(fontSize: 14), fonts: .shipped)
        return try BoxEngine.layout(BoxNode(style: style, paint: paint, children: [BoxNode(leaf: text)]))
    }

    func render(_ layout: BoxLayout, as format: RenderFormat, _ change: (inout RenderOptions) -> Void = { _ in })
        throws -> Rendering
    {
        var options = RenderOptions(scale: 2, background: MushColor(hex: "#fff"))
        change(&options)
        return try Renderer.render(layout, as: format, options: options)
    }

    /// `data` written to a file and drawn as an image leaf of its pixel size, on white: how the
    /// renderer's decoders (TurboJPEG, libwebp) read it back.
    func readBack(_ data: Data, named name: String, width: Int, height: Int) throws -> Bitmap {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try data.write(to: folder.appendingPathComponent(name))
        let layout = try BoxEngine.layout(
            BoxNode(leaf: ImageLeaf(width: Double(width), height: Double(height), file: name)))
        let png = try Renderer.render(
            layout, as: .png,
            options: RenderOptions(background: MushColor(hex: "#fff"), images: ImageFiles(folder: folder.path)))
        #expect(png.warnings.isEmpty, "\(png.warnings)")
        return try Bitmap(png: png.data)
    }

    @Test func everyPNGCompressionKeepsEveryPixel() throws {
        let layout = try card()
        let files = try PNGCompression.allCases.map { compression in
            try render(layout, as: .png) { $0.pngCompression = compression }.data
        }
        let bitmaps = try files.map { try Bitmap(png: $0) }
        for bitmap in bitmaps.dropFirst() {
            #expect(bitmap.width == bitmaps[0].width && bitmap.height == bitmaps[0].height)
            #expect(
                bitmap.pixels(in: bitmap.bounds).map(\.pixel) == bitmaps[0].pixels(in: bitmaps[0].bounds).map(\.pixel))
        }
        // Fast is the default, and the largest; the smallest is the smallest.
        #expect(try render(layout, as: .png).data == files[0])
        #expect(files[1].count < files[0].count && files[2].count <= files[1].count, "\(files.map(\.count))")
    }

    /// A picture with transparency is written as RGBA (colour type 6) with its colours divided by
    /// their alpha, as Cairo's own writer did; an opaque one as RGB (2).
    @Test func transparencyIsKeptInAPNG() throws {
        let clear = try render(try card(), as: .png) { $0.background = nil }
        #expect(clear.data[25] == 6)
        let bitmap = try Bitmap(png: clear.data)
        #expect(bitmap.pixel(x: 0, y: 0).a == 0, "outside the rounded corner")
        #expect(bitmap.pixel(x: 160, y: 20).a == 255)
        #expect(try render(try card(), as: .png).data[25] == 2)
    }

    @Test func jpegAndWebPReadBackAsDrawn() throws {
        let layout = try card()
        let png = try Bitmap(png: try render(layout, as: .png).data)
        for (format, name) in [(RenderFormat.jpeg, "card.jpg"), (.webp, "card.webp")] {
            let rendering = try render(layout, as: format)
            #expect(rendering.width == png.width && rendering.height == png.height)
            let back = try readBack(rendering.data, named: name, width: rendering.width, height: rendering.height)
            // Lossy, but close: the gradient's corners and the middle within a few levels.
            for (x, y) in [(40, 60), (280, 10), (300, 60), (160, 50)] {
                #expect(back.pixel(x: x, y: y).distance(to: png.pixel(x: x, y: y)) < 24, "\(format) at (\(x), \(y))")
            }
        }
        // A lower quality, a smaller file.
        #expect(try render(layout, as: .jpeg) { $0.quality = 40 }.data.count < render(layout, as: .jpeg).data.count)
    }

    /// JPEG has no transparency: a picture without a background is laid over white. WebP keeps it.
    @Test func transparencyInJPEGAndWebP() throws {
        let layout = try card()
        let jpeg = try render(layout, as: .jpeg) { $0.background = nil }
        let flattened = try readBack(jpeg.data, named: "clear.jpg", width: jpeg.width, height: jpeg.height)
        #expect(flattened.pixel(x: 0, y: 0).isNear(.white, within: 10), "the corner, over white (JPEG rings a little)")
        // Drawn over red, the WebP's clear corner shows the red, its card does not.
        let webp = try render(layout, as: .webp) { $0.background = nil }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try webp.data.write(to: folder.appendingPathComponent("clear.webp"))
        let over = try Renderer.render(
            try BoxEngine.layout(
                BoxNode(
                    leaf: ImageLeaf(width: Double(webp.width), height: Double(webp.height), file: "clear.webp"))),
            as: .png,
            options: RenderOptions(background: MushColor(hex: "#f00"), images: ImageFiles(folder: folder.path)))
        let bitmap = try Bitmap(png: over.data)
        #expect(bitmap.pixel(x: 0, y: 0).isNear(Pixel("#f00"), within: 4))
        #expect(!bitmap.pixel(x: 160, y: 20).isNear(Pixel("#f00"), within: 60))
    }

    @Test func qualityOutsideOneToAHundredIsAnError() throws {
        let layout = try card()
        for quality in [0, 101, -5] {
            #expect(throws: RenderError.invalidQuality(quality)) {
                try render(layout, as: .jpeg) { $0.quality = quality }
            }
        }
        #expect(
            RenderError.invalidQuality(0).description == "the quality must be a whole number from 1 to 100 (it is 0)")
    }

    /// A WebP has at most 16,383 pixels a side, where a PNG or a JPEG has Cairo's 32,767.
    @Test func aWebPIsAtMost16383PixelsASide() throws {
        var style = BoxStyle()
        style.width = .points(9000)
        style.height = .points(10)
        let layout = try BoxEngine.layout(BoxNode(style: style))
        let error = RenderError.tooLarge(width: 18000, height: 20, format: .webp)
        #expect(throws: error) { try render(layout, as: .webp) }
        #expect(error.description == "the picture would be 18000 × 20 pixels; a WebP has at most 16383 pixels a side")
        #expect(try render(layout, as: .jpeg).width == 18000)
    }

    @Test func formatsByFileName() {
        #expect(RenderFormat(fileName: "card.JPG") == .jpeg)
        #expect(RenderFormat(fileName: "card.jpeg") == .jpeg)
        #expect(RenderFormat(fileName: "card.webp") == .webp)
        #expect(RenderFormat(fileName: "card.gif") == nil)
        #expect(RenderFormat.allCases.filter(\.isBitmap) == [.png, .jpeg, .webp])
    }
}
