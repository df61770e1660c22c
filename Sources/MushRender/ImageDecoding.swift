import CCairo
import CJPEG
import CRsvg
import CWebP
import MushBase
import MushImage

#if canImport(Glibc)
    import Glibc
#endif

/// A picture ready to draw: pixels in a Cairo image (turned as its EXIF orientation says when
/// drawn), or an SVG document that librsvg draws as vectors.
enum DecodedImage {
    case raster(CairoImage, orientation: Int)
    case vector(SVGDocument)

    /// The memory it holds while kept, in bytes (an SVG's is its document, counted as small).
    var bytes: Int {
        switch self {
        case .raster(let image, _): image.width * image.height * 4
        case .vector: 0
        }
    }
}

/// An SVG document parsed by librsvg, drawn into a Cairo context at any size. Used on one thread
/// at a time (a rendering's).
final class SVGDocument {
    let handle: OpaquePointer
    let library: Rsvg
    /// Its size in points (the header's; 0 × 0 for a document without one, which is drawn at the
    /// size it is given).
    let width: Double
    let height: Double
    /// What it holds that costs librsvg time (its filters, checked against the area drawn).
    let census: SVGCensus

    fileprivate init(handle: OpaquePointer, library: Rsvg, width: Double, height: Double, census: SVGCensus) {
        self.handle = handle
        self.library = library
        self.width = width
        self.height = height
        self.census = census
    }

    deinit { library.unref(UnsafeMutableRawPointer(handle)) }
}

/// A decoded image (with a problem that did not stop it: drawn in part, or an animation's first
/// frame), or why there is none.
enum Decoding {
    case image(DecodedImage, note: RenderWarning.Problem?)
    case failed(RenderWarning.Problem)
}

enum ImageDecoder {
    /// The most bytes an image file may hold to be decoded: 256 MiB.
    static let fileLimit = ImageLimits.fileBytes

    /// Decodes the open `file`, whose header is `header` (limits already checked), making room for
    /// its pixels with `makeRoom` first; a problem where it cannot.
    static func decode(
        _ file: ImageFile, header: ImageHeader, limit: Int, makeRoom: (Int) -> Void
    ) -> Decoding {
        if header.isRaster {
            let width = Int(header.storedWidth)
            let height = Int(header.storedHeight)
            guard width * height * 4 <= limit else {
                return .failed(.imageOverMemoryLimit(width: width, height: height, limit: limit))
            }
            makeRoom(width * height * 4)
        }
        if header.format == .png {
            switch PNGFile.read(file, limit: limit, makeRoom: { _ in }) {
            case .image(let image): return .image(.raster(image, orientation: 1), note: nil)
            case .failed(let problem): return .failed(problem)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try file.contents(limit: fileLimit)
        } catch {
            return .failed(.imageNotRead(reason: error.description))
        }
        switch header.format {
        case .jpeg:
            guard let (image, note) = jpeg(bytes, header: header) else { break }
            return .image(.raster(image, orientation: header.orientation), note: note)
        case .webp:
            guard let (image, note) = webp(bytes, header: header) else { break }
            return .image(.raster(image, orientation: 1), note: note)
        case .svg:
            guard let library = Rsvg.library else { return .failed(.svgNeedsLibrary(Rsvg.file)) }
            // Bounded before librsvg parses it: elements, text and filters (`SVGCensus`).
            let census = SVGCensus(bytes)
            if let excess = census.excess { return .failed(.svgTooCostly(excess)) }
            guard let document = svg(bytes, header: header, census: census, library: library) else { break }
            let references = SVGReferences.external(in: bytes)
            return .image(.vector(document), note: references.isEmpty ? nil : .svgReferencesNotLoaded(references))
        case .png: break
        }
        return .failed(.damagedImage(header.format.rawValue))
    }

    /// A JPEG through TurboJPEG (which returns its errors, where libjpeg would exit), as BGRX
    /// pixels in a Cairo RGB24 image; with a note when TurboJPEG only warned (a file cut short or
    /// missing its end marker: what decodes is drawn, the rest grey).
    ///
    /// A CMYK or YCCK JPEG is decoded to CMYK and turned to RGB here (each of red, green and blue
    /// is its ink's absence times black's absence); as browsers do, the CMYK of a JPEG with an
    /// Adobe APP14 segment is taken as stored inverted (Photoshop's way: 255 is no ink).
    static func jpeg(_ bytes: [UInt8], header: ImageHeader) -> (CairoImage, RenderWarning.Problem?)? {
        guard let decompressor = tjInitDecompress() else { return nil }
        defer { tjDestroy(decompressor) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let size = UInt(bytes.count)
        guard
            bytes.withUnsafeBufferPointer({
                tjDecompressHeader3(decompressor, $0.baseAddress, size, &width, &height, &subsampling, &colorspace)
            }) == 0,
            Double(width) == header.storedWidth, Double(height) == header.storedHeight
        else { return nil }
        var note: RenderWarning.Problem?
        /// Whether TurboJPEG's status is a success, or a warning (noted).
        func succeeded(_ status: Int32) -> Bool {
            guard status != 0 else { return true }
            guard tjGetErrorCode(decompressor) == Int32(TJERR_WARNING.rawValue) else { return false }
            note = .imagePartlyDecoded(format: "JPEG", reason: String(cString: tjGetErrorStr2(decompressor)))
            return true
        }
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let image = CairoImage.make(width: Int(width), height: Int(height), opaque: true) { data, stride in
            guard cmyk else {
                return succeeded(
                    bytes.withUnsafeBufferPointer {
                        tjDecompress2(
                            decompressor, $0.baseAddress, size, data, width, Int32(stride), height,
                            Int32(TJPF_BGRX.rawValue), 0)
                    })
            }
            var inks = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
            guard
                succeeded(
                    bytes.withUnsafeBufferPointer { source in
                        inks.withUnsafeMutableBufferPointer {
                            tjDecompress2(
                                decompressor, source.baseAddress, size, $0.baseAddress, width, 0, height,
                                Int32(TJPF_CMYK.rawValue), 0)
                        }
                    })
            else { return false }
            let inverted = hasAdobeSegment(bytes)
            let columns = Int(width)
            inks.withUnsafeBufferPointer { inks in
                for row in 0..<Int(height) {
                    let line = data + row * stride
                    for column in 0..<columns {
                        let ink = (row * columns + column) * 4
                        // The absence of each ink, 0 to 255.
                        var (cyan, magenta, yellow, black) = (
                            Int(inks[ink]), Int(inks[ink + 1]), Int(inks[ink + 2]), Int(inks[ink + 3])
                        )
                        if !inverted {
                            (cyan, magenta, yellow, black) = (255 - cyan, 255 - magenta, 255 - yellow, 255 - black)
                        }
                        // BGRX: blue from yellow, green from magenta, red from cyan.
                        let pixel = line + column * 4
                        pixel[0] = UInt8((yellow * black + 127) / 255)
                        pixel[1] = UInt8((magenta * black + 127) / 255)
                        pixel[2] = UInt8((cyan * black + 127) / 255)
                        pixel[3] = 255
                    }
                }
            }
            return true
        }
        return image.map { ($0, note) }
    }

    /// Whether the JPEG has an Adobe APP14 segment before its first scan (its CMYK is stored
    /// inverted).
    static func hasAdobeSegment(_ bytes: [UInt8]) -> Bool {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xDA || marker == 0xD9 { return false }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xEE, length >= 7, index + 9 <= bytes.count,
                bytes[index + 4..<index + 9].elementsEqual("Adobe".utf8)
            {
                return true
            }
            guard length >= 2 else { return false }
            index += 2 + length
        }
        return false
    }

    /// A WebP through libwebp, as premultiplied BGRA pixels in a Cairo ARGB32 image; an animated
    /// one's first frame (``WebPAnimation``), noted.
    static func webp(_ bytes: [UInt8], header: ImageHeader) -> (CairoImage, RenderWarning.Problem?)? {
        if let animation = WebPAnimation(bytes) {
            guard Double(animation.width) == header.storedWidth, Double(animation.height) == header.storedHeight,
                let image = animation.firstFrame()
            else { return nil }
            return (image, .animatedImage(format: "WebP", frames: animation.frames))
        }
        var width: Int32 = 0
        var height: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ WebPGetInfo($0.baseAddress, $0.count, &width, &height) }) != 0,
            Double(width) == header.storedWidth, Double(height) == header.storedHeight
        else { return nil }
        let image = CairoImage.make(width: Int(width), height: Int(height), opaque: false) { data, stride in
            let decoded = bytes.withUnsafeBufferPointer {
                WebPDecodeBGRAInto($0.baseAddress, $0.count, data, stride * Int(height), Int32(stride))
            }
            guard decoded != nil else { return false }
            // Cairo's pixels are premultiplied by their alpha.
            for row in 0..<Int(height) {
                let line = data + row * stride
                for column in 0..<Int(width) {
                    let pixel = line + column * 4
                    let alpha = UInt16(pixel[3])
                    guard alpha < 255 else { continue }
                    for channel in 0..<3 { pixel[channel] = UInt8((UInt16(pixel[channel]) * alpha + 127) / 255) }
                }
            }
            return true
        }
        return image.map { ($0, nil) }
    }

    /// An SVG document parsed by librsvg.
    static func svg(_ bytes: [UInt8], header: ImageHeader, census: SVGCensus, library: Rsvg) -> SVGDocument? {
        var error: UnsafeMutablePointer<MushGError>?
        let handle = bytes.withUnsafeBufferPointer { library.newFromData($0.baseAddress, $0.count, &error) }
        if let error { library.freeError(error) }
        guard let handle else { return nil }
        // A size no layout could use (1e300 points) is drawn as no size: the document fills the
        // frame it is given.
        guard header.hasUsableSize else {
            return SVGDocument(handle: handle, library: library, width: 0, height: 0, census: census)
        }
        return SVGDocument(handle: handle, library: library, width: header.width, height: header.height, census: census)
    }
}

extension CairoContext {
    /// Paints a decoded image into the rectangle (clipped to it): a raster image scaled to it, turned
    /// as its orientation says (Cairo's "good" filter, edges padded); an SVG drawn as vectors into it.
    func paint(_ image: DecodedImage, x: Double, y: Double, width: Double, height: Double) {
        switch image {
        case .raster(let image, let orientation):
            paint(image, orientation: orientation, x: x, y: y, width: width, height: height)
        case .vector(let document):
            paint(document, x: x, y: y, width: width, height: height)
        }
    }
}

extension ImageHeader.Format {
    /// Whether `name`'s extension says this format (for nothing but messages).
    static func named(_ name: String) -> ImageHeader.Format? {
        switch name.split(separator: ".").last?.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpeg
        case "webp": .webp
        case "svg": .svg
        default: nil
        }
    }
}
