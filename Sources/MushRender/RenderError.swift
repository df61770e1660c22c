/// Why a rendering could not be made.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scale is not a finite number greater than 0.
    case invalidScale(Double)
    /// The picture has no area: a line or stack 0 wide or 0 high.
    case empty(width: Double, height: Double)
    /// The bitmap would be larger than Cairo can make (32,767 pixels a side).
    case tooLarge(pixelWidth: Double, pixelHeight: Double)
    /// Cairo failed; its own description of the failure.
    case cairo(String)

    public var description: String {
        switch self {
        case .invalidScale(let scale):
            "the scale must be a number greater than 0 (it is \(scale))"
        case .empty(let width, let height):
            "nothing to draw: the picture is \(Self.format(width)) × \(Self.format(height)) points (give the line a height, or a minHeight so that it fits its content)"
        case .tooLarge(let width, let height):
            "the picture would be \(Self.format(width)) × \(Self.format(height)) pixels; at most \(Canvas.maximumPixels) a side"
        case .cairo(let message):
            "Cairo failed: \(message)"
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
