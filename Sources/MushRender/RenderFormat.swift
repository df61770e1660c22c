import Mush

/// The file formats a rendering can be written in.
public enum RenderFormat: String, Sendable, CaseIterable {
    /// A bitmap: `scale` pixels a point, anti-aliased, 8-bit RGBA (RGB where every pixel is
    /// opaque), compressed as ``RenderOptions/pngCompression`` says.
    case png
    /// Vector drawing; glyphs are outlines, and the text is kept in an invisible layer so that it
    /// can be searched and selected.
    case svg
    /// Vector drawing with the fonts embedded (subset) and the text extractable.
    case pdf
    /// A bitmap as ``png`` draws it, written as a baseline JPEG (TurboJPEG) at
    /// ``RenderOptions/quality``, its colours halved in resolution (4:2:0); JPEG has no
    /// transparency, so what is not opaque is laid over white.
    case jpeg
    /// A bitmap as ``png`` draws it, written as a lossy WebP (libwebp) at ``RenderOptions/quality``,
    /// with its transparency; at most 16,383 pixels a side.
    case webp

    /// Whether the format is a bitmap of pixels (PNG, JPEG, WebP), drawn the same way whatever it
    /// is written as, rather than a vector page (SVG, PDF).
    public var isBitmap: Bool {
        switch self {
        case .png, .jpeg, .webp: true
        case .svg, .pdf: false
        }
    }

    /// The format a file name's extension names (`.png`, `.svg`, `.pdf`, `.jpg` or `.jpeg`,
    /// `.webp`, any case), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        let name = fileName[fileName.index(after: dot)...].lowercased()
        self.init(rawValue: name == "jpg" ? "jpeg" : name)
    }

    /// The most pixels (bitmaps) or points (SVG, PDF pages) a side: 32,767 as Cairo makes them,
    /// 16,383 for a WebP (its format's limit).
    var maximumSide: Int {
        self == .webp ? 16383 : Canvas.maximumPixels
    }
}
