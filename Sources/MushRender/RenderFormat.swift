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
