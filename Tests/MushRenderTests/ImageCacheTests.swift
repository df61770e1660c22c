import CCairo
import Foundation
import Mush
import MushBox
import MushImage
import Testing

@testable import MushRender

/// Decoded images kept between renderings (``ImageCache``): by the file's identity, within a byte
/// budget, the same pixels as decoding again, drawn by many renderings at once.
@Suite("Image cache")
struct ImageCacheTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MushImageTests/Images").path

    /// `file` drawn as a `width` × `height` image leaf from `folder` with `cache`: its warnings and
    /// pixels.
    func draw(
        _ file: String, _ width: Double, _ height: Double, folder: String = images, cache: ImageCache?
    ) throws -> (warnings: [RenderWarning], bitmap: Bitmap) {
        let layout = try BoxEngine.layout(BoxNode(leaf: ImageLeaf(width: width, height: height, file: file)))
        var options = RenderOptions(background: MushColor(hex: "#fff"), images: ImageFiles(folder: folder))
        options.imageCache = cache
        let rendering = try Renderer.render(layout, as: .png, options: options)
        return (rendering.warnings, try Bitmap(png: rendering.data))
    }

    func pixels(_ bitmap: Bitmap) -> [Pixel] { bitmap.pixels(in: bitmap.bounds).map(\.pixel) }

    @Test func aSecondRenderingDrawsTheKeptPixels() throws {
        let cache = ImageCache(byteLimit: 1 << 20)
        let fresh = try draw("halves.jpg", 40, 20, cache: nil)
        let first = try draw("halves.jpg", 40, 20, cache: cache)
        #expect(cache.count == 1 && cache.byteCount == 40 * 20 * 4)
        let second = try draw("halves.jpg", 40, 20, cache: cache)
        #expect(cache.count == 1)
        #expect(pixels(first.bitmap) == pixels(fresh.bitmap))
        #expect(pixels(second.bitmap) == pixels(fresh.bitmap))
        // Turned by its EXIF orientation from the cache as when decoded.
        let turned = try draw("halves-rotated.jpg", 20, 40, cache: nil)
        _ = try draw("halves-rotated.jpg", 20, 40, cache: cache)
        #expect(pixels(try draw("halves-rotated.jpg", 20, 40, cache: cache).bitmap) == pixels(turned.bitmap))
        // SVG documents are not kept.
        _ = try draw("icon.svg", 24, 24, cache: cache)
        #expect(cache.count == 2)
    }

    /// An SVG or PDF keeps the images it draws until its file is written: one drawn from the cache
    /// gives the same file as one decoded for it.
    @Test func vectorFilesDrawTheKeptPixels() throws {
        let layout = try BoxEngine.layout(BoxNode(leaf: ImageLeaf(width: 40, height: 20, file: "halves.jpg")))
        func render(_ format: RenderFormat, _ cache: ImageCache?) throws -> Data {
            var options = RenderOptions(images: ImageFiles(folder: Self.images))
            options.imageCache = cache
            return try Renderer.render(layout, as: format, options: options).data
        }
        let cache = ImageCache(byteLimit: 1 << 20)
        _ = try render(.png, cache)
        #expect(cache.count == 1)
        for format in [RenderFormat.pdf, .svg] {
            let kept = try render(format, cache)
            cache.removeAll()
            #expect(kept == (try render(format, nil)), "\(format)")
            _ = try render(.png, cache)
        }
    }

    /// A file rewritten under the same name is another file: drawn as it is now, not as kept.
    @Test func aRewrittenFileIsDecodedAgain() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("dot.png").path
        func write(_ red: Double, _ green: Double, _ blue: Double) throws {
            try writePNG(to: path, width: 8, height: 8) { context in
                cairo_set_source_rgb(context, red, green, blue)
                cairo_paint(context)
            }
        }
        let cache = ImageCache(byteLimit: 1 << 20)
        try write(1, 0, 0)
        #expect(try draw("dot.png", 8, 8, folder: folder.path, cache: cache).bitmap.pixel(x: 4, y: 4) == Pixel("#f00"))
        try write(0, 0, 1)
        #expect(try draw("dot.png", 8, 8, folder: folder.path, cache: cache).bitmap.pixel(x: 4, y: 4) == Pixel("#00f"))
        #expect(cache.count == 2)
    }

    /// Past the budget the picture drawn least recently is let go; one larger than the budget is
    /// drawn but not kept, and a cache of 0 bytes keeps nothing.
    @Test func theBudgetLetsTheOldestGo() throws {
        let cache = ImageCache(byteLimit: 40 * 20 * 4 + 100)
        _ = try draw("halves.jpg", 40, 20, cache: cache)
        _ = try draw("halves-lossy.webp", 40, 20, cache: cache)
        #expect(cache.count == 1 && cache.byteCount == 40 * 20 * 4)
        // 48 × 48 pixels, more than the whole budget: drawn, not kept, the WebP kept still.
        let large = try draw("user@2x.png", 24, 24, cache: cache)
        #expect(large.warnings.isEmpty)
        #expect(cache.count == 1 && cache.byteCount == 40 * 20 * 4)
        let tiny = ImageCache(byteLimit: 100)
        let drawn = try draw("halves.jpg", 40, 20, cache: tiny)
        #expect(tiny.count == 0 && drawn.warnings.isEmpty)
        cache.removeAll()
        #expect(cache.count == 0 && cache.byteCount == 0)
    }

    /// A JPEG cut short is warned about whenever it is drawn, from the cache too.
    @Test func aDecodingNoteIsWarnedFromTheCache() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.images + "/halves.jpg"))
        try whole.dropLast(2).write(to: folder.appendingPathComponent("open.jpg"))
        let cache = ImageCache(byteLimit: 1 << 20)
        for _ in 0..<2 {
            let drawn = try draw("open.jpg", 40, 20, folder: folder.path, cache: cache)
            #expect(
                drawn.warnings.map(\.problem) == [
                    .imagePartlyDecoded(format: "JPEG", reason: "Premature end of JPEG file")
                ])
        }
        #expect(cache.count == 1)
    }

    /// Many renderings on many threads draw one kept picture at once (the Thread Sanitizer run
    /// checks that they only read it).
    @Test func renderingsAtOnceShareOnePicture() async throws {
        let cache = ImageCache(byteLimit: 1 << 20)
        let expected = pixels(try draw("halves.jpg", 40, 20, cache: cache).bitmap)
        let drawn = try await withThrowingTaskGroup(of: [Pixel].self) { group in
            for _ in 0..<8 {
                group.addTask { self.pixels(try self.draw("halves.jpg", 40, 20, cache: cache).bitmap) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(drawn.count == 8 && drawn.allSatisfy { $0 == expected })
        #expect(cache.count == 1)
    }
}
