import Mush

/// How to render: the scale, the background, where images are read from, and how much of a box
/// tree the picture shows.
public struct RenderOptions: Sendable {
    /// Pixels a point in a PNG (MGBoxKit's `screenshot:` scale: 1, 2 or 3); in SVG and PDF the page
    /// is this many times as large. At least ``minimumScale``.
    public var scale: Double
    /// The colour under everything; nil leaves a PNG transparent and an SVG or PDF page unpainted.
    public var background: MushColor?
    /// The folder relative image paths are read from; nil: the current directory.
    public var imageFolder: String?
    /// For a box tree (a `BoxLayout` given to ``Renderer``): whether the picture
    /// shows the root's whole content, `contentWidth` × `contentHeight`, rather than the root's own
    /// size. The root's box is then drawn as large as its content, it clips nothing and its content
    /// offset is ignored: a scroll view drawn with everything it holds, as if unrolled. False by
    /// default; lines and stacks ignore it.
    public var wholeContent: Bool

    /// The smallest scale, 0.01: far below it Cairo's drawing matrix stops being invertible.
    public static let minimumScale = 0.01

    /// Options drawing at `scale` over `background`, reading relative image paths from
    /// `imageFolder`, and showing a box tree's whole content when `wholeContent` is true.
    public init(
        scale: Double = 1, background: MushColor? = nil, imageFolder: String? = nil, wholeContent: Bool = false
    ) {
        self.scale = scale
        self.background = background
        self.imageFolder = imageFolder
        self.wholeContent = wholeContent
    }
}
