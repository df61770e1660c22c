import Foundation
import MushBase

/// A Cairo surface of one format and the context drawing on it, in points (the scale applied), and
/// the file's bytes once finished.
final class Canvas {
    /// The largest side Cairo makes, in pixels (bitmaps) or points (SVG, PDF); a WebP's is smaller
    /// (``RenderFormat/maximumSide``).
    static let maximumPixels = 32767
    /// The most pixels a PNG may have: 2^27, half a gigabyte of RGBA.
    static let maximumArea = 1 << 27
    /// The largest font size in pixels an em that FreeType draws through Cairo; beyond about 65,536
    /// the face fails for good.
    static let maximumPixelsPerEm = 16384.0

    let format: RenderFormat
    /// The Cairo context drawing on the canvas's surface.
    let context: CairoContext
    let pixelWidth: Int
    let pixelHeight: Int

    /// A canvas for a picture of `width` × `height` points at `scale`; an SVG or PDF of `exactSize`
    /// keeps the size as given (a page of A4, 595.28 × 841.89 points), others are whole pixels or
    /// points, rounded up.
    /// `document` is checked here, before anything is drawn (``RenderOptions/document``).
    init(
        format: RenderFormat, width: Double, height: Double, scale: Double, exactSize: Bool = false,
        document: DocumentInfo? = nil
    ) throws(RenderError) {
        if let (key, problem) = document?.problem() { throw .invalidDocument(key: key, problem: problem) }
        guard scale.isFinite, scale >= RenderOptions.minimumScale else { throw .invalidScale(scale) }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { throw .empty(width: width, height: height) }
        let scaledWidth = (width * scale).rounded(.up)
        let scaledHeight = (height * scale).rounded(.up)
        guard scaledWidth <= Double(format.maximumSide), scaledHeight <= Double(format.maximumSide),
            !format.isBitmap || scaledWidth * scaledHeight <= Double(Self.maximumArea)
        else {
            throw .tooLarge(width: scaledWidth, height: scaledHeight, format: format)
        }
        self.format = format
        pixelWidth = Int(scaledWidth)
        pixelHeight = Int(scaledHeight)
        context = try CairoContext(
            format: format, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
            width: exactSize && !format.isBitmap ? width * scale : scaledWidth,
            height: exactSize && !format.isBitmap ? height * scale : scaledHeight, scale: scale)
    }

    /// Ends the drawing and gives the file's bytes, a bitmap encoded as `options` ask; a tagged PDF
    /// (`structure`) with what Cairo does not write (``PDFTagging``).
    func finish(_ options: RenderOptions, structure: StructureState? = nil) throws(RenderError) -> Data {
        try context.finish(options, tagging: structure?.tagging(options.document))
    }
}
