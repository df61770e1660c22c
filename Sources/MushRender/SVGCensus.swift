/// What an SVG image holds that makes librsvg slow or hungry, counted from its bytes before
/// librsvg sees them (a scan of tags and text, not a parse): its elements, the bytes of its text
/// (librsvg 2.54 lays a `<text>` out in time that grows with the square of its length: 8 KB took
/// 1.3 s here, 16 KB 7 s, 27 KB 45 s, and 1 MB took 5 GB before failing the whole picture) and its
/// filter primitives (`<feGaussianBlur>`, `<feMorphology>`…, each a pass over the drawn area:
/// about 3.5 µs a pixel for a morphology, whatever its radius).
///
/// An SVG past ``maximumElements``, ``maximumTextBytes`` or ``maximumFilterPrimitives`` is not
/// drawn (a placeholder and a warning instead); one with filters is drawn only where its filter
/// primitives times the pixels it covers stay within ``maximumFilterWork``.
struct SVGCensus: Hashable {
    /// Start tags (`<` followed by a letter).
    var elements = 0
    /// Bytes of character data that are not white space (text, and the content of `<style>` and
    /// `<script>`, counted alike: the bound is meant loosely).
    var textBytes = 0
    /// Start tags whose name begins with `fe` and a capital letter: filter primitives.
    var filterPrimitives = 0

    /// The most elements an SVG image may have: 20,000.
    static let maximumElements = 20_000
    /// The most bytes of text: 8 KB (about a second and a half of librsvg's text layout at worst).
    static let maximumTextBytes = 8 << 10
    /// The most filter primitives: 32.
    static let maximumFilterPrimitives = 32
    /// The most filter primitives times the pixels drawn (a PNG's pixels, an SVG or PDF page's
    /// points; librsvg filters on pixels wherever it draws): 2^20, a few seconds at worst.
    static let maximumFilterWork = 1 << 20

    /// Counts `bytes`.
    init(_ bytes: [UInt8]) {
        let count = bytes.count
        var index = 0
        var inTag = false
        while index < count {
            let byte = bytes[index]
            if inTag {
                if byte == UInt8(ascii: ">") { inTag = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "<") {
                inTag = true
                let next = index + 1 < count ? bytes[index + 1] : 0
                if Self.isLetter(next) {
                    elements += 1
                    if next == UInt8(ascii: "f"), index + 3 < count, bytes[index + 2] == UInt8(ascii: "e"),
                        (0x41...0x5A).contains(bytes[index + 3])
                    {
                        filterPrimitives += 1
                    }
                }
            } else if byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                textBytes += 1
            }
            index += 1
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Which bound the document passes, in words ("12,000 bytes of text, more than 8192"); nil
    /// when it passes none.
    var excess: String? {
        if elements > Self.maximumElements { return "\(elements) elements, more than \(Self.maximumElements)" }
        if textBytes > Self.maximumTextBytes {
            return "\(textBytes) bytes of text, more than \(Self.maximumTextBytes)"
        }
        if filterPrimitives > Self.maximumFilterPrimitives {
            return "\(filterPrimitives) filter primitives, more than \(Self.maximumFilterPrimitives)"
        }
        return nil
    }

    /// Why the document may not be drawn over `pixels` (a PNG's pixels, an SVG or PDF page's
    /// points): its filters' work past ``maximumFilterWork``; nil when it may.
    func filterExcess(pixels: Double) -> String? {
        guard filterPrimitives > 0, Double(filterPrimitives) * pixels > Double(Self.maximumFilterWork) else {
            return nil
        }
        return
            "\(filterPrimitives) filter primitives over \(Int(pixels.rounded(.up))) pixels, more than \(Self.maximumFilterWork) pixels of filtering"
    }
}
