import MushBase

/// Why a rendering could not be made.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scale is not a finite number of at least 0.01.
    case invalidScale(Double)
    /// The picture has no area: a line or stack 0 wide or 0 high.
    case empty(width: Double, height: Double)
    /// The picture would be larger than Cairo makes (32,767 pixels a side for a PNG, 32,767 points
    /// for an SVG or PDF page), or a PNG would have more than 2^27 pixels (half a gigabyte). The
    /// size is the picture's, scaled: pixels for a PNG, points for SVG and PDF.
    case tooLarge(width: Double, height: Double, format: RenderFormat)
    /// Text would be drawn more than 16,384 pixels an em (its size times the scale; points an em on
    /// an SVG or PDF page), past what FreeType draws through Cairo.
    case fontTooLarge(size: Double, scale: Double, format: RenderFormat)
    /// Cairo failed; its own description of the failure.
    case cairo(String)
    /// A transition's frames would have more pixels in all than
    /// ``Renderer/maximumAnimationPixels`` (`frames` times each frame's pixels).
    case animationTooLarge(frames: Int, pixels: Double)
    /// The drawing was stopped before its end: its ``RenderOptions/cancellation`` was set.
    case cancelled
    /// ``RenderOptions/quality`` is not a whole number from 1 to 100.
    case invalidQuality(Int)
    /// The bitmap could not be written in its format (libpng, TurboJPEG or libwebp failed); the
    /// encoder's own description.
    case encoding(format: RenderFormat, reason: String)
    /// A value of ``RenderOptions/document`` cannot be written: its key (`title`, `language` …) and
    /// what is wrong with it (`DocumentInfo.problem()`).
    case invalidDocument(key: String, problem: String)

    public var description: String {
        switch self {
        case .invalidScale(let scale):
            "the scale must be a number, at least \(RenderOptions.minimumScale) (it is \(MushLimits.format(scale)))"
        case .empty(let width, let height):
            "nothing to draw: the picture is \(Self.format(width)) × \(Self.format(height)) points (\(Self.emptyAdvice(width: width, height: height)))"
        case .tooLarge(let width, let height, let format):
            "\(Self.picture(format)) would be \(Self.format(width)) × \(Self.format(height)) \(Self.unit(format)); "
                + (width > Double(format.maximumSide) || height > Double(format.maximumSide) || !format.isBitmap
                    ? "\(Self.article(format)) has at most \(format.maximumSide) \(Self.unit(format)) a side"
                    : "\(Self.article(format)) has at most \(Canvas.maximumArea) pixels")
        case .fontTooLarge(let size, let scale, let format):
            "text of size \(Self.format(size)) at scale \(Self.format(scale)) would be \(Self.format(size * scale)) \(Self.unit(format)) an em\(format.isBitmap ? "" : " on the \(Self.name(format)) page"); at most \(Self.format(Canvas.maximumPixelsPerEm))"
        case .cairo(let message):
            "Cairo failed: \(message)"
        case .animationTooLarge(let frames, let pixels):
            "\(frames) frames would have \(Self.format(pixels)) pixels in all; an animation has at most \(Renderer.maximumAnimationPixels) (fewer frames, a lower scale or a smaller picture)"
        case .cancelled:
            "the drawing was stopped before its end (its time was up, or whoever asked for it left)"
        case .invalidQuality(let quality):
            "the quality must be a whole number from 1 to 100 (it is \(quality))"
        case .encoding(let format, let reason):
            "the picture could not be written as \(Self.article(format)): \(reason)"
        case .invalidDocument(let key, let problem):
            "the document's \(key) \(problem)"
        }
    }

    /// Pixels in a bitmap, points on an SVG or PDF page.
    private static func unit(_ format: RenderFormat) -> String {
        format.isBitmap ? "pixels" : "points"
    }

    private static func name(_ format: RenderFormat) -> String {
        format.rawValue.uppercased()
    }

    /// What the picture is in `format`: a bitmap's picture, an SVG's or a PDF's page.
    private static func picture(_ format: RenderFormat) -> String {
        format.isBitmap ? "the picture" : "the \(name(format)) page"
    }

    private static func article(_ format: RenderFormat) -> String {
        switch format {
        case .png: "a PNG"
        case .jpeg: "a JPEG"
        case .webp: "a WebP"
        case .svg: "an SVG page"
        case .pdf: "a PDF page"
        }
    }

    /// How to give an empty picture an area, for whichever side is 0.
    private static func emptyAdvice(width: Double, height: Double) -> String {
        let giveHeight = "give the line a height, or content to fit"
        switch (width > 0, height > 0) {
        case (false, false): return "give it a width, and " + giveHeight
        case (false, true): return "give it a width"
        default: return giveHeight
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
