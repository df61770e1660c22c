import MushBase

/// What an image file's first bytes say: its format, its size in pixels (an SVG's in user units),
/// and how a JPEG's EXIF data says it is turned. Read without decoding any pixel.
public struct ImageHeader: Sendable, Hashable {
    /// The formats read.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case png = "PNG"
        case jpeg = "JPEG"
        case webp = "WebP"
        case svg = "SVG"
    }

    public var format: Format
    /// The stored size, in pixels (an SVG's in its user units, which are points; 0 × 0 for an SVG
    /// without a size of its own), before the orientation turns it.
    public var storedWidth: Double
    public var storedHeight: Double
    /// The EXIF orientation of a JPEG, 1 (as stored) to 8; 1 for every other format. 5 to 8 swap
    /// the width and the height.
    public var orientation: Int

    public init(format: Format, storedWidth: Double, storedHeight: Double, orientation: Int = 1) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
    }

    /// The size as the picture is shown, the orientation applied (browsers' `image-orientation:
    /// from-image`, their default).
    public var width: Double { orientation >= 5 ? storedHeight : storedWidth }
    public var height: Double { orientation >= 5 ? storedWidth : storedHeight }

    /// Whether the picture is made of pixels (not an SVG).
    public var isRaster: Bool { format != .svg }

    /// Whether its size can be a layout's: always for a raster image (its limits are checked as it
    /// is read); for an SVG, a size that is finite and within a layout's lengths (an SVG whose
    /// size is not is still drawn at a size given, as if it had none).
    public var hasUsableSize: Bool {
        isRaster
            || (storedWidth.isFinite && storedHeight.isFinite && storedWidth <= MushLimits.length.upperBound
                && storedHeight <= MushLimits.length.upperBound)
    }
}

/// Why an image gives no size or no picture.
public enum ImageProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read (no such file, a folder, not a regular file, …).
    case unreadable(FileInput.Problem)
    /// The bytes are none of the formats read.
    case unknownFormat
    /// The file says it is a format, but its header is cut short or damaged.
    case damaged(ImageHeader.Format)
    /// It declares more pixels than ``ImageLimits`` allow (a "decompression bomb").
    case tooLarge(width: Double, height: Double)
    /// An SVG whose size is not finite or passes 1,000,000 points a side.
    case svgTooLarge(width: Double, height: Double)
    /// An SVG without a width and height or a viewBox: it has no size of its own (it can be drawn
    /// at a size given).
    case noSize
    /// The path leads outside the image root (links resolved), so it was not read.
    case outsideRoot(String)
    /// The file's name holds a NUL character, which no path may hold (the system would read the
    /// name only up to it): not read.
    case nulInName

    public var description: String {
        switch self {
        case .unreadable(let problem): problem.description
        case .unknownFormat: "not a PNG, JPEG, WebP or SVG file"
        case .damaged(let format): "a damaged or cut \(format.rawValue) file"
        case .svgTooLarge(let width, let height):
            "an SVG larger than 1000000 points a side (\(width) × \(height))"
        case .tooLarge(let width, let height):
            "declares \(Int(width)) × \(Int(height)) pixels, more than \(Int(ImageLimits.pixelsPerSide)) a side or \(Int(ImageLimits.pixels)) in all"
        case .noSize: "an SVG without width and height or a viewBox: give the image a width or height"
        case .nulInName: "the file name holds a NUL character (\\u0000), which no file name may hold: not read"
        case .outsideRoot(let root):
            root.isEmpty
                ? "not read: images are read from an image root, and none is set"
                : "outside the image root \(root): not read"
        }
    }
}

/// The limits on what an image may declare, checked from its header before anything is decoded,
/// so that a few hundred bytes declaring 100,000 × 100,000 pixels cost nothing.
public enum ImageLimits {
    /// The most pixels a side (Cairo's own limit).
    public static let pixelsPerSide = 32767.0
    /// The most pixels in all: 50 million (200 MB decoded).
    public static let pixels = 50_000_000.0
    /// How much of a file is read for its header: a JPEG's EXIF data comes before its size and
    /// may be large (a thumbnail); an SVG's root element may follow long comments.
    public static let headerBytes = 1 << 20
    /// The most bytes an image file may hold to be read whole (decoded, or an SVG whose root element
    /// comes after more than ``headerBytes`` of prolog): 256 MiB.
    public static let fileBytes = 256 << 20
}

extension ImageHeader {
    /// Reads the header in `bytes` (a whole file, or its first ``ImageLimits/headerBytes``).
    public static func read(_ bytes: [UInt8]) throws(ImageProblem) -> ImageHeader {
        guard let header = try read(bytes, isWhole: true) else { throw .unknownFormat }
        return header
    }

    /// Reads the header in `bytes`, a file's first bytes or (`isWhole`) all of them: nil when they
    /// are not whole and end before an SVG's root element does (more are needed).
    public static func read(_ bytes: [UInt8], isWhole: Bool) throws(ImageProblem) -> ImageHeader? {
        let header: ImageHeader
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            header = try png(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            header = try jpeg(bytes)
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            header = try webp(bytes)
        } else {
            switch try SVGHeader.read(bytes) {
            case .header(let svg): header = svg
            case .notSVG: throw .unknownFormat
            case .cutShort(let inRoot):
                if !isWhole { return nil }
                // A root element cut short is a damaged SVG; a prolog that never ends, no SVG.
                throw inRoot ? .damaged(.svg) : .unknownFormat
            }
        }
        // (An SVG's size is checked where it is used: ``hasUsableSize``.)
        if header.isRaster {
            guard header.storedWidth > 0, header.storedHeight > 0 else { throw .damaged(header.format) }
            guard header.storedWidth <= ImageLimits.pixelsPerSide, header.storedHeight <= ImageLimits.pixelsPerSide,
                header.storedWidth * header.storedHeight <= ImageLimits.pixels
            else { throw .tooLarge(width: header.storedWidth, height: header.storedHeight) }
        }
        return header
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// PNG: the IHDR chunk, first after the signature.
    static func png(_ bytes: [UInt8]) throws(ImageProblem) -> ImageHeader {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { throw .damaged(.png) }
        return ImageHeader(
            format: .png, storedWidth: Double(bigEndian(bytes, 16, 4)), storedHeight: Double(bigEndian(bytes, 20, 4)))
    }

    /// JPEG: markers up to the first start of frame (SOF0–SOF15 but DHT, JPG and DAC), with the
    /// orientation of an EXIF APP1 segment on the way.
    static func jpeg(_ bytes: [UInt8]) throws(ImageProblem) -> ImageHeader {
        var index = 2
        var orientation = 1
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { throw .damaged(.jpeg) }
            let marker = bytes[index + 1]
            // Fill bytes, and markers without a length.
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = bigEndian(bytes, index + 2, 2)
            guard length >= 2 else { throw .damaged(.jpeg) }
            let segment = index + 4
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard segment + 5 <= bytes.count else { throw .damaged(.jpeg) }
                return ImageHeader(
                    format: .jpeg, storedWidth: Double(bigEndian(bytes, segment + 3, 2)),
                    storedHeight: Double(bigEndian(bytes, segment + 1, 2)), orientation: orientation)
            }
            if marker == 0xE1, segment + length - 2 <= bytes.count {
                orientation = exifOrientation(Array(bytes[segment..<segment + length - 2])) ?? orientation
            }
            // Start of scan or end of image before a frame: no size.
            if marker == 0xDA || marker == 0xD9 { throw .damaged(.jpeg) }
            index = segment + length - 2
        }
        throw .damaged(.jpeg)
    }

    /// The orientation (tag 0x0112) of IFD0 in an APP1 segment's `Exif\0\0` TIFF data.
    static func exifOrientation(_ data: [UInt8]) -> Int? {
        guard data.count >= 14, data.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let tiff = Array(data[6...])
        let little: Bool
        if tiff.starts(with: [0x49, 0x49]) {
            little = true
        } else if tiff.starts(with: [0x4D, 0x4D]) {
            little = false
        } else {
            return nil
        }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            return little ? littleEndian(tiff, at, count) : bigEndian(tiff, at, count)
        }
        guard let ifd = number(4, 4), let entries = number(ifd, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            if tag == 0x0112, let value = number(at + 8, 2), (1...8).contains(value) { return value }
        }
        return nil
    }

    /// WebP: the first chunk, lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`).
    static func webp(_ bytes: [UInt8]) throws(ImageProblem) -> ImageHeader {
        guard bytes.count >= 30 else { throw .damaged(.webp) }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            // A key frame's start code, then 14-bit width and height (2 bits of scale above each).
            guard bytes[23..<26].elementsEqual([0x9D, 0x01, 0x2A]) else { throw .damaged(.webp) }
            return ImageHeader(
                format: .webp, storedWidth: Double(littleEndian(bytes, 26, 2) & 0x3FFF),
                storedHeight: Double(littleEndian(bytes, 28, 2) & 0x3FFF))
        case "VP8L":
            guard bytes[20] == 0x2F else { throw .damaged(.webp) }
            let bits = littleEndian(bytes, 21, 4)
            return ImageHeader(
                format: .webp, storedWidth: Double((bits & 0x3FFF) + 1), storedHeight: Double((bits >> 14 & 0x3FFF) + 1)
            )
        case "VP8X":
            return ImageHeader(
                format: .webp, storedWidth: Double(littleEndian(bytes, 24, 3) + 1),
                storedHeight: Double(littleEndian(bytes, 27, 3) + 1))
        default:
            throw .damaged(.webp)
        }
    }
}
