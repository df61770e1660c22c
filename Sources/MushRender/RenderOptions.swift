import Mush

/// The file formats a rendering can be written in.
public enum RenderFormat: String, Sendable, CaseIterable {
    /// A bitmap: `scale` pixels a point, anti-aliased, 8-bit RGBA.
    case png
    /// Vector drawing; glyphs are outlines, and the text is kept in an invisible layer so that it
    /// can be searched and selected.
    case svg
    /// Vector drawing with the fonts embedded (subset) and the text extractable.
    case pdf

    /// The format a file name's extension names (`.png`, `.svg`, `.pdf`, any case), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}

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
