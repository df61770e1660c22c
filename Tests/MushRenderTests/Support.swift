import CCairo
import Foundation
import Mush
import MushBox
import MushImage
import MushLine
import MushRender
import MushText
import Testing

/// A pixel, not premultiplied: 0–255 a channel.
struct Pixel: Hashable, CustomStringConvertible {
    var r, g, b, a: Int

    init(r: Int, g: Int, b: Int, a: Int = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    init(_ color: MushColor) {
        self.init(r: Int(color.red), g: Int(color.green), b: Int(color.blue), a: Int(color.alpha))
    }

    init(_ hex: String) {
        self.init(MushColor(hex: hex)!)
    }

    static let white = Pixel(r: 255, g: 255, b: 255)
    static let transparent = Pixel(r: 0, g: 0, b: 0, a: 0)

    /// The largest difference of a channel (alpha included).
    func distance(to other: Pixel) -> Int {
        max(abs(r - other.r), abs(g - other.g), abs(b - other.b), abs(a - other.a))
    }

    /// Within `tolerance` of `other` in every channel.
    func isNear(_ other: Pixel, within tolerance: Int = 6) -> Bool {
        distance(to: other) <= tolerance
    }

    /// Luminance-like darkness on an opaque picture: 0 white, 765 black.
    var darkness: Int { 765 - r - g - b }

    var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}

/// A rectangle of whole pixels: columns `minX..<maxX`, rows `minY..<maxY`.
struct PixelRect: Hashable, CustomStringConvertible {
    var minX, minY, maxX, maxY: Int

    var isEmpty: Bool { minX >= maxX || minY >= maxY }
    var width: Int { maxX - minX }
    var height: Int { maxY - minY }

    /// The pixels a rectangle in points covers at `scale`: every pixel it touches (`inward`
    /// false), or only those it covers wholly (`inward` true).
    init(x: Double, y: Double, width: Double, height: Double, scale: Double, inward: Bool = false) {
        let epsilon = 1e-9
        if inward {
            minX = Int((x * scale - epsilon).rounded(.up))
            minY = Int((y * scale - epsilon).rounded(.up))
            maxX = Int(((x + width) * scale + epsilon).rounded(.down))
            maxY = Int(((y + height) * scale + epsilon).rounded(.down))
        } else {
            minX = Int((x * scale + epsilon).rounded(.down))
            minY = Int((y * scale + epsilon).rounded(.down))
            maxX = Int(((x + width) * scale - epsilon).rounded(.up))
            maxY = Int(((y + height) * scale - epsilon).rounded(.up))
        }
    }

    init(_ frame: MGLineLayout.Frame, scale: Double, inward: Bool = false) {
        self.init(x: frame.x, y: frame.y, width: frame.width, height: frame.height, scale: scale, inward: inward)
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Grown by `amount` pixels on every side (shrunk when negative).
    func outset(_ amount: Int) -> PixelRect {
        PixelRect(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    func contains(x: Int, y: Int) -> Bool {
        (minX..<maxX).contains(x) && (minY..<maxY).contains(y)
    }

    func contains(_ other: PixelRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    var description: String { "[\(minX)..<\(maxX)] × [\(minY)..<\(maxY)]" }
}

/// A decoded PNG: straight (un-premultiplied) RGBA pixels.
struct Bitmap {
    let width: Int
    let height: Int
    /// Cairo's premultiplied ARGB32 words, row by row.
    private let words: [UInt32]

    /// Decodes PNG bytes with Cairo.
    init(png: Data) throws {
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG signature")
        let reader = ByteReader([UInt8](png))
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(ByteReader.read, Unmanaged.passUnretained(reader).toOpaque())
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw DecodingError(message: String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        guard let data = cairo_image_surface_get_data(surface) else { throw DecodingError(message: "no pixel data") }
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let word = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                words.append(opaque ? word | 0xFF00_0000 : word)
            }
        }
        self.words = words
    }

    struct DecodingError: Error {
        var message: String
    }

    func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width) × \(height)")
        let word = words[y * width + x]
        let a = Int(word >> 24 & 0xFF)
        guard a > 0 else { return .transparent }
        func straight(_ shift: UInt32) -> Int { min(255, (Int(word >> shift & 0xFF) * 255 + a / 2) / a) }
        return Pixel(r: straight(16), g: straight(8), b: straight(0), a: a)
    }

    var bounds: PixelRect { PixelRect(minX: 0, minY: 0, maxX: width, maxY: height) }

    /// Every pixel in `rect` (clipped to the picture), row by row.
    func pixels(in rect: PixelRect) -> [(x: Int, y: Int, pixel: Pixel)] {
        var found: [(x: Int, y: Int, pixel: Pixel)] = []
        for y in max(rect.minY, 0)..<min(rect.maxY, height) where rect.minY < rect.maxY {
            for x in max(rect.minX, 0)..<min(rect.maxX, width) where rect.minX < rect.maxX {
                found.append((x, y, pixel(x: x, y: y)))
            }
        }
        return found
    }

    /// The pixels just outside `rect`: the one-pixel ring around it.
    func ring(around rect: PixelRect) -> [(x: Int, y: Int, pixel: Pixel)] {
        pixels(in: rect.outset(1)).filter { !rect.contains(x: $0.x, y: $0.y) }
    }

    /// How many pixels of `rect` pass `test`.
    func count(in rect: PixelRect, where test: (Pixel) -> Bool) -> Int {
        pixels(in: rect).count { test($0.pixel) }
    }

    /// The smallest rectangle holding every pixel of `rect` (the whole picture by default) that
    /// passes `test`; nil when none does.
    func bounds(in rect: PixelRect? = nil, where test: (Pixel) -> Bool) -> PixelRect? {
        var result: PixelRect?
        for (x, y, pixel) in pixels(in: rect ?? bounds) where test(pixel) {
            if var known = result {
                known.minX = min(known.minX, x)
                known.minY = min(known.minY, y)
                known.maxX = max(known.maxX, x + 1)
                known.maxY = max(known.maxY, y + 1)
                result = known
            } else {
                result = PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1)
            }
        }
        return result
    }

    /// Pixels outside every one of `rects` that are not exactly `background`.
    func strayPixels(outside rects: [PixelRect], background: Pixel) -> [(x: Int, y: Int, pixel: Pixel)] {
        pixels(in: bounds).filter { x, y, pixel in
            pixel != background && !rects.contains { $0.contains(x: x, y: y) }
        }
    }

    /// The pixel of `rect` most unlike `background` (the most inked one).
    func strongest(in rect: PixelRect, against background: Pixel = .white) -> Pixel? {
        pixels(in: rect).max { first, second in
            colourDistance(first.pixel, background) < colourDistance(second.pixel, background)
        }?.pixel
    }

    private func colourDistance(_ first: Pixel, _ second: Pixel) -> Int {
        abs(first.r - second.r) + abs(first.g - second.g) + abs(first.b - second.b) + abs(first.a - second.a)
    }
}

/// Feeds bytes to Cairo's PNG reader.
private final class ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        reader.bytes.withUnsafeBufferPointer { bytes in
            data.update(from: bytes.baseAddress! + reader.offset, count: count)
        }
        reader.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

/// A line rendered as a PNG and decoded again.
struct Picture {
    var rendering: Rendering
    var bitmap: Bitmap
    var layout: MGLineLayout
    var scale: Double

    /// The pixels of a rectangle in points (see ``PixelRect``).
    func rect(x: Double, y: Double, width: Double, height: Double, inward: Bool = false) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height, scale: scale, inward: inward)
    }

    func rect(_ frame: MGLineLayout.Frame, inward: Bool = false) -> PixelRect {
        PixelRect(frame, scale: scale, inward: inward)
    }
}

/// Renders `line` as a PNG through the public entry point, and reads the PNG's bytes back.
func renderPNG(
    _ line: MGLine, scale: Double = 1, background: MushColor? = MushColor(hex: "#fff"), imageFolder: String? = nil
) throws -> Picture {
    let layout = try line.layout()
    let rendering = try Renderer.render(
        layout, as: .png,
        options: RenderOptions(scale: scale, background: background, images: ImageFiles(folder: imageFolder)))
    #expect(rendering.format == .png)
    let bitmap = try Bitmap(png: rendering.data)
    #expect(bitmap.width == rendering.width && bitmap.height == rendering.height)
    return Picture(rendering: rendering, bitmap: bitmap, layout: layout, scale: scale)
}

/// A text item as drawn: each glyph run with its line, in points from the picture's top-left.
struct PlacedRun {
    var run: GlyphRun
    var line: LineLayout
    var text: String
    /// The frame's origin plus the line's x: where the run's x values start.
    var originX: Double
    /// The frame's top: the line's baseline is `top + line.baseline`.
    var top: Double

    var baseline: Double { top + line.baseline }

    /// The run's span: its advance, from the line's ascent to its descent.
    var span: MGLineLayout.Frame {
        MGLineLayout.Frame(
            x: originX + run.minX, y: baseline - line.ascent, width: run.maxX - run.minX,
            height: line.ascent + line.descent)
    }

    /// The text the run shows.
    var shown: String {
        let scalars = Array(text.unicodeScalars)
        return String(String.UnicodeScalarView(scalars[run.range]))
    }

    /// A decoration's band (top edge and thickness from the face, in points).
    func band(_ decoration: FontFace.Decoration) -> (top: Double, height: Double) {
        let unit = run.size / Double(run.face.unitsPerEm)
        return (baseline - Double(decoration.position) * unit, Double(decoration.thickness) * unit)
    }
}

extension MGLineLayout {
    /// The glyph runs of the text item on `side` at `index`, placed in the picture (the line drawn
    /// at the picture's origin).
    func runs(_ side: MGLine.Side, _ index: Int) -> [PlacedRun] {
        guard let item = items.first(where: { $0.side == side && $0.index == index }),
            let frame = item.frame, let text = item.text
        else { return [] }
        return text.layout.lines.flatMap { line in
            text.paragraph.runs(of: line).map { run in
                PlacedRun(run: run, line: line, text: text.paragraph.text, originX: frame.x + line.x, top: frame.y)
            }
        }
    }

    func frame(_ side: MGLine.Side, _ index: Int) -> Frame? {
        items.first { $0.side == side && $0.index == index }?.frame
    }
}

/// A new empty folder under the temporary directory.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("MushRenderTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Writes a PNG of `width` × `height` pixels, painted by `paint` on a Cairo context.
func writePNG(to path: String, width: Int, height: Int, paint: (OpaquePointer) -> Void) throws {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    defer { cairo_surface_destroy(surface) }
    let context = cairo_create(surface)!
    paint(context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    let status = cairo_surface_write_to_png(surface, path)
    guard status == CAIRO_STATUS_SUCCESS else {
        throw Bitmap.DecodingError(message: String(cString: cairo_status_to_string(status)))
    }
}

/// The bytes of a PNG file's start.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `value` as four big-endian bytes, as PNG writes numbers.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Runs a command-line tool, returning its exit status and standard output.
func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

extension Pixel {
    /// Whether the pixel is `colour` laid over `background` with some coverage: the pixel's
    /// difference from the background is a multiple (0…1) of the colour's, each channel within
    /// `tolerance`. Anti-aliased edges of text in one colour pass; a mix of two colours does not.
    func isBlend(of colour: Pixel, over background: Pixel = .white, tolerance: Double = 12) -> Bool {
        let wanted = [background.r - colour.r, background.g - colour.g, background.b - colour.b].map(Double.init)
        let found = [background.r - r, background.g - g, background.b - b].map(Double.init)
        let norm = wanted.reduce(0) { $0 + $1 * $1 }
        guard norm > 0 else { return found.allSatisfy { abs($0) <= tolerance } }
        let coverage = min(1, max(0, zip(wanted, found).reduce(0) { $0 + $1.0 * $1.1 } / norm))
        return zip(wanted, found).allSatisfy { abs($0 * coverage - $1) <= tolerance }
    }
}

/// A line of text 300 × 40 points with 10 points of padding on the left and right.
func textLine(_ left: MGLine.Item, right: MGLine.Item? = nil, width: Double = 300, height: Double = 40) -> MGLine {
    var line = MGLine(left: left, right: right, width: width, height: height)
    line.padding = MGLine.Insets(left: 10, right: 10)
    return line
}

/// A column 180 wide of `count` rows 50 tall, each a text leaf "Row N", laid out.
func textRows(_ count: Int) throws -> BoxLayout {
    var column = BoxStyle()
    column.flexDirection = .column
    let rows = try (0..<count).map { index -> BoxNode in
        var style = BoxStyle()
        style.height = .points(50)
        return BoxNode(style: style, leaf: try TextLeaf("Row \(index)", fonts: .shipped))
    }
    return try BoxEngine.layout(BoxNode(style: column, children: rows), width: .points(180))
}
