import Mush

/// How to render: the scale and the background.
public struct RenderOptions: Sendable {
    /// Pixels a point in a PNG (MGBoxKit's `screenshot:` scale: 1, 2 or 3); in SVG and PDF the page
    /// is this many times as large. At least ``minimumScale``.
    public var scale: Double
    /// The colour under everything; nil leaves a PNG transparent and an SVG or PDF page unpainted.
    public var background: MushColor?
    /// The folder relative image paths are read from; nil: the current directory.
    public var imageFolder: String?

    /// The smallest scale, 0.01: far below it Cairo's drawing matrix stops being invertible.
    public static let minimumScale = 0.01

    public init(scale: Double = 1, background: MushColor? = nil, imageFolder: String? = nil) {
        self.scale = scale
        self.background = background
        self.imageFolder = imageFolder
    }
}
