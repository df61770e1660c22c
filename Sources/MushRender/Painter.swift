import Mush
import MushBox
import MushImage

/// Draws on one canvas: lines, their items and text, in points from the picture's top-left corner.
/// Keeps what the drawing found (warnings) and, for SVG, the text it drew (``SVGTextLayer``).
final class Painter {
    /// A rectangle to fill, in points.
    struct Rect {
        var x, y, width, height: Double
        var maxX: Double { x + width }
        var maxY: Double { y + height }
    }

    let canvas: Canvas
    let options: RenderOptions
    var context: CairoContext { canvas.context }
    private(set) var warnings: [RenderWarning] = []
    /// What stopped the drawing, thrown once it is done (drawing itself does not throw).
    var failure: RenderError?
    /// Font files FreeType could not open, each warned about once.
    var unopenedFonts: Set<String> = []
    /// The lines of text drawn, for the SVG's text layer.
    var textLines: [SVGTextLayer.Line] = []
    /// The box clips in force while a box tree is drawn, outermost first: only those that still cut
    /// something (see ``ClipShape``).
    var boxClips: [ClipShape] = []
    /// While a page is drawn: the page's band from `top` to `bottom` (in points from the picture's
    /// top), widened by `slack` (shadows and glyphs reaching out of their boxes); boxes wholly
    /// outside it are not drawn, those of `pages`' indexed containers found by halving.
    var culling: (pages: BoxPages, top: Double, bottom: Double, slack: Double)?
    /// While a page is drawn: its band (as ``culling``'s, without slack), where the boxes that links
    /// name are found on their first page.
    var pageBand: (top: Double, bottom: Double)?
    /// Images read so far, by the name given (nil: unreadable, already warned about), and when each was
    /// last drawn; at most `options.imageMemory` bytes of them decoded at once.
    var images: [String: (image: DecodedImage?, lastUse: Int)] = [:]
    /// Where images are found, and their headers.
    let imageFiles: ImageFiles
    /// The bytes of the decoded images in ``images``.
    var imageBytes = 0
    /// The pixels of the groups pushed for translucent boxes (their clips' areas), in all: what
    /// their drawing costs in a PNG.
    var groupPixels = 0.0
    /// Counts image uses, for `lastUse`.
    var imageUses = 0
    /// The ids of the boxes of the document drawn, and those its links name (set before a box tree
    /// is drawn; empty otherwise, where a `#ID` link names no box).
    var linkTargets = LinkTargets()
    /// The links drawn and not yet written (a PDF writes them at the end of each page, an SVG at
    /// its end), and the places of the boxes they name.
    var linkAreas: [LinkArea] = []
    var linkDestinations: [LinkDestination] = []
    /// The ids whose boxes' places are noted: the first place only.
    var placedDestinations: Set<String> = []
    /// The warnings about links naming no box, each given once.
    var linkWarnings: Set<RenderWarning> = []
    /// The outline entries of a PDF's boxes, each where its box starts (``OutlinePainting``).
    var outlineEntries: [OutlineEntry] = []
    /// The paths of the boxes whose entries are kept (a box drawn again is not noted again).
    var outlinedPaths: Set<[Int]> = []
    /// The PDF page being drawn, from 0.
    var pageIndex = 0
    /// A tagged PDF's structure being written (``StructurePainting``); nil when untagged.
    var structure: StructureState?
    /// In a tagged PDF, the notes of the page being drawn that are still to draw, by index, each
    /// with its place on the page, and the page's content area they are clipped to: a note is drawn
    /// where its call is met, inside the call's paragraph (``drawText(calling:_:)``).
    var pageNotes: [Int: (layout: BoxLayout, x: Double, y: Double)] = [:]
    var noteArea: ClipShape?
    /// How many translucent groups are being drawn (Cairo writes no structure inside one).
    var groupDepth = 0

    init(canvas: Canvas, options: RenderOptions) {
        self.canvas = canvas
        self.options = options
        imageFiles = options.images
    }

    /// Whether the drawing must stop (its ``RenderOptions/cancellation`` is set): checked before
    /// each box, image, page and frame. Once true it stays true, and ``failure`` says why.
    var stopped: Bool {
        if failure == .cancelled { return true }
        guard let cancellation = options.cancellation, cancellation.isCancelled else { return false }
        failure = .cancelled
        return true
    }

    func warn(_ problem: RenderWarning.Problem, file: String?, at location: RenderWarning.Location) {
        warnings.append(RenderWarning(location: location, problem: problem, file: file))
    }

    func setColor(_ color: MushColor) {
        context.setColor(
            red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
            alpha: Double(color.alpha) / 255)
    }

    /// Fills the rectangle with `color` (nothing when nil).
    func fill(x: Double, y: Double, width: Double, height: Double, color: MushColor?) {
        guard let color, width > 0, height > 0 else { return }
        setColor(color)
        context.rectangle(x: x, y: y, width: width, height: height)
        context.fill()
    }

    /// Paints the whole picture. A tagged PDF's page is painted white where `color` shows nothing:
    /// Cairo 1.16 refuses the structure of a document with a page on which nothing is drawn but
    /// tags (a page of a tall box whose content all falls on other pages), and a PDF page is white.
    func paintBackground(_ color: MushColor?) {
        let tagging = options.isTaggedPDF(canvas.format)
        guard let color = color.flatMap({ $0.alpha > 0 ? $0 : nil }) ?? (tagging ? MushColor(hex: "#fff") : color)
        else { return }
        setColor(color)
        context.paint()
    }

    /// Fills each colour's rectangles as one path, so rectangles that touch show no seam.
    func fill(_ groups: ColorGroups) {
        for (color, rects) in groups.groups {
            setColor(color)
            for rect in rects where rect.width > 0 && rect.height > 0 {
                context.rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            }
            context.fill()
        }
    }
}

/// Rectangles by colour, colours in the order first seen.
struct ColorGroups {
    private(set) var groups: [(MushColor, [Painter.Rect])] = []
    private var index: [MushColor: Int] = [:]

    mutating func add(_ rect: Painter.Rect, _ color: MushColor) {
        if let known = index[color] {
            groups[known].1.append(rect)
        } else {
            index[color] = groups.count
            groups.append((color, [rect]))
        }
    }
}
