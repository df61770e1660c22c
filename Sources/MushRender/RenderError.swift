/// Why a rendering could not be made.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scale is not a finite number of at least 0.01.
    case invalidScale(Double)
    /// The picture has no area: a line or stack 0 wide or 0 high.
    case empty(width: Double, height: Double)
    /// The picture would be larger than Cairo makes (32,767 pixels or points a side), or a PNG
    /// would have more than 2^27 pixels (half a gigabyte).
    case tooLarge(pixelWidth: Double, pixelHeight: Double)
    /// Text would be drawn more than 16,384 pixels an em (its size times the scale), past what
    /// FreeType draws through Cairo.
    case fontTooLarge(size: Double, scale: Double)
    /// Cairo failed; its own description of the failure.
    case cairo(String)

    public var description: String {
        switch self {
        case .invalidScale(let scale):
            "the scale must be a number, at least \(RenderOptions.minimumScale) (it is \(scale))"
        case .empty(let width, let height):
            "nothing to draw: the picture is \(Self.format(width)) × \(Self.format(height)) points (give the line a height, or a minHeight so that it fits its content)"
        case .tooLarge(let width, let height):
            width > Double(Canvas.maximumPixels) || height > Double(Canvas.maximumPixels)
                ? "the picture would be \(Self.format(width)) × \(Self.format(height)) pixels; at most \(Canvas.maximumPixels) a side"
                : "the picture would be \(Self.format(width)) × \(Self.format(height)) pixels; a PNG has at most \(Canvas.maximumArea) pixels"
        case .fontTooLarge(let size, let scale):
            "text of size \(Self.format(size)) at scale \(Self.format(scale)) would be \(Self.format(size * scale)) pixels an em; at most \(Self.format(Canvas.maximumPixelsPerEm))"
        case .cairo(let message):
            "Cairo failed: \(message)"
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
