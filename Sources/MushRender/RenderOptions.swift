import Mush
import MushBase
import MushImage

/// How to render: the scale, the background, where images are read from, and how much of a box
/// tree the picture shows.
public struct RenderOptions: Sendable {
    /// Pixels a point in a PNG (MGBoxKit's `screenshot:` scale: 1, 2 or 3); in SVG and PDF the page
    /// is this many times as large. At least ``minimumScale``.
    public var scale: Double
    /// The colour under everything; nil leaves a PNG transparent and an SVG or PDF page unpainted.
    public var background: MushColor?
    /// Where images are read from: the one image setting (MushImage's `ImageFiles`: a root every
    /// image must be in, links resolved, a path outside it drawn as a placeholder with a warning;
    /// else a folder relative paths are read from; else the working folder). Share one with
    /// whatever sized the images, so that each file's header is read once in all.
    public var images = ImageFiles()
    /// For a box tree (a `BoxLayout` given to ``Renderer``): whether the picture
    /// shows the root's whole content, `contentWidth` × `contentHeight`, rather than the root's own
    /// size. The root's box is then drawn as large as its content, it clips nothing and its content
    /// offset is ignored: a scroll view drawn with everything it holds, as if unrolled. False by
    /// default; lines and stacks ignore it.
    public var wholeContent: Bool
    /// The most bytes of decoded images held at once (4 bytes a pixel), 1 GiB by default: images
    /// used least recently are let go to make room for the next (and decoded again if they are
    /// drawn again), and an image that alone needs more is drawn as a placeholder with a warning.
    /// A PDF keeps each image it has drawn until the document is written, so there the limit
    /// bounds what is decoded at once, not the document's memory.
    public var imageMemory: Int
    /// Where a caller (a service whose time limit passed, whose client left) asks the drawing to
    /// stop: it is checked before each box, image, page and frame, and once set the drawing ends
    /// with ``RenderError/cancelled``. nil: the drawing always runs to its end.
    public var cancellation: Cancellation?

    /// Where decoded raster images are kept between renderings: ``ImageCache/shared`` by default,
    /// so that a service or a batch decodes each photo and icon once; nil decodes every image
    /// again for each rendering (which still decodes each once however often it is drawn).
    public var imageCache: ImageCache? = .shared
    /// How hard a PNG is compressed: ``PNGCompression/fast`` by default.
    public var pngCompression: PNGCompression = .fast
    /// A JPEG's or a lossy WebP's quality, from 1 (smallest) to 100 (best): 90 by default, where
    /// text keeps clean edges (``RenderError/invalidQuality(_:)`` outside 1…100).
    public var quality: Int = RenderOptions.defaultQuality
    /// What a PDF or SVG says about itself: its title, author, language … (MushBase's `DocumentInfo`; a value
    /// it cannot write is ``RenderError/invalidDocument(key:problem:)``). nil: nothing but the
    /// creator, `mush`.
    public var document: DocumentInfo?
    /// Whether a PDF of a box tree is tagged (unless ``document`` says): written with a structure
    /// tree in the tree's order
    /// (headings `H1` to `H6`, texts `P`, images `Figure` with their alternate text, and what
    /// `BoxRole`s say) that screen readers and text extraction follow (MushRender's article,
    /// "Tagged PDF"). nil, the default: a PDF of pages (a document: reports, invoices, letters) is
    /// tagged, a one-page drawing (a card, a chart) is not.
    public var tagged: Bool?

    /// Whether a drawing as `format` is a tagged PDF: ``document``'s `tagged` where it says, else
    /// ``tagged``, else whether it is `paged` (a drawing of pages, not of one picture).
    public func isTaggedPDF(_ format: RenderFormat, paged: Bool = false) -> Bool {
        format == .pdf && (document?.tagged ?? tagged ?? paged)
    }

    /// ``quality``'s default: 90.
    public static let defaultQuality = 90

    /// The smallest scale, 0.01: far below it Cairo's drawing matrix stops being invertible.
    public static let minimumScale = 0.01

    /// Options drawing at `scale` over `background`, reading images by `images`, and showing a box
    /// tree's whole content when `wholeContent` is true.
    public init(
        scale: Double = 1, background: MushColor? = nil, images: ImageFiles = ImageFiles(), wholeContent: Bool = false,
        imageMemory: Int = RenderOptions.defaultImageMemory
    ) {
        self.scale = scale
        self.background = background
        self.images = images
        self.wholeContent = wholeContent
        self.imageMemory = imageMemory
    }

    /// ``imageMemory``'s default: 1 GiB, room for the largest image the renderer reads (50
    /// million pixels, 200 MB) and more.
    public static let defaultImageMemory = 1 << 30
}

/// How hard a PNG is compressed: how its rows are filtered before zlib, and zlib's effort. Every
/// choice keeps every pixel; they differ in time and size only (`Benchmarks/README.md`, "PNG
/// encoding", has the figures).
public enum PNGCompression: String, Sendable, CaseIterable {
    /// Each row Paeth-filtered, zlib at level 1 matching runs only: about three times as fast as
    /// ``standard`` on cards and pages of text, photos and flat colours, the file about 8% larger.
    /// The default, since encoding was most of a card's drawing time.
    case fast
    /// libpng's own choice (and Cairo's): a filter chosen for each row, zlib at level 6.
    case standard
    /// A filter chosen for each row, zlib at level 9: the smallest file, the slowest.
    case smallest
}
