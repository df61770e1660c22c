import Foundation

/// A finished rendering: the file's bytes and what could not be drawn as asked.
public struct Rendering: Sendable {
    public var format: RenderFormat
    /// The PNG, JPEG, WebP, SVG or PDF file, ready to write (`try rendering.data.write(to: url)`).
    public var data: Data
    /// The picture's size: the layout's size times the scale, rounded up; pixels in a PNG, points
    /// in an SVG or PDF.
    public var width: Int
    public var height: Int
    /// Things drawn otherwise than asked, in drawing order, such as an image file that could not be
    /// read (drawn as a placeholder). Each names its item, the problem and the file; printed, it
    /// reads `rightItems[0]: image not found: icons/star.png; drew a placeholder`.
    public var warnings: [RenderWarning]
}
