import CJPEG
import CPNG
import CWebP
import Foundation

/// A drawn bitmap written as a file: PNG through libpng (with its filters and zlib level chosen by
/// ``PNGCompression``), JPEG through TurboJPEG, WebP through libwebp. The pixels are Cairo's ARGB32:
/// native-endian 32-bit words, alpha on top, colours premultiplied by it.
struct BitmapPixels {
    let data: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    /// Bytes a row.
    let stride: Int

    /// The file's bytes in `format` (a bitmap format), as `options` ask.
    func encoded(as format: RenderFormat, options: RenderOptions) throws(RenderError) -> Data {
        switch format {
        case .png: return try png(options.pngCompression)
        case .jpeg: return try jpeg(quality: try Self.checked(options.quality))
        case .webp: return try webp(quality: try Self.checked(options.quality))
        case .svg, .pdf: preconditionFailure("\(format) is not a bitmap")
        }
    }

    private static func checked(_ quality: Int) throws(RenderError) -> Int {
        guard (1...100).contains(quality) else { throw .invalidQuality(quality) }
        return quality
    }

    // MARK: PNG

    private func png(_ compression: PNGCompression) throws(RenderError) -> Data {
        let sink = Sink()
        let level: mush_png_compression =
            switch compression {
            case .fast: MUSH_PNG_FAST
            case .standard: MUSH_PNG_STANDARD
            case .smallest: MUSH_PNG_SMALLEST
            }
        let status = mush_png_encode(
            data, Int32(width), Int32(height), Int32(stride), 1, level,
            { context, bytes, count in
                guard let context, let bytes else { return 1 }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().data.append(bytes, count: count)
                return 0
            }, Unmanaged.passUnretained(sink).toOpaque())
        switch status {
        case 0: return sink.data
        case 3: throw .encoding(format: .png, reason: "out of memory")
        default: throw .encoding(format: .png, reason: "libpng failed")
        }
    }

    private final class Sink {
        var data = Data()
    }

    // MARK: JPEG

    /// A baseline JPEG, 4:2:0; pixels that are not opaque laid over white first.
    private func jpeg(quality: Int) throws(RenderError) -> Data {
        guard let compressor = tjInitCompress() else {
            throw .encoding(format: .jpeg, reason: "TurboJPEG could not start")
        }
        defer { tjDestroy(compressor) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { tjFree(output) }
        // In memory a little-endian ARGB word is B, G, R, A: TurboJPEG reads it as BGRX.
        let format = Int32(Self.littleEndian ? TJPF_BGRX.rawValue : TJPF_XRGB.rawValue)
        func compress(_ pixels: UnsafePointer<UInt8>) -> Int32 {
            tjCompress2(
                compressor, pixels, Int32(width), Int32(stride), Int32(height), format, &output, &size,
                Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        let status =
            isOpaque
            ? compress(data) : overWhite().withUnsafeBytes { compress($0.bindMemory(to: UInt8.self).baseAddress!) }
        guard status == 0, let output else {
            throw .encoding(format: .jpeg, reason: String(cString: tjGetErrorStr2(compressor)))
        }
        return Data(bytes: output, count: Int(size))
    }

    /// The pixels laid over white, in Cairo's layout: premultiplied, each colour plus what the
    /// alpha leaves of white.
    private func overWhite() -> [UInt32] {
        let words = stride / 4
        var flat = [UInt32](repeating: 0, count: words * height)
        for y in 0..<height {
            let from = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = from[x]
                let white = 255 - (pixel >> 24)
                flat[y * words + x] =
                    0xFF00_0000 | (((pixel >> 16) & 0xFF) + white) << 16 | (((pixel >> 8) & 0xFF) + white) << 8
                    | ((pixel & 0xFF) + white)
            }
        }
        return flat
    }

    // MARK: WebP

    /// A lossy WebP with its transparency: Cairo's words as they are when every pixel is opaque,
    /// else RGBA rows with the colours divided by the alpha as the PNG writer divides them (libwebp
    /// takes colours not premultiplied).
    private func webp(quality: Int) throws(RenderError) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        defer { WebPFree(output) }
        let size: Int
        if isOpaque {
            // libwebp's BGRA is the bytes B, G, R, A in memory: a little-endian ARGB word.
            precondition(Self.littleEndian, "WebP output reads Cairo's words as bytes in little-endian order")
            size = WebPEncodeBGRA(data, Int32(width), Int32(height), Int32(stride), Float(quality), &output)
        } else {
            var rgba = [UInt8](repeating: 0, count: width * 4 * height)
            mush_argb_rows_to_rgba(data, Int32(width), Int32(height), Int32(stride), &rgba)
            size = WebPEncodeRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), Float(quality), &output)
        }
        guard size > 0, let output else { throw .encoding(format: .webp, reason: "libwebp failed") }
        return Data(bytes: output, count: size)
    }

    // MARK: Pixels

    /// Whether every pixel is opaque (the PNG writer's own test).
    private var isOpaque: Bool {
        mush_argb_opaque(data, Int32(width), Int32(height), Int32(stride)) != 0
    }

    private static let littleEndian = 1.littleEndian == 1
}
